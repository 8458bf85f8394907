"""Every language, every message: in a Chinese page no English is left, errors included.

The page is opened in zh-Hans and in zh-Hant and taken through its main states and windows — bidding, play, a
hint, the last trick, the end of a hand with its score sheet and a past hand trick by trick, the end of a game
(an imported record), the score sheet, settings with a bad value, help, the profile, the rated game's
confirmation, the online window (only its form: nothing connects), an import of a file that is not JSON and of a
record with an illegal card, a damaged save and an incompatible one.  In each, everything a person can see or
hear is collected — the text of visible elements, the options of visible lists, the accessible names and
tooltips of controls (``aria-label``, ``title``, ``placeholder``), the screen-reader log and the window title —
and any Latin-letter word not on :data:`ALLOWED` fails the test.

What may stay in Latin letters, and why:

* card ranks ``A K Q J`` (as printed on the cards) and keyboard keys (``Enter``, ``Esc``, ``Home``, ``End``,
  the letter keys of the shortcuts): what is written on the card or the key;
* ``Spades``: the game's name, shown next to 黑桃王 in the window title; ``English``: the language list names
  each language in itself;
* ``Windows``, ``i.Game``, ``Pagat``: names of the rooms and the rule book the presets come from;
* ``JSON``, ``STUN``, ``TURN``: names of a file format and of network protocols, which people type or see as such;
  ``none``: a word the ICE field takes literally;
* the player's name (of the profile this test makes), values quoted from the input as the file or save had them
  (``'spades-save/0'``: ``spades.errors.brief``), addresses (``wss://…``) and the example table code.

The notice (``#notice``) is also checked to stay clear of the toolbar, on a desktop and on a phone.
"""

from __future__ import annotations

import json
import re

import pytest

from spades import worker
from spades.formats.record import to_record
from spades.game import Game, Phase
from spades.rules import Rules

FAST_BOTS = {"bots": {"N": "beginner", "E": "beginner", "W": "beginner"}}
PLAYER = "小明"
HINT = {"zh-Hans": "建议", "zh-Hant": "建議"}
IMPORT_FAILED = {"zh-Hans": "无法读取这个文件中的牌局记录：", "zh-Hant": "無法讀取這個檔案中的牌局記錄："}
BAD_SETTING = {
    "zh-Hans": "“每队最少叫牌”必须在 0 到 13 之间，实际是 20",
    "zh-Hant": "「每隊最少叫牌」必須在 0 到 13 之間，實際是 20",
}
ALLOWED = frozenset(
    {"A", "K", "Q", "J"}
    | {"Enter", "Esc", "Home", "End", "N", "B", "V", "H", "U", "S", "L", "M", "C"}
    | {"Spades", "English", "Windows", "i.Game", "Pagat", "JSON", "STUN", "TURN", "none"}
)
NOT_WORDS = re.compile(r"\S+://\S*|\b(?:stun|turn):\S*|\b[A-Z0-9]{4}-[A-Z0-9]{4}\b|'[^'\n]*(?:'|…)")
WORD = re.compile(r"[A-Za-z](?:[A-Za-z.'’]*[A-Za-z])?")

VISIBLE_TEXT = """() => {
  const seen = (el) => {
    for (let e = el; e; e = e.parentElement) {
      const style = getComputedStyle(e);
      if (style.display === 'none' || style.visibility === 'hidden') return false;
      if (e.tagName === 'DETAILS' && !e.open && e !== el && !el.closest('summary')) return false;
    }
    const box = el.getBoundingClientRect();
    return box.width > 0 && box.height > 0;
  };
  const out = [document.title];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const el = node.parentElement;
    if (!node.textContent.trim() || !el || el.closest('script, style, template')) continue;
    if (!el.closest('select') && (el.closest('#announce') || seen(el))) out.push(node.textContent);
  }
  for (const el of document.querySelectorAll('[aria-label], [title], [placeholder], [alt]')) {
    if (!seen(el)) continue;
    for (const name of ['aria-label', 'title', 'placeholder', 'alt']) {
      if (el.hasAttribute(name)) out.push(el.getAttribute(name));
    }
  }
  for (const el of document.querySelectorAll('select')) {
    if (seen(el)) for (const option of el.options) out.push(option.textContent);
  }
  return out;
}"""


