"""JSON encoding of seat views and moves, and the JSON-lines bot protocol (``spades-bot/1``).

The page's worker and external bots use the same encoding, so it is stable
and complete: :func:`view_from_json` rebuilds the exact
:class:`~spades.game.View` that :func:`view_to_json` encoded.

Encodings:

* cards are text, ``"AS"``, ``"TD"``, ``"2C"``, ``"LJ"``, ``"BJ"``;
  lists of cards are in card-number order (clubs, diamonds, hearts, spades,
  low to high) except the cards of a trick, which are in play order;
* seats are ``"N"``, ``"E"``, ``"S"``, ``"W"``; teams ``"NS"``, ``"EW"``;
  per-seat values are objects keyed by seat, per-team values by team;
* bids are integers 1–13, ``"nil"`` or ``"blind_nil"``; ``null`` = not yet;
* suits (in ``voids``) are ``"C"``, ``"D"``, ``"H"``, ``"S"``.

A view as JSON (every key is always present)::

    {"seat": "S", "rules": {... every option of spades.rules ...},
     "phase": "bidding" | "playing" | "hand-over" | "game-over",
     "hand_number": 1, "dealer": "W", "turn": "S" | null,
     "hand": ["2C", ...],
     "bids": {"N": 4, "E": "nil", "S": null, "W": null},
     "leader": "N" | null, "trick": ["QH", "2H"],
     "tricks": [{"leader": "E", "cards": ["2C", "KC", "AC", "5C"], "winner": "W"}, ...],
     "tricks_won": {"N": 0, "E": 0, "S": 0, "W": 1},
     "spades_broken": false, "played": ["2C", ...],
     "voids": {"N": [], "E": ["C"], "S": [], "W": []},
     "cards_left": {"N": 12, ...},
     "totals": {"NS": 0, "EW": 0}, "bags": {"NS": 0, "EW": 0},
     "results": [RESULT, ...],
     "winner": "NS" | "EW" | null,
     "legal": ["2H", "9H"] | [1, 2, ..., "nil"]}

A scored hand (``RESULT``; :func:`result_to_json`, the one encoding of hand
results: the bot protocol, the table's state and the score pad all use it)::

    {"number": 1, "dealer": "W",
     "bids": {"N": 4, "E": "nil", "S": 3, "W": 2}, "tricks": {"N": 5, "E": 0, "S": 3, "W": 5},
     "nils": {"E": true},
     "contracts": {"NS": 7, "EW": 2}, "taken": {"NS": 8, "EW": 5}, "made": {"NS": true, "EW": true},
     "contract_points": {"NS": 71, "EW": 23}, "nil_points": {"NS": 0, "EW": 100},
     "bag_penalty": {"NS": 0, "EW": 0}, "new_bags": {"NS": 1, "EW": 3}, "bags": {"NS": 1, "EW": 3},
     "points": {"NS": 71, "EW": 123}, "totals": {"NS": 71, "EW": 123}}

``nils`` has the seats that bid nil or blind nil, each with whether the nil
was made; per team (the fields of :class:`~spades.scoring.TeamScore`):
``contracts`` the numeric bids added, ``taken`` the tricks counted toward it,
``made`` (``null`` without a contract), ``contract_points``, ``nil_points``,
``bag_penalty`` (0 or negative), ``new_bags`` this hand, ``bags`` after it,
``points`` the hand's score; ``totals`` the running scores after the hand.

``legal`` lists the seat's legal moves (empty when it is not to act): cards
in the play phase, bids (blind nil first, then nil, then 1–13, as the engine
orders them) in the bidding phase.

The protocol (one JSON object per line, UTF-8, both ways; see
``docs/bot-protocol.md``): the host sends ``{"type": "hello", "protocol":
"spades-bot/1", "seat": "N"}`` and the bot answers ``{"type": "ready",
"name": ...}``; for each decision the host sends ``{"type": "move", "ask":
"bid" | "card", "view": VIEW}`` and the bot answers ``{"move": MOVE}`` (a bid
or a card text, optionally with ``"explanation"``); ``{"type": "quit"}`` ends
the session.  Any other message type needs no answer and must be ignored.
The bot's side of the protocol, its serve loop (``python -m spades bot``), is
:func:`spades.bots.serve.serve`; the host side, with its limits, is
:class:`spades.bots.arena.ExternalPlayer`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, TypeVar

from ..cards import CARD_NAMES, SUIT_LETTERS, Seat, Team, mask_cards, parse_card
from ..errors import ParseError, SpadesError, brief
from ..game import HandResult, Phase, Trick, View
from ..rules import Rules
from ..scoring import Bid, TeamScore, bid_text, parse_bid

PROTOCOL = "spades-bot/1"
"""The protocol name sent in ``hello``."""

_SEATS = ("N", "E", "S", "W")
_TEAMS = ("NS", "EW")
_TEAM_FIELDS = (
    ("contracts", "contract"), ("taken", "taken"), ("made", "made"), ("contract_points", "contract_points"),
    ("nil_points", "nil_points"), ("bag_penalty", "bag_penalty"), ("new_bags", "new_bags"), ("bags", "bags"),
    ("points", "points"),
)  # fmt: skip
"""The per-team keys of a result and the :class:`~spades.scoring.TeamScore` fields they hold."""


def _bid_json(bid: Bid | None) -> int | str | None:
    return None if bid is None else bid_text(bid)


def _bid_from(value: Any) -> Bid | None:
    if value is None:
        return None
    return parse_bid(value)


def _per_seat(values: Any) -> dict[str, Any]:
    return {name: values[i] for i, name in enumerate(_SEATS)}


_T = TypeVar("_T")


def _same(value: Any) -> Any:
    return value


def _from_seats(data: Mapping[str, Any], convert: Callable[[Any], _T]) -> tuple[_T, _T, _T, _T]:
    if not isinstance(data, Mapping):
        raise ParseError(f"expected an object keyed by seat, got {brief(data)}")
    n, e, s, w = (convert(data[name]) for name in _SEATS)
    return n, e, s, w


def result_to_json(result: HandResult) -> dict[str, Any]:
    """A scored hand as JSON (``RESULT`` in the module docstring); the one encoder of hand results."""
    data: dict[str, Any] = {
        "number": result.number,
        "dealer": result.dealer.name,
        "bids": _per_seat([_bid_json(b) for b in result.bids]),
        "tricks": _per_seat(result.tricks),
        "nils": {_SEATS[s]: result.tricks[s] == 0 for s in range(4) if result.bids[s] <= 0},
    }
    for key, field in _TEAM_FIELDS:
        data[key] = {name: getattr(result.teams[i], field) for i, name in enumerate(_TEAMS)}
    data["totals"] = {name: result.totals[i] for i, name in enumerate(_TEAMS)}
    return data


def result_from_json(data: Mapping[str, Any]) -> HandResult:
    """The inverse of :func:`result_to_json` (``nils`` is derived, so it is not read)."""
    ns, ew = (TeamScore(**{field: data[key][name] for key, field in _TEAM_FIELDS}) for name in _TEAMS)
    return HandResult(
        number=data["number"],
        dealer=Seat.parse(data["dealer"]),
        bids=_from_seats(data["bids"], parse_bid),  # a scored hand has every bid
        tricks=_from_seats(data["tricks"], _same),
        teams=(ns, ew),
        totals=(data["totals"]["NS"], data["totals"]["EW"]),
    )


def move_to_json(phase: Phase | str, move: int) -> int | str:
    """A move as JSON: a card text in the play phase, a bid (``4``, ``"nil"``, ``"blind_nil"``) otherwise.

    >>> move_to_json("playing", 51), move_to_json("bidding", 0), move_to_json("bidding", 4)
    ('AS', 'nil', 4)
    """
    if Phase(phase) is Phase.PLAYING:
        return CARD_NAMES[move]
    return bid_text(move)


def move_from_json(phase: Phase | str, value: Any) -> int:
    """The inverse of :func:`move_to_json`; raises :class:`~spades.errors.ParseError` on bad input.

    >>> move_from_json("playing", "QH"), move_from_json("bidding", "blind_nil")
    (36, -1)
    """
    if Phase(phase) is Phase.PLAYING:
        return parse_card(value)
    bid = _bid_from(value)
    if bid is None:
        raise ParseError("a bid is required, got null")
    return bid


def view_to_json(view: View) -> dict[str, Any]:
    """Encode ``view`` as plain JSON values (see the module docstring)."""
    return {
        "seat": view.seat.name,
        "rules": view.rules.to_dict(),
        "phase": view.phase.value,
        "hand_number": view.hand_number,
        "dealer": view.dealer.name,
        "turn": view.turn.name if view.turn is not None else None,
        "hand": [CARD_NAMES[c] for c in view.hand],
        "bids": _per_seat([_bid_json(b) for b in view.bids]),
        "leader": view.leader.name if view.leader is not None else None,
        "trick": [CARD_NAMES[c] for c in view.trick],
        "tricks": [
            {"leader": t.leader.name, "cards": [CARD_NAMES[c] for c in t.cards], "winner": t.winner.name}
            for t in view.tricks
        ],
        "tricks_won": _per_seat(view.tricks_won),
        "spades_broken": view.spades_broken,
        "played": [CARD_NAMES[c] for c in mask_cards(view.played)],
        "voids": _per_seat([[SUIT_LETTERS[s] for s in range(4) if v >> s & 1] for v in view.voids]),
        "cards_left": _per_seat(view.cards_left),
        "totals": {name: view.totals[i] for i, name in enumerate(_TEAMS)},
        "bags": {name: view.bags[i] for i, name in enumerate(_TEAMS)},
        "results": [result_to_json(r) for r in view.results],
        "winner": view.winner.name if view.winner is not None else None,
        "legal": [move_to_json(view.phase, m) for m in view.legal],
    }


def _whole(value: Any) -> int:
    """A JSON integer (not ``true``/``false``, not ``"3"``, not ``3.0``)."""
    if type(value) is not int:
        raise ParseError(f"expected an integer, got {brief(value)}")
    return value


def _flag(value: Any) -> bool:
    if type(value) is not bool:
        raise ParseError(f"expected true or false, got {brief(value)}")
    return value


def view_from_json(data: object) -> View:
    """Rebuild the :class:`~spades.game.View` encoded by :func:`view_to_json`.

    Raises :class:`~spades.errors.ParseError` (or :class:`~spades.errors.RulesError`) on malformed input.
    """
    if not isinstance(data, Mapping):
        raise ParseError(f"malformed view: expected an object, got {brief(data)}")
    try:
        phase = Phase(data["phase"])
        played = 0
        for text in data["played"]:
            played |= 1 << parse_card(text)
        return View(
            seat=Seat.parse(data["seat"]),
            rules=Rules.from_dict(data["rules"]),
            phase=phase,
            hand_number=_whole(data["hand_number"]),
            dealer=Seat.parse(data["dealer"]),
            turn=Seat.parse(data["turn"]) if data["turn"] is not None else None,
            hand=tuple(sorted(parse_card(c) for c in data["hand"])),
            bids=_from_seats(data["bids"], _bid_from),
            leader=Seat.parse(data["leader"]) if data["leader"] is not None else None,
            trick=tuple(parse_card(c) for c in data["trick"]),
            tricks=tuple(
                Trick(Seat.parse(t["leader"]), tuple(parse_card(c) for c in t["cards"]), Seat.parse(t["winner"]))
                for t in data["tricks"]
            ),
            tricks_won=_from_seats(data["tricks_won"], _whole),
            spades_broken=_flag(data["spades_broken"]),
            played=played,
            voids=_from_seats(data["voids"], lambda suits: sum(1 << SUIT_LETTERS.index(s) for s in suits)),
            cards_left=_from_seats(data["cards_left"], _whole),
            totals=(_whole(data["totals"]["NS"]), _whole(data["totals"]["EW"])),
            bags=(_whole(data["bags"]["NS"]), _whole(data["bags"]["EW"])),
            results=tuple(result_from_json(r) for r in data["results"]),
            winner=Team.parse(data["winner"]) if data["winner"] is not None else None,
            legal=tuple(move_from_json(phase, m) for m in data["legal"]),
        )
    except SpadesError:
        raise
    except (KeyError, TypeError, ValueError, AttributeError, IndexError, RecursionError) as error:
        raise ParseError(f"malformed view: {type(error).__name__}: {brief(str(error), 120)}") from None


def move_request(view: View) -> dict[str, Any]:
    """The host's ``move`` message asking ``view.seat`` to act."""
    ask = "bid" if view.phase is Phase.BIDDING else "card"
    return {"type": "move", "ask": ask, "view": view_to_json(view)}
