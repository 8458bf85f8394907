"""A forced card played by itself (Settings, *Play a forced card by itself*; docs/page.md): when the person holds
exactly one legal card it is played after a short wait, without a click; other turns wait for the person."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.browser


def test_a_forced_card_is_played_by_itself_once_the_person_chose_so(table) -> None:
    page = table.page
    table.open("fresh=1&seed=7&speed=instant&sound=0")
    page.locator("#btn-menu").click()
    page.locator("#menu [data-action='settings']").click()
    box = page.locator("#dlg-settings #set-auto_play")
    assert not box.is_checked()  # off by default
    box.check()
    page.locator("#dlg-settings [data-action='settings-save']").click()
    page.wait_for_function("!document.getElementById('dlg-settings').open")
    forced = chosen = 0
    while True:
        waiting = table.wait_await("bid", "blind", "play", "hand-over", "game-over")
        if waiting in ("hand-over", "game-over"):
            break
        if waiting in ("bid", "blind"):
            assert page.locator("#bid-panel").is_visible()  # a bid is never made by itself
            table.bid("3")
            page.wait_for_function("!['bid', 'blind'].includes(document.body.dataset.await)")
            continue
        legal = table.legal_cards()
        if len(legal) == 1:  # nobody clicks: the card leaves the hand by itself
            page.wait_for_function("card => !document.querySelector(`#hand [data-card='${card}']`)", arg=legal[0])
            forced += 1
        else:
            table.play_card(legal[0])
            chosen += 1
    assert forced >= 1 and chosen >= 1  # the last trick at least is forced; the first is a choice
