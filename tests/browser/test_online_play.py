"""Online play through the page, as people click it: create a table, open the invite link in other browsers,
take seats, start, play; spectators; do not disturb; chat; a dropped player. Real WebRTC through a real tracker
started on 127.0.0.1 (``tracker`` fixture); every page uses ``?relay=`` and ``?ice=none`` (docs/online.md)."""

from __future__ import annotations

import json
from urllib.parse import quote

START = 60_000
# a test hook (static/app/online/life.py): the host's computers move without their pauses (session.mjs STEP_MS,
# which paces them for people); what a person sees of a move is the same, sooner
PACE = "pace=0&"


def open_game(make_page, server, tracker, name, extra=""):
    page = make_page()
    page.goto(
        f"{server}/?fresh=1&lang=en&speed=instant&{PACE}relay={quote(tracker)}&ice=none&loopback=1&name={quote(name)}{extra}"
    )
    page.wait_for_function("() => document.body.dataset.phase === 'bidding' || document.body.dataset.phase === "
                           "'playing'", timeout=START)  # fmt: skip
    return page


def create_table(page, kind="casual"):
    page.click('[data-action="menu"]')
    page.click('[data-action="online"]')
    page.check(f'#online-create input[name="kind"][value="{kind}"]')
    page.click('[data-action="create-table"]')
    page.wait_for_selector("[data-invite]", timeout=START)
    assert page.get_attribute("body", "data-online") == "host"
    return page.input_value("[data-invite]")


def join(make_page, server, tracker, link, name):
    """Open the invite link (its fragment) with this visit's relay and name; wait for the room."""
    fragment = link[link.index("#") :]
    page = make_page()
    page.goto(
        f"{server}/?lang=en&speed=instant&{PACE}relay={quote(tracker)}&ice=none&loopback=1&name={quote(name)}{fragment}"
    )
    page.wait_for_selector("[data-lobby]", timeout=START)
    assert page.get_attribute("body", "data-online") == "guest"
    return page


# This page's room window shows ``seat`` as its own, as the room now has it (the person sitting there, the Ready
# button below): drawn from the room that followed the sitting, not only from the welcome that came before it.
OWN_SEAT = (
    "(seat) => document.querySelector(`#dlg-online tr[data-occupant=\"${seat}\"]`)?.dataset.kind === 'person'"
    " && document.querySelector('#dlg-online [data-action=\"ready\"]') !== null"
)


def sit_ready(page, seat):
    """Sit at ``seat`` and say Ready; returns once the room has this page ready (its Ready button pressed).

    The room window is drawn anew for every room that comes, and a click whose press and release fall on either
    side of a redraw is lost without a word (Chromium sends it to no button, and Playwright reports it done).  The
    welcome that seats the page shows the Ready button before the room with the seat comes, so the click waits for
    that room (test_online_guard waited 60 s for a Ready lost so)."""
    page.click(f'[data-sit="{seat}"]')
    page.wait_for_function(OWN_SEAT, arg=seat, timeout=START)
    page.click('[data-action="ready"]')
    page.wait_for_selector('#dlg-online [data-action="ready"][aria-pressed="true"]', timeout=START)


def bid(page):
    """Bid 2 on ``page``, or its first bid allowed, and wait until the page takes it (locators, found again when
    the panel is drawn anew meanwhile: another seat's bid redraws it)."""
    two = page.locator('#bid-panel [data-bid="2"]:not([disabled])')
    (two if two.count() else page.locator("#bid-panel [data-bid]:not([disabled])").first).click()
    page.wait_for_function("() => document.body.dataset.await !== 'bid'", timeout=START)


def play_first_legal(page):
    """Play the first legal card of ``page``'s hand and wait until it has left the hand."""
    card = page.get_attribute("#hand button[data-card][data-legal='true']", "data-card", timeout=5000)
    page.locator(f"#hand button[data-card='{card}']").click(position={"x": 10, "y": 30})
    page.wait_for_function(
        "card => !document.querySelector(`#hand button[data-card='${card}']`)", arg=card, timeout=START
    )


