"""CPython tests of the page's pure code (static/app/): views, the markup builder, i18n, session logic.

``static/app`` is put on ``sys.path`` (the page imports its modules by bare name, as ``pyscript.toml`` maps
them) and the message catalog is loaded into ``i18n``.  A module imported here must not import ``js`` or
``pyscript``: a page module that does is not pure and is not tested here.

:func:`assert_no_injection` and :data:`HOSTILE` are the injection check used by every view's property test:
render with hostile strings in every field, parse the markup with :mod:`html.parser`, and find none of the
markers' tags or attributes.
"""

from __future__ import annotations

import asyncio
import json
import sys
import threading
from html.parser import HTMLParser
from pathlib import Path

import pytest
from hypothesis import strategies as st

ROOT = Path(__file__).resolve().parents[2]
APP = ROOT / "static" / "app"
if str(APP) not in sys.path:
    sys.path.insert(0, str(APP))

import i18n  # noqa: E402  (the page's module, found through static/app)

CATALOG = json.loads((ROOT / "spades" / "i18n" / "messages.json").read_text(encoding="utf-8"))["messages"]
i18n.load(CATALOG)

MARK_TAG = "inj-x"
MARK_ATTR = "data-inj"
PAYLOADS = (
    '<inj-x data-inj="1">',
    '"><inj-x data-inj=1>',
    "'><inj-x data-inj=1>",
    '" data-inj="1',
    "' data-inj='1",
    '" onmouseover="alert(1)',
    "<script>alert(1)</script>",
    "</textarea></title><inj-x>",
    "javascript:alert(1)",
    "&lt;inj-x&gt;",
    "{card}{seat}%s\x00\u202e",
    "x" * 5000,
)
HOSTILE = st.one_of(
    st.sampled_from(PAYLOADS),
    st.builds(lambda a, b: a + b, st.sampled_from(PAYLOADS), st.text(max_size=20)),
    st.text(alphabet=st.sampled_from(list("<>\"'&=/ onx-")), max_size=40),
)
"""Strings that try to become markup: put one in every text field of a view's input."""


class _Collect(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.tags: list[tuple[str, list[tuple[str, str | None]]]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append((tag, attrs))

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append((tag, attrs))


def parse_tags(markup: object) -> list[tuple[str, list[tuple[str, str | None]]]]:
    """Every start tag of ``markup`` with its attributes, as a browser's tokenizer sees them."""
    parser = _Collect()
    parser.feed(str(markup))
    parser.close()
    return parser.tags


def assert_no_injection(markup: object, allowed_tags: set[str] | None = None) -> None:
    """Fail if ``markup`` holds a tag or attribute that came from data rather than from the view's code.

    No marker tag, no ``script``, no ``on…`` or marker attribute, no ``javascript:`` address; with
    ``allowed_tags``, every tag must be one of them.
    """
    for tag, attrs in parse_tags(markup):
        assert tag != MARK_TAG and tag != "script", f"injected <{tag}> in {str(markup)[:300]!r}"
        if allowed_tags is not None:
            assert tag in allowed_tags, f"unexpected <{tag}> in {str(markup)[:300]!r}"
        for name, value in attrs:
            assert name != MARK_ATTR and not name.startswith("on"), f"injected {name}= on <{tag}>"
            assert "inj" not in name and '"' not in name and "'" not in name, f"injected {name!r} on <{tag}>"
            if name in ("href", "src", "action", "formaction"):
                assert not (value or "").replace(" ", "").lower().startswith("javascript:"), f"{name}={value!r}"


def run_async(coro):
    """``asyncio.run(coro)`` in a thread of its own: the browser tests' Playwright keeps an event loop running in
    the main thread, and a second one cannot run there (the page's code is asynchronous, as MicroPython's is)."""
    out = {}

    def main():
        try:
            out["value"] = asyncio.run(coro)
        except BaseException as error:  # re-raised in the test's thread
            out["error"] = error

    thread = threading.Thread(target=main)
    thread.start()
    thread.join()
    if "error" in out:
        raise out["error"]
    return out.get("value")


@pytest.fixture(params=("en", "zh-Hans", "zh-Hant"))
def lang(request: pytest.FixtureRequest) -> str:
    """Each test that takes it runs in the three languages."""
    i18n.set_lang(request.param)
    yield request.param
    i18n.set_lang("en")
