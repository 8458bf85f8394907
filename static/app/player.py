"""The player's profile on the page: name and avatar, finished games, statistics, rating (点力), charts.

The profile is JSON text in localStorage (``spades-profile``, store.py); the worker validates and
changes it (ops ``profile_*``, spades/profile.py) and computes everything shown from it
(``profile_report``: spades/report.py), so the page only keeps the text and draws the report.
Finished games are added at game over (solo, rated solo, online); a rated solo game left before the
end is added as a loss. The solo game in progress counts in the statistics as its hands are scored (op
``profile_report`` with ``table``), shown as a game in progress, never a win or a loss. Export downloads
the text; import checks it in the worker first and changes nothing when it is refused.
"""

import i18n
import js
import profileview
import store
import view
from dialogs import open_dialog
from dom import by_id
from i18n import error_text, t
from pyscript import document
from pyscript.ffi import create_proxy
from transfer import download
from transport import EngineError, call


def today():
    return str(js.Date.new().toISOString())[:10]


def now_at():
    return str(js.Date.new().toISOString())[:19] + "Z"


class Player:
    """The profile: ``notice(text)`` and ``say(text)`` (the status line) to tell the person, ``confirm(text)``
    (the page's confirmation), ``me()`` (my seat at this page's table)."""

    def __init__(self, notice, say, confirm, me):
        self.notice = notice
        self.say = say
        self.confirm = confirm
        self.me = me
        self.recorded = None  # id of the finished game last added to the profile (added once)
        self.live = None  # id under which the game in progress is kept unfinished (hand_scored), if it is
        self.text = None  # the profile's JSON text, as stored
        self.memory = None  # the profile when localStorage is blocked (kept for this visit)
        self.report = None
        self.listening = False  # the dialog's submit listener (keep_form), added once

    # ------------------------------------------------------------- storage

    async def load(self):
        """The profile's text: stored, else a new profile (and stored)."""
        text = store.read_text(store.PROFILE_KEY) if store.available() else self.memory
        if text:
            try:
                await call("profile_check", {"profile": text})
                self.text = text
                return text
            except EngineError as error:
                # a damaged profile is kept aside (never silently lost) and a new one starts
                store.write_text(store.PROFILE_KEY + "-damaged", text)
                self.notice(t("profile_damaged", error=error_text(error)))
        result = await call("profile_new", {"name": t("profile_default_name"), "today": today()})
        self.keep(result["profile"])
        return self.text

    def keep(self, text):
        self.text = text
        self.memory = text
        if store.available():
            if store.write_text(store.PROFILE_KEY, text) is False:
                self.notice(t("profile_full"))

    # ------------------------------------------------------------- games

    async def record(self, entry, left=False, winner=None, unscored=False):
        """Add the game a session describes (session.py ``record``: ``entry``) once (:meth:`add`), and show a
        rated game's change: in the status line, and in the open end-of-hand summary when ``entry["summary"]``
        says so (not when I leave it, ``left``, nor without a result, ``unscored``)."""
        key = entry["key"]
        if self.recorded == key:
            return
        self.recorded = key
        self.live = None
        result = await self.add(
            entry["kind"], entry["state"], key, left=left, ratings=entry["ratings"], winner=winner, unscored=unscored
        )
        if result is None or not entry["rated"] or left or unscored:
            return
        before, after = result["before"], result["after"]
        body = by_id("dlg-hand-body")
        if entry["summary"] and by_id("dlg-hand").open and body.querySelector(".rating-change") is None:
            buttons = body.querySelector(".dlg-buttons")
            holder = document.createElement("div")
            holder.innerHTML = str(rating_change_html(before, after))
            if buttons is None:
                body.appendChild(holder.firstChild)
            else:  # right above the buttons, wherever the summary (or the ending) holds them
                buttons.parentNode.insertBefore(holder.firstChild, buttons)
        self.say(t("rating_change", before=before, after=after, change=view.signed(after - before)))

    async def hand_scored(self, entry):
        """After a scored hand that did not end the game: keep the game in progress unfinished (``entry`` as for
        :meth:`record`, whose ``key`` must then name the whole game, the same at every hand and at its end), so its
        hands count at once and a game left unfinished stays in the statistics as such (spades/profile.py
        ``add_game`` replaces it with each longer version, and with the finished game)."""
        result = await self.add(entry["kind"], entry["state"], entry["key"], ratings=entry["ratings"])
        if result is not None:
            self.live = entry["key"]

    async def add(self, kind, state, game_id, left=False, ratings=None, winner=None, unscored=False):
        """Add a finished (or left) game; returns ``{"before", "after"}`` ratings, or ``None`` on refusal.

        ``state`` is an online table's state as the host sent it (``None``: this page's own table);
        ``winner`` overrides the state's (a rated table ended because a player left); ``unscored``: the
        game ended without a result because I dropped (only the disconnect counts)."""
        try:
            text = await self.load()
            args = {
                "profile": text,
                "today": today(),
                "kind": kind,
                "id": game_id,
                "at": now_at(),
                "left": left,
                "unscored": unscored,
                "ratings": ratings or {},
            }
            if winner is not None:
                args["winner"] = winner
            if state is None:
                args["table"] = "main"
                args["viewer"] = self.me()
            else:
                args["table"] = None  # not this page's table: the state the host sent
                args["state"] = state
            result = await call("profile_add", args)
        except EngineError as error:
            self.notice(t("profile_not_saved", error=error_text(error)))
            return None
        self.keep(result["profile"])
        return result

    async def rating(self):
        """The player's rating today."""
        standing = await self.standing()
        return None if standing is None else standing[0]

    async def standing(self):
        """``(rating, disconnects)`` today: what a rated table shows of me; ``None`` if it cannot be read."""
        try:
            report = await call("profile_report", {"profile": await self.load(), "today": today(), "brief": True})
        except EngineError:
            return None
        return report["rating"], report["disconnects"]

    # ------------------------------------------------------------- the dialog

    async def open(self):
        try:
            args = {"profile": await self.load(), "today": today(), "lang": i18n.lang(), "table": "main"}
            if self.live is not None:
                args["id"] = self.live  # kept after its last hand: not counted twice
            self.report = await call("profile_report", args)  # with the solo game in progress (worker.py)
        except EngineError as error:
            self.notice(t("error", error=error_text(error)))
            return
        dialog = by_id("dlg-profile")
        if not self.listening:
            self.listening = True
            dialog.addEventListener("submit", create_proxy(keep_form))
        dialog.querySelector(".dlg-body").innerHTML = str(profileview.profile(self.report))
        put_charts(dialog, self.report["charts"])
        open_dialog("dlg-profile")

    async def save_identity(self):
        form = by_id("profile-form")
        name = str(form.elements.namedItem("profile-name").value).strip()
        color = None
        for radio in form.querySelectorAll('input[name="profile-color"]'):
            if radio.checked:
                color = str(radio.value)
        if not name:
            by_id("profile-name-error").textContent = t("profile_name_empty")
            return
        try:
            result = await call("profile_set", {"profile": await self.load(), "name": name, "color": color})
        except EngineError as error:
            by_id("profile-name-error").textContent = t("error", error=error_text(error))
            return
        self.keep(result["profile"])
        await self.open()
        self.say(t("profile_saved"))

    def problem(self, text):
        """Say what went wrong inside the profile dialog when it is open (a modal dialog hides the notice)."""
        box = by_id("profile-problem")
        if box is not None and by_id("dlg-profile").open:
            box.textContent = text
            box.hidden = False
        else:
            self.notice(text)

    async def export(self):
        text = await self.load()
        download("spades-profile-" + today() + ".json", text, "profile-export")

    async def import_file(self, event):
        files = event.target.files
        if files is None or files.length == 0:
            return
        text = str(await files.item(0).text())
        event.target.value = ""
        try:
            result = await call("profile_check", {"profile": text})
        except EngineError as error:
            self.problem(t("profile_import_failed", error=error_text(error)))
            return
        n = result["games"]
        key = "confirm_profile_import_one" if n == 1 else "confirm_profile_import"
        if not await self.confirm(t(key, name=result["name"], n=n)):
            return
        self.keep(result["profile"])
        self.say(t("profile_imported", name=result["name"]))
        await self.open()


# ----------------------------------------------------------------- drawing


def rating_change_html(before, after):
    """The rating change under a rated game's summary, as text for ``innerHTML`` (profileview.rating_change)."""
    return str(profileview.rating_change(before, after))


def put_charts(dialog, charts):
    """The worker's SVG charts (spades/charts.py) into their figures, right after each caption."""
    for key in profileview.CHART_KEYS:
        svg = charts.get(key)
        caption = dialog.querySelector('figure[data-chart="' + key + '"] > figcaption')
        if svg and caption is not None:
            caption.insertAdjacentHTML("afterend", str(svg))


def keep_form(event):
    """The profile's form is never submitted (Enter in the name field does nothing; Save saves)."""
    event.preventDefault()
