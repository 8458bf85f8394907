"""Every hand of an online room dealt by commit–reveal (spades/table/fairdeal.py), in CPython (pytest) and inside
Pyodide (``node tests/pyodide/run.mjs``): plain functions with plain asserts.

Four seats — the host at South, two guests whose pages take part (each a ``fair.Contributor``, as the guest's
worker runs it) and a computer at West — play whole hands through the room; every message to a guest goes
through the guest boundary first, as it does on the page.  The hand record carries each hand's fair part and
``verify_record`` (``python -m spades verify``) holds on it; a device that never reveals is treated as
disconnected; a host that deals anything else is caught by a guest's own check.
"""

import json

from spades.cards import CARD_NAMES, Seat, mask_cards
from spades.rules import Rules
from spades.table import fair
from spades.table.fairdeal import FAIR_WAIT_MS, Round
from spades.table.guest import check_host_message
from spades.table.room import HOST, Room, RoomConfig
from spades.table.verify import verify_record

GUESTS = {"p-n": Seat.N, "p-e": Seat.E}


class Tablemates:
    """The room and the guests' devices; ``mute`` peers never answer a ``fair`` message (their reveal, say)."""

    def __init__(self, kind="casual", host_cards=None, silent=(), mute_reveal=(), mute_commit=()):
        self.room = Room(Rules(), RoomConfig(kind), "Host", Seat.S)
        self.devices = {peer: fair.Contributor() for peer in GUESTS}
        self.verdicts = {peer: [] for peer in GUESTS}
        self.received = {peer: [] for peer in GUESTS}
        self.silent, self.mute_reveal, self.mute_commit = set(silent), set(mute_reveal), set(mute_commit)
        self.tamper = host_cards  # changes what the host sends (a modified host)
        self.now = 1000.0
        self.queue = []
        self.counters = {}
        for peer, seat in GUESTS.items():
            self.send(peer, {"t": "hello", "name": "Guest " + seat.name})
            self.send(peer, {"t": "fair", "on": peer not in self.silent})
            self.send(peer, {"t": "sit", "seat": seat.name})
            self.send(peer, {"t": "ready", "ready": True})
        self.send(HOST, {"t": "fill", "seat": "W", "level": "standard"})
        self.send(HOST, {"t": "start"})

    def deliver(self, out):
        for peer, message in out:
            message = json.loads(json.dumps(message))
            if peer not in self.devices:
                continue
            if self.tamper is not None:
                message = self.tamper(message)
            checked = check_host_message(message)  # the guest boundary: every message, as on the page
            self.received[peer].append(checked)
            device, seat = self.devices[peer], GUESTS[peer]
            if checked["t"] == "state" and checked["state"]["me"] == seat.name:
                shown = [card["card"] for card in checked["state"]["hand"]]
                device.saw_hand(checked["state"]["hand_number"], seat, shown)
            if checked["t"] == "fair" and peer not in self.silent:
                send, verdict = device.answer(checked, seat)
                if verdict is not None:
                    self.verdicts[peer].append((checked["hand"], verdict))
                muted = self.mute_reveal if send is not None and send["t"] == "reveal" else self.mute_commit
                if send is not None and peer not in muted:
                    self.queue.append((peer, send))

    def send(self, peer, message):
        self.deliver(self.room.receive(peer, message, self.now))
        while self.queue:
            who, answer = self.queue.pop(0)
            self.deliver(self.room.receive(who, answer, self.now))

    def state_of(self, peer):
        return next(m for m in reversed(self.received[peer]) if m["t"] == "state")["state"]

    def play_hand(self):
        """Every seat plays until the hand is over: people their first legal card (bid 2), the computer by step."""
        table = self.room.table
        while table.game.phase.value in ("bidding", "playing"):
            seat = table.game.turn
            if seat == Seat.W:
                self.deliver(self.room.step(self.now))
            else:
                peer = HOST if seat == Seat.S else next(p for p, s in GUESTS.items() if s == seat)
                state = table.state(seat.name)
                if state["phase"] == "bidding":
                    intent = {"type": "bid", "bid": 2 if 2 in state["legal_bids"] else state["legal_bids"][-1]}
                else:
                    intent = {"type": "play", "card": next(h["card"] for h in state["hand"] if h["legal"])}
                self.counters[peer] = self.counters.get(peer, 0) + 1
                self.send(peer, {"t": "intent", "n": self.counters[peer], "intent": intent})
            self.now += 200
            table = self.room.table

    def next_hand(self, peer="p-n"):
        self.now += 1000
        self.counters[peer] = self.counters.get(peer, 0) + 1
        self.send(peer, {"t": "intent", "n": self.counters[peer], "intent": {"type": "next_hand"}})


