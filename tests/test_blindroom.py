"""A host-blind hand through the host's room (spades.table.blindroom) and its chunks (spades.table.chunks).

The whole hands (also in Pyodide) are in tests/portable/test_blindroom.py; here: chunks over many sizes and
hostile runs, what the host's page holds (it decrypts no card before its play), the relay refusing a forged card
or a message sent as another seat, a hand given up for nothing, the record's fair part and ``verify``, and the
events worded in three languages.
"""

from __future__ import annotations

import json
from functools import cache
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from spades.cards import CARD_NAMES, Seat
from spades.errors import CODES, FairError
from spades.formats.record import to_record
from spades.i18n.catalog import MESSAGES
from spades.rules import Rules
from spades.table import blind
from spades.table.blind import encode, power
from spades.table.blindroom import ERROR_CODES, EVENT_KINDS, BlindRelay, BlindSeat, PublicHand, rebuild
from spades.table.chunks import GUEST_LIMIT, HOST_LIMIT, MAX_PARTS, ChunkError, Joiner, size, split
from spades.table.group import L
from spades.table.room import MESSAGE_LIMIT
from spades.table.verify import verify_record
from tests.portable.test_blindroom import Room, modified
from tests.portable.test_room import GUESTS, peer_of, room_with_four

LANGUAGES = ("en", "zh-Hans", "zh-Hant")
TEXT = st.text(alphabet=st.characters(codec="utf-8", exclude_categories=("Cs",)), max_size=3000)


# ----------------------------------------------------------------- chunks


def test_the_chunk_limits_are_the_rooms_and_the_transports() -> None:
    assert GUEST_LIMIT == MESSAGE_LIMIT  # a guest's chunk passes the room's check
    assert HOST_LIMIT <= 64 * 1024 // 2  # static/online/net.mjs MESSAGE_LIMIT, with room to spare


@settings(max_examples=60, deadline=None)
@given(
    payload=st.dictionaries(st.text(max_size=8), st.one_of(TEXT, st.integers(), st.lists(TEXT, max_size=6))),
    limit=st.integers(min_value=200, max_value=40_000),
    sender=st.one_of(st.none(), st.sampled_from("NESW")),
    first=st.integers(min_value=1, max_value=2**40),
)
def test_any_object_splits_into_chunks_within_the_limit_and_joins_back(
    payload: dict[str, Any], limit: int, sender: str | None, first: int
) -> None:
    joiner = Joiner()
    joiner.last = first - 1
    chunks = split(payload, first, limit, sender)
    assert all(size(chunk) <= limit for chunk in chunks)
    assert [c["part"] for c in chunks] == list(range(len(chunks))) and {c["of"] for c in chunks} == {len(chunks)}
    assert all(c.get("from") == sender for c in chunks)
    joined = [joiner.add(json.loads(json.dumps(chunk))) for chunk in chunks]
    assert joined[:-1] == [None] * (len(chunks) - 1) and joined[-1] == payload
    assert joiner.last == first


@settings(max_examples=40, deadline=None)
@given(data=st.data())
def test_a_run_out_of_order_is_refused_in_one_line_and_the_next_object_gets_through(data: st.DataObject) -> None:
    payload = {"type": "shuffle", "deck": [format(2**2000 + i, "x") for i in range(12)]}
    chunks = split(payload, 1, 1000)
    assert len(chunks) > 3
    bad = data.draw(st.sampled_from(["skip", "again", "id", "of", "data", "type"]))
    at = data.draw(st.integers(min_value=1, max_value=len(chunks) - 1))
    run = [dict(c) for c in chunks]
    if bad == "skip":
        del run[at]
    elif bad == "again":
        run.insert(at, run[at - 1])
    elif bad == "id":
        run[at]["id"] = 5
    elif bad == "of":
        run[at]["of"] = MAX_PARTS + 1
    elif bad == "data":
        run[at]["data"] = 7
    else:
        run[at]["t"] = "chat"
    run += split({"type": "next"}, 2, 1000)  # the next object: a run cut short is refused there at the latest
    joiner = Joiner()
    with pytest.raises(ChunkError) as error:
        for chunk in run:
            assert joiner.add(chunk) is None
    assert error.value.code == "blind_chunk" and "\n" not in str(error.value)
    again = split({"type": "hello"}, 9, GUEST_LIMIT)  # the sender's next object starts a new run
    assert joiner.add(again[0]) == {"type": "hello"}


