"""Lessons: short scripted deals that ask the learner for a move, check it, explain, and go on.

A lesson is data, one JSON file per lesson in ``spades/learn/lessons/`` (package data), format ``spades-lesson/1``
(``docs/tutorial.md`` has the whole schema)::

    {"format": "spades-lesson/1", "id": "follow-suit", "order": 1,
     "title": TEXT, "rules": {"preset": "standard"}, "dealer": "S", "seat": "S",
     "deal": {"N": ["AH", ...13 cards], "E": [...], "S": [...], "W": [...]},
     "script": [{"moves": [3, 4, "nil", 2, "4H", "AH", "9H"]},
                {"ask": TEXT, "expect": ["3H"], "right": TEXT, "wrong": TEXT, "why": {"KH": TEXT}},
                ...],
     "done": TEXT}

Every ``TEXT`` is ``{"en", "zh-Hans", "zh-Hant"}``; ``wrong`` and ``why`` texts may say ``{move}``, filled with
the learner's move in words (``K♥``, ``Nil``).  A ``moves`` step plays moves for whoever is to act (bids:
``1``–``13``, ``"nil"``, ``"blind_nil"``; cards: ``"QH"``); an ``ask`` step is the learner's (``seat``) move:
``expect`` lists the acceptable moves (any of them is played and the lesson goes on), ``why`` explains
particular wrong moves (``"look"`` is showing the cards when blind nil is asked), ``wrong`` every other one.
Wrong moves are never played.

:func:`parse_lesson` validates a lesson strictly, down to the rules: every scripted and acceptable move must be
legal where it stands, on every path through the acceptable moves, and the script must end before the hand is
over.  :class:`LessonRun` plays a lesson on a :class:`~spades.table.Table` (tutorial policy; the other seats are
computer seats whose "decisions" are the script).  Refusals are :class:`LessonError` with codes of
:data:`spades.errors.CODES` (``lesson_*``).
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from dataclasses import dataclass
from importlib import resources
from typing import Any, ClassVar

from ..cards import CARD_NAMES, Seat, parse_card
from ..errors import SpadesError, brief, msg
from ..game import Game, Phase
from ..i18n.catalog import bid_words, card_text, message
from ..rules import Rules
from ..scoring import BLIND_NIL, bid_text, parse_bid
from ..table.table import Occupant, Policy, Table, parse_seat

FORMAT = "spades-lesson/1"
LANGS = ("en", "zh-Hans", "zh-Hant")
TEXT_LIMIT = 600
"""Longest text of a lesson, in characters (a lesson speaks in short sentences)."""
ASKS = (1, 8)
"""A lesson asks the learner for at least 1 and at most 8 moves."""
PATH_LIMIT = 256
"""At most this many ways through a lesson's acceptable moves (each is checked against the rules)."""
LESSON_LIMIT = 100_000
"""Longest lesson file, in characters."""
_ID = re.compile(r"[a-z0-9]+(-[a-z0-9]+)*")
_PLACEHOLDER = re.compile(r"\{([^{}]*)\}")
_KEYS = {"format", "id", "order", "title", "rules", "dealer", "seat", "deal", "script", "done"}
_ASK_KEYS = {"ask", "expect", "right", "wrong", "why"}


class LessonError(SpadesError):
    """A lesson that cannot be used (bad data, a move the rules forbid), or a lesson call out of turn."""

    codes: ClassVar[Mapping[str, tuple[str, ...]]] = {
        "lesson_unknown": ("value",),
        "lesson_file": ("name", "problem"),
        "lesson_format": ("value",),
        "lesson_id": ("value",),
        "lesson_placeholder": ("value",),
        "lesson_step": ("n",),
        "lesson_move": ("n", "move"),
        "lesson_asks": ("low", "high", "value"),
        "lesson_paths": ("limit",),
        "lesson_why_expected": ("value",),
        "lesson_move_kind": ("value",),
        "lesson_ask_turn": ("seat",),
        "lesson_hand_over": (),
        "lesson_learner_moves": (),
        "lesson_answer": ("n",),
        "lesson_none": (),
        "lesson_wait": (),
        "lesson_your_move": (),
        "lesson_finished": (),
    }
    """Lesson files and the worker's ``lesson_*`` calls."""


