"""Calibrate the computer levels' fixed ratings (spades.stats.rating.LEVEL_RATINGS) with the arena.

    .venv/bin/python scripts/calibrate.py [--beginner-pairs 5000] [--expert-pairs 450] [--seed 1]

For each pair of neighbouring levels (standard against beginner, expert against standard) it plays
duplicate pairs of whole games under the rated preset ``igame`` (to 300 or -300): each pair is one
seeded deal sequence played twice with the partnerships swapped, the expert searching without a clock
(``--budget 0``), so every figure is reproducible.  A pair scores the share of its two games the first
level won (a game stopped at the arena's hand limit counts half).

From the first level's win probability ``p`` (the mean pair score) it finds the rating gap ``d`` at
which a side rated ``d`` above the other expects no change under spades.stats.rating: the multiple of 10
minimising |p * change(+d, win) + (1 - p) * change(+d, loss)|.  Within the linear range that is
``d = 240p - 120`` rounded to 10; the caps make 120 the largest gap the rules can tell apart (from
p = 0.96 on, the stronger side gains on average at every gap).  The 95% interval of ``p`` is the
normal approximation over pairs (pairs are independent; the two games of a pair are not); when every
pair was won it is the rule of three, [1 - 3/n, 1].  Standard is anchored at spades.stats.rating.START.

Prints a Markdown table and, last, one JSON line with the figures.  Progress goes to standard error.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from spades.bots.arena import run_arena
from spades.rules import Rules
from spades.stats.rating import START, change

GAPS = range(-120, 121, 10)


def gap_for(p: float) -> int:
    """The gap (multiple of 10, -120..120) at which a side winning with probability ``p`` expects no change."""

    def expected(gap: int) -> float:
        mine = START + max(gap, 0)
        theirs = START + max(-gap, 0)
        return p * change(mine, theirs, "win") + (1 - p) * change(mine, theirs, "loss")

    return min(GAPS, key=lambda gap: (abs(expected(gap)), abs(gap)))


def measure(strong: str, weak: str, pairs: int, seed: int, rules: Rules) -> dict[str, object]:
    """Play ``pairs`` duplicate pairs of games, ``strong`` against ``weak``; return the figures."""
    scores: list[float] = []
    started = time.monotonic()
    options = {"expert": {"time_budget": None}}
    for index in range(pairs):
        summary = run_arena(strong, weak, deals=1, seed=seed + index, duplicate=True, games=True,
                            rules=rules, options=options)  # fmt: skip
        won = summary["sides"]["ns"]["games_won"]
        lost = summary["sides"]["ew"]["games_won"]
        scores.append((won + (2 - won - lost) / 2) / 2)
        if (index + 1) % 25 == 0 or index + 1 == pairs:
            print(f"{strong} v {weak}: {index + 1}/{pairs} pairs, {time.monotonic() - started:.0f} s",
                  file=sys.stderr, flush=True)  # fmt: skip
    n = len(scores)
    p = sum(scores) / n
    sd = math.sqrt(sum((s - p) ** 2 for s in scores) / (n - 1)) if n > 1 else 0.0
    if sd == 0 and p == 1:
        low, high = 1 - 3 / n, 1.0
    elif sd == 0 and p == 0:
        low, high = 0.0, 3 / n
    else:
        half = 1.96 * sd / math.sqrt(n)
        low, high = max(0.0, p - half), min(1.0, p + half)
    return {
        "strong": strong,
        "weak": weak,
        "pairs": n,
        "games": 2 * n,
        "p": round(p, 4),
        "ci95": [round(low, 4), round(high, 4)],
        "linear_gap": round(240 * p - 120, 1),
        "gap": gap_for(p),
        "gap_ci95": [gap_for(low), gap_for(high)],
        "seconds": round(time.monotonic() - started),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--beginner-pairs", type=int, default=5000, help="duplicate pairs, standard v beginner")
    parser.add_argument("--expert-pairs", type=int, default=450, help="duplicate pairs, expert v standard")
    parser.add_argument("--seed", type=int, default=1, help="first pair's seed (pair i uses seed + i)")
    args = parser.parse_args()
    rules = Rules.from_dict({"preset": "igame"})
    low = measure("standard", "beginner", args.beginner_pairs, args.seed, rules)
    high = measure("expert", "standard", args.expert_pairs, args.seed, rules)
    ratings = {"beginner": START - low["gap"], "standard": START, "expert": START + high["gap"]}
    print("| levels | pairs | games | p (first wins) | 95% CI | 240p - 120 | gap | gap 95% CI |")
    print("|---|---|---|---|---|---|---|---|")
    for row in (low, high):
        print(f"| {row['strong']} v {row['weak']} | {row['pairs']} | {row['games']} | {row['p']:.3f} | "
              f"{row['ci95'][0]:.3f}–{row['ci95'][1]:.3f} | {row['linear_gap']} | {row['gap']} | "
              f"{row['gap_ci95'][0]}–{row['gap_ci95'][1]} |")  # fmt: skip
    print(f"ratings: {ratings}")
    print(json.dumps({"measurements": [low, high], "ratings": ratings}))


if __name__ == "__main__":
    main()
