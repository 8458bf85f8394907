"""The ``expert`` level: sampled deals played out honestly, bids from the odds, the last tricks solved exactly.

For each card it plays the expert

1. deals the cards it cannot see to the other seats many times over
   (:func:`~spades.bots.search.sample_deal`: card counts and every void shown
   so far are respected; cards already played are known) and scores how well
   a deal fits what the table has shown: the other seats' bids
   (:func:`~spades.bots.search.bid_weight`) times the opponents' plays so far
   — replayed from the start, every card they chose is checked against the
   honest policy holding the sampled cards (:func:`play_reads`).  How much an
   unexplained card or an odd bid counts is not assumed but estimated for each
   seat from what it did this hand (:class:`SeatModels`): a seat that plays
   like the policy is read sharply, one that does not (a beginner, a cautious
   counter, a person), loosely; fits are relative to the best of a few pilot
   deals and tempered when even those fit poorly, so only the hard constraints
   rule a deal out.  A deal is kept with chance min(1, fit / ``accept``) and
   then weighted by max(fit, ``accept``) ("rejection control"): the estimate
   stays unbiased while no kept deal outweighs another more than 1 / ``accept``
   times, so a few lucky deals cannot carry a decision;
2. tries each distinct legal card in every sample and plays the rest of the
   hand out with the *honest* policy (:func:`~spades.bots.rollout.rollout`):
   every seat then chooses on its own cards and what the table has shown, not
   on the hands it cannot see, so a trick given away is not assumed to come
   back later by magic; once at most ``exact_tricks`` tricks remain, it solves
   the rest exactly instead (:class:`~spades.bots.search.Solver`).  An
   opponent who has shown that it grabs tricks whatever it bid (:func:`grabbers`:
   it overtook its partner's sure winner while holding a card that would not)
   plays for every trick in these playouts, not for its bid (``grab``);
3. plays the card with the best weighted average score (our points minus the
   opponents', bags charged — see :class:`~spades.bots.search.Scorer`), unless
   that card beats the standard player's choice by no more than a small bonus
   (``prior``; ``nil_prior`` while its own nil is alive; while partner's is,
   ``cover_prior``, or ``nil_prior`` if that card holds the nil in fewer of
   the sampled deals) plus ``confidence`` standard errors of the difference over
   the samples: sampling noise then does not overrule the sound human-style
   card, whose explanation is shown.
   A card that beats it by less than two standard errors is first searched
   again with twice the samples and work (``extend``).
   (Against an opponent's nil the search decides alone: it breaks nils far
   better than the rules.)  Otherwise the explanation names what the card
   changes most against that card: the chance that our bid makes, that the
   opponents go set, that a nil holds or breaks, the bags, or else the average
   points.

Bids: the standard evaluation with a tighter style (:data:`EXPERT_BIDS`) gives
the candidate and decides nil.  For a number, the expert then plays
``bid_samples`` sampled deals out once each, our side taking every trick it can
(seats yet to bid are given the standard evaluation's bid), and bids the number
with the best expected score over that distribution of tricks: the contract's
points when our side took enough tricks, part (``bid_bags``) of the extra tricks
as bags, and the penalty, weighted up by ``set_risk`` (and ``cover_risk`` more
after partner's nil, which it will cover at the cost of tricks), when it did not.

Work is bounded by ``samples`` and ``work`` (simulated cards per decision),
which keeps decisions reproducible for a seed; ``time_budget`` (seconds, or
``None``) is a hard stop on top of that for slow machines.
"""

from __future__ import annotations

import math
import time
from dataclasses import replace

from ..cards import BEATERS, SUIT_OF, cards_mask, winning
from ..game import View
from ..i18n.catalog import Explanation
from ..rng import Rng
from ..rules import Rules
from .base import Bot, Decision
from .bidding import STANDARD, BidStyle, choose_bid, count_bid, evaluate, nil_ok
from .knowledge import Knowledge
from .rollout import Outcome, honest_policy, outcome, rollout
from .search import Context, Scorer, Solver, bid_weight, distinct_moves, sample_deal
from .sim import Position
from .standard import play_card


