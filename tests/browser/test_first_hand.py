"""The first hand of a first visit, before the engine (issue 23; docs/page.md "The first hand before the engine"):
the build's prepared hand is drawn as soon as the page's MicroPython runs, the person bids on it while the engine's
package is still held back, the bid is held, and once the engine is ready the game goes on with that bid on the
same cards. Also: the tools and shortcuts that need the engine say why they wait, a prepared hand the engine would
not deal is set aside (the engine's own game shown, no notice, the bid not sent), and an address that asks for a
game gets no prepared hand. The computers' bids on the prepared hand are announced to screen readers; the held bid's
line follows a language chosen before the engine is ready; the game goes on from a fresh seed (its later hands are
not the prepared seed's); a help or lessons window opened while a saved game loads stays open when it starts.
Screenshots at 390×844 and 844×390 in en and zh-Hans: test-artifacts/first-visit/.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from spades.cards import card_name, mask_cards
from spades.rng import deal_masks
from tests.browser.test_first_visit import READY, hold_engine, open_early, wait_held

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[2]
SHOTS = ROOT / "test-artifacts" / "first-visit"
MESSAGES = json.loads((ROOT / "spades" / "i18n" / "messages.json").read_text(encoding="utf-8"))["messages"]
FIRST = ROOT / "static" / "vendor" / "early" / "first-hand.json"
TIMEOUT = 60_000
SEATS = ("N", "E", "S", "W")


def text(key, lang, **values):
    words = MESSAGES[key][lang]
    for name, value in values.items():
        words = words.replace("{" + name + "}", str(value))
    return words


def said(bid, lang="en"):
    """A bid as the page writes it (i18n.py ``bid_text``)."""
    return text("nil", lang) if bid in ("nil", 0, "0") else str(bid)


def prepared():
    """The build's first hands by seed."""
    return {deal["seed"]: deal["state"] for deal in json.loads(FIRST.read_text(encoding="utf-8"))["deals"]}


def hand(page):
    return page.eval_on_selector_all("#hand button[data-card]", "els => els.map(e => e.dataset.card)")


def engine_takes_it(page, held, release):
    """The engine's package, held back until the bid is held, is let go: wait until the engine has the game and its
    save has South's bid (the third)."""
    wait_held(page, held)
    release()
    page.wait_for_function("document.body.dataset.firstHand === 'engine'", timeout=TIMEOUT)
    page.wait_for_function(
        "() => { const s = JSON.parse(localStorage.getItem('spades-save') || 'null');"
        " return s && s.record.hands[0].bids.length >= 3; }",
        timeout=TIMEOUT,
    )


def saved(page):
    return page.evaluate("JSON.parse(localStorage.getItem('spades-save') || 'null')")


def shown_state(page):
    """The prepared hand on show (found by its cards among the build's)."""
    cards = hand(page)
    found = [state for state in prepared().values() if [item["card"] for item in state["hand"]] == cards]
    assert len(found) == 1, f"the hand on show {cards} is none of the build's first hands"
    return found[0]


def open_first(page, server, query="speed=instant&sound=0"):
    """A first visit with the engine's package held back: until the prepared hand is on show and biddable."""
    release, held = hold_engine(page)
    page.goto(f"{server}/?{query}")
    page.wait_for_function(
        "document.body.dataset.firstHand === 'prepared' && document.body.dataset.await === 'bid'", timeout=TIMEOUT
    )
    return release, held


