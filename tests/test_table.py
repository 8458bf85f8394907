"""The table for any occupants: viewers, intents from seats, computer moves, events, policy, saves."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from spades import Game, Phase, Seat, SpadesError
from spades.cards import CARD_NAMES, SUIT_OF, mask_cards
from spades.formats.record import to_record
from spades.rules import Rules
from spades.table import Occupant, Policy, Table, clone

PERSON = Occupant("person")


def first_legal(level, view, seed):
    return view.legal[0], None


def last_legal(level, view, seed):
    return view.legal[-1], None


def at(*seats: Seat, **levels: str) -> dict[Seat, Occupant]:
    """People at ``seats``, computers (``levels`` by seat name, default standard) elsewhere."""
    return {s: PERSON if s in seats else Occupant("computer", levels.get(s.name, "standard")) for s in Seat}


def run_bots(table: Table) -> list[dict]:
    events: list[dict] = []
    while table.computer_to_move() is not None:
        events += table.step()
    return events


def play_person(table: Table, seat: Seat) -> None:
    """``seat`` (a person) bids 3 or plays its last legal card."""
    state = table.state(seat.name)
    if state["phase"] == "bidding":
        bid = 3 if 3 in state["legal_bids"] else state["legal_bids"][-1]
        table.act(seat, {"type": "bid", "bid": bid})
    else:
        table.act(seat, {"type": "play", "card": [h["card"] for h in state["hand"] if h["legal"]][-1]})


def test_a_whole_hand_with_the_person_at_east() -> None:
    table = Table.new(seed=5, seats=at(Seat.E), decide=first_legal)
    state = table.state("E")
    assert (state["me"], state["us"], state["them"]) == ("E", "EW", "NS")
    assert state["seats"]["E"]["occupant"] == "person" and state["seats"]["W"]["occupant"] == "computer"
    run_bots(table)  # West deals: North bids, then it is East's turn
    assert table.game.turn is Seat.E
    with pytest.raises(SpadesError, match="played by the computer"):
        table.act(Seat.S, {"type": "bid", "bid": 2})
    with pytest.raises(SpadesError, match="not a bid"):
        table.act(Seat.E, {"type": "bid", "bid": 20})
    while table.game.phase in (Phase.BIDDING, Phase.PLAYING):
        run_bots(table)
        if table.game.turn is Seat.E:
            state = table.state("E")
            for entry in state["hand"]:
                if not entry["legal"] and state["phase"] == "playing":
                    assert entry["reason"]["code"] in ("must_follow", "spades_not_broken")
                    with pytest.raises(SpadesError, match=entry["reason"]["text"]):
                        table.act(Seat.E, {"type": "play", "card": entry["card"]})
            play_person(table, Seat.E)
    state = table.state("E")
    assert state["phase"] in ("hand-over", "game-over") and state["hands_scored"] == 1
    assert sum(state["tricks_won"].values()) == 13 and state["last_result"]["totals"] == state["totals"]
    assert table.scored_hands() == {
        "from": 1,
        "to": 1,
        "results": [state["last_result"]],
        "sheets": [state["last_sheet"]],
    }
    assert state["allowed"]["next_hand"] is (state["phase"] == "hand-over")


def test_only_the_seat_to_act_may_move() -> None:
    table = Table.new(seed=5, seats=at(Seat.S, Seat.N), decide=first_legal)
    assert table.game.turn is Seat.N and table.computer_to_move() is None
    with pytest.raises(SpadesError, match="S cannot bid 3: it is N's turn"):
        table.act(Seat.S, {"type": "bid", "bid": 3})
    table.act(Seat.N, {"type": "bid", "bid": 3})
    assert table.game.bids[Seat.N] == 3


def test_the_trick_winner_and_who_is_winning_come_from_the_state() -> None:
    table = Table.new(seed=2, seats=at(Seat.S), decide=first_legal)
    run_bots(table)
    table.act(Seat.S, {"type": "bid", "bid": 2})
    run_bots(table)
    state = table.state("S")
    game = table.game
    from spades.cards import trick_winner

    assert state["winning"] == Seat(trick_winner(game.leader, game.trick)).name
    while len(table.game.tricks) == 0:
        play_person(table, Seat.S)
        run_bots(table)
    assert table.state("S")["last_trick"]["winner"] == game.tricks[0].winner.name


def test_occupants_change_mid_hand_without_touching_the_game() -> None:
    reference = Table.new(seed=9, seats=at(Seat.S, S="standard"))
    switched = Table.new(seed=9, seats=at(Seat.S, S="standard"))
    # Reference: the person plays exactly as the standard computer would, by asking for its move.
    for table, switch in ((reference, False), (switched, True)):
        moves = 0
        while table.game.phase in (Phase.BIDDING, Phase.PLAYING):
            if table.computer_to_move() is not None:
                table.step()
                continue
            moves += 1
            if switch and moves == 3:  # person → computer → person, mid-hand
                before = to_record(table.game)
                events = table.set_occupant(Seat.S, Occupant("computer", "standard"))
                assert events[0]["type"] == "occupant" and to_record(table.game) == before
                assert table.computer_to_move() is Seat.S
                table.step()
                table.set_occupant(Seat.S, PERSON)
                continue
            move, _ = table._decide("standard", table.game.view(Seat.S), table._seed_for(Seat.S))
            if table.game.phase is Phase.BIDDING:
                table.act(Seat.S, {"type": "bid", "bid": move})
            else:
                table.act(Seat.S, {"type": "play", "card": CARD_NAMES[move]})
    assert to_record(switched.game) == to_record(reference.game)
    assert switched.state("S")["seats"]["S"]["occupant"] == "person"


def test_an_away_person_is_played_by_the_computer_only_where_the_policy_allows() -> None:
    casual = Table.new(seed=3, seats={**at(Seat.N), Seat.N: Occupant("person", "beginner", "Ann", away=True)})
    assert casual.computer_to_move() is Seat.N
    rated = Table.new(seed=3, seats=casual.seats, policy=Policy("rated"))
    assert rated.computer_to_move() is None and rated.step() == []


def blind_table(**policy: object) -> Table:
    """South may bid blind nil: allowed when behind by 100, and East-West lead 200–0."""
    game = Game(Rules.from_dict({"preset": "windows", "blind_nil_behind": 100}), seed=4)
    game._totals = (0, 200)  # a test position: East-West ahead by 200 (set before the table sees the hand)
    return Table(game, at(Seat.S), Policy(**policy), decide=first_legal)


def test_blind_nil_is_bid_before_looking_and_refused_after() -> None:
    table = blind_table()
    state = table.state("S")
    assert state["hand"] == [] and not state["looked"] and state["hand_count"] == 13
    assert state["can_blind_nil"] is False  # not South's turn yet, but the hand stays hidden
    run_bots(table)
    state = table.state("S")
    assert state["can_blind_nil"] and -1 in state["legal_bids"] and state["hand"] == []
    with pytest.raises(SpadesError, match="not looked"):
        table.hint(Seat.S)
    events = table.act(Seat.S, {"type": "look"})
    assert events == [{"seq": table.seq, "type": "look", "seat": "S"}]
    state = table.state("S")
    assert state["looked"] and len(state["hand"]) == 13 and not state["can_blind_nil"]
    assert -1 not in state["legal_bids"]
    with pytest.raises(SpadesError, match="blind nil: the cards have been seen"):
        table.act(Seat.S, {"type": "bid", "bid": "blind_nil"})
    assert table.act(Seat.S, {"type": "look"}) == []  # looking twice changes nothing


def test_blind_nil_before_looking_is_accepted_and_the_cards_show_after() -> None:
    table = blind_table()
    run_bots(table)
    table.act(Seat.S, {"type": "bid", "bid": "blind_nil"})
    state = table.state("S")
    assert state["bids"]["S"] == "blind_nil" and len(state["hand"]) == 13


@pytest.mark.parametrize("style", ["whiz", "mirror"])
def test_blind_nil_offered_face_down_with_whiz_or_mirror_is_accepted_whatever_the_hand(style: str) -> None:
    # The page offers blind nil before the cards are seen; the engine must not then refuse it for the spades the
    # seat turns out to hold (that would also tell the seat about its hand).
    for seed in range(6):
        table = Table.new({"bidding": style, "blind_nil": True}, seed=seed, seats=at(Seat.S), decide=first_legal)
        run_bots(table)
        state = table.state("S")
        assert state["can_blind_nil"] and state["hand"] == [] and -1 in state["legal_bids"]
        table.act(Seat.S, {"type": "bid", "bid": "blind_nil"})
        state = table.state("S")
        assert state["bids"]["S"] == "blind_nil"
        if any(item["card"].endswith("S") for item in state["hand"]):
            return  # seen with a hand holding spades
    raise AssertionError("no deal gave South a spade")


def test_no_blind_nil_means_the_cards_show_at_once() -> None:
    table = Table.new(seed=4, seats=at(Seat.S), decide=first_legal)
    state = table.state("S")
    assert state["looked"] and len(state["hand"]) == 13 and not state["can_blind_nil"]


def test_undo_takes_back_the_seats_last_move_and_the_computer_moves_after() -> None:
    table = Table.new(seed=3, seats=at(Seat.S), decide=first_legal)
    assert not table.can_undo(Seat.S)
    run_bots(table)
    table.act(Seat.S, {"type": "bid", "bid": 4})
    run_bots(table)
    before = {k: v for k, v in table.state("S").items() if k != "seq"}
    card = next(h["card"] for h in before["hand"] if h["legal"])
    table.act(Seat.S, {"type": "play", "card": card})
    run_bots(table)
    assert table.act(Seat.S, {"type": "undo"})[0]["type"] == "reset"
    assert {k: v for k, v in table.state("S").items() if k != "seq"} == before
    table.act(Seat.S, {"type": "undo"})
    assert table.state("S")["turn"] == "S" and table.state("S")["phase"] == "bidding"
    with pytest.raises(SpadesError, match="no bid or card to undo"):
        table.act(Seat.S, {"type": "undo"})


@pytest.mark.parametrize("policy", [Policy(undo=False), Policy("rated"), Policy("tutorial")])
def test_undo_follows_the_policy(policy: Policy) -> None:
    table = Table.new(seed=3, seats=at(Seat.S), policy=policy, decide=first_legal)
    run_bots(table)
    table.act(Seat.S, {"type": "bid", "bid": 4})
    assert not table.state("S")["allowed"]["undo"] and not table.state("S")["allowed"]["replay_hand"]
    with pytest.raises(SpadesError, match="not allowed"):
        table.act(Seat.S, {"type": "undo"})
    with pytest.raises(SpadesError, match="not allowed"):
        table.act(Seat.S, {"type": "replay_hand"})


def test_rated_tables_give_no_hints_and_no_explanations() -> None:
    table = Table.new(seed=3, seats=at(Seat.S), policy=Policy("rated"))
    events = run_bots(table)
    assert all("text" not in e for e in table.events_since(0, "S", "en"))  # type: ignore[union-attr]
    assert events and not table.state("S")["allowed"]["hint"]
    with pytest.raises(SpadesError, match="hints are not allowed"):
        table.hint(Seat.S)
    casual = Table.new(seed=3, seats=at(Seat.S))
    run_bots(casual)
    assert any(e.get("text") for e in casual.events_since(0, "S", "zh-Hans"))  # type: ignore[union-attr]
    assert casual.state("S")["allowed"]["hint"]


def test_replay_hand_and_next_hand() -> None:
    table = Table.new(seed=4, seats=at(Seat.S), decide=first_legal)
    deal = table.game.deal
    run_bots(table)
    table.act(Seat.S, {"type": "bid", "bid": 1})
    run_bots(table)
    table.act(Seat.S, {"type": "replay_hand"})
    assert table.game.deal == deal and table.game.bids == (None,) * 4
    with pytest.raises(SpadesError, match="next hand"):
        table.act(Seat.S, {"type": "next_hand"})


def test_next_hand_deals_the_cards_given() -> None:
    table = Table.new(Rules(mercy=None), seed=4, seats=at(Seat.S), decide=first_legal)  # (a second hand)
    given = dict(zip(Seat, Game(Rules(), seed=99).deal, strict=True))
    with pytest.raises(ValueError, match="next_hand"):
        table.act(Seat.S, {"type": "bid", "bid": 1}, deal=given)
    with pytest.raises(SpadesError, match="next hand"):  # the intent's checks hold, given cards or not
        table.act(Seat.S, {"type": "next_hand"}, deal=given)
    while table.game.phase in (Phase.BIDDING, Phase.PLAYING):
        run_bots(table)
        if table.game.turn is Seat.S:
            play_person(table, Seat.S)
    dealer = table.game.dealer
    events = table.act(Seat.S, {"type": "next_hand"}, deal=given)
    assert events == [{"seq": table.seq, "type": "deal", "hand_number": 2, "dealer": dealer.next.name}]
    assert table.game.deal == Game(Rules(), seed=99).deal and table.game.hand_number == 2


def test_events_tell_the_whole_hand_in_order_and_a_late_joiner_catches_up() -> None:
    table = Table.new(seed=11, seats=at(Seat.S), decide=first_legal)
    while table.game.phase in (Phase.BIDDING, Phase.PLAYING):
        run_bots(table)
        if table.game.turn is Seat.S:
            play_person(table, Seat.S)
    events = table.events_since(0, "spectator")
    assert events is not None and [e["seq"] for e in events] == list(range(1, table.seq + 1))
    record = to_record(table.game)["hands"][0]
    assert [e["bid"] for e in events if e["type"] == "bid"] == record["bids"]
    assert [e["card"] for e in events if e["type"] == "play"] == record["play"]
    assert sum(e["type"] == "trick" for e in events) == 13
    scored = [e for e in events if e["type"] == "scored"]
    assert len(scored) == 1 and scored[0]["result"]["totals"] == table.state("N")["totals"]
    middle = events[29]["seq"]
    assert table.events_since(middle, "N") == events[30:]
    with pytest.raises(SpadesError, match="sequence number"):
        table.events_since(table.seq + 1, "N")
    table._events = table._events[-5:]  # an old log: older sequence numbers take the whole state
    assert table.events_since(1, "N") is None


def test_spectators_see_no_hand_unless_allowed() -> None:
    table = Table.new(seed=6, seats=at(Seat.S), decide=first_legal)
    watcher = table.state("spectator")
    assert watcher["me"] is None and watcher["hand"] == [] and watcher["hands"] is None
    assert watcher["legal_bids"] == [] and not watcher["allowed"]["undo"]
    seeing = table.state("spectator:all")
    assert [len(seeing["hands"][s]) for s in "NESW"] == [13, 13, 13, 13]
    with pytest.raises(SpadesError, match="viewer must be"):
        table.state("X")


def swapped_twin(game: Game, a: Seat, b: Seat, rng: random.Random) -> Game | None:
    """The same game with one unplayed card of a suit swapped between ``a`` and ``b`` (same moves)."""
    history = game.history
    if len(history) != 1:
        return None
    dealt = list(history[0].deal)
    left_a, left_b = game.hand(a), game.hand(b)
    # Same suit, so every move stays legal; never the 2 of clubs when it decides who leads first (that is public).
    fixed = {0} if game.rules.first_lead == "two_clubs" else set()
    pairs = [(x, y) for x in left_a for y in left_b if SUIT_OF[x] == SUIT_OF[y] and not {x, y} & fixed]
    if not pairs:
        return None
    x, y = rng.choice(pairs)
    dealt[a] ^= (1 << x) | (1 << y)
    dealt[b] ^= (1 << x) | (1 << y)
    twin = Game(game.rules, seed=game.seed, dealer=history[0].dealer, deal={s: mask_cards(dealt[s]) for s in Seat})
    for move in history[0].moves:
        twin.apply(move)
    return twin


RULE_SETS = [
    {"preset": "standard"},
    {"preset": "windows"},
    {"preset": "standard", "bidding": "whiz"},
    {"preset": "standard", "jokers": True},
    {"preset": "pagat", "first_lead": "two_clubs"},
]


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.integers(0, 2**31),
    st.integers(0, 56),
    st.sampled_from(RULE_SETS),
    st.sampled_from(["N", "E", "S", "W", "spectator", "spectator:N", "spectator:W"]),
)
def test_a_viewers_state_reveals_nothing_hidden(seed: int, moves: int, rules: dict, viewer: str) -> None:
    """Swap hidden cards between two seats other than the viewer's: its state JSON is identical."""
    from spades.rules import Rules

    rng = random.Random(seed)
    game = Game(Rules.from_dict(rules), seed=seed)
    for _ in range(moves):
        if game.phase not in (Phase.BIDDING, Phase.PLAYING):
            break
        game.apply(rng.choice(game.legal_moves()))
    shown = viewer if len(viewer) == 1 else viewer[-1] if viewer.startswith("spectator:") else ""
    others = [s for s in Seat if s.name != shown]
    a, b = rng.sample(others, 2)
    twin = swapped_twin(game, a, b, rng)
    if twin is None:
        return
    seats = at(*(s for s in Seat))
    one = Table(game, seats, looked=tuple(Seat))
    two = Table(twin, seats, looked=tuple(Seat))
    assert json.dumps(one.state(viewer), sort_keys=True) == json.dumps(two.state(viewer), sort_keys=True)
    assert one.events_since(0, viewer) == two.events_since(0, viewer)


