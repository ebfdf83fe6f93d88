"""The printing guide: the kit's first page, saying what to print, how, and what to cut."""

from __future__ import annotations

from dataclasses import dataclass

from reportlab.lib.colors import HexColor, white
from reportlab.lib.styles import ParagraphStyle
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import Paragraph, Table, TableStyle

from printkit.errors import RenderError
from printkit.render.fonts import BODY, BOLD
from printkit.render.units import MM, PRINT_MARGIN, Paper

HEAD = HexColor("#F7D84A")
TEXT = ParagraphStyle("guide", fontName=BODY, fontSize=8.5, leading=10.5)
SMALL = ParagraphStyle("guide-small", parent=TEXT, fontSize=7.5, leading=9)
CELL_HEAD = ParagraphStyle("guide-head", parent=TEXT, fontName=BOLD)


@dataclass(frozen=True)
class GuideRow:
    part: str
    pages: str
    copies: str
    how: str
    note: str


def _escape(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def _p(text: str, style: ParagraphStyle = SMALL) -> Paragraph:
    return Paragraph(_escape(text), style)


def draw_guide(
    c: Canvas,
    kit,
    paper: Paper,
    rows: list[GuideRow],
    other_files: list[tuple[str, str]],
    reprint: list[str] | None = None,
) -> None:
    width = paper.width - 2 * PRINT_MARGIN - 8 * MM
    x = PRINT_MARGIN + 4 * MM
    y = paper.height - PRINT_MARGIN - 4 * MM
    c.setFont(BOLD, 20)
    c.drawString(x, y - 16, kit.title)
    c.setFont(BODY, 11)
    c.drawString(x, y - 32, f"Print-and-play kit — printing guide ({paper.name})")
    y -= 44
    intro = [
        "Print every file at actual size (100 %, no 'fit to page'): the cards and the board are "
        "measured to the millimetre. The files below are numbered in the order to print them.",
        "Card stock (200–300 g/m²) suits cards, markers and tokens; plain paper is fine for the "
        "mats and forms. Sheets marked double-sided alternate front and back pages: print them "
        "double-sided, flipping on the long edge. A printer that shifts the backs by a millimetre "
        "or two is fine: backs are designed to tolerate it.",
        "Cut on the short crop marks outside each block; pieces share their cut lines.",
    ]
    for line in intro:
        para = _p(line, TEXT)
        _, h = para.wrap(width, 200)
        para.drawOn(c, x, y - h)
        y -= h + 4
    table = Table(
        [
            [
                _p(h, CELL_HEAD)
                for h in ("Part", "File", "Copies", "How to print", "Cut and assemble")
            ]
        ]
        + [[_p(r.part, CELL_HEAD), _p(r.pages), _p(r.copies), _p(r.how), _p(r.note)] for r in rows],
        colWidths=[width * f for f in (0.18, 0.22, 0.1, 0.22, 0.28)],
        repeatRows=1,
    )
    table.setStyle(
        TableStyle(
            [
                ("BACKGROUND", (0, 0), (-1, 0), HEAD),
                ("ROWBACKGROUNDS", (0, 1), (-1, -1), [white, HexColor("#F4F4F4")]),
                ("GRID", (0, 0), (-1, -1), 0.4, HexColor("#555555")),
                ("VALIGN", (0, 0), (-1, -1), "TOP"),
            ]
        )
    )
    _, h = table.wrap(width, y)
    if h > y - PRINT_MARGIN - 40 * MM:
        raise RenderError(f"printing guide for {kit.title}: the parts table does not fit one page")
    y -= 6
    table.drawOn(c, x, y - h)
    y -= h + 12
    if reprint:
        para = _p(
            "reprint.pdf holds only the sheets that changed since your last print: "
            + "; ".join(reprint)
            + ". Print it and swap those pieces.",
            CELL_HEAD,
        )
        _, h = para.wrap(width, 200)
        para.drawOn(c, x, y - h)
        y -= h + 8
    _more(c, x, y, width, other_files, kit.extras)
    c.showPage()


def _more(
    c: Canvas,
    x: float,
    y: float,
    width: float,
    files: list[tuple[str, str]],
    extras: tuple[str, ...],
) -> None:
    blocks = []
    if files:
        blocks.append(
            "Other files in this folder: "
            + "; ".join(f"{name} — {what}" for name, what in files)
            + "."
        )
    if extras:
        blocks.append("Not printed — bring your own: " + ", ".join(extras) + ".")
    for block in blocks:
        para = _p(block, TEXT)
        _, h = para.wrap(width, 200)
        para.drawOn(c, x, y - h)
        y -= h + 6
