"""The guest boundary (spades.table.guest), in CPython (pytest) and inside Pyodide (``node tests/pyodide/run.mjs``).

Plain functions with plain asserts.  Every message a real room sends passes the guest's check and comes back
equal (whole games with people, computers, spectators, chat, refusals, reconnects, votes, rated tables, the host's
reload); every viewer state a table makes passes too; hostile messages are refused with one line that names the
message type and the field; the worker's ``guest_check`` and ``guest_listings`` answer in the shapes the page uses.
"""

import json

from spades import Seat, worker
from spades.rules import Rules
from spades.table import Occupant, Policy, Table
from spades.table.guest import EVENT_FIELDS, SCHEMA, Guard, GuestError, check_host_message, check_listing
from spades.table.room import HOST, Room, RoomConfig

GUESTS = {"p-e": "E", "p-n": "N", "p-w": "W"}
ROOM_TYPES = {
    "welcome", "denied", "room", "state", "hand", "sheets", "chat", "refused", "vote", "ended", "fair", "blind",
}  # fmt: skip


class Checked:
    """Every message the room sends, as a guest receives it (JSON text, parsed), checked and kept by type."""

    def __init__(self):
        self.now = 1000.0
        self.types = {}
        self.events = set()
        self.last = {}

    def take(self, out):
        for peer, message in out:
            received = json.loads(json.dumps(message))
            checked = check_host_message(received)
            assert checked == received, (received["t"], _diff(received, checked))
            self.types[received["t"]] = self.types.get(received["t"], 0) + 1
            self.events.update(event["type"] for event in received.get("events", ()))
            self.last[(peer, received["t"])] = received
        return out

    def state(self, peer):
        return self.last[(peer, "state")]["state"]


def _diff(a, b, path=""):
    if isinstance(a, dict) and isinstance(b, dict):
        for key in a.keys() | b.keys():
            if a.get(key) != b.get(key):
                return _diff(a.get(key), b.get(key), path + "." + str(key))
    return path, a, b


def tokens():
    count = [0]

    def make():
        count[0] += 1
        return "token-" + str(count[0])

    return make


def seated_room(net, kind="casual", rules=None, **config):
    rules = Rules.from_dict(rules or {"preset": "windows", "target": 200})
    room = Room(rules, RoomConfig(kind, **config), "Host <b>", Seat.S, seed=7, token=tokens(), rating=1000)
    for peer, seat in GUESTS.items():
        net.take(room.receive(peer, {"t": "hello", "name": "Guest " + seat, "lang": "zh-Hans", "rating": 990}, net.now))
        net.take(room.receive(peer, {"t": "sit", "seat": seat}, net.now))
        net.take(room.receive(peer, {"t": "ready", "ready": True}, net.now))
    return room


def peer_of(seat):
    return HOST if seat == "S" else next(p for p, s in GUESTS.items() if s == seat)


def play(room, net, counters, moves):
    """Up to ``moves`` moves: each person's intent from their own peer (looking first when blind nil is open),
    a computer's by the host's step; the next hand dealt by the host; a finished hand asked for by a guest."""
    for _ in range(moves):
        table = room.table
        if room.ended or table.game.phase.value == "game-over":
            return
        seat = table.game.turn
        net.now += 50
        if seat is None:
            counters[HOST] = counters.get(HOST, 0) + 1
            net.take(room.receive(HOST, {"t": "intent", "n": counters[HOST], "intent": {"type": "next_hand"}}, net.now))
            net.take(room.receive("p-e", {"t": "hand", "number": table.game.hand_number}, net.now))
            continue
        claim = table.pending_claim()
        if claim is not None:  # a defender answers: the first claim of the game is played on, the others accepted
            defender = next(d for d in (claim[0].next, claim[0].next.partner) if d not in claim[1])
            peer = peer_of(defender.name)
            counters[peer] = counters.get(peer, 0) + 1
            accept = counters.setdefault("claims answered", 0) > 0
            counters["claims answered"] += 1
            sent(net, room, peer, counters[peer], {"type": "claim_answer", "accept": accept})
            continue
        if table.computer_to_move() is not None:
            net.take(room.step())
            continue
        peer = peer_of(seat.name)
        state = net.state(peer)
        tried = counters.setdefault("claims tried", set())
        if state["allowed"]["claim"] and len(state["hand"]) <= 3 and (table.seq, seat) not in tried:
            tried.add((table.seq, seat))  # once a position: a refused claim changes nothing
            intent = {"type": "claim"}
        elif not state["looked"]:
            intent = {"type": "look"}
        elif state["phase"] == "bidding":
            intent = {"type": "bid", "bid": 3 if 3 in state["legal_bids"] else state["legal_bids"][-1]}
        else:
            intent = {"type": "play", "card": next(h["card"] for h in state["hand"] if h["legal"])}
        counters[peer] = counters.get(peer, 0) + 1
        sent(net, room, peer, counters[peer], intent)


