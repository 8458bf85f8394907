"""Deal codes and the daily deal in Pyodide too: the same codes, seeds and cards as in CPython (fixed values)."""

from spades.cards import JOKER_DECK, Seat
from spades.errors import ParseError
from spades.formats.dealcode import DealSpec, daily, daily_seed, decode, encode, game_of, game_seed
from spades.rng import deal_masks
from spades.rules import Rules


def test_the_daily_deal_is_the_same_as_in_cpython():
    assert encode(daily("2026-11-30")) == "AQhiuS_-LO9K572mRhusC60"
    assert encode(daily("2027-02-28")) == "AQg0bXYrTwJWF3EWoYJ2zTs"
    assert daily_seed("2027-02-28") == 1258111708
    assert game_seed(encode(daily("2027-02-28"))) == 1305032356


def test_a_code_with_rule_options_round_trips_and_a_game_deals_it():
    rules = Rules.from_dict({"preset": "windows", "jokers": True, "mercy": None, "target": 350})
    spec = DealSpec(deal_masks(99, 0, JOKER_DECK), Seat.E, Seat.W, rules)
    code = encode(spec)
    assert code == "AZ3OdMsAM-JFBZu_gSkdAyC8BQABn4U"
    assert decode(code) == spec
    game = game_of(code)
    assert game.dealer is Seat.E and tuple(game.history[-1].deal) == spec.masks


def test_a_damaged_code_is_refused():
    try:
        decode("AQhiuS_-LO9K572mRhusC6A")
    except ParseError as error:
        assert error.code == "deal_code_checksum"
    else:
        raise AssertionError("a damaged code was accepted")