def english(texts, names=()):
    """The Latin-letter words of ``texts`` that are not allowed, each with the text it came from."""
    found = []
    for text in texts:
        cleaned = NOT_WORDS.sub(" ", text)
        for name in names:
            cleaned = cleaned.replace(name, " ")
        words = [w for w in WORD.findall(cleaned) if w not in ALLOWED]
        if words:
            found.append((words, " ".join(text.split())[:160]))
    return found


class Audit:
    """Collects the English found in each state, to report every state at once."""

    def __init__(self, page, names=()):
        self.page = page
        self.names = names
        self.problems = []
        self.states = []

    def check(self, state):
        self.states.append(state)
        texts = self.page.evaluate(VISIBLE_TEXT)
        assert any("\u4e00" <= ch <= "\u9fff" for text in texts for ch in text), f"{state}: no Chinese text seen"
        for words, text in english(texts, self.names):
            self.problems.append(f"{state}: {words} in {text!r}")

    def done(self):
        assert not self.problems, "English in a Chinese page:\n" + "\n".join(self.problems)


def finished_record(tmp_path):
    """A whole game (short rules: to 250) as a hand record file, played with the first legal moves."""
    game = Game(Rules.from_dict({"preset": "short"}), seed=5)
    while game.phase is not Phase.GAME_OVER:
        if game.phase is Phase.HAND_OVER:
            game.next_hand()
            continue
        moves = game.legal_moves()
        game.apply(3 if game.phase is Phase.BIDDING and 3 in moves else moves[0])
    path = tmp_path / "finished.json"
    path.write_text(json.dumps(to_record(game)), "utf-8")
    return path


def illegal_record(tmp_path):
    """A record whose fifth card is one its player does not hold."""
    game = Game(Rules.from_dict({"preset": "standard"}), seed=6)
    for _ in range(4):
        moves = game.legal_moves()
        game.apply(3 if 3 in moves else moves[0])
    record = to_record(game)
    hand = record["hands"][0]
    leader = "NESW"[(("NESW".index(hand["dealer"])) + 1) % 4]
    other = "NESW"[("NESW".index(leader) + 1) % 4]
    hand["play"] = [hand["deal"][other][0]]
    path = tmp_path / "illegal.json"
    path.write_text(json.dumps(record), "utf-8")
    return path


def call(op, args):
    out = json.loads(worker.handle(op, json.dumps(args)))
    assert "error" not in out, out
    return out


def played_profile(name):
    """A profile (JSON text) with a rated and a casual game against the computer, for its statistics and charts."""
    profile = call("profile_new", {"name": name, "today": "2026-11-30"})["profile"]
    computer = {"occupant": "computer", "level": "beginner"}
    for number, kind in enumerate(("solo_rated", "solo")):
        seats = dict.fromkeys("NESW", computer)
        call("new", {"table": "language", "seed": 40 + number, "rules": {"preset": "short"}, "seats": seats})
        while (state := call("step", {"table": "language", "viewer": "S"})["state"])["phase"] != "game-over":
            if state["phase"] == "hand-over":  # a person deals the next hand
                call("seat", {"table": "language", "seat": "S", "occupant": {"occupant": "person"}})
                call("act", {"table": "language", "seat": "S", "intent": {"type": "next_hand"}})
                call("seat", {"table": "language", "seat": "S", "occupant": computer})
        at = f"2026-11-30T1{number}:00:00Z"
        args = {"profile": profile, "today": "2026-11-30", "kind": kind, "id": f"g-{number}", "at": at}
        profile = call("profile_add", {**args, "table": "language", "viewer": "S"})["profile"]
    call("close", {"table": "language"})
    return profile


def menu(page, action):
    page.locator("#btn-menu").click()
    page.locator(f"#menu [data-action='{action}']").click()


def close(page, dialog):
    page.locator(f"{dialog}[open] [data-action='close-dialog']").last.click()
    page.wait_for_selector(f"{dialog}:not([open])", state="attached")


