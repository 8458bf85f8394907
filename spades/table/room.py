"""An online table's room, run by the host: people, seats, spectators, chat, dropped connections, votes.

The host's device runs the :class:`~spades.table.Table` and this :class:`Room`
around it; guests only send messages and receive what they may see.  The room
is pure Python (no clock, no network): the host's page passes every message
from a peer with the time (``now``, milliseconds) to :meth:`Room.receive`,
reports connections and round trips, calls :meth:`Room.tick` now and then,
and sends the answers (``[(peer, message), ...]``) over the data channels.
``docs/online.md`` describes the protocol; every message is a JSON object
with a type ``"t"``.

Guest → host (anything else, any extra key, a wrong type, more than
:data:`MESSAGE_LIMIT` bytes, or more than the rate limit allows is dropped
and counted; it never changes the table; every message of a peer counts
against its rate limit, :data:`RATE`, a denied hello too; a seated person's
``blind`` chunks count against their own, :data:`BLIND_RATE`, instead)::

    {"t": "hello", "name": "Ann", "token": "..."?, "password": "..."?, "via": "invite" | "lobby",
     "lang": "en" | "zh-Hans" | "zh-Hant", "seq": 12?,
     "rating": 1012?, "disconnects": 1?, "key": "BASE64URL…"?}     # first message; token = seat back
    {"t": "sit", "seat": "N"}   {"t": "stand"}   {"t": "watch", "seat": "E"}
    {"t": "ready", "ready": true}
    {"t": "intent", "n": 7, "intent": {...}}                       # n increases: replays are refused
    {"t": "chat", "text": "..."}
    {"t": "computer", "on": true}                                  # 电脑: hand my seat to the computer
    {"t": "prefs", "spectators": true, "show_cards": false}        # 允许观战 / 允许观牌
    {"t": "vote", "wait": true}                                    # rated table, a player dropped
    {"t": "leave"}
    {"t": "catch_up", "seq": 12}
    {"t": "hand", "number": 2}                                     # a finished hand, trick by trick
    {"t": "sheets", "from": 1, "to": 40}                           # scored hands' results and score sheets
    {"t": "blind", "id": 3, "part": 0, "of": 7, "data": "..."}     # a host-blind hand's chunk (blindroom.py)

Host only (the host's own peer id is :data:`HOST`): ``{"t": "start"}``,
``{"t": "fill", "seat": "W", "level": "expert"}``, ``{"t": "empty", "seat": "W"}``,
``{"t": "move", "from": "N", "to": "E"}``, ``{"t": "dnd", "on": true}``.
The host's own ``leave`` closes the room (:attr:`Room.closed`): nothing changes
it afterwards and :meth:`Room.save` gives ``None``, as there is nothing to resume.

Spectators see a seat's cards only while the person sitting there allows it
(``show_cards``) and is there: never a computer's, an empty or an away seat's
(:meth:`Room.shows_cards`, the one rule behind the ``room`` message's
``show_cards`` and the spectators' states).

Host → peer: ``welcome``, ``denied``, ``room`` (seats, names, ready marks,
lights, spectators, vote), ``state`` (the peer's own viewer state and the new
events), ``chat``, ``refused``, ``vote``, ``ended``, ``hand`` (answering ``hand``:
:func:`spades.formats.scoresheet.finished_hand`), ``sheets`` (answering ``sheets``: the results and sheets
of the hands asked for from ``from`` on, as many as fit in :data:`SHEETS_BYTES`; ``to`` says where the answer
stops, the guest asks again for the rest).  A state carries only the last scored hand's (``last_result``,
``last_sheet``), so that no message grows with the game.

Ratings (点力, :mod:`spades.stats.rating`): each person announces their rating and
disconnect count in ``hello`` (the host in :class:`Room`'s arguments); a
computer seat has its level's published rating.  The ``room`` message shows
them per seat, and from the start of the game ``ratings`` holds every seat's
rating as it was then: at the end each peer computes its own change from
these and the final result, the same way on every peer.

Connection lights: the host measures round trips (:meth:`Room.set_rtt`) and
shows them per seat: green under 2 s, yellow 2–4 s, red over 4 s.

A ``room`` message goes to a peer only when what it says differs from the last one that peer got
(:meth:`Room._room_update`): members, seats, ready marks, lights, votes, settings.  Its ``rtt`` is the round trip
rounded down to whole seconds (:data:`RTT_STEP`), so a new measurement within the same second says nothing new
and sends nothing; a ping every 2 s on a steady link sends no ``room`` message at all.  A peer that says hello
(new, or back) or asks to ``catch_up`` (its page dropped a ``room`` or a ``state``) gets the room again whatever
it got before.

The move clock (``RoomConfig.clock``: a move time and a reserve a hand, or off): the room times the bid or card of
a person who is there and plays it themself, from the moment their turn begins (the time of the call that made it,
or of the next call that brings a time: :meth:`Room.step` may have none); a move that takes longer than the move
time eats the seat's reserve, which is whole again at every new hand.  When both are gone (:meth:`Room.tick`), a
casual table hands the seat to the computer (``away``, as ``computer {on}`` does: *Play myself again* takes it back),
a rated table asks the others to wait or end unscored (the disconnect vote, ``"why": "time"``; the slow player's
move ends it, as a dropped player's return does; after *wait* the seat has its move time again, no reserve).
Nothing is timed while the game waits for something else: the end of a hand, a vote, a dropped player, an ended
room.  Every state then says ``clock``: the seat timed, its move time left and its reserve left at sending (``null``
while nothing is timed; no key at a table without a clock); the pages count down from when they receive it.

Keys, claims and the succession (``docs/online.md``, *When the host is gone*): a person's ``hello`` may carry their
public key (:data:`KEY_LENGTH` characters of base64url), shown in their seat of the ``room`` message with the seat's
``claim`` (:func:`claim_of` its token: a room accepts a ``hello`` whose token hashes to a seat's claim as that seat's
owner); the ``room`` message's ``succession`` names the seats that would take the room over, in order
(:attr:`Room.succession`; :mod:`spades.table.takeover` builds the room that goes on).

Catching up: a returning player (``hello`` with its token) or a ``catch_up`` whose ``seq`` is more than
:data:`CATCH_UP_EVENTS` behind, or ``0`` once the game has started, gets the current state with no events (the page
draws it at once) instead of the history since ``seq``; a ``seq`` just behind still gets the events it missed.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import secrets
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, ClassVar

from ..bots import LEVELS
from ..cards import Seat, Team, mask_cards
from ..errors import FairError, SpadesError, brief, msg
from ..formats.record import MAX_SEED, to_record
from ..formats.scoresheet import finished_hand
from ..game import Game, Phase
from ..rules import Rules
from ..stats.rating import LEVEL_RATINGS, MAX_RATING
from .blindroom import BLIND_CHUNKS, BlindRelay, rebuild
from .blindtable import bidding_order, blind_state
from .fairdeal import FAIR_WAIT_MS, FairDeals
from .table import MAX_HANDS, Occupant, Policy, Table, clone

HOST = "host"
FIRST_DEALER = Seat.W
"""The first hand's dealer (the engine's, :class:`~spades.game.Game`'s default): a host-blind first hand is dealt
before any game exists."""
BLIND_WAIT_MS = 10_000
"""How long the room waits for a host-blind hand's reveals (from the first, or from the relay's refusal) before it
settles without the missing ones (:meth:`BlindRelay.expire`: those seats named, their sides treated as having
left)."""
RTT_STEP = 1000
"""The ``room`` message's ``rtt`` is the measured round trip rounded down to a multiple of this many milliseconds."""
CATCH_UP_EVENTS = 12
"""A ``seq`` this many events behind or less is caught up with the events missed; further behind (or ``0`` after
the start), with the current state alone."""
ROOM_FORMAT = "spades-room/1"
MESSAGE_LIMIT = 4096
SHEETS_BYTES = 10_000
"""A ``sheets`` answer holds the scored hands asked for while their JSON stays within this many bytes (at
least one hand; a hand's result and sheet are about 1.5 KB), far under the data channel's 64 KB."""
"""Largest message from a peer, in bytes of its JSON text."""
NAME_LIMIT = 24
CHAT_LIMIT = 200
RATE = (20, 10.0)
"""Token bucket for a peer's messages, every message counted (a denied hello too): at most 20 at once, refilled at
10 per second."""
PEER_LIMIT = 256
"""Peers whose buckets the room keeps at once; a stranger's bucket is forgotten once it has filled up again (it is
then the same as a new one), and while the room keeps this many, a further stranger's messages are dropped."""
BLIND_RATE = (2 * BLIND_CHUNKS, 5.0)
"""Token bucket for a member's ``blind`` chunks (a host-blind hand's, :mod:`spades.table.blindroom`), apart from
:data:`RATE`: a device sends about 20 within the deal's second and the next hand's follow its reveal, so two hands'
worth (:data:`~spades.table.blindroom.BLIND_CHUNKS` each) pass at once, refilled at 5 a second.  A stranger's
chunks count against :data:`RATE` (and are dropped)."""
CHAT_RATE = (5, 0.5)
"""Chat lines: at most 5 at once, one more every 2 seconds."""
GRACE_MS = 5000
CLOCK_MOVE_MS = (1000, 600_000)
"""A move clock's move time, in milliseconds: 1 s to 10 minutes (the page offers 20, 30 and 60 s)."""
CLOCK_RESERVE_MS = (0, 3_600_000)
"""A move clock's reserve a hand, in milliseconds: none to an hour (the page offers 60 s and 120 s)."""
TRICK_SHOWN_MS = 2000
"""The lead after a finished trick is timed from this much later: the pages show the finished trick meanwhile and
the leader cannot play before it is gathered.  It covers the slowest page: the *slow* animation speed keeps the trick
1.5 s and sweeps it in 0.45 s (about 1.3 s at the normal speed; static/app/pacing.py ``SPEEDS``, checked against
this by tests/page/test_clock_views.py), and each page counts from when it received the state."""
"""Casual tables: how long a dropped player's seat waits before a computer takes it over."""
SEAT_HOLD_MS = 30_000
"""Before the start: how long a dropped player's seat is kept for them (the host cannot start meanwhile)."""
COUNT_LIMIT = 2**53 - 1
"""The largest counter a peer sends or a save holds (``n``, ``seq``, ``last_n``): JavaScript's exact integers."""
DISCONNECT_LIMIT = 1000
"""The largest disconnect count a person announces or a save holds (the room's own count stops there)."""
LANGS = ("en", "zh-Hans", "zh-Hant")
SEATS = ("N", "E", "S", "W")
KEY_LENGTH = 87
"""A person's public key in ``hello`` and the ``room`` message: an ECDSA P-256 point (65 bytes, uncompressed) in
base64url without padding, exactly this many characters of ``A-Z a-z 0-9 _ -``."""
_KEY_CHARS = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-")
_HEX = frozenset("0123456789abcdef")

Out = tuple[str, dict[str, Any]]


