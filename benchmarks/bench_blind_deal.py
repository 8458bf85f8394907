"""How long a host-blind deal and a card's reveal take when every device has a CPU of its own: figures, not tests.

The browser test (tests/browser/test_online_blind.py) plays a hand with four Chromium pages on this machine's two
cores, so its deal time is mostly the four devices waiting for each other's CPU.  Here the four
:class:`~spades.table.blindroom.BlindSeat` devices and the host's :class:`~spades.table.blindroom.BlindRelay` run
in one process, each call's CPU time measured (``cpu_clock.clock``), and a discrete-event simulation puts each
device on its own clock: a message sent when its sender's work is done reaches the relay ``--hop`` ms later, the
relay's work (on the host's clock), then each other device another hop later, where it waits until that device is
free.  The host's page is the relay and the host's own seat's device in one worker, so those two share one clock
and no hop.  What it gives, per hand (p50 and p95 over ``--hands``):

* ``deal``  — from the start (every device's ``hello``) until the last device has opened its 13 cards: what a
  person waits between *Start* (or *Next hand*) and their cards, less the page drawing them;
* ``reveal`` — from a play (the player's device makes its ``play``) until every other device has checked it: the
  part a host-blind card adds to a card's way to every page is this less one hop each way (which a plain table's
  card travels too), shown as ``reveal added``;
* ``deal CPU`` — the busiest device's CPU time during the deal (the floor on a machine with cores to spare).

    python benchmarks/bench_blind_deal.py [--hands 5] [--hop 5]
    node tests/pyodide/run.mjs --script benchmarks/bench_blind_deal.py --hands 3      # the same in Pyodide
"""

from __future__ import annotations

import argparse
import heapq
import statistics
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from cpu_clock import clock, one_power  # noqa: E402

from spades.cards import Seat  # noqa: E402
from spades.rules import PRESETS  # noqa: E402
from spades.table import blind  # noqa: E402
from spades.table.blindroom import BlindRelay, BlindSeat  # noqa: E402

HOST = Seat.S
"""The host's seat: its device shares the relay's clock (one worker) and reaches it without a hop."""
RELAY = "relay"


