"""Decision times of the computer players, in CPython, inside Pyodide, or in the page's worker in Chromium.

    python benchmarks/bench_bots.py [--hands 8] [--level expert] [--budget 0.24]   (--budget 0: no clock)
    node tests/pyodide/run.mjs --script benchmarks/bench_bots.py --hands 4
    python benchmarks/bench_bots.py --browser [--hands 4]   (after `make setup`; SPADES_CHROMIUM picks the browser)

Seats N and S play ``--level`` against two ``standard`` bots over ``--hands``
seeded single hands; prints one JSON object with the percentiles (ms) of the
measured level's decisions: all of them, bids, and card plays, in wall-clock
time and in CPU time (``cpu_*``: steadier on a busy machine).

``--browser`` serves the repository as ``scripts/serve.py`` does, opens the game page in headless Chromium
(1280×800) and, once it waits for the person, plays the same match through the page's own engine worker
(``window.spades.engine``: the operations ``new`` and ``step``, the bots with the page's settings, so
``--budget`` does not apply): the times are measured on the main thread around each ``step`` (the worker's
whole answer, message passing included). ``long_tasks`` lists main-thread tasks over 50 ms meanwhile.
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


STEP_THROUGH = """async ({hands, seed, level}) => {
  const engine = window.spades.engine;
  const long = [];
  const observer = new PerformanceObserver((list) => { for (const e of list.getEntries()) long.push(e.duration); });
  observer.observe({type: "longtask"});
  const seats = {};
  for (const s of "NESW") seats[s] = {occupant: "computer", level: "NS".includes(s) ? level : "standard"};
  const bid = [], play = [];
  for (let h = 0; h < hands; h++) {
    let answer = await engine.call("new", {table: "bench", seed: seed + h, seats});
    while (answer.state.phase === "bidding" || answer.state.phase === "playing") {
      const seat = answer.state.turn, phase = answer.state.phase;
      const start = performance.now();
      answer = await engine.call("step", {table: "bench"});
      const ms = performance.now() - start;
      if ("NS".includes(seat)) (phase === "bidding" ? bid : play).push(ms / 1000);
    }
  }
  await engine.call("close", {table: "bench"});
  observer.disconnect();
  return {bid, play, long, agent: navigator.userAgent};
}"""


def in_browser(args: argparse.Namespace) -> dict[str, object]:
    """The match through the game page's engine worker in headless Chromium (see the module docstring)."""
    import os
    import threading

    root = Path(__file__).resolve().parent.parent
    sys.path.insert(0, str(root / "scripts"))
    sys.path.insert(0, str(root / "tests" / "browser"))
    import serve
    from conftest import ARGS, Table
    from playwright.sync_api import sync_playwright

    httpd = serve.make_server(port=0)
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{httpd.server_address[1]}"
    start = time.perf_counter()
    try:
        with sync_playwright() as playwright:
            executable = os.environ.get("SPADES_CHROMIUM") or "/usr/bin/chromium"
            options: dict[str, object] = {"args": ARGS, "headless": True}
            if Path(executable).exists():
                options["executable_path"] = executable
            browser = playwright.chromium.launch(**options)
            page = browser.new_page(viewport={"width": 1280, "height": 800})
            Table(page, base).open("fresh=1&speed=instant&sound=0")
            page.set_default_timeout(600_000)
            found = page.evaluate(STEP_THROUGH, {"hands": args.hands, "seed": args.seed, "level": args.level})
            browser.close()
    finally:
        httpd.shutdown()
    agent = str(found["agent"])
    version = agent.split("Chrome/")[1].split()[0] if "Chrome/" in agent else agent
    return {
        "level": args.level,
        "runtime": f"Chromium {version}, the page's engine worker",
        "hands": args.hands,
        "all": percentiles(found["bid"] + found["play"]),
        "bid": percentiles(found["bid"]),
        "play": percentiles(found["play"]),
        "long_tasks": sorted(round(ms) for ms in found["long"]),
        "seconds": round(time.perf_counter() - start, 1),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=8)
    parser.add_argument("--level", default="expert")
    parser.add_argument("--budget", type=float, default=None, help="expert time budget (default: the bot's; 0: none)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--browser", action="store_true", help="in the game page's worker in headless Chromium")
    args = parser.parse_args(argv)
    if args.browser:
        print(json.dumps(in_browser(args)))
        return 0
    options = {"time_budget": args.budget or None} if args.budget is not None and args.level == "expert" else {}
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
