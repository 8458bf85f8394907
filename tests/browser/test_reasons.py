"""The computer players' reasons on the page: the move log of the hand (menu, key M), a computer's card in the
trick (focus, hover, tap: a tooltip, and its accessible description), the last trick; none in a rated game.
Screenshots of the log and of a trick tooltip at three sizes go to test-artifacts/reasons/ (gitignored).
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[2]
SHOTS = ROOT / "test-artifacts" / "reasons"
CJK = re.compile(r"[\u4e00-\u9fff]")
LATIN_WORD = re.compile(r"[A-Za-z]{3,}")


def menu(page, action):
    page.locator("#btn-menu").click()
    page.locator(f"#menu [data-action='{action}']").click()


def play_until_trick(table, tricks):
    """Bid, then play the first legal card until ``tricks`` tricks are done and it is the person's turn again."""
    page = table.page
    while True:
        state = table.wait_await("bid", "blind", "play", "hand-over", "game-over")
        if state in ("bid", "blind"):
            table.bid("3")
            page.wait_for_function("!['bid', 'blind'].includes(document.body.dataset.await)")
            continue
        done = page.evaluate(
            "[...document.querySelectorAll('.seat-tricks')]"
            ".reduce((n, e) => n + (parseInt(e.textContent.replace(/\\D+/g, '')) || 0), 0)"
        )
        if state != "play" or done >= tricks:
            return
        table.play_card(table.legal_cards()[0])


def open_log(page):
    page.locator("body").press("m")
    page.wait_for_selector("#dlg-scores[open] .move-log")
    return page.locator("#dlg-scores")


def close(page):
    page.locator("#dlg-scores .dlg-buttons [data-action='close-dialog']").click()
    page.wait_for_selector("#dlg-scores:not([open])", state="attached")


def log_rows(page):
    return page.eval_on_selector_all(
        "#dlg-scores .log-move",
        """els => els.map(e => ({kind: e.dataset.logKind, seat: e.dataset.logSeat, card: e.dataset.logCard || null,
             mine: e.classList.contains('log-mine'), why: (e.querySelector('.log-why') || {}).textContent || ''}))""",
    )


def check_language(text, lang):
    if lang == "en":
        assert not CJK.search(text), text
    else:
        assert CJK.search(text) and not LATIN_WORD.search(text), text


@pytest.mark.parametrize("lang", ["en", "zh-Hans"])
def test_the_move_log_and_the_trick_show_each_computer_reason(make_table, lang):
    table = make_table(locale=lang)
    page = table.page
    table.open(f"fresh=1&seed=11&speed=instant&sound=0&lang={lang}")
    me = page.evaluate("document.body.dataset.seat")
    play_until_trick(table, 3)
    assert page.evaluate("document.body.dataset.await") == "play"
    trick_cards = page.eval_on_selector_all("#trick .card", "els => els.length")

    dialog = open_log(page)
    assert dialog.locator("h2").inner_text()  # the title names the hand
    rows = log_rows(page)
    bids = [r for r in rows if r["kind"] == "bid"]
    plays = [r for r in rows if r["kind"] == "play"]
    assert len(bids) == 4 and {r["seat"] for r in bids} == {"N", "E", "S", "W"}
    assert len(plays) == 12 + trick_cards, rows
    for row in rows:
        if row["seat"] == me:
            assert row["mine"] and not row["why"], row
        else:
            assert row["why"].strip(), row  # every computer move has its reason, in the page's language
            check_language(row["why"], lang)
    # the earlier tricks, grouped, each with its winner
    for n in (1, 2, 3):
        section = dialog.locator(f"[data-log-trick='{n}']")
        assert section.locator(".log-move").count() == 4
        assert section.get_attribute("data-log-winner") in ("N", "E", "S", "W")
    assert dialog.locator("[data-log-note]").count() == 0
    if lang != "en":  # the window's own words too
        assert not LATIN_WORD.search(dialog.inner_text()), dialog.inner_text()
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"1280x800-{lang}-log.png"))
    reasons = {r["card"]: r["why"] for r in plays if r["why"]}
    close(page)

    # a computer's card in the trick: focusable, described by its reason, shown as a tooltip (screen.py Tips)
    cards = page.locator("#trick .card[data-why]")
    if cards.count():
        card = cards.first
        card.hover()
        page.locator("#tip").wait_for(state="visible")
        assert page.locator("#tip").inner_text() == card.get_attribute("data-tip")
        described = page.evaluate(
            "el => document.getElementById(el.getAttribute('aria-describedby')).textContent", card.element_handle()
        )
        who = card.get_attribute("aria-label").split(": ")[0]  # the seat's name, as the card's label says it
        seat = card.get_attribute("aria-describedby").removeprefix("why-")
        reason = next(r["why"] for r in reversed(plays) if r["seat"] == seat)  # its latest card: the one in the trick
        assert described == who + (": " if lang == "en" else "：") + reason, (described, reasons)
        assert card.get_attribute("tabindex") == "0"
    # the last trick says the computer's reasons under their cards
    page.locator("body").press("l")
    page.wait_for_selector("#dlg-scores[open] .last-trick")
    why = page.eval_on_selector_all("#dlg-scores .last-trick .log-why", "els => els.map(e => e.textContent)")
    assert why and all(text in reasons.values() for text in why)
    close(page)

    # a reload keeps the log (spades-movelog) and its reasons
    table.open("speed=instant&sound=0&lang=" + lang, clear=False)
    open_log(page)
    again = log_rows(page)
    assert again == rows
    close(page)


