"""The opponent field: small rule-based players with clearly different styles, to judge the expert against.

Issue 20: an expert tuned against our own ``standard`` player alone learns that player's habits.  These
bots are its sparring field.  Each one is a :class:`~spades.bots.base.Bot` like the levels: it sees only
its seat's :class:`~spades.game.View`, picks from ``view.legal``, and is reproducible from its seed (each
decision draws from the position's generator; most members draw nothing at all).

One module, not six: every member is the standard player's machinery (:func:`~spades.bots.bidding.evaluate`,
:class:`~spades.bots.standard.Player`, :class:`~spades.bots.knowledge.Knowledge`) with a different bidding
rule and a small change of play, so each is a few lines here, and a change to the shared rules reaches them
all.  Their styles (see each class):

* ``cautious`` — :class:`CautiousBot`: bids only its sure tricks, never nil.
* ``setter`` — :class:`SetterBot`: overbids by about a trick and plays to set the opponents.
* ``nilhappy`` — :class:`NilHappyBot`: bids nil with hands a careful player would not.
* ``bagaverse`` — :class:`BagAverseBot`: bids up rather than under, never plays for a set, ducks once made.
* ``bridge`` — :class:`BridgeBot`: a bridge player's hand valuation (high-card points, losing-trick count,
  long suits) and bridge leads.
* ``club`` — :class:`ClubBot`: the numbered strategy rules published for the Card Deck Spades site.

:data:`FIELD` is the whole pool, our ``beginner`` and ``standard`` levels included (see
:func:`spades.bots.make_bot`); ``python -m spades arena --field`` plays a contender against each member.
"""

from __future__ import annotations

from ..cards import NON_SPADES, SPADES, SUIT_MASKS, SUIT_OF, cards_mask, mask_cards
from ..game import View
from ..i18n.catalog import Explanation
from ..rng import Rng
from .base import Bot, Decision
from .bidding import BidStyle, choose_bid, evaluate
from .knowledge import Knowledge
from .sim import RANK, lowest
from .standard import SUIT_CODES, Choice, Player, StandardBot

MEMBERS: tuple[str, ...] = ("cautious", "setter", "nilhappy", "bagaverse", "bridge", "club")
"""The field's own members (beside ``beginner`` and ``standard``)."""

FIELD: tuple[str, ...] = ("beginner", "standard", *MEMBERS)
"""The opponent pool: every name :func:`spades.bots.make_bot` accepts for it."""


def _nearest(legal: tuple[int, ...], want: int) -> int:
    """The legal numeric bid nearest ``want`` (the lower on a tie); the last legal bid when none is a number."""
    numbers = [b for b in legal if b > 0]
    if not numbers:
        return legal[-1]
    return min(numbers, key=lambda b: (abs(b - want), b))


def _simple(view: View) -> bool:
    """Whether the bidding is the plain kind a member's own rule handles (else it bids as the standard player)."""
    return view.rules.bidding == "standard" and len(view.legal) > 1


def _card(view: View, player: Player) -> Decision:
    card, code, params = player.choose()
    if code in SUIT_CODES:
        params = {**params, "suit": SUIT_OF[card]}
    return Decision(card, Explanation(code, {"card": card, **params}))


# ---------------------------------------------------------------- the cautious counter


def sure_tricks(hand: int, rules_jokers: bool = False) -> int:
    """Tricks a hand takes almost whatever the others hold: top spades and side aces (and kings behind them).

    Spades from the top while each is the highest spade out (A, then K, …; the jokers first in a joker deck),
    every spade beyond the fourth, a side ace in a suit of at most five cards, a side king with its ace in a
    suit of at most four.  Nothing for queens, guarded kings, voids or ruffs.
    """
    spades = hand & SUIT_MASKS[SPADES]
    order = [c for c in range(53, 38, -1) if rules_jokers or c < 52]
    count = 0
    for card in order:
        if not spades >> card & 1:
            break
        count += 1
    count = min(spades.bit_count(), count + max(0, spades.bit_count() - 4))
    for suit in range(3):
        cards = hand & SUIT_MASKS[suit]
        length = cards.bit_count()
        ace, king = cards >> (suit * 13 + 12) & 1, cards >> (suit * 13 + 11) & 1
        if ace and length <= 5:
            count += 1
            if king and length <= 4:
                count += 1
    return count


