"""Online play on the page (docs/online.md): create or join a table, the room before the start, chat, connection
lights, the computer taking a seat, the rated vote. Loaded only when a person opens online play (controller.py
fetches this file then, and :meth:`Online.load_parts` its parts), together with static/online/*.mjs: the solo game
never downloads them.

The host's worker runs the room (op ``room_*``) through static/online/session.mjs; a guest only talks to the
host. Either way the page gets the same messages (``room``, ``state``, ``chat``, ...) and draws the table from
its own viewer state exactly as in a solo game (screen.py): the page knows no rules.

Three parts, one job each:

- this module: the table's life (create, host, join, the lobby connection, leave), the person's choices and
  actions, and putting the views into the page; messages are handled by name (``_on_<type>``, :data:`MESSAGES`);
- ``onlineview.py``: every online window and panel as markup, pure (tests/page);
- ``onlineinbox.py``: the guest boundary: every message a guest gets from the host is checked by its own engine
  worker (op ``guest_check``, spades/table/guest.py) in order before any handler sees it; the rest is dropped and
  counted (``#online-bar[data-dropped]``, one ``console.warn`` line each). Lobby listings likewise
  (op ``guest_listings``).
"""

import json

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
from transport import EngineError, call

SEATS = ("N", "E", "S", "W")
HOST_TABLE = "online"  # the host's room's table in its worker (session.mjs host()'s default)
HOST_KEY = "spades-online-host"  # {"secret", "save", "name", "seat"}: the host resumes its room after a reload
TOKENS_KEY = "spades-online-tokens"  # {secret: seat token}: a guest takes its seat back
NAME_KEY = "spades-online-name"
PREFS_KEY = "spades-online-prefs"  # {"muted": [names], "hidden": [names], "spectators", "show_cards"}
HELLO_NAME = 200  # the longest name a hello carries (spades/table/room.py SCHEMA); the room cleans it and shows 24
CHAT_KEEP = 100
PARTS = ("onlineview", "onlineinbox")  # static/app/<part>.py, fetched with this module (load_parts)
MESSAGES = ("welcome", "denied", "room", "state", "hand", "sheets", "chat", "refused", "vote", "ended")
"""What the room sends (spades/table/room.py): each is handled by ``Online._on_<type>``."""
STATUS = ("host_left",)
"""What this page's own link says about the host (session.mjs ``onStatus``): ``Online._on_<type>`` too."""

views = None  # onlineview, once load_parts fetched it
inbox = None  # onlineinbox

_import = js.Function.new("url", "return import(url)")
_stringify = js.JSON.stringify


async def load_parts():
    """Fetch this module's parts into the interpreter's files and import them (once): they load on demand too."""
    global views, inbox
    if views is not None:
        return
    for name in PARTS:
        response = await js.fetch("./static/app/" + name + ".py")
        if not response.ok:
            raise RuntimeError("online: cannot load " + name + ".py (" + str(response.status) + ")")
        source = str(await response.text())
        with open(name + ".py", "w") as file:
            file.write(source)
    import onlineinbox
    import onlineview

    inbox, views = onlineinbox, onlineview


def site_url(path):
    """An absolute address of one of the site's files (a dynamic import resolves against the importing module)."""
    return str(js.URL.new(path, document.baseURI).href)


def read_quiet(key):
    """A stored JSON value, or ``None`` when missing or not JSON."""
    try:
        return store.read_json(key)
    except ValueError:
        return None


def host_save_for(secret):
    """The host's saved room for ``secret`` (this browser created that table), or ``None``."""
    data = read_quiet(HOST_KEY)
    if isinstance(data, dict) and data.get("secret") == secret and isinstance(data.get("save"), dict):
        return data
    return None


def plain(value):
    """A JS object as Python data (through JSON)."""
    return json.loads(str(_stringify(value)))


def js_error(error):
    """A failed JS call as ``{"error", "code", "params"}`` (session.mjs puts the worker's code on its ``Error``)."""
    try:
        inner = error.args[0]
        code = inner.code
        return {"error": str(inner.message), "code": str(code) if code else None, "params": plain(inner.params or {})}
    except Exception:
        return {"error": str(error)}


