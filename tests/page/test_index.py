"""index.html's own words: the message a sandboxed frame shows is the catalog's ``embed_sandboxed``.

A frame sandboxed without ``allow-same-origin`` runs no module script and cannot fetch the catalog, so index.html
carries that one message in the three languages (``#sandboxed-words``); it must say what the catalog says.
"""

from __future__ import annotations

import json
from html.parser import HTMLParser

from tests.page.conftest import CATALOG, ROOT


class _ScriptById(HTMLParser):
    def __init__(self, wanted: str) -> None:
        super().__init__()
        self.wanted = wanted
        self.inside = False
        self.text: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.inside = tag == "script" and dict(attrs).get("id") == self.wanted

    def handle_endtag(self, tag: str) -> None:
        if tag == "script":
            self.inside = False

    def handle_data(self, data: str) -> None:
        if self.inside:
            self.text.append(data)


def sandboxed_words() -> dict[str, str]:
    """The JSON of ``<script type="application/json" id="sandboxed-words">`` in index.html."""
    parser = _ScriptById("sandboxed-words")
    parser.feed((ROOT / "index.html").read_text(encoding="utf-8"))
    return json.loads("".join(parser.text))


def test_the_sandboxed_frames_message_in_index_html_is_the_catalogs_in_every_language():
    words = sandboxed_words()
    entry = CATALOG["embed_sandboxed"]
    assert words == {lang: entry[lang] for lang in ("en", "zh-Hans", "zh-Hant")}
    assert all("allow-same-origin" in text for text in words.values())
