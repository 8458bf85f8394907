"""The settings form: rule presets and options (the engine's names), your seat, computer players, display.

``form_html`` builds it from the settings, the complete rules of the chosen
preset and the worker's lists of presets, bidding styles and levels (op
``rules``: the page keeps no copy of them); ``read_rules`` and ``read_display``
turn it back into rules and settings.  preferences.py decides what a change
means (a new game, or not).
"""

from i18n import LANGS, t
from view import SEATS, esc, seat_after

SPEEDS = ("slow", "normal", "fast", "instant")
PLAY_MODES = ("click", "confirm")

# options the form edits (others keep the preset's value)
RULE_FIELDS = (
    "target",
    "mercy",
    "nil",
    "blind_nil",
    "bags_limit",
    "min_team_bid",
    "first_lead",
    "spades_anytime",
    "jokers",
    "ten_for_200",
    "bidding",
)


def _select(name, label, options, value, label_prefix):
    items = []
    for option in options:
        selected = " selected" if option == value else ""
        items.append(
            '<option value="' + esc(option) + '"' + selected + ">" + esc(t(label_prefix + option)) + "</option>"
        )
    return (
        '<div class="field"><label for="set-' + name + '">' + esc(label) + "</label>"
        '<select id="set-' + name + '" name="' + name + '">' + "".join(items) + "</select></div>"
    )


def _check(name, label, checked):
    return (
        '<div class="field check"><input type="checkbox" id="set-'
        + name
        + '" name="'
        + name
        + '"'
        + (" checked" if checked else "")
        + '><label for="set-'
        + name
        + '">'
        + esc(label)
        + "</label></div>"
    )


def _input(name, label, value, placeholder):
    return (
        '<div class="field"><label for="set-' + name + '">' + esc(label) + "</label>"
        '<input type="text" spellcheck="false" autocomplete="off" maxlength="500" id="set-'
        + name
        + '" name="'
        + name
        + '" value="'
        + esc(value)
        + '" placeholder="'
        + esc(placeholder)
        + '"></div>'
    )


def _number(name, label, value, low, high, step=1, disabled=False):
    return (
        '<div class="field"><label for="set-' + name + '">' + esc(label) + "</label>"
        '<input type="number" inputmode="numeric" id="set-'
        + name
        + '" name="'
        + name
        + '" value="'
        + esc(value)
        + '" min="'
        + str(low)
        + '" max="'
        + str(high)
        + '" step="'
        + str(step)
        + '"'
        + (" disabled" if disabled else "")
        + "></div>"
    )


def rules_html(rules, lists):
    """The rule options, filled with ``rules`` (complete, from the engine); ``lists``: the worker's names."""
    mercy = rules.get("mercy")
    bags = rules.get("bags_limit")
    presets = lists.get("presets") or [rules.get("preset")]
    biddings = lists.get("biddings") or [rules.get("bidding")]
    return "".join(
        [
            _select("preset", t("set_preset"), presets, rules.get("preset"), "preset_"),
            '<p class="note">' + esc(t("settings_rules_note")) + "</p>",
            _number("target", t("set_target"), rules.get("target"), 50, 2000, 10),
            _check("mercy_on", t("set_mercy_on"), mercy is not None),
            _number("mercy", t("set_mercy"), mercy if mercy is not None else -200, -2000, 0, 10, mercy is None),
            _check("nil", t("set_nil"), rules.get("nil")),
            _check("blind_nil", t("set_blind_nil"), rules.get("blind_nil")),
            _check("bags_on", t("set_bags"), bags is not None),
            _number("bags_limit", t("set_bags_limit"), bags if bags is not None else 10, 1, 50, 1, bags is None),
            _number("min_team_bid", t("set_min_team_bid"), rules.get("min_team_bid"), 0, 13),
            _check("two_clubs", t("set_two_clubs"), rules.get("first_lead") == "two_clubs"),
            _check("spades_anytime", t("set_spades_anytime"), rules.get("spades_anytime")),
            _check("jokers", t("set_jokers"), rules.get("jokers")),
            _check("ten_for_200", t("set_ten_for_200"), rules.get("ten_for_200")),
            _select("bidding", t("set_bidding"), biddings, rules.get("bidding"), "bidding_"),
        ]
    )


RELATION_KEYS = ("rel_left", "rel_partner", "rel_right")  # the seats after yours, clockwise


def players_html(me, levels, lists):
    """Your seat, then a level for each computer player (named by seat and where they sit from ``me``)."""
    seat_options = []
    for seat in SEATS:
        selected = " selected" if seat == me else ""
        seat_options.append('<option value="' + seat + '"' + selected + ">" + esc(t("seat_" + seat)) + "</option>")
    parts = [
        "<legend>" + esc(t("settings_players")) + "</legend>"
        '<div class="field"><label for="set-seat">' + esc(t("set_seat")) + "</label>"
        '<select id="set-seat" name="seat">' + "".join(seat_options) + "</select></div>"
    ]
    names = lists.get("levels") or ["standard"]
    for step in (1, 2, 3):
        seat = seat_after(me, step)
        label = t("seat_plate", seat=t("seat_" + seat), relation=t(RELATION_KEYS[step - 1]))
        parts.append(_select("bot_" + seat, label, names, levels.get(seat, "standard"), "level_"))
    return "".join(parts)


