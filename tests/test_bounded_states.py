"""No message grows with the game (issue 19, item 6): a viewer state holds the current hand, the totals, bags, the
number of hands scored and the last scored hand's result and sheet; earlier hands come on demand (the worker's op
``sheets``, the room's ``sheets`` message, within the room's ``SHEETS_BYTES``).

Sixty hands at a table whose target is never reached: every state of every viewer, and every message the room sends
any peer, stays under :data:`LIMIT` bytes of JSON text; and what comes on demand is the whole game, hand by hand.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from spades import Seat
from spades.formats.scoresheet import HandNotFinished
from spades.rules import Rules
from spades.table import Occupant, Table
from spades.table.room import HOST, SHEETS_BYTES, Room, RoomConfig

LIMIT = 12_000
HANDS = 60
LONG = {"preset": "standard", "target": 1_000_000, "mercy": None}  # the game never ends early
GUESTS = {"p-e": "E", "p-n": "N", "p-w": "W"}


def size(message: object) -> int:
    return len(json.dumps(message, ensure_ascii=False).encode())


def first_legal(level: str, view: Any, seed: int) -> tuple[Any, None]:
    return view.legal[0], None


def test_sixty_hands_at_a_table_every_state_stays_small_and_the_hands_come_on_demand() -> None:
    seats = {s: Occupant("person") if s is Seat.S else Occupant("computer", "beginner") for s in Seat}
    table = Table.new(LONG, seed=11, seats=seats, decide=first_legal)
    largest = 0
    kept: dict[int, tuple[dict[str, Any], dict[str, Any]]] = {}
    while len(table.game.results) < HANDS:
        for viewer in ("S", "N", "spectator", "spectator:all"):
            largest = max(largest, size(table.state(viewer)))
        state = table.state("S")
        if state["last_result"] is not None:
            kept[state["hands_scored"]] = (state["last_result"], state["last_sheet"])
        if table.computer_to_move() is not None:
            table.step()
        elif state["phase"] == "hand-over":
            table.act(Seat.S, {"type": "next_hand"})
        elif state["phase"] == "bidding":
            table.act(Seat.S, {"type": "bid", "bid": state["legal_bids"][-1]})
        else:
            table.act(Seat.S, {"type": "play", "card": next(h["card"] for h in state["hand"] if h["legal"])})
    state = table.state("S")
    assert state["phase"] == "hand-over" and state["hands_scored"] == HANDS and state["winner"] is None
    assert "results" not in state and "sheets" not in state
    assert largest < LIMIT, largest
    kept[HANDS] = (state["last_result"], state["last_sheet"])
    # what the states said hand by hand is what comes on demand, and the whole game is there
    scored = table.scored_hands()
    assert (scored["from"], scored["to"], len(scored["results"])) == (1, HANDS, HANDS)
    assert [(r, s) for r, s in zip(scored["results"], scored["sheets"], strict=True)] == [kept[n] for n in sorted(kept)]
    assert [r["number"] for r in scored["results"]] == list(range(1, HANDS + 1))
    assert scored["results"][-1]["totals"] == state["totals"]
    assert table.scored_hands(20, 22)["results"] == scored["results"][19:22]
    full = table.full_state("S")
    assert full["results"] == scored["results"] and full["sheets"] == scored["sheets"]
    for bad in ((0, 3), (3, HANDS + 1), (5, 4), ("1", 2), (1, 2.0)):
        with pytest.raises(HandNotFinished):
            table.scored_hands(*bad)


class SizedNet:
    """The transport: checks every message's size as it is sent and keeps only each peer's last of each type."""

    def __init__(self) -> None:
        self.now = 1000.0
        self.last: dict[tuple[str, str], dict[str, Any]] = {}
        self.largest: dict[str, int] = {}
        self.count = 0

    def take(self, out: list[tuple[str, dict[str, Any]]]) -> None:
        for peer, message in out:
            text = json.dumps(message, ensure_ascii=False)
            n = len(text.encode())
            assert n < LIMIT, (message["t"], n)
            self.largest[message["t"]] = max(self.largest.get(message["t"], 0), n)
            self.last[(peer, message["t"])] = json.loads(text)
            self.count += 1


def test_sixty_hands_in_a_room_every_message_stays_small_and_a_guest_gets_every_sheet() -> None:
    net = SizedNet()
    room = Room(Rules.from_dict(LONG), RoomConfig("casual"), "Host", Seat.S, seed=7)
    for peer, seat in GUESTS.items():
        net.take(room.receive(peer, {"t": "hello", "name": "Guest " + seat, "lang": "en"}, net.now))
        net.take(room.receive(peer, {"t": "sit", "seat": seat}, net.now))
        net.take(room.receive(peer, {"t": "ready", "ready": True}, net.now))
    net.take(room.receive("p-x", {"t": "hello", "name": "Watcher", "lang": "en"}, net.now))  # a spectator
    net.take(room.receive(HOST, {"t": "start"}, net.now))
    peers = {seat: peer for peer, seat in GUESTS.items()} | {"S": HOST}
    counters: dict[str, int] = {}
    table = room.table
    assert table is not None
    while len(room.table.game.results) < HANDS:
        game = room.table.game
        if game.phase.value == "hand-over":
            peer, intent = HOST, {"type": "next_hand"}
        else:
            assert game.turn is not None
            peer = peers[game.turn.name]
            state = net.last[(peer, "state")]["state"]
            if state["phase"] == "bidding":
                intent = {"type": "bid", "bid": 2 if 2 in state["legal_bids"] else state["legal_bids"][-1]}
            else:
                intent = {"type": "play", "card": next(h["card"] for h in state["hand"] if h["legal"])}
        counters[peer] = counters.get(peer, 0) + 1
        net.now += 1000  # well within every peer's rate limit
        net.take(room.receive(peer, {"t": "intent", "n": counters[peer], "intent": intent}, net.now))
    assert net.count > 60 * 52 * 4 and net.largest["state"] < LIMIT
    state = net.last[("p-e", "state")]["state"]
    assert state["hands_scored"] == HANDS and "results" not in state
    # a guest that joined late asks for the sheets it has not seen: answers fill up to SHEETS_BYTES, never more
    results: list[dict[str, Any]] = []
    sheets: list[dict[str, Any]] = []
    answers = 0
    while len(results) < HANDS:
        net.now += 1000
        net.take(room.receive("p-x", {"t": "sheets", "from": len(results) + 1, "to": HANDS}, net.now))
        answer = net.last[("p-x", "sheets")]
        assert answer["from"] == len(results) + 1 and len(answer["results"]) == answer["to"] - answer["from"] + 1
        assert size(answer) < SHEETS_BYTES + 200
        results += answer["results"]
        sheets += answer["sheets"]
        answers += 1
    assert 1 < answers < HANDS
    assert [r["number"] for r in results] == list(range(1, HANDS + 1)) and results[-1] == state["last_result"]
    assert sheets[-1] == state["last_sheet"]
    net.take(room.receive("p-x", {"t": "sheets", "from": HANDS, "to": HANDS + 1}, net.now + 1000))
    assert net.last[("p-x", "refused")]["code"] == "no_such_hand"


def test_a_finished_game_is_recorded_from_its_full_state_and_from_a_bounded_state_without_its_hands() -> None:
    from spades.stats.profile import ProfileError, game_from_state

    seats = {s: Occupant("computer", "standard") for s in Seat}
    table = Table.new({"preset": "short"}, seed=3, seats=seats)
    for _ in range(10_000):
        if not table.step():
            if table.game.phase.value == "game-over":
                break
            table.game.next_hand()
    full = game_from_state(table.full_state("S"), game_id="g", kind="solo", at="2026-11-30T10:00:00Z")
    assert full["hands"] is not None and len(full["hands"]) == table.state("S")["hands_scored"] > 1
    bare = game_from_state(table.state("S"), game_id="g", kind="solo", at="2026-11-30T10:00:00Z")
    assert bare["hands"] is None and {**bare, "hands": full["hands"]} == full
    with pytest.raises(ProfileError, match="no results"):
        game_from_state({**table.state("S"), "hands_scored": "3"}, game_id="g", kind="solo", at="2026-11-30T10:00:00Z")
