"""The player's profile (spades.stats.profile), its report (spades.stats.report) and the worker's profile operations.

Statistics are checked on constructed games whose figures are counted by hand; the rating of a profile
is checked against spades.stats.rating.change game by game; every malformed profile is refused with one line.
"""

from __future__ import annotations

import copy
import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from spades import Seat
from spades.stats.profile import (
    FORMAT,
    GAME_LIMIT,
    HAND_LIMIT,
    ProfileError,
    add_game,
    check_profile,
    game_from_state,
    new_profile,
    rating_report,
    statistics,
)
from spades.stats.rating import LEVEL_RATINGS, START, change
from spades.stats.report import profile_report
from spades.table import Occupant, Policy, Table
from spades.worker import call, handle

TODAY = "2026-11-30"


def hand(bids, tricks, made, points, bags=(0, 0), penalty=(0, 0)):
    return {
        "bids": list(bids),
        "tricks": list(tricks),
        "made": list(made),
        "points": list(points),
        "bags": list(bags),
        "penalty": list(penalty),
    }


def game(
    n,
    *,
    kind="solo",
    winner="NS",
    seat="S",
    hands=None,
    at=None,
    levels=("standard", "standard", "standard"),
    ratings=None,
    left=False,
    disconnected=False,
):
    others = [s for s in "NESW" if s != seat]
    players = {}
    for s, level in zip(others, levels, strict=True):
        rating = None
        if kind in ("solo_rated", "online_rated"):
            rating = (ratings or {}).get(s, LEVEL_RATINGS.get(level, START))
        players[s] = {"name": None, "level": level, "rating": rating}
    return {
        "id": f"g{n}",
        "kind": kind,
        "at": at or f"2026-11-{n + 1:02d}T12:00:00Z",
        "preset": "igame",
        "seat": seat,
        "players": players,
        "winner": winner,
        "left": left,
        "disconnected": disconnected,
        "score": {"NS": 310, "EW": 120} if winner == "NS" else {"NS": 120, "EW": 310},
        "hands": hands if hands is not None else [],
    }


def profile(*games):
    return check_profile(
        {"format": FORMAT, "name": "Ann", "color": "#43a047", "created": "2026-11-01", "games": list(games)}
    )


# ----------------------------------------------------------------- statistics


def test_statistics_of_constructed_games_counted_by_hand() -> None:
    h1 = hand((4, "nil", 3, 2), (5, 0, 3, 5), (True, True), (71, 123), (1, 3))  # South bid 3, took 3
    h2 = hand((3, 2, "nil", 4), (4, 5, 0, 4), (True, False), (101, -60), (1, 0))  # South nil made
    h3 = hand((2, "nil", 5, 3), (3, 2, 4, 4), (True, True), (-30, -40), (0, 1), (-100, 0))  # E's nil broken; S 4<5
    h4 = hand((3, 3, "blind_nil", 3), (5, 3, 1, 4), (True, True), (-170, 31), (2, 1))  # S blind nil failed
    games = [
        game(0, hands=[h1, h2], winner="NS"),
        game(1, hands=[h3], winner="EW", levels=("expert", "expert", "expert")),
        game(2, hands=[h4], winner="NS", kind="online", levels=(None, None, None)),
        game(3, hands=[], winner="NS"),
    ]
    stats = statistics(profile(*games)["games"])
    assert stats["games"]["all"] == {"played": 4, "won": 3, "win_pct": 75.0, "left": 0, "unfinished": 0}
    assert stats["games"]["solo"] == {"played": 3, "won": 2, "win_pct": 66.7, "left": 0, "unfinished": 0}
    assert stats["games"]["online"]["played"] == 1
    assert stats["games"]["solo_rated"] == {"played": 0, "won": 0, "win_pct": None, "left": 0, "unfinished": 0}
    assert stats["levels"] == {
        "expert": {"played": 1, "won": 0, "win_pct": 0.0, "left": 0, "unfinished": 0},
        "standard": {"played": 2, "won": 2, "win_pct": 100.0, "left": 0, "unfinished": 0},
    }
    assert stats["streaks"] == {"current": 2, "best_win": 2, "worst_loss": 1}
    h = stats["hands"]
    assert h["count"] == 4
    assert h["points"] == 71 + 101 - 30 - 170 and h["points_per_hand"] == round(-28 / 4, 1)
    assert (h["contracts"], h["made"], h["sets"], h["made_pct"]) == (4, 4, 0, 100.0)
    assert (h["nil_bids"], h["nil_made"], h["nil_pct"]) == (1, 1, 100.0)
    assert (h["blind_nil_bids"], h["blind_nil_made"]) == (1, 0)
    # opponents' nils: E nil made (h1), E nil broken (h3)
    assert (h["opponent_nils"], h["nils_broken"]) == (2, 1)
    assert h["bags"] == 1 + 1 + 0 + 2 and h["bags_per_hand"] == 1.0
    assert (h["penalties"], h["penalty_points"]) == (1, -100)
    # South's numeric bids: 3 → 3 (0), 5 → 4 (−1)
    assert h["bid_accuracy"] == {"-2": 0, "-1": 1, "0": 1, "+1": 0, "+2": 0}
    assert h["accuracy_mean"] == -0.5