def form_html(settings, rules, lang, lists, me):
    """The whole form; ``me``: the seat of the game in progress (changing it starts a new game)."""
    display = "".join(
        [
            _select("lang", t("set_language"), LANGS, lang, "lang_"),
            _check("sound", t("set_sound"), settings["sound"]),
            _select("speed", t("set_speed"), SPEEDS, settings["speed"], "speed_"),
            _check("four_color", t("set_four_color"), settings["four_color"]),
            _select("play_mode", t("set_play_mode"), PLAY_MODES, settings["play_mode"], "play_mode_"),
            _check("undo", t("set_undo"), settings["undo"]),
        ]
    )
    return (
        '<h2 id="dlg-settings-title">' + esc(t("settings_title")) + "</h2>"
        '<div class="settings-grid">'
        '<fieldset id="rules-fields"><legend>'
        + esc(t("settings_rules"))
        + "</legend>"
        + rules_html(rules, lists)
        + "</fieldset>"
        "<div>"
        '<fieldset id="players-fields">' + players_html(me, settings["bots"], lists) + "</fieldset>"
        "<fieldset><legend>" + esc(t("settings_display")) + "</legend>" + display + "</fieldset>"
        "<fieldset><legend>"
        + esc(t("settings_online"))
        + "</legend>"
        + _input("relay", t("set_relay"), settings.get("relay") or "", "wss://tracker.example.org")
        + _input("ice", t("set_ice"), settings.get("ice") or "", "stun:stun.example.org:3478")
        + "</fieldset>"
        "</div></div>"
        '<p class="form-error" id="settings-error" role="alert"></p>'
        '<div class="dlg-buttons">'
        '<button type="button" data-action="settings-cancel">' + esc(t("cancel")) + "</button>"
        '<button type="button" class="primary" data-action="settings-save">' + esc(t("save_settings")) + "</button>"
        "</div>"
    )


def _value(form, name):
    el = form.elements.namedItem(name)
    return None if el is None else el


def _int(form, name, default):
    el = _value(form, name)
    try:
        return int(str(el.value))
    except (ValueError, AttributeError):
        return default


def _checked(form, name):
    el = _value(form, name)
    return bool(el.checked) if el is not None else False


def _text(form, name, default):
    el = _value(form, name)
    return str(el.value) if el is not None else default


def read_rules(form, base):
    """The rules the form describes: ``base`` (the preset's complete rules) with the fields' values."""
    rules = dict(base)
    rules["preset"] = _text(form, "preset", base.get("preset", "standard"))
    rules["target"] = _int(form, "target", base.get("target"))
    rules["mercy"] = _int(form, "mercy", -200) if _checked(form, "mercy_on") else None
    rules["nil"] = _checked(form, "nil")
    rules["blind_nil"] = _checked(form, "blind_nil")
    rules["bags_limit"] = _int(form, "bags_limit", 10) if _checked(form, "bags_on") else None
    rules["min_team_bid"] = _int(form, "min_team_bid", 0)
    rules["first_lead"] = "two_clubs" if _checked(form, "two_clubs") else "left"
    rules["spades_anytime"] = _checked(form, "spades_anytime")
    rules["jokers"] = _checked(form, "jokers")
    rules["ten_for_200"] = _checked(form, "ten_for_200")
    rules["bidding"] = _text(form, "bidding", "standard")
    return rules


def overrides(rules, preset_rules):
    """Only what differs from the preset (what settings keep)."""
    out = {}
    for key in rules:
        if key != "preset" and rules[key] != preset_rules.get(key):
            out[key] = rules[key]
    return out


def read_levels(form, levels):
    """The computer levels in the form, on top of ``levels`` (your own seat keeps its level)."""
    new = dict(levels)
    for seat in SEATS:
        if _value(form, "bot_" + seat) is not None:
            new[seat] = _text(form, "bot_" + seat, "standard")
    return new


def read_display(form, settings):
    """Settings other than rules, from the form."""
    new = dict(settings)
    new["seat"] = _text(form, "seat", settings.get("seat") or "S")
    new["bots"] = read_levels(form, settings["bots"])
    new["lang"] = _text(form, "lang", settings.get("lang") or "en")
    new["sound"] = _checked(form, "sound")
    new["speed"] = _text(form, "speed", "normal")
    new["four_color"] = _checked(form, "four_color")
    new["play_mode"] = _text(form, "play_mode", "click")
    new["undo"] = _checked(form, "undo")
    new["relay"] = " ".join(_text(form, "relay", "").split())[:500]  # online: trackers (static/online/net.mjs)
    new["ice"] = " ".join(_text(form, "ice", "").split())[:500]  # online: STUN/TURN servers, or "none"
    return new
