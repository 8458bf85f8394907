"""The page's engine bridge: JSON text in, JSON text out (runs in the Pyodide worker).

The browser worker (``static/engine-worker.mjs``) calls :func:`handle` with an
operation name and its arguments as JSON text, and posts back the JSON text
it returns.  Pure Python, so the same calls are tested in CPython.

Every operation names its table (``"table"``, default ``"main"``; at most
:data:`TABLE_LIMIT` at once); results that carry a state carry it for
``"viewer"`` (default: the acting seat, else the table's first person, else
``"spectator"``).  ``docs/table.md`` lists the operations and their fields:

``new``, ``load``, ``import``, ``act``, ``step``, ``state``, ``events``,
``seat``, ``hint``, ``record``, ``hand`` (a finished hand, also of a host's room), ``sheets``,
``close``, ``rules``, ``ping``; and for a host's
online room (:mod:`spades.table.room`): ``room_new``, ``room_load``, ``room_takeover``, ``room_receive``,
``room_disconnect``, ``room_rtt``, ``room_tick``, ``room_step``, ``room_close``,
each answering ``{"out": [{"to": peer, "message": ...}], "save": spades-room/1}``;
for the post-hand review (:mod:`spades.learn.analysis`, worked in small steps so the
worker answers other calls in between): ``review_start``, ``review_next``, ``review_cancel``;
and for the player's profile (:mod:`spades.stats.profile`, kept by the page as JSON
text and passed in as ``"profile"``): ``profile_new``, ``profile_check``,
``profile_set``, ``profile_add``, ``profile_report``; deal links and the daily deal
(:mod:`spades.formats.dealcode`, :mod:`spades.table.duplicate`): ``deal_new``, ``deal_link``, ``duplicate``; and the
lessons (:mod:`spades.learn.tutorial`):
``lesson_list``, ``lesson_start``, ``lesson_step``, ``lesson_act``, ``lesson_close``; and for a guest at an
online table (:mod:`spades.table.guest`: every message from the host is checked before the page uses it):
``guest_check``, ``guest_blind`` (a host-blind chunk checked and taken by the device) and ``guest_listings``, and
for the room's commit–reveal deals (:mod:`spades.table.fair`)
``fair_guest`` (answer the host's ``fair`` message, check its deal) and ``fair_verify`` (*Verify this deal*: a
hand's fair part against its deal); and for a host-blind hand (:mod:`spades.table.blindops`: a device's
``blind_start``, ``blind_receive``, ``blind_bid``, ``blind_play``, ``blind_view``, ``blind_state``, ``blind_expire``,
``blind_close``; the host's relay ``blind_relay_new``, ``blind_relay_receive``, ``blind_relay_expire``,
``blind_relay_close``).

:func:`handle` never raises: any refusal, malformed JSON or bad argument comes
back as one object ``{"error": message, "kind": class name, "code", "params"}`` (the English message at
most a few hundred characters; ``code`` and ``params`` are what the page translates, see
:mod:`spades.errors`) and leaves every table as it was.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable, Mapping
from typing import Any, ClassVar, TypeVar, overload

from . import __version__
from .bots import LEVELS
from .cards import Seat
from .errors import SpadesError, brief, msg
from .formats.dealcode import daily, decode, encode, game_of, spec_of
from .formats.record import from_record, to_record
from .formats.scoresheet import finished_hand
from .game import parse_deal
from .i18n.catalog import Explanation, advise
from .jsontext import nests_deeper
from .learn.analysis import Review, ReviewError
from .learn.tutorial import OPERATIONS as LESSON_OPERATIONS
from .rules import BIDDING_STYLES, PRESET_NAMES, Rules
from .stats.profile import (
    COLORS,
    KINDS,
    TEXT_LIMIT,
    add_game,
    check_date,
    check_profile,
    game_from_state,
    new_profile,
    rating_report,
)
from .stats.rating import LEVEL_RATINGS, MAX_RATING
from .stats.report import profile_report, score_chart
from .table.blindops import OPERATIONS as BLIND_OPERATIONS
from .table.blindops import BlindOpError, op_blind_receive
from .table.duplicate import duplicate_play, duplicate_result, duplicate_table
from .table.fair import Contributor, verify_part
from .table.guest import Guard, GuestError, check_host_message, message_type
from .table.room import HOST, Room, RoomConfig, is_key
from .table.table import Occupant, Policy, Table, clone, parse_seat, parse_seats, parse_viewer
from .table.takeover import take_over
from .table.verify import verify_blind_hand

TABLE_LIMIT = 16
ARGS_LIMIT = 1_000_000
"""Longest argument text accepted (a long game's save is well under 100 KB)."""
ARGS_DEPTH = 64
"""The deepest nesting of an operation's arguments (a room's save, the deepest, needs about ten)."""
ERROR_LIMIT = 300
LANGS = ("en", "zh-Hans", "zh-Hant")

_tables: dict[str, Table] = {}
_rooms: dict[str, Room] = {}


class WorkerError(SpadesError):
    """An operation the worker cannot carry out (unknown op, missing table, bad arguments)."""

    codes: ClassVar[Mapping[str, tuple[str, ...]]] = {
        "unknown_op": ("value",),
        "args_not_text": (),
        "args_too_long": ("length", "limit"),
        "args_too_deep": (),
        "args_not_json": (),
        "args_not_object": (),
        "no_table": ("name",),
        "no_room": ("name",),
        "too_many_tables": ("limit",),
        "seed_range": ("value",),
        "bad_time": ("value",),
        "peer_id": (),
        "rating_range": ("high", "value"),
        "disconnects_range": ("value",),
        "bad_rtt": ("value",),
        "arg_missing": ("key",),
        "profile_kind": ("value",),
        "table_or_state": (),
    }
    """The page's calls the worker refuses."""


_T = TypeVar("_T")


@overload
def _get(args: dict[str, Any], key: str, kind: type[_T]) -> _T | None: ...
@overload
def _get(args: dict[str, Any], key: str, kind: type[_T], default: _T) -> _T: ...
def _get(args: dict[str, Any], key: str, kind: type[_T], default: _T | None = None) -> _T | None:
    """``args[key]`` of exactly type ``kind`` (``True`` is not a number here), or ``default`` if missing/null."""
    value = args.get(key)
    if value is None:
        return default
    if type(value) is not kind:
        what = {str: "text", int: "a whole number", bool: "true or false", dict: "an object"}.get(kind, kind.__name__)
        expected = {str: "type_text", int: "type_int", bool: "type_bool", dict: "type_object"}.get(kind, "type_choice")
        raise WorkerError(
            f"'{key}' must be {what}, got {brief(value)}",
            "at_field",
            {"field": key, "problem": msg("is_not", expected=msg(expected), value=brief(value))},
        )
    checked: _T = value  # its type is exactly kind
    return checked


def _table_id(args: dict[str, Any]) -> str:
    name = _get(args, "table", str, "main")
    if not 0 < len(name) <= 64:
        raise WorkerError("'table' must be a name of 1 to 64 characters", "table_name")
    return name


def _current(args: dict[str, Any]) -> tuple[str, Table]:
    name = _table_id(args)
    table = _tables.get(name)
    if table is None:
        raise _no_table(name)
    return name, table


def _seed(args: dict[str, Any]) -> int | None:
    seed = args.get("seed")
    if seed is None:
        return None
    if type(seed) is not int or not 0 <= seed < 2**53:
        raise WorkerError(
            f"'seed' must be a whole number 0 to 2**53 - 1, got {brief(seed)}", "seed_range", {"value": brief(seed)}
        )
    return seed


def _lang(args: dict[str, Any]) -> str:
    lang = _get(args, "lang", str, "en")
    if lang not in LANGS:
        raise WorkerError(
            f"'lang' must be one of {', '.join(LANGS)}, got {brief(lang)}", "lang_unknown", {"value": brief(lang)}
        )
    return lang


def _viewer(args: dict[str, Any], table: Table, seat: Seat | None = None) -> str:
    if args.get("viewer") is not None:
        return parse_viewer(args["viewer"])
    if seat is not None:
        return seat.name
    for each in Seat:
        if table.seats[each].kind == "person":
            return each.name
    return "spectator"


def _no_table(name: str) -> WorkerError:
    return WorkerError(
        f"no table {name!r}: start one with 'new', 'load' or 'import'", "no_table", {"name": brief(name)}
    )


def _put(name: str, table: Table) -> None:
    if name not in _tables and len(_tables) >= TABLE_LIMIT:
        raise WorkerError(
            f"too many tables (at most {TABLE_LIMIT}): close one first", "too_many_tables", {"limit": TABLE_LIMIT}
        )
    _tables[name] = table


def _answer(table: Table, viewer: str, events: list[dict[str, Any]] | None = None, lang: str = "en") -> dict[str, Any]:
    out: dict[str, Any] = {"state": table.state(viewer), "save": table.save()}
    if events is not None:
        out["events"] = [table.public_event(e, lang) for e in events]
    return out


def _new(args: dict[str, Any]) -> dict[str, Any]:
    name = _table_id(args)
    rules = args.get("rules")
    if rules is not None and not isinstance(rules, dict):
        raise WorkerError(f"'rules' must be an object, got {brief(rules)}", "rules_not_object", {"value": brief(rules)})
    table = Table.new(
        rules, seed=_seed(args), seats=parse_seats(args.get("seats")), policy=Policy.from_json(args.get("policy"))
    )
    viewer = _viewer(args, table)
    _put(name, table)
    return _answer(table, viewer, [])


def _load(args: dict[str, Any]) -> dict[str, Any]:
    name = _table_id(args)
    table = Table.load(args.get("save"))
    viewer = _viewer(args, table)
    _put(name, table)
    return _answer(table, viewer)


def _import(args: dict[str, Any]) -> dict[str, Any]:
    name = _table_id(args)
    game = from_record(args.get("record"))
    table = Table(game, parse_seats(args.get("seats")), Policy.from_json(args.get("policy")))
    viewer = _viewer(args, table)
    _put(name, table)
    return _answer(table, viewer)


def _act(args: dict[str, Any]) -> dict[str, Any]:
    name, table = _current(args)
    seat = parse_seat(args.get("seat"))
    intent = args.get("intent")
    viewer = _viewer(args, table, seat)
    lang = _lang(args)
    work = clone(table)
    events = work.act(seat, intent)
    out = _answer(work, viewer, events, lang)
    _tables[name] = work
    return out


def _step(args: dict[str, Any]) -> dict[str, Any]:
    name, table = _current(args)
    viewer = _viewer(args, table)
    lang = _lang(args)
    work = clone(table)
    events = work.step()
    out = _answer(work, viewer, events, lang)
    out["event"] = out["events"][0] if out["events"] else None
    _tables[name] = work
    return out


def _state(args: dict[str, Any]) -> dict[str, Any]:
    _, table = _current(args)
    return _answer(table, _viewer(args, table))


def _events(args: dict[str, Any]) -> dict[str, Any]:
    _, table = _current(args)
    viewer = _viewer(args, table)
    since = args.get("since", 0)
    events = table.events_since(since, viewer, _lang(args))
    if events is None:
        return {"reset": True, "state": table.state(viewer)}
    return {"events": events}


def _seat(args: dict[str, Any]) -> dict[str, Any]:
    name, table = _current(args)
    seat = parse_seat(args.get("seat"))
    occupant = Occupant.from_json(args.get("occupant"))
    viewer = _viewer(args, table)
    lang = _lang(args)
    work = clone(table)
    events = work.set_occupant(seat, occupant)
    out = _answer(work, viewer, events, lang)
    _tables[name] = work
    return out


def _hint(args: dict[str, Any]) -> dict[str, Any]:
    _, table = _current(args)
    seat = parse_seat(args.get("seat"))
    level = _get(args, "level", str, "expert")
    lang = _lang(args)
    move, why = table.hint(seat, level)
    key = "bid" if table.game.phase.value == "bidding" else "card"
    text = advise(why, lang, seat) if isinstance(why, Explanation) else None  # said to the person: "your ..."
    return {key: move, "hint": why.to_json() if why is not None and text is not None else None, "text": text}


def _record(args: dict[str, Any]) -> dict[str, Any]:
    """The game as a hand record; a host's room's (``table`` its name) with every hand's ``fair`` part."""
    room = _rooms.get(_table_id(args))
    record = room.record() if room is not None and _table_id(args) not in _tables else None
    if record is not None:
        return record
    _, table = _current(args)
    return to_record(table.game)


def _hand(args: dict[str, Any]) -> dict[str, Any]:
    """A finished hand to replay (:func:`spades.formats.scoresheet.finished_hand`); the table may be a host's room."""
    name = _table_id(args)
    room = _rooms.get(name)
    table = _tables.get(name) or (room.table if room is not None else None)
    if table is None:
        raise _no_table(name)
    return finished_hand(table.game, args.get("number"))


def _sheets(args: dict[str, Any]) -> dict[str, Any]:
    """The results and score sheets of scored hands ``from`` … ``to`` (:meth:`Table.scored_hands`; ``to``
    omitted: the last scored hand); the table may be a host's room.  A viewer state carries only the last one."""
    name = _table_id(args)
    room = _rooms.get(name)
    table = _tables.get(name) or (room.table if room is not None else None)
    if table is None:
        raise _no_table(name)
    return table.scored_hands(args.get("from", 1), args.get("to"))


def _close(args: dict[str, Any]) -> dict[str, Any]:
    _tables.pop(_table_id(args), None)
    return {}


def _rules(args: dict[str, Any]) -> dict[str, Any]:
    rules = args.get("rules")
    if rules is not None and not isinstance(rules, dict):
        raise WorkerError(f"'rules' must be an object, got {brief(rules)}", "rules_not_object", {"value": brief(rules)})
    return {
        "rules": Rules.from_dict(rules).to_dict(),
        "presets": list(PRESET_NAMES),
        "biddings": list(BIDDING_STYLES),
        "levels": list(LEVELS),
        "level_ratings": dict(LEVEL_RATINGS),
    }


def _room(args: dict[str, Any]) -> tuple[str, Room]:
    name = _table_id(args)
    room = _rooms.get(name)
    if room is None:
        raise WorkerError(
            f"no room {name!r}: start one with 'room_new' or 'room_load'", "no_room", {"name": brief(name)}
        )
    return name, room


def _now(args: dict[str, Any]) -> float:
    now: object = args.get("now")
    if isinstance(now, bool) or not isinstance(now, (int, float)) or not 0 <= now < 2**53:
        raise WorkerError(f"'now' must be a time in milliseconds, got {brief(now)}", "bad_time", {"value": brief(now)})
    return float(now)


def _peer(args: dict[str, Any]) -> str:
    peer = _get(args, "peer", str, "")
    if not 0 < len(peer) <= 64:
        raise WorkerError("'peer' must be a peer id of 1 to 64 characters", "peer_id")
    return peer


def _room_answer(room: Room, out: list[tuple[str, dict[str, Any]]]) -> dict[str, Any]:
    return {"out": [{"to": peer, "message": message} for peer, message in out], "save": room.save()}


def _room_new(args: dict[str, Any]) -> dict[str, Any]:
    name = _table_id(args)
    rules = args.get("rules")
    if rules is not None and not isinstance(rules, dict):
        raise WorkerError(f"'rules' must be an object, got {brief(rules)}", "rules_not_object", {"value": brief(rules)})
    host = _get(args, "name", str, "Host")
    seat = parse_seat(args.get("seat", "S"))
    rating = _get(args, "rating", int)
    disconnects = _get(args, "disconnects", int, 0)
    if rating is not None and not 0 <= rating <= MAX_RATING:
        raise WorkerError(
            f"'rating' must be 0 to {MAX_RATING}, got {brief(rating)}",
            "rating_range",
            {"high": MAX_RATING, "value": brief(rating)},
        )
    if not 0 <= disconnects <= 1000:
        raise WorkerError(
            f"'disconnects' must be 0 to 1000, got {brief(disconnects)}",
            "disconnects_range",
            {"value": brief(disconnects)},
        )
    room = Room(
        Rules.from_dict(rules),
        RoomConfig.from_json(args.get("room")),
        host,
        seat,
        seed=_seed(args),
        rating=rating,
        disconnects=disconnects,
    )
    room.members[HOST].key = _key(args)
    if name not in _rooms and len(_rooms) >= TABLE_LIMIT:
        raise WorkerError(
            f"too many rooms (at most {TABLE_LIMIT}): close one first", "too_many_tables", {"limit": TABLE_LIMIT}
        )
    _rooms[name] = room
    return {**_room_answer(room, room.opening()), "token": room.members["host"].token}


def _room_load(args: dict[str, Any]) -> dict[str, Any]:
    name = _table_id(args)
    room = Room.load(args.get("save"), _now(args))
    _rooms[name] = room
    return {**_room_answer(room, room.opening()), "token": room.members[HOST].token}


def _key(args: dict[str, Any]) -> str | None:
    """The optional ``key``: the host's public key (:data:`spades.table.room.KEY_LENGTH` characters of base64url)."""
    key = _get(args, "key", str)
    if key is not None and not is_key(key):
        raise WorkerError(
            f"'key' must be a public key of 87 base64url characters, got {brief(key)}",
            "at_field",
            {"field": "key", "problem": msg("is_not", expected=msg("type_text"), value=brief(key))},
        )
    return key


def _room_takeover(args: dict[str, Any]) -> dict[str, Any]:
    """A room whose host is gone, taken over from the page's public data (:func:`spades.table.takeover.take_over`):
    ``public`` ``{room, hands, chat, scored?}``, ``peer`` and ``name`` the new host's, ``now``, ``seed``; optional
    ``token`` (the page's seat token: finds its seat by the seat's claim, else ``name`` does), ``key``, ``password``."""
    name = _table_id(args)
    _peer(args)  # the new host's own id on the link; in its room it is the host (spades.table.room.HOST)
    person = _get(args, "name", str)
    if person is None:
        raise WorkerError(
            "'name' must be the new host's name",
            "at_field",
            {"field": "name", "problem": msg("is_not", expected=msg("type_text"), value=brief(None))},
        )
    token = _get(args, "token", str)
    key = _key(args)
    room, seat = take_over(
        args.get("public"),
        person,
        _now(args),
        seed=_seed(args),
        token=token[:64] if token is not None else None,
        key=key,
        password=_get(args, "password", str),
    )
    if name not in _rooms and len(_rooms) >= TABLE_LIMIT:
        raise WorkerError(
            f"too many rooms (at most {TABLE_LIMIT}): close one first", "too_many_tables", {"limit": TABLE_LIMIT}
        )
    _rooms[name] = room
    return {**_room_answer(room, room.opening()), "seat": seat.name, "token": room.members[HOST].token}


def _room_receive(args: dict[str, Any]) -> dict[str, Any]:
    _, room = _room(args)
    return _room_answer(room, room.receive(_peer(args), args.get("message"), _now(args)))


def _room_disconnect(args: dict[str, Any]) -> dict[str, Any]:
    _, room = _room(args)
    return _room_answer(room, room.disconnect(_peer(args), _now(args)))


def _room_rtt(args: dict[str, Any]) -> dict[str, Any]:
    _, room = _room(args)
    rtt: object = args.get("rtt")
    if isinstance(rtt, bool) or not isinstance(rtt, (int, float)):
        raise WorkerError(f"'rtt' must be milliseconds, got {brief(rtt)}", "bad_rtt", {"value": brief(rtt)})
    return _room_answer(room, room.set_rtt(_peer(args), rtt))


def _room_tick(args: dict[str, Any]) -> dict[str, Any]:
    _, room = _room(args)
    return _room_answer(room, room.tick(_now(args)))


def _room_step(args: dict[str, Any]) -> dict[str, Any]:
    _, room = _room(args)
    return _room_answer(room, room.step(_now(args) if "now" in args else None))


def _room_close(args: dict[str, Any]) -> dict[str, Any]:
    _rooms.pop(_table_id(args), None)
    return {}


_held: list[Any] = [None, None]  # the last profile text read and its checked form


def _profile(args: dict[str, Any]) -> dict[str, Any]:
    """The checked profile of ``args["profile"]`` (JSON text); the last one read is kept, not read twice."""
    text = _get(args, "profile", str)
    if text is None:
        raise WorkerError("'profile' (the profile's JSON text) is required", "arg_missing", {"key": "profile"})
    if text != _held[0]:
        profile = check_profile(text)
        _held[0], _held[1] = text, profile
    checked: dict[str, Any] = _held[1]
    return checked


def _saved(profile: dict[str, Any]) -> str:
    text = json.dumps(profile, ensure_ascii=False, separators=(",", ":"))
    _held[0], _held[1] = text, profile
    return text


def _today(args: dict[str, Any]) -> str:
    today = _get(args, "today", str)
    if today is None:
        raise WorkerError("'today' (YYYY-MM-DD, UTC) is required", "arg_missing", {"key": "today"})
    return today


def _profile_new(args: dict[str, Any]) -> dict[str, Any]:
    profile = new_profile(_get(args, "name", str, "Player"), _today(args), _get(args, "color", str, COLORS[0]))
    return {"profile": _saved(profile)}


def _profile_check(args: dict[str, Any]) -> dict[str, Any]:
    profile = _profile(args)
    return {"profile": _saved(profile), "name": profile["name"], "games": len(profile["games"])}


def _profile_set(args: dict[str, Any]) -> dict[str, Any]:
    profile = dict(_profile(args))
    for key in ("name", "color"):
        if args.get(key) is not None:
            profile[key] = args[key]
    return {"profile": _saved(check_profile(profile))}


def _profile_add(args: dict[str, Any]) -> dict[str, Any]:
    profile = _profile(args)
    today = _today(args)
    kind = _get(args, "kind", str)
    if kind not in KINDS:
        raise WorkerError(
            f"'kind' must be one of {', '.join(KINDS)}, got {brief(kind)}", "profile_kind", {"value": brief(kind)}
        )
    state: dict[str, Any] | None
    if args.get("table") is not None:
        _, table = _current(args)
        state = table.full_state(_viewer(args, table))
    else:  # an online table's state, with the results of its scored hands (the page keeps them: sheet.py)
        state = _get(args, "state", dict)
        if state is None:
            raise WorkerError("'table' or 'state' is required", "table_or_state")
    ratings = _get(args, "ratings", dict, {})
    game = game_from_state(
        state,
        game_id=_get(args, "id", str, ""),
        kind=kind,
        at=_get(args, "at", str, ""),
        ratings=ratings,
        left=_get(args, "left", bool, False),
        disconnected=_get(args, "unscored", bool, False),
        winner=_get(args, "winner", str),
    )
    base = {**profile, "games": [g for g in profile["games"] if g["id"] != game["id"]]}
    before = rating_report(base, today)["rating"]
    updated = add_game(profile, game)
    after = rating_report(updated, today)["rating"]
    return {"profile": _saved(updated), "before": before, "after": after, "game": game}


def _live_game(args: dict[str, Any], profile: dict[str, Any], today: str) -> dict[str, Any] | None:
    """The game in progress at table ``args["table"]`` (a solo game: the page's own) as an unkept ``GAME``.

    ``None`` without a table, when there is no such table, when its game is over (the page keeps it then),
    or when the profile already keeps the game ``args["id"]`` (recorded after a hand: not counted twice).
    """
    if args.get("table") is None:
        return None
    table = _tables.get(_table_id(args))
    if table is None:
        return None
    key = _get(args, "id", str)
    if key is not None and any(g["id"] == key for g in profile["games"]):
        return None
    state = table.full_state(_viewer(args, table))
    if state["phase"] == "game-over" or state["me"] is None:
        return None
    kind = "solo_rated" if state["policy"]["kind"] == "rated" else "solo"
    return game_from_state(state, game_id=key or "live", kind=kind, at=today + "T00:00:00Z")


def _profile_report(args: dict[str, Any]) -> dict[str, Any]:
    """The profile's report; with ``table`` (and ``viewer``, ``id``), its game in progress counts (``_live_game``)."""
    if _get(args, "brief", bool, False):  # only what a table shows of the player
        rating = rating_report(_profile(args), _today(args))
        return {"rating": rating["rating"], "disconnects": rating["disconnects"], "rated_games": rating["games"]}
    profile = _profile(args)
    today = check_date(_today(args))
    return profile_report(profile, today, _lang(args), _live_game(args, profile, today))


def _score_chart(args: dict[str, Any]) -> dict[str, Any]:
    state: dict[str, Any] | None
    if args.get("table") is not None:
        _, table = _current(args)
        state = table.full_state(_viewer(args, table))
    else:  # an online table's state as the host sent it (with the page's results added): read as untrusted
        state = _get(args, "state", dict)
        if state is None:
            raise WorkerError("'table' or 'state' is required", "table_or_state")
    try:
        return {"svg": score_chart(state, _lang(args))}
    except (KeyError, TypeError, AttributeError, ValueError):
        raise WorkerError("the state's results are not scored hands", "state_unusable") from None


def _deal_new(args: dict[str, Any]) -> dict[str, Any]:
    """A new game from a deal code (``code``) or the daily deal of a UTC ``date``; the person at the code's seat.

    ``bids`` and ``play`` (as in a hand record: bids from left of the dealer, cards in play order) make it a
    position: the deal with those moves made, each checked (a refusal names the step, like an import).
    ``levels`` (``{"N": "expert", ...}``) are the computer seats' levels; the answer adds ``code``, ``seat``,
    ``daily`` (the date or null) and ``seed`` to ``state, save, events``.
    """
    name = _table_id(args)
    date = _get(args, "date", str)
    code = encode(daily(date)) if date is not None else _get(args, "code", str)
    if code is None:
        raise WorkerError("'code' or 'date' is required", "arg_missing", {"key": "code"})
    seat = decode(code).seat
    levels = _get(args, "levels", dict, {})
    seats = {}
    for each in Seat:
        kind = "person" if each == seat else "computer"
        seats[each.name] = {"occupant": kind, "level": levels.get(each.name, "standard")}
    game = game_of(code)
    bids, play = args.get("bids"), args.get("play")
    if bids is not None or play is not None:  # a position: the deal, then these moves (a hand record, replayed)
        record = to_record(game)
        record["hands"][0].update({"bids": [] if bids is None else bids, "play": [] if play is None else play})
        game = from_record(record)
    table = Table(game, parse_seats(seats), Policy.from_json(args.get("policy")))
    _put(name, table)
    out = _answer(table, seat.name, [])
    out.update({"code": code, "seat": seat.name, "daily": date, "seed": table.game.seed})
    return out


def _deal_link(args: dict[str, Any]) -> dict[str, Any]:
    """The deal code of the table's hand in progress, for a person at ``seat``."""
    _, table = _current(args)
    seat = parse_seat(args.get("seat"))
    return {"code": encode(spec_of(table.game, seat))}


_replays: dict[str, tuple[tuple[int, str], Table]] = {}
"""Duplicate replays under way, by table name: ((the game's seed, the seat), the replay's table)."""


def _duplicate(args: dict[str, Any]) -> dict[str, Any]:
    """The first hand again with ``seat``'s team played by two experts (:func:`spades.table.duplicate.duplicate`).

    With ``steps``, at most that many moves per call (the worker stays free for other calls): ``{"done": false,
    "moves"}`` until the replay is over, then the comparison with ``"done": true``.
    """
    name, table = _current(args)
    seat = parse_seat(args.get("seat"))
    steps = _get(args, "steps", int)
    key = (table.game.seed, seat.name)
    kept = _replays.get(name)
    replay = kept[1] if kept is not None and kept[0] == key else duplicate_table(table, seat)
    if not duplicate_play(replay, steps):
        _replays[name] = (key, replay)
        return {"done": False, "moves": len(replay.game.history[-1].moves)}
    _replays.pop(name, None)
    return {"done": True, **duplicate_result(table, replay, seat)}


REVIEW_LIMIT = 4
"""Review jobs kept at once; starting another drops the oldest."""
_reviews: dict[str, Review] = {}
_review_count = [0]


def _review_job(args: dict[str, Any]) -> tuple[str, Review]:
    job = _get(args, "job", str, "")
    review = _reviews.get(job)
    if review is None:
        raise ReviewError(
            f"no review job {brief(job)}: start one with 'review_start'", "rev_no_job", {"job": brief(job)}
        )
    return job, review


def _review_start(args: dict[str, Any]) -> dict[str, Any]:
    """Start reviewing ``seat``'s decisions in finished hand ``hand`` (:mod:`spades.learn.analysis`)."""
    _, table = _current(args)
    viewer = _viewer({}, table)
    default = viewer if viewer in Seat.__members__ else "S"
    seat = parse_seat(args.get("seat") if args.get("seat") is not None else default)
    seed = _seed(args)
    hand = finished_hand(table.game, args.get("hand"))
    review = Review(table.game, hand["number"], seat, seed=seed if seed is not None else hand["number"])
    _review_count[0] += 1
    job = f"r{_review_count[0]}"
    while len(_reviews) >= REVIEW_LIMIT:
        del _reviews[next(iter(_reviews))]
    _reviews[job] = review
    return {
        "job": job,
        "seat": seat.name,
        "decisions": len(review.points),
        "steps": review.total_steps,
        "hand": hand,
    }


def _review_next(args: dict[str, Any]) -> dict[str, Any]:
    """One step of a review job: ``{"job", "done", "steps", "verdict" (one finished decision, or null),
    "summary"}``; a finished job stays until cancelled or pushed out."""
    job, review = _review_job(args)
    lang = _lang(args)
    verdict = review.step()
    return {
        "job": job,
        "done": review.steps_done,
        "steps": review.total_steps,
        "verdict": verdict.to_json(lang) if verdict is not None else None,
        "summary": review.summary(),
    }


def _review_cancel(args: dict[str, Any]) -> dict[str, Any]:
    """Forget a review job (a job already gone is not an error): ``{"cancelled": true|false}``."""
    job = _get(args, "job", str, "")
    return {"cancelled": _reviews.pop(job, None) is not None}


_guard = Guard()
"""The guest's checks of the host's messages and what they dropped, by type."""


def _guest_check(args: dict[str, Any]) -> dict[str, Any]:
    """One message from the host, checked (:func:`spades.table.guest.check_host_message`): ``{"ok": true, "message":
    the validated copy}``, or ``{"ok": false, "error": one line, "type": its declared type or null, "dropped":
    messages dropped so far, "kind": "GuestError", "code", "params"}`` (a refusal is an answer, not a failed call:
    the page drops the message and plays on; ``code`` and ``params`` word it, as for any error)."""
    message = args.get("message")
    try:
        checked = check_host_message(message)
        _fair_saw(checked)
        return {"ok": True, "message": checked}
    except GuestError as error:
        kind = message_type(message)
        _guard.drop(kind, str(error))
        return {"ok": False, "error": str(error), "type": kind, "dropped": _guard.total, "kind": "GuestError",
                **error.to_json()}  # fmt: skip


def _guest_blind(args: dict[str, Any]) -> dict[str, Any]:
    """A host-blind hand's chunk from the host, checked as ``guest_check`` checks every message and, when it holds,
    taken by this page's device (``blind_receive``, :mod:`spades.table.blindops`) in the same call: ``{"ok": true,
    "out", "outcome", …}`` (the device's answer), or ``guest_check``'s refusal.  One call instead of two, so that
    the page's main thread never parses the chunk (docs/fair-play.md, "On the page")."""
    answer = _guest_check({"message": args.get("message")})
    if not answer["ok"]:
        return answer
    if answer["message"]["t"] != "blind":
        kind = brief(answer["message"]["t"])
        raise BlindOpError(
            f"'message' must be a blind chunk, got {kind}", "blind_arg", {"key": "message", "value": kind}
        )
    answer = op_blind_receive({"table": args.get("table"), "chunk": answer["message"]})
    del answer["view"]  # nobody reads it: the page draws the room's states
    return {"ok": True, **answer}


_fair = Contributor()
"""The guest's side of the room's commit–reveal deals: its secrets, the cards it was shown, the table's deck."""


def _fair_saw(checked: dict[str, Any]) -> None:
    """What the commit–reveal checks need from the host's checked messages: my cards in each hand, the deck."""
    if checked["t"] == "room":
        _fair.jokers = bool(checked["rules"].get("jokers"))
    elif checked["t"] == "welcome":
        _fair.welcomed()
    elif checked["t"] == "state":
        state = checked["state"]
        me, hand = state.get("me"), state.get("hand")
        if me in ("N", "E", "S", "W") and isinstance(hand, list):
            cards = [card["card"] if isinstance(card, dict) else card for card in hand]
            _fair.saw_hand(state["hand_number"], Seat[me], [c for c in cards if isinstance(c, str)])


def _fair_guest(args: dict[str, Any]) -> dict[str, Any]:
    """The host's ``fair`` message (checked by ``guest_check`` first) answered by this guest's device
    (:class:`spades.table.fair.Contributor`): ``{"send": the commit or reveal to send the host, or null, "verdict":
    null, or on a deal {"ok", "line", "error"}: the secrets, the seed and my own cards checked}``; ``seat`` is mine
    (null: a spectator)."""
    checked = check_host_message(args.get("message"))
    if checked["t"] != "fair":
        raise WorkerError("'message' must be the host's fair message", "arg_missing", {"key": "message"})
    seat = args.get("seat")
    send, verdict = _fair.answer(checked, Seat[seat] if seat in ("N", "E", "S", "W") else None)
    return {"send": send, "verdict": verdict.to_json() if verdict is not None else None}


def _fair_verify(args: dict[str, Any]) -> dict[str, Any]:
    """*Verify this deal*: a hand's ``part`` (the host's ``fair`` message of its deal, as the page kept it) against
    the finished ``hand`` (:func:`spades.formats.scoresheet.finished_hand`: its ``deal``), with the check of
    ``python -m spades verify`` (:func:`spades.table.fair.verify_commits`): ``{"verdict": {"ok", "line", "error"}}``;
    a part or hand that cannot be read is a verdict that does not hold.  A host-blind hand's part (``kind``
    ``blind``: this page's device's transcript, op ``blind_part``) is audited against the hand under the table's
    ``rules`` (:func:`spades.table.verify.verify_blind_hand`)."""
    part, hand = args.get("part"), args.get("hand")
    if isinstance(part, Mapping) and part.get("kind") == "blind":  # a host-blind hand: my device's transcript
        try:
            rules = Rules.from_dict(args.get("rules") if isinstance(args.get("rules"), Mapping) else {})
        except SpadesError as error:
            return {"verdict": {"ok": False, "line": f"does not hold: {error}", "error": error.to_json()}}
        return {"verdict": verify_blind_hand(part, hand, rules).to_json()}
    deal: tuple[int, int, int, int] | None = None
    jokers = bool(args.get("jokers"))
    if isinstance(hand, Mapping) and isinstance(hand.get("deal"), Mapping):
        try:
            deal = parse_deal(hand["deal"], Rules(jokers=jokers))
        except SpadesError as error:
            return {"verdict": {"ok": False, "line": f"does not hold: {error}", "error": error.to_json()}}
    if not isinstance(part, Mapping):
        part = {}
    return {"verdict": verify_part(part, deal, jokers).to_json()}


def _guest_listings(args: dict[str, Any]) -> dict[str, Any]:
    """The public lobby's listings (``"tables"``, a list), checked (:func:`spades.table.guest.check_listing`):
    ``{"tables": the valid ones, validated copies, in order, "dropped": how many of these were not}``."""
    tables = args.get("tables")
    if tables is None:
        raise WorkerError("'tables' (the lobby's listings) is required", "arg_missing", {"key": "tables"})
    kept, dropped = _guard.listings(tables)
    return {"tables": kept, "dropped": dropped}


def _ping(args: dict[str, Any]) -> dict[str, Any]:
    return {"python": sys.version.split()[0], "engine": __version__}


OPERATIONS: dict[str, Callable[[dict[str, Any]], dict[str, Any]]] = {
    "new": _new,
    "load": _load,
    "import": _import,
    "act": _act,
    "step": _step,
    "state": _state,
    "events": _events,
    "seat": _seat,
    "hint": _hint,
    "record": _record,
    "hand": _hand,
    "sheets": _sheets,
    "close": _close,
    "rules": _rules,
    "ping": _ping,
    "room_new": _room_new,
    "room_load": _room_load,
    "room_takeover": _room_takeover,
    "room_receive": _room_receive,
    "room_disconnect": _room_disconnect,
    "room_rtt": _room_rtt,
    "room_tick": _room_tick,
    "room_step": _room_step,
    "room_close": _room_close,
    "profile_new": _profile_new,
    "profile_check": _profile_check,
    "profile_set": _profile_set,
    "profile_add": _profile_add,
    "profile_report": _profile_report,
    "score_chart": _score_chart,
    "review_start": _review_start,
    "review_next": _review_next,
    "review_cancel": _review_cancel,
    "deal_new": _deal_new,
    "deal_link": _deal_link,
    "duplicate": _duplicate,
    "guest_check": _guest_check,
    "guest_blind": _guest_blind,
    "guest_listings": _guest_listings,
    "fair_guest": _fair_guest,
    "fair_verify": _fair_verify,
}
OPERATIONS.update(LESSON_OPERATIONS)  # lesson_list, lesson_start, lesson_step, lesson_act, lesson_close
OPERATIONS.update(BLIND_OPERATIONS)  # blind_start, blind_receive, blind_bid, blind_play, … blind_relay_close
LONG_OPS = frozenset({"profile_check", "profile_set", "profile_add", "profile_report"})
"""Operations that carry a whole profile: their arguments may be up to ``spades.stats.profile.TEXT_LIMIT``."""


def call(op: str, args: dict[str, Any]) -> dict[str, Any]:
    """Carry out one operation (see the module docstring) and return its result; raise on refusal."""
    operation = OPERATIONS.get(op) if isinstance(op, str) else None
    if operation is None:
        raise WorkerError(
            f"unknown operation {brief(op)} (known: {', '.join(OPERATIONS)})", "unknown_op", {"value": brief(op)}
        )
    return operation(args)


def handle(op: str, args_json: str = "{}") -> str:
    """JSON-text entry point for the worker: never raises; an error is ``{"error", "kind", "code", "params"}``."""
    try:
        if not isinstance(args_json, str):
            raise WorkerError("arguments must be JSON text", "args_not_text")
        limit = TEXT_LIMIT + ARGS_LIMIT if op in LONG_OPS else ARGS_LIMIT
        if len(args_json) > limit:
            raise WorkerError(
                f"arguments too long ({len(args_json)} characters, at most {limit})",
                "args_too_long",
                {"length": len(args_json), "limit": limit},
            )
        if nests_deeper(args_json, ARGS_DEPTH):  # before parsing: Pyodide's stack would give out first
            raise WorkerError(f"arguments nested too deeply (more than {ARGS_DEPTH} levels)", "args_too_deep")
        try:
            args = json.loads(args_json) if args_json else {}
        except RecursionError:
            raise WorkerError("arguments nested too deeply", "args_too_deep") from None
        except ValueError as error:  # JSONDecodeError, and integers too long to read
            raise WorkerError(f"arguments are not JSON: {str(error).splitlines()[0]}", "args_not_json") from None
        if not isinstance(args, dict):
            raise WorkerError("arguments must be a JSON object", "args_not_object")
        return json.dumps(call(op, args), ensure_ascii=False)
    except SpadesError as error:
        return _error(str(error), type(error).__name__, error.to_json())
    except RecursionError:
        return _error("input nested too deeply", "ParseError", msg("args_too_deep"))
    except Exception as error:  # a bug: still one JSON line, and the tables are unchanged (work on clones)
        return _error(f"internal error: {type(error).__name__}: {error}", "InternalError", msg("internal"))


def _error(message: str, kind: str, coded: dict[str, Any]) -> str:
    """``{"error": English line, "kind": class name, "code", "params"}`` (``spades.errors``: what the page words)."""
    text = " ".join(message.split())
    if len(text) > ERROR_LIMIT:
        text = text[: ERROR_LIMIT - 1] + "…"
    return json.dumps({"error": text, "kind": kind, **coded}, ensure_ascii=False)


__all__ = ["OPERATIONS", "WorkerError", "call", "handle"]
