"""localStorage, never trusted: every access may fail (storage blocked in a cross-site iframe,
private mode, quota) and every stored value may be corrupt.

Keys: ``spades-settings`` (the settings object), ``spades-save`` (the worker's
``spades-save/2`` of the game in progress, with the page's ``generation`` and
``tab``: see tabs.py), ``spades-owner`` (the tab that owns the game), ``spades-profile`` (the
player's profile: games, statistics, rating; player.py).
"""

import json

import js
from settings import VOLUME

SETTINGS_KEY = "spades-settings"
SAVE_KEY = "spades-save"
OWNER_KEY = "spades-owner"
PROFILE_KEY = "spades-profile"  # the player's profile (spades-profile/1 JSON text, player.py)
OLD_KEYS = ("spades-ui", "spades-sound")
"""Earlier versions' keys: a page-only blind-nil flag (the table knows now); the volume alone (in the settings now)."""
SEATS = ("N", "E", "S", "W")

DEFAULT_SETTINGS = {
    "lang": None,  # None: from the browser
    "preset": "standard",
    "rules": {},  # overrides of the preset (the engine's rule options)
    "seat": "S",  # your seat in new games
    "bots": {"N": "standard", "E": "standard", "S": "standard", "W": "standard"},  # computer level per seat
    "undo": True,
    "sound": True,
    "volume": VOLUME,  # 0-100 by 5 (settings.py volume_of clamps what is stored)
    "speed": "normal",  # slow | normal | fast | instant
    "four_color": False,
    "auto_play": False,  # a forced card (the only legal one) is played by itself after a short random delay
    "play_mode": "click",  # click: one click plays; confirm: select then Play / double-click
    "relay": "",  # online play: signalling trackers (wss://..., spaces between); "" = the public defaults
    "fallback": "",  # online play: the Nostr relays when no tracker answers; "" = the library's, "none" = no fallback
    "ice": "",  # online play: STUN/TURN servers (stun:..., turn:...) or "none"; "" = the default STUN server
}

_state = {"available": None}


def _storage():
    # window.spades.storage (static/app/boot.js) wraps every localStorage call in try/catch: a throwing
    # getter (blocked storage) cannot be caught from MicroPython.
    return js.window.spades.storage


def available():
    """Whether localStorage works here (tested once by writing a key)."""
    if _state["available"] is None:
        _state["available"] = bool(_storage().available())
    return _state["available"]


def read_text(key):
    if not available():
        return None
    value = _storage().get(key)
    return None if value is None else str(value)


def write_text(key, text):
    """Store ``text``; ``False`` when it could not be stored (blocked or full)."""
    if not available():
        return False
    return bool(_storage().set(key, text))


def remove(key):
    if available():
        _storage().remove(key)


def read_json(key):
    """The parsed value, or ``None`` when missing; raises ``ValueError`` when it is not JSON."""
    text = read_text(key)
    if text is None:
        return None
    return json.loads(text)


def write_json(key, value):
    return write_text(key, json.dumps(value))


def load_settings():
    settings = {}
    for key in DEFAULT_SETTINGS:
        value = DEFAULT_SETTINGS[key]
        settings[key] = dict(value) if isinstance(value, dict) else value
    try:
        stored = read_json(SETTINGS_KEY)
    except ValueError:
        stored = None
    if isinstance(stored, dict):
        for key in DEFAULT_SETTINGS:
            if key in stored and stored[key] is not None:
                default = DEFAULT_SETTINGS[key]
                value = stored[key]
                if isinstance(default, dict) and isinstance(value, dict):
                    merged = dict(default)
                    merged.update(value)
                    settings[key] = merged if key == "bots" else value
                elif isinstance(default, bool) and isinstance(value, bool):
                    settings[key] = value
                elif isinstance(default, int) and not isinstance(default, bool):
                    if isinstance(value, int) and not isinstance(value, bool):
                        settings[key] = value
                elif isinstance(default, str) and isinstance(value, str):
                    settings[key] = value
        if isinstance(stored.get("lang"), str):
            settings["lang"] = stored["lang"]
    if settings["seat"] not in SEATS:
        settings["seat"] = "S"
    return settings


def forget_old_keys():
    for key in OLD_KEYS:
        remove(key)


def save_settings(settings):
    return write_json(SETTINGS_KEY, settings)
