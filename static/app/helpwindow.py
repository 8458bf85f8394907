"""The help window: fetch static/help/help.json the first time Help opens, keep it for the visit, move the focus.

The service worker precaches the file with everything else under static/, so Help opens offline too.  What the
file says becomes markup in helpdoc.py (pure); this module does the fetching, the caching (the contents by
language) and the links of the contents, which move the focus to their section and back without changing the
address.
"""

import json

import helpdoc
import i18n
import js
from dialogs import open_dialog
from dom import by_id
from inputs import KEYS
from pyscript.ffi import create_proxy
from tasks import spawn

_help = {"data": None, "loading": False, "listening": False, "html": {}}  # "html": the contents by language


def open_help():
    """Open the help window (its text fetched the first time)."""
    open_dialog("dlg-help", html())


def html():
    """The help window's markup; the first time, a "loading" line that the fetched text replaces (:func:`load`)."""
    data = _help["data"]
    if data is not None:
        lang = i18n.lang()
        if lang not in _help["html"]:
            _help["html"][lang] = helpdoc.content(data, KEYS)
        body, state = _help["html"][lang], "ready"
    else:
        body, state = helpdoc.loading(), "loading"
        if not _help["loading"]:
            _help["loading"] = True
            spawn(load())
    listen()
    return helpdoc.window(body, state)


async def load():
    """Fetch the help's text, then fill the window if it is still open; on failure, the short help and the keys."""
    try:
        response = await js.fetch(helpdoc.PATH)
        if not response.ok:
            raise OSError("HTTP " + str(response.status))
        data = json.loads(str(await response.text()))
        body = helpdoc.content(data, KEYS)
        _help["data"] = data
        _help["html"][i18n.lang()] = body
        state = "ready"
    except Exception as error:
        body = helpdoc.failed(str(error), KEYS)
        state = "failed"  # the next opening tries again
    finally:
        _help["loading"] = False
    box = by_id("help-content")
    if box is not None:
        box.innerHTML = str(body)
        box.setAttribute("data-help", state)


def listen():
    if not _help["listening"]:
        _help["listening"] = True
        by_id("dlg-help").addEventListener("click", create_proxy(on_click))


def on_click(event):
    target = event.target
    if target is None or not hasattr(target, "closest"):
        return
    link = target.closest("[data-help-goto]")
    if link is not None:
        event.preventDefault()
        goto(str(link.getAttribute("data-help-goto")))


def goto(name):
    """Move the focus to a section's heading (``toc``: the contents), scrolled to the top of the window."""
    heading = by_id("help-toc-title" if name == "toc" else "help-h-" + name)
    if heading is not None:
        heading.scrollIntoView()
        heading.focus()
