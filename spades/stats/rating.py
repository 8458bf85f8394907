"""Ratings (点力): the rated-room rules of the original game, as pure functions.

The rules (from the original game's rating room, 黑桃王计分室; ``docs/ratings.md`` has worked examples):

* A new player starts at :data:`START` (1000).  Ratings are integers.
* Each rated game gives each player a *base* by final place and an *adjustment* by the opponents' rating.
  Spades has two sides: *mine* is the average of my side's two ratings, *opponents* the average of the
  other side's.  With 2–4 players ranked individually (:func:`rank_points`), *opponents* is the average
  of all the other players.
* Base: a win +12, a loss −12; by place, 4 players +12, +6, −6, −12 and 3 players +12, 0, −12.  Players
  who share a place share the bases of the places they fill, averaged (two first of four: (12+6)/2 = 9).
* Adjustment: +1 for each full 10 points the opponents' average is above mine, −1 for each full 10 below
  (truncated toward zero: 19 above is +1, 19 below is −1).
* Total = base + adjustment, kept within the original's table: a positive base ``b`` gives 1 to ``2b``
  (a winner gains at least 1 and at most 24), a negative base gives ``2b`` to −1 (a loser loses at least
  1 and at most 24), a base of 0 gives −12 to +12.
* A tie between the two sides (平手): the side with the lower average gains half its adjustment (the
  adjustment capped at 12, then halved rounding down); the other side, or both when equal, gain nothing.
  With 2–4 individual players, a game where all share first place is a tie and follows the same rule.
* Leaving a rated game (离局) is a loss (last place).
* Disconnects: each game in which a player disconnected counts 1; the 5th costs −60 and the count
  returns to 0; 25 games in a row without a disconnect set the count back to 0.
* Inactivity, counted from the player's first rated game, with ISO weeks (Monday to Sunday): every whole
  week after the week of the first game with fewer than 5 rated games costs −30 on the Monday after it;
  30 days without a rated game cost −200 on the 30th day after the last game, and again every further
  30 days without one.  Both rules apply; on the same day the weekly one comes first.  Decay never takes
  a rating below 100 (a rating of 100 or less is not decayed); nothing takes a rating below 0.
* Decays dated on or before a game's date are applied before that game; decays are applied up to and
  including ``today``.

Dates are ``"YYYY-MM-DD"`` strings.  Averages are compared exactly (:class:`fractions.Fraction`), so
CPython and Pyodide agree to the point.  Bad input raises :class:`~spades.errors.RatingError`.

>>> change(1000, 1035, "win")
15
>>> change(1035, 1000, "loss")
-15
>>> rank_points([1000, 1000, 1000, 1000], [1, 1, 3, 4])
[9, 9, -6, -12]
"""

from __future__ import annotations

import math
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import date
from fractions import Fraction
from typing import Any

from ..errors import RatingError, brief

START: int = 1000
"""A new player's rating."""

LEVEL_RATINGS: dict[str, int] = {"beginner": 900, "standard": 1000, "expert": 1030}
"""The fixed rating of each computer level, from ``scripts/calibrate.py`` (``docs/ratings.md``): standard is
anchored at :data:`START`; standard beats beginner in 91.0% of whole ``igame`` games (10,000 games, gap 100) and
expert beats standard in 62.1% (900 games, gap 30)."""

MAX_RATING = 1_000_000
"""The largest rating accepted as input (a sanity bound; ratings move by at most 24 a game)."""
MAX_NAME = 64
"""The longest player name :func:`replay` accepts, in characters."""

OUTCOMES = ("win", "loss", "tie", "left")
ENTRY_OUTCOMES = (*OUTCOMES, "unscored")
"""An :class:`Entry` may also be ``"unscored"``: a rated game that ended without a result because this
player dropped and the others chose not to wait (seed: 该场比赛不计分，而断线者将记录断线次数一次) —
no rating change, one disconnect."""
"""A two-sided game's outcome for one side: ``"left"`` (this player left the game) counts as a loss."""
BASES: dict[int, tuple[int, ...]] = {2: (12, -12), 3: (12, 0, -12), 4: (12, 6, -6, -12)}
"""The base by place (first to last) for 2, 3 and 4 players."""
WIN = 12
"""The base of a win; also the cap of a zero base's total and of a tie's adjustment."""
STEP = 10
"""Rating points per 1 point of adjustment."""

