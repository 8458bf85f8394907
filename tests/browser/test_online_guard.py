"""A modified host cannot put markup into a guest's page (the guest boundary, docs/online.md).

The host's page is served a modified ``static/online/link.mjs`` (the last code every message to a guest passes
through) that rewrites some of its outgoing messages: markup in a computer seat's occupant kind, in a chat line's
id and in a card of the guest's hand, and a message of a type no host sends.  The guest must create no element
and no attribute from any of them (a MutationObserver watches the whole document from the end of parsing, before
any of the page's own code has drawn anything), drop and count each such message (``data-dropped`` on the
online strip), and play the hand on.
"""

from __future__ import annotations

from pathlib import Path
from urllib.parse import quote

from tests.browser.test_online_play import PACE, START, play_until_over, sit_ready

ROOT = Path(__file__).resolve().parents[2]

TAMPER = """
let tampered = { room: 0, state: 0, chat: 0, evil: 0 };
globalThis.__tampered = tampered;
const tamper = (message) => {
  const m = JSON.parse(JSON.stringify(message));
  if (m.t === "room" && m.seats && (tampered.room += 1) % 2 === 1) {
    for (const seat of Object.values(m.seats)) {
      if (seat && seat.occupant === "computer") seat.occupant = 'computer" data-inj="1';
      if (seat && seat.occupant === "empty") seat.occupant = 'empty"><inj-x data-inj="1"></inj-x><b x="';
    }
  }
  if (m.t === "chat") { tampered.chat += 1; m.id = '1"><inj-x data-inj="1"></inj-x><li data-inj="'; }
  if (m.t === "state" && m.state && Array.isArray(m.state.hand) && m.state.hand.length
      && (tampered.state += 1) % 2 === 0) {
    m.state.hand[0].card = 'AS" data-inj="1';
  }
  return m;
};
"""

# Everything the page adds to the document once it is parsed: elements and attributes that came from data.
WATCH = """
window.__injected = [];
const bad = (name) => name === 'data-inj' || name.startsWith('on') || name.includes('"') || name.includes("'");
const watch = new MutationObserver((records) => {
  for (const record of records) {
    if (record.type === 'attributes') {
      if (bad(record.attributeName)) window.__injected.push(record.target.localName + ' ' + record.attributeName);
      continue;
    }
    for (const node of record.addedNodes) {
      if (node.nodeType !== 1) continue;
      for (const el of [node, ...node.querySelectorAll('*')]) {
        if (el.localName === 'inj-x' || el.localName === 'script') window.__injected.push(el.outerHTML.slice(0, 200));
        for (const attr of el.attributes) if (bad(attr.name)) window.__injected.push(el.localName + ' ' + attr.name);
      }
    }
  }
});
// from the end of parsing: the page's own static elements are not data
document.addEventListener('DOMContentLoaded', () => {
  watch.observe(document, { subtree: true, childList: true, attributes: true });
});
"""


def modified_link() -> str:
    source = (ROOT / "static" / "online" / "link.mjs").read_text(encoding="utf-8")
    hook = "    send(message) {\n"
    assert source.count(hook) == 1, "link.mjs changed: update the modified host of this test"
    extra = "      if (tampered.room === 3) { tampered.evil += 1; put({ t: 'evil', x: '<inj-x data-inj=1>' }); }\n"
    return TAMPER + source.replace(hook, hook + "      message = tamper(message);\n" + extra)


def visit(make_page, url: str, patched: str | None = None, init_script: str | None = None):
    page = make_page()
    if patched is not None:
        page.context.route(
            "**/static/online/link.mjs",
            lambda route: route.fulfill(status=200, body=patched, headers={"content-type": "text/javascript"}),
        )
    if init_script is not None:
        page.add_init_script(init_script)
    page.goto(url)
    return page


def test_a_modified_host_cannot_inject_markup_and_the_guest_drops_counts_and_plays_on(
    make_page, server, tracker
) -> None:
    common = f"lang=en&speed=instant&{PACE}relay={quote(tracker)}&ice=none&loopback=1"
    host = visit(make_page, f"{server}/?fresh=1&{common}&name=Ann", patched=modified_link())
    host.wait_for_function("() => ['bidding', 'playing'].includes(document.body.dataset.phase)", timeout=START)
    host.click('[data-action="menu"]')
    host.click('[data-action="online"]')
    host.click('[data-action="create-table"]')
    host.wait_for_selector("[data-invite]", timeout=START)
    link = host.input_value("[data-invite]")
    guest = visit(make_page, f"{server}/?{common}&name=Bo{link[link.index('#') :]}", init_script=WATCH)
    guest.wait_for_selector("[data-lobby]", timeout=START)
    sit_ready(guest, "N")  # the rooms it sends are rewritten too: every other one dropped and asked for again
    for seat in "EW":
        host.select_option(f'select[name="level"][data-seat="{seat}"]', "beginner")
    host.wait_for_function(
        "() => document.querySelectorAll('#dlg-online tr[data-kind=\"person\"]').length === 2"
        " && [...document.querySelectorAll('#dlg-online tr[data-kind=\"person\"]')].every((r) =>"
        " !r.textContent.includes('Not ready')) && !document.querySelector('#dlg-online [data-kind=\"empty\"]')",
        timeout=START,
    )
    host.click('[data-action="start"]')
    for page in (host, guest):
        page.wait_for_function(
            "() => !document.querySelector('#dlg-online[open]') && document.querySelector('#online-bar')",
            timeout=START,
        )
    assert guest.evaluate("() => window.__injected") == []  # the room window was drawn from rewritten rooms too
    # the host chats: its line reaches the guest with markup in its id
    host.click('[data-action="online-panel"]')
    host.fill("#chat-form input", "hello <b>table</b>")
    host.press("#chat-form input", "Enter")
    play_until_over([host, guest])
    tampered = host.evaluate("() => globalThis.__tampered")
    assert tampered["chat"] >= 1 and tampered["state"] >= 2 and tampered["room"] >= 3 and tampered["evil"] >= 1
    assert guest.evaluate("() => window.__injected") == []
    # every rewritten message was dropped and counted; the good ones were shown and the hand was played out
    rewritten = tampered["chat"] + tampered["state"] // 2 + (tampered["room"] + 1) // 2 + tampered["evil"]
    guest.wait_for_function(
        "n => Number(document.querySelector('#online-bar')?.dataset.dropped || 0) >= n", arg=rewritten, timeout=START
    )
    assert guest.get_attribute("body", "data-phase") in ("hand-over", "game-over")
    assert guest.query_selector("#chat-log li") is None  # the only chat line came with a bad id
