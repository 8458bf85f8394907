"""The computer players' explanations say what is true of the position.

Every explanation a bot gives is checked against the position it was given in: "its lowest club, J♣"
→ J♣ is the lowest club in the hand; "win the trick with X" → X wins the trick as it stands after the play;
"can't win" → no legal card would win at that moment; "duck" → X does not take the trick as it stands; a
lead explanation → the trick was empty; and so on (``CHECKS``, one entry per explanation code).  Random
games with the beginner, standard and expert players feed them (a fixed set of seeds, plus hypothesis).

They speak of the seat that made the move in the third person ("West: its lowest club"; Chinese without a
pronoun, "出手中最小的梅花"): no first person by the precise rule of tests/voice.py (the hints' rule), and no
second person, in every ``bot_*`` template and in the reasons of real decisions by every level and every player
of the opponent field.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from spades import Game
from spades.bots import CATALOG, FIELD, LEVELS, Explanation, explain, make_bot
from spades.bots.knowledge import Knowledge
from spades.cards import ABOVE, BEATERS, SPADES, SUIT_MASKS, SUIT_OF, Seat, cards_mask, parse_card, winning
from spades.game import Phase, View
from spades.i18n.catalog import LANGUAGES, MESSAGES
from spades.rules import Rules
from tests.voice import first_person, second_person

Check = Callable[[View, int, Explanation], str | None]
"""``check(view before the move, move, explanation)``: ``None`` when the explanation holds, else what is wrong."""


def _after(view: View, card: int) -> tuple[int, int]:
    """The winner of the trick as it stands once ``card`` is played: (offset in the trick, card)."""
    seat, best = winning(view.leader if view.trick else view.seat, (*view.trick, card))
    return seat, best


def _wins_now(view: View, card: int) -> bool:
    return _after(view, card)[0] == view.seat


def _beaters(view: View) -> int:
    """Legal cards that would take the trick as it stands (every card when leading)."""
    legal = cards_mask(view.legal)
    if not view.trick:
        return legal
    _, best = winning(view.leader, view.trick)
    return legal & BEATERS[best]


def _lowest_of_suit(view: View, card: int) -> bool:
    hand = cards_mask(view.hand)
    return not hand & SUIT_MASKS[SUIT_OF[card]] & ((1 << card) - 1)


def _highest_of_suit(view: View, card: int) -> bool:
    return not cards_mask(view.hand) & ABOVE[card]


def _led(view: View) -> int | None:
    return SUIT_OF[view.trick[0]] if view.trick else None


def _need(view: View) -> int:
    k = Knowledge(view)
    return k.need(k.team)


def _all(*checks: Check) -> Check:
    def check(view: View, card: int, why: Explanation) -> str | None:
        for one in checks:
            problem = one(view, card, why)
            if problem:
                return problem
        return None

    return check


def leading(view: View, card: int, why: Explanation) -> str | None:
    return "a lead explanation for a card that follows" if view.trick else None


def following(view: View, card: int, why: Explanation) -> str | None:
    return None if view.trick else "a follow explanation for a lead"


def wins(view: View, card: int, why: Explanation) -> str | None:
    return None if _wins_now(view, card) else "says the card wins, but it does not take the trick as it stands"


def loses(view: View, card: int, why: Explanation) -> str | None:
    """The card does not take the trick as it stands."""
    return "says the card stays under, but it takes the trick as it stands" if _wins_now(view, card) else None


def cannot_win(view: View, card: int, why: Explanation) -> str | None:
    return "says it can't win, but a legal card would" if _beaters(view) else None


def must_win(view: View, card: int, why: Explanation) -> str | None:
    return "says every card wins, but one would not" if _beaters(view) != cards_mask(view.legal) else None


def lowest_of_suit(view: View, card: int, why: Explanation) -> str | None:
    return None if _lowest_of_suit(view, card) else "says the lowest of the suit, but a lower card is in the hand"


def highest_of_suit(view: View, card: int, why: Explanation) -> str | None:
    return None if _highest_of_suit(view, card) else "says high, but a higher card of the suit is in the hand"


def suit_param(view: View, card: int, why: Explanation) -> str | None:
    return None if why.params.get("suit") == SUIT_OF[card] else "the suit named is not the card's"


def follows_suit(view: View, card: int, why: Explanation) -> str | None:
    return None if SUIT_OF[card] == _led(view) else "says it follows suit, but the card is of another suit"


def off_suit(view: View, card: int, why: Explanation) -> str | None:
    return "says it discards, but the card follows suit" if SUIT_OF[card] == _led(view) else None


def trumps(view: View, card: int, why: Explanation) -> str | None:
    if SUIT_OF[card] != SPADES or _led(view) == SPADES:
        return "says it trumps, but the card is not a spade on another suit"
    return None


def partner_winning(view: View, card: int, why: Explanation) -> str | None:
    seat, _ = winning(view.leader, view.trick)
    return None if seat == (view.seat + 2) % 4 else "says partner is winning, but partner is not"


def top_card(view: View, card: int, why: Explanation) -> str | None:
    k = Knowledge(view)
    return None if k.is_top(card) else "says it is the top card left, but a higher one is out"


def bid_made(view: View, card: int, why: Explanation) -> str | None:
    return "says our bid is made, but we still need tricks" if _need(view) else None


def second_hand(view: View, card: int, why: Explanation) -> str | None:
    return None if len(view.trick) == 1 else "says second hand, but it is not second to play"


def partner_void(view: View, card: int, why: Explanation) -> str | None:
    partner = (view.seat + 2) % 4
    return None if view.voids[partner] >> SUIT_OF[card] & 1 else "says partner is out of the suit, but not known"


def bags_param(view: View, card: int, why: Explanation) -> str | None:
    team = view.seat % 2
    return None if why.params.get("bags") == view.bags[team] else "the bags named are not the team's"


def short_suit(view: View, card: int, why: Explanation) -> str | None:
    n = (cards_mask(view.hand) & SUIT_MASKS[SUIT_OF[card]]).bit_count()
    return None if 1 <= n <= 2 else f"says a short suit, but it holds {n} cards of it"


def only(view: View, card: int, why: Explanation) -> str | None:
    return None if len(view.legal) == 1 else "says it is the only legal card, but there are others"


def opponent_tops(view: View, card: int, why: Explanation) -> str | None:
    """An opponent's card is winning and no unseen card of its suit is higher."""
    seat, best = winning(view.leader, view.trick)
    k = Knowledge(view)
    if seat % 2 == view.seat % 2 or k.unseen & ABOVE[best]:
        return "says an opponent's card tops the trick, but it does not"
    return None


