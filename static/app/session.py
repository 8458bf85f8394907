"""Sessions: the table this page is at (docs/page.md, "Sessions").

One interface for every kind of table, so the page asks its session instead of testing flags:

- ``state``: the session's last state (the worker's, a lesson's or the host's), ``None`` until its first;
  ``shown``: the state on show, which until the first arrives is the one on show when the session began
  (``before``: the previous course's, so the page keeps a table to draw and read meanwhile);
- ``await act(intent)``: the person's intent, sent where this session sends it (the worker's table, the
  lesson's check, the host);
- ``await drive()``: the moves that are not the person's, paced by the one :class:`Driver` (computer moves of
  the solo game, a lesson's script); nothing online, where the host's room paces its computers;
- ``owns(seat=None)``: whether this page may act at this table (and, given ``seat``, whether it is mine);
- ``allowed(action)``: ``(True, None)``, or ``(False, reason)`` with the catalog key or code saying why not,
  for ``ACTIONS``; ``off(action)``: why Hint or Undo is off for the whole game (a catalog key the page shows
  beside the greyed button), or ``None``;
- ``record(seed)``: the profile's entry for this game (``None``: nothing is recorded): ``{"kind", "key",
  "state"`` (``None``: this page's own table), ``"ratings"``, ``"rated"``, ``"summary"`` (its change is shown
  in the hand's summary)``}``;
- ``status()``: a line of its own for the status line while no message is on show, or ``None``;
- ``close()``: the page leaves this table (a lesson's panel goes; the game comes back).

A session talks to the page through its *table* (the controller's ``App``), which gives: ``gen`` (bumped by
every change of course), ``session`` (the session on show), ``await call(op, args)`` and ``Refused`` (the
worker and its refusal), ``owner()`` (this tab owns the solo game), ``waiting()`` (the person's intent is on
its way), ``new_course()``, ``calm(selection)`` (forget the hint, the message and the selected card),
``refused(error)``, ``take(result)`` (sets the session's ``state`` and draws it), ``await show_events(events,
gen)``, ``after_state()``, ``notice(text)`` and ``pause()`` (milliseconds before a computer move); ``acting``
(the person's intent is on its way), and for a lesson (tutorial.py) ``enter(session)``, ``begin(result)``,
``await new_game()``, ``render()`` and ``ui``. The page keeps no state of its own: it reads ``session.shown``.
Pure: no js, no pyscript (tests/page/test_session.py).
"""

import i18n
from i18n import error_text, t

PLAYING = ("bidding", "playing")
ACTIONS = ("hint", "undo", "replay", "review", "share", "daily", "reseat", "compare", "wrong_move", "claim")
"""What ``allowed`` answers: the toolbar's and menu's tools (``review``: *Review my play*; ``claim``: *Claim the
rest*, only at my turn in the play: ``why_claim`` otherwise), and the page's own
questions (``reseat``: new
levels or undo setting apply to the game in progress; ``compare``: the summary compares the hand with the
experts; ``wrong_move``: a card the state calls illegal is still sent, to be explained)."""
YES = (True, None)


def computer_to_move(state):
    """The seat to move is played by the table's computer (not me, not someone elsewhere)."""
    if state is None:
        return False
    turn = state["turn"]
    if state["phase"] not in PLAYING or turn is None or turn == state["me"]:
        return False
    seat = (state.get("seats") or {}).get(turn)
    return seat is None or seat.get("occupant") == "computer" or bool(seat.get("away"))


def _from_state(state, name, default=False):
    """What the state's ``allowed`` says of ``name`` (docs/table.md), with the reason ``why_not_allowed``."""
    allowed = (state or {}).get("allowed") or {}
    if allowed.get(name, default):
        return YES
    return (False, "why_not_allowed")


