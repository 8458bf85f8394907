"""The dialogs' views: the help (helpdoc.py), the settings form (settings.py), the profile (profileview.py) and
the deal link with the daily comparison (shareview.py).

Property tests put hostile strings in every field of each view's input — the help file's every text, id and
code, every setting and rule, every leaf of a profile report (names, dates, statistics, dict keys) — and check
with :mod:`html.parser` that no injected tag or attribute appears, that only the view's own tags do, and that
the hostile text comes back as text.  Unit tests check what the views show in the three languages.
"""

from __future__ import annotations

import json
from typing import Any

import helpdoc
import i18n
import profileview
import pytest
import settings as form
import shareview
from hypothesis import HealthCheck, given
from hypothesis import settings as hsettings
from hypothesis import strategies as st
from i18n import t

from spades import Seat
from spades.stats.profile import add_game, game_from_state, new_profile
from spades.stats.report import profile_report
from spades.table import Occupant, Policy, Table
from spades.worker import call
from tests.page.conftest import HOSTILE as _HOSTILE
from tests.page.conftest import ROOT, assert_no_injection, parse_tags
from tests.page.nodes import parse as tree

HOSTILE = st.deferred(lambda: _HOSTILE)  # the same strings, with a short repr (hypothesis prints the strategies)

HELP = json.loads((ROOT / "static" / "help" / "help.json").read_text(encoding="utf-8"))
SEATS = ("N", "E", "S", "W")
LANGS = ("en", "zh-Hans", "zh-Hant")
TODAY = "2026-11-30"
pytestmark = pytest.mark.filterwarnings("ignore:Generating overly large repr")  # HOSTILE holds a 5000-char text
PROPERTY = hsettings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def keys_table() -> tuple[Any, ...]:
    """inputs.KEYS, read from the source (inputs.py imports pyscript, so it is not imported here)."""
    import ast

    tree = ast.parse((ROOT / "static" / "app" / "inputs.py").read_text(encoding="utf-8"))
    for node in tree.body:
        if isinstance(node, ast.Assign) and any(getattr(target, "id", "") == "KEYS" for target in node.targets):
            return ast.literal_eval(node.value)
    raise AssertionError("static/app/inputs.py has no KEYS table")


KEYS = keys_table()


# ----------------------------------------------------------------- reading markup


def tags_of(markup: object) -> set[str]:
    return {tag for tag, _attrs in parse_tags(markup)}


# ----------------------------------------------------------------- hostile inputs


def texts() -> st.SearchStrategy[Any]:
    """A text of the help file: a hostile string, or one per language."""
    return st.one_of(HOSTILE, st.fixed_dictionaries({lang: HOSTILE for lang in LANGS}))


CARDS = HOSTILE.filter(lambda s: len(s) >= 2)  # a card code has a rank and a suit (i18n.card_short reads both)