def search(view: View, card: int, why: Explanation) -> str | None:
    alt = why.params.get("alt")
    if alt is not None and (alt == card or alt not in view.legal):
        return "the card compared with is not another legal card"
    return None


def covers(view: View, card: int, why: Explanation) -> str | None:
    """Protecting partner's nil: the card wins, or it is the highest of the led suit in the hand."""
    if _wins_now(view, card) or (_highest_of_suit(view, card) and SUIT_OF[card] == _led(view)):
        return None
    return "says it plays high to cover, but the card neither wins nor is the highest of the suit"


def over_a_spade(view: View, card: int, why: Explanation) -> str | None:
    return (
        None if SUIT_OF[winning(view.leader, view.trick)[1]] == SPADES else "says overtrump, but no spade was winning"
    )


def anything(view: View, card: int, why: Explanation) -> str | None:
    return None


CHECKS: dict[str, Check] = {
    "only": only,
    "cash": _all(leading, top_card, suit_param),
    "draw_trumps": _all(leading, top_card, lambda v, c, w: None if SUIT_OF[c] == SPADES else "not a spade"),
    "lead_partner_void": _all(leading, partner_void, suit_param, lowest_of_suit),
    "lead_short": _all(leading, short_suit),
    "lead_low": _all(leading, lowest_of_suit, suit_param),
    "lead_duck": _all(leading, bid_made, lowest_of_suit, suit_param),
    "cover_lead": _all(leading, lambda v, c, w: highest_of_suit(v, c, w) and top_card(v, c, w)),
    "cover_lead_void": _all(leading, partner_void, suit_param, highest_of_suit),
    "cover_win": _all(following, covers),
    "cover_overtake": _all(following, partner_winning, wins),
    "break_lead": _all(leading, lowest_of_suit, suit_param),
    "break_low": _all(following, lowest_of_suit, suit_param),
    "break_duck": _all(following, loses),
    "nil_under": _all(following, follows_suit, loses),
    "nil_discard": _all(following, off_suit, loses),
    "nil_lead": _all(leading, lowest_of_suit, suit_param),
    "nil_forced": _all(following, must_win),
    "partner_wins": _all(following, partner_winning, lowest_of_suit, suit_param),
    "win": _all(following, wins),
    "win_high": _all(following, wins),
    "trump": _all(following, trumps, wins),
    "overtrump": _all(following, trumps, wins, over_a_spade),
    "second_low": _all(following, second_hand, follows_suit, lowest_of_suit),
    "duck": _all(following, loses, bid_made),
    "duck_bags": _all(following, loses, bid_made, bags_param),
    "duck_forced": _all(following, must_win, bid_made),
    "set": _all(following, wins),
    "discard": _all(following, off_suit),
    "follow_low": _all(following, opponent_tops, lowest_of_suit, suit_param),
    "cant_win": _all(following, cannot_win, lowest_of_suit, suit_param),
    "lead_to_partner": leading,
    "solved": anything,
    "play": anything,
    "search_make": search,
    "search_set": search,
    "search_nil": search,
    "search_break": search,
    "search_bags": search,
    "search_points": search,
}


