"""The import graph is the architecture: no cycles, no imports hidden in functions, layers that point one way.

Read from the source with :mod:`ast` (nothing is imported), for the engine package ``spades/`` and for the page
``static/app/`` (MicroPython modules imported by bare name, as ``pyscript.toml`` maps them).

- No cycle among module-level imports, in either tree.
- No import inside a function, except of a page module that is loaded on demand (:data:`ON_DEMAND`: fetched
  only when a person goes online, so it cannot be imported at start-up) — a deferred import is otherwise how a
  cycle or a layer breach hides.
- A ``spades`` module imports only modules of its own layer or below (:data:`LAYERS`), and the page's pure
  modules (:data:`PURE_PAGE`) import neither ``js`` nor ``pyscript``.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
APP = ROOT / "static" / "app"

LAYERS: dict[str, int] = {
    # 0 the engine, at the top of the package: cards, rules, scoring, the game and the small leaves everyone uses
    "spades.errors": 0, "spades.cards": 0, "spades.rng": 0, "spades.rules": 0, "spades.scoring": 0,
    "spades.game": 0, "spades.jsontext": 0,
    # 1 words: the message catalog and the engine's wording
    "spades.i18n": 1,
    # 2 formats: JSON of views and results, hand records, score sheets, the score pad, deal codes
    "spades.formats": 2,
    # 3 the computer players, the bot protocol's serve loop, the arena
    "spades.bots": 3,
    # 4 the player's statistics: ratings, the profile, reports, charts
    "spades.stats": 4,
    # 5 the table for any occupants, the online room, a guest's boundary, duplicate play
    "spades.table": 5,
    # 6 lessons and the review
    "spades.learn": 6,
    # 7 what runs them: the worker, the command line, the package's front door
    "spades.worker": 7, "spades.__main__": 7, "spades": 7,
}  # fmt: skip
ONLINE = APP / "online"


def _online_modules() -> tuple[str, ...]:
    """The online package's own list of its modules (``MODULES`` in static/app/online/__init__.py, read by ast)."""
    tree = ast.parse((ONLINE / "__init__.py").read_text(encoding="utf-8"))
    for node in tree.body:
        if isinstance(node, ast.Assign) and [getattr(t, "id", None) for t in node.targets] == ["MODULES"]:
            return tuple(ast.literal_eval(node.value))
    raise AssertionError("static/app/online/__init__.py declares no MODULES")


ON_DEMAND = {"onlineload", "online"} | {f"online.{name}" for name in _online_modules()}
"""Page modules fetched only when a person goes online (scripts/vendor.py ``ONLINE``): the loader and the online
package, imported only in the functions that load them.  No other page module is deferred."""
PURE_PAGE = {
    "markup", "i18n", "view", "sheet", "movelog_view", "analysis_view", "helpdoc", "settings", "profileview",
    "shareview", "online", "online.views", "online.forms", "online.inbox", "online.links", "online.handlers",
    "online.actions", "online.record", "online.succession",
}  # fmt: skip
"""Page modules that must run in CPython (tests/page): no ``js``, no ``pyscript``, nothing that imports them."""


