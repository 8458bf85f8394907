"""Lessons on the page (docs/tutorial.md): the list (menu → Lessons), the lesson panel, progress in localStorage.

A lesson runs in the worker (ops ``lesson_*``, spades/tutorial.py) beside the saved game, which stays untouched:
the lesson is the page's session (``Lesson``, a session.py ``LessonSession``): its state is drawn with the normal
table view (``take`` without a save writes nothing), the person's intents go to ``lesson_act`` instead of ``act``,
and the scripted moves of the other seats are paced by the page's one Driver (``lesson_step``). The panel under
your seat's plate says what to do and, after each move, why it was right or wrong (a wrong move is not played).

Progress is ``spades-lessons`` in localStorage: ``{"current": id or null, "lessons": {id: {"answers": [moves],
"done": bool}}}``. Leaving the page during a lesson and coming back resumes it at its move (the worker replays
the answers); *Leave lesson* goes back to the game. ``?lesson=ID`` starts (or resumes) a lesson directly.

The page starts lessons through one ``Lessons`` (the controller's ``lessons``): ``await start(lesson_id)``
starts or resumes a lesson and returns whether it started (embed.py uses it, with ``ids()``); its ``on_end(id)``
is told when the person finishes one (embed.py tells the host page).

Body hooks: ``data-lesson`` (the id, absent outside lessons), ``data-lesson-step`` (the 1-based number of the
move asked now; the last one once done), ``data-lesson-done="true"`` once finished.
"""

import dialogs
import early
import i18n
import sound
import store
from dom import announce, by_id, drop_params
from i18n import error_text, t
from markup import h, join
from pyscript import document
from session import LessonSession
from tasks import spawn
from transport import EngineError, call

PROGRESS_KEY = "spades-lessons"
LESSON_TABLE = "main"  # the worker keeps lessons apart from its tables: this only names the slot


def load_progress():
    """The saved progress, repaired: anything unreadable counts as no progress."""
    try:
        data = store.read_json(PROGRESS_KEY)
    except ValueError:
        data = None
    out = {"current": None, "lessons": {}}
    if not isinstance(data, dict):
        return out
    lessons = data.get("lessons")
    if isinstance(lessons, dict):
        for key, entry in lessons.items():
            if isinstance(key, str) and isinstance(entry, dict):
                answers = entry.get("answers")
                answers = [a for a in answers if isinstance(a, str)] if isinstance(answers, list) else []
                out["lessons"][key] = {"answers": answers[:20], "done": entry.get("done") is True}
    if isinstance(data.get("current"), str):
        out["current"] = data["current"]
    return out


def save_progress(progress):
    store.write_json(PROGRESS_KEY, progress)


def _set_current(lesson_id):
    progress = load_progress()
    progress["current"] = lesson_id
    save_progress(progress)


# ------------------------------------------------------------------------- the panel


def _panel():
    """The lesson panel, made once, in place of the status line (under your seat's plate)."""
    panel = by_id("lesson-panel")
    if panel is None:
        panel = document.createElement("section")
        panel.id = "lesson-panel"
        panel.className = "lesson-panel"
        panel.setAttribute("aria-labelledby", "lesson-title")
        panel.hidden = True
        status = by_id("status")
        status.parentNode.insertBefore(panel, status.nextSibling)
    return panel


def _hooks(lesson_id=None, step=None, done=False):
    body = document.body
    if lesson_id is None:
        for name in ("data-lesson", "data-lesson-step", "data-lesson-done"):
            body.removeAttribute(name)
        return
    body.setAttribute("data-lesson", lesson_id)
    body.setAttribute("data-lesson-step", str(step))
    if done:
        body.setAttribute("data-lesson-done", "true")
    else:
        body.removeAttribute("data-lesson-done")


