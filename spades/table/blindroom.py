"""A host-blind hand in the room: the host relays and keeps the books, each device keeps its own cards.

:mod:`spades.table.blind` is the protocol between four devices.  This module runs it through the host's room, so
that the host's page — the relay, and the bookkeeper of everything public — learns no more than a guest
(``docs/fair-play.md``, *The room's message flow*):

* :class:`BlindRelay` is the host room's part.  Every device message comes to it in chunks
  (:mod:`spades.table.chunks`: a guest's message to the host is at most 4 KB, a shuffle about 27 kB); it joins
  them, checks that the sender is the seat it speaks for and that the message may come now, keeps the public
  state (:class:`PublicHand`: the bids, each card as it is revealed — checked against the final deck with its
  keys —, tricks and their winners) and relays the message to the three other seats (chunks of at most
  :data:`~spades.table.chunks.HOST_LIMIT`).  It holds no key: nothing it has decrypts a card before its play.
* :class:`BlindSeat` is a device's part, in its page's worker: its :class:`~spades.table.blind.Device` and its
  own cards, the same :class:`PublicHand`, and the seat's :class:`~spades.game.View` built from both (its legal
  cards from its own hand, following suit by the engine's rules).  Its own messages it applies at once and sends
  to the relay (the relay does not echo them).
* At the end of the hand (13 tricks) every device reveals its keys; once the four reveals are in, the relay and
  every device audit the hand (:func:`spades.table.blind.audit`) and :func:`settle` it, each the same way:

  1. a seat the relay refused (a message it could not take, sent as another seat, out of turn, a forged card):
     that seat is named (``blind_left``) and its side treated as having left;
  2. reveals missing when the room gives up waiting (:meth:`BlindRelay.expire`): those seats, the same;
  3. an audit that does not hold for another reason than a renege: the seat it names, the same;
  4. a renege (``blind_renege``): the hand is scored by the engine's rule (:func:`spades.scoring.renege_tricks`,
     the seed rules, 003: 违规不跟：能跟花色却不跟者，要给对手 3 墩): each renege gives the opponents 3 tricks
     (:data:`spades.scoring.RENEGE_TRICKS`) — as many as its side won if fewer, taken from the reneging seat
     first, given to an opponent who did not bid nil (the left-hand one first); a nil is judged by the tricks
     taken in play; :func:`rebuild` replays such a hand too; at a rated table the reneging side also loses the
     game (:attr:`Outcome.loser`);
  5. a hand given up before its end with nothing found: the first seat that revealed early is named
     (``blind_abandoned``), its side treated as having left;
  6. otherwise the audit holds (``blind_audit``): :func:`rebuild` replays the hand with the engine from the
     audited deal, the bids and the play, so the score sheet and records are the engine's, and
     :meth:`BlindRelay.fair_part` is the record's ``fair`` part of kind ``blind``.

A device that finds something wrong itself (keys that do not open its cards, a deck outside the group, a message
out of turn) gives the hand up: it reveals at once, and every device that sees a reveal before the end reveals
too, so that the audit can name who sent what does not hold.

Each :class:`Outcome` carries its events (``{"kind": "blind_audit" | "blind_renege" | "blind_left", …}``) with
what happened, for every page to say in its language (the catalog's keys of the same names).

Rules a blind hand keeps beyond the engine's: the deck is the rules' deck; with the two-of-clubs first lead, the
first card must be the 2♣, from whichever seat holds it (no one else knows who does).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ..cards import (
    CARD_NAMES,
    SPADE_MASK,
    SUIT_OF,
    TWO_CLUBS,
    Card,
    Seat,
    Team,
    mask_cards,
    parse_card,
    trick_winner,
)
from ..errors import FairError, IllegalMoveError, SpadesError, brief, register
from ..game import Game, HandResult, Phase, Reason, Trick, View, bid_reason, deck_of, play_reason, playable_mask
from ..rules import Rules
from ..scoring import Bid, TeamScore, parse_bid, renege_tricks, score_hand
from . import blind, group
from .chunks import GUEST_LIMIT, HOST_LIMIT, ChunkError, Joiner, split
from .fair import Verification

ERROR_CODES = register(
    __name__,
    {
        "blind_refused": ("seat", "why"),
        "blind_abandoned": ("seat",),
    },
)
"""A device's message the relay refused (the seat and why); a hand a device gave up with nothing found wrong."""