class Driver:
    """The one paced loop of the page: a script's moves, one at a time, each shown after a pause.

    ``clock`` gives ``now()`` (milliseconds) and ``await sleep_ms(ms)``. A *script* gives ``more()`` (another
    move is due), ``await step()`` (the worker makes it: its answer) and ``await show(answer)`` (draw it;
    ``False`` stops the loop). The time the worker took counts towards the pause. One loop per course: a second
    ``run`` of the same generation returns ``None`` at once; a loop whose course ended (``current()`` false)
    stops and returns ``False``.
    """

    def __init__(self, clock):
        self.clock = clock
        self.driving = None  # the generation of the loop running, if any

    async def run(self, gen, current, script, pause):
        """Drive ``script`` while ``current()``; ``True`` when it stopped with its course still on."""
        if self.driving == gen:
            return None
        self.driving = gen
        try:
            while current() and script.more():
                started = self.clock.now()
                answer = await script.step()
                if not current():
                    return False
                await self.clock.sleep_ms(pause() - (self.clock.now() - started))
                if not current():
                    return False
                if not await script.show(answer):
                    break
        finally:
            if self.driving == gen:
                self.driving = None
        return current()


class Session:
    """What every session shares: its table, its state, nothing recorded, nothing driven."""

    def __init__(self, table):
        self.table = table
        self.state = None  # this session's last state
        self.before = None  # the state on show when this session began (the previous course's)
        self.closed = False

    @property
    def shown(self):
        """The state on show: this session's, or until its first arrives the one on show when it began."""
        return self.state if self.state is not None else self.before

    def current(self):
        """This session is still the page's and open."""
        return self.table.session is self and not self.closed

    def owns(self, seat=None):
        """Whether this page may act here (and ``seat``, if given, is mine)."""
        return seat is None or (self.state or {}).get("me") == seat

    def allowed(self, action):
        """``(True, None)`` or ``(False, reason)`` for ``action`` (one of ``ACTIONS``)."""
        if action not in ACTIONS:
            raise ValueError("unknown session action " + repr(action))
        return self._allowed(action)

    def off(self, action):
        """Why ``action`` (``hint`` or ``undo``) is off for the whole game, not only at this moment: the catalog
        key the page shows beside the greyed button (``why_rated_hint``, ``why_rated_undo`` in a rated game;
        the daily deal's ``why_daily_help``; ``why_undo_setting`` where the settings turned undo off), else
        ``None`` (it may be allowed at another moment: another turn, another move)."""
        if action not in ("hint", "undo"):
            return None
        if ((self.shown or {}).get("policy") or {}).get("kind") == "rated":
            return "why_rated_" + action
        return None

    def _allowed(self, action):
        if action in ("hint", "undo") and self.off(action):
            return (False, self.off(action))
        if action == "undo":
            if (self.shown or {}).get("phase") == "game-over":
                return (False, "why_not_game_over")  # the game has ended: a rematch or a new game, not undo
            return _from_state(self.shown, "undo")
        if action == "replay":
            return _from_state(self.shown, "replay_hand")
        if action == "hint":
            return _from_state(self.shown, "hint", True)
        if action == "claim":
            shown = self.shown or {}
            if shown.get("phase") != "playing" or shown.get("turn") != shown.get("me"):
                return (False, "why_claim")
            if shown.get("claim"):
                return (False, "claim_waiting")  # mine, waiting for the other side's answer
            return _from_state(shown, "claim")
        if action in ("review", "share", "daily", "reseat"):
            return YES
        if action == "compare":
            return (False, "why_not_daily")
        return (False, "card_illegal")  # wrong_move

    def rated(self):
        """Whether this is a rated solo game (leaving it unfinished counts as a loss)."""
        return False

    def record(self, seed):
        """The profile's entry for the game in progress (player.py ``add``), or ``None``."""
        return None

    def elsewhere(self):
        """The state to hand the worker when this table is not the worker's own (online: the host's); ``None``
        for the worker's table ``main`` (a solo game, a lesson)."""
        return None

    def log_game(self, seed):
        """``(game, mine)`` for the move log: the game's name and whether this page keeps its reasons."""
        return (seed, self.table.owner())

    def hint(self):
        """The session's own hint, if it has one (``True``: shown); else the worker's hint is asked."""
        return False

    def at(self, online):
        """Whether this session is the page's seat at ``online`` (an online table's ``Online``)."""
        return False

    def request_hand(self, number):
        """Ask for past hand ``number`` where this table keeps it: ``True`` when asked elsewhere (online: the
        host answers with a ``hand`` message); ``False``: the page's own worker has it (op ``hand``)."""
        return False

    def engine_waits(self):
        """Whether this table is drawn before the engine is ready (a first visit's first hand: firsthand.py), so
        what needs the engine waits for it."""
        return False

    def status(self):
        """The status line this table says while no message is on show (a first hand's held bid: firsthand.py),
        made when the table is drawn, so in the language of the moment; ``None``: the state's own line."""
        return None

    def rendered(self):
        """The page was drawn again (a lesson follows a change of language)."""

    async def act(self, intent, new_course=False):
        """The person's ``intent``: sent where this session sends it."""
        return None

    async def drive(self):
        """The moves that are not the person's, paced."""

    async def receive(self, message):
        """A state from an online table's host: only an online session draws it."""

    def close(self):
        """The page leaves this table."""
        self.closed = True


