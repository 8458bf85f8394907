"""The online room the host runs, in CPython (pytest) and inside Pyodide (``node tests/pyodide/run.mjs``).

Plain functions with plain asserts: seats and the start, a whole hand with people at all four seats where
each peer receives only its own cards, spectators, do-not-disturb, passwords, chat, replays and floods,
dropped players (casual takeover, rated vote), the host's reload and catching up by sequence number.
"""

import json

from spades import Seat
from spades.cards import CARD_NAMES, mask_cards
from spades.rules import Rules
from spades.table.room import CATCH_UP_EVENTS, HOST, RTT_STEP, Room, RoomConfig, light

GUESTS = {"p-e": "E", "p-n": "N", "p-w": "W"}


class Net:
    """Every message each peer received, as JSON text (the transport's view)."""

    def __init__(self):
        self.log = {}
        self.now = 1000.0

    def take(self, out):
        for peer, message in out:
            self.log.setdefault(peer, []).append(json.dumps(message))
        return out

    def last(self, peer, kind):
        for text in reversed(self.log.get(peer, [])):
            message = json.loads(text)
            if message["t"] == kind:
                return message
        return None


def scored_results(room, net, peer, count):
    """The results of hands 1 to ``count`` as ``peer`` gets them: ``sheets`` messages, each answering from where
    the last one stopped (a state carries only the last scored hand's)."""
    results = []
    while len(results) < count:
        net.take(room.receive(peer, {"t": "sheets", "from": len(results) + 1, "to": count}, net.now))
        answer = net.last(peer, "sheets")
        assert answer["from"] == len(results) + 1 and answer["to"] >= answer["from"]
        assert len(answer["results"]) == len(answer["sheets"]) == answer["to"] - answer["from"] + 1
        results += answer["results"]
    return results


def tokens():
    count = [0]

    def make():
        count[0] += 1
        return "token-" + str(count[0])

    return make


def room_with_four(kind="casual", **config):
    net = Net()
    room = Room(
        Rules.from_dict({"preset": "standard"}), RoomConfig(kind, **config), "Host", Seat.S, seed=5, token=tokens()
    )
    for peer, seat in GUESTS.items():
        net.take(room.receive(peer, {"t": "hello", "name": "Guest " + seat, "lang": "en"}, net.now))
        net.take(room.receive(peer, {"t": "sit", "seat": seat}, net.now))
        net.take(room.receive(peer, {"t": "ready", "ready": True}, net.now))
    net.take(room.receive(HOST, {"t": "start"}, net.now))
    return room, net


def peer_of(seat):
    return HOST if seat == "S" else next(p for p, s in GUESTS.items() if s == seat)


def play_one_move(room, net, counters):
    """The seat to act sends its intent (bid 2, or its first legal card) from its own peer."""
    table = room.table
    seat = table.game.turn
    peer = peer_of(seat.name)
    state = net.last(peer, "state")["state"]
    assert state["turn"] == seat.name and state["me"] == seat.name
    if state["phase"] == "bidding":
        intent = {"type": "bid", "bid": 2 if 2 in state["legal_bids"] else state["legal_bids"][-1]}
    else:
        intent = {"type": "play", "card": next(h["card"] for h in state["hand"] if h["legal"])}
    counters[peer] = counters.get(peer, 0) + 1
    net.now += 50
    return net.take(room.receive(peer, {"t": "intent", "n": counters[peer], "intent": intent}, net.now))


def test_people_at_all_four_seats_play_a_hand_and_no_peer_sees_another_hand():
    room, net = room_with_four()
    summary = net.last("p-e", "room")
    assert summary["started"] and [summary["seats"][s]["occupant"] for s in "NESW"] == ["person"] * 4
    assert summary["seats"]["S"]["host"] and summary["seats"]["E"]["name"] == "Guest E"
    deal = {seat: {CARD_NAMES[c] for c in room.table.game.hand(seat)} for seat in Seat}
    counters = {}
    while room.table.game.phase.value in ("bidding", "playing"):
        before = room.table.seq
        out = play_one_move(room, net, counters)
        assert room.table.seq > before and {peer for peer, _ in out} == {HOST, *GUESTS}
    assert room.table.game.phase.value in ("hand-over", "game-over")
    # At the transport: a peer's messages name no card of another seat before that card was played.
    played_at = {}
    for i, text in enumerate(net.log["p-e"]):
        for card in json.loads(text).get("state", {}).get("trick", []):
            played_at.setdefault(card["card"], i)
    for peer, seat in [*GUESTS.items(), (HOST, "S")]:
        hidden = set().union(*(deal[s] for s in Seat if s.name != seat))
        for text in net.log[peer]:
            message = json.loads(text)
            if message["t"] != "state":
                continue
            shown = {h["card"] for h in message["state"]["hand"]}
            assert not shown & hidden, (peer, shown & hidden)
            assert message["state"]["hands"] is None