def cards_of(deal, seat):
    return {CARD_NAMES[card] for card in mask_cards(deal[seat])}


def test_each_hand_is_the_deal_of_every_seats_secret_and_the_record_verifies():
    mates = Tablemates()
    room = mates.room
    assert room.table is not None  # the guests answered at once: the start waited for no clock
    for number in (1, 2, 3):
        part = room.fair.parts[number]
        assert set(part["commits"]) == set(part["secrets"]) == {"N", "E", "S", "W"} and "replaced" not in part
        secrets = {Seat[s]: bytes.fromhex(x) for s, x in part["secrets"].items()}
        assert room.table.game.history[number - 1].deal == fair.deal_of(fair.combine(part["table"], number, secrets))
        for peer, seat in GUESTS.items():  # each guest's secret is its own: the host drew only S's and W's
            assert mates.devices[peer]._mine[(part["table"], number, seat)][0] == secrets[seat]
            assert [(n, v.ok) for n, v in mates.verdicts[peer]] == [(n, True) for n in range(1, number + 1)]
        mates.play_hand()
        if number < 3:
            assert room.fair.round is not None and room.fair.round.complete()  # the next hand's, during this one
            mates.next_hand()
            assert room.table.game.hand_number == number + 1  # dealt at once: no message on the critical path
    record = room.record()
    assert [hand["fair"]["hand"] for hand in record["hands"]] == [1, 2, 3]
    verdict = verify_record(json.loads(json.dumps(record)))
    assert verdict.ok, verdict.line
    assert verdict.line.startswith("holds: 3 commit–reveal deals checked")


def test_no_guest_sees_a_secret_before_the_deal_and_commits_come_before_any_reveal():
    mates = Tablemates()
    for peer in GUESTS:
        rounds = [m for m in mates.received[peer] if m["t"] == "fair"]
        for message in rounds:
            if "seed" not in message:
                assert "secrets" not in message  # a round's messages carry commitments only
        dealt = {m["hand"] for m in rounds if "seed" in m}
        assert dealt == {1}
    table = mates.room.fair.table
    # a reveal before the four commitments are in is not taken
    early = fair.Contributor()
    room = Room(Rules(), RoomConfig(), "Host", Seat.S)
    room.receive("p-n", {"t": "hello", "name": "N"}, 0)
    room.receive("p-n", {"t": "fair", "on": True}, 0)
    room.receive("p-n", {"t": "sit", "seat": "N"}, 0)
    room.receive("p-n", {"t": "ready", "ready": True}, 0)
    for seat in "EW":
        room.receive(HOST, {"t": "fill", "seat": seat, "level": "standard"}, 0)
    out = room.receive(HOST, {"t": "start"}, 0)
    ask = next(m for peer, m in out if peer == "p-n" and m["t"] == "fair")
    assert set(ask["commits"]) == {"S", "E", "W"} and room.table is None  # the start waits for North's part
    secret = bytes(32)
    assert room.receive("p-n", {"t": "reveal", "hand": 1, "secret": secret.hex()}, 0) == []
    assert room.fair.round.secrets.get(Seat.N) is None
    commit, _ = early.answer(ask, Seat.N)
    told = room.receive("p-n", commit, 1)
    assert any(m["t"] == "fair" and len(m["commits"]) == 4 for _, m in told)
    reveal, _ = early.answer(next(m for _, m in told if m["t"] == "fair"), Seat.N)
    assert room.receive("p-n", reveal, 2) and room.table is not None
    assert table != room.fair.table  # every room its own table name in the commitments


def test_a_guest_that_never_reveals_gets_the_hosts_fallback_and_is_treated_as_disconnected():
    mates = Tablemates(mute_reveal={"p-e"})
    room = mates.room
    assert room.table is None  # hand 1 waits for East's secret...
    mates.now += FAIR_WAIT_MS
    mates.deliver(room.tick(mates.now))  # ...until the bound: then it is dealt with the host's fallback for East
    assert room.table is not None
    part = room.fair.parts[1]
    assert part["replaced"] == ["E"] and part["host"] == "S"
    assert bytes.fromhex(part["secrets"]["E"]) == fair.fallback_secret(bytes.fromhex(part["secrets"]["S"]), Seat.E)
    assert room.table.seats[Seat.E].away  # casual: the computer plays East, as for a dropped player
    assert room.summary()["seats"]["E"]["occupant"] == "away"
    assert [v.ok for _, v in mates.verdicts["p-n"]] == [True]  # North's page: the deal holds, East was late
    east = [v for _, v in mates.verdicts["p-e"]]
    assert not east[0].ok and east[0].error.code == "fair_replaced"  # East's own page: it never revealed
    assert verify_record(json.loads(json.dumps(room.record()))).ok


