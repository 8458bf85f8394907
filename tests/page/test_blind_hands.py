"""This page's device at a host-blind table (static/app/online/blindhands.py) against the real room and worker.

Four pages, each the online package's handlers (handlers.py) over a stand-in for life.py's ``Online`` with the
mixin :class:`BlindHands`; each page's worker calls go to the real engine worker (``spades.worker.handle``, each
page under a table name of its own, as each browser has a worker of its own).  The room (spades/table/room.py) is
the host's; every message it sends goes through the handlers, every chunk a page sends back to the room.  The pages
bid and play from what they draw, and a whole blind hand is dealt, played and scored.
"""

from __future__ import annotations

import json
import sys
import types
from typing import Any

import i18n
from online import handlers
from online.inbox import Inbox

from spades import worker
from spades.cards import Seat
from spades.rules import Rules
from spades.table.room import HOST, Room, RoomConfig
from tests.page.test_online_parts import Online as StandIn


class EngineError(Exception):
    def __init__(self, message: str, code: str | None = None, params: Any = None) -> None:
        super().__init__(message)
        self.code, self.params = code, params if isinstance(params, dict) else {}


sys.modules.setdefault("transport", types.SimpleNamespace(EngineError=EngineError, call=None))  # type: ignore[arg-type]
from online.blindhands import DEVICE_TABLE, BlindHands, blind_outcome  # noqa: E402

NAMES = {"N": "Nora", "E": "Eli", "S": "Sam", "W": "Wen"}


class Page(BlindHands, StandIn):
    """A person's page: the handlers' effects recorded by the stand-in, the device's calls to the real worker."""

    def __init__(self, peer: str, seat: str) -> None:
        super().__init__("host" if peer == HOST else "guest")
        self.peer = peer
        self.you = {"seat": seat, "token": "t", "spectator": False, "name": NAMES[seat]}
        self.drawn: dict[str, Any] | None = None
        self.notices: list[str] = []
        self.asked: list[str] = []  # the worker's ops, in order
        app = self.app

        async def online_state(message: dict[str, Any]) -> None:
            self.drawn = message["state"]

        app.online_state = online_state

    async def engine(self, op: str, args: dict[str, Any]) -> Any:
        self.asked.append(op)
        if "table" in args:
            args = dict(args, table=self.peer + "/" + args["table"])  # each page's own worker
        answer = json.loads(worker.handle(op, json.dumps(args)))
        if "error" in answer and "kind" in answer:
            raise EngineError(answer["error"], answer.get("code"), answer.get("params"))
        return answer

    def notice(self, text: str) -> None:
        self.notices.append(text)

    async def blind_in(self, message: dict[str, Any]) -> Any:
        """As boundary.py's: the chunk checked and taken in one worker call, the device's chunks sent from there
        (session.mjs ``blindIn``), the rest of the answer back."""
        self.asked.append("guest_blind")
        args = {"table": self.peer + "/" + DEVICE_TABLE, "message": message}
        answer = json.loads(worker.handle("guest_blind", json.dumps(args)))
        for chunk in answer.pop("out", None) or []:
            self.send(chunk)
        return answer