def test_the_first_bid_is_made_before_the_engine_and_the_game_goes_on_with_it(make_page, server):
    page = make_page(viewport={"width": 390, "height": 844})
    release, held = open_first(page, server)
    state = shown_state(page)
    assert page.evaluate("window.spades.readyAt") is None, "the engine is not ready: its package is held back"
    assert page.locator("#loading").is_hidden()
    for seat in ("N", "E"):  # the computers before South have bid, as the engine's state says
        assert page.locator(f".seat-{seat} .seat-bid").text_content().strip().endswith(said(state["bids"][seat]))
    panel = page.locator("#bid-panel")
    assert panel.is_visible()
    enabled = panel.locator("[data-bid]:not([disabled])").evaluate_all("els => els.map(e => e.dataset.bid)")
    legal = ["nil" if bid in ("nil", 0) else str(bid) for bid in state["legal_bids"]]
    assert sorted(enabled) == sorted(legal), "the bidding window offers exactly the state's legal bids"
    hint = page.locator("#btn-hint")
    assert hint.get_attribute("data-off") == "why_engine_waiting"
    assert hint.get_attribute("data-tip") == text("why_engine_waiting", "en")
    page.locator("#btn-menu").click()
    assert page.locator("#menu").is_visible(), "open when the click returns: Escape right after it closes it"
    new_game = page.locator("#menu [data-action='new-game']")
    assert new_game.is_disabled() and new_game.get_attribute("aria-describedby") == "menu-waiting"
    page.keyboard.press("Escape")
    page.locator("#menu").wait_for(state="hidden")
    page.locator("#btn-menu").focus()  # not on the menu's item that was hidden
    page.keyboard.press("m")  # the move log's shortcut: it waits for the engine, and says so
    page.wait_for_function("s => document.getElementById('status').textContent === s",
                           arg=text("why_engine_waiting", "en"))  # fmt: skip
    bid = "3" if "3" in legal else legal[0]
    panel.locator(f"[data-bid='{bid}']").click()
    page.wait_for_function("document.body.dataset.await === '' && document.getElementById('bid-panel').hidden")
    assert page.locator("#status").text_content() == text("first_bid_held", "en", bid=said(bid))
    assert saved(page) is None, "nothing saved before the engine: the game is the engine's to save"
    cards = hand(page)
    engine_takes_it(page, held, release)
    record = saved(page)["record"]
    assert record["seed"] not in prepared(), "the game goes on from a seed of its own"
    first = record["hands"][0]
    assert first["bids"][:3] == [state["bids"]["N"], state["bids"]["E"], "nil" if bid == "nil" else int(bid)]
    assert sorted(first["deal"]["S"]) == sorted(cards)
    page.wait_for_function("document.body.dataset.await === 'play'", timeout=TIMEOUT)
    assert sorted(hand(page)) == sorted(cards), "the same cards, now in the play"
    assert page.locator(".seat-S .seat-bid").text_content().strip().endswith(said(bid))


@pytest.mark.service_workers  # reads the offline state (conftest.make_page)
def test_without_a_bid_before_the_engine_the_same_hand_is_simply_the_engines(make_page, server):
    page = make_page(viewport={"width": 844, "height": 390})
    release, held = open_first(page, server)
    cards = hand(page)
    wait_held(page, held)
    offline = "document.documentElement.dataset.offline"
    assert page.evaluate(offline) == "waiting", "no precaching beside the engine's downloads (static/offline.js)"
    release()
    page.wait_for_function("document.body.dataset.firstHand === 'engine'", timeout=TIMEOUT)
    page.wait_for_function(f"['installing', 'ready'].includes({offline})", timeout=TIMEOUT)  # then it starts
    page.wait_for_function("document.body.dataset.await === 'bid'", timeout=TIMEOUT)
    assert hand(page) == cards
    assert sorted(saved(page)["record"]["hands"][0]["deal"]["S"]) == sorted(cards)
    page.locator("#btn-hint").click()  # the engine's hint works now
    page.wait_for_function(
        "s => document.getElementById('status').textContent.startsWith(s)",
        arg=text("hint_bid", "en", bid="")[:6],
        timeout=TIMEOUT,
    )


def test_a_prepared_hand_the_engine_would_not_deal_is_set_aside_without_a_word(make_page, server):
    """first-hand.json served with every seed moved by one: the engine deals other cards, so its own game is shown,
    no notice says anything, and the bid made on the other cards is not sent."""
    page = make_page()
    data = json.loads(FIRST.read_text(encoding="utf-8"))
    for deal in data["deals"]:
        deal["seed"] += 1
    body = json.dumps(data)
    page.context.route(
        "**/static/vendor/early/first-hand.json*",
        lambda route: route.fulfill(status=200, content_type="application/json", body=body),
    )
    release, held = open_first(page, server)
    page.locator("#bid-panel [data-bid]:not([disabled])").first.click()
    page.wait_for_function("document.body.dataset.await === ''")
    wait_held(page, held)
    release()
    page.wait_for_function("document.body.dataset.firstHand === 'fallback'", timeout=TIMEOUT)
    page.wait_for_function("document.body.dataset.await === 'bid'", timeout=TIMEOUT)
    assert page.locator("#notice").is_hidden()
    record = saved(page)["record"]
    tampered = {tuple(sorted(card_name(c) for c in mask_cards(deal_masks(seed + 1, 0)[2]))) for seed in prepared()}
    assert tuple(sorted(record["hands"][0]["deal"]["S"])) in tampered, "the engine dealt the seed it was given"
    assert sorted(hand(page)) == sorted(record["hands"][0]["deal"]["S"]), "the engine's cards on show"
    assert page.locator("#bid-panel").is_visible(), "South's bid again: the one made on other cards was not sent"


