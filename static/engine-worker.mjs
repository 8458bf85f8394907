// Engine worker: raw Pyodide from static/vendor/ with the engine (spades.worker.handle) imported.
//
// Two start paths (docs/runtime.md, "Start paths"):
// - restored: from a Pyodide memory snapshot that this browser made on an earlier visit, kept in Cache Storage
//   (cache SNAPSHOT_CACHE, one entry named after BUILD.key): ~0.9 s. A snapshot that fails to inflate or restore
//   (damaged, or refused by Pyodide) is deleted, and the worker starts plainly instead;
// - plain: Pyodide's own start and the engine's imports (~2 s). The heap is copied right after the imports
//   (before any call can change it), then compressed and stored once the worker has been idle for a moment, so
//   that the next visit is restored. Where Cache Storage is blocked (a cross-site iframe with storage blocked),
//   every start is plain and nothing is stored. A worker named "spades-engine:keep-nothing" (an embedded game,
//   static/engine.js `keep: false`) does not open Cache Storage at all: every start is plain, no heap is copied,
//   nothing is stored (timing.storage "off: keeps nothing").
// Nothing is downloaded for the snapshot: the worker fetches Pyodide (with BUILD.stdlib, the standard library
// trimmed to what it imports) and spades.zip, both compiled to .pyc by scripts/compile.mjs.
//
// A classic postMessage protocol with JSON strings; no SharedArrayBuffer, no COOP/COEP.
//   in:  {id, op, args}                 args: JSON string
//   out: {id, ok: true, result}         result: JSON string
//        {id, ok: false, error}
//        {progress: {loaded, total}}    unsolicited, while the runtime and the engine download: bytes as sent
//                                       (see progress() below)
//        {timing}                       once, unsolicited, when Python and the engine are up (or failed):
//                                       {snapshot: bool, start, worker, python, engine, ...} (ms, worker's clock)
// op "timing" answers the same object, with `stored` (ms) or `storeError` once a plain start's snapshot is kept, and
// `downloads` (each of the worker's files: when asked for, when done, bytes as sent).
const begun = performance.now(); // this script runs (its imports are asked for below)
const here = (path) => new URL(path, import.meta.url).href;
const vendor = here("./vendor/");
const indexURL = here("./vendor/pyodide/");

// The runtime's largest downloads start before this module's own imports have arrived (one round trip sooner
// than a static import would let them): the wasm and the stdlib (the name vendor.py gives it; BUILD.stdlib says
// it again below), and the runtime's script. Calls that come meanwhile wait for the handler (`served`).
const START = ["pyodide/pyodide.asm.wasm", "pyodide/engine_stdlib.zip"];
const fetchFromNetwork = self.fetch.bind(self);
const started = new Map(START.map((path) => [path, fetchFromNetwork(vendor + path)]));
for (const response of started.values()) response.catch(() => {}); // handled where loadPyodide awaits it
import(indexURL + "pyodide.asm.mjs").catch(() => {}); // loadPyodide's import() finds it; a failure is its to report
let serve;
const served = new Promise((resolve) => (serve = resolve));
self.onmessage = async (event) => (await served)(event);
const [{ loadPyodide }, { BUILD }, { sparse, unsparse }] = await Promise.all([
  import("./vendor/pyodide/pyodide.mjs"),
  import("./vendor/engine-build.mjs"),
  import("./heap-store.mjs"),
]);
const SNAPSHOT_CACHE = "spades.engine-snapshot"; // not "spades-*": sw.js deletes its other spades-* caches
const SNAPSHOT_URL = here(`./vendor/engine-snapshot-${BUILD.key}.bin.gz`); // a cache key only, never fetched
const IDLE_MS = 1500; // store the snapshot after this long without a call...
const STORE_LATEST_MS = 20_000; // ...or this long after the start, whichever comes first
const SLICE = 1 << 20; // compress about 1 MB at a time, letting calls in between
const timing = { origin: performance.timeOrigin, worker: begun, imports: performance.now(), snapshot: false };
const KEEP = self.name !== "spades-engine:keep-nothing"; // static/engine.js KEEP_NOTHING