def test_statistics_from_east_count_east_west() -> None:
    h = hand((4, 2, 3, 5), (4, 3, 1, 5), (False, True), (-70, 81), (0, 1))
    stats = statistics(profile(game(0, seat="E", winner="EW", hands=[h]))["games"])
    assert stats["games"]["all"]["won"] == 1
    assert stats["hands"]["points"] == 81 and stats["hands"]["made"] == 1
    assert stats["hands"]["bid_accuracy"]["+1"] == 1  # East bid 2, took 3


def test_streaks_and_left_games() -> None:
    results = ["NS", "NS", "EW", "EW", "EW", "NS"]
    games = [game(i, winner=w) for i, w in enumerate(results)]
    games.append(game(9, winner=None, left=True))
    stats = statistics(profile(*games)["games"])
    assert stats["streaks"] == {"current": -1, "best_win": 2, "worst_loss": 3}
    assert stats["games"]["all"]["left"] == 1 and stats["games"]["all"]["played"] == 7


def test_empty_profile() -> None:
    p = new_profile("Ann", TODAY)
    stats = statistics(p["games"])
    assert stats["hands"]["points_per_hand"] is None and stats["games"]["all"]["win_pct"] is None
    report = profile_report(p, TODAY, "zh-Hans")
    assert report["rating"] == START and report["charts"] == {"rating": None, "bags": None, "last_game": None}


# ----------------------------------------------------------------- rating


def test_rated_games_change_the_rating_by_the_seed_rules() -> None:
    ratings = {"N": 1050, "E": 1100, "W": 1100}  # partner N, opponents E/W
    games = [
        game(0, kind="solo_rated", winner="NS", ratings=ratings, levels=("expert", "expert", "expert")),
        game(1, kind="solo", winner="EW"),  # unrated: no change
        game(2, kind="solo_rated", winner="EW", ratings=ratings, levels=("expert", "expert", "expert")),
    ]
    report = rating_report(profile(*games), "2026-11-04")
    first = change((1000 + 1050) / 2, 1100, "win")
    assert first == 12 + 7  # 1100 − 1025 = 75 → +7
    second = change((1000 + first + 1050) / 2, 1100, "loss")
    assert [s["delta"] for s in report["steps"]] == [first, second]
    assert [s["game"] for s in report["steps"]] == [0, 2]
    assert report["rating"] == 1000 + first + second and report["games"] == 2


def test_leaving_a_rated_game_is_a_loss_and_unfinished_games_do_not_count() -> None:
    left = game(0, kind="solo_rated", winner=None, left=True)
    unfinished = game(1, kind="solo_rated", winner=None)
    report = rating_report(profile(left, unfinished), "2026-11-02")
    assert [s["delta"] for s in report["steps"]] == [change(1000, 1000, "loss")] == [-12]


def test_decay_is_applied_when_the_report_is_made() -> None:
    p = profile(game(0, kind="solo_rated", winner="NS"))  # 2026-11-01, a Sunday
    soon = rating_report(p, "2026-11-02")["rating"]
    later = rating_report(p, "2027-01-15")
    assert soon == 1012
    assert later["rating"] < soon and {s["kind"] for s in later["steps"]} >= {"week", "month"}
    assert later["rating"] >= 100


