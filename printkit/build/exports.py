"""Exports beyond home printing: print-on-demand PNGs, and Tabletop Simulator decks.

Each piece is drawn by the same function as in the PDF, on a page of its own
(trim plus bleed), then rasterised with PDFium. Identical faces are one file
named with its count (``sun-x3.png``): a print-on-demand service takes each
image once with the number to print.
"""

from __future__ import annotations

import io
import json
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
from printkit.render.units import BLEED, INCH, MM, Box

PRINT_DPI = 300
TTS_DPI = 150
TTS_COLUMNS, TTS_ROWS = 10, 7
TTS_MAX_PIXELS = 4096  # Tabletop Simulator refuses deck images wider or taller than this
PLACE = {"posX": 0.0, "posY": 1.0, "posZ": 0.0, "rotX": 0.0, "rotY": 180.0, "rotZ": 180.0}
TTS_CARD = (2.5 * INCH, 3.5 * INCH)  # the card TTS draws at scale 1: poker-shaped
POD_BLEED = INCH / 8  # what print-on-demand services ask for on every side
POD_MATCH = 1.6 * MM  # a card this close to a service's size is printed at that size


@dataclass(frozen=True)
class PodSize:
    """A card size the print-on-demand services sell, as their templates give it (inches)."""

    name: str
    width: float
    height: float


POD_SIZES = (
    PodSize("poker", 2.5, 3.5),  # 825 x 1125 px with bleed at 300 dpi
    PodSize("bridge", 2.25, 3.5),  # 750 x 1125
    PodSize("mini", 1.75, 2.5),  # 600 x 825
    PodSize("tarot", 2.75, 4.75),  # 900 x 1500
    PodSize("square", 2.75, 2.75),  # 900 x 900
    PodSize("jumbo", 3.5, 5.75),  # 1125 x 1800
)


def pod_trim(width: float, height: float) -> tuple[float, float]:
    """The service's trim size (points) for a card of ``width`` x ``height``; its own if none."""
    for size in POD_SIZES:
        w, h = size.width * INCH, size.height * INCH
        if width > height:
            w, h = h, w
        if abs(w - width) <= POD_MATCH and abs(h - height) <= POD_MATCH:
            return w, h
    return width, height


def _render_pod(draw: DrawFn, width: float, height: float) -> Image.Image:
    """The face at the service's size: scaled (by at most a few per cent) so its drawn bleed
    covers the service's 1/8 inch, centred on the page."""
    trim_w, trim_h = pod_trim(width, height)
    page_w, page_h = trim_w + 2 * POD_BLEED, trim_h + 2 * POD_BLEED
    scale = max(page_w / (width + 2 * BLEED), page_h / (height + 2 * BLEED))
    c, buffer = new_canvas(page_w, page_h, "piece")
    c.translate(page_w / 2, page_h / 2)
    c.scale(scale, scale)
    draw(c, Box(-width / 2, -height / 2, width, height))
    c.showPage()
    image = _rasterise(finish(c, buffer), PRINT_DPI)
    size = (round(page_w * PRINT_DPI / INCH), round(page_h * PRINT_DPI / INCH))
    return image.crop((0, 0, *size))  # PDFium rounds up: 825.0000001 px would be 826


def _rasterise(pdf: bytes, dpi: float) -> Image.Image:
    document = pdfium.PdfDocument(pdf)
    try:
        return document[0].render(scale=dpi / INCH).to_pil().convert("RGB")
    finally:
        document.close()


def _render_piece(
    draw: DrawFn, width: float, height: float, dpi: float, bleed: float
) -> Image.Image:
    c, buffer = new_canvas(width + 2 * bleed, height + 2 * bleed, "piece")
    draw(c, Box(bleed, bleed, width, height))
    c.showPage()
    return _rasterise(finish(c, buffer), dpi)


def png_bytes(image: Image.Image, dpi: int) -> bytes:
    out = io.BytesIO()
    image.save(out, format="PNG", dpi=(dpi, dpi), optimize=False)
    return out.getvalue()


@dataclass(frozen=True)
class Face:
    """One distinct drawing in a deck, the pieces that show it, and its file's stem."""

    name: str
    draw: DrawFn
    count: int
    key: str


