"""Misbehaving external bots (``cmd:``): each stops the match with one short error naming the bot, the seat and
the fault, and no process the arena started is left running.

Each bot is a tiny script written to ``tmp_path`` that appends its process id to ``pids.txt`` first thing.
"""

from __future__ import annotations

import contextlib
import io
import os
import subprocess
import sys
import textwrap
import time
from pathlib import Path
from typing import Any

import pytest

from spades import SpadesError
from spades.__main__ import main
from spades.bots import arena
from spades.bots.arena import BuiltinPlayer, ExternalPlayer, run_arena
from spades.cards import Seat

PRELUDE = """\
import json, os, sys, time
with open(sys.argv[1], "a") as f:
    f.write(f"{os.getpid()}\\n")
out = sys.stdout.buffer
def send(data: bytes) -> None:
    out.write(data)
    out.flush()
def ready() -> None:
    send(b'{"type": "ready", "name": "test"}\\n')
def first_legal(message) -> bytes:
    return json.dumps({"move": message["view"]["legal"][0]}).encode() + b"\\n"
"""

BOTS = {
    # answers hello wrongly, then lingers: it must be killed
    "hello_fail": 'sys.stdin.readline(); send(b\'{"type": "nope"}\\n\'); time.sleep(600)',
    # never answers hello
    "hello_hang": "time.sleep(600)",
    # starts a child of its own, then fails hello: both must be stopped
    "spawner": "import subprocess\n"
    "child = subprocess.Popen([sys.executable, '-c', 'import time; time.sleep(600)'])\n"
    "open(sys.argv[1], 'a').write(f'{child.pid}\\n')\n"
    "sys.stdin.readline(); send(b'[]\\n'); time.sleep(600)",
    # streams without a newline
    "no_newline": "sys.stdin.readline(); ready(); sys.stdin.readline()\nwhile True: send(b'x' * 65536)",
    # one enormous (but well-formed) line
    "huge_line": "sys.stdin.readline(); ready(); sys.stdin.readline()\n"
    "send(b'{\"move\": \"' + b'x' * 2_000_000 + b'\"}\\n'); time.sleep(600)",
    # a long line under the cap that is not JSON: the error must not echo it
    "long_garbage": "sys.stdin.readline(); ready(); sys.stdin.readline()\nsend(b'<' * 60000 + b'\\n'); time.sleep(600)",
    "bad_utf8": "sys.stdin.readline(); ready(); sys.stdin.readline(); send(b'\\xff\\xfe{}\\n'); time.sleep(600)",
    # two answers in one write
    "twice": "sys.stdin.readline(); ready()\n"
    "m = json.loads(sys.stdin.readline()); send(first_legal(m) * 2); time.sleep(600)",
    "hang": "sys.stdin.readline(); ready(); time.sleep(600)",
    "exits": "sys.stdin.readline(); ready(); sys.stdin.readline(); sys.exit(3)",
    "not_object": "sys.stdin.readline(); ready(); sys.stdin.readline(); send(b'[1, 2]\\n'); time.sleep(600)",
    "bad_move": "sys.stdin.readline(); ready(); sys.stdin.readline(); send(b'{\"move\": true}\\n'); time.sleep(600)",
    # plays correctly
    "good": "for line in sys.stdin:\n"
    "    m = json.loads(line)\n"
    "    if m['type'] == 'hello': ready()\n"
    "    elif m['type'] == 'move': send(first_legal(m))\n"
    "    elif m['type'] == 'quit': break",
}


def bot(tmp_path: Path, name: str) -> str:
    """The ``cmd:`` contender for bot ``name``."""
    path = tmp_path / f"{name}.py"
    path.write_text(PRELUDE + textwrap.dedent(BOTS[name]) + "\n", encoding="utf-8")
    return f"cmd:{sys.executable} {path} {tmp_path / 'pids.txt'}"


def started(tmp_path: Path) -> list[int]:
    pids = tmp_path / "pids.txt"
    return [int(line) for line in pids.read_text().split()] if pids.exists() else []


