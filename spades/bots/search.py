"""The expert's search tools: hand scoring, an exact endgame solver, and deal sampling consistent with one
seat's knowledge.

* :class:`Scorer` values final trick counts for one team: its hand score
  minus the opponents', each bag charged its long-run cost
  (``bags_penalty / bags_limit``) plus part of the penalty it would trigger.
* :class:`Solver` is an exact alpha-beta search of the remaining tricks
  (partners cooperate; the value is :class:`Scorer`'s); :func:`policy`, a quick
  card for a seat that sees every hand, orders its moves.  (The playouts of
  the earlier tricks use :mod:`spades.bots.rollout`, where no seat sees the
  hands it should not.)
* :class:`Claim` is the same kind of exact search with a yes/no value: can a
  side win every remaining trick whatever the defence (a person's claim,
  :mod:`spades.table.table`).
* :func:`sample_deal` deals the unseen cards to the other seats respecting
  card counts and known voids; :func:`bid_weight` says how well a sampled
  hand explains a bid.

Seats are ints 0–3, cards ints 0–53, hands card masks (see
:mod:`spades.cards`).
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from ..cards import ABOVE, BEATERS, NON_SPADES, SPADE_MASK, SPADES, SUIT_MASKS, SUIT_OF, follow_mask
from ..rng import Rng
from ..rules import Rules
from ..scoring import counts_toward_contract, score_team, team_contract
from .bidding import evaluate
from .knowledge import Knowledge
from .sim import BELOW, RANK, Position, cards_of, high_discard, highest, lowest

_SUITS = SUIT_MASKS
_SP = SPADE_MASK


class Context:
    """Bids and the rules the playout policies need, by seat."""

    __slots__ = ("bids", "contract", "counts", "nil")

    def __init__(self, rules: Rules, bids: Sequence[int]) -> None:
        self.bids = tuple(bids)
        self.nil = tuple(b <= 0 for b in bids)
        self.contract = (team_contract(bids, 0), team_contract(bids, 1))
        self.counts = tuple(int(counts_toward_contract(rules, b)) for b in bids)
        """Per seat, 1 when its tricks count toward its team's contract."""

    def counted(self, won: Sequence[int], team: int) -> int:
        """Tricks of ``team`` counting toward its contract."""
        return won[team] * self.counts[team] + won[team + 2] * self.counts[team + 2]


class Scorer:
    """Values a finished hand (tricks by seat) for ``team``: its points minus the opponents'."""

    def __init__(self, rules: Rules, bids: Sequence[int], bags: Sequence[int], team: int, cliff: float = 0.5) -> None:
        self.rules = rules
        self.bids = tuple(bids)
        self.bags = tuple(bags)
        self.team = team
        self.cliff = cliff
        limit = rules.bags_limit
        self.bag_unit = rules.bags_penalty / limit if limit else 0.0
        self.memo: dict[tuple[int, ...], float] = {}

    def team_points(self, won: Sequence[int], team: int) -> float:
        """The team's hand score (:func:`spades.scoring.score_team`), bags charged at their long-run cost.

        Each new bag costs ``bags_penalty / bags_limit``; a bag that crosses the
        limit this hand adds ``cliff`` times the rest of the penalty.
        """
        rules = self.rules
        before = self.bags[team]
        score = score_team(rules, (self.bids[team], self.bids[team + 2]), (won[team], won[team + 2]), before)
        points = float(score.contract_points + score.nil_points)
        new_bags = score.new_bags
        if new_bags and self.bag_unit:
            points -= self.bag_unit * new_bags
            limit = rules.bags_limit or 0
            crossings = (before + new_bags) // limit - before // limit
            if crossings:
                points -= self.cliff * (rules.bags_penalty * crossings - self.bag_unit * new_bags)
        return points

    def value(self, won: Sequence[int]) -> float:
        """Our points minus theirs for final tricks ``won`` (by seat)."""
        key = tuple(won)
        v = self.memo.get(key)
        if v is None:
            v = self.team_points(won, self.team) - self.team_points(won, 1 - self.team)
            self.memo[key] = v
        return v


# ---------------------------------------------------------------- full-information policy (solver move order)


def _beats_later(hand: int, card: int, led: int) -> bool:
    """Whether ``hand``, playing after ``card`` (then winning a trick led in ``led``), can beat it."""
    return bool(follow_mask(hand, led) & BEATERS[card])


