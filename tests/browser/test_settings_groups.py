"""The settings form in groups (issue 23): Display and sound, Rules (the preset first), your seat and the computer
players, then Online (advanced) folded; every control found by its id; Save and Cancel reachable at every size, in
English and in Chinese."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.browser

SIZES = [(320, 568), (844, 390), (1280, 800)]
LEGENDS = {
    "en": ["Display and sound", "Rules", "Computer players"],
    "zh-Hans": ["显示与声音", "规则", "电脑玩家"],
}
ONLINE = {"en": "Online (advanced)", "zh-Hans": "在线对局（高级）"}


def open_settings(page):
    page.locator("#btn-menu").click()
    page.locator("#menu [data-action='settings']").click()
    page.wait_for_selector("#dlg-settings[open] #set-preset")
    return page.locator("#dlg-settings")


def inside(page, locator):
    """Whether ``locator``'s box lies inside the viewport."""
    box = locator.bounding_box()
    size = page.viewport_size
    return (
        box is not None
        and box["x"] >= 0
        and box["y"] >= 0
        and (box["x"] + box["width"] <= size["width"] + 0.5 and box["y"] + box["height"] <= size["height"] + 0.5)
    )


@pytest.mark.parametrize("lang", ["en", "zh-Hans"])
@pytest.mark.parametrize(("width", "height"), SIZES)
def test_the_settings_are_in_groups_with_online_folded(make_table, lang, width, height):
    table = make_table(viewport={"width": width, "height": height})
    table.open(f"fresh=1&speed=instant&sound=0&lang={lang}")
    page = table.page
    dialog = open_settings(page)
    groups = dialog.locator(".settings-grid > *")
    ids = groups.evaluate_all("els => els.map(e => e.id)")
    assert ids == ["display-fields", "rules-fields", "players-fields", "settings-online"]
    legends = [dialog.locator(f"#{g} > legend").inner_text() for g in ids[:3]]
    assert legends == LEGENDS[lang]
    # read in that order: on a phone one under the other; on a wide window the rules to the right of display
    boxes = [dialog.locator(f"#{g}").bounding_box() for g in ids]
    display, rules = boxes[0], boxes[1]
    assert display["y"] <= rules["y"] + 1 and (display["x"] < rules["x"] or display["y"] < rules["y"])
    # the online group is folded: its summary shows, its fields do not, until it is opened
    online = dialog.locator("#settings-online")
    assert online.evaluate("el => el.tagName === 'DETAILS' && !el.open")
    assert dialog.locator("#settings-online > summary").inner_text().strip() == ONLINE[lang]
    assert not page.locator("#set-relay").is_visible() and not page.locator("#set-ice").is_visible()
    assert dialog.locator("#online-fields > legend").inner_text() == ""  # visually hidden: named for readers
    assert dialog.locator("#online-fields").evaluate("el => el.querySelector('legend').textContent") == ONLINE[lang]
    # every control keeps its id, and the first focus is the language, the first display setting
    assert page.evaluate("document.activeElement.id") == "set-lang"
    for control in ("set-sound", "set-speed", "set-target", "set-bidding", "set-seat", "set-relay", "set-ice"):
        assert page.locator(f"#{control}").count() == 1
    # save and cancel reachable: in view once scrolled to, and they work
    save = dialog.locator("[data-action='settings-save']")
    save.scroll_into_view_if_needed()
    assert inside(page, save) and inside(page, dialog.locator("[data-action='settings-cancel']"))
    dialog.locator("#settings-online > summary").click()
    page.wait_for_function("document.getElementById('settings-online').open")
    page.locator("#set-relay").fill("wss://tracker.example.org")
    save.click()
    page.wait_for_function("!document.getElementById('dlg-settings').open")
    assert "tracker.example.org" in page.evaluate("localStorage.getItem('spades-settings')")
    dialog = open_settings(page)  # a value set: the group opens by itself
    assert dialog.locator("#settings-online").evaluate("el => el.open")
    assert page.locator("#set-relay").input_value() == "wss://tracker.example.org"
    dialog.locator("[data-action='settings-cancel']").click()
    page.wait_for_function("!document.getElementById('dlg-settings').open")
