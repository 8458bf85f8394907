"""The first visit and the home screen (issue 23; docs/page.md "The first visit", docs/runtime.md "On the home
screen"): the welcome card on a first visit only, the menu in groups (every item reachable by keyboard, phones
upright and sideways), Help, Lessons and the loading screen's seat names before the engine is ready (the engine
held back: its package's download is kept waiting until the test lets it go), and the installable game: the web
app manifest's fields, its icons at their declared sizes, the service worker controlling the start URL and an
offline start from it.

Screenshots of the welcome and the menu at five sizes in en and zh-Hans go to test-artifacts/first-visit/.
"""

from __future__ import annotations

import json
from pathlib import Path
from urllib.parse import urljoin

import pytest

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[2]
SHOTS = ROOT / "test-artifacts" / "first-visit"
MESSAGES = json.loads((ROOT / "spades" / "i18n" / "messages.json").read_text(encoding="utf-8"))["messages"]
READY = "document.body.dataset.phase && document.body.dataset.phase !== 'loading' && document.body.dataset.await !== ''"
ENGINE_READY = f"({READY}) && window.spades.readyAt !== undefined"  # the engine's game on show (not a first hand)
TIMEOUT = 60_000
SIZES = ((320, 568), (390, 844), (844, 390), (1280, 800), (1920, 1080))
MENU = (  # the menu's items in order, by group (index.html)
    ("learn", ("help", "lessons")),
    (
        "game",
        ("new-game", "rated-game", "online", "replay", "daily-deal", "last-trick", "move-log", "profile", "settings"),
    ),
    ("more", ("share-deal", "export", "import")),
)
ENGINE_PACKAGE = "**/static/vendor/spades.zip*"  # the engine's own code (static/engine-worker.mjs fetches it)
MICROPYTHON = "**/static/vendor/micropython/micropython.wasm*"  # the page's Python runtime (PyScript fetches it)


def text(key, lang):
    return MESSAGES[key][lang]


def hold_engine(page, pattern=ENGINE_PACKAGE):
    """Keep the engine's package download (or ``pattern``'s) waiting; returns ``release()``, which lets it (and any
    later one) go, and the requests held so far."""
    held, state = [], {"held": True}

    def route(route):
        if state["held"]:
            held.append(route)
        else:
            route.continue_()

    page.context.route(pattern, route)

    def release():
        state["held"] = False
        for waiting in held:
            waiting.continue_()

    return release, held


