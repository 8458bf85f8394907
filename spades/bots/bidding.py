"""Hand evaluation and bidding for the computer players.

:func:`evaluate` counts a hand's likely tricks (spade honours with enough
guards, spade length, side aces and kings, ruffs from voids and singletons
with spare spades) and scores how risky a nil would be.  :func:`choose_bid`
turns that into a legal bid, adjusted for the partner's bid, the table, the
score and the bags, and obeys the ``suicide``, ``whiz`` and ``mirror``
bidding rules, the team minimum and blind nil (always picking from
``view.legal``).  Bids are ints: 1–13, 0 nil, −1 blind nil.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..cards import ABOVE, SPADE_MASK, SUIT_MASKS
from ..game import View
from ..i18n.catalog import Explanation
from ..rules import Rules

# Trick value of a spade honour by the number of higher spades still out
# (rows) and the number of lower spades guarding it (columns, 0..3+).
_SPADE_HONOUR = (
    (1.0, 1.0, 1.0, 1.0),
    (0.35, 0.8, 0.95, 1.0),
    (0.1, 0.4, 0.7, 0.85),
    (0.0, 0.15, 0.35, 0.6),
)
_NIL_SIDE = (0.03, 0.03, 0.03, 0.03, 0.03, 0.03, 0.07, 0.12, 0.2, 0.35, 0.6, 1.0, 1.6)
_NIL_SPADE = (0.05, 0.05, 0.05, 0.05, 0.05, 0.05, 0.1, 0.15, 0.25, 0.35)


@dataclass(frozen=True, slots=True)
class HandEval:
    """A hand's strength.

    ``tricks`` is the expected trick count; ``cards`` the honours counted
    (for the explanation); ``voids`` and ``singletons`` the short side suits
    that earn ruffs; ``long`` the spade length when it adds tricks (else 0);
    ``nil_risk`` grows with the danger of a nil bid (about 1 is borderline,
    10 or more means a sure winner such as the top spade).
    """

    tricks: float
    spade_tricks: float
    cards: tuple[int, ...]
    voids: tuple[int, ...]
    singletons: tuple[int, ...]
    long: int
    spades: int
    nil_risk: float


def evaluate(hand: int, rules: Rules) -> HandEval:
    """Evaluate the 13-card (or shorter) hand ``hand`` (a card mask) under ``rules``."""
    spades = hand & SPADE_MASK
    n_sp = spades.bit_count()
    deck_spades = SPADE_MASK if rules.jokers else SPADE_MASK & ~((1 << 52) | (1 << 53))
    counted: list[int] = []
    total = 0.0
    spade_tricks = 0.0
    winners_used = 0
    nil_risk = 0.0
    # Spades from the top down.
    mine = [c for c in range(53, 38, -1) if spades >> c & 1]
    for index, card in enumerate(mine):
        out_above = (ABOVE[card] & deck_spades & ~spades).bit_count()
        guards = n_sp - index - 1
        value = _SPADE_HONOUR[out_above][min(guards, 3)] if out_above < 4 else 0.0
        if index >= 3 and value < 0.5:
            value = max(value, 0.5 if index == 3 else 0.9)
        elif value >= 0.5:
            counted.append(card)
        if value >= 0.5:
            winners_used += 1
        spade_tricks += value
        if out_above == 0:
            nil_risk += 10.0
        elif out_above == 1:
            nil_risk += 1.2
        elif out_above == 2:
            nil_risk += 0.7
        else:
            nil_risk += _NIL_SPADE[min(card % 13, 9)] if card < 52 else 1.0
    if n_sp >= 4:
        nil_risk += 0.6 * (n_sp - 3)
    total += spade_tricks
    long = n_sp if n_sp >= 4 and any(i >= 3 for i, c in enumerate(mine) if c not in counted) else 0
    # Side suits.
    lengths = []
    for suit in range(3):
        cards = hand & SUIT_MASKS[suit]
        length = cards.bit_count()
        lengths.append((length, suit))
        ace, king, queen = (cards >> (suit * 13 + r) & 1 for r in (12, 11, 10))
        value = 0.0
        if ace:
            a = 0.95 if length <= 4 else 0.8 if length == 5 else 0.5
            value += a
            counted.append(suit * 13 + 12)
        if king:
            if ace:
                k = (0.85, 0.85, 0.85, 0.85, 0.7, 0.5)[min(length, 5)] if length <= 5 else 0.2
            else:
                k = (0.0, 0.05, 0.45, 0.5, 0.4, 0.25)[min(length, 5)] if length <= 5 else 0.1
            value += k
            if k >= 0.45:
                counted.append(suit * 13 + 11)
        if queen:
            if ace and king:
                q = 0.6 if length <= 3 else 0.4 if length == 4 else 0.15
            elif ace or king:
                q = 0.3 if length in (3, 4) else 0.1 if length > 4 else 0.0
            else:
                q = 0.15 if length == 3 else 0.1 if length == 4 else 0.0
            value += q
            if q >= 0.45:
                counted.append(suit * 13 + 10)
        total += value
        below = 0
        for rank in range(13):
            if cards >> (suit * 13 + rank) & 1:
                nil_risk += _NIL_SIDE[rank] * (0.45**below)
                below += 1
        if length == 0:
            nil_risk -= 0.15
    # Ruffs with spare spades.
    spare = max(0, n_sp - winners_used)
    voids: list[int] = []
    singles: list[int] = []
    for length, suit in sorted(lengths):
        if spare <= 0 or length > 2:
            break
        if length == 0:
            total += 0.9 + (0.6 if spare >= 2 else 0.0)
            spare -= 2
            voids.append(suit)
        elif length == 1:
            if not hand >> (suit * 13 + 12) & 1:
                total += 0.6
                singles.append(suit)
            spare -= 1
        else:
            total += 0.25
            spare -= 1
    return HandEval(
        tricks=total,
        spade_tricks=spade_tricks,
        cards=tuple(counted),
        voids=tuple(voids),
        singletons=tuple(singles),
        long=long,
        spades=n_sp,
        nil_risk=max(0.0, nil_risk),
    )


@dataclass(frozen=True, slots=True)
class BidStyle:
    """Knobs of :func:`choose_bid`: rounding, nil threshold and whether to adjust for the situation."""

    round_up: float = 0.5
    nil_threshold: float = 0.9
    nil_max_tricks: float = 2.0
    adjust: bool = True
    blind_nil: bool = True


STANDARD = BidStyle()


def count_bid(ev: HandEval, round_up: float) -> int:
    """The raw numeric bid of an evaluation: tricks rounded, at least 1."""
    return max(1, min(13, int(ev.tricks + round_up)))


def nil_ok(ev: HandEval, partner_bid: int | None, style: BidStyle) -> bool:
    """Whether the hand is safe enough for nil, given the partner's bid (``None`` when not yet bid)."""
    if partner_bid is not None and partner_bid <= 0:
        return False
    threshold = style.nil_threshold
    if partner_bid is not None:
        threshold += 0.3 if partner_bid >= 4 else -0.3 if partner_bid <= 2 else 0.0
    return ev.nil_risk <= threshold and ev.tricks <= style.nil_max_tricks + 0.5 * (threshold - style.nil_threshold)


