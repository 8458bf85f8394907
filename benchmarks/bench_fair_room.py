"""What commit–reveal adds to the start of a hand in the room (spades/table/fairdeal.py): figures, not timed tests.

A room with the host at South, two guests whose pages take part (each a ``fair.Contributor``, as a guest's worker
runs it) and a computer at West plays hands; at each hand's end a guest asks for the next hand.  Measured, in CPU
time, the median over the hands:

* ``plain``   — what the room did for *Next hand* before commit–reveal: the table's seeded deal on a copy
  (``clone``, ``act next_hand``) and every member's state;
* ``fair``    — what the room does now for the same intent: the same, the fair deal of the round's seed (the
  seed, the engine's deal, the hand dealt again from the end of the one before) and the ``fair`` messages;
* ``check``   — a guest's device checking the deal it is told (4 commitments, the seed, its own cards);
* ``round``   — the round of the next hand, which goes while this one is played (not on the critical path): the
  host's draws, the guests' commitments, the four-commitments message, the reveals, each guest's answers.

``ratio`` is ``fair / plain``: what the start of a hand costs the host's worker with commit–reveal against without.
No message lies on the critical path of hands 2 on (the round is complete before the hand ends); hand 1's start
waits for one round trip to each page and back twice (commit, then reveal), plus the guests' worker calls.

    python benchmarks/bench_fair_room.py [--hands 8]
    node tests/pyodide/run.mjs --script benchmarks/bench_fair_room.py --hands 4      # the same in Pyodide
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from cpu_clock import clock  # noqa: E402

from spades.cards import Seat  # noqa: E402
from spades.rules import Rules  # noqa: E402
from spades.table import fair  # noqa: E402
from spades.table.room import HOST, Room, RoomConfig  # noqa: E402
from spades.table.table import clone  # noqa: E402

GUESTS = {"p-n": Seat.N, "p-e": Seat.E}


class Bench:
    def __init__(self) -> None:
        self.room = Room(Rules.from_dict({"preset": "standard", "target": 5000}), RoomConfig(), "Host", Seat.S)
        self.devices = {peer: fair.Contributor() for peer in GUESTS}
        self.now = 1000.0
        self.counters: dict[str, int] = {}
        self.round_cpu = 0.0
        self.check_cpu: list[float] = []
        for peer, seat in GUESTS.items():
            self.send(peer, {"t": "hello", "name": peer})
            self.send(peer, {"t": "fair", "on": True})
            self.send(peer, {"t": "sit", "seat": seat.name})
            self.send(peer, {"t": "ready", "ready": True})
        self.send(HOST, {"t": "fill", "seat": "W", "level": "beginner"})
        self.send(HOST, {"t": "start"})

    def deliver(self, out: list[tuple[str, dict]]) -> None:
        queue = []
        for peer, message in out:
            if peer not in self.devices:
                continue
            message = json.loads(json.dumps(message))
            if message["t"] == "state" and message["state"]["me"] == GUESTS[peer].name:
                hand = [card["card"] for card in message["state"]["hand"]]
                self.devices[peer].saw_hand(message["state"]["hand_number"], GUESTS[peer], hand)
            if message["t"] == "fair":
                start = clock()
                send, verdict = self.devices[peer].answer(message, GUESTS[peer])
                spent = clock() - start
                if verdict is not None:
                    assert verdict.ok, verdict.line
                    self.check_cpu.append(spent)
                else:
                    self.round_cpu += spent
                if send is not None:
                    queue.append((peer, send))
        for peer, send in queue:
            start = clock()
            answer = self.room.receive(peer, send, self.now)
            self.round_cpu += clock() - start
            self.deliver(answer)

    def send(self, peer: str, message: dict) -> list[tuple[str, dict]]:
        out = self.room.receive(peer, message, self.now)
        self.deliver(out)
        return out

    def play_hand(self) -> None:
        table = self.room.table
        assert table is not None
        while table.game.phase.value in ("bidding", "playing"):
            seat = table.game.turn
            if seat == Seat.W:
                self.deliver(self.room.step(self.now))
            else:
                peer = HOST if seat == Seat.S else next(p for p, s in GUESTS.items() if s == seat)
                state = table.state(seat.name)
                if state["phase"] == "bidding":
                    intent = {"type": "bid", "bid": 2 if 2 in state["legal_bids"] else state["legal_bids"][-1]}
                else:
                    intent = {"type": "play", "card": next(h["card"] for h in state["hand"] if h["legal"])}
                self.counters[peer] = self.counters.get(peer, 0) + 1
                self.send(peer, {"t": "intent", "n": self.counters[peer], "intent": intent})
            self.now += 200
            table = self.room.table
            assert table is not None

    def next_hand(self) -> tuple[float, float]:
        """``(plain, fair)`` CPU seconds for a *Next hand* intent."""
        room = self.room
        assert room.table is not None and room.fair.round is not None and room.fair.round.complete()
        start = clock()
        work = clone(room.table)
        work.act(Seat.N, {"type": "next_hand"})
        for member in room.members.values():  # every member's state, as _states() makes them
            if member.seat is not None:
                work.state(member.seat.name)
        plain = clock() - start
        self.now += 1000
        self.counters["p-n"] = self.counters.get("p-n", 0) + 1
        message = {"t": "intent", "n": self.counters["p-n"], "intent": {"type": "next_hand"}}
        start = clock()
        out = room.receive("p-n", message, self.now)
        spent = clock() - start
        number = room.table.game.hand_number if room.table is not None else 0
        assert number == work.game.hand_number, "the hand was not dealt at once"
        self.deliver(out)
        return plain, spent


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--hands", type=int, default=8)
    args = parser.parse_args(sys.argv[1:])
    bench = Bench()
    plain, fair_cpu, rounds = [], [], []
    for _ in range(args.hands):
        bench.play_hand()
        before = bench.round_cpu
        p, f = bench.next_hand()
        rounds.append(bench.round_cpu - before)
        plain.append(p)
        fair_cpu.append(f)
    version = sys.version.split()[0]
    print(f"{sys.implementation.name} {version} on {sys.platform}, {args.hands} hands")
    ms = 1000
    p, f = statistics.median(plain), statistics.median(fair_cpu)
    print(f"plain  {p * ms:8.2f} ms  the room's Next hand before commit–reveal (seeded deal, states)")
    print(f"fair   {f * ms:8.2f} ms  the room's Next hand now (median; least {min(fair_cpu) * ms:.2f} ms)")
    print(f"ratio  {f / p:8.2f}     fair / plain")
    print(f"check  {statistics.median(bench.check_cpu) * ms:8.2f} ms  a guest's device checks the deal it is told")
    print(f"round  {statistics.median(rounds) * ms:8.2f} ms  the next hand's round, during the hand (all devices)")


if __name__ == "__main__":
    main()