def test_an_address_that_asks_for_a_game_or_a_saved_game_gets_no_prepared_hand(make_page, server):
    page = make_page()
    page.goto(f"{server}/?seed=7&speed=instant&sound=0")
    page.wait_for_function("document.body.dataset.await === 'bid'", timeout=TIMEOUT)
    assert page.evaluate("document.body.dataset.firstHand") is None
    assert saved(page)["record"]["seed"] == 7
    page.goto(f"{server}/?speed=instant&sound=0")  # a game is saved now: it comes back, no prepared hand
    page.wait_for_function("document.body.dataset.await === 'bid'", timeout=TIMEOUT)
    assert page.evaluate("document.body.dataset.firstHand") is None
    assert saved(page)["record"]["seed"] == 7


SHOT_SIZES = ((390, 844), (844, 390))


@pytest.mark.parametrize("lang", ["en", "zh-Hans"])
def test_screenshots_of_the_first_hand_before_the_engine(make_page, server, lang):
    """The first visit as a person sees it: the welcome over the prepared hand, then the hand with its bidding
    window, then the held bid (test-artifacts/first-visit/first-hand-*.png), each on a phone upright and sideways
    (one page turned)."""
    page = make_page(viewport={"width": SHOT_SIZES[0][0], "height": SHOT_SIZES[0][1]})
    release, held = hold_engine(page)
    page.goto(f"{server}/?lang={lang}")
    page.locator("#dlg-welcome").wait_for(state="visible", timeout=TIMEOUT)
    page.wait_for_function("document.body.dataset.firstHand === 'prepared'", timeout=TIMEOUT)
    SHOTS.mkdir(parents=True, exist_ok=True)

    def shoot(what):
        for width, height in SHOT_SIZES:
            page.set_viewport_size({"width": width, "height": height})
            page.screenshot(path=str(SHOTS / f"first-hand-{lang}-{width}x{height}-{what}.png"))

    shoot("welcome")
    page.get_by_role("button", name=text("welcome_play", lang)).click()
    page.wait_for_function("document.body.dataset.await === 'bid'")
    shoot("bid")
    page.locator("#bid-panel [data-bid]:not([disabled])").first.click()
    page.wait_for_function("document.body.dataset.await === ''")
    shoot("held")
    other = "en" if lang == "zh-Hans" else "zh-Hans"
    choose_language(page, other)
    shoot(f"held-then-{other}")
    wait_held(page, held)
    release()
    page.wait_for_function("document.body.dataset.firstHand === 'engine'", timeout=TIMEOUT)


@pytest.mark.parametrize(("item", "window"), [("help", "#dlg-help"), ("lessons", "#dlg-lessons")])
def test_a_window_opened_while_a_saved_game_loads_stays_open_when_it_starts(make_page, server, item, window):
    """A later visit (a game saved; service workers blocked so that the engine's package can be held back): the
    person opens *How to play* or *Lessons* before the engine is ready; the saved game starting leaves it open."""
    page = make_page(viewport={"width": 390, "height": 844}, service_workers="block")
    page.goto(f"{server}/?seed=7&speed=instant&sound=0")
    page.wait_for_function(READY, timeout=TIMEOUT)
    assert saved(page)["record"]["seed"] == 7
    release, held = hold_engine(page)
    page.goto(f"{server}/?speed=instant&sound=0")
    open_early(page, item)
    page.locator(window).wait_for(state="visible")
    assert page.evaluate("document.body.dataset.phase") == "loading"
    wait_held(page, held)
    release()
    page.wait_for_function(READY, timeout=TIMEOUT)
    page.wait_for_function("window.spades.readyAt !== undefined && window.spades.readyAt !== null", timeout=TIMEOUT)
    assert saved(page)["record"]["seed"] == 7, "the saved game is on show"
    assert page.locator(window).is_visible(), "the window the person opened is still open"
    page.keyboard.press("Escape")
    page.locator(window).wait_for(state="hidden")


