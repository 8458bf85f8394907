"""The address parameters the page cannot use (static/app/address.py): each named in a notice line with why, in the
page's language, and only those.

Every parameter's own line is checked here, in CPython; tests/browser/test_runtime.py opens one page with all of
them at once (each named, the address cleaned, the game playing) and one in zh-Hans on a phone.  Generated values
are judged against the rules as this file states them (not against the module's own code): a seed is decimal
digits under 2**53, a seat N, E, S or W in either case, a language en or zh with any region or script, a daily
deal ``1``/``true``/``yes`` or a date ``YYYY-MM-DD``, ``embed`` yes or no, a deal code and a lesson id not empty.
"""

from __future__ import annotations

from datetime import date

import address
import i18n
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from spades.rules import PRESET_NAMES
from tests.page.conftest import HOSTILE

PRESETS = list(PRESET_NAMES)

BAD_ADDRESS = [  # (parameter, bad value, words of its notice's reason)
    ("lang", "xx", "the languages are en, zh-Hans and zh-Hant"),
    ("lang", "", "the languages are"),
    ("seed", "abc", "a seed is a whole number from 0 to 9007199254740991"),
    ("seed", "12abc", "a seed is a whole number"),
    ("seed", "", "a seed is a whole number"),
    ("seed", "-1", "a seed is a whole number"),
    ("seed", "1" * 30, "a seed is a whole number"),
    ("seed", str(2**53), "a seed is a whole number"),
    ("preset", "nope", "the rules are one of standard, windows, igame, short, pagat"),
    ("seat", "Q", "a seat is N, E, S or W"),
    ("seat", "", "a seat is"),
    ("deal", "", "a deal link needs its code"),
    ("daily", "tomorrow", "the daily deal is daily=1 (today) or a date"),
    ("lesson", "", "a lesson is named by its id"),
    ("embed", "maybe", "embed=1 shows the game inside another page"),
]


@pytest.mark.parametrize(("name", "value", "why"), BAD_ADDRESS)
def test_each_bad_parameter_is_named_with_its_value_and_why(name, value, why) -> None:
    names, lines = address.notices({name: value, "fresh": "1"}, PRESETS)
    assert names == [name]
    assert len(lines) == 1 and f"“{name}={value}” was not used: {why}" in lines[0], lines


def good_values() -> st.SearchStrategy[dict[str, str]]:
    return st.fixed_dictionaries(
        {},
        optional={
            "seed": st.integers(0, 2**53 - 1).map(str),
            "seat": st.sampled_from(["N", "E", "S", "W", "n", "e", "s", "w"]),
            "lang": st.sampled_from(["en", "en-GB", "zh", "zh-CN", "zh-Hans", "zh-TW", "zh-Hant", "ZH-hk"]),
            "preset": st.sampled_from(PRESETS),
            "daily": st.sampled_from(["1", "true", "yes"]) | st.dates(min_value=date(1000, 1, 1)).map(date.isoformat),
            "embed": st.sampled_from(["1", "true", "yes", "0", "false", "no"]),
            "deal": st.text(min_size=1, max_size=30),
            "lesson": st.text(min_size=1, max_size=30),
            "fresh": st.text(max_size=5),
        },
    )


@settings(max_examples=300, deadline=None)
@given(good_values())
def test_good_parameters_are_never_named(params) -> None:
    assert address.notices(params, PRESETS) == ([], [])


def rejected(name: str, value: str) -> bool:
    """This file's statement of the rules (the module docstring), written apart from address.py's."""
    if name == "seed":
        return not (value.isascii() and value.isdigit() and int(value) < 2**53)
    if name == "seat":
        return value not in ("N", "E", "S", "W", "n", "e", "s", "w")
    if name == "lang":
        low = value.lower()
        return not (low in ("en", "zh") or low.startswith(("en-", "zh-")))
    if name == "preset":
        return value not in PRESETS
    if name == "daily":
        parts = value.split("-")
        date = [len(p) for p in parts] == [4, 2, 2] and all(p.isascii() and p.isdigit() for p in parts)
        return value not in ("1", "true", "yes") and not date
    if name == "embed":
        return value not in ("1", "true", "yes", "0", "false", "no")
    return value == ""  # deal, lesson


NAMES = ["seed", "seat", "lang", "preset", "daily", "embed", "deal", "lesson"]
VALUES = st.one_of(
    st.text(max_size=60),
    st.sampled_from(["", "0", "1", "-0", "٣", "１２", "1e3", "s", "x", "2026-13-01", "2026-1-01", "zh_CN", "EN"]),
    st.integers(-10, 2**54).map(str),
    HOSTILE,
)


@settings(max_examples=400, deadline=None)
@given(st.dictionaries(st.sampled_from(NAMES), VALUES, max_size=8), st.sampled_from(["en", "zh-Hans", "zh-Hant"]))
def test_exactly_the_parameters_that_break_the_rules_are_named_once_each_in_every_language(params, lang) -> None:
    i18n.set_lang(lang)
    try:
        names, lines = address.notices(params, PRESETS)
    finally:
        i18n.set_lang("en")
    assert sorted(names) == sorted(name for name, value in params.items() if rejected(name, value))
    assert len(names) == len(set(names)) == len(lines)
    for name, line in zip(names, lines, strict=True):
        shown = address.shown_value(params[name])
        assert f"{name}={shown}" in line and "{" not in line.replace(shown, ""), line  # every placeholder filled
        assert len(shown) <= address.SHOWN_VALUE + 1
        assert shown == params[name] or (shown.endswith("…") and params[name].startswith(shown[:-1]))
