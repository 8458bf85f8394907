"""Main-thread long tasks while computer players think: the page must never freeze.

Plays one whole hand in headless Chromium with three expert bots (the person's
cards clicked as in the browser tests) and prints every main-thread task over
50 ms seen by a ``PerformanceObserver('longtask')`` during the hand.  A
120 ms busy loop run first checks that the observer records long tasks.

    python benchmarks/bench_page_turns.py      (after `make setup`; SPADES_CHROMIUM picks the browser)
"""

from __future__ import annotations

import os
import sys
import threading
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))
sys.path.insert(0, str(ROOT / "tests" / "browser"))

import serve  # noqa: E402
from conftest import ARGS, Table  # noqa: E402
from playwright.sync_api import sync_playwright  # noqa: E402

OBSERVE = """() => { window.__longtasks = [];
  new PerformanceObserver(list => { for (const e of list.getEntries()) window.__longtasks.push(e.duration); })
    .observe({type: 'longtask'}); }"""
BUSY = """() => new Promise(done => setTimeout(() => {
  const start = performance.now(); while (performance.now() - start < 120); done(); }, 0))"""
EXPERTS = {"bots": {"N": "expert", "E": "expert", "W": "expert"}}


def main() -> None:
    httpd = serve.make_server(port=0)
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{httpd.server_address[1]}"
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=os.environ.get("SPADES_CHROMIUM") or None, args=ARGS)
        page = browser.new_page(viewport={"width": 1280, "height": 800})
        table = Table(page, base)
        table.open("fresh=1&seed=21&sound=0", settings=EXPERTS)
        page.evaluate(OBSERVE)
        page.evaluate(BUSY)
        page.wait_for_timeout(200)
        control = page.evaluate("window.__longtasks.length")
        page.evaluate("window.__longtasks = []")
        table.play_hand("3")
        tasks = sorted(round(d) for d in page.evaluate("window.__longtasks"))
        browser.close()
    httpd.shutdown()
    print(f"observer check  a 120 ms busy loop recorded as {control} long task(s)")
    longest = f"{tasks[-1]} ms" if tasks else "none"
    print(f"long tasks      {len(tasks)} over 50 ms during a whole hand with three expert bots; longest {longest}")


if __name__ == "__main__":
    main()
