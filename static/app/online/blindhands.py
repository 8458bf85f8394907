"""A host-blind hand on this page (docs/fair-play.md, *The room's message flow*): this person's seat's device, in
this page's engine worker (spades/table/blindops.py, ops ``blind_*``), for the host's page as for a guest's.  A part
of :class:`life.Online` (a mixin).

- A state with a ``blind`` key (handlers.py ``state``) holds no card of anyone: the device is started for the hand
  it names (``blind_start``: its ``hello`` goes to the host), and the state is drawn with this device's own cards
  (``blind_state``: spades/table/blindtable.py ``with_device``).
- A ``blind`` chunk goes to the device and what it answers to the host without this page on a guest's page
  (session.mjs ``blindIn``, :meth:`BlindHands.blind_raw`) and on the host's (session.mjs, op ``blind_local``,
  :meth:`BlindHands.blind_local`), which hear only the outcome; else (handlers.py ``blind``) through this page
  (``blind_receive``).
- A bid or a card (:meth:`BlindHands.blind_act`, instead of an intent while a hand is blind) goes through the device
  (``blind_bid``, ``blind_play``: refused like the engine's when the rules forbid it); the room's next state draws
  it.
- Once the device has settled the hand, what its audit found is said once, in the page's language
  (:func:`blind_outcome`).

The worker's calls come one after another in the order they were made, so the chunks and the states are taken in
the order they came.
"""

import json

from i18n import error_text, t
from transport import EngineError, call

from .links import SEATS

DEVICE_TABLE = "online-blind"
"""This page's device's table in its worker (the host's room is ``online``)."""


def _dict(value):
    return value if isinstance(value, dict) else {}


def _int(value):
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def _text(value):
    return "" if value is None else str(value)


def blind_outcome(outcome, rated=False):
    """What a host-blind hand's audit found, in the page's language (plain text for a notice; empty before it is
    settled): each of the outcome's events (spades/table/blindroom.py ``Outcome.to_json``) — it holds
    (``blind_audit``), a renege and its penalty (``blind_renege``, at a rated table ``blind_renege_rated``), a seat
    named and its side treated as having left (``blind_left``, with the reason's own words)."""
    lines = []
    for event in _dict(outcome).get("events") or []:
        event = _dict(event)
        kind = event.get("kind")
        seat = event.get("seat")
        where = t("seat_" + seat) if seat in SEATS else "?"
        if kind == "blind_audit":
            lines.append(t("blind_audit"))
        elif kind == "blind_renege":
            tricks = _int(event.get("tricks"))
            key = "blind_renege_rated" if event.get("rated") or rated else "blind_renege"
            key += "_one" if key == "blind_renege" and tricks == 1 else ""  # "1 trick goes", "2 tricks go"
            lines.append(t(key, seat=where, card=_text(event.get("card")), n=_int(event.get("n")) or 0,
                           tricks=tricks if tricks is not None else 0))  # fmt: skip
        elif kind == "blind_left":
            reason = error_text({"code": event.get("code"), "params": _dict(event.get("params"))})
            lines.append(t("blind_left", seat=where, reason=reason))
    return " ".join(lines)


