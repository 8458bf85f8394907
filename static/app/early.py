"""Before the engine (docs/page.md "Before the engine"): what the page offers while the engine loads.

The controller calls :func:`loading` as soon as the page is translated (the engine still loading: 8–30 s on a first
visit) and :func:`ready` once the game is on show. In between the menu opens; its items that need no engine work
(``EARLY``: *How to play*, whose text is a static file, *Lessons*, whose window opens at once and fills in when the
engine can list them, *Profile and statistics*, kept in localStorage); every other item is disabled and described
by one line at the top of the game's group saying that it waits for the engine (``#menu-waiting``).

The loading screen's seat names (index.html's ``data-i18n`` on each ``.seat-name``) are translated with the rest of
the static page; :func:`ready` takes those hooks off, because from then on the table names the seats (view.py).
"""

import asyncio

from dom import by_id
from i18n import t
from markup import h
from pyscript import document

EARLY = ("help", "lessons", "profile")
"""The menu's items (``data-action``) that work while the engine loads."""

_state = {"ready": False, "held": []}
_ready = asyncio.Event()


def is_ready():
    """Whether the game is on show (the engine answered and the page drew the table)."""
    return _state["ready"]


async def wait_ready():
    """Return once the game is on show."""
    if not _state["ready"]:
        await _ready.wait()


def loading():
    """The menu opens at once: the items that need the engine are held (disabled) and say why."""
    menu = by_id("menu")
    held = []
    items = menu.querySelectorAll("button[data-action]")
    for i in range(items.length):
        button = items.item(i)
        if str(button.getAttribute("data-action")) not in EARLY and not button.disabled:
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
    names = document.querySelectorAll(".seat-name[data-i18n]")
    for i in range(names.length):
        names.item(i).removeAttribute("data-i18n")
    _state["ready"] = True
    _ready.set()
