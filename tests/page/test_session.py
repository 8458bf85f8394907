"""The page's sessions (static/app/session.py) without a page: what each kind allows, owns and records, and the
one paced Driver's order of steps, with a fake table, worker and clock."""

from __future__ import annotations

from typing import Any

import pytest
import session as S  # the page's module, found through static/app (tests/page/conftest.py)

from tests.page.conftest import CATALOG, run_async


class Refused(Exception):
    """The fake worker's refusal."""

    def __init__(self, message: str, code: str = "illegal") -> None:
        super().__init__(message)
        self.code = code
        self.params: dict[str, Any] = {}


class Clock:
    """Time moves only when the worker thinks (``cost`` ms a call) and when the page sleeps."""

    def __init__(self, log: list[tuple[Any, ...]]) -> None:
        self.t = 0.0
        self.log = log

    def now(self) -> float:
        return self.t

    async def sleep_ms(self, ms: float) -> None:
        self.log.append(("sleep", ms))
        if ms > 0:
            self.t += ms


def state(turn: str = "N", phase: str = "playing", me: str = "S", **more: Any) -> dict[str, Any]:
    out = {
        "turn": turn,
        "phase": phase,
        "me": me,
        "seats": {"N": {"occupant": "computer"}},
        "policy": {"kind": "casual"},
    }
    out.update(more)
    return out


class Table:
    """The page as the sessions see it: every call logged; the worker answers from ``answers``."""

    Refused = Refused

    def __init__(self, answers: list[Any] | None = None, owner: bool = True, cost: float = 100) -> None:
        self.log: list[tuple[Any, ...]] = []
        self.clock = Clock(self.log)
        self.driver = S.Driver(self.clock)
        self.gen = 1
        self.acting = False
        self.session: Any = None
        self.answers = list(answers or [])
        self.is_owner = owner
        self.cost = cost
        self.on_call: Any = None

    def owner(self) -> bool:
        return self.is_owner

    def pause(self) -> float:
        return 500

    async def call(self, op: str, args: dict[str, Any] | None = None) -> Any:
        self.log.append(("call", op))
        self.clock.t += self.cost
        if self.on_call is not None:
            self.on_call(op)
        answer = self.answers.pop(0)
        if isinstance(answer, Exception):
            raise answer
        return answer

    def waiting(self) -> None:
        self.acting = True
        self.log.append(("waiting",))

    def new_course(self) -> None:
        self.gen += 1
        self.log.append(("new_course",))

    def calm(self, selection: bool) -> None:
        self.log.append(("calm", selection))

    def refused(self, error: Exception) -> None:
        self.log.append(("refused", str(error)))

    def take(self, result: dict[str, Any]) -> None:
        self.session.state = result["state"]
        self.log.append(("take", result["state"]["turn"]))

    async def show_events(self, events: list[Any], gen: int) -> None:
        self.log.append(("show", len(events)))

    def after_state(self) -> None:
        self.log.append(("after",))

    def notice(self, text: str) -> None:
        self.log.append(("notice", text))


def at(table: Table, session: S.Session, shown: dict[str, Any] | None = None) -> S.Session:
    table.session = session
    session.state = shown
    return session


def run(coro: Any) -> Any:
    return run_async(coro)


def step(turn: str, events: int = 1) -> dict[str, Any]:
    return {"state": state(turn), "events": [{"type": "play", "seat": "W", "card": "2C"}] * events}


# ----------------------------------------------------------------- allowed, per kind and phase


def test_every_kind_answers_every_action_and_refuses_an_unknown_one() -> None:
    table = Table()
    kinds = [S.SoloSession(table), S.DailySession(table), S.LessonSession(table, "nil"), S.OnlineSession(table, None)]
    for session in kinds:
        session.state = state()
        for action in S.ACTIONS:
            allowed, why = session.allowed(action)
            assert allowed is (why is None), (type(session).__name__, action)
        with pytest.raises(ValueError, match="unknown session action 'fly'"):
            session.allowed("fly")


