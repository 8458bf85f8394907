"""A level against the opponent field (issue 20): the figures of docs/bots.md's table "the field".

    python benchmarks/bench_field.py [--ns expert] [--deals 100] [--seed 20261201] [--jobs N] [--members all]
    python benchmarks/bench_field.py --from results.jsonl      (the lines ``python -m spades arena --field`` printed)

Plays ``--ns`` (a level, or ``LEVEL,LEVEL`` for a mixed pair such as ``expert,standard``) against every
member of :data:`spades.bots.FIELD` over the same duplicate deals, the expert with its clock off (exactly
reproducible), in ``--jobs`` processes (default: every core; the results are those of a serial run).  Prints
the JSON line of each member and of the pool (as ``python -m spades arena --field`` does), then a Markdown
table: per member its style, the difference in points per hand with its 95% interval, contracts made, nils
made and bags per hand of both sides, and the seconds the run took.  ``--from`` only formats saved lines.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from spades.bots import FIELD, make_bot
from spades.bots.arena import default_jobs, field_members, run_field


def style(member: str) -> str:
    """The first sentence of the member's docstring, without its name."""
    if member == "pool":
        return "all of the above, each deal once per member"
    doc = (type(make_bot(member)).__doc__ or "").strip().split("\n\n")[0]
    first = " ".join(doc.split()).split(": ", 1)[-1]
    return first.split(". ")[0].rstrip(".")


def row(line: dict[str, Any]) -> str:
    ns, ew = line["sides"]["ns"], line["sides"]["ew"]
    diff = line["difference"]
    low, high = diff["ci95"]

    def nil(side: dict[str, Any]) -> str:
        return f"{side['nil']['made']}/{side['nil']['bids']}"

    return (
        f"| {line['ew']} | {style(line['ew'])} | **{diff['points_per_hand']:+.1f}** | [{low:.1f}, {high:.1f}] "
        f"| {diff['units']} | {ns['contracts_made_pct']}% vs {ew['contracts_made_pct']}% | {nil(ns)} vs {nil(ew)} "
        f"| {ns['bags_per_hand']:.2f} vs {ew['bags_per_hand']:.2f} |"
    )


def table(lines: list[dict[str, Any]]) -> str:
    head = (
        f"| {lines[0]['ns']} vs | style | points/hand | 95% CI | deals | contracts made | nils made | bags/hand |\n"
        "|---|---|---|---|---|---|---|---|"
    )
    return "\n".join([head, *(row(line) for line in lines)])


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--ns", default="expert")
    parser.add_argument("--deals", type=int, default=100)
    parser.add_argument("--seed", type=int, default=20261201)
    parser.add_argument("--jobs", type=int, default=None)
    parser.add_argument("--members", default="all")
    parser.add_argument("--from", dest="source", default=None, help="format the JSON lines of this file")
    args = parser.parse_args()
    if args.source:
        lines = [json.loads(text) for text in Path(args.source).read_text(encoding="utf-8").splitlines() if text]
        print(table(lines))
        return 0
    jobs = args.jobs or default_jobs()
    start = time.perf_counter()
    result = run_field(
        args.ns,
        members=field_members(args.members),
        deals=args.deals,
        seed=args.seed,
        duplicate=True,
        options={"expert": {"time_budget": None}},
        jobs=jobs,
    )
    seconds = time.perf_counter() - start
    lines = [*result["members"], result["pool"]]
    for line in lines:
        print(json.dumps(line, ensure_ascii=False))
    print(table(lines))
    units = result["pool"]["difference"]["units"]
    print(json.dumps({"seconds": round(seconds, 1), "jobs": jobs, "deals": units, "members": len(FIELD)}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
