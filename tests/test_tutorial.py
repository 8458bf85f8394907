"""Lessons (spades.learn.tutorial, docs/tutorial.md): strict validation of lesson data, wrong moves explained and never
played, the worker's lesson_* refusals as coded one-line errors, and damaged lessons refused cleanly."""

from __future__ import annotations

import copy
import json
import re
from importlib import resources
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from spades.cards import CARD_NAMES
from spades.errors import CODES, SpadesError
from spades.i18n.catalog import MESSAGES
from spades.learn.tutorial import LessonError, LessonRun, all_lessons, load_lesson, parse_lesson
from spades.worker import handle

LANGS = ("en", "zh-Hans", "zh-Hant")


def raw(ident: str) -> dict[str, Any]:
    text = (resources.files("spades.learn") / "lessons" / (ident + ".json")).read_text(encoding="utf-8")
    return json.loads(text)


def check_message(message: dict[str, Any]) -> None:
    """A registered code with exactly its parameters, nested messages too, worded in every language."""
    assert message["code"] in CODES, message
    assert set(message["params"]) == set(CODES[message["code"]]), message
    for name, value in message["params"].items():
        if isinstance(value, dict) and name != "reason":
            check_message(value)
    for lang in LANGS:
        assert MESSAGES["err_" + message["code"]][lang]


def refused(data: Any) -> dict[str, Any]:
    with pytest.raises(SpadesError) as caught:
        parse_lesson(data)
    message = caught.value.to_json()
    check_message(message)
    assert "\n" not in str(caught.value)
    return message


# ----------------------------------------------------------------- the shipped lessons


def test_files_are_formatted_as_written_and_say_everything_in_three_languages() -> None:
    for lesson in all_lessons():
        text = (resources.files("spades.learn") / "lessons" / (lesson.id + ".json")).read_text(encoding="utf-8")
        assert text == json.dumps(json.loads(text), ensure_ascii=False, indent=1) + "\n"
        assert set(lesson.title) == set(LANGS) == set(lesson.done)


# words the project's vocabulary rules out (tests/test_vocabulary.py), by language
FORBIDDEN = {
    "zh-Hans": "红桃 紅心 方塊 方片 草花 零墩 盲叫零 沙包 个袋 一轮 一圈 对家 同伴 叫数 领出 引牌".split(),
    "zh-Hant": "紅桃 红心 方块 方片 草花 零墩 盲叫零 沙包 個袋 一輪 一圈 對家 同伴 叫數 領出 引牌".split(),
}


def _texts(data: Any) -> list[dict[str, str]]:
    if isinstance(data, dict):
        if set(data) == set(LANGS):
            return [data]
        return [t for value in data.values() for t in _texts(value)]
    if isinstance(data, list):
        return [t for value in data for t in _texts(value)]
    return []


def test_lesson_texts_use_the_project_vocabulary() -> None:
    for lesson in all_lessons():
        for text in _texts(raw(lesson.id)):
            for lang, words in FORBIDDEN.items():
                for word in words:
                    assert word not in text[lang], (lesson.id, lang, word, text[lang])
            assert not re.search(r"[\u4e00-\u9fff]", text["en"])
            assert re.search(r"[\u4e00-\u9fff]", text["zh-Hans"]) and re.search(r"[\u4e00-\u9fff]", text["zh-Hant"])


@pytest.mark.parametrize("ident", [lesson.id for lesson in all_lessons()])
def test_every_wrong_move_is_explained_and_not_played(ident: str) -> None:
    lesson = load_lesson(ident)
    run = LessonRun(lesson)
    run.setup()
    while run.pending() != "done":
        if run.pending() == "move":
            run.step()
            continue
        ask = run.current
        bidding = run.table.game.phase.value == "bidding"
        moves = (
            ["nil", *map(str, range(1, 14))] if bidding else [CARD_NAMES[c] for c in run.table.game.hand(lesson.seat)]
        )
        moves += ["look"] if bidding else []
        before = (run.table.save(), run.position, list(run.answers))
        for key in moves:
            if key in ask.expect:
                continue
            intent = {"type": "look"} if key == "look" else {"type": "bid", "bid": key} if bidding else {
                "type": "play", "card": key}  # fmt: skip
            for lang in LANGS:
                feedback, events = run.act(intent, lang)
                assert feedback["verdict"] == "wrong" and events == []
                assert feedback["text"] and "{" not in feedback["text"]
                if key in ask.why:
                    assert feedback["text"].startswith(ask.why[key][lang].split("{move}")[0])
            assert (run.table.save(), run.position, run.answers) == before
        expected = ask.expect[-1]
        run.act({"type": "bid", "bid": expected} if bidding else {"type": "play", "card": expected}, "en")


