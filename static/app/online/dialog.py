"""The online dialog on the page (``#dlg-online``): which window it shows (the online menu, the join form, a status
line, the room before the start, the vote), and the person's submits and choices in it, sent by name to
actions.py's tables.  A part of life.py's :class:`Online` (a mixin: the same table's fields).
"""

import json

import i18n
import js
import store
from dom import by_id
from i18n import t
from pyscript import document
from pyscript.ffi import create_proxy
from tasks import sleep_ms, spawn

from .actions import CHANGES, SUBMITS
from .bridge import NAME_KEY, PREFS_KEY, invite_link, plain, to_js
from .forms import create_window, join_window, offered_name, status_window, trackers_list
from .links import typed_name
from .succession import game_on
from .views import body, room_window

REACH_CHECK_MS = 1000
"""How often the host's room window asks whether a tracker answers (session.mjs ``reach``) until one does."""


class Dialog:
    """The online dialog of :class:`life.Online`."""

    def dialog(self):
        """The dialog element, made (and its submit and change listeners set) the first time."""
        dialog = by_id("dlg-online")
        if dialog is None:
            dialog = document.createElement("dialog")
            dialog.id = "dlg-online"
            dialog.className = "dlg dlg-online"
            dialog.setAttribute("aria-labelledby", "online-title")
            document.body.appendChild(dialog)
            dialog.addEventListener("submit", create_proxy(self.on_submit))
            dialog.addEventListener("change", create_proxy(self.on_change))
        return dialog

    def show(self, content):
        """The online dialog with ``content`` (a view's markup), open, its first field focused."""
        dialog = self.dialog()
        dialog.innerHTML = str(body(content))
        if not dialog.open:
            dialog.showModal()
        first = dialog.querySelector("[autofocus]") or dialog.querySelector("input,button,select")
        if first is not None:
            first.focus()

    def showing(self, selector):
        """Whether the online dialog is open on a window that has ``selector``."""
        dialog = by_id("dlg-online")
        return dialog is not None and dialog.open and dialog.querySelector(selector) is not None

    def close_dialog(self, selector=None):
        """Close the online dialog (only when it shows ``selector``, if given)."""
        dialog = by_id("dlg-online")
        if dialog is not None and dialog.open and (selector is None or dialog.querySelector(selector)):
            dialog.close()

    def open(self):
        """The online menu: create a table, or the room of the table we are at (leaving the lobby stops it)."""
        self.stop_lobby()
        if self.panel_open:  # the panel's Table button: the room window takes its place (it lies over the table)
            self.panel_open = False
            self.render_bar()
        if self.session is not None:
            self.show(self.room_view())
            return
        self.show(create_window(self.form_name()))

    def join_form(self, secret, problem=None):
        """The join form for the table ``secret`` (``problem``: why the last try was refused)."""
        self.show(join_window(secret, self.pub, self.form_name(), problem))

    def form_name(self):
        """The name the forms offer (forms.py ``offered_name``): ``?name=``, the profile's, the last one used."""
        profile = ""
        try:
            data = json.loads(store.read_text(store.PROFILE_KEY) or "null")
            profile = typed_name(data.get("name")) if isinstance(data, dict) else ""
        except ValueError:
            pass  # a damaged profile: player.py sets it aside when the profile is opened
        entry = i18n._catalog.get("profile_default_name") or {}  # every language's default: a name nobody chose
        defaults = [str(text) for text in entry.values()]
        return offered_name(
            typed_name(self.params.get("name")), profile, defaults, typed_name(store.read_text(NAME_KEY))
        )

    def show_status(self, text):
        self.show(status_window(text))

    def field(self, form_id, name):
        """The field ``name`` of the form ``form_id`` in the dialog, or ``None``."""
        form = by_id(form_id)
        return form.elements.namedItem(name) if form is not None else None

    def keep_name(self, name):
        """The name to offer next time (``spades-online-name``)."""
        store.write_text(NAME_KEY, name)

    def on_submit(self, event):
        """A form of the dialog, by its id (actions.py ``SUBMITS``)."""
        event.preventDefault()
        submit = SUBMITS.get(str(event.target.id or ""))
        if submit is not None:
            submit(self, event.target)

    def on_change(self, event):
        """A choice in the room window, by its field's name (actions.py ``CHANGES``)."""
        change = CHANGES.get(str(event.target.name or ""))
        if change is not None:
            change(self, event.target)

    def save_prefs(self):
        """Mutes, hidden names and spectator permissions, kept for the next table (``spades-online-prefs``)."""
        data = {
            "muted": sorted(self.muted),
            "hidden": sorted(self.hidden),
            "spectators": self.allow_spectators,
            "show_cards": self.show_cards,
        }
        store.write_json(PREFS_KEY, data)

    async def copy_invite(self):
        """The invite link onto the clipboard (or selected, when the browser does not allow it)."""
        field = document.querySelector("[data-invite]")
        try:
            await js.navigator.clipboard.writeText(field.value)
            self.app.set_message(t("online_copied"))
        except Exception:
            field.select()

    def room_view(self):
        """The room window for this page (views.room_window with what this page knows)."""
        invite = None
        if self.secret:
            invite = invite_link(self.secret, self.pub, self.custom_relay(), self.custom_fallback())
        prefs = {"spectators": self.allow_spectators, "show_cards": self.show_cards}
        host = self.role == "host"
        reach = self.host_reach() if host else "ok"
        return room_window(self.room, self.you, host, self.hidden, invite, self.code, prefs, reach, self.relay_lines())

    def custom_relay(self):
        """The relay this page uses when the person chose one (``?relay=`` or settings), else ``None``."""
        return self.params.get("relay") or self.app.settings.get("relay") or None

    def custom_fallback(self):
        """The fallback relays this page uses when the person chose them (``?fallback=`` or settings), else None."""
        return self.params.get("fallback") or self.app.settings.get("fallback") or None

    def relay_rows(self):
        """This connection's relays and whether each answers (session.mjs ``relayRows``: ``[{url, reach,
        fallback?}]``), or None before a connection."""
        rows = getattr(self.session, "relays", None) if self.session is not None else None
        return plain(rows()) if rows is not None else None

    def relay_lines(self):
        """Which of this connection's trackers and fallback relays answer (forms.trackers_list of
        :meth:`relay_rows`), for the room window; None before a connection."""
        rows = self.relay_rows()
        return trackers_list(rows) if rows is not None else None

    def host_reach(self):
        """Whether a relay of this host's own connection answers: ``ok`` once one of its rows does (session.mjs
        ``relayRows``; a socket of another connection, the lobby's, is no answer for this room), else ``trying``
        or ``none`` as session.mjs ``reach`` counts the time.  While the room waits for its start, a watch asks
        again every :data:`REACH_CHECK_MS` and draws the room window again whenever the answer or a relay's line
        changes: the line that friends cannot join goes once one answers, and each relay's line is never stale."""
        reach = getattr(self.sessions, "reach", None) if self.sessions is not None else None
        if reach is None:
            return "ok"
        if getattr(self, "reach_since", None) is None:
            self.reach_since = js.Date.now()
        now = self.reach_now()
        if not getattr(self, "reach_watch", False):
            self.reach_watch = True
            spawn(self.watch_reach((now, self.relay_key())))
        return now

    def reach_now(self):
        """:meth:`host_reach`'s answer now: ``ok`` when a relay row of this connection answers (or, before it
        has rows, session.mjs ``reach`` of every connection's sockets), else by the time since the first ask."""
        rows = self.relay_rows()
        if rows is None:
            return str(self.sessions.reach(self.reach_since))
        if any(isinstance(row, dict) and row.get("reach") == "ok" for row in rows):
            return "ok"
        return str(self.sessions.reach(self.reach_since, js.Date.now(), to_js({})))

    def relay_key(self):
        """What the room window shows of the relays, to tell a change: each row's url and reach."""
        rows = self.relay_rows() or []
        return tuple((str(row.get("url")), str(row.get("reach"))) for row in rows if isinstance(row, dict))

    async def watch_reach(self, shown):
        """Until the game starts or the table is left: the room window drawn again whenever :meth:`reach_now` or
        a relay's line changes (trystero keeps trying the trackers meanwhile)."""
        secret, had = self.secret, self.session is not None
        try:
            while self.secret == secret and self.role == "host" and not (self.room or {}).get("started"):
                await sleep_ms(REACH_CHECK_MS)
                if self.session is None and had:
                    return  # the table was left
                had = had or self.session is not None
                now = (self.reach_now(), self.relay_key())
                if now != shown:
                    shown = now
                    self.render_lobby()
        finally:
            self.reach_watch = False

    def render_lobby(self, open_it=False):
        """The room window drawn again in place while it shows (the focused button keeps the focus); a room message
        never opens or closes it.  While a connecting line shows, the room window takes its place before the start
        (after it, the line closes: the table shows).  ``open_it``: the host's page, its room made, opens it before
        the game is on (``game_on``).
        """
        if self.room is None:
            return
        started = self.room.get("started")
        if self.showing("[data-connecting]"):
            if started:
                self.close_dialog("[data-connecting]")
                return
        elif not self.showing("[data-lobby]") and not (open_it and not game_on(self.room)):
            return
        dialog = self.dialog()
        focus = document.activeElement
        key = focus.getAttribute("data-action") if focus is not None and hasattr(focus, "getAttribute") else None
        self.show(self.room_view())
        if key:
            for again in dialog.querySelectorAll("[data-action]"):
                if again.getAttribute("data-action") == key:
                    again.focus()
                    break
