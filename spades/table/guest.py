"""The guest's side of an online table: every message from the host is checked before the page uses it.

A guest's page renders what the host sends, and anyone can host from the public lobby: a modified host can send
anything.  So the guest's engine worker checks each message against :data:`SCHEMA` (the declared shape of every
message :mod:`spades.table.room` sends, in the style of the room's own ``SCHEMA`` for guests' messages) and gives the
page a **validated copy** holding only declared fields, or refuses it with a :class:`GuestError` naming the
message type and the field that was wrong; :class:`Guard` drops and counts the refused ones.

Host → guest (``docs/online.md``; the room's module docstring)::

    welcome   {"you": {"seat", "token", "spectator", "name"}}
    denied    {"code": "password" | "dnd"}
    room      the room's summary: seats with occupants, names, ratings, lights, keys, claims; watchers; vote;
              rules; ratings; succession
    state     {"state": VIEWER STATE (spades.table.Table.state), "events"?: [EVENT], "reset"?: bool,
               "clock"?: {"seat", "move_ms", "reserve_ms"} | null}     (a table with a move clock)
    hand      {"hand": FINISHED HAND (spades.formats.scoresheet.finished_hand)}
    sheets    {"from", "to", "results": [RESULT], "sheets": [SHEET]}   (scored hands from..to, answering sheets)
    chat      {"id", "from", "peer", "seat", "spectator", "text"}
    refused   {"error", "n", "code", "params"}    (code a registered spades.errors code, params its own)
    vote      {"seat", "name", "votes", "why"?: "time", "result"?: "wait"}
    ended     {"reason": "unscored" | "left" | "renege", "disconnected"? | "left"? | "seat"?, "loser"?}
    blind     {"from"?: seat, "id", "part", "of", "data"}      (a host-blind hand's chunk: spades/table/chunks.py)
    fair      {"table", "hand", "commits": {seat: hex}}     (a commit–reveal round: spades/table/fairdeal.py)
              {"kind": "commit", "table", "hand", "commits", "secrets", "seed", "host", "replaced"?}  (its deal)

Nothing else: ``host_left`` is said by the guest's own link (``static/online/session.mjs``, ``onStatus``), never by
the host, so a host's ``host_left`` (or ``rtt``, or ``host``) is refused like any unknown type.

What "checked" means: every value has its type and range (seats ``N E S W``, teams ``NS EW``, cards the engine's
card codes (:data:`spades.cards.CARD_NAMES`), bids the bids' JSON, levels, phases, viewers and outcomes from the
engine's own tables, counts bounded non-negative integers, scores bounded integers); names and chat lines are
text as the room cleans it (:func:`spades.table.room.clean_text` with the room's limits); other text is printable and
bounded; lists have bounded lengths; objects keep only their declared keys (unknown keys are dropped, a missing
one is an error); the rules are a valid :class:`~spades.rules.Rules`.  The check never raises anything but
:class:`GuestError`, whatever the input (any JSON value, however deep or large).

A lobby listing (the public lobby's announcements, ``static/online/session.mjs``) is checked by
:func:`check_listing` the same way.

>>> check_host_message({"t": "denied", "code": "dnd", "extra": 1})
{'t': 'denied', 'code': 'dnd'}
>>> check_host_message({"t": "chat", "id": 1, "from": "Ann", "peer": "p1", "seat": "N", "spectator": False,
...                     "text": 'AS" data-x="1'})["text"]
'AS" data-x="1'
>>> check_host_message({"t": "chat", "id": 2, "from": "Ann", "peer": "p1", "seat": 'N" onclick="x',
...                     "spectator": False, "text": "hi"})
Traceback (most recent call last):
...
spades.table.guest.GuestError: bad seat in a chat message from the host: 'N" onclick="x'
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, ClassVar

from ..bots import LEVELS
from ..cards import CARD_NAMES, SUIT_NAMES
from ..errors import CODES, SpadesError, brief
from ..formats.scoresheet import OUTCOMES
from ..game import _REASON_TEXT, Phase
from ..rules import PRESET_NAMES, Rules
from ..stats.rating import MAX_RATING
from .blindtable import BLIND_PHASES
from .chunks import HOST_LIMIT, MAX_PARTS
from .fair import MAX_SEED
from .room import (
    CHAT_LIMIT,
    CLOCK_MOVE_MS,
    CLOCK_RESERVE_MS,
    KEY_LENGTH,
    NAME_LIMIT,
    TRICK_SHOWN_MS,
    clean_text,
    is_claim,
)
from .table import EVENT_LOG_LIMIT, OCCUPANTS, POLICY_KINDS, VIEWERS

SEATS = ("N", "E", "S", "W")
TEAMS = ("NS", "EW")
HAND_LIMIT = 64
"""At most this many scored hands in a ``sheets`` answer (the room fills one up to its ``SHEETS_BYTES``, about 7
hands; a state carries only the last scored hand's result and sheet)."""
WATCHER_LIMIT = 500
"""At most this many spectators listed in a ``room`` message."""
TEXT_LIMIT = 300
"""Longest other text (an English reason or refusal, a computer's explanation)."""
TOKEN_LIMIT = 64
"""Longest seat token and peer id (the room's ``hello`` takes a token of at most 64 characters)."""
LISTING_LIMIT = 200
"""At most this many lobby listings are read at once."""
COUNT_HIGH = 2**53 - 1
"""Largest count or sequence number (the largest integer JavaScript holds exactly)."""
RTT_HIGH = 3_600_000
"""Largest round trip in milliseconds (the room ignores larger ones)."""
PARAMS_DEPTH = 6
"""How deep a refusal's parameters may nest (a located error's ``problem`` holds another message)."""

Rule = Callable[[Any], Any]
"""A rule checks one value and returns its validated copy, or raises :class:`_Bad`."""


class GuestError(SpadesError):
    """A message from the host (or a lobby listing) that the page must not use; it names the type and the field."""

    codes: ClassVar[Mapping[str, tuple[str, ...]]] = {
        "host_message": ("type", "field"),
        "host_message_type": ("value",),
        "lobby_listing": ("field",),
    }
    """The host's messages and the lobby's listings a guest drops."""


class _Bad(Exception):
    """A value that breaks its rule; the containers add their keys to ``path`` on the way out (innermost first)."""

    def __init__(self, value: object, missing: bool = False) -> None:
        super().__init__()
        self.value = value
        self.missing = missing
        self.path: list[str | int] = []


def _missing(key: str) -> _Bad:
    """A required key that is not there."""
    bad = _Bad(None, missing=True)
    bad.path.append(key)
    return bad


# --------------------------------------------------------------------- rules for values


def choice(*values: str) -> Rule:
    """One of ``values`` (text)."""
    allowed = frozenset(values)

    def check(value: Any) -> Any:
        if type(value) is str and value in allowed:
            return value
        raise _Bad(value)

    return check


def maybe(rule: Rule) -> Rule:
    """``null``, or what ``rule`` accepts."""

    def check(value: Any) -> Any:
        return None if value is None else rule(value)

    return check


def flag(value: Any) -> Any:
    """``true`` or ``false``."""
    if type(value) is bool:
        return value
    raise _Bad(value)


def number(low: int, high: int) -> Rule:
    """A whole number from ``low`` to ``high`` (``true`` is not a number)."""

    def check(value: Any) -> Any:
        if type(value) is int and low <= value <= high:
            return value
        raise _Bad(value)

    return check


def name(limit: int) -> Rule:
    """A name or a chat line as the room writes it: :func:`~spades.table.room.clean_text` leaves it as is, not empty."""

    def check(value: Any) -> Any:
        if type(value) is str and 0 < len(value) <= limit and clean_text(value, limit) == value:
            return value
        raise _Bad(value)

    return check


def text(limit: int = TEXT_LIMIT) -> Rule:
    """Printable text (no control characters, no line breaks) of at most ``limit`` characters."""

    def check(value: Any) -> Any:
        if type(value) is str and len(value) <= limit and value.isprintable():
            return value
        raise _Bad(value)

    return check


_WORD_CHARS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"


def word(limit: int = TOKEN_LIMIT, low: int = 1, extra: str = "_-.:") -> Rule:
    """``low`` to ``limit`` characters of ``A-Z a-z 0-9`` and ``extra`` (a seat token, a peer id, a key)."""
    chars = _WORD_CHARS + extra

    def check(value: Any) -> Any:
        if type(value) is str and low <= len(value) <= limit and not value.strip(chars):
            return value
        raise _Bad(value)

    return check


def hex_digest(value: Any) -> Any:
    """A seat's claim: a SHA-256 in 64 lowercase hex digits (:func:`spades.table.room.claim_of`)."""
    if is_claim(value):
        return value
    raise _Bad(value)


def list_of(rule: Rule, high: int, low: int = 0) -> Rule:
    """A list of ``low`` to ``high`` items, each checked by ``rule``."""

    def check(value: Any) -> Any:
        if type(value) is not list or not low <= len(value) <= high:
            raise _Bad(value)
        out = []
        for index, item in enumerate(value):
            try:
                out.append(rule(item))
            except _Bad as bad:
                bad.path.append(index)
                raise
        return out

    return check


def obj(fields: dict[str, tuple[Rule, bool]]) -> Rule:
    """An object: each declared key checked by its rule, ``(rule, required)``; undeclared keys are dropped."""
    items = tuple(fields.items())

    def check(value: Any) -> Any:
        if type(value) is not dict:
            raise _Bad(value)
        out = {}
        for key, (rule, required) in items:
            if key in value:
                try:
                    out[key] = rule(value[key])
                except _Bad as bad:
                    bad.path.append(key)
                    raise
            elif required:
                raise _missing(key)
        return out

    return check


def keyed(keys: tuple[str, ...], rule: Rule, every: bool = True) -> Rule:
    """An object keyed by ``keys`` (seats, teams), each value checked by ``rule``: all of them (``every``), or
    some (other keys are dropped)."""
    return obj({key: (rule, every) for key in keys})


def per_seat(rule: Rule) -> Rule:
    """``{"N": ..., "E": ..., "S": ..., "W": ...}``."""
    return keyed(SEATS, rule)


def per_team(rule: Rule) -> Rule:
    """``{"NS": ..., "EW": ...}``."""
    return keyed(TEAMS, rule)


def json_value(depth: int = PARAMS_DEPTH) -> Rule:
    """Any JSON value no deeper than ``depth``: text as :func:`text`, numbers bounded, at most 16 items, keys short."""
    scalar_text = text()
    inner = json_value(depth - 1) if depth > 0 else None
    items = list_of(inner, 16) if inner is not None else None
    key_rule = word(40, extra="_")

    def check(value: Any) -> Any:
        kind = type(value)
        if value is None or kind is bool:
            return value
        if (kind is int or kind is float) and -COUNT_HIGH <= value <= COUNT_HIGH:  # NaN fails the comparison
            return value
        if kind is str:
            return scalar_text(value)
        if items is not None and kind is list and len(value) <= 16:
            return items(value)
        if inner is not None and kind is dict and len(value) <= 16:
            out = {}
            for key, item in value.items():
                try:
                    out[key_rule(key)] = inner(item)
                except _Bad as bad:
                    bad.path.append(key if type(key) is str else "?")
                    raise
            return out
        raise _Bad(value)

    return check


def rules_json(value: Any) -> Any:
    """A complete rules object (:meth:`spades.rules.Rules.to_dict`): the same back when it is valid."""
    if type(value) is not dict or len(value) != len(_RULE_KEYS):
        raise _Bad(value)
    last = _RULES_SEEN[0]
    if last is not None and _same_json(value, last):
        return dict(last)
    try:
        checked = Rules.from_dict(value).to_dict()
    except SpadesError:
        raise _Bad(value) from None
    if checked != value:  # a key missing (the preset's value filled in)
        raise _Bad(value)
    _RULES_SEEN[0] = checked
    return dict(checked)


_RULE_KEYS = tuple(Rules().to_dict())
_RULES_SEEN: list[dict[str, Any] | None] = [None]
"""The last rules checked (a table's rules come in every state and room message)."""


def _same_json(value: dict[str, Any], known: dict[str, Any]) -> bool:
    """``value`` equals ``known`` with the same types (``1 == True`` in Python, not in JSON)."""
    for key, item in known.items():
        if key not in value:
            return False
        other = value[key]
        if type(other) is not type(item) or other != item:
            return False
    return True


# --------------------------------------------------------------------- the engine's values

SEAT = choice(*SEATS)
TEAM = choice(*TEAMS)
CARD = choice(*CARD_NAMES)
LEVEL = choice(*LEVELS)
COUNT = number(0, COUNT_HIGH)
SCORE = number(-COUNT_HIGH, COUNT_HIGH)
TRICKS = number(0, 13)
PERSON = name(NAME_LIMIT)
RATING = maybe(number(0, MAX_RATING))


def bid(value: Any) -> Any:
    """A bid as records write it: 1 to 13, ``"nil"`` or ``"blind_nil"``."""
    if (type(value) is int and 1 <= value <= 13) or value == "nil" or value == "blind_nil":
        return value
    raise _Bad(value)


REASON = obj(
    {
        "code": (choice(*_REASON_TEXT), True),
        "suit": (maybe(choice(*SUIT_NAMES)), True),
        "number": (maybe(number(-COUNT_HIGH, COUNT_HIGH)), True),
        "text": (text(), True),
    }
)
"""Why a move is illegal (:meth:`spades.game.Reason.to_json`)."""

OCCUPANT = obj(
    {
        "occupant": (choice(*OCCUPANTS), True),
        "level": (LEVEL, True),
        "name": (maybe(PERSON), True),
        "away": (flag, True),
    }
)
"""A table seat's occupant (:meth:`spades.table.Occupant.to_json`)."""

TRICK = obj({"leader": (SEAT, True), "cards": (list_of(CARD, 4, 4), True), "winner": (SEAT, True)})

RESULT = obj(
    {
        "number": (number(1, COUNT_HIGH), True),
        "dealer": (SEAT, True),
        "bids": (per_seat(bid), True),
        "tricks": (per_seat(TRICKS), True),
        "nils": (keyed(SEATS, flag, every=False), True),
        "contracts": (per_team(number(0, 26)), True),
        "taken": (per_team(TRICKS), True),
        "made": (per_team(maybe(flag)), True),
        "contract_points": (per_team(SCORE), True),
        "nil_points": (per_team(SCORE), True),
        "bag_penalty": (per_team(SCORE), True),
        "new_bags": (per_team(COUNT), True),
        "bags": (per_team(COUNT), True),
        "points": (per_team(SCORE), True),
        "totals": (per_team(SCORE), True),
    }
)
"""A scored hand (:func:`spades.formats.protocol.result_to_json`)."""

_PART_PARAMS = {
    "nil": obj({"seat": (SEAT, True), "made": (flag, True), "tricks": (TRICKS, True), "bags": (TRICKS, True)}),
    "contract": obj(
        {
            "contract": (number(0, 26), True),
            "taken": (TRICKS, True),
            "made": (flag, True),
            "over": (TRICKS, True),
            "per_trick": (SCORE, True),
        }
    ),
    "bag_penalty": obj(
        {"bags": (COUNT, True), "limit": (maybe(SCORE), True), "times": (COUNT, True), "penalty": (SCORE, True)}
    ),
}
_PART_PARAMS["blind_nil"] = _PART_PARAMS["nil"]
_PART_CODE = choice(*_PART_PARAMS)


def part(value: Any) -> Any:
    """One line of a team's score sheet: ``{"code", "points", "params"}``, the params as the code has them."""
    if type(value) is not dict:
        raise _Bad(value)
    out: dict[str, Any] = {}
    for key, rule in (("code", _PART_CODE), ("points", SCORE)):
        if key not in value:
            raise _missing(key)
        try:
            out[key] = rule(value[key])
        except _Bad as bad:
            bad.path.append(key)
            raise
    try:
        out["params"] = _PART_PARAMS[out["code"]](value.get("params"))
    except _Bad as bad:
        bad.path.append("params")
        raise
    return out


SHEET = obj(
    {
        "number": (number(1, COUNT_HIGH), True),
        "dealer": (SEAT, True),
        "seats": (
            per_seat(
                obj(
                    {
                        "bid": (bid, True),
                        "tricks": (TRICKS, True),
                        "outcome": (choice(*OUTCOMES), True),
                        "counts": (flag, True),
                    }
                )
            ),
            True,
        ),
        "teams": (
            per_team(
                obj(
                    {
                        "parts": (list_of(part, 6), True),
                        "points": (SCORE, True),
                        "bags_before": (COUNT, True),
                        "new_bags": (COUNT, True),
                        "bags": (COUNT, True),
                        "total_before": (SCORE, True),
                        "total": (SCORE, True),
                    }
                )
            ),
            True,
        ),
    }
)
"""A hand's score sheet (:func:`spades.formats.scoresheet.sheet_to_json`)."""

ENDINGS = ("unscored", "left", "renege")
"""Why a room ended (``ended``): a vote, a person who left a rated table, a renege at a rated table's blind hand."""


def chunk_data(value: Any) -> Any:
    """A chunk's ``data``: printable text within the host's chunk limit (:data:`~spades.table.chunks.HOST_LIMIT`):
    a piece of JSON text, never shown; what it holds the page's device checks as it joins the chunks
    (:class:`~spades.table.chunks.Joiner`)."""
    if type(value) is str and len(value) <= HOST_LIMIT and value.isprintable():
        return value
    raise _Bad(value)


BLIND_INFO = obj(
    {
        "table": (word(TOKEN_LIMIT), True),
        "hand": (number(1, COUNT_HIGH), True),
        "dealer": (SEAT, True),
        "totals": (list_of(SCORE, 2, 2), True),
        "bags": (list_of(COUNT, 2, 2), True),
        "rated": (flag, True),
        "phase": (choice(*BLIND_PHASES), True),
        "revealed": (list_of(SEAT, 4), True),
    }
)
"""A host-blind hand's ``blind`` key in a state (:func:`spades.table.blindtable.blind_info`)."""

HAND_CARD = obj({"card": (CARD, True), "legal": (flag, True), "reason": (maybe(REASON), True)})

STATE = obj(
    {
        "phase": (choice(*(phase.value for phase in Phase)), True),
        "viewer": (choice(*VIEWERS), True),
        "me": (maybe(SEAT), True),
        "us": (TEAM, True),
        "them": (TEAM, True),
        "seq": (COUNT, True),
        "turn": (maybe(SEAT), True),
        "dealer": (SEAT, True),
        "hand_number": (number(1, COUNT_HIGH), True),
        "seats": (per_seat(OCCUPANT), True),
        "looked": (flag, True),
        "hand": (list_of(HAND_CARD, 13), True),
        "watching": (maybe(SEAT), True),
        "hand_count": (TRICKS, True),
        "hands": (maybe(per_seat(list_of(CARD, 13))), True),
        "legal_bids": (list_of(number(-1, 13), 15), True),
        "bid_reasons": (keyed(tuple(str(b) for b in range(-1, 14)), REASON, every=False), True),
        "can_blind_nil": (flag, True),
        "bids": (per_seat(maybe(bid)), True),
        "contracts": (per_team(number(0, 26)), True),
        "cards_left": (per_seat(TRICKS), True),
        "tricks_won": (per_seat(TRICKS), True),
        "leader": (maybe(SEAT), True),
        "trick": (list_of(obj({"seat": (SEAT, True), "card": (CARD, True)}), 4), True),
        "winning": (maybe(SEAT), True),
        "last_trick": (maybe(TRICK), True),
        "spades_broken": (flag, True),
        "totals": (per_team(SCORE), True),
        "bags": (per_team(COUNT), True),
        "hands_scored": (COUNT, True),  # earlier hands' results and sheets come on demand (a sheets message)
        "last_result": (maybe(RESULT), True),
        "last_sheet": (maybe(SHEET), True),
        "winner": (maybe(TEAM), True),
        "policy": (
            obj(
                {
                    "kind": (choice(*POLICY_KINDS), True),
                    "undo": (flag, True),
                    "hints": (flag, True),
                    "explain": (flag, True),
                    "takeover": (flag, True),
                }
            ),
            True,
        ),
        "allowed": (keyed(("undo", "hint", "replay_hand", "next_hand", "claim"), flag), True),
        "claim": (  # a claim waiting for the defence: the claimer's cards face up, each defender's answer so far
            maybe(
                obj(
                    {
                        "seat": (SEAT, True),
                        "cards": (list_of(CARD, 13), True),
                        "answers": (keyed(SEATS, maybe(flag), every=False), True),
                    }
                )
            ),
            True,
        ),
        "rules": (rules_json, True),
        "blind": (maybe(BLIND_INFO), False),  # a host-blind hand in progress (spades.table.blindtable)
    }
)
"""A viewer state (:meth:`spades.table.Table.state`), exactly as the table makes it; during a host-blind hand
:func:`spades.table.blindtable.blind_state`'s (the same keys, no card of anyone, and ``blind``)."""

_EXPLAINED = (maybe(text(1000)), False)  # a computer's reason, in the guest's language, when the policy explains
EVENT_FIELDS: dict[str, dict[str, tuple[Rule, bool]]] = {
    "bid": {"seat": (SEAT, True), "bid": (bid, True), "text": _EXPLAINED},
    "play_starts": {"turn": (maybe(SEAT), True)},
    "play": {"seat": (SEAT, True), "card": (CARD, True), "text": _EXPLAINED},
    "trick": {"leader": (SEAT, True), "cards": (list_of(CARD, 4, 4), True), "winner": (SEAT, True)},
    "scored": {"result": (RESULT, True)},
    "game_over": {"winner": (TEAM, True)},
    "look": {"seat": (SEAT, True)},
    "occupant": {"seat": (SEAT, True), "occupant": (OCCUPANT, True)},
    "reset": {},
    "deal": {"hand_number": (number(1, COUNT_HIGH), True), "dealer": (SEAT, True)},
    "claim": {"seat": (SEAT, True), "cards": (list_of(CARD, 13), True)},
    "claimed": {"seat": (SEAT, True)},
    "claim_off": {"seat": (SEAT, True)},
}
"""The table's events (:meth:`spades.table.Table.events_since`) by ``type``, besides ``seq`` and ``type``."""
_EVENTS = {kind: obj({"seq": (COUNT, True), "type": (choice(kind), True), **fields}) for kind, fields in
           EVENT_FIELDS.items()}  # fmt: skip


def event(value: Any) -> Any:
    """One table event, checked by its ``type``."""
    if type(value) is not dict:
        raise _Bad(value)
    kind = value.get("type")
    rule = _EVENTS.get(kind) if type(kind) is str else None
    if rule is None:
        bad = _Bad(kind, missing="type" not in value)
        bad.path.append("type")
        raise bad
    return rule(value)


FINISHED_HAND = obj(
    {
        "number": (number(1, COUNT_HIGH), True),
        "dealer": (SEAT, True),
        "deal": (per_seat(list_of(CARD, 13, 13)), True),
        "bids": (per_seat(bid), True),
        "bid_order": (list_of(SEAT, 4, 4), True),
        "tricks": (list_of(TRICK, 13, 13), True),
        "result": (RESULT, True),
        "sheet": (SHEET, True),
    }
)
"""A finished hand, trick by trick (:func:`spades.formats.scoresheet.finished_hand`)."""

ROOM_SEAT = obj(
    {
        "occupant": (choice("computer", "empty", "away", "person"), True),
        "level": (maybe(LEVEL), True),
        "name": (maybe(PERSON), True),
        "rating": (RATING, True),
        "disconnects": (number(0, 1000), True),
        "ready": (flag, True),
        "host": (flag, True),
        "rtt": (maybe(number(0, RTT_HIGH)), True),
        "light": (maybe(choice("green", "yellow", "red")), True),
        "spectators": (flag, True),
        "show_cards": (flag, True),
        "key": (maybe(word(KEY_LENGTH, KEY_LENGTH, "_-")), True),
        "claim": (maybe(hex_digest), True),
    }
)
"""A seat in the ``room`` message (:meth:`spades.table.room.Room.summary`)."""

VOTE = {
    "seat": (SEAT, True),
    "name": (PERSON, True),
    "votes": (keyed(SEATS, maybe(flag), every=False), True),
    "why": (choice("time"), False),
}

CLOCK_SETTING = obj({"move_ms": (number(*CLOCK_MOVE_MS), True), "reserve_ms": (number(*CLOCK_RESERVE_MS), True)})
"""A table's move clock in the ``room`` message: a move time and a reserve a hand (the room's bounds)."""
CLOCK = obj(
    {
        "seat": (SEAT, True),
        "move_ms": (number(0, CLOCK_MOVE_MS[1]), True),
        "reserve_ms": (number(0, CLOCK_RESERVE_MS[1]), True),
        "wait_ms": (number(0, TRICK_SHOWN_MS), False),
    }
)
"""The move clock in a ``state``: the seat timed, its move time and its reserve left when the host sent it (and how
long before it counts: the lead after a finished trick)."""


def refusal_code(value: Any) -> Any:
    """A registered error code (:data:`spades.errors.CODES`): the page words only those."""
    if type(value) is str and value in CODES:
        return value
    raise _Bad(value)


_PARAM = json_value(PARAMS_DEPTH)


def refused(value: dict[str, Any]) -> dict[str, Any]:
    """A ``refused`` message: the params are the code's own (:data:`spades.errors.CODES`), each a bounded JSON value."""
    out: dict[str, Any] = _REFUSED(value)
    params = value.get("params")
    if type(params) is not dict:
        bad = _Bad(params, missing="params" not in value)
        bad.path.append("params")
        raise bad
    checked = {}
    for key in CODES[out["code"]]:
        if key in params:
            try:
                checked[key] = _PARAM(params[key])
            except _Bad as bad:
                bad.path += [key, "params"]
                raise
    out["params"] = checked
    return out


_REFUSED = obj(
    {
        "t": (choice("refused"), True),
        "error": (text(200), True),
        "n": (maybe(COUNT), True),
        "code": (refusal_code, True),
    }
)

SCHEMA: dict[str, dict[str, tuple[Rule, bool]]] = {
    "welcome": {
        "you": (
            obj(
                {
                    "seat": (maybe(SEAT), True),
                    "token": (word(TOKEN_LIMIT), True),
                    "spectator": (flag, True),
                    "name": (PERSON, True),
                }
            ),
            True,
        )
    },
    "denied": {"code": (choice("password", "dnd"), True)},
    "room": {
        "kind": (choice("casual", "rated"), True),
        "dnd": (flag, True),
        "spectators_allowed": (flag, True),
        "password": (flag, True),
        "started": (flag, True),
        "starting": (flag, False),
        "ended": (maybe(choice(*ENDINGS)), True),
        "seats": (per_seat(ROOM_SEAT), True),
        "watchers": (list_of(obj({"name": (PERSON, True), "watching": (maybe(SEAT), True)}), WATCHER_LIMIT), True),
        "vote": (maybe(obj(VOTE)), True),
        "rules": (rules_json, True),
        "ratings": (maybe(per_seat(RATING)), True),
        "clock": (maybe(CLOCK_SETTING), False),
        "succession": (list_of(SEAT, 3), True),
        "blind": (flag, False),  # every hand dealt host-blind while four people play (an older host: no key)
    },
    "state": {
        "state": (STATE, True),
        "events": (list_of(event, EVENT_LOG_LIMIT), False),
        "reset": (flag, False),
        "clock": (maybe(CLOCK), False),
    },
    "hand": {"hand": (FINISHED_HAND, True)},
    "sheets": {
        "from": (COUNT, True),
        "to": (COUNT, True),
        "results": (list_of(RESULT, HAND_LIMIT), True),
        "sheets": (list_of(SHEET, HAND_LIMIT), True),
    },
    "chat": {
        "id": (number(1, COUNT_HIGH), True),
        "from": (PERSON, True),
        "peer": (word(TOKEN_LIMIT), True),
        "seat": (maybe(SEAT), True),
        "spectator": (flag, True),
        "text": (name(CHAT_LIMIT), True),
    },
    "refused": {},  # checked by refused(): its params depend on its code
    "vote": {**VOTE, "result": (choice("wait"), False)},
    "ended": {
        "reason": (choice(*ENDINGS), True),
        "disconnected": (PERSON, False),
        "left": (PERSON, False),
        "seat": (SEAT, False),  # the reneging seat (a host-blind hand's renege at a rated table)
        "loser": (TEAM, False),
    },
    "blind": {  # a host-blind hand's chunk, relayed (from: the device that sent it) or the relay's own (no from)
        "from": (SEAT, False),
        "id": (number(1, COUNT_HIGH), True),
        "part": (number(0, MAX_PARTS - 1), True),
        "of": (number(1, MAX_PARTS), True),
        "data": (chunk_data, True),
    },
    "fair": {  # commit–reveal deals (spades/table/fairdeal.py): a round's commitments, then the deal
        "table": (word(TOKEN_LIMIT), True),
        "hand": (number(1, COUNT_HIGH), True),
        "commits": (keyed(SEATS, hex_digest, every=False), True),
        "kind": (choice("commit"), False),
        "secrets": (keyed(SEATS, hex_digest, every=False), False),
        "seed": (number(0, MAX_SEED), False),
        "host": (SEAT, False),
        "replaced": (list_of(SEAT, 4), False),
    },
}
"""Every message a host sends a guest, by type ``"t"``: its keys, each ``(rule, required)``."""

_MESSAGES: dict[str, Rule] = {kind: obj({"t": (choice(kind), True), **fields}) for kind, fields in SCHEMA.items()}
_MESSAGES["refused"] = refused


def show(value: object) -> str:
    """A bad value quoted in a one-line error: :func:`spades.errors.brief` for a plain value; a list or an object
    only by its size (never its ``repr``, which may nest thousands deep: Pyodide's stack is shorter than Python's).

    >>> show(10**30), show([[[]]]), show({"a": 1})
    ('1000000000000000000000000000000', 'a list of 1', 'an object of 1 key')
    """
    if type(value) is list:
        return f"a list of {len(value)}"
    if type(value) is dict:
        return f"an object of {len(value)} key{'' if len(value) == 1 else 's'}"
    if value is None or type(value) in (str, int, float, bool):
        return brief(value)
    return f"<{type(value).__name__}>"


def _refuse(bad: _Bad, kind: str, what: str) -> GuestError:
    path = list(reversed(bad.path))
    where = "".join(f"[{step}]" if type(step) is int else f".{step}" for step in path).lstrip(".") or "value"
    field: list[str | int] | str = path if len(path) != 1 else str(path[0])
    problem = "missing" if bad.missing else "bad"
    got = "" if bad.missing else f": {show(bad.value)}"
    if what == "listing":
        return GuestError(f"{problem} {where} in a lobby listing{got}", "lobby_listing", {"field": field})
    return GuestError(f"{problem} {where} in a {kind} message from the host{got}", "host_message",
                      {"type": kind, "field": field})  # fmt: skip


def message_type(message: object) -> str | None:
    """The declared type ``"t"`` of ``message``, or ``None`` (not an object, or no type of :data:`SCHEMA`)."""
    if type(message) is not dict:
        return None
    kind = message.get("t")
    return kind if type(kind) is str and kind in _MESSAGES else None


def check_host_message(message: object) -> dict[str, Any]:
    """A validated copy of one message from the host, holding only declared fields; or :class:`GuestError`.

    >>> check_host_message({"t": "denied", "code": "password"})
    {'t': 'denied', 'code': 'password'}
    >>> check_host_message({"t": "welcome", "you": {"seat": "X", "token": "a", "spectator": False, "name": "B"}})
    Traceback (most recent call last):
    ...
    spades.table.guest.GuestError: bad you.seat in a welcome message from the host: 'X'
    """
    kind = message_type(message)
    if kind is None:
        if type(message) is not dict:
            raise GuestError(f"a message from the host must be an object, got {show(message)}",
                             "host_message_type", {"value": show(message)})  # fmt: skip
        got = show(message.get("t"))
        raise GuestError(f"a message from the host of unknown type {got}", "host_message_type", {"value": got})
    try:
        return _MESSAGES[kind](message)  # type: ignore[no-any-return]  # the rule built the object it returns
    except _Bad as bad:
        raise _refuse(bad, kind, "message") from None
    except RecursionError:  # cannot happen within the declared depths; never let it out
        raise GuestError(f"a {kind} message from the host nests too deeply", "host_message",
                         {"type": kind, "field": "t"}) from None  # fmt: skip


_secret = word(64, 16, "")
_public_key = word(120, 40, "_-")


LISTING = obj(
    {
        "t": (choice("table"), True),
        "secret": (_secret, True),
        "pub": (_public_key, True),
        "kind": (choice("casual", "rated"), True),
        "seats": (per_seat(maybe(PERSON)), True),
        "preset": (choice(*PRESET_NAMES), True),
        "watch": (flag, True),
        "password": (flag, True),
        "started": (flag, True),
        "ratings": (per_seat(RATING), True),
        "blind": (flag, False),
    }
)
"""A public table's announcement in the lobby (``static/app/online/links.py`` ``listing``; ``session.mjs``
``validListing``): the seats hold names (or the word for a computer player) or ``null``; ``blind`` (optional):
every hand is dealt host-blind (``docs/fair-play.md``)."""


def check_listing(listing: object) -> dict[str, Any]:
    """A validated copy of one lobby listing, holding only declared fields; or :class:`GuestError`.

    >>> check_listing({"t": "table"})
    Traceback (most recent call last):
    ...
    spades.table.guest.GuestError: missing secret in a lobby listing
    """
    try:
        return LISTING(listing)  # type: ignore[no-any-return]  # the rule built the object it returns
    except _Bad as bad:
        raise _refuse(bad, "table", "listing") from None


class Guard:
    """Checks the host's messages for one guest and counts what it drops, by type (``None``: no declared type).

    >>> guard = Guard()
    >>> guard.check({"t": "denied", "code": "dnd"}), guard.check({"t": "denied"}), guard.check([1])
    ({'t': 'denied', 'code': 'dnd'}, None, None)
    >>> guard.dropped, guard.total, guard.last_error
    ({'denied': 1, None: 1}, 2, 'a message from the host must be an object, got a list of 1')
    """

    def __init__(self) -> None:
        self.dropped: dict[str | None, int] = {}
        self.total = 0
        self.last_error: str | None = None

    def check(self, message: object) -> dict[str, Any] | None:
        """The validated copy of ``message``, or ``None`` when it is dropped (counted; :attr:`last_error` says why)."""
        try:
            return check_host_message(message)
        except GuestError as error:
            self.drop(message_type(message), str(error))
            return None

    def drop(self, kind: str | None, why: str) -> None:
        """Count one dropped message of type ``kind``."""
        self.dropped[kind] = self.dropped.get(kind, 0) + 1
        self.total += 1
        self.last_error = why

    def listings(self, tables: object) -> tuple[list[dict[str, Any]], int]:
        """The valid listings of ``tables`` (at most :data:`LISTING_LIMIT` read) and how many were dropped."""
        if type(tables) is not list:
            raise GuestError(f"lobby listings must be a list, got {show(tables)}", "lobby_listing", {"field": "tables"})
        kept: list[dict[str, Any]] = []
        dropped = max(0, len(tables) - LISTING_LIMIT)
        for item in tables[:LISTING_LIMIT]:
            try:
                kept.append(check_listing(item))
            except GuestError:
                dropped += 1
        return kept, dropped


__all__ = [
    "SCHEMA",
    "Guard",
    "GuestError",
    "check_host_message",
    "check_listing",
    "message_type",
    "show",
]