class RoomError(SpadesError):
    """A room message refused (the peer gets ``refused`` with the reason; nothing changes)."""

    codes: ClassVar[Mapping[str, tuple[str, ...]]] = {
        "bad_message": (),
        "room_settings": (),
        "seats_fixed": (),
        "seat_taken": ("seat",),
        "host_keeps_seat": (),
        "players_cannot_watch": (),
        "no_spectators": (),
        "seat_no_spectators": ("seat",),
        "sit_first": (),
        "chat_too_fast": (),
        "replayed_message": (),
        "not_playing": (),
        "spectators_cannot_play": (),
        "waiting_for_vote": (),
        "not_started": (),
        "computer_only_players": (),
        "no_takeover_rated": (),
        "no_vote": (),
        "already_started": (),
        "player_not_ready": ("name",),
        "player_away": ("name",),
        "seat_empty": ("seat",),
        "nobody_at": ("seat",),
        "room_save": (),
        "takeover_data": ("field",),
        "takeover_not_started": (),
        "takeover_hand": ("number",),
        "takeover_seats": (),
        "takeover_not_seated": (),
        "blind_needs_people": (),
        "blind_seat_empty": ("seat",),
    }
    """The refusals a player of an online room sees (``takeover_*``: a room that cannot be taken over,
    :mod:`spades.table.takeover`)."""


def room_policy(kind: str) -> Policy:
    """The table's policy in an online room of ``kind``: no undo, no explanations; hints and the computer's
    takeover of an away seat at casual tables only."""
    casual = kind == "casual"
    return Policy(kind, undo=False, hints=casual, explain=False, takeover=casual)


def clockwise(seat: Seat) -> list[Seat]:
    """The other three seats, clockwise from ``seat``'s left."""
    return [Seat((seat + i) % 4) for i in (1, 2, 3)]


def light(rtt: float | None) -> str | None:
    """The light for a round trip in milliseconds: ``green`` (< 2 s), ``yellow`` (2–4 s), ``red`` (> 4 s)."""
    if rtt is None:
        return None
    return "green" if rtt < 2000 else "yellow" if rtt <= 4000 else "red"


def clean_text(value: str, limit: int) -> str:
    """Text as shown to others: control characters removed, spaces collapsed, cut to ``limit``."""
    text = "".join(ch if ch.isprintable() else " " for ch in value)
    return " ".join(text.split())[:limit]


# --------------------------------------------------------------------- validation


def _text(limit: int) -> Callable[[object], bool]:
    return lambda v: isinstance(v, str) and len(v) <= limit


def _seat(v: object) -> bool:
    return v in SEATS


def _flag(v: object) -> bool:
    return isinstance(v, bool)


def _count(v: object) -> bool:
    return type(v) is int and 0 <= v <= COUNT_LIMIT


def _rating(v: object) -> bool:
    return type(v) is int and 0 <= v <= MAX_RATING


def _object(v: object) -> bool:
    return isinstance(v, dict)


def is_key(v: object) -> bool:
    """Whether ``v`` is a public key as the room takes it (:data:`KEY_LENGTH` characters of base64url)."""
    return isinstance(v, str) and len(v) == KEY_LENGTH and _KEY_CHARS.issuperset(v)


def is_claim(v: object) -> bool:
    """Whether ``v`` is a seat's claim as the room writes it (:func:`claim_of`: 64 lowercase hex digits)."""
    return isinstance(v, str) and len(v) == 64 and _HEX.issuperset(v)


def claim_of(token: str) -> str:
    """A seat's ``claim``: the hex SHA-256 of its token.  Every page holds it (the ``room`` message), so a page that
    takes the room over recognises the seat's owner by the token alone without ever having known it; a token is
    128 random bits, so the claim tells nothing of it.

    >>> claim_of("token-1")[:16]
    '3f08aace122ee236'
    """
    return hashlib.sha256(token.encode()).hexdigest()


SCHEMA: dict[str, dict[str, tuple[Callable[[object], bool], bool]]] = {
    "hello": {
        "name": (_text(200), True),
        "token": (_text(64), False),
        "password": (_text(200), False),
        "via": (lambda v: v in ("invite", "lobby"), False),
        "lang": (lambda v: v in LANGS, False),
        "seq": (_count, False),
        "rating": (_rating, False),
        "disconnects": (lambda v: type(v) is int and 0 <= v <= DISCONNECT_LIMIT, False),
        "key": (is_key, False),
    },
    "sit": {"seat": (_seat, True)},
    "stand": {},
    "watch": {"seat": (_seat, False)},
    "ready": {"ready": (_flag, True)},
    "intent": {"n": (_count, True), "intent": (_object, True)},
    "chat": {"text": (_text(1000), True)},
    "computer": {"on": (_flag, True)},
    "prefs": {"spectators": (_flag, False), "show_cards": (_flag, False)},
    "vote": {"wait": (_flag, True)},
    "leave": {},
    "catch_up": {"seq": (_count, True)},
    "hand": {"number": (_count, True)},
    "sheets": {"from": (_count, True), "to": (_count, True)},
    "blind": {"id": (_count, True), "part": (_count, True), "of": (_count, True), "data": (_text(MESSAGE_LIMIT), True)},
    "fair": {"on": (_flag, True)},  # my page takes part in commit–reveal deals (fairdeal.py)
    "commit": {"hand": (_count, True), "commit": (is_claim, True)},
    "reveal": {"hand": (_count, True), "secret": (is_claim, True)},
    # host only
    "start": {},
    "fill": {"seat": (_seat, True), "level": (lambda v: v in LEVELS, True)},
    "empty": {"seat": (_seat, True)},
    "move": {"from": (_seat, True), "to": (_seat, True)},
    "dnd": {"on": (_flag, True)},
}
HOST_ONLY = frozenset({"start", "fill", "empty", "move", "dnd"})


def validate(message: object) -> dict[str, Any]:
    """Check a peer's message against :data:`SCHEMA`; return it, or raise :class:`RoomError` saying why."""
    if not isinstance(message, dict):
        raise RoomError("a message must be an object", "bad_message")
    try:
        size = len(json.dumps(message, ensure_ascii=False).encode())
    except (TypeError, ValueError, RecursionError):
        raise RoomError("a message must be plain JSON", "bad_message") from None
    if size > MESSAGE_LIMIT:
        raise RoomError(f"message too long ({size} bytes, at most {MESSAGE_LIMIT})", "bad_message")
    kind = message.get("t")
    schema = SCHEMA.get(kind) if isinstance(kind, str) else None
    if schema is None:
        raise RoomError("unknown message type", "bad_message")
    for key, value in message.items():
        if key == "t":
            continue
        rule = schema.get(key)
        if rule is None:
            raise RoomError(f"unknown key in a {kind} message", "bad_message")
        if not rule[0](value):
            raise RoomError(f"bad {key} in a {kind} message", "bad_message")
    for key, (_, required) in schema.items():
        if required and key not in message:
            raise RoomError(f"{key} missing in a {kind} message", "bad_message")
    return message


# --------------------------------------------------------------------- people


@dataclass
class Bucket:
    """A token bucket: ``size`` at once, ``rate`` per second."""

    size: int
    rate: float
    tokens: float = -1.0
    at: float = 0.0

    def full(self, now: float) -> bool:
        """Whether the bucket has filled up again by ``now`` (ms): then it is as good as a new one."""
        return self.tokens < 0 or self.tokens + (now - self.at) / 1000 * self.rate >= self.size

    def take(self, now: float) -> bool:
        """Spend one token at ``now`` (ms); ``False`` if the bucket is empty."""
        if self.tokens < 0:
            self.tokens, self.at = float(self.size), now
        self.tokens = min(self.size, self.tokens + (now - self.at) / 1000 * self.rate)
        self.at = now
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True


@dataclass
class Member:
    """Someone in the room: a player at a seat, or a spectator.

    ``token`` is the seat token the room gave (``""`` while the room does not know it: a seat of a room built by
    takeover, known by its ``claim`` alone until its owner comes back with the token); ``claim`` is
    :func:`claim_of` the token; ``key`` the person's public key (``hello``); ``restart``: the member's page counts
    the events of another table (a room built by takeover), so its return is caught up with the state alone.
    """

    peer: str
    name: str
    token: str
    lang: str = "en"
    seat: Seat | None = None
    watching: Seat | None = None
    spectator: bool = False
    ready: bool = False
    spectators: bool = True
    show_cards: bool = False
    connected: bool = True
    dropped_at: float | None = None
    last_n: int = -1
    seen_seq: int = 0
    fresh: bool = False  # the next state goes without events (caught up with the state, not the history)
    sent_room: str | None = None  # the last room message sent to this member, as JSON text
    waited: bool = False
    rtt: float | None = None
    rating: int | None = None
    disconnects: int = 0
    chat: Bucket = field(default_factory=lambda: Bucket(*CHAT_RATE))
    key: str | None = None
    claim: str | None = None
    restart: bool = False
    fair: bool = False  # the page draws its own secrets for commit–reveal deals (it said ``fair {on}``)

    def __post_init__(self) -> None:
        if self.token and self.claim is None:
            self.claim = claim_of(self.token)

    def owns(self, token: object) -> bool:
        """Whether ``token`` is this member's seat token: the token itself, or (not known yet) its claim."""
        if not isinstance(token, str) or not token:
            return False
        if self.token:
            return hmac.compare_digest(token.encode(), self.token.encode())
        return self.claim is not None and hmac.compare_digest(claim_of(token).encode(), self.claim.encode())


@dataclass(frozen=True)
class RoomConfig:
    """How the host set the table up: ``kind`` casual or rated, an optional password, do-not-disturb,
    whether spectators may watch at all, the casual grace period before a computer takes over, and the move clock:
    ``(move_ms, reserve_ms)``, a move time and a reserve a hand (:data:`CLOCK_MOVE_MS`, :data:`CLOCK_RESERVE_MS`),
    or ``None``: no clock.  ``blind``: every hand is dealt host-blind (``docs/fair-play.md``) while four people
    play (no computer may sit at such a table; at a casual one, a seat the computer plays for an away person deals
    by commit–reveal until the person is back).  A rated table is always host-blind (``blind`` is set whatever it
    was given: the original rated room has no computers, and no device may see another's cards): its next hand
    waits until all four are there."""

    kind: str = "casual"
    password: str | None = None
    dnd: bool = False
    spectators: bool = True
    grace_ms: int = GRACE_MS
    clock: tuple[int, int] | None = None
    blind: bool = False

    def __post_init__(self) -> None:
        if self.kind == "rated" and not self.blind:
            object.__setattr__(self, "blind", True)  # (frozen) every rated table is host-blind, a saved one too

    @classmethod
    def from_json(cls, data: object) -> RoomConfig:
        """Validate ``{"kind", "password", "dnd", "spectators", "grace_ms", "clock", "blind"}`` (all optional; ``clock``
        is ``null`` or ``{"move_ms", "reserve_ms"}``)."""
        if data is None:
            return cls()
        if not isinstance(data, Mapping):
            raise RoomError("room settings must be an object", "room_settings")
        unknown = set(data) - {"kind", "password", "dnd", "spectators", "grace_ms", "clock", "blind"}
        if unknown:
            raise RoomError(f"unknown room setting {sorted(map(str, unknown))[0][:40]!r}", "room_settings")
        kind = data.get("kind", "casual")
        if kind not in ("casual", "rated"):
            raise RoomError("room kind must be 'casual' or 'rated'", "room_settings")
        password = data.get("password")
        if password is not None and (not isinstance(password, str) or len(password) > 200):
            raise RoomError("a password must be text of at most 200 characters", "room_settings")
        grace = data.get("grace_ms", GRACE_MS)
        if type(grace) is not int or not 0 <= grace <= 600_000:
            raise RoomError("grace_ms must be 0 to 600000", "room_settings")
        for key in ("dnd", "spectators", "blind"):
            if not isinstance(data.get(key, False), bool):
                raise RoomError(f"{key} must be true or false", "room_settings")
        clock = _clock_setting(data.get("clock"))
        return cls(
            kind,
            password or None,
            bool(data.get("dnd", False)),
            bool(data.get("spectators", True)),
            grace,
            clock,
            bool(data.get("blind", False)),
        )

    def clock_json(self) -> dict[str, int] | None:
        """The move clock as the settings, the ``room`` message and the save say it (``None``: off)."""
        return None if self.clock is None else {"move_ms": self.clock[0], "reserve_ms": self.clock[1]}


