"""The expert's models of the other seats (issue 20): estimated from what each seat did, not assumed standard."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from spades import Game, Phase, Rules, Seat
from spades.bots import make_bot
from spades.bots.expert import (
    DOUBTS,
    SeatModels,
    estimate_bid_doubt,
    estimate_doubt,
    miss_factor,
    play_reads,
)
from spades.bots.knowledge import Knowledge
from spades.bots.search import Context, distinct_moves
from spades.cards import cards_mask
from spades.rng import Rng


@given(st.sampled_from(DOUBTS), st.sampled_from(DOUBTS), st.integers(2, 13))
def test_a_miss_costs_less_the_more_a_seat_is_doubted(a: float, b: float, legal: int) -> None:
    low, high = min(a, b), max(a, b)
    assert 0 < miss_factor(low, legal) <= miss_factor(high, legal) < 1
    assert miss_factor(1.0, legal) == pytest.approx(1.0)  # a seat that plays at random tells nothing


def test_a_seat_the_policy_explains_is_read_sharply_and_an_odd_one_loosely() -> None:
    explained = [([3] * 8, [])] * 5 + [([3] * 6, [3, 3])] * 5
    assert estimate_doubt(explained, 0.35) == DOUBTS[0]
    odd = [([3] * 3, [3] * 5)] * 6 + [([3] * 2, [3] * 6)] * 4  # even its best deals leave most cards unexplained
    assert estimate_doubt(odd, 0.35) >= 0.7
    some = [([3] * 6, [3] * 2)] * 10  # a card in four not the policy's
    assert DOUBTS[0] < estimate_doubt(some, 0.35) < estimate_doubt(odd, 0.35)


def test_with_no_choice_read_the_doubt_is_the_default() -> None:
    assert estimate_doubt([([], [])] * 8, 0.35) == 0.35
    assert estimate_doubt([], 0.2) == 0.2


def test_a_bid_the_count_explains_is_read_sharply_and_one_it_does_not_loosely() -> None:
    assert estimate_bid_doubt([1.0, 0.8, 0.3, 0.5]) == DOUBTS[0]
    assert estimate_bid_doubt([0.02, 0.05, 0.02, 0.1]) == DOUBTS[-1]


@pytest.mark.parametrize("seed", range(3))
def test_the_true_deal_leaves_no_card_of_standard_players_unexplained(seed: int) -> None:
    g = Game(Rules(), seed=seed)
    bots = [make_bot("standard", s) for s in range(4)]
    while g.phase in (Phase.BIDDING, Phase.PLAYING):
        view = g.view(g.turn)
        if g.phase is Phase.PLAYING:
            true = [cards_mask(g.hand(s)) for s in Seat]
            k = Knowledge(view)
            reads = play_reads(k, true, Context(view.rules, g.bids), tuple(s for s in range(4) if s != k.seat))
            assert all(not miss for _, miss in reads)
        g.apply(bots[g.turn].decide(view).move)


def models(member: str, deal: int, trick: int) -> SeatModels:
    """North's models of East and West (``member``) when North is to play to trick ``trick`` + 1."""
    bots = [make_bot("standard", 1), make_bot(member, 12 + deal), make_bot("standard", 5), make_bot(member, 14 + deal)]
    g = Game(Rules(), seed=900 + deal)
    while True:
        view = g.view(g.turn)
        if g.turn == Seat.N and g.phase is Phase.PLAYING and len(view.tricks) == trick:
            ctx = Context(view.rules, tuple(b or 0 for b in view.bids))
            return SeatModels.estimate(Knowledge(view), ctx, Rng(1), 16, False, 0.35)[0]
        g.apply(bots[g.turn].decide(view).move)


@pytest.mark.parametrize("deal", range(3))
def test_standard_opponents_are_read_sharply_and_a_beginner_loosely(deal: int) -> None:
    """After eight tricks the standard player's cards are the policy's (the sharpest doubt) while at least one
    beginner has shown it plays otherwise (these deals; a beginner picks a random card one time in eight)."""
    sharp = models("standard", deal, 8)
    assert sharp.plays[1] == sharp.plays[3] == DOUBTS[0]
    assert sharp.bids[1] == sharp.bids[3] == DOUBTS[0]
    loose = models("beginner", deal, 8)
    assert max(loose.plays[1], loose.plays[3]) >= 0.35
    assert loose.plays[0] == loose.plays[2] == 0.0  # our seat and (unread) partner


@pytest.mark.parametrize("member", ["beginner", "cautious"])
def test_the_search_keeps_deals_against_players_unlike_the_standard_one(member: str) -> None:
    """The reproduction of docs/bots.md (the expert seeded 4 at North, the member at East and West): every
    searched decision has sampled deals behind it, a fair share of them effective, and replays identically."""
    expert = make_bot("expert", 4, time_budget=None, samples=20, work=6000, bid_samples=8, extend=1)
    again = make_bot("expert", 4, time_budget=None, samples=20, work=6000, bid_samples=8, extend=1)
    bots = [expert, make_bot(member, 12), make_bot("standard", 5), make_bot(member, 14)]
    game = Game(Rules(), seed=901)
    searched = 0
    while game.phase in (Phase.BIDDING, Phase.PLAYING):
        seat = game.turn
        view = game.view(seat)
        move = bots[seat].decide(view).move
        if seat == Seat.N and game.phase is Phase.PLAYING:
            k = Knowledge(view)
            live = k.unseen | k.hand | sum(1 << c for _, c in k.trick)
            if len(distinct_moves(k.legal, live)) > 1:
                searched += 1
                assert expert.last_samples >= 10
                assert expert.last_ess >= 2
                assert again.decide(view).move == move
        game.apply(move)
    assert searched >= 6


def test_reading_by_the_seats_own_models_keeps_more_deals_than_assuming_the_standard_player() -> None:
    """Against beginners (the reproduction of docs/bots.md), ``adapt=False`` (every unexplained card costs the
    fixed factor ``read``, every bid read by the standard count) keeps far fewer deals at the same decisions."""
    options = {"time_budget": None, "samples": 20, "work": 6000, "bid_samples": 8, "extend": 1}
    bots = [make_bot("expert", 4, **options), make_bot("beginner", 12), make_bot("standard", 5),
            make_bot("beginner", 14)]  # fmt: skip
    fixed = make_bot("expert", 4, adapt=False, **options)
    game = Game(Rules(), seed=901)
    adaptive = assumed = 0
    while game.phase in (Phase.BIDDING, Phase.PLAYING):
        view = game.view(game.turn)
        move = bots[game.turn].decide(view).move
        if game.turn == Seat.N and game.phase is Phase.PLAYING:
            fixed.decide(view)
            adaptive += bots[0].last_samples
            assumed += fixed.last_samples
        game.apply(move)
    assert adaptive > 2 * assumed
