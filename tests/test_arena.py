"""The arena: summaries, duplicate play, whole games, and external protocol bots (``cmd:``)."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from spades import Rules, SpadesError
from spades.bots.arena import run_arena, split_pair

ROOT = Path(__file__).resolve().parent.parent


def test_single_hands_in_duplicate() -> None:
    summary = run_arena("standard", "beginner", deals=6, seed=3, duplicate=True)
    ns, ew = summary["sides"]["ns"], summary["sides"]["ew"]
    assert ns["hands"] == ew["hands"] == 12
    assert summary["difference"]["units"] == 6
    low, high = summary["difference"]["ci95"]
    assert low <= summary["difference"]["points_per_hand"] <= high
    assert 0 <= ns["contracts_made_pct"] <= 100
    for side in ("ns", "ew"):
        times = summary["time_ms"][side]["all"]
        assert times["decisions"] == 12 * 28
        assert 0 <= times["p50"] <= times["p95"] <= times["max"]
    # Duplicate: with the same bot on both sides the difference is exactly zero.
    same = run_arena("standard", "standard", deals=4, seed=3, duplicate=True)
    assert same["difference"]["points_per_hand"] == 0
    assert same["sides"]["ns"]["points_per_hand"] == same["sides"]["ew"]["points_per_hand"]


def test_runs_are_reproducible() -> None:
    a = run_arena("beginner", "standard", deals=5, seed=9)
    b = run_arena("beginner", "standard", deals=5, seed=9)
    assert a["sides"] == b["sides"] and a["difference"] == b["difference"]


def test_whole_games_to_the_target() -> None:
    rules = Rules(target=150, mercy=-100)
    summary = run_arena("standard", "beginner", deals=2, seed=1, games=True, duplicate=True, rules=rules)
    won = summary["sides"]["ns"]["games_won"] + summary["sides"]["ew"]["games_won"]
    assert won == 4
    assert summary["mode"] == "games"


def test_mixed_partnership() -> None:
    assert split_pair("expert,standard") == ("expert", "standard")
    assert split_pair("standard") == ("standard", "standard")
    summary = run_arena("expert,standard", "standard", deals=1, seed=2, options={"expert": {"samples": 4}})
    assert summary["ns"] == "expert,standard"


def _example_bot(tmp_path: Path) -> Path:
    doc = (ROOT / "docs" / "bot-protocol.md").read_text(encoding="utf-8")
    code = re.search(r"```python\n(.*?)```", doc, re.S)
    assert code, "the protocol doc has an example bot"
    path = tmp_path / "firstbot.py"
    path.write_text(code[1], encoding="utf-8")
    return path


def test_the_documented_example_bot_plays_through_the_arena(tmp_path: Path) -> None:
    bot = _example_bot(tmp_path)
    summary = run_arena(f"cmd:{sys.executable} {bot}", "beginner", deals=2, seed=5, duplicate=True)
    assert summary["sides"]["ns"]["hands"] == 4
    assert summary["time_ms"]["ns"]["all"]["decisions"] == 4 * 28


def test_our_protocol_bot_through_the_arena() -> None:
    summary = run_arena(f"cmd:{sys.executable} -m spades bot --level standard", "beginner", deals=1, seed=5)
    assert summary["sides"]["ns"]["hands"] == 1


def test_illegal_answers_stop_the_match(tmp_path: Path) -> None:
    bad = tmp_path / "bad.py"
    bad.write_text(
        "import json, sys\n"
        "for line in sys.stdin:\n"
        "    m = json.loads(line)\n"
        "    if m['type'] == 'hello': print(json.dumps({'type': 'ready'}), flush=True)\n"
        "    elif m['type'] == 'move': print(json.dumps({'move': 99}), flush=True)\n",
        encoding="utf-8",
    )
    with pytest.raises(SpadesError, match=r"bad\.py"):
        run_arena(f"cmd:{sys.executable} {bad}", "beginner", deals=1)
    with pytest.raises(SpadesError, match="cannot start"):
        run_arena("cmd:/nonexistent/bot", "beginner", deals=1)


def test_command_line_prints_json() -> None:
    proc = subprocess.run(
        [sys.executable, "-m", "spades", "arena", "--ns", "standard", "--ew", "beginner", "--deals", "2",
         "--duplicate", "--quiet"],
        capture_output=True, text=True, cwd=ROOT, timeout=120, check=True,
    )  # fmt: skip
    summary = json.loads(proc.stdout)
    assert summary["deals"] == 2 and summary["duplicate"] is True
    bad = subprocess.run(
        [sys.executable, "-m", "spades", "arena", "--ns", "nobody", "--ew", "beginner", "--deals", "1", "--quiet"],
        capture_output=True, text=True, cwd=ROOT, timeout=60, check=False,
    )  # fmt: skip
    assert bad.returncode != 0
