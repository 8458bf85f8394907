"""The bidding window fits the window (issue 23): on short phones (320×568, 360×640), a phone held sideways
(844×390) and a phone upright (390×844), in the three languages, with the rule line a Suicide game shows
("suicide: one partner must bid nil"), every bid button and the window's last line are inside the viewport and the
window's own box, without a scroll. The blind nil choice too.

Screenshots go to test-artifacts/bidding/ (bid-WxH-lang.png, blind-WxH-lang.png) to look at.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[2]
SHOTS = ROOT / "test-artifacts" / "bidding"
SIZES = ((320, 568), (360, 640), (844, 390), (390, 844))
LANGS = ("zh-Hans", "zh-Hant", "en")
BOTS = {"N": "beginner", "E": "beginner", "W": "beginner"}
TIMEOUT = 60_000
# Each of the window's buttons and lines on show that is not wholly inside the viewport and the window's own box
# (where it would be cut off, or need a scroll): [what, top, bottom, left, right] in CSS pixels.
OUTSIDE = """() => {
  const panel = document.getElementById("bid-panel");
  const box = panel.getBoundingClientRect();
  const vw = document.documentElement.clientWidth, vh = document.documentElement.clientHeight;
  const within = (r, o) => r.top >= o.top - 0.5 && r.left >= o.left - 0.5 && r.bottom <= o.bottom + 0.5
    && r.right <= o.right + 0.5;
  const view = {top: 0, left: 0, bottom: vh, right: vw};
  const parts = [...panel.querySelectorAll("button"), ...panel.children].filter((el) => el.getClientRects().length);
  return [panel, ...parts].flatMap((el) => {
    const r = el.getBoundingClientRect();
    const name = el === panel ? "panel" : el.dataset.bid || el.dataset.action || el.className || el.tagName;
    return within(r, view) && (el === panel || within(r, box)) ? [] : [[name, r.top, r.bottom, r.left, r.right]];
  });
}"""
SCROLLED = "() => [scrollX, scrollY, document.getElementById('bid-panel').scrollHeight - " \
    "document.getElementById('bid-panel').clientHeight]"  # fmt: skip


def open_bidding(make_page, server, lang, size, blind):
    page = make_page(viewport={"width": size[0], "height": size[1]})
    rules = {"blind_nil": True} if blind else {"bidding": "suicide"}
    settings = json.dumps({"bots": BOTS, "preset": "standard", "rules": rules})
    page.add_init_script(f"localStorage.setItem('spades-settings', {json.dumps(settings)})")
    page.goto(f"{server}/?fresh=1&seed=12&speed=instant&sound=0&lang={lang}")
    page.wait_for_function(
        "w => document.body.dataset.await === w && !document.getElementById('bid-panel').hidden",
        arg="blind" if blind else "bid",
        timeout=TIMEOUT,
    )
    return page


@pytest.mark.parametrize("lang", LANGS)
def test_the_bidding_window_fits_without_a_scroll(make_page, server, lang):
    """One page a language, resized to each size (the layout is the style sheet's, which follows the window)."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    page = open_bidding(make_page, server, lang, SIZES[0], blind=False)
    assert page.locator("#bid-panel [data-bid-rule]").is_visible()  # the long line, there to be fitted
    for width, height in SIZES:
        page.set_viewport_size({"width": width, "height": height})
        page.wait_for_function("([w, h]) => innerWidth === w && innerHeight === h", arg=[width, height])
        page.screenshot(path=str(SHOTS / f"bid-{width}x{height}-{lang}.png"))
        assert page.evaluate(OUTSIDE) == [], (width, height)
        assert page.evaluate(SCROLLED) == [0, 0, 0], (width, height)
        assert page.locator("#bid-panel [data-bid]").count() == 14  # nil and 1–13


@pytest.mark.parametrize("lang", ("zh-Hans", "en"))
def test_the_blind_nil_choice_fits_without_a_scroll(make_page, server, lang):
    SHOTS.mkdir(parents=True, exist_ok=True)
    page = open_bidding(make_page, server, lang, SIZES[0], blind=True)
    for width, height in SIZES:
        page.set_viewport_size({"width": width, "height": height})
        page.wait_for_function("([w, h]) => innerWidth === w && innerHeight === h", arg=[width, height])
        page.screenshot(path=str(SHOTS / f"blind-{width}x{height}-{lang}.png"))
        assert page.evaluate(OUTSIDE) == [], (width, height)
        assert page.evaluate(SCROLLED) == [0, 0, 0], (width, height)
