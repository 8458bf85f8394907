"""Online play when no tracker answers (docs/online.md, "When no tracker answers"): a connection whose trackers are
all dead joins the same room through the second strategy of the same library (Nostr), here through a relay
started on 127.0.0.1 (scripts/relay-nostr.mjs); a peer found both ways is one peer; a host whose every relay
trystero has given up makes a fresh realm and is found again once a tracker is back."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path
from urllib.parse import quote

import pytest

from tests.browser.test_online_play import START, create_table, open_game, sit_ready

ROOT = Path(__file__).resolve().parents[2]
DEAD = "ws://127.0.0.1:9"  # nothing listens there
# net.mjs: a guest joins the fallback's room once no tracker has answered for FALLBACK_MS, or it has found nobody for
# LONELY_MS; its watcher looks every WATCH_MS. (A page whose clock was moved on cannot meet another through the
# fallback: trystero's Nostr strategy asks its relay for events `since` its own now, and misses the other's.)
FALLBACK_MS, LONELY_MS, WATCH_MS = 3000, 8000, 500

CONNECT = """async ([relays, fallback, table, host]) => {
  const net = await import('/static/online/net.mjs');
  window.got = []; window.joined = []; window.left = [];
  window.net = await net.connect({ host: Boolean(host), tableId: table, secret: 'a secret of the table',
    relays, fallback, ice: [], loopback: true, onJoin: (peer) => window.joined.push(peer),
    onLeave: (peer) => window.left.push(peer), onMessage: (peer, data) => window.got.push([peer, data]) });
  return window.net.self;
}"""


def open_pages(make_page, server, count=2, clock=False):
    """``count`` plain pages of the site; ``clock``: the first runs on Playwright's clock (it flows as time does,
    until the test moves it on), in its every frame."""
    pages = [make_page() for _ in range(count)]
    if clock:
        pages[0].clock.install()
    for page in pages:
        page.goto(server + "/README.md")
    return pages


def test_with_every_tracker_dead_two_browsers_meet_through_the_fallback_relay(make_page, server, nostr_relay) -> None:
    pages = open_pages(make_page, server)
    ids = [
        page.evaluate(CONNECT, [[DEAD], [nostr_relay], "table-fallback", host])
        for page, host in zip(pages, (True, False), strict=True)
    ]
    # a guest falls back once no tracker has answered for FALLBACK_MS (a host's joins the fallback at once)
    assert pages[1].evaluate("() => window.net.fallback()") == {"used": False, "urls": [nostr_relay]}
    for page, other in zip(pages, reversed(ids), strict=True):
        page.wait_for_function("id => window.joined.includes(id)", arg=other, timeout=30_000)
    used = pages[0].evaluate("() => window.net.fallback()")
    assert used["used"] is True and used["urls"] == [nostr_relay] and used["since"] > 0
    sockets = pages[0].evaluate("() => Object.entries(window.net.sockets()).map(([u, s]) => [u, s.readyState === 1])")
    assert dict(sockets) == {DEAD: False, nostr_relay: True}  # the dead one closed, or trying again
    pages[0].evaluate("([id]) => window.net.send({t: 'chat', text: '你好'}, id)", [ids[1]])
    pages[0].evaluate("() => window.net.send({t: 'all'})")  # to every peer: the fallback's room carries it
    pages[1].wait_for_function("() => window.got.length > 1")
    assert pages[1].evaluate("() => window.got") == [[ids[0], {"t": "chat", "text": "你好"}], [ids[0], {"t": "all"}]]
    assert pages[1].evaluate("([id]) => window.net.ping(id)", [ids[0]]) >= 0
    assert pages[0].evaluate("() => window.net.peers()") == [ids[1]]
    pages[1].evaluate("() => window.net.leave()")
    pages[0].wait_for_function("id => window.left.includes(id)", arg=ids[1], timeout=30_000)
    assert pages[0].evaluate("() => [window.joined.length, window.left.length]") == [1, 1]


@pytest.mark.parametrize("dead", ["host", "guest"])
def test_a_host_and_a_guest_meet_when_only_one_of_them_reaches_a_tracker(
    make_page, server, tracker, nostr_relay, dead
) -> None:
    """A host is in the fallback's room from the start; a guest whose tracker is dead joins it after FALLBACK_MS,
    and one whose tracker answers but finds nobody, after LONELY_MS: either way they meet."""
    pages = open_pages(make_page, server)
    relays = {"host": [DEAD] if dead == "host" else [tracker], "guest": [DEAD] if dead == "guest" else [tracker]}
    ids = [
        page.evaluate(CONNECT, [relays[role], [nostr_relay], f"table-{dead}-dead", role == "host"])
        for page, role in zip(pages, ("host", "guest"), strict=True)
    ]
    for page, other in zip(pages, reversed(ids), strict=True):
        page.wait_for_function("id => window.joined.includes(id)", arg=other, timeout=40_000)
    assert [page.evaluate("() => window.net.fallback().used") for page in pages] == [True, True]
    pages[0].evaluate("([id]) => window.net.send({t: 'chat', text: 'met'}, id)", [ids[1]])
    pages[1].wait_for_function("() => window.got.length > 0")
    assert pages[1].evaluate("() => window.got") == [[ids[0], {"t": "chat", "text": "met"}]]


# Every time a connection of this page asks its realm for the fallback's library (net.mjs fallBack, at once as it
# decides to join the fallback's room), counted in window.asked: each realm's iframe is caught as it is added, before
# its realm.mjs defines window.fallback.
COUNT_ASKS = """() => { window.asked = 0;
  new MutationObserver((changes) => { for (const change of changes) for (const node of change.addedNodes) {
    if (node.localName !== 'iframe') continue;
    let load = null;
    Object.defineProperty(node.contentWindow, 'fallback', { configurable: true, set: (f) => { load = f; },
      get: () => load && (() => { window.asked += 1; return load(); }) });
  } }).observe(document.documentElement, { childList: true, subtree: true }); }"""


def test_without_a_fallback_a_dead_tracker_finds_nobody(make_page, server) -> None:
    """A host (the fallback at once) and a guest (after FALLBACK_MS without a tracker, or LONELY_MS alone) would
    join the fallback's room by now; without one neither asks for it. Both on Playwright's clock, moved past both."""
    pages = [make_page() for _ in range(2)]
    for page, host in zip(pages, (True, False), strict=True):
        page.clock.install()
        page.goto(server + "/README.md")
        page.evaluate(COUNT_ASKS)
        page.evaluate(CONNECT, [[DEAD], [], "table-no-fallback", host])
        page.wait_for_function("() => window.net.attempts() === 1 && window.net.fallback().used === false")
        past = LONELY_MS + WATCH_MS  # and FALLBACK_MS
        page.evaluate("ms => setTimeout(() => { window.passed = true; }, ms)", past)  # due after the watcher's look
        page.clock.fast_forward(past)
        page.wait_for_function("() => window.passed === true")  # the watcher has looked at the new time
        assert page.evaluate("() => [window.asked, window.joined, window.net.fallback()]") == [
            0,
            [],
            {"used": False, "urls": []},
        ]
        assert page.evaluate("() => Object.keys(window.net.sockets())") == [DEAD]


def start_tracker(port=0):
    """A tracker (tests/online/tracker.mjs) on ``port`` (0: any): the process and its port."""
    process = subprocess.Popen(
        ["node", str(ROOT / "tests" / "online" / "tracker.mjs"), "--port", str(port), "--lifetime", "400"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    line = process.stdout.readline()  # type: ignore[union-attr]
    assert line, "the local tracker did not start"
    return process, json.loads(line)["port"]


def stop_tracker(process):
    process.stdin.close()  # type: ignore[union-attr]
    process.wait(10)


# No socket of the connection is still connecting (each closed: the next try waits on the clock), or it has
# made its fresh realm.
SETTLED = (
    "() => window.net.attempts() === 2"
    " || Object.values(window.net.sockets()).every((socket) => !socket || socket.readyState === 3)"
)


def test_a_host_whose_tracker_was_given_up_tries_afresh_and_a_guest_joins_once_one_is_back(make_page, server) -> None:
    first, port = start_tracker()
    second = None
    try:
        host, guest = open_pages(make_page, server, clock=True)
        relay = f"ws://127.0.0.1:{port}"
        host_id = host.evaluate(CONNECT, [[relay], [], "table-retry", True])
        host.wait_for_function("() => Object.values(window.net.sockets()).some((s) => s.readyState === 1)")
        stop_tracker(first)
        # trystero tries again after each close, waiting twice as long each time (at random, up to 3.3 s, 6.7 s,
        # 13 s, 27 s, 53 s), and gives the tracker up at the sixth close: the host then makes a fresh realm. Those
        # waits pass on the host's clock, moved on 5 s at a time (each close itself is real: the port refuses)
        for _ in range(600):
            if host.evaluate("() => window.net.attempts()") == 2:
                break
            host.clock.fast_forward(5_000)
            host.wait_for_function(SETTLED)  # the socket a due try made has closed (the port refuses), if one did
        assert host.evaluate("() => window.net.attempts()") == 2, host.evaluate("() => window.net.attempts()")
        assert host.evaluate("() => window.net.self") == host_id  # the same id, in a realm of its own
        assert host.locator("iframe[data-attempt]").evaluate_all("els => els.map((el) => el.dataset.attempt)") == ["2"]
        second, _ = start_tracker(port)
        host.wait_for_function(
            "() => Object.values(window.net.sockets()).some((s) => s.readyState === 1)", timeout=60_000, polling=500
        )
        guest_id = guest.evaluate(CONNECT, [[relay], [], "table-retry", False])
        host.wait_for_function("id => window.joined.includes(id)", arg=guest_id, timeout=30_000)
        guest.wait_for_function("id => window.joined.includes(id)", arg=host_id, timeout=30_000)
        assert host.evaluate("() => window.net.attempts()") == 2
    finally:
        for process in (first, second):
            if process is not None and process.poll() is None:
                stop_tracker(process)


def test_with_the_tracker_dead_a_table_is_made_joined_and_started_through_the_fallback(
    make_page, server, nostr_relay
) -> None:
    # Ann's fallback relay is her setting (Settings → Online → Fallback relays), not the address's
    host = make_page()
    setting = json.dumps({"fallback": nostr_relay})
    host.add_init_script(f"localStorage.setItem('spades-settings', {json.dumps(setting)})")
    host.goto(f"{server}/?fresh=1&lang=en&speed=instant&relay={quote(DEAD)}&ice=none&loopback=1&name=Ann")
    host.wait_for_function("() => ['bidding', 'playing'].includes(document.body.dataset.phase)", timeout=START)
    link = create_table(host)
    assert f"fallback={quote(nostr_relay, safe='')}" in link  # the invitation says where the host listens
    # the room window says which of the host's relays answer: the dead tracker, then the fallback's relay
    host.wait_for_selector(f'#dlg-online [data-fallback="{nostr_relay}"][data-reach="ok"]', timeout=START)
    assert host.locator(f'#dlg-online [data-tracker="{DEAD}"]').count() == 1
    guest = make_page()
    query = link[link.index("?") + 1 : link.index("#")]  # Bo opens the invitation as sent (plus the test's hooks)
    guest.goto(f"{server}/?lang=en&speed=instant&ice=none&loopback=1&name=Bo&{query}{link[link.index('#') :]}")
    guest.wait_for_selector("[data-lobby]", timeout=START)
    sit_ready(guest, "N")
    for seat in "EW":
        host.select_option(f'select[name="level"][data-seat="{seat}"]', "beginner")
    host.wait_for_function(
        "() => document.querySelectorAll('#dlg-online tr[data-kind=\"person\"]').length === 2 && "
        "[...document.querySelectorAll('#dlg-online tr[data-kind=\"person\"]')].every((r) =>"
        " !r.textContent.includes('Not ready'))",
        timeout=START,
    )
    host.click('[data-action="start"]')
    for page, seat in ((host, "S"), (guest, "N")):
        page.wait_for_function(
            "(seat) => !document.querySelector('#dlg-online[open]') && document.body.dataset.seat === seat"
            " && ['bidding', 'playing'].includes(document.body.dataset.phase)",
            arg=seat,
            timeout=START,
        )
    # both pages went through the fallback: its relay answers, the tracker never did
    for page in (host, guest):
        sockets = page.evaluate(
            "async () => Object.entries((await import('/static/online/net.mjs')).relaySockets())"
            ".map(([url, socket]) => [url, socket.readyState === 1])"
        )
        assert dict(sockets) == {DEAD: False, nostr_relay: True}  # the dead one closed, or trying again


def test_the_lobby_lists_the_fallbacks_relay_under_the_dead_tracker(make_page, server, nostr_relay) -> None:
    page = open_game(make_page, server, DEAD, "Ann", "&fallback=" + quote(nostr_relay))
    page.click('[data-action="menu"]')
    page.click('[data-action="online"]')
    page.click('[data-action="lobby"]')
    page.wait_for_selector(f'[data-trackers] [data-fallback="{nostr_relay}"][data-reach="ok"]', timeout=START)
    assert page.inner_text(f'[data-fallback="{nostr_relay}"]') == f"{nostr_relay} (fallback): answers"
    page.wait_for_selector(f'[data-tracker="{DEAD}"][data-reach="none"]', timeout=START)
    assert page.get_attribute("[data-listings]", "data-reach") == "ok"  # the lobby is reached, through the fallback
