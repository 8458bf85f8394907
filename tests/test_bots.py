"""The computer players: legal and reproducible decisions, explanations, the simulator, and known positions."""

from __future__ import annotations

import dataclasses

import pytest

from spades import Game, Phase, Rules, Seat, parse_card
from spades.bots import LEVELS, Decision, ExpertBot, explain, make_bot
from spades.bots.bidding import evaluate
from spades.bots.knowledge import Knowledge
from spades.bots.search import Context, Scorer, Solver, distinct_moves, sample_deal
from spades.bots.sim import Position
from spades.cards import cards_mask
from spades.i18n.catalog import CATALOG, LANGUAGES, Explanation
from spades.rng import Rng

FAST_EXPERT = {"samples": 6, "time_budget": None, "bid_samples": 4}
"""Enough for legality and reproducibility; the known positions use the default samples, without a clock."""


def bot(level: str, seed: int = 0, fast: bool = False, **options: object):
    if level == "expert":
        options = {**(FAST_EXPERT if fast else {"time_budget": None}), **options}
    return make_bot(level, seed, **options)


def hand(spades: str, hearts: str, diamonds: str, clubs: str) -> list[str]:
    """A hand written suit by suit, ranks only: ``hand("AKQ", "T9", "", "2345")``."""
    out = []
    for ranks, suit in ((spades, "S"), (hearts, "H"), (diamonds, "D"), (clubs, "C")):
        out.extend(r + suit for r in ranks)
    return out


def game(deal: dict[str, list[str]], bids: list[object] = (), plays: str = "", rules: Rules | None = None) -> Game:
    g = Game(rules or Rules(), deal=deal, dealer=Seat.W)
    for b in bids:
        g.bid(b)
    for card in plays.split():
        g.play(card)
    return g


def play_out(g: Game, bots: list, check=None) -> None:
    while g.phase in (Phase.BIDDING, Phase.PLAYING):
        seat = g.turn
        view = g.view(seat)
        decision = bots[seat].decide(view)
        assert isinstance(decision, Decision)
        assert decision.move in view.legal
        if check:
            check(view, decision)
        g.apply(decision.move)


def names(decision: Decision) -> str:
    from spades.cards import card_name

    return card_name(decision.move)


# Deal 1: North will bid nil; South holds the top spades.
COVER = {
    "N": hand("32", "9654", "432", "5432"),
    "E": hand("654", "JT2", "765", "9876"),
    "S": hand("AKQJ", "K3", "JT98", "QJT"),
    "W": hand("T987", "AQ87", "AKQ", "AK"),
}
# Deal 3: South has the top clubs and hearts; North the ace of diamonds.
DUCK = {
    "N": hand("432", "942", "A432", "642"),
    "E": hand("765", "T765", "765", "873"),
    "S": hand("JT98", "A83", "T98", "AKQ"),
    "W": hand("AKQ", "KQJ", "KQJ", "JT95"),
}
# Deal 5: East is out of clubs; South is long in top spades.
TRUMPS = {
    "N": hand("432", "432", "5432", "432"),
    "E": hand("8765", "8765", "T9876", ""),
    "S": hand("AKQJ", "AK", "AK", "AKQ65"),
    "W": hand("T9", "QJT9", "QJ", "JT987"),
}
# Deal 6: South is out of hearts; North leads the ace.
PARTNER_ACE = {
    "N": hand("432", "A32", "5432", "432"),
    "E": hand("765", "7654", "876", "765"),
    "S": hand("AKQJ8", "", "AKQ9", "AKQ8"),
    "W": hand("T9", "KQJT98", "JT", "JT9"),
}


# ---------------------------------------------------------------- every level


@pytest.mark.parametrize(
    "rules",
    [
        Rules(),
        Rules.from_dict({"preset": "windows"}),
        Rules.from_dict({"preset": "igame", "first_lead": "two_clubs"}),
        Rules(jokers=True, spades_anytime=True, nil_tricks_count=True),
        Rules(bidding="suicide"),
        Rules(bidding="whiz", blind_nil=True),
        Rules(bidding="mirror"),
        Rules(min_team_bid=6, nil=False),
        Rules(target=150, bags_limit=3, ten_for_200=True),
    ],
    ids=lambda r: "rules",
)
def test_bots_only_play_legal_moves(rules: Rules) -> None:
    for index in range(2):
        g = Game(rules, seed=41 + index, dealer=Seat(index))
        levels = [LEVELS[(index + s) % 3] for s in range(4)]
        bots = [bot(level, seed=s, fast=True) for s, level in enumerate(levels)]
        for _ in range(3):
            play_out(g, bots)
            if g.phase is Phase.GAME_OVER:
                break
            g.next_hand()


