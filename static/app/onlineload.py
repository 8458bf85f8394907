"""Fetch the online package (static/app/online/) into the interpreter's files and import it: only when a person
goes online (controller.py ``online_module``), so the solo game never downloads it.

The package's own ``__init__.py`` comes first and says which modules it has (``online.MODULES``); those are then
fetched at once and written beside it, and ``online.life`` imported.  MicroPython 1.28 imports a package from its
files as CPython does (relative imports included), so the same files run in tests/page under CPython.
"""

import asyncio
import os

import js

FOLDER = "online"
BASE = "./static/app/online/"


async def _text(name):
    response = await js.fetch(BASE + name + ".py")
    if not response.ok:
        raise RuntimeError("online: cannot load " + name + ".py (" + str(response.status) + ")")
    return str(await response.text())


def _write(name, source):
    with open(FOLDER + "/" + name + ".py", "w") as file:
        file.write(source)


async def load():
    """The package's ``life`` module (whose ``Online`` is a table on this page), fetched and imported once."""
    try:
        os.mkdir(FOLDER)
    except OSError:
        pass  # fetched before (a second call while the first one ran)
    _write("__init__", await _text("__init__"))
    import online

    sources = await asyncio.gather(*[_text(name) for name in online.MODULES])
    for i, name in enumerate(online.MODULES):
        _write(name, sources[i])
    import online.life

    return online.life
