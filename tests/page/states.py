"""Real data for the page's views, made by the engine (spades.worker.handle, as the page's worker answers), and
a way to make it hostile: every string in it replaced by text that tries to become markup.

:func:`game` plays one game (South a person who follows the standard bot's hints, the others computers) to its
end and keeps what the page renders on the way: the states at South's first bid (before and after South looks
at the cards: ``blind``, ``bidding-looked``), in the middle of a trick with
South to play, at the first hand's end and at the game's end; the first hand's events (the move log's moves and
the computers' reasons); the finished hand (op ``hand``) and South's review of it (ops ``review_*``).
"""

from __future__ import annotations

import copy
import functools
import json
from collections.abc import Callable
from typing import Any

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st

from spades.worker import handle
from tests.page.conftest import HOSTILE

SEATS = ("N", "E", "S", "W")
CODES = frozenset((*SEATS, "NS", "EW", "bid", "card"))
"""Seat and team codes, a verdict's kind: the views index tables with them (``position(seat)``,
``TEAM_SEATS[team]``) or read a card or a bid by them."""
RULES = {"target": 150, "blind_nil": True, "min_team_bid": 6}
"""A short game with blind nil and a minimum team bid (so the bidding window has refused bids with reasons)."""


REFUSED = (LookupError, ValueError, TypeError)
"""How a view may refuse a code or a number it cannot use (never by writing it into the page)."""
HYPOTHESIS = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
"""The property tests' settings (each example renders every view of a state: no deadline)."""


def op(name: str, **args: Any) -> dict[str, Any]:
    """One worker operation; its answer (an error fails the test)."""
    out = json.loads(handle(name, json.dumps({"table": "page-views", **args})))
    assert "error" not in out, out
    return out


def with_hands(state: dict[str, Any]) -> dict[str, Any]:
    """``state`` completed with every scored hand's ``results`` and ``sheets`` (op ``sheets``), as the page's
    windows read it (static/app/sheet.py ``Hands.merged``)."""
    scored = op("sheets", to=state["hands_scored"])
    return {**state, "results": scored["results"], "sheets": scored["sheets"]}


@functools.cache
def game() -> dict[str, Any]:
    """The data of one seeded game (see the module docstring); a fresh deep copy is :func:`fresh`."""
    kept: dict[str, Any] = {"events": []}
    state = op("new", seed=5, rules=RULES, seats={"S": {"occupant": "person"}}, viewer="S")["state"]
    for _ in range(2000):
        phase = state["phase"]
        if phase == "game-over":
            kept["game-over"] = with_hands(state)
            break
        if phase == "hand-over":
            kept.setdefault("hand-over", with_hands(state))
            answer = op("act", seat="S", intent={"type": "next_hand"}, viewer="S")
        elif state["turn"] == "S":
            if phase == "bidding":
                if not state["looked"]:
                    kept.setdefault("blind", state)
                    state = op("act", seat="S", intent={"type": "look"}, viewer="S")["state"]
                    kept.setdefault("bidding-looked", state)
                bid = op("hint", seat="S", level="standard")["bid"]
                answer = op("act", seat="S", intent={"type": "bid", "bid": bid}, viewer="S")
            else:
                if len(state["trick"]) >= 2 and state["last_trick"] and not all(c["legal"] for c in state["hand"]):
                    kept.setdefault("playing", state)  # the middle of a trick, some cards refused
                card = op("hint", seat="S", level="standard")["card"]
                answer = op("act", seat="S", intent={"type": "play", "card": card}, viewer="S")
        else:
            answer = op("step", viewer="S")
        if "hand-over" not in kept:
            kept["events"].extend(answer["events"])
        state = answer["state"]
    assert {"blind", "bidding-looked", "playing", "hand-over", "game-over"} <= set(kept), sorted(kept)
    kept["hand"] = op("hand", number=1)
    start = op("review_start", hand=1, seat="S")
    verdicts = []
    while True:
        step = op("review_next", job=start["job"])
        if step["verdict"] is not None:
            verdicts.append(step["verdict"])
        if step["summary"].get("finished"):
            break
    kept["job"] = start["job"]
    kept["verdicts"] = verdicts
    kept["summary"] = step["summary"]
    return kept


def fresh(name: str) -> Any:
    """A deep copy of :func:`game`'s ``name`` (a test may change it)."""
    return copy.deepcopy(game()[name])


def log_entries(events: list[dict[str, Any]]) -> tuple[list[dict[str, Any]], list[dict[str, Any]], dict[int, str]]:
    """The move log of the events (as movelog.MoveLog keeps it): bids, plays, trick index → winner."""
    bids, plays, winners = [], [], {}
    for event in events:
        if event["type"] == "bid":
            bids.append({"seat": event["seat"], "bid": event["bid"], "text": event.get("text")})
        elif event["type"] == "play":
            plays.append({"seat": event["seat"], "card": event["card"], "text": event.get("text")})
        elif event["type"] == "trick":
            winners[(len(plays) - 1) // 4] = event["winner"]
    return bids, plays, winners


def is_card(value: str) -> bool:
    return value in ("BJ", "LJ") or (len(value) == 2 and value[0] in "23456789TJQKA" and value[1] in "CDHS")


def poison(data: st.DataObject, value: Any, codes: bool = False) -> Any:
    """``value`` with every string replaced by hostile text (dictionary keys stay: they are the data's shape).

    A card keeps its code in front (``AS" data-inj="1``: the rank and suit the views read are still there, the
    way a card passed ``card_name`` before); a code (:data:`CODES`) and a number stay as they are, unless
    ``codes``: then each of them may become hostile text too (and a view may refuse it with a lookup or type
    error, but must never turn it into markup).
    """
    if isinstance(value, dict):
        return {key: poison(data, item, codes) for key, item in value.items()}
    if isinstance(value, list):
        return [poison(data, item, codes) for item in value]
    if isinstance(value, bool) or value is None:
        return value
    if isinstance(value, int):
        return data.draw(HOSTILE) if codes and data.draw(st.booleans()) else value
    if isinstance(value, str):
        if value in CODES or is_card(value):
            if codes and data.draw(st.booleans()):
                return data.draw(HOSTILE)
            return value + data.draw(HOSTILE) if is_card(value) else value
        return data.draw(HOSTILE)
    return value


def rendered(views: list[Callable[[], object]], codes: bool) -> list[object]:
    """Each view's markup; with hostile codes and numbers a view may refuse (:data:`REFUSED`) instead."""
    out = []
    for render in views:
        try:
            out.append(render())
        except REFUSED:
            if not codes:
                raise
    return out
