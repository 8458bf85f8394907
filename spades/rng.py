"""Seeded deals that are identical in CPython and in Pyodide.

A deal is a random order of the deck's cards dealt in blocks of 13 to North,
East, South and West (see :func:`deal_masks`).
:class:`Rng` (SplitMix64, pure integer arithmetic) serves the computer players.
Deal ``index`` of seed ``seed`` depends on nothing else, so undoing back into
an earlier hand and dealing again gives the same cards.

>>> [len(mask_cards(m)) for m in deal_masks(1, 0)]
[13, 13, 13, 13]
"""

from __future__ import annotations

import os
import random
from collections.abc import Sequence
from typing import TypeVar

from .cards import STANDARD_DECK, mask_cards

_M64 = (1 << 64) - 1
T = TypeVar("T")


class Rng:
    """SplitMix64: a tiny, fast, portable 64-bit generator."""

    __slots__ = ("state",)

    def __init__(self, seed: int) -> None:
        self.state = seed & _M64

    def next64(self) -> int:
        """Return the next 64-bit output."""
        self.state = z = (self.state + 0x9E3779B97F4A7C15) & _M64
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _M64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _M64
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """Return a uniform integer in ``range(n)`` (unbiased, by rejection)."""
        limit = _M64 + 1 - ((_M64 + 1) % n)
        while True:
            x = self.next64()
            if x < limit:
                return x % n

    def random(self) -> float:
        """Return a float in [0, 1)."""
        return (self.next64() >> 11) / 9007199254740992.0

    def shuffle(self, items: list[T]) -> None:
        """Shuffle ``items`` in place (Fisher–Yates, unbiased)."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]

    def choice(self, items: Sequence[T]) -> T:
        """Return a uniformly chosen element of ``items``."""
        return items[self.below(len(items))]


def random_seed() -> int:
    """Return a fresh seed from the operating system (``crypto`` in the browser)."""
    return int.from_bytes(os.urandom(4), "little") & 0x7FFFFFFF


def deal_masks(seed: int, index: int, deck: int = STANDARD_DECK) -> tuple[int, int, int, int]:
    """Return hand ``index`` (0-based) of the deal sequence ``seed`` as four card masks (N, E, S, W).

    Each of the deck's cards, in number order, draws a key from
    ``random.Random(seed * 1_000_003 + index).random()``; sorted by key (a
    uniformly random order), they go in blocks of 13 to N, E, S and W.  Python
    guarantees the ``random()`` sequence of a seed on every version and
    platform, so CPython and Pyodide deal alike.
    """
    bits = [1 << card for card in mask_cards(deck)]
    uniform = random.Random(seed * 1_000_003 + index).random
    keys = [uniform() for _ in bits]
    order = sorted(range(len(bits)), key=keys.__getitem__)
    bit = bits.__getitem__
    return (
        sum(map(bit, order[0:13])),
        sum(map(bit, order[13:26])),
        sum(map(bit, order[26:39])),
        sum(map(bit, order[39:52])),
    )
