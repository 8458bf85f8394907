"""Ratings (点力): the original rating room's table row by row, ties, leaving, disconnects, decay, the CLI."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from datetime import date
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from spades.__main__ import main
from spades.errors import RatingError, SpadesError
from spades.stats import rating
from spades.stats.rating import LEVEL_RATINGS, START, Entry, Step, change, current, history, rank_points, replay

ROOT = Path(__file__).resolve().parent.parent


def day_text(ordinal: int) -> str:
    return date.fromordinal(ordinal).isoformat()


def place_points(players: int, place: int, above: float) -> int:
    """The change of the player finishing ``place`` of ``players`` (ranked 1..n) when the others average
    ``above`` more than this player (negative: less)."""
    ratings = [1000 + above] * players
    ratings[place - 1] = 1000
    return rank_points(ratings, list(range(1, players + 1)))[place - 1]


# The seed's table: (players, place, opponents' average minus mine, change).  For each place: no
# difference, the smallest and the largest addition, the cap, the smallest and the largest deduction, and
# the floor ("至少加一点" / "至少扣一点").
TABLE = [
    # four players: base +12, +6, -6, -12
    (4, 1, 0, 12), (4, 1, 10, 13), (4, 1, 120, 24), (4, 1, 900, 24),          # add +1~12, total to +24
    (4, 1, -10, 11), (4, 1, -110, 1), (4, 1, -900, 1),                        # deduct -1~11, at least +1
    (4, 2, 0, 6), (4, 2, 10, 7), (4, 2, 60, 12), (4, 2, 900, 12),             # add +1~6, total to +12
    (4, 2, -10, 5), (4, 2, -50, 1), (4, 2, -900, 1),                          # deduct -1~5, at least +1
    (4, 3, 0, -6), (4, 3, 10, -5), (4, 3, 50, -1), (4, 3, 900, -1),           # add +1~5, at least -1
    (4, 3, -10, -7), (4, 3, -60, -12), (4, 3, -900, -12),                     # deduct -1~6, total to -12
    (4, 4, 0, -12), (4, 4, 10, -11), (4, 4, 110, -1), (4, 4, 900, -1),        # add +1~11, at least -1
    (4, 4, -10, -13), (4, 4, -120, -24), (4, 4, -900, -24),                   # deduct -1~12, total to -24
    # three players: base +12, 0, -12 (the seed's +1~9 ranges disagree with its totals; the totals rule)
    (3, 1, 0, 12), (3, 1, 10, 13), (3, 1, 120, 24), (3, 1, 900, 24),
    (3, 1, -10, 11), (3, 1, -90, 3), (3, 1, -110, 1), (3, 1, -900, 1),
    (3, 2, 0, 0), (3, 2, 10, 1), (3, 2, 120, 12), (3, 2, 900, 12),            # add +1~12
    (3, 2, -10, -1), (3, 2, -120, -12), (3, 2, -900, -12),                    # deduct -1~12: total -12~+12
    (3, 3, 0, -12), (3, 3, 10, -11), (3, 3, 90, -3), (3, 3, 110, -1), (3, 3, 900, -1),
    (3, 3, -10, -13), (3, 3, -120, -24), (3, 3, -900, -24),
    # two players: base +12, -12
    (2, 1, 0, 12), (2, 1, 10, 13), (2, 1, 120, 24), (2, 1, 900, 24),
    (2, 1, -10, 11), (2, 1, -110, 1), (2, 1, -900, 1),
    (2, 2, 0, -12), (2, 2, 10, -11), (2, 2, 110, -1), (2, 2, 900, -1),
    (2, 2, -10, -13), (2, 2, -120, -24), (2, 2, -900, -24),
]  # fmt: skip


@pytest.mark.parametrize(("players", "place", "above", "expected"), TABLE)
def test_the_seed_table(players: int, place: int, above: int, expected: int) -> None:
    assert place_points(players, place, above) == expected


@pytest.mark.parametrize(("players", "place"), [(n, p) for n in (2, 3, 4) for p in range(1, n + 1)])
def test_every_place_stays_within_its_total_range(players: int, place: int) -> None:
    base = rating.BASES[players][place - 1]
    low, high = (1, 2 * base) if base > 0 else (2 * base, -1) if base < 0 else (-12, 12)
    seen = {place_points(players, place, above) for above in range(-400, 401, 5)}
    assert min(seen) == low and max(seen) == high
    assert seen == set(range(low, high + 1)) - ({0} if base else set())


def test_only_full_tens_count_truncated_toward_zero() -> None:
    wins = [change(1000, 1000 + d, "win") for d in (9, 10, 19, 20, -9, -10, -19, -20)]
    assert wins == [12, 13, 13, 14, 12, 11, 11, 10]
    assert [change(1000, 1000 + d, "loss") for d in (9, 19, -9, -19)] == [-12, -11, -12, -13]


def test_seed_example_win_against_opponents_35_higher() -> None:
    assert change(1000, 1035, "win") == 15
    assert change(1035, 1000, "loss") == -15
    assert change(1000, 1035, "loss") == -9


def test_two_sided_game_uses_side_averages() -> None:
    # ann 1040 + bob 1000 against cy 980 + di 1000: 1020 against 990.
    assert change((1040 + 1000) / 2, (980 + 1000) / 2, "loss") == -15
    assert change(1000.5, 1010.5, "win") == 13  # half points from odd sums, compared exactly


def test_two_player_rank_points_match_change() -> None:
    for mine in (0, 500, 995, 1000, 1005, 1234):
        for theirs in (0, 700, 1000, 1017, 1300):
            assert rank_points([mine, theirs], [1, 2]) == [change(mine, theirs, "win"), change(theirs, mine, "loss")]
            assert rank_points([mine, theirs], [1, 1]) == [change(mine, theirs, "tie"), change(theirs, mine, "tie")]


def test_opponents_are_the_average_of_all_others() -> None:
    # Four players; the last-placed 1000 against 1000, 1000 and 1031: average 1010⅓, +1.
    assert rank_points([1000, 1000, 1031, 1000], [2, 3, 1, 4])[3] == -11
    # 1030 exactly: 1010, still +1; 1029: 1009⅔, 0.
    assert rank_points([1000, 1000, 1030, 1000], [2, 3, 1, 4])[3] == -11
    assert rank_points([1000, 1000, 1029, 1000], [2, 3, 1, 4])[3] == -12


@pytest.mark.parametrize(
    ("ranks", "expected"),
    [
        ([1, 1, 3, 4], [9, 9, -6, -12]),  # the seed's example: (12 + 6) / 2
        ([1, 1, 2, 3], [9, 9, -6, -12]),  # only the order of ranks matters
        ([1, 2, 2, 4], [12, 0, 0, -12]),
        ([1, 2, 3, 3], [12, 6, -9, -9]),
        ([1, 1, 1, 4], [4, 4, 4, -12]),
        ([1, 2, 2, 2], [12, -4, -4, -4]),
        ([4, 3, 2, 1], [-12, -6, 6, 12]),
    ],
)
def test_tied_places_share_the_average_base(ranks: list[int], expected: list[int]) -> None:
    assert rank_points([1000] * 4, ranks) == expected


def test_tied_places_in_three_player_games() -> None:
    assert rank_points([1000] * 3, [1, 1, 3]) == [6, 6, -12]
    assert rank_points([1000] * 3, [1, 2, 2]) == [12, -6, -6]


def test_a_shared_base_keeps_its_own_range() -> None:
    # Two first of four share 9: total 1..18.
    assert rank_points([1000, 1000, 2000, 2000], [1, 1, 3, 4])[:2] == [18, 18]
    assert rank_points([1000, 1000, 0, 0], [1, 1, 3, 4])[:2] == [1, 1]
    # Second and third share 0: total -12..12.
    assert rank_points([2000, 1000, 1000, 2000], [1, 2, 2, 4])[1:3] == [12, 12]


def test_tie_lower_side_gets_half_its_adjustment() -> None:
    assert change(1000, 1000, "tie") == 0
    assert change(1000, 1009, "tie") == 0
    assert change(1000, 1020, "tie") == 1
    assert change(1000, 1035, "tie") == 1  # adjustment 3, halved rounding down
    assert change(1000, 1040, "tie") == 2
    assert change(1000, 1120, "tie") == 6
    assert change(1000, 1900, "tie") == 6  # adjustment capped at 12 first
    for higher in (1000, 1009, 1035, 1900):
        assert change(higher, 1000, "tie") == 0


def test_a_game_all_tied_is_a_tie() -> None:
    # three at 1000 against the others' average of 1100: adjustment 10, half is 5; the 1300 gets 0.
    assert rank_points([1000, 1000, 1000, 1300], [1, 1, 1, 1]) == [5, 5, 5, 0]
    assert rank_points([1000] * 3, [2, 2, 2]) == [0, 0, 0]


def test_leaving_is_a_loss() -> None:
    for mine, theirs in ((1000, 1000), (1000, 1500), (1500, 1000), (990, 1017)):
        assert change(mine, theirs, "left") == change(mine, theirs, "loss")


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: change(1000, 1000, "draw"), "outcome must be one of"),
        (lambda: change(True, 1000, "win"), "mine must be a number"),
        (lambda: change(float("nan"), 1000, "win"), "mine must be from 0"),
        (lambda: change(1000, 10**40, "win"), "opponents must be from 0"),
        (lambda: change(-1, 1000, "win"), "mine must be from 0"),
        (lambda: rank_points([1000], [1]), "need 2 to 4"),
        (lambda: rank_points([1000] * 5, [1] * 5), "need 2 to 4"),
        (lambda: rank_points([1000, 1000], [1, 3]), "rank 2 must be"),
        (lambda: rank_points([1000, "x"], [1, 2]), "rating 2 must be a number"),
        (lambda: rank_points("ab", [1, 2]), "ratings must be a list"),
        (lambda: Entry("2026-02-30", 1000, (1000, 1000), "win"), "date must be a date"),
        (lambda: Entry("20261130", 1000, (1000, 1000), "win"), "date must be a date"),
        (lambda: Entry("2026-11-30", 1000, (1000,), "win"), "opponents must be two ratings"),
        (lambda: Entry("2026-11-30", 1000, (1000, 1000), "won"), "outcome must be"),
        (lambda: Entry("2026-11-30", 1000, (1000, 1000), "win", 1), "disconnected must be"),
        (lambda: history([], "2026-11-31"), "today must be a date"),
        (lambda: history([], "2026-11-30", start=-5), "starting rating"),
        (lambda: history(["x"], "2026-11-30"), "entry 1 must be an Entry"),
        (lambda: history([Entry("2026-12-01", 1000, (1000, 1000), "win")], "2026-11-30"), "after today"),
        (
            lambda: history(
                [Entry("2026-11-30", 1000, (1000, 1000), "win"), Entry("2026-11-29", 1000, (1000, 1000), "win")],
                "2026-11-30",
            ),
            "entry 2: 2026-11-29 is before 2026-11-30",
        ),
    ],
)
def test_bad_input_is_one_short_rating_error(call, message: str) -> None:
    with pytest.raises(RatingError) as caught:
        call()
    assert isinstance(caught.value, SpadesError)
    text = str(caught.value)
    assert message in text and "\n" not in text and len(text) <= 300


def test_entry_accepts_a_list_of_opponents() -> None:
    assert Entry("2026-11-30", 1000, [990, 1010], "win").opponents == (990, 1010)  # type: ignore[arg-type]


# ---------------------------------------------------------------- one player's history


def even(day: str, disconnected: bool = False) -> Entry:
    """A tie that changes nothing (this side is always the higher), so only penalties and decay show."""
    return Entry(day, 3000, (0, 0), "tie", disconnected)


def kinds(steps: list[Step]) -> list[tuple[str, str, int, int]]:
    return [(s.date, s.kind, s.delta, s.rating) for s in steps if s.kind != "game" or s.delta]


def test_fifth_disconnect_costs_60_and_clears_the_count() -> None:
    day = "2026-11-30"
    steps = history([even(day, disconnected=True)] * 5, day)
    assert kinds(steps) == [(day, "disconnects", -60, 940)]
    assert [s.kind for s in steps][-2:] == ["game", "disconnects"]
    steps = history([even(day, disconnected=True)] * 10, day)
    assert [(s.delta, s.rating) for s in steps if s.kind == "disconnects"] == [(-60, 940), (-60, 880)]


def test_25_clean_games_in_a_row_clear_the_disconnect_count() -> None:
    day = "2026-11-30"
    four = [even(day, disconnected=True)] * 4
    cleared = four + [even(day)] * 25 + [even(day, disconnected=True)]
    assert current(cleared, day) == START
    not_yet = four + [even(day)] * 24 + [even(day, disconnected=True)]
    assert current(not_yet, day) == START - 60
    mixed = [even(day, disconnected=True), even(day)] * 5  # never 25 clean in a row
    assert current(mixed, day) == START - 60


def test_a_penalty_stops_at_zero() -> None:
    day = "2026-11-30"
    steps = history([even(day, disconnected=True)] * 5, day, start=30)
    assert kinds(steps) == [(day, "disconnects", -30, 0)]
    assert current([Entry(day, 0, (0, 0), "loss")], day, start=5) == 0


def test_weekly_decay_counts_whole_iso_weeks_after_the_first() -> None:
    first = even("2026-11-01")  # a Sunday: its week (Oct 26 - Nov 1) is never decayed
    assert kinds(history([first], "2026-11-08")) == []
    assert kinds(history([first], "2026-11-09")) == [("2026-11-09", "week", -30, 970)]
    four = [even("2026-11-02")] * 2 + [even("2026-11-08")] * 2
    assert kinds(history([first, *four], "2026-11-09")) == [("2026-11-09", "week", -30, 970)]
    five = [*four, even("2026-11-05")]
    five.sort(key=lambda e: e.date)
    assert kinds(history([first, *five], "2026-11-09")) == []
    assert kinds(history([first, *five], "2026-11-16")) == [("2026-11-16", "week", -30, 970)]


def test_thirty_days_without_a_game_cost_200_and_again_every_30() -> None:
    game = even("2026-11-04")  # a Wednesday
    steps = history([game], "2027-01-03")
    assert [(s.date, s.kind) for s in steps if s.kind == "month"] == [("2026-12-04", "month"), ("2027-01-03", "month")]
    weeks = [s.date for s in steps if s.kind == "week"]
    assert weeks == ["2026-11-16", "2026-11-23", "2026-11-30", "2026-12-07", "2026-12-14", "2026-12-21",
                     "2026-12-28"]  # fmt: skip
    assert steps[-1].rating == 1000 - 7 * 30 - 2 * 200
    # a game on day 29 keeps the month
    assert [s.kind for s in history([game, even("2026-12-03")], "2026-12-31") if s.kind == "month"] == []


def test_week_then_month_on_the_same_day() -> None:
    game = even("2026-11-02")  # Monday; 30 days later is Wednesday Dec 2, 35 later Monday Dec 7
    steps = history([game, even("2026-11-07")], "2026-12-07")
    decays = [(s.date, s.kind) for s in steps if s.kind != "game"]
    assert decays[-2:] == [("2026-12-07", "week"), ("2026-12-07", "month")]


def test_decay_stops_at_100_and_never_touches_100_or_less() -> None:
    steps = history([even("2026-11-02")], "2027-06-01", start=160)
    assert [s.rating for s in steps if s.kind != "game"] == [130, 100]
    assert all(s.rating >= 100 for s in steps)
    assert kinds(history([even("2026-11-02")], "2027-06-01", start=100)) == []
    assert kinds(history([even("2026-11-02")], "2027-06-01", start=40)) == []
    steps = history([even("2026-11-02")], "2026-12-02", start=250)
    assert kinds(steps)[-3:] == [
        ("2026-11-23", "week", -30, 190),
        ("2026-11-30", "week", -30, 160),
        ("2026-12-02", "month", -60, 100),
    ]


def test_decay_dated_on_a_game_day_comes_before_that_game() -> None:
    # The week of Nov 9 has no game: -30 on Monday Nov 16, before that day's game.  The game then
    # sees 970 with a 1000 partner against 1000s: 985 against 1000, +1.
    entries = [even("2026-11-02"), Entry("2026-11-16", 1000, (1000, 1000), "win")]
    steps = history(entries, "2026-11-16")
    assert [(s.kind, s.delta, s.rating) for s in steps] == [("game", 0, 1000), ("week", -30, 970), ("game", 13, 983)]


def test_no_game_no_decay() -> None:
    assert history([], "2030-01-01") == []
    assert current([], "2030-01-01", start=1234) == 1234


def test_far_future_today_is_quick() -> None:
    steps = history([even("2026-11-02")], "9999-12-31", start=rating.MAX_RATING)
    assert steps[0].rating == rating.MAX_RATING and steps[-1].rating == 100


# ---------------------------------------------------------------- properties

ratings_st = st.integers(min_value=0, max_value=3000)
outcomes_st = st.sampled_from(rating.OUTCOMES)


@given(ratings_st, ratings_st, st.integers(0, 1))
def test_change_ranges_and_symmetry(mine: int, theirs: int, half: int) -> None:
    mine_avg = mine + half / 2
    win = change(mine_avg, theirs, "win")
    loss = change(theirs, mine_avg, "loss")
    assert 1 <= win <= 24 and -24 <= loss <= -1
    assert win == -loss  # the two sides of a decided game: zero sum
    assert change(mine_avg, theirs, "left") == change(mine_avg, theirs, "loss")
    tie, other = change(mine_avg, theirs, "tie"), change(theirs, mine_avg, "tie")
    assert 0 <= tie <= 6 and 0 <= other <= 6 and (tie == 0 or other == 0)
    assert (tie > 0) <= (theirs > mine_avg)
    assert change(mine_avg, theirs + 10, "win") >= win  # stronger opponents never give less


@given(st.lists(ratings_st, min_size=2, max_size=4).flatmap(
    lambda rs: st.tuples(st.just(rs), st.lists(st.integers(1, len(rs)), min_size=len(rs), max_size=len(rs)))
), st.randoms())  # fmt: skip
def test_rank_points_ranges_and_permutations(case, random) -> None:
    ratings, ranks = case
    points = rank_points(ratings, ranks)
    assert all(-24 <= p <= 24 for p in points)
    best, worst = min(ranks), max(ranks)
    if best != worst:  # the best place's shared base is positive, the worst's negative
        assert all(p >= 1 for p, r in zip(points, ranks, strict=True) if r == best)
        assert all(p <= -1 for p, r in zip(points, ranks, strict=True) if r == worst)
    else:  # all tied: a tie
        assert all(0 <= p <= 6 for p in points)
    order = list(range(len(ratings)))
    random.shuffle(order)
    shuffled = rank_points([ratings[i] for i in order], [ranks[i] for i in order])
    assert shuffled == [points[i] for i in order]


entries_st = st.lists(
    st.tuples(st.integers(0, 40), ratings_st, ratings_st, ratings_st, outcomes_st, st.booleans()), max_size=40
)


@settings(deadline=None)
@given(entries_st, st.integers(0, 400), st.integers(0, 2000))
def test_history_invariants(raw, tail: int, start: int) -> None:
    day = 739_500  # 2025-09-..
    entries = []
    for gap, partner, left, right, outcome, gone in raw:
        day += gap
        entries.append(Entry(day_text(day), partner, (left, right), outcome, gone))
    today = day_text(day + tail)
    steps = history(entries, today, start)
    before = start
    for step in steps:
        assert step.kind in rating.KINDS
        assert step.rating == before + step.delta and step.rating >= 0
        if step.kind in ("week", "month"):
            assert step.delta < 0 and step.rating >= 100 and before > 100
        before = step.rating
    assert [s.date for s in steps] == sorted(s.date for s in steps)
    assert sum(s.kind == "game" for s in steps) == len(entries)
    assert current(entries, today, start) == before


# ---------------------------------------------------------------- replay and the command line

NAMES = ["ann", "bob", "cy", "di", "eve"]

games_st = st.lists(
    st.tuples(
        st.integers(0, 12),
        st.permutations(NAMES),
        st.sampled_from(["NS", "EW", "tie"]),
        st.one_of(st.none(), st.integers(0, 3)),
        st.lists(st.integers(0, 3), unique=True, max_size=2),
    ),
    max_size=25,
)


def make_games(raw) -> list[dict]:
    day = 739_600
    games = []
    for gap, names, winner, left, gone in raw:
        day += gap
        seats = names[:4]
        games.append({
            "date": day_text(day), "NS": seats[:2], "EW": seats[2:], "winner": winner,
            "left": None if left is None else seats[left], "disconnected": [seats[i] for i in gone],
        })  # fmt: skip
    return games


@settings(deadline=None, max_examples=40)
@given(games_st, st.integers(0, 90))
def test_replay_agrees_with_each_players_history(raw, tail: int) -> None:
    games = make_games(raw)
    data = {"players": {"ann": 1300, "eve": 400}, "games": games}
    last = games[-1]["date"] if games else "2026-01-01"
    today = day_text(date.fromisoformat(last).toordinal() + tail)
    out = replay(data, today)
    entries: dict[str, list[Entry]] = {}
    for number, game in enumerate(games):
        before = replay({"players": data["players"], "games": games[:number]}, game["date"])["players"]
        seen = {name: before.get(name, {"rating": data["players"].get(name, START)})["rating"] for name in NAMES}
        for side, other in (("NS", "EW"), ("EW", "NS")):
            for i, name in enumerate(game[side]):
                lost = game["left"] in game[side] or (game["left"] is None and game["winner"] == other)
                won = game["left"] in game[other] or (game["left"] is None and game["winner"] == side)
                outcome = "left" if game["left"] == name else "loss" if lost else "win" if won else "tie"
                entries.setdefault(name, []).append(Entry(
                    game["date"], seen[game[side][1 - i]], (seen[game[other][0]], seen[game[other][1]]), outcome,
                    name in game["disconnected"],
                ))  # fmt: skip
    for name, result in out["players"].items():
        start = data["players"].get(name, START)
        assert current(entries.get(name, []), today, start) == result["rating"], name
        per_game: list[int] = []  # each game's step plus the penalty it triggered
        for step in history(entries.get(name, []), today, start):
            if step.kind == "game":
                per_game.append(step.delta)
            elif step.kind == "disconnects":
                per_game[-1] += step.delta
        assert per_game == [g["changes"][name] for g in out["games"] if name in g["changes"]]
        assert result["games"] == len(entries.get(name, []))
        assert result["wins"] == sum(e.outcome == "win" for e in entries.get(name, []))


def test_replay_changes_and_totals() -> None:
    assert replay(EXAMPLE, "2026-12-20") == EXAMPLE_OUT


EXAMPLE = {
    "players": {"ann": 1040, "cy": 980},
    "games": [
        {"date": "2026-11-30", "NS": ["ann", "bob"], "EW": ["cy", "di"], "winner": "EW"},
        {"date": "2026-12-01", "NS": ["ann", "cy"], "EW": ["bob", "di"], "winner": "tie", "disconnected": ["di"]},
        {"date": "2026-12-03", "NS": ["ann", "bob"], "EW": ["cy", "di"], "winner": "NS", "left": "bob"},
    ],
}
EXAMPLE_OUT = {
    "players": {
        "ann": {"rating": 983, "games": 3, "wins": 0, "disconnects": 0},
        "cy": {"rating": 977, "games": 3, "wins": 2, "disconnects": 0},
        "bob": {"rating": 943, "games": 3, "wins": 0, "disconnects": 0},
        "di": {"rating": 997, "games": 3, "wins": 2, "disconnects": 1},
    },
    "games": [
        {"changes": {"ann": -15, "bob": -15, "cy": 15, "di": 15}},
        {"changes": {"ann": 0, "cy": 0, "bob": 0, "di": 0}},
        {"changes": {"ann": -12, "bob": -12, "cy": 12, "di": 12}},
    ],
}


def test_a_game_change_includes_its_disconnect_penalty() -> None:
    game = {"date": "2026-11-30", "NS": ["a", "b"], "EW": ["c", "d"], "winner": "tie", "disconnected": ["a"]}
    out = replay({"games": [game] * 6}, "2026-11-30")
    assert [g["changes"]["a"] for g in out["games"]] == [0, 0, 0, 0, -60, 1]  # then 940 + 1000 against 1000s
    assert out["players"]["a"] == {"rating": 941, "games": 6, "wins": 0, "disconnects": 1}


def test_the_player_who_leaves_loses_with_the_partner() -> None:
    game = {"date": "2026-11-30", "NS": ["a", "b"], "EW": ["c", "d"], "winner": "NS", "left": "a"}
    assert replay({"games": [game]}, "2026-11-30")["games"][0]["changes"] == {"a": -12, "b": -12, "c": 12, "d": 12}


def test_level_ratings_are_published() -> None:
    assert set(LEVEL_RATINGS) == {"beginner", "standard", "expert"}
    assert LEVEL_RATINGS["standard"] == START
    assert LEVEL_RATINGS["beginner"] < LEVEL_RATINGS["standard"] < LEVEL_RATINGS["expert"]
    assert all(value % 10 == 0 for value in LEVEL_RATINGS.values())


def run(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "spades", *args], cwd=ROOT, input=stdin, capture_output=True, text=True, check=False
    )


def test_cli_prints_the_exact_json(tmp_path: Path) -> None:
    path = tmp_path / "games.json"
    path.write_text(json.dumps(EXAMPLE))
    proc = run("ratings", str(path), "--today", "2026-12-20")
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout == json.dumps(EXAMPLE_OUT, ensure_ascii=False) + "\n"
    proc = run("ratings", "-", "--today", "2026-12-20", stdin=json.dumps(EXAMPLE))
    assert proc.returncode == 0 and json.loads(proc.stdout) == EXAMPLE_OUT


def test_cli_defaults_to_today(monkeypatch, capsys) -> None:
    game = {"date": "2000-01-03", "NS": ["a", "b"], "EW": ["c", "d"], "winner": "NS"}
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(json.dumps({"games": [game]}).encode())))
    assert main(["ratings", "-"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["players"]["a"]["rating"] == 100  # years of decay


GAME = {"date": "2026-11-30", "NS": ["a", "b"], "EW": ["c", "d"], "winner": "NS"}


def with_game(**changes) -> str:
    return json.dumps({"games": [{**GAME, **changes}]})


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("{not json", "is not JSON"),
        ("[]", "must be a JSON object"),
        ('{"games": {}}', "'games' must be a list"),
        ('{"gamez": []}', "unknown key 'gamez'"),
        (with_game(winner="ns"), "'winner' must be NS, EW or tie, got 'ns'"),
        (with_game(date="2026-02-29"), "game 1: 'date' must be a date YYYY-MM-DD, got '2026-02-29'"),
        (with_game(date="30/11/2026"), "must be a date YYYY-MM-DD"),
        (with_game(NS=["a", "c"]), "game 1: 'c' sits twice"),
        (with_game(NS="ab"), "'NS' must be a list of two names"),
        (with_game(EW=["c", 7]), "a name in 'EW' must be a name"),
        (with_game(left="zed"), "'left' must be null or a name at the table"),
        (with_game(disconnected="a"), "'disconnected' must be a list"),
        (with_game(disconnected=["a", "a"]), "names someone twice"),
        (with_game(seat="N"), "unknown key 'seat'"),
        (with_game(date="2026-12-25"), "after today"),
        ('{"players": {"a": 1e999}, "games": []}', "too large a number"),
        ('{"players": {"a": 100000000000000000000000000000}, "games": []}', "the rating of 'a' must be a whole number"),
        ('{"players": {"a": 1000.5}, "games": []}', "must be a whole number"),
        ('{"players": {"a": true}, "games": []}', "must be a whole number"),
        ('{"players": [], "games": []}', "'players' must be an object"),
        ('{"players": {"a": ' + "9" * 5000 + '}, "games": []}', "error:"),
        (json.dumps({"games": [GAME, {**GAME, "date": "2026-11-29"}]}), "game 2 is dated 2026-11-29, before game 1"),
    ],
)
def test_cli_refuses_bad_input_in_one_line(text: str, message: str, monkeypatch, capsys) -> None:
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(text.encode())))
    assert main(["ratings", "-", "--today", "2026-11-30"]) == 1
    err = capsys.readouterr().err
    assert err.startswith("error: ") and err.count("\n") == 1 and len(err) <= 310, err
    assert message in err and "Traceback" not in err and "internal error" not in err, err


def test_cli_refuses_a_bad_today_and_a_missing_file(tmp_path: Path) -> None:
    proc = run("ratings", "-", "--today", "2026-11-31", stdin=with_game())
    assert proc.returncode == 1 and proc.stderr == "error: today must be a date YYYY-MM-DD, got '2026-11-31'\n"
    proc = run("ratings", str(tmp_path / "missing.json"))
    assert proc.returncode == 1 and proc.stderr.startswith("error: cannot read") and proc.stderr.count("\n") == 1