def test_a_wrong_card_is_named_in_the_persons_language_with_the_rule() -> None:
    run = LessonRun(load_lesson("follow-suit"))
    run.setup()
    feedback, _ = run.act({"type": "play", "card": "4S"}, "zh-Hant")
    assert "4♠" in feedback["text"] and "紅心" in feedback["text"]
    assert feedback["reason"]["code"] == "must_follow"
    feedback, _ = run.act({"type": "play", "card": "KH"}, "en")
    assert feedback["reason"] is None and "K♥" in feedback["text"]


# ----------------------------------------------------------------- the worker's calls and refusals


def call(op: str, args: dict[str, Any]) -> dict[str, Any]:
    return json.loads(handle(op, json.dumps(args)))


@pytest.mark.parametrize(
    ("op", "args", "code"),
    [
        ("lesson_start", {"id": "nope"}, "lesson_unknown"),
        ("lesson_start", {"id": 7}, "lesson_unknown"),
        ("lesson_start", {"id": "follow-suit", "lang": "fr"}, "lang_unknown"),
        ("lesson_start", {"id": "follow-suit", "answers": ["AS"]}, "lesson_answer"),
        ("lesson_start", {"id": "follow-suit", "answers": "3H"}, "lesson_answer"),
        ("lesson_start", {"id": "follow-suit", "answers": ["3H", "2C", "AS"]}, "lesson_answer"),
        ("lesson_act", {"table": "nobody", "intent": {"type": "look"}}, "lesson_none"),
        ("lesson_step", {"table": "nobody"}, "lesson_none"),
        ("lesson_list", {"lang": None, "table": 5}, None),
    ],
)
def test_worker_refusals_are_coded_one_line_errors(op: str, args: dict[str, Any], code: str | None) -> None:
    out = call(op, args)
    if code is None:
        assert "lessons" in out
        return
    assert out["code"] == code, out
    check_message({"code": out["code"], "params": out["params"]})
    assert "\n" not in out["error"]


def test_calls_out_of_turn_and_bad_intents_change_nothing() -> None:
    name = {"table": "t1"}
    out = call("lesson_start", {**name, "id": "follow-suit"})
    assert out["lesson"]["pending"] == "ask"
    assert call("lesson_step", name)["code"] == "lesson_your_move"
    for intent, code in [
        (None, "intent_not_object"),
        ({"type": "undo"}, "intent_unknown"),
        ({"type": "play", "card": "ZZ"}, "not_card"),
        ({"type": "play", "card": 5}, "card_not_text"),
        ({"type": "play", "card": "3H", "extra": 1}, "unknown_key"),
    ]:
        refusal = call("lesson_act", {**name, "intent": intent})
        assert refusal["code"] == code, refusal
    out = call("lesson_act", {**name, "intent": {"type": "play", "card": "3H"}})
    assert out["feedback"]["verdict"] == "right" and out["lesson"]["pending"] == "move"
    assert call("lesson_act", {**name, "intent": {"type": "play", "card": "2C"}})["code"] == "lesson_wait"
    while out["lesson"]["pending"] == "move":
        out = call("lesson_step", name)
    out = call("lesson_act", {**name, "intent": {"type": "play", "card": "2C"}})
    out = call("lesson_step", name)
    assert out["lesson"]["done"]
    assert call("lesson_act", {**name, "intent": {"type": "play", "card": "9C"}})["code"] == "lesson_finished"
    assert call("lesson_step", name)["code"] == "lesson_finished"
    resumed = call("lesson_start", {**name, "id": "follow-suit", "answers": ["3H"]})
    assert resumed["lesson"]["asked"] == 2 and resumed["lesson"]["answers"] == ["3H"]
    call("lesson_close", name)


# ----------------------------------------------------------------- damaged lessons


