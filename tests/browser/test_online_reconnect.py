"""A dropped guest comes back to its seat by itself (issue 21: a phone that switches from Wi-Fi to mobile, or sleeps).

Bo sits North at Ann's casual table (computers East and West).  In the middle of the hand his page loses the
network: every connection the page made is closed, its data channels to the host and its tracker sockets (an init
script records each ``RTCPeerConnection`` and ``WebSocket`` the page makes, in every frame: each connection has a
realm of its own), and a new socket reaches nothing.  The host sees North away (its words, not a red dot alone)
and, once the casual grace period has passed, the computer plays North.  Then the network comes back, and with no
click Bo's page finds the host again, says hello with its seat token, and North is Bo's again: the host's strip
says ``person``, and Bo plays North's next card.

Two ways the network goes: a **network switch**, which the browser announces (``offline``, then ``online``:
Playwright's offline mode), and a **phone asleep for a minute**, where no network event comes and the page is in
view again when the phone wakes (``visibilitychange``); that minute passes on the host's page at once (Playwright's
clock moved on: the room keeps its times by that page's clock).  The time from the network's return to the seat is
printed (docs/online.md).  Real WebRTC through the test's tracker on 127.0.0.1 (``tracker`` fixture); every wait is
for a condition.  The page's console is kept (``window.__log``) for the failure message.
"""

from __future__ import annotations

import time
from urllib.parse import quote

import pytest
from playwright.sync_api import Error as PlaywrightError

from tests.browser.test_online_play import PACE, START, bid, play_first_legal, sit_ready

RECORD = """(() => {
  window.__log = [];
  for (const level of ['log', 'info', 'warn', 'error', 'debug']) {
    const was = console[level].bind(console);
    console[level] = (...args) => {
      window.__log.push(level + ' ' + args.map(String).join(' ').slice(0, 300));
      was(...args);
    };
  }
  const made = { pcs: [], sockets: [] };
  window.__made = made;
  const PC = window.RTCPeerConnection;
  if (PC) window.RTCPeerConnection = class extends PC { constructor(...args) { super(...args); made.pcs.push(this); } };
  // while the test says the network is gone (top.__offline), a new socket reaches nothing: no tracker, no signalling
  const offline = () => { try { return Boolean(window.top.__offline); } catch { return false; } };
  const WS = window.WebSocket;
  window.WebSocket = class extends WS {
    constructor(url, ...rest) { super(offline() ? 'ws://127.0.0.1:9' : url, ...rest); made.sockets.push(this); }
  };
})()"""

DROP = """() => {
  let closed = 0;
  if (!window.__made) return 0;
  for (const pc of window.__made.pcs) if (pc.connectionState !== 'closed') { pc.close(); closed += 1; }
  for (const socket of window.__made.sockets) if (socket.readyState < 2) { socket.close(); closed += 1; }
  return closed;
}"""

# The room's ticks on the host's page (session.mjs room_tick): the time of the last one, in window.__ticked.
TICKS = """() => {
  const engine = window.spades.engine, request = engine.request;
  window.__ticked = 0;
  engine.request = (op, args) => {
    if (op === 'room_tick') window.__ticked = Math.max(window.__ticked, JSON.parse(args).now);
    return request(op, args);
  };
  return Date.now();
}"""

BACK = 120_000  # ms: the rejoin loop tries again after 10, 20, 30 s (session.mjs REJOIN_MS), on a busy machine


def url(server, tracker, name, fragment=""):
    query = f"lang=en&speed=instant&{PACE}relay={quote(tracker)}&ice=none&loopback=1&name={quote(name)}"
    return f"{server}/?{query}{fragment}"


def kind_of(page, seat):
    return page.evaluate('(s) => document.querySelector(`#online-bar [data-occupant="${s}"]`)?.dataset.kind', seat)


def setup(make_page, server, tracker, clock=False):
    """Ann hosts at South, Bo sits North (his page records its connections), computers East and West; started.
    ``clock``: the host's page runs on Playwright's clock (it flows as time does, until the test moves it on)."""
    host = make_page()
    if clock:
        host.clock.install()
    host.goto(url(server, tracker, "Ann") + "&fresh=1")
    host.wait_for_function("() => ['bidding', 'playing'].includes(document.body.dataset.phase)", timeout=START)
    host.click('[data-action="menu"]')
    host.click('[data-action="online"]')
    host.click('[data-action="create-table"]')
    host.wait_for_selector('body[data-online="host"] [data-invite]', timeout=START)
    link = host.input_value("[data-invite]")
    guest = make_page()
    guest.context.add_init_script(RECORD)
    guest.goto(url(server, tracker, "Bo", link[link.index("#") :]))
    guest.wait_for_selector('[data-lobby] [data-sit="N"]', timeout=START)
    sit_ready(guest, "N")
    assert guest.get_attribute("body", "data-seat") == "N"  # before the start, too
    for seat in "EW":
        host.select_option(f'select[name="level"][data-seat="{seat}"]', "beginner")
    host.wait_for_function(
        "() => document.querySelectorAll('#dlg-online tr[data-kind=\"computer\"]').length === 2"
        " && document.querySelector('#dlg-online tr[data-occupant=\"N\"]')?.textContent.includes('Ready')"
        " && !document.querySelector('#dlg-online tr[data-occupant=\"N\"]')?.textContent.includes('Not ready')",
        timeout=START,
    )
    host.click('[data-action="start"]')
    for page in (host, guest):
        page.wait_for_function(
            "() => !document.querySelector('#dlg-online[open]') && document.querySelector('#online-bar')"
            " && ['bidding', 'playing'].includes(document.body.dataset.phase)",
            timeout=START,
        )
    return host, guest


