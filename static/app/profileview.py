"""The profile window as markup: name and avatar, rating, games, hand statistics, recent games (pure: CPython too).

Everything shown comes from the worker's ``profile_report`` (spades/report.py) of the profile the person keeps
(or imported from a file): names, dates, statistics.  Every value is text in :mod:`markup` fragments; only the
keys of this module's own tables become attributes' names.  The charts are SVG the worker draws
(spades/charts.py); :func:`profile` leaves their place in each ``figure[data-chart]``, right after its
caption, and player.py puts them there (:data:`CHART_KEYS`).
"""

from i18n import t
from markup import h, join

RECENT_SHOWN = 12  # newest games listed (all of them are in the export)
KIND_ROWS = ("all", "solo", "solo_rated", "online", "online_rated")
CHART_TITLES = {"rating": "chart_rating_title", "bags": "chart_bags_title", "last_game": "chart_score_title"}
CHART_KEYS = ("rating", "bags", "last_game")
ACCURACY = ("-2", "-1", "0", "+1", "+2")
COLORS = (
    "#1e88e5",
    "#43a047",
    "#e53935",
    "#8e24aa",
    "#fb8c00",
    "#00897b",
    "#6d4c41",
    "#3949ab",
)  # spades.stats.profile.COLORS


def count(key, n, **params):
    """The message ``key`` for the count ``n``: ``key + "_one"`` when ``n`` is 1 ("1 loss", "2 losses").

    The catalog's plural rule (spades/i18n/messages.json): a ``_one`` key holds the singular, in every language
    (Chinese says both the same way), and the bare key every other count, 0 included.
    """
    return t(key + "_one" if n == 1 else key, n=n, **params)


def signed(n):
    """``+3``, ``-2``, ``0``."""
    return ("+" if isinstance(n, (int, float)) and n > 0 else "") + str(n)


def pct(value):
    return "–" if value is None else str(value) + "%"


def colour(value):
    """An avatar colour from the profile: one of :data:`COLORS` (anything else: the first)."""
    return value if value in COLORS else COLORS[0]


def avatar(name, color, size="big"):
    """The avatar: the name's initial on the profile's colour."""
    name = str(name)
    initial = name.strip()[:1].upper() if name.strip() else "?"
    return h("span", initial, cls="avatar avatar-" + size, style="background:" + colour(color), aria_hidden="true")


def _head(keys):
    return h("thead", h("tr", [h("th", t(key), scope="col") for key in keys]))


def _scroll(table):
    return h("div", table, cls="scroll-x")


def record_cells(record):
    return [h("td", str(record["played"])), h("td", str(record["won"])), h("td", pct(record["win_pct"]))]


def games_table(stats):
    """Games played and won: all of them, by kind, and against each pair of computer levels."""
    rows = []
    for kind in KIND_ROWS:
        record = stats["games"][kind]
        if kind != "all" and not record["played"]:
            continue
        rows.append(h("tr", h("th", t("kind_" + kind), scope="row"), record_cells(record), data_kind=kind))
    for levels, record in stats["levels"].items():
        names = " / ".join(t("level_" + level) for level in str(levels).split("/"))
        label = h("th", t("stats_versus", levels=names), scope="row")
        rows.append(h("tr", label, record_cells(record), data_levels=levels))
    head = _head(("stats_kind", "stats_played", "stats_won", "stats_win_pct"))
    return join([_scroll(h("table", head, h("tbody", rows), cls="stats-games")), unfinished_line(stats)])


def unfinished_line(stats):
    """The games without a result: the one in progress at the table and those left unfinished; nothing if none.

    They are neither won nor lost (a rated game left is a loss, in the table above); the hands they scored count
    in the hands' figures."""
    live = stats.get("in_progress") or 0
    left = stats["games"]["all"].get("unfinished") or 0
    parts = []
    if live:
        parts.append(h("span", count("stats_in_progress", live), data_in_progress=live))
    if left:
        parts.append(h("span", count("stats_unfinished", left), data_unfinished=left))
    if not parts:
        return None
    return h("p", join(parts, " · "), cls="stats-unfinished")