def _low_discard(cards: int) -> int:
    side = cards & NON_SPADES
    pool = side or cards
    best = -1
    best_rank = 99
    for suit in range(4):
        m = pool & _SUITS[suit]
        if m:
            c = lowest(m)
            if RANK[c] < best_rank:
                best, best_rank = c, RANK[c]
    return best


def policy(p: Position, ctx: Context, legal: int = 0) -> int:
    """A quick, sensible card for the seat to play when every hand is visible (``legal``: its legal mask)."""
    if not legal:
        legal = p.legal()
    if legal & (legal - 1) == 0:
        return legal.bit_length() - 1
    seat = p.turn
    hands = p.hands
    won = p.won
    partner = seat ^ 2
    team = seat & 1
    nil = ctx.nil
    me_nil = nil[seat] and not won[seat]
    p_nil = nil[partner] and not won[partner]
    lho = (seat + 1) & 3
    rho = (seat + 3) & 3
    opp_nil = lho if nil[lho] and not won[lho] else rho if nil[rho] and not won[rho] else -1
    left = 13 - p.done
    counts = ctx.counts
    other = 1 - team
    need = ctx.contract[team] - won[team] * counts[team] - won[team + 2] * counts[team + 2]
    opp_need = ctx.contract[other] - won[other] * counts[other] - won[other + 2] * counts[other + 2]
    want = need > 0 or (opp_need > 0 and left - opp_need <= 1)
    trick = p.trick
    if not trick:
        others = hands[lho] | hands[rho] | hands[partner]
        if me_nil:
            best, score = -1, -999
            opp = hands[lho] | hands[rho]
            for c in cards_of(legal):
                s = (others & ABOVE[c]).bit_count() * 2 - (opp & BELOW[c]).bit_count() - (20 if _SP >> c & 1 else 0)
                if not others & ABOVE[c]:
                    s -= 50
                if s > score:
                    best, score = c, s
            return best
        if p_nil:
            ph = hands[partner]
            opp = hands[lho] | hands[rho]
            for suit in range(3):
                m = legal & _SUITS[suit]
                if m and not ph & _SUITS[suit] and opp & _SUITS[suit]:
                    return highest(m)
            best, score = -1, -999
            for c in cards_of(legal):
                pm = ph & _SUITS[SUIT_OF[c]]
                s = RANK[c] - (others & ABOVE[c]).bit_count() * 3 + (10 if pm and not pm & ABOVE[c] else 0)
                if s > score:
                    best, score = c, s
            return best
        if opp_nil >= 0 and need < left - 1:
            nh = hands[opp_nil]
            best, score = -1, -999
            for suit in range(4):
                m = legal & _SUITS[suit]
                if m and nh & _SUITS[suit]:
                    c = lowest(m)
                    s = RANK[lowest(nh & _SUITS[suit])] - RANK[c]
                    if s > score:
                        best, score = c, s
            if best >= 0:
                return best
        if want:
            opp_hands = (hands[lho], hands[rho])
            spade_win = -1
            for c in cards_of(legal):
                if others & ABOVE[c]:
                    continue
                suit = SUIT_OF[c]
                if suit == SPADES:
                    spade_win = c
                    continue
                if all(h & _SUITS[suit] or not h & _SP for h in opp_hands):
                    return c
            if spade_win >= 0:
                return spade_win
            ph = hands[partner]
            opp = opp_hands[0] | opp_hands[1]
            for suit in range(4):
                m = legal & _SUITS[suit]
                pm = ph & _SUITS[suit]
                if m and pm and not opp & ABOVE[highest(pm)]:
                    if suit == SPADES or all(h & _SUITS[suit] or not h & _SP for h in opp_hands):
                        return lowest(m)
            if ph & _SP:
                for suit in range(3):
                    m = legal & _SUITS[suit]
                    if m and not ph & _SUITS[suit] and opp & _SUITS[suit]:
                        return lowest(m)
            mine = hands[seat]
            if mine & _SP:
                best, size = -1, 99
                for suit in range(3):
                    m = legal & _SUITS[suit]
                    if m:
                        n = (mine & _SUITS[suit]).bit_count()
                        if n < size:
                            best, size = lowest(m), n
                if best >= 0:
                    return best
            return _low_discard(legal)
        # Contract made: lead a card someone else beats.
        best, score = -1, -999
        for c in cards_of(legal):
            s = -RANK[c] - (30 if not others & ABOVE[c] else 0) - (5 if _SP >> c & 1 else 0)
            if s > score:
                best, score = c, s
        return best
    # Following.  Only the left-hand opponent can still play after us (and the partner when we play second).
    led = SUIT_OF[trick[0]]
    led_mask = _SUITS[led]
    best = p.win_card
    ws = p.win_seat
    following = legal & led_mask
    beat = legal & BEATERS[best]
    lose = legal & ~beat
    n = len(trick)
    lh = hands[lho] if n < 3 else 0
    lh_over = follow_mask(lh, led) & BEATERS[best]
    if me_nil:
        if lose:
            if following:
                return highest(lose)
            best_c, score = -1, -1
            for c in cards_of(lose):
                s = RANK[c] + (6 if _SP >> c & 1 else 0)
                if s > score:
                    best_c, score = c, s
            return best_c
        low = lowest(beat)
        if _beats_later(lh, low, led) or (n == 1 and _beats_later(hands[partner], low, led)):
            return low
        return highest(beat)
    if p_nil:
        if n == 1:
            pm = hands[partner] & led_mask
            if pm and not pm & BEATERS[best]:
                return lowest(legal) if following else _low_discard(legal)
            if beat:
                return highest(beat) if following else lowest(beat)
            return highest(legal) if following else _low_discard(legal)
        if ws == partner:
            if beat:
                return lowest(beat)
            return lowest(legal) if following else high_discard(legal)
    if opp_nil >= 0:
        if ws == opp_nil and lose:
            return highest(lose) if following else high_discard(lose)
        if opp_nil == lho and n < 3 and need < left:
            return lowest(legal) if following else _low_discard(legal)
    if want:
        if ws == partner and not lh_over:
            return lowest(legal) if following else _low_discard(legal)
        while beat:
            c = (beat & -beat).bit_length() - 1
            if not lh or not _beats_later(lh, c, led):
                return c
            beat &= beat - 1
        return lowest(legal) if following else _low_discard(legal)
    if lose:
        return highest(lose) if following else high_discard(lose)
    low = lowest(beat)
    if lh and _beats_later(lh, low, led):
        return low
    return highest(beat) if following else low


