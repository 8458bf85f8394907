"""Fair deals: commit–reveal (spades.table.fair), host-blind dealing (spades.table.blind), ``python -m spades verify``.

Four simulated devices deal through a relay that sees every message (tests/portable/test_fair.py's harness; whole
hands are played there, also in Pyodide).  Here: the group is edwards25519's (checked against RFC 8032); the
cipher commutes and undoes; sealed boxes open only with their key; a tampered shuffle, a deck outside the group,
a forged card, lying keys, a lying reveal, a message out of turn and a refused reveal are each caught and named;
the relay's device, holding everything it saw, cannot decrypt a card of another seat before it is played; any
change to a finished hand's transcript is caught; commit–reveal over random secrets; the record's fair part and
the command line.
"""

from __future__ import annotations

import copy
import hashlib
import json
import subprocess
import sys
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from nacl import bindings as sodium

from spades.cards import CARD_NAMES, Seat, mask_cards, parse_card
from spades.errors import FairError, RecordError
from spades.formats.record import from_record, to_record
from spades.game import Game, Phase
from spades.rng import deal_masks
from spades.table import blind, fair
from spades.table.blind import Device, encode, power
from spades.table.group import L
from spades.table.verify import verify_record
from tests.portable.test_fair import Relay, play_hand

ROOT = Path(__file__).resolve().parent.parent
SLOW = settings(max_examples=6, deadline=None)


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "spades", *args], cwd=ROOT, capture_output=True, text=True, check=False
    )


@cache
def finished() -> tuple[Relay, list[int], list[int]]:
    """One whole host-blind hand, revealed (shared by the tests that only read it)."""
    relay = Relay(table="t-fin")
    bids, played = play_hand(relay)
    relay.reveal()
    return relay, bids, played


def audit_of(transcript: list[dict[str, Any]], bids: list[int], table: str = "t-fin") -> blind.Audit:
    return blind.audit(table, 1, transcript, Seat.W, bids)


def caught(verdict: fair.Verification | blind.Audit, code: str, seat: str) -> None:
    error = verdict.verification.error if isinstance(verdict, blind.Audit) else verdict.error
    assert error is not None, "it should not hold"
    assert (error.code, error.seat) == (code, seat), str(error)


# ----------------------------------------------------------------- the group and the cipher


# RFC 8032, section 7.1, TEST 1: a secret key and its public key (A = a·B, a from SHA-512 of the key, clamped)
RFC8032_SECRET = "9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60"
RFC8032_PUBLIC = "d75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a"
ORDER_TWO = "ecffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f"  # (0, -1): of order 2


def add(x: str, y: str) -> str:
    """``x + y`` on the curve (libsodium; the tests' own, to make elements the protocol never makes)."""
    return str(sodium.crypto_core_ed25519_add(bytes.fromhex(x), bytes.fromhex(y)).hex())


def test_the_group_is_ed25519s_prime_order_subgroup_checked_against_rfc_8032() -> None:
    # someone else's yardstick: RFC 8032's public key of its first test key is a·B for our base and arithmetic
    digest = bytearray(hashlib.sha512(bytes.fromhex(RFC8032_SECRET)).digest()[:32])
    digest[0] &= 248
    digest[31] = digest[31] & 127 | 64
    assert power(blind.generator(), int.from_bytes(digest, "little")) == RFC8032_PUBLIC
    assert L == 2**252 + 27742317777372353535851937790883648493 and pow(2, L - 1, L) == 1
    elements = [encode(card) for card in range(54)]
    assert len(set(elements)) == 54 and blind.in_group(elements) and blind.in_group([blind.generator()])
    # the cipher's exponents work modulo L: (L + 1)·x = x
    assert power(elements[5], L + 1) == elements[5] and power(power(elements[5], L - 1), L - 1) == elements[5]
    # outside the subgroup: a point of order 2, a card moved by it, the identity, no point, not canonical text
    assert not blind.in_group([ORDER_TWO]) and not blind.in_group([*elements[:10], add(elements[10], ORDER_TWO)])
    identity = "01" + "00" * 31
    assert not blind.in_group([identity]) and not blind.in_group(["ff" * 32])
    assert not blind.in_group([elements[0].upper()]) and not blind.in_group([elements[0][:-2]])


