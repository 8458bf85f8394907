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
