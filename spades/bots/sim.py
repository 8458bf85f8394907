"""A fast simulation of one hand's play on card bit masks, for the computer players' search.

The rules are exactly :class:`spades.game.Game`'s for the play of a hand (the
tests compare the two on random positions): follow suit if able; the highest
spade wins, otherwise the highest card of the suit led; spades may not be led
until one has been played unless the leader holds nothing else (or the
``spades_anytime`` rule); with ``first_lead == "two_clubs"`` the first trick
is led with the two of clubs.  The Jokers (52, 53) are spades like in the
engine.

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

from ..cards import SPADE_MASK, SPADES, SUIT_MASKS, SUIT_OF

ALL_CARDS = (1 << 54) - 1
NON_SPADES = ALL_CARDS & ~SPADE_MASK
ABOVE: tuple[int, ...] = tuple(SUIT_MASKS[SUIT_OF[c]] & ~((2 << c) - 1) for c in range(54))
"""``ABOVE[c]``: every card of ``c``'s suit that beats ``c`` when that suit is led."""
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


def beats(card: int, best: int) -> bool:
    """Whether ``card`` played later in a trick beats the trick's current ``best`` card."""
    suit = SUIT_OF[card]
    best_suit = SUIT_OF[best]
    return (suit == best_suit and card > best) or (suit == SPADES and best_suit != SPADES)


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
        self.win_card = -1
        self.win_seat = leader
        for offset, card in enumerate(self.trick):
            if offset == 0 or beats(card, self.win_card):
                self.win_card = card
                self.win_seat = (leader + offset) % 4

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
        hand = self.hands[self.turn]
        if self.trick:
            return hand & SUIT_MASKS[SUIT_OF[self.trick[0]]] or hand
        if self.two_clubs and self.done == 0 and hand & 1:
            return 1
        if not self.broken and not self.anytime:
            return hand & NON_SPADES or hand
        return hand

    def play(self, card: int) -> None:
        """Play ``card`` (assumed legal) for the seat to play; a fourth card closes the trick."""
        seat = self.turn
        self.hands[seat] ^= 1 << card
        trick = self.trick
        if card >= 39:
            self.broken = True
        if not trick:
            self.win_card = card
            self.win_seat = seat
        else:
            best = self.win_card
            if card >= 39:
                if best < 39 or card > best:
                    self.win_card = card
                    self.win_seat = seat
            elif card > best and SUIT_OF[card] == SUIT_OF[best]:
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
