"""The engine's errors: one small family, all :class:`ValueError`.

* :class:`ParseError` — text that does not name a card, seat, bid or rule.
* :class:`RulesError` — a rules object with an unknown key or a bad value.
* :class:`IllegalMoveError` — a bid or card the rules forbid; it names the
  seat, the move and the reason.
* :class:`RecordError` — a hand record or score sheet that cannot be replayed;
  it names the hand and the step.
* :class:`RatingError` — rating input (a game list, an entry, a date, a
  rating) that cannot be used; it names the game or field.

Every error has two faces.  ``str(error)`` is one English line for the command
line, the bot protocol and logs.  ``error.code`` and ``error.params`` say the
same for people, in any language: the page words them with the catalog entry
``err_<code>`` of ``spades/i18n/messages.json``, filling its ``{placeholders}``
from the parameters (:data:`CODES` lists every code with its parameters; a test
checks the catalog against it).  Parameters are JSON values, shown by name:

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

CODES: dict[str, tuple[str, ...]] = {
    # generic
    "invalid": (),
    "internal": (),
    "at_field": ("field", "problem"),
    "is_not": ("expected", "value"),
    "unknown_key": ("key",),
    "missing_key": ("key",),
    # what a value should be (``expected``)
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
    # found by the page itself, before the engine sees anything
    "not_json": (),
    # JSON text (spades.jsontext)
    "json_not_utf8": ("offset",),
    "json_not_text": (),
    "json_syntax": ("line", "column"),
    "json_constant": ("value",),
    "json_big_number": ("value",),
    "json_digits": (),
    "json_too_deep": ("depth",),
    # cards, seats, bids, deals (spades.cards, spades.scoring, spades.game)
    "card_not_text": ("value",),
    "not_card": ("value",),
    "not_team": ("value",),
    "not_seat": ("value",),
    "not_bid": ("value",),
    "seed_not_int": ("value",),
    "move_not_int": ("value",),
    "illegal_bid": ("seat", "bid", "reason"),
    "illegal_play": ("seat", "card", "reason"),
    "next_hand_phase": ("phase",),
    "nothing_to_undo": (),
    "deal_not_object": (),
    "deal_seat_twice": ("seat",),
    "deal_cards_not_list": ("seat", "value"),
    "deal_count": ("seat", "count"),
    "card_not_in_deck": ("card",),
    "card_dealt_twice": ("card",),
    "deal_missing": ("seats",),
    # rules (spades.rules)
    "rules_not_object": ("value",),
    "rule_unknown": ("value",),
    "preset_unknown": ("value",),
    "rule_type": ("rule", "expected", "value"),
    "rule_range": ("rule", "low", "high", "value"),
    "rule_positive": ("rule", "value"),
    "rule_choice": ("rule", "value"),
    "mercy_above_target": ("mercy", "target"),
    "suicide_needs_nil": (),
    # hand records (spades.formats.record): located errors name the hand and the step
    "in_hand": ("hand", "problem"),
    "in_step": ("step", "problem"),
    "in_hand_step": ("hand", "step", "problem"),
    "step_rules": (),
    "step_dealer": (),
    "step_deal": (),
    "step_bid": ("n",),
    "step_card": ("n",),
    "record_not_object": ("value",),
    "record_format": ("value",),
    "record_seed": ("value",),
    "record_no_hands": (),
    "hand_not_object": ("value",),
    "previous_hand_incomplete": (),
    "game_already_over": (),
    "dealer_order": ("seat", "dealer"),
    "bids_play_not_lists": (),
    "bid_type": ("value",),
    "too_many_bids": ("count",),
    "cards_before_bidding": (),
    "too_many_cards": ("count",),
    "no_deal": (),
    "deal_cards_not_texts": ("key", "value"),
    # the table (spades.table): occupants, policies, intents, saves
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
    # finished hands (spades.formats.scoresheet)
    "hand_number": ("value",),
    "no_such_hand": ("number", "count"),
    "hand_not_over": ("number", "done"),
    # post-hand review jobs (spades.learn.analysis, worker ops review_*)
    "rev_no_job": ("job",),
    # the profile (spades.stats.profile); its field errors are ``at_field``
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
    # an online room (spades.table.room): refusals a player sees
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
    # a guest at an online table (spades.table.guest): the host's messages and the lobby's listings it drops
    "host_message": ("type", "field"),
    "host_message_type": ("value",),
    "lobby_listing": ("field",),
    # the worker (spades.worker): the page's calls
    "unknown_op": ("value",),
    "args_not_text": (),
    "args_too_long": ("length", "limit"),
    "args_too_deep": (),
    "args_not_json": (),
    "args_not_object": (),
    "table_name": (),
    "no_table": ("name",),
    "no_room": ("name",),
    "too_many_tables": ("limit",),
    "seed_range": ("value",),
    "lang_unknown": ("value",),
    "bad_time": ("value",),
    "peer_id": (),
    "rating_range": ("high", "value"),
    "disconnects_range": ("value",),
    "bad_rtt": ("value",),
    "arg_missing": ("key",),
    "profile_kind": ("value",),
    "table_or_state": (),
    # deal links and the daily deal (spades.formats.dealcode)
    "deal_code_text": ("value",),
    "deal_code_chars": ("value",),
    "deal_code_length": ("length",),
    "deal_code_version": ("version",),
    "deal_code_checksum": (),
    "deal_code_cards": ("seat", "count"),
    "deal_code_preset": ("value",),
    "deal_code_rules": ("problem",),
    "deal_daily_date": ("value",),
    "deal_duplicate_unfinished": (),
    # the page's postMessage API (static/app/embed.py, docs/embedding.md): refusals sent to the host page
    "embed_not_object": (),
    "embed_unknown_type": ("value",),
    "embed_bad_field": ("field", "expected"),
    "embed_no_lessons": (),
    "embed_lesson_unknown": ("value",),
    "embed_not_ready": (),
    # lessons (spades.learn.tutorial): lesson files and the worker's lesson_* calls
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
"""Every error code and its parameters (the catalog's ``err_<code>`` has exactly these placeholders)."""


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

    def __init__(self, message: str, code: str | None = None, params: Mapping[str, Any] | None = None) -> None:
        super().__init__(message)
        self.code: str = code or self.default_code
        self.params: dict[str, Any] = dict(params or {})

    def to_json(self) -> dict[str, Any]:
        """``{"code", "params"}``: the error as the page translates it."""
        return {"code": self.code, "params": dict(self.params)}


class ParseError(SpadesError):
    """Text that does not name a card, seat, team or bid."""


class RulesError(SpadesError):
    """An unknown rules key or an out-of-range value."""


class IllegalMoveError(SpadesError):
    """A move the rules forbid.

    ``seat`` and ``move`` are the offending seat and move as text (``"S"``,
    ``"QH"``, ``"nil"``); ``reason`` is a :class:`spades.game.Reason` whose
    ``code`` the page translates.  The code is ``illegal_bid`` or ``illegal_play``.
    """

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
