"""The rulebook typeset a run of pages at a time, each run kept: an edit re-typesets its run.

A run is the stretch between two hard page breaks (the cover, a ``pagebreak``
directive, a one-page block), so its pages depend only on its own content, the
page it starts on and the chapter it continues. Each run is laid out on a
canvas that records every page's operators, links, bookmarks and outline
entries; the book is then written by replaying those pages onto one canvas.
A book is always made this way, from the disk cache or afresh, so a forced
build and an incremental one give the same bytes.

Glyph codes are the catch: a TrueType font numbers characters in the order a
document first draws them. Every canvas here is seeded with the same sorted
set of every character the book can print, so a page's operators mean the same
in any document. Anything this module cannot replay (a character outside the
set, transparency, images) raises `Unsupported`, and the book is typeset in
one pass instead: a decision that depends on the content alone.
"""

from __future__ import annotations

import io
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

import reportlab
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.pdfdoc import PDFError
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import KeepTogether, ListFlowable, NextPageTemplate
from reportlab.platypus.doctemplate import BaseDocTemplate, LayoutError

from printkit.build import aside, diskcache
from printkit.build.fingerprint import code_digest, digest
from printkit.render.drawing import Drawing, bound_to_document, canvas_fingerprint
from printkit.render.fonts import FONT_FILES, register_fonts
from printkit.render.units import Paper
from printkit.rulebook.context import Block, RulebookContext
from printkit.rulebook.flowables import BULLETS, Flow, convert, too_large
from printkit.rulebook.keep import kept
from printkit.rulebook.markdown import Node, headings, plain
from printkit.rulebook.pictures import Picture, PictureOutsideForm, paint, pictures_in
from printkit.rulebook.resume import (
    MARKS_KIND,
    Finished,
    PageMark,
    Resumer,
    Split,
    Story,
    name_story,
)

CACHE_KIND = "rulebook-pages"
PAGE_FORM = "pk-page-{}"  # filled with a digest of the anchor: PDF names are short ASCII
FORM_PREFIX = PAGE_FORM.format("")  # the contents' page numbers: defined again when assembling
PICTURE_FORM = "pk-pic-{}"  # a picture, named for where it stands: drawn when assembling
PICTURE_PREFIX = PICTURE_FORM.format("")
FORMS_KIND = "rulebook-forms"
PAGE_BREAKING = frozenset({"cover", "pagebreak", "onepage"})  # directives that end a run
PAGE_OPENING = frozenset({"onepage"})  # directives that start one


class Unsupported(Exception):
    """The run drew something its recorded pages could not carry into another document."""


@dataclass
class PageRecord:
    size: tuple[float, float]
    ops: list[str]  # the page's operators joined into one (none: empty), as the page joins them
    forms: list[str]
    colours: dict[str, Any]
    events: list[tuple[str, tuple, dict]]  # canvas calls to replay on this page, in order


@dataclass
class RunRecord:
    pages: list[PageRecord] = field(default_factory=list)
    landed: dict[str, int] = field(default_factory=dict)  # contents anchor -> page number
    pictures: dict[str, PictureSpot] = field(default_factory=dict)  # form name -> its picture
    marks: list[PageMark] = field(default_factory=list)  # how each page began
    story: Story | None = None  # the run's flowables by name, for runs typeset later
    splits: dict[str, Split] = field(default_factory=dict)  # how its pages' remainders were made
    taken: frozenset[int] = frozenset()  # marks of pages taken from kept runs (stored already)


@dataclass(frozen=True)
class PictureSpot:
    """Where a picture form's drawing comes from: the nth picture of a block at a width."""

    block: str
    index: int
    width: float


# -- runs -------------------------------------------------------------------------
def split_runs(nodes: Sequence[Node]) -> list[list[Node]]:
    """The top-level nodes cut at every hard page break."""
    runs: list[list[Node]] = [[]]
    for node in nodes:
        directive = node.name if node.kind == "directive" else ""
        if directive in PAGE_OPENING and runs[-1]:
            runs.append([])
        runs[-1].append(node)
        if directive in PAGE_BREAKING:
            runs.append([])
    return [run for run in runs if run]


