"""The score pad: score hands played with real cards, and summarise any game as JSON.

Input of :func:`score_sheet` (the ``python -m spades score`` command)::

    {"rules": {"preset": "standard"},
     "hands": [{"bids": {"N": 4, "E": "nil", "S": 3, "W": "blind_nil"},
                "tricks": {"N": 5, "E": 0, "S": 4, "W": 4}}, ...]}

The first hand is dealt by West, the next by North, and so on; bids are
checked in bidding order with the engine's rules
(:func:`spades.game.bid_reason`: nil and blind nil allowed, suicide, the
minimum team bid; whiz and mirror bids cannot be checked without the cards).

Output (also what ``replay`` prints)::

    {"hands": [RESULT, ...],
     "totals": {"NS": t, "EW": t}, "bags": {"NS": b, "EW": b}, "winner": "NS" | "EW" | null}

Each ``RESULT`` is the one JSON encoding of a scored hand
(:func:`spades.formats.protocol.result_to_json`): among its fields ``tricks`` by
seat, ``points`` (the hand's score including any bag penalty), ``bags`` (the
team's bag count after the hand) and ``totals`` by team.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from ..cards import Seat, Team
from ..errors import IllegalMoveError, RecordError, SpadesError, brief
from ..game import HandResult, bid_reason
from ..rules import Rules
from ..scoring import Bid, bid_text, match_winner, parse_bid, score_hand
from .protocol import result_to_json


def summary(results: Iterable[HandResult], winner: Team | None) -> dict[str, Any]:
    """Return the JSON summary of scored hands (see the module docstring)."""
    hands = [result_to_json(result) for result in results]
    totals = hands[-1]["totals"] if hands else {"NS": 0, "EW": 0}
    bags = hands[-1]["bags"] if hands else {"NS": 0, "EW": 0}
    return {"hands": hands, "totals": totals, "bags": bags, "winner": winner.name if winner is not None else None}


def _dealer(number: int) -> Seat:
    """The dealer of hand ``number`` (1-based) on a score sheet: West first, then clockwise."""
    return Seat((Seat.W + number - 1) % 4)


def score_sheet(sheet: Mapping[str, Any]) -> dict[str, Any]:
    """Score a sheet of hands played at a real table; raise :class:`RecordError` on inconsistent input."""
    if not isinstance(sheet, Mapping):
        raise RecordError(f"the score sheet must be a JSON object, got {brief(sheet)}")
    unknown = [key for key in sheet if key not in ("rules", "hands")]
    if unknown:
        raise RecordError(f"unknown key {brief(unknown[0])}")
    try:
        rules = Rules.from_dict(sheet.get("rules"))  # missing or null: the defaults; otherwise an object
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
        results.append(HandResult(number, _dealer(number), bids, tricks, (ns, ew), totals))
        winner = match_winner(rules, totals)
    return summary(results, winner)


def _by_seat(hand: Mapping[str, Any], name: str, number: int) -> Mapping[str, Any]:
    """``hand[name]``, which must map exactly N, E, S and W."""
    raw = hand.get(name)
    if not isinstance(raw, Mapping) or set(raw) != {"N", "E", "S", "W"}:
        raise RecordError(f"'{name}' must give N, E, S and W", hand=number, step=name)
    return raw


def _read_hand(
    rules: Rules, hand: Any, number: int, totals: tuple[int, int]
) -> tuple[tuple[int, int, int, int], tuple[int, int, int, int]]:
    if not isinstance(hand, Mapping):
        raise RecordError(f"a hand must be an object, got {brief(hand)}", hand=number)
    unknown = [key for key in hand if key not in ("bids", "tricks")]
    if unknown:
        raise RecordError(f"unknown key {brief(unknown[0])}", hand=number)
    raw_bids, raw_tricks = _by_seat(hand, "bids", number), _by_seat(hand, "tricks", number)
    bids = [0, 0, 0, 0]
    tricks = [0, 0, 0, 0]
    for seat in Seat:
        try:
            bid = parse_bid(raw_bids[seat.name])
        except SpadesError as error:
            raise RecordError(str(error), hand=number, step=f"{seat.name}'s bid") from None
        taken = raw_tricks[seat.name]
        if type(taken) is not int or not 0 <= taken <= 13:
            raise RecordError(f"tricks must be 0 to 13, got {brief(taken)}", hand=number, step=f"{seat.name}'s tricks")
        bids[seat] = bid
        tricks[seat] = taken
    so_far: list[Bid | None] = [None, None, None, None]
    for offset in range(1, 5):  # in bidding order, from the dealer's left
        seat = Seat((_dealer(number) + offset) % 4)
        reason = bid_reason(rules, so_far, seat, bids[seat], totals=totals)
        if reason is not None:
            illegal = IllegalMoveError(seat.name, str(bid_text(bids[seat])), reason, "bid")
            raise RecordError(str(illegal), hand=number, step="bids")
        so_far[seat] = bids[seat]
    if sum(tricks) != 13:
        raise RecordError(f"tricks add up to {sum(tricks)}, not 13", hand=number, step="tricks")
    return (bids[0], bids[1], bids[2], bids[3]), (tricks[0], tricks[1], tricks[2], tricks[3])
