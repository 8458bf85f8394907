"""The welcome on a first visit (docs/page.md "The first visit"): one small card over the table.

"New to Spades? A two-minute lesson · Just play": the lesson choice starts the first lesson (tutorial.py) as soon
as the game is on show (the card says so while the engine loads); *Just play*, Escape or closing the card goes to
the game. The card is a modal dialog (``#dlg-welcome``), so the keyboard stays in it: Tab between the two buttons,
Enter or Space to choose, Escape for *Just play*.

A first visit (:func:`first_visit`): the address has no parameters but ``lang`` and ``source`` (an address that
asks for something — a shared or daily deal, a lesson, an embed, a seed, chosen settings — goes straight to it, and
so do the tests), no invitation (``#t=``), and this browser keeps none of: a game (``spades-save``: the first game
is saved as it starts, so the card is offered on one visit at most), a profile (``spades-profile``), lesson
progress (``spades-lessons``) or an answer to the card (``spades-welcome``: ``"lesson"`` or ``"play"``). Where
storage is blocked nothing could be remembered, so the card is never offered.
"""

import store
from dom import by_id
from early import wait_ready
from i18n import t
from markup import h, join
from pyscript import document
from pyscript.ffi import create_proxy
from tasks import spawn
from tutorial import PROGRESS_KEY

KEY = "spades-welcome"
QUIET = ("lang", "source")
"""Address parameters that leave a visit a first visit (``source``: the installed app's start URL)."""
KEPT = (store.SAVE_KEY, store.PROFILE_KEY, PROGRESS_KEY, KEY)
"""What this browser keeps once the person has played, learnt or answered: any of them ends first visits."""


def first_visit(params, hash_text, kept):
    """Whether to offer the welcome: ``params`` (the address's, a dict), ``hash_text`` (``location.hash``),
    ``kept(key)`` (the stored text of ``key`` or ``None``; ``None`` for every key where storage is blocked is
    told apart by the caller)."""
    if any(name not in QUIET for name in params):
        return False
    if hash_text.startswith("#t="):
        return False
    return not any(kept(key) is not None for key in KEPT)


def card():
    """The card's markup."""
    lesson = h("button", t("welcome_lesson"), type="button", cls="primary", data_welcome="lesson", autofocus=True)
    play = h("button", t("welcome_play"), type="button", data_welcome="play")
    return join(
        [
            h("h2", t("welcome_title"), id="welcome-title"),
            h("p", t("welcome_text"), id="welcome-text"),
            h("p", t("welcome_waiting"), cls="welcome-waiting", role="status", hidden=True),
            h("div", [lesson, play], cls="dlg-buttons welcome-buttons"),
        ]
    )


class Welcome:
    """The card of one page: ``lessons`` is the controller's tutorial.py ``Lessons`` (``ids``, ``start``)."""

    def __init__(self, lessons):
        self.lessons = lessons
        self.choice = None  # the answer: "lesson" or "play"
        self.started = False  # the lesson is starting: the card closes for it

    def offer(self, params, hash_text):
        """Show the card on a first visit (:func:`first_visit`); return whether it was shown."""
        if not store.available() or not first_visit(params, hash_text, store.read_text):
            return False
        dialog = document.createElement("dialog")
        dialog.id = "dlg-welcome"
        dialog.className = "welcome"
        dialog.setAttribute("aria-labelledby", "welcome-title")
        dialog.setAttribute("aria-describedby", "welcome-text")
        dialog.innerHTML = str(h("div", card(), cls="dlg-body"))
        document.body.appendChild(dialog)
        dialog.addEventListener("click", create_proxy(self.on_click))
        dialog.addEventListener("close", create_proxy(self.on_close))
        document.body.setAttribute("data-welcome", "open")
        dialog.showModal()
        dialog.querySelector("[autofocus]").focus()
        return True

    def on_click(self, event):
        target = event.target
        button = target.closest("[data-welcome]") if target is not None and hasattr(target, "closest") else None
        if button is None or button.disabled:
            return
        if str(button.getAttribute("data-welcome")) == "lesson":
            spawn(self.lesson())
        else:
            self.answer("play")
            by_id("dlg-welcome").close()

    def on_close(self, event):
        """Closed by Escape (also while the lesson waits for the engine): *Just play*."""
        if not self.started and self.choice != "play":
            self.answer("play")

    def answer(self, choice):
        self.choice = choice
        store.write_text(KEY, choice)
        document.body.setAttribute("data-welcome", choice)

    async def lesson(self):
        """The first lesson, once the game is on show (until then the card says it will start, and *Just play*
        still changes the answer)."""
        self.answer("lesson")
        dialog = by_id("dlg-welcome")
        dialog.querySelector('[data-welcome="lesson"]').disabled = True
        dialog.querySelector(".welcome-waiting").hidden = False
        dialog.querySelector('[data-welcome="play"]').focus()
        await wait_ready()
        if self.choice != "lesson":
            return
        self.started = True
        if dialog.open:
            dialog.close()
        ids = await self.lessons.ids()
        if ids:
            await self.lessons.start(ids[0])