def test_whole_games_finish_with_every_level() -> None:
    rules = Rules(target=200, mercy=-100, blind_nil=True)
    for seed in range(2):
        g = Game(rules, seed=seed)
        bots = [bot(LEVELS[(seed + s) % 3], seed=s, fast=True) for s in range(4)]
        for _ in range(60):
            play_out(g, bots)
            if g.phase is Phase.GAME_OVER:
                break
            g.next_hand()
        assert g.phase is Phase.GAME_OVER


@pytest.mark.parametrize("level", LEVELS)
def test_same_seed_same_decisions(level: str) -> None:
    def record(seed: int) -> list[int]:
        g = Game(seed=5)
        moves: list[int] = []
        bots = [bot(level, seed=seed, fast=True) for _ in range(4)]
        play_out(g, bots, check=lambda view, d: moves.append(d.move))
        return moves

    first = record(1)
    assert record(1) == first
    assert len(first) == 56


@pytest.mark.parametrize("level", LEVELS)
def test_decision_depends_only_on_view_and_seed(level: str) -> None:
    g = game(COVER, ["nil", 3, 4, 4], "9H 2H")
    b = bot(level, seed=9)
    view = g.view(Seat.S)
    first = b.decide(view)
    assert b.decide(view) == first
    # East and West swap two hidden clubs: South's view is the same, so is the decision.
    other = dict(COVER, E=hand("654", "JT2", "765", "K987"), W=hand("T987", "AQ87", "AKQ", "A6"))
    g2 = game(other, ["nil", 3, 4, 4], "9H 2H")
    assert g2.view(Seat.S) == view
    assert bot(level, seed=9).decide(g2.view(Seat.S)) == first


def test_bots_refuse_when_not_their_turn() -> None:
    g = Game(seed=1)
    with pytest.raises(ValueError):
        make_bot("standard").decide(g.view(g.turn.next))


def test_make_bot_rejects_unknown_level() -> None:
    with pytest.raises(ValueError, match="unknown bot level"):
        make_bot("grandmaster")


# ---------------------------------------------------------------- explanations


def test_catalog_has_the_same_codes_in_every_language() -> None:
    assert set(LANGUAGES) == set(CATALOG)
    for lang in LANGUAGES:
        assert set(CATALOG[lang]) == set(CATALOG["en"]), lang


def test_every_explanation_renders_in_three_languages() -> None:
    seen: set[str] = set()

    def check(view, decision: Decision) -> None:
        seen.add(decision.explanation.code)
        for lang in LANGUAGES:
            text = explain(decision, lang)
            assert text and "?" not in text and "{" not in text, (lang, decision)
        assert decision.explanation.to_json()["code"] == decision.explanation.code

    for seed in range(3):
        g = Game(Rules.from_dict({"preset": "windows"}), seed=seed)
        play_out(g, [bot(LEVELS[(seed + s) % 3], seed=s, fast=True) for s in range(4)], check)
    assert len(seen) >= 8


def test_bid_explanation_names_the_winners() -> None:
    deal = {
        "N": hand("AK32", "A", "6543", "5432"),
        "E": hand("654", "JT2", "T987", "987"),
        "S": hand("QJT9", "K3", "AKQJ", "QJT"),
        "W": hand("87", "Q987654", "2", "AK6"),
    }
    g = Game(deal=deal, dealer=Seat.W)
    d = make_bot("standard").decide(g.view(Seat.N))
    assert d.move >= 3
    assert explain(d, "en").startswith(f"Bid {d.move}: A♠ K♠")
    assert "A♥" in explain(d, "zh-Hans") and "叫" in explain(d, "zh-Hans")
    e = Explanation("bid_count", {"bid": 4, "cards": (51, 50, 38), "voids": (0,)})
    assert explain(e, "en") == "Bid 4: A♠ K♠, A♥ and a club void"
    assert explain(e, "zh-Hant") == "叫 4：A♠ K♠、A♥和梅花缺門"
    assert explain(e, "fr") == explain(e, "en")


# ---------------------------------------------------------------- bidding


