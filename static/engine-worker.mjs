// Engine worker: raw Pyodide from static/vendor/, started from a memory snapshot.
// A classic postMessage protocol with JSON strings; no SharedArrayBuffer, no COOP/COEP.
//   in:  {id, op, args}                 args: JSON string
//   out: {id, ok: true, result}         result: JSON string
//        {id, ok: false, error}
//        {timing}                       once, unsolicited, when Python and the engine are up (or failed):
//                                       {snapshot: bool, worker, python, engine} in ms of the worker's clock
// op "timing" answers the same object.
import { loadPyodide } from "./vendor/pyodide/pyodide.mjs";

const here = (path) => new URL(path, import.meta.url).href;
const indexURL = here("./vendor/pyodide/");
const timing = { origin: performance.timeOrigin, worker: performance.now(), snapshot: false };

async function fetchSnapshot() {
  const response = await fetch(here("./vendor/spades-snapshot.bin.gz"));
  if (!response.ok) throw new Error(`snapshot: HTTP ${response.status}`);
  const data = await response.blob();
  timing.snapshotFetched = performance.now();
  const head = new Uint8Array(await data.slice(0, 2).arrayBuffer());
  // Gzip magic: still gzipped, unless a server sent Content-Encoding: gzip and the browser already inflated it.
  const gzipped = head[0] === 0x1f && head[1] === 0x8b;
  const snapshot = new Uint8Array(
    gzipped ? await new Response(data.stream().pipeThrough(new DecompressionStream("gzip"))).arrayBuffer() : await data.arrayBuffer(),
  );
  timing.snapshotReady = performance.now();
  return snapshot;
}

async function startPython() {
  try {
    const py = await loadPyodide({ indexURL, _loadSnapshot: fetchSnapshot() });
    timing.snapshot = true;
    return py;
  } catch (err) {
    console.warn("Pyodide snapshot not used, starting the slow way:", err);
    return loadPyodide({ indexURL });
  }
}

const handle = (async () => {
  const [py, sources] = await Promise.all([
    startPython(),
    fetch(here("./vendor/spades.json")).then((r) => r.json()),
  ]);
  timing.python = performance.now();
  // Sources on the filesystem: for tracebacks, lazy imports, and the no-snapshot start.
  for (const [path, source] of Object.entries(sources)) {
    py.FS.mkdirTree(`/engine/${path.slice(0, path.lastIndexOf("/"))}`);
    py.FS.writeFile(`/engine/${path}`, source);
  }
  // random.seed(): the snapshot froze the state of `random`.
  py.runPython("import random, sys; random.seed(); '/engine' in sys.path or sys.path.insert(0, '/engine')");
  py.runPython("from spades.worker import handle");
  timing.engine = performance.now();
  const h = py.globals.get("handle");
  return (op, args) => (op === "timing" ? JSON.stringify(timing) : h(op, args));
})();
handle.then(
  () => self.postMessage({ timing }),
  (err) => self.postMessage({ timing: { ...timing, error: String(err) } }),
);

self.onmessage = async ({ data: { id, op, args } }) => {
  try {
    const fn = await handle;
    self.postMessage({ id, ok: true, result: fn(op, args) });
  } catch (err) {
    self.postMessage({ id, ok: false, error: String(err) });
  }
};
