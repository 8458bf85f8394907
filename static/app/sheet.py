"""The score sheet and past hands: the state's ``results`` and ``sheets`` (spades/scoresheet.py) → HTML.

Per hand: each seat's bid and tricks, nil results, made or set, the points in words from the catalog, part by
part ("Nil (North) +100 · contract 5, 1 over → 51 = +151, 1 bag"), new and running bags, the running total,
and buttons that open the hand trick by trick (op ``hand``; :mod:`review`) and review the person's play in it
(ops ``review_*``; :mod:`analysis`).  The engine says what each part is
and what it is worth (codes with parameters); this module only words them.  Wide tables scroll sideways in
their own box (``.sheet-scroll``), with a hint when they do (:func:`mark_overflow`).
"""

from i18n import bid_text, card_name, t, who
from view import SEATS, TEAM_SEATS, card_classes, card_face, esc, position, seat_after, signed

SUIT_ORDER = ("S", "H", "C", "D")  # as hands are shown
SUIT_SYMBOL = {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}
SUIT_WORD = {"C": "suit_clubs", "D": "suit_diamonds", "H": "suit_hearts", "S": "suit_spades"}
COLUMNS = ("col_team", "col_seat", "col_bid", "col_tricks", "col_points", "col_bags", "col_total")


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
    return (
        '<span class="sheet-opens"><button type="button" class="past-open" data-action="past-hand" data-hand="'
        + str(number)
        + '" aria-label="'
        + esc(t("past_open_label", n=number))
        + '">'
        + esc(t("past_open"))
        + "</button>"
        + '<button type="button" class="past-open rev-open" data-action="review" data-hand="'
        + str(number)
        + '" aria-label="'
        + esc(t("rev_open_label", n=number))
        + '">'
        + esc(t("rev_open"))
        + "</button></span>"
    )


def bid_cell(seat_line):
    text = esc(bid_text(seat_line["bid"]))
    outcome = seat_line["outcome"]
    if outcome.endswith("_made"):
        text += ' <span class="tag made">' + esc(t("made")) + "</span>"
    elif outcome.endswith("_failed"):
        text += ' <span class="tag set">' + esc(t("sheet_failed")) + "</span>"
    return text


def hand_sheet_html(result, sheet, us, them, heading="h3"):
    """One hand of the score sheet: ``section.sheet-hand[data-hand]`` with its table (``table.results``: a
    ``tbody`` per team, "us" first; the team's first row ``tr[data-team]`` holds its points, bags and
    ``td.total``), the breakdown in words (``[data-calc="NS"]``) and the button that opens the hand."""
    number = result["number"]
    title_id = "sheet-h" + str(number)
    head = "".join('<th scope="col" class="c-' + key[4:] + '">' + esc(t(key)) + "</th>" for key in COLUMNS)
    groups = []
    for side, team in (("us", us), ("them", them)):
        mine = sheet["teams"][team]
        made = result["made"].get(team)
        points = signed(mine["points"])
        if made is True:
            points += ' <span class="tag made">' + esc(t("made")) + "</span>"
        elif made is False:
            points += ' <span class="tag set">' + esc(t("set")) + "</span>"
        bags = str(mine["bags"])
        if mine["new_bags"]:
            bags += " (+" + str(mine["new_bags"]) + ")"
        rows = []
        for i, seat in enumerate(TEAM_SEATS[team]):
            line = sheet["seats"][seat]
            cells = (
                '<td class="seat-cell">'
                + esc(who(seat))
                + '</td><td class="c-bid">'
                + bid_cell(line)
                + '</td><td class="num">'
                + str(line["tricks"])
                + "</td>"
            )
            if i == 0:
                rows.append(
                    '<tr data-team="'
                    + team
                    + '" data-seat="'
                    + seat
                    + '"><th scope="rowgroup" rowspan="2">'
                    + esc(t("team_" + side + "_short"))
                    + "</th>"
                    + cells
                    + '<td rowspan="2" class="points">'
                    + points
                    + '</td><td rowspan="2" class="bags">'
                    + bags
                    + '</td><td rowspan="2" class="total">'
                    + str(mine["total"])
                    + "</td></tr>"
                )
            else:
                rows.append('<tr data-seat="' + seat + '">' + cells + "</tr>")
        calc = esc(t("sheet_team_line", team=t("team_" + side + "_short"), text=team_text(mine)))
        rows.append(
            '<tr class="calc"><td colspan="7" data-calc="'
            + team
            + '"><div class="calc-text">'
            + calc
            + "</div></td></tr>"
        )
        groups.append('<tbody class="team-' + side + '">' + "".join(rows) + "</tbody>")
    title = t("sheet_hand", n=number, who=who(result["dealer"]))
    return (
        '<section class="sheet-hand" data-hand="'
        + str(number)
        + '" aria-labelledby="'
        + title_id
        + '"><div class="sheet-head"><'
        + heading
        + ' id="'
        + title_id
        + '">'
        + esc(title)
        + "</"
        + heading
        + ">"
        + review_button(number)
        + '</div><div class="sheet-scroll" role="region" tabindex="0" aria-label="'
        + esc(t("sheet_region", n=number))
        + '"><table class="results sheet"><thead><tr>'
        + head
        + "</tr></thead>"
        + "".join(groups)
        + '</table></div><p class="scroll-hint" aria-hidden="true">'
        + esc(t("sheet_scroll_hint"))
        + " →</p></section>"
    )