def test_a_computer_seat_without_a_rating_takes_its_level_rating() -> None:
    table = finished_table()
    state = table.full_state("S")
    g = game_from_state(state, game_id="x", kind="solo_rated", at="2026-11-30T10:00:00Z")
    assert {s: p["rating"] for s, p in g["players"].items()} == {s: LEVEL_RATINGS["standard"] for s in "NEW"}
    casual = game_from_state(state, game_id="y", kind="solo", at="2026-11-30T10:00:00Z")
    assert all(p["rating"] is None for p in casual["players"].values())


# ----------------------------------------------------------------- games from a table, adding


def finished_table(seed: int = 3) -> Table:
    seats = {seat: Occupant("computer", "standard") for seat in Seat}
    table = Table.new({"preset": "short"}, seed=seed, seats=seats, policy=Policy("casual"))
    for _ in range(10_000):
        if not table.step():
            if table.state("S")["phase"] == "game-over":
                break
            table.game.next_hand()  # every seat is a computer: nobody presses "Next hand"
    assert table.state("S")["phase"] == "game-over"
    return table


def test_game_from_a_finished_table() -> None:
    table = finished_table()
    state = table.full_state("S")  # with every hand's results: what the worker records
    g = game_from_state(state, game_id="s-1", kind="solo", at="2026-11-30T10:00:00Z")
    assert g["winner"] == state["winner"] and g["score"] == state["totals"]
    assert len(g["hands"]) == len(state["results"])
    for h, r in zip(g["hands"], state["results"], strict=True):
        assert h["points"] == [r["points"]["NS"], r["points"]["EW"]]
        assert sum(h["tricks"]) == 13
    assert sum(h["points"][0] for h in g["hands"]) == state["totals"]["NS"]


def test_add_game_is_idempotent_keeps_order_and_limits_hands() -> None:
    p = new_profile("Ann", TODAY)
    p = add_game(p, game(5))
    again = add_game(p, game(5))
    assert again["games"] == p["games"]
    earlier = add_game(p, {**game(6), "at": "2026-01-01T00:00:00Z"})  # the clock went back
    assert earlier["games"][-1]["at"] == p["games"][-1]["at"]
    check_profile(earlier)
    h = hand((4, 3, 3, 3), (4, 3, 3, 3), (True, True), (40, 60))
    many = {
        **p,
        "games": [game(i, hands=[h], at=f"2026-10-01T00:{i // 60:02d}:{i % 60:02d}Z") for i in range(HAND_LIMIT + 3)],
    }
    many = add_game(check_profile(many), game(9999, hands=[h], at="2026-11-30T00:00:00Z"))
    kept = [g["hands"] is not None for g in many["games"]]
    assert kept.count(True) == HAND_LIMIT and kept[-1] and not kept[0]
    assert GAME_LIMIT >= 1000


# ----------------------------------------------------------------- validation


BAD = [
    ("[]", "must be an object"),
    ('{"format": "spades-save/2", "name": "A", "games": []}', "not a profile"),
    ('{"format": "spades-profile/1", "name": "", "games": []}', "name"),
    ('{"format": "spades-profile/1", "name": "A", "games": {}}', "games"),
    ('{"format": "spades-profile/1", "name": "A", "color": "red", "games": []}', "color"),
    ('{"format": "spades-profile/1", "name": "A", "games": [], "extra": 1}', "unknown key"),
    ("{not json", "JSON"),
    ('{"format": "spades-profile/1", "name": "A\\u0000", "games": []}', "control"),
]


@pytest.mark.parametrize(("text", "words"), BAD)
def test_bad_profiles_are_refused_with_one_line(text: str, words: str) -> None:
    with pytest.raises(ProfileError) as caught:
        check_profile(text)
    message = str(caught.value)
    assert words in message and "\n" not in message and len(message) <= 300


