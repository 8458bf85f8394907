"""The worker bridge: the JSON operations the page calls."""

from __future__ import annotations

import json

from spades import worker


def call(op: str, args: dict | None = None) -> dict:
    return json.loads(worker.handle(op, json.dumps(args or {})))


def test_a_game_through_the_bridge() -> None:
    assert call("ping")["python"]
    bots = {"N": "beginner", "E": "beginner", "W": "beginner"}
    out = call("new", {"seed": 12, "rules": {"preset": "short"}, "bots": bots})
    assert out["state"]["rules"]["target"] == 250 and out["save"]["format"] == "spades-save/1"
    while out["state"]["phase"] in ("bidding", "playing"):
        state = out["state"]
        if state["turn"] != "S":
            out = call("step", {"lang": "zh-Hant"})
            assert out["event"]["seat"] == state["turn"]
            continue
        if state["phase"] == "bidding":
            bid = 3 if 3 in state["legal_bids"] else state["legal_bids"][-1]
            out = call("act", {"intent": {"type": "bid", "bid": bid}})
        else:
            card = next(h["card"] for h in state["hand"] if h["legal"])
            out = call("act", {"intent": {"type": "play", "card": card}})
    assert out["state"]["phase"] in ("hand-over", "game-over")
    record = call("record")
    assert record["format"] == "spades-record/1" and len(record["hands"][0]["play"]) == 52
    again = call("load", {"save": out["save"]})
    assert again["state"] == out["state"]
    imported = call("import", {"record": record})
    assert imported["state"]["totals"] == out["state"]["totals"]


def test_errors_come_back_as_json() -> None:
    call("new", {"seed": 1})
    bad = call("act", {"intent": {"type": "play", "card": "ZZ"}})
    assert bad["kind"] == "ParseError" and "not a card" in bad["error"]
    assert "unknown operation" in call("fly")["error"]
    assert "not JSON" not in worker.handle("state", "{broken")  # a JSON error, reported, not raised
    assert json.loads(worker.handle("state", "{broken"))["kind"] == "JSONDecodeError"
    assert "expected format" in call("load", {"save": {"format": "nope"}})["error"]
