// Online play, the page's side (docs/online.md): the host relays between the data channels and the room in its
// engine worker; a guest talks to the host only. Loaded on demand with net.mjs.
//
//   const h = await host({ engine, tableId, secret, relays, ice, name, seat, rules, room, seed, save,
//                          onLocal, onSave, blindTable, onBlind });
//   h.send(message)              // the host's own messages go through the same room as everyone's
//   const g = await guest({ tableId, secret, relays, ice, name, token, password, lang, via, onMessage, onStatus });
//   g.send(message)              // intents get their increasing number `n` here
//   g.succession(keys, place)    // who may take over (the room's succession, their keys) and my place in it
//
// When the host is gone (issue 21, docs/online.md "When the host is gone"): every guest has its own key (`key`, said
// in hello); a guest accepts a `host` frame signed by the host's key, or, once its link has lost the host, by the
// key of the room's first successor, and of a later one only after each one before it had TAKEOVER_GRACE_MS more;
// the successor whose turn it is (`place`, waited (place + 1) grace periods with no host) is told (onTakeover) and
// becomes host with host({takeover}); a host yields (onYield) to a successor's frame when the page says so.
//
// The host's engine answers every room operation with {out: [{to, message}], save}: messages to "host" are the
// host's own (onLocal), the others go to that peer only; the save is kept after every event (onSave). A host-blind
// hand's chunk for the host's own device goes from here to that device in the worker (op blind_local, table
// blindTable) and what the device answers back to the room, never through the page's MicroPython; the page hears
// only a settled hand or a refusal (onBlind, JSON text).
// Between host and each guest, messages go through a reliable ordered link (link.mjs): numbered, acknowledged and
// resent, so one lost in a connection's blip is delivered late rather than never.
import { link } from "./link.mjs";
import { connect, isHostId, relaySockets } from "./net.mjs";

export const TICK_MS = 1000;
export const PING_MS = 2000;
export const MISSED_PINGS = 4;
export const STEP_MS = { bid: 600, play: 550, trick: 1400 };

// The host proves who it is: the invite link carries the host's public key (ECDSA P-256), and the host signs
// each guest's own peer id. Another guest holding the same link cannot pretend to be the host.
const SIGN = { name: "ECDSA", namedCurve: "P-256" };
const SIGN_WITH = { name: "ECDSA", hash: "SHA-256" };
const b64 = (bytes) =>
  btoa(String.fromCharCode(...new Uint8Array(bytes))).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
const unb64 = (text) => Uint8Array.from(atob(text.replace(/-/g, "+").replace(/_/g, "/")), (c) => c.charCodeAt(0));

/** A new host key, or the saved one: {key (JWK of the private key, to save), pub (for the link), sign}. */
export async function hostKey(saved) {
  let privateKey;
  let jwk = saved;
  if (jwk) {
    privateKey = await crypto.subtle.importKey("jwk", jwk, SIGN, true, ["sign"]);
  } else {
    const pair = await crypto.subtle.generateKey(SIGN, true, ["sign", "verify"]);
    privateKey = pair.privateKey;
    jwk = await crypto.subtle.exportKey("jwk", privateKey);
  }
  const { d, key_ops, ext, ...pub } = jwk; // the public part of the JWK: x and y
  const raw = new Uint8Array([4, ...unb64(pub.x), ...unb64(pub.y)]);
  const sign = async (text) => b64(await crypto.subtle.sign(SIGN_WITH, privateKey, new TextEncoder().encode(text)));
  return { key: jwk, pub: b64(raw), sign };
}

async function verifier(pub) {
  const key = await crypto.subtle.importKey("raw", unb64(pub), SIGN, false, ["verify"]);
  return (signature, text) => {
    try {
      return crypto.subtle.verify(SIGN_WITH, key, unb64(signature), new TextEncoder().encode(text));
    } catch {
      return Promise.resolve(false);
    }
  };
}

// A newcomer holding an invitation made before a takeover knows only the old host's key. Every host therefore
// signs its successors' keys ("heirs": HEIRS_TEXT over the table id and the keys) and sends them to its guests;
// a guest keeps the chain of such links from the invitation's key to the host it follows, and a successor that
// takes the table over presents that chain in its own host frames. A page that found no host follows a host frame
// whose chain leads from its invitation's key, link by link, to the frame's key (chainLeads), once it has waited
// a grace period for the invitation's own host (docs/online.md "When the host is gone").
export const CHAIN_LINKS = 8; // the longest chain followed: eight takeovers of one table
const heirsText = (tableId, keys) => `heirs ${tableId} ${keys.join(",")}`;

/** Whether `chain` ([{by, keys, sig}], each link the signature of `by` over its keys) leads from `root` to `key` at
 * the table `tableId`: the first link by `root`, each next one by a key the link before it names, `key` named by
 * the last, every signature genuine. Pure but for WebCrypto; false for anything malformed. */
