"""The online package's pure parts (static/app/online/): its tables, its limits, its links, and the handlers and
actions run against a stand-in for life.py's ``Online``.

- Dispatch is a table, one place each: handlers.py has a handler for every type the room sends a guest (the guest
  boundary's ``SCHEMA``) and nothing else; actions.py one for every name controller.py sends it, one for each form
  and each choice the online windows have.
- One rule each: the page sends what the room's ``SCHEMA`` accepts (links.py's limits are its numbers) and keeps no
  threshold or length of the room's own (lights, names, chat lines).
- Then what each handler and action does, on data as the room sends it.
"""

from __future__ import annotations

import ast
import asyncio
import html
import re
from pathlib import Path
from typing import Any

import i18n
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from online import actions, forms, handlers, links, views

from spades import Rules
from spades.table import guest, room
from tests.page.conftest import APP, CATALOG, HOSTILE, parse_tags, run_async
from tests.page.test_no_markup_text import markup_text
from tests.page.test_online_views import a_room

ONLINE = APP / "online"

# ------------------------------------------------------------------ the tables


def test_every_message_the_room_sends_has_one_handler_and_nothing_else_has_one() -> None:
    assert set(handlers.MESSAGES) == set(guest.SCHEMA)
    assert set(handlers.STATUS) == {"host_left", "host_changed", "host_gone", "nobody"}
    assert not set(handlers.STATUS) & set(guest.SCHEMA)
    assert all(callable(handler) for handler in [*handlers.MESSAGES.values(), *handlers.STATUS.values()])


def _controller_online_actions() -> tuple[str, ...]:
    tree = ast.parse((APP / "controller.py").read_text(encoding="utf-8"))
    for node in tree.body:
        if isinstance(node, ast.Assign) and [getattr(t, "id", None) for t in node.targets] == ["ONLINE_ACTIONS"]:
            return tuple(ast.literal_eval(node.value))
    raise AssertionError("controller.py has no ONLINE_ACTIONS")


def test_every_online_button_the_controller_sends_here_has_one_action_and_no_other_has_one() -> None:
    names = _controller_online_actions()
    assert len(set(names)) == len(names) and set(actions.ACTIONS) == set(names)
    assert all(asyncio.iscoroutinefunction(action) for action in actions.ACTIONS.values())


def _actions_in(markup: object) -> set[str]:
    return {dict(attrs)["data-action"] for _, attrs in parse_tags(markup) if "data-action" in dict(attrs)}


def test_every_button_form_and_choice_of_the_online_windows_has_its_action() -> None:
    shown = set()
    for out in (
        forms.create_window("Ann"),
        forms.join_window("s" * 16, "p" * 40, "Ann"),
        forms.status_window("x"),
        forms.vote_window("Bo"),
        forms.listings_window([{"secret": "s", "pub": "p", "seats": {}, "watch": True}]),
        views.room_window(a_room(), {"seat": "S"}, True, invite="https://x/#t=a", code="ABCD-2345"),
        views.room_window(a_room(), {"seat": "N"}, False),
        views.room_window(a_room(), {"seat": None}, False),
        views.bar(),
        views.panel_buttons(a_room(started=True), {"seat": "N"}, None, False),
        views.chat([{"id": 1, "from": "Bo", "seat": "N", "text": "hi"}]),
    ):
        shown |= _actions_in(out)
    # close-dialog belongs to the page's dialogs (controller.py ACTIONS); every other one is the package's
    assert shown - {"close-dialog"} == set(actions.ACTIONS)
    host_room = views.room_window(a_room(), {"seat": "S"}, True)
    fields = {dict(a)["name"] for tag, a in parse_tags(host_room) if tag in ("input", "select") and "name" in dict(a)}
    create_form = parse_tags(forms.create_window("Ann"))
    create = {dict(a)["name"] for tag, a in create_form if tag == "input" and "name" in dict(a)}
    assert fields | {"kind"} == set(actions.CHANGES) and "kind" in create  # the create form's table type
    menu = [forms.create_window("Ann"), forms.join_window("s" * 16, "p" * 40, "Ann")]
    ids = {dict(a)["id"] for out in menu for tag, a in parse_tags(out) if tag == "form"}
    assert ids == set(actions.SUBMITS)