@dataclass(frozen=True, slots=True)
class Ask:
    """One move asked of the learner: acceptable moves (canonical texts, see :func:`move_key`) and the texts."""

    ask: dict[str, str]
    expect: tuple[str, ...]
    right: dict[str, str]
    wrong: dict[str, str]
    why: dict[str, dict[str, str]]


@dataclass(frozen=True, slots=True)
class Lesson:
    """A validated lesson.  ``script`` is flat: a move (``str``, canonical) or an :class:`Ask`, in order."""

    id: str
    order: int
    title: dict[str, str]
    rules: Rules
    dealer: Seat
    seat: Seat
    deal: dict[str, list[str]]
    script: tuple[str | Ask, ...]
    done: dict[str, str]
    origins: tuple[tuple[int, int], ...] = ()
    """Where each item of ``script`` is in the file: ``(step, move)``, 1-based (``move`` 0 for an ask)."""

    @property
    def asks(self) -> int:
        """How many moves the lesson asks of the learner."""
        return sum(isinstance(item, Ask) for item in self.script)

    def summary(self, lang: str) -> dict[str, Any]:
        """``{"id", "order", "title" (in lang), "asks"}``: what a list of lessons shows."""
        return {"id": self.id, "order": self.order, "title": self.title[lang], "asks": self.asks}


def _bad(field: list[Any], problem: dict[str, Any], english: str) -> LessonError:
    return LessonError(
        f"lesson field {'.'.join(map(str, field))}: {english}", "at_field", {"field": field, "problem": problem}
    )


def _text(value: object, field: list[Any], placeholders: tuple[str, ...] = ()) -> dict[str, str]:
    """A ``{"en", "zh-Hans", "zh-Hant"}`` text: each a non-empty string of at most :data:`TEXT_LIMIT`."""
    if not isinstance(value, Mapping):
        raise _bad(field, msg("is_not", expected=msg("type_object"), value=brief(value)), f"not a text: {brief(value)}")
    for key in value:
        if key not in LANGS:
            raise _bad(field, msg("unknown_key", key=brief(key)), f"unknown language {brief(key)}")
    out = {}
    for lang in LANGS:
        if lang not in value:
            raise _bad(field, msg("missing_key", key=brief(lang)), f"no {lang} text")
        text = value[lang]
        if not isinstance(text, str) or not text.strip() or len(text) > TEXT_LIMIT:
            raise _bad(
                [*field, lang],
                msg("is_not", expected=msg("type_text_len", limit=TEXT_LIMIT), value=brief(text)),
                f"must be text of 1 to {TEXT_LIMIT} characters, got {brief(text)}",
            )
        for name in _PLACEHOLDER.findall(text):
            if name not in placeholders:
                raise LessonError(
                    f"unknown placeholder {{{name}}} in lesson field {'.'.join(map(str, [*field, lang]))}",
                    "lesson_placeholder",
                    {"value": brief("{" + name + "}")},
                )
        if text.count("{") != text.count("}"):
            raise _bad([*field, lang], msg("lesson_placeholder", value=brief(text)), "unbalanced braces")
        out[lang] = text
    return out


def move_key(move: object, bidding: bool) -> str:
    """A move as the lesson files write it, canonical: a bid ``"4"``, ``"nil"``, ``"blind_nil"``; a card ``"QH"``.

    >>> move_key(4, True), move_key("Nil", True), move_key("10h", False)
    ('4', 'nil', 'TH')
    """
    if bidding:
        return str(bid_text(parse_bid(move)))
    if not isinstance(move, str):
        raise SpadesError(f"a card must be text like 'QH', got {brief(move)}", "card_not_text", {"value": brief(move)})
    return CARD_NAMES[parse_card(move)]