def test_bad_games_name_the_field() -> None:
    good = game(0, kind="solo_rated")
    cases = {
        "games[0].kind": {**good, "kind": "ranked"},
        "games[0].at": {**good, "at": "2026-13-01T00:00:00Z"},
        "games[0].seat": {**good, "seat": "X"},
        "games[0].winner": {**good, "winner": "N"},
        "games[0].players.N.rating": {**good, "players": {**good["players"], "N": {"level": "expert", "rating": None}}},
        "games[0].hands[0].tricks": {**good, "hands": [hand((1, 1, 1, 1), (1, 1, 1, 1), (True, True), (0, 0))]},
        "games[0].hands[0].bids[0]": {**good, "hands": [hand((True, 1, 1, 1), (13, 0, 0, 0), (True, True), (0, 0))]},
        "games[0].score.NS": {**good, "score": {"NS": 10**30, "EW": 0}},
    }
    for where, bad in cases.items():
        with pytest.raises(ProfileError, match=where.replace("[", r"\[").replace("]", r"\]").replace(".", r"\.")):
            profile(bad)
    with pytest.raises(ProfileError, match="appears twice"):
        profile(game(0), game(0, at="2026-11-05T00:00:00Z"))
    with pytest.raises(ProfileError, match="order played"):
        profile(game(3), game(1))


def _mutations(value):
    """Every (path, replacement) of one leaf or container of ``value``: the generated inputs below."""
    return st.recursive(
        st.none() | st.booleans() | st.integers(-(2**70), 2**70) | st.text(max_size=8) | st.floats(allow_nan=True),
        lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner, max_size=3),
        max_leaves=6,
    )


def _paths(value, path=()):
    yield path
    if isinstance(value, dict):
        for key, item in value.items():
            yield from _paths(item, (*path, key))
    elif isinstance(value, list):
        for i, item in enumerate(value):
            yield from _paths(item, (*path, i))


SAMPLE = json.loads(
    json.dumps(
        {
            "format": FORMAT,
            "name": "Ann",
            "color": "#43a047",
            "created": "2026-11-01",
            "games": [
                game(
                    0, kind="solo_rated", hands=[hand((4, "nil", 3, 2), (5, 0, 3, 5), (True, True), (71, 123), (1, 3))]
                ),
                game(1, kind="online", levels=(None, "expert", None)),
            ],
        }
    )
)
PATHS = list(_paths(SAMPLE))[1:]


@settings(max_examples=300, deadline=None)
@given(st.sampled_from(PATHS), _mutations(None), st.booleans())
def test_generated_damage_is_refused_cleanly_or_accepted(path, replacement, delete) -> None:
    data = copy.deepcopy(SAMPLE)
    target = data
    for key in path[:-1]:
        target = target[key]
    if delete and isinstance(target, dict):
        del target[path[-1]]
    else:
        target[path[-1]] = replacement
    try:
        checked = check_profile(json.dumps(data))
    except ProfileError as error:
        assert "\n" not in str(error) and len(str(error)) <= 400
    else:  # accepted: the statistics and the rating can be computed from it
        statistics(checked["games"])
        rating_report(checked, TODAY)
    answer = json.loads(handle("profile_check", json.dumps({"profile": json.dumps(data)})))
    assert ("error" in answer) == ("profile" not in answer)


# ----------------------------------------------------------------- the worker


def test_worker_profile_operations_round_trip() -> None:
    text = call("profile_new", {"name": "Ann", "today": TODAY})["profile"]
    seats = {s: {"occupant": "computer", "level": "standard"} for s in "NESW"}
    seats["S"] = {"occupant": "person", "level": "standard"}
    call("new", {"table": "pf", "rules": {"preset": "short"}, "seed": 5, "seats": seats, "policy": {"kind": "rated"}})
    call("close", {"table": "pf"})
    state = finished_table(5).full_state("S")
    added = call(
        "profile_add",
        {
            "profile": text,
            "today": TODAY,
            "kind": "solo_rated",
            "id": "s-5",
            "at": "2026-11-30T10:00:00Z",
            "state": state,
        },
    )
    won = state["winner"] == "NS"
    assert added["before"] == START and added["after"] == START + (12 if won else -12)
    again = call(
        "profile_add",
        {
            "profile": added["profile"],
            "today": TODAY,
            "kind": "solo_rated",
            "id": "s-5",
            "at": "2026-11-30T10:00:00Z",
            "state": state,
        },
    )
    assert again["profile"] == added["profile"] and (again["before"], again["after"]) == (
        added["before"],
        added["after"],
    )
    report = call("profile_report", {"profile": added["profile"], "today": TODAY, "lang": "zh-Hant"})
    assert report["rating"] == added["after"] and report["games"][0]["change"] == added["after"] - START
    assert "點力" in report["charts"]["rating"] and report["charts"]["last_game"].startswith("<svg")
    assert len(report["figures"]["last_game"]) == len(state["results"])
    renamed = call("profile_set", {"profile": added["profile"], "name": "Bea", "color": "#e53935"})["profile"]
    assert (
        json.loads(renamed)["name"] == "Bea" and json.loads(renamed)["games"] == json.loads(added["profile"])["games"]
    )


