"""The takeover's pure page parts (static/app/online/succession.py, record.py) and the handlers that feed them.

- Every page reads the same order from the room message: the successors' keys by place, my own place, whether a
  takeover makes sense at all, and what is said once a new host's first room message came.
- The public record asks each finished hand once, a few at a time, whatever order the answers come in, and keeps
  a hand the review asked for without hiding it from the review; it goes into storage and back unchanged, and
  what it hands to op ``room_takeover`` is the room, the hands from the first in order, and the chat.
- The handlers keep the record and hand the link's news of a new host on (a stand-in for life.py's ``Online``).
"""

from __future__ import annotations

import json
import random

import i18n
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from online import handlers, record, succession

from spades import Rules, Seat, worker
from spades.table import fairdeal, room
from tests.page.conftest import APP, HOSTILE
from tests.page.test_online_micropython import pytestmark as needs
from tests.page.test_online_micropython import run_cpython, run_micropython
from tests.page.test_online_parts import Online, names
from tests.page.test_online_views import a_room, seat
from tests.portable import test_takeover as portable

KEYS = {s: s * 87 for s in "NESW"}  # a key is 87 base64url characters (the 65-byte raw point)


def keyed_room(order=("W", "N", "E"), host="S", **fields):
    """A started room: Ann hosts at ``host``, Bo, Cy, Di elsewhere, each with a key; ``order`` its succession."""
    names = dict(zip("NESW", ("Bo", "Cy", "Ann", "Di"), strict=True))
    seats = {s: seat("person", name=names[s], host=s == host, ready=True) for s in "NESW"}
    for s in "NESW":
        seats[s]["key"] = None if s == host else KEYS[s]
    fields.setdefault("started", True)
    return a_room(seats=seats, succession=list(order), **fields)


# ------------------------------------------------------------------ who takes over


def test_the_successors_keys_come_in_the_rooms_order_and_my_place_is_my_seats_index() -> None:
    room = keyed_room()
    assert succession.successor_keys(room) == [KEYS["W"], KEYS["N"], KEYS["E"]]
    assert [succession.place_of(room, s) for s in "NESW"] == [1, 2, None, 0]
    # the key of the host followed now is never one of its own successors; a seat without a key keeps its place
    room["seats"]["N"]["key"] = None
    assert succession.successor_keys(room, current=KEYS["W"]) == [None, None, KEYS["E"]]


@pytest.mark.parametrize(
    ("order", "seats"),
    [(["N", "N", "E"], ["N", "E"]), (["X", "E"], ["E"]), ("NE", []), (None, []), ([1, "E", None], ["E"])],
    ids=["twice", "not a seat", "text", "none", "junk"],
)
def test_a_succession_holds_only_seats_each_once(order, seats) -> None:
    room = keyed_room()
    room["succession"] = order
    assert succession.succession(room) == seats


def test_only_a_seated_successor_of_a_game_going_on_may_take_over() -> None:
    room = keyed_room()
    assert succession.may_take_over(room, {"seat": "W"})
    assert not succession.may_take_over(room, {"seat": "S"})  # the host itself is no successor
    assert not succession.may_take_over(room, {"seat": None, "spectator": True})
    assert not succession.may_take_over(keyed_room(started=False), {"seat": "W"})
    assert succession.may_take_over(keyed_room(started=False, starting=True), {"seat": "W"})  # hand 1 waits
    assert not succession.may_take_over(keyed_room(ended="unscored"), {"seat": "W"})
    assert not succession.may_take_over(room, {"seat": "W"}, ended="left")
    assert not succession.may_take_over(None, None)


def test_the_game_is_on_once_started_or_while_hand_one_waits_for_its_secrets() -> None:
    """The host's page opens its room window only before the game is on (dialog.py ``render_lobby``): a room taken
    over before hand 1 was dealt is ``starting``, its people at the table, and no window opens on them."""
    assert not succession.game_on(keyed_room(started=False)) and not succession.game_on(None)
    assert succession.game_on(keyed_room(started=False, starting=True)) and succession.game_on(keyed_room())