# ------------------------------------------------------------------ one rule each


def _accepted(kind: str, key: str, length: int, base: dict[str, Any]) -> bool:
    try:
        room.validate({"t": kind, **base, key: "x" * length})
    except room.RoomError:
        return False
    return True


@pytest.mark.parametrize(
    "kind,key,limit,base",
    [
        ("hello", "name", links.HELLO_NAME, {}),
        ("hello", "password", links.HELLO_PASSWORD, {"name": "Ann"}),
        ("chat", "text", links.CHAT_TEXT, {}),
    ],
)
def test_what_the_page_lets_a_person_type_is_exactly_what_the_rooms_schema_takes(kind, key, limit, base) -> None:
    assert _accepted(kind, key, limit, base) and not _accepted(kind, key, limit + 1, base)
    assert room.RoomConfig.from_json({"password": "x" * links.HELLO_PASSWORD}).password is not None


def test_the_fields_take_what_the_room_shows_of_a_name_and_a_chat_line() -> None:
    """A person types no more than the others will see: the name and chat fields' lengths are the room's."""
    assert links.NAME_SHOWN == room.NAME_LIMIT and links.CHAT_SHOWN == room.CHAT_LIMIT
    assert links.NAME_SHOWN <= links.HELLO_NAME and links.CHAT_SHOWN <= links.CHAT_TEXT


def test_the_page_keeps_no_threshold_or_length_of_the_rooms_own() -> None:
    """Lights, names and chat lines are the room's (``light``, ``clean_text`` with ``NAME_LIMIT``/``CHAT_LIMIT``):
    none of its numbers is written in the online package's views, forms, actions or panel."""
    edges = {rtt for rtt in range(0, 10_001) if room.light(rtt) != room.light(rtt + 1)}
    assert edges == {1999, 4000}  # green < 2000 <= yellow <= 4000 < red: a test of this test's reading
    numbers = {2000, 4000, room.NAME_LIMIT, room.CHAT_LIMIT}
    for name in ("views", "forms", "actions", "panel", "handlers"):
        tree = ast.parse((ONLINE / f"{name}.py").read_text(encoding="utf-8"))
        found = {node.value for node in ast.walk(tree) if isinstance(node, ast.Constant)}
        assert not found & numbers and not {str(n) for n in numbers} & found, name
    assert set(views.LIGHTS) == {room.light(0), room.light(3000), room.light(5000)}


# ------------------------------------------------------------------ links


@settings(max_examples=100, deadline=None)
@given(
    secret=st.text(alphabet="abcdefghijkmnpqrstuvwxyz23456789", min_size=16, max_size=64),
    pub=st.text(alphabet="ABCabc019-_", min_size=40, max_size=120),
)
def test_an_invitation_comes_back_from_its_fragment(secret, pub) -> None:
    assert links.parse_invite("#" + links.fragment(secret, pub)) == (secret, pub)


@settings(max_examples=100, deadline=None)
@given(text=st.one_of(HOSTILE, st.builds(lambda a: "#t=" + a, HOSTILE), st.none(), st.integers()))
def test_anything_else_is_no_invitation(text) -> None:
    found = links.parse_invite(text)
    if found is not None:  # only letters and digits, and base64url, of the declared lengths
        secret, pub = found
        assert 16 <= len(secret) <= 64 and secret.isalnum()
        assert 40 <= len(pub) <= 120 and pub.replace("-", "").replace("_", "").isalnum()


def test_a_typed_name_loses_the_spaces_around_it_and_is_cut_at_the_hellos_limit() -> None:
    assert links.typed_name("  Ann  Lee ") == "Ann  Lee"  # the room collapses inner spaces (clean_text)
    assert links.typed_name(None) == "" and links.typed_name("   ") == ""
    assert len(links.typed_name("x" * 500)) == links.HELLO_NAME


# ------------------------------------------------------------------ the handlers


class Element:
    """A stand-in for a DOM element: attributes, a value, checked."""

    def __init__(self, value: Any = "", checked: bool = False, **attrs: str) -> None:
        self.value = value
        self.checked = checked
        self.attrs = {k.replace("_", "-"): v for k, v in attrs.items()}
        self.focused = False

    def getAttribute(self, name: str) -> str | None:
        return self.attrs.get(name)

    def focus(self) -> None:
        self.focused = True


