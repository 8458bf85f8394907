"""Tables that survive their host (spades.table.takeover), in CPython (pytest) and inside Pyodide.

Plain functions with plain asserts. Whole rooms are played with people and computers; every guest's page keeps what a
guest page holds, collected from the room's outgoing messages through the guest boundary exactly as the page gets them
(the last ``room`` message, every finished hand asked for with ``hand`` as it is scored, the chat lines, its own seat
token); when the host is gone the first page in the succession builds the room that goes on
(``worker.room_takeover``), and the score sheets, seats, names and ratings are the old ones; the hand in progress is
dealt again at casual tables by commit–reveal, from the secrets of the pages that take part (a ``device``) as they
come back, the host's fallback standing in after the grace period (a rated one, dealt host-blind, is
tests/test_blindtable.py's); every person's token (the old host's too) brings its seat back; the next in the
succession takes over when the backup is gone too.
``tests/test_takeover.py`` adds property tests over random games and takeover points, and bad public data.
"""

import json
import random

from spades import worker
from spades.cards import Seat
from spades.rules import Rules
from spades.table.fair import Contributor
from spades.table.guest import check_host_message
from spades.table.room import HOST, Room, RoomConfig, claim_of
from spades.table.takeover import take_over

NAMES = {"N": "Nora", "E": "Eli", "S": "Sam", "W": "Wen"}
KEY = "B" + "x" * 86
SHORT = {"preset": "standard", "target": 100, "mercy": -100}
"""A game that ends in a few hands whatever the deals (random play is set often: the mercy rule ends it).  The deals
at tables of people are fair deals (everyone's secrets, drawn afresh), so a game's length is not fixed by the test's
seeds: a test plays a number of hands (:func:`play_hands`), or a game of these rules to its end."""


def play_hands(world, rng, hands):
    """Play on until ``hands`` more hands are scored (or the game ends); returns the results scored before."""
    before = len(sheets(world.room)["results"])
    while len(sheets(world.room)["results"]) < before + hands and world.room.table.game.phase.value != "game-over":
        world.play(61, rng)  # (about a hand: four looks, four bids, 52 cards, the next hand)
    assert len(sheets(world.room)["results"]) >= before + hands or world.room.table.game.phase.value == "game-over"
    return before


class Page:
    """A page at the table: every message it gets checked by the guest boundary, and what it holds publicly; one
    with a ``device`` takes part in commit–reveal deals as a page does (its answers to the host's ``fair`` messages,
    and its verdicts on the deals: ``verdicts``, ``(hand, Verification)`` each)."""

    def __init__(self, peer, seat, device=False):
        self.peer = peer
        self.seat = seat
        self.room = None
        self.state = None
        self.token = None
        self.hands = {}
        self.chat = []
        self.asked = set()
        self.device = Contributor() if device else None
        self.verdicts = []
        self.received = []  # every message, as it came

    def take(self, message):
        """Keep ``message``; returns the page's answers to it (a device's ``commit`` or ``reveal``)."""
        self.received.append(json.loads(json.dumps(message)))
        checked = check_host_message(json.loads(json.dumps(message)))
        kind = checked["t"]
        if kind == "welcome":
            self.token = checked["you"]["token"]
            if self.device is not None:
                self.device.welcomed()  # as the page's worker does (spades.worker, guest_check)
        elif kind == "room":
            self.room = checked
        elif kind == "state":
            self.state = checked["state"]
            if self.device is not None and self.state["me"] == self.seat:
                shown = [card["card"] for card in self.state["hand"]]
                self.device.saw_hand(self.state["hand_number"], Seat[self.seat], shown)
        elif kind == "hand":
            self.hands[checked["hand"]["number"]] = checked["hand"]
        elif kind == "chat":
            self.chat.append(checked)
        elif kind == "fair" and self.device is not None:
            send, verdict = self.device.answer(checked, Seat[self.seat])
            if verdict is not None:
                self.verdicts.append((checked["hand"], verdict))
            return [send] if send is not None else []
        return []

    def missing_hands(self):
        """The finished hands this page has not asked for yet (a page asks for each as it is scored)."""
        done = self.state["hands_scored"] if self.state is not None else 0
        wanted = [n for n in range(1, done + 1) if n not in self.hands and n not in self.asked]
        self.asked.update(wanted)
        return wanted

    def public(self):
        """What the page hands to ``room_takeover``: its last room message, the finished hands in order, chat."""
        numbers = sorted(self.hands)
        assert numbers == list(range(1, len(numbers) + 1))
        return {"room": self.room, "hands": [self.hands[n] for n in numbers], "chat": list(self.chat)}