WEEK_GAMES = 5
"""Rated games a week needs to escape the weekly decay."""
WEEK_DECAY = 30
MONTH_DAYS = 30
"""Days without a rated game that cost :data:`MONTH_DECAY`."""
MONTH_DECAY = 200
DECAY_FLOOR = 100
"""Decay never takes a rating below this."""
DISCONNECTS = 5
"""Disconnects that cost :data:`DISCONNECT_PENALTY`."""
DISCONNECT_PENALTY = 60
CLEAN_GAMES = 25
"""Games in a row without a disconnect that clear the disconnect count."""

KINDS = ("game", "week", "month", "disconnects")
"""The kinds of :class:`Step`."""

_DATE = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}")


# ---------------------------------------------------------------- checking input


def _rating(value: object, what: str) -> Fraction:
    """A rating or an average of ratings: a finite number from 0 to :data:`MAX_RATING`, exactly."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise RatingError(f"{what} must be a number, got {brief(value)}")
    if not (0 <= value <= MAX_RATING):  # also refuses nan
        raise RatingError(f"{what} must be from 0 to {MAX_RATING}, got {brief(value)}")
    return Fraction(value)


def _start(value: object, what: str) -> int:
    """A stored rating: an integer from 0 to :data:`MAX_RATING`."""
    if type(value) is not int or not 0 <= value <= MAX_RATING:
        raise RatingError(f"{what} must be a whole number from 0 to {MAX_RATING}, got {brief(value)}")
    return value


def _day(text: object, what: str) -> int:
    """The proleptic Gregorian ordinal of a ``YYYY-MM-DD`` date (day 1 is Monday 0001-01-01)."""
    if isinstance(text, str) and _DATE.fullmatch(text):
        try:
            return date.fromisoformat(text).toordinal()
        except ValueError:
            pass
    raise RatingError(f"{what} must be a date YYYY-MM-DD, got {brief(text)}")


def _text(day: int) -> str:
    return date.fromordinal(day).isoformat()


def _monday(day: int) -> int:
    return day - (day - 1) % 7


def _outcome(value: object, what: str, known: tuple[str, ...] = OUTCOMES) -> str:
    if value not in known or not isinstance(value, str):
        raise RatingError(f"{what} must be one of {', '.join(known)}, got {brief(value)}")
    return value


# ---------------------------------------------------------------- one game


def _points(mine: Fraction, opponents: Fraction, base: int | None) -> int:
    """The change for a player (side) rated ``mine`` against ``opponents`` with ``base``; ``None`` is a tie."""
    adjustment = math.trunc((opponents - mine) / STEP)
    if base is None:
        return min(adjustment, WIN) // 2 if adjustment > 0 else 0
    if base > 0:
        return min(max(base + adjustment, 1), 2 * base)
    if base < 0:
        return min(max(base + adjustment, 2 * base), -1)
    return min(max(adjustment, -WIN), WIN)


def _side_base(outcome: str) -> int | None:
    return None if outcome == "tie" else WIN if outcome == "win" else -WIN


def change(mine: float, opponents: float, outcome: str) -> int:
    """The rating change of each player of a side whose average is ``mine`` against sides averaging ``opponents``.

    ``outcome`` is ``"win"`` (12 + adjustment, kept within 1..24), ``"loss"`` or ``"left"``
    (−12 + adjustment, kept within −24..−1), or ``"tie"`` (the lower side gains half its adjustment,
    at most 6; the higher side 0).  The adjustment is ±1 per full 10 points of difference.

    >>> [change(1000, 1000 + d, "win") for d in (0, 9, 10, 35, 120, 500)]
    [12, 12, 13, 15, 24, 24]
    >>> [change(1000, 1000 - d, "win") for d in (19, 110, 500)]
    [11, 1, 1]
    >>> [change(1000, 1000 + d, "loss") for d in (0, 35, 115, 500)]
    [-12, -9, -1, -1]
    >>> change(1000, 1000 - 500, "left")
    -24
    >>> change(1000, 1045, "tie"), change(1045, 1000, "tie"), change(1000, 1500, "tie")
    (2, 0, 6)
    """
    return _points(_rating(mine, "mine"), _rating(opponents, "opponents"), _side_base(_outcome(outcome, "outcome")))


def rank_points(ratings: Sequence[float], ranks: Sequence[int]) -> list[int]:
    """The rating change of each of 2–4 players ranked individually (``ranks``: 1 is best, ties allowed).

    Only the order of ``ranks`` matters: players sharing a rank fill consecutive places and share
    their bases, averaged; each player's opponents are the average of all the others.  If all players
    share one rank the game is a tie (see :func:`change`).

    >>> rank_points([1000, 1000, 1000, 1000], [1, 2, 3, 4])
    [12, 6, -6, -12]
    >>> rank_points([1000, 1000, 1000], [1, 2, 3])
    [12, 0, -12]
    >>> rank_points([900, 1000, 1200], [3, 1, 2])
    [-1, 17, -12]
    """
    if not isinstance(ratings, Sequence) or isinstance(ratings, str):
        raise RatingError(f"ratings must be a list, got {brief(ratings)}")
    if not isinstance(ranks, Sequence) or isinstance(ranks, str):
        raise RatingError(f"ranks must be a list, got {brief(ranks)}")
    count = len(ratings)
    if count not in BASES or len(ranks) != count:
        raise RatingError(f"need 2 to 4 ratings and as many ranks, got {len(ratings)} and {len(ranks)}")
    values = [_rating(value, f"rating {i + 1}") for i, value in enumerate(ratings)]
    for i, rank in enumerate(ranks):
        if type(rank) is not int or not 1 <= rank <= count:
            raise RatingError(f"rank {i + 1} must be a whole number from 1 to {count}, got {brief(rank)}")
    total = sum(values, Fraction(0))
    order = sorted(range(count), key=lambda i: ranks[i])
    bases: list[int | None] = [None] * count
    if len(set(ranks)) > 1:
        place = 0
        while place < count:
            tied = [i for i in order if ranks[i] == ranks[order[place]]]
            shared = BASES[count][place : place + len(tied)]
            for i in tied:
                bases[i] = sum(shared) // len(tied)  # exact: every run of consecutive bases averages to an integer
            place += len(tied)
    return [_points(values[i], (total - values[i]) / (count - 1), bases[i]) for i in range(count)]


# ---------------------------------------------------------------- one player's history


@dataclass(frozen=True)
class Entry:
    """One rated game seen from one player: its date, the partner's and the opponents' ratings at its
    start, this player's ``outcome`` (``"win"``, ``"loss"``, ``"tie"`` or ``"left"``) and whether this
    player disconnected during it.  Checked on construction (:class:`~spades.errors.RatingError`)."""

    date: str
    partner: float
    opponents: tuple[float, float]
    outcome: str
    disconnected: bool = False

    def __post_init__(self) -> None:
        _day(self.date, "the date")
        _rating(self.partner, "the partner's rating")
        if not isinstance(self.opponents, (tuple, list)) or len(self.opponents) != 2:
            raise RatingError(f"opponents must be two ratings, got {brief(self.opponents)}")
        object.__setattr__(self, "opponents", tuple(self.opponents))
        for value in self.opponents:
            _rating(value, "an opponent's rating")
        _outcome(self.outcome, "the outcome", ENTRY_OUTCOMES)
        if not isinstance(self.disconnected, bool):
            raise RatingError(f"disconnected must be true or false, got {brief(self.disconnected)}")


@dataclass(frozen=True)
class Step:
    """One change of a player's rating: its ``date``, ``kind`` (``"game"``, ``"week"`` and ``"month"``
    decay, ``"disconnects"`` penalty), the ``delta`` actually applied and the ``rating`` after it."""

    date: str
    kind: str
    delta: int
    rating: int


class _Ledger:
    """One player's rating and the counters the rules need; shared by :func:`history` and :func:`replay`.

    Call :meth:`advance` to a game's day before :meth:`play` on that day, and to ``today`` at the end.
    """

    def __init__(self, rating: int) -> None:
        self.rating = rating
        self.day: int | None = None  # the last day advanced to
        self.first_week: int | None = None  # Monday of the first game's week
        self.week = 0  # Monday of the week whose games are being counted
        self.week_games = 0
        self.last = 0  # day of the last game
        self.months = 0  # 30-day decays since the last game
        self.disconnects = 0
        self.clean = 0  # games in a row without a disconnect
        self.games = 0
        self.wins = 0

    def _decay(self, day: int, kind: str, amount: int) -> Step | None:
        if self.rating <= DECAY_FLOOR:
            return None
        after = max(DECAY_FLOOR, self.rating - amount)
        delta, self.rating = after - self.rating, after
        return Step(_text(day), kind, delta, after)

    def advance(self, to: int) -> list[Step]:
        """Apply every decay dated on or before day ``to``; return the steps that changed the rating."""
        if self.day is not None and to < self.day:
            raise RatingError(f"{_text(to)} is before {_text(self.day)}: games must be in date order")
        self.day = to
        steps: list[Step] = []
        if self.first_week is None:
            return steps
        while True:
            if self.rating <= DECAY_FLOOR:  # nothing more can change: skip to the end
                if self.week + 7 <= to:
                    self.week, self.week_games = _monday(to), 0
                self.months = max(self.months, (to - self.last) // MONTH_DAYS)
                return steps
            week_due = self.week + 7
            month_due = self.last + MONTH_DAYS * (self.months + 1)
            if week_due <= min(to, month_due):
                if self.week != self.first_week and self.week_games < WEEK_GAMES:
                    step = self._decay(week_due, "week", WEEK_DECAY)
                    steps += [step] if step else []
                self.week, self.week_games = week_due, 0
            elif month_due <= to:
                step = self._decay(month_due, "month", MONTH_DECAY)
                steps += [step] if step else []
                self.months += 1
            else:
                return steps

    def play(self, day: int, mine: Fraction, opponents: Fraction, outcome: str, disconnected: bool) -> list[Step]:
        """Record a game on ``day`` (already advanced to) with side averages ``mine`` and ``opponents``."""
        if self.day != day:
            raise RatingError("internal: advance to the game's day first")
        text = _text(day)
        steps = []
        if outcome != "unscored":  # an unscored game changes nothing but the disconnect count
            after = max(0, self.rating + _points(mine, opponents, _side_base(outcome)))
            steps.append(Step(text, "game", after - self.rating, after))
            self.rating = after
            if self.first_week is None:
                self.first_week = self.week = _monday(day)
            self.week_games += 1
            self.last, self.months = day, 0
            self.games += 1
            self.wins += 1 if outcome == "win" else 0
        if disconnected:
            self.clean = 0
            self.disconnects += 1
            if self.disconnects >= DISCONNECTS:
                self.disconnects = 0
                after = max(0, self.rating - DISCONNECT_PENALTY)
                steps.append(Step(text, "disconnects", after - self.rating, after))
                self.rating = after
        else:
            self.clean += 1
            if self.clean >= CLEAN_GAMES:
                self.disconnects = 0
        return steps


def history(entries: Sequence[Entry], today: str, start: int = START) -> list[Step]:
    """Every change of one player's rating, in date order: games, decays and disconnect penalties.

    ``entries`` are the player's rated games in the order played (dates never decreasing, none after
    ``today``); ``start`` is the rating before the first.  The player's side average is the player's
    rating at the game (after any decay dated that day or earlier) and ``partner``, averaged.  Every
    game gives a step (a tie may give 0); a decay that changes nothing (at 100 or below) gives none.

    >>> steps = history([Entry("2026-11-02", 1000, (1000, 1000), "win")], "2026-12-14")
    >>> [(s.date, s.kind, s.delta, s.rating) for s in steps]
    [('2026-11-02', 'game', 12, 1012), ('2026-11-16', 'week', -30, 982), ('2026-11-23', 'week', -30, 952), \
('2026-11-30', 'week', -30, 922), ('2026-12-02', 'month', -200, 722), ('2026-12-07', 'week', -30, 692), \
('2026-12-14', 'week', -30, 662)]
    """
    return standing(entries, today, start)[0]


def standing(entries: Sequence[Entry], today: str, start: int = START) -> tuple[list[Step], int]:
    """:func:`history`'s steps, and the disconnects counted toward the next penalty on ``today`` (0–4)."""
    if not isinstance(entries, Sequence) or isinstance(entries, str):
        raise RatingError(f"entries must be a list, got {brief(entries)}")
    end = _day(today, "today")
    ledger = _Ledger(_start(start, "the starting rating"))
    steps: list[Step] = []
    for number, entry in enumerate(entries, 1):
        if not isinstance(entry, Entry):
            raise RatingError(f"entry {number} must be an Entry, got {brief(entry)}")
        day = _day(entry.date, f"entry {number}'s date")
        if day > end:
            raise RatingError(f"entry {number} is dated {entry.date}, after today ({today})")
        try:
            steps += ledger.advance(day)
        except RatingError as error:
            raise RatingError(f"entry {number}: {error}") from None
        mine = (Fraction(ledger.rating) + Fraction(entry.partner)) / 2
        theirs = (Fraction(entry.opponents[0]) + Fraction(entry.opponents[1])) / 2
        steps += ledger.play(day, mine, theirs, entry.outcome, entry.disconnected)
    steps += ledger.advance(end)
    return steps, ledger.disconnects


