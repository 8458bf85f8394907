#!/usr/bin/env node
// Run Python inside Pyodide (from node_modules), with the repository's
// `spades/` package importable, exactly as the browser will run it.
//
//   node tests/pyodide/run.mjs                      run every test_* function of
//                                                  tests/portable/test_*.py
//   node tests/pyodide/run.mjs tests/portable/test_x.py ...   only these modules
//   node tests/pyodide/run.mjs --script FILE [ARGS...]        run FILE as __main__
//   node tests/pyodide/run.mjs --stdlib ZIP [...]              the same, on the standard library ZIP (the
//                                                  worker's trimmed one, static/vendor/pyodide/engine_stdlib.zip)
//
// With --stdlib, a module missing from ZIP fails when the engine (or ZIP's own modules) imports it, as in the
// browser; the tests and this runner may still import it from Pyodide's whole stdlib (the run ends with the list
// of modules lent to them).
//
// Only `spades/`, `tests/portable/` and (for --script) the .py files beside
// FILE are copied into the in-memory filesystem at /repo; nothing else of the
// repository is visible, as in the browser. Test output ends with the line
// "N passed, M failed"; the exit code is non-zero on any failure.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const PYODIDE_DIR = path.join(ROOT, "node_modules", "pyodide");
const HOME = "/repo";

function copyTree(FS, hostDir, fsDir) {
  if (!fs.existsSync(hostDir)) return;
  FS.mkdirTree(fsDir);
  for (const entry of fs.readdirSync(hostDir, { withFileTypes: true })) {
    if (entry.name === "__pycache__" || entry.name.endsWith(".pyc")) continue;
    const host = path.join(hostDir, entry.name);
    if (entry.isDirectory()) copyTree(FS, host, `${fsDir}/${entry.name}`);
    else if (entry.isFile()) FS.writeFile(`${fsDir}/${entry.name}`, fs.readFileSync(host));
  }
}

function copyPyFiles(FS, hostDir, fsDir) {
  FS.mkdirTree(fsDir);
  for (const name of fs.readdirSync(hostDir)) {
    if (name.endsWith(".py")) FS.writeFile(`${fsDir}/${name}`, fs.readFileSync(path.join(hostDir, name)));
  }
}

// Map a host path inside the repository to its place under HOME.
function inRepo(hostPath) {
  const rel = path.relative(ROOT, path.resolve(hostPath));
  if (rel.startsWith("..") || path.isAbsolute(rel)) throw new Error(`${hostPath} is outside the repository`);
  return `${HOME}/${rel.split(path.sep).join("/")}`;
}

const RUN_TESTS = `
import importlib.util, inspect, sys, traceback

def run_tests(paths):
    passed = failed = 0
    for path in paths:
        label = path.removeprefix("${HOME}/")
        name = path.rsplit("/", 1)[-1].removesuffix(".py")
        try:
            spec = importlib.util.spec_from_file_location(name, path)
            module = importlib.util.module_from_spec(spec)
            sys.modules[name] = module
            spec.loader.exec_module(module)
        except BaseException:
            failed += 1
            print(f"FAIL {label} (import)\\n{traceback.format_exc()}", flush=True)
            continue
        for attr, fn in vars(module).items():
            if not (attr.startswith("test_") and inspect.isfunction(fn) and fn.__module__ == name):
                continue
            try:
                fn()
            except BaseException:
                failed += 1
                print(f"FAIL {label}::{attr}\\n{traceback.format_exc()}", flush=True)
            else:
                passed += 1
                print(f"PASS {label}::{attr}", flush=True)
    return passed, failed
`;

const RUN_SCRIPT = `
import runpy, sys

def run_script(path, argv):
    sys.argv = [path, *argv]
    sys.path.insert(0, path.rsplit("/", 1)[0])
    try:
        runpy.run_path(path, run_name="__main__")
    except SystemExit as exc:
        if exc.code is None or isinstance(exc.code, int):
            return exc.code or 0
        print(exc.code, file=sys.stderr)
        return 1
    return 0
`;

