"""The SVG charts of the statistics screen: well-formed, accessible, escaped, deterministic and small."""

from __future__ import annotations

import math
import re
import xml.etree.ElementTree as ET

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from spades.errors import SpadesError
from spades.stats.charts import MAX_DOTS, Rule, Series, _ticks, bar_chart, line_chart

NS = "{http://www.w3.org/2000/svg}"
NASTY = "<b>&\"'"
LABELS = {"title": "Score", "desc": "Both teams' running totals.", "x_label": "Hand", "y_label": "Total"}


def parse(svg: str) -> ET.Element:
    root = ET.fromstring(svg)
    assert root.tag == f"{NS}svg"
    return root


def score_series(hands: int = 30) -> list[Series]:
    us = [(i, i * 17 - (i % 4) * 30) for i in range(1, hands + 1)]
    them = [(i, i * 12 + (i % 3) * 20 - 100) for i in range(1, hands + 1)]
    return [Series("Us (N–S)", us), Series("Them (E–W)", them, "b")]


def plot_area(root: ET.Element) -> tuple[float, float, float, float]:
    """(left, top, right, bottom) of the plot, read from the axis path ``M left top V bottom H right``."""
    axis = next(p for p in root.iter(f"{NS}path") if p.get("class") == "axis")
    left, top, bottom, right = map(float, re.match(r"M([\d.]+) ([\d.]+)V([\d.]+)H([\d.]+)", axis.get("d")).groups())
    return left, top, right, bottom


def y_tick_labels(root: ET.Element) -> list[str]:
    group = next(g for g in root.iter(f"{NS}g") if g.get("class") == "ticks" and g.get("text-anchor") == "end")
    return [t.text for t in group]


def x_tick_labels(root: ET.Element) -> list[str]:
    group = next(g for g in root.iter(f"{NS}g") if g.get("class") == "ticks" and g.get("text-anchor") == "middle")
    return [t.text for t in group]


def circles(root: ET.Element) -> list[ET.Element]:
    legend = {id(c) for g in root.iter(f"{NS}g") if g.get("class") == "legend" for c in g.iter(f"{NS}circle")}
    return [c for c in root.iter(f"{NS}circle") if id(c) not in legend]


def texts(root: ET.Element) -> list[str]:
    return [t.text or "" for t in root.iter(f"{NS}text")]


# ------------------------------------------------------------------ structure and accessibility


def test_line_chart_is_one_scalable_svg_labelled_by_its_title_and_desc():
    svg = line_chart(score_series(), **LABELS)
    root = parse(svg)
    assert root.get("class") == "chart"
    assert root.get("viewBox") == "0 0 640 320"
    assert root.get("width") is None and root.get("height") is None
    assert root.get("role") == "img"
    title_id, desc_id = root.get("aria-labelledby").split()
    by_id = {e.get("id"): e for e in root.iter() if e.get("id")}
    assert by_id[title_id].tag == f"{NS}title" and by_id[title_id].text == "Score"
    assert by_id[desc_id].tag == f"{NS}desc" and by_id[desc_id].text == LABELS["desc"]
    assert "Hand" in texts(root) and "Total" in texts(root)


def test_two_different_charts_never_share_an_id():
    one = parse(line_chart(score_series(), **LABELS))
    other = parse(line_chart(score_series(20), **LABELS))  # same title, other data
    bars = parse(bar_chart([("1", 2)], **LABELS))
    ids = [{e.get("id") for e in root.iter() if e.get("id")} for root in (one, other, bars)]
    assert not ids[0] & ids[1] and not ids[0] & ids[2] and not ids[1] & ids[2]


def test_output_is_deterministic():
    def make() -> tuple[str, str]:
        line = line_chart(score_series(), rules=[Rule(500, "Target")], step=True, **LABELS)
        return line, bar_chart([("1", 0.5), ("2", 3)], **LABELS)

    assert make() == make()


def test_two_series_of_30_points_stay_well_under_8_kb():
    svg = line_chart(score_series(30), rules=[Rule(500, "Target 500"), Rule(-200, "Mercy −200")], **LABELS)
    assert len(circles(parse(svg))) == 60
    assert len(svg.encode()) < 7800
    assert len(line_chart(score_series(15), **LABELS).encode()) < 5000


def test_no_scripts_no_external_references_no_fixed_colours():
    svg = line_chart(score_series(), rules=[Rule(500, "Target")], **LABELS) + bar_chart([("1", 2)], **LABELS)
    for banned in ("<script", "href", "url(", "@import", "<style", "http://", "https://", "font-family", "<image"):
        assert banned not in svg.replace('xmlns="http://www.w3.org/2000/svg"', ""), banned
    assert not re.search(r"\son\w+=", svg)
    assert not re.search(r"#[0-9a-fA-F]{3}|rgb\(", svg)
    paints = set(re.findall(r'(?:fill|stroke)="([^"]*)"', svg))
    assert paints <= {"currentColor", "none"}


