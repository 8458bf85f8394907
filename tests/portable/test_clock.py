"""The move clock of an online room, in CPython (pytest) and inside Pyodide (``node tests/pyodide/run.mjs``).

A table's clock gives each person's bid or card a move time, and each seat a reserve a hand that overtime eats;
when both are gone a casual table's computer plays for the seat (away, back with one tap), a rated table asks the
others to wait or end unscored (tests/test_blindtable.py: a rated table is dealt host-blind).  Nothing is timed
while the game waits for something else.
"""

import json

from spades import Seat
from spades.rules import Rules
from spades.table.guest import check_host_message
from spades.table.room import HOST, TRICK_SHOWN_MS, Room, RoomConfig, RoomError

GUESTS = {"p-e": "E", "p-n": "N", "p-w": "W"}
MOVE, RESERVE = 20_000, 60_000


class Net:
    """Every message each peer received, and the time."""

    def __init__(self):
        self.log = {}
        self.now = 1000.0

    def take(self, out):
        for peer, message in out:
            self.log.setdefault(peer, []).append(json.loads(json.dumps(message)))
        return out

    def last(self, peer, kind):
        return next((m for m in reversed(self.log.get(peer, [])) if m["t"] == kind), None)


def peer_of(seat):
    return HOST if seat == "S" else next(p for p, s in GUESTS.items() if s == seat)


def make_room(kind="casual", clock=(MOVE, RESERVE), guests=GUESTS, seed=5):
    net = Net()
    count = [0]

    def token():
        count[0] += 1
        return "token-" + str(count[0])

    room = Room(
        Rules.from_dict({"preset": "standard"}), RoomConfig(kind, clock=clock), "Host", Seat.S, seed=seed, token=token
    )
    for peer, seat in guests.items():
        net.take(room.receive(peer, {"t": "hello", "name": "Guest " + seat, "lang": "en"}, net.now))
        net.take(room.receive(peer, {"t": "sit", "seat": seat}, net.now))
        net.take(room.receive(peer, {"t": "ready", "ready": True}, net.now))
    for seat in "NEW":
        if seat not in guests.values():
            net.take(room.receive(HOST, {"t": "fill", "seat": seat, "level": "beginner"}, net.now))
    net.take(room.receive(HOST, {"t": "start"}, net.now))
    return room, net


def move(room, net, after=0, counters={}):  # noqa: B006 (one numbering for the whole test run: n only increases)
    """The seat to move bids 2 (or its last legal bid) or plays its first legal card, ``after`` ms from now."""
    seat = room.table.game.turn.name
    peer = peer_of(seat)
    state = net.last(peer, "state")["state"]
    if state["phase"] == "bidding":
        intent = {"type": "bid", "bid": 2 if 2 in state["legal_bids"] else state["legal_bids"][-1]}
    else:
        intent = {"type": "play", "card": next(h["card"] for h in state["hand"] if h["legal"])}
    counters[peer] = counters.get(peer, 0) + 1
    net.now += after
    return net.take(room.receive(peer, {"t": "intent", "n": counters[peer] + 10**6, "intent": intent}, net.now))


def tick(room, net, after):
    net.now += after
    return net.take(room.tick(net.now))


def test_every_state_says_whose_move_is_timed_and_how_much_time_is_left():
    room, net = make_room()
    seat = room.table.game.turn.name
    for peer in [HOST, *GUESTS]:
        assert net.last(peer, "state")["clock"] == {"seat": seat, "move_ms": MOVE, "reserve_ms": RESERVE}
    assert net.last(HOST, "room")["clock"] == {"move_ms": MOVE, "reserve_ms": RESERVE}
    move(room, net, after=25_000)  # 5 s of overtime: from the reserve
    assert room.clock()["seat"] == room.table.game.turn.name != seat
    assert room._reserves[Seat[seat]] == RESERVE - 5_000


def test_a_table_without_a_clock_sends_no_clock_and_never_times_out():
    room, net = make_room(clock=None)
    assert "clock" not in net.last("p-e", "state") and net.last(HOST, "room")["clock"] is None
    turn = room.table.game.turn
    assert tick(room, net, 10**7) == [] and room.table.seats[turn].away is False