class Form(Element):
    def __init__(self, id: str, fields: dict[str, Element], **attrs: str) -> None:
        Element.__init__(self, **attrs)
        self.id = id
        self.elements = self
        self.fields = fields

    def namedItem(self, name: str) -> Element:
        return self.fields[name]


class App:
    def __init__(self) -> None:
        self.state: dict[str, Any] | None = None
        self.messages: list[str] = []
        self.recorded: list[dict[str, Any]] = []
        self.online: Any = None
        self.left = 0

    def set_message(self, text: str) -> None:
        self.messages.append(text)

    async def online_state(self, message: dict[str, Any]) -> None:
        self.messages.append("state " + str(message["state"]["seq"]))

    async def record_online(self, **how: Any) -> None:
        self.recorded.append(how)

    async def leave_online(self, table: Any = None) -> None:
        """As controller.App's: back to the solo game only if the page is still at ``table``."""
        if table is None or table is self.online:
            self.left += 1


class Online:
    """What the handlers and actions use of life.py's ``Online``: its fields, and its page effects recorded."""

    def __init__(self, role: str = "guest", **fields: Any) -> None:
        self.app = App()
        self.role = role
        self.secret = "s" * 26
        self.pub = None
        self.room: dict[str, Any] | None = None
        self.you: dict[str, Any] | None = None
        self.connected = False
        self.ended = None
        self.chat: list[dict[str, Any]] = []
        self.muted: set[str] = set()
        self.hidden: set[str] = set()
        self.panel_open = False
        self.unread = 0
        self.watch_after_join = False
        self.seen_seq = 0
        self.allow_spectators = True
        self.show_cards = False
        self.public = False
        self.via = "invite"
        self.name = "Ann"
        self.did: list[tuple[Any, ...]] = []
        self.sent: list[dict[str, Any]] = []
        self.dialog: str | None = None
        self.__dict__.update(fields)

    def later(self, coro: Any) -> None:
        self.did.append(("later",))
        run_async(coro)

    def send(self, message: dict[str, Any]) -> None:
        self.sent.append(message)

    def __getattr__(self, name: str) -> Any:  # any other effect: recorded by name with its arguments
        def effect(*args: Any) -> Any:
            self.did.append((name, *args))
            if name == "showing":
                return self.dialog is not None and any(part in self.dialog for part in args[0].split(","))
            if name == "default_name":
                return self.name
            if name == "field":
                return self.__dict__.get("fields", {}).get(args[1])
            if name in ("action", "close_session", "open_lobby", "join", "redeem", "create", "leave", "copy_invite"):
                return _done()
            if name == "rated_game_on":
                return False
            return None

        return effect


async def _done() -> None:
    return None


def names(online: Online) -> list[str]:
    return [entry[0] for entry in online.did]


def test_a_guest_keeps_its_seat_token_and_watches_once_welcomed_when_it_came_to_watch() -> None:
    online = Online(watch_after_join=True)
    handlers.MESSAGES["welcome"](online, {"t": "welcome", "you": {"seat": None, "token": "tok", "spectator": False}})
    assert online.connected and ("keep_token", "tok") in online.did and ("action", "watch", None) in online.did
    assert not online.watch_after_join and names(online)[-1] == "render_lobby"
    host = Online("host")
    handlers.MESSAGES["welcome"](host, {"t": "welcome", "you": {"seat": "S", "token": "tok", "spectator": False}})
    assert "keep_token" not in names(host) and "action" not in names(host)


def test_a_wrong_password_brings_the_join_form_back_and_do_not_disturb_says_so(lang) -> None:
    online = Online()
    handlers.MESSAGES["denied"](online, {"t": "denied", "code": "password"})
    assert "close_session" in names(online) and online.did[-1][0] == "join_form" and online.did[-1][2]
    online = Online()
    handlers.MESSAGES["denied"](online, {"t": "denied", "code": "dnd"})
    assert online.did[-1][0] == "show_status"


