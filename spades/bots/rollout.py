"""An honest playout policy: every seat plays on what it could know, not on the hands it cannot see.

The expert plays each candidate card out in many sampled deals.  If the rest of the hand is played with every
hand visible (:func:`~spades.bots.search.policy`), each seat finds the right card later on by looking, so a
trick given away now looks like a bag saved rather than a contract risked ("strategy fusion").  The policy
here chooses a seat's card from the cards *that seat* holds and from public facts only: the cards played, the
suits each seat has shown out of, the bids and the tricks won.  The cards the seat cannot see are treated as
dealt at random among the other seats (a hypergeometric estimate, as the standard player does), so a
continuation makes the contract about as often as a good human-style player would with the same cards.

The rules are those of the ``standard`` player (:mod:`spades.bots.standard`), on card bit masks: its own nil
(stay under), partner's nil (cover), an opponent's nil (play low to it, duck under it), then the contract
(cash sure winners, draw trumps, win as cheaply as is safe, let partner's safe winner stand) and, once it is
made, duck.  :func:`rollout` plays a :class:`~spades.bots.sim.Position` to the end with it, tracking the
voids shown on the way.

Seats are ints 0–3, cards ints 0–53, hands card masks (see :mod:`spades.cards`).
"""

from __future__ import annotations

from collections.abc import Sequence
from math import comb

from ..cards import ABOVE, BEATERS, NON_SPADES, SPADE_MASK, SPADES, SUIT_MASKS, SUIT_OF
from .search import Context
from .sim import BELOW, RANK, Position, cards_of, high_discard, highest, lowest

_SUITS = SUIT_MASKS
_SP = SPADE_MASK
_ALLOWED: tuple[int, ...] = tuple(sum(SUIT_MASKS[s] for s in range(4) if not voids >> s & 1) for voids in range(16))
"""Cards a seat may still hold, by its 4-bit mask of suits shown out of."""
_NONE: dict[int, float] = {}


def p_none(pool: int, cards: int, n: int) -> float:
    """Chance that ``n`` cards dealt at random from ``pool`` contain none of ``cards`` (both masks).

    >>> p_none(0b1111, 0b0001, 2), p_none(0b1111, 0b0011, 3)
    (0.5, 0.0)
    """
    k = (cards & pool).bit_count()
    if not k or n <= 0:
        return 1.0
    total = pool.bit_count()
    if total < n:
        total = n
    key = (total << 10) | (k << 5) | n
    p = _NONE.get(key)
    if p is None:
        p = comb(total - k, n) / comb(total, n) if total - k >= n else 0.0
        _NONE[key] = p
    return p


class _Seat:
    """What the seat to play knows, for one decision (see the module docstring)."""

    __slots__ = ("counts", "seat", "unseen", "voids")

    def __init__(self, p: Position, voids: Sequence[int], unseen: int) -> None:
        hands = p.hands
        self.seat = p.turn
        self.unseen = unseen
        self.counts = (hands[0].bit_count(), hands[1].bit_count(), hands[2].bit_count(), hands[3].bit_count())
        self.voids = voids

    def none(self, seat: int, cards: int) -> float:
        """Chance that ``seat`` holds none of ``cards`` (voids respected, the rest dealt at random)."""
        pool = self.unseen & _ALLOWED[self.voids[seat]]
        return p_none(pool, cards, self.counts[seat])

    def beat(self, seat: int, best: int, led: int) -> float:
        """Chance that ``seat``, still to play, beats ``best`` in a trick led in ``led``."""
        if not self.counts[seat]:
            return 0.0
        unseen = self.unseen
        voids = self.voids[seat]
        higher = ABOVE[best] & unseen
        if SUIT_OF[best] == led:
            p_high = 1.0 - self.none(seat, higher) if higher else 0.0
            if led == SPADES or voids >> SPADES & 1:
                return p_high
            p_void = 1.0 if voids >> led & 1 else self.none(seat, _SUITS[led] & unseen)
            if not p_void:
                return p_high
            p_trump = 1.0 - self.none(seat, _SP & unseen)
            return min(1.0, p_high + p_void * p_trump)
        if not higher or voids >> SPADES & 1:
            return 0.0
        p_void = 1.0 if voids >> led & 1 else self.none(seat, _SUITS[led] & unseen)
        return p_void * (1.0 - self.none(seat, higher)) if p_void else 0.0


