"""Host-blind dealing: mental poker with a commutative cipher (SRA / Pohlig–Hellman), as message-passing devices.

Four devices, one a seat (N, E, S, W: device ``i`` is seat ``i``), deal a hand so that no device — the host's,
which relays every message, included — learns a card of another seat before it is played, and check at the end
of the hand that the shuffle, the deal and every play were honest (``docs/fair-play.md`` tells it step by step).

**The group** (:mod:`spades.table.group`): the prime-order subgroup of edwards25519 (order ``L``, 253 bits),
with libsodium's arithmetic; elements are written as 64 hexadecimal characters, exponents are integers in
``[1, L)``.

* Card ``c`` is ``encode(c) = from_label("card " + name)``: hashed to the group, so nobody knows the logarithm of
  one card to another.
* ``E_k(m) = k·m``; ``E_k(E_j(m)) = E_j(E_k(m))``; ``D_k = E_(k⁻¹ mod L)``.

**The messages** (JSON objects; numbers of the group as hex text; ``from``, ``to`` are seat letters; every
message goes to every device through the relay):

1. ``hello`` ``{dh}``: each device's Diffie–Hellman public value ``canon(g^x)`` for this hand (``x`` fresh).
2. ``keys`` ``{to, box}``, once all four ``hello`` are in: every device draws a key ``b[t]`` for each position
   ``t`` of the final deck and sends each other seat its keys for that seat's 13 positions (``13·i … 13·i + 12``
   are seat ``i``'s), sealed for it (:func:`seal`: a key stream and a MAC from their Diffie–Hellman secret), so
   the relay learns nothing from them.
3. ``shuffle`` ``{deck}``, N, E, S, W in turn: encrypt every card of the deck received (first the public deck, in
   card order) with a deck key ``a`` and permute it (``deck[t] = E_a(received[perm[t]])``).  The device that
   encrypts a deck next first checks that it lies in the group (:func:`spades.table.group.valid`): an element
   outside it could carry a mark through the encryption and betray the permutation.
4. ``lock`` ``{block, deck}``, N, E, S, W in turn, one block of 13 positions a message (so the four work at once
   on different blocks): replace the deck-key layer by the positions' keys (``deck[t] = E_(b[t]·a⁻¹)(received[t])``).
   W's lock of block ``i`` is seat ``i``'s part of the final deck: its owner decrypts its 13 cards with the three
   others' keys and its own.
5. ``play`` ``{position, card, keys}``: a card is played with all four keys of its position; every device checks
   that they decrypt that position of the final deck to that card (:class:`Device` refuses a forged card,
   naming the seat).
6. ``reveal`` ``{x, a, perm, b}``: at the end of the hand every device reveals its secrets, and every device
   audits the whole (:func:`audit`): each shuffle, the final deck (and, if it fails, each lock), each sealed box,
   each play, and the play against the rules with the engine (a renege — not following suit when able — is found
   here).

>>> power(power(encode(0), 3), inverse(3)) == encode(0)
True
"""

from __future__ import annotations

import hashlib
import hmac
import secrets as _random
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from ..cards import CARD_NAMES, STANDARD_DECK, Seat, mask_cards, parse_card
from ..errors import FairError, SpadesError, brief
from ..game import Game, Phase
from ..rules import Rules
from .fair import Verification, field
from .group import L, from_label, inverse, new_key, power, power_all, power_each, valid

HEX = "0123456789abcdef"
GENERATOR = "5866666666666666666666666666666666666666666666666666666666666666"
"""``g``: the Diffie–Hellman base, edwards25519's standard base point (of order ``L``)."""


def encode(card: int) -> str:
    """The group element of card number ``card`` (hashed from its name; kept once made)."""
    return from_label(b"card " + CARD_NAMES[card].encode())


def generator() -> str:
    """``g``: the Diffie–Hellman base."""
    return GENERATOR


def in_group(elements: Sequence[str]) -> bool:
    """Whether every one of ``elements`` is an element of the group (:func:`spades.table.group.valid`)."""
    return valid(elements)


