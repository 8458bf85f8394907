"""What the online modules share with the browser: JS values as Python data and back, the keys of what is kept in
the browser's storage, the addresses of a table, a random table secret, a console line.

Small and without a job of its own: every other browser module of this folder uses it (life.py, dialog.py,
lobby.py, panel.py); the pure ones (views, forms, links, handlers, actions, inbox) never do.
"""

import json

import js
import store
from pyscript import document

from .links import fragment

HOST_KEY = "spades-online-host"  # {"secret", "setup", "save"}: the host resumes its room after a reload
TOKENS_KEY = "spades-online-tokens"  # {secret: seat token}: a guest takes its seat back
KEYS_KEY = "spades-online-keys"  # {secret: JWK}: this person's own key pair at that table (said in hello)
RECORD_KEY = "spades-online-record"  # record.py's Record: the table's public record, to take it over
NAME_KEY = "spades-online-name"
PREFS_KEY = "spades-online-prefs"  # {"muted": [names], "hidden": [names], "spectators", "show_cards"}

_stringify = js.JSON.stringify


def style_sheet():
    """The online style sheet (static/online/online.css) in the page's head, once: before the first online window
    (the online menu's create form) is drawn, so that it is never shown without it."""
    if document.querySelector('link[href="static/online/online.css"]') is None:
        link = document.createElement("link")
        link.rel = "stylesheet"
        link.href = "static/online/online.css"
        document.head.appendChild(link)


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


def keep_token(secret, token):
    """Remember a guest's seat ``token`` for the table ``secret`` (its seat back after a reload)."""
    tokens = read_quiet(TOKENS_KEY)
    tokens = tokens if isinstance(tokens, dict) else {}
    tokens[secret] = token
    store.write_json(TOKENS_KEY, tokens)


def token_for(secret):
    """The seat token this browser keeps for the table ``secret``, or ``None``."""
    tokens = read_quiet(TOKENS_KEY)
    return tokens.get(secret) if isinstance(tokens, dict) else None


def own_key_for(secret):
    """This person's own key pair (a JWK, session.mjs ``hostKey``) kept for the table ``secret``, or ``None``."""
    keys = read_quiet(KEYS_KEY)
    key = keys.get(secret) if isinstance(keys, dict) else None
    return key if isinstance(key, dict) else None


def keep_own_key(secret, key):
    """Remember this person's own key pair ``key`` (a JWK) for the table ``secret`` (at most 20 tables' are kept:
    others are forgotten, any of them, as a dict on the page has no order)."""
    keys = read_quiet(KEYS_KEY)
    keys = keys if isinstance(keys, dict) else {}
    keys[secret] = key
    for other in list(keys):
        if len(keys) <= 20:
            break
        if other != secret:
            del keys[other]
    store.write_json(KEYS_KEY, keys)


def plain(value):
    """A JS object as Python data (through JSON)."""
    return json.loads(str(_stringify(value)))


def to_js(value):
    """Python data as a JS object (through JSON)."""
    return js.JSON.parse(json.dumps(value))


def js_error(error):
    """A failed JS call as ``{"error", "code", "params"}`` (session.mjs puts the worker's code on its ``Error``)."""
    try:
        inner = error.args[0]
        code = inner.code
        return {"error": str(inner.message), "code": str(code) if code else None, "params": plain(inner.params or {})}
    except Exception:
        return {"error": str(error)}


def new_secret():
    """128 random bits as 26 base-32 letters (the table secret in the invite link's fragment)."""
    alphabet = "abcdefghijkmnpqrstuvwxyz23456789"
    values = js.crypto.getRandomValues(js.Uint8Array.new(26))
    return "".join(alphabet[values[i] % 32] for i in range(26))


def invite_link(secret, pub, relay=None, fallback=None):
    """The address to send: the table secret and the host's key in the fragment (never sent to any server), and
    the host's signalling relay and fallback relays when they are not the default ones (so that friends find the
    table the way the host listens)."""
    url = js.URL.new(js.location.href)
    url.search = ""
    if relay:
        url.searchParams.set("relay", relay)
    if fallback:
        url.searchParams.set("fallback", fallback)
    url.hash = fragment(secret, pub)
    return str(url.href)


def own_link(secret, pub):
    """This page's own address at the table: as it is (this visit's parameters), with the invitation."""
    url = js.URL.new(js.location.href)
    url.hash = fragment(secret, pub)
    return str(url.href)


def warn(text):
    """One line on the console (a dropped message is expected from a modified host: not an error)."""
    js.console.warn("spades online: " + text)
