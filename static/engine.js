// Main-thread client of static/engine-worker.mjs. No SharedArrayBuffer, no COOP/COEP needed.
//   const engine = startEngine();  await engine.call("ping", {})  -> parsed JSON result
//   await engine.started  -> the worker's start-up timing, {snapshot: true|false, worker, python, engine} (ms)
// When the worker has started, <html> gets data-engine-snapshot="true" (started from the Pyodide memory
// snapshot) or "false" (the slow start: the snapshot is missing or was refused), for tests and benchmarks.
export function startEngine(url = new URL("./engine-worker.mjs", import.meta.url)) {
  const worker = new Worker(url, { type: "module" });
  const pending = new Map();
  let nextId = 0;
  let started;
  const startup = new Promise((resolve) => (started = resolve));
  worker.onmessage = ({ data: { id, ok, result, error, timing } }) => {
    if (id === undefined) {
      // the worker's one unsolicited message: its start-up timing
      if (typeof document !== "undefined") document.documentElement.dataset.engineSnapshot = String(!!timing?.snapshot);
      started(timing);
      return;
    }
    const { resolve, reject } = pending.get(id);
    pending.delete(id);
    ok ? resolve(result) : reject(new Error(error));
  };
  worker.onerror = (event) => {
    for (const { reject } of pending.values()) reject(new Error(event.message || "engine worker failed"));
    pending.clear();
  };
  // Strings in and out (from MicroPython: json.loads(await engine.request(op, json.dumps(args)))).
  const request = (op, argsJSON = "{}") =>
    new Promise((resolve, reject) => {
      const id = nextId++;
      pending.set(id, { resolve, reject });
      worker.postMessage({ id, op, args: argsJSON });
    });
  // Objects in and out, for JavaScript callers.
  const call = async (op, args = {}) => JSON.parse(await request(op, JSON.stringify(args)));
  return { call, request, worker, started: startup };
}