def sent(net, room, peer, n, intent):
    """A person's intent: refused perhaps (a beaten claim), never as a replay (the play would stall unnoticed)."""
    out = net.take(room.receive(peer, {"t": "intent", "n": n, "intent": intent}, net.now))
    assert not [m for p, m in out if p == peer and m.get("code") == "replayed_message"], (peer, n, intent)


def test_every_message_of_a_whole_casual_game_passes_and_comes_back_equal():
    net = Checked()
    room = seated_room(net)
    net.take(room.receive("watcher", {"t": "hello", "name": "Kim", "via": "lobby"}, net.now))
    net.take(room.receive("watcher", {"t": "watch", "seat": "E"}, net.now))
    net.take(room.receive("p-e", {"t": "prefs", "show_cards": True}, net.now))
    net.take(room.receive("fan", {"t": "hello", "name": "Lee"}, net.now))
    net.take(room.receive("fan", {"t": "watch"}, net.now))
    net.take(room.receive(HOST, {"t": "start"}, net.now))
    counters = {}
    play(room, net, counters, 30)
    # chat (markup is only text), a refusal, a seat handed to the computer and taken back
    net.take(room.receive("p-n", {"t": "chat", "text": '<img src=x onerror="alert(1)"> AS" data-x="1'}, net.now))
    net.take(room.receive("watcher", {"t": "chat", "text": "nice"}, net.now))
    net.take(room.receive("p-n", {"t": "sit", "seat": "E"}, net.now))
    net.take(room.receive("p-w", {"t": "computer", "on": True}, net.now))
    play(room, net, counters, 20)
    net.take(room.receive("p-w", {"t": "computer", "on": False}, net.now))
    # a dropped player: the computer takes over after the grace period, and the player comes back with the token
    token = room.members["p-n"].token
    net.take(room.disconnect("p-n", net.now))
    net.take(room.tick(net.now + 6000))
    play(room, net, counters, 10)
    net.take(room.receive("p-n2", {"t": "hello", "name": "Guest N", "token": token, "seq": 0}, net.now))
    GUESTS["p-n2"] = GUESTS.pop("p-n")
    counters["p-n2"] = counters.get("p-n", 0)  # the page's numbers go on across a reload (session.mjs: Date.now())
    try:
        net.take(room.receive("p-n2", {"t": "catch_up", "seq": 3}, net.now))
        play(room, net, counters, 5000)
    finally:
        GUESTS["p-n"] = GUESTS.pop("p-n2")
    assert room.table.game.phase.value == "game-over" and room.table.game.hand_number > 1
    scored = len(room.table.game.results)
    net.now += 1000
    net.take(room.receive("watcher", {"t": "sheets", "from": 1, "to": scored}, net.now))  # checked as it comes
    answer = net.last[("watcher", "sheets")]
    assert answer["from"] == 1 and len(answer["results"]) == len(answer["sheets"]) == answer["to"] >= 1
    assert {"welcome", "room", "state", "hand", "sheets", "chat", "refused"} <= set(net.types)
    assert set(EVENT_FIELDS) - {"reset"} <= net.events  # a room's tables allow no undo: no reset
    # a sheets answer from a modified host: too many hands, or a sheet that is not one, is refused
    for bad in (
        {**answer, "results": answer["results"] * 65},
        {**answer, "sheets": [{"teams": "<b>"}]},
        {**answer, "to": -1},
    ):
        line, error = _refused_line(json.loads(json.dumps(bad)))
        assert error["params"]["type"] == "sheets", line


