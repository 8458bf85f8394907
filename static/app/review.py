"""A past hand, trick by trick: opened from the score sheet (``[data-action="past-hand"][data-hand]``).

The hand comes from the worker (op ``hand``: a finished hand only, never the one in progress); at an online
table from the host (room message ``{"t": "hand", "number": n}``, answered with ``{"t": "hand", "hand": ...}``).
It is shown in ``#dlg-scores``: step 0 is the four hands as dealt, steps 1–13 the tricks. Previous/Next buttons,
←/→ (Home/End: the deal, the last trick) step through it; the frame stays, only ``#past-step`` is redrawn, so
the focus stays on the button pressed.
"""

import dialogs
import sheet
from dom import by_id
from i18n import error_text, t
from transport import EngineError, call

KEYS = ("ArrowLeft", "ArrowRight", "Home", "End")


class Review:
    def __init__(self):
        self.hand = None  # the op's answer (spades/scoresheet.py finished_hand)
        self.step = 0
        self.on_draw = None  # called with the step after each draw (analysis.py: the review of the person's play)

    async def open(self, app, number):
        if app.session.request_hand(number):  # an online table: the host answers with a "hand" message (received)
            return
        try:
            hand = await call("hand", {"number": number})
        except EngineError as error:
            app.set_message(t("past_failed", error=error_text(error)))
            return
        self.show(hand)

    def received(self, hand):
        if isinstance(hand, dict) and hand.get("tricks"):
            self.show(hand)

    def show(self, hand):
        sheet.HANDS.keep(hand.get("number"), hand.get("result"), hand.get("sheet"))  # a finished hand never changes
        self.hand = hand
        self.step = 0
        dialogs.open_dialog("dlg-scores", sheet.past_html(hand))
        self.draw()

    def is_open(self):
        dialog = by_id("dlg-scores")
        return self.hand is not None and dialog.open and dialog.querySelector("[data-past-hand]") is not None

    def go(self, step):
        if self.hand is None:
            return
        last = len(self.hand["tricks"])
        step = max(0, min(last, step))
        if step != self.step:
            self.step = step
            self.draw()

    def draw(self):
        region = by_id("past-step")
        if region is None or self.hand is None:
            return
        region.innerHTML = sheet.past_step_html(self.hand, self.step)
        box = region.closest("[data-past-hand]")
        box.setAttribute("data-past-step", str(self.step))
        last = len(self.hand["tricks"])
        for action, off in (("past-prev", self.step == 0), ("past-next", self.step == last)):
            button = box.querySelector('[data-action="' + action + '"]')
            if off:
                button.setAttribute("aria-disabled", "true")
            else:
                button.removeAttribute("aria-disabled")
        if self.on_draw is not None:
            self.on_draw(self.step)

    def key(self, key):
        """←/→, Home/End while a past hand is shown; ``True`` when the key was used."""
        if not self.is_open() or key not in KEYS:
            return False
        if key == "ArrowLeft":
            self.go(self.step - 1)
        elif key == "ArrowRight":
            self.go(self.step + 1)
        elif key == "Home":
            self.go(0)
        else:
            self.go(len(self.hand["tricks"]))
        return True


REVIEW = Review()


async def _open(app, element):
    number = element.getAttribute("data-hand") if element is not None else None
    if number:
        await REVIEW.open(app, int(str(number)))


async def _prev(app, element):
    REVIEW.go(REVIEW.step - 1)


async def _next(app, element):
    REVIEW.go(REVIEW.step + 1)


ACTIONS = {"past-hand": _open, "past-prev": _prev, "past-next": _next}
"""The controller's actions for past hands (``scores`` goes back to the score sheet)."""
