"""Rule options and presets.

A :class:`Rules` value is immutable and complete: every option has a value.
:meth:`Rules.from_dict` builds one from a preset plus overrides, and rejects
unknown keys and bad values with a :class:`~spades.errors.RulesError` (only an
object, or ``None`` for the standard rules; integer options within
±:data:`MAX_POINTS`; ``True`` is not an integer).

Options (defaults are the seeds' standard game):

=====================  =====================================================
``preset``             the preset the other options start from (``standard``)
``target``             a team at or above this total wins (500)
``mercy``              a team at or below this total loses (−200); ``None`` = off
``nil``                nil bids allowed (``True``)
``nil_value``          points for a made nil, lost for a failed one (100)
``blind_nil``          blind nil allowed, declared before looking (``False``)
``blind_nil_value``    points for blind nil (200)
``blind_nil_behind``   blind nil only when the team trails by at least this (0)
``nil_tricks_count``   a nil bidder's tricks count toward the partner's bid,
                       or, when both bid nil, toward a contract of zero (each
                       an overtrick); ``False``: each is a bag that scores no point
``bags_limit``         every this many bags costs ``bags_penalty``; ``None`` = off
``bags_penalty``       points lost per ``bags_limit`` bags (100)
``min_team_bid``       the second partner to bid must bring a numeric team
                       total to at least this (0 = no minimum); nil is exempt
``first_lead``         ``"left"`` of the dealer, or ``"two_clubs"``: the holder
                       of 2♣ leads it
``spades_anytime``     spades may be led before they are broken (``False``)
``jokers``             Big and Little Joker are the two highest spades; 2♦ and
                       2♥ are removed (``False``)
``ten_for_200``        a made contract of 10 or more scores double (``False``)
``bidding``            ``"standard"``; ``"suicide"``: exactly one partner of each
                       team bids nil; ``"whiz"``: bid your number of spades or
                       nil; ``"mirror"``: bid your number of spades (nil with none)
=====================  =====================================================

Presets: ``standard`` (the seeds' rules: 500 / −200, nil ±100, 10 bags −100),
``windows`` (the Windows Internet Spades room: standard plus blind nil ±200),
``igame`` (the i.Game room: 300 / −300 with blind nil), ``short`` (250 / −200),
``pagat`` (standard, but a nil bidder's tricks count for the partner).

A renege (failing to follow suit when able) is punished with three tricks in
paper play; in ordinary play it cannot happen here, since illegal cards are
refused.  Only a host-blind hand's audit (docs/fair-play.md) replays one, with
``Game.play(card, renege=True)``, scored by :func:`spades.scoring.renege_tricks`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, fields, replace
from typing import Any

from .errors import RulesError, brief, msg

PRESET_NAMES = ("standard", "windows", "igame", "short", "pagat")
FIRST_LEADS = ("left", "two_clubs")
BIDDING_STYLES = ("standard", "suicide", "whiz", "mirror")
MAX_POINTS = 1_000_000
"""Every integer option lies within ±this (a target of a million points is already a very long game)."""


@dataclass(frozen=True, slots=True)
class Rules:
    """A complete, validated set of rule options (see the module docstring)."""

    preset: str = "standard"
    target: int = 500
    mercy: int | None = -200
    nil: bool = True
    nil_value: int = 100
    blind_nil: bool = False
    blind_nil_value: int = 200
    blind_nil_behind: int = 0
    nil_tricks_count: bool = False
    bags_limit: int | None = 10
    bags_penalty: int = 100
    min_team_bid: int = 0
    first_lead: str = "left"
    spades_anytime: bool = False
    jokers: bool = False
    ten_for_200: bool = False
    bidding: str = "standard"

    def __post_init__(self) -> None:
        for f in fields(self):
            value = getattr(self, f.name)
            kind = _KINDS[f.name]
            ok = (
                (value is None and kind.endswith("?"))
                or (kind.startswith("int") and type(value) is int)
                or (kind == "bool" and type(value) is bool)
                or (kind == "str" and type(value) is str)
            )
            if not ok:
                raise RulesError(
                    f"rule {f.name!r} must be {_KIND_TEXT[kind]}, got {brief(value)}",
                    "rule_type",
                    {"rule": f.name, "expected": msg(_KIND_CODE[kind]), "value": brief(value)},
                )
            if type(value) is int and not -MAX_POINTS <= value <= MAX_POINTS:
                raise RulesError(
                    f"rule {f.name!r} must be between {-MAX_POINTS} and {MAX_POINTS}, got {brief(value)}",
                    "rule_range",
                    {"rule": f.name, "low": -MAX_POINTS, "high": MAX_POINTS, "value": brief(value)},
                )
        if self.preset not in PRESET_NAMES:
            raise _unknown_preset(self.preset)
        if self.target <= 0:
            raise RulesError(
                f"rule 'target' must be positive, got {self.target}",
                "rule_positive",
                {"rule": "target", "value": brief(self.target)},
            )
        if self.mercy is not None and self.mercy >= self.target:
            raise RulesError(
                f"rule 'mercy' ({self.mercy}) must be below the target ({self.target})",
                "mercy_above_target",
                {"mercy": self.mercy, "target": self.target},
            )
        if self.bags_limit is not None and self.bags_limit <= 0:
            raise RulesError(
                f"rule 'bags_limit' must be positive or null, got {self.bags_limit}",
                "rule_positive",
                {"rule": "bags_limit", "value": brief(self.bags_limit)},
            )
        if not 0 <= self.min_team_bid <= 13:
            raise RulesError(
                f"rule 'min_team_bid' must be 0 to 13, got {self.min_team_bid}",
                "rule_range",
                {"rule": "min_team_bid", "low": 0, "high": 13, "value": brief(self.min_team_bid)},
            )
        if self.first_lead not in FIRST_LEADS:
            raise RulesError(
                f"rule 'first_lead' must be one of {FIRST_LEADS}, got {brief(self.first_lead)}",
                "rule_choice",
                {"rule": "first_lead", "value": brief(self.first_lead)},
            )
        if self.bidding not in BIDDING_STYLES:
            raise RulesError(
                f"rule 'bidding' must be one of {BIDDING_STYLES}, got {brief(self.bidding)}",
                "rule_choice",
                {"rule": "bidding", "value": brief(self.bidding)},
            )
        if self.bidding == "suicide" and not self.nil:
            raise RulesError("suicide bidding needs nil bids allowed", "suicide_needs_nil")

    @classmethod
    def from_dict(cls, data: Mapping[str, Any] | None = None) -> Rules:
        """Build rules from ``data``: a ``preset`` name (default ``standard``) plus overrides.

        >>> Rules.from_dict({"preset": "igame"}).target
        300
        >>> Rules.from_dict({"preset": "igame", "mercy": None}).mercy is None
        True
        """
        if data is not None and not isinstance(data, Mapping):
            raise RulesError(f"rules must be an object, got {brief(data)}", "rules_not_object", {"value": brief(data)})
        data = dict(data or {})
        unknown = [key for key in data if not (isinstance(key, str) and key in _KINDS)]
        if unknown:
            raise RulesError(
                f"unknown rule {brief(unknown[0])} (known: {', '.join(_KINDS)})",
                "rule_unknown",
                {"value": brief(unknown[0])},
            )
        name = data.pop("preset", "standard")
        if not isinstance(name, str) or name not in PRESETS:
            raise _unknown_preset(name)
        base = PRESETS[name]
        return replace(base, **data) if data else base

    def to_dict(self) -> dict[str, Any]:
        """Return every option as plain JSON values (the inverse of :meth:`from_dict`).  Every option is a
        plain value (:data:`_KINDS`), so no copy is needed: every viewer state carries this."""
        return {name: getattr(self, name) for name in _KINDS}


_KINDS = {
    "preset": "str",
    "target": "int",
    "mercy": "int?",
    "nil": "bool",
    "nil_value": "int",
    "blind_nil": "bool",
    "blind_nil_value": "int",
    "blind_nil_behind": "int",
    "nil_tricks_count": "bool",
    "bags_limit": "int?",
    "bags_penalty": "int",
    "min_team_bid": "int",
    "first_lead": "str",
    "spades_anytime": "bool",
    "jokers": "bool",
    "ten_for_200": "bool",
    "bidding": "str",
}
_KIND_TEXT = {"str": "text", "int": "an integer", "int?": "an integer or null", "bool": "true or false"}
_KIND_CODE = {"str": "type_text", "int": "type_int", "int?": "type_int_or_null", "bool": "type_bool"}


def _unknown_preset(name: object) -> RulesError:
    return RulesError(
        f"unknown preset {brief(name)} (known: {', '.join(PRESET_NAMES)})", "preset_unknown", {"value": brief(name)}
    )


PRESETS: dict[str, Rules] = {
    "standard": Rules(),
    "windows": Rules(preset="windows", blind_nil=True),
    "igame": Rules(preset="igame", target=300, mercy=-300, blind_nil=True),
    "short": Rules(preset="short", target=250),
    "pagat": Rules(preset="pagat", nil_tricks_count=True),
}
