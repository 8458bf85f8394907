"""What one seat knows, derived from its :class:`~spades.game.View` as bit masks.

:class:`Knowledge` is built once per decision.  It never sees more than the
view: the seat's own hand, the bids, the cards played (and by whom), the suits
each seat has shown out of, tricks won, scores and bags.  Seats are ints 0–3
(N, E, S, W), teams 0 (NS) and 1 (EW), cards and hands as in
:mod:`spades.cards`.
"""

from __future__ import annotations

from ..cards import ABOVE, JOKER_DECK, SPADES, STANDARD_DECK, SUIT_MASKS, SUIT_OF, cards_mask, winning
from ..game import View
from ..scoring import counted_tricks, team_contract


class Knowledge:
    """One seat's knowledge at a decision (see the module docstring).

    Attributes are plain ints and tuples so the heuristics stay fast:
    ``hand`` (mask), ``legal`` (mask, play phase), ``unseen`` (cards the other
    three seats still hold), ``played_by`` (mask per seat), ``voids`` (4-bit
    suit mask per seat), ``trick`` ((seat, card) pairs), ``win_seat`` /
    ``win_card`` (current winner of the trick, -1 when no trick), ``later``
    (seats still to play to this trick after this one).
    """

    def __init__(self, view: View) -> None:
        self.view = view
        self.rules = view.rules
        self.seat = seat = int(view.seat)
        self.partner = (seat + 2) % 4
        self.lho = (seat + 1) % 4
        self.rho = (seat + 3) % 4
        self.team = seat % 2
        self.hand = cards_mask(view.hand)
        self.deck = JOKER_DECK if view.rules.jokers else STANDARD_DECK
        self.unseen = self.deck & ~view.played & ~self.hand
        self.bids = view.bids
        self.won = view.tricks_won
        self.voids = view.voids
        self.cards_left = view.cards_left
        self.remaining = 13 - len(view.tricks)
        played_by = [0, 0, 0, 0]
        for trick in view.tricks:
            for offset, card in enumerate(trick.cards):
                played_by[(trick.leader + offset) % 4] |= 1 << card
        self.trick: list[tuple[int, int]] = []
        self.win_seat = -1
        self.win_card = -1
        if view.leader is not None:
            for offset, card in enumerate(view.trick):
                s = (view.leader + offset) % 4
                played_by[s] |= 1 << card
                self.trick.append((s, card))
            self.win_seat, self.win_card = winning(view.leader, view.trick)
        self.played_by = tuple(played_by)
        self.led = SUIT_OF[self.trick[0][1]] if self.trick else -1
        n = len(self.trick)
        self.later = tuple((seat + k) % 4 for k in range(1, 4 - n))
        self.legal = cards_mask(view.legal) if view.phase.value == "playing" else 0

    # ------------------------------------------------------------ contracts

    def contract(self, team: int) -> int:
        """``team``'s contract (numeric bids added)."""
        return team_contract(self.bids, team)

    def counted(self, team: int) -> int:
        """Tricks counted toward ``team``'s contract so far."""
        return counted_tricks(self.rules, self.bids, self.won, team)

    def need(self, team: int) -> int:
        """Tricks ``team`` still needs for its contract (0 once made or without one)."""
        return max(0, self.contract(team) - self.counted(team))

    def nil_alive(self, seat: int) -> bool:
        """Whether ``seat`` bid nil (or blind nil) and has taken no trick yet."""
        bid = self.bids[seat]
        return bid is not None and bid <= 0 and self.won[seat] == 0

    # ------------------------------------------------------------ cards

    def suit_unseen(self, suit: int) -> int:
        """Unseen cards of ``suit`` (held by the other three seats)."""
        return self.unseen & SUIT_MASKS[suit]

    def is_top(self, card: int) -> bool:
        """Whether no unseen card of ``card``'s suit is higher."""
        return not self.unseen & ABOVE[card]

    def known_void(self, seat: int, suit: int) -> bool:
        """Whether ``seat`` has shown out of ``suit`` (or no unseen card of it remains for others)."""
        if seat == self.seat:
            return not self.hand & SUIT_MASKS[suit]
        return bool(self.voids[seat] >> suit & 1) or not self.unseen & SUIT_MASKS[suit]

    def p_none(self, seat: int, cards: int) -> float:
        """Estimated chance that ``seat`` (another seat) holds none of ``cards`` (unseen cards).

        Known voids are respected; otherwise the unseen cards are taken as dealt at random
        among the seats that may hold them.
        """
        cards &= self.unseen
        if not cards:
            return 1.0
        suit_ok = [s for s in range(4) if not self.voids[seat] >> s & 1]
        cards_ok = 0
        for s in suit_ok:
            cards_ok |= cards & SUIT_MASKS[s]
        if not cards_ok:
            return 1.0
        k = cards_ok.bit_count()
        n = self.cards_left[seat]
        if n <= 0:
            return 1.0
        # Unseen cards this seat could hold: those of suits it is not void in.
        pool = 0
        for s in suit_ok:
            pool |= self.unseen & SUIT_MASKS[s]
        total = max(pool.bit_count(), n)
        p = 1.0
        for i in range(n):
            if total - i <= 0:
                break
            p *= max(0.0, (total - k - i) / (total - i))
            if p == 0.0:
                break
        return p

    def p_beat(self, seat: int, best: int, led: int) -> float:
        """Estimated chance that ``seat``, still to play, beats ``best`` in a trick led in suit ``led``."""
        if self.cards_left[seat] == 0:
            return 0.0
        spades = SUIT_MASKS[SPADES]
        if SUIT_OF[best] == led:
            higher = ABOVE[best] & self.unseen
            p_follow_high = 1.0 - self.p_none(seat, higher) if higher else 0.0
            if led == SPADES:
                return p_follow_high
            p_void = 1.0 if self.voids[seat] >> led & 1 else self.p_none(seat, SUIT_MASKS[led] & self.unseen)
            p_trump = (1.0 - self.p_none(seat, spades & self.unseen)) if not self.voids[seat] >> SPADES & 1 else 0.0
            return min(1.0, p_follow_high + p_void * p_trump)
        # ``best`` is a spade on a side-suit lead: the seat needs a void and a higher spade.
        p_void = 1.0 if self.voids[seat] >> led & 1 else self.p_none(seat, SUIT_MASKS[led] & self.unseen)
        higher = ABOVE[best] & self.unseen
        if not higher or self.voids[seat] >> SPADES & 1:
            return 0.0
        return p_void * (1.0 - self.p_none(seat, higher))
