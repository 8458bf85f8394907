"""The room keeps the promises of docs/online.md over generated rooms (joins, seats, fills, prefs, leaves, drops,
takeovers, the host's reloads and leave, counters at their bounds):

* a spectator sees a seat's cards only when the person sitting there allows it (the ``room`` message's
  ``show_cards``), never a computer's, an empty or an away seat's;
* every message of a peer counts against its rate limit, a denied hello too;
* every save the room hands out loads again, gives the same save (but for a host's reload during a rated blind
  hand: ``as_reloaded``), and the room goes on from it; the host's own
  leave closes the room, which then hands out no save at all.
"""

from __future__ import annotations

import json
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from spades import Seat
from spades.cards import CARD_NAMES
from spades.formats.record import MAX_SEED
from spades.rules import Rules
from spades.stats.rating import MAX_RATING
from spades.table import SEQ_LIMIT
from spades.table.room import COUNT_LIMIT, DISCONNECT_LIMIT, HOST, RATE, Room, RoomConfig

GUESTS = ["p1", "p2", "p3"]
WATCHERS = ["s1", "s2"]
SEATS = ["N", "E", "S", "W"]
seats = st.sampled_from(SEATS)
guests = st.sampled_from(GUESTS)
anyone = st.sampled_from([HOST, *GUESTS, *WATCHERS])

actions = st.one_of(
    st.tuples(st.just("hello"), st.sampled_from([*GUESTS, *WATCHERS]), st.sampled_from(["invite", "lobby"])),
    st.tuples(st.just("back"), st.sampled_from([*GUESTS, *WATCHERS]), st.none()),
    st.tuples(st.just("sit"), guests, seats),
    st.tuples(st.just("stand"), guests, st.none()),
    st.tuples(st.just("watch"), st.sampled_from([*WATCHERS, *GUESTS]), st.none() | seats),
    st.tuples(st.just("ready"), guests, st.booleans()),
    st.tuples(st.just("prefs"), anyone, st.tuples(st.booleans(), st.booleans())),
    st.tuples(st.just("fill"), st.just(HOST), st.tuples(seats, st.sampled_from(["beginner", "standard"]))),
    st.tuples(st.just("empty"), st.just(HOST), seats),
    st.tuples(st.just("move"), st.just(HOST), st.tuples(seats, seats)),
    st.tuples(st.just("dnd"), st.just(HOST), st.booleans()),
    st.tuples(st.just("start"), st.just(HOST), st.none()),
    st.tuples(st.just("play"), st.sampled_from([HOST, *GUESTS]), st.none()),
    st.tuples(st.just("play"), st.sampled_from([HOST, *GUESTS]), st.none()),
    st.tuples(st.just("computer"), st.sampled_from([HOST, *GUESTS]), st.booleans()),
    st.tuples(st.just("leave"), st.sampled_from([*GUESTS, *WATCHERS]), st.none()),
    st.tuples(st.just("disconnect"), st.sampled_from([*GUESTS, *WATCHERS]), st.none()),
    st.tuples(st.just("tick"), st.none(), st.sampled_from([50, 200, 40_000])),
    st.tuples(st.just("step"), st.none(), st.integers(1, 8)),
    st.tuples(st.just("reload"), st.none(), st.none()),
    st.tuples(st.just("vote"), st.sampled_from([HOST, *GUESTS]), st.booleans()),
    st.tuples(st.just("drive"), st.none(), st.integers(1, 30)),
    st.tuples(st.just("drive"), st.none(), st.integers(1, 30)),
)
rare = st.one_of(
    st.tuples(st.just("edge"), st.none(), st.tuples(st.integers(0, 9), st.integers(0, 3))),
    st.tuples(st.just("host_leaves"), st.just(HOST), st.none()),
)


