"""Time of the post-hand review (spades.learn.analysis) in CPython or inside Pyodide.

    python benchmarks/bench_analysis.py [--hands 4] [--seed 1]
    node tests/pyodide/run.mjs --script benchmarks/bench_analysis.py --hands 2

Plays ``--hands`` seeded single hands with four ``standard`` players, then reviews South's decisions with the
review's default sizes (the worker's ``review_start`` / ``review_next``: the judge at the hint's budget), one
:meth:`Review.step` at a time.  Prints one JSON object: per step (one worker call: a card's judgement — with the
all-cards-known solve in the last tricks —, a noise run, or a bid), by kind, and per hand — count, p50, p95 and
max in milliseconds (wall clock; ``cpu_step_ms`` in CPU time, steadier on a busy machine) — and the decisions,
noise runs and mistakes found.
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
from spades.learn.analysis import Review


def percentiles(times: list[float]) -> dict[str, float | int]:
    """Count, p50, p95 and max of ``times`` (seconds) in milliseconds."""
    if not times:
        return {"n": 0}
    ordered = sorted(times)

    def pick(q: float) -> float:
        return round(1000 * ordered[min(len(ordered) - 1, int(q * len(ordered)))], 1)

    return {"n": len(ordered), "p50": pick(0.5), "p95": pick(0.95), "max": round(1000 * ordered[-1], 1)}


def played_hand(seed: int) -> Game:
    game = Game(seed=seed)
    bots = [make_bot("standard", seed * 4 + s) for s in range(4)]
    while game.phase in (Phase.BIDDING, Phase.PLAYING):
        game.apply(bots[game.turn].decide(game.view(game.turn)).move)
    return game


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=4)
    parser.add_argument("--seed", type=int, default=1)
    options = parser.parse_args()
    steps: dict[str, list[float]] = {"bid": [], "card": [], "noise_run": []}
    cpu: list[float] = []
    hands: list[float] = []
    cpu_hands: list[float] = []
    decisions = mistakes = 0
    for seed in range(options.seed, options.seed + options.hands):
        game = played_hand(seed)
        start, cpu_start = time.perf_counter(), time.process_time()
        review = Review(game, 1, Seat.S, seed=1)
        while not review.finished:
            kind = {"bid": "bid", "card": "card", "noise": "noise_run"}[review.next_step or ""]
            t0, c0 = time.perf_counter(), time.process_time()
            review.step()
            steps[kind].append(time.perf_counter() - t0)
            cpu.append(time.process_time() - c0)
        hands.append(time.perf_counter() - start)
        cpu_hands.append(time.process_time() - cpu_start)
        decisions += len(review.points)
        mistakes += review.summary()["mistakes"]
    everything = [t for times in steps.values() for t in times]
    print(
        json.dumps(
            {
                "python": platform.python_implementation() + " " + platform.python_version(),
                "platform": sys.platform,
                "hands": options.hands,
                "decisions": decisions,
                "mistakes": mistakes,
                "noise_runs": len(steps["noise_run"]),
                "step_ms": percentiles(everything),
                "cpu_step_ms": percentiles(cpu),
                "by_kind_ms": {kind: percentiles(times) for kind, times in steps.items()},
                "hand_ms": percentiles(hands),
                "cpu_hand_ms": percentiles(cpu_hands),
            }
        )
    )


if __name__ == "__main__":
    main()
