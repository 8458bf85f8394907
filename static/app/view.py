"""Rendering: the worker's state JSON → the page (MicroPython, main thread).

Dynamic regions are rebuilt as HTML text in one assignment each (one FFI call
instead of hundreds); clicks and keys are handled by delegation in inputs.py.
The renderer knows no rules: legality, reasons, counts, the trick's winner all
come from the state.  It draws the table relative to its viewer ("me", the
state's ``me``): me at the bottom, my partner at the top, the next seat
clockwise (left-hand opponent, who plays after me) on the left, the other on
the right; "us" and "them" are the state's ``us`` and ``them``.

Pure (CPython too: tests/page).  Markup is built with :mod:`markup` only: every
text and attribute value from the state is escaped there.  What other modules
put into ``innerHTML`` comes back as text (``hand_html``, ``bid_panel_html``,
``trick_html``'s slots, ``last_trick_html``: MicroPython's FFI takes a ``str``);
the pieces others build on (``card_face``, ``bids_summary_html``,
``seat_title_html``, ``backs_html``, ``close_buttons``) are fragments.
"""

from i18n import bid_text, card_name, card_short, lang, rank_text, reason_text, t, who
from markup import fill, h, join

SEATS = ("N", "E", "S", "W")  # clockwise: the order of play
TEAM_SEATS = {"NS": ("N", "S"), "EW": ("E", "W")}
POSITIONS = ("bottom", "left", "top", "right")  # me, then clockwise: left-hand opponent, partner, right-hand
RELATIONS = {"bottom": "me", "left": "left", "top": "partner", "right": "right"}


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

SUIT_SYMBOL = {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}
CARDS = frozenset([r + s for r in "23456789TJQKA" for s in "CDHS"] + ["BJ", "LJ"])
_faces = {}  # "<lang>:<card>" -> the card's face (54 cards in three languages at most: only real cards are kept)
_buttons = {}  # everything a card of the hand shows -> its button: a card that looks the same is not built again
BUTTONS_KEPT = 160  # then the buttons kept are forgotten (a few moves' worth of hands)


CARD_IMAGES = "static/vendor/cards/"
"""Where the vendored SVG faces are (scripts/vendor.py, docs/runtime.md "Card faces"): ``KS.svg`` by card code."""
FOUR_COLOUR_SUITS = ("D", "C")  # the four-colour deck's own files: ``KD-4.svg`` (blue), ``KC-4.svg`` (green)


def card_image(card, four_colour=False):
    """The file of ``card``'s SVG face: ``static/vendor/cards/QH.svg``; ``four_colour``: the four-colour deck's
    face of a diamond or a club (``QD-4.svg``; hearts and spades are the same in both decks). ``None`` for a joker
    or anything that is not one of the 52 cards (their face stays the CSS-drawn one)."""
    if card not in CARDS or card in ("BJ", "LJ"):
        return None
    return CARD_IMAGES + card + ("-4" if four_colour and card[1] in FOUR_COLOUR_SUITS else "") + ".svg"


def card_face(card):
    """The inside of a card, as a fragment (the same card in the same language is built once): the CSS-drawn
    corners and central pip, and over them the card's SVG face (``img.face``, decorative: the card's element
    carries its name). Where the SVG cannot be had the drawn face shows through. A diamond or a club has both
    decks' faces (``face-2``, ``face-4``): the style sheet shows the one of ``html[data-four-color]``, so the
    setting needs no new markup."""
    key = lang() + ":" + card
    face = _faces.get(key)
    if face is not None:
        return face
    if card in ("BJ", "LJ"):
        star = h("span", h("span", "★", cls="rank"), cls="corner", aria_hidden="true")
        label = t("joker_big" if card == "BJ" else "joker_little")
        face = join(
            (
                star,
                h("span", label, cls="pip joker-pip", aria_hidden="true"),
                h("span", h("span", "★", cls="rank"), cls="corner corner-b", aria_hidden="true"),
            )
        )
    else:
        symbol = SUIT_SYMBOL.get(card[1:2], "?")
        corner = join((h("span", rank_text(card[:1]), cls="rank"), h("span", symbol, cls="suit")))
        image = card_image(card)
        images = []
        if image is not None:
            both = card[1] in FOUR_COLOUR_SUITS
            images.append(_face_img(image, "face face-2" if both else "face"))
            if both:
                images.append(_face_img(card_image(card, True), "face face-4"))
        parts = [
            h("span", corner, cls="corner", aria_hidden="true"),
            h("span", symbol, cls="pip", aria_hidden="true"),
            h("span", corner, cls="corner corner-b", aria_hidden="true"),
        ]
        parts.extend(images)
        face = join(parts)
    if card in CARDS:
        _faces[key] = face
    return face


