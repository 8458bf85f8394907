"""The page's helpers built from what they are given (share.py, transfer.py, preferences.py, embed.py,
inputs.py, tutorial.py's ``Lessons``), each with fakes of its collaborators and a fake worker: what each asks,
what it refuses and what it hands back to the page. The browser modules are stand-ins (tests/page/fakes.py)."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any
from unittest import mock

import i18n
import pytest
from settings import volume_of
from ui import Ui

from tests.page.conftest import run_async
from tests.page.fakes import Log, Worker, answering, browser_module

share = browser_module("share")
transfer = browser_module("transfer")
preferences = browser_module("preferences")
embed = browser_module("embed")
inputs = browser_module("inputs")
tutorial = browser_module("tutorial")

SEATS = ("N", "E", "S", "W")


def table_state(phase: str = "playing", me: str = "S", **more: Any) -> dict[str, Any]:
    out = {"phase": phase, "me": me, "turn": me, "rules": {"preset": "standard", "target": 500}, "hand": []}
    out.update(more)
    return out


class Games:
    """The page's games as the helpers see them (the controller's App): every call logged."""

    def __init__(self, state: dict[str, Any] | None = None, allowed: dict[str, Any] | None = None) -> None:
        self.state = state
        self.game = 7
        self.log = Log()
        self.says = dict(allowed or {})
        self.is_rated = False
        self.stays = False  # leave_rated answers "stay"
        self.session = SimpleNamespace(engine_waits=lambda: False)  # the table on show: the engine's (session.py)

    def allowed(self, action: str) -> tuple[bool, str | None]:
        return self.says.get(action, (True, None))

    def rated(self) -> bool:
        return self.is_rated

    async def leave_rated(self) -> bool:
        self.log.leave_rated()
        return not self.stays

    def policy(self) -> dict[str, Any]:
        return {"kind": "casual", "undo": True}

    def seats_for(self, me: str) -> dict[str, Any]:
        return {seat: {"occupant": "person" if seat == me else "computer"} for seat in SEATS}

    def begin(self, result: dict[str, Any]) -> None:
        self.log.begin(result)
        self.state = result.get("state", self.state)

    def after_state(self) -> None:
        self.log.after_state()

    def render(self) -> None:
        self.log.render()

    async def restart(self) -> None:
        self.log.restart()

    async def reseat(self) -> None:
        self.log.reseat()


def settings() -> dict[str, Any]:
    bots = {"N": "expert", "E": "standard", "S": "standard", "W": "basic"}
    display = {"four_color": False, "sound": False, "speed": "normal", "play_mode": "click", "undo": True}
    return {"seat": "E", "bots": bots, "lang": "en", **display}


# ----------------------------------------------------------------- share.py


def make_share(games: Games, worker: Worker, params: dict[str, str] | None = None) -> tuple[Any, Log, Any]:
    page = Log()
    confirm = answering(False, False)
    helper = share.Share(games, params or {}, settings(), page.notice, page.say, confirm)
    share.call = worker
    share.store = SimpleNamespace(write_json=lambda key, value: page.lines.append(("store", key, value)))
    share.spawn = lambda coro: coro.close()
    return helper, page, confirm


def test_share_and_daily_say_why_not_when_the_session_refuses_and_ask_nothing() -> None:
    games = Games(table_state(), {"share": (False, "why_lesson"), "daily": (False, "deal_not_online")})
    worker = Worker()
    helper, page, confirm = make_share(games, worker)
    run_async(helper.share())
    run_async(helper.daily())
    assert page.lines == [("say", i18n.t("why_lesson")), ("say", i18n.t("deal_not_online"))]
    assert worker.calls == [] and confirm.asked == [] and games.log.lines == []


def test_a_deal_opens_with_the_saved_levels_and_the_games_policy_and_begins_a_course() -> None:
    games = Games(table_state())
    answer = {"code": "C0DE", "daily": None, "seed": 11, "seat": "S", "state": table_state("bidding")}
    worker = Worker(deal_new=[answer, dict(answer, daily="2026-12-01")])
    helper, page, _ = make_share(games, worker)
    assert run_async(helper.open_args({"code": "C0DE"})) is answer
    op, args = worker.calls[0]
    assert op == "deal_new" and args["levels"] == settings()["bots"] and args["policy"] == games.policy()
    assert games.log.lines == [("begin", answer)]
    assert ("store", share.DEAL_KEY, {"code": "C0DE", "daily": None, "seed": 11}) in page.lines
    run_async(helper.open_args({"date": "2026-12-01"}))  # the daily deal: no undo and no hints, whatever is set
    assert worker.calls[1][1]["policy"] == {"kind": "casual", "undo": False, "hints": False, "explain": True}
    assert helper.is_daily(11) and not helper.is_daily(12) and not helper.is_daily(None)


def test_an_unfinished_game_stays_when_the_person_declines_the_daily_deal() -> None:
    games = Games(table_state("bidding"))
    worker = Worker()
    helper, _page, confirm = make_share(games, worker)
    run_async(helper.daily())
    assert confirm.asked == [i18n.t("deal_confirm_daily")] and worker.calls == [] and games.log.lines == []
    games.is_rated, games.stays = True, True  # a rated game: leaving it is asked by the games, not here
    run_async(helper.daily())
    assert len(confirm.asked) == 1 and games.log.names() == ["leave_rated"] and worker.calls == []


def test_a_refused_deal_is_a_notice_and_no_new_course() -> None:
    games = Games(table_state())
    worker = Worker(deal_new=[share.EngineError("bad code", "deal_code_bad")])
    helper, page, _ = make_share(games, worker, {"deal": "nope"})
    assert helper.requested() == ("code", "nope")
    assert run_async(helper.open("code", "nope")) is False
    assert page.names() == ["notice"] and games.log.lines == []


def test_the_daily_comparison_is_asked_only_where_the_session_allows_it_and_once_a_game() -> None:
    started: list[Any] = []
    games = Games(table_state("hand-over"), {"compare": (False, "why_not_daily")})
    helper, _page, _ = make_share(games, Worker())
    share.spawn = lambda coro: (started.append(coro), coro.close())
    helper.hand_over(games.state)
    assert started == []
    games.says["compare"] = (True, None)
    helper.hand_over(games.state)
    helper.hand_over(games.state)
    assert len(started) == 1 and helper.shown == (7, 1)


# ----------------------------------------------------------------- transfer.py


class Files:
    def __init__(self, text: str | None) -> None:
        self.length = 0 if text is None else 1
        self.text = text

    def item(self, index: int) -> Any:
        async def text() -> str:
            return self.text or ""

        return SimpleNamespace(text=text)


def file_event(text: str | None) -> Any:
    return SimpleNamespace(target=SimpleNamespace(files=Files(text), value="chosen.json"))


def make_transfer(games: Games, worker: Worker, *answers: bool) -> tuple[Any, Log, Any]:
    page = Log()
    confirm = answering(*answers)
    transfer.call = worker
    return transfer.Transfer(games, settings(), page.notice, page.say, confirm), page, confirm


def test_an_imported_record_becomes_a_new_course_at_my_seat_or_the_settings_seat() -> None:
    for state, me in ((table_state(me="W"), "W"), (None, "E")):
        games = Games(state)
        answer = {"state": table_state(me=me), "save": {}}
        worker = Worker(**{"import": [answer]})
        helper, page, _ = make_transfer(games, worker, True)
        event = file_event('{"format": "spades-record/1"}')
        run_async(helper.import_file(event))
        op, args = worker.calls[0]
        assert op == "import" and args["record"] == {"format": "spades-record/1"} and args["viewer"] == me
        assert args["seats"] == games.seats_for(me) and args["policy"] == games.policy()
        assert games.log.lines == [("leave_rated",), ("begin", answer), ("after_state",)]
        assert page.lines == [("say", i18n.t("imported"))] and event.target.value == ""


def test_an_import_that_is_not_json_declined_or_refused_changes_nothing() -> None:
    games = Games(table_state())
    helper, page, confirm = make_transfer(games, Worker(), True)
    run_async(helper.import_file(file_event("{not json")))
    assert page.lines == [("notice", i18n.t("import_failed", error=i18n.error_text({"code": "not_json"})))]
    assert confirm.asked == []
    helper, page, confirm = make_transfer(games, Worker(), False)
    run_async(helper.import_file(file_event("{}")))
    assert confirm.asked == [i18n.t("confirm_import")] and page.lines == [] and games.log.lines == []
    worker = Worker(**{"import": [transfer.EngineError("no", "record_bad")]})
    helper, page, _ = make_transfer(games, worker, True)
    run_async(helper.import_file(file_event("{}")))
    assert page.names() == ["notice"] and games.log.names() == ["leave_rated"]
    run_async(helper.import_file(file_event(None)))  # no file chosen: nothing at all
    assert page.names() == ["notice"]


# ----------------------------------------------------------------- preferences.py


class Form:
    """The settings form: ``form_fields`` (settings.py) is faked, so this only needs a close()."""


def make_preferences(games: Games, new: dict[str, Any], checked: dict[str, Any], *answers: bool) -> Any:
    page = Log()
    saved = dict(settings(), volume=37)  # as stored (store.load_settings): not yet a step of the slider
    params = {"lang": "en"}
    preferences.store = SimpleNamespace(save_settings=lambda value: page.lines.append(("stored", value)))
    preferences.form_fields = SimpleNamespace(
        read_rules=lambda form, base: dict(checked),
        read_display=lambda form, old: {**old, **new},
        overrides=lambda rules, base: {},
        volume_of=volume_of,
        relays_problem=lambda form: None,  # the fallback relays are well formed (tests/page/test_relay_fields.py)
    )
    helper = preferences.Preferences(games, saved, params, {}, Ui(), page.say, answering(*answers))
    assert saved["volume"] == 35  # the saved volume is read at once (clamped to the slider's steps)
    preferences.call = Worker(rules=[{"rules": checked}])
    preferences.early = SimpleNamespace(is_ready=lambda: True)  # the engine is ready (tests/page/test_early.py: before)
    preferences.i18n = SimpleNamespace(lang=lambda: "en", set_lang=lambda lang: None, apply=lambda document: None)
    return helper, page, saved


def test_a_new_seat_is_asked_first_then_the_settings_change_in_place_and_a_new_game_starts() -> None:
    games = Games(table_state(me="S"))
    rules = dict(games.state["rules"])
    helper, page, saved = make_preferences(games, {"seat": "N"}, rules, False)
    run_async(helper.save())
    assert saved["seat"] == "E" and games.log.lines == [] and page.lines == []  # declined: nothing changes
    helper, page, saved = make_preferences(games, {"seat": "N"}, rules, True)
    held = saved
    run_async(helper.save())
    assert held is saved and saved["seat"] == "N" and saved["preset"] == "standard"  # every holder sees it
    assert games.log.names() == ["restart"] and page.names() == ["stored"]


def test_new_levels_reseat_the_game_in_progress_and_display_settings_only_redraw() -> None:
    games = Games(table_state(me="E"))
    rules = dict(games.state["rules"])
    bots = dict(settings()["bots"], W="expert")
    helper, page, _ = make_preferences(games, {"bots": bots}, rules)
    run_async(helper.save())
    assert games.log.names() == ["reseat", "render"] and page.lines[-1] == ("say", i18n.t("settings_saved"))
    games = Games(table_state(me="E"))
    helper, page, saved = make_preferences(games, {"four_color": True}, rules)
    run_async(helper.save())
    assert games.log.names() == ["render"] and saved["four_color"] is True


@pytest.mark.parametrize("first_hand", [True, False])
def test_a_new_language_before_the_engine_redraws_a_first_hand_keeping_its_line(
    first_hand: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Before the engine (early.py), a display or language change is kept at once; a first hand on show
    (firsthand.py: the session's ``engine_waits``) is drawn again in the new words with its own status line (the bid
    held, the bid to make), which no "Settings saved." covers; with no such table that line is said as before."""
    games = Games(table_state("bidding") if first_hand else None)
    games.session = SimpleNamespace(engine_waits=lambda: first_hand)
    rules = {"preset": "standard"}
    helper, page, saved = make_preferences(games, {"lang": "zh-Hans"}, rules)
    helper.opened_rules = rules  # the form's rules as opened: unchanged
    helper.ui.message = "Ready once the card engine has loaded"  # a word said before, in the old language
    monkeypatch.setattr(preferences, "early", SimpleNamespace(is_ready=lambda: False, language=lambda lang: None))
    monkeypatch.setattr(preferences, "by_id", lambda name: SimpleNamespace(close=lambda: None, textContent=""))
    monkeypatch.setattr(preferences, "screen", SimpleNamespace(apply_display=lambda new, params: None))
    monkeypatch.setattr(preferences, "view", SimpleNamespace(forget_trick=lambda: None))
    monkeypatch.setattr(preferences, "drop_params", lambda *names: None)
    run_async(helper.save())
    assert saved["lang"] == "zh-Hans"
    if first_hand:
        assert games.log.names() == ["render"] and helper.ui.message is None
        assert ("say", i18n.t("settings_saved")) not in page.lines
    else:
        assert games.log.names() == [] and page.lines[-1] == ("say", i18n.t("settings_saved"))


