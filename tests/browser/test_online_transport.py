"""Online play's transport: two browsers find each other through a real WebTorrent tracker started here on
127.0.0.1 (npm ``bittorrent-tracker``, the kind of server the game uses in production) and talk over a real
WebRTC data channel (host candidates only, ``iceServers: []``). Each connection lives in a realm of its own (a
hidden iframe, static/online/realm.mjs) with the peer id net.mjs chose; what arrives is the page's own data."""

from __future__ import annotations

CONNECT = """async ([relay, table, host]) => {
  const net = await import('/static/online/net.mjs');
  window.got = []; window.joined = [];
  window.net = await net.connect({ host: Boolean(host), tableId: table, secret: 'a secret of the table',
    relays: [relay], ice: [], loopback: true,
    onJoin: (peer) => window.joined.push(peer), onMessage: (peer, data) => window.got.push([peer, data]) });
  return window.net.self;
}"""


def test_two_browsers_exchange_messages_over_webrtc_through_the_local_tracker(make_page, server, tracker) -> None:
    sockets: list[str] = []
    pages = [make_page(), make_page()]
    for page in pages:
        page.on("websocket", lambda ws: sockets.append(ws.url))
        page.goto(server + "/README.md")
    ids = [
        page.evaluate(CONNECT, [tracker, "table-one", host]) for page, host in zip(pages, (True, False), strict=True)
    ]
    assert ids[0] != ids[1] and ids[0].startswith("z") and not ids[1].startswith("z")  # a host's id, a guest's
    assert pages[1].evaluate("(id) => document.querySelector(`iframe[data-peer='${id}']`).hidden", ids[1])
    for page, other in zip(pages, reversed(ids), strict=True):
        page.wait_for_function("id => window.joined.includes(id)", arg=other, timeout=30_000)
    pages[0].evaluate("([id]) => window.net.send({t: 'chat', text: '你好'}, id)", [ids[1]])
    pages[1].wait_for_function("() => window.got.length > 0")
    assert pages[1].evaluate("() => window.got") == [[ids[0], {"t": "chat", "text": "你好"}]]
    assert pages[1].evaluate("() => window.got[0][1] instanceof Object")  # this page's own object, not the realm's
    rtt = pages[1].evaluate("([id]) => window.net.ping(id)", [ids[0]])
    assert isinstance(rtt, (int, float)) and 0 <= rtt < 5000
    # Not JSON objects: dropped at the transport, never handed to the room.
    pages[0].evaluate("([id]) => { window.net.send([1, 2], id); window.net.send('x', id); }", [ids[1]])
    pages[0].evaluate("([id]) => window.net.send({t: 'after'}, id)", [ids[1]])
    pages[1].wait_for_function("() => window.got.length > 1")
    assert [m for _, m in pages[1].evaluate("() => window.got")] == [{"t": "chat", "text": "你好"}, {"t": "after"}]
    assert pages[1].evaluate("() => window.net.dropped()") == 2
    assert sockets and all(url.startswith("ws://127.0.0.1:") for url in sockets), sockets
    # leaving removes the realm: no iframe is left behind
    pages[1].evaluate("() => window.net.leave()")
    assert pages[1].evaluate("(id) => document.querySelector(`iframe[data-peer='${id}']`)", ids[1]) is None


def test_a_different_table_id_or_secret_never_connects(make_page, server, tracker) -> None:
    first, second, third = make_page(), make_page(), make_page()
    for page in (first, second, third):
        page.goto(server + "/README.md")
    first.evaluate(CONNECT, [tracker, "table-two"])
    second.evaluate(CONNECT, [tracker, "table-three"])
    # a third at the first's table, after the second: once it has met the first, the second would have too
    met = third.evaluate(CONNECT, [tracker, "table-two"])
    first.wait_for_function("id => window.joined.includes(id)", arg=met, timeout=30_000)
    assert first.evaluate("() => window.joined") == [met] and second.evaluate("() => window.joined") == []


LOBBY = """async ([relays]) => {
  const { lobby } = await import('/static/online/session.mjs');
  window.lobby = await lobby({ relays, ice: [], loopback: true });
}"""


def test_the_lobby_says_which_trackers_answer(make_page, server, tracker) -> None:
    page = make_page()
    page.goto(server + "/README.md")
    dead = "ws://127.0.0.1:9"  # nothing listens there
    page.evaluate(LOBBY, [[tracker, dead]])
    page.wait_for_function("() => window.lobby.trackers().every((each) => each.reach !== 'trying')", timeout=20_000)
    assert page.evaluate("() => window.lobby.trackers()") == [
        {"url": tracker, "reach": "ok"},
        {"url": dead, "reach": "none"},
    ]
    assert page.evaluate("() => window.lobby.reach()") == "ok"  # one tracker answering is enough