def wait_held(page, held):
    """Until the held package has been asked for (the worker asks for the engine's only as the runtime's downloads
    end: static/engine-worker.mjs), the page's events handled meanwhile; fails after TIMEOUT."""
    for _ in range(TIMEOUT // 50):
        if held:
            return
        page.wait_for_timeout(50)
    raise AssertionError("the held package was never asked for")


# ---------------------------------------------------------------- the welcome


@pytest.mark.parametrize("lang", ["en", "zh-Hant"])  # zh-Hans: test_first_hand's screenshots open it too
def test_the_welcome_is_offered_on_a_first_visit_only(make_page, server, lang):
    page = make_page(viewport={"width": 390, "height": 844})
    page.goto(f"{server}/?lang={lang}")
    card = page.locator("#dlg-welcome")
    card.wait_for(state="visible", timeout=TIMEOUT)
    assert card.locator("h2").text_content() == text("welcome_title", lang)
    lesson = page.get_by_role("button", name=text("welcome_lesson", lang))
    play = page.get_by_role("button", name=text("welcome_play", lang))
    assert lesson.is_visible() and play.is_visible()
    assert page.evaluate("document.activeElement.dataset.welcome") == "lesson"
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.dataset.welcome") == "play"
    page.keyboard.press("Escape")  # Escape = Just play
    card.wait_for(state="hidden")
    page.wait_for_function("localStorage.getItem('spades-welcome') === 'play'")  # the close event comes after
    page.wait_for_function(READY, timeout=TIMEOUT)
    page.reload()
    page.wait_for_function(READY, timeout=TIMEOUT)
    assert page.locator("#dlg-welcome").count() == 0, "answered: never again"


def test_no_welcome_once_a_game_was_played_or_for_an_address_that_asks_for_something(make_page, server):
    page = make_page()
    page.goto(f"{server}/?speed=instant&sound=0")  # an address with settings: straight to the game
    page.wait_for_function(READY, timeout=TIMEOUT)
    assert page.locator("#dlg-welcome").count() == 0
    # the game is saved once the engine has it (a first hand may be on show before: docs/page.md)
    page.wait_for_function("localStorage.getItem('spades-save')", timeout=TIMEOUT)
    page.goto(f"{server}/")  # a plain address, but this browser has a game now
    page.wait_for_function(READY, timeout=TIMEOUT)
    assert page.locator("#dlg-welcome").count() == 0


def test_the_lesson_choice_starts_the_first_lesson_even_before_the_engine_is_ready(make_page, server):
    page = make_page(viewport={"width": 844, "height": 390})
    release, held = hold_engine(page)
    page.goto(f"{server}/?lang=zh-Hans")
    page.locator("#dlg-welcome").wait_for(state="visible", timeout=TIMEOUT)
    page.get_by_role("button", name=text("welcome_lesson", "zh-Hans")).click()
    waiting = page.locator("#dlg-welcome .welcome-waiting")
    waiting.wait_for(state="visible")
    assert waiting.text_content() == text("welcome_waiting", "zh-Hans")
    assert page.evaluate("!window.spades.readyAt"), "the engine is not ready (a first hand may be on show)"
    wait_held(page, held)  # the engine's package held back
    release()
    page.wait_for_function("document.body.dataset.lesson", timeout=TIMEOUT)
    assert page.locator("#dlg-welcome").is_hidden()
    assert page.evaluate("localStorage.getItem('spades-welcome')") == "lesson"
    assert page.locator("#lesson-panel").is_visible()


# ---------------------------------------------------------------- before the engine


def enabled_items(page):
    return page.locator("#menu button:not([disabled])").evaluate_all("els => els.map((e) => e.dataset.action)")


@pytest.mark.parametrize("lang", ["en", "zh-Hans"])
def test_the_menu_and_the_help_work_before_python_runs(make_page, server, lang):
    """MicroPython's runtime and the engine both held back: the menu opens, the help is the build's (early.js)."""
    page = make_page(viewport={"width": 390, "height": 844})
    release_engine, _ = hold_engine(page)
    release_python, held = hold_engine(page, MICROPYTHON)
    page.goto(f"{server}/?lang={lang}&speed=instant&sound=0")
    page.wait_for_function("!document.getElementById('btn-menu').disabled", timeout=TIMEOUT)
    page.locator("#btn-menu").click()
    menu = page.locator("#menu")
    menu.wait_for(state="visible")
    assert page.evaluate("!window.spades.app"), "Python has not started"
    assert enabled_items(page) == ["help"]
    page.wait_for_function("document.getElementById('menu-waiting')")
    assert menu.locator("#menu-waiting").text_content() == text("menu_waiting", lang)
    assert menu.locator("[data-action='settings']").get_attribute("aria-describedby") == "menu-waiting"
    assert page.evaluate("document.activeElement.dataset.action") == "help"
    page.keyboard.press("Escape")
    assert menu.is_hidden() and page.evaluate("document.activeElement.id") == "btn-menu"
    page.locator("#btn-menu").click()
    menu.locator("[data-action='help']").click()
    page.wait_for_function("document.getElementById('help-content')?.dataset.help === 'ready'", timeout=5_000)
    assert menu.is_hidden() and page.locator("#dlg-help").is_visible()
    assert page.locator("#dlg-help-title").text_content() == text("help_title", lang)
    assert page.locator("#help-content h3").count() > 3
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"help-before-python-390x844-{lang}.png"))
    page.locator(".help-toc a[data-help-goto='scoring']").click()
    assert page.evaluate("document.activeElement.id") == "help-h-scoring"
    assert page.evaluate("location.hash") == "", "a contents link moves the focus, not the address"
    page.locator("#dlg-help .dlg-buttons [data-action='close-dialog']").click()
    assert page.locator("#dlg-help").is_hidden()
    assert page.evaluate("document.body.dataset.phase") == "loading" and page.evaluate("!window.spades.app")
    wait_held(page, held)  # MicroPython's runtime held back
    release_python()
    page.wait_for_function("!document.querySelector('#menu [data-action=lessons]').disabled", timeout=TIMEOUT)
    assert page.evaluate("!window.spades.readyAt"), "Python runs (the first hand on show), the engine is still held"
    page.locator("#btn-menu").click()
    menu.wait_for(state="visible")
    assert enabled_items(page) == ["help", "lessons", "profile", "settings"]
    assert menu.locator("#menu-waiting").count() == 1
    page.keyboard.press("Escape")
    assert menu.is_hidden()
    release_engine()
    page.wait_for_function(ENGINE_READY, timeout=TIMEOUT)
    assert page.locator("#menu-waiting").count() == 0 and page.locator("[data-early]").count() == 0
    page.locator("#btn-menu").click()
    assert "new-game" in enabled_items(page)


