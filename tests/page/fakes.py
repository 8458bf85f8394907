"""Page modules that touch the browser, loaded in CPython with stand-ins for ``js`` and ``pyscript``.

:func:`browser_module` loads ``static/app/NAME.py`` with ``js``, ``pyscript`` and ``pyscript.ffi`` replaced by
permissive mocks (every attribute and call answers a mock), so a helper can be built with fakes of what it is
given and its decisions checked.  Whatever the load imported is taken out of ``sys.modules`` again, so the pure
modules' tests never see the stand-ins.  :class:`Worker` is a fake ``transport.call`` that logs each operation.
"""

from __future__ import annotations

import copy
import importlib.util
import sys
import types
from pathlib import Path
from typing import Any
from unittest import mock

APP = Path(__file__).resolve().parents[2] / "static" / "app"


def browser_module(name: str) -> types.ModuleType:
    """A fresh copy of the page module ``name``, its browser imports stand-ins (see the module docstring)."""
    before = set(sys.modules)
    saved = {key: sys.modules.get(key) for key in ("js", "pyscript", "pyscript.ffi")}
    pyscript = mock.MagicMock(name="pyscript")
    sys.modules.update({"js": mock.MagicMock(name="js"), "pyscript": pyscript, "pyscript.ffi": pyscript.ffi})
    try:
        spec = importlib.util.spec_from_file_location(f"{name}_under_test", APP / f"{name}.py")
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
    finally:
        for key in set(sys.modules) - before:
            del sys.modules[key]
        for key, value in saved.items():
            if value is not None:
                sys.modules[key] = value
    return module


class Refused(Exception):
    """The fake worker's refusal (``transport.EngineError``'s shape)."""

    def __init__(self, message: str, code: str = "illegal") -> None:
        super().__init__(message)
        self.code = code
        self.params: dict[str, Any] = {}


class Worker:
    """``await call(op, args)``: logs ``(op, args)`` and answers from ``answers[op]`` (a list: one each call; an
    exception is raised)."""

    def __init__(self, **answers: Any) -> None:
        self.answers = {op: list(value) for op, value in answers.items()}
        self.calls: list[tuple[str, Any]] = []

    async def __call__(self, op: str, args: Any = None) -> Any:
        self.calls.append((op, copy.deepcopy(args)))  # as it was sent
        answer = self.answers[op].pop(0)
        if isinstance(answer, Exception):
            raise answer
        return answer

    def ops(self) -> list[str]:
        return [op for op, _ in self.calls]


class Log:
    """Callables that log what they are given: ``log.notice("x")`` → ``("notice", "x")`` in ``log.lines``."""

    def __init__(self) -> None:
        self.lines: list[tuple[Any, ...]] = []

    def __getattr__(self, name: str) -> Any:
        if name.startswith("_"):
            raise AttributeError(name)

        def record(*args: Any) -> None:
            self.lines.append((name, *args))

        return record

    def names(self) -> list[str]:
        return [line[0] for line in self.lines]


def answering(*answers: bool) -> Any:
    """An ``await confirm(text)`` that answers ``answers`` in turn (and logs the questions in ``.asked``)."""
    queue = list(answers)

    async def confirm(text: str) -> bool:
        confirm.asked.append(text)  # type: ignore[attr-defined]
        return queue.pop(0)

    confirm.asked = []  # type: ignore[attr-defined]
    return confirm
