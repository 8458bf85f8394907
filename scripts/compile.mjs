// What the engine worker loads, compiled by Pyodide's own Python (run by scripts/vendor.py).
//
//   node scripts/compile.mjs SPADES_DIR OUT_DIR [EXTRA.py ...]
//
// Starts Pyodide from node_modules/ as the worker does, with the package in SPADES_DIR (spades/: *.py, *.json),
// imports every spades module that spades.worker can reach (modulefinder, so imports inside functions count
// too), and writes, both as zips of stored entries (the server compresses each file as a whole):
// - OUT_DIR/pyodide/engine_stdlib.zip: the standard-library modules then imported (what Pyodide needs at start,
//   and the engine's) plus the EXTRA paths, as .pyc only;
// - OUT_DIR/spades.zip: the package: each module as its .pyc only, and its data (spades/i18n/messages.json).
// Each .pyc is an unchecked hash-based one (PEP 552): Python uses it as is, so the worker compiles nothing and
// a plain start takes about half the time. Fewer bytes before the first bid (docs/runtime.md "The first visit"):
// no sources in the zips (a traceback still names each file and line, without the line's text), and every
// docstring left out of the code (as `python -OO` does, but asserts are kept: __doc__ is None; nothing the
// worker runs reads a docstring). Prints one JSON line: {"stdlib": N files, "spades": [modules reached]}.
// `node tests/pyodide/run.mjs --stdlib OUT_DIR/pyodide/engine_stdlib.zip` runs the portable tests against the
// trimmed stdlib.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const PYODIDE_DIR = path.join(ROOT, "node_modules", "pyodide") + path.sep;
const [spadesDir, outDir, ...extra] = process.argv.slice(2);

function copyTree(FS, hostDir, fsDir) {
  FS.mkdirTree(fsDir);
  for (const entry of fs.readdirSync(hostDir, { withFileTypes: true })) {
    const host = path.join(hostDir, entry.name);
    if (entry.isDirectory() && entry.name !== "__pycache__") copyTree(FS, host, `${fsDir}/${entry.name}`);
    else if (entry.isFile() && /\.(py|json)$/.test(entry.name)) FS.writeFile(`${fsDir}/${entry.name}`, fs.readFileSync(host));
  }
}

const { loadPyodide } = await import(pathToFileURL(PYODIDE_DIR + "pyodide.mjs").href);
const py = await loadPyodide({ indexURL: PYODIDE_DIR });
copyTree(py.FS, spadesDir, "/engine/spades");
let found;
try {
  found = py.runPython(`
import importlib, importlib.util, json, os, sys, zipfile
sys.dont_write_bytecode = True
DATE = (1980, 1, 1, 0, 0, 0)  # fixed: the same inputs give the same bytes (and the same snapshot key)

import ast

def undocumented(tree):
    # A docstring is the first statement of a module, class or function body when it is a string constant.
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            body = node.body
            first = body[0] if body else None
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant) and isinstance(first.value.value, str):
                if len(body) == 1:
                    body[0] = ast.copy_location(ast.Pass(), first)  # the body of a function that is only its docstring
                else:
                    del body[0]
    return tree

def pyc(source, filename):
    code = compile(undocumented(ast.parse(source, filename)), filename, "exec", dont_inherit=True)
    return bytes(importlib._bootstrap_external._code_to_hash_pyc(code, importlib.util.source_hash(source), False))

# The package zip first: the engine is then imported from it, as in the worker (reading its data from a zip
# needs modules that reading it from a folder does not).
package = sorted(
    os.path.relpath(os.path.join(folder, name), "/engine")
    for folder, _, names in os.walk("/engine/spades")
    for name in names
)
with zipfile.ZipFile("/tmp/spades.zip", "w", zipfile.ZIP_STORED) as out:
    for name in package:
        with open(f"/engine/{name}", "rb") as file:
            data = file.read()
        if name.endswith(".py"):
            out.writestr(zipfile.ZipInfo(name + "c", DATE), pyc(data, f"/engine/spades.zip/{name}"))
        else:
            out.writestr(zipfile.ZipInfo(name, DATE), data)

at_start = set(sys.modules)
import modulefinder
finder = modulefinder.ModuleFinder(path=["/engine"])  # the spades package only: the stdlib is measured by importing
with open("/tmp/roots.py", "w") as roots:
    roots.write("import spades.worker")
finder.run_script("/tmp/roots.py")
reached = sorted(name for name in finder.modules if name.startswith("spades"))
for name in set(sys.modules) - at_start:
    del sys.modules[name]  # what modulefinder imported for itself
sys.path.insert(0, "/tmp/spades.zip")
for name in reached:
    importlib.import_module(name)
assert sys.modules["spades"].__file__.startswith("/tmp/spades.zip/"), sys.modules["spades"].__file__

stdlib = next(entry for entry in sys.path if entry.endswith(".zip") and entry != "/tmp/spades.zip")
files = set(${JSON.stringify(extra)})
for module in list(sys.modules.values()):
    file = getattr(module, "__file__", None) or ""
    if file.startswith(stdlib + "/"):
        files.add(file[len(stdlib) + 1 :])
with zipfile.ZipFile(stdlib) as full, zipfile.ZipFile("/tmp/stdlib.zip", "w", zipfile.ZIP_STORED) as out:
    for name in sorted(files):
        out.writestr(zipfile.ZipInfo(name + "c", DATE), pyc(full.read(name), f"{stdlib}/{name}"))
json.dumps({"stdlib": len(files), "spades": reached})
`);
} catch (error) {
  console.error(String(error)); // not the error object: Node would print pyodide.asm.mjs's minified source
  process.exit(1);
}
fs.mkdirSync(path.join(outDir, "pyodide"), { recursive: true });
fs.writeFileSync(path.join(outDir, "pyodide", "engine_stdlib.zip"), py.FS.readFile("/tmp/stdlib.zip"));
fs.writeFileSync(path.join(outDir, "spades.zip"), py.FS.readFile("/tmp/spades.zip"));
process.stdout.write(found + "\n");
