"""Before the engine (docs/page.md "Before the engine"): what the page offers while the engine loads.

Before Python runs, static/app/early.js answers the menu and *How to play*. The controller calls :func:`loading`
as soon as the page is translated (the engine still loading: 5–30 s on a first visit): early.js hands over, and
the menu's items that need no engine work (``EARLY``: *How to play*, the help window that scripts/early_data.py
rendered, *Lessons*, whose list comes from the same build's lesson titles, *Profile and statistics*, kept in
localStorage, and *Settings*, whose presets come from the build too); every other item is disabled and described
by one line at the top of the game's group saying that it waits for the engine (``#menu-waiting``). The controller
calls :func:`ready` once the game is on show.

:func:`data` is what the build asked the engine (static/vendor/early/engine.json): ``lists`` (the worker's
``rules`` answer: presets, bidding styles, levels), ``preset_rules`` (each preset's complete rules) and
``lessons`` (``lesson_list`` in each language). tests/test_early_data.py keeps it equal to the engine's answers.

The loading screen's seat names (index.html's ``data-i18n`` on each ``.seat-name``) are translated with the rest of
the static page; :func:`ready` takes those hooks off, because from then on the table names the seats (view.py).
"""

import asyncio
import json

import js
from dom import by_id
from i18n import t
from markup import h
from pyscript import document

EARLY = ("help", "lessons", "profile", "settings")
"""The menu's items (``data-action``) that work while the engine loads."""

_state = {"ready": False, "held": [], "data": None}
_ready = asyncio.Event()


def is_ready():
    """Whether the game is on show (the engine answered and the page drew the table)."""
    return _state["ready"]


async def wait_ready():
    """Return once the game is on show."""
    if not _state["ready"]:
        await _ready.wait()


async def data():
    """The engine's answers made at build time (the module's docstring); ``{}`` when the file cannot be read (the
    page then waits for the engine, as it would without it)."""
    if _state["data"] is None:
        try:
            _state["data"] = json.loads(str(await js.window.spades.earlyData))
        except Exception as error:  # a JS rejection or bad JSON: the same answer, nothing early
            js.console.info("early data:", str(error))
            _state["data"] = {}
    return _state["data"]


def language(lang):
    """A new language chosen while the engine loads: boot.js's loading line speaks it from now on."""
    js.window.spades.setLang(lang)
    js.window.spades.progress("ui", t("loading_engine"))


def loading():
    """The menu opens at once (early.js hands it over): the items that need the engine are held (disabled) and
    say why; those early.js held that need no engine (``EARLY``) work from now on."""
    early_js = js.window.spades.early
    if early_js:
        early_js.handOver()
    menu = by_id("menu")
    held = []
    items = menu.querySelectorAll("button[data-action]")
    for i in range(items.length):
        button = items.item(i)
        was_held = button.getAttribute("data-early") == "held"
        if was_held:
            button.removeAttribute("data-early")
        if str(button.getAttribute("data-action")) in EARLY:
            if was_held:
                button.disabled = False
                button.removeAttribute("aria-describedby")
        elif was_held or not button.disabled:
            button.disabled = True
            button.setAttribute("aria-describedby", "menu-waiting")
            held.append(button)
    _state["held"] = held
    label = by_id("menu-game")
    if label is not None and by_id("menu-waiting") is None:
        note = h("p", t("menu_waiting"), id="menu-waiting", cls="menu-note", role="status")
        label.insertAdjacentHTML("afterend", str(note))
    by_id("btn-menu").disabled = False


def ready():
    """The game is on show: the held items work, the waiting line goes, the table names the seats from now on."""
    for button in _state["held"]:
        button.disabled = False
        button.removeAttribute("aria-describedby")
    _state["held"] = []
    note = by_id("menu-waiting")
    if note is not None:
        note.remove()
    name_seats()
    _state["ready"] = True
    _ready.set()


def name_seats():
    """The table names the seats from now on (view.py): the loading screen's catalog names are not put back by a
    change of language (also when a first hand is drawn before the engine: firsthand.py)."""
    names = document.querySelectorAll(".seat-name[data-i18n]")
    for i in range(names.length):
        names.item(i).removeAttribute("data-i18n")
