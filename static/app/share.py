"""Deal links, the daily deal and its duplicate comparison (docs/page.md, "Deal links and the daily deal").

- Menu → *Share this deal* (``share-deal``): op ``deal_link`` gives the code of the hand in progress (its cards
  as dealt, the dealer, the rules, your seat); the link ``…/?deal=CODE`` is shown in ``#dlg-deal
  [data-deal-link]`` with a Copy button (the clipboard, or the text selected where the clipboard is refused).
- ``?deal=CODE`` and ``?daily=1`` (or ``?daily=YYYY-MM-DD``) start that deal as a new game (op ``deal_new``).
  With an unfinished game saved, that game is resumed first and the page asks before replacing it, so nothing
  the person did is lost without their say. Both parameters leave the address once used.
- The daily deal (menu → *Daily deal*): the same cards for everyone on a UTC date; no undo and no hints. At
  the end of its first hand op ``duplicate`` has two experts play the same cards in your team's seats, against
  the same opponents, and the summary compares the scores (``[data-duplicate]``).

``spades-deal`` (localStorage) keeps ``{"code", "daily", "seed"}`` of the last game started this way, so the
comparison still comes after a reload.
"""

import js
import shareview
import store
from dom import by_id, drop_params
from i18n import error_text, t
from pyscript import document
from tasks import spawn
from transport import EngineError, call

DEAL_KEY = "spades-deal"
PARAMS = ("deal", "daily")


def today():
    """Today's UTC date, ``YYYY-MM-DD``."""
    return str(js.Date.new().toISOString())[:10]


def link_for(code):
    """The address of the game (never the embedded view) with ``?deal=CODE``."""
    return str(js.location.origin) + str(js.location.pathname) + "?deal=" + code


