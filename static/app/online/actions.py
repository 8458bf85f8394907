"""What a person does in the online windows, by name: buttons (``data-action``), the forms' submits (by form id)
and the room's choices (by field name).  Three tables, no chain of tests:

- :data:`ACTIONS`: ``data-action`` → ``async action(online, element)``; controller.py ``ONLINE_ACTIONS`` lists the
  same names (tests/page/test_online_parts.py), and sends each here through life.py's ``Online.action``;
- :data:`SUBMITS`: a form's id → ``submit(online, form)`` (the online menu, the join form, join with a code);
- :data:`CHANGES`: a changed field's ``name`` → ``change(online, field)`` (the host's seat levels and moves, the
  spectator choices, do-not-disturb).

Pure (MicroPython and CPython): each one works through ``online`` (life.py's :class:`Online`) and the element it
is given, so tests/page runs them with stand-ins.  What is sent is checked again by the room (``SCHEMA``).
"""

from i18n import t

from .forms import clock_setting
from .links import HELLO_PASSWORD, typed_name
from .views import SEATS

# ------------------------------------------------------------------ buttons


async def open_menu(online, element):
    """The online menu, or the room of the table I am at."""
    online.open()


async def by_submit(online, element):
    """A form's submit button: the form's submit does it (:data:`SUBMITS`)."""


async def lobby(online, element):
    """The public lobby's tables."""
    await online.open_lobby()


async def lobby_join(online, element, watch=False):
    """Join a listed table (with the name I used last, else the join form first)."""
    online.secret = str(element.getAttribute("data-secret"))
    online.pub = str(element.getAttribute("data-pub"))
    online.via = "lobby"
    online.watch_after_join = watch
    name = online.default_name()
    if name:
        await online.join(online.secret, name, None)
    else:
        online.join_form(online.secret)


async def lobby_watch(online, element):
    """Watch a listed table (join it, then watch once welcomed)."""
    await lobby_join(online, element, True)


async def sit(online, element):
    online.send({"t": "sit", "seat": str(element.getAttribute("data-sit"))})


async def stand(online, element):
    online.send({"t": "stand"})


async def watch(online, element):
    """Watch: the first seat a person sits in (the room picks when nobody does)."""
    seats = (online.room or {}).get("seats") or {}
    message = {"t": "watch"}
    for seat in SEATS:
        if (seats.get(seat) or {}).get("occupant") == "person":
            message["seat"] = seat
            break
    online.send(message)


async def ready(online, element):
    """Ready, or not ready again (the room's mark for my seat, turned over)."""
    seats = (online.room or {}).get("seats") or {}
    mine = (online.you or {}).get("seat")
    online.send({"t": "ready", "ready": not bool((seats.get(mine) or {}).get("ready"))})


async def start(online, element):
    online.send({"t": "start"})


async def copy_invite(online, element):
    await online.copy_invite()


async def online_leave(online, element):
    """Leave the table (a rated game still going counts as lost: asked first)."""
    if online.rated_game_on() and not await online.app.dialogs.confirm(t("confirm_leave_rated")):
        return
    await online.leave()


async def online_cancel(online, element):
    """Stop connecting (or close the status window) and go back to the solo game."""
    await online.close_session()
    online.close_dialog()
    await online.app.leave_online(online)  # only if the page is still at this table


async def online_panel(online, element):
    online.toggle_panel()


async def online_computer(online, element):
    """Hand my seat to the computer, or take it back (casual tables)."""
    mine = (online.app.state or {}).get("seats", {}).get((online.you or {}).get("seat"), {})
    online.send({"t": "computer", "on": not bool(mine.get("away"))})


async def vote(online, element):
    online.send({"t": "vote", "wait": element.getAttribute("data-vote") == "wait"})
    online.close_dialog()


async def mute(online, element):
    online.muted.add(str(element.getAttribute("data-name")))
    online.save_prefs()
    online.render_bar()


async def hide_name(online, element):
    """Hide a person's name behind their seat, or show it again."""
    name = str(element.getAttribute("data-name"))
    if name in online.hidden:
        online.hidden.discard(name)
    else:
        online.hidden.add(name)
    online.save_prefs()
    online.render_bar()


ACTIONS = {
    "online": open_menu,
    "create-table": by_submit,
    "join-code": by_submit,
    "join-table": by_submit,
    "lobby": lobby,
    "lobby-join": lobby_join,
    "lobby-watch": lobby_watch,
    "sit": sit,
    "stand": stand,
    "watch": watch,
    "ready": ready,
    "start": start,
    "copy-invite": copy_invite,
    "online-leave": online_leave,
    "online-cancel": online_cancel,
    "online-computer": online_computer,
    "vote": vote,
    "mute": mute,
    "hide-name": hide_name,
    "online-panel": online_panel,
}
"""Every online button by its ``data-action``."""

