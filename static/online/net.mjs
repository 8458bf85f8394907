// Online play's transport: WebRTC data channels between browsers, found through WebTorrent trackers by trystero
// (static/vendor/trystero/, vendored from npm by scripts/vendor.py). Loaded only when a person opens online
// play (docs/online.md): the solo game never downloads it.
//
//   const net = await connect({ tableId, secret, relays, ice, onJoin, onLeave, onMessage });
//   net.send(message, peerId?)   // one peer, or every peer when peerId is omitted
//   await net.ping(peerId)       // round trip in milliseconds
//   net.self, net.peers(), await net.leave()
//
// Messages are JSON objects. What arrives is untrusted: anything that is not a plain JSON object of at most
// MESSAGE_LIMIT bytes is dropped here (and counted), and the receiver validates the rest (spades/room.py).
import { joinRoom, selfId } from "../vendor/trystero/torrent/index.mjs";

export const APP_ID = "spades-heitaowang-v1";
export const PING_TIMEOUT_MS = 4000;
export const MESSAGE_LIMIT = 64 * 1024; // host → guest states are a few KB; guest → host messages are checked at 4 KB

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

// `loopback` (tests, ?loopback=1): this machine's host candidates are offered as 127.0.0.1 instead of mDNS names,
// so two browsers on one machine connect over loopback without resolving anything on the network.
// `lose` (tests, ?lose=N with N ≥ 2): one message in N sent and one in N received is dropped here (at random, so
// that no pattern of resends always loses the same one), as a connection's blip would drop it; what rides on the
// link (link.mjs) must still arrive, in order.
export async function connect({ tableId, secret, relays, ice, loopback, lose = 0, onJoin, onLeave, onMessage }) {
  const lost = Number.isInteger(lose) && lose >= 2 ? () => Math.random() * lose < 1 : () => false;
  const room = joinRoom(
    {
      appId: APP_ID,
      password: secret, // trystero encrypts the signalling with it: the tracker never sees the SDP in clear
      relayConfig: { urls: relays, warnOnRelayFailure: false },
      rtcConfig: { iceServers: ice },
      _test_only_mdnsHostFallbackToLoopback: Boolean(loopback),
    },
    tableId,
  );
  const channel = room.makeAction("m");
  let dropped = 0;
  channel.onMessage = (data, context) => {
    if (lost()) return;
    let size = Infinity;
    try {
      size = new TextEncoder().encode(JSON.stringify(data)).length;
    } catch {
      // not JSON-serializable: dropped below
    }
    if (data === null || typeof data !== "object" || Array.isArray(data) || size > MESSAGE_LIMIT) {
      dropped += 1;
      return;
    }
    onMessage?.(context.peerId, data);
  };
  room.onPeerJoin = (peerId) => onJoin?.(peerId);
  room.onPeerLeave = (peerId) => onLeave?.(peerId);
  return {
    self: selfId,
    send: (message, peerId) => {
      if (lost()) return Promise.resolve();
      // Trystero drops a message it cannot deliver (peer not active, buffer not draining); the link resends it.
      return channel.send(message, peerId ? { target: peerId } : undefined).catch(() => {});
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
    dropped: () => dropped,
    leave: () => room.leave(),
  };
}
