"""The person at any seat, blind nil decided by the table, old saves, and two tabs of one game (docs/page.md)."""

from __future__ import annotations

import json

import pytest

pytestmark = pytest.mark.browser

FAST_BOTS = {"bots": {"N": "beginner", "E": "beginner", "S": "beginner", "W": "beginner"}}
PLACES = """() => Object.fromEntries([...document.querySelectorAll('.seat[data-pos]')]
  .map(s => [s.dataset.pos, s.dataset.seat]))"""


def test_the_person_at_east_plays_a_full_hand(table):
    table.open("fresh=1&seed=5&speed=instant&sound=0&seat=E", settings=FAST_BOTS)
    page = table.page
    assert page.evaluate("document.body.dataset.seat") == "E"
    assert "seat" not in page.url  # one-shot, like ?seed
    # me at the bottom, partner (West) at the top, the next seat clockwise (South) on the left, North on the right
    assert page.evaluate(PLACES) == {"bottom": "E", "top": "W", "left": "S", "right": "N"}
    assert page.evaluate("document.querySelector('#trick .slot.at-left').dataset.slot") == "S"
    assert page.locator(".seat-E .seat-name").inner_text() == "East · you"
    assert page.locator(".seat-W .seat-name").inner_text().startswith("West · partner")
    assert page.locator(".seat-S .seat-name").inner_text().startswith("South · left opponent")
    # the score box says "us" for E–W, first
    us = page.locator(".scoreboard .team").first
    assert us.get_attribute("data-team") == "EW" and us.locator(".team-name").inner_text() == "Us (E–W)"
    assert us.locator("[data-score='EW']").count() == 1
    assert page.locator(".scoreboard .team").nth(1).locator(".team-name").inner_text() == "Them (N–S)"
    table.wait_await("bid", "blind")
    table.bid("3")
    page.wait_for_function("document.querySelector('.seat-E .seat-bid').textContent === 'Bid 3'")
    assert page.locator("[data-contract='EW']").inner_text().startswith("Bid ")
    assert table.play_hand("3") == "hand-over"
    rows = page.locator("#dlg-hand tbody tr")
    assert rows.first.get_attribute("data-team") == "EW" and rows.first.locator("th").inner_text() == "Us"
    ew = page.locator("[data-score='EW']").inner_text()
    assert ew in page.locator("#dlg-hand tr[data-team='EW'] td.total").inner_text()
    save = json.loads(page.evaluate("localStorage.getItem('spades-save')"))
    assert save["format"] == "spades-save/2" and save["seats"]["E"]["occupant"] == "person"
    # a reload resumes at East
    page.reload()
    page.wait_for_function("document.body.dataset.await === 'hand-over'", timeout=60_000)
    assert page.evaluate("document.body.dataset.seat") == "E"
    table.next_hand()
    page.wait_for_function("['bidding', 'playing'].includes(document.body.dataset.phase)")
    assert len(table.hand()) == 13


def test_your_seat_in_the_settings_starts_a_new_game(table):
    table.open("fresh=1&seed=7&speed=instant&sound=0", settings=FAST_BOTS)
    page = table.page
    assert page.evaluate("document.body.dataset.seat") == "S"
    page.locator("#btn-menu").click()
    page.locator("#menu [data-action='settings']").click()
    page.locator("#set-seat").select_option("W")
    # the computer players are now the other three seats, named from West
    page.wait_for_function("!!document.getElementById('set-bot_S')")
    assert page.locator("#set-bot_W").count() == 0
    assert "partner" in page.locator("label[for='set-bot_E']").inner_text()
    page.locator("[data-action='settings-save']").click()
    page.locator("#dlg-confirm").wait_for(state="visible")
    assert "change seats" in page.locator("#dlg-confirm").inner_text()
    page.locator("#dlg-confirm [data-action='confirm-ok']").click()
    page.wait_for_function("document.body.dataset.seat === 'W'")
    table.wait_await("bid", "blind", "")
    assert page.evaluate(PLACES) == {"bottom": "W", "top": "E", "left": "N", "right": "S"}
    assert json.loads(page.evaluate("localStorage.getItem('spades-settings')"))["seat"] == "W"
    assert page.locator(".scoreboard .team").first.get_attribute("data-team") == "EW"


