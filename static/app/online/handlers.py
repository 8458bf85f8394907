"""What each message from the host does on this page: the one table from a message's type to its handler.

:data:`MESSAGES` holds a handler for every type the room sends (spades/table/room.py; on a guest's page each has been
checked by the guest boundary first, spades/table/guest.py ``SCHEMA``: tests/page/test_online_parts.py checks that
the two lists are the same), :data:`STATUS` for what this page's own link says about the host (session.mjs
``onStatus``): nothing else is handled, and a guest drops and counts any other type.

Pure (MicroPython and CPython): a handler is ``handler(online, message)`` and does everything through ``online``,
life.py's :class:`Online` (its fields, and its methods that touch the page: ``notice``, ``later``, ``show``…), so
tests/page runs each one with a stand-in.
"""

from i18n import error_text, t

from .forms import claim_window, vote_window
from .record import CHAT_KEEP  # chat lines kept on the page (the panel shows the last 30), and in the record


def welcome(online, message):
    """I am in: my seat, token and name as the room has them; a guest keeps its token for this table."""
    online.you = message.get("you")
    online.connected = True
    if online.role == "guest" and online.you and online.you.get("token"):
        online.keep_token(online.you["token"])
    if online.role == "guest":
        online.send({"t": "fair", "on": True})  # this page draws its own secrets for the deals (fair)
    online.sync_body()
    if online.watch_after_join and not (online.you or {}).get("spectator"):
        online.watch_after_join = False
        online.later(online.action("watch", None))
    online.render_lobby()


def denied(online, message):
    """The host turned me away: the join form again for a wrong password, else why."""
    online.later(online.close_session())
    if message.get("code") == "password":
        online.join_form(online.secret, t("online_denied_password"))
    else:
        online.show_status(t("online_denied_dnd"))


def room(online, message):
    """The room changed: the lobby listing, the strip, and the room window while it shows, drawn again in place.

    A ``room`` message never opens a window and never closes one the person opened: the room window (*Table*)
    open during a game stays open and shows the news.  Only the waiting windows close: the one while
    connecting once the game is on, and the room window before the start when the game starts.
    """
    before = online.room or {}
    online.room = message
    online.record_room(message)  # the public record, the succession to the link (takeover.py)
    online.publish()
    online.ended = message.get("ended") or online.ended
    online.sync_body()
    online.render_bar()
    if message.get("blind") is True and (online.you or {}).get("seat") in ("N", "E", "S", "W"):
        online.blind_prepare()  # my device's cards ready before the first deal (blindhands.py)
    started = bool(message.get("started"))
    if online.showing("[data-connecting]"):
        if started:
            online.close_dialog("[data-connecting]")
        else:
            online.render_lobby()
    elif online.showing("[data-lobby]"):
        if started and not before.get("started"):
            online.close_dialog("[data-lobby]")  # the wait is over: the game begins
        else:
            online.render_lobby()


def state(online, message):
    """My viewer state and the events since the last: drawn in order by the online session (session.py).  A state
    of a host-blind hand (its ``blind`` key: spades/table/blindtable.py) holds no card of anyone: my seat's device,
    in my worker, starts for the hand it names and adds my own cards before it is drawn (``online.blind_state``)."""
    seq = (message.get("state") or {}).get("seq")
    if isinstance(seq, int) and not isinstance(seq, bool) and seq >= 0:
        online.seen_seq = seq
    online.record_state(message.get("state"))  # the finished hands the public record lacks are asked for
    claim_asked(online, message.get("state"))
    if blind_hand(message.get("state")) is not None:
        online.blind_last = message  # the newest state: an older one still with my device is not drawn after it
        online.later(online.blind_state(message))
        return
    online.blind_last = None  # the table's own state again: my bids and cards are intents (blindhands.py)
    online.later(online.app.online_state(message))


def blind_hand(state):
    """The host-blind hand a state is of (its ``blind`` key: table, hand, dealer, totals, bags, rated, phase,
    revealed), or ``None``: a state the table made, drawn as it is."""
    blind = state.get("blind") if isinstance(state, dict) else None
    return blind if isinstance(blind, dict) else None


def blind(online, message):
    """A host-blind hand's chunk, relayed by the host (``from`` the seat that sent it) or the relay's own: my seat's
    device takes it (the worker's ``blind_receive``) and what it answers goes to the host (``online.blind_chunk``);
    a spectator has no device and drops it."""
    if (online.you or {}).get("seat") in ("N", "E", "S", "W"):
        online.later(online.blind_chunk(message))


def claim_asked(online, state):
    """The other side's claim waits for my answer: its window (forms.py ``claim_window``), opened once; closed once
    the claim is answered or gone (docs/table.md "Claims")."""
    state = state if isinstance(state, dict) else {}
    claim = state.get("claim")
    answers = claim.get("answers") if isinstance(claim, dict) else None
    me = state.get("me")
    if isinstance(answers, dict) and me in answers and answers.get(me) is None:
        if not online.showing("[data-claim]"):
            online.show(claim_window(claim))
    elif online.showing("[data-claim]"):
        online.close_dialog("[data-claim]")


