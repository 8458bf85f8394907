"""A host-blind hand in four browsers (issue 22, docs/fair-play.md "A blind table"): the host ticks *Host-blind
deal* when making the table, three people join, and every hand is dealt by the four pages' devices over real WebRTC
through the test's own tracker.  Each page draws its own 13 cards and no other (the 52 are all different); the
host's page shows no card of another seat; every bid and card is clicked; the hand is audited on every page, which
says it holds, and scored alike everywhere; *Verify this deal* audits it again from each device's record and
fails once that record is tampered with.  Every message the host's page received is recorded at its transport
(net.mjs ``spadesTap``), and none names a guest's card before that guest's device played it."""

from __future__ import annotations

import json
import re
import time
from urllib.parse import quote

from tests.browser.test_online_play import PACE, START, all_ready, open_game, play_until_over, sit_ready
from tests.browser.test_online_sheets import verify_twice

TAP = """window.spadesHeard = [];
window.spadesTap = (peer, message) => window.spadesHeard.push([peer, JSON.stringify(message)]);
null;"""  # (an expression that is a function would be called by page.evaluate)
CARD = re.compile(r'\\*"((?:10|[2-9TJQKA])[CDHS])\\*"')  # a card's name as a JSON string, escaped or not
HAND = "() => [...document.querySelectorAll('#hand button[data-card]')].map((b) => b.dataset.card)"
WHERE = """() => [document.body.dataset.phase, document.body.dataset.await,
  document.getElementById('status').textContent, document.querySelectorAll('#hand button[data-card]').length,
  document.getElementById('notice-text').textContent]"""
KEPT = "() => (JSON.parse(localStorage.getItem('spades-online-fair') || '{}').parts || {})['1']?.kind === 'blind'"
TAMPER = """() => {
  const kept = JSON.parse(localStorage.getItem('spades-online-fair'));
  const play = kept.parts['1'].transcript.find((message) => message.type === 'play');
  play.card = play.card === '2C' ? '3C' : '2C';
  localStorage.setItem('spades-online-fair', JSON.stringify(kept));
}"""
NOTICE = "(words) => words.some((w) => document.getElementById('notice-text').textContent.includes(w))"
ENGINE_READY = "import random; random.seed(); from spades.worker import handle"  # static/engine-worker.mjs
RENEGADE = (  # Python run in a cheat's engine worker: its device offers off-suit cards while it could follow, once
    "import spades.table.blindroom as b\\n"
    "from spades.cards import SUIT_OF, mask_cards\\n"
    "legal, reason, done = b.BlindSeat.legal, b.BlindSeat.reason, []\\n"
    "def off(self):\\n"
    "    ok, trick = legal(self), self.public.trick\\n"
    "    follow = [c for c in mask_cards(self.hand_mask) if trick and SUIT_OF[c] == SUIT_OF[trick[0]]]\\n"
    "    others = [c for c in mask_cards(self.hand_mask) if trick and SUIT_OF[c] != SUIT_OF[trick[0]]]\\n"
    "    return tuple(others) if self.hand >= 2 and not done and follow and others else ok\\n"
    "def why(self, card):\\n"
    "    if card in off(self) and card not in legal(self): done.append(card); return None\\n"
    "    return reason(self, card)\\n"
    "b.BlindSeat.legal, b.BlindSeat.reason = off, why"
)
SHOWN = "() => [...new Set([...document.querySelectorAll('[data-card]')].map((e) => e.dataset.card))]"


