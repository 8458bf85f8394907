"""The table and the worker bridge, in CPython (pytest) and inside Pyodide (``node tests/pyodide/run.mjs``).

Plain functions with plain asserts: a whole hand with the person at East through the
worker's JSON operations, viewers, blind nil before looking, refusals as one-line JSON.
"""

import json

from spades import Game, Rules, Seat, worker
from spades.table import Occupant, Table

SEATS = {
    "E": {"occupant": "person"},
    "N": {"occupant": "computer", "level": "beginner"},
    "S": {"occupant": "computer", "level": "standard"},
    "W": {"occupant": "computer", "level": "expert"},
}


def call(op, args):
    return json.loads(worker.handle(op, json.dumps(args)))


def test_a_hand_at_east_through_the_worker():
    out = call("new", {"table": "portable", "seed": 21, "seats": SEATS})
    assert out["state"]["me"] == "E" and out["state"]["us"] == "EW"
    seq = 0
    while out["state"]["phase"] in ("bidding", "playing"):
        state = out["state"]
        if state["turn"] != "E":
            out = call("step", {"table": "portable", "lang": "zh-Hans"})
        elif state["phase"] == "bidding":
            out = call("act", {"table": "portable", "seat": "E", "intent": {"type": "bid", "bid": 3}})
        else:
            card = next(h["card"] for h in state["hand"] if h["legal"])
            out = call("act", {"table": "portable", "seat": "E", "intent": {"type": "play", "card": card}})
        assert "error" not in out, out
        assert [e["seq"] for e in out["events"]] == list(range(seq + 1, out["state"]["seq"] + 1))
        seq = out["state"]["seq"]
    assert out["state"]["phase"] in ("hand-over", "game-over")
    assert sum(out["state"]["tricks_won"].values()) == 13
    again = call("load", {"table": "portable-2", "save": out["save"]})
    assert again["state"] == out["state"]
    assert call("close", {"table": "portable"}) == {} and call("close", {"table": "portable-2"}) == {}


def test_refusals_are_one_line_json():
    call("new", {"table": "refusals", "seed": 1, "seats": SEATS})
    for op, args in (
        ("act", '{"table": "refusals", "seat": "N", "intent": {"type": "look"}}'),
        ("act", '{"table": "refusals", "seat": "E", "intent": {"type": "bid", "bid": "\\u0663"}}'),
        ("new", '{"table": "x", "seed": "42"}'),
        ("state", "[" * 3000),
        ("hint", '{"table": "refusals", "seat": "E", "level": "godlike"}'),
    ):
        out = json.loads(worker.handle(op, args))
        assert set(out) == {"error", "kind", "code", "params"} and "\n" not in out["error"], (op, args, out)
    call("close", {"table": "refusals"})


def test_the_hand_stays_hidden_until_looked_at_when_blind_nil_is_open():
    rules = {"preset": "windows", "blind_nil_behind": 100}
    game = Game(Rules.from_dict(rules), seed=4)
    game._totals = (0, 200)  # a test position: East-West ahead by 200 (set before the table sees the hand)
    table = Table(game, {Seat.S: Occupant("person")})
    assert table.state("S")["hand"] == [] and table.state("S")["hand_count"] == 13
    table.act(Seat.S, {"type": "look"})
    assert len(table.state("S")["hand"]) == 13


def bid_until(table_name, seat, out):
    """The computers bid until ``seat`` is to bid."""
    while out["state"]["turn"] != seat:
        out = call("step", {"table": table_name})
    return out


def test_an_undone_blind_nil_leaves_the_seat_looked_and_blind_nil_is_refused_again():
    seats = {"N": {"occupant": "person"}}
    out = call("new", {"table": "blind", "seed": 5, "rules": {"preset": "windows"}, "seats": seats})
    out = bid_until("blind", "N", out)
    assert out["state"]["can_blind_nil"] and out["state"]["hand"] == []
    out = call("act", {"table": "blind", "seat": "N", "intent": {"type": "bid", "bid": "blind_nil"}})
    assert out["state"]["looked"] and len(out["state"]["hand"]) == 13  # the cards show after a blind nil
    for undo in ("undo", "replay_hand"):
        out = call("act", {"table": "blind", "seat": "N", "intent": {"type": undo}})
        out = bid_until("blind", "N", out)
        state = out["state"]
        assert state["looked"] and len(state["hand"]) == 13 and not state["can_blind_nil"], undo
        assert -1 not in state["legal_bids"]
        refused = call("act", {"table": "blind", "seat": "N", "intent": {"type": "bid", "bid": "blind_nil"}})
        assert refused["code"] == "blind_nil_after_look" and refused["params"] == {"seat": "N"}
        out = call("act", {"table": "blind", "seat": "N", "intent": {"type": "bid", "bid": 3}})
    again = call("load", {"table": "blind-2", "save": out["save"]})
    assert again["state"]["looked"]
    call("close", {"table": "blind"})
    call("close", {"table": "blind-2"})


def test_a_bid_the_computer_made_for_an_away_seat_leaves_it_looked_after_an_undo():
    seats = {"N": {"occupant": "person"}}
    out = call("new", {"table": "away", "seed": 5, "rules": {"preset": "windows"}, "seats": seats})
    out = bid_until("away", "N", out)
    away = {"occupant": "person", "away": True}
    call("seat", {"table": "away", "seat": "N", "occupant": away})
    out = call("step", {"table": "away"})  # the computer bids for North
    assert out["events"][0]["seat"] == "N"
    call("seat", {"table": "away", "seat": "N", "occupant": {"occupant": "person"}})
    out = call("act", {"table": "away", "seat": "N", "intent": {"type": "undo"}})
    out = bid_until("away", "N", out)
    assert out["state"]["looked"] and not out["state"]["can_blind_nil"] and len(out["state"]["hand"]) == 13
    call("close", {"table": "away"})


def test_a_table_at_its_last_sequence_number_refuses_moves_and_its_saves_still_load():
    from spades.table import SEQ_LIMIT

    out = call("new", {"table": "edge", "seed": 2, "seats": {"S": {"occupant": "person"}}})
    save = dict(out["save"], seq=SEQ_LIMIT - 4)
    out = call("load", {"table": "edge", "save": save})
    out = call("step", {"table": "edge"})
    assert out["state"]["seq"] == SEQ_LIMIT - 3
    refused = call("step", {"table": "edge"})
    assert refused["code"] == "at_field" and refused["params"]["field"] == "seq"
    out = call("seat", {"table": "edge", "seat": "S", "occupant": {"occupant": "person", "name": "Ann"}})
    assert out["state"]["seats"]["S"]["name"] == "Ann" and out["state"]["seq"] == SEQ_LIMIT - 2
    for name in ("Bo", "Cy", "Di"):  # at the last number a seat still changes, without an event
        out = call("seat", {"table": "edge", "seat": "S", "occupant": {"occupant": "person", "name": name}})
    assert out["state"]["seats"]["S"]["name"] == "Di" and out["state"]["seq"] == SEQ_LIMIT and out["events"] == []
    again = call("load", {"table": "edge-2", "save": out["save"]})
    assert again["state"] == out["state"]
    too_far = call("load", {"table": "edge-3", "save": dict(out["save"], seq=SEQ_LIMIT + 1)})
    assert too_far["code"] == "at_field" and too_far["params"]["field"] == "seq"
    call("close", {"table": "edge"})
    call("close", {"table": "edge-2"})
