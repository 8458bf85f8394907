"""The arena: bots play each other, and a JSON summary says who is stronger (``python -m spades arena``).

A *contender* is a built-in level name (``beginner``, ``standard``,
``expert``), a member of the opponent field (:data:`~spades.bots.FIELD`, e.g.
``setter``) or ``cmd:COMMAND``, an external program speaking the
``spades-bot/1`` protocol (:mod:`spades.formats.protocol`); each seat gets its own
instance (its own process for ``cmd:``).  ``LEVEL,OTHER`` seats two
different contenders in one partnership: the first at North (East), the
other at South (West).

Modes:

* single hands (default): deal ``i`` is hand ``i`` of the seed's deal
  sequence (:func:`spades.rng.deal_masks`), dealt by seat ``i % 4``, played
  from 0–0 with no bags;
* whole games (``games=True``): game ``i`` is ``Game(rules, seed=seed + i)``
  played to the target (at most 200 hands); ``deals`` counts games.

With ``duplicate`` each deal (or game) is played twice with the
partnerships swapped, which cancels most of the luck of the cards.

``jobs`` processes play the deals (:func:`run_arena`; ``--jobs``, default every core on the command line):
every bot is seeded per deal, table and seat, so the summary is exactly a serial run's but for the decision
times.  :func:`run_field` (``--field``) plays one contender against every member of the field over the
same deals and sums the pool up as well.

Single hands start with no bags, so a bag would cost nothing there; in
that mode ``points_per_hand`` charges each new bag its long-run cost,
``bags_penalty / bags_limit`` (10 points by default), instead of the
penalty at the limit (``raw_points_per_hand`` is the hand's score as
written).  In games mode both are the real score.

Summary (all points are per hand, from each contender's side of the table):
``sides.ns`` / ``sides.ew`` describe the contenders given as ``ns`` and
``ew`` (they sit East–West at the duplicate table): ``points_per_hand``,
``raw_points_per_hand``, ``contracts_made_pct``, ``nil`` and ``blind_nil`` (``bids``, ``made``),
``bags_per_hand``, ``games_won``.  ``difference`` is ``ns`` minus ``ew`` in
points per hand with a 95% confidence interval (normal approximation over
independent deals, or games; a duplicate pair counts as one).  ``time_ms``
gives the decision-time percentiles (p50, p95, max) of each contender, for
all decisions and for card plays only.
"""

from __future__ import annotations

import argparse
import json
import math
import multiprocessing
import os
import queue
import select
import shlex
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from typing import Any, Protocol

from ..cards import JOKER_DECK, STANDARD_DECK, Seat, mask_cards
from ..errors import RulesError, SpadesError, brief
from ..formats.protocol import PROTOCOL, move_from_json, move_request
from ..game import Game, Phase, View
from ..jsontext import load_json
from ..rng import deal_masks
from ..rules import Rules
from . import FIELD, LEVELS, make_bot
from .serve import serve

MAX_HANDS = 200
BUILTIN: tuple[str, ...] = tuple(dict.fromkeys((*LEVELS, *FIELD)))
"""Every built-in contender: the levels and the opponent field."""


class Player(Protocol):
    """What sits at a seat: ``decide(view)`` returns a move (bid or card number)."""

    def decide(self, view: View) -> int: ...

    def close(self, abort: bool = False) -> None: ...


class BuiltinPlayer:
    """A built-in bot at one seat."""

    def __init__(self, level: str, seed: int, options: dict[str, Any] | None = None) -> None:
        try:
            self.bot = make_bot(level, seed, **(options or {}))
        except (ValueError, TypeError) as error:
            raise SpadesError(f"cannot make a {brief(level)} bot: {brief(str(error), 120)}") from None

    def decide(self, view: View) -> int:
        return self.bot.decide(view).move

    def close(self, abort: bool = False) -> None:
        pass


MAX_LINE = 64 * 1024
"""The longest line, in bytes, an external bot may send; a longer one stops the match."""
TIMEOUT = 30.0
"""Seconds an external bot has to answer each message."""
START_TIMEOUT = 5.0
"""Seconds an external bot has at least to answer ``hello``: starting its process takes time (Python's own start
on a busy machine can take longer than a short ``--timeout``), whatever the bound on each later answer."""
QUIT_GRACE = 5.0
"""Seconds a well-behaved bot has to exit after ``quit`` before it is killed."""


class _Failure:
    """What the reader thread found wrong with a bot's output."""

    __slots__ = ("reason",)

    def __init__(self, reason: str) -> None:
        self.reason = reason


