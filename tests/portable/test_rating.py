"""Ratings (点力) in CPython (pytest) and inside Pyodide (``node tests/pyodide/run.mjs``).

Plain functions with plain asserts: the seed's table at its edges, exact averages, a tie, decay by
ISO weeks and 30-day spans, the disconnect penalty, and the command line's replay, computed alike.
"""

from spades.errors import RatingError
from spades.stats.rating import LEVEL_RATINGS, START, Entry, change, current, history, rank_points, replay


def test_seed_table_edges():
    assert [change(1000, 1000 + d, "win") for d in (-900, -110, -19, 0, 19, 35, 120, 900)] == [
        1, 1, 11, 12, 13, 15, 24, 24
    ]  # fmt: skip
    assert [change(1000, 1000 + d, "loss") for d in (-900, -120, 0, 110, 900)] == [-24, -24, -12, -1, -1]
    assert rank_points([1000, 1000, 1000, 1000], [1, 2, 3, 4]) == [12, 6, -6, -12]
    assert rank_points([1000, 1000, 1000, 1000], [1, 1, 3, 4]) == [9, 9, -6, -12]
    assert rank_points([1000, 1120, 1120], [2, 1, 3]) == [12, 6, -18]
    assert change(1000, 1120, "tie") == 6 and change(1120, 1000, "tie") == 0
    assert change(1000, 1000, "left") == -12


def test_exact_averages():
    # 1000 against the others' 1000, 1000 and 1030 (average 1010): +1; against 1029: 0.
    assert rank_points([1000, 1000, 1000, 1030], [4, 2, 3, 1])[0] == -11
    assert rank_points([1000, 1000, 1000, 1029], [4, 2, 3, 1])[0] == -12
    assert change(1000.5, 1010.5, "win") == 13


def test_decay_and_disconnects():
    first = Entry("2026-11-02", 1000, (1000, 1000), "win")
    steps = history([first], "2026-12-07")
    assert [(s.date, s.kind, s.delta) for s in steps] == [
        ("2026-11-02", "game", 12),
        ("2026-11-16", "week", -30),
        ("2026-11-23", "week", -30),
        ("2026-11-30", "week", -30),
        ("2026-12-02", "month", -200),
        ("2026-12-07", "week", -30),
    ]
    assert current([first], "2030-01-01", start=150) == 100
    quiet = Entry("2026-11-30", 3000, (0, 0), "tie", disconnected=True)
    assert current([quiet] * 5, "2026-11-30") == START - 60


def test_replay_and_errors():
    game = {"date": "2026-11-30", "NS": ["a", "b"], "EW": ["c", "d"], "winner": "EW", "left": None}
    out = replay({"players": {"a": 1040}, "games": [game]}, "2026-11-30")
    assert out["games"] == [{"changes": {"a": -14, "b": -14, "c": 14, "d": 14}}]
    assert out["players"]["c"] == {"rating": 1014, "games": 1, "wins": 1, "disconnects": 0}
    try:
        replay({"games": [{**game, "date": "2026-02-30"}]}, "2026-11-30")
    except RatingError as error:
        assert "2026-02-30" in str(error)
    else:
        raise AssertionError("a bad date was accepted")
    assert LEVEL_RATINGS["standard"] == START
