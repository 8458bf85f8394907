"""Embed mode and the postMessage API (static/app/embed.py, docs/embedding.md), from a host page on another origin.

A host page served by a second server (another port: another origin) embeds ``?embed=1`` at 360×480, gets
``spades:ready``, shows a deal and a position, is answered ``spades:error`` with a code for bad messages (and
nothing for another library's), plays a hand through the frame and receives ``spades:hand-end``; a lesson is
started or refused with a code. The same embedding works in a profile where the frame's storage is blocked.
The embedded game keeps nothing (no localStorage, no engine snapshot in Cache Storage), a request sent before the
page's Python listens is answered ``embed_not_ready``, and a frame sandboxed without ``allow-same-origin`` says
what the embedding page must allow.
"""

from __future__ import annotations

import functools
import http.server
import json
import os
import tempfile
import threading
from pathlib import Path

import pytest

from spades.cards import CARD_NAMES, Seat, mask_cards
from spades.formats.dealcode import daily, encode, game_of

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = ROOT / "test-artifacts" / "embed"
TIMEOUT = 60_000
DATE = "2026-11-30"
READY = (
    "document.body?.dataset.phase && document.body.dataset.phase !== 'loading' && document.body.dataset.await !== ''"
)

SERVICE_WORKERS = "allow"  # conftest.make_page: this module reads the offline state or the service worker
HOST = """<!doctype html><meta charset="utf-8"><title>host</title>
<style>body {{ margin: 0; }} iframe {{ border: 0; display: block; }}</style>
<iframe id="game" title="Spades" src="{src}" width="{width}" height="{height}"></iframe>
<script>
  const frame = document.getElementById("game");
  window.events = [];
  window.addEventListener("message", (event) => {{
    if (event.source === frame.contentWindow) window.events.push({{ origin: event.origin, data: event.data }});
  }});
  window.send = (message) => frame.contentWindow.postMessage(message, "{game}");
</script>"""


@pytest.fixture
def host(tmp_path):
    """``host(html)`` → the address of ``html`` on a second server (another port of 127.0.0.1)."""
    handler = functools.partial(QuietHandler, directory=str(tmp_path))
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()

    def page(html, name="host.html"):
        (tmp_path / name).write_text(html, "utf-8")
        return f"http://127.0.0.1:{httpd.server_port}/{name}"

    page.port = httpd.server_port
    yield page
    httpd.shutdown()
    httpd.server_close()


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass


def host_html(game, origin=None, width=360, height=480):
    src = f"{game}/?embed=1&speed=instant&sound=0&lang=en"
    if origin:
        src += f"&origin={origin}"
    return HOST.format(src=src, game=game, width=width, height=height)


def events(page, kind):
    return page.evaluate("kind => window.events.filter(e => e.data && e.data.type === kind)", kind)


def wait_event(page, kind, count=1, timeout=TIMEOUT):
    page.wait_for_function(
        "([kind, n]) => window.events.filter(e => e.data && e.data.type === kind).length >= n",
        arg=[kind, count],
        timeout=timeout,
    )
    return events(page, kind)[count - 1]


def south(code):
    from spades.formats.dealcode import decode

    return sorted(CARD_NAMES[c] for c in mask_cards(decode(code).masks[Seat.S]))


def frame_hand(frame):
    return sorted(frame.eval_on_selector_all("#hand button[data-card]", "els => els.map(e => e.dataset.card)"))