def test_saves_round_trip_and_old_saves_load() -> None:
    table = Table.new({"preset": "igame"}, seed=8, seats=at(Seat.E, N="expert"), policy=Policy(undo=False))
    run_bots(table)
    play_person(table, Seat.E)
    run_bots(table)
    saved = json.loads(json.dumps(table.save()))
    again = Table.load(saved)
    assert again.state("E") == table.state("E") and again.seats == table.seats and again.policy == table.policy
    assert again.step() == table.step()
    old = {"format": "spades-save/1", "record": saved["record"], "human": "S", "bots": {"N": "expert"}, "undo": False}
    loaded = Table.load(old)
    assert loaded.seats[Seat.S] == Occupant("person") and loaded.seats[Seat.N].level == "expert"
    assert loaded.policy.undo is False and loaded.game.history == table.game.history


@pytest.mark.parametrize(
    "data",
    [
        None,
        3,
        {"format": "spades-save/0"},
        {"format": "spades-save/2", "record": {"format": "x"}},
        {"format": "spades-save/2", "record": None},
        {"format": "spades-save/2", "record": {"format": "spades-record/1"}, "extra": 1},
        {"format": "spades-save/1", "human": "S", "bots": {"N": "godlike"}},
        {"format": "spades-save/2", "seats": {"N": {"occupant": "computer", "level": "godlike"}}},
        {"format": "spades-save/2", "policy": {"undo": "no"}},
        {"format": "spades-save/2", "looked": "S"},
        {"format": "spades-save/2", "seq": True},
    ],
)
def test_corrupted_saves_are_refused_clearly(data) -> None:
    if isinstance(data, dict) and "record" not in data and data.get("format") in ("spades-save/1", "spades-save/2"):
        data = {**data, "record": to_record(Game(seed=1))}
    with pytest.raises(SpadesError) as caught:
        Table.load(data)
    assert "\n" not in str(caught.value) and len(str(caught.value)) < 300


