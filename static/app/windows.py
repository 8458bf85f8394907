"""The game's windows: the end-of-hand (or end-of-game) summary, the score sheet, the last trick and the help.

What each shows is built elsewhere (sheet.py, view.py with movelog.py's reasons, helpwindow.py); this module
opens them through dialogs.py, which itself needs none of them.

A state carries only its last scored hand: the summary and the score sheet show the hands the page keeps
(``sheet.HANDS``), and when some are missing (a reload, a table joined late) fetch them (:func:`fetch_hands`)
and draw again.  Once all are kept the state itself gets them (``Hands.fill``), for its other readers.
"""

import helpwindow
import i18n
import movelog
import sheet
import sound
import view
from dialogs import open_dialog
from dom import by_id
from i18n import t
from markup import h
from tasks import spawn
from transport import EngineError, call

FETCH_ROUNDS = 100  # at most this many answers per fetch (the room sends about 7 hands an answer)


async def fetch_hands(state):
    """Fetch the scored hands the page does not keep yet; ``True`` if the page keeps them all afterwards.

    The page's own table: the worker's op ``sheets``, kept only if it ends with the state's last scored hand
    (so that a stale table never fills another game's sheet).  An online table: ``sheet.HANDS.request`` asks the
    host (the answers come back through ``sheet.HANDS.received``), and this returns ``False``."""
    hands = sheet.HANDS
    for _ in range(FETCH_ROUNDS):
        gap = hands.missing(state)
        if gap is None:
            return hands.fill(state)
        if hands.request is not None:
            hands.request(gap[0], state["hands_scored"])
            return False
        try:
            answer = await call("sheets", {"from": gap[0], "to": state["hands_scored"]})
        except EngineError:
            return False
        results = answer.get("results") or []
        if not results or results[-1] != state.get("last_result"):
            return False  # not the game of this state
        if not hands.received(answer):
            return False
    return False


async def _complete(state, redraw):
    await fetch_hands(state)
    redraw()


def hand_over(dialogs, state, game_key):
    """The end-of-hand (or end-of-game) summary, once per hand (``dialogs``: the page's Dialogs).

    Its hands missing (a reload, an imported game): the page's own table fetches them first and then opens it,
    whole; an online table opens it with the hands kept and draws it again as they come (:func:`hands_arrived`).
    """
    sheet.HANDS.seen(state, game_key)
    complete = sheet.HANDS.fill(state)
    key = str(game_key) + ":" + str(state["hand_number"]) + ":" + state["phase"]
    if not dialogs.first_time(key):
        return
    if state["phase"] == "game-over":
        sound.play("win" if state["winner"] == state["us"] else "lose")
    else:
        sound.play("hand")
    if complete or sheet.HANDS.request is not None:
        _draw_hand_over(state)
        if not complete:
            spawn(fetch_hands(state))
    else:
        spawn(_complete(state, lambda: _draw_hand_over(state)))


def _draw_hand_over(state):
    open_dialog("dlg-hand", sheet.hand_over_html(sheet.HANDS.merged(state)))
    _at_top(by_id("dlg-hand"))


def _at_top(dialog):
    """A window opens at its top: its title first (focusing its button, in the row at its foot, scrolled it to
    the end), the buttons on the screen all the same (app.css: the row sticks to the dialog's foot)."""
    sheet.mark_overflow(dialog)
    dialog.scrollTop = 0


def hands_arrived(answer, state):
    """An online table's ``sheets`` answer (validated): keep its hands, ask for the rest, and draw the open
    summary or score sheet again with them (the online package calls this with the state shown)."""
    if not sheet.HANDS.received(answer) or state is None:
        return
    spawn(fetch_hands(state))  # asks for the next missing hands, or fills the state when none is missing
    if sheet.HANDS.missing(state) is None:
        sheet.HANDS.fill(state)
    if by_id("dlg-hand").open and state["phase"] in ("hand-over", "game-over"):
        _draw_hand_over(state)
    _redraw_scores(state)


def scores(state):
    """The score sheet of the game (missing hands are fetched, and the sheet drawn again with them)."""
    sheet.HANDS.seen(state)
    complete = sheet.HANDS.fill(state)
    _draw_scores(state)
    if not complete:
        spawn(_complete(state, lambda: _redraw_scores(state)))


def _draw_scores(state):
    open_dialog("dlg-scores", sheet.scores_html(sheet.HANDS.merged(state)))
    _at_top(by_id("dlg-scores"))


def _redraw_scores(state):
    """The score sheet again, if it is still the one open (its chart, drawn by the page, stays where it was)."""
    dialog = by_id("dlg-scores")
    title = dialog.querySelector("#dlg-scores-title")
    if not dialog.open or title is None or title.textContent != t("sheet_title"):
        return  # closed, or showing something else now (a past hand, the last trick)
    chart = by_id("score-chart")
    if chart is not None:
        chart.remove()  # the element itself, drawn already, moves into the new sheet
    top = dialog.scrollTop
    _draw_scores(state)
    dialog.scrollTop = top  # where the person had scrolled to
    holder = by_id("score-chart")
    if chart is not None and holder is not None:
        holder.replaceWith(chart)


async def score_chart(state, elsewhere=None):
    """Draw the running score of the game into the open score sheet (``#score-chart``), by the worker: of its own
    table, or of ``elsewhere`` (session.py ``elsewhere``: the state an online table's host sent)."""
    holder = by_id("score-chart")
    if holder is None or state is None:
        return
    args = {"lang": i18n.lang(), "viewer": state["me"] or "spectator"}
    if elsewhere is not None:
        args["table"] = None  # not this page's table: the state the host sent
        args["state"] = elsewhere
    try:
        svg = (await call("score_chart", args))["svg"]
    except EngineError:
        return  # the sheet's tables say it all; the chart is a picture of them
    caption = h("figcaption", t("chart_score_title"))
    holder.innerHTML = str(h("figure", caption, cls="chart-box", data_chart="score"))
    # the chart after its caption: SVG drawn by this page's own worker (spades/charts.py escapes its texts)
    holder.querySelector("figcaption").insertAdjacentHTML("afterend", str(svg))


def last_trick(state):
    """The last trick, with the computer's reason under each of its cards (movelog.py)."""
    open_dialog("dlg-scores", view.last_trick_html(state, movelog.LOG.reasons()))


def help():
    """The help window (helpwindow.py)."""
    helpwindow.open_help()
