#!/usr/bin/env node
// Your own signalling relay for online play: a WebTorrent tracker (npm `bittorrent-tracker`'s server, WebSocket
// only), the kind of server the public trackers the game uses by default are. Browsers find each other through
// it and then talk directly (WebRTC); it never sees a game, only encrypted connection offers (docs/online.md).
//
//   npm run relay -- [--port 8000] [--host 0.0.0.0] [--interval 600]
//   node scripts/relay.mjs …                 (the same)
//
// Then play with ?relay=ws://THIS-MACHINE:8000 (or set it under Settings → Online (advanced)); a page served over
// https needs wss://, through a TLS proxy in front of this port (add --trust-proxy behind one).
// --interval: the announce interval the tracker tells clients, in seconds; default the package's own, 600
// (WebSocket clients are told a fifth of it, and trystero re-announces within 10–120 s of what it is told).
// Prints one line, {"relay": "ws://HOST:PORT", "port": PORT, "interval": SECONDS}, once listening.
//
// Importable: `startRelay({port, host, interval, trustProxy})` resolves to {server, port, url} once listening
// (tests/online/tracker.mjs is the tests' thin wrapper of it).
import { pathToFileURL } from "node:url";
import Server from "bittorrent-tracker/server";

export const DEFAULTS = { port: 8000, host: "0.0.0.0", interval: 600, trustProxy: false };

/** The options from command-line arguments (`--name value`, `--trust-proxy`); a bad one throws one line. */
export function parseArgs(args, defaults = DEFAULTS) {
  const options = { ...defaults };
  for (let i = 0; i < args.length; i += 1) {
    const name = args[i];
    if (name === "--trust-proxy") {
      options.trustProxy = true;
      continue;
    }
    const key = { "--port": "port", "--host": "host", "--interval": "interval" }[name];
    const value = args[i + 1];
    if (key === undefined || value === undefined) {
      throw new Error(`relay: unknown option ${JSON.stringify(name)} (--port N, --host NAME, --interval S, --trust-proxy)`);
    }
    i += 1;
    if (key === "host") {
      options.host = value;
      continue;
    }
    const number = Number(value);
    const [low, high] = key === "port" ? [0, 65535] : [1, 86400];
    if (!Number.isInteger(number) || number < low || number > high) {
      throw new Error(`relay: ${name} takes a whole number ${low}–${high}, not ${JSON.stringify(value)}`);
    }
    options[key] = number;
  }
  return options;
}

/** Start a tracker; resolves to {server, port, url} once it listens (rejects with the listening error). */
export function startRelay({ port, host, interval, trustProxy } = DEFAULTS) {
  const server = new Server({ udp: false, http: false, ws: true, stats: false, trustProxy, interval: interval * 1000 });
  server.on("warning", () => {}); // a client's bad announce: its own problem
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.once("listening", () => {
      server.off("error", reject);
      const bound = server.ws.address().port;
      const shown = host === "0.0.0.0" || host === "::" ? "localhost" : host;
      resolve({ server, port: bound, url: `ws://${shown.includes(":") ? `[${shown}]` : shown}:${bound}` });
    });
    server.listen(port, host);
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
    relay = await startRelay(options);
  } catch (error) {
    console.error(`relay: cannot listen on ${options.host}:${options.port}: ${error.message}`);
    process.exit(1);
  }
  relay.server.on("error", (error) => console.error(`relay: ${error.message}`));
  console.log(JSON.stringify({ relay: relay.url, port: relay.port, interval: options.interval }));
  const stop = () => relay.server.close(() => process.exit(0));
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
}

if (import.meta.url === pathToFileURL(process.argv[1] || "").href) main();
