"""A player's profile: name, avatar, every finished game, statistics and the rating (点力).

The page keeps one profile in the browser and exports/imports it as one JSON
file.  Everything long-term is derived from the games it holds: statistics
(:func:`statistics`) and the rating (:func:`rating_report`, through
:mod:`spades.stats.rating`) are pure functions of the records, so importing a
profile rebuilds them exactly.

Format ``spades-profile/1``::

    {"format": "spades-profile/1",
     "name": "Ann",                      # 1–40 characters
     "color": "#1e88e5",                 # the avatar's colour, one of COLORS
     "created": "2026-11-30",            # UTC date
     "games": [GAME, ...]}               # in the order played, at most GAME_LIMIT

A game (``GAME``)::

    {"id": "g-1764500000-42",            # unique in the profile, 1–64 characters
     "kind": "solo" | "solo_rated" | "online" | "online_rated",
     "at": "2026-11-30T12:34:56Z",       # when it ended (UTC); dates never go backwards
     "preset": "igame",                  # the rules preset, or "custom"
     "seat": "S",                        # the player's seat
     "players": {"N": {"name": "Expert", "level": "expert", "rating": 1100}, ...},
                                         # the other three seats; level null for people,
                                         # rating at the start (null in unrated games)
     "winner": "NS" | "EW" | null,       # null: the game did not finish
     "left": false,                      # the player left before the end (rated: a loss)
     "disconnected": false,              # the game ended without a result because the player
                                         # dropped (online, rated: only the disconnect counts)
     "score": {"NS": 310, "EW": 120},
     "hands": [HAND, ...] | null}        # null for old games beyond HAND_LIMIT

A hand (``HAND``), per seat in the order N, E, S, W and per team NS, EW::

    {"bids": [4, "nil", 3, 2], "tricks": [5, 0, 3, 5], "made": [true, true],
     "points": [71, 123], "bags": [1, 3], "penalty": [0, 0]}

``made`` is ``null`` for a team without a contract; ``bags`` are the bags the
hand added, ``penalty`` the bag penalty it cost (0 or negative).

Only rated kinds count toward the rating: a rated game that did not finish
counts when the player ``left`` (a loss) or ``disconnected`` (no result, one
disconnect toward the penalty) and is otherwise not counted.
"""

from __future__ import annotations

import datetime
import re
from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from ..errors import SpadesError, brief, msg
from ..jsontext import load_json
from .rating import LEVEL_RATINGS, START, Entry, Step, standing

FORMAT = "spades-profile/1"
KINDS = ("solo", "solo_rated", "online", "online_rated")
RATED = ("solo_rated", "online_rated")
COLORS = ("#1e88e5", "#43a047", "#e53935", "#8e24aa", "#fb8c00", "#00897b", "#6d4c41", "#3949ab")
"""The avatar colours the page offers (each readable with white text)."""
NAME_LIMIT = 40
GAME_LIMIT = 5000
"""Games kept; beyond it the oldest unrated games go first (rated games make the rating)."""
HAND_LIMIT = 500
"""Games that keep their hands; older games keep only their summary."""
TEXT_LIMIT = 8_000_000
"""The largest profile file read (characters)."""

_SEATS = ("N", "E", "S", "W")
_TEAMS = ("NS", "EW")
_LEVELS = ("beginner", "standard", "expert")
_AT = re.compile(r"^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,6})?Z$")
_DATE = re.compile(r"^\d{4}-\d{2}-\d{2}$")
_STEP = re.compile(r"([^.\[\]]+)|\[(\d+)\]")  # a field path's names and [indexes]


class ProfileError(SpadesError):
    """A profile, game or hand that does not follow ``spades-profile/1``."""

    codes: ClassVar[Mapping[str, tuple[str, ...]]] = {
        "profile_too_long": ("limit",),
        "profile_format": ("value",),
        "control_chars": (),
        "not_real_date": ("value",),
        "not_real_time": ("value",),
        "tricks_sum": ("value",),
        "left_and_disconnected": (),
        "rated_needs_ratings": (),
        "id_twice": ("value",),
        "games_order": (),
        "state_unusable": (),
    }
    """The profile's own problems; its field errors are ``at_field`` around them."""


