"""One judge for hints and the review (spades.table.judge): a person who follows every hint gets a review with no
mistakes; the two reproductions of issue 20 (a hint called the hand's only mistake by the hidden hands; a hint bid
that the review said another number beat) stay fixed.

The hands are played as the page plays them: a table with the person at South and the standard computer players
elsewhere, the person asking ``Table.hint(S, "expert")`` (worker op ``hint``) at every turn and following it.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from spades import worker
from spades.cards import CARD_NAMES, Seat, cards_mask, parse_card
from spades.game import Phase
from spades.learn.analysis import Review, _live, group_of
from spades.scoring import bid_text
from spades.table.judge import Budget, judge, position_seed
from spades.table.table import Occupant, Policy, Table

SMALL = Budget(samples=8, work=2000, bid_samples=8)
"""The agreement test's budget: the expert still samples, plays out and solves at every decision (the hint and
the review ask the same function whatever the budget); an eighth of the hint's keeps 30 deals affordable."""
DEALS = 30


def table(seed: int) -> Table:
    seats = {s: Occupant("computer", "standard") for s in Seat}
    seats[Seat.S] = Occupant("person", "standard")
    out = Table.new(None, seed=seed, seats=seats, policy=Policy("casual", hints=True))
    out.act(Seat.S, {"type": "look"})
    return out


def follow_the_hints(seed: int, budget: Budget, bid: Any = None) -> tuple[Table, list[Any]]:
    """Play hand 1 of ``seed`` with South following every expert hint (``bid``: South bids that instead)."""
    t = table(seed)
    hints: list[Any] = []
    while t.game.phase in (Phase.BIDDING, Phase.PLAYING):
        if t.game.turn != Seat.S:
            t.step()
            continue
        move, _ = t.hint(Seat.S, "expert", budget)
        hints.append(move)
        if t.game.phase is Phase.BIDDING:
            t.act(Seat.S, {"type": "bid", "bid": move if bid is None else bid})
        else:
            t.act(Seat.S, {"type": "play", "card": move})
    return t, hints


def review(t: Table, budget: Budget) -> Review:
    out = Review(t.game, 1, "S", samples=budget.samples, work=budget.work, bid_samples=budget.bid_samples)
    while not out.finished:
        out.step()
    return out


@pytest.mark.parametrize("seed", range(1, DEALS + 1))
def test_following_every_hint_is_never_a_mistake(seed: int) -> None:
    t, _ = follow_the_hints(seed, SMALL)
    judged = review(t, SMALL)
    assert judged.points, "South made no decision"
    assert judged.summary()["mistakes"] == 0, [v.to_json() for v in judged.verdicts if v.mistake]
    for verdict in judged.verdicts:
        assert verdict.cost == 0 and (verdict.best == verdict.move or verdict.method == "not_judged")


@settings(max_examples=12, deadline=None)
@given(st.integers(0, 2**31 - 1), st.sets(st.integers(1, 13), max_size=4), st.randoms(use_true_random=False))
def test_at_every_decision_the_review_names_the_hint_given_there(seed: int, strays: set[int], rnd: Any) -> None:
    """South follows the hints except at the ``strays`` tricks (a random legal card there): wherever the hand
    goes, the review's better move at each decision is the hint given at that position, and a followed hint is
    never a mistake."""
    t = table(seed)
    hinted: dict[int, Any] = {}
    while t.game.phase in (Phase.BIDDING, Phase.PLAYING):
        if t.game.turn != Seat.S:
            t.step()
            continue
        move, _ = t.hint(Seat.S, "expert", SMALL)
        if t.game.phase is Phase.BIDDING:
            hinted[0] = move
            t.act(Seat.S, {"type": "bid", "bid": move})
            continue
        view = t.game.view(Seat.S)
        trick = len(view.tricks) + 1
        hinted[trick] = (parse_card(move), cards_mask(view.legal), _live(view))
        card = CARD_NAMES[rnd.choice(view.legal)] if trick in strays else move
        t.act(Seat.S, {"type": "play", "card": card})
    for verdict in review(t, SMALL).verdicts:
        if verdict.kind == "bid":
            assert bid_text(verdict.best) == hinted[0] or verdict.method == "not_judged"
            continue
        hint, legal, live = hinted[verdict.trick]
        assert group_of(verdict.best, legal, live) == group_of(hint, legal, live), verdict
        if group_of(verdict.move, legal, live) == group_of(hint, legal, live):
            assert not verdict.mistake and verdict.cost == 0


