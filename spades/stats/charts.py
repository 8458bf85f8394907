"""Small, accessible SVG charts for the statistics screen: line (or step) charts and bar charts.

The page shows a player's rating over time (:func:`line_chart` with
``step=True``), the running score of a game (two series, with the target and
the mercy limit as labelled :class:`Rule` lines) and the bags per hand
(:func:`bar_chart`).  Each function is pure: the same input gives the same
bytes, one ``<svg>`` element as text, ready to be placed in the page.

Why we write the SVG ourselves: we need only line/step and bar charts, and
this module is one file of our own code (about 9 KB gzipped, docstrings
included) with no dependency, running unchanged in CPython and in the Pyodide
worker, whose output is a few KB of static SVG.  A charting library would add
100 KB or more that the page must also load and run, for features we do not
use.

What the output promises:

* Scaling: the size is given only by ``viewBox`` and the element has
  ``class="chart"``, so CSS (``width:100%;height:auto``) fits it to a phone.
  Text is 13 viewBox units high whatever the ``width``: a caller that knows
  the chart will be shown narrow passes a smaller ``width`` (e.g. 360) and
  gets fewer ticks and readable text.
* Accessibility: ``role="img"`` and ``aria-labelledby`` naming a ``<title>``
  and a ``<desc>`` whose ids come from a hash of the whole input (two
  different charts on one page never share an id).  Every point (up to
  :data:`MAX_DOTS` per series) and every bar has a ``<title>`` read on hover;
  touch screens have no hover, so ``desc`` should summarise the data.  Series
  differ by dash pattern as well as by colour.
* Colours: only through CSS classes (``series-a``, ``series-b``,
  ``series-c``, ``rule``, ``grid``, ``axis``, ``bar``) that set ``color``;
  every stroke and fill is ``currentColor``, so without the style sheet the
  chart takes the text colour and stays readable in light and dark themes.
* Nothing else: no script, no external reference, no font loaded (text
  inherits the page's font), every piece of text escaped.  Labels arrive
  already translated; this module translates nothing.

Bad input (nan, inf, a non-number, x going backwards, an unknown style)
raises :class:`spades.errors.SpadesError`, a :class:`ValueError`, naming
the series and the point.  No series, or no points, draws an empty chart that
shows ``desc``.

>>> svg = line_chart([Series("Us", [(1, 60), (2, 130)])], title="Score", desc="Us: 60, then 130.",
...                  x_label="Hand", y_label="Total")
>>> svg.startswith('<svg xmlns="http://www.w3.org/2000/svg" class="chart" viewBox="0 0 640 320"')
True
"""

from __future__ import annotations

import hashlib
import itertools
import math
import numbers
import re
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass

from ..errors import SpadesError, brief

__all__ = ["MAX_DOTS", "Rule", "Series", "bar_chart", "line_chart"]

STYLES = ("a", "b", "c")
"""The series styles: each has a CSS class ``series-<style>`` and its own dash pattern."""

DASH = {"a": "", "b": "7 4", "c": "2 3"}
"""``stroke-dasharray`` of each style, so series differ by more than colour."""

MAX_DOTS = 60
"""A series with more points than this is drawn as a line without point markers."""

MAX_VALUE = 1e12
"""Larger numbers (in absolute value) are refused: no game statistic comes near."""

FONT = 13
"""Font size in viewBox units."""

MIN_WIDTH, MIN_HEIGHT = 200, 120
"""The smallest viewBox a chart accepts; below it the labels leave no room to plot."""

_PAD = 8
_LEGEND_ROW = 20
_TICK_GAP = 10
_INVALID_XML = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff\ufffe\uffff]")
"""The characters XML 1.0 does not allow (the complement of its ``Char``, listed directly: a negated class over
every plane compiles ~10× slower, which every start of the worker without a snapshot paid)."""


def _finite(value: object, where: str) -> float:
    """``value`` as a float, or :class:`SpadesError` if it is not a finite, reasonably sized number."""
    if isinstance(value, bool) or not isinstance(value, numbers.Real):
        raise SpadesError(f"{where} must be a number, not {brief(value)}")
    try:
        number = float(value)
    except OverflowError:
        number = math.inf
    if not math.isfinite(number):
        raise SpadesError(f"{where} is {brief(value)}: a chart needs finite numbers (no nan or inf)")
    if abs(number) > MAX_VALUE:
        raise SpadesError(f"{where} is {brief(value)}: too large to chart (limit {MAX_VALUE:g})")
    return number


