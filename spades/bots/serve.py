"""The bot's side of the JSON-lines bot protocol (``spades-bot/1``): :func:`serve` answers a host's messages.

The messages and their JSON are :mod:`spades.formats.protocol` (see ``docs/bot-protocol.md``); the
host's side, with its limits, is :class:`spades.bots.arena.ExternalPlayer`.  :func:`serve`
(``python -m spades bot``) answers a request it cannot read with one line ``{"error": ...}`` and reads
on.
"""

from __future__ import annotations

import io
import json
from typing import IO, Any

from ..errors import ParseError, SpadesError, brief
from ..formats.protocol import PROTOCOL, move_to_json, view_from_json
from ..i18n.catalog import explain
from ..jsontext import load_json

MAX_REQUEST = 1024 * 1024
"""The longest request line, in bytes, :func:`serve` reads (a view with 200 scored hands is under 100 KB)."""
MAX_ERROR = 300
"""An ``{"error": ...}`` answer's message is cut to this many characters."""

_TOO_LONG = object()


def _read_request(stdin: IO[Any]) -> Any:
    """The next line of ``stdin`` (text or bytes); ``None`` at the end; ``_TOO_LONG`` (the line is skipped)."""
    line = stdin.readline(MAX_REQUEST + 1)
    if not line:
        return None
    newline = b"\n" if isinstance(line, bytes) else "\n"
    if len(line) > MAX_REQUEST and not line.endswith(newline):
        while line and not line.endswith(newline):  # skip the rest of the line
            line = stdin.readline(MAX_REQUEST)
        return _TOO_LONG
    return line


def _error_answer(message: str) -> dict[str, str]:
    text = " ".join(message.split())
    return {"error": text if len(text) <= MAX_ERROR else text[: MAX_ERROR - 1] + "…"}


def serve(bot: Any, stdin: IO[Any], stdout: IO[Any], name: str = "spades") -> int:
    """Answer protocol messages from ``stdin`` on ``stdout`` with ``bot.decide`` until ``quit`` or end of input.

    ``stdin`` and ``stdout`` may be text or binary streams (binary: UTF-8 is
    checked here, line by line).  Each answer carries the move and the English
    explanation.  A request that cannot be answered (not UTF-8, not JSON,
    nested too deeply, longer than :data:`MAX_REQUEST` bytes, not an object, a
    malformed view) is answered with one line ``{"error": "..."}`` of at most
    :data:`MAX_ERROR` characters, and the bot reads on.  Returns the exit status.
    """

    binary = not isinstance(stdout, io.TextIOBase)
    while True:
        try:
            line = _read_request(stdin)
        except UnicodeDecodeError:  # a text stream that is not UTF-8: its decoder cannot resynchronise
            line = None
            answer: dict[str, Any] | None = _error_answer("the request is not UTF-8 text")
        else:
            if line is None:
                return 0
            answer = None
        if line is _TOO_LONG:
            answer = _error_answer(f"the request is longer than {MAX_REQUEST // 1024} KB")
        elif line is not None and line.strip():
            try:
                message = load_json(line, "the request")
                if not isinstance(message, dict):
                    raise ParseError(f"a request must be a JSON object, got {brief(message)}")
                kind = message.get("type")
                if kind == "quit":
                    return 0
                if kind == "hello":
                    answer = {"type": "ready", "name": name, "protocol": PROTOCOL}
                elif kind == "move":
                    view = view_from_json(message.get("view"))
                    decision = bot.decide(view)
                    answer = {
                        "move": move_to_json(view.phase, decision.move),
                        "explanation": explain(decision.explanation, "en"),
                    }
            except SpadesError as error:
                answer = _error_answer(str(error))
            except Exception as error:  # the bot failed on a view it was given: say so, and read on
                answer = _error_answer(f"cannot answer: {type(error).__name__}: {brief(str(error), 120)}")
        if answer is not None:
            text = json.dumps(answer, ensure_ascii=False) + "\n"
            try:
                stdout.write(text.encode("utf-8") if binary else text)
                stdout.flush()
            except OSError:  # the host has gone
                return 1
        if line is None:  # after an undecodable text stream
            return 1
