"""The page's data for the time before the engine (docs/page.md "Before the engine"), made from its one source.

    python scripts/early_data.py [DIR]      (scripts/vendor.py runs it; DIR: static/vendor/ by default)

Writes DIR/early/ (each file only when its text changed, so an unchanged build keeps its files' times):

- ``help.<lang>.html`` for ``en``, ``zh-Hans``, ``zh-Hant``: the help window (``#help-content[data-help=ready]``
  and its contents), rendered from static/help/help.json by static/app/helpdoc.py, the page's own renderer,
  with the keys of static/app/inputs.py ``KEYS``. static/app/early.js shows it before Python runs; the page's
  Help (helpwindow.py) shows the same file afterwards. One text source (help.json), one renderer (helpdoc.py).
- ``engine.json``: what the page would otherwise ask the engine before it can offer the settings and the
  lessons: ``lists``, the worker's answer to ``rules`` for the standard preset (presets, bidding styles,
  levels and their ratings); ``preset_rules``, every preset's complete rules (``rules`` for that preset); and
  ``lessons``, the answer to ``lesson_list`` in each language. Every value is the engine's own answer
  (:func:`spades.worker.handle`), so it can never say something the engine would not.
- ``first-hand.json``: the opening of a first visit's first hand (static/app/firsthand.py; docs/page.md "The first
  hand before the engine"): ``args``, the arguments of op ``new`` for a new game of the page's default settings
  (static/app/store.py ``DEFAULT_SETTINGS``, through firsthand.py ``new_args``: the page's own definition), the seed
  aside; and ``deals``, for each of :data:`FIRST_SEEDS` seeds, the state the engine gives South once it is South's
  turn to bid in that game (op ``new``, then ``step`` while a computer is to bid: what the page does once the
  engine is ready), and ``opening``, the states South saw before it: the deal (op ``new``'s), then each computer's
  bid but the last (each ``step``'s), which the page shows one by one, paced as any game's moves. Each is made
  twice, on two tables, and must come out the same.

tests/test_early_data.py checks that the files equal what the engine and helpdoc.py give now.
"""

from __future__ import annotations

import ast
import json
import random
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
APP = ROOT / "static" / "app"
sys.path[:0] = [str(ROOT), str(APP)]  # the engine, and the page's pure modules by bare name (as pyscript.toml)
import firsthand  # noqa: E402  (the page's first hand: new games' arguments; pure)
import helpdoc  # noqa: E402  (the page's help renderer: pure, CPython too)
import i18n  # noqa: E402  (the page's words)
from session import computer_to_move  # noqa: E402  (the page's rule for "a computer is to move": pure)

from spades.worker import handle  # noqa: E402

LANGS = ("en", "zh-Hans", "zh-Hant")
HELP = ROOT / helpdoc.PATH  # static/help/help.json
CATALOG = ROOT / "spades" / "i18n" / "messages.json"
SUFFIXES = (".br", ".gz")  # precompressed copies (scripts/vendor.py): stale once their file changes
FIRST_SEEDS = 16
"""How many first hands the build prepares: the page picks one at random, so not every newcomer gets the same."""
SETTINGS_KEYS = ("preset", "rules", "seat", "bots", "undo")
"""The settings a new game's arguments are made of (firsthand.py ``new_args``)."""


def keys_table():
    """static/app/inputs.py ``KEYS`` (read from the source: inputs.py imports pyscript)."""
    tree = ast.parse((APP / "inputs.py").read_text(encoding="utf-8"))
    for node in tree.body:
        if isinstance(node, ast.Assign) and any(getattr(target, "id", "") == "KEYS" for target in node.targets):
            return ast.literal_eval(node.value)
    raise SystemExit("early_data: static/app/inputs.py has no KEYS table")


def help_pages():
    """``{lang: the help window's markup}``, as helpwindow.py would draw it once help.json is here."""
    i18n.load(json.loads(CATALOG.read_text(encoding="utf-8"))["messages"])
    data = json.loads(HELP.read_text(encoding="utf-8"))
    keys = keys_table()
    pages = {}
    for lang in LANGS:
        i18n.set_lang(lang)
        pages[lang] = str(helpdoc.window(helpdoc.content(data, keys), "ready")) + "\n"
    return pages


def ask(op, args):
    """The engine's answer to ``op`` (an error stops the build: the page must not ship a refusal)."""
    answer = json.loads(handle(op, json.dumps(args)))
    if "error" in answer:
        raise SystemExit(f"early_data: the engine refused {op} {args}: {answer['error']}")
    return answer