class SoloSession(Session):
    """The game on the worker's table ``main`` that this tab owns (tabs.py): computers move, paced."""

    def owns(self, seat=None):
        return self.table.owner() and Session.owns(self, seat)

    def rated(self):
        state = self.state
        return state is not None and state["policy"]["kind"] == "rated"

    def off(self, action):
        policy = (self.shown or {}).get("policy") or {}
        if action == "undo" and policy.get("kind") == "casual" and policy.get("undo") is False:
            return "why_undo_setting"  # Settings → Allow undo was off when this game began
        return Session.off(self, action)

    def _allowed(self, action):
        if action == "reseat" and self.rated():
            return (False, "why_rated")  # a rated game keeps the players it started with
        return Session._allowed(self, action)

    def record(self, seed):
        state = self.state
        if state is None:
            return None
        key = "s-" + str(seed) + "-" + str(state["hand_number"])  # where it ended: a reload adds it once
        key += "-" + str(state["totals"]["NS"]) + "-" + str(state["totals"]["EW"])
        rated = self.rated()
        kind = "solo_rated" if rated else "solo"
        return {"kind": kind, "key": key, "state": None, "ratings": None, "rated": rated, "summary": True}

    async def act(self, intent, new_course=False):
        """Op ``act`` as my seat; show what it did (and the trick it finished), then go on."""
        table = self.table
        table.waiting()
        if new_course:
            table.new_course()
        gen = table.gen
        me = self.state["me"]
        try:
            result = await table.call("act", {"seat": me, "intent": intent, "viewer": me})
        except table.Refused as error:
            table.acting = False
            table.refused(error)
            return None
        finally:
            table.acting = False
        if table.gen != gen:  # another course began meanwhile (the tab lost the game, a new game)
            return None
        table.calm(True)
        table.take(result)
        await table.show_events(result.get("events") or [], gen)
        if table.gen == gen:
            table.after_state()
        return result

    # the computer players' script for the Driver

    def more(self):
        return self.table.owner() and computer_to_move(self.state)

    async def step(self):
        return await self.table.call("step", {"viewer": self.state["me"], "lang": i18n.lang()})

    async def show(self, result):
        events = result.get("events")
        if events is None:
            events = [result["event"]] if result.get("event") else []
        if not events:
            return False
        table = self.table
        gen = table.gen
        table.calm(False)
        table.take(result)
        await table.show_events(events, gen)
        return True

    async def drive(self):
        """Let the computer players move until it is the person's turn or the hand is over."""
        table = self.table
        gen = table.gen
        try:
            if await table.driver.run(gen, lambda: table.gen == gen, self, table.pause) is None:
                return  # already driving this course
        except table.Refused as error:
            table.notice(t("error", error=error_text(error)))
        if table.gen == gen:
            table.after_state()


class DailySession(SoloSession):
    """The daily deal (share.py) of ``date`` (``YYYY-MM-DD``, UTC; ``None`` when not known): a solo game on
    everyone's cards of the day; its first hand is compared with the experts' play of the same cards. Undo and
    hints are off by its policy (the state's ``allowed``), and the page says so (``why_daily_help``)."""

    def __init__(self, table, date=None):
        SoloSession.__init__(self, table)
        self.date = date

    def off(self, action):
        if action in ("hint", "undo"):
            return "why_daily_help"
        return SoloSession.off(self, action)

    def _allowed(self, action):
        if action == "compare":
            if (self.state or {}).get("hands_scored") == 1:
                return YES
            return (False, "why_not_first_hand")
        return SoloSession._allowed(self, action)