@pytest.mark.parametrize(
    ("kind", "phase", "keys"),
    [
        ("casual", "playing", ["online_host_now", "online_redealt"]),
        ("casual", "bidding", ["online_host_now", "online_redealt"]),
        ("casual", "hand-over", ["online_host_now"]),  # nothing was in progress: nothing dealt again
        ("rated", "playing", ["online_host_now"]),  # a rated table votes, as for a dropped player
    ],
)
def test_the_page_says_who_hosts_now_and_whether_the_hand_was_dealt_again(kind, phase, keys) -> None:
    room = keyed_room(host="W", kind=kind)
    lines = succession.takeover_lines(room, {"phase": phase})
    assert [key for key, _ in lines] == keys and lines[0][1] == {"name": "Di"}


@settings(max_examples=40, deadline=None)
@given(name=HOSTILE, lang=st.sampled_from(["en", "zh-Hans", "zh-Hant"]))
def test_the_new_hosts_name_is_said_as_it_is_in_every_language(name, lang) -> None:
    room = keyed_room(host="N")
    room["seats"]["N"]["name"] = name
    i18n.set_lang(lang)
    try:
        (key, params), redealt = succession.takeover_lines(room, {"phase": "playing"})
        assert name in i18n.t(key, **params) and i18n.t(redealt[0]) != redealt[0]
    finally:
        i18n.set_lang("en")


# ------------------------------------------------------------------ giving way to a successor, by the rules

GRACE = succession.TAKEOVER_GRACE_MS
GUEST_SEATS = (("p-w", "W"), ("p-n", "N"), ("p-e", "E"))


def playing_room():
    """A real room (spades.table.room) of Ann (host, South) and three guests with keys, started."""
    made = room.Room(Rules(), room.RoomConfig(), "Ann", Seat.S)
    for peer, at in GUEST_SEATS:
        made.receive(peer, {"t": "hello", "name": "G" + at, "via": "invite", "lang": "en", "key": KEYS[at]}, 0)
        made.receive(peer, {"t": "sit", "seat": at}, 0)
        made.receive(peer, {"t": "ready", "ready": True}, 0)
    made.receive(room.HOST, {"t": "start"}, 0)
    return made


def test_the_pages_grace_is_the_links_own() -> None:
    source = (APP / "../online/session.mjs").read_text(encoding="utf-8")
    assert f"export const TAKEOVER_GRACE_MS = {GRACE};" in source
    assert f"export const CHAIN_LINKS = {record.CHAIN_LINKS};" in source  # the longest chain, both sides
    boundary = (APP / "online" / "boundary.py").read_text(encoding="utf-8")
    assert f"FAIR_KEEP = {fairdeal.HANDS_KEPT} " in boundary  # the page keeps as many deals as the room


@settings(max_examples=60, deadline=None)
@given(later=st.integers(0, 10**7), stranger=st.sampled_from(["", "x" * 87, None, 5]))
def test_a_host_that_has_its_people_never_gives_way_to_a_successors_signed_frame(later, stranger) -> None:
    made = playing_room()
    message = made.summary()
    keys = succession.successor_keys(message)
    assert keys == [KEYS["W"], KEYS["N"], KEYS["E"]]
    absence = succession.Absence()
    absence.room(message, 0)
    for key in [*keys, stranger]:
        assert not succession.yields_to(keys, key, absence.away_ms(later))


@settings(max_examples=80, deadline=None)
@given(gone=st.integers(0, 3 * GRACE), after=st.integers(0, 3 * GRACE), later=st.integers(0, 10**7))
def test_a_resumed_host_gives_way_only_after_a_grace_without_its_people_and_never_once_they_are_back(
    gone, after, later
) -> None:
    made = playing_room()
    keys = succession.successor_keys(made.summary())
    token = made.members["p-n"].token
    alive = 1000  # the earlier page's last heartbeat; the page was closed for ``gone``, then resumed from its save
    resumed = room.Room.load(made.save(), alive + gone)
    absence = succession.Absence(alive)
    absence.room(resumed.summary(), alive + gone)
    assert succession.succession(resumed.summary()) == []  # nobody is back yet
    now = alive + gone + after
    assert succession.yields_to(keys, keys[0], absence.away_ms(now)) == (gone + after >= GRACE)
    assert not succession.yields_to(keys, "x" * 87, absence.away_ms(now))  # not a successor's key: never
    # North comes back to the resumed host (its token): the absence is over, and no later frame makes it give way
    resumed.receive("p-n2", {"t": "hello", "name": "GN", "via": "invite", "lang": "en", "token": token}, now)
    absence.room(resumed.summary(), now)
    assert succession.succession(resumed.summary()) == ["N"]
    assert not any(succession.yields_to(keys, key, absence.away_ms(now + later)) for key in keys)