class World:
    """One hand: the devices, the relay, each actor's clock (seconds) and the messages on their way."""

    def __init__(self, number: int, hop: float) -> None:
        rules, dealer, table = PRESETS["standard"], Seat((number + 3) % 4), f"deal-{number}"
        self.relay = BlindRelay(table, 1, rules, dealer)
        self.seats = {seat: BlindSeat(seat, table, 1, rules, dealer) for seat in Seat}
        self.hop = hop
        self.free: dict[Any, float] = {RELAY: 0.0, **{seat: 0.0 for seat in Seat if seat != HOST}}
        self.cpu: dict[Seat, float] = {seat: 0.0 for seat in Seat}
        self.queue: list[tuple[float, int, Any, Seat | None, dict[str, Any]]] = []
        self.sent = 0
        self.opened: dict[Seat, float] = {}  # when each device had its 13 cards
        self.checked: dict[int, dict[Seat, float]] = {}  # a play's position -> when each other device checked it

    def owner(self, actor: Any) -> Any:
        """Whose clock ``actor`` runs on: the host's device runs on the relay's (the host's worker)."""
        return RELAY if actor == HOST else actor

    def run(self, actor: Any, at: float, work: Any) -> tuple[float, Any]:
        """Do ``work()`` on ``actor``'s clock from ``at`` (or once it is free); when it is done, and what it gave."""
        key = self.owner(actor)
        start = max(at, self.free[key])
        before = clock()
        out = work()
        spent = clock() - before
        self.free[key] = start + spent
        if isinstance(actor, Seat):
            self.cpu[actor] += spent
        return start + spent, out

    def post(self, at: float, to: Any, source: Any, sender: Seat | None, chunk: dict[str, Any]) -> None:
        """``chunk`` from the actor ``source`` to ``to`` (the relay, or a seat with ``sender`` the seat it relays):
        a hop later, or at once within the host's worker."""
        hop = 0.0 if self.owner(to) == self.owner(source) else self.hop
        self.sent += 1
        heapq.heappush(self.queue, (at + hop, self.sent, to, sender, chunk))

    def device_out(self, seat: Seat, done: float, chunks: list[dict[str, Any]]) -> None:
        device = self.seats[seat].device
        if seat not in self.opened and device.dealt:
            self.opened[seat] = done
        for chunk in chunks:
            self.post(done, RELAY, seat, seat, chunk)

    def settle(self) -> None:
        """Deliver every message on its way, in order of arrival."""
        while self.queue:
            at, _n, to, sender, chunk = heapq.heappop(self.queue)
            if to == RELAY:
                assert sender is not None
                done, out = self.run(RELAY, at, lambda s=sender, c=chunk: self.relay.receive(s, c))
                for seat, relayed in out:
                    self.post(done, seat, RELAY, None, relayed)
            else:
                seat = to
                played = len(self.seats[seat].public.positions)
                done, out = self.run(seat, at, lambda s=seat, c=chunk: self.seats[s].receive(c))
                if len(self.seats[seat].public.positions) > played:  # a play checked here
                    self.checked.setdefault(played, {})[seat] = done
                self.device_out(seat, done, out)

    def hand(self) -> dict[str, float]:
        for seat in Seat:
            done, out = self.run(seat, 0.0, self.seats[seat].start)
            self.device_out(seat, done, out)
        self.settle()
        assert len(self.opened) == 4, self.opened
        deal = max(self.opened.values())
        deal_cpu = max(self.cpu.values())
        public = self.relay.public
        reveals = []
        now = max(self.free.values())
        while public.phase in ("bidding", "playing"):
            turn = public.turn if public.turn is not None else next(s for s in Seat if self.seats[s].legal())
            seat = self.seats[turn]
            if public.phase == "bidding":
                legal = seat.view().legal
                done, out = self.run(turn, now, lambda s=seat, b=(3 if 3 in legal else legal[-1]): s.bid(b))
                self.device_out(turn, done, out)
                self.settle()
            else:
                position = len(public.positions)
                done, out = self.run(turn, now, lambda s=seat: s.play(s.legal()[0]))
                self.device_out(turn, done, out)
                self.settle()
                others = self.checked.get(position, {})
                assert set(others) >= set(Seat) - {turn}, (position, others)
                reveals.append(max(at for s, at in others.items() if s != turn) - now)
            now = max(self.free.values())
        return {"deal": deal, "deal_cpu": deal_cpu, "reveal": statistics.median(reveals),
                "reveal_p95": sorted(reveals)[int(0.95 * (len(reveals) - 1))]}  # fmt: skip


def p95(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=5)
    parser.add_argument("--hop", type=float, default=5.0, help="one way, device to host or back, in ms")
    args = parser.parse_args()
    power = one_power()
    for card in range(52):  # the session's setup (blind_prepare, while the table waits), not the deal's
        blind.encode(card)
    blind.generator()
    hop = args.hop / 1000
    hands = [World(n, hop).hand() for n in range(args.hands)]
    print(f"{sys.implementation.name} {sys.version.split()[0]} on {sys.platform}, {args.hands} hands, "
          f"a hop {args.hop:g} ms one way, each device on a CPU of its own")  # fmt: skip

    def line(name: str, values: list[float], note: str) -> None:
        p50 = statistics.median(values)
        print(f"{name:<13} p50 {p50 * 1000:>8.1f} ms  p95 {p95(values) * 1000:>8.1f} ms  {p50 / power:>7.1f} powers"
              f"  {note}")  # fmt: skip

    line("power", [power], "one scalar multiplication of the group (edwards25519, libsodium)")
    line("deal", [h["deal"] for h in hands], "start -> the last device has opened its 13 cards")
    line("deal CPU", [h["deal_cpu"] for h in hands], "the busiest device's CPU time during the deal")
    line("reveal", [h["reveal_p95"] for h in hands], "a play -> every other device checked it (each hand's p95)")
    line("reveal added", [h["reveal_p95"] - 2 * hop for h in hands], "the same less the two hops a plain card takes")


if __name__ == "__main__":
    main()
