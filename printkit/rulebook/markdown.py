"""Markdown parsed once into a small tree that both the PDF and the HTML writers walk.

markdown-it-py (CommonMark plus tables, strikethrough and typographic
quotes) does the parsing. Fenced blocks whose info string starts with a
directive name are layout instructions, not code:

- ``block KEY``: a game-supplied `Block` (a card picture);
- ``figure KEY``: that block beside the Markdown inside the fence;
- ``aside TITLE``: a boxed panel (worked examples, notes);
- ``onepage HEADER``: a page of its own, which the content must fit;
- ``small``: its Markdown in a smaller type (an appendix of notes);
- ``keep``: its Markdown on one page (a card and its first example), unless taller;
- ``pagebreak``, ``contents`` (the table of contents), ``cover`` (the title page).

Templates write them through `printkit.rulebook.templates.directive`, which
picks fence lengths so directives nest.
"""

from __future__ import annotations

import html
import re
import zlib
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

from markdown_it import MarkdownIt
from markdown_it.common.utils import unescapeAll
from markdown_it.token import Token

from printkit.content.typography import typeset_text

DIRECTIVES = frozenset(
    {
        "block",
        "figure",
        "aside",
        "onepage",
        "pagebreak",
        "contents",
        "cover",
        "small",
        "large",
        "keep",
    }
)
# directives whose fence holds Markdown
CONTAINERS = frozenset({"figure", "aside", "onepage", "cover", "small", "large", "keep"})
TOC_LEVELS = 2  # headings down to this level appear in the table of contents
ICON_PT = 9.5  # an image inside a line of text is an icon about as tall as the body text


@dataclass
class Node:
    """One block of the document; ``inline`` holds markdown-it's inline tokens."""

    kind: str
    children: list[Node] = field(default_factory=list)
    inline: list[Token] = field(default_factory=list)
    level: int = 0  # heading level
    start: int = 1  # first number of an ordered list
    align: str = ""  # table cell: left, center or right
    name: str = ""  # directive name
    arg: str = ""  # directive argument
    text: str = ""  # code content
    anchor: str = ""  # heading id
    tight: bool = False  # a paragraph markdown-it hides inside a tight list item
    line: int | None = None  # in the rendered Markdown, 1-based


QUOTES = {"en": "“”‘’", "ru": "«»„“"}  # the typographer's curly quotes, per language


def markdown_parser(language: str = "en") -> MarkdownIt:
    options = {"html": False, "typographer": True, "quotes": QUOTES.get(language, QUOTES["en"])}
    return MarkdownIt("commonmark", options).enable(
        ["table", "strikethrough", "replacements", "smartquotes"]
    )


class Anchors:
    """Unique, stable ids for headings: the same text gives the same id in PDF and HTML."""

    def __init__(self) -> None:
        self.used: set[str] = set()

    def make(self, text: str) -> str:
        base = re.sub(r"[\W_]+", "-", text.lower()).strip("-") or "section"
        anchor, n = base, 1
        while anchor in self.used:
            n += 1
            anchor = f"{base}-{n}"
        self.used.add(anchor)
        return anchor


def parse(
    text: str, anchors: Anchors | None = None, md: MarkdownIt | None = None, language: str = ""
) -> list[Node]:
    """The document's block tree; directive bodies are parsed into their children.

    Parsed a section at a time (`sections`), each kept by its text: an edit re-parses
    the section it falls in, not the book. Headings get their ids afterwards, in
    document order, as one pass over the whole text would give them (from their words
    as parsed). With a ``language``, the tree is also set by its typographic rules, as
    `apply_typography` sets it.
    """
    md = md or markdown_parser()
    anchors = anchors or Anchors()
    nodes: list[Node] = []
    titles: list[tuple[Node, str]] = []
    options = repr(sorted(md.options.items())), repr(md.get_active_rules())
    for offset, section in sections(text):
        if language:
            found, named = _typeset_section(section, offset, md, options, language)
            nodes += found
            titles += named
        else:
            nodes += _shifted(_parsed_section(section, md, options), offset)
    if not language:
        titles = [(node, plain(node.inline)) for node in _headings_within(nodes)]
    for node, title in titles:
        node.anchor = anchors.make(title)
    return nodes


_TYPESET: dict[tuple, tuple[list[Node], list[str]]] = {}