def policy_weight(
    k: Knowledge, hands: list[int], ctx: Context, miss: float, partner_miss: float = 1.0, floor: float = 0.0
) -> float:
    """How well a sampled deal explains every card the other seats played this hand, read by the honest policy.

    The hand is replayed from its start with the sampled cards (each seat's cards now plus those it played);
    at each card another seat chose among several, :func:`~spades.bots.rollout.honest_policy` is asked what
    that seat would have played holding the sampled cards.  Each card it would not have played (nor one
    equivalent to it: same suit, no other live card between them) multiplies the weight by ``miss``.  The
    standard player follows exactly that policy, and the expert and most people play its card most of the
    time, so a deal in which the seats' plays make sense is the likelier one; ``miss`` > 0 keeps a deal that a
    surprising play contradicts possible.  The replay stops as soon as the weight is ``floor`` or less (and
    returns it): a caller that rejects such deals need not read the rest.
    """
    view = k.view
    me = k.seat
    partner = k.partner
    tricks = view.tricks
    if tricks:
        leader = int(tricks[0].leader)
    elif view.leader is not None:
        leader = int(view.leader)
    else:
        return 1.0
    start = [hands[s] | k.played_by[s] for s in range(4)]
    rules = view.rules
    p = Position(start, leader=leader, two_clubs=rules.first_lead == "two_clubs", anytime=rules.spades_anytime)
    shown = [0, 0, 0, 0]
    weight = 1.0
    played = [c for t in tricks for c in t.cards]
    played.extend(view.trick)
    for card in played:
        seat = p.turn
        trick = p.trick
        if seat != me and (seat != partner or partner_miss < 1.0):
            legal = p.legal()
            if legal & (legal - 1):
                choice = honest_policy(p, ctx, shown, legal)
                if choice != card:
                    others = p.hands[0] | p.hands[1] | p.hands[2] | p.hands[3]
                    for c in trick:
                        others |= 1 << c
                    if not _touching(choice, card, others & ~p.hands[seat]):
                        weight *= partner_miss if seat == partner else miss
                        if weight <= floor:
                            return weight
        if trick and SUIT_OF[card] != SUIT_OF[trick[0]]:
            shown[seat] |= 1 << SUIT_OF[trick[0]]
        p.play(card)
    return weight


Reads = list[tuple[list[int], list[int]]]
"""Per seat, the legal counts at the choices the policy explained and at those it did not (:func:`play_reads`)."""


def play_reads(k: Knowledge, hands: list[int], ctx: Context, seats: tuple[int, ...],
               doubts: list[float] | None = None, floor: float = 0.0) -> Reads:  # fmt: skip
    """Every choice of ``seats`` this hand, read by the honest policy on a sampled deal: per seat (0–3) the
    number of legal cards at each choice it explained, and at each it did not.

    The replay is :func:`policy_weight`'s (a card equivalent to the policy's card counts as explained); choices
    with one legal card are not counted, and seats not in ``seats`` get two empty lists.  With ``doubts`` (per
    seat), the replay stops once the product of :func:`miss_factor` over the unexplained cards is ``floor`` or
    less: a caller that rejects such deals need not read the rest.
    """
    out: Reads = [([], []) for _ in range(4)]
    view = k.view
    tricks = view.tricks
    if tricks:
        leader = int(tricks[0].leader)
    elif view.leader is not None:
        leader = int(view.leader)
    else:
        return out
    start = [hands[s] | k.played_by[s] for s in range(4)]
    rules = view.rules
    p = Position(start, leader=leader, two_clubs=rules.first_lead == "two_clubs", anytime=rules.spades_anytime)
    shown = [0, 0, 0, 0]
    played = [c for t in tricks for c in t.cards]
    played.extend(view.trick)
    product = 1.0
    for card in played:
        seat = p.turn
        trick = p.trick
        if seat in seats:
            legal = p.legal()
            if legal & (legal - 1):
                choice = honest_policy(p, ctx, shown, legal)
                explained = choice == card
                if not explained:
                    others = p.hands[0] | p.hands[1] | p.hands[2] | p.hands[3]
                    for c in trick:
                        others |= 1 << c
                    explained = _touching(choice, card, others & ~p.hands[seat])
                n = legal.bit_count()
                out[seat][0 if explained else 1].append(n)
                if doubts is not None and not explained:
                    product *= miss_factor(doubts[seat], n)
                    if product <= floor:
                        return out
        if trick and SUIT_OF[card] != SUIT_OF[trick[0]]:
            shown[seat] |= 1 << SUIT_OF[trick[0]]
        p.play(card)
    return out


DOUBTS: tuple[float, ...] = (0.03, 0.1, 0.2, 0.35, 0.5, 0.7, 0.9)
"""The candidate doubts ε of a seat's model: the seat plays the honest policy's card with chance 1 − ε and
otherwise a legal card at random (see :func:`estimate_doubt`)."""


def miss_factor(doubt: float, legal: int) -> float:
    """How much less likely a card the policy did not choose is than the policy's card, for a seat of ``doubt``
    ε choosing among ``legal`` cards: (ε / L) / (1 − ε + ε / L)."""
    share = doubt / legal
    return share / (1.0 - doubt + share)


def estimate_doubt(reads: list[tuple[list[int], list[int]]], default: float) -> float:
    """The doubt ε (one of :data:`DOUBTS`) under which a seat's plays are likeliest over deals sampled from the
    hard constraints alone (empirical Bayes): for each ε, the mean over the deals of
    Π (1 − ε + ε / L) over the choices the policy explained × Π ε / L over those it did not.

    ``reads`` holds the seat's (explained, unexplained) legal counts per sampled deal (:func:`play_reads`).  A
    seat that plays like the policy is then read sharply (small ε), one that does not, loosely; with no choice
    read yet the likelihood is flat and ``default`` is returned.
    """
    if not any(miss or hit for hit, miss in reads):
        return default
    best, best_value = default, -math.inf
    for doubt in DOUBTS:
        logs = []
        for hit, miss in reads:
            v = 0.0
            for n in hit:
                v += math.log(1.0 - doubt + doubt / n)
            for n in miss:
                v += math.log(doubt / n)
            logs.append(v)
        top = max(logs)
        value = top + math.log(sum(math.exp(v - top) for v in logs))
        if value > best_value + 1e-9:
            best, best_value = doubt, value
    return best


