"""Start-up of the game page against a bare PyScript + Pyodide page, in headless Chromium (figures, no asserts).

    python benchmarks/bench_startup.py [--runs 3]

Both pages are served by scripts/serve.py's handler (HTTP/1.1, ``Cache-Control: no-cache``, no compression)
on 127.0.0.1, and loaded alternately, each cold run in a new browser with a new profile:

- *spades*: ``index.html?fresh=1&speed=instant&sound=0`` (MicroPython DOM layer, engine in a raw Pyodide worker
  started from the memory snapshot). Interactive: ``body[data-phase]`` has left ``loading`` and a bid button is
  enabled.
- *bare*: a page generated into a temp folder: the vendored PyScript and a ``<script type="py">`` on the
  vendored Pyodide that enables a button; the minimum any PyScript + Pyodide page pays. Interactive: that button
  is enabled.

first-paint is the first contentful paint. *cold*: new browser, empty caches. *warm*: a reload of the same tab;
for spades after its service worker has precached the build (so a returning visitor's load, from Cache Storage),
and *warm-http*: spades with service workers blocked (HTTP cache and code cache only). bytes: response bytes the
server sent (headers included) until interactive, and, for spades, the rest (the service worker's precache: 304s
for what the page already has). Medians of ``--runs`` (and the fastest run); the goals are from issue 3.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import tempfile
import threading
from functools import partial
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))
sys.path.insert(0, str(ROOT / "tests" / "browser"))
import serve  # noqa: E402
from conftest import ARGS  # noqa: E402  (the browser tests' Chromium flags)

TIMEOUT = 120_000

BARE_PAGE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>bare PyScript + Pyodide</title>
<link rel="icon" href="data:,">
<script type="module" src="static/vendor/pyscript/core.js"></script>
</head>
<body data-phase="loading">
<h1>Bare PyScript page</h1>
<button type="button" id="go" disabled>Bid</button>
<script type="py" config='{"interpreter": "static/vendor/pyodide/pyodide.mjs"}'>
from pyscript import document
document.getElementById("go").disabled = False
document.body.dataset.phase = "ready"
</script>
</body></html>
"""

# Runs in every document before its scripts: the time the page becomes interactive, by a MutationObserver.
PROBE = """(() => {
  window.__bench = {};
  const interactive = () => document.body && document.body.dataset.phase !== "loading"
    && document.querySelector("#go:not([disabled]), #bid-panel [data-bid]:not([disabled])");
  const check = () => {
    if (!window.__bench.interactive && interactive()) window.__bench.interactive = performance.now();
  };
  new MutationObserver(check).observe(document, { subtree: true, childList: true, attributes: true });
})()"""

# engine: when the worker's Python had the engine imported, on the page's clock
COLLECT = """async () => {
  const started = window.spades?.engine?.started ? await window.spades.engine.started : null;
  return {
    fcp: performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? null,
    interactive: window.__bench.interactive,
    snapshot: document.documentElement.dataset.engineSnapshot ?? null,
    engine: started ? started.origin + started.engine - performance.timeOrigin : null,
  };
}"""


class Counter:
    def __init__(self):
        self.lock = threading.Lock()
        self.bytes = 0

    def add(self, n):
        with self.lock:
            self.bytes += n

    def take(self):
        with self.lock:
            n, self.bytes = self.bytes, 0
            return n


class CountingWriter:
    def __init__(self, raw, counter):
        self.raw, self.counter = raw, counter

    def write(self, data):
        self.counter.add(len(data))
        return self.raw.write(data)

    def __getattr__(self, name):
        return getattr(self.raw, name)


def start_server(directory, counter):
    class Handler(serve.Handler):
        quiet = True

        def setup(self):
            super().setup()
            self.wfile = CountingWriter(self.wfile, counter)

    httpd = serve.Server((serve.HOST, 0), partial(Handler, directory=str(directory)))
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    return httpd


def launch(playwright, profile, service_workers):
    """A new browser on a new profile (a disk cache, as a person's browser has)."""
    options = {"headless": True, "args": ARGS, "service_workers": "allow" if service_workers else "block"}
    executable = os.environ.get("SPADES_CHROMIUM") or "/usr/bin/chromium"
    if Path(executable).exists():
        options["executable_path"] = executable
    return playwright.chromium.launch_persistent_context(profile, **options)


def load(page, reload=False, url=None):
    if reload:
        page.reload(wait_until="commit")
    else:
        page.goto(url, wait_until="commit")
    page.wait_for_function("window.__bench && window.__bench.interactive", timeout=TIMEOUT, polling=50)
    page.wait_for_timeout(100)  # let the paint timing entries land
    return page.evaluate(COLLECT)


def run_once(playwright, name, url, counter, service_workers=True):
    """In a new profile: cold, warm (2nd load), later (3rd load), then restart (a new browser, same profile)."""
    with tempfile.TemporaryDirectory() as profile:
        context = launch(playwright, profile, service_workers)
        try:
            context.add_init_script(PROBE)
            page = context.pages[0] if context.pages else context.new_page()
            counter.take()
            result = {"cold": load(page, url=url)}
            result["cold"]["bytes"] = counter.take()
            if name == "spades" and service_workers:
                page.wait_for_function("document.documentElement.dataset.offline === 'ready'", timeout=TIMEOUT)
                result["cold"]["precache_bytes"] = counter.take()
            for when in ("warm", "later"):
                page.wait_for_timeout(500)  # idle: code caches are written after a load
                counter.take()
                result[when] = load(page, reload=True)
                result[when]["bytes"] = counter.take()
        finally:
            context.close()
        context = launch(playwright, profile, service_workers)
        try:
            context.add_init_script(PROBE)
            page = context.pages[0] if context.pages else context.new_page()
            result["restart"] = load(page, url=url)
        finally:
            context.close()
    return result


