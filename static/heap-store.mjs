// How static/engine-worker.mjs stores a Pyodide heap (its memory snapshot) in Cache Storage, before gzip.
// (docs/runtime.md, "Start paths"; tests/test_heap_store.py)
//
// The stored form of a heap: about half of its 4 kB pages are all zeros (memory Python has not used yet), so they
// are left out, and the rest is gzipped. Inflating 14 MB instead of 31 MB is about a third quicker (measured in
// Chromium: 93 vs 136 ms from Cache Storage, median of 8), and the zeros come back for free: a new buffer is zero.
//   header: "PSNP" (4 bytes), version, heap length, page count (u32 little-endian each)
//   then a bitmap of the pages kept (bit i of byte i >> 3: page i), then the kept pages, in order
// unsparse throws on anything that is not exactly this (truncated, another format): the worker then sets the
// entry aside and starts plainly.
const PAGE = 4096;
const MAGIC = 0x504e5350; // "PSNP" read as a little-endian u32
const FORMAT = 1;
const HEADER = 16;

function pagesOf(length) {
  return Math.ceil(length / PAGE);
}

function zeroPage(words, bytes, page) {
  const start = page * PAGE;
  const end = Math.min(start + PAGE, bytes.length);
  if (words && end - start === PAGE) {
    for (let i = start >> 2, last = end >> 2; i < last; i++) if (words[i] !== 0) return false;
    return true;
  }
  for (let i = start; i < end; i++) if (bytes[i] !== 0) return false;
  return true;
}

// [header and bitmap, then each run of kept pages as a view of the heap]
export function sparse(heap) {
  const aligned = heap.byteOffset % 4 === 0;
  const words = aligned ? new Uint32Array(heap.buffer, heap.byteOffset, heap.length >> 2) : null;
  const pages = pagesOf(heap.length);
  const head = new Uint8Array(HEADER + Math.ceil(pages / 8));
  const view = new DataView(head.buffer);
  view.setUint32(0, MAGIC, true);
  view.setUint32(4, FORMAT, true);
  view.setUint32(8, heap.length, true);
  view.setUint32(12, pages, true);
  const parts = [head];
  let run = -1;
  for (let page = 0; page <= pages; page++) {
    const kept = page < pages && !zeroPage(words, heap, page);
    if (kept) {
      head[HEADER + (page >> 3)] |= 1 << (page & 7);
      if (run < 0) run = page;
    } else if (run >= 0) {
      parts.push(heap.subarray(run * PAGE, Math.min(page * PAGE, heap.length)));
      run = -1;
    }
  }
  return parts;
}

export function unsparse(data) {
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  if (data.length < HEADER || view.getUint32(0, true) !== MAGIC || view.getUint32(4, true) !== FORMAT) {
    throw new Error("not a stored engine heap");
  }
  const length = view.getUint32(8, true);
  const pages = view.getUint32(12, true);
  const bitmap = HEADER + Math.ceil(pages / 8);
  if (pages !== pagesOf(length) || data.length < bitmap) throw new Error("a stored engine heap's header is wrong");
  const heap = new Uint8Array(length);
  let at = bitmap;
  let run = -1;
  for (let page = 0; page <= pages; page++) {
    const kept = page < pages && (data[HEADER + (page >> 3)] >> (page & 7)) & 1;
    if (kept) {
      if (run < 0) run = page;
    } else if (run >= 0) {
      const size = Math.min(page * PAGE, length) - run * PAGE;
      if (at + size > data.length) throw new Error("a stored engine heap is short");
      heap.set(data.subarray(at, at + size), run * PAGE);
      at += size;
      run = -1;
    }
  }
  if (at !== data.length) throw new Error("a stored engine heap has bytes left over");
  return heap;
}
