"""The page's pure modules give the same markup in the page's own MicroPython as in CPython.

tests/page tests the views in CPython; the page runs them in MicroPython 1.28 (static/vendor/micropython/), which
lacks parts of the language and orders keyword arguments differently.  Here each case is called in both and the
markup compared as a browser reads it (tags, attributes as sets, texts), with hostile strings among the inputs.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from html.parser import HTMLParser
from typing import Any

import pytest

from tests.page.conftest import APP, CATALOG, PAYLOADS, ROOT

pytestmark = pytest.mark.skipif(
    shutil.which("node") is None or not (ROOT / "static" / "vendor" / "micropython" / "micropython.mjs").exists(),
    reason="needs node and static/vendor/micropython (run `make setup`)",
)


def run_micropython(modules: list[str], calls: list[dict[str, Any]], lang: str = "en") -> list[dict[str, str]]:
    """Each call ``{"module", "fn", "args", "kwargs"}`` made in MicroPython: ``[{"ok": text} | {"error": …}]``."""
    payload = json.dumps({"modules": modules, "catalog": CATALOG, "lang": lang, "calls": calls})
    proc = subprocess.run(
        ["node", str(ROOT / "tests" / "micropython" / "run.mjs")],
        input=payload,
        capture_output=True,
        text=True,
        check=False,
        timeout=300,
    )
    assert proc.returncode == 0, proc.stderr
    return json.loads(proc.stdout)


def run_cpython(calls: list[dict[str, Any]]) -> list[dict[str, str]]:
    if str(APP) not in sys.path:
        sys.path.insert(0, str(APP))
    out = []
    for call in calls:
        module = __import__(call["module"])
        try:
            value = getattr(module, call["fn"])(*call.get("args", []), **call.get("kwargs", {}))
            out.append({"ok": str(value)})
        except Exception as error:
            out.append({"error": type(error).__name__})
    return out


class _Canonical(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.parts: list[object] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.parts.append((tag, tuple(sorted(attrs, key=lambda a: (a[0], a[1] or "")))))

    def handle_endtag(self, tag: str) -> None:
        self.parts.append("/" + tag)

    def handle_data(self, data: str) -> None:
        self.parts.append(data)


def shape(markup: str) -> list[object]:
    """Markup as a browser reads it (tags, attributes, texts), attribute order aside."""
    parser = _Canonical()
    parser.feed(markup)
    parser.close()
    return parser.parts


MARKUP_CASES = [
    {"module": "markup", "fn": "escape", "args": [p]} for p in PAYLOADS
] + [
    {"module": "markup", "fn": "h", "args": ["button", p], "kwargs": {"cls": p, "data_card": p, "aria_label": p}}
    for p in PAYLOADS
] + [
    {"module": "markup", "fn": "fill", "args": [p + " {x} {y}"], "kwargs": {"x": p}} for p in PAYLOADS
] + [
    {"module": "markup", "fn": "h", "args": ["a"], "kwargs": {"href": "javascript:alert(1)"}},
    {"module": "markup", "fn": "h", "args": ["div", {"onclick": "x"}]},
    {"module": "markup", "fn": "h", "args": ["Div"]},
]  # fmt: skip


def test_the_markup_builder_is_the_same_in_micropython() -> None:
    mine = run_cpython(MARKUP_CASES)
    theirs = run_micropython(["markup", "i18n"], MARKUP_CASES)
    assert len(theirs) == len(mine)
    for case, a, b in zip(MARKUP_CASES, mine, theirs, strict=True):
        if "error" in a:
            assert b.get("error", "").split(":")[0] == a["error"], (case, b)
        else:
            assert "ok" in b, (case, b)
            assert shape(a["ok"]) == shape(b["ok"]) and len(a["ok"]) == len(b["ok"]), case
