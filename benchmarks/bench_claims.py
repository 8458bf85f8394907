"""What checking a claim costs (issue 21, *Claim the rest*): claims at tricks 1, 5, 9 and 12, against the review's own
exact solver call, in the same run.

    nice -n 10 python benchmarks/bench_claims.py [--deals 200] [--seed 1] [--at 1,5,9,12]

For each seeded deal (standard rules, standard computers for all four seats), the play goes on until trick
``k`` begins; the seat to lead then claims (:meth:`spades.table.Table.claim_line`: the position, the exact search
:class:`spades.bots.search.Claim` with its budget :data:`spades.table.table.CLAIM_NODES`, and the line when it
holds). Per trick: the milliseconds (p50, p95, max), how many claims held, how many ran past the budget
(``too_early``) and the positions searched (p95, max). The baseline is the review's exact call
(``spades.learn.analysis.Review._known``: :class:`spades.bots.search.Solver` over every distinct card, with 5
tricks to go, where the review starts to use it) on the same deals; ``ratio`` is a trick's p50 over the
baseline's p50. Pyodide in the page's worker is slower than CPython by a steady factor (docs/runtime.md), the
ratio is what carries over.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from spades import Game, Rules, Seat
from spades.bots import make_bot
from spades.bots.search import Claim, ClaimTooDeep, Context, Scorer, Solver, distinct_moves
from spades.bots.sim import Position
from spades.cards import cards_mask
from spades.errors import SpadesError
from spades.game import Phase
from spades.table import Occupant, Table
from spades.table.table import CLAIM_NODES


def played_to(seed: int, trick: int) -> Game | None:
    """The deal of ``seed`` played by standard computers until trick ``trick`` (1-based) begins."""
    game = Game(Rules.from_dict({"preset": "standard"}), seed=seed)
    bot = make_bot("standard", seed)
    while game.phase is Phase.BIDDING or (game.phase is Phase.PLAYING and (len(game.tricks) < trick - 1 or game.trick)):
        game.apply(bot.decide(game.view(game.turn)).move)
    return game if game.phase is Phase.PLAYING else None


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def claim_once(game: Game) -> tuple[float, str, int]:
    seat = game.turn
    assert seat is not None
    table = Table(game.copy(), {s: Occupant("person" if s == seat else "computer") for s in Seat})
    started = time.perf_counter()
    try:
        table.claim_line(seat)
        outcome = "held"
    except SpadesError as error:
        outcome = error.code
    ms = (time.perf_counter() - started) * 1000
    # the positions searched, from a search of its own (the table's is not kept)
    bids = tuple(b if b is not None else 0 for b in game.bids)
    team = int(seat) % 2
    spare = sum(1 << s for s in (team, team + 2) if bids[s] <= 0 and not game.tricks_won[s])
    search = Claim(team, Context(game.rules, bids), spare, CLAIM_NODES)
    try:
        search.holds(Position.from_view(game.view(seat), [cards_mask(game.hand(s)) for s in Seat]))
    except ClaimTooDeep:  # past the budget: the count is the budget
        pass
    return ms, outcome, search.nodes


def review_call(game: Game) -> float:
    """The review's exact call at this position (``Review._known``): every distinct card valued by the Solver."""
    seat = game.turn
    assert seat is not None
    view = game.view(seat)
    bids = tuple(b if b is not None else 0 for b in view.bids)
    started = time.perf_counter()
    solver = Solver(Scorer(view.rules, bids, view.bags, int(seat) % 2), Context(view.rules, bids))
    base = Position.from_view(view, [cards_mask(game.hand(s)) for s in Seat])
    live = base.hands[0] | base.hands[1] | base.hands[2] | base.hands[3]
    for move in distinct_moves(base.legal(), live):
        p = base.copy()
        p.play(move)
        solver.value(p)
    return (time.perf_counter() - started) * 1000


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--at", default="1,5,9,12", help="tricks at which to claim (1-based)")
    args = parser.parse_args()
    tricks = [int(k) for k in args.at.split(",")]
    seeds = range(args.seed, args.seed + args.deals)
    baseline = [review_call(g) for g in (played_to(s, 9) for s in seeds) if g is not None]
    base_p50 = statistics.median(baseline)
    print(
        json.dumps(
            {
                "baseline": "review exact call, 5 tricks to go",
                "n": len(baseline),
                "p50_ms": round(base_p50, 2),
                "p95_ms": round(percentile(baseline, 0.95), 2),
            }
        )
    )
    for k in tricks:
        runs = [claim_once(g) for g in (played_to(s, k) for s in seeds) if g is not None]
        ms = [r[0] for r in runs]
        nodes = [r[2] for r in runs]
        p50 = statistics.median(ms)
        print(
            json.dumps(
                {
                    "trick": k,
                    "n": len(runs),
                    "p50_ms": round(p50, 2),
                    "p95_ms": round(percentile(ms, 0.95), 2),
                    "max_ms": round(max(ms), 1),
                    "ratio_p50": round(p50 / base_p50, 3),
                    "ratio_p95": round(percentile(ms, 0.95) / percentile(baseline, 0.95), 3),
                    "held": sum(r[1] == "held" for r in runs),
                    "too_early": sum(r[1] == "claim_too_early" for r in runs),
                    "nodes_p95": percentile([float(n) for n in nodes], 0.95),
                    "nodes_max": max(nodes),
                }
            )
        )


if __name__ == "__main__":
    main()
