"""Clicks, focus and keys → the person's intents (delegated listeners on the document).

Keys (docs/page.md, "Controls"): ←/→/Home/End along the hand, Enter or Space plays; while bidding a digit
chooses a bid (1 then 0–3 within 1.2 s: 10–13), 0 or N nil, ←/→/+/− move, Enter bids; before looking at
your cards B bids blind nil and V shows them; anywhere H hint, U undo, S scores, L last trick, M the moves of
this hand, C claim the rest, ? help, Esc closes a window or the menu; in a past hand (review.py) ←/→ step through
the tricks, Home/End.
"""

import dialogs
import review
import screen
from dom import by_id
from pyscript import document
from pyscript.ffi import create_proxy
from tasks import now, spawn

# Every key the page handles, in one table: the help's keyboard list is made from it (helpdoc.py), and
# tests/test_help.py checks that each key this module and review.py act on is in it.  A row: where the keys work
# ("hand", "bid", "blind", "any", "menu", "review"), the keys (KeyboardEvent.key; "0–9" and "0–3" are ranges of
# digits), the catalog key of what they do, and the action of a shortcut that works anywhere (else None).
KEYS = (
    ("hand", ("ArrowLeft", "ArrowRight"), "help_key_cards", None),
    ("hand", ("Home", "End"), "help_key_cards_ends", None),
    ("hand", ("Enter", " "), "help_key_play", None),  # the focused card is a button: the browser clicks it
    ("bid", ("0–9",), "help_key_bid_digit", None),
    ("bid", ("1", "0–3"), "help_key_bid_ten", None),
    ("bid", ("N",), "help_key_bid_nil", None),
    ("bid", ("ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown", "+", "-", "="), "help_key_bid_move", None),
    ("bid", ("Enter",), "help_key_bid_enter", None),
    ("blind", ("B",), "help_key_blind", None),
    ("blind", ("V",), "help_key_look", None),
    ("any", ("H",), "hint", "hint"),
    ("any", ("U",), "undo", "undo"),
    ("any", ("S",), "scores", "scores"),
    ("any", ("L",), "last_trick", "last-trick"),
    ("any", ("M",), "log_menu", "move-log"),
    ("any", ("C",), "claim", "claim"),  # Claim the rest (at my turn in the play; the status line says why not)
    ("any", ("?",), "help", "help"),
    ("any", ("Escape",), "help_key_escape", None),
    ("menu", ("ArrowUp", "ArrowDown"), "help_key_menu", None),
    ("review", ("ArrowLeft", "ArrowRight"), "help_key_review_step", None),
    ("review", ("Home",), "help_key_review_deal", None),
    ("review", ("End",), "help_key_review_last", None),
)
SHORTCUTS = {key.lower(): action for _where, keys, _text, action in KEYS if action for key in keys}


def _handled(handler):
    def on_event(event):
        done = handler(event)
        if done is not None and hasattr(done, "send"):  # a coroutine
            spawn(done)

    return on_event


class Inputs:
    """The page's listeners. It is given what it uses: ``ui`` (the page's fields: the focused card, cards face
    down) and ``person``, where the intents go (the controller's App): ``state`` (on show), ``owns()``,
    ``my_turn(phase)``, ``card_clicked(card, keyboard)``, ``bid(value)`` and ``await do_action(name, element)``.
    """

    def __init__(self, ui, person):
        self.ui = ui
        self.person = person
        self.bid_digit = None  # (digit, time) for two-digit bids

    def listen(self, events):
        """Listen to the document's clicks, keys and focus, and to ``events``: ``(element id, event name,
        handler)`` each (a handler may return a coroutine: it is spawned)."""
        document.addEventListener("click", create_proxy(self.on_click))
        document.addEventListener("keydown", create_proxy(self.on_key))
        document.addEventListener("focusin", create_proxy(self.on_focus))
        for element, name, handler in events:
            by_id(element).addEventListener(name, create_proxy(_handled(handler)))

    def on_click(self, event):
        target = event.target
        if target is None or not hasattr(target, "closest"):
            return
        el = target.closest("[data-card],[data-bid],[data-action]")
        if el is None:
            if target.closest("#menu") is None:
                dialogs.toggle_menu(False)
            return
        card = el.getAttribute("data-card")
        if card and el.closest("#hand") is not None:
            self.person.card_clicked(str(card), event.detail == 0)
            return
        bid = el.getAttribute("data-bid")
        if bid:
            if not el.disabled:
                self.person.bid(str(bid))
            return
        action = el.getAttribute("data-action")
        if action == "menu" and not el.disabled:
            dialogs.toggle_menu()  # at once, not in a task: a key pressed right after the click finds it open
            return
        if action and not el.disabled:
            spawn(self.person.do_action(str(action), el))

    def on_focus(self, event):
        el = event.target
        if el is None or not hasattr(el, "getAttribute") or el.getAttribute("data-card") is None:
            return
        cards = document.querySelectorAll("#hand [data-card]")
        for i in range(cards.length):
            if cards.item(i) == el:
                self.ui.focus = i
            cards.item(i).setAttribute("tabindex", "0" if cards.item(i) == el else "-1")

    def on_key(self, event):
        if event.defaultPrevented or event.altKey or event.metaKey:
            return
        person = self.person
        key = str(event.key)
        target = event.target
        tag = str(target.tagName) if target is not None and hasattr(target, "tagName") else ""
        if not event.ctrlKey and review.REVIEW.key(key):  # a past hand on show: ←/→, Home/End step through it
            event.preventDefault()
            return
        if document.querySelector("dialog[open]") is not None:
            return
        if key == "Escape":
            dialogs.toggle_menu(False)
            by_id("notice").hidden = True
            return
        if tag in ("INPUT", "SELECT", "TEXTAREA") or event.ctrlKey:
            return
        if target is not None and hasattr(target, "closest") and target.closest("#menu") is not None:
            if key in ("ArrowDown", "ArrowUp"):
                dialogs.menu_move(target, 1 if key == "ArrowDown" else -1)
                event.preventDefault()
            return
        state = person.state
        if state is None or not person.owns():
            return
        if person.my_turn("bidding") and not by_id("bid-panel").hidden:
            if self.bid_key(key):
                event.preventDefault()
                return
        in_hand = target is not None and hasattr(target, "closest") and target.closest("#hand") is not None
        if key in ("ArrowLeft", "ArrowRight", "Home", "End") and (in_hand or tag == "BODY"):
            count = len(state["hand"])
            if count and not self.ui.hidden:
                index = self.ui.focus
                if not in_hand:
                    pass  # first arrow from nowhere: the focus goes to the hand where it was
                elif key == "ArrowLeft":
                    index = (index - 1) % count
                elif key == "ArrowRight":
                    index = (index + 1) % count
                elif key == "Home":
                    index = 0
                else:
                    index = count - 1
                screen.focus_card(self.ui, index)
                event.preventDefault()
            return
        action = SHORTCUTS.get(key if key == "?" else key.lower())
        if action:
            spawn(person.do_action(action, None))

    def bid_key(self, key):
        """Bidding shortcuts; the chosen bid button takes the focus and Enter bids it."""
        panel = by_id("bid-panel")
        lower = key.lower()
        if self.ui.hidden:
            if lower == "b" and panel.querySelector('[data-bid="blind_nil"]') is not None:
                self.person.bid("blind_nil")
                return True
            if lower == "v":
                spawn(self.person.do_action("show-cards", None))
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