def test_the_settings_form_opens_on_the_game_in_progress_or_the_saved_seat() -> None:
    seen: list[Any] = []
    for state, me in ((table_state(me="W"), "W"), (None, "E")):
        helper, _page, _saved = make_preferences(Games(state), {}, {"preset": "standard"})
        preferences.form_fields = SimpleNamespace(form_html=lambda *args: seen.append(args) or "")
        preferences.i18n = SimpleNamespace(lang=lambda: "zh-Hans")
        run_async(helper.open())
        assert seen[-1][3] is helper.lists and seen[-1][4] == me and seen[-1][2] == "zh-Hans"


# ----------------------------------------------------------------- embed.py


def make_embed(games: Games, lessons: list[str], starts: bool = True) -> tuple[Any, list[Any], list[Any]]:
    posted: list[Any] = []
    opened: list[Any] = []

    async def open_deal(args: dict[str, Any]) -> dict[str, Any]:
        opened.append(args)
        games.state = table_state("bidding")
        return {"code": "C0DE", "seat": "S"}

    async def lesson_ids() -> list[str]:
        return lessons

    async def start_lesson(lesson_id: str) -> bool:
        opened.append(lesson_id)
        return starts

    helper = embed.Embed({"embed": "1"}, games, open_deal, lesson_ids, start_lesson)
    helper.post = lambda message, ready=False: posted.append(message)
    return helper, posted, opened