def test_a_host_page_on_another_origin_shows_deals_and_positions_gets_errors_and_the_hand_end(make_page, server, host):
    page = make_page(viewport={"width": 400, "height": 520})
    origin = f"http://127.0.0.1:{host.port}"
    page.goto(host(host_html(server, origin=origin)))
    ready = wait_event(page, "spades:ready")
    assert ready["origin"] == server and ready["data"]["version"] == 1
    frame = page.frame_locator("#game")
    game = page.frames[1]
    game.wait_for_function(READY, timeout=TIMEOUT)
    assert game.evaluate("document.documentElement.dataset.embed") == "1"
    assert game.evaluate("document.documentElement.dataset.offline") == "embedded"  # no service worker
    assert not frame.locator("#notice").is_visible()  # an embedded game saves nothing, and does not say so
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "embed-360x480-start.png"))
    frame.locator("#btn-menu").click()  # compact: no online play, rated games, profile, export or import
    # the page opens the menu in a task of its own after the click: wait for it (on a busy machine it comes late)
    game.wait_for_function("!document.getElementById('menu').hidden && document.activeElement?.closest('#menu')")
    visible = frame.locator("#menu button:visible").evaluate_all("els => els.map(e => e.dataset.action)")
    assert "share-deal" in visible and "daily-deal" in visible
    assert not {"online", "rated-game", "profile", "export", "import"} & set(visible)
    page.screenshot(path=str(ARTIFACTS / "embed-360x480-menu.png"))
    page.keyboard.press("Escape")

    # a deal
    code = encode(daily(DATE))
    page.evaluate("code => window.send({type: 'spades:show', deal: code, ref: 'one'})", code)
    shown = wait_event(page, "spades:shown")
    assert shown["origin"] == server
    assert shown["data"] == {"type": "spades:shown", "deal": code, "seat": "S", "phase": "bidding", "ref": "one"}
    game.wait_for_function(READY, timeout=TIMEOUT)
    assert frame_hand(game) == south(code)

    # bad messages: answered with a code, never a crash; another library's message: ignored
    bad = [  # (message, the code of the answer); answers come in any order (some go to the engine first)
        ("'hello'", "embed_not_object"),
        ("({type: 42})", "embed_not_object"),
        ("({type: 'spades:nope'})", "embed_unknown_type"),
        ("({type: 'spades:show'})", "embed_bad_field"),
        ("({type: 'spades:show', deal: 'AQ', position: {deal: 'AQ'}})", "embed_bad_field"),
        ("({type: 'spades:show', deal: 'x'.repeat(500)})", "embed_bad_field"),
        ("({type: 'spades:show', deal: 'AQhiuS_-LO9K572mRhusC6A'})", "deal_code_checksum"),
        ("({type: 'spades:show', deal: 'no spaces'})", "deal_code_chars"),
        ("({type: 'spades:show', deal: 'AQ', colour: 1})", "unknown_key"),
        ("({type: 'spades:show', position: {deal: 42}})", "embed_bad_field"),
        (f"({{type: 'spades:show', position: {{deal: '{code}', bids: [3, 2, 4, 3], play: ['ZZ']}}}})", "in_hand_step"),
        ("({type: 'spades:lesson'})", "embed_bad_field"),
        ("({type: 'spades:show', deal: 'AQ', pad: 'x'.repeat(30000)})", "embed_not_object"),
        ("JSON.parse('['.repeat(1000) + ']'.repeat(1000))", "embed_not_object"),
    ]
    page.evaluate("window.send({type: 'other-library:hello', deal: 1})")
    for i, (expression, _) in enumerate(bad):
        if expression.startswith("({"):
            expression = expression[:-2] + f", ref: 'b{i}'}})"
        page.evaluate(f"window.send({expression})")
    wait_event(page, "spades:error", len(bad))
    errors = [e["data"] for e in events(page, "spades:error")]
    assert sorted(e["code"] for e in errors) == sorted(code for _, code in bad), [e["message"] for e in errors]
    by_ref = {e["ref"]: e["code"] for e in errors if "ref" in e}
    unread = "30000"  # a message too long is refused unread: its ref is not known
    expected = {f"b{i}": code for i, (text, code) in enumerate(bad) if text.startswith("({") and unread not in text}
    assert by_ref == expected
    assert all(e["message"] and e["text"] and isinstance(e["params"], dict) for e in errors)
    assert {e["origin"] for e in events(page, "spades:error")} == {server}
    assert frame_hand(game) == south(code)  # refusals change nothing

    # a position: the deal, the four bids and East's lead; South (the person) to play
    played = game_of(code)
    for bid in (3, 2, 4, 3):
        played.bid(bid)
    lead = CARD_NAMES[played.legal_moves()[0]]
    position = {"deal": code, "bids": [3, 2, 4, 3], "play": [lead]}
    page.evaluate("p => window.send({type: 'spades:show', position: p, ref: 'two'})", position)
    shown = wait_event(page, "spades:shown", 2)
    assert shown["data"]["phase"] == "playing" and shown["data"]["ref"] == "two"
    game.wait_for_function("document.body.dataset.await === 'play'", timeout=TIMEOUT)
    assert game.locator("#trick [data-slot='E'] .card").count() == 1
    page.screenshot(path=str(ARTIFACTS / "embed-360x480-position.png"))

    # play the hand through the frame: the host hears of its end
    assert play_hand(game) == "hand-over"
    end = wait_event(page, "spades:hand-end")
    assert end["origin"] == server
    data = end["data"]
    assert data["hand"] == 1 and data["us"] == "NS"
    assert data["totals"]["NS"] == int(game.locator("[data-score='NS']").inner_text())
    assert set(data["points"]) == {"NS", "EW"} and set(data["bids"]) == {"N", "E", "S", "W"}
    page.screenshot(path=str(ARTIFACTS / "embed-360x480-hand-over.png"))

    # a lesson: an unknown one is refused with a code; "follow-suit" is played through the frame to its end
    page.evaluate("window.send({type: 'spades:lesson', id: 'no-such-lesson', ref: 'l0'})")
    last = wait_event(page, "spades:error", len(bad) + 1)["data"]
    assert last["code"] == "embed_lesson_unknown" and last["ref"] == "l0"
    page.evaluate("window.send({type: 'spades:lesson', id: 'follow-suit', ref: 'l1'})")
    started = wait_event(page, "spades:lesson-started")
    assert started["data"] == {"type": "spades:lesson-started", "id": "follow-suit", "ref": "l1"}
    for step, card in ((1, "3H"), (2, "2C")):
        game.wait_for_function(
            "step => document.body.dataset.lessonStep === String(step) && document.body.dataset.await === 'play'",
            arg=step,
            timeout=TIMEOUT,
        )
        play_card(game, card)
    ended = wait_event(page, "spades:lesson-end")
    assert ended["origin"] == server
    assert ended["data"] == {"type": "spades:lesson-end", "id": "follow-suit", "passed": True}
    page.screenshot(path=str(ARTIFACTS / "embed-360x480-lesson-done.png"))