def test_a_host_whose_people_all_dropped_gives_way_a_grace_after_the_last_one_went() -> None:
    made = playing_room()
    keys = succession.successor_keys(made.summary())
    absence = succession.Absence()
    for when, (peer, _) in enumerate(GUEST_SEATS):
        made.disconnect(peer, 1000 * when)
        absence.room(made.summary(), 1000 * when)
    last = 1000 * (len(GUEST_SEATS) - 1)
    assert not succession.yields_to(keys, keys[1], absence.away_ms(last + GRACE - 1))
    assert succession.yields_to(keys, keys[1], absence.away_ms(last + GRACE))


def test_two_successors_that_both_took_over_end_under_the_earlier_one_and_never_give_way_to_each_other() -> None:
    # on a slow machine the later successor's link may not find the earlier one's new host before its own turn:
    # both host, each alone; whichever frame reaches the other, only the later one gives way (takeover.py
    # first_yields: a host built by takeover yields to the successors before its own place)
    message = playing_room().summary()
    order = succession.succession(message)
    assert order == ["W", "N", "E"]
    for i, mine in enumerate(order):
        yields = succession.earlier_keys(message, mine)
        assert yields == [KEYS[seat] for seat in order[:i]]
        for j, other in enumerate(order):
            if other != mine:
                assert succession.yields_to(yields, KEYS[other], GRACE) == (j < i), (mine, other)
    # the host and a seat outside the succession yield to no earlier successor; a seat without a key is skipped
    assert succession.earlier_keys(message, "S") == [] and succession.earlier_keys(None, "E") == []
    assert succession.host_seat(message) == "S" and succession.host_seat({"seats": []}) is None
    message["seats"]["N"]["key"] = None
    assert succession.earlier_keys(message, "E") == [KEYS["W"]]


# ------------------------------------------------------------------ the public record


def a_hand(number):
    return {"number": number, "tricks": [], "result": {"hand": number}, "sheet": {}}


def test_each_finished_hand_is_asked_once_a_few_at_a_time_lowest_first() -> None:
    rec = record.Record("s")
    assert rec.missing(0) == [] and rec.missing(None) == [] and rec.missing(True) == []
    assert rec.missing(1) == [1]
    assert rec.missing(1) == []  # asked already
    assert rec.missing(9) == [2, 3, 4]  # at most ASK_AT_ONCE outstanding
    assert rec.keep_hand(a_hand(3)) and rec.missing(9) == [5]
    assert not rec.keep_hand(a_hand(7))  # the review's question, kept all the same
    assert rec.keep_hand(a_hand(1)) and rec.keep_hand(a_hand(2))
    assert rec.missing(9) == [6, 8]
    assert [h["number"] for h in rec.complete()] == [1, 2, 3]  # up to the first missing one


@settings(max_examples=60, deadline=None)
@given(total=st.integers(1, 30), rnd=st.randoms(use_true_random=False))
def test_whatever_order_the_answers_come_in_every_hand_is_asked_exactly_once_and_kept(total, rnd) -> None:
    rec = record.Record("s")
    asked: list[int] = []
    waiting: list[int] = []
    scored = 0
    while len(rec.complete()) < total:
        if scored < total and rnd.random() < 0.5:
            scored += 1  # a hand finished: the next state says so
        new = rec.missing(scored)
        asked += new
        waiting += new
        assert len(waiting) <= record.ASK_AT_ONCE
        if waiting and rnd.random() < 0.5:  # an answer comes, any of those waiting
            assert rec.keep_hand(a_hand(waiting.pop(rnd.randrange(len(waiting)))))
        elif scored == total and not new:
            assert waiting, "the record stalled"
    assert sorted(asked) == list(range(1, total + 1))