// ---------------------------------------------------------------- download progress, in bytes as sent
// Each file the worker downloads (BUILD.sizes) counts with the size the server sends: Content-Length, which is
// the compressed size when there is a Content-Encoding (else the size that vendor.py measured for that
// encoding). Bytes arrive decoded, so a file's progress is its decoded share times its sent size: exact at the
// end of each file, proportional in between. pyodide.asm.mjs is loaded by import(), so it counts when done.
const files = new Map(Object.keys(BUILD.sizes).map((path) => [path, { loaded: 0, total: null }]));
let encoding = null; // of the first response: a guess for the files not started yet
let reported = 0;

function pathOf(url) {
  const href = String(url);
  return href.startsWith(vendor) ? href.slice(vendor.length).split(/[?#]/)[0] : null;
}

function progress(force = false) {
  const now = performance.now();
  if (!force && now - reported < 100) return;
  reported = now;
  let loaded = 0;
  let total = 0;
  for (const [path, file] of files) {
    const sizes = BUILD.sizes[path];
    total += file.total ?? sizes[encoding ?? "identity"] ?? sizes.identity;
    loaded += file.loaded;
  }
  self.postMessage({ progress: { loaded: Math.round(loaded), total: Math.round(total) } });
}

async function count(path, response) {
  const file = files.get(path);
  const sizes = BUILD.sizes[path];
  const coding = response.headers.get("Content-Encoding") || "identity";
  encoding ??= coding;
  file.total = Number(response.headers.get("Content-Length")) || sizes[coding] || sizes.identity;
  const decoded = coding === "identity" ? file.total : sizes.identity;
  let read = 0;
  const reader = response.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    read += value.length;
    file.loaded = file.total * Math.min(1, read / decoded);
    if (read >= decoded * NEARLY) nearly.get(path)?.();
    progress();
  }
  file.loaded = file.total;
  progress(true);
  (timing.read ??= {})[path] = Math.round(performance.now()); // its last byte read here (the worker's clock)
}

// START's files nearly in: each one's promise settles when NEARLY of it has been read, or when its fetch failed,
// was refused, or has no body to count. spades.zip is asked for then (below).
const NEARLY = 0.95;
const nearly = new Map();
const nearlyIn = START.map((path) => new Promise((resolve) => nearly.set(path, resolve)));

async function fetchCounted(input, init, begun = null) {
  const response = await (begun ?? fetchFromNetwork(input, init));
  const path = pathOf(input instanceof Request ? input.url : input);
  if (path && files.has(path) && response.ok && response.body) {
    // a tee: Pyodide reads the original (and its code cache)
    count(path, response.clone()).then(
      () => nearly.get(path)?.(),
      () => nearly.get(path)?.(),
    );
  } else if (path) {
    nearly.get(path)?.();
  }
  return response;
}

// The runtime's downloads start at once, not when loadPyodide asks for them (after the stored snapshot has been
// looked up in Cache Storage, which takes a while): loadPyodide fetches these very URLs, and is handed the
// response already on its way (each once; a second start, after a refused snapshot, fetches again). Its script
// pyodide.asm.mjs is imported at the start too (loadPyodide's import() then finds it in the module map), so that
// parsing it overlaps the cache lookup and the snapshot's inflating. They are START's, started before the imports
// and counted from here.
const early = new Map(START.map((path) => [vendor + path, fetchCounted(vendor + path, undefined, started.get(path))]));
for (const response of early.values()) response.catch(() => {}); // handled where loadPyodide awaits it
// spades.zip is asked for when START's files are nearly in, not beside them at the start: Python needs it only once
// it is up, about a second after the runtime's last byte; asked for at once it shared the line with the wasm (the
// first visit's long pole) and made it 0.3 s later at 10 Mbps. Not after the wasm's last byte either: then the
// worker is busy compiling and starting Pyodide, and the request went out 0.5–1 s late, with the line idle
// (docs/runtime.md "The first visit").
for (const [path, response] of START.map((path) => [path, early.get(vendor + path)])) {
  response.catch(() => nearly.get(path)?.());
}
const runtimeIn = Promise.all(nearlyIn);
self.fetch = (input, init) => {
  const url = String(input instanceof Request ? input.url : input);
  const started = early.get(url);
  if (started && !(input instanceof Request) && !init?.integrity) {
    early.delete(url);
    return started;
  }
  return fetchCounted(input, init);
};
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) {
    const path = pathOf(entry.name);
    if (path === "pyodide/pyodide.asm.mjs" && files.has(path)) {
      const file = files.get(path);
      file.total = entry.encodedBodySize || BUILD.sizes[path][encoding ?? "identity"] || BUILD.sizes[path].identity;
      file.loaded = file.total;
      progress(true);
    }
  }
}).observe({ type: "resource", buffered: true });

