"""A host-blind table of four people in headless Chromium over real WebRTC on loopback: figures, no asserts (issue 22).

    python benchmarks/bench_blind_browser.py [--hands 3] [--plain 1]

A local WebTorrent tracker (tests/online/tracker.mjs) and scripts/serve.py on 127.0.0.1; four browser contexts
driven as people click (tests/browser/test_online_blind.py's way).  First ``--plain`` hands at a table of four
people without host-blind deals (commit–reveal, the baseline), then ``--hands`` hands at a host-blind table.  For
each hand:

* ``deal``: from the click on *Start* (hand 1) or *Next hand* until every page shows its own 13 cards of the new
  hand (the goal: p95 ≤ 2 s);
* ``card``: from a person's click on a card (its ``pointerdown``) until it shows in the trick on every other
  page (each page notes the time, ``Date.now()``, of its clicks and of each card it draws in the trick: one
  machine, one clock); the
  host-blind table's p95 less the plain table's is what a card's reveal adds (the goal: ≤ 100 ms);
* ``bytes``: what each page received over its connection in the hand (every message as it arrived, net.mjs
  ``spadesTap``), the host's page apart.

All four pages run on this machine's cores, so a host-blind deal here is mostly four devices waiting for each
other's CPU; benchmarks/bench_blind_deal.py gives the deal with a CPU for each device.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import threading
import time
from pathlib import Path
from urllib.parse import quote

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))
sys.path.insert(0, str(ROOT / "tests" / "browser"))
sys.path.insert(0, str(ROOT / "benchmarks"))
import serve  # noqa: E402
from bench_takeover import tracker  # noqa: E402
from conftest import ARGS  # noqa: E402

TIMEOUT = 120_000
NAMES = {"S": "Ann", "N": "Bo", "E": "Cy", "W": "Di"}
WATCH = """
window.spadesHeard = 0;
window.spadesTap = (peer, message) => { window.spadesHeard += JSON.stringify(message).length; };
window.spadesClicks = [];
window.spadesShown = [];
document.addEventListener('pointerdown', (event) => {
  const card = event.target.closest?.('#hand button[data-card]');
  if (card) window.spadesClicks.push([card.getAttribute('aria-label') || '', Date.now()]);
}, true);
new MutationObserver(() => {
  for (const played of document.querySelectorAll('#trick .played[aria-label]')) {
    if (played.dataset.benchSeen) continue;
    played.dataset.benchSeen = '1';
    window.spadesShown.push([played.getAttribute('aria-label'), Date.now()]);
  }
}).observe(document, { childList: true, subtree: true });
null;
"""
HAND = "() => [...document.querySelectorAll('#hand button[data-card]')].map((b) => b.dataset.card)"


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def table(browser, server: str, relay: str, blind: bool):
    """Four pages at a started table (host-blind or not); returns them by seat, the host first."""
    query = f"lang=en&speed=instant&pace=0&sound=0&relay={quote(relay)}&ice=none&loopback=1"

    def page_at(url: str):
        context = browser.new_context()
        page = context.new_page()
        page.set_default_timeout(TIMEOUT)
        page.add_init_script(WATCH)
        page.goto(url)
        return page

    host = page_at(f"{server}/?fresh=1&{query}&name=Ann")
    host.wait_for_function("() => ['bidding','playing'].includes(document.body.dataset.phase)", timeout=TIMEOUT)
    host.click('[data-action="menu"]')
    host.click('[data-action="online"]')
    if blind:
        host.check('#online-create input[name="blind"]')
    host.click('[data-action="create-table"]')
    host.wait_for_selector("[data-invite]", timeout=TIMEOUT)
    link = host.input_value("[data-invite]")
    fragment = link[link.index("#") :]
    pages = {"S": host}
    for seat in "NEW":
        page = page_at(f"{server}/?{query}&name={NAMES[seat]}{fragment}")
        page.wait_for_selector("[data-lobby]", timeout=TIMEOUT)
        page.click(f'[data-sit="{seat}"]')
        page.wait_for_function(f"() => document.body.dataset.seat === '{seat}'", timeout=TIMEOUT)
        page.click('[data-action="ready"]')
        pages[seat] = page
    host.wait_for_function(
        "() => [...document.querySelectorAll('#dlg-online tr[data-kind=\"person\"]')].length === 4 &&"
        " [...document.querySelectorAll('#dlg-online tr[data-kind=\"person\"]')].every((r) =>"
        " !r.textContent.includes('Not ready'))",
        timeout=TIMEOUT,
    )
    return pages


def dealt(pages, before: dict[str, list[str]], started: float) -> float:
    """Seconds from ``started`` until every page shows 13 cards, none of them the ones it showed ``before``."""
    while True:
        hands = {seat: page.evaluate(HAND) for seat, page in pages.items()}
        if (
            all(len(cards) == 13 and set(cards) != set(before[seat]) for seat, cards in hands.items())
            and len({card for cards in hands.values() for card in cards}) == 52
        ):
            return time.monotonic() - started
        if time.monotonic() - started > TIMEOUT / 1000:
            raise TimeoutError(f"no deal on every page: {hands}")
        pages["S"].wait_for_timeout(20)


def play_hand(pages) -> None:
    """Each page bids 2 (or its first bid allowed) or plays its first legal card when it is its turn."""
    for _ in range(2000):
        phases = [page.get_attribute("body", "data-phase") for page in pages.values()]
        if all(phase in ("hand-over", "game-over") for phase in phases):
            return
        moved = False
        for page in pages.values():
            waiting = page.get_attribute("body", "data-await")
            if waiting == "bid":
                two = page.locator('#bid-panel [data-bid="2"]:not([disabled])')
                (two if two.count() else page.locator("#bid-panel [data-bid]:not([disabled])").first).click()
                page.wait_for_function("() => document.body.dataset.await !== 'bid'", timeout=TIMEOUT)
                moved = True
            elif waiting == "play":
                card = page.get_attribute("#hand button[data-card][data-legal='true']", "data-card")
                page.locator(f"#hand button[data-card='{card}']").click(position={"x": 10, "y": 30})
                page.wait_for_function(
                    "card => !document.querySelector(`#hand button[data-card='${card}']`)", arg=card, timeout=TIMEOUT
                )
                moved = True
        if not moved:
            pages["S"].wait_for_timeout(50)
    raise TimeoutError("the hand did not end")


def card_times(pages) -> list[float]:
    """Click → shown in the trick on every other page, in ms, for each card clicked in the hand (and clears)."""
    clicks = {seat: page.evaluate("() => window.spadesClicks.splice(0)") for seat, page in pages.items()}
    shown = {seat: page.evaluate("() => window.spadesShown.splice(0)") for seat, page in pages.items()}
    out = []
    for seat, made in clicks.items():
        for label, at in made:
            seen = [next((t for name, t in shown[other] if name.endswith(": " + label) and t >= at), None)
                    for other in pages if other != seat]  # fmt: skip
            if label and all(t is not None for t in seen):
                out.append(float(max(seen) - at))  # type: ignore[type-var]
    return out


def run_table(browser, server: str, relay: str, blind: bool, hands: int) -> dict[str, list[float]]:
    pages = table(browser, server, relay, blind)
    figures: dict[str, list[float]] = {"deal": [], "card": [], "bytes": [], "host_bytes": []}
    try:
        before = {seat: page.evaluate(HAND) for seat, page in pages.items()}
        for number in range(1, hands + 1):
            for page in pages.values():
                page.evaluate("() => { window.spadesHeard = 0; }")
            if number == 1:
                pages["S"].click('[data-action="start"]')
            else:
                pages["S"].locator("#dlg-hand [data-action='next-hand']").click()
            seconds = dealt(pages, before, time.monotonic())
            figures["deal"].append(seconds)
            play_hand(pages)
            for page in pages.values():
                page.wait_for_function("() => !!document.querySelector('#dlg-hand[open]')", timeout=TIMEOUT)
            cards = card_times(pages)
            figures["card"].extend(cards)
            heard = {seat: page.evaluate("() => window.spadesHeard") for seat, page in pages.items()}
            figures["bytes"].append(float(sum(v for s, v in heard.items() if s != "S")) / 3)
            figures["host_bytes"].append(float(heard["S"]))
            before = {seat: page.evaluate(HAND) for seat, page in pages.items()}
            kind = "host-blind" if blind else "plain"
            print(f"{kind} hand {number}: deal {seconds:5.2f} s, card p50 {statistics.median(cards or [0]):6.1f} ms "
                  f"({len(cards)} cards), a guest received {figures['bytes'][-1] / 1000:7.1f} kB, the host "
                  f"{heard['S'] / 1000:7.1f} kB", flush=True)  # fmt: skip
    finally:
        for page in pages.values():
            page.context.close()
    return figures


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--hands", type=int, default=3)
    parser.add_argument("--plain", type=int, default=1)
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    process, relay = tracker()
    httpd = serve.make_server(port=0)
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    server = f"http://127.0.0.1:{httpd.server_port}"
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path="/usr/bin/chromium", args=ARGS, headless=True)
            plain = run_table(browser, server, relay, False, args.plain) if args.plain else None
            blind = run_table(browser, server, relay, True, args.hands)
            browser.close()
    finally:
        httpd.shutdown()
        process.stdin.close()  # type: ignore[union-attr]
        process.wait(5)

    def line(name: str, values: list[float], unit: str, scale: float = 1.0) -> str:
        p50, p95 = percentile(values, 0.5) * scale, percentile(values, 0.95) * scale
        return f"{name:<18} p50 {p50:8.1f} {unit}  p95 {p95:8.1f} {unit}  ({len(values)})"

    for kind, figures in (("plain", plain), ("host-blind", blind)):
        if figures is None:
            continue
        print(line(f"{kind} deal", figures["deal"], "s"))
        print(line(f"{kind} card", figures["card"], "ms"))
        print(line(f"{kind} guest kB", figures["bytes"], "kB", 1 / 1000))
        print(line(f"{kind} host kB", figures["host_bytes"], "kB", 1 / 1000))
    if plain is not None and plain["card"] and blind["card"]:
        added = percentile(blind["card"], 0.95) - percentile(plain["card"], 0.95)
        print(f"a host-blind card adds {added:.1f} ms at p95 to click -> shown on every other page (goal <= 100 ms)")


if __name__ == "__main__":
    main()
