"""The messages that come in to :class:`life.Online`: a guest's from the host pass the guest boundary first (every one
checked by this page's own engine worker, op ``guest_check``, spades/table/guest.py, one at a time in the order they
came: inbox.py), and are then handed to handlers.py's table by their type; the host's own room is trusted.  What
fails the check is dropped and counted (``#online-bar[data-dropped]``, one ``console.warn`` line each); a dropped
state or room is followed by ``catch_up`` (the room answers with the room and the state), so the table never
stalls on a bad one.  Scored hands this page missed are asked
for here too (the room's ``sheets`` answers come in as messages).  A part of :class:`life.Online` (a mixin).
"""

import json

import js
import sheet
import store
import windows
from dom import by_id
from i18n import error_text, t
from pyscript import document
from pyscript.ffi import create_proxy
from tasks import spawn
from transport import EngineError, call

from .blindhands import DEVICE_TABLE
from .bridge import plain, read_quiet, warn
from .handlers import MESSAGES
from .links import SEATS

HOST_TABLE = "online"  # the host's room's table in its worker (session.mjs host()'s default)
FAIR_KEY = "spades-online-fair"  # {"secret", "parts": {hand number: the host's fair message of its deal}}
FAIR_KEEP = 600  # deals kept, at most (spades/table/fairdeal.py HANDS_KEPT)
BLIND_KEEP = 4  # host-blind hands' parts kept, at most: each is its device's transcript, about 75 kB of storage


class RawBlind:
    """A host-blind chunk from the host as its JS object, queued in order with the other messages but never made
    Python data: the worker checks it and the device takes it in one call (:meth:`Boundary.blind_in`)."""

    def __init__(self, message):
        self.message = message


