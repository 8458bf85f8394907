"""Online play on the page (docs/online.md): create or join a table, the room before the start, chat, connection
lights, the computer taking a seat, the rated vote. Loaded only when a person opens online play (controller.py
fetches this file then), together with static/online/*.mjs: the solo game never downloads them.

The host's worker runs the room (op ``room_*``) through static/online/session.mjs; a guest only talks to the
host. Either way the page gets the same messages (``room``, ``state``, ``chat``, ...) and draws the table from
its own viewer state exactly as in a solo game (screen.py): the page knows no rules.
"""

import json

import i18n
import js
import review
import store
import view
from dom import by_id, notice
from i18n import error_text, t, who
from pyscript import document
from pyscript.ffi import create_proxy
from tasks import spawn

SEATS = ("N", "E", "S", "W")
HOST_KEY = "spades-online-host"  # {"secret", "save", "name", "seat"}: the host resumes its room after a reload
TOKENS_KEY = "spades-online-tokens"  # {secret: seat token}: a guest takes its seat back
NAME_KEY = "spades-online-name"
PREFS_KEY = "spades-online-prefs"  # {"muted": [names], "hidden": [names], "spectators", "show_cards"}
NAME_LIMIT = 24
CHAT_KEEP = 100
LIGHT_SECONDS = (2000, 4000)

_import = js.Function.new("url", "return import(url)")
_stringify = js.JSON.stringify


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


def name_field(name):
    """The name field of the create and join forms (``name`` escaped already)."""
    return (
        "<label>" + view.esc(t("online_name")) + ' <input name="name" required maxlength="24" autocomplete="nickname"'
        ' value="' + name + '" autofocus></label>'
    )  # fmt: skip


def password_field():
    return (
        "<label>"
        + view.esc(t("online_password"))
        + ' <input name="password" maxlength="64" autocomplete="off"></label>'
    )


def light_level(rtt):
    if rtt is None:
        return ""
    if rtt < LIGHT_SECONDS[0]:
        return "green"
    return "yellow" if rtt <= LIGHT_SECONDS[1] else "red"


def seconds(rtt):
    return "–" if rtt is None else "%.1f" % (rtt / 1000)


def rating_suffix(rating):
    """`` (1012)`` after a name in the lobby, when the player announced a rating."""
    return " (" + str(rating) + ")" if isinstance(rating, int) and not isinstance(rating, bool) else ""


def rated_mark(room, seat, info):
    """At a rated table, a seat's rating as the game started (else as announced): `` · 1012`` in the strip."""
    if room.get("kind") != "rated":
        return ""
    rating = (room.get("ratings") or {}).get(seat)
    rating = info.get("rating") if rating is None else rating
    if not isinstance(rating, int) or isinstance(rating, bool):
        return ""
    return ' <span class="rating" data-rating-seat="' + seat + '" title="' + view.esc(t("rating")) + '">· ' + str(
        rating
    ) + "</span>"


