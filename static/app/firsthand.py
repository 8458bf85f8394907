"""The first hand of a first visit, before the engine (docs/page.md "The first hand before the engine").

On a first visit the engine (Pyodide in the worker: its 2.7 MB runtime, its start, the engine's imports) is ready
seconds after the page's MicroPython. So the build asked the engine for the opening of a few first hands
(scripts/early_data.py, ``static/vendor/early/first-hand.json``): for each of its seeds, the state South sees when
it is South's turn to bid in a new game of the default settings (the computers before South have bid, with the
same bots and seeds the engine uses), made with the arguments of op ``new`` it records (``args``, the seed aside).

When the page would start a new game of exactly those arguments (:func:`wanted`, :func:`choose`), it draws one
of them, picked at random, as soon as MicroPython runs, and the person may bid: :class:`FirstHand` is the session
on show until the engine is ready; it holds the bid. Then the controller starts the same game in the engine from
that seed (op ``new``, then ``step`` while a computer is to bid), takes the engine's state, which equals the
prepared one (tests/test_early_data.py checks every seed, tests/browser/test_first_hand.py the engine in the
browser), and hands the engine the bid that was held. Were they ever to differ, the engine's own game is shown
and the bid is not sent: it was made on cards the engine did not deal.

The page knows no rules here either: the prepared state carries the legal bids exactly as the engine's does.
The hand is shown as any game's opening is, from the engine's own states the build kept (``opening``): the deal
(nobody has bid: the table deals it, pacing.py), then each computer's bid after the pause of the chosen speed,
announced as the paced moves of any game are (:func:`opening_events`: the same events; :func:`opening_steps`),
then the person's turn. The game the engine starts is then given a seed of its own (:func:`reseeded`): the first
hand stays the prepared one (its cards and bids are in the save's record), and what the engine decides and deals
after it comes from a fresh seed, so a first visit does not play one of only 16 whole games.
Pure: no js, no pyscript (tests/page/test_firsthand.py).
"""

import i18n
from i18n import t
from session import Session

FORMAT = "spades-first-hand/2"
SEATS = ("N", "E", "S", "W")
QUIET = ("lang", "source", "speed", "sound")
"""Address parameters that leave the game to the page (the language, the installed app's start URL, the animation
speed, the sound); any other asks for a particular game (a seed, a deal, the daily deal, a lesson, an embed,
chosen settings) and the page waits for the engine to start it."""
WAITING = "why_engine_waiting"
"""Why a tool or a menu item that needs the engine does nothing yet (catalog key)."""


def seats_of(levels, me):
    """The ``seats`` of a new table: the person at ``me``, computers of ``levels`` (seat → level) elsewhere."""
    seats = {}
    for seat in SEATS:
        kind = "person" if seat == me else "computer"
        seats[seat] = {"occupant": kind, "level": levels.get(seat, "standard")}
    return seats


def policy_of(settings, rated=False):
    """The policy of a new game of ``settings`` (``rated``: a rated solo game)."""
    if rated:
        return {"kind": "rated"}
    return {"kind": "casual", "undo": bool(settings["undo"]), "hints": True, "explain": True}


def new_args(settings, me, seed, preset=None, rated=False):
    """The arguments of op ``new`` for a new game of ``settings`` (static/app/store.py's), the person at ``me``,
    dealt from ``seed``: one definition for the controller's new games and the build's prepared hands."""
    rules = dict(settings.get("rules") or {})
    rules["preset"] = preset or settings.get("preset") or "standard"
    return {
        "rules": rules,
        "seed": seed,
        "seats": seats_of(settings["bots"], me),
        "policy": policy_of(settings, rated),
        "viewer": me,
    }


def without_seed(args):
    """``args`` of op ``new`` without its seed: what a prepared hand records."""
    return {key: value for key, value in args.items() if key != "seed"}


def wanted(params, hash_text, saved, lesson):
    """Whether the page may draw a prepared first hand: the address asks for no particular game (no parameter but
    ``QUIET``, no invitation ``#t=``), no game is saved (``saved``: the stored save's text, or ``None``) and no
    lesson is in progress (``lesson``: its id, or ``None``). The settings are checked by :func:`choose`."""
    if any(name not in QUIET for name in params):
        return False
    return not hash_text.startswith("#t=") and saved is None and not lesson


