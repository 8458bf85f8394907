"""Online play on loopback, in headless Chromium (figures, no asserts).

    python benchmarks/bench_online.py [--hands 1] [--seated 1] [--seated-only] [--stock]

A local WebTorrent tracker (tests/online/tracker.mjs) and scripts/serve.py on 127.0.0.1; real WebRTC between
browser contexts (host candidates offered as 127.0.0.1). Printed:

- *intent → on every peer*: for each bid and card of a whole hand played by four people (the host's page and
  three guests, each answering its own turn at once through static/online/session.mjs), the time from the
  sender's intent to the moment the last of the four pages holds the state with that move (Date.now(), one
  machine clock). Rendering the state is synchronous after that and animations are excluded.
  The baseline in the same run: a round trip to the host's engine worker alone (``room_tick``) from the host's
  page, so the network's share shows.
- *link → seated*: a guest opens the invite link (the game page with ``?name=``), the room appears, it clicks a
  seat, until its name shows in that seat; cold (new browser context) and warm (a reload of the same page); with
  each, the guest's peer id and the host's (read from their announces to the tracker) and which sorts above:
  before each connection had its own id (static/online/net.mjs), a guest above the host waited for the host's
  next announcement (10 s here, up to 2 minutes on a stock tracker: ``--stock``).
- *bytes added to the solo start*: response bytes for the online files (static/online/, trystero, static/app/online*)
  during a solo page load (goal 0), and what online play adds to the message catalog everyone loads.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import threading
import time
from pathlib import Path
from urllib.parse import quote

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))
sys.path.insert(0, str(ROOT / "tests" / "browser"))
import serve  # noqa: E402
from conftest import ARGS  # noqa: E402
from test_online_room import AUTOPLAY, GUEST, HOST, SIT  # noqa: E402

TIMEOUT = 120_000
# Every page logs when it sends an intent and when it receives each state (with its events).
LOG = """() => {
  window.sent = []; window.recv = [];
  const send = window.online.send.bind(window.online);
  window.online.send = (m) => { if (m.t === 'intent') window.sent.push([Date.now(), m.intent]); return send(m); };
}"""
GUEST_LOG = """() => { const push = window.got.push.bind(window.got);
  window.got.push = (m) => {
    if (m.t === 'state') window.recv.push([Date.now(), m.events || []]);
    return push(m); }; }"""
HOST_LOG = """() => { const push = window.local.push.bind(window.local);
  window.local.push = (m) => { if (m.t === 'state') { window.recv.push([Date.now(), m.events || []]);
    window.autoplay(m.state); } return push(m); }; }"""


def tracker(stock: bool = False):
    process = subprocess.Popen(
        ["node", str(ROOT / "tests" / "online" / "tracker.mjs"), "--lifetime", "600", *(["--stock"] if stock else [])],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    return process, f"ws://127.0.0.1:{json.loads(process.stdout.readline())['port']}"  # type: ignore[union-attr]


def move_key(intent: dict) -> str:
    return str(intent.get("card") or intent.get("bid"))


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def hand_latencies(browser, server: str, relay: str) -> tuple[list[float], list[float]]:
    pages = {}
    host_context = browser.new_context()
    host = host_context.new_page()
    host.goto(server + "/?fresh=1&lang=en&sound=0")
    pub = host.evaluate(HOST, [relay, "bench", "bench-secret", {}])
    for seat in "NEW":
        page = browser.new_context().new_page()
        page.goto(server + "/README.md")
        page.evaluate(GUEST, [relay, "bench", "bench-secret", seat, pub])
        page.wait_for_function("() => window.got.some((m) => m.t === 'welcome')", timeout=TIMEOUT)
        page.evaluate(SIT, [seat])
        pages[seat] = page
    host.wait_for_function(
        "() => { const r = window.local.filter((m) => m.t === 'room').at(-1);"
        " return r && ['N', 'E', 'W'].every((s) => r.seats[s].ready); }",
        timeout=TIMEOUT,
    )
    # the engine worker alone, from the host's page: the baseline
    worker = host.evaluate(
        """async () => { const times = [];
        for (let i = 0; i < 40; i++) { const t = performance.now();
          await window.spades.engine.request('room_tick', JSON.stringify({ table: 'online', now: Date.now() }));
          times.push(performance.now() - t); } return times; }"""
    )
    everyone = [host, *pages.values()]
    for page in everyone:
        page.evaluate(AUTOPLAY)
        page.evaluate(LOG)
    for page in pages.values():
        page.evaluate(GUEST_LOG)
    host.evaluate(HOST_LOG)
    host.evaluate("() => window.online.send({t: 'start'})")
    host.wait_for_function(
        "() => window.local.some((m) => m.t === 'state' && !['bidding', 'playing'].includes(m.state.phase))",
        timeout=TIMEOUT,
    )
    time.sleep(1)
    sent = [(t, move_key(i)) for page in everyone for t, i in page.evaluate("() => window.sent")]
    seen: list[dict[str, float]] = []
    for page in everyone:
        first: dict[str, float] = {}
        for t, events in page.evaluate("() => window.recv"):
            for event in events:
                if event.get("type") in ("bid", "play"):
                    first.setdefault(str(event.get("card") or event.get("bid")), t)
        seen.append(first)
    latencies = []
    for t, key in sent:
        arrivals = [first.get(key) for first in seen]
        if all(a is not None for a in arrivals):
            latencies.append(max(arrivals) - t)  # type: ignore[type-var]
    for page in everyone:
        page.context.close()
    return latencies, worker


def peer_ids(page) -> dict[str, str]:
    """Record the page's trystero peer id per room (info_hash), read from its announces to the tracker, and when
    (perf_counter) it first announced (key ``""``): the page has started and its connection begins."""
    ids: dict[str, str] = {}
    first: list[float] = []

    def frame(payload) -> None:
        try:
            data = json.loads(payload)
        except (TypeError, ValueError):
            return
        if isinstance(data, dict) and data.get("action") == "announce" and "info_hash" in data:
            ids.setdefault(str(data["info_hash"]), str(data.get("peer_id")))
            if not first:
                first.append(time.perf_counter())
                ids[""] = str(first[0])

    page.on("websocket", lambda ws: ws.on("framesent", frame))
    return ids


def link_to_seated(browser, server: str, relay: str) -> tuple[float, float, list[str]]:
    """Cold and warm link → seated in ms, and the peer ids (host and each join) with who sorts above whom."""
    host = browser.new_context().new_page()
    host_ids = peer_ids(host)
    host.goto(f"{server}/?fresh=1&lang=en&relay={quote(relay)}&ice=none&loopback=1&name=Ann")
    host.wait_for_function("() => ['bidding','playing'].includes(document.body.dataset.phase)", timeout=TIMEOUT)
    host.click('[data-action="menu"]')
    host.click('[data-action="online"]')
    host.click('[data-action="create-table"]')
    host.wait_for_selector("[data-invite]", timeout=TIMEOUT)
    link = host.input_value("[data-invite]")
    fragment = link[link.index("#") :]
    url = f"{server}/?lang=en&relay={quote(relay)}&ice=none&loopback=1&name=Bo{fragment}"
    guest = browser.new_context().new_page()
    results = []
    notes = []
    for seat in ("N", "E"):
        guest_ids = peer_ids(guest)
        start = time.perf_counter()
        if seat == "N":
            guest.goto(url)
        else:
            guest.reload()
        guest.wait_for_selector(f'[data-sit="{seat}"]', timeout=TIMEOUT)
        guest.click(f'[data-sit="{seat}"]')
        guest.wait_for_function(
            f"() => document.querySelector('#dlg-online tr[data-occupant=\"{seat}\"]')?.textContent.includes('Bo')",
            timeout=TIMEOUT,
        )
        done = time.perf_counter()
        results.append((done - start) * 1000)
        announced = float(guest_ids.pop("", done))
        for room, mine in guest_ids.items():
            theirs = host_ids.get(room, "?")
            order = ">" if mine > theirs else "<"
            notes.append(
                f"guest {mine} {order} host {theirs}: page start {(announced - start) * 1000:5.0f} ms,"
                f" first announce -> seated {(done - announced) * 1000:5.0f} ms"
            )
        if seat == "N":
            guest.click('[data-action="stand"]')
            guest.wait_for_selector('[data-sit="N"]', timeout=TIMEOUT)
    guest.context.close()
    host.context.close()
    return results[0], results[1], notes


def solo_bytes(browser, server: str) -> int:
    context = browser.new_context()
    page = context.new_page()
    online = []

    def response(resp):
        url = resp.url
        if "/static/online/" in url or "/vendor/trystero/" in url or "/static/app/online" in url:
            online.append(len(resp.body() or b""))

    page.on("response", response)
    page.goto(server + "/?fresh=1&lang=en&sound=0")
    page.wait_for_function("() => ['bidding','playing'].includes(document.body.dataset.phase)", timeout=TIMEOUT)
    page.wait_for_timeout(1000)
    context.close()
    return sum(online)


def catalog_share() -> tuple[int, int]:
    catalog = json.loads((ROOT / "spades" / "i18n" / "messages.json").read_text())["messages"]
    online = {k: v for k, v in catalog.items() if k.startswith("online_")}
    return len(json.dumps(online, ensure_ascii=False).encode()), len(json.dumps(catalog, ensure_ascii=False).encode())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=1)
    parser.add_argument("--seated", type=int, default=1, help="how many link -> seated runs (a new host each)")
    parser.add_argument("--seated-only", action="store_true", help="only link -> seated")
    parser.add_argument("--stock", action="store_true", help="the tracker at the package's stock interval")
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    httpd = serve.make_server(port=0)
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    server = f"http://127.0.0.1:{httpd.server_port}"
    process, relay = tracker(args.stock)
    try:
        with sync_playwright() as playwright:
            options = {"args": ARGS, "headless": True}
            if Path("/usr/bin/chromium").exists():
                options["executable_path"] = "/usr/bin/chromium"
            browser = playwright.chromium.launch(**options)
            latencies: list[float] = []
            worker: list[float] = []
            for _ in range(0 if args.seated_only else args.hands):
                moves, base = hand_latencies(browser, server, relay)
                latencies += moves
                worker += base
            seated = [link_to_seated(browser, server, relay) for _ in range(args.seated)]
            added = 0 if args.seated_only else solo_bytes(browser, server)
            browser.close()
    finally:
        process.stdin.close()  # type: ignore[union-attr]
        process.wait(5)
        httpd.shutdown()
    for cold, warm, notes in seated:
        print(f"link -> seated            cold {cold:6.0f} ms   warm (reload) {warm:6.0f} ms   (goal warm <= 3000 ms)")
        for note in notes:
            print(f"                          {note}")
    if args.seated_only:
        return
    share, total = catalog_share()
    print(
        f"intent -> on every peer   {len(latencies)} moves  p50 {statistics.median(latencies):6.1f} ms  "
        f"p95 {percentile(latencies, 0.95):6.1f} ms  max {max(latencies):6.1f} ms   (goal p95 <= 150 ms)"
    )
    print(
        f"engine worker alone       {len(worker)} calls  p50 {statistics.median(worker):6.1f} ms  "
        f"p95 {percentile(worker, 0.95):6.1f} ms   ratio p50 online/worker "
        f"{statistics.median(latencies) / max(statistics.median(worker), 0.01):.1f}x"
    )
    print(f"bytes added to solo start {added} B of online code (goal 0); catalog: online texts {share} B of {total} B")


if __name__ == "__main__":
    main()
