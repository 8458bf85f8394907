"""Host-blind hands in the room (spades.table.room with spades.table.blindtable), in CPython and inside Pyodide.

Plain functions with plain asserts.  Four people's pages sit at a blind table; each page runs its seat's device (a
:class:`BlindSeat`, as its worker will), started from the room's state (its ``blind`` key), and every chunk goes
through the room's ``receive`` (the host's own page too, as its own peer).  Whole hands are dealt, bid and played
through the devices; the room's table takes each hand once it is audited.  Kept to a few hands: the group
arithmetic is slow in Pyodide.  tests/test_blindtable.py checks the rest (what the host holds, renege, a refused
reveal, a tampered chunk, a whole game).
"""

import json

from spades.cards import SUIT_OF, Seat
from spades.game import Phase
from spades.rules import Rules
from spades.table.blindroom import BlindSeat
from spades.table.room import BLIND_WAIT_MS, HOST, Room, RoomConfig
from spades.table.verify import verify_record

NAMES = {"N": "Nora", "E": "Eli", "S": "Sam", "W": "Wen"}


class Page:
    """A person's page: the room's messages it got, and its seat's device for the hand the state names."""

    def __init__(self, peer, seat, make=BlindSeat):
        self.peer = peer
        self.seat = Seat[seat]
        self.make = make
        self.state = None
        self.device = None
        self.got = []  # every message, as JSON text (the transport's view)
        self.ended = None

    def take(self, message):
        """Take one message from the host; return the chunks its device sends back."""
        self.got.append(json.dumps(message))
        kind = message["t"]
        if kind == "state":
            self.state = message["state"]
            blind = self.state.get("blind")
            if blind is not None and (
                self.device is None or (self.device.table, self.device.hand) != (blind["table"], blind["hand"])
            ):
                self.device = self.make(self.seat, blind["table"], blind["hand"], Rules.from_dict(self.state["rules"]),
                                        Seat[blind["dealer"]], tuple(blind["totals"]), tuple(blind["bags"]),
                                        rated=blind["rated"])  # fmt: skip
                return self.device.start()
        elif kind == "blind":
            assert self.device is not None
            return self.device.receive(message)
        elif kind == "ended":
            self.ended = message
        return []


class World:
    """The room and the four pages; every message delivered, every chunk a page sends received by the room."""

    def __init__(self, kind="casual", make=None, rules=None, now=1000.0, clock=None, ratings=None):
        rules = Rules.from_dict(rules or {"preset": "standard", "target": 200, "mercy": -200})
        ratings = ratings or {}
        config = RoomConfig(kind, blind=True, clock=clock)
        self.room = Room(rules, config, NAMES["S"], Seat.S, seed=7, rating=ratings.get("S"))
        self.now = now
        self.pages = {}
        for seat in "NESW":
            peer = HOST if seat == "S" else "p-" + seat
            self.pages[peer] = Page(peer, seat, (make or {}).get(seat, BlindSeat))
        self.counters = {}
        self.sent = []  # (peer, message) the room sent
        for peer, page in self.pages.items():
            if peer == HOST:
                continue
            hello = {"t": "hello", "name": NAMES[page.seat.name]}
            if page.seat.name in ratings:
                hello["rating"] = ratings[page.seat.name]
            self.deliver(self.room.receive(peer, hello, self.now))
            self.deliver(self.room.receive(peer, {"t": "sit", "seat": page.seat.name}, self.now))
            self.deliver(self.room.receive(peer, {"t": "ready", "ready": True}, self.now))
        self.deliver(self.room.opening())
        self.deliver(self.room.receive(HOST, {"t": "start"}, self.now))

    def deliver(self, out):
        queue = list(out)
        while queue:
            peer, message = queue.pop(0)
            self.sent.append((peer, message))
            page = self.pages.get(peer)
            if page is None:
                continue
            for chunk in page.take(message):
                queue += self.room.receive(peer, chunk, self.now)

    def chunks(self, page, chunks):
        out = []
        for chunk in chunks:
            out += self.room.receive(page.peer, chunk, self.now)
        self.deliver(out)

    def to_move(self):
        """The page whose device may bid or play now, or ``None``."""
        for page in self.pages.values():
            if page.device is None or page.device.outcome is not None:
                continue
            view = page.device.view()
            if view.turn == page.seat and view.legal:
                return page
        return None

    def play_hand(self, bid=3, renege=None):
        """The devices bid and play the hand to its end (each its first legal card); ``renege`` (a seat whose
        device skips the follow-suit check) plays off suit at its first chance while able to follow."""
        reneged = False
        for _ in range(60):
            page = self.to_move()
            if page is None:
                return
            self.now += 50
            device = page.device
            view = device.view()
            if view.phase is Phase.BIDDING:
                self.chunks(page, device.bid(bid if bid in view.legal else max(view.legal)))
                continue
            card = device.legal()[0]
            trick = device.public.trick
            if page.seat.name == renege and not reneged and trick:
                suit = SUIT_OF[trick[0]]
                off = [c for c in view.hand if SUIT_OF[c] != suit]
                if off and any(SUIT_OF[c] == suit for c in view.hand):
                    card, reneged = off[0], True
            self.chunks(page, device.play(card))

    def next_hand(self):
        self.counters[HOST] = self.counters.get(HOST, 0) + 1
        self.now += 50
        intent = {"t": "intent", "n": self.counters[HOST], "intent": {"type": "next_hand"}}
        self.deliver(self.room.receive(HOST, intent, self.now))


