"""The help's text as markup: rules, worked examples, variants, glossary, strategy and keys (pure: CPython too).

static/help/help.json (docs/page.md, "The help") is data, not code: sections (``id``, ``title``, ``blocks``) whose
every text is ``{"en", "zh-Hans", "zh-Hant"}``, shown in the page's language.  Blocks: ``p``, ``h`` (a
subheading), ``list``, ``table`` (scrolls sideways in its own box), ``trick`` (four cards in play order and the
winner), ``example`` (a team's hand scored part by part, worded by sheet.py as the score sheet words it),
``terms`` (glossary), ``presets``, ``options`` (rule options, named as the settings name them), ``scores`` (each
rule set's winning and losing scores) and ``keys`` (the page's table of every key it handles, inputs.KEYS, given
by the caller).  tests/test_help.py checks the data against the engine.

Every function here turns data into a :mod:`markup` fragment; nothing in the file becomes a tag or an
attribute name.  Fetching the file, keeping it for the visit and moving the focus are helpwindow.py's.
"""

import i18n
import sheet
from i18n import bid_text, card_short, t, who
from markup import h, join

PATH = "./static/help/help.json"
KEY_GROUPS = ("hand", "bid", "blind", "any", "menu", "review")
KEY_NAMES = {"ArrowLeft": "←", "ArrowRight": "→", "ArrowUp": "↑", "ArrowDown": "↓", "Escape": "Esc", "-": "−"}
SEATS = ("N", "E", "S", "W")


def window(body, state):
    """The help window: its title, the contents region ``#help-content[data-help=state]`` holding ``body``."""
    return h(
        "div",
        h(
            "div",
            h("h2", t("help_title"), id="dlg-help-title"),
            h("button", "×", type="button", cls="dlg-x", data_action="close-dialog", autofocus=True,
              aria_label=t("close")),
            cls="dlg-head help-head",
        ),
        h("div", body, id="help-content", data_help=state),
        h("div", h("button", t("close"), type="button", cls="primary", data_action="close-dialog"), cls="dlg-buttons"),
        cls="help-doc",
    )  # fmt: skip


def loading():
    """What the window shows while the file is on its way."""
    return h("p", t("help_loading"), cls="help-status", role="status")


def failed(error, keys):
    """The file could not be read (``error``: why, as text): the short help and the keys."""
    return join(
        [
            h("p", t("help_failed", error=error), cls="help-status", role="alert"),
            h("p", t("help_body")),
            h("h3", t("help_keys_title")),
            keys_list(keys),
        ]
    )


def text(node):
    """A text of the file in the page's language (English when missing); numbers and plain strings as they are."""
    if isinstance(node, dict):
        return node.get(i18n.lang()) or node.get("en") or ""
    return str(node)


def minus(n):
    return str(n).replace("-", "−")


def content(data, keys):
    """The contents, then every section.  Seats are named (North), never "you": the examples are about seats."""
    saved = i18n._me[0]  # who() says "You" for the person's seat
    i18n.set_me(None)
    try:
        sections = data["sections"]
        links = []
        for section in sections:
            name = str(section["id"])
            link = h("a", text(section["title"]), href="#help-s-" + name, data_help_goto=name)
            links.append(h("li", link))
        toc = h(
            "nav",
            h("h3", t("help_contents"), id="help-toc-title", tabindex="-1"),
            h("ol", links),
            cls="help-toc",
            aria_labelledby="help-toc-title",
        )
        return join([toc] + [section_view(section, keys) for section in sections])
    finally:
        i18n.set_me(saved)


def section_view(section, keys):
    """One section: its heading (the target of the contents' link), its blocks, a link back to the contents."""
    name = str(section["id"])
    return h(
        "section",
        h("h3", text(section["title"]), id="help-h-" + name, tabindex="-1"),
        [block(item, keys) for item in section["blocks"]],
        h("p", h("a", "↑ ", t("help_back"), href="#help-toc-title", data_help_goto="toc"), cls="help-back"),
        cls="help-section",
        id="help-s-" + name,
        data_help_section=name,
        aria_labelledby="help-h-" + name,
    )


def block(item, keys):
    """One block of a section (an unknown kind shows nothing)."""
    if "p" in item:
        return h("p", text(item["p"]))
    if "h" in item:
        return h("h4", text(item["h"]))
    if "list" in item:
        return h("ul", [h("li", text(line)) for line in item["list"]], cls="help-list")
    if "table" in item:
        table = item["table"]
        return scroll_box([text(cell) for cell in table["head"]], [[text(c) for c in r] for r in table["rows"]])
    if "trick" in item:
        return trick(item["trick"])
    if "example" in item:
        return example(item["example"])
    if "terms" in item:
        return terms([(text(term["term"]), {}, text(term["text"])) for term in item["terms"]])
    if "presets" in item:
        named = [
            (t("preset_" + str(p["preset"])), {"data-preset": p["preset"]}, text(p["text"])) for p in item["presets"]
        ]
        return terms(named)
    if "options" in item:
        return options(item["options"])
    if "scores" in item:
        head = [t("rule_preset"), t("rule_target"), t("rule_mercy")]
        rows = []
        for score in item["scores"]:
            mercy = score.get("mercy")
            losing = minus(mercy) if mercy is not None else "—"
            rows.append([t("preset_" + str(score["preset"])), str(score["target"]), losing])
        return scroll_box(head, rows)
    if "keys" in item:
        return keys_list(keys)
    return join([])


