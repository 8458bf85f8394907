"""One online table on this page, from the first connection to the leave: :class:`Online`.

Its job is the table's life: create a table and host it (the host's worker runs the room, op ``room_*``, through
static/online/session.mjs), offer its short code, resume it after a reload, join one by invitation, code or lobby,
send what the person does, leave; and the messages that come in: a guest's go through the guest boundary
(inbox.py, the worker's op ``guest_check``, spades/table/guest.py) in order, then to handlers.py's table by type.
Either way the page gets the same messages (``room``, ``state``, ``chat``…) and draws the table from its own viewer
state exactly as in a solo game (screen.py, through session.py's ``OnlineSession``): the page knows no rules.

Its parts are mixins over the same fields: the messages' way in, the dialog, the lobby, the game panel, the
takeover, a host-blind hand's device (boundary, dialog, lobby, panel, takeover, blindhands.py); buttons, forms and
choices go by name to actions.py's tables.  Fetched only once a person goes online (onlineload.py).
"""

import i18n
import js
import review
import sheet
import store
import windows
from dom import by_id, notice
from i18n import error_text, t
from pyscript import document
from pyscript.ffi import create_proxy
from tasks import spawn

from .actions import ACTIONS
from .blindhands import DEVICE_TABLE, BlindHands
from .boundary import Boundary
from .bridge import (
    HOST_KEY,
    NAME_KEY,
    PREFS_KEY,
    RECORD_KEY,
    js_error,
    keep_own_key,
    keep_token,
    new_secret,
    own_key_for,
    own_link,
    plain,
    read_quiet,
    site_url,
    style_sheet,
    to_js,
    token_for,
)
from .dialog import Dialog
from .handlers import STATUS
from .inbox import Inbox
from .links import fragment, parse_invite, typed_name
from .lobby import Lobby
from .panel import Panel
from .record import host_token
from .takeover import Takeover

_import = js.Function.new("url", "return import(url)")


