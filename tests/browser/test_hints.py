"""Hints through a whole hand: every suggestion comes with a concrete reason (issue 10), in the page's language,
said to the person in the second person (issue 20: never "my", "our", 我 — the rule of tests/test_advice.py).

One hand on one page, its language changed in the settings as it goes (English, then simplified, then traditional
Chinese, a few moves each): every hint template in every language is checked in CPython (tests/test_advice.py);
here the page asks the engine and shows the hint in the language on show."""

from __future__ import annotations

import re

from tests.browser.test_first_hand import choose_language

BOTS = {"bots": {"N": "standard", "E": "standard", "W": "standard"}}
# What a hint may not be reduced to: the old "scored best over N sampled deals" lines, in every language.
VAGUE = re.compile(r"scored best|得分最高")
STATUS_START = {"en": "Suggested", "zh-Hans": "建议", "zh-Hant": "建議"}
FIRST_PERSON = {
    "en": re.compile(r"\b(i|me|my|mine|myself|we|us|our|ours|ourselves)\b", re.IGNORECASE),
    "zh-Hans": re.compile("我"),
    "zh-Hant": re.compile("我"),
}


def ask_hint(page, lang: str) -> str:
    page.evaluate("document.getElementById('status').textContent = ''")
    page.locator("#btn-hint").click()
    page.wait_for_function(
        "start => document.getElementById('status').textContent.startsWith(start)", arg=STATUS_START[lang]
    )
    return page.locator("#status").text_content().strip()


LANGS = ("en", "zh-Hans", "zh-Hant")


def test_every_hint_of_a_hand_gives_a_concrete_reason(table) -> None:
    table.open("fresh=1&seed=23&speed=instant&sound=0&lang=en", settings={**BOTS, "lang": "en"})
    page = table.page
    lines: list[tuple[str, str]] = []
    lang = "en"
    while True:
        state = table.wait_await("bid", "blind", "play", "hand-over", "game-over")
        if state in ("hand-over", "game-over"):
            break
        if state == "blind":
            page.locator("#bid-panel [data-action='show-cards']").click()
            table.wait_await("bid")
            continue
        if lines and len(lines) % 5 == 0 and lang == LANGS[len(lines) // 5 - 1]:  # after 5 and 10 hints
            lang = LANGS[len(lines) // 5]
            choose_language(page, lang)
        line = ask_hint(page, lang)
        lines.append((lang, line))
        if state == "bid":
            hinted = page.locator("#bid-panel [data-bid].hinted")
            assert hinted.count() == 1, line
            hinted.click()
            page.wait_for_function("document.body.dataset.await !== 'bid'")
        else:
            card = page.locator("#hand button.hinted").get_attribute("data-card")
            assert card in table.legal_cards(), line
            table.play_card(card)
    assert len(lines) == 14  # the bid and thirteen cards
    assert [lang for lang, _ in lines] == ["en"] * 5 + ["zh-Hans"] * 5 + ["zh-Hant"] * 4
    for lang, line in lines:
        # "Suggested: play Q♥." and then the reason, which is more than a restatement of the card
        _, _, reason = line.partition("." if lang == "en" else "。")
        assert len(reason.strip()) >= 6, f"hint without a reason: {line!r}"
        assert not VAGUE.search(line), f"vague hint: {line!r}"
        assert not FIRST_PERSON[lang].search(line), f"first-person hint: {line!r}"
        if lang != "en":
            assert not re.search(r"\b(the|play|bid|with|over)\b", reason), f"English in a {lang} hint: {line!r}"
