"""The worker bridge: the JSON operations the page calls, and that nothing sent to it escapes as an exception."""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from spades import worker

PERSON_SOUTH = {
    "S": {"occupant": "person"},
    "N": {"occupant": "computer", "level": "beginner"},
    "E": {"occupant": "computer", "level": "beginner"},
    "W": {"occupant": "computer", "level": "beginner"},
}


def call(op: str, args: dict | None = None) -> dict:
    return json.loads(worker.handle(op, json.dumps(args or {})))


@pytest.fixture(autouse=True)
def fresh_tables():
    worker._tables.clear()
    yield
    worker._tables.clear()


def test_a_game_through_the_bridge() -> None:
    assert call("ping")["python"]
    out = call("new", {"seed": 12, "rules": {"preset": "short"}, "seats": PERSON_SOUTH})
    assert out["state"]["rules"]["target"] == 250 and out["save"]["format"] == "spades-save/2"
    assert out["state"]["me"] == "S" and out["events"] == []
    while out["state"]["phase"] in ("bidding", "playing"):
        state = out["state"]
        if state["turn"] != "S":
            out = call("step", {"lang": "zh-Hant"})
            assert out["event"]["seat"] == state["turn"] and out["event"]["seq"] == state["seq"] + 1
            continue
        if state["phase"] == "bidding":
            bid = 3 if 3 in state["legal_bids"] else state["legal_bids"][-1]
            out = call("act", {"seat": "S", "intent": {"type": "bid", "bid": bid}})
        else:
            card = next(h["card"] for h in state["hand"] if h["legal"])
            out = call("act", {"seat": "S", "intent": {"type": "play", "card": card}})
        assert out["events"][0]["seat"] == "S"
    assert out["state"]["phase"] in ("hand-over", "game-over")
    record = call("record")
    assert record["format"] == "spades-record/1" and len(record["hands"][0]["play"]) == 52
    again = call("load", {"save": out["save"], "table": "copy"})
    assert again["state"] == out["state"]
    caught_up = call("events", {"since": 0, "viewer": "spectator"})["events"]
    assert len(caught_up) == out["state"]["seq"]
    imported = call("import", {"record": record, "seats": PERSON_SOUTH, "table": "imported"})
    assert imported["state"]["totals"] == out["state"]["totals"]
    assert call("close", {"table": "copy"}) == {} and "no table 'copy'" in call("state", {"table": "copy"})["error"]


def test_tables_are_separate_and_viewers_differ() -> None:
    call("new", {"table": "a", "seed": 1, "seats": PERSON_SOUTH})
    east = call("new", {"table": "b", "seed": 1, "seats": {"E": {"occupant": "person"}}})
    assert east["state"]["me"] == "E" and east["state"]["us"] == "EW"
    assert call("state", {"table": "a"})["state"]["me"] == "S"
    watcher = call("state", {"table": "b", "viewer": "spectator"})["state"]
    assert watcher["hand"] == [] and watcher["me"] is None
    moved = call("seat", {"table": "b", "seat": "E", "occupant": {"occupant": "computer", "level": "expert"}})
    assert moved["events"][0]["type"] == "occupant" and moved["state"]["seats"]["E"]["level"] == "expert"


def test_rules_lists_come_from_the_engine() -> None:
    igame = call("rules", {"rules": {"preset": "igame"}})
    assert igame["rules"]["target"] == 300 and igame["rules"]["blind_nil"] is True
    assert "short" in igame["presets"] and igame["levels"] == ["beginner", "standard", "expert"]
    assert igame["biddings"][0] == "standard" and "mirror" in igame["biddings"]
    assert call("rules", {"rules": {"preset": "short", "jokers": True}})["rules"]["jokers"] is True
    assert "mercy" in call("rules", {"rules": {"target": 100, "mercy": 200}})["error"]


