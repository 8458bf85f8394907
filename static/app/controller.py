"""The controller: start-up and restore, new games, the session on show, and the menu's actions.

The table the page is at is its session (session.py: the solo game, the daily deal, a lesson, an online
table): the person's intents go to it, it drives the moves that are not the person's (one paced Driver), and
it answers what the page may do (``allowed``); ``App`` tests no flag. A session's answer ``{"state",
"save"}`` comes back through ``App.take``: the save goes to localStorage (through tabs.py, which lets only the
owning tab write), the state is drawn (screen.py). Clicks and keys come from inputs.py; actions are dispatched
by name to their owner (``ACTIONS``). The page knows no rules: what is legal, allowed or hidden is in the state.
"""

import json

import address
import analysis
import dialogs
import early
import firsthand
import i18n
import js
import movelog
import review
import screen
import sound
import store
import view
import windows
from dialogs import Dialogs
from dom import announce, by_id, drop_params, notice, parse_params
from embed import Embed
from firsthand import FirstHand
from i18n import card_name, error_text, t, who
from inputs import Inputs
from markup import h, join
from pacing import Pacer
from player import Player
from preferences import Preferences
from pyscript import document
from session import DailySession, Driver, OnlineSession, SoloSession, computer_to_move
from share import Share
from tabs import Tabs, plain_save
from tasks import now, sleep_ms, spawn
from transfer import Transfer
from transport import EngineError, call
from tutorial import Lessons, load_progress
from ui import Ui
from welcome import Welcome

SEATS = ("N", "E", "S", "W")
ONE_SHOT = ("fresh", "seed", "preset", "seat")  # address parameters that start a game, then leave
AUTO_PLAY_MS = (600, 1500)
"""A forced card played by itself waits this long first, at random in between (so the speed does not tell the
others that it was forced)."""
CLOCK_STEP_MS = 250  # how often the move clock on a plate is drawn again


class _Clock:
    """The Driver's clock (session.py): the page's time."""

    now = staticmethod(now)
    sleep_ms = staticmethod(sleep_ms)