def same_powers(before: Sequence[str], after: Sequence[str], exponents: Sequence[int]) -> bool:
    """Whether ``after[t] == power(before[t], exponents[t])`` for every ``t``."""
    if len(before) != len(after):
        return False
    try:
        if len(set(exponents)) == 1:
            return power_all(before, exponents[0]) == list(after)
        return power_each(before, exponents) == list(after)
    except FairError:
        return False


# ----------------------------------------------------------------- sealed boxes (the keys for one seat)


def _box_key(table: str, hand: int, sender: Seat, to: Seat, shared: str) -> bytes:
    data = field("spades-fair/2 box") + field(table) + field(hand) + field(sender.name) + field(to.name)
    return hashlib.sha256(data + field(bytes.fromhex(shared))).digest()


def _stream(key: bytes, size: int) -> bytes:
    out = b""
    counter = 0
    while len(out) < size:
        out += hashlib.sha256(key + counter.to_bytes(4, "big")).digest()
        counter += 1
    return out[:size]


def seal(key: bytes, keys: Sequence[int]) -> str:
    """``keys`` (exponents) sealed with ``key``: XOR with a SHA-256 key stream, then a 16-byte HMAC; hex text."""
    plain = b"".join(k.to_bytes(32, "big") for k in keys)
    sealed = bytes(a ^ b for a, b in zip(plain, _stream(key, len(plain)), strict=True))
    return (sealed + hmac.new(key, sealed, hashlib.sha256).digest()[:16]).hex()


def unseal(key: bytes, box: str, count: int) -> list[int] | None:
    """The ``count`` exponents in ``box``, or ``None`` if it was not sealed with ``key`` (or was changed)."""
    try:
        data = bytes.fromhex(box)
    except ValueError:
        return None
    sealed, tag = data[:-16], data[-16:]
    if len(sealed) != 32 * count or not hmac.compare_digest(tag, hmac.new(key, sealed, hashlib.sha256).digest()[:16]):
        return None
    plain = bytes(a ^ b for a, b in zip(sealed, _stream(key, len(sealed)), strict=True))
    return [int.from_bytes(plain[i : i + 32], "big") for i in range(0, len(plain), 32)]


# ----------------------------------------------------------------- reading messages


def _fail(seat: Seat | str, name: str, value: object) -> FairError:
    who = seat.name if isinstance(seat, Seat) else seat
    return FairError(f"{who}'s {name} cannot be read: {brief(value)}", "fair_value",
                     {"seat": who, "field": name, "value": brief(value)})  # fmt: skip


def _number(seat: Seat, name: str, value: object, low: int, high: int) -> int:
    if not isinstance(value, str) or not 0 < len(value) <= 520 or not value.isalnum() or not value.isascii():
        raise _fail(seat, name, value)
    try:
        number = int(value, 16)
    except ValueError:
        raise _fail(seat, name, value) from None
    if not low <= number <= high:
        raise _fail(seat, name, value)
    return number


def _numbers(seat: Seat, name: str, value: object, count: int, low: int, high: int) -> list[int]:
    if not isinstance(value, list) or len(value) != count:
        raise _fail(seat, name, value)
    return [_number(seat, name, item, low, high) for item in value]


def _elements(seat: Seat, name: str, value: object, count: int) -> list[str]:
    """``count`` elements of the group, each checked (:func:`spades.table.group.valid`)."""
    if not isinstance(value, list) or len(value) != count:
        raise _fail(seat, name, value)
    if not valid(value):
        bad = next((x for x in value if not valid([x])), value)
        raise _fail(seat, name, bad)
    return list(value)


def _element(seat: Seat, name: str, value: object) -> str:
    """One element of the group, checked."""
    if not isinstance(value, str) or not valid([value]):
        raise _fail(seat, name, value)
    return value


def _hex(x: int) -> str:
    return format(x, "x")