def history_html(results, us, them):
    """The running totals, one row per hand (``table.history``)."""
    if not results:
        return '<p class="empty">' + esc(t("history_empty")) + "</p>"
    head = (
        '<tr><th scope="col">' + esc(t("col_hand")) + '</th><th scope="col">' + esc(t("team_us_short")) + "</th>"
        '<th scope="col">' + esc(t("col_total")) + '</th><th scope="col">' + esc(t("team_them_short")) + "</th>"
        '<th scope="col">' + esc(t("col_total")) + "</th></tr>"
    )
    rows = []
    for r in results:
        rows.append(
            '<tr><th scope="row">' + str(r["number"]) + "</th><td>" + signed(r["points"][us]) + "</td>"
            '<td class="total">' + str(r["totals"][us]) + "</td><td>" + signed(r["points"][them]) + "</td>"
            '<td class="total">' + str(r["totals"][them]) + "</td></tr>"
        )
    return '<table class="history"><thead>' + head + "</thead><tbody>" + "".join(rows) + "</tbody></table>"


def _sheet_for(state, index):
    sheets = state.get("sheets") or []
    return sheets[index] if index < len(sheets) else None


# ----------------------------------------------------------------- the two dialogs


def hand_over_html(state):
    """End of a hand (or of the game): the hand's sheet, the running totals, and the buttons."""
    results = state["results"]
    last = results[-1] if results else None
    over = state["phase"] == "game-over"
    parts = []
    us, them = state["us"], state["them"]
    if over:
        winner = state["winner"]
        parts.append('<h2 id="dlg-hand-title">' + esc(t("game_over_title")) + "</h2>")
        names = [who(seat) for seat in TEAM_SEATS[them]]
        if state["me"] in TEAM_SEATS[us]:
            partner = who(seat_after(state["me"], 2))
        else:  # a spectator: "us" is just the first team
            partner = who(TEAM_SEATS[us][1])
        if winner == us:
            text = t("winner_us", partner=partner, us=state["totals"][us], them=state["totals"][them])
        else:
            text = t("winner_them", a=names[0], b=names[1], us=state["totals"][us], them=state["totals"][them])
        parts.append(
            '<p class="winner '
            + ("good" if winner == us else "bad")
            + '" data-winner="'
            + str(winner)
            + '">'
            + esc(text)
            + "</p>"
        )
    else:
        number = last["number"] if last else state["hand_number"]
        parts.append('<h2 id="dlg-hand-title">' + esc(t("hand_over_title", n=number)) + "</h2>")
    sheet = _sheet_for(state, len(results) - 1) if last else None
    if sheet is not None:
        parts.append(hand_sheet_html(last, sheet, us, them))
    parts.append("<h3>" + esc(t("history_title")) + "</h3>")
    parts.append(history_html(results, us, them))
    sheet_button = '<button type="button" data-action="scores">' + esc(t("sheet_title")) + "</button>"
    if over:
        parts.append(
            '<div class="dlg-buttons">'
            + sheet_button
            + '<button type="button" data-action="scores-close">'
            + esc(t("close"))
            + "</button>"
            '<button type="button" class="primary" data-action="new-game-now" autofocus>'
            + esc(t("play_again"))
            + "</button></div>"
        )
    else:
        parts.append(
            '<div class="dlg-buttons">'
            + sheet_button
            + '<button type="button" class="primary" data-action="next-hand" autofocus>'
            + esc(t("next_hand"))
            + "</button></div>"
        )
    return "".join(parts)