def _clock_setting(value: object) -> tuple[int, int] | None:
    """The room setting ``clock``: ``null`` (off) or ``{"move_ms", "reserve_ms"}``, whole milliseconds within
    :data:`CLOCK_MOVE_MS` and :data:`CLOCK_RESERVE_MS`."""
    if value is None:
        return None
    if not isinstance(value, Mapping) or set(value) != {"move_ms", "reserve_ms"}:
        raise RoomError("the clock must be null or {move_ms, reserve_ms}", "room_settings")
    found = []
    for key, (low, high) in (("move_ms", CLOCK_MOVE_MS), ("reserve_ms", CLOCK_RESERVE_MS)):
        number = value[key]
        if type(number) is not int or not low <= number <= high:
            raise RoomError(f"the clock's {key} must be {low} to {high}", "room_settings")
        found.append(number)
    return found[0], found[1]


def _is_ended_news(news: object) -> bool:
    """Whether ``news`` is an ``ended`` message a room keeps for its returning members (:attr:`Room.ended_news`)."""
    return (
        isinstance(news, Mapping)
        and set(news) == {"t", "reason", "left", "loser"}
        and news.get("t") == "ended"
        and news.get("reason") == "left"
        and isinstance(news.get("left"), str)
        and len(news["left"]) <= NAME_LIMIT
        and news.get("loser") in ("NS", "EW")
    )


