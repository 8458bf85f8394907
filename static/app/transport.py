"""Transport to the engine worker: ``window.spades.engine.request(op, argsJson)`` (static/engine.js).

Every operation names the table (``"main"``: this page plays one game); the worker answers JSON text,
or ``{"error", "kind"}`` when it refuses, which becomes :class:`EngineError`. See docs/table.md.
"""

import json

import js

TABLE = "main"
GLOBAL_OPS = ("ping", "rules")  # operations about no table


class EngineError(Exception):
    """The worker refused an operation (``{"error", "kind"}``), or the worker itself failed."""


async def call(op, args=None):
    """``op`` with ``args`` (a dict) on this page's table; the worker's answer as a dict."""
    args = dict(args or {})
    if op not in GLOBAL_OPS and "table" not in args:
        args["table"] = TABLE
    try:
        text = await js.window.spades.engine.request(op, json.dumps(args))
        result = json.loads(str(text))
    except Exception as error:  # the worker failed (not a refusal): report it the same way
        raise EngineError(str(error)) from None
    if isinstance(result, dict) and "error" in result and "kind" in result:
        raise EngineError(str(result["error"]))
    return result
