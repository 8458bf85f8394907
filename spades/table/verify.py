"""Verify the fair deals of a hand record: ``python -m spades verify FILE`` (``docs/fair-play.md``).

A record's hands may carry a ``fair`` part (``docs/hand-record.md``):

* ``{"kind": "commit", "table", "hand", "commits": {seat: hex}, "secrets": {seat: hex}, "host"?: seat,
  "replaced"?: [seat]}`` — a commit–reveal deal (:mod:`spades.table.fair`): every secret matches its commitment
  (a ``replaced`` seat's is the host's fallback, :func:`~spades.table.fair.fallback_secret`) and the hand's deal is
  the seed's;
* ``{"kind": "blind", "group": "ed25519", "table", "hand", "transcript": [messages]}`` — a host-blind deal
  (:mod:`spades.table.blind`; a part without ``group`` is the first version's, no longer checked): the audit
  of the whole transcript holds, and its deal and play are the hand's.

The record is first replayed with every step checked (a :class:`~spades.errors.RecordError` if it cannot be).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..cards import JOKER_DECK, STANDARD_DECK, Seat, parse_card
from ..errors import FairError, RecordError, SpadesError, brief
from ..formats.record import fair_part, from_record
from ..game import parse_deal
from ..rules import Rules
from . import blind, fair, group
from .fair import Verification


def verify_record(record: object) -> Verification:
    """Check every ``fair`` part of ``record``: one line saying what was checked and whether it holds.

    Raises :class:`~spades.errors.RecordError` for a record that cannot be replayed, :class:`FairError`
    (``fair_none``) for one without a fair part.
    """
    game = from_record(record)
    assert isinstance(record, Mapping)
    deck = JOKER_DECK if game.rules.jokers else STANDARD_DECK
    kinds: dict[str, int] = {"commit": 0, "blind": 0}
    for number, (hand, log) in enumerate(zip(record["hands"], game.history, strict=True), 1):
        part = fair_part(hand, number)
        if part is None:
            continue
        try:
            verdict = _verify_hand(part, hand, log.dealer, log.deal, game, deck)
        except FairError as error:
            verdict = Verification(f"does not hold: {error}", error)
        if not verdict.ok:
            assert verdict.error is not None
            located = RecordError.located(verdict.error, hand=number)
            return Verification(f"does not hold: {located}", located)
        kinds[str(part["kind"])] += 1
    if not any(kinds.values()):
        raise FairError("the record has no fair part to verify", "fair_none")
    names = {"commit": "commit–reveal", "blind": "host-blind"}
    said = [f"{count} {names[kind]} deal{'s' * (count != 1)}" for kind, count in kinds.items() if count]
    return Verification(f"holds: {' and '.join(said)} checked: every secret, key and card matches, and every deal "
                        "is the one they make")  # fmt: skip


def _verify_hand(
    part: Mapping[str, Any],
    hand: Mapping[str, Any],
    dealer: Seat,
    deal: tuple[int, int, int, int],
    game: Any,
    deck: int,
) -> Verification:
    if part["kind"] == "commit":
        table, number, commits, secrets = fair.read_commit_part(part)
        host, replaced = fair.read_stand_ins(part)
        return fair.verify_commits(table, number, commits, secrets, deal, deck, host, replaced)
    play = [parse_card(card) for card in hand.get("play", [])]
    return _verify_blind(part, dealer, deal, list(hand.get("bids", [])), play, game.rules, deck)


def verify_blind_hand(part: object, hand: object, rules: Rules) -> Verification:
    """*Verify this deal* of a host-blind hand on the page (the worker's ``fair_verify``): the ``blind`` part a
    device kept (its whole transcript) against the finished ``hand`` as the score sheet has it
    (:func:`spades.formats.scoresheet.finished_hand`: dealer, deal, bids in bidding order, tricks): the audit holds,
    and its deal and play are the hand's.  Never raises: a part or hand that cannot be read is a verdict that does
    not hold."""
    try:
        if not isinstance(part, Mapping) or not isinstance(hand, Mapping):
            raise FairError(f"a blind part and its hand are needed, got {brief(part)}", "fair_part",
                            {"value": brief(part)})  # fmt: skip
        try:
            dealer = Seat[str(hand["dealer"])]
            deal = parse_deal(hand["deal"], rules)
            bids = [hand["bids"][seat] for seat in hand["bid_order"]]
            play = [parse_card(card) for trick in hand["tricks"] for card in trick["cards"]]
        except (KeyError, TypeError, SpadesError) as error:
            raise FairError(f"the finished hand cannot be read: {brief(error)}", "fair_part",
                            {"value": brief(hand)}) from None  # fmt: skip
        return _verify_blind(part, dealer, deal, bids, play, rules, JOKER_DECK if rules.jokers else STANDARD_DECK)
    except FairError as error:
        return Verification(f"does not hold: {error}", error)


def _verify_blind(
    part: Mapping[str, Any],
    dealer: Seat,
    deal: tuple[int, int, int, int],
    bids: list[Any],
    play: list[int],
    rules: Rules,
    deck: int,
) -> Verification:
    """A ``blind`` part against the hand it dealt: the audit of its transcript holds, its deal is ``deal`` and the
    cards it reveals are ``play``, in order (:class:`FairError` naming what differs)."""
    name, index = part.get("table"), part.get("hand")
    transcript = part.get("transcript")
    if part.get("kind") != "blind" or not isinstance(name, str) or type(index) is not int or not isinstance(
            transcript, list):  # fmt: skip
        raise FairError(f"a blind part needs 'table', 'hand' and 'transcript', got {brief(part)}", "fair_part",
                        {"value": brief(part)})  # fmt: skip
    if part.get("group") != group.NAME:
        raise FairError("this hand was dealt by the first version of host-blind dealing (a 2048-bit group), which "
                        "this version no longer checks", "fair_old_group")  # fmt: skip
    result = blind.audit(name, index, transcript, dealer, bids, rules, deck)
    if not result.verification.ok:
        return result.verification
    if result.deal != deal:
        raise FairError("the hand's deal is not the one the keys reveal", "fair_deal_differs")
    for n, (shown, played) in enumerate(zip(result.play, play, strict=False), 1):
        if shown != played:
            raise FairError(f"card {n} is not the card revealed", "fair_play_mismatch", {"n": n})
    if len(result.play) != len(play):
        n = min(len(result.play), len(play)) + 1
        raise FairError(f"card {n} is not the card revealed", "fair_play_mismatch", {"n": n})
    return result.verification
