"""Claiming the rest (docs/table.md "Claims"), in CPython (pytest) and inside Pyodide (``node tests/pyodide/run.mjs``).

Plain functions with plain asserts: scripted deals where a claim holds and where a defence beats it, a claim with
the partner's nil, the other side's answers at a table with people on both sides, and the refusals, through the
table and through the worker's JSON operations.
"""

import json

from spades import Game, Rules, Seat, worker
from spades.errors import SpadesError
from spades.table import Occupant, Policy, Table
from spades.table.room import GRACE_MS, HOST, Room, RoomConfig

RANKS = "AKQJT98765432"


def suit(letter, ranks=RANKS):
    return [r + letter for r in ranks]


# South holds every spade: whoever leads, South follows or trumps and takes the trick.
ALL_SPADES = {
    "S": suit("S"),
    "N": suit("H", "AKQJT98") + suit("C", "AKQJT9"),
    "E": suit("H", "765432") + suit("C", "8765432"),
    "W": suit("D"),
}
# The same, but West's ace of spades for South's two: West takes a trick whenever it plays the ace.
ACE_WEST = {
    "S": [c for c in suit("S") if c != "AS"] + ["2D"],
    "N": ALL_SPADES["N"],
    "E": ALL_SPADES["E"],
    "W": ["AS", *suit("D", "AKQJT9876543")],
}


def refusal(table, seat, intent):
    """The code of the refusal of ``seat``'s ``intent`` (and that it changed nothing)."""
    before = (table.save(), table.seq, table.state(seat.name))
    try:
        table.act(seat, intent)
    except SpadesError as error:
        assert "\n" not in str(error)
        assert (table.save(), table.seq, table.state(seat.name)) == before
        return error.code
    raise AssertionError(f"{intent} was not refused")


def scripted(deal, seats=None, bids=(3, 3, 3, 3), policy=None):
    """A table on ``deal`` (dealer West: North bids and leads first) after the four ``bids`` (N, E, S, W),
    South a person, the others computers unless ``seats`` says otherwise."""
    game = Game(Rules.from_dict({"preset": "standard"}), seed=1, deal=deal)
    occupants = {seat: Occupant("computer") for seat in Seat}
    occupants[Seat.S] = Occupant("person")
    occupants.update(seats or {})
    for bid in bids:
        game.apply(bid)
    return Table(game, occupants, policy)


def to_south(table):
    """Let the computers move until it is South's turn."""
    while table.game.turn != Seat.S:
        assert table.step()


def test_a_claim_that_holds_is_played_out_at_once():
    table = scripted(ALL_SPADES, bids=(3, 1, 9, 1))
    to_south(table)
    assert table.state("S")["allowed"]["claim"]
    events = table.act(Seat.S, {"type": "claim"})
    kinds = [e["type"] for e in events]
    assert kinds[:2] == ["claim", "claimed"] and kinds[-1] == "scored"
    assert events[0]["cards"] == suit("S") and events[0]["seat"] == "S"  # face up, high to low
    assert kinds.count("trick") == 13 and table.game.phase.value == "hand-over"
    assert table.game.results[-1].tricks == (0, 0, 13, 0)
    assert len(table.game.history[-1].moves) == 4 + 52  # the hand record has every card


def test_a_defence_that_takes_a_trick_beats_the_claim_and_nothing_changes():
    table = scripted(ACE_WEST, bids=(3, 1, 9, 1))
    to_south(table)
    assert refusal(table, Seat.S, {"type": "claim"}) == "claim_beaten"
    assert table.game.phase.value == "playing" and table.pending_claim() is None


def test_with_the_partners_nil_the_claim_means_the_claimer_takes_them_all():
    # North bid nil: South's spades take every trick, North none, so the claim holds (and the nil is made).
    table = scripted(ALL_SPADES, bids=(0, 1, 9, 1))
    to_south(table)
    table.act(Seat.S, {"type": "claim"})
    assert table.game.results[-1].tricks == (0, 0, 13, 0)
    # North holds the spades and bid nil: North would have to take the tricks, which breaks the nil.
    swapped = {"N": ALL_SPADES["S"], "S": ALL_SPADES["N"], "E": ALL_SPADES["E"], "W": ALL_SPADES["W"]}
    nil = scripted(swapped, bids=(0, 1, 9, 1))
    to_south(nil)
    assert refusal(nil, Seat.S, {"type": "claim"}) == "claim_beaten"
    # ... while with a number bid the same claim holds: North takes every trick.
    number = scripted(swapped, bids=(9, 1, 3, 1))
    to_south(number)
    number.act(Seat.S, {"type": "claim"})
    assert number.game.results[-1].tricks == (13, 0, 0, 0)