# ----------------------------------------------------------------- validation


def _fail(where: str, message: str, code: str, **params: Any) -> ProfileError:
    """The problem ``code`` (``params``) with the field it is in (``games[3].at``; ``""``: the profile itself).

    The error's ``field`` parameter is the path as a list, ``["games", 3, "at"]``, for the page to word.
    """
    if not where:
        return ProfileError(message, code, params)
    path = [int(index) if index else name for name, index in _STEP.findall(where)]
    return ProfileError(f"{where}: {message}", "at_field", {"field": path, "problem": msg(code, **params)})


def _not(where: str, message: str, value: object, expected: str, **params: Any) -> ProfileError:
    """``where`` is not what it must be (``expected``: a ``type_*`` code with ``params``)."""
    return _fail(
        where, f"{message}, got {brief(value)}", "is_not", expected=msg(expected, **params), value=brief(value)
    )


def _text(value: object, where: str, limit: int, empty: bool = False) -> str:
    if not isinstance(value, str) or len(value) > limit or (not value.strip() and not empty):
        raise _not(where, f"must be text of 1 to {limit} characters", value, "type_text_len", limit=limit)
    if any(ord(ch) < 32 or 0x7F <= ord(ch) < 0xA0 or 0xD800 <= ord(ch) < 0xE000 for ch in value):
        raise _fail(where, "has control characters", "control_chars")
    return value


def _int(value: object, where: str, low: int, high: int) -> int:
    if type(value) is not int or not low <= value <= high:
        raise _not(where, f"must be a whole number from {low} to {high}", value, "type_int_range", low=low, high=high)
    return value


def _bool(value: object, where: str) -> bool:
    if type(value) is not bool:
        raise _not(where, "must be true or false", value, "type_bool")
    return value


def _date(value: object, where: str) -> str:
    if not isinstance(value, str) or not _DATE.match(value):
        raise _not(where, "must be a date YYYY-MM-DD", value, "type_date")
    try:
        datetime.date.fromisoformat(value)
    except ValueError:
        raise _fail(where, f"is not a real date: {brief(value)}", "not_real_date", value=brief(value)) from None
    return value


def check_date(value: object, where: str = "today") -> str:
    """``value`` if it is a real date YYYY-MM-DD; else a :class:`ProfileError` naming ``where``."""
    return _date(value, where)


def _at(value: object, where: str) -> str:
    if not isinstance(value, str) or not _AT.match(value):
        raise _not(where, "must be a UTC time like 2026-11-30T12:34:56Z", value, "type_time")
    _date(value[:10], where)
    try:
        datetime.datetime.fromisoformat(value[:19])
    except ValueError:
        raise _fail(where, f"is not a real time: {brief(value)}", "not_real_time", value=brief(value)) from None
    return value


def _keys(data: object, where: str, required: Sequence[str], optional: Sequence[str] = ()) -> Mapping[str, Any]:
    if not isinstance(data, Mapping):
        raise _not(where, "must be an object", data, "type_object")
    unknown = set(data) - set(required) - set(optional)
    if unknown:
        key = brief(sorted(map(str, unknown))[0])
        raise _fail(where, f"unknown key {key}", "unknown_key", key=key)
    for key in required:
        if key not in data:
            raise _fail(where, f"is missing {key!r}", "missing_key", key=repr(key))
    return data


def _list(value: object, where: str, length: int, item: Any) -> list[Any]:
    if not isinstance(value, list) or len(value) != length:
        raise _not(where, f"must be a list of {length}", value, "type_list_n", n=length)
    return [item(v, f"{where}[{i}]") for i, v in enumerate(value)]


def _bid(value: object, where: str) -> int | str:
    if value in ("nil", "blind_nil") and isinstance(value, str):
        return value
    return _int(value, where, 1, 13)


def _made(value: object, where: str) -> bool | None:
    return None if value is None else _bool(value, where)