def _echo(value: object, limit: int = 60) -> str:
    """A bot's line (text) or answer (JSON value) quoted briefly in an error."""
    try:
        text = value if isinstance(value, str) else json.dumps(value, ensure_ascii=False)
    except ValueError:  # an integer beyond the digit limit
        text = brief(value, limit)
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 1] + "…"


class ExternalPlayer:
    """An external protocol bot (``cmd:COMMAND``) at one seat, in its own process.

    The process (and anything it starts, in its own process group) is stopped by :meth:`close`, and at once
    when the bot misbehaves: it fails ``hello``, exits, does not answer within ``timeout`` seconds, sends a line
    longer than :data:`MAX_LINE` bytes, text that is not UTF-8 or JSON, a second answer, or a bad or illegal
    move.  Each of these raises a one-line :class:`~spades.errors.SpadesError` naming the bot, the seat and
    what was wrong.
    """

    def __init__(self, command: str, seat: Seat, timeout: float = TIMEOUT) -> None:
        self.command = command
        self.seat = Seat(seat)
        self.timeout = timeout
        argv = command_argv(command)
        self.who = f"bot {bot_name(argv)!r} at {self.seat.name}"
        self._failed = False
        try:
            self.proc = subprocess.Popen(
                argv,
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                bufsize=0,
                start_new_session=os.name == "posix",
            )
        except (OSError, ValueError) as error:
            reason = _echo(getattr(error, "strerror", None) or str(error), 100)
            raise SpadesError(f"cannot start bot '{_echo(command)}' for {self.seat.name}: {reason}") from None
        self._items: queue.Queue[list[str] | _Failure | None] = queue.Queue()
        threading.Thread(target=self._read, name=f"{self.who} reader", daemon=True).start()
        try:
            hello = {"type": "hello", "protocol": PROTOCOL, "seat": self.seat.name}
            answer = self._ask(hello, "hello", max(self.timeout, START_TIMEOUT))
            if answer.get("type") != "ready":
                raise self._error(f'answered hello with {_echo(answer)}, not {{"type": "ready"}}')
        except BaseException:
            self._failed = True
            self.close()
            raise

    # ------------------------------------------------------------ the pipes

    def _read(self) -> None:
        """Reader thread: queue each chunk's complete, non-blank lines (one list per chunk), or a failure."""
        stream = self.proc.stdout
        assert stream is not None
        pending = b""
        try:
            while True:
                chunk = stream.read(MAX_LINE)
                if not chunk:
                    break
                *lines, pending = (pending + chunk).split(b"\n")
                if len(pending) > MAX_LINE or any(len(line) > MAX_LINE for line in lines):
                    self._items.put(_Failure(f"sent a line longer than {MAX_LINE // 1024} KB"))
                    return
                texts = self._decode(lines)
                if texts is None:
                    return
                if texts:
                    self._items.put(texts)
            texts = self._decode([pending])  # a last line without its newline
            if texts:
                self._items.put(texts)
        except (OSError, ValueError):  # the pipe was closed under us
            pass
        finally:
            self._items.put(None)
            stream.close()

    def _decode(self, lines: list[bytes]) -> list[str] | None:
        texts = []
        for line in lines:
            try:
                text = line.decode("utf-8")
            except UnicodeDecodeError as error:
                self._items.put(_Failure(f"sent bytes that are not UTF-8 (offset {error.start} of a line)"))
                return None
            if text.strip():
                texts.append(text)
        return texts

    def _send(self, message: dict[str, Any]) -> None:
        """Write one line to the bot; a bot that stops reading its input fails after ``timeout`` seconds."""
        stdin = self.proc.stdin
        assert stdin is not None
        data = memoryview((json.dumps(message, ensure_ascii=False) + "\n").encode("utf-8"))
        deadline = time.monotonic() + self.timeout
        try:
            fd = stdin.fileno()
            if os.name == "posix":
                os.set_blocking(fd, False)
            while data:
                if os.name == "posix":
                    remaining = deadline - time.monotonic()
                    if remaining <= 0 or not select.select([], [fd], [], remaining)[1]:
                        raise self._error(f"did not read its input within {self.timeout:g} s")
                try:
                    data = data[os.write(fd, data) :]
                except BlockingIOError:
                    continue
        except SpadesError:
            raise
        except (OSError, ValueError):  # a closed pipe: the bot has gone
            raise self._error(self._exited()) from None

    def _exited(self) -> str:
        try:
            status = self.proc.wait(timeout=1)
        except subprocess.TimeoutExpired:
            return "closed its output"
        return f"has exited (status {status})"

    def _error(self, reason: str) -> SpadesError:
        """Stop the bot at once and return the error to raise."""
        self._failed = True
        self._kill()
        return SpadesError(f"{self.who}: {reason}")

    def _take(self, item: list[str] | _Failure | None) -> list[str]:
        if item is None:
            raise self._error(self._exited())
        if isinstance(item, _Failure):
            raise self._error(item.reason)
        return item

    def _ask(self, message: dict[str, Any], what: str, timeout: float | None = None) -> dict[str, Any]:
        """Send ``message`` and return the one JSON object the bot answers within ``timeout`` seconds (``None``: the
        bot's own ``timeout``)."""
        wait = self.timeout if timeout is None else timeout
        try:
            early = self._items.get_nowait()
        except queue.Empty:
            pass
        else:
            lines = self._take(early)
            raise self._error(f"sent a line nobody asked for (a second answer?): {_echo(lines[0])}")
        self._send(message)
        try:
            item = self._items.get(timeout=wait)
        except queue.Empty:
            raise self._error(f"did not answer {what} within {wait:g} s") from None
        lines = self._take(item)
        if len(lines) > 1:
            raise self._error(f"answered {what} {len(lines)} times (one line per answer): {_echo(lines[1])}")
        try:
            answer = load_json(lines[0], "its answer")
        except SpadesError as error:
            raise self._error(f"{error}: {_echo(lines[0])}") from None
        if not isinstance(answer, dict):
            raise self._error(f"answered {what} with {_echo(answer)}, not a JSON object")
        return answer

    # ------------------------------------------------------------ the seat

    def decide(self, view: View) -> int:
        ask = "a bid request" if view.phase is Phase.BIDDING else "a card request"
        answer = self._ask(move_request(view), ask)
        if "move" not in answer:
            raise self._error(f"answered {ask} without a move: {_echo(answer)}")
        try:
            move = move_from_json(view.phase, answer["move"])
        except SpadesError as error:
            raise self._error(f"sent a bad move: {error}") from None
        if move not in view.legal:
            raise self._error(f"chose an illegal move: {_echo(answer['move'])}")
        return move

    def _kill(self) -> None:
        """Kill the bot and everything it started (its process group on POSIX)."""
        try:
            if os.name == "posix":
                os.killpg(self.proc.pid, signal.SIGKILL)
            else:
                self.proc.kill()
        except OSError:  # already gone
            pass

    def close(self, abort: bool = False) -> None:
        """Say ``quit``; kill the bot if it does not exit within :data:`QUIT_GRACE` seconds.

        With ``abort`` (the match failed), or when this bot failed, kill it at once.
        """
        self._failed = self._failed or abort
        stdin = self.proc.stdin
        if not self._failed and self.proc.poll() is None:
            try:
                assert stdin is not None
                os.write(stdin.fileno(), b'{"type": "quit"}\n')  # small enough never to block
            except (OSError, ValueError):
                pass
        try:
            if stdin is not None:
                stdin.close()
        except OSError:
            pass
        if not self._failed:
            try:
                self.proc.wait(timeout=QUIT_GRACE)
            except subprocess.TimeoutExpired:
                pass
        self._kill()  # whatever is left: the bot if it lingers, and processes it started
        self.proc.wait()


