// First paint and start-up, before Python runs (see docs/page.md).
//
// - starts the engine worker at once: Pyodide is the long pole, MicroPython starts in parallel;
// - picks the language (?lang=, saved setting, navigator.languages) and the saved display settings,
//   so the static table is shown translated and themed without waiting for Python;
// - drives the progress bar; static/app/main.py (MicroPython) takes over from window.spades.
import { startEngine } from "../engine.js";

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

const steps = { page: 10, messages: 10, ui: 30, engine: 40, game: 10 };
const done = new Set();
function progress(step, label) {
  done.add(step);
  let width = 0;
  for (const s of done) width += steps[s] || 0;
  const bar = document.getElementById("progress-bar");
  if (bar) bar.style.width = `${Math.min(width, 100)}%`;
  if (label) {
    const text = document.getElementById("loading-text");
    if (text) text.textContent = label;
  }
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

const engine = startEngine();
const messages = fetch(new URL("../../spades/i18n/messages.json", import.meta.url)).then((r) => r.json());
const engineReady = engine.call("ping");

window.spades = {
  engine, lang, messages, engineReady, progress, storage, params: location.search, startedAt: performance.now(),
};
window.engine = engine; // the transport, as /tmp/proto's main.py expects it

progress("page");
messages
  .then((data) => {
    const catalog = data.messages || {};
    translate(catalog, lang);
    if (!done.has("ui")) progress("messages", (catalog.loading_python || {})[lang]);
  })
  .catch((error) => console.error("messages:", error));
engineReady.then(
  () => progress("engine"),
  (error) => {
    console.error("engine:", error);
    window.spades.engineError = String(error);
  },
);
