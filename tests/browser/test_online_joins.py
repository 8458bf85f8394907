"""Joining never depends on luck (issue 21): through a tracker at the package's stock interval (10 minutes, told
to WebSocket clients as 2: what public trackers say), every guest is seated within 5 s of opening the table,
whatever its random peer id, over 20 joins: three guests join, then reload in turn and come back to their seats,
each time with a fresh id. The host's id sorts above every guest's (static/online/net.mjs), so the host answers
each guest's offers at once; nothing waits for a re-announce (docs/online.md, "Finding each other"). Someone
leaving is no error on anyone's page (no "Trystero peer error: … Close called")."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SEATED_MS = 5000
JOINS = 20
SEATS = ("N", "E", "W")

# The host: session.mjs host() on the game page (its engine runs the room); South is the host's own seat.
HOST = """async ([relay, table, secret]) => {
  await window.spades.engineReady;
  const { host } = await import('/static/online/session.mjs');
  window.online = await host({ engine: window.spades.engine, tableId: table, secret, relays: [relay], ice: [],
    loopback: true, name: 'Ann', seat: 'S', rules: { preset: 'standard' }, room: { kind: 'casual' }, seed: 5 });
  return [window.online.pub, window.online.self];
}"""

# A guest of session.mjs on a page of its own; seated: its name in its seat in a room message (a first join sits
# on welcome, a returning one is welcomed back to its seat with its token). Times are the page's own clock.
GUEST = """async ([relay, table, secret, name, seat, hostPub, token]) => {
  const { guest } = await import('/static/online/session.mjs');
  window.got = []; window.seated = null;
  const start = Date.now();
  const options = { tableId: table, secret, hostPub, relays: [relay], ice: [], loopback: true, name, lang: 'en',
    onMessage: (m) => {
      window.got.push(m);
      if (m.t === 'welcome' && m.you.seat === null) window.online.send({ t: 'sit', seat });
      const mine = m.t === 'room' && m.seats[seat];
      if (mine && mine.name === name && mine.occupant === 'person' && window.seated === null) {
        window.seated = { ms: Date.now() - start, id: window.online.self };
      }
    } };
  if (token) options.token = token;
  window.online = await guest(options);
  return window.online.self;
}"""


@pytest.fixture
def stock_tracker():
    """A tracker at the package's stock interval (tests/online/tracker.mjs --stock, scripts/relay.mjs)."""
    process = subprocess.Popen(
        ["node", str(ROOT / "tests" / "online" / "tracker.mjs"), "--stock", "--lifetime", "300"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        started = json.loads(process.stdout.readline())  # type: ignore[union-attr]
        assert started["interval"] == 600
        yield f"ws://127.0.0.1:{started['port']}"
    finally:
        process.stdin.close()  # type: ignore[union-attr]
        process.wait(5)


def told_intervals(page) -> list[int]:
    """The announce intervals the tracker told this page's connections (every frame of the page, iframes too)."""
    told: list[int] = []

    def frame(payload) -> None:
        data = json.loads(payload) if isinstance(payload, str) and payload.startswith("{") else {}
        if isinstance(data.get("interval"), int):
            told.append(data["interval"])

    page.on("websocket", lambda ws: ws.on("framereceived", frame))
    return told


def test_every_guest_is_seated_within_5_s_whatever_its_id_at_the_stock_interval(make_page, server, stock_tracker):
    host = make_page()
    errors: list[str] = []
    host.on("console", lambda msg: msg.type == "error" and "Trystero" in msg.text and errors.append(msg.text))
    host.goto(server + "/?fresh=1&seed=5&lang=en")
    pub, host_id = host.evaluate(HOST, [stock_tracker, "room-joins", "secret-joins"])
    guests = {seat: make_page() for seat in SEATS}
    told = {seat: told_intervals(page) for seat, page in guests.items()}
    for page in guests.values():
        page.on("console", lambda msg: msg.type == "error" and "Trystero" in msg.text and errors.append(msg.text))
    tokens: dict[str, str | None] = dict.fromkeys(SEATS)
    joins: list[tuple[str, str, int]] = []  # (seat, the guest's id when seated, ms)
    for n in range(JOINS):
        seat = SEATS[n % len(SEATS)]
        page = guests[seat]
        if tokens[seat] is None:
            page.goto(server + "/README.md")
        else:
            page.reload()  # a new page: it comes back with its seat token and a fresh id
        first = page.evaluate(
            GUEST, [stock_tracker, "room-joins", "secret-joins", "Guest " + seat, seat, pub, tokens[seat]]
        )
        try:
            page.wait_for_function("() => window.seated !== null", timeout=SEATED_MS + 2000)
        except Exception:  # Playwright's TimeoutError: the failure names the join
            pytest.fail(
                f"join {n + 1}: guest {first} (host {host_id}) not seated at {seat} after {SEATED_MS + 2000} ms"
            )
        seated = page.evaluate("() => window.seated")
        assert seated["ms"] <= SEATED_MS, f"join {n + 1}: guest {seated['id']} (host {host_id}) took {seated['ms']} ms"
        joins.append((seat, seated["id"], seated["ms"]))
        tokens[seat] = page.evaluate("() => window.got.find((m) => m.t === 'welcome').you.token")
    ids = [guest_id for _, guest_id, _ in joins]
    print("host", host_id, "joins", joins)  # shown with -s: each guest's id and time
    assert len(set(ids)) == JOINS  # a fresh id for every join
    # The guests' ids fall all over the id space: digits and capitals (below "a") and small letters alike, where a
    # host with a random id would sit somewhere among them; the host's sorts above every one of them.
    assert min(ids) < "a" <= max(ids)
    assert all(guest_id < host_id for guest_id in ids)
    # the tracker said the stock interval (a fifth of 10 minutes) and no one waited for it
    assert all(told[seat] and set(told[seat]) == {120} for seat in SEATS), told
    assert errors == []  # 17 reloads: each a leave the others' pages saw
