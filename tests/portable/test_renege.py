"""A renege replayed by the engine (``Game.play(card, renege=True)``), in CPython (pytest) and inside Pyodide
(``node tests/pyodide/run.mjs tests/portable/test_renege.py``): plain functions with plain asserts.

The seed rule (003): 违规不跟：能跟花色却不跟者，要给对手 3 墩 — the reneging side gives the opponents 3 tricks, as
many as it won if fewer (spades.scoring.renege_tricks).  tests/test_renege.py has the property tests and uses
:func:`renege_game` below.
"""

from spades.cards import SUIT_OF, Seat
from spades.errors import IllegalMoveError, RecordError
from spades.formats.record import from_record, to_record
from spades.game import Game, Phase
from spades.rules import Rules
from spades.scoring import NIL, renege_tricks, score_hand, score_team


def renege_game(seed=3, bids=(3, 3, 3, 3), reneger=Seat.E, times=1, rules=None):
    """A hand of ``Game(seed=seed)`` played with each seat's first legal card, but ``reneger`` plays off suit while
    able to follow, ``times`` times (as early as it can).  Returns the game and the 1-based numbers of the
    reneges (fewer than ``times`` if the hand gave no more chances)."""
    game = Game(rules, seed=seed)
    for bid in bids:
        game.bid(bid)
    numbers = []
    while game.phase is Phase.PLAYING:
        seat = game.turn
        hand = game.hand(seat)
        card = game.legal_moves()[0]
        renege = False
        if seat == reneger and len(numbers) < times and game.trick:
            led = SUIT_OF[game.trick[0]]
            off = [c for c in hand if SUIT_OF[c] != led]
            if off and any(SUIT_OF[c] == led for c in hand):
                card, renege = off[0], True
                numbers.append(len(game.tricks) * 4 + len(game.trick) + 1)
        game.play(card, renege=renege)
    return game, numbers


def test_a_renege_is_refused_without_the_flag_and_played_with_it():
    game = Game(seed=3)
    for bid in (3, 3, 3, 3):
        game.bid(bid)
    while True:  # the first chance of anyone to renege
        seat, hand = game.turn, game.hand(game.turn)
        led = SUIT_OF[game.trick[0]] if game.trick else None
        off = [c for c in hand if led is not None and SUIT_OF[c] != led]
        if off and any(SUIT_OF[c] == led for c in hand):
            break
        game.play(game.legal_moves()[0])
    card = off[0]
    try:
        game.play(card)
        raise AssertionError("a renege was played without the flag")
    except IllegalMoveError as error:
        assert error.reason.code == "must_follow"
    try:
        game.apply(card)
        raise AssertionError("apply played a renege")
    except IllegalMoveError:
        pass
    try:  # a legal card is no renege
        game.play(game.legal_moves()[0], renege=True)
        raise AssertionError("a legal card was played as a renege")
    except IllegalMoveError as error:
        assert error.reason.code == "not_renege"
    assert card not in game.legal_moves() and card in game.hand(seat)
    game.play(card, renege=True)
    assert card not in game.hand(seat) and game.history[-1].reneges == (len(game.history[-1].moves) - 4,)


def test_a_renege_costs_the_side_three_tricks_and_the_score_says_so():
    game, numbers = renege_game(reneger=Seat.E)
    assert len(numbers) == 1 and game.phase is Phase.HAND_OVER
    result = game.results[-1]
    assert result.reneges == (Seat.E,) and game.history[-1].reneges == tuple(numbers)
    won = result.tricks
    after = renege_tricks(won, result.bids, [Seat.E])
    moved = min(3, won[1] + won[3])
    assert after[1] + after[3] == won[1] + won[3] - moved and after[0] + after[2] == won[0] + won[2] + moved
    ns, ew = score_hand(Rules(), result.bids, after, (0, 0))  # no nil bid: the moved tricks are all it changes
    assert result.teams == (ns, ew) and result.totals == (ns.points, ew.points)
    plain = score_hand(Rules(), result.bids, won, (0, 0))
    assert result.teams != plain or moved == 0


