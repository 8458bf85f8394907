"""The state (and the page's Ui fields) onto the page: body hooks, scores, seats, trick, hand, bidding
window, toolbar buttons. The HTML comes from view.py; this module decides what to rebuild."""

import i18n
import js
import movelog
import sound
import view
from dom import by_id
from pacing import PLAYING, SPEEDS
from pyscript import document
from pyscript.ffi import create_proxy


def my_turn(state, ui, acting=False):
    return (
        state is not None and state["phase"] in PLAYING and state["turn"] == state["me"] and not ui.busy and not acting
    )


def awaiting(state, ui):
    """``data-await``: what the page waits for from the person (docs/page.md)."""
    if state["phase"] in ("hand-over", "game-over"):
        return "" if ui.busy else state["phase"]
    if not my_turn(state, ui):
        return ""
    if state["phase"] == "bidding":
        return "blind" if ui.hidden else "bid"
    return "play"


def status_line(session, ui):
    """The line above your hand: a message on show, else the session's own line (session.py ``status``), else the
    line of the state on show (view.py ``status_text``); that line after "Settings saved." while ``ui.saved`` (a
    first hand before the engine: preferences.py), made at each drawing so it speaks the language of the moment."""
    if ui.message:
        return view.status_text(session.shown, ui)
    line = session.status() or view.status_text(session.shown, ui)
    if ui.saved:
        return i18n.t("status_saved_then", saved=i18n.t("settings_saved"), line=line)
    return line


def render(session, ui, play_mode, dialogs):
    """Draw ``session``'s state on show (session.py ``shown``) with the page's ``ui`` fields; ``play_mode`` is
    the setting (``"confirm"``: a Play button), ``dialogs`` the page's Dialogs. What the person may do (their
    turn, the tools) the session answers: ``owns()`` and ``allowed(action)``."""
    state = session.shown
    if state is None:
        return
    ui.hidden = state["phase"] == "bidding" and not state.get("looked", True)
    body = document.body
    body.setAttribute("data-phase", state["phase"])
    body.setAttribute("data-turn", state["turn"] or "")
    body.setAttribute("data-seat", state["me"] or "")
    body.setAttribute("data-await", awaiting(state, ui) if session.owns() else "")
    mine = my_turn(state, ui)
    view.place_seats(document, state["me"] or state.get("watching"))
    view.render_scores(document, state)
    view.render_seats(document, state, ui)
    # the trick on the table (a finished one stays a moment)
    shown = ui.trick_shown
    reasons = movelog.LOG.tips()  # the computer's reasons on its cards, each naming its seat (movelog.py)
    if shown is not None:
        view.render_trick(document, shown["cards"], shown["leader"], shown["winner"], shown["collect"], reasons)
    else:
        view.render_trick(
            document, [c["card"] for c in state["trick"]], state["leader"] or state["me"], None, None, reasons
        )
    render_hand(state, ui)
    # the bidding window
    panel = by_id("bid-panel")
    if state["phase"] == "bidding" and mine:
        key = ("blind" if ui.hidden else "bid") + ":" + i18n.lang()
        if panel.hidden or ui.panel_key != key:
            panel.innerHTML = view.bid_panel_html(state, ui)
            panel.setAttribute("data-kind", "blind" if ui.hidden else "bid")
            ui.panel_key = key
            panel.hidden = False
    else:
        panel.hidden = True
        panel.setAttribute("data-kind", "")
        ui.panel_key = None
    # status and buttons
    by_id("status").textContent = status_line(session, ui)
    if (state.get("claim") or {}).get("seat") == state["me"] and state["me"] and not ui.message:
        by_id("status").textContent = i18n.t("claim_waiting")  # my claim, waiting for the other side (online)
    allowed = session.allowed  # what the tools may do: the session says (session.py)
    set_tool(by_id("btn-undo"), session.off("undo"), not allowed("undo")[0] or ui.busy)
    set_tool(by_id("btn-hint"), session.off("hint"), not mine or ui.hidden or not allowed("hint")[0])
    render_daily(getattr(session, "date", None))  # a DailySession's date: the badge (the others have none)
    document.querySelector('#menu [data-action="replay"]').disabled = not allowed("replay")[0]
    can_claim, why = allowed("claim")  # Claim the rest (docs/page.md): at my turn in the play; never in a lesson
    for claim in (claim_button(), claim_item()):
        claim.hidden = state["phase"] != "playing" or not state["me"] or not session.owns() or why == "why_lesson"
        claim.disabled = not can_claim or not mine
    play = by_id("btn-play")
    play.hidden = play_mode != "confirm" or state["phase"] != "playing"
    play.disabled = not (mine and ui.selected)
    by_id("btn-show").hidden = not ui.hidden or (mine and state["phase"] == "bidding")
    by_id("btn-next").hidden = state["phase"] != "hand-over" or ui.busy
    by_id("btn-again").hidden = state["phase"] != "game-over" or ui.busy
    if state["phase"] not in ("hand-over", "game-over"):
        dialogs.playing_again()
    TIPS.refresh()


