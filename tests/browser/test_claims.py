"""*Claim the rest* in the solo game (docs/page.md, docs/table.md "Claims").

Seed 6 with beginner computers, the person bidding 3 and always playing the first legal card: with six cards left
a defence beats the claim (the status line says so, nothing changes and the play goes on); with five left the
claim holds, the computers accept at once and the rest of the hand is played out without pausing on its tricks.
The button has its name, works from the keyboard and is off when it is not the person's turn.
"""

from __future__ import annotations

import pytest

from spades.i18n.catalog import MESSAGES

pytestmark = pytest.mark.browser

FAST_BOTS = {"bots": {"N": "beginner", "E": "beginner", "W": "beginner"}}


def to_my_turn_with(table, cards):
    """Bid 3 and play the first legal card until it is my turn with ``cards`` cards in my hand."""
    while True:
        state = table.wait_await("bid", "blind", "play", "hand-over", "game-over")
        assert state in ("bid", "blind", "play"), state
        if state in ("bid", "blind"):
            table.bid("3")
            table.page.wait_for_function("!['bid', 'blind'].includes(document.body.dataset.await)")
            continue
        if len(table.hand()) == cards:
            return
        table.play_card(table.legal_cards()[0])


def test_a_claim_a_defence_beats_then_one_that_holds(table):
    # played to the position at instant speed; the claim that holds at normal speed (chosen in the settings)
    table.open("fresh=1&seed=6&speed=instant&sound=0", settings=FAST_BOTS)
    page = table.page
    button = page.locator("#btn-claim")
    to_my_turn_with(table, 6)
    assert button.is_visible() and button.is_enabled()
    assert button.get_attribute("data-i18n") == "claim" and button.inner_text() == MESSAGES["claim"]["en"]
    assert page.locator('#menu [data-action="claim"]').is_enabled()  # the menu has it too (phones held sideways)
    hand = table.hand()
    button.focus()
    page.keyboard.press("Enter")  # from the keyboard
    beaten = MESSAGES["err_claim_beaten"]["en"]
    page.wait_for_function("text => document.getElementById('status').textContent.includes(text)", arg=beaten)
    assert table.hand() == hand and page.evaluate("document.body.dataset.await") == "play"
    # not my turn: off (at instant speed the turn may be back before a look, so every change of it is recorded)
    page.evaluate(
        "() => { const b = document.getElementById('btn-claim'); window.__claimOff = b.disabled;"
        " new MutationObserver((rs) => { if (rs.some((r) => r.oldValue === null)) window.__claimOff = true; })"
        ".observe(b, {attributes: true, attributeFilter: ['disabled'], attributeOldValue: true}); }"
    )
    table.play_card(table.legal_cards()[0])
    page.wait_for_function("window.__claimOff === true")
    to_my_turn_with(table, 5)
    page.locator("#btn-menu").click()
    page.locator("#menu [data-action='settings']").click()
    page.locator("#dlg-settings").wait_for(state="visible")
    page.locator("#set-speed").select_option("normal")
    page.locator("#dlg-settings [data-action='settings-save']").click()
    page.locator("#dlg-settings").wait_for(state="hidden")
    assert page.evaluate("JSON.parse(localStorage.getItem('spades-settings')).speed") == "normal"
    button.click()
    table.wait_await("hand-over", timeout=15_000)  # five tricks played out at once
    assert table.hand() == []
    said = MESSAGES["claim_accepted_you"]["en"]
    assert said in page.locator("#announce").inner_text()
    assert button.is_hidden()


def test_the_claim_button_speaks_each_language(table):
    table.open("fresh=1&seed=6&speed=instant&sound=0&lang=zh-Hans", settings=FAST_BOTS)
    to_my_turn_with(table, 13)
    assert table.page.locator("#btn-claim").inner_text() == MESSAGES["claim"]["zh-Hans"]
