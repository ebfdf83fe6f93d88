"""The rulebook's pages: margins, running headers, page numbers, contents and PDF outline.

One layout pass: the contents lines are known before layout (the Markdown's
headings), and each line shows its page number through a PDF form that is
filled in when its heading lands on a page. reportlab's invariant mode keeps
the bytes identical build to build.
"""

from __future__ import annotations

import hashlib
import io

from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import Flowable, Frame, NextPageTemplate, PageTemplate
from reportlab.platypus.doctemplate import BaseDocTemplate, LayoutError

from printkit.render.fonts import BODY, BOLD, register_fonts
from printkit.render.theme import INK
from printkit.render.units import MM, Paper
from printkit.rulebook.context import RulebookContext
from printkit.rulebook.flowables import (
    PAGE_NUMBER_WIDTH,
    TOC_ENTRY_END,
    Flow,
    HeaderMark,
    Heading,
    OnePage,
    convert,
    too_large,
)
from printkit.rulebook.markdown import TOC_LEVELS, Node, headings, plain
from printkit.rulebook.pages import PAGE_FORM, Unsupported, typeset_by_runs
from printkit.rulebook.styles import MAX_MEASURE, RULE

TOP = 22 * MM
BOTTOM = 20 * MM
MIN_SIDE = 20 * MM
HEADER_Y = 12 * MM  # from the top edge
FOOTER_Y = 10 * MM
DOT = " ."


class RulebookDoc(BaseDocTemplate):
    """An optional cover page, then pages with a running header and a page number."""

    def __init__(
        self,
        buffer: io.BytesIO,
        paper: Paper,
        context: RulebookContext,
        toc: tuple[tuple[int, str, str], ...] = (),
        has_cover: bool = False,
    ) -> None:
        side = max(MIN_SIDE, (paper.width - MAX_MEASURE) / 2)
        super().__init__(
            buffer,
            pagesize=(paper.width, paper.height),
            leftMargin=side,
            rightMargin=side,
            topMargin=TOP,
            bottomMargin=BOTTOM,
            title=context.title,
            subject=context.subject,
            author="printkit",
            creator="printkit",
            producer="printkit",
            lang=context.language,
            invariant=1,
            pageCompression=1,
            initialFontName=BODY,  # else every page names (unembedded) Helvetica
            initialFontSize=10,
        )
        self.book_title = context.title
        self.toc = {anchor: level for level, _, anchor in toc}
        frame = Frame(
            self.leftMargin,
            self.bottomMargin,
            self.width,
            self.height,
            leftPadding=0,
            rightPadding=0,
            topPadding=0,
            bottomPadding=0,
            id="body",
        )
        cover = PageTemplate("cover", [frame], onPage=self._start_page)
        body = PageTemplate("body", [frame], onPage=self._start_page, onPageEnd=self._decorate)
        self.addPageTemplates([cover, body] if has_cover else [body, cover])
        self._reset()

    def _reset(self) -> None:
        self.section = ""  # the latest level-1 heading
        self._carried = ""
        self._first_here = ""
        self._override = ""
        self._numbered: set[str] = set()

    def beforeDocument(self) -> None:
        self._reset()

    def layout_state(self) -> tuple:
        """This template's own bookkeeping a page's layout depends on, as a page starts
        (the header's other parts are reset there): plain values, kept with the page."""
        return (self.section, tuple(sorted(self._numbered)))

    def restore_layout_state(self, state: tuple) -> None:
        section, numbered = state
        self.section = section
        self._numbered = set(numbered)

    def _start_page(self, canvas, doc) -> None:
        canvas.setNamedCB(TOC_ENTRY_END, self._toc_entry_end)
        self._carried = self.section
        self._first_here = ""
        self._override = ""

    def afterFlowable(self, flowable: Flowable) -> None:
        if isinstance(flowable, HeaderMark):
            self._override = flowable.text
        elif isinstance(flowable, Heading):
            self._file_heading(flowable)
        elif isinstance(flowable, OnePage):
            for inner in flowable.content:
                self.afterFlowable(inner)

    def _file_heading(self, heading: Heading) -> None:
        if heading.level == 1:
            self.section = heading.title
            self._first_here = self._first_here or heading.title
        if heading.level > TOC_LEVELS:
            return
        self.canv.addOutlineEntry(heading.title, heading.anchor, level=heading.level - 1)
        self._page_number_form(heading.anchor, str(self.page))

    def _page_number_form(self, anchor: str, text: str) -> None:
        """The page number a contents line shows, as a form its line already uses."""
        if anchor not in self.toc or anchor in self._numbered:
            return
        self._numbered.add(anchor)
        page_number_form(self.canv, anchor, self.toc[anchor], text)

    def _toc_entry_end(self, canvas, kind: str, anchor: str) -> None:
        """Leader dots from the end of a contents line, then its page-number form."""
        info = canvas._curr_tx_info
        x, y = info["cur_x"], info["cur_y"]
        numbers = self.width - PAGE_NUMBER_WIDTH
        dot = stringWidth(DOT, BODY, 10)
        count = max(0, int((numbers - x - 4) / dot))
        canvas.saveState()
        canvas.setFont(BODY, 10)
        canvas.setFillGray(0.45)
        canvas.drawString(numbers - count * dot, y, DOT * count)
        canvas.translate(self.width - PAGE_NUMBER_WIDTH, y)
        canvas.doForm(form_name(anchor))
        canvas.restoreState()

    def _endBuild(self) -> None:
        for anchor in self.toc:  # a heading that never landed still needs its form
            self._page_number_form(anchor, "?")
        super()._endBuild()

    def _decorate(self, canvas, doc) -> None:
        header = self._override or self._first_here or self._carried
        width, _ = self.pagesize
        top = self.pagesize[1] - HEADER_Y
        canvas.saveState()
        canvas.setFont(BODY, 8)
        canvas.setFillGray(0.35)
        canvas.drawString(self.leftMargin, top, header)
        canvas.drawRightString(self.leftMargin + self.width, top, self.book_title)
        canvas.setStrokeColor(RULE)
        canvas.setLineWidth(0.4)
        canvas.line(self.leftMargin, top - 2.2 * MM, self.leftMargin + self.width, top - 2.2 * MM)
        canvas.setFont(BOLD, 8.5)
        canvas.drawCentredString(width / 2, FOOTER_Y, str(canvas.getPageNumber()))
        canvas.restoreState()


