#!/usr/bin/env node
// Your own fallback relay for online play: a small Nostr relay (NIP-01 over WebSocket), the kind of server the
// game's second signalling strategy uses when no WebTorrent tracker answers (docs/online.md, "When no tracker
// answers"). Like a tracker it never sees a game: only signed, short-lived events that carry encrypted offers.
//
//   npm run relay:nostr -- [--port 7000] [--host 0.0.0.0]
//   node scripts/relay-nostr.mjs …           (the same)
//
// Then play with ?fallback=ws://THIS-MACHINE:7000 (or set it under Settings → Online (advanced)); a page served
// over https needs wss://, through a TLS proxy in front of this port.
// Prints one line, {"relay": "ws://HOST:PORT", "port": PORT}, once listening.
//
// What it does, and only that: an EVENT whose id and signature check (BIP-340, as every Nostr client signs) and
// whose kind is ephemeral (20000–29999: trystero's are) is answered OK and passed to every subscription its
// filter matches, then forgotten; anything else is answered OK false with the reason. A REQ subscribes (kinds,
// authors, ids, #<letter> tags, since, until) and is answered EOSE at once (nothing is stored); CLOSE ends it.
// Limits: MESSAGE_LIMIT bytes a message, SUBSCRIPTION_LIMIT subscriptions a connection.
//
// Importable: `startNostrRelay({port, host})` resolves to {server, port, url, close()} once listening
// (tests/online/nostr.mjs is the tests' thin wrapper of it).
import { createHash } from "node:crypto";
import { createServer } from "node:http";
import { pathToFileURL } from "node:url";
import { schnorr } from "@noble/secp256k1";
import { WebSocketServer } from "ws";

export const DEFAULTS = { port: 7000, host: "0.0.0.0" };
export const MESSAGE_LIMIT = 64 * 1024;
export const SUBSCRIPTION_LIMIT = 64;
const HEX64 = /^[0-9a-f]{64}$/;
const HEX128 = /^[0-9a-f]{128}$/;

/** The options from command-line arguments (`--port N`, `--host NAME`); a bad one throws one line. */
export function parseArgs(args, defaults = DEFAULTS) {
  const options = { ...defaults };
  for (let i = 0; i < args.length; i += 2) {
    const [name, value] = [args[i], args[i + 1]];
    if (!["--port", "--host"].includes(name) || value === undefined) {
      throw new Error(`relay-nostr: unknown option ${JSON.stringify(name)} (--port N, --host NAME)`);
    }
    if (name === "--host") {
      options.host = value;
      continue;
    }
    const port = Number(value);
    if (!Number.isInteger(port) || port < 0 || port > 65535) {
      throw new Error(`relay-nostr: --port takes a whole number 0–65535, not ${JSON.stringify(value)}`);
    }
    options.port = port;
  }
  return options;
}

/** Why `event` is refused (a NIP-01 machine-readable prefix, then words), or null when it is a well-formed,
 * correctly signed ephemeral event (resolves: the signature check is the library's asynchronous one). */
export async function refusal(event) {
  if (event === null || typeof event !== "object" || Array.isArray(event)) return "invalid: not an event";
  const { id, pubkey, created_at: created, kind, tags, content, sig } = event;
  if (typeof id !== "string" || !HEX64.test(id) || typeof pubkey !== "string" || !HEX64.test(pubkey)) {
    return "invalid: id and pubkey are 64 hex digits";
  }
  if (typeof sig !== "string" || !HEX128.test(sig)) return "invalid: sig is 128 hex digits";
  if (!Number.isInteger(created) || !Number.isInteger(kind) || typeof content !== "string") {
    return "invalid: created_at and kind are integers, content a string";
  }
  if (!Array.isArray(tags) || !tags.every((tag) => Array.isArray(tag) && tag.every((x) => typeof x === "string"))) {
    return "invalid: tags are lists of strings";
  }
  if (kind < 20000 || kind >= 30000) return "blocked: this relay passes ephemeral events only (kinds 20000-29999)";
  const hash = createHash("sha256").update(JSON.stringify([0, pubkey, created, kind, tags, content])).digest();
  if (hash.toString("hex") !== id) return "invalid: the id is not the event's hash";
  let genuine = false;
  try {
    genuine = await schnorr.verifyAsync(Buffer.from(sig, "hex"), hash, Buffer.from(pubkey, "hex"));
  } catch {
    genuine = false;
  }
  return genuine ? null : "invalid: bad signature";
}

