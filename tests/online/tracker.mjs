#!/usr/bin/env node
// A WebTorrent tracker (npm `bittorrent-tracker`, WebSocket only) on 127.0.0.1 for the online-play tests: the
// same kind of signalling server the game uses in production, run locally. Prints {"port": N} when listening.
// Stops by itself: when standard input closes (the test ended) or after --lifetime seconds (default 900).
//
//   node tests/online/tracker.mjs [--port 0] [--lifetime 900]
import Server from "bittorrent-tracker/server";

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const at = args.indexOf(name);
  return at >= 0 ? Number(args[at + 1]) : fallback;
};
// interval: 50 s, which the tracker tells WebSocket clients as 10 s (a fifth): peers re-announce that often, so a
// table's peers find each other within seconds even when the first offers went elsewhere.
const server = new Server({ udp: false, http: false, ws: true, stats: false, trustProxy: false, interval: 50_000 });
const stop = (code) => {
  server.close(() => process.exit(code));
  setTimeout(() => process.exit(code), 1000).unref();
};
server.on("error", (error) => {
  console.error(`tracker: ${error.message}`);
  stop(1);
});
server.on("warning", () => {});
server.on("listening", () => console.log(JSON.stringify({ port: server.ws.address().port })));
server.listen(option("--port", 0), "127.0.0.1");
process.stdin.on("end", () => stop(0));
process.stdin.on("error", () => stop(0));
process.stdin.resume();
setTimeout(() => stop(0), option("--lifetime", 900) * 1000).unref();