def _text(value: object, where: str) -> str:
    """``value`` if it is a string, else :class:`SpadesError` naming ``where``."""
    if not isinstance(value, str):
        raise SpadesError(f"{where} must be text, not {brief(value)}")
    return value


@dataclass(frozen=True)
class Series:
    """One line of a :func:`line_chart`: its legend text, its ``(x, y)`` points and its style.

    ``x`` never decreases; ``style`` is ``"a"``, ``"b"`` or ``"c"``.  The points
    are checked and stored as a tuple of float pairs.

    >>> Series("Us", [(1, 60), (2, 130)]).points
    ((1.0, 60.0), (2.0, 130.0))
    >>> Series("Us", [(1, float("nan"))])
    Traceback (most recent call last):
    ...
    spades.errors.SpadesError: series 'Us', point 0, y is nan: a chart needs finite numbers (no nan or inf)
    """

    label: str
    points: Sequence[tuple[float, float]]
    style: str = "a"

    def __post_init__(self) -> None:
        name = f"series {brief(_text(self.label, 'a series label'))}"
        if self.style not in STYLES:
            raise SpadesError(f"{name}: style must be 'a', 'b' or 'c', not {brief(self.style)}")
        if isinstance(self.points, str | bytes) or not isinstance(self.points, Sequence):
            raise SpadesError(f"{name}: points must be a sequence of (x, y) pairs, not {brief(self.points)}")
        checked: list[tuple[float, float]] = []
        for i, point in enumerate(self.points):
            if isinstance(point, str | bytes) or not isinstance(point, Sequence) or len(point) != 2:
                raise SpadesError(f"{name}: point {i} is not an (x, y) pair: {brief(point)}")
            x = _finite(point[0], f"{name}, point {i}, x")
            y = _finite(point[1], f"{name}, point {i}, y")
            if checked and x < checked[-1][0]:
                raise SpadesError(f"{name}: x must not decrease, but point {i} has x {x:g} after {checked[-1][0]:g}")
            checked.append((x, y))
        object.__setattr__(self, "points", tuple(checked))


@dataclass(frozen=True)
class Rule:
    """A labelled horizontal reference line, e.g. the target score or the mercy limit.

    >>> Rule(500, "Target 500").y
    500.0
    """

    y: float
    label: str

    def __post_init__(self) -> None:
        name = f"rule {brief(_text(self.label, 'a rule label'))}"
        object.__setattr__(self, "y", _finite(self.y, f"{name}, y"))


# ------------------------------------------------------------------ text and numbers


def _esc(text: str) -> str:
    """``text`` safe inside an element or an attribute value (characters XML forbids become U+FFFD)."""
    text = _INVALID_XML.sub("\ufffd", text)
    return (
        text.replace("&", "&amp;")
        .replace("<", "&lt;")
        .replace(">", "&gt;")
        .replace('"', "&quot;")
        .replace("'", "&#39;")
    )


def _c(value: float) -> str:
    """A coordinate, rounded to one decimal, without a useless ``.0``."""
    text = f"{value:.1f}"
    if text.endswith(".0"):
        text = text[:-2]
    return "0" if text == "-0" else text


def _label(value: float, decimals: int) -> str:
    """A number for people to read: fixed decimals and a true minus sign."""
    text = f"{value:.{decimals}f}"
    if text.lstrip("-").strip("0.") == "":
        text = text.lstrip("-")
    return text.replace("-", "\u2212")


def _num(value: float) -> str:
    """A data value for a hover title: at most two decimals."""
    text = _label(value, 2)
    return text.rstrip("0").rstrip(".") if "." in text else text


def _width(text: str) -> float:
    """The rough rendered width of ``text`` in viewBox units (wide CJK glyphs count double)."""
    return sum(FONT if unicodedata.east_asian_width(ch) in "WF" else FONT * 0.6 for ch in text)


def _fit(text: str, room: float) -> str:
    """``text`` cut with an ellipsis so that it takes at most ``room`` units."""
    if _width(text) <= room:
        return text
    while text and _width(text) + FONT * 0.6 > room:
        text = text[:-1]
    return text + "…"


