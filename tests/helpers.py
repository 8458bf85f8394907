"""What several test files need: the repository's scripts as modules, and quickly played games."""

from __future__ import annotations

import importlib.util
import json
import os
import signal
import subprocess
from pathlib import Path
from types import ModuleType
from typing import Any

from spades import Game, Phase, Rules
from spades.rng import Rng

ROOT = Path(__file__).resolve().parent.parent


def load_script(name: str) -> ModuleType:
    """``scripts/<name>.py`` imported as a module (the scripts are not a package)."""
    spec = importlib.util.spec_from_file_location(f"spades_{name}", ROOT / "scripts" / f"{name}.py")
    assert spec is not None and spec.loader is not None, name
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def start_npm_script(script: str, *options: str) -> tuple[subprocess.Popen[str], dict[str, Any]]:
    """``npm run SCRIPT -- OPTIONS`` (a relay command of docs/online.md), and the JSON line it prints once listening;
    ``AssertionError`` with its error output if it stops first. Stop it with :func:`stop_npm_script`."""
    process = subprocess.Popen(
        ["npm", "run", script, "--", *options],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,  # npm and the node it starts, stopped together
    )
    assert process.stdout is not None and process.stderr is not None
    for line in process.stdout:
        if line.startswith("{"):
            return process, json.loads(line)
    stop_npm_script(process)
    raise AssertionError(f"npm run {script} did not start: {process.stderr.read()}")


def stop_npm_script(process: subprocess.Popen[str]) -> None:
    """Stop what :func:`start_npm_script` started: npm and the node it runs."""
    os.killpg(process.pid, signal.SIGTERM)
    process.wait(10)


def finished_game(seed: int, hands: int | None = None) -> Game:
    """A game of the ``short`` preset played by random legal moves seeded by ``seed``: to its end, or until
    ``hands`` hands are scored. Bids of 1 to 4 where legal keep it from ending on the mercy rule at once."""
    game = Game(Rules.from_dict({"preset": "short"}), seed=seed)
    rng = Rng(seed)
    while game.phase is not Phase.GAME_OVER and (hands is None or len(game.results) < hands):
        if game.phase is Phase.HAND_OVER:
            game.next_hand()
        else:
            legal = game.legal_moves()
            game.apply(rng.choice([b for b in legal if 1 <= b <= 4] or legal) if game.phase is Phase.BIDDING
                       else rng.choice(legal))  # fmt: skip
    return game
