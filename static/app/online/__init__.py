"""Online play on the page (docs/online.md): a package fetched only when a person goes online (onlineload.py), never
at start-up, never precached (scripts/vendor.py ``ONLINE``).  One job a module:

- life.py: :class:`life.Online`, one table's life: create, host, join, resume, leave, send; its parts, mixins over
  the same fields: boundary.py (the messages' way in, through the guest boundary), dialog.py (the online dialog),
  lobby.py (the public lobby), panel.py (the strip, buttons and chat during the game);
- handlers.py: the table from a message's type to what it does (pure);
- actions.py: the tables from a button's ``data-action``, a form's id and a choice's name to what it does (pure);
- views.py, forms.py: every online window and panel as markup (pure);
- inbox.py: the guest boundary's queue, checked in order (pure);
- links.py: invitations, what a person types, the room's limits for it (pure);
- record.py, succession.py: the public record every seated guest keeps, and who takes over when the host is gone
  (pure); takeover.py: the takeover's part of :class:`life.Online`;
- bridge.py: JS values, storage keys, addresses.

The pure modules run in CPython too (tests/page); none of them imports ``js``, ``pyscript`` or a module that does.
"""

MODULES = (
    "links",
    "views",
    "forms",
    "inbox",
    "record",
    "succession",
    "handlers",
    "actions",
    "bridge",
    "boundary",
    "dialog",
    "lobby",
    "panel",
    "takeover",
    "blindhands",
    "life",
)
"""Every module of this package besides this one (static/app/online/NAME.py): the one list the loader fetches."""