def check_hand(data: object, where: str = "hand") -> dict[str, Any]:
    """Validate one ``HAND``; return it normalised (a new dict)."""
    hand = _keys(data, where, ("bids", "tricks", "made", "points", "bags", "penalty"))
    tricks = _list(hand["tricks"], where + ".tricks", 4, lambda v, w: _int(v, w, 0, 13))
    if sum(tricks) != 13:
        raise _fail(where + ".tricks", f"must add up to 13, got {sum(tricks)}", "tricks_sum", value=sum(tricks))
    return {
        "bids": _list(hand["bids"], where + ".bids", 4, _bid),
        "tricks": tricks,
        "made": _list(hand["made"], where + ".made", 2, _made),
        "points": _list(hand["points"], where + ".points", 2, lambda v, w: _int(v, w, -10_000, 10_000)),
        "bags": _list(hand["bags"], where + ".bags", 2, lambda v, w: _int(v, w, 0, 13)),
        "penalty": _list(hand["penalty"], where + ".penalty", 2, lambda v, w: _int(v, w, -10_000, 0)),
    }


def _player(data: object, where: str) -> dict[str, Any]:
    player = _keys(data, where, (), ("name", "level", "rating"))
    name = player.get("name")
    level = player.get("level")
    rating = player.get("rating")
    if level is not None and level not in _LEVELS:
        raise _not(where + ".level", f"must be one of {', '.join(_LEVELS)} or null", level, "type_choice")
    return {
        "name": None if name is None else _text(name, where + ".name", NAME_LIMIT),
        "level": level,
        "rating": None if rating is None else _int(rating, where + ".rating", 0, 100_000),
    }


def check_game(data: object, where: str = "game") -> dict[str, Any]:
    """Validate one ``GAME``; return it normalised (a new dict)."""
    game = _keys(
        data,
        where,
        ("id", "kind", "at", "seat", "players", "winner", "score"),
        ("preset", "left", "disconnected", "hands"),
    )
    kind = game["kind"]
    if kind not in KINDS:
        raise _not(where + ".kind", f"must be one of {', '.join(KINDS)}", kind, "type_choice")
    seat = game["seat"]
    if seat not in _SEATS:
        raise _not(where + ".seat", "must be N, E, S or W", seat, "type_choice")
    others = [s for s in _SEATS if s != seat]
    players = _keys(game["players"], where + ".players", others)
    winner = game["winner"]
    if winner is not None and winner not in _TEAMS:
        raise _not(where + ".winner", "must be NS, EW or null", winner, "type_choice")
    score = _keys(game["score"], where + ".score", _TEAMS)
    hands = game.get("hands")
    if hands is not None and (not isinstance(hands, list) or len(hands) > 1000):
        raise _not(where + ".hands", "must be a list of at most 1000 hands or null", hands, "type_list")
    out = {
        "id": _text(game["id"], where + ".id", 64),
        "kind": kind,
        "at": _at(game["at"], where + ".at"),
        "preset": _text(game.get("preset", "custom"), where + ".preset", 40),
        "seat": seat,
        "players": {s: _player(players[s], f"{where}.players.{s}") for s in others},
        "winner": winner,
        "left": _bool(game.get("left", False), where + ".left"),
        "disconnected": _bool(game.get("disconnected", False), where + ".disconnected"),
        "score": {t: _int(score[t], f"{where}.score.{t}", -100_000, 100_000) for t in _TEAMS},
        "hands": None if hands is None else [check_hand(h, f"{where}.hands[{i}]") for i, h in enumerate(hands)],
    }
    if out["left"] and out["disconnected"]:
        raise _fail(where, "a game is either left or ended by a disconnect, not both", "left_and_disconnected")
    if kind in RATED and (out["winner"] is not None or out["left"] or out["disconnected"]):
        for s in others:
            if out["players"][s]["rating"] is None:
                raise _fail(
                    f"{where}.players.{s}.rating", "a rated game needs every player's rating", "rated_needs_ratings"
                )
    return out