def test_a_request_before_the_first_state_is_refused_not_ready() -> None:
    helper, posted, opened = make_embed(Games(None), ["nil"])
    run_async(helper.carry_out({"type": "spades:show", "deal": "C0DE", "ref": "r1"}))
    assert [(m["type"], m["code"], m["ref"]) for m in posted] == [("spades:error", "embed_not_ready", "r1")]
    assert opened == []


def test_a_position_is_opened_as_a_deal_and_answered_with_the_phase_on_show() -> None:
    games = Games(table_state())
    helper, posted, opened = make_embed(games, [])
    request = {"type": "spades:show", "position": {"deal": "C0DE", "bids": [3]}, "ref": "p"}
    run_async(helper.carry_out(embed.check(request)))
    assert opened == [{"code": "C0DE", "bids": [3], "play": []}]
    assert posted == [{"type": "spades:shown", "deal": "C0DE", "seat": "S", "phase": "bidding", "ref": "p"}]
    assert games.log.names() == ["after_state"]


@pytest.mark.parametrize(("known", "starts"), [([], True), (["nil"], False)])
def test_a_lesson_that_is_unknown_or_does_not_start_is_refused(known: list[str], starts: bool) -> None:
    helper, posted, opened = make_embed(Games(table_state()), known, starts)
    run_async(helper.carry_out({"type": "spades:lesson", "id": "nil"}))
    assert [m.get("code") for m in posted] == ["embed_lesson_unknown"]
    assert opened == (["nil"] if known else [])


