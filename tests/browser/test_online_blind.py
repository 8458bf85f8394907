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

from tests.browser.test_online_play import START, join, open_game, play_until_over

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
        page = join(make_page, server, tracker, link, name)
        assert page.locator("[data-room-blind]").count() == 1
        page.click(f'[data-sit="{seat}"]')
        page.wait_for_function(f"() => document.querySelector('[data-occupant=\"{seat}\"]') !== null")
        page.click('[data-action="ready"]')
        guests[seat] = page
    host.wait_for_function(
        "() => ['N','E','W'].every((s) => document.querySelector(`#dlg-online [data-occupant=\"${s}\"]`)"
        "?.textContent.includes('Ready'))",
        timeout=START,
    )
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
        raise AssertionError(f"{error}: {({seat: page.evaluate(WHERE) for seat, page in pages.items()})}") from error
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
        control = page.locator("#dlg-scores details[data-verify='1']")
        control.locator("summary").click()
        page.wait_for_selector("#dlg-scores details[data-verify='1'][data-verified='holds']", timeout=START)
        line = control.locator("[data-verify-line]").inner_text()
        assert line.startswith("Holds: hand 1 was dealt host-blind"), line
        page.evaluate(TAMPER)
        control.locator("summary").click()  # closed, then opened again: checked again
        control.locator("summary").click()
        page.wait_for_selector("#dlg-scores details[data-verify='1'][data-verified='fails']", timeout=START)
        line = control.locator("[data-verify-line]").inner_text()
        assert line.startswith("Does not hold: hand 1: "), line
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
