"""Online windows that stay as the person left them (issue 21): the lobby never opens itself and says when no
lobby server answers; the room window (*Table*) opened during a game stays open through the room's updates; the
end-of-hand window closes on a guest when the host deals the next hand.  Real WebRTC through the test's tracker on
127.0.0.1 (``tracker`` fixture), as in test_online_play.py; every wait is for a condition (a count of updates, an
attribute), never for time."""

from __future__ import annotations

from tests.browser.test_online_play import START, open_game, play_until_over, start_two_people

DIALOG_OPENS = """() => {
  window.dialogOpens = 0;
  new MutationObserver((changes) => {
    for (const change of changes) {
      if (change.target.id === 'dlg-online' && change.target.open) window.dialogOpens += 1;
    }
  }).observe(document.body, { attributes: true, attributeFilter: ['open'], subtree: true });
}"""


def open_lobby(page):
    page.click('[data-action="menu"]')
    page.click('[data-action="online"]')
    page.click('[data-action="lobby"]')
    page.wait_for_selector("#dlg-online[open] [data-listings]", timeout=START)


def updates(page) -> int:
    return int(page.get_attribute("body", "data-lobby-updates") or 0)


def test_the_lobby_never_opens_itself_after_back_and_close(make_page, server, tracker) -> None:
    person = open_game(make_page, server, tracker, "Ann")
    other = open_game(make_page, server, tracker, "Bo")  # keeps its lobby open: its updates count the time
    open_lobby(other)
    open_lobby(person)
    person.wait_for_function("() => Number(document.body.dataset.lobbyUpdates || 0) >= 2", timeout=START)
    assert person.get_attribute("body", "data-lobby-listening") == "1"
    person.click('#dlg-online [data-action="online"]')  # Back
    person.wait_for_selector("#dlg-online[open] #online-create")
    assert person.get_attribute("body", "data-lobby-listening") == ""  # leaving the lobby stops listening
    person.keyboard.press("Escape")
    person.wait_for_function("() => !document.querySelector('#dlg-online[open]')")
    person.evaluate(DIALOG_OPENS)
    seen = updates(other)
    other.wait_for_function(
        "(seen) => Number(document.body.dataset.lobbyUpdates || 0) >= seen + 3", arg=seen, timeout=START
    )  # three listing updates on the other page (one every few seconds): meanwhile nothing opened here
    assert person.evaluate("() => window.dialogOpens") == 0
    assert person.query_selector("#dlg-online[open]") is None
    assert other.query_selector("#dlg-online[open] [data-listings]") is not None  # the open lobby stays open
    # under the list, which configured tracker answers (session.mjs lobby trackers())
    assert other.get_attribute(f'[data-trackers] [data-tracker="{tracker}"]', "data-reach") == "ok"
    assert other.inner_text(f'[data-tracker="{tracker}"]') == f"{tracker}: answers"


def test_the_lobby_says_when_no_lobby_server_answers(make_page, server) -> None:
    page = open_game(make_page, server, "ws://127.0.0.1:9", "Ann")  # nothing listens there
    open_lobby(page)
    page.wait_for_selector('[data-listings][data-reach="none"]', timeout=START)
    assert "Can't reach the lobby servers (offline?)" in page.inner_text("[data-listings]")
    assert "No public tables" not in page.inner_text("[data-listings]")
    page.wait_for_selector('[data-tracker="ws://127.0.0.1:9"][data-reach="none"]', timeout=START)
    assert page.inner_text('[data-tracker="ws://127.0.0.1:9"]') == "ws://127.0.0.1:9: no answer"


def test_the_table_window_stays_open_the_next_hand_closes_the_hand_window_and_a_returning_guest_is_at_its_trick(
    make_page, server, tracker
) -> None:
    """One table for three steps in turn (each a function below: a failure's traceback names it)."""
    host, (guest,), _ = start_two_people(make_page, server, tracker)
    the_table_window_stays_open_through_room_updates(guest)
    the_next_hand_closes_the_guests_end_of_hand_window(host, guest)
    a_returning_guest_is_at_the_current_trick_at_once(host, guest)


def the_table_window_stays_open_through_room_updates(guest) -> None:
    guest.click('[data-action="online-panel"]')
    guest.click('#online-buttons [data-action="online"]')  # the room window (Table), during the game
    guest.wait_for_selector("#dlg-online[open] [data-lobby]")
    for turn in range(3):  # a change the room tells everyone: the window shows it, in place, and stays open
        seen = int(guest.get_attribute("#online-bar", "data-rooms") or 0)
        guest.click('#dlg-online input[name="show_cards"]')
        guest.wait_for_function(
            "(seen) => Number(document.getElementById('online-bar').dataset.rooms) > seen", arg=seen, timeout=START
        )
        assert guest.query_selector("#dlg-online[open] [data-lobby]") is not None, turn
        assert guest.is_checked('#dlg-online input[name="show_cards"]') == (turn % 2 == 0)
    guest.keyboard.press("Escape")
    guest.wait_for_function("() => !document.querySelector('#dlg-online[open]')")


def the_next_hand_closes_the_guests_end_of_hand_window(host, guest) -> None:
    play_until_over([host, guest])
    for page in (host, guest):
        page.wait_for_function("() => document.body.dataset.phase === 'hand-over'", timeout=START)
    if not guest.locator("#dlg-hand").is_visible():
        guest.click("#btn-scores")
    guest.wait_for_selector("#dlg-hand[open]")
    host.wait_for_selector('#dlg-hand[open] [data-action="next-hand"]', timeout=START)
    host.click('#dlg-hand [data-action="next-hand"]')
    guest.wait_for_function(
        "() => document.body.dataset.phase === 'bidding' && !document.getElementById('dlg-hand').open", timeout=START
    )


def a_returning_guest_is_at_the_current_trick_at_once(host, guest) -> None:
    """The guest's page closes and opens the invitation again: it says hello with seq 0 and its token, and the room
    sends the current state (spades/table/room.py: no replay of the history), drawn at once."""
    for page in (host, guest):
        page.wait_for_function("() => document.body.dataset.phase === 'bidding'", timeout=START)
    guest.reload()
    guest.wait_for_selector("#online-bar", timeout=START)
    guest.wait_for_function(
        "() => document.body.dataset.seat === 'N' && ['bidding','playing'].includes(document.body.dataset.phase)"
        " && document.querySelectorAll('#hand [data-card]').length === 13",
        timeout=START,
    )
    assert guest.get_attribute("body", "data-online") == "guest"
    play_until_over([host, guest])  # and the game goes on from there with the guest at its seat
