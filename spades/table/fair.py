"""Commit–reveal deals: a deal no single device chose, which anyone can check afterwards (``docs/fair-play.md``).

Before a hand every device (one a seat; a computer seat's is the host's) draws a fresh 32-byte secret and sends
its commitment; once every commitment is in, each reveals its secret.  Then:

* ``commit = SHA-256(field("spades-fair/1 commit") ‖ field(table) ‖ field(hand) ‖ field(seat) ‖ field(secret))``
  as 64 lower-case hex digits, where ``field(x)`` is ``x``'s length as 4 bytes (big-endian) then ``x`` (UTF-8 for
  text, the decimal digits for the 1-based hand number): no two different inputs read alike;
* ``seed = the first 53 bits of SHA-256(field("spades-fair/1 seed") ‖ field(table) ‖ field(hand) ‖ field(secret
  of N) ‖ … ‖ field(secret of W))`` (the seats that took part, in seat order), an integer from 0 to 2**53 − 1;
* the deal is the engine's seeded deal ``spades.rng.deal_masks(seed, 0, deck)``.

A secret stays unknown until every commitment is in, and a commitment cannot be changed, so no device chooses
the seed (the last to reveal can only refuse: :func:`missing` names it, and the room treats it as gone).

>>> secrets = {Seat.N: bytes(32), Seat.E: bytes([1]) * 32, Seat.S: bytes([2]) * 32, Seat.W: bytes([3]) * 32}
>>> commits = {seat: commitment("t1", 1, seat, secret) for seat, secret in secrets.items()}
>>> verify_commits("t1", 1, commits, secrets, deal_of(combine("t1", 1, secrets))).ok
True
"""

from __future__ import annotations

import hashlib
import hmac
import secrets as _random
from collections.abc import Mapping
from typing import Any

from ..cards import STANDARD_DECK, Seat
from ..errors import FairError, SpadesError, brief
from ..rng import deal_masks

SECRET_BYTES = 32
"""A device's secret: 32 random bytes (``secrets.token_bytes``)."""
MAX_SEED = 2**53 - 1


def field(data: bytes | str | int) -> bytes:
    """``data`` as a hashed field: its length as 4 big-endian bytes, then the bytes (text as UTF-8, a number as
    its decimal digits).

    >>> field("N")
    b'\\x00\\x00\\x00\\x01N'
    """
    raw = data if isinstance(data, bytes) else str(data).encode()
    return len(raw).to_bytes(4, "big") + raw


def new_secret() -> bytes:
    """A fresh secret: :data:`SECRET_BYTES` bytes from the operating system's (the browser's) random source."""
    return _random.token_bytes(SECRET_BYTES)


def commitment(table: str, hand: int, seat: Seat, secret: bytes) -> str:
    """The commitment to ``secret`` of ``seat``'s device for hand ``hand`` (1-based) of ``table``: 64 hex digits."""
    digest = hashlib.sha256(
        field("spades-fair/1 commit") + field(table) + field(hand) + field(seat.name) + field(secret)
    )
    return digest.hexdigest()


def check_reveal(table: str, hand: int, seat: Seat, secret: bytes, commit: str) -> None:
    """Raise :class:`FairError` (``fair_commit_mismatch``, naming ``seat``) unless ``secret`` is what was committed."""
    if len(secret) != SECRET_BYTES or not hmac.compare_digest(commitment(table, hand, seat, secret), commit):
        raise FairError(
            f"{seat.name}'s secret does not match its commitment", "fair_commit_mismatch", {"seat": seat.name}
        )


def combine(table: str, hand: int, secrets: Mapping[Seat, bytes]) -> int:
    """The seed of hand ``hand`` of ``table`` from every device's secret (in seat order): 0 to 2**53 − 1."""
    data = field("spades-fair/1 seed") + field(table) + field(hand)
    for seat in sorted(secrets):
        data += field(secrets[seat])
    return int.from_bytes(hashlib.sha256(data).digest()[:8], "big") >> 11


def deal_of(seed: int, deck: int = STANDARD_DECK) -> tuple[int, int, int, int]:
    """The deal of ``seed``: the engine's seeded deal (card masks N, E, S, W)."""
    return deal_masks(seed, 0, deck)


def missing(commits: Mapping[Seat, str], reveals: Mapping[Seat, bytes]) -> list[Seat]:
    """The seats that committed but have not revealed, in seat order (the room treats their devices as gone)."""
    return [seat for seat in sorted(commits) if seat not in reveals]


