"""The Markdown tree as reportlab platypus flowables.

Headings keep with what follows; tables split only between rows, repeat
their header and keep together when they fit a page; directives become
panels, figures, page breaks and the table of contents.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from typing import Any

from reportlab.lib.colors import Color
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.platypus import (
    CondPageBreak,
    Flowable,
    KeepTogether,
    ListFlowable,
    ListItem,
    PageBreak,
    Paragraph,
    Preformatted,
    Spacer,
    Table,
    TableStyle,
)
from reportlab.platypus.doctemplate import FrameBreak
from reportlab.platypus.flowables import HRFlowable, PageBreakIfNotEmpty

from printkit.build.aside import Kept
from printkit.errors import RenderError
from printkit.render.fonts import BODY, BOLD, CONDENSED
from printkit.render.text import TypesetParagraph
from printkit.render.units import MM
from printkit.rulebook.context import Block
from printkit.rulebook.markdown import Node, pdf_markup, plain
from printkit.rulebook.styles import HEAD_FILL, LINK, PANEL, QUOTE, RULE, Styles, make_styles

CELL_PAD = 4  # points either side of a table cell's text
FIGURE_GAP = 5 * MM
TOC_ENTRY_END = "pk-toc-entry-end"  # canvas callback at the end of each contents line
PAGE_NUMBER_WIDTH = 12 * MM
BULLETS = ("•", "–")  # list bullets, alternating with depth
FONT = ("FONTNAME", (0, 0), (-1, -1), BODY)  # tables default to (unembedded) Helvetica


class LazyMarkup:
    """A paragraph (this mixin before a Paragraph class) whose markup is parsed when first
    needed (its lines, its words): a run resumed on kept pages never parses the paragraphs
    only those pages print, nor the legends of pictures it never lays out. The style is
    known at once (spacing, keep-with-next). Parts of a split are made at once."""

    # what parsing the markup sets: asked for, the markup is parsed first
    _PARSED = frozenset(
        {"text", "frags", "bulletText", "debug", "caseSensitive", "encoding"}
        | {"_pk_source", "_pk_set", "_pk_setup"}
    )

    def __init__(self, text, style=None, *args: Any, **kwargs: Any) -> None:
        if style is None or args or kwargs:
            super().__init__(text, style, *args, **kwargs)
            return
        self.style = style
        self._pk_lazy = (text, style)

    def __getattr__(self, name: str) -> Any:
        lazy = self.__dict__.get("_pk_lazy")
        if lazy is None or name not in LazyMarkup._PARSED:
            raise AttributeError(name)
        del self.__dict__["_pk_lazy"]
        super().__init__(*lazy)
        return getattr(self, name)


class LazyParagraph(LazyMarkup, Paragraph):
    """reportlab's own Paragraph, its markup parsed when first needed (`LazyMarkup`)."""


class Para(LazyMarkup, TypesetParagraph):
    """A paragraph that breaks its lines once per width, its markup parsed when first needed.

    platypus asks a paragraph for its height several times at the same width
    (a table measures its cells, a frame tries it, a split retries it, drawing
    asks again); line breaking is most of a rulebook's typesetting time.
    """

    _MEMO = ("width", "height", "blPara", "_wrapWidths", "_width_max", "frags", "text", "_pk_set")

    def wrap(self, availWidth: float, availHeight: float) -> tuple[float, float]:
        memo = self.__dict__.get("_pk_memo")
        if memo is not None and memo[0] == availWidth:
            self.__dict__.update(memo[1])
            return self.width, self.height
        size = super().wrap(availWidth, availHeight)
        if hasattr(self, "blPara"):  # not the can't-fit answer for a too-narrow width
            state = {name: getattr(self, name) for name in self._MEMO if hasattr(self, name)}
            self._pk_memo = (availWidth, state)
        return size


class Heading(Para):
    """A heading paragraph that the document template files in the TOC and outline."""

    def __init__(self, text: str, style, level: int, title: str, anchor: str) -> None:
        super().__init__(f'<a name="{anchor}"/>{text}', style)
        self.level = level
        self.title = title
        self.anchor = anchor

    def split(self, aw: float, ah: float) -> list:
        """A heading is never broken across pages: it moves whole to the next one, and
        one taller than a page is an error (``RenderError``), never a loop."""
        return []