BLOCKS = st.one_of(
    st.builds(lambda x: {"p": x}, texts()),
    st.builds(lambda x: {"h": x}, texts()),
    st.builds(lambda x: {"list": x}, st.lists(texts(), max_size=3)),
    st.builds(
        lambda head, rows: {"table": {"head": head, "rows": rows}},
        st.lists(texts(), min_size=1, max_size=3),
        st.lists(st.lists(texts(), max_size=3), max_size=3),
    ),
    st.builds(
        lambda leader, winner, cards, words: {
            "trick": {"leader": leader, "winner": winner, "cards": cards, "text": words}
        },
        st.one_of(st.sampled_from(SEATS), HOSTILE),
        st.one_of(st.sampled_from(SEATS), HOSTILE),
        st.lists(CARDS, min_size=1, max_size=4),
        texts(),
    ),
    st.builds(
        lambda ident, team, bids, tricks, before, params, code, points, bags, title, words: {
            "example": {
                "id": ident, "team": team, "bids": bids, "tricks": tricks, "bags_before": before, "title": title,
                "text": words,
                "sheet": {"parts": [{"code": code, "points": 70, "params": params}], "points": points,
                          "new_bags": bags, "bags": bags},
            }
        },
        HOSTILE, HOSTILE, st.lists(HOSTILE, min_size=2, max_size=2), st.lists(HOSTILE, min_size=2, max_size=2),
        HOSTILE, st.fixed_dictionaries({"contract": HOSTILE, "taken": HOSTILE, "made": st.booleans(), "over": HOSTILE}),
        st.one_of(st.just("contract"), HOSTILE), HOSTILE, HOSTILE, texts(), texts(),
    ),
    st.builds(lambda items: {"terms": items}, st.lists(st.fixed_dictionaries({"term": texts(), "text": texts()}))),
    st.builds(lambda items: {"presets": items}, st.lists(st.fixed_dictionaries({"preset": HOSTILE, "text": texts()}))),
    st.builds(
        lambda items: {"options": items},
        st.lists(
            st.fixed_dictionaries(
                {"rule": HOSTILE, "text": texts()},
                optional={"choices": st.lists(st.fixed_dictionaries({"value": HOSTILE, "text": texts()}), max_size=2)},
            ),
            max_size=3,
        ),
    ),
    st.builds(
        lambda items: {"scores": items},
        st.lists(st.fixed_dictionaries({"preset": HOSTILE, "target": HOSTILE}, optional={"mercy": HOSTILE})),
    ),
    st.just({"keys": True}),
    st.dictionaries(HOSTILE, HOSTILE, max_size=2),  # a block of a kind the page does not know
)  # fmt: skip
SECTIONS = st.lists(
    st.fixed_dictionaries(
        {"id": HOSTILE.filter(lambda s: s != "toc"), "title": texts(), "blocks": st.lists(BLOCKS, max_size=4)}
    ),
    max_size=3,
    unique_by=lambda section: section["id"],
)  # "toc" is the contents' own hook (the links back)
KEY_ROWS = st.lists(
    st.tuples(
        st.one_of(st.sampled_from(helpdoc.KEY_GROUPS), HOSTILE),
        st.lists(HOSTILE, min_size=1, max_size=3),
        HOSTILE,
        st.none(),
    ),
    max_size=4,
)
HELP_TAGS = {
    "nav", "h3", "ol", "li", "a", "section", "p", "h4", "ul", "div", "table", "thead", "tbody", "tr", "th", "td",
    "figure", "figcaption", "span", "strong", "dl", "dt", "dd", "kbd",
}  # fmt: skip


def hostile_like(value: Any, keys_too: bool = False) -> st.SearchStrategy[Any]:
    """Data shaped like ``value`` with a hostile string in every leaf (and, with ``keys_too``, every dict key)."""
    if isinstance(value, dict):
        if keys_too and value:
            return st.dictionaries(HOSTILE, hostile_like(next(iter(value.values()))), max_size=3)
        return st.fixed_dictionaries({key: hostile_like(item, key == "levels") for key, item in value.items()})
    if isinstance(value, list | tuple):
        if not value:
            return st.lists(HOSTILE, max_size=2)
        return st.lists(hostile_like(value[0]), min_size=1, max_size=3)
    return HOSTILE


def finished_state(seed: int) -> dict[str, Any]:
    seats = {seat: Occupant("computer", "standard") for seat in Seat}
    table = Table.new({"preset": "short"}, seed=seed, seats=seats, policy=Policy("casual"))
    for _ in range(10_000):
        if not table.step():
            if table.state("S")["phase"] == "game-over":
                break
            table.game.next_hand()  # every seat is a computer: nobody presses "Next hand"
    return table.full_state("S")  # with every hand's results, as the worker records a game


def sample_profile() -> dict[str, Any]:
    """A profile with finished games of each kind (solo, rated, online) and ratings."""
    profile = new_profile("Ann", TODAY, "#43a047")
    for i, (kind, seed) in enumerate((("solo", 3), ("solo_rated", 4), ("online", 5), ("solo_rated", 6))):
        game = game_from_state(finished_state(seed), game_id=f"g{i}", kind=kind, at=f"2026-11-{i + 2:02d}T10:00:00Z")
        profile = add_game(profile, game)
    return profile


