"""What the room shows of a host-blind hand while it is played: viewer states from its public state alone.

At a blind table (``docs/fair-play.md``, *The room's message flow*) the host's room holds no
:class:`~spades.game.Game` of the hand in progress: its :class:`~spades.table.blindroom.BlindRelay` keeps the public
state (bids, the cards as they are revealed, tricks) and the room's :class:`~spades.table.Table` stays at the end of
the hand before (none before the first hand is over).  :func:`blind_state` is the viewer state the room sends
meanwhile: the shape of :meth:`spades.table.Table.state` (every key), with the hand's public state, **no card of
anyone** (``hand`` and ``hands`` are empty; each person's page adds its own cards from its own device), nothing
allowed (bids and cards go through the devices, as ``blind`` chunks, not as intents), and one key more, ``blind``
(:func:`blind_info`): what a page needs to start its seat's device for the hand.

Once the hand is audited the room rebuilds it with the engine (:func:`spades.table.blindroom.rebuild`) and its table
takes it (:meth:`spades.table.Table.adopt`): from then on the states are the table's own.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..cards import CARD_NAMES, Seat, Team, mask_cards, trick_winner
from ..game import Phase
from ..rules import Rules
from ..scoring import BLIND_NIL, Bid, bid_text, team_contract
from .blindroom import BlindRelay, BlindSeat, PublicHand
from .table import Occupant, Policy, Table, display_order, parse_viewer, reason_json

BLIND_PHASES = ("dealing", "bidding", "playing", "over")
"""A blind hand's public phases (:attr:`spades.table.blindroom.PublicHand.phase`)."""
PHASES = {"dealing": Phase.BIDDING, "bidding": Phase.BIDDING, "playing": Phase.PLAYING, "over": Phase.PLAYING}
"""A blind hand's public phase as the states say it: dealing is bidding with nobody's turn yet, and a hand whose
13 tricks are played stays playing (nobody's turn) until its audit is done and the table takes it."""


def blind_info(relay: BlindRelay) -> dict[str, Any]:
    """The state's ``blind`` key: ``{"table", "hand", "dealer", "totals", "bags", "rated", "phase", "revealed"}``
    — a page starts its seat's device with the first six (the worker's ``blind_start``: ``room`` is ``table``,
    ``totals`` and ``bags`` as NS, EW); ``phase`` is the public phase (``dealing``, ``bidding``, ``playing``,
    ``over``), ``revealed`` the seats whose keys are in."""
    public = relay.public
    return {
        "table": relay.table,
        "hand": relay.hand,
        "dealer": public.dealer.name,
        "totals": list(public.totals),
        "bags": list(public.bags),
        "rated": relay.rated,
        "phase": public.phase,
        "revealed": [seat.name for seat in public.revealed],
    }


def bidding_order(public: PublicHand) -> list[Bid]:
    """The bids made so far, in the order they were made (from the dealer's left)."""
    out: list[Bid] = []
    for i in range(4):
        bid = public.bids[(public.dealer + 1 + i) % 4]
        if bid is None:
            break
        out.append(bid)
    return out


def _first_state(viewer: str, rules: Rules, seats: Mapping[Seat, Occupant], policy: Policy) -> dict[str, Any]:
    """The keys of a state that come from the hands before, when there are none (the first hand)."""
    me = Seat[viewer] if viewer in ("N", "E", "S", "W") else None
    watched = Seat[viewer[-1]] if viewer[:-1] == "spectator:" and viewer[-1] in "NESW" else None
    us = Team(me % 2) if me is not None else Team(watched % 2) if watched is not None else Team.NS
    effective = policy.effective()
    return {
        "viewer": viewer,
        "me": me.name if me is not None else None,
        "us": us.name,
        "them": Team(1 - us).name,
        "seq": 0,
        "watching": watched.name if watched is not None else None,
        "totals": {"NS": 0, "EW": 0},
        "bags": {"NS": 0, "EW": 0},
        "hands_scored": 0,
        "last_result": None,
        "last_sheet": None,
        "policy": {**policy.to_json(), "kind": effective.kind},
        "rules": rules.to_dict(),
    }