def alive(pid: int) -> bool:
    """Whether ``pid`` runs (a zombie waiting for its parent counts as stopped)."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except (OSError, IndexError):
        return False
    return state != "Z"


STARTED: list[int] = []
"""Process ids of the bots the arena started in the current test (recorded by ``Popen`` below)."""


class RecordingPopen(subprocess.Popen):  # type: ignore[type-arg]
    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        STARTED.append(self.pid)


@pytest.fixture(autouse=True)
def record_started(monkeypatch: pytest.MonkeyPatch) -> None:
    STARTED.clear()
    monkeypatch.setattr(arena.subprocess, "Popen", RecordingPopen)


def assert_all_stopped(tmp_path: Path, expected: int) -> None:
    """The arena started ``expected`` bots; none of them, nor anything they started, still runs."""
    assert len(STARTED) == expected, STARTED
    pids = set(STARTED) | set(started(tmp_path))  # bots that got far enough also wrote their own (and children's)
    for pid in pids:
        for _ in range(1000):  # a SIGKILLed grandchild may need a moment to be gone; our children are reaped
            if not alive(pid):
                break
            time.sleep(0.01)
        assert not alive(pid), f"process {pid} is still running"


def fault(tmp_path: Path, name: str, *, seat_spec: str = "ns", timeout: float = 10.0) -> str:
    """Run an arena with bot ``name`` on the ``seat_spec`` side; return the error message."""
    contender = bot(tmp_path, name)
    ns, ew = (contender, "beginner") if seat_spec == "ns" else ("beginner", contender)
    with pytest.raises(SpadesError) as caught:
        run_arena(ns, ew, deals=1, timeout=timeout)
    message = str(caught.value)
    assert "\n" not in message and len(message) <= 300, message
    assert f"{name}.py" in message, message
    return message


@pytest.mark.parametrize(
    ("name", "reason"),
    [
        ("hello_fail", 'answered hello with {"type": "nope"}'),
        ("spawner", "answered hello with []"),
        ("no_newline", "longer than 64 KB"),
        ("huge_line", "longer than 64 KB"),
        ("long_garbage", "its answer is not JSON"),
        ("bad_utf8", "not UTF-8"),
        ("twice", 'answered a bid request 2 times (one line per answer): {"move": "nil"}'),
        ("exits", "has exited (status 3)"),
        ("not_object", "not a JSON object"),
        ("bad_move", "sent a bad move: not a bid: True"),
    ],
)
def test_a_misbehaving_bot_stops_the_match_cleanly(tmp_path: Path, name: str, reason: str) -> None:
    message = fault(tmp_path, name)
    assert reason in message, message
    # The arena says hello to North first; in deal 1 North deals, so South is the first of N-S to bid.
    assert (" at N: " if "hello" in reason else " at S: ") in message
    assert_all_stopped(tmp_path, 1 if "hello" in reason else 2)  # a failed hello stops the arena at once


@pytest.mark.parametrize(("name", "what", "bound"), [("hello_hang", "hello", "5"), ("hang", "a bid request", "0.3")])
def test_a_silent_bot_times_out(tmp_path: Path, name: str, what: str, bound: str) -> None:
    message = fault(tmp_path, name, timeout=0.3)  # (hello: at least START_TIMEOUT, the time to start a process)
    assert f"did not answer {what} within {bound} s" in message
    assert_all_stopped(tmp_path, 1 if what == "hello" else 2)


def test_the_seat_is_named(tmp_path: Path) -> None:
    message = fault(tmp_path, "hang", seat_spec="ew", timeout=0.3)
    assert " at E: did not answer a bid request" in message  # East bids first in deal 1
    assert_all_stopped(tmp_path, 2)


def test_bots_already_started_are_stopped_when_a_later_one_fails(tmp_path: Path) -> None:
    good, failing = bot(tmp_path, "good"), bot(tmp_path, "hello_fail")
    with pytest.raises(SpadesError, match=r"hello_fail\.py.* at E: answered hello"):
        run_arena(good, failing, deals=1, timeout=10)
    assert_all_stopped(tmp_path, 2)  # North (good) and East (failing)


def test_keyboard_interrupt_stops_every_bot(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def interrupted(self: BuiltinPlayer, view: object) -> int:
        raise KeyboardInterrupt

    monkeypatch.setattr(BuiltinPlayer, "decide", interrupted)
    with pytest.raises(KeyboardInterrupt):
        run_arena(bot(tmp_path, "good"), "beginner", deals=1, timeout=10)
    assert_all_stopped(tmp_path, 2)  # North and South


def test_good_bots_are_stopped_after_the_match(tmp_path: Path) -> None:
    summary = run_arena(bot(tmp_path, "good"), "beginner", deals=1, timeout=10)
    assert summary["sides"]["ns"]["hands"] == 1
    assert_all_stopped(tmp_path, 2)


def test_the_command_line_reports_a_failing_bot_in_one_line(tmp_path: Path) -> None:
    out, err = io.StringIO(), io.StringIO()
    argv = ["arena", "--ns", bot(tmp_path, "hang"), "--ew", "beginner", "--deals", "1", "--timeout", "0.3", "--quiet"]
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        status = main(argv)
    assert status == 1 and out.getvalue() == ""
    line = err.getvalue()
    assert line.count("\n") == 1 and line.startswith("error: bot ") and "hang.py" in line and " at S: " in line
    assert_all_stopped(tmp_path, 2)


def test_a_bot_that_stops_reading_cannot_block_the_arena(tmp_path: Path) -> None:
    player = ExternalPlayer(bot(tmp_path, "hang")[4:], Seat.W, timeout=0.3)
    try:
        with pytest.raises(SpadesError, match=r"hang\.py.* at W: did not read its input within 0\.3 s"):
            player._send({"type": "news", "padding": "x" * 1_000_000})  # far more than a pipe holds
    finally:
        player.close()
    assert_all_stopped(tmp_path, 1)
