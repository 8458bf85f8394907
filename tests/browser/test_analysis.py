"""Review my play: a constructed hand where the person's card is a known mistake is marked with its cost, the page
stays responsive while the worker analyses (no long task over 50 ms), in English and Simplified Chinese."""

from __future__ import annotations

import json
import os
import time
from pathlib import Path

import pytest

from spades import Game, Phase
from spades.bots import make_bot
from spades.cards import Seat
from spades.formats.record import to_record

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[2]
SHOTS = ROOT / "test-artifacts" / "review"
FAST_BOTS = {"bots": {"N": "beginner", "E": "beginner", "W": "beginner"}}
SEED = 7  # standard players: South (bid 4) to play to trick 10 with 8♦ J♠ 10♠ K♠; 10♠ (J♠) is right, 8♦ costs 131
LONGTASKS = """() => { window.__longtasks = [];
  new PerformanceObserver(list => { for (const e of list.getEntries())
    window.__longtasks.push({start: e.startTime, duration: e.duration}); }).observe({type: 'longtask'}); }"""


def record_at_trick_ten() -> dict:
    game = Game(seed=SEED)
    bots = [make_bot("standard", SEED * 4 + s) for s in range(4)]
    while not (game.phase is Phase.PLAYING and game.turn == Seat.S and len(game.tricks) == 9):
        game.apply(bots[game.turn].decide(game.view(game.turn)).move)
    return to_record(game)


def axe_serious(page):
    """Serious or critical axe findings on the page as it is (none when axe is not installed)."""
    try:
        from axe_playwright_python.sync_playwright import Axe
    except ImportError:
        return []
    found = Axe().run(page).response["violations"]
    return [
        (v["id"], [n["target"] for n in v["nodes"]][:3]) for v in found if v.get("impact") in ("serious", "critical")
    ]


def finish_hand(table) -> None:
    while table.wait_await("play", "hand-over", "game-over") == "play":
        table.play_card(table.legal_cards()[0])


def wait_review(page, timeout=180_000) -> float:
    start = time.perf_counter()
    page.wait_for_function(
        "document.querySelector('[data-past-hand][data-review]')?.dataset.review === 'done'", timeout=timeout
    )
    return time.perf_counter() - start