def engine_data():
    """The lists, every preset's rules and the lessons in each language: the engine's answers."""
    lists = ask("rules", {"rules": {"preset": "standard"}})
    preset_rules = {name: ask("rules", {"rules": {"preset": name}})["rules"] for name in lists["presets"]}
    lessons = {lang: ask("lesson_list", {"lang": lang})["lessons"] for lang in LANGS}
    lists.pop("rules")
    return {
        "format": "spades-early/1",
        "about": "Generated by scripts/early_data.py from the engine's answers; do not edit.",
        "lists": lists,
        "preset_rules": preset_rules,
        "lessons": lessons,
    }


def default_settings():
    """The page's default settings that make a new game (static/app/store.py ``DEFAULT_SETTINGS``, read from the
    source: store.py imports js)."""
    tree = ast.parse((APP / "store.py").read_text(encoding="utf-8"))
    for node in tree.body:
        targets = node.targets if isinstance(node, ast.Assign) else []
        if any(getattr(target, "id", "") == "DEFAULT_SETTINGS" for target in targets):
            assert isinstance(node.value, ast.Dict)
            pairs = zip(node.value.keys, node.value.values, strict=True)
            found = {ast.literal_eval(key): value for key, value in pairs if key is not None}
            return {name: ast.literal_eval(found[name]) for name in SETTINGS_KEYS}
    raise SystemExit("early_data: static/app/store.py has no DEFAULT_SETTINGS")


def first_seeds():
    """The prepared hands' seeds: the same at every build, spread over the page's own range of random seeds."""
    draw = random.Random("spades: the first hands of first visits")
    return [draw.randrange(1, 2**31 - 1) for _ in range(FIRST_SEEDS)]


def first_state(args, seed, table):
    """``(state, opening)``: the state the engine gives ``args["viewer"]`` once it is their turn to bid in the game
    of ``args`` dealt from ``seed`` (on the worker's table ``table``, closed afterwards), and the states it gave
    before it, one a computer's bid (the deal's first)."""
    answer = ask("new", {**args, "seed": seed, "table": table})
    opening = []
    while computer_to_move(answer["state"]):
        opening.append(answer["state"])
        answer = ask("step", {"table": table, "viewer": args["viewer"], "lang": "en"})
    ask("close", {"table": table})
    state = answer["state"]
    if (state["phase"], state["turn"]) != ("bidding", args["viewer"]) or not state["legal_bids"] or not state["looked"]:
        raise SystemExit(f"early_data: seed {seed} does not come to the person's bid with the cards seen")
    if len(opening) != len(firsthand.opening_events(state)):
        raise SystemExit(f"early_data: seed {seed}: a state before each computer's bid, one bid a step")
    return state, opening


def first_hands():
    """The first hands of first visits (the module's docstring): ``{"format", "about", "args", "deals"}``."""
    settings = default_settings()
    args = firsthand.without_seed(firsthand.new_args(settings, settings["seat"], None))
    deals = []
    for seed in first_seeds():
        state, opening = first_state(args, seed, "first-hand")
        if first_state(args, seed, "first-hand-again") != (state, opening):
            raise SystemExit(f"early_data: the first hand of seed {seed} differs when made again")
        deals.append({"seed": seed, "state": state, "opening": opening})
    return {
        "format": firsthand.FORMAT,
        "about": "Generated by scripts/early_data.py from the engine's states; do not edit.",
        "args": args,
        "deals": deals,
    }


def files():
    """``{name under early/: text}``."""
    out = {f"help.{lang}.html": page for lang, page in help_pages().items()}
    out["engine.json"] = json.dumps(engine_data(), ensure_ascii=False, indent=1, sort_keys=True) + "\n"
    out["first-hand.json"] = json.dumps(first_hands(), ensure_ascii=False, separators=(",", ":"), sort_keys=True) + "\n"
    return out


def write(vendor):
    """Write the files under ``vendor``/early/; returns how many changed."""
    folder = Path(vendor) / "early"
    folder.mkdir(parents=True, exist_ok=True)
    changed = 0
    for name, text in files().items():
        path = folder / name
        if path.is_file() and path.read_text(encoding="utf-8") == text:
            continue
        path.write_text(text, encoding="utf-8")
        for suffix in SUFFIXES:
            path.with_name(name + suffix).unlink(missing_ok=True)
        changed += 1
    return changed


if __name__ == "__main__":
    target = Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT / "static" / "vendor"
    print(f"early data: {write(target)} of {len(files())} files changed in {target / 'early'}")