STORE_SETTLED = """async (limit) => {  // the worker's timing once its snapshot is stored, failed, or never kept
  for (const end = performance.now() + limit; performance.now() < end; ) {
    const timing = await window.spades.engine.call('timing');
    if (timing.stored || timing.storeError || String(timing.storage || '').startsWith('off')) return timing;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return 'the snapshot was neither stored nor turned off';
}"""


def test_an_embedded_game_keeps_nothing_in_cache_storage_or_local_storage(make_page, server, host):
    """On another port of 127.0.0.1 (the same site): the frame's storage works, and the game still keeps nothing."""
    page = make_page(viewport={"width": 400, "height": 520})
    page.goto(host(host_html(server)))
    wait_event(page, "spades:ready")
    game = page.frames[1]
    game.wait_for_function(READY, timeout=TIMEOUT)
    assert game.evaluate("(() => { localStorage.setItem('probe', '1'); localStorage.removeItem('probe'); return 1 })()")
    play_hand(game)  # moves, and a hand's end: everything that would save
    timing = game.evaluate(STORE_SETTLED, TIMEOUT)
    assert isinstance(timing, dict), timing
    assert timing.get("storage", "").startswith("off") and "stored" not in timing and timing["start"] == "plain", timing
    assert "copied" not in timing  # no heap copied for a snapshot that is never kept
    assert game.evaluate("caches.keys()") == []
    assert game.evaluate("Object.keys(localStorage)") == []
    assert game.evaluate("document.documentElement.dataset.engineSnapshot") == "false"


