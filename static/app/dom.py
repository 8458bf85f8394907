"""Small DOM helpers: elements by id, the address's parameters, the notice and the screen-reader log."""

import js
from pyscript import document
from pyscript.ffi import create_proxy


def by_id(name):
    return document.getElementById(name)


def parse_params(search):
    """``?a=1&b=x`` → ``{"a": "1", "b": "x"}`` (decoded)."""
    params = {}
    text = str(search or "")
    if text.startswith("?"):
        text = text[1:]
    for part in text.split("&"):
        if not part:
            continue
        key, _, value = part.partition("=")
        params[key] = str(js.decodeURIComponent(value.replace("+", " ")))
    return params


def drop_params(*names):
    """One-shot parameters leave the address once used, so a reload resumes the game."""
    try:
        url = js.URL.new(js.location.href)
        for name in names:
            url.searchParams.delete(name)
        js.history.replaceState(js.history.state, "", url.href)
    except Exception:
        pass


def announce(text):
    """Say ``text`` to screen readers (a polite live region keeping the last few lines)."""
    region = by_id("announce")
    item = document.createElement("p")
    item.textContent = text
    region.appendChild(item)
    while region.childElementCount > 6:
        region.removeChild(region.firstElementChild)


def place_notice(*_):
    """Keep the notice just under the top bar (score box and toolbar): it never covers the toolbar."""
    box = by_id("notice")
    bar = document.querySelector(".topbar")
    if box is None or bar is None or box.hidden:
        return
    top = int(bar.getBoundingClientRect().bottom) + 8
    box.style.setProperty("--notice-top", str(max(8, top)) + "px")


_placing = []  # the observer of the top bar's size, made with the first notice


def notice(text):
    by_id("notice-text").textContent = text
    by_id("notice").hidden = False
    place_notice()
    if not _placing:  # the bar grows and wraps with the window and with what it shows: follow it
        _placing.append(create_proxy(place_notice))
        bar = document.querySelector(".topbar")
        if bar is not None and hasattr(js, "ResizeObserver"):
            js.ResizeObserver.new(_placing[0]).observe(bar)
        js.window.addEventListener("resize", _placing[0])