# ---------------------------------------------------------------- exact endgame


def distinct_moves(legal: int, live: int) -> list[int]:
    """One card of each group of equivalent ``legal`` cards (same suit, no ``live`` card between them)."""
    out: list[int] = []
    prev = -1
    for c in cards_of(legal):
        if prev >= 0 and SUIT_OF[c] == SUIT_OF[prev] and not live & ((1 << c) - 1) & ~((2 << prev) - 1):
            prev = c
            continue
        out.append(c)
        prev = c
    return out


class Solver:
    """Exact minimax (alpha-beta with a transposition table at trick starts) of the rest of a hand.

    The side of ``team`` maximises :meth:`Scorer.value`; the other side minimises it.
    """

    def __init__(self, scorer: Scorer, ctx: Context) -> None:
        self.scorer = scorer
        self.ctx = ctx
        self.team = scorer.team
        self.table: dict[tuple[int, ...], tuple[float, float]] = {}
        self.nodes = 0

    def value(self, p: Position) -> float:
        """The value of ``p`` with best play by all four seats."""
        return self._search(p, -math.inf, math.inf)

    def _search(self, p: Position, alpha: float, beta: float) -> float:
        self.nodes += 1
        if p.done == 13:
            return self.scorer.value(p.won)
        key: tuple[int, ...] | None = None
        if not p.trick:
            h = p.hands
            key = (h[0], h[1], h[2], h[3], p.leader, *p.won)
            entry = self.table.get(key)
            if entry is not None:
                low, high = entry
                if low >= beta:
                    return low
                if high <= alpha:
                    return high
                if low == high:
                    return low
                alpha = max(alpha, low)
                beta = min(beta, high)
        a0, b0 = alpha, beta
        live = p.hands[0] | p.hands[1] | p.hands[2] | p.hands[3]
        for c in p.trick:
            live |= 1 << c
        moves = distinct_moves(p.legal(), live)
        if len(moves) > 1:
            first = policy(p, self.ctx)
            if first in moves:
                moves.remove(first)
                moves.insert(0, first)
        maximize = (p.turn & 1) == self.team
        best = -math.inf if maximize else math.inf
        for card in moves:
            child = p.copy()
            child.play(card)
            v = self._search(child, alpha, beta)
            if maximize:
                if v > best:
                    best = v
                if best > alpha:
                    alpha = best
            else:
                if v < best:
                    best = v
                if best < beta:
                    beta = best
            if alpha >= beta:
                break
        if key is not None:
            low, high = self.table.get(key, (-math.inf, math.inf))
            if best <= a0:
                high = min(high, best)
            elif best >= b0:
                low = max(low, best)
            else:
                low = high = best
            self.table[key] = (low, high)
        return best