PROFILE = sample_profile()
REPORT = profile_report(PROFILE, TODAY, "en")
PROFILE_TAGS = {
    "div", "h2", "span", "button", "p", "strong", "figure", "figcaption", "details", "summary", "table", "thead",
    "tbody", "tr", "th", "td", "h3", "dl", "dt", "dd", "caption", "form", "label", "input", "fieldset", "legend",
}  # fmt: skip
RULES = call("rules", {"rules": {"preset": "standard"}})
SETTINGS = {
    "sound": True,
    "speed": "fast",
    "four_color": False,
    "play_mode": "confirm",
    "undo": True,
    "bots": {"N": "expert", "E": "standard", "W": "beginner"},
    "relay": "wss://tracker.example.org",
    "ice": "",
}
LISTS = {key: RULES[key] for key in ("presets", "biddings", "levels")}
FORM_TAGS = {
    "h2", "div", "fieldset", "legend", "label", "select", "option", "input", "p", "button", "details", "summary",
}  # fmt: skip


# ----------------------------------------------------------------- the help


@PROPERTY
@given(SECTIONS, KEY_ROWS, st.sampled_from(LANGS))
def test_no_text_or_code_of_the_help_file_becomes_markup(sections: list[Any], keys: list[Any], lang: str) -> None:
    i18n.set_lang(lang)
    try:
        out = helpdoc.content({"sections": sections}, keys)
        window = helpdoc.window(out, "ready")
    finally:
        i18n.set_lang("en")
    assert_no_injection(window, HELP_TAGS | {"h2", "button"})
    root = tree(window)
    for section in sections:  # ids and hooks keep the file's id exactly, as a value
        name = section["id"]
        assert root.one("section", data_help_section=name).get("id") == "help-s-" + name
        assert root.one("a", data_help_goto=name).get("href") == "#help-s-" + name


@PROPERTY
@given(HOSTILE, KEY_ROWS)
def test_a_failed_load_shows_its_error_as_text(error: str, keys: list[Any]) -> None:
    out = helpdoc.failed(error, keys)
    assert_no_injection(out, {"p", "h3", "h4", "dl", "div", "dt", "dd", "kbd"})
    assert error in tree(out).one("p", role="alert").text
    assert [k.get("data-key") for k in tree(out).all("kbd")] == [
        key for group in helpdoc.KEY_GROUPS for where, names, _what, _a in keys if where == group for key in names
    ]


def test_the_help_file_renders_with_contents_and_every_section(lang: str) -> None:
    root = tree(helpdoc.window(helpdoc.content(HELP, KEYS), "ready"))
    assert root.one("h2", id="dlg-help-title").text == t("help_title")
    assert root.one("div", id="help-content").get("data-help") == "ready"
    links = root.one("nav", cls="help-toc").all("a")
    assert [a.get("data-help-goto") for a in links] == [s["id"] for s in HELP["sections"]]
    for section, link in zip(HELP["sections"], links, strict=True):
        assert link.text == section["title"][lang]  # each title in the page's language
        heading = root.one("h3", id="help-h-" + section["id"])
        assert heading.text == section["title"][lang] and heading.get("tabindex") == "-1"
    assert len(root.all("p", cls="help-back")) == len(HELP["sections"])
    # the keyboard list is the page's table: every key of every group, under the group's heading
    keys = root.one("section", data_help_section="keys")
    assert [dl.get("data-keys") for dl in keys.all("dl", cls="help-keys")] == list(helpdoc.KEY_GROUPS)
    assert len(keys.all("kbd")) == sum(len(names) for _w, names, _t, _a in KEYS)
    assert keys.one("kbd", data_key=" ").text == t("help_key_space")
    assert keys.all("kbd", data_key="ArrowLeft")[0].text == "←"


def test_a_trick_names_its_seats_and_tags_the_leader_and_the_winner(lang: str) -> None:
    item = {"leader": "W", "winner": "S", "cards": ["KH", "AH", "2S", "3H"], "text": {"en": "E", lang: "L"}}
    root = tree(helpdoc.trick(item))
    plays = root.all("li")
    assert [li.get("data-seat") for li in plays] == ["W", "N", "E", "S"]  # clockwise from the leader
    assert [li.one("span", cls="help-who").text for li in plays] == [t("who_" + s) for s in "WNES"]
    assert plays[0].one("span", cls="led").text == t("past_led")
    assert plays[3].one("span", cls="won").text == t("past_won")
    assert [span.get("data-card") for span in root.all("span", cls="pg")] == item["cards"]
    assert root.one("span", data_card="2S").has("cls", "suit-S")
    assert root.one("figure").get("data-winner") == "S"
    assert t("announce_trick", who=t("who_S")) in root.one("figcaption").text