def play_until_over(pages, limit=400):
    """Each page bids 2 or plays its first legal card when it is its turn, until the hand is over."""
    for _ in range(limit):
        phases = [p.get_attribute("body", "data-phase") for p in pages]
        if all(phase in ("hand-over", "game-over") for phase in phases):
            return
        moved = False
        for page in pages:
            waiting = page.get_attribute("body", "data-await")
            if waiting == "bid":
                bid(page)
                moved = True
            elif waiting == "play":
                play_first_legal(page)
                moved = True
        if not moved:
            pages[0].wait_for_timeout(100)
    raise AssertionError("the hand did not end")


def all_ready(host):
    """Wait until the host's room window shows North, East and West seated and ready."""
    host.wait_for_function(
        "() => ['N','E','W'].every((s) => document.querySelector(`#dlg-online [data-occupant=\"${s}\"]`)"
        "?.textContent.includes('Ready'))",
        timeout=START,
    )


def seat_three(make_page, server, tracker, host, link):
    """Bo (North), Cy (East) and Di (West) join ``host``'s table from ``link`` and are ready; the host starts (a
    rated table has four people: its hands are dealt host-blind).  Returns the guests once every page shows the
    table."""
    guests = []
    for seat, name in (("N", "Bo"), ("E", "Cy"), ("W", "Di")):
        guest = join(make_page, server, tracker, link, name)
        sit_ready(guest, seat)
        guests.append(guest)
    all_ready(host)
    host.click('[data-action="start"]')
    for page in [host, *guests]:
        page.wait_for_function("() => !document.querySelector('#dlg-online[open]') && "
                               "document.querySelector('#online-bar')", timeout=START)  # fmt: skip
    return guests


def test_four_people_play_a_hand_and_a_spectator_watches(make_page, server, tracker) -> None:
    host = open_game(make_page, server, tracker, "Ann")
    link = create_table(host)
    assert "#t=" in link and "&k=" in link and quote(tracker, safe="") in link.split("#")[0]  # the host's relay
    guests = {}
    for seat, name in (("N", "Bo"), ("E", "Cy"), ("W", "Di")):
        page = join(make_page, server, tracker, link, name)
        sit_ready(page, seat)
        guests[seat] = page
    all_ready(host)
    watcher = join(make_page, server, tracker, link, "Eve")
    watcher.click('[data-action="watch"]')
    host.click('[data-action="start"]')
    for seat, page in [("S", host), *guests.items()]:
        page.wait_for_function(
            "(seat) => !document.querySelector('#dlg-online[open]') && document.body.dataset.seat === seat"
            " && document.querySelector('#online-bar [data-occupant=\"N\"]')?.dataset.kind === 'person'",
            arg=seat,
            timeout=START,
        )
    assert guests["E"].get_attribute("body", "data-seat") == "E"
    assert watcher.get_attribute("body", "data-online") == "spectator"
    for seat in "NESW":
        assert host.get_attribute(f'#online-bar [data-occupant="{seat}"]', "data-kind") == "person"
    # chat: a line reaches everyone; muting its author hides it
    for page in (guests["N"], host):  # the panel opens below the strip of lights
        page.click('[data-action="online-panel"]')
        page.wait_for_selector("#chat-form input")
    guests["N"].fill("#chat-form input", "<b>hello</b> table")
    guests["N"].press("#chat-form input", "Enter")
    host.wait_for_selector("#chat-log li", timeout=START)
    assert host.inner_text("#chat-log li b") == "Bo" and "<b>hello</b> table" in host.inner_text("#chat-log li")
    host.click('#chat-log [data-action="mute"]')
    host.wait_for_function("() => document.querySelector('#chat-log li') === null")
    for page in (guests["N"], host):  # the open panel lies over the middle of the table: closed to play
        page.click('[data-action="online-panel"]')
        page.wait_for_selector("#online-panel", state="hidden")
    # opened while it is not my turn, the panel closes by itself when my turn comes (panel.py MY_TURN): else the
    # bidding window under it could not be clicked below
    idle = next(page for page in guests.values() if page.get_attribute("body", "data-await") == "")
    idle.click('[data-action="online-panel"]')
    idle.wait_for_selector("#chat-form input")
    play_until_over([host, *guests.values()])
    assert idle.locator("#online-panel").is_hidden()
    assert watcher.query_selector("#hand [data-card]") is None  # no permission to see cards
    for page in [host, *guests.values(), watcher]:
        page.wait_for_function("() => ['hand-over','game-over'].includes(document.body.dataset.phase)")
    # lights: everyone has a measured round trip on loopback (green)
    host.wait_for_function("() => document.querySelector('[data-light=\"N\"]').dataset.rtt !== ''", timeout=START)
    assert host.get_attribute('[data-light="N"]', "data-level") == "green"
    # the hand trick by trick from the score sheet: the host answers a guest and the spectator (room message hand)
    for page in (guests["E"], watcher):
        if not page.locator("#dlg-hand").is_visible():
            page.click("#btn-scores")
        page.locator('dialog[open] [data-action="past-hand"][data-hand="1"]').first.click()
        page.wait_for_selector('[data-past-hand="1"]', timeout=START)
        page.keyboard.press("End")
        page.wait_for_function("() => document.querySelector('[data-past-hand]').dataset.pastStep === '13'")
        assert page.locator(".past-trick [data-past-card]").count() == 4


