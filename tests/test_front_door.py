"""The package's public names stay where people find them, and the tree's old paths are only re-exports.

``from spades import Game, Rules, Seat`` (everything in ``spades.__all__``), ``spades.worker.handle`` and
``python -m spades`` (tests/test_cli.py) are the front door. The modules left at the old flat paths
(``spades/profile.py``, ``report.py``, ``rating.py``, ``record.py``, ``deallink.py``) re-export what the browser
and page tests still import, the very same objects, and no engine module imports them.
"""

from __future__ import annotations

import ast
import importlib
from pathlib import Path

import pytest

import spades

ROOT = Path(__file__).resolve().parent.parent

OLD_PATHS = {
    "spades.profile": "spades.stats.profile",
    "spades.report": "spades.stats.report",
    "spades.rating": "spades.stats.rating",
    "spades.record": "spades.formats.record",
    "spades.deallink": "spades.formats.dealcode",
}


def test_the_front_door_has_every_name_it_lists() -> None:
    assert {"Game", "Rules", "Seat", "IllegalMoveError", "from_record", "to_record"} <= set(spades.__all__)
    for name in spades.__all__:
        assert getattr(spades, name) is not None, name
    worker = importlib.import_module("spades.worker")
    assert callable(worker.handle) and "new" in worker.OPERATIONS


@pytest.mark.parametrize(("old", "new"), sorted(OLD_PATHS.items()))
def test_an_old_path_re_exports_the_same_objects(old: str, new: str) -> None:
    before, after = importlib.import_module(old), importlib.import_module(new)
    assert before.__all__, old
    for name in before.__all__:
        assert getattr(before, name) is getattr(after, name), (old, name)
    source = ast.parse((ROOT / (old.replace(".", "/") + ".py")).read_text("utf-8"))
    assert [type(node).__name__ for node in source.body] == ["Expr", "ImportFrom", "Assign"], "re-exports only"


def test_no_engine_module_imports_an_old_path() -> None:
    shims = {name.rpartition(".")[2] for name in OLD_PATHS}
    for path in sorted((ROOT / "spades").rglob("*.py")):
        package = path.relative_to(ROOT).parent.parts
        for node in ast.walk(ast.parse(path.read_text("utf-8"))):
            if isinstance(node, ast.ImportFrom):
                base = package[: len(package) - node.level + 1] if node.level else ()
                target = ".".join([*base, node.module] if node.module else base)
                names = [target] + [f"{target}.{alias.name}" for alias in node.names]
            elif isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            else:
                continue
            assert not set(names) & set(OLD_PATHS), f"{path.relative_to(ROOT)} imports an old path"
    assert {path.stem for path in (ROOT / "spades").glob("*.py")} & shims == shims
