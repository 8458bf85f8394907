"""Derive the host-blind dealing group of spades/table/blind.py from its published seed (a one-off: 4 minutes here).

    python3 scripts/fair_group.py

q is the least prime >= Q0, and r the least integer >= R0 for which r and p = 2*q*r + 1 are both prime, where Q0
and R0 are read from SHA-256 of the seed (:func:`spades.table.blind.expand`): nothing about the group was chosen
but the seed and this rule. Prints the offsets q - Q0 and r - R0, which blind.py records (tests/test_fair.py
checks that they give primes). Here: Q_OFFSET = 90, R_OFFSET = 2026049 (6425 candidates tested, 246 s).
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from spades.table.blind import Q0, R0, is_probable_prime

WINDOW = 1 << 20
SIEVE = 100_000


def small_primes(limit: int) -> list[int]:
    flags = bytearray([1]) * limit
    flags[0:2] = b"\0\0"
    for n in range(2, int(limit**0.5) + 1):
        if flags[n]:
            flags[n * n :: n] = bytes(len(range(n * n, limit, n)))
    return [n for n in range(limit) if flags[n]]


def main() -> None:
    start = time.perf_counter()
    q = Q0
    while not is_probable_prime(q):
        q += 1
    primes = small_primes(SIEVE)
    step = 2 * q
    base, tested = R0, 0
    while True:
        alive = bytearray([1]) * WINDOW
        for s in primes:
            alive[(-base) % s :: s] = bytes(len(range((-base) % s, WINDOW, s)))  # s divides r
            if step % s:
                root = (-pow(step, -1, s) - base) % s  # s divides 2qr + 1
                alive[root::s] = bytes(len(range(root, WINDOW, s)))
        for offset in (i for i in range(WINDOW) if alive[i]):
            r = base + offset
            tested += 1
            if is_probable_prime(r) and is_probable_prime(step * r + 1):
                took = time.perf_counter() - start
                print(f"Q_OFFSET = {q - Q0}\nR_OFFSET = {r - R0}\n# {tested} candidates tested, {took:.0f} s")
                return
        base += WINDOW


if __name__ == "__main__":
    main()
