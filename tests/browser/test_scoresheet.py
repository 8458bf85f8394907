"""The score sheet (hand-over dialog and Scores dialog) and a past hand replayed trick by trick."""

from __future__ import annotations

import json

import pytest

from spades import Game, Phase, Rules
from spades.bots import make_bot
from spades.cards import CARD_NAMES
from spades.formats.record import to_record

pytestmark = pytest.mark.browser

FAST_BOTS = {"bots": {"N": "beginner", "E": "beginner", "W": "beginner"}}
SEED = 33  # hand 1: North bids nil and makes it, South bids 2 and takes 3


def two_hands() -> Game:
    """Two hands between computer players (deterministic: the standard level uses no clock)."""
    game = Game(Rules(), seed=SEED)
    bots = [make_bot("standard", SEED * 4 + seat) for seat in range(4)]
    for number in (1, 2):
        while game.phase in (Phase.BIDDING, Phase.PLAYING):
            game.apply(bots[game.turn].decide(game.view(game.turn)).move)
        if number == 1:
            game.next_hand()
    return game


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


def import_record(table, path):
    page = table.page
    page.locator("#import-file").set_input_files(str(path))
    page.locator("#dlg-confirm [data-action='confirm-ok']").click()
    page.wait_for_function("document.body.dataset.phase === 'hand-over'")


def test_score_sheet_words_and_a_past_hand_trick_by_trick(table, tmp_path):
    game = two_hands()
    first = game.results[0]
    assert first.bids[0] == 0 and first.tricks[0] == 0 and (first.bids[2], first.tricks[2]) == (2, 3)
    path = tmp_path / "record.json"
    path.write_text(json.dumps(to_record(game)))
    table.open("fresh=1&seed=2&speed=instant&sound=0", settings=FAST_BOTS)
    page = table.page
    import_record(table, path)

    # the hand-over dialog: hand 2's sheet, the running totals, a button to the whole sheet
    hand = page.locator("#dlg-hand")
    hand.wait_for(state="visible")
    assert hand.locator("section.sheet-hand").get_attribute("data-hand") == "2"
    ns = str(game.totals[0])
    assert page.locator("[data-score='NS']").inner_text() == ns
    assert page.locator("#dlg-hand tr[data-team='NS'] td.total").inner_text() == ns
    # the state carries hand 2 only; hand 1 comes from the worker (op sheets) before the dialog opens
    page.wait_for_function("document.querySelectorAll('#dlg-hand table.history tbody tr').length === 2")
    hand.locator("[data-action='scores']").click()

    # the score sheet: every hand, the newest first; hand 1 in words
    scores = page.locator("#dlg-scores")
    scores.wait_for(state="visible")
    assert scores.locator("section.sheet-hand").evaluate_all("els => els.map(e => e.dataset.hand)") == ["2", "1"]
    one = scores.locator("section.sheet-hand[data-hand='1']")
    assert one.locator("h3").inner_text() == "Hand 1 · dealer West"
    assert one.locator("[data-calc='NS']").inner_text() == (
        "Us: Nil (North) +100 · contract 2, 1 over → 21 = +121, 1 bag"
    )
    assert one.locator("[data-calc='EW']").inner_text() == "Them: contract 6, 4 over → 64, 4 bags"
    north = one.locator("tr[data-seat='N']")
    assert north.locator("td").nth(1).inner_text() == "Nil made" and north.locator("td").nth(2).inner_text() == "0"
    assert one.locator("tr[data-team='NS'] td.points").inner_text() == "+121 made"
    assert one.locator("tr[data-team='NS'] td.bags").inner_text() == "1 (+1)"
    assert one.locator("tr[data-team='NS'] td.total").inner_text() == "121"

    assert axe_serious(page) == []

    # hand 1 trick by trick: the deal, then each trick with its leader and winner; buttons and arrow keys
    button = one.locator("[data-action='past-hand']")
    assert button.get_attribute("aria-label") == "Review tricks of hand 1"
    button.focus()
    page.keyboard.press("Enter")
    past = scores.locator("[data-past-hand='1']")
    past.wait_for(state="visible")
    assert past.get_attribute("data-past-step") == "0"
    assert "Bids: North Nil · East 5 · You 2 · West 1" in past.inner_text()
    dealt = {seat: past.locator(f"[data-past-seat='{seat}'] .pc").count() for seat in "NESW"}
    assert dealt == {"N": 13, "E": 13, "S": 13, "W": 13}
    page.keyboard.press("ArrowRight")
    page.wait_for_function("document.querySelector('[data-past-hand]').dataset.pastStep === '1'")
    trick = past.locator(".past-trick")
    log = game.history[0]
    leader = "N"  # left of the dealer, West
    cards = [CARD_NAMES[c] for c in log.moves[4:8]]
    assert trick.get_attribute("data-past-leader") == leader
    assert trick.locator("[data-past-slot]").evaluate_all("els => els.map(e => e.dataset.pastCard)") == cards
    assert "Trick 1 of 13" in past.locator(".past-where").inner_text()
    assert past.locator("mark.pc").count() == 4  # the trick's cards, marked in the hands
    past.locator("[data-action='past-next']").click()
    page.wait_for_function("document.querySelector('[data-past-hand]').dataset.pastStep === '2'")
    assert past.locator("s.pc").count() == 4  # trick 1 is struck out
    assert axe_serious(page) == []
    page.keyboard.press("End")
    page.wait_for_function("document.querySelector('[data-past-hand]').dataset.pastStep === '13'")
    assert past.locator("[data-action='past-next']").get_attribute("aria-disabled") == "true"
    won = past.locator("[data-past-seat='N'] .past-won").inner_text()
    assert won == "Won 0"  # North's nil: no trick
    page.keyboard.press("ArrowLeft")
    page.wait_for_function("document.querySelector('[data-past-hand]').dataset.pastStep === '12'")
    page.keyboard.press("Home")
    page.wait_for_function("document.querySelector('[data-past-hand]').dataset.pastStep === '0'")
    past.locator("[data-action='scores']").click()
    scores.locator("section.sheet-hand[data-hand='1']").wait_for()
    page.keyboard.press("Escape")

    # in zh-Hans after a reload: the same game, the same sheet in the catalog's words
    page.goto(f"{table.base}/?lang=zh-Hans&speed=instant&sound=0")
    page.wait_for_function("document.body.dataset.phase === 'hand-over'", timeout=60_000)
    if page.locator("#dlg-hand").is_visible():
        page.locator("#dlg-hand [data-action='scores']").click()
    else:
        page.locator("#btn-scores").click()
    one = page.locator("#dlg-scores section.sheet-hand[data-hand='1']")
    one.wait_for()
    assert one.locator("h3").inner_text() == "第 1 副 · 西家坐庄"
    assert one.locator("[data-calc='NS']").inner_text() == "我方：零叫（北家）+100 · 定约 2，超 1 墩 → 21 = +121，1 袋"
    assert one.locator("[data-calc='EW']").inner_text() == "对方：定约 6，超 4 墩 → 64，4 袋"
    one.locator("[data-action='past-hand']").click()
    page.locator("[data-past-hand='1']").wait_for()
    page.keyboard.press("ArrowRight")
    page.wait_for_function("document.querySelector('[data-past-hand]').dataset.pastStep === '1'")
    assert "第 1 墩（共 13 墩）" in page.locator(".past-where").inner_text()
