"""The worker's blind-hand operations (spades.table.blindops through spades.worker.handle): four pages' workers
and the host's relay, JSON text in and out, play a whole hand as the page will wire it."""

from __future__ import annotations

import json
from collections import deque
from typing import Any

from spades.worker import handle


def call(op: str, **args: Any) -> dict[str, Any]:
    answer: dict[str, Any] = json.loads(handle(op, json.dumps(args)))
    return answer


def test_four_pages_and_the_hosts_relay_play_a_blind_hand_through_the_worker() -> None:
    # one process plays every page: each page's worker is its own table name here
    pages = {seat: f"page-{seat}" for seat in "NESW"}
    relay = call("blind_relay_new", table="relay", room="t-ops", hand=1, dealer="W")
    assert relay["public"]["phase"] == "dealing" and relay["outcome"] is None
    queue: deque[tuple[str, dict[str, Any]]] = deque()
    views: dict[str, dict[str, Any]] = {}
    answers: dict[str, dict[str, Any]] = {}

    def take(seat: str, answer: dict[str, Any]) -> None:
        assert "error" not in answer, answer
        views[seat] = answer["view"]
        answers[seat] = answer
        queue.extend((seat, chunk) for chunk in answer["out"])

    def run() -> dict[str, Any]:
        last = relay
        while queue:
            seat, chunk = queue.popleft()
            last = call("blind_relay_receive", table="relay", seat=seat, chunk=chunk)
            assert "error" not in last, last
            for item in last["out"]:
                take(item["to"], call("blind_receive", table=pages[item["to"]], chunk=item["message"]))
        return last

    for seat in "NESW":
        take(seat, call("blind_start", table=pages[seat], room="t-ops", seat=seat, hand=1, dealer="W"))
    public = run()["public"]
    assert public["phase"] == "bidding" and public["turn"] == "N"
    assert all(len(views[s]["hand"]) == 13 for s in "NESW")
    # a move out of turn is refused like the engine's, and changes nothing
    refused = call("blind_bid", table=pages["E"], bid=3)
    assert refused["code"] == "illegal_bid" and refused["params"]["reason"]["code"] == "not_your_turn"
    while public["phase"] == "bidding":
        take(public["turn"], call("blind_bid", table=pages[public["turn"]], bid=3))
        public = run()["public"]
    last: dict[str, Any] = {}
    while public["phase"] == "playing":
        seat = public["turn"]
        view = call("blind_view", table=pages[seat])["view"]
        assert view["turn"] == seat and view["legal"]
        take(seat, call("blind_play", table=pages[seat], card=view["legal"][0]))
        last = run()
        public = last["public"]
    assert public["phase"] == "over" and len(public["play"]) == 52
    outcome = last["outcome"]
    assert outcome["ok"] and outcome["events"] == [{"kind": "blind_audit", "ok": True}], outcome
    assert sum(outcome["tricks"]) == 13 and last["fair"]["kind"] == "blind"
    for seat in "NESW":
        assert answers[seat]["outcome"] == outcome and answers[seat]["refused"] is None
    for seat in "NESW":
        assert call("blind_close", table=pages[seat]) == {}
    assert call("blind_relay_close", table="relay") == {}


def test_the_cards_elements_can_be_made_ahead() -> None:
    assert call("blind_prepare") == {"cards": 54}


def test_bad_arguments_are_one_line_errors() -> None:
    assert call("blind_view", table="nowhere")["code"] == "blind_none"
    assert call("blind_relay_receive", table="nowhere", seat="N", chunk={})["code"] == "blind_none"
    bad = call("blind_start", table="t", seat="X", hand=1, dealer="W")
    assert bad["code"] == "blind_arg" and bad["params"]["key"] == "seat"
    assert call("blind_relay_new", table="t", hand=0, dealer="W")["params"]["key"] == "hand"
    assert call("blind_relay_new", table="t", hand=1, dealer="W", totals=[1])["params"]["key"] == "totals"
