"""The old path of :mod:`spades.stats.profile`, kept for the browser and page tests that still import it.

Nothing in ``spades/`` imports it; it goes once ``tests/browser/`` and ``tests/page/`` import
:mod:`spades.stats.profile`.
"""

from .stats.profile import add_game, check_profile, game_from_state, new_profile, rating_report

__all__ = ["add_game", "check_profile", "game_from_state", "new_profile", "rating_report"]