def bid_claims(view: View, bid: int, why: Explanation) -> str | None:
    """The cards, voids, singletons and spade counts a bid explanation names are the hand's."""
    hand = cards_mask(view.hand)
    params = why.params
    if not set(params.get("cards", ())) <= set(view.hand):  # type: ignore[arg-type]
        return "names a card that is not in the hand"
    for suit in params.get("voids", ()):  # type: ignore[union-attr]
        if hand & SUIT_MASKS[suit]:
            return "names a void in a suit the hand holds"
    for suit in params.get("singletons", ()):  # type: ignore[union-attr]
        if (hand & SUIT_MASKS[suit]).bit_count() != 1:
            return "names a singleton that is not one card"
    spades = (hand & SUIT_MASKS[SPADES]).bit_count()
    if why.code in ("bid_whiz", "bid_mirror") and params.get("n") != spades:
        return f"counts {params.get('n')} spades, the hand has {spades}"
    if params.get("long") and params["long"] != spades:
        return f"names {params['long']} spades, the hand has {spades}"
    if why.code == "bid_only" and len(view.legal) != 1:
        return "says the only legal bid, but there are others"
    nil = (
        -1 if why.code == "bid_blind_nil" else 0 if why.code in ("bid_nil", "bid_whiz_nil", "bid_suicide_nil") else bid
    )
    if bid != nil:
        return "a nil explanation for another bid"
    return None


def problems(view: View, move: int, why: Explanation) -> list[str]:
    """What is wrong with ``why`` as the explanation of ``move`` in ``view`` (empty when it holds)."""
    found = []
    code = why.code
    if code not in CATALOG["en"]:
        found.append(f"no template for {code!r}")
    if view.phase is Phase.BIDDING:
        if not code.startswith("bid_") and code not in ("bid_whiz", "bid_mirror"):
            found.append(f"a play explanation {code!r} for a bid")
        if "bid" in why.params and why.params["bid"] != move:
            found.append("the bid named is not the bid made")
        problem = bid_claims(view, move, why)
        if problem:
            found.append(problem)
        return found
    if why.params.get("card") != move:
        found.append("the card named is not the card played")
    check = CHECKS.get(code)
    if check is None:
        found.append(f"no check for play explanation {code!r}")
    else:
        problem = check(view, move, why)
        if problem:
            found.append(problem)
    for lang in ("en", "zh-Hans", "zh-Hant"):
        if "?" in explain(why, lang):  # a placeholder without its parameter
            found.append(f"a parameter is missing in {lang}: {explain(why, lang)}")
    return found


