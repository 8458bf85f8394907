"""The online views (static/app/online/views.py, forms.py) and the guest boundary's queue (static/app/online/inbox.py).

Every view is rendered with hostile strings in every field a host or a lobby peer controls (names, occupant
kinds, levels, lights, round trips, ratings, chat ids and texts, listings): no tag or attribute may come from
data.  Then what each view shows, and that the queue keeps the host's messages in order.
"""

from __future__ import annotations

import asyncio
import html

import i18n
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from online import forms, inbox, links, views

from tests.page.conftest import HOSTILE, assert_no_injection, parse_tags, run_async

SEATS = ("N", "E", "S", "W")
ANYTHING = st.one_of(
    HOSTILE, st.none(), st.booleans(), st.integers(-(2**60), 2**60), st.floats(allow_nan=True), st.just([HOSTILE])
)
"""A field of a message from a peer: hostile text or any other JSON value."""


def maybe(strategy: st.SearchStrategy) -> st.SearchStrategy:
    return st.one_of(strategy, ANYTHING)


SEAT_INFO = st.fixed_dictionaries(
    {
        "occupant": maybe(st.sampled_from(["person", "computer", "away", "empty"])),
        "name": HOSTILE,
        "level": maybe(st.sampled_from(["beginner", "standard", "expert"])),
        "rating": maybe(st.integers(0, 3000)),
        "disconnects": ANYTHING,
        "ready": ANYTHING,
        "host": st.booleans(),
        "rtt": maybe(st.floats(0, 10_000)),
        "light": maybe(st.sampled_from(["green", "yellow", "red"])),
    }
)
ROOM = st.fixed_dictionaries(
    {
        "t": st.just("room"),
        "kind": maybe(st.sampled_from(["casual", "rated"])),
        "dnd": ANYTHING,
        "spectators_allowed": ANYTHING,
        "started": st.booleans(),
        "ended": ANYTHING,
        "seats": st.fixed_dictionaries({seat: SEAT_INFO for seat in SEATS}),
        "watchers": st.lists(st.fixed_dictionaries({"name": HOSTILE, "watching": ANYTHING}), max_size=3),
        "ratings": st.one_of(st.none(), st.dictionaries(st.sampled_from(SEATS), maybe(st.integers(0, 3000)))),
    }
)
YOU = st.fixed_dictionaries({"seat": maybe(st.sampled_from(SEATS)), "name": HOSTILE, "spectator": ANYTHING})
CHAT = st.lists(
    st.fixed_dictionaries(
        {"id": maybe(st.integers(0, 10**6)), "from": HOSTILE, "seat": maybe(st.sampled_from(SEATS)), "text": HOSTILE}
    ),
    max_size=4,
)
LISTING = st.fixed_dictionaries(
    {
        "t": st.just("table"),
        "secret": HOSTILE,
        "pub": HOSTILE,
        "kind": HOSTILE,
        "seats": st.dictionaries(st.sampled_from(SEATS), st.one_of(st.none(), HOSTILE)),
        "preset": HOSTILE,
        "watch": ANYTHING,
        "password": ANYTHING,
        "started": ANYTHING,
        "ratings": st.dictionaries(st.sampled_from(SEATS), ANYTHING),
    }
)
DIALOG_TAGS = {"h2", "h3", "p", "div", "form", "label", "input", "fieldset", "legend", "button", "b"}
ROOM_TAGS = DIALOG_TAGS | {"table", "tbody", "tr", "th", "td", "select", "option"}
STRIP_TAGS = {"li", "span", "b"}


@settings(max_examples=60, deadline=None)
@given(room=ROOM, you=YOU, host=st.booleans(), hidden=st.lists(HOSTILE, max_size=2), invite=HOSTILE, code=HOSTILE)
def test_the_room_window_never_turns_a_peers_text_into_markup(room, you, host, hidden, invite, code) -> None:
    hidden = set(hidden) | {room["seats"]["N"]["name"]}
    out = views.room_window(room, you, host, hidden, invite, code, {"spectators": True, "show_cards": False})
    assert_no_injection(out, ROOM_TAGS)
    rows = [dict(attrs) for tag, attrs in parse_tags(out) if tag == "tr"]
    assert [row["data-occupant"] for row in rows] == list(SEATS)