@pytest.mark.parametrize(
    ("op", "args", "words"),
    [
        ("profile_check", {}, "'profile'"),
        ("profile_check", {"profile": "{}"}, "missing"),
        ("profile_report", {"profile": None}, "'profile'"),
        ("profile_new", {"name": "A"}, "'today'"),
        ("profile_new", {"name": "A", "today": "2026-02-30"}, "real date"),
        ("profile_set", {"profile": "{}", "name": 5}, "missing"),
        ("profile_add", {"profile": "x", "today": TODAY, "kind": "solo"}, "JSON"),
    ],
)
def test_worker_refuses_bad_profile_arguments(op, args, words) -> None:
    answer = json.loads(handle(op, json.dumps(args)))
    assert set(answer) == {"error", "kind", "code", "params"} and words in answer["error"]


def test_worker_refuses_a_state_from_a_peer_that_is_not_one() -> None:
    text = call("profile_new", {"name": "Ann", "today": TODAY})["profile"]
    base = {"profile": text, "today": TODAY, "kind": "online", "id": "o-1", "at": "2026-11-30T10:00:00Z"}
    for state in (
        {},
        {"me": "S"},
        {"me": "S", "seats": {}},
        {"me": "S", "seats": {s: {} for s in "NEW"}, "results": [{}]},
    ):
        answer = json.loads(handle("profile_add", json.dumps({**base, "state": state})))
        assert set(answer) == {"error", "kind", "code", "params"}, state


def test_an_unscored_rated_game_counts_only_a_disconnect() -> None:
    dropped = {**game(0, kind="online_rated", winner=None, levels=(None, None, None)), "disconnected": True}
    for player in dropped["players"].values():
        player["rating"] = 1000
    won = game(1, kind="online_rated", winner="NS", levels=(None, None, None), ratings={s: 1000 for s in "NEW"})
    report = rating_report(profile(dropped, won), "2026-11-02")
    assert report["disconnects"] == 1 and report["games"] == 1
    assert [(s["kind"], s["delta"], s["game"]) for s in report["steps"]] == [("game", 12, 1)]
    many = [
        {**game(i, kind="online_rated", winner=None, levels=(None, None, None), ratings={s: 1000 for s in "NEW"}),
         "disconnected": True}
        for i in range(5)
    ]  # fmt: skip
    penalised = rating_report(profile(*many), "2026-11-06")
    assert penalised["rating"] == 1000 - 60 and penalised["disconnects"] == 0
    assert statistics(profile(*many)["games"])["games"]["all"]["played"] == 0


def test_a_brief_report_has_only_what_a_table_shows() -> None:
    text = json.dumps(profile(game(0, kind="solo_rated", winner="NS")))
    brief = call("profile_report", {"profile": text, "today": "2026-11-02", "brief": True})
    assert brief == {"rating": 1012, "disconnects": 0, "rated_games": 1}


def test_the_running_score_chart_of_a_table_or_of_a_state_from_a_host() -> None:
    state = finished_table(7).full_state("E")
    svg = call("score_chart", {"table": None, "state": state, "lang": "en"})["svg"]
    assert svg.startswith("<svg") and "Score, hand by hand" in svg
    assert f"now us {state['totals']['EW']}, them {state['totals']['NS']}" in svg  # East: "us" is East–West
    assert f"Target {state['rules']['target']}" in svg
    for bad in ({"results": [{"points": None}]}, {"results": "x"}, {"results": [{"points": {"NS": "a", "EW": 1}}]}):
        answer = json.loads(handle("score_chart", json.dumps({"table": None, "state": bad})))
        assert set(answer) == {"error", "kind", "code", "params"}, bad