def test_the_host_hears_of_each_hand_end_and_the_game_end_once() -> None:
    games = Games()
    helper, posted, _ = make_embed(games, [])
    last = {"points": {"NS": 80, "EW": -20}, "bids": {}, "tricks": {}}
    done = table_state("hand-over", hands_scored=1, last_result=last, us="NS", totals={"NS": 80, "EW": -20})
    helper.hand_over(done)
    helper.hand_over(done)
    over = dict(done, phase="game-over", hands_scored=2, winner="NS")
    helper.hand_over(over)
    assert [(m["type"], m.get("hand")) for m in posted] == [
        ("spades:hand-end", 1),
        ("spades:hand-end", 2),
        ("spades:game-end", None),
    ]
    games.game = 8  # another game: its first hand is told again
    helper.hand_over(done)
    assert len(posted) == 4


# ----------------------------------------------------------------- inputs.py


class Person:
    """Where the intents go (the controller's App)."""

    def __init__(self, state: dict[str, Any] | None, owns: bool = True, turn: str | None = None) -> None:
        self.state = state
        self.mine = owns
        self.turn = turn
        self.log = Log()

    def owns(self) -> bool:
        return self.mine

    def my_turn(self, phase: str) -> bool:
        return self.turn == phase

    def card_clicked(self, card: str, keyboard: bool) -> None:
        self.log.card(card, keyboard)

    def bid(self, value: str) -> None:
        self.log.bid(value)

    async def do_action(self, name: str, element: Any) -> None:
        self.log.action(name)