/** Whether `event` matches one NIP-01 filter (every condition it names). */
export function matches(filter, event) {
  if (filter === null || typeof filter !== "object") return false;
  for (const [key, value] of Object.entries(filter)) {
    if (key === "ids" || key === "authors" || key === "kinds") {
      const field = { ids: event.id, authors: event.pubkey, kinds: event.kind }[key];
      if (!Array.isArray(value) || !value.includes(field)) return false;
    } else if (key === "since") {
      if (!(event.created_at >= value)) return false;
    } else if (key === "until") {
      if (!(event.created_at <= value)) return false;
    } else if (key.length === 2 && key[0] === "#") {
      const wanted = Array.isArray(value) ? value : [];
      if (!event.tags.some((tag) => tag[0] === key[1] && wanted.includes(tag[1]))) return false;
    }
    // limit, search and the rest: nothing is stored, so nothing to limit
  }
  return true;
}

/** Start a relay; resolves to {server, port, url, close()} once it listens (rejects with the listening error). */
export function startNostrRelay({ port, host } = DEFAULTS) {
  const http = createServer((request, response) => {
    response.writeHead(426, { "content-type": "text/plain" }).end("a Nostr relay: connect with a WebSocket\n");
  });
  const server = new WebSocketServer({ server: http, maxPayload: MESSAGE_LIMIT });
  const subscriptions = new Map(); // socket → Map(subId → filters)
  const say = (socket, message) => socket.readyState === 1 && socket.send(JSON.stringify(message));
  server.on("connection", (socket) => {
    const mine = new Map();
    subscriptions.set(socket, mine);
    socket.on("error", () => socket.terminate());
    socket.on("close", () => subscriptions.delete(socket));
    socket.on("message", (data) => {
      let message = null;
      try {
        message = JSON.parse(String(data));
      } catch {
        message = null;
      }
      if (!Array.isArray(message) || typeof message[0] !== "string") {
        say(socket, ["NOTICE", "invalid: a message is a JSON list"]);
        return;
      }
      const [type, first, ...rest] = message;
      if (type === "EVENT") {
        refusal(first).then((why) => {
          say(socket, ["OK", typeof first?.id === "string" ? first.id : "", why === null, why ?? ""]);
          if (why !== null) return;
          for (const [other, subs] of subscriptions) {
            for (const [subId, filters] of subs) {
              if (filters.some((filter) => matches(filter, first))) say(other, ["EVENT", subId, first]);
            }
          }
        });
      } else if (type === "REQ" && typeof first === "string" && first.length <= 64) {
        if (!mine.has(first) && mine.size >= SUBSCRIPTION_LIMIT) {
          say(socket, ["CLOSED", first, `rate-limited: at most ${SUBSCRIPTION_LIMIT} subscriptions`]);
          return;
        }
        mine.set(first, rest.filter((filter) => filter !== null && typeof filter === "object"));
        say(socket, ["EOSE", first]);
      } else if (type === "CLOSE" && typeof first === "string") {
        mine.delete(first);
      } else {
        say(socket, ["NOTICE", `invalid: unknown message ${JSON.stringify(type).slice(0, 40)}`]);
      }
    });
  });
  const close = () =>
    new Promise((resolve) => {
      for (const socket of server.clients) socket.terminate();
      server.close(() => http.close(() => resolve()));
    });
  return new Promise((resolve, reject) => {
    http.once("error", reject);
    http.listen(port, host, () => {
      http.off("error", reject);
      const bound = http.address().port;
      const shown = host === "0.0.0.0" || host === "::" ? "localhost" : host;
      resolve({ server: http, port: bound, url: `ws://${shown.includes(":") ? `[${shown}]` : shown}:${bound}`, close });
    });
  });
}

async function main() {
  let options;
  try {
    options = parseArgs(process.argv.slice(2));
  } catch (error) {
    console.error(error.message);
    process.exit(2);
  }
  let relay;
  try {
    relay = await startNostrRelay(options);
  } catch (error) {
    console.error(`relay-nostr: cannot listen on ${options.host}:${options.port}: ${error.message}`);
    process.exit(1);
  }
  relay.server.on("error", (error) => console.error(`relay-nostr: ${error.message}`));
  console.log(JSON.stringify({ relay: relay.url, port: relay.port }));
  const stop = () => relay.close().then(() => process.exit(0));
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
}

if (import.meta.url === pathToFileURL(process.argv[1] || "").href) main();
