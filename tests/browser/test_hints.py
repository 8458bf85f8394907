"""Hints through a whole hand: every suggestion comes with a concrete reason (issue 10), in the page's language,
said to the person in the second person (issue 20: never "my", "our", 我 — the rule of tests/test_advice.py)."""

from __future__ import annotations

import re

import pytest

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


@pytest.mark.parametrize(("lang", "seed"), [("en", 23), ("zh-Hans", 31), ("zh-Hant", 41)])
def test_every_hint_of_a_hand_gives_a_concrete_reason(table, lang: str, seed: int) -> None:
    table.open(f"fresh=1&seed={seed}&speed=instant&sound=0&lang={lang}", settings={**BOTS, "lang": lang})
    page = table.page
    lines: list[str] = []
    while True:
        state = table.wait_await("bid", "blind", "play", "hand-over", "game-over")
        if state in ("hand-over", "game-over"):
            break
        if state == "blind":
            page.locator("#bid-panel [data-action='show-cards']").click()
            table.wait_await("bid")
            continue
        line = ask_hint(page, lang)
        lines.append(line)
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
    for line in lines:
        # "Suggested: play Q♥." and then the reason, which is more than a restatement of the card
        _, _, reason = line.partition("." if lang == "en" else "。")
        assert len(reason.strip()) >= 6, f"hint without a reason: {line!r}"
        assert not VAGUE.search(line), f"vague hint: {line!r}"
        assert not FIRST_PERSON[lang].search(line), f"first-person hint: {line!r}"
        if lang != "en":
            assert not re.search(r"\b(the|play|bid|with|over)\b", reason), f"English in a {lang} hint: {line!r}"
