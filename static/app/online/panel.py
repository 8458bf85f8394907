"""The online panel during the game (``#online-bar``): the strip with each seat's light (always shown), and below
its toggle the seats' names, the room's buttons and the chat.  Built once, its parts redrawn in place only when
they change, so typing a chat line is never interrupted.  A part of life.py's :class:`Online` (a mixin).

Where it lies (docs/page.md "Layout"): the strip is a part of the top bar (its own place in the bar's grid, under
the tools, or the left column on phones held sideways), so the table is laid out around it and it covers nothing;
the open panel lies over the middle of the table (the trick's place, below the row of seats), placed where
``.table .center`` is when it opens and again when the window changes size, so it covers no seat plate, no tool
and not the score box.  It closes by itself when my turn comes (the bidding window and the trick are there); what
I was typing stays in the chat field.
"""

import js
from dom import by_id
from i18n import t
from pyscript import document
from pyscript.ffi import create_proxy

from .handlers import hand_dealt
from .links import CHAT_TEXT, SEATS, typed
from .views import bar, chat, names, panel_buttons, strip, toggle_text

PANEL_WIDTH = 384  # px (24rem at 16 px): the open panel at most this wide, over the middle of the table
PANEL_GAP = 6  # px kept clear around the open panel
MY_TURN = ("bid", "blind", "play")  # <body data-await> when the page waits for my move: the open panel closes


class Panel:
    """The game panel of :class:`life.Online`."""

    def bar(self):
        """The panel, built the first time (``data-dropped``: the messages the guest boundary dropped so far)."""
        element = by_id("online-bar")
        if element is None:
            element = document.createElement("aside")
            element.id = "online-bar"
            element.className = "online-bar"
            element.setAttribute("aria-label", t("online_title"))
            element.setAttribute("data-dropped", str(self.inbox.dropped if self.inbox is not None else 0))
            element.innerHTML = str(bar())
            self.drawn = {}
            top = document.querySelector(".topbar")  # the strip has its own place in the top bar (online.css)
            (top or document.body).appendChild(element)
            element.addEventListener("submit", create_proxy(self.on_chat_submit))
            if not getattr(self, "placing", None):
                self.placing = create_proxy(lambda event: self.place_panel())
                js.window.addEventListener("resize", self.placing)
        return element

    def place_panel(self):
        """The open panel over the middle of the table (``.table .center``: below the row of seats, above your
        hand), as wide as that allows up to :data:`PANEL_WIDTH`; it scrolls inside itself where it is short."""
        panel = by_id("online-panel")
        center = document.querySelector(".table .center")
        if panel is None or center is None or not self.panel_open:
            return
        box = center.getBoundingClientRect()
        bottom = box.bottom
        hand = by_id("hand")
        if hand is not None:
            under = hand.getBoundingClientRect()
            if under.height > 0 and box.top < under.top < bottom:
                bottom = under.top  # phones held sideways: the hand lies over the table's lower part
        width = max(0, min(PANEL_WIDTH, box.width - 2 * PANEL_GAP))
        style = panel.style
        style.setProperty("left", str(int(box.left + (box.width - width) / 2)) + "px")
        style.setProperty("top", str(int(box.top + PANEL_GAP)) + "px")
        style.setProperty("width", str(int(width)) + "px")
        style.setProperty("max-height", str(int(max(0, bottom - box.top - 2 * PANEL_GAP))) + "px")

    def draw(self, element_id, content):
        """Put ``content`` (markup) into the element ``element_id`` when it differs from what is there."""
        html = str(content)
        if self.drawn.get(element_id) != html:
            self.drawn[element_id] = html
            by_id(element_id).innerHTML = html

    def toggle_panel(self):
        """Open or close the buttons and the chat (opening reads the unread lines)."""
        self.panel_open = not self.panel_open
        if self.panel_open:
            self.unread = 0
        self.render_bar()
        if self.panel_open:
            by_id("chat-form").elements.namedItem("text").focus()

    def render_bar(self):
        """The strip, the buttons and the chat as the last room message and this page's choices say (session.py
        calls it after each state it drew: a new hand's closes the end-of-hand window, :meth:`close_finished_hand`)."""
        self.close_finished_hand()
        room = self.room
        if room is None:
            return
        self.bar()
        turn = document.body.getAttribute("data-await") or ""
        if self.panel_open and turn in MY_TURN and turn != getattr(self, "awaited", ""):
            self.panel_open = False  # my turn: the open panel lies where the bidding window and the trick are
        self.awaited = turn
        guest = self.role == "guest"
        self.draw("online-seats", strip(room, self.you, guest, self.connected, self.hidden))
        self.draw("online-names", names(room, self.you, guest, self.connected, self.hidden))
        mine = (self.app.state or {}).get("seats", {}).get((self.you or {}).get("seat"), {})
        self.draw("online-buttons", panel_buttons(room, self.you, self.ended, bool(mine.get("away"))))
        toggle = by_id("online-toggle")
        toggle.textContent = toggle_text(self.unread)
        toggle.setAttribute("aria-expanded", "true" if self.panel_open else "false")
        by_id("online-panel").hidden = not self.panel_open
        by_id("online-bar").classList.toggle("open", self.panel_open)
        self.draw("chat-log", chat(self.chat, self.muted, self.hidden))
        self.place_panel()
        self.sync_seat()

    def sync_seat(self):
        """``<body data-seat>`` is my seat at this table before its first state is drawn (until then the page
        still shows the solo game's, whose seat is not mine here); from the first state on, screen.py sets it."""
        session = getattr(self.app, "session", None)
        if session is not None and session.at(self) and getattr(session, "state", None) is None:
            document.body.setAttribute("data-seat", _seat(self.you))

    def close_finished_hand(self):
        """The host dealt the next hand (handlers.py ``hand_dealt``): the end-of-hand window closes here too."""
        session = getattr(self.app, "session", None)
        if session is None or not session.at(self):
            return  # the page's state is still the solo game's (a reload, before this table's first state)
        state = self.app.state
        number = (state or {}).get("hand_number")
        if hand_dealt(self.hand_seen, state):
            dialog = by_id("dlg-hand")
            if dialog is not None and dialog.open:
                dialog.close()
        if number is not None:
            self.hand_seen = number

    def on_chat_submit(self, event):
        """A chat line to the room (which cleans it and sends it to everyone, this page too)."""
        event.preventDefault()
        field = event.target.elements.namedItem("text")
        text = typed(field.value, CHAT_TEXT)
        if text:
            self.send({"t": "chat", "text": text})
            field.value = ""


def _seat(you):
    """My seat in a welcome's ``you`` (``""``: watching, or not seated yet)."""
    seat = (you or {}).get("seat") if isinstance(you, dict) else None
    return seat if seat in SEATS else ""
