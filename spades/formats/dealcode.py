"""Deal codes and the daily deal: a deal, its dealer, your seat and the rules as a short opaque code.

A format: the code and its parts only (playing a deal again against experts is
:mod:`spades.table.duplicate`).

A **deal code** (``?deal=CODE`` in the page's address) lets a friend play the same cards. It is the
base64url text (no padding) of these bytes, version 1:

======  ==============================================================================
byte    meaning
======  ==============================================================================
0       the version, ``1``
1       bits 0–1: the dealer (0 N, 1 E, 2 S, 3 W); bits 2–3: the seat the person plays;
        bits 4–6: the rules preset (index in :data:`spades.rules.PRESET_NAMES`); bit 7:
        rule overrides follow the cards
2–14    the cards: the deck's 52 cards in number order (:func:`spades.cards.mask_cards` of the deck;
        with Jokers, the Joker deck), each the seat that holds it in 2 bits (the first card in the low
        bits of byte 2), XORed with a fixed key stream (:data:`WHITEN_SEED`), so that the address
        shows no pattern of the cards — an obfuscation, not a secret
…       with bit 7: a 16-bit mask (little-endian) of the options that differ from the preset, in the order
        of :data:`OPTIONS`, then each such value: a truth value as one byte 0/1; an integer as a zigzag
        varint; an integer-or-null as a varint, 0 for null, else zigzag + 1; a choice as one byte (its
        index in :data:`CHOICES`)
last 2  a checksum of every byte before it (:func:`checksum`, little-endian)
======  ==============================================================================

So the standard rules take 17 bytes, 23 characters. :func:`decode` is strict: anything but a
code :func:`encode` could have written is refused with a :class:`~spades.errors.ParseError` whose
code says what is wrong (``deal_code_text``, ``deal_code_chars``, ``deal_code_length``,
``deal_code_version``, ``deal_code_checksum``, ``deal_code_cards``, ``deal_code_preset``,
``deal_code_rules``).

A game started from a code has the seed :func:`game_seed` of the code's bytes, so the computer
players decide alike and the later hands are dealt alike for everyone who opens the same link.

The **daily deal** of a UTC date ``YYYY-MM-DD``: :func:`daily_seed` folds the ASCII text
``"spades-daily/1:" + date`` with :func:`fold` (SplitMix64, :class:`spades.rng.Rng`); the cards are
hand 0 of that seed's deal sequence (:func:`spades.rng.deal_masks`), the dealer is seat ``seed % 4``,
the person plays South, the rules are the standard preset. The same for everyone, on every device.

>>> spec = daily("2026-11-30")
>>> decode(encode(spec)) == spec
True
>>> len(encode(spec))
23
"""

from __future__ import annotations

import base64
import datetime
import re
from dataclasses import dataclass, fields

from ..cards import JOKER_DECK, STANDARD_DECK, Seat, mask_cards
from ..errors import ParseError, SpadesError, brief, register
from ..game import Game
from ..rng import Rng, deal_masks
from ..rules import PRESET_NAMES, PRESETS, Rules

ERROR_CODES = register(
    __name__,
    {
        "deal_code_text": ("value",),
        "deal_code_chars": ("value",),
        "deal_code_length": ("length",),
        "deal_code_version": ("version",),
        "deal_code_checksum": (),
        "deal_code_cards": ("seat", "count"),
        "deal_code_preset": ("value",),
        "deal_code_rules": ("problem",),
        "deal_daily_date": ("value",),
    },
)
"""Deal codes and the daily deal (registered in :data:`spades.errors.CODES`)."""

VERSION = 1
CODE_LIMIT = 200
"""Longest code text looked at (a code with every option overridden is under 60 characters)."""
WHITEN_SEED = 0x5350_4144_4553_4C4B
"""Seed of the key stream the card bytes are XORed with (``Rng(WHITEN_SEED).next64()``, low byte first)."""
FOLD_START = 0x243F_6A88_85A3_08D3
DAILY_PREFIX = "spades-daily/1:"
OPTIONS = tuple(f.name for f in fields(Rules) if f.name != "preset")
"""The rule options a code may override, in the order of its override mask."""
CHOICES = {"first_lead": ("left", "two_clubs"), "bidding": ("standard", "suicide", "whiz", "mirror")}
_KINDS = {f.name: f.type for f in fields(Rules)}
_CODE = re.compile(r"[A-Za-z0-9_-]*")
_DATE = re.compile(r"\d{4}-\d{2}-\d{2}")


@dataclass(frozen=True)
class DealSpec:
    """A deal to share: four card masks (N, E, S, W), the dealer, the person's seat and the rules."""

    masks: tuple[int, int, int, int]
    dealer: Seat
    seat: Seat
    rules: Rules

    def deal(self) -> dict[str, list[int]]:
        """The cards by seat letter, as :class:`spades.game.Game` takes them."""
        return {seat.name: list(mask_cards(self.masks[seat])) for seat in Seat}


