"""The online dialog's forms and lists as markup, from plain data (MicroPython and CPython: tests/page): the online
menu (create a table, or join with a code), the join form of an invitation, a status line while connecting, the
rated vote, the other side's claim, and the public lobby's tables.

Pure views like views.py (whose pieces they are made of): every value a person typed or a lobby peer sent is text or
an attribute value escaped by :func:`markup.h`.  The fields' ``maxlength`` are the limits of the room's ``SCHEMA``
for what a guest sends (links.py): the page keeps no length of its own; the room cleans and cuts what it shows.
"""

import i18n
from i18n import t, who
from markup import h, join

from .links import HELLO_PASSWORD, NAME_SHOWN
from .views import SEATS, _dict, _int, _text, button, buttons, checkbox, title

CARDS = {r + s for r in "23456789TJQKA" for s in "CDHS"} | {"BJ", "LJ"}  # a claim's cards, as the state has them


def name_field(name):
    """The name field of the create and join forms, filled with ``name``."""
    return h(
        "label",
        t("online_name"),
        " ",
        h(
            "input",
            {"name": "name", "required": True, "maxlength": NAME_SHOWN, "autocomplete": "nickname"},
            value=_text(name),
            autofocus=True,
        ),
    )


def offered_name(visit, profile, defaults, saved):
    """The name the create and join forms offer: this visit's (``?name=``), else the profile's (docs/profile.md)
    unless it is still a default one (``defaults``: the catalog's ``profile_default_name`` in every language),
    else the one used online last time (``saved``), else none.  Each as :func:`links.typed_name` left it."""
    if visit:
        return visit
    if profile and profile not in defaults:
        return profile
    return saved or ""


def password_field():
    """The table password field of the create and join forms."""
    return h(
        "label", t("online_password"), " ", h("input", name="password", maxlength=HELLO_PASSWORD, autocomplete="off")
    )


CLOCKS = {"20": (20, 60), "30": (30, 90), "60": (60, 120)}
"""The move clocks the create form offers, by their choice's value: seconds a move, and seconds of reserve a hand
(docs/online.md "The move clock": three long thinks a hand)."""


def clock_field():
    """The create form's move clock (``input[name="clock"]``, one choice of several): off, or one of
    :data:`CLOCKS`."""
    off = h("input", type="radio", name="clock", value="off", checked=True)
    choices = [h("label", off, " ", t("online_clock_off"))]
    for value in ("20", "30", "60"):
        move, reserve = CLOCKS[value]
        words = t("online_clock_each", move=move, reserve=reserve)
        choices.append(h("label", h("input", type="radio", name="clock", value=value), " ", words))
    return h("fieldset", h("legend", t("online_clock")), choices, cls="online-clock")


def clock_setting(choice):
    """The room's ``clock`` setting for the create form's choice: ``None`` (off) or ``{"move_ms", "reserve_ms"}``.
    A choice ``MOVE+RESERVE`` in whole seconds is taken too (a test hook: the shortest clocks); the room refuses
    one out of its bounds."""
    choice = str(choice or "off")
    if choice in CLOCKS:
        move, reserve = CLOCKS[choice]
    else:
        parts = choice.split("+")
        if len(parts) != 2 or not all(part.isdigit() and len(part) <= 4 for part in parts):
            return None
        move, reserve = int(parts[0]), int(parts[1])
    return {"move_ms": move * 1000, "reserve_ms": reserve * 1000}


