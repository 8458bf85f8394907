"""Scoring: pure functions from bids and tricks to points, bags and the winner.

Bids are integers: 1–13 for a number of tricks, :data:`NIL` (0) for nil and
:data:`BLIND_NIL` (−1) for blind nil.  As text (hand records, the score pad)
they are ``4``, ``"nil"`` and ``"blind_nil"``.

Per team, for one hand (the seeds' rules unless an option says otherwise):

* The **contract** is the partners' numeric bids added.  Made (tricks ≥
  contract): 10 × contract, plus 1 point and 1 bag per overtrick; with
  ``ten_for_200`` a contract of 10 or more scores 20 per trick bid.  Set:
  −10 × contract.
* **Nil**: +``nil_value`` if the nil bidder takes no trick, −``nil_value``
  otherwise; blind nil the same with ``blind_nil_value``.  By default a nil
  bidder's tricks do not count toward the partner's bid: each is a bag and
  scores nothing (when both partners bid nil, every trick they take is such a
  bag).  With ``nil_tricks_count`` they count like the partner's own; when
  both partners bid nil they count toward a contract of zero, so each is an
  overtrick: 1 point and 1 bag (as in OpenSpiel).
* **Bags** accumulate across hands; each time they reach ``bags_limit`` the
  team loses ``bags_penalty`` and that many bags are removed.
* A **renege** (a seat that could follow suit and did not: only in a hand
  replayed from an audit, :meth:`spades.game.Game.play` with ``renege=True``)
  gives the opponents :data:`RENEGE_TRICKS` tricks, as many as the side won if
  fewer (the seed rules, 003: 违规不跟：能跟花色却不跟者，要给对手 3 墩), each
  renege once: :func:`renege_tricks`.  The moved tricks count for contracts
  and bags; a nil or blind nil is judged by the tricks its bidder took in play
  (a penalty neither saves a nil nor breaks one).

>>> score_team(Rules(), (4, 3), (2, 5), 0).points
70
>>> t = score_team(Rules(), (NIL, 5), (0, 6), 0); (t.points, t.bags)
(151, 1)
>>> t = score_team(Rules(), (NIL, 5), (2, 4), 0); (t.points, t.bags)
(-150, 2)

:func:`team_contract`, :func:`counts_toward_contract` and
:func:`counted_tricks` are these rules for a hand in progress; the computer
players and the table use them rather than sums of their own.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .cards import Team
from .errors import ParseError, brief, register
from .rules import Rules

ERROR_CODES = register(
    __name__,
    {
        "not_bid": ("value",),
    },
)
"""Text that names no bid (registered in :data:`spades.errors.CODES`)."""

RENEGE_TRICKS = 3
"""Tricks a renege gives the opponents (the seed rules, 003)."""

Bid = int
"""A bid: 1–13, :data:`NIL` (0) or :data:`BLIND_NIL` (−1)."""
NIL: Bid = 0
BLIND_NIL: Bid = -1


def parse_bid(value: object) -> Bid:
    """Return the bid for ``value``: an integer 0–13 (0 is nil), ``"nil"`` or ``"blind_nil"``.

    >>> parse_bid("nil"), parse_bid(4), parse_bid("blind_nil"), parse_bid("7")
    (0, 4, -1, 7)
    """
    number = value
    if isinstance(value, str) and len(value) <= 16 and value.isascii():
        text = value.strip().lower().replace(" ", "_").replace("-", "_")
        if text == "nil":
            return NIL
        if text in ("blind_nil", "blind"):
            return BLIND_NIL
        if 1 <= len(text) <= 2 and all("0" <= ch <= "9" for ch in text):  # ASCII digits only, not "³" or "٣"
            number = int(text)
    if type(number) is int and 0 <= number <= 13:
        return number
    raise ParseError(
        f"not a bid: {brief(value)} (expected 1 to 13, 'nil' or 'blind_nil')", "not_bid", {"value": brief(value)}
    )


def bid_text(bid: Bid) -> int | str:
    """Return ``bid`` as records write it: ``4``, ``"nil"`` or ``"blind_nil"``."""
    if bid == NIL:
        return "nil"
    if bid == BLIND_NIL:
        return "blind_nil"
    return bid


@dataclass(frozen=True, slots=True)
class TeamScore:
    """One team's result for one hand.

    ``contract`` is the numeric bids added, ``taken`` the tricks counted toward
    it, ``made`` whether it was made (``None`` without a contract; with
    ``nil_tricks_count`` a team of two nil bidders still scores its ``taken``
    tricks as overtricks of a zero contract in ``contract_points``).
    ``points`` is the hand's total including any bag penalty; ``bags`` is the
    team's bag count after the hand (after removing penalised bags).
    """

    contract: int
    taken: int
    made: bool | None
    contract_points: int
    nil_points: int
    bag_penalty: int
    new_bags: int
    bags: int
    points: int


def team_contract(bids: Sequence[Bid | None], team: int) -> int:
    """The contract of ``team`` (0 NS, 1 EW): its numeric bids added; nil, blind nil and ``None`` (not yet) add 0.

    ``bids`` are by seat (N, E, S, W).

    >>> team_contract((4, NIL, 3, None), 0), team_contract((4, NIL, 3, None), 1)
    (7, 0)
    """
    first, second = bids[team], bids[team + 2]
    return (first if first is not None and first > 0 else 0) + (second if second is not None and second > 0 else 0)


def counts_toward_contract(rules: Rules, bid: Bid | None) -> bool:
    """Whether the tricks of a seat that bid ``bid`` count toward its team's contract.

    A numeric bidder's always (and a seat yet to bid, ``None``, is taken to bid
    a number); a nil or blind nil bidder's only with ``nil_tricks_count``
    (otherwise each of its tricks is a bag that scores nothing).

    >>> counts_toward_contract(Rules(), NIL), counts_toward_contract(Rules(nil_tricks_count=True), NIL)
    (False, True)
    """
    return bid is None or bid > 0 or rules.nil_tricks_count


def counted_tricks(rules: Rules, bids: Sequence[Bid | None], tricks: Sequence[int], team: int) -> int:
    """Tricks of ``team`` that count toward its contract (:func:`counts_toward_contract`); by seat (N, E, S, W).

    >>> bids, tricks = (4, NIL, 3, 2), (5, 1, 3, 4)
    >>> counted_tricks(Rules(), bids, tricks, 0), counted_tricks(Rules(), bids, tricks, 1)
    (8, 4)
    """
    counted = 0
    for seat in (team, team + 2):
        if counts_toward_contract(rules, bids[seat]):
            counted += tricks[seat]
    return counted


def renege_tricks(tricks: Sequence[int], bids: Sequence[Bid], reneges: Sequence[int]) -> tuple[int, int, int, int]:
    """The tricks by seat (N, E, S, W) after the ``reneges`` (the reneging seats, in play order; a seat twice for
    two reneges): for each, up to :data:`RENEGE_TRICKS` of its side's tricks, the reneging seat's own first, go
    to an opponent who did not bid nil (the left-hand one first; the left-hand one if both did).

    >>> renege_tricks([5, 2, 1, 5], [4, 2, 1, 4], [0])
    (2, 5, 1, 5)
    >>> renege_tricks([1, 3, 1, 8], [0, 3, 2, 6], [2])
    (0, 3, 0, 10)
    >>> renege_tricks([0, 13, 0, 0], [3, 4, 3, 3], [1, 1])  # two reneges: 6 of East's tricks go to South, its left
    (0, 7, 6, 0)
    """
    out = [tricks[0], tricks[1], tricks[2], tricks[3]]
    for seat in reneges:
        partner = (seat + 2) % 4
        moved = min(RENEGE_TRICKS, out[seat] + out[partner])
        own = min(moved, out[seat])
        out[seat] -= own
        out[partner] -= moved - own
        left, right = (seat + 1) % 4, (seat + 3) % 4
        to = right if bids[left] <= NIL and bids[right] > NIL else left
        out[to] += moved
    return out[0], out[1], out[2], out[3]


def score_team(
    rules: Rules,
    bids: Sequence[Bid],
    tricks: Sequence[int],
    bags_before: int,
    played: Sequence[int] | None = None,
) -> TeamScore:
    """Score one team's hand: ``bids`` and ``tricks`` of its two seats (see the module docstring).

    ``played`` (default ``tricks``) are the tricks its two seats took in play, which judge a nil; ``tricks``
    differ from them after a renege (:func:`renege_tricks`).

    >>> pagat = Rules(nil_tricks_count=True)
    >>> t = score_team(pagat, (NIL, NIL), (0, 2), 0); (t.points, t.new_bags, t.made)  # 100 - 100 + 2
    (2, 2, None)
    """
    contract = sum(b for b in bids if b > 0)
    counted = 0
    nil_points = 0
    new_bags = 0
    for bid, taken, took in zip(bids, tricks, tricks if played is None else played, strict=True):
        if bid <= 0:
            value = rules.blind_nil_value if bid == BLIND_NIL else rules.nil_value
            nil_points += -value if took else value
        if counts_toward_contract(rules, bid):
            counted += taken
        else:
            new_bags += taken
    made: bool | None = None
    contract_points = 0
    if contract:
        made = counted >= contract
        if made:
            per_trick = 20 if rules.ten_for_200 and contract >= 10 else 10
            over = counted - contract
            contract_points = per_trick * contract + over
            new_bags += over
        else:
            contract_points = -10 * contract
    else:  # no numeric bid: counted tricks (only with nil_tricks_count) are overtricks on a contract of zero
        contract_points = counted
        new_bags += counted
    bags = bags_before + new_bags
    penalty = 0
    if rules.bags_limit is not None:
        while bags >= rules.bags_limit:
            bags -= rules.bags_limit
            penalty -= rules.bags_penalty
    return TeamScore(
        contract=contract,
        taken=counted,
        made=made,
        contract_points=contract_points,
        nil_points=nil_points,
        bag_penalty=penalty,
        new_bags=new_bags,
        bags=bags,
        points=contract_points + nil_points + penalty,
    )


def score_hand(
    rules: Rules, bids: Sequence[Bid], tricks: Sequence[int], bags: Sequence[int], reneges: Sequence[int] = ()
) -> tuple[TeamScore, TeamScore]:
    """Score a whole hand; ``bids`` and ``tricks`` (as taken in play) by seat (N, E, S, W), ``bags`` by team,
    ``reneges`` the reneging seats in play order (:func:`renege_tricks`; none in a hand played by the rules)."""
    moved = renege_tricks(tricks, bids, reneges) if reneges else tricks
    return (
        score_team(rules, (bids[0], bids[2]), (moved[0], moved[2]), bags[0], (tricks[0], tricks[2])),
        score_team(rules, (bids[1], bids[3]), (moved[1], moved[3]), bags[1], (tricks[1], tricks[3])),
    )


def match_winner(rules: Rules, totals: Sequence[int]) -> Team | None:
    """Return the team that has won with these running ``totals`` (NS, EW), or ``None``.

    A team at or above the target wins; if both are, the higher total wins.
    Otherwise a team at or below the mercy score loses (if both are, the
    higher total wins).  Equal totals play on.

    >>> match_winner(Rules(), (510, 520)), match_winner(Rules(), (100, -200))
    (<Team.EW: 1>, <Team.NS: 0>)
    >>> match_winner(Rules(), (500, 500)) is None
    True
    """
    ns, ew = totals
    over = (ns >= rules.target, ew >= rules.target)
    if not any(over) and rules.mercy is not None:
        over = (ew <= rules.mercy, ns <= rules.mercy)
    if not any(over) or ns == ew:
        return None
    if all(over):
        return Team.NS if ns > ew else Team.EW
    return Team.NS if over[0] else Team.EW
