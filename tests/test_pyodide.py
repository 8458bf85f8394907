"""Run the portable tests inside Pyodide (Node), as the browser will run the engine: on the worker's trimmed
standard library (static/vendor/pyodide/engine_stdlib.zip) when it is there, so that an engine import of a module
it lacks fails here (tests/pyodide/run.mjs --stdlib)."""

import re
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
STDLIB = ROOT / "static" / "vendor" / "pyodide" / "engine_stdlib.zip"


@pytest.mark.skipif(
    shutil.which("node") is None or not (ROOT / "node_modules" / "pyodide").is_dir(),
    reason="needs node and node_modules/pyodide (run `make setup`)",
)
def test_portable_tests_pass_in_pyodide():
    stdlib = ["--stdlib", str(STDLIB)] if STDLIB.exists() else []
    proc = subprocess.run(
        ["node", "tests/pyodide/run.mjs", *stdlib],
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
