"""The bot interface: :class:`Bot`, :class:`Decision` and the per-decision random generator.

A bot sees only its seat's :class:`~spades.game.View` and answers with a
:class:`Decision`: the move (a bid — 0 nil, −1 blind nil, 1–13 — in the
bidding phase, a card number in the play phase; always one of
``view.legal``) and an :class:`~spades.i18n.catalog.Explanation`.

Decisions are reproducible: each one draws from a :class:`~spades.rng.Rng`
seeded from the bot's seed and the position (:func:`position_seed`), so the
same seed and the same view give the same decision, whatever was asked
before (undo and replays included).
"""

from __future__ import annotations

from dataclasses import dataclass

from ..errors import SpadesError
from ..game import Phase, View
from ..i18n.catalog import Explanation, explain
from ..rng import Rng


@dataclass(frozen=True, slots=True)
class Decision:
    """A move and why: ``move`` is a bid or a card number (see the module docstring)."""

    move: int
    explanation: Explanation

    def text(self, lang: str = "en") -> str:
        """The explanation as one sentence in ``lang`` (``"en"``, ``"zh-Hans"``, ``"zh-Hant"``)."""
        return explain(self.explanation, lang)


def position_seed(seed: int, view: View) -> int:
    """A 64-bit seed mixing ``seed`` with where the view stands (portable: no ``hash()``)."""
    rng = Rng(seed)
    state = rng.next64()
    parts = (
        int(view.seat),
        view.hand_number,
        len(view.tricks),
        len(view.trick),
        view.played & 0xFFFFFFFF,
        view.played >> 32,
        sum(1 << c for c in view.hand) & 0xFFFFFFFF,
        view.totals[0] & 0xFFFF,
        view.totals[1] & 0xFFFF,
        sum(1 for b in view.bids if b is not None),
    )
    for part in parts:
        state = Rng(state ^ (part * 0x9E3779B97F4A7C15)).next64()
    return state


class Bot:
    """Base class of the computer players: override :meth:`choose_bid` and :meth:`choose_card`."""

    level = "bot"

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed

    def decide(self, view: View) -> Decision:
        """Choose a move for ``view.seat``, which must be the seat to act."""
        if view.turn != view.seat or not view.legal:
            raise SpadesError(f"{view.seat.name} is not to act (phase {view.phase.value})")
        rng = Rng(position_seed(self.seed, view))
        if view.phase is Phase.BIDDING:
            decision = self.choose_bid(view, rng)
        else:
            decision = self.choose_card(view, rng)
        if decision.move not in view.legal:
            raise SpadesError(f"{self.level} bot chose an illegal move {decision.move} for {view.seat.name}")
        return decision

    def choose_bid(self, view: View, rng: Rng) -> Decision:
        """Choose a bid (``view.phase`` is bidding)."""
        raise NotImplementedError

    def choose_card(self, view: View, rng: Rng) -> Decision:
        """Choose a card (``view.phase`` is playing)."""
        raise NotImplementedError

    def __repr__(self) -> str:
        return f"{type(self).__name__}(seed={self.seed})"
