"""Property tests of the takeover (spades.table.takeover) over random games, takeover points and bad public data.

The rooms, pages and moves are those of ``tests/portable/test_takeover.py`` (every page's public data collected
from the room's outgoing messages through the guest boundary, as a guest page gets it).  Whatever the game, the
seats and the moment: the room that goes on has the old score sheets, seats, names, keys, claims and ratings; it
deals the hand in progress again by commit–reveal once the grace period is over (at a casual table: a rated one is
dealt host-blind, and tests/test_blindtable.py takes one over); every person's token brings its seat back (the old
host's, and those of successors who were gone too); its save loads again.  A guest's worker checks the hand dealt
again against the cards shown since the new host's welcome.  Public data changed anywhere gives a room or a
one-line error, never anything else.
"""

from __future__ import annotations

import copy
import json
import random
from typing import Any

from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from spades import worker
from spades.table.room import HOST, Room, RoomError
from spades.table.takeover import take_over
from tests.portable.test_takeover import NAMES, come_back, seated, sheets, successor, take_over_by

SEATS = "NESW"


@st.composite
def games(draw: st.DrawFn) -> dict[str, Any]:
    host = draw(st.sampled_from(SEATS))
    others = [s for s in SEATS if s != host]
    computers = draw(st.lists(st.sampled_from(others), max_size=2, unique=True))
    return {
        "kind": "casual",  # (a rated table is dealt host-blind: tests/test_blindtable.py takes one over)
        "host": host,
        "computers": tuple(computers),
        "seed": draw(st.integers(0, 2**31)),
        "moves": draw(st.integers(0, 420)),
        "gone": draw(st.integers(0, 2)),  # successors gone with the host (at most all but one)
        "by_token": draw(st.booleans()),
        "old_host_back": draw(st.booleans()),
    }


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(games())
def test_whatever_the_game_and_the_moment_the_room_that_goes_on_keeps_everything_finished(game: dict[str, Any]) -> None:
    rng = random.Random(game["seed"])
    world = seated(game["kind"], game["computers"], game["host"], seed=game["seed"] % 1000)
    world.play(game["moves"], rng)
    old = world.room
    assume(old.table is not None and old.table.game.phase.value != "game-over" and not old.ended)
    gone = {HOST}
    people = len(SEATS) - 1 - len(game["computers"])
    for _ in range(min(game["gone"], people - 1)):
        gone.add(successor(world, gone).peer)
    backup = successor(world, gone)
    new = take_over_by(world, backup, gone, seed=game["seed"] + 1, by_token=game["by_token"])
    room = new.room
    before = sheets(old)
    hand = len(before["results"]) + 1
    waited = [s for s in SEATS if s not in (*game["computers"], game["host"], backup.seat)]
    if not waited:  # nobody else was playing: the new host draws every secret and deals at once
        assert room.table.game.hand_number == hand and room.table.game.phase.value == "bidding"
    elif hand == 1:  # hand 1 never finished: the room starts again, dealing it by commit–reveal
        assert room.table is None and room.summary()["starting"]
    else:  # it waits at the end of the last finished hand for its people's secrets
        assert sheets(room) == before and room.table.game.phase.value == "hand-over"
    was, now = old.summary(), room.summary()
    assert now["ratings"] == was["ratings"] and now["kind"] == was["kind"] and now["rules"] == was["rules"]
    for seat in SEATS:
        for key in ("name", "rating", "level", "key", "claim", "disconnects"):
            if key != "claim" or seat != backup.seat or game["by_token"]:  # without its token: a new one
                assert now["seats"][seat][key] == was["seats"][seat][key], (seat, key)
    assert now["seats"][backup.seat]["host"] and now["seats"][backup.seat]["occupant"] == "person"
    # every person comes back with the token: the others first, the old host last (or not at all)
    back = [p for peer, p in world.pages.items() if p is not backup and peer != HOST]
    for index, page in enumerate(back):
        come_back(new, page, f"again-{index}")
        assert room.player_at(room.members[page.peer].seat) is room.members[page.peer]
        assert new.pages[page.peer].state["me"] == page.seat
    if game["old_host_back"]:
        come_back(new, world.pages[HOST], "again-host")
        assert new.pages["again-host"].state["me"] == game["host"]
    out = room.tick(new.now + room.config.grace_ms + 1)
    new.send(out)
    votes = [m for _, m in out if m["t"] == "vote"]
    assert not votes and room.vote is None
    # dealt once the grace period is over (these pages never send a secret: the host's fallback stands in)
    assert room.table.game.hand_number == hand and room.table.game.phase.value == "bidding"
    assert sheets(room) == before and set(room.fair.parts[hand]["secrets"]) == set(SEATS)
    save = json.loads(json.dumps(room.save()))
    assert Room.load(save, new.now).save() == save
    new.play(60, rng)  # and the game goes on
    assert sheets(room)["results"][: len(before["results"])] == before["results"]


