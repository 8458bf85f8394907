// Online play's transport: WebRTC data channels between browsers, found through WebTorrent trackers by trystero
// (static/vendor/trystero/, vendored from npm by scripts/vendor.py). Loaded only when a person opens online
// play (docs/online.md): the solo game never downloads it.
//
//   const net = await connect({ host, tableId, secret, relays, ice, onJoin, onLeave, onMessage });
//   net.send(message, peerId?)   // one peer, or every peer when peerId is omitted
//   await net.ping(peerId)       // round trip in milliseconds
//   net.self, net.peers(), net.sockets(), await net.leave()
//
// Messages are JSON objects. What arrives is untrusted: anything that is not a plain JSON object of at most
// MESSAGE_LIMIT bytes is dropped here (and counted), and the receiver validates the rest (spades/room.py).
//
// Every connection has its own JavaScript realm (a hidden iframe running realm.mjs) and so its own trystero, with
// a fresh peer id this module chose: a host's (`host: true`: a page's table, its short code's room, its public
// table's listing in the lobby) or a guest's (every other connection, every rejoin). A host's id sorts above
// every guest's, so the host answers each guest's offers at once: trystero ignores an offer when it has offers of
// its own outstanding (a torrent peer always has) and its id sorts below the sender's (docs/online.md, "Finding
// each other"). One realm of each kind is made ready ahead (loading the library takes a moment); `leave()`
// removes the iframe, and its connections with it.
export const APP_ID = "spades-heitaowang-v1";
export const PING_TIMEOUT_MS = 4000;
export const MESSAGE_LIMIT = 64 * 1024; // host → guest states are a few KB; guest → host messages are checked at 4 KB

/** A trystero peer id: 20 of these characters (the library's own order, core/utils.mjs `genId`), compared as
 * strings. A host's id starts with HOST_MARK; a guest's never does, so every host sorts above every guest. */
export const ID_CHARS = "0123456789AaBbCcDdEeFfGgHhIiJjKkLlMmNnOoPpQqRrSsTtUuVvWwXxYyZz";
export const ID_LENGTH = 20;
export const HOST_MARK = "z";
const REALM = new URL("./realm.mjs", import.meta.url).href;
const REALM_TIMEOUT_MS = 30000;
const LEAVE_TIMEOUT_MS = 2000;
const SPARE_DELAY_MS = 3000; // a realm made ahead waits this long after the last one was taken (or loaded)
const realms = new Set(); // the live connections' realms: {frame, trystero}
const spares = {}; // "host" | "guest" → a realm being made ready, with a fresh id of that kind

function randomText(length, chars) {
  return [...crypto.getRandomValues(new Uint32Array(length))].map((value) => chars[value % chars.length]).join("");
}

/** A fresh id for a page that hosts: HOST_MARK, then random characters. */
export function hostId() {
  return HOST_MARK + randomText(ID_LENGTH - HOST_MARK.length, ID_CHARS);
}

/** A fresh id for a guest (any connection that does not host): it never starts with HOST_MARK. */
export function guestId() {
  return randomText(1, ID_CHARS.replace(HOST_MARK, "")) + randomText(ID_LENGTH - 1, ID_CHARS);
}

export const isHostId = (id) => typeof id === "string" && id.startsWith(HOST_MARK);

function checkId(id) {
  if (typeof id !== "string" || id.length !== ID_LENGTH || [...id].some((c) => !ID_CHARS.includes(c))) {
    throw new Error(`online: a peer id is ${ID_LENGTH} characters of 0-9 A-Z a-z, not ${JSON.stringify(id)}`);
  }
}

