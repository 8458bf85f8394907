"""*Claim the rest* at an online table (docs/online.md, "Claims"): Ann hosts at South, Cy sits East, computers at North
and West. Each of them claims at their turn from the eighth trick on; a claim a defence beats comes back refused;
the first claim that holds opens the window on the other person's page (the claimer's cards face up) and is played
on, the next one is accepted there and the rest of the hand is played out on both pages. Real WebRTC through the
test's own tracker (the fixtures of tests/browser/test_online_play.py). The deal is the room's own (random): every
hand ends with a claim that holds (the side that takes the last trick can claim it), so a hand or two suffices.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from spades.i18n.catalog import MESSAGES
from tests.browser.test_online_play import START, bid, create_table, join, open_game, sit_ready

pytestmark = pytest.mark.browser

BEATEN = MESSAGES["err_claim_beaten"]["en"]
ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts" / "claims"


def start(make_page, server, tracker):
    host = open_game(make_page, server, tracker, "Ann")
    link = create_table(host)
    guest = join(make_page, server, tracker, link, "Cy")
    sit_ready(guest, "E")
    for seat in "NW":
        host.select_option(f'select[name="level"][data-seat="{seat}"]', "beginner")
    host.wait_for_function(
        "() => [...document.querySelectorAll('#dlg-online tr[data-kind=\"person\"]')].length === 2"
        " && ![...document.querySelectorAll('#dlg-online [data-kind=\"empty\"]')].length"
        " && [...document.querySelectorAll('#dlg-online tr[data-kind=\"person\"]')].every((r) =>"
        " !r.textContent.includes('Not ready'))",
        timeout=START,
    )
    host.click('[data-action="start"]')
    for page in (host, guest):
        page.wait_for_function("() => !document.querySelector('#dlg-online[open]') && "
                               "document.querySelector('#online-bar')", timeout=START)  # fmt: skip
    return host, guest


def play_first_legal(page):
    card = page.get_attribute("#hand button[data-card][data-legal='true']", "data-card", timeout=5000)
    page.locator(f"#hand button[data-card='{card}']").click(position={"x": 10, "y": 30})
    page.wait_for_function("card => !document.querySelector(`#hand button[data-card='${card}']`)", arg=card,
                           timeout=START)  # fmt: skip


def claim(page, other):
    """Claim at ``page``: ``"beaten"`` (refused, nothing changed) or ``"asked"`` (the window on ``other``)."""
    cards = len(page.query_selector_all("#hand button[data-card]"))
    page.click("#btn-claim")
    page.wait_for_function(
        "text => document.getElementById('status').textContent.includes(text)"
        " || document.getElementById('status').textContent.includes('claim')"
        " || document.body.dataset.phase !== 'playing'",
        arg=BEATEN,
        timeout=START,
    )
    if BEATEN in page.inner_text("#status"):
        assert len(page.query_selector_all("#hand button[data-card]")) == cards
        return "beaten"
    other.wait_for_selector("#dlg-online[open] [data-claim]", timeout=START)
    return "asked"


def test_a_claim_played_on_and_one_accepted(make_page, server, tracker) -> None:
    host, guest = start(make_page, server, tracker)
    people = {host: guest, guest: host}
    played_on = accepted = False
    refused = 0
    for _ in range(2000):
        if accepted:
            break
        moved = False
        for page, other in people.items():
            waiting = page.get_attribute("body", "data-await")
            if waiting == "bid":
                bid(page)
                moved = True
            elif waiting == "play":
                if len(page.query_selector_all("#hand button[data-card]")) <= 6 and page.is_enabled("#btn-claim"):
                    outcome = claim(page, other)
                    if outcome == "asked":
                        window = other.locator("#dlg-online[open]")
                        claimer = "S" if page is host else "E"
                        assert window.locator(f"[data-claim='{claimer}']").count() == 1
                        shown = window.locator(".claim-card").count()
                        assert shown == len(page.query_selector_all("#hand button[data-card]"))  # face up
                        if not played_on:
                            ARTIFACTS.mkdir(parents=True, exist_ok=True)
                            other.screenshot(path=str(ARTIFACTS / "claim-window-1280x800.png"))
                            window.locator("[data-action='claim-play-on']").click()
                            page.wait_for_function(
                                "() => document.getElementById('status').textContent.includes('claim is off')",
                                timeout=START,
                            )
                            played_on = True
                        else:
                            window.locator("[data-action='claim-accept']").click()
                            for each in (page, other):
                                each.wait_for_function("() => ['hand-over', 'game-over'].includes("
                                                       "document.body.dataset.phase)", timeout=START)  # fmt: skip
                                assert each.query_selector("#hand button[data-card]") is None
                            accepted = True
                            break
                    else:
                        refused += 1
                play_first_legal(page)
                moved = True
            elif waiting == "hand-over" and page is host:
                host.wait_for_selector('#dlg-hand[open] [data-action="next-hand"]', timeout=START)
                host.click('#dlg-hand [data-action="next-hand"]')
                host.wait_for_function("() => document.body.dataset.phase !== 'hand-over'", timeout=START)
                moved = True
        if not moved:
            host.wait_for_timeout(100)
    assert played_on and accepted, (played_on, accepted, refused)