def hand_stats(stats):
    """The hands' figures (contracts, nils, bags, bidding accuracy, streaks) and the accuracy table."""
    hands = stats["hands"]
    streaks = stats["streaks"]
    current = streaks["current"]
    if isinstance(current, int) and current > 0:
        streak = count("streak_wins", current)
    elif isinstance(current, int) and current < 0:
        streak = count("streak_losses", -current)
    else:
        streak = "–"

    def maybe(value, show=str):
        return "–" if value is None else show(value)

    def of(a, b):
        return str(hands[a]) + "/" + str(hands[b])

    items = (
        ("hands", str(hands["count"])),
        ("points_per_hand", maybe(hands["points_per_hand"])),
        ("contracts_made", pct(hands["made_pct"]) + " (" + of("made", "contracts") + ")"),
        ("sets", str(hands["sets"])),
        ("nils", pct(hands["nil_pct"]) + " (" + of("nil_made", "nil_bids") + ")"),
        ("blind_nils", of("blind_nil_made", "blind_nil_bids")),
        ("nils_broken", of("nils_broken", "opponent_nils")),
        ("bags_per_hand", maybe(hands["bags_per_hand"])),
        ("bag_penalties", str(hands["penalties"]) + " (" + str(hands["penalty_points"]) + ")"),
        ("bid_accuracy", maybe(hands["accuracy_mean"], signed)),
        ("streak_now", streak),
        ("streak_best", str(streaks["best_win"])),
        ("streak_worst", str(streaks["worst_loss"])),
    )
    figures = h(
        "dl", [h("div", h("dt", t("stat_" + key)), h("dd", value), data_stat=key) for key, value in items],
        cls="stats-hands",
    )  # fmt: skip
    buckets = hands["bid_accuracy"]
    accuracy = h(
        "table",
        h("caption", t("stat_accuracy_caption")),
        h("thead", h("tr", [h("th", key, scope="col") for key in ACCURACY])),
        h("tbody", h("tr", [h("td", str(buckets[key])) for key in ACCURACY])),
        cls="accuracy",
    )
    return join([figures, accuracy])


def chart_block(key, svg, table):
    """A chart's figure (the chart itself goes right after the caption) and, folded under it, the same figures as
    a table (for screen readers and exact values); nothing without a chart."""
    if not svg:
        return None
    return h(
        "figure",
        h("figcaption", t(CHART_TITLES[key])),
        h("details", h("summary", t("chart_as_table")), table),
        cls="chart-box",
        data_chart=key,
    )


def steps_table(steps):
    """The rating's steps: date, what happened, the change, the rating after it."""
    rows = []
    for step in steps:
        rows.append(
            h(
                "tr",
                h("td", step["date"]),
                h("td", t("step_" + str(step["kind"]))),
                h("td", signed(step["delta"])),
                h("td", str(step["rating"]), cls="total"),
            )
        )
    return _scroll(h("table", _head(("col_date", "col_what", "col_change", "rating")), h("tbody", rows), cls="steps"))


def outcome_text(game):
    if game["outcome"] is None:
        return t("outcome_unfinished")
    return t("outcome_" + str(game["outcome"]))


def recent_table(games):
    """The newest games: date, kind, result, score (ours first), rating change."""
    if not games:
        return h("p", t("profile_no_games"), cls="empty", data_games="0")
    rows = []
    for game in games:
        team = "NS" if game["seat"] in ("N", "S") else "EW"
        other = "EW" if team == "NS" else "NS"
        change = game["change"]
        rows.append(
            h(
                "tr",
                h("td", str(game["at"])[:10]),
                h("td", t("kind_" + str(game["kind"]))),
                h("td", outcome_text(game)),
                h("td", str(game["score"][team]) + " : " + str(game["score"][other])),
                h("td", "" if change is None else signed(change)),
                data_game=game["id"],
                data_outcome=game["outcome"] or "",
            )
        )
    head = _head(("col_date", "stats_kind", "col_result", "col_score", "col_change"))
    return _scroll(h("table", head, h("tbody", rows), cls="recent", data_games=len(games)))