def current(entries: Sequence[Entry], today: str, start: int = START) -> int:
    """The player's rating on ``today`` after ``entries`` (see :func:`history`).

    >>> current([Entry("2026-11-30", 1000, (1040, 1000), "win")], "2026-11-30")
    1014
    """
    steps = history(entries, today, start)
    return steps[-1].rating if steps else _start(start, "the starting rating")


# ---------------------------------------------------------------- the command line's computation

_GAME_KEYS = ("date", "NS", "EW", "winner", "left", "disconnected")


def _name(value: object, what: str) -> str:
    if not isinstance(value, str) or not value.strip() or len(value) > MAX_NAME:
        raise RatingError(f"{what} must be a name of 1 to {MAX_NAME} characters, got {brief(value)}")
    return value


def _read_game(game: object, number: int) -> tuple[int, tuple[str, ...], dict[str, str], set[str]]:
    """A game of :func:`replay`'s input: its day, the four names (NS then EW), each one's outcome, the disconnected."""
    where = f"game {number}"
    if not isinstance(game, Mapping):
        raise RatingError(f"{where} must be an object, got {brief(game)}")
    unknown = [key for key in game if key not in _GAME_KEYS]
    if unknown:
        raise RatingError(f"{where}: unknown key {brief(unknown[0])} (known: {', '.join(_GAME_KEYS)})")
    day = _day(game.get("date"), f"{where}: 'date'")
    seats: list[str] = []
    for side in ("NS", "EW"):
        pair = game.get(side)
        if not isinstance(pair, list) or len(pair) != 2:
            raise RatingError(f"{where}: {side!r} must be a list of two names, got {brief(pair)}")
        seats += [_name(name, f"{where}: a name in {side!r}") for name in pair]
    repeated = [name for name in seats if seats.count(name) > 1]
    if repeated:
        raise RatingError(f"{where}: {brief(repeated[0])} sits twice")
    winner = game.get("winner")
    if winner not in ("NS", "EW", "tie") or not isinstance(winner, str):
        raise RatingError(f"{where}: 'winner' must be NS, EW or tie, got {brief(winner)}")
    left = game.get("left")
    if left is not None and (not isinstance(left, str) or left not in seats):
        raise RatingError(f"{where}: 'left' must be null or a name at the table, got {brief(left)}")
    gone = game.get("disconnected")
    gone = [] if gone is None else gone
    if not isinstance(gone, list) or any(not isinstance(name, str) or name not in seats for name in gone):
        raise RatingError(f"{where}: 'disconnected' must be a list of names at the table, got {brief(gone)}")
    if len(set(gone)) != len(gone):
        raise RatingError(f"{where}: 'disconnected' names someone twice")
    if left is not None:
        winner = "EW" if seats.index(left) < 2 else "NS"
    outcomes = {}
    for i, name in enumerate(seats):
        side = "NS" if i < 2 else "EW"
        outcomes[name] = "tie" if winner == "tie" else "left" if name == left else "win" if side == winner else "loss"
    return day, tuple(seats), outcomes, set(gone)


