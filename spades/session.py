"""A table for one person against computer players: what the page's worker runs.

The page never touches the engine directly: it sends *intents* and renders the
*state* this module returns, both plain JSON (chessground's split: the
renderer knows no rules).  Computer players only ever receive their seat's
:class:`~spades.game.View`.

State (``Table.state()``)::

    {"phase": "bidding" | "playing" | "hand-over" | "game-over",
     "human": "S", "turn": "W" | null, "dealer": "N", "hand_number": 1,
     "hand": [{"card": "AS", "legal": true, "reason": null}, ...],   # ♠ ♥ ♣ ♦, high to low
     # an illegal card's "reason": {"code": "must_follow", "suit": "hearts", "number": null,
     #                              "text": "must follow hearts"}
     "legal_bids": [-1 (blind nil), 0 (nil), 1, ...] (when the human is to bid),
     "bid_reasons": {"2": {"code": "min_team_bid", ...}, ...} (why the other bids are forbidden),
     "bids": {"N": 3 | "nil" | "blind_nil" | null, ...}, "contracts": {"NS": 7, "EW": 5},
     "cards_left": {"N": 13, ...}, "tricks_won": {"N": 0, ...},
     "leader": "W" | null, "trick": [{"seat": "W", "card": "QH"}, ...],
     "last_trick": {"leader": .., "cards": [..], "winner": ..} | null,
     "spades_broken": false, "totals": {"NS": 0, "EW": 0}, "bags": {"NS": 0, "EW": 0},
     "results": [{"number", "dealer", "bids", "tricks", "points", "bags", "totals", "made", "nils"}],
     "winner": "NS" | "EW" | null, "can_undo": true, "rules": {...}}

Intents (``Table.act(intent)``): ``{"type": "bid", "bid": 4 | "nil" | "blind_nil"}``,
``{"type": "play", "card": "QH"}``, ``{"type": "undo"}`` (takes back the
person's last bid or card and the computer moves after it), ``{"type":
"replay_hand"}`` (the same deal from its first bid), ``{"type": "next_hand"}``.
A refused intent raises :class:`~spades.errors.SpadesError` with a clear
message and changes nothing.

Saves (``Table.save()`` / ``Table.load()``) are ``spades-save/1`` objects holding
the hand record (``docs/hand-record.md``) and the table's settings.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from .cards import CARD_NAMES, SUIT_NAMES, SUIT_OF, Card, Seat, Team, parse_card
from .errors import ParseError, SpadesError
from .game import Game, Phase, Reason, View
from .record import from_record, to_record
from .rules import Rules
from .scoring import BLIND_NIL, NIL, bid_text, parse_bid

SAVE_FORMAT = "spades-save/1"

Decide = Callable[[str, View, int], tuple[int, Any]]
"""``decide(level, view, seed) -> (move, hint)``: how the table asks a computer player."""

_DISPLAY_SUIT = {3: 0, 2: 1, 0: 2, 1: 3}  # ♠ ♥ ♣ ♦: colours alternate


def display_order(cards: tuple[Card, ...]) -> list[Card]:
    """Sort a hand for display: spades, hearts, clubs, diamonds; high to low."""
    return sorted(cards, key=lambda c: (_DISPLAY_SUIT[SUIT_OF[c]], -c))


def reason_json(reason: Reason) -> dict[str, Any]:
    """A :class:`Reason` as JSON for the page (``code`` is what it translates)."""
    return {
        "code": reason.code,
        "suit": SUIT_NAMES[reason.suit] if reason.suit is not None else None,
        "number": reason.number,
        "text": str(reason),
    }


def _first_legal(level: str, view: View, seed: int) -> tuple[int, Any]:
    """Fallback player: the first legal move (used when no bot package is present)."""
    return view.legal[0], None


class Table:
    """A game with one person (``human``) and computer players at the other seats."""

    def __init__(
        self,
        game: Game,
        *,
        human: Seat = Seat.S,
        bots: Mapping[Seat, str] | None = None,
        undo: bool = True,
        decide: Decide | None = None,
    ) -> None:
        self.game = game
        self.human = Seat(human)
        self.bots = {seat: (bots or {}).get(seat, "standard") for seat in Seat if seat != self.human}
        self.undo_allowed = undo
        self._decide = decide or _default_decide()

    @classmethod
    def new(
        cls,
        rules: Mapping[str, Any] | Rules | None = None,
        *,
        seed: int | None = None,
        human: Seat = Seat.S,
        bots: Mapping[Seat, str] | None = None,
        undo: bool = True,
        decide: Decide | None = None,
    ) -> Table:
        """Start a new game (``rules`` as a :class:`Rules` or its dict form)."""
        rules = rules if isinstance(rules, Rules) else Rules.from_dict(rules)
        return cls(Game(rules, seed=seed), human=human, bots=bots, undo=undo, decide=decide)

    # ----------------------------------------------------------------- intents

    def act(self, intent: Mapping[str, Any]) -> None:
        """Carry out the person's intent (see the module docstring)."""
        if not isinstance(intent, Mapping) or not isinstance(intent.get("type"), str):
            raise ParseError(f"an intent must be an object with a 'type', got {intent!r}")
        kind = intent["type"]
        game = self.game
        if kind == "bid":
            game.bid(parse_bid(intent.get("bid")), seat=self.human)
        elif kind == "play":
            card = intent.get("card")
            game.play(parse_card(card) if isinstance(card, str) else card, seat=self.human)
        elif kind == "undo":
            self.undo()
        elif kind == "replay_hand":
            while game.history[-1].moves:
                game.undo()
        elif kind == "next_hand":
            game.next_hand()
        else:
            raise ParseError(f"unknown intent {kind!r} (bid, play, undo, replay_hand, next_hand)")

    def can_undo(self) -> bool:
        """Whether the person has a bid or card in this hand to take back (and undo is allowed)."""
        return self.undo_allowed and self._last_human_move() is not None

    def _last_human_move(self) -> int | None:
        log = self.game.history[-1]
        seat = (log.dealer + 1) % 4
        last = None
        for index in range(min(4, len(log.moves))):
            if (seat + index) % 4 == self.human:
                last = index
        for index, trick_seat in enumerate(_play_seats(self.game), 4):
            if trick_seat == self.human:
                last = index
        return last

    def undo(self) -> None:
        """Take back the person's last bid or card of this hand, and every move after it."""
        if not self.undo_allowed:
            raise SpadesError("undo is turned off in the settings")
        index = self._last_human_move()
        if index is None:
            raise SpadesError("nothing of yours to undo in this hand")
        self.game.undo(len(self.game.history[-1].moves) - index)

    # ----------------------------------------------------------------- computer players

    def bot_to_move(self) -> Seat | None:
        """The computer seat that must act now, if any."""
        turn = self.game.turn
        return turn if turn is not None and turn != self.human else None

    def step(self) -> dict[str, Any] | None:
        """Let the computer player to act make one move; return ``{"seat", "bid"|"card", "hint"}`` or ``None``."""
        seat = self.bot_to_move()
        if seat is None:
            return None
        view = self.game.view(seat)
        move, hint = self._decide(self.bots[seat], view, self._seed_for(seat))
        bidding = self.game.phase is Phase.BIDDING
        self.game.apply(move, seat)
        event: dict[str, Any] = {"seat": seat.name, "hint": hint}
        if bidding:
            event["bid"] = bid_text(move)
        else:
            event["card"] = CARD_NAMES[move]
            if not self.game.trick and self.game.tricks:
                event["trick_winner"] = self.game.tricks[-1].winner.name
        return event

    def hint(self, level: str = "expert") -> dict[str, Any]:
        """What a computer player would do in the person's place: ``{"bid"|"card", "hint"}``."""
        if self.game.turn != self.human:
            raise SpadesError("it is not your turn")
        view = self.game.view(self.human)
        move, hint = self._decide(level, view, self._seed_for(self.human))
        key = "bid" if self.game.phase is Phase.BIDDING else "card"
        return {key: bid_text(move) if key == "bid" else CARD_NAMES[move], "hint": hint}

    def _seed_for(self, seat: Seat) -> int:
        """Decisions depend only on the position, so a restored game plays on identically."""
        game = self.game
        return (game.seed * 1_000_003 + game.hand_number * 1009 + len(game.history[-1].moves) * 7 + seat) & 0x7FFFFFFF

    # ----------------------------------------------------------------- state and saves

    def state(self) -> dict[str, Any]:
        """The person's view as JSON for the page (see the module docstring)."""
        game = self.game
        view = game.view(self.human)
        my_turn = view.turn == self.human
        hand = []
        for card in display_order(view.hand):
            reason = game.check(card) if my_turn and game.phase is Phase.PLAYING else None
            hand.append(
                {
                    "card": CARD_NAMES[card],
                    "legal": my_turn and game.phase is Phase.PLAYING and reason is None,
                    "reason": reason_json(reason) if reason is not None else None,
                }
            )
        contracts = {}
        for team in Team:
            bids = [view.bids[s] for s in team.seats]
            contracts[team.name] = sum(b for b in bids if b is not None and b > 0)
        last = view.tricks[-1] if view.tricks else None
        return {
            "phase": view.phase.value,
            "human": self.human.name,
            "turn": view.turn.name if view.turn is not None else None,
            "dealer": view.dealer.name,
            "hand_number": view.hand_number,
            "hand": hand,
            "legal_bids": list(view.legal) if my_turn and view.phase is Phase.BIDDING else [],
            "bid_reasons": self._bid_reasons() if my_turn and view.phase is Phase.BIDDING else {},
            "bids": {s.name: (bid_text(b) if b is not None else None) for s, b in zip(Seat, view.bids, strict=True)},
            "contracts": contracts,
            "cards_left": dict(zip("NESW", view.cards_left, strict=True)),
            "tricks_won": dict(zip("NESW", view.tricks_won, strict=True)),
            "leader": view.leader.name if view.leader is not None else None,
            "trick": [
                {"seat": Seat((view.leader + i) % 4).name, "card": CARD_NAMES[c]}  # type: ignore[operator]
                for i, c in enumerate(view.trick)
            ],
            "last_trick": None
            if last is None
            else {
                "leader": last.leader.name,
                "cards": [CARD_NAMES[c] for c in last.cards],
                "winner": last.winner.name,
            },
            "spades_broken": view.spades_broken,
            "totals": {"NS": view.totals[0], "EW": view.totals[1]},
            "bags": {"NS": view.bags[0], "EW": view.bags[1]},
            "results": [_result_json(r) for r in view.results],
            "winner": view.winner.name if view.winner is not None else None,
            "can_undo": self.can_undo(),
            "rules": view.rules.to_dict(),
            "bots": {seat.name: level for seat, level in self.bots.items()},
        }

    def _bid_reasons(self) -> dict[str, dict[str, Any]]:
        """Why each forbidden bid is forbidden (``"0"`` is nil, ``"-1"`` blind nil when the rules have it)."""
        first = BLIND_NIL if self.game.rules.blind_nil else NIL
        reasons = {}
        for bid in range(first, 14):
            reason = self.game.check(bid)
            if reason is not None:
                reasons[str(bid)] = reason_json(reason)
        return reasons

    def save(self) -> dict[str, Any]:
        """The whole table as a ``spades-save/1`` object."""
        return {
            "format": SAVE_FORMAT,
            "record": to_record(self.game),
            "human": self.human.name,
            "bots": {seat.name: level for seat, level in self.bots.items()},
            "undo": self.undo_allowed,
        }

    @classmethod
    def load(cls, data: Any, decide: Decide | None = None) -> Table:
        """Restore a table from :meth:`save`'s output; raise :class:`SpadesError` if it is unusable."""
        if not isinstance(data, Mapping) or data.get("format") != SAVE_FORMAT:
            raise SpadesError(f"not a saved game (expected format {SAVE_FORMAT!r})")
        game = from_record(data.get("record"))  # type: ignore[arg-type]
        human = Seat.parse(data.get("human", "S"))
        bots = data.get("bots") or {}
        if not isinstance(bots, Mapping):
            raise SpadesError("saved bots must be an object")
        levels = {Seat.parse(k): v for k, v in bots.items() if isinstance(v, str)}
        return cls(game, human=human, bots=levels, undo=bool(data.get("undo", True)), decide=decide)


