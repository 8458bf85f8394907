"""Browser tests: the repository root served on 127.0.0.1 and Debian's chromium driven by Playwright.

Fixtures:

* ``server`` — the base URL of ``scripts/serve.make_server`` running in a thread (stops at the end);
* ``browser`` — headless Chromium (``SPADES_CHROMIUM``, default ``/usr/bin/chromium``);
* ``page`` — a fresh context and page (1280×800) whose every request to an address other than
  127.0.0.1 fails the test, and whose uncaught page errors fail it too; its service worker is blocked (the page
  says ``data-offline="unavailable"``) unless the test is marked ``service_workers`` or its module says
  ``SERVICE_WORKERS = "allow"``: a fresh context's precaching (~22 MB of requests to the test server once the
  table is playable) is work that only the offline tests read, and it cost the other browser tests about a tenth
  of their time;
* ``table`` — helpers to open the game and play through it (see :class:`Table`); ``make_table(**options)`` the
  same on a page of its own (``make_page``'s options).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import threading
from contextlib import contextmanager
from pathlib import Path
from urllib.parse import urlsplit

import pytest

ROOT = Path(__file__).resolve().parents[2]
ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
START_TIMEOUT = 60_000  # ms: a cold start on a busy 2-core machine


BROWSER_FIXTURES = {"server", "browser", "make_page", "page", "table", "make_table"}


def pytest_collection_modifyitems(items):
    """Every test here that opens the page is a ``browser`` test (the catalog checks are not)."""
    for item in items:
        in_here = "tests/browser/" in str(item.fspath).replace(os.sep, "/")
        if in_here and BROWSER_FIXTURES & set(getattr(item, "fixturenames", ())):
            item.add_marker(pytest.mark.browser)


@pytest.fixture(scope="session")
def server():
    if not (ROOT / "static" / "vendor" / "versions.json").exists():
        pytest.skip("static/vendor/ missing: run `make setup`")
    sys.path.insert(0, str(ROOT / "scripts"))
    try:
        import serve
    finally:
        sys.path.remove(str(ROOT / "scripts"))
    httpd = serve.make_server(port=0)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{httpd.server_port}"
    httpd.shutdown()
    httpd.server_close()


@pytest.fixture(scope="session")
def browser():
    sync_api = pytest.importorskip("playwright.sync_api")
    executable = os.environ.get("SPADES_CHROMIUM") or "/usr/bin/chromium"
    with sync_api.sync_playwright() as playwright:
        options = {"args": ARGS, "headless": True}
        if Path(executable).exists():
            options["executable_path"] = executable
        browser = playwright.chromium.launch(**options)
        yield browser
        browser.close()


def guard(context, outside):
    """Fail every request that leaves 127.0.0.1 (recorded in ``outside``)."""

    def route(route):
        url = route.request.url
        host = urlsplit(url).hostname
        if url.startswith(("data:", "blob:")) or host == "127.0.0.1":
            route.continue_()
        else:
            outside.append(url)
            route.abort()

    context.route("**/*", route)


@pytest.fixture
def make_page(browser, request):
    """``make_page(**context_options)`` → a guarded page; checked for outside requests and page errors."""
    made = []
    service_workers = getattr(request.module, "SERVICE_WORKERS", "block")
    if request.node.get_closest_marker("service_workers"):  # this test reads the offline state
        service_workers = "allow"

    def make(**options):
        options.setdefault("viewport", {"width": 1280, "height": 800})
        options.setdefault("locale", "en-US")
        options.setdefault("service_workers", service_workers)
        context = browser.new_context(**options)
        outside, errors = [], []
        guard(context, outside)
        page = context.new_page()
        page.on("pageerror", lambda error: errors.append(str(error)))
        # the page's own Python errors (static/app/main.py logs what a background task raised)
        page.on("console", lambda msg: msg.type == "error" and "spades page" in msg.text and errors.append(msg.text))
        page.set_default_timeout(20_000)
        made.append((context, outside, errors))
        return page

    yield make
    problems = []
    for context, outside, errors in made:
        context.close()
        if outside:
            problems.append(f"requests left 127.0.0.1: {outside}")
        if errors:
            problems.append(f"page errors: {errors}")
    assert not problems, "; ".join(problems)


@pytest.fixture
def page(make_page):
    return make_page()


class Table:
    """Drive the game page like a person would, through the documented test hooks (docs/page.md)."""

    def __init__(self, page, base):
        self.page = page
        self.base = base

    def open(self, query="fresh=1&speed=instant&sound=0", settings=None, clear=True):
        """Open the page (optionally with stored settings) and wait until the game is ready."""
        if settings is not None or clear:
            stored = json.dumps(settings) if settings is not None else None
            self.page.add_init_script(
                "(() => { if (sessionStorage.getItem('spades-test-init')) return;"
                " sessionStorage.setItem('spades-test-init', '1');"
                + (" localStorage.clear();" if clear else "")
                + (f" localStorage.setItem('spades-settings', {json.dumps(stored)});" if stored else "")
                + " })()"
            )
        self.page.goto(f"{self.base}/?{query}")
        self.wait_ready()

    def wait_ready(self):
        self.page.wait_for_function(
            "document.body.dataset.phase !== 'loading' && document.body.dataset.await !== ''", timeout=START_TIMEOUT
        )

    def wait_await(self, *values, timeout=30_000):
        self.page.wait_for_function(
            "values => values.includes(document.body.dataset.await)", arg=list(values), timeout=timeout
        )
        return self.page.evaluate("document.body.dataset.await")

    @property
    def phase(self):
        return self.page.evaluate("document.body.dataset.phase")

    def legal_cards(self):
        return self.page.eval_on_selector_all(
            "#hand button[data-card][data-legal='true']", "els => els.map(e => e.dataset.card)"
        )

    def hand(self):
        return self.page.eval_on_selector_all("#hand button[data-card]", "els => els.map(e => e.dataset.card)")

    def bid(self, value="3"):
        """Bid ``value`` (or the nearest allowed bid) in the bidding window."""
        panel = self.page.locator("#bid-panel")
        if self.page.evaluate("document.body.dataset.await") == "blind":
            panel.locator("[data-action='show-cards']").click()
            self.wait_await("bid")
        button = panel.locator(f"[data-bid='{value}']:not([disabled])")
        if button.count() == 0:
            button = panel.locator("[data-bid]:not([disabled])").first
        button.click()

    def play_hand(self, bid="3"):
        """Bid and click legal cards until the hand is over; returns the phase then."""
        while True:
            state = self.wait_await("bid", "blind", "play", "hand-over", "game-over")
            if state in ("hand-over", "game-over"):
                return state
            if state in ("bid", "blind"):
                self.bid(bid)
                self.page.wait_for_function("!['bid', 'blind'].includes(document.body.dataset.await)")
            else:
                self.play_card(self.legal_cards()[0])

    def play_card(self, card):
        """Click ``card`` and wait until it has left the hand (a second click where the first one lifted it)."""
        # cards overlap: tap the visible strip at the left, as a person does (docs/page.md "Layout"); where the
        # strips are too narrow for a finger (or in "select, then Play" mode) the first tap lifts the card
        button = self.page.locator(f"#hand button[data-card='{card}']")
        button.click(position={"x": 10, "y": 30})
        lifted = self.page.wait_for_function(
            "card => { const el = document.querySelector(`#hand button[data-card='${card}']`);"
            " return !el ? 'gone' : el.getAttribute('aria-pressed') === 'true' ? 'lifted' : false; }",
            arg=card,
        ).json_value()
        if lifted == "lifted":
            button.click(position={"x": 10, "y": 30})
        self.page.wait_for_function("card => !document.querySelector(`#hand button[data-card='${card}']`)", arg=card)

    def next_hand(self):
        self.page.locator("#dlg-hand [data-action='next-hand']").click()
        self.page.wait_for_function("document.body.dataset.await !== 'hand-over'")


@pytest.fixture
def table(page, server):
    return Table(page, server)


@pytest.fixture
def make_table(make_page, server):
    """``make_table(**context_options)`` → a :class:`Table` on a page of its own (a viewport, a locale...)."""
    return lambda **options: Table(make_page(**options), server)


@contextmanager
def local_server(script: str, missing: str):
    """``ws://127.0.0.1:PORT`` of ``tests/online/SCRIPT`` (it prints ``{"port": N}`` once listening); it stops when
    the block ends (its standard input closed), or by itself after five minutes. ``missing`` names what is
    likely absent when it does not start."""
    process = subprocess.Popen(
        ["node", str(ROOT / "tests" / "online" / script), "--lifetime", "300"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        line = process.stdout.readline()  # type: ignore[union-attr]
        if not line:
            pytest.fail(f"tests/online/{script} did not start ({missing} missing? run make setup)")
        yield f"ws://127.0.0.1:{json.loads(line)['port']}"
    finally:
        process.stdin.close()  # type: ignore[union-attr]
        try:
            process.wait(5)
        except subprocess.TimeoutExpired:
            process.kill()


@pytest.fixture
def tracker():
    """``ws://127.0.0.1:PORT`` of a WebTorrent tracker (npm ``bittorrent-tracker``, tests/online/tracker.mjs) for
    online play, for the test's time."""
    with local_server("tracker.mjs", "node_modules/bittorrent-tracker") as url:
        yield url


@pytest.fixture
def nostr_relay():
    """``ws://127.0.0.1:PORT`` of a Nostr relay (scripts/relay-nostr.mjs, tests/online/nostr.mjs): online play's
    fallback when no tracker answers, for the test's time."""
    with local_server("nostr.mjs", "node_modules/@noble/secp256k1") as url:
        yield url
