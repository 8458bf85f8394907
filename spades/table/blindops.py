"""The worker's operations for a host-blind hand (:mod:`spades.table.blindroom`); :mod:`spades.worker` adds them.

A device's page (each of the four people, the host's included) holds one :class:`BlindSeat` a table::

    blind_start   {table, room?, seat, hand, dealer, rules?, totals?, bags?, rated?}
                                                                     → {"out", "view", "outcome", "refused"}
    blind_receive {table, chunk}       a chunk the host relayed                → the same
    blind_local   {table, hand, chunk} the host's own page: a chunk of its room for its device, before or after
                                       the hand's blind_start → the same, without the view
    blind_bid     {table, bid}         this seat's bid (a number, "nil", "blind_nil")
    blind_play    {table, card}        this seat's card ("QH" or a number)
    blind_view    {table}              → {"view", "outcome", "refused"} (nothing to send)
    blind_state   {table, state}       the room's state of the blind hand for this seat → {"state", "outcome",
                                       "refused"}: ``state`` with this device's own cards, legal cards and bids
                                       (:func:`spades.table.blindtable.with_device`), what the page draws
    blind_expire  {table}              the room gave up waiting for the reveals → the same, settled
    blind_close   {table}              → {}
    blind_prepare {}                   the cards' group elements, made once a session (a few ms; called while
                                       the table waits) → {"cards": 54}
    blind_part    {table}              → {"part"}: the hand's ``fair`` part as this device saw it (kind ``blind``,
                                       every message of the hand): *Verify this deal* on the page

``room`` is the online table's id, the same on every page (the sealed key boxes and the audit name it; by default
the worker's ``table``).  ``out`` is the list of chunks to send the host (each within the room's 4 KB); ``view``
the seat's view (:func:`spades.formats.protocol.view_to_json`: its own cards, the public state, its legal moves);
``outcome``
``null`` until the hand is settled (:meth:`Outcome.to_json`: ``ok``, ``line``, ``left``, ``renege``, ``tricks``,
``points``, ``totals``, ``loser``, ``events``); ``refused`` what this device refused (its code and params, which
the page words), or ``null``.  A bid or card the rules forbid is refused like the engine's
(``illegal_bid``/``illegal_play``) and changes nothing.

The host's page also holds the room's :class:`BlindRelay`::

    blind_relay_new     {table, room?, hand, dealer, rules?, totals?, bags?, rated?}  → {"out": [], "public", "outcome"}
    blind_relay_receive {table, seat, chunk}   a chunk from the device at seat → {"out": [{"to": seat, "message"}],
                                                                                  "public", "outcome", "fair"}
    blind_relay_expire  {table}                 the room's clock ran out for the reveals → the same, settled
    blind_relay_close   {table}                 → {}

``public`` is what the room may show everyone (phase, turn, bids, the trick, the tricks won, the cards played);
``fair`` the record's ``fair`` part once settled.  The host's own device's chunks go to ``blind_relay_receive``
with its seat, and the relay's chunks for the host's seat to its own ``blind_receive``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, ClassVar

from ..cards import CARD_NAMES, Seat, parse_card
from ..errors import FairError, SpadesError, brief
from ..formats.protocol import view_to_json
from ..rules import Rules
from ..scoring import bid_text
from . import blind, group
from .blindroom import BlindRelay, BlindSeat, Outcome
from .blindtable import with_device

NAME_LIMIT = 64
HAND_LIMIT = 10_000
POINTS_LIMIT = 10_000_000


class BlindOpError(SpadesError):
    """A blind-hand call the worker cannot carry out (no hand at that table, a bad argument)."""

    codes: ClassVar[Mapping[str, tuple[str, ...]]] = {
        "blind_none": ("name",),
        "blind_arg": ("key", "value"),
    }


_seats: dict[str, BlindSeat] = {}
_relays: dict[str, BlindRelay] = {}
_pending: dict[str, list[tuple[int | None, object]]] = {}
PENDING_LIMIT = 256
"""Most chunks of the host's room kept for its page's device before that device started its hand."""


def _bad(key: str, value: object, what: str) -> BlindOpError:
    return BlindOpError(f"'{key}' must be {what}, got {brief(value)}", "blind_arg", {"key": key, "value": brief(value)})


def _name(args: Mapping[str, Any]) -> str:
    name = args.get("table", "main")
    if not isinstance(name, str) or not 0 < len(name) <= NAME_LIMIT:
        raise _bad("table", name, f"a name of 1 to {NAME_LIMIT} characters")
    return name


def _seat(args: Mapping[str, Any], key: str) -> Seat:
    value = args.get(key)
    if value not in ("N", "E", "S", "W"):
        raise _bad(key, value, "a seat: N, E, S or W")
    return Seat[str(value)]


def _pair(args: Mapping[str, Any], key: str) -> tuple[int, int]:
    value = args.get(key, [0, 0])
    if (
        not isinstance(value, list)
        or len(value) != 2
        or not all(type(v) is int and abs(v) <= POINTS_LIMIT for v in value)
    ):
        raise _bad(key, value, "two whole numbers (NS, EW)")
    return value[0], value[1]


def _hand_args(args: Mapping[str, Any]) -> dict[str, Any]:
    hand = args.get("hand")
    if type(hand) is not int or not 1 <= hand <= HAND_LIMIT:
        raise _bad("hand", hand, f"a hand number, 1 to {HAND_LIMIT}")
    rules = args.get("rules")
    if rules is not None and not isinstance(rules, dict):
        raise _bad("rules", rules, "an object")
    rated = args.get("rated", False)
    if type(rated) is not bool:
        raise _bad("rated", rated, "true or false")
    room = args.get("room", args.get("table", "main"))
    if not isinstance(room, str) or not 0 < len(room) <= NAME_LIMIT:
        raise _bad("room", room, f"a name of 1 to {NAME_LIMIT} characters")
    return {
        "room": room,
        "hand": hand,
        "rules": Rules.from_dict(rules),
        "dealer": _seat(args, "dealer"),
        "totals": _pair(args, "totals"),
        "bags": _pair(args, "bags"),
        "rated": rated,
    }


def _outcome(outcome: Outcome | None) -> dict[str, Any] | None:
    return None if outcome is None else outcome.to_json()


def _refusal(error: FairError | None) -> dict[str, Any] | None:
    return None if error is None else {"line": str(error), **error.to_json()}


def _held(args: Mapping[str, Any]) -> BlindSeat:
    name = _name(args)
    seat = _seats.get(name)
    if seat is None:
        raise BlindOpError(f"no blind hand at {name!r}: start one with blind_start", "blind_none", {"name": name})
    return seat


def _seat_answer(seat: BlindSeat, out: list[dict[str, Any]], view: bool = True) -> dict[str, Any]:
    answer = {"out": out, "outcome": _outcome(seat.outcome), "refused": _refusal(seat.error or seat.refused)}
    if view:
        answer["view"] = view_to_json(seat.view())
    return answer


def op_blind_start(args: Mapping[str, Any]) -> dict[str, Any]:
    """A new blind hand for this device's seat: its ``hello``."""
    name = _name(args)
    fields = _hand_args(args)
    seat = BlindSeat(_seat(args, "seat"), fields.pop("room"), fields.pop("hand"), fields.pop("rules"), **fields)
    _seats[name] = seat
    out = seat.start()
    for hand, chunk in _pending.pop(name, []):  # the host's room's chunks that came before this start
        if hand in (None, seat.hand):
            out += seat.receive(chunk)
    return _seat_answer(seat, out)