def test_a_lessons_window_opened_while_a_lesson_in_progress_loads_stays_open_when_it_resumes(make_page, server):
    """A later visit with a lesson in progress (service workers blocked so that the engine's package can be held
    back): the person opens *Lessons* before the engine is ready; the lesson resuming behind it leaves the window
    open (its buttons working now), and Escape shows the lesson."""
    page = make_page(viewport={"width": 390, "height": 844}, service_workers="block")
    early = json.loads((ROOT / "static" / "vendor" / "early" / "engine.json").read_text(encoding="utf-8"))
    lesson = early["lessons"]["en"][0]["id"]
    page.goto(f"{server}/manifest.webmanifest")  # the game's origin, no game started
    progress = {"current": lesson, "lessons": {lesson: {"answers": [], "done": False}}}
    page.evaluate("p => localStorage.setItem('spades-lessons', JSON.stringify(p))", progress)
    release, held = hold_engine(page)
    page.goto(f"{server}/?speed=instant&sound=0")
    open_early(page, "lessons")
    window = page.locator("#dlg-lessons")
    window.wait_for(state="visible")
    assert window.locator("[data-lessons='waiting']").count() == 1, "the list waits for the engine"
    wait_held(page, held)
    release()
    page.wait_for_function("l => document.body.dataset.lesson === l", arg=lesson, timeout=TIMEOUT)
    page.wait_for_function("!document.querySelector('#dlg-lessons [data-lessons=waiting]')", timeout=TIMEOUT)
    assert window.is_visible(), "the lessons window the person opened is still open"
    assert window.locator("button[data-lesson-id]:not([disabled])").count() > 0, "its buttons work now"
    page.keyboard.press("Escape")
    window.wait_for(state="hidden")
    assert page.locator("#lesson-panel").is_visible(), "the resumed lesson behind it"


def announced(page):
    return page.locator("#announce p").evaluate_all("els => els.map(e => e.textContent)")


def test_the_computers_bids_on_the_prepared_hand_are_announced_as_in_any_game(make_page, server):
    page = make_page(viewport={"width": 390, "height": 844})
    release, held = open_first(page, server)
    state = shown_state(page)
    assert page.evaluate("window.spades.readyAt") is None, "before the engine"
    words = [text("announce_bid", "en", who=text(f"who_{seat}", "en"), bid=said(state["bids"][seat])) for seat in "NE"]
    page.wait_for_function("n => document.querySelectorAll('#announce p').length >= n", arg=2)
    assert announced(page) == words, "North's bid, then East's, in the polite live region"
    assert page.locator("#announce").get_attribute("aria-live") == "polite"
    wait_held(page, held)
    release()
    page.wait_for_function("document.body.dataset.firstHand === 'engine'", timeout=TIMEOUT)
    page.wait_for_function("document.body.dataset.await === 'bid'", timeout=TIMEOUT)
    assert announced(page) == words, "said once: the engine's taking the same hand over says them no second time"


SAID_WITH_THE_PLATES = """(() => {
  window.__said = [];  // each line said, with the bids on North's and East's plates at that moment
  window.__dealt = [];  // each time the table deals (<html data-deal>), with the cards of the hand on show
  const plate = (seat) => {
    const bid = document.querySelector(`.seat-${seat} .seat-bid`);
    return bid && !bid.classList.contains("empty") ? bid.textContent.trim() : "";
  };
  document.addEventListener("DOMContentLoaded", () => {  // long before Python runs
    new MutationObserver(() => {
      if (document.documentElement.dataset.deal !== "on") return;
      const cards = [...document.querySelectorAll("#hand [data-card]")].map((card) => card.dataset.card);
      window.__dealt.push({ cards, engine: !!window.spades?.readyAt });
    }).observe(document.documentElement, { attributes: true, attributeFilter: ["data-deal"] });
    new MutationObserver((changes) => {
      for (const change of changes) {
        for (const line of change.addedNodes) {
          window.__said.push({ text: line.textContent, N: plate("N"), E: plate("E") });
        }
      }
    }).observe(document.getElementById("announce"), { childList: true });
  });
})()"""


