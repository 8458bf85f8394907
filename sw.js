// Service worker: the game plays offline after one visit (docs/runtime.md, "Offline").
//
// - install: precaches every file of the offline manifest (static/vendor/build.js, made by scripts/vendor.py:
//   the page, its scripts, styles and messages, the runtimes and the compiled engine) into a cache named after
//   the manifest's content hash. The engine's memory snapshot is not among them: the engine worker makes it in
//   the browser and keeps it in its own cache, "spades.engine-snapshot", which activate leaves alone;
// - fetch: cache-first for those files (a navigation to the site root, with any query, gets index.html);
//   every other request goes to the network untouched;
// - activate: deletes this site's older spades-* caches and takes control of open pages.
// It lives at the site root because a worker's scope is its folder (static hosts can't send
// Service-Worker-Allowed). A new manifest hash changes build.js, which makes the browser install the new version.
importScripts("static/vendor/build.js");

const BUILD = self.SPADES_BUILD;
const CACHE = `spades-${BUILD.hash}`;
const ROOT = new URL("./", self.location).href;
const INDEX = new URL("index.html", ROOT).href;
const PRECACHED = new Set(BUILD.files.map((path) => new URL(path, ROOT).href));

self.addEventListener("install", (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(CACHE);
      // "no-cache": revalidate with the server (a cheap 304 for what the page just loaded), so that no stale
      // copy from the HTTP cache joins this build.
      await cache.addAll([...PRECACHED].map((url) => new Request(url, { cache: "no-cache" })));
      // The whole build is cached: replace an older worker at once (the page loaded everything at start-up).
      await self.skipWaiting();
    })(),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) {
        if (name.startsWith("spades-") && name !== CACHE) await caches.delete(name);
      }
      await self.clients.claim();
    })(),
  );
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  url.hash = "";
  if (request.mode === "navigate") url.search = "";
  const key = request.mode === "navigate" && url.href === ROOT ? INDEX : url.href;
  if (!PRECACHED.has(key)) return;
  event.respondWith(
    (async () => {
      const cached = await (await caches.open(CACHE)).match(key);
      return cached || fetch(request);
    })(),
  );
});

// The page (static/offline.js) asks which build this worker serves.
self.addEventListener("message", (event) => {
  if (event.data === "build") event.source?.postMessage({ build: BUILD.hash, files: BUILD.files.length });
});