def test_a_side_with_fewer_than_three_tricks_gives_what_it_has():
    assert renege_tricks([5, 1, 7, 0], [4, 1, 5, 3], [Seat.E]) == (5, 0, 8, 0)  # one trick, to S (E's left)
    assert renege_tricks([0, 6, 0, 7], [2, 4, 2, 4], [Seat.N]) == (0, 6, 0, 7)  # nothing to give
    assert renege_tricks([2, 5, 0, 6], [2, 4, 2, 4], [Seat.S, Seat.S]) == (0, 5, 0, 8)  # two reneges: 2 in all


def test_the_penalty_goes_to_an_opponent_who_did_not_bid_nil_and_a_nil_is_judged_by_the_play():
    # E reneges; its left, S, bid nil: the three tricks go to N, and S's nil holds
    assert renege_tricks([4, 4, 0, 5], [4, 4, NIL, 5], [Seat.E]) == (7, 1, 0, 5)
    ns, ew = score_hand(Rules(), (4, 4, NIL, 5), (4, 4, 0, 5), (0, 0), (Seat.E,))
    assert ns.nil_points == 100 and ns.contract_points == 43 and ew.taken == 6 and ew.made is False
    # a nil bidder who took a trick and reneged: the trick goes in the penalty, and the nil still fails
    ns, ew = score_hand(Rules(), (NIL, 4, 5, 3), (1, 4, 5, 3), (0, 0), (Seat.N,))
    assert ns.nil_points == -100 and ns.taken == 3 and ns.made is False and ew.taken == 10
    # the moved tricks are overtricks, and bags, of the side that gets them
    ns, ew = score_hand(Rules(), (4, 3, 4, 2), (4, 3, 4, 2), (0, 9), (Seat.N,))
    assert (ew.new_bags, ew.bag_penalty, ew.bags) == (3, -100, 2) and ns.made is False
    # blind nil the same: a penalty neither saves nor breaks it
    team = score_team(Rules(blind_nil=True), (-1, 5), (0, 2), 0, (2, 2))
    assert team.nil_points == -200 and team.taken == 2


def test_a_record_of_a_renege_hand_loads_again_and_scores_the_same():
    game, numbers = renege_game(reneger=Seat.W, times=2)
    assert len(numbers) == 2
    record = to_record(game)
    assert record["hands"][0]["reneges"] == numbers
    again = from_record(record)
    assert again.results == game.results and again.history == game.history
    assert again.results[-1].reneges == (Seat.W, Seat.W)
    plain = dict(record["hands"][0])
    del plain["reneges"]  # without its reneges the hand does not replay: the card is refused
    try:
        from_record({**record, "hands": [plain]})
        raise AssertionError("a renege replayed without being listed")
    except RecordError as error:
        assert f"card {numbers[0]}" in str(error) and "must follow" in str(error)
    wrong = {**plain, "reneges": [1]}  # the lead is no renege
    try:
        from_record({**record, "hands": [wrong]})
        raise AssertionError("a legal card replayed as a renege")
    except RecordError as error:
        assert "card 1" in str(error) and "not a renege" in str(error)
    for bad in ([0], [99], [3, 2], ["7"], "7", [True]):
        try:
            from_record({**record, "hands": [{**plain, "reneges": bad}]})
            raise AssertionError(f"reneges {bad!r} taken")
        except RecordError as error:
            assert error.code == "reneges_not_numbers" and "\n" not in str(error)


def test_undo_across_a_renege_keeps_it_and_the_next_hand_starts_clean():
    game, numbers = renege_game(reneger=Seat.N)
    result = game.results[-1]
    game.undo(52)  # back to the end of the bidding
    assert game.history[-1].reneges == () and game.phase is Phase.PLAYING
    again, _ = renege_game(reneger=Seat.N)
    again.undo(52 - numbers[0])  # just after the renege
    assert again.history[-1].reneges == tuple(numbers)
    again.undo()  # just before it
    assert again.history[-1].reneges == ()
    done, _ = renege_game(reneger=Seat.N)
    done.next_hand()
    assert done.history[0].reneges == tuple(numbers) and done.history[1].reneges == ()
    done.undo()  # back into the finished renege hand: its result and its renege again
    assert done.results[-1] == result and done.history[-1].reneges == tuple(numbers)