@pytest.mark.parametrize(
    ("occupant", "message"),
    [
        ({"occupant": "robot"}, "occupant must be one of"),
        ({"occupant": "computer", "level": "godlike"}, "unknown computer level"),
        ({"occupant": "person", "name": "x" * 41}, "at most 40"),
        ({"occupant": "person", "away": "yes"}, "true or false"),
        ({"occupant": "computer", "away": True}, "cannot be away"),
        ({"occupant": "person", "colour": "red"}, "unknown occupant key"),
        ("person", "must be an object"),
    ],
)
def test_bad_occupants_are_refused(occupant: object, message: str) -> None:
    with pytest.raises(SpadesError, match=message):
        Occupant.from_json(occupant)


def test_unknown_and_malformed_intents() -> None:
    table = Table.new(seed=1, seats=at(Seat.N), decide=first_legal)
    with pytest.raises(SpadesError, match="unknown intent 'dance'"):
        table.act(Seat.N, {"type": "dance"})
    with pytest.raises(SpadesError, match="intent must be an object"):
        table.act(Seat.N, "bid 3")  # type: ignore[arg-type]
    with pytest.raises(SpadesError, match="unknown key 'card' in a bid intent"):
        table.act(Seat.N, {"type": "bid", "bid": 3, "card": "AS"})
    for bad in (True, False, 3, None, "³", "٣"):
        with pytest.raises(SpadesError):
            table.act(Seat.N, {"type": "bid", "bid": bad} if bad != 3 else {"type": "play", "card": 3})
    assert table.game.bids == (None,) * 4


