"""The command line and the shared parsers never crash and never accept nonsense (fuzz and property tests).

Every generated input must give either a correct result or one clean error: for the command line, exit
status 1 and one line ``error: ...`` of at most a few hundred characters on standard error (never a
traceback, never an "internal error"); for the parsers, a value or a :class:`spades.SpadesError`.
``main()`` runs in-process with generated argv, standard input and files.
"""

from __future__ import annotations

import contextlib
import copy
import io
import json
import re
import sys
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from spades import Game, Rules, Seat, SpadesError, from_record, parse_deal, to_record
from spades.__main__ import main
from spades.bots import make_bot
from spades.bots.serve import serve
from spades.cards import CARD_NAMES, card_name, parse_card
from spades.errors import brief
from spades.formats.protocol import PROTOCOL, move_request, view_from_json, view_to_json
from spades.formats.scorepad import score_sheet
from spades.jsontext import MAX_DEPTH, load_json
from spades.scoring import parse_bid
from tests.helpers import finished_game

MAX_LINE = 310  # "error: " plus at most 300 characters
FUZZ = settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def run_cli(argv: list[str], stdin: bytes = b"") -> tuple[int, str, str]:
    """``python -m spades ARGV`` in-process: (status, stdout, stderr)."""
    out, err = io.StringIO(), io.StringIO()
    fake_stdin = io.TextIOWrapper(io.BytesIO(stdin), encoding="utf-8")
    saved = sys.stdin
    sys.stdin = fake_stdin
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            status = main(argv)
    finally:
        sys.stdin = saved
    return status, out.getvalue(), err.getvalue()


def assert_clean_error(status: int, out: str, err: str) -> str:
    """One line ``error: ...``, exit status 1, nothing on standard output; return the message."""
    assert status == 1, (status, out, err)
    assert out == ""
    assert err.endswith("\n") and err.count("\n") == 1, err
    assert err.startswith("error: ") and len(err) <= MAX_LINE + 1, err
    assert "internal error" not in err and "Traceback" not in err, err
    return err[len("error: ") : -1]


RECORD = to_record(finished_game(8, hands=2))
PARTIAL = to_record(Game(seed=5))
SHEET = {
    "rules": {"preset": "standard"},
    "hands": [
        {"bids": {"N": 4, "E": 3, "S": 3, "W": 3}, "tricks": {"N": 2, "E": 4, "S": 5, "W": 2}},
        {"bids": {"N": "nil", "E": 4, "S": 5, "W": 3}, "tricks": {"N": 0, "E": 2, "S": 6, "W": 5}},
    ],
}

# Values that have broken boundaries before, or that Python treats loosely (True == 1, "³".isdigit()).
NASTY = st.sampled_from([
    None, True, False, 0, 1, -1, 13, 14, 2**53, 10**4000, 1.5, 0.0, "", " ", "0", "7", "13", "³", "٣", "７",
    "nil", "NIL", "blind_nil", "blind", "AS", "as", "10h", "ſ", "Aſ", "ＡＳ", "N", "n", "X", "standard", "[]",
    "x" * 5000, [], {}, [[[]]], {"N": 5}, {"preset": []}, {"preset": "igame"}, ["AS"], ["2C"] * 13,
])  # fmt: skip
JSON_LEAF = st.one_of(
    st.none(), st.booleans(), st.integers(), st.floats(allow_nan=False, allow_infinity=False), st.text(max_size=20)
)
JSON = st.recursive(
    JSON_LEAF,
    lambda inner: st.one_of(st.lists(inner, max_size=5), st.dictionaries(st.text(max_size=8), inner, max_size=5)),
    max_leaves=20,
)
VALUE = st.one_of(NASTY, JSON)


