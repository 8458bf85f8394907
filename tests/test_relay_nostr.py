"""One's own fallback relay (scripts/relay-nostr.mjs, docs/online.md "When no tracker answers"): the documented
command starts a Nostr relay that passes a signed ephemeral event from one client to another's subscription and
refuses a forged one and a lasting one (tests/online/nostr_check.mjs); a bad option is refused in one line."""

import json
import shutil
import subprocess
from pathlib import Path

import pytest

from tests.helpers import start_npm_script, stop_npm_script

ROOT = Path(__file__).resolve().parent.parent
pytestmark = pytest.mark.skipif(
    shutil.which("npm") is None or not (ROOT / "node_modules" / "@noble" / "secp256k1").exists(),
    reason="needs node and npm packages (run `make setup`)",
)


def start(*options: str) -> tuple[subprocess.Popen[str], dict]:
    """`npm run relay:nostr -- OPTIONS` (docs/online.md), and the line it prints once listening."""
    return start_npm_script("relay:nostr", *options)


def stop(process: subprocess.Popen[str]) -> None:
    stop_npm_script(process)


def test_the_documented_command_passes_a_signed_event_and_refuses_a_forged_and_a_lasting_one():
    process, started = start("--port", "0", "--host", "127.0.0.1")
    try:
        assert started["relay"] == f"ws://127.0.0.1:{started['port']}"
        done = subprocess.run(
            ["node", "tests/online/nostr_check.mjs", started["relay"]],
            cwd=ROOT,
            capture_output=True,
            text=True,
            timeout=30,
            check=False,
        )
        result = json.loads(done.stdout.strip().splitlines()[-1])
        assert result == {
            "ok": True,
            "eose": True,
            "accepted": True,
            "delivered": "a message for the first",
            "forged": "invalid: the id is not the event's hash",
            "lasting": "blocked: this relay passes ephemeral events only (kinds 20000-29999)",
        }
    finally:
        stop(process)


@pytest.mark.parametrize(
    ("options", "said"),
    [
        (["--port", "x"], 'relay-nostr: --port takes a whole number 0–65535, not "x"'),
        (["--loud", "1"], 'relay-nostr: unknown option "--loud" (--port N, --host NAME)'),
        (["--port"], 'relay-nostr: unknown option "--port" (--port N, --host NAME)'),
    ],
)
def test_a_bad_option_is_refused_in_one_line(options, said):
    done = subprocess.run(
        ["node", "scripts/relay-nostr.mjs", *options], cwd=ROOT, capture_output=True, text=True, timeout=30, check=False
    )
    assert done.returncode == 2 and done.stderr.strip() == said
