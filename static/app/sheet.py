"""The score sheet and past hands: the scored hands' results and sheets (spades/scoresheet.py) → HTML.

A viewer state carries only the last scored hand's (``hands_scored``, ``last_result``, ``last_sheet``: no state
grows with the game); :class:`Hands` (:data:`HANDS`) keeps every hand this page has seen by number (a finished
hand never changes) and says which are missing, which the page fetches on demand (windows.py: the worker's op
``sheets``, or at an online table the room's ``sheets`` message).  The windows read a state completed with them
(:meth:`Hands.merged`: ``results`` and ``sheets`` as lists).

Per hand: each seat's bid and tricks, nil results, made or set, the points in words from the catalog, part by
part ("Nil (North) +100 · contract 5, 1 over → 51 = +151, 1 bag"), new and running bags, the running total,
and buttons that open the hand trick by trick (op ``hand``; :mod:`review`) and review the person's play in it
(ops ``review_*``; :mod:`analysis`).  The engine says what each part is
and what it is worth (codes with parameters); this module only words them.  Wide tables scroll sideways in
their own box (``.sheet-scroll``), with a hint when they do (:func:`mark_overflow`).

Pure (CPython too: tests/page).  The windows' functions (:func:`hand_over_html`, :func:`scores_html`,
:func:`past_html`, :func:`past_step_html`) return markup text for ``innerHTML``; the pieces return fragments
(:mod:`markup`).
"""

from i18n import bid_text, card_name, t, who
from markup import fill, h, join
from view import SEATS, SUIT_SYMBOL, TEAM_SEATS, card_classes, card_face, close_buttons, position, seat_after, signed

SUIT_ORDER = ("S", "H", "C", "D")  # as hands are shown
SUIT_WORD = {"C": "suit_clubs", "D": "suit_diamonds", "H": "suit_hearts", "S": "suit_spades"}
COLUMNS = ("col_team", "col_seat", "col_bid", "col_tricks", "col_points", "col_bags", "col_total")
VERIFIABLE = set()
"""The hands whose deal this page can verify (an online table's commit–reveal deals it kept: online/boundary.py
``fair_keep``): their sheets have *Verify this deal* (:func:`verify_control`)."""


# ----------------------------------------------------------------- the scored hands this page has seen


def _totals_before(result):
    """The totals before a hand (its totals less its points), to tell whether it follows another hand."""
    return {team: result["totals"][team] - result["points"][team] for team in ("NS", "EW")}