class Element:
    def __init__(self, attrs: dict[str, str], inside: tuple[str, ...] = (), disabled: bool = False) -> None:
        self.attrs = attrs
        self.inside = inside
        self.disabled = disabled

    def getAttribute(self, name: str) -> str | None:
        return self.attrs.get(name)

    def closest(self, selector: str) -> Any:
        if selector == "[data-card],[data-bid],[data-action]":
            return self if self.attrs else None
        return self if selector in self.inside else None


def key_event(key: str, target: Any = None) -> Any:
    done: list[bool] = []
    return SimpleNamespace(
        key=key,
        target=target,
        defaultPrevented=False,
        altKey=False,
        metaKey=False,
        ctrlKey=False,
        preventDefault=lambda: done.append(True),
        prevented=done,
    )


def make_inputs(person: Person) -> tuple[Any, list[Any]]:
    spawned: list[Any] = []

    def spawn(coro: Any) -> None:
        spawned.append(coro)
        run_async(coro)

    inputs.spawn = spawn
    inputs.review = SimpleNamespace(REVIEW=SimpleNamespace(key=lambda key: False))
    inputs.document = SimpleNamespace(querySelector=lambda selector: None)
    return inputs.Inputs(Ui(), person), spawned


def test_a_click_on_a_card_of_my_hand_a_bid_or_an_action_goes_to_the_person() -> None:
    person = Person(table_state())
    helper, _ = make_inputs(person)
    helper.on_click(SimpleNamespace(target=Element({"data-card": "AS"}, ("#hand",)), detail=1))
    helper.on_click(SimpleNamespace(target=Element({"data-card": "KS"}, ("#hand",)), detail=0))  # Enter
    helper.on_click(SimpleNamespace(target=Element({"data-card": "QS"}), detail=1))  # not my hand: nothing
    helper.on_click(SimpleNamespace(target=Element({"data-bid": "4"}), detail=1))
    helper.on_click(SimpleNamespace(target=Element({"data-bid": "5"}, disabled=True), detail=1))
    helper.on_click(SimpleNamespace(target=Element({"data-action": "scores"}), detail=1))
    assert person.log.lines == [("card", "AS", False), ("card", "KS", True), ("bid", "4"), ("action", "scores")]


