"""Pacing of computer moves: the worker's ``step`` makes one move at a time; the page shows each after a
pause (the bot's thinking time counts towards it), announces it, and keeps a finished trick on the table
for a moment with its winner marked before sweeping it towards them.

Everything shown comes from the worker's events (docs/table.md): the page computes no trick winner.
"""

import i18n
import sound
from dom import announce
from i18n import card_name, error_text, t, who
from tasks import now, sleep_ms
from transport import EngineError, call

# milliseconds: (pause before a computer move, trick shown before it is taken, taking animation)
SPEEDS = {"slow": (900, 1500, 450), "normal": (550, 950, 320), "fast": (250, 500, 200), "instant": (0, 0, 0)}
PLAYING = ("bidding", "playing")


def computer_to_move(state):
    """The seat to move is played by the table's computer (not me, not someone elsewhere)."""
    turn = state["turn"]
    if state["phase"] not in PLAYING or turn is None or turn == state["me"]:
        return False
    seat = (state.get("seats") or {}).get(turn)
    return seat is None or seat.get("occupant") == "computer" or bool(seat.get("away"))


class Pacer:
    def __init__(self, app):
        self.app = app
        self.driving = None  # generation of the loop running, if any

    def speed(self):
        app = self.app
        name = app.params.get("speed") or app.settings["speed"]
        return SPEEDS.get(name, SPEEDS["normal"])

    async def drive(self):
        """Let the computer players move until it is the person's turn or the hand is over."""
        app = self.app
        gen = app.gen
        if self.driving == gen:
            return
        self.driving = gen
        try:
            while app.gen == gen and app.tabs.owner and computer_to_move(app.state):
                started = now()
                result = await call("step", {"viewer": app.state["me"], "lang": i18n.lang()})
                if app.gen != gen:
                    return
                await sleep_ms(self.speed()[0] - (now() - started))
                if app.gen != gen:
                    return
                events = result.get("events")
                if events is None:
                    events = [result["event"]] if result.get("event") else []
                if not events:
                    break
                app.ui.hinted = None
                app.ui.message = None
                app.take(result)
                await self.show_events(events, gen)
        except EngineError as error:
            app.notice(t("error", error=error_text(error)))
        finally:
            if self.driving == gen:
                self.driving = None
        if app.gen == gen:
            app.after_state()

    async def show_events(self, events, gen):
        """Announce each move (but the person's own) and show each finished trick."""
        me = self.app.state["me"]
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
        app = self.app
        ui = app.ui
        _, pause, sweep = self.speed()
        winner = trick["winner"]
        ui.busy = True
        ui.trick_shown = {"cards": trick["cards"], "leader": trick["leader"], "winner": winner, "collect": None}
        note = t("announce_trick_you") if winner == app.state["me"] else t("announce_trick", who=who(winner))
        ui.note = note
        app.render()
        announce(note)
        sound.play("trick")
        await sleep_ms(pause)
        if app.gen == gen and sweep:
            ui.trick_shown["collect"] = winner
            app.render()
            await sleep_ms(sweep)
        ui.note = None
        if app.gen == gen:
            ui.trick_shown = None
            ui.busy = False
            app.render()