def test_anyone_in_the_room_may_replay_a_finished_hand_never_the_one_in_progress():
    room, net = room_with_four()
    refused = room.receive("p-e", {"t": "hand", "number": 1}, net.now)
    assert refused[0][1]["t"] == "refused" and "hand 1 is not over" in refused[0][1]["error"]
    counters = {}
    while room.table.game.phase.value in ("bidding", "playing"):
        play_one_move(room, net, counters)
    net.take(room.receive("p-x", {"t": "hello", "name": "Watcher", "lang": "en"}, net.now))
    for peer in ("p-x", "p-e", HOST):
        out = room.receive(peer, {"t": "hand", "number": 1}, net.now)
        assert [(to, message["t"]) for to, message in out] == [(peer, "hand")]
        hand = out[0][1]["hand"]
        assert hand["number"] == 1 and len(hand["tricks"]) == 13 and hand["result"]["number"] == 1
        assert {CARD_NAMES[c] for c in mask_cards(room.table.game.history[0].deal[Seat.N])} == set(hand["deal"]["N"])
    net.take(room.receive(HOST, {"t": "intent", "n": 99, "intent": {"type": "next_hand"}}, net.now))
    refused = room.receive("p-x", {"t": "hand", "number": 2}, net.now)
    assert refused[0][1]["t"] == "refused" and "hand 2 is not over" in refused[0][1]["error"]
    assert room.receive("p-x", {"t": "hand", "number": "1"}, net.now) == []  # malformed: dropped


def test_a_peer_acts_only_for_its_own_seat_and_replays_are_refused():
    room, net = room_with_four()
    assert room.table.game.turn is Seat.N
    before = room.table.save()
    # East tries to bid for North (not its turn), a forged "seat" key, and the host-only start.
    out = net.take(room.receive("p-e", {"t": "intent", "n": 1, "intent": {"type": "bid", "bid": 3}}, net.now))
    assert out[0][1]["t"] == "refused" and "E cannot bid 3: it is N's turn" in out[0][1]["error"]
    assert room.receive("p-e", {"t": "intent", "n": 2, "seat": "N", "intent": {"type": "bid", "bid": 3}}, net.now) == []
    assert room.receive("p-e", {"t": "start"}, net.now) == []
    assert room.receive("p-e", {"t": "fill", "seat": "N", "level": "expert"}, net.now) == []
    assert room.table.save() == before and room.dropped_messages == 3
    net.take(room.receive("p-n", {"t": "intent", "n": 5, "intent": {"type": "bid", "bid": 3}}, net.now))
    assert room.table.game.bids[Seat.N] == 3
    replay = room.receive("p-n", {"t": "intent", "n": 5, "intent": {"type": "bid", "bid": 3}}, net.now)
    assert replay[0][1]["t"] == "refused" and "replayed" in replay[0][1]["error"]


def test_malformed_oversized_and_flooding_messages_are_dropped_and_counted():
    room, net = room_with_four()
    before = room.table.save()
    bad = [
        None,
        [],
        "hello",
        {"t": 5},
        {"t": "dance"},
        {"t": "chat"},
        {"t": "chat", "text": 5},
        {"t": "ready", "ready": "yes"},
        {"t": "chat", "text": "x" * 5000},
        {"t": "sit", "seat": "Q"},
        {"t": "intent", "n": -1, "intent": {}},
        {"t": "intent", "n": True, "intent": {}},
    ]
    for message in bad:
        assert room.receive("p-w", message, net.now) == []
    assert room.dropped_messages == len(bad)
    answered = sum(bool(room.receive("p-w", {"t": "catch_up", "seq": 0}, net.now + 1)) for _ in range(100))
    assert answered < 30 and room.dropped_messages > len(bad) + 60
    assert room.receive("stranger", {"t": "intent", "n": 1, "intent": {"type": "look"}}, net.now) == []
    assert room.table.save() == before


def test_spectators_see_cards_only_with_permission_and_do_not_disturb_refuses_them():
    room, net = room_with_four()
    net.take(room.receive("watcher", {"t": "hello", "name": "Kim", "via": "lobby"}, net.now))
    net.take(room.receive("watcher", {"t": "watch", "seat": "E"}, net.now))
    state = net.last("watcher", "state")["state"]
    assert state["me"] is None and state["hand"] == [] and state["watching"] is None
    net.take(room.receive("p-e", {"t": "prefs", "show_cards": True}, net.now))
    state = net.last("watcher", "state")["state"]
    assert state["watching"] == "E" and len(state["hand"]) == 13
    assert {h["card"] for h in state["hand"]} == {CARD_NAMES[c] for c in room.table.game.hand(Seat.E)}
    net.take(room.receive("p-e", {"t": "prefs", "spectators": False}, net.now))
    assert net.last("watcher", "state")["state"]["hand"] == []
    out = room.receive("watcher", {"t": "watch", "seat": "E"}, net.now)
    assert out[0][1]["t"] == "refused" and "does not allow spectators" in out[0][1]["error"]
    net.take(room.receive(HOST, {"t": "dnd", "on": True}, net.now))
    assert net.last("watcher", "denied")["code"] == "dnd" and "watcher" not in room.members
    assert room.receive("late", {"t": "hello", "name": "Lee", "via": "lobby"}, net.now)[0][1] == {
        "t": "denied",
        "code": "dnd",
    }
    assert room.receive("friend", {"t": "hello", "name": "Max", "via": "invite"}, net.now)[0][1]["t"] == "welcome"


