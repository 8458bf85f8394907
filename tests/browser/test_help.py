"""The help window (static/app/helpdoc.py, static/help/help.json): opened by `?` and by the menu, in English and
in Traditional Chinese; its contents move the focus to a section and back; a worked example shows our scoring's
figures; the keyboard list is complete; nothing scrolls sideways on a phone (390×844); and it opens offline."""

from __future__ import annotations

import pytest

from spades.rules import Rules
from spades.scoring import NIL, score_team

pytestmark = pytest.mark.browser

PHONE = {"width": 390, "height": 844}
SECTIONS = 11
READY = "#help-content[data-help='ready']"
STARTED = "document.body.dataset.phase !== 'loading' && document.body.dataset.await !== ''"


def open_help_by_key(page):
    page.locator("body").focus()
    page.keyboard.press("?")
    page.wait_for_selector("#dlg-help[open] " + READY)


def open_help_by_menu(page):
    page.locator("#btn-menu").click()
    page.locator("#menu [data-action='help']").click()
    page.wait_for_selector("#dlg-help[open] " + READY)


def focused_id(page):
    return page.evaluate("document.activeElement && document.activeElement.id")


def heading_on_screen(page, name):
    """The section's heading is at the top of the window's visible part, below its sticky title bar."""
    return page.evaluate(
        """name => {
          const dialog = document.getElementById('dlg-help').getBoundingClientRect();
          const head = document.querySelector('.help-head').getBoundingClientRect();
          const h = document.getElementById('help-h-' + name).getBoundingClientRect();
          return h.top >= head.bottom - 1 && h.bottom <= dialog.bottom && h.top - head.bottom < 120;
        }""",
        name,
    )


def no_sideways_scroll(page):
    width = page.viewport_size["width"]
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    boxes = page.evaluate(
        """() => {
          const dialog = document.getElementById('dlg-help');
          const outer = dialog.getBoundingClientRect();
          const wide = [...dialog.querySelectorAll('.help-doc *')]
            .filter((el) => !el.closest('.help-scroll') || el.classList.contains('help-scroll'))
            .filter((el) => { const r = el.getBoundingClientRect(); return r.width && r.right > outer.right + 0.5; })
            .map((el) => el.className || el.tagName);
          return {scroll: dialog.scrollWidth, client: dialog.clientWidth, right: outer.right, wide};
        }"""
    )
    assert boxes["scroll"] <= boxes["client"], boxes
    assert boxes["right"] <= width and not boxes["wide"], boxes


def test_help_in_english_by_the_question_mark(table):
    table.open("fresh=1&seed=5&speed=instant&sound=0&lang=en")
    page = table.page
    open_help_by_key(page)
    assert page.locator("#dlg-help-title").inner_text() == "How to play"
    assert page.locator(".help-toc a[data-help-goto]").count() == SECTIONS
    assert page.locator(".help-section").count() == SECTIONS

    # a contents link, by keyboard: the focus goes to the section's heading, shown at the top
    page.locator(".help-toc a[data-help-goto='scoring']").focus()
    page.keyboard.press("Enter")
    page.wait_for_function("document.activeElement.id === 'help-h-scoring'")
    assert heading_on_screen(page, "scoring")
    assert "#" not in page.url  # the address is left alone

    # the seeds' worked example, with our scoring's figures and the score sheet's words
    made = score_team(Rules(), (NIL, 5), (0, 6), 0)
    example = page.locator("[data-example='nil-made']")
    assert example.get_attribute("data-points") == str(made.points) == "151"
    calc = example.locator(".help-calc").inner_text()
    assert f"+{made.points}" in calc and "Nil (North) +100" in calc and "1 bag" in calc
    failed = page.locator("[data-example='nil-failed'] .help-calc").inner_text()
    assert str(score_team(Rules(), (NIL, 5), (2, 4), 0).points) in failed and "2 bags" in failed

    # back to the contents
    page.locator("#help-s-scoring .help-back a").click()
    page.wait_for_function("document.activeElement.id === 'help-toc-title'")

    # the keyboard list: every shortcut, L and ? included
    page.locator(".help-toc a[data-help-goto='keys']").click()
    page.wait_for_function("document.activeElement.id === 'help-h-keys'")
    keys = page.eval_on_selector_all("#help-s-keys kbd", "els => els.map(e => e.dataset.key)")
    for key in ("ArrowLeft", "Home", "Enter", " ", "0–9", "N", "B", "V", "H", "U", "S", "L", "?", "Escape"):
        assert key in keys, key
    anywhere = page.locator("[data-keys='any']").inner_text()
    assert "Last trick" in anywhere and "How to play" in anywhere

    # Esc closes it; shortcuts work again
    page.keyboard.press("Escape")
    page.wait_for_selector("#dlg-help:not([open])", state="attached")
    open_help_by_key(page)  # a second opening uses the text already loaded
    page.keyboard.press("Escape")

    # the same window on a phone: nothing scrolls sideways
    page.set_viewport_size(PHONE)
    open_help_by_menu(page)
    no_sideways_scroll(page)
    for name in ("scoring", "variants", "keys"):
        page.locator(f".help-toc a[data-help-goto='{name}']").click()
        page.wait_for_function("name => document.activeElement.id === 'help-h-' + name", arg=name)
        no_sideways_scroll(page)


