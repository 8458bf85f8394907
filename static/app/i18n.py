"""Messages in zh-Hans, zh-Hant and en from spades/i18n/messages.json (MicroPython, main thread).

``t(key, **params)`` looks a message up in the current language (English when
missing) and fills ``{name}`` placeholders.  Card, suit, seat and bid texts are
built here so every view says them the same way.
"""

LANGS = ("zh-Hans", "zh-Hant", "en")
SUIT_OF_LETTER = {"C": "clubs", "D": "diamonds", "H": "hearts", "S": "spades"}
SUIT_SYMBOL = {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}

_catalog = {}
_lang = ["en"]
_me = [None]  # the person's seat: who(me) is "you"


def normal_lang(tag):
    """``zh-TW`` → ``zh-Hant``, ``zh-CN`` → ``zh-Hans``, ``en-GB`` → ``en``; ``None`` if unknown."""
    if not tag:
        return None
    text = str(tag).lower()
    if text == "en" or text.startswith("en-"):
        return "en"
    for prefix in ("zh-hant", "zh-tw", "zh-hk", "zh-mo"):
        if text.startswith(prefix):
            return "zh-Hant"
    if text == "zh" or text.startswith("zh-"):
        return "zh-Hans"
    return None


def load(catalog):
    _catalog.clear()
    _catalog.update(catalog)


def set_lang(lang):
    _lang[0] = lang if lang in LANGS else "en"


def lang():
    return _lang[0]


def t(*key, **params):
    """The message ``key`` in the current language (English when missing), ``{name}`` filled from ``params``.

    The key is taken positionally (``*key``) so that no placeholder name can collide with an argument of
    ``t`` itself: ``t("err_unknown_key", key="colour")`` fills ``{key}``.
    """
    if len(key) != 1:
        raise TypeError("t() takes one message key, then the placeholders as keywords")
    key = key[0]
    entry = _catalog.get(key)
    if entry is None:
        text = key
    else:
        text = entry.get(_lang[0]) or entry.get("en") or key
    if params:
        try:
            return text.format(**params)
        except (KeyError, IndexError, ValueError):
            return text
    return text


def has(key):
    return key in _catalog


def rank_text(rank):
    return "10" if rank == "T" else rank


def card_short(card):
    """``QH`` → ``Q♥``; Jokers by name."""
    if card == "BJ":
        return t("joker_big")
    if card == "LJ":
        return t("joker_little")
    return rank_text(card[0]) + SUIT_SYMBOL.get(card[1], "?")


def card_name(card):
    """A card's accessible name: ``Queen of hearts`` / ``红心Q``."""
    if card == "BJ":
        return t("joker_big")
    if card == "LJ":
        return t("joker_little")
    rank = card[0]
    rank_name = t("rank_" + rank) if has("rank_" + rank) else rank
    return t("card_name", rank=rank_name, suit=t("suit_" + SUIT_OF_LETTER[card[1]]))


def suit_name(name):
    """A suit from the engine's English name (``hearts``)."""
    return t("suit_" + name) if name else ""


def reason_text(reason):
    """Translate a ``reason`` object of the state (``{"code", "suit", "number", "text"}``)."""
    if not reason:
        return ""
    key = "reason_" + str(reason.get("code"))
    if not has(key):
        return reason.get("text") or ""
    return t(key, suit=suit_name(reason.get("suit")), number=reason.get("number"))


SEAT_PARAMS = ("seat", "dealer")  # error parameters that name a seat (spades/errors.py)
RANKS = "23456789TJQKA"


