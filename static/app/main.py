"""The page's DOM layer (PyScript, MicroPython, main thread): see docs/page.md.

One module per job: transport.py (the worker), controller.py (start-up, intents, actions),
session.py (the table the page is at: solo, daily deal, lesson, online; the one paced
Driver), pacing.py (events and tricks on show), inputs.py (clicks and keys), screen.py and view.py (drawing),
dialogs.py, preferences.py and settings.py (settings), transfer.py (export, import), tabs.py (two tabs
of one game), ui.py (the page's own fields), store.py (localStorage), i18n.py, sound.py.
"""

import js
from controller import App
from pyscript.ffi import create_proxy
from tasks import spawn

app = App()
js.window.spades.app = create_proxy(lambda: app)


async def main():
    try:
        await app.start()
    except Exception as error:
        app.fail(error)
        raise


spawn(main())
