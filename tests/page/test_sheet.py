"""The score sheet and past hands (static/app/sheet.py) on a game the engine played: what they show in the three
languages, and that no field of a result, a sheet or a finished hand becomes a tag or an attribute.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

import i18n
import sheet
import view
from hypothesis import given
from hypothesis import strategies as st

from tests.page.conftest import assert_no_injection
from tests.page.nodes import parse
from tests.page.states import HYPOTHESIS, fresh, poison, rendered


def sheet_views(state: dict, hand: dict) -> list[Callable[[], object]]:
    """Every view of sheet.py on a state at a hand's or the game's end and on a finished hand, to be called."""
    us, them = state["us"], state["them"]
    views = [partial(sheet.hand_over_html, state), partial(sheet.scores_html, state)]
    views += [partial(sheet.history_html, state["results"], us, them)]
    for result, one in zip(state["results"], state["sheets"], strict=True):
        views += [partial(sheet.hand_sheet_html, result, one, us, them, "h2")]
        views += [partial(sheet.review_button, result["number"])]
        views += [partial(sheet.bid_cell, line) for line in one["seats"].values()]
    views += [partial(sheet.past_html, hand)]
    views += [partial(sheet.past_step_html, hand, step) for step in range(len(hand["tricks"]) + 1)]
    return views


@HYPOTHESIS
@given(st.data(), st.sampled_from(["hand-over", "game-over"]), st.booleans())
def test_no_field_of_a_result_a_sheet_or_a_past_hand_becomes_markup(
    data: st.DataObject, name: str, codes: bool
) -> None:
    state = poison(data, fresh(name), codes)
    hand = poison(data, fresh("hand"), codes)
    for markup in rendered(sheet_views(state, hand), codes):
        assert_no_injection(markup)


def test_a_hand_of_the_score_sheet(lang: str) -> None:
    state = fresh("hand-over")
    result, one = state["results"][0], state["sheets"][0]
    tree = parse(sheet.hand_sheet_html(result, one, "NS", "EW"))
    section = tree.find("section", cls="sheet-hand")
    assert section.get("data-hand") == "1" and section.get("aria-labelledby") == "sheet-h1"
    assert (
        section.find("h3", id="sheet-h1").text
        == {
            "en": "Hand 1 · dealer West",
            "zh-Hans": "第 1 副 · 西家坐庄",
            "zh-Hant": "第 1 副 · 西家坐莊",
        }[lang]
    )
    heads = section.find("thead").find_all("th")
    assert [h.get("class") for h in heads] == ["c-" + key[4:] for key in sheet.COLUMNS]
    assert [h.text for h in heads] == [i18n.t(key) for key in sheet.COLUMNS]
    us = section.find("tbody", cls="team-us")
    first = us.find("tr", data_team="NS")
    assert first.get("data-seat") == "N" and first.find("td", cls="total").text == str(one["teams"]["NS"]["total"])
    # South's nil failed, the contract was made: both said, each in its colour (not "−68 made" in green)
    points = first.find("td", cls="points")
    assert points.text == "-68 " + i18n.t("sheet_tag_contract_made") + " " + i18n.t("sheet_tag_nil_failed")
    assert [(tag.get("data-part"), tag.classes) for tag in points.find_all("span")] == [
        ("contract", ["tag", "made"]),
        ("nil", ["tag", "set"]),
    ]
    assert first.find("td", cls="bags").text == "4 (+4)"
    south = us.find("tr", data_seat="S")
    assert south.find("td", cls="c-bid").text == i18n.t("nil") + " " + i18n.t("sheet_failed")
    assert south.find("td", cls="c-bid").find("span", cls="set")
    calc = section.find("td", data_calc="NS")
    assert calc.get("colspan") == "7" and calc.text == i18n.t(
        "sheet_team_line", team=i18n.t("team_us_short"), text=sheet.team_text(one["teams"]["NS"])
    )
    assert (
        section.find("td", data_calc="EW").text
        == {
            "en": "Them: contract 6 made → 60",
            "zh-Hans": "对方：定约 6 完成 → 60",
            "zh-Hant": "對方：定約 6 完成 → 60",
        }[lang]
    )
    opens = section.find("span", cls="sheet-opens").find_all("button")
    assert [(b.get("data-action"), b.get("data-hand")) for b in opens] == [("past-hand", "1"), ("review", "1")]
    assert opens[0].get("aria-label") == i18n.t("past_open_label", n=1)
    scroll = section.find("div", cls="sheet-scroll")
    assert scroll.get("role") == "region" and scroll.get("tabindex") == "0"
    assert section.find("p", cls="scroll-hint").text == i18n.t("sheet_scroll_hint") + " →"


def test_the_end_of_a_hand_and_the_end_of_the_game(lang: str) -> None:
    over = parse(sheet.hand_over_html(fresh("hand-over")))
    assert over.find("h2", id="dlg-hand-title").text == i18n.t("hand_over_title", n=1)
    assert [b.get("data-action") for b in over.find("div", cls="dlg-buttons").find_all("button")] == [
        "scores",
        "next-hand",
    ]
    assert "autofocus" in over.find("button", data_action="next-hand").attrs
    assert len(over.find("table", cls="history").find("tbody").find_all("tr")) == 1
    state = fresh("game-over")
    end = parse(sheet.hand_over_html(state))
    winner = end.find("p", cls="winner")
    assert winner.get("data-winner") == "EW" and "bad" in winner.classes
    assert winner.text == i18n.t(
        "winner_them",
        a=i18n.who("E"),
        b=i18n.who("W"),
        us=state["totals"]["NS"],
        them=state["totals"]["EW"],
    )
    buttons = end.find("div", cls="dlg-buttons").find_all("button")
    assert [b.get("data-action") for b in buttons] == ["scores", "scores-close", "new-game", "new-game-now"]


def test_the_whole_score_sheet_newest_hand_first(lang: str) -> None:
    state = fresh("game-over")
    tree = parse(sheet.scores_html(state))
    numbers = [str(r["number"]) for r in reversed(state["results"])]
    assert [s.get("data-hand") for s in tree.find_all("section", cls="sheet-hand")] == numbers
    rows = tree.find("table", cls="history").find("tbody").find_all("tr")
    assert [r.find("th").text for r in rows] == [str(r["number"]) for r in state["results"]]
    last = state["results"][-1]
    assert [c.text for c in rows[-1].find_all("td")] == [
        view.signed(last["points"]["NS"]),
        str(last["totals"]["NS"]),
        view.signed(last["points"]["EW"]),
        str(last["totals"]["EW"]),
    ]
    assert tree.find("div", id="score-chart") and tree.find("button", data_action="close-dialog")
    empty = parse(sheet.scores_html(fresh("blind")))
    assert empty.find("p", cls="empty").text == i18n.t("history_empty") and not empty.find_all(id="score-chart")


def test_a_past_hand_trick_by_trick(lang: str) -> None:
    hand = fresh("hand")
    frame = parse(sheet.past_html(hand)).find("div", cls="past")
    assert frame.get("data-past-hand") == "1" and frame.find("div", id="past-step")
    bids = {"en": "Bids: North 3 · East 4 · South Nil · West 2", "zh-Hans": "叫牌：北家 3 · 东家 4 · 南家 零 · 西家 2"}
    bids["zh-Hant"] = "叫牌：北家 3 · 東家 4 · 南家 零 · 西家 2"
    assert frame.find("p", cls="past-bids").text == bids[lang]
    assert [b.get("data-action") for b in frame.find("div", cls="past-nav").find_all("button")] == [
        "past-prev",
        "past-next",
        "scores",
        "close-dialog",
    ]
    dealt = parse(sheet.past_step_html(hand, 0))
    assert dealt.find("p", cls="past-where").text == i18n.t("past_dealt")
    slots = dealt.find("div", cls="past-bidding").find_all("div", cls="past-slot")
    assert [s.get("data-past-slot") for s in slots] == ["N", "E", "S", "W"]
    assert slots[2].find("div", cls="past-bid").text == i18n.t("bid_label", bid=i18n.t("nil"))
    north = dealt.find("li", data_past_seat="N")
    assert north.find("span", cls="suit-S").text.endswith(" A Q 5 2")
    assert north.find("span", cls="visually-hidden").text == i18n.t("suit_spades")
    two = parse(sheet.past_step_html(hand, 2))
    trick = two.find("div", cls="past-trick")
    first, second = hand["tricks"][0], hand["tricks"][1]
    assert (trick.get("data-past-leader"), trick.get("data-past-winner")) == (second["leader"], second["winner"])
    cards = trick.find_all("div", cls="past-slot")
    assert [c.get("data-past-card") for c in cards] == second["cards"]
    won = trick.find("div", data_past_slot=second["winner"])
    assert "winner" in won.classes and won.find("span", cls="won").text == i18n.t("past_won")
    assert trick.find("div", data_past_slot=second["leader"]).find("span", cls="led").text == i18n.t("past_led")
    struck = [s.text for s in two.find_all("s", cls="pc")]
    now = [m.text for m in two.find_all("mark", cls="now")]
    assert len(struck) == 4 and len(now) == 4
    assert sorted(struck) == sorted("10" if c[0] == "T" else c[0] for c in first["cards"])
    assert two.find("p", cls="note").text == i18n.t("past_played")
    assert two.find("p", cls="past-where").text == (
        i18n.t("past_step_trick", n=2, count=13) + " · " + i18n.t("past_winner", who=i18n.who(second["winner"]), n=2)
    )


def test_a_score_in_words_part_by_part(lang: str) -> None:
    one = fresh("hand-over")["sheets"][0]
    assert (
        sheet.team_text(one["teams"]["NS"])
        == {
            "en": "Nil (South) failed, took 2: -100 · contract 3, 2 over → 32 = -68, 4 bags",
            "zh-Hans": "零叫（南家）失败，吃 2 墩：-100 · 定约 3，超 2 墩 → 32 = -68，4 袋",
            "zh-Hant": "零叫（南家）失敗，吃 2 墩：-100 · 定約 3，超 2 墩 → 32 = -68，4 袋",
        }[lang]
    )
    assert sheet.part_text({"code": "mystery", "points": 5}) == "mystery +5"


# ----------------------------------------------------------------- the scored hands the page keeps (sheet.Hands)


def bounded(state: dict, hands: int) -> dict:
    """``state`` as the table sends it after ``hands`` scored hands: no ``results``/``sheets``, the last one's."""
    out = {k: v for k, v in state.items() if k not in ("results", "sheets")}
    out["hands_scored"] = hands
    out["last_result"] = state["results"][hands - 1] if hands else None
    out["last_sheet"] = state["sheets"][hands - 1] if hands else None
    return out


