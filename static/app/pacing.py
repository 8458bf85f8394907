"""Pacing of the moves on show: the speeds, each move announced, and a finished trick kept on the table for a
moment with its winner marked before it is swept towards them. The loop that asks for computer moves and a
lesson's scripted ones, one at a time after a pause (the bot's thinking time counts towards it), is the one
``session.Driver``.

Everything shown comes from the worker's events (docs/table.md): the page computes no trick winner.

The deal: when the table shows a fresh deal (the controller's ``render`` asks view.py's ``fresh_deal`` and calls
:meth:`Pacer.deal`), ``<html data-deal="on">`` for the deal's time: the style sheet flies your cards and the
other seats' backs out from the middle of the table, one after another; the attribute goes when they are all in
place, so its absence is the end state (tests wait for it). Nothing waits for it: the bidding goes on meanwhile.
At the speed *instant*, or where the person prefers reduced motion, there is no attribute (the cards are simply
there); the deal's sound plays all the same.
"""

import i18n
import js
import sound
from dom import announce
from i18n import card_name, t, who
from tasks import sleep_ms, spawn

# milliseconds: (pause before a computer move, trick shown before it is taken, taking animation); the style
# sheet's --sweep (static/css/app.css "motion") is the last. Shown and taken together stay within the online
# room's TRICK_SHOWN_MS (spades/table/room.py: it times the next lead after the slowest page has gathered a trick).
SPEEDS = {"slow": (900, 1200, 800), "normal": (550, 950, 560), "fast": (250, 500, 320), "instant": (0, 0, 0)}
DEALS = {"slow": 1400, "normal": 900, "fast": 500, "instant": 0}
"""A deal's time on the table (ms): 12 steps of --deal-step and one card's flight, --deal-card (the style sheet)."""
PLAYING = ("bidding", "playing")


def reduced_motion():
    """Whether the person asked for less motion (``prefers-reduced-motion: reduce``)."""
    try:
        return bool(js.window.matchMedia("(prefers-reduced-motion: reduce)").matches)
    except Exception:
        return False


class Pacer:
    """Shows the moves' events, paced: ``ui`` (the page's fields), ``render()``, ``speed_name()`` (the address's
    or the settings' animation speed), ``me()`` (my seat) and ``course()`` (the generation on show)."""

    def __init__(self, ui, render, speed_name, me, course):
        self.ui = ui
        self.render = render
        self.speed_name = speed_name
        self.me = me
        self.course = course
        self.dealing = 0  # the deal on show (its number: a later deal's end is its own)

    def speed(self):
        """``(pause before a computer move, trick shown, sweep)`` in milliseconds."""
        return SPEEDS.get(self.speed_name(), SPEEDS["normal"])

    def deal(self):
        """A fresh deal is on the table: its sound, and its animation for its time (see the module's docstring)."""
        length = DEALS.get(self.speed_name(), DEALS["normal"])
        sound.play("deal", length / 1000)
        self.dealing += 1
        root = js.document.documentElement
        if not length or reduced_motion():
            root.removeAttribute("data-deal")
            return
        root.setAttribute("data-deal", "on")
        spawn(self._dealt(self.dealing, length))

    async def _dealt(self, number, length):
        await sleep_ms(length + 60)
        if self.dealing == number:
            js.document.documentElement.removeAttribute("data-deal")

    def pause(self):
        """Milliseconds before a computer move (the Driver's pause, session.py)."""
        return self.speed()[0]

    async def show_events(self, events, gen):
        """Announce each move (but the person's own) and show each finished trick."""
        me = self.me()
        for event in events:
            kind = event.get("type")
            seat = event.get("seat")
            if kind == "bid" and seat != me:
                sound.play("bid")
                announce(t("announce_bid", who=who(seat), bid=i18n.bid_text(event["bid"])))
            elif kind == "play" and seat != me:
                sound.play("card")
                announce(t("announce_play", who=who(seat), card=card_name(event["card"])))
            elif kind == "trick":
                await self.show_trick_end(event, gen)

    async def show_trick_end(self, trick, gen):
        """Keep the finished trick on the table a moment, mark the winner, then sweep it to them."""
        ui = self.ui
        _, pause, sweep = self.speed()
        winner = trick["winner"]
        ui.busy = True
        ui.trick_shown = {"cards": trick["cards"], "leader": trick["leader"], "winner": winner, "collect": None}
        note = t("announce_trick_you") if winner == self.me() else t("announce_trick", who=who(winner))
        ui.note = note
        self.render()
        announce(note)
        sound.play("trick")
        await sleep_ms(pause)
        if self.course() == gen and sweep:
            ui.trick_shown["collect"] = winner
            self.render()
            await sleep_ms(sweep)
        ui.note = None
        if self.course() == gen:
            ui.trick_shown = None
            ui.busy = False
            self.render()
