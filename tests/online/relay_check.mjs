#!/usr/bin/env node
// Two WebTorrent clients signal each other through a relay (scripts/relay.mjs) as trystero's do: one announces,
// the other announces with an offer, the relay forwards the offer to the first, whose answer comes back to the
// second. Prints one JSON line: {ok, interval (what the relay told the first client), offer, answer}.
//
//   node tests/online/relay_check.mjs ws://127.0.0.1:PORT
import WebSocket from "ws";

const url = process.argv[2];
const infoHash = "spades-relay-check-1"; // 20 characters, as trystero's info hashes
const [first, second] = ["0relaycheckfirst0000", "1relaychecksecond000"];
const timer = setTimeout(() => finish({ ok: false, error: "no answer within 10 s" }), 10000);
const sockets = [];

function finish(result) {
  clearTimeout(timer);
  console.log(JSON.stringify(result));
  for (const socket of sockets) socket.close();
  process.exit(result.ok ? 0 : 1);
}

function client(onMessage) {
  const socket = new WebSocket(url);
  sockets.push(socket);
  socket.on("message", (data) => onMessage(JSON.parse(String(data)), socket));
  socket.on("error", (error) => finish({ ok: false, error: error.message }));
  return new Promise((resolve) => socket.on("open", () => resolve(socket)));
}

const send = (socket, message) => socket.send(JSON.stringify({ action: "announce", info_hash: infoHash, ...message }));
const result = { ok: false, interval: null, offer: null, answer: null };

const a = await client((data, socket) => {
  if (typeof data.interval === "number" && result.interval === null) {
    result.interval = data.interval;
    // the first is in the swarm: now the second comes with an offer
    client((reply) => {
      if (reply.answer) {
        result.answer = reply.answer.sdp;
        result.ok = result.offer === "offer from the second" && result.answer === "answer from the first";
        finish(result);
      }
    }).then((b) =>
      send(b, { peer_id: second, numwant: 1, offers: [{ offer_id: "offer-one", offer: { type: "offer", sdp: "offer from the second" } }] }),
    );
  }
  if (data.offer && data.peer_id === second) {
    result.offer = data.offer.sdp;
    send(socket, { peer_id: first, to_peer_id: second, offer_id: data.offer_id, answer: { type: "answer", sdp: "answer from the first" } });
  }
});
send(a, { peer_id: first, numwant: 1, offers: [] });
