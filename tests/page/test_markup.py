"""The markup builder (static/app/markup.py): data never becomes a tag or an attribute."""

from __future__ import annotations

import markup
import pytest
from hypothesis import given
from hypothesis import strategies as st
from markup import Html, fill, h, join, text

from tests.page.conftest import HOSTILE, assert_no_injection, parse_tags


@given(HOSTILE, HOSTILE, HOSTILE)
def test_text_and_attribute_values_never_become_markup(a: str, b: str, c: str) -> None:
    out = h("div", a, h("span", b, title=c, data_card=a), cls=b, aria_label=c)
    tags = parse_tags(out)
    assert [tag for tag, _ in tags] == ["div", "span"]
    assert {name for name, _ in tags[0][1]} == {"class", "aria-label"}
    assert dict(tags[1][1]) == {"title": c, "data-card": a}
    assert dict(tags[0][1])["class"] == b
    assert_no_injection(out)


@given(HOSTILE)
def test_fill_escapes_the_message_and_keeps_the_pieces(message: str) -> None:
    out = fill(message + " {who}", who=h("b", message))
    assert [tag for tag, _ in parse_tags(out)] == ["b"]
    assert_no_injection(out)


@pytest.mark.parametrize("name", ["onclick", "ONCLICK", "on_load", "x y", '" x', "", "1a", "a=b"])
def test_bad_attribute_names_are_refused(name: str) -> None:
    with pytest.raises(ValueError):
        h("div", {name: "1"})


@pytest.mark.parametrize("tag", ["", "Div", "a b", "<x", "x>", "1p"])
def test_bad_tags_are_refused(tag: str) -> None:
    with pytest.raises(ValueError):
        h(tag)


@pytest.mark.parametrize(
    "url", ["javascript:alert(1)", " JaVa\tScRiPt:x", "data:text/html,<x>", "vbscript:x", "java\nscript:1"]
)
def test_unsafe_addresses_are_refused(url: str) -> None:
    with pytest.raises(ValueError):
        h("a", href=url)


@pytest.mark.parametrize("url", ["?deal=ab:cd", "#top", "/static/x.png", "https://example.org/a:b", "a/b:c"])
def test_safe_addresses_pass(url: str) -> None:
    assert dict(parse_tags(h("a", href=url))[0][1]) == {"href": url}


def test_only_the_builder_makes_fragments_and_text_cannot_be_glued_on() -> None:
    with pytest.raises(TypeError):
        Html("<b>")
    with pytest.raises(TypeError):
        h("b") + "<i>"  # type: ignore[operator]  (the point of the test)
    with pytest.raises(TypeError):
        "<i>" + h("b")  # type: ignore[operator]
    assert str(h("b") + text("<i>")) == "<b></b>&lt;i&gt;"


def test_attribute_values_children_and_void_tags() -> None:
    box = h("input", type="checkbox", checked=True, disabled=False, value=None)
    assert str(box) == '<input type="checkbox" checked>'
    assert str(h("p", None, 3, ["a", h("i", "b")], False)) == "<p>3a<i>b</i></p>"
    assert str(join([h("i", "a"), "b&", None], ", ")) == "<i>a</i>, b&amp;"
    assert str(h("label", for_="x", cls="y")) == '<label for="x" class="y"></label>'
    assert markup.escape("'\"<>&") == "&#39;&quot;&lt;&gt;&amp;"
    with pytest.raises(ValueError):
        h("br", "child")
    with pytest.raises(TypeError):
        h("p", "a", {"class": "late"})


@given(st.text(max_size=60))
def test_fill_round_trips_plain_messages(message: str) -> None:
    from html import unescape

    if "{" in message:
        return
    assert unescape(str(fill(message))) == message


def test_a_stray_brace_does_not_swallow_the_next_placeholder() -> None:
    assert str(fill('<x data-i="1">{ {who} {', who=h("b", "N"))) == "&lt;x data-i=&quot;1&quot;&gt;{ <b>N</b> {"
    assert str(fill("a{b{c}} {d}", c="C", d=h("i"))) == "a{bC} <i></i>"
