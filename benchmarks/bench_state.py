"""Size of a viewer state by hands played, before and after the bounded state (issue 19, item 6).

    python benchmarks/bench_state.py [--hands 1,10,20,40,60] [--seed 11]

Plays a seeded game whose target is never reached (South a person playing its first legal card, the others
``beginner`` computers, every decision the first legal move so the run is quick) and, at the end of each hand
asked for, measures South's state as JSON text (UTF-8 bytes, as the room sends it):

* ``before``: the state as it was (every scored hand's ``results`` and ``sheets`` in it:
  :meth:`Table.full_state`, less the new fields), what every peer received on every move;
* ``after``: the state now (``hands_scored``, ``last_result``, ``last_sheet``);
* ``sheets_answers``: how many room ``sheets`` answers (:data:`spades.table.room.SHEETS_BYTES` each at most) a
  guest that joined at that point needs to fetch every hand, and the largest one's bytes.

Prints one JSON object, and with ``--table`` a Markdown table.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from spades import Seat
from spades.table import Occupant, Table
from spades.table.room import SHEETS_BYTES

NEW_FIELDS = ("hands_scored", "last_result", "last_sheet")


def size(value: object) -> int:
    return len(json.dumps(value, ensure_ascii=False).encode())


def first_legal(level: str, view: Any, seed: int) -> tuple[Any, None]:
    return view.legal[0], None


def answers(table: Table) -> tuple[int, int]:
    """How many ``sheets`` answers carry every scored hand, and the largest one's size (the room's packing)."""
    scored = table.scored_hands()
    count, largest, current, used = 0, 0, 0, 0
    for result, sheet in zip(scored["results"], scored["sheets"], strict=True):
        one = size([result, sheet])
        if used and current + one > SHEETS_BYTES:
            count, largest, current, used = count + 1, max(largest, current), 0, 0
        current, used = current + one, used + 1
    if used:
        count, largest = count + 1, max(largest, current)
    return count, largest


def measure(marks: list[int], seed: int) -> list[dict[str, int]]:
    seats = {s: Occupant("person") if s is Seat.S else Occupant("computer", "beginner") for s in Seat}
    table = Table.new({"target": 1_000_000, "mercy": None}, seed=seed, seats=seats, decide=first_legal)
    rows: list[dict[str, int]] = []
    while len(rows) < len(marks):
        done = len(table.game.results)
        state = table.state("S")
        if state["phase"] == "hand-over" and done in marks and all(row["hands"] != done for row in rows):
            full = table.full_state("S")
            before = {k: v for k, v in full.items() if k not in NEW_FIELDS}
            count, largest = answers(table)
            rows.append(
                {
                    "hands": done,
                    "before_bytes": size(before),
                    "after_bytes": size(state),
                    "sheets_answers": count,
                    "largest_answer_bytes": largest,
                }
            )
        if table.computer_to_move() is not None:
            table.step()
        elif state["phase"] == "hand-over":
            table.act(Seat.S, {"type": "next_hand"})
        elif state["phase"] == "bidding":
            table.act(Seat.S, {"type": "bid", "bid": state["legal_bids"][-1]})
        else:
            table.act(Seat.S, {"type": "play", "card": next(h["card"] for h in state["hand"] if h["legal"])})
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", default="1,10,20,40,60", help="hand counts to measure at (comma-separated)")
    parser.add_argument("--seed", type=int, default=11)
    parser.add_argument("--table", action="store_true", help="also print a Markdown table")
    args = parser.parse_args()
    try:
        marks = sorted({int(n) for n in args.hands.split(",")})
    except ValueError:
        parser.error(f"--hands must be whole numbers separated by commas, got {args.hands!r}")
    if not marks or marks[0] < 1:
        parser.error("--hands must be 1 or more")
    rows = measure(marks, args.seed)
    print(json.dumps({"seed": args.seed, "sheets_bytes": SHEETS_BYTES, "rows": rows}))
    if args.table:
        print("| hands played | state before | state after | sheets answers to fetch all |")
        print("|---:|---:|---:|---:|")
        for row in rows:
            print(
                f"| {row['hands']} | {row['before_bytes'] / 1000:.1f} KB | {row['after_bytes'] / 1000:.1f} KB"
                f" | {row['sheets_answers']} (largest {row['largest_answer_bytes'] / 1000:.1f} KB) |"
            )


if __name__ == "__main__":
    main()
