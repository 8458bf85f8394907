"""The help window: rules, worked examples, variants, glossary, strategy and keys, from static/help/help.json.

The file (docs/page.md, "The help") is fetched the first time Help opens, then kept for the visit; the service
worker precaches it with everything else under static/, so Help opens offline too.  It is data, not code:
sections (``id``, ``title``, ``blocks``) whose every text is ``{"en", "zh-Hans", "zh-Hant"}``, shown in the
page's language.  Blocks: ``p``, ``h`` (a subheading), ``list``, ``table`` (scrolls sideways in its own box),
``trick`` (four cards in play order and the winner), ``example`` (a team's hand scored part by part, worded by
sheet.py as the score sheet words it), ``terms`` (glossary), ``presets``, ``options`` (rule options, named as
the settings name them), ``scores`` (each rule set's winning and losing scores) and ``keys`` (inputs.KEYS, the
one table of every key the page handles).  tests/test_help.py checks the data against the engine.

The contents are links that move the focus to their section (and back); the address is never changed.
"""

import json

import i18n
import js
import sheet
from dom import by_id
from i18n import bid_text, card_short, t, who
from pyscript.ffi import create_proxy
from tasks import spawn
from view import esc

PATH = "./static/help/help.json"
KEY_GROUPS = ("hand", "bid", "blind", "any", "menu", "review")
KEY_NAMES = {"ArrowLeft": "←", "ArrowRight": "→", "ArrowUp": "↑", "ArrowDown": "↓", "Escape": "Esc", "-": "−"}

_help = {"data": None, "loading": False, "listening": False, "html": {}}  # "html": the contents by language


def html():
    """The help window's HTML; the first time, a "loading" line that the fetched text replaces (:func:`load`)."""
    data = _help["data"]
    if data is not None:
        lang = i18n.lang()
        if lang not in _help["html"]:
            _help["html"][lang] = content_html(data)
        body, state = _help["html"][lang], "ready"
    else:
        body, state = '<p class="help-status" role="status">' + esc(t("help_loading")) + "</p>", "loading"
        if not _help["loading"]:
            _help["loading"] = True
            spawn(load())
    listen()
    return (
        '<div class="help-doc"><div class="dlg-head help-head"><h2 id="dlg-help-title">'
        + esc(t("help_title"))
        + '</h2><button type="button" class="dlg-x" data-action="close-dialog" autofocus aria-label="'
        + esc(t("close"))
        + '">×</button></div><div id="help-content" data-help="'
        + state
        + '">'
        + body
        + '</div><div class="dlg-buttons"><button type="button" class="primary" data-action="close-dialog">'
        + esc(t("close"))
        + "</button></div></div>"
    )


async def load():
    """Fetch the help's text, then fill the window if it is still open; on failure, the short help and the keys."""
    try:
        response = await js.fetch(PATH)
        if not response.ok:
            raise OSError("HTTP " + str(response.status))
        data = json.loads(str(await response.text()))
        body = content_html(data)
        _help["data"] = data
        _help["html"][i18n.lang()] = body
        state = "ready"
    except Exception as error:
        body = (
            '<p class="help-status" role="alert">'
            + esc(t("help_failed", error=str(error)))
            + "</p><p>"
            + esc(t("help_body"))
            + "</p><h3>"
            + esc(t("help_keys_title"))
            + "</h3>"
            + keys_html()
        )
        state = "failed"  # the next opening tries again
    finally:
        _help["loading"] = False
    box = by_id("help-content")
    if box is not None:
        box.innerHTML = body
        box.setAttribute("data-help", state)


def listen():
    if not _help["listening"]:
        _help["listening"] = True
        by_id("dlg-help").addEventListener("click", create_proxy(on_click))


def on_click(event):
    target = event.target
    if target is None or not hasattr(target, "closest"):
        return
    link = target.closest("[data-help-goto]")
    if link is not None:
        event.preventDefault()
        goto(str(link.getAttribute("data-help-goto")))


def goto(name):
    """Move the focus to a section's heading (``toc``: the contents), scrolled to the top of the window."""
    heading = by_id("help-toc-title" if name == "toc" else "help-h-" + name)
    if heading is not None:
        heading.scrollIntoView()
        heading.focus()


# ----------------------------------------------------------------- the text


