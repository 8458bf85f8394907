"""A table left without anyone to host it says so (static/online/session.mjs ``hostless``, docs/online.md "When the
host is gone"), run in Node over random cases (tests/online/hostless_check.mjs):

- a guest's link that lost its host says ``gone`` exactly once every successor's turn has passed and one more
  grace period for the last one to be reached (lost + (successors + 2) grace periods), never before, and says
  when it would;
- a page that never found a host says ``nobody`` exactly ``NOBODY_MS`` after it opened (instead of "Connecting…"
  forever), and a page that has a host says nothing.
"""

import json
import random
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def answers(cases):
    done = subprocess.run(
        ["node", "tests/online/hostless_check.mjs"],
        cwd=ROOT,
        input=json.dumps(cases),
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout.strip().splitlines()[-1])


@pytest.mark.skipif(shutil.which("node") is None, reason="needs node (run `make setup`)")
def test_a_table_without_anyone_left_to_host_it_says_so_once_every_successors_turn_has_passed():
    rnd = random.Random(21)
    cases = []
    for _ in range(600):
        lost = rnd.choice([None, rnd.randrange(10**6, 2 * 10**6)])
        started = rnd.randrange(0, 10**6)
        found = lost is not None or rnd.random() < 0.3
        successors = rnd.randrange(0, 4)
        base = lost if lost is not None else started
        now = base + rnd.choice([0, 1, rnd.randrange(0, 40_000), 15_000, 15_000 - 1, (successors + 2) * 4000 - 1])
        cases.append({"lostAt": lost, "started": started, "found": found, "successors": successors, "now": now})
    result = answers(cases)
    grace, nobody = result["grace"], result["nobody"]
    assert (grace, nobody) == (4000, 15_000)
    said = {"gone": 0, "nobody": 0, None: 0}
    for case, answer in zip(cases, result["answers"], strict=True):
        if case["lostAt"] is not None:
            at = case["lostAt"] + (case["successors"] + 2) * grace
            last_turn = case["lostAt"] + case["successors"] * grace  # the last successor's turn begins
            assert at > last_turn + grace  # one grace period more than the last successor's turn: it connects
            expected = "gone" if case["now"] >= at else None
        elif case["found"]:
            at, expected = None, None
        else:
            at = case["started"] + nobody
            expected = "nobody" if case["now"] >= at else None
        assert answer["say"] == expected, (case, answer)
        if expected is None:
            assert answer["at"] == at, (case, answer)
        said[expected] += 1
    assert min(said.values()) > 50  # every outcome was tried