def carried_sections(runs: list[list[Node]]) -> list[str]:
    """The chapter each run continues: the last level-1 heading before it (a one-page
    block's own heading included, as the page template files it)."""
    carried, out = "", []
    for run in runs:
        out.append(carried)
        for heading in headings(run, 1):
            if heading.level == 1:
                carried = plain(heading.inline)
    return out


def node_key(node: Node, words: list[str] | None = None) -> tuple:
    """A node's content without its line number, for cache keys; ``words`` gathers the
    text it holds (the book's characters are read from it: the book is walked once)."""
    if words is not None:
        words += (node.arg, node.text)
    return (
        node.kind,
        node.level,
        node.start,
        node.align,
        node.name,
        node.arg,
        node.text,
        node.anchor,
        node.tight,
        tuple([_token_key(t, words) for t in node.inline]),
        tuple([node_key(child, words) for child in node.children]),
    )


def _token_key(token, words: list[str] | None) -> tuple:
    if words is not None:
        words.append(token.content)
    children = tuple([_token_key(c, words) for c in token.children]) if token.children else ()
    attrs = tuple(sorted([(str(k), str(v)) for k, v in token.attrs.items()])) if token.attrs else ()
    return (token.type, token.tag, attrs, token.content, token.markup, token.info, children)


def _depth_first(items: Sequence[Any]) -> list[Any]:
    """Each item (a node, a token) and all its ``children``, in document order: walked by
    a stack into a list, as a book's thousands of nodes are walked several times a build."""
    found: list[Any] = []
    stack = list(reversed(items))
    while stack:
        item = stack.pop()
        found.append(item)
        if item.children:
            stack += reversed(item.children)
    return found


def block_keys(nodes: Sequence[Node], blocks) -> list[str]:
    """The blocks a run places (a picture, a diagram), in order."""
    return [
        n.text or n.arg
        for n in _depth_first(nodes)
        if n.kind == "directive" and n.name in ("block", "figure") and (n.text or n.arg) in blocks
    ]


# -- glyphs and fingerprints -----------------------------------------------------------
def _fonts():
    register_fonts()
    return [pdfmetrics.getFont(name) for name in FONT_FILES]


def block_fingerprint(block: Block, width: float) -> Drawing:
    """What a block draws, summed up (by the block itself, if it keeps a fingerprint)."""
    own = getattr(block, "fingerprint", None)
    if own is not None:
        return own()
    return kept("block", block, lambda: _drawn(block, width), width)


def _drawn(block: Block, width: float) -> Drawing:
    register_fonts()
    c = Canvas(io.BytesIO(), invariant=1)
    for flowable in block.flowables(width):
        flowable.wrapOn(c, width, 100_000)
        flowable.drawOn(c, 0, 0)
    return canvas_fingerprint(c)


def book_characters(
    nodes: Sequence[Node], context: RulebookContext, width: float, words: Sequence[str] = ()
) -> str:
    """Every non-ASCII character the book can print, sorted: the seed of every canvas.
    ``words`` is the text its nodes hold, as `node_key` gathers it (else they are read)."""
    chars = set(context.title) | set(context.subject) | set("".join(BULLETS))
    if not words:
        key_words: list[str] = []
        for node in nodes:
            node_key(node, key_words)
        words = key_words
    chars.update("".join(words))
    for key in block_keys(nodes, context.blocks):
        drawing = block_fingerprint(context.blocks[key], width)
        if not drawing.portable:  # found before any page is laid out in vain
            raise Unsupported(f"block {key!r} uses a graphics state, an image or a shading")
        chars |= drawing.chars
    return "".join(sorted(c for c in chars if ord(c) > 126))


def seed_fonts(canvas: Canvas, characters: str) -> None:
    """Name the fonts and number the characters in one fixed order, then allow no others."""
    doc = canvas._doc
    for font in _fonts():
        font.splitString(characters, doc)
        font.getSubsetInternalName(0, doc)
        font.state[doc].frozen = True