class World:
    """One room and the pages of the people in it; messages go to the pages that are connected."""

    def __init__(self, room, pages, now=1000.0):
        self.room = room
        self.pages = pages  # peer -> Page (HOST's page included)
        self.now = now
        self.counters = {}

    def send(self, out):
        queue = list(out)
        while queue:
            peer, message = queue.pop(0)
            page = self.pages.get(peer)
            if page is None:
                continue
            for answer in page.take(message):
                queue += self.room.receive(peer, answer, self.now)
            if message["t"] == "state" and peer != HOST:
                for number in page.missing_hands():
                    queue += self.room.receive(peer, {"t": "hand", "number": number}, self.now)

    def peer_at(self, seat):
        return next(p for p, page in self.pages.items() if page.seat == seat)

    def intent(self, peer, intent):
        self.counters[peer] = self.counters.get(peer, 0) + 1
        self.send(self.room.receive(peer, {"t": "intent", "n": self.counters[peer], "intent": intent}, self.now))

    def play(self, moves, rng):
        """Up to ``moves`` moves: people's random legal moves from their own pages' states, computers' by the host's
        step, the next hand by the host; stops at the end of the game."""
        for _ in range(moves):
            room, table = self.room, self.room.table
            if room.ended or room.vote is not None or (table is not None and table.game.phase.value == "game-over"):
                return
            self.now += 120
            if table is None:  # hand 1 waits for its secrets (at most the time the room gives them: tick)
                self.send(room.tick(self.now))
                continue
            seat = table.game.turn
            if seat is None:
                self.intent(HOST, {"type": "next_hand"})
                continue
            if table.computer_to_move() is not None:
                self.send(room.step())
                continue
            peer = self.peer_at(seat.name)
            state = self.pages[peer].state
            if not state["looked"]:
                self.intent(peer, {"type": "look"})
            elif state["phase"] == "bidding":
                modest = [b for b in state["legal_bids"] if 2 <= b <= 4] or [b for b in state["legal_bids"] if b >= 0]
                self.intent(peer, {"type": "bid", "bid": rng.choice(modest)})  # modest bids: long enough games
            else:
                self.intent(
                    peer, {"type": "play", "card": rng.choice([h["card"] for h in state["hand"] if h["legal"]])}
                )


def seated(kind="casual", computers=("W",), host="S", seed=11, rules=None, fair=(), devices=()):
    """A started room: the host at ``host``, computers at ``computers``, people at the other seats (those of
    ``fair`` say they take part in commit–reveal deals: the host waits for their secrets, which these pages never
    send; those of ``devices`` take part as pages do)."""
    rules = Rules.from_dict(rules or {"preset": "standard", "target": 300, "mercy": -1000})
    room = Room(rules, RoomConfig(kind), NAMES[host], Seat[host], seed=seed, rating=1500)
    room.members[HOST].key = KEY
    pages = {HOST: Page(HOST, host)}
    world = World(room, pages)
    pages[HOST].token = room.members[HOST].token
    for seat in "NESW":
        if seat == host:
            continue
        if seat in computers:
            world.send(room.receive(HOST, {"t": "fill", "seat": seat, "level": "beginner"}, world.now))
            continue
        peer = "p-" + seat
        pages[peer] = Page(peer, seat, device=seat in devices)
        hello = {"t": "hello", "name": NAMES[seat], "rating": 1400 + "NESW".index(seat), "key": seat * 87}
        world.send(room.receive(peer, hello, world.now))
        world.send(room.receive(peer, {"t": "sit", "seat": seat}, world.now))
        world.send(room.receive(peer, {"t": "ready", "ready": True}, world.now))
        if seat in fair or seat in devices:
            world.send(room.receive(peer, {"t": "fair", "on": True}, world.now))
    world.send(room.opening())
    world.send(room.receive(HOST, {"t": "start"}, world.now))
    return world


def successor(world, gone):
    """The page that takes over when the pages of ``gone`` (peers) are gone: the first in the succession as the
    remaining pages last heard it (they all heard the same)."""
    pages = [p for peer, p in world.pages.items() if peer not in gone and peer != HOST]
    order = pages[0].room["succession"]
    assert all(p.room["succession"] == order for p in pages)
    seat = next(s for s in order if any(p.seat == s and p.peer not in gone for p in pages))
    return next(p for p in pages if p.seat == seat)