def distinct_faces(deck: Deck, dpi: float, bleed: float) -> list[Face]:
    """The deck's faces once each, in deck order: copies that draw alike are one face."""
    keys: dict[int, str] = {}
    groups: dict[str, list] = {}
    for piece in deck.pieces:
        if id(piece.draw) not in keys:
            keys[id(piece.draw)] = drawing_key(piece.draw, deck.width, deck.height, dpi, bleed)
        key = keys[id(piece.draw)]
        groups.setdefault(key, [piece.label.split("#")[0], piece.draw, 0])[2] += 1
    names: dict[str, int] = {}
    faces = []
    for key, (stem, draw, count) in groups.items():
        names[stem] = names.get(stem, 0) + 1
        name = stem if names[stem] == 1 else f"{stem}-{names[stem]}"
        faces.append(Face(name, draw, count, key))
    return faces


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
    """Every distinct card and token face (and back) at print-on-demand size, 300 dpi, with
    1/8 inch bleed: one file per face, its count in the name."""
    exports = []
    for deck in _decks(kit.parts):
        backs = Deck(deck.id, deck.title, deck.width, deck.height, _back_pieces(deck))
        faces = [(f"{f.name}-x{f.count}.png", f) for f in distinct_faces(deck, PRINT_DPI, BLEED)]
        faces += [
            (f"back-{n}-x{f.count}.png", f)
            for n, f in enumerate(distinct_faces(backs, PRINT_DPI, BLEED), start=1)
        ]
        for name, face in faces:
            draw = face.draw
            key = digest(face.key, "pod", pod_trim(deck.width, deck.height), POD_BLEED)
            render = _pod_maker(draw, deck.width, deck.height)
            exports.append(Export(f"{root}/{deck.id}/{name}", key, render))
    return exports


def _back_pieces(deck: Deck) -> tuple[Piece, ...]:
    return tuple(Piece("back", p.back) for p in deck.pieces if p.back)


def _pod_maker(draw: DrawFn, width: float, height: float):
    return lambda: png_bytes(_render_pod(draw, width, height), PRINT_DPI)


def _png_maker(draw: DrawFn, width: float, height: float, dpi: float, bleed: float):
    return lambda: png_bytes(_render_piece(draw, width, height, dpi, bleed), round(dpi))


def tts_dpi(deck: Deck) -> float:
    """150 dpi, or less where a sheet of 10 x 7 faces would pass 4,096 pixels a side."""
    widest = TTS_MAX_PIXELS * 0.999 * INCH / (TTS_COLUMNS * deck.width)
    tallest = TTS_MAX_PIXELS * 0.999 * INCH / (TTS_ROWS * deck.height)
    return min(TTS_DPI, widest, tallest)


def tts_exports(kit: Kit, root: str = "tts", folder: Path | None = None) -> list[Export]:
    """Tabletop Simulator decks: sheets of up to 10 x 7 distinct faces, one back image, and
    a saved object (``<deck>.json``) that lays the deck out with each card's copies."""
    exports = []
    for deck in _decks(kit.parts):
        if not any(p.back for p in deck.pieces):
            continue
        dpi = tts_dpi(deck)
        faces = distinct_faces(deck, dpi, 0)
        per_sheet = TTS_COLUMNS * TTS_ROWS
        chunks = [faces[i : i + per_sheet] for i in range(0, len(faces), per_sheet)]
        sheet_names = []
        for number, chunk in enumerate(chunks, start=1):
            name = f"{root}/{deck.id}-faces-{number}.png"
            sheet_names.append(name)
            exports.append(
                Export(name, digest([f.key for f in chunk]), _sheet_maker(deck, chunk, dpi))
            )
        back = next(p.back for p in deck.pieces if p.back)
        back_name = f"{root}/{deck.id}-back.png"
        key = drawing_key(back, deck.width, deck.height, dpi, 0)
        exports.append(Export(back_name, key, _png_maker(back, deck.width, deck.height, dpi, 0)))
        urls = [_url(folder, n) for n in [*sheet_names, back_name]]
        place = tts_place(deck.width, deck.height)
        saved = tts_saved_object(deck.title, chunks, urls[:-1], urls[-1], place)
        exports.append(Export(f"{root}/{deck.id}.json", digest(saved), lambda s=saved: s))
    return exports


def _url(folder: Path | None, name: str) -> str:
    """Where TTS finds an image: a file URL in the output folder (upload and replace to share)."""
    return (folder.resolve() / name).as_uri() if folder is not None else name


def tts_place(width: float, height: float) -> dict[str, float]:
    """Where TTS puts the deck (face down), scaled so a card keeps its own shape.

    TTS stretches every card image onto a poker-shaped card; a tarot or square
    deck would come out poker-shaped without its own scale.
    """
    scale = {"scaleX": round(width / TTS_CARD[0], 4), "scaleY": 1.0}
    return PLACE | scale | {"scaleZ": round(height / TTS_CARD[1], 4)}