class Verification:
    """The verdict on a fair deal: ``ok``, ``line`` (one English line: what was checked and whether it holds),
    and when it does not hold, ``error`` (a :class:`FairError` naming what does not, for the page to word; for a
    whole record, located: the :class:`~spades.errors.RecordError` of its hand around it)."""

    __slots__ = ("error", "line", "ok")

    def __init__(self, line: str, error: SpadesError | None = None) -> None:
        self.ok = error is None
        self.line = line
        self.error = error

    def __repr__(self) -> str:
        return f"Verification({self.line!r})"

    def to_json(self) -> dict[str, Any]:
        """``{"ok", "line", "error"}``: ``error`` the :class:`FairError`'s ``{"code", "params"}`` (or ``None``)."""
        return {"ok": self.ok, "line": self.line, "error": self.error.to_json() if self.error else None}


def verify_commits(
    table: str,
    hand: int,
    commits: Mapping[Seat, str],
    secrets: Mapping[Seat, bytes],
    deal: tuple[int, int, int, int],
    deck: int = STANDARD_DECK,
) -> Verification:
    """Check a commit–reveal deal: every secret against its commitment, then that ``deal`` is the seed's deal."""
    try:
        if not commits:
            raise FairError("no commitments", "fair_none")
        gone = missing(commits, secrets)
        if gone:
            names = [seat.name for seat in gone]
            raise FairError(f"no secret revealed by {', '.join(names)}", "fair_no_reveal", {"seats": names})
        for seat in sorted(secrets):
            if seat not in commits:
                raise FairError(f"{seat.name} revealed without a commitment", "fair_unexpected",
                                {"seat": seat.name, "value": "reveal"})  # fmt: skip
            check_reveal(table, hand, seat, secrets[seat], commits[seat])
        seed = combine(table, hand, secrets)
        if deal_of(seed, deck) != tuple(deal):
            raise FairError(f"the deal is not the deal of seed {seed}", "fair_deal_mismatch", {"seed": seed})
    except FairError as error:
        return Verification(f"does not hold: {error}", error)
    return Verification(
        f"holds: {len(commits)} secrets match their commitments and the deal is the engine's deal of seed {seed}"
    )


# ----------------------------------------------------------------- the record's fair part (docs/hand-record.md)


def _hex(value: object, seat: str, name: str, size: int) -> bytes:
    if not isinstance(value, str) or len(value) != 2 * size or value.lower() != value:
        raise FairError(
            f"{seat}'s {name} must be {2 * size} lower-case hex digits, got {brief(value)}",
            "fair_value",
            {"seat": seat, "field": name, "value": brief(value)},
        )
    try:
        return bytes.fromhex(value)
    except ValueError:
        raise FairError(
            f"{seat}'s {name} must be {2 * size} lower-case hex digits, got {brief(value)}",
            "fair_value",
            {"seat": seat, "field": name, "value": brief(value)},
        ) from None


def _by_seat(part: Mapping[str, Any], key: str) -> dict[Seat, str]:
    value = part.get(key, {})
    if not isinstance(value, Mapping) or not all(name in ("N", "E", "S", "W") for name in value):
        raise FairError(f"{key!r} must be an object keyed by seat, got {brief(value)}", "fair_part",
                        {"value": brief(value)})  # fmt: skip
    return {Seat[name]: text for name, text in value.items()}


def read_commit_part(part: Mapping[str, Any]) -> tuple[str, int, dict[Seat, str], dict[Seat, bytes]]:
    """A record's commit–reveal part ``{"kind": "commit", "table", "hand", "commits", "secrets"}``, checked for
    shape: (table, hand, commitments, secrets).  Raises :class:`FairError` naming what cannot be read."""
    table, hand = part.get("table"), part.get("hand")
    if not isinstance(table, str) or type(hand) is not int or hand < 1:
        raise FairError(f"a fair part needs a 'table' text and a 'hand' number, got {brief(table)}, {brief(hand)}",
                        "fair_part", {"value": brief(part)})  # fmt: skip
    commits = {seat: _hex(text, seat.name, "commitment", 32).hex() for seat, text in _by_seat(part, "commits").items()}
    secrets = {seat: _hex(text, seat.name, "secret", SECRET_BYTES) for seat, text in _by_seat(part, "secrets").items()}
    return table, hand, commits, secrets


def commit_part(table: str, hand: int, commits: Mapping[Seat, str], secrets: Mapping[Seat, bytes]) -> dict[str, Any]:
    """The record's fair part of a commit–reveal hand (JSON)."""
    return {
        "kind": "commit",
        "table": table,
        "hand": hand,
        "commits": {seat.name: commits[seat] for seat in sorted(commits)},
        "secrets": {seat.name: secrets[seat].hex() for seat in sorted(secrets)},
    }
