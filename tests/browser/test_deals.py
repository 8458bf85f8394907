"""Deal links and the daily deal in the page (static/app/share.py; docs/page.md "Deal links and the daily deal").

A shared link plays the same cards in a new profile; the daily deal is the same in two profiles on the same date
(and the engine's); its first hand ends with the comparison against two experts on the same cards, the figures
the engine gives for that game; a bad link says why and the game still starts; a link opened over an unfinished
game asks first, and Cancel keeps that game.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from spades import worker
from spades.cards import CARD_NAMES, Seat, mask_cards
from spades.formats.dealcode import daily

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = ROOT / "test-artifacts" / "deals"
QUICK = "speed=instant&sound=0"
DATE = "2026-11-30"


def shot(page, name):
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{name}.png"))


def share_link(table):
    page = table.page
    page.locator("#btn-menu").click()
    page.locator("#menu [data-action='share-deal']").click()
    field = page.locator("#dlg-deal [data-deal-link]")
    field.wait_for()
    return field.input_value()


def test_a_shared_link_plays_the_same_cards_in_a_new_profile(make_table):
    first = make_table()
    first.open()
    first.wait_await("bid", "blind")
    mine = first.hand()
    seat = first.page.evaluate("document.body.dataset.seat")
    link = share_link(first)
    shot(first.page, "share-1280x800")
    code = link.split("?deal=", 1)[1]
    assert re.fullmatch(r"[A-Za-z0-9_-]{23}", code), link  # standard rules: 17 bytes
    # the cards are not listed readably: no two of the hand's cards side by side (one card's two letters are in a
    # random 23-letter code by chance about one time in 40; two side by side, about once in 5000 runs)
    pairs = [a + sep + b for a in mine for b in mine if a != b for sep in ("", ",", "-", "_", ".")]
    assert not any(pair in code for pair in pairs), "cards readable"
    first.page.locator("#dlg-deal [data-action='deal-copy']").click()
    first.page.wait_for_function("document.querySelector('#dlg-deal .deal-copied').textContent !== ''")

    friend = make_table(viewport={"width": 390, "height": 844}, locale="zh-CN")  # a new profile: nothing saved
    friend.page.goto(link + "&" + QUICK)
    friend.wait_ready()
    assert friend.hand() == mine
    assert friend.page.evaluate("document.body.dataset.seat") == seat
    assert "deal=" not in friend.page.url  # one-shot: a reload resumes the game
    shot(friend.page, "friend-390x844-zh-Hans")
    assert share_link(friend).split("?deal=", 1)[1] == code  # the same deal, the same seat: the same code
    shot(friend.page, "friend-share-390x844-zh-Hans")
    friend.page.locator("#dlg-deal [data-action='close-dialog']").click()
    friend.page.reload()
    friend.wait_ready()
    assert friend.hand() == mine


def test_the_daily_deal_is_the_same_in_two_profiles_and_ends_with_the_expert_comparison(make_table):
    spec = daily(DATE)
    expected = [CARD_NAMES[c] for c in mask_cards(spec.masks[Seat.S])]
    one, two = make_table(locale="zh-TW"), make_table()  # the one who plays reads Traditional Chinese
    for table in (one, two):
        table.page.goto(f"{table.base}/?daily={DATE}&{QUICK}")
        table.wait_ready()
        table.wait_await("bid", "blind")
    assert one.hand() == two.hand()
    assert sorted(one.hand()) == sorted(expected)
    assert one.page.evaluate("document.body.dataset.seat") == "S"

    assert one.play_hand() == "hand-over"
    done = one.page.locator("#dlg-hand [data-duplicate='done']")
    done.wait_for(timeout=60_000)
    yours, experts, difference = (int(done.get_attribute(f"data-{k}")) for k in ("yours", "experts", "difference"))
    assert difference == yours - experts
    shot(one.page, "daily-hand-over-1280x800-zh-Hant")
    text = done.inner_text()
    assert str(yours) in text and str(experts) in text and "專家隊" in text
    assert not re.search(r"[A-Za-z]", text), text

    # the engine agrees: the same game (the page's save) compared in CPython gives the same figures
    save = json.loads(one.page.evaluate("localStorage.getItem('spades-save')"))
    for key in ("generation", "tab", "scores"):
        save.pop(key, None)
    assert "error" not in json.loads(worker.handle("load", json.dumps({"table": "t", "save": save})))
    answer = json.loads(worker.handle("duplicate", json.dumps({"table": "t", "seat": "S"})))
    worker.handle("close", json.dumps({"table": "t"}))
    assert (answer["yours"], answer["experts"]) == (yours, experts)


def test_a_bad_link_says_why_and_the_game_still_starts(make_table):
    table = make_table(locale="zh-CN")
    table.page.goto(f"{table.base}/?deal=AQhiuS_-LO9K572mRhusC6A&{QUICK}")  # the last character changed
    table.wait_ready()
    notice = table.page.locator("#notice")
    notice.wait_for()
    assert "校验不符" in notice.inner_text()
    assert table.phase in ("bidding", "playing")


def test_a_link_over_an_unfinished_game_asks_first_and_cancel_keeps_it(make_table, server):
    table = make_table()
    table.open()
    table.wait_await("bid", "blind")
    before = table.hand()
    code = json.loads(worker.handle("deal_new", json.dumps({"table": "x", "date": "2026-01-01"})))["code"]
    worker.handle("close", json.dumps({"table": "x"}))
    table.page.goto(f"{server}/?deal={code}&{QUICK}")
    confirm = table.page.locator("#dlg-confirm")
    confirm.wait_for(state="visible", timeout=60_000)
    table.page.locator("#dlg-confirm [data-action='confirm-cancel']").click()
    table.wait_ready()
    assert table.hand() == before
    assert "deal=" not in table.page.url

    table.page.goto(f"{server}/?deal={code}&{QUICK}")
    confirm.wait_for(state="visible", timeout=60_000)
    table.page.locator("#dlg-confirm [data-action='confirm-ok']").click()
    spec = daily("2026-01-01")
    expected = sorted(CARD_NAMES[c] for c in mask_cards(spec.masks[Seat.S]))
    table.page.wait_for_function(
        "cards => { const h = [...document.querySelectorAll('#hand button[data-card]')].map(e => e.dataset.card);"
        " return JSON.stringify(h.sort()) === JSON.stringify(cards); }",
        arg=expected,
        timeout=30_000,
    )
