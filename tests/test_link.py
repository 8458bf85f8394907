"""The reliable link between host and guests (static/online/link.mjs), checked in Node over generated lossy
channels: every message delivered once and in order, whatever is lost or repeated (tests/online/link_check.mjs)."""

import json
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.skipif(shutil.which("node") is None, reason="needs node (run `make setup`)")
def test_the_link_delivers_every_message_once_in_order_over_generated_lossy_channels():
    proc = subprocess.run(
        ["node", "tests/online/link_check.mjs", "400"],
        cwd=ROOT,
        check=False,
        capture_output=True,
        text=True,
        timeout=120,
    )
    lines = (proc.stdout or "").strip().splitlines()
    assert lines, proc.stderr
    result = json.loads(lines[-1])
    assert proc.returncode == 0 and result["ok"], result
    assert result["runs"] == 400 and result["frames"] > 50_000