class Boundary:
    """The way in of :class:`life.Online`'s messages."""

    def from_host_js(self, message):
        """A message from the host as it came (a JS object): a blind chunk for my seat's device stays one (checked
        with the device's work: :class:`RawBlind`), anything else becomes Python data for the guest boundary."""
        try:
            raw = str(message.t) == "blind" and self.checking and (self.you or {}).get("seat") in SEATS
        except Exception:
            raw = False  # (not an object: plain() turns it into what the boundary refuses)
        self.from_host(RawBlind(message) if raw else plain(message))

    def from_host(self, message):
        """A message from the host (a guest's page): queued for the guest boundary, never handled as it came."""
        if self.inbox.add(message):
            spawn(self.inbox.drain())

    def take_checked(self, message):
        """What passed the guest boundary, to handlers.py's table; a blind chunk to my device (blindhands.py)."""
        if isinstance(message, RawBlind):
            self.later(self.blind_raw(message.message))
        else:
            self.dispatch(message)

    async def blind_in(self, message):
        """The blind chunk ``message`` (a JS object) checked and taken by my device in the worker, its answer's
        chunks already sent to the host (session.mjs ``blindIn``): the rest of the answer as a dict."""
        engine = js.window.spades.engine
        return json.loads(str(await self.sessions.blindIn(engine, self.session, DEVICE_TABLE, message)))

    async def guest_check(self, message):
        """``(checked, None)`` or ``(None, reason)``: this page's worker checks the host's message (op
        ``guest_check``, spades/table/guest.py); only its checked copy is handled (a blind chunk is checked when
        the device takes it: :meth:`blind_in`)."""
        if not self.checking or isinstance(message, RawBlind):
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

    # ------------------------------------------------------------- commit–reveal deals (spades/table/fairdeal.py)

    async def fair_answer(self, message):
        """The host's ``fair`` message (handlers.py ``fair``).  A guest's worker answers it (op ``fair_guest``,
        spades/table/fair.py ``Contributor``): its commitment or its secret goes to the host, and a deal's verdict —
        the secrets, the seed and my own cards checked — is said on the page when it does not hold (in the page's
        words).  A deal is kept in the browser's storage (:data:`FAIR_KEY`) for *Verify this deal*."""
        self.fair_verify_on()
        if "seed" in message:
            self.fair_keep(message)
        if self.role != "guest":
            return
        seat = (self.you or {}).get("seat")
        try:
            answer = await call("fair_guest", {"message": message, "seat": seat})
        except EngineError as error:
            warn("a fair deal could not be checked: " + str(error)[:120])
            return
        if isinstance(answer.get("send"), dict):
            self.send(answer["send"])
        verdict = answer.get("verdict")
        if isinstance(verdict, dict) and not verdict.get("ok"):
            self.notice(t("fair_caught", error=error_text(verdict.get("error") or {})))
            body = document.body
            body.setAttribute("data-fair-caught", str(message.get("hand")))

    def fair_parts(self):
        """The deals kept for this table: hand number (text) → part."""
        data = read_quiet(FAIR_KEY)
        if isinstance(data, dict) and data.get("secret") == self.secret and isinstance(data.get("parts"), dict):
            return data["parts"]
        return {}

    def fair_keep(self, message):
        """Keep a hand's part for *Verify this deal*: the host's ``fair`` message of a commit–reveal deal, or a
        host-blind hand's part (kind ``blind``, my device's transcript: blindhands.py), of which only the last
        :data:`BLIND_KEEP` stay; when the storage is full the blind parts go first."""
        parts = self.fair_parts()
        number = message.get("hand")
        parts[str(number)] = message
        blind = [key for key in sorted(parts, key=int) if parts[key].get("kind") == "blind"]
        for key in sorted(parts, key=int)[:-FAIR_KEEP] + blind[:-BLIND_KEEP]:
            parts.pop(key, None)
            sheet.VERIFIABLE.discard(int(key))
        if not store.write_json(FAIR_KEY, {"secret": self.secret, "parts": parts}):
            for key in blind:
                parts.pop(key, None)
                sheet.VERIFIABLE.discard(int(key))
            store.write_json(FAIR_KEY, {"secret": self.secret, "parts": parts})
        if str(number) in parts:
            sheet.VERIFIABLE.add(int(number))  # the earlier ones were marked as they came (or by fair_verify_on)

    def fair_verify_on(self):
        """Once a page: the score sheet's *Verify this deal* (a ``details`` element, sheet.py ``verify_control``)
        checks its hand when it opens; the deals kept before a reload can be verified again."""
        if getattr(self, "fair_listening", False):
            return
        self.fair_listening = True
        sheet.VERIFIABLE.update(int(key) for key in self.fair_parts())

        def toggled(event):
            target = event.target
            number = target.getAttribute("data-verify")
            if number and target.open:
                spawn(self.verify_deal(int(str(number)), target))

        self.fair_toggle = create_proxy(toggled)
        document.addEventListener("toggle", self.fair_toggle, True)  # toggle does not bubble: caught on its way

    async def verify_deal(self, number, element):
        """*Verify this deal* of hand ``number``: the deal kept (as the host said it) against the finished hand,
        checked by this page's worker (op ``fair_verify``: the check of ``python -m spades verify``); one line in
        ``[data-verify-line]`` says what was checked and whether it holds (``data-verified``: ``holds`` or
        ``fails``)."""
        element.setAttribute("data-verified", "")
        part = self.fair_parts().get(str(number))
        hand = None
        try:
            if self.role == "host":
                hand = await call("hand", {"table": HOST_TABLE, "number": number})
            elif self.record is not None:
                hand = self.record.hands.get(number)
            rules = (self.room or {}).get("rules") or {}
            answer = await call("fair_verify", {"part": part, "hand": hand, "jokers": bool(rules.get("jokers")),
                                                "rules": rules})  # fmt: skip
            verdict = answer.get("verdict") or {}
        except EngineError as error:
            verdict = {"ok": False, "error": {"code": error.code, "params": error.params, "error": str(error)}}
        if verdict.get("ok") and (part or {}).get("kind") == "blind":
            line = t("fair_verify_holds_blind", n=number)
        elif verdict.get("ok"):
            seed = (part or {}).get("seed")
            line = t("fair_verify_holds", n=number, seed=seed)
        else:
            line = t("fair_verify_fails", n=number, error=error_text(verdict.get("error") or {}))
        shown = element.querySelector("[data-verify-line]")
        if shown is not None:
            shown.textContent = line
        element.setAttribute("data-verified", "holds" if verdict.get("ok") else "fails")