class ClaimTooDeep(Exception):
    """A :class:`Claim` search ran past its node budget (the claim is neither proved nor refuted)."""


class Claim:
    """Whether one side can win **every** remaining trick whatever the defence, with every hand known.

    An exact AND-OR search (the claiming side needs one card that keeps the claim, every defence must fail),
    in the style of :class:`Solver` (equivalent cards searched once, a table of trick starts) but with a
    yes/no value: a trick that goes to a defender, or to a seat of ``spare`` (a bit per seat: the claiming
    side's nil bidders not yet set, who must take none), refutes the line at once, which is what makes it
    fast.  ``limit`` bounds the positions visited: past it :class:`ClaimTooDeep` is raised.
    """

    def __init__(self, team: int, ctx: Context, spare: int = 0, limit: int = 2_000_000) -> None:
        self.team = team
        self.ctx = ctx
        self.spare = spare
        self.limit = limit
        self.table: dict[tuple[int, ...], bool] = {}
        self.nodes = 0

    def holds(self, p: Position) -> bool:
        """Whether the claiming side takes every trick from ``p`` on (the trick in progress included)."""
        return self._search(p)

    def _keeps(self, p: Position, card: int) -> Position | None:
        """``p`` after ``card``, or ``None`` when that card ends a trick the claim does not win."""
        child = p.copy()
        child.play(card)
        if not child.trick and child.done > p.done:
            winner = child.leader
            if winner & 1 != self.team or self.spare >> winner & 1:
                return None
        return child

    def _moves(self, p: Position) -> list[int]:
        live = p.hands[0] | p.hands[1] | p.hands[2] | p.hands[3]
        for c in p.trick:
            live |= 1 << c
        moves = distinct_moves(p.legal(), live)
        if (p.turn & 1) != self.team:
            moves.reverse()  # the defence's high cards first: a refutation is usually found at once
        elif len(moves) > 1:
            first = policy(p, self.ctx)
            if first in moves:
                moves.remove(first)
                moves.insert(0, first)
        return moves

    def _spades_covered(self, hands: list[int]) -> bool:
        """Whether the side has spades enough to take every trick a defender's spade is played to (at a trick's
        start): a trick with a defender's spade goes to the side only with a higher spade of the side in it, and
        holds at most two defenders' cards, so for the defence's ``i`` highest spades the side needs at least half
        as many spades above the ``i``-th.  A quick refutation, never a proof."""
        team = self.team
        ours = (hands[team] | hands[team + 2]) & _SP
        theirs = (hands[1 - team] | hands[3 - team]) & _SP
        i = 0
        while theirs:
            card = theirs.bit_length() - 1
            theirs ^= 1 << card
            i += 1
            if 2 * (ours >> (card + 1)).bit_count() < i:
                return False
        return True

    def _search(self, p: Position) -> bool:
        self.nodes += 1
        if self.nodes > self.limit:
            raise ClaimTooDeep(self.nodes)
        if p.done == 13:
            return True
        key: tuple[int, ...] | None = None
        if not p.trick:
            h = p.hands
            key = (h[0], h[1], h[2], h[3], p.leader)
            known = self.table.get(key)
            if known is not None:
                return known
            if not self._spades_covered(h):
                self.table[key] = False
                return False
        claiming = (p.turn & 1) == self.team
        result = not claiming
        for card in self._moves(p):
            child = self._keeps(p, card)
            ok = child is not None and self._search(child)
            if ok == claiming:
                result = ok
                break
        if key is not None:
            self.table[key] = result
        return result

    def line(self, p: Position) -> list[int]:
        """The cards of the rest of the hand when the claim holds: the claiming side plays the first card (in
        the search's order) that keeps it, the defence :func:`policy`'s card; ``[]`` when it does not hold."""
        if not self.holds(p):
            return []
        p = p.copy()
        out: list[int] = []
        while p.done < 13:
            if (p.turn & 1) == self.team:
                card = next(c for c in self._moves(p) if (k := self._keeps(p, c)) is not None and self._search(k))
            else:
                card = policy(p, self.ctx)
            out.append(card)
            p.play(card)
        return out