def blind_state(
    relay: BlindRelay,
    viewer: str,
    seats: Mapping[Seat, Occupant],
    policy: Policy,
    base: Table | None = None,
) -> dict[str, Any]:
    """The viewer state of the blind hand ``relay`` plays, for ``viewer`` (see the module): ``base`` is the room's
    table at the end of the hand before (``None`` for the first hand), which gives the scores, the last hand's
    result and sheet and the event number; ``seats`` the occupants now."""
    viewer = parse_viewer(viewer)
    public = relay.public
    state = base.state(viewer) if base is not None else _first_state(viewer, public.rules, seats, policy)
    me = Seat[viewer] if viewer in ("N", "E", "S", "W") else None
    leader = public.leader if public.trick else None
    last = public.tricks[-1] if public.tricks else None
    dealt = public.phase != "dealing"
    state.update(
        {
            "phase": PHASES[public.phase].value,
            "turn": public.turn.name if public.turn is not None and not public.revealed else None,
            "dealer": public.dealer.name,
            "hand_number": relay.hand,
            "seats": {seat.name: seats[seat].to_json() for seat in Seat},
            "looked": False,
            "hand": [],
            "hand_count": public.left[me] if me is not None and dealt else 0,
            "hands": None,
            "legal_bids": [],
            "bid_reasons": {},
            "can_blind_nil": False,
            "bids": {s.name: (bid_text(b) if b is not None else None) for s, b in zip(Seat, public.bids, strict=True)},
            "contracts": {t.name: team_contract(public.bids, t) for t in Team},
            "cards_left": dict(zip("NESW", public.left if dealt else (0, 0, 0, 0), strict=True)),
            "tricks_won": dict(zip("NESW", public.won, strict=True)),
            "leader": leader.name if leader is not None else None,
            "trick": [{"seat": Seat((leader + i) % 4).name, "card": CARD_NAMES[c]} for i, c in enumerate(public.trick)]
            if leader is not None
            else [],
            "winning": Seat(trick_winner(leader, public.trick)).name if leader is not None else None,
            "last_trick": None
            if last is None
            else {"leader": last.leader.name, "cards": [CARD_NAMES[c] for c in last.cards], "winner": last.winner.name},
            "spades_broken": public.broken,
            "totals": {"NS": public.totals[0], "EW": public.totals[1]},
            "bags": {"NS": public.bags[0], "EW": public.bags[1]},
            "winner": None,
            "allowed": {"undo": False, "hint": False, "replay_hand": False, "next_hand": False, "claim": False},
            "claim": None,
            "blind": blind_info(relay),
        }
    )
    return state


def with_device(state: Mapping[str, Any], seat: BlindSeat) -> dict[str, Any]:
    """A person's page's state: ``state`` (the room's blind state for this seat) with what only its own device knows
    — its cards (in the table's display order, each legal or not with the engine's reason, as
    :meth:`spades.table.Table.state` gives them), its legal bids, whose turn it is when the 2♣ leads (only its
    holder knows) — and nothing else changed.  Blind nil is not offered: the device shows its cards as soon as it
    has them, and ``looked`` is true from the start (while the devices deal the hand is empty, not face down).  The
    worker's ``blind_state`` op (:mod:`spades.table.blindops`)."""
    out = dict(state)
    view = seat.view()
    mine = view.turn == seat.seat and seat.outcome is None and not seat.public.revealed
    playing = mine and view.phase is Phase.PLAYING
    legal = set(view.legal) if playing else set()
    hand = []
    for card in display_order(mask_cards(seat.hand_mask)):
        reason = seat.reason(card) if playing and card not in legal else None
        hand.append({"card": CARD_NAMES[card], "legal": card in legal,
                     "reason": reason_json(reason) if reason is not None else None})  # fmt: skip
    bidding = mine and view.phase is Phase.BIDDING and seat.public.phase == "bidding"
    out.update(
        {
            "looked": True,  # nothing to look at before the cards come, and no blind nil: never the look button
            "hand": hand,
            "hand_count": len(hand),
            "turn": view.turn.name if view.turn is not None and seat.public.phase != "dealing" else None,
            "legal_bids": [b for b in view.legal if b != BLIND_NIL] if bidding else [],
            "bid_reasons": {},
            "can_blind_nil": False,
        }
    )
    return out