class App:
    """The page: the session on show (session.py) and through it the state on show (``state``), the settings,
    the dialogs, the declared ``Ui``. To the others it is a narrow protocol each names: the *table* the sessions
    and tutorial.py's ``Lessons`` talk through (``call``, ``take``, ``show_events``, ``after_state``...
    session.py), the *games* of share.py, transfer.py, preferences.py and embed.py (``state``, ``begin``,
    ``policy``... each helper's docstring), the *person* of inputs.py (``card_clicked``, ``bid``, ``do_action``);
    and the methods the online package calls (``settings``, ``record_online``, ``enter_online``...)."""

    Refused = EngineError  # the worker's refusal, for the sessions

    def __init__(self):
        self.session = SoloSession(self)  # the table this page is at, and its state: solo, daily, lesson, online
        self.save = None  # the worker's last save (also where localStorage is blocked)
        self.gen = 0  # bumped by every change of course (undo, new game, load): stale loops stop
        self.acting = False  # the person's intent is on its way to the worker
        self.settings = store.load_settings()  # one dict for the page's life, changed in place (preferences.py)
        self.params = parse_params(js.location.search)
        self.seed_next = None  # ?seed=N: the next new games of this visit use N+1, N+2, ...
        self.seat_next = None  # ?seat=E: the new games of this visit seat you there
        self.lists = {}  # the worker's presets, bidding styles and levels (op rules, filled in at start-up)
        self.ui = Ui()
        self.dialogs = Dialogs()
        self.pacer = Pacer(self.ui, self.render, self.speed_name, self.me, self.course)
        self.driver = Driver(_Clock)  # the one paced loop: computer moves and lesson scripts (session.py)
        confirm = self.dialogs.confirm
        # the helpers get what they use: callables, and the App as the narrow protocol each names (its docstring)
        self.inputs = Inputs(self.ui, self)  # the person's clicks and keys: App as the intents' receiver
        self.preferences = Preferences(self, self.settings, self.params, self.lists, self.ui, self.set_message, confirm)
        self.transfer = Transfer(self, self.settings, self.notice, self.set_message, confirm)
        self.tabs = Tabs(self.lost_game)
        self.player = Player(self.notice, self.set_message, confirm, self.me)
        self.online_ui = None  # online/life.py's Online (loaded on demand): its dialogs, and its table if any
        self.share = Share(self, self.params, self.settings, self.notice, self.set_message, confirm)  # share.py
        self.lessons = Lessons(self, self.params, lambda lesson_id: self.embed.lesson_end(lesson_id))  # tutorial.py
        self.welcome = Welcome(self.lessons)  # the card of a first visit (welcome.py)
        # ?embed=1 and the host page's postMessage API (embed.py)
        self.embed = Embed(self.params, self, self.share.open_args, self.lessons.ids, self.lessons.start)
        self.starting = True  # until the start-up's notices are all shown: they stay on show together
        self.in_play = None  # (course, hand number) of the last state in the bidding or the play (after_state)
        self.start_notes = []
        self.move_clock = None  # an online table's move clock: (the last state's clock, when it came), or None
        self.clock_ticking = False  # the clock's loop runs
        self.forced = None  # the turn whose forced card waits to be played by itself (auto_play)

    # ------------------------------------------------------------- start

    async def start(self):
        catalog = json.loads(str(js.JSON.stringify(await js.window.spades.messages)))
        i18n.load(catalog.get("messages", {}))
        lang = i18n.normal_lang(self.params.get("lang")) or i18n.normal_lang(self.settings.get("lang"))
        i18n.set_lang(lang or str(js.window.spades.lang))
        i18n.apply(document)
        screen.apply_display(self.settings, self.params)
        js.window.spades.progress("ui", t("loading_engine"))
        self.inputs.listen((
            ("import-file", "change", self.transfer.import_file),
            ("profile-file", "change", self.player.import_file),
            ("settings-form", "change", self.preferences.changed),
            ("dlg-confirm", "cancel", lambda event: self.dialogs.confirm_done(False)),
        ))  # fmt: skip
        screen.TIPS.listen()  # the reason tooltips, shown on purpose (screen.py Tips)
        self.embed.listen()
        early.loading()  # the menu opens now: what needs no engine works while it loads (early.py)
        self.welcome.offer(self.params, str(js.location.hash))
        await self.first_hand()  # a first visit: the build's first hand, to bid on before the engine (firsthand.py)
        held = None
        try:
            await js.window.spades.engineReady
            self.lists.update(await call("rules", {"rules": {"preset": "standard"}}))
        except Exception as error:
            self.fail(error)
            return
        js.window.spades.progress("engine", t("loading_game"))
        self.check_address()
        if not store.available() and not self.embed.on:  # an embedded game keeps nothing (docs/embedding.md)
            self.notice(t("storage_blocked"))
        store.forget_old_keys()
        self.tabs.listen()
        self.tabs.claim()  # the newest tab owns the game
        try:
            if self.session.engine_waits():  # the first hand on show: the same game in the engine
                held = await self.adopt_first()
            elif not await self.share.start():  # ?deal=, ?daily= with nothing saved start that deal
                await self.restore_or_new()
        except Exception as error:
            self.fail(error)
            return
        drop_params(*ONE_SHOT)
        if str(js.location.hash).startswith("#t="):
            spawn(self.open_invitation())
        js.window.spades.progress("game")
        by_id("loading").hidden = True
        for name in ("btn-menu", "btn-scores"):
            by_id(name).disabled = False
        early.ready()
        js.window.spades.readyAt = now()
        if held is not None:  # the bid made on the first hand before the engine: now it goes to the engine
            self.ui.busy = False
            spawn(self.session.act(held))
        else:
            self.after_state()
        spawn(self.share.after_start())  # ?deal=, ?daily= over a saved game: ask first
        self.embed.ready()
        spawn(self.resume_lesson())  # ?lesson=ID, or the lesson left in progress

    async def resume_lesson(self):
        try:
            await self.lessons.resume()
        finally:
            self.starting = False

    def check_address(self):
        """Every address parameter the page cannot use: a notice naming it and why; it leaves the address (and
        ``self.params``) at once, so the page starts the saved or a new game, and a reload does not see it."""
        names, lines = address.notices(self.params, self.lists.get("presets") or ["standard"])
        for name in names:
            self.params.pop(name)
        for line in lines:
            self.notice(line)
        if names:
            drop_params(*names)

    def fail(self, error):
        drop_params(*ONE_SHOT, "deal", "daily", "lesson")  # a reload must not stop the same way again
        self.starting = False
        by_id("loading").hidden = False  # hidden under a first hand drawn before the engine (firsthand.py)
        by_id("loading-text").textContent = t("loading_failed", error=error_text(error))
        by_id("loading").classList.add("failed")
        document.body.setAttribute("data-phase", "error")

    async def first_hand(self):
        """A first visit (firsthand.py ``wanted``) whose new game would be the build's (same rules, seats, levels,
        undo setting): one of the build's first hands is drawn now, before the engine, and the person may bid."""
        lesson = load_progress()["current"] if store.available() else None
        if not firsthand.wanted(self.params, str(js.location.hash), store.read_text(store.SAVE_KEY), lesson):
            return
        try:
            text = str(await js.window.spades.firstHand)
            data = json.loads(text) if text else None
        except Exception as error:  # a JS rejection or bad JSON: the page waits for the engine, as it did before
            js.console.info("first hand:", str(error))
            return
        args = firsthand.new_args(self.settings, self.settings["seat"], None)
        deal = firsthand.choose(data, args, float(js.Math.random()))
        if deal is None:
            return
        first = FirstHand(self, deal, args)
        self.switch(first)
        by_id("loading").hidden = True
        early.name_seats()
        document.body.setAttribute("data-first-hand", "prepared")
        await self.opening(first, deal)
        if self.session is first:
            self.after_state()

    async def opening(self, first, deal):
        """A prepared hand shown as any game's opening (firsthand.py ``opening_steps``): the deal (the table deals
        it: ``render``), then each computer's bid after the pause of the chosen speed, said as in any game; until
        the person's turn, or until another session is on show (``first`` no longer is)."""
        for event, state in firsthand.opening_steps(deal):
            if event is not None:
                await sleep_ms(self.pause())  # as the Driver waits before a computer's move (session.py)
            if self.session is not first:
                return
            self.take({"state": state})
            if event is not None:
                await self.pacer.show_events([event], self.gen)

    async def adopt_first(self):
        """The engine is ready: the first hand on show starts in it (op ``new`` from its seed, ``step`` while a
        computer is to bid, as the build made it), and the engine's state is on show from now on. Returns the bid
        the person made meanwhile, to be sent now; ``None`` when none was, or when the engine's state differs from
        the prepared one (never expected: tests/test_early_data.py): then the engine's own game is shown, said to
        nobody but the console and ``body[data-first-hand="fallback"]``, and the bid is not sent."""
        first = self.session
        me = first.state["me"]
        result = await call("new", first.start_args())
        events = []
        while computer_to_move(result["state"]):
            result = await call("step", {"viewer": me, "lang": i18n.lang()})
            events.extend(result.get("events") or [])
        same = result["state"] == first.state
        # the game goes on from a seed of its own: the first hand's cards and bids are kept in the save's record,
        # the rest is not one of the build's few games (firsthand.py reseeded)
        result = await call("load", {"save": firsthand.reseeded(result["save"], random_seed()), "viewer": me})
        held = first.held if same else None
        self.switch(SoloSession(self))
        self.ui.busy = held is not None  # no bidding window until the held bid's answer
        if held is None:
            self.ui.message = None
        if not same:
            js.console.warn("first hand: the engine's state differs from the prepared one; the engine's is shown")
            self.clear_view()
        document.body.setAttribute("data-first-hand", "engine" if same else "fallback")
        self.take({"state": result["state"], "save": result["save"], "events": events})
        return held

    async def restore_or_new(self):
        params = self.params
        fresh = params.get("fresh") in ("1", "true", "yes")
        seed = int(params["seed"]) if "seed" in params else None  # a whole number in range (check_address)
        preset = params.get("preset")
        seat = params.get("seat", "").upper() or None
        if seat not in SEATS:
            seat = None
        self.seat_next = seat
        problem = None
        saved = None
        if not fresh:
            try:
                saved = store.read_json(store.SAVE_KEY)
            except ValueError:
                problem = error_text({"code": "not_json"})
        if isinstance(saved, dict):
            try:
                result = await call("load", {"save": plain_save(saved)})
            except EngineError as error:
                problem = error_text(error)
            else:
                state = result["state"]
                rules = state.get("rules") or {}
                wanted = (
                    (seed is None or result["save"].get("record", {}).get("seed") == seed)
                    and (preset is None or rules.get("preset") == preset)
                    and (seat is None or state.get("me") == seat)
                )
                if wanted:
                    self.tabs.loaded(saved)
                    # ?deal=, ?daily= over this saved game (share.py start): the loading screen stays while the
                    # page asks, so the first table drawn is the address's deal or the saved game, never both
                    if await self.share.take_pending(state):
                        return  # the address's deal in its place: the saved game was never drawn
                    self.begin(result)
                    return
        elif saved is not None:
            problem = error_text({"code": "not_a_save"})
        if problem:
            store.remove(store.SAVE_KEY)
            self.notice(t("save_corrupt", error=problem))
        await self.new_game(seed=seed, preset=preset)

    # ------------------------------------------------------------- games

    def seats_for(self, me):
        """The ``seats`` of a new table: the person at ``me``, computers with their levels elsewhere."""
        return firsthand.seats_of(self.settings["bots"], me)

    def policy(self, rated=False):
        """The policy of a new game (``rated``: a rated solo game)."""
        return firsthand.policy_of(self.settings, rated)

    def rated(self):
        """Whether the game in progress is a rated solo game."""
        return self.session.rated()

    async def record_game(self, left=False, winner=None, unscored=False):
        """Add the game in progress to the profile (the session says as what: session.py ``record``): at its
        end, when I leave it (``left``), when the others ended it because someone left (``winner``), or without
        a result because I dropped (``unscored``); show a rated game's change.

        Online, rated tables use every seat's rating at the start (the room's ``ratings``), so every peer
        computes its change the same way from the host's result."""
        entry = self.session.record(self.game)
        if entry is not None and self.state is not None:
            await self.player.record(entry, left=left, winner=winner, unscored=unscored)

    async def record_online(self, left=False, winner=None, unscored=False):
        """For the online package: add the online game I sit in to the profile (``record_game``)."""
        if self.session.elsewhere() is not None:  # still at that table
            await self.record_game(left=left, winner=winner, unscored=unscored)

    async def leave_rated(self):
        """Before the person leaves a rated game unfinished: confirm, then add it as a loss. ``False`` to stay."""
        if not self.rated() or self.state["phase"] == "game-over":
            return True
        if not await self.dialogs.confirm(t("confirm_leave_rated")):
            return False
        await self.record_game(left=True)
        return True

    async def rated_game(self):
        """Menu: a rated solo game (the rated room's rules, no undo or hints) against the levels in the settings."""
        rating = await self.player.rating()
        levels = self.settings["bots"]
        me = self.seat_next or self.settings["seat"]
        ratings = self.lists.get("level_ratings") or {}
        partner = SEATS[(SEATS.index(me) + 2) % 4]
        opponents = [s for s in SEATS if s not in (me, partner)]
        text = t(
            "confirm_rated",
            rating=rating,
            partner=t("level_" + levels.get(partner, "standard")),
            partner_rating=ratings.get(levels.get(partner, "standard"), "?"),
            opponents=" / ".join(t("level_" + levels.get(s, "standard")) for s in opponents),
        )
        if not await self.dialogs.confirm(text):
            return
        if not await self.leave_rated():
            return
        await self.new_game(preset="igame", rated=True)
        self.after_state()

    async def new_game(self, seed=None, preset=None, rated=False):
        """A new game of the settings (``rated``: a rated solo game), at ``seed`` or the next of this visit."""
        self.gen += 1
        if seed is None and self.seed_next is not None:
            seed = self.seed_next
        if seed is None:
            seed = random_seed()
        self.seed_next = (seed + 1) % address.SEED_LIMIT if self.params.get("seed") else None
        me = self.seat_next or self.settings["seat"]
        args = firsthand.new_args(self.settings, me, seed, preset, rated)
        rules = args["rules"]
        try:
            result = await call("new", args)
        except EngineError as error:
            # stored rule overrides the engine refuses: the preset alone, else the standard game
            self.notice(t("error", error=error_text(error)))
            args["rules"] = {"preset": rules["preset"]}
            try:
                result = await call("new", args)
            except EngineError:
                args["rules"] = {"preset": "standard"}
                result = await call("new", args)
        self.begin(result)

    @property
    def game(self):
        """The seed of the game in progress (its last save's): tells summaries of different games apart."""
        return ((self.save or {}).get("record") or {}).get("seed")

    @property
    def state(self):
        """The state on show: the session's (session.py ``shown``: the previous course's until its first)."""
        return self.session.shown

    def switch(self, session):
        """``session`` is the page's from now on: the one before closes; what it showed stays the state on show
        until the new one's first state arrives (a lesson being fetched, an online table waiting for its host)."""
        session.before = self.state
        self.session.close()
        self.session = session
        self.gen += 1

    def begin(self, result):
        """A new course (new game, load, import): forget the page's state of the previous one."""
        seed = ((result.get("save") or {}).get("record") or {}).get("seed")
        if self.share.is_daily(seed):  # a game, not a lesson; the daily deal knows its date (its badge)
            self.switch(DailySession(self, self.share.info.get("daily")))
        else:
            self.switch(SoloSession(self))
        self.clear_view()
        self.dialogs.reset()
        self.take(result)

    def clear_view(self):
        """A new course on show (a game, a lesson, an online table): forget the page's state of the previous one
        and every region drawn from it, so nothing of it stays on show (the bidding window's bids and totals)."""
        self.ui.clear()
        self.ui.forget_html()

    async def restart(self):
        """A new game of the saved settings in their seat (this visit's ``?seat=`` no longer counts)."""
        self.seat_next = None
        await self.new_game()
        self.after_state()

    def allowed(self, action):
        """What the session says of ``action`` (session.py ``allowed``)."""
        return self.session.allowed(action)

    async def reseat(self):
        """New computer levels or undo setting for the game in progress: reload its save with them."""
        if not isinstance(self.save, dict) or self.state is None or not self.session.allowed("reseat")[0]:
            return  # a rated game keeps the players it started with; a lesson's table is not the game
        save = json.loads(json.dumps(self.save))  # a copy to change
        seats = save.get("seats")
        if isinstance(seats, dict):
            for seat, occupant in seats.items():
                if isinstance(occupant, dict) and seat != self.state["me"]:
                    occupant["level"] = self.settings["bots"].get(seat, "standard")
        if isinstance(save.get("policy"), dict):
            save["policy"]["undo"] = bool(self.settings["undo"])
        try:
            self.take(await call("load", {"save": save, "viewer": self.state["me"]}))
        except EngineError as error:
            self.notice(t("error", error=error_text(error)))

    def take(self, result):
        """Adopt a ``{"state", "save"}`` answer: remember, persist (if this tab owns the game), render."""
        self.session.state = result["state"]
        i18n.set_me(self.state["me"])
        save = result.get("save")
        if isinstance(save, dict):
            self.save = save
            written = self.tabs.write(save, view.score_glance(self.state))
            if written is False and store.available() and not self.tabs.told_full:
                self.tabs.told_full = True
                self.notice(t("save_full"))
        game, mine = self.session.log_game(self.game)
        movelog.LOG.take(self.state, result.get("events"), game, mine)
        self.render()

    def render(self):
        state = self.state
        if state is not None and view.fresh_deal(state):  # once a deal: its sound and animation (pacing.py)
            self.pacer.deal()
        screen.render(self.session, self.ui, self.settings["play_mode"], self.dialogs)
        self.session.rendered()  # a lesson follows a new language (tutorial.py)

    def notice(self, text):
        """Show ``text`` in the notice; during start-up the notices so far stay on show with it, a line each."""
        if not self.starting:
            notice(text)
            return
        self.start_notes.append(text)
        notice(" ".join(self.start_notes))
        if len(self.start_notes) > 1:  # one line each
            by_id("notice-text").innerHTML = str(join(self.start_notes, h("br")))

    def set_message(self, text):
        self.ui.message = text
        if self.state is not None:
            by_id("status").textContent = text or screen.status_line(self.session, self.ui)
            if not self.acting:  # an answer (a refusal from the host): what the page waits for again
                document.body.setAttribute("data-await", screen.awaiting(self.state, self.ui) if self.owns() else "")

    # ------------------------------------------------------------- two tabs

    def lost_game(self):
        """Another tab owns the game now: stop (tabs.py shows why and offers to take over)."""
        self.gen += 1
        self.ui.busy = False
        self.ui.trick_shown = None
        dialogs.toggle_menu(False)
        self.render()

    async def take_over(self):
        """Take the game back from the other tab: load the save it wrote, and own it from now on."""
        self.tabs.claim()
        try:
            saved = store.read_json(store.SAVE_KEY)
        except ValueError:
            saved = None
        if isinstance(saved, dict):
            try:
                result = await call("load", {"save": plain_save(saved)})
            except EngineError as error:
                self.notice(t("save_corrupt", error=error_text(error)))
            else:
                self.tabs.loaded(saved)
                self.begin(result)
                self.after_state()
                return
        await self.new_game()
        self.after_state()

    # ------------------------------------------------------------- the game loop

    def after_state(self):
        """What follows a new state: computer moves, the person's turn, or the end of a hand."""
        state = self.state
        if state is None or self.ui.busy or not self.owns():
            return
        course = self.session.online.secret if isinstance(self.session, OnlineSession) else self.game
        if state["phase"] in ("bidding", "playing"):
            self.in_play = (course, state["hand_number"])
        elif state["phase"] == "hand-over" and self.in_play is not None and self.in_play[0] == course:
            if self.in_play[1] > state["hand_number"]:
                return  # a table taken over waits at the end of the hand before to deal it again: shown already
        if state["phase"] in ("hand-over", "game-over"):
            windows.hand_over(self.dialogs, state, self.game)
            self.share.hand_over(state)
            self.embed.hand_over(state)
            if state["phase"] == "game-over":
                spawn(self.record_game())
            return
        if state["turn"] != state["me"]:
            spawn(self.session.drive())  # computers, a lesson's script; online, the host's room paces them
            return
        active = document.activeElement
        idle = active is None or active == document.body
        if state["phase"] == "playing":
            hand = state["hand"]
            if self.ui.focus >= len(hand) or not hand[self.ui.focus]["legal"]:
                legal = [i for i, item in enumerate(hand) if item["legal"]]
                if legal:
                    self.ui.focus = legal[0]
                    self.render()
            if idle:
                screen.focus_card(self.ui, self.ui.focus)
            self.auto_play(state)
        elif idle and not by_id("bid-panel").hidden:
            by_id("bid-panel").focus()
        sound.play("turn")

    # ------------------------------------------------------------- a forced card, played by itself

    def auto_play(self, state):
        """My turn to play and one legal card (the setting *Play a forced card by itself*, ``auto_play``): it is
        played after a short random wait (:data:`AUTO_PLAY_MS`), unless I play it first.  Solo and online; never at
        a lesson or the tutorial (they teach the play: a wrong card is explained there), never a bid."""
        if not self.settings.get("auto_play") or self.session.allowed("wrong_move")[0]:
            return
        legal = [item["card"] for item in state["hand"] if item["legal"]]
        turn = _turn_key(state)
        if len(legal) != 1 or self.forced == turn:
            return
        self.forced = turn
        wait = AUTO_PLAY_MS[0] + int(js.Math.random() * (AUTO_PLAY_MS[1] - AUTO_PLAY_MS[0]))
        spawn(self.play_forced(legal[0], turn, self.gen, wait))

    async def play_forced(self, card, turn, gen, wait):
        """Play the forced ``card`` after ``wait`` ms if it is still that turn (``turn``, course ``gen``)."""
        await sleep_ms(wait)
        state = self.state
        if self.forced == turn:
            self.forced = None
        if self.gen != gen or state is None or _turn_key(state) != turn or not self.my_turn("playing"):
            return
        self.play(card)

    # ------------------------------------------------------------- an online table's move clock

    def clock_from(self, clock):
        """The move clock an online state says (``None``: nothing is timed; spades/table/room.py ``Room.clock``),
        counted down from now on the plate of the seat it times until the next state says otherwise."""
        self.move_clock = (clock, now()) if isinstance(clock, dict) else None
        self.draw_clock()
        if self.move_clock is not None and not self.clock_ticking:
            self.clock_ticking = True
            spawn(self.clock_loop())

    def draw_clock(self):
        """The clock as it stands now, on the plate of the seat it times (drawn every step, so that it follows the
        seats when the page places them anew)."""
        left = None
        if self.move_clock is not None and isinstance(self.session, OnlineSession):
            clock, since = self.move_clock
            left = view.clock_left(clock, now() - since)
        view.render_clock(document, left)

    async def clock_loop(self):
        try:
            while self.move_clock is not None and isinstance(self.session, OnlineSession):
                self.draw_clock()
                await sleep_ms(CLOCK_STEP_MS)
        finally:
            self.clock_ticking = False
            self.draw_clock()

    # ------------------------------------------------------------- the person's intents

    def owns(self):
        """Whether this page may act: it owns the solo game (tabs.py), or it is at a lesson or an online table."""
        return self.session.owns()

    async def act(self, intent, new_course=False):
        """Send ``intent`` as my seat, where the session sends it (session.py)."""
        if self.acting or not self.owns() or self.state is None:
            return None
        return await self.session.act(intent, new_course)

    # ------------------------------------------------------------- the table the sessions talk through

    async def call(self, op, args=None):
        """The worker's operation ``op`` (transport.py)."""
        return await call(op, args)

    def owner(self):
        """This tab owns the solo game (tabs.py)."""
        return self.tabs.owner

    def waiting(self):
        """The person's intent is on its way: no other until the answer (``data-await`` empty meanwhile)."""
        self.acting = True
        document.body.setAttribute("data-await", "")

    def new_course(self):
        """Undo, next hand, replay: what is on show of the old course goes."""
        self.gen += 1
        self.ui.trick_shown = None
        self.ui.busy = False

    def calm(self, selection):
        """A move was made: forget the hint and the message (``selection``: and the selected card)."""
        if selection:
            self.ui.selected = None
        self.ui.hinted = None
        self.ui.message = None
        self.ui.saved = False

    def refused(self, error):
        """The worker refused the person's intent: say why."""
        sound.play("error")
        self.ui.message = t("error", error=error_text(error))
        self.render()

    async def show_events(self, events, gen):
        """Announce the moves and show each finished trick (pacing.py); the rest of a hand claimed (docs/table.md
        "Claims": event ``claimed``, then every card) is shown at once, its tricks not paced, and said in a line."""
        for i, event in enumerate(events):
            kind = event.get("type")
            if kind == "claim_off":
                self.set_message(t("claim_off", who=who(event.get("seat"))))
                announce(self.ui.message)
            elif kind == "claimed":
                await self.pacer.show_events(events[:i], gen)
                if self.gen == gen:
                    seat = event.get("seat")
                    mine = seat == (self.state or {}).get("me")
                    self.ui.message = t("claim_accepted_you") if mine else t("claim_accepted", who=who(seat))
                    announce(self.ui.message)
                    self.render()
                return
        await self.pacer.show_events(events, gen)

    def pause(self):
        """Milliseconds before a computer move."""
        return self.pacer.pause()

    def speed_name(self):
        return self.params.get("speed") or self.settings["speed"]

    def me(self):
        return self.state["me"]

    def course(self):
        return self.gen

    def my_turn(self, phase):
        state = self.state
        return screen.my_turn(state, self.ui, self.acting) and state["phase"] == phase and self.owns()

    def card_clicked(self, card, keyboard):
        state = self.state
        if state is None:
            return
        entry = None
        index = 0
        for i, item in enumerate(state["hand"]):
            if item["card"] == card:
                entry, index = item, i
        if entry is None:
            return
        self.ui.focus = index
        if not self.my_turn("playing"):
            self.set_message(t("card_wait", card=card_name(card)))
            return
        if not entry["legal"] and not self.session.allowed("wrong_move")[0]:  # a lesson explains it itself
            sound.play("error")
            self.set_message(t("card_illegal", card=card_name(card), reason=i18n.reason_text(entry.get("reason"))))
            return
        confirm = self.settings["play_mode"] == "confirm"
        # a hand too tight to aim at (docs/page.md "Layout"): the first tap lifts the card, the second plays it
        lift = not confirm and not keyboard and screen.hand_is_tight()
        if (confirm or lift) and not keyboard and self.ui.selected != card:
            self.ui.selected = card
            self.ui.lifting = lift
            self.ui.message = None
            self.render()
            return
        self.play(card)

    def play(self, card):
        sound.play("card")
        spawn(self.act({"type": "play", "card": card}))

    def bid(self, value):
        if not self.my_turn("bidding"):
            return
        if value in ("blind_nil", "nil"):
            bid = value
        else:
            bid = int(value)
        sound.play("bid")
        spawn(self.act({"type": "bid", "bid": bid}))

    async def look(self):
        """Show my cards (blind nil is no longer open after this)."""
        if self.state is None or self.state.get("looked", True):
            return
        await self.act({"type": "look"})
        if self.state.get("looked"):
            screen.focus_card(self.ui, 0)

    async def hint(self):
        off = self.session.off("hint")
        if off:  # a rated game, the daily deal: the greyed button says why (screen.py set_tool), and so does this
            self.set_message(t(off))
            return
        if self.session.hint():  # a lesson's own hint: the instruction again
            return
        if not (self.my_turn("playing") or self.my_turn("bidding")):
            return
        self.set_message(t("hint_thinking"))
        me = self.state["me"]
        try:
            result = await call("hint", {"seat": me, "level": "expert", "lang": i18n.lang()})
        except EngineError as error:
            self.set_message(t("error", error=error_text(error)))
            return
        text = result.get("text")
        if "card" in result:
            card = result["card"]
            self.ui.hinted = card
            line = t("hint_card", card=i18n.card_short(card))
            for i, item in enumerate(self.state["hand"]):
                if item["card"] == card:
                    self.ui.focus = i
        else:
            bid = result.get("bid")
            line = t("hint_bid", bid=i18n.bid_text(bid))
            name = "nil" if bid in (0, "nil") else str(bid)
            button = document.querySelector('#bid-panel [data-bid="' + name + '"]')
            if button is not None:
                button.classList.add("hinted")
                button.focus()
        if text:
            line += " " + str(text)
        self.ui.message = line
        self.render()

    # ------------------------------------------------------------- online play (static/app/online/, fetched on demand)

    async def online_module(self):
        """The online package (static/app/online/, fetched by onlineload.py) and its ``Online``: only when someone
        goes online."""
        if self.online_ui is None:
            response = await js.fetch("./static/app/onlineload.py")
            source = str(await response.text())
            with open("onlineload.py", "w") as file:
                file.write(source)
            import onlineload

            life = await onlineload.load()
            self.online_ui = life.Online(self)
        return self.online_ui

    async def open_invitation(self):
        """The address has an invitation (``#t=...``): resume as its host, or join it (``?name=`` joins at once)."""
        ui = await self.online_module()
        from online.bridge import host_save_for
        from online.links import parse_invite

        invite = parse_invite(js.location.hash)
        if invite is None:
            self.notice(t("online_bad_link"))
            return
        secret, pub = invite
        ui.pub = pub
        if host_save_for(secret) is not None:
            await ui.resume_host(secret)
        elif ui.default_name() and self.params.get("name"):
            await ui.join(secret, ui.default_name(), None)
        else:
            ui.join_form(secret)

    def enter(self, session):
        """A new session on show (a lesson, an online table): the one before closes, nothing of it stays drawn
        (its state stays the one on show until the new session's first: ``switch``)."""
        self.switch(session)
        self.clear_view()
        self.acting = False

    def enter_online(self, online):
        """For the online package: this page is now at an online table (``online``: online/life.py's ``Online``,
        behind the session adapter); the solo game stays saved and waits."""
        self.enter(OnlineSession(self, online))

    async def leave_online(self, table=None):
        """Back to the solo game, as it was saved (``table``, an online table's ``Online``: only if the page is
        still at that table: session.py ``at``)."""
        if table is not None and not self.session.at(table):
            return
        self.switch(SoloSession(self))
        self.acting = False
        self.clock_from(None)
        if isinstance(self.save, dict):
            try:
                self.begin(await call("load", {"save": plain_save(self.save)}))
            except EngineError:
                await self.new_game()
        else:
            await self.new_game()
        self.after_state()

    async def online_state(self, message):
        """For the online package: a state from the host, drawn in order by the online session (session.py); its
        move clock counts down from now (:meth:`clock_from`)."""
        self.clock_from(message.get("clock"))
        await self.session.receive(message)

    # ------------------------------------------------------------- actions (buttons and menu items)

    async def do_action(self, action, element):
        """A button's or menu item's ``data-action``, dispatched by name to its owner (``ACTIONS``)."""
        if action == "menu":
            dialogs.toggle_menu()
            return
        dialogs.toggle_menu(False)
        if action in ONLINE_ACTIONS:
            ui = await self.online_module()
            await ui.action(action, element)
            return
        route = ACTIONS.get(action)
        if route is None:
            return
        if action not in ALWAYS and (self.state is None or not self.owns()):
            return
        if action not in ALWAYS and action not in WAITS and self.session.engine_waits():
            self.set_message(t(firsthand.WAITING))  # a shortcut to what needs the engine (the menu's are held)
            return
        if not isinstance(route, tuple):  # a module's own handler: (app, element)
            await route(self, element)
            return
        owner, name, arg = route
        if isinstance(owner, str):
            owner = getattr(self, owner) if owner else self
        method = getattr(owner, name, None)
        if method is None:  # not this session's (a lesson's button after the lesson)
            return
        done = method(element) if arg is ELEMENT else method() if arg is None else method(arg)
        if done is not None and hasattr(done, "send"):  # an async method
            await done

    # ------------------------------------------------------------- the actions with more to them than a call

    def dismiss(self):
        by_id("notice").hidden = True

    def close_dialog(self, element):
        """*Close*: the window the button is in; a button drawn over meanwhile (the help's text arrived between
        the click and now, and the window's body was drawn again) is in none any more: then the top window open."""
        dialog = element.closest("dialog")
        if dialog is None:
            opened = document.querySelectorAll("dialog[open]")
            dialog = opened[opened.length - 1] if opened.length else None
        if dialog is not None:
            dialog.close()

    async def claim(self):
        """*Claim the rest*: the engine checks it against every hand (refused: the status line says why)."""
        can, why = self.session.allowed("claim")
        if not can:
            self.set_message(t(why))
            return
        if self.my_turn("playing"):
            await self.act({"type": "claim"})

    async def claim_answer(self, element, accept):
        """The other side's answer to a claim shown in its window (online/forms.py ``claim_window``)."""
        dialog = element.closest("dialog") if element is not None else None
        if dialog is not None and dialog.open:
            dialog.close()
        await self.act({"type": "claim_answer", "accept": accept})

    async def claim_accept(self, element):
        await self.claim_answer(element, True)

    async def claim_play_on(self, element):
        await self.claim_answer(element, False)

    async def undo(self):
        if self.session.allowed("undo")[0]:
            dialogs.close_dialogs()
            await self.act({"type": "undo"}, new_course=True)
        elif self.session.off("undo"):  # off for the whole game: say why (the greyed button says it too)
            self.set_message(t(self.session.off("undo")))

    async def scores(self):
        windows.scores(self.state)
        await windows.score_chart(self.state, self.session.elsewhere())

    def last_trick(self):
        windows.last_trick(self.state)

    def move_log(self):
        movelog.LOG.open(self.state)  # the moves of this hand and the computer's reasons (movelog.py)

    async def new_game_asked(self):
        """Menu: a new game, after a confirmation when one is unfinished (a rated one counts as lost)."""
        if self.rated():
            if not await self.leave_rated():
                return
        elif self.state["phase"] != "game-over" and not await self.dialogs.confirm(t("confirm_new_game")):
            return
        await self.new_game()
        self.after_state()

    async def new_game_now(self):
        """The ending's *Rematch* (sheet.py ``game_over_html``): a new deal of the same settings, so the same seats
        and rules; after a rated game another rated game."""
        if not await self.leave_rated():
            return
        rated = self.rated()  # "play again" after a rated game is another rated game
        await self.new_game(preset="igame" if rated else None, rated=rated)
        self.after_state()

    def scores_close(self):
        by_id("dlg-hand").close()

    async def next_hand(self):
        by_id("dlg-hand").close()
        if self.state["phase"] == "hand-over":
            self.ui.focus = 0
            await self.act({"type": "next_hand"}, new_course=True)

    async def replay(self):
        if await self.dialogs.confirm(t("confirm_replay")):
            dialogs.close_dialogs()
            await self.act({"type": "replay_hand"}, new_course=True)

    def play_selected(self):
        if self.ui.selected:
            self.card_clicked(self.ui.selected, True)

    def choose_file(self, name):
        by_id(name).click()


