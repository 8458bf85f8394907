"""*Claim the rest* on the page (docs/page.md): what the sessions allow, the other side's claim window
(online/forms.py ``claim_window``) and when it opens and closes (online/handlers.py ``claim_asked``)."""

from __future__ import annotations

from typing import Any

import i18n
import pytest
import session as S
from hypothesis import given
from online import handlers
from online.forms import claim_window

from tests.page.conftest import HOSTILE, assert_no_injection


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