@settings(max_examples=60, deadline=None)
@given(
    room=ROOM, you=YOU, guest=st.booleans(), connected=st.booleans(), hidden=st.lists(HOSTILE, max_size=2),
    ended=ANYTHING, away=st.booleans(),
)  # fmt: skip
def test_the_strip_and_the_panel_never_turn_a_peers_text_into_markup(
    room, you, guest, connected, hidden, ended, away
) -> None:
    out = views.strip(room, you, guest, connected, set(hidden))
    assert_no_injection(out, STRIP_TAGS)
    lights = [dict(attrs) for tag, attrs in parse_tags(out) if tag == "span" and ("class", "light") in attrs]
    assert [light["data-light"] for light in lights] == list(SEATS)
    assert all(light["data-level"] in ("", "green", "yellow", "red") for light in lights)
    assert all(light["data-rtt"] == "" or light["data-rtt"].lstrip("-").isdigit() for light in lights)
    assert_no_injection(views.panel_buttons(room, you, ended, away), {"button"})


@settings(max_examples=60, deadline=None)
@given(lines=CHAT, muted=st.lists(HOSTILE, max_size=2), hidden=st.lists(HOSTILE, max_size=2))
def test_chat_lines_never_turn_a_peers_text_into_markup(lines, muted, hidden) -> None:
    hidden = set(hidden) | {line["from"] for line in lines[:1]}
    out = views.chat(lines, set(muted), hidden)
    assert_no_injection(out, {"li", "b", "button"})
    shown = [line for line in lines if line["from"] not in set(muted)]
    items = [dict(attrs) for tag, attrs in parse_tags(out) if tag == "li"]
    assert [item["data-chat"] for item in items] == [views._text(line["id"]) for line in shown]


@settings(max_examples=60, deadline=None)
@given(tables=st.lists(LISTING, max_size=3))
def test_lobby_listings_never_turn_a_peers_text_into_markup(tables) -> None:
    out = forms.listings_window(tables)
    assert_no_injection(out, ROOM_TAGS | {"thead"})
    assert sum(1 for tag, _ in parse_tags(out) if tag == "tr" and ("data-listing", None) in _) == len(tables)


@settings(max_examples=40, deadline=None)
@given(a=HOSTILE, b=HOSTILE, c=HOSTILE, d=HOSTILE)
def test_the_forms_and_the_vote_never_turn_text_into_markup(a, b, c, d) -> None:
    for out in (
        forms.create_window(a),
        forms.join_window(a, b, c, d),
        forms.status_window(a),
        forms.vote_window(b),
        views.body(forms.status_window(c)),
    ):
        assert_no_injection(out, DIALOG_TAGS)
    form = dict(next(attrs for tag, attrs in parse_tags(forms.join_window(a, b, c)) if tag == "form"))
    assert form["data-secret"] == a and form["data-pub"] == b
    field = dict(next(attrs for tag, attrs in parse_tags(forms.create_window(d)) if tag == "input"))
    assert field["value"] == d


# ------------------------------------------------------------------ what the views show


def seat(occupant="empty", **fields):
    info = {"occupant": occupant, "name": None, "level": None, "rating": None, "ready": False, "host": False}
    info.update(rtt=None, light=None)
    info.update(fields)
    return info


def a_room(**fields):
    room = {
        "t": "room",
        "kind": "casual",
        "started": False,
        "spectators_allowed": True,
        "seats": {
            "N": seat("person", name="Bo", rtt=2500, light="yellow", ready=True),
            "E": seat("computer", level="expert", ready=True),
            "S": seat("person", name="Ann", host=True, rtt=0, light="green", ready=True),
            "W": seat(),
        },
        "watchers": [],
        "ratings": None,
    }
    room.update(fields)
    return room


def tags(out, name):
    return [dict(attrs) for tag, attrs in parse_tags(out) if tag == name]


def test_the_room_window_shows_each_seat_and_lets_a_guest_without_a_seat_sit(lang) -> None:
    out = views.room_window(a_room(), {"seat": None}, False)
    assert [(row["data-occupant"], row["data-kind"]) for row in tags(out, "tr")] == [
        ("N", "person"),
        ("E", "computer"),
        ("S", "person"),
        ("W", "empty"),
    ]
    assert [b["data-sit"] for b in tags(out, "button") if b.get("data-action") == "sit"] == ["W"]
    assert "watch" in [b.get("data-action") for b in tags(out, "button")]
    assert not tags(out, "select") and not tags(out, "input")[2:]  # only the two choices, no host controls


def test_the_host_fills_seats_with_computers_and_moves_people() -> None:
    out = views.room_window(a_room(), {"seat": "S"}, True, invite="https://x/#t=a", code="ABCD-2345")
    selects = {(s["name"], s["data-seat"]) for s in tags(out, "select")}
    assert selects == {("move", "N"), ("level", "E"), ("level", "W")}
    chosen = [o["value"] for o in tags(out, "option") if "selected" in o]
    assert chosen == ["expert", "empty"]  # East plays as the expert, West is empty
    assert {"data-invite": None, "readonly": None, "value": "https://x/#t=a"}.items() <= tags(out, "input")[0].items()
    assert "ABCD-2345" in str(out) and "start" in [b.get("data-action") for b in tags(out, "button")]
    assert "dnd" in [i.get("name") for i in tags(out, "input")]