def test_shortcuts_work_only_where_the_person_may_act() -> None:
    body = SimpleNamespace(tagName="BODY", closest=lambda selector: None)
    person = Person(table_state(), owns=False)
    helper, _ = make_inputs(person)
    helper.on_key(key_event("h", body))
    assert person.log.lines == []  # another tab owns the game
    person.mine = True
    helper.on_key(key_event("h", body))
    helper.on_key(key_event("?", body))
    helper.on_key(key_event("x", body))
    assert person.log.lines == [("action", "hint"), ("action", "help")]
    person.state = None
    helper.on_key(key_event("u", body))
    assert len(person.log.lines) == 2


def test_the_page_s_own_listeners_call_their_handlers_and_run_what_they_start() -> None:
    seen: list[Any] = []

    async def later(event: Any) -> None:
        seen.append(("later", event))

    make_inputs(Person(None))
    inputs._handled(later)("e1")
    inputs._handled(lambda event: seen.append(("now", event)))("e2")
    assert seen == [("later", "e1"), ("now", "e2")]


# ----------------------------------------------------------------- tutorial.py: Lessons


class LessonTable(Games):
    """The table a lesson talks through (session.py), as Lessons uses it."""

    def __init__(self) -> None:
        Games.__init__(self)
        self.entered: list[Any] = []
        self.session: Any = None
        self.gen = 1
        self.acting = False
        self.ui = Ui()

    def notice(self, text: str) -> None:
        self.log.notice(text)

    def enter(self, session: Any) -> None:
        self.entered.append(session)
        self.session = session

    def take(self, result: dict[str, Any]) -> None:
        self.session.state = result["state"]


def lesson_answer(done: bool = False) -> dict[str, Any]:
    report = {"answers": [], "done": done, "text": "Bid nil.", "pending": "ask", "asked": 1, "asks": 3}
    return {"state": table_state("bidding"), "lesson": dict(report, title="Nil")}


def make_lessons(worker: Worker, stored: dict[str, Any], params: dict[str, str] | None = None) -> Any:
    tutorial.call = worker
    tutorial.store = SimpleNamespace(
        read_json=lambda key: stored.get(key), write_json=lambda key, value: stored.__setitem__(key, value)
    )
    tutorial.drop_params = lambda *names: stored.setdefault("dropped", []).extend(names)
    ended: list[str] = []
    table = LessonTable()
    return tutorial.Lessons(table, params or {}, ended.append), table, ended


def test_a_lesson_starts_as_the_table_s_session_with_its_end_told() -> None:
    worker = Worker(lesson_start=[lesson_answer()], lesson_list=[{"lessons": [{"id": "nil"}, {"id": "bags"}]}])
    stored: dict[str, Any] = {}
    lessons, table, ended = make_lessons(worker, stored)
    assert run_async(lessons.start("nil")) is True
    (lesson,) = table.entered
    assert isinstance(lesson, tutorial.Lesson) and lesson.id == "nil" and lesson.table is table
    assert lesson.order == ["nil", "bags"] and lesson.next_id() == "bags"
    assert table.session.state["phase"] == "bidding" and table.log.names() == ["after_state"]
    assert stored[tutorial.PROGRESS_KEY]["current"] == "nil"
    lesson.on_end("nil")
    assert ended == ["nil"]


