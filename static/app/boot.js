// First paint and start-up, before Python runs (see docs/page.md).
//
// - starts the engine worker at once: Pyodide is the long pole, MicroPython starts in parallel;
// - opens the menu and the help before Python runs (early.js);
// - picks the language (?lang=, saved setting, navigator.languages) and the saved display settings,
//   so the static table is shown translated and themed without waiting for Python;
// - drives the progress bar; static/app/main.py (MicroPython) takes over from window.spades.
import { startEngine } from "../engine.js";
import { earlyMenu } from "./early.js";

const LANGS = ["zh-Hans", "zh-Hant", "en"];
const params = new URLSearchParams(location.search);

function normalLang(tag) {
  if (!tag) return null;
  const t = String(tag).toLowerCase();
  if (t === "en" || t.startsWith("en-")) return "en";
  if (/^zh-(hant|tw|hk|mo)/.test(t)) return "zh-Hant";
  if (t === "zh" || t.startsWith("zh-")) return "zh-Hans";
  return null;
}

// localStorage behind try/catch: it throws when storage is blocked (a cross-site iframe, some private modes),
// and MicroPython cannot catch an exception thrown by a JS property getter, so Python only calls these.
const storage = {
  available() {
    try {
      window.localStorage.setItem("spades-probe", "1");
      window.localStorage.removeItem("spades-probe");
      return true;
    } catch {
      return false;
    }
  },
  get(key) {
    try {
      return window.localStorage.getItem(key);
    } catch {
      return null;
    }
  },
  set(key, value) {
    try {
      window.localStorage.setItem(key, value);
      return true;
    } catch {
      return false;
    }
  },
  remove(key) {
    try {
      window.localStorage.removeItem(key);
    } catch {
      // blocked: nothing stored anyway
    }
  },
};

// Embed mode (?embed=1, docs/embedding.md): the game in a frame keeps nothing in this site's storage, so it never
// touches (or takes over, see static/app/tabs.py) the visitor's own saved game: storage acts as if blocked.
const embedded = ["1", "true", "yes"].includes(params.get("embed"));
if (embedded) {
  storage.available = () => false;
  storage.get = () => null;
  storage.set = () => false;
  storage.remove = () => {};
}

// PyScript's core opens an IndexedDB database as it loads (for its `fs` mounts, which this page does not use).
// Where storage is blocked (a cross-site iframe) that request fails with an uncaught error in PyScript. The game
// keeps nothing in IndexedDB, so such a page gets a stand-in whose requests never settle instead.
if (!storage.available()) {
  try {
    const pending = () => ({ result: undefined, error: null, readyState: "pending" });
    Object.defineProperty(window, "indexedDB", {
      configurable: true,
      value: { open: pending, deleteDatabase: pending, cmp: () => 0, databases: async () => [] },
    });
  } catch (error) {
    console.info("indexedDB left as is:", error);
  }
}

function readSettings() {
  try {
    const value = JSON.parse(storage.get("spades-settings") || "{}");
    return value && typeof value === "object" ? value : {};
  } catch {
    return {};
  }
}

const settings = readSettings();
let lang = normalLang(params.get("lang")) || normalLang(settings.lang);
for (const tag of navigator.languages || [navigator.language]) lang = lang || normalLang(tag);
lang = LANGS.includes(lang) ? lang : "en";

const root = document.documentElement;
root.lang = lang;
root.dataset.lang = lang;
root.dataset.fourColor = settings.four_color ? "1" : "0";
root.dataset.speed = params.get("speed") || settings.speed || "normal";
if (embedded) root.dataset.embed = "1"; // compact chrome (static/css/app.css)