CLICK_AS_PYTHON_STARTS = """(() => {
  window.__order = [];
  const mark = performance.mark.bind(performance);
  performance.mark = (name, ...rest) => {
    window.__order.push(name);
    if (name === "spades:page-python") {  // MicroPython runs main.py: a person's clicks, queued as input is
      scheduler.postTask(() => {
        document.getElementById("btn-menu").click();
        document.querySelector("#menu [data-action=help]").click();
      }, { priority: "user-blocking" });
    }
    return mark(name, ...rest);
  };
  new MutationObserver(() => {
    if (document.getElementById("help-content")?.dataset.help === "ready" && !window.__order.includes("help")) {
      window.__order.push("help");
    }
  }).observe(document, { subtree: true, childList: true, attributes: true });
})()"""


@pytest.mark.parametrize("lang", ["zh-Hant"])  # the order of the start is the same in every language
def test_a_click_on_how_to_play_during_micropythons_start_is_answered_before_it_ends(make_page, server, lang):
    """MicroPython's start yields to the person (static/app/main.py ``STEPS``): the menu and *How to play* clicked
    while it imports the page's modules (clicks queued at input's priority as main.py begins) open the help between
    two of its steps, before the last module is in. Before, the start was one task and the clicks waited for it."""
    page = make_page(viewport={"width": 390, "height": 844})
    page.add_init_script(CLICK_AS_PYTHON_STARTS)
    page.goto(f"{server}/?lang={lang}&speed=instant&sound=0")
    page.wait_for_function(
        "['help', 'spades:page-imported'].every((step) => window.__order.includes(step))", timeout=TIMEOUT
    )
    order = page.evaluate("window.__order")
    assert order.index("spades:page-python") < order.index("help") < order.index("spades:page-imported"), order
    assert page.locator("#dlg-help").is_visible()
    assert page.locator("#dlg-help-title").text_content() == text("help_title", lang)
    page.wait_for_function(READY, timeout=TIMEOUT)  # the page starts as ever, the help left open
    assert page.locator("#dlg-help").is_visible()
    page.keyboard.press("Escape")
    page.locator("#dlg-help").wait_for(state="hidden")


def test_help_lessons_and_zh_seat_names_work_before_the_engine_is_ready(make_page, server):
    """The loading screen (``fresh=1`` asks for a new game, so no first hand is drawn before the engine)."""
    page = make_page(viewport={"width": 390, "height": 844})
    release, held = hold_engine(page)
    page.goto(f"{server}/?lang=zh-Hans&speed=instant&sound=0&fresh=1")
    page.wait_for_function("!document.querySelector('#menu [data-action=lessons]').disabled", timeout=TIMEOUT)
    assert page.evaluate("document.body.dataset.phase") == "loading"
    wait_held(page, held)
    names = page.locator(".seat-name").evaluate_all("els => els.map((e) => e.textContent)")
    assert sorted(names) == sorted(
        [text("seat_N", "zh-Hans"), text("seat_W", "zh-Hans"), text("seat_E", "zh-Hans"), text("name_S", "zh-Hans")]
    )
    page.locator("#btn-menu").click()
    menu = page.locator("#menu")
    menu.wait_for(state="visible")
    assert menu.locator("#menu-waiting").text_content() == text("menu_waiting", "zh-Hans")
    assert enabled_items(page) == ["help", "lessons", "profile", "settings"]
    assert menu.locator("[data-action='new-game']").get_attribute("aria-describedby") == "menu-waiting"
    menu.locator("[data-action='help']").click()
    page.wait_for_function("document.getElementById('help-content')?.dataset.help === 'ready'", timeout=5_000)
    assert page.locator("#dlg-help").is_visible() and page.locator("#help-content h3").count() > 3
    page.screenshot(path=str(SHOTS / "help-before-engine-390x844-zh-Hans.png"))
    page.keyboard.press("Escape")
    page.locator("#btn-menu").click()
    page.locator("#menu [data-action='lessons']").click()
    waiting = page.locator("#dlg-lessons [data-lessons='waiting']")  # the list is the build's, its buttons wait
    waiting.wait_for(state="visible")
    assert waiting.text_content() == text("tut_waiting", "zh-Hans")
    titles = page.locator("#dlg-lessons .lesson-name").evaluate_all("els => els.map((e) => e.textContent)")
    early = json.loads((ROOT / "static" / "vendor" / "early" / "engine.json").read_text(encoding="utf-8"))
    assert titles == [f"{item['order']}. {item['title']}" for item in early["lessons"]["zh-Hans"]]
    assert page.locator("#dlg-lessons [data-action='lesson-start']:not([disabled])").count() == 0
    assert page.evaluate("document.body.dataset.phase") == "loading"
    # it opens at its title, the focus on Close (sticky at its foot) without scrolling the list past the title
    assert page.evaluate(IN_VIEW, "#dlg-lessons-title") and page.evaluate(IN_VIEW, "#dlg-lessons :focus")
    assert page.evaluate("document.getElementById('dlg-lessons').scrollTop") == 0
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / "lessons-before-engine-390x844-zh-Hans.png"))
    release()
    page.locator("#dlg-lessons [data-action='lesson-start']:not([disabled])").first.wait_for(timeout=TIMEOUT)
    assert page.locator("#dlg-lessons [data-lessons='waiting']").count() == 0
    assert page.evaluate(IN_VIEW, "#dlg-lessons :focus")  # the first lesson's button, in view
    page.wait_for_function(READY, timeout=TIMEOUT)
    assert page.locator("#menu-waiting").count() == 0
    page.keyboard.press("Escape")
    page.locator("#btn-menu").click()
    enabled = page.locator("#menu button:not([disabled])").evaluate_all("els => els.map((e) => e.dataset.action)")
    assert "new-game" in enabled and "settings" in enabled