def op_blind_receive(args: Mapping[str, Any]) -> dict[str, Any]:
    """A chunk relayed by the host."""
    seat = _held(args)
    return _seat_answer(seat, seat.receive(args.get("chunk")))


def op_blind_local(args: Mapping[str, Any]) -> dict[str, Any]:
    """A chunk the host's room sends its own page's device (``static/online/session.mjs``, never through the
    page's MicroPython): ``hand`` is the blind hand of the room's last state before it (or ``null``).  A chunk for
    a hand this device has not started yet waits (up to :data:`PENDING_LIMIT`) and is taken by that hand's
    ``blind_start``, whose call the page makes when it draws the state: ``{"out", "outcome", "refused",
    "waiting"}`` (no view: nobody reads it)."""
    name = _name(args)
    hand = args.get("hand")
    if hand is not None and (type(hand) is not int or not 1 <= hand <= HAND_LIMIT):
        raise _bad("hand", hand, f"a hand number, 1 to {HAND_LIMIT}, or null")
    seat = _seats.get(name)
    if seat is None or (hand is not None and seat.hand < hand):
        waiting = _pending.setdefault(name, [])
        if len(waiting) < PENDING_LIMIT:
            waiting.append((hand, args.get("chunk")))
        return {"out": [], "outcome": None, "refused": None, "waiting": len(waiting)}
    return {**_seat_answer(seat, seat.receive(args.get("chunk")), view=False), "waiting": 0}


def op_blind_bid(args: Mapping[str, Any]) -> dict[str, Any]:
    """This seat's bid."""
    seat = _held(args)
    bid = args.get("bid")
    if type(bid) is not int and not isinstance(bid, str):
        raise _bad("bid", bid, "a bid: 0 to 13, 'nil' or 'blind_nil'")
    return _seat_answer(seat, seat.bid(bid))


def op_blind_play(args: Mapping[str, Any]) -> dict[str, Any]:
    """This seat's card."""
    seat = _held(args)
    card = args.get("card")
    if type(card) is int and 0 <= card < len(CARD_NAMES):
        number = card
    elif isinstance(card, str):
        number = parse_card(card)
    else:
        raise _bad("card", card, "a card such as 'QH'")
    return _seat_answer(seat, seat.play(number))


def op_blind_view(args: Mapping[str, Any]) -> dict[str, Any]:
    """The seat's view and the outcome so far."""
    answer = _seat_answer(_held(args), [])
    del answer["out"]
    return answer


