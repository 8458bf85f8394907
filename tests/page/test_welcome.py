"""The welcome's rule and card (static/app/welcome.py; docs/page.md "The first visit"), in CPython with the browser
modules as stand-ins: which visits are first visits, and the card's two named buttons in every language."""

from __future__ import annotations

from html.parser import HTMLParser

import i18n
import pytest
from hypothesis import given
from hypothesis import strategies as st

from tests.page.conftest import CATALOG
from tests.page.fakes import browser_module

welcome = browser_module("welcome")

NAMES = st.text(alphabet="abcdefghijklmnopqrstuvwxyz_", min_size=1, max_size=10)
QUIET = st.dictionaries(st.sampled_from(welcome.QUIET), st.text(max_size=8), max_size=2)


def nothing_kept(key: str) -> None:
    return None


@given(QUIET)
def test_a_plain_address_in_a_browser_that_keeps_nothing_is_a_first_visit(params: dict[str, str]) -> None:
    assert welcome.first_visit(params, "", nothing_kept)


@given(QUIET, NAMES.filter(lambda name: name not in welcome.QUIET), st.text(max_size=8))
def test_any_other_address_parameter_asks_for_something_else(params: dict[str, str], name: str, value: str) -> None:
    assert not welcome.first_visit({**params, name: value}, "", nothing_kept)


@given(QUIET, st.sampled_from(welcome.KEPT), st.text(max_size=20))
def test_anything_kept_ends_first_visits(params: dict[str, str], key: str, text: str) -> None:
    def kept(asked: str) -> str | None:
        return text if asked == key else None

    assert not welcome.first_visit(params, "", kept)


def test_an_invitation_is_not_a_first_visit() -> None:
    assert not welcome.first_visit({}, "#t=abc", nothing_kept)
    assert welcome.first_visit({}, "#help", nothing_kept)


def test_the_kept_keys_are_the_save_the_profile_the_lessons_and_the_answer() -> None:
    assert set(welcome.KEPT) == {"spades-save", "spades-profile", "spades-lessons", "spades-welcome"}


class Buttons(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.buttons: list[tuple[dict[str, str | None], str]] = []
        self.open: dict[str, str | None] | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "button":
            self.open = dict(attrs)
            self.buttons.append((self.open, ""))

    def handle_data(self, data: str) -> None:
        if self.open is not None:
            attrs, text = self.buttons[-1]
            self.buttons[-1] = (attrs, text + data)

    def handle_endtag(self, tag: str) -> None:
        if tag == "button":
            self.open = None


@pytest.mark.parametrize("lang", ["en", "zh-Hans", "zh-Hant"])
def test_the_card_has_two_buttons_named_from_the_catalog(lang: str) -> None:
    before = i18n.lang()
    i18n.set_lang(lang)
    try:
        parser = Buttons()
        parser.feed(str(welcome.card()))
    finally:
        i18n.set_lang(before)
    assert [(attrs["data-welcome"], text) for attrs, text in parser.buttons] == [
        ("lesson", CATALOG["welcome_lesson"][lang]),
        ("play", CATALOG["welcome_play"][lang]),
    ]
    assert all(attrs["type"] == "button" for attrs, _ in parser.buttons)
    assert "autofocus" in parser.buttons[0][0]
