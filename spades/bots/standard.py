"""The ``standard`` level: a sound rule-based player, and the ``beginner`` level.

The standard player bids with :func:`~spades.bots.bidding.choose_bid` and
plays by rules a good club player follows, in priority order:

1. Its own nil: stay under the winning card, discard dangerous cards, lead
   the card most likely to be beaten.
2. Partner's nil: lead high (suits partner is out of first), play high in
   front of partner, overtake partner's winning card.
3. An opponent's nil: lead low in suits the nil bidder still holds, play low
   in front of them, duck under their winning card.
4. The contract: while the team needs tricks (or can set the opponents),
   cash sure winners, draw trumps with the top spade, lead toward partner's
   voids or from short suits, win as cheaply as is safe, never trump
   partner's sure winner; once the contract is made, duck to avoid bags
   (hardest when the bags are near the limit).

Probabilities that a later seat can beat a card come from
:class:`~spades.bots.knowledge.Knowledge` (spades counted, voids tracked).
"""

from __future__ import annotations

from ..cards import ABOVE, BEATERS, NON_SPADES, SPADES, SUIT_MASKS, SUIT_OF, cards_mask, mask_cards
from ..game import View
from ..i18n.catalog import Explanation, Param
from ..rng import Rng
from .base import Bot, Decision
from .bidding import STANDARD, BidStyle, HandEval, choose_bid, evaluate
from .knowledge import Knowledge
from .sim import BELOW, RANK, high_discard, highest, lowest

Choice = tuple[int, str, dict[str, Param]]


def _danger(card: int) -> int:
    """How dangerous a card is to keep for a nil bidder."""
    return RANK[card] + (7 if SUIT_OF[card] == SPADES else 0)


def _discard_low(k: Knowledge, cards: int) -> int:
    """A cheap discard: the lowest side-suit card, from the shortest suit on ties."""
    side = cards & NON_SPADES
    pool = side or cards
    return min(mask_cards(pool), key=lambda c: (RANK[c], (k.hand & SUIT_MASKS[SUIT_OF[c]]).bit_count()))


