"""What the build ships to the engine worker (scripts/compile.mjs, docs/runtime.md "The first visit"): spades.zip
holds each module as a ``.pyc`` only (no sources) beside its data, both zips are code without docstrings, and the
engine runs from them in Pyodide as in the browser: a new game, the lessons (package data read from the zip), and
a traceback that still names the file and line inside the zip."""

import json
import shutil
import subprocess
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
VENDOR = ROOT / "static" / "vendor"

pytestmark = pytest.mark.skipif(
    not (VENDOR / "spades.zip").exists() or shutil.which("node") is None,
    reason="needs static/vendor/ and node (run `make setup`)",
)


def test_the_package_zip_has_every_module_compiled_and_no_sources():
    names = set(zipfile.ZipFile(VENDOR / "spades.zip").namelist())
    modules = {p.relative_to(ROOT).as_posix() for p in (ROOT / "spades").rglob("*.py") if "__pycache__" not in p.parts}
    data = {p.relative_to(ROOT).as_posix() for p in (ROOT / "spades").rglob("*.json")}
    assert not [name for name in names if name.endswith(".py")]
    assert {name + "c" for name in modules} | data == names


def test_the_engine_runs_from_the_shipped_zips_and_its_tracebacks_name_file_and_line():
    proc = subprocess.run(
        ["node", "tests/pyodide/engine_zip.mjs", str(VENDOR)],
        cwd=ROOT,
        check=False,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert proc.returncode == 0, proc.stderr[-2000:]
    out = json.loads(proc.stdout.splitlines()[-1])
    assert out["phase"] == "bidding" and out["lessons"] > 0
    assert out["file"] == "/engine/spades.zip/spades/game.pyc"
    inner = out["frames"][-1]
    assert inner[0] == "/engine/spades.zip/spades/cards.py" and inner[1] > 1, out["frames"]
    source = (ROOT / "spades" / "cards.py").read_text(encoding="utf-8").splitlines()
    assert "raise" in source[inner[1] - 1] or "ParseError" in source[inner[1] - 1], source[inner[1] - 1]
    assert f'File "{inner[0]}", line {inner[1]}, in parse_card' in out["traceback"]
    assert out["docs"] == [None, None, None]  # left out of the code: fewer bytes (nothing reads them)