class CautiousBot(StandardBot):
    """``cautious``: a careful counter who bids only the tricks it is sure of and never bids nil.

    Bid: :func:`sure_tricks` (at least 1), never nil nor blind nil; with suicide, whiz or mirror bidding, or
    one legal bid, it bids as the standard player.  It under-bids: the tricks its honours in long suits, its
    queens and its ruffs take become bags.  Play: the standard player's club rules.
    """

    level = "cautious"

    def choose_bid(self, view: View, rng: Rng) -> Decision:
        if not _simple(view):
            return super().choose_bid(view, rng)
        bid = _nearest(view.legal, max(1, sure_tricks(cards_mask(view.hand), view.rules.jokers)))
        return Decision(bid, Explanation("bid_simple", {"bid": bid}))


# ---------------------------------------------------------------- the setter


class _SetPlayer(Player):
    """The standard rules, but every trick is fought for while the opponents can still be set."""

    def __init__(self, k: Knowledge) -> None:
        super().__init__(k)
        if self.opp_need > 0 and not self.need:
            self.set_mode = self.win_mode = True


SETTER_BIDS = BidStyle(round_up=1.1, nil_threshold=0.5, nil_max_tricks=1.0, adjust=False)
"""The setter's count: the standard evaluation plus 1.1 rounded down (the standard player's: plus 0.5); few nils."""


class SetterBot(StandardBot):
    """``setter``: an aggressive overbidder who tries to set the opponents.

    Bid: the standard evaluation plus 1.1, rounded down (a trick above the standard bid unless the count's
    fraction lies from 0.5 to 0.9),
    no adjustment for the table, bags or score, nil only with a very safe hand.  Play: the standard rules,
    except that once its own contract is made it keeps winning every trick it can while the opponents still
    need tricks (it never ducks to save bags while a set is possible).
    """

    level = "setter"

    def __init__(self, seed: int = 0) -> None:
        super().__init__(seed, SETTER_BIDS)

    def choose_card(self, view: View, rng: Rng) -> Decision:
        return _card(view, _SetPlayer(Knowledge(view)))


# ---------------------------------------------------------------- nil-happy


NIL_HAPPY_BIDS = BidStyle(round_up=0.5, nil_threshold=2.4, nil_max_tricks=3.2)
"""Nil with a nil risk up to 2.4 (the standard player: 0.9) and up to about three counted tricks."""


class NilHappyBot(StandardBot):
    """``nilhappy``: bids nil whenever a nil looks at all possible — a guarded queen or a lone king is no bar.

    Bid: the standard rules with the nil threshold raised from 0.9 to 2.4 and nil allowed with up to about
    three counted tricks (the standard player: two); numeric bids as the standard player.  Play: the standard
    rules (its own nil: stay under, discard the dangerous cards).
    """

    level = "nilhappy"

    def __init__(self, seed: int = 0) -> None:
        super().__init__(seed, NIL_HAPPY_BIDS)


# ---------------------------------------------------------------- bag-averse


class _DuckPlayer(Player):
    """The standard rules without the set: once the contract is made it ducks, whatever the opponents need."""

    def __init__(self, k: Knowledge) -> None:
        super().__init__(k)
        self.set_mode = False
        self.win_mode = self.need > 0


BAG_AVERSE_BIDS = BidStyle(round_up=0.8, nil_threshold=0.9)
"""Rounds the count up from 0.2 (the standard player from 0.5): an extra trick is better bid than bagged."""


