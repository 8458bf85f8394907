"""The page's DOM layer (PyScript, MicroPython, main thread): see docs/page.md.

It sends the person's intents to the engine worker (``window.spades.engine``,
static/engine.js) and renders the state it gets back; computer players move
one ``step`` at a time in the worker, so the page never freezes.  After every
state the worker's ``save`` goes to localStorage; a reload ``load``s it.
"""

import asyncio
import json

import i18n
import js
import settings as settings_form
import sound
import store
import view
from i18n import card_name, t, who
from pyscript import document
from pyscript.ffi import create_proxy, to_js

# milliseconds: (pause before a computer move, trick shown before it is taken, taking animation)
SPEEDS = {"slow": (900, 1500, 450), "normal": (550, 950, 320), "fast": (250, 500, 200), "instant": (0, 0, 0)}
PLAYING = ("bidding", "playing")


class EngineError(Exception):
    """The worker refused an operation (``{"error", "kind"}``)."""


def now():
    return js.performance.now()


async def sleep_ms(ms):
    if ms > 0:
        await asyncio.sleep(ms / 1000)


def parse_params(search):
    params = {}
    text = str(search or "")
    if text.startswith("?"):
        text = text[1:]
    for part in text.split("&"):
        if not part:
            continue
        key, _, value = part.partition("=")
        params[key] = str(js.decodeURIComponent(value.replace("+", " ")))
    return params


_tasks = set()


def spawn(coro):
    """Run a coroutine in the background, keeping a reference until it ends; log what it raises."""
    holder = []

    async def run():
        try:
            await coro
        except Exception as error:
            js.console.error("spades page:", str(error))
        finally:
            if holder:
                _tasks.discard(holder[0])

    task = asyncio.create_task(run())
    holder.append(task)
    _tasks.add(task)
    return task


def by_id(name):
    return document.getElementById(name)


