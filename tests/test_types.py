"""The engine is type-checked (mypy strict over spades/, [tool.mypy] in pyproject.toml); what the checker cannot see
is said where it is skipped, and the functions typed to take any value check it.

Every ``# type: ignore`` in spades/ names its error codes and says why on the same line, e.g.
``# type: ignore[no-any-return]  # the rule built the object it returns``; mypy itself reports an ignore that hides
nothing (``warn_unused_ignores``) and one without a code (``ignore-without-code``).
"""

from __future__ import annotations

import io
import re
import tokenize
from pathlib import Path

import pytest

from spades.cards import Seat, Team
from spades.errors import ParseError, RecordError
from spades.formats.protocol import result_from_json, result_to_json, view_from_json, view_to_json
from spades.formats.record import from_record
from spades.game import Game

ROOT = Path(__file__).resolve().parent.parent
ENGINE = ROOT / "spades"
IGNORE = re.compile(r"type:\s*ignore\b")
EXPLAINED = re.compile(r"type: ignore\[[a-z][a-z-]*(?:, [a-z][a-z-]*)*\] +# +\S.*")


def ignores(path: Path) -> list[tuple[int, str]]:
    """The ``type: ignore`` comments of one Python file: (line, comment text from ``type:`` on)."""
    found = []
    for token in tokenize.generate_tokens(io.StringIO(path.read_text(encoding="utf-8")).readline):
        if token.type == tokenize.COMMENT and (match := IGNORE.search(token.string)):
            found.append((token.start[0], token.string[match.start() :]))
    return found


def unexplained(path: Path) -> list[str]:
    """``path:line: comment`` for each ignore that does not name its codes and give a reason."""
    name = path.relative_to(ROOT).as_posix() if path.is_relative_to(ROOT) else path.name
    return [f"{name}:{line}: {text}" for line, text in ignores(path) if not EXPLAINED.fullmatch(text)]


def test_the_pattern_accepts_an_explained_ignore_and_refuses_the_others(tmp_path: Path) -> None:
    sample = tmp_path / "sample.py"
    sample.write_text(
        "a = f(x)  # type: ignore[arg-type]  # JSON checked by validate() above\n"
        "b = g(y)  # type: ignore[arg-type, union-attr]  # both checked above\n"
        "c = h(z)  # type: ignore[arg-type]\n"
        "d = k(w)  # type: ignore\n"
        "e = m(v)  # type: ignore  # a reason but no code\n"
        "f = 'not a comment: # type: ignore'\n",
        encoding="utf-8",
    )
    assert [line for line, _ in ignores(sample)] == [1, 2, 3, 4, 5]
    assert [line.split(":")[1] for line in unexplained(sample)] == ["3", "4", "5"]


def test_every_type_ignore_in_the_engine_names_its_code_and_says_why() -> None:
    files = sorted(ENGINE.rglob("*.py"))
    assert len(files) > 20
    bad = [entry for path in files for entry in unexplained(path)]
    assert bad == []


@pytest.mark.parametrize("value", [None, 3, ["N"], "north", "", "X"])
def test_seat_and_team_parse_refuse_any_other_value_with_a_parse_error(value: object) -> None:
    with pytest.raises(ParseError, match=r"^not a seat: "):
        Seat.parse(value)
    with pytest.raises(ParseError, match=r"^not a team: "):
        Team.parse(value)
    assert Seat.parse("w") is Seat.W and Team.parse("ew") is Team.EW


@pytest.mark.parametrize("value", [None, [], "{}", 7])
def test_a_view_or_a_record_that_is_not_an_object_is_refused_in_one_line(value: object) -> None:
    with pytest.raises(ParseError, match=r"^malformed view: expected an object, got ") as refused:
        view_from_json(value)
    assert "\n" not in str(refused.value)
    with pytest.raises(RecordError, match="a record must be a JSON object"):
        from_record(value)


def test_a_view_round_trips_through_json_still() -> None:
    game = Game(seed=4)
    view = game.view(Seat.S)
    assert view_from_json(view_to_json(view)) == view


def test_a_scored_hand_needs_every_bid() -> None:
    game = Game(seed=9)
    while not game.results:
        game.apply(game.legal_moves()[0])
    data = result_to_json(game.results[0])
    assert result_from_json(data) == game.results[0]
    for bid in (None, "two", 14):
        with pytest.raises(ParseError, match=r"^not a bid: "):
            result_from_json({**data, "bids": {**data["bids"], "E": bid}})