def hand_dealt(seen, state):
    """Whether ``state`` is of a later hand than ``seen`` (the hand number this page drew last at this table, or
    ``None``) and not over yet: the host dealt the next hand, so the end-of-hand window closes on every page, as
    the solo page's *Next hand* closes it (controller.py ``next_hand``)."""
    state = state or {}
    number = state.get("hand_number")
    fresh = state.get("phase") not in ("hand-over", "game-over")  # a finished hand's own window opens, not closes
    return fresh and _whole(number) and _whole(seen) and number > seen


def _whole(value):
    return isinstance(value, int) and not isinstance(value, bool)


def hand(online, message):
    """A finished hand trick by trick (the answer to ``hand``): kept in the public record, and for the review
    unless the record had asked for it."""
    if not online.record_hand(message.get("hand")):
        online.review_received(message.get("hand"))


def sheets(online, message):
    """Scored hands this page did not see (a late join, a reload): kept, and the open windows drawn again."""
    online.hands_arrived(message)


def chat(online, message):
    """A chat line: kept (the last :data:`CHAT_KEEP`), counted as unread while the panel is closed unless muted."""
    online.chat.append(message)
    del online.chat[:-CHAT_KEEP]
    online.record_chat()
    if not online.panel_open and str(message.get("from")) not in online.muted:
        online.unread += 1
    online.render_bar()


def refused(online, message):
    """The room refused what I sent: why, in the page's words; the page takes my next intent again (a refused
    claim leaves my turn as it was)."""
    online.app.acting = False
    online.app.set_message(t("online_refused", error=error_text(message)))


def vote(online, message):
    """A rated table's vote about a dropped player: asked once while my vote is missing; told when they wait."""
    if message.get("result") == "wait":
        online.notice(t("online_vote_waiting", name=str(message.get("name") or "")))
        online.close_dialog("[data-vote]")
        return
    mine = (online.you or {}).get("seat")
    votes = message.get("votes") or {}
    if mine not in votes or votes.get(mine) is not None:
        return
    online.show(vote_window(message.get("name"), message.get("why")))


def ended(online, message):
    """The game ended early: unscored (the dropped player records it), or a player left (the others record a win)."""
    online.ended = message.get("reason")
    me = (online.you or {}).get("name")
    if message.get("reason") == "unscored":
        online.notice(t("online_ended_unscored", name=str(message.get("disconnected") or "")))
        if message.get("disconnected") == me:
            online.later(online.app.record_online(unscored=True))
    elif message.get("reason") == "renege":  # a host-blind hand's audit found it: the reneging side loses
        seat = message.get("seat")
        online.notice(t("online_ended_renege", seat=t("seat_" + seat) if seat in ("N", "E", "S", "W") else "?"))
        loser = message.get("loser")
        if loser in ("NS", "EW"):
            online.later(online.app.record_online(winner="EW" if loser == "NS" else "NS"))
    else:
        online.notice(t("online_ended_left", name=str(message.get("left") or "")))
        loser = message.get("loser")
        if loser in ("NS", "EW") and message.get("left") != me:
            online.later(online.app.record_online(winner="EW" if loser == "NS" else "NS"))


def fair(online, message):
    """A commit–reveal round or a deal (spades/table/fairdeal.py): a guest's worker answers it (its commitment, then
    its secret) and checks the deal against the secrets and my own cards; a deal is kept for the score sheet's
    *Verify this deal*, and one that does not hold is said on the page (boundary.py ``fair_answer``)."""
    online.later(online.fair_answer(message))


def host_left(online, message):
    """My link lost the host (said by this page's link, never by the host)."""
    online.connected = False
    online.notice(t("online_host_left"))
    online.render_bar()


def host_changed(online, message):
    """My link follows a new host: a successor took the table over (said by this page's link, which checked the
    successor's signature and turn: session.mjs); its first room message is announced (takeover.py)."""
    key = message.get("key")
    if isinstance(key, str) and key:
        online.follow_host(key)


def listings(online, tables, reach):
    """A lobby update (not the room's: the lobby's own, every few seconds): ``tables`` as the guest boundary
    checked them, ``reach`` whether a tracker answers (session.mjs ``reach``: ``ok``, ``trying``, ``none``).

    Drawn into the lobby window while it shows, never opening it: once the person left the lobby (*Back*, closed
    it, joined a table) the page stops listening (``stop_lobby``; a public table's host keeps its own listing).
    """
    online.listings = tables
    if online.showing("[data-listings]"):
        online.draw_listings(tables, reach)
    else:
        online.stop_lobby()


MESSAGES = {
    "welcome": welcome,
    "denied": denied,
    "room": room,
    "state": state,
    "hand": hand,
    "sheets": sheets,
    "chat": chat,
    "refused": refused,
    "vote": vote,
    "ended": ended,
    "fair": fair,
    "blind": blind,
}
"""What the room sends, by type ``t``: the only messages a page handles from a room."""


def host_gone(online, message):
    """My link lost the host and every successor's turn passed without a new host (session.mjs ``hostless``):
    nobody is left to host the table; the link goes on looking, should the host come back."""
    online.connected = False
    online.notice(t("online_table_gone"))
    online.render_bar()


def nobody(online, message):
    """No host ever answered this page (a link opened after the table's people were gone): said instead of
    "Connecting…"; the link goes on trying."""
    if not online.connected:
        online.show_status(t("online_nobody"))


STATUS = {"host_left": host_left, "host_changed": host_changed, "host_gone": host_gone, "nobody": nobody}
"""What this page's own link says about the host (session.mjs ``onStatus``)."""
