"""End-to-end: load, bid, play hands and a whole game in headless Chromium (see docs/page.md for the hooks)."""

from __future__ import annotations

import re

import pytest

pytestmark = pytest.mark.browser

FAST_BOTS = {"bots": {"N": "beginner", "E": "beginner", "W": "beginner"}}


def test_first_paint_is_the_table_not_a_blank_page(page, server):
    """Before any Python runs, the static table and a progress indicator are on screen."""
    page.route("**/static/vendor/micropython/**", lambda route: None)  # hold MicroPython back
    page.goto(f"{server}/?fresh=1", wait_until="domcontentloaded")
    assert page.locator("body").get_attribute("data-phase") == "loading"
    assert page.locator("#loading").is_visible()
    assert page.locator("#progress-bar").count() == 1
    assert page.locator(".seat-N").is_visible() and page.locator(".scoreboard").is_visible()
    assert page.locator("[data-score='NS']").inner_text() == "0"


def test_load_and_bid(table):
    table.open("fresh=1&seed=11&speed=instant&sound=0", settings=FAST_BOTS)
    page = table.page
    assert table.phase == "bidding"
    assert table.wait_await("bid") == "bid"
    hand = table.hand()
    assert len(hand) == 13 and all(re.fullmatch(r"[2-9TJQKA][CDHS]", card) for card in hand)
    assert page.locator("#bid-panel").is_visible()
    assert page.locator("#bid-panel [data-bid='nil']").count() == 1
    for n in range(1, 14):
        assert page.locator(f"#bid-panel [data-bid='{n}']").count() == 1
    # the bids so far and the team total are in the window
    assert "Our team" in page.locator("#bid-panel").inner_text()
    page.locator("#bid-panel [data-bid='4']").click()
    page.wait_for_function("document.querySelector('.seat-S .seat-bid').textContent === 'Bid 4'")
    table.wait_await("play")
    assert table.phase == "playing"
    assert page.locator("[data-contract='NS']").inner_text().startswith("Bid ")


def test_play_a_full_hand_by_clicking_then_the_next(table):
    table.open("fresh=1&seed=5&speed=instant&sound=0", settings=FAST_BOTS)
    page = table.page
    assert table.play_hand("3") == "hand-over"
    dialog = page.locator("#dlg-hand")
    assert dialog.is_visible()
    text = dialog.inner_text()
    assert "Hand 1 is over" in text and "Score history" in text
    ns = int(page.locator("[data-score='NS']").inner_text())
    assert str(ns) in page.locator("#dlg-hand tr[data-team='NS'] td.total").inner_text()
    assert page.locator("#hand button[data-card]").count() == 0
    table.next_hand()
    table.wait_await("bid", "blind", "play", "")
    page.wait_for_function("document.body.dataset.phase === 'bidding' || document.body.dataset.phase === 'playing'")
    assert page.locator("#game-info").inner_text().startswith("Hand 2")
    assert len(table.hand()) == 13


def test_illegal_cards_are_disabled_and_say_why(table):
    table.open("fresh=1&seed=5&speed=instant&sound=0", settings=FAST_BOTS)
    page = table.page
    table.bid("3")
    # play until a trick where following suit leaves some cards illegal
    for _ in range(13):
        table.wait_await("play", "hand-over")
        illegal = page.locator("#hand button[data-card][data-legal='false']")
        if illegal.count():
            break
        table.play_card(table.legal_cards()[-1])
    card = page.locator("#hand button[data-card][data-legal='false']").first
    assert card.get_attribute("aria-disabled") == "true"
    assert card.is_disabled()
    label = card.get_attribute("aria-label")
    assert "cannot play" in label and ("must follow" in label or "spades not broken" in label)
    card.hover()  # the pointer moves onto it and rests: the reason shows (static/app/screen.py Tips)
    tip = page.locator("#tip")
    tip.wait_for(state="visible")
    assert tip.get_attribute("data-for") == "card:" + card.get_attribute("data-card")
    assert "must follow" in tip.inner_text() or "spades" in tip.inner_text()


def test_a_whole_game_to_the_end(table):
    """The short preset with a low target and instant animations: play until someone wins, then a new game."""
    settings = {**FAST_BOTS, "preset": "short", "rules": {"target": 120, "mercy": -120}}
    table.open("fresh=1&seed=3&speed=instant&sound=0&preset=short", settings=settings)
    page = table.page
    hands = 0
    while True:
        end = table.play_hand("4")
        hands += 1
        if end == "game-over":
            break
        assert hands < 15
        table.next_hand()
    assert table.phase == "game-over"
    text = page.locator("#dlg-hand").inner_text()
    assert "Game over" in text and ("win" in text)
    ns, ew = (int(page.locator(f"[data-score='{team}']").inner_text()) for team in ("NS", "EW"))
    assert max(ns, ew) >= 120 or min(ns, ew) <= -120
    assert page.locator("#dlg-hand tbody tr").count() >= 2
    page.locator("#dlg-hand [data-action='new-game-now']").click()
    page.wait_for_function("document.body.dataset.phase === 'bidding'")
    assert page.locator("[data-score='NS']").inner_text() == "0"
    assert page.locator("[data-score='EW']").inner_text() == "0"