def test_blind_nil_is_offered_before_looking_and_refused_after(table):
    table.open("fresh=1&seed=14&speed=instant&sound=0&preset=windows", settings=FAST_BOTS)
    page = table.page
    assert table.wait_await("blind") == "blind"
    assert page.locator("#hand button[data-card]").count() == 0  # the worker sent no cards
    assert page.locator("#bid-panel [data-bid='blind_nil']").is_visible()
    page.locator("body").click(position={"x": 5, "y": 300})
    page.keyboard.press("v")  # look
    table.wait_await("bid")
    assert len(table.hand()) == 13
    assert page.locator("#bid-panel [data-bid='blind_nil']").count() == 0
    # South looked; the computers who bid before it were shown their hands too (docs/table.md: looked stays looked)
    looked = json.loads(page.evaluate("localStorage.getItem('spades-save')"))["looked"]
    assert "S" in looked and set(looked) <= {"N", "E", "S", "W"}
    # the table itself refuses blind nil now (not just the page)
    answer = json.loads(
        page.evaluate(
            "window.spades.engine.request('act', JSON.stringify("
            "{table: 'main', seat: 'S', intent: {type: 'bid', bid: 'blind_nil'}}))"
        )
    )
    assert "error" in answer, answer
    page.keyboard.press("b")  # no blind nil key once looked
    assert page.evaluate("document.body.dataset.await") == "bid"


def test_an_old_version_1_save_still_loads(make_page, server):
    from spades.formats.record import to_record
    from spades.game import Game
    from spades.rules import Rules

    game = Game(Rules.from_dict({"preset": "standard"}), seed=23)
    while game.turn is not None and game.turn.name != "S":
        game.bid(3)
    game.bid(4)
    old = {
        "format": "spades-save/1",
        "record": to_record(game),
        "human": "S",
        "bots": {"N": "beginner", "E": "beginner", "W": "beginner"},
        "undo": True,
    }
    page = make_page()
    page.add_init_script(f"localStorage.setItem('spades-save', {json.dumps(json.dumps(old))})")
    page.goto(f"{server}/?speed=instant&sound=0")
    page.wait_for_function("document.body.dataset.await === 'play'", timeout=60_000)
    assert page.locator(".seat-S .seat-bid").inner_text() == "Bid 4"
    assert page.locator("#notice").is_hidden()
    assert json.loads(page.evaluate("localStorage.getItem('spades-save')"))["format"] == "spades-save/2"


def test_two_tabs_the_newest_owns_the_game_and_nothing_is_lost(table, server):
    first, one = table, table.page
    first.open("fresh=1&seed=31&speed=instant&sound=0", settings=FAST_BOTS)
    first.bid("3")
    first.wait_await("play")
    # a second tab of the same game (same profile: the same localStorage)
    errors = []
    two = one.context.new_page()
    two.on("pageerror", lambda error: errors.append(str(error)))
    second = type(table)(two, server)
    two.goto(f"{server}/?speed=instant&sound=0")
    second.wait_ready()
    # the older tab stops and says so
    one.locator("#dlg-tab").wait_for(state="visible")
    assert one.evaluate("document.body.dataset.owner") == "no"
    assert one.evaluate("document.body.dataset.await") == ""
    assert "another tab" in one.locator("#dlg-tab").inner_text()
    assert one.evaluate("document.activeElement.dataset.action") == "take-over"
    # play three cards in the newer tab; the older one cannot act (the dialog is modal) nor write
    for _ in range(3):
        second.wait_await("play")
        second.play_card(second.legal_cards()[0])
    second.wait_await("play")
    one.keyboard.press("Escape")  # the notice stays
    assert one.locator("#dlg-tab").is_visible()
    by_two = json.loads(one.evaluate("localStorage.getItem('spades-save')"))
    hand = second.hand()
    assert len(hand) == 10
    # take the game over in the older tab: it continues from the newer tab's moves
    one.locator("#dlg-tab [data-action='take-over']").click()
    one.locator("#dlg-tab").wait_for(state="hidden")
    first.wait_await("play")
    assert first.hand() == hand
    two.locator("#dlg-tab").wait_for(state="visible")
    first.play_card(first.legal_cards()[0])
    first.wait_await("play")
    after = first.hand()
    by_one = json.loads(one.evaluate("localStorage.getItem('spades-save')"))
    assert by_one["tab"] != by_two["tab"] and by_one["generation"] > by_two["generation"]
    # a reload of either tab finds every move
    one.reload()
    first.wait_ready()
    assert first.wait_await("play") == "play" and first.hand() == after
    two.reload()
    second.wait_ready()
    assert second.hand() == after
    one.locator("#dlg-tab").wait_for(state="visible")  # the reloaded tab is the newest now
    assert not errors, errors
