"""Post-hand review (spades.learn.analysis and the worker's review_* operations): the person's decisions rebuilt from
what they knew and judged by the judge a hint asks (spades.table.judge), never by the hidden hands; the exact
all-cards-known line only as hindsight; mistakes only beyond the threshold and the noise; reproducible; bad jobs
and arguments refused with one coded line.  Hint and review agree: a person who follows every hint is never told
of a mistake (tests/test_judge.py plays the deals)."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from spades import worker
from spades.bots import make_bot
from spades.bots.search import Scorer, distinct_moves
from spades.bots.sim import Position
from spades.cards import CARD_NAMES, Seat, cards_mask, parse_card
from spades.errors import CODES
from spades.formats.record import to_record
from spades.game import Game, Phase
from spades.learn.analysis import (
    DecisionPoint,
    Review,
    _live,
    decision_points,
    group_of,
)
from spades.table.judge import Budget, judge

SEED = 7
"""Standard players, seed 7: South (bid 4) is to play to trick 10 holding 8♦, 10♠, J♠, K♠; only 10♠ (J♠ is the
same card: no live card between them) keeps the most points (8♦ and K♠ each cost 131 with every hand known)."""
TRICK = 10
SMALL = {"runs": 2, "samples": 6, "work": 1500, "bid_samples": 8}


def play(game: Game, seed: int, until: Any = None) -> Game:
    """Play ``game``'s hand with standard players seeded from ``seed`` (``until(game)`` stops it early)."""
    bots = [make_bot("standard", seed * 4 + s) for s in range(4)]
    while game.phase in (Phase.BIDDING, Phase.PLAYING):
        if until is not None and until(game):
            break
        game.apply(bots[game.turn].decide(game.view(game.turn)).move)
    return game


def at_trick_ten(game: Game) -> bool:
    return game.phase is Phase.PLAYING and game.turn == Seat.S and len(game.tricks) == TRICK - 1


def hand_with(card: str) -> Game:
    """Seed 7's hand, South playing ``card`` to trick 10, the rest by the standard players."""
    game = play(Game(seed=SEED), SEED, at_trick_ten)
    game.play(card)
    return play(game, SEED)


def oracle(position: Position, scorer: Scorer, team: int) -> float:
    """Plain minimax over every legal card (no pruning, no table, no grouping): the value with all hands known."""
    if position.over:
        return scorer.value(position.won)
    legal = position.legal()
    values = []
    for card in range(54):
        if legal >> card & 1:
            child = position.copy()
            child.play(card)
            values.append(oracle(child, scorer, team))
    return max(values) if position.turn % 2 == team else min(values)


def call(op: str, args: dict[str, Any] | None = None) -> dict[str, Any]:
    return json.loads(worker.handle(op, json.dumps(args or {})))


@pytest.fixture(autouse=True)
def fresh_worker():
    worker._tables.clear()
    worker._reviews.clear()
    yield
    worker._tables.clear()
    worker._reviews.clear()


def test_the_views_are_what_the_person_knew_then() -> None:
    game = hand_with("8D")
    points = decision_points(game, 1, Seat.S)
    assert points[0].kind == "bid" and points[0].view.bids[Seat.S] is None
    for point in points:
        assert point.view.seat == Seat.S and point.view.turn == Seat.S
        assert cards_mask(point.view.hand) == point.hands[Seat.S]  # its own cards only
        assert not hasattr(point.view, "hands")
    cards = [p for p in points if p.kind == "card"]
    assert [p.trick for p in cards] == sorted(p.trick for p in cards)
    assert all(len(distinct_moves(cards_mask(p.view.legal), _live(p.view))) > 1 for p in cards)
    ten = next(p for p in cards if p.trick == TRICK)
    assert CARD_NAMES[ten.move] == "8D"


