"""Command line: ``python -m spades replay FILE``, ``python -m spades score FILE``,
``python -m spades ratings FILE [--today YYYY-MM-DD]``, ``python -m spades verify FILE``, and the bots'
``python -m spades arena`` and ``python -m spades bot`` (see :mod:`spades.bots.arena`).

``replay`` checks a hand record (``docs/hand-record.md``) and prints each
hand's tricks, points, bags and totals as JSON; ``score`` is the score pad for
games played with real cards (see :mod:`spades.formats.scorepad`); ``ratings``
replays a list of rated games and prints every player's rating on ``--today``
(default: today in UTC) and each game's changes (see :mod:`spades.stats.rating` and
``docs/ratings.md``); ``verify`` checks the fair deals a record carries (``docs/fair-play.md``) and prints one
line saying what was checked and whether it holds (status 1 when it does not).  ``-`` reads standard input.
Bad input exits with status 1 and one line naming the hand, the step and the reason.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from datetime import UTC, datetime
from typing import Any, NoReturn

from .bots import arena
from .errors import ParseError, RecordError, SpadesError
from .formats.record import from_record
from .formats.scorepad import score_sheet, summary
from .jsontext import load_json
from .stats import rating
from .table.verify import verify_record

MAX_INPUT = 32 * 1024 * 1024
"""The largest file (or standard input) ``replay``, ``score`` and ``ratings`` read, in bytes."""
MAX_ERROR = 300
"""An error line is cut to this many characters."""


class _Parser(argparse.ArgumentParser):
    """argparse, but a usage error is a :class:`~spades.errors.ParseError` (one line, status 1), not exit 2."""

    def error(self, message: str) -> NoReturn:
        raise ParseError(f"{self.prog}: {message} (see --help)")


def _read_bytes(path: str) -> bytes | str:
    name = "standard input" if path == "-" else repr(path)
    try:
        if path == "-":
            if sys.stdin is None:
                raise RecordError("there is no standard input")
            stream = getattr(sys.stdin, "buffer", None)
            data: bytes | str = stream.read(MAX_INPUT + 1) if stream is not None else sys.stdin.read(MAX_INPUT + 1)
        else:
            with open(path, "rb") as file:
                data = file.read(MAX_INPUT + 1)
    except OSError as error:
        raise RecordError(f"cannot read {name}: {error.strerror or error}") from None
    except ValueError:  # a name with a NUL byte, or text standard input that is not UTF-8
        raise RecordError(f"cannot read {name}: not a usable file name or not UTF-8 text") from None
    if len(data) > MAX_INPUT:
        raise RecordError(f"{name} is larger than {MAX_INPUT // (1024 * 1024)} MB")
    return data


def _read_json(path: str) -> Any:
    return load_json(_read_bytes(path), "standard input" if path == "-" else path)


def replay(path: str) -> dict[str, Any]:
    """Replay the hand record in ``path`` and return its summary."""
    game = from_record(_read_json(path))
    return summary(game.results, game.winner)


def score(path: str) -> dict[str, Any]:
    """Score the sheet in ``path``."""
    return score_sheet(_read_json(path))


def ratings(path: str, today: str | None = None) -> dict[str, Any]:
    """Replay the rated games in ``path`` up to ``today`` (``YYYY-MM-DD``; default today in UTC)."""
    day = today if today is not None else datetime.now(UTC).date().isoformat()
    return rating.replay(_read_json(path), day)


def one_line(message: str, limit: int = MAX_ERROR) -> str:
    """``message`` on one line of at most ``limit`` characters (longer ones end with ``…``)."""
    text = " ".join(message.split())
    return text if len(text) <= limit else text[: limit - 1] + "…"


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; return the exit status (0 done, 1 bad input or a failing bot; ``--help``: 0).

    Every failure is one line on standard error starting ``error:``, never a traceback.
    """
    parser = _Parser(prog="python -m spades", description="Spades (黑桃王) tools.")
    commands = parser.add_subparsers(dest="command", required=True)
    commands.add_parser("replay", help="check a hand record and print the score of each hand").add_argument("file")
    commands.add_parser("score", help="score pad for games played with real cards").add_argument("file")
    rated = commands.add_parser("ratings", help="replay rated games and print everyone's rating (点力)")
    rated.add_argument("file")
    rated.add_argument("--today", help="the day to compute ratings for, YYYY-MM-DD (default: today, UTC)")
    commands.add_parser("verify", help="check the fair deals of a hand record (docs/fair-play.md)").add_argument("file")
    arena.register(commands)
    try:
        args = parser.parse_args(argv)
        if args.command in ("arena", "bot"):
            return arena.run_command(args)
        if args.command == "verify":
            verdict = verify_record(_read_json(args.file))
            print(one_line(verdict.line))
            return 0 if verdict.ok else 1
        if args.command == "ratings":
            result = ratings(args.file, args.today)
        else:
            result = replay(args.file) if args.command == "replay" else score(args.file)
    except SystemExit as done:  # --help, --version
        return done.code if isinstance(done.code, int) else 0
    except SpadesError as error:
        print(f"error: {one_line(str(error))}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        print("error: interrupted", file=sys.stderr)
        return 130
    except Exception as error:  # a bug: still one line, but say so
        print(one_line(f"error: internal error, please report: {type(error).__name__}: {error}"), file=sys.stderr)
        return 1
    try:
        print(json.dumps(result, ensure_ascii=False))
    except OSError as error:  # e.g. a closed pipe
        print(one_line(f"error: cannot write the result: {error.strerror or error}"), file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