def test_a_password_keeps_strangers_out():
    room = Room(Rules(), RoomConfig(password="open sesame"), "Host")
    assert room.receive("p", {"t": "hello", "name": "A"}, 0)[0][1] == {"t": "denied", "code": "password"}
    assert room.receive("p", {"t": "hello", "name": "A", "password": "nope"}, 0)[0][1]["code"] == "password"
    assert "p" not in room.members
    assert room.receive("p", {"t": "hello", "name": "A", "password": "open sesame"}, 0)[0][1]["t"] == "welcome"


def test_chat_is_text_length_limited_and_rate_limited():
    room, net = room_with_four()
    out = net.take(room.receive("p-e", {"t": "chat", "text": "<img src=x onerror=alert(1)>\n" + "a" * 400}, net.now))
    line = out[0][1]
    assert line["t"] == "chat" and line["from"] == "Guest E" and line["seat"] == "E"
    assert line["text"].startswith("<img src=x onerror=alert(1)> a") and len(line["text"]) == 200
    assert {peer for peer, _ in out} == {HOST, *GUESTS}
    refused = [room.receive("p-e", {"t": "chat", "text": "hi"}, net.now)[0][1]["t"] for _ in range(6)]
    assert refused.count("refused") >= 2


def test_casual_table_a_computer_takes_a_dropped_seat_and_the_player_gets_it_back():
    room, net = room_with_four(grace_ms=3000)
    token = net.last("p-n", "welcome")["you"]["token"]
    net.take(room.disconnect("p-n", net.now))
    assert net.last("p-e", "room")["seats"]["N"]["occupant"] == "away"
    assert room.tick(net.now + 1000) == [] and room.step() == []
    net.take(room.tick(net.now + 3000))
    assert room.table.seats[Seat.N].away and room.table.computer_to_move() is Seat.N
    net.take(room.step())
    assert room.table.game.bids[Seat.N] is not None
    seq = room.table.seq
    out = net.take(room.receive("p-n2", {"t": "hello", "name": "Guest N", "token": token, "seq": 0}, net.now + 4000))
    assert out[0] == (
        "p-n2",
        {"t": "welcome", "you": {"seat": "N", "token": token, "spectator": False, "name": "Guest N"}},
    )
    assert not room.table.seats[Seat.N].away and "p-n" not in room.members
    state = net.last("p-n2", "state")  # seq 0 after the start: the current state, not the history
    assert state["state"]["me"] == "N" and state["events"] == [] and state["reset"] is True
    assert state["state"]["seq"] == room.table.seq >= seq


def test_before_the_start_a_dropped_player_keeps_the_seat_for_a_while_and_gets_it_back():
    from spades.table.room import SEAT_HOLD_MS

    net = Net()
    room = Room(Rules.from_dict({"preset": "standard"}), RoomConfig("casual"), "Host", Seat.S, seed=5, token=tokens())
    for peer, seat in GUESTS.items():
        net.take(room.receive(peer, {"t": "hello", "name": "Guest " + seat, "lang": "en"}, net.now))
        net.take(room.receive(peer, {"t": "sit", "seat": seat}, net.now))
        net.take(room.receive(peer, {"t": "ready", "ready": True}, net.now))
    token = net.last("p-n", "welcome")["you"]["token"]
    net.take(room.disconnect("p-n", net.now))
    assert net.last("p-e", "room")["seats"]["N"]["occupant"] == "away"
    refused = net.take(room.receive(HOST, {"t": "start"}, net.now))[0][1]
    assert refused["t"] == "refused" and refused["code"] == "player_away" and refused["params"] == {"name": "Guest N"}
    assert room.receive("p-e", {"t": "sit", "seat": "N"}, net.now)[0][1]["code"] == "seat_taken"
    assert room.tick(net.now + SEAT_HOLD_MS - 1) == []
    out = net.take(room.receive("p-n", {"t": "hello", "name": "Guest N", "token": token}, net.now + 5000))
    assert out[0][1]["you"]["seat"] == "N" and net.last("p-e", "room")["seats"]["N"]["occupant"] == "person"
    net.take(room.receive("p-n", {"t": "ready", "ready": True}, net.now))
    net.take(room.receive(HOST, {"t": "start"}, net.now))
    assert room.table is not None and room.table.seats[Seat.N].kind == "peer"


