"""Hand records: a game as JSON, exported at any point and replayed with every step checked.

Format ``spades-record/1``::

    {"format": "spades-record/1",
     "rules": {... every option, see spades.rules ...},
     "seed": 42,                      # optional: the deal sequence, for new hands
     "hands": [{"dealer": "W",
                "deal": {"N": [13 cards], "E": [...], "S": [...], "W": [...]},
                "bids": [4, "nil", 3, 2],      # in bidding order, from left of the dealer
                "play": ["2C", "KC", ...],     # cards in play order
                "reneges": [7],                # optional: cards of the play (1-based) played as a renege
                "fair": {"kind": "commit", ...}}]}  # optional: how the deal can be checked (docs/fair-play.md)

Cards are text (``"AS"``, ``"TD"``, ``"LJ"``); bids are integers or ``"nil"`` /
``"blind_nil"`` (never ``true``/``false``).  Every hand carries its ``deal``;
``rules`` is an object, or missing / ``null`` for the standard rules; ``seed``
is an integer from 0 to 2**53 - 1.  The last hand may be incomplete (fewer bids or cards).
Every hand but the first must be dealt by the seat left of the previous
dealer, and every hand but the last must be complete.  A hand's optional ``fair`` part (an object whose
``kind`` is ``"commit"`` or ``"blind"``) is read here only for its shape; ``python -m spades verify`` checks it
(:mod:`spades.table.verify`).  A hand's optional ``reneges`` (only in a hand replayed from a host-blind audit,
``docs/fair-play.md``) lists the cards of its play, by 1-based number in increasing order, that were played off suit
by a seat able to follow; each is replayed as such (:meth:`~spades.game.Game.play` with ``renege=True``, refused
if the card was no renege) and scored by the rule of :func:`~spades.scoring.renege_tricks`.  Any other illegal
card is refused as always.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from ..cards import CARD_NAMES, Seat, mask_cards
from ..errors import ParseError, RecordError, SpadesError, brief, register
from ..game import Game, Phase
from ..jsontext import load_json
from ..rules import Rules
from ..scoring import bid_text, parse_bid

ERROR_CODES = register(
    __name__,
    {
        "record_not_object": ("value",),
        "record_format": ("value",),
        "record_seed": ("value",),
        "record_no_hands": (),
        "hand_not_object": ("value",),
        "previous_hand_incomplete": (),
        "game_already_over": (),
        "dealer_order": ("seat", "dealer"),
        "bids_play_not_lists": (),
        "bid_type": ("value",),
        "too_many_bids": ("count",),
        "cards_before_bidding": (),
        "too_many_cards": ("count",),
        "no_deal": (),
        "deal_cards_not_texts": ("key", "value"),
        "fair_not_object": ("value",),
        "reneges_not_numbers": ("value",),
    },
)
"""Hand records: what a record or one of its hands gets wrong (registered in :data:`spades.errors.CODES`)."""

FORMAT = "spades-record/1"
MAX_SEED = 2**53 - 1
"""The largest seed a record may carry (the page's JavaScript keeps integers exact up to here)."""


FAIR_KINDS = ("commit", "blind")
"""The kinds of a hand's ``fair`` part: a commit–reveal deal, a host-blind deal (``docs/fair-play.md``)."""


def to_record(game: Game, fair: Mapping[int, Mapping[str, Any]] | None = None) -> dict[str, Any]:
    """Return ``game`` so far as a ``spades-record/1`` object; ``fair`` gives hands (by 1-based number) their
    ``fair`` part."""
    hands = []
    for number, log in enumerate(game.history, 1):
        hand = {
            "dealer": log.dealer.name,
            "deal": {seat.name: [CARD_NAMES[c] for c in mask_cards(log.deal[seat])] for seat in Seat},
            "bids": [bid_text(b) for b in log.moves[:4]],
            "play": [CARD_NAMES[c] for c in log.moves[4:]],
        }
        if log.reneges:
            hand["reneges"] = list(log.reneges)
        if fair is not None and number in fair:
            hand["fair"] = dict(fair[number])
        hands.append(hand)
    return {"format": FORMAT, "rules": game.rules.to_dict(), "seed": game.seed, "hands": hands}


def dumps(game: Game) -> str:
    """Return the record of ``game`` as JSON text."""
    return json.dumps(to_record(game), ensure_ascii=False)


def from_record(record: object) -> Game:
    """Rebuild a game from a record, checking every step.

    Raises :class:`~spades.errors.RecordError` naming the hand and the step.
    """
    if not isinstance(record, Mapping):
        raise RecordError(
            f"a record must be a JSON object, got {brief(record)}",
            code="record_not_object",
            params={"value": brief(record)},
        )
    if record.get("format") != FORMAT:
        got = brief(record.get("format"))
        raise RecordError(f"format must be {FORMAT!r}, got {got}", code="record_format", params={"value": got})
    unknown = [key for key in record if key not in ("format", "rules", "seed", "hands")]
    if unknown:
        raise RecordError(f"unknown key {brief(unknown[0])}", code="unknown_key", params={"key": brief(unknown[0])})
    try:
        rules = Rules.from_dict(record.get("rules"))  # missing or null: the defaults; otherwise an object
    except SpadesError as error:
        raise RecordError.located(error, step="rules") from None
    seed = record.get("seed")
    if seed is not None and (type(seed) is not int or not 0 <= seed <= MAX_SEED):
        raise RecordError(
            f"seed must be an integer from 0 to 2**53 - 1, got {brief(seed)}",
            code="record_seed",
            params={"value": brief(seed)},
        )
    hands = record.get("hands")
    if not isinstance(hands, list) or not hands:
        raise RecordError("'hands' must be a non-empty list", code="record_no_hands")
    game: Game | None = None
    for number, hand in enumerate(hands, 1):
        if not isinstance(hand, Mapping):
            raise RecordError(
                f"a hand must be an object, got {brief(hand)}",
                hand=number,
                code="hand_not_object",
                params={"value": brief(hand)},
            )
        unknown = [key for key in hand if key not in ("dealer", "deal", "bids", "play", "fair", "reneges")]
        if unknown:
            raise RecordError(
                f"unknown key {brief(unknown[0])}", hand=number, code="unknown_key", params={"key": brief(unknown[0])}
            )
        try:
            dealer = Seat.parse(hand.get("dealer"))
        except SpadesError as error:
            raise RecordError.located(error, hand=number, step="dealer") from None
        fair_part(hand, number)
        deal = _read_deal(hand.get("deal"), number)
        try:
            if game is None:
                game = Game(rules, seed=seed if seed is not None else 0, dealer=dealer, deal=deal)
            else:
                if game.phase is Phase.GAME_OVER:
                    raise RecordError("the game was already over", hand=number, code="game_already_over")
                if game.phase is not Phase.HAND_OVER:
                    raise RecordError("the previous hand is incomplete", hand=number, code="previous_hand_incomplete")
                if dealer != game.dealer.next:
                    raise RecordError(
                        f"dealer must be {game.dealer.next.name}, got {dealer.name}",
                        hand=number,
                        code="dealer_order",
                        params={"seat": game.dealer.next.name, "dealer": dealer.name},
                    )
                game.next_hand(deal)
        except RecordError:
            raise
        except SpadesError as error:
            raise RecordError.located(error, hand=number, step="deal") from None
        bids = hand.get("bids", [])
        play = hand.get("play", [])
        if not isinstance(bids, list) or not isinstance(play, list):
            raise RecordError("'bids' and 'play' must be lists", hand=number, code="bids_play_not_lists")
        bad = next((b for b in bids if type(b) not in (int, str)), None)
        if bad is not None:
            raise RecordError(
                f"a bid must be a number, 'nil' or 'blind_nil', got {brief(bad)}",
                hand=number,
                code="bid_type",
                params={"value": brief(bad)},
            )
        if len(bids) > 4:
            raise RecordError(
                f"{len(bids)} bids (there are four)", hand=number, code="too_many_bids", params={"count": len(bids)}
            )
        if play and len(bids) < 4:
            raise RecordError("cards played before the bidding ended", hand=number, code="cards_before_bidding")
        reneges = hand.get("reneges", [])
        if (
            not isinstance(reneges, list)
            or any(type(n) is not int or not 1 <= n <= len(play) for n in reneges)
            or sorted(set(reneges)) != reneges
        ):
            raise RecordError(
                f"'reneges' must list card numbers of the play in increasing order, got {brief(reneges)}",
                hand=number,
                code="reneges_not_numbers",
                params={"value": brief(reneges)},
            )
        for i, bid in enumerate(bids, 1):
            try:
                game.bid(parse_bid(bid))
            except SpadesError as error:
                raise RecordError.located(error, hand=number, step=f"bid {i}") from None
        for i, card in enumerate(play, 1):
            if game.phase is not Phase.PLAYING:
                raise RecordError(
                    f"{len(play)} cards (a hand has 52)",
                    hand=number,
                    step=f"card {i}",
                    code="too_many_cards",
                    params={"count": len(play)},
                )
            try:
                if not isinstance(card, str):
                    raise ParseError(
                        f"a card must be text like 'AS', got {brief(card)}", "card_not_text", {"value": brief(card)}
                    )
                game.play(card, renege=i in reneges)
            except SpadesError as error:
                raise RecordError.located(error, hand=number, step=f"card {i}") from None
    assert game is not None
    return game


def fair_part(hand: Mapping[str, Any], number: int) -> Mapping[str, Any] | None:
    """A hand's optional ``fair`` part, checked for shape: an object whose ``kind`` is one of :data:`FAIR_KINDS`
    (or ``None`` when the hand has none); its contents are checked by :mod:`spades.table.verify`."""
    part = hand.get("fair")
    if part is None:
        return None
    if not isinstance(part, Mapping) or part.get("kind") not in FAIR_KINDS:
        raise RecordError(
            f"'fair' must be an object whose kind is 'commit' or 'blind', got {brief(part)}",
            hand=number,
            code="fair_not_object",
            params={"value": brief(part)},
        )
    return part


def _read_deal(deal: Any, number: int) -> dict[str, list[str]]:
    """A record's deal: an object giving each seat a list of card texts (checked further by ``parse_deal``)."""
    step = "deal"
    if deal is None:
        raise RecordError("the hand has no deal", hand=number, step=step, code="no_deal")
    if not isinstance(deal, Mapping):
        raise RecordError(
            f"the deal must be an object keyed by seat, got {brief(deal)}",
            hand=number,
            step=step,
            code="deal_not_object",
        )
    for seat, cards in deal.items():
        if not isinstance(cards, list) or not all(isinstance(card, str) for card in cards):
            raise RecordError(
                f"{brief(seat)}: cards must be a list of card texts, got {brief(cards)}",
                hand=number,
                step=step,
                code="deal_cards_not_texts",
                params={"key": brief(seat), "value": brief(cards)},
            )
    return dict(deal)


def loads(text: str | bytes) -> Game:
    """Rebuild a game from JSON record text (a :class:`~spades.errors.RecordError` for anything else)."""
    try:
        data = load_json(text, "the record")
    except SpadesError as error:
        raise RecordError.located(error) from None
    return from_record(data)