def command_argv(command: str) -> list[str]:
    """The program and arguments of a ``cmd:`` contender's command (shell-like quoting, no shell).

    >>> command_argv("python3 'my bot.py' --fast")
    ['python3', 'my bot.py', '--fast']
    """
    try:
        argv = shlex.split(command)
    except ValueError as error:
        raise SpadesError(f"cannot read the bot command {brief(command, 48)}: {error}") from None
    if not argv:
        raise SpadesError("cmd: needs a command after it, e.g. cmd:python3 mybot.py")
    return argv


def bot_name(argv: Sequence[str], limit: int = 60) -> str:
    """A short name for a bot command: paths shortened to their last part, the middle cut if still long.

    >>> bot_name(["/usr/bin/python3", "/home/me/bots/first.py", "--fast"])
    'python3 first.py --fast'
    """
    name = " ".join(os.path.basename(arg.rstrip("/\\")) or arg if "/" in arg or "\\" in arg else arg for arg in argv)
    name = " ".join(name.split())
    if len(name) > limit:
        half = (limit - 1) // 2
        name = name[:half] + "…" + name[-half:]
    return name


def split_pair(spec: str) -> tuple[str, str]:
    """The two seats' contenders of ``spec``: ``"expert,standard"`` gives N (or E) the expert and S (or W) the
    standard bot; a spec without a comma after a level name sits at both seats.

    >>> split_pair("expert,standard"), split_pair("cmd:python3 bot.py --x=1,2")
    (('expert', 'standard'), ('cmd:python3 bot.py --x=1,2', 'cmd:python3 bot.py --x=1,2'))
    """
    first, comma, second = spec.partition(",")
    if comma and first.strip() in BUILTIN:
        return first.strip(), second.strip()
    return spec, spec


