"""Words: the one message catalog (``messages.json``, shared with the page) and the engine's wording.

:mod:`spades.i18n.catalog` loads the catalog and words what the engine says to people: a card, a suit,
a bid, a computer player's reason (:class:`~spades.i18n.catalog.Explanation`, rendered by
:func:`~spades.i18n.catalog.explain` in ``"en"``, ``"zh-Hans"`` or ``"zh-Hant"``).  Reports, lessons,
the bot protocol and the bots take their words from here.

May import the engine only (:mod:`spades.cards`); everything else may import it.
"""

from .catalog import CATALOG, LANGUAGES, MESSAGES, Explanation, bid_words, card_text, explain, message, suit_text

__all__ = [
    "CATALOG",
    "LANGUAGES",
    "MESSAGES",
    "Explanation",
    "bid_words",
    "card_text",
    "explain",
    "message",
    "suit_text",
]