def set_tool(button, why, disabled):
    """Hint or Undo: ``disabled`` for now (not my turn, nothing to take back); or, when ``why`` (a catalog key,
    session.py ``off``) says it is off for the whole game, greyed but still focusable (``aria-disabled``),
    described by the reason (``aria-describedby`` → ``#btn-hint-why``) and showing it as a tooltip on hover, tap
    or focus (``data-tip``, :class:`Tips`); a click says it in the status line too (controller.py)."""
    name = str(button.id) + "-why"
    note = by_id(name)
    if not why:
        for attr in ("aria-disabled", "data-tip", "data-off", "aria-describedby"):
            button.removeAttribute(attr)
        button.disabled = disabled
        return
    text = i18n.t(why)
    if note is None:
        note = document.createElement("span")
        note.id = name
        note.hidden = True
        button.parentNode.appendChild(note)
    note.textContent = text
    button.disabled = False
    button.setAttribute("aria-disabled", "true")
    button.setAttribute("data-tip", text)
    button.setAttribute("data-off", why)
    button.setAttribute("aria-describedby", name)


DATE_LONG = '{"timeZone": "UTC", "year": "numeric", "month": "short", "day": "numeric"}'
DATE_SHORT = '{"timeZone": "UTC", "month": "short", "day": "numeric"}'


def daily_date(date, options=DATE_LONG):
    """``YYYY-MM-DD`` as the page's language writes a date (Intl, in UTC: the daily deal's day; ``DATE_SHORT``:
    without the year); the text as it is where the browser cannot."""
    try:
        return str(js.Date.new(date + "T00:00:00Z").toLocaleDateString(i18n.lang(), js.JSON.parse(options)))
    except Exception:
        return date


class _Badge:
    """The daily deal's badge, made once: ``element`` and the ``(date, language)`` its texts were made for."""

    element = None
    made_for = None


def render_daily(date):
    """The daily deal's badge at the end of the score box's last line (``#game-info #daily-badge[data-daily=DATE]``,
    put back after each redraw of that line, view.py ``render_scores``): the day without its year, in the page's
    language (the whole date in its ``aria-label`` and ``title``); hidden at every other table. The one element
    is kept (``_Badge``); its texts are made again only for another date or language."""
    badge = _Badge.element
    if not date:
        if badge is not None:
            badge.hidden = True
            badge.setAttribute("data-daily", "")
        return
    if badge is None:
        badge = document.createElement("span")
        badge.id = "daily-badge"
        badge.className = "daily-badge"
        badge.setAttribute("role", "note")
        _Badge.element = badge
    info = by_id("game-info")
    if not info.contains(badge):
        info.appendChild(badge)  # the line's text is set anew with each state: the badge goes after it again
    key = (date, i18n.lang())
    if _Badge.made_for != key:
        whole = daily_date(date)
        badge.textContent = i18n.t("deal_daily_badge", date=daily_date(date, DATE_SHORT))
        badge.setAttribute("aria-label", i18n.t("deal_daily_badge_label", date=whole))
        badge.setAttribute("title", i18n.t("deal_daily_badge_label", date=whole))
        _Badge.made_for = key
    badge.setAttribute("data-daily", date)
    badge.hidden = False


def claim_button():
    """``#btn-claim``, *Claim the rest*, in the row of buttons beside the hand (index.html; key C)."""
    return by_id("btn-claim")


def claim_item():
    """The menu's *Claim the rest* (index.html, after *Replay this deal*): where the button beside the hand has no
    room (a phone held sideways, app.css), and for every layout from the keyboard's menu."""
    return document.querySelector('#menu [data-action="claim"]')