class LessonSession(Session):
    """A lesson (the worker's ops ``lesson_*``, beside the saved game): the person's intents are checked
    against the lesson, the other seats play its script. ``report`` is the worker's last ``lesson`` report.
    The panel and the progress are the page's (tutorial.py's ``Lesson`` draws them in ``take``)."""

    def __init__(self, table, lesson_id):
        Session.__init__(self, table)
        self.id = lesson_id
        self.report = None

    def owns(self, seat=None):
        return Session.owns(self, seat)

    def _allowed(self, action):
        if action in ("share", "daily", "reseat", "review", "claim"):
            return (False, "why_lesson")  # a lesson's table is not the game
        if action == "wrong_move":
            return YES  # a wrong card is explained, not refused
        return Session._allowed(self, action)

    def hint(self):
        report = self.report
        if report is not None and report["text"]:
            self.say("note", report["text"])
        return True

    def say(self, verdict, text):
        """Show ``verdict`` and ``text`` (the page's panel: tutorial.py)."""

    def take(self, result):
        """Adopt a ``lesson_*`` answer (the page's panel: tutorial.py draws it)."""
        self.report = result["lesson"]
        self.table.take({"state": result["state"]})

    def settle(self):
        """Once the lesson is over the table takes no move (tutorial.py)."""

    # the lesson's script for the Driver

    def more(self):
        return self.current() and self.report is not None and self.report["pending"] == "move"

    async def step(self):
        return await self.table.call("lesson_step", {"lang": i18n.lang()})

    async def show(self, result):
        table = self.table
        gen = table.gen
        self.take(result)
        await table.show_events(result.get("events") or [], gen)
        if table.gen == gen:
            self.settle()
        return True

    async def drive(self):
        """Play the lesson's scripted moves, paced like computer moves; then the person's turn."""
        table = self.table
        if not self.more():
            return
        gen = table.gen
        try:
            if await table.driver.run(gen, lambda: table.gen == gen and self.current(), self, table.pause) is None:
                return
        except table.Refused as error:
            table.notice(t("error", error=error_text(error)))
        if table.gen == gen and self.current() and self.report["pending"] == "ask":
            table.after_state()


class OnlineSession(Session):
    """An online table, as its host or a guest: an adapter over online/life.py's ``Online`` (``online``).

    The host's room (its worker) decides and paces everything; this page sends intents (``online.intent``) and
    draws the states the host sends (:meth:`receive`), in order.
    """

    def __init__(self, table, online):
        Session.__init__(self, table)
        self.online = online
        self.queue = []
        self.busy = False

    def owns(self, seat=None):
        return Session.owns(self, seat)

    def _allowed(self, action):
        if action in ("share", "daily", "compare"):
            return (False, "deal_not_online")
        if action == "review":
            return (False, "rev_online")  # the host's worker has the hands, not this page's
        return Session._allowed(self, action)

    def record(self, seed):
        state = self.state
        if state is None or state.get("me") is None:
            return None  # a spectator records nothing
        room = self.online.room or {}
        rated = room.get("kind") == "rated"
        ratings = {}
        for seat, value in (room.get("ratings") or {}).items():
            if seat != state["me"] and isinstance(value, int):
                ratings[seat] = value
        kind = "online_rated" if rated else "online"
        key = "o-" + str(self.online.secret)[:24]
        self.online.fill_hands(state)  # every hand the page kept: a game ended by a leave keeps its hands
        return {"kind": kind, "key": key, "state": state, "ratings": ratings, "rated": rated, "summary": False}

    def elsewhere(self):
        return self.state

    def log_game(self, seed):
        return ("online", False)

    def at(self, online):
        return online is not None and self.online is online

    def request_hand(self, number):
        self.online.send({"t": "hand", "number": number})
        return True

    async def act(self, intent, new_course=False):
        """To the host; the answer comes back as a state (:meth:`receive`)."""
        self.table.waiting()
        self.online.intent(intent)
        return None

    async def receive(self, message):
        """A state from the host (``{"state", "events"}``): drawn in order, tricks shown as in a solo game."""
        self.queue.append(message)
        if self.busy:
            return
        self.busy = True
        table = self.table
        try:
            while self.queue and self.current():
                message = self.queue.pop(0)
                gen = table.gen
                table.acting = False
                table.calm(True)
                table.take({"state": message["state"], "events": message.get("events")})
                await table.show_events(message.get("events") or [], gen)
                if table.gen == gen:
                    table.after_state()
                if self.current() and self.online.room is not None:
                    self.online.render_bar()
        finally:
            self.busy = False

    def close(self):
        Session.close(self)
        self.queue = []