def opening_events(state):
    """The bids made in a prepared ``state`` before the person's turn, as the engine's ``bid`` events (``{"type",
    "seat", "bid"}``) in the order they were made: from the dealer's left to the seat whose turn it is."""
    bids = state.get("bids") or {}
    seat = SEATS[(SEATS.index(state["dealer"]) + 1) % 4]
    events = []
    while seat != state["turn"] and bids.get(seat) is not None:
        events.append({"type": "bid", "seat": seat, "bid": bids[seat]})
        seat = SEATS[(SEATS.index(seat) + 1) % 4]
    return events


def reseeded(save, seed):
    """A copy of the engine's ``save`` whose game goes on from ``seed``: the hands it records keep their cards and
    moves (a record carries every hand's deal), the next hands and the computers' decisions come from ``seed``."""
    record = dict(save["record"])
    record["seed"] = seed
    copy = dict(save)
    copy["record"] = record
    return copy


def opening_steps(deal):
    """A prepared ``deal`` (:func:`choose`'s) as the table shows it, ``[(event, state), ...]``: the deal itself
    (``None``, the first state of ``opening``), then each computer's bid (its ``bid`` event, :func:`opening_events`)
    with the state after it, the last of them ``state``, the person's turn."""
    events = opening_events(deal["state"])
    states = list(deal["opening"])
    states.append(deal["state"])
    return [(events[i - 1] if i else None, state) for i, state in enumerate(states)]


def choose(data, args, draw):
    """The prepared hand to draw, ``{"seed", "state", "opening"}``, or ``None``: ``data`` is first-hand.json (parsed),
    ``args`` the arguments of the game the page would start now (its seed aside: :func:`without_seed`), ``draw``
    a number in [0, 1) that picks one hand. ``None`` when the file is not of this format, or its hands were made
    for other arguments (other rules, seats, levels or undo setting than the person's)."""
    if not isinstance(data, dict) or data.get("format") != FORMAT or data.get("args") != without_seed(args):
        return None
    deals = data.get("deals")
    if not isinstance(deals, list) or not deals:
        return None
    deal = deals[min(int(draw * len(deals)), len(deals) - 1)]
    if not isinstance(deal, dict) or not isinstance(deal.get("seed"), int) or not isinstance(deal.get("state"), dict):
        return None
    opening = deal.get("opening")
    if not isinstance(opening, list) or len(opening) != len(opening_events(deal["state"])):
        return None
    if not all(isinstance(state, dict) for state in opening):
        return None
    return deal


class FirstHand(Session):
    """The prepared hand on show while the engine loads (``deal``: ``{"seed", "state"}``; ``args``: op ``new``'s
    arguments, the seed aside). The person's bid is held (``held``: the intent) and the status line says so; every
    tool and menu item that needs the engine says that it waits for it (``WAITING``). The held bid's line is made
    when the table is drawn (:meth:`status`), so it speaks the language of the moment."""

    def __init__(self, table, deal, args):
        Session.__init__(self, table)
        self.seed = deal["seed"]
        self.args = without_seed(args)
        self.state = deal["state"]
        self.held = None  # the person's bid, until the engine takes it

    def start_args(self):
        """Op ``new``'s arguments that start this game in the engine."""
        args = dict(self.args)
        args["seed"] = self.seed
        return args

    def engine_waits(self):
        return True

    def status(self):
        """The held bid's line, in the language of the moment; ``None`` before a bid."""
        if self.held is None:
            return None
        return t("first_bid_held", bid=i18n.bid_text(self.held["bid"]))

    def off(self, action):
        if action in ("hint", "undo"):
            return WAITING
        return None

    def _allowed(self, action):
        if action == "claim":
            return (False, "why_claim")  # the bidding: no card to claim with
        if action == "wrong_move":
            return (False, "card_illegal")
        return (False, WAITING)

    async def act(self, intent, new_course=False):
        """A bid is held until the engine is ready (one: the bidding window closes on it); anything else says that
        it waits for the engine."""
        table = self.table
        if self.held is not None or intent.get("type") != "bid":
            table.ui.message = t(WAITING)
            table.render()
            return None
        self.held = intent
        table.ui.busy = True  # the person waits: no bidding window, no second bid
        table.ui.message = None  # the status line says the held bid (status)
        table.ui.saved = False  # a move: "Settings saved." has been read
        table.render()
        return None
