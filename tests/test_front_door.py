"""The package's public names stay where people find them; the modules that moved into their layer are found
only there.

``from spades import Game, Rules, Seat`` (everything in ``spades.__all__``), ``spades.worker.handle`` and
``python -m spades`` (tests/test_cli.py) are the front door.  The old flat paths of the modules that moved
(``spades/profile.py``, ``report.py``, ``rating.py``, ``record.py``, ``deallink.py``) are gone: no copy, no
re-export.
"""

from __future__ import annotations

import importlib
from pathlib import Path

import pytest

import spades

ROOT = Path(__file__).resolve().parent.parent

OLD_PATHS = ("spades.profile", "spades.report", "spades.rating", "spades.record", "spades.deallink")
"""The flat paths of modules that moved into their layer's package (spades.stats, spades.formats, spades.table)."""


def test_the_front_door_has_every_name_it_lists() -> None:
    assert {"Game", "Rules", "Seat", "IllegalMoveError", "from_record", "to_record"} <= set(spades.__all__)
    for name in spades.__all__:
        assert getattr(spades, name) is not None, name
    worker = importlib.import_module("spades.worker")
    assert callable(worker.handle) and "new" in worker.OPERATIONS


@pytest.mark.parametrize("old", OLD_PATHS)
def test_the_old_flat_paths_are_gone(old: str) -> None:
    with pytest.raises(ModuleNotFoundError):
        importlib.import_module(old)
