"""The move log's reasons on the table (static/app/movelog.py ``tips``): a tooltip stands on a card alone, so it
names the seat whose reason it is ("West: Leads its lowest club, 7♣"), in the page's language; the log and the
last trick, which name the seat beside the card, keep the bare reason (``reasons``)."""

from __future__ import annotations

import i18n
import pytest
from hypothesis import given
from hypothesis import strategies as st

from tests.page.fakes import browser_module

movelog = browser_module("movelog")

STATE = {"policy": {"kind": "casual"}, "me": "S", "hand_number": 1, "dealer": "W", "bids": {}, "trick": []}


def log_of(plays, policy=None):
    log = movelog.MoveLog()
    events = [{"type": "play", "seat": seat, "card": card, "text": text} for seat, card, text in plays]
    state = dict(STATE, policy=policy or STATE["policy"], trick=[{"seat": s, "card": c} for s, c, _ in plays])
    log.take(state, events, "g1", False)
    return log


@pytest.fixture(autouse=True)
def _page_language():
    yield
    i18n.set_lang("en")
    i18n.set_me(None)


@pytest.mark.parametrize(
    ("lang", "tip"),
    [
        ("en", "West: Leads its lowest club, 7♣"),
        ("zh-Hans", "西家：首攻手中最小的梅花 7♣"),
        ("zh-Hant", "西家：首攻手中最小的梅花 7♣"),
    ],
)
def test_a_tooltip_names_the_seat_whose_reason_it_is(lang: str, tip: str) -> None:
    i18n.set_lang(lang)
    i18n.set_me("S")
    text = {"en": "Leads its lowest club, 7♣", "zh-Hans": "首攻手中最小的梅花 7♣", "zh-Hant": "首攻手中最小的梅花 7♣"}
    log = log_of([("W", "7C", text[lang]), ("N", "2C", None), ("E", "KC", text[lang])])
    east = {"en": "East", "zh-Hans": "东家", "zh-Hant": "東家"}[lang] + (": " if lang == "en" else "：")
    assert log.tips() == {"7C": tip, "KC": east + text[lang]}
    assert log.reasons() == {"7C": text[lang], "KC": text[lang]}  # the log and the last trick: the bare reason


def test_no_tooltip_where_the_table_does_not_explain() -> None:
    plays = [("W", "7C", "Leads its lowest club, 7♣")]
    assert log_of(plays, {"kind": "rated"}).tips() == {} == log_of(plays, {"kind": "casual", "explain": False}).tips()
    assert log_of(plays).tips() == {"7C": "West: Leads its lowest club, 7♣"}


@given(st.lists(st.tuples(st.sampled_from("NEW"), st.text(min_size=1, max_size=40)), min_size=1, max_size=3))
def test_every_tip_is_its_seat_then_its_reason(moves: list[tuple[str, str]]) -> None:
    cards = ["2D", "3D", "4D"]
    plays = [(seat, cards[i], text) for i, (seat, text) in enumerate(moves)]
    tips = log_of(plays).tips()
    names = {"N": "North", "E": "East", "W": "West"}
    assert tips == {card: names[seat] + ": " + text[: movelog.LIMIT] for seat, card, text in plays}


JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-60, 60) | st.text(max_size=8) | st.sampled_from(["N", "E", "S", "W"]),
    lambda children: st.lists(children, max_size=6) | st.dictionaries(st.text(max_size=8), children, max_size=6),
    max_leaves=30,
)
STORED_LOG = st.fixed_dictionaries(
    {},
    optional={
        "key": st.sampled_from(["g1:1", "x"]) | JSON,
        "bids": st.lists(st.fixed_dictionaries({"seat": JSON, "bid": JSON}) | JSON, max_size=6) | JSON,
        "plays": st.lists(st.fixed_dictionaries({"seat": JSON, "card": JSON, "text": JSON}) | JSON, max_size=8) | JSON,
        "missing": st.integers(-8, 60) | JSON,
        "winners": st.dictionaries(st.text(max_size=3), JSON, max_size=4) | JSON,
    },
)


@given(st.one_of(STORED_LOG, JSON, st.just(ValueError("not json"))))
def test_whatever_is_stored_as_the_log_it_restores_whole_entries_or_nothing(stored) -> None:
    # localStorage is never trusted (tests/browser/test_reasons.py opens the page over two such logs): a stored
    # log is taken only if it is this hand's and every entry is a move; anything else leaves the log empty
    log = movelog.MoveLog()
    log.key = "g1:1"

    def read_json(key):
        assert key == movelog.STORE_KEY
        if isinstance(stored, Exception):
            raise stored
        return stored

    original = movelog.store.read_json
    movelog.store.read_json = read_json  # (the page's store module: put back at once)
    try:
        log.restore()
    finally:
        movelog.store.read_json = original
    assert len(log.bids) <= 4 and len(log.plays) <= 52 - log.missing and log.missing % 4 == 0
    for entry in log.bids:
        assert entry["seat"] in movelog.SEATS and (entry["bid"] in ("nil", "blind_nil") or 0 < entry["bid"] <= 13)
    for entry in log.plays:
        assert entry["seat"] in movelog.SEATS and isinstance(entry["card"], str) and len(entry["card"]) == 2
    assert all(seat in movelog.SEATS and index >= 0 for index, seat in log.winners.items())
    if not isinstance(stored, dict) or stored.get("key") != "g1:1":
        assert (log.bids, log.plays, log.missing, log.winners) == ([], [], 0, {})