class Hands:
    """The results and score sheets of the scored hands this page has seen, by hand number.

    Fed by every state it is shown (:meth:`seen`: its ``last_result`` and ``last_sheet``) and by fetched
    answers (:meth:`received`: ``{"from", "to", "results", "sheets"}``); forgets them when the game changes (a
    new game key, no hand scored, or a hand that does not follow the one kept before it).  ``request``: how to
    ask for missing hands at an online table (online/boundary.py sets it: send the room ``{"t": "sheets", ...}``);
    ``None``: the page's own table (the worker's op ``sheets``)."""

    def __init__(self):
        self.results = {}
        self.sheets = {}
        self.key = None
        self.request = None

    def clear(self):
        self.results = {}
        self.sheets = {}

    def keep(self, number, result, sheet):
        """Keep hand ``number`` (``False``, and nothing kept, if it does not carry that number)."""
        if not isinstance(result, dict) or not isinstance(sheet, dict) or result.get("number") != number:
            return False
        before = self.results.get(number - 1)
        if before is not None and before["totals"] != _totals_before(result):
            self.clear()  # not the game the kept hands are from
        after = self.results.get(number + 1)
        if after is not None and _totals_before(after) != result["totals"]:
            self.clear()
        old = self.results.get(number)
        if old is not None and old != result:
            for later in [n for n in self.results if n > number]:  # an undone hand scored again: new ones follow
                self.results.pop(later)
                self.sheets.pop(later, None)
        self.results[number] = result
        self.sheets[number] = sheet
        return True

    def seen(self, state, key=None):
        """Learn from a state (``key``: the game it is of, when the caller knows)."""
        if key is not None and key != self.key:
            self.key = key
            self.clear()
        count = state.get("hands_scored")
        if type(count) is not int:
            return
        for later in [n for n in self.results if n > count]:  # hands undone
            self.results.pop(later)
            self.sheets.pop(later, None)
        if count and state.get("last_result") is not None:
            self.keep(count, state["last_result"], state.get("last_sheet"))

    def received(self, answer):
        """Keep a fetched answer's hands; ``True`` if it held any."""
        first = answer.get("from")
        results = answer.get("results") or []
        sheets = answer.get("sheets") or []
        if type(first) is not int or len(results) != len(sheets):
            return False
        kept = False
        for i in range(len(results)):
            kept = self.keep(first + i, results[i], sheets[i]) or kept
        return kept

    def missing(self, state):
        """The first and last hand numbers not kept of the state's scored hands, or ``None`` when all are."""
        count = state.get("hands_scored")
        if type(count) is not int:
            return None
        gaps = [n for n in range(1, count + 1) if n not in self.results]
        return (gaps[0], gaps[-1]) if gaps else None

    def merged(self, state):
        """The state with ``results`` and ``sheets``: the hands kept, in order, up to its ``hands_scored`` (a
        state that already has them, as the test pages make, is given back as it is)."""
        count = state.get("hands_scored")
        if "results" in state or type(count) is not int:
            return state
        numbers = [n for n in range(1, count + 1) if n in self.results]
        return dict(state, results=[self.results[n] for n in numbers], sheets=[self.sheets[n] for n in numbers])

    def fill(self, state):
        """Put every scored hand into ``state`` (``results``, ``sheets``) when all are kept; ``True`` if so. The
        page's other readers of the state (the profile's record, the score chart, the embedding page's
        hand-end message) then find the whole game in it, as before the state was bounded."""
        if self.missing(state) is not None:
            return False
        full = self.merged(state)
        state["results"] = full["results"]
        state["sheets"] = full["sheets"]
        return True


HANDS = Hands()


# ----------------------------------------------------------------- the breakdown in words


def part_text(part):
    """One part of a team's score (``{"code", "points", "params"}``) in words."""
    code = part["code"]
    params = part.get("params") or {}
    points = part["points"]
    if code in ("nil", "blind_nil"):
        key = "sheet_" + code + ("_made" if params.get("made") else "_failed")
        return t(key, who=who(params.get("seat")), tricks=params.get("tricks"), points=signed(points))
    if code == "contract":
        per_trick = params.get("per_trick", 10)
        rate = t("sheet_rate", n=per_trick) if per_trick != 10 else ""
        values = {"contract": params.get("contract"), "rate": rate, "points": str(points)}
        if not params.get("made"):
            return t("sheet_contract_set", taken=params.get("taken"), **values)
        if params.get("over"):
            return t("sheet_contract_over", over=params.get("over"), **values)
        return t("sheet_contract_made", **values)
    if code == "bag_penalty":
        return t("sheet_bag_penalty", bags=params.get("bags"), points=signed(points))
    return code + " " + signed(points)


def bags_text(n):
    return t("sheet_bag_one", n=n) if n == 1 else t("bags_of", n=n)


def team_text(team_sheet):
    """A team's hand in words: its parts, their sum when there are several, and the new bags."""
    texts = [part_text(part) for part in team_sheet["parts"]]
    if not texts:
        line = t("sheet_no_points")
    elif len(texts) == 1:
        line = texts[0]
    else:
        line = t("sheet_sum", parts=" · ".join(texts), points=signed(team_sheet["points"]))
    if team_sheet["new_bags"]:
        line = t("sheet_with_bags", text=line, bags=bags_text(team_sheet["new_bags"]))
    return line


# ----------------------------------------------------------------- one hand


