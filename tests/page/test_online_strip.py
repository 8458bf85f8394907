"""The online strip's words, the open panel's seats, the room window's line while no tracker answers, and the name
the forms offer (issue 21): static/app/online/views.py and forms.py, in CPython and in the page's MicroPython.

An away seat says so in words with its seat (a red dot alone does not say whose it is), visibly and in the light's
accessible name, in each language; the open panel lists every seat with who sits there (names as the room cleaned
them, never markup); the host's room window says that friends cannot join while no tracker answers, and only then.
"""

from __future__ import annotations

from html import unescape

import i18n
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from online import forms, views

from tests.page.conftest import HOSTILE, assert_no_injection, parse_tags
from tests.page.test_micropython import shape
from tests.page.test_online_micropython import run_cpython, run_micropython, seat
from tests.page.test_online_views import ROOM, YOU, a_room, tags

AWAY = {"en": "West: disconnected", "zh-Hans": "西：断线", "zh-Hant": "西：斷線"}
GONE = {"en": "Disconnected", "zh-Hans": "已断线", "zh-Hant": "已斷線"}


def away_room():
    room = a_room(started=True)
    room["seats"]["W"] = seat("away", "Di", rtt=1000, light="red")
    return room


def test_an_away_seat_names_its_seat_in_words_and_in_its_accessible_name(lang) -> None:
    out = views.strip(away_room(), {"seat": "S"}, False, True)
    west = [span for span in tags(out, "span") if span.get("class") == "away"]
    assert len(west) == 1 and AWAY[lang] in str(out)
    light = next(s for s in tags(out, "span") if s.get("data-light") == "W")
    assert light["aria-label"] == i18n.t("seat_W") + " Di: " + GONE[lang]
    assert light["data-level"] == "red" and light["title"] == GONE[lang]
    north = next(s for s in tags(out, "span") if s.get("data-light") == "N")
    assert GONE[lang] not in north["aria-label"]  # a seat that is there says its round trip


def test_only_an_away_seat_has_words_in_the_closed_strip() -> None:
    out = views.strip(a_room(started=True), {"seat": "S"}, False, True)
    assert not [span for span in tags(out, "span") if span.get("class") == "away"]


def test_the_open_panel_lists_every_seat_and_who_plays_it(lang) -> None:
    out = views.names(away_room(), {"seat": "S"}, False, True)
    items = tags(out, "li")
    assert [li["data-kind"] for li in items] == ["person", "computer", "person", "away"]
    text = str(out)
    for words in ("Bo", "Ann", "Di", i18n.t("online_kind_seat_computer"), GONE[lang]):
        assert words in text
    assert "data-light" not in text and "data-occupant" not in text  # the strip keeps the hooks, once


def test_the_open_panel_shows_ratings_at_a_rated_table_and_hides_hidden_names() -> None:
    room = a_room(kind="rated", ratings={"N": 1012})
    assert "Bo · 1012" in str(views.names(room, {"seat": "S"}, False, True))
    hidden = str(views.names(room, {"seat": "S"}, False, True, {"Bo"}))
    assert "Bo" not in hidden
    assert "1012" not in str(views.names(a_room(ratings={"N": 1012}), {"seat": "S"}, False, True))  # casual


@settings(max_examples=60, deadline=None)
@given(room=ROOM, you=YOU, guest=st.booleans(), connected=st.booleans(), hidden=st.lists(HOSTILE, max_size=2))
def test_the_open_panel_never_turns_a_peers_text_into_markup(room, you, guest, connected, hidden) -> None:
    out = views.names(room, you, guest, connected, set(hidden))
    assert_no_injection(out, {"li", "b"})
    assert len([tag for tag, _ in parse_tags(out) if tag == "li"]) == 4


def test_the_hosts_room_window_says_friends_cannot_join_while_no_tracker_answers(lang) -> None:
    line = i18n.t("online_no_tracker")
    assert line != "online_no_tracker"
    out = views.room_window(a_room(), {"seat": "S"}, True, invite="https://x/#t=a", reach="none")
    assert [p for p in tags(out, "p") if p.get("data-reach") == "none"] and line in unescape(str(out))
    for reach in ("ok", "trying"):  # a tracker answers, or it is too soon to say
        assert line not in unescape(str(views.room_window(a_room(), {"seat": "S"}, True, reach=reach)))
    assert line not in unescape(str(views.room_window(a_room(), {"seat": "N"}, False, reach="none")))  # a guest
    assert line not in unescape(str(views.room_window(a_room(started=True), {"seat": "S"}, True, reach="none")))


@pytest.mark.parametrize(
    ("visit", "profile", "saved", "offered"),
    [
        ("Eve", "Ann", "Bo", "Eve"),  # ?name= for this visit
        ("", "Ann", "Bo", "Ann"),  # the profile's name
        ("", "Player", "Bo", "Bo"),  # a profile that still has its default name: the online name used last
        ("", "玩家", "", ""),  # nobody chose a name yet
        ("", "", "Bo", "Bo"),
        ("", "Ann", "", "Ann"),
    ],
)
def test_the_forms_offer_the_profiles_name_else_the_last_one_used(visit, profile, saved, offered) -> None:
    assert forms.offered_name(visit, profile, ("Player", "玩家"), saved) == offered


def test_the_new_views_draw_the_same_in_micropython(lang) -> None:
    room = away_room()
    cases = [
        {"module": "online.views", "fn": "names", "args": [room, {"seat": "S"}, False, True, ["Bo"]]},
        {"module": "online.views", "fn": "names", "args": [room, {"seat": "N"}, True, False, []]},
        {"module": "online.views", "fn": "strip", "args": [room, {"seat": "N"}, True, True, []]},
        {"module": "online.views", "fn": "room_window", "args": [room, {"seat": "S"}, True, [], "x", "y", {}, "none"]},
        {"module": "online.forms", "fn": "offered_name", "args": ["", "Ann", ["Player"], "Bo"]},
        {"module": "online.forms", "fn": "offered_name", "args": ["", "Player", ["Player"], "Bo"]},
    ]
    theirs, mine = run_micropython(cases, lang), run_cpython(cases)
    assert [shape(case["ok"]) for case in theirs] == [shape(case["ok"]) for case in mine]