def test_do_not_disturb_refuses_a_spectator_from_the_lobby_and_a_dropped_player_is_replaced(
    make_page, server, tracker
) -> None:
    host = open_game(make_page, server, tracker, "Ann")
    link = create_table(host)
    guest = join(make_page, server, tracker, link, "Bo")
    sit_ready(guest, "N")
    # the host moves a person to another seat and back (partners choose each other by seat)
    for source, target in (("N", "E"), ("E", "N")):
        host.select_option(f'select[name="move"][data-seat="{source}"]', target)
        host.wait_for_function(
            "(seat) => document.querySelector(`#dlg-online tr[data-occupant=\"${seat}\"]`)?.textContent.includes('Bo')",
            arg=target,
            timeout=START,
        )
    for seat in "EW":
        host.select_option(f'select[name="level"][data-seat="{seat}"]', "beginner")
    host.check('#dlg-online input[name="dnd"]')
    host.wait_for_function("() => document.querySelector('#dlg-online input[name=\"dnd\"]').checked")
    visitor = join(make_page, server, tracker, link, "Eve")  # by invite: may come in, but not watch
    assert visitor.query_selector('#dlg-online [data-action="watch"]') is None
    assert visitor.get_attribute("body", "data-online") == "guest"
    host.click('[data-action="start"]')
    guest.wait_for_function("() => ['bidding','playing'].includes(document.body.dataset.phase)", timeout=START)
    guest.close()  # the player drops: after the grace period a computer plays North
    host.wait_for_function(
        "() => document.querySelector('#online-bar [data-occupant=\"N\"]')?.dataset.kind === 'away'", timeout=START
    )
    play_until_over([host])
    saved = json.loads(host.evaluate("() => localStorage.getItem('spades-online-host')"))
    hand = saved["save"]["table"]["record"]["hands"][0]
    assert len(hand["play"]) == 52 and saved["save"]["table"]["seats"]["N"]["away"]


def start_two_people(make_page, server, tracker, kind="casual", extra="", third=False):
    """Ann hosts at South, Bo sits North (and Cy East when ``third``), computers elsewhere; started."""
    host = open_game(make_page, server, tracker, "Ann", extra)
    link = create_table(host, kind)
    guests = []
    for seat, name in (("N", "Bo"), ("E", "Cy"))[: 2 if third else 1]:
        guest = join(make_page, server, tracker, link, name)
        sit_ready(guest, seat)
        guests.append(guest)
    for seat in "EW"[1 if third else 0 :]:
        host.select_option(f'select[name="level"][data-seat="{seat}"]', "beginner")
    host.wait_for_function(
        "() => [...document.querySelectorAll('#dlg-online [data-kind=\"person\"]')].length === "
        + str(len(guests) + 1)
        + " && ![...document.querySelectorAll('#dlg-online [data-kind=\"empty\"]')].length"
        + " && [...document.querySelectorAll('#dlg-online tr[data-kind=\"person\"]')].every((r) =>"
        " !r.textContent.includes('Not ready'))",
        timeout=START,
    )
    host.click('[data-action="start"]')
    for page in [host, *guests]:
        page.wait_for_function("() => !document.querySelector('#dlg-online[open]') && "
                               "document.querySelector('#online-bar')", timeout=START)  # fmt: skip
    return host, guests, link


LAG = "&lag=2500"  # a test hook (?lag=ms, session.mjs host): the host adds it to every round trip it measures


