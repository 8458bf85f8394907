"""Post-hand review: each of a person's decisions in a finished hand, judged from what the person knew then.

Once a hand is over every card is known, but no verdict is made from cards the person could not see.
:class:`Review` replays the hand (:func:`decision_points`) and rebuilds the :class:`~spades.game.View` the
person had at each of their decisions — their bid, and every card they played when they had a real choice
(more than one group of equivalent cards, :func:`~spades.bots.search.distinct_moves`).  Each decision is then
put to **the judge** (:func:`spades.table.judge.judge`), the very decision a hint asks at that position: the
expert from the person's view, no clock, the hint's budget and the position's seed.  So a person who follows
every hint makes the review's move at every decision and is never told that it was a mistake.

* **a card** (``method`` ``"sampled"``): the best move is the judge's card.  The chosen card's cost is the
  judge's card's average value less the chosen group's, with the values of that same decision (the expert's
  ``last_values``: over the deals sampled consistently with the bids and the play the person had seen, our
  team's points minus theirs, bags charged).  A cost of :data:`THRESHOLD` points or more is checked against
  sampling noise: :data:`RUNS` − 1 more runs of the same decision with other seeds; the choice is a
  **mistake** only when the average cost over all the runs is at least :data:`THRESHOLD` *and* more than
  :data:`NOISE_Z` standard errors of the difference across the runs.  A chosen card of the judge's group costs
  nothing (0, never a mistake);
* **a numeric bid** (``"bid"``): the judge's bid; the cost is its value less the chosen number's, on the
  expert's bid scale (expected points over the sampled deals, a set weighted up as the expert fears it: see
  :class:`~spades.bots.expert.ExpertBot`), a mistake from :data:`BID_THRESHOLD` points on.  Nil, blind nil, or a
  judge that bids nil: shown but not judged (``"not_judged"``: a nil's value is not on that scale).

Hindsight goes with a verdict as separate facts, never making it: with at most ``exact_tricks``
(:data:`EXACT_TRICKS`) tricks to go, the exact solver with every hand known names its best card and what the
chosen card lost against it (``known_best``, ``known_cost``); for a numeric bid, the points the team scored
with the bid made and would have scored with the judge's, on the very tricks it took (``actual``).
``other_way`` says that hindsight went against the verdict: on these very cards the judge's move would not
have done better than the person's.

Work comes in small steps (:meth:`Review.step`: one judgement or one noise run each), so a caller can share a
thread and stop at any time; the same game, hand, seat, seed and sizes give the same verdicts.

Encodings: seats ``"N"``…, cards ``"QH"``, bids as in hand records (``4``, ``"nil"``, ``"blind_nil"``); points
are our team's minus theirs, for the reviewed seat's team.

>>> from spades.game import Game
>>> game = Game(seed=5)
>>> from spades.bots import make_bot
>>> bots = [make_bot("standard", s) for s in range(4)]
>>> while game.phase.value in ("bidding", "playing"):
...     game.apply(bots[game.turn].decide(game.view(game.turn)).move)
>>> review = Review(game, 1, "S", runs=2, samples=4, work=800, bid_samples=4)
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
from ..game import Game, HandResult, Phase, View
from ..i18n.catalog import Explanation, advise
from ..scoring import BLIND_NIL, Bid, bid_text, score_team
from ..table.judge import HINT, Budget, Judgement, judge, position_seed
from ..table.table import parse_seat

EXACT_TRICKS = 5
"""Tricks to go (the current one included) from which a card's verdict carries the all-cards-known line."""
RUNS = 4
"""Runs of a card's decision (the judge's and RUNS − 1 with other seeds) when its cost needs the noise check."""
SAMPLES = HINT.samples
"""Sampled deals per card decision: the hint's."""
WORK = HINT.work
"""Simulated cards per card decision, at most: the hint's."""
BID_SAMPLES = HINT.bid_samples
"""Sampled deals for a numeric bid: the hint's."""
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
    the ``view`` they had, the ``move`` they made (a bid or a card number), the four ``hands`` (card masks,
    N E S W) at that moment — known only now that the hand is over, and only for hindsight — and the
    position's ``seed`` (:func:`~spades.table.judge.position_seed`, the seed a hint there was given)."""

    kind: str
    trick: int
    view: View
    move: int
    hands: tuple[int, int, int, int]
    seed: int = 0


