"""Spades (黑桃王): the rules engine for four-player partnership Spades.

Pure Python with no dependencies; it runs the same in CPython and in Pyodide
and never touches the page.  Start with :class:`Game`::

    >>> from spades import Game, Seat, parse_card
    >>> game = Game(seed=1)
    >>> for bid in (3, 4, 2, 3):
    ...     game.bid(bid)
    >>> game.turn
    <Seat.N: 0>

Modules: :mod:`spades.cards` (cards, seats, teams and the rules of a trick),
:mod:`spades.rules` (options and presets), :mod:`spades.scoring` (pure
scoring, contracts), :mod:`spades.game` (the game, bid legality),
:mod:`spades.record` (hand records), :mod:`spades.protocol` (JSON of views and
hand results, the bot protocol), :mod:`spades.scorepad` (score pad and
summaries), :mod:`spades.scoresheet` (each hand's score part by part, finished
hands trick by trick).
"""

from .cards import Card, Seat, Team, card_name, mask_cards, parse_card, trick_winner
from .errors import IllegalMoveError, ParseError, RecordError, RulesError, SpadesError
from .game import Game, HandLog, HandResult, Phase, Reason, Trick, View, parse_deal
from .record import from_record, to_record
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