def notice_clear_of_toolbar(page):
    """The notice is shown and overlaps neither the toolbar nor the score box."""
    page.wait_for_selector("#notice:not([hidden])")
    boxes = page.evaluate(
        """() => ['#notice', '.toolbar', '.scoreboard'].map(s => {
            const r = document.querySelector(s).getBoundingClientRect();
            return [r.left, r.top, r.right, r.bottom];
        })"""
    )
    notice = boxes[0]
    for other in boxes[1:]:
        apart = notice[2] <= other[0] or other[2] <= notice[0] or notice[3] <= other[1] or other[3] <= notice[1]
        assert apart, f"the notice {notice} covers {other}"
    assert 0 <= notice[1] and notice[3] <= page.viewport_size["height"]


def dismiss(page):
    page.locator("#notice [data-action='dismiss']").click()
    page.wait_for_selector("#notice", state="hidden")


@pytest.mark.parametrize("lang", ["zh-Hant"])  # zh-Hans: every message has it (tests/browser/test_catalog.py)
def test_no_english_in_any_state_or_window(table, tmp_path, lang):
    page = table.page
    profile = played_profile(PLAYER)
    page.add_init_script(f"localStorage.setItem('spades-profile', {json.dumps(profile)})")
    table.open(f"seed=31&preset=windows&speed=instant&sound=0&lang={lang}", settings=FAST_BOTS, clear=False)
    audit = Audit(page, names=(PLAYER,))

    assert table.wait_await("bid", "blind") == "blind"
    audit.check("blind nil or look")
    page.locator("#bid-panel [data-action='show-cards']").click()
    table.wait_await("bid")
    audit.check("bidding")
    page.locator("#btn-menu").click()
    page.wait_for_selector("#menu", state="visible")
    audit.check("menu")
    page.keyboard.press("Escape")

    table.bid("3")
    table.wait_await("play")
    audit.check("playing")
    page.locator("#btn-hint").click()
    page.wait_for_function("word => document.getElementById('status').textContent.includes(word)", arg=HINT[lang])
    audit.check("hint")
    while page.locator("#trick .card").count() == 0 or len(table.hand()) == 13:
        table.play_card(table.legal_cards()[0])
        table.wait_await("play", "hand-over")
    menu(page, "last-trick")
    audit.check("last trick")
    close(page, "#dlg-scores")

    assert table.play_hand("3") == "hand-over"
    page.wait_for_selector("#dlg-hand[open]")
    audit.check("hand over")
    page.locator("#dlg-hand [data-action='scores']").click()
    page.wait_for_selector("#dlg-scores[open] [data-action='past-hand']")
    audit.check("score sheet")
    page.locator("#dlg-scores [data-action='past-hand']").first.click()
    page.wait_for_selector("[data-past-hand]")
    audit.check("past hand: the deal")
    page.locator("[data-action='past-next']").click()
    page.wait_for_selector("[data-past-hand][data-past-step='1']")
    audit.check("past hand: a trick")
    close(page, "#dlg-scores")
    page.wait_for_selector("#dlg-hand[open]")
    table.next_hand()

    menu(page, "settings")
    page.wait_for_selector("#dlg-settings[open]")
    audit.check("settings")
    page.locator("#set-min_team_bid").fill("20")
    page.locator("[data-action='settings-save']").click()
    page.wait_for_function("document.getElementById('settings-error').textContent !== ''")
    assert page.locator("#settings-error").inner_text() == BAD_SETTING[lang]
    audit.check("settings: a bad value")
    page.locator("[data-action='settings-cancel']").click()

    menu(page, "help")
    page.wait_for_selector("#dlg-help[open]")
    audit.check("help")
    close(page, "#dlg-help")

    menu(page, "profile")
    page.wait_for_selector("#dlg-profile[open] [data-chart='rating'] svg")
    page.locator("#dlg-profile details").evaluate_all("all => all.forEach(d => { d.open = true; })")
    audit.check("profile, its charts and their tables")
    damaged = json.loads(profile)
    damaged["games"][0]["seat"] = "X"
    bad_profile = tmp_path / "profile.json"
    bad_profile.write_text(json.dumps(damaged), "utf-8")
    page.set_input_files("#profile-file", str(bad_profile))
    page.wait_for_selector("#profile-problem:not([hidden])")
    audit.check("profile: a damaged import")
    close(page, "#dlg-profile")

    menu(page, "rated-game")
    page.wait_for_selector("#dlg-confirm[open]")
    audit.check("rated game: confirm")
    page.locator("#dlg-confirm [data-action='confirm-cancel']").click()

    menu(page, "online")
    page.wait_for_selector("#dlg-online[open] #online-create")
    audit.check("online window")
    close(page, "#dlg-online")

    not_json = tmp_path / "notes.json"
    not_json.write_text("{ a game? no", "utf-8")
    page.locator("#import-file").set_input_files(str(not_json))
    notice_clear_of_toolbar(page)
    audit.check("import: not JSON")
    dismiss(page)

    page.locator("#import-file").set_input_files(str(illegal_record(tmp_path)))
    page.locator("#dlg-confirm [data-action='confirm-ok']").click()
    notice_clear_of_toolbar(page)
    text = page.locator("#notice").inner_text()
    assert text.startswith(IMPORT_FAILED[lang]) and "第 1 副" in text, text
    audit.check("import: an illegal card")
    dismiss(page)

    page.locator("#import-file").set_input_files(str(finished_record(tmp_path)))
    page.locator("#dlg-confirm [data-action='confirm-ok']").click()
    page.wait_for_function("document.body.dataset.phase === 'game-over'")
    audit.check("game over")
    audit.done()


