// Online play's transport: WebRTC data channels between browsers, found through WebTorrent trackers by trystero
// (static/vendor/trystero/, vendored from npm by scripts/vendor.py). Loaded only when a person opens online
// play (docs/online.md): the solo game never downloads it.
//
//   const net = await connect({ host, tableId, secret, relays, fallback, ice, onJoin, onLeave, onMessage });
//   net.send(message, peerId?)   // one peer, or every peer when peerId is omitted
//   await net.ping(peerId)       // round trip in milliseconds
//   net.self, net.peers(), net.sockets(), net.fallback(), net.attempts(), await net.leave()
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
//
// When no tracker answers (docs/online.md, "When no tracker answers"): a connection tries its trackers together;
// a host's joins the same room through the same library's Nostr strategy as well, at once (with the same id and
// password: its realm loads the strategy), and a guest's when none of its trackers has a socket open for
// FALLBACK_MS (from the start, or since the last one closed) or it has found nobody for LONELY_MS (its trackers
// answer, its host's do not): so a host and a guest meet whichever of them reaches a tracker. The tracker room
// stays (its connections, and its trackers should they come back). A peer found both ways is one peer: the way
// it joined first carries its messages, and it leaves when both ways have closed.
// Trystero gives a relay up at its sixth failure in a row; a host's connection (`host: true`) with nobody
// connected whose every relay has been given up makes a fresh realm with the same id and joins again, so that a
// host left waiting keeps waiting for real.
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

/** One realm's signalling sockets, url → WebSocket: its trackers', and the fallback's once used. */
const realmSockets = (realm) => ({ ...realm.trystero.getRelaySockets(), ...realm.second?.getRelaySockets() });

/** Each relay's signalling socket (url → WebSocket: trackers, and the fallback's where used) over every live
 * connection; an open one where any is. */