class Lesson(LessonSession):
    """The lesson on the page (session.py's ``LessonSession``): its panel, its progress, the feedback on show.

    ``table`` is what the session talks through (the controller's App, session.py); ``on_end(id)`` is told when
    the person finishes the lesson (embed.py tells the host page)."""

    def __init__(self, table, lesson_id, on_end=None):
        LessonSession.__init__(self, table, lesson_id)
        self.on_end = on_end
        self.feedback = None  # ("right" | "wrong" | "note", text)
        self.ended = False
        self.order = []  # the ids of every lesson, in order (for "Next lesson")
        self.lang = i18n.lang()  # the language of the worker's words on show
        self.relabelling = False

    # --------------------------------------------------------------- drawing

    def take(self, result):
        """Adopt a ``lesson_*`` answer: draw its state, keep the progress, redraw the panel."""
        report = result["lesson"]
        self.report = report
        self.lang = result.get("lang") or self.lang
        progress = load_progress()
        entry = progress["lessons"].get(self.id) or {"answers": [], "done": False}
        entry["answers"] = list(report["answers"])
        if report["done"]:
            entry["done"] = True
        progress["lessons"][self.id] = entry
        progress["current"] = self.id
        save_progress(progress)
        self.table.take({"state": result["state"]})
        self.render()
        if report["done"] and not self.ended:
            self.ended = True
            sound.play("trick")
            announce(report["text"])
            if self.on_end is not None:
                self.on_end(self.id)

    def render(self):
        report = self.report
        if report is None:
            return
        panel = _panel()
        done = report["done"]
        step = t("tut_finished") if done else t("tut_step", n=report["asked"], total=report["asks"])
        verdict, text = self.feedback if self.feedback is not None else ("", "")
        buttons = [
            h("button", t("tut_leave"), type="button", data_action="lesson-leave"),
            h("button", t("tut_list"), type="button", data_action="lessons"),
        ]
        if done:
            again = h("button", t("tut_again"), type="button", data_action="lesson-again", data_lesson_id=self.id)
            buttons.append(again)
            following = self.next_id()
            if following is not None:
                buttons.append(
                    h(
                        "button",
                        t("tut_next"),
                        type="button",
                        cls="primary",
                        data_action="lesson-start",
                        data_lesson_id=following,
                    )
                )
        head = h(
            "p",
            h("span", step, cls="lesson-step"),
            " ",
            h("strong", report["title"], id="lesson-title"),
            cls="lesson-head",
        )
        panel.innerHTML = str(
            join(
                [
                    h("div", head, h("div", buttons, cls="lesson-buttons"), cls="lesson-top"),
                    h("p", text, cls="lesson-feedback", id="lesson-feedback", role="status", data_verdict=verdict),
                    h(
                        "p",
                        report["text"] if report["text"] else t("tut_watch"),
                        cls="lesson-text",
                        id="lesson-text",
                        aria_live="polite",
                    ),
                ]
            )
        )
        panel.hidden = False
        _hooks(self.id, report["asked"], done)

    def next_id(self):
        if self.id in self.order:
            index = self.order.index(self.id)
            if index + 1 < len(self.order):
                return self.order[index + 1]
        return None

    def say(self, verdict, text):
        self.feedback = (verdict, text)
        self.render()

    # --------------------------------------------------------------- moves

    async def act(self, intent, new_course=False):
        """The person's move: right → played and explained; wrong → explained only (not played)."""
        table = self.table
        if table.acting or self.report is None:
            return None
        if self.report["done"]:
            self.say("note", self.report["text"])
            return None
        table.waiting()
        gen = table.gen
        try:
            result = await table.call("lesson_act", {"intent": intent, "lang": i18n.lang()})
        except table.Refused as error:
            table.acting = False
            sound.play("error")
            self.say("wrong", error_text(error))
            table.render()
            return None
        finally:
            table.acting = False
        if table.gen != gen or not self.current():
            return None
        feedback = result["feedback"]
        table.calm(True)
        if feedback["verdict"] != "right":
            sound.play("error")
            text = feedback["text"]
            if feedback.get("reason"):
                text += " " + t("tut_rule", reason=i18n.reason_text(feedback["reason"]))
            self.say("wrong", text)
            table.render()
            announce(text)
            return None
        self.feedback = ("right", feedback["text"])
        self.take(result)
        announce(feedback["text"])
        await table.show_events(result.get("events") or [], gen)
        if table.gen == gen:
            self.settle()
            table.after_state()
        return result

    def rendered(self):
        self.follow_language()

    async def leave(self):
        """*Leave lesson*: back to the saved game (the worker's table ``main`` was never touched)."""
        table = self.table
        self.close()
        try:
            await table.call("lesson_close", {})
        except table.Refused:
            pass
        try:
            table.begin(await table.call("state", {}))
        except table.Refused:
            await table.new_game()
        table.after_state()

    def follow_language(self):
        """After a change of language, fetch the lesson's words again (the same moves, replayed)."""
        if self.lang == i18n.lang() or self.relabelling or self.table.acting or self.report is None:
            return
        if self.report["pending"] == "move":
            return  # the next answer brings the new words
        self.relabelling = True
        spawn(self.relabel())

    async def relabel(self):
        lang = i18n.lang()
        try:
            args = {"id": self.id, "lang": lang, "answers": self.report["answers"]}
            result = await self.table.call("lesson_start", args)
        except self.table.Refused:
            result = None
        self.relabelling = False
        if result is None or not self.current():
            return
        result["lang"] = lang
        self.lang = lang
        self.feedback = None
        self.take(result)
        self.settle()

    def settle(self):
        """Once the lesson is over, the table stays as it is and takes no move (``data-await`` empty)."""
        if self.report is not None and self.report["done"]:
            self.table.ui.busy = True
            self.table.render()

    def close(self):
        """Stop showing this lesson (leaving it, or another course began): the saved game comes back."""
        panel = by_id("lesson-panel")
        if panel is not None:
            panel.hidden = True
            panel.innerHTML = ""
        _hooks()
        if not self.closed:
            LessonSession.close(self)
            _set_current(None)


