"""The deal and the sweep: when the table deals (view.fresh_deal, once per deal), and the style sheet's times
(static/css/app.css "motion") are the ones pacing.py waits for at each speed."""

from __future__ import annotations

import re
import types
from unittest import mock

import pytest
import settings as form_fields
import view
from ui import Ui

from tests.page.conftest import ROOT, run_async
from tests.page.fakes import browser_module
from tests.page.states import fresh

pacing = browser_module("pacing")
CSS = (ROOT / "static" / "css" / "app.css").read_text(encoding="utf-8")


def css_times(selector: str) -> dict[str, int]:
    """The motion times (ms) the rule of ``selector`` sets: ``{"--sweep": 560, ...}``."""
    for rule in re.findall(re.escape(selector) + r" \{([^}]*)\}", CSS):
        times = {name: int(ms) for name, ms in re.findall(r"(--sweep|--deal-card|--deal-step): (\d+)ms", rule)}
        if times:
            return times
    raise AssertionError(f"no motion times in {selector}")


@pytest.mark.parametrize("speed", ["slow", "normal", "fast"])
def test_the_style_sheet_animates_as_long_as_the_page_waits(speed: str) -> None:
    times = css_times(":root" if speed == "normal" else f'html[data-speed="{speed}"]')
    assert times["--sweep"] == pacing.SPEEDS[speed][2]
    assert 12 * times["--deal-step"] + times["--deal-card"] == pytest.approx(pacing.DEALS[speed], abs=30)


def test_every_speed_has_a_deal_and_instant_has_none() -> None:
    assert set(pacing.DEALS) == set(pacing.SPEEDS) == set(form_fields.SPEEDS)
    assert pacing.DEALS["instant"] == 0 and pacing.SPEEDS["instant"] == (0, 0, 0)
    assert pacing.DEALS["slow"] > pacing.DEALS["normal"] > pacing.DEALS["fast"] > 0


def dealt(**changes: object) -> dict:
    state = fresh("bidding-looked")
    state["bids"] = {seat: None for seat in view.SEATS}
    state["cards_left"] = {seat: 13 for seat in view.SEATS}
    state.update(changes)
    return state


def test_a_deal_is_dealt_once_and_a_bid_or_a_redraw_does_not_deal_again() -> None:
    view._deal["key"] = None
    state = dealt()
    assert view.fresh_deal(state) is True
    assert view.fresh_deal(state) is False  # the same deal drawn again
    assert view.fresh_deal(dict(state, bids=dict(state["bids"], W=3))) is False  # the bidding has begun
    assert view.fresh_deal(dict(state, phase="playing")) is False
    left = dict(state["cards_left"], N=12)
    assert view.fresh_deal(dict(state, cards_left=left, hand_number=9)) is False  # a card has gone: no deal
    nxt = dict(state, hand_number=state["hand_number"] + 1)
    assert view.fresh_deal(nxt) is True  # the next hand
    assert view.fresh_deal(nxt) is False
    again = dict(nxt, hand=[*reversed(nxt["hand"]), {"card": "2C", "legal": False}])
    assert view.fresh_deal(again) is True  # another game's hand of that number: other cards


def make_pacer(speed: str, reduced: bool) -> tuple[object, mock.MagicMock, list]:
    module = browser_module("pacing")
    module.js.window.matchMedia.return_value.matches = reduced
    module.sound = mock.MagicMock(name="sound")
    spawned: list = []
    module.spawn = spawned.append

    async def no_wait(ms: int) -> None:
        pass

    module.sleep_ms = no_wait
    pacer = module.Pacer(Ui(), lambda: None, lambda: speed, lambda: "S", lambda: 0)
    return pacer, module, spawned


def render_on_the_page(pacer: object, state: dict) -> None:
    """The controller's ``render`` of ``state`` by a page whose pacer is ``pacer`` (its screen a stand-in)."""
    controller = browser_module("controller")
    controller.screen = mock.MagicMock(name="screen")
    page = types.SimpleNamespace(
        state=state, pacer=pacer, session=mock.MagicMock(), ui=Ui(), settings={"play_mode": "tap"}, dialogs=None
    )
    controller.App.render(page)


def test_a_deal_is_on_show_for_its_time_then_its_end_is_there_to_see() -> None:
    pacer, module, spawned = make_pacer("normal", False)
    root = module.js.document.documentElement
    view._deal["key"] = None
    render_on_the_page(pacer, dealt())  # the table tells this pacer
    render_on_the_page(pacer, dealt())  # a redraw of the same deal: not dealt again
    root.setAttribute.assert_called_once_with("data-deal", "on")
    module.sound.play.assert_called_once_with("deal", 0.9)
    assert len(spawned) == 1 and not root.removeAttribute.called
    run_async(spawned[0])
    root.removeAttribute.assert_called_once_with("data-deal")


def test_a_later_deal_keeps_its_own_time() -> None:
    pacer, module, spawned = make_pacer("slow", False)
    root = module.js.document.documentElement
    pacer.deal()
    pacer.deal()
    run_async(spawned[0])  # the first deal's end: the second is still on show
    assert not root.removeAttribute.called
    run_async(spawned[1])
    root.removeAttribute.assert_called_once_with("data-deal")


@pytest.mark.parametrize(("speed", "reduced"), [("instant", False), ("normal", True), ("slow", True)])
def test_no_motion_at_instant_speed_or_when_reduced_motion_is_asked_but_the_sound(speed: str, reduced: bool) -> None:
    pacer, module, spawned = make_pacer(speed, reduced)
    pacer.deal()
    assert not module.js.document.documentElement.setAttribute.called and spawned == []
    assert module.sound.play.call_args[0][0] == "deal"