def test_a_lesson_that_cannot_start_is_a_notice_and_the_game_goes_on() -> None:
    worker = Worker(lesson_start=[tutorial.EngineError("no lesson 'x'", "lesson_unknown")])
    lessons, table, _ = make_lessons(worker, {})
    assert run_async(lessons.start("x")) is False
    assert table.entered == [] and table.log.names() == ["notice"]
    assert run_async(lessons.start(None)) is False and worker.calls == [("lesson_start", worker.calls[0][1])]


def test_saved_answers_that_no_longer_fit_start_the_lesson_from_its_start() -> None:
    refused = tutorial.EngineError("answers", "lesson_answers")
    worker = Worker(lesson_start=[refused, lesson_answer()], lesson_list=[{"lessons": []}])
    stored = {tutorial.PROGRESS_KEY: {"current": "nil", "lessons": {"nil": {"answers": ["bid:3"], "done": False}}}}
    lessons, table, _ = make_lessons(worker, stored)
    run_async(lessons.resume())
    assert [args["answers"] for _, args in worker.calls if _ == "lesson_start"] == [["bid:3"], []]
    assert len(table.entered) == 1


def test_the_address_s_lesson_starts_and_leaves_the_address_a_finished_one_does_not_come_back() -> None:
    worker = Worker(lesson_start=[lesson_answer()], lesson_list=[{"lessons": []}])
    stored: dict[str, Any] = {}
    lessons, table, _ = make_lessons(worker, stored, {"lesson": "nil"})
    run_async(lessons.resume())
    assert stored["dropped"] == ["lesson"] and len(table.entered) == 1
    stored = {tutorial.PROGRESS_KEY: {"current": "nil", "lessons": {"nil": {"answers": [], "done": True}}}}
    lessons, table, _ = make_lessons(Worker(), stored)
    run_async(lessons.resume())
    assert table.entered == [] and stored[tutorial.PROGRESS_KEY]["current"] is None


# ----------------------------------------------------------------- player.py: recording what the session describes


def test_a_game_is_recorded_once_as_the_session_describes_it_and_a_rated_change_is_said() -> None:
    player_module = browser_module("player")
    page = Log()
    player = player_module.Player(page.notice, page.say, answering(), lambda: "S")
    added: list[Any] = []

    async def add(kind: str, state: Any, key: str, **more: Any) -> dict[str, int]:
        added.append((kind, key, more["left"], more["ratings"]))
        return {"before": 1500, "after": 1512}

    player.add = add
    player_module.by_id = lambda name: SimpleNamespace(open=False)  # no summary open
    entry = {"kind": "solo_rated", "key": "s-5-3", "state": None, "ratings": None, "rated": True, "summary": True}
    run_async(player.record(entry))
    run_async(player.record(entry))  # the same game again (a reload, a second game-over state): once
    assert added == [("solo_rated", "s-5-3", False, None)]
    assert page.lines == [("say", i18n.t("rating_change", before=1500, after=1512, change="+12"))]
    run_async(player.record(dict(entry, key="s-6-1"), left=True))  # left unfinished: a loss, nothing said
    run_async(player.record(dict(entry, key="o-x", rated=False, kind="online")))
    assert [line[1] for line in added] == ["s-5-3", "s-6-1", "o-x"] and len(page.lines) == 1


# ----------------------------------------------------------------- windows.py: the score chart


def test_the_score_chart_is_drawn_from_this_page_s_table_or_the_state_an_online_host_sent() -> None:
    windows = browser_module("windows")
    holder = mock.MagicMock()
    windows.by_id = lambda name: holder
    for elsewhere in (None, table_state(me="N")):
        worker = Worker(score_chart=[{"svg": "<svg></svg>"}])
        windows.call = worker
        run_async(windows.score_chart(table_state(me=None), elsewhere))
        ((op, args),) = worker.calls
        assert op == "score_chart" and args["viewer"] == "spectator"
        assert ("table" in args) is (elsewhere is not None) and args.get("state") == elsewhere
    windows.by_id = lambda name: None  # no sheet open: nothing asked
    worker = Worker()
    windows.call = worker
    run_async(windows.score_chart(table_state()))
    assert worker.calls == []