def _play_seats(game: Game) -> list[int]:
    """The seat of each card played so far this hand, in order."""
    seats = [t.leader + i for t in game.tricks for i in range(4)]
    if game.trick:
        seats += [game.leader + i for i in range(len(game.trick))]  # type: ignore[operator]
    return [s % 4 for s in seats]


def _result_json(result: Any) -> dict[str, Any]:
    nils = {}
    for seat in Seat:
        bid = result.bids[seat]
        if bid <= NIL:
            nils[seat.name] = result.tricks[seat] == 0
    return {
        "number": result.number,
        "dealer": result.dealer.name,
        "bids": {s.name: bid_text(result.bids[s]) for s in Seat},
        "tricks": {s.name: result.tricks[s] for s in Seat},
        "points": {t.name: result.teams[t].points for t in Team},
        "bags": {t.name: result.teams[t].bags for t in Team},
        "new_bags": {t.name: result.teams[t].new_bags for t in Team},
        "made": {t.name: result.teams[t].made for t in Team},
        "contracts": {t.name: result.teams[t].contract for t in Team},
        "bag_penalty": {t.name: result.teams[t].bag_penalty for t in Team},
        "totals": {t.name: result.totals[t] for t in Team},
        "nils": nils,
    }


def _default_decide() -> Decide:
    """The computer players from :mod:`spades.bots` when present, else the first legal move."""
    try:
        from .bots import make_bot
    except ImportError:
        return _first_legal

    def decide(level: str, view: View, seed: int) -> tuple[int, Any]:
        decision = make_bot(level, seed).decide(view)
        return decision.move, decision.explanation

    return decide