def check_profile(data: object) -> dict[str, Any]:
    """Validate a whole profile (an object, or JSON text/bytes); return it normalised.

    Raises :class:`ProfileError` with one line naming the first problem.
    """
    if isinstance(data, (str, bytes)):
        if len(data) > TEXT_LIMIT:
            raise ProfileError(
                f"a profile is at most {TEXT_LIMIT} characters", "profile_too_long", {"limit": TEXT_LIMIT}
            )
        try:
            data = load_json(data, "the profile")
        except SpadesError as error:
            raise ProfileError(str(error), error.code, error.params) from None
    profile = _keys(data, "", ("format", "name", "games"), ("color", "created"))
    if profile["format"] != FORMAT:
        got = brief(profile["format"])
        raise ProfileError(f"not a profile: format must be {FORMAT!r}, got {got}", "profile_format", {"value": got})
    color = profile.get("color", COLORS[0])
    if color not in COLORS:
        raise _not("color", f"must be one of {', '.join(COLORS)}", color, "type_choice")
    games = profile["games"]
    if not isinstance(games, list) or len(games) > GAME_LIMIT:
        raise _not("games", f"must be a list of at most {GAME_LIMIT} games", games, "type_list")
    checked = [check_game(g, f"games[{i}]") for i, g in enumerate(games)]
    seen: set[str] = set()
    for i, game in enumerate(checked):
        if game["id"] in seen:
            raise _fail(f"games[{i}].id", f"{brief(game['id'])} appears twice", "id_twice", value=brief(game["id"]))
        seen.add(game["id"])
        if i and game["at"] < checked[i - 1]["at"]:
            raise _fail(f"games[{i}].at", "games must be in the order played (times never go backwards)", "games_order")
    return {
        "format": FORMAT,
        "name": _text(profile["name"], "name", NAME_LIMIT),
        "color": color,
        "created": _date(profile.get("created", checked[0]["at"][:10] if checked else "2026-01-01"), "created"),
        "games": checked,
    }


def new_profile(name: str, today: str, color: str = COLORS[0]) -> dict[str, Any]:
    """An empty profile named ``name`` created on ``today`` (YYYY-MM-DD)."""
    return check_profile({"format": FORMAT, "name": name, "color": color, "created": today, "games": []})


# ----------------------------------------------------------------- games from a table


def game_from_state(
    state: Mapping[str, Any],
    *,
    game_id: str,
    kind: str,
    at: str,
    ratings: Mapping[str, int] | None = None,
    left: bool = False,
    disconnected: bool = False,
    winner: str | None = None,
) -> dict[str, Any]:
    """A ``GAME`` from a seat's table state (``spades.table.Table.state``; as JSON, possibly from a peer).

    ``ratings`` gives the other seats' ratings at the start (rated kinds);
    computer seats without one take their level's published rating.
    ``winner`` overrides the state's (a rated table that ended because a
    player left: that player's team lost).  The state is validated as
    untrusted input: only the fields used are read.  Its ``results`` (every
    scored hand's: :meth:`spades.table.Table.full_state`, or a bounded state
    with the hands the page kept added) become the game's ``hands``; a bounded
    state without them (``hands_scored`` but no ``results``) records the game
    with ``hands`` null, as an old game's.
    """
    if not isinstance(state, Mapping):
        raise ProfileError(f"a table state must be an object, got {brief(state)}", "state_unusable")
    seat = state.get("me")
    if seat not in _SEATS:
        raise ProfileError("the state is not a seat's: 'me' must be N, E, S or W", "state_unusable")
    seats = state.get("seats")
    if not isinstance(seats, Mapping):
        raise ProfileError("the state has no seats", "state_unusable")
    given_rules = state.get("rules")
    rules: Mapping[str, Any] = given_rules if isinstance(given_rules, Mapping) else {}
    players: dict[str, Any] = {}
    for other in _SEATS:
        if other == seat:
            continue
        occupant = seats.get(other)
        if not isinstance(occupant, Mapping):
            raise ProfileError(f"the state has no seat {other}", "state_unusable")
        computer = occupant.get("occupant") == "computer"
        level = occupant.get("level") if computer else None
        name = occupant.get("name")
        rating = (ratings or {}).get(other)
        if rating is None and computer and level in LEVEL_RATINGS and kind in RATED:
            rating = LEVEL_RATINGS[level]
        players[other] = {
            "name": name if isinstance(name, str) and name.strip() else None,
            "level": level,
            "rating": rating if kind in RATED else None,
        }
    results = state.get("results")
    hands: list[dict[str, Any]] | None
    if results is None and type(state.get("hands_scored")) is int:
        hands = None  # a bounded state without its hands added (the page had not kept them all): the game alone
    elif not isinstance(results, list):
        raise ProfileError("the state has no results", "state_unusable")
    else:
        hands = []
        for i, result in enumerate(results):
            try:
                hands.append(_hand_from_result(result))
            except (KeyError, TypeError, AttributeError):
                raise ProfileError(f"results[{i}] is not a scored hand", "state_unusable") from None
    totals = state.get("totals")
    winner = winner if winner is not None else state.get("winner")
    if disconnected or left:
        winner = None
    game = {
        "id": game_id,
        "kind": kind,
        "at": at,
        "preset": rules.get("preset", "custom") if isinstance(rules.get("preset"), str) else "custom",
        "seat": seat,
        "players": players,
        "winner": winner,
        "left": left,
        "disconnected": disconnected,
        "score": {t: totals.get(t) for t in _TEAMS} if isinstance(totals, Mapping) else None,
        "hands": hands,
    }
    return check_game(game)