def _face_img(src, cls):
    # neither lazy nor decoded asynchronously: a hand drawn anew (after each move) would show its drawn faces for a
    # moment while the images wait for a place on the screen or a decoder; both faces of a diamond are fetched
    return h("img", src=src, alt="", cls=cls, draggable="false")


def card_classes(card):
    """The ``class`` of a card's element: ``card suit-H``, ``card joker joker-big``."""
    if card in ("BJ", "LJ"):
        return "card joker " + ("joker-big" if card == "BJ" else "joker-little")
    return "card suit-" + card[1:2]


def hand_html(state, ui):
    """Your hand: ``<button data-card>``, ``aria-disabled`` (and ``data-legal="false"``) when illegal.

    Each card carries its place in one row (``--i`` of ``--n``) and in two rows (``--r`` row, ``--c`` column;
    the first ``--cols`` cards on top): the style sheet picks one or the other for the screen.  Text (the
    markup for ``#hand``).
    """
    hand = state["hand"]
    count = len(hand)
    if ui.hidden:
        count = int(state.get("hand_count", count))
        backs = [h("div", cls="card back", style="--i:" + str(i)) for i in range(count)]
        return str(
            h("div", backs, cls="fan fan-hidden", role="img", aria_label=t("hand_hidden"), style="--n:" + str(count))
        )
    my_turn = state["phase"] == "playing" and state["turn"] == state["me"] and not ui.busy
    focus = ui.focus
    selected = ui.selected
    hinted = ui.hinted
    buttons = []
    cols = (count + 1) // 2
    for i, item in enumerate(hand):
        card = item["card"]
        legal = bool(item["legal"]) and my_turn
        name = card_name(card)
        classes = card_classes(card)
        tip = None
        if legal:
            label = name
        elif my_turn:
            why = reason_text(item.get("reason"))
            label = t("card_illegal", card=name, reason=why)
            tip = why
            classes += " illegal"
        else:
            label = name
            classes += " waiting"
        if card == selected:
            classes += " selected"
        if card == hinted:
            classes += " hinted"
        pressed = card == selected
        tab = "0" if i == focus else "-1"
        key = (lang(), card, classes, legal, label, tip, i, cols, tab, pressed)
        button = _buttons.get(key)
        if button is None:
            button = h(
                "button",
                card_face(card),
                type="button",
                cls=classes,
                data_card=card,
                data_tip=tip,  # why it cannot be played: shown on purpose by screen.py's Tips, never on a bare hover
                data_legal="true" if legal else "false",
                aria_label=label,
                tabindex=tab,
                style="--i:" + str(i) + ";--r:" + ("1" if i < cols else "2") + ";--c:" + str(i % cols + 1),
                aria_disabled=None if legal else "true",
                aria_pressed="true" if pressed else None,
            )
            if len(_buttons) >= BUTTONS_KEPT:
                _buttons.clear()
            _buttons[key] = button
        buttons.append(button)
    fan = h("div", buttons, cls="fan", data_n=count, style="--n:" + str(count) + ";--cols:" + str(max(cols, 1)))
    return str(fan)


def backs_html(count):
    """``count`` card backs (a seat's hand face down)."""
    return join(h("div", cls="card back mini", style="--i:" + str(i)) for i in range(int(count)))


# ----------------------------------------------------------------- seats and scores


def seat_title(seat):
    """A seat's name (as everywhere else: ``北家``) and its relation to me: ``East · left opponent``, ``南家 · 你``."""
    return t("seat_plate", seat=t("who_" + seat), relation=t("rel_" + RELATIONS[position(seat)]))


def seat_title_html(seat):
    """:func:`seat_title` with the name and the relation in spans (``.seat-who``, ``.seat-rel``)."""
    return fill(
        t("seat_plate", seat="{seat}", relation="{relation}"),
        seat=h("span", t("who_" + seat), cls="seat-who"),
        relation=h("span", t("rel_" + RELATIONS[position(seat)]), cls="seat-rel"),
    )


_deal = {"key": None}  # the last deal shown (the controller's render asks, and pacing.py's Pacer.deal animates it)


