"""Who takes an online table over when its host is gone, read from the room message every page holds (issue 21).

The room names its ``succession``: the seats that would take over, in order; each seat of the ``room`` message
carries its person's public ``key`` (ECDSA P-256, base64url, said in their hello) or ``null``.  From these alone
every page knows the same order:

- the successors' keys, in order (:func:`successor_keys`): a guest follows a ``host`` frame signed by the current
  host's key, or by the i-th successor's once its own link has lost the host for i grace periods
  (static/online/session.mjs ``TAKEOVER_GRACE_MS``); a host gives way to one of them only by :func:`yields_to`;
- this page's place among them (:func:`place_of`): the successor at place p takes over after p + 1 grace periods
  without a host, so the next one waits one more period for the one before it;
- whether a takeover makes sense at all (:func:`may_take_over`): a started game, not ended, a seat of my own;
- whether a host gives way to a successor's signed frame (:func:`yields_to`, :class:`Absence`): only after it has
  been without its people for a grace period, so a successor cannot make a host that is playing give way;
- whom a host built by takeover gives way to (:func:`earlier_keys`): the successors whose turn came before its own,
  never a later one, so two successors that both took over (the later one did not reach the earlier one's new host
  in time, on a slow machine) end as one table under the earlier one, and never give way to each other;
- what the page says once it happened (:func:`takeover_lines`): who hosts now, and that the hand in progress was
  dealt again (a casual table; a rated table votes, as when a player drops).

Pure (MicroPython and CPython; no ``js``, no ``pyscript``): tests/page/test_takeover_parts.py runs it on room
messages as the room sends them.
"""

SEATS = ("N", "E", "S", "W")


def _seats(room):
    seats = (room or {}).get("seats")
    return seats if isinstance(seats, dict) else {}


def succession(room):
    """The room's ``succession``: its seats that would take over, in order (only seats, each once)."""
    order = (room or {}).get("succession")
    if not isinstance(order, list):
        return []
    out = []
    for seat in order:
        if seat in SEATS and seat not in out:
            out.append(seat)
    return out


def key_of(room, seat):
    """The public key of the person at ``seat`` as the room lists it, or ``None``."""
    entry = _seats(room).get(seat)
    key = entry.get("key") if isinstance(entry, dict) else None
    return key if isinstance(key, str) and key else None


def successor_keys(room, current=None):
    """The successors' keys in the room's order (``None`` for a seat without one, and for ``current``, the key of
    the host followed now, should the room list it), so that a key's index is its place."""
    keys = []
    for seat in succession(room):
        key = key_of(room, seat)
        keys.append(None if key == current else key)
    return keys


def host_seat(room):
    """The seat the room marks as its host's, or ``None``."""
    for seat in SEATS:
        entry = _seats(room).get(seat)
        if isinstance(entry, dict) and entry.get("host"):
            return seat
    return None


def earlier_keys(room, seat):
    """The keys of the successors before ``seat`` in the room's succession (none when ``seat`` is not in it): whom
    the successor at ``seat`` gives way to once it took the table over from that room.  Their turns came before
    its own, so if one of them hosts too, it is the table; a later successor is never among them."""
    order = succession(room)
    if seat not in order:
        return []
    return [key for key in (key_of(room, each) for each in order[: order.index(seat)]) if key is not None]


def place_of(room, seat):
    """My place in the succession when I sit at ``seat`` (0: the first to take over), or ``None``."""
    order = succession(room)
    return order.index(seat) if seat in order else None


def game_on(room):
    """Whether the game of ``room`` (a room message) is on: started, or its first hand waiting for its secrets
    (``starting``: after the host's start, and in a room taken over before hand 1 was dealt, whose people are at
    the table already: its host's page opens no room window then, dialog.py ``render_lobby``)."""
    room = room or {}
    return bool(room.get("started") or room.get("starting"))


def may_take_over(room, you, ended=None):
    """Whether this page may take the table over: the game is on (:func:`game_on`) and did not end, and I sit at a
    seat of the succession (a spectator never hosts)."""
    room = room or {}
    seat = (you or {}).get("seat")
    if not game_on(room) or room.get("ended") or ended or (you or {}).get("spectator"):
        return False
    return place_of(room, seat) is not None


TAKEOVER_GRACE_MS = 4000
"""How long the room's first successor waits without a host before it takes the table over: static/online/session.mjs
``TAKEOVER_GRACE_MS`` (tests/page/test_takeover_parts.py checks that the two say the same)."""


class Absence:
    """How long a host has been without its people: the present stretch during which its own room messages name no
    successor (no seated person but the host is connected to it), from ``since`` (the page's clock, ms), or ``None``
    while someone is there.  A host resumed after a reload starts the stretch when its earlier page was last alive
    (takeover.py's heartbeat), so the time its page was closed counts; one built by takeover, when it started."""

    def __init__(self, since=None):
        self.since = since

    def room(self, message, now):
        """This host's own room message at ``now``: a successor in it (someone is back, or still there) ends the
        stretch; none begins one, unless one is running."""
        if succession(message):
            self.since = None
        elif self.since is None:
            self.since = now

    def away_ms(self, now):
        """How long the present stretch has lasted at ``now`` (0 while someone is there)."""
        return 0 if self.since is None else max(0, now - self.since)


def yields_to(keys, key, away_ms):
    """Whether a host gives way to a genuine ``host`` frame signed by ``key`` (session.mjs checked the signature):
    only a takeover by the rules, that is ``key`` is one of the successors' keys its room messages named (``keys``)
    and this host has been without any of its people (``away_ms``, :class:`Absence`) for at least
    :data:`TAKEOVER_GRACE_MS`, the least absence after which any successor's turn can have come.  A host that has
    its people, or had them back before the grace was over, never gives way: a successor that signs a frame to it
    all the same is ignored (the frame comes again every 2 s, and is judged again each time)."""
    return isinstance(key, str) and key in (keys or []) and away_ms >= TAKEOVER_GRACE_MS


def host_name(room):
    """The name of the person hosting the room (the seat marked ``host``), or ``None``."""
    entry = _seats(room).get(host_seat(room))
    name = entry.get("name") if isinstance(entry, dict) else None
    return name if isinstance(name, str) else None


def hand_in_progress(state):
    """Whether ``state`` (the last one drawn here) is of a hand still being bid or played."""
    return (state or {}).get("phase") in ("bidding", "playing")


def takeover_lines(room, before):
    """The catalog keys and parameters of what the page says once a new host's first room message came:
    ``[("online_host_now", {"name"})]``, then ``("online_redealt", {})`` when the hand in progress then (``before``,
    the last state drawn before) is dealt again: a casual table (a rated one votes, as for a dropped player)."""
    lines = [("online_host_now", {"name": host_name(room) or "?"})]
    if (room or {}).get("kind") == "casual" and hand_in_progress(before):
        lines.append(("online_redealt", {}))
    return lines