class Room:
    """The host's room around one table (see the module docstring)."""

    blind: BlindRelay | None = None
    """The hand in progress when it is dealt host-blind (:mod:`spades.table.blindroom`); ``None`` otherwise."""

    def __init__(
        self,
        rules: Rules,
        config: RoomConfig,
        host_name: str,
        host_seat: Seat = Seat.S,
        *,
        seed: int | None = None,
        token: Callable[[], str] | None = None,
        rating: int | None = None,
        disconnects: int = 0,
    ) -> None:
        self.rules = rules
        self.config = config
        self.dnd = config.dnd
        self.seed = seed
        self._token = token or (lambda: secrets.token_urlsafe(16))
        host = Member(HOST, clean_text(host_name, NAME_LIMIT) or "Host", self._token(), seat=host_seat)
        host.rating = rating if _rating(rating) else None
        host.disconnects = disconnects if type(disconnects) is int and 0 <= disconnects <= DISCONNECT_LIMIT else 0
        self.ratings: dict[str, int | None] | None = None  # every seat's rating at the start
        self.members: dict[str, Member] = {HOST: host}
        self.computers: dict[Seat, str] = {}
        self.table: Table | None = None
        self.ended: str | None = None
        self.vote: dict[str, Any] | None = None
        self.dropped_messages = 0
        self.disconnects: dict[str, int] = {}
        self.left: str | None = None
        self.ended_news: dict[str, Any] | None = None
        """The ``ended`` message of a game that ended while the others were away — the host reloaded during a rated
        blind hand (:meth:`load`) — told to each seated member once, as it comes back (``ended_told``: names)."""
        self.ended_told: set[str] = set()
        self.closed = False
        self._chat_id = 0
        self.order: list[Seat] = []  # who would take the room over, fixed at the start (see succession)
        self._buckets: dict[str, Bucket] = {}  # every peer's messages, members or not (see PEER_LIMIT)
        self._blind_buckets: dict[str, Bucket] = {}  # members' blind chunks (BLIND_RATE)
        # the move clock (module docstring): the reserves left this hand (a seat not here has its whole reserve),
        # the turn timed ((hand, moves made, seat) or None) and when it began (None: at the next call with a time)
        self._reserves: dict[Seat, int] = {}
        self._clock_hand = 0
        self._turn: tuple[int, int, Seat] | None = None
        self._turn_at: float | None = None
        self._clock_sent: tuple[int, int, Seat] | None = None  # the turn the last states timed
        self._now: float | None = None  # the time of the call being handled (None: a step, which brings none)
        # commit–reveal deals (fairdeal.py): the next hand's round and every hand's fair part; a deal waiting for
        # the round's secrets (who asked for it, None: the start; since when) and the start's seats meanwhile
        self.fair = FairDeals(secrets.token_hex(8))
        self._deal_wanted: tuple[Seat | None, float | None] | None = None
        self._deal_wait: float = FAIR_WAIT_MS  # how long that deal waits for late secrets (deal_again: longer)
        self._starting: dict[Seat, Occupant] | None = None
        # host-blind hands (blindtable.py): the hand in progress is self.blind; since when its reveals are awaited;
        # every blind hand's fair part (kept apart from self.fair's, and not saved: a transcript is about 75 kB)
        self._blind_since: float | None = None
        self._blind_backlog: dict[Seat, list[dict[str, Any]]] = {}  # chunks for a dropped person's return
        self.blind_parts: dict[int, dict[str, Any]] = {}

    # ----------------------------------------------------------------- who is where

    def player_at(self, seat: Seat) -> Member | None:
        """The member seated at ``seat``, if any."""
        return next((m for m in self.members.values() if m.seat == seat), None)

    def _seat_json(self, seat: Seat) -> dict[str, Any]:
        member = self.player_at(seat)
        if member is None:
            level = self.computers.get(seat)
            return {
                "occupant": "computer" if level else "empty",
                "level": level,
                "name": None,
                "rating": LEVEL_RATINGS.get(level) if level else None,
                "disconnects": 0,
                "ready": level is not None,
                "host": False,
                "rtt": None,
                "light": None,
                "spectators": True,
                "show_cards": False,
                "key": None,
                "claim": None,
            }
        away = self._away(member)
        rtt = 0.0 if member.peer == HOST else member.rtt
        return {
            "occupant": "away" if away else "person",
            "level": None,
            "name": member.name,
            "rating": member.rating,
            "disconnects": member.disconnects,
            "ready": member.ready or member.peer == HOST,
            "host": member.peer == HOST,
            "rtt": None if rtt is None else int(rtt // RTT_STEP) * RTT_STEP,
            "light": "red" if away else light(rtt),  # a seat whose player is not there is red, whatever its link
            "spectators": member.spectators,
            "show_cards": self.shows_cards(seat),
            "key": member.key,
            "claim": member.claim,
        }

    @property
    def succession(self) -> list[str]:
        """The seats of the people who would take the room over if the host were gone, in order: :attr:`order`
        (fixed at the start: the seated people other than the host, clockwise from the host's left), less those
        not here now (left for good, or dropped: a returning one comes back at its place)."""
        out = []
        for seat in self.order:
            member = self.player_at(seat)
            if member is not None and member.peer != HOST and member.connected:
                out.append(seat.name)
        return out

    def _away(self, member: Member) -> bool:
        """Whether a seated member is not there to play: dropped, or the computer plays for them."""
        return member.seat is not None and (
            not member.connected or (self.table is not None and self.table.seats[member.seat].away)
        )

    def shows_cards(self, seat: Seat) -> bool:
        """Whether a spectator watching ``seat`` sees its cards: only when the person sitting there allows it (and
        allows spectators at all) and is there.  A computer's seat, an empty seat and an away player's seat never
        show them (nobody sitting there is not somebody allowing it).  The ``room`` message's ``show_cards`` and
        the spectators' states both follow this one rule."""
        member = self.player_at(seat)
        return member is not None and member.spectators and member.show_cards and not self._away(member)

    def summary(self) -> dict[str, Any]:
        """The room as everyone sees it (the ``room`` message, and the lobby listing)."""
        return {
            "t": "room",
            "kind": self.config.kind,
            "blind": self.config.blind,  # every hand dealt host-blind while four people play (docs/fair-play.md)
            "dnd": self.dnd,
            "spectators_allowed": self.config.spectators and not self.dnd,
            "password": self.config.password is not None,
            "started": self.table is not None or self.blind is not None,
            "starting": self._starting is not None,  # started, hand 1 waiting for its secrets: seats fixed
            "ended": self.ended,
            "seats": {seat.name: self._seat_json(seat) for seat in Seat},
            "watchers": [
                {"name": m.name, "watching": m.watching.name if m.watching is not None else None}
                for m in self.members.values()
                if m.spectator
            ],
            "vote": self.vote,
            "rules": self.rules.to_dict(),
            "ratings": self.ratings,
            "clock": self.config.clock_json(),
            "succession": self.succession,
        }

    def _viewer(self, member: Member) -> str | None:
        if member.seat is not None:
            return member.seat.name
        if not member.spectator:
            return None
        if member.watching is not None and self.shows_cards(member.watching):
            return "spectator:" + member.watching.name
        return "spectator"

    # ----------------------------------------------------------------- output

    def _room_update(self, only: Member | None = None) -> list[Out]:
        """The ``room`` message (:meth:`summary`) to each connected member (or just ``only``) whose last one said
        something else."""
        summary = self.summary()
        text = json.dumps(summary, sort_keys=True)
        out: list[Out] = []
        for member in self.members.values() if only is None else [only]:
            if member.connected and member.sent_room != text:
                member.sent_room = text
                out.append((member.peer, summary))
        return out

    def opening(self) -> list[Out]:
        """What the host's page gets when the room is made or loaded: the ``room`` message (remembered as sent,
        so the next update that says nothing new sends nothing) and each connected member's state."""
        host = self.members[HOST]
        summary = self.summary()
        host.sent_room = json.dumps(summary, sort_keys=True)
        return [(HOST, summary), *self._states(events=False)]

    def _catch_up_from(self, member: Member, seq: int) -> None:
        """Where ``member``'s next state starts: the events after ``seq`` when it is at most
        :data:`CATCH_UP_EVENTS` behind, else the current state alone (``seq`` 0 after the start included)."""
        if self.table is None:
            member.seen_seq, member.fresh = 0, False
            return
        current = self.table.seq
        if seq == 0 or current - seq > CATCH_UP_EVENTS:
            member.seen_seq, member.fresh = current, True
        else:
            member.seen_seq, member.fresh = min(seq, current), False

    def _everyone(self, message: dict[str, Any]) -> list[Out]:
        return [(m.peer, message) for m in self.members.values() if m.connected]

    def _states(self, events: bool = True) -> list[Out]:
        """Each connected member's own viewer state, and the events since it last heard (and the move clock, at a
        table with one).  During a host-blind hand, the hand's public state alone (:meth:`_blind_states`)."""
        if self.blind is not None:
            return self._blind_states()
        if self.table is None:
            return []
        self._sync_clock()
        clock = self.clock()
        self._clock_sent = self._turn
        out: list[Out] = []
        for member in self.members.values():
            viewer = self._viewer(member)
            if viewer is None or not member.connected:
                continue
            message: dict[str, Any] = {"t": "state", "state": self.table.state(viewer)}
            if self.config.clock is not None:
                message["clock"] = clock
            if events and member.fresh:
                message["events"], message["reset"] = [], True
            elif events:
                caught = self.table.events_since(min(member.seen_seq, self.table.seq), viewer, member.lang)
                message["events"] = caught if caught is not None else []
                message["reset"] = caught is None
            member.fresh = False
            member.seen_seq = self.table.seq
            out.append((member.peer, message))
        return out

    # ----------------------------------------------------------------- the move clock

    def _clock_turn(self) -> tuple[int, int, Seat] | None:
        """The turn the move clock times now, ``(hand, moves made, seat)``: a person's bid or card while they are
        there and play it themself; ``None`` without a clock or a game, and while the game waits for something else
        (the end of a hand, a vote, a dropped player, an ended or closed room).  During a host-blind hand, its public
        turn (:meth:`_blind_clock_turn`)."""
        table = self.table
        if self.config.clock is None or self.ended or self.closed or self.vote is not None:
            return None
        if self.blind is not None:
            return self._blind_clock_turn()
        if table is None:
            return None
        game = table.game
        seat = game.turn
        if seat is None or game.phase not in (Phase.BIDDING, Phase.PLAYING):
            return None
        occupant = table.seats[seat]
        member = self.player_at(seat)
        if occupant.kind == "computer" or occupant.away or member is None or not member.connected:
            return None
        return game.hand_number, len(game.history[-1].moves), seat

    def _blind_clock_turn(self) -> tuple[int, int, Seat] | None:
        """The host-blind hand's turn the clock times: the public turn (bids and cards made so far counted as its
        moves) while its person is there; nothing while nobody knows whose turn it is (the devices dealing, the 2♣
        still to be led by whoever holds it), once a reveal or a refusal has begun the hand's end, or a dropped
        person's grace runs (then :meth:`_blind_tick`)."""
        relay = self.blind
        assert relay is not None
        public = relay.public
        seat = public.turn
        if seat is None or public.revealed or relay.refused is not None or public.phase not in ("bidding", "playing"):
            return None
        member = self.player_at(seat)
        if member is None or not member.connected:
            return None
        return relay.hand, sum(bid is not None for bid in public.bids) + len(public.play), seat

    def _reserve(self, seat: Seat) -> int:
        return self._reserves.get(seat, self.config.clock[1] if self.config.clock is not None else 0)

    def _sync_clock(self) -> None:
        """Follow the game at :attr:`_now`: the turn that ended charges its overtime to its seat's reserve, the one
        that began starts (at the next call with a time, when this one has none), and a new hand gives every seat
        its whole reserve again."""
        if self.config.clock is None or (self.table is None and self.blind is None):
            return
        now = self._now
        turn = self._clock_turn()
        if turn != self._turn:
            if self._turn is not None and self._turn_at is not None and now is not None:
                seat = self._turn[2]
                over = int(now - self._turn_at) - self.config.clock[0]
                if over > 0:
                    self._reserves[seat] = max(0, self._reserve(seat) - over)
            self._turn, self._turn_at = turn, None if now is None else now + self._shown_first()
        elif turn is not None and self._turn_at is None and now is not None:
            self._turn_at = now + self._shown_first()
        if self.blind is not None:
            hand = self.blind.hand
        else:
            assert self.table is not None  # (one of the two, above)
            hand = self.table.game.hand_number
        if hand != self._clock_hand:
            self._clock_hand, self._reserves = hand, {}

    def _shown_first(self) -> int:
        """How long the turn starting now waits before it is timed: :data:`TRICK_SHOWN_MS` for the lead after a
        finished trick, else nothing."""
        if self.blind is not None:
            public = self.blind.public
            return TRICK_SHOWN_MS if public.phase == "playing" and not public.trick and public.tricks else 0
        game = self.table.game if self.table is not None else None
        lead = game is not None and game.phase is Phase.PLAYING and not game.trick and bool(game.tricks)
        return TRICK_SHOWN_MS if lead else 0

    def clock(self) -> dict[str, Any] | None:
        """The move clock as the states say it: the seat timed, its move time left and its reserve left now
        (``{"seat", "move_ms", "reserve_ms"}``; the pages count down from when they receive it), or ``None`` while
        nothing is timed; ``wait_ms`` too while the lead after a finished trick is not timed yet (the pages count
        down after it, :data:`TRICK_SHOWN_MS`)."""
        if self._turn is None or self.config.clock is None:
            return None
        move_ms = self.config.clock[0]
        seat = self._turn[2]
        if self._turn_at is None or self._now is None:  # it starts at the next call with a time
            since = -self._shown_first()
        else:
            since = int(self._now - self._turn_at)
        spent = max(0, since)
        reserve = max(0, self._reserve(seat) - max(0, spent - move_ms))
        clock: dict[str, Any] = {"seat": seat.name, "move_ms": max(0, move_ms - spent), "reserve_ms": reserve}
        if since < 0:
            clock["wait_ms"] = -since
        return clock

    def _timeout(self) -> list[Out]:
        """The seat timed has used its move time and its reserve: a casual table's computer plays for it (``away``),
        a rated table's others vote (wait, or end unscored); nobody to ask, nothing happens."""
        self._sync_clock()
        turn, start, now = self._turn, self._turn_at, self._now
        if turn is None or start is None or now is None or self.config.clock is None:
            return []
        seat = turn[2]
        if now - start < self.config.clock[0] + self._reserve(seat):
            return []
        member = self.player_at(seat)
        if member is None:
            return []
        out = self._away_or_vote(seat, member, "time")
        if self.config.kind == "rated" and not out:  # nobody to ask
            return []
        return out + self._room_update() + self._states()

    def _away_or_vote(self, seat: Seat, member: Member, why: str | None = None) -> list[Out]:
        """``member`` is not playing ``seat``: a casual table's computer plays it (``away``); at a rated table the
        others seated and connected vote (wait, or end unscored; ``why`` the vote's reason when given): the
        ``vote`` to everyone, nothing when nobody is there to ask.  During a host-blind hand a casual table gives
        the seat's device up instead (the computer cannot play a hand it cannot see: :meth:`BlindRelay.abandon`, as
        for a person dropped past the grace period).  The callers keep their own guards."""
        if self.config.kind == "casual" and self.blind is not None:
            return self._blind_out(self.blind.abandon(seat, why or "away"))
        if self.config.kind == "casual":
            assert self.table is not None
            occupant = self.table.seats[seat]
            self.table.set_occupant(seat, Occupant(occupant.kind, occupant.level, member.name, away=True))
            return []
        voters = [m.seat.name for m in self.members.values() if m.seat is not None and m.connected and m is not member]
        if not voters:
            return []
        self.vote = {"seat": seat.name, "name": member.name, "votes": {s: None for s in voters}}
        if why is not None:
            self.vote["why"] = why
        return self._everyone({"t": "vote", **self.vote})

    def _clock_news(self, out: list[Out]) -> list[Out]:
        """``out``, and everyone's state again when the clock changed and no state in ``out`` says so (a vote opened
        or ended, the player to move dropped)."""
        if self.config.clock is None or (self.table is None and self.blind is None):
            return out
        self._sync_clock()
        if self._turn != self._clock_sent and not any(message["t"] == "state" for _, message in out):
            return out + self._states()
        return out

    def _refused(self, peer: str, error: SpadesError, n: int | None = None) -> list[Out]:
        """``refused``: the English line (``error``, for older pages) and ``code`` / ``params`` (``spades.errors``)."""
        return [(peer, {"t": "refused", "error": str(error)[:200], "n": n, **error.to_json()})]

    # ----------------------------------------------------------------- connections

    def disconnect(self, peer: str, now: float) -> list[Out]:
        """A peer's channel closed: its seat waits (casual: a computer takes over after the grace period;
        rated: the others vote)."""
        member = self.members.get(peer)
        if member is None or peer == HOST or self.closed:
            return []
        self._now = now
        if member.seat is None:
            del self.members[peer]
            return self._room_update()
        if self.ended:
            del self.members[peer]
            return self._room_update()
        member.connected = False
        member.dropped_at = now
        return self._clock_news(self._room_update())

    def set_rtt(self, peer: str, rtt: float) -> list[Out]:
        """The host measured a round trip to ``peer`` (milliseconds)."""
        member = self.members.get(peer)
        if member is None or self.closed:
            return []
        if not isinstance(rtt, (int, float)) or isinstance(rtt, bool) or not 0 <= rtt < 3_600_000:
            return []
        member.rtt = float(rtt)
        return self._room_update()

    def tick(self, now: float) -> list[Out]:
        """Time passes: casual tables hand a dropped seat to the computer after the grace period;
        rated tables open a vote.  A seat out of time on the move clock, the same (module docstring)."""
        if self.ended or self.closed:
            return []
        self._now = now
        dealt = self._fair_deal(now)  # a deal that waited for late secrets (the start's too)
        if self.blind is not None:
            return dealt + self._blind_tick(now)
        if self.table is None:  # before the start a seat is held SEAT_HOLD_MS for its dropped player, then freed
            gone = [
                peer
                for peer, m in self.members.items()
                if not m.connected and m.dropped_at is not None and now - m.dropped_at >= SEAT_HOLD_MS
            ]
            for peer in gone:
                del self.members[peer]
            return dealt + (self._room_update() if gone else [])
        out: list[Out] = []
        for member, seat in self._past_grace(now):
            occupant = self.table.seats[seat]
            if self.config.kind == "casual" and not occupant.away:
                self.table.set_occupant(seat, Occupant("peer", occupant.level, member.name, away=True))
                out += self._room_update() + self._states()
            elif self.config.kind == "rated" and self.vote is None and not member.waited:
                out += self._open_vote(member, seat)
        return self._clock_news(dealt + out + self._timeout())

    def _past_grace(self, now: float) -> list[tuple[Member, Seat]]:
        """The seated members dropped for the grace period or longer at ``now``, each with its seat (a casual
        table gives their seats to the computer, or gives up their devices in a host-blind hand; a rated table
        votes)."""
        return [
            (member, member.seat)
            for member in self.members.values()
            if not member.connected
            and member.seat is not None
            and member.dropped_at is not None
            and now - member.dropped_at >= self.config.grace_ms
        ]

    def _open_vote(self, member: Member, seat: Seat) -> list[Out]:
        """A rated table's vote on ``member``, dropped past its grace at ``seat``: each connected seated member
        votes (wait, or end the game unscored)."""
        voters = [m.seat.name for m in self.members.values() if m.seat is not None and m.connected]
        self.vote = {"seat": seat.name, "name": member.name, "votes": {s: None for s in voters}}
        return self._everyone({"t": "vote", **self.vote}) + self._room_update()

    # ----------------------------------------------------------------- messages

    def receive(self, peer: str, message: object, now: float) -> list[Out]:
        """Handle one message from ``peer`` at ``now`` (ms); return the messages to send.

        Malformed, oversized, unknown, flooding or unauthorised messages are
        dropped and counted (:attr:`dropped_messages`); a well-formed message
        the rules refuse gets a ``refused`` answer.  Neither changes anything.
        """
        blind = isinstance(message, dict) and message.get("t") == "blind" and peer in self.members
        if self.closed or not (self._take_blind(peer, now) if blind else self._take(peer, now)):
            self.dropped_messages += 1
            return []
        self._now = now
        member = self.members.get(peer)
        try:
            message = validate(message)
        except RoomError:
            self.dropped_messages += 1
            return []
        kind = message["t"]
        if member is None or (kind == "hello" and not member.connected):
            # A newcomer, or a player whose connection (or the host) dropped and who is back with the same peer id
            # (a page keeps its id): only its own seat token brings it back.
            if kind != "hello":
                self.dropped_messages += 1
                return []
            if member is not None and not member.owns(message.get("token")):
                self.dropped_messages += 1
                return []
            return self._clock_news(self._hello(peer, message, now))
        if kind == "hello" or (kind in HOST_ONLY and peer != HOST):
            self.dropped_messages += 1
            return []
        handler: Callable[[Member, dict[str, Any], float], list[Out]] = getattr(self, "_on_" + kind)
        if self._starting is not None and kind == "leave" and member.seat is not None and self.config.kind != "rated":
            self._starting = self._deal_wanted = None  # a player leaves while hand 1 is dealt: no start (a spectator
            self.order = []  # leaving changes nothing; leaving a rated game's first hand loses it: _on_leave)
        try:
            if self._starting is not None and kind in ("sit", "stand", "move", "fill", "empty"):
                raise RoomError("the game has started: seats are fixed", "seats_fixed")
            return self._clock_news(handler(member, message, now))
        except SpadesError as error:
            return self._refused(peer, error, message.get("n"))

    def _take(self, peer: str, now: float) -> bool:
        """Count one message of ``peer`` against its bucket (a member's or a stranger's alike)."""
        bucket = self._buckets.get(peer)
        if bucket is None:
            if len(self._buckets) >= PEER_LIMIT:
                self._buckets = {
                    p: b for p, b in self._buckets.items() if p in self.members or p == HOST or not b.full(now)
                }
            if len(self._buckets) >= PEER_LIMIT:
                return False
            bucket = self._buckets[peer] = Bucket(*RATE)
        return bucket.take(now)

    def _take_blind(self, peer: str, now: float) -> bool:
        """Count one ``blind`` chunk of the member ``peer`` against its own bucket (:data:`BLIND_RATE`)."""
        bucket = self._blind_buckets.get(peer)
        if bucket is None:
            self._blind_buckets = {p: b for p, b in self._blind_buckets.items() if p in self.members}
            bucket = self._blind_buckets[peer] = Bucket(*BLIND_RATE)
        return bucket.take(now)

    def _hello(self, peer: str, message: dict[str, Any], now: float) -> list[Out]:
        password = message.get("password")
        if self.config.password is not None and not hmac.compare_digest(
            (password or "").encode(), self.config.password.encode()
        ):
            return [(peer, {"t": "denied", "code": "password"})]
        token = message.get("token")
        name = clean_text(message["name"], NAME_LIMIT) or "Guest"
        lang = message.get("lang", "en")
        back = next(
            (
                m
                for m in self.members.values()
                if token and m.peer != HOST and m.owns(token)  # the token, or its claim (a room built by takeover)
            ),
            None,
        )
        if back is not None:  # a player returns to the seat
            old = back.peer
            del self.members[old]
            back.peer, back.connected, back.dropped_at, back.lang, back.waited = peer, True, None, lang, False
            back.sent_room = None
            back.token = back.token or str(token)  # a seat known by its claim alone learns its token
            back.key = message.get("key", back.key)
            self._catch_up_from(back, 0 if back.restart else message.get("seq", 0))  # seq 0: the state alone
            back.restart = False
            self.members[peer] = back
            if self.vote is not None and back.seat is not None and self.vote["seat"] == back.seat.name:
                self.vote = None
            if self.table is not None and back.seat is not None:
                occupant = self.table.seats[back.seat]
                if occupant.away:
                    self.table.set_occupant(back.seat, Occupant("peer", occupant.level, back.name))
            ask = self.fair.ask() if back.seat is not None and back.fair else None  # the open round
            missed = self._blind_missed(back)  # a blind hand's chunks relayed while it was away, after its state
            out = self._welcome(back) + self._room_update() + self._states() + ([(peer, ask)] if ask else [])
            if self.ended_news is not None and back.seat is not None and back.name not in self.ended_told:
                self.ended_told.add(back.name)  # the game ended while it was away: said once
                out.append((peer, dict(self.ended_news)))
            return out + missed
        if self.dnd and message.get("via", "invite") != "invite":
            return [(peer, {"t": "denied", "code": "dnd"})]
        member = Member(peer, name, self._token(), lang=lang)
        member.rating = message.get("rating")
        member.disconnects = message.get("disconnects", 0)
        member.key = message.get("key")
        member.seen_seq = self.table.seq if self.table is not None else 0
        self.members[peer] = member
        return self._welcome(member) + self._room_update()

    def _welcome(self, member: Member) -> list[Out]:
        you = {
            "seat": member.seat.name if member.seat is not None else None,
            "token": member.token,
            "spectator": member.spectator,
            "name": member.name,
        }
        return [(member.peer, {"t": "welcome", "you": you})]

    def _on_sit(self, member: Member, message: dict[str, Any], now: float) -> list[Out]:
        seat = Seat[message["seat"]]
        if self.table is not None:
            raise RoomError("the game has started: seats are fixed", "seats_fixed")
        if self.player_at(seat) is not None or seat in self.computers:
            raise RoomError(f"seat {seat.name} is taken", "seat_taken", {"seat": seat.name})
        member.seat, member.spectator, member.watching, member.ready = seat, False, None, False
        return self._welcome(member) + self._room_update()

    def _on_stand(self, member: Member, message: dict[str, Any], now: float) -> list[Out]:
        if self.table is not None:
            raise RoomError("the game has started: seats are fixed", "seats_fixed")
        if member.peer == HOST:
            raise RoomError("the host keeps a seat", "host_keeps_seat")
        member.seat, member.ready = None, False
        return self._welcome(member) + self._room_update()

    def _on_watch(self, member: Member, message: dict[str, Any], now: float) -> list[Out]:
        if member.seat is not None:
            raise RoomError("players cannot watch", "players_cannot_watch")
        if self.dnd or not self.config.spectators:
            raise RoomError("this table does not take spectators", "no_spectators")
        seat = Seat[message["seat"]] if "seat" in message else None
        watched = self.player_at(seat) if seat is not None else None
        if watched is not None and not watched.spectators:
            raise RoomError(f"{watched.name} does not allow spectators", "seat_no_spectators", {"seat": watched.name})
        member.spectator, member.watching = True, seat
        return self._welcome(member) + self._room_update() + self._states(events=False)

    def _on_ready(self, member: Member, message: dict[str, Any], now: float) -> list[Out]:
        if member.seat is None:
            raise RoomError("sit down first", "sit_first")
        member.ready = message["ready"]
        return self._room_update()

    def _on_prefs(self, member: Member, message: dict[str, Any], now: float) -> list[Out]:
        member.spectators = message.get("spectators", member.spectators)
        member.show_cards = message.get("show_cards", member.show_cards)
        if not member.spectators and member.seat is not None:
            for other in self.members.values():
                if other.spectator and other.watching == member.seat:
                    other.watching = None
        return self._room_update() + self._states(events=False)

    def resume_chat(self, last_id: int) -> None:
        """Number the next chat lines after ``last_id`` (a room built by takeover: the pages hold older lines)."""
        self._chat_id = max(self._chat_id, last_id)

    def _on_chat(self, member: Member, message: dict[str, Any], now: float) -> list[Out]:
        if not member.chat.take(now):
            raise RoomError("too many chat lines: wait a moment", "chat_too_fast")
        text = clean_text(message["text"], CHAT_LIMIT)
        if not text:
            return []
        self._chat_id += 1
        line = {
            "t": "chat",
            "id": self._chat_id,
            "from": member.name,
            "peer": member.peer,
            "seat": member.seat.name if member.seat is not None else None,
            "spectator": member.spectator,
            "text": text,
        }
        return self._everyone(line)

    def _on_intent(self, member: Member, message: dict[str, Any], now: float) -> list[Out]:
        n = message["n"]
        if n <= member.last_n:
            raise RoomError("an old message (replayed): ignored", "replayed_message")
        member.last_n = n
        if self.table is None or self.ended:
            raise RoomError("the game is not being played", "not_playing")
        if self.blind is not None:
            raise RoomError("a host-blind hand is played through the devices: no intents", "not_playing")
        if member.seat is None:
            raise RoomError("spectators cannot play", "spectators_cannot_play")
        vote = self.vote
        if vote is not None and not (vote.get("why") == "time" and vote["seat"] == member.seat.name):
            raise RoomError("waiting for the vote", "waiting_for_vote")
        work = clone(self.table)
        work.act(member.seat, message["intent"])
        if message["intent"].get("type") == "next_hand":  # checked on the copy; dealt host-blind or by commit–reveal
            if self._blind_ready():
                return self._blind_next()
            if self.config.kind == "rated":  # never dealt but host-blind: it waits for whoever is not there
                away = next((m.name for m in self.members.values() if m.seat is not None and not m.connected), "")
                raise RoomError(f"{away} is reconnecting", "player_away", {"name": away})
            return self._want_deal(member.seat, now)
        self.table = work
        if vote is not None:  # the player whose time ran out moved after all: nobody waits any more
            self.vote = None
            return self._everyone({"t": "vote", **vote, "result": "wait"}) + self._room_update() + self._states()
        return self._states()

    def _on_catch_up(self, member: Member, message: dict[str, Any], now: float) -> list[Out]:
        """The room again (the page dropped one, or a state) and, once started, this member's state from ``seq``."""
        member.sent_room = None
        out = self._room_update(member)
        if self.table is None:
            return out
        self._catch_up_from(member, message["seq"])
        return out + [o for o in self._states() if o[0] == member.peer]

    def _on_hand(self, member: Member, message: dict[str, Any], now: float) -> list[Out]:
        """A finished hand trick by trick, for anyone in the room (all its cards were played)."""
        if self.table is None:
            raise RoomError("the game has not started", "not_started")
        return [(member.peer, {"t": "hand", "hand": finished_hand(self.table.game, message["number"])})]

    def _on_sheets(self, member: Member, message: dict[str, Any], now: float) -> list[Out]:
        """Scored hands' results and score sheets, from ``from`` on, as many as fit in :data:`SHEETS_BYTES`."""
        if self.table is None:
            raise RoomError("the game has not started", "not_started")
        scored = self.table.scored_hands(message["from"], message["to"])
        results: list[dict[str, Any]] = []
        sheets: list[dict[str, Any]] = []
        size = 0
        for result, sheet in zip(scored["results"], scored["sheets"], strict=True):
            size += len(json.dumps([result, sheet], ensure_ascii=False).encode())
            if results and size > SHEETS_BYTES:
                break
            results.append(result)
            sheets.append(sheet)
        first = scored["from"]
        answer = {"t": "sheets", "from": first, "to": first + len(results) - 1, "results": results, "sheets": sheets}
        return [(member.peer, answer)]

    def _on_blind(self, member: Member, message: dict[str, Any], now: float) -> list[Out]:
        """A chunk from a seated person's device for the host-blind hand (:attr:`blind`): what the relay sends on,
        to the people seated (the host's own seat's chunks included, for its own page's device).  Dropped and
        counted when no hand is dealt that way or the sender has no seat."""
        if self.blind is None or member.seat is None:
            self.dropped_messages += 1
            return []
        before = _shown(self.blind)
        out = self._blind_out(self.blind.receive(member.seat, message))
        vote = self.vote
        moved = self.blind is not None and _shown(self.blind)[1:3] != before[1:3]
        if vote is not None and vote.get("why") == "time" and moved:  # the slow player moved after all (a bid or a
            self.vote = None  # card made: only the seat timed could): nobody waits any more, as for an intent
            out += self._everyone({"t": "vote", **vote, "result": "wait"}) + self._room_update()
        return out + self._blind_news(before, now)

    def _on_computer(self, member: Member, message: dict[str, Any], now: float) -> list[Out]:
        if member.seat is None or self.table is None:
            raise RoomError("only a seated player in a game can hand the seat to the computer", "computer_only_players")
        if self.config.kind == "rated":
            raise RoomError("no computer takeover at a rated table", "no_takeover_rated")
        occupant = self.table.seats[member.seat]
        self.table.set_occupant(member.seat, Occupant(occupant.kind, occupant.level, member.name, away=message["on"]))
        return self._room_update() + self._states()

    def _on_vote(self, member: Member, message: dict[str, Any], now: float) -> list[Out]:
        vote = self.vote
        if vote is None or member.seat is None or member.seat.name not in vote["votes"]:
            raise RoomError("there is no vote for you", "no_vote")
        vote["votes"][member.seat.name] = message["wait"]
        answers = list(vote["votes"].values())
        if answers and all(a is False for a in answers):
            self.ended = "unscored"
            self.disconnects[vote["name"]] = min(self.disconnects.get(vote["name"], 0) + 1, DISCONNECT_LIMIT)
            self.vote = None
            return self._everyone({"t": "ended", "reason": "unscored", "disconnected": vote["name"]}) + self._everyone(
                self.summary()
            )
        if all(a is not None for a in answers):  # someone chose to wait: the game waits for the player
            self.vote = None
            for other in self.members.values():  # (out of time, they are there: their move time starts again)
                if other.seat is not None and other.seat.name == vote["seat"] and vote.get("why") != "time":
                    other.waited = True
            return self._everyone({"t": "vote", **vote, "result": "wait"}) + self._room_update()
        return self._everyone({"t": "vote", **vote})

    def _on_leave(self, member: Member, message: dict[str, Any], now: float) -> list[Out]:
        """A person leaves the table; the host's own leave closes the room (:attr:`closed`).  During a host-blind
        hand their device is given up (:meth:`BlindRelay.abandon`): the others reveal, and the audit settles it;
        during a casual table's first one, the start is called off (as while hand 1's secrets come).  Leaving a
        rated game once it has started — its first hand dealt host-blind included — loses it for the side."""
        if member.peer == HOST:
            self.closed = True
        blind_out: list[Out] = []
        rated = self.config.kind == "rated"
        if self.blind is not None and member.seat is not None:
            if self.table is None and not rated:
                self.blind = None
            else:
                blind_out = self._blind_out(self.blind.abandon(member.seat, "left the table"))
        started = self.table is not None or self.blind is not None
        if member.seat is not None and started and not self.ended:
            if rated:
                self.ended = "left"
                self.left = member.name
                loser = "NS" if member.seat % 2 == 0 else "EW"
                out = self._everyone({"t": "ended", "reason": "left", "left": member.name, "loser": loser})
                del self.members[member.peer]
                return blind_out + out + self._room_update()
            if self.table is not None:
                occupant = self.table.seats[member.seat]
                self.table.set_occupant(member.seat, Occupant("computer", occupant.level))
        del self.members[member.peer]
        return blind_out + self._room_update() + self._states()

    # ----------------------------------------------------------------- host only

    def _on_start(self, member: Member, message: dict[str, Any], now: float) -> list[Out]:
        if self.table is not None or self._starting is not None:
            raise RoomError("the game has already started", "already_started")
        seats: dict[Seat, Occupant] = {}
        for seat in Seat:
            player = self.player_at(seat)
            if player is not None:
                if not player.connected:
                    raise RoomError(f"{player.name} is reconnecting", "player_away", {"name": player.name})
                if not (player.ready or player.peer == HOST):
                    raise RoomError(f"{player.name} is not ready", "player_not_ready", {"name": player.name})
                seats[seat] = Occupant("person" if player.peer == HOST else "peer", "standard", player.name)
            elif seat in self.computers:
                seats[seat] = Occupant("computer", self.computers[seat])
            elif self.config.blind:
                raise RoomError(
                    f"seat {seat.name} is empty: a host-blind table needs four people", "blind_seat_empty",
                    {"seat": seat.name},
                )  # fmt: skip
            else:
                raise RoomError(
                    f"seat {seat.name} is empty: fill it with a computer player", "seat_empty", {"seat": seat.name}
                )
        self.ratings = {seat.name: self._seat_json(seat)["rating"] for seat in Seat}
        host_seat = self.members[HOST].seat
        assert host_seat is not None  # the host keeps a seat
        if self.config.blind:  # every hand host-blind: no commit–reveal round; hand 1's devices start now
            self._starting = seats
            self.order = [s for s in clockwise(host_seat) if seats[s].kind == "peer"]
            return self._blind_begin(1, FIRST_DEALER, (0, 0), (0, 0))
        self._starting, self._deal_wanted = seats, (None, now)  # dealt once hand 1's secrets are in (_fair_deal)
        # The succession is fixed now, and told at once: a host gone before hand 1 is dealt is taken over too.
        self.order = [s for s in clockwise(host_seat) if seats[s].kind == "peer"]
        out = self._fair_to_people(self.fair.open(1, host_seat, self._drawn(seats))) + self._fair_deal(now)
        return out if self.table is not None else self._room_update() + out

    # ----------------------------------------------------------------- commit–reveal deals (fairdeal.py)

    def _fair_to_people(self, messages: list[dict[str, Any]]) -> list[Out]:
        """``messages`` to every seated person there but the host (whose room draws its own secret)."""
        people = [m for m in self.members.values() if m.seat is not None and m.connected and m.fair and m.peer != HOST]
        return [(m.peer, message) for message in messages for m in people]

    def _on_fair(self, member: Member, message: dict[str, Any], now: float) -> list[Out]:
        """The page says it takes part in commit–reveal deals (after each ``welcome``): it is asked for the open round
        unless the host drew its seat's secret, and a commitment it made before (a reload loses the secret) is
        forgotten, so that it commits again."""
        member.fair = message["on"]
        current, seat = self.fair.round, member.seat
        if not member.fair or seat is None or current is None or seat in current.drawn or seat in current.secrets:
            return []
        current.commits.pop(seat, None)  # a page that reloaded lost its secret: it commits again (no guest has
        ask = self.fair.ask()  # seen a secret, and its own secret is not taken before every commitment is in)
        return [(member.peer, ask)] if ask else []

    def _on_commit(self, member: Member, message: dict[str, Any], now: float) -> list[Out]:
        """A person's commitment for the round of hand ``hand``; once the four are in, the people are told them (and
        only then reveal).  One out of turn (another hand, a second one) changes nothing."""
        if member.seat is None or member.peer == HOST:
            return []
        return self._fair_to_people(self.fair.commit(message["hand"], member.seat, message["commit"]))

    def _on_reveal(self, member: Member, message: dict[str, Any], now: float) -> list[Out]:
        """A person's secret (to the host alone); the hand waiting for it is dealt once the round is complete.  A
        secret that is not the one committed to is not taken (the device is late, then: :data:`FAIR_WAIT_MS`)."""
        if member.seat is None or member.peer == HOST:
            return []
        if self.fair.reveal(message["hand"], member.seat, bytes.fromhex(message["secret"])):
            return self._fair_deal(now)
        return []

    def _want_deal(self, seat: Seat, now: float) -> list[Out]:
        """``seat`` asked for the next hand (its intent checked on a copy): dealt now when the round's secrets are
        in, else once they are or :data:`FAIR_WAIT_MS` has passed (:meth:`tick`)."""
        assert self.table is not None
        if self._deal_wanted is None:
            self._deal_wanted = (seat, now)
        out: list[Out] = []
        current = self.fair.round
        hand = self.table.game.hand_number + 1
        if current is None or current.hand != hand:  # (a room built by takeover has no round open yet)
            out = self._fair_to_people(self.fair.open(hand, self._host_seat(), self._drawn(self.table.seats)))
        return out + self._fair_deal(now)

    def _host_seat(self) -> Seat:
        seat = self.members[HOST].seat
        assert seat is not None  # the host keeps a seat
        return seat

    def _drawn(self, seats: Mapping[Seat, Occupant]) -> list[Seat]:
        """The seats whose secrets the host draws: its own, the computers' (its device plays them), and those of
        people whose pages do not take part (they did not say ``fair {on}``: an older page)."""
        drawn = [self._host_seat()]
        for seat in Seat:
            member = self.player_at(seat)
            if seats[seat].kind == "computer" or member is None or not member.fair:
                drawn.append(seat)
        return drawn

    def _fair_deal(self, now: float | None) -> list[Out]:
        """Deal the hand that waits (the start, or the next hand) when its round's secrets are all in, or once
        :data:`FAIR_WAIT_MS` has passed since it was wanted (the late seats get the host's fallback; one that
        committed and did not reveal is treated as disconnected).  When commitments are missing then while a page
        that committed waits to reveal, the fallback first stands in for them (:meth:`FairDeals.stand_in`) and the
        deal waits :data:`FAIR_WAIT_MS` once more, for those reveals.  Then everyone is told the deal (``fair`` with
        the secrets and the seed, after the states), and the next hand's round opens."""
        wanted, current = self._deal_wanted, self.fair.round
        if wanted is None or current is None:
            return []
        late = wanted[1] is not None and now is not None and now - wanted[1] >= self._deal_wait
        if not (current.complete() or late):
            return []
        stood = self.fair.stand_in(current.hand) if not current.complete() else []  # (late, then)
        if stood:  # commitments missing: the fallback stands in, and the pages that committed reveal (once more)
            self._deal_wanted, self._deal_wait = (wanted[0], now), FAIR_WAIT_MS
            return self._fair_to_people(stood)
        self._deal_wanted, self._deal_wait = None, FAIR_WAIT_MS
        if wanted[0] is None:  # the start
            seats = self._starting
            assert seats is not None
            deal, told, withheld = self.fair.deal(current.hand, self.rules.jokers)
            self._starting = None
            kind = "rated" if self.config.kind == "rated" else "casual"
            cards = {seat: mask_cards(mask) for seat, mask in zip(Seat, deal, strict=True)}
            self.table = Table(Game(self.rules, seed=self.seed, deal=cards), seats, room_policy(kind))
            out = self._room_update()
        else:
            if self.table is None:
                return []
            try:  # its checks on a copy first: the round is spent only on a deal that happens
                clone(self.table).act(wanted[0], {"type": "next_hand"})
            except SpadesError:  # (the seat is no longer one that may: nothing is dealt, the round stays open)
                return []
            deal, told, withheld = self.fair.deal(current.hand, self.rules.jokers)
            work = clone(self.table)  # (a new table, as every change of the game makes)
            work.act(wanted[0], {"type": "next_hand"}, deal={s: mask_cards(m) for s, m in zip(Seat, deal, strict=True)})
            self.table = work
            out = []
        out += self._fair_late(withheld) + self._states()
        out += [(m.peer, told) for m in self.members.values() if m.connected and (m.fair or m.peer == HOST)]
        assert self.table is not None
        following = self.fair.open(current.hand + 1, self._host_seat(), self._drawn(self.table.seats))
        return out + self._fair_to_people(following)

    def deal_again(self, seats: Mapping[Seat, Occupant], now: float) -> list[Out]:
        """Deal by commit–reveal the hand in progress that no page holds (a room built by takeover,
        :mod:`spades.table.takeover`), as any hand: hand 1 when none was finished (the room is ``starting`` with
        ``seats`` meanwhile), else the next hand at the end of the last finished one.  The round opens now and the
        deal waits for the secrets of the people marked ``fair`` up to the grace period (``grace_ms``) instead of
        :data:`FAIR_WAIT_MS`, long enough for them to come back (about a second after the new host is there); a
        seat not back by then gets the host's fallback (``replaced``), as a late device does.  Nothing is dealt
        after a game's last hand or its end."""
        host = self._host_seat()
        if self.table is None:
            self._starting, self._deal_wanted = dict(seats), (None, now)
            hand = 1
        else:
            game = self.table.game
            if game.phase is not Phase.HAND_OVER or game.hand_number >= MAX_HANDS:
                return []
            self._deal_wanted, hand = (host, now), game.hand_number + 1
        self._deal_wait = self.config.grace_ms
        return self._fair_to_people(self.fair.open(hand, host, self._drawn(seats))) + self._fair_deal(now)

    def _fair_late(self, withheld: list[Seat]) -> list[Out]:
        """The seats whose devices committed and never revealed: treated as disconnected by the room's rules (a
        casual table's computer plays the seat, *Play myself again* takes it back; a rated table's others vote)."""
        out: list[Out] = []
        for seat in withheld:
            member = self.player_at(seat)
            if member is None or member.peer == HOST or not member.connected or self.table is None:
                continue
            if (not self.table.seats[seat].away) if self.config.kind == "casual" else self.vote is None:
                out += self._away_or_vote(seat, member)  # (not again: already away, or a vote already open)
        return out + (self._room_update() if withheld else [])

    def record(self) -> dict[str, Any] | None:
        """The game so far as a hand record (``spades-record/1``), every hand dealt here with its ``fair`` part
        (``None`` before the start)."""
        if self.table is None:
            return None
        return to_record(self.table.game, {**self.fair.parts, **self.blind_parts})

    # ----------------------------------------------------------------- host-blind hands (blindroom.py, blindtable.py)

    def _blind_ready(self) -> bool:
        """Whether the next hand is dealt host-blind: the table is set so (:attr:`RoomConfig.blind`) and four people
        play, each there (a seat the computer plays for an away person deals by commit–reveal: the host's device,
        which plays it, must know its cards)."""
        if not self.config.blind or self.table is None or self.ended:
            return False
        for seat in Seat:
            occupant, member = self.table.seats[seat], self.player_at(seat)
            if occupant.kind == "computer" or occupant.away or member is None or not member.connected:
                return False
        return True

    def _blind_begin(self, hand: int, dealer: Seat, totals: tuple[int, int], bags: tuple[int, int]) -> list[Out]:
        """Hand ``hand`` is dealt host-blind: its relay is set (:attr:`blind`) and everyone's state says so (its
        ``blind`` key: each person's page starts its seat's device for the hand).  The hand's table name is the
        room's and a fresh random part, so that no two deals share one (a hand dealt again after the host reloaded
        has the same number: every page starts a new device for it)."""
        name = f"{self.fair.table}.{secrets.token_hex(4)}"
        self.blind = BlindRelay(name, hand, self.rules, dealer, totals, bags, rated=self.config.kind == "rated")
        self._blind_since, self._blind_backlog = None, {}
        return self._room_update() + self._states()

    def _blind_next(self) -> list[Out]:
        """The next hand, host-blind (a person's *Next hand*, checked on a copy of the table)."""
        assert self.table is not None
        game = self.table.game
        view = game.view(Seat.N)
        return self._blind_begin(game.hand_number + 1, Seat((game.dealer + 1) % 4), view.totals, view.bags)

    def _blind_out(self, chunks: list[tuple[Seat, dict[str, Any]]]) -> list[Out]:
        """The relay's chunks to the people seated and there (the host's own seat's, for its own page's device); a
        dropped person's are kept for their return (:meth:`_blind_missed`)."""
        out: list[Out] = []
        for seat, chunk in chunks:
            player = self.player_at(seat)
            if player is not None and player.connected:
                out.append((player.peer, chunk))
            elif player is not None:
                self._blind_backlog.setdefault(seat, []).append(chunk)
        return out

    def _blind_missed(self, member: Member) -> list[Out]:
        """The chunks of the blind hand in progress relayed while ``member`` was away, in order: a page whose device
        lived on (a link that dropped) takes them and plays on; one that reloaded has lost its device, and the new
        one's ``hello`` is refused by the relay, which names the seat (its side is then treated as having left)."""
        if self.blind is None or member.seat is None:
            return []
        return [(member.peer, chunk) for chunk in self._blind_backlog.pop(member.seat, [])]

    def _blind_news(self, before: tuple[Any, ...], now: float) -> list[Out]:
        """After the relay took something: the hand settled (:meth:`_blind_settle`), or everyone's state when what
        the states show changed (``before``: :func:`_shown` before); the wait for the reveals starts with the first
        reveal or the relay's refusal."""
        relay = self.blind
        assert relay is not None
        if self._blind_since is None and (relay.refused is not None or relay.public.revealed):
            self._blind_since = now
        if relay.outcome is not None:
            return self._blind_settle(now)
        return self._states() if _shown(relay) != before else []

    def _blind_tick(self, now: float) -> list[Out]:
        """Time passes in a host-blind hand: a casual table gives up the device of a person dropped for longer than
        its grace period (:meth:`BlindRelay.abandon`; the computer cannot play a hand it cannot see), a rated
        table opens the vote as for any dropped player; reveals awaited :data:`BLIND_WAIT_MS` are given up
        (:meth:`BlindRelay.expire`)."""
        relay = self.blind
        assert relay is not None
        before = _shown(relay)
        out: list[Out] = []
        for member, seat in self._past_grace(now):
            if self.config.kind == "casual":
                out += self._blind_out(relay.abandon(seat, "dropped"))
            elif self.vote is None and not member.waited:
                out += self._open_vote(member, seat)
        if relay.outcome is None and self._blind_since is not None and now - self._blind_since >= BLIND_WAIT_MS:
            relay.expire()
        out += self._timeout()  # the move clock: a casual table gives the device up, a rated one votes
        return out + (self._blind_news(before, now) if self.blind is relay else [])

    def _blind_states(self) -> list[Out]:
        """Each connected member's state of the host-blind hand: its public state alone (:func:`blind_state`), no
        events (the hand's events come when the table takes it), and the move clock of its public turn."""
        relay = self.blind
        assert relay is not None
        self._sync_clock()
        clock = self.clock()
        self._clock_sent = self._turn
        table = self.table
        seats = table.seats if table is not None else self._starting or {}
        policy = table.policy if table is not None else room_policy(self.config.kind)
        out: list[Out] = []
        for member in self.members.values():
            viewer = self._viewer(member)
            if viewer is None or not member.connected:
                continue
            message: dict[str, Any] = {"t": "state", "state": blind_state(relay, viewer, seats, policy, table),
                                       "events": [], "reset": False}  # fmt: skip
            if self.config.clock is not None:
                message["clock"] = clock
            out.append((member.peer, message))
        return out

    def _blind_settle(self, now: float) -> list[Out]:
        """The host-blind hand is settled (its relay's :class:`~spades.table.blindroom.Outcome`): rebuilt with the
        engine from the audited deal, bids and play (:func:`rebuild`) and taken by the table — scored, with its
        ``fair`` part of kind ``blind`` — whenever its deal is known; then by the rules (``docs/fair-play.md``):

        * a seat named (a refused or missing reveal, an audit that does not hold, a device given up): its side is
          treated as having left — a rated table ends (``ended``, ``left``, the side loses), at a casual one the
          computer plays the seat (``away``; *Play myself again* takes it back), the hand played on by the engine
          if its deal is known, else dealt again by commit–reveal;
        * a renege at a rated table: the hand is scored, and the reneging side loses the game (``ended``,
          ``renege``); at a casual table the scoring's penalty (``renege_tricks``) is all.
        """
        relay, outcome = self.blind, self.blind.outcome if self.blind is not None else None
        assert relay is not None and outcome is not None
        self.blind, self._blind_since = None, None
        public = relay.public
        seats = dict(self.table.seats) if self.table is not None else dict(self._starting or {})
        game: Game | None = None
        if outcome.deal is not None:
            base = clone(self.table).game if self.table is not None else None
            try:
                game = rebuild(self.rules, public.dealer, outcome.deal, bidding_order(public), outcome.play, base)
            except SpadesError:
                game = None
        if game is not None:
            table = Table(game, seats, room_policy(self.config.kind)) if self.table is None else clone(self.table)
            table.adopt(game)
            self.table, self._starting = table, None
            self.blind_parts[relay.hand] = relay.fair_part()
        out: list[Out] = []
        for seat in outcome.left:
            member = self.player_at(seat)
            if member is None:  # (left already)
                continue
            if self.config.kind == "rated":
                if not self.ended:
                    self.ended, self.left = "left", member.name
                    loser = Team(seat % 2).name
                    out += self._everyone({"t": "ended", "reason": "left", "left": member.name, "loser": loser})
                continue
            occupant = self.table.seats[seat] if self.table is not None else seats[seat]
            if occupant.kind != "computer":
                occupant = Occupant(occupant.kind, occupant.level, member.name, away=True)
                if self.table is not None:
                    self.table.set_occupant(seat, occupant)
                seats[seat] = occupant
        if outcome.renege is not None and outcome.loser is not None and not self.ended:
            self.ended = "renege"
            out += self._everyone({"t": "ended", "reason": "renege", "seat": outcome.renege[0].name,
                                   "loser": outcome.loser.name})  # fmt: skip
        if game is None and not self.ended:  # the deal is not known: the hand is dealt again, by commit–reveal
            if self.table is None:
                self._starting, self._deal_wanted = seats, (None, now)
                out += self._fair_to_people(self.fair.open(1, self._host_seat(), self._drawn(seats)))
                return out + self._room_update() + self._fair_deal(now)
            return out + self._room_update() + self._want_deal(self._host_seat(), now)
        return out + self._room_update() + self._states()

    def _on_fill(self, member: Member, message: dict[str, Any], now: float) -> list[Out]:
        seat = Seat[message["seat"]]
        if self.table is not None:
            raise RoomError("the game has started: seats are fixed", "seats_fixed")
        if self.config.blind:
            raise RoomError("a host-blind table needs four people: no computer players", "blind_needs_people")
        if self.player_at(seat) is not None:
            raise RoomError(f"seat {seat.name} is taken", "seat_taken", {"seat": seat.name})
        self.computers[seat] = message["level"]
        return self._room_update()

    def _on_empty(self, member: Member, message: dict[str, Any], now: float) -> list[Out]:
        if self.table is not None:
            raise RoomError("the game has started: seats are fixed", "seats_fixed")
        self.computers.pop(Seat[message["seat"]], None)
        return self._room_update()

    def _on_move(self, member: Member, message: dict[str, Any], now: float) -> list[Out]:
        source, target = Seat[message["from"]], Seat[message["to"]]
        if self.table is not None:
            raise RoomError("the game has started: seats are fixed", "seats_fixed")
        a, b = self.player_at(source), self.player_at(target)
        if a is None:
            raise RoomError(f"nobody sits at {source.name}", "nobody_at", {"seat": source.name})
        level = self.computers.pop(target, None)
        a.seat = target
        if b is not None:
            b.seat = source
        elif level is not None:
            self.computers[source] = level
        return [o for m in (a, b) if m is not None for o in self._welcome(m)] + self._room_update()

    def _on_dnd(self, member: Member, message: dict[str, Any], now: float) -> list[Out]:
        self.dnd = message["on"]
        out: list[Out] = []
        if self.dnd:
            for other in list(self.members.values()):
                if other.spectator:
                    out.append((other.peer, {"t": "denied", "code": "dnd"}))
                    del self.members[other.peer]
        return out + self._room_update()

    # ----------------------------------------------------------------- computer moves

    def step(self, now: float | None = None) -> list[Out]:
        """One computer move (the host paces them); everyone gets their state and the new events.  ``now``: when
        (without it, a person's turn that begins with this move is timed from the next call that brings a time)."""
        if self.table is None or self.ended or self.vote is not None or self.closed:
            return []
        self._now = now
        work = clone(self.table)
        try:
            if not work.step():
                return []
        except SpadesError:  # the table has no event number left for a move (spades.table.SEQ_LIMIT)
            return []
        self.table = work
        return self._states()

    # ----------------------------------------------------------------- saves

    def save(self) -> dict[str, Any] | None:
        """The room as ``spades-room/1`` JSON: the host keeps it after every event and resumes from it.

        ``None`` once the host has left (:attr:`closed`): there is nothing to resume, and a room without its host
        could not be loaded again.  Every number in a save is one :meth:`load` takes (the room never counts past
        the bounds it loads).
        """
        if self.closed:
            return None
        return {
            "format": ROOM_FORMAT,
            "rules": self.rules.to_dict(),
            "config": {
                "kind": self.config.kind,
                "password": self.config.password,
                "dnd": self.config.dnd,
                "spectators": self.config.spectators,
                "grace_ms": self.config.grace_ms,
                "clock": self.config.clock_json(),
                "blind": self.config.blind,
            },
            "dnd": self.dnd,
            "seed": self.seed,
            "members": [
                {
                    "peer": m.peer,
                    "name": m.name,
                    "token": m.token,
                    "lang": m.lang,
                    "seat": m.seat.name if m.seat is not None else None,
                    "spectator": m.spectator,
                    "watching": m.watching.name if m.watching is not None else None,
                    "ready": m.ready,
                    "spectators": m.spectators,
                    "show_cards": m.show_cards,
                    "last_n": m.last_n,
                    "rating": m.rating,
                    "disconnects": m.disconnects,
                    "key": m.key,
                    "claim": m.claim,
                    "restart": m.restart,
                    "fair": m.fair,
                }
                for m in self.members.values()
                if m.seat is not None or m.peer == HOST
            ],
            "computers": {seat.name: level for seat, level in self.computers.items()},
            "table": self.table.save() if self.table is not None else None,
            "ended": self.ended,
            "disconnects": dict(self.disconnects),
            "left": self.left,
            "ratings": self.ratings,
            "succession": [seat.name for seat in self.order],
            "reserves": {"hand": self._clock_hand, **{seat.name: ms for seat, ms in self._reserves.items()}},
            "fair": self.fair.to_json(),
            "blind_hand": self.blind.hand if self.blind is not None and not self.ended else None,  # lost at load
            "ended_news": self.ended_news,
            "ended_told": sorted(self.ended_told),
        }

    @classmethod
    def load(cls, data: object, now: float, token: Callable[[], str] | None = None) -> Room:
        """Resume a saved room (the host reloaded): every guest is away until it reconnects with its token;
        the grace period counts from ``now``.  A number out of its range is a :class:`RoomError` naming the field.

        A host-blind hand in progress is lost with the host's device (*Next hand* deals it again).  At a rated
        table that would let a host who has seen its cards have the hand dealt again, so there the reload is the
        host's side leaving, as a guest's reload during a blind hand is: the game ends and that side loses
        (``ended_news``, told to each guest as it comes back)."""
        if not isinstance(data, Mapping) or data.get("format") != ROOM_FORMAT:
            raise RoomError(f"not a saved room (expected format {ROOM_FORMAT!r})", "room_save")
        config = RoomConfig.from_json(data.get("config"))
        members = data.get("members")
        if not isinstance(members, list) or not 1 <= len(members) <= 4:
            raise RoomError("a saved room needs its host and at most four players", "room_save")
        host = next((m for m in members if isinstance(m, Mapping) and m.get("peer") == HOST), None)
        if host is None or host.get("seat") not in SEATS or not isinstance(host.get("name"), str):
            raise RoomError("a saved room has no host seat", "room_save")
        room = cls(
            Rules.from_dict(data.get("rules")),
            config,
            host["name"],
            Seat[host["seat"]],
            seed=_bounded(data, "seed", 0, MAX_SEED, []),
            token=token,
        )
        room.members.clear()
        taken: set[str] = set()
        for index, item in enumerate(members):
            if not isinstance(item, Mapping):
                raise RoomError("a saved room member must be an object", "room_save")
            peer, name, secret, seat = item.get("peer"), item.get("name"), item.get("token"), item.get("seat")
            if not (isinstance(peer, str) and isinstance(name, str) and isinstance(secret, str) and seat in SEATS):
                raise RoomError("a saved room member needs peer, name, token and seat", "room_save")
            if seat in taken:
                raise RoomError(f"two players at {seat} in a saved room", "room_save")
            taken.add(seat)
            claim, key = item.get("claim"), item.get("key")
            if (claim is not None and not is_claim(claim)) or (key is not None and not is_key(key)):
                raise RoomError(f"a saved room member's claim or key is not valid (member {index})", "room_save")
            if not secret and (claim is None or peer == HOST):
                raise RoomError(f"a saved room member has neither token nor claim (member {index})", "room_save")
            member = Member(peer, clean_text(name, NAME_LIMIT), secret[:64], seat=Seat[seat], key=key)
            if secret[:64] and claim is not None and claim != member.claim:
                raise RoomError(f"a saved room member's claim is not its token's (member {index})", "room_save")
            member.claim = member.claim or claim
            member.restart = item.get("restart") is True
            member.fair = item.get("fair") is True
            member.ready = item.get("ready") is True
            member.spectators = item.get("spectators") is not False
            member.show_cards = item.get("show_cards") is True
            where: list[str | int] = ["members", index]
            last_n = _bounded(item, "last_n", -1, COUNT_LIMIT, where)
            member.last_n = -1 if last_n is None else last_n
            member.rating = _bounded(item, "rating", 0, MAX_RATING, where)
            member.disconnects = _bounded(item, "disconnects", 0, DISCONNECT_LIMIT, where) or 0
            if peer != HOST:
                member.connected, member.dropped_at = False, now
            room.members[peer] = member
        computers = data.get("computers") or {}
        if not isinstance(computers, Mapping) or any(k not in SEATS or v not in LEVELS for k, v in computers.items()):
            raise RoomError("a saved room's computer seats are not valid", "room_save")
        room.computers = {Seat[k]: v for k, v in computers.items()}
        if data.get("table") is not None:
            room.table = Table.load(data["table"])
        room.dnd = data.get("dnd") is True
        room.ended = data.get("ended") if data.get("ended") in ("unscored", "left", "renege") else None
        disconnects = data.get("disconnects") or {}
        if isinstance(disconnects, Mapping):
            room.disconnects = {
                str(k)[:NAME_LIMIT]: _bounded(disconnects, k, 0, DISCONNECT_LIMIT, ["disconnects"]) or 0
                for k in disconnects
            }
        room.left = data.get("left") if isinstance(data.get("left"), str) else None
        news, told = data.get("ended_news"), data.get("ended_told") or []
        if isinstance(news, Mapping) and _is_ended_news(news) and isinstance(told, list):
            room.ended_news = dict(news)
            room.ended_told = {name for name in told if isinstance(name, str) and len(name) <= NAME_LIMIT}
        blind_hand = data.get("blind_hand")
        if config.kind == "rated" and type(blind_hand) is int and room.ended is None:
            host_member, seat = room.members[HOST], Seat[host["seat"]]
            room.ended, room.left = "left", host_member.name
            loser = "NS" if seat % 2 == 0 else "EW"
            room.ended_news = {"t": "ended", "reason": "left", "left": host_member.name, "loser": loser}
        ratings = data.get("ratings")
        if isinstance(ratings, Mapping) and set(ratings) == set(SEATS):
            room.ratings = {s: _bounded(ratings, s, 0, MAX_RATING, ["ratings"]) for s in SEATS}
        order = data.get("succession") or []
        if not isinstance(order, list) or any(s not in SEATS for s in order) or len(set(order)) != len(order):
            raise RoomError("a saved room's succession must be distinct seats", "room_save")
        room.order = [Seat[s] for s in order]
        if "succession" not in data and room.table is not None:  # a save from before the succession: the start's
            room.order = [s for s in clockwise(Seat[host["seat"]]) if room.table.seats[s].kind == "peer"]
        reserves = data.get("reserves")
        if isinstance(reserves, Mapping) and config.clock is not None:  # the move clock's reserves left this hand
            room._clock_hand = _bounded(reserves, "hand", 0, COUNT_LIMIT, ["reserves"]) or 0
            for s in SEATS:
                left = _bounded(reserves, s, 0, config.clock[1], ["reserves"])
                if left is not None:
                    room._reserves[Seat[s]] = left
        if data.get("fair") is not None:  # the commit–reveal rounds (a save from before them has none)
            try:
                room.fair = FairDeals.from_json(data["fair"])
            except FairError as error:
                raise RoomError(f"a saved room's fair deals cannot be read: {error}", "room_save") from None
        room._now = now  # the turn to move is timed from now (the host was away meanwhile)
        return room


def _shown(relay: BlindRelay) -> tuple[Any, ...]:
    """What the states of a host-blind hand show of its relay's public state (a change sends them again)."""
    public = relay.public
    return public.phase, tuple(public.bids), len(public.play), tuple(public.revealed), relay.refused is not None


def _bounded(data: Mapping[str, Any], key: str, low: int, high: int, where: list[str | int]) -> int | None:
    """``data[key]`` of a saved room: ``None`` when missing or null, else a whole number ``low`` to ``high``
    (otherwise a :class:`RoomError` naming the field, ``where`` + ``key``)."""
    value = data.get(key)
    if value is None:
        return None
    if type(value) is not int or not low <= value <= high:
        path = [*where, key]
        field_name: str | list[str | int] = path if len(path) > 1 else key
        raise RoomError(
            f"a saved room's {'.'.join(map(str, path))} must be a whole number {low} to {high}, got {brief(value)}",
            "at_field",
            {
                "field": field_name,
                "problem": msg("is_not", expected=msg("type_int_range", low=low, high=high), value=brief(value)),
            },
        )
    return value
