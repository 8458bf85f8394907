"""The score sheet: each scored hand broken down as a paper score pad shows it, and finished hands trick by trick.

A hand's sheet (:func:`hand_sheet`; JSON by :func:`sheet_to_json`) gives, per
seat, the bid, the tricks and how the bid went, and per team the **parts** that
make the hand's points.  A part is a code, its parameters and its points (not
English text: the page words it in the person's language); the parts of a team
add up exactly to the team's ``points`` in the hand's result
(:class:`~spades.game.HandResult`), and the sheet's bags to its ``new_bags`` and
``bags``.  The figures are :func:`spades.scoring.score_team`'s (the one scoring
core); the sheet only splits them into parts.

Parts, in this order (``points`` signed):

``nil`` / ``blind_nil``
    one per nil or blind nil bidder: ``seat``, ``made`` (took no trick),
    ``tricks`` (the bidder's), ``bags`` (those tricks that became bags: all of
    them, unless ``nil_tricks_count`` counts them toward the partner's bid);
    ±``nil_value`` or ±``blind_nil_value``.
``contract``
    when the partners bid a number: ``contract`` (their numeric bids added),
    ``taken`` (tricks counted toward it), ``made``, ``over`` (overtricks, each
    1 point and 1 bag), ``per_trick`` (10; 20 with ``ten_for_200`` and a
    contract of 10 or more).  Made: ``per_trick`` × contract + over; set:
    −10 × contract.  With ``nil_tricks_count`` and both partners bidding nil
    the contract is 0 and every counted trick is an overtrick; the part is
    left out when it is worth nothing (no trick taken).
``bag_penalty``
    the team's bags (those before the hand plus this hand's) reached
    ``limit`` (``bags_limit``) ``times`` times: ``bags`` (the count reached),
    ``limit``, ``times``, ``penalty`` (``bags_penalty``); −penalty × times, and
    limit × times bags are removed.

Per seat, ``outcome`` is ``made`` or ``set`` (the team's contract, for a
numeric bidder), or ``nil_made``, ``nil_failed``, ``blind_nil_made``,
``blind_nil_failed``; ``counts`` says whether the seat's tricks count toward
the contract.

The seeds' worked examples (standard rules, no bags before)::

    >>> rules = Rules()
    >>> [(p.code, p.points) for p in team_sheet(rules, Team.NS, (4, 3), (2, 5)).parts]
    [('contract', 70)]
    >>> [(p.code, p.points) for p in team_sheet(rules, Team.NS, (4, 3), (4, 1)).parts]
    [('contract', -70)]
    >>> sheet = team_sheet(rules, Team.NS, (NIL, 5), (0, 6))
    >>> [(p.code, p.points) for p in sheet.parts], sheet.points, sheet.new_bags
    ([('nil', 100), ('contract', 51)], 151, 1)
    >>> sheet = team_sheet(rules, Team.NS, (NIL, 5), (2, 4))
    >>> [(p.code, p.points) for p in sheet.parts], sheet.points, sheet.new_bags
    ([('nil', -100), ('contract', -50)], -150, 2)

:func:`finished_hand` is one finished hand of a game for replaying it: the four
hands as dealt, the bids, and every trick with its leader and winner (all
cards are known once a hand is over; the hand in progress is never given).

JSON of a sheet (:func:`sheet_to_json`; bids as in hand records)::

    {"number": 1, "dealer": "W",
     "seats": {"N": {"bid": "nil", "tricks": 0, "outcome": "nil_made", "counts": false}, ...},
     "teams": {"NS": {"parts": [{"code": "nil", "points": 100,
                                 "params": {"seat": "N", "made": true, "tricks": 0, "bags": 0}},
                                {"code": "contract", "points": 51,
                                 "params": {"contract": 5, "taken": 6, "made": true, "over": 1, "per_trick": 10}}],
                      "points": 151, "bags_before": 0, "new_bags": 1, "bags": 1,
                      "total_before": 0, "total": 151},
               "EW": {...}}}
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from ..cards import CARD_NAMES, SUIT_OF, Card, Seat, Team, first_leader, mask_cards, trick_winner
from ..errors import SpadesError, brief
from ..game import Game, HandResult
from ..rules import Rules
from ..scoring import BLIND_NIL, NIL, Bid, bid_text, counts_toward_contract, score_team
from .protocol import result_to_json

OUTCOMES = ("made", "set", "nil_made", "nil_failed", "blind_nil_made", "blind_nil_failed")
PART_CODES = ("nil", "blind_nil", "contract", "bag_penalty")


@dataclass(frozen=True, slots=True)
class Part:
    """One line of a team's score: ``code`` (see the module docstring), ``params`` and the signed ``points``.

    ``params`` values are integers, booleans or seat letters (``"N"``).
    """

    code: str
    points: int
    params: Mapping[str, int | bool | str]


@dataclass(frozen=True, slots=True)
class SeatLine:
    """One seat of a scored hand: its bid, its tricks, ``outcome`` (see :data:`OUTCOMES`) and whether its
    tricks ``counts`` toward the team's contract."""

    seat: Seat
    bid: Bid
    tricks: int
    outcome: str
    counts: bool


