"""The help window: fetch it the first time Help opens in a language, keep it for the visit, move the focus.

The window is static/vendor/early/help.<lang>.html: what static/help/help.json says, made markup by helpdoc.py
(pure) at vendor time (scripts/early_data.py), the same file early.js shows before Python runs; so no help is
rendered on the page while the game starts. The service worker precaches it with everything else under static/,
so Help opens offline too.  This module does the fetching, the caching (the window by language), the short help
when the file cannot be read, and the links of the contents, which move the focus to their section and back
without changing the address.
"""

import helpdoc
import i18n
import js
from dialogs import open_dialog
from dom import by_id
from inputs import KEYS
from pyscript.ffi import create_proxy
from tasks import spawn

_help = {"loading": False, "listening": False, "html": {}}  # "html": the window's markup by language


def page_path(lang):
    """The built help window in ``lang`` (scripts/early_data.py)."""
    return "./static/vendor/early/help." + lang + ".html"


def open_help():
    """Open the help window (its text fetched the first time)."""
    open_dialog("dlg-help", html())


def html():
    """The help window's markup; the first time in a language, a "loading" line that the fetched window replaces
    (:func:`load`)."""
    listen()
    lang = i18n.lang()
    if lang in _help["html"]:
        return _help["html"][lang]
    if not _help["loading"]:
        _help["loading"] = True
        spawn(load(lang))
    return helpdoc.window(helpdoc.loading(), "loading")


async def load(lang):
    """Fetch the window in ``lang``, then show it if the window is still open; on failure, the short help and the
    keys (the next opening tries again)."""
    try:
        response = await js.fetch(page_path(lang))
        if not response.ok:
            raise OSError("HTTP " + str(response.status))
        page = str(await response.text())
        _help["html"][lang] = page
    except Exception as error:
        page = helpdoc.window(helpdoc.failed(str(error), KEYS), "failed")
    finally:
        _help["loading"] = False
    dialog = by_id("dlg-help")
    if dialog is not None and dialog.open and by_id("help-content") is not None:
        dialog.querySelector(".dlg-body").innerHTML = str(page)
        focus = dialog.querySelector("[autofocus]")
        if focus is not None:
            focus.focus()


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