SPLIT_ROWS = 10  # a table this long may run over a page break...
SPLIT_ROOM = 90 * MM  # ...when at least this much of the page is left for it
SPLIT_TAIL = 3  # ...and the page after gets at least this many of its rows, not one or two


class TableKeep(KeepTogether):
    """A table kept whole when it fits a page; the paragraph before it may join it.

    A long table would leave most of a page empty by moving whole: where a good
    share of a page is left, it starts there and runs on (its header repeated). The
    part that runs on is a function of the table, the width and the height it is split
    at, so a page that begins with it can be resumed at (`printkit.rulebook.resume`)."""

    split_by_size = True

    def split(self, aW: float, aH: float) -> list[Flowable]:
        *lead, table = self._content
        long = isinstance(table, Table) and len(table._cellvalues) >= SPLIT_ROWS
        if long and aH >= SPLIT_ROOM:
            used = sum(f.wrap(aW, aH)[1] + f.getSpaceBefore() + f.getSpaceAfter() for f in lead)
            parts = _with_a_tail(table, aW, aH - used - table.getSpaceBefore())
            if len(parts) > 1:  # it does break where the page ends: start it here
                return [*lead, *parts]
        return super().split(aW, aH)


def _with_a_tail(table: Table, width: float, height: float) -> list[Flowable]:
    """The table split to fit ``height``, moving rows on until the part on the next page
    holds at least `SPLIT_TAIL` of them (under its repeated header): a lone row atop a page
    reads as a stray. ``[]`` when it cannot break so (too few rows to give)."""
    parts = table.split(width, height)
    if len(parts) < 2:
        return parts
    first, rest = parts
    head = table.repeatRows if isinstance(table.repeatRows, int) else len(table.repeatRows)
    short = SPLIT_TAIL - (len(rest._cellvalues) - head)
    if short <= 0:
        return parts
    if len(first._cellvalues) - short < head + SPLIT_TAIL:
        return []
    first.wrap(width, height)
    first, rest = table.split(width, sum(first._rowHeights[:-short]) + 0.01)
    return [first, FrameBreak(), rest]  # the rest opens the next page


class HeaderMark(Flowable):
    """Zero-size marker: the running header of the page it lands on reads ``text``."""

    def __init__(self, text: str) -> None:
        super().__init__()
        self.text = text
        self.width = self.height = 0

    def wrap(self, aw: float, ah: float) -> tuple[float, float]:
        return 0, 0

    def draw(self) -> None:
        pass


class OnePage(Flowable):
    """Content that must fill at most one page: a clear error instead of a spill."""

    def __init__(self, content: list[Flowable], what: str) -> None:
        super().__init__()
        self.content = content
        self.what = what
        self._sizes: list[tuple[float, float]] = []

    def wrap(self, aw: float, ah: float) -> tuple[float, float]:
        self._sizes = []
        total = 0.0
        for f in self.content:
            w, h = f.wrapOn(self.canv, aw, ah)
            total += h + f.getSpaceBefore() + f.getSpaceAfter()
            self._sizes.append((w, h))
        if total > ah + 0.5:
            raise RenderError(
                f"rulebook: {self.what!r} must fit one page but needs {total / MM:.0f} mm "
                f"of {ah / MM:.0f} mm",
                "shorten it",
            )
        self.width, self.height = aw, total
        return aw, total

    def draw(self) -> None:
        y = self.height
        for f, (_, h) in zip(self.content, self._sizes):
            y -= f.getSpaceBefore() + h
            f.drawOn(self.canv, 0, y)
            y -= f.getSpaceAfter()


@dataclass(frozen=True)
class Flow:
    """What converting one run of nodes needs to know."""

    styles: Styles
    width: float
    blocks: Mapping[str, Block]
    toc: tuple[tuple[int, str, str], ...] = ()  # (level, title, anchor) of each contents line
    cover: bool = False
    list_depth: int = 0
    nested: bool = False  # inside a table cell: no KeepTogether (it forces a split there)
    page_height: float = 0.0  # the body frame's height: decides which panels may split

    @classmethod
    def on(cls, doc, blocks: Mapping[str, Block], toc: tuple = ()) -> Flow:
        """The flow that fills ``doc``'s body frame."""
        styles = make_styles(language=getattr(doc, "lang", "") or "")
        return cls(styles=styles, width=doc.width, blocks=blocks, toc=toc, page_height=doc.height)

    def narrower(self, by: float) -> Flow:
        return replace(self, width=self.width - by)

    def inside(self, by: float) -> Flow:
        """The flow inside a container cell ``by`` points narrower than this one."""
        return replace(self, width=self.width - by, nested=True)


