"""The ``expert`` level: sampled deals, played out, with the last tricks solved exactly.

For each decision in the play the expert

1. deals the cards it cannot see to the other seats many times over
   (:func:`~spades.bots.search.sample_deal`: card counts and every void shown
   so far are respected; cards already played are known), weighting each
   sample by how well it explains the other seats' bids
   (:func:`~spades.bots.search.bid_weight`) and their plays so far
   (:func:`play_weight`);
2. tries each distinct legal card in every sample: the rest of the hand is
   played out by the full-information policy
   (:func:`~spades.bots.search.policy`), or, once at most ``exact_tricks``
   tricks remain, solved exactly (:class:`~spades.bots.search.Solver`);
3. plays the card with the best weighted average score (our points minus the
   opponents', bags charged — see :class:`~spades.bots.search.Scorer`).  The
   standard player's choice gets a small bonus (``prior``) so that near-ties go
   to the sound human-style card, whose explanation is then shown.

Bids: the standard evaluation with a tighter style (:data:`EXPERT_BIDS`) gives
a candidate; for a numeric bid the expert then plays sampled deals out with
the candidate and its two neighbours (the seats yet to bid are given the
standard evaluation's bid) and keeps the best, the candidate getting a bonus
(``bid_prior``).  Nil is not simulated: playouts in which every hand is
visible make nil look far safer than it is.

Work is bounded by ``samples`` and ``work`` (simulated cards per decision),
which keeps decisions reproducible for a seed; ``time_budget`` (seconds, or
``None``) is a hard stop on top of that for slow machines.
"""

from __future__ import annotations

import time

from ..cards import ABOVE, SUIT_MASKS, SUIT_OF, beats, cards_mask, winning
from ..game import View
from ..rng import Rng
from ..rules import Rules
from ..scoring import counted_tricks, team_contract
from .base import Bot, Decision
from .bidding import STANDARD, BidStyle, choose_bid, count_bid, evaluate, nil_ok
from .knowledge import Knowledge
from .messages import Explanation
from .search import Context, Scorer, Solver, bid_weight, distinct_moves, playout, sample_deal
from .sim import Position
from .standard import play_card


def play_weight(k: Knowledge, hands: list[int]) -> float:
    """How well a sampled deal explains the other seats' plays this hand (1 = no evidence against it).

    Evidence used: a seat that was last to a trick and let an opponent win it
    although it held a cheap winner in the led suit, while its side still
    needed tricks (and no nil was in play), is less likely to have held it.
    """
    view = k.view
    weight = 1.0
    bids = view.bids
    if any(b is not None and b <= 0 for b in bids):
        return 1.0
    won = [0, 0, 0, 0]
    for trick in view.tricks:
        last = (trick.leader + 3) % 4
        if last != k.seat:
            led = SUIT_OF[trick.cards[0]]
            best_seat, best = winning(trick.leader, trick.cards[:3])
            if best_seat % 2 != last % 2 and SUIT_OF[best] == led:
                team = last % 2
                contract = team_contract(bids, team)
                counted = counted_tricks(view.rules, bids, won, team)
                played = trick.cards[3]
                held = (hands[last] | (1 << played)) & SUIT_MASKS[led] & ABOVE[best]
                if counted < contract and SUIT_OF[played] == led and not beats(played, best) and held:
                    weight *= 0.35
        won[trick.winner] += 1
    return weight


EXPERT_BIDS = BidStyle(round_up=0.3, nil_threshold=0.6)
"""The expert bids a little tighter than the standard player and bids nil only with safer hands
(arena tuning: each was worth a few points per hand against the standard level)."""