def text(node):
    """A text of the file in the page's language (English when missing); numbers and plain strings as they are."""
    if isinstance(node, dict):
        return node.get(i18n.lang()) or node.get("en") or ""
    return str(node)


def minus(n):
    return str(n).replace("-", "−")


def content_html(data):
    """The contents, then every section.  Seats are named (North), never "you": the examples are about seats."""
    saved = i18n._me[0]  # who() says "You" for the person's seat
    i18n.set_me(None)
    try:
        sections = data["sections"]
        links = []
        parts = []
        for section in sections:
            name = section["id"]
            title = esc(text(section["title"]))
            links.append('<li><a href="#help-s-' + name + '" data-help-goto="' + name + '">' + title + "</a></li>")
            parts.append(section_html(section))
        toc = (
            '<nav class="help-toc" aria-labelledby="help-toc-title"><h3 id="help-toc-title" tabindex="-1">'
            + esc(t("help_contents"))
            + "</h3><ol>"
            + "".join(links)
            + "</ol></nav>"
        )
        return toc + "".join(parts)
    finally:
        i18n.set_me(saved)


def section_html(section):
    name = section["id"]
    title = text(section["title"])
    blocks = "".join(block_html(block) for block in section["blocks"])
    return (
        '<section class="help-section" id="help-s-'
        + name
        + '" data-help-section="'
        + name
        + '" aria-labelledby="help-h-'
        + name
        + '"><h3 id="help-h-'
        + name
        + '" tabindex="-1">'
        + esc(title)
        + "</h3>"
        + blocks
        + '<p class="help-back"><a href="#help-toc-title" data-help-goto="toc">↑ '
        + esc(t("help_back"))
        + "</a></p></section>"
    )


def block_html(block):
    if "p" in block:
        return "<p>" + esc(text(block["p"])) + "</p>"
    if "h" in block:
        return "<h4>" + esc(text(block["h"])) + "</h4>"
    if "list" in block:
        items = "".join("<li>" + esc(text(item)) + "</li>" for item in block["list"])
        return '<ul class="help-list">' + items + "</ul>"
    if "table" in block:
        table = block["table"]
        return scroll_box([text(cell) for cell in table["head"]], [[text(c) for c in r] for r in table["rows"]])
    if "trick" in block:
        return trick_html(block["trick"])
    if "example" in block:
        return example_html(block["example"])
    if "terms" in block:
        return terms_html([(esc(text(item["term"])), "", text(item["text"])) for item in block["terms"]])
    if "presets" in block:
        items = [(preset_name(i["preset"]), ' data-preset="' + i["preset"] + '"', i["text"]) for i in block["presets"]]
        return terms_html([(name, attrs, text(body)) for name, attrs, body in items])
    if "options" in block:
        return options_html(block["options"])
    if "scores" in block:
        head = [t("rule_preset"), t("rule_target"), t("rule_mercy")]
        rows = []
        for item in block["scores"]:
            mercy = item.get("mercy")
            losing = minus(mercy) if mercy is not None else "—"
            rows.append([t("preset_" + item["preset"]), str(item["target"]), losing])
        return scroll_box(head, rows)
    if "keys" in block:
        return keys_html()
    return ""


def scroll_box(head, rows):
    """A table in a box of its own that scrolls sideways when the table is wider than the window (a phone); the
    box is named by the table's columns (its section already has the section's name)."""
    cells = "".join('<th scope="col">' + esc(cell) + "</th>" for cell in head)
    body = "".join("<tr>" + "".join("<td>" + esc(cell) + "</td>" for cell in row) + "</tr>" for row in rows)
    return (
        '<div class="help-scroll" role="region" tabindex="0" aria-label="'
        + esc(" · ".join(head))
        + '"><table class="help-table"><thead><tr>'
        + cells
        + "</tr></thead><tbody>"
        + body
        + "</tbody></table></div>"
    )


def card_html(card):
    suit = card[1] if card not in ("BJ", "LJ") else "S"
    return '<span class="pg suit-' + suit + '" data-card="' + card + '">' + esc(card_short(card)) + "</span>"