// Each of the worker's downloads so far (for benchmarks/bench_first_visit.py's steps): the file under
// static/vendor/, when it was asked for and when its last byte came (ms, the worker's clock), bytes as sent.
function downloads() {
  return performance.getEntriesByType("resource").flatMap((entry) => {
    const path = pathOf(entry.name);
    const times = { start: Math.round(entry.startTime), end: Math.round(entry.responseEnd) };
    return path ? [{ file: path, ...times, sent: entry.encodedBodySize }] : [];
  });
}

// ---------------------------------------------------------------- the stored snapshot (Cache Storage)
async function openCache() {
  if (!KEEP) {
    timing.storage = "off: keeps nothing"; // an embedded game: plain starts, nothing read or stored
    return null;
  }
  try {
    return await self.caches.open(SNAPSHOT_CACHE);
  } catch (err) {
    timing.storage = `blocked: ${err?.name || err}`; // no Cache Storage here: plain starts, nothing stored
    return null;
  }
}

async function inflate(response) {
  timing.snapshotFetched = performance.now();
  let data;
  try {
    data = await new Response(response.body.pipeThrough(new DecompressionStream("gzip"))).arrayBuffer();
  } catch (err) {
    throw new Error(`the stored snapshot is damaged (${err})`); // gzip checks its length and CRC
  }
  const heap = unsparse(new Uint8Array(data));
  timing.snapshotReady = performance.now();
  return heap;
}

async function deflate(heap) {
  const stream = new CompressionStream("gzip");
  const out = new Response(stream.readable).blob();
  const writer = stream.writable.getWriter();
  let written = 0;
  for (const part of sparse(heap)) {
    for (let at = 0; at < part.length; at += SLICE) {
      const chunk = part.subarray(at, at + SLICE);
      await writer.write(chunk);
      written += chunk.length;
      if (written >= SLICE) {
        written = 0;
        await new Promise((resolve) => setTimeout(resolve, 0)); // a call waiting in the queue goes first
      }
    }
  }
  await writer.close();
  return out;
}

let image = null; // the heap right after the engine's imports, on a plain start, until stored
let storeTimer = null;
let storeBy = Infinity;

function storeWhenIdle() {
  if (!image) return;
  clearTimeout(storeTimer);
  storeTimer = setTimeout(store, Math.max(0, Math.min(IDLE_MS, storeBy - performance.now())));
}

async function store() {
  const data = image;
  image = null;
  timing.storing = performance.now();
  try {
    const blob = await deflate(data);
    const cache = await self.caches.open(SNAPSHOT_CACHE);
    for (const request of await cache.keys()) {
      if (request.url !== SNAPSHOT_URL) await cache.delete(request); // an older build's
    }
    const headers = { "Content-Type": "application/gzip", "Content-Length": String(blob.size) };
    await cache.put(SNAPSHOT_URL, new Response(blob, { headers }));
    timing.stored = performance.now();
    timing.storedBytes = blob.size;
  } catch (err) {
    timing.storeError = String(err);
    console.info("engine snapshot not stored:", err);
  }
}

// ---------------------------------------------------------------- start
const options = { indexURL, stdLibURL: vendor + BUILD.stdlib, lockFileContents: BUILD.lock };
const engine = runtimeIn
  .then(() => fetch(vendor + "spades.zip"))
  .then((r) => (r.ok ? r.arrayBuffer() : Promise.reject(new Error(`spades.zip: HTTP ${r.status}`))));
