"""The deal link's window and the daily deal's comparison with the experts, as markup (pure: CPython too).

share.py asks the worker for the code and the comparison and puts these in the page.  The link, the error texts
and the scores are text in :mod:`markup` fragments, never markup.
"""

import i18n
from i18n import t
from markup import h, join


def signed(n):
    """``+3``, ``-2``, ``0``."""
    return ("+" if isinstance(n, (int, float)) and n > 0 else "") + str(n)


def deal_window(link):
    """The contents of ``#dlg-deal``: the link in a read-only field, Close and Copy."""
    field = h("input", type="text", readonly=True, data_deal_link=True, value=link)
    return join(
        [
            h("h2", t("deal_share_title"), id="dlg-deal-title"),
            h("p", t("deal_share_text")),
            h("label", h("span", t("deal_link_label")), field, cls="deal-link"),
            h("p", cls="deal-copied", role="status", aria_live="polite"),
            h(
                "div",
                h("button", t("close"), type="button", data_action="close-dialog"),
                h("button", t("deal_copy"), type="button", cls="primary", data_action="deal-copy", autofocus=True),
                cls="dlg-buttons",
            ),
        ]
    )


def comparison_busy():
    """The summary's line while the experts play the same cards."""
    return h("p", t("deal_dup_busy"), cls="duplicate", data_duplicate="busy")


def comparison_failed(error):
    """The summary's line when the comparison could not be made (``error``: why, as text)."""
    return h("p", error, cls="duplicate", data_duplicate="failed")


def comparison(yours, experts, difference):
    """Your team's score on the daily deal against the experts' on the same cards, and a verdict."""
    words = t("deal_dup_result", yours=yours, experts=experts, difference=signed(difference))
    gap = "" if i18n.lang().startswith("zh") else " "  # Chinese sentences follow each other without a space
    if not isinstance(difference, (int, float)):
        verdict = "deal_dup_same"
    else:
        verdict = "deal_dup_better" if difference > 0 else "deal_dup_worse" if difference < 0 else "deal_dup_same"
    return h(
        "p",
        h("strong", t("deal_dup_title")),
        gap,
        words,
        gap,
        t(verdict),
        cls="duplicate",
        data_duplicate="done",
        data_yours=yours,
        data_experts=experts,
        data_difference=difference,
    )
