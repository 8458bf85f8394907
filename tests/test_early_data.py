"""The page's data for before the engine (scripts/early_data.py, static/vendor/early/) says what the engine and the
page's own help renderer say now: the build's copies are the engine's answers and helpdoc.py's window, never a
second source of their own (docs/page.md "Before the engine")."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path
from typing import Any

import pytest

from spades.rules import PRESET_NAMES, Rules
from spades.worker import handle

ROOT = Path(__file__).resolve().parent.parent
EARLY = ROOT / "static" / "vendor" / "early"
LANGS = ("en", "zh-Hans", "zh-Hant")


def load_script() -> Any:
    spec = importlib.util.spec_from_file_location("early_data_under_test", ROOT / "scripts" / "early_data.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


early_data = load_script()


def ask(op: str, args: dict[str, Any]) -> Any:
    return json.loads(handle(op, json.dumps(args)))


def test_the_lists_and_every_presets_rules_are_the_engines_answers() -> None:
    data = early_data.engine_data()
    answer = ask("rules", {"rules": {"preset": "standard"}})
    assert data["lists"] == {key: value for key, value in answer.items() if key != "rules"}
    assert data["lists"]["presets"] == list(PRESET_NAMES)
    assert set(data["preset_rules"]) == set(PRESET_NAMES)
    for name, rules in data["preset_rules"].items():
        assert rules == Rules.from_dict({"preset": name}).to_dict()
        assert rules["preset"] == name


@pytest.mark.parametrize("lang", LANGS)
def test_the_lesson_titles_are_the_engines_list_in_each_language(lang: str) -> None:
    lessons = early_data.engine_data()["lessons"][lang]
    assert lessons == ask("lesson_list", {"lang": lang})["lessons"]
    assert [item["order"] for item in lessons] == list(range(1, len(lessons) + 1))


def test_the_help_pages_are_helpdocs_window_in_each_language() -> None:
    pages = early_data.help_pages()
    assert set(pages) == set(LANGS)
    help_data = json.loads((ROOT / "static" / "help" / "help.json").read_text(encoding="utf-8"))
    for lang, page in pages.items():
        assert page.startswith('<div class="help-doc">') and 'data-help="ready"' in page
        for section in help_data["sections"]:  # every section, titled in the page's language
            assert f'id="help-s-{section["id"]}"' in page
            assert section["title"][lang] in page
    assert len({page for page in pages.values()}) == 3


def test_the_keys_table_is_the_pages() -> None:
    keys = early_data.keys_table()
    assert keys and all(len(row) == 4 for row in keys)
    assert any(where == "any" and "Escape" in names for where, names, _what, _action in keys)


def test_writing_twice_changes_nothing_the_second_time(tmp_path: Path) -> None:
    assert early_data.write(tmp_path) == 4
    (tmp_path / "early" / "engine.json.br").write_bytes(b"stale")
    assert early_data.write(tmp_path) == 0
    assert (tmp_path / "early" / "engine.json.br").exists(), "an unchanged file keeps its copies"
    (tmp_path / "early" / "engine.json").write_text("{}", encoding="utf-8")
    assert early_data.write(tmp_path) == 1
    assert not (tmp_path / "early" / "engine.json.br").exists(), "a changed file's stale copy goes"


def test_the_built_files_are_current() -> None:
    if not EARLY.is_dir():
        pytest.skip("static/vendor/ missing: run `make setup`")
    for name, text in early_data.files().items():
        assert (EARLY / name).read_text(encoding="utf-8") == text, f"{name} is stale: run `make setup`"


def test_the_page_fetches_them_and_they_are_precached() -> None:
    boot = (ROOT / "static" / "app" / "boot.js").read_text(encoding="utf-8")
    early_js = (ROOT / "static" / "app" / "early.js").read_text(encoding="utf-8")
    assert '"../vendor/early/engine.json"' in boot and "../vendor/early/help.${lang}.html" in early_js
    if not EARLY.is_dir():
        pytest.skip("static/vendor/ missing: run `make setup`")
    spec = importlib.util.spec_from_file_location("vendor_under_test", ROOT / "scripts" / "vendor.py")
    assert spec is not None and spec.loader is not None
    vendor = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(vendor)
    files = vendor.precache_files(ROOT)
    for name in early_data.files():
        assert f"static/vendor/early/{name}" in files
