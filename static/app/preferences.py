"""The settings dialog: open it on the game in progress, follow the form, keep what is saved.

Rule options are checked by the worker (op ``rules``) before they are kept. Changing the rules or your
seat starts a new game after a confirmation; computer levels and undo apply to the game in progress
(its save is reloaded with them); display settings apply at once.
"""

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
from pyscript.ffi import create_proxy
from transport import EngineError, call

SOUND_KEY = "spades-sound"
"""localStorage: ``{"volume": 0-100}`` (the settings' own key keeps only the fields store.py declares)."""


class Preferences:
    """The settings dialog of one page. It is given what it uses:

    - ``games``, the page's games (the controller's App): ``state`` (on show), ``await restart()`` (a new game
      with the saved settings, their seat included), ``await reseat()`` (the game in progress with the saved
      levels and undo), ``render()``;
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
        self.sound_start()

    # ------------------------------------------------------------- sound: the volume and the table's mute button

    def sound_start(self):
        """The saved volume into the settings and the sound; the table's mute button (``#btn-sound``) listens."""
        try:
            saved = store.read_json(SOUND_KEY)
        except ValueError:
            saved = None
        volume = form_fields.volume_of(saved.get("volume") if isinstance(saved, dict) else None)
        self.settings["volume"] = volume
        sound.set_volume(volume)
        button = by_id("btn-sound")
        if button is not None:
            button.addEventListener("click", create_proxy(lambda event: self.toggle_sound()))

    def toggle_sound(self):
        """The mute button: sound off or on, kept in the settings (this visit's ``?sound=0`` goes with it)."""
        on = not sound.enabled()
        self.settings["sound"] = on
        store.save_settings(self.settings)
        if self.params.pop("sound", None) is not None:
            drop_params("sound")
        screen.apply_display(self.settings, self.params)
        if on:
            sound.play("bid")  # a tap: it is on, and this loud

    async def open(self):
        state = self.games.state
        rules = dict(state["rules"]) if state else {"preset": "standard"}
        self.preset_rules = (await call("rules", {"rules": {"preset": rules.get("preset", "standard")}}))["rules"]
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
                self.preset_rules = (await call("rules", {"rules": {"preset": str(target.value)}}))["rules"]
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

    async def save(self):
        games = self.games
        form = by_id("settings-form")
        error = by_id("settings-error")
        problem = form_fields.relays_problem(form)
        if problem is not None:  # a fallback relay that is none (settings.py bad_relay): said, nothing kept
            error.textContent = problem
            return
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
        old = dict(self.settings)
        self.settings.clear()
        self.settings.update(new)
        store.save_settings(new)
        store.write_json(SOUND_KEY, {"volume": new["volume"]})
        sound.set_volume(new["volume"])
        by_id("dlg-settings").close()
        if new["lang"] != i18n.lang():
            self.params.pop("lang", None)
            drop_params("lang")
            i18n.set_lang(new["lang"])
            i18n.apply(document)
            view.forget_trick()
            self.ui.forget_html()
        screen.apply_display(new, self.params)
        if rules_changed or seat_changed:
            await games.restart()
            return
        if new["bots"] != old["bots"] or new["undo"] != old["undo"]:
            await games.reseat()
        games.render()
        self.say(t("settings_saved"))
