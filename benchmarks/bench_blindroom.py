"""What a host-blind hand costs through the host's room (spades.table.blindroom): figures, not timed tests.

Four :class:`BlindSeat` devices and the host's :class:`BlindRelay` play whole hands in one process (each seat
plays its first legal card), every chunk through the relay.  CPU time (``time.process_time``; in Pyodide, Node's
``process.cpuUsage``) of each call, per hand:

* ``relay``    — the host's relay for the whole hand: joining chunks, checking senders, turns and each card against
  the final deck, splitting for the three others — without its audit; ``relay card`` the same per played card;
* ``audit``    — the relay's audit and settling at the end (each device does the same);
* ``seat``     — one device's whole hand (the busiest), and ``overhead`` — what the room's part adds to the
  device's protocol work (:class:`~spades.table.blind.Device`): chunks, the public state, the view's checks;
* ``bytes``    — up (guests → host, chunks of at most 4 KB), down (host → guests, at most 32 KB), the messages'
  own JSON, chunk envelopes' share; ``messages`` — chunks up and down.

Each time is also given as a ratio to ``power`` (one scalar multiplication of the group, the cipher's one
operation) in the same run.

    python benchmarks/bench_blindroom.py [--hands 2]
    node tests/pyodide/run.mjs --script benchmarks/bench_blindroom.py --hands 1      # the same in Pyodide
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
from collections import deque
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from cpu_clock import Timed, one_power  # noqa: E402

from spades.cards import Seat  # noqa: E402
from spades.rules import PRESETS  # noqa: E402
from spades.table import blind  # noqa: E402
from spades.table.blindroom import BlindRelay, BlindSeat  # noqa: E402
from spades.table.chunks import size  # noqa: E402


def hand(number: int) -> dict[str, float]:
    rules, dealer, table = PRESETS["standard"], Seat((number + 3) % 4), f"bench-{number}"
    relay = BlindRelay(table, 1, rules, dealer)
    seats = [BlindSeat(seat, table, 1, rules, dealer) for seat in Seat]
    relay_time, audit_time = Timed(), Timed()
    seat_times = [Timed() for _ in Seat]
    device_times = [Timed() for _ in Seat]
    for seat, device_time in zip(seats, device_times, strict=True):
        device = seat.device
        for name in ("receive", "play", "reveal", "audit", "start"):
            setattr(device, name, device_time.wrap(getattr(device, name)))
    relay._settle = audit_time.wrap(relay._settle)  # type: ignore[method-assign]
    receive = relay_time.wrap(relay.receive)
    figures = {"up": 0.0, "down": 0.0, "payload": 0.0, "chunks_up": 0.0, "chunks_down": 0.0, "plays": 0.0}
    queue: deque[tuple[Seat, dict[str, Any]]] = deque()

    def send(seat: Seat, chunks: list[dict[str, Any]]) -> None:
        for chunk in chunks:
            figures["up"] += size(chunk)
            figures["chunks_up"] += 1
            queue.append((seat, chunk))

    def run() -> None:
        while queue:
            seat, chunk = queue.popleft()
            for to, out in receive(seat, chunk):
                figures["down"] += size(out)
                figures["chunks_down"] += 1
                send(to, seat_times[to].wrap(seats[to].receive)(out))

    for seat in Seat:
        send(seat, seat_times[seat].wrap(seats[seat].start)())
    run()
    public = relay.public
    while public.phase == "bidding":
        turn = public.turn
        assert turn is not None
        legal = seats[turn].view().legal
        send(turn, seat_times[turn].wrap(seats[turn].bid)(3 if 3 in legal else legal[-1]))
        run()
    while public.phase == "playing":
        turn = public.turn
        assert turn is not None
        card = seats[turn].legal()[0]
        send(turn, seat_times[turn].wrap(seats[turn].play)(card))
        run()
    assert relay.outcome is not None and relay.outcome.ok, relay.outcome and relay.outcome.verification.line
    figures["payload"] = float(sum(len(json.dumps(m, separators=(",", ":"))) for m in relay.transcript))
    figures["relay"] = relay_time.seconds - audit_time.seconds
    figures["audit"] = audit_time.seconds
    figures["seat"] = max(t.seconds for t in seat_times)
    figures["overhead"] = max(s.seconds - d.seconds for s, d in zip(seat_times, device_times, strict=True))
    figures["plays"] = float(len(public.play))
    return figures


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=2)
    args = parser.parse_args()
    power = one_power()
    blind.encode(0)
    for card in range(52):  # the session's setup, measured by bench_fair.py
        blind.encode(card)
    blind.generator()
    hands = [hand(n) for n in range(args.hands)]
    print(f"{sys.implementation.name} {sys.version.split()[0]} on {sys.platform}, {args.hands} hands")

    def median(key: str) -> float:
        return statistics.median(h[key] for h in hands)

    def line(name: str, seconds: float, note: str) -> None:
        print(f"{name:<11}{seconds * 1000:>10.2f} ms {seconds / power:>9.1f} powers  {note}")

    line("power", power, "one scalar multiplication of the group (edwards25519, libsodium)")
    line("relay", median("relay"), "the host's relay for a whole hand, without the audit (median)")
    line("relay card", median("relay") / median("plays"), "the relay's work per played card, all messages included")
    line("audit", median("audit"), "the relay's audit and settling at the end (median)")
    line("seat", median("seat"), "the busiest device's whole hand (median)")
    line("overhead", median("overhead"), "what the room's part adds to that device's protocol work (median)")
    up, down, payload = median("up"), median("down"), median("payload")
    print(f"{'bytes':<11}{(up + down) / 1000:>10.1f} kB a hand: up {up / 1000:.1f} kB (chunks of at most 4 KB), "
          f"down {down / 1000:.1f} kB (at most 32 KB)")  # fmt: skip
    print(f"{'payload':<11}{payload / 1000:>10.1f} kB the messages' own JSON; envelopes and escaping add "
          f"{(up / payload - 1) * 100:.1f}% up")  # fmt: skip
    print(f"{'messages':<11}{median('chunks_up'):>10.0f} up {median('chunks_down'):.0f} down a hand")


if __name__ == "__main__":
    main()
