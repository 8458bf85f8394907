"""The runtime around the page: the engine worker's start paths (a plain first visit that stores a memory snapshot
in Cache Storage, later visits restored from it, a damaged snapshot set aside), the loading line's bytes, offline
play through the service worker (sw.js, static/offline.js) and embedding in a cross-site iframe, with and without
storage (docs/runtime.md).

Uses the ``server``, ``browser`` and ``make_page`` fixtures of conftest.py; the embedding tests launch their own
persistent Chromium profile, because the third-party storage setting is a profile preference.
"""

from __future__ import annotations

import functools
import json
import os
import re
import shutil
import sys
import tempfile
import threading
import time
from pathlib import Path

import pytest

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[2]
QUERY = "fresh=1&speed=instant&sound=0"
READY = (
    "document.body?.dataset.phase && document.body.dataset.phase !== 'loading' && document.body.dataset.await !== ''"
)
TIMEOUT = 60_000  # ms: a cold start on a busy 2-core machine
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update"]


def serve_module():
    sys.path.insert(0, str(ROOT / "scripts"))
    try:
        import serve
    finally:
        sys.path.remove(str(ROOT / "scripts"))
    return serve


def bid_and_play(target):
    """In a page or frame at the table: make a bid and play a card, through the page's test hooks."""
    target.wait_for_function(READY, timeout=TIMEOUT)
    awaiting = "['bid', 'blind', 'play'].includes(document.body.dataset.await)"
    target.wait_for_function(awaiting, timeout=30_000)
    if target.evaluate("document.body.dataset.await") == "blind":
        target.locator("#bid-panel [data-action='show-cards']").click()
        target.wait_for_function("document.body.dataset.await === 'bid'")
    if target.evaluate("document.body.dataset.await") == "bid":
        target.locator("#bid-panel [data-bid]:not([disabled])").last.click()
        target.wait_for_function("document.body.dataset.await !== 'bid'")
    target.wait_for_function("document.body.dataset.await === 'play'", timeout=30_000)
    before = target.locator("#hand button[data-card]").count()
    card = target.locator("#hand button[data-card][data-legal='true']").first.get_attribute("data-card")
    target.locator(f"#hand button[data-card='{card}']").click(position={"x": 10, "y": 30})
    target.wait_for_function(
        "card => !document.querySelector(`#hand button[data-card='${card}']`)", arg=card, timeout=30_000
    )
    assert target.locator("#hand button[data-card]").count() == before - 1


# ---------------------------------------------------------------- the engine worker

SERVICE_WORKERS = "allow"  # conftest.make_page: this module reads the offline state or the service worker
SNAPSHOT_CACHE = "spades.engine-snapshot"  # static/engine-worker.mjs


def timing(target):
    return target.evaluate("window.spades.engine.call('timing')")


def wait_stored(target):
    """Wait until the worker has stored the snapshot of its plain start; its timing."""
    deadline = time.monotonic() + TIMEOUT / 1000
    while not (done := timing(target)).get("stored"):
        assert "storeError" not in done and time.monotonic() < deadline, done
        target.wait_for_timeout(250)
    return done


def stored_snapshots(target):
    return target.evaluate(
        """async (name) => (await caches.has(name))
          ? (await (await caches.open(name)).keys()).map((r) => new URL(r.url).pathname) : []""",
        SNAPSHOT_CACHE,
    )


def test_first_visit_starts_plainly_stores_a_snapshot_and_the_next_visit_uses_it(page, server):
    """A silent fall back to the plain start (~2 s more) would pass every other test: catch it here."""
    page.goto(f"{server}/?{QUERY}")
    page.wait_for_function(READY, timeout=TIMEOUT)
    assert page.evaluate("document.documentElement.dataset.engineSnapshot") == "false"
    first = wait_stored(page)
    assert first["start"] == "plain" and first["snapshot"] is False and first["storedBytes"] > 1_000_000, first
    assert first["stored"] > first["engine"] and first["copied"] <= first["engine"], first
    key = page.evaluate("import('./static/vendor/engine-build.mjs').then((m) => m.BUILD.key)")
    assert stored_snapshots(page) == [f"/static/vendor/engine-snapshot-{key}.bin.gz"]

    page.reload()
    bid_and_play(page)
    assert page.evaluate("document.documentElement.dataset.engineSnapshot") == "true"
    second = timing(page)
    assert second["start"] == "restored" and second["snapshot"] is True, second
    assert "stored" not in second and second["engine"] > second["snapshotReady"] > second["snapshotFetched"], second


