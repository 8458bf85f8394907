"""The CPU clock the fair-play benchmarks share (bench_fair, bench_fair_room, bench_blindroom, bench_blindtable),
:class:`Timed` to add up the CPU time of calls, and one
scalar multiplication of the group as their unit, so figures from busy or quiet machines and from CPython or Pyodide
compare.  Imported from the script's own folder (``python benchmarks/bench_x.py`` and
``node tests/pyodide/run.mjs --script benchmarks/bench_x.py`` both put it on the path)."""

from __future__ import annotations

import sys
import time
from collections.abc import Callable
from typing import Any

from spades.table import blind

if sys.platform == "emscripten":  # Pyodide under Node: its process_time is the wall's; Node's own CPU clock
    import js

    def clock() -> float:
        used = js.process.cpuUsage()
        return (used.user + used.system) / 1e6

else:

    def clock() -> float:
        return time.process_time()


def one_power() -> float:
    """Seconds for one scalar multiplication of the group: the least of 5 batches of 20 (on a
    busy machine, or where the clock is the wall's, the least is the cost)."""
    x = blind.encode(0)
    best = float("inf")
    for _ in range(5):
        keys = [blind.new_key() for _ in range(20)]
        start = clock()
        for k in keys:
            blind.power(x, k)
        best = min(best, (clock() - start) / len(keys))
    return best


class Timed:
    """Adds up the CPU time of calls (:func:`clock`) and counts them."""

    def __init__(self) -> None:
        self.seconds = 0.0
        self.calls = 0

    def wrap(self, function: Callable[..., Any]) -> Callable[..., Any]:
        """``function``, its CPU time added to :attr:`seconds` and its calls to :attr:`calls`."""

        def timed(*args: Any, **kwargs: Any) -> Any:
            start = clock()
            try:
                return function(*args, **kwargs)
            finally:
                self.seconds += clock() - start
                self.calls += 1

        return timed
