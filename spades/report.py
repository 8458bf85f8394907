"""The old path of :mod:`spades.stats.report`, kept for the browser and page tests that still import it.

Nothing in ``spades/`` imports it; it goes once ``tests/browser/`` and ``tests/page/`` import
:mod:`spades.stats.report`.
"""

from .stats.report import profile_report

__all__ = ["profile_report"]
