// Start Pyodide as static/engine-worker.mjs does, on what the build ships (static/vendor/: engine_stdlib.zip and
// spades.zip, both compiled by scripts/compile.mjs), and print one JSON line of what tests/test_engine_zip.py
// checks: the first state of a new game, a traceback from inside the zip, and docstrings as the code has them.
//
//   node tests/pyodide/engine_zip.mjs VENDOR_DIR
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const PYODIDE_DIR = path.join(ROOT, "node_modules", "pyodide") + path.sep;
const vendor = path.resolve(process.argv[2]);
const { loadPyodide } = await import(pathToFileURL(PYODIDE_DIR + "pyodide.mjs").href);
const py = await loadPyodide({ indexURL: PYODIDE_DIR, stdLibURL: path.join(vendor, "pyodide", "engine_stdlib.zip") });
py.FS.mkdirTree("/engine");
py.FS.writeFile("/engine/spades.zip", fs.readFileSync(path.join(vendor, "spades.zip")));
const out = py.runPython(`
import json, sys, traceback
sys.path.insert(0, "/engine/spades.zip")
from spades.worker import handle
import spades.cards, spades.game
state = json.loads(handle("new", json.dumps({"seed": 7})))["state"]
lessons = json.loads(handle("lesson_list", "{}"))["lessons"]
try:
    spades.cards.parse_card("ZZ")
except Exception as error:
    frames = [(frame.filename, frame.lineno) for frame in traceback.extract_tb(error.__traceback__)]
    text = "".join(traceback.format_exception(error))
json.dumps({
    "phase": state["phase"], "lessons": len(lessons), "frames": frames, "traceback": text,
    "docs": [spades.game.__doc__, spades.game.Game.__doc__, json.__doc__],
    "file": spades.game.__file__,
})
`);
process.stdout.write(out + "\n");
