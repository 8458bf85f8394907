"""A room whose host is gone, taken over by a guest from what every page holds publicly.

Every seated guest's page holds, through its guest boundary (:mod:`spades.table.guest`): the last ``room``
message (seats, names, occupants, levels, ready marks, keys and claims, ratings fixed at the start, kind, rules,
succession), every finished hand in full (the ``hand`` answers, asked for as hands finish: 13 cards a seat, the
bids in order, 13 tricks, the result and the sheet — public once the hand is over) and the chat lines it got.
:func:`take_over` builds from these alone the room that goes on with the game:

* the new host sits at its own seat under its name; the other people keep their seats, away until they come back
  with their seat tokens (a seat is known by its ``claim``, the hash of its token, so the old host's own token
  brings it back as a guest); computer seats stay computers at their levels;
* the finished hands are replayed, card by card and checked by the engine, into a new table, so that scores,
  bags, ``hands_scored`` and every score sheet equal the old ones exactly (a hand whose result or sheet differs
  from its replay is refused);
* the hand in progress, which no page holds, is dealt again at a casual table by commit–reveal as any hand
  (:meth:`~spades.table.room.Room.deal_again`): the room waits at the end of the last finished hand (hand 1 not
  finished: it is ``starting``) for the secrets of the people who were playing, up to the grace period, and the
  host's fallback stands in for those not back by then; the computer plays for the old host's seat
  at once (the host draws its secret) and the others' seats wait the grace period as for any dropped player; a
  rated table is always dealt host-blind, so its hand in progress is dealt again host-blind once all four are
  there (the table waits at the last finished hand's end; one whose first hand never finished cannot be taken
  over), and the old host is a dropped player: the room's vote decides (wait, or end unscored;
  :meth:`~spades.table.room.Room.tick`); the ratings fixed at the start stay;
* the succession goes on: the old one without the new host, then the other people (the old host among them)
  clockwise from the new host's left;
* chat ids go on after the last one seen, so no page takes a new line for an old one.

What is lost: the hand in progress (dealt again, under the same number), spectators (they join again), a password
the new host's page does not know (the new room has none unless it is given), the seats' permissions for
spectators of an away player and the casual grace period (the default).

The public data is untrusted (it came from another page, and through the page's storage): it is checked again
here, and anything wrong is a one-line :class:`~spades.table.room.RoomError` naming what (``takeover_data`` with
the field, ``takeover_hand`` with the hand's number, ``takeover_seats``, ``takeover_not_started``,
``takeover_not_seated``), never a traceback.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable, Mapping
from typing import Any

from ..cards import Seat, parse_card
from ..errors import SpadesError, brief
from ..formats.protocol import result_to_json
from ..formats.scoresheet import hand_sheet, sheet_to_json
from ..game import Game, Phase
from ..rules import Rules
from ..scoring import parse_bid
from .guest import GuestError, check_host_message
from .room import (
    HOST,
    NAME_LIMIT,
    SEATS,
    Member,
    Room,
    RoomConfig,
    RoomError,
    claim_of,
    clean_text,
    clockwise,
    room_policy,
)
from .table import MAX_HANDS, Occupant, Table

CHAT_LINES = 10_000
"""At most this many chat lines in the public data (only their ids are needed: the last one)."""
PUBLIC_KEYS = frozenset({"room", "hands", "chat"})


def _data_error(field: list[str | int], why: str) -> RoomError:
    where = "".join(f"[{step}]" if type(step) is int else f".{step}" for step in field).lstrip(".")
    return RoomError(f"cannot take the table over: bad {where} ({why})"[:300], "takeover_data", {"field": field})


def _checked(kind: str, value: object, where: list[str | int]) -> dict[str, Any]:
    """``value`` as the guest boundary checks a ``kind`` message; a bad one is a ``takeover_data`` error."""
    if kind == "hand":
        message: object = {"t": "hand", "hand": value}
    elif isinstance(value, Mapping):
        message = {**value, "t": kind}
    else:
        raise _data_error(where, f"not an object: {brief(value)}")
    try:
        checked = check_host_message(message)
    except GuestError as error:
        inner = error.params.get("field", [])
        path = [inner] if isinstance(inner, (str, int)) else list(inner)
        if kind == "hand" and path[:1] == ["hand"]:
            path = path[1:]
        raise _data_error([*where, *path], str(error)) from None
    return checked["hand"] if kind == "hand" else checked


def replay(rules: Rules, hands: list[dict[str, Any]], seed: int | None) -> Game | None:
    """A game of ``rules`` that has played the finished ``hands`` (checked ``hand`` answers, numbers 1 to k) card by
    card, every move checked by the engine, each hand's result and sheet compared with its replay (``None`` when no
    hand finished: hand 1 is dealt again as at the start).  A hand that does not replay is a ``takeover_hand``
    :class:`RoomError` naming it."""
    game: Game | None = None
    for number, hand in enumerate(hands, 1):
        try:
            if game is None:  # the first hand's deal as it was dealt, the next ones' from the seed
                if hand["number"] != 1:
                    raise _refuse_hand(1, f"it says it is hand {hand['number']}")
                game = Game(rules, seed=seed, dealer=Seat[hand["dealer"]], deal=hand["deal"])
            _replay_hand(game, rules, number, hand)
        except RoomError:
            raise
        except SpadesError as error:
            raise RoomError(
                f"cannot take the table over: hand {number} does not replay ({error})"[:300],
                "takeover_hand",
                {"number": number},
            ) from None
    return game


def _refuse_hand(number: int, why: str) -> RoomError:
    return RoomError(f"cannot take the table over: hand {number} does not replay ({why})", "takeover_hand",
                     {"number": number})  # fmt: skip


def _replay_hand(game: Game, rules: Rules, number: int, hand: dict[str, Any]) -> None:
    if hand["number"] != number:
        raise _refuse_hand(number, f"it says it is hand {hand['number']}")
    dealer = Seat[hand["dealer"]]
    if number > 1:
        if game.phase is not Phase.HAND_OVER:
            raise _refuse_hand(number, "the game was over before it")
        if dealer != game.dealer.next:
            raise _refuse_hand(number, f"dealt by {dealer.name}, not {game.dealer.next.name}")
        game.next_hand(hand["deal"])
    order = [Seat((dealer + 1 + i) % 4).name for i in range(4)]
    if hand["bid_order"] != order:
        raise _refuse_hand(number, "its bids are not in turn")
    for seat in order:
        game.apply(parse_bid(hand["bids"][seat]), Seat[seat])
    for index, trick in enumerate(hand["tricks"], 1):
        if game.turn is None or trick["leader"] != game.turn.name:
            raise _refuse_hand(number, f"trick {index} is led by the wrong seat")
        for card in trick["cards"]:
            assert game.turn is not None  # a trick in progress has a seat to play
            game.apply(parse_card(card), game.turn)
        if game.tricks[-1].winner.name != trick["winner"]:
            raise _refuse_hand(number, f"trick {index} is won by another seat")
    results = game.results
    if len(results) != number:
        raise _refuse_hand(number, "it is not finished")
    if result_to_json(results[-1]) != hand["result"]:
        raise _refuse_hand(number, "its result is not its replay's")
    sheet = sheet_to_json(hand_sheet(rules, results[-1], results[-2] if number > 1 else None))
    if sheet != hand["sheet"]:
        raise _refuse_hand(number, "its score sheet is not its replay's")


def _new_host_seat(room: dict[str, Any], name: str, token: str | None) -> Seat:
    """The new host's seat: the one its ``token`` claims, else the person's seat under ``name`` (several: the first
    in the succession, then clockwise from the old host's left)."""
    seats = room["seats"]
    people = [s for s in SEATS if seats[s]["occupant"] in ("person", "away")]
    if token:
        claimed = [s for s in people if seats[s]["claim"] == claim_of(token)]
        if claimed:
            return Seat[claimed[0]]
    wanted = clean_text(name, NAME_LIMIT)
    named = [s for s in people if seats[s]["name"] == wanted and not seats[s]["host"]]
    if not named:
        raise RoomError(f"cannot take the table over: {brief(wanted)} has no seat at it", "takeover_not_seated", {})
    old_host = next(Seat[s] for s in SEATS if seats[s]["host"])
    ranking = [*room["succession"], *(s.name for s in clockwise(old_host))]
    return Seat[min(named, key=ranking.index)]


def take_over(
    public: object,
    name: str,
    now: float,
    *,
    seed: int | None = None,
    token: str | None = None,
    key: str | None = None,
    password: str | None = None,
    tokens: Callable[[], str] | None = None,
) -> tuple[Room, Seat]:
    """The room that goes on with the game of ``public`` (``{"room", "hands", "chat"}``: the last ``room`` message,
    the finished hands 1 to k, the chat lines; optional ``"scored"``: how many hands the page knows are finished, its
    last state's ``hands_scored``, so that a record missing one is refused instead of losing it), hosted by the
    person ``name`` at its seat (see the module docstring); returns it and the new host's seat.

    ``token`` is the new host's seat token, if its page has it: it finds the seat by its claim (else ``name`` does)
    and stays the host's token; ``key`` its public key (else the seat's); ``password`` the table's password, if
    the page knows it; ``seed`` the game's (its deals are commit–reveal deals); ``now`` the time (ms) the others'
    grace periods and the deal's wait count from.
    """
    if not isinstance(public, Mapping):
        raise _data_error(["public"], f"not an object: {brief(public)}")
    unknown = set(public) - PUBLIC_KEYS - {"scored"}
    if unknown:
        raise _data_error([sorted(map(str, unknown))[0][:40]], "unknown key")
    for needed in sorted(PUBLIC_KEYS):
        if needed not in public:
            raise _data_error([needed], "missing")
    room = _checked("room", public["room"], ["room"])
    hands_in, chat_in = public["hands"], public["chat"]
    if type(hands_in) is not list or len(hands_in) > MAX_HANDS:
        raise _data_error(["hands"], f"not a list of at most {MAX_HANDS} hands: {brief(hands_in)}")
    if type(chat_in) is not list or len(chat_in) > CHAT_LINES:
        raise _data_error(["chat"], f"not a list of at most {CHAT_LINES} lines: {brief(chat_in)}")
    hands = [_checked("hand", hand, ["hands", i]) for i, hand in enumerate(hands_in)]
    scored = public.get("scored")
    if scored is not None and (type(scored) is not int or not 0 <= scored <= MAX_HANDS):
        raise _data_error(["scored"], f"not a number of hands: {brief(scored)}")
    if scored is not None and scored > len(hands):  # the page knows of a finished hand it does not hold
        number = len(hands) + 1
        raise RoomError(f"cannot take the table over: hand {number} is missing from the record", "takeover_hand",
                        {"number": number})  # fmt: skip
    chat = [_checked("chat", line, ["chat", i]) for i, line in enumerate(chat_in)]
    if not (room["started"] or room.get("starting")):  # (starting: hand 1 was waiting for its secrets)
        raise RoomError("cannot take the table over: its game has not started", "takeover_not_started")
    seats = room["seats"]
    hosts = [s for s in SEATS if seats[s]["host"]]
    people = [s for s in SEATS if seats[s]["occupant"] in ("person", "away")]
    succession = room["succession"]
    if (
        len(hosts) != 1
        or hosts[0] not in people
        or any(seats[s]["name"] is None or seats[s]["claim"] is None for s in people)
        or any(seats[s]["occupant"] == "computer" and seats[s]["level"] is None for s in SEATS)
        or len(set(succession)) != len(succession)
        or any(s not in people or s in hosts for s in succession)
        or room["ratings"] is None
    ):
        raise RoomError("cannot take the table over: its room message's seats do not fit together", "takeover_seats")
    host_seat = _new_host_seat(room, name, token)
    rules = Rules.from_dict(room["rules"])
    if room["kind"] == "rated" and not hands:  # its first hand, dealt host-blind, was never finished
        raise RoomError("cannot take the table over: its game has not started", "takeover_not_started")
    game = replay(rules, hands, seed)
    config = RoomConfig.from_json(
        {
            "kind": room["kind"],
            "password": password,
            "dnd": room["dnd"],
            "spectators": room["spectators_allowed"] or room["dnd"],
            **({"clock": room["clock"]} if room.get("clock") is not None else {}),
            "blind": room.get("blind") is True,  # host-blind again once four people play, each there
        }
    )
    mine = seats[host_seat.name]
    new = Room(rules, config, mine["name"], host_seat, seed=seed, token=tokens, rating=mine["rating"],
               disconnects=mine["disconnects"])  # fmt: skip
    host = new.members[HOST]
    if token and claim_of(token) == mine["claim"]:  # the host keeps its seat token (and so its claim)
        host.token, host.claim = token, mine["claim"]
    host.key = key if key is not None else mine["key"]
    host.ready = True
    host.spectators = mine["spectators"]
    host.show_cards = mine["show_cards"]
    old_host = Seat[hosts[0]]
    occupants: dict[Seat, Occupant] = {host_seat: Occupant("person", "standard", host.name)}
    for seat in [old_host, *(Seat[s] for s in people if Seat[s] not in (old_host, host_seat))]:
        if seat == host_seat:
            continue
        info = seats[seat.name]
        placeholder = f"gone-{seat.name}-{secrets.token_hex(8)}"  # no page's id: only the seat's token brings it back
        member = Member(placeholder, info["name"], "", seat=seat, key=info["key"], claim=info["claim"])
        member.connected, member.dropped_at, member.restart = False, now, True
        # a person who was playing takes part in the deal of the hand in progress on coming back (its page says
        # ``fair {on}`` after the welcome); the old host's seat and an away one are the computer's: the host draws
        member.fair = info["occupant"] == "person" and not (seat == old_host and config.kind == "casual")
        member.ready, member.rating, member.disconnects = info["ready"], info["rating"], info["disconnects"]
        member.spectators, member.show_cards = info["spectators"], info["show_cards"]
        new.members[placeholder] = member
        gone = info["occupant"] == "away" or (seat == old_host and config.kind == "casual")
        occupants[seat] = Occupant("peer", "standard", info["name"], away=gone)
    for s in SEATS:
        if seats[s]["occupant"] == "computer":
            new.computers[Seat[s]] = seats[s]["level"]
            occupants[Seat[s]] = Occupant("computer", seats[s]["level"])
        elif seats[s]["occupant"] == "empty":  # a person who left a casual game: the computer plays the seat
            occupants[Seat[s]] = Occupant("computer", "standard")
    if game is not None:
        new.table = Table(game, occupants, room_policy(config.kind))
    new.ratings = dict(room["ratings"])
    new.ended = room["ended"]
    rest = [s for s in clockwise(host_seat) if s.name in people and s.name not in succession]
    new.order = [Seat[s] for s in succession if s != host_seat.name] + rest
    new.resume_chat(max((line["id"] for line in chat), default=0))
    if config.kind != "rated":  # the hand in progress, which nobody holds, dealt again by commit–reveal
        new.deal_again(occupants, now)  # (nobody else is connected yet: no message to send)
    return new, host_seat


__all__ = ["CHAT_LINES", "replay", "take_over"]
