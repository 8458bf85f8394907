"""The game's windows: the end-of-hand (or end-of-game) summary, the score sheet, the last trick and the help.

What each shows is built elsewhere (sheet.py, view.py with movelog.py's reasons, helpwindow.py); this module
opens them through dialogs.py, which itself needs none of them.
"""

import helpwindow
import movelog
import sheet
import sound
import view
from dialogs import open_dialog
from dom import by_id


def hand_over(dialogs, state, game_key):
    """The end-of-hand (or end-of-game) summary, once per hand (``dialogs``: the page's Dialogs)."""
    key = str(game_key) + ":" + str(state["hand_number"]) + ":" + state["phase"]
    if not dialogs.first_time(key):
        return
    if state["phase"] == "game-over":
        sound.play("win" if state["winner"] == state["us"] else "lose")
    else:
        sound.play("hand")
    open_dialog("dlg-hand", sheet.hand_over_html(state))
    sheet.mark_overflow(by_id("dlg-hand"))


def scores(state):
    """The score sheet of the game."""
    open_dialog("dlg-scores", sheet.scores_html(state))
    sheet.mark_overflow(by_id("dlg-scores"))


def last_trick(state):
    """The last trick, with the computer's reason under each of its cards (movelog.py)."""
    open_dialog("dlg-scores", view.last_trick_html(state, movelog.LOG.reasons()))


def help():
    """The help window (helpwindow.py)."""
    helpwindow.open_help()