def test_every_reason_a_session_gives_is_a_message_in_every_language() -> None:
    """What ``allowed`` says why not is shown to the person (share.py says it): a catalog key, never a bare code."""
    table = Table()
    reasons = set()
    for phase in ("bidding", "playing", "hand-over"):
        for policy in ("casual", "rated"):
            shown = state(phase=phase, policy={"kind": policy}, allowed={}, hands_scored=2)
            for session in (
                S.SoloSession(table),
                S.DailySession(table),
                S.LessonSession(table, "nil"),
                S.OnlineSession(table, None),
            ):
                session.state = shown
                reasons.update(why for action in S.ACTIONS for ok, why in [session.allowed(action)] if not ok)
    assert {"why_lesson", "why_rated", "why_not_allowed", "why_not_first_hand"} <= reasons
    for why in reasons:
        assert why in CATALOG and all(CATALOG[why].get(lang) for lang in ("en", "zh-Hans", "zh-Hant")), why


def test_undo_replay_and_hint_are_what_the_state_allows() -> None:
    solo = at(Table(), S.SoloSession(Table()), state(allowed={"undo": True, "replay_hand": False, "hint": False}))
    assert solo.allowed("undo") == (True, None)
    assert solo.allowed("replay") == (False, "why_not_allowed")
    assert solo.allowed("hint") == (False, "why_not_allowed")
    solo.state = state()  # a state without "allowed": no undo, no replay; the hint is open
    assert solo.allowed("undo") == (False, "why_not_allowed") and solo.allowed("hint") == (True, None)


def test_a_rated_game_keeps_its_players_and_is_recorded_as_rated() -> None:
    table = Table()
    solo = at(table, S.SoloSession(table), state(policy={"kind": "rated"}, hand_number=3, totals={"NS": 120, "EW": 90}))
    assert solo.rated() and solo.allowed("reseat") == (False, "why_rated")
    assert solo.record(77) == {
        "kind": "solo_rated",
        "key": "s-77-3-120-90",
        "state": None,
        "ratings": None,
        "rated": True,
        "summary": True,
    }
    solo.state["policy"] = {"kind": "casual"}
    assert not solo.rated() and solo.allowed("reseat") == (True, None) and solo.record(77)["kind"] == "solo"


def test_only_the_daily_deals_first_hand_is_compared_with_the_experts() -> None:
    table = Table()
    daily = at(table, S.DailySession(table), state(hands_scored=0))
    assert daily.allowed("compare") == (False, "why_not_first_hand")
    daily.state["hands_scored"] = 1
    assert daily.allowed("compare") == (True, None)
    daily.state["hands_scored"] = 2
    assert daily.allowed("compare")[0] is False
    solo = at(table, S.SoloSession(table), state(hands_scored=1))
    assert solo.allowed("compare") == (False, "why_not_daily")


def test_a_lesson_explains_wrong_cards_and_is_not_a_game_to_share_or_record() -> None:
    table = Table()
    lesson = at(table, S.LessonSession(table, "nil"), state())
    assert lesson.allowed("wrong_move") == (True, None)
    assert lesson.allowed("hint") == (True, None)  # the instruction again, when the state offers a hint
    lesson.state = state(allowed={"hint": False})  # the script moves: no hint (the button is off)
    assert lesson.allowed("hint") == (False, "why_not_allowed")
    for action in ("share", "daily", "reseat", "review"):
        assert lesson.allowed(action) == (False, "why_lesson")
    assert lesson.record(5) is None
    solo = at(table, S.SoloSession(table), state())
    assert solo.allowed("wrong_move") == (False, "card_illegal")


class FakeOnline:
    """What the adapter uses of online/life.py's Online."""

    def __init__(self, room: dict[str, Any] | None = None) -> None:
        self.room = room
        self.secret = "k" * 40
        self.sent: list[Any] = []
        self.bars = 0

    def intent(self, intent: Any) -> None:
        self.sent.append(intent)

    def send(self, message: Any) -> None:
        self.sent.append(message)

    def fill_hands(self, state: dict[str, Any]) -> None:
        state["results"] = ["filled"]

    def render_bar(self) -> None:
        self.bars += 1