def review_button(number):
    """*Review tricks* (review.py) and *Review my play* (analysis.py) of hand ``number``, side by side."""
    return h(
        "span",
        h(
            "button",
            t("past_open"),
            type="button",
            cls="past-open",
            data_action="past-hand",
            data_hand=number,
            aria_label=t("past_open_label", n=number),
        ),
        h(
            "button",
            t("rev_open"),
            type="button",
            cls="past-open rev-open",
            data_action="review",
            data_hand=number,
            aria_label=t("rev_open_label", n=number),
        ),
        cls="sheet-opens",
    )


def verify_control(number):
    """*Verify this deal* of hand ``number`` at an online table (``None`` for a hand whose deal this page did not
    keep): a ``details.verify-deal[data-verify]`` whose opening runs the check in the worker (online/boundary.py
    ``verify_deal``), which writes one line in ``[data-verify-line]``: what was checked and whether it holds."""
    if number not in VERIFIABLE:
        return None
    return h(
        "details",
        h("summary", t("fair_verify")),
        h("p", t("fair_verify_wait"), cls="verify-line", data_verify_line=number, aria_live="polite"),
        cls="verify-deal",
        data_verify=number,
    )


def points_tags(made, team_sheet):
    """What a team's points in a hand came of, as tags after them: *made* or *set* for its contract; when its
    contract was made and a nil of the team failed, or the other way round, each part said plainly, in its own
    colour ("−60 [contract made] [nil failed]"), so that a made contract never makes a failed nil's points look
    good. ``made``: the result's ``made`` of the team (``None``: no contract, and no tag; the bid cells say how
    each nil went)."""
    nils = [part for part in team_sheet["parts"] if part["code"] in ("nil", "blind_nil")]
    mixed = made is not None and any(bool((part.get("params") or {}).get("made")) != made for part in nils)
    if not mixed:
        if made is True:
            return h("span", t("made"), cls="tag made")
        if made is False:
            return h("span", t("set"), cls="tag set")
        return None
    key = "sheet_tag_contract_made" if made else "sheet_tag_contract_set"
    tags = [h("span", t(key), cls="tag " + ("made" if made else "set"), data_part="contract")]
    for part in nils:
        good = bool((part.get("params") or {}).get("made"))
        key = "sheet_tag_" + part["code"] + ("_made" if good else "_failed")
        tags.append(h("span", t(key), cls="tag " + ("made" if good else "set"), data_part=part["code"]))
    return join(tags, " ")


def bid_cell(seat_line):
    """A seat's bid, with *made* or *failed* after a nil."""
    outcome = seat_line["outcome"]
    tag = None
    if outcome.endswith("_made"):
        tag = h("span", t("made"), cls="tag made")
    elif outcome.endswith("_failed"):
        tag = h("span", t("sheet_failed"), cls="tag set")
    return join((bid_text(seat_line["bid"]), tag), " ")