def form_name(anchor: str) -> str:
    """An ASCII PDF name well under the 127-byte limit, whatever the heading's language."""
    return PAGE_FORM.format(hashlib.sha256(anchor.encode("utf-8")).hexdigest()[:16])


def page_number_form(c: Canvas, anchor: str, level: int, text: str) -> None:
    c.beginForm(form_name(anchor), 0, -4, PAGE_NUMBER_WIDTH, 14)
    c.setFont(BOLD if level == 1 else BODY, 10)
    c.setFillColor(INK)
    c.drawRightString(PAGE_NUMBER_WIDTH, 0, text)
    c.endForm()


def contents_lines(nodes: list[Node]) -> tuple[tuple[int, str, str], ...]:
    return tuple((h.level, plain(h.inline), h.anchor) for h in headings(nodes, TOC_LEVELS))


def typeset(nodes: list[Node], context: RulebookContext, paper: Paper) -> bytes:
    """The rulebook PDF for one paper size: from its runs of pages, else in one pass."""
    toc = contents_lines(nodes)
    has_cover = bool(nodes) and nodes[0].kind == "directive" and nodes[0].name == "cover"
    try:
        return typeset_by_runs(RulebookDoc, nodes, context, paper, toc, has_cover, page_number_form)
    except Unsupported:
        return typeset_in_one_pass(nodes, context, paper)


def typeset_in_one_pass(nodes: list[Node], context: RulebookContext, paper: Paper) -> bytes:
    """The whole book laid out and written at once (what runs cannot replay)."""
    register_fonts()
    buffer = io.BytesIO()
    toc = contents_lines(nodes)
    has_cover = bool(nodes) and nodes[0].kind == "directive" and nodes[0].name == "cover"
    doc = RulebookDoc(buffer, paper, context, toc, has_cover)
    flow = Flow.on(doc, context.blocks, toc)
    story = [NextPageTemplate("body"), *convert(nodes, flow)]
    try:
        doc.build(story)
    except LayoutError as exc:
        raise too_large(exc) from None
    return buffer.getvalue()
