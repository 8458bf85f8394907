// A reliable, ordered stream of messages between two peers, over data channels that can lose what is in flight
// when a connection blips or is replaced (trystero drops a message sent while the peer is not active, and one
// that was on a channel being torn down). Without it a person's "sit", "ready" or card could vanish and the table
// would wait for ever (seen on a busy machine).
//
//   const l = link({ transmit: (frame) => net.send(frame, peer) });
//   l.send(message)        // framed as {...message, e, q}: e names this sender's numbering, q counts from 1
//   l.receive(frame)       // → the messages now in order (e and q removed): none for an ack, a repeat or one
//                          //   that arrived ahead of a gap (kept, and handed on when the gap is filled)
//   l.tick()               // resend what has waited RESEND_MS for its ack (call it every second or so)
//   l.flush()              // resend everything unacknowledged now (the peer's channel came back)
//   l.restart(first)       // a new numbering: `first` (if any) then every unacknowledged message, from q 1
//   l.forget()             // a new numbering, dropping what was not acknowledged (the peer left for good)
//
// The receiver hands on q = last + 1 (and what it kept after it) and acknowledges cumulatively ({t: "ack", e, q});
// a repeat is dropped, one ahead of a gap is kept (at most WINDOW ahead), and either is answered with the same ack,
// so the sender's resends fill the gap: after RESEND_MS, or at once when the same ack comes twice (the receiver
// got something after a gap). A new `e` starts at q 1.
// Frames without e and q pass through unchanged (at most once, no order: a tool talking to a room by hand);
// frames with a malformed e or q are dropped. What arrives is untrusted: the room validates every message.

export const RESEND_MS = 1000;
export const FAST_MS = 150; // an ack repeated while the oldest message has waited this long: resend it at once
export const WINDOW = 256; // how far ahead of a gap the receiver keeps messages
export const OUTBOX_LIMIT = 1000; // unacknowledged messages kept; past it they are dropped and numbering restarts

const freshEpoch = () => Math.random().toString(36).slice(2, 10) || "e";
const validEpoch = (e) => typeof e === "string" && e.length > 0 && e.length <= 16;
const validCount = (q) => Number.isSafeInteger(q) && q >= 1;

function strip(frame) {
  const { e: _e, q: _q, ...message } = frame;
  return message;
}

export function link({ transmit, now = () => Date.now() }) {
  let epoch = freshEpoch();
  let next = 0;
  let outbox = []; // {q, frame, at}, oldest first, not yet acknowledged
  let lastAck = 0;
  let inEpoch = null;
  let lastIn = 0;
  let early = new Map(); // q → frame received ahead of a gap

  const put = (message) => {
    next += 1;
    const frame = { ...message, e: epoch, q: next };
    outbox.push({ q: next, frame, at: now() });
    transmit(frame);
  };
  const renumber = (first) => {
    const pending = outbox.map((entry) => strip(entry.frame));
    epoch = freshEpoch();
    next = 0;
    lastAck = 0;
    outbox = [];
    if (first) put(first);
    for (const message of pending) put(message);
  };
  const forget = () => {
    outbox = [];
    renumber();
  };
  const ack = () => {
    if (inEpoch !== null) transmit({ t: "ack", e: inEpoch, q: lastIn });
  };

  return {
    send(message) {
      if (outbox.length >= OUTBOX_LIMIT) forget(); // a peer acknowledging nothing for so long is gone: start afresh
      put(message);
    },
    receive(frame) {
      if (frame.t === "ack") {
        if (frame.e !== epoch || !validCount(frame.q)) return [];
        outbox = outbox.filter((entry) => entry.q > frame.q);
        // The same ack again: the peer got something after a gap. Resend the missing one now, not in a second.
        if (frame.q === lastAck && outbox.length && outbox[0].at <= now() - FAST_MS) {
          outbox[0].at = now();
          transmit(outbox[0].frame);
        }
        lastAck = frame.q;
        return [];
      }
      if (!("e" in frame) && !("q" in frame)) return [frame];
      if (!validEpoch(frame.e) || !validCount(frame.q)) return [];
      if (frame.e !== inEpoch) {
        if (frame.q !== 1) return []; // a new numbering is taken up from its first message only
        inEpoch = frame.e;
        lastIn = 0;
        early = new Map();
      }
      const ready = [];
      if (frame.q === lastIn + 1) {
        lastIn = frame.q;
        ready.push(strip(frame));
        while (early.has(lastIn + 1)) {
          lastIn += 1;
          ready.push(strip(early.get(lastIn)));
          early.delete(lastIn);
        }
      } else if (frame.q > lastIn + 1 && frame.q <= lastIn + WINDOW) {
        early.set(frame.q, frame);
      }
      ack();
      return ready;
    },
    tick() {
      const due = now() - RESEND_MS;
      for (const entry of outbox) {
        if (entry.at > due) continue;
        entry.at = now();
        transmit(entry.frame);
      }
    },
    flush() {
      for (const entry of outbox) {
        entry.at = now();
        transmit(entry.frame);
      }
    },
    restart: renumber,
    forget,
    pending: () => outbox.length,
  };
}