@dataclass(frozen=True, slots=True)
class Verdict:
    """The judgement of one decision.

    ``move`` / ``best``: the move made and the judge's (bids or card numbers); ``cost``: points the choice cost
    on average over the deals the person could have faced (0 when it was the judge's move or is not judged;
    ≥ 0); ``mistake``: the cost is real (over the threshold and over the noise); ``method``: ``"sampled"``,
    ``"bid"`` or ``"not_judged"``; ``samples``: sampled deals behind it; ``noise``: the standard error of the
    cost across the runs (0 with one run); ``explanation``: the judge's reason for ``best``, when it has one.
    Hindsight, never the verdict: ``known_best`` / ``known_cost`` (the best card with every hand known and what
    the chosen card lost against it; ``None`` / 0 when not solved), ``actual`` (a numeric bid: the team's
    points on the tricks it took with the bid made, and with ``best``), ``other_way`` (on these very cards
    ``best`` would not have done better than the move made, although the verdict says it costs).
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
    known_best: int | None = None
    known_cost: float = 0.0
    actual: tuple[int, int] | None = None
    other_way: bool = False

    def to_json(self, lang: str = "en") -> dict[str, Any]:
        """``{"kind", "seat", "trick", "move", "best", "cost" (whole points), "mistake", "method", "samples",
        "noise", "why", "known", "actual", "other_way"}``: ``why`` is the judge's reason in ``lang``, said to the
        person as a hint is (or null); ``known`` is ``{"best", "cost"}`` with every hand known (or null);
        ``actual`` is ``{"move", "best"}``, a bid's points on the tricks taken (or null); moves as ``"QH"`` or
        bids as in records."""

        def name(move: int) -> Any:
            return CARD_NAMES[move] if self.kind == "card" else bid_text(move)

        known = None
        if self.known_best is not None:
            known = {"best": name(self.known_best), "cost": round(self.known_cost)}
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
            "why": advise(self.explanation, lang, self.seat) if self.explanation is not None else None,
            "known": known,
            "actual": {"move": self.actual[0], "best": self.actual[1]} if self.actual is not None else None,
            "other_way": self.other_way,
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
    real choice (more than one group of equivalent legal cards), each with the view it had then and the
    position's seed.

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
                points.append(DecisionPoint("bid", 0, view, move, hands, position_seed(replay, seat)))
            elif len(distinct_moves(cards_mask(view.legal), _live(view))) > 1:
                trick = len(view.tricks) + 1
                points.append(DecisionPoint("card", trick, view, move, hands, position_seed(replay, seat)))
        replay.apply(move)
    return points


def _deal_of(masks: tuple[int, int, int, int]) -> dict[Seat, tuple[int, ...]]:
    return {s: mask_cards(masks[s]) for s in Seat}


class Review:
    """The review of one seat's decisions in one finished hand, worked through in small steps.

    ``Review(game, number, seat)`` finds the decisions (:func:`decision_points`); each :meth:`step` does one
    piece of work and returns the :class:`Verdict` it completed, if any; :attr:`finished` says when all are done.
    ``samples``, ``work`` and ``bid_samples`` are the judge's :class:`~spades.table.judge.Budget` (the hint's by
    default: the review agrees with the hints given with the same budget); ``runs`` bounds the runs of a card
    whose cost needs the noise check, ``seed`` seeds those extra runs (the judge's own run has the position's
    seed), ``exact_tricks`` the tricks to go from which the all-cards-known line is added.
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
        self.budget = Budget(samples, work, bid_samples)
        self.exact_tricks = exact_tricks
        self.points = decision_points(game, number, self.seat)
        self.result: HandResult = game.results[number - 1]
        self.verdicts: list[Verdict] = []
        self._judgement: Judgement | None = None
        self._extra: list[Mapping[int, float]] = []
        self._planned = 0
        self._done = 0
        self._spent = 0  # steps of the decisions already judged beyond one each

    @property
    def finished(self) -> bool:
        """Whether every decision has its verdict."""
        return len(self.verdicts) == len(self.points)

    @property
    def total_steps(self) -> int:
        """The number of :meth:`step` calls the whole review takes, as far as known: one a decision, and the
        noise runs of the decisions that turned out to need them (so it may grow while the review runs)."""
        return len(self.points) + self._spent + self._planned

    @property
    def steps_done(self) -> int:
        """Steps done so far."""
        return self._done

    @property
    def next_step(self) -> str | None:
        """What the next :meth:`step` does: ``"bid"`` (judge the bid), ``"card"`` (judge a card, and solve it
        with every hand known in the last tricks), ``"noise"`` (one more run of a card's decision), or ``None``
        (finished)."""
        if self.finished:
            return None
        if self.points[len(self.verdicts)].kind == "bid":
            return "bid"
        return "card" if self._judgement is None else "noise"

    def step(self) -> Verdict | None:
        """Do one piece of work; return the verdict it completed (``None`` when a decision needs more runs or
        the review is finished)."""
        if self.finished:
            return None
        point = self.points[len(self.verdicts)]
        self._done += 1
        if point.kind == "bid":
            verdict = self._bid(point)
        elif self._judgement is None:
            self._judgement = judge(point.view, point.seed, self.budget)
            if self._needs_runs(point, self._judgement):
                self._planned = self.runs - 1
                return None
            verdict = self._card(point, self._judgement)
        else:
            bot = ExpertBot(self._run_seed(point, len(self._extra) + 1), time_budget=None,
                            samples=self.budget.samples, work=self.budget.work)  # fmt: skip
            bot.decide(point.view)
            self._extra.append(dict(bot.last_values))
            if len(self._extra) < self._planned:
                return None
            verdict = self._card(point, self._judgement)
        self._spent += len(self._extra)
        self._judgement, self._extra, self._planned = None, [], 0
        self.verdicts.append(verdict)
        return verdict

    def _run_seed(self, point: DecisionPoint, run: int) -> int:
        return (point.seed * 7919 + self.seed * 104_729 + run) & 0x7FFFFFFF

    def _groups(self, point: DecisionPoint, judgement: Judgement) -> tuple[int, int]:
        """(the chosen card's group, the judge's card's group)."""
        legal = cards_mask(point.view.legal)
        live = _live(point.view)
        return group_of(point.move, legal, live), group_of(judgement.move, legal, live)

    def _needs_runs(self, point: DecisionPoint, judgement: Judgement) -> bool:
        chosen, best = self._groups(point, judgement)
        values = judgement.values
        if self.runs < 2 or chosen == best or chosen not in values or best not in values:
            return False
        return values[best] - values[chosen] >= THRESHOLD

    def _verdict(self, point: DecisionPoint, best: int, cost: float, mistake: bool, method: str, samples: int = 0,
                 noise: float = 0.0, why: Explanation | None = None) -> Verdict:  # fmt: skip
        cost = max(0.0, cost)
        return Verdict(point.kind, self.seat, point.trick, point.move, best, cost, mistake, method, samples, noise, why)

    def _bid(self, point: DecisionPoint) -> Verdict:
        if point.move == BLIND_NIL:  # bid before looking: not judged on the cards
            return self._verdict(point, point.move, 0.0, False, "not_judged")
        judgement = judge(point.view, point.seed, self.budget)
        values, samples, best, why = judgement.values, judgement.samples, judgement.move, judgement.explanation
        if point.move == best:
            return self._verdict(point, best, 0.0, False, "bid", samples, why=why)
        if point.move <= 0 or best <= 0 or point.move not in values or best not in values:
            return self._verdict(point, best, 0.0, False, "not_judged", samples, why=why)
        cost = max(0.0, values[best] - values[point.move])
        actual = (self._scored(point, point.move), self._scored(point, best))
        other_way = cost > 0 and actual[1] <= actual[0]
        return Verdict(point.kind, self.seat, point.trick, point.move, best, cost, cost >= BID_THRESHOLD, "bid",
                       samples, 0.0, why, actual=actual, other_way=other_way)  # fmt: skip

    def _scored(self, point: DecisionPoint, bid: int) -> int:
        """The team's points in this hand on the tricks it took, had the seat bid ``bid`` (the others' bids as
        made)."""
        seat = int(self.seat)
        team = seat % 2
        bids: list[Bid] = list(self.result.bids)
        bids[seat] = bid
        tricks = self.result.tricks
        rules = point.view.rules
        score = score_team(rules, (bids[team], bids[team + 2]), (tricks[team], tricks[team + 2]), point.view.bags[team])
        return score.points

    def _card(self, point: DecisionPoint, judgement: Judgement) -> Verdict:
        chosen, best = self._groups(point, judgement)
        values = judgement.values
        why = judgement.explanation
        known = self._known(point) if 13 - len(point.view.tricks) <= self.exact_tricks else None
        if chosen == best or chosen not in values or best not in values:
            method = "sampled" if chosen == best else "not_judged"
            cost, mistake, noise = 0.0, False, 0.0
        else:
            method = "sampled"
            diffs = [values[best] - values[chosen]]
            diffs += [v[best] - v[chosen] for v in self._extra if best in v and chosen in v]
            cost = sum(diffs) / len(diffs)
            noise = 0.0
            if len(diffs) > 1:
                noise = math.sqrt(sum((d - cost) ** 2 for d in diffs) / (len(diffs) - 1) / len(diffs))
            mistake = cost >= THRESHOLD and cost > NOISE_Z * noise
        cost = max(0.0, cost)
        known_best, known_cost, other_way = None, 0.0, False
        if known is not None:
            known_best = max(known, key=lambda m: (known[m], m == chosen))
            known_cost = known[known_best] - known[chosen]
            other_way = best != chosen and cost > 0 and known[best] <= known[chosen]
        shown = point.move if chosen == best else judgement.move  # the very card the hint named
        return Verdict(point.kind, self.seat, point.trick, point.move, shown, cost, mistake, method,
                       judgement.samples, noise, why, known_best, known_cost, None, other_way)  # fmt: skip

    def _known(self, point: DecisionPoint) -> dict[int, float]:
        """Each distinct card's exact value with every hand known (hindsight only: it never makes a verdict)."""
        view = point.view
        team = int(self.seat) % 2
        bids = tuple(b if b is not None else 0 for b in view.bids)
        solver = Solver(Scorer(view.rules, bids, view.bags, team), Context(view.rules, bids))
        base = Position.from_view(view, point.hands)
        values: dict[int, float] = {}
        for move in distinct_moves(cards_mask(view.legal), _live(view)):
            p = base.copy()
            p.play(move)
            values[move] = solver.value(p)
        return values

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
