"""The table's cards, motion and sound (issue 23, "The table"): each card shows its SVG face (the vendored deck,
static/vendor/cards/) with its accessible name, the four-colour setting changes the faces, the corner index stays
readable on a small phone; the deal and the sweep animate at the chosen speed and leave no animation state behind,
and with reduced motion there is none; the mute button toggles, is named in three languages and remembered, and
the volume is kept."""

from __future__ import annotations

import pytest

from tests.browser.test_first_hand import choose_language

pytestmark = pytest.mark.browser

FAST_BOTS = {"bots": {"N": "beginner", "E": "beginner", "W": "beginner"}}
QUERY = "fresh=1&seed=7&speed=instant&sound=0"
MUTE = {"en": "Mute", "zh-Hans": "静音", "zh-Hant": "靜音"}
INDEX = 64.4 / 240  # the deck's corner rank: 70 of the card's 240 units, its glyph 92% of that (scripts/vendor.py)

# The faces on show in the hand: which file, loaded or not, the box, and what the card's button is called.
FACES = """() => [...document.querySelectorAll('#hand button[data-card]')].map(button => {
  const shown = [...button.querySelectorAll('img.face')].filter(img => getComputedStyle(img).display !== 'none');
  const img = shown[0];
  const r = img ? img.getBoundingClientRect() : null;
  return {card: button.dataset.card, label: button.getAttribute('aria-label'), shown: shown.length,
          file: img ? img.getAttribute('src').split('/').pop() : null,
          loaded: !!img && img.complete && img.naturalWidth > 0,
          alt: img ? img.getAttribute('alt') : null, width: r ? r.width : 0};
})"""


def faces(page):
    page.wait_for_function(
        "() => [...document.querySelectorAll('#hand img.face')].filter(i => getComputedStyle(i).display !== 'none')"
        ".every(i => i.complete && i.naturalWidth > 0)"
    )
    return page.evaluate(FACES)


@pytest.mark.parametrize(("width", "height"), [(320, 568), (1280, 800)])
def test_each_card_of_the_hand_shows_its_svg_face_and_keeps_its_name(make_table, width, height):
    table = make_table(viewport={"width": width, "height": height})
    table.open(QUERY, settings=FAST_BOTS)
    table.wait_await("bid")
    page = table.page
    seen = faces(page)
    assert len(seen) == 13
    for face in seen:
        assert face["shown"] == 1 and face["file"] == face["card"] + ".svg" and face["loaded"], face
        assert face["alt"] == ""  # decorative: the button is the card
        assert face["label"]  # the card's name, e.g. "King of spades"
    king = page.get_by_role("button", name="King of spades", exact=True)
    assert king.count() == 1 and king.get_attribute("data-card") == "KS"
    # the corner index (the deck's big index) is at least 14 px high on every card
    smallest = min(face["width"] for face in seen) * INDEX
    assert smallest >= 14, f"the corner index is {smallest:.1f} px high"
    # the keyboard still moves along the hand and plays a card
    table.bid("3")
    table.wait_await("play")
    page.locator("#hand button[data-card][tabindex='0']").focus()
    focused = page.evaluate("document.activeElement.dataset.card")
    assert focused and page.evaluate("document.activeElement.querySelector('img.face') !== null")


def test_the_four_colour_setting_changes_the_diamonds_and_clubs(make_table):
    table = make_table(viewport={"width": 1280, "height": 800})
    table.open(QUERY, settings=FAST_BOTS)
    table.wait_await("bid")
    page = table.page
    before = {face["card"]: face["file"] for face in faces(page)}
    assert any(card[1] in "DC" for card in before)  # seed 7 holds both
    assert all(file == card + ".svg" for card, file in before.items())
    page.locator("#btn-menu").click()
    page.locator("#menu [data-action='settings']").click()
    page.locator("#set-four_color").check()
    page.locator("#dlg-settings [data-action='settings-save']").click()
    page.wait_for_function("document.documentElement.dataset.fourColor === '1'")
    after = {face["card"]: face["file"] for face in faces(page)}
    for card, file in after.items():
        assert file == (card + "-4.svg" if card[1] in "DC" else card + ".svg"), (card, file)


def deal_log(page):
    """Every change of <html data-deal> from the page's start: [[value, ms], ...]."""
    page.add_init_script(
        "document.addEventListener('DOMContentLoaded', () => new MutationObserver(() =>"
        " (window.__deal = window.__deal || []).push(document.documentElement.getAttribute('data-deal')))"
        ".observe(document.documentElement, {attributes: true, attributeFilter: ['data-deal']}));"
    )


NO_MOTION = (
    "() => !document.documentElement.hasAttribute('data-deal') && !document.querySelector('#trick.collect')"
    " && document.getAnimations().filter(a => ['deal-in', 'sweep'].includes(a.animationName)"
    " && a.playState === 'running').length === 0"
)


def no_motion_left(page):
    """No deal, no sweep, no running card animation (once the computers' moves on show are done)."""
    table_idle = "() => ['play', 'hand-over'].includes(document.body.dataset.await)"
    page.wait_for_function(table_idle)
    state = page.evaluate(
        "() => ({deal: document.documentElement.getAttribute('data-deal'), trick: document.getElementById('trick')"
        ".className, running: document.getAnimations().filter(a => a.playState === 'running')"
        ".map(a => a.animationName)})"
    )
    return page.evaluate(NO_MOTION) or state