@st.composite
def rooms(draw: st.DrawFn) -> tuple[str, list[tuple[str, Any, Any]]]:
    """A room's kind and its script: a setup in any order (guests or computers at N, E and W, spectators watching
    any seat), mostly a start, then anything."""
    queues: list[list[tuple[str, Any, Any]]] = [[("prefs", HOST, (True, draw(st.booleans())))]]
    for peer, seat in zip(GUESTS, ["N", "E", "W"], strict=True):
        if draw(st.booleans()):
            show = draw(st.booleans())
            queues.append([("hello", peer, "invite"), ("sit", peer, seat), ("ready", peer, True)])
            queues[-1].insert(draw(st.integers(1, 3)), ("prefs", peer, (True, show)))
        else:
            queues.append([("fill", HOST, (seat, "beginner"))])
    for peer in WATCHERS:
        queues.append([("hello", peer, draw(st.sampled_from(["invite", "lobby"]))), ("watch", peer, draw(seats))])
    setup: list[tuple[str, Any, Any]] = []
    while queues:  # each one's steps in order, everyone's interleaved
        queue = queues[draw(st.integers(0, len(queues) - 1))]
        setup.append(queue.pop(0))
        queues = [q for q in queues if q]
    if draw(st.integers(0, 4)):
        setup.append(("start", HOST, None))
    script = draw(st.lists(st.one_of(*[actions] * 8, rare), max_size=40))
    return draw(st.sampled_from(["casual", "rated"])), setup + script


class Run:
    """A room driven by a script, as the host's page drives it (tokens kept, intents numbered)."""

    def __init__(self, kind: str) -> None:
        self.room = Room(Rules(), RoomConfig(kind, grace_ms=100), "Host", Seat.S, seed=11)
        self.now = 1000.0
        self.tokens: dict[str, str] = {}
        self.n: dict[str, int] = {}

    def send(self, peer: str, message: dict[str, Any]) -> list[tuple[str, dict[str, Any]]]:
        out = self.room.receive(peer, message, self.now)
        for to, sent in out:
            if sent["t"] == "welcome":
                self.tokens[to] = sent["you"]["token"]
        return out

    def intent(self, peer: str) -> dict[str, Any]:
        """The peer's seat's move if it is to act, else a look."""
        room, member = self.room, self.room.members.get(peer)
        intent: dict[str, Any] = {"type": "look"}
        if room.table is not None and member is not None and member.seat is not None:
            state = room.table.state(member.seat.name)
            if state["allowed"]["next_hand"]:
                intent = {"type": "next_hand"}
            elif state["legal_bids"]:
                intent = {"type": "bid", "bid": state["legal_bids"][-1]}
            elif any(h["legal"] for h in state["hand"]):
                intent = {"type": "play", "card": next(h["card"] for h in state["hand"] if h["legal"])}
        self.n[peer] = min(self.n.get(peer, 0) + 1, COUNT_LIMIT)
        return {"t": "intent", "n": self.n[peer], "intent": intent}

    def do(self, action: str, peer: Any, arg: Any) -> list[tuple[str, dict[str, Any]]]:
        self.now += 60
        room = self.room
        if action == "hello":
            return self.send(peer, {"t": "hello", "name": peer, "via": arg, "lang": "en"})
        if action == "back":
            return self.send(peer, {"t": "hello", "name": peer, "token": self.tokens.get(peer, "none"), "seq": 0})
        if action in ("sit", "empty"):
            return self.send(peer, {"t": action, "seat": arg})
        if action == "watch":
            return self.send(peer, {"t": "watch"} if arg is None else {"t": "watch", "seat": arg})
        if action == "ready":
            return self.send(peer, {"t": "ready", "ready": arg})
        if action == "prefs":
            return self.send(peer, {"t": "prefs", "spectators": arg[0], "show_cards": arg[1]})
        if action == "fill":
            return self.send(peer, {"t": "fill", "seat": arg[0], "level": arg[1]})
        if action == "move":
            return self.send(peer, {"t": "move", "from": arg[0], "to": arg[1]})
        if action in ("dnd", "computer"):
            return self.send(peer, {"t": action, "on": arg})
        if action == "vote":
            return self.send(peer, {"t": "vote", "wait": arg})
        if action in ("start", "stand", "leave", "host_leaves"):
            return self.send(peer, {"t": "leave" if action == "host_leaves" else action})
        if action == "play":
            return self.send(peer, self.intent(peer))
        if action == "disconnect":
            return room.disconnect(peer, self.now)
        if action == "tick":
            self.now += arg
            return room.tick(self.now)
        if action == "step":
            for _ in range(arg):
                check_cards(room, room.step())  # each move's messages against the cards as they are then
            return []
        if action == "drive":  # the game goes on: computers move, the seated person to act acts
            for _ in range(arg):
                if room.table is None or room.ended:
                    break
                turn = room.table.game.turn
                player = room.player_at(turn) if turn is not None else None
                if room.table.computer_to_move() is not None:
                    check_cards(room, room.step())
                elif player is not None and player.connected:
                    check_cards(room, self.send(player.peer, self.intent(player.peer)))
                elif room.table.game.phase.value == "hand-over":
                    check_cards(room, self.send(HOST, self.intent(HOST)))
                else:
                    break
            return []
        if action in ("reload", "edge"):
            saved = room.save()
            if saved is None:
                return []
            if action == "edge":  # the same room with its counters at (or next to) their bounds
                seq, gap = arg
                if saved["table"] is not None:
                    saved["table"]["seq"] = SEQ_LIMIT - seq
                saved["seed"] = MAX_SEED
                for member in saved["members"]:
                    member["last_n"] = COUNT_LIMIT - gap
                    member["rating"] = MAX_RATING
                    member["disconnects"] = DISCONNECT_LIMIT
                    self.n[member["peer"]] = COUNT_LIMIT - gap
                saved["disconnects"] = dict.fromkeys(saved["disconnects"], DISCONNECT_LIMIT)
            self.room = Room.load(json.loads(json.dumps(saved)), self.now)
            return [(HOST, self.room.summary()), *self.room._states(events=False)]
        raise AssertionError(action)