# ----------------------------------------------------------------- each hand as it is scored (issue 23)


def play_one_hand(table: str, seed: int = 12, policy: str = "casual") -> dict:
    """A solo game at the worker's ``table`` (South a person), played through the page's ops to its first
    hand-over; its last answer."""
    seats = {s: {"occupant": "computer", "level": "standard"} for s in "NESW"}
    seats["S"] = {"occupant": "person", "level": "standard"}
    out = call("new", {"table": table, "seed": seed, "rules": {"preset": "short"}, "seats": seats,
                       "policy": {"kind": policy}})  # fmt: skip
    while out["state"]["phase"] in ("bidding", "playing"):
        state = out["state"]
        if state["turn"] != "S":
            out = call("step", {"table": table})
        elif state["phase"] == "bidding":
            bid = 3 if 3 in state["legal_bids"] else state["legal_bids"][-1]
            out = call("act", {"table": table, "seat": "S", "intent": {"type": "bid", "bid": bid}})
        else:
            card = next(h["card"] for h in state["hand"] if h["legal"])
            out = call("act", {"table": table, "seat": "S", "intent": {"type": "play", "card": card}})
    return out


def test_after_one_scored_hand_the_report_counts_it_as_a_game_in_progress() -> None:
    text = call("profile_new", {"name": "Ann", "today": TODAY})["profile"]
    before = call("profile_report", {"profile": text, "today": TODAY, "table": "one"})
    assert before["stats"]["in_progress"] == 0 and before["stats"]["hands"]["count"] == 0  # no such table yet
    out = play_one_hand("one")
    assert out["state"]["phase"] == "hand-over" and out["state"]["hands_scored"] == 1
    result = out["state"]["last_result"]
    report = call("profile_report", {"profile": text, "today": TODAY, "lang": "en", "table": "one"})
    stats = report["stats"]
    assert stats["in_progress"] == 1
    assert stats["hands"]["count"] == 1 and stats["hands"]["points"] == result["points"]["NS"]
    assert stats["hands"]["contracts"] == (result["made"]["NS"] is not None)
    assert stats["hands"]["made"] == bool(result["made"]["NS"]) and stats["hands"]["bags"] == result["new_bags"]["NS"]
    everything = stats["games"]["all"]
    assert (everything["played"], everything["won"], everything["left"], everything["unfinished"]) == (0, 0, 0, 0)
    assert stats["streaks"]["current"] == 0 and report["games"] == []  # neither won nor lost, and not kept
    without = call("profile_report", {"profile": text, "today": TODAY})  # no table asked for: the kept games only
    assert without["stats"]["in_progress"] == 0 and without["stats"]["hands"]["count"] == 0
    call("close", {"table": "one"})


def test_a_game_kept_after_its_hand_is_not_counted_twice_and_an_abandoned_one_stays_unfinished() -> None:
    text = call("profile_new", {"name": "Ann", "today": TODAY})["profile"]
    play_one_hand("two", seed=7)
    args = {"today": TODAY, "kind": "solo", "id": "s-7", "at": "2026-11-30T10:00:00Z", "table": "two", "viewer": "S"}
    kept = call("profile_add", {"profile": text, **args})  # what player.hand_scored does after a hand
    assert kept["game"]["winner"] is None and len(kept["game"]["hands"]) == 1
    again = call("profile_report", {"profile": kept["profile"], "today": TODAY, "table": "two", "id": "s-7"})
    assert again["stats"]["in_progress"] == 0 and again["stats"]["hands"]["count"] == 1
    assert again["stats"]["games"]["all"]["unfinished"] == 1 and again["stats"]["games"]["all"]["played"] == 0
    assert again["games"][0]["outcome"] is None and again["games"][0]["hands"] == 1
    call("close", {"table": "two"})  # abandoned: a new game begins elsewhere
    later = call("profile_report", {"profile": kept["profile"], "today": TODAY, "table": "two"})
    assert later["stats"]["games"]["all"]["unfinished"] == 1 and later["stats"]["hands"]["count"] == 1
    assert later["stats"]["streaks"] == {"current": 0, "best_win": 0, "worst_loss": 0}