/** A realm of its own for one connection: a hidden iframe whose trystero has the peer id `id`. */
async function openRealm(id) {
  const frame = document.createElement("iframe");
  frame.hidden = true;
  frame.title = "online connection";
  frame.tabIndex = -1;
  frame.setAttribute("aria-hidden", "true");
  frame.dataset.peer = id;
  (document.body || document.documentElement).append(frame);
  const win = frame.contentWindow;
  // trystero draws its id with the realm's Math.random as its modules load: floor(random() * 62) indexes ID_CHARS
  const random = win.Math.random;
  let drawn = 0;
  win.Math.random = () =>
    drawn < ID_LENGTH ? (ID_CHARS.indexOf(id[drawn++]) + 0.5) / ID_CHARS.length : random.call(win.Math);
  try {
    await new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error("online: the transport did not load")), REALM_TIMEOUT_MS);
      const script = win.document.createElement("script");
      script.type = "module";
      script.src = REALM;
      script.onload = () => {
        clearTimeout(timer);
        resolve();
      };
      script.onerror = () => {
        clearTimeout(timer);
        reject(new Error("online: the transport did not load (" + REALM + ")"));
      };
      win.document.head.append(script);
    });
    win.Math.random = random;
    const trystero = win.trystero;
    if (!trystero || trystero.selfId !== id) {
      throw new Error(`online: the transport's peer id is ${JSON.stringify(trystero?.selfId)}, not the one chosen (${id})`);
    }
    return { frame, trystero };
  } catch (error) {
    frame.remove();
    throw error;
  }
}

/** Start loading a realm with a fresh id of that kind, kept for the next connection of that kind. */
function spare(kind) {
  const made = openRealm(kind === "host" ? hostId() : guestId());
  made.catch(() => {
    if (spares[kind] === made) delete spares[kind]; // made again when next asked for
  });
  spares[kind] = made;
  return made;
}

/** A realm with a fresh id of that kind: the one made ahead, or a new one; the next is made a moment later, so
 * that loading it does not slow the connection being made now. */
function takeRealm(kind) {
  const ready = spares[kind] || openRealm(kind === "host" ? hostId() : guestId());
  delete spares[kind];
  setTimeout(() => spares[kind] || spare(kind), SPARE_DELAY_MS);
  return ready;
}

/** Load a guest's realm ahead, then a host's (net.mjs is imported when online play opens: the first connection of
 * either kind starts at once). */
export function warm() {
  if (spares.guest || spares.host) return;
  spare("guest").then(
    () => setTimeout(() => spares.host || spare("host"), SPARE_DELAY_MS),
    () => {},
  );
}

/** Each tracker's signalling socket (url → WebSocket) over every live connection; an open one where any is. */
export function relaySockets() {
  const sockets = {};
  for (const realm of realms) {
    for (const [url, socket] of Object.entries(realm.trystero.getRelaySockets())) {
      if (!sockets[url] || socket?.readyState === 1) sockets[url] = socket;
    }
  }
  return sockets;
}

/** Public WebTorrent trackers used when the person sets none (settings or ?relay=). */
export const DEFAULT_RELAYS = [
  "wss://tracker.webtorrent.dev",
  "wss://tracker.openwebtorrent.com",
  "wss://tracker.btorrent.xyz",
];

/** ICE servers when the person sets none; ?ice=none gives host candidates only (tests, one network). */
export const DEFAULT_ICE = [{ urls: "stun:stun.l.google.com:19302" }];

export function parseRelays(text) {
  const relays = String(text || "")
    .split(/[\s,]+/)
    .filter(Boolean)
    .filter((url) => /^wss?:\/\/[^\s]+$/i.test(url));
  return relays.length ? relays : DEFAULT_RELAYS;
}

export function parseIce(text) {
  if (text === "none") return [];
  const servers = String(text || "")
    .split(/[\s,]+/)
    .filter((url) => /^(stun|turn)s?:[^\s]+$/i.test(url))
    .map((url) => ({ urls: url }));
  return servers.length ? servers : DEFAULT_ICE;
}

