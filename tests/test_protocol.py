"""The JSON encoding of views and moves, and the spades-bot/1 protocol."""

from __future__ import annotations

import io
import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from spades import Game, ParseError, Phase, Rules, Seat
from spades.bots import make_bot
from spades.bots.serve import serve
from spades.formats.protocol import (
    PROTOCOL,
    move_from_json,
    move_request,
    move_to_json,
    view_from_json,
    view_to_json,
)

ROOT = Path(__file__).resolve().parent.parent


def _all_views(rules: Rules, seed: int, hands: int = 2):
    g = Game(rules, seed=seed)
    bot = make_bot("standard", seed)
    for _ in range(hands):
        while g.phase in (Phase.BIDDING, Phase.PLAYING):
            for seat in Seat:
                yield g.view(seat)
            g.apply(bot.decide(g.view(g.turn)).move)
        for seat in Seat:
            yield g.view(seat)
        if g.phase is Phase.GAME_OVER:
            return
        g.next_hand()


@pytest.mark.parametrize(
    "rules",
    [Rules(), Rules.from_dict({"preset": "windows"}), Rules(jokers=True, first_lead="two_clubs", mercy=None)],
    ids=["standard", "windows", "jokers"],
)
def test_views_round_trip_through_json(rules: Rules) -> None:
    count = 0
    for view in _all_views(rules, seed=4):
        data = view_to_json(view)
        text = json.dumps(data)
        assert view_from_json(json.loads(text)) == view
        count += 1
    assert count > 400


def test_view_encoding_is_plain_and_complete() -> None:
    g = Game(seed=1)
    g.bid("nil")
    data = view_to_json(g.view(Seat.E))
    assert set(data) == {
        "seat", "rules", "phase", "hand_number", "dealer", "turn", "hand", "bids", "leader", "trick", "tricks",
        "tricks_won", "spades_broken", "played", "voids", "cards_left", "totals", "bags", "results", "winner",
        "legal",
    }  # fmt: skip
    assert data["bids"] == {"N": "nil", "E": None, "S": None, "W": None}
    assert data["seat"] == "E" and data["turn"] == "E"
    assert data["legal"][:2] == ["nil", 1]
    assert all(re.fullmatch(r"[2-9TJQKA][CDHS]", c) for c in data["hand"])


def test_the_documented_example_view_is_exact() -> None:
    doc = (ROOT / "docs" / "bot-protocol.md").read_text(encoding="utf-8")
    block = re.search(r"```json\n(.*?)```", doc, re.S)
    assert block
    deal = {
        "N": "3S 2S 9H 6H 5H 4H 4D 3D 2D 5C 4C 3C 2C",
        "E": "6S 5S 4S JH TH 2H 7D 6D 5D 9C 8C 7C 6C",
        "S": "AS KS QS JS KH 3H JD TD 9D 8D QC JC TC",
        "W": "TS 9S 8S 7S AH QH 8H 7H AD KD QD AC KC",
    }
    g = Game(deal={seat: cards.split() for seat, cards in deal.items()}, dealer=Seat.W)
    for bid in ("nil", 3, 4, 4):
        g.bid(bid)
    g.play("9H")
    g.play("2H")
    assert json.loads(block[1]) == view_to_json(g.view(Seat.S))


def test_moves_round_trip() -> None:
    for move in range(52):
        assert move_from_json("playing", move_to_json("playing", move)) == move
    for bid in range(-1, 14):
        assert move_from_json("bidding", move_to_json("bidding", bid)) == bid
    assert move_from_json("bidding", 0) == 0
    with pytest.raises(ParseError):
        move_from_json("playing", "ZZ")
    with pytest.raises(ParseError):
        move_from_json("bidding", 14)
    with pytest.raises(ParseError):
        move_from_json("bidding", None)


def test_malformed_views_raise_parse_errors() -> None:
    data = view_to_json(Game(seed=1).view(Seat.N))
    for key in ("hand", "bids", "phase", "rules"):
        broken = dict(data)
        del broken[key]
        with pytest.raises(ValueError):
            view_from_json(broken)
    with pytest.raises(ParseError):
        view_from_json({**data, "seat": "X"})


def test_serve_answers_hello_moves_and_quit() -> None:
    g = Game(seed=2)
    lines = [
        json.dumps({"type": "hello", "protocol": PROTOCOL, "seat": g.turn.name}),
        json.dumps({"type": "news", "anything": 1}),
        json.dumps(move_request(g.view(g.turn))),
        "not json",
        json.dumps({"type": "quit"}),
        json.dumps(move_request(g.view(g.turn))),
    ]
    out = io.StringIO()
    assert serve(make_bot("standard"), io.StringIO("\n".join(lines) + "\n"), out) == 0
    answers = [json.loads(line) for line in out.getvalue().splitlines()]
    assert answers[0]["type"] == "ready"
    assert move_from_json("bidding", answers[1]["move"]) in g.legal_moves()
    assert answers[1]["explanation"]
    assert "error" in answers[2]
    assert len(answers) == 3


def test_python_m_spades_bot_speaks_the_protocol() -> None:
    g = Game(seed=3)
    for b in (3, 3, 3, 3):
        g.bid(b)
    messages = [
        {"type": "hello", "protocol": PROTOCOL, "seat": g.turn.name},
        move_request(g.view(g.turn)),
        {"type": "quit"},
    ]
    proc = subprocess.run(
        [sys.executable, "-m", "spades", "bot", "--level", "expert", "--budget", "0.05"],
        input="".join(json.dumps(m) + "\n" for m in messages),
        capture_output=True,
        text=True,
        timeout=60,
        cwd=ROOT,
        check=True,
    )
    answers = [json.loads(line) for line in proc.stdout.splitlines()]
    assert answers[0] == {"type": "ready", "name": "spades expert", "protocol": PROTOCOL}
    assert move_from_json("playing", answers[1]["move"]) in g.legal_moves()
