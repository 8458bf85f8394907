"""A renege in the engine: never possible without ``Game.play(card, renege=True)`` (hypothesis over whole hands),
its penalty the one rule of spades.scoring.renege_tricks for the engine and the blind room's settle alike, and a
record of such a hand (a host-blind hand's, rebuilt from its audit) that loads again, scores the same and that
``verify`` still checks.  The rules scenarios, also run in Pyodide, are in tests/portable/test_renege.py.
"""

from __future__ import annotations

import json

from hypothesis import given, settings
from hypothesis import strategies as st

from spades.cards import Seat
from spades.errors import IllegalMoveError
from spades.formats.record import from_record, to_record
from spades.game import Game, Phase
from spades.rules import PRESETS
from spades.scoring import renege_tricks, score_hand
from spades.table.blindroom import rebuild
from spades.table.verify import verify_record
from tests.portable.test_blindroom import reneged
from tests.portable.test_renege import renege_game

SEEDS = st.integers(min_value=0, max_value=2**32)


@settings(max_examples=25, deadline=None)
@given(seed=SEEDS, preset=st.sampled_from(sorted(PRESETS)), data=st.data())
def test_without_the_flag_no_renege_is_possible_and_with_it_nothing_else(
    seed: int, preset: str, data: st.DataObject
) -> None:
    rules = PRESETS[preset]
    game = Game(rules, seed=seed)
    while game.phase is Phase.BIDDING:
        game.apply(data.draw(st.sampled_from(game.legal_moves())))
    while game.phase is Phase.PLAYING:
        seat = game.turn
        assert seat is not None
        legal = game.legal_moves()
        for card in game.hand(seat):
            reason = game.check(card)
            assert (reason is None) == (card in legal)
            trial = game.copy()
            if reason is None or reason.code != "must_follow":  # a legal card, or one refused for another reason
                try:
                    trial.play(card, renege=True)
                    raise AssertionError(f"{card} played as a renege")
                except IllegalMoveError as error:
                    assert error.reason.code == ("not_renege" if reason is None else reason.code)
            else:  # a renege: refused by the page's and the bots' way of playing
                for who in (None, seat):
                    for play in (trial.play, trial.apply):
                        try:
                            play(card, who)
                            raise AssertionError(f"{card} played without the flag")
                        except IllegalMoveError:
                            pass
            assert trial.history == game.history  # a refused card changes nothing
        game.play(data.draw(st.sampled_from(legal)))
    result = game.results[-1]
    assert result.reneges == () and game.history[-1].reneges == ()
    assert result.teams == score_hand(rules, result.bids, result.tricks, (0, 0))


@settings(max_examples=25, deadline=None)
@given(seed=SEEDS, reneger=st.sampled_from(list(Seat)), times=st.integers(min_value=1, max_value=3))
def test_a_renege_hand_scores_by_the_one_rule_and_its_record_round_trips(seed: int, reneger: Seat, times: int) -> None:
    game, numbers = renege_game(seed=seed, reneger=reneger, times=times)
    result = game.results[-1]
    assert result.reneges == (reneger,) * len(numbers) and game.history[-1].reneges == tuple(numbers)
    after = renege_tricks(result.tricks, result.bids, result.reneges)
    side = reneger % 2
    moved = sum(result.tricks[s] - after[s] for s in (side, side + 2))
    assert 0 <= moved <= 3 * len(numbers) and sum(after) == 13
    assert moved == min(3 * len(numbers), result.tricks[side] + result.tricks[side + 2])
    assert result.teams == score_hand(PRESETS["standard"], result.bids, result.tricks, (0, 0), result.reneges)
    record = json.loads(json.dumps(to_record(game)))
    assert record["hands"][0].get("reneges", []) == numbers
    again = from_record(record)
    assert again.results == game.results and again.history == game.history


def test_a_blind_renege_hand_is_rebuilt_by_the_engine_and_its_record_verifies_as_caught() -> None:
    room, n = reneged(Seat.E)
    outcome = room.relay.outcome
    assert outcome is not None and outcome.renege is not None and outcome.renege[2] == n
    public = room.relay.public
    order = [public.bids[(room.dealer + 1 + i) % 4] for i in range(4)]
    game = rebuild(room.rules, room.dealer, outcome.deal, order, outcome.play)  # refused before: now replayed
    result = game.results[-1]
    assert result.reneges == (Seat.E,) and game.history[-1].reneges == (n,)
    assert result.totals == outcome.totals and tuple(result.tricks) == tuple(public.won)  # settle is the engine's
    assert renege_tricks(result.tricks, result.bids, result.reneges) == outcome.tricks
    record = json.loads(json.dumps(to_record(game, {1: room.relay.fair_part()})))
    assert record["hands"][0]["reneges"] == [n]
    assert from_record(record).results == game.results
    verdict = verify_record(record)
    assert not verdict.ok and "\n" not in verdict.line and "E" in verdict.line, verdict.line
