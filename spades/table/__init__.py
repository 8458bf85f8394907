"""The table layer: a game with its occupants, and what runs on top of it.

* :mod:`spades.table.table` — :class:`Table`: any occupants (people here or elsewhere, computer players),
  viewers, intents, events, policies and saves (``docs/table.md``);
* :mod:`spades.table.room` — an online room around a table: who sits where, spectators, votes, the
  messages between host and guests (``docs/online.md``);
* :mod:`spades.table.guest` — a guest's boundary: the host's messages and the lobby's listings, checked;
* :mod:`spades.table.takeover` — the room that goes on when the host is gone, from a guest page's public data;
* :mod:`spades.table.fair` — commit–reveal deals: a seed no device chose, checked afterwards;
* :mod:`spades.table.blind` — host-blind dealing (mental poker): devices as message-passing state machines and the
  end-of-hand audit (``docs/fair-play.md``);
* :mod:`spades.table.verify` — a hand record's fair parts checked (``python -m spades verify``);
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
