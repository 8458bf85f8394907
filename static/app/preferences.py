"""The settings dialog: open it on the game in progress, follow the form, keep what is saved.

Rule options are checked by the worker (op ``rules``) before they are kept. Changing the rules or your
seat starts a new game after a confirmation; computer levels and undo apply to the game in progress
(its save is reloaded with them); display settings apply at once.

While the engine loads (early.py) the dialog opens with the saved settings and the presets the build asked the
engine for; display settings and the language are kept at once, and a change of the rules, your seat, the
computer players or undo waits for the engine, saying so (``settings_waiting``), the form as the person left it.
"""

import early
import i18n
import screen
import settings as form_fields
import sound
import store
import view
from dialogs import open_dialog
from dom import by_id, drop_params
from i18n import error_text, t
from pyscript import document
from transport import EngineError, call

GAME_SETTINGS = ("seat", "bots", "undo")
"""Settings the game in progress is made with: a change of one needs the engine (as a change of the rules)."""


class Preferences:
    """The settings dialog of one page. It is given what it uses:

    - ``games``, the page's games (the controller's App): ``state`` (on show), ``session`` (the table on show:
      ``engine_waits()``, a first hand drawn before the engine), ``await restart()`` (a new game with the saved
      settings, their seat included), ``await reseat()`` (the game in progress with the saved levels and undo),
      ``render()``;
    - ``settings`` (the saved settings, changed in place: every holder sees the new ones), ``params`` (the
      address's: ``lang`` leaves it once the person chooses a language), ``lists`` (the worker's presets, bidding
      styles and levels), ``ui`` (the page's fields: its drawn regions are forgotten after a new language);
    - ``say(text)`` (the status line) and ``await confirm(text)`` (the page's confirmation).
    """

    def __init__(self, games, settings, params, lists, ui, say, confirm):
        self.games = games
        self.settings = settings
        self.params = params
        self.lists = lists
        self.ui = ui
        self.say = say
        self.confirm = confirm
        self.preset_rules = None  # complete rules of the preset shown in the form
        self.opened_rules = None  # the rules the form was opened with
        self.waiting = False  # a save waits for the engine
        self.sound_start()

    # ------------------------------------------------------------- sound: the volume and the table's mute button

    def sound_start(self):
        """The saved volume (the settings', clamped) into the settings and the sound."""
        volume = form_fields.volume_of(self.settings.get("volume"))
        self.settings["volume"] = volume
        sound.set_volume(volume)

    def toggle_sound(self):
        """The table's mute button (``#btn-sound``, action ``sound-toggle``, controller.py ``ACTIONS``): sound off
        or on, kept in the settings (this visit's ``?sound=0`` goes with it)."""
        on = not sound.enabled()
        self.settings["sound"] = on
        store.save_settings(self.settings)
        if self.params.pop("sound", None) is not None:
            drop_params("sound")
        screen.apply_display(self.settings, self.params)
        if on:
            sound.play("bid")  # a tap: it is on, and this loud

    async def preset(self, name):
        """A preset's complete rules: the engine's, or while it loads the copy the build asked it for."""
        if not early.is_ready():
            data = await early.data()
            if not self.lists:
                self.lists.update(data.get("lists") or {})
            rules = (data.get("preset_rules") or {}).get(name)
            if rules is not None:
                return dict(rules)
        return (await call("rules", {"rules": {"preset": name}}))["rules"]

    async def open(self):
        state = self.games.state
        if state:
            rules = dict(state["rules"])
            self.preset_rules = await self.preset(rules.get("preset", "standard"))
        else:  # before the engine: the saved settings' rules (the preset's, with the saved changes)
            self.preset_rules = await self.preset(self.settings.get("preset") or "standard")
            rules = dict(self.preset_rules)
            rules.update(self.settings.get("rules") or {})
        self.opened_rules = rules
        me = state["me"] if state else self.settings["seat"]
        form = by_id("settings-form")
        form.innerHTML = str(form_fields.form_html(self.settings, rules, i18n.lang(), self.lists, me))
        open_dialog("dlg-settings")
        first = form.querySelector("select")
        if first is not None:
            first.focus()

    async def changed(self, event):
        target = event.target
        name = str(target.name or "")
        form = by_id("settings-form")
        if name == "preset":
            try:
                self.preset_rules = await self.preset(str(target.value))
            except EngineError:
                return
            by_id("rules-fields").innerHTML = str(form_fields.rules_fields(self.preset_rules, self.lists))
            form.elements.namedItem("preset").focus()
        elif name == "seat":
            levels = form_fields.read_levels(form, self.settings["bots"])
            players = form_fields.players_html(str(target.value), levels, self.lists)
            by_id("players-fields").innerHTML = str(players)
            form.elements.namedItem("seat").focus()
        elif name == "mercy_on":
            form.elements.namedItem("mercy").disabled = not target.checked
        elif name == "bags_on":
            form.elements.namedItem("bags_limit").disabled = not target.checked

    def cancel(self):
        by_id("dlg-settings").close()

    def needs_engine(self, form):
        """Whether the form changes the rules or a setting of the game in progress (``GAME_SETTINGS``)."""
        new = form_fields.read_display(form, self.settings)
        rules = form_fields.read_rules(form, self.preset_rules or {})
        return rules != self.opened_rules or any(new.get(k) != self.settings.get(k) for k in GAME_SETTINGS)

    async def save(self):
        games = self.games
        form = by_id("settings-form")
        error = by_id("settings-error")
        problem = form_fields.relays_problem(form)
        if problem is not None:  # a fallback relay that is none (settings.py bad_relay): said, nothing kept
            error.textContent = problem
            return
        if not early.is_ready():
            if self.waiting:
                return
            if not self.needs_engine(form):  # display and language only: kept and shown at once
                self.keep(form_fields.read_display(form, self.settings))
                if games.session.engine_waits():  # a first hand on show (firsthand.py): drawn in the new words,
                    self.ui.message = None  # its status line (the bid to make, or the bid held) kept, not covered:
                    self.ui.saved = True  # "Settings saved." before it (screen.py status_line), until a move
                    games.render()
                else:
                    self.say(t("settings_saved"))
                return
            self.waiting = True
            error.textContent = t("settings_waiting")
            error.scrollIntoView(False)  # below the form, above the buttons: in sight on a short window too
            try:
                await early.wait_ready()
            finally:
                self.waiting = False
            if not by_id("dlg-settings").open:  # cancelled meanwhile
                return
            error.textContent = ""
        base = self.preset_rules or {}
        rules = form_fields.read_rules(form, base)
        try:
            checked = (await call("rules", {"rules": rules}))["rules"]
        except EngineError as problem:
            error.textContent = error_text(problem)
            return
        new = form_fields.read_display(form, self.settings)
        new["preset"] = checked["preset"]
        new["rules"] = form_fields.overrides(checked, base)
        state = games.state
        current = state["rules"] if state else {}
        rules_changed = any(checked.get(k) != current.get(k) for k in checked)
        seat_changed = state is not None and new["seat"] != state["me"]
        if (rules_changed or seat_changed) and state and state["phase"] != "game-over":
            if not await self.confirm(t("confirm_rules" if rules_changed else "confirm_seat")):
                return
        old = self.keep(new)
        if rules_changed or seat_changed:
            await games.restart()
            return
        if new["bots"] != old["bots"] or new["undo"] != old["undo"]:
            await games.reseat()
        games.render()
        self.say(t("settings_saved"))

    def keep(self, new):
        """Keep the settings ``new``, close the dialog and show the display settings (a new language at once);
        returns the settings before."""
        old = dict(self.settings)
        self.settings.clear()
        self.settings.update(new)
        store.save_settings(new)
        sound.set_volume(new["volume"])
        by_id("dlg-settings").close()
        if new["lang"] != i18n.lang():
            self.params.pop("lang", None)
            drop_params("lang")
            i18n.set_lang(new["lang"])
            i18n.apply(document)
            if not early.is_ready():
                early.language(new["lang"])
            view.forget_trick()
            self.ui.forget_html()
        screen.apply_display(new, self.params)
        return old
