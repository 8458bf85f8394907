"""The page's DOM layer (PyScript, MicroPython, main thread): see docs/page.md.

One module per job: transport.py (the worker), controller.py (start-up, intents, actions),
session.py (the table the page is at: solo, daily deal, lesson, online; the one paced
Driver), pacing.py (events and tricks on show), inputs.py (clicks and keys), screen.py and view.py (drawing),
dialogs.py, preferences.py and settings.py (settings), transfer.py (export, import), tabs.py (two tabs
of one game), ui.py (the page's own fields), store.py (localStorage), i18n.py, sound.py.

**The start yields to the person** (docs/runtime.md "The start in steps"): MicroPython compiles each module as it
is imported, and the page's ~38 modules took one task of 0.15–0.5 s on the main thread, during which a click (on
*How to play*, which static/app/early.js answers before Python) waited. So the modules are imported one at a time
(:data:`STEPS`, leaves first: each step compiles one module), and after the first and then every :data:`SLICE_MS`
the browser handles what waits for it (``window.spades.pause``, boot.js: ``scheduler.yield()``; a pause each step
made the imports ~0.15 s longer). ``controller`` comes last; its own imports are then all done.
tests/test_imports.py keeps :data:`STEPS` the modules of pyscript.toml, each after those it imports.

Performance marks for start-up figures (docs/runtime.md): spades:page-python (this module runs),
spades:page-imported (every page module imported), spades:page-started (the game is on show).
"""

import js

js.performance.mark("spades:page-python")  # MicroPython runs the page (its modules fetched)
from pyscript.ffi import create_proxy  # noqa: E402  (the marks time the page's imports)
from tasks import spawn  # noqa: E402

STEPS = (
    "dom", "dialogs", "i18n", "markup", "view", "sheet", "transport", "review", "analysis_view", "tasks", "analysis",
    "early", "session", "firsthand", "settings", "store", "movelog_view", "movelog", "sound", "pacing", "screen",
    "helpdoc", "inputs", "helpwindow", "windows", "codes", "embed", "profileview", "transfer", "player",
    "preferences", "shareview", "share", "tabs", "tutorial", "ui", "welcome", "address", "controller",
)  # fmt: skip
"""The page's modules in the order they are imported, one a step (the module's docstring)."""
SLICE_MS = 25
"""The longest the start keeps the main thread between two pauses, but for one module's import."""


async def main():
    controller = None
    paused = None
    for name in STEPS:
        controller = __import__(name)  # the last: controller
        if paused is None or js.performance.now() - paused >= SLICE_MS:
            await js.window.spades.pause()  # a click or a key that waits is handled now
            paused = js.performance.now()
    js.performance.mark("spades:page-imported")
    app = controller.App()
    js.window.spades.app = create_proxy(lambda: app)
    try:
        await app.start()
        js.performance.mark("spades:page-started")
    except Exception as error:
        app.fail(error)
        raise


spawn(main())
