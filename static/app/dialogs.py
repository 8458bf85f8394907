"""Dialogs and the menu: the end-of-hand summary, the score sheet (sheet.py), last trick, help, the page's own
confirmation (no ``window.confirm``), and the toolbar menu."""

import asyncio

import sheet
import sound
import view
from dom import by_id
from pyscript import document

CLOSABLE = ("dlg-hand", "dlg-scores", "dlg-help", "dlg-confirm")


def open_dialog(name, html=None):
    dialog = by_id(name)
    if html is not None:
        dialog.querySelector(".dlg-body").innerHTML = html
    if not dialog.open:
        dialog.showModal()
    focus = dialog.querySelector("[autofocus]")
    if focus is not None:
        focus.focus()


def close_dialogs():
    for name in CLOSABLE:
        dialog = by_id(name)
        if dialog.open:
            dialog.close()


def toggle_menu(show=None):
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

    def hand_over(self, state, game_key):
        """The end-of-hand (or end-of-game) summary, once per hand."""
        key = str(game_key) + ":" + str(state["hand_number"]) + ":" + state["phase"]
        if self.shown_for == key:
            return
        self.shown_for = key
        if state["phase"] == "game-over":
            sound.play("win" if state["winner"] == state["us"] else "lose")
        else:
            sound.play("hand")
        open_dialog("dlg-hand", sheet.hand_over_html(state))
        sheet.mark_overflow(by_id("dlg-hand"))

    def playing_again(self):
        """The hand goes on: the next summary may open."""
        self.shown_for = None

    def scores(self, state):
        open_dialog("dlg-scores", sheet.scores_html(state))
        sheet.mark_overflow(by_id("dlg-scores"))

    def last_trick(self, state):
        import movelog  # here: movelog imports this module

        open_dialog("dlg-scores", view.last_trick_html(state, movelog.LOG.reasons()))

    def help(self):
        open_dialog("dlg-help", view.help_html())

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
