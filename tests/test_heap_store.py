"""static/heap-store.mjs, the stored form of the engine worker's heap: its all-zero 4 kB pages left out, the rest
kept in order; whatever comes back is the very heap, and anything else is refused (docs/runtime.md, "Start
paths"). Run in Node, the worker's JavaScript as is."""

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))
import vendor  # noqa: E402

PAGE = 4096
HEADER = 16

pytestmark = pytest.mark.skipif(shutil.which("node") is None, reason="needs node")


def run(cases):
    done = subprocess.run(
        ["node", str(ROOT / "tests" / "heap_store_run.mjs")],
        input=json.dumps(cases),
        capture_output=True,
        text=True,
        check=True,
    )
    return json.loads(done.stdout)


def stored_size(length, kept):
    pages = -(-length // PAGE)
    return HEADER + -(-pages // 8) + sum(min(PAGE, length - page * PAGE) for page in kept)


heaps = st.integers(min_value=0, max_value=40 * PAGE + 300).flatmap(
    lambda length: st.tuples(
        st.just(length),
        st.dictionaries(st.integers(0, max(0, -(-length // PAGE) - 1)), st.integers(0, 255), max_size=40)
        if length
        else st.just({}),
        st.integers(0, 3),
    )
)


@settings(max_examples=30, deadline=None)
@given(st.lists(heaps, min_size=1, max_size=8))
def test_every_heap_comes_back_the_same_and_only_its_nonzero_pages_are_kept(cases):
    results = run([{"length": n, "pages": {str(k): v for k, v in pages.items()}, "offset": o} for n, pages, o in cases])
    for (length, pages, _), result in zip(cases, results, strict=True):
        assert result.get("ok") is True, result
        assert result["stored"] == stored_size(length, pages), (length, sorted(pages), result)


def test_a_snapshot_sized_heap_with_runs_of_pages():
    length = 7680 * PAGE + 128  # Pyodide's: 31457408 bytes, a last short page
    pages = {str(p): 1 + p % 200 for p in [*range(0, 3000), *range(3100, 3105), 5000, 7679, 7680]}
    [result] = run([{"length": length, "pages": pages}])
    assert result == {"ok": True, "stored": stored_size(length, [int(p) for p in pages])}


@pytest.mark.parametrize(
    ("damage", "words"),
    [("truncate", "short"), ("extend", "left over"), ("magic", "not a stored engine heap")],
)
def test_a_damaged_or_foreign_entry_is_refused(damage, words):
    [result] = run([{"length": 10 * PAGE, "pages": {"0": 5, "3": 9, "9": 1}, "damage": damage}])
    assert words in result.get("error", ""), result


def test_the_snapshot_key_follows_the_stored_form_of_a_heap(tmp_path):
    """A snapshot stored by a worker with another heap-store.mjs is never looked up (its key differs)."""
    for path in vendor.SNAPSHOT_INPUTS:
        (tmp_path / path).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / path).write_bytes(b"the same runtime")
    worker, store = tmp_path / "engine-worker.mjs", tmp_path / "heap-store.mjs"
    worker.write_text("the same worker")

    def key(text):
        store.write_text(text)
        build = vendor.engine_build(tmp_path, ["spades"], worker=worker, heap_store=store)
        return json.loads(build.split("export const BUILD = ", 1)[1].rstrip().rstrip(";"))["key"]

    assert key("format 1") == key("format 1")
    assert key("format 1") != key("format 2")
