"""Tables that survive their host (issue 21), over real WebRTC through the test's own tracker on 127.0.0.1: four
people play a hand; the host's page closes in the middle of the next; the first of the room's succession that is
still there takes the table over from the public record every page keeps, the others follow it by themselves, the
hand is dealt again and the score sheet is the one before; the old host reopens the link and gets its seat back as
a guest, and a newcomer who opens the invitation made before the takeover finds the table under its new host.  Then
the same at that table with the new host's first successor gone too: the next in her order takes over (a second
takeover, from a host that took over herself).

The succession goes clockwise from the host's left: Ann hosts at South, so West (Di), North (Bo), East (Cy).
"""

from __future__ import annotations

import time
from urllib.parse import quote

from tests.browser.test_online_play import START, join, open_game, play_until_over, sit_ready

COUNT_SUMMARIES = (
    "() => { window.summariesOpened = 0; const d = document.getElementById('dlg-hand');"
    " new MutationObserver(() => { if (d.open) window.summariesOpened++; })"
    ".observe(d, {attributes: true, attributeFilter: ['open']}); }"
)
FAIR_PART = "(hand) => JSON.parse(localStorage.getItem('spades-online-fair')).parts[hand]"
SHEET = "() => Object.fromEntries([...document.querySelectorAll('.team-score')].map((e) => [e.dataset.score, e.textContent]))"  # noqa: E501


def create_table(page):
    """Ann creates a casual table (the online dialog's defaults); the invite link."""
    page.click('[data-action="menu"]')
    page.click('[data-action="online"]')
    page.click('[data-action="create-table"]')
    page.wait_for_function("() => document.body.dataset.online === 'host'", timeout=START)
    page.wait_for_selector("[data-invite]", timeout=START)
    return page.input_value("[data-invite]")


def four_people(make_page, server, tracker):
    """Ann hosts at South; Bo (N), Cy (E) and Di (W) sit; started; hand 1 played; hand 2 dealt and being bid; the
    pages and the invitation."""
    host = open_game(make_page, server, tracker, "Ann")
    link = create_table(host)
    people = {"S": host}
    for seat, name in (("N", "Bo"), ("E", "Cy"), ("W", "Di")):
        page = join(make_page, server, tracker, link, name)
        sit_ready(page, seat)
        assert page.get_attribute("body", "data-seat") == seat
        people[seat] = page
    host.wait_for_function(
        "() => ['N','E','W'].every((s) => document.querySelector(`#dlg-online [data-occupant=\"${s}\"]`)"
        "?.textContent.includes('Ready'))",
        timeout=START,
    )
    host.click('[data-action="start"]')
    for page in people.values():
        page.wait_for_function("() => !document.querySelector('#dlg-online[open]') && "
                               "document.querySelector('#online-bar')", timeout=START)  # fmt: skip
    play_until_over(list(people.values()))
    host.locator("#dlg-hand [data-action='next-hand']").click()
    for page in people.values():
        page.wait_for_function("() => document.body.dataset.phase === 'bidding'", timeout=START)
    # every guest's public record holds hand 1 (asked for once the states said it was scored)
    for seat in "NEW":
        people[seat].wait_for_function(
            "() => (JSON.parse(localStorage.getItem('spades-online-record') || '{}').hands || []).length === 1",
            timeout=START,
        )
    return people, link


def hosts_met(page) -> int:
    """How many new hosts ``page`` met (#online-bar[data-hosts], takeover.py: the one it became itself too)."""
    return int(page.get_attribute("#online-bar", "data-hosts") or 0)


def took_over(pages, host, started, met=None):
    """Wait until ``host`` hosts and every page met one new host more than ``met`` says (none: each its first) and
    shows the new deal; the seconds it took."""
    host.wait_for_function("() => document.body.dataset.online === 'host'", timeout=START)
    for page in pages:
        page.wait_for_function(
            "(n) => document.querySelector('#online-bar')?.dataset.hosts === String(n) && "
            "document.body.dataset.phase === 'bidding'",
            arg=(met or {}).get(page, 0) + 1,
            timeout=START,
        )
    return time.monotonic() - started


def comes_back(old, url, new_host, seat="S"):
    """The old host reopens its link (``url``, in the same browser): its saved room gives way to the new host, and
    it is a guest at its own seat again."""
    page = old.context.new_page()
    page.goto(url)
    page.wait_for_function(
        "(seat) => document.body.dataset.online === 'guest' && document.body.dataset.seat === seat",
        arg=seat,
        timeout=START,
    )
    new_host.wait_for_function(
        "(seat) => document.querySelector(`#online-bar [data-occupant=\"${seat}\"]`)?.dataset.kind === 'person'",
        arg=seat,
        timeout=START,
    )
    assert page.evaluate("() => localStorage.getItem('spades-online-host')") is None  # its old save dropped
    page.wait_for_function("() => document.body.dataset.phase === 'bidding'", timeout=START)
    return page


