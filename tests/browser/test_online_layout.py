"""The online strip and its open panel cover nothing of the table (issue 21, docs/page.md "Layout").

A host alone with three computers (the cheapest online page: real WebRTC is not needed to draw it, only the room)
is looked at on phones both ways round, a tablet and two desktop sizes: in the bidding window and in play, the
closed strip (``#online-bar``) is on the screen and clear of the score box, the tools, every seat plate, the trick,
your hand, the status line and the bidding window, and nothing of the table overlaps anything else or scrolls
(test_layout.py's measures); the open panel (the buttons and the chat) is on the screen and clear of the score
box, the tools and every seat plate, so opening it hides no player (it may lie over the trick while it is open).
Screenshots of each size go to ``test-artifacts/online-layout/`` (gitignored).

One page a kind of device (phones and a tablet with touch, desktops without), resized to each of its sizes: the
layout is the style sheet's, which follows the window (as test_first_visit.py's screenshots), and a page costs an
engine and a table.
"""

from __future__ import annotations

from pathlib import Path
from urllib.parse import quote

import pytest

from tests.browser.test_layout import MEASURE, overlap
from tests.browser.test_online_play import START

ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = ROOT / "test-artifacts" / "online-layout"
SIZES = [(320, 568), (390, 844), (844, 390), (768, 1024), (1280, 800), (1920, 1080)]
PLATES = tuple(f"{pos} seat plate" for pos in ("top", "left", "right", "bottom"))

STRIP = """() => {
  const el = document.getElementById('online-bar');
  if (!el) return null;
  const r = el.getBoundingClientRect();
  return {x: r.left, y: r.top, r: r.right, b: r.bottom, w: r.width, h: r.height, open: el.classList.contains('open')};
}"""


def shoot(page, name: str) -> None:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{name}.png"))


def host_alone(make_page, server, tracker, width: int, height: int):
    """Ann hosts at South with three computers, started: her page in the bidding window."""
    page = make_page(viewport={"width": width, "height": height}, is_mobile=width < 1000, has_touch=width < 1000)
    page.goto(f"{server}/?fresh=1&lang=en&speed=instant&relay={quote(tracker)}&ice=none&loopback=1&name=Ann")
    page.wait_for_function("() => ['bidding', 'playing'].includes(document.body.dataset.phase)", timeout=START)
    page.click('[data-action="menu"]')
    page.click('[data-action="online"]')
    page.click('[data-action="create-table"]')
    page.wait_for_selector('body[data-online="host"] [data-invite]', timeout=START)
    for seat in "NEW":
        page.select_option(f'select[name="level"][data-seat="{seat}"]', "beginner")
    page.wait_for_function(
        "() => document.querySelectorAll('#dlg-online tr[data-kind=\"computer\"]').length === 3", timeout=START
    )
    solo = page.evaluate(HAND)  # the solo game's hand, on show until the table's first state comes
    page.click('[data-action="start"]')
    page.wait_for_function(
        f"(solo) => !document.querySelector('#dlg-online[open]') && document.querySelector('#online-bar')"
        f" && document.body.dataset.await === 'bid' && ({HAND})() !== solo",
        arg=solo,
        timeout=START,
    )
    return page


HAND = "() => [...document.querySelectorAll('#hand button[data-card]')].map((b) => b.dataset.card).join()"


def problems_of(page, open_panel: bool) -> list[str]:
    """What the strip (or the open panel) covers, and what of the table is off the screen or overlaps."""
    seen = page.evaluate(MEASURE)
    strip = page.evaluate(STRIP)
    width, height, groups = seen["W"], seen["H"], seen["groups"]
    problems = []
    if strip is None:
        return ["no online strip"]
    if strip["open"] != open_panel:
        problems.append(f"the panel is {'open' if strip['open'] else 'closed'}")
    if seen["scrollW"] > width or seen["scrollH"] > height:
        problems.append(f"the page scrolls ({seen['scrollW']}×{seen['scrollH']} in {width}×{height})")
    if strip["x"] < -1 or strip["y"] < -1 or strip["r"] > width + 1 or strip["b"] > height + 1:
        problems.append(f"the strip is off the screen: {strip}")
    missing = [name for name in ("score box", "tools", *PLATES, "hand") if name not in groups]
    if missing:
        problems.append(f"missing: {missing}")
    covered = ("score box", "tools", *PLATES) if open_panel else [n for n in groups if n not in ("dialog", "menu")]
    for name in covered:
        if any(overlap(strip, b) for b in groups.get(name, [])):
            problems.append(f"the {'open panel' if open_panel else 'strip'} covers the {name}")
    if not open_panel:
        names = [name for name in groups if name not in ("dialog", "menu")]
        for i, first in enumerate(names):
            for second in names[i + 1 :]:
                if any(overlap(a, b) for a in groups[first] for b in groups[second]):
                    problems.append(f"{first} overlaps {second}")
        if seen["hidden"]:
            problems.append(f"buttons cut off or covered: {seen['hidden']}")
    return problems


KINDS = {"phones and a tablet": [s for s in SIZES if s[0] < 1000], "desktops": [s for s in SIZES if s[0] >= 1000]}


def resize(page, width: int, height: int) -> None:
    """The page at ``width``×``height``, laid out again (the layout is the style sheet's, which follows the window;
    the notice follows the bar's resize, a frame later)."""
    page.set_viewport_size({"width": width, "height": height})
    page.wait_for_function("([w, h]) => innerWidth === w && innerHeight === h", arg=[width, height])
    page.evaluate("() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))")


@pytest.mark.parametrize("kind", KINDS)
def test_the_online_strip_and_panel_cover_nothing(make_page, server, tracker, kind) -> None:
    """One table a kind of device (touch or not), resized to each of its sizes in the bidding window (the panel
    closed, then open) and again once a trick lies on the table."""
    sizes = KINDS[kind]
    page = host_alone(make_page, server, tracker, *sizes[0])
    found = {}
    for width, height in sizes:
        resize(page, width, height)
        name = f"{width}x{height}"
        shoot(page, f"{name}-1-bidding")
        found[f"{name} bidding"] = problems_of(page, False)
        page.click('[data-action="online-panel"]')
        page.wait_for_selector("#online-bar.open #chat-form input")
        shoot(page, f"{name}-2-panel-open")
        found[f"{name} panel open"] = problems_of(page, True)
        page.click('[data-action="online-panel"]')
        page.wait_for_function("() => !document.querySelector('#online-bar.open')")
    page.click('#bid-panel [data-bid="3"]')
    for _ in range(13):  # until a trick lies on the table on your turn
        page.wait_for_function("() => document.body.dataset.await === 'play'", timeout=START)
        if page.locator("#trick .card").count():
            break
        card = page.get_attribute("#hand button[data-card][data-legal='true']", "data-card")
        page.locator(f"#hand button[data-card='{card}']").click(position={"x": 10, "y": 30})
        page.wait_for_function("c => !document.querySelector(`#hand button[data-card='${c}']`)", arg=card)
    for width, height in sizes:
        resize(page, width, height)
        name = f"{width}x{height}"
        shoot(page, f"{name}-3-playing")
        found[f"{name} playing"] = problems_of(page, False)
    bad = {where: problems for where, problems in found.items() if problems}
    assert not bad, bad