def take_over_by(world, page, gone, seed=99, by_token=True):
    """``page`` takes the room over through the worker; the pages of ``gone`` are gone, the others come back with
    their tokens under new peer ids.  Returns the new world."""
    args = {"table": "takeover-" + page.peer, "public": page.public(), "peer": page.peer + "-2",
            "name": NAMES[page.seat], "now": world.now, "seed": seed}  # fmt: skip
    if by_token:
        args["token"] = page.token
    answer = json.loads(worker.handle("room_takeover", json.dumps(args)))
    assert "error" not in answer, answer
    assert answer["seat"] == page.seat and answer["save"]["format"] == "spades-room/1"
    room = worker._rooms[args["table"]]
    host_page = Page(HOST, page.seat)
    host_page.hands, host_page.chat, host_page.token = dict(page.hands), list(page.chat), answer["token"]
    new = World(room, {HOST: host_page}, world.now)
    for item in answer["out"]:
        new.send([(item["to"], item["message"])])
    return new


def come_back(world, page, peer):
    """``page`` (a person of the old room) says hello to the new room with its token under a new peer id."""
    page.peer = peer
    page.asked = set(page.hands)
    world.pages[peer] = page
    hello = {"t": "hello", "name": NAMES[page.seat], "token": page.token, "key": page.seat * 87}
    if page.state is not None:  # (none before hand 1 is dealt)
        hello["seq"] = page.state["seq"]
    world.send(world.room.receive(peer, hello, world.now))
    if page.device is not None:  # after each welcome, as a page does
        world.send(world.room.receive(peer, {"t": "fair", "on": True}, world.now))


def sheets(room):
    return room.table.scored_hands()


def test_a_casual_table_goes_on_after_its_host_with_every_score_sheet_and_seat_and_a_fair_new_deal():
    rng = random.Random(3)
    world = seated(computers=("W",), devices=("N", "E"))  # pages that take part in commit–reveal deals
    world.play(190, rng)  # into hand 3 or so
    old = world.room
    world.send(old.receive("p-N", {"t": "chat", "text": "hi all"}, world.now))
    assert world.pages["p-N"].room["succession"] == ["N", "E"]  # clockwise from the host's (S) left: W is a computer
    before = sheets(old)
    assert before["results"], "a finished hand at least"
    backup = successor(world, {HOST})
    assert backup.seat == "N"
    new = take_over_by(world, backup, {HOST})
    room = new.room
    assert sheets(room) == before
    last = before["results"][-1]
    assert room.table.game.totals == (last["totals"]["NS"], last["totals"]["EW"]) and room.table.game.seed == 99
    assert room.table.game.bags == (last["bags"]["NS"], last["bags"]["EW"])
    # the hand in progress, which nobody holds, is not dealt by the new host alone: the table waits at the end of
    # the last finished hand for the people who were playing (East), up to the grace period
    hand = len(before["results"]) + 1
    assert room.table.game.hand_number == hand - 1 and room.table.game.phase.value == "hand-over"
    assert room.fair.round.hand == hand and room.fair.round.drawn == {Seat.N, Seat.S, Seat.W}
    new.send(room.tick(new.now + room.config.grace_ms - 1))
    assert room.table.game.phase.value == "hand-over"
    summary, was = room.summary(), old.summary()
    for seat in "NESW":
        for key in ("name", "rating", "level", "key", "claim"):
            assert summary["seats"][seat][key] == was["seats"][seat][key], (seat, key)
    assert summary["ratings"] == was["ratings"] and summary["seats"]["N"]["host"]
    assert summary["seats"]["S"]["occupant"] == "away"  # the old host's seat: the computer plays it at once
    assert room.table.seats[Seat.S].away
    assert summary["succession"] == []  # nobody is back yet
    # East comes back with its token: its device commits and reveals, and the hand is dealt from its secret too
    east = world.pages["p-E"]
    seen = len(east.verdicts)  # (its device checked the old room's deals, the hand in progress's too)
    come_back(new, east, "p-E2")
    assert room.table.game.hand_number == hand and room.table.game.phase.value == "bidding"
    part = room.fair.parts[hand]
    assert "replaced" not in part and set(part["secrets"]) == set("NESW")
    assert [(number, verdict.ok) for number, verdict in east.verdicts[seen:]] == [(hand, True)]
    assert new.pages["p-E2"].state["me"] == "E" and new.pages["p-E2"].state["hand_number"] == hand
    # the old host comes back too (as a guest, with its seat)
    come_back(new, world.pages[HOST], "p-S2")
    assert new.pages["p-S2"].state["me"] == "S"
    assert room.members["p-S2"].seat == Seat.S and not room.table.seats[Seat.S].away
    assert room.summary()["succession"] == ["E", "S"]
    # chat ids go on after the last one seen
    new.send(room.receive("p-E2", {"t": "chat", "text": "back"}, new.now))
    assert new.pages["p-E2"].chat[-1]["id"] == backup.chat[-1]["id"] + 1
    # the game goes on, every earlier hand kept on the sheet
    play_hands(new, rng, 2)
    assert sheets(room)["results"][: len(before["results"])] == before["results"]
    assert all(verdict.ok for _, verdict in east.verdicts)


