"""Host-blind hands in the room, beyond tests/portable/test_blindtable.py: what the host holds while a hand is played
(nothing that opens an unplayed card of another seat), a renege at casual and rated tables, a tampered chunk, the
blind setting, a whole game."""

from __future__ import annotations

import json
from functools import cache
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from spades import worker
from spades.cards import CARD_NAMES, Seat
from spades.formats.scoresheet import finished_hand
from spades.game import Phase
from spades.scoring import renege_tricks
from spades.stats.profile import add_game, game_from_state, new_profile, rating_entries, rating_report
from spades.stats.rating import change
from spades.table import blindops
from spades.table.blind import encode, power
from spades.table.blindroom import BlindSeat
from spades.table.blindtable import with_device
from spades.table.chunks import Joiner
from spades.table.group import L
from spades.table.guest import check_host_message
from spades.table.room import HOST, Room, RoomConfig, RoomError
from spades.table.takeover import take_over
from spades.table.verify import verify_record
from tests.portable.test_blindroom import Renegade
from tests.portable.test_blindtable import NAMES, World
from tests.test_guest_fuzz import check_or_refuse, holder_of, hostile, paths


@cache
def one_trick() -> World:
    """A blind table's first hand after the bids and one trick (its messages kept in ``world.sent``)."""
    world = World()
    for _ in range(4 + 4):
        page = world.to_move()
        assert page is not None
        view = page.device.view()
        chunks = page.device.bid(3) if view.phase is Phase.BIDDING else page.device.play(page.device.legal()[0])
        world.chunks(page, chunks)
    return world


def played_cards(world: World) -> set[str]:
    relay = world.room.blind
    assert relay is not None
    return {CARD_NAMES[c] for c in relay.public.play}


