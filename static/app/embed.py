"""Embed mode (``?embed=1``) and the ``postMessage`` API for the host page (docs/embedding.md).

Messages are accepted only from the frame's parent window; with ``?origin=`` only from that origin, otherwise
the origin of the first valid message is kept and later messages from any other origin are ignored. Every
message whose ``type`` starts with ``spades:`` is checked strictly; a bad one is answered with
``{"type": "spades:error", "code", "message", "params", "ref"}`` (never a crash), a message of another
library (an object whose ``type`` does not start with ``spades:``) is ignored.

Requests that come before this module listens are answered ``embed_not_ready`` by boot.js (which hands over
the origin it kept). The page posts ``spades:ready`` (to ``?origin=``, else to any origin: it carries no data)
and, once the host's origin is known, ``spades:shown``, ``spades:lesson-started``, ``spades:hand-end``,
``spades:game-end``, ``spades:lesson-end`` and ``spades:error`` to that origin only (never ``"*"``).
"""

import json

import js
from codes import BORROWED, CODES
from dom import parse_params
from i18n import error_text
from pyscript.ffi import create_proxy
from tasks import spawn
from transport import EngineError

VERSION = 1
REQUESTS = {  # type -> {field: (kind, required)}
    "spades:show": {"deal": ("text", False), "position": ("object", False), "ref": ("text", False)},
    "spades:lesson": {"id": ("text", True), "ref": ("text", False)},
}
POSITION = {"deal": ("text", True), "bids": ("list", False), "play": ("list", False)}
TEXT_LIMIT = 200
MESSAGE_LIMIT = 20_000  # characters of a message as JSON: anything longer is refused unread (embed_not_object)
LIST_LIMIT = 60
KINDS = {"text": "type_text", "object": "type_object", "list": "type_list"}

_framed = js.Function.new("return window.parent !== window")
_from_parent = js.Function.new("event", "return event.source === window.parent && window.parent !== window")
_to_json = js.Function.new(
    "value", "try { const t = JSON.stringify(value); return t === undefined ? null : t } catch { return null }"
)


def active(params=None):
    """Whether this page runs in embed mode (``?embed=1``)."""
    value = (params or parse_params(js.location.search)).get("embed")
    return value in ("1", "true", "yes")


class Refusal(Exception):
    """A request refused: ``code`` one of the page's own or borrowed (codes.py), ``message`` the English line."""

    def __init__(self, code, message, params=None):
        if code not in CODES and code not in BORROWED:
            raise ValueError("not a page error code: " + repr(code)[:40])
        super().__init__(message)
        self.code = code
        self.params = params or {}


def _kind_ok(value, kind):
    if kind == "text":
        return isinstance(value, str) and 0 < len(value) <= TEXT_LIMIT
    if kind == "object":
        return isinstance(value, dict)
    return isinstance(value, list) and len(value) <= LIST_LIMIT


def _check_fields(data, spec, where):
    for key in data:
        if key != "type" and key not in spec:
            raise Refusal("unknown_key", "unknown field " + repr(key)[:60], {"key": repr(key)[:60]})
    for key, (kind, required) in spec.items():
        if key not in data or data[key] is None:
            if required:
                raise Refusal("embed_bad_field", "missing field " + where + key, _field(where + key, kind))
            continue
        if not _kind_ok(data[key], kind):
            raise Refusal("embed_bad_field", "bad field " + where + key, _field(where + key, kind))


def _field(name, kind):
    expected = {"code": KINDS[kind], "params": {}}
    if kind == "text":
        expected = {"code": "type_text_len", "params": {"limit": TEXT_LIMIT}}
    elif kind == "list":
        expected = {"code": "type_list", "params": {}}
    return {"field": name, "expected": expected}


def check(data):
    """The request ``data`` (parsed JSON) if valid; ``None`` if it is not for us; raises :class:`Refusal`."""
    if not isinstance(data, dict) or not isinstance(data.get("type"), str):
        raise Refusal("embed_not_object", "a message must be an object with a text 'type'")
    kind = data["type"]
    if not kind.startswith("spades:"):
        return None
    spec = REQUESTS.get(kind)
    if spec is None:
        raise Refusal("embed_unknown_type", "unknown message type " + repr(kind)[:60], {"value": repr(kind)[:60]})
    _check_fields(data, spec, "")
    if kind == "spades:show":
        if (data.get("deal") is None) == (data.get("position") is None):
            raise Refusal("embed_bad_field", "give exactly one of 'deal' and 'position'", _field("deal", "text"))
        if data.get("position") is not None:
            _check_fields(data["position"], POSITION, "position.")
    return data


