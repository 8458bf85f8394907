// Offline play: registers the service worker (/sw.js, see docs/runtime.md) once the table is playable, so that
// its precaching (~22 MB, mostly 304s for what the page just loaded) never competes with start-up. A first visit's
// first hand drawn before the engine (body[data-first-hand="prepared"], static/app/firsthand.py) is a table, but the
// engine's worker still downloads and starts then: precached beside it, its files went out a second time on the same
// line and the engine was ready seconds later; so the registration waits for the engine's game (or an error).
// Where service workers are not allowed (a cross-site iframe with storage blocked, some private modes) the
// registration fails quietly: the game works, only not offline.
//
// <html data-offline="...">: "waiting" (for the table), "installing", "ready" (precached, and this page is
// controlled unless it was loaded with shift-reload: a reload works with the network off), "unavailable".
const SW = new URL("../sw.js", import.meta.url);
const root = document.documentElement;
const set = (state) => {
  root.dataset.offline = state;
};

async function register() {
  let container;
  try {
    container = navigator.serviceWorker; // may throw (SecurityError) in sandboxed or storage-blocked frames
  } catch {
    container = null;
  }
  if (!container) return set("unavailable");
  set("installing");
  try {
    await container.register(SW, { updateViaCache: "none" });
    await container.ready; // an active worker: the install (the whole precache) succeeded
    if (!container.controller) {
      // it claims this page on activation; a page loaded with shift-reload stays uncontrolled, so don't wait forever
      await new Promise((resolve) => {
        container.addEventListener("controllerchange", resolve, { once: true });
        setTimeout(resolve, 5000);
      });
    }
    set("ready");
  } catch (error) {
    console.info("offline play unavailable here:", error?.message || error);
    set("unavailable");
  }
}

function whenPlayable(start) {
  const body = document.body;
  let started = false;
  const early = () => body.dataset.firstHand === "prepared" && body.dataset.phase !== "error"; // the engine loads
  const playable = () => body.dataset.phase && body.dataset.phase !== "loading" && !early();
  const go = () => {
    if (started) return;
    started = true;
    observer.disconnect();
    clearTimeout(timer);
    start();
  };
  const observer = new MutationObserver(() => playable() && go());
  observer.observe(body, { attributes: true, attributeFilter: ["data-phase", "data-first-hand"] });
  // a start-up that never finishes still gets offline files next time (not while a first hand waits for the engine)
  const timer = setTimeout(() => early() || go(), 20_000);
  if (playable()) go();
}

// An embedded game (?embed=1, docs/embedding.md) registers nothing: a frame in someone else's page should not
// precache 18 MB the visitor never asked for, and the game it shows keeps no state to play offline anyway.
if (["1", "true", "yes"].includes(new URLSearchParams(location.search).get("embed"))) set("embedded");
else {
  set("waiting");
  whenPlayable(register);
}