def test_colours_come_from_the_css_classes():
    line = parse(line_chart([*score_series(), Series("Par", [(1, 0), (30, 400)], "c")], rules=[Rule(9, "x")], **LABELS))
    classes = {e.get("class") for e in line.iter()}
    assert {"series-a", "series-b", "series-c", "rule", "grid", "axis"} <= classes
    assert "bar" in {e.get("class") for e in parse(bar_chart([("1", 2)], **LABELS)).iter()}


def test_all_text_is_escaped():
    svg = line_chart(
        [Series(NASTY, [(1, 1), (2, 3)]), Series("b", [(1, 2)], "b")],
        title=NASTY,
        desc=NASTY,
        x_label=NASTY,
        y_label=NASTY,
        rules=[Rule(2, NASTY)],
        x_ticks=[(1, NASTY)],
    )
    assert "<b>" not in svg and '&"' not in svg
    root = parse(svg)
    assert root.find(f"{NS}title").text == NASTY and root.find(f"{NS}desc").text == NASTY
    assert texts(root).count(NASTY) == 5  # x title, y title, x tick, rule, legend
    assert circles(root)[0].find(f"{NS}title").text == f"{NASTY}: {NASTY}, 1"
    bars = parse(bar_chart([(NASTY, 1)], title=NASTY, desc=NASTY, x_label=NASTY, y_label=NASTY))
    assert bars.find(f".//{NS}rect/{NS}title").text == f"{NASTY}: 1"


def test_characters_xml_forbids_do_not_break_the_document():
    root = parse(line_chart([Series("a\x00b\x1b\ud800", [(1, 1)])], title="\x0c", desc="", x_label="", y_label=""))
    assert circles(root)[0].find(f"{NS}title").text == "a\ufffdb\ufffd\ufffd: 1, 1"


# ------------------------------------------------------------------ ticks


def test_ticks_for_0_to_487_are_the_hundreds_up_to_500():
    assert _ticks(0, 487, 6, integral=True, expand=True) == ([0, 100, 200, 300, 400, 500], 0)
    root = parse(line_chart([Series("Us", [(1, 0), (2, 487)])], **LABELS))
    assert y_tick_labels(root) == ["0", "100", "200", "300", "400", "500"]


def test_ticks_for_a_range_across_zero_use_a_true_minus_sign():
    root = parse(line_chart([Series("Us", [(1, -230), (2, 310)])], **LABELS))
    assert y_tick_labels(root) == ["−400", "−200", "0", "200", "400"]


def test_small_and_fractional_ranges():
    assert _ticks(0, 1.05, 6, integral=False, expand=True) == ([0, 0.5, 1, 1.5], 1)
    assert _ticks(5, 15, 6, integral=True, expand=True) == ([0, 5, 10, 15], 0)
    assert _ticks(0, 2, 6, integral=True, expand=True) == ([0, 1, 2, 3], 0)  # bags: never half a bag
    assert _ticks(-0.3, -0.1, 6, integral=False, expand=True) == ([-0.3, -0.25, -0.2, -0.15, -0.1], 2)
    assert _ticks(1, 13, 6, integral=True, expand=False) == ([2, 4, 6, 8, 10, 12], 0)
    labels = y_tick_labels(parse(line_chart([Series("r", [(1, 0.12), (2, 0.34)])], **LABELS)))
    assert labels == ["0.10", "0.15", "0.20", "0.25", "0.30", "0.35"]


@settings(max_examples=400, deadline=None)
@given(
    st.floats(-1e9, 1e9, allow_nan=False),
    st.floats(1e-6, 1e9, allow_nan=False),
    st.booleans(),
)
def test_value_ticks_are_4_to_6_nice_steps_enclosing_the_range(lo, span, integral):
    if integral:
        lo, span = float(round(lo)), float(max(1, round(span)))
    hi = lo + span
    if hi - lo <= 1e-9 * max(1.0, abs(lo), abs(hi)):
        return  # flat: widened by the chart before it asks for ticks
    ticks, _decimals = _ticks(lo, hi, 6, integral=integral, expand=True)
    assert 4 <= len(ticks) <= 6 or (integral and len(ticks) >= 2)
    slack = 1e-9 * max(abs(lo), abs(hi), span)  # float rounding, also for a subnormal lo like -5e-324
    assert ticks[0] <= lo + slack and ticks[-1] >= hi - slack
    step = (ticks[-1] - ticks[0]) / (len(ticks) - 1)
    mantissa = step / 10 ** math.floor(math.log10(step))
    rounding = 1e-12 * max(abs(t) for t in ticks) / step  # float ticks far from zero are not exact
    assert min(abs(mantissa - m) for m in (1, 2, 5, 10)) < 1e-9 + 10 * rounding
    assert not integral or step >= 1