export async function chainLeads(root, chain, key, tableId) {
  if (!Array.isArray(chain) || chain.length < 1 || chain.length > CHAIN_LINKS || typeof key !== "string") return false;
  let signers = [root]; // who may sign the next link: the root, then the keys the link before names
  for (const link of chain) {
    const keys = link?.keys;
    if (typeof link?.by !== "string" || !signers.includes(link.by) || !Array.isArray(keys)) return false;
    if (typeof link.sig !== "string" || link.sig.length > 200 || keys.length > 4) return false;
    if (!keys.every((k) => typeof k === "string" && k.length < 200)) return false;
    const genuine = await verifier(link.by).then((verify) => verify(link.sig, heirsText(tableId, keys)), () => false);
    if (!genuine) return false;
    signers = keys;
  }
  return signers.includes(key);
}

/** A host's signed link naming `keys` as its heirs (what its guests keep, and a successor presents). */
export async function heirsLink(identity, tableId, keys) {
  return { by: identity.pub, keys: [...keys], sig: await identity.sign(heirsText(tableId, keys)) };
}

/** A queue: the room's operations run one at a time, in the order things happened. */
function serial() {
  let last = Promise.resolve();
  return (job) => {
    const next = last.then(job, job);
    last = next.catch(() => {});
    return next;
  };
}