def check_contender(spec: str) -> None:
    """Raise a :class:`~spades.errors.SpadesError` unless ``spec`` names contenders :func:`make_player` can seat."""
    if not isinstance(spec, str):
        raise SpadesError(f"a contender must be text, got {brief(spec)}")
    for part in split_pair(spec):
        if part.startswith("cmd:"):
            command_argv(part[4:].strip())
        elif part not in BUILTIN:
            raise SpadesError(f"unknown contender {brief(part)} (known: {', '.join(BUILTIN)}, or cmd:COMMAND)")


def make_player(
    spec: str, seat: Seat, seed: int, options: dict[str, Any] | None = None, timeout: float = TIMEOUT
) -> Player:
    """A player for contender ``spec`` (level name or ``cmd:COMMAND``) at ``seat``."""
    if spec.startswith("cmd:"):
        return ExternalPlayer(spec[4:].strip(), seat, timeout)
    return BuiltinPlayer(spec, seed, options)


@dataclass
class _Side:
    """Running statistics of one contender."""

    hands: int = 0
    points: float = 0.0
    raw_points: int = 0
    contracts: int = 0
    made: int = 0
    nil_bids: int = 0
    nil_made: int = 0
    blind_bids: int = 0
    blind_made: int = 0
    bags: int = 0
    games_won: int = 0
    times: list[float] = field(default_factory=list)
    play_times: list[float] = field(default_factory=list)


def _percentiles(times: list[float]) -> dict[str, float | int]:
    if not times:
        return {"decisions": 0, "p50": 0.0, "p95": 0.0, "max": 0.0}
    ordered = sorted(times)

    def pick(q: float) -> float:
        return round(ordered[min(len(ordered) - 1, math.ceil(q * len(ordered)) - 1)] * 1000, 2)

    return {"decisions": len(ordered), "p50": pick(0.5), "p95": pick(0.95), "max": round(ordered[-1] * 1000, 2)}


def _record_hand(game: Game, sides: Sequence[_Side], bag_cost: float | None) -> float:
    """Add the last scored hand to ``sides`` (by team); return NS points minus EW points.

    With ``bag_cost`` (single hands) a team's points are its contract and nil points less ``bag_cost``
    per new bag, instead of the penalty a full game would charge when the bags reach the limit.
    """
    result = game.results[-1]
    points = [0.0, 0.0]
    for team in (0, 1):
        side = sides[team]
        score = result.teams[team]
        side.hands += 1
        side.raw_points += score.points
        if bag_cost is None:
            points[team] = score.points
        else:
            points[team] = score.contract_points + score.nil_points - bag_cost * score.new_bags
        side.points += points[team]
        side.bags += score.new_bags
        if score.made is not None:
            side.contracts += 1
            side.made += int(score.made)
        for seat in (team, team + 2):
            bid = result.bids[seat]
            if bid == 0:
                side.nil_bids += 1
                side.nil_made += int(result.tricks[seat] == 0)
            elif bid == -1:
                side.blind_bids += 1
                side.blind_made += int(result.tricks[seat] == 0)
    return points[0] - points[1]


def _play_hand(game: Game, players: Sequence[Player], sides: Sequence[_Side]) -> None:
    while game.phase is Phase.BIDDING or game.phase is Phase.PLAYING:
        seat = game.turn
        assert seat is not None
        view = game.view(seat)
        start = time.perf_counter()
        move = players[seat].decide(view)
        spent = time.perf_counter() - start
        side = sides[seat % 2]
        side.times.append(spent)
        if game.phase is Phase.PLAYING:
            side.play_times.append(spent)
        game.apply(move)


def _close_all(players: Sequence[Player], abort: bool = False) -> None:
    """Close every player, even when closing one of them is interrupted."""
    try:
        if players:
            players[0].close(abort)
    finally:
        if len(players) > 1:
            _close_all(players[1:], abort)


