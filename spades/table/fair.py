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

from ..cards import CARD_NAMES, STANDARD_DECK, Seat, mask_cards
from ..errors import FairError, SpadesError, brief, register
from ..game import deck_of
from ..rng import deal_masks

SECRET_BYTES = 32
"""A device's secret: 32 random bytes (``secrets.token_bytes``)."""
MAX_SEED = 2**53 - 1
FAIR_CODES = register(
    "spades.table.fair",
    {
        "fair_commit_changed": ("seat",),
        "fair_replaced": ("seat",),
        "fair_bad_fallback": ("seat",),
        "fair_not_dealt": ("seat",),
    },
)
"""What a device finds wrong in what the host said of its own part (:class:`Contributor`), and a stand-in secret
that is not the host's fallback (:func:`verify_commits`)."""


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


def fallback_secret(host_secret: bytes, seat: Seat) -> bytes:
    """The secret that stands in for ``seat``'s when its device committed nothing or revealed nothing in time:
    ``SHA-256(field("spades-fair/1 fallback") ‖ field(host's secret) ‖ field(seat))``.  It follows from the host's
    own secret, which the host committed to before it could know any other: the host did not choose it after seeing
    the others (it can only choose to say a device was late: the record says so, and that device's page sees it).

    >>> fallback_secret(bytes(32), Seat.E).hex()[:16]
    'd9356f25a8490c26'
    """
    return hashlib.sha256(field("spades-fair/1 fallback") + field(host_secret) + field(seat.name)).digest()


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
    host: Seat | None = None,
    replaced: tuple[Seat, ...] = (),
) -> Verification:
    """Check a commit–reveal deal: every secret against its commitment, then that ``deal`` is the seed's deal.

    ``replaced`` seats (their devices were late) have the host's fallback secret (:func:`fallback_secret` of the
    secret of ``host``'s seat) instead of their own, committed or not: that is what is checked for them."""
    try:
        if not commits:
            raise FairError("no commitments", "fair_none")
        stand_in = set(replaced)
        if stand_in and (host is None or host in stand_in or host not in secrets or host not in commits):
            raise FairError("stand-in secrets without the host's own", "fair_part", {"value": brief(host)})
        gone = [seat for seat in missing(commits, secrets) if seat not in stand_in]
        if gone:
            names = [seat.name for seat in gone]
            raise FairError(f"no secret revealed by {', '.join(names)}", "fair_no_reveal", {"seats": names})
        for seat in sorted(secrets):
            if seat in stand_in:
                assert host is not None  # checked above
                if not hmac.compare_digest(secrets[seat], fallback_secret(secrets[host], seat)):
                    raise FairError(f"{seat.name}'s stand-in secret is not the host's fallback", "fair_bad_fallback",
                                    {"seat": seat.name})  # fmt: skip
                continue
            if seat not in commits:
                raise FairError(f"{seat.name} revealed without a commitment", "fair_unexpected",
                                {"seat": seat.name, "value": "reveal"})  # fmt: skip
            check_reveal(table, hand, seat, secrets[seat], commits[seat])
        seed = combine(table, hand, secrets)
        if deal_of(seed, deck) != tuple(deal):
            raise FairError(f"the deal is not the deal of seed {seed}", "fair_deal_mismatch", {"seed": seed})
    except FairError as error:
        return Verification(f"does not hold: {error}", error)
    own = len(secrets) - len(stand_in)
    late = f" ({len(stand_in)} the host's fallback for a late device)" if stand_in else ""
    return Verification(
        f"holds: {own} secrets match their commitments{late} and the deal is the engine's deal of seed {seed}"
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


def read_stand_ins(part: Mapping[str, Any]) -> tuple[Seat | None, tuple[Seat, ...]]:
    """A commit part's ``host`` (a seat) and ``replaced`` (the seats whose secret is the host's fallback): both
    optional, ``(None, ())`` when absent.  Raises :class:`FairError` (``fair_part``) when they cannot be read."""
    host, replaced = part.get("host"), part.get("replaced", [])
    if (
        (host is not None and host not in ("N", "E", "S", "W"))
        or not isinstance(replaced, list)
        or not all(name in ("N", "E", "S", "W") for name in replaced)
        or len(set(replaced)) != len(replaced)
    ):
        raise FairError(f"'host' must be a seat and 'replaced' a list of seats, got {brief(host)}, {brief(replaced)}",
                        "fair_part", {"value": brief(part)})  # fmt: skip
    return (Seat[host] if host is not None else None), tuple(Seat[name] for name in replaced)


def commit_part(
    table: str,
    hand: int,
    commits: Mapping[Seat, str],
    secrets: Mapping[Seat, bytes],
    host: Seat | None = None,
    replaced: tuple[Seat, ...] = (),
) -> dict[str, Any]:
    """The record's fair part of a commit–reveal hand (JSON); ``host`` and ``replaced`` when a late device's secret
    is the host's fallback (:func:`fallback_secret`)."""
    part: dict[str, Any] = {
        "kind": "commit",
        "table": table,
        "hand": hand,
        "commits": {seat.name: commits[seat] for seat in sorted(commits)},
        "secrets": {seat.name: secrets[seat].hex() for seat in sorted(secrets)},
    }
    if host is not None:
        part["host"] = host.name
    if replaced:
        part["replaced"] = [seat.name for seat in sorted(replaced)]
    return part


def verify_part(part: Mapping[str, Any], deal: tuple[int, int, int, int] | None = None, jokers: bool = False
                ) -> Verification:  # fmt: skip
    """Check a commit part (:func:`commit_part`) by itself: its secrets against its commitments (and the stand-ins
    against the host's fallback) and, when ``deal`` is given, that it is the seed's deal; without ``deal``, the
    seed the secrets make is the part's ``seed`` when it has one (the host's ``fair`` message).  Never raises: a
    part that cannot be read is a verdict that does not hold."""
    return _verified_part(part, deal, jokers)[0]


def _verified_part(
    part: Mapping[str, Any], deal: tuple[int, int, int, int] | None, jokers: bool
) -> tuple[Verification, tuple[int, int, int, int] | None]:
    """:func:`verify_part`, and the deal it checked (``None`` when the part could not be read)."""
    deck = deck_of(jokers)
    try:
        table, hand, commits, secrets = read_commit_part(part)
        host, replaced = read_stand_ins(part)
        if deal is None:
            seed = part.get("seed")
            if type(seed) is not int or not 0 <= seed <= MAX_SEED:
                raise FairError(f"a fair part needs the deal or its seed, got {brief(seed)}", "fair_part",
                                {"value": brief(seed)})  # fmt: skip
            deal = deal_of(seed, deck)
    except FairError as error:
        return Verification(f"does not hold: {error}", error), None
    return verify_commits(table, hand, commits, secrets, deal, deck, host, replaced), deal


# ----------------------------------------------------------------- one device's side at an online table


class Contributor:
    """A guest device's side of the room's commit–reveal deals (``docs/fair-play.md``, *At the table*): it draws
    its secrets, answers the host's ``fair`` messages, and checks the deal the host says it made.

    The host's ``fair`` message is ``{"table", "hand", "commits", "secrets"?, "seed"?, "host"?, "replaced"?}``
    (checked for shape by the guest boundary first).  :meth:`answer` gives what to send back, and a verdict:

    * my seat has no commitment in it: ``{"t": "commit", "hand", "commit"}`` (a fresh secret, drawn once per table,
      hand and seat: asked again, the same commitment again);
    * all four commitments are in and mine is the one I sent: ``{"t": "reveal", "hand", "secret"}`` (once); a
      commitment of mine that is not the one I sent is a verdict that does not hold (``fair_commit_changed``),
      unless the message's ``replaced`` names my seat: the host's fallback stands in for it (my commitment did not
      come in time, :meth:`spades.table.fairdeal.Round.stand_in`), and I reveal nothing;
    * the deal (``secrets`` and ``seed``): nothing to send; the verdict checks every secret against its commitment,
      that the seed is the one they make, that my own secret is there (``fair_replaced`` when the host used a
      fallback though I revealed), and that the cards I was shown this hand are the seed's deal for my seat
      (``fair_not_dealt``; :meth:`saw_hand` is told of them as the host's states come).

    >>> me, host = Contributor(), Contributor()
    >>> ask = {"table": "t", "hand": 1, "commits": {}}
    >>> commit, _ = me.answer(ask, Seat.E)
    >>> commit["t"], commit["hand"], len(commit["commit"])
    ('commit', 1, 64)
    """

    KEEP_HANDS = 3
    """Secrets kept for this many hands back (a hand's are needed until its deal)."""

    def __init__(self) -> None:
        self._mine: dict[tuple[str, int, Seat], tuple[bytes, str]] = {}
        self._revealed: set[tuple[str, int, Seat]] = set()
        self._seen: dict[int, tuple[Seat, frozenset[str]]] = {}  # hand number -> (my seat, the cards I was shown)
        self.jokers = False  # the table's rules: a deck with jokers (the room message says)

    def saw_hand(self, hand: int, seat: Seat, cards: list[str]) -> None:
        """The host's state showed ``seat`` (mine) these cards in hand ``hand``: all of them must be its deal."""
        if type(hand) is int and hand >= 1:
            old = self._seen.get(hand)
            shown = frozenset(cards) | (old[1] if old is not None and old[0] == seat else frozenset())
            self._seen[hand] = (seat, shown)
            for number in [n for n in self._seen if n < hand - self.KEEP_HANDS]:
                del self._seen[number]

    def welcomed(self) -> None:
        """The host's ``welcome``: a new connection, perhaps to a new host after a takeover, which deals the hand in
        progress again under the same number (:mod:`spades.table.takeover`); the cards shown before are forgotten,
        so that a hand dealt again is checked against the cards shown since (checking fewer cards never accuses an
        honest host; the states after the welcome show the hand again)."""
        self._seen.clear()

    def answer(
        self, message: Mapping[str, Any], seat: Seat | None
    ) -> tuple[dict[str, Any] | None, Verification | None]:
        """``(what to send or None, the verdict on the deal or None)`` for the host's ``fair`` message; ``seat`` is
        mine (``None``: a spectator, who only checks the deal)."""
        table, hand = str(message.get("table")), message.get("hand")
        commits = message.get("commits") or {}
        if type(hand) is not int or hand < 1 or not isinstance(commits, Mapping):
            return None, None
        if "seed" in message:
            return None, self._check_deal(message, seat)
        if seat is None:
            return None, None
        key = (table, hand, seat)
        mine = self._mine.get(key)
        if seat.name not in commits:
            if mine is None:
                secret = new_secret()
                mine = self._mine[key] = (secret, commitment(table, hand, seat, secret))
                for old in [k for k in self._mine if k[1] < hand - self.KEEP_HANDS]:
                    del self._mine[old]
            return {"t": "commit", "hand": hand, "commit": mine[1]}, None
        if seat.name in (message.get("replaced") or []):
            return None, None  # the host's fallback stands in for my seat (my commitment came late): nothing to reveal
        if mine is None or len(commits) < 4:
            return None, None
        if commits[seat.name] != mine[1]:
            error = _changed(seat)
            return None, Verification(f"does not hold: {error}", error)
        if key in self._revealed:
            return None, None
        self._revealed.add(key)
        return {"t": "reveal", "hand": hand, "secret": mine[0].hex()}, None

    def _check_deal(self, message: Mapping[str, Any], seat: Seat | None) -> Verification:
        verdict, deal = _verified_part(message, None, self.jokers)  # (the deal of the message's seed, when it holds)
        if not verdict.ok or seat is None or deal is None:
            return verdict
        table, hand = str(message.get("table")), int(message["hand"])
        mine = self._mine.get((table, hand, seat))
        try:
            if mine is not None:
                if seat.name in (message.get("replaced") or []):
                    if (table, hand, seat) in self._revealed:
                        raise FairError(f"{seat.name}'s secret was replaced though it was revealed", "fair_replaced",
                                        {"seat": seat.name})  # fmt: skip
                elif message["commits"].get(seat.name) != mine[1]:
                    raise _changed(seat)
            seen = self._seen.get(hand)
            if seen is not None and seen[0] == seat:
                dealt = {CARD_NAMES[card] for card in mask_cards(deal[seat])}
                if not seen[1] <= dealt:
                    raise FairError(f"{seat.name}'s cards are not the deal the secrets make", "fair_not_dealt",
                                    {"seat": seat.name})  # fmt: skip
        except FairError as error:
            return Verification(f"does not hold: {error}", error)
        return verdict


def _changed(seat: Seat) -> FairError:
    return FairError(f"the host changed {seat.name}'s commitment", "fair_commit_changed", {"seat": seat.name})
