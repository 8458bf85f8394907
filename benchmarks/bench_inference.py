"""The expert's sampler against every member of the field (issue 20): how many sampled deals stand behind each search.

    python benchmarks/bench_inference.py [--deals 2] [--seed 900] [--samples 60] [--work 24000] [--jobs 2]
                                         [--members all]

For each member of :data:`spades.bots.FIELD` it plays ``--deals`` hands (``Game(Rules(), seed=SEED + i)``)
with the expert at North (clock off, so the figures are reproducible), the member at East and West and the
standard player at South, and records, for every card decision of the expert with more than one distinct
move, the deals the search kept (``last_samples``) and their effective number (``last_ess``, (Σw)² / Σw²).
Prints one line per member: the searched decisions, the median kept and effective deals, the share of
decisions with none (the expert then plays the standard card without searching), the lowest effective
number, and the median and 95th percentile seconds per searched decision (on this machine, under its load:
compare runs made side by side only).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from spades import Game, Phase, Rules, Seat
from spades.bots import FIELD, make_bot
from spades.bots.knowledge import Knowledge
from spades.bots.search import distinct_moves


def measure(member: str, deals: int, seed: int, samples: int, work: int) -> tuple[str, list[tuple[int, float, float]]]:
    """(kept deals, effective deals, seconds) for each searched card decision of the expert against ``member``."""
    out: list[tuple[int, float, float]] = []
    for deal in range(deals):
        expert = make_bot("expert", 4 + deal, time_budget=None, samples=samples, work=work)
        bots = [expert, make_bot(member, 12 + deal), make_bot("standard", 5 + deal), make_bot(member, 14 + deal)]
        game = Game(Rules(), seed=seed + deal)
        while game.phase in (Phase.BIDDING, Phase.PLAYING):
            seat = game.turn
            assert seat is not None
            view = game.view(seat)
            t0 = time.perf_counter()
            move = bots[seat].decide(view).move
            took = time.perf_counter() - t0
            if seat == Seat.N and game.phase is Phase.PLAYING:
                k = Knowledge(view)
                live = k.unseen | k.hand | sum(1 << c for _, c in k.trick)
                if len(distinct_moves(k.legal, live)) > 1:
                    out.append((expert.last_samples, expert.last_ess, took))
            game.apply(move)
    return member, out


def line(member: str, rows: list[tuple[int, float, float]]) -> str:
    """One member's figures."""
    if not rows:
        return f"{member:10s} no searched decisions"
    kept = [r[0] for r in rows]
    ess = [r[1] for r in rows]
    secs = sorted(r[2] for r in rows)
    none = sum(1 for k in kept if k == 0)
    p95 = secs[min(len(secs) - 1, int(0.95 * len(secs)))]
    return (f"{member:10s} decisions {len(rows):3d}  kept median {statistics.median(kept):5.1f}  "
            f"effective median {statistics.median(ess):5.1f}  min {min(ess):5.1f}  "
            f"none {none}/{len(rows)} ({100 * none / len(rows):.0f}%)  "
            f"s/decision median {statistics.median(secs):.3f} p95 {p95:.3f}")  # fmt: skip


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=2)
    parser.add_argument("--seed", type=int, default=900)
    parser.add_argument("--samples", type=int, default=60)
    parser.add_argument("--work", type=int, default=24000)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--members", default="all")
    args = parser.parse_args()
    members = list(FIELD) if args.members == "all" else args.members.split(",")
    for m in members:
        if m not in FIELD:
            parser.error(f"unknown field member {m!r}; choose from {', '.join(FIELD)}")
    start = time.perf_counter()
    everything: list[tuple[int, float, float]] = []
    with ProcessPoolExecutor(max_workers=max(1, args.jobs)) as pool:
        futures = [pool.submit(measure, m, args.deals, args.seed, args.samples, args.work) for m in members]
        for f in futures:
            member, rows = f.result()
            everything.extend(rows)
            print(line(member, rows), flush=True)
    print(line("all", everything))
    print(f"{time.perf_counter() - start:.0f} s for {len(members)} members x {args.deals} deals")


if __name__ == "__main__":
    main()
