"""Exports beyond home printing: 300 dpi PNGs with bleed, and Tabletop Simulator sheets.

Each piece is drawn by the same function as in the PDF, on a page of its own
(trim plus bleed), then rasterised with PDFium.
"""

from __future__ import annotations

import io
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path

import pypdfium2 as pdfium
from PIL import Image
from reportlab.pdfgen.canvas import Canvas

from printkit.build.fingerprint import digest
from printkit.kit import Deck, Kit
from printkit.render.drawing import canvas_fingerprint, raster_versions
from printkit.render.fonts import register_fonts
from printkit.render.impose import DrawFn, Piece
from printkit.render.pdf import finish, new_canvas
from printkit.render.units import BLEED, INCH, Box

PRINT_DPI = 300
TTS_DPI = 150
TTS_COLUMNS, TTS_ROWS = 10, 7


def _render_piece(draw: DrawFn, width: float, height: float, dpi: int, bleed: float) -> Image.Image:
    c, buffer = new_canvas(width + 2 * bleed, height + 2 * bleed, "piece")
    draw(c, Box(bleed, bleed, width, height))
    c.showPage()
    document = pdfium.PdfDocument(finish(c, buffer))
    try:
        bitmap = document[0].render(scale=dpi / INCH)
        return bitmap.to_pil().convert("RGB")
    finally:
        document.close()


def png_bytes(image: Image.Image, dpi: int) -> bytes:
    out = io.BytesIO()
    image.save(out, format="PNG", dpi=(dpi, dpi), optimize=False)
    return out.getvalue()


def unique_pieces(deck: Deck) -> list[Piece]:
    seen: dict[str, Piece] = {}
    for piece in deck.pieces:
        seen.setdefault(piece.label, piece)
    return list(seen.values())


@dataclass(frozen=True)
class Export:
    """One image file: its name under ``output/<game>/``, the digest of what it shows, its maker."""

    name: str
    key: str
    render: Callable[[], bytes]


def drawing_key(draw: DrawFn, width: float, height: float, dpi: int, bleed: float) -> str:
    """The digest of a face drawn alone at its size: equal digests, equal pixels."""
    register_fonts()
    c = Canvas(io.BytesIO(), pagesize=(width + 2 * bleed, height + 2 * bleed), invariant=1)
    draw(c, Box(bleed, bleed, width, height))
    return canvas_fingerprint(c, raster_versions(), width, height, dpi, bleed).digest


def print_exports(kit: Kit, root: str = "png") -> list[Export]:
    """Every distinct card and token face (and back) at 300 dpi, bleed included."""
    exports = []
    for deck in _decks(kit.parts):
        faces = [(f"{piece.label}.png", piece.draw) for piece in unique_pieces(deck)]
        backs = {id(p.back): p.back for p in deck.pieces if p.back}
        faces += [(f"back-{n}.png", back) for n, back in enumerate(backs.values(), start=1)]
        for name, draw in faces:
            key = drawing_key(draw, deck.width, deck.height, PRINT_DPI, BLEED)
            render = _png_maker(draw, deck.width, deck.height, PRINT_DPI, BLEED)
            exports.append(Export(f"{root}/{deck.id}/{name}", key, render))
    return exports


def _png_maker(draw: DrawFn, width: float, height: float, dpi: int, bleed: float):
    return lambda: png_bytes(_render_piece(draw, width, height, dpi, bleed), dpi)


def tts_exports(kit: Kit, root: str = "tts") -> list[Export]:
    """Tabletop Simulator deck sheets: up to 10 x 7 faces per image, plus one back image."""
    exports = []
    for deck in _decks(kit.parts):
        if not any(p.back for p in deck.pieces):
            continue
        per_sheet = TTS_COLUMNS * TTS_ROWS
        for start in range(0, len(deck.pieces), per_sheet):
            chunk = deck.pieces[start : start + per_sheet]
            keys = [drawing_key(p.draw, deck.width, deck.height, TTS_DPI, 0) for p in chunk]
            name = f"{root}/{deck.id}-faces-{start // per_sheet + 1}.png"
            exports.append(Export(name, digest(keys), _sheet_maker(deck, chunk)))
        back = next(p.back for p in deck.pieces if p.back)
        key = drawing_key(back, deck.width, deck.height, TTS_DPI, 0)
        render = _png_maker(back, deck.width, deck.height, TTS_DPI, 0)
        exports.append(Export(f"{root}/{deck.id}-back.png", key, render))
    return exports


def _sheet_maker(deck: Deck, chunk: list[Piece]):
    def render() -> bytes:
        faces = [_render_piece(p.draw, deck.width, deck.height, TTS_DPI, 0) for p in chunk]
        return png_bytes(_grid(faces), TTS_DPI)

    return render


def print_pngs(kit: Kit) -> dict[str, bytes]:
    return {e.name: e.render() for e in print_exports(kit)}


def tts_sheets(kit: Kit) -> dict[str, bytes]:
    return {e.name: e.render() for e in tts_exports(kit)}


def _grid(faces: list[Image.Image]) -> Image.Image:
    w, h = faces[0].size
    cols = min(TTS_COLUMNS, len(faces))
    rows = -(-len(faces) // TTS_COLUMNS)
    sheet = Image.new("RGB", (cols * w, rows * h), "white")
    for index, face in enumerate(faces):
        row, col = divmod(index, TTS_COLUMNS)
        sheet.paste(face, (col * w, row * h))
    return sheet


def _decks(parts: Iterable) -> list[Deck]:
    """Every deck, companions sharing another deck's sheets included."""
    return [d for p in parts if isinstance(p, Deck) for d in (p, *p.also)]


def preview_pngs(kit_folder: Path, dpi: int = 40) -> dict[str, bytes]:
    """The first page of each built PDF as a small PNG, for documentation."""
    files: dict[str, bytes] = {}
    for path in sorted(kit_folder.glob("*.pdf")):
        if path.name.startswith(("fold-", "reprint")):
            continue
        document = pdfium.PdfDocument(str(path))
        try:
            image = document[0].render(scale=dpi / INCH).to_pil().convert("RGB")
        finally:
            document.close()
        files[path.stem + ".png"] = png_bytes(image, dpi)
    return files