def replay(data: object, today: str) -> dict[str, Any]:
    """Replay a list of rated four-player games and return every player's rating on ``today``.

    ``data`` is ``{"players": {name: rating, ...}, "games": [game, ...]}``: ``players`` (optional) gives
    starting ratings (other names start at :data:`START`); each game is ``{"date": "YYYY-MM-DD",
    "NS": [a, b], "EW": [c, d], "winner": "NS" | "EW" | "tie", "left": null | name, "disconnected":
    [name, ...]}`` (``left`` and ``disconnected`` optional or null; whoever leaves loses with their partner,
    whatever ``winner`` says), in date order, none after ``today``.

    Returns ``{"players": {name: {"rating", "games", "wins", "disconnects"}}, "games": [{"changes":
    {name: delta}}]}``: ``disconnects`` is the count toward the next penalty; a game's change includes the
    disconnect penalty it triggered but not decays (they fall between games).  The per-player rules are
    those of :func:`history`, by the same code.

    >>> replay({"games": [{"date": "2026-11-30", "NS": ["a", "b"], "EW": ["c", "d"], "winner": "NS"}]},
    ...        "2026-11-30")["games"]
    [{'changes': {'a': 12, 'b': 12, 'c': -12, 'd': -12}}]
    """
    if not isinstance(data, Mapping):
        raise RatingError(f"the input must be a JSON object, got {brief(data)}")
    unknown = [key for key in data if key not in ("players", "games")]
    if unknown:
        raise RatingError(f"unknown key {brief(unknown[0])} (known: players, games)")
    end = _day(today, "today")
    starting = data.get("players", {})
    if not isinstance(starting, Mapping):
        raise RatingError(f"'players' must be an object of names and ratings, got {brief(starting)}")
    ledgers: dict[str, _Ledger] = {}
    for name, rating in starting.items():
        ledgers[_name(name, "a name in 'players'")] = _Ledger(_start(rating, f"the rating of {brief(name)}"))
    games = data.get("games")
    if not isinstance(games, list):
        raise RatingError(f"'games' must be a list, got {brief(games)}")
    changes: list[dict[str, Any]] = []
    previous = None
    for number, game in enumerate(games, 1):
        day, seats, outcomes, gone = _read_game(game, number)
        if previous is not None and day < previous:
            raise RatingError(f"game {number} is dated {_text(day)}, before game {number - 1} ({_text(previous)})")
        if day > end:
            raise RatingError(f"game {number} is dated {_text(day)}, after today ({_text(end)})")
        previous = day
        table = [ledgers.setdefault(name, _Ledger(START)) for name in seats]
        for ledger in table:
            ledger.advance(day)
        ns = Fraction(table[0].rating + table[1].rating, 2)
        ew = Fraction(table[2].rating + table[3].rating, 2)
        deltas = {}
        for i, (name, ledger) in enumerate(zip(seats, table, strict=True)):
            mine, theirs = (ns, ew) if i < 2 else (ew, ns)
            steps = ledger.play(day, mine, theirs, outcomes[name], name in gone)
            deltas[name] = sum(step.delta for step in steps)
        changes.append({"changes": deltas})
    players = {}
    for name, ledger in ledgers.items():
        ledger.advance(end)
        players[name] = {
            "rating": ledger.rating,
            "games": ledger.games,
            "wins": ledger.wins,
            "disconnects": ledger.disconnects,
        }
    return {"players": players, "games": changes}