def random_seed():
    """A new game's seed, drawn at random (the page's range: 0 to 2**31 - 2)."""
    return int(js.Math.floor(js.Math.random() * 2147483647))


def _turn_key(state):
    """A turn to play, told apart from every other: the hand, the cards in my hand, the trick so far."""
    return (state["hand_number"], len(state["hand"]), len(state["trick"]), state["turn"])


ELEMENT = "element"  # a route's argument: the element that was clicked


def _to(owner, method, arg=None):
    """The route of an action: ``owner`` (the App's attribute, ``""`` for the App, or a module), its
    ``method``, called with ``arg`` (``ELEMENT``: the element clicked; ``None``: nothing)."""
    return (owner, method, arg)


ACTIONS = {
    "dismiss": _to("", "dismiss"),
    "confirm-ok": _to("dialogs", "confirm_done", True),
    "confirm-cancel": _to("dialogs", "confirm_done", False),
    "close-dialog": _to("", "close_dialog", ELEMENT),
    "take-over": _to("", "take_over"),
    "hint": _to("", "hint"),
    "undo": _to("", "undo"),
    "claim": _to("", "claim"),
    "claim-accept": _to("", "claim_accept", ELEMENT),
    "claim-play-on": _to("", "claim_play_on", ELEMENT),
    "scores": _to("", "scores"),
    "last-trick": _to("", "last_trick"),
    "move-log": _to("", "move_log"),
    "help": _to(windows, "help"),
    "new-game": _to("", "new_game_asked"),
    "new-game-now": _to("", "new_game_now"),
    "scores-close": _to("", "scores_close"),
    "next-hand": _to("", "next_hand"),
    "replay": _to("", "replay"),
    "play": _to("", "play_selected"),
    "show-cards": _to("", "look"),
    "export": _to("transfer", "export"),
    "import": _to("", "choose_file", "import-file"),
    "settings": _to("preferences", "open"),
    "settings-cancel": _to("preferences", "cancel"),
    "settings-save": _to("preferences", "save"),
    "sound-toggle": _to("preferences", "toggle_sound"),
    "rated-game": _to("", "rated_game"),
    "profile": _to("player", "open"),
    "profile-save": _to("player", "save_identity"),
    "profile-export": _to("player", "export"),
    "profile-import": _to("", "choose_file", "profile-file"),
    "share-deal": _to("share", "share"),
    "deal-copy": _to("share", "copy"),
    "daily-deal": _to("share", "daily"),
    "lessons": _to("lessons", "open_list"),
    "lesson-start": _to("lessons", "start_named", ELEMENT),
    "lesson-again": _to("lessons", "again", ELEMENT),
    "lesson-leave": _to("session", "leave"),
}
"""Every action by name: its owner and method (online actions: online/actions.py's ``ACTIONS``)."""
ACTIONS.update(review.ACTIONS)  # past hands, trick by trick (review.py)
ACTIONS.update(analysis.ACTIONS)  # review my play: mistakes and their cost (analysis.py)
ONLINE_ACTIONS = (
    "online",
    "create-table",
    "join-code",
    "join-table",
    "lobby",
    "lobby-join",
    "lobby-watch",
    "sit",
    "stand",
    "watch",
    "ready",
    "start",
    "copy-invite",
    "online-leave",
    "online-cancel",
    "online-computer",
    "vote",
    "mute",
    "hide-name",
    "online-panel",
)
"""Handled by the online package (online/actions.py ``ACTIONS``, through ``Online.action``)."""
WAITS = ("hint", "undo", "claim")
"""Tools that say themselves why they wait while the first hand is drawn before the engine (firsthand.py)."""
ALWAYS = (  # also without a game or ownership
    "dismiss",
    "confirm-ok",
    "confirm-cancel",
    "close-dialog",
    "take-over",
    "help",  # static text (early.py: also while the engine loads)
    "lessons",  # the list's window opens at once (tutorial.py)
    "profile",
    "profile-save",
    "profile-export",
    "profile-import",
    "settings",  # the presets come with the build (early.py); a change that needs the engine waits for it
    "settings-cancel",
    "settings-save",
    "sound-toggle",  # the table's mute button: before the game is known and in any session
)
