"""Start-up of the game page against a bare PyScript + Pyodide page, in headless Chromium (figures, no asserts).

    python benchmarks/bench_startup.py [--runs 3]

Both pages are served by scripts/serve.py's handler (HTTP/1.1, ``Cache-Control: no-cache``, compressed as a
static host does: the precompressed .br copies, else gzip) on 127.0.0.1, and loaded alternately, each cold run in
a new browser with a new profile:

- *spades*: ``index.html?fresh=1&speed=instant&sound=0`` (MicroPython DOM layer, engine in a raw Pyodide worker:
  a plain start on the first visit, which then stores a memory snapshot in Cache Storage; later visits restore
  it). Interactive: ``body[data-phase]`` has left ``loading`` and a bid button is enabled.
- *bare*: a page generated into a temp folder: the vendored PyScript and a ``<script type="py">`` that runs
  ``print(1)`` and enables a button, on Pyodide as npm ships it (node_modules/pyodide: the whole stdlib and the
  lock file, with .br/.gz copies made here like vendor.py's); the minimum any PyScript + Pyodide page pays.
  Interactive: that button is enabled.

first-paint is the first contentful paint. *cold*: new browser, empty caches (the first visit). *warm*: a reload
of the same tab, for spades after its service worker has precached the build and its worker has stored the
snapshot (a returning visitor). *later*: a third load. *restart*: a new browser on the same profile.
*no-snap*: spades warm, with the stored snapshot deleted first (a plain start from cached files: what a page
where Cache Storage is blocked pays every time). *no-sw*: spades with service workers blocked (HTTP cache only).
bytes: response bytes the server sent (headers included, bodies compressed) until interactive, and, for spades,
the rest (the service worker's precache: 304s for what the page already has). Medians of ``--runs`` (and the
fastest run); the goals are from issues 3 and 11.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
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
import vendor  # noqa: E402
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
print(1)
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
STORED = "window.spades.engine.call('timing').then((t) => t.stored ? t : null)"
FORGET = "caches.delete('spades.engine-snapshot')"


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


def wait_stored(page):
    """The worker's timing once it has stored the snapshot of its plain start."""
    for _ in range(TIMEOUT // 250):
        stored = page.evaluate(STORED)
        if stored:
            return stored
        page.wait_for_timeout(250)
    raise TimeoutError("the engine snapshot was never stored")


def run_once(playwright, name, url, counter, service_workers=True):
    """In a new profile: cold, warm (2nd load), later (3rd load), no-snap; then restart (new browser, same profile)."""
    spades = name == "spades"
    with tempfile.TemporaryDirectory() as profile:
        context = launch(playwright, profile, service_workers)
        try:
            context.add_init_script(PROBE)
            page = context.pages[0] if context.pages else context.new_page()
            counter.take()
            result = {"cold": load(page, url=url)}
            result["cold"]["bytes"] = counter.take()
            if spades:
                stored = wait_stored(page)
                result["cold"]["stored"] = stored["stored"] - stored["engine"]
                result["cold"]["stored_bytes"] = stored["storedBytes"]
                if service_workers:
                    page.wait_for_function("document.documentElement.dataset.offline === 'ready'", timeout=TIMEOUT)
                result["cold"]["precache_bytes"] = counter.take()
            for when in ("warm", "later", "no-snap") if spades else ("warm", "later"):
                page.wait_for_timeout(500)  # idle: code caches are written after a load
                if when == "no-snap":
                    page.evaluate(FORGET)
                counter.take()
                result[when] = load(page, reload=True)
                result[when]["bytes"] = counter.take()
            if spades:
                wait_stored(page)  # made again after no-snap: the restart has one
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


def bare_site(folder):
    """The bare page's site: the vendored PyScript, and Pyodide as npm ships it, with .br/.gz copies."""
    (folder / "bare.html").write_text(BARE_PAGE)
    (folder / "static" / "vendor").mkdir(parents=True)
    (folder / "static" / "vendor" / "pyscript").symlink_to(ROOT / "static" / "vendor" / "pyscript")
    pyodide = folder / "static" / "vendor" / "pyodide"
    pyodide.mkdir()
    for name in ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json"):
        shutil.copy2(ROOT / "node_modules" / "pyodide" / name, pyodide / name)
    vendor.compress(pyodide, ROOT / "static" / "vendor" / "pyodide")  # the same runtime files: the same copies


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3, help="cold+warm runs per page (default 3)")
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    counter = Counter()
    with tempfile.TemporaryDirectory() as bare_dir:
        bare_site(Path(bare_dir))
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
    build = json.loads(serve.manifest_texts(ROOT)["build.json"])
    print(
        f"start-up, median of {runs}: the spades page vs a bare PyScript + Pyodide page, headless Chromium, "
        f"{os.cpu_count()} cores, load average {os.getloadavg()[0]:.1f}, compressed as a static host sends"
    )
    print("cold: first visit (new profile); warm: 2nd load; later: 3rd load; restart: new browser, same profile;")
    print("no-snap: warm with the stored snapshot deleted (plain start); no-sw: service workers blocked; best: fastest")
    for when in (*loads, "no-snap"):
        seen = {run[when]["snapshot"] for run in results["spades"] if when in run}
        print(f"engine started from this browser's snapshot ({when}): {', '.join(sorted(seen))}")
    figures = {}

    def line(label, when, ours, field, bare_when=None):
        bare_when = bare_when or when
        mine, bare = median(results[ours], when, field), median(results["bare"], bare_when, field)
        best, bare_best = least(results[ours], when, field), least(results["bare"], bare_when, field)
        shown = when if ours == "spades" else f"{when} no-sw"
        figures[(label, shown)] = mine
        ratio = f"  ratio {mine / bare:4.2f}" if mine and bare else ""
        print(
            f"{label:<12} {shown:<13} spades {fmt_ms(mine)}  bare {fmt_ms(bare)}{ratio}"
            f"   (best: spades {fmt_ms(best).strip()}, bare {fmt_ms(bare_best).strip()})"
        )

    for when in loads:
        line("first-paint", when, "spades", "fcp")
        line("interactive", when, "spades", "interactive")
    line("interactive", "no-snap", "spades", "interactive", "warm")
    for when in ("warm", "restart"):
        line("interactive", when, "spades-http", "interactive")
    engine = "  ".join(
        f"{when} {fmt_ms(median(results['spades'], when, 'engine')).strip()}" for when in (*loads, "no-snap")
    )
    print(f"engine ready (worker has Python and the engine): {engine}")
    stored = median(results["spades"], "cold", "stored")
    stored_bytes = median(results["spades"], "cold", "stored_bytes")
    print(
        f"snapshot     first visit   stored {stored / 1000:.1f} s after the engine was ready, "
        f"{stored_bytes / 1e6:.1f} MB in Cache Storage"
    )
    first, bare_first = median(results["spades"], "cold", "bytes"), median(results["bare"], "cold", "bytes")
    precache = median(results["spades"], "cold", "precache_bytes")
    print(
        f"bytes        first visit   spades {first / 1e6:5.2f} MB  bare {bare_first / 1e6:5.2f} MB  "
        f"ratio {first / bare_first:4.2f}  (then {precache / 1e6:.2f} MB for the service worker's precache;"
        f" offline build {build['bytes'] / 1e6:.1f} MB in {len(build['files'])} files, uncompressed)"
    )
    for when in ("warm", "no-snap"):
        mine = median(results["spades"], when, "bytes")
        bare = median(results["bare"], "warm", "bytes")
        print(f"bytes        {when:<13} spades {mine / 1e3:5.1f} kB  bare {bare / 1e3:5.1f} kB")
    cold_ratio = figures[("interactive", "cold")] / median(results["bare"], "cold", "interactive")
    goals = [
        ("first-visit bytes <= 1.1 x bare", first / bare_first, 1.1),
        ("warm interactive <= 1000 ms", figures[("interactive", "warm")], 1000),
        ("cold interactive <= 1.1 x bare", cold_ratio, 1.1),
        ("first paint <= 300 ms", max(figures[("first-paint", when)] for when in loads), 300),
    ]
    for goal, value, limit in goals:
        shown = f"{value:.2f}" if limit < 10 else f"{value:.0f} ms"
        print(f"goal {goal:<32} {'met' if value <= limit else 'MISSED'} ({shown})")


if __name__ == "__main__":
    main()
