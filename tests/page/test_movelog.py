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