def play_to_a_sweep(table):
    """Bid, then play until a trick is swept; returns whether the sweep was seen as a class of the trick."""
    page = table.page
    table.bid("3")
    page.evaluate(
        "() => { window.__swept = false; new MutationObserver(() => { if (document.querySelector('#trick.collect'))"
        " window.__swept = true; }).observe(document.getElementById('trick'), {attributes: true}); }"
    )
    for _ in range(4):
        table.wait_await("play")
        table.play_card(table.legal_cards()[0])
        if page.evaluate("window.__swept"):
            break
    page.wait_for_function("window.__swept === true")
    page.wait_for_function("!document.querySelector('#trick.collect')")
    return True


def test_the_deal_and_the_sweep_animate_at_the_chosen_speed_and_end(make_table):
    table = make_table(viewport={"width": 1280, "height": 800})
    deal_log(table.page)
    table.open("fresh=1&seed=7&speed=fast&sound=0", settings=FAST_BOTS)
    page = table.page
    page.wait_for_function("(window.__deal || []).includes('on')")  # the deal was on show
    page.wait_for_function("!document.documentElement.hasAttribute('data-deal')")  # and is over
    assert page.evaluate("window.__deal") == ["on", None]
    assert play_to_a_sweep(table)
    assert no_motion_left(page) is True


def test_reduced_motion_shows_the_deal_and_the_trick_without_movement(make_table):
    table = make_table(viewport={"width": 1280, "height": 800}, reduced_motion="reduce")
    deal_log(table.page)
    table.open("fresh=1&seed=7&speed=fast&sound=0", settings=FAST_BOTS)  # any speed but instant would move the cards
    page = table.page
    table.wait_await("bid")
    assert page.evaluate("window.__deal || []") in ([], [None])  # never dealt with motion
    assert page.evaluate("document.getAnimations().filter(a => a.animationName === 'deal-in').length") == 0
    assert play_to_a_sweep(table)  # the trick is still taken (it fades, it does not fly)
    assert no_motion_left(page) is True


MUTE_AT = (("en", 1280, 800), ("zh-Hans", 320, 568), ("zh-Hant", 844, 390))


def test_the_mute_button_toggles_by_click_and_keyboard_and_is_remembered(make_table):
    """In English on a desktop: click, remembered over a reload, Enter and Space, the settings' switch; then the
    same page in each Chinese (chosen in the settings) on a phone upright and sideways: named, large enough, a
    click toggles it."""
    table = make_table(viewport={"width": 1280, "height": 800})
    table.open("fresh=1&seed=7&speed=instant&lang=en", settings=FAST_BOTS)
    page = table.page
    mute = page.get_by_role("button", name=MUTE["en"], exact=True)
    assert mute.count() == 1 and mute.is_visible()
    assert mute.get_attribute("aria-pressed") == "false"  # sound is on by default
    box = mute.bounding_box()
    assert box["width"] >= 44 and box["height"] >= 44
    mute.click()
    page.wait_for_function("document.getElementById('btn-sound').getAttribute('aria-pressed') === 'true'")
    assert page.evaluate("JSON.parse(localStorage.getItem('spades-settings')).sound") is False
    page.reload()
    table.wait_ready()
    assert page.locator("#btn-sound").get_attribute("aria-pressed") == "true"  # remembered
    page.locator("#btn-sound").focus()
    page.keyboard.press("Enter")
    page.wait_for_function("document.getElementById('btn-sound').getAttribute('aria-pressed') === 'false'")
    page.keyboard.press("Space")
    page.wait_for_function("document.getElementById('btn-sound').getAttribute('aria-pressed') === 'true'")
    # the Settings' sound switch is the same setting
    page.locator("#btn-menu").click()
    page.locator("#menu [data-action='settings']").click()
    assert not page.locator("#set-sound").is_checked()
    page.keyboard.press("Escape")
    page.locator("#dlg-settings").wait_for(state="hidden")
    for lang, width, height in MUTE_AT[1:]:
        page.set_viewport_size({"width": width, "height": height})
        choose_language(page, lang)
        mute = page.get_by_role("button", name=MUTE[lang], exact=True)
        assert mute.count() == 1 and mute.is_visible(), lang
        box = mute.bounding_box()
        assert box["width"] >= 44 and box["height"] >= 44, (lang, box)
        pressed = mute.get_attribute("aria-pressed")
        mute.click()
        page.wait_for_function(
            "was => document.getElementById('btn-sound').getAttribute('aria-pressed') !== was", arg=pressed
        )


def test_the_volume_is_kept(make_table):
    table = make_table(viewport={"width": 1280, "height": 800})
    table.open(QUERY, settings=FAST_BOTS)
    page = table.page

    def open_settings():
        page.locator("#btn-menu").click()
        page.locator("#menu [data-action='settings']").click()
        page.wait_for_selector("#dlg-settings[open] #set-volume")

    open_settings()
    assert page.locator("#set-volume").input_value() == "70"  # the default
    page.locator("#set-volume").fill("35")
    page.locator("#dlg-settings [data-action='settings-save']").click()
    page.wait_for_function("!document.getElementById('dlg-settings').open")
    assert page.evaluate("JSON.parse(localStorage.getItem('spades-settings')).volume") == 35  # with the settings
    page.reload()
    table.wait_ready()
    open_settings()
    assert page.locator("#set-volume").input_value() == "35"