def tts_saved_object(
    title: str,
    chunks: list[list[Face]],
    face_urls: list[str],
    back_url: str,
    place: dict[str, float],
) -> bytes:
    """A TTS saved object: one deck whose cards point into the face sheets, copies repeated.

    Put the file in TTS's Saved Objects folder; the deck appears under Objects.
    """
    custom, ids, cards = {}, [], []
    for number, (chunk, url) in enumerate(zip(chunks, face_urls), start=1):
        custom[str(number)] = {
            "FaceURL": url,
            "BackURL": back_url,
            "NumWidth": min(TTS_COLUMNS, len(chunk)),
            "NumHeight": -(-len(chunk) // TTS_COLUMNS),
            "BackIsHidden": True,
            "UniqueBack": False,
        }
        for slot, face in enumerate(chunk):
            card_id = number * 100 + slot
            for _ in range(face.count):
                ids.append(card_id)
                cards.append(
                    {"Name": "Card", "Nickname": face.name, "CardID": card_id, "Transform": place}
                )
    deck = {
        "Name": "DeckCustom",
        "Nickname": title,
        "Transform": place,
        "DeckIDs": ids,
        "CustomDeck": custom,
        "ContainedObjects": cards,
    }
    saved = {"SaveName": title, "ObjectStates": [deck]}
    return (json.dumps(saved, indent=2, ensure_ascii=False) + "\n").encode("utf-8")


def _sheet_maker(deck: Deck, chunk: list[Face], dpi: float):
    def render() -> bytes:
        faces = [_render_piece(f.draw, deck.width, deck.height, dpi, 0) for f in chunk]
        return png_bytes(_grid(faces), round(dpi))

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


def rulebook_page_pngs(
    rulebook: Path, headings: Iterable[str], dpi: int = 60, figures: Iterable[str] = ()
) -> dict[str, bytes]:
    """The page each heading (a bookmark of the rulebook) opens, and the page that holds
    each figure (the first to print its caption), as ``rulebook-<slug>.png``: a section's
    picture may lie on a later page than its heading.

    Raises UsageError naming the headings the book has when one is not among them, and
    saying so when no page prints a figure's caption.
    """
    from pypdf import PdfReader

    reader = PdfReader(str(rulebook))
    wanted = _heading_pages(reader, headings) | _figure_pages(reader, figures)
    files: dict[str, bytes] = {}
    document = pdfium.PdfDocument(str(rulebook))
    try:
        for name, number in wanted.items():
            image = document[number].render(scale=dpi / INCH).to_pil().convert("RGB")
            files[f"rulebook-{'-'.join(name.lower().split())}.png"] = png_bytes(image, dpi)
    finally:
        document.close()
    return files


def _plain(text: str) -> str:
    """Text as a reader types it: no-break spaces and line breaks as plain spaces, curly
    quotes straight, soft hyphens gone."""
    text = text.replace("\u00ad", "").replace("\u2019", "'").replace("\u2018", "'")
    return " ".join(text.replace("\u201c", '"').replace("\u201d", '"').split())


def _heading_pages(reader, headings: Iterable[str]) -> dict[str, int]:
    from printkit.errors import UsageError

    found: dict[str, int] = {}

    def walk(entries) -> None:
        for entry in entries:
            if isinstance(entry, list):
                walk(entry)
            else:
                title = " ".join(str(entry.title).split())  # a no-break space reads as one
                found.setdefault(title, reader.get_destination_page_number(entry))

    walk(reader.outline)
    pages: dict[str, int] = {}
    for heading in (" ".join(h.split()) for h in headings):
        if heading not in found:
            raise UsageError(f"the rulebook has no heading {heading!r}; it has: {', '.join(found)}")
        pages[heading] = found[heading]
    return pages


def _figure_pages(reader, captions: Iterable[str]) -> dict[str, int]:
    from printkit.errors import UsageError

    captions = [_plain(c) for c in captions]
    if not captions:
        return {}
    texts = [_plain(page.extract_text() or "") for page in reader.pages]
    pages: dict[str, int] = {}
    for caption in captions:
        number = next((n for n, text in enumerate(texts) if caption in text), None)
        if number is None:
            raise UsageError(f"no page of the rulebook prints the caption {caption!r}")
        pages[caption] = number
    return pages
