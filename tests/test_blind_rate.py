"""The room's rate limit and a host-blind hand (spades.table.room BLIND_RATE, spades.table.blindroom BLIND_CHUNKS).

A device sends 9 chunks within the deal's second and 24 in a hand; the room's bucket for every message (RATE: 20
at once, 10 a second) is for people's intents, so a member's blind chunks have a bucket of their own, sized from
the protocol:
here a whole hand's chunks of all four devices pass the room at one instant, the count of a device's chunks
stays within BLIND_CHUNKS, and a flood of junk chunks is still cut off at the bucket's size.
"""

from __future__ import annotations

from collections import Counter, deque

from spades.cards import Seat
from spades.rules import PRESETS, Rules
from spades.table.blindroom import BLIND_CHUNKS, BlindRelay, BlindSeat
from spades.table.chunks import GUEST_LIMIT, split
from spades.table.room import BLIND_RATE, RATE
from tests.portable.test_blindroom import Room
from tests.portable.test_room import GUESTS, peer_of, room_with_four


def test_a_devices_chunks_for_a_whole_hand_stay_within_blind_chunks() -> None:
    for rules in (PRESETS["standard"], Rules(jokers=True)):
        room = Room(rules=rules)
        dealt = Counter(seat for seat, _ in room.up)
        room.bid_all()
        room.play_all()
        sent = Counter(seat for seat, _ in room.up)
        assert room.relay.outcome is not None and room.relay.outcome.ok
        assert set(dealt.values()) == {9}  # hello 1, key boxes 3, shuffle 1, lock blocks 4
        assert set(sent.values()) == {24}  # and bid 1, cards 13, reveal 1
        assert max(sent.values()) <= BLIND_CHUNKS - 10 and BLIND_RATE[0] >= 2 * BLIND_CHUNKS  # margin: a reveal


def test_a_whole_blind_hand_passes_the_room_at_full_speed() -> None:
    room, net = room_with_four()
    relay = room.blind = BlindRelay("t-rate", 1, room.rules, Seat.W)
    seats = {seat: BlindSeat(seat, "t-rate", 1, room.rules, Seat.W) for seat in Seat}
    queue: deque[tuple[Seat, dict]] = deque((seat, chunk) for seat in Seat for chunk in seats[seat].start())
    sent: Counter[Seat] = Counter()

    def run() -> None:
        while queue:
            seat, chunk = queue.popleft()
            sent[seat] += 1
            for peer, out in room.receive(peer_of(seat.name), chunk, net.now):  # all at the same instant
                to = Seat[GUESTS.get(peer, "S")]
                queue.extend((to, c) for c in seats[to].receive(out))

    run()
    public = relay.public
    while public.phase == "bidding":
        seat = seats[public.turn]
        queue.extend((seat.seat, c) for c in seat.bid(3 if 3 in seat.view().legal else seat.view().legal[-1]))
        run()
    while public.phase == "playing":
        seat = next(s for s in seats.values() if s.view().turn == s.seat)
        queue.extend((seat.seat, c) for c in seat.play(seat.legal()[0]))
        run()
    assert room.dropped_messages == 0 and min(sent.values()) > RATE[0]
    outcome = relay.outcome  # (the room has settled it: its relay is gone)
    assert room.blind is None and outcome is not None and outcome.ok, outcome.verification.line
    # the plain bucket is untouched: the host's chat passes as before
    assert room.receive("p-e", {"t": "chat", "text": "gg"}, net.now) != [] and room.dropped_messages == 0


def test_a_flood_of_junk_chunks_is_still_limited() -> None:
    room, net = room_with_four()
    room.blind = BlindRelay("t-rate", 1, room.rules, Seat.W)
    junk = split({"type": "hello", "dh": "00"}, 1, GUEST_LIMIT)[0]
    flood = 500
    for _ in range(flood):
        room.receive("p-e", dict(junk), net.now)
    assert room.dropped_messages == flood - BLIND_RATE[0]
    net.now += 1000  # a second later: the refill, no more
    for _ in range(flood):
        room.receive("p-e", dict(junk), net.now)
    assert room.dropped_messages == 2 * flood - BLIND_RATE[0] - int(BLIND_RATE[1])
    before = room.dropped_messages  # a stranger's chunks count against the plain bucket and are dropped
    for _ in range(30):
        room.receive("p-stranger", dict(junk), net.now)
    assert room.dropped_messages == before + 30
