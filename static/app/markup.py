"""Markup by construction: the only place on the page where HTML text is made (MicroPython and CPython).

Every dynamic region of the page is built with :func:`h` and assigned with ``innerHTML``; no module joins
markup with data by hand.  The rule that makes injection impossible:

- :func:`h` ``(tag, *children, **attrs)`` makes one element.  The tag and every attribute name must be a
  lowercase name from code (``[a-z][a-z0-9-]*``), never ``on…`` (no handlers in markup: the page delegates
  events), and a URL attribute (``href``, ``src``, ``action``…) takes only relative, ``http(s):``, ``blob:``
  and ``mailto:`` addresses.  Every attribute value is escaped (``& < > " '``).
- A child is text (``str``, numbers: escaped), an :class:`Html` (a fragment this module built), ``None``
  (skipped) or a list/tuple of those (flattened).
- :class:`Html` values are made only here (:func:`h`, :func:`text`, :func:`join`, :func:`fill`); adding an
  ``Html`` to a ``str`` raises ``TypeError``, so data cannot be glued onto a trusted fragment by accident.

Attributes as keywords: ``cls`` → ``class``, a trailing ``_`` is dropped (``for_`` → ``for``), ``_`` → ``-``
(``data_card`` → ``data-card``, ``aria_label`` → ``aria-label``); or a ``dict`` as the first child
(``h("div", {"data-x": 1})``).  Values: ``None``/``False`` leave the attribute out, ``True`` writes it bare
(``hidden``), anything else is ``str()``-ed and escaped.

>>> str(h("button", "<b>", cls="card", data_card='AS" onclick="x', hidden=True))
'<button class="card" data-card="AS&quot; onclick=&quot;x" hidden>&lt;b&gt;</button>'
"""

VOID = ("br", "hr", "img", "input", "meta", "link", "source", "col", "wbr")
URL_ATTRS = ("href", "src", "action", "formaction", "xlink-href", "poster", "srcset", "background")
SCHEMES = ("http", "https", "blob", "mailto")
_NAME_FIRST = "abcdefghijklmnopqrstuvwxyz"
_NAME_REST = _NAME_FIRST + "0123456789-"


class Html:
    """A fragment of markup this module built (and so safe to put in the page as it is)."""

    __slots__ = ("_text",)

    def __init__(self, text, _key=None):
        if _key is not _KEY:
            raise TypeError("Html is made by markup.h/text/join/fill, not from a string")
        self._text = text

    def __str__(self):
        return self._text

    def __repr__(self):
        return "Html(" + repr(self._text) + ")"

    def __eq__(self, other):
        return isinstance(other, Html) and other._text == self._text

    def __hash__(self):
        return hash(self._text)

    def __len__(self):
        return len(self._text)

    def __bool__(self):
        return bool(self._text)

    def __add__(self, other):
        if not isinstance(other, Html):
            raise TypeError("only Html can be added to Html (build text with markup.text)")
        return Html(self._text + other._text, _KEY)

    def __radd__(self, other):
        raise TypeError("only Html can be added to Html (build text with markup.text)")


_KEY = object()
EMPTY = Html("", _KEY)


def escape(value):
    """Text → HTML text safe in element content and in a quoted attribute value."""
    return (
        str(value)
        .replace("&", "&amp;")
        .replace("<", "&lt;")
        .replace(">", "&gt;")
        .replace('"', "&quot;")
        .replace("'", "&#39;")
    )


def _check_name(name, what):
    if not name or name[0] not in _NAME_FIRST:
        raise ValueError("bad " + what + " name: " + repr(name)[:40])
    for char in name:
        if char not in _NAME_REST:
            raise ValueError("bad " + what + " name: " + repr(name)[:40])
    return name


_NAMES = {}  # keyword → checked attribute name: names come from code, so each is checked once


def _attr_name(key):
    name = _NAMES.get(key)
    if name is not None:
        return name
    name = key
    if name == "cls":
        name = "class"
    elif name.endswith("_"):
        name = name[:-1]
    name = _check_name(name.replace("_", "-"), "attribute")
    if name.startswith("on"):
        raise ValueError("event handlers are not written in markup: " + name)
    if len(_NAMES) < 512:
        _NAMES[key] = name
    return name


def _safe_url(value):
    text = str(value)
    probe = "".join(text.split()).lower()  # browsers ignore whitespace and control characters inside a scheme
    colon = probe.find(":")
    if colon >= 0:
        cut = [i for i in (probe.find("/"), probe.find("?"), probe.find("#")) if i >= 0]
        if not cut or colon < min(cut):
            if probe[:colon] not in SCHEMES:
                raise ValueError("unsafe address in markup: " + repr(text)[:40])
    return text


def _attrs(pairs):
    out = []
    for key, value in pairs:
        if value is None or value is False:
            continue
        name = _attr_name(key)
        if value is True:
            out.append(" " + name)
            continue
        if name in URL_ATTRS:
            value = _safe_url(value)
        out.append(" " + name + '="' + escape(value) + '"')
    return "".join(out)


def _children(items, out):
    for item in items:
        if item is None or item is False:
            continue
        if isinstance(item, Html):
            out.append(item._text)
        elif isinstance(item, (list, tuple)):
            _children(item, out)
        elif isinstance(item, dict):
            raise TypeError("attributes go first (a dict as the first child) or as keywords")
        else:
            out.append(escape(item))


def h(tag, *children, **attrs):
    """One element: ``<tag attrs>children</tag>`` (void tags such as ``input`` take no children)."""
    _check_name(tag, "tag")
    pairs = []
    if children and isinstance(children[0], dict):
        pairs.extend(children[0].items())
        children = children[1:]
    pairs.extend(attrs.items())
    head = "<" + tag + _attrs(pairs) + ">"
    if tag in VOID:
        if children:
            raise ValueError("<" + tag + "> takes no children")
        return Html(head, _KEY)
    out = [head]
    _children(children, out)
    out.append("</" + tag + ">")
    return Html("".join(out), _KEY)


def text(value):
    """Plain text as a fragment (escaped)."""
    return Html(escape(value), _KEY)


def join(items, sep=""):
    """Fragments and texts in a row (texts escaped), ``sep`` (text or Html) between them."""
    out = []
    glue = sep._text if isinstance(sep, Html) else escape(sep)
    first = True
    for item in items:
        if item is None:
            continue
        if not first and glue:
            out.append(glue)
        first = False
        _children((item,), out)
    return Html("".join(out), _KEY)


def fill(template, **pieces):
    """A message with ``{name}`` placeholders → fragment: the message text escaped, each piece put in its place.

    Pieces are Html or text (escaped); an unknown or unclosed placeholder stays as text.  Used where a catalog
    message wraps markup: ``fill(t_raw("seat_plate"), seat=h("span", "North", cls="seat-who"), …)``.
    """
    out = []
    rest = str(template)
    while rest:
        start = rest.find("{")
        if start < 0:
            out.append(escape(rest))
            break
        end = rest.find("}", start)
        if end < 0:
            out.append(escape(rest))
            break
        name = rest[start + 1 : end]
        if "{" in name:  # a stray brace: text up to the next one, then look again from there
            cut = start + 1 + name.index("{")
            out.append(escape(rest[:cut]))
            rest = rest[cut:]
            continue
        out.append(escape(rest[:start]))
        if name in pieces:
            _children((pieces[name],), out)
        else:
            out.append(escape(rest[start : end + 1]))
        rest = rest[end + 1 :]
    return Html("".join(out), _KEY)
