"""What the room adds to a host-blind hand (spades.table.room with spades.table.blindtable): figures, not timed tests.

A blind table of four people (the host at South); each page's device (a :class:`BlindSeat`) is started from the
room's state and every chunk goes through :meth:`Room.receive`, as tests/portable/test_blindtable.py plays it; each
hand is followed by *Next hand*.  CPU time (``time.process_time``; in Pyodide, Node's ``process.cpuUsage``), per
hand, the median:

* ``room``      — the host's room for the whole hand: every chunk through ``receive`` (the relay's work included);
* ``relay``     — the relay's part of it (:class:`BlindRelay`: chunks, checks, the audit at the end);
* ``overhead``  — ``room`` less ``relay``: the room's own part (the states of the public hand to the five members,
  rebuilding the audited hand with the engine and its table taking it);
* ``settle``    — of that, the end: rebuild, adopt, the table's states;
* ``state``     — one member's state of a blind hand (:func:`blind_state`), against ``table`` (the table's own
  :meth:`~spades.table.Table.state` at the same point);
* ``device``    — one page's state with its own cards (:func:`with_device`, the worker's ``blind_state``);
* ``states``    — the states' bytes a hand, to the four people.

Each time is also given as a ratio to ``power`` (one scalar multiplication of the group, the cipher's one
operation) in the same run.

    python benchmarks/bench_blindtable.py [--hands 2]
    node tests/pyodide/run.mjs --script benchmarks/bench_blindtable.py --hands 1      # the same in Pyodide
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from cpu_clock import Timed, clock, one_power  # noqa: E402

from spades.cards import Seat  # noqa: E402
from spades.game import Phase  # noqa: E402
from spades.rules import Rules  # noqa: E402
from spades.table import blind, blindtable  # noqa: E402
from spades.table.blindroom import BlindRelay, BlindSeat  # noqa: E402
from spades.table.room import HOST, Room, RoomConfig  # noqa: E402


class Bench:
    def __init__(self) -> None:
        rules = Rules.from_dict({"preset": "standard", "target": 10_000, "mercy": -10_000})
        self.room = Room(rules, RoomConfig("casual", blind=True), "Sam", Seat.S, seed=3)
        self.peers = {seat: HOST if seat == Seat.S else "p-" + seat.name for seat in Seat}
        self.devices: dict[Seat, BlindSeat] = {}
        self.states: dict[Seat, dict[str, Any]] = {}
        self.room_time, self.relay_time, self.settle_time = Timed(), Timed(), Timed()
        self.state_time = Timed()
        self.bytes = 0
        self.now = 1000.0
        receive = self.room_time.wrap(self.room.receive)
        self.receive = receive
        settle = self.settle_time.wrap(self.room._blind_settle)
        self.room._blind_settle = settle  # type: ignore[method-assign]
        blindtable.blind_state = self.state_time.wrap(blindtable.blind_state)  # type: ignore[assignment]
        sys.modules["spades.table.room"].blind_state = blindtable.blind_state  # type: ignore[attr-defined]
        for seat in (Seat.N, Seat.E, Seat.W):
            peer = self.peers[seat]
            self.deliver(receive(peer, {"t": "hello", "name": "P" + seat.name}, self.now))
            self.deliver(receive(peer, {"t": "sit", "seat": seat.name}, self.now))
            self.deliver(receive(peer, {"t": "ready", "ready": True}, self.now))

    def watch_relay(self) -> None:
        relay = self.room.blind
        if isinstance(relay, BlindRelay) and not getattr(relay, "_timed", False):
            relay.receive = self.relay_time.wrap(relay.receive)  # type: ignore[method-assign]
            relay._timed = True  # type: ignore[attr-defined]

    def deliver(self, out: list[tuple[str, dict[str, Any]]]) -> None:
        queue = list(out)
        while queue:
            peer, message = queue.pop(0)
            seat = next((s for s, p in self.peers.items() if p == peer), None)
            if seat is None:
                continue
            sent: list[dict[str, Any]] = []
            if message["t"] == "state":
                self.bytes += len(json.dumps(message, separators=(",", ":")).encode())
                state = self.states[seat] = message["state"]
                info = state.get("blind")
                device = self.devices.get(seat)
                if info is not None and (device is None or device.hand != info["hand"]):
                    device = self.devices[seat] = BlindSeat(seat, info["table"], info["hand"], self.room.rules,
                                                            Seat[info["dealer"]], tuple(info["totals"]),
                                                            tuple(info["bags"]), rated=info["rated"])  # fmt: skip
                    self.watch_relay()
                    sent = device.start()
            elif message["t"] == "blind":
                sent = self.devices[seat].receive(message)
            for chunk in sent:
                queue += self.receive(peer, chunk, self.now)

    def hand(self) -> None:
        for _ in range(60):
            mover = None
            for device in self.devices.values():
                view = device.view()
                if device.outcome is None and view.turn == device.seat and view.legal:
                    mover = device
            if mover is None:
                return
            view = mover.view()
            chunks = mover.bid(3 if 3 in view.legal else max(view.legal)) if view.phase is Phase.BIDDING else (
                mover.play(mover.legal()[0]))  # fmt: skip
            self.now += 50
            out = []
            for chunk in chunks:
                out += self.receive(self.peers[mover.seat], chunk, self.now)
            self.deliver(out)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--hands", type=int, default=2)
    args = parser.parse_args()
    for card in range(54):
        blind.encode(card)  # the cards' elements, once a session (blind_prepare)
    power = one_power()
    bench = Bench()
    rows: dict[str, list[float]] = {"room": [], "relay": [], "overhead": [], "settle": [], "bytes": []}
    state_each, device_each, table_each = [], [], []
    for number in range(args.hands):
        timers = (bench.room_time, bench.relay_time, bench.settle_time)
        for timer in timers:
            timer.seconds = 0.0
        bench.bytes = 0
        bench.state_time.seconds, bench.state_time.calls = 0.0, 0
        if number == 0:
            bench.deliver(bench.receive(HOST, {"t": "start"}, bench.now))
        else:
            intent = {"t": "intent", "n": number, "intent": {"type": "next_hand"}}
            bench.deliver(bench.receive(HOST, intent, bench.now))
        # one state with its own cards, on a device, in the middle of the hand's bidding
        seat, device = next(iter(bench.devices.items()))
        start = clock()
        for _ in range(20):
            blindtable.with_device(bench.states[seat], device)
        device_each.append((clock() - start) / 20)
        bench.hand()
        room = bench.room
        assert room.blind is None and room.table is not None and room.table.game.phase is not Phase.PLAYING
        rows["room"].append(bench.room_time.seconds)
        rows["relay"].append(bench.relay_time.seconds)
        rows["overhead"].append(bench.room_time.seconds - bench.relay_time.seconds)
        rows["settle"].append(bench.settle_time.seconds)
        rows["bytes"].append(bench.bytes)
        state_each.append(bench.state_time.seconds / max(1, bench.state_time.calls))
        start = clock()
        for _ in range(20):
            room.table.state("N")
        table_each.append((clock() - start) / 20)
    info = sys.implementation
    print(f"{info.name} {sys.version.split()[0]} on {sys.platform}, {args.hands} hands")

    def line(name: str, seconds: float, what: str) -> None:
        print(f"{name:<10} {seconds * 1000:9.2f} ms {seconds / power:9.1f} powers  {what}")

    line("power", power, "one scalar multiplication of the group (edwards25519, libsodium)")
    line("room", statistics.median(rows["room"]), "the host's room for a whole blind hand, the relay's work included")
    line("relay", statistics.median(rows["relay"]), "the relay's part (chunks, checks, the audit)")
    line("overhead", statistics.median(rows["overhead"]), "the room's own part: states of the public hand, the end")
    line("settle", statistics.median(rows["settle"]), "the end: rebuilt by the engine, taken by the table, states")
    state, table = statistics.median(state_each), statistics.median(table_each)
    line("state", state, f"one member's state of a blind hand ({state / table:.2f} × the table's own state)")
    line("table", table, "the table's own state at the hand's end, for comparison")
    line("device", statistics.median(device_each), "a page's state with its own cards (with_device)")
    print(f"{'states':<10} {statistics.median(rows['bytes']) / 1000:9.1f} kB the states sent a hand, to four people")


if __name__ == "__main__":
    main()
