"""The score sheet: each hand's points broken down part by part, adding up exactly to the engine's score."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from spades import BLIND_NIL, NIL, Game, Phase, Rules, Seat, Team, score_team
from spades.bots import make_bot
from spades.formats.protocol import result_from_json, result_to_json
from spades.formats.scoresheet import (
    OUTCOMES,
    PART_CODES,
    HandNotFinished,
    finished_hand,
    game_sheets,
    hand_sheet,
    sheet_to_json,
    team_sheet,
)
from spades.rules import PRESETS


def parts(sheet):
    return [(p.code, p.points, dict(p.params)) for p in sheet.parts]


# --------------------------------------------------------------------- the seeds' worked examples (计分例)


def test_seed_example_bid_4_and_3_take_2_and_5_made_for_70() -> None:
    sheet = team_sheet(Rules(), Team.NS, (4, 3), (2, 5))
    assert parts(sheet) == [
        ("contract", 70, {"contract": 7, "taken": 7, "made": True, "over": 0, "per_trick": 10}),
    ]
    assert (sheet.points, sheet.new_bags) == (70, 0)
    assert [line.outcome for line in sheet.seats] == ["made", "made"]


def test_seed_example_bid_4_and_3_take_4_and_1_set_for_minus_70() -> None:
    sheet = team_sheet(Rules(), Team.NS, (4, 3), (4, 1))
    assert parts(sheet) == [("contract", -70, {"contract": 7, "taken": 5, "made": False, "over": 0, "per_trick": 10})]
    assert (sheet.points, sheet.new_bags) == (-70, 0)
    assert [line.outcome for line in sheet.seats] == ["set", "set"]


def test_seed_example_nil_and_5_take_0_and_6_is_151_and_1_bag() -> None:
    """Nil (North) +100 · contract 5, 1 over → 51 = +151, 1 bag."""
    sheet = team_sheet(Rules(), Team.NS, (NIL, 5), (0, 6))
    assert parts(sheet) == [
        ("nil", 100, {"seat": "N", "made": True, "tricks": 0, "bags": 0}),
        ("contract", 51, {"contract": 5, "taken": 6, "made": True, "over": 1, "per_trick": 10}),
    ]
    assert (sheet.points, sheet.new_bags, sheet.bags) == (151, 1, 1)
    assert [line.outcome for line in sheet.seats] == ["nil_made", "made"]
    assert [line.counts for line in sheet.seats] == [False, True]


def test_seed_example_nil_and_5_take_2_and_4_is_minus_150_and_the_nil_tricks_are_bags() -> None:
    """The nil bidder's 2 tricks do not help the partner's 5: −100 and −50, and 2 bags."""
    sheet = team_sheet(Rules(), Team.NS, (NIL, 5), (2, 4))
    assert parts(sheet) == [
        ("nil", -100, {"seat": "N", "made": False, "tricks": 2, "bags": 2}),
        ("contract", -50, {"contract": 5, "taken": 4, "made": False, "over": 0, "per_trick": 10}),
    ]
    assert (sheet.points, sheet.new_bags) == (-150, 2)
    assert [line.outcome for line in sheet.seats] == ["nil_failed", "set"]


# --------------------------------------------------------------------- every variant


def test_blind_nil_is_plus_or_minus_its_value() -> None:
    rules = PRESETS["windows"]
    made = team_sheet(rules, Team.EW, (3, BLIND_NIL), (4, 0))
    assert parts(made)[0] == ("blind_nil", 200, {"seat": "W", "made": True, "tricks": 0, "bags": 0})
    assert made.points == 231 and made.seats[1].outcome == "blind_nil_made"
    failed = team_sheet(replace(rules, blind_nil_value=150), Team.EW, (3, BLIND_NIL), (3, 1))
    assert parts(failed)[0][:2] == ("blind_nil", -150) and failed.points == 30 - 150
    assert failed.new_bags == 1 and failed.seats[1].outcome == "blind_nil_failed"


def test_nil_value_option() -> None:
    sheet = team_sheet(Rules(nil_value=50), Team.NS, (NIL, 4), (0, 4))
    assert parts(sheet)[0][:2] == ("nil", 50) and sheet.points == 90


def test_bags_reaching_the_limit_cost_the_penalty_and_are_removed() -> None:
    sheet = team_sheet(Rules(), Team.NS, (4, 3), (5, 4), bags_before=8, total_before=200)
    assert parts(sheet) == [
        ("contract", 72, {"contract": 7, "taken": 9, "made": True, "over": 2, "per_trick": 10}),
        ("bag_penalty", -100, {"bags": 10, "limit": 10, "times": 1, "penalty": 100}),
    ]
    assert (sheet.points, sheet.bags_before, sheet.new_bags, sheet.bags) == (-28, 8, 2, 0)
    assert (sheet.total_before, sheet.total) == (200, 172)


def test_a_nil_bidders_tricks_can_bring_the_penalty() -> None:
    sheet = team_sheet(Rules(), Team.NS, (NIL, 4), (3, 4), bags_before=9)
    assert [p[:2] for p in parts(sheet)] == [("nil", -100), ("contract", 40), ("bag_penalty", -100)]
    assert (sheet.new_bags, sheet.bags) == (3, 2)


def test_several_penalties_in_one_hand_with_a_small_limit() -> None:
    rules = Rules(bags_limit=3, bags_penalty=30)
    sheet = team_sheet(rules, Team.NS, (2, 1), (5, 4), bags_before=2)
    assert parts(sheet)[-1] == ("bag_penalty", -60, {"bags": 8, "limit": 3, "times": 2, "penalty": 30})
    assert sheet.bags == 2 and sheet.points == 36 - 60


def test_no_bag_penalty_when_bags_are_off() -> None:
    sheet = team_sheet(Rules(bags_limit=None), Team.NS, (1, 1), (7, 6), bags_before=40)
    assert [p[0] for p in parts(sheet)] == ["contract"] and sheet.bags == 51


def test_nil_tricks_count_for_the_partner() -> None:
    """Pagat: the nil bidder's trick helps the partner make 5 (and is not a bag of its own)."""
    sheet = team_sheet(PRESETS["pagat"], Team.NS, (NIL, 5), (1, 4))
    assert parts(sheet) == [
        ("nil", -100, {"seat": "N", "made": False, "tricks": 1, "bags": 0}),
        ("contract", 50, {"contract": 5, "taken": 5, "made": True, "over": 0, "per_trick": 10}),
    ]
    assert sheet.points == -50 and sheet.new_bags == 0 and [s.counts for s in sheet.seats] == [True, True]


