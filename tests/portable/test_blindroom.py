"""A host-blind hand through the host's room (spades.table.blindroom), in CPython (pytest) and inside Pyodide
(``node tests/pyodide/run.mjs``): plain functions with plain asserts.

Four simulated devices (each a :class:`BlindSeat`, as each page's worker will hold one) and the host's
:class:`BlindRelay` play whole hands; every chunk goes through the relay, within the room's size limits.
tests/test_blindroom.py uses the harness below for the rest (chunks over many sizes, what the host holds, the
record, the figures).
"""

from collections import deque

from spades.cards import SUIT_OF, Seat, Team, mask_cards
from spades.game import Phase
from spades.rules import PRESETS, Rules
from spades.scoring import renege_tricks, score_hand
from spades.table.blindroom import BlindRelay, BlindSeat, rebuild
from spades.table.chunks import GUEST_LIMIT, HOST_LIMIT, size


class Room:
    """The host's relay and four devices joined by queues; ``up`` and ``down`` keep every chunk sent each way.

    ``make(seat, **kwargs)`` makes a device (a test's modified one); ``drop(seat, chunk)`` may keep a device's
    chunk from the relay (a device that goes silent).
    """

    def __init__(self, rules=None, dealer=Seat.W, rated=False, make=BlindSeat, drop=None, table="t-blind", hand=1):
        self.rules = rules or PRESETS["standard"]
        self.dealer = dealer
        self.relay = BlindRelay(table, hand, self.rules, dealer, rated=rated)
        self.seats = [make(seat, table, hand, self.rules, dealer, rated=rated) for seat in Seat]
        self.queue = deque()
        self.up, self.down = [], []
        self.drop = drop
        for seat in Seat:
            self.send(seat, self.seats[seat].start())
        self.run()

    def send(self, seat, chunks):
        for chunk in chunks:
            assert size(chunk) <= GUEST_LIMIT, size(chunk)
            if self.drop is None or not self.drop(seat, chunk):
                self.queue.append((seat, chunk))

    def run(self):
        while self.queue:
            seat, chunk = self.queue.popleft()
            self.up.append((seat, chunk))
            for to, out in self.relay.receive(seat, chunk):
                assert size(out) <= HOST_LIMIT and (to != seat or out.get("from") is None)
                self.down.append((to, out))
                self.send(to, self.seats[to].receive(out))

    def bid_all(self, bid=3):
        public = self.relay.public
        while public.phase == "bidding" and not public.revealed:
            seat = self.seats[public.turn]
            legal = seat.view().legal
            self.send(seat.seat, seat.bid(bid if bid in legal else legal[-1]))
            self.run()

    def to_play(self):
        turn = self.relay.public.turn
        if turn is not None:
            return self.seats[turn]
        return next(seat for seat in self.seats if seat.view().turn == seat.seat)  # the 2♣ leads

    def play_all(self, renege=None, stop=None):
        """Each seat plays its first legal card; ``renege`` (a seat) plays off suit at its first chance while able
        to follow; ``stop`` = n stops after n cards.  Returns the number of the renege card (or None)."""
        public = self.relay.public
        reneged = None
        while public.phase == "playing" and not public.revealed and (stop is None or len(public.play) < stop):
            seat = self.to_play()
            card = seat.legal()[0]
            hand = mask_cards(seat.hand_mask)
            if renege == seat.seat and reneged is None and public.trick:
                off = [c for c in hand if SUIT_OF[c] != SUIT_OF[public.trick[0]]]
                if off and any(SUIT_OF[c] == SUIT_OF[public.trick[0]] for c in hand):
                    card, reneged = off[0], len(public.play) + 1
            self.send(seat.seat, seat.play(card))
            self.run()
        return reneged


class Silent(BlindSeat):
    """A modified page that never reveals its keys."""

    def _give_up(self):
        return []


def modified(cls, at):
    """A device maker: ``cls`` at seat ``at``, honest elsewhere."""
    return lambda seat, *args, **kwargs: (cls if seat == at else BlindSeat)(seat, *args, **kwargs)


class Renegade(BlindSeat):
    """A modified page that plays any card it holds (it skips the follow-suit check)."""

    def reason(self, card):
        return None