def _any_key(move: object) -> str:
    """A move written in ``expect`` or ``why`` (bid, card or ``"look"``), canonical, whatever the phase."""
    if move == "look":
        return "look"
    if type(move) is int or (isinstance(move, str) and move.strip().lower().replace(" ", "_") in ("nil", "blind_nil")):
        return move_key(move, True)
    if isinstance(move, str) and move.isdigit():
        return move_key(move, True)
    return move_key(move, False)


def _move_number(key: str) -> int:
    """The engine's move for a canonical key (bids: -1…13; cards: 0…53)."""
    if key in ("nil", "blind_nil") or key.isdigit():
        return parse_bid(key)
    return parse_card(key)


def move_words(key: str, lang: str) -> str:
    """A canonical move for people: ``K♥``, ``4``, Nil / 零."""
    if key == "look":
        return message("show_cards", lang)
    if key in ("nil", "blind_nil") or key.isdigit():
        return bid_words(parse_bid(key), lang)
    return card_text(parse_card(key), lang)


def _located(where: tuple[int, int], error: SpadesError) -> LessonError:
    """``error`` found at ``where``: the file's script step and, in a ``moves`` step, the move (1-based; 0 for an
    ask)."""
    n, move = where
    if move:
        return LessonError(
            f"script step {n}, move {move}: {error}",
            "in_step",
            {"step": msg("lesson_move", n=n, move=move), "problem": error.to_json()},
        )
    return LessonError(
        f"script step {n}: {error}", "in_step", {"step": msg("lesson_step", n=n), "problem": error.to_json()}
    )


def parse_lesson(data: object) -> Lesson:
    """Validate a ``spades-lesson/1`` object (already parsed JSON) and return the :class:`Lesson`.

    Raises :class:`LessonError` (or another :class:`SpadesError` for rules, seats and deals) naming the field or
    the script step; the lesson is played through on every path of acceptable moves.
    """
    if not isinstance(data, Mapping):
        raise LessonError(f"a lesson must be an object, got {brief(data)}", "lesson_format", {"value": brief(data)})
    if data.get("format") != FORMAT:
        raise LessonError(
            f"not a lesson (expected format {FORMAT!r}, got {brief(data.get('format'))})",
            "lesson_format",
            {"value": brief(data.get("format"))},
        )
    for key in data:
        if key not in _KEYS:
            raise LessonError(f"unknown key {brief(key)} in a lesson", "unknown_key", {"key": brief(key)})
    for key in sorted(_KEYS):
        if key not in data:
            raise LessonError(f"a lesson needs {key!r}", "missing_key", {"key": brief(key)})
    ident = data["id"]
    if not isinstance(ident, str) or len(ident) > 32 or not _ID.fullmatch(ident):
        raise LessonError(
            f"a lesson id is 1 to 32 lowercase letters, digits and hyphens, got {brief(ident)}",
            "lesson_id",
            {"value": brief(ident)},
        )
    order = data["order"]
    if type(order) is not int or not 1 <= order <= 999:
        raise _bad(["order"], msg("is_not", expected=msg("type_int_range", low=1, high=999), value=brief(order)),
                    f"must be 1 to 999, got {brief(order)}")  # fmt: skip
    title = _text(data["title"], ["title"])
    done = _text(data["done"], ["done"])
    rules_data = data["rules"]
    if not isinstance(rules_data, Mapping):
        raise _bad(["rules"], msg("is_not", expected=msg("type_object"), value=brief(rules_data)), "not an object")
    rules = Rules.from_dict(dict(rules_data))
    dealer = parse_seat(data["dealer"], "a lesson's dealer")
    seat = parse_seat(data["seat"], "a lesson's seat")
    deal = data["deal"]
    game = Game(rules, deal=deal, dealer=dealer)  # ParseError for a bad deal
    script, origins = _script(data["script"])
    asks = sum(isinstance(item, Ask) for item in script)
    if not ASKS[0] <= asks <= ASKS[1]:
        raise LessonError(
            f"a lesson asks for {ASKS[0]} to {ASKS[1]} moves, this one for {asks}",
            "lesson_asks",
            {"low": ASKS[0], "high": ASKS[1], "value": asks},
        )
    lesson = Lesson(
        ident,
        order,
        title,
        rules,
        dealer,
        seat,
        {s.name: [CARD_NAMES[c] for c in game.hand(s)] for s in Seat},
        tuple(script),
        done,
        tuple(origins),
    )
    check_paths(lesson)
    return lesson


