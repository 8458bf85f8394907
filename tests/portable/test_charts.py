"""The SVG charts, as the page's worker makes them: plain asserts, run under CPython and Pyodide alike."""

import xml.etree.ElementTree as ET

from spades.errors import SpadesError
from spades.stats.charts import Rule, Series, bar_chart, line_chart

NS = "{http://www.w3.org/2000/svg}"
LABELS = {"title": "Score", "desc": "Running totals.", "x_label": "Hand", "y_label": "Total"}


def score_chart(them_name="Them (E–W)"):
    us = [(i, i * 17 - (i % 4) * 30) for i in range(1, 31)]
    them = [(i, i * 12 + (i % 3) * 20 - 100) for i in range(1, 31)]
    series = [Series("Us (N–S)", us), Series(them_name, them, "b")]
    return line_chart(series, rules=[Rule(500, "Target 500"), Rule(-200, "Mercy")], **LABELS)


def test_chart_is_well_formed_and_labelled():
    root = ET.fromstring(score_chart())
    assert root.tag == NS + "svg" and root.get("role") == "img" and root.get("class") == "chart"
    title_id, desc_id = root.get("aria-labelledby").split()
    assert root.find(NS + "title").get("id") == title_id and root.find(NS + "desc").get("id") == desc_id
    assert len(root.findall(".//" + NS + "circle")) == 60 + 2  # points, and one per legend entry


def test_chart_text_is_escaped():
    svg = score_chart("对手 <b>&\"'")
    assert "<b>" not in svg
    titles = [t.text for t in ET.fromstring(svg).iter(NS + "title")]
    assert "对手 <b>&\"': 1, −68" in titles


def test_chart_is_deterministic_and_small():
    svg = score_chart()
    assert svg == score_chart()
    assert len(svg.encode()) < 7800


def test_chart_ticks_are_nice():
    root = ET.fromstring(line_chart([Series("Us", [(1, 0), (2, 487)])], **LABELS))
    ticks = [g for g in root.iter(NS + "g") if g.get("class") == "ticks" and g.get("text-anchor") == "end"]
    assert [t.text for t in ticks[0]] == ["0", "100", "200", "300", "400", "500"]


def test_empty_chart_shows_its_desc_and_nan_is_refused():
    root = ET.fromstring(bar_chart([], title="Bags", desc="No hands yet.", x_label="Hand", y_label="Bags"))
    assert "No hands yet." in [t.text for t in root.iter(NS + "text")]
    try:
        Series("Us", [(1, float("nan"))])
    except SpadesError as error:
        assert isinstance(error, ValueError) and "finite" in str(error)
    else:
        raise AssertionError("nan was accepted")
