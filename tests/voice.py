"""Whose voice a text speaks in: the one precise rule for "first person" that the tests of hints
(tests/test_advice.py, second person) and of the computers' own reasons (tests/test_reasons.py, third person)
both apply.

In English a whole word ``I``, ``me``, ``my``, ``mine``, ``myself``, ``we``, ``us``, ``our``, ``ours`` or
``ourselves`` (any case); in Chinese the character 我 anywhere (我, 我的, 我方, 我们/我們: every first-person
pronoun of the language contains it).
"""

from __future__ import annotations

import re

FIRST_PERSON = {
    "en": re.compile(r"\b(i|me|my|mine|myself|we|us|our|ours|ourselves)\b", re.IGNORECASE),
    "zh-Hans": re.compile("我"),
    "zh-Hant": re.compile("我"),
}
SECOND_PERSON = {
    "en": re.compile(r"\b(you|your|yours|yourself|yourselves)\b", re.IGNORECASE),
    "zh-Hans": re.compile("[你您]"),
    "zh-Hant": re.compile("[你您]"),
}


def first_person(text: str, lang: str) -> str | None:
    """The first first-person word of ``text`` in ``lang`` (by the rule above), or ``None``."""
    found = FIRST_PERSON[lang].search(text)
    return found.group(0) if found else None


def second_person(text: str, lang: str) -> str | None:
    """The first second-person word of ``text`` in ``lang`` (English you/your/yours/yourself/yourselves,
    Chinese 你 or 您), or ``None``: a computer's own reason speaks to nobody."""
    found = SECOND_PERSON[lang].search(text)
    return found.group(0) if found else None