def test_four_devices_play_a_whole_blind_hand_through_the_relay_and_every_audit_holds():
    room = Room()
    dealt = [len(seat.device.cards) for seat in room.seats]
    assert dealt == [13, 13, 13, 13] and room.relay.public.phase == "bidding"
    assert all(seat.view().phase is Phase.BIDDING for seat in room.seats)
    room.bid_all()
    room.play_all()
    outcome = room.relay.outcome
    assert outcome is not None and outcome.ok, outcome.verification.line
    assert outcome.events == [{"kind": "blind_audit", "ok": True}]
    for seat in room.seats:  # every device settles the hand the same way as the host
        assert seat.outcome is not None and seat.outcome.to_json() == outcome.to_json()
    # the engine replays the audited deal and the play: its result is the relay's score
    public = room.relay.public
    game = rebuild(room.rules, room.dealer, outcome.deal, public.bids, outcome.play)
    result = game.results[-1]
    assert result.tricks == outcome.tricks == tuple(public.won)
    assert result.totals == outcome.totals
    assert [t.winner for t in game.tricks] == [t.winner for t in public.tricks]
    # each device's deal is the one the audit read
    for seat in room.seats:
        assert sorted(seat.device.cards.values()) == list(mask_cards(outcome.deal[seat.seat]))


def test_the_two_of_clubs_leads_from_whichever_seat_holds_it():
    room = Room(rules=Rules(first_lead="two_clubs"))
    room.bid_all()
    holder = room.to_play()
    assert holder.legal() == (0,) and holder.view().turn == holder.seat
    assert all(seat.view().turn is None for seat in room.seats if seat is not holder)
    room.play_all()
    assert room.relay.outcome.ok and room.relay.public.play[0] == 0


def reneged(seat, rated=False):
    """A room whose hand was played out with ``seat``'s device reneging, and the renege card's number.  The deals
    are fair (fresh secrets): in about one in three hundred the seat never both holds the suit led and can play
    another (each seat plays its first legal card), so a new room is dealt then."""
    for _ in range(20):
        room = Room(rated=rated, make=modified(Renegade, seat))
        room.bid_all()
        n = room.play_all(renege=seat)
        if n is not None:
            return room, n
    raise AssertionError(f"{seat.name} had no chance to renege in 20 deals")


def test_a_renege_is_found_at_the_audit_and_costs_its_side_three_tricks():
    room, n = reneged(Seat.E)
    outcome = room.relay.outcome
    assert not outcome.ok and outcome.renege[0] == Seat.E and outcome.renege[2] == n
    public = room.relay.public
    after = renege_tricks(public.won, public.bids, (Seat.E,))
    assert outcome.tricks == after
    assert sum(after[s] for s in (0, 2)) == sum(public.won[s] for s in (0, 2)) + min(3, public.won[1] + public.won[3])
    ns, ew = score_hand(room.rules, tuple(public.bids), after, (0, 0))
    assert outcome.totals == (ns.points, ew.points)
    event = outcome.events[0]
    assert event["kind"] == "blind_renege" and event["seat"] == "E" and event["n"] == n and not event["rated"]
    assert event["tricks"] == min(3, public.won[1] + public.won[3])
    for seat in room.seats:
        assert seat.outcome.to_json() == outcome.to_json()


def test_a_renege_at_a_rated_table_loses_the_game():
    room, _ = reneged(Seat.S, rated=True)
    outcome = room.relay.outcome
    assert outcome.loser is Team.NS and outcome.events[0]["loser"] == "NS" and outcome.events[0]["rated"]


def test_a_refused_reveal_names_the_device_and_its_side_leaves():
    room = Room(make=modified(Silent, Seat.W))
    room.bid_all()
    room.play_all()
    assert room.relay.outcome is None  # waiting for W
    outcome = room.relay.expire()
    assert outcome.left == (Seat.W,) and outcome.error.code == "fair_no_reveal"
    assert outcome.events == [{"kind": "blind_left", "seat": "W", "code": "fair_no_reveal",
                               "params": {"seats": ["W"]}}]  # fmt: skip
    for seat in room.seats[:3]:
        assert seat.expire().left == (Seat.W,)
