"""The table layer: a game with its occupants, and what runs on top of it.

* :mod:`spades.table.table` — :class:`Table`: any occupants (people here or elsewhere, computer players),
  viewers, intents, events, policies and saves (``docs/table.md``);
* :mod:`spades.table.room` — an online room around a table: who sits where, spectators, votes, the
  messages between host and guests (``docs/online.md``);
* :mod:`spades.table.guest` — a guest's boundary: the host's messages and the lobby's listings, checked;
* :mod:`spades.table.duplicate` — duplicate play: a first hand dealt again to two experts.

May import the engine (:mod:`spades.cards` … :mod:`spades.game`), :mod:`spades.i18n`,
:mod:`spades.formats`, :mod:`spades.bots` and :mod:`spades.stats`; nothing above (lessons, the review, the
worker).  ``from spades.table import Table, Occupant, Policy`` is the front door.
"""

from .table import (
    MAX_HANDS,
    OCCUPANTS,
    POLICY_KINDS,
    SAVE_FORMAT,
    SEQ_LIMIT,
    VIEWERS,
    Occupant,
    Policy,
    Table,
    clone,
    parse_seat,
    parse_seats,
    parse_viewer,
    reason_json,
)

__all__ = [
    "MAX_HANDS",
    "OCCUPANTS",
    "POLICY_KINDS",
    "SAVE_FORMAT",
    "SEQ_LIMIT",
    "VIEWERS",
    "Occupant",
    "Policy",
    "Table",
    "clone",
    "parse_seat",
    "parse_seats",
    "parse_viewer",
    "reason_json",
]