def create_window(name):
    """The online menu: create a table (name, casual or rated, password, spectators, move clock, host-blind deals,
    public) or join by code."""
    return join(
        [
            title(t("online_title")),
            h("p", t("online_intro")),
            h(
                "form",
                name_field(name),
                h(
                    "fieldset",
                    h("legend", t("online_kind")),
                    h(
                        "label",
                        h("input", type="radio", name="kind", value="casual", checked=True),
                        " ",
                        t("online_casual"),
                    ),
                    h("label", h("input", type="radio", name="kind", value="rated"), " ", t("online_rated")),
                ),
                password_field(),
                checkbox("spectators", t("online_allow_watch"), True),
                clock_field(),
                checkbox("blind", t("online_blind_choice"), False),
                checkbox("public", t("online_public"), False),
                buttons(
                    button(t("close"), "close-dialog"),
                    button(t("online_lobby"), "lobby"),
                    h("button", t("online_create"), type="submit", data_action="create-table", cls="primary"),
                ),
                id="online-create",
                cls="online-form",
            ),
            h(
                "form",
                h("h3", t("online_code_title")),
                h(
                    "label",
                    t("online_code"),
                    " ",
                    h(
                        "input",
                        {"name": "code", "required": True, "maxlength": "12", "autocomplete": "off"},
                        autocapitalize="characters",
                        placeholder="ABCD-2345",
                    ),
                ),
                buttons(h("button", t("online_join"), type="submit", data_action="join-code")),
                id="online-code",
                cls="online-form",
            ),
        ]
    )


def join_window(secret, pub, name, problem=None):
    """Join a table by its invitation: name and password (``problem``: why the last try was refused)."""
    return join(
        [
            title(t("online_join_title")),
            h("p", problem, cls="online-problem", role="alert") if problem else None,
            h(
                "form",
                {"id": "online-join", "class": "online-form", "data-secret": _text(secret), "data-pub": _text(pub)},
                name_field(name),
                password_field(),
                buttons(
                    button(t("close"), "online-cancel"),
                    h("button", t("online_join"), type="submit", data_action="join-table", cls="primary"),
                ),
            ),
        ]
    )


def status_window(words):
    """A line while connecting, or why it failed (``[data-connecting]``)."""
    return join(
        [
            title(t("online_title")),
            h("p", words, role="status", data_connecting=True),
            buttons(button(t("close"), "online-cancel")),
        ]
    )


def vote_window(name, why=None):
    """The rated vote after ``name`` dropped out (``why`` ``"time"``: ran out of time on the move clock): wait for
    them, or end the game unscored."""
    late = why == "time"
    return join(
        [
            title(t("online_vote_time_title" if late else "online_vote_title", name=_text(name))),
            h("p", t("online_vote_time_text" if late else "online_vote_text")),
            h(
                "div",
                {"class": "dlg-buttons", "data-vote": True},
                button(t("online_vote_wait"), "vote", data_vote="wait", autofocus=True),
                button(t("online_vote_end"), "vote", data_vote="end"),
            ),
        ]
    )


# ------------------------------------------------------------------ the public lobby (游戏室)


def rating_suffix(rating):
    """`` (1012)`` after a name in the lobby, when the player announced a rating."""
    return " (" + str(rating) + ")" if _int(rating) is not None else ""


LOBBY_EMPTY = {"ok": "online_lobby_empty", "trying": "online_lobby_looking", "none": "online_lobby_offline"}
"""What an empty lobby says, by whether a tracker answers (session.mjs ``reach``): no tables, still looking, or
no lobby server reachable at all (offline?)."""


TRACKER_WORDS = {"ok": "online_tracker_ok", "trying": "online_tracker_trying", "none": "online_tracker_none"}
FALLBACK_WORDS = {
    "ok": "online_fallback_ok",
    "trying": "online_fallback_trying",
    "none": "online_fallback_none",
    "standby": "online_fallback_standby",
}
"""A fallback relay's line (session.mjs ``relayRows``, ``fallback: true``): as a tracker's once the fallback is used,
``standby`` before (used if no tracker answers)."""