def scores_html(state):
    """The score sheet: the running totals, then every finished hand in full, the newest first."""
    results = state["results"]
    us, them = state["us"], state["them"]
    parts = ['<h2 id="dlg-scores-title">' + esc(t("sheet_title")) + "</h2>", history_html(results, us, them)]
    if results:  # the running score as a chart, drawn by the worker (controller.py: App.score_chart)
        parts.append('<div class="score-chart" id="score-chart"></div>')
    for index in range(len(results) - 1, -1, -1):
        sheet = _sheet_for(state, index)
        if sheet is not None:
            parts.append(hand_sheet_html(results[index], sheet, us, them))
    parts.append(
        '<div class="dlg-buttons"><button type="button" class="primary" data-action="close-dialog" autofocus>'
        + esc(t("close"))
        + "</button></div>"
    )
    return "".join(parts)


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
    """The frame of a past hand (``.past[data-past-hand]``): title, bids, the step region, the buttons."""
    number = hand["number"]
    bids = []
    for seat in hand["bid_order"]:
        bids.append(esc(who(seat)) + " <b>" + esc(bid_text(hand["bids"][seat])) + "</b>")
    return (
        '<div class="past" data-past-hand="'
        + str(number)
        + '"><h2 id="dlg-scores-title">'
        + esc(t("past_title", n=number))
        + '</h2><p class="past-bids">'
        + esc(t("past_bids", bids="\x01")).replace("\x01", " · ".join(bids))
        + '</p><div class="past-step" id="past-step"></div>'
        '<div class="dlg-buttons past-nav">'
        '<button type="button" data-action="past-prev">← ' + esc(t("past_prev")) + "</button>"
        '<button type="button" class="primary" data-action="past-next" autofocus>' + esc(t("past_next")) + " →</button>"
        '<button type="button" data-action="scores">' + esc(t("past_back")) + "</button>"
        '<button type="button" data-action="close-dialog">' + esc(t("close")) + "</button></div>"
        '<p class="past-keys note">' + esc(t("past_keys")) + "</p></div>"
    )


def _trick_card(card, seat, trick):
    tags = ""
    if seat == trick["leader"]:
        tags += '<span class="tag led">' + esc(t("past_led")) + "</span>"
    if seat == trick["winner"]:
        tags += '<span class="tag won">' + esc(t("past_won")) + "</span>"
    return (
        '<div class="past-slot at-'
        + position(seat)
        + ("" if seat != trick["winner"] else " winner")
        + '" data-past-slot="'
        + seat
        + '" data-past-card="'
        + card
        + '"><span class="past-who">'
        + esc(who(seat))
        + '</span><div class="'
        + card_classes(card)
        + ' small" role="img" aria-label="'
        + esc(who(seat) + ": " + card_name(card))
        + '">'
        + card_face(card)
        + '</div><span class="past-tags">'
        + tags
        + "</span></div>"
    )


