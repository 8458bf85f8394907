"""A game of partnership Spades: hands dealt, bid and played to the target.

The rules (defaults; :mod:`spades.rules` lists the options):

* Seats N, E, S, W play clockwise; N/S against E/W.  The dealer moves one
  seat clockwise each hand; bidding starts left of the dealer and each seat
  bids once: nil (0) to 13, or blind nil where allowed.
* The first lead is made by the seat left of the dealer (option: the holder
  of 2♣ leads it).  Players must follow suit if they can, otherwise they may
  trump or discard.  The highest spade wins the trick, otherwise the highest
  card of the suit led; the winner leads next.  Spades may not be led until
  one has been played, unless the leader holds nothing else.
* After 13 tricks the hand is scored (:mod:`spades.scoring`); the game ends
  when a team reaches the target or falls to the mercy score.
* A renege — a card off suit from a seat that holds the suit led — is never a
  legal move (not in :meth:`Game.legal_moves`, refused by :meth:`Game.apply`).
  Only a hand replayed from an audit, where it was played on a device the
  table could not check, plays one: :meth:`Game.play` with ``renege=True``.
  The hand records it (:attr:`HandLog.reneges`, :attr:`HandResult.reneges`)
  and its scoring gives the opponents 3 tricks
  (:func:`~spades.scoring.renege_tricks`).

Phases: ``bidding`` → ``playing`` → ``hand-over`` → (:meth:`Game.next_hand`)
``bidding`` …, or ``game-over``.  Moves are bids (:data:`~spades.scoring.NIL`
… 13, :data:`~spades.scoring.BLIND_NIL`) in the bidding phase and cards in the
playing phase.  :meth:`Game.check` returns why a move is illegal without
changing anything; :meth:`Game.apply` applies a legal move or raises
:class:`~spades.errors.IllegalMoveError`.  :meth:`Game.undo` steps back any
number of moves, across tricks and hands.  :meth:`Game.view` is what one seat
may know.

>>> game = Game(seed=7)
>>> game.phase, game.turn, len(game.legal_moves())
(<Phase.BIDDING: 'bidding'>, <Seat.N: 0>, 14)
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Any, NamedTuple, TypeAlias

from .cards import (
    BEATERS,
    CARD_NAMES,
    JOKER_DECK,
    SPADE_MASK,
    STANDARD_DECK,
    SUIT_NAMES,
    SUIT_OF,
    Card,
    Seat,
    Team,
    cards_mask,
    first_leader,
    follow_mask,
    lead_mask,
    mask_cards,
    parse_card,
)
from .errors import IllegalMoveError, ParseError, SpadesError, brief, register
from .rng import deal_masks, random_seed
from .rules import PRESETS, Rules
from .scoring import BLIND_NIL, NIL, Bid, TeamScore, bid_text, match_winner, parse_bid, score_hand

ERROR_CODES = register(
    __name__,
    {
        "seed_not_int": ("value",),
        "move_not_int": ("value",),
        "next_hand_phase": ("phase",),
        "nothing_to_undo": (),
        "deal_not_object": (),
        "deal_seat_twice": ("seat",),
        "deal_cards_not_list": ("seat", "value"),
        "deal_count": ("seat", "count"),
        "card_not_in_deck": ("card",),
        "card_dealt_twice": ("card",),
        "deal_missing": ("seats",),
    },
)
"""A game's seed, moves and deals (registered in :data:`spades.errors.CODES`)."""

_PLAIN_BIDS: tuple[Bid, ...] = tuple(range(14))
_SEATS = tuple(Seat)


DealInput: TypeAlias = Mapping[Seat, Iterable[object]] | Mapping[int, Iterable[object]] | Mapping[str, Iterable[object]]
"""A deal as :class:`Game` takes it: seat (``Seat``, 0–3 or ``"N"``…) → 13 cards (see :func:`parse_deal`).

Three mappings, not one ``Mapping[Seat | int | str, ...]``: a mapping's key type is invariant, so a
``dict[str, list[str]]`` is not a ``Mapping[Seat | int | str, ...]``."""