IN_VIEW = """(selector) => {  // the element shows whole inside its open dialog's box
  const element = document.querySelector(selector);
  const box = element?.closest('dialog')?.getBoundingClientRect();
  const rect = element?.getBoundingClientRect();
  return Boolean(box && rect.height > 0 && rect.top >= box.top && rect.bottom <= box.bottom);
}"""


def open_early(page, item):
    """Open the menu's ``item`` as soon as it works (before the engine is ready)."""
    page.wait_for_function(f"!document.querySelector('#menu [data-action={item}]').disabled", timeout=TIMEOUT)
    page.locator("#btn-menu").click()
    page.locator(f"#menu [data-action='{item}']").click()


def test_settings_and_the_language_before_the_engine_is_ready(make_page, server):
    """The form opens with the build's presets; a new language is shown at once; a new rule waits for the engine,
    saying so, and is kept once it is ready (nothing the person chose is lost)."""
    page = make_page(viewport={"width": 844, "height": 390})
    release, held = hold_engine(page)
    page.goto(f"{server}/?speed=instant&sound=0&fresh=1")
    open_early(page, "settings")
    dialog = page.locator("#dlg-settings")
    dialog.wait_for(state="visible")
    early = json.loads((ROOT / "static" / "vendor" / "early" / "engine.json").read_text(encoding="utf-8"))
    presets = page.locator("#set-preset option").evaluate_all("els => els.map((e) => e.value)")
    assert presets == early["lists"]["presets"] and len(presets) > 1
    assert page.locator("#set-target").input_value() == str(early["preset_rules"]["standard"]["target"])
    page.locator("#set-preset").select_option(presets[1])  # the preset's rules fill in, from the build
    page.wait_for_function(
        "(t) => document.getElementById('set-target').value === t", arg=str(early["preset_rules"][presets[1]]["target"])
    )
    page.locator("#set-preset").select_option("standard")
    page.wait_for_function("(t) => document.getElementById('set-target').value === t", arg="500")
    page.locator("#set-lang").select_option("zh-Hant")
    dialog.locator("[data-action='settings-save']").click()
    dialog.wait_for(state="hidden")
    page.wait_for_function("document.documentElement.lang === 'zh-Hant'")
    assert page.locator("#menu [data-action='help']").text_content() == text("help", "zh-Hant")
    line = page.locator("#loading-text").text_content()  # the step's words, or the bytes while they come
    assert line == text("loading_engine", "zh-Hant") or line.startswith(text("loading_download", "zh-Hant")[:4])
    assert page.evaluate("JSON.parse(localStorage.getItem('spades-settings')).lang") == "zh-Hant"
    assert page.evaluate("document.body.dataset.phase") == "loading"
    wait_held(page, held)
    page.locator("#btn-menu").click()
    page.locator("#menu [data-action='settings']").click()
    dialog.wait_for(state="visible")
    assert page.locator("#set-lang").input_value() == "zh-Hant"
    page.locator("#set-target").fill("300")
    dialog.locator("[data-action='settings-save']").click()
    error = page.locator("#settings-error")
    page.wait_for_function("document.getElementById('settings-error').textContent !== ''")
    assert error.text_content() == text("settings_waiting", "zh-Hant")
    assert error.evaluate(
        """(el) => { const line = el.getBoundingClientRect();
             const buttons = document.querySelector('#dlg-settings .dlg-buttons').getBoundingClientRect();
             return line.top >= 0 && line.bottom <= buttons.top + 1; }"""
    ), "the waiting line is in sight, above the buttons"
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / "settings-before-engine-844x390-zh-Hant.png"))
    assert dialog.is_visible() and page.locator("#set-target").input_value() == "300"
    release()
    page.wait_for_function(READY, timeout=TIMEOUT)
    ok = page.locator("#dlg-confirm [data-action='confirm-ok']")  # a new rule starts a new game: asked first
    ok.wait_for(state="visible", timeout=TIMEOUT)
    ok.click()
    dialog.wait_for(state="hidden", timeout=TIMEOUT)
    page.wait_for_function("JSON.parse(localStorage.getItem('spades-settings')).rules?.target === 300", timeout=TIMEOUT)
    page.wait_for_function(READY, timeout=TIMEOUT)
    assert page.evaluate("document.documentElement.lang") == "zh-Hant"


