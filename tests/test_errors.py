"""Errors people see are codes with parameters, worded by the catalog in every language (spades.errors).

Every code the engine raises is in :data:`spades.errors.CODES` with its parameters, and the catalog's
``err_<code>`` has exactly those placeholders in en, zh-Hans and zh-Hant; the main paths (rules, records, JSON,
the profile, the table, the worker's refusals, an online room's) carry the codes and parameters they should, and
their English one-line messages are unchanged.
"""

from __future__ import annotations

import ast
import functools
import json
import re
from dataclasses import fields
from pathlib import Path
from typing import Any

import pytest

from spades import worker
from spades.cards import Seat
from spades.errors import (
    CODES,
    OWNERS,
    IllegalMoveError,
    ParseError,
    RecordError,
    RulesError,
    SpadesError,
    register,
)
from spades.formats.record import from_record, loads, to_record
from spades.game import Game, Phase
from spades.i18n.catalog import LANGUAGES, MESSAGES
from spades.jsontext import load_json
from spades.rules import Rules
from spades.stats.profile import COLORS, ProfileError, check_profile
from spades.table import Table
from spades.table.room import HOST, Room, RoomConfig

ROOT = Path(__file__).resolve().parent.parent
PAGE_CODES: dict[str, tuple[str, ...]] = ast.literal_eval(
    next(
        node.value
        for node in ast.parse((ROOT / "static" / "app" / "codes.py").read_text("utf-8")).body
        if isinstance(node, ast.Assign) and getattr(node.targets[0], "id", "") == "CODES"
    )
)
"""The page's own codes (static/app/codes.py), read from its source: the page's, worded by the same catalog."""
ALL_CODES = {**CODES, **PAGE_CODES}
PLACEHOLDER = re.compile(r"\{(\w+)\}")


def placeholders(text: str) -> set[str]:
    return set(PLACEHOLDER.findall(text))


def words(message: dict[str, Any], lang: str = "en") -> str:
    """``{"code", "params"}`` in words, as the page does it (static/app/i18n.py), nested messages included."""
    params = {}
    for name, value in message["params"].items():
        if isinstance(value, dict) and name == "reason":
            params[name] = MESSAGES["reason_" + value["code"]][lang].format(suit=value["suit"], number=value["number"])
        elif isinstance(value, dict):
            params[name] = words(value, lang)
        else:
            params[name] = str(value)
    return MESSAGES["err_" + message["code"]][lang].format(**params)


def check_message(message: dict[str, Any]) -> None:
    """A registered code with exactly its parameters, nested messages too; it words cleanly in every language."""
    assert set(message) == {"code", "params"}, message
    code = message["code"]
    assert code in CODES, code
    assert set(message["params"]) == set(CODES[code]), message
    for name, value in message["params"].items():
        if isinstance(value, dict) and name != "reason":
            check_message(value)
    json.dumps(message)  # plain JSON
    for lang in LANGUAGES:
        words(message, lang)  # every placeholder filled (str.format raises otherwise)


# ----------------------------------------------------------------- the registry and the catalog


def test_every_code_has_its_words_with_the_same_placeholders_in_every_language() -> None:
    for code, params in ALL_CODES.items():
        entry = MESSAGES["err_" + code]
        for lang in LANGUAGES:
            assert placeholders(entry[lang]) == set(params), (code, lang, entry[lang])
    unused = sorted(key for key in MESSAGES if key.startswith("err_") and key[4:] not in ALL_CODES)
    assert not unused, unused


def test_parameters_the_page_words_by_name_have_their_words() -> None:
    for option in fields(Rules):
        assert "rule_" + option.name in MESSAGES, option.name
    for phase in Phase:
        assert "phase_" + phase.value in MESSAGES, phase


