"""*Claim the rest* on the page (docs/page.md): what the sessions allow, the other side's claim window
(online/forms.py ``claim_window``) and when it opens and closes (online/handlers.py ``claim_asked``)."""

from __future__ import annotations

from html.parser import HTMLParser
from typing import Any

import i18n
import pytest
import session as S
from hypothesis import given
from online import handlers
from online.forms import claim_window

from tests.page.conftest import CATALOG, HOSTILE, ROOT, assert_no_injection
from tests.page.fakes import browser_module


def playing(**more: Any) -> dict[str, Any]:
    out = {"phase": "playing", "turn": "S", "me": "S", "policy": {"kind": "casual"}, "allowed": {"claim": True}}
    out.update(more)
    return out


class Page:
    session: Any = None


def at(kind: type, state: dict[str, Any]) -> Any:
    page = Page()
    session = kind(page) if kind is not S.LessonSession else kind(page, "basics")
    page.session = session
    session.state = state
    return session


def test_a_claim_is_allowed_only_at_my_turn_in_the_play_and_never_in_a_lesson() -> None:
    solo = at(S.SoloSession, playing())
    assert solo.allowed("claim") == (True, None)
    for state, why in (
        (playing(turn="W"), "why_claim"),
        (playing(phase="bidding"), "why_claim"),
        (playing(phase="hand-over", turn=None), "why_claim"),
        (playing(allowed={"claim": False}), "why_not_allowed"),
        (playing(claim={"seat": "S", "cards": ["AS"], "answers": {"W": None, "E": True}}), "claim_waiting"),
    ):
        solo.state = state
        assert solo.allowed("claim") == (False, why)
        assert i18n.has(why)  # a catalog message, said to the person
    assert at(S.LessonSession, playing()).allowed("claim") == (False, "why_lesson")


def test_the_window_shows_who_claims_their_cards_and_the_two_answers() -> None:
    for lang in ("en", "zh-Hans", "zh-Hant"):
        i18n.set_lang(lang)
        html = str(claim_window({"seat": "W", "cards": ["AS", "KH", "2C"], "answers": {"N": None, "S": None}}))
        assert i18n.t("claim_title", who=i18n.t("who_W")) in html
        for card in ("AS", "KH", "2C"):
            assert i18n.card_short(card) in html and i18n.card_name(card) in html
        assert 'data-action="claim-accept"' in html and 'data-action="claim-play-on"' in html
        assert 'data-claim="W"' in html
    i18n.set_lang("en")


@given(value=HOSTILE)
def test_the_window_builds_its_markup_from_hostile_data(value: Any) -> None:
    html = str(claim_window({"seat": value, "cards": [value, "AS"], "answers": {value: None}}))
    assert_no_injection(html, {"h2", "ul", "li", "div", "button"})


class Online:
    """The stand-in for life.py's Online that handlers.claim_asked talks through."""

    def __init__(self) -> None:
        self.open: Any = None

    def showing(self, selector: str) -> bool:
        return self.open is not None and selector == "[data-claim]"

    def show(self, content: Any) -> None:
        self.open = str(content)

    def close_dialog(self, selector: str | None = None) -> None:
        self.open = None


@pytest.mark.parametrize("me", ["E", "W"])
def test_the_window_opens_for_a_defender_who_has_not_answered_and_closes_after(me: str) -> None:
    online = Online()
    claim = {"seat": "S", "cards": ["AS"], "answers": {"E": None, "W": None}}
    handlers.claim_asked(online, playing(me=me, turn="S", claim=claim))
    assert online.open is not None and 'data-claim="S"' in online.open
    handlers.claim_asked(online, playing(me=me, turn="S", claim={**claim, "answers": {"E": True, "W": True, me: True}}))
    assert online.open is None
    handlers.claim_asked(online, playing(me=me, turn="S", claim=claim))
    handlers.claim_asked(online, playing(me=me, turn="S", claim=None))  # played on: the claim is gone
    assert online.open is None


def test_the_claimer_and_the_partner_get_no_window() -> None:
    online = Online()
    claim = {"seat": "S", "cards": ["AS"], "answers": {"E": None, "W": None}}
    for me in ("S", "N", None):
        handlers.claim_asked(online, playing(me=me, turn="S", claim=claim))
        assert online.open is None
    handlers.claim_asked(online, None)
    assert online.open is None


class _Buttons(HTMLParser):
    """Every ``<button>`` of index.html: its attributes, its text, and the ids and classes of the elements it is in."""

    def __init__(self) -> None:
        super().__init__()
        self.open: list[dict[str, str | None]] = []
        self.buttons: list[dict[str, Any]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "button":
            around = [a.get("id") or a.get("class") for a in self.open]
            self.buttons.append({"attrs": dict(attrs), "text": "", "in": around})
        elif tag not in ("input", "br", "img", "meta", "link", "source"):
            self.open.append(dict(attrs))

    def handle_endtag(self, tag: str) -> None:
        if tag != "button" and tag not in ("input", "br", "img", "meta", "link", "source") and self.open:
            self.open.pop()

    def handle_data(self, data: str) -> None:
        if self.buttons and not self.buttons[-1]["text"]:
            self.buttons[-1]["text"] = data.strip()


def test_the_claim_button_and_menu_item_are_written_in_index_html_and_key_c_claims() -> None:
    parser = _Buttons()
    parser.feed((ROOT / "index.html").read_text(encoding="utf-8"))
    claims = [b for b in parser.buttons if b["attrs"].get("data-action") == "claim"]
    item, beside = claims  # in the menu (the header comes first), and beside the hand
    assert beside["attrs"]["id"] == "btn-claim" and "hand-actions" in beside["in"]
    assert "menu" in item["in"] and "id" not in item["attrs"]
    actions = [b["attrs"].get("data-action") for b in parser.buttons]
    assert actions.index("claim") > actions.index("replay")  # the menu's item comes after *Replay this deal*
    for button in claims:  # hidden until the play (screen.py), named from the catalog, the key said
        attrs = button["attrs"]
        assert "hidden" in attrs and attrs["data-i18n"] == "claim" and attrs["type"] == "button"
        assert button["text"] == CATALOG["claim"]["en"] and attrs["aria-keyshortcuts"] == "C"
    inputs = browser_module("inputs")  # the keyboard table the help's list is made from
    assert inputs.SHORTCUTS["c"] == "claim"
    assert ("any", ("C",), "claim", "claim") in inputs.KEYS