@SLOW
@given(st.integers(1, L - 1), st.integers(1, L - 1), st.integers(0, 53))
def test_the_cipher_commutes_and_the_inverse_undoes_it(j: int, k: int, card: int) -> None:
    m = encode(card)
    assert power(power(m, j), k) == power(power(m, k), j)
    assert power(power(m, k), blind.inverse(k)) == m


@settings(max_examples=30, deadline=None)
@given(st.binary(min_size=32, max_size=32), st.lists(st.integers(1, L - 1), min_size=1, max_size=13), st.data())
def test_a_sealed_box_opens_only_with_its_key_and_unchanged(key: bytes, keys: list[int], data: st.DataObject) -> None:
    box = blind.seal(key, keys)
    assert blind.unseal(key, box, len(keys)) == keys
    assert blind.unseal(bytes(32) if key != bytes(32) else b"\1" * 32, box, len(keys)) is None
    raw = bytearray.fromhex(box)
    at = data.draw(st.integers(0, len(raw) - 1))
    raw[at] ^= data.draw(st.integers(1, 255))
    assert blind.unseal(key, raw.hex(), len(keys)) is None
    assert blind.unseal(key, box, len(keys) + 1) is None and blind.unseal(key, "zz", 1) is None


# ----------------------------------------------------------------- commit–reveal

secrets_by_seat = st.fixed_dictionaries({seat: st.binary(min_size=32, max_size=32) for seat in Seat})


@settings(max_examples=60, deadline=None)
@given(secrets_by_seat, st.text(max_size=12), st.integers(1, 10_000), st.sampled_from(list(Seat)), st.data())
def test_commit_reveal_holds_and_any_changed_secret_or_commitment_is_named(
    secrets: dict[Seat, bytes], table: str, hand: int, who: Seat, data: st.DataObject
) -> None:
    commits = {seat: fair.commitment(table, hand, seat, secret) for seat, secret in secrets.items()}
    seed = fair.combine(table, hand, secrets)
    deal = fair.deal_of(seed)
    verdict = fair.verify_commits(table, hand, commits, secrets, deal)
    assert verdict.ok and f"seed {seed}" in verdict.line and verdict.line.startswith("holds: 4 secrets")
    other = data.draw(st.binary(min_size=32, max_size=32).filter(lambda s: s != secrets[who]))
    caught(fair.verify_commits(table, hand, commits, {**secrets, who: other}, deal), "fair_commit_mismatch", who.name)
    forged = fair.commitment(table, hand, who, other)
    caught(fair.verify_commits(table, hand, {**commits, who: forged}, secrets, deal), "fair_commit_mismatch", who.name)
    # a commitment is for one table, hand and seat: it does not check elsewhere
    with pytest.raises(FairError):
        fair.check_reveal(table + "x", hand, who, secrets[who], commits[who])
    with pytest.raises(FairError):
        fair.check_reveal(table, hand + 1, who, secrets[who], commits[who])
    # the seed takes every secret: a changed one changes it (and with it the deal)
    assert fair.combine(table, hand, {**secrets, who: other}) != seed
    swapped = (deal[1], deal[0], deal[2], deal[3])
    verdict = fair.verify_commits(table, hand, commits, secrets, swapped)
    assert not verdict.ok and verdict.error is not None and verdict.error.code == "fair_deal_mismatch"