def test_never_nil_holding_the_ace_of_spades() -> None:
    deal = {
        "N": hand("A2", "432", "5432", "5432"),
        "E": hand("654", "JT9", "T987", "876"),
        "S": hand("KQJT9", "K5", "AKQJ", "QJ"),
        "W": hand("873", "AQ876", "6", "AKT9"),
    }
    for level in LEVELS:
        g = Game(deal=deal, dealer=Seat.W)
        assert bot(level).decide(g.view(Seat.N)).move >= 1, level


def test_nil_with_a_safe_hand() -> None:
    deal = {
        "N": hand("32", "5432", "5432", "532"),
        "E": hand("654", "JT9", "T987", "976"),
        "S": hand("AKQJT", "K", "AKQJ", "QJT"),
        "W": hand("987", "AQ876", "6", "AK84"),
    }
    for level in ("standard", "expert"):
        g = Game(deal=deal, dealer=Seat.W)
        d = bot(level).decide(g.view(Seat.N))
        assert d.move == 0, level
        assert explain(d, "en").startswith("Bid nil")


def test_blind_nil_only_when_allowed_and_behind() -> None:
    g = Game(Rules.from_dict({"preset": "windows"}), seed=3)
    view = g.view(g.turn)
    assert -1 in view.legal
    behind = dataclasses.replace(view, totals=(-50, 350) if view.seat % 2 == 0 else (350, -50))
    assert make_bot("standard").decide(behind).move == -1
    assert make_bot("standard").decide(view).move != -1
    # The standard rules do not allow it, whatever the score.
    g2 = Game(seed=3)
    v2 = g2.view(g2.turn)
    assert make_bot("standard").decide(dataclasses.replace(v2, totals=(-50, 350))).move != -1


def test_partner_number_forces_nil_in_suicide() -> None:
    g = game(COVER, [3, 2], rules=Rules(bidding="suicide"))
    for level in LEVELS:
        d = bot(level).decide(g.view(Seat.S))
        assert d.move == 0
        assert "nil" in explain(d, "en").lower() or "Suicide" in explain(d, "en")


def test_whiz_and_mirror_bid_the_spades() -> None:
    g = Game(Rules(bidding="mirror"), deal=COVER, dealer=Seat.W)
    assert bot("expert").decide(g.view(Seat.N)).move == 2
    g = Game(Rules(bidding="whiz"), deal=COVER, dealer=Seat.W)
    g.bid(0)
    g.bid(3)
    assert bot("standard").decide(g.view(Seat.S)).move == 4


def test_team_minimum_is_respected() -> None:
    g = game(DUCK, [1, 2], rules=Rules(min_team_bid=5))
    for level in LEVELS:
        assert bot(level).decide(g.view(Seat.S)).move >= 4


def test_evaluation_counts_sure_tricks() -> None:
    ev = evaluate(cards_mask(parse_card(c) for c in COVER["S"]), Rules())
    assert 4.0 <= ev.tricks <= 6.0
    assert ev.nil_risk >= 10
    weak = evaluate(cards_mask(parse_card(c) for c in COVER["N"]), Rules())
    assert weak.tricks < 1 and weak.nil_risk < 1


# ---------------------------------------------------------------- play


@pytest.mark.parametrize("level", ["standard", "expert"])
def test_cover_partners_nil_by_overtaking(level: str) -> None:
    g = game(COVER, ["nil", 3, 4, 4], "9H 2H")
    d = bot(level).decide(g.view(Seat.S))
    assert names(d) == "KH"


@pytest.mark.parametrize("level", ["standard", "expert"])
def test_cover_partners_nil_when_leading(level: str) -> None:
    # South wins the first trick and leads with a nil partner: a high card, never a low one.
    g = game(COVER, ["nil", 3, 4, 4], "9H 2H KH 8H")
    d = bot(level).decide(g.view(Seat.S))
    assert d.move % 13 >= 8 or d.move >= 39, names(d)


@pytest.mark.parametrize("level", ["standard", "expert"])
def test_never_trump_partners_sure_winner(level: str) -> None:
    g = game(PARTNER_ACE, [2, 2, 6, 2], "AH 4H")
    d = bot(level).decide(g.view(Seat.S))
    assert d.move < 39, f"trumped partner's ace with {names(d)}"


@pytest.mark.parametrize("level", ["standard", "expert"])
def test_follow_low_under_partners_ace(level: str) -> None:
    deal = {"N": PARTNER_ACE["N"], "E": PARTNER_ACE["E"], "S": PARTNER_ACE["W"], "W": PARTNER_ACE["S"]}
    g = game(deal, [2, 2, 2, 6], "AH 4H")
    d = bot(level).decide(g.view(Seat.S))
    assert names(d) == "8H"