# ------------------------------------------------------------------ forms


def _value(form, name):
    return form.elements.namedItem(name).value


def _field(form, name):
    """The form's field ``name``, or ``None`` where the form has none (a page's DOM answers null; a stand-in may
    raise ``KeyError``)."""
    try:
        return form.elements.namedItem(name)
    except KeyError:
        return None


def submit_code(online, form):
    """Join with a code: the name from the online menu's form (or the last one used), then redeem the code."""
    field = online.field("online-create", "name")
    name = (typed_name(field.value) if field is not None else "") or online.default_name()
    if not name:
        if field is not None:
            field.focus()
        return
    online.keep_name(name)
    online.later(online.redeem(str(_value(form, "code")), name))


def _name_and_password(online, form):
    name = typed_name(_value(form, "name"))
    if name:
        online.keep_name(name)
    return name, str(_value(form, "password") or "")[:HELLO_PASSWORD] or None


def submit_create(online, form):
    """Create a table: casual or rated, a password, spectators, a move clock (``online.clock_setting``, the room's
    ``clock`` setting: forms.py ``clock_setting``), host-blind deals or not (``online.blind_setting``; rated:
    always), listed in the public lobby or not."""
    name, password = _name_and_password(online, form)
    if not name:
        return
    kind = "rated" if _value(form, "kind") == "rated" else "casual"
    spectators = bool(form.elements.namedItem("spectators").checked)
    online.public = bool(form.elements.namedItem("public").checked)
    blind = _field(form, "blind")  # every hand host-blind (four people); a rated table always is
    online.blind_setting = kind == "rated" or bool(blind is not None and blind.checked)
    clock = _field(form, "clock")  # a radio group: its value is the checked one's
    online.clock_setting = clock_setting(clock.value if clock is not None else None)
    online.later(online.create(name, kind, password, spectators))


def submit_join(online, form):
    """Join the invitation's table with a name and a password."""
    name, password = _name_and_password(online, form)
    if not name:
        return
    online.pub = str(form.getAttribute("data-pub"))
    online.later(online.join(str(form.getAttribute("data-secret")), name, password))


SUBMITS = {"online-code": submit_code, "online-create": submit_create, "online-join": submit_join}
"""Every online form by its id."""

# ------------------------------------------------------------------ the room's choices


def change_level(online, field):
    """The host puts a computer of that level in a seat, or empties it."""
    seat = str(field.getAttribute("data-seat"))
    value = str(field.value)
    if value == "empty":
        online.send({"t": "empty", "seat": seat})
    else:
        online.send({"t": "fill", "seat": seat, "level": value})


def change_move(online, field):
    """The host moves a seated person to another seat."""
    to = str(field.value)
    if to in SEATS:
        online.send({"t": "move", "from": str(field.getAttribute("data-seat")), "to": to})


def _send_prefs(online):
    online.save_prefs()
    online.send({"t": "prefs", "spectators": online.allow_spectators, "show_cards": online.show_cards})


def change_spectators(online, field):
    """Whether I allow spectators (kept for next time, and told to the room)."""
    online.allow_spectators = bool(field.checked)
    _send_prefs(online)


def change_show_cards(online, field):
    """Whether spectators watching me see my cards (kept, and told to the room)."""
    online.show_cards = bool(field.checked)
    _send_prefs(online)


def change_dnd(online, field):
    online.send({"t": "dnd", "on": bool(field.checked)})


def change_kind(online, field):
    """The create form's table type: a rated table is always host-blind, so its *Host-blind deal* box shows checked
    and fixed; back at casual it is the person's own choice again (``online.blind_chosen``)."""
    blind = _field(field.form, "blind") if field.form is not None else None
    if blind is None:
        return
    if str(field.value) == "rated":
        if not blind.disabled:
            online.blind_chosen = bool(blind.checked)
        blind.checked, blind.disabled = True, True
    elif blind.disabled:
        blind.checked, blind.disabled = bool(getattr(online, "blind_chosen", False)), False


CHANGES = {
    "kind": change_kind,
    "level": change_level,
    "move": change_move,
    "allow_spectators": change_spectators,
    "show_cards": change_show_cards,
    "dnd": change_dnd,
}
"""Every choice of the online dialog (the room window, the create form's table type) by its field's ``name``."""