def test_a_guests_worker_checks_the_hand_dealt_again_against_the_cards_shown_since_the_welcome() -> None:
    """East's page's messages through its worker (ops ``guest_check`` and ``fair_guest``, as boundary.py sends them):
    every deal holds, the hand the new host dealt again under the old number too; without the new host's welcome the
    worker would mix the old room's cards of that hand with the new and cry foul."""
    rng = random.Random(3)
    world = seated(computers=("W",), devices=("N", "E"))
    world.play(190, rng)
    hand = len(sheets(world.room)["results"]) + 1
    new = take_over_by(world, successor(world, {HOST}), {HOST})
    east = world.pages["p-E"]
    come_back(new, east, "p-E2")
    assert new.room.table.game.hand_number == hand

    def verdicts(messages: list[dict[str, Any]]) -> list[tuple[int, bool, str | None]]:
        out = []
        for message in messages:
            checked = json.loads(worker.handle("guest_check", json.dumps({"message": message})))
            assert checked["ok"], checked
            if message["t"] == "fair" and "seed" in message:
                answer = json.loads(worker.handle("fair_guest", json.dumps({"message": message, "seat": "E"})))
                verdict = answer["verdict"]
                out.append((message["hand"], verdict["ok"], (verdict.get("error") or {}).get("code")))
        return out

    got = verdicts(east.received)
    assert [number for number, _, _ in got].count(hand) == 2  # the old room's deal of it, and the new room's
    assert all(ok for _, ok, _ in got), got
    last = max(i for i, m in enumerate(east.received) if m["t"] == "welcome")  # the new host's
    got = verdicts(east.received[:last] + east.received[last + 1 :])
    assert [(number, ok, code) for number, ok, code in got if not ok] == [(hand, False, "fair_not_dealt")]


_BASE: dict[str, Any] = {}


def _public() -> dict[str, Any]:
    """One real public record (built once): a casual game two hands in."""
    if not _BASE:
        world = seated(computers=("E",))
        world.play(150, random.Random(4))
        page = successor(world, {HOST})
        world.send(world.room.receive(page.peer, {"t": "chat", "text": "hello <b>"}, world.now))
        _BASE.update(page.public(), name=NAMES[page.seat])
    return copy.deepcopy(_BASE)


def _paths(value: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = [path]
    if isinstance(value, dict):
        for key, item in value.items():
            out += _paths(item, (*path, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            out += _paths(item, (*path, index))
    return out


VALUES = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-(2**60), 2**60),
    st.text(max_size=30),
    st.sampled_from(["AS", "2C", "N", "W", "nil", "blind_nil", "person", "computer", "", "<b>", 'S" x="1', "a" * 100]),
    st.lists(st.integers(0, 13), max_size=5),
    st.dictionaries(st.text(max_size=5), st.integers(), max_size=3),
)


@settings(max_examples=200, deadline=None)
@given(st.data())
def test_public_data_changed_anywhere_gives_a_room_or_a_one_line_error(data: st.DataObject) -> None:
    public = _public()
    name = public.pop("name")
    paths = _paths(public)[1:]
    for _ in range(data.draw(st.integers(1, 3))):
        path = data.draw(st.sampled_from(paths))
        target: Any = public
        try:  # an earlier change may have removed or replaced what the path goes through
            for step in path[:-1]:
                target = target[step]
            target[path[-1]]
        except (KeyError, IndexError, TypeError):
            continue
        if data.draw(st.booleans()) or isinstance(target, list):
            target[path[-1]] = data.draw(VALUES)
        else:
            del target[path[-1]]
    try:
        room, seat = take_over(public, name, 1000.0, seed=5)
    except RoomError as error:
        assert "\n" not in str(error) and len(str(error)) <= 300 and error.code.startswith("takeover_")
        return
    assert room.members[HOST].seat == seat and room.table is not None
    save = json.loads(json.dumps(room.save()))
    assert Room.load(save, 1000.0).save() == save


def test_the_worker_refuses_bad_arguments_and_deep_or_huge_data_with_one_line() -> None:
    public = _public()
    name = public.pop("name")
    base = {"public": public, "peer": "p", "name": name, "now": 1, "table": "t-bad"}
    for args, code in (
        ({**base, "peer": ""}, "peer_id"),
        ({**base, "now": -1}, "bad_time"),
        ({**base, "seed": -3}, "seed_range"),
        ({**base, "name": None}, "at_field"),
        ({**base, "token": 5}, "at_field"),
        ({**base, "public": {**public, "hands": "x" * 100_000}}, "takeover_data"),
        ({**base, "public": {**public, "chat": [{"text": "x"}] * 10_001}}, "takeover_data"),
        ({**base, "public": {**public, "room": [[[]]]}}, "takeover_data"),
    ):
        answer = json.loads(worker.handle("room_takeover", json.dumps(args)))
        assert answer.get("code") == code and "\n" not in answer["error"], (code, answer)
    deep = json.dumps({**base, "public": "@"}).replace('"@"', "[" * 200 + "]" * 200)
    assert json.loads(worker.handle("room_takeover", deep))["code"] == "args_too_deep"
    # a hand from another game: its cards do not replay
    other = _public()
    other.pop("name")
    swapped = other["hands"][0]
    swapped["deal"]["N"], swapped["deal"]["E"] = swapped["deal"]["E"], swapped["deal"]["N"]
    answer = json.loads(worker.handle("room_takeover", json.dumps({**base, "public": other})))
    assert answer["code"] == "takeover_hand" and answer["params"] == {"number": 1}, answer