def _hand_from_result(result: Mapping[str, Any]) -> dict[str, Any]:
    """A ``HAND`` from a ``RESULT`` (:func:`spades.formats.protocol.result_to_json`)."""
    return {
        "bids": [result["bids"][s] for s in _SEATS],
        "tricks": [result["tricks"][s] for s in _SEATS],
        "made": [result["made"][t] for t in _TEAMS],
        "points": [result["points"][t] for t in _TEAMS],
        "bags": [result["new_bags"][t] for t in _TEAMS],
        "penalty": [result["bag_penalty"][t] for t in _TEAMS],
    }


def unfinished(game: Mapping[str, Any]) -> bool:
    """Whether ``game`` has no result yet and may still grow: no winner, not left, not ended by a disconnect."""
    return game["winner"] is None and not game["left"] and not game["disconnected"]


def add_game(profile: Mapping[str, Any], game: Mapping[str, Any]) -> dict[str, Any]:
    """``profile`` with ``game`` added at the end.

    A game of the same id that has a result (won, lost, left or ended by a
    disconnect) is already there and stays as it was: adding the same game
    twice (a reload at the end of a game) changes nothing.  A game of the same
    id kept :func:`unfinished` (recorded after a scored hand) is replaced by
    ``game`` when ``game`` has a result or at least as many hands: it moves to
    the end, as the game last played.  A game whose time is before the last
    game's keeps the last game's time, so the order played and the dates agree
    even if the device clock moved back.  Only the newest :data:`HAND_LIMIT`
    games keep their hands; beyond :data:`GAME_LIMIT` games the oldest unrated
    game is dropped first.
    """
    game = check_game(game)
    games = list(profile["games"])
    same = next((i for i, g in enumerate(games) if g["id"] == game["id"]), None)
    if same is not None:
        kept = games[same]
        grows = len(game["hands"] or ()) >= len(kept["hands"] or ())
        if not unfinished(kept) or (unfinished(game) and not grows):
            return dict(profile)
        del games[same]
    if games and game["at"] < games[-1]["at"]:
        game = {**game, "at": games[-1]["at"]}
    games.append(game)
    while len(games) > GAME_LIMIT:
        drop = next((i for i, g in enumerate(games) if g["kind"] not in RATED), 0)
        del games[drop]
    for i in range(len(games) - HAND_LIMIT):
        if games[i]["hands"] is not None:
            games[i] = {**games[i], "hands": None}
    return {**profile, "games": games}


# ----------------------------------------------------------------- rating


def _team(seat: str) -> str:
    return "NS" if seat in ("N", "S") else "EW"


def _partner(seat: str) -> str:
    return _SEATS[(_SEATS.index(seat) + 2) % 4]


def outcome(game: Mapping[str, Any]) -> str | None:
    """``"win"``, ``"loss"``, ``"left"`` or ``None`` (unfinished, not left) for the profile's player."""
    if game["left"]:
        return "left"
    if game["disconnected"]:
        return None
    if game["winner"] is None:
        return None
    return "win" if game["winner"] == _team(game["seat"]) else "loss"