# ---------------------------------------------------------------- sampling


def sample_deal(k: Knowledge, rng: Rng, attempts: int = 40) -> list[int] | None:
    """Deal the unseen cards to the other seats (card counts and known voids respected), or ``None``.

    Suits some seat has shown out of are dealt first, card by card, each card to a seat that may hold it with
    chance in proportion to the room left in its hand; the suits every other seat may hold are then shuffled
    and dealt into the room left (a uniform split).  ``None`` when ``attempts`` tries all ran out of room.
    """
    seats = [s for s in range(4) if s != k.seat]
    voids = k.voids
    by_suit: list[list[int]] = [[], [], [], []]
    for c in cards_of(k.unseen):
        by_suit[SUIT_OF[c]].append(c)
    constrained: list[tuple[int, list[int], list[int]]] = []
    free: list[int] = []
    for suit in range(4):
        cards = by_suit[suit]
        if cards:
            eligible = [s for s in seats if not voids[s] >> suit & 1]
            if len(eligible) == 3:
                free.extend(cards)
            else:
                constrained.append((len(eligible), eligible, cards))
    constrained.sort(key=lambda group: group[0])
    left = k.cards_left
    for _ in range(attempts):
        cap = list(left)
        hands = [0, 0, 0, 0]
        hands[k.seat] = k.hand
        ok = True
        for _, eligible, cards in constrained:
            for c in cards:
                room = [s for s in eligible if cap[s] > 0]
                if not room:
                    ok = False
                    break
                s = room[0]
                if len(room) > 1:
                    r = rng.below(sum(cap[t] for t in room))
                    for s in room:
                        r -= cap[s]
                        if r < 0:
                            break
                hands[s] |= 1 << c
                cap[s] -= 1
            if not ok:
                break
        if not ok:
            continue
        if free:
            pool = free[:]
            rng.shuffle(pool)
            at = 0
            for s in seats:
                for c in pool[at : at + cap[s]]:
                    hands[s] |= 1 << c
                at += cap[s]
        return hands
    return None


def bid_weight(bid: int | None, hand: int, rules: Rules, partner: bool = False) -> float:
    """How well a full 13-card ``hand`` explains ``bid`` (1 = typical, near 0 = unlikely).

    A nil is weighed by the hand's nil risk (:attr:`~spades.bots.bidding.HandEval.nil_risk`).  An opponent's
    loosely (1 below 1.3, 0.5 below 2.5, 0.15 below 9, else 0.02: the field bids nil with riskier hands than
    our count would).  ``partner``'s sharply (1 below 0.9, 0.3 below 1.3, 0.08 below 1.8, 0.025 below 2.5,
    0.005 below 4, else 0.0005), so that the sampled hands of a partner who bid nil hold it about as often as
    real nil bids do: in honest playouts of random hands a nil holds 85% of the time below risk 0.6, 66% below
    0.9, 46% below 1.3, 36% below 1.8, 22% below 2.5, 7% below 4.  Weighed loosely, random hands that bid nil
    held it in 48% of such playouts, sharply in 65% (the expert's own nils hold 84–98% of the time against each
    member of the field, the standard player's 70%): read loosely, the search covered partner's nil as half lost
    (``tests/test_expert.py``).
    """
    if bid is None or bid < 0:
        return 1.0
    ev = evaluate(hand, rules)
    if bid == 0:
        risk = ev.nil_risk
        if partner:
            if risk < 0.9:
                return 1.0
            return (
                0.3 if risk < 1.3 else 0.08 if risk < 1.8 else 0.025 if risk < 2.5 else 0.005 if risk < 4.0 else 0.0005
            )
        return 1.0 if risk < 1.3 else 0.5 if risk < 2.5 else 0.15 if risk < 9.0 else 0.02
    d = bid - (ev.tricks + 0.5)
    return max(0.02, math.exp(-d * d / 2.4))