def convert(
    nodes: list[Node], flow: Flow, made: Callable[[Node, list[Flowable]], None] | None = None
) -> list[Flowable]:
    """The nodes' flowables; ``made`` is told which flowables each top-level node gave
    (before headings are kept with what follows), so a run can name them by their node."""
    out: list[Flowable] = []
    for node in nodes:
        flowables = CONVERTERS.get(node.kind, _skip)(node, flow)
        if made is not None:
            made(node, flowables)
        out += flowables
    return out if flow.nested else _merge_keeps(out, flow)


def _merge_keeps(flowables: list[Flowable], flow: Flow) -> list[Flowable]:
    """Keep each run of headings with what follows it.

    reportlab's keepWithNext leaves a heading alone at a page foot when the
    next flowable is a container (a KeepTogether, a list). A heading before a
    KeepTogether joins it; before anything else, a conditional page break
    asks for the heading plus a few lines of room.
    """
    out: list[Flowable] = []
    run: list[Flowable] = []
    for f in flowables:
        if isinstance(f, Heading):
            run.append(f)
            continue
        if isinstance(f, KeepTogether):
            introduced = isinstance(f, TableKeep) or _ends_in_colon(out)
            lead = _lead_in(out) if introduced and not run else []
            keep = TableKeep if isinstance(f, TableKeep) else KeepTogether
            out.append(keep(run + lead + list(f._content)))
        elif run:
            out += [CondPageBreak(_room_for(run, flow)), *run, f]
        elif isinstance(f, Table) and _ends_in_colon(out):  # a tall box: its first rows
            out.append(KeepTogether([out.pop(), f]))
        else:
            out.append(f)
        run = []
    return out + run


def _lead_in(out: list[Flowable]) -> list[Flowable]:
    """The paragraph introducing a table (and its headings), taken back to keep with it."""
    if not out or type(out[-1]) is not Para:
        return []
    lead = [out.pop()]
    while out and isinstance(out[-1], Heading):
        lead.insert(0, out.pop())
    if len(lead) > 1 and out and isinstance(out[-1], CondPageBreak):
        out.pop()
    return lead


def _ends_in_colon(out: list[Flowable]) -> bool:
    """Whether the last paragraph introduces what follows ("…as it lay on Sunday:")."""
    return bool(out) and type(out[-1]) is Para and out[-1].getPlainText().rstrip().endswith(":")


def _room_for(headings: list[Flowable], flow: Flow) -> float:
    """The headings' own height plus four lines of what follows them."""
    own = sum(h.style.leading * 1.3 + h.style.spaceBefore + h.style.spaceAfter for h in headings)
    return own + 4 * flow.styles.body.leading


def _skip(node: Node, flow: Flow) -> list[Flowable]:
    return []


def _markup(node: Node, flow: Flow) -> str:
    return pdf_markup(node.inline, CONDENSED, LINK)


def _heading(node: Node, flow: Flow) -> list[Flowable]:
    if flow.cover:
        return [Para(_markup(node, flow), flow.styles.cover_title)]
    style = flow.styles.heading(node.level)
    heading = Heading(_markup(node, flow), style, node.level, plain(node.inline), node.anchor)
    if node.level == 1:
        return [CondPageBreak(flow.styles.body.leading * 12), heading]
    return [heading]


def _paragraph(node: Node, flow: Flow) -> list[Flowable]:
    style = flow.styles.cover_text if flow.cover else flow.styles.body
    if flow.list_depth:
        style = flow.styles.item
    return [Para(_markup(node, flow), style)]


def _list(node: Node, flow: Flow) -> list[Flowable]:
    ordered = node.kind == "ordered_list"
    indent = 5 * MM if ordered else 4.2 * MM
    inner = replace(flow.inside(indent), list_depth=flow.list_depth + 1)
    items = [ListItem(convert(item.children, inner) or [Spacer(0, 0)]) for item in node.children]
    size = flow.styles.body.fontSize
    common = dict(
        leftIndent=indent,
        bulletFontSize=size,
        bulletColor=flow.styles.accent,
        spaceAfter=size * 0.5,
    )
    if ordered:
        return [
            ListFlowable(
                items,
                bulletType="1",
                start=str(node.start),
                bulletFormat="%s.",
                bulletFontName=BOLD,
                **common,
            )
        ]
    bullet = BULLETS[flow.list_depth % 2]
    return [ListFlowable(items, bulletType="bullet", start=bullet, bulletFontName=BODY, **common)]