def test_help_in_traditional_chinese_on_a_phone(table):
    table.page.set_viewport_size(PHONE)
    table.open("fresh=1&seed=5&speed=instant&sound=0&lang=zh-Hant")
    page = table.page
    open_help_by_menu(page)
    assert page.locator("#dlg-help-title").inner_text() == "玩法說明"
    links = page.eval_on_selector_all(".help-toc a", "els => els.map(e => e.textContent)")
    assert links[0] == "遊戲簡介" and "計分" in links and links[-1] == "鍵盤操作"
    no_sideways_scroll(page)

    page.locator(".help-toc a[data-help-goto='scoring']").click()
    page.wait_for_function("document.activeElement.id === 'help-h-scoring'")
    assert heading_on_screen(page, "scoring")
    calc = page.locator("[data-example='nil-made'] .help-calc").inner_text()
    assert calc == "得分：零叫（北家）+100 · 定約 5，超 1 墩 → 51 = +151，1 袋"
    assert "叫 4 + 3" in page.locator("[data-example='made']").inner_text()
    no_sideways_scroll(page)

    page.locator("#help-s-scoring .help-back a").click()
    page.wait_for_function("document.activeElement.id === 'help-toc-title'")
    page.locator(".help-toc a[data-help-goto='keys']").click()
    anywhere = page.locator("[data-keys='any']").inner_text()
    assert "上一墩" in anywhere and "玩法說明" in anywhere
    assert page.locator("[data-keys='hand'] kbd[data-key=' ']").inner_text() == "空白鍵"
    no_sideways_scroll(page)


def test_help_that_cannot_load_gives_the_short_help_and_tries_again(make_page, server):
    page = make_page(service_workers="block")  # a service worker's cached copy would get past the route
    page.route("**/static/vendor/early/help.*.html", lambda route: route.abort())  # the built window (helpwindow.py)
    page.goto(f"{server}/?fresh=1&seed=5&speed=instant&sound=0&lang=en")
    page.wait_for_function(STARTED, timeout=60_000)
    page.locator("#btn-menu").click()
    page.locator("#menu [data-action='help']").click()
    page.wait_for_selector("#dlg-help[open] #help-content[data-help='failed']")
    text = page.locator("#help-content").inner_text()
    assert "could not be loaded" in text and "Spades are always trump" in text
    assert page.locator("#help-content [data-keys='any'] kbd[data-key='L']").count() == 1
    page.keyboard.press("Escape")
    page.unroute("**/static/vendor/early/help.*.html")
    open_help_by_menu(page)
    assert page.locator(".help-section").count() == SECTIONS


@pytest.mark.service_workers  # reads the offline state (conftest.make_page)
def test_help_opens_offline(make_page, server):
    """The help's text is fetched when Help first opens: offline, the service worker has it."""
    page = make_page()
    page.goto(f"{server}/?fresh=1&seed=5&speed=instant&sound=0&lang=en")
    page.wait_for_function("document.documentElement.dataset.offline === 'ready'", timeout=120_000)
    page.context.set_offline(True)
    page.reload()
    page.wait_for_function(STARTED, timeout=60_000)
    open_help_by_menu(page)
    assert page.locator(".help-section").count() == SECTIONS
