"""The table's views (static/app/view.py), the move log's window (movelog_view.py) and the review panel
(analysis_view.py), run in CPython on states the engine made: what they show in the three languages, and that
no field of their input, however hostile, becomes a tag or an attribute.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

import analysis_view
import i18n
import movelog_view
import pytest
import sheet
import view
from hypothesis import given
from hypothesis import strategies as st
from markup import Html
from ui import Ui

from tests.page.conftest import HOSTILE, ROOT, assert_no_injection, parse_tags
from tests.page.nodes import parse
from tests.page.states import HYPOTHESIS, fresh, log_entries, poison, rendered

STATES = ("blind", "bidding-looked", "playing", "hand-over", "game-over")


def uis(state: dict, card: str | None) -> list[Ui]:
    """The page's situations for a state: as it comes, cards face down, a trick on show (busy), a card lifted
    and a card hinted."""
    plain, hidden, busy, lifted = Ui(), Ui(), Ui(), Ui()
    hidden.hidden = True
    busy.busy = True
    lifted.selected = lifted.hinted = card
    lifted.focus = 3
    return [plain, hidden, busy, lifted]


def table_views(data: st.DataObject, state: dict, trick_seats: list[str]) -> list[Callable[[], object]]:
    """Every view of view.py (and the two windows of sheet.py a state opens) on ``state``, to be called."""
    cards = [c.get("card") for c in state["trick"]]
    last = state.get("last_trick") or {}
    reasons = {card: data.draw(HOSTILE) for card in cards + list(last.get("cards") or [])}
    first = state["hand"][0]["card"] if state["hand"] else None
    leader = state["leader"] or "S"
    views: list[Callable[[], object]] = []
    for ui in uis(state, first):
        views += [partial(view.hand_html, state, ui), partial(view.bid_panel_html, state, ui)]
    for seat in trick_seats:
        views += [lambda seat=seat: view.trick_html(cards, leader, reasons)[seat]]
        views += [lambda seat=seat: view.trick_html(cards, leader)[seat]]
    views += [partial(view.bids_summary_html, state), partial(view.last_trick_html, state, reasons)]
    views += [partial(view.last_trick_html, state)]
    views += [partial(view.backs_html, state["cards_left"][seat]) for seat in view.SEATS]
    views += [partial(view.seat_title_html, seat) for seat in view.SEATS]
    views += [partial(sheet.hand_over_html, state), partial(sheet.scores_html, state)]
    return views


@HYPOTHESIS
@given(st.data(), st.sampled_from(STATES), st.booleans())
def test_no_field_of_a_viewer_state_becomes_markup_on_the_table(data: st.DataObject, name: str, codes: bool) -> None:
    real = fresh(name)
    state = poison(data, real, codes)
    for markup in rendered(table_views(data, state, [c["seat"] for c in real["trick"]]), codes):
        assert_no_injection(markup)


@HYPOTHESIS
@given(st.data(), st.booleans(), st.booleans())
def test_no_move_of_the_log_becomes_markup(data: st.DataObject, explains: bool, codes: bool) -> None:
    bids, plays, winners = log_entries(fresh("events"))
    bids, plays = poison(data, bids, codes), poison(data, plays, codes)
    winners = {index: poison(data, seat, codes) for index, seat in winners.items()}
    me = data.draw(st.sampled_from(["S", None]) | HOSTILE)
    missing = data.draw(st.sampled_from([0, 4, 8]))
    title = data.draw(HOSTILE)
    views = [partial(movelog_view.log_html, title, bids, plays, missing, winners, explains, me)]
    views += [partial(movelog_view.item_html, "play", p, me, explains) for p in plays]
    views += [partial(movelog_view.item_html, "bid", b, me, explains) for b in bids]
    for markup in rendered(views, codes):
        assert_no_injection(markup)


@HYPOTHESIS
@given(st.data(), st.booleans())
def test_no_verdict_of_a_review_becomes_markup(data: st.DataObject, codes: bool) -> None:
    verdicts = poison(data, fresh("verdicts"), codes)
    views = [partial(analysis_view.panel_html, data.draw(HOSTILE)), partial(analysis_view.mistakes_html, verdicts)]
    for step in range(14):
        views += [partial(analysis_view.step_html, verdicts, step, done) for done in (True, False)]
    views += [partial(analysis_view.detail_html, v) for v in verdicts]
    for markup in rendered(views, codes):
        assert_no_injection(markup)


@given(HOSTILE)
def test_any_card_code_makes_a_harmless_face(card: str) -> None:
    face = view.card_face(card)
    assert isinstance(face, Html)
    assert_no_injection(face)
    faces = {"D": 2, "C": 2, "H": 1, "S": 1}.get(card[1:], 0) if card in view.CARDS else 0  # a real card's img.face
    assert [tag for tag, _ in parse_tags(face)] in (["span"] * 7 + ["img"] * faces, ["span"] * 5)
    played = "QH" + card  # i18n.card_name reads the rank and the suit (it refuses a card without them)
    assert_no_injection(view.trick_html([played], "N", {played: card})["N"])


# ----------------------------------------------------------------- what the table shows


CARD_NAMES = {
    "en": ("Queen of hearts", "Big Joker", "10 of spades"),
    "zh-Hans": ("红心Q", "大王", "黑桃10"),
    "zh-Hant": ("紅心Q", "大王", "黑桃10"),
}


def test_a_card_face_has_its_rank_and_suit_in_both_corners_and_a_pip(lang: str) -> None:
    face = parse(view.card_face("TS"))
    corners = face.find_all("span", cls="corner")
    assert [c.text for c in corners] == ["10♠", "10♠"] and "corner-b" in corners[1].classes
    assert face.find("span", cls="pip").text == "♠"
    assert all(c.get("aria-hidden") == "true" for c in corners)
    joker = parse(view.card_face("BJ"))
    assert joker.find("span", cls="joker-pip").text == CARD_NAMES[lang][1]
    assert view.card_classes("BJ") == "card joker joker-big" and view.card_classes("QH") == "card suit-H"


def test_each_of_the_52_cards_has_its_svg_face_over_the_drawn_one_and_jokers_keep_the_drawn_one() -> None:
    vendored = ROOT / "static" / "vendor" / "cards"
    for card in sorted(c for c in view.CARDS if c not in ("BJ", "LJ")):
        two, four = view.card_image(card), view.card_image(card, four_colour=True)
        assert two == f"static/vendor/cards/{card}.svg"
        assert four == (f"static/vendor/cards/{card}-4.svg" if card[1] in "DC" else two)  # hearts, spades: one deck
        if vendored.is_dir():  # make setup: each face is there
            assert (ROOT / two).is_file() and (ROOT / four).is_file(), card
        images = parse(view.card_face(card)).find_all("img")
        assert [img.get("src") for img in images] == ([two, four] if card[1] in "DC" else [two])
        assert all(img.get("alt") == "" and "face" in img.classes for img in images)  # decorative: the card is named
        if card[1] in "DC":  # both decks' faces: the style sheet shows one (html[data-four-color])
            assert [c for img in images for c in img.classes if c.startswith("face-")] == ["face-2", "face-4"]
        assert parse(view.card_face(card)).find_all("span", cls="corner")  # the drawn face stays under it
    for code in ("BJ", "LJ", "1S", "AX", "", "ASS", "as", "T"):
        assert view.card_image(code) is None and view.card_image(code, True) is None
        if code in view.CARDS:
            assert not parse(view.card_face(code)).find_all("img")


def test_the_hand_in_the_middle_of_a_trick(lang: str) -> None:
    state = fresh("playing")
    state["hand"].append({"card": "QH", "legal": False, "reason": state["hand"][0]["reason"]})
    fan = parse(view.hand_html(state, Ui())).find("div", cls="fan")
    buttons = fan.find_all("button")
    assert [b.get("data-card") for b in buttons] == [c["card"] for c in state["hand"]]
    assert fan.get("data-n") == str(len(buttons)) and f"--n:{len(buttons)}" in fan.get("style")
    follow = {"en": "must follow clubs", "zh-Hans": "必须跟梅花", "zh-Hant": "必須跟梅花"}[lang]
    for button, item in zip(buttons, state["hand"], strict=True):
        assert button.get("type") == "button"
        if item["legal"]:
            assert button.get("data-legal") == "true" and "aria-disabled" not in button.attrs
            assert "illegal" not in button.classes and "data-tip" not in button.attrs
        else:
            assert button.get("data-legal") == "false" and button.get("aria-disabled") == "true"
            assert "illegal" in button.classes and button.get("data-tip") == follow  # screen.py Tips shows it
    queen = buttons[-1]
    assert (
        queen.get("aria-label")
        == {
            "en": "Queen of hearts: cannot play, must follow clubs",
            "zh-Hans": "红心Q：不能出，必须跟梅花",
            "zh-Hant": "紅心Q：不能出，必須跟梅花",
        }[lang]
    )
    assert [b.get("tabindex") for b in buttons].count("0") == 1 and buttons[0].get("tabindex") == "0"
    cols = (len(buttons) + 1) // 2
    assert buttons[cols].get("style") == f"--i:{cols};--r:2;--c:1"


def test_a_lifted_and_a_hinted_card_and_cards_while_waiting(lang: str) -> None:
    state = fresh("playing")
    legal = [c["card"] for c in state["hand"] if c["legal"]]
    ui = Ui()
    ui.selected, ui.hinted = legal[0], legal[1]
    tree = parse(view.hand_html(state, ui))
    lifted = tree.find("button", data_card=legal[0])
    assert "selected" in lifted.classes and lifted.get("aria-pressed") == "true"
    assert "hinted" in tree.find("button", data_card=legal[1]).classes
    ui.busy = True
    waiting = parse(view.hand_html(state, ui)).find_all("button")
    assert all("waiting" in b.classes and b.get("aria-disabled") == "true" for b in waiting)
    assert not any("data-tip" in b.attrs for b in waiting)


def test_cards_face_down_before_looking(lang: str) -> None:
    state = fresh("blind")
    ui = Ui()
    ui.hidden = True
    fan = parse(view.hand_html(state, ui)).find("div", cls="fan-hidden")
    assert fan.get("role") == "img" and fan.get("aria-label") == i18n.t("hand_hidden")
    assert len(fan.find_all("div", cls="back")) == 13 and fan.get("style") == "--n:13"
    assert str(view.backs_html(2)) == '<div class="card back mini" style="--i:0"></div>' + (
        '<div class="card back mini" style="--i:1"></div>'
    )


def test_the_trick_on_the_table_with_a_computer_reason(lang: str) -> None:
    state = fresh("playing")
    cards = [c["card"] for c in state["trick"]]
    slots = view.trick_html(cards, state["leader"], {cards[0]: "Lead <high>"})
    assert list(slots) == [c["seat"] for c in state["trick"]] == ["N", "E"]
    north = parse(slots["N"]).find("div", cls="played")
    assert "from-top" in north.classes and north.get("style") == "--order:0"
    named = {"en": "North: Queen of clubs", "zh-Hans": "北家: 梅花Q", "zh-Hant": "北家: 梅花Q"}
    assert north.get("aria-label") == named[lang]
    assert north.get("tabindex") == "0" and "data-why" in north.attrs and north.get("aria-describedby") == "why-N"
    tip = north.find("span", cls="why-tip")
    assert tip.get("id") == "why-N" and tip.get("role") == "tooltip" and tip.text == "Lead <high>"
    assert north.get("data-tip") == "Lead <high>"  # what screen.py's Tips shows
    east = parse(slots["E"]).find("div", cls="played")
    assert "from-right" in east.classes and not {"tabindex", "data-why", "aria-describedby"} & set(east.attrs)


SEAT_PLATES = {
    "en": ["North · partner", "East · left opponent", "South · you", "West · right opponent"],
    "zh-Hans": ["北家 · 搭档", "东家 · 下家", "南家 · 你", "西家 · 上家"],
    "zh-Hant": ["北家 · 搭檔", "東家 · 下家", "南家 · 你", "西家 · 上家"],
}


def test_the_seat_plates_say_name_and_relation(lang: str) -> None:
    plates = [parse(view.seat_title_html(seat)) for seat in view.SEATS]
    assert [p.text for p in plates] == [view.seat_title(seat) for seat in view.SEATS]
    assert [p.find("span", cls="seat-who").text for p in plates] == [i18n.t("who_" + s) for s in view.SEATS]
    assert plates[0].find("span", cls="seat-rel").text == i18n.t("rel_partner")


def test_the_bidding_window_with_bids_refused_by_the_rules(lang: str) -> None:
    state = fresh("bidding-looked")
    tree = parse(view.bid_panel_html(state, Ui()))
    assert tree.find("h3").get("id") == "bid-title"
    buttons = tree.find("div", cls="bid-grid").find_all("button")
    assert [b.get("data-bid") for b in buttons] == ["nil"] + [str(n) for n in range(1, 14)]
    for button in buttons:
        bid = button.get("data-bid")
        if bid in ("1", "2"):
            assert "disabled" in button.attrs and button.get("title") == i18n.reason_text(state["bid_reasons"][bid])
        else:
            assert "disabled" not in button.attrs and "title" not in button.attrs
    assert buttons[3].get("aria-label") == i18n.t("bid_button", n=3) and buttons[3].text == "3"
    assert tree.find("p", cls="bid-rule").text == i18n.reason_text(state["bid_reasons"]["1"])
    summary = tree.find("ul", cls="bids-so-far")
    rows = summary.find_all("li")
    assert [r.find("span").text for r in rows] == [i18n.who(s) for s in view.SEATS]
    assert ["pending" in r.classes for r in rows] == [state["bids"][s] is None for s in view.SEATS]
    totals = [s.text for s in tree.find("p", cls="bid-totals").find_all("span")]
    assert (
        totals
        == {
            "en": ["Our team: 3", "Their team: 4", "All bids: 7 of 13"],
            "zh-Hans": ["我方合计：3", "对方合计：4", "总叫牌：7 / 13"],
            "zh-Hant": ["我方合計：3", "對方合計：4", "總叫牌：7 / 13"],
        }[lang]
    )


def test_the_blind_nil_choice(lang: str) -> None:
    state = fresh("blind")
    ui = Ui()
    ui.hidden = True
    tree = parse(view.bid_panel_html(state, ui))
    assert tree.find("h3").text == i18n.t("bid_blind_title")
    assert [p.text for p in tree.find_all("p") if not p.classes] == [i18n.t("bid_blind_text", value=200)]
    choice = tree.find("div", cls="bid-choice").find_all("button")
    assert [(b.get("data-bid"), b.get("data-action")) for b in choice] == [("blind_nil", None), (None, "show-cards")]


def test_the_last_trick_with_its_winner_and_a_reason(lang: str) -> None:
    state = fresh("playing")
    last = state["last_trick"]
    tree = parse(view.last_trick_html(state, {last["cards"][1]: "Play <low>"}))
    items = tree.find("ul", cls="last-trick").find_all("li")
    seats = [view.seat_after(last["leader"], k) for k in range(4)]
    assert [i.find("span").text for i in items] == [i18n.who(s) for s in seats]
    assert ["winner" in i.classes for i in items] == [s == last["winner"] for s in seats]
    assert [i.find("div", cls="small").get("aria-label") for i in items] == [i18n.card_name(c) for c in last["cards"]]
    assert [[s.text for s in i.find_all("small", cls="log-why")] for i in items] == [[], ["Play <low>"], [], []]
    assert "autofocus" in tree.find("button", data_action="close-dialog").attrs
    none = parse(view.last_trick_html(fresh("blind")))
    assert none.find("p").text == i18n.t("last_trick_none")


# ----------------------------------------------------------------- the move log and the review


def test_the_move_log_lists_bids_and_tricks_with_the_computers_reasons(lang: str) -> None:
    bids, plays, winners = log_entries(fresh("events"))
    tree = parse(movelog_view.log_html(1, bids, plays[:8], 0, winners, True, "S"))
    titles = {"en": "Hand 1: bids and cards", "zh-Hans": "第 1 副：叫牌与出牌", "zh-Hant": "第 1 副：叫牌與出牌"}
    assert tree.find("h2").text == titles[lang]
    moves = tree.find("section", data_log_bids=True).find_all("li")
    assert [m.get("data-log-seat") for m in moves] == ["N", "E", "S", "W"]
    assert ["log-mine" in m.classes for m in moves] == [False, False, True, False]
    assert moves[0].find("span", cls="log-why").text == bids[0]["text"]
    assert not moves[2].find_all(cls="log-why")
    tricks = tree.find_all("section", data_log_trick=True)
    assert [t.get("data-log-trick") for t in tricks] == ["1", "2"]
    assert tricks[0].get("data-log-winner") == winners[0]
    assert [m.get("data-log-card") for m in tricks[0].find_all("li")] == [p["card"] for p in plays[:4]]
    assert tricks[0].find("h3").text == i18n.t("log_trick_won", n=1, who=i18n.who(winners[0]))
    quiet = parse(movelog_view.log_html(2, [], plays[8:12], 8, {}, False, "S"))
    assert quiet.find("p", data_log_note="no-reasons").text == i18n.t("log_no_reasons")
    assert quiet.find("p", data_log_note="missing").text == i18n.t("log_missing", n=2)
    assert quiet.find("p", cls="log-empty").text == i18n.t("log_none")
    assert (
        not quiet.find_all(cls="log-why") and quiet.find("section", data_log_trick="3").get("data-log-winner") is None
    )


def test_the_review_panel_the_mistakes_and_the_step_on_show(lang: str) -> None:
    verdicts = fresh("verdicts")
    panel = parse(analysis_view.panel_html("r7")).find("section", id="rev-panel")
    assert panel.get("data-review-job") == "r7" and panel.find("h3").text == i18n.t("rev_heading")
    mistakes = [v for v in verdicts if v["mistake"]]
    items = parse(analysis_view.mistakes_html(verdicts)).find_all("li", data_mistake=True)
    assert [(i.get("data-cost"), i.get("data-trick")) for i in items] == [
        (str(v["cost"]), str(v["trick"])) for v in mistakes
    ]
    first = mistakes[0]
    assert items[0].find("span").text == analysis_view.verdict_line(first)
    assert items[0].find("button").get("data-step") == str(first["trick"])
    line = analysis_view.verdict_line({**first, "kind": "card", "trick": 11, "move": "3D", "best": "9S", "cost": 19})
    assert (
        line
        == {
            "en": "Trick 11: you played 3♦; 9♠ was better — about −19 points",
            "zh-Hans": "第 11 墩：你出了 3♦，9♠ 更好——约 −19 分",
            "zh-Hant": "第 11 墩：你出了 3♦，9♠ 更好——約 −19 分",
        }[lang]
    )
    shown = parse(analysis_view.step_html(verdicts, first["trick"], False)).find("p")
    assert shown.get("data-rev-verdict") == "mistake" and "bad" in shown.classes
    assert shown.find("span", cls="rev-why").text == " · ".join(
        x for x in (first.get("why"), analysis_view.how_text(first)) if x
    )
    idle = next(s for s in range(14) if all(v["trick"] != s for v in verdicts))
    assert parse(analysis_view.step_html(verdicts, idle, True)).text == i18n.t("rev_step_none")
    assert parse(analysis_view.step_html(verdicts, idle, False)).text == i18n.t("rev_pending")
    assert analysis_view.total_text(None, (2, 9)) == i18n.t("rev_progress", done=2, total=9)
    summary = fresh("summary")
    key = "rev_mistakes_one" if summary["mistakes"] == 1 else "rev_mistakes"
    assert summary["mistakes"] >= 1  # the fixture's hand has a mistake to count
    assert analysis_view.total_text(summary, (9, 9)) == i18n.t(key, n=summary["mistakes"], points=summary["cost"])


@pytest.mark.parametrize("name", STATES)
def test_every_view_returns_text_for_the_page(name: str) -> None:
    """What other page modules put in ``innerHTML`` is a ``str`` (MicroPython's FFI takes no other object)."""
    state = fresh(name)
    for ui in uis(state, None):
        assert type(view.hand_html(state, ui)) is str and type(view.bid_panel_html(state, ui)) is str
    assert type(view.last_trick_html(state)) is str
    assert all(type(x) is str for x in view.trick_html([c["card"] for c in state["trick"]], "N").values())
    assert type(sheet.hand_over_html(state)) is str and type(sheet.scores_html(state)) is str
    hand = fresh("hand")
    assert type(sheet.past_html(hand)) is str and type(sheet.past_step_html(hand, 1)) is str
    bids, plays, winners = log_entries(fresh("events"))
    assert type(movelog_view.log_html(1, bids, plays, 0, winners)) is str
    verdicts = fresh("verdicts")
    texts = (analysis_view.panel_html("r1"), analysis_view.step_box_html(), analysis_view.mistakes_html(verdicts))
    assert all(type(x) is str for x in texts) and type(analysis_view.step_html(verdicts, 1, True)) is str
