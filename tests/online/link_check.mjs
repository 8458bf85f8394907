// Generated runs of the reliable link (static/online/link.mjs) over a channel that loses, repeats and (across a
// reconnection) reorders frames, with a fake clock. Run by tests/test_link.py: prints one JSON line and exits 0,
// or prints the failing seed and what went wrong and exits 1.
//
//   node tests/online/link_check.mjs [runs]
import { link, RESEND_MS } from "../../static/online/link.mjs";

function random(seed) {
  let x = seed >>> 0 || 1;
  return () => {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    return (x >>> 0) / 4294967296;
  };
}

function fail(seed, text) {
  console.log(JSON.stringify({ ok: false, seed, error: text }));
  process.exit(1);
}

/** Two ends sending to each other for `steps` steps; returns what each delivered, in order. */
function run(seed, { steps = 400, loss = 0.25, repeat = 0.1, blips = true } = {}) {
  const rnd = random(seed);
  let clock = 0;
  const now = () => clock;
  const wires = { a: [], b: [] }; // frames in flight towards a / towards b
  let lossy = true;
  const ends = {};
  const delivered = { a: [], b: [] };
  const sent = { a: [], b: [] };
  for (const [name, other] of [["a", "b"], ["b", "a"]]) {
    ends[name] = link({
      now,
      transmit: (frame) => {
        if (lossy && rnd() < loss) return;
        const copy = JSON.parse(JSON.stringify(frame));
        wires[other].push(copy);
        if (lossy && rnd() < repeat) wires[other].push(copy);
      },
    });
  }
  const pump = (name) => {
    const queue = wires[name].splice(0);
    if (blips && lossy && rnd() < 0.05) queue.reverse(); // frames of a dying channel and a new one interleave
    for (const frame of queue) delivered[name].push(...ends[name].receive(frame));
  };
  for (let i = 0; i < steps; i += 1) {
    const from = rnd() < 0.5 ? "a" : "b";
    if (rnd() < 0.6) {
      const message = { t: "m", from, i };
      sent[from].push(i);
      ends[from].send(message);
    }
    if (blips && rnd() < 0.03) ends[from].flush();
    if (rnd() < 0.3) {
      clock += RESEND_MS * rnd() * 1.5;
      ends.a.tick();
      ends.b.tick();
    }
    pump(rnd() < 0.5 ? "a" : "b");
  }
  lossy = false; // the connection settles: everything outstanding must now arrive
  for (let i = 0; i < 20; i += 1) {
    clock += RESEND_MS + 1;
    ends.a.tick();
    ends.b.tick();
    pump("a");
    pump("b");
  }
  return { sent, delivered, ends };
}

const runs = Number(process.argv[2] || 300);
let frames = 0;
for (let seed = 1; seed <= runs; seed += 1) {
  const { sent, delivered, ends } = run(seed, { loss: [0, 0.1, 0.25, 0.5][seed % 4] });
  for (const [to, from] of [["b", "a"], ["a", "b"]]) {
    const got = delivered[to].map((m) => m.i);
    if (JSON.stringify(got) !== JSON.stringify(sent[from])) {
      fail(seed, `${from}→${to}: sent ${sent[from].length}, delivered ${JSON.stringify(got.slice(0, 40))}`);
    }
    if (delivered[to].some((m) => "e" in m || "q" in m || m.t !== "m")) fail(seed, "a frame's numbering leaked");
    if (ends[from].pending() !== 0) fail(seed, `${from} still waits for ${ends[from].pending()} acks`);
    frames += got.length;
  }
}

// A restart (a guest's new hello): the hello first, then what was not acknowledged, all delivered, in order.
{
  const got = [];
  let open = false;
  const b = link({ transmit: () => {} });
  const a = link({ transmit: (frame) => open && got.push(...b.receive(frame)) });
  a.send({ t: "sit", seat: "N" });
  a.send({ t: "ready", ready: true });
  open = true;
  a.restart({ t: "hello", name: "Bo" });
  const order = got.map((m) => m.t).join(",");
  if (order !== "hello,sit,ready") fail(0, `after a restart the receiver saw ${order}`);
}

// Untrusted frames: malformed numbering is dropped, an unnumbered frame passes once, nothing throws.
{
  const b = link({ transmit: () => {} });
  const bad = [
    { t: "m", e: "", q: 1 },
    { t: "m", e: "x".repeat(17), q: 1 },
    { t: "m", e: 5, q: 1 },
    { t: "m", e: "ok", q: 0 },
    { t: "m", e: "ok", q: 1.5 },
    { t: "m", e: "ok", q: "1" },
    { t: "m", e: "ok", q: 2 ** 60 },
    { t: "m", q: 1 },
    { t: "m", e: "ok" },
    { t: "m", e: "ok", q: 2 },
    { t: "ack", e: "nope", q: 99 },
    { t: "ack", e: [], q: -1 },
  ];
  for (const frame of bad) if (b.receive(frame).length) fail(0, "accepted " + JSON.stringify(frame));
  const plain = b.receive({ t: "m", text: "as is" });
  if (JSON.stringify(plain) !== '[{"t":"m","text":"as is"}]') fail(0, "an unnumbered frame was changed");
  if (JSON.stringify(b.receive({ t: "m", e: "ok", q: 1 })) !== '[{"t":"m"}]') fail(0, "a good first frame refused");
  // ahead of a gap: kept (within WINDOW) and handed on, in order, when the gap is filled
  if (b.receive({ t: "m", e: "ok", q: 3, n: 3 }).length || b.receive({ t: "m", e: "ok", q: 2 + 256, n: 0 }).length) {
    fail(0, "a frame ahead of a gap was handed on");
  }
  const both = b.receive({ t: "m", e: "ok", q: 2, n: 2 });
  if (JSON.stringify(both.map((m) => m.n)) !== "[2,3]") fail(0, "kept frame not handed on: " + JSON.stringify(both));
}

console.log(JSON.stringify({ ok: true, runs, frames }));
