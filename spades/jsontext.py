"""Untrusted JSON text at the boundaries: files and standard input of the command line, bot protocol lines,
``--rules``.

:func:`load_json` turns any bytes or text into plain JSON values or one short
:class:`~spades.errors.ParseError`: invalid UTF-8, malformed JSON, ``NaN`` and
``Infinity`` (not JSON), integers beyond Python's digit limit, and nesting
deeper than :data:`MAX_DEPTH` (no record, sheet, view or message needs more
than a handful of levels; deep nesting would otherwise surface later as a
``RecursionError``) are all refused.

>>> load_json(b'{"a": [1, "x"]}', "input")
{'a': [1, 'x']}
>>> load_json("[" * 3000, "input")
Traceback (most recent call last):
...
spades.errors.ParseError: input is nested too deeply (more than 32 levels)
"""

from __future__ import annotations

import json
import re
from typing import Any

from .errors import ParseError, brief, register

ERROR_CODES = register(
    __name__,
    {
        "json_not_utf8": ("offset",),
        "json_not_text": (),
        "json_syntax": ("line", "column"),
        "json_constant": ("value",),
        "json_big_number": ("value",),
        "json_digits": (),
        "json_too_deep": ("depth",),
    },
)
"""JSON text that cannot be read (registered in :data:`spades.errors.CODES`)."""

MAX_DEPTH = 32
"""The deepest nesting of arrays and objects accepted."""


def _constant(name: str) -> Any:
    raise ParseError(f"{name} is not a JSON number", "json_constant", {"value": name})


def _float(text: str) -> float:
    value = float(text)
    if value in (float("inf"), float("-inf")):
        raise ParseError(f"{brief(text, 20)} is too large a number", "json_big_number", {"value": brief(text, 20)})
    return value


def _decode(data: bytes, what: str) -> str:
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        raise ParseError(
            f"{what} is not UTF-8 text (bad byte at offset {error.start})", "json_not_utf8", {"offset": error.start}
        ) from None


def _too_deep(value: Any) -> bool:
    """Whether ``value`` nests deeper than :data:`MAX_DEPTH` (checked without recursion)."""
    stack = [(value, 1)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, dict):
            children: Any = item.values()
        elif isinstance(item, list):
            children = item
        else:
            continue
        if depth > MAX_DEPTH:
            return True
        stack.extend((child, depth + 1) for child in children if isinstance(child, (dict, list)))
    return False


_TOKENS = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"|[\[\]{}]')
"""A JSON string (skipped whole, escapes and all) or one bracket."""


def nests_deeper(text: str, limit: int = MAX_DEPTH) -> bool:
    """Whether JSON ``text`` nests arrays and objects deeper than ``limit``, read before it is parsed.

    A parser meets deep nesting by recursion: CPython raises ``RecursionError``, but Pyodide's stack (the
    browser's worker) is exhausted near 7000 levels and the whole interpreter stops.  So the text is measured
    first: brackets inside strings do not count; text with no more opening brackets than ``limit`` is not scanned.

    >>> nests_deeper('[[1], {"a": "[[[["}]', 2), nests_deeper("[[[]]]", 2)
    (False, True)
    """
    if text.count("[") + text.count("{") <= limit:
        return False
    depth = 0
    for match in _TOKENS.finditer(text):
        token = match.group()
        if token in ("[", "{"):
            depth += 1
            if depth > limit:
                return True
        elif token in ("]", "}"):
            depth -= 1
    return False


def _too_deep_error(what: str) -> ParseError:
    return ParseError(
        f"{what} is nested too deeply (more than {MAX_DEPTH} levels)", "json_too_deep", {"depth": MAX_DEPTH}
    )


def load_json(data: str | bytes, what: str = "input") -> Any:
    """Parse ``data`` (UTF-8 bytes or text) as JSON; raise :class:`~spades.errors.ParseError` naming ``what``.

    The error is one line of at most a few hundred characters whatever the input.
    """
    text = _decode(bytes(data), what) if isinstance(data, (bytes, bytearray, memoryview)) else data
    if not isinstance(text, str):
        raise ParseError(f"{what} must be text, got {type(text).__name__}", "json_not_text")
    if text.startswith("\ufeff"):
        text = text[1:]
    if nests_deeper(text):
        raise _too_deep_error(what)
    try:
        value = json.loads(text, parse_constant=_constant, parse_float=_float)
    except ParseError as error:
        raise ParseError(f"{what} is not JSON: {error}", error.code, error.params) from None
    except json.JSONDecodeError as error:
        raise ParseError(
            f"{what} is not JSON: {error.msg} at line {error.lineno} column {error.colno}",
            "json_syntax",
            {"line": error.lineno, "column": error.colno},
        ) from None
    except RecursionError:
        raise _too_deep_error(what) from None
    except ValueError:  # an integer beyond Python's digit limit
        raise ParseError(f"{what} has a number with too many digits", "json_digits") from None
    if _too_deep(value):
        raise _too_deep_error(what)
    return value