def test_before_the_start_a_seat_held_too_long_is_freed():
    from spades.table.room import SEAT_HOLD_MS

    net = Net()
    room = Room(Rules.from_dict({"preset": "standard"}), RoomConfig("casual"), "Host", Seat.S, seed=5, token=tokens())
    net.take(room.receive("p-n", {"t": "hello", "name": "Bo", "lang": "en"}, net.now))
    net.take(room.receive("p-n", {"t": "sit", "seat": "N"}, net.now))
    net.take(room.disconnect("p-n", net.now))
    out = net.take(room.tick(net.now + SEAT_HOLD_MS))
    assert out and net.last(HOST, "room")["seats"]["N"]["occupant"] == "empty" and "p-n" not in room.members
    net.take(room.receive("p-e", {"t": "hello", "name": "Cy", "lang": "en"}, net.now))
    assert net.take(room.receive("p-e", {"t": "sit", "seat": "N"}, net.now))[0][1]["you"]["seat"] == "N"


def test_anyone_may_hand_the_seat_to_the_computer_and_take_it_back():
    room, net = room_with_four()
    net.take(room.receive("p-n", {"t": "computer", "on": True}, net.now))
    assert room.table.computer_to_move() is Seat.N
    net.take(room.step())
    net.take(room.receive("p-n", {"t": "computer", "on": False}, net.now))
    assert not room.table.seats[Seat.N].away


def test_rated_table_a_drop_opens_a_vote_and_not_waiting_ends_the_game_unscored():
    room, net = room_with_four("rated", grace_ms=1000)
    out = room.receive("p-n", {"t": "computer", "on": True}, net.now)
    assert out[0][1]["t"] == "refused"
    net.take(room.disconnect("p-w", net.now))
    net.take(room.tick(net.now + 1000))
    vote = net.last("p-e", "vote")
    assert vote["seat"] == "W" and set(vote["votes"]) == {"N", "E", "S"}
    assert room.table is None and room.blind is not None  # hand 1, dealt host-blind: no computer plays W
    for peer in ("p-n", "p-e"):
        net.take(room.receive(peer, {"t": "vote", "wait": False}, net.now))
    assert room.ended is None
    net.take(room.receive(HOST, {"t": "vote", "wait": False}, net.now))
    assert room.ended == "unscored" and room.disconnects == {"Guest W": 1}
    assert net.last("p-e", "ended") == {"t": "ended", "reason": "unscored", "disconnected": "Guest W"}


def test_rated_table_waiting_lets_the_player_return_without_penalty():
    room, net = room_with_four("rated", grace_ms=1000)
    token = net.last("p-w", "welcome")["you"]["token"]
    net.take(room.disconnect("p-w", net.now))
    net.take(room.tick(net.now + 1000))
    for peer in ("p-n", "p-e", HOST):
        net.take(room.receive(peer, {"t": "vote", "wait": peer == "p-e"}, net.now))
    assert net.last("p-n", "vote")["result"] == "wait" and room.vote is None and room.ended is None
    assert room.tick(net.now + 5000) == []  # no second vote for the same drop
    net.take(room.receive("p-w2", {"t": "hello", "name": "W", "token": token}, net.now + 6000))
    assert room.members["p-w2"].seat is Seat.W and room.disconnects == {}


def test_leaving_a_rated_game_loses_it():
    room, net = room_with_four("rated")
    net.take(room.receive("p-e", {"t": "leave"}, net.now))
    assert room.ended == "left" and net.last("p-n", "ended")["loser"] == "EW"


def test_the_host_reloads_and_guests_come_back_with_their_tokens():
    room, net = room_with_four()
    counters = {}
    for _ in range(9):
        play_one_move(room, net, counters)
    tokens_by_peer = {peer: net.last(peer, "welcome")["you"]["token"] for peer in GUESTS}
    saved = json.loads(json.dumps(room.save()))
    again = Room.load(saved, now=net.now)
    assert again.table.state("S") == room.table.state("S")
    assert all(not again.members[p].connected for p in GUESTS)
    for peer, token in tokens_by_peer.items():
        out = net.take(
            again.receive(peer + "-again", {"t": "hello", "name": "x", "token": token, "seq": room.table.seq}, net.now)
        )
        assert out[0][1]["you"]["seat"] == GUESTS[peer]
    state = net.last("p-e-again", "state")
    assert state["events"] == [] and state["state"]["seq"] == room.table.seq
    assert (
        again.receive("p-n-again", {"t": "intent", "n": counters.get("p-n", 0), "intent": {"type": "look"}}, net.now)[
            0
        ][1]["t"]
        == "refused"
    )  # the counter survived the reload: a replay


def test_catch_up_by_sequence_number():
    room, net = room_with_four()
    counters = {}
    for _ in range(6):
        play_one_move(room, net, counters)
    out = room.receive("p-e", {"t": "catch_up", "seq": 2}, net.now + 10)
    assert [m["t"] for _, m in out] == ["room", "state"]  # the room again too: the page may have dropped one
    events = out[1][1]["events"]
    assert [e["seq"] for e in events] == list(range(3, room.table.seq + 1))


def test_a_page_that_dropped_a_room_message_gets_it_again_by_catching_up():
    room = Room(Rules(), RoomConfig(), "Host", Seat.S, token=tokens())
    first = [m for peer, m in room.receive("a", {"t": "hello", "name": "A"}, 0) if peer == "a"]
    assert [m["t"] for m in first] == ["welcome", "room"]
    again = room.receive("a", {"t": "catch_up", "seq": 0}, 1)  # before the start: the room alone, to "a" alone
    assert again == [("a", first[1])]
    assert room.receive("a", {"t": "ready", "ready": False}, 2)[0][1]["t"] == "refused"


