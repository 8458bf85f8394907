"""Meeting through the fallback on loopback, in headless Chromium (figures, no asserts).

    python benchmarks/bench_fallback.py [--runs 5]

Two pages (contexts of their own) connect to one room with static/online/net.mjs, a host and a guest, on real
WebRTC between browser contexts (host candidates as 127.0.0.1). Printed, per way of meeting, the time from the
guest's connect() to its onJoin of the host (median and worst of --runs, each with a fresh room):

- *tracker*: through a live local tracker (tests/online/tracker.mjs), the baseline in the same run;
- *fallback*: the tracker dead (nothing listens on its port), through a local Nostr relay
  (tests/online/nostr.mjs): FALLBACK_MS (3 s, net.mjs) before the fallback's room is joined, then the relay's
  signalling; the ratio to the baseline says what falling back costs.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import threading
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))
sys.path.insert(0, str(ROOT / "tests" / "browser"))
import serve  # noqa: E402
from conftest import ARGS  # noqa: E402

DEAD = "ws://127.0.0.1:9"
TIMEOUT = 60_000
CONNECT = """async ([relays, fallback, table, host]) => {
  const net = await import('/static/online/net.mjs');
  window.joined = [];
  const start = performance.now();
  window.net = await net.connect({ host: Boolean(host), tableId: table, secret: 'bench', relays, fallback, ice: [],
    loopback: true, onJoin: (peer) => window.joined.push([peer, performance.now() - start]) });
  return window.net.self;
}"""


def node(script: str):
    process = subprocess.Popen(
        ["node", str(ROOT / "tests" / "online" / script), "--lifetime", "900"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    return process, f"ws://127.0.0.1:{json.loads(process.stdout.readline())['port']}"  # type: ignore[union-attr]


def meet(browser, server: str, relays: list[str], fallback: list[str], table: str) -> float:
    """ms from the guest's connect() to its onJoin of the host."""
    pages = []
    for _ in range(2):
        page = browser.new_context().new_page()
        page.goto(server + "/README.md")
        pages.append(page)
    host, guest = pages
    host_id = host.evaluate(CONNECT, [relays, fallback, table, True])
    guest.evaluate(CONNECT, [relays, fallback, table, False])
    guest.wait_for_function("(id) => window.joined.some(([peer]) => peer === id)", arg=host_id, timeout=TIMEOUT)
    took = guest.evaluate("(id) => window.joined.find(([peer]) => peer === id)[1]", host_id)
    for page in pages:
        page.context.close()
    return float(took)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    httpd = serve.make_server(port=0)
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    server = f"http://127.0.0.1:{httpd.server_port}"
    tracker, tracker_url = node("tracker.mjs")
    relay, relay_url = node("nostr.mjs")
    try:
        with sync_playwright() as playwright:
            options = {"args": ARGS, "headless": True}
            if Path("/usr/bin/chromium").exists():
                options["executable_path"] = "/usr/bin/chromium"
            browser = playwright.chromium.launch(**options)
            ways = {"tracker": ([tracker_url], []), "fallback": ([DEAD], [relay_url])}
            times: dict[str, list[float]] = {way: [] for way in ways}
            for run in range(args.runs):
                for way, (relays, fallback) in ways.items():
                    times[way].append(meet(browser, server, relays, fallback, f"bench-{way}-{run}"))
            browser.close()
    finally:
        for process in (tracker, relay):
            process.stdin.close()  # type: ignore[union-attr]
            process.wait(5)
        httpd.shutdown()
    base = statistics.median(times["tracker"])
    for way, values in times.items():
        median = statistics.median(values)
        print(
            f"connect -> host joined  {way:9s} median {median:6.0f} ms   worst {max(values):6.0f} ms"
            f"   ({median / base:4.2f}x the tracker's, {len(values)} runs)"
        )


if __name__ == "__main__":
    main()