def paths(value: Any, prefix: tuple = ()) -> list[tuple]:
    """Every path (keys and indexes) into a JSON value."""
    found = [prefix]
    if isinstance(value, dict):
        for key, item in value.items():
            found += paths(item, (*prefix, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            found += paths(item, (*prefix, index))
    return found


def equivalent(draw: st.DrawFn, value: Any) -> Any:
    """Another spelling of ``value`` that the formats accept ("as" for "AS", "7" for 7, null rules...)."""
    if isinstance(value, str) and value in CARD_NAMES:
        return draw(st.sampled_from([value.lower(), f" {value} ", value.replace("T", "10")]))
    if isinstance(value, str) and value in ("nil", "blind_nil", "N", "E", "S", "W"):
        return draw(st.sampled_from([value.upper(), value.lower(), value.replace("_", " ")]))
    if type(value) is int and 0 <= value <= 13:
        return draw(st.sampled_from([str(value), f" {value}", value]))
    if isinstance(value, dict) and "preset" in value:
        return draw(st.sampled_from([None, {}, {"preset": "short"}, {"preset": "pagat", "target": 300}]))
    if isinstance(value, list) and value and isinstance(value[0], str) and len(value) > 13:
        return value[: draw(st.integers(0, len(value)))]  # a shorter play: an incomplete hand
    return value


@st.composite
def mutated(draw: st.DrawFn, base: Any) -> Any:
    """``base`` with one to three random changes: a value replaced by another or by another spelling of it, a key
    or item removed, a key added."""
    value = json.loads(json.dumps(base))
    for _ in range(draw(st.integers(1, 3))):
        path = draw(st.sampled_from(paths(value)))
        if not path:
            continue
        parent = value
        for step in path[:-1]:
            parent = parent[step]
        action = draw(st.sampled_from(["replace", "replace", "delete", "add", "same", "same", "same"]))
        if action == "same":
            parent[path[-1]] = equivalent(draw, parent[path[-1]])
        elif action == "replace":
            parent[path[-1]] = copy.deepcopy(draw(VALUE))
        elif action == "delete":
            del parent[path[-1]]
        elif isinstance(parent, dict):
            parent[draw(st.sampled_from(["deal", "rules", "seed", "extra", "N", "bids"]))] = copy.deepcopy(draw(VALUE))
        else:
            parent.append(copy.deepcopy(draw(VALUE)))
    return value


def dumps(value: Any) -> bytes:
    with contextlib.suppress(ValueError):  # a 4000-digit integer cannot be written: write it by hand
        return json.dumps(value, ensure_ascii=False).encode("utf-8")
    return json.dumps(value, default=str).encode("utf-8")


# ------------------------------------------------------------------ an independent spec of valid input

SEATS = {"N", "E", "S", "W"}
BID_TEXT = re.compile(r"\s*([0-9]{1,2}|nil|blind[ _-]nil|blind)\s*", re.I)
CARD_TEXT = re.compile(r"\s*(10|[2-9TJQKA])[CDHS]\s*|\s*[LB]J\s*", re.I)


def valid_bid(bid: Any) -> bool:
    if type(bid) is int:
        return 0 <= bid <= 13
    if isinstance(bid, str) and len(bid) <= 16 and BID_TEXT.fullmatch(bid) and bid.isascii():
        digits = bid.strip()
        return not digits.isdigit() or int(digits) <= 13
    return False


def valid_card(card: Any) -> bool:
    return isinstance(card, str) and len(card) <= 8 and card.isascii() and CARD_TEXT.fullmatch(card) is not None


def valid_rules(rules: Any) -> bool:
    return rules is None or isinstance(rules, dict)


def record_shape_ok(record: Any) -> bool:
    """What the record format allows, checked without the engine (the replay checks the game itself)."""
    if not isinstance(record, dict) or record.get("format") != "spades-record/1":
        return False
    if set(record) - {"format", "rules", "seed", "hands"} or not valid_rules(record.get("rules")):
        return False
    seed = record.get("seed")
    if seed is not None and (type(seed) is not int or not 0 <= seed < 2**53):
        return False
    hands = record.get("hands")
    if not isinstance(hands, list) or not hands:
        return False
    for hand in hands:
        if not isinstance(hand, dict) or set(hand) - {"dealer", "deal", "bids", "play"}:
            return False
        if not (isinstance(hand.get("dealer"), str) and hand["dealer"].upper() in SEATS):
            return False
        deal = hand.get("deal")
        if not isinstance(deal, dict) or {str(k).upper() for k in deal} != SEATS:
            return False
        if not all(isinstance(cards, list) and all(valid_card(c) for c in cards) for cards in deal.values()):
            return False
        if not all(valid_bid(b) for b in hand.get("bids", [])):
            return False
        if not all(valid_card(c) for c in hand.get("play", [])):
            return False
    return True


def sheet_shape_ok(sheet: Any) -> bool:
    if not isinstance(sheet, dict) or set(sheet) - {"rules", "hands"} or not valid_rules(sheet.get("rules")):
        return False
    if not isinstance(sheet.get("hands"), list):
        return False
    for hand in sheet["hands"]:
        if not isinstance(hand, dict) or set(hand) != {"bids", "tricks"}:
            return False
        bids, tricks = hand["bids"], hand["tricks"]
        if not (isinstance(bids, dict) and set(bids) == SEATS and all(valid_bid(b) for b in bids.values())):
            return False
        if not (isinstance(tricks, dict) and set(tricks) == SEATS):
            return False
        if not all(type(t) is int and 0 <= t <= 13 for t in tricks.values()) or sum(tricks.values()) != 13:
            return False
    return True


def check_replay(data: bytes, path: Path) -> None:
    """``replay`` of ``data``: a clean error, or the summary of a record that is valid by the spec above."""
    path.write_bytes(data)
    status, out, err = run_cli(["replay", str(path)])
    if status == 0:
        assert err == ""
        record = json.loads(data)
        assert record_shape_ok(record), record
        game = from_record(record)
        assert json.loads(out)["totals"] == {"NS": game.totals[0], "EW": game.totals[1]}
        assert from_record(to_record(game)).totals == game.totals
    else:
        assert_clean_error(status, out, err)


def check_score(data: bytes) -> None:
    status, out, err = run_cli(["score", "-"], stdin=data)
    if status == 0:
        sheet = json.loads(data)
        assert sheet_shape_ok(sheet), sheet
        assert json.loads(out) == score_sheet(sheet)
    else:
        assert_clean_error(status, out, err)


# ------------------------------------------------------------------ the examples of issue 7, one by one


@pytest.mark.parametrize(
    ("command", "data", "expected"),
    [
        ("replay", b"\xff\xfe{", "not UTF-8"),
        ("replay", b"[" * 3000, "nested too deeply"),
        ("replay", b"{" * 3000, "nested too deeply"),  # refused before it is parsed (spades.jsontext.nests_deeper)
        ("score", b"1" * 5000, "too many digits"),
        ("score", b'{"hands": [], "rules": {"preset": []}}', "unknown preset []"),
        ("score", b'{"hands": [{"bids": {"N": "\xc2\xb3", "E": 3, "S": 3, "W": 3},'
                  b' "tricks": {"N": 4, "E": 3, "S": 3, "W": 3}}]}', "not a bid: '³'"),
        ("score", '{"hands": [{"bids": {"N": "٣", "E": 3, "S": 3, "W": 3},'
                  ' "tricks": {"N": 4, "E": 3, "S": 3, "W": 3}}]}'.encode(), "not a bid: '٣'"),
        ("score", b'{"hands": [], "rules": 0}', "rules must be an object"),
        ("score", b'{"hands": [], "rules": false}', "rules must be an object"),
        ("score", b'{"hands": [], "rules": ""}', "rules must be an object"),
        ("score", b'{"hands": [], "rules": []}', "rules must be an object"),
        ("replay", b'{"format": "spades-record/1", "hands": [{"dealer": "W", "deal": {"N": 5}}]}', "cards must be"),
        ("replay", b'{"format": "spades-record/1", "hands": [{"dealer": "W", "deal": null}]}', "no deal"),
        ("replay", b'{"format": "spades-record/1", "hands": [{"dealer": "W"}]}', "no deal"),
        ("replay", b'{"format": "spades-record/1", "seed": "42", "hands": [{"dealer": "W"}]}', "seed must be"),
        ("replay", b'{"format": "spades-record/1", "seed": true, "hands": [{"dealer": "W"}]}', "seed must be"),
        ("replay", b'{"format": "spades-record/1", "seed": 1.5, "hands": [{"dealer": "W"}]}', "seed must be"),
        ("replay", b'{"format": "spades-record/1", "hands": [], "x": "' + b"y" * 100000 + b'"}', "unknown key"),
    ],
)  # fmt: skip
def test_issue_examples_give_one_clean_line(command: str, data: bytes, expected: str) -> None:
    status, out, err = run_cli([command, "-"], stdin=data)
    assert expected in assert_clean_error(status, out, err)


@pytest.mark.parametrize(
    ("argv", "expected"),
    [
        (["arena", "--ns", "godlike", "--ew", "beginner"], "unknown contender 'godlike'"),
        (["arena", "--ns", "expert,godlike", "--ew", "beginner"], "unknown contender 'godlike'"),
        (["arena", "--ns", "cmd:", "--ew", "beginner"], "cmd: needs a command"),
        (["arena", "--ns", "cmd:python3 'bot.py", "--ew", "beginner"], "No closing quotation"),
        (["arena", "--ns", "beginner", "--ew", "beginner", "--seed", "9" * 5000], "--seed"),
        (["arena", "--ns", "beginner", "--ew", "beginner", "--deals", "٣"], "--deals"),
        (["arena", "--ns", "beginner", "--ew", "beginner", "--budget", "nan"], "--budget"),
        (["arena", "--ns", "beginner", "--ew", "beginner", "--rules", '{"preset": []}'], "unknown preset"),
        (["arena", "--ns", "beginner", "--ew", "beginner", "--rules", "[" * 3000], "unknown preset"),
        (["arena", "--ns", "beginner", "--ew", "beginner", "--rules", "{" * 3000], "--rules is nested too deeply"),
        (["bot", "--level", "godlike"], "unknown bot level 'godlike'"),
        (["replay", "/nonexistent/x.json"], "cannot read"),
        (["replay", "bad\0name"], "cannot read"),
        (["nothing"], "invalid choice"),
        ([], "required"),
    ],
)
def test_bad_command_lines_give_one_clean_line(argv: list[str], expected: str) -> None:
    status, out, err = run_cli(argv)
    assert expected in assert_clean_error(status, out, err)


def test_help_is_not_an_error() -> None:
    status, out, _ = run_cli(["--help"])
    assert status == 0 and "replay" in out


def test_valid_input_still_works(tmp_path: Path) -> None:
    path = tmp_path / "r.json"
    path.write_text(json.dumps(RECORD))
    status, out, err = run_cli(["replay", str(path)])
    assert status == 0 and err == "" and len(json.loads(out)["hands"]) == 2
    status, out, _ = run_cli(["score", "-"], stdin=json.dumps(SHEET).encode())
    assert status == 0 and json.loads(out)["totals"] == {"NS": 221, "EW": 130}
    status, out, _ = run_cli(["replay", "-"], stdin=b"\xef\xbb\xbf" + json.dumps(PARTIAL).encode())  # BOM
    assert status == 0


# ------------------------------------------------------------------ fuzzing the command line


@FUZZ
@given(st.binary(max_size=300))
def test_fuzz_any_bytes(data: bytes) -> None:
    check_score(data)
    status, out, err = run_cli(["replay", "-"], stdin=data)
    assert_clean_error(status, out, err)  # no short random byte string is a record (it needs a whole deal)


@FUZZ
@given(JSON)
def test_fuzz_any_json(value: Any) -> None:
    data = dumps(value)
    check_score(data)
    status, out, err = run_cli(["replay", "-"], stdin=data)
    assert_clean_error(status, out, err)  # no random value is a record: it needs "format" and a deal


@settings(max_examples=600, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.one_of(mutated(RECORD), mutated(PARTIAL)))
def test_fuzz_mutated_records(tmp_path_factory: pytest.TempPathFactory, record: Any) -> None:
    check_replay(dumps(record), tmp_path_factory.mktemp("r") / "record.json")


@settings(max_examples=500, deadline=None)
@given(mutated(SHEET))
def test_fuzz_mutated_score_sheets(sheet: Any) -> None:
    check_score(dumps(sheet))


ARG = st.sampled_from([
    "replay", "score", "arena", "bot", "-", "--ns", "--ew", "--deals", "--seed", "--rules", "--budget", "--level",
    "--timeout", "--quiet", "--duplicate", "beginner", "standard", "godlike", "beginner,standard", "standard,",
    "cmd:", "cmd:'x", 'cmd:"', "cmd:/nonexistent/bot", "1", "2", "0", "-1", "٣", "1e3", "nan", "inf", "0.5", "",
    "9" * 5000, "{", "[" * 50, '{"preset": []}', '{"preset": "short"}', "standard", "pagat", "/nonexistent",
    "\0", "x" * 10000,
])  # fmt: skip


QUICK = st.sampled_from(["beginner", "standard", "beginner,standard", "standard,beginner"])
ARENA = st.tuples(
    QUICK,
    QUICK,
    st.sampled_from(["--seed", "--rules", "--budget", "--timeout", "--duplicate"]),
    st.sampled_from(["0", "7", "2", "9007199254740991", "short", '{"preset": "pagat", "target": 200}', "0.5"]),
).map(lambda t: ["arena", "--ns", t[0], "--ew", t[1], t[2], t[3]])


@FUZZ
@given(st.one_of(st.lists(ARG, max_size=9), ARENA), st.lists(st.tuples(st.integers(0, 8), ARG), max_size=2),
       st.binary(max_size=50))  # fmt: skip
def test_fuzz_argv(argv: list[str], changes: list[tuple[int, str]], stdin: bytes) -> None:
    for index, arg in changes:  # some arguments of a good command line replaced
        if index < len(argv):
            argv[index] = arg
    if argv and argv[0] == "arena":  # keep generated arenas short: one or two hands of quick bots
        argv = [*argv, "--deals", "1", "--quiet"]
    status, out, err = run_cli(argv, stdin)
    if status == 0:
        assert err == "" or argv[:1] == ["bot"] or "--help" in argv
        if argv[:1] == ["arena"] and "--help" not in argv and "-h" not in argv:
            summary = json.loads(out)
            assert summary["deals"] == 1 and summary["sides"]["ns"]["hands"] >= 1
    else:
        assert_clean_error(status, out, err)


# ------------------------------------------------------------------ the parsers themselves


@settings(max_examples=400, deadline=None)
@given(VALUE)
def test_parse_card_accepts_exactly_card_text(value: Any) -> None:
    try:
        card = parse_card(value)
    except SpadesError as error:
        assert not valid_card(value) and len(str(error)) < 200
    else:
        assert valid_card(value)
        key = value.strip().upper().replace("10", "T")
        assert card_name(card) == key


@settings(max_examples=400, deadline=None)
@given(st.one_of(VALUE, st.text(max_size=4)))
def test_parse_bid_accepts_exactly_bids(value: Any) -> None:
    try:
        bid = parse_bid(value)
    except SpadesError as error:
        assert not valid_bid(value) and len(str(error)) < 200
    else:
        assert valid_bid(value) and -1 <= bid <= 13 and type(bid) is int


@settings(max_examples=300, deadline=None)
@given(st.one_of(VALUE, mutated({"preset": "igame", "target": 300, "nil": True})))
def test_rules_from_dict_takes_objects_only(value: Any) -> None:
    try:
        rules = Rules.from_dict(value)
    except SpadesError as error:
        assert len(str(error)) < 400
    else:
        assert value is None or isinstance(value, dict)
        assert Rules.from_dict(rules.to_dict()) == rules


DEAL = {s.name: [CARD_NAMES[c] for c in cards] for s, cards in zip(Seat, Game(seed=3).deal, strict=True)}


@settings(max_examples=300, deadline=None)
@given(st.one_of(VALUE, mutated(DEAL)))
def test_parse_deal_takes_four_lists_of_thirteen_cards(value: Any) -> None:
    try:
        masks = parse_deal(value, Rules())
    except SpadesError:
        return
    assert isinstance(value, dict) and all(isinstance(v, list) and len(v) == 13 for v in value.values())
    assert all(isinstance(c, str) or type(c) is int for v in value.values() for c in v)  # never True/False
    assert sum(masks) == (1 << 52) - 1


@settings(max_examples=200, deadline=None)
@given(VALUE)
def test_moves_are_numbers_never_booleans(value: Any) -> None:
    for bidding in (True, False):
        game = Game(seed=1)
        if not bidding:
            for bid in (3, 3, 3, 3):
                game.bid(bid)
        before = to_record(game)
        try:
            game.apply(value)
        except SpadesError:
            assert to_record(game) == before
        else:
            assert type(value) is int


def test_false_is_not_the_two_of_clubs() -> None:
    game = Game(seed=1, deal=DEAL)
    for bid in (3, 3, 3, 3):
        game.bid(bid)
    with pytest.raises(SpadesError):
        game.apply(False)
    with pytest.raises(SpadesError):
        game.play(True)
    record = to_record(game)
    record["hands"][0]["play"] = [False]
    with pytest.raises(SpadesError, match="card 1"):
        from_record(record)


@settings(max_examples=200, deadline=None)
@given(st.one_of(st.binary(max_size=200), st.text(max_size=200)), st.integers(1, 5000))
def test_load_json_is_clean(data: bytes | str, depth: int) -> None:
    for text in (data, "[" * depth + "]" * depth, '{"a":' * depth + "1" + "}" * depth):
        try:
            value = load_json(text, "x")
        except SpadesError as error:
            assert len(str(error)) < 200
        else:
            assert value == json.loads(text.removeprefix("\ufeff") if isinstance(text, str) else text)
            if isinstance(text, str) and text.startswith("["):
                assert depth <= MAX_DEPTH


@settings(max_examples=200, deadline=None)
@given(VALUE)
def test_brief_is_short(value: Any) -> None:
    assert len(brief(value)) <= 60 and "\n" not in brief(value)


# ------------------------------------------------------------------ python -m spades bot


def test_bot_answers_bad_lines_and_keeps_going() -> None:
    game = Game(seed=2)
    request = json.dumps(move_request(game.view(game.turn))).encode()
    lines = [
        b"\xff\xfe not utf-8",
        b"[" * 3000,
        b"1" * 5000,
        b"x" * (1024 * 1024 + 10),
        b"[1, 2]",
        b'{"type": "move", "view": 5}',
        b'{"type": "move"}',
        b'{"type": "hello", "protocol": "' + PROTOCOL.encode() + b'", "seat": "N"}',
        request,
        b'{"type": "quit"}',
        request,
    ]
    out = io.BytesIO()
    assert serve(make_bot("beginner"), io.BytesIO(b"\n".join(lines) + b"\n"), out) == 0
    answers = [json.loads(line) for line in out.getvalue().decode().splitlines()]
    assert len(answers) == 9
    for answer, expected in zip(answers[:7], ("UTF-8", "deeply", "digits", "longer", "object", "view", "view"),
                                strict=True):  # fmt: skip
        assert expected in answer["error"] and len(answer["error"]) <= 300
    assert answers[7]["type"] == "ready"
    assert answers[8]["move"] in [m for m in json.loads(request)["view"]["legal"]]


@settings(max_examples=200, deadline=None)
@given(st.lists(st.one_of(st.binary(max_size=80), JSON.map(dumps), mutated({"type": "move", "view": 1}).map(dumps)),
                max_size=6))  # fmt: skip
def test_fuzz_bot_lines(lines: list[bytes]) -> None:
    game = Game(seed=4)
    request = json.dumps(move_request(game.view(game.turn))).encode()
    data = b"\n".join(line.replace(b"\n", b" ") for line in lines) + b"\n" + request + b"\n"
    out = io.BytesIO()
    assert serve(make_bot("beginner"), io.BytesIO(data), out) == 0
    answers = [json.loads(line) for line in out.getvalue().decode().splitlines()]
    assert all(isinstance(a, dict) for a in answers)
    for answer in answers:
        assert "error" not in answer or len(answer["error"]) <= 300
    if not any(b'"quit"' in line for line in lines):  # the good request after the bad lines is still answered
        assert answers and answers[-1].get("move") is not None


def test_python_m_spades_bot_survives_bad_lines() -> None:
    import subprocess

    lines = [b"[" * 3000, b"\xff\xfe", b"1" * 5000, b'{"type": "hello", "protocol": "spades-bot/1", "seat": "N"}']
    proc = subprocess.run(
        [sys.executable, "-m", "spades", "bot", "--level", "beginner"],
        input=b"\n".join(lines) + b"\n", capture_output=True, timeout=60, check=False,
        cwd=Path(__file__).resolve().parent.parent,
    )  # fmt: skip
    assert proc.returncode == 0 and proc.stderr == b""
    answers = [json.loads(line) for line in proc.stdout.decode().splitlines()]
    assert [sorted(a) for a in answers] == [["error"], ["error"], ["error"], ["name", "protocol", "type"]]


VIEW = view_to_json(finished_game(6, hands=1).view(Seat.E))


@settings(max_examples=300, deadline=None)
@given(mutated(VIEW))
def test_views_from_a_host_parse_or_fail_cleanly(data: Any) -> None:
    try:
        view = view_from_json(data)
    except SpadesError as error:
        assert len(str(error)) < 300
    else:  # what the view's own fields hold has the engine's types (hand results are the encoder's business)
        assert type(view.hand_number) is int and type(view.spades_broken) is bool
        assert all(type(n) is int for n in (*view.tricks_won, *view.cards_left, *view.totals, *view.bags))
        assert all(type(c) is int for c in (*view.hand, *view.trick, *view.legal))
