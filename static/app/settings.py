"""The settings form, in groups: display and sound, rules (presets, then options: the engine's names), your
seat and the computer players, online play (folded).

``form_html`` builds it from the settings, the complete rules of the chosen
preset and the worker's lists of presets, bidding styles and levels (op
``rules``: the page keeps no copy of them); ``read_rules`` and ``read_display``
turn it back into rules and settings.  preferences.py decides what a change
means (a new game, or not).
"""

from i18n import LANGS, t
from markup import h, join

SEATS = ("N", "E", "S", "W")  # clockwise
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
    items = [h("option", t(label_prefix + str(option)), value=option, selected=option == value) for option in options]
    return h(
        "div",
        h("label", label, for_="set-" + name),
        h("select", items, id="set-" + name, name=name),
        cls="field",
    )


def _check(name, label, checked):
    return h(
        "div",
        h("input", type="checkbox", id="set-" + name, name=name, checked=bool(checked)),
        h("label", label, for_="set-" + name),
        cls="field check",
    )


def _input(name, label, value, placeholder):
    field = h(
        "input",
        {"type": "text", "spellcheck": "false", "autocomplete": "off", "maxlength": "500"},
        id="set-" + name,
        name=name,
        value=value,
        placeholder=placeholder,
    )
    return h("div", h("label", label, for_="set-" + name), field, cls="field")


def _number(name, label, value, low, high, step=1, disabled=False):
    field = h(
        "input",
        {"type": "number", "inputmode": "numeric"},
        id="set-" + name,
        name=name,
        value="" if value is None else value,
        min=low,
        max=high,
        step=step,
        disabled=disabled,
    )
    return h("div", h("label", label, for_="set-" + name), field, cls="field")