class BagAverseBot(StandardBot):
    """``bagaverse``: hates bags — it bids up rather than under and ducks everything once its contract is safe.

    Bid: the standard rules, rounding the count up from a fifth of a trick (standard: a half).  Play: the
    standard rules, but it never plays to set the opponents: once its side has the tricks it bid, every card
    it plays is its highest that loses the trick (or its lowest when all would win), and every lead the card
    most likely to lose.
    """

    level = "bagaverse"

    def __init__(self, seed: int = 0) -> None:
        super().__init__(seed, BAG_AVERSE_BIDS)

    def choose_card(self, view: View, rng: Rng) -> Decision:
        return _card(view, _DuckPlayer(Knowledge(view)))


# ---------------------------------------------------------------- the bridge player

_HCP = {12: 4, 11: 3, 10: 2, 9: 1}


def high_card_points(hand: int) -> int:
    """Bridge high-card points: ace 4, king 3, queen 2, jack 1 (a joker counts as an ace)."""
    points = 4 * (hand >> 52 & 1) + 4 * (hand >> 53 & 1)
    for card in mask_cards(hand & ((1 << 52) - 1)):
        points += _HCP.get(card % 13, 0)
    return points


def losing_tricks(hand: int) -> int:
    """The losing-trick count: per suit, the ace, king and queen missing among its first min(length, 3) cards.

    A void has no loser, a singleton one unless it is the ace, a doubleton two less its ace and king, a longer
    suit three less its ace, king and queen (a joker stands in for a missing top spade).
    """
    losers = 0
    for suit in range(4):
        cards = hand & SUIT_MASKS[suit]
        length = cards.bit_count()
        tops = [cards >> (suit * 13 + r) & 1 for r in (12, 11, 10)]
        if suit == SPADES:
            jokers = (hand >> 52 & 1) + (hand >> 53 & 1)
            tops = sorted(tops + [1] * jokers, reverse=True)[:3]
        losers += max(0, min(length, 3) - sum(tops[: min(length, 3)]))
    return losers


def bridge_tricks(hand: int) -> float:
    """The bridge player's trick estimate: the mean of points / 4 and three quarters of the playing tricks.

    Playing tricks: the cards of each suit's first three that are not losers (:func:`losing_tricks`), plus
    every card beyond the fourth in any suit (long suits run, spades or not).
    """
    long_cards = sum(max(0, (hand & SUIT_MASKS[s]).bit_count() - 4) for s in range(4))
    counted = sum(min(3, (hand & SUIT_MASKS[s]).bit_count()) for s in range(4))
    playing = counted - losing_tricks(hand) + long_cards
    return (high_card_points(hand) / 4.0 + 0.75 * playing) / 2.0


class _BridgePlayer(Player):
    """Bridge leads: top of a touching honour sequence, else fourth best from the longest side suit."""

    def win_lead(self) -> Choice:
        k = self.k
        legal = k.legal
        side = legal & NON_SPADES
        if not side or self.partner_nil or self.opp_nil:
            return super().win_lead()
        for suit in range(3):
            cards = legal & SUIT_MASKS[suit]
            top = suit * 13 + 12
            if cards >> top & 1 and cards >> (top - 1) & 1:
                return top, "play", {}
        suit = max(range(3), key=lambda s: ((legal & SUIT_MASKS[s]).bit_count(), s))
        ranked = sorted(mask_cards(legal & SUIT_MASKS[suit]), key=lambda c: -RANK[c])
        card = ranked[3] if len(ranked) >= 4 else lowest(legal & SUIT_MASKS[suit])
        return card, "play", {}