def test_a_commitment_that_never_comes_is_stood_in_for_and_the_others_secrets_still_make_the_deal():
    mates = Tablemates(mute_commit={"p-e"})  # East's page commits, but its commitment never reaches the host
    room = mates.room
    assert room.table is None and not room.fair.round.committed()  # hand 1 waits; North cannot reveal yet
    mates.now += FAIR_WAIT_MS - 1
    mates.deliver(room.tick(mates.now))
    assert room.table is None and not room.fair.round.committed()
    mates.now += 1
    mates.deliver(room.tick(mates.now))  # the bound: the host's fallback stands in for East, North reveals...
    saved = room.fair.to_json()["round"]  # (the stand-in survives the host's reload)
    assert saved["stood_in"] == ["E"] and Round.from_json(json.loads(json.dumps(saved))).to_json() == saved
    while mates.queue:
        who, answer = mates.queue.pop(0)
        mates.deliver(room.receive(who, answer, mates.now))
    assert room.table is not None  # ...and the hand is dealt at once, from North's secret too
    part = room.fair.parts[1]
    assert part["replaced"] == ["E"] and part["host"] == "S"
    north = mates.devices["p-n"]._mine[(part["table"], 1, Seat.N)][0]
    assert bytes.fromhex(part["secrets"]["N"]) == north
    assert bytes.fromhex(part["secrets"]["E"]) == fair.fallback_secret(bytes.fromhex(part["secrets"]["S"]), Seat.E)
    told = [m for m in mates.received["p-e"] if m["t"] == "fair" and "seed" not in m and len(m["commits"]) == 4]
    assert told and told[-1]["replaced"] == ["E"]  # East's page was told the fallback stands in for it
    assert [v.ok for _, v in mates.verdicts["p-n"]] == [True]
    assert [v.ok for _, v in mates.verdicts["p-e"]] == [True]  # no foul cried: it never revealed
    assert verify_record(json.loads(json.dumps(room.record()))).ok


def test_a_page_that_does_not_take_part_gets_a_secret_drawn_by_the_host_and_nothing_waits():
    mates = Tablemates(silent={"p-e"})
    assert mates.room.table is not None
    assert not any(m["t"] == "fair" for m in mates.received["p-e"])
    assert Seat.E in mates.room.fair.round.drawn and Seat.N not in mates.room.fair.round.drawn


def test_a_host_that_deals_another_deal_is_caught_by_the_guests_own_check():
    def other_cards(message):  # the host shows North a hand that is not the seed's deal for North
        if message["t"] == "state" and message["state"]["me"] == "N" and message["state"]["hand_number"] == 1:
            hand = message["state"]["hand"]
            held = {card["card"] for card in hand}
            if hand:  # a card North does not hold is not North's deal
                hand[0]["card"] = next(name for name in CARD_NAMES if name not in held and name not in ("LJ", "BJ"))
        return message

    mates = Tablemates(host_cards=other_cards)
    north = [v for _, v in mates.verdicts["p-n"]]
    assert not north[0].ok and north[0].error.code == "fair_not_dealt"
    assert all(v.ok for _, v in mates.verdicts["p-e"])

    def other_seed(message):  # the host says a seed the secrets do not make
        if message["t"] == "fair" and "seed" in message:
            message["seed"] = (message["seed"] + 1) % 2**53
        return message

    mates = Tablemates(host_cards=other_seed)
    for peer in GUESTS:
        verdict = mates.verdicts[peer][0][1]
        assert not verdict.ok and verdict.error.code == "fair_deal_mismatch"


def test_a_host_that_changes_a_guests_commitment_is_caught_before_the_reveal():
    def changed(message):
        if message["t"] == "fair" and len(message["commits"]) == 4 and "seed" not in message:
            message["commits"]["N"] = "0" * 64
        return message

    mates = Tablemates(host_cards=changed)
    verdict = mates.verdicts["p-n"][0][1]
    assert not verdict.ok and verdict.error.code == "fair_commit_changed"
    assert (mates.room.fair.table, 1, Seat.N) not in mates.devices["p-n"]._revealed  # North never revealed


def test_the_rounds_survive_the_hosts_reload():
    mates = Tablemates()
    mates.play_hand()
    saved = json.loads(json.dumps(mates.room.save()))
    room = Room.load(saved, mates.now)
    assert room.fair.parts == mates.room.fair.parts and room.fair.round.to_json() == mates.room.fair.round.to_json()
    assert verify_record(json.loads(json.dumps(room.record()))).ok