def scroll_box(head, rows):
    """A table in a box of its own that scrolls sideways when the table is wider than the window (a phone); the
    box is named by the table's columns (its section already has the section's name)."""
    table = h(
        "table",
        h("thead", h("tr", [h("th", cell, scope="col") for cell in head])),
        h("tbody", [h("tr", [h("td", cell) for cell in row]) for row in rows]),
        cls="help-table",
    )
    return h("div", table, cls="help-scroll", role="region", tabindex="0", aria_label=" · ".join(head))


def card(code):
    """A card in the text, with its suit's colour."""
    code = str(code)
    suit = code[1:2] if code not in ("BJ", "LJ") else "S"
    return h("span", card_short(code), cls="pg suit-" + suit, data_card=code)


def trick(item):
    """Four cards in play order from the leader, each with its seat; the leader and the winner tagged."""
    seat = item["leader"]
    winner = item["winner"]
    plays = []
    for i, code in enumerate(item["cards"]):
        led = [" ", h("span", t("past_led"), cls="tag led")] if i == 0 else None
        won = [" ", h("span", t("past_won"), cls="tag won")] if seat == winner else None
        plays.append(h("li", h("span", who(seat), cls="help-who"), " ", card(code), led, won, data_seat=seat))
        seat = SEATS[(SEATS.index(seat) + 1) % 4] if seat in SEATS else seat
    return h(
        "figure",
        h("ol", plays, cls="help-plays"),
        h("figcaption", h("strong", t("announce_trick", who=who(winner))), " ", text(item["text"])),
        cls="help-trick",
        data_winner=winner,
    )


def example(item):
    """A worked example: each seat's bid and tricks, the score in the score sheet's words, the explanation."""
    result = item["sheet"]
    seats = ("N", "S") if item["team"] == "NS" else ("E", "W")
    rows = []
    for i, seat in enumerate(seats):
        bid, tricks = item["bids"][i], item["tricks"][i]
        rows.append(h("tr", h("td", who(seat)), h("td", bid_text(bid)), h("td", str(tricks)), data_seat=seat))
    head = [h("th", t(key), scope="col") for key in ("col_seat", "col_bid", "col_tricks")]
    bags = None
    if item.get("bags_before"):
        bags = h("p", t("help_bags_line", before=item["bags_before"], after=result["bags"]), cls="help-bags")
    return h(
        "figure",
        h("figcaption", text(item["title"])),
        h("table", h("thead", h("tr", head)), h("tbody", rows), cls="help-table help-hand"),
        h("p", t("help_score_line", text=sheet.team_text(result)), cls="help-calc"),
        bags,
        h("p", text(item["text"])),
        cls="help-example",
        data_example=item["id"],
        data_points=result["points"],
        data_bags=result["new_bags"],
    )


def terms(items):
    """``(term, attributes, text)`` → a definition list; a term is text or a fragment."""
    rows = [h("div", attrs, h("dt", term), h("dd", body)) for term, attrs, body in items]
    return h("dl", rows, cls="help-terms")


def options(items):
    """Every rule option, named as the settings name it (``rule_<id>``), and its choices (bidding styles)."""
    rows = []
    for option in items:
        rule = str(option["rule"])
        choices = option.get("choices")
        listed = None
        if choices:
            named = [(t(rule + "_" + str(c["value"])), {"data-choice": c["value"]}, text(c["text"])) for c in choices]
            listed = terms(named)
        rows.append(h("div", h("dt", t("rule_" + rule)), h("dd", text(option["text"]), listed), data_rule=rule))
    return h("dl", rows, cls="help-terms help-options")


def key_name(key):
    """How a key is written in the list (arrows as arrows, Space in words)."""
    if key == " ":
        return t("help_key_space")
    return KEY_NAMES.get(key, key)


def keys_list(keys):
    """Every key the page handles (``keys``: inputs.KEYS, rows ``(where, keys, what, action)``), by where it works."""
    parts = []
    for group in KEY_GROUPS:
        rows = []
        for where, names, what, _action in keys:
            if where != group:
                continue
            kbd = join([h("kbd", key_name(key), data_key=key) for key in names], " ")
            rows.append(h("div", h("dt", kbd), h("dd", t(what))))
        parts.append(h("h4", t("help_keys_" + group)))
        parts.append(h("dl", rows, cls="help-keys", data_keys=group))
    return join(parts)