// The score box before any Python runs (index.html leaves it empty, so no 0–0 ever flashes): the saved game's
// score, which the page keeps in the save ("scores": us, them, totals, bags, limit; static/app/view.py
// score_glance); 0–0 for a new game (?fresh=1, or nothing saved). When the address may start another game
// (?seed, ?preset, ?seat) or the save has no score, the box stays empty until the game is known.
function paintSavedScores() {
  const fresh = ["1", "true", "yes"].includes(params.get("fresh"));
  if (!fresh && ["seed", "preset", "seat", "deal", "daily"].some((key) => params.has(key))) return;
  let glance = null;
  const saved = fresh ? null : storage.get("spades-save");
  if (saved) {
    try {
      glance = JSON.parse(saved).scores;
    } catch {
      return;
    }
    if (!glance || typeof glance !== "object") return;
  } else {
    const us = ["E", "W"].includes(settings.seat) ? "EW" : "NS";
    glance = { us, them: us === "NS" ? "EW" : "NS", totals: { NS: 0, EW: 0 }, bags: null, limit: 0 };
  }
  const whole = (n) => (Number.isInteger(n) ? String(n) : "");
  for (const side of ["us", "them"]) {
    const team = glance[side];
    const box = document.querySelector(`.scoreboard .team-${side}`);
    if (!box || !["NS", "EW"].includes(team)) return;
    box.dataset.team = team;
    box.querySelector(".team-name").dataset.i18nTeam = `team_${side}:${team}`; // named by translate() below
    const score = box.querySelector(".team-score");
    score.dataset.score = team;
    score.textContent = whole((glance.totals || {})[team]);
    const bags = box.querySelector(".team-bags [data-bags]");
    bags.dataset.bags = team;
    const count = whole((glance.bags || {})[team]);
    bags.textContent = count && glance.limit ? `${count}/${whole(glance.limit)}` : count;
  }
}
paintSavedScores();

// The progress bar and the loading line (#loading-text). Steps add their share of the bar; "download" (the
// engine worker's runtime and engine, in bytes) fills its share as the bytes arrive. The line shows the latest
// step's words, except while the engine downloads slowly: then "Loading the card engine (3.1 of 8.2 MB)…", in
// bytes as the server sends them (compressed; see static/engine-worker.mjs), once the catalog is here.
const steps = { page: 10, messages: 10, ui: 20, download: 30, engine: 20, game: 10 };
const done = new Map(); // step -> share done, 0..1
const SLOW_MS = 400; // a download still running this long after the page started gets its bytes shown
let stepLabel = null;
let download = null; // {loaded, total}, bytes
let catalog = null;

function message(key, values = {}) {
  const entry = catalog && catalog[key];
  const template = entry && (entry[lang] || entry.en);
  return template ? template.replace(/\{(\w+)\}/g, (all, name) => values[name] ?? all) : null;
}

function downloadLine() {
  if (!download || download.loaded >= download.total || performance.now() < SLOW_MS) return null;
  const mb = (bytes) => (bytes / 1e6).toFixed(1);
  return message("loading_download", { done: mb(download.loaded), total: mb(download.total) });
}

function render() {
  let width = 0;
  for (const [step, share] of done) width += (steps[step] || 0) * share;
  const bar = document.getElementById("progress-bar");
  if (bar) bar.style.width = `${Math.min(width, 100)}%`;
  const line = downloadLine() || stepLabel;
  const element = document.getElementById("loading-text");
  if (line && element && element.textContent !== line) element.textContent = line;
}

function progress(step, label, share = 1) {
  done.set(step, Math.max(done.get(step) || 0, share));
  if (label) stepLabel = label;
  render();
}

function downloaded({ loaded, total }) {
  download = { loaded, total };
  progress("download", null, total ? loaded / total : 0);
}

function translate(catalog, language, scope = document) {
  const text = (key) => (catalog[key] && (catalog[key][language] || catalog[key].en)) || null;
  for (const el of scope.querySelectorAll("[data-i18n]")) {
    const value = text(el.dataset.i18n);
    if (value) el.textContent = value;
  }
  for (const el of scope.querySelectorAll("[data-i18n-aria]")) {
    const value = text(el.dataset.i18nAria);
    if (value) el.setAttribute("aria-label", value);
  }
  for (const el of scope.querySelectorAll("[data-i18n-title]")) {
    const value = text(el.dataset.i18nTitle);
    if (value) el.title = value;
  }
  // the score box before the game is known ("Us (N–S)"); the page names the teams from your seat
  for (const el of scope.querySelectorAll("[data-i18n-team]")) {
    const [key, pair] = el.dataset.i18nTeam.split(":");
    const value = text(key);
    const name = text(`pair_${pair}`);
    if (value && name) el.textContent = value.replace("{pair}", name);
  }
  const title = text("title_page");
  if (title) document.title = title;
}

