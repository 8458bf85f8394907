"""The online panel during the game (``#online-bar``): the strip with each seat's light (always shown), and below
its toggle the room's buttons and the chat.  Built once, its parts redrawn in place only when they change, so
typing a chat line is never interrupted.  A part of life.py's :class:`Online` (a mixin).
"""

from dom import by_id
from i18n import t
from pyscript import document
from pyscript.ffi import create_proxy

from .handlers import hand_dealt
from .links import CHAT_TEXT, typed
from .views import bar, chat, panel_buttons, strip, toggle_text


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
            document.body.appendChild(element)
            element.addEventListener("submit", create_proxy(self.on_chat_submit))
        return element

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
        guest = self.role == "guest"
        self.draw("online-seats", strip(room, self.you, guest, self.connected, self.hidden))
        mine = (self.app.state or {}).get("seats", {}).get((self.you or {}).get("seat"), {})
        self.draw("online-buttons", panel_buttons(room, self.you, self.ended, bool(mine.get("away"))))
        toggle = by_id("online-toggle")
        toggle.textContent = toggle_text(self.unread)
        toggle.setAttribute("aria-expanded", "true" if self.panel_open else "false")
        by_id("online-panel").hidden = not self.panel_open
        by_id("online-bar").classList.toggle("open", self.panel_open)
        self.draw("chat-log", chat(self.chat, self.muted, self.hidden))

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
