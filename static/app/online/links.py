"""What an invitation, a person's typing and the host's lobby listing become, before anything is sent: pure
(MicroPython and CPython, tests/page/test_online_parts.py).

The limits here are not the page's own: they are the numbers of the room's ``SCHEMA`` for what a guest sends
(spades/table/room.py; a test checks them against it), so that nothing the person types is refused for its length.
The room then cleans what it shows (``clean_text``: control characters, spaces, ``NAME_LIMIT`` for a name,
``CHAT_LIMIT`` for a chat line), and every name and line the page shows comes back from the room; the fields
take no more than the room shows (:data:`NAME_SHOWN`, :data:`CHAT_SHOWN`, the room's numbers, checked by a test).
"""

from i18n import t

SEATS = ("N", "E", "S", "W")
HELLO_NAME = 200
"""The longest name a ``hello`` carries (room ``SCHEMA["hello"]["name"]``)."""
HELLO_PASSWORD = 200
"""The longest table password a ``hello`` carries (room ``SCHEMA["hello"]["password"]``, and a table's own)."""
CHAT_TEXT = 1000
"""The longest text a ``chat`` message carries (room ``SCHEMA["chat"]["text"]``)."""
NAME_SHOWN = 24
"""The longest name the room shows (room ``NAME_LIMIT``; a test checks it): the name field takes no more, so what
a person types is what the others see."""
CHAT_SHOWN = 200
"""The longest chat line the room passes on (room ``CHAT_LIMIT``; a test checks it): the chat field's length."""


def typed(text, limit):
    """What a person typed into a field, without the spaces around it, at most ``limit`` characters."""
    return str(text or "").strip()[:limit]


def typed_name(text):
    """A name as typed (at most :data:`HELLO_NAME` characters; ``""``: none)."""
    return typed(text, HELLO_NAME)


def parse_invite(text):
    """``#t=SECRET&k=KEY`` → ``(SECRET, KEY)``: the table secret (16–64 letters and digits) and the host's public
    key (base64url, 40–120 characters); ``None`` if the fragment is not an invitation."""
    text = str(text or "")
    if not text.startswith("#t="):
        return None
    fields = {}
    for part in text[1:].split("&"):
        key, _, value = part.partition("=")
        fields[key] = value
    secret, pub = fields.get("t", ""), fields.get("k", "")
    if not (16 <= len(secret) <= 64 and all(c.isalpha() or c.isdigit() for c in secret)):
        return None
    if not (40 <= len(pub) <= 120 and all(c.isalpha() or c.isdigit() or c in "-_" for c in pub)):
        return None
    return secret, pub


def fragment(secret, pub):
    """The invitation as an address's fragment (without ``#``): ``t=SECRET&k=KEY``."""
    return "t=" + secret + "&k=" + pub


def listing(room, secret, pub):
    """The host's listing of its ``room`` (a room message) for the lobby, as session.mjs ``validListing`` and the
    guest boundary's ``check_listing`` read it: its seats' names (a computer's seat says so), rules, ratings,
    whether its hands are dealt host-blind."""
    seats = room.get("seats") or {}

    def shown(seat):
        info = seats.get(seat) or {}
        return info.get("name") or (t("online_kind_seat_computer") if info.get("occupant") == "computer" else None)

    return {
        "t": "table",
        "secret": secret,
        "pub": pub,
        "kind": room.get("kind", "casual"),
        "seats": {s: shown(s) for s in SEATS},
        "preset": str((room.get("rules") or {}).get("preset", "standard")),
        "watch": bool(room.get("spectators_allowed")),
        "password": bool(room.get("password")),
        "started": bool(room.get("started")),
        "ratings": {s: (seats.get(s) or {}).get("rating") for s in SEATS},
        "blind": room.get("blind") is True,
    }