def test_a_takeover_deal_waits_the_grace_period_for_its_people_then_the_hosts_fallback_stands_in():
    rng = random.Random(6)
    world = seated(computers=(), devices=("N", "E", "W"))
    play_hands(world, rng, 1)
    hand = len(sheets(world.room)["results"]) + 1
    new = take_over_by(world, successor(world, {HOST}), {HOST})
    room = new.room
    assert room.table.game.phase.value == "hand-over"
    seen = len(world.pages["p-E"].verdicts)
    come_back(new, world.pages["p-E"], "p-E2")  # East is back in time; North is not
    assert room.table.game.phase.value == "hand-over"
    new.send(room.tick(new.now + room.config.grace_ms))
    assert room.table.game.hand_number == hand and room.table.game.phase.value == "bidding"
    part = room.fair.parts[hand]
    # North's commitment never came: the host's fallback stood in for it, and East revealed its secret
    assert part["replaced"] == ["N"] and part["host"] == "W" and "E" in part["secrets"]
    assert [(number, verdict.ok) for number, verdict in world.pages["p-E"].verdicts[seen:]] == [(hand, True)]


def test_a_host_gone_while_hand_one_waits_for_the_secrets_is_taken_over_and_the_game_is_dealt():
    rng = random.Random(5)
    world = seated(computers=("W",), fair=("N",), devices=("E",))  # N's page never sends its secret: hand 1 waits
    old = world.room
    assert old.table is None
    page = world.pages["p-N"]
    assert page.room["starting"] and not page.room["started"] and page.state is None
    assert page.room["succession"] == ["N", "E"] and page.room["ratings"] is not None
    backup = successor(world, {HOST})
    assert backup.seat == "N"
    new = take_over_by(world, backup, {HOST})
    room = new.room
    assert room.table is None and room.summary()["starting"] and room.summary()["seats"]["N"]["host"]
    assert room.summary()["ratings"] == old.summary()["ratings"]
    come_back(new, world.pages["p-E"], "p-E2")  # East's device takes part: hand 1 is dealt
    assert room.table.game.hand_number == 1 and room.table.game.phase.value == "bidding"
    assert room.summary()["started"] and set(room.fair.parts[1]["secrets"]) == set("NESW")
    assert "replaced" not in room.fair.parts[1]
    come_back(new, world.pages[HOST], "p-S2")
    assert new.pages["p-E2"].state["me"] == "E" and room.members["p-S2"].seat == Seat.S
    play_hands(new, rng, 2)
    assert [r["number"] for r in sheets(room)["results"]][:2] == [1, 2]


def test_someone_leaving_while_hand_one_waits_undoes_the_start_and_its_succession():
    world = seated(computers=("W",), fair=("N",))
    world.send(world.room.receive("p-E", {"t": "leave"}, world.now))
    summary = world.room.summary()
    assert not summary["starting"] and not summary["started"] and summary["succession"] == []
    assert world.pages["p-N"].room["succession"] == [] and not world.pages["p-N"].room["starting"]


