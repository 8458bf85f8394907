"""Nothing lost: saves after every move, exact resume on reload, bad saves, undo, replay, export and import."""

from __future__ import annotations

import json

import pytest

pytestmark = pytest.mark.browser

FAST_BOTS = {"bots": {"N": "beginner", "E": "beginner", "W": "beginner"}}

SNAPSHOT = """() => ({
  phase: document.body.dataset.phase,
  await: document.body.dataset.await,
  turn: document.body.dataset.turn,
  hand: [...document.querySelectorAll('#hand button[data-card]')].map(b => b.dataset.card + ':' + b.dataset.legal),
  trick: ['N', 'E', 'S', 'W'].map(s => document.querySelector(`[data-slot='${s}']`).innerText.replace(/\\s+/g, '')),
  plates: [...document.querySelectorAll('.seat-plate')].map(p => p.innerText.replace(/\\s+/g, ' ')),
  scores: ['NS', 'EW'].map(t => document.querySelector(`[data-score='${t}']`).innerText),
  bags: ['NS', 'EW'].map(t => document.querySelector(`[data-bags='${t}']`).innerText),
})"""


def reach_a_trick(table, played=0):
    """Play on until it is our turn with cards already on the table and at least ``played`` of ours gone."""
    page = table.page
    for _ in range(13):
        table.wait_await("play")
        if page.locator("#trick .card").count() and len(table.hand()) <= 13 - played:
            return
        table.play_card(table.legal_cards()[0])
    raise AssertionError("never had to follow to a trick")


def test_reload_in_the_middle_of_a_trick_resumes_exactly(table):
    table.open("fresh=1&seed=21&speed=instant&sound=0", settings=FAST_BOTS)
    page = table.page
    table.bid("3")
    reach_a_trick(table, played=2)
    before = page.evaluate(SNAPSHOT)
    assert before["await"] == "play" and any(before["trick"])
    assert "fresh" not in page.url  # one-shot: a reload resumes
    saved = page.evaluate("localStorage.getItem('spades-save')")
    assert json.loads(saved)["format"] == "spades-save/2"
    page.reload()
    table.wait_ready()
    table.wait_await("play")
    after = page.evaluate(SNAPSHOT)
    assert after == before


def test_corrupted_save_gets_a_message_and_a_fresh_game(make_page, server):
    page = make_page()
    page.add_init_script('localStorage.setItem(\'spades-save\', \'{"format": "spades-save/1", "record": [1, 2\')')
    page.goto(f"{server}/?speed=instant&sound=0")
    page.wait_for_function("document.body.dataset.await !== ''", timeout=60_000)
    notice = page.locator("#notice")
    assert notice.is_visible()
    assert "could not be restored" in notice.inner_text()
    assert page.evaluate("document.body.dataset.phase") == "bidding"
    assert page.locator("#hand button[data-card]").count() == 13
    # the broken save was replaced by the new game's
    assert json.loads(page.evaluate("localStorage.getItem('spades-save')"))["format"] == "spades-save/2"
    page.locator("#notice [data-action='dismiss']").click()
    notice.wait_for(state="hidden")


def test_incompatible_save_gets_a_message_and_a_fresh_game(make_page, server):
    page = make_page()
    old = json.dumps({"format": "spades-save/0", "hands": []})
    page.add_init_script(f"localStorage.setItem('spades-save', {json.dumps(old)})")
    page.goto(f"{server}/?speed=instant&sound=0")
    page.wait_for_function("document.body.dataset.await !== ''", timeout=60_000)
    assert "could not be restored" in page.locator("#notice").inner_text()
    assert page.evaluate("document.body.dataset.phase") == "bidding"


def test_undo_takes_back_your_last_card(table):
    table.open("fresh=1&seed=8&speed=instant&sound=0", settings=FAST_BOTS)
    page = table.page
    table.bid("3")
    table.wait_await("play")
    hand = table.hand()
    card = table.legal_cards()[0]
    table.play_card(card)
    table.wait_await("play")
    undo = page.locator("#btn-undo")
    assert undo.is_enabled()
    undo.click()
    page.wait_for_function("c => !!document.querySelector(`#hand button[data-card='${c}']`)", arg=card)
    table.wait_await("play")
    assert table.hand() == hand


def test_replay_this_deal(table):
    table.open("fresh=1&seed=9&speed=instant&sound=0", settings=FAST_BOTS)
    page = table.page
    first = table.hand()
    table.bid("3")
    table.wait_await("play")
    table.play_card(table.legal_cards()[0])
    table.wait_await("play")
    page.locator("#btn-menu").click()
    page.locator("#menu [data-action='replay']").click()
    page.locator("#dlg-confirm [data-action='confirm-ok']").click()
    page.wait_for_function("document.body.dataset.phase === 'bidding'")
    assert table.hand() == first


