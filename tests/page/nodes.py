"""A small element tree of a view's markup (read with :mod:`html.parser`), to ask what a view shows.

``parse(markup)`` → the root :class:`Node`; ``node.find_all("button", cls="bid")`` finds descendants by tag
and attributes (``cls`` matches one class of ``class``, ``True`` matches an attribute that is present);
``node.text`` is the text inside, as a browser's ``textContent``.
"""

from __future__ import annotations

from html.parser import HTMLParser

VOID = {"br", "hr", "img", "input", "meta", "link", "source", "col", "wbr"}


class Node:
    """One element: ``tag``, ``attrs`` (name → value, ``None`` for a bare attribute), ``children``."""

    def __init__(self, tag: str, attrs: dict[str, str | None]) -> None:
        self.tag = tag
        self.attrs = attrs
        self.children: list[Node | str] = []

    @property
    def text(self) -> str:
        return "".join(c if isinstance(c, str) else c.text for c in self.children)

    @property
    def classes(self) -> list[str]:
        return (self.attrs.get("class") or "").split()

    def get(self, name: str) -> str | None:
        return self.attrs.get(name)

    def elements(self) -> list[Node]:
        out = []
        for child in self.children:
            if isinstance(child, Node):
                out.append(child)
                out.extend(child.elements())
        return out

    def has(self, key: str, value: object = True) -> bool:
        """Whether attribute ``key`` (``cls``: one of the classes; ``for_``: ``for``; ``_``: ``-``) is ``value``
        (``True``: present)."""
        if key == "cls":
            return str(value) in self.classes
        name = key.rstrip("_").replace("_", "-")
        if name not in self.attrs:
            return False
        return value is True or self.attrs[name] == value

    def find_all(self, tag: str | None = None, cls: object = None, **attrs: object) -> list[Node]:
        """Descendants with ``tag``, class ``cls`` and ``attrs`` (as :meth:`has` reads them), in order."""
        if cls is not None:
            attrs["cls"] = cls
        return [
            node
            for node in self.elements()
            if (tag is None or node.tag == tag) and all(node.has(k, v) for k, v in attrs.items())
        ]

    def all(self, tag: str | None = None, **attrs: object) -> list[Node]:
        """:meth:`find_all` by keyword only."""
        return self.find_all(tag, **attrs)

    def find(self, tag: str | None = None, cls: object = None, **attrs: object) -> Node:
        """The first of :meth:`find_all` (the test fails when there is none)."""
        found = self.find_all(tag, cls, **attrs)
        assert found, f"no <{tag} class={cls} {attrs}> in {self.text[:200]!r}"
        return found[0]

    def one(self, tag: str | None = None, **attrs: object) -> Node:
        """The only one of :meth:`all` (the test fails when there are none or several)."""
        found = self.all(tag, **attrs)
        assert len(found) == 1, (tag, attrs, len(found))
        return found[0]


class _Builder(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.root = Node("#root", {})
        self.stack = [self.root]

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        node = Node(tag, dict(attrs))
        self.stack[-1].children.append(node)
        if tag not in VOID:
            self.stack.append(node)

    def handle_endtag(self, tag: str) -> None:
        assert self.stack[-1].tag == tag, f"</{tag}> closes <{self.stack[-1].tag}>"
        self.stack.pop()

    def handle_data(self, data: str) -> None:
        self.stack[-1].children.append(data)


def parse(markup: object) -> Node:
    """The tree of ``markup`` (every element closed in order, or the test fails)."""
    builder = _Builder()
    builder.feed(str(markup))
    builder.close()
    assert builder.stack == [builder.root], "unclosed elements"
    return builder.root