def _registrations(tree: ast.AST) -> list[ast.Dict]:
    """The code tables of a module: the dicts given to ``register(owner, {...})`` and set as a class's ``codes``."""
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "register":
            found += [arg for arg in node.args if isinstance(arg, ast.Dict)]
        elif isinstance(node, ast.AnnAssign | ast.Assign) and isinstance(node.value, ast.Dict):
            targets = [node.target] if isinstance(node, ast.AnnAssign) else node.targets
            if any(getattr(target, "id", None) == "codes" for target in targets):
                found.append(node.value)
    return found


def _literals() -> set[str]:
    """Every string constant of the engine's code, but for the code tables themselves."""
    texts = set()
    for path in (ROOT / "spades").rglob("*.py"):
        tree = ast.parse(path.read_text("utf-8"))
        tables = {id(key) for table in _registrations(tree) for key in table.keys}
        for node in ast.walk(tree):
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in tables:
                texts.add(node.value)
    return texts


def _literal_codes() -> list[tuple[str, int, str, set[str] | None]]:
    """Every code written in the engine: ``(file, line, code, parameter names or None when not literal)``.

    Codes are the second argument of an error class (``XError(message, code, params)`` or ``code=``), the
    first of ``msg(code, **params)``, the third of ``profile._fail`` and the fourth of ``profile._not``.
    """
    found = []
    for path in sorted((ROOT / "spades").rglob("*.py")):
        tree = ast.parse(path.read_text("utf-8"))
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call):
                continue
            func = node.func
            name = func.id if isinstance(func, ast.Name) else func.attr if isinstance(func, ast.Attribute) else ""
            keywords = {k.arg: k.value for k in node.keywords if k.arg}
            spread = {k.arg for k in node.keywords if k.arg}
            code = params = None
            if name.endswith("Error") or name == "HandNotFinished":
                if name == "RecordError":
                    code, params = keywords.get("code"), keywords.get("params")
                else:
                    code = node.args[1] if len(node.args) > 1 else keywords.get("code")
                    params = node.args[2] if len(node.args) > 2 else keywords.get("params")
                names = {k.value for k in params.keys} if isinstance(params, ast.Dict) else None
                names = names if params is not None else set()
            elif name in ("msg", "_fail", "_not"):  # the code, then its parameters as keywords
                position = {"msg": 0, "_fail": 2, "_not": 3}[name]
                code = node.args[position] if len(node.args) > position else None
                names = spread
            if isinstance(code, ast.Constant) and isinstance(code.value, str):
                found.append((str(path.relative_to(ROOT)), node.lineno, code.value, names))
    return found


def test_every_code_written_in_the_engine_is_registered_with_its_parameters() -> None:
    found = _literal_codes()
    assert len(found) > 150
    for where, line, code, names in found:
        assert code in CODES, f"{where}:{line}: {code!r} is not in spades.errors.CODES"
        if names is not None:
            assert names == set(CODES[code]), f"{where}:{line}: {code} takes {CODES[code]}, given {sorted(names)}"
    # codes written elsewhere (a class's default, a table of type codes), the page's own, the step names
    # (``"step_" + word`` in RecordError.to_json)
    made = {code for code in CODES if code.startswith("step_")}
    assert set(CODES) - _literals() - made == set(), "registered but never used"


def _module(path: Path) -> str:
    return ".".join(path.relative_to(ROOT).with_suffix("").parts).removesuffix(".__init__")


