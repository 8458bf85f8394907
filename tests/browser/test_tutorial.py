"""The lessons in the browser (docs/tutorial.md): ``?lesson=ID``, the lesson panel, wrong moves explained and not
played, right moves played and the script going on, progress kept across a reload, leaving, the list, zh-Hans."""

from __future__ import annotations

import re

import pytest

START = 60_000


def open_lesson(table, lesson, extra="", clear=True):
    table.open(f"lesson={lesson}&speed=instant&sound=0{extra}", clear=clear)
    wait_step(table, lesson, 1)


def wait_step(table, lesson, step):
    table.page.wait_for_function(
        "([id, step]) => document.body.dataset.lesson === id && document.body.dataset.lessonStep === String(step)"
        " && ['play', 'bid', 'blind'].includes(document.body.dataset.await)",
        arg=[lesson, step],
        timeout=START,
    )


def feedback(page):
    box = page.locator("#lesson-feedback")
    return box.get_attribute("data-verdict"), box.inner_text()


def click_card(page, card):
    """Click a card that the lesson does not want (an illegal one is aria-disabled but still answers a click)."""
    page.locator(f"#hand button[data-card='{card}']").click(position={"x": 10, "y": 30}, force=True)


def wait_verdict(page, verdict):
    page.wait_for_function(
        "v => document.querySelector('#lesson-feedback')?.dataset.verdict === v", arg=verdict, timeout=20_000
    )


def wait_done(page):
    page.wait_for_function("document.body.dataset.lessonDone === 'true'", timeout=30_000)


def trick_cards(page):
    return page.eval_on_selector_all("#trick .slot .card", "els => els.length")


def test_lesson_one_by_the_expected_moves_and_a_wrong_move_is_explained_not_played(table):
    page = table.page
    open_lesson(table, "follow-suit")
    assert "hearts" in page.locator("#lesson-text").inner_text()
    assert page.locator("#lesson-panel [data-action='lesson-leave']").is_visible()
    assert trick_cards(page) == 3
    # a legal card that is not the lesson's: explained, not played
    click_card(page, "KH")
    wait_verdict(page, "wrong")
    _verdict, text = feedback(page)
    assert "K♥" in text and "3♥" in text
    assert page.locator("#hand button[data-card='KH']").count() == 1
    assert trick_cards(page) == 3
    assert page.evaluate("document.body.dataset.lessonStep") == "1"
    # an illegal card: the lesson's words and the rule
    click_card(page, "4S")
    page.wait_for_function("document.querySelector('#lesson-feedback').textContent.includes('4♠')")
    assert "must follow" in feedback(page)[1].lower() or "follow suit" in feedback(page)[1].lower()
    assert page.locator("#hand button[data-card='4S']").count() == 1
    # the right card
    table.play_card("3H")
    wait_step(table, "follow-suit", 2)
    assert feedback(page)[0] == "right"
    assert "Q♦" in page.locator("#lesson-text").inner_text()
    click_card(page, "AS")
    wait_verdict(page, "wrong")
    assert "spade" in feedback(page)[1]
    table.play_card("2C")
    wait_done(page)
    assert page.evaluate("document.body.dataset.lessonStep") == "2"
    assert page.evaluate("document.body.dataset.await") == ""
    assert "Lesson done" in page.locator("#lesson-text").inner_text()
    assert page.locator("#lesson-panel [data-action='lesson-start'][data-lesson-id='spades-broken']").is_visible()


def test_lesson_two_by_clicks_from_the_next_lesson_button(table):
    page = table.page
    open_lesson(table, "spades-broken")
    click_card(page, "AS")  # spades are not broken: refused by the rules, explained by the lesson
    wait_verdict(page, "wrong")
    assert "not broken" in feedback(page)[1]
    assert page.locator("#hand button[data-card='AS']").count() == 1
    table.play_card("4H")
    wait_step(table, "spades-broken", 2)
    click_card(page, "AS")
    wait_verdict(page, "wrong")
    table.play_card("2S")
    wait_step(table, "spades-broken", 3)
    table.play_card("AS")
    wait_done(page)
    assert page.locator("#trick .slot .card").count() in (0, 4)


def test_progress_survives_a_reload_and_the_list_shows_it(table):
    page = table.page
    open_lesson(table, "counting-tricks")
    page.locator("#bid-panel [data-bid='6']").click()
    wait_verdict(page, "wrong")
    page.locator("#bid-panel [data-bid='4']").click()
    wait_step(table, "counting-tricks", 2)
    page.reload()
    wait_step(table, "counting-tricks", 2)
    assert page.evaluate("document.body.dataset.seat") == "S"
    assert page.evaluate("document.body.dataset.phase") == "playing"
    # leave: the game comes back, the lesson waits in the list with its progress
    page.locator("#lesson-panel [data-action='lesson-leave']").click()
    page.wait_for_function("!document.body.dataset.lesson && document.body.dataset.await !== ''")
    assert page.locator("#lesson-panel").is_hidden()
    page.locator("#btn-menu").click()
    page.locator("#menu [data-action='lessons']").click()
    item = page.locator("#dlg-lessons [data-lesson-item='counting-tricks']")
    assert item.get_attribute("data-lesson-state") == "started"
    assert "1 of 2" in item.inner_text()
    assert page.locator("#dlg-lessons [data-lesson-item='follow-suit']").get_attribute("data-lesson-state") == "new"
    assert page.locator("#dlg-lessons .lesson-item").count() == 7
    item.locator("[data-action='lesson-start']").click()
    wait_step(table, "counting-tricks", 2)
    table.play_card("AC")
    wait_done(page)
    page.reload()  # a finished lesson is not shown again at start-up: the game is
    table.wait_ready()
    assert page.evaluate("document.body.dataset.lesson") is None
    page.locator("#btn-menu").click()
    page.locator("#menu [data-action='lessons']").click()
    item = page.locator("#dlg-lessons [data-lesson-item='counting-tricks']")
    assert item.get_attribute("data-lesson-state") == "done"
    item.locator("[data-action='lesson-again']").click()
    wait_step(table, "counting-tricks", 1)