// The worker index.html's head started (window.spadesWorker), else one started now; embedded: no snapshot kept.
const engine = startEngine({ onprogress: downloaded, keep: !embedded, early: window.spadesWorker });
const messages = fetch(new URL("../../spades/i18n/messages.json", import.meta.url)).then((r) => r.json());
const engineReady = engine.call("ping");
// What the page would ask the engine before its settings and lessons (scripts/early_data.py), as JSON text.
const earlyData = fetch(new URL("../vendor/early/engine.json", import.meta.url)).then((r) =>
  r.ok ? r.text() : Promise.reject(new Error(`early data: HTTP ${r.status}`)),
);
earlyData.catch((error) => console.info(error)); // the page then asks the engine (early.py)
// A first visit's first hand, prepared by the build (static/app/firsthand.py), as JSON text: asked for only where
// no game is saved and the game is not embedded; "" when not asked for or not had (the page then waits for the engine).
const firstHand =
  embedded || storage.get("spades-save") !== null
    ? Promise.resolve("")
    : fetch(new URL("../vendor/early/first-hand.json", import.meta.url))
        .then((r) => (r.ok ? r.text() : ""))
        .catch(() => "");
const earlyPage = earlyMenu({ lang, messages }); // the menu and the help before Python (early.js)

window.spades = {
  engine, lang, messages, engineReady, progress, storage, params: location.search, startedAt: performance.now(),
  early: earlyPage, earlyData, firstHand,
  // MicroPython's start in steps (static/app/main.py): between two, a click or a key that waits is handled first
  pause: () => (globalThis.scheduler?.yield ? globalThis.scheduler.yield() : new Promise((go) => setTimeout(go, 0))),
  // a language chosen in the settings while the engine loads (early.py): the loading line speaks it too
  setLang(tag) {
    lang = LANGS.includes(tag) ? tag : lang;
    render();
  },
};
window.engine = engine; // the transport, as /tmp/proto's main.py expects it

// A host page's requests that come before static/app/embed.py listens (docs/embedding.md) are answered at once
// with embed_not_ready, never lost: from the parent window only, `spades:*` objects only, to the ?origin= given
// or else to the origin of the first such request (kept, and handed to embed.py with the listening, so the two
// keep to the same origin). embed.py calls window.spades.embedHandOver() when it listens: from then on it answers.
const early = { origin: null, listening: false };
const pinned = params.get("origin") && params.get("origin") !== "*" ? params.get("origin") : null;
window.spades.embedHandOver = () => {
  early.listening = true;
  return early.origin || "";
};
if (window.parent !== window) {
  window.addEventListener("message", (event) => {
    const data = event.data;
    if (early.listening || event.source !== window.parent) return;
    if (!data || typeof data !== "object" || typeof data.type !== "string" || !data.type.startsWith("spades:")) return;
    if ((pinned || early.origin) && event.origin !== (pinned || early.origin)) return;
    if (!pinned && !early.origin && event.origin && event.origin !== "null") early.origin = event.origin;
    const to = pinned || early.origin;
    if (!to) return;
    const english = "the game is still starting";
    const answer = { type: "spades:error", code: "embed_not_ready", params: {}, message: english };
    answer.text = message("err_embed_not_ready") || english;
    if (typeof data.ref === "string") answer.ref = data.ref;
    try {
      window.parent.postMessage(answer, to);
    } catch (error) {
      console.info("spades embed: not posted:", error);
    }
  });
}

progress("page");
messages
  .then((data) => {
    catalog = data.messages || {};
    translate(catalog, lang);
    progress("messages", done.has("ui") ? null : message("loading_engine"));
  })
  .catch((error) => console.error("messages:", error));
engineReady.then(
  () => {
    progress("download");
    progress("engine");
  },
  (error) => {
    console.error("engine:", error);
    window.spades.engineError = String(error);
  },
);
