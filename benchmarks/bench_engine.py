"""Random full hands per second: this engine vs OpenSpiel's ``spades``, and under Pyodide.

Each hand is dealt, bid and played to the end by choosing uniformly among the
legal moves with one ``random.Random`` (OpenSpiel deals through 52 chance
actions, which are chosen the same way).  The figures are printed as hands per
second of CPU time (``time.process_time``, so other load on the machine
matters less) and as a ratio against OpenSpiel measured in the same process.

    python benchmarks/bench_engine.py            # CPython, OpenSpiel if installed, then Pyodide via node
    node tests/pyodide/run.mjs --script benchmarks/bench_engine.py --inside
"""

from __future__ import annotations

import random
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from spades import Game, Phase  # noqa: E402


def ours(seconds: float) -> float:
    """Hands per second of :class:`spades.Game` driven through its public API."""
    choose = random.Random(1).choice
    hands = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        game = Game(seed=hands)
        while game.phase is Phase.BIDDING or game.phase is Phase.PLAYING:
            game.apply(choose(game.legal_moves()))
        hands += 1
    return hands / (time.process_time() - start)


def openspiel(seconds: float) -> float | None:
    """Hands per second of OpenSpiel's ``spades`` (``pip install open-spiel``), or ``None``."""
    try:
        import pyspiel  # type: ignore[import-not-found]
    except ImportError:
        return None
    game = pyspiel.load_game("spades")
    choose = random.Random(1).choice
    hands = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        state = game.new_initial_state()
        while not state.is_terminal():
            state.apply_action(choose(state.legal_actions()))
        hands += 1
    return hands / (time.process_time() - start)


def driver_floor(seconds: float) -> float:
    """Hands per second of the same driver loop over a do-nothing engine: no engine can beat this."""

    class Idle:
        __slots__ = ("moves", "phase")

        def __init__(self) -> None:
            self.moves = 0
            self.phase = Phase.BIDDING

        def legal_moves(self) -> tuple[int, ...]:
            return (0, 1, 2, 3, 4, 5, 6)

        def apply(self, move: int) -> None:
            self.moves += 1
            if self.moves == 56:
                self.phase = Phase.HAND_OVER

    choose = random.Random(1).choice
    hands = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        game = Idle()
        while game.phase is Phase.BIDDING or game.phase is Phase.PLAYING:
            game.apply(choose(game.legal_moves()))
        hands += 1
    return hands / (time.process_time() - start)


def main() -> None:
    seconds = 3.0
    if "--inside" in sys.argv:  # running inside Pyodide
        print(f"pyodide  spades  {ours(seconds):9.0f} hands/s")
        return
    rate = ours(seconds)
    print(f"cpython  spades     {rate:9.0f} hands/s")
    other = openspiel(seconds)
    if other is None:
        print("cpython  open_spiel  (not installed: pip install open-spiel)")
    else:
        print(f"cpython  open_spiel {other:9.0f} hands/s   spades/open_spiel = {rate / other:.2f}x")
    floor = driver_floor(seconds)
    print(f"cpython  driver only{floor:9.0f} hands/s   (56 random choices and calls, no engine: the ceiling)")
    runner = ROOT / "tests" / "pyodide" / "run.mjs"
    if (ROOT / "node_modules" / "pyodide").is_dir():
        proc = subprocess.run(
            ["node", str(runner), "--script", "benchmarks/bench_engine.py", "--inside"],
            cwd=ROOT, capture_output=True, text=True, check=False,
        )  # fmt: skip
        line = proc.stdout.strip().splitlines()[-1:] or [proc.stderr.strip()]
        pyodide_rate = float(line[0].split()[2]) if proc.returncode == 0 else None
        print(line[0] + (f"   pyodide/cpython = {pyodide_rate / rate:.2f}x" if pyodide_rate else ""))


if __name__ == "__main__":
    main()