def to_south_by_people(table):
    """Until South's turn, East and West people who play their first legal card, the computers theirs."""
    while table.game.turn != Seat.S:
        seat = table.game.turn
        if table.computer_to_move() is not None:
            table.step()
        else:
            card = next(h["card"] for h in table.state(seat.name)["hand"] if h["legal"])
            table.act(seat, {"type": "play", "card": card})


def test_people_on_the_other_side_answer_play_on_or_accept():
    peers = {Seat.E: Occupant("peer"), Seat.W: Occupant("peer")}
    table = scripted(ALL_SPADES, seats=peers, bids=(3, 1, 9, 1))
    to_south_by_people(table)
    events = table.act(Seat.S, {"type": "claim"})
    assert [e["type"] for e in events] == ["claim"]
    shown = {"seat": "S", "cards": events[0]["cards"], "answers": {"E": None, "W": None}}
    for viewer in ("E", "W", "N", "spectator"):
        assert table.state(viewer)["claim"] == shown
    assert not table.state("S")["allowed"]["claim"]
    assert refusal(table, Seat.S, {"type": "claim"}) == "claim_pending"
    assert refusal(table, Seat.E, {"type": "play", "card": table.state("E")["hand"][0]["card"]}) == "claim_pending"
    assert refusal(table, Seat.S, {"type": "claim_answer", "accept": True}) == "claim_not_defender"
    assert [e["type"] for e in table.act(Seat.E, {"type": "claim_answer", "accept": False})] == ["claim_off"]
    assert table.state("W")["claim"] is None and table.state("S")["allowed"]["claim"]
    assert refusal(table, Seat.W, {"type": "claim_answer", "accept": True}) == "no_claim"
    # the claimer's own card withdraws a claim that waits
    table.act(Seat.S, {"type": "claim"})
    events = table.act(Seat.S, {"type": "play", "card": table.state("S")["hand"][0]["card"]})
    assert [e["type"] for e in events][:2] == ["claim_off", "play"] and events[0]["seat"] == "S"
    assert table.pending_claim() is None and table.state("E")["claim"] is None
    to_south_by_people(table)
    table.act(Seat.S, {"type": "claim"})
    assert table.act(Seat.E, {"type": "claim_answer", "accept": True}) == []
    assert table.state("S")["claim"]["answers"] == {"E": True, "W": None}
    events = table.act(Seat.W, {"type": "claim_answer", "accept": True})
    assert events[0]["type"] == "claimed" and table.game.phase.value == "hand-over"
    assert table.game.tricks_won[Seat.S] + table.game.tricks_won[Seat.N] == 13


def test_bad_claims_are_refused_in_one_line():
    table = scripted(ALL_SPADES, bids=())
    assert refusal(table, Seat.S, {"type": "claim"}) == "claim_not_playing"
    for bid in (3, 1, 9, 1):
        table.game.apply(bid)
    assert table.game.turn == Seat.N
    table.seats[Seat.N] = Occupant("person")
    assert refusal(table, Seat.S, {"type": "claim"}) == "not_turn"
    assert refusal(table, Seat.S, {"type": "claim_answer", "accept": True}) == "no_claim"
    assert refusal(table, Seat.S, {"type": "claim_answer", "accept": "yes"}) == "at_field"
    assert refusal(table, Seat.S, {"type": "claim", "cards": []}) == "unknown_key"
    lesson = scripted(ALL_SPADES, bids=(3, 1, 9, 1), policy=Policy("tutorial"))
    to_south(lesson)
    assert not lesson.state("S")["allowed"]["claim"]
    assert refusal(lesson, Seat.S, {"type": "claim"}) == "claim_not_allowed"


def test_a_rated_table_allows_claims():
    table = scripted(ALL_SPADES, bids=(3, 1, 9, 1), policy=Policy("rated"))
    to_south(table)
    assert table.state("S")["allowed"]["claim"]
    table.act(Seat.S, {"type": "claim"})
    assert table.game.phase.value == "hand-over"


ROOM_GUESTS = {"p-e": "E", "p-n": "N", "p-w": "W"}


