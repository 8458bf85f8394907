"""Decision times of the computer players, in CPython or inside Pyodide.

    python benchmarks/bench_bots.py [--hands 8] [--level expert] [--budget 0.25]
    node tests/pyodide/run.mjs --script benchmarks/bench_bots.py --hands 4

Seats N and S play ``--level`` against two ``standard`` bots over ``--hands``
seeded single hands; prints one JSON object with the percentiles (ms) of the
measured level's decisions: all of them, bids, and card plays, in wall-clock
time and in CPU time (``cpu_*``: steadier on a busy machine).
"""

from __future__ import annotations

import argparse
import json
import platform
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from spades import Game, Phase, Seat
from spades.bots import make_bot


def percentiles(times: list[float]) -> dict[str, float | int]:
    """Count, p50, p95 and max of ``times`` (seconds) in milliseconds."""
    if not times:
        return {"decisions": 0}
    ordered = sorted(times)

    def pick(q: float) -> float:
        return round(ordered[min(len(ordered) - 1, max(0, int(q * len(ordered) + 0.999999) - 1))] * 1000, 1)

    return {"decisions": len(ordered), "p50": pick(0.5), "p95": pick(0.95), "max": round(ordered[-1] * 1000, 1)}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=8)
    parser.add_argument("--level", default="expert")
    parser.add_argument("--budget", type=float, default=None, help="expert time budget (default: the bot's)")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    options = {"time_budget": args.budget} if args.budget is not None and args.level == "expert" else {}
    bids: list[float] = []
    plays: list[float] = []
    cpu_bids: list[float] = []
    cpu_plays: list[float] = []
    start = time.perf_counter()
    for index in range(args.hands):
        game = Game(seed=args.seed + index, dealer=Seat(index % 4))
        bots = [
            make_bot(args.level, seed=s, **options) if s % 2 == 0 else make_bot("standard", seed=s) for s in range(4)
        ]
        while game.phase in (Phase.BIDDING, Phase.PLAYING):
            seat = game.turn
            view = game.view(seat)
            t0 = time.perf_counter()
            c0 = time.process_time()
            move = bots[seat].decide(view).move
            spent = time.perf_counter() - t0
            cpu = time.process_time() - c0
            if seat % 2 == 0:
                bidding = game.phase is Phase.BIDDING
                (bids if bidding else plays).append(spent)
                (cpu_bids if bidding else cpu_plays).append(cpu)
            game.apply(move)
    result = {
        "level": args.level,
        "python": f"{platform.python_implementation()} {platform.python_version()}",
        "platform": sys.platform,
        "hands": args.hands,
        "all": percentiles(bids + plays),
        "bid": percentiles(bids),
        "play": percentiles(plays),
        "cpu_all": percentiles(cpu_bids + cpu_plays),
        "cpu_play": percentiles(cpu_plays),
        "seconds": round(time.perf_counter() - start, 1),
    }
    print(json.dumps(result))
    return 0


if __name__ == "__main__":
    sys.exit(main())
