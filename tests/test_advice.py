"""Hints speak to the person (spades.i18n.catalog.advise, worker op ``hint``): second person, never first, in the
three languages; the computers' own reasons (explain, the move log) keep their own voice, the third person
(tests/test_reasons.py).

The rule for "first person" (tests/voice.py), precisely: in English a whole word ``I``, ``me``, ``my``,
``mine``, ``myself``, ``we``, ``us``, ``our``, ``ours`` or ``ourselves`` (any case); in Chinese the character 我
anywhere (我, 我的, 我方, 我们/我們: every first-person pronoun of the language contains it).  Every hint text is
scanned: each ``advice_*`` template with its parameters filled, and the hints given at many positions of real
games (the judge's, as the page asks it, and the standard player's), for every seat, in each language.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from typing import Any

import pytest

from spades import worker
from spades.bots import make_bot
from spades.cards import Seat, parse_card
from spades.game import Game, Phase
from spades.i18n.catalog import ADVICE_PREFIX, LANGUAGES, MESSAGES, Explanation, advise, explain
from spades.table.judge import Budget, judge, position_seed
from tests.voice import first_person

SMALL = Budget(samples=6, work=1500, bid_samples=6)
CODES = sorted(k[4:] for k in MESSAGES if k.startswith("bot_") and not k.startswith("bot_part_"))
PARAMS: dict[str, Any] = {
    "card": parse_card("7C"), "alt": parse_card("KH"), "suit": 0, "bid": 3, "n": 12, "pct": 80, "alt_pct": 60,
    "points": 14, "bags": 7, "limit": 10, "cards": (parse_card("AS"), parse_card("KH")), "voids": (0,),
    "singletons": (2,), "long": 5, "delta": 1, "why": "bags",
}  # fmt: skip


def test_the_rule_can_fail() -> None:
    """The computers' own reasons as they were (first person, "the lowest of my clubs"): the rule finds them."""
    was = {
        "en": ["Lead the lowest of my clubs, 7♣", "Bid 2: our side makes it", "one of us must bid nil", "I", "we"],
        "zh-Hans": ["首攻我手中最小的梅花 7♣", "叫盲零：我方落后 120 分", "我们必须有一人叫零"],
        "zh-Hant": ["首攻我手中最小的梅花 7♣", "我們必須有一人叫零"],
    }
    assert all(first_person(text, lang) for lang, texts in was.items() for text in texts)
    assert first_person("Lead the lowest of MY clubs", "en") == "MY" and first_person("我方有", "zh-Hans") == "我"
    assert first_person("Play your lowest club, 7♣: partner is winning", "en") is None


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_advice_template_is_second_person_with_every_placeholder_known(lang: str) -> None:
    for code in CODES:
        entry = MESSAGES.get(ADVICE_PREFIX + code)
        assert entry is not None and set(entry) >= set(LANGUAGES), f"no advice_{code} in every language"
        allowed = set(re.findall(r"\{(\w+)\}", MESSAGES["bot_" + code]["en"])) | {"partner", "suit_one", "tricks"}
        assert set(re.findall(r"\{(\w+)\}", entry[lang])) <= allowed, code
        for seat in (None, 0, 1, 2, 3):
            text = advise(Explanation(code, PARAMS), lang, seat)
            assert first_person(text, lang) is None, f"first person in {code} ({lang}): {text!r}"
            assert "{" not in text and ("?" not in text or seat is None), text


def hint_positions(seeds: range) -> Iterator[tuple[Game, Seat]]:
    """Every decision of every seat in the first hand of each seed (standard players play the moves)."""
    for seed in seeds:
        game = Game(seed=seed)
        bots = [make_bot("standard", seed * 4 + s) for s in range(4)]
        while game.phase in (Phase.BIDDING, Phase.PLAYING) and game.hand_number == 1:
            yield game, game.turn
            game.apply(bots[game.turn].decide(game.view(game.turn)).move)


def test_hints_at_many_positions_are_second_person_in_every_language() -> None:
    seen: set[str] = set()
    for game, seat in hint_positions(range(1, 13)):
        view = game.view(seat)
        reasons = [judge(view, position_seed(game, seat), SMALL).explanation, make_bot("standard").decide(view)]
        for reason in reasons:
            why = reason if isinstance(reason, Explanation) or reason is None else reason.explanation
            if why is None:
                continue
            seen.add(why.code)
            for lang in LANGUAGES:
                text = advise(why, lang, seat)
                assert first_person(text, lang) is None, f"first person ({lang}, {why.code}): {text!r}"
    assert len(seen) >= 15, sorted(seen)  # the scan saw many kinds of reason


def test_the_worker_hint_speaks_to_the_person_and_the_move_log_keeps_the_bots_voice() -> None:
    def call(op: str, **args: Any) -> dict[str, Any]:
        return json.loads(worker.handle(op, json.dumps(args)))

    worker._tables.clear()
    seats = {s: {"occupant": "computer", "level": "standard"} for s in "NEW"}
    seats["S"] = {"occupant": "person"}
    call("new", seed=951403006, seats=seats, policy={"kind": "casual", "hints": True}, viewer="S")
    state = call("act", seat="S", intent={"type": "look"}, viewer="S")["state"]
    while state["turn"] != "S":
        state = call("step", viewer="S")["state"]
    for lang in LANGUAGES:
        hint = call("hint", seat="S", level="expert", lang=lang)
        assert hint["bid"] == 1 and hint["hint"]["code"] == "bid_odds", hint
        assert first_person(hint["text"], lang) is None
    assert call("hint", seat="S", level="expert", lang="en")["text"].startswith("Bid 1: your side makes it in ")
    assert call("hint", seat="S", level="expert", lang="zh-Hans")["text"].startswith("叫 1：在你可能面对的 ")
    # the same reason in the computers' own voice, as the move log shows it
    why = Explanation("bid_odds", {"bid": 2, "pct": 90, "n": 48})
    assert explain(why, "en") == "Bid 2: its side makes it in 90% of 48 sampled deals"
    worker._tables.clear()


@pytest.mark.parametrize(
    ("code", "params", "seat", "lang", "text"),
    [
        ("partner_wins", {"card": "7C", "suit": 0}, 2, "en",
         "Play your lowest club, 7♣: partner North is winning this trick"),
        ("cover_win", {"card": "AH"}, 0, "en", "Cover South's nil: win with A♥"),
        ("cover_win", {"card": "AH"}, 0, "zh-Hant", "保護搭檔（南）的零叫：用 A♥ 贏這一墩"),
        ("cant_win", {"card": "3D", "suit": 1}, 1, "zh-Hans", "你赢不了这一墩：出你最小的方块 3♦"),
        ("bid_count", {"bid": 3, "cards": ("AS", "KH"), "voids": (0,)}, 2, "en",
         "Bid 3: A♠, K♥ and a club void ≈ 3 tricks"),
        ("bid_count", {"bid": 4, "cards": ("AS", "KH"), "delta": 1, "why": "bags"}, 2, "en",
         "Bid 4: A♠ and K♥ ≈ 3 tricks; +1 for your side's bags"),
    ],
)  # fmt: skip
def test_hints_name_the_cards_and_the_partner(
    code: str, params: dict[str, Any], seat: int, lang: str, text: str
) -> None:
    typed = {
        k: parse_card(v) if k == "card" else tuple(parse_card(c) for c in v) if k == "cards" else v
        for k, v in params.items()
    }
    assert advise(Explanation(code, typed), lang, seat) == text