export function relaySockets() {
  const sockets = {};
  for (const realm of realms) {
    for (const [url, socket] of Object.entries(realmSockets(realm))) {
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

/** How long a guest's connection waits for a tracker to answer (a signalling socket open), at the start or after
 * the last one closed, before it joins the same room through the fallback's relays as well (a host's joins them
 * at once). */
export const FALLBACK_MS = 3000;
/** How long a guest's connection may find nobody, its trackers answering, before it joins the fallback's room as
 * well: its host may reach only the fallback's relays. */
export const LONELY_MS = 8000;
const WATCH_MS = 500;
const GIVE_UP_FAILURES = 6; // trystero gives a relay up at its sixth failure in a row (realm.mjs)

/** The fallback's relays this visit's address names (`?fallback=`), or null when it names none. */
const visitFallback = typeof location === "undefined" ? null : new URLSearchParams(location.search).get("fallback");

/** The second strategy's relays from a person's text (settings, `?fallback=`): "none" → [] (no fallback), the
 * ws:// and wss:// urls in it, or, when it has none, null: the library's own public relays. */
export function parseFallback(text) {
  const words = String(text || "").split(/[\s,]+/).filter(Boolean);
  if (words.length === 1 && words[0].toLowerCase() === "none") return [];
  const urls = words.filter((url) => /^wss?:\/\/[^\s]+$/i.test(url));
  return urls.length ? urls : null;
}

/** A connection's fallback when its caller names none: the visit's (`?fallback=`), else the library's public
 * relays with the public trackers, and none with trackers of one's own (theirs, not the public, is the person's
 * choice; and tests, which name their tracker, never reach a public relay). */
export function defaultFallback(relays) {
  if (visitFallback !== null) return parseFallback(visitFallback);
  const publicTrackers = Array.isArray(relays) && relays.length === DEFAULT_RELAYS.length &&
    relays.every((url, i) => url === DEFAULT_RELAYS[i]);
  return publicTrackers ? null : [];
}

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
// `fallback`: the second strategy's relays (see "When no tracker answers" above): a list of urls, null for the
// library's public ones, [] for none; omitted, it is `defaultFallback(relays)`.
// `onOffer(peerId)`: a tracker passed this connection a peer's offer (that peer announced itself in the room);
// whether trystero answers it or not (see above), the caller may act on it (session.mjs: a guest that has lost
// its host and sees a host's offer joins again at once).
// `loopback` (tests, ?loopback=1): this machine's host candidates are offered as 127.0.0.1 instead of mDNS names,
// so two browsers on one machine connect over loopback without resolving anything on the network.
// `globalThis.spadesTap(peerId, message)` (tests, defined by a test's init script): called with every message this
// page receives, as it arrived (link frames, repeats and acks included), before anything else sees it.
// `lose` (tests, ?lose=N with N ≥ 2): one message in N sent and one in N received is dropped here (at random, so
// that no pattern of resends always loses the same one), as a connection's blip would drop it; what rides on the
// link (link.mjs) must still arrive, in order.
export async function connect({ host = false, id, tableId, secret, relays, fallback, ice, loopback, lose = 0, onJoin,
  onLeave, onMessage, onOffer }) {
  if (id !== undefined) checkId(id);
  const second = fallback === undefined ? defaultFallback(relays) : fallback;
  const lost = Number.isInteger(lose) && lose >= 2 ? () => Math.random() * lose < 1 : () => false;
  let realm = await (id === undefined ? takeRealm(host ? "host" : "guest") : openRealm(id));
  const self = realm.trystero.selfId;
  let attempt = 1; // this connection's realms so far (a host's is made afresh when every relay gave it up)
  realm.frame.dataset.attempt = String(attempt);
  let rooms = []; // {kind: "tracker" | "fallback", room, channel, urls}: the tracker room, then the fallback's
  const via = new Map(); // peer → the room it joined through first: what goes to it goes that way
  let dropped = 0;
  let quietSince = Date.now(); // since when no tracker socket of this connection has been open
  let lonelySince = Date.now(); // since when this connection has had no peer (it had none at the start)
  let leaving = null;
  const route = (peer) => via.get(peer) || rooms.find((each) => peer in each.room.getPeers());

  const config = (urls) => ({
    appId: APP_ID,
    password: secret, // trystero encrypts the signalling with it: a relay never sees the SDP in clear
    relayConfig: urls === null ? { warnOnRelayFailure: false } : { urls, warnOnRelayFailure: false },
    rtcConfig: { iceServers: ice },
    _test_only_mdnsHostFallbackToLoopback: Boolean(loopback),
  });
  const listen = (target) => {
    target.frame.contentWindow.onTrackerMessage = (text) => {
      if (!onOffer || typeof text !== "string" || text.length > MESSAGE_LIMIT || !text.includes('"offer"')) return;
      let data = null;
      try {
        data = JSON.parse(text);
      } catch {
        return; // not ours to judge: the library reads it too
      }
      if (data && data.offer && typeof data.peer_id === "string" && data.peer_id !== self) onOffer(data.peer_id);
    };
  };
  /** Join the room through one strategy of `target` (this connection's realm); the first join of a peer through
   * either is the one reported, and a peer reached both ways leaves only when the last way closes. */
  const join = (target, kind, library, urls) => {
    // the realm's own objects: nothing of this realm goes into the other one's library
    const room = library.joinRoom(target.frame.contentWindow.JSON.parse(JSON.stringify(config(urls))), tableId);
    const channel = room.makeAction("m");
    const entry = { kind, room, channel, library, urls, since: Date.now() };
    channel.onMessage = (data, context) => {
      if (lost() || target !== realm) return;
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
      globalThis.spadesTap?.(String(context.peerId), message); // tests: every message as it arrived (a page's own)
      onMessage?.(String(context.peerId), message);
    };
    room.onPeerJoin = (peerId) => {
      const peer = String(peerId);
      if (target !== realm || via.has(peer)) return;
      via.set(peer, entry);
      onJoin?.(peer);
    };
    room.onPeerLeave = (peerId) => {
      const peer = String(peerId);
      if (target !== realm || via.get(peer) !== entry) return;
      const other = rooms.find((each) => each !== entry && peer in each.room.getPeers());
      if (other) {
        via.set(peer, other); // still reached the other way: nothing to report
        return;
      }
      via.delete(peer);
      if (via.size === 0) lonelySince = Date.now();
      onLeave?.(peer);
    };
    rooms.push(entry);
    return entry;
  };
  const sockets = () => realmSockets(realm);
  const trackerOpen = () =>
    Object.values(realm.trystero.getRelaySockets()).some((socket) => socket?.readyState === 1);
  /** The fallback's room as well, in this realm (once): a host's at once, a guest's as the watcher says. */
  const fallBack = async () => {
    const target = realm;
    if (Array.isArray(second) && !second.length) return; // none; null is the library's public relays
    if (target.falling || rooms.some((each) => each.kind === "fallback")) return;
    target.falling = true;
    try {
      target.second = await target.frame.contentWindow.fallback();
      if (target === realm && !leaving) join(target, "fallback", target.second, Array.isArray(second) ? second : null);
    } catch (error) {
      target.falling = false; // tried again at the next look
      console.warn("online: the fallback relays could not be used", error);
    }
  };
  /** Whether trystero has given up every relay of this connection (see realm.mjs): it no longer tries them. */
  const givenUp = () => {
    const all = sockets();
    const urls = Object.keys(all);
    return urls.length > 0 && urls.every((url) =>
      all[url]?.readyState === 3 && (realm.frame.contentWindow?.relayFailures(url) ?? 0) >= GIVE_UP_FAILURES);
  };
  /** A host with nobody connected whose every relay was given up: a fresh realm with the same id, joined again. */
  const renew = async () => {
    const old = realm;
    old.renewing = true;
    if (!old.gone) {
      old.gone = true; // its rooms left and its frame removed: what is left of it is never asked again
      await leaveRooms(old);
    }
    try {
      realm = await openRealm(self);
    } catch (error) {
      old.renewing = false; // the next look tries again
      console.warn("online: a fresh connection could not be made", error);
      return;
    }
    attempt += 1;
    realm.frame.dataset.attempt = String(attempt);
    if (leaving) {
      realm.frame.remove();
      return;
    }
    realms.add(realm);
    listen(realm);
    quietSince = Date.now();
    lonelySince = Date.now();
    join(realm, "tracker", realm.trystero, relays);
    if (host) fallBack();
  };
  const leaveRooms = async (target) => {
    const mine = rooms;
    rooms = [];
    via.clear();
    let timer;
    try {
      await Promise.race([
        Promise.all(mine.map((each) => each.room.leave())),
        new Promise((resolve) => (timer = setTimeout(resolve, LEAVE_TIMEOUT_MS))),
      ]);
    } catch {
      // gone already: the realm goes below all the same
    } finally {
      clearTimeout(timer);
      realms.delete(target);
      target.frame.remove();
    }
  };

  listen(realm);
  try {
    join(realm, "tracker", realm.trystero, relays);
  } catch (error) {
    realm.frame.remove(); // nothing joined: the realm goes
    throw error;
  }
  realms.add(realm);
  if (host) fallBack();
  const watcher = setInterval(() => {
    if (leaving || realm.renewing) return;
    if (realm.gone) {
      renew(); // the last fresh realm could not be made
      return;
    }
    const now = Date.now();
    if (trackerOpen()) quietSince = now;
    if (via.size > 0) lonelySince = now;
    if (host || now - quietSince >= FALLBACK_MS || now - lonelySince >= LONELY_MS) fallBack();
    if (host && via.size === 0 && givenUp()) renew();
  }, WATCH_MS);
  return {
    self,
    send: (message, peerId) => {
      if (lost() || leaving) return Promise.resolve();
      // Trystero drops a message it cannot deliver (peer not active, buffer not draining); the link resends it.
      const sent = (entry, target) => Promise.resolve(entry.channel.send(message, target)).catch(() => {});
      if (peerId) {
        const entry = route(peerId);
        return entry ? sent(entry, { target: peerId }) : Promise.resolve();
      }
      if (rooms.length === 1) return sent(rooms[0], undefined);
      return Promise.all(rooms.map((entry) => {
        const targets = [...via].filter(([, each]) => each === entry).map(([peer]) => peer);
        return targets.length ? sent(entry, { target: targets }) : null;
      }));
    },
    /** The round trip in ms; rejects when no answer comes within `timeoutMs`. */
    ping: (peerId, timeoutMs = PING_TIMEOUT_MS) => {
      const entry = route(peerId);
      if (!entry) return Promise.reject(new Error("no such peer"));
      let timer;
      const late = new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error("no answer")), timeoutMs);
      });
      return Promise.race([entry.room.ping(peerId), late]).finally(() => clearTimeout(timer));
    },
    /** Close the connection to a peer that no longer answers (trystero reports no leave for it: the caller does). */
    drop: (peerId) => {
      for (const entry of rooms) entry.room.getPeers()[peerId]?.close();
    },
    peers: () => [...new Set(rooms.flatMap((entry) => Object.keys(entry.room.getPeers())))],
    /** This connection's relays, trackers and (once used) the fallback's: url → its signalling WebSocket
     * (readyState 1 while open). */
    sockets,
    /** The fallback's relays: {used (its room joined), urls (configured, or the library's once used: null before,
     * for the library's own), since (when it was joined, once used)}; urls [] when this connection has none. */
    fallback: () => {
      const entry = rooms.find((each) => each.kind === "fallback");
      if (entry) return { used: true, urls: Object.keys(realm.second.getRelaySockets()), since: entry.since };
      return { used: false, urls: Array.isArray(second) ? [...second] : second === null ? null : [] };
    },
    /** How many realms this connection has had (a host's is made afresh when every relay gave it up). */
    attempts: () => attempt,
    dropped: () => dropped,
    /** Leave the room (the others hear it), then remove the realm: its sockets and connections close with it. */
    leave: () => {
      leaving ||= (async () => {
        clearInterval(watcher);
        await leaveRooms(realm);
      })();
      return leaving;
    },
  };
}

if (typeof document !== "undefined") warm();
