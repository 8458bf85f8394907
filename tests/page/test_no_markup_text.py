"""Markup is made only by the builder (static/app/markup.py): no other page module writes HTML as text.

Read from the source with :mod:`ast`: outside markup.py, no string literal of the page's Python holds a tag
(``<b``, ``</b``, ``<!``) — docstrings and comments aside — and no module defines its own escaping.  So whatever
a page module puts into ``innerHTML`` was made by :func:`markup.h` and its kin (or by the engine worker's chart
code, whose SVG escapes its own labels: tests/test_charts.py), and data can only ever become text.
"""

from __future__ import annotations

import ast
import re

import pytest

from tests.page.conftest import APP

TAG = re.compile(r"</?[A-Za-z!]")
MODULES = sorted(p for p in APP.rglob("*.py") if p.name != "markup.py")


def _docstrings(tree: ast.AST) -> set[int]:
    """ids of string constants that stand alone as statements (docstrings, attribute docstrings)."""
    return {
        id(node.value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant) and isinstance(node.value.value, str)
    }


def markup_text(source: str, name: str = "x.py") -> list[str]:
    """``name:line: text`` of each string literal in ``source`` that holds a tag (docstrings aside)."""
    tree = ast.parse(source)
    docs = _docstrings(tree)
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.JoinedStr):  # an f-string: its placeholders read as text
            text = "".join(v.value if isinstance(v, ast.Constant) else "x" for v in node.values)
        elif isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docs:
            text = node.value
        else:
            continue
        if TAG.search(text):
            found.append(f"{name}:{node.lineno}: {text[:60]!r}")
    return found


@pytest.mark.parametrize("path", MODULES, ids=lambda p: p.name)
def test_no_page_module_writes_markup_as_text(path) -> None:
    assert markup_text(path.read_text(encoding="utf-8"), path.name) == []
    assert "def esc(" not in path.read_text(encoding="utf-8")


def test_the_check_finds_markup_text() -> None:
    source = '"""<b>doc</b>"""\nx = "<li data-chat=\\"" + str(i)\ny = "a < b"\nz = f"</{t}>"\n'
    assert sorted(line.split(":")[1] for line in markup_text(source)) == ["2", "4"]


def test_there_are_page_modules_to_check() -> None:
    assert len(MODULES) > 20
