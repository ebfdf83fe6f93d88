"""The printing guide: the kit's first page, saying what to print, how, and what to cut."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from reportlab.lib.colors import HexColor, white
from reportlab.lib.styles import ParagraphStyle
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import Paragraph, Table, TableStyle

from printkit.content.typography import typeset_text
from printkit.errors import RenderError
from printkit.render.fonts import BODY, BOLD
from printkit.render.labels import ENGLISH, say
from printkit.render.text import TypesetParagraph
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


def _p(text: str, style: ParagraphStyle = SMALL, language: str = "en") -> Paragraph:
    """``text`` as a guide paragraph, set by the guide's language's typography."""
    return TypesetParagraph(_escape(typeset_text(text, language)), style)


def _heading(c: Canvas, title: str, paper: Paper, subtitle: str) -> tuple[float, float, float]:
    """A guide page's title and subtitle; the text column's x, the y below, its width."""
    c.note_page("guide")
    width = paper.width - 2 * PRINT_MARGIN - 8 * MM
    x = PRINT_MARGIN + 4 * MM
    y = paper.height - PRINT_MARGIN - 4 * MM
    c.setFont(BOLD, 20)
    c.drawString(x, y - 16, title)
    c.setFont(BODY, 11)
    c.drawString(x, y - 32, subtitle)
    return x, y - 44, width


def draw_guide(
    c: Canvas,
    kit,
    paper: Paper,
    rows: list[GuideRow],
    other_files: list[str],
    labels: Mapping[str, str] = ENGLISH,
) -> None:
    x, y, width = _heading(c, kit.title, paper, say(labels, "guide.subtitle", paper=paper.name))
    lang = getattr(c, "language", "en")
    for text in advice(kit, labels):
        y = _paragraph(c, text, x, y, width, TEXT) - 4
    heads = ("guide.part", "guide.file", "guide.copies", "guide.how", "guide.assemble")
    table = Table(
        [[_p(say(labels, h), CELL_HEAD, lang) for h in heads]]
        + [
            [_p(r.part, CELL_HEAD, lang)]
            + [_p(t, SMALL, lang) for t in (r.pages, r.copies, r.how, r.note)]
            for r in rows
        ],
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
                ("FONT", (0, 0), (-1, -1), BODY),  # never reportlab's unembedded Helvetica
            ]
        )
    )
    _, h = table.wrap(width, y)
    if h > y - PRINT_MARGIN - 40 * MM:
        raise RenderError(f"printing guide for {kit.title}: the parts table does not fit one page")
    y -= 6
    table.drawOn(c, x, y - h)
    y -= h + 12
    if other_files:
        files = "; ".join(other_files)
        y = _paragraph(c, say(labels, "guide.other", files=files), x, y, width, TEXT) - 6
    if kit.extras:
        _paragraph(c, say(labels, "guide.extras", extras=", ".join(kit.extras)), x, y, width, TEXT)
    c.showPage()


def draw_reprint_note(
    c: Canvas, kit, paper: Paper, replaced: list[str], labels: Mapping[str, str] = ENGLISH
) -> None:
    """reprint.pdf's first page: the sheets (and their cards) the pages after it replace."""
    x, y, width = _heading(c, kit.title, paper, say(labels, "reprint.subtitle", paper=paper.name))
    y = _paragraph(c, say(labels, "reprint.intro", count=len(replaced)), x, y, width, TEXT) - 6
    for line in replaced:
        if y < PRINT_MARGIN + 20 * MM:
            raise RenderError(f"reprint note for {kit.title}: the list does not fit one page")
        y = _paragraph(c, f"• {line}", x, y, width, TEXT) - 2
    c.showPage()


CALIBRATION_FILE = "calibration.pdf"


def advice(kit, labels: Mapping[str, str]) -> list[str]:
    """The guide's opening sentences, only those that fit the kit: paper for whole pages
    printed on plain paper if it has any, duplex and its calibration if any deck has backs.
    A part's own paper is said once, in its row, never again in its note."""
    from printkit.kit import Pages

    pages = [p.title for p in kit.parts if isinstance(p, Pages) and not p.card_stock]
    texts = [say(labels, "guide.scale"), say(labels, "guide.stock")]
    if pages:
        texts.append(say(labels, "guide.stock_pages", parts=", ".join(pages)))
    if has_duplex(kit):
        texts.append(say(labels, "guide.duplex"))
        texts.append(say(labels, "guide.calibrate", file=CALIBRATION_FILE))
    texts.append(say(labels, "guide.cut"))
    return texts


def has_duplex(kit) -> bool:
    return any(getattr(piece, "back", None) for part in kit.parts for piece in part_pieces(part))


def part_pieces(part) -> tuple:
    return getattr(part, "pieces", ())


def _paragraph(c: Canvas, text: str, x: float, y: float, width: float, style) -> float:
    """Draw a wrapped paragraph with its top at ``y``; return the y below it."""
    para = _p(text, style, getattr(c, "language", "en"))
    _, h = para.wrap(width, 400)
    para.drawOn(c, x, y - h)
    return y - h