def test_online_no_deal_is_shared_and_the_room_decides_what_is_recorded() -> None:
    table = Table()
    online = FakeOnline({"kind": "rated", "ratings": {"N": 1500, "E": 1400, "S": 1450, "W": "x"}})
    session = at(table, S.OnlineSession(table, online), state(me="S"))
    assert session.allowed("share") == (False, "deal_not_online") == session.allowed("daily")
    assert session.allowed("compare")[0] is False
    assert session.allowed("review") == (False, "rev_online")  # the hands are the host's worker's
    entry = session.record(None)
    assert entry is not None
    assert (entry["kind"], entry["key"], entry["rated"], entry["summary"]) == (
        "online_rated",
        "o-" + "k" * 24,
        True,
        False,
    )
    assert entry["ratings"] == {"N": 1500, "E": 1400}  # not mine, whole numbers only
    assert entry["state"]["results"] == ["filled"]  # the hands the page kept go into the record
    session.state = state(me=None)
    assert session.record(None) is None  # a spectator records nothing
    assert session.elsewhere() is session.state and S.SoloSession(table).elsewhere() is None


def test_a_past_hand_is_asked_of_the_host_online_and_of_the_worker_elsewhere() -> None:
    table = Table()
    online = FakeOnline()
    assert S.OnlineSession(table, online).request_hand(3) is True
    assert online.sent == [{"t": "hand", "number": 3}]
    for session in (S.SoloSession(table), S.DailySession(table), S.LessonSession(table, "nil")):
        assert session.request_hand(3) is False


def test_until_its_first_state_a_session_shows_the_one_before_and_asks_it() -> None:
    table = Table()
    old = at(table, S.SoloSession(table), state(allowed={"undo": True}))
    lesson = S.LessonSession(table, "nil")
    lesson.before = old.shown  # what the page does when the lesson begins (controller.py App.switch)
    table.session = lesson
    assert lesson.state is None and lesson.shown is old.state
    assert lesson.allowed("undo") == (True, None)  # the state on show answers
    assert lesson.record(1) is None and S.OnlineSession(table, FakeOnline()).elsewhere() is None
    first = state(turn="S")
    table.take({"state": first})
    assert lesson.shown is first and lesson.allowed("undo") == (False, "why_not_allowed")


def test_a_session_knows_the_online_table_it_is_at() -> None:
    table, online = Table(), FakeOnline()
    assert S.OnlineSession(table, online).at(online) and not S.OnlineSession(table, FakeOnline()).at(online)
    assert not S.OnlineSession(table, None).at(None)
    assert not any(kind.at(online) for kind in (S.SoloSession(table), S.LessonSession(table, "nil")))


def test_who_owns_the_table() -> None:
    table = Table(owner=False)
    solo = at(table, S.SoloSession(table), state(me="S"))
    assert not solo.owns()  # another tab owns the solo game
    table.is_owner = True
    assert solo.owns() and solo.owns("S") and not solo.owns("N")
    table.is_owner = False  # a lesson and an online table are this page's whatever the tabs say
    assert S.LessonSession(table, "nil").owns() and S.OnlineSession(table, FakeOnline()).owns()


# ----------------------------------------------------------------- the one driver


def test_the_driver_steps_waits_the_pause_less_the_thinking_time_then_shows_each_move() -> None:
    table = Table([step("E"), step("W"), step("S")])
    solo = at(table, S.SoloSession(table), state("N"))
    run(solo.drive())
    one = [("call", "step"), ("sleep", 400), ("calm", False)]
    moves = [[*one, ("take", turn), ("show", 1)] for turn in ("E", "W", "S")]
    assert table.log == [*moves[0], *moves[1], *moves[2], ("after",)]


def test_a_slow_worker_gets_no_extra_pause() -> None:
    table = Table([step("S")], cost=900)
    run(at(table, S.SoloSession(table), state("N")).drive())
    assert ("sleep", -400) in table.log and table.log[-1] == ("after",)


def test_the_driver_stops_when_a_step_makes_no_move() -> None:
    table = Table([{"state": state("E"), "events": []}])
    run(at(table, S.SoloSession(table), state("N")).drive())
    assert table.log == [("call", "step"), ("sleep", 400), ("after",)]  # nothing taken


def test_no_computer_moves_in_a_tab_that_does_not_own_the_game_or_on_my_turn() -> None:
    table = Table([step("S")], owner=False)
    run(at(table, S.SoloSession(table), state("N")).drive())
    assert table.log == [("after",)]
    table = Table([step("S")])
    run(at(table, S.SoloSession(table), state("S")).drive())
    assert table.log == [("after",)]