def test_the_record_goes_into_storage_and_back_unchanged_and_only_for_its_own_table() -> None:
    rec = record.Record("s", room=keyed_room(), host=KEYS["W"])
    rec.keep_hand(a_hand(1))
    rec.keep_hand(a_hand(2))
    rec.keep_chat([{"id": i, "text": str(i)} for i in range(150)] + ["junk"])
    back = record.Record.from_json(rec.to_json(), "s")
    assert back.to_json() == rec.to_json() and len(back.chat) == record.CHAT_KEEP and back.host == KEYS["W"]
    assert back.public() == {"room": rec.room, "hands": [a_hand(1), a_hand(2)], "chat": rec.chat, "scored": 0}
    rec.missing(3)  # the states say 3 hands are finished: the takeover refuses a record that holds only 2
    assert record.Record.from_json(rec.to_json(), "s").public()["scored"] == 3
    for junk in (None, [], "x", {"secret": "other"}, {"secret": "s", "hands": "x", "chat": 3, "room": [], "host": 1}):
        empty = record.Record.from_json(junk, "s")
        assert empty.public() == {"room": None, "hands": [], "chat": [], "scored": 0} and empty.host is None


LINK = {"by": KEYS["S"], "keys": [KEYS["W"], KEYS["N"], KEYS["E"]], "sig": "s" * 86}


@pytest.mark.parametrize(
    "junk",
    [
        None,
        "chain",
        [LINK, "x"],
        [{**LINK, "keys": "W"}],
        [{**LINK, "keys": [1]}],
        [{**LINK, "sig": None}],
        [{"keys": [], "sig": "s"}],
        [{**LINK, "keys": [KEYS["W"]] * 5}],
        [LINK] * 9,
    ],
)
def test_a_takeovers_chain_goes_into_storage_and_back_and_anything_else_is_no_chain(junk) -> None:
    kept = record.Record("s", host=KEYS["W"], chain=[LINK, {**LINK, "by": KEYS["W"]}])
    back = record.Record.from_json(json.loads(json.dumps(kept.to_json())), "s")
    assert back.chain == kept.chain == [LINK, {**LINK, "by": KEYS["W"]}] and back.host == KEYS["W"]
    assert record.Record("s", chain=junk).chain == []
    assert record.Record.from_json({"secret": "s", "chain": junk}, "s").chain == []


def test_a_hand_without_a_whole_number_in_range_is_not_kept() -> None:
    rec = record.Record("s")
    for hand in (None, {}, {"number": "1"}, {"number": True}, {"number": 0}, {"number": record.HANDS_LIMIT + 1}):
        assert not rec.keep_hand(hand)
    assert rec.hands == {}


# ------------------------------------------------------------------ the handlers


def test_the_handlers_keep_the_record_and_follow_the_links_new_host() -> None:
    online = Online()
    handlers.MESSAGES["room"](online, keyed_room())
    handlers.MESSAGES["state"](online, {"t": "state", "state": {"seq": 4, "hands_scored": 1}})
    handlers.MESSAGES["chat"](online, {"t": "chat", "id": 1, "from": "Bo", "text": "hi"})
    handlers.STATUS["host_changed"](online, {"t": "host_changed", "key": KEYS["W"]})
    handlers.STATUS["host_changed"](online, {"t": "host_changed", "key": None})  # nothing to follow
    done = names(online)
    assert done.index("record_room") < done.index("render_bar")  # the succession reaches the link at once
    assert {"record_state", "record_chat"} <= set(done)
    assert [entry for entry in online.did if entry[0] == "follow_host"] == [("follow_host", KEYS["W"])]
    assert [entry[1] for entry in online.did if entry[0] == "record_state"] == [{"seq": 4, "hands_scored": 1}]


@pytest.mark.parametrize("lang", ["en", "zh-Hans", "zh-Hant"])
def test_a_table_nobody_is_left_to_host_is_said_plainly_instead_of_connecting_forever(lang) -> None:
    i18n.set_lang(lang)
    try:
        online = Online(connected=True)
        handlers.STATUS["host_gone"](online, {"t": "host_gone"})  # every successor's turn passed (session.mjs)
        assert ("notice", i18n.t("online_table_gone")) in online.did and not online.connected
        fresh = Online()
        handlers.STATUS["nobody"](fresh, {"t": "nobody"})  # a link that never found a host
        assert ("show_status", i18n.t("online_nobody")) in fresh.did
        assert i18n.t("online_nobody") != i18n.t("online_connecting") != "online_nobody"
        seated = Online(connected=True)
        handlers.STATUS["nobody"](seated, {"t": "nobody"})
        assert not [entry for entry in seated.did if entry[0] == "show_status"]  # a host answers: nothing to say
    finally:
        i18n.set_lang("en")


