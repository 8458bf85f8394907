"""The end of a hand and of a game (static/app/sheet.py, issue 23): the ending's figures equal what the score
sheet shows hand by hand, who won is said to each viewer in the three languages, a hand whose contract was made
and whose nil failed says both, and Undo is not offered once the game is over (static/app/session.py)."""

from __future__ import annotations

import re
from typing import Any

import i18n
import session as S  # the page's modules, found through static/app (tests/page/conftest.py)
import sheet
import view
from hypothesis import given
from hypothesis import strategies as st

from tests.page.nodes import parse
from tests.page.states import HYPOTHESIS, fresh

TEAMS = ("NS", "EW")


def figures_read_off_the_sheet(state: dict[str, Any]) -> dict[str, Any]:
    """The game's figures as a person reads them off the whole score sheet's markup, hand by hand: the contract's
    tag in each team's points, the nil tags in the bid cells, the new bags in "(+n)", the points themselves."""
    tree = parse(sheet.scores_html(state))
    hands = tree.find_all("section", cls="sheet-hand")
    seen: dict[str, Any] = {"hands": len(hands)}
    for team in TEAMS:
        seen[team] = {"contracts": 0, "made": 0, "sets": 0, "nils_made": 0, "nils_failed": 0, "bags": 0, "best": None}
    for section in reversed(hands):  # the sheet shows the newest first
        number = int(section.get("data-hand"))
        for team in TEAMS:
            mine = seen[team]
            first = section.find("tr", data_team=team)
            points = first.find("td", cls="points")
            for tag in points.find_all("span"):
                if tag.get("data-part") in ("nil", "blind_nil"):
                    continue
                mine["contracts"] += 1
                mine["made" if "made" in tag.classes else "sets"] += 1
            for seat in view.TEAM_SEATS[team]:
                bid = section.find("tr", data_seat=seat).find("td", cls="c-bid")
                for tag in bid.find_all("span"):
                    mine["nils_made" if "made" in tag.classes else "nils_failed"] += 1
            new_bags = re.search(r"\(\+(\d+)\)", first.find("td", cls="bags").text)
            mine["bags"] += int(new_bags.group(1)) if new_bags else 0
            value = int(points.text.split(" ")[0].replace("+", ""))
            if mine["best"] is None or value > mine["best"][1]:
                mine["best"] = (number, value)
    return seen


def test_the_game_figures_are_what_the_score_sheet_shows() -> None:
    state = fresh("game-over")
    figures = sheet.game_figures(state)
    assert figures == figures_read_off_the_sheet(state)
    assert figures["hands"] == len(state["results"]) == state["hands_scored"]
    # the game's sheet has something to count: a nil failed, a nil made, sets, bags
    assert figures["NS"]["nils_failed"] and figures["EW"]["nils_made"] and figures["NS"]["sets"]


def test_the_ending_shows_the_figures_in_words(lang: str) -> None:
    state = fresh("game-over")
    figures = sheet.game_figures(state)
    tree = parse(sheet.hand_over_html(state))
    table = tree.find("table", cls="game-figures")
    assert table.find("caption").text == i18n.t("ending_hands", n=figures["hands"])
    for team in TEAMS:
        mine = figures[team]
        cells = {row.get("data-figure"): row.find("td", data_team=team).text for row in table.find_all("tr")[1:]}
        assert cells == {
            "made": i18n.t("ending_of", made=mine["made"], bid=mine["contracts"]),
            "sets": str(mine["sets"]),
            "nils_made": str(mine["nils_made"]),
            "nils_failed": str(mine["nils_failed"]),
            "bags": str(mine["bags"]),
            "best": view.signed(mine["best"][1]) + " " + i18n.t("ending_best_hand", n=mine["best"][0]),
        }
        side = tree.find("div", cls="final-side", data_team=team)
        assert side.find("strong", cls="final-total").text == str(state["totals"][team])
        assert ("final-winner" in side.classes) == (team == state["winner"])
    # an ending, not the hand's summary: no hand's sheet, no undo; rematch first in focus
    assert not tree.find_all("section", cls="sheet-hand")
    buttons = tree.find("div", cls="dlg-buttons").find_all("button")
    assert [b.get("data-action") for b in buttons] == ["scores", "scores-close", "new-game", "new-game-now"]
    assert [b.text for b in buttons[2:]] == [i18n.t("new_game"), i18n.t("rematch")]
    assert "autofocus" in buttons[3].attrs and "primary" in buttons[3].classes


WON = {"en": "You won!", "zh-Hans": "你们赢了！", "zh-Hant": "你們贏了！"}
LOST = {"en": "You lost", "zh-Hans": "你们输了", "zh-Hant": "你們輸了"}
NS_WON = {"en": "North–South won", "zh-Hans": "南北方赢了", "zh-Hant": "南北方贏了"}


