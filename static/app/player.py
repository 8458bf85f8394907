"""The player's profile on the page: name and avatar, finished games, statistics, rating (点力), charts.

The profile is JSON text in localStorage (``spades-profile``, store.py); the worker validates and
changes it (ops ``profile_*``, spades/profile.py) and computes everything shown from it
(``profile_report``: spades/report.py), so the page only keeps the text and draws the report.
Finished games are added at game over (solo, rated solo, online); a rated solo game left before the
end is added as a loss. Export downloads the text; import checks it in the worker first and changes
nothing when it is refused.
"""

import i18n
import js
import store
import view
from dialogs import open_dialog
from dom import by_id
from i18n import error_text, t
from transfer import download
from transport import EngineError, call

esc = view.esc
RECENT_SHOWN = 12  # newest games listed (all of them are in the export)
KIND_ROWS = ("all", "solo", "solo_rated", "online", "online_rated")


def today():
    return str(js.Date.new().toISOString())[:10]


def now_at():
    return str(js.Date.new().toISOString())[:19] + "Z"


def signed(n):
    return ("+" if n > 0 else "") + str(n)


def pct(value):
    return "–" if value is None else str(value) + "%"


class Player:
    def __init__(self, app):
        self.app = app
        self.text = None  # the profile's JSON text, as stored
        self.memory = None  # the profile when localStorage is blocked (kept for this visit)
        self.report = None

    # ------------------------------------------------------------- storage

    async def load(self):
        """The profile's text: stored, else a new profile (and stored)."""
        text = store.read_text(store.PROFILE_KEY) if store.available() else self.memory
        if text:
            try:
                await call("profile_check", {"profile": text})
                self.text = text
                return text
            except EngineError as error:
                # a damaged profile is kept aside (never silently lost) and a new one starts
                store.write_text(store.PROFILE_KEY + "-damaged", text)
                self.app.notice(t("profile_damaged", error=error_text(error)))
        result = await call("profile_new", {"name": t("profile_default_name"), "today": today()})
        self.keep(result["profile"])
        return self.text

    def keep(self, text):
        self.text = text
        self.memory = text
        if store.available():
            if store.write_text(store.PROFILE_KEY, text) is False:
                self.app.notice(t("profile_full"))

    # ------------------------------------------------------------- games

    async def add(self, kind, state, game_id, left=False, ratings=None, winner=None, unscored=False):
        """Add a finished (or left) game; returns ``{"before", "after"}`` ratings, or ``None`` on refusal.

        ``state`` is an online table's state as the host sent it (``None``: this page's own table);
        ``winner`` overrides the state's (a rated table ended because a player left); ``unscored``: the
        game ended without a result because I dropped (only the disconnect counts)."""
        try:
            text = await self.load()
            args = {
                "profile": text,
                "today": today(),
                "kind": kind,
                "id": game_id,
                "at": now_at(),
                "left": left,
                "unscored": unscored,
                "ratings": ratings or {},
            }
            if winner is not None:
                args["winner"] = winner
            if state is None:
                args["table"] = "main"
                args["viewer"] = self.app.state["me"]
            else:
                args["table"] = None  # not this page's table: the state the host sent
                args["state"] = state
            result = await call("profile_add", args)
        except EngineError as error:
            self.app.notice(t("profile_not_saved", error=error_text(error)))
            return None
        self.keep(result["profile"])
        return result

    async def rating(self):
        """The player's rating today."""
        standing = await self.standing()
        return None if standing is None else standing[0]

    async def standing(self):
        """``(rating, disconnects)`` today: what a rated table shows of me; ``None`` if it cannot be read."""
        try:
            report = await call("profile_report", {"profile": await self.load(), "today": today(), "brief": True})
        except EngineError:
            return None
        return report["rating"], report["disconnects"]

    # ------------------------------------------------------------- the dialog

    async def open(self):
        try:
            self.report = await call(
                "profile_report", {"profile": await self.load(), "today": today(), "lang": i18n.lang()}
            )
        except EngineError as error:
            self.app.notice(t("error", error=error_text(error)))
            return
        open_dialog("dlg-profile", profile_html(self.report))

    async def save_identity(self):
        form = by_id("profile-form")
        name = str(form.elements.namedItem("profile-name").value).strip()
        color = None
        for radio in form.querySelectorAll('input[name="profile-color"]'):
            if radio.checked:
                color = str(radio.value)
        if not name:
            by_id("profile-name-error").textContent = t("profile_name_empty")
            return
        try:
            result = await call("profile_set", {"profile": await self.load(), "name": name, "color": color})
        except EngineError as error:
            by_id("profile-name-error").textContent = t("error", error=error_text(error))
            return
        self.keep(result["profile"])
        await self.open()
        self.app.set_message(t("profile_saved"))

    def problem(self, text):
        """Say what went wrong inside the profile dialog when it is open (a modal dialog hides the notice)."""
        box = by_id("profile-problem")
        if box is not None and by_id("dlg-profile").open:
            box.textContent = text
            box.hidden = False
        else:
            self.app.notice(text)

    async def export(self):
        text = await self.load()
        download("spades-profile-" + today() + ".json", text, "profile-export")

    async def import_file(self, event):
        files = event.target.files
        if files is None or files.length == 0:
            return
        text = str(await files.item(0).text())
        event.target.value = ""
        try:
            result = await call("profile_check", {"profile": text})
        except EngineError as error:
            self.problem(t("profile_import_failed", error=error_text(error)))
            return
        if not await self.app.dialogs.confirm(t("confirm_profile_import", name=result["name"], n=result["games"])):
            return
        self.keep(result["profile"])
        self.app.set_message(t("profile_imported", name=result["name"]))
        await self.open()


