"""What the page shows of a profile and of a game: rating, statistics and charts, in the person's language.

:func:`profile_report` gathers the rating (:func:`spades.stats.profile.rating_report`),
the statistics (:func:`spades.stats.profile.statistics`) and three SVG charts
(:mod:`spades.stats.charts`): the rating after every rated game, bags per hand in
recent games, and the running score of the last game.  :func:`score_chart`
draws a table's running score.  Chart texts come from the one message
catalog (``chart_*`` keys), so they are in the page's language.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, TypedDict

from ..i18n.catalog import message
from .charts import Rule, Series, bar_chart, line_chart
from .profile import rating_report, statistics

RECENT = 20
"""Games shown in the bags chart."""


class _Size(TypedDict):
    width: int
    height: int


SIZE: _Size = {"width": 480, "height": 280}
"""Chart size in SVG units: the page scales charts to the dialog's width (at most 40rem), so a phone
(about 340 px) shows the 13-unit texts at about 9 px and a desktop at about 17 px."""


def _t(key: str, lang: str, **params: Any) -> str:
    text = message(key, lang)
    for name, value in params.items():
        text = text.replace("{" + name + "}", str(value))
    return text


def running_score(
    points: Sequence[Sequence[int]], us: int, lang: str, target: int | None = None, mercy: int | None = None
) -> str:
    """A line chart of both teams' totals after each hand; ``points`` are ``[NS, EW]`` per hand.

    ``us`` (0 NS, 1 EW) is the team drawn first and named "Us"; the target
    and mercy scores are dashed reference lines.
    """
    totals = [[0, 0]]
    for hand in points:
        totals.append([totals[-1][0] + hand[0], totals[-1][1] + hand[1]])
    series = [
        Series(_t("team_us_short", lang), [(i, t[us]) for i, t in enumerate(totals)], "a"),
        Series(_t("team_them_short", lang), [(i, t[1 - us]) for i, t in enumerate(totals)], "b"),
    ]
    rules = []
    if target is not None:
        rules.append(Rule(target, _t("chart_target", lang, n=target)))
    if mercy is not None and mercy < 0:
        rules.append(Rule(mercy, _t("chart_mercy", lang, n=mercy)))
    last = totals[-1]
    return line_chart(
        series,
        title=_t("chart_score_title", lang),
        desc=_t("chart_score_desc", lang, hands=len(points), us=last[us], them=last[1 - us]),
        x_label=_t("col_hand", lang),
        y_label=_t("col_total", lang),
        rules=rules,
        **SIZE,
    )


def score_chart(state: Mapping[str, Any], lang: str = "en") -> str:
    """The running score of the table whose seat state is ``state`` (``spades.table.Table.state``)."""
    rules = state.get("rules") or {}
    us = 1 if state.get("us") == "EW" else 0
    points = [[int(r["points"]["NS"]), int(r["points"]["EW"])] for r in state.get("results", [])]
    target, mercy = rules.get("target"), rules.get("mercy")
    target = target if type(target) is int else None
    mercy = mercy if type(mercy) is int else None
    return running_score(points, us, lang, target, mercy)


def profile_report(
    profile: Mapping[str, Any], today: str, lang: str = "en", live: Mapping[str, Any] | None = None
) -> dict[str, Any]:
    """``{"name", "color", "rating", "rated_games", "steps", "stats", "games", "charts", "figures"}`` for the page.

    ``steps`` and ``rating`` are :func:`spades.stats.profile.rating_report`'s;
    ``stats`` is :func:`spades.stats.profile.statistics` over every game and
    ``live``, the game in progress at the page's table (its hands count as they
    are scored; it is not in ``games`` nor in the charts until it is kept);
    ``games`` lists the newest games first (at most 50) as ``{"index", "id",
    "kind", "at", "outcome", "hands", "score", "seat", "players", "change"}`` (``hands``: how many it
    keeps) where
    ``change`` is the rating change the game made (rated games);
    ``charts`` has ``rating``, ``bags`` and ``last_game`` SVG text, each
    ``null`` when there is nothing to draw; ``figures`` the same numbers for
    tables: ``bags`` ``[[game number, bags per hand], ...]`` and ``last_game``
    ``[[hand, us points, us total, them points, them total], ...]``.
    """
    games = profile["games"]
    rating = rating_report(profile, today)
    stats = statistics(games, live)
    changes: dict[int, int] = {}
    for step in rating["steps"]:
        if step["game"] is not None:
            changes[step["game"]] = step["delta"]
    recent = []
    for index in range(len(games) - 1, max(-1, len(games) - 51), -1):
        game = games[index]
        won = None if game["winner"] is None else game["winner"] == ("NS" if game["seat"] in "NS" else "EW")
        recent.append(
            {
                "index": index,
                "id": game["id"],
                "kind": game["kind"],
                "at": game["at"],
                "outcome": "left" if game["left"] else None if won is None else "win" if won else "loss",
                "hands": len(game["hands"] or ()),
                "score": game["score"],
                "seat": game["seat"],
                "players": game["players"],
                "change": changes.get(index),
            }
        )
    charts: dict[str, str | None] = {"rating": None, "bags": None, "last_game": None}
    figures: dict[str, Any] = {"bags": [], "last_game": []}
    game_steps = [s for s in rating["steps"] if s["kind"] == "game"]
    if game_steps:
        points = [(0.0, float(rating["steps"][0]["rating"] - rating["steps"][0]["delta"]))]
        points += [(float(i + 1), float(s["rating"])) for i, s in enumerate(rating["steps"])]
        charts["rating"] = line_chart(
            [Series(_t("rating", lang), points, "a")],
            title=_t("chart_rating_title", lang),
            desc=_t("chart_rating_desc", lang, first=int(points[0][1]), last=rating["rating"], n=len(game_steps)),
            x_label=_t("chart_rating_x", lang),
            y_label=_t("rating", lang),
            step=True,
            **SIZE,
        )
    with_hands = [g for g in games if g["hands"]][-RECENT:]
    if with_hands:
        bars = []
        for number, game in enumerate(with_hands, start=len([g for g in games if g["hands"]]) - len(with_hands) + 1):
            team = 0 if game["seat"] in "NS" else 1
            bags = sum(h["bags"][team] for h in game["hands"])
            bars.append((str(number), round(bags / len(game["hands"]), 2)))
        figures["bags"] = [[label, value] for label, value in bars]
        charts["bags"] = bar_chart(
            bars,
            title=_t("chart_bags_title", lang),
            desc=_t("chart_bags_desc", lang, n=len(bars)),
            x_label=_t("chart_bags_x", lang),
            y_label=_t("chart_bags_y", lang),
            **SIZE,
        )
        last = with_hands[-1]
        us = 0 if last["seat"] in "NS" else 1
        charts["last_game"] = running_score([h["points"] for h in last["hands"]], us, lang)
        totals = [0, 0]
        for number, hand in enumerate(last["hands"], start=1):
            totals = [totals[0] + hand["points"][0], totals[1] + hand["points"][1]]
            figures["last_game"].append(
                [number, hand["points"][us], totals[us], hand["points"][1 - us], totals[1 - us]]
            )
    return {
        "name": profile["name"],
        "color": profile["color"],
        "rating": rating["rating"],
        "rated_games": rating["games"],
        "disconnects": rating["disconnects"],
        "steps": rating["steps"],
        "stats": stats,
        "games": recent,
        "charts": charts,
        "figures": figures,
    }
