"""Run the portable tests inside Pyodide (Node), as the browser will run the engine: on the worker's trimmed
standard library (static/vendor/pyodide/engine_stdlib.zip) when it is there, so that an engine import of a module
it lacks fails here (tests/pyodide/run.mjs --stdlib).

One Pyodide run per module (a boot costs about a second of CPU), so that pytest-xdist spreads them over the
cores and a failure names its module."""

import re
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
STDLIB = ROOT / "static" / "vendor" / "pyodide" / "engine_stdlib.zip"
MODULES = sorted(path.relative_to(ROOT).as_posix() for path in (ROOT / "tests" / "portable").glob("test_*.py"))


@pytest.mark.skipif(
    shutil.which("node") is None or not (ROOT / "node_modules" / "pyodide").is_dir(),
    reason="needs node and node_modules/pyodide (run `make setup`)",
)
@pytest.mark.parametrize("module", MODULES)
def test_portable_tests_pass_in_pyodide(module):
    stdlib = ["--stdlib", str(STDLIB)] if STDLIB.exists() else []
    proc = subprocess.run(
        ["node", "tests/pyodide/run.mjs", *stdlib, module],
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
