"""The settings dialog: open it on the game in progress, follow the form, keep what is saved.

Rule options are checked by the worker (op ``rules``) before they are kept. Changing the rules or your
seat starts a new game after a confirmation; computer levels and undo apply to the game in progress
(its save is reloaded with them); display settings apply at once.
"""

import i18n
import screen
import settings as form_fields
import store
import view
from dialogs import open_dialog
from dom import by_id, drop_params
from i18n import error_text, t
from pyscript import document
from transport import EngineError, call


class Preferences:
    def __init__(self, app):
        self.app = app
        self.preset_rules = None  # complete rules of the preset shown in the form

    async def open(self):
        app = self.app
        state = app.state
        rules = dict(state["rules"]) if state else {"preset": "standard"}
        self.preset_rules = (await call("rules", {"rules": {"preset": rules.get("preset", "standard")}}))["rules"]
        me = state["me"] if state else app.settings["seat"]
        form = by_id("settings-form")
        form.innerHTML = str(form_fields.form_html(app.settings, rules, i18n.lang(), app.lists, me))
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
            by_id("rules-fields").innerHTML = str(form_fields.rules_fields(self.preset_rules, self.app.lists))
            form.elements.namedItem("preset").focus()
        elif name == "seat":
            levels = form_fields.read_levels(form, self.app.settings["bots"])
            players = form_fields.players_html(str(target.value), levels, self.app.lists)
            by_id("players-fields").innerHTML = str(players)
            form.elements.namedItem("seat").focus()
        elif name == "mercy_on":
            form.elements.namedItem("mercy").disabled = not target.checked
        elif name == "bags_on":
            form.elements.namedItem("bags_limit").disabled = not target.checked

    def cancel(self):
        by_id("dlg-settings").close()

    async def save(self):
        app = self.app
        form = by_id("settings-form")
        error = by_id("settings-error")
        base = self.preset_rules or {}
        rules = form_fields.read_rules(form, base)
        try:
            checked = (await call("rules", {"rules": rules}))["rules"]
        except EngineError as problem:
            error.textContent = error_text(problem)
            return
        new = form_fields.read_display(form, app.settings)
        new["preset"] = checked["preset"]
        new["rules"] = form_fields.overrides(checked, base)
        state = app.state
        current = state["rules"] if state else {}
        rules_changed = any(checked.get(k) != current.get(k) for k in checked)
        seat_changed = state is not None and new["seat"] != state["me"]
        if (rules_changed or seat_changed) and state and state["phase"] != "game-over":
            if not await app.dialogs.confirm(t("confirm_rules" if rules_changed else "confirm_seat")):
                return
        old = app.settings
        app.settings = new
        store.save_settings(new)
        by_id("dlg-settings").close()
        if new["lang"] != i18n.lang():
            app.params.pop("lang", None)
            drop_params("lang")
            i18n.set_lang(new["lang"])
            i18n.apply(document)
            view.forget_trick()
            app.ui.forget_html()
        screen.apply_display(new, app.params)
        if rules_changed or seat_changed:
            app.seat_next = None
            await app.new_game()
            app.after_state()
            return
        if new["bots"] != old["bots"] or new["undo"] != old["undo"]:
            await app.reseat()
        app.render()
        app.set_message(t("settings_saved"))
