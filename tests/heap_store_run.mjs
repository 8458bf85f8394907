// Round trips through static/heap-store.mjs for tests/test_heap_store.py.
//   node tests/heap_store_run.mjs < cases.json  ->  one JSON line: per case {ok, kept} or {error}
// A case: {length, pages: {index: byte}} (a heap of zeros with those pages filled with that byte, the last
// byte of each page made 1 so that a page is never zero by chance of the fill), and an optional damage:
// "truncate" (the stored bytes lose their last one), "extend" (one more byte), "magic" (the first byte changed).
import fs from "node:fs";
import { sparse, unsparse } from "../static/heap-store.mjs";

const PAGE = 4096;
const cases = JSON.parse(fs.readFileSync(0, "utf8"));
const results = cases.map(({ length, pages, damage, offset = 0 }) => {
  const buffer = new Uint8Array(length + offset);
  const heap = buffer.subarray(offset); // an unaligned view too: the worker's copy may be one
  for (const [index, fill] of Object.entries(pages)) {
    const start = Number(index) * PAGE;
    const end = Math.min(start + PAGE, length);
    heap.fill(fill, start, end);
    if (end > start) heap[end - 1] = 1;
  }
  const parts = sparse(heap);
  let stored = new Uint8Array(parts.reduce((n, part) => n + part.length, 0));
  let at = 0;
  for (const part of parts) {
    stored.set(part, at);
    at += part.length;
  }
  if (damage === "truncate") stored = stored.slice(0, stored.length - 1);
  if (damage === "extend") stored = Uint8Array.from([...stored, 0]);
  if (damage === "magic") stored[0] ^= 0xff;
  try {
    const back = unsparse(stored);
    const same = back.length === heap.length && back.every((byte, i) => byte === heap[i]);
    return { ok: same, stored: stored.length };
  } catch (err) {
    return { error: String(err.message) };
  }
});
process.stdout.write(JSON.stringify(results) + "\n");
