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

    def find_all(self, tag: str | None = None, cls: str | None = None, **attrs: object) -> list[Node]:
        found = []
        for node in self.elements():
            if tag is not None and node.tag != tag:
                continue
            if cls is not None and cls not in node.classes:
                continue
            ok = True
            for key, want in attrs.items():
                name = key.replace("_", "-")
                if want is True:
                    ok = ok and name in node.attrs
                else:
                    ok = ok and node.attrs.get(name) == want
            if ok:
                found.append(node)
        return found

    def find(self, tag: str | None = None, cls: str | None = None, **attrs: object) -> Node:
        found = self.find_all(tag, cls, **attrs)
        assert found, f"no <{tag} class={cls} {attrs}> in {self.text[:200]!r}"
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
