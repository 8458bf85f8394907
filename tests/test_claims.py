"""Claims over random deals and claim points (docs/table.md "Claims"); the scripted cases are in
tests/portable/test_claims.py (also run in Pyodide).

- A claim is accepted exactly when the review's exact solver (:class:`spades.bots.search.Solver`, valuing a line 1
  when the claiming side takes every remaining trick and its unset nil none, else 0) says the side takes them
  all, and when a plain search over :class:`spades.game.Game` copies (the engine's own rules, no bit masks) says
  so too.
- An accepted claim ends the hand with the claiming side holding every remaining trick, its record has 13 tricks
  of 4 cards and loads again, and its score is the score of playing the claim's line card by card.
- A refused claim changes nothing.
"""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from spades import Game, Rules, Seat
from spades.bots import make_bot
from spades.bots.search import Context, Solver
from spades.bots.sim import Position
from spades.cards import cards_mask
from spades.errors import SpadesError
from spades.formats.record import from_record, to_record
from spades.game import Phase
from spades.scoring import NIL
from spades.table import Occupant, Table

PRESETS = ("standard", "windows", "igame", "short", "pagat")


def late_table(preset: str, seed: int, done: int, claimer: Seat, nil: bool) -> Table | None:
    """A table of ``preset`` dealt from ``seed``, played by standard computers until ``claimer`` is to play with
    at least ``done`` tricks finished (``None`` when the hand ends first); ``claimer``'s partner bids nil when
    ``nil`` and the rules allow it."""
    game = Game(Rules.from_dict({"preset": preset}), seed=seed)
    bot = make_bot("standard", seed)
    while game.phase is Phase.BIDDING:
        move = bot.decide(game.view(game.turn)).move
        if nil and game.turn == claimer.partner and game.check(NIL) is None:
            move = NIL
        game.apply(move)
    while game.phase is Phase.PLAYING and (len(game.tricks) < done or game.turn != claimer):
        game.apply(bot.decide(game.view(game.turn)).move)
    if game.phase is not Phase.PLAYING:
        return None
    seats = {seat: Occupant("computer") for seat in Seat}
    seats[claimer] = Occupant("person")
    return Table(game, seats)


def spare_of(game: Game, team: int) -> set[int]:
    return {s for s in (team, team + 2) if (game.bids[s] or 0) <= NIL and not game.tricks_won[s]}


class AllTricks:
    """A :class:`spades.bots.search.Scorer` stand-in: 1 when ``team`` took ``target`` tricks from here and the
    ``spare`` seats none, else 0."""

    def __init__(self, team: int, won: tuple[int, ...], spare: set[int]) -> None:
        self.team = team
        self.before = won
        self.spare = spare
        self.target = 13 - sum(won)

    def value(self, won: list[int]) -> float:
        taken = [won[s] - self.before[s] for s in range(4)]
        if any(taken[s] for s in self.spare):
            return 0.0
        return 1.0 if taken[self.team] + taken[self.team + 2] == self.target else 0.0


def solver_says(game: Game, seat: Seat) -> bool:
    team = int(seat) % 2
    bids = tuple(b if b is not None else 0 for b in game.bids)
    position = Position.from_view(game.view(seat), [cards_mask(game.hand(s)) for s in Seat])
    solver = Solver(AllTricks(team, game.tricks_won, spare_of(game, team)), Context(game.rules, bids))  # type: ignore[arg-type]
    return solver.value(position) == 1.0


def plain_search(game: Game, team: int, spare: set[int]) -> bool:
    """Every trick to ``team``'s side (none to ``spare``): one card of the side suffices, every defence must fail."""
    if game.phase is not Phase.PLAYING:
        return True
    claiming = int(game.turn) % 2 == team  # type: ignore[arg-type]
    for move in game.legal_moves():
        child = game.copy()
        child.apply(move)
        ok = True
        if len(child.tricks) > len(game.tricks):
            winner = int(child.tricks[-1].winner)
            ok = winner % 2 == team and winner not in spare
        ok = ok and plain_search(child, team, spare)
        if ok == claiming:
            return ok
    return not claiming


def claim(table: Table, seat: Seat) -> list[dict] | str:
    try:
        return table.act(seat, {"type": "claim"})
    except SpadesError as error:
        return error.code


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    preset=st.sampled_from(PRESETS),
    seed=st.integers(0, 10**6),
    done=st.integers(7, 12),
    claimer=st.sampled_from(list(Seat)),
    nil=st.booleans(),
)
def test_a_claim_is_accepted_exactly_when_the_solver_says_the_side_takes_every_trick(preset, seed, done, claimer, nil):
    table = late_table(preset, seed, done, claimer, nil)
    if table is None:
        return
    game = table.game
    team = int(claimer) % 2
    expected = solver_says(game, claimer)
    if 13 - len(game.tricks) <= 3:
        assert plain_search(game.copy(), team, spare_of(game, team)) == expected
    before = game.copy()
    record, seq = to_record(game), table.seq
    outcome = claim(table, claimer)
    if not expected:
        assert outcome == "claim_beaten"
        assert to_record(table.game) == record and table.seq == seq and table.game.phase is Phase.PLAYING
        return
    assert isinstance(outcome, list) and [e["type"] for e in outcome][:2] == ["claim", "claimed"]
    assert [e["seq"] for e in outcome] == list(range(seq + 1, table.seq + 1))
    done_game = table.game
    assert len(done_game.tricks) == 13 and all(len(t.cards) == 4 for t in done_game.tricks)
    taken = [done_game.tricks_won[s] - before.tricks_won[s] for s in range(4)]
    assert taken[team] + taken[team + 2] == 13 - len(before.tricks)
    assert not any(taken[s] for s in spare_of(before, team))
    # the same score as playing the claim's line card by card
    cards = [e["card"] for e in outcome if e["type"] == "play"]
    for card in cards:
        before.play(card)
    assert before.results == done_game.results and before.totals == done_game.totals
    # the record loads again and says the same
    assert to_record(from_record(to_record(done_game))) == to_record(done_game)


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10**6), done=st.integers(0, 12))
def test_a_refused_claim_changes_nothing(seed, done):
    table = late_table("standard", seed, done, Seat.S, False)
    if table is None:
        return
    save, state = table.save(), table.state("S")
    outcome = claim(table, Seat.S)
    if isinstance(outcome, str):
        assert outcome in ("claim_beaten", "claim_too_early")
        assert table.save() == save and table.state("S") == state
    else:
        assert table.game.phase is not Phase.PLAYING
