"""The public lobby (游戏室, ``spades-lobby-v1``): its tables as this page's worker checked them, and the host's own
listing while a public table waits for players.  A part of life.py's :class:`Online` (a mixin).

Every listing a lobby peer sends is checked by the guest boundary (op ``guest_listings``, spades/table/guest.py)
before it is shown; only the newest list shows.
"""

from pyscript.ffi import create_proxy
from tasks import spawn
from transport import EngineError, call

from .bridge import plain, to_js, warn
from .forms import listings_window
from .links import listing


class Lobby:
    """The public lobby of :class:`life.Online`."""

    async def open_lobby(self):
        """Connect to the lobby (once) and show its tables."""
        await self.load_modules()
        if self.lobby is None:
            options = self.link_options()
            options.onTables = create_proxy(lambda tables: spawn(self.take_listings(plain(tables))))
            self.lobby = await self.sessions.lobby(options)
        await self.take_listings(plain(self.lobby.tables()))

    async def take_listings(self, tables):
        """The lobby's tables as this page's worker checked them (op ``guest_listings``): the rest never shows."""
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
            self.show_listings(valid)

    def show_listings(self, tables):
        """The lobby window with ``tables`` (checked listings), unless the person is at a table and elsewhere."""
        self.listings = tables
        if self.session is not None and not self.showing("[data-listings]"):
            return
        self.show(listings_window(tables))

    def publish(self):
        """The host's listing in the lobby (only for a public table, until it starts)."""
        if self.role != "host" or not self.public or self.room is None:
            return
        spawn(self.publish_now())

    async def publish_now(self):
        if self.lobby is None:
            self.lobby = await self.sessions.lobby(self.link_options())
        self.lobby.publish(to_js(None if self.room.get("dnd") else listing(self.room, self.secret, self.pub)))
