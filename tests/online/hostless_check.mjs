#!/usr/bin/env node
// What a guest's link says of a table without a host (static/online/session.mjs hostless(), tests/test_hostless.py):
// reads a JSON list of cases ({lostAt, started, found, successors, now}) on stdin, prints one JSON line: the
// answers in order, and the link's constants.
import fs from "node:fs";
import { hostless, NOBODY_MS, TAKEOVER_GRACE_MS } from "../../static/online/session.mjs";

const cases = JSON.parse(fs.readFileSync(0, "utf8"));
console.log(JSON.stringify({ grace: TAKEOVER_GRACE_MS, nobody: NOBODY_MS, answers: cases.map(hostless) }));
