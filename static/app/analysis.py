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
from dom import by_id
from i18n import bid_text, card_short, error_text, lang, t
from tasks import now, sleep_ms, spawn
from transport import EngineError, call
from view import esc

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
        if getattr(app, "online", None) is not None:
            app.set_message(t("rev_online"))
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
        frame.querySelector(".past-bids").insertAdjacentHTML("afterend", self.panel_html())
        by_id("past-step").insertAdjacentHTML("afterend", '<div class="rev-step" id="rev-step"></div>')
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

    # --------------------------------------------------------------- HTML

    def panel_html(self):
        return (
            '<section class="rev" id="rev-panel" aria-labelledby="rev-heading" data-review-job="'
            + esc(self.job or "")
            + '"><h3 id="rev-heading">'
            + esc(t("rev_heading"))
            + '</h3><p class="rev-total" id="rev-total" role="status" aria-live="polite"></p>'
            '<ol class="rev-list" id="rev-list"></ol></section>'
        )

    def line(self, v):
        """One verdict in words (the catalog's ``rev_*``)."""
        points = v["cost"]
        if v["kind"] == "bid":
            values = {"bid": bid_text(v["move"]), "best": bid_text(v["best"]), "points": points}
            if v["mistake"]:
                return t("rev_bid_mistake", **values)
            if v["move"] == "blind_nil":
                return t("rev_bid_blind", **values)
            if v["move"] == v["best"]:
                return t("rev_bid_ok", **values)
            return t("rev_bid_other", **values)
        values = {"n": v["trick"], "card": card_short(v["move"]), "best": card_short(v["best"]), "points": points}
        if v["mistake"]:
            return t("rev_card_mistake", **values)
        if v["move"] == v["best"] or points < 1:
            return t("rev_card_ok", **values)
        return t("rev_card_close", **values)

    def how(self, v):
        if v["method"] == "exact":
            return t("rev_exact")
        if v["method"] == "sampled" and v["samples"]:
            return t("rev_sampled", n=v["samples"])
        return ""

    def detail_html(self, v):
        notes = [text for text in (v.get("why"), self.how(v)) if text]
        return "" if not notes else '<span class="rev-why">' + esc(" · ".join(notes)) + "</span>"

    def draw_total(self):
        total = by_id("rev-total")
        if total is None:
            return
        summary = self.summary
        if self.failed is not None:
            text = t("rev_failed", error=self.failed)
        elif summary is None or not summary.get("finished"):
            text = t("rev_progress", done=self.progress[0], total=self.progress[1])
        elif summary["mistakes"] == 0:
            text = t("rev_no_mistakes", n=summary["decisions"])
        elif summary["mistakes"] == 1:
            text = t("rev_mistakes_one", points=summary["cost"])
        else:
            text = t("rev_mistakes", n=summary["mistakes"], points=summary["cost"])
        total.textContent = text
        self.drawn = now()
        total.setAttribute("data-mistakes", str(summary["mistakes"]) if summary else "")

    def draw_list(self):
        items = []
        for v in self.verdicts:
            if not v["mistake"]:
                continue
            step = v["trick"]
            label = t("rev_goto_label", n=step) if step else t("rev_goto_bids")
            items.append(
                '<li data-mistake data-cost="'
                + str(v["cost"])
                + '" data-trick="'
                + str(step)
                + '"><span>'
                + esc(self.line(v))
                + '</span> <button type="button" class="rev-goto" data-action="rev-goto" data-step="'
                + str(step)
                + '" aria-label="'
                + esc(label)
                + '">'
                + esc(t("rev_goto"))
                + "</button></li>"
            )
        by_id("rev-list").innerHTML = "".join(items)

    def draw_step(self, step):
        box = by_id("rev-step")
        if box is None:
            return
        found = [v for v in self.verdicts if v["trick"] == step]
        if found:
            v = found[0]
            box.innerHTML = (
                '<p class="rev-verdict'
                + (" bad" if v["mistake"] else " good")
                + '" data-rev-verdict="'
                + ("mistake" if v["mistake"] else "ok")
                + '">'
                + esc(self.line(v))
                + " "
                + self.detail_html(v)
                + "</p>"
            )
        elif self.summary is not None and self.summary.get("finished"):
            box.innerHTML = '<p class="rev-verdict note">' + esc(t("rev_step_none")) + "</p>"
        else:
            box.innerHTML = '<p class="rev-verdict note">' + esc(t("rev_pending")) + "</p>"


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


ACTIONS = {"review": _open, "rev-goto": _goto}
"""The controller's actions for reviews (closing the window or going back to the sheet ends the job)."""