def fresh_deal(state):
    """Whether ``state`` is a deal the table has not shown yet: the bidding, nobody has bid, every seat holds all
    its cards. Once per deal (told apart by its number, the dealer, the score and your cards), so a redraw or a
    bid does not deal it again; a reload before the first bid shows the deal again."""
    if state.get("phase") != "bidding" or any(bid is not None for bid in (state.get("bids") or {}).values()):
        return False
    left = state.get("cards_left") or {}
    if len(set(left.get(seat) for seat in SEATS)) != 1 or not left.get(SEATS[0]):
        return False
    totals = state.get("totals") or {}
    cards = ",".join(item["card"] for item in state.get("hand") or [])
    key = (state.get("hand_number"), state.get("dealer"), totals.get("NS"), totals.get("EW"), cards)
    if _deal["key"] == key:
        return False
    _deal["key"] = key
    return True


def render_seats(doc, state, ui):
    for seat in SEATS:
        pos = position(seat)
        section = doc.querySelector('.seat[data-pos="' + pos + '"]')
        bid = state["bids"].get(seat)
        tricks = state["tricks_won"].get(seat, 0)
        turn = state["turn"] == seat and state["phase"] in ("bidding", "playing")
        name = seat_title(seat)
        dealer = state["dealer"] == seat
        section.querySelector(".seat-name").innerHTML = str(seat_title_html(seat))
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
            backs.innerHTML = str(backs_html(cards))
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
    """The cards on the table, each in the slot of the seat that played it (seats in turn from the leader):
    ``{seat: markup text}``.

    ``reasons`` (card → text, movelog.py): a computer's card with a reason can take the focus and describes itself
    with it (``aria-describedby``); screen.py's Tips shows it (``data-tip``) after a hover, on focus or a tap."""
    slots = {}
    seat = leader
    reasons = reasons or {}
    for order, card in enumerate(cards):
        why = reasons.get(card)
        tip = h("span", why, cls="why-tip", role="tooltip", id="why-" + seat) if why else None
        slots[seat] = str(
            h(
                "div",
                card_face(card),
                tip,
                cls=card_classes(card) + " played from-" + position(seat),
                role="img",
                style="--order:" + str(order),
                aria_label=who(seat) + ": " + card_name(card),
                tabindex="0" if why else None,
                data_why=bool(why),
                data_tip=why,
                aria_describedby="why-" + seat if why else None,
            )
        )
        seat = seat_after(seat)
    return slots


# ----------------------------------------------------------------- tooltips: where one goes

TIP_GAP = 6  # px between a tooltip and what it must not cover
TIP_MARGIN = 4  # px kept from the screen's edges


def _overlap(a, b):
    """The area two boxes ``(left, top, right, bottom)`` share (0 when they only touch)."""
    return max(0, min(a[2], b[2]) - max(a[0], b[0])) * max(0, min(a[3], b[3]) - max(a[1], b[1]))


def tip_place(anchor, size, screen, avoid):
    """Where a tooltip of ``size`` ``(width, height)`` goes for ``anchor`` (its box ``(left, top, right,
    bottom)``) on a ``screen`` ``(width, height)``: ``(left, top)`` of its box, in px.

    The rule: the tooltip never covers its anchor nor any box of ``avoid`` (the trick, the status line, a
    lesson's instruction: what the person is reading), and it stays on the screen. The places tried lie beside
    the anchor and beside each box to avoid (above, below, before, after, each kept on the screen); of those that
    cover nothing, the nearest to the anchor wins. Where every place covers something (a screen too small) the
    one covering the least area wins, the nearer of equals."""
    width, height = size
    screen_w, screen_h = screen
    boxes = [tuple(box) for box in avoid if box] + [tuple(anchor)]
    left, top, right, bottom = anchor
    xs = [(left + right - width) / 2, left - TIP_GAP - width, right + TIP_GAP, left, right - width]
    ys = [top - TIP_GAP - height, bottom + TIP_GAP, (top + bottom - height) / 2]
    for box in boxes:
        xs += [box[0] - TIP_GAP - width, box[2] + TIP_GAP]
        ys += [box[1] - TIP_GAP - height, box[3] + TIP_GAP]

    def kept(value, room, length):
        return max(TIP_MARGIN, min(value, room - TIP_MARGIN - length))

    centre_x, centre_y = (left + right) / 2, (top + bottom) / 2
    best = None
    for y in ys:
        y = kept(y, screen_h, height)
        for x in xs:
            x = kept(x, screen_w, width)
            box = (x, y, x + width, y + height)
            covered = sum(_overlap(box, other) for other in boxes)
            distance = abs(x + width / 2 - centre_x) + abs(y + height / 2 - centre_y)
            key = (covered, distance)
            if best is None or key < best[0]:
                best = (key, (round(x), round(y)))
    return best[1]


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
    """The bids so far, seat by seat, and the totals: ours, theirs, the table's."""
    rows = []
    total = 0
    for seat in SEATS:
        bid = state["bids"].get(seat)
        if isinstance(bid, int) and bid > 0:
            total += bid
        rows.append(
            h(
                "li",
                h("span", who(seat)),
                " ",
                h("b", bid_text(bid)),
                cls="bs-seat" + (" pending" if bid is None else ""),
            )
        )
    ours = team_bid_text(state["bids"], TEAM_SEATS[state["us"]])
    theirs = team_bid_text(state["bids"], TEAM_SEATS[state["them"]])
    totals = (t("team_total", n=ours), t("their_total", n=theirs), t("table_total", n=total))
    return join(
        (
            h("ul", rows, cls="bids-so-far", aria_label=t("bids_so_far")),
            h("p", join((h("span", text) for text in totals), " · "), cls="bid-totals"),
        )
    )