def test_every_message_of_rated_tables_votes_endings_and_denials_passes_and_comes_back_equal():
    net = Checked()
    room = seated_room(net, "rated", rules={"preset": "standard"})
    net.take(room.receive(HOST, {"t": "start"}, net.now))  # hand 1 dealt host-blind (its devices: test_blindtable)
    assert room.blind is not None
    net.take(room.disconnect("p-w", net.now))
    net.take(room.tick(net.now + 1000))  # a vote opens
    token = room.members["p-w"].token
    for peer in ("p-e", "p-n", HOST):
        net.take(room.receive(peer, {"t": "vote", "wait": peer == "p-e"}, net.now))
    net.take(room.receive("p-w2", {"t": "hello", "name": "Guest W", "token": token}, net.now + 2000))
    net.take(room.disconnect("p-w2", net.now))
    net.take(room.tick(net.now + 9000))
    for peer in ("p-e", "p-n", HOST):
        net.take(room.receive(peer, {"t": "vote", "wait": False}, net.now))
    assert room.ended == "unscored"
    # a player leaves a rated game: it is lost
    net2 = Checked()
    room2 = seated_room(net2, "rated", rules={"preset": "standard"}, password="sesame")
    net2.take(room2.receive(HOST, {"t": "start"}, net2.now))
    net2.take(room2.receive("p-e", {"t": "leave"}, net2.now))
    net2.take(room2.receive("stranger", {"t": "hello", "name": "X"}, net2.now))  # denied: password
    room3 = Room(Rules(), RoomConfig(dnd=True), "Host", token=tokens())
    net2.take(room3.receive("lobby-peer", {"t": "hello", "name": "Y", "via": "lobby"}, net2.now))  # denied: dnd
    seen = set(net.types) | set(net2.types)
    assert {"welcome", "room", "state", "vote", "ended", "denied"} <= seen, seen


def test_the_hosts_reload_and_spectators_of_every_kind_pass():
    net = Checked()
    room = seated_room(net)
    net.take(room.receive(HOST, {"t": "start"}, net.now))
    play(room, net, {}, 8)
    loaded = Room.load(json.loads(json.dumps(room.save())), net.now, token=tokens())
    net.take([(HOST, loaded.summary()), *loaded._states(events=False)])
    for seat in "NESW":
        table_state = loaded.table.state("spectator:" + seat)
        net.take([("x", {"t": "state", "state": table_state, "events": [], "reset": True})])
    # the players come back with their tokens, a guest leaves, then the host leaves and closes the room
    for peer, seat in GUESTS.items():
        token = room.members[peer].token
        net.take(loaded.receive(peer, {"t": "hello", "name": "Guest " + seat, "token": token, "seq": 2}, net.now))
    net.take(loaded.receive("p-w", {"t": "leave"}, net.now))
    net.take(loaded.receive(HOST, {"t": "leave"}, net.now))
    assert net.last[("p-e", "room")]["seats"]["S"]["name"] is None


def test_every_viewer_state_and_event_a_table_makes_passes_undo_explanations_and_all_hands_included():
    net = Checked()
    seats = {Seat.S: Occupant("person", "standard", "Ann"), Seat.N: Occupant("peer", "expert", "Bo", away=True)}
    table = Table.new({"preset": "igame", "jokers": True}, seed=3, seats=seats, policy=Policy())
    since = 0
    undone = []
    for step in range(140):
        seat = table.game.turn
        if table.game.phase.value == "game-over":
            break
        if seat is None:
            table.act(Seat.S, {"type": "next_hand"})
        elif table.computer_to_move() is not None:
            table.step()
        elif not table.looked(seat):
            table.act(seat, {"type": "look"})
        else:
            state = table.state(seat.name)
            if state["phase"] == "bidding":
                table.act(seat, {"type": "bid", "bid": 3 if 3 in state["legal_bids"] else state["legal_bids"][-1]})
            else:
                table.act(seat, {"type": "play", "card": next(h["card"] for h in state["hand"] if h["legal"])})
            if step > 30 * len(undone) and len(undone) < 2 and table.can_undo(seat):
                undone.extend(table.act(seat, {"type": "undo"}))
        if step == 60:
            table.set_occupant(Seat.N, Occupant("peer", "expert", "Bo"))
        for viewer in ("N", "E", "S", "W", "spectator", "spectator:E", "spectator:all"):
            events = table.events_since(since, viewer, "zh-Hant")
            net.take([("x", {"t": "state", "state": table.state(viewer), "events": events, "reset": False})])
        since = table.seq
    assert {"reset", "look", "occupant"} <= net.events