def test_a_damaged_or_stale_snapshot_is_set_aside_and_the_game_still_plays(page, server):
    """Three damages in turn on one page, each to the good snapshot that the last plain start stored again."""
    page.goto(f"{server}/?{QUERY}")
    page.wait_for_function(READY, timeout=TIMEOUT)
    wait_stored(page)
    for damage in ("truncated", "not-a-snapshot", "older-build"):
        [path] = stored_snapshots(page)
        page.evaluate(
            """async ([name, path, damage]) => {
              const cache = await caches.open(name);
              const good = new Uint8Array(await (await cache.match(path)).arrayBuffer());
              let bytes = good.slice(0, good.length >> 1);  // "truncated": gzip's length and CRC are missing
              if (damage === "not-a-snapshot") {
                bytes = new Uint8Array(await new Response(new Blob([new Uint8Array(1 << 20).fill(7)])
                  .stream().pipeThrough(new CompressionStream("gzip"))).arrayBuffer());
              }
              if (damage === "older-build") {
                await cache.delete(path);
                path = path.replace(/engine-snapshot-[0-9a-f]+/, "engine-snapshot-0000000000000000");
                bytes = good;
              }
              await cache.put(path, new Response(bytes, {headers: {"Content-Type": "application/gzip"}}));
            }""",
            [SNAPSHOT_CACHE, path, damage],
        )
        page.reload()
        bid_and_play(page)
        assert page.evaluate("document.documentElement.dataset.engineSnapshot") == "false", damage
        again = wait_stored(page)  # a plain start, and a good snapshot made again
        assert again["start"] == "plain", (damage, again)
        assert ("snapshotError" in again) is (damage != "older-build"), (damage, again)
        assert stored_snapshots(page) == [path], damage  # the older build's entry is gone too
    page.reload()
    page.wait_for_function(READY, timeout=TIMEOUT)
    assert page.evaluate("document.documentElement.dataset.engineSnapshot") == "true"


def slow_server(directory, bytes_per_second):
    """scripts/serve.py's server, sending large files at about `bytes_per_second` (a slow first visit)."""
    serve = serve_module()

    class Slow(serve.Handler):
        quiet = True

        def copyfile(self, source, outputfile):
            while chunk := source.read(64 * 1024):
                outputfile.write(chunk)
                time.sleep(len(chunk) / bytes_per_second)

    httpd = serve.Server((serve.HOST, 0), functools.partial(Slow, directory=str(directory)))
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    return httpd


def test_a_slow_first_visit_shows_the_bytes_loaded_in_the_loading_line(page):
    httpd = slow_server(ROOT, 2_000_000)
    lines = """(() => {
      window.__lines = [];
      new MutationObserver(() => {
        const text = document.getElementById("loading-text")?.textContent;
        if (text && window.__lines.at(-1) !== text) window.__lines.push(text);
      }).observe(document, {subtree: true, childList: true, characterData: true});
    })()"""
    try:
        page.add_init_script(lines)
        page.goto(f"http://127.0.0.1:{httpd.server_port}/?{QUERY}&lang=en")
        page.wait_for_function(READY, timeout=TIMEOUT * 2)
        seen = page.evaluate("window.__lines")
    finally:
        httpd.shutdown()
        httpd.server_close()
    shown = [re.fullmatch(r"Loading the card engine \((\d+\.\d) of (\d+\.\d) MB\)…", line) for line in seen]
    figures = [(float(m[1]), float(m[2])) for m in shown if m]
    assert len(figures) >= 3, seen
    build = (ROOT / "static" / "vendor" / "engine-build.mjs").read_text()
    sizes = json.loads(build.split("export const BUILD = ", 1)[1].rstrip().rstrip(";"))["sizes"]
    sent = sum(size.get("br", size["identity"]) for size in sizes.values()) / 1e6  # Chromium accepts br
    assert all(abs(total - sent) <= 0.15 for _, total in figures), (figures, sent)
    loaded = [done for done, _ in figures]
    assert loaded == sorted(loaded) and loaded[0] < loaded[-1] <= sent + 0.05, figures
    assert not shown[-1], seen  # once downloaded, the line says what comes next


# ---------------------------------------------------------------- offline


def cache_state(page):
    return page.evaluate(
        """async () => {
          const names = (await caches.keys()).filter((name) => name.startsWith('spades-'));
          const build = await (await fetch('static/vendor/build.json', {cache: 'no-store'})).json();
          const cache = names.length ? await caches.open(names[0]) : null;
          const keys = cache ? (await cache.keys()).map((r) => new URL(r.url).pathname.slice(1)) : [];
          return {names, hash: build.hash, files: build.files, keys};
        }"""
    )