def _typeset_section(
    text: str, offset: int, md: MarkdownIt, options: tuple[str, str], language: str
) -> tuple[list[Node], list[tuple[Node, str]]]:
    """One section parsed, placed at its line and typeset, with each heading's words as
    parsed (its id is made from them). The typeset tree is kept in memory by the section's
    text, place and language; each call hands out nodes of its own (later passes name the
    headings) over the kept tokens, which nothing edits after typography."""
    from printkit.build import diskcache

    key = (text, offset, language, options)
    kept = _TYPESET.get(key) if diskcache.reading() else None
    if kept is None:
        kept = _typeset_kept(text, offset, md, options, language)
        if len(_TYPESET) >= PARSED_KEPT:
            _TYPESET.clear()
        _TYPESET[key] = kept
    nodes = [_copied(node) for node in kept[0]]
    return nodes, list(zip(_headings_within(nodes), kept[1], strict=True))


def _typeset_kept(
    text: str, offset: int, md: MarkdownIt, options: tuple[str, str], language: str
) -> tuple[list[Node], list[str]]:
    """A section's typeset tree and its headings' words, kept on disk too (a fresh process
    reads them back instead of typesetting its words again); a damaged entry is a miss."""
    import hashlib

    from printkit.build import diskcache
    from printkit.build.fingerprint import code_digest, digest

    text_digest = hashlib.sha256(text.encode()).hexdigest()
    key = digest(code_digest(), "typeset", options, language, offset, text_digest)
    found = diskcache.load_value(TYPESET_KIND, key) if diskcache.reading() else None
    if _is_typeset(found):
        return found  # type: ignore[return-value]
    nodes = _shifted(_parsed_section(text, md, options), offset)
    words = [plain(node.inline) for node in _headings_within(nodes)]
    kept = apply_typography(nodes, language), words
    diskcache.store_value(TYPESET_KIND, key, kept)
    return kept


TYPESET_KIND = "markdown-typeset"


def _is_typeset(found: object) -> bool:
    if not (isinstance(found, tuple) and len(found) == 2):
        return False
    nodes, words = found
    return (
        isinstance(nodes, list)
        and isinstance(words, list)
        and all(isinstance(n, Node) for n in nodes)
        and len(words) == len(_headings_within(nodes))
    )


def _copied(node: Node) -> Node:
    """The node and its children as new nodes; their inline tokens are shared."""
    copy = Node.__new__(Node)
    copy.__dict__.update(node.__dict__)
    copy.children = [_copied(child) for child in node.children]
    return copy


def _headings_within(nodes: list[Node]) -> list[Node]:
    """Every heading, boxes' and figures' too, in document order."""
    return [node for node in _walk_nodes(nodes) if node.kind == "heading"]


FENCE = re.compile(r" {0,3}(`{3,}|~{3,})")
LIST_ITEM = re.compile(r"(?:[-+*]|\d{1,9}[.)])(?:[ \t]|$)")  # may continue the list before
REFERENCE = re.compile(r"^ {0,3}\[[^\]]+\]:", re.MULTILINE)


def sections(text: str) -> list[tuple[int, str]]:
    """The text cut before each block that starts a line, unindented, after a blank one,
    outside any fence, as (lines before it, its text): nothing before such a line runs on
    into it (a list item is not cut off: it may be the list's next), so each section parses
    as it would inside the whole. A text defining link references (read document-wide)
    is kept whole."""
    if REFERENCE.search(text):
        return [(0, text)]
    lines = text.splitlines(keepends=True)
    cuts, fence, blank = [0], "", True
    for number, line in enumerate(lines):
        opened = FENCE.match(line)
        if fence:
            if opened and opened.group(1)[0] == fence[0] and len(opened.group(1)) >= len(fence):
                fence = "" if not line[opened.end() :].strip() else fence
        else:
            if blank and number and _cut_before(line):
                cuts.append(number)
            fence = opened.group(1) if opened else ""
        blank = not line.strip()
    cuts.append(len(lines))
    return [(a, "".join(lines[a:b])) for a, b in zip(cuts, cuts[1:]) if b > a]


SPREAD = 8  # about one safe place in this many is a cut (headings always are)


def _cut_before(line: str) -> bool:
    """A safe place (see `sections`) chosen by its own text, so a cut stays where it is
    whatever is edited elsewhere: sections of a few paragraphs, not one per paragraph."""
    if not line.strip() or line[:1] in " \t" or LIST_ITEM.match(line):
        return False
    return line.startswith("#") or zlib.crc32(line.encode()) % SPREAD == 0


_PARSED: dict[tuple[str, str], bytes] = {}
PARSED_KEPT = 500


