"""Transport to the engine worker: ``window.spades.engine.request(op, argsJson)`` (static/engine.js).

Every operation names the table (``"main"``: this page plays one game); the worker answers JSON text,
or ``{"error", "kind", "code", "params"}`` when it refuses, which becomes :class:`EngineError`. See docs/table.md.
"""

import json

import js

TABLE = "main"
GLOBAL_OPS = ("ping", "rules")  # operations about no table


class EngineError(Exception):
    """The worker refused an operation (``{"error", "kind", "code", "params"}``), or the worker itself failed.

    ``str(error)`` is the English message; ``code`` and ``params`` (``None`` and ``{}`` when the worker failed, or
    is older) are what ``i18n.error_text`` words in the person's language.
    """

    def __init__(self, message, code=None, params=None):
        super().__init__(message)
        self.code = code
        self.params = params if isinstance(params, dict) else {}


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
        raise EngineError(str(result["error"]), result.get("code"), result.get("params"))
    return result
