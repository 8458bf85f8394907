"""What a player's profile costs: its size per game, and the worker's time to read it and draw its report.

Profiles of 100, 500 and 2,000 games (random finished games of about 12 hands, every third rated) are
measured through :func:`spades.worker.handle` with JSON text in and out, as the page calls it, in CPU time
in one process. The baseline is the cheapest thing the page does on every move: the ``state`` operation of
a table in the middle of a hand. ``check`` reads and validates a profile (the first operation after the page
reads it from storage; later ones reuse it), ``report`` is everything the profile dialog shows (statistics,
rating, three SVG charts), ``brief`` the rating a table shows, ``add`` adds one finished game (measured
with the profile's text unchanged, so it includes reading it again: on the page, where each operation
passes the text the previous one returned, it does not).

    python benchmarks/bench_profile.py              # CPython, then Pyodide via node
    node tests/pyodide/run.mjs --script benchmarks/bench_profile.py --inside
"""

from __future__ import annotations

import json
import random
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from spades import worker  # noqa: E402
from spades.stats.profile import FORMAT, check_profile  # noqa: E402

SIZES = (100, 500, 2000)


def random_hand(rng: random.Random) -> dict:
    tricks = [0, 0, 0, 0]
    for _ in range(13):
        tricks[rng.randrange(4)] += 1
    bids = [rng.choice(["nil", 1, 2, 3, 4, 5]) for _ in range(4)]
    made = [rng.random() < 0.8, rng.random() < 0.8]
    return {
        "bids": bids,
        "tricks": tricks,
        "made": made,
        "points": [rng.randrange(-150, 160), rng.randrange(-150, 160)],
        "bags": [rng.randrange(4), rng.randrange(4)],
        "penalty": [-100 if rng.random() < 0.05 else 0, 0],
    }


def random_profile(games: int, seed: int = 1) -> str:
    rng = random.Random(seed)
    out = []
    for i in range(games):
        rated = i % 3 == 0
        day = 1 + i * 330 // games  # about eleven months (28-day months keep the dates simple)
        out.append(
            {
                "id": f"g{i}",
                "kind": "solo_rated" if rated else "solo",
                "at": f"2026-{1 + (day - 1) // 28:02d}-{1 + (day - 1) % 28:02d}T12:00:{i % 60:02d}Z",
                "preset": "igame",
                "seat": "S",
                "players": {s: {"name": None, "level": "standard", "rating": 1000 if rated else None} for s in "NEW"},
                "winner": rng.choice(["NS", "EW"]),
                "score": {"NS": 300, "EW": 120},
                "hands": [random_hand(rng) for _ in range(12)] if i >= games - 500 else None,
            }
        )
    out.sort(key=lambda g: g["at"])
    data = {"format": FORMAT, "name": "Ann", "color": "#1e88e5", "created": "2026-01-01", "games": out}
    return json.dumps(check_profile(data), separators=(",", ":"))


def per_call(op: str, args: dict, seconds: float) -> float:
    """Seconds of CPU per call of ``op`` (at least 3 calls)."""
    text = json.dumps(args)
    calls = 0
    start = time.process_time()
    while calls < 3 or time.process_time() - start < seconds:
        answer = worker.handle(op, text)
        calls += 1
    assert '"error"' not in answer[:20], answer[:200]
    return (time.process_time() - start) / calls


def measure(where: str, seconds: float) -> None:
    worker.handle("new", json.dumps({"table": "bench", "seed": 3}))
    worker.handle("act", json.dumps({"table": "bench", "seat": "N", "intent": {"type": "bid", "bid": 3}}))
    base = per_call("state", {"table": "bench", "viewer": "S"}, seconds)
    print(f"{where:<8} state (baseline, every move)   {base * 1e3:8.2f} ms")
    game = {"seats": {s: {"occupant": "computer"} for s in "NESW"}}
    worker.handle("new", json.dumps({"table": "done", "seed": 4, **game}))
    for _ in range(20_000):
        if json.loads(worker.handle("step", json.dumps({"table": "done"})))["event"] is None:
            break
    for games in SIZES:
        text = random_profile(games)
        worker._held[0] = None  # a fresh read, as after a page load
        check = per_call("profile_check", {"profile": text + " "}, seconds)  # text differs: validated each time
        report = per_call("profile_report", {"profile": text, "today": "2027-02-01", "lang": "zh-Hans"}, seconds)
        brief = per_call("profile_report", {"profile": text, "today": "2027-02-01", "brief": True}, seconds)
        add = per_call(
            "profile_add",
            {"profile": text, "today": "2027-02-01", "kind": "solo_rated", "id": "new", "at": "2027-02-01T00:00:00Z",
             "table": "done", "viewer": "S"},
            seconds,
        )  # fmt: skip
        size = f"{games:5d} games {len(text) / 1024:7.0f} KB ({len(text) / games:4.0f} B/game)"
        print(
            f"{where:<8} {size}  check {check * 1e3:7.1f} ms = {check / base:5.0f}x  "
            f"report {report * 1e3:7.1f} ms = {report / base:5.0f}x  "
            f"brief {brief * 1e3:6.1f} ms  add {add * 1e3:7.1f} ms"
        )


def main() -> None:
    seconds = 0.5
    if "--inside" in sys.argv:
        measure("pyodide", seconds)
        return
    measure("cpython", seconds)
    runner = ROOT / "tests" / "pyodide" / "run.mjs"
    if (ROOT / "node_modules" / "pyodide").is_dir():
        proc = subprocess.run(
            ["node", str(runner), "--script", "benchmarks/bench_profile.py", "--inside"],
            cwd=ROOT, capture_output=True, text=True, check=False,
        )  # fmt: skip
        print(proc.stdout.strip() if proc.returncode == 0 else proc.stderr.strip()[-500:])


if __name__ == "__main__":
    main()
