"""Deal codes, the daily deal (spades/formats/dealcode.py), the duplicate comparison (spades/table/duplicate.py).

With their worker operations: codes round-trip for any deal, dealer, seat and rules; every damaged code is
refused with a registered code (never another exception); the daily deal depends on the date only; the
duplicate comparison is reproducible.
The page's postMessage checks (static/app/embed.py) refuse any generated message with a registered code.
"""

from __future__ import annotations

import base64
import importlib.util
import json
import sys
import types
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from spades import worker
from spades.cards import JOKER_DECK, STANDARD_DECK, Seat, mask_cards
from spades.errors import CODES, ParseError, SpadesError
from spades.formats.dealcode import (
    DealSpec,
    checksum,
    daily,
    daily_seed,
    decode,
    encode,
    game_of,
    game_seed,
    spec_of,
)
from spades.game import Phase
from spades.rng import deal_masks
from spades.rules import BIDDING_STYLES, PRESET_NAMES, Rules
from spades.table import Occupant, Table
from spades.table.duplicate import duplicate

ROOT = Path(__file__).resolve().parent.parent


@st.composite
def rules(draw: Any) -> Rules:
    data: dict[str, Any] = {"preset": draw(st.sampled_from(PRESET_NAMES))}
    if draw(st.booleans()):
        data["target"] = draw(st.integers(100, 1_000_000))
        data["mercy"] = draw(st.one_of(st.none(), st.integers(-1_000_000, 99)))
        data["jokers"] = draw(st.booleans())
        data["bags_limit"] = draw(st.one_of(st.none(), st.integers(1, 50)))
        data["min_team_bid"] = draw(st.integers(0, 13))
        data["first_lead"] = draw(st.sampled_from(("left", "two_clubs")))
        data["bidding"] = draw(st.sampled_from(BIDDING_STYLES))
        data["nil_value"] = draw(st.integers(-1_000_000, 1_000_000))
    return Rules.from_dict(data)


@st.composite
def specs(draw: Any) -> DealSpec:
    chosen = draw(rules())
    seed = draw(st.integers(0, 2**31))
    masks = deal_masks(seed, 0, JOKER_DECK if chosen.jokers else STANDARD_DECK)
    return DealSpec(masks, Seat(draw(st.integers(0, 3))), Seat(draw(st.integers(0, 3))), chosen)


@given(specs())
@settings(max_examples=300, deadline=None)
def test_a_code_round_trips_any_deal_dealer_seat_and_rules(spec: DealSpec) -> None:
    code = encode(spec)
    assert decode(code) == spec
    assert all(c.isalnum() or c in "-_" for c in code)
    assert len(code) <= 60
    if spec.rules == Rules.from_dict({"preset": spec.rules.preset}):
        assert len(code) == 23  # 17 bytes: version, flags, 13 bytes of cards, checksum


def test_the_code_shows_no_pattern_of_the_cards() -> None:
    sorted_deal = tuple(sum(1 << c for c in mask_cards(STANDARD_DECK)[13 * i : 13 * i + 13]) for i in range(4))
    code = encode(DealSpec(sorted_deal, Seat.N, Seat.S, Rules()))  # N holds the first 13 cards, E the next...
    body = base64.urlsafe_b64decode(code + "=")[2:15]
    assert len(set(body)) > 6  # without the key stream it would be 0x00 ×3, 0x55 ×3...
    assert decode(code).masks == sorted_deal


def _damaged(code: str, data: Any) -> str:
    raw = bytearray(base64.urlsafe_b64decode(code + "=" * (-len(code) % 4)))
    how = data.draw(st.sampled_from(["flip", "cut", "extend", "char", "version", "recheck"]))
    if how == "flip":
        i = data.draw(st.integers(0, len(raw) - 1))
        raw[i] ^= data.draw(st.integers(1, 255))
    elif how == "cut":
        raw = raw[: data.draw(st.integers(0, len(raw) - 1))]
    elif how == "extend":
        raw += bytes(data.draw(st.lists(st.integers(0, 255), min_size=1, max_size=8)))
    elif how == "char":
        i = data.draw(st.integers(0, len(code) - 1))
        return code[:i] + data.draw(st.sampled_from(list("=+/ .é\n"))) + code[i + 1 :]
    elif how == "version":
        raw[0] = data.draw(st.integers(2, 255))
    else:  # change the cards or flags and fix the checksum: only the decoder's own checks can refuse
        i = data.draw(st.integers(1, len(raw) - 3))
        raw[i] ^= data.draw(st.integers(1, 255))
        raw[-2:] = checksum(bytes(raw[:-2])).to_bytes(2, "little")
    return base64.urlsafe_b64encode(bytes(raw)).decode().rstrip("=")