def test_clone_is_independent() -> None:
    table = Table.new(seed=1, seats=at(Seat.S), decide=first_legal)
    copy = clone(table)
    run_bots(copy)
    assert table.game.bids == (None,) * 4 and copy.game.bids != (None,) * 4 and table.seq == 0


def test_a_spectator_watching_a_seat_sees_only_that_hand() -> None:
    table = Table.new(seed=6, seats=at(Seat.S), decide=first_legal)
    state = table.state("spectator:E")
    assert state["watching"] == "E" and state["me"] is None and state["us"] == "EW"
    assert [h["card"] for h in state["hand"]] == [
        CARD_NAMES[c] for c in sorted(table.game.hand(Seat.E), key=lambda c: ({3: 0, 2: 1, 0: 2, 1: 3}[SUIT_OF[c]], -c))
    ]
    assert not any(h["legal"] for h in state["hand"]) and state["hands"] is None and state["legal_bids"] == []


look_actions = st.lists(
    st.one_of(
        st.tuples(st.just("act"), st.sampled_from(list(Seat)), st.sampled_from(["look", "bid", "blind", "play"])),
        st.tuples(st.just("act"), st.sampled_from(list(Seat)), st.sampled_from(["undo", "replay_hand", "next_hand"])),
        st.tuples(st.just("step"), st.none(), st.none()),
        st.tuples(st.just("away"), st.sampled_from(list(Seat)), st.booleans()),
    ),
    min_size=1,
    max_size=60,
)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.integers(0, 2**20),
    st.sampled_from([0, 100]),
    st.sets(st.sampled_from(list(Seat)), min_size=1),
    st.randoms(use_true_random=False),
    look_actions,
)
def test_a_seat_that_has_seen_its_hand_stays_looked_whatever_is_undone_or_replayed(
    seed: int, behind: int, people: set[Seat], rng: random.Random, script: list
) -> None:
    """Over random bids, looks, cards, undos, replays, new hands and computer takeovers (a computer bids for an
    away seat): once a seat's state has shown it its cards in a hand, it stays looked for that hand, blind nil is
    never offered to it again and the table refuses it."""
    rules = {"preset": "windows", "blind_nil_behind": behind, "target": 150}

    def decide(level, view, seed):
        return rng.choice(view.legal), None

    table = Table.new(rules, seed=seed, seats=at(*people), decide=decide)
    seen: dict[int, set[Seat]] = {}

    def check() -> None:
        shown = seen.setdefault(table.game.hand_number, set())
        for seat in people:
            state = table.state(seat.name)
            if seat in shown:
                assert state["looked"] and len(state["hand"]) == table.game.view(seat).cards_left[seat]
                assert not state["can_blind_nil"] and -1 not in state["legal_bids"]
                assert not table.blind_nil_open(seat)
                if table.game.turn == seat and table.game.phase is Phase.BIDDING:
                    with pytest.raises(SpadesError):
                        clone(table).act(seat, {"type": "bid", "bid": "blind_nil"})
            if state["hand"]:
                shown.add(seat)

    check()
    for action, seat, what in script:
        try:
            if action == "step":
                table.step()
            elif action == "away":
                if seat in people:
                    table.set_occupant(seat, Occupant("person", "beginner", away=what))
            elif what in ("look", "undo", "replay_hand", "next_hand"):
                table.act(seat, {"type": what})
            elif what == "blind":
                table.act(seat, {"type": "bid", "bid": "blind_nil"})
            else:
                state = table.state(seat.name)
                if what == "bid" and state["legal_bids"]:
                    table.act(seat, {"type": "bid", "bid": rng.choice([b for b in state["legal_bids"] if b >= 0])})
                elif what == "play" and any(h["legal"] for h in state["hand"]):
                    card = rng.choice([h["card"] for h in state["hand"] if h["legal"]])
                    table.act(seat, {"type": "play", "card": card})
        except SpadesError:
            pass
        check()
        again = Table.load(json.loads(json.dumps(table.save())), decide=decide)  # a save keeps the looks
        assert all(again.looked(s) == table.looked(s) for s in Seat)