def _parsed_section(text: str, md: MarkdownIt, options: tuple[str, str]) -> list[Node]:
    """`_parse_tree` of one section, kept (in memory and on disk) by its text and the
    parser's ``options``; a fresh copy each time, since later passes edit the tree."""
    import hashlib
    import pickle

    from printkit.build import diskcache
    from printkit.build.fingerprint import code_digest, digest

    key = digest(code_digest(), "markdown", options, hashlib.sha256(text.encode()).hexdigest())
    data = _PARSED.get((key, text)) if diskcache.reading() else None
    if data is None and diskcache.reading():
        data = diskcache.load("markdown", key)
    kept = _unpickled(data) if data is not None else None
    if kept is not None:
        return kept
    tree = _parse_tree(text, md)
    data = pickle.dumps(tree, pickle.HIGHEST_PROTOCOL)
    if len(_PARSED) >= PARSED_KEPT:
        _PARSED.clear()
    _PARSED[(key, text)] = data
    diskcache.store("markdown", key, data)
    return pickle.loads(data)


def _unpickled(data: bytes) -> list[Node] | None:
    """A kept tree, or None for an entry that does not read back (a damaged one: a miss)."""
    import pickle

    try:
        tree = pickle.loads(data)
    except Exception:  # noqa: BLE001 - whatever a damaged entry raises
        return None
    return tree if isinstance(tree, list) else None


def _parse_tree(text: str, md: MarkdownIt) -> list[Node]:
    root = Node("root")
    stack = [root]
    for token in md.parse(text):
        if token.nesting == 1:
            node = _open(token)
            stack[-1].children.append(node)
            stack.append(node)
        elif token.nesting == -1:
            stack.pop()
        elif token.type == "inline":
            stack[-1].inline = token.children or []
        else:
            stack[-1].children.append(_leaf(token, md))
    return root.children


def _shifted(nodes: list[Node], offset: int) -> list[Node]:
    """Line numbers of a section's own nodes counted from the document's start (a
    directive's body keeps its lines, counted within the fence, as before)."""
    if offset:
        for node in nodes:
            if node.line is not None:
                node.line += offset
            if node.kind != "directive":
                _shifted(node.children, offset)
    return nodes


def _name_headings(nodes: list[Node], anchors: Anchors) -> None:
    for node in _headings_within(nodes):
        node.anchor = anchors.make(plain(node.inline))


def _open(token: Token) -> Node:
    kind = token.type.removesuffix("_open")
    node = Node(kind, line=_line(token), tight=token.hidden)
    if kind == "heading":
        node.level = int(token.tag[1])
    elif kind == "ordered_list":
        node.start = int(token.attrs.get("start", 1))
    elif kind in ("th", "td"):
        style = str(token.attrs.get("style", ""))
        node.align = style.removeprefix("text-align:") if style else ""
    return node


def _leaf(token: Token, md: MarkdownIt) -> Node:
    if token.type == "fence":
        info = unescapeAll(token.info).strip()
        name, _, arg = info.partition(" ")
        if name in DIRECTIVES:
            node = Node("directive", name=name, arg=arg.strip(), line=_line(token))
            if name in CONTAINERS:
                node.children = _parse_tree(token.content, md)
            else:
                node.text = token.content.strip()
            return node
        return Node("code", text=token.content, line=_line(token))
    if token.type == "code_block":
        return Node("code", text=token.content, line=_line(token))
    return Node(token.type, line=_line(token))  # hr, and anything unknown is skipped


def _line(token: Token) -> int | None:
    return token.map[0] + 1 if token.map else None


# -- inline text -----------------------------------------------------------------
def apply_typography(nodes: list[Node], language: str) -> list[Node]:
    """Every text of the tree set by ``language``'s typographic rules, in place.

    A line break of the Markdown source is a plain space, so a short word at a
    source line's end is glued to the next word like any other.
    """
    for node in _walk_nodes(nodes):
        if node.inline:
            node.inline = _typeset_run(node.inline, language)
        if node.kind == "directive" and node.name in ("aside", "onepage") and node.arg:
            node.arg = typeset_text(node.arg, language)
    return nodes


def _typeset_run(tokens: list[Token], language: str) -> list[Token]:
    merged: list[Token] = []
    for token in tokens:
        if token.type == "softbreak":
            token = Token("text", "", 0, content=" ")
        if token.children:
            token.children = _typeset_run(token.children, language)
        if token.type == "text" and merged and merged[-1].type == "text":
            merged[-1] = Token("text", "", 0, content=merged[-1].content + token.content)
        else:
            merged.append(token)
    for token in merged:
        if token.type == "text":
            token.content = typeset_text(token.content, language)
    return merged


def plain(tokens: list[Token]) -> str:
    """The words of an inline run, without markup (TOC entries, alt text, anchors)."""
    parts = []
    for t in tokens:
        if t.type in ("text", "code_inline"):
            parts.append(t.content)
        elif t.type in ("softbreak", "hardbreak"):
            parts.append(" ")
        elif t.type == "image":
            parts.append(plain(t.children or []))
    return "".join(parts)