def figures_table(keys, rows):
    """A chart's figures as a table (``keys``: the columns' catalog keys)."""
    body = h("tbody", [h("tr", [h("td", str(value)) for value in row]) for row in rows])
    return _scroll(h("table", _head(keys), body))


def identity_form(report):
    """The name and the avatar's colour, with their Save button (the form is never submitted: player.py)."""
    swatches = []
    for i, color in enumerate(COLORS):
        radio = h(
            "input",
            type="radio",
            name="profile-color",
            value=color,
            checked=color == report["color"],
            aria_label=t("profile_color_n", n=i + 1),
        )
        swatches.append(h("label", radio, cls="swatch", style="background:" + color))
    name = h(
        "input",
        {"id": "profile-name", "name": "profile-name", "maxlength": "40", "autocomplete": "nickname"},
        value=report["name"],
        aria_describedby="profile-name-error",
    )
    return h(
        "form",
        h("label", t("profile_name"), for_="profile-name"),
        name,
        h("fieldset", h("legend", t("profile_color")), swatches, cls="swatches"),
        h("p", cls="field-error", id="profile-name-error", role="alert"),
        h("button", t("profile_save"), type="button", data_action="profile-save"),
        id="profile-form",
        cls="profile-form",
    )


def profile(report):
    """The whole profile window from the worker's report."""
    stats = report["stats"]
    charts = report["charts"]
    figures = report["figures"]
    head = h(
        "div",
        h("h2", avatar(report["name"], report["color"]), " ", h("span", report["name"], data_profile_name=True),
          id="dlg-profile-title"),
        h("button", "×", type="button", cls="dlg-x", data_action="close-dialog", autofocus=True, aria_label=t("close")),
        cls="dlg-head",
    )  # fmt: skip
    rating = h(
        "p",
        h("span", t("rating"), cls="rating-label"),
        " ",
        h("strong", str(report["rating"]), data_rating=report["rating"]),
        " ",
        count("rated_games_n", report["rated_games"]),
        cls="rating-line",
    )
    parts = [
        head,
        rating,
        chart_block("rating", charts["rating"], steps_table(report["steps"])),
        h("h3", t("stats_games")),
        games_table(stats),
        h("h3", t("stats_hands")),
        hand_stats(stats),
    ]
    if charts["bags"]:
        parts.append(
            chart_block("bags", charts["bags"], figures_table(("chart_bags_x", "chart_bags_y"), figures["bags"]))
        )
    if charts["last_game"]:
        parts.append(h("h3", t("last_game")))
        keys = ("col_hand", "team_us_short", "col_total", "team_them_short", "col_total")
        parts.append(chart_block("last_game", charts["last_game"], figures_table(keys, figures["last_game"])))
    parts.append(h("h3", t("recent_games")))
    parts.append(recent_table(report["games"][:RECENT_SHOWN]))
    parts.append(h("h3", t("profile_you")))
    parts.append(identity_form(report))
    parts.append(h("p", cls="field-error", id="profile-problem", role="alert", hidden=True))
    parts.append(
        h(
            "div",
            h("button", t("profile_export"), type="button", data_action="profile-export"),
            h("button", t("profile_import"), type="button", data_action="profile-import"),
            h("button", t("close"), type="button", cls="primary", data_action="close-dialog"),
            cls="dlg-buttons",
        )
    )
    return join(parts)


def rating_change(before, after):
    """The line under a rated game's summary: the rating before, after, and the change."""
    change = signed(after - before) if isinstance(before, int) and isinstance(after, int) else "?"
    return h(
        "p",
        t("rating_change", before=before, after=after, change=change),
        cls="rating-change",
        data_rating_before=before,
        data_rating_after=after,
    )