def check_cards(room: Room, out: list[tuple[str, dict[str, Any]]]) -> None:
    """No state shows a card of a seat that is not the peer's own or a watched seat whose ``room`` entry (the one
    sent with it, else the room's now) says ``show_cards: true``."""
    for to, sent in out:
        json.dumps(sent)
        if sent["t"] != "state":
            continue
        state = sent["state"]
        summary = next((m for p, m in reversed(out) if p == to and m["t"] == "room"), None) or room.summary()
        assert state["hands"] is None
        shown = {h["card"] for h in state["hand"]}
        if room.blind is not None:  # a host-blind hand (every rated one): the host's room has no card to show
            assert not shown and "blind" in state, (to, state["viewer"])
        elif state["me"] is not None:
            assert shown <= {CARD_NAMES[c] for c in room.table.game.hand(Seat[state["me"]])}
        elif state["watching"] is not None:
            entry = summary["seats"][state["watching"]]
            assert entry["show_cards"] is True and entry["spectators"] is True, (to, state["watching"], summary)
            assert entry["occupant"] == "person", (to, state["watching"], summary)
            assert room.shows_cards(Seat[state["watching"]])
            assert shown <= {CARD_NAMES[c] for c in room.table.game.hand(Seat[state["watching"]])}
        else:
            assert not shown, (to, state["viewer"])


def as_reloaded(saved: dict[str, Any]) -> dict[str, Any]:
    """The save a room loaded from ``saved`` hands out: the same, but for a host's reload during a rated table's
    blind hand, which is the host's side leaving (``Room.load``; the hand is not in the save)."""
    if saved["config"]["kind"] != "rated" or saved["blind_hand"] is None or saved["ended"] is not None:
        return {**saved, "blind_hand": None}  # a blind hand in progress is lost with the host's device
    host = next(m for m in saved["members"] if m["peer"] == HOST)
    news = {"t": "ended", "reason": "left", "left": host["name"], "loser": "NS" if host["seat"] in "NS" else "EW"}
    return {**saved, "ended": "left", "left": host["name"], "ended_news": news, "blind_hand": None}


def check_save(run: Run) -> None:
    """The save loads, gives the same save again, and the loaded room answers; a closed room hands out none."""
    saved = run.room.save()
    if run.room.closed:
        assert saved is None
        return
    assert saved is not None
    again = Room.load(json.loads(json.dumps(saved)), run.now)
    assert json.dumps(again.save()) == json.dumps(as_reloaded(saved))
    again.tick(run.now + 1)
    again.step()