def fold(data: bytes, start: int = FOLD_START) -> int:
    """A 64-bit hash of ``data``: each byte mixed in with one SplitMix64 step (``Rng(h ^ byte).next64()``).

    >>> fold(b"") == FOLD_START
    True
    """
    h = start
    for byte in data:
        h = Rng(h ^ byte).next64()
    return h


def checksum(data: bytes) -> int:
    """The code's 16-bit checksum: the low 16 bits of :func:`fold`."""
    return fold(data) & 0xFFFF


def game_seed(code: str) -> int:
    """The seed of a game started from ``code`` (a valid code's text): 31 bits of :func:`fold` of its bytes."""
    return fold(_unbase64(code)) & 0x7FFF_FFFF


def _stream(n: int) -> bytes:
    rng = Rng(WHITEN_SEED)
    out = bytearray()
    while len(out) < n:
        out += rng.next64().to_bytes(8, "little")
    return bytes(out[:n])


def _deck(rules: Rules) -> tuple[int, ...]:
    return mask_cards(JOKER_DECK if rules.jokers else STANDARD_DECK)


def _varint(value: int) -> bytes:
    out = bytearray()
    while True:
        low = value & 0x7F
        value >>= 7
        if value:
            out.append(low | 0x80)
        else:
            out.append(low)
            return bytes(out)


def _zigzag(value: int) -> int:
    return value * 2 if value >= 0 else -value * 2 - 1


def _unzigzag(value: int) -> int:
    return value // 2 if value % 2 == 0 else -(value + 1) // 2