def render_hand(state, ui):
    """Your hand (keyboard focus stays where it was; an unchanged hand is left alone)."""
    hand = by_id("hand")
    active = document.activeElement
    had_focus = active is not None and hand.contains(active)
    count = len(state["hand"])
    if count:
        ui.focus = max(0, min(ui.focus, count - 1))
    html = view.hand_html(state, ui)
    if html != ui.hand_html:
        ui.hand_html = html
        hand.innerHTML = html
        if had_focus:
            focus_card(ui, ui.focus)


TAP_STRIP = 36  # px between the left edges of neighbouring cards below which a tap lifts a card (tap-to-lift)


def hand_is_tight():
    """Whether the cards of your hand lie too close to aim at with a finger: then a first tap lifts a card
    and a second one plays it (docs/page.md "Layout"). Measured where they are now, so it follows the screen."""
    cards = document.querySelectorAll("#hand [data-card]")
    if cards.length < 2:
        return False
    return cards.item(1).offsetLeft - cards.item(0).offsetLeft < TAP_STRIP


def focus_card(ui, index):
    cards = document.querySelectorAll("#hand [data-card]")
    if cards.length:
        index = max(0, min(index, cards.length - 1))
        ui.focus = index
        for i in range(cards.length):
            cards.item(i).setAttribute("tabindex", "0" if i == index else "-1")
        cards.item(index).focus()


def apply_display(settings, params):
    """Four-colour suits, animation speed and sound from the settings (and this visit's parameters)."""
    root = document.documentElement
    root.setAttribute("data-four-color", "1" if settings["four_color"] else "0")
    speed = params.get("speed") or settings["speed"]
    root.setAttribute("data-speed", speed if speed in SPEEDS else "normal")
    sound.enable(settings["sound"] and params.get("sound") != "0")


# ----------------------------------------------------------------- reason tooltips, shown on purpose

TIP_DELAY_MS = 450
"""How long the pointer rests on a reason before its tooltip shows (after it has moved there)."""
TIP_AVOID = ("#trick", "#status", "#lesson-panel")
"""What a tooltip never covers: the trick and the text the person is reading (the status line, a lesson's
instruction)."""


def _box(el):
    rect = el.getBoundingClientRect()
    return (rect.left, rect.top, rect.right, rect.bottom)


def _avoided():
    """The boxes of :data:`TIP_AVOID` that are on show."""
    boxes = []
    for selector in TIP_AVOID:
        el = document.querySelector(selector)
        if el is not None and el.getClientRects().length:
            rect = el.getBoundingClientRect()
            if rect.width > 0 and rect.height > 0:
                boxes.append((rect.left, rect.top, rect.right, rect.bottom))
    return boxes


def _anchor(target):
    if target is None or not hasattr(target, "closest"):
        return None
    return target.closest("[data-tip]")


def _names(anchor):
    """What ``#tip[data-for]`` says it explains: ``card:AS`` (your hand), ``trick:E`` (a computer's card),
    ``btn-hint``."""
    card = anchor.getAttribute("data-card")
    if card:
        return "card:" + str(card)
    slot = anchor.closest("[data-slot]")
    if slot is not None:
        return "trick:" + str(slot.getAttribute("data-slot"))
    return str(anchor.id or "")