def rules_html(rules, lists):
    """The rule options, filled with ``rules`` (complete, from the engine); ``lists``: the worker's names."""
    mercy = rules.get("mercy")
    bags = rules.get("bags_limit")
    presets = lists.get("presets") or [rules.get("preset")]
    biddings = lists.get("biddings") or [rules.get("bidding")]
    return join(
        [
            _select("preset", t("set_preset"), presets, rules.get("preset"), "preset_"),
            h("p", t("settings_rules_note"), cls="note"),
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


def rules_fields(rules, lists):
    """The contents of ``#rules-fields``: its legend, then :func:`rules_html`."""
    return join([h("legend", t("settings_rules")), rules_html(rules, lists)])


RELATION_KEYS = ("rel_left", "rel_partner", "rel_right")  # the seats after yours, clockwise


def seat_after(seat, steps):
    """The seat ``steps`` places after ``seat``, clockwise."""
    return SEATS[(SEATS.index(seat) + steps) % 4]


def players_html(me, levels, lists):
    """Your seat, then a level for each computer player (named by seat and where they sit from ``me``)."""
    if me not in SEATS:
        raise ValueError("your seat is one of N, E, S, W, not " + repr(me)[:40])
    seats = [h("option", t("seat_" + seat), value=seat, selected=seat == me) for seat in SEATS]
    parts = [
        h("legend", t("settings_players")),
        h(
            "div",
            h("label", t("set_seat"), for_="set-seat"),
            h("select", seats, id="set-seat", name="seat"),
            cls="field",
        ),
    ]
    names = lists.get("levels") or ["standard"]
    for step in (1, 2, 3):
        seat = seat_after(me, step)
        label = t("seat_plate", seat=t("seat_" + seat), relation=t(RELATION_KEYS[step - 1]))
        parts.append(_select("bot_" + seat, label, names, levels.get(seat, "standard"), "level_"))
    return join(parts)


GROUPS = ("display-fields", "rules-fields", "players-fields", "online-fields")
"""The form's groups in their order (each a ``fieldset`` with a ``legend``): display and sound, rules (the preset
first, its options below), your seat and the computer players, and online play, folded (a ``details``)."""


VOLUME = 70  # the default volume, 0-100 (sound.py hears it as its square)


def volume_of(value, default=VOLUME):
    """A volume setting, 0–100 in steps of 5: a number (or its text) clamped and rounded; anything else:
    ``default``."""
    try:
        number = float(str(value))
    except (TypeError, ValueError):
        return default
    if number != number:  # NaN
        return default
    return int(max(0, min(100, number)) / 5 + 0.5) * 5


def _volume(value):
    """The volume slider (``set-volume``, 0–100 by 5), its value said in words too (``aria-valuetext``)."""
    field = h(
        "input",
        {"type": "range"},
        id="set-volume",
        name="volume",
        min=0,
        max=100,
        step=5,
        value=value,
        aria_valuetext=str(value) + "%",
    )
    return h("div", h("label", t("set_volume"), for_="set-volume"), field, cls="field range")


def display_html(settings, lang):
    """The display and sound group's contents: language, sound and its volume, speed, cards, how a card is
    played, a forced card played by itself, undo."""
    return join(
        [
            h("legend", t("settings_display")),
            _select("lang", t("set_language"), LANGS, lang, "lang_"),
            _check("sound", t("set_sound"), settings["sound"]),
            _volume(volume_of(settings.get("volume"))),
            _select("speed", t("set_speed"), SPEEDS, settings["speed"], "speed_"),
            _check("four_color", t("set_four_color"), settings["four_color"]),
            _select("play_mode", t("set_play_mode"), PLAY_MODES, settings["play_mode"], "play_mode_"),
            _check("auto_play", t("set_auto_play"), settings.get("auto_play")),
            _check("undo", t("set_undo"), settings["undo"]),
        ]
    )


def online_html(settings):
    """The online group, folded: a ``details`` whose summary names it, around its fieldset (trackers, the
    fallback's relays, STUN/TURN).

    It opens by itself when any field holds a value (what the person set is never out of sight)."""
    fields = h(
        "fieldset",
        h("legend", t("settings_online"), cls="visually-hidden"),
        _input("relay", t("set_relay"), settings.get("relay") or "", "wss://tracker.example.org"),
        _input("fallback", t("set_fallback"), settings.get("fallback") or "", "wss://relay.example.org"),
        _input("ice", t("set_ice"), settings.get("ice") or "", "stun:stun.example.org:3478"),
        id="online-fields",
    )
    shown = bool(settings.get("relay") or settings.get("fallback") or settings.get("ice"))
    return h("details", h("summary", t("settings_online")), fields, id="settings-online", open=shown)


def form_html(settings, rules, lang, lists, me):
    """The whole form, in :data:`GROUPS` order; ``me``: the seat of the game in progress (changing it starts a
    new game). Every control keeps its id (``set-<name>``), whatever group holds it."""
    grid = h(
        "div",
        h("fieldset", display_html(settings, lang), id="display-fields"),
        h("fieldset", rules_fields(rules, lists), id="rules-fields"),
        h("fieldset", players_html(me, settings["bots"], lists), id="players-fields"),
        online_html(settings),
        cls="settings-grid",
    )
    buttons = h(
        "div",
        h("button", t("cancel"), type="button", data_action="settings-cancel"),
        h("button", t("save_settings"), type="button", cls="primary", data_action="settings-save"),
        cls="dlg-buttons settings-buttons",
    )
    return join(
        [
            h("h2", t("settings_title"), id="dlg-settings-title"),
            grid,
            h("p", cls="form-error", id="settings-error", role="alert"),
            buttons,
        ]
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
    new["volume"] = volume_of(_text(form, "volume", None), volume_of(settings.get("volume")))
    new["speed"] = _text(form, "speed", "normal")
    new["four_color"] = _checked(form, "four_color")
    new["play_mode"] = _text(form, "play_mode", "click")
    new["auto_play"] = _checked(form, "auto_play")  # a forced card is played by itself (controller.py auto_play)
    new["undo"] = _checked(form, "undo")
    new["relay"] = " ".join(_text(form, "relay", "").split())[:500]  # online: trackers (static/online/net.mjs)
    new["fallback"] = " ".join(_text(form, "fallback", "").split())[:500]  # the fallback's relays, or "none"
    new["ice"] = " ".join(_text(form, "ice", "").split())[:500]  # online: STUN/TURN servers, or "none"
    return new


def bad_relay(text):
    """The first word of ``text`` (spaces or commas between) that is not a relay's address, or None when every
    word is one.  An address is ``ws://`` or ``wss://`` (any case) followed by a host: stricter than
    static/online/net.mjs ``parseFallback``, which takes any word after the scheme (``wss:///x`` too) and drops
    the other words, so every word it is given here is one it keeps.  Empty text (the library's public relays) and
    ``none`` alone (no fallback) are good."""
    words = [word for word in str(text or "").replace(",", " ").split() if word]
    if len(words) == 1 and words[0].lower() == "none":
        return None
    for word in words:
        lower = word.lower()
        rest = word[6:] if lower.startswith("wss://") else word[5:] if lower.startswith("ws://") else ""
        if not rest or rest[0] in "/?#:@":
            return word
    return None


def relays_problem(form):
    """What is wrong with the form's fallback relays (:func:`bad_relay`), in the person's language, or None."""
    bad = bad_relay(_text(form, "fallback", ""))
    return None if bad is None else t("set_fallback_bad", url=bad[:80])
