"""Spades (黑桃王): the rules engine for four-player partnership Spades.

Pure Python with no dependencies; it runs the same in CPython and in Pyodide
and never touches the page.  Start with :class:`Game`::

    >>> from spades import Game, Seat, parse_card
    >>> game = Game(seed=1)
    >>> for bid in (3, 4, 2, 3):
    ...     game.bid(bid)
    >>> game.turn
    <Seat.N: 0>

The tree is the architecture; each layer imports only the layers before it:

1. the engine, here: :mod:`spades.cards` (cards, seats, teams and the rules of a
   trick), :mod:`spades.rules` (options and presets), :mod:`spades.scoring`
   (pure scoring, contracts), :mod:`spades.game` (the game, bid legality),
   :mod:`spades.rng`, :mod:`spades.jsontext` and :mod:`spades.errors`;
2. :mod:`spades.i18n` — the message catalog and the engine's words;
3. :mod:`spades.formats` — JSON of views and hand results, hand records, score
   sheets, the score pad, deal codes;
4. :mod:`spades.bots` — the computer players, the bot protocol's serve loop, the arena;
5. :mod:`spades.stats` — ratings, the profile, reports, charts;
6. :mod:`spades.table` — the table for any occupants, the online room, a guest's
   boundary, duplicate play;
7. :mod:`spades.learn` — lessons and the post-hand review;
8. :mod:`spades.worker` (the page's one entry, ``handle(op, args)``) and
   ``python -m spades`` (:mod:`spades.__main__`).

This package's front door imports the engine and :mod:`spades.formats.record` only.
"""

from .cards import Card, Seat, Team, card_name, mask_cards, parse_card, trick_winner
from .errors import IllegalMoveError, ParseError, RecordError, RulesError, SpadesError
from .formats.record import from_record, to_record
from .game import Game, HandLog, HandResult, Phase, Reason, Trick, View, parse_deal
from .rules import PRESETS, Rules
from .scoring import BLIND_NIL, NIL, Bid, TeamScore, bid_text, match_winner, parse_bid, score_hand, score_team

__all__ = [
    "BLIND_NIL",
    "NIL",
    "PRESETS",
    "Bid",
    "Card",
    "Game",
    "HandLog",
    "HandResult",
    "IllegalMoveError",
    "ParseError",
    "Phase",
    "Reason",
    "RecordError",
    "Rules",
    "RulesError",
    "Seat",
    "SpadesError",
    "Team",
    "TeamScore",
    "Trick",
    "View",
    "bid_text",
    "card_name",
    "from_record",
    "mask_cards",
    "match_winner",
    "parse_bid",
    "parse_card",
    "parse_deal",
    "score_hand",
    "score_team",
    "to_record",
    "trick_winner",
]
__version__ = "0.1.0"