def _wrap(text: str, room: float) -> list[str]:
    """``text`` broken into lines of at most ``room`` units (at spaces when it can, else anywhere)."""
    lines: list[str] = []
    line = ""
    for ch in text:
        if _width(line + ch) > room and line:
            cut = line.rfind(" ")
            if cut > 0:
                lines.append(line[:cut])
                line = line[cut + 1 :]
            else:
                lines.append(line)
                line = ""
        line += ch
    if line or not lines:
        lines.append(line)
    return lines


# ------------------------------------------------------------------ ticks


def _tick_value(index: int, mult: int, exp: int) -> float:
    """``index × mult × 10^exp``, as exact as a float can be."""
    return float(index * mult * 10**exp) if exp >= 0 else index * mult / 10**-exp


def _ticks(lo: float, hi: float, max_ticks: int, *, integral: bool, expand: bool) -> tuple[list[float], int]:
    """Nice tick values (steps of 1, 2 or 5 × 10^k) and their number of decimals, for ``lo < hi``.

    With ``expand`` the ticks enclose ``[lo, hi]`` (for the value axis), four
    or more of them when ``max_ticks`` allows; without, they lie inside it.
    ``integral`` data never gets a step below 1.

    >>> _ticks(0, 487, 6, integral=True, expand=True)
    ([0.0, 100.0, 200.0, 300.0, 400.0, 500.0], 0)
    >>> _ticks(-230, 310, 6, integral=True, expand=True)
    ([-400.0, -200.0, 0.0, 200.0, 400.0], 0)
    """
    max_ticks = max(3 if expand else 2, max_ticks)  # a range across zero needs at least 3 enclosing ticks
    exp = math.floor(math.log10(hi - lo)) - 2
    while True:
        for mult in (1, 2, 5):
            step = _tick_value(1, mult, exp)
            if integral and step < 1:
                continue
            if expand:
                first, last = math.floor(lo / step), math.ceil(hi / step)
            else:
                first, last = math.ceil(lo / step), math.floor(hi / step)
            if last - first + 1 <= max_ticks:
                while expand and last - first + 1 < min(4, max_ticks):
                    if first != 0:
                        first -= 1  # toward zero, or further below it
                    else:
                        last += 1  # never below zero for data that is not
                return [_tick_value(i, mult, exp) for i in range(first, last + 1)], max(0, -exp)
        exp += 1


def _value_range(values: Sequence[float], *, zero: bool) -> tuple[float, float]:
    """The span the value axis must show; a flat one is widened so that it has ticks."""
    lo, hi = min(values), max(values)
    if zero:
        lo, hi = min(lo, 0.0), max(hi, 0.0)
    if hi - lo <= 1e-9 * max(1.0, abs(lo), abs(hi)):
        if lo == 0:
            return 0.0, 1.0
        pad = max(abs(lo) * 0.1, 2.0)
        return lo - pad, hi + pad
    return lo, hi


def _integral(values: Sequence[float]) -> bool:
    """Whether every value is a whole number (counts, hand numbers): such axes get no fractional ticks."""
    return all(v == int(v) for v in values)


# ------------------------------------------------------------------ layout and common parts


@dataclass
class _Frame:
    """The plot area in viewBox units and the value span it maps to."""

    left: float
    top: float
    right: float
    bottom: float
    y_lo: float
    y_hi: float
    x_lo: float = 0.0
    x_hi: float = 1.0

    def px(self, x: float) -> float:
        """The viewBox x of the value ``x``."""
        return self.left + (x - self.x_lo) / (self.x_hi - self.x_lo) * (self.right - self.left)

    def py(self, y: float) -> float:
        """The viewBox y of the value ``y`` (up is more)."""
        return self.bottom - (y - self.y_lo) / (self.y_hi - self.y_lo) * (self.bottom - self.top)


def _check_size(width: int, height: int) -> None:
    """:class:`SpadesError` unless the viewBox size is a sensible whole number."""
    for name, value, least in (("width", width, MIN_WIDTH), ("height", height, MIN_HEIGHT)):
        if isinstance(value, bool) or not isinstance(value, int) or not least <= value <= 10_000:
            raise SpadesError(f"chart {name} must be a whole number from {least} to 10000, not {brief(value)}")


