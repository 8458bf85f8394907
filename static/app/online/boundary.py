"""The messages that come in to :class:`life.Online`: a guest's from the host pass the guest boundary first (every one
checked by this page's own engine worker, op ``guest_check``, spades/table/guest.py, one at a time in the order they
came: inbox.py), and are then handed to handlers.py's table by their type; the host's own room is trusted.  What
fails the check is dropped and counted (``#online-bar[data-dropped]``, one ``console.warn`` line each); a dropped
state or room is followed by ``catch_up`` (the room answers with the room and the state), so the table never
stalls on a bad one.  Scored hands this page missed are asked
for here too (the room's ``sheets`` answers come in as messages).  A part of :class:`life.Online` (a mixin).
"""

import sheet
import windows
from dom import by_id
from tasks import spawn
from transport import EngineError, call

from .bridge import warn
from .handlers import MESSAGES

HOST_TABLE = "online"  # the host's room's table in its worker (session.mjs host()'s default)


class Boundary:
    """The way in of :class:`life.Online`'s messages."""

    def from_host(self, message):
        """A message from the host (a guest's page): queued for the guest boundary, never handled as it came."""
        if self.inbox.add(message):
            spawn(self.inbox.drain())

    async def guest_check(self, message):
        """``(checked, None)`` or ``(None, reason)``: this page's worker checks the host's message (op
        ``guest_check``, spades/table/guest.py); only its checked copy is handled."""
        if not self.checking:
            return message, None
        try:
            answer = await call("guest_check", {"message": message})
        except EngineError as error:
            if error.code == "unknown_op":  # an engine without the guest boundary yet: as before it
                self.checking = False
                return message, None
            return None, str(error)
        if isinstance(answer, dict) and answer.get("ok") is True and isinstance(answer.get("message"), dict):
            return answer["message"], None
        return None, str((answer or {}).get("error") if isinstance(answer, dict) else answer)

    def dropped(self, message, reason, count):
        """A message from the host that was not valid: not shown, counted on the strip, one warning line; for a
        state or a room, the room is asked for them again (``catch_up``), so the table plays on; not again until a
        good room or state has come (a host that spoils every other message cannot start a loop of catch-ups)."""
        kind = message.get("t") if isinstance(message, dict) else None
        warn("dropped a message from the host (" + str(kind)[:24] + "): " + str(reason)[:120])
        bar = by_id("online-bar")
        if bar is not None:
            bar.setAttribute("data-dropped", str(count))
        if kind in ("state", "room") and not self.catching_up:  # the room is sent only when it changes
            self.catching_up = True  # one catch_up at a time: its answer (a room and a state) may hold a bad one
            self.send({"t": "catch_up", "seq": self.seen_seq})

    def dispatch(self, message, table=MESSAGES):
        """Hand ``message`` to its handler in ``table`` (handlers.py, by type ``t``); a guest drops and counts a
        message from the host of any other type."""
        kind = message.get("t") if isinstance(message, dict) else None
        handler = table.get(kind) if isinstance(kind, str) else None
        if handler is not None:
            if kind in ("state", "room"):
                self.catching_up = False  # a good room or state came: a later bad one asks again
            handler(self, message)
            if kind == "room" and table is MESSAGES:
                self.rooms_seen += 1  # counted on the strip (``data-rooms``): tests wait for updates, not for time
                bar = by_id("online-bar")
                if bar is not None:
                    bar.setAttribute("data-rooms", str(self.rooms_seen))
        elif self.role == "guest" and table is MESSAGES:
            self.inbox.refuse(message, "no such message")

    def fill_hands(self, state):
        """Put every scored hand this page keeps into ``state`` (its record then holds the whole game)."""
        sheet.HANDS.fill(state)

    def ask_sheets(self, first, last):
        """Missing scored hands ``first`` … ``last`` (sheet.HANDS.request): a guest asks the room, the host its
        own worker's room (the answers come back as ``sheets`` either way)."""
        if self.role == "guest":
            self.send({"t": "sheets", "from": first, "to": last})
        elif self.role == "host":
            spawn(self.host_sheets(first, last))

    async def host_sheets(self, first, last):
        try:
            answer = await call("sheets", {"table": HOST_TABLE, "from": first, "to": last})
        except EngineError:
            return
        windows.hands_arrived(dict(answer, t="sheets"), self.app.state)