def test_the_backup_takes_over_the_old_host_comes_back_and_with_the_next_backup_gone_the_one_after_takes_over(
    make_page, server, tracker
) -> None:
    """One table for two takeovers in turn (each a function below: a failure's traceback names it): Di (West)
    takes over from Ann, who comes back at South; then Di's first successor, Bo (North), leaves, Di's page closes,
    and Cy (East), the next in her order, takes over; Di comes back at West."""
    people, link = four_people(make_page, server, tracker)
    the_backup_takes_over_when_the_host_is_gone_and_the_old_host_comes_back_to_its_seat(
        people, link, make_page, server, tracker
    )
    hand_2_played_and_hand_3_dealt(people)
    with_the_backup_gone_too_the_next_in_order_takes_over(people)


def the_backup_takes_over_when_the_host_is_gone_and_the_old_host_comes_back_to_its_seat(
    people, link, make_page, server, tracker
) -> None:
    before = people["N"].evaluate(SHEET)
    old_parts = {seat: people[seat].evaluate(FAIR_PART, "2") for seat in "NE"}
    for seat in "NEW":
        people[seat].evaluate(COUNT_SUMMARIES)
    url = people["S"].url
    people["S"].close()
    seconds = took_over([people["N"], people["E"], people["W"]], people["W"], time.monotonic())
    print(f"host gone -> the table playing again: {seconds:.1f} s")
    assert people["W"].get_attribute("body", "data-online") == "host"
    for seat in "NE":
        assert people[seat].get_attribute("body", "data-online") == "guest"
        assert "Di is hosting now" in people[seat].inner_text("#notice-text")
        assert "dealt again" in people[seat].inner_text("#notice-text")
    for seat in "NEW":
        assert people[seat].evaluate(SHEET) == before  # nothing of the finished hand is lost
        # the room waited at the end of hand 1 for the deal: no page showed hand 1's summary again meanwhile
        assert people[seat].evaluate("() => window.summariesOpened") == 0
    # the hand dealt again is a commit–reveal deal of Di's room (its fair part kept for *Verify this deal*), and no
    # page takes it for a host's trick (each page's device forgets the cards of the hand the old room dealt)
    for seat in "NE":
        people[seat].wait_for_function(  # (the deal's fair message comes after the states)
            f"(old) => ({FAIR_PART})('2').table !== old", arg=old_parts[seat]["table"], timeout=START
        )
        part = people[seat].evaluate(FAIR_PART, "2")
        assert part["seed"] != old_parts[seat]["seed"] and part["hand"] == 2
        assert people[seat].get_attribute("body", "data-fair-caught") is None
        print(f"{seat}: the hand dealt again, secrets replaced by the host's fallback: {part.get('replaced', [])}")
    # a newcomer with the invitation made before the takeover (the old host's key): Di's host frame shows the chain
    # from Ann's key to hers, so Eve finds the table
    eve = make_page()
    eve.goto(
        f"{server}/?lang=en&speed=instant&relay={quote(tracker)}&ice=none&loopback=1&name=Eve{link[link.index('#') :]}"
    )
    new_key = people["W"].evaluate("() => new URLSearchParams(location.hash.slice(1)).get('k')")
    assert link.split("k=")[1] != new_key
    eve.wait_for_function(  # a guest in Di's room, following her key since (the link followed the chain)
        "(key) => document.body.dataset.online === 'guest' && location.hash.endsWith('k=' + key)",
        arg=new_key,
        timeout=START,
    )
    people["S"] = comes_back(people["S"], url, people["W"])
    assert people["S"].evaluate(SHEET) == before
    play = list(people.values())
    play_until_over(play)  # the four play the hand dealt again to its end
    for page in play:
        page.wait_for_function("() => ['hand-over','game-over'].includes(document.body.dataset.phase)")


def hand_2_played_and_hand_3_dealt(people) -> None:
    """Di deals the next hand; every guest's public record holds the two hands scored."""
    people["W"].locator("#dlg-hand [data-action='next-hand']").click()
    for page in people.values():
        page.wait_for_function("() => document.body.dataset.phase === 'bidding'", timeout=START)
    for seat in "NES":
        people[seat].wait_for_function(
            "() => (JSON.parse(localStorage.getItem('spades-online-record') || '{}').hands || []).length === 2",
            timeout=START,
        )


def with_the_backup_gone_too_the_next_in_order_takes_over(people) -> None:
    """Di hosts at West: her succession is North (Bo), East (Cy), South (Ann)."""
    before = people["E"].evaluate(SHEET)
    people["N"].close()  # Bo, the first successor, leaves first: the host's room drops him from the succession
    for seat in "WE":
        people[seat].wait_for_function(
            "() => document.querySelector('#online-bar [data-occupant=\"N\"]')?.dataset.kind === 'away'",
            timeout=START,
        )
    url = people["W"].url
    met = {people[seat]: hosts_met(people[seat]) for seat in "ES"}  # so far (Cy met Di)
    people["W"].close()
    seconds = took_over([people["E"], people["S"]], people["E"], time.monotonic(), met)
    print(f"host and backup gone -> the table playing again: {seconds:.1f} s")
    assert "Cy is hosting now" in people["S"].inner_text("#notice-text")
    for seat in "ES":
        assert people[seat].evaluate(SHEET) == before
    comes_back(people["W"], url, people["E"], "W")