class Share:
    """Deal links and the daily deal of one page. It is given what it uses:

    - ``games``, the page's games (the controller's App): ``state`` (on show), ``game`` (its seed),
      ``allowed(action)`` (the session's, session.py), ``rated()``, ``await leave_rated()`` (``False``: the
      person stays), ``policy()`` (of a new game), ``begin(result)`` (a new course) and ``after_state()``;
    - ``params`` (the address's), ``settings`` (the saved settings: ``bots``, the computer levels);
    - ``notice(text)``, ``say(text)`` (the status line) and ``await confirm(text)`` (the page's confirmation).
    """

    def __init__(self, games, params, settings, notice, say, confirm):
        self.games = games
        self.params = params
        self.settings = settings
        self.notice = notice
        self.say = say
        self.confirm = confirm
        self.pending = None  # ("code", CODE) or ("date", DATE) from the address, until started or declined
        self.info = None  # {"code", "daily", "seed"} of the game started from a code (or the daily deal)
        self.compared = {}  # seed -> the duplicate comparison's answer
        self.shown = None  # (seed, hand) whose comparison was put in the summary

    def requested(self):
        """What the address asks for: ``("code", CODE)``, ``("date", DATE)`` or ``None``."""
        params = self.params
        if params.get("deal"):
            return ("code", params["deal"])
        daily = params.get("daily")
        if daily:
            return ("date", today() if daily in ("1", "true", "yes") else daily)
        return None

    async def start(self):
        """At start-up: open the address's deal now when nothing is saved (``True``), else leave it pending."""
        self.pending = self.requested()
        try:
            info = store.read_json(DEAL_KEY)
        except ValueError:
            info = None
        self.info = info if isinstance(info, dict) else None
        if self.pending is None:
            return False
        if store.read_text(store.SAVE_KEY) is not None:
            return False  # the saved game first: take_pending asks (the controller, as it loads it)
        kind, value = self.pending
        self.pending = None
        drop_params(*PARAMS)
        return await self.open(kind, value)

    async def take_pending(self, state):
        """The deal the address asked for while a game was saved (whose state is ``state``, drawn or not): it
        leaves the address; it replaces that game only if the game is over or the person agrees. ``True``: the
        deal was opened (it is the page's course now); ``False``: nothing was pending, the person kept their
        game, or the deal was refused (with a notice)."""
        if self.pending is None:
            return False
        kind, value = self.pending
        self.pending = None
        drop_params(*PARAMS)
        unfinished = state is not None and state["phase"] != "game-over"
        question = "deal_confirm_daily" if kind == "date" else "deal_confirm_link"
        if unfinished and not await self.confirm(t(question)):
            return False
        return await self.open(kind, value)

    async def after_start(self):
        """The address asked for a deal while a game was saved and it is still pending (the saved game was not
        loaded): replace the game on show only if it is over or the person agrees."""
        if await self.take_pending(self.games.state):
            self.games.after_state()

    async def open(self, kind, value):
        """A new game from a deal code or a date; ``False`` (and a notice saying why) when refused."""
        try:
            await self.open_args({kind: value})
        except EngineError as error:
            self.notice(t("deal_link_bad", error=error_text(error)))
            return False
        return True

    async def open_args(self, args):
        """Op ``deal_new`` with ``args`` (``code`` or ``date``, and for a position ``bids``, ``play``) as a new
        course of this page; its answer. Raises ``EngineError`` when the worker refuses (the game is unchanged)."""
        args = dict(args)
        args["levels"] = self.settings["bots"]
        if args.get("date"):
            args["policy"] = {"kind": "casual", "undo": False, "hints": False, "explain": True}
        else:
            args["policy"] = self.games.policy()
        result = await call("deal_new", args)
        self.info = {"code": result["code"], "daily": result.get("daily"), "seed": result["seed"]}
        store.write_json(DEAL_KEY, self.info)
        self.shown = None
        self.games.begin(result)
        return result

    async def daily(self):
        """Menu: today's daily deal (after a confirmation when a game is unfinished)."""
        games = self.games
        allowed, why = games.allowed("daily")
        if not allowed:
            self.say(t(why))
            return
        if games.state is not None and games.state["phase"] != "game-over":
            if games.rated() and not await games.leave_rated():
                return
            if not games.rated() and not await self.confirm(t("deal_confirm_daily")):
                return
        if await self.open("date", today()):
            games.after_state()

    async def share(self):
        """Menu: the link of the hand in progress, in a window with a Copy button."""
        allowed, why = self.games.allowed("share")
        if not allowed:
            self.say(t(why))
            return
        try:
            code = (await call("deal_link", {"seat": self.games.state["me"]}))["code"]
        except EngineError as error:
            self.say(t("error", error=error_text(error)))
            return
        link = link_for(code)
        dialog = by_id("dlg-deal")
        dialog.querySelector(".dlg-body").innerHTML = str(shareview.deal_window(link))
        if not dialog.open:
            dialog.showModal()
        dialog.querySelector("[autofocus]").focus()

    async def copy(self):
        field = document.querySelector("#dlg-deal [data-deal-link]")
        status = document.querySelector("#dlg-deal .deal-copied")
        if field is None:
            return
        try:
            await js.navigator.clipboard.writeText(field.value)
            status.textContent = t("deal_copied")
        except Exception:  # no clipboard here (permissions, an insecure address): select it for the person
            field.focus()
            field.select()
            status.textContent = t("deal_copy_select")

    def is_daily(self, seed):
        """Whether the game of ``seed`` is the daily deal started here (a new session is a daily one)."""
        info = self.info
        return isinstance(info, dict) and bool(info.get("daily")) and seed is not None and info.get("seed") == seed

    def hand_over(self, state):
        """The summary of the daily deal's first hand (the session allows ``compare``): compare with the experts
        on the same cards."""
        games = self.games
        if not games.allowed("compare")[0]:
            return
        key = (games.game, 1)
        if self.shown == key:
            return
        self.shown = key
        spawn(self.compare(games.game))

    async def compare(self, seed):
        games = self.games
        answer = self.compared.get(seed)
        if answer is None:
            self.put_comparison(shareview.comparison_busy())
            try:
                while answer is None or not answer.get("done"):  # a few moves a call: the worker stays free
                    answer = await call("duplicate", {"seat": games.state["me"], "steps": 6})
                    if games.game != seed:
                        return
            except EngineError as error:
                self.put_comparison(shareview.comparison_failed(error_text(error)))
                return
            self.compared[seed] = answer
        if games.game != seed:  # another game began meanwhile
            return
        self.put_comparison(shareview.comparison(answer["yours"], answer["experts"], answer["difference"]))

    def put_comparison(self, line):
        """Put (or replace) the comparison (a shareview fragment) in the open summary, above its buttons."""
        body = by_id("dlg-hand-body")
        if body is None or not by_id("dlg-hand").open:
            return
        old = body.querySelector(".duplicate")
        holder = document.createElement("div")
        holder.innerHTML = str(line)
        if old is not None:
            old.replaceWith(holder.firstChild)
            return
        buttons = body.querySelector(".dlg-buttons")
        body.insertBefore(holder.firstChild, buttons)
