"""The online table's views as markup, from plain data (MicroPython and CPython: tests/page): the room window before
the start, and during the game the strip of lights, the panel's buttons and the chat; the small pieces every online
window is made of (a title, a row of buttons, a checkbox) too.

Pure views: each function takes the data it shows (a ``room`` message, chat lines, the person's choices) and returns
:class:`markup.Html`; nothing here touches the document, the network or storage, and every value from a peer is text
or an attribute value escaped by :func:`markup.h`, never markup.  The forms and the lobby's list are in forms.py;
dialog.py and panel.py put the results into the page.

What a seat shows is what the room computed (spades/table/room.py ``_seat_json``): its occupant, its name (cleaned
by the room: ``clean_text`` with ``NAME_LIMIT``) and its connection light (``light``, the room's one rule: no
threshold here).  A guest's page shows, for the host's seat, the light of its own link to the host (the room
measures that link from the host's side), or ``away`` and red when the host is gone (the one thing only the
guest's own link knows).  docs/online.md lists the hooks (``data-occupant``, ``data-kind``, ``data-light``…).
"""

import i18n
from i18n import t, who
from markup import h, join

from .links import CHAT_SHOWN, SEATS

LEVELS = ("beginner", "standard", "expert")
LIGHTS = ("green", "yellow", "red")


def _int(value):
    """``value`` when it is an integer (not a bool), else ``None``."""
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def _number(value):
    """``value`` when it is a finite number (not a bool, not NaN), else ``None``."""
    if isinstance(value, (int, float)) and not isinstance(value, bool) and -1e18 < value < 1e18:
        return value
    return None


def _dict(value):
    return value if isinstance(value, dict) else {}


def _text(value):
    return "" if value is None else str(value)


def title(words):
    """The window's heading (``#online-title``, which the dialog is labelled by)."""
    return h("h2", words, id="online-title")


def buttons(*items):
    """A row of the dialog's buttons."""
    return h("div", items, cls="dlg-buttons")


def button(words, action, **attrs):
    """A button that the page's delegated click handler runs by its ``data-action``."""
    return h("button", {"type": "button", "data-action": action}, words, **attrs)


def checkbox(name, words, checked):
    """A labelled checkbox."""
    return h("label", h("input", type="checkbox", name=name, checked=bool(checked)), " ", words)


def body(content):
    """The online dialog's content, in its body."""
    return h("div", content, cls="dlg-body")


# ------------------------------------------------------------------ seats


def seat_name(seat, info, hidden=()):
    """The name shown for a seat: its player's name (as the room cleaned it), or the seat when hidden; ``""``."""
    name = _dict(info).get("name")
    if not name:
        return ""
    name = str(name)
    return who(seat) if name in hidden else name


def occupant(info):
    """A seat's occupant as the room says it (``person``, ``computer``, ``away``, ``empty``)."""
    return _text(_dict(info).get("occupant") or "empty")


def rated_mark(room, seat, info):
    """At a rated table, a seat's rating as the game started (else as announced): `` · 1012`` in the strip."""
    room = _dict(room)
    if room.get("kind") != "rated":
        return None
    rating = _dict(room.get("ratings")).get(seat)
    rating = _dict(info).get("rating") if rating is None else rating
    if _int(rating) is None:
        return None
    return join([" ", h("span", "· " + str(rating), cls="rating", data_rating_seat=seat, title=t("rating"))])


def _mine(you):
    seat = _dict(you).get("seat")
    return seat if seat in SEATS else None