def _blockquote(node: Node, flow: Flow) -> list[Flowable]:
    pad = 4 * MM
    inner = convert(node.children, flow.inside(2 * pad))
    return [_keep_small(_panel(inner, flow.width, QUOTE, flow.styles.accent, pad, True), flow)]


def _panel(
    content: list[Flowable], width: float, fill: Color, line: Color, pad: float, bar: bool = False
) -> Table:
    """A shaded box, one row per flowable so a tall box can split between them."""
    rows = [[group] for group in _glued(content)] or [[[Spacer(0, 0)]]]
    table = Table(rows, colWidths=[width])
    commands: list[tuple] = [
        FONT,
        ("BACKGROUND", (0, 0), (-1, -1), fill),
        ("LEFTPADDING", (0, 0), (-1, -1), pad),
        ("RIGHTPADDING", (0, 0), (-1, -1), pad),
        ("TOPPADDING", (0, 0), (-1, -1), 0),
        ("TOPPADDING", (0, 0), (-1, 0), pad * 0.8),
    ]
    for i, (cell,) in enumerate(rows):
        after = pad * 0.5 if i == len(rows) - 1 else cell[-1].getSpaceAfter()
        commands.append(("BOTTOMPADDING", (0, i), (-1, i), after))
    if bar:
        commands.append(("LINEBEFORE", (0, 0), (0, -1), 2.5, line))
    else:
        commands += [("BOX", (0, 0), (-1, -1), 0.6, line), ("ROUNDEDCORNERS", [3, 3, 3, 3])]
    table.setStyle(TableStyle(commands))
    table.hAlign = "LEFT"
    table.spaceAfter = 8
    table.spaceBefore = 2
    return table


def _glued(content: list[Flowable]) -> list[list[Flowable]]:
    """Paragraphs stay with the table or box they introduce, and a closing one with it."""
    groups: list[list[Flowable]] = []
    current: list[Flowable] = []
    for f in content:
        current.append(f)
        if not isinstance(f, Paragraph):
            groups.append(current)
            current = []
    if current and groups:
        groups[-1] += current
    elif current:
        groups.append(current)
    return groups


def _keep_small(table: Table, flow: Flow) -> Flowable:
    """Boxes up to half a page move whole to the next page; taller ones may split."""
    if flow.nested or len(table._cellvalues) == 1:  # one row never splits anyway
        return table
    _, height = table.wrap(flow.width, flow.page_height or 1e9)
    return KeepTogether([table]) if height < flow.page_height / 2 else table


def _code(node: Node, flow: Flow) -> list[Flowable]:
    return [Preformatted(node.text.rstrip("\n"), flow.styles.code)]


def _hr(node: Node, flow: Flow) -> list[Flowable]:
    return [HRFlowable(width="100%", thickness=0.5, color=RULE, spaceBefore=4, spaceAfter=8)]


# -- tables ------------------------------------------------------------------------
def _table(node: Node, flow: Flow) -> list[Flowable]:
    rows = [tr for section in node.children for tr in section.children]
    head_rows = len(node.children[0].children) if node.children[0].kind == "thead" else 0
    styles = flow.styles
    data, plain_rows = [], []
    for r, tr in enumerate(rows):
        base = styles.cell_head if r < head_rows else styles.cell
        data.append([Para(_markup(td, flow), styles.aligned(base, td.align)) for td in tr.children])
        plain_rows.append([plain(td.inline) for td in tr.children])
    widths = list(_kept_widths(tuple(map(tuple, plain_rows)), styles.cell.fontSize, flow.width))
    table = Table(data, colWidths=widths, repeatRows=head_rows, hAlign="LEFT")
    table.setStyle(TableStyle(_table_commands(head_rows)))
    table.spaceBefore = 2
    table.spaceAfter = styles.body.fontSize
    return [table] if flow.nested else [TableKeep([table])]