def test_the_help_names_seats_never_you(lang: str) -> None:
    i18n.set_me("S")
    try:
        root = tree(helpdoc.content(HELP, KEYS))
        assert i18n._me[0] == "S"  # the person's seat is back after the help is drawn
    finally:
        i18n.set_me(None)
    named = [span.text for span in root.all("span", cls="help-who")] + [td.text for td in root.all("td")]
    assert t("who_S") in named and t("who_me") not in named


def test_the_loading_window_says_so(lang: str) -> None:
    root = tree(helpdoc.window(helpdoc.loading(), "loading"))
    assert root.one("div", id="help-content").get("data-help") == "loading"
    assert root.one("p", role="status").text == t("help_loading")
    assert [b.text for b in root.all("button")] == ["×", t("close")]


# ----------------------------------------------------------------- the settings


SETTINGS_LIKE = st.fixed_dictionaries(
    {
        "sound": st.one_of(st.booleans(), HOSTILE),
        "speed": HOSTILE,
        "four_color": st.one_of(st.booleans(), HOSTILE),
        "play_mode": HOSTILE,
        "undo": st.one_of(st.booleans(), HOSTILE),
        "bots": st.dictionaries(st.sampled_from(SEATS), HOSTILE),
        "relay": HOSTILE,
        "ice": HOSTILE,
    }
)


@PROPERTY
@given(
    SETTINGS_LIKE,
    hostile_like(RULES["rules"]),
    HOSTILE,
    st.fixed_dictionaries({key: st.lists(HOSTILE, max_size=4) for key in ("presets", "biddings", "levels")}),
    st.sampled_from(SEATS),
)
def test_no_setting_rule_or_name_becomes_markup(
    values: dict[str, Any], rules: dict[str, Any], lang: str, lists: dict[str, Any], me: str
) -> None:
    out = form.form_html(values, rules, lang, lists, me)
    assert_no_injection(out, FORM_TAGS)
    root = tree(out)
    assert root.one("input", id="set-relay").get("value") == values["relay"]
    assert root.one("input", id="set-ice").get("value") == values["ice"]
    assert root.one("input", id="set-target").get("value") == str(rules["target"])
    shown = [o.get("value") for o in root.one("select", id="set-preset").all("option")]
    assert shown == (lists["presets"] or [rules["preset"]])
    assert_no_injection(form.rules_fields(rules, lists), FORM_TAGS)


def test_your_seat_must_be_a_seat() -> None:
    with pytest.raises(ValueError, match="your seat is one of N, E, S, W"):
        form.players_html('S"><inj-x>', {}, LISTS)


def test_the_form_shows_the_settings_and_the_rules(lang: str) -> None:
    rules = dict(RULES["rules"], mercy=None, target=300)
    root = tree(form.form_html(SETTINGS, rules, lang, LISTS, "S"))
    assert root.one("h2", id="dlg-settings-title").text == t("settings_title")
    assert root.one("label", for_="set-preset").text == t("set_preset")
    assert root.one("input", id="set-target").get("value") == "300"
    assert root.one("input", id="set-mercy").has("disabled", True)  # no mercy rule: its limit cannot be edited
    assert not root.one("input", id="set-mercy_on").has("checked", True)
    assert root.one("input", id="set-sound").has("checked", True)
    assert not root.one("input", id="set-four_color").has("checked", True)
    selected = {s.get("id"): [o.get("value") for o in s.all("option", selected=True)] for s in root.all("select")}
    assert selected["set-speed"] == ["fast"] and selected["set-play_mode"] == ["confirm"]
    assert selected["set-lang"] == [lang] and selected["set-seat"] == ["S"]
    assert selected["set-preset"] == [rules["preset"]]
    lang_names = [o.text for o in root.one("select", id="set-lang").all("option")]
    assert lang_names == [t("lang_" + code) for code in i18n.LANGS]
    assert root.one("button", data_action="settings-save").text == t("save_settings")
    assert root.one("p", id="settings-error").text == ""


def group_of(root: Any, control_id: str) -> str:
    """The id of the group (``settings.GROUPS``) holding the control ``control_id``."""
    for group in form.GROUPS:
        if root.one(id=group).find_all(id=control_id):
            return group
    raise AssertionError(f"#{control_id} is in no group")