def test_the_host_holds_nothing_that_opens_an_unplayed_card_of_another_seat_during_a_blind_hand() -> None:
    world = one_trick()
    room, relay = world.room, world.room.blind
    assert relay is not None and len(relay.public.play) == 4
    played = played_cards(world)
    # the room holds no game of the hand, its save no card, and every state it sent no card but those played
    assert room.table is None and room.record() is None
    saved = json.dumps(room.save())
    assert not any(f'"{name}"' in saved for name in CARD_NAMES)
    for _peer, message in world.sent:
        if message["t"] == "state":
            state = message["state"]
            assert state["hand"] == [] and state["hands"] is None and state["claim"] is None
            shown = {t["card"] for t in state["trick"]} | set((state["last_trick"] or {}).get("cards", []))
            assert shown <= played
        elif message["t"] != "blind":
            assert not any(f'"{name}"' in json.dumps(message) for name in CARD_NAMES), message["t"]
    # the relayed chunks joined again are the transcript's messages and bids: nothing else went by
    joiners: dict[tuple[str, Any], Joiner] = {}
    for peer, message in world.sent:
        if message["t"] == "blind" and peer == HOST:
            whole = joiners.setdefault((peer, message.get("from")), Joiner()).add(message)
            if whole is not None and whole.get("type") not in ("bid", "abort"):
                assert whole in relay.transcript
    # the host's own device's keys, the keys sent to it and every key played open no unplayed card of another seat
    host = world.pages[HOST].device.device
    keys = {int(k, 16) for m in relay.transcript if m["type"] == "play" for k in m["keys"]}
    keys |= {k for own in host._keys.values() for k in own} | set(host._b) | {host._a, host._x}
    mine = set(host.cards)
    unplayed = [t for t in range(52) if t not in relay.public.positions and t not in mine]
    assert len(unplayed) == 39 - 3
    # the one exponent that opens position t is the product of its four devices' keys (tests/test_blindroom.py's
    # check: proved with the owner's card; in the cards' subgroup of prime order L no other exponent opens it), so
    # a key the host holds, or one times the host's own key of t, opens t exactly when it equals that product
    devices = {page.seat: page.device.device for page in world.pages.values()}
    assert sorted(devices) == list(Seat)
    held = {1, *(k % L for k in keys)}
    for t in unplayed:
        opens = 1
        for device in devices.values():
            opens = opens * device._b[t] % L
        owner = devices[list(Seat)[t // 13]]
        assert power(encode(owner.cards[t]), opens) == relay.final[t], t
        assert opens not in held and opens not in {host._b[t] * k % L for k in keys}, t
    assert not any(hasattr(relay, name) for name in ("_a", "_b", "_x", "_keys", "device"))


def test_a_renege_at_a_casual_table_gives_the_opponents_three_tricks_in_the_tables_score() -> None:
    world = World(make={"E": Renegade})
    world.play_hand(renege="E")
    room = world.room
    assert room.blind is None and room.ended is None
    outcome = world.pages["p-N"].device.outcome
    if outcome.renege is None:
        pytest.skip("this deal gave E no chance to renege")  # (the seeds are everyone's secrets)
    assert outcome.renege[0] == Seat.E and outcome.events[0]["kind"] == "blind_renege"
    result = room.table.game.results[-1]
    assert result.reneges[:1] == (Seat.E,)
    assert outcome.tricks == renege_tricks(result.tricks, result.bids, result.reneges)
    assert outcome.totals == result.totals
    check = verify_record(room.record())
    assert not check.ok and check.error is not None and check.error.code == "fair_renege", check.line


def test_a_renege_at_a_rated_table_ends_the_game_and_the_reneging_side_loses() -> None:
    world = World("rated", make={"W": Renegade})
    world.play_hand(renege="W")
    room = world.room
    outcome = world.pages["p-N"].device.outcome
    if outcome.renege is None:
        pytest.skip("this deal gave W no chance to renege")
    assert room.ended == "renege" and len(room.table.game.results) == 1
    assert world.pages["p-E"].ended == {"t": "ended", "reason": "renege", "seat": "W", "loser": "EW"}
    assert Room.load(room.save(), world.now).ended == "renege"


def test_a_tampered_chunk_names_its_sender_and_the_computer_plays_its_seat_on_from_the_revealed_deal() -> None:
    world = World()
    page = world.pages["p-E"]
    world.chunks(page, [{"t": "blind", "id": 99, "part": 0, "of": 1, "data": "{}"}])  # an id skipped
    room = world.room
    assert room.blind is None, "every device revealed on the relay's abort: settled"
    for other in world.pages.values():
        outcome = other.device.outcome
        assert outcome is not None and outcome.left == (Seat.E,) and outcome.events[0]["kind"] == "blind_left"
    table = room.table
    assert table is not None and table.seats[Seat.E].away and table.game.phase is Phase.BIDDING
    assert table.game.hand_number == 1 and room.record()["hands"][0]["fair"]["kind"] == "blind"
    # the hand goes on with the engine (its cards are public now): N bids, then the computer bids for E
    assert table.game.turn == Seat.N
    world.deliver(room.receive("p-N", {"t": "intent", "n": 1, "intent": {"type": "bid", "bid": 3}}, world.now))
    assert room.table.computer_to_move() == Seat.E
    world.deliver(room.step(world.now))
    assert room.table.game.bids[Seat.E] is not None and room.table.game.turn == Seat.S


def test_the_blind_setting_is_saved_shown_and_refuses_computers() -> None:
    config = RoomConfig.from_json({"kind": "casual", "blind": True})
    assert config.blind is True and RoomConfig.from_json(None).blind is False
    with pytest.raises(RoomError, match="blind must be true or false"):
        RoomConfig.from_json({"blind": 1})
    room = Room(World().room.rules, config, "Sam", Seat.S)
    assert room.summary()["blind"] is True
    refused = room.receive(HOST, {"t": "fill", "seat": "W", "level": "beginner"}, 1000.0)
    assert refused[0][1]["t"] == "refused" and refused[0][1]["code"] == "blind_needs_people"
    assert Room.load(room.save(), 1000.0).config.blind is True


def test_intents_are_refused_during_a_blind_hand() -> None:
    world = World()
    answer = world.room.receive("p-W", {"t": "intent", "n": 1, "intent": {"type": "bid", "bid": 3}}, world.now)
    assert answer[0][1]["t"] == "refused" and answer[0][1]["code"] == "not_playing"
    assert world.room.blind is not None and world.room.blind.public.bids == [None] * 4


def scored_results(world: World, peer: str, count: int) -> list[dict[str, Any]]:
    """The results of hands 1 to ``count`` as ``peer``'s page fetches them (``sheets``, each from where the last
    stopped: a state carries only the last scored hand's)."""
    results: list[dict[str, Any]] = []
    while len(results) < count:
        ((to, answer),) = world.room.receive(peer, {"t": "sheets", "from": len(results) + 1, "to": count}, world.now)
        assert to == peer and answer["t"] == "sheets" and answer["from"] == len(results) + 1
        results += answer["results"]
    return results


def test_a_whole_rated_game_of_blind_hands_verifies_and_every_peer_computes_the_same_rating_update() -> None:
    announced = {"S": 1100, "N": 1040, "E": 980, "W": 1000}
    world = World("rated", rules={"preset": "standard", "target": 60, "mercy": -60}, ratings=announced)
    room = world.room
    assert room.config.blind and room.ratings == announced  # rated: always dealt host-blind, ratings fixed
    for _ in range(8):
        world.play_hand(bid=3)
        assert room.blind is None and room.table is not None
        if room.table.game.phase is Phase.GAME_OVER:
            break
        world.next_hand()
    game = room.table.game
    assert game.phase is Phase.GAME_OVER and game.winner is not None and room.ended is None
    record = room.record()
    assert all(hand["fair"]["kind"] == "blind" for hand in record["hands"])
    assert verify_record(record).ok
    for page in world.pages.values():
        assert page.state["winner"] == game.winner.name and "blind" not in page.state
    assert NAMES["S"] == room.members[HOST].name
    # every page records the game from its own state and the ratings fixed at the start: each side's update is
    # the seed's formula, the partners' alike, the opponents' opposite
    changes = {}
    for peer, page in world.pages.items():
        seat = page.seat.name
        state = {**page.state, "results": scored_results(world, peer, page.state["hands_scored"])}
        assert state["results"][-1] == page.state["last_result"] and state["me"] == seat
        others = {s: r for s, r in room.ratings.items() if s != seat}
        entry = game_from_state(state, game_id="o-1", kind="online_rated", at="2026-12-02T10:00:00Z", ratings=others)
        assert len(rating_entries([entry])) == 1
        changes[seat] = rating_report(add_game(new_profile(seat, "2026-12-02"), entry), "2026-12-02")["steps"][0][
            "delta"
        ]
        partner = "NESW"[("NESW".index(seat) + 2) % 4]
        theirs = [s for s in "NESW" if s not in (seat, partner)]
        outcome = "win" if game.winner.name == ("NS" if seat in "NS" else "EW") else "loss"
        assert changes[seat] == change(
            (1000 + announced[partner]) / 2, (announced[theirs[0]] + announced[theirs[1]]) / 2, outcome
        )
    assert (changes["N"] > 0) == (changes["S"] > 0) and (changes["E"] > 0) == (changes["W"] > 0)
    assert (changes["N"] > 0) != (changes["E"] > 0)


def test_a_device_refused_by_the_relay_sees_the_same_outcome_as_every_other() -> None:
    class Impostor(BlindSeat):
        def bid(self, bid: int | str) -> list[dict[str, Any]]:
            return self._send([{"type": "bid", "from": "S", "bid": 3}])

    world = World("rated", make={"N": Impostor})
    world.play_hand()
    room = world.room
    assert room.ended == "left" and room.left == NAMES["N"]
    lines = {page.device.outcome.verification.line for page in world.pages.values()}
    assert len(lines) == 1


# ----------------------------------------------------------------- the guest boundary


def blind_messages() -> list[dict[str, Any]]:
    """Some of each kind of message a guest got in a blind hand: chunks (relayed and the relay's), states, room."""
    got = [json.loads(json.dumps(m)) for peer, m in one_trick().sent if peer != HOST]
    chunks = [m for m in got if m["t"] == "blind"]
    states = [m for m in got if m["t"] == "state"]
    rooms = [m for m in got if m["t"] == "room"]
    return chunks[::7] + states[::3] + rooms[-1:]


def test_every_message_a_guest_gets_in_a_blind_hand_passes_its_boundary_unchanged() -> None:
    got = [json.loads(json.dumps(m)) for peer, m in one_trick().sent if peer != HOST]
    assert {"blind", "state", "room"} <= {m["t"] for m in got}
    for message in got:
        assert check_host_message(message) == message
    state = next(m["state"] for m in got if m["t"] == "state" and m["state"]["blind"]["phase"] == "playing")
    assert state["blind"]["table"].startswith(one_trick().room.fair.table + ".") and state["phase"] == "playing"


@settings(max_examples=600, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_a_blind_chunk_or_state_changed_anywhere_is_refused_naming_its_field_or_comes_back_safe(
    data: st.DataObject,
) -> None:
    message = json.loads(json.dumps(data.draw(st.sampled_from(blind_messages()))))
    path = data.draw(st.sampled_from(paths(message)[1:]))
    holder = holder_of(message, path)
    if data.draw(st.booleans()) and isinstance(holder, dict):
        del holder[path[-1]]
    else:
        holder[path[-1]] = data.draw(hostile)
    checked = check_or_refuse(message)
    if checked is not None and message["t"] == "blind":  # a chunk's fields are all declared: what passed is valid
        assert set(checked) <= {"t", "from", "id", "part", "of", "data"}
        assert type(checked["id"]) is int and checked["id"] >= 1 and type(checked["data"]) is str
        assert type(checked["part"]) is int and checked["part"] >= 0 and type(checked["of"]) is int
        assert checked.get("from", "N") in ("N", "E", "S", "W")


# ----------------------------------------------------------------- the page's state: the room's and its device's


def test_each_page_draws_the_rooms_state_with_its_own_devices_cards_and_nothing_else_changed() -> None:
    world = one_trick()
    turns = []
    for page in world.pages.values():
        blindops._seats["t-" + page.peer] = page.device
        answer = blindops.op_blind_state({"table": "t-" + page.peer, "state": page.state})
        state = answer["state"]
        assert answer["outcome"] is None and answer["refused"] is None
        cards = [item["card"] for item in state["hand"]]
        assert sorted(cards) == sorted(CARD_NAMES[c] for c in page.device.view().hand) and len(cards) == 12
        legal = [item["card"] for item in state["hand"] if item["legal"]]
        assert legal == [c for c in cards if c in {CARD_NAMES[x] for x in page.device.legal()}]
        assert all(item["reason"] is not None for item in state["hand"] if not item["legal"]) or not legal
        assert {k: v for k, v in state.items() if k not in ("hand", "hand_count", "looked", "turn", "legal_bids",
                "bid_reasons", "can_blind_nil")} == {k: v for k, v in page.state.items() if k not in (
                "hand", "hand_count", "looked", "turn", "legal_bids", "bid_reasons", "can_blind_nil")}  # fmt: skip
        assert state["looked"] and state["legal_bids"] == [] and state["hand_count"] == 12
        if legal:
            turns.append(page.seat.name)
        blindops._seats.pop("t-" + page.peer)
    assert turns == [world.room.blind.public.turn.name]


def test_the_bidder_is_offered_its_legal_bids_and_no_blind_nil() -> None:
    world = World(rules={"preset": "standard", "blind_nil": True})
    public = world.room.blind.public
    page = next(p for p in world.pages.values() if p.seat == public.turn)
    state = with_device(page.state, page.device)
    assert state["turn"] == page.seat.name and state["legal_bids"] and -1 not in state["legal_bids"]
    assert state["legal_bids"] == [b for b in page.device.view().legal if b != -1]
    other = next(p for p in world.pages.values() if p.seat != public.turn)
    assert with_device(other.state, other.device)["legal_bids"] == []


def test_while_the_devices_deal_a_page_shows_an_empty_hand_and_no_look_button() -> None:
    """Before its device has its cards a page's hand is empty and ``looked`` (its hand is not face down: the page
    would offer *Look at my cards*, an intent the room refuses during a blind hand), with no bid and no turn."""
    world = World()
    public = world.room.blind.public
    seat = BlindSeat(Seat.N, "dealing", 1, world.room.rules, public.dealer)
    room_state = world.pages["p-N"].state
    state = with_device({**room_state, "blind": {**room_state["blind"], "phase": "dealing"}}, seat)
    assert not seat.device.dealt and state["looked"] is True and state["hand"] == [] and state["hand_count"] == 0
    assert state["legal_bids"] == [] and state["can_blind_nil"] is False


def test_a_person_whose_link_dropped_gets_the_chunks_they_missed_on_their_return_and_the_hand_plays_on() -> None:
    world = World()
    room = world.room
    page = world.pages["p-E"]
    token = room.members["p-E"].token
    world.deliver(room.disconnect("p-E", world.now))
    bidder = world.to_move()
    assert bidder is not None and bidder.seat == Seat.N  # (W deals: N bids first, E next)
    world.chunks(bidder, bidder.device.bid(3))
    assert page.device.public.bids[Seat.N] is None, "E's page heard nothing while away"
    world.now += 1000
    world.deliver(room.receive("p-E", {"t": "hello", "name": NAMES["E"], "token": token}, world.now))
    assert page.device.public.bids[Seat.N] == 3 and page.device.view().turn == Seat.E
    world.play_hand()
    assert room.blind is None and len(room.table.game.results) == 1
    assert all(p.device.outcome.ok for p in world.pages.values())


def test_a_page_that_reloaded_during_a_blind_hand_is_named_and_the_computer_plays_its_seat() -> None:
    world = World()
    room = world.room
    page = world.pages["p-E"]
    token = room.members["p-E"].token
    world.deliver(room.disconnect("p-E", world.now))
    page.device = None  # the reload lost the device: the new one says hello again, which the relay refuses
    world.deliver(room.receive("p-E", {"t": "hello", "name": NAMES["E"], "token": token}, world.now))
    assert room.blind is None and room.table is not None and room.table.seats[Seat.E].away
    outcome = world.pages["p-N"].device.outcome
    assert outcome.left == (Seat.E,) and outcome.error is not None and outcome.error.code == "blind_refused"


def test_a_room_saved_during_a_blind_hand_deals_it_again_with_new_devices_once_loaded() -> None:
    world = World()
    world.play_hand()
    world.next_hand()
    room = world.room
    lost = room.blind
    assert lost is not None and lost.hand == 2
    saved = json.loads(json.dumps(room.save()))
    loaded = Room.load(saved, world.now)
    assert loaded.blind is None and loaded.table.game.hand_number == 1 and loaded.table.game.phase is Phase.HAND_OVER
    world.room = loaded
    for peer, page in world.pages.items():
        if peer != HOST:
            token = room.members[peer].token
            world.deliver(
                loaded.receive(peer, {"t": "hello", "name": NAMES[page.seat.name], "token": token}, world.now)
            )
    world.next_hand()
    again = loaded.blind
    assert again is not None and again.hand == 2 and again.table != lost.table
    assert all(page.device.table == again.table for page in world.pages.values())
    world.play_hand()
    assert loaded.blind is None and len(loaded.table.game.results) == 2


def test_a_table_taken_over_stays_host_blind_for_the_hands_dealt_once_four_people_play_again() -> None:
    """A successor's room (spades/table/takeover.py) keeps the table's ``blind`` setting: while the old host is away
    the computer plays its seat, so the next hand is dealt by commit–reveal; the setting stays for when four people
    play again."""
    world = World()
    world.play_hand(bid=3)
    room = world.room
    assert room.blind is None and room.table is not None  # hand 1 audited and scored
    page = world.pages["p-" + room.order[0].name]
    rooms = [m for m in map(json.loads, page.got) if m["t"] == "room"]
    answer = room.receive(page.peer, {"t": "hand", "number": 1}, world.now)
    hand = next(message for _, message in answer if message["t"] == "hand")["hand"]
    new, seat = take_over({"room": rooms[-1], "hands": [hand], "chat": []}, NAMES[page.seat.name], world.now, seed=5)
    assert seat == page.seat and new.config.blind is True and new.summary()["blind"] is True
    assert not new._blind_ready()  # the old host's seat is away: not four people there


def test_a_rated_table_taken_over_waits_at_the_hands_end_and_deals_host_blind_once_all_four_are_back() -> None:
    """A rated table is always host-blind: its successor's room does not deal the hand in progress itself (its new
    host would see every card) but waits at the last finished hand's end; the old host is a dropped player whose
    seat the others vote on, and once all four are there the next hand is dealt host-blind.  A rated table whose
    first hand never finished cannot be taken over."""
    world = World("rated")
    page = world.pages["p-" + world.room.order[0].name]
    first = [m for m in map(json.loads, page.got) if m["t"] == "room"][-1]
    with pytest.raises(RoomError) as refused:
        take_over({"room": first, "hands": [], "chat": []}, NAMES[page.seat.name], world.now, seed=5)
    assert refused.value.code == "takeover_not_started"
    world.play_hand(bid=3)
    room = world.room
    rooms = [m for m in map(json.loads, page.got) if m["t"] == "room"]
    answer = room.receive(page.peer, {"t": "hand", "number": 1}, world.now)
    hand = next(message for _, message in answer if message["t"] == "hand")["hand"]
    new, seat = take_over({"room": rooms[-1], "hands": [hand], "chat": []}, NAMES[page.seat.name], world.now, seed=5)
    assert seat == page.seat and new.config.blind and new.ratings == room.ratings
    game = new.table.game
    assert game.phase is Phase.HAND_OVER and game.hand_number == 1 and new.blind is None  # nothing dealt
    tokens = {p.seat: next(m["you"]["token"] for m in map(json.loads, p.got) if m["t"] == "welcome")
              for p in world.pages.values() if p.peer != HOST}  # fmt: skip
    for other in world.pages.values():
        if other.peer not in (HOST, page.peer):
            new.receive(other.peer + "-2", {"t": "hello", "name": "x", "token": tokens[other.seat]}, world.now)
    intent = {"t": "intent", "n": 1, "intent": {"type": "next_hand"}}
    (refused,) = [m for _, m in new.receive(HOST, intent, world.now) if m["t"] == "refused"]
    assert refused["code"] == "player_away" and refused["params"] == {"name": NAMES["S"]}  # never dealt but blind
    new.tick(world.now + new.config.grace_ms + 1)
    assert new.vote is not None and new.vote["seat"] == "S" and len(new.vote["votes"]) == 3
    for other in world.pages.values():
        peer = HOST if other.peer == page.peer else other.peer + "-2"
        if other.peer != HOST:
            new.receive(peer, {"t": "vote", "wait": True}, world.now)
    assert new.vote is None and new.ended is None
    new.receive("p-S-2", {"t": "hello", "name": "x", "token": room.members[HOST].token}, world.now)  # the old host
    new.receive(HOST, {"t": "intent", "n": 2, "intent": {"type": "next_hand"}}, world.now)
    assert new.blind is not None and new.blind.hand == 2 and new.table.game.hand_number == 1


def test_each_devices_own_transcript_verifies_its_hand_as_the_score_sheet_has_it_and_a_change_does_not() -> None:
    """*Verify this deal* of a host-blind hand on the page: the ``blind`` part each device kept (op ``blind_part``)
    audited against the finished hand (the worker's ``fair_verify``); a card of the sheet or a key of the
    transcript changed, or the hand of another deal, does not hold and says why."""
    world = World()
    world.play_hand(bid=3)
    room = world.room
    assert room.table is not None
    hand = finished_hand(room.table.game, 1)
    rules = room.rules.to_dict()

    def verdict(part: Any, hand: Any) -> dict[str, Any]:
        answer = json.loads(worker.handle("fair_verify", json.dumps({"part": part, "hand": hand, "rules": rules})))
        return answer["verdict"]

    for page in world.pages.values():
        blindops._seats["v-" + page.peer] = page.device
        part = blindops.op_blind_part({"table": "v-" + page.peer})["part"]
        blindops._seats.pop("v-" + page.peer)
        assert part["kind"] == "blind" and part["hand"] == 1 and verdict(part, hand)["ok"], page.seat
    swapped = json.loads(json.dumps(hand))
    first, second = swapped["tricks"][0]["cards"][:2]
    swapped["tricks"][0]["cards"][:2] = [second, first]
    said = verdict(part, swapped)
    assert not said["ok"] and said["error"]["code"] in ("fair_play_mismatch", "fair_deal_differs"), said
    forged = json.loads(json.dumps(part))
    play = next(m for m in forged["transcript"] if m.get("type") == "play")
    play["keys"] = list(reversed(play["keys"]))
    play["keys"][0] = format(int(play["keys"][0], 16) + 1, "x")
    assert not verdict(forged, hand)["ok"]
    assert not verdict({**part, "transcript": "x"}, hand)["ok"] and not verdict(part, {"dealer": "N"})["ok"]
    assert not verdict(part, None)["ok"] and verdict(part, hand)["ok"]


def last_state(page: Any) -> dict[str, Any]:
    """The last ``state`` message a page got."""
    return next(message for message in map(json.loads, reversed(page.got)) if message["t"] == "state")


def page_at(world: World, seat: Seat) -> Any:
    return next(page for page in world.pages.values() if page.seat == seat)


def test_the_move_clock_times_a_blind_hands_public_turn_and_a_casual_table_gives_a_late_device_up() -> None:
    """At a host-blind table with a move clock every state times the public turn; a bid moves it on; a seat out of
    time at a casual table has its device given up (the computer cannot play a hand it cannot see): the others
    reveal, and the computer plays the seat on from the revealed deal."""
    world = World(clock=(5000, 0))
    room = world.room
    assert room.blind is not None
    public = room.blind.public
    first = public.turn
    assert public.phase == "bidding" and first is not None
    for page in world.pages.values():
        assert last_state(page)["clock"] == {"seat": first.name, "move_ms": 5000, "reserve_ms": 0}
    world.now += 1000
    page = page_at(world, first)
    world.chunks(page, page.device.bid(3))
    late = public.turn
    assert late is not None and late != first
    assert last_state(page)["clock"] == {"seat": late.name, "move_ms": 5000, "reserve_ms": 0}
    world.now += 4999
    world.deliver(room.tick(world.now))
    assert room.blind is not None and room.blind.refused is None  # within its move time
    world.now += 2
    world.deliver(room.tick(world.now))
    for _ in range(3):  # the reveals awaited; a later tick settles the hand once they are in
        world.now += 100
        world.deliver(room.tick(world.now))
    assert room.blind is None and room.table is not None
    assert room.table.seats[late].away and room.table.game.phase is Phase.BIDDING  # played on by the computer
    assert room.table.game.hand_number == 1 and room.table.game.history[-1].moves[:1] == (3,)  # the bid made stays
    for each in world.pages.values():  # every device settled alike: the late seat named, its side as having left
        outcome = each.device.outcome
        assert outcome is not None and outcome.left == (late,), each.seat
        assert outcome.events[0]["kind"] == "blind_left" and outcome.events[0]["seat"] == late.name


def test_a_rated_blind_table_votes_on_a_seat_out_of_time_and_the_unknown_first_lead_is_not_timed() -> None:
    world = World("rated", clock=(5000, 0))
    room = world.room
    assert room.blind is not None and room.blind.public.turn is not None
    world.now += 5001
    world.deliver(room.tick(world.now))
    assert room.vote is not None and room.vote["why"] == "time" and room.blind.refused is None
    assert all(last_state(page)["clock"] is None for page in world.pages.values())  # not timed while they vote
    late = room.blind.public.turn
    assert not room.table and late.name not in room.vote["votes"] and len(room.vote["votes"]) == 3
    for voter in room.vote["votes"]:  # nobody waits: the game ends unscored, the late person's drop counted
        world.deliver(room.receive(page_at(world, Seat[voter]).peer, {"t": "vote", "wait": False}, world.now))
    assert room.ended == "unscored" and room.disconnects == {NAMES[late.name]: 1}
    assert all(page.ended == {"t": "ended", "reason": "unscored", "disconnected": NAMES[late.name]}
               for page in world.pages.values())  # fmt: skip
    # one waits: the slow player has a move time again, out of time again the others are asked again, and a bid
    # made through the device after all ends that vote; the hand plays on
    world = World("rated", clock=(5000, 0))
    room = world.room
    late = room.blind.public.turn
    world.now += 5001
    world.deliver(room.tick(world.now))
    voters = list(room.vote["votes"])
    for voter in voters:
        vote = {"t": "vote", "wait": voter == voters[0]}
        world.deliver(room.receive(page_at(world, Seat[voter]).peer, vote, world.now))
    assert room.vote is None and room.ended is None
    assert all(last_state(page)["clock"] == {"seat": late.name, "move_ms": 5000, "reserve_ms": 0}
               for page in world.pages.values())  # fmt: skip
    world.now += 5000
    world.deliver(room.tick(world.now))
    assert room.vote is not None and room.vote["seat"] == late.name
    page = page_at(world, late)
    world.now += 3000
    world.chunks(page, page.device.bid(3))
    assert room.vote is None and room.ended is None and room.blind.public.turn != late
    votes = [m for m in map(json.loads, page_at(world, Seat[voters[0]]).got) if m["t"] == "vote"]
    assert votes[-1] == {"t": "vote", **votes[-2], "result": "wait"}
    for page in world.pages.values():  # every message of the clock and the votes passes a guest's boundary
        for message in map(json.loads, page.got):
            assert check_host_message(message) == message
    # the two-of-clubs rule: nobody but its holder knows who leads the first trick, so nothing is timed then
    world = World(rules={"preset": "standard", "first_lead": "two_clubs"}, clock=(5000, 0))
    room = world.room
    for _ in range(4):
        page = world.to_move()
        assert page is not None
        world.chunks(page, page.device.bid(3))
    assert room.blind is not None and room.blind.public.phase == "playing" and room.blind.public.turn is None
    assert all(last_state(page)["clock"] is None for page in world.pages.values())
    world.now += 60_000
    world.deliver(room.tick(world.now))
    assert room.blind is not None and room.blind.refused is None and room.vote is None


def test_a_hosts_reload_during_a_rated_blind_hand_is_its_side_leaving_told_to_each_guest_once() -> None:
    """A rated table's host who has seen its cards cannot have the hand dealt again by reloading: the loaded room
    has ended with the host's side as the one that left (a guest who reloads loses its device and the game too),
    and each guest hears it once, as it comes back; at a casual table the hand is only dealt again."""
    world = World("rated")
    room = world.room
    assert room.blind is not None and room.blind.hand == 1 and world.pages[HOST].device.device.dealt
    saved = json.loads(json.dumps(room.save()))
    loaded = Room.load(saved, world.now)
    news = {"t": "ended", "reason": "left", "left": NAMES["S"], "loser": "NS"}
    assert (loaded.ended, loaded.left, loaded.ended_news) == ("left", NAMES["S"], news)

    def back(into: Room, peer: str, seat: str, link: str) -> list[dict]:
        hello = {"t": "hello", "name": NAMES[seat], "token": room.members[peer].token}
        return [m for p, m in into.receive(link, hello, world.now) if p == link and m["t"] == "ended"]

    assert back(loaded, "p-E", "E", "p-E2") == [news]
    assert back(loaded, "p-E", "E", "p-E3") == []  # said once
    again = Room.load(json.loads(json.dumps(loaded.save())), world.now)  # the host reloads once more
    assert again.ended == "left" and back(again, "p-E", "E", "p-E4") == []
    assert back(again, "p-W", "W", "p-W2") == [news]
    again.receive(HOST, {"t": "intent", "n": 99, "intent": {"type": "next_hand"}}, world.now)
    assert again.blind is None and again.table is None  # no hand is dealt at the ended table
    casual = World()
    assert casual.room.blind is not None
    assert Room.load(json.loads(json.dumps(casual.room.save())), casual.now).ended is None
    forged = {**saved, "blind_hand": None, "ended_news": {**news, "left": "<b>" * 50}}
    assert Room.load(forged, world.now).ended_news is None  # a saved news that is not one is dropped