def test_a_rated_game_left_after_one_hand_is_a_loss_not_unfinished() -> None:
    text = call("profile_new", {"name": "Ann", "today": TODAY})["profile"]
    play_one_hand("three", seed=8, policy="rated")
    args = {"today": TODAY, "kind": "solo_rated", "id": "r-8", "at": "2026-11-30T10:00:00Z", "table": "three"}
    left = call("profile_add", {"profile": text, **args, "left": True})
    report = call("profile_report", {"profile": left["profile"], "today": TODAY})
    everything = report["stats"]["games"]["all"]
    assert (everything["played"], everything["won"], everything["left"], everything["unfinished"]) == (1, 0, 1, 0)
    assert report["stats"]["streaks"]["current"] == -1 and left["after"] < left["before"]
    assert report["stats"]["hands"]["count"] == 1
    call("close", {"table": "three"})


def test_an_unfinished_game_is_replaced_by_a_longer_or_finished_one_never_by_a_shorter() -> None:
    h1 = hand((4, 3, 3, 3), (4, 3, 3, 3), (True, True), (40, 60))
    h2 = hand((4, 3, 3, 3), (5, 2, 3, 3), (True, False), (51, -30), (1, 0))
    first = add_game(new_profile("Ann", TODAY), game(1, winner=None, hands=[h1]))
    other = add_game(first, game(2, winner="EW"))
    longer = add_game(other, game(1, winner=None, hands=[h1, h2], at="2026-11-05T00:00:00Z"))
    assert [g["id"] for g in longer["games"]] == ["g2", "g1"] and len(longer["games"][1]["hands"]) == 2
    assert add_game(longer, game(1, winner=None, hands=[h1]))["games"] == longer["games"]  # shorter: stays
    done = add_game(longer, game(1, winner="NS", hands=[h1, h2], at="2026-11-06T00:00:00Z"))
    assert done["games"][-1]["winner"] == "NS" and len(done["games"]) == 2
    assert add_game(done, game(1, winner=None, hands=[h1, h2, h2]))["games"] == done["games"]  # finished: stays
    check_profile(done)
    stats = statistics(done["games"])
    assert stats["games"]["all"]["played"] == 2 and stats["games"]["all"]["unfinished"] == 0


def test_a_profile_saved_before_unfinished_games_were_kept_still_loads() -> None:
    old = (
        '{"format":"spades-profile/1","name":"Ann","color":"#1e88e5","created":"2026-11-01","games":['
        '{"id":"s-1-4-310-120","kind":"solo","at":"2026-11-02T10:00:00Z","preset":"igame","seat":"S",'
        '"players":{"N":{"name":null,"level":"standard","rating":null},"E":{"name":null,"level":"standard",'
        '"rating":null},"W":{"name":null,"level":"standard","rating":null}},"winner":"NS","left":false,'
        '"disconnected":false,"score":{"NS":310,"EW":120},"hands":null},'
        '{"id":"g2","kind":"solo","at":"2026-11-03T10:00:00Z","seat":"S","players":{"N":{},"E":{},"W":{}},'
        '"winner":null,"score":{"NS":0,"EW":0}}]}'
    )  # fmt: skip
    checked = call("profile_check", {"profile": old})
    assert checked["games"] == 2
    report = call("profile_report", {"profile": old, "today": TODAY, "lang": "zh-Hans"})
    everything = report["stats"]["games"]["all"]
    assert (everything["played"], everything["won"], everything["unfinished"]) == (1, 1, 1)
    assert report["stats"]["in_progress"] == 0 and report["stats"]["streaks"]["current"] == 1


def test_a_bad_day_for_the_report_is_one_line() -> None:
    text = call("profile_new", {"name": "Ann", "today": TODAY})["profile"]
    answer = json.loads(handle("profile_report", json.dumps({"profile": text, "today": "2026-02-30", "table": "x"})))
    assert "today" in answer["error"] and "real date" in answer["error"] and "\n" not in answer["error"]


def test_a_game_in_progress_must_have_no_result() -> None:
    with pytest.raises(ProfileError, match="no result yet"):
        statistics([], check_profile(profile(game(1, winner="NS")))["games"][0])