def test_the_form_is_in_groups_display_rules_players_then_online_folded(lang: str) -> None:
    root = tree(form.form_html(dict(SETTINGS, relay=""), RULES["rules"], lang, LISTS, "S"))
    grid = root.one("div", cls="settings-grid")
    order = [child.get("id") for child in grid.children if not isinstance(child, str)]
    assert order == ["display-fields", "rules-fields", "players-fields", "settings-online"]
    online = root.one("details", id="settings-online")
    assert not online.has("open", True)  # folded: nothing set
    assert online.children[0].tag == "summary" and online.children[0].text == t("settings_online")
    assert online.children[1].tag == "fieldset" and online.children[1].get("id") == "online-fields"
    for group in form.GROUPS:  # each a fieldset named by its legend
        fieldset = root.one("fieldset", id=group)
        assert fieldset.children[0].tag == "legend" and fieldset.children[0].text
    legends = [root.one("fieldset", id=g).children[0].text for g in form.GROUPS]
    assert legends == [t("settings_display"), t("settings_rules"), t("settings_players"), t("settings_online")]
    controls = {el.get("id") for el in root.all("input") + root.all("select")}
    assert all(c and c.startswith("set-") for c in controls)
    where = {c: group_of(root, c) for c in controls}
    display = {"set-lang", "set-sound", "set-volume", "set-speed", "set-four_color", "set-play_mode", "set-undo"}
    display.add("set-auto_play")
    assert {c for c, g in where.items() if g == "display-fields"} == display
    assert {c for c, g in where.items() if g == "online-fields"} == {"set-relay", "set-fallback", "set-ice"}
    assert {c for c, g in where.items() if g == "players-fields"} == {"set-seat", "set-bot_W", "set-bot_N", "set-bot_E"}
    rules = [el.get("id") for el in root.one("fieldset", id="rules-fields").all("select")]
    first = root.one("fieldset", id="rules-fields").children[1]
    assert first.one("select").get("id") == "set-preset" and rules[0] == "set-preset"  # the preset, then options
    buttons = root.one("div", cls="settings-buttons")
    assert [b.get("data-action") for b in buttons.all("button")] == ["settings-cancel", "settings-save"]


@pytest.mark.parametrize("field", ["relay", "ice"])
def test_the_online_group_opens_by_itself_when_it_holds_a_value(field: str) -> None:
    values = dict(SETTINGS, relay="", ice="")
    assert not tree(form.form_html(values, RULES["rules"], "en", LISTS, "S")).one("details").has("open", True)
    values[field] = "none" if field == "ice" else "wss://t.example.org"
    assert tree(form.form_html(values, RULES["rules"], "en", LISTS, "S")).one("details").has("open", True)


def test_each_computer_seat_is_named_from_yours_with_its_level(lang: str) -> None:
    root = tree(form.players_html("E", {"S": "expert", "W": "beginner"}, LISTS))
    labels = [label.text for label in root.all("label")][1:]
    relations = ("rel_left", "rel_partner", "rel_right")
    assert labels == [
        t("seat_plate", seat=t("seat_" + seat), relation=t(rel)) for seat, rel in zip("SWN", relations, strict=True)
    ]
    chosen = {s.get("name"): s.one("option", selected=True).get("value") for s in root.all("select")[1:]}
    assert chosen == {"bot_S": "expert", "bot_W": "beginner", "bot_N": "standard"}
    assert {o.text for o in root.all("option", value="expert")} == {t("level_expert")}


# ----------------------------------------------------------------- the profile


@PROPERTY
@given(hostile_like(REPORT))
def test_no_name_date_or_statistic_of_a_profile_becomes_markup(report: dict[str, Any]) -> None:
    out = profileview.profile(report)
    assert_no_injection(out, PROFILE_TAGS)
    root = tree(out)
    assert root.one("span", data_profile_name=True).text == report["name"]
    assert root.one("input", id="profile-name").get("value") == report["name"]
    assert root.one("strong", data_rating=True).get("data-rating") == report["rating"]
    assert root.one("span", cls="avatar").get("style") == "background:" + profileview.COLORS[0]  # not a colour
    for levels in report["stats"]["levels"]:
        assert root.one("tr", data_levels=levels)
    games = report["games"][: profileview.RECENT_SHOWN]
    assert [row.get("data-game") for row in root.all("tr", data_game=True)] == [g["id"] for g in games]