def hand_sheet_html(result, sheet, us, them, heading="h3"):
    """One hand of the score sheet: ``section.sheet-hand[data-hand]`` with its table (``table.results``: a
    ``tbody`` per team, "us" first; the team's first row ``tr[data-team]`` holds its points, bags and
    ``td.total``), the breakdown in words (``[data-calc="NS"]``) and the button that opens the hand."""
    number = result["number"]
    title_id = "sheet-h" + str(number)
    head = [h("th", t(key), scope="col", cls="c-" + key[4:]) for key in COLUMNS]
    groups = []
    for side, team in (("us", us), ("them", them)):
        mine = sheet["teams"][team]
        points = join((signed(mine["points"]), points_tags(result["made"].get(team), mine)), " ")
        bags = str(mine["bags"])
        if mine["new_bags"]:
            bags += " (+" + str(mine["new_bags"]) + ")"
        rows = []
        for i, seat in enumerate(TEAM_SEATS[team]):
            line = sheet["seats"][seat]
            cells = (
                h("td", who(seat), cls="seat-cell"),
                h("td", bid_cell(line), cls="c-bid"),
                h("td", str(line["tricks"]), cls="num"),
            )
            if i == 0:
                rows.append(
                    h(
                        "tr",
                        h("th", t("team_" + side + "_short"), scope="rowgroup", rowspan="2"),
                        cells,
                        h("td", points, rowspan="2", cls="points"),
                        h("td", bags, rowspan="2", cls="bags"),
                        h("td", str(mine["total"]), rowspan="2", cls="total"),
                        data_team=team,
                        data_seat=seat,
                    )
                )
            else:
                rows.append(h("tr", cells, data_seat=seat))
        calc = t("sheet_team_line", team=t("team_" + side + "_short"), text=team_text(mine))
        rows.append(h("tr", h("td", h("div", calc, cls="calc-text"), colspan="7", data_calc=team), cls="calc"))
        groups.append(h("tbody", rows, cls="team-" + side))
    title = t("sheet_hand", n=number, who=who(result["dealer"]))
    return h(
        "section",
        h("div", h(heading, title, id=title_id), review_button(number), verify_control(number), cls="sheet-head"),
        h(
            "div",
            h("table", h("thead", h("tr", head)), groups, cls="results sheet"),
            cls="sheet-scroll",
            role="region",
            tabindex="0",
            aria_label=t("sheet_region", n=number),
        ),
        h("p", t("sheet_scroll_hint") + " →", cls="scroll-hint", aria_hidden="true"),
        cls="sheet-hand",
        data_hand=number,
        aria_labelledby=title_id,
    )


def history_html(results, us, them):
    """The running totals, one row per hand (``table.history``)."""
    if not results:
        return h("p", t("history_empty"), cls="empty")
    head = h(
        "tr",
        h("th", t("col_hand"), scope="col"),
        h("th", t("team_us_short"), scope="col"),
        h("th", t("col_total"), scope="col"),
        h("th", t("team_them_short"), scope="col"),
        h("th", t("col_total"), scope="col"),
    )
    rows = []
    for r in results:
        rows.append(
            h(
                "tr",
                h("th", str(r["number"]), scope="row"),
                h("td", signed(r["points"][us])),
                h("td", str(r["totals"][us]), cls="total"),
                h("td", signed(r["points"][them])),
                h("td", str(r["totals"][them]), cls="total"),
            )
        )
    return h("table", h("thead", head), h("tbody", rows), cls="history")


def _sheet_for(state, index):
    sheets = state.get("sheets") or []
    return sheets[index] if index < len(sheets) else None


def _with_hands(state):
    """The state with ``results`` and ``sheets`` lists: its own (:meth:`Hands.merged`), or at least its last
    scored hand's."""
    if "results" in state:
        return state
    last, sheet = state.get("last_result"), state.get("last_sheet")
    known = last is not None and sheet is not None
    return dict(state, results=[last] if known else [], sheets=[sheet] if known else [])


# ----------------------------------------------------------------- the two dialogs


def game_figures(state):
    """The game's figures, from its scored hands (``state`` with ``results``: :meth:`Hands.merged`), as the score
    sheet shows them hand by hand: ``{"hands": n, "NS": {...}, "EW": {...}}``, per team ``contracts`` (hands it
    had a contract in), ``made`` and ``sets`` (of those), ``nils_made`` and ``nils_failed`` (nil and blind nil
    bids of its seats), ``bags`` (taken over the game: the sum of each hand's new bags) and ``best`` (its best
    hand by points: ``(number, points)``, the earliest of equals; ``None`` with no hand)."""
    results = _with_hands(state)["results"]
    figures = {"hands": len(results)}
    for team in ("NS", "EW"):
        mine = {"contracts": 0, "made": 0, "sets": 0, "nils_made": 0, "nils_failed": 0, "bags": 0, "best": None}
        for result in results:
            made = result["made"].get(team)
            if made is not None:
                mine["contracts"] += 1
                mine["made" if made else "sets"] += 1
            for seat in TEAM_SEATS[team]:
                nil = (result.get("nils") or {}).get(seat)
                if nil is not None:
                    mine["nils_made" if nil else "nils_failed"] += 1
            mine["bags"] += result["new_bags"][team]
            points = result["points"][team]
            if mine["best"] is None or points > mine["best"][1]:
                mine["best"] = (result["number"], points)
        figures[team] = mine
    return figures


