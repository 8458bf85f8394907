"""The help (static/help/help.json, shown by static/app/helpdoc.py) says what the engine does, in three languages.

The file is data: sections of blocks whose every text is ``{"en", "zh-Hans", "zh-Hant"}`` (docs/page.md, "The
help").  These checks keep it from drifting away from the rules: each worked example is scored again here with
:func:`spades.formats.scoresheet.team_sheet` (the score sheet's own figures), each trick example's winner comes from
:func:`spades.cards.trick_winner`, each rule set's winning and losing scores from :data:`spades.rules.PRESETS`,
every rule option and rule set of :mod:`spades.rules` is described in the variants section, no text states a
number the rules do not have, the three languages state the same numbers and use the catalog's vocabulary, and
the keyboard list (static/app/inputs.py ``KEYS``) holds every key the page handles.
"""

from __future__ import annotations

import ast
import importlib.util
import json
import re
from collections.abc import Iterator
from dataclasses import asdict, fields
from pathlib import Path
from typing import Any

import pytest

from spades.cards import Seat, Team, parse_card, trick_winner
from spades.formats.scoresheet import team_sheet
from spades.rules import BIDDING_STYLES, PRESET_NAMES, PRESETS, Rules
from spades.scoring import parse_bid

ROOT = Path(__file__).resolve().parent.parent
HELP = json.loads((ROOT / "static" / "help" / "help.json").read_text(encoding="utf-8"))
CATALOG = json.loads((ROOT / "spades" / "i18n" / "messages.json").read_text(encoding="utf-8"))["messages"]
LANGS = ("en", "zh-Hans", "zh-Hant")
SECTIONS = (
    "basics", "dealing", "bidding", "play", "scoring", "bags", "end", "variants", "glossary", "strategy", "keys",
)  # fmt: skip
BLOCKS = {"p", "h", "list", "table", "trick", "example", "terms", "presets", "options", "scores", "keys"}
NUMBER = re.compile(r"\d+(?:\.\d+)?")


def load(path: Path, name: str) -> Any:
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def texts(node: Any) -> Iterator[dict[str, str]]:
    """Every text of ``node`` (a dict with an ``"en"`` key), depth first."""
    if isinstance(node, dict):
        if "en" in node:
            yield node
            return
        for value in node.values():
            yield from texts(value)
    elif isinstance(node, list):
        for value in node:
            yield from texts(value)


def blocks(kind: str, section: str | None = None) -> list[Any]:
    return [
        block[kind]
        for part in HELP["sections"]
        if section is None or part["id"] == section
        for block in part["blocks"]
        if kind in block
    ]


def numbers(text: str) -> list[float]:
    return sorted(float(n) for n in NUMBER.findall(text))


def test_every_section_in_three_languages() -> None:
    assert HELP["format"] == "spades-help/1"
    assert tuple(section["id"] for section in HELP["sections"]) == SECTIONS
    for section in HELP["sections"]:
        assert set(section) == {"id", "title", "blocks"}, section["id"]
        for block in section["blocks"]:
            assert len(block) == 1 and set(block) <= BLOCKS, (section["id"], block)
    found = list(texts(HELP["sections"]))
    assert len(found) > 150
    for text in found:
        assert set(text) == set(LANGS), text
        assert all(isinstance(text[lang], str) and text[lang].strip() for lang in LANGS), text
        assert text["zh-Hans"] != text["zh-Hant"] or not re.search(r"[\u4e00-\u9fff]", text["en"]), text


def test_the_three_languages_state_the_same_numbers() -> None:
    for text in texts(HELP["sections"]):
        assert numbers(text["en"]) == numbers(text["zh-Hans"]) == numbers(text["zh-Hant"]), text


def example_numbers(example: dict[str, Any]) -> set[float]:
    """The figures an example's words may state: its bids, tricks, bags, points and the sheet's parts."""
    sheet = example["sheet"]
    values: set[int] = {example["bags_before"], sheet["points"], sheet["new_bags"], sheet["bags"]}
    values |= {b for b in example["bids"] if isinstance(b, int)} | set(example["tricks"]) | {sum(example["tricks"])}
    for part in sheet["parts"]:
        values.add(part["points"])
        values |= {v for v in part["params"].values() if type(v) is int}
        if part["code"] == "contract":
            values.add(part["params"]["per_trick"] * part["params"]["contract"])
        if part["code"] == "bag_penalty":
            values.add(part["params"]["penalty"])
    rules = Rules.from_dict(example["rules"])
    values |= {rules.nil_value, rules.blind_nil_value}
    return {float(abs(v)) for v in values}