def test_casual_a_seat_out_of_move_time_and_reserve_is_played_by_the_computer_and_taken_back_with_one_tap():
    room, net = make_room()
    seat = room.table.game.turn
    peer = peer_of(seat.name)
    assert tick(room, net, MOVE + RESERVE - 1) == []  # a millisecond left
    out = tick(room, net, 1)
    assert room.table.seats[seat].away and net.last(peer, "room")["seats"][seat.name]["occupant"] == "away"
    assert any(m["t"] == "state" and m["clock"] is None for _, m in out)  # nobody is timed while the computer plays
    net.take(room.step(net.now))  # the host's page paces the computer's move
    assert room.table.game.turn != seat and len(room.table.game.history[-1].moves) == 1
    net.take(room.receive(peer, {"t": "computer", "on": False}, net.now))  # Play myself again
    assert not room.table.seats[seat].away
    assert room._reserves[seat] == 0  # the reserve is gone for this hand: only move times now


def test_the_person_who_takes_the_seat_back_on_their_turn_has_a_fresh_move_time_without_reserve():
    room, net = make_room(guests={"p-e": "E", "p-n": "N"})  # W is a computer
    while room.table.game.turn != Seat.E:
        if room.table.seats[room.table.game.turn].kind == "computer":
            net.take(room.step(net.now))
        else:
            move(room, net)
    tick(room, net, MOVE + RESERVE)
    assert room.table.seats[Seat.E].away
    net.now += 100
    net.take(room.receive("p-e", {"t": "computer", "on": False}, net.now))  # back before the computer moved
    assert room.clock() == {"seat": "E", "move_ms": MOVE, "reserve_ms": 0}
    assert net.last("p-n", "state")["clock"] == {"seat": "E", "move_ms": MOVE, "reserve_ms": 0}
    assert tick(room, net, MOVE - 1) == [] and not room.table.seats[Seat.E].away
    tick(room, net, 1)
    assert room.table.seats[Seat.E].away


def test_the_reserve_is_whole_again_at_every_new_hand():
    room, net = make_room()
    move(room, net, after=MOVE + 30_000)
    first = room.table.game.history[-1].dealer
    while room.table.game.phase.value not in ("hand-over", "game-over"):
        move(room, net, after=10)
    assert room.clock() is None and tick(room, net, 10 * (MOVE + RESERVE)) == []  # the end of a hand: not timed
    assert room._reserves
    net.take(room.receive(HOST, {"t": "intent", "n": 10**9, "intent": {"type": "next_hand"}}, net.now))
    assert room.table.game.history[-1].dealer != first
    assert room._reserves == {} and room.clock()["reserve_ms"] == RESERVE


def test_a_dropped_player_is_not_timed_and_comes_back_to_a_fresh_move_time():
    room, net = make_room()
    while room.table.game.turn == Seat.S:
        move(room, net)
    seat = room.table.game.turn
    peer = peer_of(seat.name)
    net.now += MOVE + 1000  # 1 s of reserve spent when the connection drops
    out = net.take(room.disconnect(peer, net.now))
    assert {to for to, m in out if m["t"] == "state" and m["clock"] is None} == {HOST, *GUESTS} - {peer}  # said
    assert room.clock() is None and room._reserves[seat] == RESERVE - 1000
    net.now += 2000  # within the grace period (the grace period and the vote handle a drop, not the clock)
    hello = {"t": "hello", "name": "x", "lang": "en", "token": room.members[peer].token}
    net.take(room.receive(peer, hello, net.now))
    assert room.clock() == {"seat": seat.name, "move_ms": MOVE, "reserve_ms": RESERVE - 1000}
    assert net.last(peer, "state")["clock"] == room.clock()


def test_a_step_without_a_time_times_the_next_person_from_the_next_call_with_one():
    room, net = make_room(guests={"p-e": "E"})  # N and W are computers
    while room.table.game.turn != Seat.N:
        if room.table.seats[room.table.game.turn].kind == "computer":
            net.take(room.step(net.now))
        else:
            move(room, net)
    out = net.take(room.step())  # N moves; E is to move: no time known
    assert room.table.game.turn == Seat.E
    assert next(m["clock"] for _, m in out if m["t"] == "state") == {
        "seat": "E",
        "move_ms": MOVE,
        "reserve_ms": RESERVE,
    }
    tick(room, net, 5000)  # the turn starts now
    assert room.clock() == {"seat": "E", "move_ms": MOVE, "reserve_ms": RESERVE}
    tick(room, net, 5000)
    assert room.clock()["move_ms"] == MOVE - 5000


