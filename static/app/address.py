"""The address parameters the page cannot use: named in a notice, each with why, and dropped (docs/page.md).

Checked by their form only: a seed's range, a preset's name, a seat's letter, a language's tag, the daily deal's
``1`` or date, ``embed``'s yes or no, and that a deal code or a lesson id is not empty (a deal code, a date and a
lesson id are checked by the worker later, with their own notices).  The controller (controller.py
``check_address``) shows :func:`notices` and takes the parameters named out of the address, so the page starts
the saved or a new game and a reload does not see them again.

Pure (MicroPython and CPython; no ``js``, no ``pyscript``): tests/page/test_address.py checks every parameter.
"""

import i18n
from i18n import t

SEATS = ("N", "E", "S", "W")
SEED_LIMIT = 2**53  # the worker's seeds are 0 to 2**53 - 1 (spades/worker.py, _seed)
DIGITS = "0123456789"
SHOWN_VALUE = 40  # characters of a bad address value quoted in its notice
YES = ("1", "true", "yes")
NO = ("0", "false", "no")


def _whole(text):
    return bool(text) and all(char in DIGITS for char in text)


def _date(text):
    parts = text.split("-")
    return len(text) == 10 and [len(part) for part in parts] == [4, 2, 2] and all(_whole(part) for part in parts)


def problems(params, presets):
    """The address parameters (``params``: name → value, as the address has them) the page cannot use, each
    ``(name, catalog key of why, its params)``, in a fixed order.  ``presets``: the worker's rule presets."""
    found = []
    lang = params.get("lang")
    if lang is not None and i18n.normal_lang(lang) is None:
        found.append(("lang", "address_lang", {}))
    seed = params.get("seed")
    if seed is not None and not (_whole(seed) and len(seed) <= 16 and int(seed) < SEED_LIMIT):
        found.append(("seed", "address_seed", {"max": SEED_LIMIT - 1}))
    preset = params.get("preset")
    if preset is not None and preset not in presets:
        found.append(("preset", "address_preset", {"names": t("bot_part_list_sep").join(presets)}))
    seat = params.get("seat")
    if seat is not None and seat.upper() not in SEATS:
        found.append(("seat", "address_seat", {}))
    if params.get("deal") == "":
        found.append(("deal", "address_deal", {}))
    daily = params.get("daily")
    if daily is not None and daily not in YES and not _date(daily):
        found.append(("daily", "address_daily", {}))
    if params.get("lesson") == "":
        found.append(("lesson", "address_lesson", {}))
    embed = params.get("embed")
    if embed is not None and embed not in YES and embed not in NO:
        found.append(("embed", "address_embed", {}))
    return found


def shown_value(value):
    """An address value as quoted in a notice: at most :data:`SHOWN_VALUE` characters."""
    return value if len(value) <= SHOWN_VALUE else value[:SHOWN_VALUE] + "…"


def notices(params, presets):
    """``(names, lines)``: the parameters the page cannot use, and a notice line for each in the page's language
    ("The address's “seat=Q” was not used: a seat is N, E, S or W.")."""
    found = problems(params, presets)
    lines = [
        t("address_bad", name=name, value=shown_value(params[name]), why=t(why, **why_params))
        for name, why, why_params in found
    ]
    return [name for name, _, _ in found], lines