def decisions(
    seed: int, levels: tuple[str, ...], hands: int = 2, **options: object
) -> Iterator[tuple[View, int, Explanation]]:
    """Every decision of the first ``hands`` hands of a game with ``seed``, by seats of ``levels`` (N, E, S, W)."""
    rules = Rules.from_dict(options.pop("rules", None) or {})  # type: ignore[arg-type]
    game = Game(rules, seed=seed)
    bots = [make_bot(level, seed * 4 + i, **(options if level == "expert" else {})) for i, level in enumerate(levels)]
    for _ in range(hands):
        while game.phase in (Phase.BIDDING, Phase.PLAYING):
            seat = game.turn
            view = game.view(seat)
            decision = bots[seat].decide(view)
            yield view, decision.move, decision.explanation
            game.apply(decision.move, seat)
        if game.phase is not Phase.HAND_OVER:
            break
        game.next_hand()


def _report(seed: int, levels: tuple[str, ...], **options: object) -> list[str]:
    out = []
    for view, move, why in decisions(seed, levels, **options):
        for problem in problems(view, move, why):
            out.append(f"seed {seed} {view.seat.name}: {explain(why)!r} ({why.code}): {problem}")
    return out


@pytest.mark.parametrize("seed", range(40))
def test_standard_and_beginner_explanations_hold(seed: int) -> None:
    levels = ("standard", "beginner", "standard", "standard") if seed % 2 else ("standard",) * 4
    rules = {"preset": ("standard", "pagat", "windows", "igame")[seed % 4]}
    assert _report(seed, levels, rules=rules) == []


@pytest.mark.parametrize("seed", range(12))
def test_expert_explanations_hold(seed: int) -> None:
    levels = ("expert", "standard", "expert", "standard")
    assert _report(seed, levels, hands=1, work=4000, time_budget=None) == []


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 2**31 - 1), st.sampled_from(["standard", "pagat", "windows", "igame"]))
def test_explanations_hold_in_random_games(seed: int, preset: str) -> None:
    assert _report(seed, ("standard", "standard", "beginner", "standard"), hands=1, rules={"preset": preset}) == []


def test_a_card_that_cannot_win_is_called_the_lowest_of_its_suit_not_low() -> None:
    """The report behind this file: "Can't win this trick; play low J♣" when J♣ was the only club left."""
    why = Explanation("cant_win", {"card": parse_card("JC"), "suit": 0})
    assert explain(why, "en") == "Can't win this trick; plays its lowest club, J♣"
    assert explain(why, "zh-Hans") == "赢不了这一墩，出手中最小的梅花 J♣"
    assert explain(why, "zh-Hant") == "贏不了這一墩，出手中最小的梅花 J♣"


def test_every_play_explanation_has_a_check() -> None:
    plays = {code for code in CATALOG["en"] if not code.startswith("bid_")}
    assert plays <= set(CHECKS), sorted(plays - set(CHECKS))


@pytest.mark.parametrize("lang", ["en", "zh-Hans", "zh-Hant"])
def test_a_casual_table_sends_every_computer_reason_and_a_rated_one_none(lang: str) -> None:
    from spades.table import Occupant, Policy, Table

    seats = {seat: Occupant("computer", "standard") for seat in ("N", "E", "S", "W")}
    for kind, explained in (("casual", True), ("rated", False), ("tutorial", True)):
        table = Table.new(seed=5, seats={Seat[s]: o for s, o in seats.items()}, policy=Policy(kind))
        moves = 0
        while table.game.phase in (Phase.BIDDING, Phase.PLAYING):
            for event in table.step():
                sent = table.public_event(event, lang)
                if event["type"] in ("bid", "play"):
                    moves += 1
                    if explained:
                        text = sent["text"]
                        assert text and ("?" not in text) and (lang == "en") != bool(re.search("[\u4e00-\u9fff]", text))
                    else:
                        assert "text" not in sent
        assert moves == 56
    casual = Table.new(seed=5, seats={Seat[s]: o for s, o in seats.items()}, policy=Policy("casual", explain=False))
    assert all("text" not in casual.public_event(e, lang) for e in casual.step())


