"""The page's own error codes: what the page refuses before the engine sees anything (MicroPython and CPython).

``not_json`` (a file that is not JSON text, controller.py and transfer.py) and the refusals of the embedding API
(embed.py, docs/embedding.md; ``embed_not_ready`` also from boot.js before the page's Python listens).  Each code
maps to the names of its parameters; the catalog words it as ``err_<code>`` in every language with exactly these
placeholders (tests/test_errors.py reads this table beside the engine's ``spades.errors.CODES``, and no code is
in both).
"""

CODES = {
    "not_json": (),
    "embed_not_object": (),
    "embed_unknown_type": ("value",),
    "embed_bad_field": ("field", "expected"),
    "embed_lesson_unknown": ("value",),
    "embed_not_ready": (),
}
BORROWED = ("unknown_key",)
"""Engine codes (``spades.errors.CODES``) the page writes too, with the engine's parameters: an embedding
request with a field the API does not know is refused as the engine refuses an unknown key."""
