"""The page's DOM layer (PyScript, MicroPython, main thread): see docs/page.md.

One module per job: transport.py (the worker), controller.py (start-up, intents, actions),
session.py (the table the page is at: solo, daily deal, lesson, online; the one paced
Driver), pacing.py (events and tricks on show), inputs.py (clicks and keys), screen.py and view.py (drawing),
dialogs.py, preferences.py and settings.py (settings), transfer.py (export, import), tabs.py (two tabs
of one game), ui.py (the page's own fields), store.py (localStorage), i18n.py, sound.py.

Performance marks for start-up figures (docs/runtime.md): spades:page-python (this module runs),
spades:page-imported (every page module imported), spades:page-started (the game is on show).
"""

import js

js.performance.mark("spades:page-python")  # MicroPython runs the page (its modules fetched)
from controller import App  # noqa: E402  (the marks time the page's imports)
from pyscript.ffi import create_proxy  # noqa: E402
from tasks import spawn  # noqa: E402

js.performance.mark("spades:page-imported")

app = App()
js.window.spades.app = create_proxy(lambda: app)


async def main():
    try:
        await app.start()
        js.performance.mark("spades:page-started")
    except Exception as error:
        app.fail(error)
        raise


spawn(main())
