"""A guest who reloads after two hands still gets the whole score sheet: the viewer state carries only the last
scored hand (docs/table.md, bounded states), so the page asks the room for the others (``sheets``, checked by the
guest boundary) and draws the end-of-hand window's history and the score sheet with every hand; and every
hand's *Verify this deal* (issue 22) says the commit–reveal deal holds, and that it does not once the deal kept in
the browser's storage is tampered with."""

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

    # Verify this deal: every hand was dealt by commit–reveal; each page checks a kept deal in its worker
    for page in (guest, host):
        if page is host:
            host.locator("#dlg-hand [data-action='scores']").click()
        control = page.locator("#dlg-scores details[data-verify='1']")
        control.locator("summary").click()
        page.wait_for_selector("#dlg-scores details[data-verify='1'][data-verified='holds']", timeout=START)
        line = control.locator("[data-verify-line]").inner_text()
        assert line.startswith("Holds: every secret of hand 1 matches its commitment"), line
        page.evaluate(TAMPER)
        control.locator("summary").click()  # closed, then opened again: checked again
        control.locator("summary").click()
        page.wait_for_selector("#dlg-scores details[data-verify='1'][data-verified='fails']", timeout=START)
        line = control.locator("[data-verify-line]").inner_text()
        assert line == "Does not hold: hand 1: North's secret does not match its commitment", line
    assert not host.evaluate("() => document.body.dataset.fairCaught || ''")  # the honest host was never caught
    assert not guest.evaluate("() => document.body.dataset.fairCaught || ''")


TAMPER = """() => {
  const kept = JSON.parse(localStorage.getItem('spades-online-fair'));
  kept.parts['1'].secrets.N = '00'.repeat(32);
  localStorage.setItem('spades-online-fair', JSON.stringify(kept));
}"""