def ending_title(state):
    """Who won, for the person: "You won!" or "You lost" at a seat, the winning pair to a spectator."""
    winner, me = state["winner"], state.get("me")
    if me in SEATS:
        return t("ending_won") if me in TEAM_SEATS[winner] else t("ending_lost")
    return t("ending_won_" + winner)


def _figures_html(figures, us, them):
    """The game's figures, a row each, "us" and "them" side by side (``table.game-figures``)."""
    rows = []
    for key, label in (
        ("made", "ending_contracts"),
        ("sets", "ending_sets"),
        ("nils_made", "ending_nils_made"),
        ("nils_failed", "ending_nils_failed"),
        ("bags", "ending_bags"),
        ("best", "ending_best"),
    ):
        cells = []
        for team in (us, them):
            mine = figures[team]
            if key == "made":
                value = t("ending_of", made=mine["made"], bid=mine["contracts"])
            elif key == "best":
                best = mine["best"]
                value = "–"
                if best:
                    value = join((signed(best[1]), h("span", t("ending_best_hand", n=best[0]), cls="fig-hand")), " ")
            else:
                value = str(mine[key])
            cells.append(h("td", value, data_team=team))
        rows.append(h("tr", h("th", t(label), scope="row"), cells, data_figure=key))
    count = figures["hands"]
    head = h(
        "tr",
        h("td"),
        h("th", t("team_us_short"), scope="col"),
        h("th", t("team_them_short"), scope="col"),
    )
    caption = t("ending_hands_one" if count == 1 else "ending_hands", n=count)
    return h("table", h("caption", caption), h("thead", head), h("tbody", rows), cls="game-figures")


def game_over_html(state):
    """The end of the game: who won, the final score, the game in figures (:func:`game_figures`) and the
    buttons — the score sheet, *New game* (of the settings) and *Rematch* (another game of the same seats and
    rules); no Undo (markup text)."""
    state = _with_hands(state)
    us, them, winner = state["us"], state["them"], state["winner"]
    lost = state.get("me") in SEATS and state.get("me") not in TEAM_SEATS[winner]
    parts = [
        h("p", t("game_over_title"), cls="ending-kicker"),
        h("h2", ending_title(state), id="dlg-hand-title", cls="ending-title " + ("bad" if lost else "good")),
    ]
    if state["me"] in TEAM_SEATS[us]:
        partner = who(seat_after(state["me"], 2))
    else:  # a spectator: "us" is just the first team
        partner = who(TEAM_SEATS[us][1])
    totals = state["totals"]
    if winner == us:
        text = t("winner_us", partner=partner, us=totals[us], them=totals[them])
    else:
        names = [who(seat) for seat in TEAM_SEATS[them]]
        text = t("winner_them", a=names[0], b=names[1], us=totals[us], them=totals[them])
    parts.append(h("p", text, cls="winner " + ("good" if winner == us else "bad"), data_winner=str(winner)))
    sides = []
    for side, team in (("us", us), ("them", them)):
        sides.append(
            h(
                "div",
                h("span", t("team_" + side, pair=t("pair_" + team)), cls="final-team"),
                h("strong", str(totals[team]), cls="final-total"),
                cls="final-side" + (" final-winner" if team == winner else ""),
                data_team=team,
            )
        )
    score = h("section", h("h3", t("ending_final")), h("div", sides, cls="final-sides"), cls="final-score")
    figures = h(
        "section",
        h("h3", t("ending_figures")),
        h("div", _figures_html(game_figures(state), us, them), cls="figures-scroll"),
        cls="final-figures",
    )
    parts.append(h("div", score, figures, cls="ending-body"))
    buttons = (
        h("button", t("sheet_title"), type="button", data_action="scores"),
        h("button", t("close"), type="button", data_action="scores-close"),
        h("button", t("new_game"), type="button", data_action="new-game"),
        h("button", t("rematch"), type="button", cls="primary", data_action="new-game-now", autofocus=True),
    )
    parts.append(h("div", buttons, cls="dlg-buttons"))
    return str(h("div", parts, cls="ending"))


