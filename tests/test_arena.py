"""The arena: summaries, duplicate play, whole games, external protocol bots (``cmd:``), parallel deals and
the opponent field."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from spades import Rules, SpadesError
from spades.__main__ import main
from spades.bots import FIELD
from spades.bots.arena import field_members, run_arena, run_field, split_pair

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


# ---------------------------------------------------------------- the field and parallel deals

SMALL_EXPERT = {"expert": {"time_budget": None, "samples": 6, "work": 1500, "bid_samples": 6, "extend": 1}}


def _without_times(summary: dict[str, object]) -> dict[str, object]:
    return {key: value for key, value in summary.items() if key != "time_ms"}


def test_parallel_deals_give_exactly_the_serial_results() -> None:
    serial = run_arena("expert", "nilhappy", deals=3, seed=4, duplicate=True, options=SMALL_EXPERT, jobs=1)
    parallel = run_arena("expert", "nilhappy", deals=3, seed=4, duplicate=True, options=SMALL_EXPERT, jobs=2)
    assert _without_times(parallel) == _without_times(serial)
    assert parallel["time_ms"]["ns"]["all"]["decisions"] == serial["time_ms"]["ns"]["all"]["decisions"]
    # A different seed is a different match: the comparison above can fail.
    other = run_arena("expert", "nilhappy", deals=3, seed=5, duplicate=True, options=SMALL_EXPERT, jobs=1)
    assert _without_times(other) != _without_times(serial)


def test_field_summaries_per_member_and_for_the_pool() -> None:
    members = ("cautious", "setter", "beginner")
    done: list[tuple[int, int]] = []
    told: list[tuple[int, dict]] = []  # each member's summary, with how many deals were in when it came

    def each(summary: dict) -> None:
        told.append((len(done), summary))

    result = run_field(
        "standard", members=members, deals=4, seed=8, jobs=2, progress=lambda d, t: done.append((d, t)), each=each
    )
    assert done[-1] == (12, 12) and [d for d, _ in done] == list(range(1, 13))
    assert [deals for deals, _ in told] == [4, 8, 12]  # a member's line as soon as its own deals are in
    assert [summary for _, summary in told] == result["members"]
    assert result["contender"] == "standard"
    assert [s["ew"] for s in result["members"]] == list(members)
    for summary in result["members"]:
        alone = run_arena("standard", summary["ew"], deals=4, seed=8, duplicate=True)
        assert _without_times(summary) == _without_times(alone)
    pool = result["pool"]
    assert pool["ew"] == "pool" and pool["members"] == list(members)
    assert pool["difference"]["units"] == 12
    assert pool["sides"]["ns"]["hands"] == sum(s["sides"]["ns"]["hands"] for s in result["members"]) == 24
    mean = sum(s["difference"]["points_per_hand"] for s in result["members"]) / 3
    assert abs(pool["difference"]["points_per_hand"] - mean) < 0.02
    low, high = pool["difference"]["ci95"]
    assert low <= pool["difference"]["points_per_hand"] <= high
    assert field_members("all") == FIELD and field_members(" setter , cautious,setter") == ("setter", "cautious")


def test_field_and_jobs_refuse_bad_arguments() -> None:
    with pytest.raises(SpadesError, match="'nobody' is not in the field"):
        field_members("setter,nobody")
    with pytest.raises(SpadesError, match="not in the field"):
        run_field("expert", members=("expert",), deals=1)
    with pytest.raises(SpadesError, match="at least one member"):
        run_field("expert", members=(), deals=1)
    with pytest.raises(SpadesError, match="jobs must be"):
        run_arena("standard", "beginner", deals=1, jobs=0)
    with pytest.raises(SpadesError, match="unknown contender"):
        run_field("nobody", deals=1)


def _cli(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(["arena", *argv])
    out, err = capsys.readouterr()
    return status, out, err


def test_command_line_field(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = _cli(capsys, "--ns", "standard", "--field", "--deals", "2", "--duplicate", "--jobs", "2",
                          "--quiet")  # fmt: skip
    assert status == 0
    lines = [json.loads(line) for line in out.splitlines()]
    assert [line["ew"] for line in lines] == [*FIELD, "pool"]
    assert lines[-1]["difference"]["units"] == 2 * len(FIELD)
    status, out, _ = _cli(capsys, "--ns", "expert", "--field", "bagaverse,club", "--deals", "1", "--budget", "0",
                          "--quiet")  # fmt: skip
    assert status == 0 and [json.loads(line)["ew"] for line in out.splitlines()] == ["bagaverse", "club", "pool"]
    for argv, message in [
        (("--ns", "standard", "--field", "nobody"), "'nobody' is not in the field"),
        (("--ns", "standard", "--ew", "beginner", "--field"), "either --ew"),
        (("--ns", "standard"), "either --ew"),
        (("--ns", "standard", "--field", "--jobs", "0"), "--jobs: must be 1 to 512"),
        (("--ns", "standard", "--field", "--jobs", "x"), "--jobs: must be 1 to 512"),
    ]:
        status, out, err = _cli(capsys, *argv, "--deals", "1", "--quiet")
        assert status == 1 and out == "", argv
        assert err.count("\n") == 1 and err.startswith("error: ") and message in err, err