def _refused_line(message):
    try:
        check_host_message(message)
    except GuestError as error:
        line = str(error)
        assert "\n" not in line and len(line) < 300, line
        return line, error.to_json()
    raise AssertionError(f"accepted: {message}")


def good_state():
    table = Table.new(seed=1, seats={Seat.S: Occupant("person")})
    return {"t": "state", "state": table.state("S"), "events": [], "reset": False}


def test_hostile_values_in_declared_fields_are_refused_naming_the_type_and_the_field():
    state = good_state()
    cases = [
        (["state", "hand", 0, "card"], 'AS" data-x="1'),
        (["state", "hand", 0, "card"], "as"),
        (["state", "seats", "N", "occupant"], '" data-kind="x'),
        (["state", "seats", "N", "name"], "x" * 100_000),
        (["state", "seats", "N", "name"], "two\nlines"),
        (["state", "turn"], "<b>"),
        (["state", "seq"], 10**30),
        (["state", "seq"], -1),
        (["state", "seq"], True),
        (["state", "seq"], 1.5),
        (["state", "looked"], 1),
        (["state", "legal_bids"], [14]),
        (["state", "legal_bids"], list(range(-1, 14)) * 2),
        (["state", "trick"], [[[[[[[[[[[]]]]]]]]]]]),
        (["state", "rules", "target"], -5),
        (["state", "rules", "nil"], 1),
        (["state", "bids", "N"], 0),
        (["state", "hands"], {"N": ["AS"] * 14, "E": [], "S": [], "W": []}),
    ]
    for path, value in cases:
        message = json.loads(json.dumps(state))
        holder = message
        for step in path[:-1]:
            holder = holder[step]
        holder[path[-1]] = value
        line, coded = _refused_line(message)
        assert coded["code"] == "host_message" and coded["params"]["type"] == "state", coded
        assert coded["params"]["field"][: len(path) - 1] == path[: len(path) - 1], (path, coded)
        assert "state message from the host" in line


def test_missing_fields_wrong_types_and_unknown_types_are_refused():
    state = good_state()
    del state["state"]["phase"]
    line, coded = _refused_line(state)
    assert line.startswith("missing state.phase in a state message") and coded["params"]["field"] == ["state", "phase"]
    for message in (None, [], "room", 3, {}, {"t": 3}, {"t": "<script>"}, {"t": "hello", "name": "x"}):
        line, coded = _refused_line(message)
        assert coded["code"] == "host_message_type", coded
    line, coded = _refused_line({"t": "chat", "id": 1, "from": "A", "peer": "p", "seat": None, "text": "hi"})
    assert coded["params"] == {"type": "chat", "field": "spectator"}
    line, coded = _refused_line({"t": "denied", "code": ["password"]})
    assert line == "bad code in a denied message from the host: a list of 1"
    line, coded = _refused_line(
        {"t": "refused", "error": "x", "n": None, "code": "seat_taken", "params": {"seat": "a\nb"}}
    )
    assert coded["params"]["field"] == ["params", "seat"]
    _refused_line({"t": "refused", "error": "x", "n": None, "code": "no_such_code", "params": {}})
    deep = {"problem": {"problem": {"problem": {"problem": {"problem": {"problem": {"problem": {"problem": 1}}}}}}}}
    _refused_line({"t": "refused", "error": "x", "n": None, "code": "at_field", "params": deep})


def test_unknown_fields_are_dropped_and_the_copy_is_new():
    state = good_state()
    state["html"] = "<b>"
    state["state"]["onclick"] = "alert(1)"
    state["state"]["hand"][0]["data-x"] = "1"
    checked = check_host_message(state)
    assert "html" not in checked and "onclick" not in checked["state"] and "data-x" not in checked["state"]["hand"][0]
    assert checked["state"]["hand"] is not state["state"]["hand"]
    refused = {"t": "refused", "error": "x", "n": 3, "code": "seat_taken", "params": {"seat": "N", "extra": "<i>"}}
    assert check_host_message(refused)["params"] == {"seat": "N"}