def test_the_next_in_the_succession_takes_over_when_the_backup_is_gone_too_and_again_after_that():
    rng = random.Random(8)
    world = seated(computers=())
    world.play(120, rng)
    before = sheets(world.room)
    first = successor(world, {HOST})
    assert first.seat == "W"
    second = successor(world, {HOST, first.peer})
    assert second.seat == "N"
    new = take_over_by(world, second, {HOST, first.peer})
    assert sheets(new.room) == before
    come_back(new, world.pages["p-E"], "p-E2")
    come_back(new, first, "p-W2")  # the backup that was gone comes back to its seat
    assert new.room.members["p-W2"].seat == Seat.W
    assert new.room.summary()["succession"] == ["W", "E"]  # the old order without the new host, then the rest
    assert new.room.order == [Seat.W, Seat.E, Seat.S]
    new.play(150, rng)
    # the new host is gone in turn: the next one takes over from the new room's messages
    middle = sheets(new.room)
    third = successor(new, {HOST})
    assert third.seat == "W"
    newer = take_over_by(new, third, {HOST}, seed=123)
    assert sheets(newer.room) == middle
    come_back(newer, new.pages["p-E2"], "p-E3")
    come_back(newer, new.pages[HOST], "p-N3")  # the second host, back as a guest
    come_back(newer, world.pages[HOST], "p-S3")  # and the first one
    assert {m.seat.name for m in newer.room.members.values() if m.connected} == {"N", "E", "S", "W"}
    play_hands(newer, rng, 2)
    assert sheets(newer.room)["results"][: len(middle["results"])] == middle["results"]


def test_a_room_built_by_takeover_saves_and_loads_with_its_claims_and_succession():
    rng = random.Random(2)
    world = seated(computers=("N",))
    world.play(60, rng)
    backup = successor(world, {HOST})
    new = take_over_by(world, backup, {HOST})
    save = new.room.save()
    assert save["succession"] == ["E", "S"] and all(m["claim"] for m in save["members"])
    loaded = Room.load(json.loads(json.dumps(save)), new.now)
    assert loaded.summary()["seats"] == new.room.summary()["seats"]
    assert loaded.save() == save
    page = world.pages[HOST]
    claim = loaded.summary()["seats"]["S"]["claim"]
    out = loaded.receive("p-S8", {"t": "hello", "name": "x", "token": claim}, new.now)  # the claim is not the token
    assert [m["you"]["seat"] for p, m in out if m["t"] == "welcome"] == [None] and loaded.succession == []
    out = loaded.receive("p-S9", {"t": "hello", "name": "x", "token": page.token, "seq": 40}, new.now)
    welcome = next(m for p, m in out if m["t"] == "welcome")
    assert welcome["you"]["seat"] == "S" and welcome["you"]["token"] == page.token
    state = next(m for p, m in out if m["t"] == "state" and p == "p-S9")
    assert state.get("reset") is True and state["events"] == []  # the old table's seq means nothing here: the state


def test_claims_keys_and_the_succession_in_an_ordinary_room():
    world = seated(computers=("E",), host="N")
    room = world.room
    summary = room.summary()
    assert summary["seats"]["N"]["claim"] == claim_of(room.members[HOST].token) and summary["seats"]["N"]["key"] == KEY
    assert summary["seats"]["S"]["key"] == "S" * 87 and summary["seats"]["E"]["claim"] is None
    assert summary["succession"] == ["S", "W"]
    dropped = room.dropped_messages
    for key in ("S" * 86, "S" * 88, "S" * 86 + "=", "S" * 86 + "+", 5):  # not 87 characters of base64url
        assert room.receive("p-x", {"t": "hello", "name": "X", "key": key}, world.now) == []
    assert room.dropped_messages == dropped + 5
    world.send(room.disconnect("p-S", world.now))
    assert room.summary()["succession"] == ["W"]
    page = world.pages["p-S"]
    world.send(room.receive("p-S2", {"t": "hello", "name": "Sam", "token": page.token}, world.now))
    assert room.summary()["succession"] == ["S", "W"]  # back at its place
    # a claim is not a token: saying hello with the claim itself brings nothing back
    world.send(room.disconnect("p-S2", world.now))
    out = room.receive("p-S3", {"t": "hello", "name": "Sam", "token": claim_of(page.token)[:64]}, world.now)
    assert room.player_at(Seat.S).peer == "p-S2"
    assert all(m["t"] != "welcome" or m["you"]["seat"] is None for _, m in out)


