"""The table fits every screen, from 320×480 to 2560×1440, both ways round (docs/page.md "Layout").

At each size the same deal is played from its start (instant speed) and looked at three times: in the bidding
window, in play with a trick on the table and some of your cards dimmed, and at the end of a hand with its window
open (one page a kind of device and language, resized from size to size). Each
time: no sideways (nor any) scrolling of the page; the score box, the tools, the four seat plates, the trick, your
hand, the status line, the bidding window and an open window all on the screen, and none of them on top of
another; bids and tools at least 44×44 px; each card a strip of at least 32 px to tap (or, where the hand is too
tight for that, a first tap lifts the card and a second plays it); card indices of at least 14 px on phones;
dimmed cards at least 3:1. Screenshots of every size and state go to ``test-artifacts/layout/`` (gitignored).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from spades import Game, Phase, Rules
from spades.bots import make_bot
from spades.formats.record import to_record

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = ROOT / "test-artifacts" / "layout"
FAST_BOTS = {"bots": {"N": "beginner", "E": "beginner", "W": "beginner"}}
SEED = 5  # the first trick is led in diamonds: following it dims some of your cards
DEVICES = {  # one page a kind of device (phones and a tablet with touch, desktops without) and language, resized
    # to each of its sizes in turn (the layout is the style sheet's, which follows the window); each size starts
    # from the same deal, imported
    "phones-en": ("en", [(320, 480), (360, 640), (390, 844), (568, 320), (844, 390), (768, 1024)]),
    "phones-zh-Hans": ("zh-Hans", [(320, 480), (844, 390)]),
    "desktops-en": ("en", [(1280, 800), (1920, 1080), (2560, 1440)]),
}
TAP_STRIP = 36  # static/app/screen.py: neighbouring cards closer than this: a first tap lifts the card

# Everything that must be on the screen and clear of everything else, as boxes per group (a group's boxes may
# overlap each other: fanned cards, a trick's cards, the tools among themselves).
MEASURE = """() => {
  const W = innerWidth, H = innerHeight;
  const box = (el) => {
    if (!el) return null;
    const s = getComputedStyle(el);
    if (s.display === 'none' || s.visibility === 'hidden') return null;
    const r = el.getBoundingClientRect();
    if (r.width < 1 || r.height < 1) return null;
    return {x: r.left, y: r.top, r: r.right, b: r.bottom, w: r.width, h: r.height};
  };
  const groups = {};
  const add = (name, els) => { const bs = [...els].map(box).filter(Boolean); if (bs.length) groups[name] = bs; };
  add('score box', [document.querySelector('.scoreboard')]);
  add('title', [document.querySelector('.brand')].filter(el => getComputedStyle(el).position !== 'absolute'));
  add('tools', document.querySelectorAll('.toolbar > button'));
  for (const pos of ['top', 'left', 'right', 'bottom'])
    add(pos + ' seat plate', [document.querySelector(`.seat[data-pos="${pos}"] .seat-plate`)]);
  add('trick', document.querySelectorAll('#trick .card'));
  add('hand', document.querySelectorAll('#hand .card'));
  const status = document.getElementById('status');
  if (status.textContent.trim() && box(status)) {
    const range = document.createRange();
    range.selectNodeContents(status);
    const r = range.getBoundingClientRect();
    groups['status line'] = [{x: r.left, y: r.top, r: r.right, b: r.bottom, w: r.width, h: r.height}];
  }
  const panel = document.getElementById('bid-panel');
  if (!panel.hidden) add('bidding window', [panel]);
  add('hand buttons', document.querySelectorAll('.hand-actions button:not([hidden])'));
  const dialog = document.querySelector('dialog[open]');
  if (dialog) add('dialog', [dialog]);
  const menu = document.getElementById('menu');
  if (!menu.hidden) add('menu', [menu]);
  const sizes = (sel) => [...document.querySelectorAll(sel)].map(box).filter(Boolean).map(b => [b.w, b.h]);
  // buttons to press: each one's middle and corners are the button itself (not scrolled away, not covered)
  const hidden = [...document.querySelectorAll('#bid-panel button, .toolbar > button, .hand-actions button')]
    .filter(el => box(el)).filter(el => {
      const r = el.getBoundingClientRect();
      return [[r.left + r.width / 2, r.top + r.height / 2], [r.left + 3, r.top + 3], [r.right - 3, r.bottom - 3]]
        .some(([x, y]) => { const e = document.elementFromPoint(x, y); return !e || !el.contains(e); });
    }).map(el => el.dataset.bid || el.id || el.textContent.trim());
  return {
    W, H, groups, hidden,
    scrollW: document.documentElement.scrollWidth, scrollH: document.documentElement.scrollHeight,
    bids: sizes('#bid-panel [data-bid]'), tools: sizes('.toolbar > button'),
  };
}"""

# Each card of the hand: the widest run of pixels where it is the card on top, across at 30 px below its top
# and down at 10 px from its left (where tests and people tap it); the index size; the dimmed cards' contrast.
HAND = """() => {
  const cards = [...document.querySelectorAll('#hand button[data-card]')];
  const mine = (c, x, y) => { const e = document.elementFromPoint(x, y); return !!e && c.contains(e); };
  const strips = cards.map(c => {
    const r = c.getBoundingClientRect();
    let run = 0, across = 0, down = 0;
    for (let x = Math.floor(r.left); x <= r.right; x++) {
      run = mine(c, x, r.top + 30) ? run + 1 : 0; across = Math.max(across, run);
    }
    run = 0;
    for (let y = Math.floor(r.top); y <= r.bottom; y++) {
      run = mine(c, r.left + 10, y) ? run + 1 : 0; down = Math.max(down, run);
    }
    return {card: c.dataset.card, across, down};
  });
  const step = cards.length > 1 ? cards[1].offsetLeft - cards[0].offsetLeft : 999;
  const lum = (rgb) => {
    const [r, g, b] = rgb.match(/[\\d.]+/g).slice(0, 3).map(v => {
      v = Number(v) / 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; });
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const dimmed = [...document.querySelectorAll('#hand button.illegal')].map(c => {
    const s = getComputedStyle(c), corner = getComputedStyle(c.querySelector('.corner'));
    const [a, b] = [lum(corner.color), lum(s.backgroundColor)].sort((p, q) => q - p);
    return {card: c.dataset.card, ratio: (a + 0.05) / (b + 0.05), filter: s.filter, opacity: s.opacity,
            cornerOpacity: corner.opacity};
  });
  const ranks = [...document.querySelectorAll('#hand .corner .rank, #trick .corner .rank')];
  return {strips, step, dimmed, index: Math.min(...ranks.map(e => parseFloat(getComputedStyle(e).fontSize)))};
}"""


def two_hands() -> Game:
    """Two hands between computer players: importing them ends at the second hand's summary."""
    game = Game(Rules(), seed=33)
    bots = [make_bot("standard", 33 * 4 + seat) for seat in range(4)]
    for number in (1, 2):
        while game.phase in (Phase.BIDDING, Phase.PLAYING):
            game.apply(bots[game.turn].decide(game.view(game.turn)).move)
        if number == 1:
            game.next_hand()
    return game


def whole_game() -> Game:
    """A short game to its end (target 120), for the end-of-game window and its table of hands."""
    game = Game(Rules.from_dict({"preset": "short", "target": 120, "mercy": -120}), seed=8)
    bots = [make_bot("standard", 8 * 4 + seat) for seat in range(4)]
    while True:
        while game.phase in (Phase.BIDDING, Phase.PLAYING):
            game.apply(bots[game.turn].decide(game.view(game.turn)).move)
        if game.phase == Phase.GAME_OVER:
            return game
        game.next_hand()


def is_phone(width: int, height: int) -> bool:
    return width < 700 or height < 560


def shoot(page, name: str) -> None:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{name}.png"))


def overlap(a: dict, b: dict) -> bool:
    return a["x"] < b["r"] - 1 and b["x"] < a["r"] - 1 and a["y"] < b["b"] - 1 and b["y"] < a["b"] - 1


def check_screen(page, where: str, required: tuple[str, ...]) -> dict:
    """Everything required is on the screen, inside it, and nothing covers anything else (but an open window)."""
    seen = page.evaluate(MEASURE)
    width, height, groups = seen["W"], seen["H"], seen["groups"]
    problems = []
    if seen["scrollW"] > width:
        problems.append(f"the page scrolls sideways ({seen['scrollW']} > {width})")
    if seen["scrollH"] > height:
        problems.append(f"the page scrolls ({seen['scrollH']} > {height})")
    problems += [f"{name} missing" for name in required if name not in groups]
    for name, boxes in groups.items():
        for b in boxes:
            if b["x"] < -1 or b["y"] < -1 or b["r"] > width + 1 or b["b"] > height + 1:
                problems.append(f"{name} off the screen: {b}")
                break
    names = [name for name in groups if name not in ("dialog", "menu")]
    for i, first in enumerate(names):
        for second in names[i + 1 :]:
            if any(overlap(a, b) for a in groups[first] for b in groups[second]):
                problems.append(f"{first} overlaps {second}")
    if seen["hidden"] and "dialog" not in groups and "menu" not in groups:
        problems.append(f"buttons cut off or covered: {seen['hidden']}")
    small = [size for size in seen["bids"] + seen["tools"] if size[0] < 44 or size[1] < 44]
    if small:
        problems.append(f"buttons smaller than 44×44: {small}")
    assert not problems, f"{where}: " + "; ".join(problems)
    return seen


def check_hand(page, where: str, phone: bool) -> bool:
    """Each card can be tapped (or the hand lifts first: returned), indices are readable, dimmed cards too."""
    hand = page.evaluate(HAND)
    problems = []
    lifting = hand["step"] < TAP_STRIP
    if not lifting:
        narrow = [s for s in hand["strips"] if min(s["across"], s["down"]) < 32]
        if narrow:
            problems.append(f"cards with less than 32 px to tap: {narrow}")
    if phone and hand["index"] < 14:
        problems.append(f"card index {hand['index']} px")
    for dim in hand["dimmed"]:
        if dim["ratio"] < 3:
            problems.append(f"dimmed {dim['card']}: contrast {dim['ratio']:.2f}")
        if dim["filter"] != "none" or float(dim["opacity"]) < 1 or float(dim["cornerOpacity"]) < 1:
            problems.append(f"dimmed {dim['card']} is filtered or transparent: {dim}")
    assert not problems, f"{where}: " + "; ".join(problems)
    return lifting


def open_table(make_table, width: int, height: int, lang: str):
    table = make_table(
        viewport={"width": width, "height": height},
        is_mobile=width < 1000,
        has_touch=width < 1000,
        locale="zh-CN" if lang == "zh-Hans" else "en-US",
    )
    table.open(f"fresh=1&seed={SEED}&speed=instant&sound=0&lang={lang}", settings=FAST_BOTS)
    assert table.page.evaluate("[innerWidth, innerHeight]") == [width, height]  # a phone does not zoom out
    return table


def import_record(table, path: Path, phase: str) -> None:
    page = table.page
    page.locator("#import-file").set_input_files(str(path))
    page.locator("#dlg-confirm [data-action='confirm-ok']").click()
    page.wait_for_function("phase => document.body.dataset.phase === phase", arg=phase)
    if phase in ("hand-over", "game-over"):
        page.locator("#dlg-hand").wait_for(state="visible")


def check_dialog(page, where: str) -> None:
    """The summary fits the screen: nothing scrolls sideways but a sheet table in its own box, which then says so."""
    found = page.evaluate(
        """() => {
      const dialog = document.querySelector('dialog[open]');
      const boxes = [...dialog.querySelectorAll('.sheet-scroll')].map(box => ({
        wide: box.scrollWidth > box.clientWidth + 1, marked: box.hasAttribute('data-overflow'),
        hint: !!box.nextElementSibling && box.nextElementSibling.classList.contains('scroll-hint')
          && getComputedStyle(box.nextElementSibling).display !== 'none'}));
      // the team names in one line ("我方" did wrap)
      const wrapped = [...dialog.querySelectorAll('table.results tbody th')].filter(th => {
        const range = document.createRange(); range.selectNodeContents(th);
        return new Set([...range.getClientRects()].map(r => Math.round(r.top))).size > 1;
      }).map(th => th.textContent);
      return {dialogWide: dialog.scrollWidth > dialog.clientWidth + 1, boxes, wrapped};
    }"""
    )
    problems = []
    if found["dialogWide"]:
        problems.append("the window scrolls sideways")
    for box in found["boxes"]:
        if box["wide"] and not (box["marked"] and box["hint"]):
            problems.append(f"a sheet table is cut with no hint: {box}")
    if found["wrapped"]:
        problems.append(f"team names wrap: {found['wrapped']}")
    assert not problems, f"{where}: " + "; ".join(problems)


@pytest.fixture(scope="module")
def records(tmp_path_factory):
    folder = tmp_path_factory.mktemp("layout")
    start, hands, game = folder / "start.json", folder / "two-hands.json", folder / "game.json"
    start.write_text(json.dumps(to_record(Game(Rules(), seed=SEED))))
    hands.write_text(json.dumps(to_record(two_hands())))
    game.write_text(json.dumps(to_record(whole_game())))
    return {"bidding": start, "hand-over": hands, "game-over": game}


@pytest.mark.parametrize("device", DEVICES)
def test_the_table_fits_the_screen(make_table, records, device):
    lang, sizes = DEVICES[device]
    table = open_table(make_table, *sizes[0], lang)
    for index, (width, height) in enumerate(sizes):
        if index:
            table.page.set_viewport_size({"width": width, "height": height})
            table.page.evaluate("document.querySelectorAll('dialog[open]').forEach((d) => d.close())")
            import_record(table, records["bidding"], "bidding")  # the same deal from its start
            assert table.page.evaluate("[innerWidth, innerHeight]") == [width, height]
        fits_at(table, records, width, height, lang)


def fits_at(table, records, width: int, height: int, lang: str) -> None:
    """One size: the bidding, a trick being played (and a card lifted where the hand is tight), the menu, the end
    of a hand and, on a phone, of a game."""
    phone = is_phone(width, height)
    name = f"{width}x{height}-{lang}"
    page = table.page
    plates = tuple(f"{pos} seat plate" for pos in ("top", "left", "right", "bottom"))
    chrome = ("score box", "tools", *plates, "hand")

    # bidding: the window over the trick's place, clear of every seat, your cards readable under it
    if table.wait_await("bid", "blind") == "blind":
        page.locator("#bid-panel [data-action='show-cards']").click()
        table.wait_await("bid")
    shoot(page, f"{name}-1-bidding")
    check_screen(page, f"{name} bidding", (*chrome, "bidding window"))

    # play: until it is your turn with cards on the table and some of yours dimmed (seed 5: the first trick)
    table.bid("3")
    for _ in range(13):
        table.wait_await("play")
        if page.locator("#trick .card").count() and page.locator("#hand button.illegal").count():
            break
        table.play_card(table.legal_cards()[0])
    else:
        raise AssertionError("never followed a trick with some cards dimmed")
    shoot(page, f"{name}-2-playing")
    check_screen(page, f"{name} playing", (*chrome, "trick", "status line"))
    lifting = check_hand(page, f"{name} playing", phone)

    # a card played by tapping it where the test hooks say (docs/page.md): at once, or lift then play
    card = table.legal_cards()[0]
    button = page.locator(f"#hand button[data-card='{card}']")
    button.click(position={"x": 10, "y": 30})
    if lifting:
        page.wait_for_function(
            "c => document.querySelector(`#hand [data-card='${c}']`)?.ariaPressed === 'true'", arg=card
        )
        assert card in table.hand(), "a first tap on a tight hand lifts the card, it does not play it"
        shoot(page, f"{name}-3-lifted")
        check_screen(page, f"{name} lifted", (*chrome, "status line"))
        button.click(position={"x": 10, "y": 30})
    page.wait_for_function("c => !document.querySelector(`#hand button[data-card='${c}']`)", arg=card)

    # the menu opens on the screen (it scrolls inside itself where the screen is short)
    table.wait_await("play", "hand-over")
    page.locator("#btn-menu").click()
    page.locator("#menu").wait_for(state="visible")
    check_screen(page, f"{name} menu", chrome)
    page.keyboard.press("Escape")

    # the end of a hand and of a game: the summary window on the screen, its tables inside it
    import_record(table, records["hand-over"], "hand-over")
    shoot(page, f"{name}-4-hand-over")
    check_screen(page, f"{name} hand over", ("score box", "tools", *plates, "dialog"))
    check_dialog(page, f"{name} hand over")
    if phone:
        page.locator("#dlg-hand").evaluate("d => d.close()")
        import_record(table, records["game-over"], "game-over")
        shoot(page, f"{name}-5-game-over")
        check_screen(page, f"{name} game over", ("score box", "tools", *plates, "dialog"))
        check_dialog(page, f"{name} game over")


def test_a_reload_paints_the_saved_score_before_python_starts(make_table, server, records):
    """No 0–0 before the saved game appears: boot.js paints the score kept in the save."""
    table = make_table()
    page = table.page
    table.open(settings=FAST_BOTS)
    import_record(table, records["hand-over"], "hand-over")
    ns, ew = (page.locator(f"[data-score='{team}']").inner_text() for team in ("NS", "EW"))
    assert (ns, ew) != ("0", "0")
    # every value the score box shows from the first parse on, and what it shows with MicroPython held back
    page.add_init_script(
        "window.__seen = []; new MutationObserver(() => { const el = document.querySelector(\"[data-score='NS']\");"
        " if (el) window.__seen.push(el.textContent); }).observe(document, {subtree: true, childList: true,"
        " characterData: true});"
    )
    page.route("**/static/vendor/micropython/**", lambda route: None)
    page.goto(f"{server}/?speed=instant&sound=0", wait_until="domcontentloaded")
    page.wait_for_function("document.querySelector(\"[data-score='NS']\").textContent !== ''")
    assert page.evaluate("document.body.dataset.phase") == "loading"
    assert page.locator("[data-score='NS']").inner_text() == ns
    assert page.locator("[data-score='EW']").inner_text() == ew
    assert "0" not in page.evaluate("window.__seen"), "a 0 was painted before the saved score"


@pytest.mark.parametrize(
    ("width", "height"), [(320, 480), (360, 640), (568, 320)], ids=["320x480", "360x640", "568x320"]
)
def test_blind_nil_choice_and_the_play_button_fit_a_phone(make_table, width, height):
    """The other things that take room on a phone: the blind nil choice over face-down cards, and "select, then
    Play" with its button under the hand."""
    table = make_table(viewport={"width": width, "height": height}, is_mobile=True, has_touch=True)
    page = table.page
    table.open("fresh=1&seed=14&speed=instant&sound=0&preset=windows", settings={**FAST_BOTS, "play_mode": "confirm"})
    name = f"{width}x{height}-en"
    plates = tuple(f"{pos} seat plate" for pos in ("top", "left", "right", "bottom"))
    assert table.wait_await("blind") == "blind"
    shoot(page, f"{name}-6-blind-nil")
    check_screen(page, f"{name} blind nil", ("score box", "tools", *plates, "hand", "bidding window"))
    page.locator("#bid-panel [data-action='show-cards']").click()
    table.wait_await("bid")
    table.bid("3")
    table.wait_await("play")
    card = table.legal_cards()[0]
    page.locator(f"#hand button[data-card='{card}']").click(position={"x": 10, "y": 30})
    page.wait_for_function("!document.getElementById('btn-play').disabled")
    shoot(page, f"{name}-7-select-then-play")
    check_screen(page, f"{name} select, then Play", ("score box", "tools", *plates, "hand", "hand buttons"))
    page.locator("#btn-play").click()
    page.wait_for_function("c => !document.querySelector(`#hand button[data-card='${c}']`)", arg=card)