# ------------------------------------------------------------------------- starting, leaving, the list


async def lesson_order():
    try:
        result = await call("lesson_list", {"lang": i18n.lang()})
    except EngineError:
        return []
    return result["lessons"]


class Lessons:
    """Starting, resuming and listing the lessons of one page. It is given what it uses: ``table``, the table
    the sessions talk through (the controller's App, session.py: a lesson begins with ``table.enter(lesson)``,
    a lesson that cannot start is told with ``table.notice(text)``, then ``table.after_state()``), ``params``
    (the address's: ``?lesson=``) and ``on_end(id)`` (the person finished lesson ``id``)."""

    def __init__(self, table, params, on_end=None):
        self.table = table
        self.params = params
        self.on_end = on_end

    async def ids(self):
        """Every lesson's id, in order."""
        return [item["id"] for item in await lesson_order()]

    async def start(self, lesson_id, restart=False, resumed=False):
        """Start lesson ``lesson_id`` on the page, or resume it at the saved move (``restart``: from its start; a
        finished lesson starts again). Returns ``True`` when it started; otherwise a notice says why (an unknown
        id, a damaged lesson file) and the game goes on. The lessons window closes on a lesson the person chose;
        one resumed at start-up (``resumed``: :meth:`resume`) leaves it open, since the person opened it while the
        page loaded and has not chosen yet."""
        if not isinstance(lesson_id, str):
            return False
        table = self.table
        progress = load_progress()
        entry = progress["lessons"].get(lesson_id) or {}
        answers = [] if restart or entry.get("done") else list(entry.get("answers") or [])
        args = {"id": lesson_id, "lang": i18n.lang(), "answers": answers}
        try:
            result = await call("lesson_start", args)
        except EngineError as error:
            if not answers:
                table.notice(t("tut_failed", error=error_text(error)))
                return False
            args["answers"] = []  # the saved answers no longer fit the lesson: from its start
            try:
                result = await call("lesson_start", args)
            except EngineError as error2:
                table.notice(t("tut_failed", error=error_text(error2)))
                return False
        result["lang"] = args["lang"]
        dialogs.close_dialogs()
        lessons_dialog = by_id("dlg-lessons")
        if not resumed and lessons_dialog is not None and lessons_dialog.open:
            lessons_dialog.close()
        lesson = Lesson(table, lesson_id, self.on_end)
        table.enter(lesson)  # the game's bidding window and hand are not the lesson's
        lesson.order = await self.ids()
        if restart or entry.get("done"):
            progress = load_progress()
            progress["lessons"][lesson_id] = {"answers": [], "done": False}
            save_progress(progress)
        lesson.take(result)
        lesson.settle()
        table.after_state()
        return True

    async def resume(self):
        """At start-up: ``?lesson=ID`` starts that lesson; else a lesson left in progress resumes."""
        wanted = self.params.get("lesson")
        if wanted:
            drop_params("lesson")
            await self.start(wanted, resumed=True)
            return
        progress = load_progress()
        current = progress["current"]
        if current:
            if (progress["lessons"].get(current) or {}).get("done") or not await self.start(current, resumed=True):
                _set_current(None)  # a finished lesson is not shown again at start-up: the game is

    async def start_named(self, element):
        """The list's or the panel's button of a lesson (``data-lesson-id``): start or continue it."""
        await self.start(element.getAttribute("data-lesson-id"))

    async def again(self, element):
        """*Start again* of a lesson (``data-lesson-id``): from its start."""
        await self.start(element.getAttribute("data-lesson-id"), restart=True)

    async def open_list(self):
        """Menu → Lessons (:func:`open_list`)."""
        await open_list()