@PROPERTY
@given(HOSTILE, HOSTILE)
def test_a_rating_change_shows_its_figures_as_text(before: str, after: str) -> None:
    out = profileview.rating_change(before, after)
    assert_no_injection(out, {"p"})
    line = tree(out).one("p")
    assert (line.get("data-rating-before"), line.get("data-rating-after")) == (before, after)


def test_the_profile_shows_name_rating_games_and_statistics(lang: str) -> None:
    report = profile_report(PROFILE, TODAY, lang)
    root = tree(profileview.profile(report))
    assert root.one("span", data_profile_name=True).text == "Ann"
    assert root.one("span", cls="avatar").text == "A"
    assert root.one("span", cls="avatar").get("style") == "background:#43a047"
    assert root.one("strong", data_rating=True).text == str(report["rating"])
    assert t("rated_games_n", n=report["rated_games"]) in root.one("p", cls="rating-line").text
    kinds = [row.get("data-kind") for row in root.all("tr", data_kind=True)]
    assert kinds == ["all", "solo", "solo_rated", "online"]  # kinds without games are left out
    everything = root.one("tr", data_kind="all").all("td")
    assert [td.text for td in everything][:2] == ["4", str(report["stats"]["games"]["all"]["won"])]
    assert root.one("div", data_stat="hands").one("dd").text == str(report["stats"]["hands"]["count"])
    assert root.one("div", data_stat="hands").one("dt").text == t("stat_hands")
    recent = root.one("table", cls="recent")
    assert recent.get("data-games") == "4"
    assert [row.get("data-game") for row in recent.all("tr", data_game=True)] == ["g3", "g2", "g1", "g0"]
    assert {f.get("data-chart") for f in root.all("figure")} == {
        k for k in profileview.CHART_KEYS if report["charts"][k]
    }
    for figure in root.all("figure"):  # the chart goes right after the caption (player.put_charts)
        assert figure.children[0].tag == "figcaption" and figure.children[1].tag == "details"
    checked = root.one("input", checked=True)
    assert checked.get("value") == "#43a047" and checked.get("aria-label") == t("profile_color_n", n=2)
    assert [b.text for b in root.all("button")][-3:] == [t("profile_export"), t("profile_import"), t("close")]
    assert "onsubmit" not in root.one("form", id="profile-form").attrs  # no handler in markup (player.keep_form)


def test_a_new_profile_says_it_has_no_games(lang: str) -> None:
    report = profile_report(new_profile("李", TODAY), TODAY, lang)
    root = tree(profileview.profile(report))
    assert root.one("p", cls="empty").text == t("profile_no_games")
    assert root.one("p", cls="empty").get("data-games") == "0"
    assert root.one("span", cls="avatar").text == "李"
    assert {f.get("data-chart") for f in root.all("figure")} == {
        k for k in profileview.CHART_KEYS if report["charts"][k]
    }


def test_a_rating_change_in_words(lang: str) -> None:
    line = tree(profileview.rating_change(1500, 1512)).one("p")
    assert line.text == t("rating_change", before=1500, after=1512, change="+12")
    assert line.get("data-rating-after") == "1512"


# ----------------------------------------------------------------- the deal link and the daily comparison


@PROPERTY
@given(HOSTILE, HOSTILE, HOSTILE, HOSTILE, HOSTILE)
def test_no_link_error_or_score_becomes_markup(link: str, error: str, yours: str, experts: str, diff: str) -> None:
    window = shareview.deal_window(link)
    assert_no_injection(window, {"h2", "p", "label", "span", "input", "div", "button"})
    assert tree(window).one("input", data_deal_link=True).get("value") == link
    failed = shareview.comparison_failed(error)
    assert_no_injection(failed, {"p"})
    assert tree(failed).one("p").text == error
    done = shareview.comparison(yours, experts, diff)
    assert_no_injection(done, {"p", "strong"})
    assert tree(done).one("p").get("data-difference") == diff


