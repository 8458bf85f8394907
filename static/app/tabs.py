"""Two tabs of one game (one save per site): the newest tab owns the game, the others stop writing.

A tab claims the game when it starts and when the person presses "take over here": it writes
``spades-owner`` = ``{"tab", "at"}`` (a ``storage`` event in every other tab) and posts the same claim on
the ``spades-game`` BroadcastChannel. A tab that learns of a newer claim (by ``(at, tab)``) loses the game:
its loops stop, it writes nothing more, and a dialog says so and offers to take over (which loads the
save the owner wrote, so nothing played in the other tab is lost). Before every write a tab also checks
that ``spades-owner`` still names it, in case a message was missed (a frozen background tab). Each
save carries a ``generation`` (one more at every write) and the ``tab`` that wrote it.
"""

import json

import js
import store
from dom import by_id
from pyscript import document
from pyscript.ffi import create_proxy

CHANNEL = "spades-game"
PAGE_KEYS = ("generation", "tab", "scores")  # what the page adds to the worker's save (scores: boot.js paints them)


def plain_save(saved):
    """The worker's save without the page's fields."""
    save = dict(saved)
    for key in PAGE_KEYS:
        save.pop(key, None)
    return save


class Tabs:
    """This tab's claim on the game; ``on_lost()`` is called when another tab takes it."""

    def __init__(self, on_lost):
        self.on_lost = on_lost
        self.told_full = False  # the person was told the save no longer fits in localStorage
        self.id = str(js.Date.now()) + "-" + str(js.Math.random())[2:10]
        self.owner = True
        self.claimed_at = 0
        self.generation = 0  # of the save this tab last loaded or wrote
        self.channel = None
        self.active = False  # only where the save is shared (storage available)

    def listen(self):
        if not store.available():
            return
        self.active = True
        try:
            self.channel = js.BroadcastChannel.new(CHANNEL)
            self.channel.onmessage = create_proxy(self.on_message)
        except Exception:
            self.channel = None  # storage events alone still tell
        js.window.addEventListener("storage", create_proxy(self.on_storage))
        by_id("dlg-tab").addEventListener("cancel", create_proxy(lambda event: event.preventDefault()))

    def claim(self):
        """This tab owns the game from now on."""
        self.owner = True
        if not self.active:
            return
        self.claimed_at = int(js.Date.now())
        claim = {"type": "claim", "tab": self.id, "at": self.claimed_at}
        store.write_json(store.OWNER_KEY, claim)
        if self.channel is not None:
            try:
                self.channel.postMessage(json.dumps(claim))
            except Exception:
                pass
        document_owner(True)

    def newer(self, claim):
        """Whether ``claim`` (another tab's) is newer than this tab's own."""
        if not isinstance(claim, dict) or claim.get("tab") in (None, self.id):
            return False
        at = claim.get("at") if isinstance(claim.get("at"), int) else 0
        return (at, str(claim["tab"])) > (self.claimed_at, self.id)

    def on_message(self, event):
        try:
            claim = json.loads(str(event.data))
        except ValueError:
            return
        if claim.get("type") == "claim" and self.newer(claim):
            self.lose()

    def on_storage(self, event):
        if event.key is not None and str(event.key) == store.OWNER_KEY and event.newValue is not None:
            try:
                claim = json.loads(str(event.newValue))
            except ValueError:
                return
            if self.newer(claim):
                self.lose()

    def still_owner(self):
        if not self.owner:
            return False
        if not self.active:
            return True
        try:
            claim = store.read_json(store.OWNER_KEY)
        except ValueError:
            claim = None
        if isinstance(claim, dict) and claim.get("tab") not in (None, self.id):
            self.lose()
            return False
        return True

    def loaded(self, saved):
        """A save was loaded (at start or to take over): continue its generations."""
        number = saved.get("generation") if isinstance(saved, dict) else None
        self.generation = number if isinstance(number, int) else 0

    def write(self, save, scores=None):
        """Store the worker's save with the next generation (and what the score box shows, ``scores``, for the
        next visit's first paint); ``None`` when another tab owns the game."""
        if not self.still_owner():
            return None
        self.generation += 1
        stored = dict(save)
        stored["generation"] = self.generation
        stored["tab"] = self.id
        if scores is not None:
            stored["scores"] = scores
        return store.write_json(store.SAVE_KEY, stored)

    def lose(self):
        if not self.owner:
            return
        self.owner = False
        document_owner(False)
        self.on_lost()


def document_owner(owner):
    """``<body data-owner>``; the "another tab has this game" dialog while this tab does not own it."""
    document.body.setAttribute("data-owner", "yes" if owner else "no")
    dialog = by_id("dlg-tab")
    if owner and dialog.open:
        dialog.close()
    elif not owner and not dialog.open:
        dialog.showModal()
        dialog.querySelector("[data-action='take-over']").focus()