@dataclass(frozen=True, slots=True)
class TeamSheet:
    """One team's score for one hand, part by part; ``points == sum of the parts' points``.

    ``bags_before`` and ``total_before`` are the team's bags and running score
    before the hand; ``new_bags`` this hand's bags (overtricks and nil
    bidders' tricks that became bags), ``bags`` after any penalty; ``total``
    the running score after the hand.
    """

    team: Team
    seats: tuple[SeatLine, SeatLine]
    parts: tuple[Part, ...]
    points: int
    bags_before: int
    new_bags: int
    bags: int
    total_before: int
    total: int


@dataclass(frozen=True, slots=True)
class HandSheet:
    """A scored hand's sheet: its ``number`` (1-based), ``dealer`` and the two teams (NS, EW)."""

    number: int
    dealer: Seat
    teams: tuple[TeamSheet, TeamSheet]


def _outcome(bid: Bid, tricks: int, made: bool | None) -> str:
    if bid == BLIND_NIL:
        return "blind_nil_made" if tricks == 0 else "blind_nil_failed"
    if bid == NIL:
        return "nil_made" if tricks == 0 else "nil_failed"
    return "made" if made else "set"


def team_sheet(
    rules: Rules,
    team: Team,
    bids: Sequence[Bid],
    tricks: Sequence[int],
    bags_before: int = 0,
    total_before: int = 0,
) -> TeamSheet:
    """Score one team's hand part by part: ``bids`` and ``tricks`` of its two seats (N and S, or E and W).

    >>> sheet = team_sheet(Rules(ten_for_200=True), Team.EW, (6, 5), (7, 5), bags_before=9)
    >>> [(p.code, p.points, dict(p.params)) for p in sheet.parts][1]
    ('bag_penalty', -100, {'bags': 10, 'limit': 10, 'times': 1, 'penalty': 100})
    >>> sheet.parts[0].params["per_trick"], sheet.points, sheet.bags
    (20, 121, 0)
    """
    team = Team(team)
    seats = (Seat(team), Seat(team + 2))
    score = score_team(rules, bids, tricks, bags_before)  # the one scoring core; the parts explain its figures
    parts: list[Part] = []
    params: dict[str, int | bool | str]
    for seat, bid, taken in zip(seats, bids, tricks, strict=True):
        if bid <= 0:
            value = rules.blind_nil_value if bid == BLIND_NIL else rules.nil_value
            bags = 0 if counts_toward_contract(rules, bid) else taken
            code = "blind_nil" if bid == BLIND_NIL else "nil"
            params = {"seat": seat.name, "made": taken == 0, "tricks": taken, "bags": bags}
            parts.append(Part(code, value if taken == 0 else -value, params))
    contract, made = score.contract, score.made
    if contract or score.taken:
        over = score.taken - contract if made or not contract else 0
        per_trick = (score.contract_points - over) // contract if made and contract else 10
        params = {"contract": contract, "taken": score.taken, "made": made is not False, "over": over}
        parts.append(Part("contract", score.contract_points, {**params, "per_trick": per_trick}))
    if score.bag_penalty and rules.bags_limit is not None:  # a penalty needs a limit (spades.scoring)
        times = -score.bag_penalty // rules.bags_penalty if rules.bags_penalty else 1
        params = {"bags": bags_before + score.new_bags, "limit": rules.bags_limit, "times": times}
        parts.append(Part("bag_penalty", score.bag_penalty, {**params, "penalty": rules.bags_penalty}))
    points = sum(part.points for part in parts)
    if points != score.points:  # a rule the parts do not explain yet: say so rather than show a wrong sum
        raise SpadesError(
            f"internal: the score sheet's parts add up to {points}, the score is {score.points}", "internal"
        )
    first, second = (
        SeatLine(seat, bid, taken, _outcome(bid, taken, made), counts_toward_contract(rules, bid))
        for seat, bid, taken in zip(seats, bids, tricks, strict=True)
    )
    return TeamSheet(
        team=team,
        seats=(first, second),
        parts=tuple(parts),
        points=points,
        bags_before=bags_before,
        new_bags=score.new_bags,
        bags=score.bags,
        total_before=total_before,
        total=total_before + points,
    )


def hand_sheet(rules: Rules, result: HandResult, previous: HandResult | None = None) -> HandSheet:
    """The sheet of ``result``, scored with ``rules``; ``previous`` is the hand before it (``None`` for the
    first), whose bags and totals the hand starts from."""
    ns, ew = (
        team_sheet(
            rules,
            team,
            (result.bids[team], result.bids[team + 2]),
            (result.tricks[team], result.tricks[team + 2]),
            previous.teams[team].bags if previous is not None else 0,
            previous.totals[team] if previous is not None else 0,
        )
        for team in Team
    )
    return HandSheet(result.number, result.dealer, (ns, ew))


