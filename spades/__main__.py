"""Command line: ``python -m spades replay FILE``, ``python -m spades score FILE``, and the bots'
``python -m spades arena`` and ``python -m spades bot`` (see :mod:`spades.arena`).

``replay`` checks a hand record (``docs/hand-record.md``) and prints each
hand's tricks, points, bags and totals as JSON; ``score`` is the score pad for
games played with real cards (see :mod:`spades.scorepad`).  ``-`` reads
standard input.  Bad input exits with status 1 and one line naming the hand,
the step and the reason.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from typing import Any

from . import arena
from .errors import RecordError, SpadesError
from .record import from_record
from .scorepad import score_sheet, summary


def _read_json(path: str) -> Any:
    try:
        text = sys.stdin.read() if path == "-" else open(path, encoding="utf-8").read()
    except OSError as error:
        raise RecordError(f"cannot read {path}: {error.strerror}") from None
    try:
        return json.loads(text)
    except json.JSONDecodeError as error:
        raise RecordError(f"{path} is not JSON: {error}") from None


def replay(path: str) -> dict[str, Any]:
    """Replay the hand record in ``path`` and return its summary."""
    game = from_record(_read_json(path))
    return summary(game.results, game.winner, tricks=True)


def score(path: str) -> dict[str, Any]:
    """Score the sheet in ``path``."""
    return score_sheet(_read_json(path))


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; return the exit status."""
    parser = argparse.ArgumentParser(prog="python -m spades", description="Spades (黑桃王) tools.")
    commands = parser.add_subparsers(dest="command", required=True)
    commands.add_parser("replay", help="check a hand record and print the score of each hand").add_argument("file")
    commands.add_parser("score", help="score pad for games played with real cards").add_argument("file")
    arena.register(commands)
    args = parser.parse_args(argv)
    try:
        if args.command in ("arena", "bot"):
            return arena.run_command(args)
        result = replay(args.file) if args.command == "replay" else score(args.file)
    except SpadesError as error:
        print(f"error: {error}", file=sys.stderr)
        return 1
    print(json.dumps(result, ensure_ascii=False))
    return 0


if __name__ == "__main__":
    sys.exit(main())