export async function host({ engine, table = "online", tableId, secret, relays, fallback, ice, loopback, name, seat, rules, room,
  seed, save, key, takeover, yieldTo = [], lag = 0, pace = 1, lose = 0, rating, disconnects, onLocal, onSave, onError, onYield,
  blindTable, onBlind }) {
  // takeover ({public, peer, name, seed}): this page takes the room over from the public record (op room_takeover).
  // yieldTo: the keys of this room's successors; a genuine host frame signed by one of them (a successor took the
  // table over while this page was away) is told once (onYield): the page then leaves as host and joins as a guest.
  const identity = await hostKey(key);
  let successors = yieldTo.filter((pub) => pub && pub !== identity.pub);
  let yielded = false;
  const quiet = new Set(); // peers that joined and have said nothing yet: the signed host frame again each ping
  const heard = new Set(); // peers that said something
  let chain = []; // the links from the invitation's key to this host's (a host built by takeover), see chainLeads
  let heirs = null; // this host's own signed link naming its successors (sent to every guest)
  const announce = (peer) =>
    identity.sign(peer).then((sig) => {
      const frame = { t: "host", sig, key: identity.pub };
      net.send(chain.length ? { ...frame, chain } : frame, peer);
      if (heirs) net.send({ t: "heirs", ...heirs }, peer);
    });
  const queue = serial();
  let stepTimer = null;
  let closed = false;
  let n = 0; // the host's own intents are numbered like a guest's
  let net = null;
  const since = Date.now(); // when this host began to look for its relays (relayRows)
  const links = new Map(); // peer → its reliable link (link.mjs)
  const gone = new Set(); // peers whose leave the room has had (once), until they join again
  const missed = new Map(); // peer → pings unanswered in a row
  const left = (peer) => {
    if (gone.has(peer)) return;
    gone.add(peer);
    missed.delete(peer);
    links.get(peer)?.forget(); // on return its hello brings the room, the states and the events again
    run("room_disconnect", { peer, now: Date.now() });
  };
  const linkTo = (peer) => {
    if (!links.has(peer)) links.set(peer, link({ transmit: (frame) => net?.send(frame, peer) }));
    return links.get(peer);
  };

  let blindHand = null; // the blind hand of the last state the room sent this page (its chunks are that hand's)
  const blindLocal = (chunk) =>
    engine.request("blind_local", JSON.stringify({ table: blindTable, hand: blindHand, chunk })).then((text) => {
      const answer = JSON.parse(text);
      if (answer.error) return console.warn("spades online: a blind chunk was not taken:", answer.error);
      for (const message of answer.out) run("room_receive", { peer: "host", message, now: Date.now() });
      if (answer.outcome || answer.refused) onBlind?.(JSON.stringify({ ...answer, out: [] }));
    });
  const deliver = (answer) => {
    if (answer.error) {
      onError?.(answer); // {error, kind, code, params}: the page words code and params (i18n.error_text)
      return answer;
    }
    let delay = null;
    for (const { to, message } of answer.out) {
      if (to === "host" && message.t === "state") blindHand = message.state?.blind?.hand ?? null;
      if (to === "host" && message.t === "blind" && blindTable) blindLocal(message);
      else if (to === "host") onLocal?.(message);
      else linkTo(to).send(message);
      if (message.t === "state" && to === "host") {
        const last = (message.events || []).at(-1);
        const state = message.state;
        const turn = state.turn && state.seats[state.turn];
        if (turn && (turn.occupant === "computer" || (turn.away && state.policy.kind === "casual"))) {
          delay = last && last.type === "trick" ? STEP_MS.trick : state.phase === "bidding" ? STEP_MS.bid : STEP_MS.play;
          delay *= pace; // pace: a test hook (?pace=0, the computers' moves without their pauses)
        }
      }
    }
    // once this host gave way or closed, its save is obsolete (the page dropped it): an answer still on its way
    // must not write it back
    if (answer.save && !closed && !yielded) onSave?.(answer.save);
    if (delay !== null) scheduleStep(delay);
    return answer;
  };
  const run = (op, args) =>
    queue(async () => deliver(JSON.parse(await engine.request(op, JSON.stringify({ table, ...args })))));

  function scheduleStep(delay) {
    if (stepTimer !== null || closed) return;
    stepTimer = setTimeout(() => {
      stepTimer = null;
      run("room_step", { now: Date.now() });
    }, delay);
  }

  // Connected before the room is made (the room's first messages follow at once, as before); a guest's messages
  // wait in the queue behind room_new or room_load.
  net = await connect({
    host: true, // an id above every guest's: the host answers each guest's offers at once (net.mjs)
    tableId,
    secret,
    relays,
    fallback, // the second strategy's relays when no tracker answers (net.mjs; undefined: its default)
    ice,
    loopback,
    onJoin: (peer) => {
      gone.delete(peer);
      quiet.add(peer);
      announce(peer);
      links.get(peer)?.flush(); // the channel came back: what it missed, in order
    },
    onLeave: (peer) => {
      quiet.delete(peer);
      left(peer);
    },
    onMessage: (peer, frame) => {
      if (frame.t === "heirs") return; // another host's successors (one that took over): none of this room's
      if (frame.t === "host") {
        // Another host at this table: a successor that took it over while this page was away (its key is in this
        // room's succession and it signed our id) wins, if the page says the takeover was by the rules (onYield
        // answers false while this host has its people, or had them back within the grace: the page's
        // succession.py yields_to; the successor's frame comes again and is judged again); any other host frame
        // is nobody's business here.
        const pub = frame.key;
        if (!yielded && successors.includes(pub) && typeof frame.sig === "string" && frame.sig.length < 200) {
          verifier(pub)
            .then((verify) => verify(frame.sig, net.self))
            .then((genuine) => {
              if (!genuine || yielded || closed) return;
              if (onYield?.(pub) === false) return;
              yielded = true;
            }, () => {});
        }
        return;
      }
      quiet.delete(peer);
      heard.add(peer);
      for (const message of linkTo(peer).receive(frame)) run("room_receive", { peer, message, now: Date.now() });
    },
    lose,
  });

  const made = takeover
    ? await run("room_takeover", { peer: "host", ...takeover, now: Date.now() }) // in its own room it is "host"
    : save
      ? await run("room_load", { save, now: Date.now() })
      : await run("room_new", { name, seat, rules, room, seed, rating, disconnects, key: identity.pub });
  if (made.error) {
    await net.leave();
    throw Object.assign(new Error(made.error), { code: made.code, params: made.params });
  }
  const ticker = setInterval(() => {
    for (const each of links.values()) each.tick();
    run("room_tick", { now: Date.now() });
  }, TICK_MS);
  // A peer whose connection died without trystero noticing (seen when a guest left the room in the middle of
  // connecting) blocks its own way back: after MISSED_PINGS unanswered pings in a row the host closes it.
  const pinger = setInterval(() => {
    for (const peer of quiet) announce(peer); // a frame lost, or refused by a guest that had not yet lost its host
    for (const peer of net.peers()) {
      net
        .ping(peer)
        .then((rtt) => {
          missed.delete(peer);
          run("room_rtt", { peer, rtt: rtt + lag }); // lag: a test hook (?lag=ms) for the lights
        })
        .catch(() => {
          missed.set(peer, (missed.get(peer) || 0) + 1);
          if (missed.get(peer) >= MISSED_PINGS) {
            net.drop(peer); // trystero does not report a connection closed here: the room hears it now
            left(peer);
          }
        });
    }
  }, PING_MS);
  scheduleStep(STEP_MS.play);
  return {
    self: net.self,
    token: made.token,
    key: identity.key, // keep it with the room's save: the same link works after a reload
    pub: identity.pub, // goes into the invite link
    seat: made.seat, // the seat of this page's person in a room taken over (op room_takeover)
    /** How many peers have spoken to this host (a takeover's new host that none reaches joins the room again). */
    heard: () => heard.size,
    /** This host's relays and whether each answers, for the room window: relayRows' [{url, reach, fallback?}]. */
    relays: () => relayRows(net, since, relays),
    /** The keys of the room's successors (its last room message): a genuine host frame by one of them wins; and
     * `proof`, the chain that led to this host (takeover.py keeps it in the record): shown in its host frames. Its
     * guests are sent the successors signed (heirs), for a successor's own chain. */
    succession(keys, proof) {
      successors = [...keys].filter((pub) => pub && pub !== identity.pub);
      if (Array.isArray(proof)) chain = JSON.parse(JSON.stringify(proof)).slice(-(CHAIN_LINKS - 1));
      const named = [...new Set(successors)].slice(0, 4);
      if (!named.length || (heirs && heirs.keys.join(",") === named.join(","))) return;
      heirsLink(identity, tableId, named).then((link) => {
        heirs = link;
        if (!closed) for (const peer of net.peers()) net.send({ t: "heirs", ...link }, peer);
      });
    },
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

// A guest not yet connected to the host leaves and joins again (fresh offers to other peers), after trystero's own
// announcements (at once, then 0.2, 0.5, 1.3 s, then every 10 s or more) have had their chance: connecting can
// take seconds on a busy machine, and leaving a room in the middle of connecting leaves the host a dead connection.
export const REJOIN_MS = [10000, 20000, 30000, 60000];
const JOIN_SETTLE_MS = 5000;
// How long a guest's link must have lost the host before the room's first successor takes the table over (and
// each later one one more such period): longer than a blip or a reload's first seconds would be, short enough
// that, with the new host's connecting (1-3 s on loopback), the table plays again within 10 s.
export const TAKEOVER_GRACE_MS = 4000;
export const TAKEOVER_BACK_MS = 2000; // a successor that was cut off itself: the time its link has to find the host
// A guest whose host is gone joins again (fresh offers, which a new host answers at once) this long after each
// successor's turn began: by then that successor's host has joined the room.
const FOLLOW_MS = 800;
// A page that opened and found no host this long after says so (onStatus {t: "nobody"}) instead of "Connecting…".
export const NOBODY_MS = 15000;

/** What a guest's link says of a table without a host at `now` (pure; docs/online.md "When the host is gone"):
 * "gone" once the link lost its host and every successor's turn has passed with one more grace period for the last
 * one to be reached (`lostAt` + (successors + 2) grace periods: nobody is left to host the table); "nobody" for a
 * page that has never found a host NOBODY_MS after it opened; otherwise null, with the time at which one of the two
 * would be said (`at`). The link goes on looking either way: a host who comes back is joined again. */
export function hostless({ lostAt, started, found, successors, now }) {
  if (lostAt !== null && lostAt !== undefined) {
    const at = lostAt + (successors + 2) * TAKEOVER_GRACE_MS;
    return now >= at ? { say: "gone" } : { say: null, at };
  }
  if (found) return { say: null, at: null };
  const at = started + NOBODY_MS;
  return now >= at ? { say: "nobody" } : { say: null, at };
}

/** A host-blind hand's chunk from the host, for this guest's device (spades/table/blindops.py): checked by the guest
 * boundary and taken by the device in one worker call (op guest_blind), the chunks the device answers sent to the
 * host from here; the page gets the rest as JSON text (the outcome, a refusal or the worker's error). The chunk
 * itself (up to 32 kB of hex) never passes through the page's MicroPython, whose JSON is the deal's slow part. */
export async function blindIn(engine, session, table, message) {
  const answer = JSON.parse(await engine.request("guest_blind", JSON.stringify({ table, message })));
  for (const chunk of answer.out || []) session.send(chunk);
  delete answer.out;
  return JSON.stringify(answer);
}

export async function guest({ tableId, secret, hostPub, relays, fallback, ice, loopback, name, token, password, lang, via,
  rating, disconnects, key, lose = 0, onMessage, onStatus, onTakeover }) {
  // onMessage gets what the host sent (the page checks it before use); onStatus what this link itself says of the
  // host ({t: "host_left"}, {t: "host_changed", key}, {t: "host_gone"} when nobody is left to host the table, {t:
  // "nobody"} when no host ever answered: hostless()): never mixed, so a host cannot speak for the link.
  // key: this person's own public key (said in hello: the room lists it, and it signs this page's host frames if
  // it ever takes the table over); onTakeover: called when it is this page's turn to (see succession()).
  const status = onStatus || onMessage;
  let current = hostPub; // the key of the host this guest follows
  const verifiers = new Map(); // key → its verify function
  const verifyBy = (pub, signature, text) => {
    if (!verifiers.has(pub)) verifiers.set(pub, verifier(pub).catch(() => () => Promise.resolve(false)));
    return verifiers.get(pub).then((verify) => verify(signature, text));
  };
  verifiers.set(hostPub, Promise.resolve(await verifier(hostPub))); // a bad key in the link fails here, as before
  let successors = []; // the keys of the room's succession, in order (the current host's left out)
  let place = null; // this page's place among them, or null
  let hostChain = []; // the links that lead from the invitation's key to the host followed now (chainLeads)
  let heirs = null; // that host's own signed link naming its successors
  const unheard = new Map(); // peer → its last heirs frame, until that peer is the host
  const takeHeirs = (peer) => {
    const frame = unheard.get(peer);
    if (peer !== hostPeer || !frame || !Array.isArray(frame.keys) || typeof frame.sig !== "string") return;
    unheard.delete(peer);
    const link = { by: current, keys: frame.keys, sig: frame.sig };
    chainLeads(current, [link], frame.keys[0], tableId).then((ok) => {
      if (ok && peer === hostPeer && link.by === current) heirs = link;
    });
  };
  let lostAt = null; // when this link lost the host it followed (null: it has one, or never had)
  let takeoverTimer = null;
  let followTimer = null;
  // A host frame signed by `pub` is followed now: the current host's always; the i-th successor's only once this
  // link has lost its host for i grace periods (the successors before it had their turn).
  // A page that opened and has not found any host yet (a reload while the host was gone) counts from its start.
  const started = Date.now();
  let found = false;
  const allowed = (pub) => {
    if (pub === current) return true;
    const i = successors.indexOf(pub);
    const since = lostAt ?? (found ? null : started);
    return i >= 0 && hostPeer === null && since !== null && Date.now() - since >= i * TAKEOVER_GRACE_MS;
  };
  const armTakeover = () => {
    clearTimeout(takeoverTimer);
    if (place === null || lostAt === null || closed) return;
    const wait = lostAt + (place + 1) * TAKEOVER_GRACE_MS - Date.now();
    // A page that is itself cut off (offline, or no tracker socket open: a phone that switched networks or slept)
    // cannot tell a lost host from its own lost network: it waits until it reaches a tracker again, then gives its
    // link TAKEOVER_BACK_MS to find the host (lookAgain joins again at once) before it takes over.
    let cutOff = false;
    const check = () => {
      if (closed || hostPeer !== null) return;
      if (globalThis.navigator?.onLine === false || !Object.values(relaySockets()).some((s) => s?.readyState === 1)) {
        cutOff = true;
        takeoverTimer = setTimeout(check, 500);
      } else if (cutOff) {
        cutOff = false;
        takeoverTimer = setTimeout(check, TAKEOVER_BACK_MS);
      } else {
        onTakeover?.();
      }
    };
    takeoverTimer = setTimeout(check, Math.max(0, wait));
  };
  // The new host cannot reach this guest's connection (a guest's id sorts below a host's: its offers are ignored
  // here), so after each other successor's turn began this guest joins again, with offers that the host answers.
  const armFollow = () => {
    clearTimeout(followTimer);
    if (lostAt === null || closed) return;
    for (let i = 0; i < successors.length; i++) {
      const wait = lostAt + (i + 1) * TAKEOVER_GRACE_MS + FOLLOW_MS - Date.now();
      if (wait <= 0 || i === place || successors[i] === null) continue;
      followTimer = setTimeout(() => {
        if (closed || hostPeer !== null) return;
        clearTimeout(watchdog);
        rejoinOnce().then(armFollow);
      }, wait);
      return;
    }
  };
  // A table without a host says so once (hostless()): every successor's turn passed, or no host ever found.
  let goneTimer = null;
  let said = null; // what this link said since it last had a host
  const armGone = () => {
    clearTimeout(goneTimer);
    if (closed || hostPeer !== null) return;
    const { say, at } = hostless({ lostAt, started, found, successors: successors.length, now: Date.now() });
    if (say && said !== say) {
      said = say;
      status?.({ t: say === "gone" ? "host_gone" : "nobody" });
    } else if (!say && at !== null) {
      goneTimer = setTimeout(armGone, Math.max(0, at - Date.now()));
    }
  };
  let hostPeer = null;
  // One link to whichever peer is the host; a new hello restarts its numbering, hello first, so what the person
  // did while the host was away (a seat, a card) reaches the room after it knows who is speaking.
  const toHost = link({ transmit: (frame) => hostPeer !== null && net.send(frame, hostPeer) });
  let seq = 0;
  let n = 0;
  let net = null;
  let closed = false;
  let rejoins = 0;
  let watchdog = null;
  let generation = 0; // which connection is current: a rejoin replaces it, and the old one's events are ignored
  let lastJoin = 0; // when a peer last joined: the host's signed "host" message follows in a moment
  let opened = 0; // when the current connection was opened
  const hello = () => {
    const message = { t: "hello", name, lang, via: via || "invite", seq };
    if (token) message.token = token;
    if (key) message.key = key;
    if (password) message.password = password;
    if (Number.isInteger(rating)) message.rating = rating; // 点力 and disconnects, shown to the table (docs/ratings.md)
    if (Number.isInteger(disconnects)) message.disconnects = disconnects;
    toHost.restart(message);
  };
  const open = () => {
    const mine = ++generation;
    opened = Date.now();
    return connect({
      // a guest's id, fresh for every join and rejoin (net.mjs)
      tableId,
      secret,
      relays,
      fallback,
      ice,
      loopback,
      lose,
      onJoin: (peer) => {
        if (mine !== generation) return;
        lastJoin = Date.now();
        if (peer === hostPeer) toHost.flush(); // the same host's channel came back
      },
      // A host announced itself in the room (its offer, passed on by the tracker) while this connection has none:
      // a host back from a reload, or one that took the table over. It cannot answer this connection's old offers
      // (they went elsewhere) and this one does not answer its (a guest's id sorts below): join again at once,
      // with fresh offers, which it answers — unless this connection is new or is just connecting to someone.
      onOffer: (peer) => {
        if (mine !== generation || closed || hostPeer !== null || !isHostId(peer)) return;
        if (Date.now() - Math.max(opened, lastJoin) < JOIN_SETTLE_MS) return;
        clearTimeout(watchdog);
        rejoinOnce();
      },
      onLeave: (peer) => {
        if (mine !== generation || peer !== hostPeer) return;
        hostPeer = null;
        lostAt = Date.now();
        status?.({ t: "host_left" });
        watch();
        armTakeover();
        armFollow();
        armGone();
      },
      onMessage: (peer, frame) => {
        if (mine !== generation) return;
        if (frame.t === "heirs") {
          // The host's successors, signed by it: kept, the last link of this page's chain should it take over
          // (it may come before this link has checked that peer's host frame: then it waits for it).
          if (unheard.size > 8) unheard.clear(); // one a peer, and only hosts send them
          unheard.set(peer, frame);
          takeHeirs(peer);
          return;
        }
        if (frame.t === "host") {
          // The genuine host (its signature of our id): the first time, or again from a new peer id after the host
          // reloaded (our old channel to it may not have noticed yet). Say hello with our token and last sequence.
          // A successor's frame (its key in frame.key) is followed only as allowed() says, or, for a page without
          // a host for a grace period already (a newcomer whose invitation is older than a takeover), when its
          // chain leads from the key this page follows to the frame's (chainLeads).
          const pub = typeof frame.key === "string" ? frame.key : current;
          const chained = Array.isArray(frame.chain) && frame.chain.length ? frame.chain : null;
          const viaChain = () => {
            const since = lostAt ?? (found ? null : started);
            return chained !== null && hostPeer === null && since !== null && Date.now() - since >= TAKEOVER_GRACE_MS;
          };
          const signed = typeof frame.sig === "string" && frame.sig.length < 200;
          if (peer !== hostPeer && signed && (allowed(pub) || viaChain())) {
            Promise.all([
              verifyBy(pub, frame.sig, net.self),
              chained !== null && chainLeads(chained[0]?.by, chained, pub, tableId), // whole in itself: kept to show
            ]).then(([genuine, whole]) => {
              const leads = allowed(pub) || (whole && chained[0].by === current); // a whole chain from our key
              if (!genuine || !leads || peer === hostPeer || mine !== generation) return;
              if (!allowed(pub) && !viaChain()) return;
              if (pub !== current) {
                hostChain = whole ? chained : [...hostChain, ...(heirs ? [heirs] : [])].slice(-(CHAIN_LINKS - 1));
                heirs = null; // the new host sends its own
              } else if (whole) {
                hostChain = chained;
              }
              const returning = hostPeer !== null;
              hostPeer = peer;
              rejoins = 0;
              lostAt = null;
              found = true;
              said = null;
              clearTimeout(takeoverTimer);
              clearTimeout(followTimer);
              clearTimeout(goneTimer);
              if (returning) status?.({ t: "host_left" });
              if (pub !== current) {
                current = pub; // a successor took the table over: its room's succession comes with its room
                successors = [];
                place = null;
                status?.({ t: "host_changed", key: pub });
              }
              takeHeirs(peer);
              hello();
            });
          }
          return;
        }
        if (peer !== hostPeer) return; // only the host speaks to guests
        for (const message of toHost.receive(frame)) {
          if (message.t === "welcome" && message.you) token = message.you.token;
          if (message.t === "state" && message.state) seq = message.state.seq;
          onMessage?.(message);
        }
      },
    });
  };
  // Trackers pass each announcement's offers to a few random peers, and re-announce only every 10 s–2 min: when
  // the host was not among them, leave and join again (fresh offers) rather than wait (REJOIN_MS).
  function watch() {
    clearTimeout(watchdog);
    watchdog = setTimeout(() => {
      if (closed || hostPeer !== null) return;
      if (Date.now() - lastJoin < JOIN_SETTLE_MS) {
        watch(); // someone just joined: it may be the host, whose signed hello is on its way
        return;
      }
      rejoinOnce();
    }, REJOIN_MS[Math.min(rejoins, REJOIN_MS.length - 1)]);
  }
  let rejoining = false; // one rejoin at a time (the loop's, an offer's, or lookAgain's below)
  async function rejoinOnce() {
    if (rejoining) return;
    rejoining = true;
    try {
      await rejoin();
    } finally {
      rejoining = false;
    }
  }
  async function rejoin() {
    rejoins += 1;
    // From here the current connection is being replaced: whatever it finds now (even the host) is ignored,
    // and the new one (a fresh id, fresh offers) finds the host afresh (a host found on a connection being left
    // is not reachable).
    generation += 1;
    hostPeer = null;
    try {
      await net.leave();
    } catch {
      // already gone
    }
    if (closed) return;
    net = await open();
    watch();
  }
  net = await open();
  watch();
  armGone();
  // The network is back, or the page in view again (a phone that switched networks or slept): look for the host now
  // rather than at the rejoin loop's next step (up to a minute away); a host link that seems alive is asked first.
  const lookAgain = () => {
    if (closed || rejoining) return;
    if (hostPeer === null) {
      clearTimeout(watchdog);
      rejoins = 0;
      rejoinOnce();
      return;
    }
    const peer = hostPeer;
    net.ping(peer).catch(() => {
      if (closed || peer !== hostPeer) return;
      hostPeer = null; // it did not answer: gone while this page was away
      status?.({ t: "host_left" });
      lookAgain();
    });
  };
  const onVisible = () => document.visibilityState === "visible" && lookAgain();
  globalThis.addEventListener?.("online", lookAgain);
  globalThis.document?.addEventListener("visibilitychange", onVisible);
  const resender = setInterval(() => hostPeer !== null && toHost.tick(), TICK_MS);
  return {
    get self() {
      return net.self;
    },
    token: () => token,
    connected: () => hostPeer !== null,
    /** This guest's relays and whether each answers (relayRows, counted from the page's start). */
    relays: () => relayRows(net, started, relays),
    /** The key of the host followed now. */
    host: () => current,
    /** The chain from the invitation's key to this host's successors (a successor presents it once it hosts). */
    proof: () => [...hostChain, ...(heirs ? [heirs] : [])].slice(-CHAIN_LINKS),
    /** The room's succession as keys, in order, and this page's place in it (or null): see allowed(). */
    succession(keys, mine) {
      successors = [...keys].map((pub) => (typeof pub === "string" && pub !== current ? pub : null));
      place = Number.isInteger(mine) && mine >= 0 ? mine : null;
      armTakeover();
      armFollow();
      armGone();
    },
    peers: () => net.peers(),
    /** Queued and resent until the host acknowledges it (also while the host is away: sent on its return). */
    send(message) {
      if (closed) return false;
      if (message.t === "intent") {
        n = Math.max(n + 1, Date.now()); // increases across reloads too: the host refuses replays
        message = { ...message, n };
      }
      toHost.send(message);
      return true;
    },
    async close() {
      closed = true;
      clearTimeout(watchdog);
      clearTimeout(takeoverTimer);
      clearTimeout(followTimer);
      clearTimeout(goneTimer);
      clearInterval(resender);
      globalThis.removeEventListener?.("online", lookAgain);
      globalThis.document?.removeEventListener("visibilitychange", onVisible);
      await net.leave();
    },
  };
}

// The public lobby (游戏室): hosts of public tables announce them in one well-known room of the same trackers;
// anyone who opens the lobby sees the list and can join or watch. Announcements are untrusted: checked here,
// and shown as text by the page.
export const LOBBY_ROOM = "spades-lobby-v1";
export const LOBBY_STALE_MS = 20000;
// How long the lobby waits for a tracker to answer (a signalling socket open) before it says it cannot reach any.
export const LOBBY_REACH_MS = 4000;
const LISTING_KEYS = { t: "string", secret: "string", pub: "string", kind: "string", seats: "object",
  preset: "string", watch: "boolean", password: "boolean", started: "boolean", ratings: "object" };

export function validListing(data) {
  if (data === null || typeof data !== "object" || Array.isArray(data)) return false;
  if (JSON.stringify(data).length > 2048) return false;
  for (const [key, type] of Object.entries(LISTING_KEYS)) if (typeof data[key] !== type) return false;
  if (data.blind !== undefined && typeof data.blind !== "boolean") return false; // host-blind deals (optional)
  if (Object.keys(data).some((key) => !(key in LISTING_KEYS) && key !== "blind")) return false;
  if (data.t !== "table" || !/^[a-z0-9]{16,64}$/i.test(data.secret) || !/^[\w-]{40,120}$/.test(data.pub)) return false;
  if (!["casual", "rated"].includes(data.kind) || data.preset.length > 20) return false;
  const seats = Object.entries(data.seats);
  const ratings = data.ratings === null || Array.isArray(data.ratings) ? [] : Object.entries(data.ratings);
  return seats.length === 4 && seats.every(([seat, who]) => "NESW".includes(seat) && seat.length === 1 &&
    (who === null || (typeof who === "string" && who.length <= 24))) &&
    ratings.length === 4 && ratings.every(([seat, rating]) => "NESW".includes(seat) && seat.length === 1 &&
    (rating === null || (Number.isInteger(rating) && rating >= 0 && rating <= 1000000)));
}

/** Whether a tracker answers: "ok" (a signalling socket is open), "trying" (none yet, within LOBBY_REACH_MS of
 * `since`), "none" (none answered in time: offline, or every tracker down). */
export function reach(since, now = Date.now(), sockets = relaySockets()) {
  if (Object.values(sockets).some((socket) => socket?.readyState === 1)) return "ok";
  return now - since < LOBBY_REACH_MS ? "trying" : "none";
}

/** Each relay of a connection (net.mjs) and whether it answers, a row each: the configured trackers in their order,
 * [{url, reach}] as reach() says for that tracker alone ("ok" while its signalling socket is open, counted from
 * `since`), then the fallback's relays with `fallback: true`: once used, the same (counted from when it was);
 * before, reach "standby" (used if no tracker answers), one row with url "" for the library's public relays;
 * none when the connection has no fallback. */
export function relayRows(net, since, trackers, now = Date.now()) {
  const sockets = net.sockets();
  const one = (url, from) => reach(from, now, { [url]: sockets[url] });
  const rows = trackers.map((url) => ({ url, reach: one(url, since) }));
  const fallback = net.fallback();
  if (fallback.used) {
    for (const url of fallback.urls) rows.push({ url, reach: one(url, fallback.since), fallback: true });
  } else if (fallback.urls === null) {
    rows.push({ url: "", reach: "standby", fallback: true });
  } else {
    for (const url of fallback.urls) rows.push({ url, reach: "standby", fallback: true });
  }
  return rows;
}

// Who answers whom in the lobby: a page that lists its table there takes a host's id (net.mjs), so it answers every
// page that comes to look, whatever their ids; a page that only looks takes a guest's. `hosting` says so from the
// start; otherwise the first listing moves the lobby to a new connection with a host's id.
export async function lobby({ relays, fallback, ice, loopback, onTables, hosting = false }) {
  const tables = new Map(); // secret → {listing, peer, seen}
  const since = Date.now();
  let mine = null;
  let updates = 0;
  let net = null;
  let generation = 0; // which connection is current: the one left when moving to a host's id is ignored
  let moving = null;
  const report = () => {
    updates += 1;
    const now = Date.now();
    for (const [secret, entry] of tables) if (now - entry.seen > LOBBY_STALE_MS) tables.delete(secret);
    onTables?.([...tables.values()].map((entry) => entry.listing));
  };
  const open = async (host) => {
    const current = ++generation;
    let made = null;
    made = await connect({
      host,
      tableId: LOBBY_ROOM,
      secret: LOBBY_ROOM,
      relays,
      fallback,
      ice,
      loopback,
      onJoin: (peer) => current === generation && mine && made?.send(mine, peer),
      onLeave: (peer) => {
        if (current !== generation) return;
        for (const [secret, entry] of tables) if (entry.peer === peer) tables.delete(secret);
        report();
      },
      onMessage: (peer, data) => {
        if (current !== generation || !validListing(data)) return;
        tables.set(data.secret, { listing: data, peer, seen: Date.now() });
        report();
      },
    });
    return made;
  };
  net = await open(hosting);
  const timer = setInterval(() => {
    if (mine) net.send(mine);
    report();
  }, LOBBY_STALE_MS / 4);
  const verdict = setTimeout(report, LOBBY_REACH_MS + 100); // the lobby says soon whether a tracker answered
  return {
    /** List (or, with null, unlist) this host's table. */
    publish(listing) {
      mine = listing && validListing(listing) ? listing : null;
      if (!mine) return;
      if (isHostId(net.self)) {
        net.send(mine);
        return;
      }
      moving ||= (async () => {
        const old = net;
        try {
          net = await open(true); // its joins get the listing
        } catch {
          moving = null; // the next listing tries again
          return;
        }
        await old.leave();
      })();
    },
    tables: () => [...tables.values()].map((entry) => entry.listing),
    /** "ok", "trying" or "none" (see reach). */
    reach: () => reach(since),
    /** This lobby's trackers in the order configured and whether each answers: [{url, reach}], reach as above for
     * that tracker alone ("ok" while its signalling socket is open); then the fallback's relays (see relays()). */
    trackers: () => relayRows(net, since, relays),
    /** How many times the list was reported so far (tests count the updates, never the time). */
    updates: () => updates,
    async close() {
      clearInterval(timer);
      clearTimeout(verdict);
      await moving;
      await net.leave();
    },
  };
}

// A short code to read aloud (XXXX-XXXX, about 40 bits): the host waits in a room named after it and hands the
// invitation (#t=…&k=…) to whoever comes; a friend types the code instead of opening the link. The optional
// table password still applies; a code only works on the same trackers.
export const CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789";

export function shortCode() {
  const values = crypto.getRandomValues(new Uint8Array(8));
  const letters = [...values].map((v) => CODE_ALPHABET[v % CODE_ALPHABET.length]).join("");
  return letters.slice(0, 4) + "-" + letters.slice(4);
}

export function normalCode(text) {
  const letters = String(text || "").toUpperCase().replace(/[^A-Z0-9]/g, "");
  if (letters.length !== 8 || [...letters].some((c) => !CODE_ALPHABET.includes(c))) return null;
  return letters.slice(0, 4) + "-" + letters.slice(4);
}

const codeRoom = (code) => ({ tableId: "spades-code-" + code, secret: "spades-code:" + code });

export async function offerCode({ code, invite, relays, fallback, ice, loopback }) {
  const net = await connect({
    host: true, // the code's host answers whoever comes at once, as a table's host does
    ...codeRoom(code),
    relays,
    fallback,
    ice,
    loopback,
    onJoin: (peer) => net.send({ t: "invite", fragment: invite }, peer),
    onMessage: () => {},
  });
  return { close: () => net.leave() };
}

export async function redeemCode({ code, relays, fallback, ice, loopback, timeoutMs = 45000 }) {
  let net = null;
  let timer = null;
  const fragment = await new Promise((resolve) => {
    timer = setTimeout(() => resolve(null), timeoutMs);
    connect({
      ...codeRoom(code),
      relays,
      fallback,
      ice,
      loopback,
      onMessage: (peer, message) => {
        const text = message.fragment;
        if (message.t === "invite" && typeof text === "string" && text.length < 300 && /^#t=[a-z0-9]{16,64}&k=[\w-]{40,120}$/i.test(text)) {
          resolve(text);
        }
      },
    }).then((made) => {
      net = made;
    });
  });
  clearTimeout(timer);
  if (net) await net.leave();
  return fragment;
}
