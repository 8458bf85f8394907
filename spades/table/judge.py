"""One judge of a person's decisions: the hint before a move and the review after the hand ask the same question.

:func:`judge` is the expert (:class:`~spades.bots.expert.ExpertBot`) deciding from one seat's
:class:`~spades.game.View` — the cards that seat holds, the bids and the play so far, never a hidden hand — with
**no clock**: its work is bounded by a :class:`Budget` (sampled deals, simulated cards, sampled deals for a bid)
and its seed comes from the position (:func:`position_seed`: the game's seed, the hand, the moves made so far,
the seat).  So the same position with the same budget always gives the same move and the same values, on any
machine, at any speed:

* :meth:`spades.table.table.Table.hint` (worker op ``hint``) answers with the judgement's move and reason;
* the review (:mod:`spades.learn.analysis`) rebuilds the view the person had at each decision, asks the very
  same judgement, and costs the person's choice against its move with the values of that same decision (the
  expert's ``last_values``: the weighted average, over the deals sampled consistently with what the person
  knew, of each distinct card's points, or of each numeric bid's expected score).

A person who follows every hint therefore makes, by construction, the review's move at every decision; what the
cards turned out to be never judges a decision.

>>> from spades.game import Game
>>> from spades.cards import Seat
>>> game = Game(seed=3)
>>> seat = game.turn
>>> first = judge(game.view(seat), position_seed(game, seat), Budget(samples=4, work=800, bid_samples=4))
>>> first == judge(game.view(seat), position_seed(game, seat), Budget(samples=4, work=800, bid_samples=4))
True
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from ..bots.expert import BID_SAMPLES, SAMPLES, WORK, ExpertBot
from ..cards import Seat
from ..game import Game, View
from ..i18n.catalog import Explanation


@dataclass(frozen=True, slots=True)
class Budget:
    """How much the judge may work on one decision (each at least 1): ``samples`` (sampled deals for a card, at
    most), ``work`` (simulated cards for a card, at most), ``bid_samples`` (sampled deals for a numeric bid)."""

    samples: int = SAMPLES
    work: int = WORK
    bid_samples: int = BID_SAMPLES

    def __post_init__(self) -> None:
        for name in ("samples", "work", "bid_samples"):
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, int) or value < 1:
                raise ValueError(f"a judge's budget {name} must be a whole number of at least 1, got {value!r}")


HINT = Budget()
"""The budget of a hint and of the review at every decision (the expert's own sampling sizes, without its clock)."""


@dataclass(frozen=True, slots=True)
class Judgement:
    """The judge's answer at one decision: its ``move`` (a card number or a bid), the expert's ``explanation``
    of it (or ``None``), the ``values`` of the distinct moves it sampled (points for cards — our team's minus
    theirs, bags charged; the expected score on the expert's bid scale for numeric bids; empty when the move
    needed no sampling) and the number of sampled deals behind them."""

    move: int
    explanation: Explanation | None
    values: Mapping[int, float] = field(default_factory=dict)
    samples: int = 0


def position_seed(game: Game, seat: Seat) -> int:
    """The seed of a decision by ``seat`` at the game's current position: decisions depend only on the position,
    so a restored game plays on identically and a replayed hand asks the same question again.

    >>> g = Game(seed=1)
    >>> position_seed(g, g.turn) == position_seed(g.copy(), g.turn)
    True
    """
    moves = len(game.history[-1].moves)
    return (game.seed * 1_000_003 + game.hand_number * 1009 + moves * 7 + seat) & 0x7FFFFFFF


def judge(view: View, seed: int, budget: Budget = HINT) -> Judgement:
    """The expert's decision from ``view`` with ``seed`` and ``budget`` (no clock), with its sampled values."""
    bot = ExpertBot(seed, time_budget=None, samples=budget.samples, work=budget.work, bid_samples=budget.bid_samples)
    decision = bot.decide(view)
    return Judgement(decision.move, decision.explanation, dict(bot.last_values), bot.last_samples)


__all__ = ["HINT", "Budget", "Judgement", "judge", "position_seed"]