def test_four_pages_play_a_blind_hand_through_their_devices_and_each_says_the_audit_holds() -> None:
    room = Room(Rules.from_dict({"preset": "standard"}), RoomConfig("casual", blind=True), NAMES["S"], Seat.S)
    pages = {HOST: Page(HOST, "S"), **{"p-" + s: Page("p-" + s, s) for s in "NEW"}}
    now = 1000.0
    queue: list[tuple[str, dict[str, Any]]] = []

    def pump(out: list[tuple[str, dict[str, Any]]]) -> None:
        queue.extend(out)
        while queue:
            peer, message = queue.pop(0)
            page = pages.get(peer)
            if page is None:
                continue
            if message["t"] == "blind" and peer != HOST:  # a guest's chunk: checked and taken in one call
                page.later(page.blind_raw(json.loads(json.dumps(message))))
            else:
                handlers.MESSAGES[message["t"]](page, json.loads(json.dumps(message)))
            for chunk in page.sent:
                queue.extend(room.receive(peer, chunk, now))
            page.sent.clear()

    for peer, page in pages.items():
        if peer != HOST:
            seat = page.you["seat"]
            pump(room.receive(peer, {"t": "hello", "name": NAMES[seat]}, now))
            pump(room.receive(peer, {"t": "sit", "seat": seat}, now))
            pump(room.receive(peer, {"t": "ready", "ready": True}, now))
    pump(room.receive(HOST, {"t": "start"}, now))
    for page in pages.values():  # every page drew its own 13 cards, and only those
        assert page.drawn is not None and page.drawn["blind"]["hand"] == 1 and len(page.drawn["hand"]) == 13
        assert page.blind_on() and page.blind_at == (room.blind.table, 1) and room.blind.table != room.fair.table
    assert len({c["card"] for p in pages.values() for c in p.drawn["hand"]}) == 52
    for page in pages.values():  # the cards' group elements were made once, while the table waited
        assert page.asked.count("blind_prepare") == 1 and page.asked.index("blind_prepare") < page.asked.index(
            "blind_start"
        ), page.asked
        assert not page.blind_takes({"type": "look"})  # anything else goes to the host, who refuses it now
    for _ in range(4 + 52):
        page = next((p for p in pages.values() if p.drawn["legal_bids"] or any(c["legal"] for c in p.drawn["hand"])),
                    None)  # fmt: skip
        if page is None:
            break
        state = page.drawn
        if state["legal_bids"]:
            intent = {"type": "bid", "bid": 3 if 3 in state["legal_bids"] else state["legal_bids"][-1]}
        else:
            intent = {"type": "play", "card": next(c["card"] for c in state["hand"] if c["legal"])}
        assert page.blind_takes(intent)  # through the device (life.py's intent), not to the host
        chunks, page.sent = list(page.sent), []
        pump([out for chunk in chunks for out in room.receive(page.peer, chunk, now)])
    assert room.blind is None and room.table is not None and len(room.table.game.results) == 1
    for page in pages.values():  # the table's own states again: the next intents are intents
        assert page.drawn["phase"] == "hand-over" and "blind" not in page.drawn and not page.blind_on()
        assert not page.blind_takes({"type": "play", "card": "2C"})  # the next intents go to the host
        assert page.notices[-1:] == [i18n.t("blind_audit")], page.notices
    assert DEVICE_TABLE == "online-blind"
    guest = pages["p-N"]
    assert "guest_blind" in guest.asked and "blind_receive" not in guest.asked  # a guest's chunks: one call each
    assert "blind_receive" in pages[HOST].asked  # the host's own seat's come from its own room, trusted


def test_a_blind_chunk_the_boundary_refuses_is_dropped_and_counted_and_the_device_never_sees_it() -> None:
    page = Page("p-N", "N")
    told: list[str] = []
    page.inbox = Inbox(None, None, lambda message, reason, count: told.append(message["t"]))
    page.blind_at = ("t", 1)  # (a device for hand 1, as once its state came)
    forged = {"t": "blind", "id": 1, "part": 0, "of": 1, "data": "x" * 40_000}  # over the size limit
    page.later(page.blind_raw(forged))
    assert page.inbox.dropped == 1 and told == ["blind"] and page.sent == [] and page.asked == ["guest_blind"]
    page.blind_at = None  # no device (a spectator, or no blind hand): nothing is asked
    page.later(page.blind_raw(forged))
    assert page.asked == ["guest_blind"]


def test_what_the_audit_found_is_said_in_the_pages_language(lang: str) -> None:
    assert blind_outcome(None) == "" and blind_outcome({"events": []}) == ""
    assert blind_outcome({"events": [{"kind": "blind_audit", "ok": True}]}) == i18n.t("blind_audit")
    renege = {"kind": "blind_renege", "seat": "E", "card": "QH", "n": 7, "rated": False, "tricks": 3}
    text = blind_outcome({"events": [renege]})
    assert i18n.t("seat_E") in text and "QH" in text and "3" in text and "{" not in text
    one = blind_outcome({"events": [dict(renege, tricks=1)]})  # the side had won one trick: it gives that one
    assert "1" in one and "{" not in one and (lang != "en" or "1 trick goes to the opponents" in one)
    rated = blind_outcome({"events": [dict(renege, rated=True, loser="EW")]})
    assert rated != text and i18n.t("seat_E") in rated and "{" not in rated
    left = {"kind": "blind_left", "seat": "W", "code": "fair_no_reveal", "params": {"seats": ["W"]}}
    said = blind_outcome({"events": [left]})
    assert i18n.t("seat_W") in said and "{" not in said and "fair_no_reveal" not in said
    hostile = {"kind": "blind_left", "seat": '<b onclick="x">', "code": "<i>", "params": "x"}
    assert "<b" not in blind_outcome({"events": [hostile, "junk", {"kind": 3}]})
