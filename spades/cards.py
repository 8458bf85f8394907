"""Cards, suits, seats and teams: the values every other module speaks.

Encodings (stable; hand records and the bot protocol depend on them):

* A **card** is an ``int`` from 0 to 53.  Standard cards are ``suit * 13 + rank``
  where suits are clubs 0, diamonds 1, hearts 2, spades 3 and ranks run from the
  two (0) to the ace (12).  The Little Joker is 52 and the Big Joker 53; both
  belong to spades.  Within a suit a larger number is a higher card, so the
  Jokers rank above the ace of spades.  Cards have no ``<`` of their own
  meaning: which card wins a trick depends on the suit led (see
  :func:`trick_winner`).
* Card text is rank then suit: ``"AS"``, ``"TD"``, ``"2C"``; ``"LJ"`` and
  ``"BJ"`` for the Jokers.  :func:`parse_card` and :func:`card_name` round trip.
* A **hand** inside the engine is a bit mask: bit ``c`` is set when card ``c``
  is held.  :func:`mask_cards` and :func:`cards_mask` convert.
* **Seats** are North 0, East 1, South 2, West 3, clockwise; North/South are
  team 0 (``"NS"``) and East/West team 1 (``"EW"``).

>>> parse_card("TD"), card_name(parse_card("TD"))
(21, 'TD')
>>> Seat.W.next, Seat.N.partner, Seat.E.team
(<Seat.N: 0>, <Seat.S: 2>, <Team.EW: 1>)
"""

from __future__ import annotations

from collections.abc import Iterable
from enum import IntEnum

from .errors import ParseError

Card = int
"""A card number, 0–53 (see the module docstring)."""

CLUBS, DIAMONDS, HEARTS, SPADES = 0, 1, 2, 3
SUIT_LETTERS = "CDHS"
SUIT_NAMES = ("clubs", "diamonds", "hearts", "spades")
SUIT_SYMBOLS = "♣♦♥♠"
RANK_LETTERS = "23456789TJQKA"

LITTLE_JOKER: Card = 52
BIG_JOKER: Card = 53