def _param(name, value):
    """One parameter of an error code in words, by its name (spades/errors.py); ``None``: not translatable."""
    if isinstance(value, dict):
        return reason_text(value) if name == "reason" else message_text(value)
    if name == "field":
        return field_text(value)
    if name in SEAT_PARAMS and value in ("N", "E", "S", "W"):
        return t("who_" + value)
    if name == "seats" and isinstance(value, list):
        return t("bot_part_list_sep").join([t("who_" + s) if s in ("N", "E", "S", "W") else str(s) for s in value])
    if name == "card" and isinstance(value, str):
        if value in ("BJ", "LJ") or (len(value) == 2 and value[0] in RANKS and value[1] in SUIT_SYMBOL):
            return card_short(value)
    if name == "bid" and isinstance(value, str) and value.isdigit():
        return bid_text(int(value))
    if name == "bid" and value in ("nil", "blind_nil"):
        return bid_text(value)
    if name in ("phase", "rule") and isinstance(value, str) and has(name + "_" + value):
        return t(name + "_" + value)
    return str(value)


def field_text(path):
    """A field of a file (``["games", 3, "at"]``, or one name) in words: ``game 4 › time``, ``第 4 局 › 时间``."""
    steps = path if isinstance(path, list) else [path]
    parts = []
    before = None
    for step in steps:
        if isinstance(step, int):  # an item of the list named before it
            key = "field_" + str(before) + "_item"
            name = parts.pop() if parts else ""
            parts.append(t(key, n=step + 1) if has(key) else t("field_item", name=name, n=step + 1))
        elif before == "players" and step in ("N", "E", "S", "W"):
            parts.append(t("who_" + step))
        elif before == "score" and step in ("NS", "EW"):
            parts.append(t("pair_" + step))
        else:
            parts.append(t("field_" + str(step)) if has("field_" + str(step)) else str(step))
        before = step
    return " › ".join(parts)


def message_text(message):
    """``{"code", "params"}`` in words from the catalog's ``err_<code>``; ``None`` when a code is not there."""
    code = message.get("code")
    key = "err_" + str(code)
    if not code or not has(key):
        return None
    params = message.get("params") or {}
    if not isinstance(params, dict):
        return None
    values = {}
    for name in params:
        text = _param(name, params[name])
        if text is None:
            return None
        values[name] = text
    return t(key, **values)


def error_text(error):
    """An engine error in the person's language: a ``transport.EngineError``, a worker or room answer
    (``{"error", "code", "params"}``) or the page's own ``{"code"}``.  Unknown codes (an older worker or host)
    fall back to the English message."""
    if isinstance(error, dict):
        coded, english = error, error.get("error")
    else:
        coded = {"code": getattr(error, "code", None), "params": getattr(error, "params", None)}
        english = str(error)
    try:
        text = message_text(coded) if coded.get("code") else None
    except Exception:  # a malformed answer (an online host is another page): say what it said
        text = None
    if text is not None:
        return text
    return str(english) if english else t("err_invalid")


def bid_text(bid):
    """A bid as shown: ``4``, ``零``, ``盲零``; ``—`` when not bid yet."""
    if bid is None:
        return t("no_bid")
    if bid == "nil" or bid == 0:
        return t("nil")
    if bid == "blind_nil" or bid == -1:
        return t("blind_nil")
    return str(bid)


def set_me(seat):
    _me[0] = seat


def who(seat):
    """A seat as the subject of a sentence: ``You`` for the person's own seat, else ``North``, ``东家``."""
    return t("who_me") if seat == _me[0] else t("who_" + seat)


def apply(document):
    """Translate the static page: ``data-i18n`` (text), ``data-i18n-aria`` and ``data-i18n-title``."""
    for el in document.querySelectorAll("[data-i18n]"):
        el.textContent = t(el.getAttribute("data-i18n"))
    for el in document.querySelectorAll("[data-i18n-aria]"):
        el.setAttribute("aria-label", t(el.getAttribute("data-i18n-aria")))
    for el in document.querySelectorAll("[data-i18n-title]"):
        el.setAttribute("title", t(el.getAttribute("data-i18n-title")))
    document.title = t("title_page")
    document.documentElement.lang = _lang[0]
    document.documentElement.setAttribute("data-lang", _lang[0])
