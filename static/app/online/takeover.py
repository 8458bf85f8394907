"""Tables that survive their host, the page's side (issue 21; docs/online.md "When the host is gone"): a part of
:class:`life.Online` (a mixin over the same fields).

- Every seated guest keeps the table's public record (record.py): the last room message, every finished hand (asked
  with ``hand {number}`` as ``hands_scored`` grows), the chat; in memory and in the browser's storage.
- The room message names the succession and each seat's key (succession.py); this page tells its link
  (session.mjs) the successors' keys and its own place, so the link follows a successor's ``host`` frame only in
  turn, and says when it is this page's turn to take over (``onTakeover``): :meth:`Takeover.take_over` closes the
  guest's link and hosts the room built from the record (op ``room_takeover``), with this person's own key.
- A host resumed from its save (or one whose link was away) that meets a successor's signed ``host`` frame yields
  (``onYield``) only to a takeover by the rules (succession.py ``yields_to``): the successor's key, and this host
  without its people for a grace period at least (:class:`succession.Absence`, fed by its own room messages; a
  resumed host counts from its earlier page's last heartbeat, ``spades-online-alive``, so a slow reload counts).
  :meth:`Takeover.yield_host` then drops its save, which is obsolete, and joins as a guest with its own seat token
  (the new room knows it by its ``claim``), so a table never has two hosts.  A host built by takeover yields by the
  same rule, but only to the successors whose turn came before its own (succession.py ``earlier_keys``) and to those
  its own room names later: two successors that both took over (the later one's link did not find the earlier
  one's new host in time) end as one table under the earlier one.
- A newcomer holding the invitation made before a takeover knows only the old host's key: every host signs its
  successors' keys for its guests, and the page that takes over keeps the chain of such links (record.py
  ``chain``) and hands it to its link, which shows it in its host frames (session.mjs ``chainLeads``).
- Once a new host's first room message came, the page says so (``online_host_now``, and ``online_redealt`` when
  the hand in progress was dealt again).
"""

import js
import store
from dom import by_id
from i18n import t
from tasks import sleep_ms, spawn

from .bridge import HOST_KEY, RECORD_KEY, keep_token, own_link, plain, read_quiet, to_js
from .record import Record, chain_of
from .succession import (
    Absence,
    earlier_keys,
    host_seat,
    may_take_over,
    place_of,
    successor_keys,
    takeover_lines,
    yields_to,
)

LONELY_MS = 2500
"""A new host that no one reached this long after it joined the room joins it again (its announcement may have
reached no one); the guests that lost their host join again when they see a host's offer (session.mjs)."""
ALIVE_KEY = "spades-online-alive"
"""``{"secret", "at"}``: a host page's heartbeat, written every :data:`ALIVE_MS` while it hosts: after a reload the
time the page was closed counts as an absence (:meth:`Takeover.watch_absence`)."""
ALIVE_MS = 1000