def op_blind_state(args: Mapping[str, Any]) -> dict[str, Any]:
    """The room's state of the blind hand with this device's own cards added (what the page draws)."""
    seat = _held(args)
    state = args.get("state")
    if not isinstance(state, dict):
        raise _bad("state", state, "the room's state (an object)")
    return {"state": with_device(state, seat), "outcome": _outcome(seat.outcome),
            "refused": _refusal(seat.error or seat.refused)}  # fmt: skip


def op_blind_expire(args: Mapping[str, Any]) -> dict[str, Any]:
    """The room gave up waiting for the reveals: settle with the seats this device has not heard from named."""
    seat = _held(args)
    seat.expire()
    return _seat_answer(seat, [])


def op_blind_close(args: Mapping[str, Any]) -> dict[str, Any]:
    """Forget this table's blind hand and any chunk waiting for it (none is not an error)."""
    _seats.pop(_name(args), None)
    _pending.pop(_name(args), None)
    return {}


def op_blind_part(args: Mapping[str, Any]) -> dict[str, Any]:
    """``{"part"}``: the hand's ``fair`` part as this device saw it, ``{"kind": "blind", "group", "table", "hand",
    "transcript"}`` (every message of the hand, its own included: what *Verify this deal* audits on the page)."""
    device = _held(args).device
    transcript = list(device.transcript)
    part = {"kind": "blind", "group": group.NAME, "table": device.table, "hand": device.hand}
    return {"part": {**part, "transcript": transcript}}


def op_blind_prepare(args: Mapping[str, Any]) -> dict[str, Any]:
    """Make the cards' group elements and the generator now (each is kept for the session)."""
    for card in range(len(CARD_NAMES)):
        blind.encode(card)
    blind.generator()
    return {"cards": len(CARD_NAMES)}


def _relay(args: Mapping[str, Any]) -> BlindRelay:
    name = _name(args)
    relay = _relays.get(name)
    if relay is None:
        raise BlindOpError(f"no blind relay at {name!r}: start one with blind_relay_new", "blind_none", {"name": name})
    return relay


def public_json(relay: BlindRelay) -> dict[str, Any]:
    """What the room may show everyone of a blind hand."""
    public = relay.public
    return {
        "phase": public.phase,
        "dealer": public.dealer.name,
        "turn": None if public.turn is None else public.turn.name,
        "bids": [None if b is None else bid_text(b) for b in public.bids],
        "trick": [CARD_NAMES[c] for c in public.trick],
        "leader": None if public.leader is None or not public.trick else public.leader.name,
        "tricks_won": list(public.won),
        "play": [CARD_NAMES[c] for c in public.play],
        "revealed": [seat.name for seat in public.revealed],
    }


def _relay_answer(relay: BlindRelay, out: list[tuple[Seat, dict[str, Any]]]) -> dict[str, Any]:
    return {
        "out": [{"to": seat.name, "message": chunk} for seat, chunk in out],
        "public": public_json(relay),
        "outcome": _outcome(relay.outcome),
        "fair": relay.fair_part() if relay.outcome is not None else None,
    }


def op_blind_relay_new(args: Mapping[str, Any]) -> dict[str, Any]:
    """The host room's relay for a new blind hand."""
    name = _name(args)
    fields = _hand_args(args)
    relay = BlindRelay(fields.pop("room"), fields.pop("hand"), fields.pop("rules"), **fields)
    _relays[name] = relay
    return _relay_answer(relay, [])


def op_blind_relay_receive(args: Mapping[str, Any]) -> dict[str, Any]:
    """A chunk from the device at ``seat``: what to send on."""
    relay = _relay(args)
    return _relay_answer(relay, relay.receive(_seat(args, "seat"), args.get("chunk")))


def op_blind_relay_expire(args: Mapping[str, Any]) -> dict[str, Any]:
    """The room's clock ran out for the reveals: settle, naming who did not reveal."""
    relay = _relay(args)
    relay.expire()
    return _relay_answer(relay, [])


def op_blind_relay_close(args: Mapping[str, Any]) -> dict[str, Any]:
    """Forget this table's relay (none is not an error)."""
    _relays.pop(_name(args), None)
    return {}


OPERATIONS: dict[str, Callable[[Mapping[str, Any]], dict[str, Any]]] = {
    "blind_start": op_blind_start,
    "blind_receive": op_blind_receive,
    "blind_local": op_blind_local,
    "blind_bid": op_blind_bid,
    "blind_play": op_blind_play,
    "blind_view": op_blind_view,
    "blind_state": op_blind_state,
    "blind_expire": op_blind_expire,
    "blind_close": op_blind_close,
    "blind_prepare": op_blind_prepare,
    "blind_part": op_blind_part,
    "blind_relay_new": op_blind_relay_new,
    "blind_relay_receive": op_blind_relay_receive,
    "blind_relay_expire": op_blind_relay_expire,
    "blind_relay_close": op_blind_relay_close,
}
"""The worker's blind-hand operations (:mod:`spades.worker` adds them to its own)."""