def _ident(*parts: object) -> str:
    """An id prefix derived from the whole input, so equal input gives equal ids and different charts differ."""
    return "c" + hashlib.sha256(repr(parts).encode("utf-8", "surrogatepass")).hexdigest()[:8]


def _open(ident: str, width: int, height: int, title: str, desc: str) -> list[str]:
    """The opening ``<svg>`` tag with its ``<title>`` and ``<desc>``."""
    return [
        f'<svg xmlns="http://www.w3.org/2000/svg" class="chart" viewBox="0 0 {width} {height}" role="img" '
        f'aria-labelledby="{ident}-t {ident}-d" font-size="{FONT}" fill="currentColor">',
        f'<title id="{ident}-t">{_esc(title)}</title><desc id="{ident}-d">{_esc(desc)}</desc>',
    ]


def _empty(parts: list[str], width: int, height: int, desc: str) -> str:
    """Finish an empty chart: a frame and ``desc`` in the middle."""
    lines = _wrap(desc, width - 4 * _PAD)[:4]
    y0 = height / 2 - (len(lines) - 1) * FONT * 0.7 + FONT * 0.35
    parts.append(
        f'<rect class="axis" x="{_PAD / 2}" y="{_PAD / 2}" width="{width - _PAD}" height="{height - _PAD}" '
        'rx="6" fill="none" stroke="currentColor" stroke-opacity=".3"/>'
    )
    for i, line in enumerate(lines):
        parts.append(
            f'<text x="{_c(width / 2)}" y="{_c(y0 + i * FONT * 1.4)}" text-anchor="middle">{_esc(line)}</text>'
        )
    parts.append("</svg>")
    return "\n".join(parts)


def _legend(series: Sequence[Series], width: int) -> tuple[list[str], float]:
    """The legend (only for two or more series), laid out in rows; returns the parts and its height."""
    if len(series) < 2:
        return [], 0.0
    parts: list[str] = []
    x, row = float(_PAD), 0
    for s in series:
        text = _fit(s.label, width - 2 * _PAD - 30)
        item = 28 + _width(text)
        if x > _PAD and x + item > width - _PAD:
            x, row = float(_PAD), row + 1
        y = _PAD + 8 + row * _LEGEND_ROW
        dash = f' stroke-dasharray="{DASH[s.style]}"' if DASH[s.style] else ""
        parts.append(
            f'<g class="series-{s.style}"><path d="M{_c(x)} {_c(y)}h22" fill="none" stroke="currentColor" '
            f'stroke-width="2"{dash}/><circle cx="{_c(x + 11)}" cy="{_c(y)}" r="3"/></g>'
            f'<text x="{_c(x + 28)}" y="{_c(y + FONT * 0.35)}">{_esc(text)}</text>'
        )
        x += item + 16
    return ['<g class="legend">', *parts, "</g>"], (row + 1) * _LEGEND_ROW + 4