def test_a_flat_series_gets_a_readable_axis():
    for value in (1500, 0, -7, 0.25):
        root = parse(line_chart([Series("Rating", [(i, value) for i in range(1, 6)])], **LABELS))
        labels = y_tick_labels(root)
        assert 3 <= len(labels) <= 6, (value, labels)
        cys = {c.get("cy") for c in circles(root)}
        assert len(cys) == 1
        left, top, right, bottom = plot_area(root)
        assert top <= float(cys.pop()) <= bottom
    root = parse(line_chart([Series("One game", [(1, 1500)])], **LABELS))
    (dot,) = circles(root)
    left, top, right, bottom = plot_area(root)
    assert float(dot.get("cx")) == pytest.approx((left + right) / 2, abs=0.1)


def test_many_x_values_get_few_ticks_and_a_narrow_chart_fewer():
    series = [Series("Rating", [(i, 1500 + i % 7) for i in range(1, 201)])]
    assert x_tick_labels(parse(line_chart(series, **LABELS))) == ["50", "100", "150", "200"]
    assert x_tick_labels(parse(line_chart(series, width=200, **LABELS))) == ["100", "200"]
    dates = [(i, f"2024-{1 + i // 28:02d}-{1 + i % 28:02d}") for i in range(1, 201)]
    wide = x_tick_labels(parse(line_chart(series, x_ticks=dates, **LABELS)))
    narrow = x_tick_labels(parse(line_chart(series, x_ticks=dates, width=320, **LABELS)))
    assert 2 <= len(narrow) < len(wide) <= 6


def test_caller_x_ticks_label_the_axis_and_the_points_and_are_thinned():
    dates = [(i, f"2024-11-{i + 1:02d}") for i in range(25)]
    root = parse(line_chart([Series("Rating", [(i, 1500 + i) for i in range(25)])], x_ticks=dates, step=True, **LABELS))
    shown = x_tick_labels(root)
    assert 2 <= len(shown) <= 6 and shown[0] == "2024-11-01"
    assert set(shown) <= {label for _, label in dates}
    assert circles(root)[3].find(f"{NS}title").text == "Rating: 2024-11-04, 1503"


# ------------------------------------------------------------------ points, lines, rules, legend


def test_every_point_has_a_circle_inside_the_plot_with_its_hover_title():
    series = score_series(12)
    root = parse(line_chart(series, **LABELS))
    dots = circles(root)
    assert len(dots) == 24
    left, top, right, bottom = plot_area(root)
    for dot in dots:
        assert left <= float(dot.get("cx")) <= right and top <= float(dot.get("cy")) <= bottom
    assert dots[0].find(f"{NS}title").text == "Us (N–S): 1, −13"
    assert dots[12].find(f"{NS}title").text == "Them (E–W): 1, −68"
    assert float(dots[0].get("cx")) == left and float(dots[11].get("cx")) == right


def test_higher_values_are_drawn_higher_and_coordinates_have_one_decimal():
    root = parse(line_chart([Series("Us", [(1, 10), (2, 20), (3, 15)])], **LABELS))
    cys = [float(c.get("cy")) for c in circles(root)]
    assert cys[1] < cys[2] < cys[0]
    svg = line_chart(score_series(), rules=[Rule(333.333, "r")], **LABELS) + bar_chart([("a", 1 / 3)], **LABELS)
    geometry = re.findall(r' (?:cx|cy|x|y|width|height|d)="([^"]*)"', svg)
    assert len(geometry) > 100 and not any(re.search(r"\.\d\d", value) for value in geometry)


def test_more_than_max_dots_points_is_just_a_line():
    root = parse(line_chart([Series("Rating", [(i, i % 9) for i in range(MAX_DOTS + 1)])], **LABELS))
    assert circles(root) == []
    group = next(g for g in root.iter(f"{NS}g") if g.get("class") == "series-a")
    assert len(re.findall(r"[\d.]+ [\d.]+", group.find(f"{NS}path").get("d"))) == MAX_DOTS + 1