def test_export_and_import_a_hand_record(table, tmp_path):
    table.open("fresh=1&seed=10&speed=instant&sound=0", settings=FAST_BOTS)
    page = table.page
    table.bid("3")
    table.wait_await("play")
    table.play_card(table.legal_cards()[0])
    table.wait_await("play")
    before = page.evaluate(SNAPSHOT)
    page.locator("#btn-menu").click()
    with page.expect_download() as download:
        page.locator("#menu [data-action='export']").click()
    path = tmp_path / "game.json"
    download.value.save_as(path)
    record = json.loads(path.read_text())
    assert record["format"] == "spades-record/1" and record["seed"] == 10
    # a new game, then the record back
    page.locator("#btn-menu").click()
    page.locator("#menu [data-action='new-game']").click()
    page.locator("#dlg-confirm [data-action='confirm-ok']").click()
    page.wait_for_function("document.body.dataset.await === 'bid' || document.body.dataset.await === ''")
    page.locator("#import-file").set_input_files(str(path))
    page.locator("#dlg-confirm [data-action='confirm-ok']").click()
    page.wait_for_function("document.getElementById('status').textContent.includes('imported')")
    table.wait_await("play")
    assert page.evaluate(SNAPSHOT) == before
    # a file that is not a record: a message, the game untouched
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "something-else"}')
    page.locator("#import-file").set_input_files(str(bad))
    page.locator("#dlg-confirm [data-action='confirm-ok']").click()
    page.wait_for_function("!document.getElementById('notice').hidden")
    assert "not a game record" in page.locator("#notice").inner_text()
    assert page.evaluate(SNAPSHOT) == before


SEED_LIMIT = 2**53  # the worker's seeds: 0 to 2**53 - 1


def notice_text(page):
    page.wait_for_function("!document.getElementById('notice').hidden")
    return page.locator("#notice-text").inner_text()


def test_a_bad_seed_in_the_address_is_named_dropped_and_a_new_game_starts(table):
    # which seeds are bad (letters, empty, negative, 2**53 and over...) is checked in CPython, with generated
    # values (tests/page/test_address.py); here, what the page does with one: a new game, kept over a reload
    seed = "12abc"
    table.open(f"fresh=1&seed={seed}&speed=instant&sound=0", settings=FAST_BOTS)
    page = table.page
    text = notice_text(page)
    assert f"“seed={seed}” was not used" in text and str(SEED_LIMIT - 1) in text, text
    assert "seed" not in page.url.split("?", 1)[-1]  # gone from the address: a reload does not see it again
    assert page.evaluate("document.body.dataset.phase") == "bidding"
    assert len(table.hand()) == 13
    first = table.hand()
    page.reload()
    table.wait_ready()
    assert page.locator("#notice").is_hidden()
    assert table.hand() == first  # the same game, resumed


def test_a_bad_seed_over_a_saved_game_resumes_it_with_a_notice_in_zh_hans(table):
    table.open("fresh=1&seed=21&speed=instant&sound=0", settings=FAST_BOTS)
    page = table.page
    table.bid("3")
    table.wait_await("play")
    before = page.evaluate(SNAPSHOT)
    page.goto(page.url.split("?", 1)[0] + "?seed=12abc&lang=zh-Hans&speed=instant&sound=0")
    table.wait_ready()
    table.wait_await("play")
    text = notice_text(page)
    assert "“seed=12abc”未被采用" in text and "整数" in text, text
    assert page.evaluate(SNAPSHOT)["hand"] == before["hand"]  # the saved game, not a new one


def test_the_largest_seed_starts_that_game_and_the_next_one_wraps_to_0(table):
    table.open(f"fresh=1&seed={SEED_LIMIT - 1}&speed=instant&sound=0", settings=FAST_BOTS)
    page = table.page
    assert page.locator("#notice").is_hidden()
    saved = "JSON.parse(localStorage.getItem('spades-save')).record.seed"
    assert page.evaluate(saved) == SEED_LIMIT - 1
    page.locator("#btn-menu").click()
    page.locator("#menu [data-action='new-game']").click()
    page.locator("#dlg-confirm [data-action='confirm-ok']").click()
    page.wait_for_function(f"{saved} === 0")
    table.wait_ready()
    assert page.locator("#notice").is_hidden()