def test_a_new_course_stops_the_loop_without_going_on() -> None:
    table = Table([step("E"), step("W")])
    table.on_call = lambda op: setattr(table, "gen", table.gen + 1)  # an undo while the worker thinks
    run(at(table, S.SoloSession(table), state("N")).drive())
    assert table.log == [("call", "step")]
    assert table.driver.driving is None


def test_one_loop_per_course() -> None:
    table = Table([step("S")])
    solo = at(table, S.SoloSession(table), state("N"))
    table.driver.driving = table.gen  # a loop of this course is running
    run(solo.drive())
    assert table.log == []


def test_a_refused_step_is_a_notice_and_the_page_goes_on() -> None:
    table = Table([Refused("the table is gone")])
    run(at(table, S.SoloSession(table), state("N")).drive())
    assert table.log[0] == ("call", "step")
    assert table.log[1][0] == "notice" and "the table is gone" in table.log[1][1]
    assert table.log[2:] == [("after",)] and table.driver.driving is None


def lesson_answer(pending: str, turn: str) -> dict[str, Any]:
    return {"state": state(turn), "events": [{"type": "play"}], "lesson": {"pending": pending, "text": "why"}}


def test_a_lessons_script_goes_through_the_same_driver_then_the_person_is_asked() -> None:
    table = Table([lesson_answer("move", "W"), lesson_answer("ask", "S")])
    lesson = at(table, S.LessonSession(table, "nil"), state("E"))
    lesson.report = {"pending": "move", "text": ""}
    run(lesson.drive())
    assert table.log == [
        ("call", "lesson_step"),
        ("sleep", 400),
        ("take", "W"),
        ("show", 1),
        ("call", "lesson_step"),
        ("sleep", 400),
        ("take", "S"),
        ("show", 1),
        ("after",),
    ]


def test_a_lesson_closed_meanwhile_is_not_driven_on() -> None:
    table = Table([lesson_answer("move", "W"), lesson_answer("ask", "S")])
    lesson = at(table, S.LessonSession(table, "nil"), state("E"))
    lesson.report = {"pending": "move", "text": ""}
    table.on_call = lambda op: lesson.close()
    run(lesson.drive())
    assert table.log == [("call", "lesson_step")]
    lesson.report = {"pending": "ask", "text": ""}
    run(lesson.drive())  # nothing due: no call
    assert table.log == [("call", "lesson_step")]


# ----------------------------------------------------------------- acting


def test_a_solo_intent_goes_to_the_worker_and_its_answer_is_shown() -> None:
    table = Table([step("W")])
    solo = at(table, S.SoloSession(table), state("S"))
    result = run(solo.act({"type": "play", "card": "2C"}, new_course=True))
    assert result["state"]["turn"] == "W" and not table.acting
    assert table.log == [
        ("waiting",),
        ("new_course",),
        ("call", "act"),
        ("calm", True),
        ("take", "W"),
        ("show", 1),
        ("after",),
    ]


def test_a_refused_intent_is_said_and_nothing_is_taken() -> None:
    table = Table([Refused("not your turn")])
    solo = at(table, S.SoloSession(table), state("S"))
    assert run(solo.act({"type": "bid", "bid": 3})) is None
    assert table.log == [("waiting",), ("call", "act"), ("refused", "not your turn")] and not table.acting


def test_online_an_intent_goes_to_the_host_and_its_states_are_drawn_in_order() -> None:
    table = Table()
    online = FakeOnline({"kind": "casual"})
    session = at(table, S.OnlineSession(table, online), state("S"))
    assert run(session.act({"type": "play", "card": "AS"})) is None
    assert online.sent == [{"type": "play", "card": "AS"}] and table.acting
    run(session.receive({"state": state("W"), "events": [{"type": "play"}]}))
    assert table.log[1:] == [("calm", True), ("take", "W"), ("show", 1), ("after",)]
    assert online.bars == 1 and not table.acting
    session.close()
    run(session.receive({"state": state("N")}))  # after leaving: not drawn
    assert table.log[-1] == ("after",) and session.state["turn"] == "W"