def estimate_bid_doubt(weights: list[float]) -> float:
    """The doubt η (one of :data:`DOUBTS`) under which a seat's bid is likeliest over deals sampled from the hard
    constraints alone: the bid is the standard count's (:func:`~spades.bots.search.bid_weight`, read as a
    discrete normal over the bids, whose total is about :data:`BID_NORM`) with chance 1 − η and any of the 14
    bids with chance η.

    ``weights`` are the bid's weights on the sampled deals.  A seat that bids by the standard count is read
    sharply, one whose bid the count rarely explains (a cautious counter, a bridge player), loosely.
    """
    best, best_value = DOUBTS[0], -math.inf
    for doubt in DOUBTS:
        value = sum((1.0 - doubt) * w / BID_NORM + doubt / 14 for w in weights)
        if value > best_value + 1e-12:
            best, best_value = doubt, value
    return best


BID_NORM = math.sqrt(2 * math.pi * 1.2)
"""The sum over the bids of :func:`~spades.bots.search.bid_weight`'s exp(−d² / 2.4) away from the bounds."""


_NO_READS: Reads = [([], []) for _ in range(4)]

_POWERS: tuple[float, ...] = (1.0, 0.5, 0.25, 0.125, 0.0)
"""The tempering powers tried, sharpest first (see :meth:`SeatModels.estimate`)."""


class SeatModels:
    """The expert's models of the other seats at one card decision, estimated from what they did this hand.

    Each other seat gets a doubt for its plays and one for its bid (:func:`estimate_doubt`,
    :func:`estimate_bid_doubt`), estimated on ``pilot`` deals sampled from the hard constraints alone (cards
    counts, voids shown, cards played): a seat that bids and plays like the standard player is read sharply,
    one that does not (a beginner's random cards, a cautious counter's low bids) loosely, so its odd moves no
    longer rule out nearly every deal.  A deal's fit (:meth:`fit`) is the product over the seats of
    (1 − η) × bid weight + η × :data:`BID_NORM` / 14 for the bid and :func:`miss_factor` for each card
    the policy does not explain, divided by the best pilot deal's: soft evidence only reweights, and the deals
    most like the table's are always kept.  Only the hard constraints rule a deal out.
    """

    def __init__(self, k: Knowledge, ctx: Context, seats: tuple[int, ...], plays: list[float],
                 bids: list[float]) -> None:  # fmt: skip
        self.k = k
        self.ctx = ctx
        self.seats = seats
        """Seats whose plays are read."""
        self.plays = plays
        """Each seat's play doubt ε (0 for ours and unread seats)."""
        self.bids = bids
        """Each seat's bid doubt η (0 for ours)."""
        self.ref = 1.0
        """The best raw fit among the pilot deals (fits are relative to it)."""
        self.power = 1.0
        """The power the relative fits are raised to (1 reads the evidence at face value, 0 ignores it)."""

    @classmethod
    def estimate(cls, k: Knowledge, ctx: Context, rng: Rng, pilot: int, partner: bool, default: float,
                 deadline: float | None = None, accept: float = 0.2,
                 keep: float = 0.25) -> tuple[SeatModels, list[tuple[list[int], float]]]:  # fmt: skip
        """The models estimated on ``pilot`` sampled deals, and those deals with their fits (last first drawn).

        ``partner``: whether partner's plays are read too; ``default``: the play doubt of a seat with no choice
        read yet; ``deadline`` (a :func:`time.perf_counter` time): no further pilot deal is drawn after it.
        The fits are then tempered (raised to the largest power of :data:`_POWERS`) until rejection control at
        ``accept`` would keep at least the share ``keep`` of the pilot deals: however odd the table's play, the
        search is not left with (almost) no deals.
        """
        others = [s for s in range(4) if s != k.seat]
        seats = tuple(s for s in others if s != k.partner or partner)
        deals: list[list[int]] = []
        reads: list[Reads] = []
        weights: list[list[float]] = []
        rules = k.rules
        for _ in range(pilot):
            if deals and deadline is not None and time.perf_counter() > deadline:
                break
            hands = sample_deal(k, rng)
            if hands is None:
                continue
            deals.append(hands)
            reads.append(play_reads(k, hands, ctx, seats))
            weights.append([bid_weight(k.bids[s], hands[s] | k.played_by[s], rules, s == k.partner) for s in range(4)])
        plays = [0.0] * 4
        bids = [0.0] * 4
        for s in others:
            if s in seats:
                plays[s] = estimate_doubt([r[s] for r in reads], default)
            # A partner's nil is a deliberate bid: read sharply (bid_weight's sharp nil weights average about
            # the uniform 1/14, so the estimate could not tell it from a random bid).
            partner_nil = s == k.partner and k.bids[s] == 0
            bids[s] = DOUBTS[0] if partner_nil else estimate_bid_doubt([w[s] for w in weights])
        model = cls(k, ctx, seats, plays, bids)
        fits = [model._raw(r, w) for r, w in zip(reads, weights, strict=True)]
        top = max(fits, default=0.0)
        model.ref = top if top > 0 else 1.0
        fits = [f / model.ref for f in fits]
        power = 1.0
        if accept > 0:  # (accept 0 keeps every deal: nothing to temper)
            for power in _POWERS:
                if sum(min(1.0, f**power / accept) for f in fits) >= keep * len(fits):
                    break
        model.power = power
        return model, [(h, f**power) for h, f in zip(deals, fits, strict=True)][::-1]

    def _raw(self, reads: Reads, weights: list[float]) -> float:
        fit = 1.0
        share = 14 / BID_NORM
        for s in range(4):
            if s == self.k.seat:
                continue
            eta = self.bids[s]
            fit *= (1.0 - eta) * weights[s] + eta / share
            doubt = self.plays[s]
            for n in reads[s][1]:
                fit *= miss_factor(doubt, n)
        return fit

    def fit(self, hands: list[int], floor: float = 0.0) -> float:
        """How well a sampled deal fits the bids and plays, relative to the best pilot deal (may exceed 1).

        The reading stops early once the fit is ``floor`` or less (and a fit at most ``floor`` is returned).
        """
        power = self.power
        if power <= 0:
            return 1.0
        floor = floor ** (1 / power)
        k = self.k
        weights = [bid_weight(k.bids[s], hands[s] | k.played_by[s], k.rules, s == k.partner) for s in range(4)]
        bid_fit = self._raw(_NO_READS, weights) / self.ref
        if bid_fit <= floor:
            low: float = bid_fit**power
            return low
        reads = play_reads(k, hands, self.ctx, self.seats, self.plays, floor / bid_fit)
        fit: float = (self._raw(reads, weights) / self.ref) ** power
        return fit


