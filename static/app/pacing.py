"""Pacing of the moves on show: the speeds, each move announced, and a finished trick kept on the table for a
moment with its winner marked before it is swept towards them. The loop that asks for computer moves and a
lesson's scripted ones, one at a time after a pause (the bot's thinking time counts towards it), is the one
``session.Driver``.

Everything shown comes from the worker's events (docs/table.md): the page computes no trick winner.
"""

import i18n
import sound
from dom import announce
from i18n import card_name, t, who
from tasks import sleep_ms

# milliseconds: (pause before a computer move, trick shown before it is taken, taking animation)
SPEEDS = {"slow": (900, 1500, 450), "normal": (550, 950, 320), "fast": (250, 500, 200), "instant": (0, 0, 0)}
PLAYING = ("bidding", "playing")


class Pacer:
    """Shows the moves' events, paced: ``ui`` (the page's fields), ``render()``, ``speed_name()`` (the address's
    or the settings' animation speed), ``me()`` (my seat) and ``course()`` (the generation on show)."""

    def __init__(self, ui, render, speed_name, me, course):
        self.ui = ui
        self.render = render
        self.speed_name = speed_name
        self.me = me
        self.course = course

    def speed(self):
        """``(pause before a computer move, trick shown, sweep)`` in milliseconds."""
        return SPEEDS.get(self.speed_name(), SPEEDS["normal"])

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