# -- recording -------------------------------------------------------------------------
class RecordingCanvas(Canvas):
    """A canvas that keeps each finished page, and the calls that tie it to others."""

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.pages: list[PageRecord] = []
        self._events: list[tuple[str, tuple, dict]] = []

    pictures_as_forms = True  # a picture's drawing is kept apart from the page's layout

    def showPage(self) -> None:
        foreign = [f for f in self._formsinuse if not f.startswith((FORM_PREFIX, PICTURE_PREFIX))]
        if self._shadingUsed or foreign or bound_to_document(self._code, forms_allowed=True):
            raise Unsupported("a graphics state, an image, a shading or a form on a page")
        self.pages.append(
            PageRecord(
                tuple(self._pagesize),
                ["\n".join(self._code)] if self._code else [],  # one string pickles quickly
                list(self._formsinuse),
                dict(self._colorsUsed),
                self._events,
            )
        )
        self._events = []
        super().showPage()

    def linkRect(
        self, contents, destinationname, Rect=None, addtopage=1, name=None, relative=1, **kw
    ):
        absolute = self._absRect(Rect, relative) if Rect is not None else None
        self._events.append(
            (
                "linkRect",
                (contents, destinationname, absolute, addtopage, name),
                dict(kw, relative=0),
            )
        )
        return super().linkRect(contents, destinationname, Rect, addtopage, name, relative, **kw)

    def linkURL(self, url, rect, relative=0, **kw):
        absolute = self._absRect(rect, relative)
        self._events.append(("linkURL", (url, absolute), dict(kw, relative=0)))
        return super().linkURL(url, rect, relative, **kw)

    def bookmarkPage(self, key, **kw):
        self._events.append(("bookmarkPage", (key,), kw))
        return super().bookmarkPage(key, **kw)

    def addOutlineEntry(self, title, key, level=0, closed=None):
        """Kept for the book only: a run may open below a chapter begun in an earlier run."""
        self._events.append(("addOutlineEntry", (title, key, level, closed), {}))

    def setFillAlpha(self, a) -> None:
        if a != 1:
            raise Unsupported("transparency")
        super().setFillAlpha(a)

    def setStrokeAlpha(self, a) -> None:
        if a != 1:
            raise Unsupported("transparency")
        super().setStrokeAlpha(a)

    def _refuse(self, *args, **kwargs):
        raise Unsupported("an image, a form, a blend mode or overprinting")

    def _default_or_refuse(self, value, *args, **kwargs) -> None:
        """SVG drawings reset overprint and blending to PDF's defaults on every shape: a
        no-op on a page that never leaves them, so nothing is written; anything else is
        refused."""
        if value not in (False, 0, None, "Normal"):
            raise Unsupported("a blend mode or overprinting")

    setBlendMode = setFillOverprint = setStrokeOverprint = setOverprintMask = _default_or_refuse
    drawImage = drawInlineImage = beginForm = _refuse


# -- typesetting one run ---------------------------------------------------------------
def typeset_run(
    doc_class: type,
    flowables: list,
    paper: Paper,
    context: RulebookContext,
    toc: tuple,
    first_page: int,
    carried: str,
    cover: bool,
    characters: str,
    pictures: Mapping[str, PictureSpot] | None = None,
    names: Mapping[int, str] | None = None,
    base: str = "",
) -> RunRecord:
    """One run laid out; ``pictures`` fills, as it is converted, with the picture forms
    its pages use. Where ``names`` names the flowables (by id) and ``base`` sums up what
    else the pages depend on, pages a kept run typeset from the same start are taken
    from it (`printkit.rulebook.resume`)."""
    doc = doc_class(io.BytesIO(), paper, context, toc, cover)
    doc._doSave = 0  # the pages are kept, the document never written
    landed: dict[str, int] = {}

    def before() -> None:
        doc._reset()
        doc.page = first_page - 1
        doc.canv._pageNumber = first_page
        doc.section = carried
        seed_fonts(doc.canv, characters)

    def file_number(anchor: str, text: str) -> None:
        if anchor in doc.toc:
            landed.setdefault(anchor, int(text))

    doc.beforeDocument = before
    doc._page_number_form = file_number
    doc._endBuild = lambda: BaseDocTemplate._endBuild(doc)  # no "?" forms: the book adds them
    story = ([NextPageTemplate("body")] if cover else []) + flowables
    named = name_story(story, names or {})
    resumer = Resumer(doc, story, named, base, _kept_run, names or {}) if base else None
    if resumer is not None:
        doc.handle_pageBegin = resumer.page_began
    try:
        doc.build(story, canvasmaker=RecordingCanvas)
    except Finished:
        pass  # the rest of the run's pages are a kept run's
    except LayoutError as exc:
        raise too_large(exc) from None
    except PDFError as exc:  # a character outside the seed: the fonts are frozen
        raise Unsupported(str(exc)) from None
    except PictureOutsideForm as exc:
        raise Unsupported(str(exc)) from None
    if resumer is None:
        return RunRecord(doc.canv.pages, landed, dict(pictures or {}), [], named)
    for anchor, number in resumer.landed.items():
        landed.setdefault(anchor, number)
    marks, splits = resumer.marks, resumer.kept_splits()
    return RunRecord(
        doc.canv.pages, landed, dict(pictures or {}), marks, named, splits, frozenset(resumer.taken)
    )