def _bid_slot(seat, bid):
    return (
        '<div class="past-slot at-'
        + position(seat)
        + '" data-past-slot="'
        + seat
        + '"><span class="past-who">'
        + esc(who(seat))
        + '</span><div class="past-bid">'
        + esc(t("bid_label", bid=bid_text(bid)))
        + '</div><span class="past-tags"></span></div>'
    )


def _suit_of(card):
    return "S" if card in ("BJ", "LJ") else card[1]


def _rank_of(card):
    if card == "BJ":
        return t("joker_big")
    if card == "LJ":
        return t("joker_little")
    return "10" if card[0] == "T" else card[0]


def _hand_line(seat, cards, played, current, won):
    groups = []
    for suit in SUIT_ORDER:
        items = []
        for card in cards:
            if _suit_of(card) != suit:
                continue
            rank = esc(_rank_of(card))
            if card in current:
                items.append('<mark class="pc now">' + rank + "</mark>")
            elif card in played:
                items.append('<s class="pc">' + rank + "</s>")
            else:
                items.append('<span class="pc">' + rank + "</span>")
        if items:
            groups.append(
                '<span class="pg suit-'
                + suit
                + '"><span aria-hidden="true">'
                + SUIT_SYMBOL[suit]
                + '</span><span class="visually-hidden">'
                + esc(t(SUIT_WORD[suit]))
                + "</span> "
                + " ".join(items)
                + "</span>"
            )
    return (
        '<li data-past-seat="'
        + seat
        + '"><span class="past-who">'
        + esc(who(seat))
        + '</span> <span class="past-won">'
        + esc(t("tricks_label", n=won))
        + '</span><span class="past-cards">'
        + " ".join(groups)
        + "</span></li>"
    )


def past_step_html(hand, step):
    """Step ``step`` of a past hand: 0 the hands as dealt, 1–13 a trick (its four cards by seat, the leader and
    the winner; cards of earlier tricks struck out in the hands)."""
    tricks = hand["tricks"]
    played = []
    won = {"N": 0, "E": 0, "S": 0, "W": 0}
    for trick in tricks[: max(0, step - 1)]:
        played.extend(trick["cards"])
        won[trick["winner"]] += 1
    current = []
    parts = []
    if step == 0:
        parts.append('<p class="past-where" aria-live="polite">' + esc(t("past_dealt")) + "</p>")
        slots = [_bid_slot(seat, hand["bids"][seat]) for seat in SEATS]
        parts.append('<div class="past-trick past-bidding">' + "".join(slots) + "</div>")
    else:
        trick = tricks[step - 1]
        current = trick["cards"]
        won[trick["winner"]] += 1
        text = (
            t("past_step_trick", n=step, count=len(tricks)) + " · " + t("past_winner", who=who(trick["winner"]), n=step)
        )
        parts.append('<p class="past-where" aria-live="polite">' + esc(text) + "</p>")
        slots = []
        seat = trick["leader"]
        for card in trick["cards"]:
            slots.append(_trick_card(card, seat, trick))
            seat = seat_after(seat)
        parts.append(
            '<div class="past-trick" data-past-leader="'
            + trick["leader"]
            + '" data-past-winner="'
            + trick["winner"]
            + '">'
            + "".join(slots)
            + "</div>"
        )
    lines = []
    for seat in SEATS:
        lines.append(_hand_line(seat, hand["deal"][seat], played, current, won[seat]))
    parts.append(
        '<div class="past-hands-box"><h3 class="past-hands-title">'
        + esc(t("past_hands"))
        + '</h3><ul class="past-hands">'
        + "".join(lines)
        + "</ul>"
        + ('<p class="note">' + esc(t("past_played")) + "</p>" if step > 1 else "")
        + "</div>"
    )
    return "".join(parts)
