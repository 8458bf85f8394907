"""The page's engine bridge: JSON text in, JSON text out (runs in the Pyodide worker).

The browser worker (``static/engine-worker.mjs``) calls :func:`handle` with an
operation name and its arguments as JSON text, and posts back the JSON text
it returns.  Pure Python, so the same calls are tested in CPython.

Operations (``args`` → result):

* ``new`` ``{"rules": {...}, "seed": int|null, "bots": {"N": level, ...}, "undo": bool}``
  → ``{"state": ..., "save": ...}``: a new game, the person at South.
* ``load`` ``{"save": spades-save/1}`` → ``{"state", "save"}``; a bad save raises.
* ``act`` ``{"intent": {...}}`` → ``{"state", "save"}`` (intents: :mod:`spades.session`).
* ``step`` ``{}`` → ``{"event": {...} | null, "state", "save"}``: one computer move.
* ``hint`` ``{"level": "expert", "lang": "en"}`` → ``{"bid"|"card", "hint", "text"}``.
* ``state`` ``{}`` → ``{"state", "save"}``.
* ``record`` ``{}`` → the hand record (``docs/hand-record.md``).
* ``import`` ``{"record": spades-record/1, "bots": {...}}`` → ``{"state", "save"}``.
* ``rules`` ``{"rules": {...}}`` → ``{"rules": every option, "presets": [names]}``: a preset plus
  overrides checked and completed, without touching the game (the settings form).
* ``ping`` ``{}`` → ``{"python": version, "engine": version}``.

Errors come back as ``{"error": message, "kind": class name}``; nothing changes.
"""

from __future__ import annotations

import json
import sys
from typing import Any

from . import __version__
from .cards import Seat
from .errors import SpadesError
from .record import from_record, to_record
from .rules import PRESET_NAMES, Rules
from .session import Table

_table: Table | None = None


def _bots(data: Any) -> dict[Seat, str]:
    if not isinstance(data, dict):
        return {}
    return {Seat.parse(k): v for k, v in data.items() if isinstance(v, str)}


def _current() -> Table:
    if _table is None:
        raise SpadesError("no game: start one with 'new' or 'load'")
    return _table


def _snapshot(table: Table) -> dict[str, Any]:
    return {"state": table.state(), "save": table.save()}


def _explain(hint: Any, lang: str) -> str | None:
    try:
        from .bots import explain
    except ImportError:
        return None
    return explain(hint, lang) if hint is not None else None


def call(op: str, args: dict[str, Any]) -> dict[str, Any]:
    """Carry out one operation (see the module docstring) and return its result."""
    global _table
    if op == "ping":
        return {"python": sys.version.split()[0], "engine": __version__}
    if op == "rules":
        return {"rules": Rules.from_dict(args.get("rules")).to_dict(), "presets": list(PRESET_NAMES)}
    if op == "new":
        _table = Table.new(
            args.get("rules") or {}, seed=args.get("seed"), bots=_bots(args.get("bots")), undo=args.get("undo", True)
        )
        return _snapshot(_table)
    if op == "load":
        _table = Table.load(args.get("save"))
        return _snapshot(_table)
    if op == "import":
        game = from_record(args.get("record"))  # type: ignore[arg-type]
        _table = Table(game, bots=_bots(args.get("bots")), undo=args.get("undo", True))
        return _snapshot(_table)
    table = _current()
    if op == "act":
        table.act(args.get("intent"))  # type: ignore[arg-type]
        return _snapshot(table)
    if op == "step":
        event = table.step()
        if event is not None:
            event["text"] = _explain(event.get("hint"), args.get("lang", "en"))
            event["hint"] = None if event["text"] is None else event["hint"]
        return {"event": event, **_snapshot(table)}
    if op == "hint":
        result = table.hint(args.get("level", "expert"))
        result["text"] = _explain(result.get("hint"), args.get("lang", "en"))
        return result
    if op == "state":
        return _snapshot(table)
    if op == "record":
        return to_record(table.game)
    raise SpadesError(f"unknown operation {op!r}")


def handle(op: str, args_json: str = "{}") -> str:
    """JSON-text entry point for the worker: never raises; errors come back as ``{"error", "kind"}``."""
    try:
        args = json.loads(args_json) if args_json else {}
        if not isinstance(args, dict):
            raise SpadesError("arguments must be a JSON object")
        return json.dumps(call(op, args), ensure_ascii=False, default=_plain)
    except (SpadesError, json.JSONDecodeError) as error:
        return json.dumps({"error": str(error), "kind": type(error).__name__}, ensure_ascii=False)


def _plain(value: Any) -> Any:
    """JSON for bot hint objects (dataclasses or objects with ``to_json``)."""
    if hasattr(value, "to_json"):
        return value.to_json()
    if hasattr(value, "__dataclass_fields__"):
        from dataclasses import asdict

        return asdict(value)
    return str(value)
