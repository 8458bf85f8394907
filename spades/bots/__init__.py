"""Computer players for Spades.

Levels, weakest first (:data:`LEVELS`):

* ``beginner`` — counts aces, kings and spades; grabs tricks with high cards;
  no nil, no bag or partner awareness; now and then a random card.
* ``standard`` — careful hand evaluation and bidding (nil when safe, blind nil
  when the score calls for it) and club-player rules in play: covers partner's
  nil, breaks the opponents', ducks bags once the contract is safe, sets the
  opponents when it pays, counts spades and tracks voids.
* ``expert`` — samples deals consistent with everything its seat has seen
  (bids, voids, cards played; weighted by how well they explain the bids and
  plays), plays each candidate card out in every sample with a policy in which
  no seat sees the hands it should not, solves the last tricks exactly, and
  bids the number with the best expected score over the tricks its side took
  in sampled deals.

A bot sees only its seat's view and is reproducible from its seed::

    >>> from spades import Game
    >>> from spades.bots import make_bot, explain
    >>> game = Game(seed=3)
    >>> bot = make_bot("standard", seed=1)
    >>> decision = bot.decide(game.view(game.turn))
    >>> decision.move in game.legal_moves()
    True
    >>> isinstance(explain(decision, "zh-Hant"), str)
    True

``decision.move`` is a bid (0 nil, −1 blind nil, 1–13) or a card number;
``decision.explanation`` is an :class:`Explanation` (code and parameters)
that :func:`explain` renders in ``"en"``, ``"zh-Hans"`` or ``"zh-Hant"``
(:mod:`spades.i18n`).

Beside the players: :mod:`spades.bots.serve`, a bot's side of the JSON-lines bot protocol
(``python -m spades bot``), :mod:`spades.bots.arena`, which seats built-in and external bots
against each other (``python -m spades arena``), and :mod:`spades.bots.field`, the opponent pool
(:data:`FIELD`: ``beginner``, ``standard`` and six players of other styles) the arena's ``--field`` measures
a level against.

The bots may import the engine, :mod:`spades.i18n` and :mod:`spades.formats`; nothing above (the
statistics, the table, lessons, the worker).
"""

from __future__ import annotations

from typing import Any

from ..i18n.catalog import CATALOG, LANGUAGES, Explanation, card_text, explain
from .base import Bot, Decision
from .expert import ExpertBot
from .field import CLASSES as _FIELD_CLASSES
from .field import FIELD
from .standard import BeginnerBot, StandardBot

LEVELS: tuple[str, ...] = ("beginner", "standard", "expert")
"""Level names, weakest first."""

_CLASSES: dict[str, type[Bot]] = {"beginner": BeginnerBot, "standard": StandardBot, "expert": ExpertBot,
                                  **_FIELD_CLASSES}  # fmt: skip


def make_bot(level: str, seed: int = 0, **options: Any) -> Bot:
    """Return a bot of ``level`` (one of :data:`LEVELS`, or of the opponent field :data:`FIELD`) seeded with ``seed``.

    ``options`` go to the level's class; the expert takes ``samples``,
    ``time_budget`` (seconds, ``None`` for none), ``work`` (simulated cards
    per decision), ``bid_samples`` and its tuning knobs (see
    :class:`~spades.bots.expert.ExpertBot`).
    """
    try:
        cls = _CLASSES[level]
    except KeyError:
        known = ", ".join(dict.fromkeys((*LEVELS, *FIELD)))
        raise ValueError(f"unknown bot level {level!r} (known: {known})") from None
    return cls(seed, **options)


__all__ = [
    "CATALOG",
    "FIELD",
    "LANGUAGES",
    "LEVELS",
    "BeginnerBot",
    "Bot",
    "Decision",
    "ExpertBot",
    "Explanation",
    "StandardBot",
    "card_text",
    "explain",
    "make_bot",
]
