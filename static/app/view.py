"""Rendering: the worker's state JSON → the page (MicroPython, main thread).

Dynamic regions are rebuilt as HTML text in one assignment each (one FFI call
instead of hundreds); clicks and keys are handled by delegation in inputs.py.
The renderer knows no rules: legality, reasons, counts, the trick's winner all
come from the state.  It draws the table relative to its viewer ("me", the
state's ``me``): me at the bottom, my partner at the top, the next seat
clockwise (left-hand opponent, who plays after me) on the left, the other on
the right; "us" and "them" are the state's ``us`` and ``them``.
"""

from i18n import bid_text, card_name, card_short, rank_text, reason_text, t, who

SEATS = ("N", "E", "S", "W")  # clockwise: the order of play
TEAM_SEATS = {"NS": ("N", "S"), "EW": ("E", "W")}
POSITIONS = ("bottom", "left", "top", "right")  # me, then clockwise: left-hand opponent, partner, right-hand
RELATIONS = {"bottom": "me", "left": "left", "top": "partner", "right": "right"}


def esc(text):
    return str(text).replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace('"', "&quot;")


def seat_after(seat, steps=1):
    return SEATS[(SEATS.index(seat) + steps) % 4]


def layout(me):
    """``{seat: position}`` for a viewer at ``me``."""
    return {seat_after(me, k): POSITIONS[k] for k in range(4)}


_where = {"me": None, "pos": layout("S")}  # the seats' places on the page (static HTML: South at the bottom)


def position(seat):
    return _where["pos"][seat]


def place_seats(doc, me):
    """Put each seat in its place around the table for a viewer at ``me`` (only when ``me`` changes)."""
    if me is None or me == _where["me"]:
        return
    _where["me"] = me
    _where["pos"] = layout(me)
    for seat in SEATS:
        pos = _where["pos"][seat]
        doc.querySelector('.seat[data-pos="' + pos + '"]').setAttribute("data-seat", seat)
        slot = doc.querySelector('.slot[data-pos="' + pos + '"]')
        slot.setAttribute("data-slot", seat)
        slot.innerHTML = ""
    _slots.clear()


# ----------------------------------------------------------------- cards


def card_face(card):
    """The inside of a card (CSS-drawn: corners and a central pip)."""
    if card in ("BJ", "LJ"):
        label = esc(t("joker_big" if card == "BJ" else "joker_little"))
        return (
            '<span class="corner" aria-hidden="true"><span class="rank">★</span></span>'
            '<span class="pip joker-pip" aria-hidden="true">' + label + "</span>"
            '<span class="corner corner-b" aria-hidden="true"><span class="rank">★</span></span>'
        )
    rank = esc(rank_text(card[0]))
    symbol = {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}[card[1]]
    corner = '<span class="rank">' + rank + '</span><span class="suit">' + symbol + "</span>"
    return (
        '<span class="corner" aria-hidden="true">' + corner + "</span>"
        '<span class="pip" aria-hidden="true">' + symbol + "</span>"
        '<span class="corner corner-b" aria-hidden="true">' + corner + "</span>"
    )


def card_classes(card):
    if card in ("BJ", "LJ"):
        return "card joker " + ("joker-big" if card == "BJ" else "joker-little")
    return "card suit-" + card[1]


def hand_html(state, ui):
    """Your hand: ``<button data-card>``, ``aria-disabled`` (and ``data-legal="false"``) when illegal.

    Each card carries its place in one row (``--i`` of ``--n``) and in two rows (``--r`` row, ``--c`` column;
    the first ``--cols`` cards on top): the style sheet picks one or the other for the screen.
    """
    hand = state["hand"]
    count = len(hand)
    if ui.hidden:
        count = state.get("hand_count", count)
        backs = "".join('<div class="card back" style="--i:' + str(i) + '"></div>' for i in range(count))
        return (
            '<div class="fan fan-hidden" role="img" aria-label="'
            + esc(t("hand_hidden"))
            + '" style="--n:'
            + str(count)
            + '">'
            + backs
            + "</div>"
        )
    my_turn = state["phase"] == "playing" and state["turn"] == state["me"] and not ui.busy
    focus = ui.focus
    selected = ui.selected
    hinted = ui.hinted
    parts = []
    cols = (count + 1) // 2
    for i, item in enumerate(hand):
        card = item["card"]
        legal = bool(item["legal"]) and my_turn
        name = card_name(card)
        classes = [card_classes(card)]
        tip = ""
        if legal:
            label = name
        elif my_turn:
            why = reason_text(item.get("reason"))
            label = t("card_illegal", card=name, reason=why)
            tip = why
            classes.append("illegal")
        else:
            label = name
            classes.append("waiting")
        if card == selected:
            classes.append("selected")
        if card == hinted:
            classes.append("hinted")
        attrs = [
            'type="button"',
            'class="' + " ".join(classes) + '"',
            'data-card="' + card + '"',
            'data-legal="' + ("true" if legal else "false") + '"',
            'aria-label="' + esc(label) + '"',
            'tabindex="' + ("0" if i == focus else "-1") + '"',
            'style="--i:' + str(i) + ";--r:" + str(1 if i < cols else 2) + ";--c:" + str(i % cols + 1) + '"',
        ]
        if not legal:
            attrs.append('aria-disabled="true"')
        if card == selected:
            attrs.append('aria-pressed="true"')
        body = card_face(card)
        if tip:
            body += '<span class="tip" aria-hidden="true">' + esc(tip) + "</span>"
        parts.append("<button " + " ".join(attrs) + ">" + body + "</button>")
    return (
        '<div class="fan" data-n="'
        + str(count)
        + '" style="--n:'
        + str(count)
        + ";--cols:"
        + str(max(cols, 1))
        + '">'
        + "".join(parts)
        + "</div>"
    )


