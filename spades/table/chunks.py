"""Chunks: a large JSON object sent as a run of small messages, and put together again.

A host-blind hand's shuffle is about 27 kB of JSON and a lock block about 7 kB, but a guest's message to the host
may be at most :data:`GUEST_LIMIT` bytes (the room's ``MESSAGE_LIMIT``), and the host's to a guest at most the
transport's 64 KB (``static/online/net.mjs``; the relay keeps to :data:`HOST_LIMIT`).  :func:`split` cuts the
object's JSON text into parts, each one message of type ``"blind"`` whose whole JSON text (``ensure_ascii=False``,
UTF-8) stays within the limit::

    {"t": "blind", "id": 7, "part": 0, "of": 3, "data": "{\\"type\\": \\"shuffle\\", …"}
    {"t": "blind", "from": "N", "id": 7, "part": 0, "of": 3, "data": …}     (relayed by the host: who sent it)

The rules a :class:`Joiner` keeps (one joiner for each sender, over one ordered, reliable channel):

* ``id`` counts a sender's objects, ``1, 2, 3, …``, each once: a chunk of an older object, or an id skipped, is
  refused; ``part`` counts ``0 … of − 1`` in order; ``of`` is at most :data:`MAX_PARTS` and stays the same for
  every part of an object; the joined text is at most :data:`MAX_BYTES` bytes and must be a JSON object;
* a refused chunk raises :class:`ChunkError` (code ``blind_chunk``, one line saying why) and abandons the object
  in progress; the joiner then waits for the first part of any later id.

>>> parts = split({"type": "hello", "dh": "ab" * 3000}, 1, GUEST_LIMIT)
>>> len(parts), all(size(p) <= GUEST_LIMIT for p in parts)
(2, True)
>>> joiner = Joiner()
>>> [joiner.add(p) for p in parts][-1]["type"]
'hello'
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from ..errors import SpadesError, brief, register

ERROR_CODES = register(__name__, {"blind_chunk": ("why",)})
"""A chunk that cannot be taken (registered in :data:`spades.errors.CODES`)."""

CHUNK_TYPE = "blind"
GUEST_LIMIT = 4096
"""Largest chunk a guest sends the host, in bytes of its JSON text: the room's ``MESSAGE_LIMIT``."""
HOST_LIMIT = 32_768
"""Largest chunk the host relays to a guest: half the transport's 64 KB (a whole shuffle fits in one)."""
MAX_PARTS = 256
"""Most parts of one object."""
MAX_BYTES = 512 * 1024
"""Largest joined object, in bytes of its JSON text (a shuffle is about 27 kB; a reveal about 18 kB)."""
MAX_ID = 2**53 - 1


class ChunkError(SpadesError):
    """A chunk that does not continue the sender's run (see :mod:`spades.table.chunks`)."""


def size(message: Mapping[str, Any]) -> int:
    """Bytes of ``message``'s JSON text as sent (``ensure_ascii=False``, UTF-8)."""
    return len(json.dumps(message, ensure_ascii=False).encode())


def _escaped(text: str) -> int:
    """Bytes ``text`` takes inside a JSON string (without its quotes)."""
    return len(json.dumps(text, ensure_ascii=False).encode()) - 2


def split(payload: Mapping[str, Any], id: int, limit: int, sender: str | None = None) -> list[dict[str, Any]]:
    """``payload`` as chunks ``id`` of at most ``limit`` bytes each (with ``from`` = ``sender`` when relayed).

    Raises :class:`ValueError` for a ``limit`` too small to carry anything, or a payload over :data:`MAX_BYTES`.
    """
    text = json.dumps(payload, ensure_ascii=False, separators=(",", ":"))
    if len(text.encode()) > MAX_BYTES:
        raise ValueError(f"a payload of at most {MAX_BYTES} bytes can be sent, got {len(text.encode())}")
    head: dict[str, Any] = {"t": CHUNK_TYPE}
    if sender is not None:
        head["from"] = sender
    # the envelope's cost, with the counts at their widest
    room = limit - size({**head, "id": id, "part": MAX_PARTS, "of": MAX_PARTS, "data": ""})
    if room < 8:
        raise ValueError(f"a chunk limit of {limit} bytes leaves no room for data")
    pieces: list[str] = []
    start = 0
    while start < len(text):
        end = min(len(text), start + room)
        while True:  # every character takes at least one byte: shrink by the excess until it fits
            over = _escaped(text[start:end]) - room
            if over <= 0:
                break
            end -= max(1, over // 6)
        pieces.append(text[start:end])
        start = end
    if len(pieces) > MAX_PARTS:
        raise ValueError(f"a payload of at most {MAX_PARTS} parts can be sent, got {len(pieces)}")
    return [{**head, "id": id, "part": i, "of": len(pieces), "data": piece} for i, piece in enumerate(pieces)]


class Joiner:
    """Puts one sender's chunks together again: :meth:`add` each chunk in the order received; it returns the
    object once its last part is in (``None`` before).  :attr:`last` is the id of the last object finished or
    abandoned."""

    __slots__ = ("_lost", "_of", "_parts", "_size", "last")

    def __init__(self) -> None:
        self.last = 0
        self._parts: list[str] = []
        self._of = 0
        self._size = 0
        self._lost = False

    def _refuse(self, why: str) -> ChunkError:
        self._parts, self._of, self._size, self._lost = [], 0, 0, True
        return ChunkError(f"a chunk cannot be taken: {why}", "blind_chunk", {"why": why})

    def add(self, chunk: object) -> dict[str, Any] | None:
        """Take ``chunk`` (a message of type ``"blind"``); the whole object when this was its last part."""
        if not isinstance(chunk, Mapping) or chunk.get("t") != CHUNK_TYPE:
            raise self._refuse(f"not a chunk: {brief(chunk)}")
        id, part, of, data = chunk.get("id"), chunk.get("part"), chunk.get("of"), chunk.get("data")
        if type(id) is not int or type(part) is not int or type(of) is not int or type(data) is not str:
            raise self._refuse("id, part and of must be whole numbers and data text")
        expected = self.last + 1
        if self._lost and not self._parts and part == 0 and expected <= id <= MAX_ID:
            self.last, expected, self._lost = id - 1, id, False
        if id != expected:
            raise self._refuse(f"object {id} where {expected} was expected")
        if not 1 <= of <= MAX_PARTS or (self._parts and of != self._of):
            raise self._refuse(f"of {of} parts (at most {MAX_PARTS}, the same for every part)")
        if part != len(self._parts):
            raise self._refuse(f"part {part} where {len(self._parts)} was expected")
        self._size += len(data.encode())
        if self._size > MAX_BYTES:
            raise self._refuse(f"more than {MAX_BYTES} bytes")
        self._parts.append(data)
        self._of = of
        if len(self._parts) < of:
            return None
        text = "".join(self._parts)
        self._parts, self._of, self._size = [], 0, 0
        self.last = id
        try:
            value = json.loads(text)
        except (ValueError, RecursionError):
            raise ChunkError("a chunk cannot be taken: the joined text is not JSON", "blind_chunk",
                             {"why": "the joined text is not JSON"}) from None  # fmt: skip
        if type(value) is not dict:
            raise ChunkError("a chunk cannot be taken: the joined text is not an object", "blind_chunk",
                             {"why": "the joined text is not an object"})  # fmt: skip
        return value
