"""Who answers whom online (static/online/net.mjs, docs/online.md "One realm per connection"): over many fresh
ids, every host's id sorts above every guest's, ids are the library's 20 characters, guests' first characters
cover the whole alphabet but the host's mark, and a bad id is refused in one line (tests/online/ids_check.mjs)."""

import json
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.skipif(shutil.which("node") is None, reason="needs node (run `make setup`)")
def test_every_host_id_sorts_above_every_guest_id_and_bad_ids_are_refused():
    done = subprocess.run(
        ["node", "tests/online/ids_check.mjs", "5000"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    result = json.loads(done.stdout.strip().splitlines()[-1])
    assert done.returncode == 0, done.stderr
    assert result["wellFormed"] and result["distinct"] == 10_000
    assert result["hostsMarked"] and result["guestsUnmarked"] and result["hostAboveGuest"]
    assert result["guestFirst"] == 61  # 62 characters, the host's mark left out
    said = "online: a peer id is 20 characters of 0-9 A-Z a-z, not "
    assert result["refusals"] == [
        said + '"short"',
        said + '"' + "z" * 21 + '"',
        said + '"' + "!" * 20 + '"',
        said + "42",
    ]