def test_the_room_closes_the_waiting_window_once_the_game_starts_and_redraws_it_before() -> None:
    online = Online(dialog="[data-lobby]")
    handlers.MESSAGES["room"](online, a_room())
    assert online.room is not None and names(online)[-1] == "render_lobby" and "publish" in names(online)
    handlers.MESSAGES["room"](online, a_room(started=True))
    assert online.did[-1] == ("close_dialog", "[data-lobby]")
    online = Online(dialog="[data-connecting]")  # joining a game in progress: the connecting line gives way
    handlers.MESSAGES["room"](online, a_room(started=True))
    assert online.did[-1] == ("close_dialog", "[data-connecting]")
    online = Online()  # the dialog shows something else: left alone
    handlers.MESSAGES["room"](online, a_room(ended="left"))
    assert names(online)[-1] == "showing" and online.ended == "left"


@settings(max_examples=40, deadline=None)
@given(st.lists(st.fixed_dictionaries({"ended": st.sampled_from([None, "left"]), "dnd": st.booleans()}), max_size=8))
def test_a_room_message_during_the_game_redraws_the_open_room_window_and_never_opens_or_closes_one(changes) -> None:
    """The room window (*Table*) the person opened during a game stays open whatever the room says."""
    online = Online(dialog="[data-lobby]", room=a_room(started=True))
    for change in changes:
        handlers.MESSAGES["room"](online, a_room(started=True, **change))
        assert names(online)[-1] == "render_lobby"
    assert "close_dialog" not in names(online) and "show" not in names(online)
    closed = Online(room=a_room(started=True))  # no window open: none opens
    for change in changes:
        handlers.MESSAGES["room"](closed, a_room(started=True, **change))
    assert not {"close_dialog", "show", "render_lobby", "open"} & set(names(closed))


@pytest.mark.parametrize("reach", ["ok", "trying", "none"])
def test_a_lobby_update_redraws_the_open_lobby_and_never_opens_it(reach) -> None:
    tables = [{"secret": "s" * 16}]
    online = Online(dialog="[data-listings]")
    handlers.listings(online, tables, reach)
    assert online.did[-1] == ("draw_listings", tables, reach) and online.listings == tables
    for dialog in (None, "[data-lobby]", "online-create"):  # the person went Back, closed it, or is elsewhere
        online = Online(dialog=dialog)
        for _ in range(5):
            handlers.listings(online, tables, reach)
        assert "draw_listings" not in names(online) and "show" not in names(online)
        assert names(online).count("stop_lobby") == 5  # stops listening (stop_lobby is a no-op once stopped)


def test_an_empty_lobby_says_whether_any_lobby_server_answered(lang) -> None:
    said = {}
    for reach in ("ok", "trying", "none"):
        text = html.unescape(str(forms.listings_window([], reach)))
        said[reach] = text
        assert i18n.t(forms.LOBBY_EMPTY[reach]) in text
    assert len(set(said.values())) == 3
    if lang == "en":
        assert "Can't reach the lobby servers (offline?)" in said["none"]
        assert "No public tables right now." in said["ok"]
    listed = html.unescape(str(forms.listings_window([{"secret": "s", "pub": "p", "seats": {}}], "none")))
    assert i18n.t("online_lobby_offline") not in listed  # tables listed: a server answered, whatever the sockets say


@given(st.one_of(st.none(), st.integers(1, 40), st.booleans()), st.one_of(st.none(), st.integers(1, 40), st.text()))
def test_the_end_of_hand_window_closes_when_the_next_hand_is_dealt(seen, number) -> None:
    dealt = handlers.hand_dealt(seen, {"hand_number": number, "phase": "bidding"})
    real = [isinstance(v, int) and not isinstance(v, bool) for v in (seen, number)]
    assert dealt == (all(real) and number > seen)
    assert not handlers.hand_dealt(seen, None) and not handlers.hand_dealt(3, {"hand_number": 3, "phase": "bidding"})
    for over in ("hand-over", "game-over"):  # a returning page's first state of a finished hand: its window opens
        assert not handlers.hand_dealt(seen, {"hand_number": number, "phase": over})


@pytest.mark.parametrize("seq,seen", [(7, 7), (0, 0), (-1, 3), (True, 3), ("9", 3), (None, 3)])
def test_a_state_is_drawn_and_only_a_real_sequence_number_is_remembered(seq, seen) -> None:
    online = Online(seen_seq=3)
    handlers.MESSAGES["state"](online, {"t": "state", "state": {"seq": seq}})
    assert online.seen_seq == seen and online.app.messages == ["state " + str(seq)]


