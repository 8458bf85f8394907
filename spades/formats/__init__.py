"""Formats: the engine's values as JSON and text, and back, checked.

* :mod:`spades.formats.protocol` — seat views, moves and hand results as JSON (``spades-bot/1``; the one
  encoding of results: the bot protocol, the table's state and the score pad all use it);
* :mod:`spades.formats.record` — hand records (``spades-record/1``): a whole game, replayable;
* :mod:`spades.formats.scoresheet` — each hand's score part by part, finished hands trick by trick;
* :mod:`spades.formats.scorepad` — the score pad and game summaries of the command line;
* :mod:`spades.formats.dealcode` — deal codes (``?deal=``) and the daily deal.

May import the engine (:mod:`spades.cards` … :mod:`spades.jsontext`) and :mod:`spades.i18n`; nothing above
(no bots, no table).
"""