def backs_html(count):
    return "".join('<div class="card back mini" style="--i:' + str(i) + '"></div>' for i in range(count))


# ----------------------------------------------------------------- seats and scores


def seat_title(seat):
    """A seat's name (as everywhere else: ``北家``) and its relation to me: ``East · left opponent``, ``南家 · 你``."""
    return t("seat_plate", seat=t("who_" + seat), relation=t("rel_" + RELATIONS[position(seat)]))


def seat_title_html(seat):
    """:func:`seat_title` with the name and the relation in spans (``.seat-who``, ``.seat-rel``)."""
    text = esc(t("seat_plate", seat="\x01", relation="\x02"))
    name = '<span class="seat-who">' + esc(t("who_" + seat)) + "</span>"
    relation = '<span class="seat-rel">' + esc(t("rel_" + RELATIONS[position(seat)])) + "</span>"
    return text.replace("\x01", name).replace("\x02", relation)


def render_seats(doc, state, ui):
    for seat in SEATS:
        pos = position(seat)
        section = doc.querySelector('.seat[data-pos="' + pos + '"]')
        bid = state["bids"].get(seat)
        tricks = state["tricks_won"].get(seat, 0)
        turn = state["turn"] == seat and state["phase"] in ("bidding", "playing")
        name = seat_title(seat)
        dealer = state["dealer"] == seat
        section.querySelector(".seat-name").innerHTML = seat_title_html(seat)
        chip = section.querySelector(".dealer-chip")
        chip.textContent = t("dealer")
        chip.hidden = not dealer
        bid_el = section.querySelector(".seat-bid")
        if bid is None:
            bid_el.textContent = ""
            bid_el.className = "seat-bid empty"
        else:
            bid_el.textContent = t("bid_label", bid=bid_text(bid))
            bid_el.className = "seat-bid" + (" nil" if bid in ("nil", "blind_nil") else "")
        tricks_el = section.querySelector(".seat-tricks")
        tricks_el.textContent = t("tricks_label", n=tricks) if state["phase"] != "bidding" else ""
        cls = "seat at-" + pos + " seat-" + seat + (" turn" if turn else "") + (" dealer" if dealer else "")
        section.className = cls
        cards = state["cards_left"].get(seat, 0)
        section.setAttribute("aria-label", t("seat_label", name=name, bid=bid_text(bid), tricks=tricks, cards=cards))
        if turn:
            section.setAttribute("aria-current", "true")
        else:
            section.removeAttribute("aria-current")
        backs = section.querySelector(".backs")
        if backs is not None and ui.backs.get(seat) != cards:
            ui.backs[seat] = cards
            backs.innerHTML = backs_html(cards)
            backs.setAttribute("style", "--n:" + str(cards))


def render_scores(doc, state):
    """The score box: "us" (the state's ``us``) first, "them" second; hooks keyed by team."""
    totals = state["totals"]
    bags = state["bags"]
    rules = state["rules"]
    for side, team in (("us", state["us"]), ("them", state["them"])):
        box = doc.querySelector(".team-" + side)
        box.setAttribute("data-team", team)
        box.querySelector(".team-name").textContent = t("team_" + side, pair=t("pair_" + team))
        score = box.querySelector(".team-score")
        score.setAttribute("data-score", team)
        score.textContent = str(totals[team])
        limit = rules.get("bags_limit")
        bags_el = box.querySelector(".team-bags [data-bags]")
        bags_el.setAttribute("data-bags", team)
        bags_el.textContent = str(bags[team]) + ("/" + str(limit) if limit else "")
        bags_el.parentElement.setAttribute("title", t("bags_of", n=bags[team]))
        contract = box.querySelector(".team-contract")
        contract.setAttribute("data-contract", team)
        seats = TEAM_SEATS[team]
        if state["phase"] in ("bidding", "playing") and any(state["bids"].get(s) is not None for s in seats):
            won = sum(state["tricks_won"].get(s, 0) for s in seats)
            contract.textContent = t("contract", bid=team_bid_text(state["bids"], seats, True), won=won)
        else:
            contract.textContent = ""
    info = doc.getElementById("game-info")
    info.textContent = t("game_info", n=state["hand_number"], target=rules.get("target"))


