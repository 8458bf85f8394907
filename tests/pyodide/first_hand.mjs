// The build's first hands (static/vendor/early/first-hand.json, scripts/early_data.py) made again by the engine in
// Pyodide, started as static/engine-worker.mjs starts it on what the build ships (engine_stdlib.zip, spades.zip):
// for each prepared seed, op `new` with the file's arguments, then `step` until it is the viewer's turn, as the page
// does once the engine is ready (static/app/controller.py adopt_first). Prints one JSON line for tests/test_early_data.py:
// how many hands were made and the seeds whose states (the person's turn, and the `opening` before it) differ.
//
//   node tests/pyodide/first_hand.mjs VENDOR_DIR
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
py.globals.set("prepared", fs.readFileSync(path.join(vendor, "early", "first-hand.json"), "utf8"));
const out = py.runPython(`
import json, sys
sys.path.insert(0, "/engine/spades.zip")
from spades.worker import handle
data = json.loads(prepared)
args = data["args"]
differ = []
for deal in data["deals"]:
    answer = json.loads(handle("new", json.dumps({**args, "seed": deal["seed"]})))
    steps = 0
    opening = []
    while answer["state"]["turn"] != args["viewer"] and steps < 4:
        opening.append(answer["state"])
        answer = json.loads(handle("step", json.dumps({"viewer": args["viewer"], "lang": "en"})))
        steps += 1
    if answer["state"] != deal["state"] or opening != deal["opening"]:
        differ.append(deal["seed"])
json.dumps({"made": len(data["deals"]), "differ": differ})
`);
process.stdout.write(out + "\n");