DEVICE_TYPES = ("hello", "keys", "shuffle", "lock", "play", "reveal")
"""The messages of :class:`~spades.table.blind.Device`; besides them a blind hand has ``bid`` (``{from, bid}``,
public) and the relay's own ``abort`` (``{seat, code, params, why}``: the seat it refused)."""
DEAL_MESSAGES = 4 + 12 + 4 + 16
"""Hellos, key boxes, shuffles and lock blocks: once all have gone by, the cards are dealt."""
BLIND_CHUNKS = 36
"""The most chunks one device sends the relay for one hand, with a margin: 24 in a whole hand of 52 or 54 cards
(hello 1, key boxes 3, shuffle 1, lock blocks 4, bid 1, cards 13, reveal 1: tests/test_blind_rate.py counts
them), a reveal before the end up to 2; the room's bucket for blind chunks is sized from it (``room.BLIND_RATE``)."""
EVENT_KINDS = ("blind_audit", "blind_renege", "blind_left")


def _refused(seat: Seat, why: str) -> FairError:
    return FairError(f"{seat.name}'s message was refused: {why}", "blind_refused", {"seat": seat.name, "why": why})


class PublicHand:
    """What everyone at a blind hand knows: the deal's progress, the bids, the cards played, the tricks.

    :meth:`observe` takes every message of the hand (a device's, a bid) in the order relayed and raises
    :class:`FairError` naming the sender for one that may not come now (``fair_unexpected``, or the engine's
    reason for a bid the public rules forbid); once a seat has revealed, nothing but reveals changes it.
    ``phase`` is ``"dealing"``, ``"bidding"``, ``"playing"`` or ``"over"`` (13 tricks); :attr:`given_up` is the
    first seat that revealed before the end.
    """

    def __init__(
        self, rules: Rules, dealer: Seat, totals: tuple[int, int] = (0, 0), bags: tuple[int, int] = (0, 0)
    ) -> None:
        self.rules = rules
        self.dealer = Seat(dealer)
        self.totals = totals
        self.bags = bags
        self.deck = deck_of(rules.jokers)
        self.size = len(mask_cards(self.deck))
        self.phase = "dealing"
        self._dealing: set[tuple[str, str, object]] = set()
        self.bids: list[Bid | None] = [None, None, None, None]
        self.turn: Seat | None = None
        """The seat to act; ``None`` while dealing, after the end, and for the first lead under the two-of-clubs
        rule (whoever holds the 2♣)."""
        self.trick: list[Card] = []
        self.leader: Seat | None = None
        self.tricks: list[Trick] = []
        self.won = [0, 0, 0, 0]
        self.broken = False
        self.played = 0
        self.positions: set[int] = set()
        self.voids = [0, 0, 0, 0]
        self.left = [self.size // 4] * 4
        self.play: list[Card] = []
        self.revealed: list[Seat] = []
        self.given_up: Seat | None = None

    @property
    def finished(self) -> bool:
        """Whether every trick has been played."""
        return len(self.tricks) == self.size // 4

    def _unexpected(self, seat: Seat, what: str) -> FairError:
        return FairError(f"{seat.name} sent {what} out of turn", "fair_unexpected", {"seat": seat.name, "value": what})

    def observe(self, message: Mapping[str, Any]) -> None:
        """Take one message of the hand (its sender in ``from``); see the class."""
        seat = Seat[message["from"]]
        kind = message.get("type")
        if self.revealed and kind != "reveal":
            return  # on its way when the hand was given up: nothing public changes any more
        if kind in ("hello", "keys", "shuffle", "lock"):
            if self.phase != "dealing":
                raise self._unexpected(seat, str(kind))
            part = message.get("to") if kind == "keys" else message.get("block")
            if kind == "keys":
                well = part in ("N", "E", "S", "W") and part != seat.name
            elif kind == "lock":
                well = type(part) is int and 0 <= part < 4
            else:
                well = part is None
            key = (str(kind), seat.name, part)
            if not well or key in self._dealing:
                raise self._unexpected(seat, str(kind))
            self._dealing.add(key)
            if len(self._dealing) == DEAL_MESSAGES:
                self.phase = "bidding"
                self.turn = Seat((self.dealer + 1) % 4)
        elif kind == "bid":
            self._bid(seat, message.get("bid"))
        elif kind == "play":
            card = parse_card(str(message.get("card")))
            position = message.get("position")
            assert type(position) is int
            self._play(seat, card, position)
        elif kind == "reveal":
            if seat in self.revealed:
                raise self._unexpected(seat, "reveal")
            if not self.finished and self.given_up is None and not self.revealed:
                self.given_up = seat
            self.revealed.append(seat)
            self.turn = None
        else:
            raise self._unexpected(seat, brief(kind))

    def _bid(self, seat: Seat, value: object) -> None:
        if self.phase != "bidding" or seat != self.turn or self.revealed:
            raise self._unexpected(seat, "bid")
        try:
            bid = parse_bid(value)
        except SpadesError:
            raise self._unexpected(seat, f"bid {brief(value)}") from None
        reason = bid_reason(self.rules, self.bids, seat, bid, totals=self.totals)
        if reason is not None:
            raise FairError(f"{seat.name} bid {brief(value)}: {reason}", "fair_unexpected",
                            {"seat": seat.name, "value": f"bid {brief(value)}"})  # fmt: skip
        self.bids[seat] = bid
        if all(b is not None for b in self.bids):
            self.phase = "playing"
            self.turn = None if self.rules.first_lead == "two_clubs" else Seat((self.dealer + 1) % 4)
        else:
            self.turn = Seat((seat + 1) % 4)

    def _play(self, seat: Seat, card: Card, position: int) -> None:
        first = self.rules.first_lead == "two_clubs" and not self.tricks and not self.trick
        if self.phase != "playing" or self.revealed or (seat != self.turn and not (first and card == TWO_CLUBS)):
            raise self._unexpected(seat, f"play {CARD_NAMES[card]}")
        if first and card != TWO_CLUBS:
            raise self._unexpected(seat, f"play {CARD_NAMES[card]}")
        bit = 1 << card
        self.played |= bit
        self.positions.add(position)
        self.left[seat] -= 1
        self.play.append(card)
        if bit & SPADE_MASK:
            self.broken = True
        if not self.trick:
            self.leader = seat
        elif SUIT_OF[card] != SUIT_OF[self.trick[0]]:
            self.voids[seat] |= 1 << SUIT_OF[self.trick[0]]
        self.trick.append(card)
        if len(self.trick) < 4:
            self.turn = Seat((seat + 1) % 4)
            return
        assert self.leader is not None
        winner = Seat(trick_winner(self.leader, self.trick))
        self.won[winner] += 1
        self.tricks.append(Trick(self.leader, tuple(self.trick), winner))
        self.trick = []
        self.turn = winner
        if self.finished:
            self.phase = "over"
            self.turn = None

    def reason(self, seat: Seat, hand: int, card: Card) -> Reason | None:
        """Why ``seat``, holding ``hand`` (a mask of its unplayed cards), may not play ``card`` now, or ``None``:
        the engine's rules (follow suit when able; spades only once broken, unless the hand holds nothing else;
        the 2♣ first under the two-of-clubs rule)."""
        not_now = self._not_now(seat, hand)
        if not_now is not None:
            return not_now
        return play_reason(hand, self.legal_mask(seat, hand), card, self.trick, self._two_clubs())

    def legal_mask(self, seat: Seat, hand: int) -> int:
        """The cards of ``hand`` (``seat``'s unplayed cards, a mask) that it may play now, as a mask: none when it
        may not play now (:func:`spades.game.playable_mask`)."""
        if self._not_now(seat, hand) is not None:
            return 0
        return playable_mask(hand, self.trick, self.broken or self.rules.spades_anytime, self._two_clubs())

    def _two_clubs(self) -> bool:
        """Whether this is the first trick under the two-of-clubs rule."""
        return self.rules.first_lead == "two_clubs" and not self.tricks

    def _not_now(self, seat: Seat, hand: int) -> Reason | None:
        """Why ``seat``, holding ``hand``, may not play at all now (the phase; another's turn), or ``None``: before
        the first trick under the two-of-clubs rule the seat holding the 2♣ is the one to play."""
        if self.phase != "playing" or self.revealed:
            return Reason("wrong_phase", phase=self.phase)
        turn = self.turn
        if turn is None and self._two_clubs() and not self.trick and hand >> TWO_CLUBS & 1:
            turn = seat
        if seat != turn:
            return Reason("not_your_turn", turn=turn.name if turn is not None else "?")
        return None


# ----------------------------------------------------------------- the end of the hand


class Outcome:
    """A blind hand settled (see the module's rules): ``verification`` (the audit's one line), ``left`` (seats whose
    sides are treated as having left, the first named with ``error``), ``renege`` (``(seat, card, n)``),
    ``tricks`` (by seat, after any penalty) and ``teams``/``totals`` (the hand scored with the engine's scoring;
    ``None`` when someone left), ``loser`` (the team that loses the game: a renege at a rated table), ``deal`` and
    ``play`` (from the audit), ``events`` (for the pages)."""

    __slots__ = ("deal", "error", "events", "left", "loser", "play", "renege", "teams", "totals", "tricks",
                 "verification")  # fmt: skip

    def __init__(self, verification: Verification) -> None:
        self.verification = verification
        self.error: FairError | None = None
        self.left: tuple[Seat, ...] = ()
        self.renege: tuple[Seat, int, int] | None = None
        self.tricks: tuple[int, int, int, int] | None = None
        self.teams: tuple[TeamScore, TeamScore] | None = None
        self.totals: tuple[int, int] | None = None
        self.loser: Team | None = None
        self.deal: tuple[int, int, int, int] | None = None
        self.play: tuple[int, ...] = ()
        self.events: list[dict[str, Any]] = []

    @property
    def ok(self) -> bool:
        """Whether the hand holds: audited, finished, no renege, nobody left."""
        return self.verification.ok and not self.left and self.renege is None

    def to_json(self) -> dict[str, Any]:
        """The outcome as JSON (what the worker answers)."""
        return {
            "ok": self.ok,
            "line": self.verification.line,
            "left": [seat.name for seat in self.left],
            "renege": None if self.renege is None else
            {"seat": self.renege[0].name, "card": CARD_NAMES[self.renege[1]], "n": self.renege[2]},
            "tricks": None if self.tricks is None else list(self.tricks),
            "points": None if self.teams is None else [team.points for team in self.teams],
            "totals": None if self.totals is None else list(self.totals),
            "loser": None if self.loser is None else self.loser.name,
            "events": [dict(event) for event in self.events],
        }  # fmt: skip


def settle(
    audit: blind.Audit,
    public: PublicHand,
    *,
    rated: bool = False,
    refused: FairError | None = None,
    missing: Sequence[Seat] = (),
) -> Outcome:
    """The hand's outcome from its audit and public state, by the module's rules (the same on every page)."""
    outcome = Outcome(audit.verification)
    outcome.deal, outcome.play = audit.deal, audit.play
    error = audit.verification.error
    named: FairError | None = None
    if refused is not None:
        named = refused
    elif missing:
        named = FairError(f"no secrets revealed by {', '.join(s.name for s in missing)}", "fair_no_reveal",
                          {"seats": [s.name for s in missing]})  # fmt: skip
    elif isinstance(error, FairError) and error.code != "fair_renege" and error.seat in ("N", "E", "S", "W"):
        named = error
    elif audit.renege is None and not public.finished:
        seat = public.given_up or Seat.N
        named = FairError(f"{seat.name} gave the hand up with nothing found wrong", "blind_abandoned",
                          {"seat": seat.name})  # fmt: skip
    if named is not None:
        if refused is None and missing:
            seats = list(missing)
        else:
            seats = [Seat[named.seat]] if named.seat in ("N", "E", "S", "W") else []
        outcome.error = named
        outcome.left = tuple(seats)
        outcome.verification = Verification(f"does not hold: {named}", named)
        for seat in seats:
            outcome.events.append({"kind": "blind_left", "seat": seat.name, "code": named.code,
                                   "params": dict(named.params)})  # fmt: skip
        return outcome
    bids = [b if b is not None else 0 for b in public.bids]
    won: tuple[int, int, int, int] = (public.won[0], public.won[1], public.won[2], public.won[3])
    tricks = won
    reneges: tuple[Seat, ...] = ()
    if audit.renege is not None:
        seat, card, n = audit.renege
        outcome.renege = audit.renege
        event: dict[str, Any] = {"kind": "blind_renege", "seat": seat.name, "card": CARD_NAMES[card], "n": n,
                                 "rated": rated}  # fmt: skip
        if public.finished and audit.deal is not None:  # every renege of the hand, as the engine replays it
            order = [bids[(public.dealer + 1 + i) % 4] for i in range(4)]
            reneges = rebuild(public.rules, public.dealer, audit.deal, order, audit.play).results[-1].reneges
            tricks = renege_tricks(won, bids, reneges)
        if rated:
            outcome.loser = Team(seat % 2)
            event["loser"] = outcome.loser.name
        else:
            event["tricks"] = sum(max(0, b - a) for a, b in zip(won, tricks, strict=True))
        outcome.events.append(event)
    else:
        outcome.events.append({"kind": "blind_audit", "ok": True})
    if not public.finished:  # a rated renege found in a hand given up: nothing to score
        return outcome
    outcome.tricks = tricks
    b0, b1, b2, b3 = bids
    ns, ew = score_hand(public.rules, (b0, b1, b2, b3), won, public.bags, reneges)
    outcome.teams = (ns, ew)
    outcome.totals = (public.totals[0] + ns.points, public.totals[1] + ew.points)
    return outcome


def rebuild(
    rules: Rules,
    dealer: Seat,
    deal: tuple[int, int, int, int],
    bids: Sequence[Bid],
    play: Sequence[Card],
    game: Game | None = None,
) -> Game:
    """The hand replayed with the engine: a new :class:`~spades.game.Game` of this one hand (``game`` ``None``), or
    ``game``'s next hand (``game`` between hands, its next dealer ``dealer``); ``bids`` in bidding order.  A card
    refused only because its seat could follow suit is replayed as a renege (:meth:`~spades.game.Game.play` with
    ``renege=True``: the hand records it and its scoring penalises it, as :func:`settle` does); any other move the
    engine refuses raises :class:`FairError`."""
    if game is None:
        game = Game(rules, seed=0, dealer=dealer, deal={seat: mask_cards(deal[seat]) for seat in Seat})
    else:
        if game.phase is not Phase.HAND_OVER or (game.dealer + 1) % 4 != dealer:
            raise FairError(f"the game cannot take a hand dealt by {Seat(dealer).name} now", "fair_unexpected",
                            {"seat": Seat(dealer).name, "value": "deal"})  # fmt: skip
        game.next_hand({seat: mask_cards(deal[seat]) for seat in Seat})
    try:
        for bid in bids:
            game.bid(bid)
        for card in play:
            reason = game.check(card)
            game.play(card, renege=reason is not None and reason.code == "must_follow")
    except IllegalMoveError as error:
        n = len(game.tricks) * 4 + len(game.trick) + 1
        raise FairError(
            f"{error.seat} played {brief(str(error))}",
            "fair_unexpected",
            {"seat": error.seat, "value": f"card {n}" if game.phase is Phase.PLAYING else "bid"},
        ) from None
    return game


# ----------------------------------------------------------------- the host's relay


Out = tuple[Seat, dict[str, Any]]


class BlindRelay:
    """The host's room's part in a blind hand (see the module): :meth:`receive` a seat's chunk, send what it
    returns (``[(seat, chunk), …]``: the host's own seat included, its page's device then takes it)."""

    def __init__(
        self,
        table: str,
        hand: int,
        rules: Rules,
        dealer: Seat,
        totals: tuple[int, int] = (0, 0),
        bags: tuple[int, int] = (0, 0),
        *,
        rated: bool = False,
    ) -> None:
        self.table = table
        self.hand = hand
        self.rated = rated
        self.public = PublicHand(rules, dealer, totals, bags)
        self.transcript: list[dict[str, Any]] = []
        """Every device message relayed, in order: the record's ``fair.transcript``."""
        self.final = [""] * self.public.size
        """The final deck as the lock blocks of West come (``""`` until then)."""
        self._joiners = {seat: Joiner() for seat in Seat}
        self._ids = {seat: 0 for seat in Seat}
        self._relay_id = 0
        self.refused: FairError | None = None
        self.outcome: Outcome | None = None

    def _send(self, payload: Mapping[str, Any], sender: Seat | None, to: Sequence[Seat]) -> list[Out]:
        if sender is None:
            self._relay_id += 1
            chunks = split(payload, self._relay_id, HOST_LIMIT)
        else:
            self._ids[sender] += 1
            chunks = split(payload, self._ids[sender], HOST_LIMIT, sender.name)
        return [(seat, chunk) for seat in to for chunk in chunks]

    def receive(self, seat: Seat, chunk: object) -> list[Out]:
        """Take one chunk from ``seat``'s device; return the chunks to send on."""
        seat = Seat(seat)
        if self.outcome is not None:
            return []
        try:
            message = self._joiners[seat].add(chunk)
        except ChunkError as error:
            return self._refuse(_refused(seat, str(error.params["why"])))
        if message is None:
            return []
        try:
            self._check(seat, message)
        except FairError as error:
            if error.code == "fair_value" or error.code == "fair_forged_card" or error.seat != seat.name:
                return self._refuse(_refused(seat, str(error)))
            return self._refuse(error)
        if message["type"] != "bid":
            self.transcript.append(message)
        out = self._send(message, seat, [other for other in Seat if other != seat])
        self._settle_if_done()
        return out

    def _check(self, seat: Seat, message: dict[str, Any]) -> None:
        if message.get("from") != seat.name:
            raise _refused(seat, f"sent as {brief(message.get('from'))}")
        kind = message.get("type")
        if kind not in (*DEVICE_TYPES, "bid"):
            raise _refused(seat, f"an unknown message {brief(kind)}")
        if self.refused is not None and kind != "reveal":
            raise _refused(seat, f"{kind} after the hand was given up")
        if kind == "lock" and seat == Seat.W:
            block, deck = blind.read_lock(message, self.public.size)
            share = self.public.size // 4
            if any(self.final[block * share : (block + 1) * share]):
                raise self.public._unexpected(seat, "lock")
            self.public.observe(message)
            self.final[block * share : (block + 1) * share] = deck
            return
        if kind == "play":
            position, card = blind.read_play(message, self.final, self.public.deck, self.public.positions)
            message = {**message, "position": position, "card": CARD_NAMES[card]}
        self.public.observe(message)

    def _refuse(self, error: FairError) -> list[Out]:
        if self.refused is not None:
            return []
        self.refused = error
        abort = {"type": "abort", "seat": error.seat, "code": error.code, "params": dict(error.params),
                 "why": str(error)}  # fmt: skip
        return self._send(abort, None, list(Seat))

    def _settle_if_done(self) -> None:
        revealed = set(self.public.revealed)
        if self.refused is not None:
            if all(seat in revealed for seat in Seat if seat.name != self.refused.seat):
                self._settle()
        elif len(revealed) == 4:
            self._settle()

    def _settle(self, missing: Sequence[Seat] = ()) -> None:
        public = self.public
        bids = [b for b in public.bids if b is not None]
        result = blind.audit(self.table, self.hand, self.transcript, public.dealer, bids, public.rules, public.deck)
        self.outcome = settle(result, public, rated=self.rated, refused=self.refused, missing=missing)

    def expire(self) -> Outcome:
        """The room gives up waiting for the reveals (its clock): the seats that have not revealed are named."""
        if self.outcome is None:
            missing = [seat for seat in Seat if seat not in self.public.revealed]
            self._settle(missing if self.refused is None else ())
        assert self.outcome is not None
        return self.outcome

    def abandon(self, seat: Seat, why: str) -> list[Out]:
        """The room gives ``seat``'s device up (its person left, or dropped for longer than the room waits): the
        relay refuses it as it refuses a bad message — ``abort`` to everyone, the others reveal, and :func:`settle`
        names that seat (``blind_refused`` with ``why``).  Nothing once the hand is settled or a seat was refused."""
        if self.outcome is not None:
            return []
        out = self._refuse(_refused(Seat(seat), why))
        self._settle_if_done()
        return out

    def fair_part(self) -> dict[str, Any]:
        """The record's ``fair`` part of kind ``blind`` for this hand (``python -m spades verify`` checks it)."""
        transcript = list(self.transcript)
        return {"kind": "blind", "group": group.NAME, "table": self.table, "hand": self.hand, "transcript": transcript}


# ----------------------------------------------------------------- a device's seat


class BlindSeat:
    """A device's part in a blind hand, in its page's worker (see the module).

    :meth:`start`, :meth:`receive` (a chunk relayed by the host), :meth:`bid` and :meth:`play` each return the
    chunks to send the host (at most :data:`~spades.table.chunks.GUEST_LIMIT` bytes each); :meth:`view` is the
    seat's :class:`~spades.game.View`; :attr:`outcome` is set once the hand is settled.  ``results`` are the
    game's scored hands before this one (for the view).
    """

    def __init__(
        self,
        seat: Seat,
        table: str,
        hand: int,
        rules: Rules,
        dealer: Seat,
        totals: tuple[int, int] = (0, 0),
        bags: tuple[int, int] = (0, 0),
        *,
        rated: bool = False,
        results: Sequence[HandResult] = (),
        device: blind.Device | None = None,
    ) -> None:
        self.seat = Seat(seat)
        self.table = table
        self.hand = hand
        self.rated = rated
        self.results = tuple(results)
        self.public = PublicHand(rules, dealer, totals, bags)
        self.device = device if device is not None else blind.Device(self.seat, table, hand, self.public.deck)
        self._joiners: dict[str, Joiner] = {}
        self._id = 0
        self.error: FairError | None = None
        """The first thing this device refused (it then gave the hand up)."""
        self.refused: FairError | None = None
        """The relay's ``abort``: the seat it refused."""
        self.outcome: Outcome | None = None
        self._revealing = False

    # the flow

    def _send(self, messages: list[dict[str, Any]]) -> list[dict[str, Any]]:
        """Apply this device's own ``messages`` (and what they lead to) here; return them as chunks."""
        out: list[dict[str, Any]] = []
        queue = list(messages)
        while queue:
            message = queue.pop(0)
            self._id += 1
            chunks = split(message, self._id, GUEST_LIMIT)
            out.extend(chunks)
            queue.extend(self._take(message))
        self._settle_if_done()
        return out

    def _take(self, message: Mapping[str, Any]) -> list[dict[str, Any]]:
        """One message of the hand (this device's own or relayed); what this device sends next."""
        kind = message.get("type")
        try:
            if kind == "abort":
                if self.refused is None:
                    seat = message.get("seat")
                    params = message.get("params")
                    self.refused = FairError(
                        str(message.get("why"))[:300], "blind_refused",
                        {"seat": seat if seat in ("N", "E", "S", "W") else "?",
                         "why": str(params.get("why", "")) if isinstance(params, dict) else ""},
                    )  # fmt: skip
                return self._give_up()
            if message.get("from") not in ("N", "E", "S", "W"):
                raise FairError(f"a message without a sender: {brief(message)}", "fair_unexpected",
                                {"seat": "?", "value": brief(kind)})  # fmt: skip
            if kind == "bid":
                self.public.observe(message)
                return []
            out = self.device.receive(message)
            self.public.observe(message)
            if kind == "reveal" and Seat[message["from"]] != self.seat:
                out += self._give_up()
            if self.device.unreadable:
                out += self._give_up()
            if self.public.finished:
                out += self._give_up()
            return out
        except FairError as error:
            if self.error is None:
                self.error = error
            return self._give_up()

    def _give_up(self) -> list[dict[str, Any]]:
        """This device's reveal, once (at the end of the hand, or to give it up)."""
        if self._revealing:
            return []
        self._revealing = True
        return [self.device.reveal()]

    def _settle_if_done(self) -> None:
        if self.outcome is not None:
            return
        revealed = set(self.public.revealed)
        refused = self.refused.seat if self.refused is not None else None
        if all(seat in revealed for seat in Seat if seat.name != refused):
            public = self.public
            bids = [b for b in public.bids if b is not None]
            result = self.device.audit(public.dealer, bids, public.rules)
            self.outcome = settle(result, public, rated=self.rated, refused=self.refused)

    def expire(self) -> Outcome:
        """The room gave up waiting for the reveals (as :meth:`BlindRelay.expire`): the seats whose reveals this
        device has not seen are named."""
        if self.outcome is None:
            public = self.public
            missing = [seat for seat in Seat if seat not in public.revealed] if self.refused is None else []
            bids = [b for b in public.bids if b is not None]
            result = self.device.audit(public.dealer, bids, public.rules)
            self.outcome = settle(result, public, rated=self.rated, refused=self.refused, missing=missing)
        return self.outcome

    def start(self) -> list[dict[str, Any]]:
        """This device's first chunks (its ``hello``)."""
        return self._send(self.device.start())

    def receive(self, chunk: object) -> list[dict[str, Any]]:
        """Take one chunk relayed by the host; return the chunks to send it."""
        sender = chunk.get("from") if isinstance(chunk, dict) else None
        joiner = self._joiners.setdefault(sender if sender in ("N", "E", "S", "W") else "relay", Joiner())
        try:
            message = joiner.add(chunk)
        except ChunkError:
            return []  # the relay's chunks are the relay's business: a bad one is dropped (the audit decides)
        if message is None:
            return []
        if sender in ("N", "E", "S", "W") and message.get("from") != sender:
            return []
        if sender is None and message.get("type") != "abort":
            return []
        return self._send(self._take(message))

    @property
    def hand_mask(self) -> int:
        """This seat's unplayed cards, as a mask."""
        mask = 0
        for position, card in self.device.cards.items():
            if position not in self.public.positions:
                mask |= 1 << card
        return mask

    def legal(self) -> tuple[Card, ...]:
        """This seat's legal cards now (empty when it is not its turn to play)."""
        return mask_cards(self.public.legal_mask(self.seat, self.hand_mask))

    def bid(self, bid: Bid | str) -> list[dict[str, Any]]:
        """Bid (a number, ``"nil"`` or ``"blind_nil"``); the chunks to send.  Raises
        :class:`~spades.errors.IllegalMoveError` for a bid the rules forbid now."""
        value = parse_bid(bid)
        public = self.public
        if public.phase != "bidding" or public.turn != self.seat or public.revealed:
            turn = public.turn.name if public.turn is not None else "?"
            wrong = Reason("not_your_turn", turn=turn) if public.phase == "bidding" else Reason(
                "wrong_phase", phase=public.phase)  # fmt: skip
            raise IllegalMoveError(self.seat.name, str(bid), wrong, "bid")
        spades = (self.hand_mask & SPADE_MASK).bit_count()
        reason = bid_reason(public.rules, public.bids, self.seat, value, totals=public.totals, spades=spades)
        if reason is not None:
            raise IllegalMoveError(self.seat.name, str(bid), reason, "bid")
        return self._send([{"type": "bid", "from": self.seat.name, "bid": value}])

    def play(self, card: Card | str) -> list[dict[str, Any]]:
        """Play ``card`` (a number or text such as ``"QH"``); the chunks to send.  Raises
        :class:`~spades.errors.IllegalMoveError` for a card the rules forbid (the seat's own hand decides)."""
        number = parse_card(card) if isinstance(card, str) else card
        reason = self.reason(number)
        if reason is not None:
            raise IllegalMoveError(self.seat.name, CARD_NAMES[number] if 0 <= number < 54 else brief(card), reason)
        return self._send([self.device.play(number)])

    def reason(self, card: Card) -> Reason | None:
        """Why this seat may not play ``card`` now, or ``None`` (:meth:`PublicHand.reason` with its own hand)."""
        return self.public.reason(self.seat, self.hand_mask, card)

    def view(self) -> View:
        """This seat's :class:`~spades.game.View`: the public state and its own cards."""
        public = self.public
        phase = {"dealing": Phase.BIDDING, "bidding": Phase.BIDDING, "playing": Phase.PLAYING}.get(
            public.phase, Phase.HAND_OVER)  # fmt: skip
        turn = public.turn
        legal: tuple[int, ...] = ()
        if public.phase == "playing" and not public.revealed:
            legal = self.legal()
            if turn is None and legal:
                turn = self.seat
        elif public.phase == "bidding" and turn == self.seat and not public.revealed:
            spades = (self.hand_mask & SPADE_MASK).bit_count()
            bids, rules, totals = public.bids, public.rules, public.totals
            legal = tuple(
                b for b in range(-1, 14) if bid_reason(rules, bids, self.seat, b, totals=totals, spades=spades) is None
            )
        totals, bags = public.totals, public.bags
        if self.outcome is not None and self.outcome.totals is not None and self.outcome.teams is not None:
            totals = self.outcome.totals
            bags = (self.outcome.teams[0].bags, self.outcome.teams[1].bags)
        return View(
            seat=self.seat,
            rules=public.rules,
            phase=phase,
            hand_number=len(self.results) + 1,
            dealer=public.dealer,
            turn=turn if public.phase != "dealing" else None,
            hand=mask_cards(self.hand_mask),
            bids=tuple(public.bids),
            leader=public.leader if public.trick else None,
            trick=tuple(public.trick),
            tricks=tuple(public.tricks),
            tricks_won=tuple(public.won),
            spades_broken=public.broken,
            played=public.played,
            voids=tuple(public.voids),
            cards_left=tuple(public.left) if self.device.dealt else (0, 0, 0, 0),
            totals=totals,
            bags=bags,
            results=self.results,
            winner=None,
            legal=legal,
        )