def score_glance(state):
    """What the score box shows, kept in the save (``scores``) so that the next visit paints it before any Python
    runs (static/app/boot.js): no 0–0 before the saved game appears."""
    return {
        "us": state["us"],
        "them": state["them"],
        "totals": state["totals"],
        "bags": state["bags"],
        "limit": state["rules"].get("bags_limit") or 0,
    }


def team_bid_text(bids, seats, named=False):
    """A team's bids: ``7``, ``4 + Nil``; ``named``: ``4 + Nil (North)`` (the nil bidder said, as on the sheet)."""
    nils = []
    number = 0
    for seat in seats:
        bid = bids.get(seat)
        if bid is None:
            continue
        if isinstance(bid, int) and bid > 0:
            number += bid
        else:
            nils.append(t("bid_by", bid=bid_text(bid), who=who(seat)) if named else bid_text(bid))
    parts = [str(number)] if number or not nils else []
    return " + ".join(parts + nils)


# ----------------------------------------------------------------- trick


def trick_html(cards, leader, reasons=None):
    """The cards on the table, each in the slot of the seat that played it (seats in turn from the leader).

    ``reasons`` (card → text, movelog.py): a computer's card with a reason can take the focus and describes itself
    with it (``aria-describedby``), shown as a tooltip on hover, focus or a tap (``[data-why]``)."""
    slots = {}
    seat = leader
    for order, card in enumerate(cards):
        classes = card_classes(card) + " played from-" + position(seat)
        why = (reasons or {}).get(card)
        extra = ""
        tip = ""
        if why:
            extra = ' tabindex="0" data-why aria-describedby="why-' + seat + '"'
            tip = '<span class="why-tip" role="tooltip" id="why-' + seat + '">' + esc(why) + "</span>"
        slots[seat] = (
            '<div class="'
            + classes
            + '" role="img" style="--order:'
            + str(order)
            + '" aria-label="'
            + esc(who(seat) + ": " + card_name(card))
            + '"'
            + extra
            + ">"
            + card_face(card)
            + tip
            + "</div>"
        )
        seat = seat_after(seat)
    return slots


_slots = {}  # what each trick slot shows: unchanged slots are left alone, so animations run once


def render_trick(doc, cards, leader, winner=None, collect=None, reasons=None):
    slots = trick_html(cards, leader, reasons) if cards else {}
    trick = doc.getElementById("trick")
    # the winner and the sweep are classes of the trick: the cards' elements stay, so they animate once
    trick.className = (
        "trick"
        + (" win-" + position(winner) if winner else "")
        + (" collect collect-" + position(collect) if collect else "")
    )
    for seat in SEATS:
        html = slots.get(seat, "")
        if _slots.get(seat) != html:
            _slots[seat] = html
            doc.querySelector('.slot[data-pos="' + position(seat) + '"]').innerHTML = html


def forget_trick():
    """After a language change: the labels inside the trick must be rebuilt."""
    _slots.clear()


# ----------------------------------------------------------------- bidding


def bids_summary_html(state):
    rows = []
    for seat in SEATS:
        bid = state["bids"].get(seat)
        cls = "bs-seat" + (" pending" if bid is None else "")
        rows.append(
            '<li class="' + cls + '"><span>' + esc(who(seat)) + "</span> <b>" + esc(bid_text(bid)) + "</b></li>"
        )
    ours = team_bid_text(state["bids"], TEAM_SEATS[state["us"]])
    theirs = team_bid_text(state["bids"], TEAM_SEATS[state["them"]])
    total = 0
    for seat in SEATS:
        bid = state["bids"].get(seat)
        if isinstance(bid, int) and bid > 0:
            total += bid
    return (
        '<ul class="bids-so-far" aria-label="' + esc(t("bids_so_far")) + '">' + "".join(rows) + "</ul>"
        '<p class="bid-totals"><span>'
        + esc(t("team_total", n=ours))
        + "</span> · <span>"
        + esc(t("their_total", n=theirs))
        + "</span> · <span>"
        + esc(t("table_total", n=total))
        + "</span></p>"
    )