def test_four_peoples_devices_play_blind_hands_through_the_room_and_its_table_takes_each_audited_hand():
    world = World()
    room = world.room
    assert room.blind is not None and room.table is None and room.summary()["blind"] is True
    assert all(page.device is not None and len(page.device.device.cards) == 13 for page in world.pages.values())
    for message in ({"t": "hello", "name": "Kim"}, {"t": "watch", "seat": "N"}, {"t": "leave"}):
        world.deliver(room.receive("watcher", message, world.now))  # a spectator leaving calls nothing off
    assert room.blind is not None and "watcher" not in room.members
    world.play_hand()
    assert room.blind is None, "the hand is settled"
    for page in world.pages.values():
        assert page.device.outcome is not None and page.device.outcome.ok, page.device.outcome.verification.line
    game = room.table.game
    assert game.phase is Phase.HAND_OVER and game.hand_number == 1 and len(game.results) == 1
    for page in world.pages.values():  # every page's state is the table's again: the hand scored, its cards played
        assert "blind" not in page.state and page.state["hands_scored"] == 1 and page.state["phase"] == "hand-over"
        assert page.state["last_result"]["totals"] == {"NS": game.results[0].totals[0], "EW": game.results[0].totals[1]}
    totals = (page.device.outcome.totals for page in world.pages.values())
    assert all(t == tuple(game.results[0].totals) for t in totals)
    record = room.record()
    assert record["hands"][0]["fair"]["kind"] == "blind"
    check = verify_record(record)
    assert check.ok, check.line
    # the next hand is blind too, and the table keeps the first meanwhile
    world.next_hand()
    assert room.blind is not None and room.blind.hand == 2 and room.blind.public.dealer == Seat.N
    assert room.table.game.hand_number == 1 and room.table.game.phase is Phase.HAND_OVER
    state = world.pages["p-E"].state
    assert state["blind"]["hand"] == 2 and state["hand_number"] == 2 and state["hand"] == []
    assert state["hands_scored"] == 1 and state["allowed"]["next_hand"] is False
    world.play_hand()
    assert room.blind is None and room.table.game.hand_number == 2 and len(room.table.game.results) == 2
    assert verify_record(room.record()).ok


def test_a_device_that_never_reveals_is_named_after_the_wait_and_its_side_leaves_a_rated_table():
    class Silent(BlindSeat):
        def _give_up(self):
            return []

    world = World("rated", make={"E": Silent})
    world.play_hand()
    room = world.room
    assert room.blind is not None and room.ended is None  # waiting for E's keys
    world.now += BLIND_WAIT_MS
    world.deliver(room.tick(world.now))
    assert room.blind is None and room.ended == "left" and room.left == NAMES["E"]
    assert world.pages["p-N"].ended == {"t": "ended", "reason": "left", "left": NAMES["E"], "loser": "EW"}