@pytest.mark.parametrize("lang", ["zh-Hans", "zh-Hant"])
@pytest.mark.parametrize("save", ['{"format": "spades-save/2", "record": [1, 2', '{"format": "spades-save/0"}'])
def test_a_damaged_save_is_explained_in_chinese(make_page, server, lang, save):
    page = make_page()
    page.add_init_script(f"localStorage.setItem('spades-save', {json.dumps(save)})")
    page.goto(f"{server}/?speed=instant&sound=0&lang={lang}")
    page.wait_for_function("document.body.dataset.await !== '' && document.body.dataset.phase !== 'loading'")
    notice_clear_of_toolbar(page)
    audit = Audit(page)
    audit.check("a damaged save")
    audit.done()


def test_the_notice_never_covers_the_toolbar(make_page, server):
    """On a phone, a desktop and a phone turned sideways: one page resized (the layout is the style sheet's, which
    follows the window), the notice still up at each size."""
    page = make_page(viewport={"width": 390, "height": 844})
    page.add_init_script("localStorage.setItem('spades-save', '{\"format\": \"spades-save/2\"')")
    page.goto(f"{server}/?speed=instant&sound=0&lang=zh-Hant")
    page.wait_for_function("document.body.dataset.await !== '' && document.body.dataset.phase !== 'loading'")
    for width, height in ((390, 844), (1280, 800), (844, 390)):
        page.set_viewport_size({"width": width, "height": height})
        notice_clear_of_toolbar(page)
        page.locator("#btn-menu").click()  # the toolbar still works while the notice is up
        page.wait_for_selector("#menu", state="visible")
        page.locator("#btn-menu").dispatch_event("click")  # closed again (under the open menu on a phone; Escape
        # would hide the notice too)
        page.wait_for_selector("#menu", state="hidden")


def test_the_word_check_finds_english_and_lets_the_allowed_through():
    """No browser: what :func:`english` counts as English."""
    assert english(["快捷键：N 叫零；Enter 叫牌。", "K♠ A♥ Q♦ J♣", "黑桃王 Spades", "导出牌局（JSON）"]) == []
    assert english(["其他版本保存的牌局，格式为 'spades-save/0'", "wss://tracker.example.org", "ABCD-2345"]) == []
    assert english(["小明 赢了"], names=("小明",)) == []
    assert english(["Bid 3: my aces", "不能出：spades not broken"]) == [
        (["Bid", "my", "aces"], "Bid 3: my aces"),
        (["spades", "not", "broken"], "不能出：spades not broken"),
    ]