class Tips:
    """The page's reason tooltips: every element with ``data-tip`` (a card of yours you cannot play, a computer's
    card in the trick with its reason, Hint or Undo off for the game) shows its text in the one floating
    ``#tip`` (``data-for``: :func:`_names`; ``data-how``: ``hover``, ``tap`` or ``focus``; ``aria-hidden``, the
    same words reach screen readers from the element itself), shown on purpose:

    - after the pointer has *moved* onto it and rested :data:`TIP_DELAY_MS` (``#tip[data-wait]`` meanwhile); a
      card drawn under a pointer that has not moved opens nothing; from one shown tip to the next at once;
    - on a tap or a click; on keyboard focus (``:focus-visible``, not the focus a click leaves);
    - hidden by moving away, a tap elsewhere, Escape, the focus leaving, scrolling, or its element leaving.

    Placed by view.py's ``tip_place``: never over its element, the trick, the status line or a lesson's
    instruction (:data:`TIP_AVOID`), on the screen."""

    def __init__(self):
        self.anchor = None  # the element whose tip is on show
        self.how = None
        self.waiting = None  # the element the pointer came to rest on, until the delay is over
        self.timer = None
        self.last = None  # where the pointer was at its last move: a move to the same place is no move
        self.proxies = {}
        self.tip = None  # the one floating #tip, made by listen()

    def listen(self):
        tip = document.createElement("div")
        tip.id = "tip"
        tip.className = "tip-float"
        tip.setAttribute("aria-hidden", "true")
        tip.hidden = True
        document.body.appendChild(tip)
        self.tip = tip
        for name, handler in (
            ("pointermove", self.on_move),
            ("pointerdown", self.on_down),
            ("click", self.on_click),
            ("focusin", self.on_focus),
            ("focusout", self.on_blur),
            ("keydown", self.on_key),
        ):
            self.proxies[name] = create_proxy(handler)
            document.addEventListener(name, self.proxies[name])
        self.proxies["fire"] = create_proxy(self.fire)
        self.proxies["hide"] = create_proxy(lambda *_: self.hide())
        js.window.addEventListener("scroll", self.proxies["hide"], True)
        js.window.addEventListener("resize", self.proxies["hide"])

    def on_move(self, event):
        if str(event.pointerType) != "mouse":
            return
        point = (event.clientX, event.clientY)
        if point == self.last:
            return  # the page changed under a resting pointer: not the person
        self.last = point
        anchor = _anchor(event.target)
        if anchor is None:
            self.cancel()
            if self.how == "hover":
                self.hide()
            return
        if self.anchor is not None and self.anchor == anchor:
            return
        if self.anchor is not None and self.how == "hover":
            self.show(anchor, "hover")  # along the cards: from one reason to the next at once
            return
        if self.waiting is not None and self.waiting == anchor:
            return
        self.cancel()
        self.waiting = anchor
        self.tip.setAttribute("data-wait", _names(anchor))
        self.timer = js.setTimeout(self.proxies["fire"], TIP_DELAY_MS)

    def fire(self, *_):
        anchor = self.waiting
        self.timer = None
        self.cancel()
        if anchor is not None and anchor.isConnected and anchor.matches(":hover"):
            self.show(anchor, "hover")

    def cancel(self):
        if self.timer is not None:
            js.clearTimeout(self.timer)
            self.timer = None
        if self.waiting is None:
            return  # nothing waits (most pointer moves): no #tip[data-wait] to take away
        self.waiting = None
        self.tip.removeAttribute("data-wait")

    def on_down(self, event):
        anchor = _anchor(event.target)
        if self.anchor is not None and (anchor is None or anchor != self.anchor):
            self.hide()

    def on_click(self, event):
        anchor = _anchor(event.target)
        if anchor is not None:
            self.show(anchor, "tap")

    def on_focus(self, event):
        el = event.target
        if el is not None and hasattr(el, "matches") and el.matches("[data-tip]:focus-visible"):
            self.show(el, "focus")

    def on_blur(self, event):
        if self.how == "focus" and self.anchor is not None and event.target == self.anchor:
            self.hide()

    def on_key(self, event):
        if str(event.key) == "Escape":
            self.cancel()
            self.hide()

    def show(self, anchor, how):
        text = anchor.getAttribute("data-tip")
        if not text:
            return
        self.cancel()
        tip = self.tip
        tip.textContent = text
        tip.style.left = "0px"
        tip.style.top = "0px"
        tip.hidden = False
        rect = tip.getBoundingClientRect()
        screen = (js.window.innerWidth, js.window.innerHeight)
        left, top = view.tip_place(_box(anchor), (rect.width, rect.height), screen, _avoided())
        tip.style.left = str(left) + "px"
        tip.style.top = str(top) + "px"
        tip.setAttribute("data-for", _names(anchor))
        tip.setAttribute("data-how", how)
        self.anchor = anchor
        self.how = how

    def hide(self):
        tip = self.tip
        if tip is not None:
            tip.hidden = True
            tip.removeAttribute("data-for")
            tip.removeAttribute("data-how")
        self.anchor = None
        self.how = None

    def refresh(self):
        """After a redraw: a tip whose element left (or lost its reason) goes; one still there follows it."""
        if self.waiting is not None and not self.waiting.isConnected:
            self.cancel()
        anchor = self.anchor
        if anchor is None:
            return
        if not anchor.isConnected or not anchor.getAttribute("data-tip"):
            self.hide()
            return
        self.show(anchor, self.how)


TIPS = Tips()
