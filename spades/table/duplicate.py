"""Duplicate play: the first hand of a table's game dealt again, the person's team played by two experts.

The deal is the same (a deal code's, :mod:`spades.formats.dealcode`, or the table's own); the computer
players decide without a clock, so the replay is the same on every machine.
"""

from __future__ import annotations

from typing import Any

from ..bots import make_bot
from ..cards import Seat, mask_cards
from ..errors import SpadesError, register
from ..formats.protocol import result_to_json
from ..game import Game, Phase, View
from .table import Occupant, Table

ERROR_CODES = register(
    __name__,
    {
        "deal_duplicate_unfinished": (),
    },
)
"""Duplicate play (registered in :data:`spades.errors.CODES`)."""

DUPLICATE_LEVEL = "expert"
"""The level of the two computer players who replace the person's team in :func:`duplicate`."""


def exact_decide(level: str, view: View, seed: int) -> tuple[int, Any]:
    """A computer player's move without a clock (the expert's ``time_budget`` off): the same on every machine."""
    bot = make_bot(level, seed, time_budget=None) if level == "expert" else make_bot(level, seed)
    decision = bot.decide(view)
    return decision.move, decision.explanation


def duplicate_table(table: Table, seat: Seat) -> Table:
    """The first hand of ``table``'s game dealt again, ``seat``'s team played by two experts (see :func:`duplicate`)."""
    game = table.game
    seat = Seat(seat)
    if not game.results:
        raise SpadesError("the first hand is not over yet: nothing to compare", "deal_duplicate_unfinished")
    first = game.history[0]
    seats = {}
    for each in Seat:
        level = DUPLICATE_LEVEL if each.team == seat.team else (table.seats[each].level or "standard")
        seats[each] = Occupant("computer", level)
    deal = {each.name: list(mask_cards(first.deal[each])) for each in Seat}
    return Table(Game(game.rules, seed=game.seed, dealer=first.dealer, deal=deal), seats, decide=exact_decide)


def duplicate_play(replay: Table, moves: int | None = None) -> bool:
    """Play up to ``moves`` moves of ``replay`` (all when ``None``); whether its first hand is over."""
    for _ in range(64 if moves is None else max(0, moves)):  # 4 bids and 52 cards (and blind-nil looks) at most
        if replay.game.phase not in (Phase.BIDDING, Phase.PLAYING):
            break
        replay.step()
    return replay.game.phase not in (Phase.BIDDING, Phase.PLAYING)


def duplicate_result(table: Table, replay: Table, seat: Seat) -> dict[str, Any]:
    """The comparison of ``table``'s first hand with the finished ``replay`` (see :func:`duplicate`)."""
    team = Seat(seat).team
    result = replay.game.results[0]
    yours = table.game.results[0].teams[team].points
    experts = result.teams[team].points
    return {
        "team": team.name,
        "yours": yours,
        "experts": experts,
        "difference": yours - experts,
        "result": result_to_json(result),
    }


def duplicate(table: Table, seat: Seat) -> dict[str, Any]:
    """The first hand of ``table``'s game played again with ``seat``'s team replaced by two experts.

    The other team keeps its occupants' levels, and the game's seed (so its computer players draw
    alike); every computer player decides without a clock (:func:`exact_decide`), so the replay is the
    same on every machine. The hand is scored from 0–0, like the first hand. Returns ``{"team", "yours",
    "experts", "difference", "result"}``: the team's points in the game and by the experts, the
    experts' edge (``yours - experts``) and the replayed hand's result
    (:func:`spades.formats.protocol.result_to_json`). Refused (``deal_duplicate_unfinished``) until the first
    hand has been scored.
    """
    replay = duplicate_table(table, seat)
    duplicate_play(replay)
    return duplicate_result(table, replay, seat)


__all__ = ["DUPLICATE_LEVEL", "duplicate", "duplicate_play", "duplicate_result", "duplicate_table", "exact_decide"]