@pytest.mark.parametrize("speed", ["fast", "normal"])
def test_the_computers_bids_on_the_prepared_hand_are_paced_one_by_one(make_page, server, speed):
    """As in any game, the prepared hand's opening is shown a move at a time: the deal, then North's bid (said and on
    North's plate, East's plate still empty), then East's, each after the pause of the chosen speed."""
    page = make_page(viewport={"width": 390, "height": 844})
    page.add_init_script(SAID_WITH_THE_PLATES)
    release, held = open_first(page, server, f"speed={speed}&sound=0")
    state = shown_state(page)
    north, east = (said(state["bids"][seat]) for seat in "NE")
    words = [text("announce_bid", "en", who=text(f"who_{seat}", "en"), bid=said(state["bids"][seat])) for seat in "NE"]
    lines = page.evaluate("window.__said")
    assert [line["text"] for line in lines] == words
    first, second = lines
    assert first["N"].endswith(north) and first["E"] == "", "North's bid said with it on North's plate, East's empty"
    assert second["N"].endswith(north) and second["E"].endswith(east), "then East's, on East's plate"
    wait_held(page, held)
    release()
    page.wait_for_function("document.body.dataset.firstHand === 'engine'", timeout=TIMEOUT)
    assert [line["text"] for line in page.evaluate("window.__said")] == words, "said once"


@pytest.mark.parametrize(
    ("motion", "speed"), [("no-preference", "normal"), ("no-preference", "slow"), ("reduce", "normal")]
)
def test_the_prepared_hand_is_dealt_as_any_deal_is(make_page, server, motion, speed):
    """The prepared hand's cards fly out from the middle of the table as any deal's do (``<html data-deal="on">``
    for the deal's time at the chosen speed, pacing.py ``DEALS``), before the engine; with reduced motion they are
    simply there."""
    page = make_page(viewport={"width": 390, "height": 844}, reduced_motion=motion)
    page.add_init_script(SAID_WITH_THE_PLATES)
    release, held = open_first(page, server, f"speed={speed}&sound=0")
    page.wait_for_function("!document.documentElement.dataset.deal")  # the deal's end: the cards in their places
    cards = hand(page)
    assert len(cards) == 13
    dealt = page.evaluate("window.__dealt")
    if motion == "reduce":
        assert dealt == [], "no flight where less motion is asked for"
    else:
        assert dealt == [{"cards": cards, "engine": False}], "the prepared hand dealt once, before the engine"
    wait_held(page, held)
    release()
    page.wait_for_function("document.body.dataset.firstHand === 'engine'", timeout=TIMEOUT)
    page.wait_for_function("document.body.dataset.await === 'bid'", timeout=TIMEOUT)
    assert len(page.evaluate("window.__dealt")) == len(dealt), "the engine taking the same hand deals it no second time"


@pytest.mark.parametrize("lang", ["en", "zh-Hant"])  # (the held bid's line below goes through all three)
def test_settings_saved_is_said_on_the_first_hand_before_its_line(make_page, server, lang):
    """A display setting saved on the prepared hand before the engine: the status line says "Settings saved." and
    then its own line (the bid to make; after a bid, the bid held), as the settings form says it elsewhere; a move
    ends it."""
    page = make_page(viewport={"width": 390, "height": 844})
    release, held = open_first(page, server, f"lang={lang}&speed=instant&sound=0")
    status = page.locator("#status")
    assert status.text_content() == text("status_bid", lang)
    save_setting(page, "#set-four_color")
    saved = text("settings_saved", lang)
    assert status.text_content() == text("status_saved_then", lang, saved=saved, line=text("status_bid", lang))
    assert status.get_attribute("aria-live") == "polite", "said to screen readers too"
    assert page.evaluate("document.documentElement.dataset.fourColor") == "1", "the setting is kept at once"
    state = shown_state(page)
    bid = state["legal_bids"][-1]
    page.locator(f"#bid-panel [data-bid='{bid}']").click()
    page.wait_for_function("document.body.dataset.await === ''")
    held_line = text("first_bid_held", lang, bid=said(bid, lang))
    assert status.text_content() == held_line, "the bid is a move: the held bid's line alone"
    save_setting(page, "#set-four_color")
    assert status.text_content() == text("status_saved_then", lang, saved=saved, line=held_line)
    assert page.evaluate("window.spades.readyAt") is None, "still before the engine"
    engine_takes_it(page, held, release)