class Embed:
    """The postMessage API of one page (see the module docstring). It is given what it uses: ``params`` (the
    address's), ``games`` (the controller's App: ``state`` on show, ``game`` its seed, ``after_state()``),
    ``await open_deal(args)`` (share.py ``open_args``: a deal or position as a new course, its answer; raises
    ``EngineError``), ``await lesson_ids()`` (every lesson's id) and ``await start_lesson(id)`` (``True``: it
    started)."""

    def __init__(self, params, games, open_deal, lesson_ids, start_lesson):
        self.params = params
        self.games = games
        self.open_deal = open_deal
        self.lesson_ids = lesson_ids
        self.start_lesson = start_lesson
        self.on = active(self.params)
        wanted = self.params.get("origin")
        self.origin = wanted if wanted and wanted != "*" else None
        self.fixed = self.origin is not None
        self.sent = set()  # keys of hand-end and game-end events already posted

    def listen(self):
        """Answer the host page from now on (boot.js answered ``embed_not_ready`` until now; the origin it kept
        is this page's too)."""
        if self.on:
            js.document.documentElement.setAttribute("data-embed", "1")
        js.window.addEventListener("message", create_proxy(self.on_message))
        hand_over = getattr(js.window.spades, "embedHandOver", None)
        kept = str(hand_over()) if hand_over is not None else ""
        if self.origin is None and kept:
            self.origin = kept

    def post(self, message, ready=False):
        """Post ``message`` to the host page: to its known origin, or (``spades:ready`` only) to any."""
        if not _framed() or (self.origin is None and not ready):
            return
        try:
            js.window.parent.postMessage(js.JSON.parse(json.dumps(message)), self.origin or "*")
        except Exception as error:
            js.console.info("spades embed: not posted:", str(error))

    def ready(self):
        if self.on:
            self.post({"type": "spades:ready", "version": VERSION}, ready=True)

    def on_message(self, event):
        if not _from_parent(event):
            return
        origin = str(event.origin)
        if self.origin is not None and origin != self.origin:
            return
        text = _to_json(event.data)
        try:
            data = json.loads(str(text)) if text is not None and len(str(text)) <= MESSAGE_LIMIT else None
        except Exception:  # nested too deeply for this interpreter
            data = None
        ref = data.get("ref") if isinstance(data, dict) and isinstance(data.get("ref"), str) else None
        try:
            request = check(data)
        except Refusal as refusal:
            self.pin(origin)
            self.refuse(refusal.code, str(refusal), refusal.params, ref)
            return
        if request is None:
            return
        self.pin(origin)
        spawn(self.carry_out(request))

    def pin(self, origin):
        if self.origin is None and origin not in ("null", ""):
            self.origin = origin

    def refuse(self, code, message, params=None, ref=None):
        out = {"type": "spades:error", "code": code, "params": params or {}, "message": message}
        out["text"] = error_text({"code": code, "params": params or {}, "error": message})
        if ref is not None:
            out["ref"] = ref
        self.post(out)

    async def carry_out(self, request):
        ref = request.get("ref")
        if self.games.state is None:
            self.refuse("embed_not_ready", "the game is still starting", {}, ref)
            return
        kind = request["type"]
        try:
            if kind == "spades:show":
                await self.show(request, ref)
            else:
                await self.lesson(request, ref)
        except EngineError as error:
            self.refuse(error.code or "invalid", str(error), error.params, ref)

    async def show(self, request, ref):
        position = request.get("position")
        if position is not None:
            args = {"code": position["deal"], "bids": position.get("bids") or [], "play": position.get("play") or []}
        else:
            args = {"code": request["deal"]}
        result = await self.open_deal(args)
        self.sent = set()
        phase = self.games.state["phase"]
        out = {"type": "spades:shown", "deal": result["code"], "seat": result["seat"], "phase": phase}
        if ref is not None:
            out["ref"] = ref
        self.post(out)
        self.games.after_state()

    async def lesson(self, request, ref):
        lesson_id = request["id"]
        if lesson_id not in await self.lesson_ids() or not await self.start_lesson(lesson_id):
            value = repr(lesson_id)[:60]
            self.refuse("embed_lesson_unknown", "no lesson " + value, {"value": value}, ref)
            return
        out = {"type": "spades:lesson-started", "id": lesson_id}
        if ref is not None:
            out["ref"] = ref
        self.post(out)

    def hand_over(self, state):
        """Tell the host that a hand (and maybe the game) ended: once each."""
        if not self.on:
            return
        count = state.get("hands_scored") or 0
        last = state.get("last_result")
        if not count or not last:
            return
        key = (str(self.games.game), count)
        if key not in self.sent:
            self.sent.add(key)
            self.post({
                "type": "spades:hand-end", "hand": count, "us": state["us"], "points": last.get("points"),
                "totals": state["totals"], "bids": last.get("bids"), "tricks": last.get("tricks"),
            })  # fmt: skip
        if state["phase"] == "game-over" and (key, "game") not in self.sent:
            self.sent.add((key, "game"))
            self.post({"type": "spades:game-end", "winner": state.get("winner"), "us": state["us"],
                       "totals": state["totals"], "hands": count})  # fmt: skip

    def lesson_end(self, lesson_id, passed=True):
        """For the tutorial: a lesson ended (``passed``: the person finished it)."""
        self.post({"type": "spades:lesson-end", "id": lesson_id, "passed": bool(passed)})
