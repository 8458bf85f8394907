"""The table the page runs: intents, computer turns, undo, saves."""

from __future__ import annotations

import json

import pytest

from spades import Phase, Seat, SpadesError
from spades.session import Table


def first_legal(level, view, seed):
    return view.legal[0], f"{level}:{seed}"


def run_bots(table: Table) -> list[dict]:
    events = []
    while table.bot_to_move() is not None:
        events.append(table.step())
    return events


def test_a_whole_hand_through_intents() -> None:
    table = Table.new(seed=5, decide=first_legal)
    events = run_bots(table)
    assert [e["seat"] for e in events] == ["N", "E"]  # West deals, North bids first
    state = table.state()
    assert state["phase"] == "bidding" and state["turn"] == "S" and 3 in state["legal_bids"]
    with pytest.raises(SpadesError, match="not a bid"):
        table.act({"type": "bid", "bid": 20})
    table.act({"type": "bid", "bid": 3})
    run_bots(table)
    assert table.game.phase is Phase.PLAYING
    while table.game.phase is Phase.PLAYING:
        run_bots(table)
        state = table.state()
        if state["phase"] != "playing":
            break
        legal = [h["card"] for h in state["hand"] if h["legal"]]
        illegal = [h for h in state["hand"] if not h["legal"]]
        for entry in illegal:
            assert entry["reason"]["code"] in ("must_follow", "spades_not_broken")
            with pytest.raises(SpadesError, match=entry["reason"]["text"]):
                table.act({"type": "play", "card": entry["card"]})
        table.act({"type": "play", "card": legal[-1]})
    state = table.state()
    assert state["phase"] in ("hand-over", "game-over")
    assert sum(state["tricks_won"].values()) == 13 and len(state["results"]) == 1
    result = state["results"][0]
    assert result["totals"] == state["totals"]


def test_illegal_card_reasons_in_state() -> None:
    table = Table.new(seed=2, decide=first_legal)
    run_bots(table)
    table.act({"type": "bid", "bid": 2})
    run_bots(table)
    state = table.state()
    assert state["turn"] == "S" and state["trick"], state
    led = state["trick"][0]["card"][1]
    for entry in state["hand"]:
        if entry["card"][1] != led and any(h["card"][1] == led for h in state["hand"]):
            assert not entry["legal"] and entry["reason"]["code"] == "must_follow"


def test_forbidden_bids_say_why() -> None:
    table = Table.new({"min_team_bid": 4, "bidding": "standard"}, seed=6, decide=lambda level, view, seed: (2, None))
    run_bots(table)  # North bids 2, East 2
    state = table.state()
    assert state["turn"] == "S" and 1 not in state["legal_bids"] and 2 in state["legal_bids"]
    assert state["bid_reasons"]["1"]["code"] == "min_team_bid" and state["bid_reasons"]["1"]["number"] == 4
    assert "2" not in state["bid_reasons"] and "0" not in state["bid_reasons"]  # nil is exempt
    assert "-1" not in state["bid_reasons"]  # no blind nil in these rules: nothing to explain
    table.act({"type": "bid", "bid": 2})
    assert table.state()["bid_reasons"] == {}


def test_undo_takes_back_the_persons_last_move() -> None:
    table = Table.new(seed=3, decide=first_legal)
    assert not table.can_undo()
    run_bots(table)
    table.act({"type": "bid", "bid": 4})
    run_bots(table)
    before = table.state()
    card = next(h["card"] for h in before["hand"] if h["legal"])
    table.act({"type": "play", "card": card})
    run_bots(table)
    table.act({"type": "undo"})
    assert table.state() == before
    table.act({"type": "undo"})  # back to the bid
    assert table.state()["turn"] == "S" and table.state()["phase"] == "bidding"
    with pytest.raises(SpadesError, match="nothing of yours"):
        table.act({"type": "undo"})


def test_undo_can_be_turned_off() -> None:
    table = Table.new(seed=3, decide=first_legal, undo=False)
    run_bots(table)
    table.act({"type": "bid", "bid": 4})
    assert not table.state()["can_undo"]
    with pytest.raises(SpadesError, match="turned off"):
        table.act({"type": "undo"})


def test_replay_hand_and_next_hand() -> None:
    table = Table.new(seed=4, decide=first_legal)
    deal = table.game.deal
    run_bots(table)
    table.act({"type": "bid", "bid": 1})
    run_bots(table)
    table.act({"type": "replay_hand"})
    assert table.game.deal == deal and table.game.bids == (None,) * 4
    with pytest.raises(SpadesError, match="next hand"):
        table.act({"type": "next_hand"})


def test_save_and_load_restore_exactly() -> None:
    table = Table.new({"preset": "igame"}, seed=8, decide=first_legal, bots={Seat.N: "expert"})
    run_bots(table)
    table.act({"type": "bid", "bid": 3})
    run_bots(table)
    table.act({"type": "play", "card": next(h["card"] for h in table.state()["hand"] if h["legal"])})
    table.step()
    saved = json.loads(json.dumps(table.save()))
    again = Table.load(saved, decide=first_legal)
    assert again.state() == table.state()
    assert again.bots == table.bots and again.bots[Seat.N] == "expert"
    assert again.step() == table.step()


@pytest.mark.parametrize(
    "data",
    [
        None,
        3,
        {"format": "spades-save/0"},
        {"format": "spades-save/1", "record": {"format": "x"}},
        {"format": "spades-save/1"},
    ],
)
def test_corrupted_saves_are_refused_clearly(data) -> None:
    with pytest.raises(SpadesError):
        Table.load(data)


def test_unknown_intent() -> None:
    table = Table.new(seed=1, decide=first_legal)
    with pytest.raises(SpadesError, match="unknown intent 'dance'"):
        table.act({"type": "dance"})
    with pytest.raises(SpadesError, match="intent must be an object"):
        table.act("bid 3")  # type: ignore[arg-type]


def test_worker_rules_operation_completes_and_checks_rules() -> None:
    """The settings form asks the worker for a preset's values and checks overrides (op ``rules``)."""
    import json

    from spades import worker

    def call(op: str, args: dict) -> dict:
        return json.loads(worker.handle(op, json.dumps(args)))

    igame = call("rules", {"rules": {"preset": "igame"}})
    assert igame["rules"]["target"] == 300 and igame["rules"]["blind_nil"] is True
    assert "short" in igame["presets"]
    assert call("rules", {"rules": {"preset": "short", "jokers": True}})["rules"]["jokers"] is True
    assert "mercy" in call("rules", {"rules": {"target": 100, "mercy": 200}})["error"]
