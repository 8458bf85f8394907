"""The page's dialogs and the menu: open and close a window, the page's own confirmation (no ``window.confirm``),
the toolbar menu.  A leaf: what a window shows is built by its owner (windows.py: the summary, the score sheet,
the last trick, the help; player.py, preferences.py, share.py …) and handed to :func:`open_dialog`."""

import asyncio

import js
from dom import by_id
from pyscript import document

CLOSABLE = ("dlg-hand", "dlg-scores", "dlg-confirm")
"""The windows a new course of the game makes stale (its summary, its scores, a question about it). Not the help
or the lessons: they say nothing of the game, and a saved game starting must not close the one a person opened
while the page loaded."""


def open_dialog(name, html=None):
    """Open the dialog ``#name`` (modal), its ``.dlg-body`` filled with ``html`` (a markup fragment) if given."""
    dialog = by_id(name)
    if html is not None:
        dialog.querySelector(".dlg-body").innerHTML = str(html)
    opened = not dialog.open
    if opened:
        dialog.showModal()
    focus = dialog.querySelector("[autofocus]")
    if focus is not None:
        _FOCUS_IN_VIEW(dialog, focus, opened)


_FOCUS_IN_VIEW = js.Function.new(
    "dialog",
    "element",
    "opened",
    """
    if (opened) dialog.scrollTop = 0;  // a window opens at its top, its title showing
    element.focus({preventScroll: true});
    const box = dialog.getBoundingClientRect();
    const foot = dialog.querySelector('.dlg-buttons');  // its buttons stick to its foot (app.css)
    const covered = foot && !foot.contains(element);
    const bottom = covered ? Math.min(box.bottom, foot.getBoundingClientRect().top) : box.bottom;
    const rect = element.getBoundingClientRect();
    if (rect.top < box.top || rect.bottom > bottom) element.scrollIntoView({block: 'nearest'});
    """,
)
"""Focus ``element`` in ``dialog`` without scrolling the window past its title: only when the element would be
hidden (below the fold or under the buttons that stick to the foot) is it scrolled into view, as little as
needed. A plain ``focus()`` scrolled a phone's lessons list past its title for a button already in view, and to
the foot for a sticky Close."""


def close_dialogs():
    """Close every dialog a new course of the game makes stale."""
    for name in CLOSABLE:
        dialog = by_id(name)
        if dialog.open:
            dialog.close()


def toggle_menu(show=None):
    """Show or hide the toolbar menu (``None``: the other way round); its first item takes the focus."""
    menu = by_id("menu")
    button = by_id("btn-menu")
    show = menu.hidden if show is None else show
    if show == (not menu.hidden):
        return
    menu.hidden = not show
    button.setAttribute("aria-expanded", "true" if show else "false")
    if show:
        first = menu.querySelector("button")
        if first is not None:
            first.focus()


def menu_move(target, step):
    """↑/↓ inside the menu."""
    items = document.querySelectorAll("#menu button:not([disabled])")
    for i in range(items.length):
        if items.item(i) == target:
            items.item((i + step) % items.length).focus()
            return


class Dialogs:
    """The dialogs that need to remember something: which summary was shown, the pending confirmation."""

    def __init__(self):
        self.shown_for = None  # (game, hand, phase) whose summary was opened: once per hand
        self.confirm_event = None
        self.confirm_result = False

    def reset(self):
        self.shown_for = None
        close_dialogs()

    def first_time(self, key):
        """``True`` the first time the summary ``key`` is asked for (then ``False`` until :meth:`playing_again`)."""
        if self.shown_for == key:
            return False
        self.shown_for = key
        return True

    def playing_again(self):
        """The hand goes on: the next summary may open."""
        self.shown_for = None

    async def confirm(self, text):
        """``True`` when the person confirms ``text`` (OK), ``False`` on Cancel or Esc."""
        by_id("dlg-confirm-text").textContent = text
        self.confirm_event = asyncio.Event()
        self.confirm_result = False
        dialog = by_id("dlg-confirm")
        dialog.showModal()
        dialog.querySelector(".primary").focus()
        await self.confirm_event.wait()
        if dialog.open:
            dialog.close()
        return self.confirm_result

    def confirm_done(self, ok):
        self.confirm_result = ok
        if self.confirm_event is not None:
            self.confirm_event.set()