def test_a_session_that_is_not_online_ignores_a_hosts_state_and_drives_nothing_online() -> None:
    table = Table()
    solo = at(table, S.SoloSession(table), state("S"))
    run(solo.receive({"state": state("W")}))
    assert table.log == [] and not solo.at(FakeOnline())
    online = at(table, S.OnlineSession(table, FakeOnline()), state("N"))
    run(online.drive())  # the host's room paces its computers
    assert table.log == []


# ----------------------------------------------------------------- the same in the page's MicroPython

SCENARIO = """
import json
import session as S


class Refused(Exception):
    pass


class Clock:
    def __init__(self, log):
        self.t = 0
        self.log = log

    def now(self):
        return self.t

    async def sleep_ms(self, ms):
        self.log.append(["sleep", ms])


class Table:
    Refused = Refused

    def __init__(self, answers):
        self.log = []
        self.driver = S.Driver(Clock(self.log))
        self.gen = 1
        self.acting = False
        self.session = None
        self.answers = answers

    def owner(self):
        return True

    def pause(self):
        return 500

    async def call(self, op, args=None):
        self.log.append(["call", op])
        self.driver.clock.t += 100
        answer = self.answers.pop(0)
        if answer is None:
            raise Refused("gone")
        return answer

    def calm(self, selection):
        self.log.append(["calm", selection])

    def take(self, result):
        self.session.state = result["state"]
        self.log.append(["take", result["state"]["turn"]])

    async def show_events(self, events, gen):
        self.log.append(["show", len(events)])

    def after_state(self):
        self.log.append(["after"])

    def notice(self, text):
        self.log.append(["notice"])


def run(coro):
    try:
        while True:
            coro.send(None)
    except StopIteration:
        pass


def state(turn):
    return {"turn": turn, "phase": "playing", "me": "S", "seats": {}, "policy": {"kind": "rated"}}


def answer(turn):
    return {"state": state(turn), "events": [{"type": "play"}]}


def result():
    table = Table([answer("E"), answer("W"), None])
    solo = S.SoloSession(table)
    table.session = solo
    solo.state = state("N")
    run(solo.drive())
    online = S.OnlineSession(table, None)
    online.state = state("S")
    kinds = [solo, S.DailySession(table), S.LessonSession(table, "nil"), online]
    allowed = [[type(k).__name__, a, list(k.allowed(a))] for k in kinds for a in S.ACTIONS]
    return json.dumps([table.log, allowed, solo.rated()])
"""

RUNNER = """
import { loadMicroPython } from %(mp)s;
import fs from "node:fs";
let out = "";
const mp = await loadMicroPython({ stdout: (l) => { out += l + "\\n"; }, stderr: (l) => { out += l + "\\n"; } });
mp.FS.mkdirTree("/app");
for (const name of ["session", "i18n", "markup"]) {
  mp.FS.writeFile("/app/" + name + ".py", fs.readFileSync(%(app)s + "/" + name + ".py", "utf8"));
}
mp.FS.writeFile("/app/scenario.py", %(scenario)s);
try {
  mp.runPython('import sys\\nsys.path.insert(0, "/app")\\nimport scenario\\nprint(scenario.result())');
} catch (error) {
  process.stderr.write(String(error.type) + ": " + String(error.message).slice(0, 1500) + "\\n");
  process.exit(1);
}
process.stdout.write(out);
"""


def test_the_sessions_and_the_driver_do_the_same_in_the_pages_micropython() -> None:
    import json
    import shutil
    import subprocess

    from tests.page.conftest import APP, ROOT

    engine = ROOT / "static" / "vendor" / "micropython" / "micropython.mjs"
    if shutil.which("node") is None or not engine.exists():
        pytest.skip("needs node and static/vendor/micropython (run `make setup`)")
    namespace: dict[str, Any] = {}
    exec(compile(SCENARIO, "scenario", "exec"), namespace)
    expected = namespace["result"]()
    assert json.loads(expected)[0][-2:] == [["notice"], ["after"]]  # the third step was refused
    script = RUNNER % {"mp": json.dumps(str(engine)), "app": json.dumps(str(APP)), "scenario": json.dumps(SCENARIO)}
    proc = subprocess.run(
        ["node", "--input-type=module", "-e", script], capture_output=True, text=True, check=False, timeout=120
    )
    assert proc.returncode == 0, proc.stderr[-2000:]
    assert proc.stdout.strip().splitlines()[-1] == expected
