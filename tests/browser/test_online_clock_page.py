"""The move clock chosen in the create form, the host's own page showing it, and the rated vote's words for a player
out of time (life.py's ``create`` passes ``online.clock_setting``, handlers.py's ``vote`` the ``why``)."""

from __future__ import annotations

from tests.browser.test_online_play import START, join, open_game, seat_three, sit_ready


def create_with_clock(make_page, server, tracker, clock, kind="casual"):
    """Ann's page creates a table whose clock is ``clock`` (``"MOVE+RESERVE"`` seconds, shorter than the form offers:
    the first choice's value changed); answers her page and the invitation."""
    host = open_game(make_page, server, tracker, "Ann")
    host.click('[data-action="menu"]')
    host.click('[data-action="online"]')
    host.wait_for_selector('#online-create input[name="clock"][value="off"]:checked')
    host.check(f'#online-create input[name="kind"][value="{kind}"]')
    host.evaluate("(clock) => { const c = document.querySelector('#online-create input[name=\"clock\"][value=\"20\"]');"
                  " c.value = clock; c.checked = true; }", clock)  # fmt: skip
    host.click('[data-action="create-table"]')
    host.wait_for_selector("[data-invite]", timeout=START)
    return host, host.input_value("[data-invite]")


def test_the_clock_chosen_when_creating_a_table_runs_on_the_hosts_page_too(make_page, server, tracker) -> None:
    host, link = create_with_clock(make_page, server, tracker, "2+1")
    assert "2 s a move + 1 s a hand" in host.inner_text("[data-room-clock]")
    guest = join(make_page, server, tracker, link, "Bo")
    sit_ready(guest, "N")
    host.wait_for_function(
        "() => document.querySelector('#dlg-online [data-occupant=\"N\"]')?.textContent.includes('Ready')",
        timeout=START,
    )
    for seat in ("E", "W"):
        host.select_option(f'select[name="level"][data-seat="{seat}"]', "beginner")
    host.click('[data-action="start"]')
    host.wait_for_function(
        "() => { const c = document.getElementById('move-clock'); return c && !c.hidden && c.dataset.clock === 'N'"
        " && document.querySelector('.seat.seat-N .seat-plate').contains(c); }",
        timeout=START,
    )
    host.wait_for_function(
        "() => document.querySelector('#online-bar [data-occupant=\"N\"]')?.dataset.kind === 'away'", timeout=START
    )
    host.wait_for_function("() => document.querySelector('.seat.seat-N .seat-bid').textContent !== ''", timeout=START)


def test_a_rated_vote_says_the_player_ran_out_of_time_and_ending_it_ends_the_game_unscored(
    make_page, server, tracker
) -> None:
    host, link = create_with_clock(make_page, server, tracker, "2+0", "rated")
    north, east, west = seat_three(make_page, server, tracker, host, link)  # rated: four people, host-blind deals
    # North bids first (once the devices have dealt: nothing is timed before) and does not: out of time, the three
    # others are asked, in their words
    for page in (host, east, west):
        page.wait_for_selector("[data-vote]", timeout=START)
        assert "ran out of time" in page.inner_text("#dlg-online") and "Bo" in page.inner_text("#dlg-online h2")
        page.click('[data-vote="end"]')
    for page in (host, north, east, west):
        page.wait_for_function("() => document.getElementById('notice-text')?.textContent.includes('unscored')",
                               timeout=START)  # fmt: skip
