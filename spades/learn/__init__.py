"""Learning: the lessons (``lessons/*.json``, package data) and the post-hand review.

* :mod:`spades.learn.tutorial` — lessons as data (``spades-lesson/1``) and a lesson's run at a table;
* :mod:`spades.learn.analysis` — the review of a finished hand, move by move, against the expert.

May import every layer below (the engine, :mod:`spades.i18n`, :mod:`spades.formats`, :mod:`spades.bots`,
:mod:`spades.stats`, :mod:`spades.table`); only the worker and the command line import it.
"""