def bid_panel_html(state, ui):
    """The bidding window, or the blind nil choice before the person looks at the cards."""
    legal = state["legal_bids"]
    if ui.hidden and state.get("can_blind_nil"):
        rules = state["rules"]
        return (
            '<h3 id="bid-title">'
            + esc(t("bid_blind_title"))
            + "</h3>"
            + bids_summary_html(state)
            + "<p>"
            + esc(t("bid_blind_text", value=rules.get("blind_nil_value")))
            + "</p>"
            '<div class="bid-choice">'
            '<button type="button" class="bid bid-blind" data-bid="blind_nil">'
            + esc(t("bid_blind_button"))
            + "</button>"
            '<button type="button" class="primary" data-action="show-cards">' + esc(t("show_cards")) + "</button>"
            "</div>"
        )
    reasons = state.get("bid_reasons") or {}

    def why(bid):
        return reason_text(reasons.get(str(bid))) or t("bid_not_allowed")

    buttons = []
    if state["rules"].get("nil") or 0 in legal:
        ok = 0 in legal
        buttons.append(
            '<button type="button" class="bid bid-nil" data-bid="nil"'
            + ("" if ok else ' disabled title="' + esc(why(0)) + '"')
            + ' aria-label="'
            + esc(t("bid_nil_button"))
            + '">'
            + esc(t("nil"))
            + "</button>"
        )
    for n in range(1, 14):
        ok = n in legal
        buttons.append(
            '<button type="button" class="bid" data-bid="'
            + str(n)
            + '"'
            + ("" if ok else ' disabled title="' + esc(why(n)) + '"')
            + ' aria-label="'
            + esc(t("bid_button", n=n))
            + '">'
            + str(n)
            + "</button>"
        )
    # The rule that forbids some bids (minimum team bid, Suicide, Whiz, Mirror), said once in words.
    texts = []
    for key in sorted(reasons, key=int):
        if int(key) < 0 or (int(key) == 0 and not state["rules"].get("nil")):
            continue
        text = reason_text(reasons[key])
        if text and text not in texts:
            texts.append(text)
    rules_line = '<p class="bid-rule" data-bid-rule>' + esc(" · ".join(texts)) + "</p>" if texts else ""
    return (
        '<h3 id="bid-title">'
        + esc(t("bid_title"))
        + "</h3>"
        + bids_summary_html(state)
        + '<div class="bid-grid">'
        + "".join(buttons)
        + "</div>"
        + rules_line
        + '<p class="bid-keys">'
        + esc(t("bid_keys"))
        + "</p>"
    )


# ----------------------------------------------------------------- results


def signed(n):
    return ("+" if n > 0 else "") + str(n)


def last_trick_html(state, reasons=None):
    """The last trick; ``reasons`` (card → text, movelog.py): the computer's reason under its card."""
    last = state.get("last_trick")
    parts = ['<h2 id="dlg-scores-title">' + esc(t("last_trick_title")) + "</h2>"]
    if not last:
        parts.append("<p>" + esc(t("last_trick_none")) + "</p>")
    else:
        seat = last["leader"]
        items = []
        for card in last["cards"]:
            won = " winner" if seat == last["winner"] else ""
            items.append(
                '<li class="lt-item'
                + won
                + '"><span>'
                + esc(who(seat))
                + '</span><div class="'
                + card_classes(card)
                + ' small" role="img" aria-label="'
                + esc(card_name(card))
                + '">'
                + card_face(card)
                + "</div>"
                + ('<small class="log-why">' + esc(reasons[card]) + "</small>" if reasons and reasons.get(card) else "")
                + "</li>"
            )
            seat = seat_after(seat)
        parts.append('<ul class="last-trick">' + "".join(items) + "</ul>")
        parts.append("<p>" + esc(t("last_trick_won", who=who(last["winner"]))) + "</p>")
    parts.append(
        '<div class="dlg-buttons"><button type="button" class="primary" data-action="close-dialog" autofocus>'
        + esc(t("close"))
        + "</button></div>"
    )
    return "".join(parts)


def help_html():
    """The help window: helpdoc.py, from static/help/help.json (fetched when Help first opens)."""
    import helpdoc  # here, not at the top: helpdoc imports this module

    return helpdoc.html()


def status_text(state, ui):
    """The line above your hand: whose turn, or why some of your cards are dimmed."""
    phase = state["phase"]
    turn = state["turn"]
    if ui.message:
        return ui.message
    if ui.note:
        return ui.note
    if phase == "hand-over":
        return t("status_hand_over")
    if phase == "game-over":
        return t("status_game_over")
    if turn != state["me"]:
        return t("status_wait_bid" if phase == "bidding" else "status_thinking", who=who(turn))
    if phase == "bidding":
        return t("hand_hidden") if ui.hidden else t("status_bid")
    if ui.selected:
        return t("status_lifted" if ui.lifting else "status_selected", card=card_short(ui.selected))
    reasons = [h.get("reason") for h in state["hand"] if not h["legal"] and h.get("reason")]
    if reasons:
        return t("status_play_follow", reason=reason_text(reasons[0]))
    if not state["trick"]:
        return t("status_play_lead")
    return t("status_play")