def test_a_computer_reason_on_a_tap_and_the_screenshots(make_table):
    """On a phone upright and sideways (one page with touch, turned: the layout follows the window) and on a
    desktop (a page without touch, the mouse's hover)."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    for sizes, touch in ((((390, 844), (844, 390)), True), (((1280, 800),), False)):
        table = make_table(viewport={"width": sizes[0][0], "height": sizes[0][1]}, has_touch=touch)
        page = table.page
        table.open("fresh=1&seed=5&speed=instant&sound=0&lang=en")
        play_until_trick(table, 2)
        cards = page.locator("#trick .card[data-why]")
        if cards.count() == 0:  # I lead this trick: play one more, then a computer's card is on the table
            table.play_card(table.legal_cards()[0])
            table.wait_await("play", "hand-over")
        for width, height in sizes:
            page.set_viewport_size({"width": width, "height": height})
            tip = page.locator("#tip")
            tip.wait_for(state="hidden")  # (a resize hides the tip shown at the last size)
            card = page.locator("#trick .card[data-why]").last
            if touch:
                card.tap()
            else:
                card.hover()
            tip.wait_for(state="visible")
            assert tip.inner_text() == card.get_attribute("data-tip")
            box = tip.bounding_box()
            assert (
                box["x"] >= 0
                and box["y"] >= 0
                and box["x"] + box["width"] <= width
                and box["y"] + box["height"] <= height
            )
            page.screenshot(path=str(SHOTS / f"{width}x{height}-tooltip.png"))
            open_log(page)
            page.screenshot(path=str(SHOTS / f"{width}x{height}-log.png"))
            close(page)
        page.context.close()


def test_no_reasons_in_a_rated_game(table):
    page = table.page
    table.open()
    menu(page, "rated-game")
    page.wait_for_selector("#dlg-confirm[open]")
    page.locator("#dlg-confirm [data-action='confirm-ok']").click()
    page.wait_for_function("document.getElementById('game-info').textContent.includes('300')")
    play_until_trick(table, 2)
    assert page.locator("#trick .card[data-why], #trick .why-tip").count() == 0
    assert page.locator("#trick .card[tabindex]").count() == 0
    dialog = open_log(page)
    rows = log_rows(page)
    assert len([r for r in rows if r["kind"] == "bid"]) == 4 and len(rows) >= 12
    assert all(not r["why"] for r in rows)
    assert dialog.locator("[data-log-note='no-reasons']").is_visible()
    close(page)
    page.locator("body").press("l")
    page.wait_for_selector("#dlg-scores[open] .last-trick")
    assert page.locator("#dlg-scores .log-why").count() == 0


def test_undo_cuts_the_log_back_and_a_damaged_stored_log_is_ignored(table):
    page = table.page
    table.open("fresh=1&seed=3&speed=instant&sound=0")
    play_until_trick(table, 2)
    open_log(page)
    before = log_rows(page)
    close(page)
    cards = len(table.hand())
    page.locator("body").press("u")
    page.wait_for_function("n => document.querySelectorAll('#hand [data-card]').length > n", arg=cards)
    table.wait_await("play")
    open_log(page)
    after = log_rows(page)
    close(page)
    assert len(after) < len(before) and after == before[: len(after)]
    # whatever is stored under spades-movelog, the page opens and the log holds what the state shows (any stored
    # value, generated, in CPython: tests/page/test_movelog.py; here text that is no JSON and a log of this hand
    # with a bad entry)
    for bad in ("not json", None):
        if bad is None:
            stored = page.evaluate("localStorage.getItem('spades-movelog')")
            data = json.loads(stored)
            data["plays"] = [{"seat": "Q", "card": 12}] + data["plays"]
            data["missing"] = -4
            bad = json.dumps(data)
        page.evaluate("v => localStorage.setItem('spades-movelog', v)", bad)
        table.open("speed=instant&sound=0", clear=False)
        open_log(page)
        rows = log_rows(page)
        assert len([r for r in rows if r["kind"] == "bid"]) == 4
        close(page)