def hand_over_html(state):
    """End of a hand: the hand's sheet, the running totals, and the buttons (markup text); at the end of the game
    the ending (:func:`game_over_html`)."""
    if state["phase"] == "game-over":
        return game_over_html(state)
    state = _with_hands(state)
    results = state["results"]
    last = results[-1] if results else None
    us, them = state["us"], state["them"]
    number = last["number"] if last else state["hand_number"]
    parts = [h("h2", t("hand_over_title", n=number), id="dlg-hand-title")]
    sheet = _sheet_for(state, len(results) - 1) if last else None
    if sheet is not None:
        parts.append(hand_sheet_html(last, sheet, us, them))
    parts.append(h("h3", t("history_title")))
    parts.append(history_html(results, us, them))
    buttons = (
        h("button", t("sheet_title"), type="button", data_action="scores"),
        h("button", t("next_hand"), type="button", cls="primary", data_action="next-hand", autofocus=True),
    )
    parts.append(h("div", buttons, cls="dlg-buttons"))
    return str(join(parts))


def scores_html(state):
    """The score sheet: the running totals, then every finished hand in full, the newest first (markup text)."""
    state = _with_hands(state)
    results = state["results"]
    us, them = state["us"], state["them"]
    parts = [h("h2", t("sheet_title"), id="dlg-scores-title"), history_html(results, us, them)]
    if results:  # the running score as a chart, drawn by the worker (windows.py: score_chart)
        parts.append(h("div", cls="score-chart", id="score-chart"))
    for index in range(len(results) - 1, -1, -1):
        sheet = _sheet_for(state, index)
        if sheet is not None:
            parts.append(hand_sheet_html(results[index], sheet, us, them))
    parts.append(close_buttons())
    return str(join(parts))


def mark_overflow(root):
    """Show the sideways-scroll hint under each sheet table that is wider than its box."""
    boxes = root.querySelectorAll(".sheet-scroll")
    for i in range(boxes.length):
        box = boxes.item(i)
        if box.scrollWidth > box.clientWidth + 1:
            box.setAttribute("data-overflow", "true")
        else:
            box.removeAttribute("data-overflow")


# ----------------------------------------------------------------- a past hand, trick by trick


def past_html(hand):
    """The frame of a past hand (``.past[data-past-hand]``): title, bids, the step region, the buttons (markup
    text)."""
    number = hand["number"]
    bids = [join((who(seat), " ", h("b", bid_text(hand["bids"][seat])))) for seat in hand["bid_order"]]
    nav = h(
        "div",
        h("button", "← " + t("past_prev"), type="button", data_action="past-prev"),
        h("button", t("past_next") + " →", type="button", cls="primary", data_action="past-next", autofocus=True),
        h("button", t("past_back"), type="button", data_action="scores"),
        h("button", t("close"), type="button", data_action="close-dialog"),
        cls="dlg-buttons past-nav",
    )
    return str(
        h(
            "div",
            h("h2", t("past_title", n=number), id="dlg-scores-title"),
            h("p", fill(t("past_bids", bids="{bids}"), bids=join(bids, " · ")), cls="past-bids"),
            h("div", cls="past-step", id="past-step"),
            nav,
            h("p", t("past_keys"), cls="past-keys note"),
            cls="past",
            data_past_hand=number,
        )
    )