_RUNS: aside.Kept[str, RunRecord] = aside.Kept(CACHE_KIND, 16, diskcache.cache_root)  # lately


def _kept_run(key: str) -> RunRecord | None:
    """A run typeset before: from memory (a run is never changed once made), else from the
    disk cache; a resumed run reads one kept run for each place it resumes at."""
    if not diskcache.reading():
        return None
    found = _RUNS.get(key)
    if found is None:
        found = diskcache.load_value(CACHE_KIND, key)
        if not isinstance(found, RunRecord):
            return None
        _RUNS.put(key, found)
    return found


def run_record(key: str, make: Callable[[], RunRecord]) -> RunRecord:
    """A run from the disk cache, else typeset and stored, with where each of its pages
    began (so a later run can take pages from it)."""
    found = _kept_run(key)
    if found is not None:
        return found
    record = make()
    diskcache.store_value(CACHE_KIND, key, record)
    diskcache.store_values(MARKS_KIND, _new_marks(key, record))
    _RUNS.put(key, record)
    return record


def _new_marks(key: str, record: RunRecord) -> dict[str, tuple[str, int]]:
    """Where each page of a run just typeset began, for the disk cache: every page laid out
    here, and a page taken from a kept run whose mark the cache lost (the rest point to
    the kept run already: a file written per page is a good part of a run's cost)."""
    folder = diskcache.cache_folder(MARKS_KIND)
    return {
        mark.key: (key, index)
        for index, mark in enumerate(record.marks)
        if mark.key and (index not in record.taken or not (folder / mark.key).is_file())
    }


# -- the book ---------------------------------------------------------------------------
def typeset_by_runs(
    doc_class: type,
    nodes: list[Node],
    context: RulebookContext,
    paper: Paper,
    toc: tuple,
    has_cover: bool,
    form_writer: FormWriter,
) -> bytes:
    """The book from its runs: cached where their inputs are unchanged. Raises Unsupported."""
    register_fonts()
    probe = doc_class(io.BytesIO(), paper, context, toc, has_cover)
    flow = Flow.on(probe, context.blocks, toc)
    runs = split_runs(nodes)
    words: list[str] = []  # the text of every node, gathered as they are summed up
    named_runs = [[node_digest(n, context.blocks, probe.width, words) for n in run] for run in runs]
    characters = book_characters(nodes, context, probe.width, words)
    common = digest(
        code_digest(),
        reportlab.Version,
        paper,
        context.title,
        context.subject,
        context.language,
        toc,
        characters,
    )
    records: list[RunRecord] = []
    page = 1
    for index, (run, carried) in enumerate(zip(runs, carried_sections(runs))):
        cover = has_cover and index == 0
        nodes_named = named_runs[index]
        key = digest(common, page, carried, cover, nodes_named)

        def make(run=run, page=page, carried=carried, cover=cover, named=nodes_named):
            pictures: dict[str, PictureSpot] = {}
            names: dict[int, str] = {}
            by_node = {id(node): name for node, name in zip(run, named)}

            def made(node: Node, flowables: list) -> None:
                for place, flowable in enumerate(flowables):
                    name_kept(flowable, f"{by_node[id(node)]}:{place}", names)

            blocks = FormedBlocks(context.blocks, pictures)
            flowables = convert(run, replace(flow, blocks=blocks), made)
            return typeset_run(
                doc_class, flowables, paper, context, toc, page, carried, cover, characters,
                pictures, names, digest(common, cover),
            )  # fmt: skip

        record = run_record(key, make)
        records.append(record)
        page += len(record.pages)
    return assemble(probe, records, toc, characters, form_writer, context.blocks)


