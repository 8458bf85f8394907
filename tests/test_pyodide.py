"""Run the portable tests inside Pyodide (Node), as the browser will run the engine."""

import re
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.skipif(
    shutil.which("node") is None or not (ROOT / "node_modules" / "pyodide").is_dir(),
    reason="needs node and node_modules/pyodide (run `make setup`)",
)
def test_portable_tests_pass_in_pyodide():
    proc = subprocess.run(
        ["node", "tests/pyodide/run.mjs"],
        cwd=ROOT,
        check=False,
        capture_output=True,
        text=True,
        timeout=600,
    )
    output = proc.stdout + proc.stderr
    summary = re.search(r"^(\d+) passed, (\d+) failed$", proc.stdout, re.MULTILINE)
    assert summary, output
    assert proc.returncode == 0, output
    assert int(summary[1]) > 0 and int(summary[2]) == 0, output
