// Main-thread client of static/engine-worker.mjs. No SharedArrayBuffer, no COOP/COEP needed.
//   const engine = startEngine({onprogress});  await engine.call("ping", {})  -> parsed JSON result
//   await engine.started  -> the worker's start-up timing, {snapshot: true|false, start, worker, python, engine} (ms)
//   onprogress({loaded, total}): bytes of the runtime and engine downloaded so far, as sent (compressed)
//   early: {worker, url, keep, messages}, a worker already started with this url and keep (index.html's head
//   starts it before anything else loads) and the messages it sent before this client listened: adopted
//   keep: false: the worker keeps nothing in this site's storage (no memory snapshot read or stored in Cache
//   Storage: an embedded game, docs/embedding.md); it is told by the worker's name, so it knows from its start
// When the worker has started, <html> gets data-engine-snapshot="true" (restored from the memory snapshot this
// browser stored on an earlier visit) or "false" (a plain start: first visit, storage blocked, or the stored
// snapshot was stale or damaged), for tests and benchmarks (docs/runtime.md, "Start paths").
export const KEEP_NOTHING = "spades-engine:keep-nothing"; // the worker's name when it must keep nothing

export function startEngine({ url = new URL("./engine-worker.mjs", import.meta.url), onprogress, keep = true, early } = {}) {
  const adopted = early && early.keep === keep && early.url === url.href ? early : null;
  const worker = adopted ? adopted.worker : new Worker(url, { type: "module", name: keep ? "spades-engine" : KEEP_NOTHING });
  const pending = new Map();
  let nextId = 0;
  let started;
  const startup = new Promise((resolve) => (started = resolve));
  worker.onmessage = ({ data: { id, ok, result, error, timing, progress } }) => {
    if (progress) {
      onprogress?.(progress);
      return;
    }
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
  for (const event of adopted ? adopted.messages.splice(0) : []) worker.onmessage(event); // came before we listened
  // an adopted worker that failed before we listened (its script did not load): every call is refused with why
  const failed = adopted?.error ? new Error(adopted.error.message || "engine worker failed") : null;
  // Strings in and out (from MicroPython: json.loads(await engine.request(op, json.dumps(args)))).
  const request = (op, argsJSON = "{}") =>
    new Promise((resolve, reject) => {
      if (failed) return reject(failed);
      const id = nextId++;
      pending.set(id, { resolve, reject });
      worker.postMessage({ id, op, args: argsJSON });
    });
  // Objects in and out, for JavaScript callers.
  const call = async (op, args = {}) => JSON.parse(await request(op, JSON.stringify(args)));
  return { call, request, worker, started: startup };
}
