"""The move log of the hand in progress: every bid and card in order, each computer move with its reason.

The worker sends a computer move's reason as the event's ``text`` (in the page's language, and only when the
table's policy explains moves: never in a rated game; docs/table.md). The page keeps the hand's moves here, from
the events of every answer (``App.take``), checked against the state after each one: an undo or a replayed hand
cuts the log back to the moves the state still has; a new hand or a new game starts a new log.

Reasons shown on the table (a card of the trick, focused or hovered: view.trick_html) and in the last trick
come from here too (``reasons``: card → text; a card is played once in a hand; ``tips``: the same, each naming
its seat, "West: its lowest club, 7♣", for the tooltips, which stand on the card alone).

The log of a solo game is kept in localStorage (``spades-movelog``: ``{"key", "bids", "plays", "missing",
"winners"}``), so a reload keeps the reasons of the hand's earlier moves. Where it is missing (storage blocked,
another tab played), the log holds what the state shows (the bids, the last trick and the trick on the table,
without reasons) and says that earlier moves are not listed (``missing`` cards). A reason keeps the language it
was given in.
"""

import dialogs
import store
from i18n import t, who
from movelog_view import log_html

STORE_KEY = "spades-movelog"
SEATS = ("N", "E", "S", "W")
LIMIT = 160  # longest stored reason kept (characters); longer ones are cut


def _seat_after(seat, steps):
    return SEATS[(SEATS.index(seat) + steps) % 4]


def _text(value):
    return value[:LIMIT] if isinstance(value, str) and value else None


def _entry(item, field):
    """A stored move, checked (localStorage is never trusted): ``{"seat", field, "text"}`` or ``None``."""
    if not isinstance(item, dict) or item.get("seat") not in SEATS:
        return None
    value = item.get(field)
    if field == "card":
        if not isinstance(value, str) or len(value) != 2:
            return None
    elif value not in ("nil", "blind_nil") and (type(value) is not int or not 0 < value <= 13):
        return None
    return {"seat": item["seat"], field: value, "text": _text(item.get("text"))}


class MoveLog:
    def __init__(self):
        self.key = None  # "<game>:<hand number>": the hand this log is of
        self.bids = []  # {"seat", "bid", "text"} in the order bid
        self.plays = []  # {"seat", "card", "text"} in the order played, after the first `missing` cards
        self.missing = 0  # cards of this hand played before the log began (a multiple of 4: whole tricks)
        self.winners = {}  # trick index (0-based) -> winning seat
        self.explains = True  # the table's policy explains computer moves
        self.me = None

    # ------------------------------------------------------------- keeping the log

    def take(self, state, events, game, persist):
        """Record ``events`` (an answer's) and fit the log to ``state``; ``persist``: keep it in localStorage."""
        policy = state.get("policy") or {}
        self.explains = policy.get("kind") != "rated" and policy.get("explain") is not False
        self.me = state.get("me")
        key = str(game) + ":" + str(state.get("hand_number"))
        if key != self.key:
            self.key = key
            self.bids, self.plays, self.missing, self.winners = [], [], 0, {}
            if persist:
                self.restore()
        changed = False
        for event in events or []:
            kind = event.get("type")
            if kind == "bid":
                self.bids.append({"seat": event.get("seat"), "bid": event.get("bid"), "text": _text(event.get("text"))})
            elif kind == "play":
                self.plays.append(
                    {"seat": event.get("seat"), "card": event.get("card"), "text": _text(event.get("text"))}
                )
            elif kind == "trick":
                self.winners[(self.missing + len(self.plays) - 1) // 4] = event.get("winner")
            else:
                continue
            changed = True
        changed = self.fit(state) or changed
        if persist and changed:
            self.store()

    def fit(self, state):
        """Make the log agree with ``state`` (undo, replay, missed events); ``True`` when it changed."""
        changed = False
        bids = state.get("bids") or {}
        dealer = state.get("dealer") or "N"
        order = [_seat_after(dealer, k) for k in range(1, 5)]
        made = [s for s in order if bids.get(s) is not None]
        if [b["seat"] for b in self.bids] != made:
            known = {b["seat"]: b for b in self.bids}
            self.bids = [known.get(s) or {"seat": s, "bid": bids[s], "text": None} for s in made]
            changed = True
        trick = state.get("trick") or []
        done = 0
        for value in (state.get("tricks_won") or {}).values():
            done += value
        total = 4 * done + len(trick)
        if self.missing + len(self.plays) > total:  # an undo: the later moves are gone
            self.missing = min(self.missing, 4 * done)
            self.plays = self.plays[: max(0, total - self.missing)]
            changed = True
        elif self.missing + len(self.plays) < total:  # moves this page never saw: what the state shows
            last = state.get("last_trick")
            plays = []
            if last and done:
                seat = last["leader"]
                for card in last["cards"]:
                    plays.append({"seat": seat, "card": card, "text": None})
                    seat = _seat_after(seat, 1)
            plays += [{"seat": c["seat"], "card": c["card"], "text": None} for c in trick]
            self.plays = plays
            self.missing = total - len(plays)
            self.winners = {done - 1: last["winner"]} if last and done else {}
            changed = True
        for index in list(self.winners):
            if index >= done:
                del self.winners[index]
                changed = True
        return changed

    def restore(self):
        try:
            saved = store.read_json(STORE_KEY)
        except ValueError:
            saved = None
        if not isinstance(saved, dict) or saved.get("key") != self.key:
            return
        bids = saved.get("bids")
        plays = saved.get("plays")
        missing = saved.get("missing")
        winners = saved.get("winners")
        if not isinstance(bids, list) or not isinstance(plays, list) or not isinstance(missing, int):
            return
        bids = [_entry(b, "bid") for b in bids]
        plays = [_entry(p, "card") for p in plays]
        if None in bids or None in plays or missing % 4 or not 0 <= missing <= 52:
            return
        self.bids, self.plays, self.missing = bids[:4], plays[: 52 - missing], missing
        if isinstance(winners, dict):
            for index, seat in winners.items():
                if str(index).isdigit() and seat in SEATS:
                    self.winners[int(index)] = seat

    def store(self):
        store.write_json(
            STORE_KEY,
            {"key": self.key, "bids": self.bids, "plays": self.plays, "missing": self.missing, "winners": self.winners},
        )

    def reasons(self):
        """``{card: reason}`` for the computer's cards of this hand that have one."""
        if not self.explains:
            return {}
        return {p["card"]: p["text"] for p in self.plays if p["text"]}

    def tips(self):
        """``{card: "West: its lowest club, 7♣"}``: the reasons as the table's tooltips say them, each naming the
        seat whose reason it is (the reason alone is in the third person, about that seat; catalog
        ``log_reason_of``). The log and the last trick name the seat beside the card, so they use ``reasons``."""
        return {
            p["card"]: t("log_reason_of", who=who(p["seat"]), reason=p["text"])
            for p in self.plays
            if p["text"] and self.explains
        }

    # ------------------------------------------------------------- the window

    def html(self, state):
        """The window's markup (movelog_view.py)."""
        return log_html(
            state.get("hand_number"), self.bids, self.plays, self.missing, self.winners, self.explains, self.me
        )

    def open(self, state):
        """Open the window of the hand's moves."""
        dialogs.open_dialog("dlg-scores", self.html(state))


LOG = MoveLog()