def name_kept(flowable: Any, name: str, names: dict[int, str]) -> None:
    """A node's flowable by name, and a kept group's parts and a list's items too: keeping
    headings with what follows regroups them, and a page may begin with any of them."""
    names[id(flowable)] = name
    if isinstance(flowable, KeepTogether):
        for place, inner in enumerate(flowable._content):
            name_kept(inner, f"{name}/{place}", names)
    elif isinstance(flowable, ListFlowable):
        for place, inner in enumerate(flowable._content):
            name_kept(inner, f"{name}|{place}", names)


def node_digest(
    node: Node, blocks: Mapping[str, Block], width: float, words: list[str] | None = None
) -> str:
    """A top-level node as a run's pages depend on it: its content and its blocks' layout
    (``words`` gathers its text, as `node_key` does)."""
    placed = [layout_digest(blocks[k], width) for k in block_keys([node], blocks)]
    return digest(node_key(node, words), placed)


def layout_digest(block: Block, width: float) -> str:
    """What a run's layout depends on of a block: its layout, for a block whose pictures
    are drawn as forms; else everything it draws."""
    layout = getattr(block, "layout", None)
    if layout is not None:
        return digest("layout", layout())
    return block_fingerprint(block, width).digest


# -- pictures as forms --------------------------------------------------------------------
class FormedBlocks(Mapping[str, Block]):
    """The book's blocks, their pictures named as forms: each name, with where its
    picture comes from, goes to ``used``."""

    def __init__(self, blocks: Mapping[str, Block], used: dict[str, PictureSpot]) -> None:
        self.blocks = blocks
        self.used = used

    def __getitem__(self, key: str) -> Block:
        return _Formed(key, self.blocks[key], self.used)

    def __iter__(self) -> Iterator[str]:
        return iter(self.blocks)

    def __len__(self) -> int:
        return len(self.blocks)


class _Formed:
    def __init__(self, key: str, block: Block, used: dict[str, PictureSpot]) -> None:
        self.key, self.block, self.used = key, block, used

    def __getattr__(self, name: str) -> Any:
        return getattr(self.block, name)

    def flowables(self, width: float) -> list:
        flowables = self.block.flowables(width)
        if getattr(self.block, "layout", None) is None:
            return flowables  # keyed on all it draws: its pictures may be drawn inline
        for index, picture in enumerate(pictures_in(flowables)):
            spot = PictureSpot(self.key, index, width)
            picture.form = picture_form(spot, picture)
            self.used[picture.form] = spot
        return flowables


def picture_form(spot: PictureSpot, picture: Picture) -> str:
    size = (picture.trim_width, picture.trim_height, picture.scale)
    return PICTURE_FORM.format(digest(spot, size)[:16])


def spot_picture(blocks: Mapping[str, Block], name: str, spot: PictureSpot) -> Picture:
    """The picture a form name stands for, from the blocks as they are now."""
    block = blocks.get(spot.block)
    found = pictures_in(block.flowables(spot.width)) if block is not None else []
    if spot.index >= len(found) or picture_form(spot, found[spot.index]) != name:
        raise Unsupported(f"picture form {name!r} names no picture of this book")
    return found[spot.index]


