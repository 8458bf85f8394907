"""Property tests over thousands of random games (hypothesis)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from spades import Game, IllegalMoveError, Phase, Rules, Seat, from_record, to_record
from spades.cards import SPADE_MASK, SUIT_MASKS, SUIT_OF, mask_cards
from spades.rng import Rng

RULES = st.sampled_from(
    [
        Rules(),
        Rules.from_dict({"preset": "igame"}),
        Rules.from_dict({"preset": "pagat", "jokers": True}),
        Rules.from_dict({"first_lead": "two_clubs", "spades_anytime": True, "ten_for_200": True}),
        Rules.from_dict({"bidding": "suicide", "min_team_bid": 4}),
        Rules.from_dict({"bidding": "whiz", "preset": "windows"}),
        Rules.from_dict({"bidding": "mirror", "bags_limit": None, "mercy": None}),
    ]
)


def oracle_legal(game: Game) -> set[int]:
    """The legal cards, computed independently of the engine's masks."""
    hand = game.hand(game.turn)
    if game.trick:
        led = SUIT_OF[game.trick[0]]
        follow = [c for c in hand if SUIT_OF[c] == led]
        return set(follow or hand)
    if game.rules.first_lead == "two_clubs" and not game.tricks and 0 in hand:
        return {0}
    if not game.spades_broken and not game.rules.spades_anytime:
        others = [c for c in hand if SUIT_OF[c] != 3]
        return set(others or hand)
    return set(hand)


def play_game(rules: Rules, seed: int, hands: int = 3) -> Game:
    game = Game(rules, seed=seed)
    rng = Rng(seed)
    while game.phase is not Phase.GAME_OVER and len(game.results) < hands:
        if game.phase is Phase.HAND_OVER:
            game.next_hand()
            continue
        legal = game.legal_moves()
        if game.phase is Phase.PLAYING:
            assert set(legal) == oracle_legal(game)
            for card in game.hand(game.turn):
                if card not in legal:
                    try:
                        game.apply(card)
                    except IllegalMoveError:
                        pass
                    else:
                        raise AssertionError("an illegal card was accepted")
        game.apply(rng.choice(legal))
    return game


@settings(max_examples=300, deadline=None)
@given(RULES, st.integers(0, 2**31 - 1))
def test_random_games(rules: Rules, seed: int) -> None:
    game = play_game(rules, seed)
    deck = 0
    for log in game.history:
        deck_cards = [c for mask in log.deal for c in mask_cards(mask)]
        assert len(deck_cards) == len(set(deck_cards)) == 52
        deck = sum(1 << c for c in deck_cards)
    assert deck == (SUIT_MASKS[0] | SUIT_MASKS[1] | SUIT_MASKS[2] | SPADE_MASK) & deck
    for result in game.results:
        assert sum(result.tricks) == 13
    totals = (sum(r.teams[0].points for r in game.results), sum(r.teams[1].points for r in game.results))
    assert game.totals == totals
    if game.phase is Phase.GAME_OVER:
        assert game.winner is not None
    last = game.history[-1]
    if len(last.moves) == 56:
        played = [c for t in game.tricks for c in t.cards]
        assert sorted(played) == sorted(mask_cards(sum(last.deal)))


@settings(max_examples=100, deadline=None)
@given(RULES, st.integers(0, 2**31 - 1), st.integers(1, 120))
def test_undo_and_records_round_trip(rules: Rules, seed: int, steps: int) -> None:
    game = play_game(rules, seed, hands=2)
    record = to_record(game)
    assert to_record(from_record(record)) == record
    copy = game.copy()
    moves = []
    for _ in range(steps):
        log = game.history[-1]
        if not log.moves and len(game.history) == 1:
            break
        moves.append(log.moves[-1] if log.moves else None)
        game.undo()
    for move in reversed(moves):
        game.next_hand() if move is None else game.apply(move)
    assert to_record(game) == record
    assert all(game.view(s) == copy.view(s) for s in Seat)


@settings(max_examples=200, deadline=None)
@given(st.integers(0, 2**31 - 1), st.integers(0, 56), st.sampled_from(list(Seat)), st.randoms(use_true_random=False))
def test_views_leak_nothing(seed: int, steps: int, seat: Seat, shuffler) -> None:
    """Two games differing only in cards hidden from ``seat`` give ``seat`` equal views."""
    game = Game(seed=seed)
    rng = Rng(seed)
    moves = []
    for _ in range(steps):
        if game.phase is not Phase.BIDDING and game.phase is not Phase.PLAYING:
            break
        moves.append(rng.choice(game.legal_moves()))
        game.apply(moves[-1])
    # Swap unplayed cards of one suit between the two other hidden hands: every
    # past play stays legal (suit counts are unchanged) but the hidden cards differ.
    others = [s for s in Seat if s != seat]
    a, b = shuffler.sample(others, 2)
    held = {s: set(game.hand(s)) for s in Seat}
    deal = {s: list(mask_cards(game.history[-1].deal[s])) for s in Seat}
    for suit in range(4):
        pa = [c for c in deal[a] if SUIT_OF[c] == suit and c in held[a]]
        pb = [c for c in deal[b] if SUIT_OF[c] == suit and c in held[b]]
        pool = pa + pb
        shuffler.shuffle(pool)
        deal[a] = [c for c in deal[a] if c not in pa] + pool[: len(pa)]
        deal[b] = [c for c in deal[b] if c not in pb] + pool[len(pa) :]
    other = Game(seed=seed, deal={s.name: deal[s] for s in Seat})
    for move in moves:
        other.apply(move)
    assert other.view(seat) == game.view(seat)