class Takeover:
    """The takeover's part of :class:`life.Online`."""

    def init_takeover(self):
        """The takeover's fields (life.py's ``Online.__init__`` calls this)."""
        self.record = None  # record.py's Record: this table's public record
        self.own_key = None  # this person's own key pair at this table (a JWK): signs if it ever hosts
        self.own_pub = None  # its public key (base64url), said in hello
        self.new_host = False  # a new host took over: its first room message is announced
        self.before_takeover = None  # the state drawn when the host changed (was a hand dealt again?)
        self.taking_over = False
        self.yield_keys = []  # the successors' keys a host yields to (learn_successors)
        self.hosts_seen = 0  # new hosts this page met (#online-bar[data-hosts])
        self.absence = None  # succession.Absence: how long this host has been without its people
        self.absence_of = None  # the host session it is counted for

    def open_record(self, secret):
        """The public record this browser keeps for the table ``secret`` (a new one for another table)."""
        self.record = Record.from_json(read_quiet(RECORD_KEY), secret)
        return self.record

    def save_record(self):
        if self.record is not None:
            try:
                store.write_json(RECORD_KEY, self.record.to_json())
            except Exception:  # storage full or denied: the record stays in memory
                pass

    def keeps_record(self):
        """Whether this page keeps the hands: a guest with a seat (a spectator never takes over)."""
        you = self.you or {}
        return self.role == "guest" and self.record is not None and you.get("seat") and not you.get("spectator")

    # ------------------------------------------------------------- what comes in (handlers.py calls these)

    def record_room(self, message):
        """A room message: kept, and the succession told to the link; a new host's first one is announced."""
        if self.record is not None:
            self.record.room = message
            self.save_record()
        self.tell_succession()
        if self.new_host:
            self.new_host = False
            self.hosts_seen += 1  # #online-bar[data-hosts]: how many new hosts this page met (tests wait for it)
            bar = by_id("online-bar")
            if bar is not None:
                bar.setAttribute("data-hosts", str(self.hosts_seen))
            self.notice(" ".join(t(key, **params) for key, params in takeover_lines(message, self.before_takeover)))

    def record_state(self, state):
        """A state: the finished hands this record lacks are asked for (a few at a time)."""
        if self.keeps_record():
            for number in self.record.missing((state or {}).get("hands_scored")):
                self.send({"t": "hand", "number": number})

    def record_hand(self, hand):
        """A finished hand came: kept; ``True`` when it was the record's own question (not the review's)."""
        if self.record is None:
            return False
        asked = self.record.keep_hand(hand)
        self.save_record()
        return asked

    def record_chat(self):
        if self.record is not None:
            self.record.keep_chat(self.chat)
            self.save_record()

    def tell_succession(self):
        """The room's successors' keys (and, for a guest, its own place) to this page's link (session.mjs)."""
        session = self.session
        room = (self.record.room if self.record is not None else None) or self.room
        if session is None or room is None:
            return
        if self.role == "host":
            self.watch_absence(session, room)
            chain = self.record.chain if self.record is not None else []
            session.succession(to_js(self.learn_successors(room, (self.you or {}).get("seat"))), to_js(chain))
        else:
            place = place_of(room, (self.you or {}).get("seat")) if may_take_over(room, self.you, self.ended) else None
            session.succession(to_js(successor_keys(room, self.pub)), -1 if place is None else place)

    def first_yields(self, seat, taken_over):
        """The keys a host at ``seat`` yields to when it starts: a host built by takeover, the successors before its
        own place in the room it took over (succession.py ``earlier_keys``); any other, its saved room's."""
        self.yield_keys = earlier_keys(self.record.room, seat) if taken_over else []
        return self.learn_successors(self.record.room, seat)

    def learn_successors(self, room, seat):
        """The keys a host at ``seat`` yields to: every successor's its own room messages ever named (a room resumed
        from its save names none until they come back, and one who took the table over is not back), this host's
        own left out.  A room hosted at another seat (the one a takeover started from) teaches nothing: its
        successors after this host's place are not whom it gives way to."""
        if host_seat(room) in (None, seat):
            for key in successor_keys(room, self.pub):
                if key is not None and key not in self.yield_keys:
                    self.yield_keys.append(key)
        return self.yield_keys

    def watch_absence(self, session, room):
        """This host's own room message: counted by its :class:`Absence` (a new one for each host session, from the
        earlier page's last heartbeat for this table, else from now), and the heartbeat kept going."""
        now = js.Date.now()
        if self.absence_of is not session:
            self.absence_of = session
            alive = read_quiet(ALIVE_KEY)
            at = alive.get("at") if isinstance(alive, dict) and alive.get("secret") == self.secret else None
            fresh = isinstance(at, (int, float)) and not isinstance(at, bool) and at <= now
            self.absence = Absence(at if fresh else now)
            if fresh:  # body[data-host-away]: how long the earlier page was gone (a test hook, docs/online.md)
                js.document.body.setAttribute("data-host-away", str(int(now - at)))
            spawn(self.keep_alive(session))
        self.absence.room(room, now)

    async def keep_alive(self, session):
        """The heartbeat (:data:`ALIVE_KEY`) while ``session`` hosts here."""
        while self.session is session and self.role == "host":
            try:
                store.write_json(ALIVE_KEY, {"secret": self.secret, "at": js.Date.now()})
            except Exception:  # storage full or denied: a reload then counts from the resume
                pass
            await sleep_ms(ALIVE_MS)

    def follow_host(self, key):
        """My link follows a new host (its key): kept for a reload, and in this page's address."""
        self.pub = key
        self.new_host = True
        self.before_takeover = self.app.state
        if self.record is not None:
            self.record.host = key
            self.save_record()
        js.history.replaceState(js.history.state, "", own_link(self.secret, key))

    # ------------------------------------------------------------- taking over, and giving way

    async def take_over(self):
        """It is my turn (session.mjs ``onTakeover``): the guest's link closes, and this page hosts the room made
        from the public record with this person's own key (op ``room_takeover``)."""
        you = self.you or {}
        if self.role != "guest" or self.session is None or self.taking_over or self.record is None:
            return
        if not may_take_over(self.record.room, you, self.ended) or not self.own_key:
            return
        self.taking_over = True
        try:
            store.remove(ALIVE_KEY)  # a host built now counts its absence from now, not from an old heartbeat
            public = self.record.public()
            self.record.chain = chain_of(plain(self.session.proof()))  # from the invitation's key to mine
            self.save_record()
            await self.close_session()
            self.role = "host"
            self.new_host = True
            self.before_takeover = self.app.state
            seed = int(js.crypto.getRandomValues(js.Uint32Array.new(1))[0]) % 2**31  # read as a signed int here
            setup = {"name": you.get("name"), "seat": you.get("seat"), "key": self.own_key}
            takeover = {"public": public, "name": you.get("name"), "seed": seed, "key": self.own_pub}
            if you.get("token"):
                takeover["token"] = you["token"]  # my seat by its claim, and still my token
            if self.password:
                takeover["password"] = self.password
            await self.start_host(setup, None, takeover)
            if self.session is None:  # refused (start_host said why): a guest again, following the next successor
                self.role = "guest"
                await self.join(self.secret, you.get("name"), self.password)
                return
            waited = 0
            while waited < LONELY_MS and self.role == "host" and self.session is not None:
                await sleep_ms(250)
                waited += 250
                if self.session is not None and int(self.session.heard()) > 0:
                    return
            if self.role == "host" and self.session is not None:  # alone: join the room again, from its save
                await self.close_session()
                await self.resume_host(self.secret)
        finally:
            self.taking_over = False

    def yield_to(self, key):
        """A successor's genuine host frame reached this host (session.mjs ``onYield``): whether it gives way, by
        the rules (succession.py ``yields_to``); ``False`` and the link judges the successor's next frame again."""
        away = self.absence.away_ms(js.Date.now()) if self.absence is not None else 0
        if not yields_to(self.yield_keys, key, away):
            return False
        spawn(self.yield_host(key))
        return True

    async def yield_host(self, key):
        """Give way to the successor with ``key``: this host's save is obsolete (dropped), and the page joins as a
        guest with its own seat token, which the new room knows by its ``claim``."""
        if self.role != "host" or self.session is None:
            return
        token = (self.you or {}).get("token")
        name = (self.you or {}).get("name")
        session = self.session
        self.session = None
        store.remove(HOST_KEY)
        store.remove(ALIVE_KEY)
        try:
            await session.close()  # no leave: the room goes on elsewhere
        except Exception:
            pass
        if self.code_offer is not None:
            try:
                await self.code_offer.close()
            except Exception:
                pass
            self.code_offer = None
        if token:
            keep_token(self.secret, token)
        self.follow_host(key)
        await self.join(self.secret, name, None)
