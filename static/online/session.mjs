// Online play, the page's side (docs/online.md): the host relays between the data channels and the room in its
// engine worker; a guest talks to the host only. Loaded on demand with net.mjs.
//
//   const h = await host({ engine, tableId, secret, relays, ice, name, seat, rules, room, seed, save,
//                          onLocal, onSave });
//   h.send(message)              // the host's own messages go through the same room as everyone's
//   const g = await guest({ tableId, secret, relays, ice, name, token, password, lang, via, onMessage });
//   g.send(message)              // intents get their increasing number `n` here
//
// The host's engine answers every room operation with {out: [{to, message}], save}: messages to "host" are the
// host's own (onLocal), the others go to that peer only; the save is kept after every event (onSave).
import { connect } from "./net.mjs";

export const TICK_MS = 1000;
export const PING_MS = 2000;
export const STEP_MS = { bid: 600, play: 550, trick: 1400 };

/** A queue: the room's operations run one at a time, in the order things happened. */
function serial() {
  let last = Promise.resolve();
  return (job) => {
    const next = last.then(job, job);
    last = next.catch(() => {});
    return next;
  };
}

export async function host({ engine, table = "online", tableId, secret, relays, ice, name, seat, rules, room, seed,
  save, onLocal, onSave, onError }) {
  const queue = serial();
  let stepTimer = null;
  let closed = false;
  let n = 0; // the host's own intents are numbered like a guest's
  let net = null;

  const deliver = (answer) => {
    if (answer.error) {
      onError?.(answer.error);
      return answer;
    }
    let delay = null;
    for (const { to, message } of answer.out) {
      if (to === "host") onLocal?.(message);
      else net?.send(message, to);
      if (message.t === "state" && to === "host") {
        const last = (message.events || []).at(-1);
        const state = message.state;
        const turn = state.turn && state.seats[state.turn];
        if (turn && (turn.occupant === "computer" || (turn.away && state.policy.kind === "casual"))) {
          delay = last && last.type === "trick" ? STEP_MS.trick : state.phase === "bidding" ? STEP_MS.bid : STEP_MS.play;
        }
      }
    }
    if (answer.save) onSave?.(answer.save);
    if (delay !== null) scheduleStep(delay);
    return answer;
  };
  const run = (op, args) =>
    queue(async () => deliver(JSON.parse(await engine.request(op, JSON.stringify({ table, ...args })))));

  function scheduleStep(delay) {
    if (stepTimer !== null || closed) return;
    stepTimer = setTimeout(() => {
      stepTimer = null;
      run("room_step", {});
    }, delay);
  }

  const made = save
    ? await run("room_load", { save, now: Date.now() })
    : await run("room_new", { name, seat, rules, room, seed });
  if (made.error) throw new Error(made.error);

  net = await connect({
    tableId,
    secret,
    relays,
    ice,
    onJoin: (peer) => net.send({ t: "host" }, peer),
    onLeave: (peer) => run("room_disconnect", { peer, now: Date.now() }),
    onMessage: (peer, message) => run("room_receive", { peer, message, now: Date.now() }),
  });
  const ticker = setInterval(() => run("room_tick", { now: Date.now() }), TICK_MS);
  const pinger = setInterval(() => {
    for (const peer of net.peers()) {
      net
        .ping(peer)
        .then((rtt) => run("room_rtt", { peer, rtt }))
        .catch(() => {});
    }
  }, PING_MS);
  scheduleStep(STEP_MS.play);
  return {
    self: net.self,
    token: made.token,
    send(message) {
      if (message.t === "intent") {
        n = Math.max(n + 1, Date.now());
        message = { ...message, n };
      }
      return run("room_receive", { peer: "host", message, now: Date.now() });
    },
    dropped: () => net.dropped(),
    async close() {
      closed = true;
      clearInterval(ticker);
      clearInterval(pinger);
      clearTimeout(stepTimer);
      await net.leave();
    },
  };
}

export async function guest({ tableId, secret, relays, ice, name, token, password, lang, via, onMessage }) {
  let hostPeer = null;
  let seq = 0;
  let n = 0;
  let net = null;
  const hello = () => {
    const message = { t: "hello", name, lang, via: via || "invite", seq };
    if (token) message.token = token;
    if (password) message.password = password;
    net.send(message, hostPeer);
  };
  net = await connect({
    tableId,
    secret,
    relays,
    ice,
    onJoin: () => {},
    onLeave: (peer) => {
      if (peer !== hostPeer) return;
      hostPeer = null;
      onMessage?.({ t: "host_left" });
    },
    onMessage: (peer, message) => {
      if (message.t === "host") {
        if (hostPeer === null) {
          hostPeer = peer;
          hello();
        }
        return;
      }
      if (peer !== hostPeer) return; // only the host speaks to guests
      if (message.t === "welcome" && message.you) token = message.you.token;
      if (message.t === "state" && message.state) seq = message.state.seq;
      onMessage?.(message);
    },
  });
  const pinger = setInterval(() => {
    if (hostPeer === null) return;
    net
      .ping(hostPeer)
      .then((rtt) => onMessage?.({ t: "rtt", rtt }))
      .catch(() => {});
  }, PING_MS);
  return {
    self: net.self,
    token: () => token,
    connected: () => hostPeer !== null,
    send(message) {
      if (hostPeer === null) return false;
      if (message.t === "intent") {
        n = Math.max(n + 1, Date.now()); // increases across reloads too: the host refuses replays
        message = { ...message, n };
      }
      net.send(message, hostPeer);
      return true;
    },
    async close() {
      clearInterval(pinger);
      await net.leave();
    },
  };
}