class Player:
    """The standard play rules for one decision (see the module docstring)."""

    def __init__(self, k: Knowledge) -> None:
        self.k = k
        team = k.team
        self.need = k.need(team)
        self.opp_need = k.need(1 - team)
        self.contract = k.contract(team)
        self.me_nil = k.nil_alive(k.seat)
        self.partner_nil = k.nil_alive(k.partner)
        self.opp_nil = [s for s in (k.lho, k.rho) if k.nil_alive(s)]
        self.sure = self._sure_winners()
        to_set = k.remaining - self.opp_need + 1
        self.set_mode = self.opp_need > 0 and not self.need and (to_set <= 1 or to_set <= self.sure)
        self.win_mode = self.need > 0 or self.set_mode
        limit = k.rules.bags_limit
        self.bags = k.view.bags[team]
        self.bags_tight = limit is not None and self.bags >= limit - 3

    def _sure_winners(self) -> int:
        k = self.k
        count = 0
        for card in mask_cards(k.hand):
            if k.is_top(card):
                count += 1
        return count

    # ------------------------------------------------------------ helpers

    def p_over(self, card: int) -> float:
        """Chance that an opponent still to play beats ``card`` in the current trick."""
        k = self.k
        led = k.led if k.trick else SUIT_OF[card]
        p_keep = 1.0
        for seat in k.later:
            if seat != k.partner:
                p_keep *= 1.0 - k.p_beat(seat, card, led)
        return 1.0 - p_keep

    def _ruff_risk(self, suit: int) -> float:
        k = self.k
        if suit == SPADES:
            return 0.0
        risk = 0.0
        for opp in (k.lho, k.rho):
            if k.cards_left[opp] == 0 or k.voids[opp] >> SPADES & 1 or not k.suit_unseen(SPADES):
                continue
            p_void = 1.0 if k.voids[opp] >> suit & 1 else k.p_none(opp, k.suit_unseen(suit))
            risk = max(risk, p_void * (1.0 - k.p_none(opp, k.suit_unseen(SPADES))))
        return risk

    # ------------------------------------------------------------ decisions

    def choose(self) -> Choice:
        k = self.k
        legal = k.legal
        if legal & (legal - 1) == 0:
            return lowest(legal), "only", {}
        if not k.trick:
            return self.lead()
        return self.follow()

    def lead(self) -> Choice:
        k = self.k
        legal = k.legal
        if self.me_nil:
            return self.nil_lead()
        if self.partner_nil:
            return self.cover_lead()
        if self.opp_nil and self.need < k.remaining - 1:
            choice = self.break_lead(self.opp_nil[0])
            if choice:
                return choice
        if self.win_mode:
            return self.win_lead()
        # Contract made: lead the card most likely to lose.
        card = max(mask_cards(legal), key=lambda c: ((k.unseen & ABOVE[c]).bit_count() > 0, SUIT_OF[c] != SPADES,
                                                       (k.unseen & ABOVE[c]).bit_count(), -RANK[c]))  # fmt: skip
        return card, "lead_duck", {}

    def nil_lead(self) -> Choice:
        k = self.k
        legal = k.legal
        best = max(
            mask_cards(legal),
            key=lambda c: (
                (k.unseen & ABOVE[c]).bit_count() > 0,
                SUIT_OF[c] != SPADES,
                (k.unseen & ABOVE[c]).bit_count() - 2 * (k.unseen & BELOW[c]).bit_count(),
                -RANK[c],
            ),
        )
        return best, "nil_lead", {}

    def cover_lead(self) -> Choice:
        k = self.k
        legal = k.legal
        partner = k.partner
        # Partner is out of a suit: lead it so partner can discard (if opponents must follow).
        for suit in range(4):
            cards = legal & SUIT_MASKS[suit]
            if cards and suit != SPADES and k.voids[partner] >> suit & 1 and k.suit_unseen(suit):
                return highest(cards), "cover_lead_void", {"suit": suit}
        tops = [c for c in mask_cards(legal) if k.is_top(c)]
        if tops:
            card = max(tops, key=lambda c: (SUIT_OF[c] != SPADES, (k.suit_unseen(SUIT_OF[c])).bit_count()))
            return card, "cover_lead", {}
        card = max(mask_cards(legal), key=lambda c: (RANK[c] - (k.unseen & ABOVE[c]).bit_count() * 2, -c))
        return card, "cover_lead", {}

    def break_lead(self, nil_seat: int) -> Choice | None:
        k = self.k
        options = []
        for suit in range(4):
            cards = k.legal & SUIT_MASKS[suit]
            if not cards or k.known_void(nil_seat, suit):
                continue
            low = lowest(cards)
            # The fewer unseen cards below ours, the harder for the nil bidder to duck.
            under = (k.unseen & BELOW[low]).bit_count()
            options.append((under, suit == SPADES, RANK[low], low, suit))
        if not options:
            return None
        options.sort()
        return options[0][3], "break_lead", {"suit": options[0][4]}

    def win_lead(self) -> Choice:
        k = self.k
        legal = k.legal
        # 1. Cash a sure side-suit winner.
        cash = []
        for card in mask_cards(legal & NON_SPADES):
            if k.is_top(card):
                risk = self._ruff_risk(SUIT_OF[card])
                if risk < 0.35:
                    cash.append((risk, -k.suit_unseen(SUIT_OF[card]).bit_count(), card))
        # 2. Draw trumps with the top spade when long in them.
        spades = legal & SUIT_MASKS[SPADES]
        my_spades = (k.hand & SUIT_MASKS[SPADES]).bit_count()
        out_spades = k.suit_unseen(SPADES).bit_count()
        if (
            spades
            and k.is_top(highest(spades))
            and out_spades
            and my_spades >= 2
            and (my_spades * 2 >= out_spades or not cash)
        ):
            return highest(spades), "draw_trumps", {}
        if cash:
            cash.sort()
            card = cash[0][2]
            return card, "cash", {"suit": SUIT_OF[card]}
        # 3. Toward partner's void (partner may trump, opponents must follow).
        partner = k.partner
        if not k.voids[partner] >> SPADES & 1 and k.suit_unseen(SPADES):
            for suit in range(3):
                cards = legal & SUIT_MASKS[suit]
                if cards and k.voids[partner] >> suit & 1 and not any(k.voids[o] >> suit & 1 for o in (k.lho, k.rho)):
                    return lowest(cards), "lead_partner_void", {"suit": suit}
        # 4. From a short suit, to ruff later.
        if my_spades >= 2:
            short = []
            for suit in range(3):
                cards = legal & SUIT_MASKS[suit]
                n = cards.bit_count()
                if 1 <= n <= 2 and not k.is_top(highest(cards)):
                    short.append((n, RANK[lowest(cards)], lowest(cards)))
            if short:
                short.sort()
                return short[0][2], "lead_short", {}
        # 5. Low from the longest side suit.
        side = legal & NON_SPADES or legal
        card = min(
            mask_cards(side),
            key=lambda c: (-(k.hand & SUIT_MASKS[SUIT_OF[c]]).bit_count(), k.is_top(c), RANK[c]),
        )
        return card, "lead_low", {}

    def follow(self) -> Choice:
        k = self.k
        legal = k.legal
        best = k.win_card
        beat = legal & BEATERS[best]
        lose = legal & ~beat
        following = bool(legal & SUIT_MASKS[k.led])
        played = {s for s, _ in k.trick}
        if self.me_nil:
            if lose:
                card = max(mask_cards(lose), key=lambda c: (_danger(c), -c))
                return card, "nil_under" if following else "nil_discard", {}
            return (lowest(beat) if k.later else highest(beat)), "nil_forced", {}
        if self.partner_nil:
            if k.partner not in played:
                if k.win_seat != k.partner and not (k.unseen & ABOVE[best]) and k.win_seat != k.seat:
                    # An opponent's card already tops the suit: partner is safe, keep high cards.
                    return self._low(legal, following), "follow_low", {}
                if beat:
                    card = highest(beat) if following else lowest(beat)
                    return card, "cover_win", {}
                if following:
                    return highest(legal & SUIT_MASKS[k.led]), "cover_win", {}
                return self._low(legal, following), "cant_win", {}
            if k.win_seat == k.partner:
                if beat:
                    return lowest(beat), "cover_overtake", {}
                return self._low(legal, following), "cant_win", {}
        if self.opp_nil:
            nil_seat = self.opp_nil[0]
            if k.win_seat in self.opp_nil and lose:
                card = max(mask_cards(lose), key=lambda c: (RANK[c], -c)) if following else high_discard(lose)
                return card, "break_duck", {}
            if nil_seat in k.later and self.need < k.remaining:
                return self._low(legal, following), "break_low", {}
        if self.win_mode:
            return self.win_follow(beat, following)
        return self.duck_follow(beat, lose, following)

    def _low(self, legal: int, following: bool) -> int:
        return lowest(legal) if following else _discard_low(self.k, legal)

    def win_follow(self, beat: int, following: bool) -> Choice:
        k = self.k
        legal = k.legal
        if k.win_seat == k.partner and self.p_over(k.win_card) < 0.25:
            return self._low(legal, following), "partner_wins", {}
        set_code = "set" if self.set_mode and not self.need else ""
        if beat:
            code = set_code or ("win" if following else "overtrump" if SUIT_OF[k.win_card] == SPADES else "trump")
            if not k.later:
                return lowest(beat), code, {}
            for card in mask_cards(beat):
                if self.p_over(card) < 0.25:
                    return card, code, {}
            if len(k.trick) == 1 and following and k.partner in k.later:
                return lowest(legal), "second_low", {}
            if k.win_seat == k.partner and self.p_over(k.win_card) < 0.5:
                return self._low(legal, following), "partner_wins", {}
            card = highest(beat) if following else lowest(beat)
            return card, set_code or ("win_high" if following else code), {}
        if following:
            return lowest(legal), "cant_win", {}
        return _discard_low(k, legal), "discard", {}

    def duck_follow(self, beat: int, lose: int, following: bool) -> Choice:
        k = self.k
        code = "duck_bags" if self.bags_tight else "duck"
        params: dict[str, Param] = {"bags": self.bags, "limit": k.rules.bags_limit or 0} if self.bags_tight else {}
        if lose:
            card = highest(lose) if following else high_discard(lose)
            return card, code, params
        # Every card wins: keep the low ones for later ducks (and say that it cannot duck).
        if k.later and following:
            return lowest(beat), "duck_forced", {}
        return (highest(beat) if following else lowest(beat)), "duck_forced", {}


