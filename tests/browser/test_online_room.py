"""The online room end to end below the page's UI: the host's real engine worker runs the room, guests in other
browser contexts talk to it over real WebRTC data channels found through a real tracker on 127.0.0.1."""

from __future__ import annotations

import json

HOST = """async ([relay, table, secret, room]) => {
  await window.spades.engineReady;
  const { host } = await import('/static/online/session.mjs');
  window.local = []; window.saved = null;
  window.online = await host({ engine: window.spades.engine, tableId: table, secret, relays: [relay], ice: [],
    loopback: true,
    name: 'Ann', seat: 'S', rules: { preset: 'standard' }, room, seed: 5,
    onLocal: (m) => window.local.push(m), onSave: (s) => { window.saved = s; } });
  return window.online.pub;
}"""

GUEST = """async ([relay, table, secret, name, hostPub, lose]) => {
  const { guest } = await import('/static/online/session.mjs');
  window.got = []; window.auto = false;
  window.online = await guest({ tableId: table, secret, hostPub, relays: [relay], ice: [],
    loopback: true, name, lang: 'en', lose: lose || 0,
    onMessage: (m) => { window.got.push(m); if (window.auto && m.t === 'state') window.autoplay(m.state); } });
  return window.online.self;
}"""

# A player that bids 2 (or the last legal bid) and plays its first legal card, from its own seat only, once per
# state it receives: a message lost on the way would stall the hand (the reliable link must deliver it).
AUTOPLAY = """() => {
  window.autoplay = (state) => {
    if (state.turn !== state.me || !['bidding', 'playing'].includes(state.phase)) return;
    if (state.phase === 'bidding') {
      const bid = state.legal_bids.includes(2) ? 2 : state.legal_bids.at(-1);
      window.online.send({ t: 'intent', intent: { type: 'bid', bid } });
    } else {
      const card = state.hand.find((h) => h.legal).card;
      window.online.send({ t: 'intent', intent: { type: 'play', card } });
    }
  };
  window.auto = true;
}"""


SIT = "([seat]) => { window.online.send({t: 'sit', seat}); window.online.send({t: 'ready', ready: true}); }"


def last(page, kind: str, where: str = "got") -> dict | None:
    return page.evaluate(
        "([where, kind]) => { const all = window[where].filter((m) => m.t === kind); return all.at(-1) || null; }",
        [where, kind],
    )


def test_people_at_all_four_seats_play_a_hand_over_webrtc(make_page, server, tracker) -> None:
    host = make_page()
    host.goto(server + "/?fresh=1&seed=5&lang=en")
    pub = host.evaluate(HOST, [tracker, "room-four", "secret-four", {"kind": "casual"}])
    guests = {}
    for seat in ("N", "E", "W"):
        page = make_page()
        page.goto(server + "/README.md")
        # East's transport drops one message in five each way, at random, as a connection's blips would
        page.evaluate(GUEST, [tracker, "room-four", "secret-four", "Guest " + seat, pub, 5 if seat == "E" else 0])
        page.wait_for_function("() => window.got.some((m) => m.t === 'welcome')", timeout=60_000)
        page.evaluate(SIT, [seat])
        guests[seat] = page
    host.wait_for_function(
        "() => { const r = window.local.filter((m) => m.t === 'room').at(-1);"
        " return r && ['N', 'E', 'W'].every((s) => r.seats[s].ready); }",
        timeout=30_000,
    )
    for page in [host, *guests.values()]:
        page.evaluate(AUTOPLAY)
    host.evaluate(
        """() => { const push = window.local.push.bind(window.local);
        window.local.push = (m) => { push(m); if (m.t === 'state') window.autoplay(m.state); return 0; }; }"""
    )
    host.evaluate("() => window.online.send({t: 'start'})")
    host.wait_for_function(
        "() => window.local.some((m) => m.t === 'state' && !['bidding', 'playing'].includes(m.state.phase))",
        timeout=120_000,
    )
    saved = host.evaluate("() => window.saved")
    deal = saved["table"]["record"]["hands"][0]["deal"]
    state = last(host, "state", "local")["state"]
    assert sum(state["tricks_won"].values()) == 13 and state["hands_scored"] == 1
    # At the transport: every message a guest received names no card of another seat's hand, except cards that
    # were on the table (played) when it was sent.
    for seat, page in guests.items():
        received = page.evaluate("() => window.got")
        assert any(m["t"] == "state" and m["state"]["me"] == seat for m in received)
        played: set[str] = set()
        others = {card for s, cards in deal.items() if s != seat for card in cards}
        for message in received:
            if message["t"] == "state":
                for event in message.get("events", []):
                    if event.get("type") == "play":
                        played.add(event["card"])
                for item in message["state"]["trick"]:
                    played.add(item["card"])
                for trick in [message["state"]["last_trick"]] if message["state"]["last_trick"] else []:
                    played.update(trick["cards"])
            text = json.dumps(message)
            leaked = [card for card in others - played if f'"{card}"' in text]
            assert not leaked, (seat, message["t"], leaked)


def test_a_guest_cannot_pretend_to_be_the_host(make_page, server, tracker) -> None:
    """The invite link carries the host's public key; a 'host' message signed by another key is ignored."""
    impostor, victim = make_page(), make_page()
    for page in (impostor, victim):
        page.goto(server + "/README.md")
    real_host_key = impostor.evaluate(
        """async ([relay]) => {
        const { hostKey } = await import('/static/online/session.mjs');
        const net = await import('/static/online/net.mjs');
        const real = await hostKey(), other = await hostKey();   // the impostor signs with a key of its own
        window.got = [];
        window.net = await net.connect({ tableId: 'room-fake', secret: 's', relays: [relay], ice: [],
    loopback: true,
          onJoin: async (peer) => window.net.send({ t: 'host', sig: await other.sign(peer) }, peer),
          onMessage: (p, m) => window.got.push(m) });
        return real.pub;
        }""",
        [tracker],
    )
    # every signature the victim checks, as it comes out (before the guest link acts on it, in the same task)
    victim.evaluate(
        """() => { window.verdicts = []; const verify = crypto.subtle.verify.bind(crypto.subtle);
        crypto.subtle.verify = (...args) => verify(...args).then((ok) => { window.verdicts.push(ok); return ok; }); }"""
    )
    victim.evaluate(GUEST, [tracker, "room-fake", "s", "Victim", real_host_key])
    impostor.wait_for_function("() => window.net.peers().length > 0", timeout=30_000)
    # the victim has checked the impostor's 'host' frame (or, wrongly, followed it without a check)
    victim.wait_for_function("() => window.verdicts.length > 0 || window.online.connected()", timeout=30_000)
    assert victim.evaluate("() => window.verdicts") == [False]
    assert victim.evaluate("() => window.online.connected()") is False  # it said no hello: its host is not found
    assert impostor.evaluate("() => window.got") == []