// Modules the trimmed stdlib lacks, lent from the whole one to anything but the engine and the trimmed stdlib.
const LEND = `
import sys, zipimport

class LendToTests:
    def __init__(self, whole, trimmed):
        self.whole, self.trimmed, self.lent = zipimport.zipimporter(whole), trimmed, set()

    def find_spec(self, name, path=None, target=None):
        frame = sys._getframe(1)
        while frame is not None and frame.f_code.co_filename.startswith("<frozen"):
            frame = frame.f_back
        importer = frame.f_code.co_filename if frame is not None else ""
        if path is not None or importer.startswith(("${HOME}/spades/", self.trimmed)):
            return None
        spec = self.whole.find_spec(name)
        if spec is not None:
            self.lent.add(name)
        return spec

lender = LendToTests("/lib/whole_stdlib.zip", next(p for p in sys.path if p.endswith(".zip")) + "/")
sys.meta_path.append(lender)
`;

async function main(argv) {
  if (!fs.existsSync(PYODIDE_DIR)) {
    console.error("node_modules/pyodide is missing: run `make setup` (or `npm ci`) first");
    return 2;
  }
  let stdLibURL;
  if (argv[0] === "--stdlib") {
    stdLibURL = path.resolve(argv[1]);
    argv = argv.slice(2);
  }
  const { loadPyodide } = await import(pathToFileURL(path.join(PYODIDE_DIR, "pyodide.mjs")).href);
  const py = await loadPyodide({
    indexURL: PYODIDE_DIR + path.sep,
    stdLibURL,
    env: { HOME, PYTHONDONTWRITEBYTECODE: "1" },
  });
  if (stdLibURL) {
    py.FS.writeFile("/lib/whole_stdlib.zip", fs.readFileSync(path.join(PYODIDE_DIR, "python_stdlib.zip")));
    py.runPython(LEND);
  }
  const lent = () =>
    stdLibURL && console.log(`lent to the tests from the whole stdlib: ${py.runPython("', '.join(sorted(lender.lent)) or 'nothing'")}`);
  // Raw bytes, in order with console.log (Buffer.from copies: Pyodide reuses buf).
  const to = (stream) => ({ write: (buf) => (stream.write(Buffer.from(buf)), buf.length) });
  py.setStdout(to(process.stdout));
  py.setStderr(to(process.stderr));

  const FS = py.FS;
  copyTree(FS, path.join(ROOT, "spades"), `${HOME}/spades`);
  copyTree(FS, path.join(ROOT, "tests", "portable"), `${HOME}/tests/portable`);
  FS.chdir(HOME);
  py.runPython(`import sys; sys.path[:0] = ["${HOME}", "${HOME}/tests/portable"]`);
  // the group arithmetic of host-blind dealing, as the page's worker hands it over (static/group.mjs)
  const { sodiumGroup } = await import(pathToFileURL(path.join(ROOT, "static", "group.mjs")).href);
  py.pyimport("spades.table.group").use(await sodiumGroup());

  if (argv[0] === "--script") {
    if (!argv[1]) throw new Error("usage: run.mjs --script FILE [ARGS...]");
    const script = inRepo(argv[1]);
    copyPyFiles(FS, path.dirname(path.resolve(argv[1])), script.slice(0, script.lastIndexOf("/")));
    py.runPython(RUN_SCRIPT);
    const code = py.globals.get("run_script")(script, py.toPy(argv.slice(2)));
    lent();
    return code;
  }

  const modules = argv.length
    ? argv.map(inRepo)
    : fs.readdirSync(path.join(ROOT, "tests", "portable"))
        .filter((name) => /^test_.*\.py$/.test(name))
        .sort()
        .map((name) => `${HOME}/tests/portable/${name}`);
  py.runPython(RUN_TESTS);
  const [passed, failed] = py.globals.get("run_tests")(py.toPy(modules)).toJs();
  lent();
  console.log(`${passed} passed, ${failed} failed`);
  return failed || !passed ? 1 : 0;
}

process.exitCode = await main(process.argv.slice(2)).catch((err) => {
  console.error(String(err)); // not the object: Node would print pyodide.asm.mjs's minified source
  return 2;
});
