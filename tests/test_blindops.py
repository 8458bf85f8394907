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


def test_the_hosts_own_device_takes_its_rooms_chunks_before_and_after_its_start() -> None:
    """op blind_local (session.mjs feeds it without the page): a chunk that comes before the page started the hand's
    device waits for that start, a stale hand's chunk is dropped there, and the hand deals as through blind_receive."""
    pages = {seat: f"local-{seat}" for seat in "NESW"}
    call("blind_relay_new", table="relay-local", room="t-local", hand=2, dealer="W")
    early = call("blind_local", table=pages["N"], hand=2, chunk={"t": "blind"})  # nothing started yet: it waits
    assert early == {"out": [], "outcome": None, "refused": None, "waiting": 1}
    call("blind_close", table=pages["N"])  # and is forgotten with the table
    queue: deque[tuple[str, dict[str, Any]]] = deque()
    held: list[dict[str, Any]] = []  # North's chunks, kept back until North's page starts its device
    for seat in "ESW":
        queue.extend((seat, c) for c in call("blind_start", table=pages[seat], room="t-local", seat=seat, hand=2,
                                             dealer="W")["out"])  # fmt: skip
    north: dict[str, Any] = {}

    def run() -> None:
        while queue:
            seat, chunk = queue.popleft()
            for item in call("blind_relay_receive", table="relay-local", seat=seat, chunk=chunk)["out"]:
                to, message = item["to"], item["message"]
                if to == "N":
                    answer = call("blind_local", table=pages["N"], hand=2, chunk=message)
                    assert "view" not in answer and "error" not in answer, answer
                    held.append(answer)
                    queue.extend(("N", c) for c in answer["out"])
                else:
                    queue.extend((to, c) for c in call("blind_receive", table=pages[to], chunk=message)["out"])

    run()
    assert [a["waiting"] for a in held] == [1, 2, 3]  # the three hellos wait for North's start
    call("blind_local", table=pages["N"], hand=1, chunk={"t": "blind"})  # an older hand's: dropped at the start
    started = call("blind_start", table=pages["N"], room="t-local", seat="N", hand=2, dealer="W")
    assert "error" not in started and len(started["out"]) > 1  # its hello, then its answer to the three others'
    queue.extend(("N", c) for c in started["out"])
    run()
    north = call("blind_view", table=pages["N"])
    assert len(north["view"]["hand"]) == 13 and north["refused"] is None
    assert all(len(call("blind_view", table=pages[s])["view"]["hand"]) == 13 for s in "ESW")
    assert call("blind_local", table=pages["N"], hand="2", chunk={})["code"] == "blind_arg"
    for seat in "NESW":
        call("blind_close", table=pages[seat])
    call("blind_relay_close", table="relay-local")
