"""What the page shows besides the worker's state: focus, selection, messages, the trick kept on the table.

One object with declared fields (no free-form dictionary): the renderer (screen.py, view.py) reads
them, the controller, the sessions (session.py), the pacing and the input handlers set them.
"""


class Ui:
    def __init__(self):
        self.focus = 0  # index of the card in your hand that has (or gets) the keyboard focus
        self.selected = None  # card chosen in "select, then Play" mode, or lifted by a first tap (below)
        self.lifting = False  # the selection is a first tap on a hand too tight to aim at (tap-to-lift)
        self.hinted = None  # card the last hint suggested
        self.busy = False  # a finished trick is on show: the person waits
        self.hidden = False  # your cards are face down (you have not looked: blind nil)
        self.message = None  # the status line's text, overriding the state's
        self.saved = False  # "Settings saved." said before the session's own line (screen.py status_line)
        self.note = None  # who won the trick on show
        self.trick_shown = None  # {"cards", "leader", "winner", "collect"}: a finished trick kept a moment
        # caches: unchanged regions are left alone (hover, focus and animations stay put)
        self.hand_html = None
        self.panel_key = None
        self.backs = {}  # seat -> number of card backs drawn

    def clear(self):
        """A new course (new game, import, load): forget everything about the previous one."""
        self.focus = 0
        self.selected = None
        self.hinted = None
        self.busy = False
        self.message = None
        self.saved = False
        self.note = None
        self.trick_shown = None
        self.panel_key = None  # no bidding window of the previous course stays on show

    def forget_html(self):
        """After a language change or a new seat: rebuild every region."""
        self.hand_html = None
        self.panel_key = None
        self.backs = {}
