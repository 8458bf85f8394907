"""The public lobby (游戏室, ``spades-lobby-v1``): its tables as this page's worker checked them, and the host's own
listing while a public table waits for players.  A part of life.py's :class:`Online` (a mixin).

Every listing a lobby peer sends is checked by the guest boundary (op ``guest_listings``, spades/table/guest.py)
before it is shown; only the newest list shows.  The lobby window opens only when the person asks for it
(:meth:`Lobby.open_lobby`); an update draws it again while it shows and never opens it, and once the person has
left it the page stops listening (handlers.py ``listings``).  With no tables, it says whether a tracker answered
at all (``Can't reach the lobby servers (offline?)``), and under the list which of the configured trackers answer,
then the fallback's relays (docs/online.md "When no tracker answers": on standby, or whether each answers).
"""

from pyscript import document
from pyscript.ffi import create_proxy
from tasks import spawn
from transport import EngineError, call

from .bridge import plain, to_js, warn
from .forms import listings_window
from .handlers import listings
from .links import listing


class Lobby:
    """The public lobby of :class:`life.Online`."""

    async def open_lobby(self):
        """Connect to the lobby (once while it shows) and show its tables: the only way the lobby window opens."""
        await self.load_modules()
        if self.lobby is None:
            options = self.link_options()
            options.onTables = create_proxy(lambda tables: spawn(self.take_listings(plain(tables))))
            self.lobby = await self.sessions.lobby(options)
            self.lobby_listens = True
            document.body.setAttribute("data-lobby-listening", "1")
        self.show(listings_window(self.listings, self.lobby_reach(), self.lobby_trackers()))
        await self.take_listings(plain(self.lobby.tables()))

    def lobby_reach(self):
        """Whether a tracker answers the lobby (session.mjs ``reach``): ``ok``, ``trying`` or ``none``."""
        reach = getattr(self.lobby, "reach", None) if self.lobby is not None else None
        return str(reach()) if reach is not None else "ok"

    def lobby_trackers(self):
        """Each configured tracker and whether it answers the lobby, then the fallback's relays (session.mjs
        ``trackers()``, ``relayRows``: ``[{url, reach, fallback?}]``)."""
        trackers = getattr(self.lobby, "trackers", None) if self.lobby is not None else None
        return plain(trackers()) if trackers is not None else []

    async def take_listings(self, tables):
        """The lobby's tables as this page's worker checked them (op ``guest_listings``): the rest never shows;
        then handlers.py ``listings`` (drawn while the lobby shows, else the page stops listening)."""
        self.listings_asked += 1
        asked = self.listings_asked
        tables = tables if isinstance(tables, list) else []
        try:
            answer = await call("guest_listings", {"tables": tables})
            valid = answer.get("tables") if isinstance(answer, dict) else None
            valid = valid if isinstance(valid, list) else []
        except EngineError as error:
            if error.code != "unknown_op":
                warn("lobby listings not checked: " + str(error)[:80])
                valid = []
            else:  # an engine without the guest boundary yet (session.mjs validListing checked them)
                valid = tables
        if asked == self.listings_asked:  # a newer list came meanwhile: that one shows
            listings(self, valid, self.lobby_reach())
        document.body.setAttribute("data-lobby-updates", str(self.listings_asked))

    def draw_listings(self, tables, reach):
        """The open lobby window drawn again with ``tables`` (the focused button keeps the focus)."""
        focus = document.activeElement
        secret = focus.getAttribute("data-secret") if focus is not None and hasattr(focus, "getAttribute") else None
        self.show(listings_window(tables, reach, self.lobby_trackers()))
        if secret:
            for again in self.dialog().querySelectorAll("[data-secret]"):
                if again.getAttribute("data-secret") == secret:
                    again.focus()
                    break

    def stop_lobby(self):
        """The person left the lobby: stop listening (a public table's host keeps the connection for its listing)."""
        if self.lobby is None or not self.lobby_listens or (self.role == "host" and self.public):
            return
        lobby, self.lobby, self.lobby_listens = self.lobby, None, False
        document.body.setAttribute("data-lobby-listening", "")
        spawn(lobby.close())

    def publish(self):
        """The host's listing in the lobby (only for a public table, until it starts)."""
        if self.role != "host" or not self.public or self.room is None:
            return
        spawn(self.publish_now())

    async def publish_now(self):
        if self.lobby is None:  # a host's id in the lobby from the start: the lobby's visitors' offers are answered
            self.lobby = await self.sessions.lobby(self.link_options({"hosting": True}))
        self.lobby.publish(to_js(None if self.room.get("dnd") else listing(self.room, self.secret, self.pub)))
