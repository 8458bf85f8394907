"""The old path of :mod:`spades.formats.record`, kept for the browser and page tests that still import it.

Nothing in ``spades/`` imports it; it goes once ``tests/browser/`` and ``tests/page/`` import
:mod:`spades.formats.record`.
"""

from .formats.record import from_record, to_record

__all__ = ["from_record", "to_record"]