def _script(value: object) -> tuple[list[str | Ask], list[tuple[int, int]]]:
    if not isinstance(value, list) or not value or len(value) > 200:
        raise _bad(["script"], msg("is_not", expected=msg("type_list"), value=brief(value)),
                    f"must be a list of 1 to 200 steps, got {brief(value)}")  # fmt: skip
    out: list[str | Ask] = []
    origins: list[tuple[int, int]] = []
    for index, step in enumerate(value):
        field: list[Any] = ["script", index]
        if not isinstance(step, Mapping):
            raise _bad(field, msg("is_not", expected=msg("type_object"), value=brief(step)), "not an object")
        if set(step) == {"moves"}:
            moves = step["moves"]
            if not isinstance(moves, list) or not moves or len(moves) > 60:
                raise _bad([*field, "moves"], msg("is_not", expected=msg("type_list"), value=brief(moves)),
                            "must be a list of 1 to 60 moves")  # fmt: skip
            for number, move in enumerate(moves, 1):
                try:
                    key = _any_key(move)
                except SpadesError as error:
                    raise _bad([*field, "moves"], error.to_json(), str(error)) from None
                if key == "look":
                    raise _bad([*field, "moves"], msg("not_card", value=brief(move)), "'look' is not a move")
                out.append(key)
                origins.append((index + 1, number))
            continue
        for key in step:
            if key not in _ASK_KEYS:
                raise _bad(field, msg("unknown_key", key=brief(key)), f"unknown key {brief(key)}")
        for key in ("ask", "expect", "right", "wrong"):
            if key not in step:
                raise _bad(field, msg("missing_key", key=brief(key)), f"no {key!r}")
        expect_raw = step["expect"]
        if not isinstance(expect_raw, list) or not 1 <= len(expect_raw) <= 13:
            raise _bad([*field, "expect"], msg("is_not", expected=msg("type_list"), value=brief(expect_raw)),
                        "must be a list of 1 to 13 moves")  # fmt: skip
        expect = []
        for move in expect_raw:
            try:
                key = _any_key(move)
            except SpadesError as error:
                raise _bad([*field, "expect"], error.to_json(), str(error)) from None
            if key == "look" or key in expect:
                raise _bad([*field, "expect"], msg("lesson_why_expected", value=brief(move)), f"{key} twice or look")
            expect.append(key)
        why_raw = step.get("why", {})
        if not isinstance(why_raw, Mapping) or len(why_raw) > 14:
            raise _bad([*field, "why"], msg("is_not", expected=msg("type_object"), value=brief(why_raw)),
                        "must be an object")  # fmt: skip
        why = {}
        for move, text in why_raw.items():
            try:
                key = _any_key(move)
            except SpadesError as error:
                raise _bad([*field, "why"], error.to_json(), str(error)) from None
            if key in expect or key in why:
                raise LessonError(
                    f"script step {index + 1}: {key} is explained as wrong but also expected",
                    "lesson_why_expected",
                    {"value": brief(move)},
                )
            why[key] = _text(text, [*field, "why", str(move)], ("move",))
        origins.append((index + 1, 0))
        out.append(
            Ask(
                _text(step["ask"], [*field, "ask"]),
                tuple(expect),
                _text(step["right"], [*field, "right"]),
                _text(step["wrong"], [*field, "wrong"], ("move",)),
                why,
            )
        )
    return out, origins