def game_sheets(rules: Rules, results: Sequence[HandResult]) -> tuple[HandSheet, ...]:
    """The sheets of a game's scored hands, in order (each hand starts from the one before)."""
    return tuple(hand_sheet(rules, result, results[i - 1] if i else None) for i, result in enumerate(results))


def sheet_to_json(sheet: HandSheet) -> dict[str, Any]:
    """A hand's sheet as JSON (see the module docstring)."""
    seats: dict[str, Any] = {}
    teams: dict[str, Any] = {}
    for team in sheet.teams:
        for line in team.seats:
            seats[line.seat.name] = {
                "bid": bid_text(line.bid),
                "tricks": line.tricks,
                "outcome": line.outcome,
                "counts": line.counts,
            }
        teams[team.team.name] = {
            "parts": [{"code": p.code, "points": p.points, "params": dict(p.params)} for p in team.parts],
            "points": team.points,
            "bags_before": team.bags_before,
            "new_bags": team.new_bags,
            "bags": team.bags,
            "total_before": team.total_before,
            "total": team.total,
        }
    return {
        "number": sheet.number,
        "dealer": sheet.dealer.name,
        "seats": {name: seats[name] for name in ("N", "E", "S", "W")},
        "teams": teams,
    }


# --------------------------------------------------------------------- finished hands


class HandNotFinished(SpadesError):
    """A hand that cannot be shown: not played to the end yet, or no such hand."""

    codes: ClassVar[Mapping[str, tuple[str, ...]]] = {
        "hand_number": ("value",),
        "no_such_hand": ("number", "count"),
        "hand_not_over": ("number", "done"),
    }
    """A finished hand asked for by number."""


_DISPLAY_SUIT = {3: 0, 2: 1, 0: 2, 1: 3}  # ♠ ♥ ♣ ♦, as the page shows a hand


def _display(cards: Sequence[Card]) -> list[str]:
    return [CARD_NAMES[c] for c in sorted(cards, key=lambda c: (_DISPLAY_SUIT[SUIT_OF[c]], -c))]


def finished_hand(game: Game, number: object) -> dict[str, Any]:
    """Finished hand ``number`` (1-based) of ``game``, to replay it trick by trick.

    Returns ``{"number", "dealer", "deal": {seat: cards as dealt, ♠ ♥ ♣ ♦ high to low}, "bids": {seat: bid},
    "bid_order": [seats from left of the dealer], "tricks": [{"leader", "cards" (in play order from the
    leader), "winner"} × 13], "result": RESULT, "sheet": SHEET}``.  A hand not over yet, a number out of
    range or not a whole number raises :class:`HandNotFinished`: the hand in progress is never shown.
    """
    done = len(game.results)
    if type(number) is not int:
        raise HandNotFinished(
            f"'number' must be a hand number, got {brief(number)}", "hand_number", {"value": brief(number)}
        )
    if not 1 <= number <= len(game.history):
        raise HandNotFinished(
            f"no hand {number}: this game has hands 1 to {len(game.history)}",
            "no_such_hand",
            {"number": number, "count": len(game.history)},
        )
    if number > done:
        raise HandNotFinished(
            f"hand {number} is not over: only finished hands (1 to {done}) can be shown",
            "hand_not_over",
            {"number": number, "done": done},
        )
    log = game.history[number - 1]
    bids = log.moves[:4]
    cards = log.moves[4:]
    by_seat: dict[Seat, Bid] = {}
    order = [Seat((log.dealer + 1 + i) % 4) for i in range(4)]
    for seat, bid in zip(order, bids, strict=True):
        by_seat[seat] = bid
    tricks = []
    leader = first_leader(log.dealer, log.deal, game.rules.first_lead == "two_clubs")
    for start in range(0, len(cards), 4):
        trick = cards[start : start + 4]
        winner = trick_winner(leader, trick)
        tricks.append(
            {"leader": Seat(leader).name, "cards": [CARD_NAMES[c] for c in trick], "winner": Seat(winner).name}
        )
        leader = winner
    results = game.results
    result = results[number - 1]
    previous = results[number - 2] if number > 1 else None
    return {
        "number": number,
        "dealer": log.dealer.name,
        "deal": {seat.name: _display(mask_cards(log.deal[seat])) for seat in Seat},
        "bids": {seat.name: bid_text(by_seat[seat]) for seat in Seat},
        "bid_order": [seat.name for seat in order],
        "tricks": tricks,
        "result": result_to_json(result),
        "sheet": sheet_to_json(hand_sheet(game.rules, result, previous)),
    }


__all__ = [
    "OUTCOMES",
    "PART_CODES",
    "HandNotFinished",
    "HandSheet",
    "Part",
    "SeatLine",
    "TeamSheet",
    "finished_hand",
    "game_sheets",
    "hand_sheet",
    "sheet_to_json",
    "team_sheet",
]
