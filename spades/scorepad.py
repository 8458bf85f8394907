"""The score pad: score hands played with real cards, and summarise any game as JSON.

Input of :func:`score_sheet` (the ``python -m spades score`` command)::

    {"rules": {"preset": "standard"},
     "hands": [{"bids": {"N": 4, "E": "nil", "S": 3, "W": "blind_nil"},
                "tricks": {"N": 5, "E": 0, "S": 4, "W": 4}}, ...]}

Output (also what ``replay`` prints, which adds each hand's ``tricks``)::

    {"hands": [{"points": {"NS": p, "EW": p}, "bags": {...}, "totals": {...}}, ...],
     "totals": {"NS": t, "EW": t}, "bags": {"NS": b, "EW": b}, "winner": "NS" | "EW" | null}

``points`` is the hand's score including any bag penalty; ``bags`` the team's
bag count after the hand.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from .cards import Seat, Team
from .errors import RecordError, SpadesError
from .game import HandResult
from .rules import Rules
from .scoring import BLIND_NIL, NIL, match_winner, parse_bid, score_hand


def summary(results: Iterable[HandResult], winner: Team | None, *, tricks: bool = False) -> dict[str, Any]:
    """Return the JSON summary of scored hands (see the module docstring)."""
    hands = []
    totals = {"NS": 0, "EW": 0}
    bags = {"NS": 0, "EW": 0}
    for result in results:
        entry: dict[str, Any] = {}
        if tricks:
            entry["tricks"] = {seat.name: result.tricks[seat] for seat in Seat}
        entry["points"] = {team.name: result.teams[team].points for team in Team}
        bags = {team.name: result.teams[team].bags for team in Team}
        totals = {team.name: result.totals[team] for team in Team}
        entry["bags"] = bags
        entry["totals"] = totals
        hands.append(entry)
    return {"hands": hands, "totals": totals, "bags": bags, "winner": winner.name if winner is not None else None}


def score_sheet(sheet: Mapping[str, Any]) -> dict[str, Any]:
    """Score a sheet of hands played at a real table; raise :class:`RecordError` on inconsistent input."""
    if not isinstance(sheet, Mapping):
        raise RecordError("the score sheet must be a JSON object")
    unknown = sorted(set(sheet) - {"rules", "hands"})
    if unknown:
        raise RecordError(f"unknown key {unknown[0]!r}")
    try:
        rules = Rules.from_dict(sheet.get("rules") or {})
    except SpadesError as error:
        raise RecordError(str(error), step="rules") from None
    hands = sheet.get("hands")
    if not isinstance(hands, list):
        raise RecordError("'hands' must be a list")
    results: list[HandResult] = []
    totals = (0, 0)
    bags = (0, 0)
    winner: Team | None = None
    for number, hand in enumerate(hands, 1):
        if winner is not None:
            raise RecordError(f"the game ended after hand {number - 1} ({winner.name} won)", hand=number)
        bids, tricks = _read_hand(rules, hand, number, totals)
        ns, ew = score_hand(rules, bids, tricks, bags)
        totals = (totals[0] + ns.points, totals[1] + ew.points)
        bags = (ns.bags, ew.bags)
        dealer = Seat((Seat.W + number - 1) % 4)
        results.append(HandResult(number, dealer, bids, tricks, (ns, ew), totals))
        winner = match_winner(rules, totals)
    return summary(results, winner)


def _read_hand(
    rules: Rules, hand: Any, number: int, totals: tuple[int, int]
) -> tuple[tuple[int, int, int, int], tuple[int, int, int, int]]:
    if not isinstance(hand, Mapping):
        raise RecordError("a hand must be an object", hand=number)
    unknown = sorted(set(hand) - {"bids", "tricks"})
    if unknown:
        raise RecordError(f"unknown key {unknown[0]!r}", hand=number)
    raw_bids, raw_tricks = hand.get("bids"), hand.get("tricks")
    for name, raw in (("bids", raw_bids), ("tricks", raw_tricks)):
        if not isinstance(raw, Mapping) or sorted(raw) != ["E", "N", "S", "W"]:
            raise RecordError(f"'{name}' must give N, E, S and W", hand=number, step=name)
    bids = [0, 0, 0, 0]
    tricks = [0, 0, 0, 0]
    for seat in Seat:
        try:
            bid = parse_bid(raw_bids[seat.name])
        except SpadesError as error:
            raise RecordError(str(error), hand=number, step=f"{seat.name}'s bid") from None
        if bid == NIL and not rules.nil:
            raise RecordError("nil is not allowed by these rules", hand=number, step=f"{seat.name}'s bid")
        if bid == BLIND_NIL:
            behind = totals[1 - seat % 2] - totals[seat % 2]
            if not rules.blind_nil or (rules.blind_nil_behind and behind < rules.blind_nil_behind):
                raise RecordError("blind nil is not allowed here", hand=number, step=f"{seat.name}'s bid")
        taken = raw_tricks[seat.name]
        if type(taken) is not int or not 0 <= taken <= 13:
            raise RecordError(f"tricks must be 0 to 13, got {taken!r}", hand=number, step=f"{seat.name}'s tricks")
        bids[seat] = bid
        tricks[seat] = taken
    if sum(tricks) != 13:
        raise RecordError(f"tricks add up to {sum(tricks)}, not 13", hand=number, step="tricks")
    if rules.bidding == "suicide":
        for team in Team:
            if sum(bids[s] <= 0 for s in team.seats) != 1:
                raise RecordError(f"suicide: exactly one of {team.name} must bid nil", hand=number, step="bids")
    return (bids[0], bids[1], bids[2], bids[3]), (tricks[0], tricks[1], tricks[2], tricks[3])