def check_paths(lesson: Lesson) -> int:
    """Play ``lesson`` through on every path of acceptable moves; return how many paths there are.

    Raises :class:`LessonError` at the first step that does not fit the rules (a scripted or acceptable move that
    is illegal, a move asked when it is not the learner's turn, blind nil asked when it is not open, a script that
    goes on after the hand is over or ends with it).
    """
    paths: list[tuple[str, ...]] = [()]
    for item in lesson.script:
        if isinstance(item, Ask):
            paths = [(*p, m) for p in paths for m in item.expect]
            if len(paths) > PATH_LIMIT:
                raise LessonError(
                    f"too many ways through the lesson (more than {PATH_LIMIT})", "lesson_paths", {"limit": PATH_LIMIT}
                )
    for answers in paths:
        run = LessonRun(lesson)
        for n, item in enumerate(lesson.script, 1):
            table = run.table
            turn = table.game.turn
            if turn is None:  # neither bidding nor playing
                raise _located(
                    lesson.origins[n - 1], LessonError("the hand is over before this step", "lesson_hand_over")
                )
            if isinstance(item, Ask):
                if turn != lesson.seat:
                    raise _located(
                        lesson.origins[n - 1],
                        LessonError(
                            f"it is {turn.name}'s turn, not the learner's", "lesson_ask_turn", {"seat": turn.name}
                        ),
                    )
                for key in item.expect:
                    try:
                        run.check(key)
                    except SpadesError as error:
                        raise _located(lesson.origins[n - 1], error) from None
                for key in item.why:
                    if key != "look":
                        _move_number(key)  # a card or a bid: parsed already; legality is not asked
                run.apply(answers[run.answered])
            else:
                if run.answered and turn == lesson.seat:
                    raise _located(
                        lesson.origins[n - 1],
                        LessonError(
                            "after the first ask, the learner's moves are asked, not scripted", "lesson_learner_moves"
                        ),
                    )
                try:
                    run.apply(item)
                except SpadesError as error:
                    raise _located(lesson.origins[n - 1], error) from None
        if run.table.game.phase not in (Phase.BIDDING, Phase.PLAYING):
            raise _located(lesson.origins[-1], LessonError("the hand is over before this step", "lesson_hand_over"))
    return len(paths)


