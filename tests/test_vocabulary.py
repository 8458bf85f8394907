"""One message catalog (spades/i18n/messages.json) for the page and the bots, one vocabulary per language.

The page (static/app/i18n.py) and the bots' explanations (spades.i18n.catalog) read the same file; these
checks fail when a term (a suit, nil, bags, a trick, a seat, the partner, a lead...) is said one way on the
page and another way in an explanation.
"""

from __future__ import annotations

import json
import re
from importlib import resources
from pathlib import Path

import pytest

from spades.bots import LEVELS, make_bot
from spades.game import Game, Phase
from spades.i18n.catalog import CATALOG, LANGUAGES, MESSAGES, Explanation, bid_words, card_text, explain, suit_text
from spades.rules import Rules

ROOT = Path(__file__).resolve().parent.parent
CATALOG_PATH = ROOT / "spades" / "i18n" / "messages.json"
SUITS = ("clubs", "diamonds", "hearts", "spades")

# term -> language -> (the word used everywhere, words that must not appear anywhere in that language)
VOCABULARY: dict[str, dict[str, tuple[str, tuple[str, ...]]]] = {
    "hearts": {"en": ("hearts", ()), "zh-Hans": ("红心", ("红桃", "紅心")), "zh-Hant": ("紅心", ("紅桃", "红心"))},
    "diamonds": {"en": ("diamonds", ()), "zh-Hans": ("方块", ("方塊", "方片")), "zh-Hant": ("方塊", ("方块", "方片"))},
    "clubs": {"en": ("clubs", ()), "zh-Hans": ("梅花", ("草花",)), "zh-Hant": ("梅花", ("草花",))},
    "nil": {"en": ("Nil", ()), "zh-Hans": ("零", ("零墩",)), "zh-Hant": ("零", ("零墩",))},
    "blind_nil": {"en": ("Blind nil", ()), "zh-Hans": ("盲零", ("盲叫零",)), "zh-Hant": ("盲零", ("盲叫零",))},
    "bags": {"en": ("Bags", ("overtricks",)), "zh-Hans": ("袋", ("沙包", "个袋")), "zh-Hant": ("袋", ("沙包", "個袋"))},
    "trick": {"en": ("Trick", ()), "zh-Hans": ("本墩", ("一轮", "一圈")), "zh-Hant": ("本墩", ("一輪", "一圈"))},
    "partner": {"en": ("partner", ()), "zh-Hans": ("搭档", ("对家", "同伴")), "zh-Hant": ("搭檔", ("對家", "同伴"))},
    "bid": {"en": ("Bid", ()), "zh-Hans": ("叫牌", ("叫数",)), "zh-Hant": ("叫牌", ("叫數",))},
    "lead": {"en": ("lead", ()), "zh-Hans": ("首攻", ("领出", "引牌")), "zh-Hant": ("首攻", ("領出", "引牌"))},
    "suicide": {"en": ("Suicide", ()), "zh-Hans": ("自杀式", ()), "zh-Hant": ("自殺式", ())},
}
# The catalog key that says each term on the page.
TERM_KEYS = {
    "hearts": "suit_hearts",
    "diamonds": "suit_diamonds",
    "clubs": "suit_clubs",
    "nil": "nil",
    "blind_nil": "blind_nil",
    "bags": "bags",
    "trick": "trick",
    "partner": "name_N",
    "bid": "col_bid",
    "lead": "status_play_lead",
    "suicide": "bidding_suicide",
}


def placeholders(text: str) -> set[str]:
    return set(re.findall(r"\{(\w+)\}", text))


def test_the_package_reads_the_file_the_page_fetches() -> None:
    packaged = (resources.files("spades") / "i18n" / "messages.json").read_text(encoding="utf-8")
    assert json.loads(packaged)["messages"] == MESSAGES == json.loads(CATALOG_PATH.read_text("utf-8"))["messages"]
    assert not (ROOT / "static" / "i18n" / "messages.json").exists(), "one catalog, not two"
    boot = (ROOT / "static" / "app" / "boot.js").read_text(encoding="utf-8")
    assert '"../../spades/i18n/messages.json"' in boot


def test_every_key_in_three_languages_with_the_same_placeholders() -> None:
    for key, entry in MESSAGES.items():
        assert set(entry) == set(LANGUAGES), key
        assert all(isinstance(entry[lang], str) and entry[lang] for lang in LANGUAGES), key
        assert placeholders(entry["en"]) == placeholders(entry["zh-Hans"]) == placeholders(entry["zh-Hant"]), key


def test_every_explanation_code_is_in_the_catalog() -> None:
    assert set(CATALOG) == set(LANGUAGES)
    assert len(CATALOG["en"]) >= 40
    for lang in LANGUAGES:
        assert set(CATALOG[lang]) == set(CATALOG["en"]), lang
        for code, text in CATALOG[lang].items():
            assert text == MESSAGES["bot_" + code][lang]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_suits_bids_and_jokers_are_the_pages_words(lang: str) -> None:
    for number, name in enumerate(SUITS):
        page = MESSAGES["suit_" + name][lang]
        assert suit_text(number, lang) == page
        singular = MESSAGES["suit_" + name[:-1]][lang]
        assert singular + "s" == page if lang == "en" else singular == page
        # A suit in an explanation is the page's word for it.
        assert page in explain(Explanation("cash", {"card": 12 + 13 * number, "suit": number}), lang)
        assert page in explain(Explanation("bid_count", {"bid": 3, "voids": (number,)}), lang) or lang == "en"
    assert bid_words(0, lang) == MESSAGES["nil"][lang]
    assert bid_words(-1, lang) == MESSAGES["blind_nil"][lang]
    assert card_text(52, lang) == MESSAGES["joker_little"][lang]
    assert card_text(53, lang) == MESSAGES["joker_big"][lang]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_one_word_per_term_in_the_whole_catalog(lang: str) -> None:
    texts = {key: entry[lang] for key, entry in MESSAGES.items()}
    for term, by_lang in VOCABULARY.items():
        word, others = by_lang[lang]
        assert word in texts[TERM_KEYS[term]], (term, lang)
        for other in others:
            wrong = sorted(key for key, text in texts.items() if other in text)
            assert not wrong, f"{lang}: {term} is {word!r}, but these say {other!r}: {wrong}"


def test_explanations_of_a_real_game_use_the_vocabulary() -> None:
    rendered: dict[str, list[str]] = {lang: [] for lang in LANGUAGES}
    fast = {"samples": 4, "time_budget": None, "bid_samples": 4}
    for seed in range(2):
        game = Game(Rules.from_dict({"preset": "windows"}), seed=seed)
        bots = [make_bot(level, seed, **(fast if level == "expert" else {})) for level in (*LEVELS, "standard")]
        while game.phase in (Phase.BIDDING, Phase.PLAYING):
            decision = bots[game.turn].decide(game.view(game.turn))
            for lang in LANGUAGES:
                rendered[lang].append(explain(decision, lang))
            game.apply(decision.move)
    for lang in LANGUAGES:
        assert rendered[lang]
        for text in rendered[lang]:
            assert "{" not in text and "?" not in text, text
            for _term, by_lang in VOCABULARY.items():
                assert not any(other in text for other in by_lang[lang][1]), (lang, text)