def _discard_low(mine: int, cards: int) -> int:
    """The lowest side-suit card, from the shortest suit on ties (else the lowest spade)."""
    pool = cards & NON_SPADES or cards
    best, key = -1, 1 << 30
    for suit in range(4):
        m = pool & _SUITS[suit]
        if m:
            c = lowest(m)
            k = RANK[c] * 16 + (mine & _SUITS[suit]).bit_count()
            if k < key:
                best, key = c, k
    return best


def honest_policy(p: Position, ctx: Context, voids: Sequence[int], legal: int = 0) -> int:
    """The card the seat to play chooses on its own knowledge (``voids``: each seat's suits shown out of)."""
    if not legal:
        legal = p.legal()
    if legal & (legal - 1) == 0:
        return legal.bit_length() - 1
    seat = p.turn
    won = p.won
    nil = ctx.nil
    partner = seat ^ 2
    lho = (seat + 1) & 3
    rho = (seat + 3) & 3
    team = seat & 1
    counts = ctx.counts
    need = ctx.contract[team] - won[team] * counts[team] - won[team + 2] * counts[team + 2]
    other = 1 - team
    opp_need = ctx.contract[other] - won[other] * counts[other] - won[other + 2] * counts[other + 2]
    me_nil = nil[seat] and not won[seat]
    p_nil = nil[partner] and not won[partner]
    opp_nil = lho if nil[lho] and not won[lho] else rho if nil[rho] and not won[rho] else -1
    left = 13 - p.done
    hands = p.hands
    mine = hands[seat]
    unseen = (hands[0] | hands[1] | hands[2] | hands[3]) & ~mine
    trick = p.trick
    if not trick:
        if me_nil:
            return _nil_lead(legal, unseen)
        if p_nil:
            return _cover_lead(unseen, voids, legal, partner)
        if opp_nil >= 0 and need < left - 1:
            card = _break_lead(unseen, voids, legal, opp_nil)
            if card >= 0:
                return card
        if need > 0 or _set_mode(mine, unseen, opp_need, need, left):
            return _win_lead(_Seat(p, voids, unseen), legal, mine, partner, lho, rho)
        best, score = -1, -(1 << 30)
        for c in cards_of(legal):
            above = (unseen & ABOVE[c]).bit_count()
            s = (1000 if above else 0) + (500 if c < 39 else 0) + above * 16 - RANK[c]
            if s > score:
                best, score = c, s
        return best
    led = SUIT_OF[trick[0]]
    best = p.win_card
    ws = p.win_seat
    following = bool(legal & _SUITS[led])
    beat = legal & BEATERS[best]
    lose = legal & ~beat
    n = len(trick)
    if me_nil:
        if lose:
            card, danger = -1, -1
            for c in cards_of(lose):
                d = RANK[c] + (7 if c >= 39 else 0)
                if d > danger:
                    card, danger = c, d
            return card
        return lowest(beat) if n < 3 else highest(beat)
    if p_nil:
        if n == 1:  # partner is still to play
            if not unseen & ABOVE[best]:  # the opponent's card tops the suit: partner is safe
                return lowest(legal) if following else _discard_low(mine, legal)
            if beat:
                return highest(beat) if following else lowest(beat)
            return highest(legal) if following else _discard_low(mine, legal)
        if ws == partner:
            if beat:
                return lowest(beat)
            return lowest(legal) if following else _discard_low(mine, legal)
    if opp_nil >= 0:
        if ws == opp_nil and lose:
            return highest(lose) if following else high_discard(lose)
        if opp_nil == lho and n < 3 and need < left:
            return lowest(legal) if following else _discard_low(mine, legal)
    if need > 0 or _set_mode(mine, unseen, opp_need, need, left):
        later = [(seat + i) & 3 for i in range(1, 4 - n)]
        k = _Seat(p, voids, unseen)
        if ws == partner and _p_over(k, best, led, later, partner) < 0.25:
            return lowest(legal) if following else _discard_low(mine, legal)
        if beat:
            if not later:
                return lowest(beat)
            for c in cards_of(beat):
                if _p_over(k, c, led, later, partner) < 0.25:
                    return c
            if n == 1 and following and partner in later:
                return lowest(legal)
            if ws == partner and _p_over(k, best, led, later, partner) < 0.5:
                return lowest(legal) if following else _discard_low(mine, legal)
            return highest(beat) if following else lowest(beat)
        return lowest(legal) if following else _discard_low(mine, legal)
    if lose:
        return highest(lose) if following else high_discard(lose)
    if n < 3 and following:  # every card wins: keep the low ones for later ducks
        return lowest(beat)
    return highest(beat) if following else lowest(beat)


