"""The engine's part of a takeover: building the room that goes on from a page's public data (issue 21; figures, no
asserts).

    python benchmarks/bench_room_takeover.py [--hands 1,5,10,20,40] [--repeat 5] [--seed 3]

A room (the host at South, a guest at North, ``beginner`` computers East and West, every person's move its first
legal one, a target never reached) is played to the end of each number of hands asked for; North's public data is
collected from the room's messages as the guest's page gets them (the last ``room`` message, each finished hand's
``hand`` answer); then timed, best of ``--repeat``:

* ``takeover``: worker op ``room_takeover`` (the guest boundary's checks again, the replay of every hand card by
  card with each result and sheet compared, the new deal, the opening messages), as the page calls it;
* ``reload``: worker op ``room_load`` of the old host's own save (the baseline: what a host's reload costs);
* ``check``: the guest boundary alone over the same data (``guest_check`` of each message).

Prints one line per number of hands: the public data's size, the three times and the ratios takeover/reload and
takeover/check.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from spades import Seat, worker
from spades.rules import Rules
from spades.table.guest import check_host_message
from spades.table.room import HOST, Room, RoomConfig


def played(hands: int, seed: int) -> tuple[Room, dict[str, object]]:
    """A room ``hands`` hands in, and North's public data."""
    room = Room(Rules.from_dict({"target": 1_000_000, "mercy": None}), RoomConfig(), "Sam", Seat.S, seed=seed)
    public: dict[str, object] = {"room": None, "hands": [], "chat": []}
    finished: list[dict[str, object]] = []
    n = {HOST: 0, "p-N": 0}

    def send(out: list[tuple[str, dict[str, object]]]) -> None:
        for peer, message in out:
            if peer == "p-N" and message["t"] == "room":
                public["room"] = check_host_message(json.loads(json.dumps(message)))
            if peer == "p-N" and message["t"] == "hand":
                finished.append(check_host_message(json.loads(json.dumps(message)))["hand"])

    now = 1000.0
    send(room.receive("p-N", {"t": "hello", "name": "Nora"}, now))
    send(room.receive("p-N", {"t": "sit", "seat": "N"}, now))
    send(room.receive("p-N", {"t": "ready", "ready": True}, now))
    for seat in ("E", "W"):
        send(room.receive(HOST, {"t": "fill", "seat": seat, "level": "beginner"}, now))
    send(room.receive(HOST, {"t": "start"}, now))
    assert room.table is not None
    while len(room.table.game.results) < hands:
        now += 10
        table = room.table
        turn = table.game.turn
        if turn is None:
            n[HOST] += 1
            send(room.receive(HOST, {"t": "intent", "n": n[HOST], "intent": {"type": "next_hand"}}, now))
        elif table.computer_to_move() is not None:
            send(room.step())
        else:
            peer = HOST if turn is Seat.S else "p-N"
            state = table.state(turn.name)
            if not state["looked"]:
                intent: dict[str, object] = {"type": "look"}
            elif state["phase"] == "bidding":
                intent = {"type": "bid", "bid": next(b for b in state["legal_bids"] if b >= 1)}
            else:
                intent = {"type": "play", "card": next(h["card"] for h in state["hand"] if h["legal"])}
            n[peer] += 1
            send(room.receive(peer, {"t": "intent", "n": n[peer], "intent": intent}, now))
        if len(room.table.game.results) > len(finished):  # the page asks for each hand as it is scored
            send(room.receive("p-N", {"t": "hand", "number": len(finished) + 1}, now))
    public["hands"] = finished
    return room, public


def check_all(messages: list[object]) -> list[dict[str, object]]:
    """The guest boundary's check of each message."""
    return [check_host_message(m) for m in messages]


def best(repeat: int, run: Callable[[], object]) -> float:
    """The best of ``repeat`` runs, in milliseconds."""
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        run()
        times.append(time.perf_counter() - start)
    return min(times) * 1000


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", default="1,5,10,20,40")
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--seed", type=int, default=3)
    args = parser.parse_args()
    for hands in (int(h) for h in args.hands.split(",")):
        room, public = played(hands, args.seed)
        takeover = json.dumps({"table": "bench", "public": public, "peer": "p-N", "name": "Nora", "now": 1, "seed": 9})
        reload = json.dumps({"table": "bench-load", "save": room.save(), "now": 1})
        answer = json.loads(worker.handle("room_takeover", takeover))
        assert "error" not in answer, answer
        messages = [public["room"], *({"t": "hand", "hand": h} for h in public["hands"])]  # type: ignore[attr-defined]
        t_takeover = best(args.repeat, partial(worker.handle, "room_takeover", takeover))
        t_reload = best(args.repeat, partial(worker.handle, "room_load", reload))
        t_check = best(args.repeat, partial(check_all, messages))
        print(
            f"hands {hands:3d}  public {len(takeover) / 1000:7.1f} KB  takeover {t_takeover:7.1f} ms  "
            f"reload {t_reload:7.1f} ms  check {t_check:6.1f} ms  takeover/reload {t_takeover / t_reload:4.2f}x  "
            f"takeover/check {t_takeover / t_check:4.2f}x"
        )


if __name__ == "__main__":
    main()