def test_the_review_asks_the_hints_very_question() -> None:
    """The hint is the judgement at the position's seed, and the same position, seed and budget give the same
    judgement (values and all)."""
    t = table(3)
    while t.game.turn != Seat.S:
        t.step()
    view = t.game.view(Seat.S)
    seed = position_seed(t.game, Seat.S)
    first = judge(view, seed, SMALL)
    assert first == judge(view, seed, SMALL)
    assert t.hint(Seat.S, "expert", SMALL)[0] == bid_text(first.move)
    assert first.values and first.samples == SMALL.bid_samples


def test_a_budget_is_whole_numbers_of_at_least_one() -> None:
    for bad in (0, -3, True, 2.5):
        with pytest.raises(ValueError, match="budget samples must be a whole number of at least 1"):
            Budget(samples=bad)  # type: ignore[arg-type]


def test_seed_7_the_hinted_card_is_not_the_hands_mistake() -> None:
    """Issue 20: following every hint at ``?seed=7&fresh=1``, the review called trick 10's hinted 8♦ the only
    mistake, about −131 points, "exact: every hand known".  Now the judge (the hint's question) decides, and the
    131 points are a labelled hindsight line.  (Since the expert searches while covering partner's nil instead
    of keeping to the standard card, ``cover_prior``, the hints of this hand differ from South's first card on:
    trick 10's is K♠, and with every hand known 8♦ would have scored 71 more — a labelled line, not a mistake.)"""
    t, hints = follow_the_hints(7, Budget())
    judged = review(t, Budget())
    assert judged.summary()["mistakes"] == 0
    ten = next(v for v in judged.verdicts if v.trick == 10)
    assert hints[10] == "KS" and ten.to_json()["move"] == "KS"
    assert ten.to_json()["known"] == {"best": "8D", "cost": 71} and not ten.mistake and ten.method == "sampled"


def test_seed_951403006_the_review_names_the_hinted_bid_and_what_happened() -> None:
    """Issue 20: the hint said bid 2, the person bid 3 (team 7, took 7, +70); the review said bid 1 was better
    although bid 1 scores less on these cards.  Now the review's better bid is the hint's (bid 1 since the judge
    samples 96 deals for a bid, not 48: made in 94% of them), its cost is the judge's average over the deals the
    person could have faced, and the actual outcome is shown going the other way (bid 1 would have scored 52)."""
    t, hints = follow_the_hints(951403006, Budget(), bid=3)
    assert hints[0] == 1
    bid = review(t, Budget()).verdicts[0].to_json("zh-Hans")
    assert (bid["move"], bid["best"], bid["method"]) == (3, hints[0], "bid")
    assert bid["actual"] == {"move": 70, "best": 52} and bid["other_way"]


def test_the_worker_hint_and_review_agree() -> None:
    """Through the worker's JSON ops, as the page calls them (hint budget, review defaults)."""

    def call(op: str, **args: Any) -> dict[str, Any]:
        return json.loads(worker.handle(op, json.dumps(args)))

    worker._tables.clear()
    seats = {s: {"occupant": "computer", "level": "standard"} for s in "NEW"}
    seats["S"] = {"occupant": "person"}
    state = call("new", seed=7, seats=seats, policy={"kind": "casual", "hints": True}, viewer="S")["state"]
    state = call("act", seat="S", intent={"type": "look"}, viewer="S")["state"]
    while state["phase"] in ("bidding", "playing"):
        if state["turn"] != "S":
            state = call("step", viewer="S")["state"]
            continue
        hint = call("hint", seat="S", level="expert", lang="en")
        intent = {"type": "bid", "bid": hint["bid"]} if "bid" in hint else {"type": "play", "card": hint["card"]}
        state = call("act", seat="S", intent=intent, viewer="S")["state"]
    job = call("review_start", hand=1)["job"]
    while not (step := call("review_next", job=job))["summary"]["finished"]:
        pass
    assert step["summary"]["mistakes"] == 0
    worker._tables.clear()
    worker._reviews.clear()
