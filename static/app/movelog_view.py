"""The move log's window (pure: CPython too, tests/page): the hand's bids and tricks, each computer move with
its reason (movelog.py keeps the log; this module only draws it).

Hooks: ``li.log-move[data-log-kind][data-log-seat]`` (``[data-log-card]`` for a card, ``.log-mine`` for the
person's own moves), ``section.log-part[data-log-bids]`` and ``[data-log-trick="n"][data-log-winner]``, the notes
``[data-log-note="no-reasons"|"missing"]``.  A move's reason is shown only when the table explains moves and the
move is not the person's own.
"""

from i18n import bid_text, card_short, t, who
from markup import h, join
from view import close_buttons


def item_html(kind, entry, me, explains):
    """One move (``kind`` ``"bid"`` or ``"play"``; ``entry`` ``{"seat", "bid"|"card", "text"}``) as a list item."""
    seat = entry["seat"]
    mine = seat == me
    card = entry["card"] if kind == "play" else None
    value = card_short(card) if kind == "play" else bid_text(entry["bid"])
    why = entry["text"] if explains and not mine else None
    return h(
        "li",
        h("span", who(seat), cls="log-who"),
        " ",
        h("b", value),
        join((" ", h("span", why, cls="log-why"))) if why else None,
        cls="log-move log-mine" if mine else "log-move",
        data_log_kind=kind,
        data_log_seat=seat,
        data_log_card=card,
    )


def log_html(hand_number, bids, plays, missing=0, winners=None, explains=True, me=None):
    """The window (markup text): the bids, then the tricks of four cards (``plays`` after the first ``missing``
    cards of the hand, which the log never saw), each trick's winner from ``winners`` (0-based index → seat)."""
    winners = winners or {}
    parts = [h("h2", t("log_title", n=hand_number), id="dlg-scores-title")]
    if not explains:
        parts.append(h("p", t("log_no_reasons"), cls="log-note", data_log_note="no-reasons"))
    if bids:
        listed = h("ol", [item_html("bid", b, me, explains) for b in bids], cls="log-list")
    else:
        listed = h("p", t("log_none"), cls="log-empty")
    parts_log = [h("section", h("h3", t("log_bids")), listed, cls="log-part", data_log_bids=True)]
    if missing:
        parts_log.append(h("p", t("log_missing", n=missing // 4), cls="log-note", data_log_note="missing"))
    for start in range(0, len(plays), 4):
        index = (missing + start) // 4
        winner = winners.get(index)
        if winner:
            title = t("log_trick_won", n=index + 1, who=who(winner))
        else:
            title = t("log_trick", n=index + 1)
        parts_log.append(
            h(
                "section",
                h("h3", title),
                h("ol", [item_html("play", p, me, explains) for p in plays[start : start + 4]], cls="log-list"),
                cls="log-part",
                data_log_trick=index + 1,
                data_log_winner=winner or None,
            )
        )
    parts.append(h("div", parts_log, cls="move-log"))
    parts.append(close_buttons())
    return str(join(parts))