class Phase(StrEnum):
    """Where a game stands; the values are the page's ``data-phase``."""

    BIDDING = "bidding"
    PLAYING = "playing"
    HAND_OVER = "hand-over"
    GAME_OVER = "game-over"


_REASON_TEXT = {
    "wrong_phase": "it is the {phase} phase",
    "not_your_turn": "it is {turn}'s turn",
    "not_in_hand": "that card is not in the hand",
    "must_follow": "must follow {suit}",
    "spades_not_broken": "spades not broken",
    "must_lead_two_clubs": "the 2 of clubs must lead",
    "nil_not_allowed": "nil is not allowed",
    "blind_nil_not_allowed": "blind nil is not allowed",
    "blind_nil_not_behind": "blind nil only when behind by {number} or more",
    "min_team_bid": "the team must bid at least {number}",
    "suicide_nil": "suicide: one partner must bid nil",
    "suicide_number": "suicide: only one partner may bid nil",
    "whiz": "whiz: bid {number} (your spades) or nil",
    "mirror": "mirror: bid {number} (your spades)",
    "not_renege": "it is a legal card, not a renege",
}


@dataclass(frozen=True, slots=True)
class Reason:
    """Why a move is illegal.

    ``code`` is one of: ``wrong_phase``, ``not_your_turn``, ``not_in_hand``,
    ``must_follow`` (``suit`` set), ``spades_not_broken``,
    ``must_lead_two_clubs``, ``nil_not_allowed``, ``blind_nil_not_allowed``,
    ``blind_nil_not_behind`` (``number``), ``min_team_bid`` (``number``),
    ``suicide_nil``, ``suicide_number``, ``whiz`` (``number``), ``mirror``
    (``number``), ``not_renege`` (a legal card played as a renege,
    :meth:`Game.play`).  ``str()`` gives the English sentence; the page translates
    the code.
    """

    code: str
    suit: int | None = None
    number: int | None = None
    phase: str | None = None
    turn: str | None = None

    def __str__(self) -> str:
        suit = SUIT_NAMES[self.suit] if self.suit is not None else None
        return _REASON_TEXT[self.code].format(suit=suit, number=self.number, phase=self.phase, turn=self.turn)

    def to_json(self) -> dict[str, Any]:
        """``{"code", "suit", "number", "text"}``: ``code`` is what the page translates; ``text`` is English."""
        return {
            "code": self.code,
            "suit": SUIT_NAMES[self.suit] if self.suit is not None else None,
            "number": self.number,
            "text": str(self),
        }


class Trick(NamedTuple):
    """A finished trick: its leader, the cards in play order and the winner."""

    leader: Seat
    cards: tuple[Card, ...]
    winner: Seat


@dataclass(frozen=True, slots=True)
class HandResult:
    """A scored hand: bids and tricks (as taken in play) by seat, each team's score, totals after.

    ``reneges`` are the seats that reneged, in play order (empty in a hand played by the rules); the teams'
    scores count the tricks after their penalty (:func:`~spades.scoring.renege_tricks`).
    """

    number: int
    dealer: Seat
    bids: tuple[Bid, Bid, Bid, Bid]
    tricks: tuple[int, int, int, int]
    teams: tuple[TeamScore, TeamScore]
    totals: tuple[int, int]
    reneges: tuple[Seat, ...] = ()


@dataclass(frozen=True, slots=True)
class HandLog:
    """One hand as played so far: dealer, the deal (card masks N, E, S, W) and the moves.

    ``reneges`` are the 1-based numbers, in the play, of the cards played as a renege (:meth:`Game.play`).
    """

    dealer: Seat
    deal: tuple[int, int, int, int]
    moves: tuple[int, ...]
    reneges: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True)
class View:
    """Everything one seat may know, and nothing else.

    ``hand`` is the seat's own cards; ``voids`` holds, per seat, a 4-bit mask
    of suits that seat has shown it lacks (bit = suit number); ``played`` is a
    mask of every card played this hand; ``cards_left`` counts each seat's
    unplayed cards; ``legal`` lists this seat's legal moves when it is to act.
    Two games that differ only in cards hidden from this seat give equal views.
    """

    seat: Seat
    rules: Rules
    phase: Phase
    hand_number: int
    dealer: Seat
    turn: Seat | None
    hand: tuple[Card, ...]
    bids: tuple[Bid | None, ...]
    leader: Seat | None
    trick: tuple[Card, ...]
    tricks: tuple[Trick, ...]
    tricks_won: tuple[int, ...]
    spades_broken: bool
    played: int
    voids: tuple[int, ...]
    cards_left: tuple[int, ...]
    totals: tuple[int, int]
    bags: tuple[int, int]
    results: tuple[HandResult, ...]
    winner: Team | None
    legal: tuple[int, ...]


