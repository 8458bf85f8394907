"""The move clock and the forced card on the page, in CPython: what the plate's clock shows as time passes
(view.py), the create form's clock choice and what it asks the room for (online/forms.py, actions.py), the rated
vote of a player out of time, and the settings' *Play a forced card by itself* (settings.py).
"""

from __future__ import annotations

import i18n
import settings as form_fields
import view
from hypothesis import given
from hypothesis import strategies as st
from online import actions, forms, views

from spades.table.room import CLOCK_MOVE_MS, CLOCK_RESERVE_MS, TRICK_SHOWN_MS, RoomConfig
from tests.page.conftest import assert_no_injection, parse_tags
from tests.page.fakes import browser_module

EVIL = '"><inj-x data-inj="1">'

CLOCK = st.fixed_dictionaries(
    {
        "seat": st.sampled_from("NESW"),
        "move_ms": st.integers(0, CLOCK_MOVE_MS[1]),
        "reserve_ms": st.integers(0, CLOCK_RESERVE_MS[1]),
    }
)


@given(CLOCK, st.integers(0, 4_000_000), st.integers(0, 4_000_000))
def test_the_clock_counts_down_the_move_time_first_then_the_reserve_and_never_goes_back(clock, a, b) -> None:
    early, late = sorted((a, b))
    seat, move, reserve = view.clock_left(clock, early)
    _, move_after, reserve_after = view.clock_left(clock, late)
    assert seat == clock["seat"]
    assert move_after <= move and reserve_after <= reserve
    assert reserve == -(-clock["reserve_ms"] // 1000) or move == 0  # the reserve waits for the move time
    left = clock["move_ms"] + clock["reserve_ms"] - early
    assert move + reserve >= max(0, left) / 1000  # rounded up: a second begun is still shown


def test_what_the_plate_shows(lang) -> None:
    clock = {"seat": "E", "move_ms": 20_000, "reserve_ms": 60_000}
    assert view.clock_left(clock, 0) == ("E", 20, 60)
    assert view.clock_left(clock, 1) == ("E", 20, 60)
    assert view.clock_left(clock, 25_000) == ("E", 0, 55)
    assert view.clock_left(clock, 10**9) == ("E", 0, 0)
    assert view.clock_face(20, 60) == ("0:20", "")
    text, level = view.clock_face(0, 75)
    assert "1:15" in text and text != "1:15" and level == "reserve"  # the reserve says so
    assert view.clock_face(4, 0)[1] == view.clock_face(0, 5)[1] == "warn"
    assert view.clock_face(6, 0)[1] == ""
    for bad in (None, {}, {"seat": "X", "move_ms": 1, "reserve_ms": 1}, {"seat": "N", "move_ms": "1", "reserve_ms": 0}):
        assert view.clock_left(bad, 0) is None


def test_the_create_form_offers_the_clocks_and_asks_the_room_for_one_it_takes(lang) -> None:
    out = forms.create_window(EVIL)
    assert_no_injection(out)
    choices = [dict(attrs) for tag, attrs in parse_tags(out) if tag == "input" and dict(attrs).get("name") == "clock"]
    assert [c["value"] for c in choices] == ["off", "20", "30", "60"] and "checked" in choices[0]
    assert forms.clock_setting("off") is None and forms.clock_setting(None) is None
    assert forms.clock_setting("1+0") == {"move_ms": 1000, "reserve_ms": 0}  # the test hook
    for bad in ("", "20+", "+1", "a+b", "1+2+3", "99999+0", EVIL):
        assert forms.clock_setting(bad) is None
    for value in forms.CLOCKS:
        setting = forms.clock_setting(value)
        assert RoomConfig.from_json({"clock": setting}).clock == (setting["move_ms"], setting["reserve_ms"])
        assert str(forms.CLOCKS[value][0]) in str(out)


class Field:
    def __init__(self, value="", checked=False):
        self.value, self.checked = value, checked


class Fields:
    def __init__(self, fields):
        self.elements = self
        self.fields = fields

    def namedItem(self, name):  # the DOM's name
        return self.fields.get(name)  # the DOM answers null for a field the form has not


class Online:
    public = False
    clock_setting = None
    blind_setting = None

    def __init__(self):
        self.made = []

    def keep_name(self, name):
        pass

    def create(self, *args):
        self.made.append(args)

    def later(self, job):
        pass


def test_creating_a_table_takes_the_checked_clock() -> None:
    fields = {"name": Field("Ann"), "password": Field(""), "kind": Field("casual"), "spectators": Field(checked=True)}
    fields["public"] = Field()
    for choice, setting in (("30", {"move_ms": 30_000, "reserve_ms": 90_000}), ("off", None)):
        online = Online()
        actions.SUBMITS["online-create"](online, Fields(dict(fields, clock=Field(choice))))
        assert online.clock_setting == setting and online.made and online.blind_setting is False
    online = Online()
    actions.SUBMITS["online-create"](online, Fields(fields))  # a form without the choice: no clock
    assert online.clock_setting is None


def test_the_vote_says_whether_the_player_dropped_or_ran_out_of_time(lang) -> None:
    late, dropped = str(forms.vote_window(EVIL, "time")), str(forms.vote_window(EVIL))
    assert late != dropped and i18n.t("online_vote_time_title", name="x").replace("x", "") != ""
    for out in (late, dropped):
        assert_no_injection(out)
        assert 'data-vote="wait"' in out and 'data-vote="end"' in out


def test_the_forced_card_setting_is_off_by_default_and_read_back(lang) -> None:
    out = form_fields.display_html({"sound": True, "speed": "normal", "four_color": False, "play_mode": "click",
                                    "undo": True}, lang)  # fmt: skip
    box = next(dict(attrs) for tag, attrs in parse_tags(out) if dict(attrs).get("name") == "auto_play")
    assert box["type"] == "checkbox" and "checked" not in box
    assert i18n.t("set_auto_play") in str(out)
    on = form_fields.display_html({"sound": True, "speed": "normal", "four_color": False, "play_mode": "click",
                                   "undo": True, "auto_play": True}, lang)  # fmt: skip
    assert "checked" in next(dict(attrs) for tag, attrs in parse_tags(on) if dict(attrs).get("name") == "auto_play")


def test_the_room_window_says_the_tables_clock(lang) -> None:
    line = views.clock_line({"move_ms": 30_000, "reserve_ms": 90_000})
    assert str(line).startswith("<p data-room-clock") and "30" in str(line) and "90" in str(line)
    assert views.clock_line(None) is None and views.clock_line({"move_ms": "30", "reserve_ms": 0}) is None
    assert_no_injection(views.clock_line({"move_ms": 1000, "reserve_ms": 0}))


def test_the_lead_after_a_trick_counts_down_once_the_trick_is_gathered() -> None:
    clock = {"seat": "W", "move_ms": 20_000, "reserve_ms": 0, "wait_ms": 1500}
    assert view.clock_left(clock, 1400) == ("W", 20, 0)
    assert view.clock_left(clock, 2500) == ("W", 19, 0)


def test_the_room_waits_for_the_slowest_page_to_gather_a_finished_trick_before_it_times_the_lead() -> None:
    # Every animation speed a person may choose keeps the finished trick on show and then sweeps it (pacing.py
    # SPEEDS: pause, shown, sweep); the room times the next lead TRICK_SHOWN_MS after the trick, so that no page's
    # leader loses move time while its own page still shows the trick, at whatever speed.
    speeds = browser_module("pacing").SPEEDS
    assert set(speeds) == set(form_fields.SPEEDS)  # every speed the settings offer
    slowest = max(shown + sweep for _, shown, sweep in speeds.values())
    assert slowest <= TRICK_SHOWN_MS, f"the slowest page shows a trick {slowest} ms, the room waits {TRICK_SHOWN_MS}"
    assert TRICK_SHOWN_MS - slowest <= 500  # and the lead is not held much longer than the slowest page needs
