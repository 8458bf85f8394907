"""The room's commit–reveal deals from the outside: hostile messages both ways, the worker's ops, the command line on
a record exported from a room (spades/table/fairdeal.py; tests/portable/test_fair_room.py plays the hands).

- A guest's ``commit`` and ``reveal`` of any shape: the room's schema drops what is not a hand number and 64 hex
  digits; one well formed but wrong (another hand, a second commitment, a secret that is not the committed one)
  changes nothing.
- The host's ``fair`` message of any shape: the guest boundary refuses it in one line naming the field, or gives a
  copy the guest's device answers without raising (a verdict that does not hold, at worst).
- ``python -m spades verify`` on the record the host's worker exports (op ``record``): holds; tampered: does not,
  in one line.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from spades import worker
from spades.cards import Seat
from spades.table import fair
from spades.table.guest import GuestError, check_host_message
from tests.portable.test_fair_room import Tablemates

ROOT = Path(__file__).resolve().parents[1]
HEX = st.text("0123456789abcdef", min_size=64, max_size=64)
JUNK = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=80),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=12,
)


def fair_messages() -> list[dict[str, Any]]:
    """Every ``fair`` message of a short game, as a guest receives them."""
    mates = Tablemates()
    mates.play_hand()
    mates.next_hand()
    return [m for m in mates.received["p-n"] if m["t"] == "fair"]


FAIR = fair_messages()


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(kind=st.sampled_from(["commit", "reveal"]), hand=JUNK | st.integers(0, 5), value=JUNK | HEX)
def test_a_guests_commit_or_reveal_of_any_shape_changes_nothing_it_should_not(kind: str, hand: Any, value: Any):
    mates = Tablemates()
    room = mates.room
    before = json.dumps(room.fair.to_json(), sort_keys=True)
    key = "commit" if kind == "commit" else "secret"
    dropped = room.dropped_messages
    out = room.receive("p-n", {"t": kind, "hand": hand, key: value}, mates.now + 5000)
    well_formed = type(hand) is int and 0 <= hand < 2**53 and isinstance(value, str) and len(value) == 64
    well_formed = well_formed and set(value) <= set("0123456789abcdef")
    assert room.dropped_messages == dropped + (not well_formed)
    # North committed and revealed for hand 2 already: nothing it sends now changes the round or the parts
    assert out == [] and json.dumps(room.fair.to_json(), sort_keys=True) == before


def _mutations(message: dict[str, Any]) -> st.SearchStrategy[dict[str, Any]]:
    keys = sorted(message)
    return st.tuples(st.sampled_from(keys), JUNK | HEX | st.sampled_from(["N", "E", "S", "W", "x" * 5000])).map(
        lambda change: {**message, change[0]: change[1]}
    )


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(FAIR).flatmap(_mutations), st.sampled_from([None, Seat.N, Seat.E]))
def test_a_hosts_fair_message_of_any_shape_is_refused_in_one_line_or_answered_without_raising(message, seat):
    message = {**message, "t": "fair"}
    try:
        checked = check_host_message(json.loads(json.dumps(message)))
    except GuestError as error:
        line = str(error)
        assert "\n" not in line and "fair message from the host" in line, line
        return
    assert set(checked) <= {"t", "table", "hand", "commits", "kind", "secrets", "seed", "host", "replaced"}
    send, verdict = fair.Contributor().answer(checked, seat)
    assert send is None or send["t"] in ("commit", "reveal")
    if verdict is not None:
        assert "\n" not in verdict.line and (verdict.ok or verdict.error is not None)


def test_the_workers_fair_ops_answer_the_host_and_verify_a_kept_deal() -> None:
    deal = next(m for m in FAIR if "seed" in m)
    answer = worker.call("fair_guest", {"message": deal, "seat": None})
    assert answer["send"] is None and answer["verdict"]["ok"], answer
    ask = {"t": "fair", "table": "w-1", "hand": 1, "commits": {}}
    commit = worker.call("fair_guest", {"message": ask, "seat": "E"})["send"]
    assert commit["t"] == "commit" and worker.call("fair_guest", {"message": ask, "seat": "E"})["send"] == commit
    assert worker.call("fair_verify", {"part": deal})["verdict"]["ok"]
    tampered = json.loads(json.dumps(deal))
    tampered["secrets"]["N"] = "00" * 32
    verdict = worker.call("fair_verify", {"part": tampered})["verdict"]
    assert not verdict["ok"] and verdict["error"]["code"] == "fair_commit_mismatch"
    assert verdict["line"] == "does not hold: N's secret does not match its commitment"
    bad = json.loads(worker.handle("fair_guest", json.dumps({"message": {"t": "fair", "hand": "x"}})))
    assert bad["kind"] == "GuestError" and "\n" not in bad["error"]


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "spades", *args], capture_output=True, text=True, cwd=ROOT)


def test_the_cli_verifies_the_record_a_room_exports_and_catches_it_tampered(tmp_path: Path) -> None:
    mates = Tablemates()
    mates.play_hand()
    mates.next_hand()
    mates.play_hand()
    worker._rooms["fair-export"] = mates.room
    try:
        record = worker.call("record", {"table": "fair-export"})
    finally:
        del worker._rooms["fair-export"]
    path = tmp_path / "room.json"
    path.write_text(json.dumps(record))
    proc = run("verify", str(path))
    assert (proc.returncode, proc.stderr) == (0, "")
    assert proc.stdout.startswith("holds: 2 commit–reveal deals checked") and proc.stdout.count("\n") == 1
    record["hands"][1]["fair"]["secrets"]["E"] = "11" * 32
    path.write_text(json.dumps(record))
    proc = run("verify", str(path))
    assert proc.returncode == 1 and proc.stdout == "does not hold: hand 2: E's secret does not match its commitment\n"
    record["hands"][1]["fair"]["replaced"] = ["E"]  # a stand-in the host's fallback does not make
    record["hands"][1]["fair"]["host"] = "S"
    path.write_text(json.dumps(record))
    proc = run("verify", str(path))
    assert (
        proc.returncode == 1
        and proc.stdout == "does not hold: hand 2: E's stand-in secret is not the host's fallback\n"
    )