def to_js(value):
    return js.JSON.parse(json.dumps(value))


def new_secret():
    """128 random bits as 26 base-32 letters (the table secret in the invite link's fragment)."""
    alphabet = "abcdefghijkmnpqrstuvwxyz23456789"
    values = js.crypto.getRandomValues(js.Uint8Array.new(26))
    return "".join(alphabet[values[i] % 32] for i in range(26))


def parse_invite(text):
    """``#t=SECRET&k=KEY`` → ``(SECRET, KEY)``: the table secret (16–64 letters and digits) and the host's public
    key (base64url); ``None`` if the fragment is not an invitation."""
    text = str(text or "")
    if not text.startswith("#t="):
        return None
    fields = {}
    for part in text[1:].split("&"):
        key, _, value = part.partition("=")
        fields[key] = value
    secret, pub = fields.get("t", ""), fields.get("k", "")
    if not (16 <= len(secret) <= 64 and all(c.isalpha() or c.isdigit() for c in secret)):
        return None
    if not (40 <= len(pub) <= 120 and all(c.isalpha() or c.isdigit() or c in "-_" for c in pub)):
        return None
    return secret, pub


def invite_link(secret, pub, relay=None):
    """The address to send: the table secret and the host's key in the fragment (never sent to any server), and
    the host's signalling relay when it is not the default one (so that friends find the table)."""
    url = js.URL.new(js.location.href)
    url.search = ""
    if relay:
        url.searchParams.set("relay", relay)
    url.hash = "t=" + secret + "&k=" + pub
    return str(url.href)


def own_link(secret, pub):
    """This page's own address at the table: as it is (this visit's parameters), with the invitation."""
    url = js.URL.new(js.location.href)
    url.hash = "t=" + secret + "&k=" + pub
    return str(url.href)


def typed_name(text):
    """A name as typed: spaces collapsed, at most :data:`HELLO_NAME` characters. The room cleans it (control
    characters, its length: spades/table/room.py ``clean_text``) and every name the page shows comes from the room."""
    return " ".join(str(text or "").split())[:HELLO_NAME]


def warn(text):
    """One line on the console (a dropped message is expected from a modified host: not an error)."""
    js.console.warn("spades online: " + text)


