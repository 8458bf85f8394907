"""The group of host-blind dealing: the prime-order subgroup of edwards25519, with libsodium's arithmetic.

**Elements** are the points of order ``L`` (:data:`L`, a 253-bit prime) on the curve edwards25519, written as
their canonical 32-byte encodings in lowercase hexadecimal (64 characters): two texts are equal exactly when the
points are.  **Exponents** are integers in ``[1, L)``; ``power(x, e)`` is the point ``e·x``.  Every element that
comes from another device is checked with :func:`valid` (libsodium's ``crypto_core_ed25519_is_valid_point``: on
the curve, canonically encoded, in the order-``L`` subgroup, not of small order), so no element of the curve's
cofactor part can carry a mark through an encryption.  Decisional Diffie–Hellman is believed hard in this
group, which is what the cipher ``E_k(x) = k·x`` needs (``E_k(E_j(x)) = E_j(E_k(x))``, ``D_k = E_(k⁻¹ mod L)``).

**Hashing to the group**: :func:`from_label` maps SHA-256 of a label to a point with libsodium's
``crypto_core_ed25519_from_uniform`` (Elligator 2, then the cofactor cleared): nobody knows the logarithm of one
such point to another, which is why the cards are made this way.

**The arithmetic is libsodium's**, not ours: in CPython through PyNaCl (``nacl.bindings``), in the page's
engine worker through libsodium.js, which the worker's script hands to :func:`use` (``spades`` never imports
``js``).  Both are the same C library, so every device computes the same bytes.  The scalar arithmetic modulo
``L`` (products, inverses) is Python's integers.

>>> x = from_label(b"example")
>>> power(power(x, 5), 7) == power(power(x, 7), 5) and power(power(x, 5), inverse(5)) == x
True
"""

from __future__ import annotations

import hashlib
import secrets as _random
from collections.abc import Sequence
from typing import Protocol

from ..errors import FairError

try:
    from nacl import bindings as _nacl
    from nacl.exceptions import CryptoError as _CryptoError
except ImportError:  # the page's worker has no PyNaCl: it hands libsodium.js to use() instead
    _nacl = None  # type: ignore[assignment]  # a module or None: backend() checks before any use

L = 2**252 + 27742317777372353535851937790883648493
"""The order of the group: the prime order of edwards25519's main subgroup."""

NAME = "ed25519"
"""The group's name in a blind hand's ``fair`` part (``"group"``): a part without it was dealt by the first
version, in a 2048-bit group, which is no longer checked."""

SIZE = 64
"""Characters of an element's text (32 bytes in hexadecimal)."""


class Backend(Protocol):
    """The group arithmetic, over hexadecimal text so that it crosses into JavaScript as plain strings.

    ``mul(scalars, points)``: ``points`` is ``n`` elements concatenated, ``scalars`` either one 32-byte scalar or
    ``n`` of them (little-endian, reduced, concatenated); the ``n`` products ``scalar·point`` concatenated, or
    ``""`` if any of them failed (a point that is not one, a product that is the identity).  ``valid(points)``:
    whether every one of the concatenated ``points`` is an element of the group.  ``from_uniform(data)``: the
    element made from 32 bytes (``crypto_core_ed25519_from_uniform``).
    """

    def mul(self, scalars: str, points: str) -> str: ...

    def valid(self, points: str) -> bool: ...

    def from_uniform(self, data: str) -> str: ...


class _Sodium:
    """:class:`Backend` over PyNaCl (CPython)."""

    def mul(self, scalars: str, points: str) -> str:
        one = len(scalars) == SIZE
        out = []
        try:
            for i in range(0, len(points), SIZE):
                scalar = bytes.fromhex(scalars if one else scalars[i : i + SIZE])
                out.append(_nacl.crypto_scalarmult_ed25519_noclamp(scalar, bytes.fromhex(points[i : i + SIZE])))
        except (_CryptoError, ValueError, TypeError):
            return ""
        return b"".join(out).hex()

    def valid(self, points: str) -> bool:
        try:
            return all(
                _nacl.crypto_core_ed25519_is_valid_point(bytes.fromhex(points[i : i + SIZE]))
                for i in range(0, len(points), SIZE)
            )
        except ValueError:
            return False

    def from_uniform(self, data: str) -> str:
        return str(_nacl.crypto_core_ed25519_from_uniform(bytes.fromhex(data)).hex())


_backend: list[Backend] = []


def use(backend: Backend) -> None:
    """Do the group's arithmetic with ``backend`` from now on (the page's worker: libsodium.js)."""
    _backend[:] = [backend]
    _LABELS.clear()


def backend() -> Backend:
    """The arithmetic in use: the one given to :func:`use`, else PyNaCl's (a :class:`FairError` if neither)."""
    if not _backend:
        if _nacl is None:
            raise FairError("no group arithmetic: PyNaCl is not installed and none was given", "fair_no_group",
                            {})  # fmt: skip
        _backend.append(_Sodium())
    return _backend[0]


def scalar_text(e: int) -> str:
    """``e`` as libsodium reads a scalar: 32 bytes, little-endian, in hexadecimal."""
    return (e % L).to_bytes(32, "little").hex()


def power(x: str, e: int) -> str:
    """``e·x``: the cipher ``E_e(x)`` (a :class:`FairError` if ``x`` is no element)."""
    return power_all([x], e)[0]


def power_all(xs: Sequence[str], e: int) -> list[str]:
    """``[e·x for x in xs]``, in one call of the arithmetic."""
    return _split(backend().mul(scalar_text(e), "".join(xs)), len(xs))


def power_each(xs: Sequence[str], es: Sequence[int]) -> list[str]:
    """``[e·x for x, e in zip(xs, es)]``, in one call of the arithmetic."""
    if len(xs) != len(es):
        raise ValueError(f"{len(xs)} elements but {len(es)} exponents")
    return _split(backend().mul("".join(scalar_text(e) for e in es), "".join(xs)), len(xs))


def _split(text: str, count: int) -> list[str]:
    if len(text) != SIZE * count:
        raise FairError("a group element that is not one", "fair_not_in_group", {"seat": "?"})
    return [text[i * SIZE : (i + 1) * SIZE] for i in range(count)]


def is_text(x: object) -> bool:
    """Whether ``x`` is written as an element is (64 lowercase hexadecimal characters); :func:`valid` says if
    it is one."""
    return isinstance(x, str) and len(x) == SIZE and all(c in "0123456789abcdef" for c in x)


def valid(xs: Sequence[str]) -> bool:
    """Whether every one of ``xs`` is an element of the group (see the module's docstring)."""
    return all(is_text(x) for x in xs) and (not xs or backend().valid("".join(xs)))


def inverse(k: int) -> int:
    """``k⁻¹ mod L``: the exponent that undoes ``E_k``."""
    return pow(k, -1, L)


def new_key() -> int:
    """A fresh exponent, uniform in ``[1, L)``."""
    return 1 + _random.randbelow(L - 1)


_LABELS: dict[bytes, str] = {}


def from_label(label: bytes) -> str:
    """The element of ``label``: ``from_uniform(SHA-256("spades-fair/2 " ‖ label))`` (kept once made)."""
    element = _LABELS.get(label)
    if element is None:
        element = _LABELS[label] = backend().from_uniform(hashlib.sha256(b"spades-fair/2 " + label).hexdigest())
    return element
