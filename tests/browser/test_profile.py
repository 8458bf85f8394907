"""The player's profile on the page: a rated solo game changes the rating by exactly the seed's formula,
the statistics and charts show it, leaving a rated game is a loss, and export → clear → import keeps it all.
"""

from __future__ import annotations

import json

import pytest

from spades.stats.rating import LEVEL_RATINGS, change
from tests.browser.test_first_hand import choose_language

pytestmark = pytest.mark.browser

BEGINNERS = {"bots": {"N": "beginner", "E": "beginner", "W": "beginner"}}


def confirm(page):
    page.locator("#dlg-confirm [data-action='confirm-ok']").click()


def menu(page, action):
    page.locator("#btn-menu").click()
    page.locator(f"#menu [data-action='{action}']").click()


def start_rated(table):
    page = table.page
    menu(page, "rated-game")
    page.wait_for_selector("#dlg-confirm[open]")
    text = page.locator("#dlg-confirm-text").inner_text()
    assert "300" in text and "1000" in text
    confirm(page)
    # the rated game (to 300) has replaced the casual one (to 500), and waits for a bid
    page.wait_for_function("document.getElementById('game-info').textContent.includes('300')")
    page.wait_for_function("document.body.dataset.await === 'bid' || document.body.dataset.await === 'blind'")


def open_profile(page):
    menu(page, "profile")
    page.wait_for_selector("#dlg-profile[open] [data-rating]")
    return page.locator("#dlg-profile")


def close_profile(page):
    page.locator("#dlg-profile .dlg-buttons [data-action='close-dialog']").click()


def test_a_rated_solo_game_changes_the_rating_by_the_formula(table, tmp_path):
    table.open(settings=BEGINNERS)
    page = table.page
    start_rated(table)
    # rated: the rules of the rated room, no undo and no hint
    assert page.locator("#btn-undo").is_disabled() and page.locator("#btn-hint").is_disabled()
    hands = 0
    while True:  # South bids 13 every hand: set, North and South fall to the mercy rule in two or three hands
        end = table.play_hand("13")
        hands += 1
        if end == "game-over":
            break
        table.next_hand()
    page.wait_for_selector("#dlg-hand[open] .rating-change")
    line = page.locator("#dlg-hand .rating-change")
    winner = page.locator("#dlg-hand [data-winner]").get_attribute("data-winner")
    level = LEVEL_RATINGS["beginner"]
    expected = 1000 + change((1000 + level) / 2, level, "win" if winner == "NS" else "loss")
    assert line.get_attribute("data-rating-before") == "1000"
    assert line.get_attribute("data-rating-after") == str(expected)
    page.locator("#dlg-hand [data-action='scores-close']").click()
    page.locator("#btn-scores").click()  # the score sheet draws the game's running score
    chart = page.wait_for_selector("#score-chart [data-chart='score'] svg[role='img']")
    assert "Score, hand by hand" in chart.inner_html()
    page.locator("#dlg-scores .dlg-buttons [data-action='close-dialog']").click()

    dialog = open_profile(page)
    assert dialog.locator("[data-rating]").get_attribute("data-rating") == str(expected)
    assert dialog.locator("[data-chart='rating'] svg[role='img']").count() == 1
    assert dialog.locator("[data-chart='last_game'] svg").count() == 1
    row = dialog.locator("tr[data-kind='solo_rated']")
    assert row.locator("td").first.inner_text() == "1"
    assert dialog.locator("table.recent tbody tr").count() == 1
    hands_played = dialog.locator("[data-stat='hands'] dd").inner_text()
    assert int(hands_played) == hands
    stats_before = dialog.locator(".stats-hands").inner_text()

    # export, clear the browser's storage, import: the same profile and statistics
    with page.expect_download() as download:
        dialog.locator("[data-action='profile-export']").click()
    path = tmp_path / "profile.json"
    download.value.save_as(path)
    exported = json.loads(path.read_text("utf-8"))
    assert exported["format"] == "spades-profile/1" and len(exported["games"]) == 1
    close_profile(page)
    page.evaluate("localStorage.clear()")
    page.reload()
    table.wait_ready()
    dialog = open_profile(page)
    assert dialog.locator("[data-rating]").get_attribute("data-rating") == "1000"
    assert dialog.locator("table.recent").count() == 0

    # a damaged file: a clear message, nothing changed
    bad = tmp_path / "bad.json"
    broken = json.loads(path.read_text("utf-8"))
    broken["games"][0]["seat"] = "X"
    bad.write_text(json.dumps(broken), "utf-8")
    page.set_input_files("#profile-file", str(bad))
    page.wait_for_selector("#profile-problem:not([hidden])")
    assert "game 1 › seat" in page.locator("#profile-problem").inner_text()  # games[0].seat, in words
    assert dialog.locator("[data-rating]").get_attribute("data-rating") == "1000"

    page.set_input_files("#profile-file", str(path))
    confirm(page)
    page.wait_for_selector(f"#dlg-profile[open] [data-rating='{expected}']")
    assert page.locator("#dlg-profile .stats-hands").inner_text() == stats_before
    stored = json.loads(page.evaluate("localStorage.getItem('spades-profile')"))
    assert stored["games"] == exported["games"]


