"""The installed package: ``pip install .`` (not editable) into a fresh venv, then it plays from there.

Everything runs outside the source tree, so a module or data file left out of
the package fails here (``pip install .`` once left out ``spades/bots/``).
pip builds the package as any user's would, in an isolated build environment
with the build requirements of ``pyproject.toml`` from the package index.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

from spades import Game
from spades.formats.protocol import PROTOCOL, move_from_json, move_request

ROOT = Path(__file__).resolve().parent.parent


def run(args: list[str], cwd: Path, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    env = {key: value for key, value in os.environ.items() if not key.startswith("PYTHON")}
    proc = subprocess.run(args, cwd=cwd, env=env, input=stdin, capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, f"{args} failed:\n{proc.stdout[-2000:]}\n{proc.stderr[-2000:]}"
    return proc


def test_the_installed_package_runs_the_bot_and_the_arena(tmp_path: Path) -> None:
    # A copy of what the package is built from: a build never writes into the working tree.
    source = tmp_path / "source"
    source.mkdir()
    for name in ("pyproject.toml", "README.md"):  # what the build reads
        shutil.copy(ROOT / name, source / name)
    shutil.copytree(ROOT / "spades", source / "spades", ignore=shutil.ignore_patterns("__pycache__"))
    venv = tmp_path / "venv"
    run([sys.executable, "-m", "venv", str(venv)], cwd=tmp_path)
    python = str(venv / ("Scripts/python.exe" if os.name == "nt" else "bin/python"))
    run([python, "-m", "pip", "install", "-q", "--no-deps", str(source)], cwd=tmp_path)
    shutil.rmtree(source)  # nothing can be imported from the copy any more

    work = tmp_path / "elsewhere"
    work.mkdir()
    where = run([python, "-c", "import spades, spades.bots; print(spades.__file__)"], cwd=work).stdout.strip()
    assert Path(where).is_relative_to(venv), where

    game = Game(seed=4)
    view = game.view(game.turn)  # type: ignore[arg-type]
    requests = [{"type": "hello", "protocol": PROTOCOL, "seat": view.seat.name}, move_request(view), {"type": "quit"}]
    stdin = "".join(json.dumps(r) + "\n" for r in requests)
    lines = run([python, "-m", "spades", "bot", "--level", "expert"], cwd=work, stdin=stdin).stdout.splitlines()
    ready, answer = (json.loads(line) for line in lines)
    assert ready["type"] == "ready"
    assert move_from_json(view.phase, answer["move"]) in view.legal
    assert answer["explanation"]  # the message catalog (package data) was found

    arena = run([python, "-m", "spades", "arena", "--ns", "standard", "--ew", "beginner", "--deals", "2", "--quiet"],
                cwd=work)  # fmt: skip
    summary = json.loads(arena.stdout)
    assert summary["sides"]["ns"]["hands"] == 2 and summary["sides"]["ew"]["hands"] == 2
