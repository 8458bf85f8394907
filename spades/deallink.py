"""The old path of :mod:`spades.formats.dealcode`, kept for the browser and page tests that still import it.

Nothing in ``spades/`` imports it; it goes once ``tests/browser/`` and ``tests/page/`` import
:mod:`spades.formats.dealcode`.
"""

from .formats.dealcode import daily, decode, encode, game_of

__all__ = ["daily", "decode", "encode", "game_of"]
