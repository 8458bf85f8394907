"""Reason tooltips shown on purpose, and where they go (static/app/screen.py ``Tips``, view.py ``tip_place``;
docs/page.md "Reason tooltips"): a card you cannot play and a computer's card in the trick show their reason in the
one ``#tip`` after the pointer has moved there and rested, on a tap, on keyboard focus; never under a pointer that
has not moved; never over the trick, the status line or a lesson's instruction, at 320×568, 844×390 and 1280×800.
Greyed Hint and Undo say why (a rated game, the daily deal) in three languages.
Screenshots go to test-artifacts/tooltips/ (gitignored).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from spades import Game, Rules
from spades.formats.record import to_record
from tests.browser.test_layout import import_record
from tests.browser.test_tutorial import open_lesson

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[2]
SHOTS = ROOT / "test-artifacts" / "tooltips"
SIZES = ((320, 568), (844, 390), (1280, 800))
BOX = """s => { const e = typeof s === 'string' ? document.querySelector(s) : s;
  if (!e || !e.getClientRects().length) return null;
  const b = e.getBoundingClientRect(); return [b.left, b.top, b.right, b.bottom]; }"""
UNDER = """([x, y]) => { const e = document.elementFromPoint(x, y); const a = e && e.closest('[data-tip]');
  return a ? {label: a.getAttribute('aria-label'), hover: a.matches(':hover')} : null; }"""


def shot(page, name):
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"))


def meets(a, b):
    """Whether two boxes (left, top, right, bottom) share any area."""
    return min(a[2], b[2]) - max(a[0], b[0]) > 0.5 and min(a[3], b[3]) - max(a[1], b[1]) > 0.5


def to_a_dimmed_card(table):
    """Bid, then play until it is my turn with cards on the table and some of mine dimmed (seed 5: the first
    trick)."""
    page = table.page
    table.bid("3")
    for _ in range(13):
        table.wait_await("play")
        if page.locator("#trick .card[data-tip]").count() and page.locator("#hand button.illegal").count():
            return
        table.play_card(table.legal_cards()[0])
    raise AssertionError("never followed a trick with some cards dimmed")


def rest_on(page, locator):
    """Move the pointer onto ``locator`` (two small steps, as a hand does) and leave it there: at (10, 30) in its
    box, the point of a card that its neighbours never cover (docs/page.md, "Clicking a card")."""
    box = locator.bounding_box()
    x, y = box["x"] + min(10, box["width"] / 2), box["y"] + min(30, box["height"] / 2)
    page.mouse.move(x - 3, y - 2)
    page.mouse.move(x, y)
    return x, y


def tip(page):
    return page.evaluate(
        "() => { const t = document.getElementById('tip');"
        " return t && {hidden: t.hidden, text: t.textContent, for: t.dataset.for || '', how: t.dataset.how || '',"
        " wait: t.dataset.wait || ''}; }"
    )


def check_clear(page, name, anchor):
    """The tip on show covers neither its element, the trick, the status line nor a lesson's instruction, and
    lies inside the screen."""
    width, height = page.viewport_size["width"], page.viewport_size["height"]
    box = page.evaluate(BOX, "#tip")
    assert box is not None, name
    assert box[0] >= 0 and box[1] >= 0 and box[2] <= width and box[3] <= height, (name, box)
    for what in ("#trick", "#status", "#lesson-panel"):
        other = page.evaluate(BOX, what)
        if other is not None:
            assert not meets(box, other), (name, what, box, other)
    own = page.evaluate(BOX, anchor.element_handle())
    assert not meets(box, own), (name, "its own element", box, own)


def test_a_reason_shows_on_purpose_clear_of_the_trick_and_the_status_line(make_table, tmp_path):
    # one page resized to each size (the tip is placed from the window's size when it shows); each size plays the
    # same deal from its start, imported
    start = tmp_path / "start.json"
    start.write_text(json.dumps(to_record(Game(Rules(), seed=5))))
    table = make_table(viewport={"width": SIZES[0][0], "height": SIZES[0][1]})
    table.open("fresh=1&seed=5&speed=instant&sound=0")
    for index, (width, height) in enumerate(SIZES):
        if index:
            table.page.keyboard.press("Escape")
            table.page.set_viewport_size({"width": width, "height": height})
            import_record(table, start, "bidding")
        reasons_at(table, width, height)


def reasons_at(table, width: int, height: int) -> None:
    """One size: a dimmed card's reason on a resting pointer, a computer's card in the trick, Escape, focus."""
    page = table.page
    to_a_dimmed_card(table)
    assert tip(page)["hidden"]

    # a card I cannot play: the pointer moves onto it and rests -> its reason, after the delay
    card = page.locator("#hand button.illegal").first
    rest_on(page, card)
    page.wait_for_function("document.getElementById('tip').dataset.how === 'hover'")
    shown = tip(page)
    assert shown["for"] == "card:" + card.get_attribute("data-card")
    assert shown["text"] and shown["text"] in card.get_attribute("aria-label")  # the words its label says
    check_clear(page, f"{width}x{height} dimmed card", card)
    shot(page, f"{width}x{height}-dimmed-card")

    # moving away hides it
    page.mouse.move(2, height - 2)
    page.mouse.move(3, height - 3)
    page.wait_for_function("document.getElementById('tip').hidden")

    # a computer's card in the trick: its reason, clear of the trick it lies in
    played = page.locator("#trick .card[data-tip]").last
    rest_on(page, played)
    page.wait_for_function("document.getElementById('tip').dataset.how === 'hover'")
    assert tip(page)["for"].startswith("trick:")
    assert tip(page)["text"] == played.get_attribute("data-tip")
    check_clear(page, f"{width}x{height} trick card", played)
    shot(page, f"{width}x{height}-trick-card")

    # Escape hides it; the keyboard's focus shows it again at once
    page.keyboard.press("Escape")
    page.wait_for_function("document.getElementById('tip').hidden")
    page.mouse.move(2, height - 2)
    for _ in range(20):  # Tab through the page until a card with a reason has the focus
        page.keyboard.press("Tab")
        if page.evaluate("!!document.activeElement.closest('#trick') && document.activeElement.matches('[data-tip]')"):
            break
    else:
        raise AssertionError("Tab never reached a computer's card in the trick")
    page.wait_for_function("document.getElementById('tip').dataset.how === 'focus'")
    check_clear(page, f"{width}x{height} focused trick card", page.locator(":focus"))
    page.keyboard.press("Shift+Tab")  # the focus goes back to the toolbar: the tip goes
    page.wait_for_function("document.getElementById('tip').hidden")


def test_a_tap_shows_a_reason_and_a_tap_elsewhere_hides_it(make_table):
    table = make_table(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True)
    page = table.page
    table.open("fresh=1&seed=5&speed=instant&sound=0")
    to_a_dimmed_card(table)
    played = page.locator("#trick .card[data-tip]").last
    played.tap()
    page.wait_for_function("document.getElementById('tip').dataset.how === 'tap'")
    check_clear(page, "390x844 tapped trick card", played)
    shot(page, "390x844-tapped")
    page.locator("#game-info").tap()
    page.wait_for_function("document.getElementById('tip').hidden")


def test_a_resting_pointer_opens_no_tooltip(table):
    """Cards drawn under a pointer that has not moved (East's next cards, where East's card lies) open nothing,
    though they are under it (``:hover``); the same spot opens one as soon as the pointer moves."""
    page = table.page
    table.open("fresh=1&seed=5&speed=instant&sound=0")
    table.bid("3")
    table.wait_await("play")
    east = page.locator("#trick [data-slot='E'] .card[data-tip]")
    assert east.count() == 1  # seed 5: North leads, East follows, then me
    box = east.bounding_box()
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    page.mouse.move(x - 4, y)
    page.mouse.move(x, y)
    page.wait_for_function("document.getElementById('tip').dataset.how === 'hover'")
    page.keyboard.press("Escape")  # dismissed: the pointer stays where it is from now on
    page.wait_for_function("document.getElementById('tip').hidden")
    first = page.evaluate(UNDER, [x, y])["label"]
    seen = 0
    for _ in range(8):  # play by keyboard: the pointer never moves
        card = table.legal_cards()[0]
        page.focus(f"#hand [data-card='{card}']")
        page.keyboard.press("Enter")
        page.wait_for_function("c => !document.querySelector(`#hand [data-card='${c}']`)", arg=card)
        if table.wait_await("play", "hand-over") != "play":
            break
        under = page.evaluate(UNDER, [x, y])
        if under is None or under["label"] == first:
            continue  # I lead this trick: no card of East's under the pointer yet
        # a new card of East's, drawn under the resting pointer, which the browser counts as hovered
        page.wait_for_function("xy => { const e = document.elementFromPoint(...xy).closest('[data-tip]');"
                               " return e && e.matches(':hover'); }", arg=[x, y])  # fmt: skip
        page.evaluate("() => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))")
        now = tip(page)
        assert now["hidden"] and not now["wait"], (under, now)  # nothing shown, nothing on its way
        first = under["label"]
        seen += 1
    assert seen >= 2, "East's cards were never drawn under the pointer"
    page.mouse.move(x + 3, y + 1)  # the person moves: now it opens
    page.wait_for_function("document.getElementById('tip').dataset.how === 'hover'")


def open_rated(page):
    page.locator("#btn-menu").click()
    page.locator("#menu [data-action='rated-game']").click()
    page.wait_for_selector("#dlg-confirm[open]")
    page.locator("#dlg-confirm [data-action='confirm-ok']").click()
    page.wait_for_function("document.getElementById('btn-hint').getAttribute('data-off') === 'why_rated_hint'")


def described(page, selector):
    return page.evaluate(
        "s => { const e = document.querySelector(s); const d = document.getElementById("
        "e.getAttribute('aria-describedby') || ''); return d ? d.textContent : null; }",
        selector,
    )


@pytest.mark.parametrize(
    ("lang", "hint", "undo"),
    [
        ("en", "No hints in rated games", "No undo in rated games"),
        ("zh-Hans", "计分对局不能提示", "计分对局不能悔牌"),
        ("zh-Hant", "計分對局不能提示", "計分對局不能悔牌"),
    ],
)
def test_a_rated_game_says_why_hint_and_undo_are_greyed(make_table, lang, hint, undo):
    table = make_table(viewport={"width": 390, "height": 844})
    page = table.page
    table.open(f"fresh=1&seed=5&speed=instant&sound=0&lang={lang}")
    assert page.locator("#btn-hint").get_attribute("aria-disabled") is None  # a casual game: no reason given
    open_rated(page)
    for button, words in (("#btn-hint", hint), ("#btn-undo", undo)):
        assert page.locator(button).get_attribute("aria-disabled") == "true"
        assert page.locator(button).is_disabled()  # greyed, as a person and the test hooks see it
        assert described(page, button) == words  # what a screen reader says after its name
    # a tap (a click) says it beside the button and in the status line; nothing else happens
    table.wait_await("bid", "blind")
    page.locator("#btn-hint").click(force=True)  # greyed (aria-disabled), yet a person can still tap it
    page.wait_for_function("w => document.getElementById('tip').textContent === w", arg=hint)
    page.wait_for_function("w => document.getElementById('status').textContent === w", arg=hint)
    check_clear(page, f"390x844 {lang} greyed hint", page.locator("#btn-hint"))
    assert page.locator("#bid-panel [data-bid].hinted").count() == 0
    shot(page, f"390x844-{lang}-rated-hint")
    # the keyboard's focus (Tab) says it too
    page.keyboard.press("Escape")
    page.locator("#btn-hint").focus()
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.id") == "btn-undo"
    page.wait_for_function("w => document.getElementById('tip').textContent === w", arg=undo)


def test_the_daily_deal_is_marked_and_says_why_hint_and_undo_are_greyed(make_table):
    for lang, badge, why in (
        ("en", "Daily · Nov 30", "The daily deal is played without hints or undo"),
        ("zh-Hans", "每日一副 11月30日", "每日一副不能提示，也不能悔牌"),
    ):
        table = make_table(viewport={"width": 1280, "height": 800})
        page = table.page
        table.open(f"daily=2026-11-30&speed=instant&sound=0&lang={lang}")
        table.wait_await("bid", "blind")
        marked = page.locator("#daily-badge")
        assert marked.is_visible() and marked.get_attribute("data-daily") == "2026-11-30"
        assert marked.inner_text() == badge
        assert "2026" in marked.get_attribute("aria-label")  # the whole date for a screen reader
        assert page.evaluate("document.getElementById('game-info').contains(document.getElementById('daily-badge'))")
        for button in ("#btn-hint", "#btn-undo"):
            assert page.locator(button).get_attribute("data-off") == "why_daily_help"
            assert described(page, button) == why
        rest_on(page, page.locator("#btn-undo"))
        page.wait_for_function("w => document.getElementById('tip').textContent === w", arg=why)
        check_clear(page, f"1280x800 {lang} daily undo", page.locator("#btn-undo"))
        shot(page, f"1280x800-{lang}-daily")
        # a new ordinary game: no badge, Hint open again
        page.locator("#btn-menu").click()
        page.locator("#menu [data-action='new-game']").click()
        page.wait_for_selector("#dlg-confirm[open]")
        page.locator("#dlg-confirm [data-action='confirm-ok']").click()
        page.wait_for_function("!document.getElementById('daily-badge')?.checkVisibility()")
        page.wait_for_function("!document.getElementById('btn-hint').hasAttribute('data-off')")


RECORD_HANDS = """(() => {
  window.__hands = [];
  const record = () => {
    const cards = [...document.querySelectorAll('#hand [data-card]')].map(e => e.dataset.card);
    const last = window.__hands[window.__hands.length - 1];
    if (cards.length && (!last || last.join() !== cards.join())) window.__hands.push(cards);
  };
  new MutationObserver(record).observe(document, {subtree: true, childList: true, attributes: true});
})()"""


def test_the_daily_deal_over_a_saved_game_never_draws_the_saved_game(make_table, server):
    """``?daily=`` with an unfinished game saved: every hand the page draws (a MutationObserver records each) is
    the daily deal's; the question whether to replace the saved game comes over the loading screen."""
    table = make_table()
    page = table.page
    table.open("fresh=1&seed=5&speed=instant&sound=0")
    table.wait_await("bid", "blind")
    old = sorted(table.hand())
    page.add_init_script(RECORD_HANDS)
    page.goto(f"{server}/?daily=2026-11-30&speed=instant&sound=0")
    page.wait_for_selector("#dlg-confirm[open]", timeout=60_000)
    assert page.locator("#loading").is_visible()  # the loading screen, not the saved game, under the question
    assert page.evaluate("window.__hands") == []
    page.locator("#dlg-confirm [data-action='confirm-ok']").click()
    table.wait_ready()
    page.wait_for_selector("#daily-badge:not([hidden])")
    hands = page.evaluate("window.__hands")
    assert hands and all(sorted(hand) != old for hand in hands), hands
    assert sorted(hands[0]) == sorted(table.hand())  # the first hand drawn is the daily deal's