def form_ops(
    picture: Picture, characters: str, scratch: Callable[[], Canvas]
) -> tuple[list[str], dict[str, Any]]:
    """A picture's operators and colours on a canvas seeded as the book's: kept under its
    drawing, so a picture whose drawing is unchanged is not drawn again."""
    key = digest(code_digest(), picture.drawing().digest, characters, picture.width, picture.height)
    kept = _FORMS.get(key) if diskcache.reading() else None
    if kept is not None:
        return kept
    kept = diskcache.load_value(FORMS_KIND, key)
    if isinstance(kept, tuple) and len(kept) == 2:
        _FORMS.put(key, kept)
        return kept
    c = scratch()  # made as the book's canvas is: the same font names
    seed_fonts(c, characters)
    try:
        paint(c, picture.draw_fn, picture.trim_width, picture.trim_height, picture.scale)
    except PDFError as exc:  # a character outside the seed
        raise Unsupported(str(exc)) from None
    if c._shadingUsed or c._formsinuse or bound_to_document(c._code):
        raise Unsupported("a picture with a graphics state, an image, a shading or a form")
    found = (["\n".join(c._code)] if c._code else [], dict(c._colorsUsed))  # as the form joins
    diskcache.store_value(FORMS_KIND, key, found)
    _FORMS.put(key, found)
    return found


FormOps = tuple[list[str], dict[str, Any]]
_FORMS: aside.Kept[str, FormOps] = aside.Kept(FORMS_KIND, 256, diskcache.cache_root)


FORM_BLEED = 12.0  # points a picture's form reaches past its box: strokes on its edge show


def define_pictures(
    probe: BaseDocTemplate,
    canvas: Canvas,
    records: list[RunRecord],
    blocks: Mapping[str, Block],
    characters: str,
) -> None:
    """Every picture form the pages use, defined once, in name order."""

    def scratch() -> Canvas:
        return probe._makeCanvas(filename=io.BytesIO(), canvasmaker=Canvas)

    spots = {name: spot for record in records for name, spot in record.pictures.items()}
    used = {f for record in records for page in record.pages for f in page.forms}
    for name in sorted(f for f in used if f.startswith(PICTURE_PREFIX)):
        if name not in spots:
            raise Unsupported(f"picture form {name!r} has no recorded picture")
        picture = spot_picture(blocks, name, spots[name])
        ops, colours = form_ops(picture, characters, scratch)
        pad = FORM_BLEED
        canvas.beginForm(name, -pad, -pad, picture.width + pad, picture.height + pad)
        canvas._code = list(ops)
        canvas._colorsUsed = dict(colours)
        canvas.endForm()


REPLAYED = frozenset({"linkRect", "linkURL", "bookmarkPage", "addOutlineEntry"})
FormWriter = Callable[[Canvas, str, int, str], None]  # (canvas, anchor, level, page number)


def assemble(
    probe: BaseDocTemplate,
    records: list[RunRecord],
    toc: tuple,
    characters: str,
    form_writer: FormWriter,
    blocks: Mapping[str, Block],
) -> bytes:
    """Replay every recorded page onto one canvas, then the contents' page numbers and
    the pictures."""
    buffer = io.BytesIO()
    canvas = probe._makeCanvas(filename=buffer, canvasmaker=Canvas)
    seed_fonts(canvas, characters)
    landed: dict[str, int] = {}
    for record in records:
        for anchor, number in record.landed.items():
            landed.setdefault(anchor, number)
        for page in record.pages:
            if tuple(canvas._pagesize) != page.size:
                canvas.setPageSize(page.size)
            canvas._code = list(page.ops)
            canvas._formsinuse = list(page.forms)
            canvas._colorsUsed = dict(page.colours)
            for method, args, kwargs in page.events:
                if method not in REPLAYED:  # only what RecordingCanvas records
                    raise Unsupported(f"a recorded {method!r} call")
                getattr(canvas, method)(*args, **kwargs)
            canvas.showPage()
    for level, _, anchor in toc:
        form_writer(canvas, anchor, level, str(landed.get(anchor, "?")))
    define_pictures(probe, canvas, records, blocks, characters)
    if not any(record.pages for record in records):
        canvas.showPage()  # an empty book is still one (blank) page, as in one pass
    canvas.save()  # each stream a build compressed before is kept (`render.fonts`)
    return buffer.getvalue()
