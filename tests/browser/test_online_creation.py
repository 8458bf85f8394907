"""Creating a table tells the truth (issue 21): while no tracker answers, the room window says that friends cannot
join yet, keeps trying, and the line goes once a tracker answers (a friend then joins); and the create form offers
the profile's name, else the name used online last time.  Real WebRTC through a tracker on 127.0.0.1."""

from __future__ import annotations

import json
import socket
import subprocess
from pathlib import Path
from urllib.parse import quote

from tests.browser.test_online_play import START

ROOT = Path(__file__).resolve().parents[2]


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def open_online(page, server, relay, extra=""):
    page.goto(f"{server}/?fresh=1&lang=en&speed=instant&relay={quote(relay)}&ice=none&loopback=1{extra}")
    page.wait_for_function("() => ['bidding', 'playing'].includes(document.body.dataset.phase)", timeout=START)
    page.click('[data-action="menu"]')
    page.click('[data-action="online"]')
    page.wait_for_selector("#online-create input[name='name']")


def test_no_tracker_yet_says_friends_cannot_join_and_the_line_goes_once_one_answers(make_page, server) -> None:
    port = free_port()  # nothing listens there yet
    relay = f"ws://127.0.0.1:{port}"
    host = make_page()
    host.clock.install()  # Playwright's clock: it flows as time does, until the test moves it on
    open_online(host, server, relay, "&name=Ann")
    host.click('[data-action="create-table"]')
    host.wait_for_selector('body[data-online="host"] [data-invite]', timeout=START)
    line = host.locator('#dlg-online p[data-reach="none"]')
    line.wait_for(timeout=START)
    assert "friends cannot join" in line.inner_text()
    assert host.locator("#dlg-online [data-lobby]").count() == 1  # the room window itself, with the line in it
    link = host.input_value("[data-invite]")
    tracker = subprocess.Popen(
        ["node", str(ROOT / "tests" / "online" / "tracker.mjs"), "--port", str(port), "--lifetime", "300"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert json.loads(tracker.stdout.readline())["port"] == port  # type: ignore[union-attr]
        # trystero tries again after each close, waiting twice as long each time (3.3 s, 6.7 s, 13 s...): those
        # waits pass on the host's clock, moved on 5 s at a time (each try itself is real: the tracker answers)
        for _ in range(600):
            if line.count() == 0:
                break
            host.clock.fast_forward(5_000)
            host.wait_for_timeout(100)
        line.wait_for(state="detached", timeout=START)
        # the tracker's own line says that it answers: the room window is drawn again as the relays' lines change
        host.wait_for_selector(f'#dlg-online li[data-tracker="{relay}"][data-reach="ok"]', timeout=START)
        friend = make_page()
        fragment = link[link.index("#") :]
        friend.goto(f"{server}/?lang=en&speed=instant&relay={quote(relay)}&ice=none&loopback=1&name=Bo{fragment}")
        friend.wait_for_selector('[data-lobby] [data-sit="N"]', timeout=START)
        friend.click('[data-sit="N"]')
        host.wait_for_function(
            "() => document.querySelector('#dlg-online tr[data-occupant=\"N\"]')?.textContent.includes('Bo')",
            timeout=START,
        )
    finally:
        tracker.stdin.close()  # type: ignore[union-attr]
        try:
            tracker.wait(5)
        except subprocess.TimeoutExpired:
            tracker.kill()


def test_the_create_form_offers_the_profiles_name_else_the_last_one_used(make_page, server, tracker) -> None:
    page = make_page()
    page.add_init_script(
        "(() => { if (sessionStorage.getItem('q-init')) return; sessionStorage.setItem('q-init', '1');"
        " localStorage.clear(); localStorage.setItem('spades-online-name', 'Bo'); })()"
    )
    open_online(page, server, tracker)
    assert page.input_value("#online-create input[name='name']") == "Bo"  # the profile still says "Player"
    page.keyboard.press("Escape")
    page.click('[data-action="menu"]')
    page.click('[data-action="profile"]')
    page.fill("#profile-name", "Zoë")
    page.click('[data-action="profile-save"]')
    page.wait_for_function("() => (localStorage.getItem('spades-profile') || '').includes('Zoë')")
    page.wait_for_function("() => document.querySelector('#dlg-profile[open] #profile-name')?.value === 'Zoë'")
    page.click('#dlg-profile[open] .dlg-x[data-action="close-dialog"]')
    page.wait_for_function("() => !document.querySelector('dialog[open]')")
    page.click('[data-action="menu"]')
    page.click('[data-action="online"]')
    page.wait_for_selector("#online-create input[name='name']")
    assert page.input_value("#online-create input[name='name']") == "Zoë"
