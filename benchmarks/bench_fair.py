"""What fair deals cost (spades.table.fair, spades.table.blind): figures, not timed tests.

Four devices deal and play host-blind hands in one process.  Each device's work is measured in CPU time per
message, and an event simulation with a free network (every message arrives the moment it is sent; each device
does one thing at a time, the devices in parallel) gives:

* ``deal``   — from the first ``hello`` to the last seat holding its 13 cards, with a free network (median, p95
  and least over the hands: where the clock is the wall's, as in Pyodide, on a busy machine the least is the cost);
* ``device`` — the CPU time one device spends on the deal (the busiest of the four);
* ``card``   — what checking one played card costs a device (median);
* ``audit``  — the end-of-hand audit on one device (median, p95, least);
* ``bytes``  — the hand's messages as JSON (the relay forwards each to three devices), and per device received;
* ``setup``  — once per session: the 52 cards' group elements and the generator;
* ``commit`` — a commit–reveal deal: 4 commitments, 4 checks, the seed and the engine's deal.

Each figure is also given as a ratio to ``power``: one scalar multiplication of the group (edwards25519,
libsodium) in the same run, so runs on busy or quiet machines compare.

    python benchmarks/bench_fair.py [--hands 5]
    node tests/pyodide/run.mjs --script benchmarks/bench_fair.py --hands 3      # the same in Pyodide
"""

from __future__ import annotations

import argparse
import heapq
import json
import statistics
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from cpu_clock import clock, one_power  # noqa: E402

from spades.cards import Seat  # noqa: E402
from spades.game import Game, Phase  # noqa: E402
from spades.table import blind, fair  # noqa: E402
from spades.table.blind import Device  # noqa: E402


def p95(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]


def hand(number: int) -> dict[str, float]:
    """One host-blind hand: the simulated deal time, the busiest device's CPU, a card's check, an audit, bytes."""
    devices = [Device(seat, "bench", number) for seat in Seat]
    free = [0.0] * 4  # when each device is next idle (simulated time)
    busy = [0.0] * 4
    dealt_at = [0.0] * 4
    events: list[tuple[float, int, dict]] = []
    seq = 0
    sent: list[dict] = []
    for device in devices:
        for message in device.start():
            heapq.heappush(events, (0.0, seq, message))
            seq += 1
    while events:
        at, _, message = heapq.heappop(events)
        sent.append(message)
        for i, device in enumerate(devices):
            start = max(at, free[i])
            before = clock()
            out = device.receive(message)
            spent = clock() - before
            free[i] = start + spent
            busy[i] += spent
            if device.dealt and not dealt_at[i]:
                dealt_at[i] = free[i]
            for reply in out:
                heapq.heappush(events, (free[i], seq, reply))
                seq += 1
    deal_time = max(dealt_at)
    device_time = max(busy)
    game = Game(deal={seat: list(devices[seat].cards.values()) for seat in Seat}, dealer=Seat.W)
    bids = []
    while game.phase is Phase.BIDDING:
        bids.append(3 if 3 in game.legal_moves() else game.legal_moves()[0])
        game.bid(bids[-1])
    checks = []
    while game.phase is Phase.PLAYING:
        card = game.legal_moves()[0]
        message = devices[game.turn].play(card)
        sent.append(message)
        for device in devices:
            before = clock()
            device.receive(message)
            checks.append(clock() - before)
        game.play(card)
    for device in devices:
        message = device.reveal()
        sent.append(message)
        for other in devices:
            other.receive(message)
    before = clock()
    audit = devices[number % 4].audit(Seat.W, bids)
    audit_time = clock() - before
    assert audit.ok, audit.verification.line
    total = sum(len(json.dumps(m)) for m in sent)
    return {
        "deal": deal_time,
        "device": device_time,
        "card": statistics.median(checks),
        "audit": audit_time,
        "bytes": total,
        "received": total - sum(len(json.dumps(m)) for m in sent if m["from"] == "N"),
    }


def commit_deal() -> float:
    start = clock()
    runs = 50
    for n in range(runs):
        secrets = {seat: fair.new_secret() for seat in Seat}
        commits = {seat: fair.commitment("bench", n, seat, s) for seat, s in secrets.items()}
        for seat in Seat:
            fair.check_reveal("bench", n, seat, secrets[seat], commits[seat])
        fair.deal_of(fair.combine("bench", n, secrets))
    return (clock() - start) / runs


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=5)
    args = parser.parse_args()
    start = clock()
    for card in range(52):
        blind.encode(card)
    blind.generator()
    setup = clock() - start
    power = one_power()
    hands = [hand(n + 1) for n in range(args.hands)]
    commit = commit_deal()
    power = min(power, one_power())

    def line(name: str, seconds: float, note: str = "") -> None:
        print(f"{name:7} {seconds * 1000:9.2f} ms  {seconds / power:8.1f} powers  {note}")

    print(f"{sys.implementation.name} {sys.version.split()[0]} on {sys.platform}, {args.hands} hands")
    line("power", power, "one scalar multiplication of the group (edwards25519, libsodium)")
    deals = [h["deal"] for h in hands]
    line("deal", statistics.median(deals), f"median; p95 {p95(deals) * 1000:.0f}, least {min(deals) * 1000:.0f} ms")
    line("device", statistics.median(h["device"] for h in hands), "the busiest device's CPU for one deal (median)")
    line("card", statistics.median(h["card"] for h in hands), "checking one played card, per device")
    audits = [h["audit"] for h in hands]
    line("audit", statistics.median(audits), f"median; p95 {p95(audits) * 1000:.0f}, least {min(audits) * 1000:.0f} ms")
    line("setup", setup, "once per session: the cards' elements and the generator")
    line("commit", commit, "a commit–reveal deal (4 commitments, checks, seed, the engine's deal)")
    total = statistics.median(h["bytes"] for h in hands)
    received = statistics.median(h["received"] for h in hands)
    print(f"bytes   {total / 1024:9.1f} kB the hand's messages as JSON; {received / 1024:.1f} kB received by a device")


if __name__ == "__main__":
    main()
