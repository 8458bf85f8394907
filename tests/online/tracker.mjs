#!/usr/bin/env node
// The online-play tests' WebTorrent tracker on 127.0.0.1: scripts/relay.mjs (`npm run relay`, the relay a person
// runs for themselves) with the tests' defaults. Prints {"port": N} when listening. Stops by itself: when standard
// input closes (the test ended) or after --lifetime seconds (default 900).
//
//   node tests/online/tracker.mjs [--port 0] [--lifetime 900] [--stock]
//
// Interval: 50 s, which the tracker tells WebSocket clients as 10 s (a fifth): peers re-announce that often.
// --stock: the package's default instead, 10 min (clients are told 2 min), as public trackers have: joining must
// not depend on re-announcing (docs/online.md, "Finding each other").
import { startRelay } from "../../scripts/relay.mjs";

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const at = args.indexOf(name);
  return at >= 0 ? Number(args[at + 1]) : fallback;
};
const stock = args.includes("--stock");
let relay = null;
const stop = (code) => {
  if (relay) relay.server.close(() => process.exit(code));
  setTimeout(() => process.exit(code), 1000).unref();
};
try {
  relay = await startRelay({ port: option("--port", 0), host: "127.0.0.1", interval: stock ? 600 : 50, trustProxy: false });
} catch (error) {
  console.error(`tracker: ${error.message}`);
  process.exit(1);
}
relay.server.on("error", (error) => {
  console.error(`tracker: ${error.message}`);
  stop(1);
});
console.log(JSON.stringify({ port: relay.port, interval: stock ? 600 : 50 }));
process.stdin.on("end", () => stop(0));
process.stdin.on("error", () => stop(0));
process.stdin.resume();
setTimeout(() => stop(0), option("--lifetime", 900) * 1000).unref();