// `host`: this page hosts what it joins (its id sorts above every guest's); `id` (tests): this peer id exactly.
// `onOffer(peerId)`: a tracker passed this connection a peer's offer (that peer announced itself in the room);
// whether trystero answers it or not (see above), the caller may act on it (session.mjs: a guest that has lost
// its host and sees a host's offer joins again at once).
// `loopback` (tests, ?loopback=1): this machine's host candidates are offered as 127.0.0.1 instead of mDNS names,
// so two browsers on one machine connect over loopback without resolving anything on the network.
// `lose` (tests, ?lose=N with N ≥ 2): one message in N sent and one in N received is dropped here (at random, so
// that no pattern of resends always loses the same one), as a connection's blip would drop it; what rides on the
// link (link.mjs) must still arrive, in order.
export async function connect({ host = false, id, tableId, secret, relays, ice, loopback, lose = 0, onJoin, onLeave,
  onMessage, onOffer }) {
  if (id !== undefined) checkId(id);
  const lost = Number.isInteger(lose) && lose >= 2 ? () => Math.random() * lose < 1 : () => false;
  const realm = await (id === undefined ? takeRealm(host ? "host" : "guest") : openRealm(id));
  const self = realm.trystero.selfId;
  const config = {
    appId: APP_ID,
    password: secret, // trystero encrypts the signalling with it: the tracker never sees the SDP in clear
    relayConfig: { urls: relays, warnOnRelayFailure: false },
    rtcConfig: { iceServers: ice },
    _test_only_mdnsHostFallbackToLoopback: Boolean(loopback),
  };
  realm.frame.contentWindow.onTrackerMessage = (text) => {
    if (!onOffer || typeof text !== "string" || text.length > MESSAGE_LIMIT || !text.includes('"offer"')) return;
    let data = null;
    try {
      data = JSON.parse(text);
    } catch {
      return; // not ours to judge: the library reads it too
    }
    if (data && data.offer && typeof data.peer_id === "string" && data.peer_id !== self) onOffer(data.peer_id);
  };
  // the realm's own objects: nothing of this realm goes into the other one's library
  let room;
  try {
    room = realm.trystero.joinRoom(realm.frame.contentWindow.JSON.parse(JSON.stringify(config)), tableId);
  } catch (error) {
    realm.frame.remove(); // nothing joined: the realm goes
    throw error;
  }
  realms.add(realm);
  const channel = room.makeAction("m");
  let dropped = 0;
  channel.onMessage = (data, context) => {
    if (lost()) return;
    let text = null;
    try {
      text = JSON.stringify(data);
    } catch {
      // not JSON-serializable: dropped below
    }
    // Parsed again here: what goes on is this realm's plain data, never an object of the connection's realm.
    const message = typeof text === "string" && new TextEncoder().encode(text).length <= MESSAGE_LIMIT ?
      JSON.parse(text) : null;
    if (message === null || typeof message !== "object" || Array.isArray(message)) {
      dropped += 1;
      return;
    }
    onMessage?.(String(context.peerId), message);
  };
  room.onPeerJoin = (peerId) => onJoin?.(String(peerId));
  room.onPeerLeave = (peerId) => onLeave?.(String(peerId));
  let leaving = null;
  return {
    self,
    send: (message, peerId) => {
      if (lost() || leaving) return Promise.resolve();
      // Trystero drops a message it cannot deliver (peer not active, buffer not draining); the link resends it.
      return Promise.resolve(channel.send(message, peerId ? { target: peerId } : undefined)).catch(() => {});
    },
    /** The round trip in ms; rejects when no answer comes within `timeoutMs`. */
    ping: (peerId, timeoutMs = PING_TIMEOUT_MS) => {
      let timer;
      const late = new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error("no answer")), timeoutMs);
      });
      return Promise.race([room.ping(peerId), late]).finally(() => clearTimeout(timer));
    },
    /** Close the connection to a peer that no longer answers (trystero reports no leave for it: the caller does). */
    drop: (peerId) => room.getPeers()[peerId]?.close(),
    peers: () => Object.keys(room.getPeers()),
    /** This connection's trackers: url → its signalling WebSocket (readyState 1 while open). */
    sockets: () => ({ ...realm.trystero.getRelaySockets() }),
    dropped: () => dropped,
    /** Leave the room (the others hear it), then remove the realm: its sockets and connections close with it. */
    leave: () => {
      leaving ||= (async () => {
        let timer;
        try {
          await Promise.race([room.leave(), new Promise((resolve) => (timer = setTimeout(resolve, LEAVE_TIMEOUT_MS)))]);
        } catch {
          // gone already: the realm goes below all the same
        } finally {
          clearTimeout(timer);
          realms.delete(realm);
          realm.frame.remove();
        }
      })();
      return leaving;
    },
  };
}

if (typeof document !== "undefined") warm();