def test_both_partners_nil_with_nil_tricks_count_score_overtricks_on_a_contract_of_zero() -> None:
    sheet = team_sheet(PRESETS["pagat"], Team.NS, (NIL, NIL), (0, 2))
    assert parts(sheet) == [
        ("nil", 100, {"seat": "N", "made": True, "tricks": 0, "bags": 0}),
        ("nil", -100, {"seat": "S", "made": False, "tricks": 2, "bags": 0}),
        ("contract", 2, {"contract": 0, "taken": 2, "made": True, "over": 2, "per_trick": 10}),
    ]
    assert (sheet.points, sheet.new_bags) == (2, 2)
    nothing = team_sheet(PRESETS["pagat"], Team.NS, (NIL, NIL), (0, 0))
    assert [p[0] for p in parts(nothing)] == ["nil", "nil"] and nothing.points == 200


def test_both_partners_nil_without_the_option_have_no_contract() -> None:
    sheet = team_sheet(Rules(), Team.EW, (NIL, BLIND_NIL), (2, 0))
    assert [p[:2] for p in parts(sheet)] == [("nil", -100), ("blind_nil", 200)]
    assert (sheet.points, sheet.new_bags) == (100, 2)


def test_ten_for_200_doubles_a_contract_of_ten_or_more_but_not_the_set() -> None:
    rules = Rules(ten_for_200=True)
    made = team_sheet(rules, Team.NS, (6, 4), (7, 4))
    assert parts(made) == [("contract", 201, {"contract": 10, "taken": 11, "made": True, "over": 1, "per_trick": 20})]
    nine = team_sheet(rules, Team.NS, (5, 4), (5, 4))
    assert parts(nine)[0][1] == 90 and parts(nine)[0][2]["per_trick"] == 10
    set_ = team_sheet(rules, Team.NS, (6, 5), (6, 4))
    assert parts(set_)[0][:2] == ("contract", -110)