def _module_name(path: Path, root: Path, package: bool) -> str:
    parts = list(path.relative_to(root).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts = parts[:-1]
    return ".".join(parts)


def _imports(path: Path, name: str, package: bool) -> tuple[set[str], list[str]]:
    """(module-level imports, imports inside functions) of one file, as absolute module names."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    here = name.split(".") if path.name == "__init__.py" else name.split(".")[:-1]

    def targets(node: ast.Import | ast.ImportFrom) -> list[str]:
        if isinstance(node, ast.Import):
            return [alias.name for alias in node.names]
        if node.level:
            base = here[: len(here) - (node.level - 1)]
            if node.module is None:
                return [".".join([*base, alias.name]) for alias in node.names]
            return [".".join([*base, node.module])]
        return [node.module or ""]

    top: set[str] = set()
    for node in tree.body:
        body = node.body if isinstance(node, ast.If | ast.Try) else [node]
        for item in body:
            if isinstance(item, ast.Import | ast.ImportFrom):
                top.update(targets(item))
    deferred = []
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            for inner in ast.walk(node):
                if isinstance(inner, ast.Import | ast.ImportFrom):
                    deferred.extend(f"{name}.{node.name}: {target}" for target in targets(inner))
    return top, deferred


def _graph(root: Path, package: bool) -> tuple[dict[str, set[str]], list[str]]:
    base = root.parent if package else root
    files = sorted(root.rglob("*.py"))
    names = {_module_name(f, base, package): f for f in files}
    graph: dict[str, set[str]] = {}
    deferred: list[str] = []
    for name, path in names.items():
        top, inner = _imports(path, name, package)
        # a deferred import is a dependency all the same (only a module loaded on demand is left out)
        later = {line.rpartition(": ")[2] for line in inner} - ON_DEMAND
        graph[name] = {_owner(t, names) for t in top | later if _owner(t, names)}
        graph[name].discard(name)
        deferred.extend(inner)
    return graph, deferred


def _owner(target: str, names: dict[str, Path]) -> str:
    """The module of ``names`` that ``target`` (a module or a module's attribute) is."""
    while target and target not in names:
        target = target.rpartition(".")[0]
    return target


def _cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    found, state, stack = [], {}, []

    def visit(node: str) -> None:
        state[node] = 1
        stack.append(node)
        for nxt in sorted(graph.get(node, ())):
            if state.get(nxt) == 1:
                found.append([*stack[stack.index(nxt) :], nxt])
            elif nxt not in state:
                visit(nxt)
        stack.pop()
        state[node] = 2

    for node in sorted(graph):
        if node not in state:
            visit(node)
    return found


def _layer(module: str) -> int | None:
    while module:
        if module in LAYERS:
            return LAYERS[module]
        module = module.rpartition(".")[0]
    return None


ENGINE, ENGINE_DEFERRED = _graph(ROOT / "spades", package=True)
PAGE, PAGE_DEFERRED = _graph(APP, package=False)


@pytest.mark.parametrize("graph", [ENGINE, PAGE], ids=["spades", "static/app"])
def test_no_import_cycles(graph: dict[str, set[str]]) -> None:
    assert _cycles(graph) == []


def test_no_deferred_imports_in_the_engine() -> None:
    assert ENGINE_DEFERRED == []


def test_no_deferred_imports_on_the_page_except_modules_loaded_on_demand() -> None:
    assert [line for line in PAGE_DEFERRED if line.rpartition(": ")[2] not in ON_DEMAND] == []


def test_every_engine_module_has_a_layer_and_imports_none_above_its_own() -> None:
    unplaced = sorted(m for m in ENGINE if _layer(m) is None)
    assert unplaced == [], "give these modules a layer in LAYERS"
    above = [
        f"{module} (layer {_layer(module)}) imports {dep} (layer {_layer(dep)})"
        for module, deps in sorted(ENGINE.items())
        for dep in sorted(deps)
        if (_layer(dep) or 0) > (_layer(module) or 0)
    ]
    assert above == []


def test_the_engine_never_imports_the_browser() -> None:
    for path in (ROOT / "spades").rglob("*.py"):
        top, inner = _imports(path, "spades.x", package=True)
        assert not {"js", "pyscript"} & {t.split(".")[0] for t in top | {i.rpartition(": ")[2] for i in inner}}, path


def _browser_modules() -> set[str]:
    """Page modules that import ``js`` or ``pyscript`` themselves."""
    out = set()
    for path in APP.rglob("*.py"):
        name = _module_name(path, APP, package=False)
        top, _ = _imports(path, name, package=False)
        if {"js", "pyscript"} & {t.split(".")[0] for t in top}:
            out.add(name)
    return out


@pytest.mark.parametrize("module", sorted(PURE_PAGE))
def test_the_pure_page_modules_reach_no_browser_module(module: str) -> None:
    browser = _browser_modules()
    reach, todo = {module}, [module]
    while todo:
        for dep in PAGE.get(todo.pop(), ()):
            if dep not in reach:
                reach.add(dep)
                todo.append(dep)
    assert not reach & browser, f"{module} reaches {sorted(reach & browser)}, which import js or pyscript"


def test_the_online_package_lists_exactly_its_modules_and_only_they_load_on_demand() -> None:
    files = sorted(path.stem for path in ONLINE.glob("*.py") if path.name != "__init__.py")
    assert sorted(_online_modules()) == files
    assert len(set(_online_modules())) == len(_online_modules())
    assert not list(ONLINE.glob("*/")), "the online package has no subfolders (onlineload.py fetches one folder)"
    # fetched on demand: under scripts/vendor.py's ONLINE prefix (never precached), never mapped by pyscript.toml
    vendor = ast.parse((ROOT / "scripts" / "vendor.py").read_text(encoding="utf-8"))
    prefixes = next(
        ast.literal_eval(node.value)
        for node in vendor.body
        if isinstance(node, ast.Assign) and [getattr(t, "id", None) for t in node.targets] == ["ONLINE"]
    )
    paths = ["static/app/onlineload.py"] + [f"static/app/online/{name}.py" for name in ["__init__", *files]]
    assert all(path.startswith(tuple(prefixes)) for path in paths)
    mapped = (ROOT / "pyscript.toml").read_text(encoding="utf-8")
    assert "static/app/online" not in mapped
    # nothing loaded at start-up imports them at its top: only inside the function that loads them
    for name in PAGE:
        if name not in ON_DEMAND:
            top, _ = _imports(APP / f"{name.replace('.', '/')}.py", name, package=False)
            assert not {_owner(t, {m: APP for m in PAGE}) for t in top} & ON_DEMAND, name


def test_the_pure_online_modules_are_the_packages_own() -> None:
    """Every online module that imports neither ``js`` nor ``pyscript`` (nor reaches one that does) is tested as
    pure: a pure part cannot quietly become a browser part."""
    browser = _browser_modules()
    for name in _online_modules():
        module = f"online.{name}"
        reach, todo = {module}, [module]
        while todo:
            for dep in PAGE.get(todo.pop(), ()):
                if dep not in reach:
                    reach.add(dep)
                    todo.append(dep)
        assert (module in PURE_PAGE) == (not reach & browser), module


def test_the_pages_start_imports_every_module_of_pyscript_toml_a_step_each_leaves_first() -> None:
    """static/app/main.py imports the page's modules one at a time (``STEPS``, by ``__import__``, yielding to the
    browser between two): exactly the modules pyscript.toml maps, each after every page module it imports at its
    top, so that each step compiles one module and no import is hidden there. Nowhere else does ``__import__``."""
    tree = ast.parse((APP / "main.py").read_text(encoding="utf-8"))
    steps = next(
        tuple(ast.literal_eval(node.value))
        for node in tree.body
        if isinstance(node, ast.Assign) and [getattr(t, "id", None) for t in node.targets] == ["STEPS"]
    )
    mapped = (ROOT / "pyscript.toml").read_text(encoding="utf-8")
    files = [line.split('"')[1] for line in mapped.splitlines() if line.startswith('"./static/app/')]
    assert sorted(steps) == sorted(Path(path).stem for path in files)
    assert len(set(steps)) == len(steps)
    assert steps[-1] == "controller" and "main" not in steps
    for at, name in enumerate(steps):
        later = PAGE[name] & set(steps[at:])
        assert not later, f"{name} imports {sorted(later)}: put them before it in STEPS"
    assert PAGE["main"] <= set(steps), "main.py's own imports are page modules STEPS imports too"
    callers = [path.name for path in APP.rglob("*.py") if "__import__(" in path.read_text(encoding="utf-8")]
    assert callers == ["main.py"]
