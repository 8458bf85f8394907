"""Why a bot chose its move: message codes with parameters, and their text in three languages.

An :class:`Explanation` is a ``code`` (a key of :data:`CATALOG`) and
``params``.  Parameter encodings, by key:

* ``card`` — a card number; ``cards`` — a tuple of card numbers (shown as
  ``A♠ K♠``; in a bid explanation grouped by suit, spades first);
* ``suit`` — a suit number (0 clubs … 3 spades); ``voids`` / ``singletons``
  — tuples of suit numbers;
* ``bid`` — a bid (0 nil, −1 blind nil, else the number);
* ``why`` — the reason of a bid adjustment: ``bags``, ``behind``, ``ahead``,
  ``partner``, ``table``, ``min``; ``delta`` — the adjustment (−2 … +2);
* anything else (``n``, ``bags``, ``limit``, ``points``, ``long``) — an integer.

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
'出大牌 K♥ 保護搭檔的零墩'
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from ..cards import CARD_NAMES, SPADES, SUIT_LETTERS, SUIT_OF

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
            if key == "card" and isinstance(value, int):
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


_SUITS = {
    "en": ("clubs", "diamonds", "hearts", "spades"),
    "zh-Hans": ("梅花", "方块", "红桃", "黑桃"),
    "zh-Hant": ("梅花", "方塊", "紅心", "黑桃"),
}
_SUIT_ONE = ("club", "diamond", "heart", "spade")
_SYMBOLS = "♣♦♥♠"
_RANKS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
_JOKERS = {"en": ("Little Joker", "Big Joker"), "zh-Hans": ("小王", "大王"), "zh-Hant": ("小王", "大王")}
_BIDS = {"en": ("nil", "blind nil"), "zh-Hans": ("零墩", "盲零"), "zh-Hant": ("零墩", "盲零")}

CATALOG: dict[str, dict[str, str]] = {
    "en": {
        # bids
        "bid_count": "Bid {bid}: {reasons}",
        "bid_weak": "Bid {bid}: no sure winners, a small bid",
        "bid_nil": "Bid nil: no high spades and low cards to play under",
        "bid_blind_nil": "Blind nil: we trail by {points} points",
        "bid_whiz": "Whiz: bid my {n} spades",
        "bid_whiz_nil": "Whiz: nil with a safe hand",
        "bid_mirror": "Mirror: bid my {n} spades",
        "bid_suicide_nil": "Suicide: one of us must bid nil, and my hand is the weaker",
        "bid_only": "Bid {bid}: the only legal bid",
        "bid_search": "Bid {bid}: it scored best over {n} sampled deals",
        "bid_simple": "Bid {bid}: my aces, kings and long spades",
        # plays
        "only": "Only legal card: {card}",
        "cash": "Cash {card}, the top {suit} left",
        "draw_trumps": "Lead {card} to draw the opponents' spades",
        "lead_partner_void": "Lead {card}: partner is out of {suit} and can trump",
        "lead_short": "Lead {card} from a short suit to make a void",
        "lead_low": "Lead low {card}",
        "lead_duck": "Lead low {card}: our bid is safe, avoid bags",
        "lead_to_partner": "Lead {card} toward partner's strength",
        "cover_lead": "Lead high {card} to protect partner's nil",
        "cover_lead_void": "Lead {card}: partner is out of {suit} and can discard",
        "cover_win": "Play high {card} to protect partner's nil",
        "cover_overtake": "Overtake partner with {card} to save the nil",
        "break_lead": "Lead low {card} in {suit} to catch the nil bidder",
        "break_low": "Play low {card} so the nil bidder may have to win",
        "break_duck": "Play under the nil bidder with {card}",
        "nil_under": "Nil: play {card} under the winning card",
        "nil_discard": "Nil: discard my dangerous {card}",
        "nil_lead": "Nil: lead my safest low card, {card}",
        "nil_forced": "Nil: {card}, the best of bad choices",
        "partner_wins": "Partner is winning; play low {card}",
        "win": "Win the trick with {card}",
        "win_high": "Play {card} high to win the trick",
        "trump": "Trump with {card}",
        "overtrump": "Overtrump with {card}",
        "second_low": "Second hand low: {card}",
        "duck": "Duck with {card}: our bid is made, avoid bags",
        "duck_bags": "Duck with {card}: {bags} bags already, penalty at {limit}",
        "set": "Take the trick with {card} to set the opponents",
        "discard": "Discard {card}",
        "follow_low": "Follow low with {card}",
        "cant_win": "Can't win this trick; play low {card}",
        "search": "{card} scored best over {n} sampled deals",
        "solved": "{card}: best with the last {n} tricks worked out exactly",
        "play": "Play {card}",
    },
    "zh-Hans": {
        "bid_count": "叫 {bid}：{reasons}",
        "bid_weak": "叫 {bid}：没有稳赢的牌，少叫",
        "bid_nil": "叫零墩：没有大黑桃，各花色都有小牌可垫",
        "bid_blind_nil": "叫盲零：我方落后 {points} 分",
        "bid_whiz": "Whiz：叫我的 {n} 张黑桃",
        "bid_whiz_nil": "Whiz：牌型安全，叫零墩",
        "bid_mirror": "Mirror：叫我的 {n} 张黑桃",
        "bid_suicide_nil": "Suicide：我们必须有一人叫零墩，我的牌较弱",
        "bid_only": "叫 {bid}：唯一合法的叫数",
        "bid_search": "叫 {bid}：在 {n} 个抽样牌局中得分最高",
        "bid_simple": "叫 {bid}：数 A、K 和长黑桃",
        "only": "只能出 {card}",
        "cash": "先拿 {card}：{suit}中最大的牌",
        "draw_trumps": "出 {card} 清掉对手的黑桃",
        "lead_partner_void": "出 {card}：搭档缺{suit}，可以将吃",
        "lead_short": "从短门出 {card}，做出缺门",
        "lead_low": "出小牌 {card}",
        "lead_duck": "出小牌 {card}：定约已稳，避免吃袋",
        "lead_to_partner": "出 {card}，让搭档的大牌赢墩",
        "cover_lead": "出大牌 {card} 保护搭档的零墩",
        "cover_lead_void": "出 {card}：搭档缺{suit}，可以垫牌",
        "cover_win": "出大牌 {card} 保护搭档的零墩",
        "cover_overtake": "用 {card} 压过搭档，保住零墩",
        "break_lead": "出{suit}小牌 {card}，逼叫零墩的人吃墩",
        "break_low": "出小牌 {card}，让叫零墩的人可能被迫吃墩",
        "break_duck": "出 {card} 压在叫零墩的人下面",
        "nil_under": "零墩：出 {card} 压在最大牌下面",
        "nil_discard": "零墩：垫掉危险的 {card}",
        "nil_lead": "零墩：出最安全的小牌 {card}",
        "nil_forced": "零墩：{card} 是最不坏的选择",
        "partner_wins": "搭档正在赢这墩，出小牌 {card}",
        "win": "用 {card} 赢下这一墩",
        "win_high": "出大牌 {card} 争这一墩",
        "trump": "用 {card} 将吃",
        "overtrump": "用 {card} 超吃",
        "second_low": "二家出小：{card}",
        "duck": "出 {card} 让墩：定约已成，避免吃袋",
        "duck_bags": "出 {card} 让墩：已有 {bags} 个袋，{limit} 个就罚分",
        "set": "用 {card} 拿下这墩，让对手宕",
        "discard": "垫 {card}",
        "follow_low": "跟小牌 {card}",
        "cant_win": "赢不了这墩，出小牌 {card}",
        "search": "在 {n} 个抽样牌局中 {card} 平均得分最高",
        "solved": "{card}：精确计算最后 {n} 墩的最佳打法",
        "play": "出 {card}",
    },
    "zh-Hant": {
        "bid_count": "叫 {bid}：{reasons}",
        "bid_weak": "叫 {bid}：沒有穩贏的牌，少叫",
        "bid_nil": "叫零墩：沒有大黑桃，各花色都有小牌可墊",
        "bid_blind_nil": "叫盲零：我方落後 {points} 分",
        "bid_whiz": "Whiz：叫我的 {n} 張黑桃",
        "bid_whiz_nil": "Whiz：牌型安全，叫零墩",
        "bid_mirror": "Mirror：叫我的 {n} 張黑桃",
        "bid_suicide_nil": "Suicide：我們必須有一人叫零墩，我的牌較弱",
        "bid_only": "叫 {bid}：唯一合法的叫數",
        "bid_search": "叫 {bid}：在 {n} 個抽樣牌局中得分最高",
        "bid_simple": "叫 {bid}：數 A、K 和長黑桃",
        "only": "只能出 {card}",
        "cash": "先拿 {card}：{suit}中最大的牌",
        "draw_trumps": "出 {card} 清掉對手的黑桃",
        "lead_partner_void": "出 {card}：搭檔缺{suit}，可以將吃",
        "lead_short": "從短門出 {card}，做出缺門",
        "lead_low": "出小牌 {card}",
        "lead_duck": "出小牌 {card}：定約已穩，避免吃袋",
        "lead_to_partner": "出 {card}，讓搭檔的大牌贏墩",
        "cover_lead": "出大牌 {card} 保護搭檔的零墩",
        "cover_lead_void": "出 {card}：搭檔缺{suit}，可以墊牌",
        "cover_win": "出大牌 {card} 保護搭檔的零墩",
        "cover_overtake": "用 {card} 壓過搭檔，保住零墩",
        "break_lead": "出{suit}小牌 {card}，逼叫零墩的人吃墩",
        "break_low": "出小牌 {card}，讓叫零墩的人可能被迫吃墩",
        "break_duck": "出 {card} 壓在叫零墩的人下面",
        "nil_under": "零墩：出 {card} 壓在最大牌下面",
        "nil_discard": "零墩：墊掉危險的 {card}",
        "nil_lead": "零墩：出最安全的小牌 {card}",
        "nil_forced": "零墩：{card} 是最不壞的選擇",
        "partner_wins": "搭檔正在贏這墩，出小牌 {card}",
        "win": "用 {card} 贏下這一墩",
        "win_high": "出大牌 {card} 爭這一墩",
        "trump": "用 {card} 將吃",
        "overtrump": "用 {card} 超吃",
        "second_low": "二家出小：{card}",
        "duck": "出 {card} 讓墩：定約已成，避免吃袋",
        "duck_bags": "出 {card} 讓墩：已有 {bags} 個袋，{limit} 個就罰分",
        "set": "用 {card} 拿下這墩，讓對手宕",
        "discard": "墊 {card}",
        "follow_low": "跟小牌 {card}",
        "cant_win": "贏不了這墩，出小牌 {card}",
        "search": "在 {n} 個抽樣牌局中 {card} 平均得分最高",
        "solved": "{card}：精確計算最後 {n} 墩的最佳打法",
        "play": "出 {card}",
    },
}
"""Message templates by language and code."""

_PIECES = {
    "en": {"void": "a {suit1} void", "singleton": "a {suit1} singleton", "long": "{n} spades"},
    "zh-Hans": {"void": "{suit}缺门", "singleton": "{suit}单张", "long": "{n} 张黑桃"},
    "zh-Hant": {"void": "{suit}缺門", "singleton": "{suit}單張", "long": "{n} 張黑桃"},
}
_WHY = {
    "en": {
        "bags": "our bags",
        "behind": "the score",
        "ahead": "our lead",
        "partner": "partner's bid",
        "table": "the table's bids",
        "min": "the team minimum",
    },
    "zh-Hans": {
        "bags": "袋数",
        "behind": "比分落后",
        "ahead": "比分领先",
        "partner": "搭档的叫数",
        "table": "全桌的叫数",
        "min": "队伍最低叫数",
    },
    "zh-Hant": {
        "bags": "袋數",
        "behind": "比分落後",
        "ahead": "比分領先",
        "partner": "搭檔的叫數",
        "table": "全桌的叫數",
        "min": "隊伍最低叫數",
    },
}
_ADJUST = {"en": "; {delta} for {why}", "zh-Hans": "；因{why} {delta}", "zh-Hant": "；因{why} {delta}"}


def card_text(card: int, lang: str = "en") -> str:
    """A card for people: ``A♠``, ``10♥``; the Jokers by name.

    >>> card_text(51), card_text(34), card_text(53, "zh-Hans")
    ('A♠', '10♥', '大王')
    """
    lang = lang if lang in LANGUAGES else "en"
    if card >= 52:
        return _JOKERS[lang][card - 52]
    return _RANKS[card % 13] + _SYMBOLS[card // 13]


def bid_words(bid: int, lang: str = "en") -> str:
    """A bid for people: the number, or nil / blind nil in ``lang``."""
    lang = lang if lang in LANGUAGES else "en"
    if bid == 0:
        return _BIDS[lang][0]
    if bid == -1:
        return _BIDS[lang][1]
    return str(bid)


def _join(items: list[str], lang: str) -> str:
    if len(items) <= 1:
        return "".join(items)
    if lang == "en":
        return ", ".join(items[:-1]) + " and " + items[-1]
    return "、".join(items[:-1]) + "和" + items[-1]


def _grouped_cards(cards: tuple[int, ...], lang: str) -> list[str]:
    by_suit: dict[int, list[int]] = {}
    for card in sorted(cards, key=lambda c: (SUIT_OF[c] != SPADES, -SUIT_OF[c], -c)):
        by_suit.setdefault(SUIT_OF[card], []).append(card)
    return [" ".join(card_text(c, lang) for c in group) for group in by_suit.values()]


def _reasons(params: Mapping[str, Param], lang: str) -> str:
    pieces = _PIECES[lang]
    items = _grouped_cards(tuple(params.get("cards", ())), lang)  # type: ignore[arg-type]
    long = params.get("long", 0)
    if isinstance(long, int) and long:
        items.append(pieces["long"].format(n=long))
    for key in ("voids", "singletons"):
        for suit in params.get(key, ()):  # type: ignore[union-attr]
            items.append(pieces[key[:-1]].format(suit=_SUITS[lang][suit], suit1=_SUIT_ONE[suit]))
    return _join(items, lang)


def explain(explanation: Explanation | Any, lang: str = "en") -> str:
    """One short sentence for an :class:`Explanation` (or anything with an ``explanation``) in ``lang``."""
    if not isinstance(explanation, Explanation):
        explanation = explanation.explanation
    lang = lang if lang in LANGUAGES else "en"
    params = explanation.params
    template = CATALOG[lang].get(explanation.code) or CATALOG["en"].get(explanation.code, explanation.code)
    values: dict[str, str] = {}
    for key, value in params.items():
        if key == "card" and isinstance(value, int):
            values[key] = card_text(value, lang)
        elif key == "cards" and isinstance(value, tuple):
            values[key] = " ".join(card_text(c, lang) for c in value)
        elif key == "suit" and isinstance(value, int):
            values[key] = _SUITS[lang][value]
        elif key == "bid" and isinstance(value, int):
            values[key] = bid_words(value, lang)
        else:
            values[key] = str(value)
    if explanation.code == "bid_count":
        values["reasons"] = _reasons(params, lang)
    text = template.format_map(_Missing(values))
    delta = params.get("delta")
    why = params.get("why")
    if isinstance(delta, int) and delta and isinstance(why, str) and why in _WHY[lang]:
        text += _ADJUST[lang].format(delta=f"{delta:+d}", why=_WHY[lang][why])
    return text


class _Missing(dict):
    def __missing__(self, key: str) -> str:
        return "?"