def test_the_page_keeps_the_hands_it_sees_fetches_the_missing_and_forgets_another_game() -> None:
    full = fresh("game-over")
    count = len(full["results"])
    assert count >= 3
    hands = sheet.Hands()
    last = bounded(full, count)
    hands.seen(last, "game-1")
    assert hands.missing(last) == (1, count - 1)
    merged = hands.merged(last)
    assert merged["results"] == [full["results"][-1]] and merged["sheets"] == [full["sheets"][-1]]
    assert not hands.fill(last) and "results" not in last
    # the hands before, as the worker's op or the room's sheets message gives them
    assert hands.received({"from": 1, "to": count - 1, "results": full["results"][:-1], "sheets": full["sheets"][:-1]})
    assert hands.missing(last) is None and hands.fill(last)
    assert last["results"] == full["results"] and last["sheets"] == full["sheets"]
    assert sheet.scores_html(hands.merged(bounded(full, count))) == sheet.scores_html(full)
    assert sheet.hand_over_html(hands.merged(bounded(full, count))) == sheet.hand_over_html(full)
    # hands seen one by one, as a player sees each hand's end
    hands = sheet.Hands()
    for n in range(1, count + 1):
        hands.seen(bounded(full, n), "game-1")
    assert hands.missing(last) is None and hands.merged(bounded(full, count))["results"] == full["results"]
    # an undone hand: the hands after it go; a hand of another game (its totals do not follow): all go
    hands.seen(bounded(full, 1), "game-1")
    assert sorted(hands.results) == [1]
    hands.seen(bounded(full, count), "game-1")
    other = dict(full["results"][1], totals={"NS": 9999, "EW": -9999})
    assert hands.keep(2, other, full["sheets"][1]) and sorted(hands.results) == [2]
    hands.seen(bounded(full, count), "game-2")  # a new game key: nothing kept but that state's last hand
    assert sorted(hands.results) == [count]
    hands.seen(bounded(full, 0), "game-2")
    assert hands.results == {} and hands.missing(bounded(full, 0)) is None
    # answers that do not say which hands they hold keep nothing
    assert not hands.received({"from": "1", "results": full["results"], "sheets": full["sheets"]})
    assert not hands.received({"from": 1, "results": full["results"], "sheets": full["sheets"][:1]})
    assert not hands.keep(3, full["results"][0], full["sheets"][0]) and hands.results == {}


def test_a_bounded_state_alone_shows_its_last_hand() -> None:
    full = fresh("hand-over")
    alone = bounded(full, len(full["results"]))
    html = sheet.hand_over_html(alone)
    assert 'data-hand="1"' in html or "sheet-hand" in html
    assert sheet.hand_over_html(alone) == sheet.hand_over_html(full)  # one hand: the same window