EXPERT_BIDS = BidStyle(round_up=0.3, nil_threshold=0.75)
"""The expert's starting count is a little tighter than the standard player's, and it bids nil with slightly
safer hands (arena tuning against the standard level: nil thresholds 0.6, 0.75 and 0.9 made 89%, 88% and 83% of
their nils; 0.75 scored 3 points per hand more than 0.6, 0.9 no more than 0.75)."""

SAMPLES = 60
"""Sampled deals per card decision, at most (the expert's ``samples``; a hint's and the review's too)."""

WORK = 24000
"""Simulated cards per card decision, at most (the expert's ``work``; a hint's and the review's too)."""

BID_SAMPLES = 96
"""Sampled deals played out for a bid (the expert's ``bid_samples``; a hint's and the review's too).  96 rather
than 48 (stop 33, 400 duplicate deals each, seed 20261201, clock off): against ``club`` +23.9 → +25.3 points per
hand, against ``cautious`` its nils made 111/131 → 111/126 (84.7% → 88.1%); with 48 a nil bid at 75% odds was
often one at 65% (the estimate's standard error was 6 points), so fewer nils are bid and more of them hold."""

_REASON_MIN = 2.0
"""Points per hand an outcome must be worth before an explanation names it (else the average difference)."""


def grabbers(view: View) -> tuple[int, ...]:
    """The opponents of ``view.seat`` who have shown that they grab tricks regardless of their bid.

    A seat is a grabber once, playing last to a trick, it has overtaken the card by which its partner (not a
    nil bidder) was already winning (followed suit higher, or ruffed or over-ruffed it) when it provably held
    a card that would have let that card win: one it played later in the hand that was legal then (of the
    suit led if it followed suit; any card if it was void) and does not beat the partner's card.  A player
    who counts its bid never does that; a beginner who plays the highest card it can does it often.  The
    search plays such a seat for every trick in its playouts instead of for its bid (``ExpertBot.grab``).
    """
    me = int(view.seat)
    later: list[list[int]] = [[], [], [], []]  # per seat, the cards it played, in order
    overtakes: list[tuple[int, int, int, bool]] = []  # (seat, index in its cards, partner's card, followed)
    plays = [(int(t.leader), t.cards) for t in view.tricks]
    if view.trick and view.leader is not None:
        plays.append((int(view.leader), view.trick))
    for leader, cards in plays:
        for i, card in enumerate(cards):
            seat = (leader + i) % 4
            if i == 3 and seat % 2 != me % 2:
                ws, wc = winning(leader, cards[:i])
                partner_bid = view.bids[(seat + 2) % 4]
                if ws == (seat + 2) % 4 and BEATERS[wc] >> card & 1 and partner_bid is not None and partner_bid > 0:
                    overtakes.append((seat, len(later[seat]), wc, SUIT_OF[card] == SUIT_OF[cards[0]]))
            later[seat].append(card)
    found: list[int] = []
    for seat, index, beaten, followed in overtakes:
        if seat in found:
            continue
        led = SUIT_OF[later[seat][index]] if followed else -1
        for card in later[seat][index + 1 :]:
            if not BEATERS[beaten] >> card & 1 and (led < 0 or SUIT_OF[card] == led):
                found.append(seat)
                break
    return tuple(sorted(found))