def move(page) -> bool:
    """The page bids 2 or plays its first legal card if it is its turn; whether it did."""
    waiting = page.get_attribute("body", "data-await")
    if waiting == "bid":
        bid(page)
        return True
    if waiting == "hand-over" and page.get_attribute("body", "data-online") == "host":
        page.locator("#dlg-hand [data-action='next-hand']").click()
        page.wait_for_function("() => document.body.dataset.await !== 'hand-over'", timeout=START)
        return True
    if waiting == "play":
        play_first_legal(page)
        return True
    return False


def in_frames(page, script):
    """``script``'s answer in each of the page's frames (each connection may live in a frame of its own:
    static/online/realm.mjs); a frame detached meanwhile (a realm given up and made afresh) holds no connection."""
    answers = []
    for frame in page.frames:
        try:
            answers.append(frame.evaluate(script))
        except PlaywrightError as error:
            if "detached" not in str(error):
                raise
    return answers


@pytest.mark.parametrize("asleep", [False, True], ids=["network-switch", "asleep-a-minute"])
def test_a_dropped_guest_comes_back_to_its_seat_by_itself(make_page, server, tracker, asleep) -> None:
    host, guest = setup(make_page, server, tracker, clock=asleep)
    # into the play: everyone has bid, and Bo has played a card
    played = False
    for _ in range(200):
        moved = move(host)
        if guest.get_attribute("body", "data-await") == "play":
            played = move(guest)
        elif move(guest):
            moved = True
        if played:
            break
        if not moved:
            host.wait_for_timeout(100)
    assert played, "Bo never played a card"
    token = guest.evaluate("() => localStorage.getItem('spades-online-tokens')")
    assert token

    # the network goes: offline, and every connection of Bo's page closed
    made = [0, 0]
    for counts in in_frames(guest, "() => window.__made ? [__made.pcs.length, __made.sockets.length] : [0, 0]"):
        made = [made[0] + counts[0], made[1] + counts[1]]
    assert made[0] >= 1 and made[1] >= 1, made  # a connection to the host, a tracker socket at least
    if not asleep:
        guest.context.set_offline(True)  # a network switch: the browser says so (offline; online when it is back)
    guest.evaluate("() => { window.__offline = true; }")
    assert sum(in_frames(guest, DROP)) >= 1
    host.wait_for_function(
        "() => document.querySelector('#online-bar [data-occupant=\"N\"]')?.dataset.kind === 'away'", timeout=START
    )
    guest.wait_for_function(
        "() => document.querySelector('#online-bar [data-occupant=\"S\"]')?.dataset.kind === 'away'", timeout=START
    )  # Bo's page knows it lost the host
    # the grace period passes: the computer plays North (the host plays its own turns meanwhile)
    seq = host.evaluate("() => JSON.parse(localStorage.getItem('spades-online-host')).save.table.seq")
    for _ in range(400):
        now = host.evaluate("() => JSON.parse(localStorage.getItem('spades-online-host')).save.table.seq")
        if now >= seq + 6:  # a few moves went by, North's among them
            break
        if not move(host):
            host.wait_for_timeout(100)
    assert kind_of(host, "N") == "away"
    # an away seat says so with its seat, not by a red dot alone
    assert host.inner_text('#online-bar [data-occupant="N"] .away') == "North: disconnected"
    assert host.get_attribute('#online-bar [data-light="N"]', "aria-label").endswith(": Disconnected")
    if asleep:  # a phone asleep for a minute: the drop lasts 60 s by the host's clock (moved on at once), and the
        # room is told that time (its next tick), then the host plays on
        dropped = host.evaluate(TICKS)
        host.clock.fast_forward(60_000)
        host.wait_for_function("(t) => window.__ticked >= t + 60000", arg=dropped, timeout=START)
        seq = host.evaluate("() => JSON.parse(localStorage.getItem('spades-online-host')).save.table.seq")
        for _ in range(400):
            if host.evaluate("() => JSON.parse(localStorage.getItem('spades-online-host')).save.table.seq") >= seq + 2:
                break
            if not move(host):
                host.wait_for_timeout(100)

    assert kind_of(host, "N") == "away"  # nothing came through meanwhile

    # the network comes back: Bo's page finds the host by itself and North is his again
    guest.evaluate("() => { window.__offline = false; }")
    if asleep:  # the phone wakes up: its page is in view again (no network event comes)
        guest.evaluate("() => document.dispatchEvent(new Event('visibilitychange'))")
    else:
        guest.context.set_offline(False)
    back = time.monotonic()
    for _ in range(int(BACK / 100)):
        if kind_of(host, "N") == "person" and guest.get_attribute("#online-bar", "data-rooms"):
            break
        if not move(host):
            host.wait_for_timeout(100)
    assert kind_of(host, "N") == "person", "Bo's page did not come back by itself: " + str(
        guest.evaluate(
            "() => [document.body.dataset.online, document.body.dataset.seat,"
            " [...document.querySelectorAll('#online-bar [data-occupant]')].map(e => e.dataset.kind).join(),"
            " window.__log.slice(-40).join('\\n')]"
        )
    )
    print(f"back in its seat {time.monotonic() - back:.1f} s after the network came back")  # docs/online.md
    guest.wait_for_function(
        "() => document.querySelector('#online-bar [data-occupant=\"S\"]')?.dataset.kind === 'person'", timeout=START
    )
    # and Bo plays North's next card (or bids, in the next hand) from his own page
    for _ in range(400):
        if move(guest):
            break
        if not move(host):
            host.wait_for_timeout(100)
    else:
        raise AssertionError("Bo never had a turn again")
    assert kind_of(host, "N") == "person"