class BridgeBot(StandardBot):
    """``bridge``: a bridge player at the Spades table — counts honours and long suits, leads like at bridge.

    Bid: :func:`bridge_tricks` rounded (high-card points 4-3-2-1 over four, averaged with three quarters of the
    playing tricks of the losing-trick count plus the long cards of every suit), with no discount for honours
    in long side suits and no credit for ruffs; nil only with at most 3 points, no spade above the ten and at
    most three spades.
    Play: the standard rules, but while it needs tricks it leads the ace from ace-king, else the fourth best of
    its longest side suit.
    """

    level = "bridge"

    def choose_bid(self, view: View, rng: Rng) -> Decision:
        if not _simple(view):
            return super().choose_bid(view, rng)
        hand = cards_mask(view.hand)
        spades = hand & SUIT_MASKS[SPADES]
        partner_bid = view.bids[(int(view.seat) + 2) % 4]
        high_spade = any(RANK[c] >= 9 for c in mask_cards(spades))
        if 0 in view.legal and high_card_points(hand) <= 3 and not high_spade and spades.bit_count() <= 3:
            if partner_bid is None or partner_bid > 0:
                return Decision(0, Explanation("bid_nil"))
        bid = _nearest(view.legal, max(1, round(bridge_tricks(hand))))
        return Decision(bid, Explanation("bid_simple", {"bid": bid}))

    def choose_card(self, view: View, rng: Rng) -> Decision:
        return _card(view, _BridgePlayer(Knowledge(view)))


# ---------------------------------------------------------------- the Card Deck site's rules


class _ClubPlayer(Player):
    """Bid first; then go for the set when the table bid 12 or more (11 with a trick to spare), else duck."""

    def __init__(self, k: Knowledge) -> None:
        super().__init__(k)
        table = k.contract(0) + k.contract(1)
        if self.opp_need > 0 and not self.need:
            self.set_mode = table >= 12 or (table == 11 and self.sure >= 1)
        self.win_mode = self.need > 0 or self.set_mode


class ClubBot(StandardBot):
    """``club``: plays by the numbered strategy rules of the Card Deck Spades site.

    Modelled on the public page http://lingbeek.com/carddeck/strategy.html (read through the stored pages
    search; our own code): "always worry about your bid first, worry about bagging or setting next"; "if it is
    a 12 bid, go for the set"; "if it is an 11 bid ... think about setting" when a trick or two may be spare;
    "do not nil with the ace third in"; "don't start taking risky nils until you absolutely have to" (the
    opponents near the target and us behind by more than 100).  Bid: the standard count without the
    table adjustment; nil only when the standard player would and the hand holds no side ace and no spade
    above the ten, unless behind by more than 100 with the opponents at 350 or more (then the standard
    player's nil, and its blind nil, stand).  Play: the standard rules, but once made it plays for a set
    only when the four bids total 12 or more (11 with a sure winner in hand); otherwise it ducks.
    """

    level = "club"

    def choose_bid(self, view: View, rng: Rng) -> Decision:
        if not _simple(view):
            return super().choose_bid(view, rng)
        hand = cards_mask(view.hand)
        team = int(view.seat) % 2
        behind = view.totals[1 - team] - view.totals[team]
        desperate = behind > 100 and view.totals[1 - team] >= 350
        bid, why = choose_bid(view, hand, BidStyle(adjust=False, blind_nil=desperate))
        if bid <= 0 and not desperate:
            aces = any(hand >> (s * 13 + 12) & 1 for s in range(3))
            high_spade = any(RANK[c] >= 9 for c in mask_cards(hand & SUIT_MASKS[SPADES]))
            if aces or high_spade:
                bid = _nearest(view.legal, max(1, round(evaluate(hand, view.rules).tricks)))
                return Decision(bid, Explanation("bid_simple", {"bid": bid}))
        return Decision(bid, why)

    def choose_card(self, view: View, rng: Rng) -> Decision:
        return _card(view, _ClubPlayer(Knowledge(view)))


CLASSES: dict[str, type[Bot]] = {
    "cautious": CautiousBot,
    "setter": SetterBot,
    "nilhappy": NilHappyBot,
    "bagaverse": BagAverseBot,
    "bridge": BridgeBot,
    "club": ClubBot,
}
"""The field's members by name (:data:`MEMBERS`)."""

__all__ = [
    "CLASSES",
    "FIELD",
    "MEMBERS",
    "BagAverseBot",
    "BridgeBot",
    "CautiousBot",
    "ClubBot",
    "NilHappyBot",
    "SetterBot",
    "bridge_tricks",
    "high_card_points",
    "losing_tricks",
    "sure_tricks",
]