def test_hidden_hands_never_judge_they_are_a_labelled_line() -> None:
    """8♦ at trick 10 costs 131 points with every hand known; the verdict is the judge's (from South's view), and
    the exact figure is only the all-cards-known line, checked against plain minimax."""
    game = hand_with("8D")
    review = Review(game, 1, "S", **SMALL)
    while not review.finished:
        review.step()
    verdict = next(v for v in review.verdicts if v.trick == TRICK)
    point = next(p for p in review.points if p.trick == TRICK)
    budget = Budget(SMALL["samples"], SMALL["work"], SMALL["bid_samples"])
    judged = judge(point.view, point.seed, budget)
    live = _live(point.view)
    legal = cards_mask(point.view.legal)
    assert verdict.method == "sampled" and group_of(verdict.best, legal, live) == group_of(judged.move, legal, live)
    if verdict.best == group_of(point.move, legal, live):
        assert not verdict.mistake and verdict.cost == 0
    assert verdict.known_best is not None and CARD_NAMES[verdict.known_best] == "TS"
    view = point.view
    bids = tuple(b or 0 for b in view.bids)
    scorer = Scorer(view.rules, bids, view.bags, 0)
    values = {}
    for card in view.legal:
        position = Position.from_view(view, point.hands)
        position.play(card)
        values[CARD_NAMES[card]] = oracle(position, scorer, 0)
    assert max(values, key=values.get) == "TS"
    assert verdict.known_cost == pytest.approx(values["TS"] - values["8D"])
    assert round(verdict.known_cost) == 131
    text = verdict.to_json("zh-Hans")
    assert (text["move"], text["known"], text["method"]) == ("8D", {"best": "TS", "cost": 131}, "sampled")
    # the same hand with 10♠: the hindsight line has nothing to add
    right = Review(hand_with("TS"), 1, "S", **SMALL)
    while not right.finished:
        right.step()
    ten = next(v for v in right.verdicts if v.trick == TRICK)
    assert ten.known_best is not None and ten.known_cost == 0


def test_a_verdict_is_the_judges_move_costed_with_its_own_values() -> None:
    game = play(Game(seed=11), 11)
    review = Review(game, 1, "N", runs=1, samples=8, work=2000, bid_samples=8)
    while not review.finished:
        review.step()
    budget = Budget(8, 2000, 8)
    for point, verdict in zip(review.points, review.verdicts, strict=True):
        judged = judge(point.view, point.seed, budget)
        if point.kind == "bid":
            assert verdict.best == judged.move
            continue
        legal, live = cards_mask(point.view.legal), _live(point.view)
        best, chosen = group_of(judged.move, legal, live), group_of(point.move, legal, live)
        assert group_of(verdict.best, legal, live) == best
        if best == chosen:
            assert verdict.cost == 0 and not verdict.mistake
        elif chosen in judged.values:
            assert verdict.cost == pytest.approx(max(0.0, judged.values[best] - judged.values[chosen]))
            assert verdict.mistake == (verdict.cost >= 5)  # one run: no noise check to pass


def test_equivalent_cards_are_one_choice() -> None:
    nine, ten, king = parse_card("9H"), parse_card("TH"), parse_card("KH")
    hand = (1 << nine) | (1 << ten) | (1 << king)
    assert group_of(ten, hand, hand) == group_of(nine, hand, hand) == nine
    assert group_of(king, hand, hand) == nine  # J♥ and Q♥ are gone: 9, 10 and K are all the same card now
    assert group_of(king, hand, hand | 1 << parse_card("QH")) == king
    assert group_of(ten, hand, hand | 1 << parse_card("QH")) == nine


def test_the_review_is_reproducible_and_the_noise_is_never_a_mistake() -> None:
    game = play(Game(seed=11), 11)
    first, second = Review(game, 1, "N", seed=3, **SMALL), Review(game, 1, "N", seed=3, **SMALL)
    for review in (first, second):
        steps = 0
        totals = [review.total_steps]
        while not review.finished:
            review.step()
            steps += 1
            totals.append(review.total_steps)
        assert steps == review.total_steps == review.steps_done
        assert totals == sorted(totals) and totals[0] == len(review.points)  # it grows only by noise runs
    assert [v.to_json() for v in first.verdicts] == [v.to_json() for v in second.verdicts]
    for verdict in first.verdicts:
        assert verdict.cost >= 0 and verdict.method in ("sampled", "bid", "not_judged")
        if verdict.method == "sampled" and verdict.mistake:
            assert verdict.cost >= 5 and verdict.cost > 2 * verdict.noise
        if verdict.move == verdict.best:
            assert not verdict.mistake


