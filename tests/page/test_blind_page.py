"""The page at a host-blind table (static/app/online/handlers.py): a blind state is drawn only once this page's own
device has added its cards, a blind chunk goes to this page's device, a renege at a rated table ends the game on
every page; run against the stand-in for life.py's ``Online`` (tests/page/test_online_parts.py)."""

from __future__ import annotations

import html
from typing import Any

import i18n
import view
from online import forms, handlers, views
from ui import Ui

from tests.page.conftest import parse_tags
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


def test_a_blind_table_offers_no_computer_for_a_seat_and_the_create_form_offers_the_choice(lang: str) -> None:
    """The host picks a computer for an empty seat, except at a host-blind table (the room refuses one there:
    ``blind_needs_people``); the create form's checkbox ``blind`` is off by default."""
    plain = str(views.room_window(a_room(), {"seat": "S"}, True))
    blind = str(views.room_window(a_room(blind=True), {"seat": "S"}, True))
    assert 'name="level"' in plain and 'name="level"' not in blind
    # nobody can show spectators cards no device holds (the host relays no card of anyone before it is played)
    assert 'name="show_cards"' in plain and 'name="show_cards"' not in blind
    form = str(forms.create_window("Ann"))
    box = next(attrs for tag, attrs in parse_tags(form) if tag == "input" and ("name", "blind") in attrs)
    assert ("type", "checkbox") in box and not any(name == "checked" for name, _ in box)
    words = i18n.t("online_blind_choice")
    assert words in html.unescape(form) and words != "online_blind_choice"


def test_while_nobodys_turn_is_known_in_a_blind_hand_the_status_line_says_why(lang: str) -> None:
    """A blind hand's state has no turn while the devices deal, while the 2♣ is still to be led (only its holder's
    device knows who holds it) and once its 13 tricks are played (the check): the line says which, never a name."""
    said = {}
    for phase, table_phase, revealed in (("dealing", "bidding", []), ("playing", "playing", []),
                                         ("over", "playing", []), ("playing", "playing", ["E"])):  # fmt: skip
        state = {"phase": table_phase, "turn": None, "me": "S", "blind": dict(BLIND, phase=phase, revealed=revealed)}
        said[(phase, bool(revealed))] = view.status_text(state, Ui())
    assert said[("dealing", False)] == i18n.t("status_blind_dealing")
    assert said[("playing", False)] == i18n.t("status_blind_lead")
    assert said[("over", False)] == said[("playing", True)] == i18n.t("status_blind_check")
    assert len(set(said.values())) == 3 and all("{" not in text for text in said.values())