class App:
    def __init__(self):
        self.state = None
        self.seed = None
        self.gen = 0  # bumped by every change of course (undo, new game, load): stale loops stop
        self.driving = None
        self.acting = False
        self.shown_dialog_for = None
        self.trick_shown = None  # a finished trick kept on the table for a moment
        self.bid_digit = None  # (digit, time) for two-digit bids
        self.confirm_event = None
        self.confirm_result = False
        self.settings = store.load_settings()
        self.params = parse_params(js.location.search)
        self.seed_next = None
        self.revealed = None
        self.rules_preset = None  # complete rules of the preset shown in the settings form
        self.ui = {"focus": 0, "selected": None, "hinted": None, "busy": False, "hidden": False, "message": None}
        self.storage_note = False

    # ------------------------------------------------------------- engine

    async def call(self, op, args=None):
        try:
            text = await js.window.spades.engine.request(op, json.dumps(args or {}))
            result = json.loads(str(text))
        except Exception as error:  # the worker failed (not a refusal): report it the same way
            raise EngineError(str(error)) from None
        if isinstance(result, dict) and "error" in result and "kind" in result:
            raise EngineError(str(result["error"]))
        return result

    def take(self, result):
        """Adopt a ``{"state", "save"}`` answer: remember, persist, render."""
        self.state = result["state"]
        save = result.get("save")
        if isinstance(save, dict):
            record = save.get("record") or {}
            self.seed = record.get("seed")
            if not store.write_json(store.SAVE_KEY, save) and store.available() and not self.storage_note:
                self.storage_note = True
                self.notice(t("save_full"))
        document.body.setAttribute("data-phase", self.state["phase"])
        self.render()

    # ------------------------------------------------------------- start

    async def start(self):
        catalog = json.loads(str(js.JSON.stringify(await js.window.spades.messages)))
        i18n.load(catalog.get("messages", {}))
        lang = i18n.normal_lang(self.params.get("lang")) or i18n.normal_lang(self.settings.get("lang"))
        i18n.set_lang(lang or str(js.window.spades.lang))
        i18n.apply(document)
        self.apply_display()
        js.window.spades.progress("ui", t("loading_engine"))
        self.listen()
        try:
            await js.window.spades.engineReady
        except Exception as error:
            self.fail(error)
            return
        js.window.spades.progress("engine", t("loading_game"))
        if not store.available():
            self.notice(t("storage_blocked"))
        try:
            await self.restore_or_new()
        except Exception as error:
            self.fail(error)
            return
        self.drop_params("fresh", "seed", "preset")
        js.window.spades.progress("game")
        by_id("loading").hidden = True
        for name in ("btn-menu", "btn-scores"):
            by_id(name).disabled = False
        js.window.spades.readyAt = now()
        self.after_state()

    def fail(self, error):
        by_id("loading-text").textContent = t("loading_failed", error=str(error))
        by_id("loading").classList.add("failed")
        document.body.setAttribute("data-phase", "error")

    async def restore_or_new(self):
        params = self.params
        fresh = params.get("fresh") in ("1", "true", "yes")
        seed = None
        if params.get("seed", "").lstrip("-").isdigit():
            seed = int(params["seed"])
        preset = params.get("preset")
        problem = None
        saved = None
        if not fresh:
            try:
                saved = store.read_json(store.SAVE_KEY)
            except ValueError as error:
                problem = str(error) or "not JSON"
        if saved is not None:
            record = saved.get("record") if isinstance(saved, dict) else None
            record = record if isinstance(record, dict) else {}
            rules = record.get("rules") if isinstance(record.get("rules"), dict) else {}
            wanted = (seed is None or record.get("seed") == seed) and (preset is None or rules.get("preset") == preset)
            if wanted:
                try:
                    self.revealed = self.read_revealed()
                    self.take(await self.call("load", {"save": saved}))
                    return
                except EngineError as error:
                    problem = str(error)
        if problem:
            store.remove(store.SAVE_KEY)
            self.notice(t("save_corrupt", error=problem))
        await self.new_game(seed=seed, preset=preset)

    def drop_params(self, *names):
        """One-shot parameters leave the address once used, so a reload resumes the game."""
        try:
            url = js.URL.new(js.location.href)
            for name in names:
                url.searchParams.delete(name)
            js.history.replaceState(js.history.state, "", url.href)
        except Exception:
            pass

    async def new_game(self, seed=None, preset=None):
        self.gen += 1
        if seed is None and self.seed_next is not None:
            seed = self.seed_next
        if seed is None:
            seed = int(js.Math.floor(js.Math.random() * 2147483647))
        self.seed_next = seed + 1 if self.params.get("seed") else None
        settings = self.settings
        rules = dict(settings.get("rules") or {})
        rules["preset"] = preset or settings.get("preset") or "standard"
        args = {"rules": rules, "seed": seed, "bots": settings["bots"], "undo": settings["undo"]}
        try:
            result = await self.call("new", args)
        except EngineError as error:
            # stored rule overrides the engine refuses: the preset alone, else the standard game
            self.notice(t("error", error=str(error)))
            args["rules"] = {"preset": rules["preset"]}
            try:
                result = await self.call("new", args)
            except EngineError:
                args["rules"] = {"preset": "standard"}
                result = await self.call("new", args)
        self.reset_ui()
        self.take(result)

    def reset_ui(self):
        self.trick_shown = None
        self.shown_dialog_for = None
        self.ui["selected"] = None
        self.ui["hinted"] = None
        self.ui["message"] = None
        self.ui["focus"] = 0
        self.ui["busy"] = False
        self.ui["note"] = None
        self.close_dialogs()

    # ------------------------------------------------------------- blind nil: cards face down until looked at

    def hand_key(self):
        return str(self.seed) + ":" + str(self.state["hand_number"])

    def read_revealed(self):
        try:
            data = store.read_json(store.UI_KEY)
        except ValueError:
            return None
        return data.get("revealed") if isinstance(data, dict) else None

    def reveal(self):
        self.revealed = self.hand_key()
        store.write_json(store.UI_KEY, {"revealed": self.revealed})

    def cards_hidden(self):
        state = self.state
        if state["phase"] != "bidding" or state["bids"].get(state["human"]) is not None:
            return False
        if self.revealed == self.hand_key():
            return False
        rules = state["rules"]
        if not rules.get("blind_nil"):
            return False
        if state["turn"] == state["human"]:
            return -1 in state["legal_bids"]
        return state["totals"]["EW"] - state["totals"]["NS"] >= (rules.get("blind_nil_behind") or 0)

    # ------------------------------------------------------------- rendering

    def render(self):
        state = self.state
        if state is None:
            return
        ui = self.ui
        ui["hidden"] = self.cards_hidden()
        body = document.body
        body.setAttribute("data-turn", state["turn"] or "")
        my_turn = state["turn"] == state["human"] and state["phase"] in PLAYING and not ui["busy"]
        waiting = ""
        if state["phase"] in ("hand-over", "game-over") and not ui["busy"]:
            waiting = state["phase"]
        elif my_turn:
            waiting = ("blind" if ui["hidden"] else "bid") if state["phase"] == "bidding" else "play"
        body.setAttribute("data-await", waiting)
        view.render_scores(document, state)
        view.render_seats(document, state, ui)
        # trick on the table
        if self.trick_shown is not None:
            shown = self.trick_shown
            view.render_trick(document, shown["cards"], shown["leader"], shown["winner"], shown.get("collect"))
        else:
            view.render_trick(document, [c["card"] for c in state["trick"]], state["leader"] or "N")
        # hand (keep keyboard focus where it was)
        hand = by_id("hand")
        active = document.activeElement
        had_focus = active is not None and hand.contains(active)
        count = len(state["hand"])
        if count:
            ui["focus"] = max(0, min(ui["focus"], count - 1))
        html = view.hand_html(state, ui)
        if html != ui.get("hand_html"):  # unchanged hands are left alone (hover and focus stay put)
            ui["hand_html"] = html
            hand.innerHTML = html
            if had_focus:
                self.focus_card(ui["focus"])
        # bidding window
        panel = by_id("bid-panel")
        if state["phase"] == "bidding" and my_turn:
            key = "blind" if ui["hidden"] else "bid"
            if panel.hidden or panel.getAttribute("data-kind") != key or ui.get("panel_lang") != i18n.lang():
                panel.innerHTML = view.bid_panel_html(state, ui)
                panel.setAttribute("data-kind", key)
                ui["panel_lang"] = i18n.lang()
                panel.hidden = False
        else:
            panel.hidden = True
            panel.setAttribute("data-kind", "")
        # buttons
        by_id("status").textContent = view.status_text(state, ui)
        by_id("btn-undo").disabled = not (state["can_undo"] and self.settings["undo"]) or ui["busy"]
        by_id("btn-hint").disabled = not my_turn or ui["hidden"]
        play = by_id("btn-play")
        play.hidden = self.settings["play_mode"] != "confirm" or state["phase"] != "playing"
        play.disabled = not (my_turn and ui["selected"])
        by_id("btn-show").hidden = not ui["hidden"] or (my_turn and state["phase"] == "bidding")
        over = state["phase"] in ("hand-over", "game-over")
        by_id("btn-next").hidden = state["phase"] != "hand-over" or ui["busy"]
        by_id("btn-again").hidden = state["phase"] != "game-over" or ui["busy"]
        if not over:
            self.shown_dialog_for = None

    def focus_card(self, index):
        cards = document.querySelectorAll("#hand [data-card]")
        if cards.length:
            index = max(0, min(index, cards.length - 1))
            self.ui["focus"] = index
            for i in range(cards.length):
                cards.item(i).setAttribute("tabindex", "0" if i == index else "-1")
            cards.item(index).focus()

    def apply_display(self):
        root = document.documentElement
        root.setAttribute("data-four-color", "1" if self.settings["four_color"] else "0")
        speed = self.params.get("speed") or self.settings["speed"]
        root.setAttribute("data-speed", speed if speed in SPEEDS else "normal")
        sound.enable(self.settings["sound"] and self.params.get("sound") != "0")

    def speed(self):
        name = self.params.get("speed") or self.settings["speed"]
        return SPEEDS.get(name, SPEEDS["normal"])

    def announce(self, text):
        region = by_id("announce")
        item = document.createElement("p")
        item.textContent = text
        region.appendChild(item)
        while region.childElementCount > 6:
            region.removeChild(region.firstElementChild)

    def notice(self, text):
        by_id("notice-text").textContent = text
        by_id("notice").hidden = False

    def set_message(self, text):
        self.ui["message"] = text
        by_id("status").textContent = text or view.status_text(self.state, self.ui)

    # ------------------------------------------------------------- the game loop

    def after_state(self):
        """What follows a new state: computer moves, the person's turn, or the end of a hand."""
        state = self.state
        if state is None or self.ui["busy"]:
            return
        if state["phase"] in ("hand-over", "game-over"):
            self.show_hand_over()
            return
        if state["turn"] != state["human"]:
            spawn(self.drive())
            return
        active = document.activeElement
        idle = active is None or active == document.body
        if state["phase"] == "playing":
            hand = state["hand"]
            focus = self.ui["focus"]
            if focus >= len(hand) or not hand[focus]["legal"]:
                legal = [i for i, item in enumerate(hand) if item["legal"]]
                if legal:
                    self.ui["focus"] = legal[0]
                    self.render()
            if idle:
                self.focus_card(self.ui["focus"])
        elif idle and not by_id("bid-panel").hidden:
            by_id("bid-panel").focus()
        sound.play("turn")

    async def drive(self):
        """Let the computer players move until it is the person's turn or the hand is over."""
        gen = self.gen
        if self.driving == gen:
            return
        self.driving = gen
        try:
            while self.gen == gen:
                state = self.state
                if state["phase"] not in PLAYING or state["turn"] == state["human"]:
                    break
                started = now()
                result = await self.call("step", {"lang": i18n.lang()})
                if self.gen != gen:
                    return
                await sleep_ms(self.speed()[0] - (now() - started))
                if self.gen != gen:
                    return
                before = self.state
                event = result.get("event") or {}
                self.ui["hinted"] = None
                self.ui["message"] = None
                self.take(result)
                self.report(event)
                if self.trick_done(before):
                    await self.show_trick_end(gen)
        except EngineError as error:
            self.notice(t("error", error=str(error)))
        finally:
            if self.driving == gen:
                self.driving = None
        if self.gen == gen:
            self.after_state()

    def report(self, event):
        seat = event.get("seat")
        if not seat:
            return
        if "bid" in event:
            sound.play("bid")
            self.announce(t("announce_bid", who=who(seat), bid=i18n.bid_text(event["bid"])))
        elif "card" in event:
            sound.play("card")
            self.announce(t("announce_play", who=who(seat), card=card_name(event["card"])))

    def trick_done(self, before):
        if before is None or self.state["hand_number"] != before["hand_number"]:
            return False
        count = sum(self.state["tricks_won"][s] for s in view.SEATS)
        return count > sum(before["tricks_won"][s] for s in view.SEATS) and self.state["last_trick"] is not None

    async def show_trick_end(self, gen):
        """Keep the finished trick on the table a moment, mark the winner, then sweep it to them."""
        last = self.state["last_trick"]
        _, pause, sweep = self.speed()
        winner = last["winner"]
        self.ui["busy"] = True
        self.trick_shown = {"cards": last["cards"], "leader": last["leader"], "winner": winner}
        note = t("announce_trick_you") if winner == self.state["human"] else t("announce_trick", who=who(winner))
        self.ui["note"] = note
        self.render()
        self.announce(note)
        sound.play("trick")
        await sleep_ms(pause)
        if self.gen == gen and sweep:
            self.trick_shown["collect"] = winner
            self.render()
            await sleep_ms(sweep)
        self.ui["note"] = None
        if self.gen == gen:
            self.trick_shown = None
            self.ui["busy"] = False
            self.render()

    # ------------------------------------------------------------- the person's moves

    async def act(self, intent, new_course=False):
        if self.acting:
            return None
        self.acting = True
        document.body.setAttribute("data-await", "")  # busy with the person's move until the answer
        if new_course:
            self.gen += 1
            self.trick_shown = None
            self.ui["busy"] = False
        gen = self.gen
        before = self.state
        try:
            result = await self.call("act", {"intent": intent})
        except EngineError as error:
            self.acting = False
            sound.play("error")
            self.ui["message"] = t("error", error=str(error))
            self.render()
            return None
        finally:
            self.acting = False
        self.ui["selected"] = None
        self.ui["hinted"] = None
        self.ui["message"] = None
        self.take(result)
        if intent["type"] == "play" and self.trick_done(before):
            await self.show_trick_end(gen)
        if self.gen == gen:
            self.after_state()
        return result

    def my_turn(self, phase):
        state = self.state
        return (
            state is not None
            and state["phase"] == phase
            and state["turn"] == state["human"]
            and not self.ui["busy"]
            and not self.acting
        )

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
        self.ui["focus"] = index
        if not self.my_turn("playing"):
            self.set_message(t("card_wait", card=card_name(card)))
            return
        if not entry["legal"]:
            sound.play("error")
            self.set_message(t("card_illegal", card=card_name(card), reason=i18n.reason_text(entry.get("reason"))))
            return
        if self.settings["play_mode"] == "confirm" and not keyboard and self.ui["selected"] != card:
            self.ui["selected"] = card
            self.ui["message"] = None
            self.render()
            return
        self.play(card)

    def play(self, card):
        sound.play("card")
        spawn(self.act({"type": "play", "card": card}))

    def bid(self, value):
        if not self.my_turn("bidding"):
            return
        if value == "blind_nil":
            bid = "blind_nil"
        elif value == "nil":
            bid = "nil"
        else:
            bid = int(value)
        if bid != "blind_nil":
            self.reveal()
        sound.play("bid")
        spawn(self.act({"type": "bid", "bid": bid}))

    # ------------------------------------------------------------- dialogs

    def open_dialog(self, name, html=None):
        dialog = by_id(name)
        if html is not None:
            body = dialog.querySelector(".dlg-body")
            body.innerHTML = html
        if not dialog.open:
            dialog.showModal()
        focus = dialog.querySelector("[autofocus]")
        if focus is not None:
            focus.focus()

    def close_dialogs(self):
        for name in ("dlg-hand", "dlg-scores", "dlg-help", "dlg-confirm"):
            dialog = by_id(name)
            if dialog.open:
                dialog.close()

    def show_hand_over(self):
        state = self.state
        key = str(self.seed) + ":" + str(state["hand_number"]) + ":" + state["phase"]
        if self.shown_dialog_for == key:
            return
        self.shown_dialog_for = key
        if state["phase"] == "game-over":
            sound.play("win" if state["winner"] == "NS" else "lose")
        else:
            sound.play("hand")
        self.open_dialog("dlg-hand", view.hand_over_html(state))

    async def confirm(self, text):
        by_id("dlg-confirm-text").textContent = text
        self.confirm_event = asyncio.Event()
        self.confirm_result = False
        dialog = by_id("dlg-confirm")
        dialog.showModal()
        dialog.querySelector(".primary").focus()
        await self.confirm_event.wait()
        if dialog.open:
            dialog.close()
        return self.confirm_result

    def confirm_done(self, ok):
        self.confirm_result = ok
        if self.confirm_event is not None:
            self.confirm_event.set()

    # ------------------------------------------------------------- actions

    async def do_action(self, action, element):
        state = self.state
        if action == "menu":
            self.toggle_menu()
            return
        self.toggle_menu(False)
        if action == "dismiss":
            by_id("notice").hidden = True
        elif action == "confirm-ok":
            self.confirm_done(True)
        elif action == "confirm-cancel":
            self.confirm_done(False)
        elif action == "close-dialog":
            element.closest("dialog").close()
        elif state is None:
            return
        elif action == "hint":
            await self.hint()
        elif action == "undo":
            if state["can_undo"] and self.settings["undo"]:
                self.close_dialogs()
                await self.act({"type": "undo"}, new_course=True)
        elif action == "scores":
            self.open_dialog("dlg-scores", view.scores_dialog_html(state))
        elif action == "last-trick":
            self.open_dialog("dlg-scores", view.last_trick_html(state))
        elif action == "help":
            self.open_dialog("dlg-help", view.help_html())
        elif action == "new-game":
            if state["phase"] == "game-over" or await self.confirm(t("confirm_new_game")):
                await self.new_game()
                self.after_state()
        elif action == "new-game-now":
            await self.new_game()
            self.after_state()
        elif action == "scores-close":
            by_id("dlg-hand").close()
        elif action == "next-hand":
            by_id("dlg-hand").close()
            if state["phase"] == "hand-over":
                self.ui["focus"] = 0
                await self.act({"type": "next_hand"}, new_course=True)
        elif action == "replay":
            if await self.confirm(t("confirm_replay")):
                self.close_dialogs()
                await self.act({"type": "replay_hand"}, new_course=True)
        elif action == "play":
            if self.ui["selected"]:
                self.card_clicked(self.ui["selected"], True)
        elif action == "show-cards":
            self.reveal()
            self.render()
            self.focus_card(0)
        elif action == "export":
            await self.export()
        elif action == "import":
            by_id("import-file").click()
        elif action == "settings":
            await self.open_settings()
        elif action == "settings-cancel":
            by_id("dlg-settings").close()
        elif action == "settings-save":
            await self.save_settings()

    def toggle_menu(self, show=None):
        menu = by_id("menu")
        button = by_id("btn-menu")
        show = menu.hidden if show is None else show
        if show == (not menu.hidden):
            return
        menu.hidden = not show
        button.setAttribute("aria-expanded", "true" if show else "false")
        if show:
            first = menu.querySelector("button")
            if first is not None:
                first.focus()

    async def hint(self):
        if not (self.my_turn("playing") or self.my_turn("bidding")):
            return
        self.set_message(t("hint_thinking"))
        try:
            result = await self.call("hint", {"level": "expert", "lang": i18n.lang()})
        except EngineError as error:
            self.set_message(t("error", error=str(error)))
            return
        text = result.get("text")
        if "card" in result:
            card = result["card"]
            self.ui["hinted"] = card
            line = t("hint_card", card=i18n.card_short(card))
            for i, item in enumerate(self.state["hand"]):
                if item["card"] == card:
                    self.ui["focus"] = i
        else:
            line = t("hint_bid", bid=i18n.bid_text(result.get("bid")))
            bid = result.get("bid")
            button = document.querySelector(
                '#bid-panel [data-bid="' + ("nil" if bid in (0, "nil") else str(bid)) + '"]'
            )
            if button is not None:
                button.classList.add("hinted")
                button.focus()
        if text:
            line += " " + str(text)
        self.ui["message"] = line
        self.render()

    async def export(self):
        record = await self.call("record")
        text = json.dumps(record)
        blob = js.Blob.new(to_js([text]), to_js({"type": "application/json"}))
        url = js.URL.createObjectURL(blob)
        link = document.createElement("a")
        stamp = str(js.Date.new().toISOString())[:16].replace(":", "").replace("T", "-")
        link.href = url
        link.download = "spades-" + stamp + ".json"
        link.setAttribute("data-export", "1")
        document.body.appendChild(link)
        link.click()
        link.remove()
        js.setTimeout(create_proxy(lambda: js.URL.revokeObjectURL(url)), 5000)

    async def import_file(self, event):
        files = event.target.files
        if files is None or files.length == 0:
            return
        file = files.item(0)
        text = str(await file.text())
        event.target.value = ""
        try:
            record = json.loads(text)
        except ValueError as error:
            self.notice(t("import_failed", error=str(error) or "JSON"))
            return
        if not await self.confirm(t("confirm_import")):
            return
        args = {"record": record, "bots": self.settings["bots"], "undo": self.settings["undo"]}
        try:
            result = await self.call("import", args)
        except EngineError as error:
            self.notice(t("import_failed", error=str(error)))
            return
        self.gen += 1
        self.reset_ui()
        self.take(result)
        self.set_message(t("imported"))
        self.after_state()

    # ------------------------------------------------------------- settings

    async def open_settings(self):
        rules = dict(self.state["rules"]) if self.state else {"preset": "standard"}
        self.rules_preset = (await self.call("rules", {"rules": {"preset": rules.get("preset", "standard")}}))["rules"]
        form = by_id("settings-form")
        form.innerHTML = settings_form.form_html(self.settings, rules, i18n.lang())
        self.open_dialog("dlg-settings")
        first = form.querySelector("select")
        if first is not None:
            first.focus()

    async def settings_changed(self, event):
        target = event.target
        name = str(target.name or "")
        form = by_id("settings-form")
        if name == "preset":
            preset = str(target.value)
            try:
                self.rules_preset = (await self.call("rules", {"rules": {"preset": preset}}))["rules"]
            except EngineError:
                return
            by_id("rules-fields").innerHTML = (
                "<legend>" + view.esc(t("settings_rules")) + "</legend>" + settings_form.rules_html(self.rules_preset)
            )
            form.elements.namedItem("preset").focus()
        elif name == "mercy_on":
            form.elements.namedItem("mercy").disabled = not target.checked
        elif name == "bags_on":
            form.elements.namedItem("bags_limit").disabled = not target.checked

    async def save_settings(self):
        form = by_id("settings-form")
        error = by_id("settings-error")
        base = self.rules_preset or {}
        rules = settings_form.read_rules(form, base)
        try:
            checked = (await self.call("rules", {"rules": rules}))["rules"]
        except EngineError as problem:
            error.textContent = str(problem)
            return
        new = settings_form.read_display(form, self.settings)
        new["preset"] = checked["preset"]
        new["rules"] = settings_form.overrides(checked, base)
        current = self.state["rules"] if self.state else {}
        rules_changed = any(checked.get(k) != current.get(k) for k in checked)
        if rules_changed and self.state and self.state["phase"] != "game-over":
            if not await self.confirm(t("confirm_rules")):
                return
        old = self.settings
        self.settings = new
        store.save_settings(new)
        by_id("dlg-settings").close()
        if new["lang"] != i18n.lang():
            self.params.pop("lang", None)
            self.drop_params("lang")
            i18n.set_lang(new["lang"])
            i18n.apply(document)
            view.forget_trick()
            self.ui["panel_lang"] = None
            self.ui["hand_html"] = None
        self.apply_display()
        if rules_changed:
            await self.new_game()
            self.after_state()
            return
        if new["bots"] != old["bots"] or new["undo"] != old["undo"]:
            await self.rebuild_table()
        self.render()
        self.set_message(t("settings_saved"))

    async def rebuild_table(self):
        """New computer levels or undo setting for the game in progress: reload its save with them."""
        try:
            save = store.read_json(store.SAVE_KEY) if store.available() else None
        except ValueError:
            save = None
        if not isinstance(save, dict):
            return
        save["bots"] = self.settings["bots"]
        save["undo"] = self.settings["undo"]
        try:
            self.take(await self.call("load", {"save": save}))
        except EngineError as error:
            self.notice(t("error", error=str(error)))

    # ------------------------------------------------------------- events

    def listen(self):
        document.addEventListener("click", create_proxy(self.on_click))
        document.addEventListener("keydown", create_proxy(self.on_key))
        document.addEventListener("focusin", create_proxy(self.on_focus))
        by_id("import-file").addEventListener("change", create_proxy(lambda e: spawn(self.import_file(e))))
        by_id("settings-form").addEventListener("change", create_proxy(lambda e: spawn(self.settings_changed(e))))
        by_id("dlg-confirm").addEventListener("cancel", create_proxy(lambda e: self.confirm_done(False)))

    def on_click(self, event):
        target = event.target
        if target is None or not hasattr(target, "closest"):
            return
        el = target.closest("[data-card],[data-bid],[data-action]")
        if el is None:
            if target.closest("#menu") is None:
                self.toggle_menu(False)
            return
        card = el.getAttribute("data-card")
        if card and el.closest("#hand") is not None:
            self.card_clicked(str(card), event.detail == 0)
            return
        bid = el.getAttribute("data-bid")
        if bid:
            if not el.disabled:
                self.bid(str(bid))
            return
        action = el.getAttribute("data-action")
        if action and not el.disabled:
            spawn(self.do_action(str(action), el))

    def on_focus(self, event):
        el = event.target
        if el is None or not hasattr(el, "getAttribute") or el.getAttribute("data-card") is None:
            return
        cards = document.querySelectorAll("#hand [data-card]")
        for i in range(cards.length):
            if cards.item(i) == el:
                self.ui["focus"] = i
            cards.item(i).setAttribute("tabindex", "0" if cards.item(i) == el else "-1")

    def on_key(self, event):
        if event.defaultPrevented or event.altKey or event.metaKey:
            return
        key = str(event.key)
        target = event.target
        tag = str(target.tagName) if target is not None and hasattr(target, "tagName") else ""
        if document.querySelector("dialog[open]") is not None:
            return
        if key == "Escape":
            self.toggle_menu(False)
            by_id("notice").hidden = True
            return
        if tag in ("INPUT", "SELECT", "TEXTAREA") or event.ctrlKey:
            return
        if target is not None and hasattr(target, "closest") and target.closest("#menu") is not None:
            if key in ("ArrowDown", "ArrowUp"):
                self.menu_move(target, 1 if key == "ArrowDown" else -1)
                event.preventDefault()
            return
        state = self.state
        if state is None:
            return
        if self.my_turn("bidding") and not by_id("bid-panel").hidden:
            if self.bid_key(key):
                event.preventDefault()
                return
        in_hand = target is not None and hasattr(target, "closest") and target.closest("#hand") is not None
        if key in ("ArrowLeft", "ArrowRight", "Home", "End") and (in_hand or tag == "BODY"):
            count = len(state["hand"])
            if count and not self.ui["hidden"]:
                index = self.ui["focus"]
                if not in_hand:
                    index = index
                elif key == "ArrowLeft":
                    index = (index - 1) % count
                elif key == "ArrowRight":
                    index = (index + 1) % count
                elif key == "Home":
                    index = 0
                else:
                    index = count - 1
                self.focus_card(index)
                event.preventDefault()
            return
        lower = key.lower()
        if lower == "h":
            spawn(self.do_action("hint", None))
        elif lower == "u":
            spawn(self.do_action("undo", None))
        elif lower == "s":
            spawn(self.do_action("scores", None))
        elif lower == "l":
            spawn(self.do_action("last-trick", None))
        elif key == "?":
            spawn(self.do_action("help", None))

    def menu_move(self, target, step):
        items = document.querySelectorAll("#menu button")
        for i in range(items.length):
            if items.item(i) == target:
                items.item((i + step) % items.length).focus()
                return

    def bid_key(self, key):
        """Bidding shortcuts: a digit (1 then 0–3 quickly for 10–13), N nil, B blind nil, V view cards,
        ←/→ or +/− to move; the chosen bid button takes the focus and Enter bids it."""
        panel = by_id("bid-panel")
        lower = key.lower()
        if self.ui["hidden"]:
            if lower == "b":
                self.bid("blind_nil")
                return True
            if lower == "v":
                spawn(self.do_action("show-cards", None))
                return True
            return False
        value = None
        if key.isdigit() and len(key) == 1:
            digit = int(key)
            pending = self.bid_digit
            if pending is not None and pending[0] == 1 and now() - pending[1] < 1200 and digit <= 3:
                value = 10 + digit
                self.bid_digit = None
            else:
                value = digit if digit else "nil"
                self.bid_digit = (digit, now())
        elif lower == "n":
            value = "nil"
        elif key in ("+", "=", "-", "ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown"):
            buttons = panel.querySelectorAll("[data-bid]:not([disabled])")
            if not buttons.length:
                return False
            current = -1
            for i in range(buttons.length):
                if buttons.item(i) == document.activeElement:
                    current = i
            step = 1 if key in ("+", "=", "ArrowRight", "ArrowUp") else -1
            index = 0 if current < 0 else max(0, min(buttons.length - 1, current + step))
            buttons.item(index).focus()
            return True
        if value is None:
            return False
        button = panel.querySelector('[data-bid="' + str(value) + '"]')
        if button is not None:
            button.focus()
        return True


app = App()
js.window.spades.app = create_proxy(lambda: app)


async def main():
    try:
        await app.start()
    except Exception as error:
        app.fail(error)
        raise


spawn(main())