def claim_room(seed):
    """A casual room (the host South, people at the other seats) played by first legal cards until North, a
    guest, is to play with a claim that holds and two tricks to go; ``None`` when this deal has none there."""
    room = Room(Rules.from_dict({"preset": "standard"}), RoomConfig("casual"), "Host", Seat.S, seed=seed)
    inbox = {}

    def send(peer, message):
        for to, out in room.receive(peer, message, 1000.0):
            inbox.setdefault(to, []).append(json.loads(json.dumps(out)))

    for peer, seat in ROOM_GUESTS.items():
        send(peer, {"t": "hello", "name": "Guest " + seat, "lang": "en"})
        send(peer, {"t": "sit", "seat": seat})
        send(peer, {"t": "ready", "ready": True})
    send(HOST, {"t": "start"})
    n = 10**6
    while room.table.game.phase.value in ("bidding", "playing"):
        table = room.table  # a move replaces the room's table (checked on a copy)
        seat = table.game.turn
        if seat == Seat.N and table.game.phase.value == "playing" and len(table.game.tricks) == 11:
            try:
                table.claim_line(Seat.N)
            except SpadesError:
                return None
            return room, inbox, send
        state = table.state(seat.name)
        intent = (
            {"type": "bid", "bid": 3}
            if state["phase"] == "bidding"
            else {"type": "play", "card": next(h["card"] for h in state["hand"] if h["legal"])}
        )
        n += 1
        peer = HOST if seat == Seat.S else next(p for p, s in ROOM_GUESTS.items() if s == seat.name)
        send(peer, {"t": "intent", "n": n, "intent": intent})
    return None


def test_in_a_room_the_computer_playing_for_an_away_claimer_withdraws_the_claim_on_every_page():
    made = next(filter(None, (claim_room(seed) for seed in range(1, 40))))
    room, inbox, send = made
    send("p-n", {"t": "intent", "n": 2 * 10**6, "intent": {"type": "claim"}})
    for peer in (HOST, "p-e", "p-w"):
        assert inbox[peer][-1]["state"]["claim"]["seat"] == "N"  # East and West are asked; nobody answers
    out = room.disconnect("p-n", 2000.0) + room.tick(2000.0 + GRACE_MS)  # North's phone sleeps: away after grace
    assert room.table.seats[Seat.N].away and room.table.computer_to_move() == Seat.N and out
    before = room.table.seq
    for to, message in room.step(2000.0 + GRACE_MS):  # the computer plays for the away claimer
        inbox.setdefault(to, []).append(json.loads(json.dumps(message)))
    for peer in (HOST, "p-e", "p-w"):
        state = next(m for m in reversed(inbox[peer]) if m["t"] == "state")
        kinds = [e["type"] for e in state["events"] if e["seq"] > before]
        assert kinds[:2] == ["claim_off", "play"], kinds  # the claim lapses with an event, then the card
        assert state["events"][-len(kinds)]["seat"] == "N" and state["state"]["claim"] is None
    assert room.table.pending_claim() is None


def call(op, args):
    return json.loads(worker.handle(op, json.dumps(args)))


def test_claims_through_the_worker():
    seats = {"S": {"occupant": "person"}}
    out = call("new", {"table": "claims", "seed": 5, "seats": seats})
    tries = 0
    while out["state"]["phase"] in ("bidding", "playing"):
        state = out["state"]
        if state["turn"] != "S":
            out = call("step", {"table": "claims"})
            continue
        if state["phase"] == "bidding":
            out = call("act", {"table": "claims", "seat": "S", "intent": {"type": "bid", "bid": 3}})
            continue
        assert state["allowed"]["claim"]
        if state["hand_count"] > 5:  # the first tricks: played, not claimed (the check is cheap from here on)
            card = next(h["card"] for h in state["hand"] if h["legal"])
            out = call("act", {"table": "claims", "seat": "S", "intent": {"type": "play", "card": card}})
            continue
        claim = call("act", {"table": "claims", "seat": "S", "intent": {"type": "claim"}})
        tries += 1
        if "error" in claim:
            assert claim["code"] in ("claim_beaten", "claim_too_early") and "\n" not in claim["error"]
            card = next(h["card"] for h in state["hand"] if h["legal"])
            out = call("act", {"table": "claims", "seat": "S", "intent": {"type": "play", "card": card}})
        else:
            assert [e["type"] for e in claim["events"]][:2] == ["claim", "claimed"]
            out = claim
    assert out["state"]["phase"] in ("hand-over", "game-over") and tries >= 1
    assert sum(out["state"]["tricks_won"].values()) == 13
    hand = call("hand", {"table": "claims", "number": 1})
    assert len(hand["tricks"]) == 13 and all(len(t["cards"]) == 4 for t in hand["tricks"])
    assert call("close", {"table": "claims"}) == {}