@given(specs(), st.data())
@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
def test_a_damaged_code_is_refused_with_a_registered_code_or_is_another_valid_deal(spec: DealSpec, data: Any) -> None:
    damaged = _damaged(encode(spec), data)
    try:
        other = decode(damaged)
    except ParseError as error:
        coded = error.to_json()
        assert coded["code"].startswith("deal_code_"), coded
        assert set(coded["params"]) == set(CODES[coded["code"]]), coded
    else:  # a change that still makes a deal (another card order, seat or dealer): it must be a real one
        assert encode(other) == damaged
        assert sorted(c for m in other.masks for c in mask_cards(m)) == sorted(
            mask_cards(JOKER_DECK if other.rules.jokers else STANDARD_DECK)
        )


@given(st.text(max_size=80) | st.binary(max_size=40).map(lambda b: base64.urlsafe_b64encode(b).decode()))
@settings(max_examples=300, deadline=None)
def test_any_text_is_a_deal_or_a_coded_refusal(text: str) -> None:
    try:
        decode(text)
    except ParseError as error:
        assert error.code in CODES and error.code.startswith("deal_code_")


@pytest.mark.parametrize(
    ("code", "expected"),
    [
        (None, "deal_code_text"),
        ("", "deal_code_text"),
        ("x" * 201, "deal_code_text"),
        ("AQ==", "deal_code_chars"),
        ("AQhiuS_-LO9K572mRhusC6A", "deal_code_checksum"),
        ("A", "deal_code_length"),
        ("AQID", "deal_code_length"),
        ("AAAAAAAAAAAAAAAAAAAAAAA", "deal_code_version"),
    ],
)
def test_refusals_name_the_problem(code: object, expected: str) -> None:
    with pytest.raises(ParseError) as caught:
        decode(code)
    assert caught.value.code == expected


def test_wrong_card_counts_and_unknown_presets_are_refused() -> None:
    raw = bytearray(base64.urlsafe_b64decode(encode(daily("2026-11-30")) + "="))
    cards = bytearray(raw)
    cards[2] ^= 0x03  # the first card moves to another seat: one seat has 12, another 14
    cards[-2:] = checksum(bytes(cards[:-2])).to_bytes(2, "little")
    with pytest.raises(ParseError, match="not 13") as caught:
        decode(base64.urlsafe_b64encode(bytes(cards)).decode().rstrip("="))
    assert caught.value.code == "deal_code_cards"
    preset = bytearray(raw)
    preset[1] = preset[1] & 0x8F | 6 << 4
    preset[-2:] = checksum(bytes(preset[:-2])).to_bytes(2, "little")
    with pytest.raises(ParseError) as caught:
        decode(base64.urlsafe_b64encode(bytes(preset)).decode().rstrip("="))
    assert caught.value.code == "deal_code_preset"


def test_the_daily_deal_depends_on_the_date_only() -> None:
    assert daily("2026-11-30") == daily("2026-11-30")
    assert encode(daily("2026-11-30")) == "AQhiuS_-LO9K572mRhusC60"  # fixed: the same on every device and version
    seeds = {daily_seed(f"2026-{m:02d}-{d:02d}") for m in range(1, 13) for d in range(1, 29)}
    assert len(seeds) == 12 * 28
    assert daily("2026-11-30").masks != daily("2026-12-01").masks
    assert daily("2026-11-30").seat is Seat.S and daily("2026-11-30").rules == Rules()
    for bad in ("2026-02-30", "20261130", "2026-11-30T00:00", 20261130, None, "２０２６-11-30"):
        with pytest.raises(ParseError) as caught:
            daily_seed(bad)
        assert caught.value.code == "deal_daily_date"


def test_a_game_from_a_code_deals_it_and_its_seed_comes_from_the_code() -> None:
    spec = daily("2026-11-30")
    code = encode(spec)
    game = game_of(code)
    assert game.seed == game_seed(code)
    assert game.dealer is spec.dealer
    assert tuple(game.history[-1].deal) == spec.masks
    assert spec_of(game, Seat.S) == spec


def _finished_first_hand(code: str) -> Table:
    seats = {seat: Occupant("computer", "standard") for seat in Seat}
    table = Table(game_of(code), seats)
    while table.game.phase in (Phase.BIDDING, Phase.PLAYING):
        table.step()
    return table


def test_the_duplicate_comparison_is_reproducible_and_refused_before_the_first_hand_ends() -> None:
    code = encode(daily("2026-11-30"))
    seats = {seat: Occupant("computer", "standard") for seat in Seat}
    with pytest.raises(SpadesError) as caught:
        duplicate(Table(game_of(code), seats), Seat.S)
    assert caught.value.code == "deal_duplicate_unfinished"
    table = _finished_first_hand(code)
    first = duplicate(table, Seat.S)
    assert first == duplicate(table, Seat.S)
    assert first["team"] == "NS"
    assert first["yours"] == table.game.results[0].teams[0].points
    assert first["difference"] == first["yours"] - first["experts"]
    assert first["experts"] == first["result"]["points"]["NS"]