def test_the_deal_window_holds_the_link_and_two_buttons(lang: str) -> None:
    root = tree(shareview.deal_window("https://example.org/?deal=AB&x"))
    assert root.one("input", data_deal_link=True).get("value") == "https://example.org/?deal=AB&x"
    assert root.one("input").has("readonly", True)
    assert root.one("h2", id="dlg-deal-title").text == t("deal_share_title")
    assert [(b.get("data-action"), b.text) for b in root.all("button")] == [
        ("close-dialog", t("close")),
        ("deal-copy", t("deal_copy")),
    ]


@pytest.mark.parametrize(("yours", "experts", "verdict"), [(120, 80, "better"), (50, 90, "worse"), (60, 60, "same")])
def test_the_daily_comparison_gives_both_scores_and_a_verdict(
    lang: str, yours: int, experts: int, verdict: str
) -> None:
    line = tree(shareview.comparison(yours, experts, yours - experts)).one("p")
    gap = "" if lang.startswith("zh") else " "  # Chinese sentences follow each other without a space
    words = t("deal_dup_result", yours=yours, experts=experts, difference=shareview.signed(yours - experts))
    assert line.text == t("deal_dup_title") + gap + words + gap + t("deal_dup_" + verdict)
    assert (line.get("data-yours"), line.get("data-experts")) == (str(yours), str(experts))
    assert tree(shareview.comparison_busy()).one("p").text == t("deal_dup_busy")


# ----------------------------------------------------------------- counts said right (issue 23)

PLURALS = {
    "en": {("streak_losses", 1): "1 loss", ("streak_losses", 2): "2 losses", ("streak_wins", 1): "1 win",
           ("streak_wins", 3): "3 wins", ("stats_in_progress", 1): "1 game in progress",
           ("stats_unfinished", 2): "2 unfinished games", ("rated_games_n", 1): "after 1 rated game",
           ("rated_games_n", 0): "after 0 rated games"},
    "zh-Hans": {("streak_losses", 1): "1 连败", ("streak_losses", 2): "2 连败", ("stats_in_progress", 1): "1 局进行中",
                ("stats_unfinished", 2): "2 局未完成", ("rated_games_n", 1): "共 1 局计分游戏"},
    "zh-Hant": {("streak_losses", 1): "1 連敗", ("streak_wins", 2): "2 連勝", ("stats_in_progress", 1): "1 局進行中",
                ("rated_games_n", 1): "共 1 局計分遊戲"},
}  # fmt: skip


@pytest.mark.parametrize(("key", "n"), sorted({k for texts in PLURALS.values() for k in texts}))
def test_counts_take_the_singular_for_one_in_every_language(lang: str, key: str, n: int) -> None:
    said = profileview.count(key, n)
    expected = PLURALS[lang].get((key, n))
    if expected is not None:
        assert said == expected
    assert i18n.has(key + "_one") and i18n.has(key)  # every counted key has both forms, in every language
    assert said == t(key + "_one" if n == 1 else key, n=n) and str(n) in said


@pytest.mark.parametrize(("current", "key", "n"), [(-1, "streak_losses_one", 1), (-2, "streak_losses", 2),
                                                   (1, "streak_wins_one", 1), (4, "streak_wins", 4)])  # fmt: skip
def test_the_current_streak_says_one_loss_not_one_losses(lang: str, current: int, key: str, n: int) -> None:
    report = profile_report(PROFILE, TODAY, lang)
    report["stats"]["streaks"]["current"] = current
    root = tree(profileview.profile(report))
    assert root.one("div", data_stat="streak_now").one("dd").text == t(key, n=n)


def test_a_game_in_progress_and_unfinished_games_are_said_as_such(lang: str) -> None:
    report = profile_report(new_profile("Ann", TODAY), TODAY, lang)
    assert tree(profileview.profile(report)).all("p", cls="stats-unfinished") == []  # none: nothing said
    report["stats"]["in_progress"] = 1
    report["stats"]["games"]["all"]["unfinished"] = 2
    line = tree(profileview.profile(report)).one("p", cls="stats-unfinished")
    assert line.one("span", data_in_progress="1").text == t("stats_in_progress_one", n=1)
    assert line.one("span", data_unfinished="2").text == t("stats_unfinished", n=2)
    report["stats"]["games"]["all"]["unfinished"] = 0
    line = tree(profileview.profile(report)).one("p", cls="stats-unfinished")
    assert line.text == t("stats_in_progress_one", n=1)
