"""The table and the worker bridge, in CPython (pytest) and inside Pyodide (``node tests/pyodide/run.mjs``).

Plain functions with plain asserts: a whole hand with the person at East through the
worker's JSON operations, viewers, blind nil before looking, refusals as one-line JSON.
"""

import json

from spades import Seat, worker
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
    table = Table.new(rules, seed=4, seats={Seat.S: Occupant("person")})
    table.game._totals = (0, 200)  # a test position: East-West ahead by 200
    assert table.state("S")["hand"] == [] and table.state("S")["hand_count"] == 13
    table.act(Seat.S, {"type": "look"})
    assert len(table.state("S")["hand"]) == 13
