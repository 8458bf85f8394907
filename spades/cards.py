"""Cards, suits, seats and teams, and the rules of a trick: the values every other module speaks.

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

The rules of a trick live here, and only here: the engine's
:class:`~spades.game.Game` and the computer players' fast simulator
(:class:`~spades.bots.sim.Position`) both call them.  They are who wins so far
(:data:`BEATERS`, :func:`beats`, :func:`winning`, :func:`trick_winner`),
which cards may be played (:func:`follow_mask`, :func:`lead_mask`) and who
leads first (:func:`first_leader`).  They sit beside the card tables rather
than in a module of their own because they are made of them (a suit is a bit
mask, "beats" a table lookup): the simulator shares them at full bit-mask
speed, and every caller already imports this module.

* Players must follow the suit led if they can; otherwise any card.
* The highest spade wins the trick, otherwise the highest card of the suit
  led; the Jokers are the two highest spades.
* Spades may not be led until one has been played (*broken*), unless the
  leader holds nothing else (or the rules allow spades any time).
* The seat left of the dealer leads first; with the two-of-clubs rule the
  holder of 2♣ leads it.

>>> parse_card("TD"), card_name(parse_card("TD"))
(21, 'TD')
>>> Seat.W.next, Seat.N.partner, Seat.E.team
(<Seat.N: 0>, <Seat.S: 2>, <Team.EW: 1>)
"""

from __future__ import annotations

from collections.abc import Iterable
from enum import IntEnum

from .errors import ParseError, brief, register

ERROR_CODES = register(
    __name__,
    {
        "card_not_text": ("value",),
        "not_card": ("value",),
        "not_team": ("value",),
        "not_seat": ("value",),
    },
)
"""Text that names no card, seat or team (registered in :data:`spades.errors.CODES`)."""

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
        raise ParseError(f"card must be text like 'AS', got {brief(text)}", "card_not_text", {"value": brief(text)})
    key = text.strip().upper() if len(text) <= 8 and text.isascii() else ""
    if key.startswith("10"):
        key = "T" + key[2:]
    card = _BY_NAME.get(key)
    if card is None:
        raise ParseError(
            f"not a card: {brief(text)} (expected rank 2-9 T J Q K A then suit C D H S, or LJ/BJ)",
            "not_card",
            {"value": brief(text)},
        )
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


# ----------------------------------------------------------------- the rules of a trick

TWO_CLUBS: Card = 0
"""The two of clubs, the first lead under the two-of-clubs rule."""
NON_SPADES = ((1 << 54) - 1) & ~SPADE_MASK
"""Bit mask of every card that is not a spade (nor a Joker)."""
ABOVE: tuple[int, ...] = tuple(SUIT_MASKS[SUIT_OF[c]] & ~((2 << c) - 1) for c in range(54))
"""``ABOVE[c]``: every card of ``c``'s suit higher than ``c``."""
BEATERS: tuple[int, ...] = tuple(ABOVE[c] | (SPADE_MASK if SUIT_OF[c] != SPADES else 0) for c in range(54))
"""``BEATERS[c]``: every card that beats ``c`` when played after it while ``c`` wins the trick.

A winning card is of the suit led or a spade, so this does not depend on the
suit led: the higher cards of ``c``'s suit, and every spade when ``c`` is not
one.  ``BEATERS[best] >> card & 1`` is the whole trick-winner rule.
"""


def beats(card: Card, best: Card) -> bool:
    """Whether ``card``, played after ``best`` while ``best`` wins the trick, takes the lead.

    >>> beats(parse_card("2S"), parse_card("AH")), beats(parse_card("KH"), parse_card("AH"))
    (True, False)
    """
    return bool(BEATERS[best] >> card & 1)


def winning(leader: int, cards: Iterable[Card]) -> tuple[int, Card]:
    """The seat and card winning a trick so far; ``cards`` in play order from ``leader``'s.

    With no card played yet: ``(leader, -1)``.

    >>> winning(1, [parse_card(c) for c in ("TD", "QD", "4S")])
    (3, 41)
    """
    best_seat = leader
    best = -1
    for offset, card in enumerate(cards):
        if offset == 0 or BEATERS[best] >> card & 1:
            best, best_seat = card, (leader + offset) % 4
    return best_seat, best


def trick_winner(leader: int, cards: Iterable[Card]) -> int:
    """Return the seat that wins a trick (see :func:`winning`).

    ``cards`` are in play order starting with ``leader``'s.  The highest spade
    wins; without spades, the highest card of the suit led.

    >>> trick_winner(0, [parse_card(c) for c in ("TD", "4S", "AC", "5D")])
    1
    """
    return winning(leader, cards)[0]


def follow_mask(hand: int, led: int) -> int:
    """The cards of ``hand`` (a mask) that may be played to a trick led in suit ``led``.

    The cards of the suit led when the hand holds any, otherwise every card.

    >>> mask_cards(follow_mask(cards_mask([parse_card(c) for c in ("2C", "AH", "3S")]), HEARTS))
    (38,)
    """
    return hand & SUIT_MASKS[led] or hand


def lead_mask(hand: int, spades_open: bool, two_clubs: bool) -> int:
    """The cards of ``hand`` (a mask) that may lead a trick.

    ``two_clubs``: this is the hand's first trick under the two-of-clubs rule
    (the two of clubs, when held, must lead).  ``spades_open``: spades have been
    broken, or the rules allow them any time; otherwise spades may lead only
    from a hand of nothing else.

    >>> hand = cards_mask([parse_card(c) for c in ("2C", "AH", "3S")])
    >>> mask_cards(lead_mask(hand, False, False)), mask_cards(lead_mask(hand, True, True))
    ((0, 38), (0,))
    """
    if two_clubs and hand >> TWO_CLUBS & 1:
        return 1 << TWO_CLUBS
    if not spades_open:
        return hand & NON_SPADES or hand
    return hand


def first_leader(dealer: int, hands: Iterable[int], two_clubs: bool) -> int:
    """The seat that leads a hand's first trick: left of ``dealer``, or with ``two_clubs`` the holder of 2♣.

    ``hands`` are the four card masks (N, E, S, W) as dealt.
    """
    if two_clubs:
        return next(seat for seat, hand in enumerate(hands) if hand >> TWO_CLUBS & 1)
    return (dealer + 1) % 4


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
    def parse(cls, text: object) -> Team:
        """Return the team named ``"NS"`` or ``"EW"``."""
        if isinstance(text, str) and text.isascii() and text.upper() in ("NS", "EW"):
            return cls[text.upper()]
        raise ParseError(f"not a team: {brief(text)} (expected 'NS' or 'EW')", "not_team", {"value": brief(text)})

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
    def parse(cls, text: object) -> Seat:
        """Return the seat named ``"N"``, ``"E"``, ``"S"`` or ``"W"``."""
        if isinstance(text, str) and text.isascii() and text.upper() in ("N", "E", "S", "W"):
            return cls[text.upper()]
        raise ParseError(
            f"not a seat: {brief(text)} (expected 'N', 'E', 'S' or 'W')", "not_seat", {"value": brief(text)}
        )

    def __str__(self) -> str:
        return self.name
