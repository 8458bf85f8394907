"""A player's statistics: ratings, the profile, its reports and their charts.

* :mod:`spades.stats.rating` — ratings from a list of games (pure functions of the records);
* :mod:`spades.stats.profile` — the player's profile (``spades-profile/1``): checked, games added;
* :mod:`spades.stats.report` — the profile's report in words and charts;
* :mod:`spades.stats.charts` — SVG line and bar charts, pure functions of their data.

May import the engine, :mod:`spades.i18n`, :mod:`spades.formats` and :mod:`spades.bots`; nothing above
(the table, lessons, the worker).
"""