def test_the_lights_a_rogue_peer_and_the_hosts_reload_on_one_table(make_page, server, tracker) -> None:
    """One table of two people for three steps in turn (each a function below: a failure's traceback names it); its
    host's page opened with the lights' test hook ``LAG``, and loaded anew without it in the last step."""
    host, (guest,), link = start_two_people(make_page, server, tracker, extra=LAG)
    the_lights_show_a_slow_connection(host, guest)
    a_peer_sending_forged_malformed_oversized_and_flooding_messages_changes_nothing(
        make_page, server, tracker, host, link
    )
    the_host_reloads_mid_hand_and_the_game_goes_on(host, guest)


def the_lights_show_a_slow_connection(host, guest) -> None:
    for page in (host, guest):
        page.wait_for_function(
            "() => document.querySelector('#online-bar [data-light=\"N\"]')?.dataset.level === 'yellow'", timeout=START
        )
    rtt = int(host.get_attribute('#online-bar [data-light="N"]', "data-rtt"))
    assert 2000 <= rtt < 4000 and rtt % 1000 == 0  # the room tells whole seconds (spades/table/room.py RTT_STEP)


FORGE = """async ([relay, table, secret]) => {
  const net = await import('/static/online/net.mjs');
  window.peers = [];
  window.net = await net.connect({ tableId: table, secret, relays: [relay], ice: [], loopback: true,
    onJoin: (peer) => window.peers.push(peer), onMessage: () => {} });
}"""


def a_peer_sending_forged_malformed_oversized_and_flooding_messages_changes_nothing(
    make_page, server, tracker, host, link
) -> None:
    fragment = link[link.index("#t=") + 3 :]
    secret = fragment.split("&")[0]
    saved = json.loads(host.evaluate("() => localStorage.getItem('spades-online-host')"))["save"]
    rogue = make_page()
    rogue.goto(server + "/README.md")
    rogue.evaluate(FORGE, [tracker, "spades-" + secret[:16], secret])
    rogue.wait_for_function("() => window.peers.length >= 2", timeout=START)
    rogue.evaluate(
        """async () => { const sent = [], send = (m, peer) => sent.push(window.net.send(m, peer));
        for (const peer of window.peers) {
          send({ t: 'intent', n: 1, intent: { type: 'bid', bid: 3 } }, peer);      // no hello: dropped
          send({ t: 'hello', name: 'Mallory' }, peer);
          send({ t: 'intent', n: 2, seat: 'S', intent: { type: 'bid', bid: 3 } }, peer); // forged seat
          send({ t: 'start' }, peer);                                              // host only
          send({ t: 'chat', text: 'x'.repeat(5000) }, peer);                      // oversized
          send([1, 2, 3], peer); send('junk', peer);                              // not objects
          for (let i = 0; i < 300; i++) send({ t: 'catch_up', seq: 0 }, peer);     // flood
        }
        await Promise.all(sent);
        // a round trip on the same ordered channel: the host has had every message above (each in the room's queue)
        await Promise.all(window.peers.map((peer) => window.net.ping(peer, 30000))); }"""
    )
    # the host's own chat line goes through the room's queue after them: once it shows, the room has handled them all
    host.click('[data-action="online-panel"]')
    host.fill("#chat-form input", "after the rogue")
    host.press("#chat-form input", "Enter")
    host.wait_for_selector("#chat-log li", timeout=START)
    lines = host.locator("#chat-log li").all_inner_texts()
    assert len(lines) == 1 and "after the rogue" in lines[0], lines  # the rogue's chat line is not among them
    host.click('[data-action="online-panel"]')  # the open panel lies over the middle of the table: closed to play
    host.wait_for_selector("#online-panel", state="hidden")
    now = json.loads(host.evaluate("() => localStorage.getItem('spades-online-host')"))["save"]
    assert now["table"] == saved["table"]
    assert all(m["name"] != "Mallory" or m.get("seat") is None for m in now["members"])


