"""Online play's relays as the page shows and takes them: the lines under the lobby (forms.trackers_list) for the
trackers and the fallback's relays (docs/online.md, "When no tracker answers"), and the settings' fallback field
(settings.py: the field, bad_relay, relays_problem), in every language."""

from __future__ import annotations

from types import SimpleNamespace

import i18n
import settings as form
from hypothesis import given
from hypothesis import settings as hsettings
from hypothesis import strategies as st
from online import forms

from tests.page.conftest import HOSTILE, assert_no_injection, parse_tags
from tests.page.nodes import parse as tree


def items(markup):
    return [dict(attrs) for tag, attrs in parse_tags(markup) if tag == "li"]


def test_the_fallbacks_relays_follow_the_trackers_with_their_state(lang) -> None:
    rows = [
        {"url": "ws://127.0.0.1:9", "reach": "none"},
        {"url": "wss://relay.example", "reach": "ok", "fallback": True},
        {"url": "wss://other.example", "reach": "trying", "fallback": True},
        {"url": "wss://third.example", "reach": "none", "fallback": True},
    ]
    out = forms.listings_window([], "ok", rows)
    got = items(out)
    assert [(i.get("data-tracker"), i.get("data-fallback"), i["data-reach"]) for i in got] == [
        ("ws://127.0.0.1:9", None, "none"),
        (None, "wss://relay.example", "ok"),
        (None, "wss://other.example", "trying"),
        (None, "wss://third.example", "none"),
    ]
    for each in rows[1:]:
        assert i18n.t("online_fallback_" + each["reach"], url=each["url"]) in str(out)
    assert i18n.t("online_fallback_ok", url="x") != i18n.t("online_tracker_ok", url="x")  # a fallback says so


def test_before_it_is_used_the_fallback_is_on_standby_and_the_public_relays_are_one_line(lang) -> None:
    mine = forms.trackers_list([{"url": "wss://relay.example", "reach": "standby", "fallback": True}])
    assert [(i["data-fallback"], i["data-reach"]) for i in items(mine)] == [("wss://relay.example", "standby")]
    assert i18n.t("online_fallback_standby", url="wss://relay.example") in str(mine)
    public = forms.trackers_list([{"url": "", "reach": "standby", "fallback": True}])
    assert [(i["data-fallback"], i["data-reach"]) for i in items(public)] == [("", "standby")]
    assert i18n.t("online_fallback_public") in str(public)
    # a tracker is never on standby: an unknown state is "trying"
    odd = forms.trackers_list([{"url": "wss://t.example", "reach": "standby"}])
    assert [i["data-reach"] for i in items(odd)] == ["trying"]


@hsettings(max_examples=60, deadline=None)
@given(url=HOSTILE, reach=HOSTILE, fallback=st.one_of(st.booleans(), HOSTILE, st.none()))
def test_a_relays_url_state_and_kind_are_only_text(url, reach, fallback) -> None:
    out = forms.trackers_list([{"url": url, "reach": reach, "fallback": fallback}])
    assert_no_injection(out)
    (item,) = items(out)
    kind = "data-fallback" if fallback is True else "data-tracker"
    words = forms.FALLBACK_WORDS if fallback is True else forms.TRACKER_WORDS
    assert item[kind] == url and item["data-reach"] == (reach if reach in words else "trying")


# ------------------------------------------------------------------ the settings' fallback field


class Form:
    """A settings form's stand-in: ``elements.namedItem(name)`` → an element with ``value`` (None when absent)."""

    def __init__(self, **values: str) -> None:
        self.elements = SimpleNamespace(
            namedItem=lambda name: SimpleNamespace(value=values[name]) if name in values else None
        )


@given(text=st.sampled_from(["", "none", "NONE", "wss://a.example", "ws://127.0.0.1:7000 wss://b.example/x"]))
def test_empty_none_and_relay_addresses_are_good(text) -> None:
    assert form.bad_relay(text) is None and form.relays_problem(Form(fallback=text)) is None


def test_the_first_word_that_is_not_a_relay_is_named_in_the_persons_language(lang) -> None:
    cases = {
        "https://relay.example": "https://relay.example",
        "wss://a.example, relay.example": "relay.example",
        "wss://": "wss://",
        "ws:///path": "ws:///path",
        "none wss://a.example": "none",  # none goes alone
    }
    for text, bad in cases.items():
        assert form.bad_relay(text) == bad, text
        assert form.relays_problem(Form(fallback=text)) == i18n.t("set_fallback_bad", url=bad)


@given(text=st.text(max_size=60))
def test_any_text_is_judged_without_error_and_a_good_verdict_means_every_word_is_an_address(text) -> None:
    bad = form.bad_relay(text)
    words = text.replace(",", " ").split()
    if bad is None:
        alone = len(words) == 1 and words[0].lower() == "none"
        assert alone or all(word.lower().startswith(("ws://", "wss://")) for word in words)
    else:
        assert bad in words


def test_the_field_sits_in_the_online_group_keeps_its_value_and_opens_it() -> None:
    values = {"relay": "", "ice": "", "fallback": "wss://relay.example"}
    root = tree(form.online_html(values))
    assert root.one("input", id="set-fallback").get("value") == "wss://relay.example"
    assert root.one("details").has("open", True)
    assert not tree(form.online_html(dict(values, fallback=""))).one("details").has("open", True)
    read = form.read_display(Form(relay="", ice="", fallback="  wss://a.example \n wss://b.example "), {"bots": {}})
    assert read["fallback"] == "wss://a.example wss://b.example"