def bid_panel_html(state, ui):
    """The bidding window, or the blind nil choice before the person looks at the cards (markup text)."""
    legal = state["legal_bids"]
    if ui.hidden and state.get("can_blind_nil"):
        rules = state["rules"]
        choice = h(
            "div",
            h("button", t("bid_blind_button"), type="button", cls="bid bid-blind", data_bid="blind_nil"),
            h("button", t("show_cards"), type="button", cls="primary", data_action="show-cards"),
            cls="bid-choice",
        )
        return str(
            join(
                (
                    h("h3", t("bid_blind_title"), id="bid-title"),
                    bids_summary_html(state),
                    h("p", t("bid_blind_text", value=rules.get("blind_nil_value"))),
                    choice,
                )
            )
        )
    reasons = state.get("bid_reasons") or {}

    def why(bid):
        return reason_text(reasons.get(str(bid))) or t("bid_not_allowed")

    buttons = []
    if state["rules"].get("nil") or 0 in legal:
        ok = 0 in legal
        buttons.append(
            h(
                "button",
                t("nil"),
                type="button",
                cls="bid bid-nil",
                data_bid="nil",
                disabled=not ok,
                title=None if ok else why(0),
                aria_label=t("bid_nil_button"),
            )
        )
    for n in range(1, 14):
        ok = n in legal
        buttons.append(
            h(
                "button",
                n,
                type="button",
                cls="bid",
                data_bid=n,
                disabled=not ok,
                title=None if ok else why(n),
                aria_label=t("bid_button", n=n),
            )
        )
    # The rule that forbids some bids (minimum team bid, Suicide, Whiz, Mirror), said once in words.
    texts = []
    for key in sorted(reasons, key=int):
        if int(key) < 0 or (int(key) == 0 and not state["rules"].get("nil")):
            continue
        text = reason_text(reasons[key])
        if text and text not in texts:
            texts.append(text)
    return str(
        join(
            (
                h("h3", t("bid_title"), id="bid-title"),
                bids_summary_html(state),
                h("div", buttons, cls="bid-grid"),
                h("p", " · ".join(texts), cls="bid-rule", data_bid_rule=True) if texts else None,
                h("p", t("bid_keys"), cls="bid-keys"),
            )
        )
    )


# ----------------------------------------------------------------- results


def signed(n):
    return ("+" if n > 0 else "") + str(n)


def last_trick_html(state, reasons=None):
    """The last trick; ``reasons`` (card → text, movelog.py): the computer's reason under its card (markup text)."""
    last = state.get("last_trick")
    parts = [h("h2", t("last_trick_title"), id="dlg-scores-title")]
    if not last:
        parts.append(h("p", t("last_trick_none")))
    else:
        reasons = reasons or {}
        seat = last["leader"]
        items = []
        for card in last["cards"]:
            why = reasons.get(card)
            items.append(
                h(
                    "li",
                    h("span", who(seat)),
                    h(
                        "div",
                        card_face(card),
                        cls=card_classes(card) + " small",
                        role="img",
                        aria_label=card_name(card),
                    ),
                    h("small", why, cls="log-why") if why else None,
                    cls="lt-item winner" if seat == last["winner"] else "lt-item",
                )
            )
            seat = seat_after(seat)
        parts.append(h("ul", items, cls="last-trick"))
        parts.append(h("p", t("last_trick_won", who=who(last["winner"]))))
    parts.append(close_buttons())
    return str(join(parts))


