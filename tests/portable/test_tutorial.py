"""Every shipped lesson loads, is valid on every path, and plays to its end by the expected moves; runs under
CPython (pytest) and Pyodide alike (``node tests/pyodide/run.mjs tests/portable/test_tutorial.py``)."""

import json

from spades.learn.tutorial import LessonRun, all_lessons, check_paths, lesson_ids
from spades.worker import handle


def test_seven_lessons_in_order():
    lessons = all_lessons()
    assert [lesson.id for lesson in lessons] == [
        "follow-suit",
        "spades-broken",
        "counting-tricks",
        "bags",
        "nil",
        "break-nil",
        "blind-nil",
    ]
    assert sorted(lesson_ids()) == sorted(lesson.id for lesson in lessons)
    assert [lesson.order for lesson in lessons] == list(range(1, 8))
    for lesson in lessons:
        assert 2 <= lesson.asks <= 5, lesson.id


def test_every_lesson_plays_to_its_end_by_the_expected_moves_in_every_language():
    for lesson in all_lessons():
        assert check_paths(lesson) >= 1
        for lang in ("en", "zh-Hans", "zh-Hant"):
            run = LessonRun(lesson)
            run.setup()
            while run.pending() != "done":
                if run.pending() == "move":
                    run.step()
                    continue
                ask = run.current
                feedback, events = run.act(_intent(run, ask.expect[0]), lang)
                assert feedback["verdict"] == "right", (lesson.id, feedback)
                assert feedback["text"] == ask.right[lang]
                assert events and events[0]["type"] in ("bid", "play")
            report = run.report(lang)
            assert report["done"] and report["asked"] == lesson.asks and report["text"] == lesson.done[lang]
            assert run.table.game.phase.value in ("bidding", "playing")


def test_the_worker_runs_a_lesson_to_its_end():
    listed = json.loads(handle("lesson_list", json.dumps({"lang": "zh-Hant"})))["lessons"]
    assert len(listed) == 7 and listed[0]["title"] == "跟出同花色"
    out = json.loads(handle("lesson_start", json.dumps({"id": "blind-nil", "lang": "en"})))
    assert out["state"]["hand"] == [] and out["state"]["can_blind_nil"] is True
    assert out["lesson"]["pending"] == "ask" and out["lesson"]["asked"] == 1
    out = json.loads(handle("lesson_act", json.dumps({"intent": {"type": "look"}})))
    assert out["feedback"]["verdict"] == "wrong" and out["state"]["hand"] == []
    out = json.loads(handle("lesson_act", json.dumps({"intent": {"type": "bid", "bid": "blind_nil"}})))
    assert out["feedback"]["verdict"] == "right" and len(out["state"]["hand"]) == 13
    while out["lesson"]["pending"] == "move":
        out = json.loads(handle("lesson_step", "{}"))
    assert out["lesson"]["asked"] == 2
    out = json.loads(handle("lesson_act", json.dumps({"intent": {"type": "play", "card": "3D"}})))
    while out["lesson"]["pending"] == "move":
        out = json.loads(handle("lesson_step", "{}"))
    assert out["lesson"]["done"] is True
    assert not any(entry["legal"] for entry in out["state"]["hand"])
    assert json.loads(handle("lesson_close", "{}")) == {}


def _intent(run, key):
    if key == "look":
        return {"type": "look"}
    if run.table.game.phase.value == "bidding":
        return {"type": "bid", "bid": key}
    return {"type": "play", "card": key}