def test_step_chart_draws_horizontal_then_vertical_segments():
    root = parse(line_chart([Series("Rating", [(1, 1500), (2, 1510), (3, 1510), (4, 1490)])], step=True, **LABELS))
    d = next(g for g in root.iter(f"{NS}g") if g.get("class") == "series-a").find(f"{NS}path").get("d")
    assert "L" not in d and d.count("H") == 3 and d.count("V") == 2


def test_series_differ_by_dash_pattern_not_only_colour():
    root = parse(line_chart([*score_series(), Series("c", [(1, 1), (2, 2)], "c")], **LABELS))
    dashes = [
        g.find(f"{NS}path").get("stroke-dasharray")
        for g in root.iter(f"{NS}g")
        if (g.get("class") or "").startswith("series-") and g.find(f"{NS}path") is not None
    ]
    assert len(set(dashes[:3])) == 3


def test_rules_are_drawn_with_their_label_and_widen_the_value_axis():
    root = parse(
        line_chart([Series("Us", [(1, 0), (2, 90)])], rules=[Rule(500, "Target 500"), Rule(-200, "Mercy")], **LABELS)
    )
    labels = y_tick_labels(root)
    assert labels[0] == "−200" and labels[-1] == "600"
    rules = [g for g in root.iter(f"{NS}g") if g.get("class") == "rule"]
    assert [g.find(f"{NS}text").text for g in rules] == ["Target 500", "Mercy"]
    _left, top, _right, bottom = plot_area(root)
    ys = [float(re.match(r"M[\d.]+ ([\d.]+)H", g.find(f"{NS}path").get("d"))[1]) for g in rules]
    assert top <= ys[0] < ys[1] <= bottom
    assert rules[0].find(f"{NS}path").get("stroke-dasharray")


def test_legend_only_for_two_or_more_series():
    def legend(svg: str) -> list[str]:
        groups = [g for g in parse(svg).iter(f"{NS}g") if g.get("class") == "legend"]
        return [t.text for g in groups for t in g.iter(f"{NS}text")]

    assert legend(line_chart(score_series()[:1], **LABELS)) == []
    assert legend(line_chart(score_series(), **LABELS)) == ["Us (N–S)", "Them (E–W)"]
    three = [*score_series(), Series("对手很长很长的名字" * 3, [(1, 1)], "c")]
    assert len(legend(line_chart(three, width=320, **LABELS))) == 3


# ------------------------------------------------------------------ bars


def test_bar_chart_draws_a_bar_per_value_from_zero():
    bags = [(str(i), v) for i, v in enumerate([0, 2, 4, 1, 3], start=1)]
    root = parse(bar_chart(bags, rules=[Rule(10, "Bag penalty")], **LABELS))
    rects = list(root.iter(f"{NS}rect"))
    assert len(rects) == 5
    assert [r.find(f"{NS}title").text for r in rects] == ["1: 0", "2: 2", "3: 4", "4: 1", "5: 3"]
    left, _top, right, bottom = plot_area(root)
    heights = [float(r.get("height")) for r in rects]
    assert heights[0] == 0 and heights[2] == max(heights)
    for r in rects:
        assert float(r.get("y")) + float(r.get("height")) == pytest.approx(bottom, abs=0.1)
        assert left <= float(r.get("x")) and float(r.get("x")) + float(r.get("width")) <= right
    assert y_tick_labels(root)[-1] == "10" and "Bag penalty" in texts(root)
    assert x_tick_labels(root) == ["1", "2", "3", "4", "5"]
    assert {"0", "2", "4", "1", "3"} <= set(texts(root))  # values written above the bars


def test_negative_bars_hang_below_the_zero_line():
    root = parse(bar_chart([("a", -3), ("b", 2)], **LABELS))
    neg, pos = root.iter(f"{NS}rect")
    assert float(neg.get("y")) == pytest.approx(float(pos.get("y")) + float(pos.get("height")), abs=0.1)
    assert "−3" in texts(root)


def test_many_bars_thin_their_labels():
    root = parse(bar_chart([(f"Game {i}", i % 5) for i in range(1, 101)], **LABELS))
    assert len(list(root.iter(f"{NS}rect"))) == 100
    assert 2 <= len(x_tick_labels(root)) <= 12


# ------------------------------------------------------------------ empty and bad input


@pytest.mark.parametrize(
    "svg",
    [
        line_chart([], title="Rating", desc="No games played yet.", x_label="Game", y_label="Rating"),
        line_chart(
            [Series("Us", []), Series("Them", [], "b")], title="Score", desc="No hands yet.", x_label="", y_label=""
        ),
        bar_chart([], title="Bags", desc="No hands yet.", x_label="Hand", y_label="Bags"),
    ],
)
def test_empty_input_is_a_valid_chart_that_shows_its_desc(svg):
    root = parse(svg)
    desc = root.find(f"{NS}desc").text
    assert desc in texts(root)
    assert circles(root) == [] and root.get("role") == "img"