def test_a_seated_guest_gets_ready_and_the_button_says_whether_it_is() -> None:
    room = a_room()
    out = views.room_window(room, {"seat": "N"}, False)
    ready = next(b for b in tags(out, "button") if b.get("data-action") == "ready")
    assert ready["aria-pressed"] == "true"
    room["seats"]["N"]["ready"] = False
    out = views.room_window(room, {"seat": "N"}, False)
    ready = next(b for b in tags(out, "button") if b.get("data-action") == "ready")
    assert ready["aria-pressed"] == "false"


def test_once_started_nobody_sits_or_fills_seats() -> None:
    out = views.room_window(a_room(started=True), {"seat": "S"}, True)
    actions = [b.get("data-action") for b in tags(out, "button")]
    assert actions == ["online-leave", "close-dialog"] and not tags(out, "select")


def test_hidden_names_show_the_seat_and_watchers_are_listed(lang) -> None:
    out = views.room_window(a_room(watchers=[{"name": "Cy"}, {"name": "Di"}]), {"seat": "S"}, True, {"Bo"})
    text = str(out)
    assert "Bo" not in text and "Cy" in text and "Di" in text


def test_the_strip_shows_the_lights_the_room_computed() -> None:
    out = views.strip(a_room(), {"seat": "S"}, False, True)
    lights = {s["data-light"]: s for s in tags(out, "span") if s.get("class") == "light"}
    assert lights["N"]["data-level"] == "yellow" and lights["N"]["data-rtt"] == "2500"
    assert lights["E"]["data-level"] == "" and lights["W"]["data-level"] == ""
    assert [li["data-kind"] for li in tags(out, "li")] == ["person", "computer", "person", "empty"]


def test_a_guest_sees_its_own_link_on_the_hosts_seat_and_away_when_the_host_is_gone() -> None:
    room = a_room()
    out = views.strip(room, {"seat": "N"}, True, True)
    host = next(s for s in tags(out, "span") if s.get("data-light") == "S")
    assert (host["data-level"], host["data-rtt"]) == ("yellow", "2500")  # N's link to the host, as the room measured
    gone = views.strip(room, {"seat": "N"}, True, False)
    assert next(li for li in tags(gone, "li") if li["data-occupant"] == "S")["data-kind"] == "away"
    assert next(s for s in tags(gone, "span") if s.get("data-light") == "S")["data-level"] == "red"


def test_a_light_the_room_never_sends_is_not_shown() -> None:
    room = a_room()
    room["seats"]["N"]["light"] = "purple"
    lights = {s["data-light"]: s for s in tags(views.strip(room, {}, False, True), "span") if s.get("class") == "light"}
    assert lights["N"]["data-level"] == ""


def test_a_rated_table_shows_each_seats_rating_as_the_game_started() -> None:
    room = a_room(kind="rated", ratings={"N": 1012})
    room["seats"]["S"]["rating"] = 990
    marks = {s["data-rating-seat"] for s in tags(views.strip(room, {}, False, True), "span") if "data-rating-seat" in s}
    assert marks == {"N", "S"}
    assert "· 1012" in str(views.strip(room, {}, False, True))


def test_the_panel_offers_the_computer_at_a_casual_table_in_play() -> None:
    room = a_room(started=True)
    assert [b["data-action"] for b in tags(views.panel_buttons(room, {"seat": "N"}, None, False), "button")] == [
        "online",
        "online-computer",
    ]
    assert tags(views.panel_buttons(room, {"seat": "N"}, None, True), "button")[1]["aria-pressed"] == "true"
    assert len(tags(views.panel_buttons(a_room(started=True, kind="rated"), {"seat": "N"}, None, False), "button")) == 1
    assert len(tags(views.panel_buttons(room, {"seat": "N"}, "left", False), "button")) == 1


def test_chat_skips_muted_authors_and_hides_names_behind_their_seat(lang) -> None:
    lines = [
        {"id": n, "from": "Bo" if n % 2 else "Cy", "seat": "N" if n % 2 else "E", "text": str(n)} for n in range(40)
    ]
    out = views.chat(lines, {"Cy"}, {"Bo"})
    items = tags(out, "li")
    assert [item["data-chat"] for item in items] == [str(n) for n in range(10, 40) if n % 2]  # the last 30, Bo's
    assert "Bo" not in str(out).replace('data-name="Bo"', "")
    assert views.toggle_text(3).endswith("(3)") and views.toggle_text(0) == views.toggle_text(None)