@pytest.mark.parametrize(("width", "height"), [(320, 568), (844, 390)], ids=["320x568", "844x390"])
def test_in_a_lesson_a_reason_leaves_the_instruction_readable(make_table, width, height):
    """The first lesson asks for a heart: my other cards cannot be played, and their reason covers neither the
    lesson's instruction (``#lesson-panel``, in the status line's place) nor the trick."""
    table = make_table(viewport={"width": width, "height": height})
    page = table.page
    open_lesson(table, "follow-suit")
    # a card I cannot play whose point (10, 30) is its own (in two rows the lower row covers part of the upper)
    name = page.evaluate(
        "() => [...document.querySelectorAll('#hand button.illegal')].map(c => [c, c.getBoundingClientRect()])"
        ".filter(([c, r]) => document.elementFromPoint(r.left + 10, r.top + 30)?.closest('button') === c)"
        ".map(([c]) => c.dataset.card)[0]"
    )
    card = page.locator(f"#hand button[data-card='{name}']")
    assert card.get_attribute("data-tip")
    rest_on(page, card)
    page.wait_for_function("n => document.getElementById('tip').dataset.for === 'card:' + n", arg=name)
    assert page.evaluate(BOX, "#lesson-panel") is not None
    check_clear(page, f"{width}x{height} lesson", card)
    shot(page, f"{width}x{height}-lesson")