CARD_NAMES: tuple[str, ...] = (*(RANK_LETTERS[c % 13] + SUIT_LETTERS[c // 13] for c in range(52)), "LJ", "BJ")
SUIT_OF: tuple[int, ...] = (*(c // 13 for c in range(52)), SPADES, SPADES)
"""Suit of each card; the Jokers are spades."""

SUIT_MASKS: tuple[int, ...] = (
    0x1FFF,
    0x1FFF << 13,
    0x1FFF << 26,
    (0x1FFF << 39) | (1 << LITTLE_JOKER) | (1 << BIG_JOKER),
)
"""Bit mask of every card of each suit (spades include the Jokers)."""
SPADE_MASK = SUIT_MASKS[SPADES]

STANDARD_DECK = (1 << 52) - 1
"""The 52-card deck."""
JOKER_DECK = (STANDARD_DECK | (1 << LITTLE_JOKER) | (1 << BIG_JOKER)) & ~(1 << 13) & ~(1 << 26)
"""The Jokers deck: both Jokers added, the two of diamonds and two of hearts removed."""

_BY_NAME = {name: c for c, name in enumerate(CARD_NAMES)}


def parse_card(text: str) -> Card:
    """Return the card named ``text`` (``"AS"``, ``"10h"`` and ``"as"`` also work).

    >>> parse_card("AS"), parse_card("10h"), parse_card("BJ")
    (51, 34, 53)
    """
    if not isinstance(text, str):
        raise ParseError(f"card must be text like 'AS', got {text!r}")
    key = text.strip().upper()
    if key.startswith("10"):
        key = "T" + key[2:]
    card = _BY_NAME.get(key)
    if card is None:
        raise ParseError(f"not a card: {text!r} (expected rank 2-9 T J Q K A then suit C D H S, or LJ/BJ)")
    return card


def card_name(card: Card) -> str:
    """Return the two-letter name of ``card`` (``"AS"``, ``"TD"``, ``"BJ"``)."""
    return CARD_NAMES[card]


def cards_mask(cards: Iterable[Card]) -> int:
    """Return the bit mask holding ``cards``."""
    mask = 0
    for card in cards:
        mask |= 1 << card
    return mask


_SUIT_CARDS: tuple[list[tuple[Card, ...] | None], ...] = tuple([None] * 8192 for _ in range(4))
_SUIT_CARDS[0][0] = _SUIT_CARDS[1][0] = _SUIT_CARDS[2][0] = _SUIT_CARDS[3][0] = ()


def _suit_cards(suit: int, bits: int) -> tuple[Card, ...]:
    """The cards of ``suit`` whose ranks are the 13-bit mask ``bits`` (filled in on first use)."""
    table = _SUIT_CARDS[suit]
    cards = table[bits]
    if cards is None:
        low = bits & -bits
        cards = table[bits] = (low.bit_length() - 1 + 13 * suit, *_suit_cards(suit, bits ^ low))
    return cards


def mask_cards(mask: int) -> tuple[Card, ...]:
    """Return the cards in ``mask``, lowest number first (clubs, diamonds, hearts, spades, Jokers)."""
    clubs = _SUIT_CARDS[0][mask & 0x1FFF]
    if clubs is None:
        clubs = _suit_cards(0, mask & 0x1FFF)
    diamonds = _SUIT_CARDS[1][mask >> 13 & 0x1FFF]
    if diamonds is None:
        diamonds = _suit_cards(1, mask >> 13 & 0x1FFF)
    hearts = _SUIT_CARDS[2][mask >> 26 & 0x1FFF]
    if hearts is None:
        hearts = _suit_cards(2, mask >> 26 & 0x1FFF)
    spades = _SUIT_CARDS[3][mask >> 39 & 0x1FFF]
    if spades is None:
        spades = _suit_cards(3, mask >> 39 & 0x1FFF)
    cards = clubs + diamonds + hearts + spades
    if mask >> 52:
        cards += tuple(c for c in (LITTLE_JOKER, BIG_JOKER) if mask >> c & 1)
    return cards


def trick_winner(leader: int, cards: Iterable[Card]) -> int:
    """Return the seat that wins a trick.

    ``cards`` are in play order starting with ``leader``'s.  The highest spade
    wins; without spades, the highest card of the suit led.

    >>> trick_winner(0, [parse_card(c) for c in ("TD", "4S", "AC", "5D")])
    1
    """
    best_seat = leader
    best = -1
    best_suit = -1
    for offset, card in enumerate(cards):
        suit = SUIT_OF[card]
        if offset == 0:
            best, best_suit = card, suit
        elif (suit == best_suit and card > best) or (suit == SPADES and best_suit != SPADES):
            best, best_suit, best_seat = card, suit, (leader + offset) % 4
    return best_seat


class Team(IntEnum):
    """A partnership: ``NS`` (North and South) or ``EW`` (East and West)."""

    NS = 0
    EW = 1

    @property
    def seats(self) -> tuple[Seat, Seat]:
        """The two seats of this team."""
        return (Seat(self.value), Seat(self.value + 2))

    @property
    def other(self) -> Team:
        """The opposing team."""
        return Team(1 - self.value)

    @classmethod
    def parse(cls, text: str) -> Team:
        """Return the team named ``"NS"`` or ``"EW"``."""
        try:
            return cls[text.upper()]
        except (KeyError, AttributeError):
            raise ParseError(f"not a team: {text!r} (expected 'NS' or 'EW')") from None

    def __str__(self) -> str:
        return self.name


class Seat(IntEnum):
    """A seat at the table, numbered clockwise from North."""

    N = 0
    E = 1
    S = 2
    W = 3

    @property
    def next(self) -> Seat:
        """The seat to the left, who acts next (clockwise)."""
        return Seat((self.value + 1) % 4)

    @property
    def partner(self) -> Seat:
        """The seat opposite."""
        return Seat((self.value + 2) % 4)

    @property
    def team(self) -> Team:
        """This seat's team."""
        return Team(self.value % 2)

    @classmethod
    def parse(cls, text: str) -> Seat:
        """Return the seat named ``"N"``, ``"E"``, ``"S"`` or ``"W"``."""
        try:
            return cls[text.upper()]
        except (KeyError, AttributeError):
            raise ParseError(f"not a seat: {text!r} (expected 'N', 'E', 'S' or 'W')") from None

    def __str__(self) -> str:
        return self.name