@settings(max_examples=40, deadline=None)
@given(
    lines=st.lists(st.tuples(st.sampled_from(["Bo", "Cy"]), st.booleans()), max_size=130),
    muted=st.sets(st.sampled_from(["Bo", "Cy"])),
)
def test_chat_keeps_the_last_hundred_lines_and_counts_the_unread_ones_of_people_not_muted(lines, muted) -> None:
    online = Online(muted=set(muted))
    unread = 0
    for n, (author, panel_open) in enumerate(lines):
        online.panel_open = panel_open
        handlers.MESSAGES["chat"](online, {"t": "chat", "id": n + 1, "from": author, "text": str(n)})
        unread += not panel_open and author not in muted
    assert [line["id"] for line in online.chat] == list(range(1, len(lines) + 1))[-handlers.CHAT_KEEP :]
    assert online.unread == unread and names(online).count("render_bar") == len(lines)


def test_a_refusal_is_worded_for_the_person(lang) -> None:
    online = Online()
    handlers.MESSAGES["refused"](online, {"t": "refused", "error": "seat taken", "code": "seat_taken",
                                          "params": {"seat": "N"}})  # fmt: skip
    assert len(online.app.messages) == 1 and online.app.messages[0]


def test_the_vote_asks_me_once_while_my_vote_is_missing_and_says_when_they_wait() -> None:
    online = Online(you={"seat": "N"})
    handlers.MESSAGES["vote"](online, {"t": "vote", "seat": "E", "name": "Cy", "votes": {"N": None, "S": None}})
    assert names(online) == ["show"] and 'data-vote="wait"' in str(online.did[0][1])
    for votes in ({"N": True, "S": None}, {"S": None}):
        online.did.clear()
        handlers.MESSAGES["vote"](online, {"t": "vote", "seat": "E", "name": "Cy", "votes": votes})
        assert online.did == []
    handlers.MESSAGES["vote"](online, {"t": "vote", "seat": "E", "name": "Cy", "votes": {}, "result": "wait"})
    assert names(online) == ["notice", "close_dialog"]


def test_an_early_end_is_recorded_by_who_it_concerns() -> None:
    online = Online(you={"name": "Bo"})
    handlers.MESSAGES["ended"](online, {"t": "ended", "reason": "unscored", "disconnected": "Bo"})
    assert online.app.recorded == [{"unscored": True}] and online.ended == "unscored"
    online = Online(you={"name": "Ann"})
    handlers.MESSAGES["ended"](online, {"t": "ended", "reason": "unscored", "disconnected": "Bo"})
    assert online.app.recorded == []
    handlers.MESSAGES["ended"](online, {"t": "ended", "reason": "left", "left": "Bo", "loser": "NS"})
    assert online.app.recorded == [{"winner": "EW"}]
    online = Online(you={"name": "Bo"})  # the one who left records the loss on leaving (life.py leave)
    handlers.MESSAGES["ended"](online, {"t": "ended", "reason": "left", "left": "Bo", "loser": "NS"})
    assert online.app.recorded == []


def test_the_host_gone_is_said_by_the_link_and_the_strip_shows_it() -> None:
    online = Online(connected=True)
    handlers.STATUS["host_left"](online, {"t": "host_left"})
    assert not online.connected and names(online) == ["notice", "render_bar"]


def test_hands_and_sheets_go_to_the_review_and_the_score_windows() -> None:
    online = Online()
    handlers.MESSAGES["hand"](online, {"t": "hand", "hand": {"number": 1}})
    handlers.MESSAGES["sheets"](online, {"t": "sheets", "from": 1, "to": 1, "results": [], "sheets": []})
    hand = {"number": 1}  # not asked by the public record (the stand-in's record_hand says None): the review's
    assert online.did == [("record_hand", hand), ("review_received", hand), ("hands_arrived", online.did[2][1])]


# ------------------------------------------------------------------ the actions


def act(online: Online, name: str, element: Any = None) -> None:
    run_async(actions.ACTIONS[name](online, element))


