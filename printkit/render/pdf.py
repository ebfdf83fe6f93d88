"""Deterministic PDF canvases and all-or-nothing file writes."""

from __future__ import annotations

import io

from reportlab.pdfbase.pdfdoc import PDFArray, PDFDictionary, PDFName, PDFString
from reportlab.pdfgen.canvas import Canvas

from printkit.build.files import write_atomic  # noqa: F401 - re-exported
from printkit.content.typography import typeset_text
from printkit.render.fonts import BODY, register_fonts
from printkit.render.units import Box

CROP_MARK_TAG = "PKCropMark"  # marked-content tag around crop marks, so preflight finds them
STAMP = "D:20000101000000Z"  # PieceInfo wants a date; a fixed one keeps files byte-identical


class TypesetCanvas(Canvas):
    """A canvas that sets every string it draws by its language's typography (quotes,
    apostrophes, minus signs), so no label, caption or running head escapes the rules."""

    language = "en"

    def drawString(self, x, y, text, *args, **kwargs):
        return super().drawString(x, y, typeset_text(text, self.language), *args, **kwargs)

    def drawCentredString(self, x, y, text, *args, **kwargs):
        return super().drawCentredString(x, y, typeset_text(text, self.language), *args, **kwargs)

    def drawRightString(self, x, y, text, *args, **kwargs):
        return super().drawRightString(x, y, typeset_text(text, self.language), *args, **kwargs)


class KitCanvas(TypesetCanvas):
    """A canvas that writes down, per page, what each page is and where its pieces sit.

    The record goes into the page's /PieceInfo (the PDF's place for an application's
    private data), so preflight can find every cut and space in the PDF alone; what
    is painted there it measures from the drawing itself.
    """

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self._record: dict[str, object] = {}

    def note_page(self, kind: str, bleed: float = 0.0) -> None:
        """What this page is: sheet, fold, tile, pages, print-shop or guide."""
        self._record["Kind"] = PDFName(kind)
        self._record["Bleed"] = round(bleed, 3)

    def note_piece(self, label: str, trim: Box, side: str = "front", token: str = "") -> None:
        """A piece to cut out: its trim box on this page, which face, what token it is."""
        entry = {"L": PDFString(label), "T": _box(trim), "S": PDFName(side)}
        if token:
            entry["K"] = PDFString(token)
        self._record.setdefault("Pieces", []).append(PDFDictionary(entry))

    def note_space(self, label: str, box: Box, holds: str) -> None:
        """A space drawn to hold a token of kind ``holds`` (preflight compares the sizes)."""
        box = self.absolute_box(box)
        entry = {"L": PDFString(label), "T": _box(box), "H": PDFString(holds)}
        self._record.setdefault("Spaces", []).append(PDFDictionary(entry))

    def absolute_box(self, box: Box) -> Box:
        """``box`` in page coordinates, through the current transformation (no rotation)."""
        a, b, c, d, e, f = self._currentMatrix
        xs = (a * box.x + c * box.y + e, a * box.right + c * box.top + e)
        ys = (b * box.x + d * box.y + f, b * box.right + d * box.top + f)
        x0, x1, y0, y1 = min(xs), max(xs), min(ys), max(ys)
        return Box(x0, y0, x1 - x0, y1 - y0)

    def begin_crop_marks(self) -> None:
        self.addLiteral(f"/{CROP_MARK_TAG} BMC")

    def end_crop_marks(self) -> None:
        self.addLiteral("EMC")

    def showPage(self) -> None:
        record, self._record = self._record, {}
        super().showPage()
        if record:
            data = {k: PDFArray(v) if isinstance(v, list) else v for k, v in sorted(record.items())}
            private = PDFDictionary(
                {"LastModified": PDFString(STAMP), "Private": PDFDictionary(data)}
            )
            self._doc.Pages.pages[-1].PieceInfo = PDFDictionary({"printkit": private})


def note_space(canvas: Canvas, label: str, box: Box, holds: str) -> None:
    """Declare ``box`` a space for a token of kind ``holds`` (a no-op off the kit's canvas,
    e.g. in a rulebook picture), so preflight can compare it with the token."""
    if isinstance(canvas, KitCanvas):
        canvas.note_space(label, box, holds)


def _box(box: Box) -> PDFArray:
    return PDFArray([round(v, 3) for v in box.as_tuple()])


def new_canvas(
    width: float, height: float, title: str, author: str = "printkit", language: str = ""
) -> tuple[KitCanvas, io.BytesIO]:
    """A canvas in reportlab's invariant mode: no timestamps, no random ids; its strings
    set by ``language``'s typography (English when the kit names none)."""
    register_fonts()
    buffer = io.BytesIO()
    canvas = KitCanvas(
        buffer,
        pagesize=(width, height),
        invariant=1,
        pageCompression=1,
        initialFontName=BODY,  # never an unembedded base-14 font, even on a blank page
        initialFontSize=10,
    )
    canvas.language = language or "en"
    canvas.setTitle(title)
    canvas.setAuthor(author)
    canvas.setCreator("printkit")
    canvas.setProducer("printkit")
    return canvas, buffer


def set_boxes(canvas: Canvas, trim: Box, bleed: Box) -> None:
    """TrimBox and BleedBox for the page about to be drawn (print shops read them)."""
    canvas.setTrimBox(trim.as_tuple())
    canvas.setBleedBox(bleed.as_tuple())


def clear_boxes(canvas: Canvas) -> None:
    canvas.setTrimBox(None)
    canvas.setBleedBox(None)


def finish(canvas: Canvas, buffer: io.BytesIO) -> bytes:
    canvas.save()
    return buffer.getvalue()