def test_leaving_a_rated_game_counts_as_a_loss_in_chinese(table):
    table.open("fresh=1&speed=instant&sound=0&lang=zh-Hans", settings=BEGINNERS)
    page = table.page
    start_rated(table)
    menu(page, "new-game")
    page.wait_for_selector("#dlg-confirm[open]")
    assert "输" in page.locator("#dlg-confirm-text").inner_text()
    confirm(page)
    page.wait_for_function("document.body.dataset.await === 'bid' || document.body.dataset.await === 'blind'")
    dialog = open_profile(page)
    level = LEVEL_RATINGS["beginner"]
    expected = 1000 + change((1000 + level) / 2, level, "left")
    assert dialog.locator("[data-rating]").get_attribute("data-rating") == str(expected)
    assert dialog.locator("tr[data-outcome='left']").count() == 1
    assert "点力" in dialog.inner_text() and "中途离开" in dialog.inner_text()
    # the new game is casual again: undo is offered after a move
    close_profile(page)
    name = page.locator("#dlg-profile-title").count()
    assert name == 1


IN_PROGRESS = {"en": "1 game in progress", "zh-Hans": "1 局进行中"}


def test_after_one_hand_the_statistics_count_it_and_the_game_is_in_progress(table):
    """In English before the hand, in simplified Chinese (chosen in the settings) after it."""
    table.open("fresh=1&speed=instant&sound=0&lang=en", settings=BEGINNERS)
    page = table.page
    dialog = open_profile(page)  # before any hand: a game in progress, nothing counted
    assert dialog.locator("[data-stat='hands'] dd").inner_text() == "0"
    assert dialog.locator("[data-in-progress='1']").inner_text() == IN_PROGRESS["en"]
    close_profile(page)
    choose_language(page, "zh-Hans")
    words = IN_PROGRESS["zh-Hans"]
    assert table.play_hand("3") == "hand-over"
    table.next_hand()
    dialog = open_profile(page)
    assert dialog.locator("[data-stat='hands'] dd").inner_text() == "1"
    contracts = dialog.locator("[data-stat='contracts_made'] dd").inner_text()
    assert contracts.endswith("/1)")  # the one contract, made or set
    assert dialog.locator("tr[data-kind='all'] td").first.inner_text() == "0"  # neither won nor lost
    assert dialog.locator("[data-in-progress='1']").inner_text() == words
    assert dialog.locator("[data-stat='streak_now'] dd").inner_text() == "–"
    assert dialog.locator("table.recent").count() == 0  # kept only when it ends
    stored = json.loads(page.evaluate("localStorage.getItem('spades-profile')"))
    assert stored["games"] == []