def test_seats_ready_and_watching_send_what_the_room_expects() -> None:
    online = Online(room=a_room(), you={"seat": "N"})
    act(online, "sit", Element(data_sit="W"))
    act(online, "ready")
    act(online, "watch")
    act(online, "stand")
    act(online, "start")
    online.room = a_room(seats={"N": {"occupant": "computer"}, "E": {}, "S": {}, "W": {}})
    act(online, "watch")
    assert online.sent == [
        {"t": "sit", "seat": "W"},
        {"t": "ready", "ready": False},  # N is ready: pressing it again takes the mark back
        {"t": "watch", "seat": "N"},  # the first seat a person sits in
        {"t": "stand"},
        {"t": "start"},
        {"t": "watch"},  # nobody sits: the room picks
    ]
    for room_message in (None, {"seats": None}):
        online = Online(room=room_message, you=None)
        act(online, "ready")
        assert online.sent == [{"t": "ready", "ready": True}]


def test_the_computer_takes_my_seat_and_gives_it_back() -> None:
    online = Online(you={"seat": "N"})
    online.app.state = {"seats": {"N": {"away": False}}}
    act(online, "online-computer")
    online.app.state = {"seats": {"N": {"away": True}}}
    act(online, "online-computer")
    assert online.sent == [{"t": "computer", "on": True}, {"t": "computer", "on": False}]


def test_mute_and_hide_are_kept_and_hiding_twice_shows_the_name_again() -> None:
    online = Online()
    act(online, "mute", Element(data_name="Bo"))
    act(online, "hide-name", Element(data_name="Cy"))
    assert online.muted == {"Bo"} and online.hidden == {"Cy"}
    act(online, "hide-name", Element(data_name="Cy"))
    assert online.hidden == set() and names(online).count("save_prefs") == 3


def test_a_listed_table_is_joined_with_the_last_name_or_through_the_join_form() -> None:
    online = Online()
    act(online, "lobby-watch", Element(data_secret="s" * 16, data_pub="p" * 40))
    assert (online.via, online.watch_after_join, online.pub) == ("lobby", True, "p" * 40)
    assert ("join", "s" * 16, "Ann", None) in online.did
    online = Online(name="")
    act(online, "lobby-join", Element(data_secret="s" * 16, data_pub="p" * 40))
    assert online.did[-1] == ("join_form", "s" * 16) and not online.watch_after_join


def test_cancelling_goes_back_to_the_solo_game_only_from_this_table() -> None:
    online = Online()
    online.app.online = online
    act(online, "online-cancel")
    other = Online()
    act(other, "online-cancel")
    assert online.app.left == 1 and other.app.left == 0 and names(other) == ["close_session", "close_dialog"]


def test_the_hosts_choices_send_fill_empty_move_prefs_and_do_not_disturb() -> None:
    online = Online("host")
    actions.CHANGES["level"](online, Element("expert", data_seat="E"))
    actions.CHANGES["level"](online, Element("empty", data_seat="W"))
    actions.CHANGES["move"](online, Element("W", data_seat="N"))
    actions.CHANGES["move"](online, Element("", data_seat="N"))  # "nowhere": nothing
    actions.CHANGES["move"](online, Element('W" x="', data_seat="N"))  # no seat: nothing
    actions.CHANGES["allow_spectators"](online, Element(checked=False))
    actions.CHANGES["show_cards"](online, Element(checked=True))
    actions.CHANGES["dnd"](online, Element(checked=True))
    assert online.sent == [
        {"t": "fill", "seat": "E", "level": "expert"},
        {"t": "empty", "seat": "W"},
        {"t": "move", "from": "N", "to": "W"},
        {"t": "prefs", "spectators": False, "show_cards": False},
        {"t": "prefs", "spectators": False, "show_cards": True},
        {"t": "dnd", "on": True},
    ]
    assert names(online).count("save_prefs") == 2