class ExpertBot(Bot):
    """The ``expert`` level (see the module docstring).

    Options: ``samples`` (sampled deals per card decision, at most) and ``work`` (simulated cards per decision,
    at most) bound the search and keep it reproducible; ``time_budget`` (seconds, ``None`` for no clock) stops
    it early on a slow machine; ``exact_tricks`` (tricks solved exactly at the end); ``prior`` (points the
    standard player's card is given), ``nil_prior`` (the same while its own nil is alive), ``cover_prior`` (the
    same while partner's nil is alive: small, so the search covers and sets, see docs/bots.md; a card that holds
    partner's nil in fewer of the sampled deals than the standard card needs ``nil_prior``) and
    ``confidence`` (standard errors by which another card must beat it, except against an opponent's nil, where
    the search alone decides); ``bid_samples`` (sampled deals per numeric bid), ``bid_bags`` (part of the extra
    tricks that end as bags), ``set_risk`` (how much more than its face value a set is feared) and
    ``cover_risk`` (how much more again once partner has bid nil);
    ``nil_screen`` (the count's nil threshold below which nil is sampled at all) and ``nil_odds`` (the share of
    sampled deals in which a nil must hold to be bid); ``read`` (the factor on a sampled deal's fit for each
    opponent's card it does not explain, see :func:`policy_weight`; 1 reads nothing), ``read_partner`` (the
    same for partner's cards; partner is not read by default, as an expert partner leaves the standard card
    in about a quarter of its choices); ``accept`` (a sampled deal whose fit to the bids and plays is below
    this is kept with chance fit / ``accept``, and every kept deal is weighted by its fit but at least
    ``accept``: 1 keeps only by chance and weights nothing, 0 keeps every deal and weights by the fit alone) and
    ``reject`` (sampled deals drawn per deal searched, at most); ``extend`` (when the best card beats the
    standard player's by less than two standard errors after ``samples``/``work``, both are multiplied by this
    once before deciding; 1 never extends);
    ``adapt`` (read each other seat by a model estimated from what it did this hand, :class:`SeatModels`, on
    ``pilot`` sampled deals, a seat with no choice read yet having the play doubt ``doubt``; ``read`` < 1 still
    turns the reading on, and ``adapt=False`` restores the fixed factor ``read`` for every unexplained card);
    ``style`` (the starting count and the nil threshold, :data:`EXPERT_BIDS`); ``grab`` (play an opponent
    read as a grabber, :func:`grabbers`, for every trick in the playouts; ``False``: for its bid as everyone).
    """

    level = "expert"

    def __init__(
        self,
        seed: int = 0,
        *,
        samples: int = SAMPLES,
        work: int = WORK,
        time_budget: float | None = 0.24,
        exact_tricks: int = 3,
        prior: float = 0.5,
        nil_prior: float = 40.0,
        cover_prior: float = 5.0,
        bid_samples: int = BID_SAMPLES,
        bid_bags: float = 0.5,
        set_risk: float = 1.0,
        cover_risk: float = 1.0,
        grab: bool = True,
        nil_screen: float = 1.3,
        nil_odds: float = 0.75,
        confidence: float = 0.5,
        read: float = 0.2,
        read_partner: float = 1.0,
        reject: int = 8,
        accept: float = 0.2,
        extend: int = 2,
        adapt: bool = True,
        pilot: int = 16,
        doubt: float = 0.35,
        style: BidStyle = EXPERT_BIDS,
    ) -> None:
        super().__init__(seed)
        self.samples = samples
        self.work = work
        self.time_budget = time_budget
        self.exact_tricks = exact_tricks
        self.prior = prior
        self.nil_prior = nil_prior
        self.cover_prior = cover_prior
        self.bid_samples = bid_samples
        self.bid_bags = bid_bags
        self.set_risk = set_risk
        self.cover_risk = cover_risk
        self.grab = grab
        self.nil_screen = nil_screen
        self.nil_odds = nil_odds
        self.confidence = confidence
        self.read = read
        self.read_partner = read_partner
        self.reject = reject
        self.accept = accept
        self.extend = extend
        self.adapt = adapt
        self.pilot = pilot
        self.doubt = doubt
        self.style = style
        self.last_samples = 0
        """Samples behind the last decision (0 when it needed none)."""
        self.last_values: dict[int, float] = {}
        """The last card decision's average value of each distinct card, or the last bid's expected score by bid."""
        self.last_odds = 0.0
        """The last numeric bid's chance of being made over the samples (0 when not sampled)."""
        self.last_ess = 0.0
        """The effective number of samples behind the last card decision, (sum of weights)² / sum of squared
        weights: ``last_samples`` when every deal weighs the same, at least ``accept`` × ``last_samples``."""

    # ------------------------------------------------------------ bidding

    def choose_bid(self, view: View, rng: Rng) -> Decision:
        self.last_samples = 0
        self.last_values = {}
        self.last_odds = 0.0
        hand = cards_mask(view.hand)
        bid, why = choose_bid(view, hand, self.style)
        legal = view.legal
        if self.bid_samples <= 0 or len(legal) == 1 or bid < 0 or view.rules.bidding != "standard":
            return Decision(bid, why)
        partner_bid = view.bids[(int(view.seat) + 2) % 4]
        screen = replace(self.style, nil_threshold=self.nil_screen)
        if 0 in legal and nil_ok(evaluate(hand, view.rules), partner_bid, screen):
            odds, n = self._nil_odds(view, rng)
            self.last_samples, self.last_odds = n, odds
            if n and odds >= self.nil_odds:
                return Decision(0, Explanation("bid_nil_odds", {"pct": round(100 * odds), "n": n}))
            if bid == 0:  # the count said nil, the samples say it is too risky: bid a number
                bid, why = choose_bid(view, hand, replace(self.style, nil_threshold=-1.0))
        if bid == 0:
            return Decision(bid, why)
        numbers = [b for b in legal if b > 0]
        choice, n, odds = self._odds_bid(view, rng, numbers, bid)
        self.last_samples = n
        self.last_odds = odds
        if choice == bid or n == 0:
            return Decision(bid, why)
        return Decision(choice, Explanation("bid_odds", {"bid": choice, "pct": round(100 * odds), "n": n}))

    def _sampled_bids(self, view: View, hands: list[int], k: Knowledge) -> tuple[list[int], float]:
        """Bids by seat for a sampled deal (ours 0; seats yet to bid given the standard evaluation's bid) and
        how well the deal explains the bids made."""
        rules = view.rules
        w = 1.0
        bids = [0, 0, 0, 0]
        for s in range(4):
            b = view.bids[s]
            if s != k.seat and b is not None:
                w *= bid_weight(b, hands[s], rules, s == k.partner)
                bids[s] = b
        for s in range(4):
            if s != k.seat and view.bids[s] is None:
                known = view.bids[(s + 2) % 4] if (s + 2) % 4 != k.seat else None
                bids[s] = model_bid(hands[s], rules, known)
        return bids, w

    def _nil_odds(self, view: View, rng: Rng) -> tuple[float, int]:
        """The chance that a nil bid holds over sampled deals played out, and the samples used."""
        k = Knowledge(view)
        held = total = 0.0
        n = 0
        start = time.perf_counter()
        for _ in range(self.bid_samples * 2):
            if n >= self.bid_samples:
                break
            hands = sample_deal(k, rng)
            if hands is None:
                continue
            bids, w = self._sampled_bids(view, hands, k)
            p = Position.from_view(view, hands)
            rollout(p, Context(view.rules, bids), (0, 0, 0, 0))
            total += w
            held += w * (p.won[k.seat] == 0)
            n += 1
            if self.time_budget is not None and time.perf_counter() - start > self.time_budget:
                break
        return (held / total if total > 0 else 0.0), n

    def _odds_bid(self, view: View, rng: Rng, numbers: list[int], heuristic: int) -> tuple[int, int, float]:
        """The numeric bid with the best expected score over our side's tricks in sampled deals.

        Returns the bid, the samples used and the chance that it makes.
        """
        k = Knowledge(view)
        rules = view.rules
        seat = k.seat
        team = k.team
        partner = k.partner
        results: list[tuple[float, int, int]] = []
        start = time.perf_counter()
        for _ in range(self.bid_samples * 2):
            if len(results) >= self.bid_samples:
                break
            hands = sample_deal(k, rng)
            if hands is None:
                continue
            bids, w = self._sampled_bids(view, hands, k)
            partner_bid = bids[partner] if bids[partner] > 0 else 0
            bids[seat] = max(1, 13 - partner_bid)  # our side plays for every trick
            p = Position.from_view(view, hands)
            ctx = Context(rules, bids)
            rollout(p, ctx, (0, 0, 0, 0))
            results.append((w, ctx.counted(p.won, team), partner_bid))
            if self.time_budget is not None and time.perf_counter() - start > self.time_budget:
                break
        total = sum(w for w, _, _ in results)
        if total <= 0:
            return heuristic, 0, 0.0
        unit = rules.bags_penalty / rules.bags_limit if rules.bags_limit else 0.0
        risk = self.set_risk + (self.cover_risk if view.bids[partner] == 0 else 0.0)
        best, best_value, best_odds = heuristic, -1e9, 0.0
        for bid in numbers:
            value = 0.0
            made = 0.0
            for w, taken, partner_bid in results:
                contract = bid + partner_bid
                if taken >= contract:
                    per = 20 if rules.ten_for_200 and contract >= 10 else 10
                    value += w * (per * contract + self.bid_bags * (taken - contract) * (1 - unit))
                    made += w
                else:
                    value -= w * 10 * contract * (1 + risk)
            value /= total
            self.last_values[bid] = value
            if value > best_value:
                best, best_value, best_odds = bid, value, made / total
        return best, len(results), best_odds

    # ------------------------------------------------------------ play

    def choose_card(self, view: View, rng: Rng) -> Decision:
        start = time.perf_counter()
        self.last_samples = 0
        self.last_values = {}
        self.last_ess = 0.0
        k = Knowledge(view)
        heuristic, why = play_card(view)
        live = k.unseen | k.hand
        for _, card in k.trick:
            live |= 1 << card
        moves = distinct_moves(k.legal, live)
        if len(moves) == 1:
            return Decision(heuristic, why)
        group_of_heuristic = _representative(heuristic, moves, live & ~k.legal)
        rules = view.rules
        bids = tuple(b if b is not None else 0 for b in view.bids)
        ctx = Context(rules, bids)
        play_ctx = ctx  # the playouts' bids: a seat that grabs tricks plays for all of them
        if self.grab:
            greedy = grabbers(view)
            if greedy:
                play_ctx = Context(rules, tuple(13 if s in greedy and b > 0 else b for s, b in enumerate(bids)))
        scorer = Scorer(rules, bids, view.bags, k.team)
        exact = k.remaining <= self.exact_tricks
        totals = dict.fromkeys(moves, 0.0)
        outcomes = {m: Outcome() for m in moves}
        samples: list[tuple[float, list[float]]] = []
        weight_sum = 0.0
        cards_per_sample = len(moves) * sum(view.cards_left)
        work = 0
        n = 0
        deadline = start + self.time_budget if self.time_budget is not None else None
        tries = 0
        n_max, work_max = self.samples, self.work
        limit = n_max * max(3, self.reject)
        extended = timed_out = False
        model: SeatModels | None = None
        pilot: list[tuple[list[int], float]] = []
        if self.adapt and self.read < 1.0:
            half = start + self.time_budget / 2 if self.time_budget is not None else None  # leave time to search
            model, pilot = SeatModels.estimate(
                k, ctx, rng, self.pilot, self.read_partner < 1.0, self.doubt, half, self.accept, 2 / max(3, self.reject)
            )
        while True:
            if n >= n_max or tries >= limit or work >= work_max:
                if extended or timed_out or self.extend <= 1 or not _unsure(samples, totals, moves, group_of_heuristic):
                    break
                extended = True  # a close call against the standard card: sample more before overruling it
                n_max, work_max, limit = n_max * self.extend, work_max * self.extend, limit * self.extend
                continue
            tries += 1
            if pilot:
                hands, fit = pilot.pop()
                u = rng.random() * self.accept
            else:
                drawn = sample_deal(k, rng)
                if drawn is None:
                    continue
                hands = drawn
                u = rng.random() * self.accept
                fit = model.fit(hands, u) if model is not None else 1.0
            # How well the deal explains the bids and the plays so far; kept with chance min(1, fit / accept)
            # and then weighted by max(fit, accept) (rejection control: unbiased, weights at most 1 / accept apart).
            if model is None:
                for seat in range(4):
                    if seat != k.seat and fit > u:  # each factor is at most 1: once at u or below, the deal is out
                        fit *= bid_weight(view.bids[seat], hands[seat] | k.played_by[seat], rules, seat == k.partner)
                if fit > u and self.read < 1.0:
                    fit *= policy_weight(k, hands, ctx, self.read, self.read_partner, u / fit)
            if u >= fit:
                if n and deadline is not None and time.perf_counter() > deadline:
                    timed_out = True
                    break
                continue
            w = min(1.0, max(fit, self.accept))
            base = Position.from_view(view, hands)
            solver = Solver(scorer, ctx) if exact else None
            scores = []
            ends = []
            for m in moves:
                p = base.copy()
                p.play(m)
                if solver is not None:
                    scores.append(solver.value(p))
                else:
                    shown = list(view.voids)
                    if k.led >= 0 and SUIT_OF[m] != k.led:
                        shown[k.seat] |= 1 << k.led
                    rollout(p, play_ctx, shown)
                    scores.append(scorer.value(p.won))
                    ends.append(p.won)
                if n and deadline is not None and time.perf_counter() > deadline:
                    break  # out of time: this sample is incomplete and is dropped
            if len(scores) < len(moves):
                timed_out = True
                break
            samples.append((w, scores))
            for i, m in enumerate(moves):
                totals[m] += w * scores[i]
                if ends:
                    outcomes[m].add(w, outcome(ctx, ends[i], k.team))
            weight_sum += w
            n += 1
            work += cards_per_sample
            if deadline is not None and time.perf_counter() > deadline:
                timed_out = True
                break
        self.last_samples = n
        if weight_sum <= 0:
            return Decision(heuristic, why)
        self.last_ess = weight_sum**2 / sum(w * w for w, _ in samples)
        self.last_values = {m: totals[m] / weight_sum for m in moves}
        values = self.last_values
        best = max(moves, key=lambda m: values[m])
        prior, z = self.prior, self.confidence
        if k.nil_alive(k.seat):
            prior = max(prior, self.nil_prior)
        elif k.nil_alive(k.partner):
            riskier = group_of_heuristic in outcomes and outcomes[best].nil < outcomes[group_of_heuristic].nil
            prior = max(prior, self.nil_prior if riskier else self.cover_prior)
        elif k.nil_alive(k.lho) or k.nil_alive(k.rho):
            z = 0.0  # the search breaks nils far better than the standard rules (arena: 7 points per hand)
        if group_of_heuristic in values and best != group_of_heuristic:
            margin = _margin(samples, moves.index(best), moves.index(group_of_heuristic), z)
            if margin <= prior:
                best = group_of_heuristic
        if best == group_of_heuristic:
            return Decision(heuristic, why)
        alt = group_of_heuristic
        if alt not in outcomes:  # the standard card matched no distinct move: compare with the runner-up
            alt = max((m for m in moves if m != best), key=lambda m: values[m])
        points = values[best] - values[alt]
        if exact:
            params = {"card": best, "n": k.remaining, "alt": alt, "points": max(1, round(points))}
            return Decision(best, Explanation("solved", params))
        return Decision(best, _reason(best, alt, points, outcomes, weight_sum, n, ctx, k.team))