def test_a_game_deals_at_most_max_hands_and_the_save_of_that_many_still_loads(monkeypatch) -> None:
    from spades.table import table as table_module
    from spades.worker import ARGS_LIMIT

    monkeypatch.setattr(table_module, "MAX_HANDS", 3)
    table = Table.new({"target": 100_000, "mercy": None}, seed=2, seats=at(Seat.S), decide=first_legal)
    for _ in range(3):
        run_bots(table)
        while table.game.phase is Phase.PLAYING or table.game.turn is Seat.S:
            play_person(table, Seat.S)
            run_bots(table)
        assert table.game.phase is Phase.HAND_OVER
        if table.game.hand_number < 3:
            table.act(Seat.S, {"type": "next_hand"})
    assert not table.state("S")["allowed"]["next_hand"]
    with pytest.raises(SpadesError) as caught:
        table.act(Seat.S, {"type": "next_hand"})
    assert caught.value.to_json()["params"]["field"] == "hand_number" and "at most 3 hands" in str(caught.value)
    saved = json.loads(json.dumps(table.save()))
    assert Table.load(saved).game.hand_number == 3
    monkeypatch.setattr(table_module, "MAX_HANDS", 2)
    with pytest.raises(SpadesError, match="at most 2 hands"):
        Table.load(saved)
    # The real bound: MAX_HANDS of the longest hands a record holds (jokers' names, blind nils) fit the worker's
    # arguments, with room to spare for the room's members and the arguments' own keys.
    monkeypatch.undo()
    longest = 0
    for rules in ({"jokers": True, "blind_nil": True}, {}):
        for seed in range(8):
            game = Game(Rules.from_dict(rules), seed=seed)
            while game.phase in (Phase.BIDDING, Phase.PLAYING):
                game.apply(game.legal_moves()[-1 if game.phase is Phase.BIDDING else 0])
            longest = max(longest, len(json.dumps(to_record(game)["hands"][0])))
    assert (longest + 2) * table_module.MAX_HANDS + 10_000 < ARGS_LIMIT
