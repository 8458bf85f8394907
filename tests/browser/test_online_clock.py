"""The move clock of an online table, over real WebRTC through a real tracker on 127.0.0.1: the host's room times
each person's bid or card (spades/table/room.py), every page shows the time left on the plate of the seat to move
(a guest, a spectator), a casual seat out of time is played by the computer and taken back with one tap (a rated
table's vote, its hands dealt host-blind: tests/browser/test_online_clock_page.py; docs/online.md "The move
clock").

The host here is the page's own session.mjs ``host`` with the room's settings given directly (its engine worker
runs the room); the guests and the spectator are whole pages that opened the invite link.
"""

from __future__ import annotations

from pathlib import Path
from urllib.parse import quote

from tests.browser.test_online_play import sit_ready

ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = ROOT / "test-artifacts" / "clock"
START = 60_000
SECRET = "clocktable2345abcdefghijkm"  # 26 letters and digits, as bridge.py new_secret makes them

HOST = """async ([relay, secret, room]) => {
  await window.spades.engineReady;
  const { host } = await import('/static/online/session.mjs');
  window.local = [];
  window.online = await host({ engine: window.spades.engine, tableId: 'spades-' + secret.slice(0, 16), secret,
    relays: [relay], ice: [], loopback: true, name: 'Ann', seat: 'S', rules: { preset: 'standard' }, room, seed: 5,
    onLocal: (m) => window.local.push(m) });
  return window.online.pub;
}"""


def host_table(make_page, server, tracker, room):
    host = make_page()
    host.goto(server + "/?fresh=1&seed=5&lang=en&sound=0")  # the page's engine worker runs the room
    return host, host.evaluate(HOST, [tracker, SECRET, room])


def join(make_page, server, tracker, pub, name, **options):
    page = make_page(**options)
    page.goto(
        f"{server}/?lang=en&speed=instant&sound=0&relay={quote(tracker)}&ice=none&loopback=1&name={quote(name)}"
        f"#t={SECRET}&k={pub}"
    )
    page.wait_for_selector("[data-lobby]", timeout=START)
    return page


def start(host, ready=("N",)):
    host.wait_for_function(
        "(seats) => { const r = window.local.filter((m) => m.t === 'room').at(-1);"
        " return r && seats.every((s) => r.seats[s].ready); }",
        arg=list(ready),
        timeout=START,
    )
    for seat in "NEW":
        if seat not in ready:
            host.evaluate("(seat) => window.online.send({t: 'fill', seat, level: 'beginner'})", seat)
    host.evaluate("() => window.online.send({t: 'start'})")


def shot(page, name):
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{name}.png"))


CLOCK_ON = (
    "(seat) => { const c = document.getElementById('move-clock'); return c && !c.hidden && c.dataset.clock === seat; }"
)


def test_casual_the_computer_plays_for_a_seat_out_of_time_and_one_tap_takes_it_back(make_page, server, tracker):
    host, pub = host_table(
        make_page, server, tracker, {"kind": "casual", "clock": {"move_ms": 3000, "reserve_ms": 8000}}
    )
    guest = join(make_page, server, tracker, pub, "Bo")
    assert "3 s a move + 8 s a hand" in guest.locator("[data-room-clock]").inner_text()  # said before the start
    sit_ready(guest, "N")
    watcher = join(make_page, server, tracker, pub, "Eve", viewport={"width": 390, "height": 844})
    watcher.click('[data-action="watch"]')
    start(host)
    # North (dealer West's left) bids first: its plate counts down on every page, the guest's and the spectator's
    for page in (guest, watcher):
        page.wait_for_function(CLOCK_ON, arg="N", timeout=START)
        page.wait_for_selector(".seat.seat-N .seat-plate #move-clock")
    guest.wait_for_function("() => document.getElementById('move-clock').dataset.level === 'reserve'")
    text = guest.locator("#move-clock").inner_text()
    assert "reserve" in text and "0:0" in text, text  # the move time is spent: the reserve runs
    shot(guest, "clock-1280x800")
    shot(watcher, "clock-390x844")
    # nobody bids for North: out of time, the computer does (the seat shows away), and the clock moves on
    guest.wait_for_function(
        "() => document.querySelector('#online-bar [data-occupant=\"N\"]')?.dataset.kind === 'away'", timeout=START
    )
    guest.wait_for_function("() => document.querySelector('.seat.seat-N .seat-bid').textContent !== ''", timeout=START)
    guest.wait_for_function("() => document.getElementById('move-clock')?.dataset.clock !== 'N'", timeout=START)
    # Play myself again: one tap
    guest.click('[data-action="online-panel"]')
    guest.click('[data-action="online-computer"]')
    guest.wait_for_function(
        "() => document.querySelector('#online-bar [data-occupant=\"N\"]')?.dataset.kind === 'person'", timeout=START
    )
    host.evaluate("() => window.online.close()")
