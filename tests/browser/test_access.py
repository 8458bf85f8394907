"""Keyboard-only play, languages, accessibility (axe) and no traffic to any other origin."""

from __future__ import annotations

from urllib.parse import urlsplit

import pytest

from tests.browser.test_first_hand import choose_language

pytestmark = pytest.mark.browser

FAST_BOTS = {"bots": {"N": "beginner", "E": "beginner", "W": "beginner"}}


def test_a_keyboard_only_hand(table):
    table.open("fresh=1&seed=4&speed=instant&sound=0", settings=FAST_BOTS)
    page = table.page
    keyboard = page.keyboard
    state = table.wait_await("bid", "blind")
    if state == "blind":
        keyboard.press("v")
        table.wait_await("bid")
    keyboard.press("1")
    keyboard.press("2")  # 1 then 2 quickly: twelve
    assert page.evaluate("document.activeElement.dataset.bid") == "12"
    keyboard.press("4")
    assert page.evaluate("document.activeElement.dataset.bid") == "4"
    keyboard.press("ArrowRight")
    assert page.evaluate("document.activeElement.dataset.bid") == "5"
    keyboard.press("Minus")
    keyboard.press("Enter")
    page.wait_for_function("document.querySelector('.seat-S .seat-bid').textContent === 'Bid 4'")
    while True:
        state = table.wait_await("play", "hand-over", "game-over")
        if state != "play":
            break
        before = len(table.hand())
        # arrows until a playable card has the focus, then Enter
        if not page.evaluate("!!document.activeElement.closest('#hand')"):
            keyboard.press("ArrowRight")
        for _ in range(14):
            if page.evaluate("document.activeElement.dataset.legal") == "true":
                break
            keyboard.press("ArrowRight")
        assert page.evaluate("document.activeElement.dataset.legal") == "true"
        keyboard.press("Enter")
        page.wait_for_function("n => document.querySelectorAll('#hand button[data-card]').length < n", arg=before)
    assert state == "hand-over"
    # the summary has the focus on "Next hand": Enter goes on
    assert page.evaluate("document.activeElement.dataset.action") == "next-hand"
    keyboard.press("Enter")
    page.wait_for_function("document.body.dataset.phase === 'bidding' || document.body.dataset.phase === 'playing'")


LANG_STRINGS = {
    "zh-Hans": ["黑桃王", "我方（南北）", "你能赢几墩？", "叫零"],
    "zh-Hant": ["黑桃王", "我方（南北）", "你能贏幾墩？", "記分表"],
    "en": ["Spades", "Us (N–S)", "How many tricks will you take?", "Scores"],
}


def test_each_language_renders(table):
    """The address's language first, then each other one chosen in the settings, on one page at the bidding."""
    table.open("fresh=1&seed=4&speed=instant&sound=0&lang=zh-Hans", settings=FAST_BOTS)
    page = table.page
    table.wait_await("bid", "blind")
    if page.evaluate("document.body.dataset.await") == "blind":
        page.locator("[data-action='show-cards']").first.click()
        table.wait_await("bid")
    for lang, strings in LANG_STRINGS.items():
        if lang != "zh-Hans":
            choose_language(page, lang)
        assert page.evaluate("document.documentElement.lang") == lang
        text = page.locator("body").inner_text() + " ".join(
            page.eval_on_selector_all("[aria-label]", "els => els.map(e => e.getAttribute('aria-label'))")
        )
        for expected in strings:
            assert expected in text, (lang, expected)