# ---------------------------------------------------------------- the menu in groups


def test_the_menu_in_groups_is_reachable_by_keyboard(make_page, server):
    """A phone upright, then the same page turned sideways (the menu scrolls inside itself where it is short)."""
    page = make_page(viewport={"width": 390, "height": 844})
    page.goto(f"{server}/?fresh=1&speed=instant&sound=0&lang=en")
    page.wait_for_function(READY, timeout=TIMEOUT)
    groups = page.locator("#menu [data-menu-group]").evaluate_all(
        "els => els.map((g) => [g.dataset.menuGroup, [...g.querySelectorAll('button')].map((b) => b.dataset.action)])"
    )
    assert [group for group, _ in groups] == [group for group, _ in MENU]
    for (_, actions), (_, expected) in zip(groups, MENU, strict=True):
        assert [a for a in actions if a in expected] == list(expected)
    for width, height in ((390, 844), (844, 390)):
        page.set_viewport_size({"width": width, "height": height})
        page.locator("#btn-menu").focus()
        page.keyboard.press("Enter")
        page.locator("#menu").wait_for(state="visible")
        order = page.locator("#menu button:not([disabled])").evaluate_all("els => els.map((e) => e.dataset.action)")
        assert order[:2] == ["help", "lessons"]
        seen = [page.evaluate("document.activeElement.dataset.action")]
        for _ in order[1:]:
            page.keyboard.press("ArrowDown")
            seen.append(page.evaluate("document.activeElement.dataset.action"))
            inside = page.evaluate(
                """() => { const r = document.activeElement.getBoundingClientRect();
                     return r.top >= 0 && r.bottom <= innerHeight && r.left >= 0 && r.right <= innerWidth; }"""
            )
            assert inside, (width, height, seen[-1])
        assert seen == order
        page.keyboard.press("Escape")
        assert page.locator("#menu").is_hidden()


