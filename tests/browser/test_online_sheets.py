"""A guest who reloads after two hands still gets the whole score sheet: the viewer state carries only the last
scored hand (docs/table.md, bounded states), so the page asks the room for the others (``sheets``, checked by the
guest boundary) and draws the end-of-hand window's history and the score sheet with every hand."""

from __future__ import annotations

from tests.browser.test_online_play import START, play_until_over, start_two_people

HISTORY = "() => document.querySelectorAll('#dlg-hand table.history tbody tr').length"


def test_a_guest_reloading_after_two_hands_fetches_the_first_from_the_room(make_page, server, tracker) -> None:
    host, (guest,), _ = start_two_people(make_page, server, tracker)
    for number in (1, 2):
        play_until_over([host, guest])
        for page in (host, guest):
            page.wait_for_function(f"() => {HISTORY[6:]} === {number}", timeout=START)
        if number == 1:
            host.locator("#dlg-hand [data-action='next-hand']").click()
            for page in (host, guest):
                page.wait_for_function("() => document.body.dataset.phase === 'bidding'", timeout=START)
            # the host's deal closes the guest's window of hand 1 too (issue 21)
            guest.wait_for_function("() => !document.querySelector('#dlg-hand[open]')", timeout=START)
    guest.reload()
    guest.wait_for_selector("#online-bar", timeout=START)
    # after the reload the state holds hand 2 only: hand 1 comes from the room, and the window shows both
    guest.wait_for_function(f"() => {HISTORY[6:]} === 2", timeout=START)
    assert guest.evaluate("() => Number(document.querySelector('#online-bar').dataset.dropped || 0)") == 0
    guest.locator("#dlg-hand [data-action='scores']").click()
    sections = guest.locator("#dlg-scores section.sheet-hand")
    sections.first.wait_for(state="visible")
    assert sections.evaluate_all("els => els.map(e => e.dataset.hand)") == ["2", "1"]