def test_a_long_empty_message_wraps():
    root = parse(bar_chart([], title="t", desc="word " * 60, x_label="", y_label="", width=320))
    assert 2 <= len(root.findall(f"{NS}text")) <= 4


@pytest.mark.parametrize("bad", [math.nan, math.inf, -math.inf])
def test_non_finite_numbers_raise_value_error_naming_the_place(bad):
    with pytest.raises(ValueError, match=r"series 'Us', point 1, y .*finite"):
        Series("Us", [(1, 2), (2, bad)])
    with pytest.raises(ValueError, match=r"point 0, x"):
        Series("Us", [(bad, 2)])
    with pytest.raises(ValueError, match=r"rule 'Target', y .*finite"):
        Rule(bad, "Target")
    with pytest.raises(ValueError, match=r"bar 1 \('b'\) value .*finite"):
        bar_chart([("a", 1), ("b", bad)], **LABELS)
    with pytest.raises(ValueError, match=r"x tick 0"):
        line_chart([Series("Us", [(1, 1)])], x_ticks=[(bad, "x")], **LABELS)


def test_other_bad_input_raises_the_engine_error():
    cases = [
        lambda: Series("Us", [(2, 1), (1, 1)]),
        lambda: Series("Us", [(1, 1)], style="d"),
        lambda: Series("Us", [(1, "2")]),
        lambda: Series("Us", [(1, True)]),
        lambda: Series("Us", [(1, 2, 3)]),
        lambda: Series("Us", [(1, 10**400)]),
        lambda: Series(3, [(1, 1)]),
        lambda: line_chart([Series("Us", [(1, 1)])], width=50, **LABELS),
        lambda: line_chart([("Us", [(1, 1)])], **LABELS),
        lambda: bar_chart([("a",)], **LABELS),
        lambda: bar_chart([("a", 1)], rules=[500], **LABELS),
    ]
    for case in cases:
        with pytest.raises(SpadesError):
            case()


# ------------------------------------------------------------------ random input


finite = st.floats(-1e6, 1e6, allow_nan=False, allow_infinity=False)
points = st.lists(st.tuples(finite, finite), max_size=70).map(lambda ps: sorted(ps, key=lambda p: p[0]))


@settings(max_examples=300, deadline=None)
@given(
    st.lists(st.tuples(st.text(max_size=24), points, st.sampled_from("abc")), max_size=3),
    st.lists(st.tuples(finite, st.text(max_size=12)), max_size=2),
    st.booleans(),
    st.sampled_from([(640, 320), (360, 300), (1000, 400)]),
)
def test_random_series_give_well_formed_svg_with_every_circle_inside(raw, raw_rules, step, size):
    series = [Series(label, pts, style) for label, pts, style in raw]
    rules = [Rule(y, label) for y, label in raw_rules]
    width, height = size
    svg = line_chart(series, rules=rules, step=step, width=width, height=height, **LABELS)
    root = parse(svg)
    for dot in root.iter(f"{NS}circle"):
        cx, cy, r = float(dot.get("cx")), float(dot.get("cy")), float(dot.get("r"))
        assert r <= cx <= width - r and r <= cy <= height - r
    assert svg == line_chart(series, rules=rules, step=step, width=width, height=height, **LABELS)


@settings(max_examples=200, deadline=None)
@given(st.lists(st.tuples(st.text(max_size=10), finite), max_size=80))
def test_random_bars_give_well_formed_svg_inside_the_viewbox(bars):
    root = parse(bar_chart(bars, **LABELS))
    for rect in root.iter(f"{NS}rect"):
        x, y = float(rect.get("x")), float(rect.get("y"))
        assert 0 <= x and x + float(rect.get("width")) <= 640 and 0 <= y and y + float(rect.get("height")) <= 320


def test_the_invalid_xml_class_is_exactly_the_complement_of_xmls_char() -> None:
    """XML 1.0 ``Char``: tab, LF, CR, U+0020–D7FF, E000–FFFD, 10000–10FFFF; the chart drops every other code point."""
    from spades.stats.charts import _INVALID_XML

    def allowed(c: int) -> bool:
        return c in (0x9, 0xA, 0xD) or 0x20 <= c <= 0xD7FF or 0xE000 <= c <= 0xFFFD or 0x10000 <= c <= 0x10FFFF

    wrong = [c for c in range(0x110000) if (_INVALID_XML.match(chr(c)) is None) != allowed(c)]
    assert wrong == []
