"""Settings, blind nil, hints, select-then-play, blocked storage."""

from __future__ import annotations

import json

import pytest

pytestmark = pytest.mark.browser

FAST_BOTS = {"bots": {"N": "beginner", "E": "beginner", "W": "beginner"}}


def open_settings(page):
    page.locator("#btn-menu").click()
    page.locator("#menu [data-action='settings']").click()
    page.locator("#dlg-settings").wait_for(state="visible")


def test_settings_change_rules_with_confirmation_and_persist(table):
    table.open("fresh=1&seed=12&speed=instant&sound=0", settings=FAST_BOTS)
    page = table.page
    assert "to 500" in page.locator("#game-info").inner_text()
    open_settings(page)
    page.locator("#set-preset").select_option("short")
    page.wait_for_function("document.getElementById('set-target').value === '250'")  # the preset's values
    page.locator("#set-jokers").check()
    page.locator("#set-four_color").check()
    page.locator("[data-action='settings-save']").click()
    page.locator("#dlg-confirm").wait_for(state="visible")
    assert "new game" in page.locator("#dlg-confirm").inner_text()
    page.locator("#dlg-confirm [data-action='confirm-ok']").click()
    page.wait_for_function("document.getElementById('game-info').textContent.includes('250')")
    assert page.evaluate("document.documentElement.dataset.fourColor") == "1"
    stored = json.loads(page.evaluate("localStorage.getItem('spades-settings')"))
    assert stored["preset"] == "short" and stored["rules"] == {"jokers": True} and stored["four_color"] is True
    # Jokers: 2♦ and 2♥ are out of the deck, so nobody holds them
    table.wait_await("bid", "blind")
    assert not {"2D", "2H"} & set(table.hand())
    # cancelling a rules change keeps the game
    open_settings(page)
    page.locator("#set-target").fill("300")
    page.locator("[data-action='settings-save']").click()
    page.locator("#dlg-confirm").wait_for(state="visible")
    page.locator("#dlg-confirm [data-action='confirm-cancel']").click()
    assert page.locator("#dlg-settings").is_visible()
    page.locator("[data-action='settings-cancel']").click()
    assert "250" in page.locator("#game-info").inner_text()


def test_settings_refuse_impossible_rules(table):
    table.open("fresh=1&seed=12&speed=instant&sound=0", settings=FAST_BOTS)
    page = table.page
    open_settings(page)
    page.locator("#set-target").fill("100")
    page.locator("#set-mercy").fill("200")
    page.locator("[data-action='settings-save']").click()
    page.wait_for_function("document.getElementById('settings-error').textContent.includes('mercy')")
    assert page.locator("#dlg-settings").is_visible()


def test_bot_levels_change_without_a_new_game(table):
    table.open("fresh=1&seed=13&speed=instant&sound=0", settings=FAST_BOTS)
    page = table.page
    hand = table.hand()
    open_settings(page)
    page.locator("#set-bot_N").select_option("standard")
    page.locator("[data-action='settings-save']").click()
    page.wait_for_function("document.getElementById('status').textContent.includes('saved')")
    assert table.hand() == hand
    assert json.loads(page.evaluate("localStorage.getItem('spades-save')"))["seats"]["N"]["level"] == "standard"


def test_blind_nil_choice_before_looking(table):
    table.open("fresh=1&seed=14&speed=instant&sound=0&preset=windows", settings=FAST_BOTS)
    page = table.page
    assert table.wait_await("blind") == "blind"
    assert page.locator("#hand button[data-card]").count() == 0  # face down
    assert page.locator("#hand .card.back").count() == 13
    assert page.locator("#bid-panel [data-bid='blind_nil']").is_visible()
    page.locator("#bid-panel [data-action='show-cards']").click()
    table.wait_await("bid")
    assert len(table.hand()) == 13
    assert page.locator("#bid-panel [data-bid='blind_nil']").count() == 0
    # looking is remembered across a reload
    page.reload()
    table.wait_ready()
    assert table.wait_await("bid") == "bid"


def test_bidding_blind_nil(table):
    table.open("fresh=1&seed=15&speed=instant&sound=0&preset=windows", settings=FAST_BOTS)
    page = table.page
    table.wait_await("blind")
    page.locator("#bid-panel [data-bid='blind_nil']").click()
    page.wait_for_function("document.querySelector('.seat-S .seat-bid').textContent.includes('Blind nil')")
    table.wait_await("play", "")
    assert len(table.hand()) == 13  # the cards are shown once the bid is made


