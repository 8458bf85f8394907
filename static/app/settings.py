"""The settings form: rule presets and options (the engine's names), computer players, display.

``form_html`` builds it from the settings and the complete rules of the chosen
preset (op ``rules``); ``read_form`` turns it back into settings and rule
overrides.  main.py decides what a change means (a new game, or not).
"""

from i18n import LANGS, t
from view import esc

PRESETS = ("standard", "windows", "igame", "short", "pagat")
BIDDING = ("standard", "suicide", "whiz", "mirror")
LEVELS = ("beginner", "standard", "expert")
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


def rules_html(rules):
    """The rule options, filled with ``rules`` (complete, from the engine)."""
    mercy = rules.get("mercy")
    bags = rules.get("bags_limit")
    return "".join(
        [
            _select("preset", t("set_preset"), PRESETS, rules.get("preset"), "preset_"),
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
            _select("bidding", t("set_bidding"), BIDDING, rules.get("bidding"), "bidding_"),
        ]
    )


def form_html(settings, rules, lang):
    bots = settings["bots"]
    players = "".join(
        _select("bot_" + seat, t("who_" + seat), LEVELS, bots.get(seat, "standard"), "level_")
        for seat in ("W", "N", "E")
    )
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
        + rules_html(rules)
        + "</fieldset>"
        "<div>"
        "<fieldset><legend>" + esc(t("settings_players")) + "</legend>" + players + "</fieldset>"
        "<fieldset><legend>" + esc(t("settings_display")) + "</legend>" + display + "</fieldset>"
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


def read_display(form, settings):
    """Settings other than rules, from the form."""
    new = dict(settings)
    new["bots"] = {seat: _text(form, "bot_" + seat, "standard") for seat in ("N", "E", "W")}
    new["lang"] = _text(form, "lang", settings.get("lang") or "en")
    new["sound"] = _checked(form, "sound")
    new["speed"] = _text(form, "speed", "normal")
    new["four_color"] = _checked(form, "four_color")
    new["play_mode"] = _text(form, "play_mode", "click")
    new["undo"] = _checked(form, "undo")
    return new