class BlindHands:
    """The device's part of :class:`life.Online` (its fields ``you``, ``app``; its ``send``, ``notice``)."""

    blind_setting = False  # the create form's choice: every hand of my table dealt host-blind (four people)
    blind_prepared = False  # the worker was asked for the cards' group elements
    blind_at = None  # (room table, hand) of the device started, or None
    blind_told = None  # the hand whose outcome was said
    blind_last = None  # the last blind state message from the host

    async def engine(self, op, args):
        """One call of this page's worker (transport.call)."""
        return await call(op, args)

    def blind_prepare(self):
        """At a host-blind table, once a page: the worker makes the cards' group elements now, while the table waits
        (``blind_prepare``, a few ms), so that the first deal does not wait for them."""
        if not self.blind_prepared:
            self.blind_prepared = True
            self.later(self.engine("blind_prepare", {}))

    def blind_seat(self):
        seat = (self.you or {}).get("seat")
        return seat if seat in SEATS else None

    def blind_on(self):
        """Whether this page's bids and cards go through its device now: the last state was of a blind hand (the
        table's own states clear it: handlers.py ``state``) and this page sits at the table."""
        return self.blind_last is not None and self.blind_seat() is not None

    def blind_send(self, answer):
        """Send the host the chunks the device answered (``out``); say what its audit found once settled."""
        for chunk in (answer or {}).get("out") or []:
            if isinstance(chunk, dict):
                self.send(chunk)
        outcome = (answer or {}).get("outcome")
        hand = self.blind_at[1] if self.blind_at is not None else None
        if isinstance(outcome, dict) and hand is not None and self.blind_told != hand:
            self.blind_told = hand
            text = blind_outcome(outcome)
            if text:
                self.notice(text)
            self.later(self.blind_keep())

    async def blind_keep(self):
        """The settled hand's part as my device saw it (``blind_part``: every message of the hand), kept for the
        score sheet's *Verify this deal* (boundary.py ``fair_keep``)."""
        try:
            answer = await self.engine("blind_part", {"table": DEVICE_TABLE})
        except EngineError as error:
            print("spades online: the blind hand's part was not kept: " + str(error)[:120])
            return
        part = answer.get("part")
        if isinstance(part, dict):
            self.fair_verify_on()
            self.fair_keep(part)

    async def blind_state(self, message):
        """The host's state of a blind hand (:attr:`blind_last`, set by handlers.py as it came): the device started
        for its hand, then drawn with my own cards — unless a newer state came meanwhile (the worker answers in
        order, so the newest is drawn last; the table's own state at the hand's end is never drawn over)."""
        state = message.get("state") or {}
        blind = state.get("blind") or {}
        seat = self.blind_seat()
        if seat is None:  # a spectator: the public state as it is
            await self.app.online_state(message)
            return
        where = (blind.get("table"), blind.get("hand"))
        try:
            if self.blind_at != where:
                self.blind_at = where
                args = {"table": DEVICE_TABLE, "room": blind.get("table"), "seat": seat, "hand": blind.get("hand"),
                        "dealer": blind.get("dealer"), "rules": state.get("rules"), "totals": blind.get("totals"),
                        "bags": blind.get("bags"), "rated": blind.get("rated") is True}  # fmt: skip
                self.blind_send(await self.engine("blind_start", args))
            answer = await self.engine("blind_state", {"table": DEVICE_TABLE, "state": state})
        except EngineError as error:
            print("spades online: the blind hand's device failed: " + str(error)[:120])
            if self.blind_last is message:
                await self.app.online_state(message)
            return
        self.blind_send(answer)
        if self.blind_last is not message:
            return  # a newer state came while my device drew this one
        drawn = dict(message)
        drawn["state"] = answer.get("state") or state
        await self.app.online_state(drawn)

    async def blind_chunk(self, message):
        """A chunk the host relayed (or the relay's own): the device takes it, its answer goes to the host."""
        if self.blind_at is None:
            return
        try:
            answer = await self.engine("blind_receive", {"table": DEVICE_TABLE, "chunk": message})
        except EngineError as error:
            print("spades online: a blind chunk was not taken: " + str(error)[:120])
            return
        await self.blind_taken(answer)

    async def blind_taken(self, answer):
        """My device took a chunk: what it answers goes to the host (``out``, unless sent already), and the hand it
        settled here is said and drawn (the room's own state follows)."""
        self.blind_send(answer)
        if answer.get("outcome") is not None and self.blind_last is not None:
            await self.blind_state(self.blind_last)

    def blind_local(self, text):
        """The host's page: its own device, fed by session.mjs (op ``blind_local``) without this page, settled its
        hand or refused one (``onBlind``, JSON text): said and drawn as after ``blind_chunk``."""
        self.later(self.blind_taken(json.loads(str(text))))

    async def blind_raw(self, message):
        """A chunk the host relayed, still a JS object (boundary.py ``RawBlind``): checked and taken by my device in
        one worker call, which sends the host what the device answers (``blind_in``); a chunk the boundary refuses
        is dropped and counted as any other message; the settled hand is said and drawn as after ``blind_chunk``."""
        if self.blind_at is None:
            return
        try:
            answer = await self.blind_in(message)
        except Exception as error:
            print("spades online: a blind chunk was not taken: " + str(error)[:120])
            return
        if answer.get("ok") is False:
            self.inbox.refuse({"t": "blind"}, answer.get("error"))
            return
        if answer.get("ok") is not True:  # the worker refused the call (no device for this hand)
            print("spades online: a blind chunk was not taken: " + str(answer.get("error"))[:120])
            return
        await self.blind_taken(answer)

    def blind_takes(self, intent):
        """Whether my ``intent`` goes through my device (a bid or a card while :meth:`blind_on`): then it is on its
        way (:meth:`blind_act`); anything else goes to the host as usual, whose room refuses it during a blind hand
        (``not_playing``)."""
        if self.blind_on() and (intent or {}).get("type") in ("bid", "play"):
            self.later(self.blind_act(intent))
            return True
        return False

    async def blind_act(self, intent):
        """My bid or card through my device (a blind hand's intent); a refusal is said as the room's are."""
        kind = (intent or {}).get("type")
        try:
            if kind == "bid":
                answer = await self.engine("blind_bid", {"table": DEVICE_TABLE, "bid": intent.get("bid")})
            elif kind == "play":
                answer = await self.engine("blind_play", {"table": DEVICE_TABLE, "card": intent.get("card")})
            else:
                return  # nothing else is done at a blind hand (no look, undo or claim)
        except EngineError as error:
            self.app.acting = False
            self.app.set_message(t("online_refused", error=error_text(error)))
            return
        self.blind_send(answer)