def test_the_save_keeps_the_clock_and_the_reserves_and_loading_times_the_turn_from_then():
    room, net = make_room()
    seat = room.table.game.turn
    move(room, net, after=MOVE + 12_000)
    save = room.save()
    assert save["config"]["clock"] == {"move_ms": MOVE, "reserve_ms": RESERVE}
    back = Room.load(json.loads(json.dumps(save)), 50_000.0)
    assert back.config.clock == (MOVE, RESERVE) and back._reserves == {seat: RESERVE - 12_000}
    back.opening()
    turn = room.table.game.turn.name
    assert back.clock() is None  # the guest to move is away until it reconnects
    hello = {"t": "hello", "name": "x", "lang": "en", "token": room.members[peer_of(turn)].token}
    back.receive(peer_of(turn), hello, 51_000.0)
    assert back.clock() == {"seat": turn, "move_ms": MOVE, "reserve_ms": RESERVE}
    assert back.save()["reserves"] == save["reserves"]


def test_clock_settings_out_of_bounds_are_refused_with_one_line():
    for bad in (
        {"move_ms": 999, "reserve_ms": 0},
        {"move_ms": 20_000},
        {"move_ms": 20_000, "reserve_ms": -1},
        {"move_ms": True, "reserve_ms": 0},
        {"move_ms": 20_000, "reserve_ms": 3_600_001},
        20,
    ):
        try:
            RoomConfig.from_json({"clock": bad})
        except RoomError as error:
            assert "clock" in str(error) and "\n" not in str(error)
        else:
            raise AssertionError(bad)
    assert RoomConfig.from_json({"clock": {"move_ms": 1000, "reserve_ms": 0}}).clock == (1000, 0)
    room, _ = make_room()
    save = room.save()
    save["reserves"]["N"] = RESERVE + 1
    try:
        Room.load(save, 0.0)
    except RoomError as error:
        assert "reserves.N" in str(error)
    else:
        raise AssertionError("a reserve above the clock's loaded")


def test_every_message_of_clocked_rooms_passes_the_guest_boundary_and_comes_back_equal():
    seen = set()  # (a rated table's vote on a seat out of time: tests/test_blindtable.py, its hands host-blind)
    room, net = make_room("casual")
    tick(room, net, MOVE + RESERVE)  # the computer
    net.take(room.step(net.now))
    for _ in range(6):
        if room.table.seats[room.table.game.turn].kind == "computer" or room.table.seats[room.table.game.turn].away:
            net.take(room.step(net.now))
        else:
            move(room, net, after=MOVE + 1000)
    for peer, messages in net.log.items():
        if peer == HOST:
            continue
        for message in messages:
            assert check_host_message(message) == message
            seen.add((message["t"], "clock" in message and message["clock"] is not None, message.get("why")))
    assert {("state", True, None), ("state", False, None)} <= seen


def test_the_running_clock_sends_nothing_until_something_happens():
    room, net = make_room()
    for _ in range(MOVE // 1000 + RESERVE // 1000 - 1):  # the host's page ticks every second (session.mjs TICK_MS)
        assert tick(room, net, 1000) == []  # no room message, no state: the pages count down by themselves
    out = tick(room, net, 1000)  # out of time: the seat goes to the computer, said once
    assert sorted({m["t"] for _, m in out}) == ["room", "state"] and len(out) == 2 * (1 + len(GUESTS))


def test_the_lead_after_a_finished_trick_is_timed_once_the_trick_is_gathered():
    room, net = make_room()
    for _ in range(4 + 4):  # the bids, then the first trick
        move(room, net, after=10)
    leader = room.table.game.turn
    clock = room.clock()
    assert clock == {"seat": leader.name, "move_ms": MOVE, "reserve_ms": RESERVE, "wait_ms": TRICK_SHOWN_MS}
    assert net.last("p-e", "state")["clock"] == clock
    assert check_host_message(net.last("p-e", "state")) == net.last("p-e", "state")  # wait_ms declared
    assert tick(room, net, MOVE + RESERVE) == [] and not room.table.seats[leader].away
    tick(room, net, TRICK_SHOWN_MS)
    assert room.table.seats[leader].away
    for _ in range(2):  # the second card of a trick has no wait
        net.take(room.step(net.now))
    assert "wait_ms" not in (room.clock() or {})