def _most_y_ticks(top: float, bottom: float) -> int:
    """Six value ticks, or fewer on a short chart (at least 30 units apart, at least three)."""
    return max(3, min(6, int((bottom - top) // 30)))


def _top_and_bottom(height: int, legend_height: float) -> tuple[float, float]:
    """The plot's top and bottom: below the legend, above the x tick labels and the x-axis title."""
    top = _PAD + 6 + legend_height
    bottom = height - 40.0
    if bottom - top < 40:
        raise SpadesError(f"chart height {height} leaves no room to plot under the legend")
    return top, bottom


def _left(y_labels: Sequence[str], y_label: str) -> float:
    """The plot's left edge: right of the y-axis title and the widest value label."""
    return math.ceil(_PAD + (18 if y_label else 0) + max(_width(t) for t in y_labels) + 6)


def _value_axis(
    frame: _Frame, ticks: Sequence[float], decimals: int, x_label: str, y_label: str, width: int, height: int
) -> list[str]:
    """Gridlines, the axes, the value ticks and both axis titles."""
    grid = "".join(f"M{_c(frame.left)} {_c(frame.py(t))}H{_c(frame.right)}" for t in ticks)
    parts = [f'<path class="grid" d="{grid}" stroke="currentColor" stroke-opacity=".15"/>']
    axis = f"M{_c(frame.left)} {_c(frame.top)}V{_c(frame.bottom)}H{_c(frame.right)}"
    if frame.y_lo < 0 < frame.y_hi:  # the zero line, where bars start and scores change sign
        axis += f"M{_c(frame.left)} {_c(frame.py(0))}H{_c(frame.right)}"
    parts.append(f'<path class="axis" d="{axis}" fill="none" stroke="currentColor" stroke-opacity=".6"/>')
    labels = "".join(
        f'<text x="{_c(frame.left - 6)}" y="{_c(frame.py(t) + FONT * 0.35)}">{_label(t, decimals)}</text>'
        for t in ticks
    )
    parts.append(f'<g class="ticks" text-anchor="end">{labels}</g>')
    if x_label:
        middle = (frame.left + frame.right) / 2
        parts.append(
            f'<text class="axis-title" x="{_c(middle)}" y="{height - 6}" text-anchor="middle">{_esc(x_label)}</text>'
        )
    if y_label:
        middle = (frame.top + frame.bottom) / 2
        parts.append(
            f'<text class="axis-title" transform="rotate(-90)" x="{_c(-middle)}" y="{_PAD + 12}" '
            f'text-anchor="middle">{_esc(y_label)}</text>'
        )
    return parts


def _x_tick_labels(frame: _Frame, ticks: Sequence[tuple[float, str]], width: int) -> str:
    """Labels under the plot, centred on their x but kept inside the viewBox."""
    out = []
    for x, text in ticks:
        half = _width(text) / 2
        at = min(max(x, half + 2), width - half - 2)
        out.append(f'<text x="{_c(at)}" y="{_c(frame.bottom + 18)}">{_esc(text)}</text>')
    return f'<g class="ticks" text-anchor="middle">{"".join(out)}</g>'


def _rules(frame: _Frame, rules: Sequence[Rule]) -> list[str]:
    """Dashed reference lines, each labelled at its right end (below the line when it is near the top)."""
    parts = []
    for rule in rules:
        y = frame.py(rule.y)
        text_y = y - 5 if y - FONT - 5 >= frame.top else y + FONT + 3
        parts.append(
            f'<g class="rule"><path d="M{_c(frame.left)} {_c(y)}H{_c(frame.right)}" stroke="currentColor" '
            f'stroke-width="1.5" stroke-dasharray="5 4"/><text x="{_c(frame.right - 4)}" y="{_c(text_y)}" '
            f'text-anchor="end">{_esc(_fit(rule.label, frame.right - frame.left - 8))}</text></g>'
        )
    return parts


def _checked_rules(rules: Sequence[Rule]) -> tuple[Rule, ...]:
    """``rules`` as a tuple, or :class:`SpadesError` if one is not a :class:`Rule`."""
    checked = tuple(rules)
    for rule in checked:
        if not isinstance(rule, Rule):
            raise SpadesError(f"rules must be Rule values, not {brief(rule)}")
    return checked


# ------------------------------------------------------------------ the charts


def line_chart(
    series: Sequence[Series],
    *,
    title: str,
    desc: str,
    x_label: str,
    y_label: str,
    rules: Sequence[Rule] = (),
    width: int = 640,
    height: int = 320,
    step: bool = False,
    x_ticks: Sequence[tuple[float, str]] | None = None,
) -> str:
    """One ``<svg>`` with a line per series, e.g. both teams' running scores or a rating over time.

    ``step`` draws each value held until the next x (a rating that changes
    after each game).  ``x_ticks`` gives the x-axis labels, e.g. dates for
    game numbers; by default the x axis gets nice numbers.  Ticks are thinned
    to what fits the width.  ``rules`` are labelled horizontal lines, always
    inside the value range.  Points get markers with a hover title
    ``"label: x, y"`` (x as its ``x_ticks`` label when it has one) when a
    series has at most :data:`MAX_DOTS` of them.
    """
    title, desc = _text(title, "title"), _text(desc, "desc")
    x_label, y_label = _text(x_label, "x_label"), _text(y_label, "y_label")
    _check_size(width, height)
    series, rules = tuple(series), _checked_rules(rules)
    for s in series:
        if not isinstance(s, Series):
            raise SpadesError(f"series must be Series values, not {brief(s)}")
    named: dict[float, str] = {}
    for i, tick in enumerate(x_ticks or ()):
        if isinstance(tick, str | bytes) or not isinstance(tick, Sequence) or len(tick) != 2:
            raise SpadesError(f"x tick {i} is not an (x, label) pair: {brief(tick)}")
        named[_finite(tick[0], f"x tick {i}")] = _text(tick[1], f"x tick {i} label")
    ident = _ident("line", series, title, desc, x_label, y_label, rules, width, height, step, sorted(named.items()))
    parts = _open(ident, width, height, title, desc)
    points = [p for s in series for p in s.points]
    if not points:
        return _empty(parts, width, height, desc)

    legend, legend_height = _legend(series, width)
    top, bottom = _top_and_bottom(height, legend_height)
    values = [y for _, y in points] + [r.y for r in rules]
    y_lo, y_hi = _value_range(values, zero=False)
    y_ticks, decimals = _ticks(y_lo, y_hi, _most_y_ticks(top, bottom), integral=_integral(values), expand=True)
    y_text = [_label(t, decimals) for t in y_ticks]
    left = _left(y_text, y_label)
    right = width - 16.0
    if right - left < 40:
        raise SpadesError(f"chart width {width} leaves no room to plot beside the value labels")
    xs = [x for x, _ in points]
    x_lo, x_hi = min(xs), max(xs)
    if x_hi - x_lo <= 1e-9 * max(1.0, abs(x_lo), abs(x_hi)):
        x_lo, x_hi = x_lo - 1, x_hi + 1
    frame = _Frame(left, top, right, bottom, min(y_ticks[0], y_lo), max(y_ticks[-1], y_hi), x_lo, x_hi)
    x_marks = _x_marks(frame, named, _integral(xs))

    parts += _value_axis(frame, y_ticks, decimals, x_label, y_label, width, height)
    if x_marks:
        tick_path = "".join(f"M{_c(frame.px(x))} {_c(bottom)}v4" for x, _ in x_marks)
        parts.append(f'<path class="axis" d="{tick_path}" stroke="currentColor" stroke-opacity=".6"/>')
        parts.append(_x_tick_labels(frame, [(frame.px(x), text) for x, text in x_marks], width))
    parts += _rules(frame, rules)
    for s in series:
        parts += _series(frame, s, step, named)
    parts += legend
    parts.append("</svg>")
    return "\n".join(parts)


def _x_marks(frame: _Frame, named: dict[float, str], integral: bool) -> list[tuple[float, str]]:
    """The x ticks that fit: the caller's labels thinned to every k-th, or nice numbers."""
    room = frame.right - frame.left
    span = frame.x_hi - frame.x_lo
    limit = max(2, min(6, int(room // 60)))
    if named:
        marks = sorted((x, text) for x, text in named.items() if frame.x_lo <= x <= frame.x_hi)
        widest = max((_width(t) for _, t in marks), default=0.0)
        for every in range(1, len(marks) + 1):
            kept = marks[::every]
            gaps = [(b[0] - a[0]) / span * room for a, b in itertools.pairwise(kept)]
            if len(kept) <= limit and all(g >= widest + _TICK_GAP for g in gaps):
                return kept
        return marks[:1]
    for most in range(limit, 1, -1):
        values, decimals = _ticks(frame.x_lo, frame.x_hi, most, integral=integral, expand=False)
        marks = [(x, _label(x, decimals)) for x in values]
        widest = max((_width(t) for _, t in marks), default=0.0)
        if len(values) < 2 or (values[1] - values[0]) / span * room >= widest + _TICK_GAP:
            return marks
    return marks[:1]


def _series(frame: _Frame, series: Series, step: bool, named: dict[float, str]) -> list[str]:
    """One series: its line (straight or stepped) and, when not too many, a marker per point."""
    if not series.points:
        return []
    coords = [(frame.px(x), frame.py(y)) for x, y in series.points]
    parts = [f'<g class="series-{series.style}">']
    if len(coords) > 1:
        d = f"M{_c(coords[0][0])} {_c(coords[0][1])}"
        if step:
            for (_, y0), (x, y) in itertools.pairwise(coords):
                d += f"H{_c(x)}" + (f"V{_c(y)}" if _c(y) != _c(y0) else "")
        else:  # one L, then bare pairs: SVG repeats the last command
            d += "L" + " ".join(f"{_c(x)} {_c(y)}" for x, y in coords[1:])
        dash = f' stroke-dasharray="{DASH[series.style]}"' if DASH[series.style] else ""
        parts.append(
            f'<path d="{d}" fill="none" stroke="currentColor" stroke-width="2" stroke-linejoin="round"{dash}/>'
        )
    if len(coords) <= MAX_DOTS:
        label = _esc(series.label)
        dots = []
        for (x, y), (cx, cy) in zip(series.points, coords, strict=True):
            x_text = _esc(named[x]) if x in named else _num(x)
            dots.append(
                f'<circle cx="{_c(cx)}" cy="{_c(cy)}" r="3"><title>{label}: {x_text}, {_num(y)}</title></circle>'
            )
        parts.append("".join(dots))
    parts.append("</g>")
    return parts


def bar_chart(
    bars: Sequence[tuple[str, float]],
    *,
    title: str,
    desc: str,
    x_label: str,
    y_label: str,
    width: int = 640,
    height: int = 320,
    rules: Sequence[Rule] = (),
) -> str:
    """One ``<svg>`` with a bar per ``(label, value)``, e.g. the bags taken in each hand.

    Bars start at zero (negative values go down).  Category labels are thinned
    to every k-th when they do not all fit; each bar's value is written above
    it when there is room, and is in its hover title ``"label: value"``.
    """
    title, desc = _text(title, "title"), _text(desc, "desc")
    x_label, y_label = _text(x_label, "x_label"), _text(y_label, "y_label")
    _check_size(width, height)
    checked: list[tuple[str, float]] = []
    for i, bar in enumerate(bars):
        if isinstance(bar, str | bytes) or not isinstance(bar, Sequence) or len(bar) != 2:
            raise SpadesError(f"bar {i} is not a (label, value) pair: {brief(bar)}")
        name = _text(bar[0], f"bar {i} label")
        checked.append((name, _finite(bar[1], f"bar {i} ({brief(name)}) value")))
    rules = _checked_rules(rules)
    ident = _ident("bar", checked, title, desc, x_label, y_label, rules, width, height)
    parts = _open(ident, width, height, title, desc)
    if not checked:
        return _empty(parts, width, height, desc)

    top, bottom = _top_and_bottom(height, 0.0)
    values = [v for _, v in checked] + [r.y for r in rules]
    y_lo, y_hi = _value_range(values, zero=True)
    y_ticks, decimals = _ticks(y_lo, y_hi, _most_y_ticks(top, bottom), integral=_integral(values), expand=True)
    left = _left([_label(t, decimals) for t in y_ticks], y_label)
    right = width - 16.0
    if right - left < 40:
        raise SpadesError(f"chart width {width} leaves no room to plot beside the value labels")
    frame = _Frame(left, top, right, bottom, min(y_ticks[0], y_lo), max(y_ticks[-1], y_hi))

    parts += _value_axis(frame, y_ticks, decimals, x_label, y_label, width, height)
    band = (right - left) / len(checked)
    bar_width = min(band * 0.7, 48.0)
    widest = max(_width(name) for name, _ in checked)
    every = next(k for k in range(1, len(checked) + 1) if band * k >= widest + _TICK_GAP or k == len(checked))
    centres = [left + band * (i + 0.5) for i in range(len(checked))]
    parts.append(_x_tick_labels(frame, [(centres[i], checked[i][0]) for i in range(0, len(checked), every)], width))
    show_values = all(_width(_num(v)) + 2 <= band for _, v in checked)
    rects: list[str] = []
    value_labels: list[str] = []
    zero = frame.py(0.0)
    for (name, value), centre in zip(checked, centres, strict=True):
        y = frame.py(value)
        y0, y1 = min(y, zero), max(y, zero)
        rects.append(
            f'<rect x="{_c(centre - bar_width / 2)}" y="{_c(y0)}" width="{_c(bar_width)}" height="{_c(y1 - y0)}">'
            f"<title>{_esc(name)}: {_num(value)}</title></rect>"
        )
        if show_values:
            text_y = y1 + FONT + 1 if value < 0 else y0 - 4
            value_labels.append(f'<text x="{_c(centre)}" y="{_c(text_y)}">{_num(value)}</text>')
    parts.append(f'<g class="bar">{"".join(rects)}</g>')
    if value_labels:
        parts.append(f'<g class="values" text-anchor="middle">{"".join(value_labels)}</g>')
    parts += _rules(frame, rules)
    parts.append("</svg>")
    return "\n".join(parts)