def trackers_list(trackers):
    """Which configured tracker answers (session.mjs ``relayRows``: ``[{url, reach, fallback?}]``), a line each:
    ``ul[data-trackers]`` of ``li[data-tracker=URL][data-reach=ok|trying|none]``, then the fallback's relays
    (:data:`FALLBACK_WORDS`) as ``li[data-fallback=URL][data-reach=ok|trying|none|standby]``; the library's public
    relays, not yet used, are one line with ``data-fallback=""``.  None without any."""
    items = []
    for each in trackers if isinstance(trackers, list) else []:
        each = _dict(each)
        url = _text(each.get("url"))
        if each.get("fallback") is True:
            reach = each.get("reach") if each.get("reach") in FALLBACK_WORDS else "trying"
            words = t("online_fallback_public") if not url else t(FALLBACK_WORDS[reach], url=url)
            items.append(h("li", {"data-fallback": url, "data-reach": reach}, words))
            continue
        reach = each.get("reach") if each.get("reach") in TRACKER_WORDS else "trying"
        items.append(h("li", {"data-tracker": url, "data-reach": reach}, t(TRACKER_WORDS[reach], url=url)))
    if not items:
        return None
    return h("ul", {"class": "online-trackers", "data-trackers": True, "aria-label": t("online_trackers")}, items)


def listings_window(tables, reach="ok", trackers=None):
    """The public lobby: one row per listed table (``[data-listing]``) with join and watch buttons; with none,
    why (:data:`LOBBY_EMPTY` by ``reach``; ``[data-reach]`` says which); under it which trackers answer
    (:func:`trackers_list`)."""
    rows = []
    for item in tables:
        item = _dict(item)
        seats = _dict(item.get("seats"))
        ratings = _dict(item.get("ratings"))
        names = [_text(seats.get(s) or "–") + rating_suffix(ratings.get(s)) for s in SEATS]
        free = sum(1 for s in SEATS if not seats.get(s))
        secret, pub = _text(item.get("secret")), _text(item.get("pub"))
        actions = []
        if free and not item.get("started"):
            actions.append(button(t("online_join"), "lobby-join", data_secret=secret, data_pub=pub))
        if item.get("watch"):
            actions.append(button(t("online_watch"), "lobby-watch", data_secret=secret, data_pub=pub))
        preset = _text(item.get("preset"))
        rows.append(
            h(
                "tr",
                {"data-listing": True},
                h("td", t("online_kind_" + _text(item.get("kind")))),
                h("td", " · ".join(names)),
                h("td", t("online_free_seats", n=free)),
                h(
                    "td",
                    t("preset_" + preset) if i18n.has("preset_" + preset) else preset,
                    " · " + t("online_password_needed") if item.get("password") else None,
                    " · " + t("online_blind_short") if item.get("blind") is True else None,
                ),
                h("td", actions),
            )
        )
    if rows:
        heads = [
            h("th", t(key), scope="col") for key in ("online_kind", "online_players", "online_free", "online_rules")
        ]
        listing = h("table", h("thead", h("tr", heads, h("th"))), h("tbody", rows), cls="online-seats")
    else:
        listing = h("p", t(LOBBY_EMPTY.get(reach, "online_lobby_empty")), role="status")
    return join(
        [
            title(t("online_lobby")),
            h("div", {"data-listings": True, "data-reach": _text(reach)}, listing, trackers_list(trackers)),
            buttons(button(t("online_back"), "online")),
        ]
    )


def claim_window(claim):
    """The other side's claim (a state's ``claim``): who, the cards face up, *Accept* / *Play on*; ``[data-claim]``."""
    claim = _dict(claim)
    seat = claim.get("seat") if claim.get("seat") in SEATS else None
    heading = t("claim_title", who=who(seat)) if seat else t("claim")
    cards = [c for c in claim.get("cards") or [] if isinstance(c, str) and c in CARDS]
    shown = [h("li", i18n.card_short(c), cls="claim-card suit-" + c[1], aria_label=i18n.card_name(c)) for c in cards]
    answers = [button(t("claim_accept"), "claim-accept", autofocus=True), button(t("claim_play_on"), "claim-play-on")]
    box = h("div", {"class": "dlg-buttons", "data-claim": seat or True}, answers)
    return join([title(heading), h("ul", shown, cls="claim-cards", aria_label=heading), box])