def test_hint_suggests_a_move_with_its_reason(table):
    table.open("fresh=1&seed=16&speed=instant&sound=0", settings=FAST_BOTS)
    page = table.page
    table.bid("3")
    table.wait_await("play")
    page.locator("#btn-hint").click()
    page.wait_for_function("document.getElementById('status').textContent.startsWith('Suggested')")
    hinted = page.locator("#hand button.hinted")
    assert hinted.count() == 1 and hinted.get_attribute("data-legal") == "true"


def test_select_then_play_and_double_click(table):
    table.open("fresh=1&seed=17&speed=instant&sound=0", settings={**FAST_BOTS, "play_mode": "confirm"})
    page = table.page
    table.bid("3")
    table.wait_await("play")
    play = page.locator("#btn-play")
    assert play.is_visible() and play.is_disabled()
    card = table.legal_cards()[0]
    page.locator(f"#hand button[data-card='{card}']").click(position={"x": 10, "y": 30})
    assert page.locator(f"#hand button[data-card='{card}']").get_attribute("aria-pressed") == "true"
    assert len(table.hand()) == 13
    play.click()
    page.wait_for_function("c => !document.querySelector(`#hand button[data-card='${c}']`)", arg=card)
    table.wait_await("play")
    card = table.legal_cards()[0]
    page.locator(f"#hand button[data-card='{card}']").dblclick(position={"x": 10, "y": 30})
    page.wait_for_function("c => !document.querySelector(`#hand button[data-card='${c}']`)", arg=card)
    assert len(table.hand()) == 11


def test_blocked_storage_plays_without_saving(make_page, server):
    page = make_page()
    page.add_init_script(
        "Object.defineProperty(window, 'localStorage', {get() {"
        " throw new DOMException('The operation is insecure.', 'SecurityError'); }});"
    )
    page.goto(f"{server}/?seed=18&speed=instant&sound=0")
    page.wait_for_function("document.body.dataset.await !== ''", timeout=60_000)
    assert "Saving is not possible here" in page.locator("#notice").inner_text()
    page.locator("#bid-panel [data-bid]:not([disabled])").nth(2).click()
    page.wait_for_function("document.body.dataset.await === 'play'")


def test_score_history_and_last_trick_windows(table):
    """With sound on (WebAudio beeps must never break the page): S opens the history, L the last trick."""
    table.open("fresh=1&seed=19&speed=instant", settings=FAST_BOTS)
    page = table.page
    assert table.play_hand("3") == "hand-over"
    page.locator("#dlg-hand [data-action='next-hand']").click()
    table.wait_await("bid", "blind", "play", "")
    page.locator("body").click(position={"x": 5, "y": 300})  # nothing focused
    page.keyboard.press("s")
    dialog = page.locator("#dlg-scores")
    dialog.wait_for(state="visible")
    assert dialog.locator("table.history tbody tr").count() == 1
    page.keyboard.press("Escape")
    assert not dialog.is_visible()
    page.locator("#btn-menu").click()
    page.locator("#menu [data-action='last-trick']").click()
    dialog.wait_for(state="visible")
    text = dialog.inner_text()
    assert "Last trick" in text and ("won it" in text or "No trick" in text)
    page.keyboard.press("Escape")


def test_forbidden_bids_say_which_rule_forbids_them(table):
    """Mirror bidding: only your number of spades may be bid; the window says so and each other bid says why."""
    settings = {**FAST_BOTS, "preset": "standard", "rules": {"bidding": "mirror"}}
    table.open("fresh=1&seed=12&speed=instant&sound=0", settings=settings)
    page = table.page
    table.wait_await("bid")
    spades = sum(card.endswith("S") for card in table.hand())
    rule = page.locator("#bid-panel [data-bid-rule]").inner_text()
    assert "mirror" in rule and f"bid {spades}" in rule, rule
    enabled = page.eval_on_selector_all("#bid-panel [data-bid]:not([disabled])", "els => els.map(e => e.dataset.bid)")
    assert enabled == (["nil"] if spades == 0 else [str(spades)])
    other = "1" if spades != 1 else "2"
    assert "mirror" in page.locator(f"#bid-panel [data-bid='{other}']").get_attribute("title")
