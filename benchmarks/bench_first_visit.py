"""The first visit on a throttled network (issue 23): time to a readable help and to the first bid (figures, no
asserts).

    python benchmarks/bench_first_visit.py [--runs 1] [--root DIR] [--label NAME] [--steps] [--network NAME]

Headless Chromium (a new profile per run) loads ``/?speed=instant&sound=0`` from scripts/serve.py's handler
on 127.0.0.1 (compressed as a static host does) under Chromium's network emulation (DevTools protocol
``Network.emulateNetworkConditions``: 10 Mbps down / 5 up with 60 ms latency, and 1.6 Mbps / 0.75 with 150 ms).
As soon as the menu button works the script opens *Menu → How to play*, as a person would:

- *help*: the help window's text is on show (``#help-content[data-help=ready]``), ms after the navigation started;
- *bid*: the person can bid (``body[data-await]`` is ``bid`` or ``blind``).

The address decides no game (no ``seed``: one would ask for that game, and a first visit's first hand, drawn before
the engine by static/app/firsthand.py, is only for an address that leaves the game to the page; before that change
the address had ``seed=7``).

*first*: a new profile (empty caches); *later*: the next visit in the same profile, once the service worker has
precached the build and the engine worker has stored its memory snapshot. ``--root`` serves another checkout (with
``static/vendor`` linked in) to measure the page before a change; ``--label`` names its lines; ``--network``
(``10Mbps/60ms`` or ``1.6Mbps/150ms``) measures on that network only. Goals (issue 23):
help readable ≤ 1 s; first bid ≤ 5 s at 10 Mbps.

``--steps`` also prints each run's steps (s after the navigation started): *menu* (the menu button works), *clicked*
(the page hears the click on *How to play*), *waited* (how long that click waited for the main thread: from the
input's time stamp to its handler, s), *opened* (the help window is open), *help*, *closed* (the help window
closed by the page: never by the benchmark), *table* (``body[data-phase]`` left ``loading``: a game is drawn);
the engine worker's *worker* (its script runs), when each of its downloads ended (*wasm*, *stdlib*, *asm.mjs*,
*spades.zip*; from the worker's ``timing`` op) and *zip-asked* (when spades.zip was asked for), *python* (Pyodide
is up), *engine* (the engine imported and ready); the page's *mpy* (MicroPython runs main.py:
``spades:page-python``), *imported* (its modules), *started* (the game on show) and *bid*.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import threading
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))
sys.path.insert(0, str(ROOT / "tests" / "browser"))
import serve  # noqa: E402
from conftest import ARGS  # noqa: E402  (the browser tests' Chromium flags)
from playwright.sync_api import sync_playwright  # noqa: E402

TIMEOUT = 180_000
NETWORKS = (  # name, download and upload bits per second, latency ms
    ("10Mbps/60ms", 10e6, 5e6, 60),
    ("1.6Mbps/150ms", 1.6e6, 0.75e6, 150),
)
QUERY = "speed=instant&sound=0"
PROBE = """(() => {
  const seen = (window.__fv = {help: null, bid: null, menu: null, clicked: null, opened: null, closed: null,
                               table: null});
  const check = () => {
    const body = document.body;
    if (!body) return;
    const menu = document.getElementById("btn-menu");
    if (seen.menu === null && menu && !menu.disabled) seen.menu = performance.now();
    if (seen.bid === null && ["bid", "blind"].includes(body.dataset.await)) seen.bid = performance.now();
    if (seen.table === null && body.dataset.phase && body.dataset.phase !== "loading") seen.table = performance.now();
    const dialog = document.getElementById("dlg-help");
    if (dialog && dialog.open && seen.opened === null) seen.opened = performance.now();
    if (dialog && !dialog.open && seen.opened !== null && seen.closed === null) seen.closed = performance.now();
    const help = document.getElementById("help-content");
    if (seen.help === null && help && help.dataset.help === "ready") seen.help = performance.now();
  };
  new MutationObserver(check).observe(document, {subtree: true, childList: true, attributes: true});
  addEventListener("click", (event) => {  // the benchmark's click on How to play, as the page first hears it
    const item = event.target && event.target.closest && event.target.closest("[data-action=help]");
    if (item && seen.clicked === null) {
      seen.clicked = performance.now();
      seen.waited = seen.clicked - event.timeStamp;  // the click's wait for the main thread (an input's delay)
    }
  }, true);
})()"""
ENGINE_STORED = "window.spades && window.spades.engine.call('timing').then((t) => !!t.stored)"
STEPS = """async () => {
  const t = await window.spades.engine.call('timing');
  const shift = t.origin - performance.timeOrigin;  // the worker's clock to the page's
  const at = (ms) => (typeof ms === 'number' ? ms + shift : null);
  const out = {worker: at(t.worker), python: at(t.python), engine: at(t.engine)};
  const names = {'pyodide/pyodide.asm.wasm': 'wasm', 'pyodide/pyodide.asm.mjs': 'asm.mjs', 'spades.zip': 'spades.zip'};
  for (const d of t.downloads || []) {
    out[names[d.file] || (d.file.endsWith('stdlib.zip') ? 'stdlib' : d.file)] = at(d.end);
    if (d.file === 'spades.zip') out['zip-asked'] = at(d.start);
  }
  if (t.read && t.read['pyodide/pyodide.asm.wasm']) out['wasm-read'] = at(t.read['pyodide/pyodide.asm.wasm']);
  for (const [mark, name] of [['spades:page-python', 'mpy'], ['spades:page-imported', 'imported'],
                              ['spades:page-started', 'started']]) {
    const entry = performance.getEntriesByName(mark)[0];
    out[name] = entry ? entry.startTime : null;
  }
  return out;
}"""
STEP_ORDER = ("menu", "clicked", "waited", "opened", "help", "closed", "table", "worker", "asm.mjs", "zip-asked",
              "spades.zip", "stdlib", "wasm", "wasm-read", "python", "engine", "mpy", "imported", "started",
              "bid")  # fmt: skip


def launch(playwright, profile):
    options = {"headless": True, "args": ARGS, "viewport": {"width": 390, "height": 844}}
    executable = os.environ.get("SPADES_CHROMIUM") or "/usr/bin/chromium"
    if Path(executable).exists():
        options["executable_path"] = executable
    return playwright.chromium.launch_persistent_context(profile, **options)


def throttle(page, down, up, latency):
    cdp = page.context.new_cdp_session(page)
    cdp.send("Network.enable")
    cdp.send(
        "Network.emulateNetworkConditions",
        {"offline": False, "latency": latency, "downloadThroughput": down / 8, "uploadThroughput": up / 8},
    )
    return cdp


def visit(page, url):
    """One load: open the help as soon as the menu works; the two times (ms after the navigation started)."""
    page.goto(url, wait_until="commit")
    page.wait_for_function("!document.getElementById('btn-menu')?.disabled", timeout=TIMEOUT, polling=20)
    page.locator("#btn-menu").click()
    page.locator("#menu [data-action='help']").click()
    page.wait_for_function("window.__fv.help !== null && window.__fv.bid !== null", timeout=TIMEOUT, polling=50)
    return {**page.evaluate(STEPS), **page.evaluate("window.__fv")}


def steps_line(label, network, when, run):
    """One run's steps, in seconds after the navigation started (``--steps``)."""
    parts = [f"{name} {run[name] / 1000:.2f}" for name in STEP_ORDER if run.get(name) is not None]
    return f"steps {label:>6} {network:>14} {when:>5}: " + "  ".join(parts)