SUIT_CODES = frozenset(("cant_win", "partner_wins", "break_low", "break_lead", "lead_low", "lead_duck", "follow_low",
                        "nil_lead"))  # fmt: skip
"""Explanations that name the card as "the lowest of my {suit}": their ``suit`` is the card's."""


def play_card(view: View) -> tuple[int, Explanation]:
    """The standard player's card for ``view`` and why."""
    k = Knowledge(view)
    card, code, params = Player(k).choose()
    if code in SUIT_CODES:
        params = {**params, "suit": SUIT_OF[card]}
    return card, Explanation(code, {"card": card, **params})


class StandardBot(Bot):
    """The ``standard`` level: careful counting and club-player rules, no search."""

    level = "standard"

    def __init__(self, seed: int = 0, style: BidStyle = STANDARD) -> None:
        super().__init__(seed)
        self.style = style

    def choose_bid(self, view: View, rng: Rng) -> Decision:
        bid, why = choose_bid(view, cards_mask(view.hand), self.style)
        return Decision(bid, why)

    def choose_card(self, view: View, rng: Rng) -> Decision:
        card, why = play_card(view)
        return Decision(card, why)


def _beginner_count(ev: HandEval) -> int:
    return max(1, round(ev.tricks * 0.8 + 0.6))


class BeginnerBot(Bot):
    """The ``beginner`` level: counts aces, kings and spades, grabs tricks with high cards, sometimes wanders.

    It never bids nil unless the rules force it, ignores bags, its partner's
    nil and its partner's winners, and plays a random legal card one time in
    eight.
    """

    level = "beginner"

    def choose_bid(self, view: View, rng: Rng) -> Decision:
        legal = view.legal
        hand = cards_mask(view.hand)
        ev = evaluate(hand, view.rules)
        numbers = [b for b in legal if b > 0]
        if not numbers:
            bid = legal[-1]
            return Decision(bid, Explanation("bid_only", {"bid": bid}))
        want = _beginner_count(ev) + (rng.below(3) - 1 if rng.random() < 0.3 else 0)
        bid = min(numbers, key=lambda b: (abs(b - want), b))
        if len(legal) == 1:
            return Decision(bid, Explanation("bid_only", {"bid": bid}))
        return Decision(bid, Explanation("bid_simple", {"bid": bid}))

    def choose_card(self, view: View, rng: Rng) -> Decision:
        legal = cards_mask(view.legal)
        if legal & (legal - 1) == 0:
            card = lowest(legal)
            return Decision(card, Explanation("only", {"card": card}))
        if rng.random() < 0.125:
            card = rng.choice(view.legal)
            return Decision(card, Explanation("play", {"card": card}))
        if not view.trick:
            side = legal & NON_SPADES or legal
            card = max(mask_cards(side), key=lambda c: (RANK[c], -c))
            return Decision(card, Explanation("play", {"card": card}))
        k = Knowledge(view)
        beat = legal & BEATERS[k.win_card]
        if beat:
            following = bool(legal & SUIT_MASKS[k.led])
            card = highest(beat) if following else lowest(beat)
            return Decision(card, Explanation("win", {"card": card}))
        card = min(mask_cards(legal), key=lambda c: (RANK[c], c))
        return Decision(card, Explanation("cant_win", {"card": card, "suit": SUIT_OF[card]}))