def test_worked_examples_are_scored_by_our_scoring() -> None:
    examples = blocks("example")
    assert len(examples) >= 8
    for example in examples:
        rules = Rules.from_dict(example["rules"])
        bids = [parse_bid(b) for b in example["bids"]]
        sheet = team_sheet(rules, Team[example["team"]], bids, example["tricks"], example["bags_before"])
        parts = [{"code": p.code, "points": p.points, "params": dict(p.params)} for p in sheet.parts]
        stored = example["sheet"]
        assert stored == {"parts": parts, "points": sheet.points, "new_bags": sheet.new_bags, "bags": sheet.bags}, (
            example["id"]
        )
        allowed = example_numbers(example)
        for lang in LANGS:
            for field in ("title", "text"):
                stated = set(numbers(example[field][lang]))
                assert stated <= allowed, (example["id"], field, lang, sorted(stated - allowed))
    # the seeds' table (seed 000): 4 + 3 bid → 70 or −70; nil + 5 → +151 with 1 bag, or −150 with 2 bags
    by_id = {e["id"]: e for e in examples}
    seeds = {"made": (70, 0), "set": (-70, 0), "nil-made": (151, 1), "nil-failed": (-150, 2)}
    for name, (points, bags) in seeds.items():
        assert (by_id[name]["sheet"]["points"], by_id[name]["sheet"]["new_bags"]) == (points, bags), name


def test_trick_examples_are_won_as_the_engine_says() -> None:
    tricks = blocks("trick")
    assert len(tricks) >= 3
    for trick in tricks:
        cards = [parse_card(card) for card in trick["cards"]]
        assert len(set(cards)) == 4
        assert Seat(trick_winner(Seat[trick["leader"]], cards)).name == trick["winner"], trick


def test_each_rule_sets_end_of_the_game() -> None:
    (scores,) = blocks("scores", "end")
    assert [(row["preset"], row["target"], row["mercy"]) for row in scores] == [
        (name, PRESETS[name].target, PRESETS[name].mercy) for name in PRESET_NAMES
    ]


def test_variants_describe_every_rule_option_and_rule_set() -> None:
    (presets,) = blocks("presets", "variants")
    assert [item["preset"] for item in presets] == list(PRESET_NAMES)
    (options,) = blocks("options", "variants")
    assert [item["rule"] for item in options] == [f.name for f in fields(Rules)]
    (bidding,) = [item for item in options if item["rule"] == "bidding"]
    assert [choice["value"] for choice in bidding["choices"]] == list(BIDDING_STYLES)
    # named on the page as the settings name them
    for item in options:
        assert f"rule_{item['rule']}" in CATALOG
    for name in PRESET_NAMES:
        assert f"preset_{name}" in CATALOG
    for style in BIDDING_STYLES:
        assert f"bidding_{style}" in CATALOG


def test_no_text_states_a_number_the_rules_do_not_have() -> None:
    """Outside the examples every number is one of the rules' (any preset's option, ±), a count of cards, tricks
    or seats (0–15, 52), or 20, a trick's worth with 10 for 200."""
    allowed = {float(abs(v)) for preset in PRESETS.values() for v in asdict(preset).values() if type(v) is int}
    allowed |= {float(n) for n in range(16)} | {52.0, 20.0}
    sections = json.loads(json.dumps(HELP["sections"]))
    for section in sections:
        section["blocks"] = [block for block in section["blocks"] if "example" not in block]
    for text in texts(sections):
        stated = set(numbers(text["en"]))
        assert stated <= allowed, (text["en"], sorted(stated - allowed))
    assert {500.0, 200.0, 100.0, 300.0, 250.0, 10.0} <= allowed


def test_the_catalogs_vocabulary_and_no_english_in_chinese() -> None:
    vocabulary = load(ROOT / "tests" / "test_vocabulary.py", "help_vocabulary").VOCABULARY
    allowed_latin = load(ROOT / "tests" / "browser" / "test_language.py", "help_language").ALLOWED
    word = re.compile(r"[A-Za-z](?:[A-Za-z.'’]*[A-Za-z])?")
    for text in texts(HELP["sections"]):
        for lang in LANGS:
            for term, by_lang in vocabulary.items():
                for wrong in by_lang[lang][1]:
                    assert wrong not in text[lang], (lang, term, wrong, text[lang])
        for lang in ("zh-Hans", "zh-Hant"):
            latin = [w for w in word.findall(text[lang]) if w not in allowed_latin]
            assert not latin, (lang, latin, text[lang])
    # the words the catalog uses, used here too
    everything = {lang: " ".join(text[lang] for text in texts(HELP["sections"])) for lang in LANGS}
    for term in ("hearts", "nil", "blind_nil", "bags", "partner", "lead"):
        for lang in ("zh-Hans", "zh-Hant"):
            assert vocabulary[term][lang][0] in everything[lang], (term, lang)


