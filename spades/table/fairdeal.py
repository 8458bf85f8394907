"""The room's commit–reveal deals: one round a hand, the host's side (``docs/fair-play.md``, *At the table*).

Every hand of an online room is dealt from a seed no single device chose (:mod:`spades.table.fair`).  The host's
room (:class:`~spades.table.room.Room`) keeps a :class:`FairDeals`; one :class:`Round` is open at a time, for the
next hand to deal, so that the messages of a round go while the hand before it is played and the start of a hand
waits for none of them:

1. The round of hand ``h`` opens when hand ``h − 1`` is dealt (hand 1's: at the start).  The host draws the
   secrets of its own seat and of the computers' seats (its device plays them) and sends every person
   ``fair {table, hand, commits}``: the commitments it has.
2. Each person's page answers ``commit {hand, commit}`` for its seat (:class:`~spades.table.fair.Contributor`).
3. Once the four commitments are in, everyone gets ``fair {table, hand, commits}`` with all four; only then does a
   page reveal: ``reveal {hand, secret}``, to the host alone.  Nobody has seen another's secret before every
   commitment was fixed; the guests see none before the deal.
4. The deal of hand ``h`` (the start, or a person's *Next hand*) takes the round's seed, ``fair.combine``, and
   deals ``fair.deal_of(seed)``; everyone gets ``fair {table, hand, commits, secrets, seed, host, replaced?}``
   after their first state of the hand, and each page checks it and its own cards against it.  The part goes
   into the hand record (:meth:`FairDeals.parts`, ``spades-record/1``'s ``fair``).

A device late at the deal (:data:`FAIR_WAIT_MS` after the deal was wanted, or gone from the room) is replaced by
the host's fallback (:func:`~spades.table.fair.fallback_secret`, which follows from the host's own committed
secret), and the record says so (``replaced``).  One whose *commitment* is missing then would keep every other
page from revealing (a page reveals once the four commitments are in), so the host first **stands in** for it
(:meth:`Round.stand_in`): the fallback's commitment takes its place, the four commitments go out with
``replaced`` naming the stand-ins, and the pages that committed reveal, so their secrets still make the deal (the
room waits :data:`FAIR_WAIT_MS` once more for them).  One that committed and never revealed is, besides, treated
by the room as disconnected (:meth:`Round.withheld`).

Pure: no clock, no network, no room; :class:`Round` and :class:`FairDeals` save to JSON and load from it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any

from ..cards import Seat
from ..errors import FairError, brief
from ..game import deck_of
from . import fair

FAIR_WAIT_MS = 3000
"""How long the deal of a hand waits for the secrets still missing (after it was wanted), in milliseconds."""
HANDS_KEPT = 600
"""Fair parts kept, at most (a game deals far fewer hands: spades.table.table.MAX_HANDS)."""


class Round:
    """The commit–reveal round of one hand: the commitments and secrets so far, by seat.

    ``host`` is the host's seat; ``drawn`` the seats whose secrets the host drew (its own, the computers');
    ``stood_in`` those whose commitment never came, for which the host's fallback stands (:meth:`stand_in`).
    """

    __slots__ = ("commits", "drawn", "hand", "host", "secrets", "stood_in")

    def __init__(self, hand: int, host: Seat) -> None:
        self.hand = hand
        self.host = host
        self.commits: dict[Seat, str] = {}
        self.secrets: dict[Seat, bytes] = {}
        self.drawn: set[Seat] = set()
        self.stood_in: set[Seat] = set()

    def draw(self, table: str, seats: Iterable[Seat], draw: Callable[[], bytes] = fair.new_secret) -> None:
        """The host draws (and commits to) the secrets of ``seats`` that have none yet."""
        for seat in seats:
            if seat not in self.commits:
                secret = draw()
                self.commits[seat] = fair.commitment(table, self.hand, seat, secret)
                self.secrets[seat] = secret
                self.drawn.add(seat)

    def committed(self) -> bool:
        """Whether every seat's commitment is in (then pages may reveal)."""
        return len(self.commits) == 4

    def complete(self) -> bool:
        """Whether every seat's secret is in (the hand can be dealt at once)."""
        return len(self.secrets) == 4

    def stand_in(self, table: str) -> bool:
        """The host's fallback stands in for every seat whose commitment is missing (its secret and that secret's
        commitment), so that the seats that committed may reveal; ``True`` when it stood in for any.  The fallback
        follows from the host's own secret, committed before any other was known: the host chose none of it, and
        it learns nothing from the commitments it has seen."""
        missing = [seat for seat in Seat if seat not in self.commits]
        host_secret = self.secrets.get(self.host)
        if not missing or host_secret is None:
            return False
        for seat in missing:
            secret = fair.fallback_secret(host_secret, seat)
            self.commits[seat] = fair.commitment(table, self.hand, seat, secret)
            self.secrets[seat] = secret
            self.stood_in.add(seat)
        return True

    def commit(self, seat: Seat, commit: str) -> bool:
        """``seat``'s commitment; ``True`` when it was new and completes the four (the room says so to all)."""
        if seat in self.commits:
            return False
        self.commits[seat] = commit
        return self.committed()

    def reveal(self, table: str, seat: Seat, secret: bytes) -> bool:
        """``seat``'s secret, taken only once every commitment is in and when it is the one committed to."""
        if not self.committed() or seat in self.secrets:
            return False
        try:
            fair.check_reveal(table, self.hand, seat, secret, self.commits[seat])
        except FairError:
            return False
        self.secrets[seat] = secret
        return True

    def withheld(self) -> list[Seat]:
        """The seats that committed and have not revealed (their devices are treated as disconnected)."""
        return [seat for seat in sorted(self.commits) if seat not in self.secrets]

    def message(self, table: str) -> dict[str, Any]:
        """``fair {table, hand, commits}``: what the host asks (some commitments missing) or says (all four in);
        with ``replaced`` naming the seats the host's fallback stands in for, once it does (a page whose seat it
        names reveals nothing: its device was late)."""
        out: dict[str, Any] = {"t": "fair", "table": table, "hand": self.hand, "commits": _names(self.commits)}
        if self.stood_in:
            out["replaced"] = sorted(seat.name for seat in self.stood_in)
        return out

    def to_json(self) -> dict[str, Any]:
        return {
            "hand": self.hand,
            "host": self.host.name,
            "commits": _names(self.commits),
            "secrets": {seat.name: secret.hex() for seat, secret in sorted(self.secrets.items())},
            "drawn": sorted(seat.name for seat in self.drawn),
            "stood_in": sorted(seat.name for seat in self.stood_in),
        }

    @classmethod
    def from_json(cls, data: object) -> Round:
        """A saved round; :class:`FairError` (``fair_part``) when it cannot be read."""
        if not isinstance(data, Mapping) or data.get("host") not in ("N", "E", "S", "W"):
            raise FairError(f"a saved fair round cannot be read: {brief(data)}", "fair_part", {"value": brief(data)})
        part = {"table": "t", "hand": data.get("hand"), "commits": data.get("commits"), "secrets": data.get("secrets")}
        _, hand, commits, secrets = fair.read_commit_part(part)
        out = cls(hand, Seat[data["host"]])
        out.commits, out.secrets = commits, secrets
        out.drawn = _seats(data, "drawn")
        out.stood_in = _seats(data, "stood_in", []) & set(secrets)  # (a save from before stand-ins has none)
        return out


