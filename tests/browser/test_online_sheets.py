"""A guest who reloads after two hands still gets the whole score sheet: the viewer state carries only the last
scored hand (docs/table.md, bounded states), so the page asks the room for the others (``sheets``, checked by the
guest boundary) and draws the end-of-hand window's history and the score sheet with every hand; and every
hand's *Verify this deal* (issue 22) says the commit–reveal deal holds, and that it does not once the deal kept in
the browser's storage is tampered with; and the host's export carries those fair parts, which the command
line's ``verify`` checks."""

from __future__ import annotations

import json
import subprocess
import sys

from tests.browser.test_online_play import START, play_until_over, start_two_people

HISTORY = "() => document.querySelectorAll('#dlg-hand table.history tbody tr').length"


def test_a_guest_reloading_after_two_hands_fetches_the_first_from_the_room(
    make_page, server, tracker, tmp_path
) -> None:
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
        held, failed = verify_twice(page, 1, TAMPER)
        assert held.startswith("Holds: every secret of hand 1 matches its commitment"), held
        assert failed == "Does not hold: hand 1: North's secret does not match its commitment", failed
    assert not host.evaluate("() => document.body.dataset.fairCaught || ''")  # the honest host was never caught
    assert not guest.evaluate("() => document.body.dataset.fairCaught || ''")

    # the host's export is the room's record, every hand with its fair part, which `python -m spades verify` checks
    host.keyboard.press("Escape")  # the score sheet, then the end-of-hand window under it
    host.wait_for_function("() => !document.querySelector('#dlg-scores[open]')", timeout=START)
    host.keyboard.press("Escape")
    host.wait_for_function("() => !document.querySelector('dialog[open]')", timeout=START)
    host.locator("#btn-menu").click()
    with host.expect_download() as download:
        host.locator("#menu [data-action='export']").click()
    path = tmp_path / "online.json"
    download.value.save_as(path)
    record = json.loads(path.read_text())
    assert [hand["fair"]["kind"] for hand in record["hands"][:2]] == ["commit", "commit"]
    checked = subprocess.run([sys.executable, "-m", "spades", "verify", str(path)], capture_output=True, text=True)
    assert checked.returncode == 0 and checked.stdout.startswith("holds:"), checked.stdout + checked.stderr


def verify_twice(page, number, tamper):
    """The open score sheet's *Verify this deal* of hand ``number`` on ``page``: opened, it must hold; then the
    ``tamper`` script changes what the page kept, and opened again it must not.  Returns the two lines."""
    control = page.locator(f"#dlg-scores details[data-verify='{number}']")
    lines = []
    for verdict in ("holds", "fails"):
        if verdict == "fails":
            page.evaluate(tamper)
            control.locator("summary").click()  # closed, then opened again below: checked again
        control.locator("summary").click()
        page.wait_for_selector(f"#dlg-scores details[data-verify='{number}'][data-verified='{verdict}']",
                               timeout=START)  # fmt: skip
        lines.append(control.locator("[data-verify-line]").inner_text())
    return lines


TAMPER = """() => {
  const kept = JSON.parse(localStorage.getItem('spades-online-fair'));
  kept.parts['1'].secrets.N = '00'.repeat(32);
  localStorage.setItem('spades-online-fair', JSON.stringify(kept));
}"""