def save_setting(page, control):
    """Menu → Settings, the checkbox ``control`` turned over, Save: by the keyboard-usable controls a person uses."""
    page.locator("#btn-menu").click()
    page.locator("#menu [data-action='settings']").click()
    dialog = page.locator("#dlg-settings")
    dialog.wait_for(state="visible")
    page.locator(control).click()
    dialog.locator("[data-action='settings-save']").click()
    dialog.wait_for(state="hidden")


def choose_language(page, lang):
    """Settings → Language ``lang`` → Save, by the keyboard-usable controls a person uses; until the page speaks it."""
    page.locator("#btn-menu").click()
    page.locator("#menu [data-action='settings']").click()
    dialog = page.locator("#dlg-settings")
    dialog.wait_for(state="visible")
    page.locator("#set-lang").select_option(lang)
    dialog.locator("[data-action='settings-save']").click()
    dialog.wait_for(state="hidden")
    page.wait_for_function("l => document.documentElement.lang === l", arg=lang)


def test_the_held_bids_line_follows_a_language_chosen_before_the_engine(make_page, server):
    """One page, the language chosen three times while the bid is held: en → zh-Hans → zh-Hant → en."""
    page = make_page(viewport={"width": 844, "height": 390})
    release, held = open_first(page, server, "lang=en&speed=instant&sound=0")
    state = shown_state(page)
    bid = 3 if 3 in state["legal_bids"] else state["legal_bids"][-1]
    page.locator(f"#bid-panel [data-bid='{bid}']").click()
    page.wait_for_function("document.body.dataset.await === ''")
    assert page.locator("#status").text_content() == text("first_bid_held", "en", bid=said(bid, "en"))
    for then in ("zh-Hans", "zh-Hant", "en"):
        choose_language(page, then)
        line = text("first_bid_held", then, bid=said(bid, then))
        assert page.locator("#status").text_content() == text(
            "status_saved_then", then, saved=text("settings_saved", then), line=line
        ), f"the held bid's line in the new words ({then}), after the settings form's word"
        assert page.locator(".seat-N .seat-who").text_content() == text("who_N", then), "the table in the new words"
    assert page.evaluate("window.spades.readyAt") is None, "still before the engine"
    engine_takes_it(page, held, release)
    assert saved(page)["record"]["hands"][0]["bids"][2] == bid, "the held bid went to the engine"


def test_the_game_goes_on_from_a_fresh_seed_after_the_prepared_hand(make_table, server):
    """Two first visits given one prepared hand (the build's file served with its first hand only) play the same
    first hand, then each its own: the game's seed is drawn afresh once the engine has the hand, so the second
    hand on show is that seed's, not the prepared seed's."""
    data = json.loads(FIRST.read_text(encoding="utf-8"))
    data["deals"] = data["deals"][:1]
    body = json.dumps(data)
    one = data["deals"][0]
    seeds = []
    for _ in range(2):
        table = make_table(viewport={"width": 390, "height": 844})
        page = table.page
        page.context.route(
            "**/static/vendor/early/first-hand.json*",
            lambda route: route.fulfill(status=200, content_type="application/json", body=body),
        )
        page.goto(f"{server}/?speed=instant&sound=0")
        page.wait_for_function("document.body.dataset.firstHand === 'engine'", timeout=TIMEOUT)
        page.wait_for_function("document.body.dataset.await === 'bid'", timeout=TIMEOUT)
        record = saved(page)["record"]
        prepared_cards = sorted(item["card"] for item in one["state"]["hand"])
        assert sorted(record["hands"][0]["deal"]["S"]) == prepared_cards, "the prepared hand"
        assert record["seed"] != one["seed"], "a seed of its own"
        seeds.append(record["seed"])
    assert seeds[0] != seeds[1], "each visit's game has a seed of its own"
    assert table.play_hand(bid="3") == "hand-over"  # the second visit's first hand, played out by clicks
    table.next_hand()
    page.wait_for_function(
        "document.body.dataset.phase === 'bidding' && document.querySelectorAll('#hand button[data-card]').length"
        " === 13",
        timeout=TIMEOUT,
    )

    def south(seed):
        return sorted(card_name(card) for card in mask_cards(deal_masks(seed, 1)[2]))

    second = sorted(hand(page))
    assert second == south(seeds[1]), "the second hand is the game's fresh seed's"
    assert second != south(one["seed"]), "not the prepared seed's second hand"