# ----------------------------------------------------------------- screen.py: the tools as the session allows


class Session:
    """A session as screen.py asks it: its state on show, whether the page owns it, what it allows."""

    def __init__(self, shown: dict[str, Any] | None, allows: set[str], owns: bool = True) -> None:
        self.shown = shown
        self.allows = allows
        self.mine = owns
        self.asked: list[str] = []

    def owns(self) -> bool:
        return self.mine

    def allowed(self, action: str) -> tuple[bool, str | None]:
        self.asked.append(action)
        return (True, None) if action in self.allows else (False, "why_not_allowed")

    def off(self, action: str) -> str | None:
        """Off for the whole game: never here (tests/page/test_tips.py and test_tooltips.py show those)."""
        return None

    def status(self) -> str | None:
        """The session's own status line (a first hand's held bid), if it has one."""
        return self.line

    line: str | None = None


def draw(session: Session, ui: Ui | None = None) -> dict[str, Any]:
    screen = browser_module("screen")
    elements: dict[str, Any] = {}
    screen.by_id = lambda name: elements.setdefault(name, mock.MagicMock(hidden=True, disabled=None))
    replay = mock.MagicMock(disabled=None)
    screen.document = mock.MagicMock()
    screen.document.querySelector = lambda selector: replay if "replay" in selector else mock.MagicMock()
    screen.view = mock.MagicMock()
    screen.movelog = mock.MagicMock()
    screen.render_hand = lambda state, ui: None
    if session.shown is not None:
        session.shown = {"trick": [], "leader": None, **session.shown}
    screen.render(session, ui or Ui(), "click", mock.MagicMock())
    return {**elements, "replay": replay, "body": screen.document.body}


def test_the_toolbar_asks_the_session_not_the_state() -> None:
    shown = table_state("playing", allowed={"undo": True, "hint": True, "replay_hand": True})
    session = Session(shown, set())  # the state says yes to all; the session says no
    out = draw(session)
    assert out["btn-undo"].disabled and out["btn-hint"].disabled and out["replay"].disabled
    assert {"undo", "hint", "replay"} <= set(session.asked)
    session = Session(table_state("playing", allowed={}), {"undo", "hint", "replay"})
    out = draw(session)
    assert out["btn-undo"].disabled is False and out["btn-hint"].disabled is False and out["replay"].disabled is False


def test_the_hint_waits_for_my_turn_undo_for_the_trick_on_show_and_nothing_is_awaited_elsewhere() -> None:
    session = Session(table_state("playing", turn="N"), {"undo", "hint", "replay"})
    busy = Ui()
    busy.busy = True
    out = draw(session, busy)
    assert out["btn-hint"].disabled and out["btn-undo"].disabled
    session = Session(table_state("playing"), {"hint"}, owns=False)  # another tab owns the game
    out = draw(session)
    out["body"].setAttribute.assert_any_call("data-await", "")
    nothing = draw(Session(None, set()))  # no state yet: nothing drawn, no button touched
    assert set(nothing) == {"replay", "body"} and nothing["replay"].disabled is None


def test_the_status_line_is_a_message_then_the_sessions_own_line_then_the_states() -> None:
    session = Session(table_state("bidding"), set())
    session.line = "You bid 3. The computers play on as soon as the card engine has loaded…"
    out = draw(session)
    assert out["status"].textContent == session.line, "the session's line: made when drawn, in today's words"
    said = Ui()
    said.message = "Settings saved."
    out = draw(session, said)  # a message on show comes first: view.py's status_text, which says the message
    assert isinstance(out["status"].textContent, mock.MagicMock), "view.status_text's line, not the session's"
    session.line = None
    assert isinstance(draw(session)["status"].textContent, mock.MagicMock), "no line of its own: the state's"