def trick_html(trick):
    """Four cards in play order from the leader, each with its seat; the leader and the winner tagged."""
    seats = ("N", "E", "S", "W")
    seat = trick["leader"]
    winner = trick["winner"]
    plays = []
    for i, card in enumerate(trick["cards"]):
        tags = ""
        if i == 0:
            tags += ' <span class="tag led">' + esc(t("past_led")) + "</span>"
        if seat == winner:
            tags += ' <span class="tag won">' + esc(t("past_won")) + "</span>"
        plays.append(
            '<li data-seat="' + seat + '"><span class="help-who">' + esc(who(seat)) + "</span> " + card_html(card)
            + tags + "</li>"
        )  # fmt: skip
        seat = seats[(seats.index(seat) + 1) % 4]
    return (
        '<figure class="help-trick" data-winner="'
        + winner
        + '"><ol class="help-plays">'
        + "".join(plays)
        + "</ol><figcaption><strong>"
        + esc(t("announce_trick", who=who(winner)))
        + "</strong> "
        + esc(text(trick["text"]))
        + "</figcaption></figure>"
    )


def example_html(example):
    """A worked example: each seat's bid and tricks, the score in the score sheet's words, the explanation."""
    result = example["sheet"]
    seats = ("N", "S") if example["team"] == "NS" else ("E", "W")
    rows = []
    for i, seat in enumerate(seats):
        bid, tricks = example["bids"][i], example["tricks"][i]
        rows.append(
            '<tr data-seat="' + seat + '"><td>' + esc(who(seat)) + "</td><td>" + esc(bid_text(bid)) + "</td><td>"
            + str(tricks) + "</td></tr>"
        )  # fmt: skip
    head = "".join('<th scope="col">' + esc(t(key)) + "</th>" for key in ("col_seat", "col_bid", "col_tricks"))
    bags = ""
    if example.get("bags_before"):
        bags = '<p class="help-bags">' + esc(t("help_bags_line", before=example["bags_before"], after=result["bags"]))
        bags += "</p>"
    return (
        '<figure class="help-example" data-example="'
        + esc(example["id"])
        + '" data-points="'
        + str(result["points"])
        + '" data-bags="'
        + str(result["new_bags"])
        + '"><figcaption>'
        + esc(text(example["title"]))
        + '</figcaption><table class="help-table help-hand"><thead><tr>'
        + head
        + "</tr></thead><tbody>"
        + "".join(rows)
        + '</tbody></table><p class="help-calc">'
        + esc(t("help_score_line", text=sheet.team_text(result)))
        + "</p>"
        + bags
        + "<p>"
        + esc(text(example["text"]))
        + "</p></figure>"
    )


def terms_html(items):
    """``(term HTML, attributes, text)`` → a definition list."""
    rows = [
        "<div" + attrs + "><dt>" + term + "</dt><dd>" + esc(body) + "</dd></div>" for term, attrs, body in items
    ]
    return '<dl class="help-terms">' + "".join(rows) + "</dl>"


def preset_name(name):
    return esc(t("preset_" + name))


def options_html(options):
    """Every rule option, named as the settings name it (``rule_<id>``), and its choices (bidding styles)."""
    items = []
    for option in options:
        rule = option["rule"]
        body = esc(text(option["text"]))
        choices = option.get("choices")
        if choices:
            named = [(esc(t(rule + "_" + c["value"])), ' data-choice="' + c["value"] + '"', c["text"]) for c in choices]
            body += terms_html([(name, attrs, text(words)) for name, attrs, words in named])
        items.append(
            '<div data-rule="' + rule + '"><dt>' + esc(t("rule_" + rule)) + "</dt><dd>" + body + "</dd></div>"
        )
    return '<dl class="help-terms help-options">' + "".join(items) + "</dl>"


def key_name(key):
    if key == " ":
        return t("help_key_space")
    return KEY_NAMES.get(key, key)


def keys_html():
    """Every key the page handles (inputs.KEYS), grouped by where it works."""
    import inputs  # here, not at the top: inputs imports dialogs, which shows this window

    parts = []
    for group in KEY_GROUPS:
        rows = []
        for where, keys, what, _action in inputs.KEYS:
            if where != group:
                continue
            kbd = " ".join('<kbd data-key="' + esc(key) + '">' + esc(key_name(key)) + "</kbd>" for key in keys)
            rows.append("<div><dt>" + kbd + "</dt><dd>" + esc(t(what)) + "</dd></div>")
        parts.append(
            "<h4>" + esc(t("help_keys_" + group)) + '</h4><dl class="help-keys" data-keys="' + group + '">'
            + "".join(rows) + "</dl>"
        )  # fmt: skip
    return "".join(parts)

