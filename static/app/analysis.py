"""Review my play: a finished hand with all four hands, trick by trick, and the person's decisions judged.

``[data-action="review"][data-hand="n"]`` (on each hand of the score sheet, so also in the end-of-hand window)
asks the worker for the hand and a review job (op ``review_start``), shows the hand as ``review.py`` does
(``[data-past-hand]``, ←/→) with a panel under it, and works the job one decision step at a time
(``review_next``) in the background: the page stays responsive, and closing the window (or opening anything
else in it) stops the job (``review_cancel``).  The panel says how far it is, then the total ("2 mistakes,
about −35 points" / "No mistakes found"); each mistake is ``li[data-mistake][data-cost="N"][data-trick]`` with a
button to its trick; the step on show says what the person did there (``#rev-step``).
"""

import dialogs
import review
import sheet
from analysis_view import mistakes_html, panel_html, step_box_html, step_html, total_text
from dom import by_id
from i18n import error_text, lang, t
from tasks import now, sleep_ms, spawn
from transport import EngineError, call

PROGRESS_MS = 250
"""The progress line is redrawn at most this often (each redraw lays the window out again)."""


class Analysis:
    def __init__(self):
        self.job = None  # the worker's job id while a review is on show
        self.me = None
        self.verdicts = []  # the worker's verdicts so far (spades/analysis.py Verdict.to_json)
        self.summary = None
        self.progress = (0, 0)
        self.failed = None
        self.drawn = 0  # when the progress line was last drawn (ms)

    async def open(self, app, number):
        allowed, why = app.session.allowed("review")
        if not allowed:  # an online table: the host's worker has the hands, not this page's
            app.set_message(t(why))
            return
        await self.cancel()
        state = app.state or {}
        me = state.get("me") or "S"
        try:
            start = await call("review_start", {"hand": number, "seat": me})
        except EngineError as error:
            app.set_message(t("rev_failed", error=error_text(error)))
            return
        self.job = start["job"]
        self.me = start["seat"]
        self.verdicts = []
        self.summary = None
        self.failed = None
        self.progress = (0, start["steps"])
        # the frame first, the hands a moment later: two short tasks rather than one long one
        past = review.REVIEW
        past.hand = start["hand"]
        past.step = 0
        past.on_draw = self.draw_step
        dialogs.open_dialog("dlg-scores", sheet.past_html(past.hand))
        frame = by_id("dlg-scores").querySelector("[data-past-hand]")
        frame.setAttribute("data-review", "running")
        frame.querySelector("h2").textContent = t("rev_title", n=number)
        frame.querySelector(".past-bids").insertAdjacentHTML("afterend", panel_html(self.job))
        by_id("past-step").insertAdjacentHTML("afterend", step_box_html())
        self.draw_total()
        await sleep_ms(1)
        if self.live(start["job"]):
            past.draw()
            spawn(self.run(start["job"]))

    def live(self, job):
        panel = by_id("rev-panel")
        return (
            self.job == job
            and panel is not None
            and panel.getAttribute("data-review-job") == job
            and by_id("dlg-scores").open
        )

    async def run(self, job):
        while self.live(job):
            try:
                out = await call("review_next", {"job": job, "lang": lang()})
            except EngineError as error:
                if self.job == job:
                    self.failed = error_text(error)
                    self.draw_total()
                return
            if not self.live(job):
                break
            verdict = out.get("verdict")
            if verdict is not None:
                self.verdicts.append(verdict)
            self.summary = out["summary"]
            self.progress = (out["done"], out["steps"])
            finished = self.summary.get("finished")
            if finished or verdict is not None or now() - self.drawn > PROGRESS_MS:
                self.draw_total()  # the progress line a few times a second; the rest only when it changes
            if verdict is not None and verdict["mistake"]:
                self.draw_list()
            if finished or (verdict is not None and verdict["trick"] == review.REVIEW.step):
                self.draw_step(review.REVIEW.step)
            if finished:
                frame = by_id("rev-panel").closest("[data-past-hand]")
                frame.setAttribute("data-review", "done")
                break
        await self.forget(job)

    async def forget(self, job):
        try:
            await call("review_cancel", {"job": job})
        except EngineError:
            pass

    async def cancel(self):
        job = self.job
        self.job = None
        if review.REVIEW.on_draw == self.draw_step:
            review.REVIEW.on_draw = None
        if job is not None:
            await self.forget(job)

    # --------------------------------------------------------------- drawing (analysis_view.py)

    def draw_total(self):
        total = by_id("rev-total")
        if total is None:
            return
        summary = self.summary
        total.textContent = total_text(summary, self.progress, self.failed)
        self.drawn = now()
        total.setAttribute("data-mistakes", str(summary["mistakes"]) if summary else "")

    def draw_list(self):
        by_id("rev-list").innerHTML = mistakes_html(self.verdicts)

    def draw_step(self, step):
        box = by_id("rev-step")
        if box is None:
            return
        finished = self.summary is not None and bool(self.summary.get("finished"))
        box.innerHTML = step_html(self.verdicts, step, finished)


ANALYSIS = Analysis()


async def _open(app, element):
    number = element.getAttribute("data-hand") if element is not None else None
    if number:
        await ANALYSIS.open(app, int(str(number)))


async def _goto(app, element):
    step = element.getAttribute("data-step") if element is not None else None
    if step is not None:
        review.REVIEW.go(int(str(step)))
        button = by_id("dlg-scores").querySelector('[data-action="past-next"]')
        if button is not None:
            button.focus()
        verdict = by_id("rev-step")
        if verdict is not None:  # *Show* brings the verdict into view (above the dialog's sticky buttons)
            verdict.scrollIntoView(False)


ACTIONS = {"review": _open, "rev-goto": _goto}
"""The controller's actions for reviews (closing the window or going back to the sheet ends the job)."""