class LessonRun:
    """A lesson being played: its table, where the script stands, the learner's answers so far.

    ``position`` indexes :attr:`Lesson.script`.  :meth:`start` plays the scripted moves before the first ask (and
    replays earlier ``answers`` on resume), :meth:`step` one scripted move, :meth:`act` checks the learner's move.
    """

    def __init__(self, lesson: Lesson) -> None:
        self.lesson = lesson
        seats = {s: Occupant("computer", "standard") for s in Seat}
        seats[lesson.seat] = Occupant("person", "standard")
        game = Game(lesson.rules, deal=lesson.deal, dealer=lesson.dealer, seed=0)
        self.table = Table(game, seats, Policy("tutorial"), decide=self._decide)
        self.position = 0
        self.answered = 0
        self.answers: list[str] = []
        self._next: int | None = None

    def _decide(self, level: str, view: Any, seed: int) -> tuple[int, Any]:
        """The table's computer players play the script."""
        if self._next is None:
            raise LessonError("no scripted move is due", "lesson_wait")
        return self._next, None

    # ----------------------------------------------------------------- where the script stands

    def pending(self) -> str:
        """``"move"`` (a scripted move is next), ``"ask"`` (the learner's move) or ``"done"``."""
        if self.position >= len(self.lesson.script):
            return "done"
        return "ask" if isinstance(self.lesson.script[self.position], Ask) else "move"

    @property
    def current(self) -> Ask | None:
        """The ask being answered now, or ``None``."""
        item = self.lesson.script[self.position] if self.position < len(self.lesson.script) else None
        return item if isinstance(item, Ask) else None

    def _scripted(self) -> str | None:
        """The scripted move that is next, or ``None`` (the learner's move, or the end)."""
        item = self.lesson.script[self.position] if self.position < len(self.lesson.script) else None
        return item if isinstance(item, str) else None

    def check(self, key: str) -> None:
        """Raise the engine's refusal if the move ``key`` is not legal for the seat to act now."""
        game = self.table.game
        bidding = game.phase is Phase.BIDDING
        move = _move_number(key)
        if bidding != (key in ("nil", "blind_nil") or key.isdigit()):
            raise LessonError(
                f"{key} is not a {'bid' if bidding else 'card'}", "lesson_move_kind", {"value": brief(key)}
            )
        if game.turn is None:
            raise LessonError("the hand is over before this step", "lesson_hand_over")
        if move == BLIND_NIL and not self.table.blind_nil_open(game.turn):
            raise SpadesError(
                f"{game.turn.name} cannot bid blind nil now", "blind_nil_after_look", {"seat": game.turn.name}
            )
        probe = game.copy()
        probe.apply(move, game.turn)

    def apply(self, key: str) -> list[dict[str, Any]]:
        """Play the move ``key`` for the seat to act (the learner's through :meth:`Table.act`); return the events."""
        self.check(key)
        table = self.table
        seat = table.game.turn
        assert seat is not None
        is_ask = isinstance(self.lesson.script[self.position], Ask)
        if seat == self.lesson.seat:
            bidding = table.game.phase is Phase.BIDDING
            intent = {"type": "bid", "bid": key} if bidding else {"type": "play", "card": key}
            events = table.act(seat, intent)
        else:
            self._next = _move_number(key)
            try:
                events = table.step()
            finally:
                self._next = None
        self.position += 1
        if is_ask:
            self.answered += 1
            self.answers.append(key)
        return events

    def setup(self) -> list[dict[str, Any]]:
        """Play the scripted moves up to the first ask (or the end)."""
        events: list[dict[str, Any]] = []
        while (move := self._scripted()) is not None:
            events += self.apply(move)
        return events

    def resume(self, answers: object) -> None:
        """Replay the learner's earlier ``answers`` (canonical moves, in order) and the script between them."""
        if not isinstance(answers, list) or len(answers) > self.lesson.asks:
            raise LessonError(f"answers must be a list of at most {self.lesson.asks} moves", "lesson_answer", {"n": 0})
        self.setup()
        for n, answer in enumerate(answers, 1):
            ask = self.current
            try:
                key = _any_key(answer)
            except SpadesError:
                key = None
            if ask is None or key not in ask.expect:
                raise LessonError(f"answer {n} is not one the lesson accepts", "lesson_answer", {"n": n})
            self.apply(key)
            self.setup()

    # ----------------------------------------------------------------- the learner and the script

    def step(self) -> list[dict[str, Any]]:
        """Play the next scripted move; :class:`LessonError` when the learner is to move or the lesson is over."""
        move = self._scripted()
        if move is None:
            raise _out_of_turn(self.pending())
        return self.apply(move)

    def act(self, intent: object, lang: str) -> tuple[dict[str, Any], list[dict[str, Any]]]:
        """Check the learner's intent against the ask: ``(feedback, events)``.

        ``feedback`` is ``{"verdict": "right" | "wrong", "move", "text", "reason"}`` (``reason``: why the rules
        forbid the move, as the state's reasons, or ``None``).  A wrong move is not played (no events).
        """
        ask = self.current
        if ask is None:
            raise _out_of_turn(self.pending())
        key = _intent_key(intent, self.table.game.phase is Phase.BIDDING)
        if key in ask.expect:
            events = self.apply(key)
            return {"verdict": "right", "move": key, "text": ask.right[lang], "reason": None}, events
        reason = None
        if key != "look":
            try:
                self.check(key)
            except SpadesError as error:
                inner = error.params.get("reason") if isinstance(error.params, dict) else None
                reason = inner if isinstance(inner, dict) else None
        text = (ask.why.get(key) or ask.wrong)[lang].replace("{move}", move_words(key, lang))
        return {"verdict": "wrong", "move": key, "text": text, "reason": reason}, []

    def report(self, lang: str) -> dict[str, Any]:
        """What the page shows beside the table: ``{"id", "title", "asked", "asks", "pending", "text", "answers",
        "done"}`` — ``asked`` is the 1-based number of the move asked now (``asks`` once done), ``text`` the ask's
        instruction (the closing words once done)."""
        lesson = self.lesson
        ask = self.current
        pending = self.pending()
        if ask is not None:
            text = ask.ask[lang]
        elif pending == "done":
            text = lesson.done[lang]
        else:
            text = ""
        return {
            "id": lesson.id,
            "title": lesson.title[lang],
            "asked": min(self.answered + 1, lesson.asks),
            "asks": lesson.asks,
            "pending": pending,
            "text": text,
            "answers": list(self.answers),
            "done": pending == "done",
        }


