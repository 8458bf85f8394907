#!/usr/bin/env node
// The peer-id policy of static/online/net.mjs over many fresh ids (tests/test_net_ids.py): 20 characters of the
// library's alphabet, a host's starting with HOST_MARK and a guest's never, so every host's sorts above every
// guest's; a bad id given to connect() refused in one line. Prints one JSON line.
import { connect, guestId, hostId, HOST_MARK, ID_CHARS, ID_LENGTH, isHostId } from "../../static/online/net.mjs";

const count = Number(process.argv[2] || 5000);
const hosts = Array.from({ length: count }, hostId);
const guests = Array.from({ length: count }, guestId);
const wellFormed = (id) => id.length === ID_LENGTH && [...id].every((c) => ID_CHARS.includes(c));
const lowestHost = hosts.reduce((a, b) => (a < b ? a : b));
const highestGuest = guests.reduce((a, b) => (a > b ? a : b));
const refusals = [];
for (const id of ["short", "z".repeat(21), "!".repeat(20), 42]) {
  try {
    await connect({ id, tableId: "t", secret: "s", relays: [], ice: [] });
    refusals.push(null);
  } catch (error) {
    refusals.push(error.message);
  }
}
console.log(
  JSON.stringify({
    count,
    wellFormed: [...hosts, ...guests].every(wellFormed),
    distinct: new Set([...hosts, ...guests]).size,
    hostsMarked: hosts.every(isHostId) && hosts.every((id) => id.startsWith(HOST_MARK)),
    guestsUnmarked: !guests.some(isHostId),
    hostAboveGuest: highestGuest < lowestHost,
    guestFirst: new Set(guests.map((id) => id[0])).size, // first characters seen: every one but HOST_MARK
    refusals,
  }),
);