PDF_TAGS = {
    "strong_open": "<b>",
    "strong_close": "</b>",
    "em_open": "<i>",
    "em_close": "</i>",
    "s_open": "<strike>",
    "s_close": "</strike>",
    "link_close": "</a>",
    "softbreak": " ",
    "hardbreak": "<br/>",
}
HTML_TAGS = {
    "strong_open": "<strong>",
    "strong_close": "</strong>",
    "em_open": "<em>",
    "em_close": "</em>",
    "s_open": "<s>",
    "s_close": "</s>",
    "link_close": "</a>",
    "softbreak": "\n",
    "hardbreak": "<br>",
}


def pdf_markup(tokens: list[Token], code_font: str, link_colour: str) -> str:
    """reportlab Paragraph mini-markup for an inline run."""
    return _markup(
        tokens,
        lambda code: f'<font name="{code_font}">{code}</font>',
        lambda href: f'<a href="{href}" color="{link_colour}">',
        PDF_TAGS,
        lambda found, alt: (
            f'<img src="{found["png"]}" width="{ICON_PT}" height="{ICON_PT}" valign="baseline"/>'
        ),
    )


def html_markup(tokens: list[Token]) -> str:
    return _markup(
        tokens,
        lambda code: f"<code>{code}</code>",
        lambda href: f'<a href="{href}">',
        HTML_TAGS,
        lambda found, alt: (
            f'<img class="icon" src="{found["uri"]}" alt="{alt}" '
            'style="height:1em;vertical-align:-0.12em">'
        ),
    )


def _markup(
    tokens: list[Token],
    code: Callable[[str], str],
    link: Callable[[str], str],
    tags: dict[str, str],
    icon: Callable[[dict, str], str] = lambda found, alt: alt,
) -> str:
    """One walk of an inline run for both outputs; only code, links and tags differ."""
    out = []
    for t in tokens:
        if t.type == "text":
            out.append(html.escape(t.content, quote=False))
        elif t.type == "code_inline":
            out.append(code(html.escape(t.content, quote=False)))
        elif t.type == "link_open":
            out.append(link(html.escape(str(t.attrs.get("href", "")))))
        elif t.type == "image" and t.meta.get("icon"):
            out.append(icon(t.meta["icon"], html.escape(plain(t.children or []))))
        elif t.type == "image":
            out.append(html.escape(plain(t.children or []), quote=False))
        else:
            out.append(tags.get(t.type, ""))
    return "".join(out)


def headings(nodes: list[Node], max_level: int = TOC_LEVELS) -> list[Node]:
    """The headings the table of contents lists, in document order.

    Headings inside boxes and figures are local titles, not sections; a
    ``onepage`` block is a section of its own.
    """
    found = []
    for node in nodes:
        if node.kind == "heading" and node.level <= max_level:
            found.append(node)
        elif node.kind == "directive" and node.name == "onepage":
            found += headings(node.children, max_level)
    return found


def check_links_and_outline(nodes: list[Node]) -> None:
    """Refuse a link to no heading and an outline that skips a level, naming them.

    Both would otherwise surface only when the PDF is written, as reportlab's
    own errors about destinations and outline levels.
    """
    from printkit.errors import RenderError

    everywhere = list(_walk_nodes(nodes))
    anchors = {n.anchor for n in everywhere if n.kind == "heading" and n.anchor}
    for node in everywhere:
        for token in _walk_tokens(node.inline):
            href = str((token.attrs or {}).get("href", "")) if token.type == "link_open" else ""
            if href.startswith("#") and href[1:] not in anchors:
                raise RenderError(
                    f"rulebook: a link in {plain(node.inline)!r} points to {href!r}, "
                    "but no heading has that anchor",
                    "link to a heading's anchor (its title in lower case, words joined by '-')",
                )
    level = 0
    for heading in headings(nodes):
        if heading.level > level + 1:
            raise RenderError(
                f"rulebook: heading {plain(heading.inline)!r} is level {heading.level} "
                f"but follows level {level}",
                f"the PDF outline cannot skip a level; use {'#' * (level + 1)} here",
            )
        level = heading.level


def placed_blocks(nodes: list[Node], blocks: Mapping[str, object]) -> list[str]:
    """The keys of the blocks the tree places (a picture, a figure's drawing), in order."""
    return [
        key
        for node in _walk_nodes(nodes)
        if node.kind == "directive" and node.name in ("block", "figure")
        if (key := node.text or node.arg) in blocks
    ]


def _walk_nodes(nodes: list[Node]):
    for node in nodes:
        yield node
        yield from _walk_nodes(node.children)


def _walk_tokens(tokens):
    for token in tokens:
        yield token
        yield from _walk_tokens(token.children or ())