def test_seats_before_the_start():
    room = Room(Rules(), RoomConfig(), "Host", Seat.S, token=tokens())
    room.receive("a", {"t": "hello", "name": "A"}, 0)
    room.receive("b", {"t": "hello", "name": "B"}, 0)
    assert room.receive("a", {"t": "sit", "seat": "N"}, 0)[0][1]["you"]["seat"] == "N"
    assert room.receive("b", {"t": "sit", "seat": "N"}, 0)[0][1]["t"] == "refused"
    assert room.receive("b", {"t": "sit", "seat": "S"}, 0)[0][1]["t"] == "refused"  # the host's
    room.receive(HOST, {"t": "fill", "seat": "E", "level": "expert"}, 0)
    assert room.receive(HOST, {"t": "start"}, 0)[0][1]["error"].startswith("A is not ready")
    room.receive("a", {"t": "ready", "ready": True}, 0)
    assert "seat W is empty" in room.receive(HOST, {"t": "start"}, 0)[0][1]["error"]
    room.receive(HOST, {"t": "move", "from": "N", "to": "W"}, 0)  # partners choose each other by seat
    assert room.player_at(Seat.W).name == "A" and room.player_at(Seat.N) is None
    room.receive(HOST, {"t": "fill", "seat": "N", "level": "beginner"}, 0)
    room.receive(HOST, {"t": "start"}, 0)
    assert room.table is not None and room.table.seats[Seat.E].level == "expert"
    assert room.table.seats[Seat.W].kind == "peer" and room.table.policy.undo is False
    assert room.receive("b", {"t": "sit", "seat": "N"}, 0)[0][1]["error"].startswith("the game has started")


def test_lights():
    assert [light(x) for x in (None, 0, 1999, 2000, 4000, 4001)] == [None, "green", "green", "yellow", "yellow", "red"]
    room, net = room_with_four()
    net.take(room.set_rtt("p-e", 2500))
    seats = net.last("p-n", "room")["seats"]
    assert seats["E"]["rtt"] == 2000 and seats["E"]["light"] == "yellow" and seats["S"]["light"] == "green"
    assert room.set_rtt("p-e", 2900) == []  # the same second, the same light: nothing new to say


def test_a_player_back_with_the_same_peer_id_after_the_host_reloaded():
    """A guest page keeps its peer id when only the host reloads: its hello with the seat token is taken."""
    room, net = room_with_four()
    token = net.last("p-e", "welcome")["you"]["token"]
    again = Room.load(json.loads(json.dumps(room.save())), now=net.now)
    assert again.receive("p-e", {"t": "hello", "name": "E", "token": "wrong"}, net.now) == []  # not its token
    out = again.receive("p-e", {"t": "hello", "name": "E", "token": token}, net.now)
    assert out[0] == (
        "p-e",
        {"t": "welcome", "you": {"seat": "E", "token": token, "spectator": False, "name": "Guest E"}},
    )
    assert again.members["p-e"].connected
    assert again.receive("p-e", {"t": "hello", "name": "E", "token": token}, net.now) == []  # a second hello: dropped


def test_a_rated_table_shows_ratings_and_fixes_them_at_the_start():
    net = Net()
    announced = {"S": 1100, "N": 1040, "E": 980, "W": 1000}
    room = Room(
        Rules.from_dict({"preset": "short", "target": 120}),
        RoomConfig("rated"),
        "Host",
        Seat.S,
        seed=9,
        token=tokens(),
        rating=1100,
    )
    for peer, seat in GUESTS.items():
        hello = {"t": "hello", "name": "Guest " + seat, "lang": "en", "rating": announced[seat], "disconnects": 2}
        net.take(room.receive(peer, hello, net.now))
        net.take(room.receive(peer, {"t": "sit", "seat": seat}, net.now))
        net.take(room.receive(peer, {"t": "ready", "ready": True}, net.now))
    lobby = net.last("p-e", "room")
    assert {s: lobby["seats"][s]["rating"] for s in "NESW"} == announced and lobby["ratings"] is None
    assert lobby["seats"]["N"]["disconnects"] == 2 and lobby["seats"]["S"]["disconnects"] == 0
    bad = room.receive("p-x", {"t": "hello", "name": "X", "rating": -5}, net.now)
    assert bad == [] and "p-x" not in room.members  # a rating out of range: the hello is dropped
    net.take(room.receive(HOST, {"t": "start"}, net.now))
    # the ratings are fixed at the start, for every peer's update at the end (tests/test_blindtable.py plays a
    # rated game to its end: a rated table is dealt host-blind, and every peer computes the same update)
    assert net.last("p-e", "room")["ratings"] == announced and room.blind is not None
    saved = Room.load(json.loads(json.dumps(room.save())), net.now)
    assert saved.ratings == announced and saved.members["p-n"].rating == 1040