def test_a_device_that_never_reveals_is_named() -> None:
    secrets = {seat: bytes([seat]) * 32 for seat in Seat}
    commits = {seat: fair.commitment("t", 1, seat, secret) for seat, secret in secrets.items()}
    late = {seat: secrets[seat] for seat in (Seat.N, Seat.S)}
    assert fair.missing(commits, late) == [Seat.E, Seat.W]
    verdict = fair.verify_commits("t", 1, commits, late, fair.deal_of(0))
    assert verdict.error is not None and verdict.error.code == "fair_no_reveal"
    assert verdict.error.params == {"seats": ["E", "W"]} and verdict.line == "does not hold: no secret revealed by E, W"


def test_fields_cannot_run_into_each_other() -> None:
    secret = bytes(32)
    assert fair.commitment("t1", 12, Seat.N, secret) != fair.commitment("t11", 2, Seat.N, secret)
    assert fair.combine("t", 1, {Seat.N: b"ab", Seat.E: b"c"}) != fair.combine("t", 1, {Seat.N: b"a", Seat.E: b"bc"})


# ----------------------------------------------------------------- host-blind: what is caught, and who is named


def test_every_device_audits_a_whole_hand_and_the_relay_saw_no_card_before_its_play() -> None:
    relay, bids, played = finished()
    for device in relay.devices:
        assert device.audit(Seat.W, bids).ok
    cards = [json.loads(json.dumps(m)).get("card") for m in relay.seen]
    assert sorted(CARD_NAMES[c] for c in played) == sorted(c for c in cards if c is not None)