@pytest.mark.parametrize(
    ("op", "args", "message"),
    [
        ("fly", "{}", "unknown operation 'fly'"),
        ("state", "{broken", "not JSON"),
        ("state", "[" * 3000 + "]" * 3000, "nested too deeply"),
        ("new", '{"seed": ' + "9" * 5000 + "}", "not JSON"),
        ("new", '{"seed": "42"}', "'seed' must be a whole number"),
        ("new", '{"seed": 1.5}', "'seed' must be a whole number"),
        ("new", '{"seed": true}', "'seed' must be a whole number"),
        ("new", json.dumps({"seed": "4" * 100_000}), "'seed' must be a whole number"),
        ("new", '{"rules": 0}', "'rules' must be an object"),
        ("new", '{"rules": []}', "'rules' must be an object"),
        ("new", '{"policy": {"undo": "no"}}', "'undo' must be true or false"),
        ("new", '{"seats": {"N": {"occupant": "computer", "level": "godlike"}}}', "unknown computer level"),
        ("new", '{"seats": {"Q": {"occupant": "person"}}}', "must be 'N', 'E', 'S' or 'W'"),
        ("new", '{"table": ""}', "'table' must be a name"),
        ("new", '{"table": 5}', "'table' must be text"),
        ("state", "[]", "must be a JSON object"),
        ("state", '{"table": "nowhere"}', "no table 'nowhere'"),
        ("hint", '{"seat": "S", "level": "godlike"}', "unknown computer level"),
        ("act", '{"seat": "S", "intent": {"type": "bid", "bid": "³"}}', "not a bid"),
        ("act", '{"seat": "S", "intent": {"type": "bid", "bid": true}}', "not a bid"),
        ("act", '{"seat": "S", "intent": {"type": "play", "card": false}}', "a card must be text"),
        ("act", '{"seat": "X", "intent": {"type": "look"}}', "seat must be"),
        ("events", '{"since": -1}', "since must be a sequence number"),
        ("state", '{"viewer": "god"}', "viewer must be"),
        ("step", '{"lang": "fr"}', "'lang' must be one of"),
    ],
)
def test_bad_operations_are_one_line_json_errors_and_change_nothing(op: str, args: str, message: str) -> None:
    call("new", {"seed": 3, "seats": PERSON_SOUTH})
    before = call("state")
    out = json.loads(worker.handle(op, args))
    assert set(out) == {"error", "kind", "code", "params"} and message in out["error"], out
    assert "\n" not in out["error"] and len(out["error"]) <= worker.ERROR_LIMIT
    assert call("state") == before


def test_a_saved_table_with_a_made_up_level_is_refused_at_load_not_at_the_next_step() -> None:
    save = call("new", {"seed": 3, "seats": PERSON_SOUTH})["save"]
    save["seats"]["N"]["level"] = "godlike"
    assert "unknown computer level" in call("load", {"save": save})["error"]


json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-(2**70), 2**70)
    | st.floats(allow_nan=False)
    | st.text(max_size=8)
    | st.sampled_from(
        [
            "N",
            "E",
            "S",
            "W",
            "nil",
            "blind_nil",
            "AS",
            "QH",
            "2C",
            "spectator",
            "person",
            "computer",
            "expert",
            "look",
            "bid",
            "play",
            "undo",
            "next_hand",
            "replay_hand",
            "main",
            "igame",
        ]
    ),
    lambda inner: (
        st.lists(inner, max_size=4)
        | st.dictionaries(
            st.sampled_from(
                [
                    "table",
                    "seat",
                    "viewer",
                    "intent",
                    "type",
                    "bid",
                    "card",
                    "seed",
                    "rules",
                    "seats",
                    "policy",
                    "occupant",
                    "level",
                    "since",
                    "lang",
                    "save",
                    "record",
                    "preset",
                    "undo",
                    "kind",
                    "number",
                ]
            )
            | st.text(max_size=4),
            inner,
            max_size=5,
        )
    ),
    max_leaves=12,
)