def test_a_tables_reason_names_the_movers_partner_by_seat() -> None:
    """The move log's "its partner is winning" says which seat that is (``public_event`` passes the mover)."""
    from spades.table import Occupant, Policy, Table

    named = 0
    for seed in range(1, 6):
        seats = {seat: Occupant("computer", "standard") for seat in Seat}
        table = Table.new(seed=seed, seats=seats, policy=Policy("casual"))
        while table.game.phase in (Phase.BIDDING, Phase.PLAYING):
            for event in table.step():
                why = event.get("why")
                if event["type"] == "play" and getattr(why, "code", None) == "partner_wins":
                    mover = Seat[event["seat"]]
                    partner = {"N": "North", "E": "East", "S": "South", "W": "West"}[Seat((mover + 2) % 4).name]
                    text = table.public_event(event, "en")["text"]
                    assert text == explain(why, "en", mover) and "partner " + partner in text, text
                    named += 1
    assert named > 0


# ------------------------------------------------------------------ the voice: the third person, about the seat

BOT_KEYS = sorted(k for k in MESSAGES if k.startswith("bot_"))
PARAMS: dict[str, object] = {
    "card": parse_card("7C"), "alt": parse_card("KH"), "suit": 0, "bid": 3, "n": 12, "pct": 80, "alt_pct": 60,
    "points": 14, "bags": 7, "limit": 10, "cards": (parse_card("AS"), parse_card("KH")), "voids": (0,),
    "singletons": (2,), "long": 5, "delta": 1, "why": "bags",
}  # fmt: skip
WHYS = ("bags", "behind", "ahead", "partner", "table", "min")


def voice_problem(text: str, lang: str) -> str | None:
    """What is wrong with ``text`` as a computer's reason in ``lang``: a first- or a second-person word."""
    word = first_person(text, lang)
    if word:
        return f"first person {word!r}"
    word = second_person(text, lang)
    return f"second person {word!r}" if word else None


def test_the_voice_rule_finds_the_first_and_the_second_person() -> None:
    """The reasons as they were (first person) and the hints (second person) are found; the reasons now are not."""
    assert voice_problem("Can't win this trick; play the lowest of my clubs, J♣", "en") == "first person 'my'"
    assert voice_problem("Bid 2: OUR side makes it", "en") == "first person 'OUR'"
    assert voice_problem("Suicide: one of us must bid nil", "en") == "first person 'us'"
    assert voice_problem("叫盲零：我方落后 120 分", "zh-Hans") == "first person '我'"
    assert voice_problem("贏不了這一墩，出我手中最小的梅花 J♣", "zh-Hant") == "first person '我'"
    assert voice_problem("Play your lowest club, 7♣", "en") == "second person 'your'"
    assert voice_problem("你赢不了这一墩", "zh-Hans") == "second person '你'"
    assert voice_problem("Its partner is winning; plays its lowest club, 7♣", "en") is None
    assert voice_problem("Mine: ours, myself", "en") == "first person 'Mine'"
    assert voice_problem("Dominic, Tim and Mimi tell", "en") is None  # whole words only


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_bot_template_speaks_of_the_seat_in_the_third_person(lang: str) -> None:
    """Each ``bot_*`` template as written, and each filled with parameters (a bid's reasons with every kind of
    adjustment), in ``lang``."""
    bad = [(key, voice_problem(MESSAGES[key][lang], lang)) for key in BOT_KEYS if lang in MESSAGES[key]]
    assert [b for b in bad if b[1]] == []
    assert all(lang in MESSAGES[key] for key in BOT_KEYS), [k for k in BOT_KEYS if lang not in MESSAGES[k]]
    codes = [key[4:] for key in BOT_KEYS if not key.startswith("bot_part_")]
    assert len(codes) >= 50 and set(codes) == set(CATALOG["en"])
    for code in codes:
        for why in WHYS:
            for seat in (None, 0, 1, 2, 3):
                text = explain(Explanation(code, {**PARAMS, "why": why}), lang, seat)
                assert voice_problem(text, lang) is None, f"{code} ({lang}): {text!r}"
                assert "{" not in text and "?" not in text, f"{code} ({lang}): {text!r}"