class Online(Boundary, Dialog, Lobby, Panel, Takeover, BlindHands):
    """One online table on this page: as its host or as a guest (a player or a spectator)."""

    def __init__(self, app):
        self.app = app
        self.params = app.params
        self.session = None
        self.role = None  # "host" | "guest"
        self.secret = None
        self.room = None  # the last "room" message
        self.you = None  # {"seat", "token", "spectator", "name"}
        self.chat = []
        self.connected = False
        self.ended = None
        prefs = read_quiet(PREFS_KEY)
        prefs = prefs if isinstance(prefs, dict) else {}
        self.muted = set(n for n in prefs.get("muted", []) if isinstance(n, str))
        self.hidden = set(n for n in prefs.get("hidden", []) if isinstance(n, str))
        self.allow_spectators = prefs.get("spectators", True) is not False
        self.show_cards = prefs.get("show_cards") is True
        self.net = None
        self.sessions = None
        self.pub = None  # the host's public key (base64url), from the invite link or made here
        self.password = None
        self.clock_setting = None  # the move clock chosen in the create form (forms.clock_setting), or None: off
        self.public = False  # the host lists the table in the public lobby
        self.lobby = None  # the lobby connection (session.mjs lobby()), while listing or browsing
        self.lobby_listens = False  # the lobby connection is the person's browsing (stopped once they leave it)
        self.listings = []  # the lobby's tables, as guest_listings checked them
        self.listings_asked = 0  # lobby updates sent to guest_listings (only the newest is shown)
        self.via = "invite"
        self.watch_after_join = False
        self.panel_open = False  # the game panel's buttons and chat (the lights always show)
        self.code = None  # the host's short code (offer_code), shown in the room
        self.code_offer = None
        self.unread = 0
        self.inbox = Inbox(self.guest_check, self.take_checked, self.dropped)  # a guest's messages from the host
        self.checking = True  # False once the worker said it has no guest_check (an older engine)
        self.seen_seq = 0  # the number of the last state shown here (a dropped state: catch up from it)
        self.drawn = {}  # element id -> the markup last put there (redrawn only when it changes)
        self.rooms_seen = 0  # room messages handled (#online-bar[data-rooms])
        self.catching_up = False  # a catch_up is on its way (boundary.py dropped)
        self.hand_seen = None  # the hand number of the last state drawn (a later one closes the end-of-hand window)
        self.init_takeover()  # the public record, this person's own key, the successors (takeover.py)
        style_sheet()  # before the first online window shows

    # ------------------------------------------------------------- configuration

    def relays(self):
        return self.net.parseRelays(self.params.get("relay") or self.app.settings.get("relay") or "")

    def ice(self):
        return self.net.parseIce(self.params.get("ice") or self.app.settings.get("ice") or "")

    def fallback(self):
        """The settings' fallback relays (net.mjs ``parseFallback``); None: net.mjs's (``?fallback=``, its default)."""
        text = "" if self.params.get("fallback") is not None else self.app.settings.get("fallback") or ""
        return self.net.parseFallback(text) if text else None

    def loopback(self):
        """``?loopback=1`` (tests): offer this machine's candidates as 127.0.0.1 (static/online/net.mjs)."""
        return self.params.get("loopback") == "1"

    def hook(self, name, digits):
        """A test hook's whole number ``?NAME=`` of at most ``digits`` digits, else 0: ``lose`` (drop one message in N
        each way, at random, at this page's transport: net.mjs), ``lag`` (ms added to the host's round trips)."""
        text = self.params.get(name, "")
        return int(text) if text.isdigit() and len(text) <= digits else 0

    def default_name(self):
        """The name to offer: ``?name=``, else the one used last time."""
        return typed_name(self.params.get("name")) or typed_name(store.read_text(NAME_KEY))

    def link_options(self, values=None):
        """Options for a session.mjs connection: ``values`` and this page's trackers, ICE servers, loopback."""
        options = to_js(values or {})
        options.relays = self.relays()
        fallback = self.fallback()
        if fallback is not None:  # else net.mjs's own rule (omitted, not null: null is its public relays)
            options.fallback = fallback
        options.ice = self.ice()
        options.loopback = self.loopback()
        return options

    async def load_modules(self):
        """The online scripts: net.mjs and session.mjs (once; the style sheet came with the package: bridge.py)."""
        if self.net is None:
            self.net = await _import(site_url("static/online/net.mjs"))
            self.sessions = await _import(site_url("static/online/session.mjs"))

    # ------------------------------------------------------------- connecting

    async def create(self, name, kind, password, spectators):
        await self.load_modules()
        self.secret = new_secret()
        self.role = "host"
        self.show_status(t("online_connecting"))
        rules = dict(self.app.settings.get("rules") or {})
        rules["preset"] = self.app.settings.get("preset") or "standard"
        room = {"kind": kind, "spectators": spectators, "blind": self.blind_setting}  # blind: blindhands.py
        if password:
            room["password"] = password
        if self.clock_setting is not None:
            room["clock"] = self.clock_setting
        await self.start_host(
            {"name": name, "seat": self.app.settings.get("seat") or "S", "rules": rules, "room": room}, None
        )

    async def start_host(self, setup, save, takeover=None):
        """Host the table: a new room (``setup``), the one saved (``save``), or one taken over from the public
        record (``takeover``: op ``room_takeover``'s arguments, takeover.py)."""
        secret = self.secret
        if self.record is None or self.record.secret != secret:
            self.open_record(secret)
        options = {
            "tableId": "spades-" + secret[:16],
            "secret": secret,
            "name": setup.get("name"),
            "seat": setup.get("seat", "S"),
            "rules": setup.get("rules"),
            "room": setup.get("room"),
        }
        standing = await self.app.player.standing()
        if standing is not None:
            options["rating"], options["disconnects"] = standing
        if save is not None:
            options["save"] = save
        if takeover is not None:
            options["takeover"] = takeover
        identity = await self.sessions.hostKey(to_js(setup["key"]) if setup.get("key") else None)
        setup = dict(setup)
        setup["key"] = plain(identity.key)
        self.pub = str(identity.pub)
        js_options = self.link_options(options)  # its trackers, fallback relays, ICE servers, loopback
        js_options.engine = js.window.spades.engine
        js_options.key = identity.key
        js_options.lose, js_options.lag = self.hook("lose", 3), self.hook("lag", 6)
        js_options.pace = 0 if self.params.get("pace") == "0" else 1  # test hook: computers move without pauses
        js_options.onLocal = create_proxy(lambda message: self.dispatch(plain(message)))  # my own room: trusted
        js_options.blindTable, js_options.onBlind = DEVICE_TABLE, create_proxy(self.blind_local)
        keep = js.Function.new(
            "secret",
            "setup",
            "return (save) => { try { localStorage.setItem('"
            + HOST_KEY
            + "', JSON.stringify({secret, setup, save})); }"
            " catch (e) {} };",
        )
        js_options.onSave = keep(secret, to_js(setup))
        js_options.onError = create_proxy(lambda answer: notice(t("error", error=error_text(plain(answer)))))
        # a successor took over meanwhile (or, for a takeover, an earlier successor hosts too)
        js_options.yieldTo = to_js(self.first_yields(setup.get("seat", "S"), takeover is not None))
        js_options.onYield = create_proxy(lambda key: self.yield_to(str(key)))
        try:
            self.session = await self.sessions.host(js_options)
        except Exception as error:
            self.session = None
            notice(t("online_failed", error=error_text(js_error(error))))
            return
        self.connected = True
        token = self.session.token  # a JS undefined is no str on the page (its text would be "<undefined>")
        self.you = {
            "seat": str(self.session.seat) if takeover is not None and self.session.seat else setup.get("seat", "S"),
            "token": token if isinstance(token, str) and token else host_token(save),  # room_load gives none
            "spectator": False,
            "name": setup.get("name"),
        }
        js.history.replaceState(js.history.state, "", own_link(secret, self.pub))
        sheet.HANDS.request = self.ask_sheets
        self.app.enter_online(self)
        document.body.setAttribute("data-online", "host")
        self.tell_succession()
        spawn(self.offer_code())
        self.send({"t": "prefs", "spectators": self.allow_spectators, "show_cards": self.show_cards})
        self.render_lobby(True)

    async def offer_code(self):
        """Wait in the room named after a short code and hand the invitation to whoever comes (session.mjs)."""
        self.code = str(self.sessions.shortCode())
        options = self.link_options({"code": self.code, "invite": "#" + fragment(self.secret, self.pub)})
        try:
            self.code_offer = await self.sessions.offerCode(options)
        except Exception:
            self.code = None
        self.render_lobby()

    async def redeem(self, code, name):
        """A friend typed the host's short code: get the invitation it stands for, then join as with the link."""
        await self.load_modules()
        normal = self.sessions.normalCode(code)
        if not normal:
            self.show_status(t("online_code_bad"))
            return
        self.show_status(t("online_connecting"))
        options = self.link_options({"code": str(normal)})
        invitation = await self.sessions.redeemCode(options)
        invite = parse_invite(invitation) if invitation else None
        if invite is None:
            self.show_status(t("online_code_unknown"))
            return
        self.pub = invite[1]
        await self.join(invite[0], name, None)

    async def resume_host(self, secret):
        """The host reloaded: the room comes back from its save; guests reconnect by themselves."""
        await self.load_modules()
        data = read_quiet(HOST_KEY)
        data = data if isinstance(data, dict) else {}
        self.secret = secret
        self.role = "host"
        await self.start_host(data.get("setup") or {}, data.get("save"))

    async def join(self, secret, name, password):
        await self.load_modules()
        self.secret = secret
        pub = self.pub
        self.role = "guest"
        self.password = password
        token = token_for(secret)
        record = self.open_record(secret)
        pub = record.host or pub  # a successor took the table over: this browser follows it since
        self.own_key = own_key_for(secret)
        identity = await self.sessions.hostKey(to_js(self.own_key) if self.own_key else None)
        self.own_key, self.own_pub = plain(identity.key), str(identity.pub)
        keep_own_key(secret, self.own_key)
        self.show_status(t("online_connecting"))
        options = self.link_options(
            {
                "tableId": "spades-" + secret[:16],
                "secret": secret,
                "name": name,
                "lang": i18n.lang(),
                "via": self.via,
                "hostPub": pub,
                "key": self.own_pub,
            }
        )
        options.lose = self.hook("lose", 3)
        if token:
            options.token = token
        if password:
            options.password = password
        standing = await self.app.player.standing()
        if standing is not None:
            options.rating, options.disconnects = standing
        options.onMessage = create_proxy(lambda message: self.from_host_js(message))
        options.onStatus = create_proxy(lambda message: self.dispatch(plain(message), STATUS))
        options.onTakeover = create_proxy(lambda: spawn(self.take_over()))
        try:
            self.session = await self.sessions.guest(options)
        except Exception as error:
            self.session = None
            notice(t("online_failed", error=error_text(js_error(error))))
            return
        self.pub = pub
        sheet.HANDS.request = self.ask_sheets
        self.app.enter_online(self)
        document.body.setAttribute("data-online", "guest")
        self.tell_succession()

    # ------------------------------------------------------------- at the table, and leaving it

    def send(self, message):
        if self.session is not None:
            self.session.send(to_js(message))

    def intent(self, intent):
        """The person's bid, card, look... goes to the host (during a host-blind hand a bid or card goes through my
        device: blindhands.py); the answer comes back as a state."""
        if not self.blind_takes(intent):
            self.send({"t": "intent", "intent": intent})

    def rated_game_on(self):
        """Whether I sit in a rated game that is still going (leaving it now is a loss)."""
        room = self.room or {}
        state = self.app.state or {}
        return (
            room.get("kind") == "rated"
            and room.get("started")
            and not self.ended
            and (self.you or {}).get("seat")
            and state.get("phase") not in (None, "game-over")
        )

    async def leave(self):
        if self.session is None:
            return
        if self.rated_game_on():
            await self.app.record_online(left=True)
        session = self.session
        sheet.HANDS.request = None
        if self.role == "host":
            # answers come in order: once the leave's is in, no earlier answer can write the save back
            try:
                await session.send(to_js({"t": "leave"}))
            except Exception:
                pass
            self.session = None
            store.remove(HOST_KEY)
            if self.code_offer is not None:
                await self.code_offer.close()
        else:
            self.send({"t": "leave"})
            self.session = None
        try:
            await session.close()
        except Exception:
            pass
        store.remove(RECORD_KEY)
        document.body.setAttribute("data-online", "")
        js.history.replaceState(js.history.state, "", js.location.pathname)
        self.close_dialog()
        self.inbox.clear()
        roster = by_id("online-bar")
        if roster is not None:
            roster.remove()
        await self.app.leave_online()

    async def close_session(self):
        session = self.session
        self.session = None
        if session is not None:
            try:
                await session.close()
            except Exception:
                pass

    # ------------------------------------------------------------- what the handlers do to the page

    def later(self, coro):
        """Run ``coro`` in the background (tasks.spawn)."""
        spawn(coro)

    def notice(self, text):
        notice(text)

    def keep_token(self, token):
        """This guest's seat token for this table, kept for a reload."""
        keep_token(self.secret, token)

    def sync_body(self):
        """``<body data-online>``: a guest is ``guest`` or ``spectator`` as the room welcomed it."""
        you = self.you or {}
        if self.role == "guest":
            document.body.setAttribute("data-online", "spectator" if you.get("spectator") else "guest")

    def review_received(self, hand):
        review.REVIEW.received(hand)

    def hands_arrived(self, message):
        windows.hands_arrived(message, self.app.state)

    # ------------------------------------------------------------- buttons (controller.ONLINE_ACTIONS)

    async def action(self, action, element):
        """The button ``action`` (``data-action``), pressed on ``element``: actions.py's ``ACTIONS``."""
        handler = ACTIONS.get(action)
        if handler is not None:
            await handler(self, element)
