"""The page at a host-blind table (static/app/online/handlers.py): a blind state is drawn only once this page's own
device has added its cards, a blind chunk goes to this page's device, a renege at a rated table ends the game on
every page; run against the stand-in for life.py's ``Online`` (tests/page/test_online_parts.py)."""

from __future__ import annotations

import html
from typing import Any

import i18n
from online import handlers, views

from tests.page.test_online_parts import Online as StandIn
from tests.page.test_online_parts import names
from tests.page.test_online_views import a_room


class Online(StandIn):
    """The stand-in, with the device's two calls of life.py's ``Online`` recorded (they are coroutines)."""

    async def blind_state(self, message: dict[str, Any]) -> None:
        self.did.append(("blind_state", message))

    async def blind_chunk(self, message: dict[str, Any]) -> None:
        self.did.append(("blind_chunk", message))


BLIND = {"table": "0123abcd", "hand": 2, "dealer": "N", "totals": [40, -10], "bags": [1, 0], "rated": False,
         "phase": "bidding", "revealed": []}  # fmt: skip


def test_a_blind_state_is_drawn_by_this_pages_device_and_a_tables_state_as_it_is() -> None:
    online = Online()
    message = {"t": "state", "state": {"seq": 9, "hand": [], "blind": BLIND}, "events": []}
    handlers.MESSAGES["state"](online, message)
    assert ("blind_state", message) in online.did and online.app.messages == []  # not drawn before my cards
    assert online.seen_seq == 9
    online = Online()
    handlers.MESSAGES["state"](online, {"t": "state", "state": {"seq": 10, "hand": []}, "events": []})
    assert "blind_state" not in names(online) and online.app.messages == ["state 10"]
    assert handlers.blind_hand({"blind": BLIND}) == BLIND and handlers.blind_hand({"blind": None}) is None
    assert handlers.blind_hand(None) is None and handlers.blind_hand({"blind": "x"}) is None


def test_a_blind_chunk_goes_to_a_seated_persons_device_and_a_spectator_drops_it() -> None:
    chunk = {"t": "blind", "from": "E", "id": 1, "part": 0, "of": 1, "data": "{}"}
    online = Online(you={"seat": "N", "token": "t", "spectator": False, "name": "Ann"})
    handlers.MESSAGES["blind"](online, chunk)
    assert ("blind_chunk", chunk) in online.did
    watcher = Online(you={"seat": None, "token": "t", "spectator": True, "name": "Kim"})
    handlers.MESSAGES["blind"](watcher, chunk)
    assert "blind_chunk" not in names(watcher)


def test_a_renege_at_a_rated_tables_blind_hand_ends_the_game_and_the_other_side_wins(lang: str) -> None:
    online = Online(you={"seat": "N", "token": "t", "spectator": False, "name": "Ann"})
    handlers.MESSAGES["ended"](online, {"t": "ended", "reason": "renege", "seat": "W", "loser": "EW"})
    assert online.ended == "renege" and online.app.recorded == [{"winner": "NS"}]
    notice = next(d for d in online.did if d[0] == "notice")
    assert i18n.t("seat_W") in notice[1] and notice[1] != "online_ended_renege"


def test_the_room_window_says_a_table_is_host_blind_in_every_language(lang: str) -> None:
    blind = str(views.room_window(a_room(blind=True), None, False))
    plain = str(views.room_window(a_room(), None, False))
    assert "data-room-blind" in blind and i18n.t("online_blind_table") in html.unescape(blind)
    assert "data-room-blind" not in plain and i18n.t("online_blind_table") != "online_blind_table"