def test_worker_operations() -> None:
    def call(op: str, **args: Any) -> dict[str, Any]:
        return json.loads(worker.handle(op, json.dumps({"table": "deal-test", **args})))

    made = call("deal_new", date="2026-11-30", levels={"N": "expert"}, policy={"kind": "casual", "undo": False})
    assert made["code"] == encode(daily("2026-11-30")) and made["daily"] == "2026-11-30" and made["seat"] == "S"
    assert made["state"]["me"] == "S" and made["state"]["seats"]["N"]["level"] == "expert"
    assert made["save"]["record"]["seed"] == made["seed"] == game_seed(made["code"])
    assert call("deal_link", seat="S") == {"code": made["code"]}
    again = call("deal_new", code=made["code"])
    assert again["state"]["hand"] == made["state"]["hand"]
    position = call("deal_new", code=made["code"], bids=[3, 2, 4, 3], play=[])
    assert position["state"]["phase"] == "playing"
    for args, code in [
        ({"code": "nope"}, "deal_code_length"),
        ({"code": 5}, "at_field"),
        ({}, "arg_missing"),
        ({"date": "yesterday"}, "deal_daily_date"),
        ({"code": made["code"], "bids": [3, 2, 4, 3], "play": ["ZZ"]}, "in_hand_step"),
    ]:
        answer = call("deal_new", **args)
        assert answer["code"] == code, answer
        assert set(answer["params"]) == set(CODES[code])
    assert call("duplicate", seat="S")["code"] == "deal_duplicate_unfinished"
    call("close")


# ----------------------------------------------------------------- the page's postMessage checks (embed.py)


def _page_module(name: str) -> types.ModuleType:
    """A pure module of the page (static/app/NAME.py), loaded as it is."""
    spec = importlib.util.spec_from_file_location(name, ROOT / "static" / "app" / f"{name}.py")
    module = importlib.util.module_from_spec(spec)  # type: ignore[arg-type]
    spec.loader.exec_module(module)  # type: ignore[union-attr]
    return module


PAGE_CODES = _page_module("codes")


def _embed_module() -> types.ModuleType:
    """static/app/embed.py with stand-ins for the browser modules it imports (only ``check`` is used)."""
    stubs = {
        "codes": PAGE_CODES,
        "js": types.SimpleNamespace(Function=types.SimpleNamespace(new=lambda *a: lambda *b: None)),
        "dom": types.SimpleNamespace(parse_params=lambda search: {}),
        "i18n": types.SimpleNamespace(error_text=str),
        "pyscript": types.ModuleType("pyscript"),
        "pyscript.ffi": types.SimpleNamespace(create_proxy=lambda f: f),
        "tasks": types.SimpleNamespace(spawn=lambda c: None),
        "transport": types.SimpleNamespace(EngineError=Exception),
        "tutorial": types.ModuleType("tutorial"),
    }
    saved = {name: sys.modules.get(name) for name in stubs}
    sys.modules.update(stubs)  # type: ignore[arg-type]
    try:
        spec = importlib.util.spec_from_file_location("embed_under_test", ROOT / "static" / "app" / "embed.py")
        module = importlib.util.module_from_spec(spec)  # type: ignore[arg-type]
        spec.loader.exec_module(module)  # type: ignore[union-attr]
    finally:
        for name, value in saved.items():
            if value is None:
                sys.modules.pop(name, None)
            else:
                sys.modules[name] = value
    return module


EMBED = _embed_module()
JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=20),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=12,
)
MESSAGES = JSON | st.fixed_dictionaries(
    {"type": st.sampled_from(["spades:show", "spades:lesson", "spades:x", "other"])},
    optional={
        "deal": JSON,
        "position": JSON | st.fixed_dictionaries({"deal": JSON}, optional={"bids": JSON, "play": JSON}),
        "id": JSON,
        "ref": JSON,
    },
)


@given(MESSAGES)
@settings(max_examples=500, deadline=None)
def test_any_message_is_accepted_ignored_or_refused_with_a_registered_code(message: Any) -> None:
    try:
        accepted = EMBED.check(message)
    except EMBED.Refusal as refusal:
        codes = {**CODES, **PAGE_CODES.CODES}  # the page's own (static/app/codes.py) and the engine's
        assert refusal.code in codes, refusal.code
        assert set(refusal.params) == set(codes[refusal.code]), (refusal.code, refusal.params)
        assert str(refusal)
    else:
        if accepted is None:
            assert not message["type"].startswith("spades:")
        else:
            assert accepted["type"] in EMBED.REQUESTS