@dataclass(frozen=True)
class _Task:
    """One deal (or game) of a match, everything a worker process needs to play it alone."""

    ns: str
    ew: str
    index: int
    seed: int
    duplicate: bool
    games: bool
    rules: Rules
    options: dict[str, dict[str, Any]]
    timeout: float


def _play_deal(task: _Task) -> tuple[_Side, _Side, float]:
    """Play deal ``task.index`` (twice, partnerships swapped, with ``duplicate``).

    Returns the statistics of the ``ns`` and ``ew`` contenders over this deal and the unit's difference (``ns``
    minus ``ew`` in points per hand).  Every seat's bot is seeded from the seed, the deal's index, the table and
    the seat only, so a deal gives the same result whichever process plays it and whatever was played before.
    """
    rules = task.rules
    index = task.index
    specs = (task.ns, task.ew)
    stats = (_Side(), _Side())
    deck = JOKER_DECK if rules.jokers else STANDARD_DECK
    tables = ((0, 1), (1, 0)) if task.duplicate else ((0, 1),)
    bag_cost = rules.bags_penalty / rules.bags_limit if rules.bags_limit else 0.0
    unit_diff = 0.0
    unit_hands = 0
    for table, (ns_side, ew_side) in enumerate(tables):
        players: list[Player] = []
        sides = (stats[ns_side], stats[ew_side])
        sign = 1 if ns_side == 0 else -1
        try:
            for seat in Seat:
                who = ns_side if seat % 2 == 0 else ew_side
                bot_seed = (task.seed * 7919 + index * 31 + table * 7 + seat) & 0x7FFFFFFF
                spec = split_pair(specs[who])[seat // 2]
                players.append(make_player(spec, seat, bot_seed, task.options.get(spec), task.timeout))
            if task.games:
                game = Game(rules, seed=task.seed + index, dealer=Seat(index % 4))
                while True:
                    _play_hand(game, players, sides)
                    unit_diff += sign * _record_hand(game, sides, None)
                    unit_hands += 1
                    if game.phase is Phase.GAME_OVER or len(game.results) >= MAX_HANDS:
                        break
                    game.next_hand()
                if game.winner is not None:
                    sides[int(game.winner)].games_won += 1
            else:
                masks = deal_masks(task.seed, index, deck)
                deal = {Seat(s).name: list(mask_cards(masks[s])) for s in range(4)}
                game = Game(rules, seed=task.seed, dealer=Seat(index % 4), deal=deal)
                _play_hand(game, players, sides)
                unit_diff += sign * _record_hand(game, sides, bag_cost)
                unit_hands += 1
        except BaseException:  # a failing bot, a bug, or KeyboardInterrupt: stop every bot of this table now
            _close_all(players, abort=True)
            raise
        _close_all(players)
    return stats[0], stats[1], unit_diff / unit_hands


def _add(total: _Side, part: _Side) -> None:
    """Add the statistics ``part`` to ``total``."""
    for name in ("hands", "points", "raw_points", "contracts", "made", "nil_bids", "nil_made", "blind_bids",
                 "blind_made", "bags", "games_won"):  # fmt: skip
        setattr(total, name, getattr(total, name) + getattr(part, name))
    total.times.extend(part.times)
    total.play_times.extend(part.play_times)


def default_jobs() -> int:
    """The processes ``--jobs`` uses by default: every core this process may run on."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except (AttributeError, OSError):
        return max(1, os.cpu_count() or 1)


def _play_all(
    tasks: Sequence[_Task],
    jobs: int,
    progress: Callable[[int, int], None] | None,
    done: Callable[[list[tuple[_Side, _Side, float]]], None] | None = None,
) -> list[tuple[_Side, _Side, float]]:
    """Play every task, in ``jobs`` processes when more than one; the results come back in the tasks' order.
    ``done`` is told the results so far after each (in order: a prefix of the tasks).

    A deal's result does not depend on the process that played it (see :func:`_play_deal`), so any ``jobs``
    gives exactly the results of a serial run (the decision times aside).
    """
    results: list[tuple[_Side, _Side, float]] = []
    total = len(tasks)

    def took(result: tuple[_Side, _Side, float]) -> None:
        results.append(result)
        if progress:
            progress(len(results), total)
        if done:
            done(results)

    if jobs <= 1 or total <= 1:
        for task in tasks:
            took(_play_deal(task))
        return results
    workers = min(jobs, total)
    chunk = max(1, min(8, total // (workers * 4)))
    pool = ProcessPoolExecutor(max_workers=workers, mp_context=multiprocessing.get_context("spawn"))
    try:
        for result in pool.map(_play_deal, tasks, chunksize=chunk):
            took(result)
    except BaseException:
        pool.shutdown(wait=True, cancel_futures=True)
        raise
    pool.shutdown()
    return results


def _check_match(deals: int, seed: int, jobs: int | None) -> int:
    if type(deals) is not int or deals < 0:
        raise SpadesError(f"deals must be a whole number, got {brief(deals)}")
    if type(seed) is not int:
        raise SpadesError(f"the seed must be an integer, got {brief(seed)}")
    if jobs is None:
        return default_jobs()
    if type(jobs) is not int or jobs < 1:
        raise SpadesError(f"jobs must be a whole number of processes, 1 or more, got {brief(jobs)}")
    return jobs


def _summary(
    ns: str,
    ew: str,
    results: Sequence[tuple[_Side, _Side, float]],
    *,
    deals: int,
    seed: int,
    duplicate: bool,
    games: bool,
    rules: Rules,
) -> dict[str, Any]:
    """The JSON summary of a match's deal results (see the module docstring)."""
    stats = (_Side(), _Side())
    diffs: list[float] = []
    for ns_part, ew_part, diff in results:
        _add(stats[0], ns_part)
        _add(stats[1], ew_part)
        diffs.append(diff)
    n = len(diffs)
    mean = sum(diffs) / n if n else 0.0
    sd = math.sqrt(sum((d - mean) ** 2 for d in diffs) / (n - 1)) if n > 1 else 0.0
    half = 1.96 * sd / math.sqrt(n) if n else 0.0

    def side_json(side: _Side, spec: str) -> dict[str, Any]:
        hands = max(1, side.hands)
        return {
            "bot": spec,
            "hands": side.hands,
            "points_per_hand": round(side.points / hands, 2),
            "raw_points_per_hand": round(side.raw_points / hands, 2),
            "contracts_made_pct": round(100 * side.made / max(1, side.contracts), 1),
            "nil": {"bids": side.nil_bids, "made": side.nil_made},
            "blind_nil": {"bids": side.blind_bids, "made": side.blind_made},
            "bags_per_hand": round(side.bags / hands, 3),
            "games_won": side.games_won,
        }

    return {
        "ns": ns,
        "ew": ew,
        "mode": "games" if games else "hands",
        "deals": deals,
        "duplicate": duplicate,
        "seed": seed,
        "rules": rules.to_dict(),
        "sides": {"ns": side_json(stats[0], ns), "ew": side_json(stats[1], ew)},
        "difference": {
            "points_per_hand": round(mean, 2),
            "ci95": [round(mean - half, 2), round(mean + half, 2)],
            "units": n,
        },
        "time_ms": {
            "ns": {"all": _percentiles(stats[0].times), "play": _percentiles(stats[0].play_times)},
            "ew": {"all": _percentiles(stats[1].times), "play": _percentiles(stats[1].play_times)},
        },
    }


def run_arena(
    ns: str,
    ew: str,
    *,
    deals: int = 100,
    seed: int = 1,
    duplicate: bool = False,
    games: bool = False,
    rules: Rules | None = None,
    options: dict[str, dict[str, Any]] | None = None,
    progress: Callable[[int, int], None] | None = None,
    timeout: float = TIMEOUT,
    jobs: int | None = 1,
) -> dict[str, Any]:
    """Play ``deals`` deals (or games) between contenders ``ns`` and ``ew``; return the summary.

    ``options`` maps a level name to keyword options for its bots (e.g.
    ``{"expert": {"time_budget": None}}``).  ``progress(done, total)`` is
    called after each deal.  ``timeout`` is the seconds an external bot has
    for each answer.  ``jobs`` processes play the deals (``None``: one per
    core); the summary is the same for any ``jobs`` but for ``time_ms``
    (each bot is seeded per deal, so with ``time_budget=None`` for the expert
    every decision is too).  Every process started is stopped before this returns or
    raises (also on ``KeyboardInterrupt``); a misbehaving bot raises a one-line
    :class:`~spades.errors.SpadesError` naming it, its seat and the fault.
    """
    check_contender(ns)
    check_contender(ew)
    jobs = _check_match(deals, seed, jobs)
    rules = rules or Rules()
    tasks = [_Task(ns, ew, i, seed, duplicate, games, rules, options or {}, timeout) for i in range(deals)]
    results = _play_all(tasks, jobs, progress)
    return _summary(ns, ew, results, deals=deals, seed=seed, duplicate=duplicate, games=games, rules=rules)


POOL = "pool"
"""The ``ew`` name of the summary over the whole field (:func:`run_field`)."""


def field_members(spec: str) -> tuple[str, ...]:
    """The pool members named by ``--field``'s ``spec``: ``"all"`` (or empty) for :data:`~spades.bots.FIELD`,
    else a comma-separated list of its members (each once, in the order given).

    >>> field_members("all")[:2], field_members("setter,cautious")
    (('beginner', 'standard'), ('setter', 'cautious'))
    """
    if not isinstance(spec, str):
        raise SpadesError(f"the field must be text, got {brief(spec)}")
    if spec.strip() in ("", "all"):
        return FIELD
    names = tuple(dict.fromkeys(part.strip() for part in spec.split(",")))
    for name in names:
        if name not in FIELD:
            raise SpadesError(f"{brief(name)} is not in the field (members: {', '.join(FIELD)}, or all)")
    return names


def run_field(
    contender: str,
    *,
    members: Sequence[str] = FIELD,
    deals: int = 100,
    seed: int = 1,
    duplicate: bool = True,
    games: bool = False,
    rules: Rules | None = None,
    options: dict[str, dict[str, Any]] | None = None,
    progress: Callable[[int, int], None] | None = None,
    timeout: float = TIMEOUT,
    jobs: int | None = 1,
    each: Callable[[dict[str, Any]], None] | None = None,
) -> dict[str, Any]:
    """Play ``contender`` (North-South) against each of ``members`` (default: the whole field) over the same
    ``deals`` deals each; return ``{"contender", "members": [summary per member], "pool": summary}``.
    ``each`` is given each member's summary as soon as its deals are played (in the members' order), so a long
    run stopped early keeps the members it finished.

    Each member's summary is :func:`run_arena`'s for ``contender`` against it.  ``pool`` is over every deal of
    every member (``ew`` is ``"pool"``; its confidence interval counts each member's deal, or duplicate pair, as
    one unit).  All the members' deals are shared among the ``jobs`` processes together; the result is the
    same for any ``jobs`` (the decision times aside).
    """
    check_contender(contender)
    if isinstance(members, str) or not members:
        raise SpadesError("the field needs at least one member")
    for name in members:
        if name not in FIELD:
            raise SpadesError(f"{brief(name)} is not in the field (members: {', '.join(FIELD)})")
    jobs = _check_match(deals, seed, jobs)
    rules = rules or Rules()
    tasks = [
        _Task(contender, member, i, seed, duplicate, games, rules, options or {}, timeout)
        for member in members
        for i in range(deals)
    ]

    def summary(ew: str, part: Sequence[tuple[_Side, _Side, float]]) -> dict[str, Any]:
        return _summary(contender, ew, part, deals=deals, seed=seed, duplicate=duplicate, games=games, rules=rules)

    summaries: list[dict[str, Any]] = []

    def done(results: list[tuple[_Side, _Side, float]]) -> None:
        if len(results) % deals == 0:  # the deals of member number len(summaries) are all in
            m = len(summaries)
            summaries.append(summary(members[m], results[m * deals : (m + 1) * deals]))
            if each:
                each(summaries[-1])

    results = _play_all(tasks, jobs, progress, done)
    pool = summary(POOL, results)
    pool["members"] = list(members)
    return {"contender": contender, "members": summaries, "pool": pool}


# ---------------------------------------------------------------- command line


def _number(kind: type, low: float, high: float) -> Callable[[str], Any]:
    """An argparse ``type``: ASCII digits only (``int("٣")`` would be 3), within ``low``..``high``."""

    def convert(text: str) -> Any:
        ok = len(text) <= 24 and text.isascii() and text.strip() == text
        try:
            value = kind(text) if ok and "_" not in text else None
        except ValueError:
            value = None
        if value is None or not (low <= value <= high):  # also refuses nan
            bounds = f"{low} to {high}" if kind is int else f"{low:g} to {high:g}"
            raise argparse.ArgumentTypeError(f"must be {bounds}, got {brief(text, 30)}")
        return value

    return convert


def register(commands: Any) -> None:
    """Add the ``arena`` and ``bot`` subcommands to an argparse subparsers object."""
    seconds = _number(float, 0, 3600)
    arena = commands.add_parser("arena", help="bots play each other; prints a JSON summary")
    arena.add_argument("--ns", required=True, help="level name, LEVEL,LEVEL, or cmd:COMMAND (North-South)")
    arena.add_argument("--ew", help="level name, LEVEL,LEVEL, or cmd:COMMAND (East-West); or use --field")
    arena.add_argument("--field", nargs="?", const="all", default=None, metavar="MEMBERS",
                       help="play --ns against each member of the opponent field (all, or a comma-separated "
                            "list); prints a JSON line per member and one for the pool")  # fmt: skip
    arena.add_argument("--deals", type=_number(int, 1, 10**6), default=100,
                       help="deals to play (games with --games)")  # fmt: skip
    arena.add_argument("--seed", type=_number(int, 0, 2**53 - 1), default=1,
                       help="deal sequence and bot seeds")  # fmt: skip
    arena.add_argument("--duplicate", action="store_true", help="play each deal twice, partnerships swapped")
    arena.add_argument("--games", action="store_true", help="whole games to the target instead of single hands")
    arena.add_argument("--rules", default="standard", help="a preset name or a JSON object of rules")
    arena.add_argument("--budget", type=seconds, default=None,
                       help="expert time budget per decision, seconds (0: none)")  # fmt: skip
    arena.add_argument("--timeout", type=_number(float, 0.1, 3600), default=TIMEOUT,
                       help="seconds a cmd: bot has for each answer (for hello at least 5)")  # fmt: skip
    arena.add_argument("--jobs", type=_number(int, 1, 512), default=None,
                       help="processes playing deals in parallel (default: every core); same results as 1")  # fmt: skip
    arena.add_argument("--quiet", action="store_true", help="no progress on standard error")
    bot = commands.add_parser("bot", help="run a built-in bot as a spades-bot/1 protocol bot on stdin/stdout")
    bot.add_argument("--level", default="expert", help="beginner, standard, expert, or a field member (e.g. setter)")
    bot.add_argument("--seed", type=_number(int, 0, 2**53 - 1), default=0)
    bot.add_argument("--budget", type=seconds, default=None, help="expert time budget per decision, seconds (0: none)")


def _rules(text: str) -> Rules:
    text = text.strip()
    if text.startswith("{"):
        try:
            data = load_json(text, "--rules")
        except SpadesError as error:
            raise RulesError(str(error)) from None
        return Rules.from_dict(data)
    return Rules.from_dict({"preset": text})


def _level_options(budget: float | None) -> dict[str, dict[str, Any]]:
    """``--budget``: seconds per expert decision; 0 means no clock (fully reproducible)."""
    if budget is None:
        return {}
    return {"expert": {"time_budget": budget if budget > 0 else None}}


def run_command(args: Any) -> int:
    """Run the ``arena`` or ``bot`` subcommand parsed by :func:`register`; return the exit status."""
    if args.command == "bot":
        if args.level not in BUILTIN:
            raise SpadesError(f"unknown bot level {brief(args.level)} (known: {', '.join(BUILTIN)})")
        bot = BuiltinPlayer(args.level, args.seed, _level_options(args.budget).get(args.level)).bot
        stdin = getattr(sys.stdin, "buffer", sys.stdin)
        stdout = getattr(sys.stdout, "buffer", sys.stdout)
        return serve(bot, stdin, stdout, name=f"spades {args.level}")

    def progress(done: int, total: int) -> None:
        if not args.quiet and (done % 10 == 0 or done == total):
            print(f"\r{done}/{total}", end="\n" if done == total else "", file=sys.stderr, flush=True)

    if args.deals <= 0:
        raise SpadesError("--deals must be positive")
    if (args.ew is None) == (args.field is None):
        raise SpadesError("give either --ew (one opponent) or --field (every member of the pool), not both")
    rules = _rules(args.rules)
    if args.field is not None:
        members = field_members(args.field)
        result = run_field(
            args.ns,
            members=members,
            deals=args.deals,
            seed=args.seed,
            duplicate=args.duplicate,
            games=args.games,
            rules=rules,
            options=_level_options(args.budget),
            progress=progress,
            timeout=args.timeout,
            jobs=args.jobs,
            each=lambda line: print(json.dumps(line, ensure_ascii=False), flush=True),  # a member's line at once
        )
        print(json.dumps(result["pool"], ensure_ascii=False))
        return 0
    summary = run_arena(
        args.ns,
        args.ew,
        deals=args.deals,
        seed=args.seed,
        duplicate=args.duplicate,
        games=args.games,
        rules=rules,
        options=_level_options(args.budget),
        progress=progress,
        timeout=args.timeout,
        jobs=args.jobs,
    )
    print(json.dumps(summary, ensure_ascii=False, indent=1))
    return 0