class Game:
    """A game of Spades to the target score (see the module docstring).

    ``seed`` fixes the sequence of deals (a random one when ``None``);
    ``deal`` gives the first hand's cards explicitly (a mapping from seat to
    cards, see :func:`parse_deal`); ``dealer`` deals the first hand.
    """

    __slots__ = (
        "rules", "seed", "_log", "_results", "_dealer", "_deal", "_moves", "_hands", "_bids", "_turn",
        "_phase", "_trick", "_leader", "_win_card", "_win_seat", "_won", "_broken", "_played", "_tricks",
        "_voids", "_totals", "_bags", "_winner", "_legal", "_reneges",
    )  # fmt: skip

    def __init__(
        self,
        rules: Rules | None = None,
        *,
        seed: int | None = None,
        dealer: Seat = Seat.W,
        deal: DealInput | None = None,
    ) -> None:
        self.rules = rules if rules is not None else PRESETS["standard"]
        if seed is not None and type(seed) is not int:
            raise ParseError(f"a seed must be an integer, got {brief(seed)}", "seed_not_int", {"value": brief(seed)})
        self.seed = random_seed() if seed is None else seed
        self._log: list[HandLog] = []
        self._results: list[HandResult] = []
        masks = parse_deal(deal, self.rules) if deal is not None else deal_masks(self.seed, 0, self._deck())
        self._start(Seat(dealer), masks)

    # ----------------------------------------------------------------- state

    def _deck(self) -> int:
        return deck_of(self.rules.jokers)

    def _start(self, dealer: Seat, masks: tuple[int, int, int, int]) -> None:
        """Begin a hand: ``dealer`` deals ``masks``."""
        self._dealer = dealer
        self._deal = masks
        self._moves: list[int] = []
        self._hands = list(masks)
        self._bids: list[Bid | None] = [None, None, None, None]
        self._turn = (dealer + 1) % 4
        self._phase = Phase.BIDDING
        self._trick: list[Card] = []
        self._leader = -1
        self._win_card = -1
        self._win_seat = -1
        self._won = [0, 0, 0, 0]
        self._broken = False
        self._played = 0
        self._tricks: list[Trick] = []
        self._voids = [0, 0, 0, 0]
        last = self._results[-1] if self._results else None
        self._totals = last.totals if last else (0, 0)
        self._bags = (last.teams[0].bags, last.teams[1].bags) if last else (0, 0)
        self._winner: Team | None = None
        self._legal = 0
        self._reneges: list[int] = []

    @property
    def phase(self) -> Phase:
        """The current phase."""
        return self._phase

    @property
    def turn(self) -> Seat | None:
        """The seat to act, or ``None`` between hands and after the game."""
        if self._phase is Phase.BIDDING or self._phase is Phase.PLAYING:
            return Seat(self._turn)
        return None

    @property
    def dealer(self) -> Seat:
        """This hand's dealer."""
        return self._dealer

    @property
    def hand_number(self) -> int:
        """The 1-based number of the current hand."""
        return len(self._log) + 1

    def hand(self, seat: Seat) -> tuple[Card, ...]:
        """The cards ``seat`` holds now."""
        return mask_cards(self._hands[seat])

    @property
    def deal(self) -> tuple[tuple[Card, ...], ...]:
        """This hand's cards as dealt, by seat (N, E, S, W)."""
        return tuple(mask_cards(m) for m in self._deal)

    @property
    def bids(self) -> tuple[Bid | None, ...]:
        """Bids by seat (N, E, S, W); ``None`` for seats that have not bid."""
        return tuple(self._bids)

    @property
    def leader(self) -> Seat | None:
        """The seat that led the trick in progress (``None`` if none is)."""
        return Seat(self._leader) if self._trick else None

    @property
    def trick(self) -> tuple[Card, ...]:
        """Cards of the trick in progress, in play order from :attr:`leader`."""
        return tuple(self._trick)

    @property
    def tricks(self) -> tuple[Trick, ...]:
        """The finished tricks of this hand."""
        return tuple(self._tricks)

    @property
    def tricks_won(self) -> tuple[int, ...]:
        """Tricks won this hand, by seat."""
        return tuple(self._won)

    @property
    def spades_broken(self) -> bool:
        """Whether a spade has been played this hand."""
        return self._broken

    @property
    def totals(self) -> tuple[int, int]:
        """Running scores (NS, EW), including the current hand once it is over."""
        return self._totals

    @property
    def bags(self) -> tuple[int, int]:
        """Bags (NS, EW), including the current hand once it is over."""
        return self._bags

    @property
    def results(self) -> tuple[HandResult, ...]:
        """Every scored hand, the current one included once it is over."""
        return tuple(self._results)

    @property
    def winner(self) -> Team | None:
        """The winning team once the game is over."""
        return self._winner

    @property
    def history(self) -> tuple[HandLog, ...]:
        """Every hand so far, the current one last (possibly with no moves)."""
        return (*self._log, HandLog(self._dealer, self._deal, tuple(self._moves), tuple(self._reneges)))

    def copy(self) -> Game:
        """Return an independent copy of this game."""
        other = Game.__new__(Game)
        for name in Game.__slots__:
            setattr(other, name, getattr(self, name))
        other._log = list(self._log)
        other._results = list(self._results)
        other._moves = list(self._moves)
        other._hands = list(self._hands)
        other._bids = list(self._bids)
        other._trick = list(self._trick)
        other._won = list(self._won)
        other._tricks = list(self._tricks)
        other._voids = list(self._voids)
        other._reneges = list(self._reneges)
        return other

    # ----------------------------------------------------------------- legality

    def legal_moves(self) -> tuple[int, ...]:
        """The legal bids or cards for the seat to act (empty between hands)."""
        if self._phase is Phase.PLAYING:
            return mask_cards(self._legal)
        if self._phase is Phase.BIDDING:
            return self.legal_bids()
        return ()

    def legal_bids(self) -> tuple[Bid, ...]:
        """The legal bids for the seat to act, blind nil first."""
        if self._phase is not Phase.BIDDING:
            return ()
        rules = self.rules
        if rules.bidding == "standard" and not rules.min_team_bid and not rules.blind_nil:
            return _PLAIN_BIDS if rules.nil else _PLAIN_BIDS[1:]
        return tuple(b for b in range(BLIND_NIL, 14) if self._bid_reason(b) is None)

    def legal_mask(self) -> int:
        """The legal cards for the seat to act, as a card mask (0 outside play)."""
        return self._legal

    def _lead_mask(self) -> int:
        """The legal leads for the seat to act (:func:`spades.cards.lead_mask`)."""
        rules = self.rules
        two_clubs = rules.first_lead == "two_clubs" and not self._tricks
        return lead_mask(self._hands[self._turn], self._broken or rules.spades_anytime, two_clubs)

    def check(self, move: int, seat: Seat | None = None) -> Reason | None:
        """Return why ``move`` (by ``seat``, default the seat to act) is illegal, or ``None``.

        Bids follow :func:`bid_reason`; a number that is no bid at all (not −1 to
        13) in the bidding phase raises :class:`~spades.errors.ParseError`.
        """
        if self._phase is not Phase.BIDDING and self._phase is not Phase.PLAYING:
            return Reason("wrong_phase", phase=self._phase.value)
        if seat is not None and seat != self._turn:
            return Reason("not_your_turn", turn=Seat(self._turn).name)
        if self._phase is Phase.BIDDING:
            if not BLIND_NIL <= move <= 13:
                raise ParseError(
                    f"not a bid: {brief(move)} (expected 1 to 13, 0 for nil or -1 for blind nil)",
                    "not_bid",
                    {"value": brief(move)},
                )
            return self._bid_reason(move)
        return self._play_reason(move)

    def _play_reason(self, card: Card) -> Reason | None:
        two_clubs = self.rules.first_lead == "two_clubs" and not self._tricks
        return play_reason(self._hands[self._turn], self._legal, card, self._trick, two_clubs)

    def _bid_reason(self, bid: Bid) -> Reason | None:
        seat = self._turn
        spades = (self._hands[seat] & SPADE_MASK).bit_count()
        return bid_reason(self.rules, self._bids, seat, bid, totals=self._totals, spades=spades)

    def blind_nil_reason(self, seat: Seat) -> Reason | None:
        """Why ``seat`` may not bid blind nil this hand (rules or score), or ``None`` if it may."""
        return blind_nil_reason(self.rules, seat, self._totals)

    # ----------------------------------------------------------------- moves

    def apply(self, move: int, seat: Seat | None = None) -> None:
        """Apply a bid or a card for the seat to act; raise :class:`IllegalMoveError` if illegal.

        ``seat``, when given, must be the seat to act.
        """
        if type(move) is not int:  # also refuses True and False, which Python counts as 1 and 0
            raise ParseError(
                f"a move must be a card or bid number, got {brief(move)}", "move_not_int", {"value": brief(move)}
            )
        if seat is None and move >= 0 and self._legal >> move & 1:
            self._play(move)
            return
        reason = self.check(move, seat)
        if reason is not None:
            who = Seat(seat if seat is not None else self._turn).name
            verb = "bid" if self._phase is Phase.BIDDING else "play"
            raise IllegalMoveError(who, self._move_text(move), reason, verb)
        if self._phase is Phase.BIDDING:
            self._bid(move)
        else:
            self._play(move)

    def bid(self, bid: Bid | str, seat: Seat | None = None) -> None:
        """Bid for the seat to act: ``0``–``13``, ``"nil"`` or ``"blind_nil"``."""
        if self._phase is not Phase.BIDDING:
            who = Seat(seat if seat is not None else self._turn).name
            raise IllegalMoveError(who, str(bid), Reason("wrong_phase", phase=self._phase.value), "bid")
        self.apply(bid if type(bid) is int else parse_bid(bid), seat)

    def play(self, card: Card | str, seat: Seat | None = None, *, renege: bool = False) -> None:
        """Play a card (a number or text such as ``"QH"``) for the seat to act.

        ``renege=True`` plays a renege, and only that: a card of the seat's hand refused for no other reason than
        that it must follow suit (:meth:`check` gives ``must_follow``); any other card, a legal one too, raises
        :class:`IllegalMoveError`.  It is for replaying an audited hand (:func:`spades.table.blindroom.rebuild`,
        a record's ``reneges``), never for a seat's own play.
        """
        if self._phase is not Phase.PLAYING:
            who = Seat(seat if seat is not None else self._turn).name
            raise IllegalMoveError(who, str(card), Reason("wrong_phase", phase=self._phase.value))
        number = parse_card(card) if isinstance(card, str) else card
        if not renege:
            self.apply(number, seat)
            return
        if type(number) is not int:
            raise ParseError(
                f"a move must be a card or bid number, got {brief(number)}", "move_not_int", {"value": brief(number)}
            )
        reason = self.check(number, seat)
        if reason is None or reason.code != "must_follow":
            who = Seat(seat if seat is not None else self._turn).name
            raise IllegalMoveError(who, self._move_text(number), reason or Reason("not_renege"))
        self._reneges.append(len(self._moves) - 3)
        self._play(number)

    def _move_text(self, move: int) -> str:
        if self._phase is Phase.PLAYING:
            return CARD_NAMES[move] if 0 <= move < 54 else brief(move)
        return str(bid_text(move)) if -1 <= move <= 13 else brief(move)

    def _bid(self, bid: Bid) -> None:
        seat = self._turn
        self._bids[seat] = bid
        self._moves.append(bid)
        if len(self._moves) < 4:
            self._turn = (seat + 1) % 4
            return
        self._phase = Phase.PLAYING
        self._turn = first_leader(self._dealer, self._hands, self.rules.first_lead == "two_clubs")
        self._legal = self._lead_mask()

    def _play(self, card: Card) -> None:
        seat = self._turn
        bit = 1 << card
        hands = self._hands
        hands[seat] ^= bit
        self._played |= bit
        self._moves.append(card)
        suit = SUIT_OF[card]
        trick = self._trick
        if bit & SPADE_MASK:
            self._broken = True
        if not trick:
            self._leader = self._win_seat = seat
            self._win_card = card
            trick.append(card)
            self._turn = seat = (seat + 1) % 4
            self._legal = follow_mask(hands[seat], suit)
            return
        led = SUIT_OF[trick[0]]
        if suit != led:
            self._voids[seat] |= 1 << led
        if BEATERS[self._win_card] & bit:
            self._win_card = card
            self._win_seat = seat
        trick.append(card)
        if len(trick) < 4:
            self._turn = seat = (seat + 1) % 4
            self._legal = follow_mask(hands[seat], led)
            return
        winner = self._win_seat
        self._won[winner] += 1
        self._tricks.append(Trick(_SEATS[self._leader], tuple(trick), _SEATS[winner]))
        self._trick = []
        self._turn = winner
        if len(self._tricks) == 13:
            self._legal = 0
            self._score()
        else:
            self._legal = self._lead_mask()

    def _score(self) -> None:
        n, e, s, w = self._bids
        assert n is not None and e is not None and s is not None and w is not None  # every seat bid before the play
        bids = (n, e, s, w)
        won = (self._won[0], self._won[1], self._won[2], self._won[3])
        reneges = tuple(self._seat_of(n) for n in self._reneges)
        ns, ew = score_hand(self.rules, bids, won, self._bags, reneges)
        self._totals = (self._totals[0] + ns.points, self._totals[1] + ew.points)
        self._bags = (ns.bags, ew.bags)
        result = HandResult(self.hand_number, self._dealer, bids, won, (ns, ew), self._totals, reneges)
        self._results.append(result)
        self._winner = match_winner(self.rules, self._totals)
        self._phase = Phase.GAME_OVER if self._winner is not None else Phase.HAND_OVER

    def _seat_of(self, n: int) -> Seat:
        """The seat that played this hand's card ``n`` (1-based), from its finished tricks."""
        trick = self._tricks[(n - 1) // 4]
        return _SEATS[(trick.leader + (n - 1) % 4) % 4]

    def next_hand(self, deal: DealInput | None = None) -> None:
        """Deal the next hand (the seeded deal, or ``deal``); the dealer moves left."""
        if self._phase is not Phase.HAND_OVER:
            raise SpadesError(
                f"cannot deal the next hand in the {self._phase.value} phase",
                "next_hand_phase",
                {"phase": self._phase.value},
            )
        masks = parse_deal(deal, self.rules) if deal is not None else None
        self._log.append(HandLog(self._dealer, self._deal, tuple(self._moves), tuple(self._reneges)))
        if masks is None:
            masks = deal_masks(self.seed, len(self._log), self._deck())
        self._start(self._dealer.next, masks)

    def undo(self, steps: int = 1) -> None:
        """Take back ``steps`` moves; stepping back past a hand's first bid returns to the previous hand's end."""
        for _ in range(steps):
            if self._moves:
                moves = self._moves[:-1]
                reneges = [n for n in self._reneges if n + 4 <= len(moves)]
                if len(self._tricks) == 13:
                    self._results.pop()
            elif self._log:
                last = self._log.pop()
                self._dealer, self._deal, moves = last.dealer, last.deal, list(last.moves)
                reneges = list(last.reneges)
                self._results.pop()
            else:
                raise SpadesError("nothing to undo", "nothing_to_undo")
            self._replay(moves, reneges)

    def _replay(self, moves: Iterable[int], reneges: Sequence[int] = ()) -> None:
        self._start(self._dealer, self._deal)
        self._reneges = list(reneges)
        for move in moves:
            if self._phase is Phase.BIDDING:
                self._bid(move)
            else:
                self._play(move)

    # ----------------------------------------------------------------- views

    def view(self, seat: Seat) -> View:
        """What ``seat`` may know now (see :class:`View`)."""
        seat = Seat(seat)
        left = tuple(self._hands[s].bit_count() for s in range(4))
        return View(
            seat=seat,
            rules=self.rules,
            phase=self._phase,
            hand_number=self.hand_number,
            dealer=self._dealer,
            turn=self.turn,
            hand=mask_cards(self._hands[seat]),
            bids=tuple(self._bids),
            leader=self.leader,
            trick=tuple(self._trick),
            tricks=tuple(self._tricks),
            tricks_won=tuple(self._won),
            spades_broken=self._broken,
            played=self._played,
            voids=tuple(self._voids),
            cards_left=left,
            totals=self._totals,
            bags=self._bags,
            results=tuple(self._results),
            winner=self._winner,
            legal=self.legal_moves() if self.turn == seat else (),
        )


def deck_of(jokers: bool) -> int:
    """The deck as a card mask: the 54 with the jokers (the rules' ``jokers``), else the standard 52."""
    return JOKER_DECK if jokers else STANDARD_DECK


def parse_deal(deal: DealInput, rules: Rules) -> tuple[int, int, int, int]:
    """Validate a deal: seat (``Seat``, 0–3 or ``"N"``…, each once) → a list or tuple of 13 cards (numbers or
    text, never ``True``/``False``), the whole deck once.

    Returns four card masks (N, E, S, W); anything else raises :class:`~spades.errors.ParseError`.
    """
    if not isinstance(deal, Mapping):
        raise ParseError(f"a deal must map seats to cards, got {type(deal).__name__}", "deal_not_object")
    deck = deck_of(rules.jokers)
    masks = [0, 0, 0, 0]
    given = [False, False, False, False]
    seen = 0
    for key, cards in deal.items():
        if isinstance(key, Seat) or (type(key) is int and 0 <= key <= 3):
            seat = Seat(key)
        else:
            seat = Seat.parse(key)  # text, or a ParseError naming the key
        if given[seat]:
            raise ParseError(f"the deal gives {seat.name} twice", "deal_seat_twice", {"seat": seat.name})
        given[seat] = True
        if not isinstance(cards, (list, tuple)):
            raise ParseError(
                f"{seat.name}'s cards must be a list, got {brief(cards)}",
                "deal_cards_not_list",
                {"seat": seat.name, "value": brief(cards)},
            )
        if len(cards) != 13:
            raise ParseError(
                f"{seat.name} must get 13 cards, got {len(cards)}",
                "deal_count",
                {"seat": seat.name, "count": len(cards)},
            )
        numbers = [c if type(c) is int else parse_card(c) for c in cards]
        for card in numbers:
            if not 0 <= card < 54:
                raise ParseError(f"not a card: {brief(card)}", "not_card", {"value": brief(card)})
            if not deck >> card & 1:
                raise ParseError(
                    f"{CARD_NAMES[card]} is not in this deck", "card_not_in_deck", {"card": CARD_NAMES[card]}
                )
            if seen >> card & 1:
                raise ParseError(f"{CARD_NAMES[card]} is dealt twice", "card_dealt_twice", {"card": CARD_NAMES[card]})
            seen |= 1 << card
        masks[seat] = cards_mask(numbers)
    missing = [s.name for s in Seat if not masks[s]]
    if missing:
        raise ParseError(f"the deal has no cards for {', '.join(missing)}", "deal_missing", {"seats": missing})
    return masks[0], masks[1], masks[2], masks[3]


def bid_reason(
    rules: Rules,
    bids: Sequence[Bid | None],
    seat: int,
    bid: Bid,
    *,
    totals: Sequence[int] = (0, 0),
    spades: int | None = None,
) -> Reason | None:
    """Why ``seat`` may not bid ``bid`` (−1 to 13) after ``bids`` (by seat, ``None`` = not yet), or ``None``.

    ``totals`` are the running scores (NS, EW) before the hand (blind nil may
    need the team to be behind); ``spades`` is the seat's number of spades, for
    whiz and mirror bidding (``None`` when unknown, as on a score pad of a game
    played with real cards: those bids are then not checked).  The rules:

    * whiz: bid your number of spades or nil; mirror: your number of spades
      (nil with none); blind nil, where allowed, whatever the hand holds: it is bid
      before looking, so the cards cannot decide it (and refusing it would tell
      the seat something about its hand);
    * nil only where allowed; blind nil see :func:`blind_nil_reason`;
    * suicide: once a partner has bid, exactly one of the two bids nil;
    * ``min_team_bid``: the second partner to bid a number brings the team's
      contract to at least that (nil is exempt).

    >>> str(bid_reason(Rules(min_team_bid=4), (2, None, None, None), 2, 1))
    'the team must bid at least 4'
    >>> bid_reason(Rules(min_team_bid=4), (2, None, None, None), 2, 2) is None
    True
    """
    partner_bid = bids[(seat + 2) % 4]
    if rules.bidding in ("whiz", "mirror"):
        if bid == BLIND_NIL:
            return blind_nil_reason(rules, seat, totals)
        if spades is None or bid == spades or (bid == NIL and rules.bidding == "whiz"):
            return None
        return Reason(rules.bidding, number=spades)
    if bid == NIL and not rules.nil:
        return Reason("nil_not_allowed")
    if bid == BLIND_NIL:
        reason = blind_nil_reason(rules, seat, totals)
        if reason:
            return reason
    if rules.bidding == "suicide" and partner_bid is not None:
        if partner_bid > 0 and bid > 0:
            return Reason("suicide_nil")
        if partner_bid <= 0 and bid <= 0:
            return Reason("suicide_number")
    if rules.min_team_bid and bid > 0 and partner_bid is not None and partner_bid > 0:
        if bid + partner_bid < rules.min_team_bid:
            return Reason("min_team_bid", number=rules.min_team_bid)
    return None


def blind_nil_reason(rules: Rules, seat: int, totals: Sequence[int]) -> Reason | None:
    """Why ``seat`` may not bid blind nil with running scores ``totals`` (NS, EW) before the hand, or ``None``.

    Blind nil must be allowed by the rules, and with ``blind_nil_behind`` the
    seat's team must trail by at least that many points.
    """
    if not rules.blind_nil:
        return Reason("blind_nil_not_allowed")
    team = seat % 2
    behind = totals[1 - team] - totals[team]
    if rules.blind_nil_behind and behind < rules.blind_nil_behind:
        return Reason("blind_nil_not_behind", number=rules.blind_nil_behind)
    return None


def playable_mask(hand: int, trick: Sequence[Card], spades_open: bool, two_clubs: bool) -> int:
    """The cards of ``hand`` (a mask) that may be played to ``trick`` (the cards played to it so far): the suit led
    when held (:func:`~spades.cards.follow_mask`), a lead by :func:`~spades.cards.lead_mask` (``spades_open``:
    broken, or allowed any time; ``two_clubs``: the hand's first trick under the two-of-clubs rule).  :class:`Game`
    keeps its own mask up to date move by move, the same."""
    return follow_mask(hand, SUIT_OF[trick[0]]) if trick else lead_mask(hand, spades_open, two_clubs)


def play_reason(hand: int, legal: int, card: Card, trick: Sequence[Card], two_clubs: bool) -> Reason | None:
    """Why the seat to play, holding ``hand`` (a mask) of which ``legal`` may be played (:func:`playable_mask`), may
    not play ``card`` to ``trick``, or ``None``: not in the hand, must follow, the 2♣ first, spades not broken.

    >>> hand = cards_mask([parse_card("2C"), parse_card("AH")])
    >>> play_reason(hand, playable_mask(hand, [], False, True), parse_card("AH"), [], True).code
    'must_lead_two_clubs'
    >>> trick = [parse_card("QH")]
    >>> play_reason(hand, playable_mask(hand, trick, False, False), parse_card("AH"), trick, False) is None
    True
    >>> play_reason(hand, playable_mask(hand, trick, False, False), parse_card("KH"), trick, False).code
    'not_in_hand'
    """
    if not 0 <= card < 54 or not hand >> card & 1:
        return Reason("not_in_hand")
    if legal >> card & 1:
        return None
    if trick:
        return Reason("must_follow", suit=SUIT_OF[trick[0]])
    if two_clubs:
        return Reason("must_lead_two_clubs")
    return Reason("spades_not_broken")