def test_joined_text_that_is_no_object_is_refused() -> None:
    for data in ("[1, 2]", "{", '"x"'):
        with pytest.raises(ChunkError, match=r"^a chunk cannot be taken: the joined text is not"):
            Joiner().add({"t": "blind", "id": 1, "part": 0, "of": 1, "data": data})


# ----------------------------------------------------------------- what the host holds


@cache
def one_trick() -> Room:
    room = Room(table="t-host")
    room.bid_all()
    room.play_all(stop=4)
    return room


def test_the_hosts_page_cannot_decrypt_a_guests_card_before_it_is_played() -> None:
    room = one_trick()
    relay, host = room.relay, room.seats[Seat.N].device  # the host sits North: its page holds both
    # every chunk the relay sent, joined again, is a message of the transcript or a bid: nothing else went by
    joiners: dict[tuple[Seat, str], Joiner] = {}
    relayed = []
    for to, chunk in room.down:
        whole = joiners.setdefault((to, chunk["from"]), Joiner()).add(chunk)
        if whole is not None and to == Seat.E:
            relayed.append(whole)
    assert [m for m in relayed if m["type"] != "bid"] == [m for m in relay.transcript if m["from"] != "E"]
    # everything the host holds: its own keys, the keys sent to it, every key and number that went by
    keys = {int(k, 16) for m in relay.transcript if m["type"] == "play" for k in m["keys"]}
    keys |= {k for seat, own in host._keys.items() for k in own} | set(host._b) | {host._a, host._x}
    cards = {encode(c): c for c in range(52)}
    played = relay.public.positions
    unplayed = [t for t in range(13, 52) if t not in played]
    assert len(unplayed) == 39 - 3
    devices = [seat.device for seat in room.seats]
    for t in unplayed:
        # the one exponent that opens position t is the product of its four keys, one a device (docs/fair-play.md):
        # proved here with its owner's card; in the cards' subgroup of prime order L, E_e undoes it for e = that
        # product only (any other e would be a discrete logarithm between two cards), so a key the host holds, or
        # one times the host's own key of t, opens t exactly when it equals that product mod L
        opens = 1
        for device in devices:
            opens = opens * device._b[t] % L
        assert power(encode(devices[t // 13].cards[t]), opens) == relay.final[t], t
        assert opens not in {1, *(host._b[t] * k % L for k in keys), *(k % L for k in keys)}, t
        assert power(host.shuffles[4][t], blind.inverse(host._a)) not in cards
    # the relay's own state holds no key at all, and names only the cards played
    assert not any(hasattr(relay, name) for name in ("_a", "_b", "_x", "_keys", "device"))
    named = {m.get("card") for m in relay.transcript} - {None}
    assert named == {CARD_NAMES[c] for c in relay.public.play}


# ----------------------------------------------------------------- the relay refuses, a device gives up


class Forger(BlindSeat):
    """A modified page that plays the ace of spades whatever it holds (with the keys of its first position)."""

    def play(self, card: int | str) -> list[dict[str, Any]]:
        message = self.device.play(next(iter(self.device.cards.values())))
        message["card"] = "AS" if message["card"] != "AS" else "KS"
        return self._send([message])


class Impostor(BlindSeat):
    """A modified page whose bid says it comes from another seat."""

    def bid(self, bid: int | str) -> list[dict[str, Any]]:
        return self._send([{"type": "bid", "from": "S", "bid": 3}])


class Quitter(BlindSeat):
    """A modified page that gives the hand up after the deal, with nothing wrong."""

    def bid(self, bid: int | str) -> list[dict[str, Any]]:
        return self._send(self._give_up())


def settled_after(room: Room) -> Any:
    assert room.relay.outcome is not None
    for seat in room.seats:
        assert seat.outcome is not None and seat.outcome.to_json() == room.relay.outcome.to_json()
    return room.relay.outcome


def test_a_forged_card_is_refused_by_the_relay_and_the_forgers_side_leaves() -> None:
    room = Room(make=modified(Forger, Seat.N))  # North leads first (West deals)
    room.bid_all()
    room.send(Seat.N, room.seats[Seat.N].play(0))
    room.run()
    outcome = settled_after(room)
    assert outcome.left == (Seat.N,) and outcome.error.code == "blind_refused"
    assert "is not the card it holds there" in outcome.error.params["why"]
    assert outcome.events[0]["kind"] == "blind_left" and outcome.events[0]["seat"] == "N"
    assert not room.relay.public.play  # the forged card never reached the table


def test_a_message_sent_as_another_seat_is_refused() -> None:
    room = Room(make=modified(Impostor, Seat.N), dealer=Seat.W)
    room.bid_all()
    outcome = settled_after(room)
    assert outcome.left == (Seat.N,) and outcome.error.params["why"] == "sent as 'S'"


def test_a_hand_given_up_with_nothing_wrong_names_who_gave_it_up() -> None:
    room = Room(make=modified(Quitter, Seat.N))
    room.bid_all()
    outcome = settled_after(room)
    assert outcome.verification.line.startswith("does not hold: N gave the hand up")
    assert outcome.left == (Seat.N,) and outcome.error.code == "blind_abandoned"


class Liar(Quitter):
    """A modified page that gives the hand up and reveals a deck key that is not the one it shuffled with."""

    def _give_up(self) -> list[dict[str, Any]]:
        out = super()._give_up()
        for message in out:
            message["a"] = format(7, "x")
        return out


def test_a_reveal_that_does_not_match_names_the_device_and_its_side_leaves() -> None:
    room = Room(make=modified(Liar, Seat.E))
    room.bid_all()
    outcome = settled_after(room)
    assert outcome.left == (Seat.E,) and outcome.error.code == "fair_bad_shuffle"
    assert outcome.events == [{"kind": "blind_left", "seat": "E", "code": "fair_bad_shuffle", "params": {"seat": "E"}}]


def dealt_in_public(rules: Rules | None = None) -> PublicHand:
    """A PublicHand that has seen the 36 messages of a deal (their shapes only: the cipher is not its business)."""
    public = PublicHand(rules or Rules(), Seat.W)
    for seat in "NESW":
        public.observe({"type": "hello", "from": seat})
        for to in "NESW".replace(seat, ""):
            public.observe({"type": "keys", "from": seat, "to": to})
        public.observe({"type": "shuffle", "from": seat})
        for block in range(4):
            public.observe({"type": "lock", "from": seat, "block": block})
    return public


@pytest.mark.parametrize(
    "message",
    [
        {"type": "keys", "from": "N", "to": "N"},
        {"type": "keys", "from": "N", "to": "X"},
        {"type": "lock", "from": "E", "block": 4},
        {"type": "lock", "from": "E", "block": True},
        {"type": "shuffle", "from": "S", "block": 1},
        {"type": "bid", "from": "N", "bid": 3},
        {"type": "play", "from": "N", "card": "2C", "position": 0},
        {"type": "chat", "from": "W"},
    ],
)
def test_the_public_state_refuses_a_deal_message_of_the_wrong_shape_or_a_move_before_the_deal(
    message: dict[str, Any],
) -> None:
    public = PublicHand(Rules(), Seat.W)
    public.observe({"type": "keys", "from": "E", "to": "N"})
    with pytest.raises(FairError) as error:
        public.observe(message)
    assert error.value.code == "fair_unexpected" and error.value.seat == message["from"]


def test_the_public_state_keeps_turns_tricks_and_winners_and_refuses_what_is_out_of_turn() -> None:
    public = dealt_in_public()
    assert public.phase == "bidding" and public.turn == Seat.N
    with pytest.raises(FairError, match=r"^N sent hello out of turn$"):
        public.observe({"type": "hello", "from": "N"})
    with pytest.raises(FairError, match=r"^E sent bid out of turn$"):
        public.observe({"type": "bid", "from": "E", "bid": 3})
    for seat in "NESW":
        public.observe({"type": "bid", "from": seat, "bid": 3})
    assert public.phase == "playing" and public.turn == Seat.N
    for position, (seat, card) in enumerate(zip("NESW", ("KH", "AH", "2S", "3H"), strict=True)):
        public.observe({"type": "play", "from": seat, "card": card, "position": position * 13})
    assert public.tricks[0].winner == Seat.S and public.turn == Seat.S and public.won == [0, 0, 1, 0]
    assert public.voids[Seat.S] == 1 << 2 and public.broken
    with pytest.raises(FairError, match=r"^N sent play 4H out of turn$"):
        public.observe({"type": "play", "from": "N", "card": "4H", "position": 1})
    public.observe({"type": "reveal", "from": "E"})  # E gives the hand up: nothing but reveals counts any more
    public.observe({"type": "play", "from": "S", "card": "5S", "position": 27})
    assert public.given_up == Seat.E and len(public.play) == 4 and public.turn is None


# ----------------------------------------------------------------- the record and verify


@cache
def whole() -> Room:
    room = Room(table="t-rec")
    room.bid_all()
    room.play_all()
    return room


def test_the_relays_fair_part_makes_a_record_that_verify_checks() -> None:
    room = whole()
    outcome = room.relay.outcome
    assert outcome is not None and outcome.ok
    game = rebuild(room.rules, room.dealer, outcome.deal, room.relay.public.bids, outcome.play)
    record = json.loads(json.dumps(to_record(game, {1: room.relay.fair_part()})))
    verdict = verify_record(record)
    assert verdict.ok and verdict.line.startswith("holds: 1 host-blind deal checked"), verdict.line
    last = record["hands"][0]["fair"]["transcript"][-1]
    last["a"] = format(5, "x")  # a reveal changed afterwards
    verdict = verify_record(record)
    assert verdict.line == f"does not hold: hand 1: {last['from']}'s shuffle is not its deck key and permutation"


def test_rebuild_continues_a_game_and_refuses_the_wrong_dealer() -> None:
    room = whole()
    outcome = room.relay.outcome
    assert outcome is not None and outcome.deal is not None
    bids = room.relay.public.bids
    game = rebuild(room.rules, room.dealer, outcome.deal, bids, outcome.play)
    again = rebuild(room.rules, Seat.N, outcome.deal, bids, [], game)  # the next hand, dealt by North
    assert again.hand_number == 2 and again.dealer == Seat.N
    with pytest.raises(blind.FairError, match="cannot take a hand dealt by E"):
        rebuild(room.rules, Seat.E, outcome.deal, bids, outcome.play, game)


# ----------------------------------------------------------------- words


def test_every_event_and_code_is_worded_in_three_languages() -> None:
    events = [
        {"kind": "blind_audit", "ok": True},
        {"kind": "blind_renege", "seat": "E", "card": "QH", "n": 7, "rated": False, "tricks": 3},
        {"kind": "blind_renege", "seat": "E", "card": "QH", "n": 7, "rated": True, "loser": "EW"},
        {"kind": "blind_left", "seat": "W", "code": "fair_no_reveal", "params": {"seats": ["W"]}},
    ]
    assert {event["kind"] for event in events} == set(EVENT_KINDS)
    for code in ERROR_CODES:
        assert code in CODES
    for lang in LANGUAGES:
        for event in events:
            key = event["kind"] + ("_rated" if event.get("rated") else "")
            params = {k: str(v) for k, v in event.items() if k not in ("kind", "params")}
            if event["kind"] == "blind_left":
                params["reason"] = MESSAGES["err_" + event["code"]][lang].format(seats="W")
            text = MESSAGES[key][lang].format(**params)  # every placeholder filled, none left over
            assert text and "{" not in text and (event["kind"] == "blind_audit" or event["seat"] in text)


# ----------------------------------------------------------------- through the room


def test_the_rooms_blind_chunks_reach_the_relay_and_the_seats_get_their_cards() -> None:
    room, net = room_with_four()
    room.blind = BlindRelay("t-room", 1, room.rules, Seat.W)
    seats = {seat: BlindSeat(seat, "t-room", 1, room.rules, Seat.W) for seat in Seat}
    queue = [(seat, chunk) for seat in Seat for chunk in seats[seat].start()]
    while queue:
        seat, chunk = queue.pop(0)
        net.now += 150  # a device's chunks come at its pace (the room's rate limit: 20 at once, 10 a second)
        for peer, out in room.receive(peer_of(seat.name), chunk, net.now):
            to = Seat[GUESTS.get(peer, "S")]
            queue += [(to, c) for c in seats[to].receive(out)]
    assert room.dropped_messages == 0
    assert [len(seats[seat].device.cards) for seat in Seat] == [13] * 4 and room.blind.public.phase == "bidding"
    room.blind = None  # no hand dealt that way: a chunk is dropped and counted
    assert room.receive("p-e", split({"type": "hello"}, 99, GUEST_LIMIT)[0], net.now + 1000) == []
    assert room.dropped_messages == 1
