"""Exports beyond home printing: 300 dpi PNGs with bleed, and Tabletop Simulator sheets.

Each piece is drawn by the same function as in the PDF, on a page of its own
(trim plus bleed), then rasterised with PDFium.
"""

from __future__ import annotations

import io
from collections.abc import Iterable
from pathlib import Path

import pypdfium2 as pdfium
from PIL import Image

from printkit.kit import Deck, Kit
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


def print_pngs(kit: Kit) -> dict[str, bytes]:
    """Every distinct card and token face (and back) at 300 dpi, bleed included."""
    files: dict[str, bytes] = {}
    for deck in _decks(kit.parts):
        for piece in unique_pieces(deck):
            image = _render_piece(piece.draw, deck.width, deck.height, PRINT_DPI, BLEED)
            files[f"png/{deck.id}/{piece.label}.png"] = png_bytes(image, PRINT_DPI)
        backs = {id(p.back): p for p in deck.pieces if p.back}
        for number, piece in enumerate(backs.values(), start=1):
            image = _render_piece(piece.back, deck.width, deck.height, PRINT_DPI, BLEED)
            files[f"png/{deck.id}/back-{number}.png"] = png_bytes(image, PRINT_DPI)
    return files


def tts_sheets(kit: Kit) -> dict[str, bytes]:
    """Tabletop Simulator deck sheets: up to 10 x 7 faces per image, plus one back image."""
    files: dict[str, bytes] = {}
    for deck in _decks(kit.parts):
        if not any(p.back for p in deck.pieces):
            continue
        faces = [_render_piece(p.draw, deck.width, deck.height, TTS_DPI, 0) for p in deck.pieces]
        per_sheet = TTS_COLUMNS * TTS_ROWS
        for start in range(0, len(faces), per_sheet):
            chunk = faces[start : start + per_sheet]
            number = start // per_sheet + 1
            files[f"tts/{deck.id}-faces-{number}.png"] = png_bytes(_grid(chunk), TTS_DPI)
        back = next(p.back for p in deck.pieces if p.back)
        image = _render_piece(back, deck.width, deck.height, TTS_DPI, 0)
        files[f"tts/{deck.id}-back.png"] = png_bytes(image, TTS_DPI)
    return files


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
    return [p for p in parts if isinstance(p, Deck)]


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