def test_screenshots_of_the_welcome_and_the_menu(make_page, server):
    """Not an assertion of looks: the pictures to look at (test-artifacts/first-visit/), and both fit. One page a
    language, resized to each size (the layout is the style sheet's, which follows the window)."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    for lang in ("en", "zh-Hans"):
        page = make_page(viewport={"width": SIZES[0][0], "height": SIZES[0][1]})
        page.goto(f"{server}/?lang={lang}")
        card = page.locator("#dlg-welcome")
        card.wait_for(state="visible", timeout=TIMEOUT)
        for width, height in SIZES:
            page.set_viewport_size({"width": width, "height": height})
            page.wait_for_function("([w, h]) => innerWidth === w && innerHeight === h", arg=[width, height])
            box = card.bounding_box()
            assert box["x"] >= 0 and box["y"] >= 0 and box["x"] + box["width"] <= width, (width, height)
            assert box["y"] + box["height"] <= height, (width, height)
            page.screenshot(path=str(SHOTS / f"welcome-{width}x{height}-{lang}.png"))
        page.get_by_role("button", name=text("welcome_play", lang)).click()
        page.wait_for_function(READY, timeout=TIMEOUT)
        for width, height in SIZES:
            page.set_viewport_size({"width": width, "height": height})
            page.wait_for_function("([w, h]) => innerWidth === w && innerHeight === h", arg=[width, height])
            page.locator("#btn-menu").click()
            page.locator("#menu").wait_for(state="visible")
            page.screenshot(path=str(SHOTS / f"menu-{width}x{height}-{lang}.png"))
            page.keyboard.press("Escape")
            page.locator("#menu").wait_for(state="hidden")
        page.context.close()


# ---------------------------------------------------------------- on the home screen


def manifest_of(page):
    return page.evaluate(
        """async () => {
          const link = document.querySelector('link[rel=manifest]');
          const response = await fetch(link.href);
          return {url: response.url, type: response.headers.get('content-type'), data: await response.json(),
                  apple: document.querySelector('link[rel=apple-touch-icon]')?.href};
        }"""
    )


def test_the_web_app_manifest_and_its_icons(page, server):
    page.goto(f"{server}/?fresh=1&speed=instant&sound=0")
    page.wait_for_function(READY, timeout=TIMEOUT)
    found = manifest_of(page)
    data = found["data"]
    assert "manifest+json" in found["type"]
    assert data["name"] == "黑桃王 Spades" and data["short_name"] == "Spades"
    assert data["display"] == "standalone" and data["lang"] == "en"
    start = urljoin(found["url"], data["start_url"])
    scope = urljoin(found["url"], data["scope"])
    assert scope == f"{server}/" and start.startswith(scope)
    css = (ROOT / "static" / "css" / "app.css").read_text(encoding="utf-8")
    assert data["background_color"] in css  # the table's felt (--felt-dark)
    assert page.evaluate("document.querySelector('meta[name=theme-color]').content") == data["theme_color"]
    icons = data["icons"] + [{"src": found["apple"], "sizes": "180x180", "purpose": "any"}]
    purposes = {(icon["sizes"], icon.get("purpose", "any")) for icon in icons}
    assert {("192x192", "any"), ("512x512", "any"), ("192x192", "maskable"), ("512x512", "maskable")} <= purposes
    for icon in icons:
        url = urljoin(found["url"], icon["src"])
        size = page.evaluate(
            """(url) => new Promise((resolve, reject) => { const img = new Image();
                 img.onload = () => resolve([img.naturalWidth, img.naturalHeight]);
                 img.onerror = reject; img.src = url; })""",
            url,
        )
        if icon["sizes"] != "any":
            assert f"{size[0]}x{size[1]}" == icon["sizes"], url


@pytest.mark.service_workers  # reads the offline state (conftest.make_page)
def test_the_installed_start_url_is_controlled_and_starts_offline(make_page, server):
    page = make_page(viewport={"width": 390, "height": 844})
    page.goto(f"{server}/?fresh=1&speed=instant&sound=0")
    page.wait_for_function(READY, timeout=TIMEOUT)
    found = manifest_of(page)
    start = urljoin(found["url"], found["data"]["start_url"])
    page.wait_for_function("document.documentElement.dataset.offline === 'ready'", timeout=TIMEOUT)
    files = page.evaluate("fetch('static/vendor/build.json', {cache: 'no-store'}).then((r) => r.json())")["files"]
    for needed in (
        "manifest.webmanifest",
        "static/icons/icon-192.png",
        "static/icons/maskable-512.png",
        "static/icons/apple-touch-icon.png",
    ):
        assert needed in files
    page.goto(start)  # as the installed app opens it
    page.wait_for_function(READY, timeout=TIMEOUT)
    assert page.evaluate("!!navigator.serviceWorker.controller")
    assert page.evaluate("navigator.serviceWorker.controller.scriptURL") == f"{server}/sw.js"
    page.context.set_offline(True)
    assert page.evaluate("fetch('static/not-precached.txt').then(() => 'online', () => 'offline')") == "offline"
    page.goto(start)
    page.wait_for_function(READY, timeout=TIMEOUT)
    page.wait_for_function("['bid', 'play', 'blind'].includes(document.body.dataset.await)", timeout=TIMEOUT)
    assert found["data"]["name"] == page.evaluate(
        "fetch('manifest.webmanifest').then((r) => r.json()).then((m) => m.name)"
    ), "the manifest itself is precached"
