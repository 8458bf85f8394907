#!/usr/bin/env node
// Call the page's pure modules inside the vendored MicroPython (static/vendor/micropython/, the page's own
// interpreter), as the browser's main thread runs them.
//
//   node tests/micropython/run.mjs < calls.json > results.json
//
// calls.json: {"modules": ["markup", "i18n", ...], "catalog": {...messages...}, "lang": "en",
//              "calls": [{"module": "view", "fn": "hand_html", "args": [...], "kwargs": {...}}, ...]}
// Each module static/app/NAME.py is copied into MicroPython's filesystem (nothing else of the repository), the
// catalog is loaded with i18n.load, and each call's result is written back as {"ok": str(result)} or
// {"error": "Type: message"}. An argument {"__ui__": {...}} becomes an object with those attributes (the page's
// declared Ui). Results: one JSON line, a list in the order of the calls.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const { loadMicroPython } = await import(path.join(ROOT, "static/vendor/micropython/micropython.mjs"));

const input = JSON.parse(fs.readFileSync(0, "utf8"));
let out = "";
const mp = await loadMicroPython({ stdout: (line) => { out += line + "\n"; }, stderr: (line) => { out += line + "\n"; } });
mp.FS.mkdirTree("/app");
for (const name of input.modules) {
  mp.FS.writeFile(`/app/${name}.py`, fs.readFileSync(path.join(ROOT, "static/app", `${name}.py`), "utf8"));
}
mp.FS.writeFile("/input.json", JSON.stringify(input));
mp.runPython(`
import sys, json
sys.path.insert(0, "/app")
import i18n
data = json.loads(open("/input.json").read())
i18n.load(data.get("catalog") or {})
i18n.set_lang(data.get("lang") or "en")

class _Ui:
    def __init__(self, fields):
        for key in fields:
            setattr(self, key, fields[key])

def _arg(value):
    if isinstance(value, dict) and "__ui__" in value:
        return _Ui(value["__ui__"])
    return value

results = []
for call in data["calls"]:
    try:
        module = __import__(call["module"])
        fn = getattr(module, call["fn"])
        value = fn(*[_arg(a) for a in call.get("args", [])], **call.get("kwargs", {}))
        results.append({"ok": str(value)})
    except Exception as error:
        results.append({"error": type(error).__name__ + ": " + str(error)})
open("/results.json", "w").write(json.dumps(results))
`);
const results = mp.FS.readFile("/results.json", { encoding: "utf8" });
process.stdout.write(results + "\n");
if (out.trim()) process.stderr.write(out);