def shown_to(net, peer):
    """The cards of the last state ``peer`` received, and whom it watched."""
    state = net.last(peer, "state")["state"]
    return {h["card"] for h in state["hand"]}, state["watching"]


def test_a_spectator_sees_a_seats_cards_only_while_the_person_sitting_there_allows_it():
    room, net = room_with_four(grace_ms=1000)
    west = {CARD_NAMES[c] for c in room.table.game.hand(Seat.W)}
    token = net.last("p-w", "welcome")["you"]["token"]
    net.take(room.receive("watcher", {"t": "hello", "name": "Kim"}, net.now))
    net.take(room.receive("watcher", {"t": "watch", "seat": "W"}, net.now))
    net.take(room.receive("p-w", {"t": "prefs", "show_cards": True}, net.now))
    assert shown_to(net, "watcher") == (west, "W") and net.last("watcher", "room")["seats"]["W"]["show_cards"]
    net.take(room.disconnect("p-w", net.now))  # dropped, then played by the computer: nobody there allows it
    net.take(room.tick(net.now + 1000))
    assert room.table.seats[Seat.W].away and shown_to(net, "watcher") == (set(), None)
    assert net.last("watcher", "room")["seats"]["W"]["show_cards"] is False
    net.take(room.receive("p-w2", {"t": "hello", "name": "W", "token": token}, net.now + 2000))
    assert shown_to(net, "watcher") == (west, "W")  # back, and still allowing it
    net.take(room.receive("p-w2", {"t": "computer", "on": True}, net.now + 2000))
    assert shown_to(net, "watcher") == (set(), None)  # the computer plays the seat
    net.take(room.receive("p-w2", {"t": "computer", "on": False}, net.now + 2000))
    net.take(room.receive("p-w2", {"t": "leave"}, net.now + 2000))  # gone: a computer takes the seat
    assert room.table.seats[Seat.W].kind == "computer" and shown_to(net, "watcher") == (set(), None)
    assert net.last("watcher", "room")["seats"]["W"]["show_cards"] is False


def test_a_spectator_watching_a_computer_seat_sees_no_cards():
    net = Net()
    room = Room(Rules(), RoomConfig(), "Host", Seat.S, seed=5, token=tokens())
    net.take(room.receive("watcher", {"t": "hello", "name": "Kim"}, net.now))
    net.take(room.receive("watcher", {"t": "watch", "seat": "W"}, net.now))
    for seat in "NEW":
        net.take(room.receive(HOST, {"t": "fill", "seat": seat, "level": "beginner"}, net.now))
    net.take(room.receive(HOST, {"t": "start"}, net.now))
    state = net.last("watcher", "state")["state"]
    assert state["viewer"] == "spectator" and state["hand"] == [] and state["watching"] is None
    assert net.last("watcher", "room")["seats"]["W"]["show_cards"] is False
    assert all(json.loads(text).get("state", {}).get("hand", []) == [] for text in net.log["watcher"])


def test_denied_hellos_count_against_the_peers_rate_limit():
    for config, hello in (
        (RoomConfig(password="pw"), {"t": "hello", "name": "X", "password": "wrong"}),
        (RoomConfig(dnd=True), {"t": "hello", "name": "X", "via": "lobby"}),
    ):
        room = Room(Rules(), config, "Host")
        answered = sum(bool(room.receive("x", dict(hello), 0)) for _ in range(25))
        assert answered == 20 and room.dropped_messages == 5
    room = Room(Rules(), RoomConfig(), "Host")
    answered = 0
    for _ in range(15):  # a spectator coming and going: one peer, one limit
        answered += bool(room.receive("x", {"t": "hello", "name": "X"}, 0))
        answered += bool(room.receive("x", {"t": "leave"}, 0))
    assert answered <= 20 and room.dropped_messages >= 10


def test_the_hosts_leave_closes_the_room_and_leaves_no_save_to_resume():
    for kind in ("casual", "rated"):
        room, net = room_with_four(kind)
        before = json.loads(json.dumps(room.save()))
        out = net.take(room.receive(HOST, {"t": "leave"}, net.now))
        assert set(GUESTS) <= {peer for peer, _ in out}  # the guests hear it
        assert room.closed and room.save() is None
        if kind == "rated":
            assert net.last("p-e", "ended") == {"t": "ended", "reason": "left", "left": "Host", "loser": "NS"}
        assert room.receive("p-e", {"t": "chat", "text": "hi"}, net.now) == []
        assert room.receive(HOST, {"t": "hello", "name": "Host"}, net.now) == []
        assert room.tick(net.now + 60_000) == [] and room.step() == [] and room.disconnect("p-e", net.now) == []
        again = Room.load(before, net.now)  # the last save before it still loads (rated: hand 1 is host-blind)
        assert again.table.seq == before["table"]["seq"] if kind == "casual" else again.table is None is before["table"]