@pytest.mark.parametrize("level", ["standard", "expert"])
def test_duck_when_bid_is_made_and_bags_are_near_the_limit(level: str) -> None:
    # North-South bid 2 and took 2; East-West (5) cannot be set: no reason to take the ace.
    g = game(DUCK, [1, 2, 1, 3], "2C 3C AC 5C 8D JD AD 5D 9H TH")
    view = dataclasses.replace(g.view(Seat.S), bags=(8, 0), totals=(300, 250))
    d = bot(level).decide(view)
    assert names(d) != "AH"
    if level == "standard":
        assert d.explanation.code == "duck_bags"
        assert explain(d, "en") == "Ducks with 8♥: its side has 8 bags already, penalty at 10"


def test_take_the_trick_that_sets_the_opponents() -> None:
    # The same trick, but East-West bid 11 and need every trick left: the ace sets them.
    # (The expert sees that South's other winners set them anyway and may keep the ace.)
    g = game(DUCK, [1, 6, 1, 5], "2C 3C AC 5C 8D JD AD 5D 9H TH")
    d = make_bot("standard").decide(g.view(Seat.S))
    assert names(d) == "AH"
    assert d.explanation.code == "set"


@pytest.mark.parametrize("level", ["standard"])  # the expert: tests/test_expert.py, over ten seeds
def test_duck_under_the_nil_bidder(level: str) -> None:
    deal = {
        "N": hand("432", "942", "A432", "642"),
        "E": hand("765", "T65", "765", "QJT9"),
        "S": hand("JT98", "A83", "T98", "AK5"),
        "W": hand("AKQ", "KQJ7", "KQJ", "873"),
    }
    g = game(deal, [3, "nil", 3, 3], "2C 9C")
    d = bot(level).decide(g.view(Seat.S))
    assert names(d) == "5C"


def test_break_the_nil_by_leading_low() -> None:
    g = game(DUCK, [3, "nil", 3, 3], "2C 3C AC 5C")
    d = make_bot("standard").decide(g.view(Seat.S))
    assert names(d) == "3H"
    assert d.explanation.code == "break_lead"
    assert explain(d, "en") == "Leads its lowest heart, 3♥, to catch the nil bidder"


def test_standard_draws_trumps() -> None:
    g = game(TRUMPS, [1, 2, 7, 2], "2C 5S 5C 7C 6D AD JD 2D")
    d = make_bot("standard").decide(g.view(Seat.S))
    assert names(d) == "AS"
    assert d.explanation.code == "draw_trumps"


def test_nil_bidder_ducks_with_its_highest_safe_card() -> None:
    g = game(COVER, ["nil", 3, 4, 4], "2C 9C QC AC AH")
    assert g.turn == Seat.N
    d = make_bot("standard").decide(g.view(Seat.N))
    assert names(d) == "9H"
    assert d.explanation.code == "nil_under"


# ---------------------------------------------------------------- simulator and search


def _position(g: Game) -> Position:
    return Position.from_view(g.view(g.turn), [cards_mask(g.hand(s)) for s in Seat])


@pytest.mark.parametrize("rules", [Rules(), Rules(first_lead="two_clubs")], ids=str)
def test_simulator_from_a_bidding_view_starts_at_the_first_lead(rules: Rules) -> None:
    g = Game(rules, seed=5)
    hands = [cards_mask(g.hand(s)) for s in Seat]
    p = Position.from_view(g.view(g.turn), hands)
    for b in (3, 3, 3, 3):
        g.bid(b)
    assert (p.turn, p.legal(), p.done) == (g.turn, g.legal_mask(), 0)


@pytest.mark.parametrize(
    "rules", [Rules(), Rules(jokers=True, first_lead="two_clubs"), Rules(spades_anytime=True)], ids=str
)
def test_simulator_matches_the_game(rules: Rules) -> None:
    rng = Rng(7)
    for seed in range(12):
        g = Game(rules, seed=seed)
        for _ in range(4):
            g.bid(rng.below(4) + 1)
        p = _position(g)
        while g.phase is Phase.PLAYING:
            assert p.legal() == g.legal_mask()
            assert p.turn == g.turn
            moves = g.legal_moves()
            card = moves[rng.below(len(moves))]
            g.play(card)
            p.play(card)
            assert p.won == list(g.tricks_won)
            assert p.broken == g.spades_broken
            if g.phase is Phase.PLAYING:
                q = _position(g)
                assert (q.hands, q.trick, q.won, q.turn, q.win_seat) == (p.hands, p.trick, p.won, p.turn, p.win_seat)
        assert p.done == 13