@pytest.mark.parametrize(("lesson", "lang"), [("nil", "zh-Hans"), ("counting-tricks", "en")])
def test_on_the_shortest_phone_every_bid_of_a_lesson_shows_without_scrolling(make_table, lesson, lang):
    table = make_table(viewport={"width": 320, "height": 568})  # the lesson panel takes room from the table
    page = table.page
    open_lesson(table, lesson, "&lang=" + lang)
    # every bid shows whole inside the bidding window, without scrolling it
    hidden = page.evaluate(
        """() => { const panel = document.querySelector('#bid-panel'), box = panel.getBoundingClientRect();
        return [...panel.querySelectorAll('[data-bid]')].filter((b) => { const r = b.getBoundingClientRect();
          return r.height < 44 || r.top < box.top || r.bottom > box.bottom || r.bottom > innerHeight; })
          .map((b) => b.dataset.bid).concat(panel.scrollHeight > panel.clientHeight + 1 ? ['scrolls'] : [])
          .concat(box.bottom > document.querySelector('#lesson-panel').getBoundingClientRect().top + 1
            ? ['covers the lesson'] : []); }"""
    )
    assert hidden == [], hidden


def test_a_lesson_in_zh_hans(table):
    page = table.page
    open_lesson(table, "nil", "&lang=zh-Hans")
    assert "叫零" in page.locator("#lesson-text").inner_text()
    assert page.locator("#lesson-panel [data-action='lesson-leave']").inner_text() == "离开课程"
    page.locator("#bid-panel [data-bid='1']").click()
    wait_verdict(page, "wrong")
    assert re.search(r"[\u4e00-\u9fff]", feedback(page)[1])
    page.locator("#bid-panel [data-bid='nil']").click()
    wait_step(table, "nil", 2)
    assert "红心" in page.locator("#lesson-text").inner_text()
    click_card(page, "2H")
    wait_verdict(page, "wrong")
    assert "2♥" in feedback(page)[1]
    table.play_card("QH")
    wait_done(page)
    assert "本课完成" in page.locator("#lesson-text").inner_text()


def test_an_unknown_lesson_is_refused_in_words_and_the_game_goes_on(table):
    page = table.page
    table.open("lesson=nope&speed=instant&sound=0")
    page.wait_for_function("!document.querySelector('#notice').hidden", timeout=START)
    assert "no lesson 'nope'" in page.locator("#notice-text").inner_text()
    assert page.evaluate("document.body.dataset.lesson") is None


def test_a_change_of_language_rewords_the_lesson_on_show(table):
    page = table.page
    open_lesson(table, "follow-suit")
    page.locator("#btn-menu").click()
    page.locator("#menu [data-action='settings']").click()
    page.locator("#dlg-settings select[name='lang']").select_option("zh-Hant")
    page.locator("#dlg-settings [data-action='settings-save']").click()
    page.wait_for_function("document.querySelector('#lesson-text').textContent.includes('紅心')")
    assert page.locator("#lesson-panel [data-action='lesson-leave']").inner_text() == "離開課程"
    assert page.evaluate("document.body.dataset.lessonStep") == "1"
    table.play_card("3H")
    wait_step(table, "follow-suit", 2)
    assert "方塊" in page.locator("#lesson-text").inner_text()


BIDS_SHOWN = """() => ({
  panel: [...document.querySelectorAll('#bid-panel .bids-so-far li b')].map((b) => b.textContent.trim()),
  totals: document.querySelector('#bid-panel .bid-totals')?.textContent || '',
  plates: ['N', 'E', 'S', 'W'].map((s) => document.querySelector(`.seat-${s} .seat-bid`).textContent.trim()),
})"""


def test_a_lesson_started_over_a_game_in_bidding_shows_the_lessons_bids_in_the_bidding_window(table):
    page = table.page
    table.open("fresh=1&seed=3&speed=instant&sound=0", settings={"bots": {"N": "beginner", "E": "beginner"}})
    table.wait_await("bid", "blind")
    if page.evaluate("document.body.dataset.await") == "blind":
        page.locator("#bid-panel [data-action='show-cards']").click()
        table.wait_await("bid")
    before = page.evaluate(BIDS_SHOWN)
    assert before["totals"], before
    page.locator("#btn-menu").click()
    page.locator("#menu [data-action='lessons']").click()
    page.locator("#dlg-lessons [data-lesson-item='counting-tricks'] [data-action='lesson-start']").click()
    wait_step(table, "counting-tricks", 1)
    shown = page.evaluate(BIDS_SHOWN)
    plates = [re.sub(r"\D", "", text) for text in shown["plates"]]  # "Bid 3" -> "3"; "" not bid yet
    assert [b for b in plates if b], shown  # the lesson's others have bid before you
    assert f"All bids: {sum(int(b) for b in plates if b)} of 13" in shown["totals"], (before, shown)
    assert [b if b.isdigit() else "" for b in shown["panel"]] == plates, shown