def test_a_request_sent_before_the_game_listens_is_answered_not_ready(make_page, server, host):
    """At the frame's load event boot.js has run and the page's Python has not: the request is answered anyway."""
    page = make_page(viewport={"width": 400, "height": 520})
    early = (
        "<script>frame.addEventListener('load', () => window.send({type: 'spades:show', deal: 'AQ', ref: 'early'}),"
        " { once: true });</script>"
    )
    page.goto(host(host_html(server) + early))
    answer = wait_event(page, "spades:error")
    assert answer["origin"] == server
    assert answer["data"]["code"] == "embed_not_ready" and answer["data"]["ref"] == "early", answer
    assert answer["data"]["text"] and answer["data"]["message"] and answer["data"]["params"] == {}
    ready = wait_event(page, "spades:ready")
    order = page.evaluate("window.events.map(e => e.data.type)")
    assert order.index("spades:error") < order.index("spades:ready"), order
    assert ready["origin"] == server
    game = page.frames[1]
    game.wait_for_function(READY, timeout=TIMEOUT)
    code = encode(daily(DATE))
    page.evaluate("code => window.send({type: 'spades:show', deal: code, ref: 'later'})", code)
    shown = wait_event(page, "spades:shown")  # the page's Python answers now, to the same origin
    assert shown["origin"] == server and shown["data"]["ref"] == "later"
    assert len(events(page, "spades:error")) == 1


SANDBOXED = [("zh-Hans", "外层网页须允许脚本并保留游戏自己的来源"), ("en", "must allow")]


@pytest.mark.parametrize(("lang", "words"), SANDBOXED)
def test_a_frame_sandboxed_without_its_own_origin_says_what_the_embedding_page_must_allow(
    make_page, server, host, lang, words
):
    page = make_page(viewport={"width": 390, "height": 844})
    src = f"{server}/?embed=1&lang={lang}"
    html = f'<iframe id="game" sandbox="allow-scripts" src="{src}" width="390" height="844" style="border:0"></iframe>'
    page.on("console", lambda msg: None)  # the refused module scripts are logged as errors: expected here
    page.goto(host(html))
    game = page.frame_locator("#game")
    game.locator("html[data-blocked='sandbox']").wait_for(state="attached", timeout=TIMEOUT)
    line = game.locator("#loading-text")
    assert words in line.inner_text() and 'sandbox="allow-scripts allow-same-origin"' in line.inner_text()
    assert game.locator("body").get_attribute("data-phase") == "error"
    assert game.locator("html").get_attribute("lang") == lang
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"embed-sandboxed-390x844-{lang}.png"))


def test_the_keyboard_works_only_while_the_frame_has_focus(make_page, server, host):
    page = make_page(viewport={"width": 800, "height": 600})
    page.goto(host(host_html(server) + '<input id="outside" aria-label="outside">'))
    wait_event(page, "spades:ready")
    game = page.frames[1]
    game.wait_for_function(READY, timeout=TIMEOUT)
    page.locator("#outside").focus()
    page.keyboard.press("S")  # the score sheet's shortcut, typed into the host's field
    assert page.locator("#outside").input_value() == "S"
    assert not game.evaluate("document.getElementById('dlg-scores').open")
    page.frame_locator("#game").locator("#btn-scores").focus()
    page.keyboard.press("Escape")
    page.keyboard.press("S")
    game.wait_for_function("document.getElementById('dlg-scores').open")