def _unsure(samples: list[tuple[float, list[float]]], totals: dict[int, float], moves: list[int],
            standard: int) -> bool:  # fmt: skip
    """Whether the best move so far (by its weighted ``totals``) beats the ``standard`` card by less than two
    standard errors."""
    if not samples or standard not in totals:
        return False
    best = max(moves, key=totals.__getitem__)
    if best == standard:
        return False
    return _margin(samples, moves.index(best), moves.index(standard), 2.0) <= 0


def _margin(samples: list[tuple[float, list[float]]], best: int, other: int, z: float) -> float:
    """How far move ``best`` beats move ``other`` over the samples, less ``z`` standard errors (points)."""
    total = sum(w for w, _ in samples)
    mean = sum(w * (v[best] - v[other]) for w, v in samples) / total
    if z <= 0 or len(samples) < 2:
        return mean
    spread = sum(w * w * (v[best] - v[other] - mean) ** 2 for w, v in samples)
    deviation: float = spread**0.5  # float ** float is typed Any (a negative base gives a complex); spread >= 0
    return mean - z * deviation / total


def _reason(best: int, alt: int, points: float, outcomes: dict[int, Outcome], total: float, n: int, ctx: Context,
            team: int) -> Explanation:  # fmt: skip
    """Why ``best`` beat ``alt`` (usually the standard player's card): the outcome it changes most, in points.

    When no single outcome is worth :data:`_REASON_MIN` points, the average difference ``points`` is the reason.
    """
    ours, theirs = ctx.contract[team], ctx.contract[1 - team]
    b, a = outcomes[best], outcomes[alt]

    def pct(x: float) -> int:
        return round(100 * x / total)

    # (points per hand the difference is worth, code, best's rate, alt's rate); rates are weighted sums.
    reasons = [
        (20 * ours * (b.made - a.made) / total, "search_make", b.made, a.made),
        (20 * theirs * (b.set - a.set) / total, "search_set", b.set, a.set),
        (200 * (b.nil - a.nil) / total, "search_nil", b.nil, a.nil),
        (200 * (b.broken - a.broken) / total, "search_break", b.broken, a.broken),
        (10 * (a.bags - b.bags) / total, "search_bags", b.made, a.made),
    ]
    worth, code, rate, alt_rate = max(reasons, key=lambda r: r[0])
    if worth < _REASON_MIN or (code in ("search_make", "search_bags") and not ours):
        return Explanation("search_points", {"card": best, "n": n, "alt": alt, "points": max(1, round(points))})
    params: dict[str, int | str | tuple[int, ...]] = {"card": best, "n": n, "pct": pct(rate)}
    if code != "search_bags":
        params |= {"alt": alt, "alt_pct": pct(alt_rate)}
    return Explanation(code, params)


def model_bid(hand: int, rules: Rules, partner_bid: int | None) -> int:
    """The bid a seat not yet heard from is assumed to make with ``hand`` (the standard evaluation)."""
    ev = evaluate(hand, rules)
    if rules.nil and nil_ok(ev, partner_bid, STANDARD):
        return 0
    return count_bid(ev, STANDARD.round_up)


def _representative(card: int, moves: list[int], others: int) -> int:
    """The member of ``moves`` equivalent to ``card`` (same suit, none of ``others`` between them).

    ``others`` are the live cards the seat cannot play now (the cards of other hands and of the trick).
    """
    if card in moves:
        return card
    for m in moves:
        if _touching(m, card, others):
            return m
    return card


def _touching(a: int, b: int, others: int) -> bool:
    """Whether cards ``a`` and ``b`` are equivalent to their holder: same suit, none of ``others`` between them."""
    if SUIT_OF[a] != SUIT_OF[b]:
        return False
    low, high = (a, b) if a < b else (b, a)
    return not others & ((1 << high) - 1) & ~((2 << low) - 1)