class ExpertBot(Bot):
    """The ``expert`` level (see the module docstring)."""

    level = "expert"

    def __init__(
        self,
        seed: int = 0,
        *,
        samples: int = 60,
        work: int = 24000,
        time_budget: float | None = 0.25,
        exact_tricks: int = 3,
        prior: float = 0.5,
        bid_samples: int = 32,
        bid_prior: float = 4.0,
        style: BidStyle = EXPERT_BIDS,
    ) -> None:
        super().__init__(seed)
        self.samples = samples
        self.work = work
        self.time_budget = time_budget
        self.exact_tricks = exact_tricks
        self.prior = prior
        self.bid_samples = bid_samples
        self.bid_prior = bid_prior
        self.style = style
        self.last_samples = 0

    # ------------------------------------------------------------ bidding

    def choose_bid(self, view: View, rng: Rng) -> Decision:
        hand = cards_mask(view.hand)
        bid, why = choose_bid(view, hand, self.style)
        legal = view.legal
        rules = view.rules
        if self.bid_samples <= 0 or len(legal) == 1 or bid < 0 or rules.bidding != "standard":
            return Decision(bid, why)
        if bid == 0:
            return Decision(bid, why)
        # Numbers only: playouts with every hand visible make nil look far safer than it is.
        candidates = {b for b in (bid - 1, bid, bid + 1) if b > 0 and b in legal} | {bid}
        if len(candidates) == 1:
            return Decision(bid, why)
        choice, n = self._simulate_bids(view, rng, sorted(candidates), bid)
        if choice == bid:
            return Decision(bid, why)
        return Decision(choice, Explanation("bid_search", {"bid": choice, "n": n}))

    def _simulate_bids(self, view: View, rng: Rng, candidates: list[int], heuristic: int) -> tuple[int, int]:
        """Score each candidate bid by playing sampled deals out; return the best and the samples used."""
        k = Knowledge(view)
        rules = view.rules
        seat = k.seat
        team = k.team
        totals = dict.fromkeys(candidates, 0.0)
        weight_sum = 0.0
        n = 0
        start = time.perf_counter()
        for _ in range(self.bid_samples):
            hands = sample_deal(k, rng)
            if hands is None:
                continue
            w = 1.0
            bids: list[int] = []
            for s in range(4):
                b = view.bids[s]
                if s == seat:
                    bids.append(0)
                elif b is not None:
                    w *= bid_weight(b, hands[s], rules)
                    bids.append(b)
                else:
                    bids.append(model_bid(hands[s], rules, bids[s - 2] if s >= 2 and s - 2 != seat else None))
            for c in candidates:
                bids[seat] = c
                p = Position.from_view(view, hands)
                playout(p, Context(rules, bids))
                totals[c] += w * Scorer(rules, bids, view.bags, team).value(p.won)
            weight_sum += w
            n += 1
            if self.time_budget is not None and time.perf_counter() - start > self.time_budget:
                break
        if weight_sum <= 0:
            return heuristic, n
        best = max(candidates, key=lambda c: totals[c] / weight_sum + (self.bid_prior if c == heuristic else 0.0))
        return best, n

    # ------------------------------------------------------------ play

    def choose_card(self, view: View, rng: Rng) -> Decision:
        start = time.perf_counter()
        k = Knowledge(view)
        heuristic, why = play_card(view)
        live = k.unseen | k.hand
        for _, card in k.trick:
            live |= 1 << card
        moves = distinct_moves(k.legal, live)
        if len(moves) == 1:
            return Decision(heuristic, why)
        group_of_heuristic = _representative(heuristic, moves, live)
        rules = view.rules
        bids = tuple(b if b is not None else 0 for b in view.bids)
        ctx = Context(rules, bids)
        scorer = Scorer(rules, bids, view.bags, k.team)
        exact = k.remaining <= self.exact_tricks
        totals = dict.fromkeys(moves, 0.0)
        weight_sum = 0.0
        cards_per_sample = len(moves) * sum(view.cards_left)
        work = 0
        n = 0
        deadline = start + self.time_budget if self.time_budget is not None else None
        tries = 0
        while n < self.samples and tries < self.samples * 3:
            tries += 1
            hands = sample_deal(k, rng)
            if hands is None:
                continue
            w = 1.0
            for seat in range(4):
                if seat != k.seat:
                    w *= bid_weight(view.bids[seat], hands[seat] | k.played_by[seat], rules)
            w *= play_weight(k, hands)
            base = Position.from_view(view, hands)
            solver = Solver(scorer, ctx) if exact else None
            values = []
            for m in moves:
                p = base.copy()
                p.play(m)
                if solver is not None:
                    values.append(solver.value(p))
                else:
                    playout(p, ctx)
                    values.append(scorer.value(p.won))
                if n and deadline is not None and time.perf_counter() > deadline:
                    break  # out of time: this sample is incomplete and is dropped
            if len(values) < len(moves):
                break
            for m, v in zip(moves, values, strict=True):
                totals[m] += w * v
            weight_sum += w
            n += 1
            work += cards_per_sample
            if work >= self.work or (deadline is not None and time.perf_counter() > deadline):
                break
        self.last_samples = n
        if weight_sum <= 0:
            return Decision(heuristic, why)
        best = max(moves, key=lambda m: totals[m] / weight_sum + (self.prior if m == group_of_heuristic else 0.0))
        if best == group_of_heuristic:
            return Decision(heuristic, why)
        if exact:
            return Decision(best, Explanation("solved", {"card": best, "n": k.remaining}))
        return Decision(best, Explanation("search", {"card": best, "n": n}))


def model_bid(hand: int, rules: Rules, partner_bid: int | None) -> int:
    """The bid a seat not yet heard from is assumed to make with ``hand`` (the standard evaluation)."""
    ev = evaluate(hand, rules)
    if rules.nil and nil_ok(ev, partner_bid, STANDARD):
        return 0
    return count_bid(ev, STANDARD.round_up)


def _representative(card: int, moves: list[int], live: int) -> int:
    """The member of ``moves`` equivalent to ``card`` (same suit, no live card between)."""
    if card in moves:
        return card
    for m in moves:
        if SUIT_OF[m] == SUIT_OF[card]:
            low, high = min(m, card), max(m, card)
            if not live & ((1 << high) - 1) & ~((2 << low) - 1):
                return m
    return card