def room_window(room, you, host, hidden=(), invite=None, code=None, prefs=None, reach="ok", relays=None):
    """The room before the start (``[data-lobby]``): the seats, the invitation, who watches, the person's choices.

    ``room`` is the room message, ``you`` the welcome's ``you``, ``host`` whether this page hosts the table,
    ``hidden`` the names the person hides, ``invite`` the invitation link and ``code`` the short code (the host's),
    ``prefs`` ``{"spectators", "show_cards"}``, ``reach`` whether a tracker answers the host (session.mjs ``reach``):
    with ``none``, before the start, a line says that friends cannot join yet (``[data-reach="none"]``);
    ``relays`` the lines saying which trackers and fallback relays answer (forms.trackers_list), under the seats.
    """
    room = _dict(room)
    seats = _dict(room.get("seats"))
    prefs = _dict(prefs)
    mine = _mine(you)
    started = bool(room.get("started"))
    rows = []
    for seat in SEATS:
        info = _dict(seats.get(seat))
        kind = occupant(info)
        label = seat_name(seat, info, hidden) or (
            t("online_computer_level", level=t("level_" + _text(info.get("level"))))
            if kind == "computer"
            else t("online_empty_seat")
        )
        rows.append(
            h(
                "tr",
                {"data-occupant": seat, "data-kind": kind},
                h("th", t("seat_" + seat), scope="row"),
                h("td", label),
                h("td", " · ".join(_marks(info, kind, seat == mine))),
                h("td", _seat_cell(seat, info, kind, label, mine, host, started, room.get("blind") is True)),
            )
        )
    watchers = [_text(_dict(w).get("name")) for w in room.get("watchers") or [] if isinstance(w, dict)]
    parts = [
        h("p", t("online_no_tracker"), cls="online-problem", role="status", data_reach="none")
        if host and not started and reach == "none"
        else None,
        h(
            "p",
            h("label", t("online_invite"), " ", h("input", readonly=True, data_invite=True, value=invite)),
            " ",
            button(t("online_copy"), "copy-invite"),
            cls="online-invite",
        )
        if invite
        else None,
        h("p", t("online_code"), " ", h("b", code, data_code=True), cls="online-code") if host and code else None,
        h("table", h("tbody", rows), cls="online-seats"),
        clock_line(room.get("clock")),
        h("p", t("online_blind_table"), data_room_blind=True) if room.get("blind") is True else None,
        relays,
        h("p", t("online_spectators", names=("、" if i18n.lang() != "en" else ", ").join(watchers)))
        if watchers
        else None,
        h(
            "p",
            checkbox("allow_spectators", t("online_allow_watch"), prefs.get("spectators", True) is not False),
            " ",
            None
            if room.get("blind") is True
            else checkbox("show_cards", t("online_show_cards"), prefs.get("show_cards") is True),  # nobody has them
            join([" ", checkbox("dnd", t("online_dnd"), room.get("dnd"))]) if host else None,
            cls="online-prefs",
        ),
        buttons(_room_actions(room, seats, mine, host, started)),
    ]
    kind = t("online_kind_" + _text(room.get("kind", "casual")))
    return join([title(t("online_room_title", kind=kind)), h("div", {"data-lobby": True}, parts)])