def test_the_lobby_offers_join_while_seats_are_free_and_watch_when_allowed() -> None:
    table = {"secret": "s" * 16, "pub": "p" * 40, "kind": "casual", "preset": "standard", "watch": True}
    table.update(password=False, started=False, seats={"N": "Ann", "E": None, "S": None, "W": None}, ratings={})
    full = dict(table, seats=dict.fromkeys(SEATS, "X"), watch=False)
    out = forms.listings_window([table, full])
    actions = [(b["data-action"], b["data-secret"]) for b in tags(out, "button") if "data-secret" in b]
    assert actions == [("lobby-join", "s" * 16), ("lobby-watch", "s" * 16)]
    assert "role" in tags(forms.listings_window([]), "p")[0]
    blind = html.unescape(str(forms.listings_window([dict(table, blind=True)])))
    assert i18n.t("online_blind_short") in blind and i18n.t("online_blind_short") not in html.unescape(str(out))
    assert links.listing({"blind": True, "rules": {}}, "s", "p")["blind"] is True
    assert links.listing({"rules": {}}, "s", "p")["blind"] is False


def test_the_lobby_says_which_tracker_answers(lang) -> None:
    trackers = [{"url": "wss://a.example", "reach": "ok"}, {"url": "ws://127.0.0.1:9", "reach": "none"}]
    trackers.append({"url": "wss://b.example", "reach": "trying"})
    out = forms.listings_window([], "ok", trackers)
    items = tags(out, "li")
    assert [(i["data-tracker"], i["data-reach"]) for i in items] == [(t["url"], t["reach"]) for t in trackers]
    assert tags(out, "ul")[0]["aria-label"] == i18n.t("online_trackers")
    for each in trackers:
        assert i18n.t("online_tracker_" + each["reach"], url=each["url"]) in str(out)
    assert "data-trackers" not in str(forms.listings_window([], "ok", []))  # nothing configured answers: no list


@settings(max_examples=60, deadline=None)
@given(url=HOSTILE, reach=HOSTILE)
def test_a_trackers_url_and_state_are_only_text(url, reach) -> None:
    out = forms.listings_window([], "ok", [{"url": url, "reach": reach}, "not a tracker"])
    assert_no_injection(out)
    reaches = [i["data-reach"] for i in tags(out, "li")]
    assert reaches == [reach if reach in forms.TRACKER_WORDS else "trying", "trying"]


# ------------------------------------------------------------------ the guest boundary's queue


def run_inbox(messages, verdict, delay):
    got: list = []
    drops: list = []

    async def check(message):
        await asyncio.sleep(delay(message))
        return (dict(message, checked=True), None) if verdict(message) else (None, "bad " + str(message["n"]))

    box = inbox.Inbox(check, got.append, lambda message, reason, count: drops.append((reason, count)))

    async def main():
        tasks = []
        for message in messages:
            if box.add(message):
                tasks.append(asyncio.ensure_future(box.drain()))
            await asyncio.sleep(0)
        await asyncio.gather(*tasks)

    run_async(main())
    return got, drops, box


@given(st.lists(st.tuples(st.booleans(), st.sampled_from([0, 0.001, 0.003])), max_size=12))
@settings(max_examples=30, deadline=None)
def test_the_hosts_messages_are_handled_in_order_checked_and_the_bad_ones_dropped_and_counted(plan) -> None:
    messages = [{"t": "chat", "n": n} for n in range(len(plan))]
    got, drops, box = run_inbox(messages, lambda m: plan[m["n"]][0], lambda m: plan[m["n"]][1])
    assert [m["n"] for m in got] == [n for n, (good, _) in enumerate(plan) if good]
    assert all(m["checked"] for m in got)  # only the checked copy is handed on
    assert [reason for reason, _ in drops] == ["bad " + str(n) for n, (good, _) in enumerate(plan) if not good]
    assert [count for _, count in drops] == list(range(1, len(drops) + 1)) and box.dropped == len(drops)
    assert not box.busy and not box.queue


def test_a_message_refused_without_checking_is_counted_too() -> None:
    box = inbox.Inbox(None, None, lambda message, reason, count: None)
    box.refuse({"t": "evil"}, "no such message")
    assert box.dropped == 1


@pytest.mark.parametrize(
    "rtt,text", [(None, "–"), (1234, "1.2"), ("x", "–"), (True, "–"), (float("inf"), "–"), (float("nan"), "–")]
)
def test_round_trips_show_in_seconds(rtt, text) -> None:
    assert views.seconds(rtt) == text
