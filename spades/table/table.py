"""A table for any occupants: people here or elsewhere and computer players, with viewers and events.

The page, the bot protocol and the network all use the same three things
(``docs/table.md`` has every field):

* :meth:`Table.state` — the state **for a viewer** (a seat, ``"spectator"`` or
  ``"spectator:all"``) as JSON; it holds only what that viewer may know.
* :meth:`Table.act` — an intent ``(seat, intent)``; the table checks that the
  seat may act (not a computer's seat, its turn, the policy allows it).
* Events with sequence numbers (:meth:`Table.events_since`): every bid, card,
  finished trick, scored hand, deal, look and change of occupant.  Computer
  moves are made by :meth:`Table.step`, one move per call, so a renderer can
  pace them and a late joiner can catch up from a sequence number.

Blind nil is bid before looking: while blind nil is open to a seat (the rules
allow it, its team is far enough behind, it has not bid), the seat's hand is
hidden from it until it sends ``{"type": "look"}``; blind nil is refused after.
A seat that has been shown its hand (it looked, it bid, the computer bid for it,
the play began) stays "looked" for the rest of that hand, whatever is undone or
replayed: nothing takes back what it has seen.

Occupants can change at any time (a computer takes over a seat, a person takes
it back) without touching the game.  Undo, hints and explanations are governed
by the :class:`Policy` (casual, rated, tutorial), not by the page.

Saves are ``spades-save/2`` objects (:meth:`Table.save`); ``spades-save/1``
(one person, computer levels by seat, an undo flag) still loads.  Every number
in a save stays within what :meth:`Table.load` takes: the event sequence number
never passes :data:`SEQ_LIMIT` (a move that would need more numbers is refused),
and a game deals at most :data:`MAX_HANDS` hands.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from typing import Any

from ..bots import LEVELS, Explanation, explain, make_bot
from ..bots.search import Claim, ClaimTooDeep, Context
from ..bots.sim import Position
from ..cards import CARD_NAMES, SUIT_OF, Card, Seat, Team, cards_mask, parse_card, trick_winner
from ..errors import IllegalMoveError, ParseError, SpadesError, brief, msg, register
from ..formats.protocol import result_to_json
from ..formats.record import from_record, to_record
from ..formats.scoresheet import HandNotFinished, game_sheets, sheet_to_json
from ..game import DealInput, Game, Phase, Reason, View
from ..rules import Rules
from ..scoring import BLIND_NIL, NIL, bid_text, parse_bid, team_contract
from .judge import HINT, Budget, judge, position_seed

ERROR_CODES = register(
    __name__,
    {
        "table_name": (),
        "occupant_not_object": ("value",),
        "occupant_kind": ("value",),
        "level_unknown": ("value",),
        "name_too_long": ("limit", "value"),
        "computer_away": (),
        "policy_not_object": ("value",),
        "policy_kind": ("value",),
        "viewer_unknown": ("value",),
        "seats_not_object": ("value",),
        "since_range": ("high", "value"),
        "intent_not_object": ("value",),
        "intent_unknown": ("value",),
        "seat_is_computer": ("seat",),
        "blind_nil_after_look": ("seat",),
        "undo_not_allowed": (),
        "no_undo_for_seat": ("seat",),
        "replay_not_allowed": (),
        "no_hand_to_replay": (),
        "hints_not_allowed": (),
        "not_turn": ("seat",),
        "not_looked": ("seat",),
        "not_a_save": (),
        "save_format": ("value",),
        "claim_not_playing": (),
        "claim_not_allowed": (),
        "claim_pending": ("seat",),
        "claim_beaten": (),
        "claim_too_early": (),
        "no_claim": (),
        "claim_not_defender": ("seat",),
    },
)
"""The table: its name (the worker's calls and the lessons' name one), occupants, policies, viewers, intents, saves
(registered in :data:`spades.errors.CODES`)."""

SAVE_FORMAT = "spades-save/2"
OLD_SAVE_FORMAT = "spades-save/1"
OCCUPANTS = ("person", "peer", "computer")
POLICY_KINDS = ("casual", "rated", "tutorial")
VIEWERS = ("N", "E", "S", "W", "spectator", "spectator:N", "spectator:E", "spectator:S", "spectator:W", "spectator:all")
NAME_LIMIT = 40
EVENT_LOG_LIMIT = 1000
"""Events kept for catching up; an older sequence number gets the whole state instead."""
SEQ_LIMIT = 2**53 - 1
"""The largest event sequence number (the page's JavaScript keeps integers exact up to here); a save's ``seq``."""
MOVE_EVENTS = 4
"""The most events one intent or computer move makes (a card that ends the game: play, trick, scored, game_over;
one more, ``claim_off``, when the card withdraws its player's claim)."""
CLAIM_EVENTS = 2 + 52 + 13 + 2
"""The most events a claim makes (claim, claimed, then every card left, its tricks, scored, game_over)."""
CLAIM_NODES = 50_000
"""The positions the check of a claim may visit (:class:`spades.bots.search.Claim`; at most about 0.25 s in CPython,
``benchmarks/bench_claims.py``); a claim whose proof or refutation needs more is refused as too early to check (9 in
100 claims at trick 1, 3 at trick 5, none from trick 9 on, in the benchmark's deals)."""
MAX_HANDS = 1000
"""The most hands a table deals in one game: its save (about 720 characters a hand) must still load through the
page's worker (``spades.worker.ARGS_LIMIT``, a million characters)."""

Decide = Callable[[str, View, int], tuple[int, Any]]
"""``decide(level, view, seed) -> (move, explanation)``: how the table asks a computer player."""

_DISPLAY_SUIT = {3: 0, 2: 1, 0: 2, 1: 3}  # ♠ ♥ ♣ ♦: colours alternate


def display_order(cards: tuple[Card, ...]) -> list[Card]:
    """Sort a hand for display: spades, hearts, clubs, diamonds; high to low."""
    return sorted(cards, key=lambda c: (_DISPLAY_SUIT[SUIT_OF[c]], -c))


def reason_json(reason: Reason) -> dict[str, Any]:
    """A :class:`Reason` as JSON (``code`` is what the page translates; ``text`` is English)."""
    return reason.to_json()


def _flag(data: Mapping[str, Any], key: str, default: bool) -> bool:
    value = data.get(key, default)
    if value is None:
        return default
    if not isinstance(value, bool):
        raise ParseError(
            f"'{key}' must be true or false, got {brief(value)}",
            "at_field",
            {"field": key, "problem": msg("is_not", expected=msg("type_bool"), value=brief(value))},
        )
    return value


def _too_many_hands(number: int) -> ParseError:
    return ParseError(
        f"a game at this table has at most {MAX_HANDS} hands (so that its save still loads), got hand {number}:"
        " start a new game",
        "at_field",
        {
            "field": "hand_number",
            "problem": msg("is_not", expected=msg("type_int_range", low=1, high=MAX_HANDS), value=brief(number)),
        },
    )


def _claim_pending(claimer: Seat) -> SpadesError:
    return SpadesError(
        f"{claimer.name}'s claim is waiting for the other side's answer", "claim_pending", {"seat": claimer.name}
    )


def _unknown_level(level: object) -> ParseError:
    return ParseError(
        f"unknown computer level {brief(level)} (known: {', '.join(LEVELS)})", "level_unknown", {"value": brief(level)}
    )


def parse_seat(value: object, what: str = "seat") -> Seat:
    """A seat from JSON (``"N"``, ``"E"``, ``"S"``, ``"W"``); anything else is a :class:`ParseError`."""
    if isinstance(value, str) and value in ("N", "E", "S", "W"):
        return Seat[value]
    raise ParseError(f"{what} must be 'N', 'E', 'S' or 'W', got {brief(value)}", "not_seat", {"value": brief(value)})


@dataclass(frozen=True, slots=True)
class Occupant:
    """Who sits in a seat.

    ``kind`` is ``"person"`` (on this device), ``"peer"`` (a person elsewhere)
    or ``"computer"``; ``level`` is the computer level (for people: the level
    that takes over when they are away); ``name`` a display name (≤ 40
    characters) or ``None``; ``away`` marks a person or peer who dropped.
    """

    kind: str = "computer"
    level: str = "standard"
    name: str | None = None
    away: bool = False

    def to_json(self) -> dict[str, Any]:
        """``{"occupant", "level", "name", "away"}``."""
        return {"occupant": self.kind, "level": self.level, "name": self.name, "away": self.away}

    @classmethod
    def from_json(cls, data: object) -> Occupant:
        """Validate ``{"occupant": ..., "level": ..., "name": ..., "away": ...}`` (all optional but the kind)."""
        if not isinstance(data, Mapping):
            raise ParseError(
                f"an occupant must be an object like {{'occupant': 'computer'}}, got {brief(data)}",
                "occupant_not_object",
                {"value": brief(data)},
            )
        unknown = set(data) - {"occupant", "level", "name", "away"}
        if unknown:
            key = brief(sorted(map(str, unknown))[0])
            raise ParseError(f"unknown occupant key {key}", "unknown_key", {"key": key})
        kind = data.get("occupant")
        if kind not in OCCUPANTS:
            raise ParseError(
                f"occupant must be one of {', '.join(OCCUPANTS)}, got {brief(kind)}",
                "occupant_kind",
                {"value": brief(kind)},
            )
        level = data.get("level", "standard")
        level = "standard" if level is None else level
        if level not in LEVELS:
            raise _unknown_level(level)
        name = data.get("name")
        if name is not None and (not isinstance(name, str) or len(name) > NAME_LIMIT):
            raise ParseError(
                f"a name must be text of at most {NAME_LIMIT} characters, got {brief(name)}",
                "name_too_long",
                {"limit": NAME_LIMIT, "value": brief(name)},
            )
        away = _flag(data, "away", False)
        if kind == "computer" and away:
            raise ParseError("a computer seat cannot be away", "computer_away")
        return cls(kind, level, name or None, away)


@dataclass(frozen=True, slots=True)
class Policy:
    """What the table allows: ``kind`` ``casual`` | ``rated`` | ``tutorial``, plus flags.

    Casual tables follow the flags (undo, hints, explanations of computer
    moves, computer takeover of an away seat).  Rated tables allow none of them.
    Tutorials give hints, no undo and no takeover.
    """

    kind: str = "casual"
    undo: bool = True
    hints: bool = True
    explain: bool = True
    takeover: bool = True

    def effective(self) -> Policy:
        """The flags as the kind allows them."""
        if self.kind == "rated":
            return Policy("rated", False, False, False, False)
        if self.kind == "tutorial":
            return Policy("tutorial", False, True, self.explain, False)
        return self

    def to_json(self) -> dict[str, Any]:
        """``{"kind", "undo", "hints", "explain", "takeover"}`` as set (not as the kind limits them)."""
        return {
            "kind": self.kind,
            "undo": self.undo,
            "hints": self.hints,
            "explain": self.explain,
            "takeover": self.takeover,
        }

    @classmethod
    def from_json(cls, data: object) -> Policy:
        """Validate a policy object; a missing key takes the casual default."""
        if data is None:
            return cls()
        if not isinstance(data, Mapping):
            raise ParseError(
                f"a policy must be an object, got {brief(data)}", "policy_not_object", {"value": brief(data)}
            )
        unknown = set(data) - {"kind", "undo", "hints", "explain", "takeover"}
        if unknown:
            key = brief(sorted(map(str, unknown))[0])
            raise ParseError(f"unknown policy key {key}", "unknown_key", {"key": key})
        kind = data.get("kind", "casual")
        if kind not in POLICY_KINDS:
            raise ParseError(
                f"policy kind must be one of {', '.join(POLICY_KINDS)}, got {brief(kind)}",
                "policy_kind",
                {"value": brief(kind)},
            )
        return cls(
            kind,
            _flag(data, "undo", True),
            _flag(data, "hints", True),
            _flag(data, "explain", True),
            _flag(data, "takeover", True),
        )


def parse_viewer(value: object) -> str:
    """A viewer: a seat ``"N"`` … ``"W"``; ``"spectator"`` (no hand); ``"spectator:E"`` (watching East, who lets
    spectators see its cards: East's hand, read only); ``"spectator:all"`` (all four hands)."""
    if isinstance(value, str) and value in VIEWERS:
        return value
    raise ParseError(
        f"viewer must be one of {', '.join(VIEWERS)}, got {brief(value)}", "viewer_unknown", {"value": brief(value)}
    )


def parse_seats(data: object) -> dict[Seat, Occupant]:
    """Occupants by seat from ``{"N": {...}, ...}``; seats not given get a standard computer player."""
    if data is None:
        data = {}
    if not isinstance(data, Mapping):
        raise ParseError(
            f"seats must be an object like {{'S': {{'occupant': 'person'}}}}, got {brief(data)}",
            "seats_not_object",
            {"value": brief(data)},
        )
    seats = {seat: Occupant() for seat in Seat}
    for key, value in data.items():
        seats[parse_seat(key, "a seats key")] = Occupant.from_json(value)
    return seats


def default_decide(level: str, view: View, seed: int) -> tuple[int, Any]:
    """The computer players of :mod:`spades.bots`."""
    decision = make_bot(level, seed).decide(view)
    return decision.move, decision.explanation


class Table:
    """A game with an occupant at each seat, a policy, and an event log (see the module docstring)."""

    def __init__(
        self,
        game: Game,
        seats: Mapping[Seat, Occupant] | None = None,
        policy: Policy | None = None,
        *,
        looked: tuple[Seat, ...] = (),
        seq: int = 0,
        decide: Decide | None = None,
    ) -> None:
        self.game = game
        self._sheet_cache: tuple[Any, list[dict[str, Any]]] = (None, [])
        self.seats: dict[Seat, Occupant] = {seat: (seats or {}).get(seat, Occupant()) for seat in Seat}
        self.policy = policy or Policy()
        self._decide = decide or default_decide
        self._looked: set[Seat] = set(looked)
        self._looked_hand = game.hand_number
        self._events: list[dict[str, Any]] = []
        self._seq = seq
        self._waiting: tuple[Seat, tuple[int, tuple[int, ...]], dict[Seat, bool]] | None = None
        """A claim waiting for the defence's answers: the claimer, the position it was made at (hand number and
        moves), the answers so far; it lapses when the position changes (:meth:`pending_claim`)."""
        self._note_looks()

    @classmethod
    def new(
        cls,
        rules: Mapping[str, Any] | Rules | None = None,
        *,
        seed: int | None = None,
        seats: Mapping[Seat, Occupant] | None = None,
        policy: Policy | None = None,
        decide: Decide | None = None,
    ) -> Table:
        """Start a new game (``rules`` as :class:`Rules` or its dict form)."""
        rules = rules if isinstance(rules, Rules) else Rules.from_dict(rules)
        return cls(Game(rules, seed=seed), seats, policy, decide=decide)

    # ----------------------------------------------------------------- events

    @property
    def seq(self) -> int:
        """The sequence number of the last event (0 before any)."""
        return self._seq

    def _numbers_left(self, seat: Seat, events: int = MOVE_EVENTS) -> None:
        """Refuse a move (before anything changes) when its ``events`` could carry ``seq`` past :data:`SEQ_LIMIT`."""
        if SEQ_LIMIT - self._seq < events:
            raise SpadesError(
                f"this table has used its event numbers (seq {self._seq} of {SEQ_LIMIT}): {seat.name} cannot move;"
                " start a new game from its record",
                "at_field",
                {
                    "field": "seq",
                    "problem": msg(
                        "is_not",
                        expected=msg("type_int_range", low=0, high=SEQ_LIMIT),
                        value=brief(self._seq + events),
                    ),
                },
            )

    def _emit(self, kind: str, **fields: Any) -> dict[str, Any]:
        self._seq += 1
        event = {"seq": self._seq, "type": kind, **fields}
        self._events.append(event)
        if len(self._events) > EVENT_LOG_LIMIT:
            del self._events[: len(self._events) - EVENT_LOG_LIMIT]
        return event

    def events_since(self, seq: int, viewer: str, lang: str | None = None) -> list[dict[str, Any]] | None:
        """The events after ``seq`` as ``viewer`` may see them, or ``None`` if ``seq`` is older than the log.

        Explanations of computer moves (``text``) come in ``lang`` when the
        policy explains moves; they can mention the mover's cards, so nothing
        else ever carries them.
        """
        if type(seq) is not int or seq < 0 or seq > self._seq:
            raise ParseError(
                f"since must be a sequence number 0 to {self._seq}, got {brief(seq)}",
                "since_range",
                {"high": self._seq, "value": brief(seq)},
            )
        first = self._events[0]["seq"] if self._events else self._seq + 1
        if seq < first - 1:
            return None
        start = bisect_right(self._events, seq, key=lambda e: e["seq"])  # the log is in order of seq
        return [self.public_event(e, lang) for e in self._events[start:]]

    def public_event(self, event: dict[str, Any], lang: str | None) -> dict[str, Any]:
        """An event as it is sent: the computer's reason (``why``) becomes ``text`` in ``lang`` (naming the
        mover's partner by seat), only when the policy explains moves."""
        out = {k: v for k, v in event.items() if k != "why"}
        why = event.get("why")
        if why is not None and lang is not None and self.policy.effective().explain:
            seat = Seat[event["seat"]] if event.get("seat") in Seat.__members__ else None
            out["text"] = explain(why, lang, seat) if isinstance(why, Explanation) else None
        return out

    def _move_events(self, seat: Seat, move: int, phase: Phase, why: Any = None) -> list[dict[str, Any]]:
        """Events for a move just applied by ``seat`` (``phase`` is the phase it was made in)."""
        game = self.game
        if phase is Phase.BIDDING:
            events = [self._emit("bid", seat=seat.name, bid=bid_text(move), why=why)]
            if game.phase is Phase.PLAYING:
                events.append(self._emit("play_starts", turn=game.turn.name if game.turn is not None else None))
            return events
        events = [self._emit("play", seat=seat.name, card=CARD_NAMES[move], why=why)]
        if not game.trick and game.tricks:
            last = game.tricks[-1]
            events.append(
                self._emit(
                    "trick", leader=last.leader.name, cards=[CARD_NAMES[c] for c in last.cards], winner=last.winner.name
                )
            )
            if len(game.tricks) == 13:
                events.append(self._emit("scored", result=result_to_json(game.results[-1])))
                if game.winner is not None:
                    events.append(self._emit("game_over", winner=game.winner.name))
        return events

    # ----------------------------------------------------------------- looking at the cards

    def _sync_looked(self) -> None:
        if self._looked_hand != self.game.hand_number:
            self._looked = set()
            self._looked_hand = self.game.hand_number
        self._note_looks()

    def _note_looks(self) -> None:
        """Remember every seat that is shown its hand now (blind nil is not open to it: it has bid, the play has
        begun, or the rules or the score rule blind nil out), so that an undo or a replay cannot hide it again."""
        for seat in Seat:
            if not self._blind_possible(seat):
                self._looked.add(seat)

    def blind_nil_open(self, seat: Seat) -> bool:
        """Whether ``seat`` may still bid blind nil this hand (rules, score, not yet bid, not looked)."""
        self._sync_looked()
        return self._blind_possible(seat) and seat not in self._looked

    def _blind_possible(self, seat: Seat) -> bool:
        game = self.game
        if game.phase is not Phase.BIDDING or game.bids[seat] is not None or not game.rules.blind_nil:
            return False
        return game.blind_nil_reason(seat) is None

    def looked(self, seat: Seat) -> bool:
        """Whether ``seat`` has seen its cards this hand (implicitly, when blind nil is not open to it)."""
        self._sync_looked()
        return seat in self._looked or not self._blind_possible(seat)

    # ----------------------------------------------------------------- intents

    def act(self, seat: Seat, intent: object, *, deal: DealInput | None = None) -> list[dict[str, Any]]:
        """Carry out ``seat``'s intent (see ``docs/table.md``); return the events it made.  ``deal``: the cards a
        ``next_hand`` deals instead of the seeded deal (a room's fair deal; see :meth:`spades.game.Game.next_hand`).

        Raises :class:`SpadesError` (and changes nothing) when the intent is
        malformed or the seat may not do it.
        """
        seat = Seat(seat)
        if not isinstance(intent, Mapping) or not isinstance(intent.get("type"), str):
            raise ParseError(
                f"an intent must be an object with a 'type', got {brief(intent)}",
                "intent_not_object",
                {"value": brief(intent)},
            )
        kind = intent["type"]
        if deal is not None and kind != "next_hand":
            raise ValueError(f"only a next_hand intent deals given cards, not {brief(kind)}")
        handler = _INTENTS.get(kind)
        if handler is None:
            raise ParseError(
                f"unknown intent {brief(kind)} ({', '.join(_INTENTS)})", "intent_unknown", {"value": brief(kind)}
            )
        unknown = set(intent) - {"type", *_INTENT_KEYS.get(kind, ())}
        if unknown:
            key = brief(sorted(map(str, unknown))[0])
            raise ParseError(f"unknown key {key} in a {kind} intent", "unknown_key", {"key": key})
        occupant = self.seats[seat]
        if occupant.kind == "computer":
            raise SpadesError(f"{seat.name} is played by the computer", "seat_is_computer", {"seat": seat.name})
        most = MOVE_EVENTS + 1 if self.pending_claim() is not None else MOVE_EVENTS  # claim_off first
        self._numbers_left(seat, CLAIM_EVENTS if kind in ("claim", "claim_answer") else most)
        self._sync_looked()
        events = handler(self, seat, intent) if deal is None else self._next_hand(seat, intent, deal)
        self._sync_looked()
        return events

    def _look(self, seat: Seat, intent: Mapping[str, Any]) -> list[dict[str, Any]]:
        if self.looked(seat):
            return []
        self._looked.add(seat)
        return [self._emit("look", seat=seat.name)]

    def _bid(self, seat: Seat, intent: Mapping[str, Any]) -> list[dict[str, Any]]:
        bid = parse_bid(intent.get("bid"))
        game = self.game
        if game.phase is not Phase.BIDDING:
            raise IllegalMoveError(seat.name, str(bid_text(bid)), Reason("wrong_phase", phase=game.phase.value), "bid")
        if bid == BLIND_NIL and self._blind_possible(seat) and seat in self._looked:
            raise SpadesError(
                f"{seat.name} cannot bid blind nil: the cards have been seen",
                "blind_nil_after_look",
                {"seat": seat.name},
            )
        game.apply(bid, seat)
        self._looked.add(seat)  # a bid shows the hand, blind nil too (after it)
        return self._move_events(seat, bid, Phase.BIDDING)

    def _play(self, seat: Seat, intent: Mapping[str, Any]) -> list[dict[str, Any]]:
        raw = intent.get("card")
        if not isinstance(raw, str):
            raise ParseError(f"a card must be text like 'QH', got {brief(raw)}", "card_not_text", {"value": brief(raw)})
        card = parse_card(raw)
        game = self.game
        if game.phase is not Phase.PLAYING:
            raise IllegalMoveError(seat.name, CARD_NAMES[card], Reason("wrong_phase", phase=game.phase.value))
        claim = self.pending_claim()
        if claim is not None and claim[0] != seat:
            raise _claim_pending(claim[0])
        game.apply(card, seat)
        if claim is None:
            return self._move_events(seat, card, Phase.PLAYING)
        self._waiting = None  # the claimer plays on: the claim is withdrawn
        return [self._emit("claim_off", seat=seat.name), *self._move_events(seat, card, Phase.PLAYING)]

    def _undo(self, seat: Seat, intent: Mapping[str, Any]) -> list[dict[str, Any]]:
        if not self.policy.effective().undo:
            raise SpadesError("undo is not allowed at this table", "undo_not_allowed")
        index = self._last_move_of(seat)
        if index is None:
            raise SpadesError(
                f"{seat.name} has no bid or card to undo in this hand", "no_undo_for_seat", {"seat": seat.name}
            )
        self.game.undo(len(self.game.history[-1].moves) - index)
        return [self._emit("reset")]

    def _replay_hand(self, seat: Seat, intent: Mapping[str, Any]) -> list[dict[str, Any]]:
        if not self.policy.effective().undo:
            raise SpadesError("replaying a hand is not allowed at this table", "replay_not_allowed")
        game = self.game
        if game.phase is Phase.GAME_OVER or not game.history[-1].moves:
            raise SpadesError("there is no hand in progress to replay", "no_hand_to_replay")
        game.undo(len(game.history[-1].moves))
        return [self._emit("reset")]

    def _next_hand(self, seat: Seat, intent: Mapping[str, Any], deal: DealInput | None = None) -> list[dict[str, Any]]:
        game = self.game
        if game.phase is Phase.HAND_OVER and game.hand_number >= MAX_HANDS:
            raise _too_many_hands(game.hand_number + 1)
        game.next_hand(deal)
        self._sync_looked()
        return [self._emit("deal", hand_number=game.hand_number, dealer=game.dealer.name)]

    def adopt(self, game: Game) -> list[dict[str, Any]]:
        """Take ``game`` as this table's game: a hand played elsewhere and replayed by the engine (a host-blind
        hand, :func:`spades.table.blindroom.rebuild`: its audited deal, bids and play) is this table's hand from
        now on.  ``game`` is this table's game with that hand added (or, on a new table, the game of it).  The
        events: the hand's ``deal``, and when it is over its ``scored`` (and ``game_over``); the bids and cards
        went by in public while it was played."""
        if game.hand_number > MAX_HANDS:
            raise _too_many_hands(game.hand_number)
        self._numbers_left(game.dealer, 3)
        self.game = game
        self._waiting = None
        self._sync_looked()
        events = [self._emit("deal", hand_number=game.hand_number, dealer=game.dealer.name)]
        if game.phase in (Phase.HAND_OVER, Phase.GAME_OVER) and game.results:
            events.append(self._emit("scored", result=result_to_json(game.results[-1])))
            if game.winner is not None:
                events.append(self._emit("game_over", winner=game.winner.name))
        return events

    # ----------------------------------------------------------------- claims

    def _position(self) -> tuple[int, tuple[int, ...]]:
        return (self.game.hand_number, tuple(self.game.history[-1].moves))

    def pending_claim(self) -> tuple[Seat, dict[Seat, bool]] | None:
        """The claim waiting for the defence's answers, as ``(claimer, answers so far)``; ``None`` when there is
        none (or the one made has lapsed: a move was made or undone since, whoever made it)."""
        claim = self._waiting
        if claim is None:
            return None
        if claim[1] != self._position():
            self._waiting = None
            return None
        return claim[0], claim[2]

    def _answers_itself(self, seat: Seat) -> bool:
        """A defender whose answer is the computer's: a computer's seat, an away person's with takeover on."""
        occupant = self.seats[seat]
        return occupant.kind == "computer" or (occupant.away and self.policy.effective().takeover)

    def can_claim(self, seat: Seat) -> bool:
        """Whether ``seat`` may claim the rest now (its turn in the play, its cards seen, no claim waiting, not a
        computer's seat, not a lesson): what the state's ``allowed.claim`` says. Whether the claim *holds* is not
        known until it is made (:meth:`claim_line`)."""
        game = self.game
        return (
            game.phase is Phase.PLAYING
            and game.turn == seat
            and self.policy.effective().kind != "tutorial"
            and self.seats[seat].kind != "computer"
            and self.looked(seat)
            and self.pending_claim() is None
        )

    def claim_line(self, seat: Seat) -> list[int]:
        """The rest of the hand when ``seat`` claims it now, card by card: ``seat``'s side takes every remaining
        trick (the one in progress included) whatever the defence, and a nil bidder of the side who has not yet
        taken a trick takes none of them (:class:`spades.bots.search.Claim` over all four hands). The side plays
        the search's first card that keeps the claim, the defence :func:`spades.bots.search.policy`'s card.

        Raises :class:`SpadesError` ``claim_beaten`` when some defence takes a trick, ``claim_too_early`` when the
        search needs more than :data:`CLAIM_NODES` positions; it changes nothing either way.
        """
        game = self.game
        if game.phase is not Phase.PLAYING:
            raise SpadesError(
                f"{seat.name} cannot claim: there is no play in progress ({game.phase.value})", "claim_not_playing"
            )
        team = int(seat) % 2
        bids = tuple(b if b is not None else 0 for b in game.bids)
        won = game.tricks_won
        spare = 0
        for s in (team, team + 2):
            if bids[s] <= NIL and not won[s]:
                spare |= 1 << s
        hands = [cards_mask(game.hand(s)) for s in Seat]
        position = Position.from_view(game.view(seat), hands)
        search = Claim(team, Context(game.rules, bids), spare, CLAIM_NODES)
        try:
            line = search.line(position)
        except ClaimTooDeep:
            raise SpadesError(
                f"{seat.name}'s claim cannot be checked this early (over {CLAIM_NODES} positions): play on",
                "claim_too_early",
            ) from None
        if not line:
            raise SpadesError("a defence beats this claim: play on", "claim_beaten")
        return line

    def _claim(self, seat: Seat, intent: Mapping[str, Any]) -> list[dict[str, Any]]:
        game = self.game
        if game.phase is not Phase.PLAYING:
            raise SpadesError(
                f"{seat.name} cannot claim: there is no play in progress ({game.phase.value})", "claim_not_playing"
            )
        if self.policy.effective().kind == "tutorial":
            raise SpadesError("claims are not allowed in a lesson", "claim_not_allowed")
        claim = self.pending_claim()
        if claim is not None:
            raise _claim_pending(claim[0])
        if game.turn != seat:
            raise SpadesError(f"it is not {seat.name}'s turn", "not_turn", {"seat": seat.name})
        if not self.looked(seat):
            raise SpadesError(f"{seat.name} has not looked at the cards yet", "not_looked", {"seat": seat.name})
        line = self.claim_line(seat)
        cards = [CARD_NAMES[c] for c in display_order(game.hand(seat))]
        events = [self._emit("claim", seat=seat.name, cards=cards)]
        defenders = (seat.next, seat.next.partner)
        answers = {d: True for d in defenders if self._answers_itself(d)}
        if len(answers) == 2:
            return events + self._play_out(seat, line)
        self._waiting = (seat, self._position(), answers)
        return events

    def _claim_answer(self, seat: Seat, intent: Mapping[str, Any]) -> list[dict[str, Any]]:
        accept = intent.get("accept")
        if type(accept) is not bool:
            raise ParseError(
                f"'accept' must be true or false, got {brief(accept)}",
                "at_field",
                {"field": "accept", "problem": msg("is_not", expected=msg("type_bool"), value=brief(accept))},
            )
        claim = self.pending_claim()
        if claim is None:
            raise SpadesError("there is no claim to answer", "no_claim")
        claimer, answers = claim
        if seat.team == claimer.team:
            raise SpadesError(
                f"{seat.name} cannot answer {claimer.name}'s claim: only the other side can",
                "claim_not_defender",
                {"seat": seat.name},
            )
        if not accept:
            self._waiting = None
            return [self._emit("claim_off", seat=seat.name)]
        answers = {**answers, seat: True}
        for d in (claimer.next, claimer.next.partner):
            if self._answers_itself(d):
                answers[d] = True
        if len(answers) < 2:
            self._waiting = (claimer, self._position(), answers)
            return []
        self._waiting = None
        return self._play_out(claimer, self.claim_line(claimer))

    def _play_out(self, claimer: Seat, line: list[int]) -> list[dict[str, Any]]:
        """An accepted claim: ``claimed``, then every card of ``line`` with its events, as if played."""
        game = self.game
        events = [self._emit("claimed", seat=claimer.name)]
        for card in line:
            mover = game.turn
            assert mover is not None  # the line ends with the hand
            game.apply(card, mover)
            events += self._move_events(mover, card, Phase.PLAYING)
        self._sync_looked()
        return events

    def can_undo(self, seat: Seat) -> bool:
        """Whether ``seat`` may take back a move now (policy, and a move of its own in this hand)."""
        return (
            self.policy.effective().undo
            and self.seats[seat].kind != "computer"
            and self._last_move_of(seat) is not None
        )

    def _last_move_of(self, seat: Seat) -> int | None:
        """Index in this hand's moves of ``seat``'s last bid or card."""
        log = self.game.history[-1]
        last = None
        first_bidder = (log.dealer + 1) % 4
        for index in range(min(4, len(log.moves))):
            if (first_bidder + index) % 4 == seat:
                last = index
        game = self.game
        seats = [t.leader + i for t in game.tricks for i in range(4)]
        leader = game.leader  # None when no trick is in progress
        if leader is not None:
            seats += [leader + i for i in range(len(game.trick))]
        for index, who in enumerate(seats, 4):
            if who % 4 == seat:
                last = index
        return last

    # ----------------------------------------------------------------- occupants

    def set_occupant(self, seat: Seat, occupant: Occupant) -> list[dict[str, Any]]:
        """Seat ``occupant`` at ``seat`` (the game is untouched); return the event (none once the table has used its
        last sequence number, :data:`SEQ_LIMIT`: the seat changes all the same and the states show it)."""
        seat = Seat(seat)
        if occupant == self.seats[seat]:
            return []
        self.seats[seat] = occupant
        if self._seq >= SEQ_LIMIT:  # no number left: the seat changes all the same, the states show it
            return []
        return [self._emit("occupant", seat=seat.name, occupant=occupant.to_json())]

    def computer_to_move(self) -> Seat | None:
        """The seat a computer must play now, if any (a computer's, or an away person's when takeover is on)."""
        turn = self.game.turn
        if turn is None:
            return None
        occupant = self.seats[turn]
        if occupant.kind == "computer" or (occupant.away and self.policy.effective().takeover):
            return turn
        return None

    def step(self) -> list[dict[str, Any]]:
        """Let the computer player to act make one move; return its events (``[]`` when none is to act).  A claim
        that waits for the defence and whose claimer is away lapses with this move: ``claim_off`` comes first, so
        every page clears it (docs/table.md "Claims")."""
        seat = self.computer_to_move()
        if seat is None:
            return []
        claim = self.pending_claim()  # an away claimer's: the computer's move withdraws it, as the card of its own
        self._numbers_left(seat, MOVE_EVENTS + 1 if claim is not None else MOVE_EVENTS)
        game = self.game
        view = game.view(seat)
        move, why = self._decide(self.seats[seat].level, view, self._seed_for(seat))
        phase = game.phase
        game.apply(move, seat)
        self._sync_looked()
        if claim is None:
            return self._move_events(seat, move, phase, why)
        self._waiting = None
        return [self._emit("claim_off", seat=claim[0].name), *self._move_events(seat, move, phase, why)]

    def hint(self, seat: Seat, level: str = "expert", budget: Budget = HINT) -> tuple[int | str, Any]:
        """What a computer player would do in ``seat``'s place: ``(bid or card text, explanation)``.

        At level ``expert`` the hint is the judge's move (:func:`spades.table.judge.judge`: the expert from this
        seat's view, no clock, ``budget``, the position's seed), the very decision the post-hand review asks
        at this position, so a person who follows the hints makes the review's move; other levels ask the
        table's computer player of that level.
        """
        seat = Seat(seat)
        if level not in LEVELS:
            raise _unknown_level(level)
        if not self.policy.effective().hints:
            raise SpadesError("hints are not allowed at this table", "hints_not_allowed")
        if self.game.turn != seat:
            raise SpadesError(f"it is not {seat.name}'s turn", "not_turn", {"seat": seat.name})
        if not self.looked(seat):
            raise SpadesError(f"{seat.name} has not looked at the cards yet", "not_looked", {"seat": seat.name})
        view = self.game.view(seat)
        if level == "expert":
            judgement = judge(view, position_seed(self.game, seat), budget)
            move, why = judgement.move, judgement.explanation
        else:
            move, why = self._decide(level, view, self._seed_for(seat))
        text = bid_text(move) if self.game.phase is Phase.BIDDING else CARD_NAMES[move]
        return text, why

    def _seed_for(self, seat: Seat) -> int:
        """Decisions depend only on the position, so a restored game plays on identically (:func:`position_seed`)."""
        return position_seed(self.game, seat)

    # ----------------------------------------------------------------- state

    def state(self, viewer: str) -> dict[str, Any]:
        """The table as ``viewer`` may know it (``docs/table.md``): one function for every renderer."""
        viewer = parse_viewer(viewer)
        self._sync_looked()
        game = self.game
        me = Seat[viewer] if viewer in ("N", "E", "S", "W") else None
        view = game.view(me if me is not None else Seat.N)
        my_turn = me is not None and game.turn == me
        looked = me is not None and self.looked(me)
        watched = Seat[viewer[-1]] if viewer[:-1] == "spectator:" and viewer[-1] in "NESW" else None
        hand: list[dict[str, Any]] = []
        if watched is not None and self.looked(watched):
            hand = [{"card": CARD_NAMES[c], "legal": False, "reason": None} for c in display_order(game.hand(watched))]
        if me is not None and looked:
            playing = my_turn and game.phase is Phase.PLAYING
            for card in display_order(view.hand):
                reason = game.check(card) if playing else None
                hand.append(
                    {
                        "card": CARD_NAMES[card],
                        "legal": playing and reason is None,
                        "reason": reason_json(reason) if reason is not None else None,
                    }
                )
        bidder = me if my_turn and game.phase is Phase.BIDDING else None
        legal_bids = (
            [b for b in view.legal if b != BLIND_NIL or self.blind_nil_open(bidder)] if bidder is not None else []
        )
        us = Team(me % 2) if me is not None else Team(watched % 2) if watched is not None else Team.NS
        trick = view.trick
        leader = view.leader
        last = view.tricks[-1] if view.tricks else None
        effective = self.policy.effective()
        claim = self.pending_claim()
        return {
            "phase": game.phase.value,
            "viewer": viewer,
            "me": me.name if me is not None else None,
            "us": us.name,
            "them": Team(1 - us).name,
            "seq": self._seq,
            "turn": game.turn.name if game.turn is not None else None,
            "dealer": game.dealer.name,
            "hand_number": game.hand_number,
            "seats": {seat.name: self.seats[seat].to_json() for seat in Seat},
            "looked": looked,
            "hand": hand,
            "watching": watched.name if watched is not None else None,
            "hand_count": view.cards_left[me] if me is not None else 0,
            "hands": {s.name: [CARD_NAMES[c] for c in display_order(game.hand(s))] for s in Seat}
            if viewer == "spectator:all"
            else None,
            "legal_bids": legal_bids,
            "bid_reasons": self._bid_reasons(bidder) if bidder is not None and looked else {},
            "can_blind_nil": bidder is not None and self.blind_nil_open(bidder),
            "bids": {s.name: (bid_text(b) if b is not None else None) for s, b in zip(Seat, view.bids, strict=True)},
            "contracts": {t.name: team_contract(view.bids, t) for t in Team},
            "cards_left": dict(zip("NESW", view.cards_left, strict=True)),
            "tricks_won": dict(zip("NESW", view.tricks_won, strict=True)),
            "leader": leader.name if leader is not None else None,
            "trick": [{"seat": Seat((leader + i) % 4).name, "card": CARD_NAMES[c]} for i, c in enumerate(trick)]
            if leader is not None  # None when the trick is empty
            else [],
            "winning": Seat(trick_winner(leader, trick)).name if trick and leader is not None else None,
            "last_trick": None
            if last is None
            else {"leader": last.leader.name, "cards": [CARD_NAMES[c] for c in last.cards], "winner": last.winner.name},
            "spades_broken": view.spades_broken,
            "totals": {"NS": view.totals[0], "EW": view.totals[1]},
            "bags": {"NS": view.bags[0], "EW": view.bags[1]},
            "hands_scored": len(view.results),
            "last_result": result_to_json(view.results[-1]) if view.results else None,
            "last_sheet": self._sheets(view.results)[-1] if view.results else None,
            "winner": view.winner.name if view.winner is not None else None,
            "policy": {**self.policy.to_json(), "kind": effective.kind},
            "allowed": {
                "undo": me is not None and self.can_undo(me),
                "hint": my_turn and looked and effective.hints and game.phase in (Phase.BIDDING, Phase.PLAYING),
                "replay_hand": me is not None
                and effective.undo
                and self.seats[me].kind != "computer"
                and game.phase is not Phase.GAME_OVER
                and bool(game.history[-1].moves),
                "next_hand": me is not None and game.phase is Phase.HAND_OVER and game.hand_number < MAX_HANDS,
                "claim": me is not None and self.can_claim(me),
            },
            "claim": None
            if claim is None
            else {
                "seat": claim[0].name,
                "cards": [CARD_NAMES[c] for c in display_order(game.hand(claim[0]))],
                "answers": {d.name: claim[1].get(d) for d in (claim[0].next, claim[0].next.partner)},
            },
            "rules": game.rules.to_dict(),
        }

    def _sheets(self, results: tuple[Any, ...]) -> list[dict[str, Any]]:
        """The score sheets of ``results`` as JSON, worked out once per list of results (every viewer's state
        and every move's state carry them; an undo or a new hand gives a new list)."""
        key = (self.game.rules, results)
        if self._sheet_cache[0] != key:
            self._sheet_cache = (key, [sheet_to_json(s) for s in game_sheets(self.game.rules, results)])
        return self._sheet_cache[1]

    def scored_hands(self, first: object = 1, last: object = None) -> dict[str, Any]:
        """The results and score sheets of scored hands ``first`` to ``last`` (1-based, inclusive; ``last``
        ``None``: the last scored hand) as ``{"from", "to", "results": [RESULT], "sheets": [SHEET]}``: what a
        viewer state no longer carries (it has ``hands_scored``, ``last_result`` and ``last_sheet``).  A number
        outside ``1 … hands_scored`` or a range that ends before it starts raises :class:`HandNotFinished`."""
        results = self.game.results
        done = len(results)
        if last is None:
            last = done
        for value in (first, last):
            if type(value) is not int:
                raise HandNotFinished(
                    f"a hand number must be a whole number, got {brief(value)}", "hand_number", {"value": brief(value)}
                )
        assert isinstance(first, int) and isinstance(last, int)  # checked just above
        if done == 0 and (first, last) == (1, 0):
            return {"from": 1, "to": 0, "results": [], "sheets": []}
        for value in (first, last):
            if not 1 <= value <= done:
                raise HandNotFinished(
                    f"no scored hand {value}: this game has scored hands 1 to {done}",
                    "no_such_hand",
                    {"number": value, "count": done},
                )
        if first > last:
            raise HandNotFinished(
                f"no scored hands {first} to {last}: the range ends before it starts",
                "no_such_hand",
                {"number": first, "count": done},
            )
        sheets = self._sheets(results)
        return {
            "from": first,
            "to": last,
            "results": [result_to_json(r) for r in results[first - 1 : last]],
            "sheets": sheets[first - 1 : last],
        }

    def full_state(self, viewer: str = "spectator") -> dict[str, Any]:
        """:meth:`state` with every scored hand's ``results`` and ``sheets`` added: what the profile's record of
        a game and the score chart read (the worker's own tables; never sent to a peer)."""
        scored = self.scored_hands()
        return {**self.state(viewer), "results": scored["results"], "sheets": scored["sheets"]}

    def _bid_reasons(self, seat: Seat) -> dict[str, dict[str, Any]]:
        """Why each forbidden bid is forbidden (``"0"`` nil, ``"-1"`` blind nil when the rules have it)."""
        first = BLIND_NIL if self.game.rules.blind_nil else NIL
        reasons = {}
        for bid in range(first, 14):
            reason = self.game.check(bid, seat)
            if reason is not None:
                reasons[str(bid)] = reason_json(reason)
        return reasons

    # ----------------------------------------------------------------- saves

    def save(self) -> dict[str, Any]:
        """The whole table as a ``spades-save/2`` object (``docs/table.md``)."""
        self._sync_looked()
        return {
            "format": SAVE_FORMAT,
            "record": to_record(self.game),
            "seats": {seat.name: self.seats[seat].to_json() for seat in Seat},
            "policy": self.policy.to_json(),
            "looked": sorted(s.name for s in self._looked),
            "seq": self._seq,
        }

    @classmethod
    def load(cls, data: object, decide: Decide | None = None) -> Table:
        """Restore a table from :meth:`save` (or a ``spades-save/1``); :class:`SpadesError` if unusable."""
        if not isinstance(data, Mapping):
            raise ParseError(f"not a saved game (expected an object with format {SAVE_FORMAT!r})", "not_a_save")
        kind = data.get("format")
        if kind == OLD_SAVE_FORMAT:
            return cls._load_v1(data, decide)
        if kind != SAVE_FORMAT:
            raise ParseError(
                f"not a saved game (expected format {SAVE_FORMAT!r}, got {brief(kind)})",
                "save_format",
                {"value": brief(kind)},
            )
        unknown = set(data) - {"format", "record", "seats", "policy", "looked", "seq"}
        if unknown:
            key = brief(sorted(map(str, unknown))[0])
            raise ParseError(f"unknown key {key} in a saved game", "unknown_key", {"key": key})
        game = from_record(data.get("record"))
        if game.hand_number > MAX_HANDS:
            raise _too_many_hands(game.hand_number)
        seats = parse_seats(data.get("seats"))
        policy = Policy.from_json(data.get("policy"))
        looked = data.get("looked", [])
        if not isinstance(looked, list) or len(looked) > 4:
            raise ParseError(
                f"'looked' must be a list of seats, got {brief(looked)}",
                "at_field",
                {"field": "looked", "problem": msg("is_not", expected=msg("type_list"), value=brief(looked))},
            )
        seq = data.get("seq", 0)
        if type(seq) is not int or not 0 <= seq <= SEQ_LIMIT:
            raise ParseError(
                f"'seq' must be a sequence number 0 to {SEQ_LIMIT}, got {brief(seq)}",
                "at_field",
                {
                    "field": "seq",
                    "problem": msg("is_not", expected=msg("type_int_range", low=0, high=SEQ_LIMIT), value=brief(seq)),
                },
            )
        return cls(game, seats, policy, looked=tuple(parse_seat(s) for s in looked), seq=seq, decide=decide)

    @classmethod
    def _load_v1(cls, data: Mapping[str, Any], decide: Decide | None) -> Table:
        game = from_record(data.get("record"))
        if game.hand_number > MAX_HANDS:
            raise _too_many_hands(game.hand_number)
        human = parse_seat(data.get("human", "S"), "a saved game's 'human'")
        bots = data.get("bots") or {}
        if not isinstance(bots, Mapping):
            raise ParseError(
                "a saved game's 'bots' must be an object",
                "at_field",
                {"field": "bots", "problem": msg("is_not", expected=msg("type_object"), value=brief(bots))},
            )
        seats = {seat: Occupant() for seat in Seat}
        for key, level in bots.items():
            seat = parse_seat(key, "a saved game's bot seat")
            if level not in LEVELS:
                raise ParseError(
                    f"unknown computer level {brief(level)} for {seat.name} in a saved game",
                    "level_unknown",
                    {"value": brief(level)},
                )
            seats[seat] = Occupant("computer", level)
        seats[human] = Occupant("person", "standard")
        policy = Policy(undo=_flag(data, "undo", True))
        # A version-1 save was written after the person saw their cards, except before a blind nil.
        looked = (human,) if game.phase is not Phase.BIDDING or game.bids[human] is not None else ()
        return cls(game, seats, policy, looked=looked, decide=decide)


_INTENTS: dict[str, Callable[[Table, Seat, Mapping[str, Any]], list[dict[str, Any]]]] = {
    "look": Table._look,
    "bid": Table._bid,
    "play": Table._play,
    "undo": Table._undo,
    "replay_hand": Table._replay_hand,
    "next_hand": Table._next_hand,
    "claim": Table._claim,
    "claim_answer": Table._claim_answer,
}
_INTENT_KEYS = {"bid": ("bid",), "play": ("card",), "claim_answer": ("accept",)}


def clone(table: Table) -> Table:
    """An independent copy of ``table`` (its game, seats, looks and event log)."""
    other = Table(table.game.copy(), dict(table.seats), replace(table.policy), seq=table.seq, decide=table._decide)
    other._looked = set(table._looked)
    other._looked_hand = table._looked_hand
    other._events = list(table._events)
    other._waiting = table._waiting
    other._sheet_cache = table._sheet_cache  # the same results give the same sheets (the room clones every move)
    return other