def close_buttons():
    """A window's one button: *Close*, with the focus (``.dlg-buttons``)."""
    return h(
        "div",
        h("button", t("close"), type="button", cls="primary", data_action="close-dialog", autofocus=True),
        cls="dlg-buttons",
    )


def blind_status(state):
    """The line above your hand while nobody's turn is known during a hand (a host-blind hand's, docs/fair-play.md):
    the devices dealing, the 2♣ still to be led by whoever holds it (only that seat's device knows), or the hand's
    check once its 13 tricks are played (every device shows its keys)."""
    blind = state.get("blind") if isinstance(state.get("blind"), dict) else {}
    if blind.get("phase") == "dealing":
        return t("status_blind_dealing")
    if blind.get("phase") == "over" or blind.get("revealed") or state["phase"] != "playing":
        return t("status_blind_check")
    return t("status_blind_lead")


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
    if turn is None:
        return blind_status(state)
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


# ----------------------------------------------------------------- the move clock (online tables)

CLOCK_WARN_S = 5
"""The move clock's last seconds (move time and reserve together), shown in the warning colour."""


def clock_left(clock, elapsed):
    """What the move clock shows ``elapsed`` ms after the host sent ``clock`` (a state's ``{"seat", "move_ms",
    "reserve_ms"}``, spades/table/room.py ``Room.clock``): ``(seat, seconds of move time left, seconds of reserve
    left)``, rounded up (a second that has begun is still there); the move time runs out first, then the reserve,
    after the clock's ``wait_ms`` if it has one (the lead after a finished trick). ``None`` when nothing is timed."""
    if not isinstance(clock, dict) or clock.get("seat") not in SEATS:
        return None
    move, reserve, wait = clock.get("move_ms"), clock.get("reserve_ms"), clock.get("wait_ms", 0)
    if not isinstance(move, int) or not isinstance(reserve, int) or not isinstance(wait, int):
        return None
    spent = max(0, int(elapsed) - wait)
    move_left = max(0, move - spent)
    reserve_left = max(0, reserve - max(0, spent - move))
    return clock["seat"], (move_left + 999) // 1000, (reserve_left + 999) // 1000


def clock_face(move, reserve):
    """The clock's text and level for ``move`` and ``reserve`` seconds left: ``0:18`` while the move time runs,
    ``reserve 0:45`` on the reserve; level ``warn`` for the last :data:`CLOCK_WARN_S` seconds of both, ``reserve``
    on the reserve, else ``""``."""

    def minutes(seconds):
        return str(seconds // 60) + ":" + ("0" if seconds % 60 < 10 else "") + str(seconds % 60)

    text = minutes(move) if move > 0 else t("online_clock_reserve", time=minutes(reserve))
    level = "warn" if move + reserve <= CLOCK_WARN_S else "reserve" if move == 0 else ""
    return text, level


def render_clock(doc, left):
    """The move clock (``left``: :func:`clock_left`) on the plate of the seat it times: one ``#move-clock`` chip
    (``[data-clock=SEAT]``, ``data-left`` the seconds left in all, ``data-level``) moved to that seat's plate,
    hidden while nothing is timed."""
    chip = doc.getElementById("move-clock")
    if chip is None:
        if left is None:
            return
        chip = doc.createElement("span")
        chip.id = "move-clock"
        chip.className = "seat-clock"
        chip.setAttribute("role", "timer")
    plate = doc.querySelector(".seat.seat-" + left[0] + " .seat-plate") if left is not None else None
    if plate is None:
        chip.hidden = True
        chip.setAttribute("data-clock", "")
        return
    if not plate.contains(chip):
        plate.appendChild(chip)
    seat, move, reserve = left
    text, level = clock_face(move, reserve)
    chip.textContent = text
    chip.hidden = False
    chip.setAttribute("data-clock", seat)
    chip.setAttribute("data-left", str(move + reserve))
    chip.setAttribute("data-level", level)
    chip.setAttribute("aria-label", t("online_clock_label", move=move, reserve=reserve))