@functools.cache
def _reaches(module: str) -> frozenset[str]:
    """``module`` and every engine module it imports, directly or not (read with :mod:`ast`; once a module)."""
    seen, todo = set(), [module]
    while todo:
        name = todo.pop()
        if name in seen:
            continue
        seen.add(name)
        path = ROOT / (name.replace(".", "/") + ".py")
        path = path if path.exists() else ROOT / name.replace(".", "/") / "__init__.py"
        package = name.split(".") if path.name == "__init__.py" else name.split(".")[:-1]
        for node in ast.walk(ast.parse(path.read_text("utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.level:
                base = ".".join(package[: len(package) - node.level + 1])
                targets = [f"{base}.{node.module}"] if node.module else [f"{base}.{a.name}" for a in node.names]
                todo += [t for t in targets if (ROOT / (t.replace(".", "/") + ".py")).exists()
                         or (ROOT / t.replace(".", "/") / "__init__.py").exists()]  # fmt: skip
                todo += [base] if node.module is None else []
    return frozenset(seen)


def _owner_module(owner: str) -> str:
    """The module of an owner: a module's name, or an error class's (``spades.table.room.RoomError``)."""
    while not (ROOT / (owner.replace(".", "/") + ".py")).exists() and not (ROOT / owner.replace(".", "/")).is_dir():
        owner = owner.rpartition(".")[0]
    return owner


def test_each_layer_registers_its_own_codes_next_to_its_error_class() -> None:
    """A code is registered by a module or class of the module that writes it, or of one that module imports."""
    owners = dict(OWNERS)
    modules = {code: _owner_module(owner) for code, owner in owners.items()}
    for where, line, code, _names in _literal_codes():
        module = _module(ROOT / where)
        assert modules[code] in _reaches(module), f"{where}:{line}: {code} is {OWNERS[code]}'s, not below {module}"
    # every layer registers some codes of its own, and the one registry is everybody's
    layers = {owner.split(".")[1] for owner in owners.values()}
    assert {"errors", "jsontext", "cards", "game", "i18n", "formats", "table", "stats", "learn", "worker"} <= layers


def test_a_code_has_one_owner() -> None:
    with pytest.raises(ValueError, match=r"'not_seat' of elsewhere is spades\.cards's already"):
        register("elsewhere", {"not_seat": ("value",)})
    assert OWNERS["not_seat"] == "spades.cards" and CODES["not_seat"] == ("value",)
    with pytest.raises(ValueError, match="already"):

        class Twice(SpadesError):
            codes = {"no_room": ("name",)}  # noqa: RUF012 (a class's codes, as the engine's error classes declare them)

    assert OWNERS["no_room"] == "spades.worker.WorkerError"


def test_the_page_codes_are_the_pages_and_only_the_page_writes_them() -> None:
    """``not_json`` and the ``embed_*`` refusals are declared by the page (static/app/codes.py), not the engine."""
    assert set(PAGE_CODES) == {"not_json"} | {code for code in PAGE_CODES if code.startswith("embed_")}
    assert not set(PAGE_CODES) & set(CODES), "a code is the page's or the engine's, not both"
    assert not set(PAGE_CODES) & {code for _where, _line, code, _names in _literal_codes()}
    app = "\n".join(path.read_text("utf-8") for path in sorted((ROOT / "static" / "app").glob("*.[pj][ys]")))
    written = {code for code in PAGE_CODES if f'"{code}"' in app.replace('"' + code + '": (', "")}
    assert written == set(PAGE_CODES), "every page code is written by the page"
    borrowed = ast.literal_eval(
        next(
            node.value
            for node in ast.parse((ROOT / "static" / "app" / "codes.py").read_text("utf-8")).body
            if isinstance(node, ast.Assign) and getattr(node.targets[0], "id", "") == "BORROWED"
        )
    )
    assert borrowed == ("unknown_key",) and all(code in CODES for code in borrowed)


# ----------------------------------------------------------------- the main paths


@pytest.mark.parametrize(
    ("rules", "message", "code", "params"),
    [
        ({"preset": "nope"}, "unknown preset 'nope'", "preset_unknown", {"value": "'nope'"}),
        ({"min_team_bid": 20}, "rule 'min_team_bid' must be 0 to 13, got 20", "rule_range",
         {"rule": "min_team_bid", "low": 0, "high": 13, "value": "20"}),
        ({"target": True}, "rule 'target' must be an integer, got True", "rule_type",
         {"rule": "target", "expected": {"code": "type_int", "params": {}}, "value": "True"}),
        ({"target": 100, "mercy": 200}, "rule 'mercy' (200) must be below the target (100)", "mercy_above_target",
         {"mercy": 200, "target": 100}),
        ({"colour": 1}, "unknown rule 'colour'", "rule_unknown", {"value": "'colour'"}),
        ({"bidding": "suicide", "nil": False}, "suicide bidding needs nil bids allowed", "suicide_needs_nil", {}),
    ],
)  # fmt: skip
def test_rules_errors(rules: dict[str, Any], message: str, code: str, params: dict[str, Any]) -> None:
    with pytest.raises(RulesError) as caught:
        Rules.from_dict(rules)
    assert str(caught.value).startswith(message)
    assert caught.value.to_json() == {"code": code, "params": params}
    check_message(caught.value.to_json())


@pytest.mark.parametrize(
    ("text", "code", "params"),
    [
        ("{ a game? no", "json_syntax", {"line": 1, "column": 3}),
        (b"\xff\xfe", "json_not_utf8", {"offset": 0}),
        ("[NaN]", "json_constant", {"value": "NaN"}),
        ("[1e999]", "json_big_number", {"value": "'1e999'"}),
        ("[" * 40 + "]" * 40, "json_too_deep", {"depth": 32}),
        ("9" * 5000, "json_digits", {}),
    ],
)
def test_json_errors(text: str | bytes, code: str, params: dict[str, Any]) -> None:
    with pytest.raises(ParseError) as caught:
        load_json(text, "the record")
    assert str(caught.value).startswith("the record ")
    assert caught.value.to_json() == {"code": code, "params": params}
    check_message(caught.value.to_json())


def _record() -> dict[str, Any]:
    game = Game(Rules.from_dict({"preset": "standard"}), seed=6)
    for _ in range(4):
        game.apply(3 if 3 in game.legal_moves() else game.legal_moves()[0])
    game.apply(game.legal_moves()[0])
    return to_record(game)


def test_record_errors_name_the_hand_and_the_step_and_carry_the_problem() -> None:
    record = _record()
    hand = record["hands"][0]
    leader = "NESW"[("NESW".index(hand["dealer"]) + 1) % 4]
    stranger = "NESW"[("NESW".index(leader) + 1) % 4]
    hand["play"] = [hand["deal"][stranger][0]]
    with pytest.raises(RecordError) as caught:
        from_record(record)
    error = caught.value
    assert str(error).startswith(f"hand 1, card 1: {leader} cannot play {hand['play'][0]}: ")
    coded = error.to_json()
    assert coded["code"] == "in_hand_step"
    assert coded["params"]["hand"] == 1
    assert coded["params"]["step"] == {"code": "step_card", "params": {"n": 1}}
    problem = coded["params"]["problem"]
    assert problem["code"] == "illegal_play"
    assert problem["params"]["seat"] == leader and problem["params"]["card"] == hand["play"][0]
    assert problem["params"]["reason"]["code"] == "not_in_hand"
    check_message(coded)
    assert words(coded, "zh-Hans").startswith("第 1 副，第 1 张牌：")


@pytest.mark.parametrize(
    ("change", "message", "coded"),
    [
        (lambda r: r.update(format="x"), "format must be 'spades-record/1', got 'x'",
         {"code": "record_format", "params": {"value": "'x'"}}),
        (lambda r: r.update(rules={"preset": "nope"}), "rules: unknown preset 'nope'",
         {"code": "in_step", "params": {"step": {"code": "step_rules", "params": {}},
                                        "problem": {"code": "preset_unknown", "params": {"value": "'nope'"}}}}),
        (lambda r: r["hands"][0].update(dealer="X"), "hand 1, dealer: not a seat: 'X'",
         {"code": "in_hand_step", "params": {"hand": 1, "step": {"code": "step_dealer", "params": {}},
                                             "problem": {"code": "not_seat", "params": {"value": "'X'"}}}}),
        (lambda r: r["hands"][0].update(bids=[3, 3, 3, 3, 3]), "hand 1: 5 bids (there are four)",
         {"code": "in_hand", "params": {"hand": 1, "problem": {"code": "too_many_bids", "params": {"count": 5}}}}),
        (lambda r: r.update(hands=[]), "'hands' must be a non-empty list",
         {"code": "record_no_hands", "params": {}}),
    ],
)  # fmt: skip
def test_record_errors(change: Any, message: str, coded: dict[str, Any]) -> None:
    record = _record()
    change(record)
    with pytest.raises(RecordError) as caught:
        from_record(record)
    assert str(caught.value).startswith(message)
    assert caught.value.to_json() == coded
    check_message(coded)


def test_record_text_that_is_not_json_keeps_the_json_code() -> None:
    with pytest.raises(RecordError) as caught:
        loads("{")
    assert str(caught.value).startswith("the record is not JSON")
    assert caught.value.to_json()["code"] == "json_syntax"


def test_profile_errors_give_the_field_as_a_path_and_the_problem() -> None:
    profile = json.loads(worker.handle("profile_new", json.dumps({"name": "Ann", "today": "2026-11-30"})))["profile"]
    data = json.loads(profile)
    data["color"] = "pink"
    with pytest.raises(ProfileError) as caught:
        check_profile(data)
    assert str(caught.value) == f"color: must be one of {', '.join(COLORS)}, got 'pink'"
    problem = {"code": "is_not", "params": {"expected": {"code": "type_choice", "params": {}}, "value": "'pink'"}}
    assert caught.value.to_json() == {"code": "at_field", "params": {"field": ["color"], "problem": problem}}
    game = {"id": "g", "kind": "solo", "at": "2026-11-30T10:00:00Z", "seat": "S", "winner": None,
            "players": {"N": {}, "E": {}, "W": {"rating": -5}}, "score": {"NS": 0, "EW": 0}}  # fmt: skip
    data = {"format": "spades-profile/1", "name": "Ann", "games": [game]}
    with pytest.raises(ProfileError) as caught:
        check_profile(data)
    assert str(caught.value).startswith("games[0].players.W.rating: must be a whole number from 0 to 100000")
    coded = caught.value.to_json()
    assert coded["params"]["field"] == ["games", 0, "players", "W", "rating"]
    check_message(coded)
    with pytest.raises(ProfileError) as caught:
        check_profile("{")
    assert caught.value.to_json()["code"] == "json_syntax"


def test_illegal_moves_and_table_refusals() -> None:
    game = Game(seed=1)
    with pytest.raises(IllegalMoveError) as caught:
        game.play("AS")
    assert caught.value.to_json()["code"] == "illegal_play"
    assert caught.value.to_json()["params"]["reason"]["code"] == "wrong_phase"
    check_message(caught.value.to_json())
    table = Table.new(None, seed=1, seats={"S": {"occupant": "person"}})
    with pytest.raises(SpadesError) as caught:
        table.act(table.game.turn, {"type": "look"})
    assert caught.value.to_json() == {"code": "seat_is_computer", "params": {"seat": table.game.turn.name}}
    with pytest.raises(SpadesError) as caught:
        table.hint(table.game.turn.next if table.game.turn.next.name != "S" else table.game.turn, "expert")
    check_message(caught.value.to_json())


def call(op: str, args: dict[str, Any] | str) -> dict[str, Any]:
    return json.loads(worker.handle(op, args if isinstance(args, str) else json.dumps(args)))  # type: ignore[no-any-return]


@pytest.mark.parametrize(
    ("op", "args", "code"),
    [
        ("fly", {}, "unknown_op"),
        ("state", "[", "args_not_json"),
        ("state", "[1]", "args_not_object"),
        ("state", {"table": "nowhere"}, "no_table"),
        ("rules", {"rules": {"min_team_bid": 20}}, "rule_range"),
        ("rules", {"rules": 3}, "rules_not_object"),
        ("import", {"table": "errors", "record": {"format": "x"}}, "record_format"),
        ("load", {"table": "errors", "save": {"format": "spades-save/0"}}, "save_format"),
        ("profile_check", {"profile": "{"}, "json_syntax"),
        ("profile_check", {}, "arg_missing"),
        ("step", {"table": "errors-game", "lang": "fr"}, "lang_unknown"),
        ("hand", {"table": "errors-game", "number": 1}, "hand_not_over"),
        ("hand", {"table": "errors-game", "number": 9}, "no_such_hand"),
        ("act", {"table": "errors-game", "seat": "S", "intent": {"type": "undo"}}, "no_undo_for_seat"),
        ("act", {"table": "errors-game", "seat": "S", "intent": {"type": "fly"}}, "intent_unknown"),
        ("new", {"table": "errors", "seed": "42"}, "seed_range"),
        ("state", "[" * 3000, "args_too_deep"),
    ],
)
def test_worker_refusals_carry_code_and_params(op: str, args: dict[str, Any] | str, code: str) -> None:
    call("new", {"table": "errors-game", "seed": 3, "seats": {"S": {"occupant": "person"}}})
    out = call(op, args)
    assert set(out) == {"error", "kind", "code", "params"}, out
    assert out["code"] == code, out
    check_message({"code": out["code"], "params": out["params"]})


def test_the_worker_keeps_its_english_line_and_kind() -> None:
    out = call("rules", {"rules": {"min_team_bid": 20}})
    assert out["error"] == "rule 'min_team_bid' must be 0 to 13, got 20"
    assert out["kind"] == "RulesError"
    assert out["params"] == {"rule": "min_team_bid", "low": 0, "high": 13, "value": "20"}


def test_an_online_room_refuses_with_code_and_params() -> None:
    room = Room(Rules(), RoomConfig(), "Host", Seat.S, seed=1)
    out = room.receive(HOST, {"t": "stand"}, 0.0)
    assert out == [(HOST, {"t": "refused", "error": "the host keeps a seat", "n": None,
                           "code": "host_keeps_seat", "params": {}})]  # fmt: skip
    out = room.receive(HOST, {"t": "hand", "number": 1}, 0.0)
    refused = out[0][1]
    assert refused["t"] == "refused" and refused["code"] == "not_started"
    check_message({"code": refused["code"], "params": refused["params"]})


def test_every_error_of_a_fuzzed_record_is_registered() -> None:
    """Records damaged in many ways: whatever is refused says so with a registered code and its parameters."""
    base = _record()
    values: list[Any] = [None, True, -1, 0, 99, 2**60, "x", "AS", "nil", [], {}, [1], {"N": 1}, "N", 1.5]
    seen = set()
    for path in (("format",), ("rules",), ("seed",), ("hands",), ("extra",)):
        for value in values:
            record = json.loads(json.dumps(base))
            record[path[0]] = value
            _refused_cleanly(record, seen)
    for key in ("dealer", "deal", "bids", "play", "extra"):
        for value in values:
            record = json.loads(json.dumps(base))
            record["hands"][0][key] = value
            _refused_cleanly(record, seen)
    for seat in "NESW":
        for value in values:
            record = json.loads(json.dumps(base))
            record["hands"][0]["deal"][seat] = value
            _refused_cleanly(record, seen)
    assert len(seen) > 15, seen


def _refused_cleanly(record: dict[str, Any], seen: set[str]) -> None:
    try:
        from_record(record)
    except SpadesError as error:
        coded = error.to_json()
        check_message(coded)
        while coded["code"].startswith("in_"):
            coded = coded["params"]["problem"]
        seen.add(coded["code"])
