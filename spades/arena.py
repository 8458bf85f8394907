"""The arena: bots play each other, and a JSON summary says who is stronger (``python -m spades arena``).

A *contender* is a built-in level name (``beginner``, ``standard``,
``expert``) or ``cmd:COMMAND``, an external program speaking the
``spades-bot/1`` protocol (:mod:`spades.protocol`); each seat gets its own
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

import json
import math
import queue
import shlex
import subprocess
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from .cards import JOKER_DECK, STANDARD_DECK, Seat, mask_cards
from .errors import SpadesError
from .game import Game, Phase, View
from .protocol import PROTOCOL, move_from_json, move_request
from .rng import deal_masks
from .rules import Rules

MAX_HANDS = 200


class Player(Protocol):
    """What sits at a seat: ``decide(view)`` returns a move (bid or card number)."""

    def decide(self, view: View) -> int: ...

    def close(self) -> None: ...


class BuiltinPlayer:
    """A built-in bot at one seat."""

    def __init__(self, level: str, seed: int, options: dict[str, Any] | None = None) -> None:
        from .bots import make_bot

        self.bot = make_bot(level, seed, **(options or {}))

    def decide(self, view: View) -> int:
        return self.bot.decide(view).move

    def close(self) -> None:
        pass


class ExternalPlayer:
    """An external protocol bot (``cmd:COMMAND``) at one seat, in its own process."""

    def __init__(self, command: str, seat: Seat, timeout: float = 30.0) -> None:
        self.command = command
        self.seat = seat
        self.timeout = timeout
        try:
            self.proc = subprocess.Popen(
                shlex.split(command),
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                text=True,
                encoding="utf-8",
                bufsize=1,
            )
        except OSError as error:
            raise SpadesError(f"cannot start bot {command!r}: {error}") from None
        self.lines: queue.Queue[str | None] = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()
        answer = self._ask({"type": "hello", "protocol": PROTOCOL, "seat": seat.name})
        if answer.get("type") != "ready":
            raise SpadesError(f"bot {command!r} did not answer hello with ready: {answer}")

    def _read(self) -> None:
        assert self.proc.stdout is not None
        for line in self.proc.stdout:
            self.lines.put(line)
        self.lines.put(None)

    def _ask(self, message: dict[str, Any]) -> dict[str, Any]:
        assert self.proc.stdin is not None
        try:
            self.proc.stdin.write(json.dumps(message, ensure_ascii=False) + "\n")
            self.proc.stdin.flush()
        except OSError:
            raise SpadesError(f"bot {self.command!r} at {self.seat.name} has exited") from None
        while True:
            try:
                line = self.lines.get(timeout=self.timeout)
            except queue.Empty:
                who = f"bot {self.command!r} at {self.seat.name}"
                raise SpadesError(f"{who} did not answer in {self.timeout}s") from None
            if line is None:
                raise SpadesError(f"bot {self.command!r} at {self.seat.name} has exited")
            if line.strip():
                break
        try:
            answer = json.loads(line)
        except json.JSONDecodeError:
            raise SpadesError(f"bot {self.command!r} at {self.seat.name} sent non-JSON: {line.strip()!r}") from None
        if not isinstance(answer, dict):
            raise SpadesError(f"bot {self.command!r} at {self.seat.name} sent {answer!r}, not an object")
        return answer

    def decide(self, view: View) -> int:
        answer = self._ask(move_request(view))
        if "move" not in answer:
            raise SpadesError(f"bot {self.command!r} at {self.seat.name} answered without a move: {answer}")
        try:
            move = move_from_json(view.phase, answer["move"])
        except SpadesError as error:
            raise SpadesError(f"bot {self.command!r} at {self.seat.name} sent a bad move: {error}") from None
        if move not in view.legal:
            raise SpadesError(f"bot {self.command!r} at {self.seat.name} chose an illegal move: {answer['move']!r}")
        return move

    def close(self) -> None:
        try:
            if self.proc.stdin is not None:
                self.proc.stdin.write(json.dumps({"type": "quit"}) + "\n")
                self.proc.stdin.close()
        except OSError:
            pass
        try:
            self.proc.wait(timeout=5)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()


def split_pair(spec: str) -> tuple[str, str]:
    """The two seats' contenders of ``spec``: ``"expert,standard"`` gives N (or E) the expert and S (or W) the
    standard bot; a spec without a comma after a level name sits at both seats.

    >>> split_pair("expert,standard"), split_pair("cmd:python3 bot.py --x=1,2")
    (('expert', 'standard'), ('cmd:python3 bot.py --x=1,2', 'cmd:python3 bot.py --x=1,2'))
    """
    from .bots import LEVELS

    first, comma, second = spec.partition(",")
    if comma and first.strip() in LEVELS:
        return first.strip(), second.strip()
    return spec, spec


def make_player(spec: str, seat: Seat, seed: int, options: dict[str, Any] | None = None) -> Player:
    """A player for contender ``spec`` (level name or ``cmd:COMMAND``) at ``seat``."""
    if spec.startswith("cmd:"):
        return ExternalPlayer(spec[4:].strip(), seat)
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
) -> dict[str, Any]:
    """Play ``deals`` deals (or games) between contenders ``ns`` and ``ew``; return the summary.

    ``options`` maps a level name to keyword options for its bots (e.g.
    ``{"expert": {"time_budget": None}}``).  ``progress(done, total)`` is
    called after each deal.
    """
    rules = rules or Rules()
    options = options or {}
    specs = (ns, ew)
    stats = (_Side(), _Side())
    diffs: list[float] = []
    deck = JOKER_DECK if rules.jokers else STANDARD_DECK
    tables = ((0, 1), (1, 0)) if duplicate else ((0, 1),)
    bag_cost = rules.bags_penalty / rules.bags_limit if rules.bags_limit else 0.0
    for index in range(deals):
        unit_diff = 0.0
        unit_hands = 0
        for table, (ns_side, ew_side) in enumerate(tables):
            players: list[Player] = []
            for seat in Seat:
                who = ns_side if seat % 2 == 0 else ew_side
                bot_seed = (seed * 7919 + index * 31 + table * 7 + seat) & 0x7FFFFFFF
                spec = split_pair(specs[who])[seat // 2]
                players.append(make_player(spec, seat, bot_seed, options.get(spec)))
            sides = (stats[ns_side], stats[ew_side])
            sign = 1 if ns_side == 0 else -1
            try:
                if games:
                    game = Game(rules, seed=seed + index, dealer=Seat(index % 4))
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
                    masks = deal_masks(seed, index, deck)
                    deal = {Seat(s).name: list(mask_cards(masks[s])) for s in range(4)}
                    game = Game(rules, seed=seed, dealer=Seat(index % 4), deal=deal)
                    _play_hand(game, players, sides)
                    unit_diff += sign * _record_hand(game, sides, bag_cost)
                    unit_hands += 1
            finally:
                for player in players:
                    player.close()
        diffs.append(unit_diff / unit_hands)
        if progress:
            progress(index + 1, deals)
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


# ---------------------------------------------------------------- command line


def register(commands: Any) -> None:
    """Add the ``arena`` and ``bot`` subcommands to an argparse subparsers object."""
    arena = commands.add_parser("arena", help="bots play each other; prints a JSON summary")
    arena.add_argument("--ns", required=True, help="level name, LEVEL,LEVEL, or cmd:COMMAND (North-South)")
    arena.add_argument("--ew", required=True, help="level name, LEVEL,LEVEL, or cmd:COMMAND (East-West)")
    arena.add_argument("--deals", type=int, default=100, help="deals to play (games with --games)")
    arena.add_argument("--seed", type=int, default=1, help="deal sequence and bot seeds")
    arena.add_argument("--duplicate", action="store_true", help="play each deal twice, partnerships swapped")
    arena.add_argument("--games", action="store_true", help="whole games to the target instead of single hands")
    arena.add_argument("--rules", default="standard", help="a preset name or a JSON object of rules")
    arena.add_argument("--budget", type=float, default=None, help="expert time budget per decision, seconds (0: none)")
    arena.add_argument("--quiet", action="store_true", help="no progress on standard error")
    bot = commands.add_parser("bot", help="run a built-in bot as a spades-bot/1 protocol bot on stdin/stdout")
    bot.add_argument("--level", default="expert", help="beginner, standard or expert")
    bot.add_argument("--seed", type=int, default=0)
    bot.add_argument("--budget", type=float, default=None, help="expert time budget per decision, seconds (0: none)")


def _rules(text: str) -> Rules:
    text = text.strip()
    if text.startswith("{"):
        try:
            data = json.loads(text)
        except json.JSONDecodeError as error:
            raise SpadesError(f"--rules is not JSON: {error}") from None
        return Rules.from_dict(data)
    return Rules.from_dict({"preset": text})


def _level_options(budget: float | None) -> dict[str, dict[str, Any]]:
    """``--budget``: seconds per expert decision; 0 means no clock (fully reproducible)."""
    if budget is None:
        return {}
    return {"expert": {"time_budget": budget if budget > 0 else None}}


def run_command(args: Any) -> int:
    """Run the ``arena`` or ``bot`` subcommand parsed by :func:`register`; return the exit status."""
    import sys

    if args.command == "bot":
        from .bots import make_bot
        from .protocol import serve

        bot = make_bot(args.level, args.seed, **_level_options(args.budget).get(args.level, {}))
        return serve(bot, sys.stdin, sys.stdout, name=f"spades {args.level}")

    def progress(done: int, total: int) -> None:
        if not args.quiet and (done % 10 == 0 or done == total):
            print(f"\r{done}/{total}", end="\n" if done == total else "", file=sys.stderr, flush=True)

    if args.deals <= 0:
        raise SpadesError("--deals must be positive")
    summary = run_arena(
        args.ns,
        args.ew,
        deals=args.deals,
        seed=args.seed,
        duplicate=args.duplicate,
        games=args.games,
        rules=_rules(args.rules),
        options=_level_options(args.budget),
        progress=progress,
    )
    print(json.dumps(summary, ensure_ascii=False, indent=1))
    return 0
