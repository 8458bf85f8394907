"""The online package runs in the page's own MicroPython 1.28 as it is fetched there: a folder of files imported as a
package (relative imports included), its pure views giving the same markup as in CPython, its tables the same.

onlineload.py writes static/app/online/*.py into the interpreter's files as ``online/NAME.py`` beside the page's
own modules; here the same files go into the vendored MicroPython's file system (tests/micropython/run.mjs does
this for flat modules), and each call's result is compared as a browser reads it.
"""

from __future__ import annotations

import json
import shutil
import subprocess
from typing import Any

import pytest
from online import MODULES

from tests.page.conftest import APP, CATALOG, PAYLOADS, ROOT
from tests.page.test_micropython import shape

pytestmark = pytest.mark.skipif(
    shutil.which("node") is None or not (ROOT / "static" / "vendor" / "micropython" / "micropython.mjs").exists(),
    reason="needs node and static/vendor/micropython (run `make setup`)",
)

RUNNER = r"""
import fs from "node:fs";
import path from "node:path";
const input = JSON.parse(fs.readFileSync(0, "utf8"));
const { loadMicroPython } = await import(path.join(input.root, "static/vendor/micropython/micropython.mjs"));
let out = "";
const mp = await loadMicroPython({ stdout: (l) => { out += l + "\n"; }, stderr: (l) => { out += l + "\n"; } });
mp.FS.mkdirTree("/app/online");
for (const [name, source] of Object.entries(input.files)) mp.FS.writeFile(`/app/${name}.py`, source);
mp.FS.writeFile("/input.json", JSON.stringify(input));
mp.runPython(`
import sys, json
sys.path.insert(0, "/app")
import i18n
data = json.loads(open("/input.json").read())
i18n.load(data["catalog"])
i18n.set_lang(data["lang"])
results = []
for call in data["calls"]:
    try:
        module = __import__(call["module"], None, None, ["x"])
        value = getattr(module, call["fn"])
        if callable(value):
            value = value(*call.get("args", []))
        elif isinstance(value, dict):
            value = sorted(value)
        results.append({"ok": str(value)})
    except Exception as error:
        results.append({"error": type(error).__name__ + ": " + str(error)})
open("/results.json", "w").write(json.dumps(results))
`);
process.stdout.write(mp.FS.readFile("/results.json", { encoding: "utf8" }) + "\n");
if (out.trim()) process.stderr.write(out);
"""


def run_micropython(calls: list[dict[str, Any]], lang: str) -> list[dict[str, str]]:
    files = {name: (APP / f"{name}.py").read_text(encoding="utf-8") for name in ("markup", "i18n")}
    for name in ("__init__", *MODULES):
        files[f"online/{name}"] = (APP / "online" / f"{name}.py").read_text(encoding="utf-8")
    payload = json.dumps({"root": str(ROOT), "files": files, "catalog": CATALOG, "lang": lang, "calls": calls})
    proc = subprocess.run(
        ["node", "--input-type=module", "-e", RUNNER],
        input=payload,
        capture_output=True,
        text=True,
        check=False,
        timeout=300,
        cwd=ROOT,
    )
    assert proc.returncode == 0, proc.stderr
    return json.loads(proc.stdout)


def run_cpython(calls: list[dict[str, Any]]) -> list[dict[str, str]]:
    out = []
    for call in calls:
        module = __import__(call["module"], None, None, ["x"])
        value = getattr(module, call["fn"])
        value = value(*call.get("args", [])) if callable(value) else sorted(value) if isinstance(value, dict) else value
        out.append({"ok": str(value)})
    return out


def seat(occupant: str, name: str | None, **more: Any) -> dict[str, Any]:
    info = {"occupant": occupant, "name": name, "level": None, "rating": None, "ready": False, "host": False}
    info.update(rtt=None, light=None)
    info.update(more)
    return info


def calls() -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = [
        {"module": "online.handlers", "fn": "MESSAGES"},
        {"module": "online.handlers", "fn": "STATUS"},
        {"module": "online.actions", "fn": "ACTIONS"},
        {"module": "online.actions", "fn": "CHANGES"},
        {"module": "online.actions", "fn": "SUBMITS"},
        {"module": "online.links", "fn": "parse_invite", "args": ["#t=" + "a" * 26 + "&k=" + "B-_" * 15]},
        {"module": "online.views", "fn": "bar"},
    ]
    for p in (*PAYLOADS[:-1], "x" * 300):
        room = {
            "t": "room",
            "kind": "rated",
            "started": False,
            "spectators_allowed": True,
            "seats": {
                "N": seat("person", p, rtt=2500, light="yellow", ready=True, rating=1012),
                "E": seat("computer", None, level="expert"),
                "S": seat("person", "Ann", host=True, rtt=0, light="green"),
                "W": seat("away", p, rtt=100, light="green"),
            },
            "watchers": [{"name": p, "watching": "N"}],
            "ratings": {"N": 1012},
        }
        line = {"id": 3, "from": p, "seat": "N", "text": p}
        listing = {"secret": p, "pub": p, "kind": "casual", "preset": p, "seats": {"N": p}, "watch": True}
        out += [
            {"module": "online.views", "fn": "room_window", "args": [room, {"seat": "S"}, True, [p], p, p, {}]},
            {"module": "online.views", "fn": "room_window", "args": [room, {"seat": None}, False, [], None, None, {}]},
            {"module": "online.views", "fn": "strip", "args": [room, {"seat": "N"}, True, False, [p]]},
            {"module": "online.views", "fn": "strip", "args": [room, {"seat": "S"}, False, True, []]},
            {"module": "online.views", "fn": "chat", "args": [[line, line], [], [p]]},
            {"module": "online.forms", "fn": "create_window", "args": [p]},
            {"module": "online.forms", "fn": "join_window", "args": [p, p, p, p]},
            {"module": "online.forms", "fn": "vote_window", "args": [p]},
            {"module": "online.forms", "fn": "listings_window", "args": [[listing]]},
        ]
    return out


def test_the_online_package_imports_and_draws_the_same_in_micropython(lang: str) -> None:
    cases = calls()
    mine = run_cpython(cases)
    theirs = run_micropython(cases, lang)
    assert len(theirs) == len(mine)
    for case, a, b in zip(cases, mine, theirs, strict=True):
        assert "ok" in b, (case["module"], case["fn"], b)
        if case["fn"].isupper() or case["fn"] == "parse_invite":
            assert a == b, case
        else:
            assert shape(a["ok"]) == shape(b["ok"]), (case["module"], case["fn"])