def test_a_known_mistake_is_marked_with_its_cost(table, tmp_path):
    path = tmp_path / "record.json"
    path.write_text(json.dumps(record_at_trick_ten()))
    table.open("fresh=1&seed=2&speed=instant&sound=0", settings=FAST_BOTS)
    page = table.page
    page.locator("#import-file").set_input_files(str(path))
    page.locator("#dlg-confirm [data-action='confirm-ok']").click()
    table.wait_await("play")
    assert sorted(table.legal_cards()) == ["8D", "JS", "KS", "TS"]
    table.play_card("8D")  # the mistake: only 10♠ or J♠ (the same card) keeps the most points
    finish_hand(table)

    page.evaluate(LONGTASKS)
    page.evaluate("() => setTimeout(() => { const end = performance.now() + 80; while (performance.now() < end); })")
    page.wait_for_function("window.__longtasks.some(t => t.duration >= 80)")  # the observer sees long tasks
    summary = page.locator("#dlg-hand")
    summary.wait_for(state="visible")
    button = summary.locator("[data-action='review'][data-hand='1']")
    SHOTS.mkdir(parents=True, exist_ok=True)
    viewport = page.viewport_size
    page.set_viewport_size({"width": 390, "height": 844})
    page.wait_for_timeout(200)
    page.screenshot(path=str(SHOTS / "390x844-en-hand-over.png"))
    page.set_viewport_size(viewport)
    assert button.get_attribute("aria-label") == "Review your bid and cards in hand 1"
    # closing the window stops the analysis: the worker forgets the job
    button.click()
    job = page.locator("#rev-panel").get_attribute("data-review-job")
    page.keyboard.press("Escape")
    page.wait_for_function("!document.querySelector('#dlg-scores').open")
    page.wait_for_function(
        "async job => JSON.parse(await window.spades.engine.request('review_next', JSON.stringify({job}))).code"
        " === 'rev_no_job'",
        arg=job,
    )
    gone = page.evaluate("async job => await window.spades.engine.request('review_next', JSON.stringify({job}))", job)
    assert json.loads(gone)["code"] == "rev_no_job"
    assert summary.is_visible()

    clicked = page.evaluate("performance.now()")
    button.click()
    panel = page.locator("#rev-panel")
    panel.wait_for()
    assert page.locator("#dlg-scores [data-past-hand='1']").is_visible()
    assert (
        "Looking at your decisions" in page.locator("#rev-total").inner_text()
        or page.locator("[data-review='done']").count()
    )
    seconds = wait_review(page)
    tasks = page.evaluate("window.__longtasks")
    during = [t["duration"] for t in tasks if t["start"] > clicked]
    print(f"review in the browser: {seconds:.1f} s; long tasks after the click: {during}")

    mistake = page.locator("#rev-list [data-mistake][data-trick='10']")
    assert mistake.get_attribute("data-cost") == "131"
    assert "8♦" in mistake.inner_text() and "10♠" in mistake.inner_text()
    total = page.locator("#rev-total").inner_text()
    count = page.locator("#rev-list [data-mistake]").count()
    cost = sum(int(c) for c in page.locator("[data-mistake]").evaluate_all("els => els.map(e => e.dataset.cost)"))
    assert total == (f"1 mistake, about −{cost} points" if count == 1 else f"{count} mistakes, about −{cost} points")
    if os.getloadavg()[0] <= 2 * (os.cpu_count() or 1):
        assert all(d <= 50 for d in during), during
    else:  # other jobs hold the CPUs: a 20 ms task is stretched past 50 ms by waiting, so only report it
        print(f"machine loaded ({os.getloadavg()[0]:.1f}): long tasks not judged")
    assert axe_serious(page) == []

    # the mistake's button shows its trick: all four hands, the verdict, the best card and why
    mistake.locator("[data-action='rev-goto']").click()
    page.wait_for_function("document.querySelector('[data-past-hand]').dataset.pastStep === '10'")
    verdict = page.locator("#rev-step [data-rev-verdict='mistake']")
    assert "Trick 10: you played 8♦; 10♠ was better — about −131 points" in verdict.inner_text()
    assert "exact: every hand known" in verdict.inner_text()
    assert page.locator("[data-past-seat] .pc").count() == 52
    page.keyboard.press("ArrowLeft")
    page.wait_for_function("document.querySelector('[data-past-hand]').dataset.pastStep === '9'")
    page.keyboard.press("Home")
    page.wait_for_function("document.querySelector('[data-past-hand]').dataset.pastStep === '0'")
    assert page.locator("#rev-step [data-rev-verdict]").inner_text().startswith("Bid: you bid 4")

    SHOTS.mkdir(parents=True, exist_ok=True)
    page.keyboard.press("End")
    page.locator("#rev-list [data-mistake][data-trick='10'] [data-action='rev-goto']").click()
    for width, height in ((390, 844), (844, 390), (1280, 800)):
        page.set_viewport_size({"width": width, "height": height})
        page.wait_for_timeout(200)
        page.screenshot(path=str(SHOTS / f"{width}x{height}-en-review.png"))
        box = page.locator("#rev-list [data-mistake] [data-action='rev-goto']").first.bounding_box()
        assert box["height"] >= 44 and box["width"] >= 44
    page.keyboard.press("Escape")
    page.wait_for_function("!document.querySelector('#dlg-scores').open")

    # in zh-Hans after a reload: the Scores window's hand 1 has the same button and the same mistake
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(f"{table.base}/?lang=zh-Hans&speed=instant&sound=0")
    page.wait_for_function("document.body.dataset.phase === 'hand-over'", timeout=60_000)
    if not page.locator("#dlg-hand").is_visible():
        page.locator("#btn-scores").click()
    page.locator("[data-action='review'][data-hand='1']").first.click()
    wait_review(page)
    mistake = page.locator("#rev-list [data-mistake][data-trick='10']")
    assert mistake.get_attribute("data-cost") == "131"
    assert "第 10 墩：你出了 8♦，10♠ 更好——约 −131 分" in mistake.inner_text()
    assert "处失误，约 −" in page.locator("#rev-total").inner_text()
    assert page.locator("#dlg-scores h2").inner_text() == "第 1 副复盘"
    page.screenshot(path=str(SHOTS / "390x844-zh-Hans-review.png"))
    assert axe_serious(page) == []

    # and in zh-Hant
    page.goto(f"{table.base}/?lang=zh-Hant&speed=instant&sound=0")
    page.wait_for_function("document.body.dataset.phase === 'hand-over'", timeout=60_000)
    if not page.locator("#dlg-hand").is_visible():
        page.locator("#btn-scores").click()
    button = page.locator("[data-action='review'][data-hand='1']").first
    assert button.inner_text() == "復盤" and button.get_attribute("aria-label") == "復盤你在第 1 副的叫牌和出牌"
    button.click()
    wait_review(page)
    assert page.locator("#rev-list [data-mistake][data-trick='10']").get_attribute("data-cost") == "131"
    assert "處失誤，約 −" in page.locator("#rev-total").inner_text()
