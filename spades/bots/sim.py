"""A fast simulation of one hand's play on card bit masks, for the computer players' search.

The rules are :class:`spades.game.Game`'s because they are the same code: the
trick rules of :mod:`spades.cards` (:data:`~spades.cards.BEATERS`,
:func:`~spades.cards.follow_mask`, :func:`~spades.cards.lead_mask`,
:func:`~spades.cards.first_leader`), and the tests still compare the two on
random positions.  :meth:`Position.from_view` is the one conversion from a
seat's view (plus the hidden hands, sampled) to a simulated position.

Encodings are the engine's: cards are ints 0–53, hands are bit masks, seats
are 0–3 (N, E, S, W).  A :class:`Position` holds all four hands, so it is a
*determinized* deal: the bots fill the hidden hands by sampling.

>>> from spades.cards import parse_card, cards_mask
>>> hands = [cards_mask([parse_card(c)]) for c in ("2C", "AC", "KC", "3S")]
>>> p = Position(hands, leader=0, done=12, broken=True)
>>> for _ in range(4):
...     p.play(lowest(p.legal()))
>>> p.won, p.done, p.leader
([0, 0, 0, 1], 13, 3)
"""

from __future__ import annotations

from collections.abc import Sequence

from ..cards import (
    BEATERS,
    NON_SPADES,
    SPADE_MASK,
    SUIT_MASKS,
    SUIT_OF,
    first_leader,
    follow_mask,
    lead_mask,
    winning,
)
from ..errors import SpadesError
from ..game import Phase, View

BELOW: tuple[int, ...] = tuple(SUIT_MASKS[SUIT_OF[c]] & ((1 << c) - 1) for c in range(54))
"""``BELOW[c]``: every card of ``c``'s suit lower than ``c``."""
RANK: tuple[int, ...] = (*(c % 13 for c in range(52)), 13, 14)
"""Rank within the suit: two 0 … ace 12, Little Joker 13, Big Joker 14."""


def lowest(mask: int) -> int:
    """The lowest-numbered card of a non-empty ``mask``."""
    return (mask & -mask).bit_length() - 1


def highest(mask: int) -> int:
    """The highest-numbered card of a non-empty ``mask``."""
    return mask.bit_length() - 1


def cards_of(mask: int) -> list[int]:
    """The cards of ``mask``, lowest first."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def high_discard(cards: int) -> int:
    """The highest side-suit card of non-empty ``cards`` by rank (else the lowest spade)."""
    side = cards & NON_SPADES
    if not side:
        return lowest(cards)
    best, rank = -1, -1
    for suit in range(3):
        m = side & SUIT_MASKS[suit]
        if m:
            c = highest(m)
            if RANK[c] > rank:
                best, rank = c, RANK[c]
    return best


class Position:
    """The play of one hand from some point on, with every hand known.

    ``hands`` are four card masks; ``trick`` the cards of the trick in
    progress from ``leader``; ``won`` tricks by seat; ``done`` finished
    tricks; ``broken`` whether a spade has been played; ``two_clubs`` and
    ``anytime`` mirror the rules ``first_lead == "two_clubs"`` and
    ``spades_anytime``.
    """

    __slots__ = ("anytime", "broken", "done", "hands", "leader", "trick", "turn", "two_clubs", "win_card", "win_seat",
                 "won")  # fmt: skip

    def __init__(
        self,
        hands: Sequence[int],
        *,
        leader: int,
        trick: Sequence[int] = (),
        won: Sequence[int] = (0, 0, 0, 0),
        done: int = 0,
        broken: bool = False,
        two_clubs: bool = False,
        anytime: bool = False,
    ) -> None:
        self.hands = list(hands)
        self.leader = leader
        self.trick = list(trick)
        self.won = list(won)
        self.done = done
        self.broken = broken
        self.two_clubs = two_clubs
        self.anytime = anytime
        self.turn = (leader + len(self.trick)) % 4
        self.win_seat, self.win_card = winning(leader, self.trick)

    @classmethod
    def from_view(cls, view: View, hands: Sequence[int]) -> Position:
        """The play from where ``view`` stands, with all four ``hands`` (card masks, e.g. sampled) filled in.

        In the bidding phase this is the hand's first lead (``hands`` are then
        13 cards each); in the play phase, the trick in progress.
        """
        rules = view.rules
        two_clubs = rules.first_lead == "two_clubs"
        anytime = rules.spades_anytime
        if view.phase is Phase.BIDDING:
            return cls(hands, leader=first_leader(view.dealer, hands, two_clubs), two_clubs=two_clubs, anytime=anytime)
        if view.phase is not Phase.PLAYING or view.turn is None:
            raise SpadesError(f"no play to simulate in the {view.phase.value} phase")
        leader = view.leader if view.leader is not None else view.turn
        return cls(hands, leader=int(leader), trick=view.trick, won=view.tricks_won, done=len(view.tricks),
                   broken=view.spades_broken, two_clubs=two_clubs, anytime=anytime)  # fmt: skip

    def copy(self) -> Position:
        """An independent copy."""
        other = Position.__new__(Position)
        other.hands = self.hands[:]
        other.leader = self.leader
        other.trick = self.trick[:]
        other.won = self.won[:]
        other.done = self.done
        other.broken = self.broken
        other.two_clubs = self.two_clubs
        other.anytime = self.anytime
        other.turn = self.turn
        other.win_card = self.win_card
        other.win_seat = self.win_seat
        return other

    def legal(self) -> int:
        """The legal cards of the seat to play, as a mask (0 once the hand is over)."""
        if self.trick:
            return follow_mask(self.hands[self.turn], SUIT_OF[self.trick[0]])
        return lead_mask(self.hands[self.turn], self.broken or self.anytime, self.two_clubs and self.done == 0)

    def play(self, card: int) -> None:
        """Play ``card`` (assumed legal) for the seat to play; a fourth card closes the trick."""
        seat = self.turn
        bit = 1 << card
        self.hands[seat] ^= bit
        trick = self.trick
        if bit & SPADE_MASK:
            self.broken = True
        if not trick or BEATERS[self.win_card] & bit:
            self.win_card = card
            self.win_seat = seat
        trick.append(card)
        if len(trick) == 4:
            winner = self.win_seat
            self.won[winner] += 1
            self.done += 1
            self.trick = []
            self.leader = self.turn = winner
        else:
            self.turn = (seat + 1) & 3

    @property
    def over(self) -> bool:
        """Whether all 13 tricks have been played."""
        return self.done == 13
