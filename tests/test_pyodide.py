"""Run the portable tests inside Pyodide (Node), as the browser will run the engine: on the worker's trimmed
standard library (static/vendor/pyodide/engine_stdlib.zip) when it is there, so that an engine import of a module
it lacks fails here (tests/pyodide/run.mjs --stdlib).

One Pyodide run per module (a boot costs about a second of CPU), so that pytest-xdist spreads them over the
cores and a failure names its module.  Of a module of whole hands whose every test CPython runs too (pytest
collects tests/portable/), Pyodide runs the part named in :data:`PART` (tests/pyodide/some_tests.py): the same
Python on the same engine, where one whole hand proves that the engine works there."""

import re
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SOME = "tests/pyodide/some_tests.py"
STDLIB = ROOT / "static" / "vendor" / "pyodide" / "engine_stdlib.zip"
MODULES = sorted(path.relative_to(ROOT).as_posix() for path in (ROOT / "tests" / "portable").glob("test_*.py"))
PART = {
    # host-blind hands (each a few tenths of a second in Pyodide): the whole hand with every audit (the renege,
    # the refused reveal and the two of clubs's lead are the same code, in CPython)
    "tests/portable/test_blindroom.py": (
        "test_four_devices_play_a_whole_blind_hand_through_the_relay_and_every_audit_holds",
    ),
    # the room's blind hands: two audited hands through the room (the silent device at a rated table is the room's
    # same code, in CPython)
    # fair deals: the whole audited host-blind hand and the commit-reveal deal (the renege the audit finds is the
    # audit's same code on another record, in CPython; it took a third of the module's time in Pyodide)
    "tests/portable/test_fair.py": (
        "test_four_devices_deal_a_hand_that_each_sees_only_its_own_and_every_audit_holds",
        "test_a_commit_reveal_deal_is_the_engines_deal_of_the_secrets_seed",
    ),
    "tests/portable/test_blindtable.py": (
        "test_four_peoples_devices_play_blind_hands_through_the_room_and_its_table_takes_each_audited_hand",
    ),
}


@pytest.mark.skipif(
    shutil.which("node") is None or not (ROOT / "node_modules" / "pyodide").is_dir(),
    reason="needs node and node_modules/pyodide (run `make setup`)",
)
@pytest.mark.parametrize("module", MODULES)
def test_portable_tests_pass_in_pyodide(module):
    stdlib = ["--stdlib", str(STDLIB)] if STDLIB.exists() else []
    run = ["--script", SOME, module, *PART[module]] if module in PART else [module]
    proc = subprocess.run(
        ["node", "tests/pyodide/run.mjs", *stdlib, *run],
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


def test_the_part_run_in_pyodide_names_tests_of_its_module():
    for module, names in PART.items():
        assert module in MODULES, module
        defined = set(re.findall(r"^def (test_\w+)\(", (ROOT / module).read_text(encoding="utf-8"), re.MULTILINE))
        assert set(names) <= defined and len(names) < len(defined), (module, set(names) - defined)
