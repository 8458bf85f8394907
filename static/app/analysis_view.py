"""*Review my play* in words and markup (pure: CPython too, tests/page): the panel under a past hand, each
verdict of the worker (spades/analysis.py ``Verdict.to_json``) as a line, the list of mistakes and the verdict
of the step on show.  analysis.py runs the job and puts these in the window.

Hooks: ``#rev-panel[data-review-job]``, ``#rev-total``, ``#rev-list`` of ``li[data-mistake][data-cost][data-trick]``
with a ``[data-action="rev-goto"][data-step]`` button, ``#rev-step`` with ``p.rev-verdict[data-rev-verdict]``.
"""

from i18n import bid_text, card_short, t
from markup import h, join


def panel_html(job):
    """The panel for review job ``job``: a heading, the total (filled by the page) and the list (markup text)."""
    return str(
        h(
            "section",
            h("h3", t("rev_heading"), id="rev-heading"),
            h("p", cls="rev-total", id="rev-total", role="status", aria_live="polite"),
            h("ol", cls="rev-list", id="rev-list"),
            cls="rev",
            id="rev-panel",
            aria_labelledby="rev-heading",
            data_review_job=job or "",
        )
    )


def step_box_html():
    """The empty box for the verdict of the step on show (``#rev-step``; markup text)."""
    return str(h("div", cls="rev-step", id="rev-step"))


def verdict_line(v):
    """One verdict in words (the catalog's ``rev_*``)."""
    points = v["cost"]
    if v["kind"] == "bid":
        values = {"bid": bid_text(v["move"]), "best": bid_text(v["best"]), "points": points}
        if v["mistake"]:
            return t("rev_bid_mistake", **values)
        if v["move"] == "blind_nil":
            return t("rev_bid_blind", **values)
        if v["move"] == v["best"]:
            return t("rev_bid_ok", **values)
        return t("rev_bid_other", **values)
    values = {"n": v["trick"], "card": card_short(v["move"]), "best": card_short(v["best"]), "points": points}
    if v["mistake"]:
        return t("rev_card_mistake", **values)
    if v["move"] == v["best"] or points < 1:
        return t("rev_card_ok", **values)
    return t("rev_card_close", **values)


def how_text(v):
    """How the verdict was found, and what its cost is: "on average over the 60 deals you could have faced, 10♠
    scores 26 more than 8♦" when the choice cost points, else the sampled deals behind it; ``""`` when neither."""
    n = v["samples"]
    if v["method"] == "exact":  # a verdict of an earlier version (every hand known)
        return t("rev_exact")
    if v["method"] in ("sampled", "bid") and v["cost"] >= 1 and v["move"] != v["best"] and n:
        if v["kind"] == "bid":
            return t("rev_cost_bid", n=n, best=bid_text(v["best"]), bid=bid_text(v["move"]), points=v["cost"])
        return t("rev_cost_card", n=n, best=card_short(v["best"]), card=card_short(v["move"]), points=v["cost"])
    if v["method"] == "sampled" and n:
        return t("rev_sampled", n=n)
    return ""


def detail_html(v):
    """The verdict's reason and how it was found (``span.rev-why``), or nothing."""
    notes = [text for text in (v.get("why"), how_text(v)) if text]
    return h("span", " · ".join(notes), cls="rev-why") if notes else None


def hindsight_text(v):
    """What the cards as they lay say, apart from the verdict: that they went the other way this time, or what the
    best card was with every hand known; ``""`` when there is nothing to add."""
    known = v.get("known")
    actual = v.get("actual")
    if v.get("other_way"):
        if v["kind"] == "bid" and actual:
            values = {"bid": bid_text(v["move"]), "best": bid_text(v["best"])}
            return t("rev_other_bid", move=actual["move"], other=actual["best"], **values)
        return t("rev_other_card", card=card_short(v["move"]), best=card_short(v["best"]))
    if known and known["cost"] >= 1 and known["best"] != v["move"]:
        return t("rev_known_card", best=card_short(known["best"]), points=known["cost"])
    return ""


def hindsight_html(v):
    """:func:`hindsight_text` as ``span.rev-hindsight`` (its own line, never the verdict), or nothing."""
    text = hindsight_text(v)
    return h("span", text, cls="rev-hindsight") if text else None


def total_text(summary, progress, failed=None):
    """The panel's total: how far the job is (``progress`` (done, total)), then the mistakes and their cost."""
    if failed is not None:
        return t("rev_failed", error=failed)
    if summary is None or not summary.get("finished"):
        return t("rev_progress", done=progress[0], total=progress[1])
    if summary["mistakes"] == 0:
        return t("rev_no_mistakes", n=summary["decisions"])
    if summary["mistakes"] == 1:
        return t("rev_mistakes_one", points=summary["cost"])
    return t("rev_mistakes", n=summary["mistakes"], points=summary["cost"])


def mistakes_html(verdicts):
    """The mistakes among ``verdicts``, each with a button to its step (markup text for ``#rev-list``)."""
    items = []
    for v in verdicts:
        if not v["mistake"]:
            continue
        step = v["trick"]
        label = t("rev_goto_label", n=step) if step else t("rev_goto_bids")
        button = h(
            "button",
            t("rev_goto"),
            type="button",
            cls="rev-goto",
            data_action="rev-goto",
            data_step=step,
            aria_label=label,
        )
        items.append(
            h(
                "li",
                h("span", verdict_line(v)),
                " ",
                button,
                " ",
                detail_html(v),
                " ",
                hindsight_html(v),
                data_mistake=True,
                data_cost=v["cost"],
                data_trick=step,
            )
        )
    return str(join(items))


def step_html(verdicts, step, finished):
    """What the person did at ``step`` (0 the bid, 1–13 a trick), or that it is still being looked at / that
    there was no decision there (``finished``: the job is done); markup text for ``#rev-step``."""
    for v in verdicts:
        if v["trick"] == step:
            return str(
                h(
                    "p",
                    verdict_line(v),
                    " ",
                    detail_html(v),
                    " ",
                    hindsight_html(v),
                    cls="rev-verdict bad" if v["mistake"] else "rev-verdict good",
                    data_rev_verdict="mistake" if v["mistake"] else "ok",
                )
            )
    return str(h("p", t("rev_step_none" if finished else "rev_pending"), cls="rev-verdict note"))
