"""Untrusted peers against the host's room: thousands of generated messages never crash it, a dropped or refused
message changes nothing, no peer ever receives a card of another seat's hand (a watched seat's only while the
person sitting there allows it), and every save the room hands out loads again."""

from __future__ import annotations

import json

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from spades import Seat
from spades.cards import CARD_NAMES
from spades.rules import Rules
from spades.table.room import HOST, SCHEMA, Room, RoomConfig
from tests.test_room_promises import as_reloaded

PEERS = [HOST, "p1", "p2", "p3", "p4"]

leaf = (
    st.none()
    | st.booleans()
    | st.integers(-5, 2**60)
    | st.text(max_size=6)
    | st.sampled_from(
        ["N", "E", "S", "W", "nil", "AS", "2C", "QH", "bid", "play", "look", "expert", "invite", "lobby", "en"]
    )
)
values = st.recursive(leaf, lambda inner: st.lists(inner, max_size=3) | st.dictionaries(
    st.sampled_from(["type", "bid", "card"]) | st.text(max_size=3), inner, max_size=3), max_leaves=6)  # fmt: skip


@st.composite
def messages(draw: st.DrawFn) -> object:
    """Mostly well-typed messages of every type (so the room's logic is reached), some garbage."""
    if draw(st.integers(0, 9)) == 0:
        return draw(values)
    kind = draw(st.sampled_from([*sorted(SCHEMA), "intent", "intent", "intent", "hello", "watch", "prefs", "sit"]))
    message: dict[str, object] = {"t": kind}
    for key in SCHEMA[kind]:
        if draw(st.integers(0, 5)):
            message[key] = draw(
                {
                    "seat": st.sampled_from(["N", "E", "S", "W"]),
                    "from": st.sampled_from(["N", "E", "S", "W"]),
                    "to": st.sampled_from(["N", "E", "S", "W"]),
                    "level": st.sampled_from(["beginner", "standard", "expert"]),
                    "n": st.integers(0, 50),
                    "seq": st.integers(0, 200),
                    "intent": st.fixed_dictionaries(
                        {"type": st.sampled_from(["bid", "play", "look", "undo", "next_hand"])},
                        optional={"bid": st.integers(-1, 13), "card": st.sampled_from(list(CARD_NAMES[:52]))},
                    ),
                    "name": st.text(max_size=30),
                    "text": st.text(max_size=30),
                    "via": st.sampled_from(["invite", "lobby"]),
                    "key": st.sampled_from(["A" * 87, "b-_" * 29, "A" * 86]) | values,  # 87 of base64url, or not
                }.get(key, values)
            )
    return message


actions = st.one_of(
    st.tuples(st.just("receive"), st.sampled_from(PEERS), messages()),
    st.tuples(st.just("disconnect"), st.sampled_from(PEERS), st.none()),
    st.tuples(st.just("tick"), st.none(), st.none()),
    st.tuples(st.just("step"), st.none(), st.none()),
)


def started_room(kind: str) -> Room:
    room = Room(Rules(), RoomConfig(kind, grace_ms=100), "Host", Seat.S, seed=3)
    for peer, seat in (("p1", "N"), ("p2", "E")):
        room.receive(peer, {"t": "hello", "name": peer}, 0)
        room.receive(peer, {"t": "sit", "seat": seat}, 0)
        room.receive(peer, {"t": "ready", "ready": True}, 0)
    if kind == "rated":  # no computer at a rated table: a fourth person, and hand 1 is dealt host-blind
        for message in ({"t": "hello", "name": "p4"}, {"t": "sit", "seat": "W"}, {"t": "ready", "ready": True}):
            room.receive("p4", message, 0)
    else:
        room.receive(HOST, {"t": "fill", "seat": "W", "level": "beginner"}, 0)
    room.receive(HOST, {"t": "start"}, 0)
    room.receive("p3", {"t": "hello", "name": "watcher", "via": "lobby"}, 0)
    room.receive("p3", {"t": "watch", "seat": "N"}, 0)
    assert (room.table is not None if kind == "casual" else room.blind is not None) and room.members["p3"].spectator
    return room


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(["casual", "rated"]), st.booleans(), st.lists(actions, min_size=1, max_size=40))
def test_generated_peers_never_crash_the_room_or_see_hidden_cards(kind: str, start: bool, script: list) -> None:
    room = started_room(kind) if start else Room(Rules(), RoomConfig(kind, grace_ms=100), "Host", Seat.S, seed=3)
    now = 10.0
    for action, peer, message in script:
        now += 60
        before = room.table.save() if room.table is not None else None
        dropped = room.dropped_messages
        if action == "receive":
            out = room.receive(peer, message, now)
        elif action == "disconnect":
            out = room.disconnect(peer, now)
        elif action == "tick":
            out = room.tick(now)
        else:
            out = room.step()
        if action == "receive" and (room.dropped_messages > dropped or (out and out[0][1]["t"] == "refused")):
            assert (room.table.save() if room.table is not None else None) == before or before is None
        for to, sent in out:
            json.dumps(sent)  # plain JSON for the data channel
            if sent["t"] != "state" or room.table is None:
                continue
            member = room.members.get(to)
            state = sent["state"]
            own = {CARD_NAMES[c] for c in room.table.game.hand(Seat[state["me"]])} if state["me"] else set()
            if state["watching"]:
                assert room.shows_cards(Seat[state["watching"]]) and state["me"] is None
                own |= {CARD_NAMES[c] for c in room.table.game.hand(Seat[state["watching"]])}
            assert {h["card"] for h in state["hand"]} <= own and state["hands"] is None
            if member is not None and member.seat is not None:
                assert state["me"] == member.seat.name
        saved = room.save()
        assert (saved is None) == room.closed
        if saved is not None:
            assert Room.load(json.loads(json.dumps(saved)), now).save() == as_reloaded(saved)