# 500 sequences (about 1750 calls, some thirty of each operation): 1500 took 20 s alone and about 100 s in the whole
# suite, most of it drawing the nested values
@settings(max_examples=500, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
@given(st.lists(st.tuples(st.sampled_from([*worker.OPERATIONS, "nope", ""]), json_values), min_size=1, max_size=6))
def test_any_sequence_of_operations_gives_json_and_errors_change_nothing(calls: list[tuple[str, object]]) -> None:
    """Generated calls: each answers one JSON object; a refusal leaves the table as it was;
    every save the worker hands out loads again to the same state."""
    worker._tables.clear()
    call("new", {"seed": 7, "seats": PERSON_SOUTH})
    for op, args in calls:
        before = worker.handle("state", "{}")
        out = json.loads(worker.handle(op, json.dumps(args)))
        assert isinstance(out, dict)
        if "error" in out:
            assert out["kind"] != "InternalError", out
            assert "\n" not in out["error"] and len(out["error"]) <= worker.ERROR_LIMIT
            if op != "close":
                assert worker.handle("state", "{}") == before
        elif "save" in out and "state" in out:
            table = args.get("table", "main") if isinstance(args, dict) else "main"
            again = json.loads(
                worker.handle(
                    "load", json.dumps({"save": out["save"], "table": "check", "viewer": out["state"]["viewer"]})
                )
            )
            assert again.get("state") == call("state", {"table": table, "viewer": out["state"]["viewer"]})["state"]
            worker._tables.pop("check", None)


def test_a_room_through_the_bridge() -> None:
    made = call("room_new", {"table": "r", "seed": 4, "name": "Ann", "seat": "S", "room": {"kind": "casual"}})
    assert made["out"][0]["to"] == "host" and made["out"][0]["message"]["t"] == "room" and made["token"]
    # the host has that room message already: an update that says nothing new sends it nothing
    assert call("room_rtt", {"table": "r", "peer": "host", "rtt": 5})["out"] == []
    hello = call("room_receive", {"table": "r", "peer": "p1", "message": {"t": "hello", "name": "Bo"}, "now": 1})
    assert hello["out"][0] == {
        "to": "p1",
        "message": {
            "t": "welcome",
            "you": {
                "seat": None,
                "token": hello["out"][0]["message"]["you"]["token"],
                "spectator": False,
                "name": "Bo",
            },
        },
    }
    call("room_receive", {"table": "r", "peer": "p1", "message": {"t": "sit", "seat": "N"}, "now": 2})
    call("room_receive", {"table": "r", "peer": "p1", "message": {"t": "ready", "ready": True}, "now": 3})
    for seat in "EW":
        fill = {"t": "fill", "seat": seat, "level": "beginner"}
        call("room_receive", {"table": "r", "peer": "host", "message": fill, "now": 4})
    started = call("room_receive", {"table": "r", "peer": "host", "message": {"t": "start"}, "now": 5})
    states = {o["to"]: o["message"]["state"] for o in started["out"] if o["message"]["t"] == "state"}
    assert states["p1"]["me"] == "N" and states["host"]["me"] == "S"
    assert call("room_step", {"table": "r"})["out"] == []  # North (a person) bids first
    resumed = call("room_load", {"table": "r2", "save": started["save"], "now": 6})
    assert call("room_rtt", {"table": "r2", "peer": "host", "rtt": 5})["out"] == []  # nor after a load
    assert resumed["save"]["table"] == started["save"]["table"]
    assert resumed["token"] == made["token"]  # the host's own seat token, as room_new answers it
    assert call("room_step", {"table": "r2", "now": 7})["out"] == []  # a computer's move may bring the time
    assert "'now' must be a time" in call("room_step", {"table": "r2", "now": -1})["error"]
    assert "'now' must be a time" in call("room_tick", {"table": "r", "now": "soon"})["error"]
    assert "no room 'zz'" in call("room_tick", {"table": "zz", "now": 1})["error"]
    assert "not a saved room" in call("room_load", {"table": "r3", "save": {"format": "x"}, "now": 1})["error"]


def test_a_finished_hand_through_the_bridge_and_refusals() -> None:
    """``hand`` gives a finished hand trick by trick; never the hand in progress; a host's room too."""
    out = call("new", {"seed": 21, "seats": PERSON_SOUTH})
    refused = call("hand", {"number": 1})
    assert refused == {
        "error": refused["error"],
        "kind": "HandNotFinished",
        "code": "hand_not_over",
        "params": {"number": 1, "done": 0},
    }
    assert "hand 1 is not over" in refused["error"]
    while out["state"]["phase"] in ("bidding", "playing"):
        state = out["state"]
        if state["turn"] != "S":
            out = call("step")
        elif state["phase"] == "bidding":
            out = call("act", {"seat": "S", "intent": {"type": "bid", "bid": state["legal_bids"][3]}})
        else:
            card = next(h["card"] for h in state["hand"] if h["legal"])
            out = call("act", {"seat": "S", "intent": {"type": "play", "card": card}})
    state = out["state"]
    assert state["hands_scored"] == 1
    scored = call("sheets", {"from": 1, "to": 1})
    assert scored == {"from": 1, "to": 1, "results": [state["last_result"]], "sheets": [state["last_sheet"]]}
    state = {**state, **scored}
    hand = call("hand", {"number": 1, "viewer": "spectator"})
    assert hand["number"] == 1 and hand["dealer"] == state["dealer"] and len(hand["tricks"]) == 13
    assert hand["result"] == state["results"][0] and hand["sheet"] == state["sheets"][0]
    assert sum(len(cards) for cards in hand["deal"].values()) == 52
    assert [t["winner"] for t in hand["tricks"]].count("S") == state["tricks_won"]["S"]
    assert hand["bids"] == state["bids"]
    for team in ("NS", "EW"):
        side = hand["sheet"]["teams"][team]
        assert sum(p["points"] for p in side["parts"]) == side["points"] == state["results"][0]["points"][team]
    # the next hand is dealt: its cards are never shown, however asked
    out = call("act", {"seat": "S", "intent": {"type": "next_hand"}})
    for number, message in ((2, "hand 2 is not over"), (3, "no hand 3"), (0, "no hand 0"), (-1, "no hand -1")):
        refused = call("hand", {"number": number})
        assert refused["kind"] == "HandNotFinished" and message in refused["error"], refused
    for bad in ("1", 1.0, True, None, [1]):
        refused = call("hand", {"number": bad})
        assert refused["kind"] == "HandNotFinished" and "must be a hand number" in refused["error"]
    assert call("hand", {"number": 1}) == hand
    assert "no table 'zz'" in call("hand", {"table": "zz", "number": 1})["error"]
    # a host's room: the same op by the room's name, before and after its table starts
    call("room_new", {"table": "r", "seed": 4, "name": "Ann", "seat": "S"})
    assert "no table 'r'" in call("hand", {"table": "r", "number": 1})["error"]
    for seat in "NEW":
        fill = {"t": "fill", "seat": seat, "level": "beginner"}
        call("room_receive", {"table": "r", "peer": "host", "message": fill, "now": 1})
    call("room_receive", {"table": "r", "peer": "host", "message": {"t": "start"}, "now": 2})
    assert "hand 1 is not over" in call("hand", {"table": "r", "number": 1})["error"]