def median(runs, key, field):
    values = [run[key][field] for run in runs if run[key].get(field) is not None]
    return statistics.median(values) if values else None


def least(runs, key, field):
    values = [run[key][field] for run in runs if run[key].get(field) is not None]
    return min(values) if values else None


def fmt_ms(value):
    return "   -   " if value is None else f"{value:5.0f} ms"


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3, help="cold+warm runs per page (default 3)")
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    counter = Counter()
    with tempfile.TemporaryDirectory() as bare_dir:
        (Path(bare_dir) / "bare.html").write_text(BARE_PAGE)
        (Path(bare_dir) / "static").symlink_to(ROOT / "static")
        spades_server = start_server(ROOT, counter)
        bare_server = start_server(bare_dir, counter)
        urls = {
            "spades": f"http://127.0.0.1:{spades_server.server_port}/?fresh=1&speed=instant&sound=0",
            "bare": f"http://127.0.0.1:{bare_server.server_port}/bare.html",
        }
        results = {"spades": [], "bare": [], "spades-http": []}
        with sync_playwright() as playwright:
            for _ in range(args.runs):
                results["spades"].append(run_once(playwright, "spades", urls["spades"], counter))
                results["bare"].append(run_once(playwright, "bare", urls["bare"], counter))
                results["spades-http"].append(
                    run_once(playwright, "spades", urls["spades"], counter, service_workers=False)
                )
        spades_server.shutdown()
        bare_server.shutdown()

    report(results, args.runs)


def report(results, runs):
    loads = ("cold", "warm", "later", "restart")
    snapshots = {run[when]["snapshot"] for run in results["spades"] + results["spades-http"] for when in loads}
    build = json.loads(serve.manifest_texts(ROOT)["build.json"])
    print(
        f"start-up, median of {runs}: the spades page vs a bare PyScript + Pyodide page, headless Chromium, "
        f"{os.cpu_count()} cores, load average {os.getloadavg()[0]:.1f}"
    )
    print("cold: new profile; warm: 2nd load; later: 3rd load; restart: new browser, same profile; best: fastest run;")
    print("no-sw: spades with service workers blocked (HTTP cache only)")
    print(f"engine worker started from the snapshot: {', '.join(sorted(snapshots))}")
    figures = {}

    def line(label, when, ours, field):
        mine, bare = median(results[ours], when, field), median(results["bare"], when, field)
        best, bare_best = least(results[ours], when, field), least(results["bare"], when, field)
        figures[(label, when if ours == "spades" else "no-sw " + when)] = mine
        ratio = f"  ratio {mine / bare:4.2f}" if mine and bare else ""
        shown = when if ours == "spades" else f"{when} no-sw"
        print(
            f"{label:<12} {shown:<13} spades {fmt_ms(mine)}  bare {fmt_ms(bare)}{ratio}"
            f"   (best: spades {fmt_ms(best).strip()}, bare {fmt_ms(bare_best).strip()})"
        )

    for when in loads:
        line("first-paint", when, "spades", "fcp")
        line("interactive", when, "spades", "interactive")
    for when in ("warm", "restart"):
        line("interactive", when, "spades-http", "interactive")
    engine = "  ".join(f"{when} {fmt_ms(median(results['spades'], when, 'engine')).strip()}" for when in loads)
    print(f"engine ready (worker has Python and the engine): {engine}")
    first, bare_first = median(results["spades"], "cold", "bytes"), median(results["bare"], "cold", "bytes")
    precache = median(results["spades"], "cold", "precache_bytes")
    print(
        f"bytes        first load    spades {first / 1e6:5.1f} MB  bare {bare_first / 1e6:5.1f} MB  "
        f"ratio {first / bare_first:4.2f}  (then {precache / 1e6:.2f} MB for the service worker's precache;"
        f" offline build {build['bytes'] / 1e6:.1f} MB in {len(build['files'])} files)"
    )
    warm, bare_warm = median(results["spades"], "warm", "bytes"), median(results["bare"], "warm", "bytes")
    print(f"bytes        warm          spades {warm / 1e3:5.1f} kB  bare {bare_warm / 1e3:5.1f} kB")
    ratio = figures[("interactive", "cold")] / median(results["bare"], "cold", "interactive")
    goals = [
        ("warm interactive <= 1000 ms", figures[("interactive", "warm")], 1000),
        ("first paint <= 300 ms", max(figures[("first-paint", when)] for when in loads), 300),
        ("cold interactive <= 1.1 x bare", ratio, 1.1),
    ]
    for goal, value, limit in goals:
        shown = f"{value:.2f}" if limit < 10 else f"{value:.0f} ms"
        print(f"goal {goal:<32} {'met' if value <= limit else 'MISSED'} ({shown})")


if __name__ == "__main__":
    main()