def test_a_room_saved_at_its_counters_bounds_loads_and_every_next_save_loads():
    from spades.stats.rating import MAX_RATING
    from spades.table import SEQ_LIMIT
    from spades.table.room import COUNT_LIMIT, DISCONNECT_LIMIT

    room, net = room_with_four("casual")
    saved = json.loads(json.dumps(room.save()))
    saved["table"]["seq"] = SEQ_LIMIT - 4
    for member in saved["members"]:
        member.update(last_n=COUNT_LIMIT - 1, rating=MAX_RATING, disconnects=DISCONNECT_LIMIT)
    saved["disconnects"] = {"Guest W": DISCONNECT_LIMIT}
    room = Room.load(saved, net.now)
    tokens_by_peer = {p: m["token"] for m in saved["members"] for p in [m["peer"]] if p != HOST}
    for peer, token in tokens_by_peer.items():
        net.take(room.receive(peer, {"t": "hello", "name": "x", "token": token}, net.now))
    north = {"t": "intent", "n": COUNT_LIMIT, "intent": {"type": "bid", "bid": 3}}
    net.take(room.receive("p-n", north, net.now))
    assert room.table.seq == SEQ_LIMIT - 3
    again = Room.load(json.loads(json.dumps(room.save())), net.now)
    for peer, token in tokens_by_peer.items():
        net.take(again.receive(peer, {"t": "hello", "name": "x", "token": token}, net.now))
    east = {"t": "intent", "n": COUNT_LIMIT, "intent": {"type": "bid", "bid": 3}}
    refused = again.receive("p-e", east, net.now)[0][1]
    assert refused["t"] == "refused" and refused["code"] == "at_field" and refused["params"]["field"] == "seq"
    assert again.receive("p-e", east, net.now)[0][1]["code"] == "replayed_message"  # n is at its bound too
    # a rated table (its first hand dealt host-blind; a save of it would load unstarted) with its disconnect count
    # at the bound: a dropped player's vote ends it unscored, the count stays at its bound, and the save loads
    again, net = room_with_four("rated")
    again.disconnects = {"Guest W": DISCONNECT_LIMIT}
    assert again.config.blind and again.blind is not None
    net.take(again.disconnect("p-w", net.now))
    net.take(again.tick(net.now + 10_000))
    for peer in (HOST, "p-n", "p-e"):
        net.take(again.receive(peer, {"t": "vote", "wait": False}, net.now))
    assert again.ended == "unscored" and again.disconnects == {"Guest W": DISCONNECT_LIMIT}
    last = json.loads(json.dumps(again.save()))
    assert Room.load(last, net.now).save() == last


def test_a_saved_room_with_a_number_out_of_range_is_refused_naming_the_field():
    from spades.errors import SpadesError
    from spades.table.room import COUNT_LIMIT

    room, net = room_with_four("casual")
    good = json.loads(json.dumps(room.save()))
    north = next(i for i, m in enumerate(good["members"]) if m["peer"] == "p-n")
    cases = [
        (["members", north, "last_n"], COUNT_LIMIT + 1),
        (["members", north, "last_n"], -2),
        (["members", north, "rating"], 10**9),
        (["members", north, "disconnects"], 1001),
        (["members", north, "disconnects"], True),
        (["seed"], 2**53),
        (["seed"], -1),
        (["ratings", "E"], -5),
        (["disconnects", "Guest W"], 1001),
        (["table", "seq"], 2**53),
    ]
    for path, value in cases:
        bad = json.loads(json.dumps(good))
        place = bad
        for key in path[:-1]:
            place = place[key]
        if path == ["ratings", "E"]:
            bad["ratings"] = {s: 1000 for s in "NESW"}
            place = bad["ratings"]
        if path[0] == "disconnects":
            bad["disconnects"] = {}
            place = bad["disconnects"]
        place[path[-1]] = value
        try:
            Room.load(bad, net.now)
        except SpadesError as error:
            answer = error.to_json()
            assert answer["code"] == "at_field" and "\n" not in str(error), (path, answer)
            field = path[-1] if len(path) == 1 or path[0] == "table" else path
            assert answer["params"]["field"] == field, (path, answer)
            assert answer["params"]["problem"]["params"]["expected"]["code"] == "type_int_range"
        else:
            raise AssertionError(f"{path} = {value} was loaded")


def test_a_person_who_sits_down_where_a_spectator_watches_and_allows_no_spectators_shows_no_cards():
    net = Net()
    room = Room(Rules(), RoomConfig(), "Host", Seat.S, seed=5, token=tokens())
    net.take(room.receive("watcher", {"t": "hello", "name": "Kim"}, net.now))
    net.take(room.receive("watcher", {"t": "watch", "seat": "N"}, net.now))
    net.take(room.receive("p-n", {"t": "hello", "name": "Bo"}, net.now))
    net.take(room.receive("p-n", {"t": "prefs", "spectators": False, "show_cards": True}, net.now))
    net.take(room.receive("p-n", {"t": "sit", "seat": "N"}, net.now))
    net.take(room.receive("p-n", {"t": "ready", "ready": True}, net.now))
    for seat in "EW":
        net.take(room.receive(HOST, {"t": "fill", "seat": seat, "level": "beginner"}, net.now))
    net.take(room.receive(HOST, {"t": "start"}, net.now))
    assert shown_to(net, "watcher") == (set(), None)
    assert net.last("watcher", "room")["seats"]["N"]["show_cards"] is False


