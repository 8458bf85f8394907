"""Fair deals (spades.table.fair, spades.table.blind), in CPython (pytest) and inside Pyodide (``node
tests/pyodide/run.mjs``): plain functions with plain asserts.

Four simulated devices deal a host-blind hand through a relay that sees every message, play it with the engine's
rules and audit it; a commit–reveal deal is the engine's deal of the seed the secrets make.  tests/test_fair.py
uses the harness below for the tampering cases, the view that must not betray a card, and the command line.
"""

from collections import deque

from spades.cards import CARD_NAMES, Seat, mask_cards
from spades.game import Game, Phase
from spades.table import blind, fair
from spades.table.blind import Device


class Relay:
    """Four devices and the host's relay: every message goes to every device; ``seen`` is all that went by.

    ``tamper(message)`` may change (or drop, returning ``None``) a message on its way; ``make(seat, table, hand)``
    makes the devices (a test's modified one, say).
    """

    def __init__(self, table="t-1", hand=1, tamper=None, make=Device):
        self.devices = [make(seat, table, hand) for seat in Seat]
        self.seen = []
        self.tamper = tamper
        self.queue = deque()
        for device in self.devices:
            self.queue.extend(device.start())
        self.run()

    def run(self):
        while self.queue:
            self.send(self.queue.popleft())

    def send(self, message):
        if self.tamper is not None:
            message = self.tamper(message)
            if message is None:
                return
        self.seen.append(message)
        for device in self.devices:
            self.queue.extend(device.receive(message))

    def deal(self):
        """The deal as the four devices hold it (only a test sees all four)."""
        return {seat: [card for _, card in sorted(self.devices[seat].cards.items())] for seat in Seat}

    def reveal(self, seats=tuple(Seat)):
        for seat in seats:
            self.send(self.devices[seat].reveal())


def play_hand(relay, dealer=Seat.W, renege_at=None):
    """Bid and play the hand, each seat playing its lowest legal card; with ``renege_at`` = n, card n is instead a
    card of another suit by a seat that could follow (the first such chance from card n on), and the hand stops
    there.  Returns (bids, the cards played)."""
    game = Game(deal=relay.deal(), dealer=dealer)
    bids = []
    while game.phase is Phase.BIDDING:
        bid = 3 if 3 in game.legal_moves() else game.legal_moves()[0]
        game.bid(bid)
        bids.append(bid)
    played = []
    while game.phase is Phase.PLAYING:
        seat = game.turn
        card = game.legal_moves()[0]
        if renege_at is not None and len(played) + 1 >= renege_at:
            others = [c for c in game.hand(seat) if c not in game.legal_moves()]
            if game.trick and others:
                card = others[0]
                relay.send(relay.devices[seat].play(card))
                played.append(card)
                return bids, played
        relay.send(relay.devices[seat].play(card))
        game.play(card)
        played.append(card)
    return bids, played


def test_four_devices_deal_a_hand_that_each_sees_only_its_own_and_every_audit_holds():
    relay = Relay()
    hands = relay.deal()
    assert sorted(card for cards in hands.values() for card in cards) == list(range(52))
    assert all(len(cards) == 13 and not relay.devices[seat].unreadable for seat, cards in hands.items())
    bids, played = play_hand(relay)
    assert len(played) == 52
    relay.reveal()
    game = Game(deal=hands, dealer=Seat.W)
    for device in relay.devices:
        audit = device.audit(Seat.W, bids)
        assert audit.ok, audit.verification.line
        assert audit.verification.line.startswith("holds: 4 shuffles, the final deck, 12 sealed key boxes and 52")
        assert audit.deal == tuple(game.history[-1].deal) and list(audit.play) == played and audit.renege is None


def test_a_renege_is_found_at_the_audit_and_names_the_seat():
    relay = Relay()
    bids, played = play_hand(relay, renege_at=5)
    relay.reveal()
    audit = relay.devices[0].audit(Seat.W, bids)
    seat, card, n = audit.renege
    assert n == len(played) and card == played[-1]
    assert audit.verification.error.code == "fair_renege" and audit.verification.error.seat == seat.name
    assert f"{seat.name} played {CARD_NAMES[card]} (card {n}) when able to follow suit" in audit.verification.line


def test_a_commit_reveal_deal_is_the_engines_deal_of_the_secrets_seed():
    secrets = {seat: fair.new_secret() for seat in Seat}
    commits = {seat: fair.commitment("t-1", 3, seat, secret) for seat, secret in secrets.items()}
    seed = fair.combine("t-1", 3, secrets)
    assert 0 <= seed < 2**53
    deal = fair.deal_of(seed)
    assert [len(mask_cards(m)) for m in deal] == [13, 13, 13, 13]
    assert fair.verify_commits("t-1", 3, commits, secrets, deal).ok
    changed = {**secrets, Seat.E: bytes(32)}
    verdict = fair.verify_commits("t-1", 3, commits, changed, deal)
    assert not verdict.ok and verdict.error.code == "fair_commit_mismatch" and verdict.error.seat == "E"
    assert blind.power(blind.power(blind.encode(0), 5), 7) == blind.power(blind.power(blind.encode(0), 7), 5)