def _table_commands(head_rows: int) -> list[tuple]:
    commands: list[tuple] = [
        FONT,
        ("VALIGN", (0, 0), (-1, -1), "TOP"),
        ("LEFTPADDING", (0, 0), (-1, -1), CELL_PAD),
        ("RIGHTPADDING", (0, 0), (-1, -1), CELL_PAD),
        ("TOPPADDING", (0, 0), (-1, -1), 2.5),
        ("BOTTOMPADDING", (0, 0), (-1, -1), 3.5),
        ("LINEBELOW", (0, 0), (-1, -1), 0.4, RULE),
    ]
    if head_rows:
        commands += [
            ("BACKGROUND", (0, 0), (-1, head_rows - 1), HEAD_FILL),
            ("LINEBELOW", (0, head_rows - 1), (-1, head_rows - 1), 0.8, RULE),
        ]
    return commands


_WIDTHS: Kept[tuple, tuple[float, ...]] = Kept("rulebook-table-widths", 1024)


def _kept_widths(rows: tuple[tuple[str, ...], ...], size: float, available: float) -> tuple:
    """`column_widths`, kept by the cells' words: measuring every word of every table is
    a good part of converting a book's nodes, and an edit leaves most tables as they were
    (kept by the build too when the book is typeset in a child beside it)."""
    key = (rows, size, available)
    found = _WIDTHS.get(key)
    if found is None:
        found = tuple(column_widths([list(row) for row in rows], size, available))
        _WIDTHS.put(key, found)
    return found


BREAKS = re.compile(r"[ \t\n]+")  # where a cell's line may break: not at a non-breaking space


def column_widths(rows: list[list[str]], size: float, available: float) -> list[float]:
    """Natural widths when they fit; otherwise squeeze the wide columns, never below a word.

    Measured in bold, the widest face a cell may use, so no word overflows.
    """
    columns = max(len(r) for r in rows)
    natural, minimum = [0.0] * columns, [0.0] * columns
    for row in rows:
        for i, text in enumerate(row):
            natural[i] = max(natural[i], stringWidth(text, BOLD, size) + 2 * CELL_PAD + 1)
            longest = max((stringWidth(w, BOLD, size) for w in BREAKS.split(text)), default=0)
            minimum[i] = max(minimum[i], longest + 2 * CELL_PAD + 1)
    if sum(natural) <= available:
        return natural
    spare = available - sum(minimum)
    if spare < 0:
        raise RenderError(
            f"rulebook: a table is {sum(minimum) / MM:.0f} mm wide at least, the page has "
            f"{available / MM:.0f} mm",
            "use fewer columns or shorter words",
        )
    stretch = [n - m for n, m in zip(natural, minimum)]
    total = sum(stretch) or 1
    return [m + spare * s / total for m, s in zip(minimum, stretch)]


# -- directives --------------------------------------------------------------------
def _directive(node: Node, flow: Flow) -> list[Flowable]:
    return DIRECTIVES[node.name](node, flow)


def _block(node: Node, flow: Flow) -> list[Flowable]:
    return _lookup(flow, node.text or node.arg).flowables(flow.width)


def _lookup(flow: Flow, key: str) -> Block:
    if key not in flow.blocks:
        raise RenderError(f"rulebook: no block {key!r}; the game's rulebook context lacks it")
    return flow.blocks[key]


def _figure(node: Node, flow: Flow) -> list[Flowable]:
    picture = _lookup(flow, node.arg).flowables(flow.width / 2)
    pic_width = max(f.wrap(flow.width, 10_000)[0] for f in picture)
    text_width = flow.width - pic_width - FIGURE_GAP
    text = convert(node.children, flow.inside(pic_width + FIGURE_GAP))
    table = Table([[picture, text]], colWidths=[pic_width + FIGURE_GAP, text_width], hAlign="LEFT")
    table.setStyle(TableStyle(BARE))
    table.spaceAfter = 4 * MM
    return [table]


BARE = [  # a layout table: cells side by side or held together, no padding of its own
    FONT,
    ("VALIGN", (0, 0), (-1, -1), "TOP"),
    ("LEFTPADDING", (0, 0), (-1, -1), 0),
    ("RIGHTPADDING", (0, 0), (-1, -1), 0),
    ("TOPPADDING", (0, 0), (-1, -1), 0),
    ("BOTTOMPADDING", (0, 0), (-1, -1), 0),
]


def _aside(node: Node, flow: Flow) -> list[Flowable]:
    pad = 4 * MM
    inner = flow.inside(2 * pad)
    content: list[Flowable] = []
    if node.arg:
        content.append(Para(_escape(node.arg), flow.styles.aside_title))
    content += convert(node.children, inner)
    return [_keep_small(_panel(content, flow.width, PANEL, RULE, pad), flow)]


