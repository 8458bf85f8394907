"""Post-hand review: each of a person's decisions in a finished hand, judged by the expert and, at the end, exactly.

Once a hand is over every card is known.  :class:`Review` replays the hand
(:func:`decision_points`) and rebuilds the :class:`~spades.game.View` the
person had at each of their decisions — their bid, and every card they played
when they had a real choice (more than one group of equivalent cards,
:func:`~spades.bots.search.distinct_moves`).  Each decision is then judged:

* **sampled** (a card with more than :data:`EXACT_TRICKS` tricks to go): the
  expert (:class:`~spades.bots.expert.ExpertBot`, no clock, a fixed seed) looks
  at the view the person had — no hidden card — :data:`RUNS` times with
  different seeds; its ``last_values`` (average points of each distinct card:
  our team's score minus theirs, bags charged) are averaged.  The cost is the
  best card's average value less that of the chosen card's group, and the
  choice is a **mistake** only when that cost is at least :data:`THRESHOLD`
  points *and* more than :data:`NOISE_Z` standard errors of the difference
  across the runs (sampling noise is never called a mistake);
* **exact** (a card with at most :data:`EXACT_TRICKS` tricks to go, this one
  included): the exact solver (:class:`~spades.bots.search.Solver`) with every
  hand known gives each card's value; the cost is exact, a mistake from
  :data:`THRESHOLD` points on.  (This is the best play with all hands known,
  so a choice the person could not have known to be wrong can show here: the
  verdict says ``exact``.)
* **bid**: the expert's bid from the person's view; for numeric bids it
  gives the expected score of each number (``last_values``, a set weighted
  up as the expert fears it), the cost is the best number's less the chosen
  one's, a mistake from :data:`BID_THRESHOLD` points.  Nil and blind nil are
  shown but not judged (their value is not on that scale).

Work comes in small steps (:meth:`Review.step`: one expert run, one exact
solve or one bid each), so a caller can share a thread and stop at any time;
the same game, hand, seat and seed give the same verdicts.

Encodings: seats ``"N"``…, cards ``"QH"``, bids as in hand records (``4``,
``"nil"``, ``"blind_nil"``); points are our team's minus theirs, for the
reviewed seat's team.

>>> from spades.game import Game
>>> game = Game(seed=5)
>>> from spades.bots import make_bot
>>> bots = [make_bot("standard", s) for s in range(4)]
>>> while game.phase.value in ("bidding", "playing"):
...     game.apply(bots[game.turn].decide(game.view(game.turn)).move)
>>> review = Review(game, 1, "S", runs=1, samples=4, work=800, bid_samples=4)
>>> while not review.finished:
...     _ = review.step()
>>> all(v.cost >= 0 for v in review.verdicts)
True
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from ..bots import ExpertBot
from ..bots.search import Context, Scorer, Solver, distinct_moves
from ..bots.sim import Position
from ..cards import CARD_NAMES, JOKER_DECK, STANDARD_DECK, Seat, cards_mask, mask_cards
from ..errors import SpadesError
from ..formats.scoresheet import finished_hand
from ..game import Game, Phase, View
from ..i18n.catalog import Explanation, explain
from ..scoring import BLIND_NIL, bid_text
from ..table.table import parse_seat

EXACT_TRICKS = 5
"""Tricks to go (the current one included) from which a card is judged exactly, every hand known."""
RUNS = 4
"""Expert runs (different seeds) per sampled card decision; their spread is the noise."""
SAMPLES = 12
"""Sampled deals per expert run."""
WORK = 6000
"""Simulated cards per expert run, at most (see the expert's ``work``)."""
BID_SAMPLES = 32
"""Sampled deals for a numeric bid."""
THRESHOLD = 5.0
"""Points a card must cost before it is a mistake."""
BID_THRESHOLD = 10.0
"""Points a numeric bid must cost (on the expert's bid scale) before it is a mistake."""
NOISE_Z = 2.0
"""Standard errors of the runs' spread a sampled cost must exceed to be a mistake."""


class ReviewError(SpadesError):
    """A review that cannot be made (the hand, the seat or the job is wrong)."""

    codes: ClassVar[Mapping[str, tuple[str, ...]]] = {
        "rev_no_job": ("job",),
    }
    """Post-hand review jobs (worker ops ``review_*``)."""


@dataclass(frozen=True, slots=True)
class DecisionPoint:
    """One of the person's decisions: ``kind`` ``"bid"`` or ``"card"``, ``trick`` (0 for the bid, else 1–13),
    the ``view`` they had, the ``move`` they made (a bid or a card number), and the four ``hands`` (card
    masks, N E S W) at that moment — known only now that the hand is over."""

    kind: str
    trick: int
    view: View
    move: int
    hands: tuple[int, int, int, int]


@dataclass(frozen=True, slots=True)
class Verdict:
    """The judgement of one decision.

    ``move`` / ``best``: the move made and the best one (bids or card numbers); ``cost``: points the choice cost
    in expectation (0 when it was best or is not judged; ≥ 0); ``mistake``: the cost is real (over the threshold
    and, sampled, over the noise); ``method``: ``"exact"``, ``"sampled"``, ``"bid"`` or ``"not_judged"``;
    ``samples``: sampled deals behind it; ``noise``: the standard error of the cost (0 when exact);
    ``explanation``: the expert's reason for ``best``, when it has one.
    """

    kind: str
    seat: Seat
    trick: int
    move: int
    best: int
    cost: float
    mistake: bool
    method: str
    samples: int
    noise: float
    explanation: Explanation | None

    def to_json(self, lang: str = "en") -> dict[str, Any]:
        """``{"kind", "seat", "trick", "move", "best", "cost" (whole points), "mistake", "method", "samples",
        "noise", "why" (the expert's reason in ``lang``, or null)}``; moves as ``"QH"`` or bids as in records."""

        def name(move: int) -> Any:
            return CARD_NAMES[move] if self.kind == "card" else bid_text(move)

        return {
            "kind": self.kind,
            "seat": self.seat.name,
            "trick": self.trick,
            "move": name(self.move),
            "best": name(self.best),
            "cost": round(self.cost),
            "mistake": self.mistake,
            "method": self.method,
            "samples": self.samples,
            "noise": round(self.noise, 1),
            "why": explain(self.explanation, lang) if self.explanation is not None else None,
        }


def _live(view: View) -> int:
    """Cards still in play at a view: not in a finished trick (the trick in progress counts as live)."""
    deck = JOKER_DECK if view.rules.jokers else STANDARD_DECK
    done = 0
    for trick in view.tricks:
        done |= cards_mask(trick.cards)
    return deck & ~done


def group_of(card: int, legal: int, live: int) -> int:
    """The member of ``distinct_moves(legal, live)`` that stands for ``card`` (equivalent cards are one choice).

    >>> from spades.cards import parse_card as c
    >>> hand = (1 << c("9H")) | (1 << c("TH")) | (1 << c("KH"))
    >>> CARD_NAMES[group_of(c("TH"), hand, hand)], CARD_NAMES[group_of(c("KH"), hand, hand | 1 << c("QH"))]
    ('9H', 'KH')
    """
    moves = distinct_moves(legal, live)
    rep = -1
    for m in moves:
        if m <= card:
            rep = m
    return rep


def decision_points(game: Game, number: int, seat: Seat) -> list[DecisionPoint]:
    """The decisions ``seat`` made in finished hand ``number`` of ``game``: its bid, then each card played with a
    real choice (more than one group of equivalent legal cards), each with the view it had then.

    The hand is replayed from its deal on a fresh game with the same scores before it, so the views carry the
    totals and bags of that moment.  A hand not finished raises :class:`~spades.formats.scoresheet.HandNotFinished`.
    """
    finished_hand(game, number)  # the same refusals as op "hand": finished hands only
    history = game.history
    first = history[0]
    replay = Game(game.rules, seed=game.seed, dealer=first.dealer, deal=_deal_of(first.deal))
    for index in range(number - 1):
        for move in history[index].moves:
            replay.apply(move)
        replay.next_hand(_deal_of(history[index + 1].deal))
    points: list[DecisionPoint] = []
    for move in history[number - 1].moves:
        if replay.turn == seat:
            view = replay.view(seat)
            hands = (
                cards_mask(replay.hand(Seat.N)),
                cards_mask(replay.hand(Seat.E)),
                cards_mask(replay.hand(Seat.S)),
                cards_mask(replay.hand(Seat.W)),
            )
            if view.phase is Phase.BIDDING:
                points.append(DecisionPoint("bid", 0, view, move, hands))
            elif len(distinct_moves(cards_mask(view.legal), _live(view))) > 1:
                points.append(DecisionPoint("card", len(view.tricks) + 1, view, move, hands))
        replay.apply(move)
    return points


def _deal_of(masks: tuple[int, int, int, int]) -> dict[Seat, tuple[int, ...]]:
    return {s: mask_cards(masks[s]) for s in Seat}


class Review:
    """The review of one seat's decisions in one finished hand, worked through in small steps.

    ``Review(game, number, seat)`` finds the decisions (:func:`decision_points`); each :meth:`step` does one
    piece of work and returns the :class:`Verdict` it completed, if any; :attr:`finished` says when all are done.
    ``seed`` fixes every expert run (the same arguments give the same verdicts); ``runs``, ``samples``, ``work``,
    ``bid_samples`` and ``exact_tricks`` size the work (module constants by default).
    """

    def __init__(
        self,
        game: Game,
        number: int,
        seat: object,
        *,
        seed: int = 0,
        runs: int = RUNS,
        samples: int = SAMPLES,
        work: int = WORK,
        bid_samples: int = BID_SAMPLES,
        exact_tricks: int = EXACT_TRICKS,
    ) -> None:
        self.seat = seat if isinstance(seat, Seat) else parse_seat(seat)
        self.number = number
        self.seed = seed
        self.runs = max(1, runs)
        self.samples = samples
        self.work = work
        self.bid_samples = bid_samples
        self.exact_tricks = exact_tricks
        self.points = decision_points(game, number, self.seat)
        self.verdicts: list[Verdict] = []
        self._runs: list[tuple[dict[int, float], int, Explanation | None, int]] = []

    @property
    def finished(self) -> bool:
        """Whether every decision has its verdict."""
        return len(self.verdicts) == len(self.points)

    @property
    def total_steps(self) -> int:
        """The number of :meth:`step` calls the whole review takes."""
        return sum(self._steps_for(p) for p in self.points)

    @property
    def steps_done(self) -> int:
        """Steps done so far."""
        return sum(self._steps_for(p) for p in self.points[: len(self.verdicts)]) + len(self._runs)

    def _steps_for(self, point: DecisionPoint) -> int:
        return self.runs if point.kind == "card" and not self._exact(point) else 1

    def _exact(self, point: DecisionPoint) -> bool:
        return 13 - len(point.view.tricks) <= self.exact_tricks

    def step(self) -> Verdict | None:
        """Do one piece of work; return the verdict it completed (``None`` when a decision needs more runs or
        the review is finished)."""
        if self.finished:
            return None
        point = self.points[len(self.verdicts)]
        if point.kind == "bid":
            verdict = self._bid(point)
        elif self._exact(point):
            verdict = self._solve(point)
        else:
            self._run(point)
            if len(self._runs) < self.runs:
                return None
            verdict = self._sampled(point)
            self._runs = []
        self.verdicts.append(verdict)
        return verdict

    def _verdict(self, point: DecisionPoint, best: int, cost: float, mistake: bool, method: str, samples: int = 0,
                 noise: float = 0.0, why: Explanation | None = None) -> Verdict:  # fmt: skip
        cost = max(0.0, cost)
        return Verdict(point.kind, self.seat, point.trick, point.move, best, cost, mistake, method, samples, noise, why)

    def _bid(self, point: DecisionPoint) -> Verdict:
        if point.move == BLIND_NIL:  # bid before looking: not judged on the cards
            return self._verdict(point, point.move, 0.0, False, "not_judged")
        bot = ExpertBot(self.seed, time_budget=None, bid_samples=self.bid_samples)
        decision = bot.decide(point.view)
        values = bot.last_values
        samples = bot.last_samples
        best = decision.move
        if point.move <= 0 or best <= 0 or point.move not in values or best not in values:
            return self._verdict(point, best, 0.0, False, "not_judged", samples, why=decision.explanation)
        cost = values[best] - values[point.move]
        return self._verdict(point, best, cost, cost >= BID_THRESHOLD, "bid", samples, why=decision.explanation)

    def _solve(self, point: DecisionPoint) -> Verdict:
        view = point.view
        team = int(self.seat) % 2
        bids = tuple(b if b is not None else 0 for b in view.bids)
        solver = Solver(Scorer(view.rules, bids, view.bags, team), Context(view.rules, bids))
        base = Position.from_view(view, point.hands)
        legal = cards_mask(view.legal)
        live = _live(view)
        values: dict[int, float] = {}
        for move in distinct_moves(legal, live):
            p = base.copy()
            p.play(move)
            values[move] = solver.value(p)
        chosen = group_of(point.move, legal, live)
        best = max(values, key=lambda m: values[m])
        if values[chosen] >= values[best]:
            best = chosen
        cost = values[best] - values[chosen]
        return self._verdict(point, best, cost, cost >= THRESHOLD, "exact")

    def _run(self, point: DecisionPoint) -> None:
        bot = ExpertBot(self.seed * 7919 + len(self._runs), time_budget=None, samples=self.samples, work=self.work)
        decision = bot.decide(point.view)
        self._runs.append((dict(bot.last_values), bot.last_samples, decision.explanation, decision.move))

    def _sampled(self, point: DecisionPoint) -> Verdict:
        view = point.view
        legal = cards_mask(view.legal)
        live = _live(view)
        chosen = group_of(point.move, legal, live)
        runs = [r for r in self._runs if r[0] and chosen in r[0]]
        samples = sum(r[1] for r in runs)
        if not runs:
            return self._verdict(point, point.move, 0.0, False, "not_judged", samples)
        moves = [m for m in runs[0][0] if all(m in r[0] for r in runs)]
        average = {m: sum(r[0][m] for r in runs) / len(runs) for m in moves}
        best = max(moves, key=lambda m: (average[m], m == chosen))
        if average[chosen] >= average[best]:
            best = chosen
        cost = average[best] - average[chosen]
        diffs = [r[0][best] - r[0][chosen] for r in runs]
        noise = 0.0
        if len(diffs) > 1:
            mean = sum(diffs) / len(diffs)
            noise = math.sqrt(sum((d - mean) ** 2 for d in diffs) / (len(diffs) - 1) / len(diffs))
        mistake = cost >= THRESHOLD and cost > NOISE_Z * noise
        why = None
        if best != chosen:
            for _, _, explanation, move in runs:
                if group_of(move, legal, live) == best:
                    why = explanation
                    break
        return self._verdict(point, best, cost, mistake, "sampled", samples, noise, why)

    def summary(self) -> dict[str, Any]:
        """``{"decisions", "judged" (verdicts so far), "mistakes", "cost" (whole points lost in the mistakes),
        "finished"}``."""
        mistakes = [v for v in self.verdicts if v.mistake]
        return {
            "decisions": len(self.points),
            "judged": len(self.verdicts),
            "mistakes": len(mistakes),
            "cost": sum(round(v.cost) for v in mistakes),
            "finished": self.finished,
        }


__all__ = [
    "BID_SAMPLES",
    "BID_THRESHOLD",
    "EXACT_TRICKS",
    "NOISE_Z",
    "RUNS",
    "SAMPLES",
    "THRESHOLD",
    "WORK",
    "DecisionPoint",
    "Review",
    "ReviewError",
    "Verdict",
    "decision_points",
    "group_of",
]