# ----------------------------------------------------------------- the keyboard list


def handled_keys(path: Path) -> set[str]:
    """Keys a page module acts on: strings compared with ``key``/``lower``, a ``KEYS`` tuple, digits by isdigit."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Compare) and isinstance(node.left, ast.Name) and node.left.id in ("key", "lower"):
            for comparator in node.comparators:
                values = comparator.elts if isinstance(comparator, ast.Tuple | ast.List) else [comparator]
                found |= {v.value for v in values if isinstance(v, ast.Constant) and isinstance(v.value, str)}
        if isinstance(node, ast.Assign) and any(isinstance(t, ast.Name) and t.id == "KEYS" for t in node.targets):
            value = ast.literal_eval(node.value)
            if all(isinstance(v, str) for v in value):  # review.py: a plain tuple of keys
                found |= set(value)
        if isinstance(node, ast.Attribute) and node.attr == "isdigit":
            found |= set("0123456789")
    return found


def listed_keys() -> list[tuple[str, tuple[str, ...], str, str | None]]:
    tree = ast.parse((ROOT / "static" / "app" / "inputs.py").read_text(encoding="utf-8"))
    for node in tree.body:
        if isinstance(node, ast.Assign) and any(isinstance(t, ast.Name) and t.id == "KEYS" for t in node.targets):
            return ast.literal_eval(node.value)
    raise AssertionError("static/app/inputs.py has no KEYS table")


def expand(key: str) -> set[str]:
    ranges = {"0–9": "0123456789", "0–3": "0123"}
    return set(ranges[key]) if key in ranges else {key.lower() if len(key) == 1 else key}


def test_the_keyboard_list_holds_every_key_the_page_handles() -> None:
    table = listed_keys()
    listed = {k for _where, keys, _text, _action in table for key in keys for k in expand(key)}
    handled = handled_keys(ROOT / "static" / "app" / "inputs.py") | handled_keys(ROOT / "static" / "app" / "review.py")
    handled = {key.lower() if len(key) == 1 else key for key in handled}
    assert {"?", "b", "v", "n", "0", "Escape", "Home", "End", "ArrowUp"} <= handled  # the parse found them
    assert handled <= listed, sorted(handled - listed)
    helpdoc = (ROOT / "static" / "app" / "helpdoc.py").read_text(encoding="utf-8")
    groups = ast.literal_eval(re.search(r"KEY_GROUPS = (\(.*?\))", helpdoc).group(1))  # type: ignore[union-attr]
    for where, keys, text, action in table:
        assert where in groups and keys and text in CATALOG, (where, keys, text)
        assert action is None or len(keys) == 1, action
    for group in groups:
        assert f"help_keys_{group}" in CATALOG
    # the shortcuts that work anywhere are the table's, and each is a menu action the page knows
    actions = {key.lower(): action for _w, keys, _t, action in table if action for key in keys}
    assert actions == {
        **{"h": "hint", "u": "undo", "s": "scores", "l": "last-trick", "m": "move-log", "?": "help"},
        "c": "claim",
    }
    controller = (ROOT / "static" / "app" / "controller.py").read_text(encoding="utf-8")
    for action in actions.values():
        assert f'"{action}": _' in controller, action


# ----------------------------------------------------------------- loading


def test_the_help_is_loaded_on_demand_and_precached() -> None:
    vendor = load(ROOT / "scripts" / "vendor.py", "help_vendor")
    precached = vendor.precache_files(ROOT)
    # the page fetches the window the build made of help.json (helpwindow.py page_path), not help.json itself
    assert all(f"static/vendor/early/help.{lang}.html" in precached for lang in LANGS)
    assert "static/help/help.json" not in precached
    assert '"./static/app/helpdoc.py" = "./helpdoc.py"' in (ROOT / "pyscript.toml").read_text(encoding="utf-8")
    helpdoc = (ROOT / "static" / "app" / "helpdoc.py").read_text(encoding="utf-8")
    assert 'PATH = "./static/help/help.json"' in helpdoc
    assert "static/help" not in (ROOT / "pyscript.toml").read_text(encoding="utf-8")  # not copied at start-up


@pytest.mark.parametrize("lang", LANGS)
def test_titles_are_short_and_distinct(lang: str) -> None:
    titles = [section["title"][lang] for section in HELP["sections"]]
    assert len(set(titles)) == len(titles)
    assert all(len(title) <= 30 for title in titles)
