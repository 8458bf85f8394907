"""Review my play: a constructed hand where the person's card loses 131 points with every hand known; the page shows
the judge's verdicts (the same as the engine's review of the page's own record, in CPython), the 131 points only as
the labelled hindsight line, and stays responsive while the worker analyses (no long task over 50 ms), in English
and Chinese."""

from __future__ import annotations

import json
import os
import time
from pathlib import Path

import pytest

from spades import Game, Phase
from spades.bots import make_bot
from spades.cards import Seat
from spades.formats.record import from_record, to_record
from spades.learn.analysis import Review

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


def expected_review(page, lang: str) -> list[dict]:
    """The engine's review (CPython) of the page's own record: hand 1, South, the worker's default seed."""
    record = json.loads(page.evaluate("async () => await window.spades.engine.request('record', '{}')"))
    review = Review(from_record(record), 1, "S", seed=1)
    while not review.finished:
        review.step()
    return [v.to_json(lang) for v in review.verdicts]


def shown_mistakes(page) -> list[tuple[int, int]]:
    found = page.locator("#rev-list [data-mistake]").evaluate_all(
        "els => els.map(e => [Number(e.dataset.trick), Number(e.dataset.cost)])"
    )
    return [tuple(x) for x in found]


HINDSIGHT = {
    "en": "With all cards known (hindsight, not the verdict), 10♠ would have scored 131 more",
    "zh-Hans": "事后看（各家的牌都已知，不作评判）：出 10♠ 会多得 131 分",
}


def finish_hand(table) -> None:
    while table.wait_await("play", "hand-over", "game-over") == "play":
        table.play_card(table.legal_cards()[0])


def wait_review(page, timeout=180_000) -> float:
    start = time.perf_counter()
    page.wait_for_function(
        "document.querySelector('[data-past-hand][data-review]')?.dataset.review === 'done'", timeout=timeout
    )
    return time.perf_counter() - start


SHOWN = """(selector) => {
  const r = document.querySelector(selector).getBoundingClientRect();
  const hit = document.elementFromPoint(r.left + r.width / 2, r.top + Math.min(r.height, 20) / 2);
  return r.top >= 0 && r.top < innerHeight && hit !== null && document.querySelector(selector).contains(hit);
}"""
"""Whether the element is on screen, its top line not under anything (a sticky row of buttons)."""


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

    expected = expected_review(page, "en")
    mistakes = [(v["trick"], v["cost"]) for v in expected if v["mistake"]]
    assert shown_mistakes(page) == mistakes
    ten = next(v for v in expected if v["trick"] == 10)
    assert ten["move"] == "8D" and ten["known"] == {"best": "TS", "cost": 131} and ten["method"] == "sampled"
    total = page.locator("#rev-total").inner_text()
    count = page.locator("#rev-list [data-mistake]").count()
    cost = sum(c for _, c in mistakes)
    words = f"1 mistake, about −{cost} points" if count == 1 else f"{count} mistakes, about −{cost} points"
    assert total == words if count else total.startswith("No mistakes found")
    if os.getloadavg()[0] <= 2 * (os.cpu_count() or 1):
        assert all(d <= 50 for d in during), during
    else:  # other jobs hold the CPUs: a 20 ms task is stretched past 50 ms by waiting, so only report it
        print(f"machine loaded ({os.getloadavg()[0]:.1f}): long tasks not judged")
    assert axe_serious(page) == []

    # trick 10 on show: all four hands, the judge's verdict, and the hidden hands only as the hindsight line
    page.keyboard.press("End")
    page.wait_for_function("document.querySelector('[data-past-hand]').dataset.pastStep === '13'")
    for step in ("12", "11", "10"):
        page.keyboard.press("ArrowLeft")
        page.wait_for_function(f"document.querySelector('[data-past-hand]').dataset.pastStep === '{step}'")
    verdict = page.locator("#rev-step [data-rev-verdict]")
    assert verdict.get_attribute("data-rev-verdict") == ("mistake" if ten["mistake"] else "ok")
    assert verdict.inner_text().startswith("Trick 10: you played 8♦")
    assert "exact: every hand known" not in verdict.inner_text()
    if ten["other_way"]:
        assert "the cards went the other way" in verdict.locator(".rev-hindsight").inner_text()
    else:
        assert verdict.locator(".rev-hindsight").inner_text() == HINDSIGHT["en"]
    if ten["mistake"]:
        assert f"on average over the {ten['samples']} deals you could have faced" in verdict.inner_text()
    assert page.locator("[data-past-seat] .pc").count() == 52
    page.keyboard.press("ArrowLeft")
    page.wait_for_function("document.querySelector('[data-past-hand]').dataset.pastStep === '9'")
    page.keyboard.press("Home")
    page.wait_for_function("document.querySelector('[data-past-hand]').dataset.pastStep === '0'")
    assert page.locator("#rev-step [data-rev-verdict]").inner_text().startswith("Bid: you bid 4")

    SHOTS.mkdir(parents=True, exist_ok=True)
    if mistakes:  # a mistake's button shows its trick
        first = mistakes[0][0]
        page.locator(f"#rev-list [data-mistake][data-trick='{first}'] [data-action='rev-goto']").click()
        page.wait_for_function(f"document.querySelector('[data-past-hand]').dataset.pastStep === '{first}'")
    for width, height in ((390, 844), (844, 390), (1280, 800)):
        page.set_viewport_size({"width": width, "height": height})
        page.wait_for_timeout(200)
        page.screenshot(path=str(SHOTS / f"{width}x{height}-en-review.png"))
        if mistakes:
            box = page.locator("#rev-list [data-mistake] [data-action='rev-goto']").first.bounding_box()
            assert box["height"] >= 44 and box["width"] >= 44
        if mistakes and height < 500:  # a phone held sideways: Show brings the verdict on screen, clear of the buttons
            page.locator("#rev-list [data-mistake] [data-action='rev-goto']").first.click()
            page.wait_for_function(SHOWN, arg="#rev-step [data-rev-verdict]")
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
    assert shown_mistakes(page) == mistakes
    assert ("处失误，约 −" if mistakes else "未发现失误") in page.locator("#rev-total").inner_text()
    page.keyboard.press("End")
    page.wait_for_function("document.querySelector('[data-past-hand]').dataset.pastStep === '13'")
    for step in ("12", "11", "10"):
        page.keyboard.press("ArrowLeft")
        page.wait_for_function(f"document.querySelector('[data-past-hand]').dataset.pastStep === '{step}'")
    shown = page.locator("#rev-step [data-rev-verdict]")
    assert shown.inner_text().startswith("第 10 墩：你出了 8♦")
    if not ten["other_way"]:
        assert shown.locator(".rev-hindsight").inner_text() == HINDSIGHT["zh-Hans"]
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
    assert shown_mistakes(page) == mistakes
    assert ("處失誤，約 −" if mistakes else "未發現失誤") in page.locator("#rev-total").inner_text()