def test_who_won_is_said_to_each_viewer(lang: str) -> None:
    state = fresh("game-over")  # East–West won; South lost
    title = lambda st: parse(sheet.hand_over_html(st)).find("h2", id="dlg-hand-title")  # noqa: E731
    lost = title(state)
    assert lost.text == LOST[lang] and "bad" in lost.classes
    assert title(dict(state, me="E", us="EW", them="NS")).text == WON[lang]
    assert title(dict(state, me="W", us="EW", them="NS")).text == WON[lang]
    spectator = title(dict(state, me=None, winner="NS"))
    assert spectator.text == NS_WON[lang] and "good" in spectator.classes
    assert title(dict(state, me=None)).text == i18n.t("ending_won_EW")
    assert parse(sheet.hand_over_html(state)).find("p", cls="ending-kicker").text == i18n.t("game_over_title")


def team_sheet(*parts: dict[str, Any]) -> dict[str, Any]:
    return {"parts": list(parts)}


def contract(made: bool) -> dict[str, Any]:
    return {"code": "contract", "points": 60 if made else -60, "params": {"contract": 6, "made": made}}


def nil(code: str, made: bool) -> dict[str, Any]:
    return {"code": code, "points": 100 if made else -100, "params": {"seat": "N", "made": made, "tricks": 1}}


def tags(made: bool | None, one: dict[str, Any]) -> list[tuple[str, str | None]]:
    found = parse(str(view.join((sheet.points_tags(made, one),)))).find_all("span")
    return [(tag.text, "made" if "made" in tag.classes else "set") for tag in found]


def test_a_made_contract_and_a_failed_nil_are_both_said(lang: str) -> None:
    t = i18n.t
    # the case seen: −60, "made" in green, though the nil's −100 made it a bad hand
    assert tags(True, team_sheet(nil("nil", False), contract(True))) == [
        (t("sheet_tag_contract_made"), "made"),
        (t("sheet_tag_nil_failed"), "set"),
    ]
    assert tags(False, team_sheet(nil("blind_nil", True), contract(False))) == [
        (t("sheet_tag_contract_set"), "set"),
        (t("sheet_tag_blind_nil_made"), "made"),
    ]
    assert tags(True, team_sheet(nil("nil", True), nil("blind_nil", False), contract(True))) == [
        (t("sheet_tag_contract_made"), "made"),
        (t("sheet_tag_nil_made"), "made"),
        (t("sheet_tag_blind_nil_failed"), "set"),
    ]
    # parts that agree keep the one word: made, or set
    assert tags(True, team_sheet(nil("nil", True), contract(True))) == [(t("made"), "made")]
    assert tags(False, team_sheet(nil("nil", False), contract(False))) == [(t("set"), "set")]
    assert tags(True, team_sheet(contract(True))) == [(t("made"), "made")]
    assert tags(False, team_sheet(contract(False))) == [(t("set"), "set")]
    # both bid nil: no contract, no tag (each bid cell says how its nil went)
    assert tags(None, team_sheet(nil("nil", True), nil("nil", False))) == []
    assert tags(None, team_sheet()) == []


@st.composite
def results(draw: st.DrawFn) -> list[dict[str, Any]]:
    """Scored hands of a made-up game: per team a contract made, set or none, nils, new bags and points."""
    out = []
    totals = {"NS": 0, "EW": 0}
    for number in range(1, draw(st.integers(1, 12)) + 1):
        made = {team: draw(st.sampled_from([True, False, None])) for team in TEAMS}
        nils = draw(st.dictionaries(st.sampled_from(view.SEATS), st.booleans(), max_size=2))
        points = {team: draw(st.integers(-400, 400)) for team in TEAMS}
        totals = {team: totals[team] + points[team] for team in TEAMS}
        new_bags = {team: draw(st.integers(0, 13)) for team in TEAMS}
        out.append(
            {"number": number, "made": made, "nils": nils, "points": points, "totals": totals, "new_bags": new_bags}
        )
    return out


@HYPOTHESIS
@given(results())
def test_the_figures_count_every_hand_once(hands: list[dict[str, Any]]) -> None:
    figures = sheet.game_figures({"results": hands, "sheets": []})
    assert figures["hands"] == len(hands)
    for team in TEAMS:
        mine = figures[team]
        seats = view.TEAM_SEATS[team]
        assert mine["made"] + mine["sets"] == mine["contracts"] == sum(r["made"][team] is not None for r in hands)
        assert mine["sets"] == sum(r["made"][team] is False for r in hands)
        nils = [made for r in hands for seat, made in r["nils"].items() if seat in seats]
        assert (mine["nils_made"], mine["nils_failed"]) == (nils.count(True), nils.count(False))
        assert mine["bags"] == sum(r["new_bags"][team] for r in hands)
        best = max(r["points"][team] for r in hands)
        first = next(r["number"] for r in hands if r["points"][team] == best)
        assert mine["best"] == (first, best)


class Table:
    session: Any = None


def test_undo_is_not_offered_once_the_game_is_over() -> None:
    table = Table()
    solo = S.SoloSession(table)
    table.session = solo
    solo.state = {"phase": "hand-over", "allowed": {"undo": True}, "policy": {"kind": "casual"}}
    assert solo.allowed("undo") == (True, None)
    solo.state = dict(solo.state, phase="game-over")  # the engine may still allow it: the page does not
    assert solo.allowed("undo") == (False, "why_not_game_over")
    assert i18n.t("why_not_game_over") == "The game is over."