def test_scorer_agrees_with_the_engine() -> None:
    from spades import score_hand

    rng = Rng(3)
    rules = Rules(bags_limit=None)
    for _ in range(200):
        bids = [rng.below(15) - 1 for _ in range(4)]
        won = [0, 0, 0, 0]
        for _ in range(13):
            won[rng.below(4)] += 1
        ns, ew = score_hand(rules, bids, won, (0, 0))
        scorer = Scorer(rules, bids, (0, 0), 0)
        assert scorer.value(won) == ns.points - ew.points


def test_solver_finds_the_exact_value_of_small_endings() -> None:
    rng = Rng(11)
    rules = Rules()
    for seed in range(6):
        g = Game(rules, seed=seed)
        for b in (3, 3, 3, 3):
            g.bid(b)
        while len(g.tricks) < 11:
            moves = g.legal_moves()
            g.play(moves[rng.below(len(moves))])
        bids = g.bids
        scorer = Scorer(rules, bids, (0, 0), g.turn % 2)
        solver = Solver(scorer, Context(rules, bids))
        value = solver.value(_position(g))

        def brute(p: Position, scorer: Scorer = scorer) -> float:
            if p.done == 13:
                return scorer.value(p.won)
            values = []
            legal = p.legal()
            for c in range(54):
                if legal >> c & 1:
                    q = p.copy()
                    q.play(c)
                    values.append(brute(q, scorer))
            return max(values) if p.turn % 2 == scorer.team else min(values)

        assert value == brute(_position(g))


def test_distinct_moves_groups_touching_cards() -> None:
    cards = cards_mask(parse_card(c) for c in ("5H", "6H", "8H", "AS"))
    live = cards | cards_mask([parse_card("7H"), parse_card("KS")])
    assert distinct_moves(cards, live) == [parse_card("5H"), parse_card("8H"), parse_card("AS")]


def test_sampled_deals_fit_what_the_seat_has_seen() -> None:
    g = game(TRUMPS, [1, 2, 7, 2], "2C 5S 5C 7C 6D AD JD 2D")
    k = Knowledge(g.view(Seat.S))
    rng = Rng(1)
    for _ in range(50):
        hands = sample_deal(k, rng)
        assert hands is not None
        assert hands[Seat.S] == k.hand
        assert [h.bit_count() for h in hands] == list(k.cards_left)
        assert hands[Seat.E] & cards_mask(parse_card(c) for c in hand("", "", "", "AKQJT98765432")) == 0
        together = hands[0] | hands[1] | hands[2] | hands[3]
        assert together == k.unseen | k.hand


def test_rollout_finishes_the_hand_as_the_honest_policy_would() -> None:
    from spades.bots.rollout import honest_policy, rollout
    from spades.cards import SUIT_OF

    for rules in (Rules(), Rules(first_lead="two_clubs", jokers=True), Rules(spades_anytime=True)):
        for seed in range(8):
            g = Game(rules, seed=seed)
            for b in ((0, 4, 3, 2), (3, 3, 3, 3))[seed % 2]:
                g.bid(b)
            ctx = Context(rules, g.bids)
            fast = _position(g)
            rollout(fast, ctx, (0, 0, 0, 0))
            slow = _position(g)
            voids = [0, 0, 0, 0]
            while not slow.over:
                card = honest_policy(slow, ctx, voids)
                assert slow.legal() >> card & 1
                if slow.trick and SUIT_OF[card] != SUIT_OF[slow.trick[0]]:
                    voids[slow.turn] |= 1 << SUIT_OF[slow.trick[0]]
                slow.play(card)
            assert fast.won == slow.won and fast.done == slow.done == 13 and sum(fast.won) == 13
            assert fast.hands == [0, 0, 0, 0]


def test_expert_time_budget_is_respected() -> None:
    import time

    g = Game(seed=2)
    for _ in range(4):
        g.apply(make_bot("standard").decide(g.view(g.turn)).move)
    expert = ExpertBot(0, samples=10_000, work=10**9, time_budget=0.05)
    start = time.perf_counter()
    expert.decide(g.view(g.turn))
    assert time.perf_counter() - start < 0.5