def encode(spec: DealSpec) -> str:
    """The code of ``spec`` (see the module docstring); ``spec.masks`` must be a deal of the rules' deck."""
    rules = spec.rules
    base = PRESETS[rules.preset]
    changed = [name for name in OPTIONS if getattr(rules, name) != getattr(base, name)]
    head = bytearray([VERSION, spec.dealer | spec.seat << 2 | PRESET_NAMES.index(rules.preset) << 4])
    if changed:
        head[1] |= 0x80
    holder = {card: seat for seat in Seat for card in mask_cards(spec.masks[seat])}
    cards = bytearray(13)
    for i, card in enumerate(_deck(rules)):
        cards[i // 4] |= holder[card] << (2 * (i % 4))
    data = bytearray(head) + bytes(a ^ b for a, b in zip(cards, _stream(13), strict=True))
    if changed:
        data += sum(1 << OPTIONS.index(name) for name in changed).to_bytes(2, "little")
        for name in changed:
            data += _value_bytes(name, getattr(rules, name))
    data += checksum(bytes(data)).to_bytes(2, "little")
    return base64.urlsafe_b64encode(bytes(data)).decode("ascii").rstrip("=")


def _value_bytes(name: str, value: object) -> bytes:
    if name in CHOICES:
        return bytes([CHOICES[name].index(value)])
    if type(value) is bool:
        return bytes([int(value)])
    if value is None:
        return _varint(0)
    assert isinstance(value, int), name  # the rules that are neither choices nor flags are numbers
    number = _zigzag(value)
    return _varint(number + 1 if "None" in str(_KINDS[name]) else number)


def _refuse(message: str, code: str, **params: object) -> ParseError:
    return ParseError(f"not a deal code: {message}", code, params)


def _unbase64(code: object) -> bytes:
    if not isinstance(code, str) or not 0 < len(code) <= CODE_LIMIT:
        raise _refuse(f"expected text of 1 to {CODE_LIMIT} characters, got {brief(code)}", "deal_code_text",
                    value=brief(code))  # fmt: skip
    if not _CODE.fullmatch(code):
        raise _refuse(f"only letters, digits, '-' and '_' may appear, got {brief(code)}", "deal_code_chars",
                    value=brief(code))  # fmt: skip
    if len(code) % 4 == 1:
        raise _refuse(f"{len(code)} characters cannot be base64url", "deal_code_length", length=len(code))
    data = base64.urlsafe_b64decode(code + "=" * (-len(code) % 4))
    if base64.urlsafe_b64encode(data).decode("ascii").rstrip("=") != code:
        raise _refuse(f"{brief(code)} is not canonical base64url", "deal_code_chars", value=brief(code))
    return data


def _read_varint(data: bytes, at: int) -> tuple[int, int]:
    value = shift = 0
    while True:
        if at >= len(data) or shift > 35:
            raise _refuse("the rule options are cut short", "deal_code_length", length=len(data))
        byte = data[at]
        at += 1
        value |= (byte & 0x7F) << shift
        shift += 7
        if not byte & 0x80:
            return value, at


def decode(code: object) -> DealSpec:
    """The deal of ``code``; a :class:`~spades.errors.ParseError` naming the problem if it is not a valid code."""
    data = _unbase64(code)
    if len(data) < 17:
        raise _refuse(f"{len(data)} bytes, at least 17 are needed", "deal_code_length", length=len(data))
    if data[0] != VERSION:
        raise _refuse(f"version {data[0]}, this game reads version {VERSION}", "deal_code_version", version=data[0])
    if int.from_bytes(data[-2:], "little") != checksum(data[:-2]):
        raise _refuse("the checksum does not match (a character changed or is missing?)", "deal_code_checksum")
    flags = data[1]
    preset = flags >> 4 & 7
    if preset >= len(PRESET_NAMES):
        raise _refuse(f"unknown rules preset number {preset}", "deal_code_preset", value=preset)
    rules = PRESETS[PRESET_NAMES[preset]]
    body = data[2:-2]
    cards = bytes(a ^ b for a, b in zip(body[:13], _stream(13), strict=True))
    if flags & 0x80:
        rules = _read_rules(rules, body[13:], len(data))
    elif len(body) != 13:
        raise _refuse(f"{len(data)} bytes, 17 without rule options", "deal_code_length", length=len(data))
    masks = [0, 0, 0, 0]
    for i, card in enumerate(_deck(rules)):
        masks[cards[i // 4] >> (2 * (i % 4)) & 3] |= 1 << card
    for seat in Seat:
        count = len(mask_cards(masks[seat]))
        if count != 13:
            raise _refuse(f"{seat.name} holds {count} cards, not 13", "deal_code_cards", seat=seat.name, count=count)
    return DealSpec((masks[0], masks[1], masks[2], masks[3]), Seat(flags & 3), Seat(flags >> 2 & 3), rules)


def _read_rules(base: Rules, block: bytes, size: int) -> Rules:
    if len(block) < 3:
        raise _refuse("the rule options are cut short", "deal_code_length", length=size)
    mask = int.from_bytes(block[:2], "little")
    if not mask or mask >> len(OPTIONS):
        raise _refuse(f"rule option mask {mask} names no option or an unknown one", "deal_code_rules",
                    problem={"code": "invalid", "params": {}})  # fmt: skip
    values: dict[str, object] = {"preset": base.preset}
    at = 2
    for index, name in enumerate(OPTIONS):
        if not mask >> index & 1:
            continue
        kind = str(_KINDS[name])
        if name in CHOICES or kind == "bool":
            if at >= len(block):
                raise _refuse("the rule options are cut short", "deal_code_length", length=size)
            byte = block[at]
            at += 1
            choices = CHOICES.get(name, (False, True))
            if byte >= len(choices):
                raise _refuse(f"rule {name!r}: no choice {byte}", "deal_code_rules",
                            problem={"code": "rule_choice", "params": {"rule": name, "value": str(byte)}})  # fmt: skip
            values[name] = choices[byte]
        else:
            number, at = _read_varint(block, at)
            if "None" in kind:
                values[name] = None if number == 0 else _unzigzag(number - 1)
            else:
                values[name] = _unzigzag(number)
        if values[name] == getattr(base, name):
            raise _refuse(f"rule {name!r} repeats the preset's value", "deal_code_rules",
                        problem={"code": "invalid", "params": {}})  # fmt: skip
    if at != len(block):
        raise _refuse(f"{len(block) - at} bytes left over after the rule options", "deal_code_length", length=size)
    try:
        return Rules.from_dict(values)
    except SpadesError as error:
        raise _refuse(str(error), "deal_code_rules", problem=error.to_json()) from None


def daily_seed(date: object) -> int:
    """The seed of the daily deal of ``date`` (``YYYY-MM-DD``, a real date): 31 bits of :func:`fold`."""
    if not isinstance(date, str) or not _DATE.fullmatch(date):
        raise ParseError(f"a daily deal's date must be YYYY-MM-DD, got {brief(date)}", "deal_daily_date",
                         {"value": brief(date)})  # fmt: skip
    try:
        datetime.date.fromisoformat(date)
    except ValueError:
        raise ParseError(f"not a real date: {brief(date)}", "deal_daily_date", {"value": brief(date)}) from None
    return fold((DAILY_PREFIX + date).encode("ascii")) & 0x7FFF_FFFF


def daily(date: object) -> DealSpec:
    """The daily deal of ``date`` (see the module docstring)."""
    seed = daily_seed(date)
    return DealSpec(deal_masks(seed, 0), Seat(seed % 4), Seat.S, PRESETS["standard"])


def spec_of(game: Game, seat: Seat) -> DealSpec:
    """The hand in progress of ``game`` (its cards as dealt) to share, for a person at ``seat``."""
    log = game.history[-1]
    return DealSpec(log.deal, log.dealer, Seat(seat), game.rules)


def game_of(code: str) -> Game:
    """A new game whose first hand is ``code``'s deal (its seed: :func:`game_seed`)."""
    spec = decode(code)
    return Game(spec.rules, seed=game_seed(code), dealer=spec.dealer, deal=spec.deal())


__all__ = [
    "DealSpec",
    "checksum",
    "daily",
    "daily_seed",
    "decode",
    "encode",
    "fold",
    "game_of",
    "game_seed",
    "spec_of",
]