def clean_name(text):
    """A display name: control characters dropped, spaces collapsed, at most 24 characters (MicroPython has no
    ``str.isprintable``)."""
    kept = "".join(c if ord(c) >= 32 and not 127 <= ord(c) < 160 else " " for c in str(text or ""))
    return " ".join(kept.split())[:NAME_LIMIT]


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
        self.rtt = None  # me ↔ host (guests)
        self.connected = False
        self.ended = None
        prefs = read_quiet(PREFS_KEY)
        prefs = prefs if isinstance(prefs, dict) else {}
        self.muted = set(n for n in prefs.get("muted", []) if isinstance(n, str))
        self.hidden = set(n for n in prefs.get("hidden", []) if isinstance(n, str))
        self.allow_spectators = prefs.get("spectators", True) is not False
        self.show_cards = prefs.get("show_cards") is True
        self.net = None
        self.voted = None
        self.pub = None  # the host's public key (base64url), from the invite link or made here
        self.public = False  # the host lists the table in the public lobby
        self.lobby = None  # the lobby connection (session.mjs lobby()), while listing or browsing
        self.listings = []
        self.via = "invite"
        self.watch_after_join = False
        self.panel_open = False  # the game panel's buttons and chat (the lights always show)
        self.code = None  # the host's short code (offer_code), shown in the room
        self.code_offer = None
        self.unread = 0

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
        name = clean_name(self.params.get("name"))
        if not name:
            name = clean_name(store.read_text(NAME_KEY))
        return name

    async def load_modules(self):
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

    def show(self, html):
        dialog = self.dialog()
        dialog.innerHTML = '<div class="dlg-body">' + html + "</div>"
        if not dialog.open:
            dialog.showModal()
        first = dialog.querySelector("[autofocus]") or dialog.querySelector("input,button,select")
        if first is not None:
            first.focus()

    def open(self):
        """The online menu: create a table, or the room of the table we are at."""
        if self.session is not None:
            self.show(self.lobby_html())
            return
        name = view.esc(self.default_name())
        self.show(
            '<h2 id="online-title">' + view.esc(t("online_title")) + "</h2>"
            "<p>" + view.esc(t("online_intro")) + "</p>"
            '<form id="online-create" class="online-form">'
            + name_field(name)
            + "<fieldset><legend>" + view.esc(t("online_kind")) + "</legend>"
            '<label><input type="radio" name="kind" value="casual" checked> '
            + view.esc(t("online_casual"))
            + "</label>"
            '<label><input type="radio" name="kind" value="rated"> ' + view.esc(t("online_rated")) + "</label>"
            "</fieldset>"
            + password_field()
            + '<label><input type="checkbox" name="spectators" checked> '
            + view.esc(t("online_allow_watch"))
            + "</label>"
            '<label><input type="checkbox" name="public"> ' + view.esc(t("online_public")) + "</label>"
            '<div class="dlg-buttons"><button type="button" data-action="close-dialog">'
            + view.esc(t("close"))
            + "</button>"
            '<button type="button" data-action="lobby">' + view.esc(t("online_lobby")) + "</button>"
            '<button type="submit" data-action="create-table" class="primary">'
            + view.esc(t("online_create"))
            + "</button></div></form>"
            '<form id="online-code" class="online-form"><h3>' + view.esc(t("online_code_title")) + "</h3>"
            "<label>" + view.esc(t("online_code")) + ' <input name="code" required maxlength="12" autocomplete="off"'
            ' autocapitalize="characters" placeholder="ABCD-2345"></label>'
            '<div class="dlg-buttons"><button type="submit" data-action="join-code">' + view.esc(t("online_join"))
            + "</button></div></form>"
        )  # fmt: skip

    def join_form(self, secret, problem=None):
        name = view.esc(self.default_name())
        self.show(
            '<h2 id="online-title">'
            + view.esc(t("online_join_title"))
            + "</h2>"
            + ('<p class="online-problem" role="alert">' + view.esc(problem) + "</p>" if problem else "")
            + '<form id="online-join" class="online-form" data-secret="'
            + view.esc(secret)
            + '" data-pub="'
            + view.esc(self.pub or "")
            + '">'
            + name_field(name)
            + password_field()
            + '<div class="dlg-buttons"><button type="button" data-action="online-cancel">'
            + view.esc(t("close"))
            + '</button><button type="submit" data-action="join-table" class="primary">'
            + view.esc(t("online_join"))
            + "</button></div></form>"
        )

    def on_submit(self, event):
        event.preventDefault()
        form = event.target
        if form.id == "online-code":
            create = by_id("online-create")
            name = clean_name(create.elements.namedItem("name").value) if create is not None else ""
            name = name or self.default_name()
            if not name:
                create.elements.namedItem("name").focus()
                return
            store.write_text(NAME_KEY, name)
            spawn(self.redeem(str(form.elements.namedItem("code").value), name))
            return
        name = clean_name(form.elements.namedItem("name").value)
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
        js_options.onLocal = create_proxy(lambda message: self.receive(plain(message)))
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
        self.app.enter_online(self)
        document.body.setAttribute("data-online", "host")
        spawn(self.offer_code())
        self.send({"t": "prefs", "spectators": self.allow_spectators, "show_cards": self.show_cards})
        self.render_lobby()

    async def offer_code(self):
        """Wait in the room named after a short code and hand the invitation to whoever comes (session.mjs)."""
        self.code = str(self.sessions.shortCode())
        options = to_js({"code": self.code, "invite": "#t=" + self.secret + "&k=" + self.pub})
        options.relays = self.relays()
        options.ice = self.ice()
        options.loopback = self.loopback()
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
        options = to_js({"code": str(normal)})
        options.relays = self.relays()
        options.ice = self.ice()
        options.loopback = self.loopback()
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
        options = to_js(
            {
                "tableId": "spades-" + secret[:16],
                "secret": secret,
                "name": name,
                "lang": i18n.lang(),
                "via": self.via,
                "hostPub": pub,
            }
        )
        options.relays = self.relays()
        options.ice = self.ice()
        options.loopback = self.loopback()
        options.lose = self.lose()
        if token:
            options.token = token
        if password:
            options.password = password
        standing = await self.app.player.standing()
        if standing is not None:
            options.rating, options.disconnects = standing
        options.onMessage = create_proxy(lambda message: self.receive(plain(message)))
        try:
            self.session = await self.sessions.guest(options)
        except Exception as error:
            self.session = None
            notice(t("online_failed", error=error_text(js_error(error))))
            return
        self.app.enter_online(self)
        document.body.setAttribute("data-online", "guest")

    # ------------------------------------------------------------- the public lobby (游戏室)

    async def open_lobby(self):
        await self.load_modules()
        if self.lobby is None:
            options = to_js({})
            options.relays = self.relays()
            options.ice = self.ice()
            options.loopback = self.loopback()
            options.onTables = create_proxy(lambda tables: self.show_listings(plain(tables)))
            self.lobby = await self.sessions.lobby(options)
        self.show_listings(plain(self.lobby.tables()))

    def show_listings(self, tables):
        self.listings = tables
        dialog = by_id("dlg-online")
        if self.session is not None and (dialog is None or not dialog.querySelector("[data-listings]")):
            return
        rows = []
        for item in tables:
            seats = item.get("seats") or {}
            ratings = item.get("ratings") or {}
            names = [str(seats.get(s) or "–") + rating_suffix(ratings.get(s)) for s in SEATS]
            free = sum(1 for s in SEATS if not seats.get(s))
            buttons = ""
            if free and not item.get("started"):
                buttons += (
                    '<button type="button" data-action="lobby-join" data-secret="'
                    + view.esc(item["secret"])
                    + '" data-pub="'
                    + view.esc(item["pub"])
                    + '">'
                    + view.esc(t("online_join"))
                    + "</button>"
                )
            if item.get("watch"):
                buttons += (
                    '<button type="button" data-action="lobby-watch" data-secret="'
                    + view.esc(item["secret"])
                    + '" data-pub="'
                    + view.esc(item["pub"])
                    + '">'
                    + view.esc(t("online_watch"))
                    + "</button>"
                )
            rows.append(
                "<tr data-listing><td>"
                + view.esc(t("online_kind_" + item["kind"]))
                + "</td><td>"
                + view.esc(" · ".join(names))
                + "</td><td>"
                + view.esc(t("online_free_seats", n=free))
                + "</td><td>"
                + view.esc(t("preset_" + item["preset"]) if i18n.has("preset_" + item["preset"]) else item["preset"])
                + ("" if not item.get("password") else " · " + view.esc(t("online_password_needed")))
                + "</td><td>"
                + buttons
                + "</td></tr>"
            )
        body = (
            (
                '<table class="online-seats"><thead><tr><th scope="col">'
                + view.esc(t("online_kind"))
                + '</th><th scope="col">'
                + view.esc(t("online_players"))
                + '</th><th scope="col">'
                + view.esc(t("online_free"))
                + '</th><th scope="col">'
                + view.esc(t("online_rules"))
                + "</th><th></th>"
                "</tr></thead><tbody>" + "".join(rows) + "</tbody></table>"
            )
            if rows
            else ('<p role="status">' + view.esc(t("online_lobby_empty")) + "</p>")
        )
        self.show(
            '<h2 id="online-title">'
            + view.esc(t("online_lobby"))
            + "</h2><div data-listings>"
            + body
            + '</div><div class="dlg-buttons"><button type="button" data-action="online">'
            + view.esc(t("online_back"))
            + "</button></div>"
        )

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
        options = to_js({})
        options.relays = self.relays()
        options.ice = self.ice()
        options.loopback = self.loopback()
        self.lobby = await self.sessions.lobby(options)

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
        self.send({"t": "leave"})
        session = self.session
        self.session = None
        if self.role == "host":
            store.remove(HOST_KEY)
            if self.code_offer is not None:
                await self.code_offer.close()
        try:
            await session.close()
        except Exception:
            pass
        document.body.setAttribute("data-online", "")
        js.history.replaceState(js.history.state, "", js.location.pathname)
        dialog = by_id("dlg-online")
        if dialog is not None and dialog.open:
            dialog.close()
        roster = by_id("online-bar")
        if roster is not None:
            roster.remove()
        await self.app.leave_online()

    # ------------------------------------------------------------- messages

    def receive(self, message):
        kind = message.get("t")
        if kind == "welcome":
            self.you = message.get("you")
            self.connected = True
            if self.role == "guest" and self.you and self.you.get("token"):
                tokens = read_quiet(TOKENS_KEY)
                tokens = tokens if isinstance(tokens, dict) else {}
                tokens[self.secret] = self.you["token"]
                store.write_json(TOKENS_KEY, tokens)
            self.sync_body()
            if self.watch_after_join and not self.you.get("spectator"):
                self.watch_after_join = False
                spawn(self.action("watch", None))
            self.render_lobby()
        elif kind == "denied":
            code = message.get("code")
            spawn(self.close_session())
            if code == "password":
                self.join_form(self.secret, t("online_denied_password"))
            else:
                self.show_status(t("online_denied_dnd"))
        elif kind == "room":
            self.room = message
            self.publish()
            self.ended = message.get("ended") or self.ended
            self.sync_body()
            self.render_bar()
            dialog = by_id("dlg-online")
            showing = dialog is not None and dialog.open and dialog.querySelector("[data-lobby],[data-connecting]")
            if showing and message.get("started"):
                dialog.close()
            elif showing:
                self.render_lobby()
        elif kind == "state":
            spawn(self.app.online_state(message))
        elif kind == "hand":
            review.REVIEW.received(message.get("hand"))
        elif kind == "chat":
            self.chat.append(message)
            del self.chat[:-CHAT_KEEP]
            if not self.panel_open and str(message.get("from")) not in self.muted:
                self.unread += 1
            self.render_chat()
        elif kind == "refused":
            self.app.set_message(t("online_refused", error=error_text(message)))
        elif kind == "vote":
            self.vote(message)
        elif kind == "ended":
            self.ended = message.get("reason")
            if message.get("reason") == "unscored":
                notice(t("online_ended_unscored", name=str(message.get("disconnected") or "")))
                if message.get("disconnected") == (self.you or {}).get("name"):
                    spawn(self.app.record_online(unscored=True))
            else:
                notice(t("online_ended_left", name=str(message.get("left") or "")))
                loser = message.get("loser")
                if loser in ("NS", "EW") and message.get("left") != (self.you or {}).get("name"):
                    spawn(self.app.record_online(winner="EW" if loser == "NS" else "NS"))
        elif kind == "host_left":
            self.connected = False
            self.rtt = None
            notice(t("online_host_left"))
            self.render_bar()
        elif kind == "rtt":
            self.rtt = message.get("rtt")
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

    def seat_name(self, seat, info):
        name = info.get("name")
        if not name:
            return ""
        return who(seat) if name in self.hidden else name

    def lobby_html(self):
        room = self.room or {}
        seats = room.get("seats") or {}
        you = self.you or {}
        mine = you.get("seat")
        host = self.role == "host"
        started = room.get("started")
        rows = []
        for seat in SEATS:
            info = seats.get(seat) or {}
            kind = info.get("occupant") or "empty"
            label = self.seat_name(seat, info) or (
                t("online_computer_level", level=t("level_" + str(info.get("level"))))
                if kind == "computer"
                else t("online_empty_seat")
            )
            marks = []
            if info.get("rating") is not None:
                marks.append(t("online_rating", rating=info.get("rating"), n=info.get("disconnects") or 0))
            if info.get("host"):
                marks.append(t("online_host"))
            if kind == "person" and not info.get("host"):
                marks.append(t("online_ready") if info.get("ready") else t("online_not_ready"))
            if kind == "away":
                marks.append(t("online_kind_seat_away"))
            if seat == mine:
                marks.append(t("online_you"))
            cell = ""
            if not started and kind == "empty" and not mine:
                cell += (
                    '<button type="button" data-action="sit" data-sit="'
                    + seat
                    + '">'
                    + view.esc(t("online_sit"))
                    + "</button>"
                )
            elif not started and kind == "empty" and host and mine != seat:
                cell += (
                    '<button type="button" data-action="sit" data-sit="'
                    + seat
                    + '">'
                    + view.esc(t("online_move_here"))
                    + "</button>"
                )
            if host and not started and kind == "person" and not info.get("host"):
                others = ['<option value="">' + view.esc(t("online_move_nowhere")) + "</option>"]
                for other in SEATS:
                    if other != seat:
                        others.append('<option value="' + other + '">' + view.esc(t("seat_" + other)) + "</option>")
                cell += (
                    '<select name="move" data-seat="' + seat + '" aria-label="'
                    + view.esc(t("online_move_to", name=label)) + '">' + "".join(others) + "</select>"
                )  # fmt: skip
            if host and not started and kind in ("empty", "computer"):
                options = [
                    '<option value="empty"'
                    + (" selected" if kind == "empty" else "")
                    + ">"
                    + view.esc(t("online_empty_seat"))
                    + "</option>"
                ]
                for level in ("beginner", "standard", "expert"):
                    chosen = " selected" if kind == "computer" and info.get("level") == level else ""
                    options.append(
                        '<option value="'
                        + level
                        + '"'
                        + chosen
                        + ">"
                        + view.esc(t("online_computer_level", level=t("level_" + level)))
                        + "</option>"
                    )
                cell += (
                    '<select name="level" data-seat="'
                    + seat
                    + '" aria-label="'
                    + view.esc(t("online_fill_seat", seat=t("seat_" + seat)))
                    + '">'
                    + "".join(options)
                    + "</select>"
                )
            rows.append(
                '<tr data-occupant="'
                + seat
                + '" data-kind="'
                + kind
                + '"><th scope="row">'
                + view.esc(t("seat_" + seat))
                + "</th><td>"
                + view.esc(label)
                + "</td><td>"
                + view.esc(" · ".join(marks))
                + "</td><td>"
                + cell
                + "</td></tr>"
            )
        parts = [
            '<h2 id="online-title">'
            + view.esc(t("online_room_title", kind=t("online_kind_" + str(room.get("kind", "casual")))))
            + "</h2>",
            "<div data-lobby>",
        ]
        if self.secret:
            parts.append(
                '<p class="online-invite"><label>'
                + view.esc(t("online_invite"))
                + ' <input readonly data-invite value="'
                + view.esc(invite_link(self.secret, self.pub, self.custom_relay()))
                + '"></label> <button type="button" data-action="copy-invite">'
                + view.esc(t("online_copy"))
                + "</button></p>"
            )
        if self.role == "host" and self.code:
            parts.append(
                '<p class="online-code">' + view.esc(t("online_code")) + " <b data-code>" + view.esc(self.code)
                + "</b></p>"
            )  # fmt: skip
        parts.append('<table class="online-seats"><tbody>' + "".join(rows) + "</tbody></table>")
        watchers = [w.get("name") for w in room.get("watchers") or []]
        if watchers:
            parts.append(
                "<p>"
                + view.esc(
                    t("online_spectators", names="、".join(watchers) if i18n.lang() != "en" else ", ".join(watchers))
                )
                + "</p>"
            )
        actions = []
        if not started:
            if mine and not host:
                ready = bool((seats.get(mine) or {}).get("ready"))
                actions.append(
                    '<button type="button" data-action="ready" aria-pressed="'
                    + ("true" if ready else "false")
                    + '">'
                    + view.esc(t("online_ready"))
                    + "</button>"
                )
                actions.append('<button type="button" data-action="stand">' + view.esc(t("online_stand")) + "</button>")
            if not mine and room.get("spectators_allowed") and not host:
                actions.append('<button type="button" data-action="watch">' + view.esc(t("online_watch")) + "</button>")
            if host:
                actions.append(
                    '<button type="button" data-action="start" class="primary">'
                    + view.esc(t("online_start"))
                    + "</button>"
                )
        prefs = (
            '<label><input type="checkbox" name="allow_spectators"'
            + (" checked" if self.allow_spectators else "")
            + "> "
            + view.esc(t("online_allow_watch"))
            + "</label> "
            '<label><input type="checkbox" name="show_cards"'
            + (" checked" if self.show_cards else "")
            + "> "
            + view.esc(t("online_show_cards"))
            + "</label>"
        )
        if host:
            prefs += (
                ' <label><input type="checkbox" name="dnd"'
                + (" checked" if room.get("dnd") else "")
                + "> "
                + view.esc(t("online_dnd"))
                + "</label>"
            )
        parts.append('<p class="online-prefs">' + prefs + "</p>")
        actions.append('<button type="button" data-action="online-leave">' + view.esc(t("online_leave")) + "</button>")
        actions.append('<button type="button" data-action="close-dialog">' + view.esc(t("close")) + "</button>")
        parts.append('<div class="dlg-buttons">' + "".join(actions) + "</div></div>")
        return "".join(parts)

    def render_lobby(self):
        if self.room is None:
            return
        if self.room.get("started"):
            dialog = by_id("dlg-online")
            if dialog is not None and dialog.open and dialog.querySelector("[data-lobby]"):
                dialog.close()
            return
        dialog = self.dialog()
        focus = document.activeElement
        key = focus.getAttribute("data-action") if focus is not None and hasattr(focus, "getAttribute") else None
        self.show(self.lobby_html())
        if key:
            again = dialog.querySelector('[data-action="' + str(key) + '"]')
            if again is not None:
                again.focus()

    def show_status(self, text):
        self.show(
            '<h2 id="online-title">'
            + view.esc(t("online_title"))
            + '</h2><p role="status" data-connecting>'
            + view.esc(text)
            + '</p><div class="dlg-buttons"><button type="button" data-action="online-cancel">'
            + view.esc(t("close"))
            + "</button></div>"
        )

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
            bar.innerHTML = (
                '<div class="online-strip"><ul class="online-seats-bar" id="online-seats"></ul>'
                '<button type="button" id="online-toggle" data-action="online-panel" aria-expanded="false"'
                ' aria-controls="online-panel"></button></div>'
                '<div class="online-panel" id="online-panel" hidden><div class="online-buttons" id="online-buttons">'
                '</div><section class="online-chat" aria-label="' + view.esc(t("online_chat")) + '">'
                '<ol id="chat-log" aria-live="polite"></ol><form id="chat-form"><input name="text" maxlength="200"'
                ' autocomplete="off" aria-label="' + view.esc(t("online_chat_say")) + '"><button type="submit">'
                + view.esc(t("online_send")) + "</button></form></section></div>"
            )  # fmt: skip
            document.body.appendChild(bar)
            bar.addEventListener("submit", create_proxy(self.on_chat_submit))
        return bar

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
        seats = room.get("seats") or {}
        items = []
        for seat in SEATS:
            info = seats.get(seat) or {}
            kind = info.get("occupant") or "empty"
            rtt = info.get("rtt")
            if self.role == "guest" and info.get("host"):
                rtt = self.rtt if self.connected else None
                kind = kind if self.connected else "away"
            level = light_level(rtt) if kind in ("person", "away") else ""
            if kind == "away":
                level = "red"
            if kind == "person":
                name = self.seat_name(seat, info)
            else:
                name = self.seat_name(seat, info) or t("online_kind_seat_" + kind)
            label = t("online_light", seconds=seconds(rtt)) if level else t("online_no_light")
            items.append(
                '<li data-occupant="' + seat + '" data-kind="' + kind + '"><span class="light" data-light="' + seat
                + '" data-rtt="' + ("" if rtt is None else str(int(rtt))) + '" data-level="' + level
                + '" role="img" aria-label="' + view.esc(t("seat_" + seat) + " " + (name or "") + ": " + label)
                + '" title="' + view.esc(label) + '"></span><span class="who"><b>' + view.esc(t("seat_" + seat))
                + "</b> " + view.esc(name or "") + rated_mark(room, seat, info) + "</span></li>"
            )  # fmt: skip
        by_id("online-seats").innerHTML = "".join(items)
        you = self.you or {}
        buttons = ['<button type="button" data-action="online">' + view.esc(t("online_room")) + "</button>"]
        if room.get("started") and room.get("kind") == "casual" and you.get("seat") and not self.ended:
            mine = (self.app.state or {}).get("seats", {}).get(you.get("seat"), {})
            away = bool(mine.get("away"))
            buttons.append(
                '<button type="button" data-action="online-computer" aria-pressed="' + ("true" if away else "false")
                + '">' + view.esc(t("online_take_back") if away else t("online_computer")) + "</button>"
            )  # fmt: skip
        html = "".join(buttons)
        box = by_id("online-buttons")
        if str(box.innerHTML) != html:
            box.innerHTML = html
        toggle = by_id("online-toggle")
        text = t("online_chat") + (" (" + str(self.unread) + ")" if self.unread else "")
        toggle.textContent = text
        toggle.setAttribute("aria-expanded", "true" if self.panel_open else "false")
        by_id("online-panel").hidden = not self.panel_open
        by_id("online-bar").classList.toggle("open", self.panel_open)
        log = by_id("chat-log")
        html = self.chat_html()
        if str(log.innerHTML) != html:
            log.innerHTML = html

    def chat_html(self):
        lines = []
        for line in self.chat[-30:]:
            name = str(line.get("from") or "")
            if name in self.muted:
                continue
            shown = who(line["seat"]) if name in self.hidden and line.get("seat") else name
            mute = (
                '<button type="button" class="link" data-action="mute" data-name="'
                + view.esc(name)
                + '" aria-label="'
                + view.esc(t("online_mute_name", name=shown))
                + '">'
                + view.esc(t("online_mute"))
                + "</button>"
                '<button type="button" class="link" data-action="hide-name" data-name="'
                + view.esc(name)
                + '" aria-label="'
                + view.esc(t("online_hide_name_of", name=shown))
                + '">'
                + view.esc(t("online_hide_name"))
                + "</button>"
            )
            lines.append(
                '<li data-chat="'
                + str(line.get("id"))
                + '"><b>'
                + view.esc(shown)
                + "</b> "
                + view.esc(str(line.get("text") or ""))
                + " "
                + mute
                + "</li>"
            )
        return "".join(lines)

    def render_chat(self):
        self.render_bar()

    def on_chat_submit(self, event):
        event.preventDefault()
        field = event.target.elements.namedItem("text")
        text = str(field.value or "").strip()
        if text:
            self.send({"t": "chat", "text": text[:200]})
            field.value = ""

    def vote(self, message):
        you = self.you or {}
        mine = you.get("seat")
        if message.get("result") == "wait":
            notice(t("online_vote_waiting", name=str(message.get("name") or "")))
            dialog = by_id("dlg-online")
            if dialog is not None and dialog.open and dialog.querySelector("[data-vote]"):
                dialog.close()
            return
        votes = message.get("votes") or {}
        if mine not in votes or votes.get(mine) is not None:
            return
        self.show(
            '<h2 id="online-title">' + view.esc(t("online_vote_title", name=str(message.get("name") or ""))) + "</h2>"
            "<p>" + view.esc(t("online_vote_text")) + '</p><div class="dlg-buttons" data-vote>'
            '<button type="button" data-action="vote" data-vote="wait" autofocus>'
            + view.esc(t("online_vote_wait"))
            + '</button><button type="button" data-action="vote" data-vote="end">'
            + view.esc(t("online_vote_end"))
            + "</button></div>"
        )

    # ------------------------------------------------------------- actions

    async def action(self, action, element):
        if action == "online":
            self.open()
        elif action in ("create-table", "join-code"):
            pass  # the form's submit does it
        elif action == "lobby":
            await self.open_lobby()
        elif action in ("lobby-join", "lobby-watch"):
            self.secret = str(element.getAttribute("data-secret"))
            self.pub = str(element.getAttribute("data-pub"))
            self.via = "lobby"
            self.watch_after_join = action == "lobby-watch"
            name = self.default_name()
            if name:
                await self.join(self.secret, name, None)
            else:
                self.join_form(self.secret)
        elif action == "sit":
            self.send({"t": "sit", "seat": str(element.getAttribute("data-sit"))})
        elif action == "stand":
            self.send({"t": "stand"})
        elif action == "watch":
            seat = None
            seats = (self.room or {}).get("seats") or {}
            for each in SEATS:
                if (seats.get(each) or {}).get("occupant") == "person":
                    seat = each
                    break
            message = {"t": "watch"}
            if seat:
                message["seat"] = seat
            self.send(message)
        elif action == "ready":
            seats = (self.room or {}).get("seats") or {}
            mine = (self.you or {}).get("seat")
            self.send({"t": "ready", "ready": not bool((seats.get(mine) or {}).get("ready"))})
        elif action == "start":
            self.send({"t": "start"})
        elif action == "copy-invite":
            field = document.querySelector("[data-invite]")
            try:
                await js.navigator.clipboard.writeText(field.value)
                self.app.set_message(t("online_copied"))
            except Exception:
                field.select()
        elif action == "online-leave":
            if self.rated_game_on() and not await self.app.dialogs.confirm(t("confirm_leave_rated")):
                return
            await self.leave()
        elif action == "online-cancel":
            await self.close_session()
            self.session = None
            dialog = by_id("dlg-online")
            if dialog is not None and dialog.open:
                dialog.close()
            if self.app.online is self:
                await self.app.leave_online()
        elif action == "online-panel":
            self.toggle_panel()
        elif action == "online-computer":
            mine = (self.app.state or {}).get("seats", {}).get((self.you or {}).get("seat"), {})
            self.send({"t": "computer", "on": not bool(mine.get("away"))})
        elif action == "vote":
            self.send({"t": "vote", "wait": element.getAttribute("data-vote") == "wait"})
            dialog = by_id("dlg-online")
            if dialog is not None and dialog.open:
                dialog.close()
        elif action == "mute":
            self.muted.add(str(element.getAttribute("data-name")))
            self.save_prefs()
            self.render_chat()
        elif action == "hide-name":
            name = str(element.getAttribute("data-name"))
            if name in self.hidden:
                self.hidden.discard(name)
            else:
                self.hidden.add(name)
            self.save_prefs()
            self.render_bar()