# --------------------------------------------------------------------- sums equal the engine's points, always

rules_strategy = st.builds(
    Rules,
    nil_value=st.integers(0, 300),
    blind_nil_value=st.integers(0, 400),
    nil_tricks_count=st.booleans(),
    bags_limit=st.one_of(st.none(), st.integers(1, 12)),
    bags_penalty=st.integers(-50, 300),
    ten_for_200=st.booleans(),
)
bid_strategy = st.integers(BLIND_NIL, 13)


@settings(max_examples=400, deadline=None)
@given(rules_strategy, bid_strategy, bid_strategy, st.integers(0, 13), st.integers(0, 13), st.integers(0, 60))
def test_parts_add_up_to_score_team(rules: Rules, a: int, b: int, ta: int, tb: int, before: int) -> None:
    if ta + tb > 13:
        ta, tb = ta % 7, tb % 7
    score = score_team(rules, (a, b), (ta, tb), before)
    sheet = team_sheet(rules, Team.NS, (a, b), (ta, tb), before, 1000)
    assert sheet.points == sum(p.points for p in sheet.parts) == score.points
    assert (sheet.new_bags, sheet.bags) == (score.new_bags, score.bags)
    assert sheet.total == 1000 + score.points
    assert all(p.code in PART_CODES for p in sheet.parts)
    assert all(line.outcome in OUTCOMES for line in sheet.seats)


VARIANTS = [
    {},
    {"nil_tricks_count": True},
    {"ten_for_200": True},
    {"jokers": True},
    {"bags_limit": 3, "bags_penalty": 50},
    {"bags_limit": None},
    {"blind_nil": True, "blind_nil_value": 250},
    {"first_lead": "two_clubs", "spades_anytime": True},
    {"min_team_bid": 4},
    {"bidding": "suicide"},
    {"bidding": "whiz"},
    {"bidding": "mirror"},
    {"nil": False},
]


def random_game(rules: Rules, seed: int) -> Game:
    """A whole game of random legal moves (bids uniform: many nils, sets and bags)."""
    rng = random.Random(seed)
    game = Game(rules, seed=seed)
    while game.phase is not Phase.GAME_OVER:
        if game.phase is Phase.HAND_OVER:
            game.next_hand()
            continue
        game.apply(rng.choice(game.legal_moves()))
        if len(game.results) >= 40:
            break
    return game


@pytest.mark.parametrize("preset", sorted(PRESETS))
@pytest.mark.parametrize("variant", VARIANTS, ids=lambda v: ",".join(v) or "plain")
def test_every_hand_of_random_games_adds_up(preset: str, variant: dict) -> None:
    rules = Rules.from_dict({"preset": preset, **variant})
    seen = set()
    for seed in range(2):
        game = random_game(rules, seed * 7919 + len(variant))
        sheets = game_sheets(rules, game.results)
        assert len(sheets) == len(game.results) >= 1
        for sheet, result in zip(sheets, game.results, strict=True):
            assert (sheet.number, sheet.dealer) == (result.number, result.dealer)
            for team in Team:
                mine, theirs = sheet.teams[team], result.teams[team]
                assert sum(p.points for p in mine.parts) == mine.points == theirs.points, (sheet.number, team)
                assert (mine.new_bags, mine.bags) == (theirs.new_bags, theirs.bags)
                assert mine.total == result.totals[team]
                for line in mine.seats:
                    assert (line.bid, line.tricks) == (result.bids[line.seat], result.tricks[line.seat])
                seen.update(p.code for p in mine.parts)
            # from the RESULT JSON, as the page and the bot protocol carry it
            again = hand_sheet(rules, result_from_json(result_to_json(result)), game.results[result.number - 2]
                               if result.number > 1 else None)  # fmt: skip
            assert again == sheet
    assert "contract" in seen


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_every_hand_of_games_between_computer_players_adds_up(preset: str) -> None:
    """Computer players make nils and blind nils too (random play almost never does)."""
    codes = set()
    for number, variant in enumerate(VARIANTS):
        rules = Rules.from_dict({"preset": preset, **variant})
        game = Game(rules, seed=number)
        bots = [make_bot("standard", number * 4 + seat) for seat in range(4)]
        while game.phase is not Phase.GAME_OVER and len(game.results) < 30:
            if game.phase is Phase.HAND_OVER:
                game.next_hand()
                continue
            game.apply(bots[game.turn].decide(game.view(game.turn)).move)
        for sheet, result in zip(game_sheets(rules, game.results), game.results, strict=True):
            for team in Team:
                mine, theirs = sheet.teams[team], result.teams[team]
                assert sum(p.points for p in mine.parts) == mine.points == theirs.points
                assert (mine.new_bags, mine.bags, mine.total) == (theirs.new_bags, theirs.bags, result.totals[team])
                codes.update((p.code, p.params.get("made")) for p in mine.parts)
    assert {("nil", True), ("contract", True), ("contract", False)} <= codes