def test_the_forms_create_join_and_redeem_with_the_typed_name() -> None:
    online = Online()
    fields = {
        "name": Element("  Ann "),
        "password": Element("p" * 300),
        "kind": Element("rated"),
        "spectators": Element(checked=True),
        "public": Element(checked=True),
        "blind": Element(checked=True),
    }
    actions.SUBMITS["online-create"](online, Form("online-create", fields))
    assert ("keep_name", "Ann") in online.did and online.public and online.blind_setting is True
    assert ("create", "Ann", "rated", "p" * links.HELLO_PASSWORD, True) in online.did
    # choosing rated shows the box checked and fixed; casual again gives the person's own choice back
    box = Element(checked=False)
    box.disabled = False
    form = Form("online-create", {"blind": box})
    for kind, shown in (("rated", (True, True)), ("casual", (False, False)), ("rated", (True, True))):
        radio = Element(kind, name="kind")
        radio.form = form
        actions.CHANGES["kind"](online, radio)
        assert (box.checked, box.disabled) == shown, kind
    box.disabled, box.checked = False, True
    actions.CHANGES["kind"](online, radio)
    assert (box.checked, box.disabled) == (True, True) and online.blind_chosen is True
    for kind, checked, blind in (("rated", False, True), ("casual", False, False), ("casual", True, True)):
        fields.update(kind=Element(kind), blind=Element(checked=checked))  # a rated table is always host-blind
        actions.SUBMITS["online-create"](online, Form("online-create", fields))
        assert online.blind_setting is blind, (kind, checked)
    join = Form("online-join", {"name": Element("Bo"), "password": Element("")}, data_secret="s" * 16, data_pub="k")
    actions.SUBMITS["online-join"](online, join)
    assert ("join", "s" * 16, "Bo", None) in online.did and online.pub == "k"
    nameless = Online(name="", fields={"name": Element(" ")})
    actions.SUBMITS["online-code"](nameless, Form("online-code", {"code": Element("ABCD-2345")}))
    assert nameless.fields["name"].focused and "redeem" not in names(nameless)
    online = Online(fields={"name": Element("")})  # the name used last time
    actions.SUBMITS["online-code"](online, Form("online-code", {"code": Element("abcd2345")}))
    assert ("redeem", "abcd2345", "Ann") in online.did
    online = Online()
    actions.SUBMITS["online-create"](online, Form("online-create", dict(fields, name=Element("  "))))
    assert online.did == []  # no name: nothing happens (the field is required)


def test_every_module_of_the_package_says_its_job() -> None:
    for path in sorted(Path(ONLINE).glob("*.py")):
        doc = ast.get_docstring(ast.parse(path.read_text(encoding="utf-8")))
        assert doc and len(doc) > 80, path.name
        assert len(path.read_text(encoding="utf-8").splitlines()) < 420, path.name


@pytest.mark.parametrize("path", sorted(ONLINE.glob("*.py")), ids=lambda p: p.name)
def test_no_online_module_writes_markup_as_text(path) -> None:
    """The rule of test_no_markup_text.py (which reads static/app/*.py) for the package's files too."""
    assert markup_text(path.read_text(encoding="utf-8"), path.name) == []
    assert "def esc(" not in path.read_text(encoding="utf-8")


def test_every_key_the_online_package_words_is_in_the_catalog() -> None:
    """The check of tests/browser/test_catalog.py (which reads static/app/*.py) for the package's files too."""
    used: set[str] = set()
    for path in ONLINE.glob("*.py"):
        used |= set(re.findall(r"""\bt\(\s*"([a-z0-9_]+)\"""", path.read_text(encoding="utf-8")))
    missing = sorted(key for key in used if key not in CATALOG and not any(k.startswith(key) for k in CATALOG))
    assert not missing and len(used) > 50


@pytest.mark.parametrize("preset", ["standard", "windows"])
def test_the_hosts_lobby_listing_of_a_real_room_passes_the_guest_boundary(lang, preset) -> None:
    table = room.Room(Rules.from_dict({"preset": preset}), room.RoomConfig.from_json({"password": "pw"}), "Ann <b>")
    table.receive(room.HOST, {"t": "fill", "seat": "E", "level": "expert"}, 0)
    summary = table.summary()
    listing = links.listing(summary, "a" * 26, "B-_" * 15)
    assert guest.check_listing(listing) == listing
    assert listing["seats"]["S"] == "Ann <b>" and listing["seats"]["N"] is None and listing["seats"]["E"]
    assert (listing["preset"], listing["password"], listing["started"]) == (preset, True, False)