# ----------------------------------------------------------------- drawing


def avatar_html(name, color, size="big"):
    initial = name.strip()[:1].upper() if name.strip() else "?"
    return (
        '<span class="avatar avatar-' + size + '" style="background:' + esc(color) + '" aria-hidden="true">'
        + esc(initial) + "</span>"
    )  # fmt: skip


def record_cells(record):
    return (
        "<td>"
        + str(record["played"])
        + "</td><td>"
        + str(record["won"])
        + "</td><td>"
        + pct(record["win_pct"])
        + "</td>"
    )


def games_table(stats):
    head = "".join(
        '<th scope="col">' + esc(t(k)) + "</th>" for k in ("stats_kind", "stats_played", "stats_won", "stats_win_pct")
    )
    rows = []
    for kind in KIND_ROWS:
        record = stats["games"][kind]
        if kind != "all" and not record["played"]:
            continue
        rows.append(
            '<tr data-kind="'
            + kind
            + '"><th scope="row">'
            + esc(t("kind_" + kind))
            + "</th>"
            + record_cells(record)
            + "</tr>"
        )
    for levels, record in stats["levels"].items():
        names = " / ".join(t("level_" + level) for level in levels.split("/"))
        rows.append(
            '<tr data-levels="' + esc(levels) + '"><th scope="row">' + esc(t("stats_versus", levels=names)) + "</th>"
            + record_cells(record) + "</tr>"
        )  # fmt: skip
    return (
        '<div class="scroll-x"><table class="stats-games"><thead><tr>' + head + "</tr></thead><tbody>"
        + "".join(rows) + "</tbody></table></div>"
    )  # fmt: skip