def play_hand(frame):
    """Bid 3 (or the first bid allowed) and click the first legal card until the hand is over (a frame's page)."""
    while True:
        frame.wait_for_function(
            "['bid', 'blind', 'play', 'hand-over', 'game-over'].includes(document.body.dataset.await)", timeout=TIMEOUT
        )
        state = frame.evaluate("document.body.dataset.await")
        if state in ("hand-over", "game-over"):
            return state
        if state == "blind":
            frame.locator("[data-action='show-cards']").click()
        elif state == "bid":
            button = frame.locator("#bid-panel [data-bid='3']:not([disabled])")
            (button if button.count() else frame.locator("#bid-panel [data-bid]:not([disabled])").first).click()
            frame.wait_for_function("document.body.dataset.await !== 'bid'")
        else:
            card = frame.eval_on_selector_all(
                "#hand button[data-card][data-legal='true']", "els => els.map(e => e.dataset.card)"
            )[0]
            play_card(frame, card)


def play_card(frame, card):
    """Click ``card`` (twice where the first tap only lifts it) and wait until it has left the hand."""
    button = frame.locator(f"#hand button[data-card='{card}']")
    button.click(position={"x": 10, "y": 30})
    lifted = frame.wait_for_function(  # a tight hand: a first tap lifts the card, a second plays it
        "card => { const el = document.querySelector(`#hand button[data-card='${card}']`);"
        " return !el ? 'gone' : el.getAttribute('aria-pressed') === 'true' ? 'lifted' : false; }",
        arg=card,
    ).json_value()
    if lifted == "lifted":
        button.click(position={"x": 10, "y": 30})
    frame.wait_for_function(
        "card => !document.querySelector(`#hand button[data-card='${card}']`)", arg=card, timeout=TIMEOUT
    )


def launch_profile(browser, profile, block_third_party):
    """A persistent profile with third-party storage blocked (as tests/browser/test_runtime.py does)."""
    prefs = {
        "profile": {"block_third_party_cookies": block_third_party, "cookie_controls_mode": int(block_third_party)}
    }
    (profile / "Default").mkdir(parents=True)
    (profile / "Default" / "Preferences").write_text(json.dumps(prefs))
    executable = os.environ.get("SPADES_CHROMIUM") or "/usr/bin/chromium"
    options = {
        "headless": True,
        "args": ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update"],
        "viewport": {"width": 400, "height": 520},
    }
    if Path(executable).exists():
        options["executable_path"] = executable
    return browser.browser_type.launch_persistent_context(str(profile), **options)


def test_embedded_with_storage_blocked_still_shows_a_deal_and_sends_events(browser, server, host):
    """The host on ``localhost`` (another site), the game on 127.0.0.1: third-party, its storage blocked."""
    with tempfile.TemporaryDirectory() as profile:
        context = launch_profile(browser, Path(profile), True)
        try:
            page = context.pages[0] if context.pages else context.new_page()
            errors = []
            page.on("pageerror", lambda error: errors.append(str(error)))
            address = host(host_html(server)).replace("127.0.0.1", "localhost")
            page.goto(address)
            wait_event(page, "spades:ready")
            game = page.frames[1]
            game.wait_for_function(READY, timeout=TIMEOUT)
            blocked = game.evaluate(
                "(() => { try { localStorage.setItem('probe', '1'); return false } catch { return true } })()"
            )
            assert blocked
            code = encode(daily("2026-12-25"))
            page.evaluate("code => window.send({type: 'spades:show', deal: code})", code)
            shown = wait_event(page, "spades:shown")
            assert shown["data"]["deal"] == code
            game.wait_for_function(READY, timeout=TIMEOUT)
            assert frame_hand(game) == south(code)
            page.evaluate("window.send({type: 'spades:what'})")
            assert wait_event(page, "spades:error")["data"]["code"] == "embed_unknown_type"
            assert not errors, errors
        finally:
            context.close()