def run_once(playwright, url, network):
    _, down, up, latency = network
    result = {}
    with tempfile.TemporaryDirectory() as profile:
        context = launch(playwright, profile)
        try:
            context.add_init_script(PROBE)
            page = context.pages[0] if context.pages else context.new_page()
            throttle(page, down, up, latency)
            result["first"] = visit(page, url)
            page.wait_for_function("document.documentElement.dataset.offline === 'ready'", timeout=TIMEOUT)
            for _ in range(TIMEOUT // 250):
                if page.evaluate(ENGINE_STORED):
                    break
                page.wait_for_timeout(250)
            page.wait_for_timeout(500)  # idle: code caches are written after a load
            result["later"] = visit(page, url)
        finally:
            context.close()
    return result


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=1)
    parser.add_argument("--root", type=Path, default=ROOT)
    parser.add_argument("--label", default="now")
    parser.add_argument("--steps", action="store_true", help="also print each run's steps")
    parser.add_argument("--network", choices=[name for name, *_ in NETWORKS], help="only this network")
    args = parser.parse_args()
    networks = [network for network in NETWORKS if args.network in (None, network[0])]
    httpd = serve.make_server(port=0, directory=args.root)
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{httpd.server_port}/?{QUERY}"
    try:
        with sync_playwright() as playwright:
            for network in networks:
                runs = [run_once(playwright, url, network) for _ in range(args.runs)]
                for when in ("first", "later"):
                    if args.steps:
                        for run in runs:
                            print(steps_line(args.label, network[0], when, run[when]), flush=True)
                    help_ms = statistics.median(run[when]["help"] for run in runs)
                    bid_ms = statistics.median(run[when]["bid"] for run in runs)
                    print(
                        f"first-visit {args.label:>6} {network[0]:>14} {when:>5}: help readable {help_ms / 1000:5.2f} s"
                        f"  first bid {bid_ms / 1000:5.2f} s  (median of {len(runs)}; goals: help ≤ 1 s, bid ≤ 5 s at"
                        " 10 Mbps)",
                        flush=True,
                    )
    finally:
        httpd.shutdown()
        httpd.server_close()


if __name__ == "__main__":
    main()
