"""The page's data for before the engine (scripts/early_data.py, static/vendor/early/) says what the engine and the
page's own help renderer say now: the build's copies are the engine's answers and helpdoc.py's window, never a
second source of their own (docs/page.md "Before the engine")."""

from __future__ import annotations

import importlib.util
import json
import shutil
import subprocess
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
    assert early_data.write(tmp_path) == 5
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


# ---------------------------------------------------------------- the first hands of first visits (firsthand.py)


def engine_first_states(args: dict[str, Any], seed: int) -> list[Any]:
    """The engine's states until the viewer's turn: op ``new``'s, then each ``step``'s while anyone else is to bid
    (the page's steps once the engine is ready, static/app/controller.py ``adopt_first``), on a table of this test."""
    answer = ask("new", {**args, "seed": seed, "table": "test-first-hand"})
    states = [answer["state"]]
    for _ in range(3):
        if answer["state"]["turn"] == args["viewer"]:
            break
        answer = ask("step", {"table": "test-first-hand", "viewer": args["viewer"], "lang": "zh-Hans"})
        states.append(answer["state"])
    ask("close", {"table": "test-first-hand"})
    return states


def engine_first_state(args: dict[str, Any], seed: int) -> Any:
    """The engine's state once it is the viewer's turn (:func:`engine_first_states`' last)."""
    return engine_first_states(args, seed)[-1]


def built_first_hands() -> Any:
    path = EARLY / "first-hand.json"
    if not path.is_file():
        pytest.skip("static/vendor/ missing: run `make setup`")
    return json.loads(path.read_text(encoding="utf-8"))


def test_every_prepared_first_hand_is_the_engines_state_at_the_persons_first_bid() -> None:
    data = built_first_hands()
    assert data["format"] == "spades-first-hand/2"
    seeds = [deal["seed"] for deal in data["deals"]]
    assert len(seeds) == early_data.FIRST_SEEDS == len(set(seeds)) == 16
    hands = set()
    for deal in data["deals"]:
        state = deal["state"]
        states = engine_first_states(data["args"], deal["seed"])
        assert state == states[-1], f"seed {deal['seed']}"
        assert deal["opening"] == states[:-1], f"seed {deal['seed']}: the states before, the deal's first"
        assert [step["turn"] for step in deal["opening"]] == ["N", "E"]
        assert (state["phase"], state["turn"], state["me"]) == ("bidding", "S", "S")
        assert state["looked"] and state["legal_bids"], "cards seen, bids to choose from: the page holds a bid only"
        assert all(state["bids"][seat] is not None for seat in ("N", "E")), "the computers before South have bid"
        hands.add(tuple(item["card"] for item in state["hand"]))
    assert len(hands) == len(seeds), "sixteen different hands"


def test_the_first_hands_are_made_for_a_new_game_of_the_pages_default_settings() -> None:
    from tests.page.fakes import browser_module

    store = browser_module("store")
    firsthand = early_data.firsthand
    settings = store.DEFAULT_SETTINGS
    args = firsthand.new_args(settings, settings["seat"], 12345)
    assert built_first_hands()["args"] == firsthand.without_seed(args) == early_data.first_hands()["args"]
    assert args["viewer"] == "S" and args["rules"] == {"preset": "standard"}


def test_a_changed_prepared_hand_is_told_apart() -> None:
    """The check can fail: another seed's state is not this seed's."""
    data = built_first_hands()
    first, second = data["deals"][:2]
    assert engine_first_state(data["args"], first["seed"]) != second["state"]


@pytest.mark.skipif(shutil.which("node") is None, reason="needs node")
def test_the_engine_in_pyodide_makes_every_prepared_first_hand_the_same() -> None:
    """The engine as the browser's worker runs it (Pyodide, the shipped zips) deals and bids the same."""
    built_first_hands()
    proc = subprocess.run(
        ["node", "tests/pyodide/first_hand.mjs", str(ROOT / "static" / "vendor")],
        cwd=ROOT,
        check=False,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert proc.returncode == 0, proc.stderr[-2000:]
    out = json.loads(proc.stdout.splitlines()[-1])
    assert out == {"made": 16, "differ": []}


def test_a_first_hand_reseeded_keeps_its_opening_and_deals_the_next_hands_from_the_new_seed() -> None:
    """The page's adoption (controller.py ``adopt_first``): the engine's game of a prepared seed, its save given a
    fresh seed (firsthand.py ``reseeded``) and loaded, shows the prepared state; the first hand is played out as it
    was dealt, and the second is the fresh seed's, not the prepared seed's (16 whole games no longer)."""
    from spades.cards import card_name, mask_cards
    from spades.rng import deal_masks

    data = built_first_hands()
    deal = data["deals"][0]
    args = data["args"]
    table = {"table": "test-reseed"}
    answer = ask("new", {**args, "seed": deal["seed"], **table})
    while answer["state"]["turn"] != "S":
        answer = ask("step", {**table, "viewer": "S"})
    fresh = deal["seed"] + 1
    answer = ask("load", {**table, "save": early_data.firsthand.reseeded(answer["save"], fresh), "viewer": "S"})
    assert answer["state"] == deal["state"], "the prepared state, as before the new seed"
    first_deal = answer["save"]["record"]["hands"][0]["deal"]
    while answer["state"]["phase"] != "hand-over":  # the person's seat played by the computer, to the hand's end
        state = answer["state"]
        if state["turn"] == "S":  # the person: a bid of 3, then the first legal card each time
            legal = [item["card"] for item in state["hand"] if item["legal"]]
            move = {"type": "bid", "bid": 3} if state["phase"] == "bidding" else {"type": "play", "card": legal[0]}
            answer = ask("act", {**table, "seat": "S", "intent": move, "viewer": "S"})
        else:
            answer = ask("step", {**table, "viewer": "S"})
    record = answer["save"]["record"]
    assert record["seed"] == fresh and record["hands"][0]["deal"] == first_deal
    assert record["hands"][0]["bids"][:2] == [deal["state"]["bids"]["N"], deal["state"]["bids"]["E"]]
    answer = ask("act", {**table, "seat": "S", "intent": {"type": "next_hand"}, "viewer": "S"})
    ask("close", table)
    south = sorted(item["card"] for item in answer["state"]["hand"])

    def south_of(seed: int) -> list[str]:
        return sorted(card_name(card) for card in mask_cards(deal_masks(seed, 1)[2]))

    assert south == south_of(fresh), "the second hand is the fresh seed's"
    assert south != south_of(deal["seed"]), "not the prepared seed's second hand"
