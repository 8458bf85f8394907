// One connection's own JavaScript realm: static/online/net.mjs `connect()` loads this module into a hidden
// same-origin iframe of its own, so that each connection has its own copy of trystero and so its own peer id.
// Trystero draws its id once per realm, with Math.random, when its modules load (`selfId` in core/utils.mjs);
// net.mjs sets this window's Math.random to give the id it chose before this module loads, and checks
// `trystero.selfId` once it has (docs/online.md, "One realm per connection, and who answers whom").
//
//   window.trystero            // the library's exports (joinRoom, selfId, getRelaySockets…), for net.mjs
//   await window.fallback()    // the second strategy's exports (Nostr), loaded the first time it is asked for
//   window.onTrackerMessage    // set by net.mjs: called with each message a tracker sends this realm
//   window.relayFailures(url)  // how many times in a row a socket to that url closed (0 once one opens)
import * as trystero from "../vendor/trystero/torrent/index.mjs";

/** Whether trystero's console.error arguments say only that a peer closed its data channel: Chromium reports a
 * channel the other side closed (it left the room, or its page closed) as an error event first, an RTCError
 * "User-Initiated Abort, reason=Close called" (SCTP cause 12), then the close; trystero logs every channel error
 * as "Trystero peer error:". Anything else is a real error. */
export function ordinaryClose(args) {
  const [what, error] = args;
  return (
    typeof what === "string" &&
    what.startsWith("Trystero peer error") &&
    error !== null &&
    typeof error === "object" &&
    error.errorDetail === "sctp-failure" &&
    (error.sctpCauseCode === 12 || /Close called/.test(String(error.message)))
  );
}

// This realm's console is its own: only trystero's messages pass here. An ordinary leave is said as information,
// every other error stays an error.
const error = console.error.bind(console);
console.error = (...args) => {
  if (ordinaryClose(args)) console.info("Trystero: a peer closed its connection (it left)");
  else error(...args);
};

// What the trackers say to this realm's library, for net.mjs (`onOffer`: a peer that announced itself with offers):
// the library opens its sockets with this realm's WebSocket, which passes each message on as well.
// Each socket's closes are counted as well: trystero tries a relay again after each close, waiting twice as long
// each time, and gives it up for good at the sixth close in a row (core/utils.mjs `makeSocket`, 0.25.4); net.mjs
// makes a host a fresh realm once every relay of its connection has been given up.
const Socket = window.WebSocket;
const failures = {};
window.WebSocket = class extends Socket {
  constructor(...args) {
    super(...args);
    const url = this.url;
    this.addEventListener("message", (event) => window.onTrackerMessage?.(event.data));
    this.addEventListener("open", () => (failures[url] = 0));
    this.addEventListener("close", () => (failures[url] = (failures[url] || 0) + 1));
  }
};
window.relayFailures = (url) => {
  try {
    return failures[new URL(url).href] || 0;
  } catch {
    return 0; // not an address: no socket was ever made for it
  }
};

// Loaded here, in this realm, after trystero's core: it shares the core's peer id (drawn once, above).
let second = null;
window.fallback = () => (second ||= import("../vendor/trystero/nostr/index.mjs"));

window.trystero = trystero;