def _sender(message: object) -> Seat:
    if not isinstance(message, Mapping) or message.get("from") not in ("N", "E", "S", "W"):
        raise FairError(f"a message without a sender: {brief(message)}", "fair_unexpected",
                        {"seat": "?", "value": brief(message)})  # fmt: skip
    return Seat[message["from"]]


def _positions(seat: int, size: int) -> range:
    share = size // 4
    return range(seat * share, (seat + 1) * share)


def read_lock(message: Mapping[str, Any], size: int) -> tuple[int, list[str]]:
    """The ``(block, elements)`` of a ``lock`` message of a deck of ``size`` cards, read (a :class:`FairError`
    naming the sender for one that cannot be)."""
    sender, block = _sender(message), message.get("block")
    if type(block) is not int or block not in range(4):
        raise _fail(sender, "block", block)
    return block, _elements(sender, "deck", message.get("deck"), size // 4)


def read_play(message: Mapping[str, Any], final: Sequence[str], deck: int, played: Iterable[int]) -> tuple[int, int]:
    """The ``(position, card)`` of a ``play`` message, checked as a relay can check it: the position is one of the
    sender's and not played yet (``played``: positions), and the four keys decrypt that position of the ``final``
    deck (``""`` where not locked yet) to the card named.  Raises :class:`FairError` ``fair_forged_card`` naming the
    sender (or ``fair_value`` for keys that are no exponents).  A device checks its own key besides
    (:meth:`Device.receive`)."""
    sender = _sender(message)
    position, text = message.get("position"), message.get("card")
    forged = FairError(f"{sender.name}'s {brief(text)} is not the card it holds there", "fair_forged_card",
                       {"seat": sender.name, "card": brief(text)})  # fmt: skip
    if type(position) is not int or position not in _positions(sender, len(final)) or position in set(played):
        raise forged
    if not isinstance(text, str):
        raise forged
    try:
        card = parse_card(text)
    except SpadesError:
        raise forged from None
    keys = _numbers(sender, "keys", message.get("keys"), 4, 1, L - 1)
    product = 1
    for k in keys:
        product = product * k % L
    if not deck >> card & 1 or final[position] == "" or power(final[position], inverse(product)) != encode(card):
        raise forged
    return position, card


class Device:
    """One seat's device in a host-blind hand: messages in (:meth:`receive`), messages out.

    ``Device(seat, table, hand)``, then :meth:`start` (its ``hello``); every message any device sends goes to
    every device, the sender included (a relay may see them all: the ``keys`` boxes are sealed); each
    :meth:`receive` returns what this device sends next.  Once the deck is locked and its keys are in,
    :attr:`cards` is this seat's hand; :meth:`play` plays one; :meth:`reveal` ends the hand; :meth:`audit`
    checks everything once all four have revealed.  A message that does not hold raises :class:`FairError`
    naming its sender (the room treats that side as having left).
    """

    def __init__(self, seat: Seat, table: str, hand: int, deck: int = STANDARD_DECK) -> None:
        self.seat = Seat(seat)
        self.table = table
        self.hand = hand
        self.deck = deck
        self.size = len(mask_cards(deck))
        self.transcript: list[dict[str, Any]] = []
        """Every message received, in order (the record's ``fair.transcript``)."""
        self._x = new_key()
        self._a = new_key()
        order = list(range(self.size))
        for i in range(self.size - 1, 0, -1):
            j = _random.randbelow(i + 1)
            order[i], order[j] = order[j], order[i]
        self._perm = order
        self._b = [new_key() for _ in range(self.size)]
        self.publics: dict[Seat, str] = {}
        self.shuffles: list[list[str]] = [[encode(c) for c in mask_cards(deck)]]
        self.locks: list[list[str]] = [[""] * self.size for _ in Seat]
        """Each seat's lock layer (by position; ``""`` until its block came): ``locks[3]`` is the final deck."""
        self._locked: set[tuple[int, int]] = set()
        self._keys: dict[Seat, list[int]] = {self.seat: [self._b[t] for t in _positions(self.seat, self.size)]}
        self.cards: dict[int, int] = {}
        """This seat's cards once dealt: position in the final deck → card number."""
        self.unreadable: list[int] = []
        """Positions of this seat's hand whose keys did not decrypt to a card (the audit names the sender)."""
        self.played: dict[int, int] = {}
        """Every position played so far → its card."""
        self.revealed: set[Seat] = set()

    # ----------------------------------------------------------------- the flow

    def start(self) -> list[dict[str, Any]]:
        """This device's first message: its Diffie–Hellman public value."""
        return [{"type": "hello", "from": self.seat.name, "dh": power(generator(), self._x)}]

    @property
    def dealt(self) -> bool:
        """Whether this seat's 13 cards are known here."""
        return len(self.cards) + len(self.unreadable) == self.size // 4

    def receive(self, message: Mapping[str, Any]) -> list[dict[str, Any]]:
        """Take one message (from any device, this one's own included); return what this device sends next."""
        sender = _sender(message)
        kind = message.get("type")
        handler = getattr(self, f"_on_{kind}", None) if isinstance(kind, str) else None
        if handler is None:
            raise FairError(f"{sender.name} sent an unknown message", "fair_unexpected",
                            {"seat": sender.name, "value": brief(kind)})  # fmt: skip
        out: list[dict[str, Any]] = handler(sender, message)
        self.transcript.append(dict(message))
        return out

    def _expect(self, sender: Seat, ready: bool, what: str) -> None:
        if not ready:
            raise FairError(f"{sender.name} sent {what} out of turn", "fair_unexpected",
                            {"seat": sender.name, "value": what})  # fmt: skip

    def _on_hello(self, sender: Seat, message: Mapping[str, Any]) -> list[dict[str, Any]]:
        self._expect(sender, sender not in self.publics, "hello")
        value = _element(sender, "dh", message.get("dh"))
        self.publics[sender] = value
        if len(self.publics) < 4:
            return []
        out = []
        for seat in Seat:  # the keys of each other seat's positions, sealed for it (they do not depend on the deck)
            if seat != self.seat:
                key = _box_key(self.table, self.hand, self.seat, seat, power(self.publics[seat], self._x))
                box = seal(key, [self._b[t] for t in _positions(seat, self.size)])
                out.append({"type": "keys", "from": self.seat.name, "to": seat.name, "box": box})
        if self.seat == Seat.N:
            out.append(self._shuffle(self.shuffles[0]))
        return out

    def _shuffle(self, received: list[str]) -> dict[str, Any]:
        deck = power_all([received[i] for i in self._perm], self._a)
        return {"type": "shuffle", "from": self.seat.name, "deck": deck}

    def _lock(self, block: int, received: list[str]) -> dict[str, Any]:
        undo = inverse(self._a)
        positions = _positions(block, self.size)
        deck = power_each([received[t] for t in positions], [self._b[t] * undo % L for t in positions])
        return {"type": "lock", "from": self.seat.name, "block": block, "deck": deck}

    def _on_shuffle(self, sender: Seat, message: Mapping[str, Any]) -> list[dict[str, Any]]:
        self._expect(sender, len(self.publics) == 4 and sender == len(self.shuffles) - 1, "shuffle")
        deck = message.get("deck")
        if not isinstance(deck, list) or len(deck) != self.size:
            raise _fail(sender, "deck", deck)
        if not in_group(deck):  # the deck this device encrypts (or locks) next, and every other: checked once
            raise FairError(f"{sender.name}'s deck is not in the group", "fair_not_in_group", {"seat": sender.name})
        self.shuffles.append(deck)
        if len(self.shuffles) == 5:
            return [self._lock(0, deck)] if self.seat == Seat.N else []
        return [self._shuffle(deck)] if sender == (self.seat - 1) % 4 else []

    def _on_lock(self, sender: Seat, message: Mapping[str, Any]) -> list[dict[str, Any]]:
        block = message.get("block")
        self._expect(sender, len(self.shuffles) == 5 and block in (0, 1, 2, 3) and type(block) is int, "lock")
        assert isinstance(block, int)
        ready = (sender, block) not in self._locked and (sender == Seat.N or (sender - 1, block) in self._locked)
        self._expect(sender, ready, "lock")
        deck = _elements(sender, "deck", message.get("deck"), self.size // 4)
        self.locks[sender][block * len(deck) : (block + 1) * len(deck)] = deck
        self._locked.add((sender, block))
        out = []
        if sender == (self.seat - 1) % 4 and sender != Seat.W:  # this device's layer of the block comes next
            out.append(self._lock(block, self.locks[sender]))
        if sender == self.seat == Seat.N and block < 3:  # North locks the blocks one after another
            out.append(self._lock(block + 1, self.shuffles[4]))
        if sender == Seat.W and block == self.seat:
            self._open_hand()
        return out

    def _on_keys(self, sender: Seat, message: Mapping[str, Any]) -> list[dict[str, Any]]:
        to = message.get("to")
        self._expect(sender, len(self.publics) == 4 and to in ("N", "E", "S", "W") and to != sender.name, "keys")
        if to != self.seat.name:
            return []  # sealed for another seat: kept in the transcript only
        self._expect(sender, sender not in self._keys, "keys")
        key = _box_key(self.table, self.hand, sender, self.seat, power(self.publics[sender], self._x))
        keys = unseal(key, message.get("box", ""), self.size // 4) if isinstance(message.get("box"), str) else None
        self._keys[sender] = keys if keys is not None and all(1 <= k < L for k in keys) else [1] * (self.size // 4)
        self._open_hand()
        return []

    def _open_hand(self) -> None:
        """Decrypt this seat's cards once the three other seats' keys and the last lock of its block are in."""
        if len(self._keys) < 4 or (Seat.W, self.seat.value) not in self._locked or self.dealt:
            return
        final = self.locks[3]
        table = {encode(c): c for c in mask_cards(self.deck)}
        positions = _positions(self.seat, self.size)
        undo = []
        for i in range(len(positions)):
            product = 1
            for seat in Seat:
                product = product * self._keys[seat][i] % L
            undo.append(inverse(product))
        for t, element in zip(positions, power_each([final[t] for t in positions], undo), strict=True):
            card = table.get(element)
            if card is None:
                self.unreadable.append(t)
            else:
                self.cards[t] = card

    def play(self, card: int | str) -> dict[str, Any]:
        """The message that plays ``card`` (a number or text) from this seat's hand (every device checks it)."""
        number = parse_card(card) if isinstance(card, str) else card
        position = next((t for t, c in self.cards.items() if c == number and t not in self.played), None)
        if position is None:
            raise FairError(f"{self.seat.name} does not hold {brief(card)}", "fair_forged_card",
                            {"seat": self.seat.name, "card": str(card)})  # fmt: skip
        i = position - _positions(self.seat, self.size).start
        keys = [_hex(self._keys[seat][i]) for seat in Seat]
        return {"type": "play", "from": self.seat.name, "position": position, "card": CARD_NAMES[number],
                "keys": keys}  # fmt: skip

    def _on_play(self, sender: Seat, message: Mapping[str, Any]) -> list[dict[str, Any]]:
        position, text = message.get("position"), message.get("card")
        self._expect(sender, (Seat.W, sender.value) in self._locked, "play")
        if type(position) is not int or not isinstance(text, str):
            raise _fail(sender, "play", message)
        forged = FairError(f"{sender.name}'s {brief(text)} is not the card it holds there", "fair_forged_card",
                           {"seat": sender.name, "card": brief(text)})  # fmt: skip
        if position not in _positions(sender, self.size) or position in self.played:
            raise forged
        try:
            card = parse_card(text)
        except SpadesError:
            raise forged from None
        keys = _numbers(sender, "keys", message.get("keys"), 4, 1, L - 1)
        mine = self._b[position] if sender != self.seat else keys[self.seat]
        product = 1
        for k in keys:
            product = product * k % L
        if (
            keys[self.seat] != mine
            or not self.deck >> card & 1
            or power(self.locks[3][position], inverse(product)) != encode(card)
        ):
            raise forged
        self.played[position] = card
        return []

    def reveal(self) -> dict[str, Any]:
        """This device's secrets for the audit at the end of the hand."""
        return {
            "type": "reveal",
            "from": self.seat.name,
            "x": _hex(self._x),
            "a": _hex(self._a),
            "perm": list(self._perm),
            "b": [_hex(b) for b in self._b],
        }

    def _on_reveal(self, sender: Seat, message: Mapping[str, Any]) -> list[dict[str, Any]]:
        self._expect(sender, sender not in self.revealed, "reveal")
        self.revealed.add(sender)
        return []

    def missing_reveals(self) -> list[Seat]:
        """The seats whose secrets have not come (the room treats their sides as having left)."""
        return [seat for seat in Seat if seat not in self.revealed]

    def audit(self, dealer: Seat, bids: Sequence[int | str], rules: Rules | None = None) -> Audit:
        """The end-of-hand audit of everything this device received (see :func:`audit`)."""
        return audit(self.table, self.hand, self.transcript, dealer, bids, rules, self.deck)


class Audit:
    """The end of a host-blind hand, checked: ``verification`` (one line; its ``error`` names the seat whose
    device sent what does not hold), ``deal`` (the card masks N, E, S, W, when the keys allowed reading it),
    ``play`` (the cards played, in order) and ``renege`` — ``(seat, card, n)`` for the first card ``n`` (1-based)
    played by a seat that could follow suit, which the rules punish with 3 tricks to the opponents — or ``None``.
    """

    __slots__ = ("deal", "play", "renege", "verification")

    def __init__(
        self,
        verification: Verification,
        deal: tuple[int, int, int, int] | None = None,
        play: Sequence[int] = (),
        renege: tuple[Seat, int, int] | None = None,
    ) -> None:
        self.verification = verification
        self.deal = deal
        self.play = tuple(play)
        self.renege = renege

    @property
    def ok(self) -> bool:
        """Whether everything holds (no renege either)."""
        return self.verification.ok


def _by_type(transcript: Iterable[Mapping[str, Any]]) -> dict[str, list[Mapping[str, Any]]]:
    kinds: dict[str, list[Mapping[str, Any]]] = {}
    for message in transcript:
        if not isinstance(message, Mapping):
            raise FairError(f"a transcript message must be an object, got {brief(message)}", "fair_part",
                            {"value": brief(message)})  # fmt: skip
        kinds.setdefault(str(message.get("type")), []).append(message)
    return kinds


def _one_each(kinds: dict[str, list[Mapping[str, Any]]], kind: str) -> dict[Seat, Mapping[str, Any]]:
    found: dict[Seat, Mapping[str, Any]] = {}
    for message in kinds.get(kind, []):
        sender = _sender(message)
        if sender in found:
            raise FairError(f"{sender.name} sent two {kind} messages", "fair_unexpected",
                            {"seat": sender.name, "value": kind})  # fmt: skip
        found[sender] = message
    return found


def _layers(messages: Iterable[Mapping[str, Any]], size: int) -> dict[Seat, list[str]]:
    """Each seat's lock layer, from its four ``lock`` messages (one a block); a seat with a block missing or sent
    twice is left out (and named by the audit)."""
    blocks: dict[tuple[Seat, int], list[str]] = {}
    for message in messages:
        sender, block = _sender(message), message.get("block")
        if type(block) is not int or block not in range(4) or (sender, block) in blocks:
            raise FairError(f"{sender.name} sent a lock out of turn", "fair_unexpected",
                            {"seat": sender.name, "value": "lock"})  # fmt: skip
        blocks[sender, block] = _elements(sender, "deck", message.get("deck"), size // 4)
    return {
        seat: [x for block in range(4) for x in blocks[seat, block]]
        for seat in Seat
        if all((seat, block) in blocks for block in range(4))
    }


def audit(
    table: str,
    hand: int,
    transcript: Sequence[Mapping[str, Any]],
    dealer: Seat,
    bids: Sequence[int | str],
    rules: Rules | None = None,
    deck: int = STANDARD_DECK,
) -> Audit:
    """Check a whole host-blind hand from its transcript (every message, the reveals included).

    In order: every device revealed; its revealed Diffie–Hellman secret is its ``hello``'s; each shuffle is the
    deck before it, encrypted with the revealed deck key and permuted by the revealed permutation; the final deck
    is each card of the composed shuffle under the four revealed keys of its position (else the first lock that
    is not is named); each sealed box holds the sender's revealed keys; each play names the card at its position
    with the revealed keys; then the engine replays the bids and the play on the deal so read, and the first card
    of a seat that could follow suit and did not is the renege.  The first thing that does not hold is the
    verdict, naming its seat.
    """
    size = len(mask_cards(deck))
    cards = list(mask_cards(deck))
    try:
        kinds = _by_type(transcript)
        reveals = _one_each(kinds, "reveal")
        gone = [seat.name for seat in Seat if seat not in reveals]
        if gone:
            raise FairError(f"no secrets revealed by {', '.join(gone)}", "fair_no_reveal", {"seats": gone})
        hellos, shuffles = _one_each(kinds, "hello"), _one_each(kinds, "shuffle")
        locks = _layers(kinds.get("lock", []), size)
        xs, keys_a, perms, keys_b = {}, {}, {}, {}
        for seat in Seat:
            if seat not in hellos or seat not in shuffles or seat not in locks:
                raise FairError(f"{seat.name}'s part of the deal is missing", "fair_unexpected",
                                {"seat": seat.name, "value": "deal"})  # fmt: skip
            reveal = reveals[seat]
            xs[seat] = _number(seat, "x", reveal.get("x"), 1, L - 1)
            keys_a[seat] = _number(seat, "a", reveal.get("a"), 1, L - 1)
            keys_b[seat] = _numbers(seat, "b", reveal.get("b"), size, 1, L - 1)
            perm = reveal.get("perm")
            if not isinstance(perm, list) or sorted(p for p in perm if type(p) is int) != list(range(size)):
                raise _fail(seat, "perm", perm)
            perms[seat] = perm
            if power(generator(), xs[seat]) != _element(seat, "dh", hellos[seat].get("dh")):
                raise _fail(seat, "x", reveal.get("x"))
        # the shuffles
        deck_now = [encode(c) for c in cards]
        order = list(range(size))  # order[t]: the index in ``cards`` of the card at position t
        for seat in Seat:
            after = _elements(seat, "deck", shuffles[seat].get("deck"), size)
            before = [deck_now[i] for i in perms[seat]]
            if not same_powers(before, after, [keys_a[seat]] * size):
                raise FairError(f"{seat.name}'s shuffle is not its deck key and permutation", "fair_bad_shuffle",
                                {"seat": seat.name})  # fmt: skip
            deck_now = after
            order = [order[i] for i in perms[seat]]
        # the locks: the final deck at once, then (if it fails) the first lock that does not hold
        final = locks[Seat.W]
        products = [1] * size
        for seat in Seat:
            products = [p * b % L for p, b in zip(products, keys_b[seat], strict=True)]
        if not same_powers([encode(cards[i]) for i in order], final, products):
            for seat in Seat:
                after = locks[seat]
                undo = inverse(keys_a[seat])
                if not same_powers(deck_now, after, [b * undo % L for b in keys_b[seat]]):
                    raise FairError(f"{seat.name}'s lock is not its revealed keys", "fair_bad_lock",
                                    {"seat": seat.name})  # fmt: skip
                deck_now = after
            raise FairError("the final deck is not the last lock", "fair_bad_lock", {"seat": Seat.W.name})
        # the sealed boxes
        publics = {seat: _element(seat, "dh", hellos[seat].get("dh")) for seat in Seat}
        for message in kinds.get("keys", []):
            sender, to = _sender(message), message.get("to")
            if to not in ("N", "E", "S", "W") or to == sender.name:
                raise FairError(f"{sender.name} sent keys to {brief(to)}", "fair_unexpected",
                                {"seat": sender.name, "value": "keys"})  # fmt: skip
            other = Seat[to]
            key = _box_key(table, hand, sender, other, power(publics[other], xs[sender]))
            box = message.get("box")
            sent = unseal(key, box, size // 4) if isinstance(box, str) else None
            if sent != [keys_b[sender][t] for t in _positions(other, size)]:
                raise FairError(f"{sender.name} sent {other.name} keys that are not its own", "fair_bad_keys",
                                {"seat": sender.name, "to": other.name})  # fmt: skip
        # the plays
        play = []
        for message in kinds.get("play", []):
            sender, position, text = _sender(message), message.get("position"), message.get("card")
            forged = FairError(f"{sender.name}'s {brief(text)} is not the card it held there", "fair_forged_card",
                               {"seat": sender.name, "card": brief(text)})  # fmt: skip
            if type(position) is not int or position not in _positions(sender, size) or not isinstance(text, str):
                raise forged
            shown = _numbers(sender, "keys", message.get("keys"), 4, 1, L - 1)
            if CARD_NAMES[cards[order[position]]] != text or shown != [keys_b[s][position] for s in Seat]:
                raise forged
            play.append(cards[order[position]])
        masks = [0, 0, 0, 0]
        for t in range(size):
            masks[t * 4 // size] |= 1 << cards[order[t]]
        deal = (masks[0], masks[1], masks[2], masks[3])
        renege = _replay(deal, dealer, bids, play, rules)
    except FairError as error:
        return Audit(Verification(f"does not hold: {error}", error))
    if renege is not None:
        seat, card, n = renege
        found = FairError(f"{seat.name} played {CARD_NAMES[card]} (card {n}) when able to follow suit",
                          "fair_renege", {"seat": seat.name, "card": CARD_NAMES[card], "n": n})  # fmt: skip
        return Audit(Verification(f"does not hold: {found}", found), deal, play, renege)
    return Audit(
        Verification(
            f"holds: 4 shuffles, the final deck, {len(kinds.get('keys', []))} sealed key boxes and {len(play)} "
            "played cards match the revealed keys, and the play follows the rules"
        ),
        deal,
        play,
    )


def _replay(
    deal: tuple[int, int, int, int], dealer: Seat, bids: Sequence[int | str], play: Sequence[int], rules: Rules | None
) -> tuple[Seat, int, int] | None:
    """The first renege of ``play`` on ``deal``, or ``None``; another illegal card raises :class:`FairError`."""
    game = Game(rules, seed=0, dealer=dealer, deal={seat: mask_cards(deal[seat]) for seat in Seat})
    for bid in bids:
        seat = game.turn
        assert seat is not None
        try:
            game.bid(bid)
        except SpadesError as error:  # a bid the seat's cards forbid (whiz, mirror): the relay could not check it
            raise FairError(f"{seat.name} bid {brief(bid)}: {error}", "fair_unexpected",
                            {"seat": seat.name, "value": f"bid {brief(bid)}"}) from None  # fmt: skip
    for n, card in enumerate(play, 1):
        if game.phase is not Phase.PLAYING:
            break
        seat = game.turn
        assert seat is not None
        reason = game.check(card)
        if reason is not None:
            if reason.code == "must_follow":
                return seat, card, n
            raise FairError(f"{seat.name} played {CARD_NAMES[card]} (card {n}): {reason}", "fair_renege",
                            {"seat": seat.name, "card": CARD_NAMES[card], "n": n})  # fmt: skip
        game.play(card)
    return None