async def open_list():
    """Menu → Lessons: every lesson with its progress; start, continue or start again. While the engine loads
    (early.py) the window opens at once with the list the build asked the engine for, its buttons disabled and a
    line saying that lessons start once the engine is ready (without that list: a line saying the lessons come
    with the engine), and works once the engine is ready (unless it was closed meanwhile)."""
    if not early.is_ready():
        listed = ((await early.data()).get("lessons") or {}).get(i18n.lang())
        if listed:
            _open_window(list_html(listed, waiting=True))
        else:
            close = h("button", t("close"), type="button", data_action="close-dialog", autofocus=True)
            waiting = h("p", t("tut_loading"), cls="help-status", role="status", data_lessons="loading")
            title = h("h2", t("tut_title"), id="dlg-lessons-title")
            _open_window(join([title, waiting, h("div", close, cls="dlg-buttons")]))
        await early.wait_ready()
        lessons = await lesson_order()
        if by_id("dlg-lessons").open:  # (closed meanwhile, even while the engine answered: it stays closed)
            _open_window(list_html(lessons))
        return
    _open_window(list_html(await lesson_order()))


def list_html(lessons, waiting=False):
    """The lessons window: each lesson with its progress and buttons (``waiting``: disabled, the engine loads)."""
    progress = load_progress()["lessons"]
    rows = []
    focus = None  # the first lesson not done gets the focus
    for item in lessons:
        entry = progress.get(item["id"]) or {}
        answered = len(entry.get("answers") or [])
        if entry.get("done"):
            state, mark = "done", "✓ " + t("tut_done_mark")
        elif answered:
            state, mark = "started", t("tut_progress", done=answered, asks=item["asks"])
        else:
            state, mark = "new", t("tut_not_started")
        main = t("tut_continue") if state == "started" else t("tut_start")
        first = focus is None and state != "done"
        if first:
            focus = item["id"]
        buttons = []
        if state != "done":  # a finished lesson starts again from its start: one button
            buttons.append(
                h(
                    "button",
                    main,
                    h("span", ": " + item["title"], cls="visually-hidden"),
                    type="button",
                    cls="primary",
                    data_action="lesson-start",
                    data_lesson_id=item["id"],
                    autofocus=first and not waiting,
                    disabled=waiting,
                )
            )
        if state != "new":
            buttons.append(
                h(
                    "button",
                    t("tut_restart"),
                    type="button",
                    data_action="lesson-again",
                    data_lesson_id=item["id"],
                    aria_label=t("tut_restart_named", title=item["title"]),
                    disabled=waiting,
                )
            )
        rows.append(
            h(
                "li",
                h("span", str(item["order"]) + ". " + item["title"], cls="lesson-name"),
                h("span", mark, cls="lesson-mark"),
                h("span", buttons, cls="lesson-actions"),
                cls="lesson-item",
                data_lesson_item=item["id"],
                data_lesson_state=state,
            )
        )
    close = h("button", t("close"), type="button", data_action="close-dialog", autofocus=focus is None or waiting)
    note = h("p", t("tut_waiting"), cls="help-status", role="status", data_lessons="waiting") if waiting else None
    return join(
        [
            h("h2", t("tut_title"), id="dlg-lessons-title"),
            h("p", t("tut_intro")),
            note,
            h("ol", rows, cls="lesson-list"),
            h("div", close, cls="dlg-buttons"),
        ]
    )


def _open_window(html):
    """The lessons window (``#dlg-lessons``, made the first time), open with ``html``."""
    dialog = by_id("dlg-lessons")
    if dialog is None:
        dialog = document.createElement("dialog")
        dialog.id = "dlg-lessons"
        dialog.setAttribute("aria-labelledby", "dlg-lessons-title")
        dialog.innerHTML = str(h("div", cls="dlg-body"))
        document.body.appendChild(dialog)
    dialogs.open_dialog("dlg-lessons", str(html))