def the_host_reloads_mid_hand_and_the_game_goes_on(host, guest) -> None:
    for _ in range(3):  # a few moves first
        for page in (host, guest):
            if page.get_attribute("body", "data-await") == "bid":
                page.click('#bid-panel [data-bid="2"]')
                page.wait_for_function("() => document.body.dataset.await !== 'bid'", timeout=START)
    before = json.loads(host.evaluate("() => localStorage.getItem('spades-online-host')"))["save"]["table"]["seq"]
    assert LAG in host.url
    host.goto(host.url.replace(LAG, ""))  # the page loaded anew, as a reload does (without the lights' hook)
    host.wait_for_selector("#online-bar", timeout=START)
    # One outcome per timing (docs/online.md, "A reload, by its length"): a reload of the takeover's grace period
    # (session.mjs TAKEOVER_GRACE_MS) or more hands the table to the guest, its one successor, and the old host comes
    # back as a guest at its own seat; a shorter one keeps the table with the host, unless the guest could not reach
    # the resumed host before its turn came: then the same as a long one. Either way the game goes on, with one host.
    guest.wait_for_function(
        "() => document.querySelector('#online-bar [data-occupant=\"S\"] .light')?.dataset.level === 'green'",
        timeout=START,
    )
    away = int(host.get_attribute("body", "data-host-away") or 0)  # the old page's last heartbeat -> resumed
    took = guest.get_attribute("body", "data-online") == "host"
    if away >= 4000 + 1000:  # the grace, and the heartbeat's second (it may be a second older than the close)
        assert took, f"a reload of {away} ms left the table with the old host"
    if took:
        host.wait_for_function(
            "() => document.body.dataset.online === 'guest' && document.body.dataset.seat === 'S'", timeout=START
        )
    else:
        assert host.get_attribute("body", "data-online") == "host"
        after = json.loads(host.evaluate("() => localStorage.getItem('spades-online-host')"))["save"]["table"]["seq"]
        assert after >= before
    play_until_over([host, guest])


def test_rated_table_a_dropped_player_gets_a_vote_and_not_waiting_ends_it_unscored(make_page, server, tracker) -> None:
    host = open_game(make_page, server, tracker, "Ann")
    north, east, west = seat_three(make_page, server, tracker, host, create_table(host, "rated"))
    east.close()  # during the first hand, dealt host-blind
    for page in (host, north, west):
        page.wait_for_selector('[data-vote="end"]', timeout=START)
        assert "Cy" in page.inner_text("#dlg-online h2")
        page.click('[data-vote="end"]')
    for page in (host, north, west):
        page.wait_for_function("() => !document.getElementById('notice').hidden && "
                               "document.getElementById('notice-text').textContent.includes('unscored')",
                               timeout=START)  # fmt: skip


def test_the_relay_from_the_settings_a_short_code_and_the_public_lobby_on_one_table(make_page, server, tracker) -> None:
    """One public table, its host's relay from the settings, joined three ways in turn (each a function below: a
    failure's traceback names it)."""
    host = the_relay_from_the_settings_is_used_and_goes_into_the_invite_link(make_page, server, tracker)
    a_friend_joins_with_the_short_code(make_page, server, tracker, host)
    a_public_table_is_listed_in_the_lobby_and_joined_from_it(make_page, server, tracker, host)


def the_relay_from_the_settings_is_used_and_goes_into_the_invite_link(make_page, server, tracker):
    page = make_page()
    page.goto(f"{server}/?fresh=1&lang=en&speed=instant&ice=none&loopback=1&name=Ann")
    page.wait_for_function("() => ['bidding','playing'].includes(document.body.dataset.phase)", timeout=START)
    page.click('[data-action="menu"]')
    page.click('[data-action="settings"]')
    page.click("#settings-online > summary")  # the online settings are folded (advanced)
    page.fill("#set-relay", tracker)
    page.click('[data-action="settings-save"]')
    page.wait_for_function("() => !document.getElementById('dlg-settings').open")
    page.click('[data-action="menu"]')
    page.click('[data-action="online"]')
    page.check('#online-create input[name="public"]')  # listed in the lobby (the last step)
    page.click('[data-action="create-table"]')
    page.wait_for_selector("[data-invite]", timeout=START)
    link = page.input_value("[data-invite]")
    assert quote(tracker, safe="") in link.split("#")[0]
    guest = join(make_page, server, tracker, link, "Bo")  # found through that tracker
    assert guest.query_selector('[data-sit="N"]') is not None
    guest.close()  # (each step's visitor leaves: the next steps need only the host's page)
    return page