def test_the_relays_own_device_cannot_decrypt_another_seats_card_before_it_is_played() -> None:
    relay = Relay(table="t-view")
    host = relay.devices[Seat.N]
    played = []
    game = Game(deal=relay.deal(), dealer=Seat.W)
    for _ in range(4):
        game.bid(3)
    for _ in range(4):  # one trick
        card = game.legal_moves()[0]
        relay.send(relay.devices[game.turn].play(card))
        game.play(card)
        played.append(card)
    # everything the host holds: its own keys, the keys sent to it, every message it relayed
    received = [k for seat, keys in host._keys.items() if seat != host.seat for k in keys]
    shown = [int(k, 16) for m in relay.seen if m["type"] == "play" for k in m["keys"]]
    cards = {encode(c): c for c in range(52)}
    unplayed = [t for t in range(13, 52) if t not in host.played]
    assert len(unplayed) == 39 - 3
    shuffled, final = host.shuffles[4], host.locks[3]
    for t in unplayed:
        assert power(shuffled[t], blind.inverse(host._a)) not in cards
        # the one exponent that opens t is the product of its four devices' keys (proved with the owner's card; in
        # the group of prime order L no other one opens it): the host's key of t times any key it holds
        # opens t exactly when it equals that product
        opens = 1
        for device in relay.devices:
            opens = opens * device._b[t] % L
        assert power(encode(relay.devices[list(Seat)[t // 13]].cards[t]), opens) == final[t], t
        assert opens not in {host._b[t] * k % L for k in [1, *received, *shown]}, t
    # the boxes sealed for other seats do not open with any key the host can make
    for m in relay.seen:
        if m["type"] == "keys" and host.seat.name not in (m["from"], m["to"]):
            for other in Seat:
                key = blind._box_key("t-view", 1, Seat[m["from"]], Seat[m["to"]], power(host.publics[other], host._x))
                assert blind.unseal(key, m["box"], 13) is None
    # and no message it relayed names a card that was not played
    named = {m.get("card") for m in relay.seen} - {None}
    assert named == {CARD_NAMES[c] for c in played}


def test_a_tampered_shuffle_is_found_at_the_audit_and_names_the_shuffler() -> None:
    def tamper(message: dict[str, Any]) -> dict[str, Any]:
        if message["type"] == "shuffle" and message["from"] == "S":
            deck = list(message["deck"])
            deck[7] = deck[3]  # a card twice, another gone: still in the group, so the next device goes on
            return {**message, "deck": deck}
        return message

    relay = Relay(table="t-shuf", tamper=tamper)
    relay.reveal()
    caught(relay.devices[0].audit(Seat.W, []), "fair_bad_shuffle", "S")


def test_a_deck_outside_the_group_is_refused_by_the_next_device_naming_the_sender() -> None:
    def tamper(message: dict[str, Any]) -> dict[str, Any]:
        if message["type"] == "shuffle" and message["from"] == "N":
            deck = list(message["deck"])
            deck[0] = add(deck[0], ORDER_TWO)  # a mark that would survive E's encryption and betray the permutation
            return {**message, "deck": deck}
        return message

    with pytest.raises(FairError) as error:
        Relay(table="t-group", tamper=tamper)
    assert (error.value.code, error.value.seat) == ("fair_not_in_group", "N")


def test_a_forged_card_is_refused_by_every_other_device_naming_the_player() -> None:
    relay, _, _ = finished_dealt()
    east = relay.devices[Seat.E]
    honest = east.play(next(iter(east.cards.values())))
    not_east = next(c for c in range(52) if c not in east.cards.values())
    for forged in (
        {**honest, "card": CARD_NAMES[not_east]},  # another card at the same position, with the same keys
        {**honest, "position": 0},  # a position of North's
        {**honest, "keys": [format(int(k, 16) + 1, "x") for k in honest["keys"]]},
    ):
        for device in relay.devices:
            if device.seat is not Seat.E:
                with pytest.raises(FairError) as error:
                    device.receive(forged)
                assert error.value.seat == "E", forged
    assert relay.devices[Seat.N].receive(honest) == []  # the true card still passes


@cache
def finished_dealt() -> tuple[Relay, None, None]:
    return Relay(table="t-deal"), None, None


class LyingEast(Device):
    """East, modified: it seals South keys that are not the ones it locks with."""

    def _on_hello(self, sender: Seat, message: dict[str, Any]) -> list[dict[str, Any]]:
        out = super()._on_hello(sender, message)
        for m in out:
            if m["type"] == "keys" and self.seat is Seat.E and m["to"] == "S":
                key = blind._box_key(self.table, self.hand, Seat.E, Seat.S, power(self.publics[Seat.S], self._x))
                m["box"] = blind.seal(key, [blind.new_key() for _ in range(13)])
        return out


def test_keys_that_are_not_the_senders_are_named_at_the_audit() -> None:
    relay = Relay(table="t-keys", make=LyingEast)
    south = relay.devices[Seat.S]
    assert len(south.unreadable) == 13 and south.cards == {} and south.dealt
    relay.reveal()
    audit = relay.devices[Seat.N].audit(Seat.W, [])
    caught(audit, "fair_bad_keys", "E")
    assert audit.verification.error is not None and audit.verification.error.params["to"] == "S"


def test_a_refused_reveal_names_the_device() -> None:
    relay, bids, _ = finished()
    transcript = [m for m in relay.devices[0].transcript if not (m["type"] == "reveal" and m["from"] == "W")]
    audit = audit_of(transcript, bids)
    assert audit.verification.error is not None and audit.verification.error.params == {"seats": ["W"]}
    assert audit.verification.line == "does not hold: no secrets revealed by W"
    fresh = Relay(table="t-late")
    fresh.reveal((Seat.N, Seat.E, Seat.S))
    assert fresh.devices[Seat.E].missing_reveals() == [Seat.W]


@pytest.mark.parametrize(
    ("field", "code"),
    [("a", "fair_bad_shuffle"), ("b", "fair_bad_lock"), ("x", "fair_value"), ("perm", "fair_bad_shuffle")],
)
def test_a_reveal_that_does_not_match_names_the_device(field: str, code: str) -> None:
    relay, bids, _ = finished()
    transcript = [dict(m) for m in relay.devices[0].transcript]
    reveal = next(m for m in transcript if m["type"] == "reveal" and m["from"] == "S")
    if field == "perm":
        reveal["perm"] = [reveal["perm"][1], reveal["perm"][0], *reveal["perm"][2:]]
    elif field == "b":
        reveal["b"] = [format(int(reveal["b"][0], 16) % (L - 1) + 1, "x"), *reveal["b"][1:]]
    else:
        reveal[field] = format(int(reveal[field], 16) % (L - 1) + 1, "x")
    caught(audit_of(transcript, bids), code, "S")


def test_a_message_out_of_turn_names_its_sender() -> None:
    device = Device(Seat.S, "t", 1)
    with pytest.raises(FairError) as error:
        device.receive({"type": "shuffle", "from": "E", "deck": []})
    assert (error.value.code, error.value.seat) == ("fair_unexpected", "E")
    with pytest.raises(FairError) as error:
        device.receive({"type": "hello", "from": "E", "dh": "0x"})
    assert (error.value.code, error.value.seat) == ("fair_value", "E")
    with pytest.raises(FairError):
        device.receive({"type": "gossip", "from": "W"})


@SLOW
@given(st.data())
def test_any_change_to_a_finished_hands_transcript_is_caught(data: st.DataObject) -> None:
    relay, bids, _ = finished()
    transcript = [json.loads(json.dumps(m)) for m in relay.devices[0].transcript]
    kinds = {"shuffle": "deck", "lock": "deck", "keys": "box", "play": "keys", "reveal": "b"}
    # (a lock but the last is not checked unless the final deck fails: the final deck is what was dealt)
    last = [m for m in transcript if m["type"] in kinds and (m["type"] != "lock" or m["from"] == "W")]
    changeable = [i for i, m in enumerate(transcript) if any(m is n for n in last)]

    index = data.draw(st.sampled_from(changeable))
    message = transcript[index]
    key = kinds[message["type"]]
    if key == "box":
        raw = bytearray.fromhex(message["box"])
        raw[data.draw(st.integers(0, len(raw) - 1))] ^= 1
        message["box"] = raw.hex()
    else:
        at = data.draw(st.integers(0, len(message[key]) - 1))
        old = message[key][at]
        if message["type"] in ("shuffle", "lock"):
            message[key][at] = add(old, encode(0))
        else:
            message[key][at] = format(int(old, 16) % (L - 1) + 1, "x")
    audit = audit_of(transcript, bids)
    assert not audit.ok
    assert audit.verification.error is not None and audit.verification.error.seat == message["from"]


# ----------------------------------------------------------------- the record and the command line


def commit_record(hands: int = 2) -> dict[str, Any]:
    """A game whose every hand was dealt by commit–reveal, with its fair parts."""
    parts = {}
    game: Game | None = None
    for number in range(1, hands + 1):
        secrets = {seat: bytes([number, seat]) * 16 for seat in Seat}
        commits = {seat: fair.commitment("t-rec", number, seat, s) for seat, s in secrets.items()}
        masks = fair.deal_of(fair.combine("t-rec", number, secrets))
        deal = {seat: mask_cards(masks[seat]) for seat in Seat}
        parts[number] = fair.commit_part("t-rec", number, commits, secrets)
        if game is None:
            game = Game(deal=deal, dealer=Seat.W)
        else:
            game.next_hand(deal)
        while game.phase in (Phase.BIDDING, Phase.PLAYING):
            game.apply(game.legal_moves()[0] if game.phase is Phase.PLAYING else 3)
    assert game is not None
    return to_record(game, parts)


def blind_record() -> dict[str, Any]:
    relay, bids, played = finished()
    game = Game(deal=relay.deal(), dealer=Seat.W)
    for bid in bids:
        game.bid(bid)
    for card in played:
        game.play(card)
    part = {"kind": "blind", "group": "ed25519", "table": "t-fin", "hand": 1, "transcript": relay.devices[2].transcript}
    return to_record(game, {1: part})


def test_the_fair_part_is_optional_and_kept_by_the_record() -> None:
    record = commit_record(1)
    assert record["hands"][0]["fair"]["kind"] == "commit"
    assert from_record(record).history[0].deal == from_record(json.loads(json.dumps(record))).history[0].deal
    plain = to_record(from_record(record))
    assert "fair" not in plain["hands"][0] and from_record(plain)  # an older record loads as before
    record["hands"][0]["fair"] = {"kind": "magic"}
    with pytest.raises(RecordError) as error:
        from_record(record)
    assert str(error.value).startswith("hand 1: 'fair' must be an object whose kind is 'commit' or 'blind'")


def test_verify_says_in_one_line_what_holds(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    path.write_text(json.dumps(commit_record()))
    proc = run("verify", str(path))
    assert (proc.returncode, proc.stderr) == (0, "")
    assert proc.stdout.startswith("holds: 2 commit–reveal deals checked") and proc.stdout.count("\n") == 1
    path.write_text(json.dumps(blind_record()))
    proc = run("verify", str(path))
    assert (proc.returncode, proc.stderr) == (0, ""), proc.stdout
    assert proc.stdout.startswith("holds: 1 host-blind deal checked")


def test_verify_says_in_one_line_what_does_not_hold(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    record = commit_record()
    record["hands"][1]["fair"]["secrets"]["E"] = "00" * 32
    path.write_text(json.dumps(record))
    proc = run("verify", str(path))
    assert proc.returncode == 1 and proc.stdout == "does not hold: hand 2: E's secret does not match its commitment\n"
    record = commit_record(1)
    deal = record["hands"][0]["deal"]
    deal["N"][0], deal["E"][0] = deal["E"][0], deal["N"][0]
    record["hands"][0]["play"] = record["hands"][0]["bids"] = []
    path.write_text(json.dumps(record))
    proc = run("verify", str(path))
    assert proc.returncode == 1 and proc.stdout.startswith("does not hold: hand 1: the deal is not the deal of seed")
    record = blind_record()
    shuffle = next(m for m in record["hands"][0]["fair"]["transcript"] if m["type"] == "shuffle" and m["from"] == "E")
    shuffle["deck"][5], shuffle["deck"][6] = shuffle["deck"][6], shuffle["deck"][5]
    path.write_text(json.dumps(record))
    proc = run("verify", str(path))
    assert proc.returncode == 1 and proc.stdout == (
        "does not hold: hand 1: E's shuffle is not its deck key and permutation\n"
    )


def test_verify_reports_a_bad_file_in_one_error_line(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    record = commit_record(1)
    del record["hands"][0]["fair"]
    path.write_text(json.dumps(record))
    cases = {
        "the record has no fair part to verify": json.dumps(record),
        "hand 1: 'fair' must be an object": json.dumps({**record, "hands": [{**record["hands"][0], "fair": 3}]}),
        "game.json": "{ not json",
    }
    for expected, text in cases.items():
        path.write_text(text)
        proc = run("verify", str(path))
        assert proc.returncode == 1 and proc.stdout == "" and proc.stderr.startswith("error: "), proc
        assert expected in proc.stderr and proc.stderr.count("\n") == 1
    assert run("verify", str(tmp_path / "missing.json")).stderr.startswith("error: cannot read")


def test_verify_record_words_what_does_not_hold_for_the_page() -> None:
    record = commit_record(1)
    record["hands"][0]["fair"]["commits"]["W"] = "ab" * 32
    verdict = verify_record(record)
    assert not verdict.ok and verdict.error is not None
    problem = {"code": "fair_commit_mismatch", "params": {"seat": "W"}}
    assert verdict.error.to_json() == {"code": "in_hand", "params": {"hand": 1, "problem": problem}}
    assert verdict.to_json() == {"ok": False, "line": verdict.line, "error": verdict.error.to_json()}
    assert verdict.line == "does not hold: hand 1: W's secret does not match its commitment"


def test_a_fair_part_that_cannot_be_read_does_not_hold_and_says_which_value() -> None:
    record = commit_record(1)
    record["hands"][0]["fair"]["secrets"]["N"] = "XYZ"
    verdict = verify_record(record)
    assert verdict.line == "does not hold: hand 1: N's secret must be 64 lower-case hex digits, got 'XYZ'"
    record = blind_record()
    del record["hands"][0]["fair"]["transcript"]
    verdict = verify_record(record)
    assert verdict.line.startswith("does not hold: hand 1: a blind part needs 'table', 'hand' and 'transcript'")
    record = blind_record()
    del record["hands"][0]["fair"]["group"]  # as the first version's parts (a 2048-bit group) were
    line = "does not hold: hand 1: this hand was dealt by the first version of host-blind dealing (a 2048-bit group)"
    assert verify_record(record).line == line + ", which this version no longer checks"
    record = blind_record()
    record["hands"][0]["fair"]["transcript"].append("hello")
    assert verify_record(record).line == "does not hold: hand 1: a transcript message must be an object, got 'hello'"


json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 60) | st.text("0123456789abcdefxN", max_size=8),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=3), inner, max_size=3),
    max_leaves=8,
)


@settings(max_examples=150, deadline=None)
@given(
    st.fixed_dictionaries(
        {"type": st.sampled_from(["hello", "keys", "shuffle", "lock", "play", "reveal", "gossip", 3])},
        optional={
            "from": st.sampled_from(["N", "E", "S", "W", "Q", 1, None]),
            "to": st.sampled_from(["N", "E", "S", "W", "Z"]),
            "dh": json_values,
            "deck": json_values,
            "block": json_values,
            "box": json_values,
            "position": json_values,
            "card": st.sampled_from(["AS", "2C", "XX", 5]),
            "keys": json_values,
        },
    )
)
def test_a_device_refuses_any_malformed_message_with_one_error_naming_the_sender(message: dict[str, Any]) -> None:
    device = dealt_device()
    before = len(device.transcript)
    try:
        out = device.receive(message)
    except FairError as error:
        assert "\n" not in str(error) and error.code.startswith("fair_")
        assert len(device.transcript) == before  # a refused message changes nothing
    else:
        assert isinstance(out, list)


@cache
def _dealt() -> Relay:
    return Relay(table="t-fuzz")


def dealt_device() -> Device:
    """South of a dealt hand, as received so far (a fresh copy each time: the fuzz must not pile up state)."""
    relay = _dealt()
    device = Device(Seat.S, "t-fuzz", 1)
    device.__dict__.update(copy.deepcopy(vars(relay.devices[Seat.S])))
    return device


def test_the_formulas_are_the_documented_ones() -> None:
    """docs/fair-play.md's formulas, written out again byte by byte."""
    sha = hashlib.sha256
    secret = bytes(range(32))
    commit = sha(
        b"\0\0\0\x14spades-fair/1 commit" + b"\0\0\0\x02t1" + b"\0\0\0\x013" + b"\0\0\0\x01N" + b"\0\0\0\x20" + secret
    ).hexdigest()
    assert fair.commitment("t1", 3, Seat.N, secret) == commit
    secrets = {seat: bytes([seat + 1]) * 32 for seat in Seat}
    data = b"\0\0\0\x12spades-fair/1 seed" + b"\0\0\0\x02t1" + b"\0\0\0\x013"
    data += b"".join(b"\0\0\0\x20" + secrets[seat] for seat in Seat)
    seed = int(sha(data).hexdigest(), 16) >> (256 - 53)
    assert fair.combine("t1", 3, secrets) == seed and fair.deal_of(seed) == deal_masks(seed, 0)
    uniform = sha(b"spades-fair/2 card AS").digest()
    assert encode(parse_card("AS")) == sodium.crypto_core_ed25519_from_uniform(uniform).hex()