def rating_entries(games: Sequence[Mapping[str, Any]]) -> list[tuple[int, Entry]]:
    """The rated games as :class:`spades.stats.rating.Entry` objects, with their index in ``games``."""
    entries = []
    for index, game in enumerate(games):
        result = "unscored" if game["disconnected"] else outcome(game)
        if game["kind"] not in RATED or result is None:
            continue
        seat = game["seat"]
        players = game["players"]
        opponents = [s for s in _SEATS if _team(s) != _team(seat)]
        entries.append(
            (
                index,
                Entry(
                    date=game["at"][:10],
                    partner=players[_partner(seat)]["rating"],
                    opponents=(players[opponents[0]]["rating"], players[opponents[1]]["rating"]),
                    outcome=result,
                    disconnected=game["disconnected"],
                ),
            )
        )
    return entries


def rating_report(profile: Mapping[str, Any], today: str) -> dict[str, Any]:
    """The player's rating today and every step of it.

    ``{"rating": 1012, "games": 3, "disconnects": 1, "steps": [{"date", "kind", "delta", "rating", "game"}, ...]}``:
    ``kind`` is ``game``, ``week``, ``month`` or ``disconnects`` (see
    :mod:`spades.stats.rating`); ``game`` is the index of the game in the profile
    for game steps (``null`` otherwise).  Decay is applied up to ``today``.
    """
    today = _date(today, "today")
    indexed = rating_entries(profile["games"])
    steps: list[Step]
    steps, disconnects = standing([e for _, e in indexed], today)
    scored = [i for i, e in indexed if e.outcome != "unscored"]  # each gives one "game" step
    games = iter(scored)
    out = []
    for step in steps:
        out.append(
            {
                "date": step.date,
                "kind": step.kind,
                "delta": step.delta,
                "rating": step.rating,
                "game": next(games) if step.kind == "game" else None,
            }
        )
    return {
        "rating": out[-1]["rating"] if out else START,
        "games": len(scored),
        "disconnects": disconnects,
        "steps": out,
    }


# ----------------------------------------------------------------- statistics


def _levels_faced(game: Mapping[str, Any]) -> str | None:
    seat = game["seat"]
    levels = sorted((game["players"][s]["level"] or "person") for s in _SEATS if _team(s) != _team(seat))
    if "person" in levels:
        return None
    return levels[0] if levels[0] == levels[1] else "/".join(levels)


