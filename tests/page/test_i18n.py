"""The page's messages (static/app/i18n.py) filled from the catalog, in CPython.

Every placeholder of every catalog message, in every language, is filled by ``t`` whatever its name: no
placeholder may collide with ``t``'s own arguments (``{key}`` once made ``t(key, key=...)`` fail, and every
``unknown_key`` refusal showed in English).
"""

from __future__ import annotations

import re

import i18n
import pytest

from tests.page.conftest import CATALOG

PLACEHOLDER = re.compile(r"\{([A-Za-z_][A-Za-z0-9_]*)\}")


def placeholders(text: str) -> set[str]:
    """The ``{name}`` placeholders of a catalog text."""
    return set(PLACEHOLDER.findall(text))


CASES = sorted(
    (key, lang)
    for key, entry in CATALOG.items()
    if isinstance(entry, dict)
    for lang in i18n.LANGS
    if isinstance(entry.get(lang), str) and placeholders(entry[lang])
)


def test_the_catalog_has_messages_with_placeholders_including_one_named_key():
    assert len(CASES) > 300
    assert any("key" in placeholders(CATALOG[key][lang]) for key, lang in CASES)


@pytest.mark.parametrize(("key", "lang"), CASES)
def test_t_fills_every_placeholder_of_every_message_in_every_language(key, lang):
    text = CATALOG[key][lang]
    names = placeholders(text)
    values = {name: f"<{name}:value>" for name in names}
    i18n.set_lang(lang)
    try:
        out = i18n.t(key, **values)
    finally:
        i18n.set_lang("en")
    for name in names:
        assert f"<{name}:value>" in out, f"{key} [{lang}]: {{{name}}} not filled in {out!r}"
        assert "{" + name + "}" not in out


def test_t_takes_exactly_one_key():
    with pytest.raises(TypeError):
        i18n.t("title", "extra")
    with pytest.raises(TypeError):
        i18n.t()


def test_an_unknown_key_refusal_is_worded_in_the_persons_language(lang):
    text = i18n.error_text({"code": "unknown_key", "params": {"key": "'colour'"}, "error": "unknown key 'colour'"})
    assert "'colour'" in text
    assert text == CATALOG["err_unknown_key"][lang].replace("{key}", "'colour'")
    if lang != "en":
        assert text != "unknown key 'colour'"
