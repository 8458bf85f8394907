// Make the Pyodide memory snapshot the browser worker starts from (run by scripts/vendor.py).
//
//   node scripts/snapshot.mjs BUNDLE OUT
//
// BUNDLE is static/vendor/spades.json ({"spades/x.py": source, ...}). The snapshot
// is an initialised interpreter with the spades modules imported from /engine,
// gzipped to OUT. Loading it (loadPyodide's private, version-pinned
// `_loadSnapshot` option) skips CPython start-up: ~0.7 s instead of ~3 s.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import zlib from "node:zlib";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const PYODIDE_DIR = path.join(ROOT, "node_modules", "pyodide") + path.sep;
const [bundlePath, outPath] = process.argv.slice(2);

const { loadPyodide } = await import(pathToFileURL(PYODIDE_DIR + "pyodide.mjs").href);
const py = await loadPyodide({ indexURL: PYODIDE_DIR, _makeSnapshot: true });
for (const [file, source] of Object.entries(JSON.parse(fs.readFileSync(bundlePath, "utf8")))) {
  py.FS.mkdirTree(path.posix.dirname(`/engine/${file}`));
  py.FS.writeFile(`/engine/${file}`, source);
}
// Import every module but __main__; one that fails in Pyodide is left out with a warning.
py.runPython(`
import importlib, pkgutil, sys
sys.path.insert(0, "/engine")
import spades
for module in pkgutil.walk_packages(spades.__path__, "spades."):
    if not module.name.endswith(".__main__"):
        try:
            importlib.import_module(module.name)
        except Exception as error:
            print(f"snapshot: {module.name} not imported: {error!r}", file=sys.stderr)
`);
fs.writeFileSync(outPath, zlib.gzipSync(py.makeMemorySnapshot()));
