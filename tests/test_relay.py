"""One's own signalling relay (scripts/relay.mjs, docs/online.md): the documented command starts a WebTorrent
tracker that two clients signal each other through (tests/online/relay_check.mjs), at the package's stock
interval unless told otherwise; a bad option is refused in one line."""

import json
import shutil
import subprocess
from pathlib import Path

import pytest

from tests.helpers import start_npm_script, stop_npm_script

ROOT = Path(__file__).resolve().parent.parent
pytestmark = pytest.mark.skipif(
    shutil.which("npm") is None or not (ROOT / "node_modules" / "bittorrent-tracker").exists(),
    reason="needs node and npm packages (run `make setup`)",
)


def start(*options: str) -> tuple[subprocess.Popen[str], dict]:
    """`npm run relay -- OPTIONS` (docs/online.md), and the line it prints once listening."""
    return start_npm_script("relay", *options)


def stop(process: subprocess.Popen[str]) -> None:
    stop_npm_script(process)


def check(url: str) -> dict:
    done = subprocess.run(
        ["node", "tests/online/relay_check.mjs", url], cwd=ROOT, capture_output=True, text=True, timeout=30, check=False
    )
    return json.loads(done.stdout.strip().splitlines()[-1])


def test_the_documented_command_relays_an_offer_and_its_answer_at_the_stock_interval():
    process, started = start("--port", "0", "--host", "127.0.0.1")
    try:
        assert started["relay"] == f"ws://127.0.0.1:{started['port']}" and started["interval"] == 600
        result = check(started["relay"])
        # the package's default 10 minutes, told to WebSocket clients as a fifth (what public trackers say)
        assert result == {
            "ok": True,
            "interval": 120,
            "offer": "offer from the second",
            "answer": "answer from the first",
        }
    finally:
        stop(process)


def test_the_interval_is_the_persons_to_choose():
    process, started = start("--port", "0", "--host", "127.0.0.1", "--interval", "50")
    try:
        assert check(started["relay"])["interval"] == 10
    finally:
        stop(process)


@pytest.mark.parametrize(
    ("options", "said"),
    [
        (["--port", "x"], 'relay: --port takes a whole number 0–65535, not "x"'),
        (["--interval", "0"], 'relay: --interval takes a whole number 1–86400, not "0"'),
        (["--loud"], 'relay: unknown option "--loud" (--port N, --host NAME, --interval S, --trust-proxy)'),
        (["--port"], 'relay: unknown option "--port" (--port N, --host NAME, --interval S, --trust-proxy)'),
    ],
)
def test_a_bad_option_is_refused_in_one_line(options, said):
    done = subprocess.run(
        ["node", "scripts/relay.mjs", *options], cwd=ROOT, capture_output=True, text=True, timeout=30, check=False
    )
    assert done.returncode == 2 and done.stderr.strip() == said and done.stdout == ""