def _explain_count(bid: int, ev: HandEval, why: str = "", delta: int = 0) -> Explanation:
    params: dict[str, int | str | tuple[int, ...]] = {"bid": bid}
    if not ev.cards and not ev.voids and not ev.singletons and not ev.long:
        return Explanation("bid_weak", params | ({"why": why, "delta": delta} if delta else {}))
    params["cards"] = ev.cards
    if ev.voids:
        params["voids"] = ev.voids
    if ev.singletons:
        params["singletons"] = ev.singletons
    if ev.long:
        params["long"] = ev.long
    if delta:
        params["why"] = why
        params["delta"] = delta
    return Explanation("bid_count", params)


def choose_bid(view: View, hand: int, style: BidStyle = STANDARD) -> tuple[int, Explanation]:
    """Choose a legal bid for ``view`` (``hand`` is the seat's card mask) and explain it."""
    rules = view.rules
    legal = view.legal
    seat = int(view.seat)
    ev = evaluate(hand, rules)
    partner_bid = view.bids[(seat + 2) % 4]
    numbers = [b for b in legal if b > 0]
    if len(legal) == 1:
        bid = legal[0]
        if rules.bidding == "mirror":
            return bid, Explanation("bid_mirror", {"n": ev.spades})
        if rules.bidding == "suicide" and bid == 0:
            return bid, Explanation("bid_suicide_nil")
        if rules.bidding == "whiz":
            return bid, Explanation("bid_whiz", {"n": ev.spades})
        return bid, Explanation("bid_only", {"bid": bid})
    team = seat % 2
    behind = view.totals[1 - team] - view.totals[team]
    # Blind nil: decided on the score alone, as if before looking.
    if -1 in legal and style.blind_nil and (partner_bid is None or partner_bid >= 3):
        target = rules.target
        if behind >= 200 and (view.totals[1 - team] >= target * 0.6 or behind >= 300):
            return -1, Explanation("bid_blind_nil", {"points": behind})
    if rules.bidding == "whiz":
        if 0 in legal and (nil_ok(ev, partner_bid, style) or (ev.spades == 0 and ev.nil_risk < 2.0)):
            return 0, Explanation("bid_whiz_nil")
        bid = numbers[0] if numbers else legal[-1]
        return bid, Explanation("bid_whiz", {"n": ev.spades})
    if rules.bidding == "suicide" and 0 in legal and numbers:
        # First of the team to bid: nil with the weaker-looking hand.
        if nil_ok(ev, None, style) or ev.tricks < 2.2:
            return 0, Explanation("bid_suicide_nil")
    elif 0 in legal and nil_ok(ev, partner_bid, style):
        return 0, Explanation("bid_nil")
    if not numbers:
        return legal[-1], Explanation("bid_only", {"bid": legal[-1]})
    raw = ev.tricks + style.round_up
    why = ""
    delta = 0
    if style.adjust:
        others = [b for s, b in enumerate(view.bids) if s != seat and b is not None]
        table = sum(b for b in others if b > 0)
        our_bags = view.bags[team]
        limit = rules.bags_limit
        frac = raw - int(raw)
        if len(others) == 3 and table + raw >= 14.5 and raw >= 2:
            why, delta = "table", -1
        if not delta and limit is not None and our_bags >= limit - 3 and frac >= 0.4:
            why, delta = "bags", 1
        if not delta and behind >= 150 and view.totals[1 - team] >= rules.target - 150 and frac >= 0.3:
            why, delta = "behind", 1
        if not delta and behind <= -150 and view.totals[team] + 10 * int(raw) >= rules.target and frac < 0.5:
            why, delta = "ahead", -1 if int(raw) > 1 else 0
    want = max(1, min(13, int(raw) + delta))
    if want not in numbers:
        above = [b for b in numbers if b > want]
        below = [b for b in numbers if b < want]
        if above and (not below or above[0] - want <= want - below[-1]):
            new = above[0]
        else:
            new = below[-1]
        if rules.min_team_bid and new > want:
            why = "min"
        delta += new - want
        want = new
    return want, _explain_count(want, ev, why, delta if why else 0)