def test_a_later_hand_replays_with_the_scores_before_it() -> None:
    game = play(Game(seed=4), 4)
    game.next_hand()
    play(game, 5)
    points = decision_points(game, 2, Seat.E)
    assert points[0].view.hand_number == 2
    assert points[0].view.totals == game.results[0].totals
    assert isinstance(points[0], DecisionPoint)


def test_the_worker_review_in_steps() -> None:
    game = hand_with("8D")
    out = call("import", {"record": to_record(game), "seats": {"S": {"occupant": "person"}}})
    assert out["state"]["phase"] == "hand-over"
    start = call("review_start", {"hand": 1})
    assert start["seat"] == "S" and start["decisions"] >= 2 and start["hand"]["number"] == 1
    job = start["job"]
    verdicts = []
    steps = [start["steps"]]
    while True:
        step = call("review_next", {"job": job, "lang": "zh-Hant"})
        steps.append(step["steps"])
        if step["verdict"] is not None:
            verdicts.append(step["verdict"])
        if step["summary"]["finished"]:
            break
    assert step["done"] == step["steps"] and steps == sorted(steps) and steps[0] == start["decisions"]
    assert len(verdicts) == start["decisions"]
    ten = next(v for v in verdicts if v["trick"] == TRICK)
    assert ten["known"] == {"best": "TS", "cost": 131} and ten["method"] == "sampled"
    assert call("review_cancel", {"job": job}) == {"cancelled": True}
    assert call("review_cancel", {"job": job}) == {"cancelled": False}
    refused = call("review_next", {"job": job})
    assert refused["code"] == "rev_no_job" and refused["params"] == {"job": repr(job)} and "\n" not in refused["error"]


@pytest.mark.parametrize(
    ("op", "args", "code"),
    [
        ("review_next", {"job": "nope"}, "rev_no_job"),
        ("review_next", {}, "rev_no_job"),
        ("review_next", {"job": 3}, "at_field"),
        ("review_start", {"hand": 1, "table": "missing"}, "no_table"),
        ("review_start", {"hand": 2}, "no_such_hand"),
        ("review_start", {"hand": "1"}, "hand_number"),
        ("review_start", {"hand": 1, "seat": "Q"}, None),
        ("review_start", {"hand": 1, "seed": -1}, "seed_range"),
        ("review_cancel", {"job": []}, "at_field"),
    ],
)
def test_bad_jobs_and_arguments_are_one_coded_line(op: str, args: dict[str, Any], code: str | None) -> None:
    call("import", {"record": to_record(hand_with("TS"))})
    out = call(op, args)
    assert set(out) == {"error", "kind", "code", "params"}, out
    assert out["code"] in CODES and (code is None or out["code"] == code)
    assert "\n" not in out["error"] and len(out["error"]) <= worker.ERROR_LIMIT


def test_a_hand_in_progress_is_not_reviewed() -> None:
    game = play(Game(seed=SEED), SEED, at_trick_ten)
    call("import", {"record": to_record(game)})
    assert call("review_start", {"hand": 1})["code"] == "hand_not_over"


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    st.dictionaries(
        st.sampled_from(["job", "hand", "seat", "seed", "lang", "table"]),
        st.one_of(st.none(), st.integers(-5, 20), st.text(max_size=8), st.booleans(), st.lists(st.integers())),
    ),
    st.sampled_from(["review_start", "review_next", "review_cancel"]),
)
def test_generated_arguments_never_escape(args: dict[str, Any], op: str) -> None:
    if not worker._tables:
        call("import", {"record": to_record(hand_with("TS"))})
    args = {**args, "table": args["table"]} if "table" in args else args
    if op == "review_start" and args.get("hand") == 1 and isinstance(args.get("seat"), str | type(None)):
        args["hand"] = 1  # a real start is fine too; it must just answer JSON
    out = json.loads(worker.handle(op, json.dumps(args)))
    assert isinstance(out, dict)
    if "error" in out:
        assert out["code"] in CODES and out["kind"] != "InternalError", out