class Online:
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
        self.public = False  # the host lists the table in the public lobby
        self.lobby = None  # the lobby connection (session.mjs lobby()), while listing or browsing
        self.listings = []  # the lobby's tables, as guest_listings checked them
        self.listings_asked = 0  # lobby updates sent to guest_listings (only the newest is shown)
        self.via = "invite"
        self.watch_after_join = False
        self.panel_open = False  # the game panel's buttons and chat (the lights always show)
        self.code = None  # the host's short code (offer_code), shown in the room
        self.code_offer = None
        self.unread = 0
        self.inbox = None  # onlineinbox.Inbox: the host's messages to this guest, checked in order
        self.checking = True  # False once the worker said it has no guest_check (an older engine)
        self.seen_seq = 0  # the number of the last state shown here (a dropped state: catch up from it)
        self.drawn = {}  # element id -> the markup last put there (redrawn only when it changes)

    # ------------------------------------------------------------- configuration

    def relays(self):
        return self.net.parseRelays(self.params.get("relay") or self.app.settings.get("relay") or "")

    def ice(self):
        return self.net.parseIce(self.params.get("ice") or self.app.settings.get("ice") or "")

    def custom_relay(self):
        """The relay this page uses when the person chose one (``?relay=`` or settings), else ``None``."""
        return self.params.get("relay") or self.app.settings.get("relay") or None

    def loopback(self):
        """``?loopback=1`` (tests): offer this machine's candidates as 127.0.0.1 (static/online/net.mjs)."""
        return self.params.get("loopback") == "1"

    def lose(self):
        """``?lose=N`` (tests): drop one message in N each way, at random, at this page's transport (net.mjs)."""
        text = self.params.get("lose", "")
        return int(text) if text.isdigit() and len(text) < 4 else 0

    def default_name(self):
        """The name to offer: ``?name=``, else the one used last time."""
        return typed_name(self.params.get("name")) or typed_name(store.read_text(NAME_KEY))

    def link_options(self, values=None):
        """Options for a session.mjs connection: ``values`` and this page's trackers, ICE servers, loopback."""
        options = to_js(values or {})
        options.relays = self.relays()
        options.ice = self.ice()
        options.loopback = self.loopback()
        return options

    async def load_modules(self):
        """The online parts: this module's Python parts, net.mjs and session.mjs, the online style sheet."""
        await load_parts()
        if self.inbox is None:
            self.inbox = inbox.Inbox(self.guest_check, self.dispatch, self.dropped)
        if self.net is None:
            self.net = await _import(site_url("static/online/net.mjs"))
            self.sessions = await _import(site_url("static/online/session.mjs"))
            link = document.createElement("link")
            link.rel = "stylesheet"
            link.href = "static/online/online.css"
            document.head.appendChild(link)

    # ------------------------------------------------------------- the dialog

    def dialog(self):
        dialog = by_id("dlg-online")
        if dialog is None:
            dialog = document.createElement("dialog")
            dialog.id = "dlg-online"
            dialog.className = "dlg dlg-online"
            dialog.setAttribute("aria-labelledby", "online-title")
            document.body.appendChild(dialog)
            dialog.addEventListener("submit", create_proxy(self.on_submit))
            dialog.addEventListener("change", create_proxy(self.on_change))
        return dialog

    def show(self, content):
        """The online dialog with ``content`` (a view's markup), open, its first field focused."""
        dialog = self.dialog()
        dialog.innerHTML = str(views.body(content))
        if not dialog.open:
            dialog.showModal()
        first = dialog.querySelector("[autofocus]") or dialog.querySelector("input,button,select")
        if first is not None:
            first.focus()

    def showing(self, selector):
        """Whether the online dialog is open on a window that has ``selector``."""
        dialog = by_id("dlg-online")
        return dialog is not None and dialog.open and dialog.querySelector(selector) is not None

    def close_dialog(self, selector=None):
        """Close the online dialog (only when it shows ``selector``, if given)."""
        dialog = by_id("dlg-online")
        if dialog is not None and dialog.open and (selector is None or dialog.querySelector(selector)):
            dialog.close()

    def open(self):
        """The online menu: create a table, or the room of the table we are at."""
        if self.session is not None:
            self.show(self.room_view())
            return
        self.show(views.create_window(self.default_name()))

    def join_form(self, secret, problem=None):
        """The join form for the table ``secret`` (``problem``: why the last try was refused)."""
        spawn(self.show_join_form(secret, problem))

    async def show_join_form(self, secret, problem=None):
        await load_parts()
        self.show(views.join_window(secret, self.pub, self.default_name(), problem))

    def show_status(self, text):
        self.show(views.status_window(text))

    def on_submit(self, event):
        event.preventDefault()
        form = event.target
        if form.id == "online-code":
            create = by_id("online-create")
            name = typed_name(create.elements.namedItem("name").value) if create is not None else ""
            name = name or self.default_name()
            if not name:
                create.elements.namedItem("name").focus()
                return
            store.write_text(NAME_KEY, name)
            spawn(self.redeem(str(form.elements.namedItem("code").value), name))
            return
        name = typed_name(form.elements.namedItem("name").value)
        if not name:
            return
        store.write_text(NAME_KEY, name)
        password = str(form.elements.namedItem("password").value or "")[:64] or None
        if form.id == "online-create":
            kind = "rated" if form.elements.namedItem("kind").value == "rated" else "casual"
            spectators = bool(form.elements.namedItem("spectators").checked)
            self.public = bool(form.elements.namedItem("public").checked)
            spawn(self.create(name, kind, password, spectators))
        elif form.id == "online-join":
            self.pub = str(form.getAttribute("data-pub"))
            spawn(self.join(str(form.getAttribute("data-secret")), name, password))

    def on_change(self, event):
        target = event.target
        name = str(target.name or "")
        if name == "level":
            seat = str(target.getAttribute("data-seat"))
            value = str(target.value)
            if value == "empty":
                self.send({"t": "empty", "seat": seat})
            else:
                self.send({"t": "fill", "seat": seat, "level": value})
        elif name == "move":
            target_seat = str(target.value)
            if target_seat in SEATS:
                self.send({"t": "move", "from": str(target.getAttribute("data-seat")), "to": target_seat})
        elif name in ("allow_spectators", "show_cards"):
            if name == "allow_spectators":
                self.allow_spectators = bool(target.checked)
            else:
                self.show_cards = bool(target.checked)
            self.save_prefs()
            self.send({"t": "prefs", "spectators": self.allow_spectators, "show_cards": self.show_cards})
        elif name == "dnd":
            self.send({"t": "dnd", "on": bool(target.checked)})

    def save_prefs(self):
        data = {
            "muted": sorted(self.muted),
            "hidden": sorted(self.hidden),
            "spectators": self.allow_spectators,
            "show_cards": self.show_cards,
        }
        store.write_json(PREFS_KEY, data)

    # ------------------------------------------------------------- connecting

    async def create(self, name, kind, password, spectators):
        await self.load_modules()
        self.secret = new_secret()
        self.role = "host"
        self.show_status(t("online_connecting"))
        rules = dict(self.app.settings.get("rules") or {})
        rules["preset"] = self.app.settings.get("preset") or "standard"
        room = {"kind": kind, "spectators": spectators}
        if password:
            room["password"] = password
        await self.start_host(
            {"name": name, "seat": self.app.settings.get("seat") or "S", "rules": rules, "room": room}, None
        )

    async def start_host(self, setup, save):
        secret = self.secret
        options = {
            "engine": js.window.spades.engine,
            "tableId": "spades-" + secret[:16],
            "secret": secret,
            "relays": self.relays(),
            "ice": self.ice(),
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
        identity = await self.sessions.hostKey(to_js(setup["key"]) if setup.get("key") else None)
        setup = dict(setup)
        setup["key"] = plain(identity.key)
        self.pub = str(identity.pub)
        js_options = to_js({k: v for k, v in options.items() if k not in ("engine", "relays", "ice")})
        js_options.engine = options["engine"]
        js_options.relays = options["relays"]
        js_options.ice = options["ice"]
        js_options.key = identity.key
        js_options.loopback = self.loopback()
        js_options.lose = self.lose()
        lag = self.params.get("lag", "")
        js_options.lag = int(lag) if lag.isdigit() and len(lag) < 7 else 0  # test hook: delay added to round trips
        js_options.onLocal = create_proxy(lambda message: self.dispatch(plain(message)))  # my own room: trusted
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
        try:
            self.session = await self.sessions.host(js_options)
        except Exception as error:
            self.session = None
            notice(t("online_failed", error=error_text(js_error(error))))
            return
        self.connected = True
        self.you = {
            "seat": setup.get("seat", "S"),
            "token": str(self.session.token or ""),
            "spectator": False,
            "name": setup.get("name"),
        }
        js.history.replaceState(js.history.state, "", own_link(secret, self.pub))
        sheet.HANDS.request = self.ask_sheets
        self.app.enter_online(self)
        document.body.setAttribute("data-online", "host")
        spawn(self.offer_code())
        self.send({"t": "prefs", "spectators": self.allow_spectators, "show_cards": self.show_cards})
        self.render_lobby()

    async def offer_code(self):
        """Wait in the room named after a short code and hand the invitation to whoever comes (session.mjs)."""
        self.code = str(self.sessions.shortCode())
        options = self.link_options({"code": self.code, "invite": "#t=" + self.secret + "&k=" + self.pub})
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
        fragment = await self.sessions.redeemCode(options)
        invite = parse_invite(fragment) if fragment else None
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
        tokens = read_quiet(TOKENS_KEY)
        token = tokens.get(secret) if isinstance(tokens, dict) else None
        self.show_status(t("online_connecting"))
        options = self.link_options(
            {
                "tableId": "spades-" + secret[:16],
                "secret": secret,
                "name": name,
                "lang": i18n.lang(),
                "via": self.via,
                "hostPub": pub,
            }
        )
        options.lose = self.lose()
        if token:
            options.token = token
        if password:
            options.password = password
        standing = await self.app.player.standing()
        if standing is not None:
            options.rating, options.disconnects = standing
        options.onMessage = create_proxy(lambda message: self.from_host(plain(message)))
        options.onStatus = create_proxy(lambda message: self.dispatch(plain(message), STATUS))
        try:
            self.session = await self.sessions.guest(options)
        except Exception as error:
            self.session = None
            notice(t("online_failed", error=error_text(js_error(error))))
            return
        sheet.HANDS.request = self.ask_sheets
        self.app.enter_online(self)
        document.body.setAttribute("data-online", "guest")

    # ------------------------------------------------------------- the public lobby (游戏室)

    async def open_lobby(self):
        await self.load_modules()
        if self.lobby is None:
            options = self.link_options()
            options.onTables = create_proxy(lambda tables: spawn(self.take_listings(plain(tables))))
            self.lobby = await self.sessions.lobby(options)
        await self.take_listings(plain(self.lobby.tables()))

    async def take_listings(self, tables):
        """The lobby's tables as this page's worker checked them (op ``guest_listings``): the rest never shows."""
        self.listings_asked += 1
        asked = self.listings_asked
        tables = tables if isinstance(tables, list) else []
        try:
            answer = await call("guest_listings", {"tables": tables})
            valid = answer.get("tables") if isinstance(answer, dict) else None
            valid = valid if isinstance(valid, list) else []
        except EngineError as error:
            if error.code != "unknown_op":
                warn("lobby listings not checked: " + str(error)[:80])
                valid = []
            else:  # an engine without the guest boundary yet (session.mjs validListing checked them)
                valid = tables
        if asked == self.listings_asked:  # a newer list came meanwhile: that one shows
            self.show_listings(valid)

    def show_listings(self, tables):
        """The lobby window with ``tables`` (checked listings), unless the person is at a table and elsewhere."""
        self.listings = tables
        if self.session is not None and not self.showing("[data-listings]"):
            return
        self.show(views.listings_window(tables))

    def publish(self):
        """The host's listing in the lobby (only for a public table, until it starts)."""
        if self.role != "host" or not self.public or self.room is None:
            return
        spawn(self.publish_now())

    async def publish_now(self):
        if self.lobby is None:
            await self.open_lobby_quiet()
        room = self.room
        seats = room.get("seats") or {}
        listing = {
            "t": "table",
            "secret": self.secret,
            "pub": self.pub,
            "kind": room.get("kind", "casual"),
            "seats": {
                s: (
                    (seats.get(s) or {}).get("name")
                    or (t("online_kind_seat_computer") if (seats.get(s) or {}).get("occupant") == "computer" else None)
                )
                for s in SEATS
            },
            "preset": str((room.get("rules") or {}).get("preset", "standard")),
            "watch": bool(room.get("spectators_allowed")),
            "password": bool(room.get("password")),
            "started": bool(room.get("started")),
            "ratings": {s: (seats.get(s) or {}).get("rating") for s in SEATS},
        }
        self.lobby.publish(to_js(None if room.get("dnd") else listing))

    async def open_lobby_quiet(self):
        self.lobby = await self.sessions.lobby(self.link_options())

    def send(self, message):
        if self.session is not None:
            self.session.send(to_js(message))

    def intent(self, intent):
        """The person's bid, card, look... goes to the host; the answer comes back as a state."""
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
        document.body.setAttribute("data-online", "")
        js.history.replaceState(js.history.state, "", js.location.pathname)
        self.close_dialog()
        if self.inbox is not None:
            self.inbox.clear()
        roster = by_id("online-bar")
        if roster is not None:
            roster.remove()
        await self.app.leave_online()

    # ------------------------------------------------------------- messages

    def from_host(self, message):
        """A message from the host (a guest's page): queued for the guest boundary, never handled as it came."""
        if self.inbox.add(message):
            spawn(self.inbox.drain())

    async def guest_check(self, message):
        """``(checked, None)`` or ``(None, reason)``: this page's worker checks the host's message (op
        ``guest_check``, spades/table/guest.py); only its checked copy is handled."""
        if not self.checking:
            return message, None
        try:
            answer = await call("guest_check", {"message": message})
        except EngineError as error:
            if error.code == "unknown_op":  # an engine without the guest boundary yet: as before it
                self.checking = False
                return message, None
            return None, str(error)
        if isinstance(answer, dict) and answer.get("ok") is True and isinstance(answer.get("message"), dict):
            return answer["message"], None
        return None, str((answer or {}).get("error") if isinstance(answer, dict) else answer)

    def dropped(self, message, reason, count):
        """A message from the host that was not valid: not shown, counted on the strip, one warning line; for a
        state, the room is asked for this seat's state again (``catch_up``), so the table plays on."""
        kind = message.get("t") if isinstance(message, dict) else None
        warn("dropped a message from the host (" + str(kind)[:24] + "): " + str(reason)[:120])
        bar = by_id("online-bar")
        if bar is not None:
            bar.setAttribute("data-dropped", str(count))
        if kind == "state":
            self.send({"t": "catch_up", "seq": self.seen_seq})

    def dispatch(self, message, kinds=MESSAGES):
        """Hand ``message`` to ``_on_<type>`` when its type is one of ``kinds``; a guest drops and counts others."""
        kind = message.get("t") if isinstance(message, dict) else None
        if kind in kinds:
            getattr(self, "_on_" + kind)(message)
        elif self.role == "guest" and self.inbox is not None and kinds is MESSAGES:
            self.inbox.refuse(message, "no such message")

    def _on_welcome(self, message):
        self.you = message.get("you")
        self.connected = True
        if self.role == "guest" and self.you and self.you.get("token"):
            tokens = read_quiet(TOKENS_KEY)
            tokens = tokens if isinstance(tokens, dict) else {}
            tokens[self.secret] = self.you["token"]
            store.write_json(TOKENS_KEY, tokens)
        self.sync_body()
        if self.watch_after_join and not (self.you or {}).get("spectator"):
            self.watch_after_join = False
            spawn(self.action("watch", None))
        self.render_lobby()

    def _on_denied(self, message):
        spawn(self.close_session())
        if message.get("code") == "password":
            self.join_form(self.secret, t("online_denied_password"))
        else:
            self.show_status(t("online_denied_dnd"))

    def _on_room(self, message):
        self.room = message
        self.publish()
        self.ended = message.get("ended") or self.ended
        self.sync_body()
        self.render_bar()
        showing = self.showing("[data-lobby],[data-connecting]")
        if showing and message.get("started"):
            self.close_dialog()
        elif showing:
            self.render_lobby()

    def _on_state(self, message):
        seq = (message.get("state") or {}).get("seq")
        if isinstance(seq, int) and not isinstance(seq, bool) and seq >= 0:
            self.seen_seq = seq
        spawn(self.app.online_state(message))

    def _on_hand(self, message):
        review.REVIEW.received(message.get("hand"))

    def _on_sheets(self, message):
        """Scored hands this page did not see (a late join, a reload): kept, and the open windows drawn again."""
        windows.hands_arrived(message, self.app.state)

    def fill_hands(self, state):
        """Put every scored hand this page keeps into ``state`` (its record then holds the whole game)."""
        sheet.HANDS.fill(state)

    def ask_sheets(self, first, last):
        """Missing scored hands ``first`` … ``last`` (sheet.HANDS.request): a guest asks the room, the host its
        own worker's room (the answers come back as ``sheets`` either way)."""
        if self.role == "guest":
            self.send({"t": "sheets", "from": first, "to": last})
        elif self.role == "host":
            spawn(self.host_sheets(first, last))

    async def host_sheets(self, first, last):
        try:
            answer = await call("sheets", {"table": HOST_TABLE, "from": first, "to": last})
        except EngineError:
            return
        windows.hands_arrived(dict(answer, t="sheets"), self.app.state)

    def _on_chat(self, message):
        self.chat.append(message)
        del self.chat[:-CHAT_KEEP]
        if not self.panel_open and str(message.get("from")) not in self.muted:
            self.unread += 1
        self.render_bar()

    def _on_refused(self, message):
        self.app.set_message(t("online_refused", error=error_text(message)))

    def _on_vote(self, message):
        mine = (self.you or {}).get("seat")
        if message.get("result") == "wait":
            notice(t("online_vote_waiting", name=str(message.get("name") or "")))
            self.close_dialog("[data-vote]")
            return
        votes = message.get("votes") or {}
        if mine not in votes or votes.get(mine) is not None:
            return
        self.show(views.vote_window(message.get("name")))

    def _on_ended(self, message):
        self.ended = message.get("reason")
        me = (self.you or {}).get("name")
        if message.get("reason") == "unscored":
            notice(t("online_ended_unscored", name=str(message.get("disconnected") or "")))
            if message.get("disconnected") == me:
                spawn(self.app.record_online(unscored=True))
        else:
            notice(t("online_ended_left", name=str(message.get("left") or "")))
            loser = message.get("loser")
            if loser in ("NS", "EW") and message.get("left") != me:
                spawn(self.app.record_online(winner="EW" if loser == "NS" else "NS"))

    def _on_host_left(self, message):
        self.connected = False
        notice(t("online_host_left"))
        self.render_bar()

    async def close_session(self):
        session = self.session
        self.session = None
        if session is not None:
            try:
                await session.close()
            except Exception:
                pass

    def sync_body(self):
        you = self.you or {}
        if self.role == "guest":
            document.body.setAttribute("data-online", "spectator" if you.get("spectator") else "guest")

    # ------------------------------------------------------------- the room before the start

    def room_view(self):
        """The room window for this page (views.room_window with what this page knows)."""
        invite = invite_link(self.secret, self.pub, self.custom_relay()) if self.secret else None
        prefs = {"spectators": self.allow_spectators, "show_cards": self.show_cards}
        return views.room_window(self.room, self.you, self.role == "host", self.hidden, invite, self.code, prefs)

    def render_lobby(self):
        if self.room is None:
            return
        if self.room.get("started"):
            self.close_dialog("[data-lobby]")
            return
        dialog = self.dialog()
        focus = document.activeElement
        key = focus.getAttribute("data-action") if focus is not None and hasattr(focus, "getAttribute") else None
        self.show(self.room_view())
        if key:
            for again in dialog.querySelectorAll("[data-action]"):
                if again.getAttribute("data-action") == key:
                    again.focus()
                    break

    # ------------------------------------------------------------- during the game: the bar, chat, vote

    def bar(self):
        """The panel during the game, built once: a strip with each seat's light (always shown) and a toggle; the
        room's buttons and the chat open below it. Parts are updated in place, so typing is never interrupted."""
        bar = by_id("online-bar")
        if bar is None:
            bar = document.createElement("aside")
            bar.id = "online-bar"
            bar.className = "online-bar"
            bar.setAttribute("aria-label", t("online_title"))
            bar.setAttribute("data-dropped", str(self.inbox.dropped if self.inbox is not None else 0))
            bar.innerHTML = str(views.bar())
            self.drawn = {}
            document.body.appendChild(bar)
            bar.addEventListener("submit", create_proxy(self.on_chat_submit))
        return bar

    def draw(self, element_id, content):
        """Put ``content`` (markup) into the element ``element_id`` when it differs from what is there."""
        html = str(content)
        if self.drawn.get(element_id) != html:
            self.drawn[element_id] = html
            by_id(element_id).innerHTML = html

    def toggle_panel(self):
        self.panel_open = not self.panel_open
        if self.panel_open:
            self.unread = 0
        self.render_bar()
        if self.panel_open:
            by_id("chat-form").elements.namedItem("text").focus()

    def render_bar(self):
        room = self.room
        if room is None:
            return
        self.bar()
        guest = self.role == "guest"
        self.draw("online-seats", views.strip(room, self.you, guest, self.connected, self.hidden))
        mine = (self.app.state or {}).get("seats", {}).get((self.you or {}).get("seat"), {})
        self.draw("online-buttons", views.panel_buttons(room, self.you, self.ended, bool(mine.get("away"))))
        toggle = by_id("online-toggle")
        toggle.textContent = views.toggle_text(self.unread)
        toggle.setAttribute("aria-expanded", "true" if self.panel_open else "false")
        by_id("online-panel").hidden = not self.panel_open
        by_id("online-bar").classList.toggle("open", self.panel_open)
        self.draw("chat-log", views.chat(self.chat, self.muted, self.hidden))

    def on_chat_submit(self, event):
        event.preventDefault()
        field = event.target.elements.namedItem("text")
        text = str(field.value or "").strip()
        if text:
            self.send({"t": "chat", "text": text[:200]})
            field.value = ""

    # ------------------------------------------------------------- actions (controller.ONLINE_ACTIONS)

    async def action(self, action, element):
        """The button ``action`` (``data-action``), pressed on ``element``: ``_do_<action>`` (``-`` → ``_``)."""
        await load_parts()
        handler = getattr(self, "_do_" + str(action).replace("-", "_"), None)
        if handler is not None:
            await handler(element)

    async def _do_online(self, element):
        self.open()

    async def _do_create_table(self, element):
        pass  # the form's submit does it

    async def _do_join_code(self, element):
        pass  # the form's submit does it

    async def _do_lobby(self, element):
        await self.open_lobby()

    async def _do_lobby_join(self, element, watch=False):
        self.secret = str(element.getAttribute("data-secret"))
        self.pub = str(element.getAttribute("data-pub"))
        self.via = "lobby"
        self.watch_after_join = watch
        name = self.default_name()
        if name:
            await self.join(self.secret, name, None)
        else:
            self.join_form(self.secret)

    async def _do_lobby_watch(self, element):
        await self._do_lobby_join(element, True)

    async def _do_sit(self, element):
        self.send({"t": "sit", "seat": str(element.getAttribute("data-sit"))})

    async def _do_stand(self, element):
        self.send({"t": "stand"})

    async def _do_watch(self, element):
        seats = (self.room or {}).get("seats") or {}
        message = {"t": "watch"}
        for seat in SEATS:
            if (seats.get(seat) or {}).get("occupant") == "person":
                message["seat"] = seat
                break
        self.send(message)

    async def _do_ready(self, element):
        seats = (self.room or {}).get("seats") or {}
        mine = (self.you or {}).get("seat")
        self.send({"t": "ready", "ready": not bool((seats.get(mine) or {}).get("ready"))})

    async def _do_start(self, element):
        self.send({"t": "start"})

    async def _do_copy_invite(self, element):
        field = document.querySelector("[data-invite]")
        try:
            await js.navigator.clipboard.writeText(field.value)
            self.app.set_message(t("online_copied"))
        except Exception:
            field.select()

    async def _do_online_leave(self, element):
        if self.rated_game_on() and not await self.app.dialogs.confirm(t("confirm_leave_rated")):
            return
        await self.leave()

    async def _do_online_cancel(self, element):
        await self.close_session()
        self.close_dialog()
        if self.app.online is self:
            await self.app.leave_online()

    async def _do_online_panel(self, element):
        self.toggle_panel()

    async def _do_online_computer(self, element):
        mine = (self.app.state or {}).get("seats", {}).get((self.you or {}).get("seat"), {})
        self.send({"t": "computer", "on": not bool(mine.get("away"))})

    async def _do_vote(self, element):
        self.send({"t": "vote", "wait": element.getAttribute("data-vote") == "wait"})
        self.close_dialog()

    async def _do_mute(self, element):
        self.muted.add(str(element.getAttribute("data-name")))
        self.save_prefs()
        self.render_bar()

    async def _do_hide_name(self, element):
        name = str(element.getAttribute("data-name"))
        if name in self.hidden:
            self.hidden.discard(name)
        else:
            self.hidden.add(name)
        self.save_prefs()
        self.render_bar()