def test_plays_offline_after_one_visit(make_page, server):
    page = make_page()
    asked: list[str] = []  # online play's group arithmetic (static/group.mjs, libsodium.js): never for a solo game
    page.context.on("request", lambda request: asked.append(request.url))
    page.goto(f"{server}/?{QUERY}")
    page.wait_for_function(READY, timeout=TIMEOUT)
    page.wait_for_function("document.documentElement.dataset.offline === 'ready'", timeout=TIMEOUT)
    wait_stored(page)  # the engine's snapshot, made in this browser: not a file of the build
    assert page.evaluate("!!navigator.serviceWorker.controller")
    state = cache_state(page)
    assert state["names"] == [f"spades-{state['hash']}"]
    assert sorted(state["keys"]) == sorted(state["files"])
    for needed in ("index.html", "pyscript.toml", "static/vendor/pyodide/pyodide.asm.wasm", "static/engine.js"):
        assert needed in state["files"]
    assert not any("snapshot" in f for f in state["files"]), "the build ships no snapshot"
    assert not any(f.endswith((".gz", ".br")) for f in state["files"]), "precompressed copies are not more files"
    assert not any("sodium" in f or f.endswith("group.mjs") for f in state["files"]), "loaded on demand, online"
    assert any(url.endswith("vendor/spades.zip") for url in asked), "the worker's own requests are seen"
    assert not any("/sodium/" in url or url.endswith("group.mjs") for url in asked)

    page.context.set_offline(True)
    assert page.evaluate("fetch('static/not-precached.txt').then(() => 'online', () => 'offline')") == "offline"
    page.reload()
    bid_and_play(page)
    assert page.evaluate("document.documentElement.dataset.engineSnapshot") == "true"


def test_a_new_build_replaces_the_offline_copy(browser, tmp_path):
    """Change a file: the next visit installs the new build's cache and deletes the old one."""
    site = tmp_path / "site"
    site.mkdir()
    for name in ("index.html", "pyscript.toml", "sw.js"):
        shutil.copy2(ROOT / name, site / name)
    shutil.copytree(ROOT / "static", site / "static")
    shutil.copytree(ROOT / "spades" / "i18n", site / "spades" / "i18n")  # the message catalog (package data)
    httpd = serve_module().make_server(port=0, directory=site)
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    context = browser.new_context()
    try:
        page = context.new_page()
        page.goto(f"http://127.0.0.1:{httpd.server_port}/?{QUERY}")
        page.wait_for_function(READY, timeout=TIMEOUT)
        page.wait_for_function("document.documentElement.dataset.offline === 'ready'", timeout=TIMEOUT)
        first = cache_state(page)
        assert first["names"] == [f"spades-{first['hash']}"]

        (site / "static" / "extra.json").write_text("{}\n")  # any change to the precached files
        page.reload()
        page.wait_for_function(READY, timeout=TIMEOUT)
        names = "async () => (await caches.keys()).filter((name) => name.startsWith('spades-'))"
        deadline = time.monotonic() + TIMEOUT / 1000
        while page.evaluate(names) in (first["names"], []) or len(page.evaluate(names)) > 1:
            assert time.monotonic() < deadline, page.evaluate(names)
            page.wait_for_timeout(250)
        second = cache_state(page)
        assert second["hash"] != first["hash"] and second["names"] == [f"spades-{second['hash']}"]
        assert "static/extra.json" in second["keys"]
    finally:
        context.close()
        httpd.shutdown()
        httpd.server_close()


# ---------------------------------------------------------------- embedding


def launch_profile(browser, profile, block_third_party):
    """A persistent Chromium profile with third-party site data blocked or allowed.

    Chromium 156 blocks third-party storage by default (its third-party-cookie phase-out); the preference pins
    both cases, whatever the build's default.
    """
    prefs = {
        "profile": {"block_third_party_cookies": block_third_party, "cookie_controls_mode": int(block_third_party)}
    }
    (profile / "Default").mkdir(parents=True)
    (profile / "Default" / "Preferences").write_text(json.dumps(prefs))
    executable = os.environ.get("SPADES_CHROMIUM") or "/usr/bin/chromium"
    options = {"headless": True, "args": ARGS, "viewport": {"width": 1320, "height": 860}}
    if Path(executable).exists():
        options["executable_path"] = executable
    return browser.browser_type.launch_persistent_context(str(profile), **options)


