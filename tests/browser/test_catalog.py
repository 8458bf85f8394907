"""The page's message catalog (spades/i18n/messages.json): complete in three languages, and every key the
page uses exists. Plain Python, no browser."""

from __future__ import annotations

import json
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
CATALOG = json.loads((ROOT / "spades" / "i18n" / "messages.json").read_text(encoding="utf-8"))["messages"]
LANGS = ("en", "zh-Hans", "zh-Hant")


def placeholders(text: str) -> set[str]:
    return set(re.findall(r"\{(\w+)\}", text))


def test_every_message_in_three_languages_with_the_same_placeholders() -> None:
    for key, entry in CATALOG.items():
        assert set(entry) == set(LANGS), key
        assert all(isinstance(entry[lang], str) and entry[lang] for lang in LANGS), key
        assert placeholders(entry["zh-Hans"]) == placeholders(entry["en"]) == placeholders(entry["zh-Hant"]), key


def test_every_key_the_page_uses_is_in_the_catalog() -> None:
    used: set[str] = set()
    for path in (ROOT / "static" / "app").rglob("*.py"):
        used |= set(re.findall(r"""\bt\(\s*"([a-z0-9_]+)\"""", path.read_text(encoding="utf-8")))
    html = (ROOT / "index.html").read_text(encoding="utf-8")
    used |= set(re.findall(r'data-i18n(?:-aria|-title)?="([a-z0-9_]+)"', html))
    # t("seat_" + seat): a prefix, some keys must start with it
    missing = sorted(key for key in used if key not in CATALOG and not any(k.startswith(key) for k in CATALOG))
    assert not missing, missing
    assert len(used) > 50


def test_reason_codes_of_the_engine_are_translated() -> None:
    from spades.game import _REASON_TEXT

    for code, english in _REASON_TEXT.items():
        entry = CATALOG[f"reason_{code}"]
        assert placeholders(entry["zh-Hans"]) <= placeholders(english) | {"suit", "number"}, code
    assert CATALOG["reason_must_follow"]["zh-Hans"].format(suit="红心") == "必须跟红心"
    assert CATALOG["reason_must_follow"]["zh-Hant"].format(suit="紅心") == "必須跟紅心"
    assert CATALOG["reason_spades_not_broken"]["zh-Hans"] == "黑桃尚未破封"
