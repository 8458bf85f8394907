"""The first hand before the engine (static/app/firsthand.py; docs/page.md "The first hand before the engine"), in
CPython: which visits may draw a prepared hand, which hand of the build's is drawn (and none made for other
settings), one definition of a new game's arguments, and the session on show until the engine: the bid held once,
every tool that needs the engine saying why it waits."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import firsthand  # the page's module, found through static/app (tests/page/conftest.py)
import i18n
import pytest
from hypothesis import given
from hypothesis import strategies as st
from session import ACTIONS

from tests.page.conftest import CATALOG, run_async
from tests.page.fakes import browser_module

ROOT = Path(__file__).resolve().parents[2]
NAMES = st.text(alphabet="abcdefghijklmnopqrstuvwxyz_", min_size=1, max_size=10)
QUIET = st.dictionaries(st.sampled_from(firsthand.QUIET), st.text(max_size=8), max_size=3)
DEFAULTS = browser_module("store").DEFAULT_SETTINGS


def args(**changes: Any) -> dict[str, Any]:
    settings = json.loads(json.dumps(DEFAULTS))
    settings.update(changes)
    return firsthand.new_args(settings, settings["seat"], None)


def data(count: int = 4) -> dict[str, Any]:
    bids = {"N": 4, "E": 2, "S": None, "W": None}
    deals = [
        {
            "seed": 100 + i,
            "state": {"me": "S", "turn": "S", "phase": "bidding", "dealer": "W", "bids": bids, "n": i},
            "opening": [{"turn": "N", "n": i}, {"turn": "E", "n": i}],
        }
        for i in range(count)
    ]
    return {"format": firsthand.FORMAT, "args": firsthand.without_seed(args()), "deals": deals}


@given(QUIET)
def test_a_plain_address_with_nothing_saved_may_draw_a_first_hand(params: dict[str, str]) -> None:
    assert firsthand.wanted(params, "", None, None)


@given(QUIET, NAMES.filter(lambda name: name not in firsthand.QUIET), st.text(max_size=8))
def test_an_address_that_asks_for_a_game_waits_for_the_engine(params: dict[str, str], name: str, value: str) -> None:
    assert not firsthand.wanted({**params, name: value}, "", None, None)


def test_a_saved_game_a_lesson_in_progress_or_an_invitation_waits_for_the_engine() -> None:
    assert not firsthand.wanted({}, "", "{}", None)
    assert not firsthand.wanted({}, "", None, "follow-suit")
    assert not firsthand.wanted({}, "#t=abc", None, None)
    assert firsthand.wanted({"lang": "en", "speed": "instant", "sound": "0", "source": "home-screen"}, "#x", None, None)
    for asks in ("seed", "deal", "daily", "lesson", "embed", "preset", "seat", "fresh"):
        assert asks not in firsthand.QUIET


@given(st.floats(min_value=0, max_value=1, exclude_max=True))
def test_the_draw_picks_one_of_the_builds_hands(draw: float) -> None:
    prepared = data()
    deal = firsthand.choose(prepared, args(), draw)
    assert deal in prepared["deals"]
    assert deal is prepared["deals"][int(draw * 4)]


def test_every_hand_can_be_drawn() -> None:
    prepared = data(16)
    seeds = {firsthand.choose(prepared, args(), i / 16 + 0.01)["seed"] for i in range(16)}
    assert seeds == {100 + i for i in range(16)}


@pytest.mark.parametrize(
    "changes",
    [
        {"preset": "igame"},
        {"rules": {"nil": False}},
        {"seat": "E"},
        {"undo": False},
        {"bots": {"N": "expert", "E": "standard", "S": "standard", "W": "standard"}},
    ],
)
def test_no_hand_for_other_settings_than_the_builds(changes: dict[str, Any]) -> None:
    assert firsthand.choose(data(), args(**changes), 0.5) is None


def test_no_hand_from_a_file_of_another_format_or_without_hands() -> None:
    assert firsthand.choose(None, args(), 0.5) is None
    assert firsthand.choose({**data(), "format": "spades-first-hand/0"}, args(), 0.5) is None
    assert firsthand.choose({**data(), "deals": []}, args(), 0.5) is None
    assert firsthand.choose({**data(), "deals": [{"seed": "1", "state": {}}]}, args(), 0.5) is None
    deal = data()["deals"][0]
    for opening in (None, [], deal["opening"][:1], deal["opening"] * 2, [deal["opening"][0], "E"]):
        damaged = {**data(), "deals": [{**deal, "opening": opening}]}
        assert firsthand.choose(damaged, args(), 0.5) is None, "a state before each computer's bid, or no hand"


def test_a_hand_is_shown_as_any_games_opening_the_deal_then_each_computers_bid() -> None:
    deal = data()["deals"][2]
    steps = firsthand.opening_steps(deal)
    assert steps == [
        (None, deal["opening"][0]),
        ({"type": "bid", "seat": "N", "bid": 4}, deal["opening"][1]),
        ({"type": "bid", "seat": "E", "bid": 2}, deal["state"]),
    ]


def test_a_new_games_arguments_are_the_settings() -> None:
    made = firsthand.new_args(DEFAULTS, "W", 9, preset="short")
    assert made["rules"] == {"preset": "short"} and made["seed"] == 9 and made["viewer"] == "W"
    assert made["seats"]["W"]["occupant"] == "person"
    assert made["seats"]["N"] == {"occupant": "computer", "level": "standard"}
    assert made["policy"] == {"kind": "casual", "undo": True, "hints": True, "explain": True}
    assert firsthand.new_args(DEFAULTS, "S", 1, rated=True)["policy"] == {"kind": "rated"}


class Ui:
    busy = False
    message = None


class Table:
    """The page as the first hand sees it: its ``ui`` and ``render``."""

    def __init__(self) -> None:
        self.ui = Ui()
        self.renders = 0
        self.session: Any = None

    def render(self) -> None:
        self.renders += 1


def first(table: Table) -> Any:
    deal = data()["deals"][1]
    session = firsthand.FirstHand(table, deal, args())
    table.session = session
    return session


def test_the_first_hand_is_on_show_and_its_game_starts_from_its_seed() -> None:
    table = Table()
    session = first(table)
    assert session.shown == data()["deals"][1]["state"] and session.owns() and session.engine_waits()
    assert session.start_args() == {**args(), "seed": 101}


def test_every_tool_waits_for_the_engine_and_says_why() -> None:
    session = first(Table())
    for action in ACTIONS:
        can, why = session.allowed(action)
        assert not can and why in CATALOG, action
    assert session.off("hint") == session.off("undo") == "why_engine_waiting"
    assert session.allowed("claim") == (False, "why_claim")


def test_a_bid_is_held_once_and_said() -> None:
    i18n.set_lang("en")
    table = Table()
    session = first(table)
    assert session.status() is None, "before a bid the state's own line (your bid)"
    run_async(session.act({"type": "bid", "bid": 4}))
    assert session.held == {"type": "bid", "bid": 4}
    assert table.ui.busy and table.ui.message is None
    assert session.status() == CATALOG["first_bid_held"]["en"].replace("{bid}", "4")
    run_async(session.act({"type": "bid", "bid": "nil"}))
    assert session.held == {"type": "bid", "bid": 4}, "the first bid stays held"
    assert table.ui.message == CATALOG["why_engine_waiting"]["en"]


@pytest.mark.parametrize("lang", ["zh-Hans", "zh-Hant", "en"])
def test_the_held_bids_line_speaks_the_language_of_the_moment(lang: str) -> None:
    i18n.set_lang("en")
    session = first(Table())
    run_async(session.act({"type": "bid", "bid": "nil"}))
    try:
        i18n.set_lang(lang)  # a new language chosen in the settings while the engine loads
        nil = CATALOG["nil"][lang]
        assert session.status() == CATALOG["first_bid_held"][lang].replace("{bid}", nil)
    finally:
        i18n.set_lang("en")


def test_the_computers_bids_before_mine_are_the_events_a_game_announces() -> None:
    state = {"dealer": "W", "turn": "S", "bids": {"N": 4, "E": 0, "S": None, "W": None}}
    assert firsthand.opening_events(state) == [
        {"type": "bid", "seat": "N", "bid": 4},
        {"type": "bid", "seat": "E", "bid": 0},
    ]
    state = {"dealer": "S", "turn": "E", "bids": {"N": None, "E": None, "S": None, "W": 3}}
    assert firsthand.opening_events(state) == [{"type": "bid", "seat": "W", "bid": 3}]
    assert firsthand.opening_events({"dealer": "N", "turn": "E", "bids": {}}) == []


def test_the_builds_hands_announce_north_and_east() -> None:
    path = ROOT / "static" / "vendor" / "early" / "first-hand.json"
    if not path.is_file():
        pytest.skip("static/vendor/ missing: run `make setup`")
    prepared = json.loads(path.read_text(encoding="utf-8"))
    for deal in prepared["deals"]:
        state = deal["state"]
        said = firsthand.opening_events(state)
        assert [event["seat"] for event in said] == ["N", "E"]
        assert [event["bid"] for event in said] == [state["bids"]["N"], state["bids"]["E"]]
        shown = [step["bids"] for _, step in firsthand.opening_steps(deal)]
        assert shown == [  # the deal, North's bid, East's: one bid more a step
            {"N": None, "E": None, "S": None, "W": None},
            {"N": state["bids"]["N"], "E": None, "S": None, "W": None},
            state["bids"],
        ]


def test_a_reseeded_save_keeps_its_hands_and_changes_only_the_seed() -> None:
    save = {"format": "spades-save/2", "seats": {}, "record": {"seed": 5, "hands": [{"dealer": "W"}]}}
    again = firsthand.reseeded(save, 77)
    assert again["record"] == {"seed": 77, "hands": [{"dealer": "W"}]}
    assert again["seats"] is save["seats"] and again["format"] == save["format"]
    assert save["record"]["seed"] == 5, "the engine's save is not changed"


def test_anything_but_a_bid_waits_for_the_engine() -> None:
    i18n.set_lang("zh-Hans")
    table = Table()
    session = first(table)
    run_async(session.act({"type": "look"}))
    assert session.held is None and not table.ui.busy
    assert table.ui.message == CATALOG["why_engine_waiting"]["zh-Hans"]
    i18n.set_lang("en")


def test_the_page_loads_the_module_and_the_build_fetches_its_hands() -> None:
    toml = (ROOT / "pyscript.toml").read_text(encoding="utf-8")
    boot = (ROOT / "static" / "app" / "boot.js").read_text(encoding="utf-8")
    assert '"./static/app/firsthand.py" = "./firsthand.py"' in toml
    assert '"../vendor/early/first-hand.json"' in boot
