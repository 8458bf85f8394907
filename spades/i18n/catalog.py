"""The engine's words: the message catalog, and a card, a suit, a bid or a bot's reason in three languages.

:data:`MESSAGES` is the one message catalog, ``spades/i18n/messages.json`` (package data), which the page
reads too; :func:`message` looks a key up, :func:`card_text`, :func:`suit_text` and :func:`bid_words` name
the game's things with the page's own words.  Why a bot chose its move is an :class:`Explanation`, a
message code with parameters: an explanation's template is the catalog's ``bot_<code>``, its pieces are
``bot_part_*``, and suits, bids and Jokers are named with the page's own keys (``suit_hearts``, ``nil``,
``joker_big``), so a term reads the same in an explanation as everywhere on the page.

An :class:`Explanation` is a ``code`` (a key of :data:`CATALOG`) and
``params``.  Parameter encodings, by key:

* ``card`` — a card number (``alt``, the card a search compared it with, too);
  ``cards`` — a tuple of card numbers (shown as
  ``A♠ K♠``; in a bid explanation grouped by suit, spades first);
* ``suit`` — a suit number (0 clubs … 3 spades); ``voids`` / ``singletons``
  — tuples of suit numbers;
* ``bid`` — a bid (0 nil, −1 blind nil, else the number);
* ``why`` — the reason of a bid adjustment: ``bags``, ``behind``, ``ahead``,
  ``partner``, ``table``, ``min``; ``delta`` — the adjustment (−2 … +2);
* anything else (``n``, ``bags``, ``limit``, ``points``, ``long``; ``pct``/``alt_pct``, a
  percentage of sampled deals) — an integer.

:func:`explain` renders one in ``"en"``, ``"zh-Hans"`` or ``"zh-Hant"``
(anything else falls back to English):

>>> from spades.cards import parse_card
>>> e = Explanation("bid_count", {"bid": 4, "cards": (parse_card("AS"), parse_card("KS"), parse_card("AH")),
...                               "voids": (0,)})
>>> explain(e, "en")
'Bid 4: A♠ K♠, A♥ and a club void'
>>> explain(e, "zh-Hans")
'叫 4：A♠ K♠、A♥和梅花缺门'
>>> explain(Explanation("cover_win", {"card": parse_card("KH")}), "zh-Hant")
'出大牌 K♥ 保護搭檔的零叫'
>>> explain(Explanation("cash", {"card": parse_card("AH"), "suit": 2}), "zh-Hans")
'先拿 A♥：红心中最大的牌'
>>> explain(Explanation("bid_only", {"bid": 0}), "en"), explain(Explanation("bid_only", {"bid": 0}), "zh-Hans")
('Bid Nil: the only legal bid', '叫 零：唯一合法的叫牌')
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from importlib import resources
from typing import Any

from ..cards import CARD_NAMES, SPADES, SUIT_LETTERS, SUIT_OF
from ..errors import register

ERROR_CODES = register(
    __name__,
    {
        "lang_unknown": ("value",),
    },
)
"""A language the catalog does not have (registered in :data:`spades.errors.CODES`)."""

LANGUAGES = ("en", "zh-Hans", "zh-Hant")
"""The languages of the catalog."""

Param = int | str | tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Explanation:
    """A message code and its parameters (see the module docstring for the encodings)."""

    code: str
    params: Mapping[str, Param] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        """JSON form: ``{"code": ..., "params": {...}}`` with cards as text (``"AS"``) and suits as letters."""
        out: dict[str, Any] = {}
        for key, value in self.params.items():
            if key in ("card", "alt") and isinstance(value, int):
                out[key] = CARD_NAMES[value]
            elif key == "cards" and isinstance(value, tuple):
                out[key] = [CARD_NAMES[c] for c in value]
            elif key == "suit" and isinstance(value, int):
                out[key] = SUIT_LETTERS[value]
            elif key in ("voids", "singletons") and isinstance(value, tuple):
                out[key] = [SUIT_LETTERS[s] for s in value]
            elif key == "bid" and isinstance(value, int):
                out[key] = "nil" if value == 0 else "blind_nil" if value == -1 else value
            else:
                out[key] = list(value) if isinstance(value, tuple) else value
        return {"code": self.code, "params": out}


_SUIT_KEYS = ("clubs", "diamonds", "hearts", "spades")
_SYMBOLS = "♣♦♥♠"
_RANKS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")


def _load_messages() -> dict[str, dict[str, str]]:
    """The one message catalog, ``spades/i18n/messages.json``, shared with the page: ``{key: {lang: text}}``.

    Package data, read with :mod:`importlib.resources` (an installed package, a source tree, Pyodide's
    filesystem).
    """
    text = (resources.files("spades.i18n") / "messages.json").read_text(encoding="utf-8")
    messages: dict[str, dict[str, str]] = json.loads(text)["messages"]
    return messages


MESSAGES: dict[str, dict[str, str]] = _load_messages()
"""Every message of the catalog (page and bots), by key then language."""

_CODE_PREFIX = "bot_"
_PART_PREFIX = "bot_part_"

CATALOG: dict[str, dict[str, str]] = {
    lang: {
        key[len(_CODE_PREFIX) :]: entry[lang]
        for key, entry in MESSAGES.items()
        if key.startswith(_CODE_PREFIX) and not key.startswith(_PART_PREFIX)
    }
    for lang in LANGUAGES
}
"""Explanation templates by language and code (the catalog's ``bot_<code>`` keys)."""


def message(key: str, lang: str = "en") -> str:
    """The catalog's text for ``key`` in ``lang`` (English when missing; the key itself when unknown).

    >>> message("suit_hearts", "zh-Hans"), message("nil", "zh-Hant"), message("bags")
    ('红心', '零', 'Bags')
    """
    entry = MESSAGES.get(key) or {}
    return entry.get(lang) or entry.get("en") or key


def suit_text(suit: int, lang: str = "en") -> str:
    """A suit's name (0 clubs … 3 spades), the page's word for it: ``hearts``, ``红心``."""
    return message("suit_" + _SUIT_KEYS[suit], lang)


def _part(name: str, lang: str, prefix: str = _PART_PREFIX) -> str:
    if prefix != _PART_PREFIX and prefix + name in MESSAGES:
        return message(prefix + name, lang)
    return message(_PART_PREFIX + name, lang)


def card_text(card: int, lang: str = "en") -> str:
    """A card for people: ``A♠``, ``10♥``; the Jokers by name.

    >>> card_text(51), card_text(34), card_text(53, "zh-Hans")
    ('A♠', '10♥', '大王')
    """
    lang = lang if lang in LANGUAGES else "en"
    if card >= 52:
        return message("joker_little" if card == 52 else "joker_big", lang)
    return _RANKS[card % 13] + _SYMBOLS[card // 13]


def bid_words(bid: int, lang: str = "en") -> str:
    """A bid for people: the number, or nil / blind nil in ``lang``."""
    lang = lang if lang in LANGUAGES else "en"
    if bid == 0:
        return message("nil", lang)
    if bid == -1:
        return message("blind_nil", lang)
    return str(bid)


def _join(items: list[str], lang: str) -> str:
    if len(items) <= 1:
        return "".join(items)
    return _part("list_sep", lang).join(items[:-1]) + _part("list_and", lang) + items[-1]


def _grouped_cards(cards: tuple[int, ...], lang: str) -> list[str]:
    by_suit: dict[int, list[int]] = {}
    for card in sorted(cards, key=lambda c: (SUIT_OF[c] != SPADES, -SUIT_OF[c], -c)):
        by_suit.setdefault(SUIT_OF[card], []).append(card)
    return [" ".join(card_text(c, lang) for c in group) for group in by_suit.values()]


def _numbers(params: Mapping[str, Param], key: str) -> tuple[int, ...]:
    """The tuple of numbers (cards, suits) at ``key``; none when it is absent or not a tuple."""
    value = params.get(key, ())
    return value if isinstance(value, tuple) else ()


def _reasons(params: Mapping[str, Param], lang: str, prefix: str = _PART_PREFIX) -> str:
    items = _grouped_cards(_numbers(params, "cards"), lang)
    long = params.get("long", 0)
    if isinstance(long, int) and long:
        items.append(_part("long", lang, prefix).format(n=long))
    for key in ("voids", "singletons"):
        for suit in _numbers(params, key):
            # "a club void": the singular (suit_club); in Chinese the same word as the suit.
            items.append(_part(key[:-1], lang, prefix).format(suit=message("suit_" + _SUIT_KEYS[suit][:-1], lang)))
    return _join(items, lang)


def explain(explanation: Explanation | Any, lang: str = "en", seat: int | None = None) -> str:
    """One short sentence for an :class:`Explanation` (or anything with an ``explanation``) in ``lang``: the
    computer player's own reason (the move log, the tooltips), from the catalog's ``bot_<code>``.

    It speaks of the seat that moved in the third person ("its lowest club", "its side's bid"; in Chinese
    without a pronoun), never the first or the second (tests/test_reasons.py).  With ``seat`` (0 N … 3 W, the
    seat that moved) its partner is named by seat (``{partner_named}``, piece ``bot_part_partner_seat``);
    without, it is "its partner".

    >>> from spades.cards import parse_card
    >>> why = Explanation("partner_wins", {"card": parse_card("3H"), "suit": 2})
    >>> explain(why, "en", 3), explain(why, "en")
    ('Its partner East is winning; plays its lowest heart, 3♥', 'Its partner is winning; plays its lowest heart, 3♥')
    >>> explain(why, "zh-Hans", 3)
    '搭档（东）正在赢这一墩，出手中最小的红心 3♥'
    """
    if not isinstance(explanation, Explanation):
        explanation = explanation.explanation
    named = ""
    if seat is not None:
        if type(seat) is bool or not isinstance(seat, int) or not 0 <= seat <= 3:
            raise ValueError(f"seat must be 0 (N) to 3 (W), the seat that moved, got {seat!r}")
        partner = message("seat_" + "NESW"[(seat + 2) % 4], lang)
        named = _part("partner_seat", lang).format(seat=partner)
    return _render(explanation, lang, _CODE_PREFIX, {"partner_named": named})


ADVICE_PREFIX = "advice_"
"""Catalog keys of the reasons said to the person as a hint (``advice_<code>``, pieces ``advice_part_<name>``)."""


def advise(explanation: Explanation, lang: str = "en", seat: int | None = None) -> str:
    """The same reason as :func:`explain`, said to the person in ``seat`` as a hint: in the second person ("your
    lowest club", "your side's bid"), never the first ("my", "our", 我), naming the cards that matter and, with
    ``seat`` (0 N … 3 W), the partner by seat ("Cover North's nil: win with A♥").  The template is the catalog's
    ``advice_<code>``; a code without one (a new bot's) falls back to its ``bot_<code>`` sentence.

    >>> from spades.cards import parse_card
    >>> advise(Explanation("partner_wins", {"card": parse_card("7C"), "suit": 0}), "en", 2)
    'Play your lowest club, 7♣: partner North is winning this trick'
    >>> advise(Explanation("cover_win", {"card": parse_card("AH")}), "zh-Hans", 3)
    '保护搭档（东）的零叫：用 A♥ 赢这一墩'
    >>> advise(Explanation("bid_count", {"bid": 3, "cards": (parse_card("AS"), parse_card("KH")), "voids": (0,)}))
    'Bid 3: A♠, K♥ and a club void ≈ 3 tricks'
    """
    extra = {"partner": message("seat_" + "NESW"[(seat + 2) % 4], lang)} if seat is not None else {}
    return _render(explanation, lang, ADVICE_PREFIX, extra)


def _render(explanation: Explanation, lang: str, prefix: str, extra: Mapping[str, str]) -> str:
    lang = lang if lang in LANGUAGES else "en"
    params = explanation.params
    entry = MESSAGES.get(prefix + explanation.code) or MESSAGES.get(_CODE_PREFIX + explanation.code) or {}
    template = entry.get(lang) or entry.get("en") or explanation.code
    part_prefix = prefix + "part_"
    values: dict[str, str] = dict(extra)
    for key, value in params.items():
        if key in ("card", "alt") and isinstance(value, int):
            values[key] = card_text(value, lang)
        elif key == "cards" and isinstance(value, tuple):
            values[key] = " ".join(card_text(c, lang) for c in value)
        elif key == "suit" and isinstance(value, int):
            values[key] = suit_text(value, lang)
            values["suit_one"] = message("suit_" + _SUIT_KEYS[value][:-1], lang)
        elif key == "bid" and isinstance(value, int):
            values[key] = bid_words(value, lang)
        else:
            values[key] = str(value)
    delta = params.get("delta")
    why = params.get("why")
    if explanation.code == "bid_count":
        values["reasons"] = _reasons(params, lang, part_prefix)
        bid = params.get("bid")
        if isinstance(bid, int):
            values["tricks"] = str(bid - delta) if isinstance(delta, int) else str(bid)
    text = template.format_map(_Missing(values))
    if isinstance(delta, int) and delta and isinstance(why, str) and _PART_PREFIX + "why_" + why in MESSAGES:
        reason = _part("why_" + why, lang, part_prefix)
        text += _part("adjust", lang, part_prefix).format(delta=f"{delta:+d}", why=reason)
    return text


class _Missing(dict[str, str]):
    def __missing__(self, key: str) -> str:
        return "?"