@pytest.mark.parametrize("storage", ["blocked", "allowed"])
def test_plays_in_a_cross_site_iframe(browser, server, storage):
    """The host page is on localhost, the game on 127.0.0.1: different sites, so the game is third-party."""
    port = server.rsplit(":", 1)[1]
    with tempfile.TemporaryDirectory() as profile:
        context = launch_profile(browser, Path(profile), storage == "blocked")
        try:
            page = context.pages[0] if context.pages else context.new_page()
            errors = []
            page.on("pageerror", lambda error: errors.append(str(error)))
            page.goto(f"http://localhost:{port}/static/vendor/versions.json")  # any page on the other site
            page.set_content(
                f'<!doctype html><title>host</title><iframe src="{server}/?{QUERY}" width="1280" height="800"></iframe>'
            )
            frame = page.wait_for_selector("iframe").content_frame()
            frame.wait_for_function(READY, timeout=TIMEOUT)
            assert frame.url.startswith(server)
            assert frame.evaluate("document.body.dataset.phase") in ("bidding", "playing")
            storage_works = frame.evaluate(
                "(() => { try { localStorage.setItem('probe', '1'); return true } catch { return false } })()"
            )
            assert storage_works is (storage == "allowed")

            notice = frame.locator("#notice")
            blocked_text = json.loads((ROOT / "spades" / "i18n" / "messages.json").read_text())["messages"][
                "storage_blocked"
            ]["en"]
            if storage == "blocked":
                assert notice.is_visible()
                assert notice.inner_text().strip().startswith(blocked_text.split(":")[0])
                notice.locator("[data-action='dismiss']").click()
            else:
                assert not (notice.is_visible() and blocked_text.split(":")[0] in notice.inner_text())
            bid_and_play(frame)
            start = timing(frame)  # a first visit: plain; the snapshot is kept only where Cache Storage works
            assert start["start"] == "plain", start
            assert frame.evaluate("document.documentElement.dataset.engineSnapshot") == "false"
            if storage == "blocked":
                assert start["storage"].startswith("blocked") and "stored" not in start, start
            else:
                wait_stored(frame)

            # the service worker: registered (partitioned) when storage is allowed, refused quietly when blocked
            frame.wait_for_function(
                "['ready', 'unavailable'].includes(document.documentElement.dataset.offline)", timeout=TIMEOUT
            )
            offline = frame.evaluate("document.documentElement.dataset.offline")
            assert offline == ("unavailable" if storage == "blocked" else "ready")
            assert not errors, errors
        finally:
            context.close()


BAD_ADDRESS = [  # (parameter, bad value, words of its notice's reason): each parameter's own line, and every
    # generated value, is checked in CPython (tests/page/test_address.py); here they come to a real page at once
    ("lang", "xx", "the languages are en, zh-Hans and zh-Hant"),
    ("preset", "nope", "the rules are one of standard"),
    ("seat", "Q", "a seat is N, E, S or W"),
    ("deal", "", "a deal link needs its code"),
    ("daily", "tomorrow", "the daily deal is daily=1 (today) or a date"),
    ("lesson", "", "a lesson is named by its id"),
    ("embed", "maybe", "embed=1 shows the game inside another page"),
]


def test_bad_address_parameters_each_get_a_line_naming_them_and_never_stop_the_page(make_page, server):
    page = make_page()
    query = "&".join(f"{name}={value}" for name, value, _ in BAD_ADDRESS)
    page.goto(f"{server}/?{QUERY}&{query}")
    page.wait_for_function(READY, timeout=TIMEOUT)
    page.wait_for_function("!document.getElementById('notice').hidden")
    text = page.locator("#notice-text").inner_text()
    for name, value, why in BAD_ADDRESS:
        assert f"“{name}={value}” was not used: {why}" in text, text
        assert f"{name}=" not in page.url.split("?", 1)[-1]  # dropped: a reload starts without it
    assert page.evaluate("document.body.dataset.phase") in ("bidding", "playing")


def test_every_bad_address_parameter_is_named_in_one_notice_in_zh_hans_on_a_phone(make_page, server):
    page = make_page(viewport={"width": 390, "height": 844})
    query = "seed=12abc&seat=Q&preset=nope&daily=x&embed=maybe&lesson=&lang=zh-Hans"
    page.goto(f"{server}/?{QUERY}&{query}")
    page.wait_for_function(READY, timeout=TIMEOUT)
    page.wait_for_function("!document.getElementById('notice').hidden")
    text = page.locator("#notice-text").inner_text()
    for part in ("“seed=12abc”", "“seat=Q”", "“preset=nope”", "“daily=x”", "“embed=maybe”", "“lesson=”"):
        assert part + "未被采用" in text, text
    assert page.url.split("?", 1)[-1].split("&").count("lang=zh-Hans") == 1  # a good one stays
    page.screenshot(path=str(ROOT / "test-artifacts" / "address-notice-390x844-zh-Hans.png"))
    box = page.locator("#notice").bounding_box()
    assert box["x"] >= 0 and box["x"] + box["width"] <= 390