def hand_stats(stats):
    h = stats["hands"]
    s = stats["streaks"]
    current = s["current"]
    if current > 0:
        streak = t("streak_wins", n=current)
    elif current < 0:
        streak = t("streak_losses", n=-current)
    else:
        streak = "–"
    items = (
        ("hands", str(h["count"])),
        ("points_per_hand", "–" if h["points_per_hand"] is None else str(h["points_per_hand"])),
        ("contracts_made", pct(h["made_pct"]) + " (" + str(h["made"]) + "/" + str(h["contracts"]) + ")"),
        ("sets", str(h["sets"])),
        ("nils", pct(h["nil_pct"]) + " (" + str(h["nil_made"]) + "/" + str(h["nil_bids"]) + ")"),
        ("blind_nils", str(h["blind_nil_made"]) + "/" + str(h["blind_nil_bids"])),
        ("nils_broken", str(h["nils_broken"]) + "/" + str(h["opponent_nils"])),
        ("bags_per_hand", "–" if h["bags_per_hand"] is None else str(h["bags_per_hand"])),
        ("bag_penalties", str(h["penalties"]) + " (" + str(h["penalty_points"]) + ")"),
        ("bid_accuracy", "–" if h["accuracy_mean"] is None else signed(h["accuracy_mean"])),
        ("streak_now", streak),
        ("streak_best", str(s["best_win"])),
        ("streak_worst", str(s["worst_loss"])),
    )
    parts = ['<dl class="stats-hands">']
    for key, value in items:
        parts.append(
            '<div data-stat="' + key + '"><dt>' + esc(t("stat_" + key)) + "</dt><dd>" + esc(value) + "</dd></div>"
        )
    parts.append("</dl>")
    buckets = h["bid_accuracy"]
    head = "".join('<th scope="col">' + esc(k) + "</th>" for k in ("-2", "-1", "0", "+1", "+2"))
    cells = "".join("<td>" + str(buckets[k]) + "</td>" for k in ("-2", "-1", "0", "+1", "+2"))
    parts.append(
        '<table class="accuracy"><caption>' + esc(t("stat_accuracy_caption")) + "</caption><thead><tr>" + head
        + "</tr></thead><tbody><tr>" + cells + "</tr></tbody></table>"
    )  # fmt: skip
    return "".join(parts)


CHART_TITLES = {"rating": "chart_rating_title", "bags": "chart_bags_title", "last_game": "chart_score_title"}


def chart_block(key, svg, table):
    """A chart and, folded under it, the same figures as a table (for screen readers and exact values)."""
    if not svg:
        return ""
    return (
        '<figure class="chart-box" data-chart="' + key + '"><figcaption>' + esc(t(CHART_TITLES[key]))
        + "</figcaption>" + svg
        + "<details><summary>" + esc(t("chart_as_table")) + "</summary>" + table + "</details></figure>"
    )  # fmt: skip


def steps_table(steps):
    rows = []
    for step in steps:
        rows.append(
            "<tr><td>" + esc(step["date"]) + "</td><td>" + esc(t("step_" + step["kind"])) + "</td><td>"
            + signed(step["delta"]) + '</td><td class="total">' + str(step["rating"]) + "</td></tr>"
        )  # fmt: skip
    head = "".join('<th scope="col">' + esc(t(k)) + "</th>" for k in ("col_date", "col_what", "col_change", "rating"))
    return (
        '<div class="scroll-x"><table class="steps"><thead><tr>' + head + "</tr></thead><tbody>"
        + "".join(rows) + "</tbody></table></div>"
    )  # fmt: skip


def outcome_text(game):
    if game["outcome"] is None:
        return t("outcome_unfinished")
    return t("outcome_" + game["outcome"])


def recent_table(games):
    if not games:
        return '<p class="empty" data-games="0">' + esc(t("profile_no_games")) + "</p>"
    rows = []
    for game in games:
        team = "NS" if game["seat"] in ("N", "S") else "EW"
        other = "EW" if team == "NS" else "NS"
        change = game["change"]
        rows.append(
            '<tr data-game="' + esc(game["id"]) + '" data-outcome="' + esc(game["outcome"] or "") + '">'
            "<td>" + esc(game["at"][:10]) + "</td><td>" + esc(t("kind_" + game["kind"])) + "</td>"
            "<td>" + esc(outcome_text(game)) + "</td>"
            "<td>" + str(game["score"][team]) + " : " + str(game["score"][other])
            + "</td><td>" + ("" if change is None else signed(change)) + "</td></tr>"
        )  # fmt: skip
    head = "".join(
        '<th scope="col">' + esc(t(k)) + "</th>"
        for k in ("col_date", "stats_kind", "col_result", "col_score", "col_change")
    )
    return (
        '<div class="scroll-x"><table class="recent" data-games="' + str(len(games)) + '"><thead><tr>' + head
        + "</tr></thead><tbody>" + "".join(rows) + "</tbody></table></div>"
    )  # fmt: skip