def test_the_guard_counts_what_it_drops_by_type():
    guard = Guard()
    assert guard.check({"t": "chat", "id": 1, "from": "A", "peer": "p", "seat": None, "spectator": False,
                        "text": "hi"})["text"] == "hi"  # fmt: skip
    assert guard.check({"t": "chat", "id": 0, "from": "A", "peer": "p", "seat": None, "spectator": False}) is None
    assert guard.check({"t": "denied", "code": "dnd", "x": 1}) == {"t": "denied", "code": "dnd"}
    assert guard.check({"t": "denied", "code": "<b>"}) is None
    assert guard.check({"t": "host_left"}) is None  # the guest's own link says that, never the host
    assert guard.dropped == {"chat": 1, "denied": 1, None: 1} and guard.total == 3
    assert guard.last_error == "a message from the host of unknown type 'host_left'"


def listing(**changes):
    base = {
        "t": "table",
        "secret": "a1b2c3d4e5f6a7b8c9d0",
        "pub": "B" + "x" * 86,
        "kind": "casual",
        "seats": {"N": "Ann", "E": "电脑", "S": None, "W": None},
        "preset": "standard",
        "watch": True,
        "password": False,
        "started": False,
        "ratings": {"N": 1000, "E": 1030, "S": None, "W": None},
    }
    base.update(changes)
    return base


def test_lobby_listings_are_checked_and_bad_ones_dropped():
    assert check_listing(listing()) == listing()
    assert check_listing({**listing(), "html": "<b>"}) == listing()
    assert check_listing(listing(blind=True)) == listing(blind=True)  # host-blind deals (optional)
    bad = [
        listing(secret='abc" onclick="x'),
        listing(secret="short"),
        listing(pub="has space" * 10),
        listing(kind="<b>"),
        listing(seats={"N": "x" * 25, "E": None, "S": None, "W": None}),
        listing(seats={"N": None, "E": None, "S": None}),
        listing(preset="nope"),
        listing(watch="yes"),
        listing(blind="yes"),
        listing(ratings={"N": -1, "E": None, "S": None, "W": None}),
        listing(t="room"),
        "table",
        None,
    ]
    for item in bad:
        try:
            check_listing(item)
        except GuestError as error:
            assert error.code == "lobby_listing" and "\n" not in str(error)
        else:
            raise AssertionError(f"accepted {item}")
    answer = json.loads(worker.handle("guest_listings", json.dumps({"tables": [listing(), *bad, listing()]})))
    assert answer == {"tables": [listing(), listing()], "dropped": len(bad)}
    answer = json.loads(worker.handle("guest_listings", json.dumps({"tables": "x"})))
    assert answer["code"] == "lobby_listing"


def test_the_worker_answers_guest_check_in_the_pages_shapes():
    state = good_state()
    answer = json.loads(worker.handle("guest_check", json.dumps({"message": state})))
    assert answer == {"ok": True, "message": state}
    before = json.loads(worker.handle("guest_check", json.dumps({"message": {"t": "denied"}})))
    assert before["ok"] is False and before["type"] == "denied" and before["error"].startswith("missing code")
    after = json.loads(worker.handle("guest_check", json.dumps({"message": [1, 2]})))
    assert after == {
        "ok": False,
        "error": "a message from the host must be an object, got a list of 2",
        "type": None,
        "dropped": before["dropped"] + 1,
        "kind": "GuestError",
        "code": "host_message_type",
        "params": {"value": "a list of 2"},
    }
    for depth in (65, 2000, 20_000, 200_000):  # Pyodide's own parser dies near 7000: refused before parsing
        nested = "[" * depth + "]" * depth
        for op in ("guest_check", "room_receive"):
            answer = json.loads(worker.handle(op, '{"message": ' + nested + "}"))
            assert answer["code"] == "args_too_deep", (op, depth)
    brackets = '{"message": {"t": "chat", "text": "' + "[{" * 20_000 + '"}}'  # inside a string they do not count
    assert json.loads(worker.handle("guest_check", brackets))["code"] != "args_too_deep"
    answer = json.loads(worker.handle("guest_check", json.dumps({"message": {"t": "chat", "text": "x" * 100_000}})))
    assert answer["ok"] is False and len(answer["error"]) < 300


def test_the_schema_declares_every_message_a_host_sends():
    assert set(SCHEMA) == ROOM_TYPES
