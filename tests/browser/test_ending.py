"""The end of a hand and of a game on every screen (issue 23): the windows' buttons stay on the screen and can be
pressed (a sticky row at the dialog's foot), and the ending says who won with the game's figures, which equal the
score sheet's; Undo is not offered after the game, Rematch deals a new game. Screenshots of every size go to
``test-artifacts/ending/`` (gitignored).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from spades.formats.record import to_record
from tests.browser.test_layout import FAST_BOTS, import_record, two_hands, whole_game

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = ROOT / "test-artifacts" / "ending"
DEVICES = {  # one page a kind of device and language, resized to each of its sizes in turn (the windows follow the
    # window's size; each size imports the records again); Rematch last, at 390x844 in English
    "phones-en": ("en", [(320, 568), (844, 390), (390, 844)]),
    "phones-zh-Hans": ("zh-Hans", [(320, 568), (390, 844), (844, 390)]),
    "desktops-en": ("en", [(1280, 800), (1920, 1080)]),
    "desktops-zh-Hans": ("zh-Hans", [(1280, 800), (1920, 1080)]),
}

# Each button of the open dialog's action row: its box, whether it is inside the viewport, and whether it is the
# element at its centre (nothing covers it, it is not scrolled out of its dialog).
BUTTONS = """(id) => {
  const dialog = document.getElementById(id);
  return [...dialog.querySelectorAll('.dlg-buttons button')].filter(b => b.offsetParent).map(b => {
    const r = b.getBoundingClientRect(), x = r.left + r.width / 2, y = r.top + r.height / 2;
    const hit = document.elementFromPoint(x, y);
    return {action: b.dataset.action, inside: r.left >= 0 && r.top >= 0 && r.right <= innerWidth
      && r.bottom <= innerHeight, top: hit === b || b.contains(hit), h: r.height,
      scrolls: dialog.scrollHeight > dialog.clientHeight};
  });
}"""


@pytest.fixture(scope="module")
def records(tmp_path_factory):
    folder = tmp_path_factory.mktemp("ending")
    hands, game = folder / "two-hands.json", folder / "game.json"
    hands.write_text(json.dumps(to_record(two_hands())))
    game.write_text(json.dumps(to_record(whole_game())))
    return {"hand-over": hands, "game-over": game}


def shoot(page, name: str) -> None:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{name}.png"))


def check_buttons(page, where: str, dialog: str, expected: list[str]) -> list[dict]:
    found = page.evaluate(BUTTONS, dialog)
    assert [b["action"] for b in found] == expected, where
    bad = [b for b in found if not (b["inside"] and b["top"])]
    assert not bad, f"{where}: buttons off the screen or covered: {bad}"
    assert all(b["h"] >= 44 for b in found), f"{where}: buttons under 44 px: {found}"
    return found


def sheet_figures(page) -> dict:
    """What the open score sheet shows, counted as the ending counts it (hands, made and set contracts per
    team, nils made and failed per team)."""
    return page.evaluate(
        """() => {
      const out = {hands: document.querySelectorAll('#dlg-scores section.sheet-hand').length};
      for (const team of ['NS', 'EW']) {
        const rows = [...document.querySelectorAll(`#dlg-scores tr[data-team='${team}']`)];
        const tags = rows.flatMap(r => [...r.querySelectorAll('td.points .tag')])
          .filter(t => !['nil', 'blind_nil'].includes(t.dataset.part));
        const seats = team === 'NS' ? ['N', 'S'] : ['E', 'W'];
        const nils = [...document.querySelectorAll('#dlg-scores tr[data-seat] td.c-bid .tag')]
          .filter(t => seats.includes(t.closest('tr').dataset.seat));
        out[team] = {made: tags.filter(t => t.classList.contains('made')).length,
          sets: tags.filter(t => t.classList.contains('set')).length,
          nils_made: nils.filter(t => t.classList.contains('made')).length,
          nils_failed: nils.filter(t => t.classList.contains('set')).length};
      }
      return out;
    }"""
    )


def ending_figures(page) -> dict:
    return page.evaluate(
        """() => {
      const table = document.querySelector('#dlg-hand table.game-figures');
      const cell = (key, team) => table.querySelector(`tr[data-figure='${key}'] td[data-team='${team}']`)
        .textContent;
      const out = {hands: Number(table.querySelector('caption').textContent.match(/\\d+/)[0])};
      for (const team of ['NS', 'EW']) {
        out[team] = {made: Number(cell('made', team).match(/\\d+/)[0]), sets: Number(cell('sets', team)),
          nils_made: Number(cell('nils_made', team)), nils_failed: Number(cell('nils_failed', team))};
      }
      return out;
    }"""
    )


@pytest.mark.parametrize("device", DEVICES)
def test_the_end_of_a_hand_and_of_the_game(make_table, records, device):
    lang, sizes = DEVICES[device]
    width, height = sizes[0]
    table = make_table(
        viewport={"width": width, "height": height},
        is_mobile=width < 1000,
        has_touch=width < 1000,
        locale="zh-CN" if lang == "zh-Hans" else "en-US",
    )
    table.open(f"fresh=1&speed=instant&sound=0&lang={lang}", settings=FAST_BOTS)
    for width, height in sizes:
        table.page.set_viewport_size({"width": width, "height": height})
        table.page.evaluate("document.querySelectorAll('dialog[open]').forEach((d) => d.close())")
        ends_at(table, records, width, height, lang)


def ends_at(table, records, width: int, height: int, lang: str) -> None:
    """One size: the end of a hand, its score sheet, the end of the game and its sheet (and Rematch once)."""
    name = f"{width}x{height}-{lang}"
    page = table.page

    # the end of a hand: Next hand on the screen, pressable, at every size
    import_record(table, records["hand-over"], "hand-over")
    shoot(page, f"{name}-1-hand-over")
    check_buttons(page, f"{name} hand over", "dlg-hand", ["scores", "next-hand"])
    # its score sheet too (the window scrolls; its buttons stay)
    page.locator("#dlg-hand [data-action='scores']").click()
    page.locator("#dlg-scores #dlg-scores-title").wait_for()
    check_buttons(page, f"{name} score sheet", "dlg-scores", ["close-dialog"])
    page.locator("#dlg-scores [data-action='close-dialog']").click()
    page.wait_for_function("!document.getElementById('dlg-scores').open")
    page.locator("#dlg-hand").evaluate("d => d.close()")

    # the end of the game: the ending, its buttons on the screen, no undo
    import_record(table, records["game-over"], "game-over")
    page.locator("#dlg-hand .ending").wait_for()
    shoot(page, f"{name}-2-game-over")
    check_buttons(page, f"{name} game over", "dlg-hand", ["scores", "scores-close", "new-game", "new-game-now"])
    assert page.locator("#btn-undo").is_disabled()
    ending = ending_figures(page)
    ns, ew = (int(page.locator(f"[data-score='{team}']").inner_text()) for team in ("NS", "EW"))
    finals = page.eval_on_selector_all(
        "#dlg-hand .final-side", "els => els.map(e => [e.dataset.team, e.querySelector('strong').textContent])"
    )
    assert dict(finals) == {"NS": str(ns), "EW": str(ew)}

    # the figures are the score sheet's
    page.locator("#dlg-hand [data-action='scores']").click()
    page.wait_for_function("document.querySelectorAll('#dlg-scores section.sheet-hand').length > 1")
    shoot(page, f"{name}-3-game-sheet")
    check_buttons(page, f"{name} game's score sheet", "dlg-scores", ["close-dialog"])
    seen = sheet_figures(page)
    assert {k: ending[k] for k in ("hands",)} == {"hands": seen["hands"]}
    for team in ("NS", "EW"):
        assert ending[team] == seen[team], team
    page.locator("#dlg-scores [data-action='close-dialog']").click()

    if (width, lang) == (390, "en"):  # Rematch: a new game of the same settings, at 0–0
        if not page.locator("#dlg-hand").is_visible():
            page.locator("#dlg-hand").evaluate("d => d.showModal()")
        page.locator("#dlg-hand [data-action='new-game-now']").click()
        page.wait_for_function("['bidding'].includes(document.body.dataset.phase)")
        assert page.locator("[data-score='NS']").inner_text() == "0"
        assert not page.locator("#dlg-hand").is_visible()