def _out_of_turn(pending: str) -> LessonError:
    if pending == "done":
        return LessonError("the lesson is over: start it again or choose another", "lesson_finished")
    if pending == "move":
        return LessonError("a scripted move comes first (lesson_step)", "lesson_wait")
    return LessonError("the learner is to move (lesson_act)", "lesson_your_move")


def _intent_key(intent: object, bidding: bool) -> str:
    """The learner's intent (``{"type": "play", "card"}``, ``{"type": "bid", "bid"}``, ``{"type": "look"}``) as a
    canonical move."""
    if not isinstance(intent, Mapping) or not isinstance(intent.get("type"), str):
        raise SpadesError(
            f"an intent must be an object with a 'type', got {brief(intent)}",
            "intent_not_object",
            {"value": brief(intent)},
        )
    kind = intent["type"]
    allowed = {"play": {"type", "card"}, "bid": {"type", "bid"}, "look": {"type"}}.get(kind)
    if allowed is None:
        raise SpadesError(f"unknown intent {brief(kind)} (play, bid, look)", "intent_unknown", {"value": brief(kind)})
    for key in intent:
        if key not in allowed:
            raise SpadesError(f"unknown key {brief(key)} in a {kind} intent", "unknown_key", {"key": brief(key)})
    if kind == "look":
        return "look"
    if kind == "bid":
        return move_key(intent.get("bid"), True)
    return move_key(intent.get("card"), False)


# --------------------------------------------------------------------- the lessons shipped with the game


def lesson_ids() -> list[str]:
    """The ids of the lessons in ``spades/learn/lessons/`` (file names without ``.json``), sorted."""
    folder = resources.files("spades.learn") / "lessons"
    return sorted(p.name[:-5] for p in folder.iterdir() if p.name.endswith(".json"))


_cache: dict[str, Lesson] = {}


def load_lesson(ident: object) -> Lesson:
    """The shipped lesson ``ident`` (validated once, then kept); :class:`LessonError` ``lesson_unknown`` when there is
    no such lesson, ``lesson_file`` (with the problem) when its file is damaged."""
    if not isinstance(ident, str) or ident not in lesson_ids():
        raise LessonError(f"no lesson {brief(ident)}", "lesson_unknown", {"value": brief(ident)})
    if ident not in _cache:
        text = (resources.files("spades.learn") / "lessons" / (ident + ".json")).read_text(encoding="utf-8")
        try:
            if len(text) > LESSON_LIMIT:
                raise LessonError(f"a lesson is at most {LESSON_LIMIT} characters", "lesson_format", {"value": "…"})
            try:
                data = json.loads(text)
            except ValueError:
                raise LessonError("a lesson file must be JSON", "lesson_format", {"value": brief(text[:20])}) from None
            lesson = parse_lesson(data)
            if lesson.id != ident:
                raise LessonError(f"the lesson's id is {lesson.id!r}", "lesson_id", {"value": brief(lesson.id)})
        except SpadesError as error:
            raise LessonError(
                f"lesson file {ident}.json: {error}", "lesson_file", {"name": brief(ident), "problem": error.to_json()}
            ) from None
        _cache[ident] = lesson
    return _cache[ident]


def all_lessons() -> list[Lesson]:
    """Every shipped lesson, in their ``order``."""
    return sorted((load_lesson(i) for i in lesson_ids()), key=lambda lesson: (lesson.order, lesson.id))


# --------------------------------------------------------------------- the worker's lesson_* operations

_runs: dict[str, LessonRun] = {}
"""The lesson in progress, by the worker's table name (``"main"`` unless the call names another)."""


