#!/usr/bin/env node
// Two Nostr clients pass a message through a relay (scripts/relay-nostr.mjs) as trystero's Nostr strategy does:
// the first subscribes to a topic (an ephemeral kind and an "x" tag), the second publishes a signed event there,
// which the relay passes to the first; then a badly signed and a lasting (non-ephemeral) event are refused.
// Prints one JSON line: {ok, eose, accepted, delivered, forged, lasting}.
//
//   node tests/online/nostr_check.mjs ws://127.0.0.1:PORT
import { createHash } from "node:crypto";
import { schnorr } from "@noble/secp256k1";
import WebSocket from "ws";

const url = process.argv[2];
const topic = "spades-nostr-check";
const kind = 20000 + 4242;
const timer = setTimeout(() => finish({ ok: false, error: "no answer within 10 s" }), 10000);
const sockets = [];
const result = { ok: false, eose: false, accepted: null, delivered: null, forged: null, lasting: null };

function finish(outcome) {
  clearTimeout(timer);
  console.log(JSON.stringify(outcome));
  for (const socket of sockets) socket.close();
  process.exit(outcome.ok ? 0 : 1);
}

async function signed(content, eventKind = kind) {
  const { secretKey, publicKey } = schnorr.keygen();
  const pubkey = Buffer.from(publicKey).toString("hex");
  const body = { pubkey, created_at: Math.floor(Date.now() / 1000), kind: eventKind, tags: [["x", topic]], content };
  const hash = createHash("sha256")
    .update(JSON.stringify([0, body.pubkey, body.created_at, body.kind, body.tags, body.content]))
    .digest();
  const sig = Buffer.from(await schnorr.signAsync(hash, secretKey)).toString("hex");
  return { ...body, id: hash.toString("hex"), sig };
}

function client(onMessage) {
  const socket = new WebSocket(url);
  sockets.push(socket);
  socket.on("message", (data) => onMessage(JSON.parse(String(data)), socket));
  socket.on("error", (error) => finish({ ok: false, error: error.message }));
  return new Promise((resolve) => socket.on("open", () => resolve(socket)));
}

const good = await signed("a message for the first");
const forged = { ...(await signed("forged")), content: "changed after signing" };
const lasting = await signed("kept", 1);
const oks = {};
const first = await client(async ([type, subId, event]) => {
  if (type === "EOSE" && subId === "sub-one") {
    result.eose = true;
    const second = await client(([kind2, id, accepted, why]) => {
      if (kind2 !== "OK") return;
      oks[id] = accepted ? true : why;
      settled();
    });
    for (const event of [good, forged, lasting]) second.send(JSON.stringify(["EVENT", event]));
  }
  if (type === "EVENT" && subId === "sub-one") {
    result.delivered = event.content;
    settled();
  }
});

// Done once the three events are answered and the good one delivered (either may come first).
function settled() {
  if (Object.keys(oks).length < 3 || result.delivered === null) return;
  result.accepted = oks[good.id];
  result.forged = oks[forged.id];
  result.lasting = oks[lasting.id];
  result.ok = result.eose && result.accepted === true && result.delivered === good.content &&
    String(result.forged).startsWith("invalid:") && String(result.lasting).startsWith("blocked:");
  finish(result);
}
first.send(JSON.stringify(["REQ", "sub-one", { kinds: [kind], "#x": [topic], since: Math.floor(Date.now() / 1000) - 5 }]));