def test_damaged_lessons_name_the_problem() -> None:
    good = raw("follow-suit")
    assert parse_lesson(good).asks == 2

    def bad(change: Any) -> dict[str, Any]:
        data = copy.deepcopy(good)
        change(data)
        return refused(data)

    assert refused([])["code"] == "lesson_format"
    assert bad(lambda d: d.update(format="spades-lesson/2"))["code"] == "lesson_format"
    assert bad(lambda d: d.update(id="Follow Suit"))["code"] == "lesson_id"
    assert bad(lambda d: d.update(extra=1))["code"] == "unknown_key"
    assert bad(lambda d: d.pop("deal"))["code"] == "missing_key"
    assert bad(lambda d: d["title"].pop("zh-Hant"))["params"]["problem"]["code"] == "missing_key"
    assert bad(lambda d: d["title"].update(en=""))["code"] == "at_field"
    assert bad(lambda d: d.update(rules={"target": True}))["code"] == "rule_type"
    assert bad(lambda d: d["deal"]["N"].pop())["code"] == "deal_count"
    assert bad(lambda d: d["script"][1]["wrong"].update(en="no {card}"))["code"] == "lesson_placeholder"
    why = bad(lambda d: d["script"][1]["why"].update({"3H": d["script"][1]["right"]}))
    assert why["code"] == "lesson_why_expected"
    # a scripted card West may not play: the step and the rule
    illegal = bad(lambda d: d["script"][0]["moves"].__setitem__(4, "4S"))
    step = {"code": "lesson_move", "params": {"n": 1, "move": 5}}
    assert illegal["code"] == "in_step" and illegal["params"]["step"] == step
    assert illegal["params"]["problem"]["code"] == "illegal_play"
    # an expected card that the rules forbid there
    forbidden = bad(lambda d: d["script"][1].update(expect=["3H", "AS"]))
    assert forbidden["params"]["problem"]["code"] == "illegal_play"
    # asked when it is not the learner's turn
    early = bad(lambda d: d["script"][0]["moves"].pop())
    assert early["params"]["problem"] == {"code": "lesson_ask_turn", "params": {"seat": "E"}}
    # the learner's move scripted after the first ask
    scripted = bad(lambda d: d["script"].insert(2, {"moves": ["QD", "5D", "2C"]}))
    assert scripted["params"]["problem"]["code"] == "lesson_learner_moves"
    # no ask at all
    assert bad(lambda d: d.update(script=[d["script"][0]]))["code"] == "lesson_asks"
    # a script that plays on to the end of the hand
    assert bad(lambda d: d["script"].append({"moves": ["AD"] * 50}))["code"] in ("at_field", "in_step")


JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-5, 60) | st.text(max_size=6) | st.sampled_from(["AS", "nil", "3H", "S"]),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=5), inner, max_size=4),
    max_leaves=12,
)


def _paths(data: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = [prefix]
    if isinstance(data, dict):
        for key, value in data.items():
            out += _paths(value, (*prefix, key))
    elif isinstance(data, list):
        for index, value in enumerate(data):
            out += _paths(value, (*prefix, index))
    return out


GOOD = [raw(lesson.id) for lesson in all_lessons()]
PATHS = [(i, p) for i, lesson in enumerate(GOOD) for p in _paths(lesson) if p]


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(PATHS), JSON, st.booleans())
def test_generated_damage_is_refused_with_a_registered_code_or_accepted(place: Any, value: Any, delete: bool) -> None:
    index, path = place
    data = copy.deepcopy(GOOD[index])
    holder = data
    for key in path[:-1]:
        holder = holder[key]
    if delete:
        del holder[path[-1]]
    else:
        holder[path[-1]] = value
    try:
        lesson = parse_lesson(data)
    except SpadesError as error:
        check_message(error.to_json())
        assert "\n" not in str(error)
    else:  # still a valid lesson: it plays to its end
        run = LessonRun(lesson)
        run.setup()
        assert run.pending() in ("ask", "done")


@settings(max_examples=100, deadline=None)
@given(JSON)
def test_any_json_as_a_lesson_is_refused_cleanly(value: Any) -> None:
    with pytest.raises(SpadesError) as caught:
        parse_lesson(value)
    check_message(caught.value.to_json())


@settings(max_examples=100, deadline=None)
@given(JSON, JSON)
def test_any_json_as_answers_or_intent_is_refused_or_answered(answers: Any, intent: Any) -> None:
    out = call("lesson_start", {"table": "fuzz", "id": "spades-broken", "answers": answers})
    assert ("lesson" in out) != ("code" in out)
    out = call("lesson_act", {"table": "fuzz", "intent": intent})
    if "code" in out:
        check_message({"code": out["code"], "params": out["params"]})
    else:
        assert out["feedback"]["verdict"] in ("right", "wrong")


def test_lesson_error_is_a_spades_error() -> None:
    assert issubclass(LessonError, SpadesError)


@settings(max_examples=150, deadline=None)
@given(st.text(max_size=40) | st.integers() | st.none())
def test_any_lesson_id_from_an_address_is_refused_in_one_line_or_starts(ident: Any) -> None:
    out = call("lesson_start", {"table": "ids", "id": ident, "lang": "zh-Hans"})
    if "code" in out:
        assert out["code"] == "lesson_unknown" and "\n" not in out["error"]
        check_message({"code": out["code"], "params": out["params"]})
    else:
        assert out["lesson"]["id"] == ident