def _set_mode(mine: int, unseen: int, opp_need: int, need: int, left: int) -> bool:
    """Whether the contract is made and the opponents can still be set (the standard player's test)."""
    if opp_need <= 0 or need > 0:
        return False
    to_set = left - opp_need + 1
    if to_set <= 1:
        return True
    sure = 0
    for c in cards_of(mine):
        if not unseen & ABOVE[c]:
            sure += 1
    return to_set <= sure


def _p_over(k: _Seat, card: int, led: int, later: list[int], partner: int) -> float:
    """Chance that an opponent still to play beats ``card``."""
    keep = 1.0
    for s in later:
        if s != partner:
            keep *= 1.0 - k.beat(s, card, led)
    return 1.0 - keep


def _nil_lead(legal: int, unseen: int) -> int:
    best, score = -1, -(1 << 30)
    for c in cards_of(legal):
        above = (unseen & ABOVE[c]).bit_count()
        below = (unseen & BELOW[c]).bit_count()
        s = (100000 if above else 0) + (10000 if c < 39 else 0) + 16 * (above - 2 * below) - RANK[c]
        if s > score:
            best, score = c, s
    return best


def _cover_lead(unseen: int, voids: Sequence[int], legal: int, partner: int) -> int:
    for suit in range(3):
        m = legal & _SUITS[suit]
        if m and voids[partner] >> suit & 1 and unseen & _SUITS[suit]:
            return highest(m)
    best, score = -1, -(1 << 30)
    for c in cards_of(legal):
        if not unseen & ABOVE[c]:
            s = 100 + (50 if c < 39 else 0) + (unseen & _SUITS[SUIT_OF[c]]).bit_count()
        else:
            s = RANK[c] - 2 * (unseen & ABOVE[c]).bit_count()
        if s > score:
            best, score = c, s
    return best


def _break_lead(unseen: int, voids: Sequence[int], legal: int, nil_seat: int) -> int:
    best, score = -1, 1 << 30
    for suit in range(4):
        m = legal & _SUITS[suit]
        if not m or voids[nil_seat] >> suit & 1 or not unseen & _SUITS[suit]:
            continue
        c = lowest(m)
        s = (unseen & BELOW[c]).bit_count() * 64 + (32 if suit == SPADES else 0) + RANK[c]
        if s < score:
            best, score = c, s
    return best