def a_friend_joins_with_the_short_code(make_page, server, tracker, host) -> None:
    host.wait_for_selector("[data-code]", timeout=START)
    code = host.inner_text("[data-code]")
    assert len(code) == 9 and code[4] == "-"
    friend = open_game(make_page, server, tracker, "Cy")
    friend.click('[data-action="menu"]')
    friend.click('[data-action="online"]')
    friend.fill('#online-code input[name="code"]', code.lower().replace("-", " "))
    friend.click('[data-action="join-code"]')
    friend.wait_for_selector("[data-lobby]", timeout=START)
    friend.click('[data-sit="N"]')
    host.wait_for_function(
        "() => document.querySelector('#dlg-online tr[data-occupant=\"N\"]')?.textContent.includes('Cy')",
        timeout=START,
    )
    friend.close()


def a_public_table_is_listed_in_the_lobby_and_joined_from_it(make_page, server, tracker, host) -> None:
    visitor = open_game(make_page, server, tracker, "Di")
    visitor.click('[data-action="menu"]')
    visitor.click('[data-action="online"]')
    visitor.click('[data-action="lobby"]')
    visitor.wait_for_selector("[data-listing]", timeout=START)
    assert "Ann" in visitor.inner_text("[data-listing]")
    visitor.click('[data-listing] [data-action="lobby-join"]')
    visitor.wait_for_selector('[data-lobby] [data-sit="E"]', timeout=START)
    visitor.click('[data-sit="E"]')
    host.wait_for_function(
        "() => document.querySelector('#dlg-online tr[data-occupant=\"E\"]')?.textContent.includes('Di')",
        timeout=START,
    )


def test_a_rated_table_shows_ratings_and_a_player_who_leaves_loses_for_the_team(make_page, server, tracker) -> None:
    from spades.stats.profile import check_profile, rating_report
    from spades.stats.rating import change

    host = open_game(make_page, server, tracker, "Ann")
    host.click('[data-action="menu"]')
    host.click('[data-action="online"]')
    blind = host.locator('#online-create input[name="blind"]')
    host.check('#online-create input[name="kind"][value="rated"]')  # a rated table is always host-blind
    assert blind.is_checked() and blind.is_disabled()
    host.check('#online-create input[name="kind"][value="casual"]')
    assert not blind.is_checked() and blind.is_enabled()  # the person's own choice again
    host.check('#online-create input[name="kind"][value="rated"]')
    host.click('[data-action="create-table"]')
    host.wait_for_selector("[data-invite]", timeout=START)
    link = host.input_value("[data-invite]")
    host.wait_for_selector("#dlg-online [data-room-blind]", state="attached", timeout=START)  # rated: host-blind
    guests = seat_three(make_page, server, tracker, host, link)
    north, east = guests[0], guests[1]
    for page in (host, *guests):  # everyone's rating at the start, in the strip at the top
        page.wait_for_selector('#online-seats [data-rating-seat="W"]', state="attached", timeout=START)
        assert all(page.text_content(f'#online-seats [data-rating-seat="{s}"]').endswith("1000") for s in "NESW")
    north.wait_for_function(
        "() => document.querySelectorAll('#hand button[data-card]').length === 13", timeout=START
    )  # fmt: skip  (the devices have dealt: the redraws of the deal are over)
    north.click('[data-action="online-panel"]')  # leaving during the first hand, dealt host-blind, loses it too
    north.click('#online-buttons [data-action="online"]')
    north.click('#dlg-online [data-action="online-leave"]')
    north.wait_for_selector("#dlg-confirm[open]")
    assert "loss" in north.inner_text("#dlg-confirm-text")
    north.click('#dlg-confirm [data-action="confirm-ok"]')
    for page, partner, outcome in ((north, "S", "left"), (host, "N", "loss"), (east, "W", "win")):
        page.wait_for_function("() => (localStorage.getItem('spades-profile') || '').includes('online_rated')",
                               timeout=START)  # fmt: skip
        profile = check_profile(page.evaluate("() => localStorage.getItem('spades-profile')"))
        (game,) = profile["games"]
        assert game["kind"] == "online_rated" and game["players"][partner]["name"]  # (the others, by seat)
        assert (game["left"], game["winner"]) == ((True, None) if outcome == "left" else (False, "EW"))
        expected = 1000 + change(1000, 1000, "win" if outcome == "win" else "loss")
        assert rating_report(profile, game["at"][:10])["rating"] == expected