def _seats(data: Mapping[str, Any], key: str, missing: list[str] | None = None) -> set[Seat]:
    """A saved round's list of seats under ``key`` (``missing`` when there is none); :class:`FairError` when it is
    not one."""
    names = data.get(key, missing)
    if not isinstance(names, list) or not all(name in ("N", "E", "S", "W") for name in names):
        raise FairError(f"a saved fair round cannot be read: {brief(data)}", "fair_part", {"value": brief(data)})
    return {Seat[name] for name in names}


def _names(commits: Mapping[Seat, str]) -> dict[str, str]:
    return {seat.name: commits[seat] for seat in sorted(commits)}


class FairDeals:
    """A room's rounds: :attr:`round` (the next hand's, or ``None``) and :attr:`parts`, the fair part of every
    hand dealt (by hand number), as the hand record carries them.  ``table`` names the table in every commitment
    (random, drawn by the room)."""

    def __init__(self, table: str, draw: Callable[[], bytes] = fair.new_secret) -> None:
        self.table = table
        self.round: Round | None = None
        self.parts: dict[int, dict[str, Any]] = {}
        self._draw = draw

    def open(self, hand: int, host: Seat, drawn: Iterable[Seat]) -> list[dict[str, Any]]:
        """Open the round of hand ``hand`` (unless it is open): the host draws for those of ``drawn`` that have no
        commitment yet; the ``fair`` message to send every person."""
        if self.round is None or self.round.hand != hand:
            self.round = Round(hand, host)
        self.round.draw(self.table, drawn, self._draw)
        return [self.round.message(self.table)]

    def ask(self) -> dict[str, Any] | None:
        """The open round's ``fair`` message (for a person who comes back), or ``None``."""
        return self.round.message(self.table) if self.round is not None else None

    def stand_in(self, hand: int) -> list[dict[str, Any]]:
        """The host's fallback stands in for the missing commitments of hand ``hand``'s round when a seat that
        committed still waits to reveal (:meth:`Round.stand_in`): the ``fair`` message with the four commitments
        to send every person; none when there is nothing to stand in for or nobody to reveal."""
        current = self.round
        if current is None or current.hand != hand or not current.withheld():
            return []
        return [current.message(self.table)] if current.stand_in(self.table) else []

    def commit(self, hand: int, seat: Seat, commit: str) -> list[dict[str, Any]]:
        """A person's commitment: the ``fair`` message with all four to send everyone when it completes them."""
        current = self.round
        if current is None or current.hand != hand or not current.commit(seat, commit):
            return []
        return [current.message(self.table)]

    def reveal(self, hand: int, seat: Seat, secret: bytes) -> bool:
        """A person's secret; ``True`` when taken and the round is now complete."""
        current = self.round
        return (
            current is not None
            and current.hand == hand
            and current.reveal(self.table, seat, secret)
            and current.complete()
        )

    def deal(self, hand: int, jokers: bool = False) -> tuple[tuple[int, int, int, int], dict[str, Any], list[Seat]]:
        """Deal hand ``hand`` from its round (opened now, by the host alone, if it was not): the seats without a
        secret get the host's fallback.  Returns the deal, the ``fair`` message that says it all (it is the hand's
        fair part, with its ``seed``), and the seats that committed and never revealed."""
        current = self.round
        if current is None or current.hand != hand:
            raise FairError(f"no fair round open for hand {hand}", "fair_none")
        host_secret = current.secrets[current.host]
        withheld = current.withheld()
        replaced = tuple(seat for seat in Seat if seat not in current.secrets or seat in current.stood_in)
        secrets = dict(current.secrets)
        for seat in replaced:
            secrets[seat] = fair.fallback_secret(host_secret, seat)
        seed = fair.combine(self.table, hand, secrets)
        part = fair.commit_part(self.table, hand, current.commits, secrets, current.host, replaced)
        self.parts[hand] = part
        for old in [n for n in self.parts if n <= hand - HANDS_KEPT]:
            del self.parts[old]
        self.round = None
        deal = fair.deal_of(seed, deck_of(jokers))
        return deal, {"t": "fair", **part, "seed": seed}, withheld

    def to_json(self) -> dict[str, Any]:
        return {
            "table": self.table,
            "round": self.round.to_json() if self.round is not None else None,
            "parts": [self.parts[n] for n in sorted(self.parts)],
        }

    @classmethod
    def from_json(cls, data: object) -> FairDeals:
        """A saved :class:`FairDeals`; :class:`FairError` (``fair_part``) when it cannot be read."""
        if not isinstance(data, Mapping) or not isinstance(data.get("table"), str) or not data["table"]:
            raise FairError(f"saved fair deals cannot be read: {brief(data)}", "fair_part", {"value": brief(data)})
        out = cls(str(data["table"])[:64])
        if data.get("round") is not None:
            out.round = Round.from_json(data["round"])
        parts = data.get("parts") or []
        if not isinstance(parts, list) or len(parts) > HANDS_KEPT:
            raise FairError(f"saved fair deals cannot be read: {brief(parts)}", "fair_part", {"value": brief(parts)})
        for part in parts:
            if not isinstance(part, Mapping) or part.get("kind") != "commit":
                raise FairError(f"a saved fair part cannot be read: {brief(part)}", "fair_part", {"value": brief(part)})
            _, hand, _, _ = fair.read_commit_part(part)
            fair.read_stand_ins(part)
            out.parts[hand] = dict(part)
        return out