def _win_lead(k: _Seat, legal: int, mine: int, partner: int, lho: int, rho: int) -> int:
    unseen = k.unseen
    cash, cash_key = -1, 99.0
    for suit in range(3):
        m = legal & _SUITS[suit]
        if m and not unseen & ABOVE[highest(m)]:
            risk = _ruff_risk(k, suit, lho, rho)
            if risk < 0.35:
                key = risk - (unseen & _SUITS[suit]).bit_count() / 100
                if key < cash_key:
                    cash, cash_key = highest(m), key
    spades = legal & _SP
    if spades:
        top = highest(spades)
        out = (unseen & _SP).bit_count()
        mine_sp = (mine & _SP).bit_count()
        if out and not unseen & ABOVE[top] and mine_sp >= 2 and (mine_sp * 2 >= out or cash < 0):
            return top
    if cash >= 0:
        return cash
    voids = k.voids
    if not voids[partner] >> SPADES & 1 and unseen & _SP:
        for suit in range(3):
            m = legal & _SUITS[suit]
            if m and voids[partner] >> suit & 1 and not (voids[lho] | voids[rho]) >> suit & 1:
                return lowest(m)
    if (mine & _SP).bit_count() >= 2:
        best, key = -1, 1 << 30
        for suit in range(3):
            m = legal & _SUITS[suit]
            size = m.bit_count()
            if 1 <= size <= 2 and unseen & ABOVE[highest(m)]:
                kk = size * 16 + RANK[lowest(m)]
                if kk < key:
                    best, key = lowest(m), kk
        if best >= 0:
            return best
    side = legal & NON_SPADES or legal
    best, key = -1, 1 << 30
    for c in cards_of(side):
        top = 0 if unseen & ABOVE[c] else 1
        kk = -(mine & _SUITS[SUIT_OF[c]]).bit_count() * 64 + top * 32 + RANK[c]
        if kk < key:
            best, key = c, kk
    return best


def _ruff_risk(k: _Seat, suit: int, lho: int, rho: int) -> float:
    unseen = k.unseen
    spades = unseen & _SP
    if not spades:
        return 0.0
    risk = 0.0
    for opp in (lho, rho):
        if not k.counts[opp] or k.voids[opp] >> SPADES & 1:
            continue
        p_void = 1.0 if k.voids[opp] >> suit & 1 else k.none(opp, unseen & _SUITS[suit])
        if p_void:
            r = p_void * (1.0 - k.none(opp, spades))
            if r > risk:
                risk = r
    return risk


def rollout(p: Position, ctx: Context, voids: Sequence[int]) -> None:
    """Play ``p`` to the end of the hand with :func:`honest_policy` for every seat.

    ``voids`` are the suits each seat has shown out of so far (4-bit masks by seat, as in
    :attr:`spades.game.View.voids`); the voids shown during the playout are added to a copy.
    """
    shown = list(voids)
    while p.done < 13:
        legal = p.legal()
        card = legal.bit_length() - 1 if legal & (legal - 1) == 0 else honest_policy(p, ctx, shown, legal)
        if p.trick:
            led = SUIT_OF[p.trick[0]]
            if not (1 << card) & _SUITS[led]:
                shown[p.turn] |= 1 << led
        p.play(card)


def outcome(ctx: Context, won: Sequence[int], team: int) -> tuple[int, int, int, int, int]:
    """How a finished hand (tricks ``won`` by seat) went for ``team``, as five numbers.

    Whether its contract was made (0 without a contract), whether the opponents' contract was set, whether
    its nils all held (0 without a nil), whether an opponent's nil broke, and its new bags.
    """
    other = 1 - team
    contract = ctx.contract[team]
    counted = ctx.counted(won, team)
    taken = won[team] + won[team + 2]
    made = int(contract > 0 and counted >= contract)
    bags = taken - counted + (counted - contract if counted >= contract else 0)
    theirs = ctx.contract[other]
    set_ = int(theirs > 0 and ctx.counted(won, other) < theirs)
    nils = [s for s in (team, team + 2) if ctx.nil[s]]
    nil_held = int(bool(nils) and all(won[s] == 0 for s in nils))
    broken = int(any(ctx.nil[s] and won[s] for s in (other, other + 2)))
    return made, set_, nil_held, broken, bags


class Outcome:
    """Weighted sums of :func:`outcome` over sampled hands, for one card."""

    __slots__ = ("bags", "broken", "made", "nil", "set")

    def __init__(self) -> None:
        self.made = self.set = self.nil = self.broken = self.bags = 0.0

    def add(self, weight: float, result: tuple[int, int, int, int, int]) -> None:
        """Add one sampled hand's :func:`outcome` with ``weight``."""
        made, set_, nil, broken, bags = result
        self.made += weight * made
        self.set += weight * set_
        self.nil += weight * nil
        self.broken += weight * broken
        self.bags += weight * bags
