"""The engine's errors: one small family, all :class:`ValueError`.

* :class:`ParseError` — text that does not name a card, seat, bid or rule.
* :class:`RulesError` — a rules object with an unknown key or a bad value.
* :class:`IllegalMoveError` — a bid or card the rules forbid; it names the
  seat, the move and the reason.
* :class:`RecordError` — a hand record or score sheet that cannot be replayed;
  it names the hand and the step.
* :class:`RatingError` — rating input (a game list, an entry, a date, a
  rating) that cannot be used; it names the game or field.
"""

from __future__ import annotations

MAX_ECHO = 60
"""At most this many characters of a bad input are quoted in an error message."""


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


class SpadesError(ValueError):
    """Base of every error the engine raises on bad input."""


class ParseError(SpadesError):
    """Text that does not name a card, seat, team or bid."""


class RulesError(SpadesError):
    """An unknown rules key or an out-of-range value."""


class IllegalMoveError(SpadesError):
    """A move the rules forbid.

    ``seat`` and ``move`` are the offending seat and move as text (``"S"``,
    ``"QH"``, ``"nil"``); ``reason`` is a :class:`spades.game.Reason` whose
    ``code`` the page translates.
    """

    def __init__(self, seat: str, move: str, reason: object, verb: str = "play") -> None:
        self.seat = seat
        self.move = move
        self.reason = reason
        super().__init__(f"{seat} cannot {verb} {move}: {reason}")


class RecordError(SpadesError):
    """A hand record or score sheet that cannot be replayed.

    ``hand`` is the 1-based hand number (or ``None``), ``step`` says where.
    """

    def __init__(self, message: str, hand: int | None = None, step: str | None = None) -> None:
        self.hand = hand
        self.step = step
        where = []
        if hand is not None:
            where.append(f"hand {hand}")
        if step:
            where.append(step)
        super().__init__(f"{', '.join(where)}: {message}" if where else message)


class RatingError(SpadesError):
    """Rating input that cannot be used: a bad date, rating, outcome, name or game list (:mod:`spades.rating`)."""