def _onepage(node: Node, flow: Flow) -> list[Flowable]:
    content = convert(node.children, replace(flow, nested=True))
    page = OnePage(content, node.arg or "page")
    return [PageBreakIfNotEmpty(), HeaderMark(node.arg), page, PageBreak()]


def _small(node: Node, flow: Flow) -> list[Flowable]:
    return convert(node.children, replace(flow, styles=flow.styles.smaller()))


def _large(node: Node, flow: Flow) -> list[Flowable]:
    return convert(node.children, replace(flow, styles=flow.styles.larger()))


def _keep(node: Node, flow: Flow) -> list[Flowable]:
    """Its content on one page (a card with its first example), split only when taller.
    Inside a box it is one cell, which never splits: the box breaks before or after it.
    A table inside it is opened from its own keep: reportlab's KeepTogether wraps as
    endlessly tall, so a nested one would push the whole to a fresh page."""
    content = convert(node.children, flow)
    if not flow.nested:
        # a heading's room-asking break is moot inside a keep, and first in it would hide
        # the heading's space above from the height the keep is offered: it would split
        while content and isinstance(content[0], CondPageBreak):
            content.pop(0)
        return [KeepTogether([g for f in content for g in _opened(f)])]
    if not content:
        return []
    table = Table([[content]], colWidths=[flow.width], hAlign="LEFT")
    table.setStyle(TableStyle(BARE))
    table.spaceAfter = content[-1].getSpaceAfter()
    return [table]


def _opened(f: Flowable) -> list[Flowable]:
    return list(f._content) if isinstance(f, TableKeep) else [f]


def _pagebreak(node: Node, flow: Flow) -> list[Flowable]:
    return [PageBreak()]


def _contents(node: Node, flow: Flow) -> list[Flowable]:
    """The table of contents, laid out once: page numbers arrive as PDF forms later."""
    out: list[Flowable] = [Para(_escape(node.arg or "Contents"), flow.styles.h1)]
    for level, title, anchor in flow.toc:
        style = flow.styles.toc[min(level, len(flow.styles.toc)) - 1]
        end = f'<onDraw name="{TOC_ENTRY_END}" label="{anchor}"/>'
        out.append(Para(f'<a href="#{anchor}">{_escape(title)}</a>{end}', style))
    return out


def _cover(node: Node, flow: Flow) -> list[Flowable]:
    return [Spacer(0, 45 * MM), *convert(node.children, replace(flow, cover=True)), PageBreak()]


def _escape(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


CONVERTERS: dict[str, Callable[[Node, Flow], list[Flowable]]] = {
    "heading": _heading,
    "paragraph": _paragraph,
    "bullet_list": _list,
    "ordered_list": _list,
    "blockquote": _blockquote,
    "table": _table,
    "code": _code,
    "hr": _hr,
    "directive": _directive,
}
DIRECTIVES: dict[str, Callable[[Node, Flow], list[Flowable]]] = {
    "block": _block,
    "figure": _figure,
    "aside": _aside,
    "onepage": _onepage,
    "pagebreak": _pagebreak,
    "contents": _contents,
    "cover": _cover,
    "small": _small,
    "large": _large,
    "keep": _keep,
}


TOO_LARGE = re.compile(
    r"Flowable <(?P<kind>\w+)[ @].*?too large on page (?P<page>\d+) in frame "
    r"'\w+'\((?P<width>[\d.]+) x (?P<room>[\d.]+)",
    re.S,
)
KINDS = {"Heading": "a heading", "Table": "a table (one of its cells)", "Para": "a paragraph"}


def too_large(exc: Exception) -> RenderError:
    """reportlab's "Flowable too large" said as a designer would fix it."""
    text = str(exc)
    found = TOO_LARGE.search(text)
    if not found:
        return RenderError(f"rulebook: {text}", "a block is taller than a page")
    kind = KINDS.get(found["kind"], "a block")
    start = text.find(">", found.start()) + 1
    quoted = " ".join(text[start : start + 60].split())
    what = f"{kind} starting {quoted!r}" if found["kind"] != "Table" else kind
    return RenderError(
        f"rulebook page {found['page']}: {what} is taller than a page "
        f"({float(found['room']):.0f} pt of room)",
        "shorten it, or split it into paragraphs or rows",
    )