def rooms_received(net, peer, start):
    """The ``room`` messages ``peer`` got from its ``start``-th message on, as JSON texts."""
    return [text for text in net.log.get(peer, [])[start:] if json.loads(text)["t"] == "room"]


def test_pings_send_a_room_message_only_when_what_it_says_changes():
    room, net = room_with_four()
    for peer in GUESTS:  # the first round trips light the seats: that is news
        net.take(room.set_rtt(peer, 120))
    assert net.last("p-n", "room")["seats"]["E"]["light"] == "green"
    start = {peer: len(net.log.get(peer, [])) for peer in [HOST, *GUESTS]}
    draws = [37, 211, 95, 480, 1260, 730, 64, 1990, 150, 330]  # round trips a steady link measures (ms)
    for i in range(60):  # two minutes: a ping to every guest every 2 s, a tick every second
        net.now += 1000
        net.take(room.tick(net.now))
        net.now += 1000
        for j, peer in enumerate(GUESTS):
            rtt = 2600 if peer == "p-e" and 20 <= i < 25 else draws[(i + j) % len(draws)] % RTT_STEP
            net.take(room.set_rtt(peer, rtt))
        net.take(room.tick(net.now))
    for peer in [HOST, *GUESTS]:
        got = rooms_received(net, peer, start[peer])
        assert len(got) == 2, (peer, len(got))  # East's light went yellow, then green again
        before = net.log[peer][: start[peer]]
        last = next(text for text in reversed(before) if json.loads(text)["t"] == "room")
        sent = [last, *got]
        assert all(sent[i] != sent[i + 1] for i in range(len(got)))
        assert [json.loads(text)["seats"]["E"]["light"] for text in got] == ["yellow", "green"]


def test_a_room_message_says_something_new_to_each_peer_or_is_not_sent():
    room = Room(Rules(), RoomConfig(), "Host", Seat.S, token=tokens())
    net = Net()
    net.take(room.receive("a", {"t": "hello", "name": "A"}, 0))
    net.take(room.receive("a", {"t": "ready", "ready": True}, 0))  # refused: not seated, nothing changed
    net.take(room.receive("a", {"t": "sit", "seat": "N"}, 0))
    net.take(room.receive("a", {"t": "prefs", "spectators": True}, 0))  # as it was: nothing new
    net.take(room.receive("a", {"t": "ready", "ready": True}, 0))
    net.take(room.receive("a", {"t": "ready", "ready": True}, 0))  # again: nothing new
    got = rooms_received(net, "a", 0)
    assert len(got) == 3 and all(got[i] != got[i + 1] for i in range(len(got) - 1))
    assert [json.loads(t)["seats"]["N"]["ready"] for t in got] == [False, False, True]
    token = net.last("a", "welcome")["you"]["token"]
    net.take(room.disconnect("a", 1))
    net.take(room.receive("a2", {"t": "hello", "name": "A", "token": token}, 2))
    assert net.last("a2", "room")["seats"]["N"]["occupant"] == "person"  # back: the room again, whatever was sent


def play_hands(room, net, counters, hands):
    """Play until ``hands`` hands are over and the next one is dealt (the host deals it)."""
    done = 0
    while done < hands:
        if room.table.game.phase.value == "hand-over":
            done += 1
            counters[HOST] = counters.get(HOST, 0) + 1
            net.take(room.receive(HOST, {"t": "intent", "n": counters[HOST], "intent": {"type": "next_hand"}}, net.now))
        else:
            play_one_move(room, net, counters)


def test_a_returning_player_catches_up_with_the_state_not_the_history():
    room, net = room_with_four()
    counters = {}
    play_hands(room, net, counters, 2)
    for _ in range(6):  # into the third hand's bidding and first trick
        play_one_move(room, net, counters)
    token = net.last("p-w", "welcome")["you"]["token"]
    net.take(room.disconnect("p-w", net.now))
    assert room.table.seq > 100
    out = net.take(room.receive("p-w2", {"t": "hello", "name": "Guest W", "token": token, "seq": 0}, net.now + 10))
    states = [m for peer, m in out if peer == "p-w2" and m["t"] == "state"]
    assert len(states) == 1 and states[0]["events"] == [] and states[0]["reset"] is True
    state = states[0]["state"]
    assert state["me"] == "W" and state["seq"] == room.table.seq and state["hand_number"] == 3
    assert len(state["hand"]) == len(room.table.state("W")["hand"])
    # far behind is the same; a few events behind gets just those
    behind = room.table.seq - CATCH_UP_EVENTS - 1
    assert room.receive("p-w2", {"t": "catch_up", "seq": behind}, net.now + 20)[-1][1]["events"] == []
    near = room.table.seq - 3
    events = room.receive("p-w2", {"t": "catch_up", "seq": near}, net.now + 30)[-1][1]["events"]
    assert [e["seq"] for e in events] == list(range(near + 1, room.table.seq + 1))