def clock_line(clock):
    """The table's move clock in the room window (``[data-room-clock]``), in seconds; none without one."""
    move, reserve = _int(_dict(clock).get("move_ms")), _int(_dict(clock).get("reserve_ms"))
    if move is None or reserve is None:
        return None
    return h("p", t("online_clock_table", move=move // 1000, reserve=reserve // 1000), data_room_clock=True)


def _marks(info, kind, yours):
    marks = []
    if info.get("rating") is not None:
        marks.append(t("online_rating", rating=_text(info.get("rating")), n=_int(info.get("disconnects")) or 0))
    if info.get("host"):
        marks.append(t("online_host"))
    if kind == "person" and not info.get("host"):
        marks.append(t("online_ready") if info.get("ready") else t("online_not_ready"))
    if kind == "away":
        marks.append(t("online_kind_seat_away"))
    if yours:
        marks.append(t("online_you"))
    return marks


def _seat_cell(seat, info, kind, label, mine, host, started, blind=False):
    cell = []
    if started:
        return cell
    if kind == "empty" and not mine:
        cell.append(button(t("online_sit"), "sit", data_sit=seat))
    elif kind == "empty" and host and mine != seat:
        cell.append(button(t("online_move_here"), "sit", data_sit=seat))
    if host and kind == "person" and not info.get("host"):
        others = [h("option", t("online_move_nowhere"), value="")]
        others.extend(h("option", t("seat_" + other), value=other) for other in SEATS if other != seat)
        cell.append(h("select", others, name="move", data_seat=seat, aria_label=t("online_move_to", name=label)))
    if host and kind in ("empty", "computer") and not blind:  # a host-blind table takes no computer
        options = [h("option", t("online_empty_seat"), value="empty", selected=kind == "empty")]
        for level in LEVELS:
            chosen = kind == "computer" and info.get("level") == level
            options.append(
                h("option", t("online_computer_level", level=t("level_" + level)), value=level, selected=chosen)
            )
        cell.append(
            h("select", options, name="level", data_seat=seat, aria_label=t("online_fill_seat", seat=t("seat_" + seat)))
        )
    return cell


def _room_actions(room, seats, mine, host, started):
    actions = []
    if not started:
        if mine and not host:
            ready = bool(_dict(seats.get(mine)).get("ready"))
            actions.append(button(t("online_ready"), "ready", aria_pressed="true" if ready else "false"))
            actions.append(button(t("online_stand"), "stand"))
        if not mine and room.get("spectators_allowed") and not host:
            actions.append(button(t("online_watch"), "watch"))
        if host:
            actions.append(button(t("online_start"), "start", cls="primary"))
    actions.append(button(t("online_leave"), "online-leave"))
    actions.append(button(t("close"), "close-dialog"))
    return actions


# ------------------------------------------------------------------ during the game: the strip, the panel, chat


def bar():
    """The online panel's frame (built once): the strip of lights with its toggle, the buttons and the chat."""
    return join(
        [
            h(
                "div",
                h("ul", cls="online-seats-bar", id="online-seats"),
                h(
                    "button",
                    {"type": "button", "id": "online-toggle", "data-action": "online-panel"},
                    aria_expanded="false",
                    aria_controls="online-panel",
                ),
                cls="online-strip",
            ),
            h(
                "div",
                {"class": "online-panel", "id": "online-panel", "hidden": True},
                h("ul", cls="online-names", id="online-names"),
                h("div", cls="online-buttons", id="online-buttons"),
                h(
                    "section",
                    h("ol", id="chat-log", aria_live="polite"),
                    h(
                        "form",
                        h(
                            "input",
                            name="text",
                            maxlength=CHAT_SHOWN,
                            autocomplete="off",
                            aria_label=t("online_chat_say"),
                        ),
                        h("button", t("online_send"), type="submit"),
                        id="chat-form",
                    ),
                    cls="online-chat",
                    aria_label=t("online_chat"),
                ),
            ),
        ]
    )


def seconds(rtt):
    """A round trip in milliseconds as seconds for people: ``1.2``, or ``–`` when not measured."""
    rtt = _number(rtt)
    return "–" if rtt is None else "%.1f" % (rtt / 1000)


def seat_link(room, seat, you, guest, connected):
    """``(kind, rtt, level)`` shown for ``seat`` in the strip: as the room says, except on a guest's page the host's
    seat shows this page's own link to the host (its own seat's light), and ``away`` while the host is gone."""
    seats = _dict(_dict(room).get("seats"))
    info = _dict(seats.get(seat))
    kind = occupant(info)
    link = info
    if guest and info.get("host"):
        mine = _mine(you)
        link = _dict(seats.get(mine)) if mine and mine != seat else info
        if not connected:  # this page has lost the host: the one light the room cannot send
            return "away", None, "red"
    rtt = _number(link.get("rtt"))
    level = link.get("light") if link.get("light") in LIGHTS and kind in ("person", "away") else ""
    return kind, rtt, level


def strip(room, you, guest, connected, hidden=()):
    """The strip's seats (``#online-seats``): each seat's light, its name and, at a rated table, its rating."""
    seats = _dict(_dict(room).get("seats"))
    items = []
    for seat in SEATS:
        info = _dict(seats.get(seat))
        kind, rtt, level = seat_link(room, seat, you, guest, connected)
        name = seat_name(seat, info, hidden)
        if kind != "person":
            name = name or t("online_kind_seat_" + kind)
        label = t("online_light", seconds=seconds(rtt)) if level else t("online_no_light")
        if kind == "away":  # said in words too, with its seat: a red dot alone does not say whose it is
            label = t("online_kind_seat_away")
        items.append(
            h(
                "li",
                {"data-occupant": seat, "data-kind": kind},
                h(
                    "span",
                    {"class": "light", "data-light": seat, "data-rtt": "" if rtt is None else str(int(rtt))},
                    data_level=level,
                    role="img",
                    aria_label=t("seat_" + seat) + " " + name + ": " + label,
                    title=label,
                ),
                h("span", t("online_seat_away", seat=t("seat_" + seat)), cls="away", aria_hidden="true")
                if kind == "away"
                else None,
                h("span", h("b", t("seat_" + seat)), " ", name, rated_mark(room, seat, info), cls="who"),
            )
        )
    return join(items)


def names(room, you, guest, connected, hidden=()):
    """The open panel's list of seats (``#online-names``): each seat, who sits there (a name as the room cleaned
    it, else what plays it) and, at a rated table, the rating; the strip above keeps the lights and their hooks."""
    room = _dict(room)
    seats = _dict(room.get("seats"))
    ratings = _dict(room.get("ratings")) if room.get("kind") == "rated" else {}
    items = []
    for seat in SEATS:
        info = _dict(seats.get(seat))
        kind = seat_link(room, seat, you, guest, connected)[0]
        name = seat_name(seat, info, hidden)
        if kind != "person":
            name = join([name, " · ", t("online_kind_seat_" + kind)]) if name else t("online_kind_seat_" + kind)
        rating = ratings.get(seat)
        rating = info.get("rating") if rating is None and room.get("kind") == "rated" else rating
        mark = " · " + str(rating) if _int(rating) is not None else None
        items.append(h("li", h("b", t("seat_" + seat)), " ", name, mark, data_kind=kind))
    return join(items)


def panel_buttons(room, you, ended, away):
    """The panel's buttons: the room window, and at a casual table my seat's computer player (``away``: it plays)."""
    room = _dict(room)
    items = [button(t("online_room"), "online")]
    if room.get("started") and room.get("kind") == "casual" and _mine(you) and not ended:
        items.append(
            button(
                t("online_take_back") if away else t("online_computer"),
                "online-computer",
                aria_pressed="true" if away else "false",
            )
        )
    return join(items)


def toggle_text(unread):
    """The panel toggle's words: ``Chat``, with the number of unread lines."""
    return t("online_chat") + (" (" + str(unread) + ")" if unread else "")


def chat(lines, muted=(), hidden=(), keep=30):
    """The last ``keep`` chat lines (``#chat-log``) without the muted authors', each with its mute and hide buttons."""
    items = []
    for line in lines[-keep:]:
        line = _dict(line)
        name = _text(line.get("from"))
        if name in muted:
            continue
        shown = who(_text(line.get("seat"))) if name in hidden and line.get("seat") else name
        items.append(
            h(
                "li",
                {"data-chat": _text(line.get("id"))},
                h("b", shown),
                " ",
                _text(line.get("text")),
                " ",
                button(
                    t("online_mute"), "mute", cls="link", data_name=name, aria_label=t("online_mute_name", name=shown)
                ),
                button(
                    t("online_hide_name"),
                    "hide-name",
                    cls="link",
                    data_name=name,
                    aria_label=t("online_hide_name_of", name=shown),
                ),
            )
        )
    return join(items)