def _arg_lang(args: Mapping[str, Any]) -> str:
    lang = args.get("lang", "en")
    if lang is None:
        return "en"
    if not isinstance(lang, str) or lang not in LANGS:
        raise LessonError(
            f"'lang' must be one of {', '.join(LANGS)}, got {brief(lang)}", "lang_unknown", {"value": brief(lang)}
        )
    return lang


def _arg_name(args: Mapping[str, Any]) -> str:
    name = args.get("table", "main")
    if name is None:
        return "main"
    if not isinstance(name, str) or not 0 < len(name) <= 64:
        raise LessonError("'table' must be a name of 1 to 64 characters", "table_name")
    return name


def _run(args: Mapping[str, Any]) -> LessonRun:
    run = _runs.get(_arg_name(args))
    if run is None:
        raise LessonError("no lesson is in progress: start one with lesson_start", "lesson_none")
    return run


def _lesson_answer(run: LessonRun, lang: str, events: list[dict[str, Any]]) -> dict[str, Any]:
    table = run.table
    state = table.state(run.lesson.seat.name)
    if run.pending() != "ask":  # the learner waits (scripted moves) or is done: nothing to play now
        state["hand"] = [{**entry, "legal": False} for entry in state["hand"]]
        state["legal_bids"] = []
        state["can_blind_nil"] = False
        state["allowed"] = {**state["allowed"], "hint": False}
    return {
        "state": state,
        "events": [table.public_event(e, None) for e in events],
        "lesson": run.report(lang),
    }


def op_lesson_list(args: Mapping[str, Any]) -> dict[str, Any]:
    """``lesson_list {lang}`` → ``{"lessons": [{"id", "order", "title", "asks"}]}`` in their order."""
    lang = _arg_lang(args)
    return {"lessons": [lesson.summary(lang) for lesson in all_lessons()]}


def op_lesson_start(args: Mapping[str, Any]) -> dict[str, Any]:
    """``lesson_start {id, lang, answers}`` → ``{"state", "events": [], "lesson"}``: the lesson from its start, or
    after the learner's earlier ``answers`` (as ``lesson.answers`` gave them), at the next ask."""
    lang = _arg_lang(args)
    name = _arg_name(args)
    run = LessonRun(load_lesson(args.get("id")))
    answers = args.get("answers")
    run.resume([] if answers is None else answers)
    _runs[name] = run
    return _lesson_answer(run, lang, [])


def op_lesson_step(args: Mapping[str, Any]) -> dict[str, Any]:
    """``lesson_step {lang}`` → one scripted move: ``{"state", "events", "lesson"}``."""
    lang = _arg_lang(args)
    run = _run(args)
    return _lesson_answer(run, lang, run.step())


def op_lesson_act(args: Mapping[str, Any]) -> dict[str, Any]:
    """``lesson_act {intent, lang}`` → ``{"state", "events", "lesson", "feedback"}`` (a wrong move is not played)."""
    lang = _arg_lang(args)
    run = _run(args)
    feedback, events = run.act(args.get("intent"), lang)
    return {**_lesson_answer(run, lang, events), "feedback": feedback}


def op_lesson_close(args: Mapping[str, Any]) -> dict[str, Any]:
    """``lesson_close {}`` → ``{}``: forget the lesson in progress (none is not an error)."""
    _runs.pop(_arg_name(args), None)
    return {}


OPERATIONS = {
    "lesson_list": op_lesson_list,
    "lesson_start": op_lesson_start,
    "lesson_step": op_lesson_step,
    "lesson_act": op_lesson_act,
    "lesson_close": op_lesson_close,
}
"""The worker's lesson operations (:mod:`spades.worker` adds them to its own)."""


__all__ = [
    "FORMAT",
    "OPERATIONS",
    "Ask",
    "Lesson",
    "LessonError",
    "LessonRun",
    "all_lessons",
    "check_paths",
    "lesson_ids",
    "load_lesson",
    "move_key",
    "move_words",
    "parse_lesson",
]