def test_language_follows_the_browser_and_can_be_switched(make_page, server):
    page = make_page(locale="zh-TW")
    page.goto(f"{server}/?fresh=1&speed=instant&sound=0")
    page.wait_for_function("document.body.dataset.await !== ''", timeout=60_000)
    assert page.evaluate("document.documentElement.lang") == "zh-Hant"
    assert "我方（南北）" in page.locator(".scoreboard").inner_text()
    page.locator("#btn-menu").click()
    page.locator("#menu [data-action='settings']").click()
    page.locator("#set-lang").select_option("zh-Hans")
    page.locator("[data-action='settings-save']").click()
    page.wait_for_function("document.documentElement.lang === 'zh-Hans'")
    assert "记分表" in page.locator(".toolbar").inner_text()
    # kept in the settings: a reload stays in zh-Hans
    page.reload()
    page.wait_for_function("document.body.dataset.await !== ''", timeout=60_000)
    assert page.evaluate("document.documentElement.lang") == "zh-Hans"


def test_reasons_are_translated(table):
    table.open("fresh=1&seed=5&speed=instant&sound=0&lang=zh-Hans", settings=FAST_BOTS)
    page = table.page
    table.bid("3")
    for _ in range(13):
        table.wait_await("play")
        if page.locator("#hand button[data-legal='false']").count():
            break
        table.play_card(table.legal_cards()[-1])
    label = page.locator("#hand button[data-legal='false']").first.get_attribute("aria-label")
    assert "不能出" in label and ("必须跟" in label or "黑桃尚未破封" in label)


def test_no_request_leaves_127_0_0_1(page, server):
    """Start, open every window, ask for a hint: all traffic stays on the local server."""
    hosts = set()
    page.on("request", lambda request: hosts.add(urlsplit(request.url).hostname or request.url[:5]))
    page.goto(f"{server}/?fresh=1&speed=instant&sound=0")
    page.wait_for_function("document.body.dataset.await !== ''", timeout=60_000)
    page.locator("#btn-menu").click()
    page.locator("#menu [data-action='settings']").click()
    page.locator("[data-action='settings-cancel']").click()
    page.locator("#dlg-settings").wait_for(state="hidden")
    page.locator("#btn-menu").click()
    page.locator("#menu [data-action='help']").click()
    page.locator("#dlg-help").wait_for(state="visible")
    page.keyboard.press("Escape")
    page.locator("#dlg-help").wait_for(state="hidden")
    if page.locator("#btn-hint").is_enabled():
        page.locator("#btn-hint").click()
    page.wait_for_timeout(300)
    assert hosts <= {"127.0.0.1", "data:", "blob:"}, hosts


def axe_check(page, label):
    from axe_playwright_python.sync_playwright import Axe

    results = Axe().run(page)
    serious = [v for v in results.response["violations"] if v.get("impact") in ("serious", "critical")]
    assert not serious, (
        label + ": " + "; ".join(f"{v['id']}: {v['help']} ({[n['target'] for n in v['nodes']][:4]})" for v in serious)
    )


def test_accessibility_with_axe(table):
    pytest.importorskip("axe_playwright_python")
    table.open("fresh=1&seed=5&speed=instant&sound=0", settings=FAST_BOTS)
    page = table.page
    table.wait_await("bid", "blind")
    axe_check(page, "bidding")
    table.bid("3")
    table.wait_await("play")
    axe_check(page, "playing")
    page.locator("#btn-menu").click()
    axe_check(page, "menu")
    page.locator("#menu [data-action='settings']").click()
    axe_check(page, "settings")
    page.locator("[data-action='settings-cancel']").click()
    assert table.play_hand("3") == "hand-over"
    axe_check(page, "hand over")


def test_dark_mode_and_phone_layout(make_page, server):
    page = make_page(viewport={"width": 390, "height": 844}, color_scheme="dark", has_touch=True, is_mobile=True)
    page.goto(f"{server}/?fresh=1&seed=6&speed=instant&sound=0")
    page.wait_for_function("document.body.dataset.await !== ''", timeout=60_000)
    # the whole table fits the width, the hand is on screen
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    box = page.locator("#hand button[data-card]").last.bounding_box()
    assert box["x"] + box["width"] <= 390 and box["y"] + box["height"] <= 844
    background = page.evaluate("getComputedStyle(document.querySelector('dialog')).backgroundColor")
    assert background != "rgb(255, 255, 255)"  # dark panels