engine.catch(() => {}); // handled where start() awaits it

// Python and the engine. `plain`: also copy the heap once the engine is imported, for the snapshot (only where
// it can be stored).
async function start(py, plain) {
  timing.python = performance.now();
  // The package (compiled, no sources: a traceback names the file and line) on sys.path. The filesystem is not part of a
  // snapshot, so a restored start writes it again (the same bytes: the snapshot's zipimport knows them).
  py.FS.mkdirTree("/engine");
  py.FS.writeFile("/engine/spades.zip", new Uint8Array(await engine));
  py.runPython("import sys; '/engine/spades.zip' in sys.path or sys.path.insert(0, '/engine/spades.zip')");
  if (plain) {
    // every engine module the worker can reach (vendor.py measured them), so that a restored start has them all
    py.runPython(`import importlib\nfor name in ${JSON.stringify(BUILD.modules)}: importlib.import_module(name)`);
    timing.imported = performance.now();
    try {
      image = py.makeMemorySnapshot();
      timing.copied = performance.now();
    } catch (err) {
      timing.storeError = String(err); // the game goes on; the next visit starts plainly too
    }
  }
  // random.seed(): a restored snapshot has the state `random` had when it was made.
  py.runPython("import random; random.seed(); from spades.worker import handle");
  timing.engine = performance.now();
  const h = py.globals.get("handle");
  const fn = (op, args) => (op === "timing" ? JSON.stringify({ ...timing, downloads: downloads() }) : h(op, args));
  fn.py = py;
  return fn;
}

async function startEngine() {
  const cache = await openCache();
  const stored = cache && (await cache.match(SNAPSHOT_URL).catch(() => undefined));
  if (stored) {
    try {
      const snapshot = inflate(stored);
      snapshot.catch(() => {}); // handled: loadPyodide awaits it later, and fails with its error
      const handle = await start(await loadPyodide({ ...options, _loadSnapshot: snapshot }), false);
      timing.snapshot = true;
      timing.start = "restored";
      return handle;
    } catch (err) {
      console.warn("stored engine snapshot not used; starting plainly and making a new one:", err);
      timing.snapshotError = String(err);
      await cache.delete(SNAPSHOT_URL).catch(() => {});
    }
  }
  timing.start = "plain";
  const copy = cache !== null; // a heap copy is made only to be stored
  const handle = await start(await loadPyodide({ ...options, _makeSnapshot: copy }), copy);
  if (cache) {
    storeBy = performance.now() + STORE_LATEST_MS;
    storeWhenIdle();
  } else {
    image = null;
  }
  return handle;
}

const handle = startEngine();
handle.then(
  () => {
    progress(true);
    self.postMessage({ timing });
  },
  (err) => self.postMessage({ timing: { ...timing, error: String(err) } }),
);

// The group arithmetic of host-blind dealing (static/group.mjs: libsodium.js), loaded at the first operation of
// online play (a room's, a guest's, a blind hand's, a fair deal's) and handed to the engine before it runs; a
// solo game never loads it.
const ONLINE_OPS = /^(room_|guest_|blind_|fair_)/;
let group = null;
function groupReady() {
  group ??= Promise.all([handle, import("./group.mjs").then((m) => m.sodiumGroup())]).then(
    ([fn, backend]) => fn.py.pyimport("spades.table.group").use(backend),
    (err) => {
      group = null; // not loaded (the network?): the next online operation tries again
      throw err;
    },
  );
  return group;
}

serve(async ({ data: { id, op, args } }) => {
  try {
    const fn = await handle;
    if (ONLINE_OPS.test(op)) await groupReady();
    self.postMessage({ id, ok: true, result: fn(op, args) });
  } catch (err) {
    self.postMessage({ id, ok: false, error: String(err) });
  }
  if (op !== "timing") storeWhenIdle(); // asking for the timing (tests, benchmarks) is not activity
});
