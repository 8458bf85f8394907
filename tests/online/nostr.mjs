#!/usr/bin/env node
// The online-play tests' Nostr relay on 127.0.0.1: scripts/relay-nostr.mjs (`npm run relay:nostr`, the fallback
// relay a person runs for themselves). Prints {"port": N} when listening. Stops by itself: when standard input
// closes (the test ended) or after --lifetime seconds (default 900).
//
//   node tests/online/nostr.mjs [--port 0] [--lifetime 900]
import { startNostrRelay } from "../../scripts/relay-nostr.mjs";

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const at = args.indexOf(name);
  return at >= 0 ? Number(args[at + 1]) : fallback;
};
let relay = null;
const stop = (code) => {
  if (relay) relay.close().then(() => process.exit(code));
  setTimeout(() => process.exit(code), 1000).unref();
};
try {
  relay = await startNostrRelay({ port: option("--port", 0), host: "127.0.0.1" });
} catch (error) {
  console.error(`nostr relay: ${error.message}`);
  process.exit(1);
}
relay.server.on("error", (error) => {
  console.error(`nostr relay: ${error.message}`);
  stop(1);
});
console.log(JSON.stringify({ port: relay.port }));
process.stdin.on("end", () => stop(0));
process.stdin.on("error", () => stop(0));
process.stdin.resume();
setTimeout(() => stop(0), option("--lifetime", 900) * 1000).unref();