def figures_table(keys, rows):
    head = "".join('<th scope="col">' + esc(t(k)) + "</th>" for k in keys)
    body = "".join("<tr>" + "".join("<td>" + esc(str(v)) + "</td>" for v in row) + "</tr>" for row in rows)
    return '<div class="scroll-x"><table><thead><tr>' + head + "</tr></thead><tbody>" + body + "</tbody></table></div>"


def identity_form(report):
    colors = []
    for color in COLORS:
        checked = " checked" if color == report["color"] else ""
        colors.append(
            '<label class="swatch" style="background:' + color + '"><input type="radio" name="profile-color" value="'
            + color + '"' + checked
            + ' aria-label="' + esc(t("profile_color_n", n=COLORS.index(color) + 1)) + '"></label>'
        )  # fmt: skip
    return (
        '<form id="profile-form" class="profile-form" onsubmit="return false">'
        '<label for="profile-name">' + esc(t("profile_name")) + "</label>"
        '<input id="profile-name" name="profile-name" maxlength="40" autocomplete="nickname" value="'
        + esc(report["name"]) + '" aria-describedby="profile-name-error">'
        '<fieldset class="swatches"><legend>' + esc(t("profile_color")) + "</legend>" + "".join(colors) + "</fieldset>"
        '<p class="field-error" id="profile-name-error" role="alert"></p>'
        '<button type="button" data-action="profile-save">' + esc(t("profile_save")) + "</button></form>"
    )  # fmt: skip


COLORS = (
    "#1e88e5",
    "#43a047",
    "#e53935",
    "#8e24aa",
    "#fb8c00",
    "#00897b",
    "#6d4c41",
    "#3949ab",
)  # spades.profile.COLORS


def profile_html(report):
    stats = report["stats"]
    charts = report["charts"]
    figures = report["figures"]
    parts = [
        '<div class="dlg-head"><h2 id="dlg-profile-title">' + avatar_html(report["name"], report["color"]) + " "
        + '<span data-profile-name>' + esc(report["name"]) + "</span></h2>"
        '<button type="button" class="dlg-x" data-action="close-dialog" autofocus aria-label="' + esc(t("close"))
        + '">×</button></div>',
        '<p class="rating-line"><span class="rating-label">' + esc(t("rating")) + '</span> <strong data-rating="'
        + str(report["rating"]) + '">' + str(report["rating"]) + "</strong> "
        + esc(t("rated_games_n", n=report["rated_games"])) + "</p>",
        chart_block("rating", charts["rating"], steps_table(report["steps"])),
        "<h3>" + esc(t("stats_games")) + "</h3>",
        games_table(stats),
        "<h3>" + esc(t("stats_hands")) + "</h3>",
        hand_stats(stats),
    ]  # fmt: skip
    if charts["bags"]:
        parts.append(
            chart_block("bags", charts["bags"], figures_table(("chart_bags_x", "chart_bags_y"), figures["bags"]))
        )
    if charts["last_game"]:
        parts.append("<h3>" + esc(t("last_game")) + "</h3>")
        keys = ("col_hand", "team_us_short", "col_total", "team_them_short", "col_total")
        parts.append(chart_block("last_game", charts["last_game"], figures_table(keys, figures["last_game"])))
    parts.append("<h3>" + esc(t("recent_games")) + "</h3>")
    parts.append(recent_table(report["games"][:RECENT_SHOWN]))
    parts.append("<h3>" + esc(t("profile_you")) + "</h3>")
    parts.append(identity_form(report))
    parts.append(
        '<p class="field-error" id="profile-problem" role="alert" hidden></p><div class="dlg-buttons">'
        '<button type="button" data-action="profile-export">' + esc(t("profile_export")) + "</button>"
        '<button type="button" data-action="profile-import">' + esc(t("profile_import")) + "</button>"
        '<button type="button" class="primary" data-action="close-dialog">'
        + esc(t("close")) + "</button></div>"
    )  # fmt: skip
    return "".join(parts)


def rating_change_html(before, after):
    return (
        '<p class="rating-change" data-rating-before="' + str(before) + '" data-rating-after="' + str(after) + '">'
        + esc(t("rating_change", before=before, after=after, change=signed(after - before))) + "</p>"
    )  # fmt: skip
