"""The public record of an online table that every seated guest keeps while it plays (issue 21): enough for any of
them to take the table over when the host is gone (the worker's op ``room_takeover {public: {room, hands, chat}}``).

What it holds is what the room showed everyone anyway: the last ``room`` message, every finished hand as the
room's ``hand {number}`` answer gave it (asked once per hand as the states' ``hands_scored`` grows, at most
:data:`ASK_AT_ONCE` at a time), and the chat; besides, the key of the host followed now (``host``), so a page that
reloads after a takeover still knows whom to follow; and, for a page that took the table over, the ``chain`` that
leads from the invitation's key to its own (session.mjs ``chainLeads``: shown in its host frames after a reload
too, so that a newcomer holding the old invitation finds the table).  Kept in memory and in the browser's storage
(life.py, as ``spades-online-record``) so that a page that reloads can still take over.

Pure (MicroPython and CPython): :class:`Record` knows nothing of the page; tests/page/test_takeover_parts.py runs it.
"""

ASK_AT_ONCE = 4
"""Finished hands asked for and not yet answered, at most (a reloaded page far behind asks a few at a time, well
within the room's rate limit)."""
HANDS_LIMIT = 500
"""Finished hands kept, at most (a game to 500 points ends long before; a hand's record is about 2 KB)."""
CHAT_KEEP = 100
"""Chat lines kept, on the page (handlers.py) and in the record."""
CHAIN_LINKS = 8
"""The longest chain kept (session.mjs ``CHAIN_LINKS``)."""


def chain_of(value):
    """``value`` as a chain of signed links (``[{"by", "keys", "sig"}]``: text, up to four texts, text), or ``[]``
    when it is not one; session.mjs checks the signatures."""
    if not isinstance(value, list) or len(value) > CHAIN_LINKS:
        return []
    out = []
    for link in value:
        if not isinstance(link, dict):
            return []
        by, keys, sig = link.get("by"), link.get("keys"), link.get("sig")
        if not isinstance(by, str) or not isinstance(sig, str) or not isinstance(keys, list) or len(keys) > 4:
            return []
        if not all(isinstance(key, str) for key in keys):
            return []
        out.append({"by": by, "keys": list(keys), "sig": sig})
    return out


def _whole(value):
    return isinstance(value, int) and not isinstance(value, bool)


class Record:
    """One table's public record: ``room``, ``hands`` (number → hand), ``chat``, ``host`` (a key), ``chain`` (a
    page that took over: :func:`chain_of`), for ``secret``."""

    def __init__(self, secret, room=None, hands=None, chat=None, host=None, scored=0, chain=None):
        self.secret = secret
        self.scored = scored if _whole(scored) and 0 <= scored <= HANDS_LIMIT else 0  # the latest hands_scored
        self.room = room if isinstance(room, dict) else None
        self.asked = set()  # hand numbers asked for and not yet answered (not kept)
        self.hands = {}
        for hand in hands or []:
            self.keep_hand(hand)
        self.chat = [line for line in (chat or []) if isinstance(line, dict)][-CHAT_KEEP:]
        self.host = host if isinstance(host, str) and host else None
        self.chain = chain_of(chain)  # a page that took over: the links from the invitation's key to its own

    def missing(self, hands_scored):
        """The finished hands to ask for now (``hands_scored``: the latest state's): the lowest numbers neither kept
        nor asked, so that at most :data:`ASK_AT_ONCE` are asked at once; each one is then marked as asked."""
        if not _whole(hands_scored) or hands_scored < 1:
            return []
        self.scored = max(self.scored, min(hands_scored, HANDS_LIMIT))
        wanted = []
        room = ASK_AT_ONCE - len(self.asked)
        number = 1
        while number <= min(hands_scored, HANDS_LIMIT) and len(wanted) < room:
            if number not in self.hands and number not in self.asked:
                wanted.append(number)
            number += 1
        self.asked.update(wanted)
        return wanted

    def keep_hand(self, hand):
        """Keep a finished hand (a ``hand`` answer's ``hand``); ``True`` when this record had asked for it (so the
        answer was not the review's)."""
        number = hand.get("number") if isinstance(hand, dict) else None
        if not _whole(number) or not 1 <= number <= HANDS_LIMIT:
            return False
        asked = number in self.asked
        self.asked.discard(number)
        self.hands[number] = hand
        return asked

    def keep_chat(self, chat):
        """The chat as the page keeps it (its last :data:`CHAT_KEEP` lines)."""
        self.chat = [line for line in chat if isinstance(line, dict)][-CHAT_KEEP:]

    def complete(self):
        """The finished hands kept, in order from the first, up to the first one missing."""
        out = []
        while len(out) + 1 in self.hands:
            out.append(self.hands[len(out) + 1])
        return out

    def public(self):
        """The record as op ``room_takeover`` takes it: ``{"room", "hands", "chat", "scored"}`` (``scored``: how many
        hands the states said were finished, so that a record missing one is refused rather than losing it)."""
        return {"room": self.room, "hands": self.complete(), "chat": list(self.chat), "scored": self.scored}

    def to_json(self):
        """What is kept in the browser's storage."""
        return {
            "secret": self.secret,
            "room": self.room,
            "hands": self.complete(),
            "chat": list(self.chat),
            "host": self.host,
            "scored": self.scored,
            "chain": self.chain,
        }

    @classmethod
    def from_json(cls, data, secret):
        """The record kept for ``secret``, or a new empty one (nothing kept, another table's, or not a record)."""
        if not isinstance(data, dict) or data.get("secret") != secret:
            return cls(secret)
        hands = data.get("hands")
        chat = data.get("chat")
        return cls(
            secret,
            data.get("room"),
            hands if isinstance(hands, list) else [],
            chat if isinstance(chat, list) else [],
            data.get("host"),
            data.get("scored"),
            data.get("chain"),
        )


def host_token(save):
    """The host's own seat token in its room's save (``spades-room/1``: the member whose peer is ``host``), or ``""``:
    a host resumed from its save that gives way to a successor comes back to its seat with it."""
    members = save.get("members") if isinstance(save, dict) else None
    for member in members if isinstance(members, list) else []:
        if isinstance(member, dict) and member.get("peer") == "host" and isinstance(member.get("token"), str):
            return member["token"]
    return ""