def test_four_people_play_a_host_blind_hand_and_the_host_never_receives_a_card_before_its_play(
    make_page, server, tracker
) -> None:
    host = open_game(make_page, server, tracker, "Ann")
    host.add_init_script(TAP)
    host.evaluate(TAP)
    host.click('[data-action="menu"]')
    host.click('[data-action="online"]')
    host.check('#online-create input[name="blind"]')
    host.click('[data-action="create-table"]')
    host.wait_for_selector("[data-room-blind]", timeout=START)  # the room window says so
    assert host.locator('#dlg-online select[name="level"]').count() == 0  # no computer at a host-blind table
    link = host.input_value("[data-invite]")
    guests = {}
    for seat, name in (("N", "Bo"), ("E", "Cy"), ("W", "Di")):
        page = join(make_page, server, tracker, link, name, modified=seat == "E")
        assert page.locator("[data-room-blind]").count() == 1
        sit_ready(page, seat)
        guests[seat] = page
    all_ready(host)
    pages = {"S": host, **guests}
    host.click('[data-action="start"]')
    started = time.monotonic()
    hands: dict[str, list[str]] = {}
    while len({card for cards in hands.values() for card in cards}) < 52:  # each page's device decrypts its 13
        assert time.monotonic() - started < START / 1000, f"no host-blind deal on every page: {hands}"
        host.wait_for_timeout(50)  # a poll: the solo game's hand shows until the table's first state is drawn
        hands = {seat: page.evaluate(HAND) for seat, page in pages.items()}
    print(f"host-blind deal, Start -> every page shows its own 13 cards: {time.monotonic() - started:.2f} s")
    assert all(len(cards) == 13 for cards in hands.values())
    assert sorted(host.evaluate(SHOWN)) == sorted(hands["S"])  # the host's page shows its own cards, no other
    for seat, page in pages.items():
        assert page.get_attribute("body", "data-seat") == seat
    status = host.inner_text("#status")
    assert "{" not in status and status.strip()

    try:
        play_until_over(list(pages.values()))
    except AssertionError as error:  # where each page stood
        raise AssertionError(f"{error}: { ({seat: page.evaluate(WHERE) for seat, page in pages.items()}) }") from error
    holds = "Every device checked the deal and every card played: it holds."
    for page in pages.values():
        page.wait_for_function("() => ['hand-over','game-over'].includes(document.body.dataset.phase)", timeout=START)
        page.wait_for_function(
            "(words) => document.getElementById('notice-text').textContent.includes(words)", arg=holds, timeout=START
        )
    scores = {
        page.inner_text('[data-score="NS"]') + "/" + page.inner_text('[data-score="EW"]') for page in pages.values()
    }
    assert len(scores) == 1, scores  # the hand scored alike on every page

    # Verify this deal: each page audits the hand again from its own device's record (kept in the browser's
    # storage), and says it does not hold once that record is tampered with
    for page in (guests["N"], host):
        page.wait_for_function(KEPT, timeout=START)
        page.locator("#dlg-hand [data-action='scores']").click()
        held, failed = verify_twice(page, 1, TAMPER)
        assert held.startswith("Holds: hand 1 was dealt host-blind") and failed.startswith("Does not hold: hand 1: ")
        page.keyboard.press("Escape")

    # What the host's page received, in order: a guest's card is named first by that guest's own play
    heard = json.loads(host.evaluate("() => JSON.stringify(window.spadesHeard)"))
    owner = {card: seat for seat, cards in hands.items() for card in cards}
    played: set[str] = set()
    named = 0
    assert heard and all(isinstance(text, str) for _peer, text in heard), heard[:3]
    for _peer, text in heard:
        message = json.loads(text)
        if message.get("t") == "blind":
            data = str(message.get("data"))
            for card in CARD.findall(data):
                if owner.get(card) in ("N", "E", "W") and card not in played:
                    assert '"play' in data, f"{card} ({owner[card]}) was named before its play: {data[:200]}"
                    played.add(card)
            named += len(CARD.findall(data))
        else:
            assert not [c for c in CARD.findall(text) if owner.get(c) in ("N", "E", "W") and c not in played], text
    assert named >= 39 and played == {card for card, seat in owner.items() if seat != "S"}

    # A modified page: from hand 2 on, East's device offers only cards off the suit led while East could follow
    # (RENEGADE), once. The audit finds it on every page: the renege is said in every page's words, the hand is
    # scored by the rule (3 tricks to the opponents) alike everywhere, and Verify this deal names it
    renege = "East did not follow suit with "
    for number in (2, 3, 4):  # a hand may give East no chance to renege: then the next one
        for page in pages.values():
            page.evaluate("() => { document.getElementById('notice-text').textContent = ''; }")
        host.locator("#dlg-hand [data-action='next-hand']").click()
        for page in pages.values():
            page.wait_for_function(f"() => document.querySelector('#dlg-hand[open]') === null && "
                                   f"({HAND[6:]}).length === 13", timeout=START)  # fmt: skip
        play_until_over(list(pages.values()))
        for page in pages.values():
            page.wait_for_function(NOTICE, arg=[renege, holds], timeout=START)
        guests["N"].wait_for_function(KEPT.replace("['1']", f"['{number}']"), timeout=START)  # the hand's record
        if renege in host.inner_text("#notice-text"):
            break
    else:
        raise AssertionError("East never had a chance to renege in three hands")
    notices = {page.inner_text("#notice-text") for page in pages.values()}
    assert len(notices) == 1, notices  # the same words on every page
    # the rule's 3 tricks, or as many as East–West won if fewer (spades.scoring.renege_tricks): the deal decides
    moved = re.search(r"(\d) tricks? go(?:es)? to the opponents", notices.pop())
    assert renege in host.inner_text("#notice-text") and moved is not None and 0 <= int(moved.group(1)) <= 3
    assert len({page.inner_text('[data-score="NS"]') + page.inner_text('[data-score="EW"]') for page in
                pages.values()}) == 1  # fmt: skip
    page = guests["N"]
    page.locator("#dlg-hand [data-action='scores']").click()
    control = page.locator(f"#dlg-scores details[data-verify='{number}']")
    control.locator("summary").click()
    page.wait_for_selector(f"#dlg-scores details[data-verify='{number}'][data-verified='fails']", timeout=START)
    line = control.locator("[data-verify-line]").inner_text()
    assert line.startswith(f"Does not hold: hand {number}: ") and "East" in line, line


def join(make_page, server, tracker, link, name, modified=False):
    """Open the invite link as test_online_play's ``join`` does; a ``modified`` page's engine worker is a cheat's
    (:data:`RENEGADE` run in it once the engine is imported)."""
    page = make_page()
    if modified:

        def cheat(route):
            text = route.fetch().text()
            assert ENGINE_READY in text
            route.fulfill(body=text.replace(ENGINE_READY, ENGINE_READY + "; " + RENEGADE),
                          content_type="text/javascript")  # fmt: skip

        page.context.route("**/static/engine-worker.mjs*", cheat)
    fragment = link[link.index("#") :]
    page.goto(f"{server}/?lang=en&speed=instant&{PACE}relay={quote(tracker)}&ice=none&loopback=1&name={quote(name)}"
              f"{fragment}")  # fmt: skip
    page.wait_for_selector("[data-lobby]", timeout=START)
    return page