def statistics(games: Sequence[Mapping[str, Any]], live: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """Statistics of the profile's player over ``games`` (checked ``GAME`` objects) and ``live``.

    ``live`` is the game in progress at the page's table (a checked ``GAME``
    without a result, not kept in the profile): its scored hands count in the
    hands' figures at once, and it is ``in_progress``, never a win or a loss.

    Returns::

        {"games": {"all": RECORD, "solo": RECORD, "solo_rated": ..., "online": ..., "online_rated": ...},
         "in_progress": 0 | 1,                                          # live given

         "levels": {"expert": RECORD, "standard/expert": RECORD, ...},   # solo games by opponents' levels
         "streaks": {"current": 3, "best_win": 5, "worst_loss": 2},        # current: + wins / − losses
         "hands": {"count", "points", "points_per_hand", "contracts", "made", "made_pct", "sets",
                   "nil_bids", "nil_made", "nil_pct", "blind_nil_bids", "blind_nil_made",
                   "nils_broken", "opponent_nils", "bags", "bags_per_hand", "penalties",
                   "penalty_points", "bid_accuracy": {"-2": n, ..., "+2": n}, "accuracy_mean"}}

    ``RECORD`` is ``{"played", "won", "win_pct", "left", "unfinished"}``:
    ``played``, ``won`` and ``win_pct`` over finished or left games (a left
    game is a loss), ``unfinished`` the kept games without a result (abandoned,
    or ended by a disconnect), which count in no streak.  Hand figures are from the player's side: the player's team
    for points, contracts, sets and bags; the player's own seat for nils and
    bid accuracy (tricks − bid, numeric bids; the buckets ``-2`` and ``+2``
    include anything beyond); ``nils_broken`` counts the opponents' nil and
    blind nil bids that failed.  Percentages are rounded to one decimal, or
    ``null`` when there is nothing to count.
    """

    def record() -> dict[str, Any]:
        return {"played": 0, "won": 0, "win_pct": None, "left": 0, "unfinished": 0}

    kinds = {"all": record(), **{k: record() for k in KINDS}}
    levels: dict[str, dict[str, Any]] = {}
    streak = best = worst = 0
    h = {
        "count": 0, "points": 0, "contracts": 0, "made": 0, "sets": 0, "nil_bids": 0, "nil_made": 0,
        "blind_nil_bids": 0, "blind_nil_made": 0, "nils_broken": 0, "opponent_nils": 0, "bags": 0,
        "penalties": 0, "penalty_points": 0,
    }  # fmt: skip
    accuracy = {"-2": 0, "-1": 0, "0": 0, "+1": 0, "+2": 0}
    accuracy_sum = accuracy_count = 0
    if live is not None and outcome(live) is not None:
        raise ProfileError("a game in progress has no result yet", "state_unusable")
    for game in (*games, *([live] if live is not None else ())):
        result = outcome(game)
        if result is None and game is not live:
            kinds["all"]["unfinished"] += 1
            kinds[game["kind"]]["unfinished"] += 1
        elif result is not None:
            won = result == "win"
            targets = [kinds["all"], kinds[game["kind"]]]
            faced = _levels_faced(game) if game["kind"] in ("solo", "solo_rated") else None
            if faced is not None:
                targets.append(levels.setdefault(faced, record()))
            for target in targets:
                target["played"] += 1
                target["won"] += won
                target["left"] += result == "left"
            streak = (max(streak, 0) + 1) if won else (min(streak, 0) - 1)
            best = max(best, streak)
            worst = max(worst, -streak)
        seat = game["seat"]
        me = _SEATS.index(seat)
        team = me % 2
        for hand in game["hands"] or ():
            h["count"] += 1
            h["points"] += hand["points"][team]
            made = hand["made"][team]
            if made is not None:
                h["contracts"] += 1
                h["made"] += made
                h["sets"] += not made
            bid = hand["bids"][me]
            tricks = hand["tricks"][me]
            if bid == "nil":
                h["nil_bids"] += 1
                h["nil_made"] += tricks == 0
            elif bid == "blind_nil":
                h["blind_nil_bids"] += 1
                h["blind_nil_made"] += tricks == 0
            else:
                diff = tricks - bid
                accuracy_sum += diff
                accuracy_count += 1
                accuracy["-2" if diff <= -2 else "+2" if diff >= 2 else ("+" if diff > 0 else "") + str(diff)] += 1
            for other in (1 - team, 3 - team):
                if hand["bids"][other] in ("nil", "blind_nil"):
                    h["opponent_nils"] += 1
                    h["nils_broken"] += hand["tricks"][other] > 0
            h["bags"] += hand["bags"][team]
            if hand["penalty"][team]:
                h["penalties"] += 1
                h["penalty_points"] += hand["penalty"][team]

    def pct(part: int, whole: int) -> float | None:
        return round(100 * part / whole, 1) if whole else None

    for target in (*kinds.values(), *levels.values()):
        target["win_pct"] = pct(target["won"], target["played"])
    count = h["count"]
    hands = {
        **h,
        "points_per_hand": round(h["points"] / count, 1) if count else None,
        "made_pct": pct(h["made"], h["contracts"]),
        "nil_pct": pct(h["nil_made"], h["nil_bids"]),
        "bags_per_hand": round(h["bags"] / count, 2) if count else None,
        "bid_accuracy": accuracy,
        "accuracy_mean": round(accuracy_sum / accuracy_count, 2) if accuracy_count else None,
    }
    return {
        "games": kinds,
        "in_progress": int(live is not None),
        "levels": dict(sorted(levels.items())),
        "streaks": {"current": streak, "best_win": best, "worst_loss": worst},
        "hands": hands,
    }