@settings(max_examples=250, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(rooms())
def test_generated_rooms_show_cards_only_as_allowed_and_every_save_loads_again(room_script) -> None:
    kind, script = room_script
    run = Run(kind)
    for action, peer, arg in script:
        out = run.do(action, peer, arg)
        check_cards(run.room, out)
        check_save(run)
        if run.room.closed:
            assert run.do("hello", "p1", "invite") == [] and run.room.tick(run.now + 10**6) == []


def test_a_spectator_watching_computers_sees_no_hand() -> None:
    """The example of issue 19: a spectator watches W, the host fills N, E and W with computers and starts."""
    run = Run("casual")
    for step in [("hello", "s1", "invite"), ("watch", "s1", "W")] + [("fill", HOST, (s, "beginner")) for s in "NEW"]:
        run.do(*step)
    out = run.do("start", HOST, None)
    check_cards(run.room, out)
    (state,) = [m["state"] for p, m in out if p == "s1" and m["t"] == "state"]
    assert state["viewer"] == "spectator" and state["hand"] == [] and state["watching"] is None


hellos = st.lists(
    st.tuples(
        st.sampled_from(["a", "b", "c"]),
        st.sampled_from(
            [
                {"t": "hello", "name": "X", "password": "wrong"},
                {"t": "hello", "name": "X"},
                {"t": "hello", "name": "X", "via": "lobby"},
                {"t": "hello", "name": "X", "via": "invite", "password": "pw"},
                {"t": "leave"},
                {"t": "chat", "text": "hi"},
                {"t": "oops"},
            ]
        ),
        st.integers(1, 30),
        st.sampled_from([0, 0, 0, 30, 400, 2000]),
    ),
    min_size=1,
    max_size=12,
)


@settings(max_examples=300, deadline=None)
@given(st.sampled_from([None, "pw"]), st.booleans(), hellos)
def test_every_message_of_a_peer_counts_against_its_rate_limit(password, dnd, script) -> None:
    """Whatever a peer sends (denied hellos, hellos and leaves in turn, garbage), it gets answers to at most
    RATE's burst plus its refill: at most 20 at once and 10 more each second."""
    size, per_second = RATE
    room = Room(Rules(), RoomConfig(password=password, dnd=dnd), "Host")
    now = 0.0
    first: dict[str, float] = {}
    answered: dict[str, int] = {}
    for peer, message, times, wait in script:
        now += wait
        first.setdefault(peer, now)
        for _ in range(times):  # the same message again and again at one instant
            if any(to == peer for to, _ in room.receive(peer, dict(message), now)):
                answered[peer] = answered.get(peer, 0) + 1
        assert answered.get(peer, 0) <= size + (now - first[peer]) / 1000 * per_second


def test_denied_hellos_at_one_instant_get_at_most_the_burst_of_answers() -> None:
    for config, hello in (
        (RoomConfig(password="pw"), {"t": "hello", "name": "X", "password": "wrong"}),
        (RoomConfig(dnd=True), {"t": "hello", "name": "X", "via": "lobby"}),
    ):
        room = Room(Rules(), config, "Host")
        answers = sum(bool(room.receive("x", dict(hello), 0)) for _ in range(25))
        assert answers == RATE[0] and room.dropped_messages == 25 - RATE[0]
        assert room.receive("x", dict(hello), 1000)[0][1]["t"] == "denied"  # refilled: answered again


def test_strangers_beyond_the_peer_limit_are_dropped_until_their_buckets_fill_again() -> None:
    from spades.table.room import PEER_LIMIT

    room = Room(Rules(), RoomConfig(password="pw"), "Host")
    hello = {"t": "hello", "name": "X", "password": "wrong"}
    for i in range(PEER_LIMIT * 2):
        room.receive(f"x{i}", dict(hello), 0)
    assert len(room._buckets) <= PEER_LIMIT
    assert room.receive("late", dict(hello), 0) == []  # every kept bucket is still in use
    assert room.receive("late", dict(hello), 10_000)[0][1]["t"] == "denied"  # they have filled again: forgotten