def test_sheet_json() -> None:
    game = Game(Rules(), seed=3, dealer=Seat.W)
    for bid in ("nil", 4, 3, 2):
        game.bid(bid)
    while game.phase is Phase.PLAYING:
        game.apply(game.legal_moves()[0])
    data = sheet_to_json(game_sheets(game.rules, game.results)[0])
    assert data["number"] == 1 and data["dealer"] == "W"
    assert list(data["seats"]) == ["N", "E", "S", "W"] and data["seats"]["N"]["bid"] == "nil"
    assert data["seats"]["E"] == {
        "bid": 4,
        "tricks": game.results[0].tricks[1],
        "outcome": "made" if game.results[0].teams[1].made else "set",
        "counts": True,
    }
    for team in ("NS", "EW"):
        side = data["teams"][team]
        assert (
            sum(p["points"] for p in side["parts"]) == side["points"] == result_to_json(game.results[0])["points"][team]
        )
    assert data["teams"]["NS"]["parts"][0]["code"] == "nil" and data["teams"]["NS"]["parts"][0]["params"]["seat"] == "N"


# --------------------------------------------------------------------- finished hands, trick by trick


def test_a_finished_hand_replays_its_tricks_and_deal() -> None:
    rules = Rules(first_lead="two_clubs", jokers=True)
    game = Game(rules, seed=11)
    rng = random.Random(4)
    played = []
    for _ in range(2):
        deal = {seat.name: sorted(game.hand(seat)) for seat in Seat}
        while game.phase in (Phase.BIDDING, Phase.PLAYING):
            game.apply(rng.choice(game.legal_moves()))
        played.append((deal, game.tricks))
        if game.phase is Phase.HAND_OVER:
            game.next_hand()
    game.apply(game.legal_moves()[0])  # the third hand has begun
    for number, (deal, tricks) in enumerate(played, 1):
        hand = finished_hand(game, number)
        assert hand["number"] == number and hand["dealer"] == game.history[number - 1].dealer.name
        assert {s: sorted(c) for s, c in hand["deal"].items()} == {
            s: sorted(game_card_names(cards)) for s, cards in deal.items()
        }
        assert hand["deal"]["N"][0][-1] in "SJ"  # spades (and Jokers) first
        assert [(t["leader"], t["winner"]) for t in hand["tricks"]] == [(t.leader.name, t.winner.name) for t in tricks]
        assert [t["cards"] for t in hand["tricks"]] == [game_card_names(t.cards) for t in tricks]
        assert hand["tricks"][0]["cards"][0] == "2C"
        assert hand["result"] == result_to_json(game.results[number - 1])
        assert hand["sheet"]["number"] == number
        assert (
            list(hand["bids"]) == ["N", "E", "S", "W"]
            and hand["bid_order"][0] == Seat((game.history[number - 1].dealer + 1) % 4).name
        )
    with pytest.raises(HandNotFinished, match="hand 3 is not over"):
        finished_hand(game, 3)
    with pytest.raises(HandNotFinished, match="no hand 4"):
        finished_hand(game, 4)
    with pytest.raises(HandNotFinished, match="no hand 0"):
        finished_hand(game, 0)
    with pytest.raises(HandNotFinished, match="must be a hand number"):
        finished_hand(game, "1")
    with pytest.raises(HandNotFinished, match="must be a hand number"):
        finished_hand(game, True)


def game_card_names(cards) -> list[str]:
    from spades.cards import CARD_NAMES

    return [CARD_NAMES[c] for c in cards]