def test_a_hand_the_record_asked_for_is_kept_and_not_shown_as_a_review() -> None:
    class Keeping(Online):
        def record_hand(self, hand):
            self.did.append(("record_hand", hand))
            return True

    online = Keeping()
    handlers.MESSAGES["hand"](online, {"t": "hand", "hand": a_hand(2)})
    assert names(online) == ["record_hand"]


# ------------------------------------------------------------------ the same in the page's MicroPython


def test_micropython_reads_the_same_succession_as_cpython() -> None:
    if needs.args[0]:
        pytest.skip(needs.kwargs["reason"])
    rooms = [keyed_room(), keyed_room(order=["N", "X", "N"], host="W", kind="rated"), keyed_room(started=False)]
    cases = []
    for message in rooms:
        cases += [
            {"module": "online.succession", "fn": "successor_keys", "args": [message, KEYS["W"]]},
            {"module": "online.succession", "fn": "place_of", "args": [message, "N"]},
            {"module": "online.succession", "fn": "earlier_keys", "args": [message, "E"]},
            {"module": "online.succession", "fn": "host_seat", "args": [message]},
            {"module": "online.succession", "fn": "may_take_over", "args": [message, {"seat": "N"}, None]},
            {"module": "online.succession", "fn": "takeover_lines", "args": [message, {"phase": "playing"}]},
        ]
    keys = [KEYS["W"], KEYS["N"]]
    for key, away in ((KEYS["W"], GRACE), (KEYS["N"], GRACE - 1), ("x", 10**6), (None, 10**6), (KEYS["N"], 10**6)):
        cases.append({"module": "online.succession", "fn": "yields_to", "args": [keys, key, away]})
    assert run_micropython(cases, "en") == run_cpython(cases)


def test_a_resumed_host_finds_its_own_seat_token_in_its_rooms_save() -> None:
    made = room.Room(Rules(), room.RoomConfig(), "Ann", Seat.S)
    made.receive("p1", {"t": "hello", "name": "Bo", "via": "invite", "lang": "en"}, 0)
    save = made.save()
    assert record.host_token(save) == made.members[room.HOST].token != ""
    assert record.host_token(None) == record.host_token({"members": [{"peer": "host"}]}) == ""


# ------------------------------------------------------------------ the record, as room_takeover takes it


class RecordingPage(portable.Page):
    """A guest's page that keeps the public record as handlers.py and takeover.py do (record.py), not as the
    portable test's own page does: the room message, the hands it asks for from its states, the chat."""

    def __init__(self, peer, seat, device=False):
        super().__init__(peer, seat, device)
        self.record = record.Record("s")

    def take(self, message):
        answers = super().take(message)
        kind = message["t"]
        if kind == "room":
            self.record.room = self.room
        elif kind == "hand":
            self.record.keep_hand(self.hands[message["hand"]["number"]])
        elif kind == "chat":
            self.record.keep_chat(self.chat)
        return answers

    def missing_hands(self):
        return self.record.missing(self.state["hands_scored"])


def test_the_pages_record_is_what_room_takeover_takes_and_every_score_sheet_survives(monkeypatch) -> None:
    monkeypatch.setattr(portable, "Page", RecordingPage)
    rng = random.Random(7)
    world = portable.seated(computers=("W",))
    world.play(190, rng)  # into hand 3 or so
    world.send(world.room.receive("p-N", {"t": "chat", "text": "hi"}, world.now))
    before = world.room.table.scored_hands()
    backup = world.pages["p-N"]
    stored = record.Record.from_json(json.loads(json.dumps(backup.record.to_json())), "s")  # through storage
    assert stored.public()["scored"] == len(before["results"]) >= 2
    args = {"table": "page-record", "public": stored.public(), "peer": "p-N2", "name": "Nora", "now": world.now,
            "seed": 5, "token": backup.token}  # fmt: skip
    answer = json.loads(worker.handle("room_takeover", json.dumps(args)))
    assert "error" not in answer, answer
    assert answer["seat"] == "N" and worker._rooms["page-record"].table.scored_hands() == before
    # a record that lost a hand its states said was finished is refused, in one line, rather than losing it
    args["public"] = dict(stored.public(), hands=stored.public()["hands"][1:], scored=len(before["results"]))
    refused = json.loads(worker.handle("room_takeover", json.dumps(args)))
    assert refused.get("code", "").startswith("takeover_") and "\n" not in refused["error"]
