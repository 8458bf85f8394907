"""The order the suite runs in: the modules of its longest tests first (docs/testing.md, "How the suite stays fast").

`make test` spreads the tests over the cores with ``--dist worksteal``: each core starts on its share of the list in
order and a core that has run out takes tests from the end of another's share. A test of a minute or more that
comes late keeps one core busy while the other has nothing left, so the modules below (measured with
``--durations``: four browsers at a table over WebRTC, Pyodide runs, whole games through a room) come first, in this
order, and the many short tests last. Within a module the order stays as written.
"""

from __future__ import annotations

import os

from hypothesis import settings

# No example may fail for taking long: CI and fresh clones run the suite beside other work, where hypothesis's
# default 200 ms deadline fails a sound test at random (tests/page/test_markup.py did, on a loaded machine).
settings.register_profile("busy_machine", deadline=None)
settings.load_profile("busy_machine")

FIRST = (
    "tests/browser/test_online_",  # pages and tables over real WebRTC: 30 s to 4 minutes each
    "tests/test_pyodide.py",  # a Pyodide boot and a module's tests in it: 5 to 25 s each
    "tests/browser/test_first_hand.py",
    "tests/browser/test_claims.py",
    "tests/browser/test_analysis.py",
    "tests/test_room_fuzz.py",
    "tests/test_bounded_states.py",
    "tests/test_blind",
    "tests/portable/test_blind",
    "tests/test_takeover.py",
    "tests/test_worker.py",
)


def rank(item) -> int:
    path = os.path.relpath(str(item.fspath), os.path.dirname(os.path.dirname(__file__))).replace(os.sep, "/")
    return next((n for n, prefix in enumerate(FIRST) if path.startswith(prefix)), len(FIRST))


def pytest_collection_modifyitems(items):
    items.sort(key=rank)  # stable: the rest keeps the collection's order
