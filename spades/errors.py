"""The engine's errors: one small family, all :class:`ValueError`.

* :class:`ParseError` — text that does not name a card, seat, bid or rule.
* :class:`RulesError` — a rules object with an unknown key or a bad value.
* :class:`IllegalMoveError` — a bid or card the rules forbid; it names the
  seat, the move and the reason.
* :class:`RecordError` — a hand record or score sheet that cannot be replayed;
  it names the hand and the step.
* :class:`FairError` — a fair deal (commitments, secrets, a host-blind transcript) that does not hold;
  it names the seat whose device sent what does not hold.
* :class:`RatingError` — rating input (a game list, an entry, a date, a
  rating) that cannot be used; it names the game or field.

Every error has two faces.  ``str(error)`` is one English line for the command
line, the bot protocol and logs.  ``error.code`` and ``error.params`` say the
same for people, in any language: the page words them with the catalog entry
``err_<code>`` of ``spades/i18n/messages.json``, filling its ``{placeholders}``
from the parameters (:data:`CODES` is the one registry of codes and their
parameters; each layer registers its own next to its error class, see
:func:`register`; a test checks the catalog against it).  Parameters are JSON values, shown by name:

* ``seat``, ``dealer`` — a seat letter (``"N"``), shown as the seat's name;
  ``seats`` — a list of them;
* ``card`` — a card (``"QH"``); ``bid`` — a bid (``4``, ``"nil"``, ``"blind_nil"``);
* ``phase`` — a game phase (``"bidding"``); ``rule`` — a rules option (``"min_team_bid"``),
  shown as the option's name in the settings;
* ``reason`` — why a move is illegal: ``{"code", "suit", "number", "text"}``
  (:func:`spades.table.reason_json`), shown like the state's reasons;
* ``problem``, ``step``, ``expected`` — a nested message ``{"code", "params"}``
  (``problem`` is the error inside a located one: hand 2, card 5: ...);
* ``field`` — a JSON field: its name (``"seq"``) or its path as a list (``["games", 3, "at"]``),
  worded with the catalog's ``field_*`` where it has them;
* anything else — numbers, and values quoted from the input with :func:`brief` — shown as given.

>>> error = RulesError("rule 'min_team_bid' must be 0 to 13, got 20", "rule_range",
...                    {"rule": "min_team_bid", "low": 0, "high": 13, "value": "20"})
>>> str(error), error.to_json()["code"]
("rule 'min_team_bid' must be 0 to 13, got 20", 'rule_range')
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

MAX_ECHO = 60
"""At most this many characters of a bad input are quoted in an error message."""

CODES: dict[str, tuple[str, ...]] = {}
"""Every error code and its parameters: the one registry (the catalog's ``err_<code>`` has exactly these placeholders).

Each layer fills in its own codes next to its error class: a class's :attr:`SpadesError.codes` (registered when
the class is made) or, for codes a module raises with a shared class (:class:`ParseError`, :class:`SpadesError`),
its :func:`register` call.  The registry holds the codes of the modules imported so far; :mod:`spades.worker`
imports every layer, so once it is imported the registry is whole.
"""

OWNERS: dict[str, str] = {}
"""The module or error class that registered each code of :data:`CODES` (``"spades.table.room.RoomError"``)."""


def register(owner: str, codes: Mapping[str, tuple[str, ...]]) -> Mapping[str, tuple[str, ...]]:
    """Add ``codes`` (code → its parameters' names) to :data:`CODES` for ``owner``; returns ``codes``.

    A code has one owner: registering a code that another owner registered raises :class:`ValueError`
    (the same owner again, as when a module is reloaded, is fine).

    >>> register("spades.errors.example", {"example_code": ("value",)})
    {'example_code': ('value',)}
    >>> register("somewhere.else", {"example_code": ()})
    Traceback (most recent call last):
    ...
    ValueError: error code 'example_code' of somewhere.else is spades.errors.example's already
    >>> _forget("example_code")
    """
    for code in codes:
        known = OWNERS.get(code)
        if known is not None and known != owner:
            raise ValueError(f"error code {code!r} of {owner} is {known}'s already")
    for code, params in codes.items():
        CODES[code] = tuple(params)
        OWNERS[code] = owner
    return codes


def _forget(code: str) -> None:
    """Take ``code`` out of the registry (for the doctest above)."""
    CODES.pop(code, None)
    OWNERS.pop(code, None)


def brief(value: object, limit: int = MAX_ECHO) -> str:
    """``repr(value)`` cut to about ``limit`` characters, for quoting bad input in a one-line error.

    Never raises: a value whose ``repr`` fails (a huge integer, deep nesting) is named by its type.

    >>> brief("x" * 100, 12)
    "'xxxxxxxxxx…"
    >>> brief(True)
    'True'
    """
    if isinstance(value, str):
        text = repr(value[: limit + 1])
    elif isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 4 * limit:
        text = f"<an integer of about {int(value.bit_length() * 0.30103) + 1} digits>"
    else:
        try:
            text = repr(value)
        except (ValueError, RecursionError, MemoryError):
            text = f"<{type(value).__name__}>"
    text = text.replace("\n", " ").replace("\r", " ")
    return text if len(text) <= limit else text[: limit - 1] + "…"


def msg(code: str, **params: Any) -> dict[str, Any]:
    """A nested message ``{"code", "params"}``: a parameter such as ``expected`` or ``problem`` (see :data:`CODES`).

    >>> msg("type_int_range", low=0, high=13)
    {'code': 'type_int_range', 'params': {'low': 0, 'high': 13}}
    """
    return {"code": code, "params": params}


class SpadesError(ValueError):
    """Base of every error the engine raises on bad input.

    ``str(error)`` is the English line; ``code`` (a key of :data:`CODES`, by default the class's
    ``default_code``) and ``params`` (JSON values) are what the page translates.
    """

    default_code: ClassVar[str] = "invalid"
    codes: ClassVar[Mapping[str, tuple[str, ...]]] = {
        "invalid": (),
        "internal": (),
        "at_field": ("field", "problem"),
        "is_not": ("expected", "value"),
        "unknown_key": ("key",),
        "missing_key": ("key",),
        "type_text": (),
        "type_text_len": ("limit",),
        "type_int": (),
        "type_int_range": ("low", "high"),
        "type_int_or_null": (),
        "type_bool": (),
        "type_object": (),
        "type_list": (),
        "type_list_n": ("n",),
        "type_choice": (),
        "type_date": (),
        "type_time": (),
    }
    """The codes a class declares (here: the generic ones, and what a value should be, ``expected``).

    A subclass that sets its own ``codes`` registers them in :data:`CODES` when it is made."""

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        own = cls.__dict__.get("codes")
        if own:
            register(f"{cls.__module__}.{cls.__qualname__}", own)

    def __init__(self, message: str, code: str | None = None, params: Mapping[str, Any] | None = None) -> None:
        super().__init__(message)
        self.code: str = code or self.default_code
        self.params: dict[str, Any] = dict(params or {})

    def to_json(self) -> dict[str, Any]:
        """``{"code", "params"}``: the error as the page translates it."""
        return {"code": self.code, "params": dict(self.params)}


register("spades.errors.SpadesError", SpadesError.codes)


class ParseError(SpadesError):
    """Text that does not name a card, seat, team or bid."""


class RulesError(SpadesError):
    """An unknown rules key or an out-of-range value."""

    codes: ClassVar[Mapping[str, tuple[str, ...]]] = {
        "rules_not_object": ("value",),
        "rule_unknown": ("value",),
        "preset_unknown": ("value",),
        "rule_type": ("rule", "expected", "value"),
        "rule_range": ("rule", "low", "high", "value"),
        "rule_positive": ("rule", "value"),
        "rule_choice": ("rule", "value"),
        "mercy_above_target": ("mercy", "target"),
        "suicide_needs_nil": (),
    }
    """A rules object that cannot be used (:mod:`spades.rules`)."""


class IllegalMoveError(SpadesError):
    """A move the rules forbid.

    ``seat`` and ``move`` are the offending seat and move as text (``"S"``,
    ``"QH"``, ``"nil"``); ``reason`` is a :class:`spades.game.Reason` whose
    ``code`` the page translates.  The code is ``illegal_bid`` or ``illegal_play``.
    """

    codes: ClassVar[Mapping[str, tuple[str, ...]]] = {
        "illegal_bid": ("seat", "bid", "reason"),
        "illegal_play": ("seat", "card", "reason"),
    }
    """A bid or a card the rules forbid, with the seat, the move and the reason."""

    def __init__(self, seat: str, move: str, reason: object, verb: str = "play") -> None:
        self.seat = seat
        self.move = move
        self.reason = reason
        to_json = getattr(reason, "to_json", None)
        why = to_json() if callable(to_json) else {"code": None, "text": str(reason)}
        code, key = ("illegal_bid", "bid") if verb == "bid" else ("illegal_play", "card")
        super().__init__(f"{seat} cannot {verb} {move}: {reason}", code, {"seat": seat, key: move, "reason": why})


class RecordError(SpadesError):
    """A hand record or score sheet that cannot be replayed.

    ``hand`` is the 1-based hand number (or ``None``), ``step`` says where: ``"rules"``, ``"dealer"``,
    ``"deal"``, ``"bid 2"`` or ``"card 17"``.  ``code`` and ``params`` describe the problem itself; a
    located error's :meth:`to_json` wraps them (``in_hand``, ``in_step``, ``in_hand_step``).
    """

    codes: ClassVar[Mapping[str, tuple[str, ...]]] = {
        "in_hand": ("hand", "problem"),
        "in_step": ("step", "problem"),
        "in_hand_step": ("hand", "step", "problem"),
        "step_rules": (),
        "step_dealer": (),
        "step_deal": (),
        "step_bid": ("n",),
        "step_card": ("n",),
    }
    """Where a located error is: the hand, the step (``step_`` + the step's word), both."""

    def __init__(
        self,
        message: str,
        hand: int | None = None,
        step: str | None = None,
        code: str | None = None,
        params: Mapping[str, Any] | None = None,
    ) -> None:
        self.hand = hand
        self.step = step
        where = []
        if hand is not None:
            where.append(f"hand {hand}")
        if step:
            where.append(step)
        super().__init__(f"{', '.join(where)}: {message}" if where else message, code, params)

    @classmethod
    def located(cls, error: SpadesError, hand: int | None = None, step: str | None = None) -> RecordError:
        """``error`` (from parsing a card, a bid, the rules...) found at ``hand`` and ``step``."""
        inner = error.to_json()
        return cls(str(error), hand, step, inner["code"], inner["params"])

    def to_json(self) -> dict[str, Any]:
        """``{"code", "params"}``; with a hand or step: ``in_hand``, ``in_step`` or ``in_hand_step`` around it."""
        problem = super().to_json()
        if self.hand is None and not self.step:
            return problem
        if not self.step:
            return msg("in_hand", hand=self.hand, problem=problem)
        word, _, number = self.step.partition(" ")
        step = msg("step_" + word, n=int(number)) if number.isdigit() else msg("step_" + word)
        if self.hand is None:
            return msg("in_step", step=step, problem=problem)
        return msg("in_hand_step", hand=self.hand, step=step, problem=problem)


class RatingError(SpadesError):
    """Rating input that cannot be used: a bad date, rating, outcome, name or game list (:mod:`spades.stats.rating`)."""


class FairError(SpadesError):
    """A fair deal that does not hold, or fair-deal data that cannot be read (:mod:`spades.table.fair`,
    :mod:`spades.table.blind`).  ``seat`` names the device (its seat) that sent what does not hold.
    """

    codes: ClassVar[Mapping[str, tuple[str, ...]]] = {
        "fair_value": ("seat", "field", "value"),
        "fair_commit_mismatch": ("seat",),
        "fair_no_reveal": ("seats",),
        "fair_deal_mismatch": ("seed",),
        "fair_deal_differs": (),
        "fair_not_in_group": ("seat",),
        "fair_bad_shuffle": ("seat",),
        "fair_bad_lock": ("seat",),
        "fair_bad_keys": ("seat", "to"),
        "fair_forged_card": ("seat", "card"),
        "fair_renege": ("seat", "card", "n"),
        "fair_unexpected": ("seat", "value"),
        "fair_play_mismatch": ("n",),
        "fair_part": ("value",),
        "fair_old_group": (),
        "fair_no_group": (),
        "fair_none": (),
    }
    """What does not hold (a secret, a shuffle, a card's keys, a play) and who sent it; what cannot be read."""

    def __init__(self, message: str, code: str | None = None, params: Mapping[str, Any] | None = None) -> None:
        super().__init__(message, code, params)
        seat = self.params.get("seat")
        self.seat: str | None = seat if isinstance(seat, str) else None
