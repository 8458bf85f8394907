"""What the table and the worker bridge cost on top of the engine, per move.

The same random hands (uniform legal moves, one ``random.Random``) are played
three ways, measured in CPU time in one process:

* ``engine``  — :class:`spades.Game` directly (the baseline);
* ``table``   — :class:`spades.table.Table` with people at all four seats:
  each move is an intent ``(seat, intent)`` followed by the mover's state;
* ``worker``  — :func:`spades.worker.handle` with JSON text in and out, as the
  page's worker calls it (each ``act`` works on a copy of the table and
  answers the state and the save).

    python benchmarks/bench_table.py [--seconds 2]
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from spades import Game, Phase, Seat, worker  # noqa: E402
from spades.cards import CARD_NAMES  # noqa: E402
from spades.scoring import bid_text  # noqa: E402
from spades.table import Occupant, Table  # noqa: E402

PEOPLE = {seat: Occupant("person") for seat in Seat}


def intent(game: Game, move: int) -> dict:
    if game.phase is Phase.BIDDING:
        return {"type": "bid", "bid": bid_text(move)}
    return {"type": "play", "card": CARD_NAMES[move]}


def engine(seconds: float) -> float:
    choose = random.Random(1).choice
    moves = 0
    start = time.process_time()
    hands = 0
    while time.process_time() - start < seconds:
        game = Game(seed=hands)
        while game.phase is Phase.BIDDING or game.phase is Phase.PLAYING:
            game.apply(choose(game.legal_moves()))
            moves += 1
        hands += 1
    return moves / (time.process_time() - start)


def table(seconds: float) -> float:
    choose = random.Random(1).choice
    moves = 0
    hands = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        t = Table(Game(seed=hands), PEOPLE, looked=tuple(Seat))
        game = t.game
        while game.phase is Phase.BIDDING or game.phase is Phase.PLAYING:
            seat = game.turn
            t.act(seat, intent(game, choose(game.legal_moves())))  # type: ignore[arg-type]
            t.state(seat.name)  # type: ignore[union-attr]
            moves += 1
        hands += 1
    return moves / (time.process_time() - start)


def bridge(seconds: float) -> float:
    choose = random.Random(1).choice
    moves = 0
    hands = 0
    seats = {seat.name: {"occupant": "person"} for seat in Seat}
    start = time.process_time()
    while time.process_time() - start < seconds:
        worker.handle("new", json.dumps({"table": "bench", "seed": hands, "seats": seats}))
        game = worker._tables["bench"].game
        while game.phase is Phase.BIDDING or game.phase is Phase.PLAYING:
            seat = game.turn
            args = {"table": "bench", "seat": seat.name, "intent": intent(game, choose(game.legal_moves()))}  # type: ignore[union-attr]
            out = json.loads(worker.handle("act", json.dumps(args)))
            assert "error" not in out, out
            game = worker._tables["bench"].game
            moves += 1
        hands += 1
    return moves / (time.process_time() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=2.0)
    seconds = parser.parse_args().seconds
    base = engine(seconds)
    rows = [("engine", base), ("table", table(seconds)), ("worker", bridge(seconds))]
    for name, rate in rows:
        print(f"{name:<7} {rate:10.0f} moves/s  {1e6 / rate:8.1f} µs/move  engine/{name} = {base / rate:6.1f}x")


if __name__ == "__main__":
    main()
