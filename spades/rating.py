"""The old path of :mod:`spades.stats.rating`, kept for the browser and page tests that still import it.

Nothing in ``spades/`` imports it; it goes once ``tests/browser/`` and ``tests/page/`` import
:mod:`spades.stats.rating`.
"""

from .stats.rating import LEVEL_RATINGS, change

__all__ = ["LEVEL_RATINGS", "change"]
