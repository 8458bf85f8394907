"""The command line: replay and score."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from spades import Game, HandResult, Rules, Seat, card_name, score_hand, to_record
from spades.formats.protocol import result_to_json
from tests.helpers import finished_game

ROOT = Path(__file__).resolve().parent.parent


def run(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "spades", *args], cwd=ROOT, input=stdin, capture_output=True, text=True, check=False
    )


def test_replay_prints_each_hand(tmp_path: Path) -> None:
    game = finished_game(8)
    path = tmp_path / "game.json"
    path.write_text(json.dumps(to_record(game)))
    proc = run("replay", str(path))
    assert proc.returncode == 0, proc.stderr
    out = json.loads(proc.stdout)
    assert len(out["hands"]) == len(game.results)
    for entry, result in zip(out["hands"], game.results, strict=True):
        assert entry["tricks"] == {s: result.tricks[i] for i, s in enumerate("NESW")}
        assert entry["points"] == {"NS": result.teams[0].points, "EW": result.teams[1].points}
        assert entry["totals"] == {"NS": result.totals[0], "EW": result.totals[1]}
    assert out["totals"] == {"NS": game.totals[0], "EW": game.totals[1]}
    assert out["winner"] == game.winner.name


def test_replay_rejects_an_illegal_card(tmp_path: Path) -> None:
    game = finished_game(3)
    record = to_record(game)
    hand = record["hands"][0]
    probe = Game(game.rules, deal=hand["deal"], dealer=Seat.parse(hand["dealer"]))
    for bid in hand["bids"]:
        probe.bid(bid)
    for step, card in enumerate(hand["play"], 1):  # noqa: B007 (step is used after the loop)
        illegal = [c for c in probe.hand(probe.turn) if c not in probe.legal_moves()]
        if illegal:
            break
        probe.play(card)
    bad = card_name(illegal[0])
    hand["play"][step - 1] = bad
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(record))
    proc = run("replay", str(path))
    assert proc.returncode == 1
    line = proc.stderr.strip()
    assert "\n" not in line and f"hand 1, card {step}: " in line, line
    assert f"{probe.turn.name} cannot play {bad}" in line


def test_replay_rejects_bad_json_and_format(tmp_path: Path) -> None:
    path = tmp_path / "x.json"
    path.write_text("{not json")
    assert "not JSON" in run("replay", str(path)).stderr
    path.write_text(json.dumps({"format": "other/1", "hands": []}))
    proc = run("replay", str(path))
    assert proc.returncode == 1 and "spades-record/1" in proc.stderr


def test_score_pad_from_stdin() -> None:
    sheet = {
        "rules": {"preset": "standard"},
        "hands": [
            {"bids": {"N": 4, "E": 3, "S": 3, "W": 3}, "tricks": {"N": 2, "E": 4, "S": 5, "W": 2}},
            {"bids": {"N": "nil", "E": 4, "S": 5, "W": 3}, "tricks": {"N": 0, "E": 2, "S": 6, "W": 5}},
        ],
    }
    proc = run("score", "-", stdin=json.dumps(sheet))
    assert proc.returncode == 0, proc.stderr
    out = json.loads(proc.stdout)
    first = out["hands"][0]
    assert (first["points"], first["bags"], first["totals"]) == ({"NS": 70, "EW": 60}, {"NS": 0, "EW": 0},
                                                                 {"NS": 70, "EW": 60})  # fmt: skip
    teams = score_hand(Rules(), (4, 3, 3, 3), (2, 4, 5, 2), (0, 0))
    assert first == result_to_json(HandResult(1, Seat.W, (4, 3, 3, 3), (2, 4, 5, 2), teams, (70, 60)))  # one encoding
    assert out["hands"][1]["nils"] == {"N": True}
    assert out["hands"][1]["points"] == {"NS": 151, "EW": 70}
    assert out["totals"] == {"NS": 221, "EW": 130} and out["bags"] == {"NS": 1, "EW": 0}
    assert out["winner"] is None


def test_score_pad_errors() -> None:
    def error(hands, rules=None):
        proc = run("score", "-", stdin=json.dumps({"rules": rules or {}, "hands": hands}))
        assert proc.returncode == 1
        return proc.stderr.strip()

    bids = {"N": 4, "E": 3, "S": 3, "W": 3}
    assert "add up to 12" in error([{"bids": bids, "tricks": {"N": 2, "E": 4, "S": 4, "W": 2}}])
    assert "not a bid: 14" in error([{"bids": {**bids, "S": 14}, "tricks": {"N": 2, "E": 4, "S": 5, "W": 2}}])
    assert "blind nil" in error([{"bids": {**bids, "S": "blind_nil"}, "tricks": {"N": 2, "E": 4, "S": 5, "W": 2}}])
    assert "unknown rule 'colour'" in error([], {"colour": 1})
    win = {"bids": {"N": 7, "E": 3, "S": 6, "W": 3}, "tricks": {"N": 7, "E": 0, "S": 6, "W": 0}}
    message = error([win, win, win, win], {"preset": "igame"})  # NS reach 300 after hand 3
    assert "hand 4" in message and "game ended after hand 3 (NS won)" in message
    # Hand 2 is dealt by North: East bids first, then South, so North's 2 is N-S's second bid (2 + 1 < 4).
    low = {"bids": {"N": 2, "E": 3, "S": 1, "W": 3}, "tricks": {"N": 2, "E": 4, "S": 5, "W": 2}}
    ok = {"bids": {"N": 2, "E": 3, "S": 2, "W": 3}, "tricks": {"N": 2, "E": 4, "S": 5, "W": 2}}
    assert error([ok, low], {"min_team_bid": 4}) == "error: hand 2, bids: N cannot bid 2: the team must bid at least 4"
    assert "S cannot bid nil: suicide" in error([{**ok, "bids": {"N": "nil", "E": "nil", "S": "nil", "W": 3}}],
                                               {"bidding": "suicide"})  # fmt: skip
