"""The state (and the page's Ui fields) onto the page: body hooks, scores, seats, trick, hand, bidding
window, toolbar buttons. The HTML comes from view.py; this module decides what to rebuild."""

import i18n
import movelog
import sound
import view
from dom import by_id
from pacing import PLAYING, SPEEDS
from pyscript import document


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
    by_id("status").textContent = view.status_text(state, ui)
    if (state.get("claim") or {}).get("seat") == state["me"] and state["me"] and not ui.message:
        by_id("status").textContent = i18n.t("claim_waiting")  # my claim, waiting for the other side (online)
    allowed = session.allowed  # what the tools may do: the session says (session.py)
    by_id("btn-undo").disabled = not allowed("undo")[0] or ui.busy
    by_id("btn-hint").disabled = not mine or ui.hidden or not allowed("hint")[0]
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