@pytest.mark.parametrize(
    ("code", "seat", "lang", "text"),
    [
        ("partner_wins", 3, "en", "Its partner East is winning; plays its lowest club, 7♣"),
        ("partner_wins", None, "en", "Its partner is winning; plays its lowest club, 7♣"),
        ("partner_wins", 0, "zh-Hans", "搭档（南）正在赢这一墩，出手中最小的梅花 7♣"),
        ("cover_win", 1, "en", "Plays high 7♣ to protect its partner West's nil"),
        ("cover_win", 2, "zh-Hant", "出大牌 7♣ 保護搭檔（北）的零叫"),
        ("cover_overtake", 3, "en", "Overtakes its partner East with 7♣ to save the nil"),
        ("lead_low", 3, "en", "Leads its lowest club, 7♣"),
        ("lead_low", 3, "zh-Hant", "首攻手中最小的梅花 7♣"),
        ("duck", 0, "en", "Ducks with 7♣: its side's bid is made, so it avoids bags"),
        ("bid_odds", 1, "en", "Bid 3: its side makes it in 80% of 12 sampled deals"),
        ("bid_odds", 1, "zh-Hans", "叫 3：在 12 个抽样牌局中己方有 80% 能完成定约"),
        ("bid_suicide_nil", 2, "en", "Suicide: one of the partners must bid nil, and its hand is the weaker"),
    ],
)  # fmt: skip
def test_a_reason_names_the_movers_partner_by_seat(code: str, seat: int | None, lang: str, text: str) -> None:
    params = {k: v for k, v in PARAMS.items() if k not in ("delta", "why")}
    assert explain(Explanation(code, params), lang, seat) == text


@pytest.mark.parametrize("seat", [-1, 4, "W", True, 1.0])
def test_a_bad_seat_is_refused_in_one_line(seat: object) -> None:
    with pytest.raises(ValueError, match=r"^seat must be 0 \(N\) to 3 \(W\), the seat that moved, got "):
        explain(Explanation("partner_wins", PARAMS), "en", seat)  # type: ignore[arg-type]


PLAYERS = [(level,) * 4 for level in LEVELS if level != "expert"] + [
    (name, "standard", name, "beginner") for name in FIELD if name not in LEVELS
]


@pytest.mark.parametrize("levels", PLAYERS, ids="-".join)
def test_the_reasons_of_real_decisions_speak_of_the_seat_in_the_third_person(levels: tuple[str, ...]) -> None:
    """Every decision of two hands of four games, by the players of ``levels``: its reason in each language."""
    seen = set()
    for seed in range(4):
        for view, _move, why in decisions(seed, levels):
            seen.add(why.code)
            for lang in LANGUAGES:
                for text in (explain(why, lang), explain(why, lang, view.seat)):
                    problem = voice_problem(text, lang)
                    assert problem is None, f"seed {seed} {view.seat.name} ({why.code}, {lang}): {text!r}: {problem}"
    assert len(seen) >= 5, sorted(seen)  # many kinds of reason were said


def test_the_experts_reasons_speak_of_the_seat_in_the_third_person() -> None:
    """The expert's reasons (its sampled odds and searches among them) in real decisions, in each language."""
    seen = set()
    for seed in range(3):
        for view, _move, why in decisions(seed, ("expert", "standard", "expert", "standard"), hands=1, work=1500,
                                         time_budget=None):  # fmt: skip
            if view.seat % 2:
                continue
            seen.add(why.code)
            for lang in LANGUAGES:
                for text in (explain(why, lang), explain(why, lang, view.seat)):
                    assert voice_problem(text, lang) is None, f"seed {seed} ({why.code}, {lang}): {text!r}"
    assert {c for c in seen if c.startswith(("search_", "bid_odds", "solved"))}, sorted(seen)
