#!/usr/bin/env node
// A newcomer's old invitation after takeovers (static/online/session.mjs chainLeads, heirsLink; tests/test_heirs.py):
// real ECDSA P-256 keys (hostKey), hosts signing their heirs, and the chains a newcomer is shown, genuine and forged.
// Prints one JSON line: each case's name and whether the chain leads from the invitation's key to the frame's.
import { CHAIN_LINKS, chainLeads, heirsLink, hostKey } from "../../static/online/session.mjs";

const table = "spades-0123456789abcdef";
const [ann, di, bo, cy, eve] = await Promise.all([0, 1, 2, 3, 4].map(() => hostKey()));
const first = await heirsLink(ann, table, [di.pub, bo.pub, cy.pub]); // Ann hosts; Di, Bo, Cy would take over
const second = await heirsLink(di, table, [bo.pub, cy.pub, ann.pub]); // Di took over; then Bo, Cy, Ann
const cases = {
  "the first successor, after one takeover": [ann.pub, [first], di.pub],
  "the next successor, after two takeovers": [ann.pub, [first, second], bo.pub],
  "the old host itself, named by the new host": [ann.pub, [first, second], ann.pub],
  "a key no link names": [ann.pub, [first], eve.pub],
  "a chain from another invitation": [eve.pub, [first], di.pub],
  "a link signed by a stranger": [ann.pub, [await heirsLink(eve, table, [eve.pub])], eve.pub],
  "a stranger's link after a genuine one": [ann.pub, [first, await heirsLink(eve, table, [eve.pub])], eve.pub],
  "a link whose keys were changed": [ann.pub, [{ ...first, keys: [eve.pub, bo.pub, cy.pub] }], eve.pub],
  "a link of another table": [ann.pub, [await heirsLink(ann, "spades-other", [di.pub])], di.pub],
  "a second link by a key the first does not name": [ann.pub, [first, await heirsLink(eve, table, [bo.pub])], bo.pub],
  "links in the wrong order": [ann.pub, [second, first], bo.pub],
  "no chain": [ann.pub, [], di.pub],
  "not a chain": [ann.pub, "nope", di.pub],
  "links of junk": [ann.pub, [{ by: ann.pub, keys: "x", sig: 5 }], di.pub],
  "a chain too long": [ann.pub, Array(CHAIN_LINKS + 1).fill(first), di.pub],
  "a signature cut short": [ann.pub, [{ ...first, sig: first.sig.slice(0, 20) }], di.pub],
};
const out = {};
for (const [name, [root, chain, key]] of Object.entries(cases)) out[name] = await chainLeads(root, chain, key, table);
console.log(JSON.stringify(out));
