"""Where a reason tooltip goes (static/app/view.py ``tip_place``) and why Hint and Undo are greyed (session.py
``off``), in CPython: the tooltip stays on the screen and covers neither its element nor what the person reads
(the trick, the status line) wherever a free place exists; the reasons are catalog messages in three languages.
The page's side (screen.py ``Tips``, ``set_tool``) is tested in the browser: tests/browser/test_tooltips.py."""

from __future__ import annotations

from typing import Any

import session as S
import view
from hypothesis import given
from hypothesis import strategies as st

from tests.page.conftest import CATALOG

# boxes (left, top, right, bottom) measured on the page, seed 5, my turn with cards dimmed: the trick, the
# status line, a dimmed card of mine and East's card in the trick; and the tooltips' sizes there
MEASURED = {
    (320, 568): {"trick": (53, 165, 267, 351), "status": (41, 341, 279, 363), "card": (20, 425, 85, 516),
                 "east": (202, 213, 267, 302)},
    (844, 390): {"trick": (381, 62, 647, 243), "status": (6, 350, 184, 383), "card": (194, 271, 280, 388),
                 "east": (566, 97, 647, 209)},
    (1280, 800): {"trick": (460, 175, 820, 495), "status": (508, 508, 772, 532), "card": (128, 630, 243, 787),
                  "east": (711, 259, 820, 411)},
}  # fmt: skip
SIZES = ((187, 27), (234, 27), (288, 44))


def covers(a: tuple[float, ...], b: tuple[float, ...]) -> bool:
    return min(a[2], b[2]) - max(a[0], b[0]) > 0 and min(a[3], b[3]) - max(a[1], b[1]) > 0


def placed(anchor: tuple[float, ...], size: tuple[float, float], screen: tuple[int, int], avoid: list) -> tuple:
    left, top = view.tip_place(anchor, size, screen, avoid)
    return (left, top, left + size[0], top + size[1])


def test_on_the_measured_tables_a_tip_covers_neither_the_trick_nor_the_status_line() -> None:
    for screen, boxes in MEASURED.items():
        avoid = [boxes["trick"], boxes["status"]]
        for size in SIZES:
            for anchor in (boxes["card"], boxes["east"]):
                tip = placed(anchor, size, screen, avoid)
                assert 0 <= tip[0] and 0 <= tip[1] and tip[2] <= screen[0] and tip[3] <= screen[1], (screen, tip)
                assert not any(covers(tip, box) for box in [*avoid, anchor]), (screen, size, anchor, tip)


def test_with_nothing_in_the_way_a_tip_sits_centred_just_above_its_element() -> None:
    left, top = view.tip_place((400, 300, 480, 420), (120, 30), (1000, 800), [])
    assert (left, top) == (380, 300 - view.TIP_GAP - 30)
    # at the screen's edge it goes beside its element (nearer than above it pushed inwards), never off the screen
    left, top = view.tip_place((0, 300, 40, 420), (120, 30), (1000, 800), [])
    assert (left, top) == (40 + view.TIP_GAP, 345)
    left, top = view.tip_place((0, 0, 40, 420), (300, 30), (320, 420), [])
    assert (left, top) == (16, 195)  # no room anywhere: on the screen, over as little of it as can be (24 px)


coord = st.integers(0, 1500)


@st.composite
def layouts(draw: st.DrawFn) -> tuple[Any, ...]:
    screen = (draw(st.integers(200, 2000)), draw(st.integers(200, 1200)))

    def box() -> tuple[int, int, int, int]:
        x, y = draw(st.integers(0, screen[0] - 10)), draw(st.integers(0, screen[1] - 10))
        return (x, y, draw(st.integers(x + 1, screen[0])), draw(st.integers(y + 1, screen[1])))

    size = (draw(st.integers(20, max(20, screen[0] - 2 * view.TIP_MARGIN))), draw(st.integers(10, 60)))
    return screen, box(), size, [box() for _ in range(draw(st.integers(0, 3)))]


@given(layouts())
def test_a_tip_that_fits_stays_on_the_screen(layout: tuple[Any, ...]) -> None:
    screen, anchor, size, avoid = layout
    tip = placed(anchor, size, screen, avoid)
    assert tip[0] >= view.TIP_MARGIN - 1 and tip[2] <= screen[0] - view.TIP_MARGIN + 1, (tip, screen)
    if size[1] + 2 * view.TIP_MARGIN <= screen[1]:
        assert tip[1] >= view.TIP_MARGIN - 1 and tip[3] <= screen[1] - view.TIP_MARGIN + 1, (tip, screen)