def _trick_card(card, seat, trick):
    won = seat == trick["winner"]
    tags = (
        h("span", t("past_led"), cls="tag led") if seat == trick["leader"] else None,
        h("span", t("past_won"), cls="tag won") if won else None,
    )
    return h(
        "div",
        h("span", who(seat), cls="past-who"),
        h(
            "div",
            card_face(card),
            cls=card_classes(card) + " small",
            role="img",
            aria_label=who(seat) + ": " + card_name(card),
        ),
        h("span", tags, cls="past-tags"),
        cls="past-slot at-" + position(seat) + (" winner" if won else ""),
        data_past_slot=seat,
        data_past_card=card,
    )


def _bid_slot(seat, bid):
    return h(
        "div",
        h("span", who(seat), cls="past-who"),
        h("div", t("bid_label", bid=bid_text(bid)), cls="past-bid"),
        h("span", cls="past-tags"),
        cls="past-slot at-" + position(seat),
        data_past_slot=seat,
    )


def _suit_of(card):
    return "S" if card in ("BJ", "LJ") else card[1:2]


def _rank_of(card):
    if card == "BJ":
        return t("joker_big")
    if card == "LJ":
        return t("joker_little")
    return "10" if card[:1] == "T" else card[:1]


def _hand_line(seat, cards, played, current, won):
    groups = []
    for suit in SUIT_ORDER:
        items = []
        for card in cards:
            if _suit_of(card) != suit:
                continue
            rank = _rank_of(card)
            if card in current:
                items.append(h("mark", rank, cls="pc now"))
            elif card in played:
                items.append(h("s", rank, cls="pc"))
            else:
                items.append(h("span", rank, cls="pc"))
        if items:
            groups.append(
                h(
                    "span",
                    h("span", SUIT_SYMBOL[suit], aria_hidden="true"),
                    h("span", t(SUIT_WORD[suit]), cls="visually-hidden"),
                    " ",
                    join(items, " "),
                    cls="pg suit-" + suit,
                )
            )
    return h(
        "li",
        h("span", who(seat), cls="past-who"),
        " ",
        h("span", t("tricks_label", n=won), cls="past-won"),
        h("span", join(groups, " "), cls="past-cards"),
        data_past_seat=seat,
    )


def past_step_html(hand, step):
    """Step ``step`` of a past hand: 0 the hands as dealt, 1–13 a trick (its four cards by seat, the leader and
    the winner; cards of earlier tricks struck out in the hands); markup text."""
    tricks = hand["tricks"]
    played = []
    won = {"N": 0, "E": 0, "S": 0, "W": 0}
    for trick in tricks[: max(0, step - 1)]:
        played.extend(trick["cards"])
        won[trick["winner"]] += 1
    current = []
    parts = []
    if step == 0:
        parts.append(h("p", t("past_dealt"), cls="past-where", aria_live="polite"))
        slots = [_bid_slot(seat, hand["bids"][seat]) for seat in SEATS]
        parts.append(h("div", slots, cls="past-trick past-bidding"))
    else:
        trick = tricks[step - 1]
        current = trick["cards"]
        won[trick["winner"]] += 1
        text = (
            t("past_step_trick", n=step, count=len(tricks)) + " · " + t("past_winner", who=who(trick["winner"]), n=step)
        )
        parts.append(h("p", text, cls="past-where", aria_live="polite"))
        slots = []
        seat = trick["leader"]
        for card in trick["cards"]:
            slots.append(_trick_card(card, seat, trick))
            seat = seat_after(seat)
        parts.append(
            h("div", slots, cls="past-trick", data_past_leader=trick["leader"], data_past_winner=trick["winner"])
        )
    lines = [_hand_line(seat, hand["deal"][seat], played, current, won[seat]) for seat in SEATS]
    parts.append(
        h(
            "div",
            h("h3", t("past_hands"), cls="past-hands-title"),
            h("ul", lines, cls="past-hands"),
            h("p", t("past_played"), cls="note") if step > 1 else None,
            cls="past-hands-box",
        )
    )
    return str(join(parts))