def test_the_worker_takes_over_with_one_line_errors_for_bad_public_data():
    world = seated(computers=())
    world.play(70, random.Random(1))
    page = successor(world, {HOST})
    good = page.public()
    args = {"public": good, "peer": "x", "name": NAMES[page.seat], "now": 5, "seed": 1, "table": "bad"}

    def answer(public, **extra):
        return json.loads(worker.handle("room_takeover", json.dumps({**args, "public": public, **extra})))

    hand = good["hands"][0]
    cases = {
        "takeover_data": [None, {}, {**good, "extra": 1}, {**good, "room": {**good["room"], "seats": 3}},
                          {**good, "hands": [{**hand, "deal": {"N": ["AS"]}}]}, {**good, "chat": [{"id": 0}]}],
        "takeover_hand": [{**good, "hands": [{**hand, "number": 2}]}, {**good, "hands": [hand, hand]},
                          {**good, "hands": [{**hand, "result": {**hand["result"], "totals": {"NS": 999, "EW": 0}}}]},
                          {**good, "hands": [{**hand, "tricks": hand["tricks"][::-1]}]},
                          {**good, "scored": len(good["hands"]) + 1}],  # a finished hand the record lacks
        "takeover_not_started": [{**good, "room": {**good["room"], "started": False}}],
        "takeover_seats": [{**good, "room": {**good["room"], "succession": ["S", "S"]}}],
    }  # fmt: skip
    for code, publics in cases.items():
        for public in publics:
            got = answer(public)
            assert got.get("code") == code and "\n" not in got["error"], (code, got)
    assert answer({**good, "scored": len(good["hands"]) + 1})["params"] == {"number": len(good["hands"]) + 1}
    assert answer({**good, "scored": True})["code"] == "takeover_data"
    assert answer({**good, "scored": len(good["hands"])})["seat"] == page.seat
    nobody = answer(good, name="Stranger")
    assert nobody["code"] == "takeover_not_seated", nobody
    assert answer(good, key="short")["code"] == "at_field"
    # tokens and names that are not the table's find no seat; the right token finds it whatever the name
    assert answer(good, name="Stranger", token=page.token)["seat"] == page.seat
    room, seat = take_over(good, NAMES[page.seat], 5.0, seed=3)
    assert seat.name == page.seat and room.members[HOST].name == NAMES[page.seat]
    # two people of one name, no token: the first of them in the succession
    twins = json.loads(json.dumps(good))
    order = twins["room"]["succession"]
    for seat_name in order:
        twins["room"]["seats"][seat_name]["name"] = "Twin"
    assert take_over(twins, "Twin", 5.0)[1].name == order[0]
    assert take_over(twins, "Twin", 5.0, token=world.pages["p-" + order[-1]].token)[1].name == order[-1]


def test_the_move_clock_and_a_finished_game_carry_over():
    world = seated(computers=("E",))
    clocked = Room(Rules.from_dict(SHORT), RoomConfig("casual", clock=(20_000, 60_000)), "Sam", Seat.S, seed=4)
    world.room = clocked
    for peer, page in list(world.pages.items()):
        if peer != HOST:
            world.send(clocked.receive(peer, {"t": "hello", "name": NAMES[page.seat]}, world.now))
            world.send(clocked.receive(peer, {"t": "sit", "seat": page.seat}, world.now))
            world.send(clocked.receive(peer, {"t": "ready", "ready": True}, world.now))
    world.send(clocked.receive(HOST, {"t": "fill", "seat": "E", "level": "beginner"}, world.now))
    world.send(clocked.receive(HOST, {"t": "start"}, world.now))
    rng = random.Random(6)
    world.play(20 * 61, rng)  # (20 hands: far more than these rules let a game last)
    assert clocked.table.game.phase.value == "game-over"
    page = successor(world, {HOST})
    new = take_over_by(world, page, {HOST})
    assert new.room.config.clock == (20_000, 60_000)
    assert new.room.table.game.phase.value == "game-over" and sheets(new.room) == sheets(clocked)
    assert new.room.table.game.winner == clocked.table.game.winner


def test_a_save_from_before_the_succession_names_the_order_the_start_would_have():
    world = seated(computers=("E",), host="N")
    save = world.room.save()
    del save["succession"]
    for member in save["members"]:
        del member["claim"], member["key"], member["restart"]
    loaded = Room.load(save, world.now)
    assert loaded.order == [Seat.S, Seat.W] and loaded.summary()["seats"]["N"]["claim"] == claim_of(
        world.pages[HOST].token
    )