@given(layouts(), st.integers(0, 3))
def test_where_a_strip_of_the_screen_is_free_the_tip_covers_nothing(layout: tuple[Any, ...], where: int) -> None:
    """Everything to avoid and the element itself pushed out of a free strip along one edge of the screen,
    wide enough for the tip: the tip is placed in free space (covering nothing)."""
    screen, anchor, size, avoid = layout
    width, height = size
    strip = height + 2 * view.TIP_GAP + 2 * view.TIP_MARGIN
    if where == 0:  # free along the top
        squeeze = lambda b: (b[0], max(b[1], strip), b[2], max(b[3], strip + 1))  # noqa: E731
    elif where == 1:  # free along the bottom
        squeeze = lambda b: (b[0], min(b[1], screen[1] - strip - 1), b[2], min(b[3], screen[1] - strip))  # noqa: E731
    else:
        strip = width + 2 * view.TIP_GAP + 2 * view.TIP_MARGIN
        if strip * 2 > screen[0]:
            return
        if where == 2:  # free along the left
            squeeze = lambda b: (max(b[0], strip), b[1], max(b[2], strip + 1), b[3])  # noqa: E731
        else:  # free along the right
            squeeze = lambda b: (min(b[0], screen[0] - strip - 1), b[1], min(b[2], screen[0] - strip), b[3])  # noqa: E731
    if where < 2 and strip * 2 > screen[1]:
        return
    anchor = squeeze(anchor)
    avoid = [squeeze(b) for b in avoid]
    tip = placed(anchor, size, screen, avoid)
    assert not any(covers(tip, box) for box in [*avoid, anchor]), (tip, anchor, avoid, screen)


# ----------------------------------------------------------------- why Hint and Undo are greyed


class Table:
    def __init__(self) -> None:
        self.session = None

    def owner(self) -> bool:
        return True


def shown(session: S.Session, **state: Any) -> S.Session:
    table = session.table
    table.session = session
    session.state = {"turn": "S", "phase": "playing", "me": "S", "allowed": {"hint": True, "undo": True}, **state}
    return session


def test_hint_and_undo_say_why_they_are_off_for_the_whole_game() -> None:
    table = Table()
    rated = shown(S.SoloSession(table), policy={"kind": "rated"})
    assert (rated.off("hint"), rated.off("undo")) == ("why_rated_hint", "why_rated_undo")
    assert rated.allowed("hint") == (False, "why_rated_hint") and rated.allowed("undo") == (False, "why_rated_undo")
    daily = shown(S.DailySession(table, "2026-11-30"), policy={"kind": "casual", "undo": False, "hints": False})
    assert daily.date == "2026-11-30"
    assert daily.off("hint") == daily.off("undo") == "why_daily_help"
    assert daily.allowed("hint") == (False, "why_daily_help")
    no_undo = shown(S.SoloSession(table), policy={"kind": "casual", "undo": False, "hints": True})
    assert no_undo.off("undo") == "why_undo_setting" and no_undo.off("hint") is None
    casual = shown(S.SoloSession(table), policy={"kind": "casual", "undo": True, "hints": True})
    assert casual.off("hint") is casual.off("undo") is None
    assert casual.allowed("hint") == (True, None)  # the state's allowed decides, as before
    lesson = shown(S.LessonSession(table, "nil"), policy={"kind": "tutorial"})
    assert lesson.off("hint") is None and lesson.off("undo") is None
    online = shown(S.OnlineSession(table, None), policy={"kind": "rated"})
    assert online.off("hint") == "why_rated_hint"
    assert rated.off("replay") is None  # only Hint and Undo say why this way


def test_the_reasons_are_short_messages_in_every_language() -> None:
    for key in ("why_rated_hint", "why_rated_undo", "why_daily_help", "why_undo_setting"):
        for lang in ("en", "zh-Hans", "zh-Hant"):
            text = CATALOG[key][lang]
            assert text and len(text) <= 60 and "{" not in text, (key, lang)
    assert CATALOG["why_rated_hint"]["en"] == "No hints in rated games"
    assert CATALOG["why_daily_help"]["en"] == "The daily deal is played without hints or undo"
    for lang in ("en", "zh-Hans", "zh-Hant"):
        assert "{date}" in CATALOG["deal_daily_badge"][lang] and "{date}" in CATALOG["deal_daily_badge_label"][lang]
