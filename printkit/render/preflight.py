"""Preflight: measure the rendered PDFs as a printer and a person with scissors would.

Every check reads the finished file back (pypdf for fonts and the pages' records,
pdfium for text, marks and pixels), never the layout's intentions: what is painted
near the paper edge, whether each face's background fills its bleed, how large
and how close to a cut the text is, where the crop marks fall, whether every font
is embedded, and whether each space drawn to hold a token is as large as it.
The pages' /PieceInfo records (written by the kit canvas) say only where the
pieces and spaces are, so a finding can name the piece.
"""

from __future__ import annotations

import ctypes
import hashlib
import json
import math
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace
from functools import cache

import pypdfium2 as pdfium
import pypdfium2.raw as pdfium_c
from PIL import Image
from pypdf import PdfReader

from printkit.build.aside import Kept
from printkit.render.pdf import CROP_MARK_TAG
from printkit.render.units import MM, PRINT_EDGE

DPI = 100
SCALE = DPI / 72
INK = 250  # a grey level below this is ink; above it, paper
MIN_TEXT = 6.0  # points: no printed word smaller
MIN_BODY = 9.0  # points: the rulebook's body text
SAFE_ZONE = 3 * MM  # text keeps this far inside every cut
TOLERANCE = 0.3 * MM  # anti-aliasing and rounding
EXEMPT_EDGE = {"print-shop"}  # sheets a print shop trims: crop marks and boxes instead
CUT_KINDS = {"sheet", "fold", "print-shop"}


@dataclass(frozen=True)
class Finding:
    """One thing a printer or a player would trip over."""

    file: str
    page: int  # 1-based
    piece: str  # the piece or space it concerns, "" for the page
    check: str
    message: str

    def __str__(self) -> str:
        where = f"{self.file}, page {self.page}" + (f", {self.piece}" if self.piece else "")
        return f"{where}: {self.message} [{self.check}]"

    def as_json(self) -> dict[str, object]:
        return {
            "file": self.file,
            "page": self.page,
            "piece": self.piece,
            "check": self.check,
            "message": self.message,
        }


# -- what the page says about itself ----------------------------------------------------
@dataclass(frozen=True)
class Placed:
    label: str
    box: tuple[float, float, float, float]  # x0, y0, x1, y1 in points
    side: str = "front"
    token: str = ""
    holds: str = ""


@dataclass(frozen=True)
class PageRecord:
    kind: str  # sheet, fold, tile, pages, print-shop, guide; "" for a plain document page
    bleed: float
    pieces: tuple[Placed, ...]
    spaces: tuple[Placed, ...]
    trim: tuple[float, float, float, float] | None
    bleed_box: tuple[float, float, float, float] | None


def _text(value) -> str:
    return str(value) if value is not None else ""


def _quad(value) -> tuple[float, float, float, float]:
    x0, y0, x1, y1 = (float(v) for v in value)
    return (x0, y0, x1, y1)


def read_record(page) -> PageRecord:
    """The page's /PieceInfo record (pypdf page), or an empty one."""
    info = page.get("/PieceInfo")
    private = info["/printkit"]["/Private"] if info and "/printkit" in info else {}
    pieces = tuple(
        Placed(_text(p["/L"]), _quad(p["/T"]), _text(p["/S"]).lstrip("/"), _text(p.get("/K")))
        for p in private.get("/Pieces", [])
    )
    spaces = tuple(
        Placed(_text(s["/L"]), _quad(s["/T"]), holds=_text(s["/H"]))
        for s in private.get("/Spaces", [])
    )
    trim = _quad(page["/TrimBox"]) if "/TrimBox" in page else None
    bleed = _quad(page["/BleedBox"]) if "/BleedBox" in page else None
    kind = _text(private.get("/Kind")).lstrip("/")
    return PageRecord(kind, float(private.get("/Bleed", 0)), pieces, spaces, trim, bleed)


# -- fonts -------------------------------------------------------------------------------
def _fonts(resources, seen: set[object]) -> Iterable[tuple[str, object]]:
    """The fonts ``resources`` use, each font object and form once per ``seen``."""
    if resources is None:
        return
    resources = resources.get_object()
    for _, ref in (resources.get("/Font") or {}).items():
        key = getattr(ref, "idnum", None)
        if key is not None:
            if ("font", key) in seen:
                continue
            seen.add(("font", key))
        font = ref.get_object()
        yield _text(font.get("/BaseFont")).lstrip("/"), font
    for _, ref in (resources.get("/XObject") or {}).items():
        xobject = ref.get_object()
        key = getattr(ref, "idnum", id(xobject))
        if key not in seen and xobject.get("/Subtype") == "/Form":
            seen.add(key)
            yield from _fonts(xobject.get("/Resources"), seen)


def _embedded(font) -> bool:
    if font.get("/Subtype") == "/Type3":
        return True
    if font.get("/Subtype") == "/Type0":
        font = font["/DescendantFonts"][0].get_object()
    descriptor = font.get("/FontDescriptor")
    if descriptor is None:
        return False
    descriptor = descriptor.get_object()
    return any(k in descriptor for k in ("/FontFile", "/FontFile2", "/FontFile3"))


def check_fonts(name: str, reader: PdfReader, digests: list[str] | None = None) -> list[Finding]:
    """Every font the file uses is embedded: print shops reject a file that is not.
    ``digests``: the pages' digests (`build.pages`), to take each page's fonts as kept."""
    findings, reported = [], set()  # a font met again was checked where first met
    for number, page in enumerate(reader.pages, start=1):
        digest = digests[number - 1] if digests else ""
        for font_name, embedded in _page_fonts(page, digest):
            if font_name not in reported and not embedded:
                reported.add(font_name)
                findings.append(
                    Finding(name, number, "", "font", f"font {font_name} is not embedded")
                )
    return findings


PAGES_KEPT = 4096
# A page's digest -> its fonts, and its /PieceInfo record: this process's and a child's
# beside a build (made here, at import, so that what a child adds comes back).
_FONTS: Kept[str, tuple[tuple[str, bool], ...]] = Kept("preflight-page-fonts", PAGES_KEPT)
_RECORDS: Kept[str, PageRecord] = Kept("preflight-page-records", PAGES_KEPT)


def _page_fonts(page, digest: str) -> tuple[tuple[str, bool], ...]:
    """(name, embedded) of each font the page uses, in order; kept by the page's digest,
    which covers every object the page uses."""
    found = _FONTS.get(digest) if digest else None
    if found is None:
        found = tuple((n, _embedded(font)) for n, font in _fonts(page.get("/Resources"), set()))
        if digest:
            _FONTS.put(digest, found)
    return found


def _page_record(page, digest: str) -> PageRecord:
    """`read_record`, kept by the page's digest (its record is part of the page)."""
    found = _RECORDS.get(digest)
    if found is None:
        found = read_record(page)
        _RECORDS.put(digest, found)
    return found


# -- pixels ------------------------------------------------------------------------------
def _render(page) -> Image.Image:
    return page.render(scale=SCALE).to_pil().convert("RGB")


def _render_band(page, crop: tuple[float, float, float, float]) -> Image.Image:
    """One strip of the page at the whole page's pixel grid (the same pixels as the
    matching crop of `_render`'s image, in grey): pdfium draws only the strip."""
    return page.render(scale=SCALE, crop=crop).to_pil().convert("RGB").convert("L")


Point = tuple[float, float]  # x, y in points from the page's bottom left
RGB = tuple[int, int, int]
EDGE_BAND = round((PRINT_EDGE - TOLERANCE) * SCALE)  # pixels along each paper edge
Band = tuple[tuple[int, int, int, int], Image.Image]  # its region of the page's image, its grey


class Raster:
    """A page's pixels, rasterised only as far as a check asks: the four edge bands, a
    strip along each cut for the bleed, or the whole page (then both are read from it)."""

    def __init__(self, page) -> None:
        self.page = page
        self._image: Image.Image | None = None
        self._grey: Image.Image | None = None

    @property
    def image(self) -> Image.Image:
        if self._image is None:
            self._image = _render(self.page)
        return self._image

    @property
    def grey(self) -> Image.Image:
        if self._grey is None:
            self._grey = self.image.convert("L")
        return self._grey

    def colours(self, height: float, groups: list[list[Point]]) -> dict[Point, RGB]:
        """The colour at each point (in points, a page of ``height``), as `_pixels` reads
        the whole page's image: each group of points (one cut's samples) from one strip
        pdfium draws alone, at the whole page's pixel grid, unless the page is drawn."""
        if self._image is not None:
            pixel = _pixels(self._image)
            return {p: pixel(height, *p) for group in groups for p in group}
        width = self.page.get_size()[0]
        w, h = math.ceil(width * SCALE), math.ceil(height * SCALE)
        found: dict[Point, RGB] = {}
        for group in groups:
            cells = [_cell(height, p, w, h) for p in group]
            x0, y0 = min(x for x, _ in cells), min(y for _, y in cells)
            x1, y1 = max(x for x, _ in cells) + 1, max(y for _, y in cells) + 1
            strip = self.page.render(scale=SCALE, crop=_crop((x0, y0, x1, y1), w, h))
            access = strip.to_pil().convert("RGB").load()
            for point, (x, y) in zip(group, cells, strict=True):
                found[point] = access[x - x0, y - y0]
        return found

    def bands(self) -> dict[str, Band]:
        """Each side's strip of ``EDGE_BAND`` pixels, by side."""
        width, height = self.page.get_size()
        w, h = math.ceil(width * SCALE), math.ceil(height * SCALE)
        regions = _band_regions(w, h)
        if self._image is not None or min(w, h) <= EDGE_BAND * 2:
            return {side: (region, self.grey.crop(region)) for side, region in regions.items()}
        return {
            side: (region, _render_band(self.page, _crop(region, w, h)))
            for side, region in regions.items()
        }


def _band_regions(w: int, h: int) -> dict[str, tuple[int, int, int, int]]:
    return {
        "left": (0, 0, EDGE_BAND, h),
        "right": (w - EDGE_BAND, 0, w, h),
        "top": (0, 0, w, EDGE_BAND),
        "bottom": (0, h - EDGE_BAND, w, h),
    }


def _crop(region: tuple[int, int, int, int], w: int, h: int) -> tuple[float, ...]:
    """pdfium's crop (left, bottom, right, top, in points) that leaves exactly ``region``
    (pixels from the top left): it rounds each up to whole pixels, so half a pixel less."""
    x0, y0, x1, y1 = region
    return tuple(max(px - 0.5, 0) / SCALE for px in (x0, h - y1, w - x1, y0))


def _ink_bbox(grey: Image.Image) -> tuple[int, int, int, int] | None:
    return grey.point(lambda v: 255 if v < INK else 0).getbbox()


def check_edges(name: str, number: int, raster: Raster | Image.Image, width: float, height: float):
    """Nothing painted within 5 mm of the paper edge: home printers cannot reach it.
    ``raster`` is the page's `Raster` (only its edge bands are drawn) or its grey image."""
    if isinstance(raster, Image.Image):
        bands = {s: (r, raster.crop(r)) for s, r in _band_regions(*raster.size).items()}
    else:
        bands = raster.bands()
    band = EDGE_BAND
    findings = []
    for side, (region, strip) in bands.items():
        box = _ink_bbox(strip)
        if box is None:
            continue
        x0, y0, x1, y1 = box
        gap = {"left": x0, "right": band - x1, "top": y0, "bottom": band - y1}[side]
        at = (region[0] + (x0 + x1) / 2) / SCALE, height - (region[1] + (y0 + y1) / 2) / SCALE
        findings.append(
            Finding(
                name,
                number,
                "",
                "edge",
                f"ink {gap / SCALE / MM:.1f} mm from the {side} paper edge "
                f"(at x {at[0] / MM:.0f} mm, y {at[1] / MM:.0f} mm); keep 5 mm clear",
            )
        )
    return findings


def _pixels(image: Image.Image):
    """A function of (page height, x, y in points) giving the pixel there (clamped to the
    image): one pixel access object for many look-ups, not ``getpixel`` each time."""
    access, (w, h) = image.load(), image.size

    def at(height: float, x: float, y: float) -> tuple[int, int, int]:
        return access[_cell(height, (x, y), w, h)]

    return at


def _cell(height: float, point: Point, w: int, h: int) -> tuple[int, int]:
    """The pixel (from the top left of a ``w`` x ``h`` image of the page) holding a point."""
    x, y = point
    return min(max(int(x * SCALE), 0), w - 1), min(max(int((height - y) * SCALE), 0), h - 1)


def _is_paper(rgb: tuple[int, int, int]) -> bool:
    return min(rgb) >= INK


def _neighbour(piece: Placed, others: Iterable[Placed], side: str) -> bool:
    """Whether another piece shares this side's cut (edge to edge, same face)."""
    x0, y0, x1, y1 = piece.box
    for other in others:
        if other is piece or other.side != piece.side:
            continue
        a0, b0, a1, b1 = other.box
        overlap_y = min(y1, b1) - max(y0, b0) > TOLERANCE
        overlap_x = min(x1, a1) - max(x0, a0) > TOLERANCE
        touching = {
            "left": overlap_y and abs(a1 - x0) < TOLERANCE,
            "right": overlap_y and abs(a0 - x1) < TOLERANCE,
            "top": overlap_x and abs(b0 - y1) < TOLERANCE,
            "bottom": overlap_x and abs(b1 - y0) < TOLERANCE,
        }
        if touching[side]:
            return True
    return False


def _colour_at(raster: Raster | Image.Image, height: float, sides):
    """The colour at each sample point: from strips of the page's `Raster`, or its image."""
    if isinstance(raster, Raster):
        return raster.colours(height, _by_cut(sides)).__getitem__
    pixel = _pixels(raster)

    def at(point: Point) -> RGB:
        return pixel(height, *point)

    return at


def _by_cut(sides) -> list[list[Point]]:
    """The sample points grouped by the cut line they straddle (a block's whole side is
    one thin strip of the page), each group drawn as one strip."""
    groups: dict[tuple[str, float], list[Point]] = {}
    for piece, side, samples in sides:
        axis = "x" if side in ("left", "right") else "y"
        line = piece.box[{"left": 0, "bottom": 1, "right": 2, "top": 3}[side]]
        groups.setdefault((axis, round(line, 1)), []).extend(p for pair in samples for p in pair)
    return list(groups.values())


def _edge_samples(box, side: str, inside: float, outside: float):
    """Pairs of points just inside and just outside one side of a trim box."""
    x0, y0, x1, y1 = box
    step = 2 * MM
    if side in ("left", "right"):
        x = x0 if side == "left" else x1
        sign = -1 if side == "left" else 1
        n = max(int((y1 - y0 - 2 * MM) // step), 1)
        for i in range(n + 1):
            y = y0 + 1 * MM + i * (y1 - y0 - 2 * MM) / n
            yield (x - sign * inside, y), (x + sign * outside, y)
    else:
        y = y1 if side == "top" else y0
        sign = 1 if side == "top" else -1
        n = max(int((x1 - x0 - 2 * MM) // step), 1)
        for i in range(n + 1):
            x = x0 + 1 * MM + i * (x1 - x0 - 2 * MM) / n
            yield (x, y - sign * inside), (x, y + sign * outside)


def check_bleed(
    name: str, number: int, raster: Raster | Image.Image, height: float, record: PageRecord
):
    """Each face's background runs into its bleed on every side without a neighbour:
    where the face is inked just inside the cut, the bleed is inked just outside it.
    ``raster``: the page's `Raster`, or its image in colour."""
    if record.bleed <= 0 or not record.pieces:
        return []
    outside = max(record.bleed - 1 * MM, record.bleed * 0.6)
    sides = [
        (piece, side, list(_edge_samples(piece.box, side, 0.5 * MM, outside)))
        for piece in record.pieces
        for side in ("left", "right", "top", "bottom")
        if not _neighbour(piece, record.pieces, side)
    ]
    colour = _colour_at(raster, height, sides)
    findings = []
    for piece, side, samples in sides:
        bare = sum(not _is_paper(colour(a)) and _is_paper(colour(b)) for a, b in samples)
        if bare >= 2:
            findings.append(
                Finding(
                    name,
                    number,
                    f"{piece.label} ({piece.side})",
                    "bleed",
                    f"the background stops at the {side} cut: {bare} places show white "
                    f"paper in the {record.bleed / MM:.0f} mm bleed",
                )
            )
    return findings


# -- text --------------------------------------------------------------------------------
@dataclass(frozen=True)
class Glyph:
    char: str
    size: float  # effective size in points, after every transformation
    box: tuple[float, float, float, float]


def read_glyphs(page, boxes: bool = True) -> list[Glyph]:
    """Every character on a pdfium page with its effective size (and box, if wanted)."""
    text = page.get_textpage()
    glyphs = []
    matrix = pdfium_c.FS_MATRIX()
    left, bottom, right, top = (ctypes.c_double() for _ in range(4))
    corners = [ctypes.byref(v) for v in (left, right, bottom, top)]
    for i in range(text.count_chars()):
        char = chr(pdfium_c.FPDFText_GetUnicode(text.raw, i))
        if not char.strip():
            continue
        pdfium_c.FPDFText_GetMatrix(text.raw, i, ctypes.byref(matrix))
        scale = math.sqrt(abs(matrix.a * matrix.d - matrix.b * matrix.c))
        size = pdfium_c.FPDFText_GetFontSize(text.raw, i) * scale
        box = (0.0, 0.0, 0.0, 0.0)
        if boxes:
            pdfium_c.FPDFText_GetCharBox(text.raw, i, *corners)
            box = (left.value, bottom.value, right.value, top.value)
        glyphs.append(Glyph(char, size, box))
    text.close()
    return glyphs


def _visible(glyph: Glyph, image: Image.Image, height: float) -> bool:
    """Clipped-away text (a board tile's hidden parts) leaves no ink where it would be."""
    x0, y0, x1, y1 = glyph.box
    region = (
        int(x0 * SCALE),
        int((height - y1) * SCALE),
        math.ceil(x1 * SCALE) + 1,
        math.ceil((height - y0) * SCALE) + 1,
    )
    low, high = image.crop(region).getextrema()
    return high - low > 40 or low < INK


def _inside(box, point) -> bool:
    x0, y0, x1, y1 = box
    return x0 <= point[0] <= x1 and y0 <= point[1] <= y1


def _centre(box) -> tuple[float, float]:
    return (box[0] + box[2]) / 2, (box[1] + box[3]) / 2


def _owner(record: PageRecord, box) -> Placed | None:
    centre = _centre(box)
    return next((p for p in record.pieces if _inside(p.box, centre)), None)


def _words(glyphs: list[Glyph]) -> str:
    return "".join(g.char for g in glyphs)[:40]


def check_text(
    name: str, number: int, glyphs: list[Glyph], raster: Raster | Image.Image, height: float, record
) -> list[Finding]:
    """No printed word under 6 pt; on a piece, none within 3 mm of its cut. (A plain
    document, the rulebook, may show pieces in miniature: its body size is checked.)
    ``raster``: the page's `Raster` (drawn only if a word is to be looked at), or its grey
    image."""

    def grey() -> Image.Image:
        return raster.grey if isinstance(raster, Raster) else raster

    findings = []
    small: dict[str, list[Glyph]] = {}
    near: dict[str, list[tuple[Glyph, float]]] = {}
    for glyph in glyphs:
        owner = _owner(record, glyph.box)
        label = f"{owner.label} ({owner.side})" if owner else ""
        if record.kind and glyph.size < MIN_TEXT - 0.05 and _visible(glyph, grey(), height):
            small.setdefault(label, []).append(glyph)
        if owner is not None and record.kind in CUT_KINDS:
            x0, y0, x1, y1 = owner.box
            g0, h0, g1, h1 = glyph.box
            gap = min(g0 - x0, x1 - g1, h0 - y0, y1 - h1)
            if gap < SAFE_ZONE - TOLERANCE and _visible(glyph, grey(), height):
                near.setdefault(label, []).append((glyph, gap))
    for label, found in small.items():
        size = min(g.size for g in found)
        findings.append(
            Finding(
                name,
                number,
                label,
                "text-size",
                f"text at {size:.1f} pt ({_words(found)!r}); nothing prints under 6 pt",
            )
        )
    for label, found in near.items():
        gap = min(g for _, g in found)
        findings.append(
            Finding(
                name,
                number,
                label,
                "safe-zone",
                f"text {gap / MM:.1f} mm from the cut ({_words([g for g, _ in found])!r}); "
                "keep 3 mm inside",
            )
        )
    return findings


def check_body(name: str, sizes: Mapping[float, int]) -> list[Finding]:
    """The rulebook's body (its commonest text size) is at least 9 pt."""
    if not sizes:
        return []
    body = max(sizes, key=lambda s: (sizes[s], s))
    if body >= MIN_BODY - 0.05:
        return []
    return [Finding(name, 1, "", "body-size", f"body text is {body:.1f} pt; a rulebook wants 9")]


# -- crop marks ----------------------------------------------------------------------------
def _mark_names(obj) -> list[str]:
    names = []
    for k in range(pdfium_c.FPDFPageObj_CountMarks(obj.raw)):
        mark = pdfium_c.FPDFPageObj_GetMark(obj.raw, k)
        size = ctypes.c_ulong()
        buffer = (ctypes.c_ushort * 64)()
        pdfium_c.FPDFPageObjMark_GetName(mark, buffer, ctypes.sizeof(buffer), ctypes.byref(size))
        names.append(bytes(buffer)[: size.value].decode("utf-16-le").rstrip("\x00"))
    return names


def read_marks(page) -> list[tuple[float, float, float, float]]:
    """Bounds of every path tagged as a crop mark on a pdfium page."""
    return [
        tuple(obj.get_bounds())
        for obj in page.get_objects(filter=[pdfium_c.FPDF_PAGEOBJ_PATH], max_depth=1)
        if CROP_MARK_TAG in _mark_names(obj)
    ]


def _overlaps(a, b, margin: float = 0.0) -> bool:
    return min(a[2], b[2]) - max(a[0], b[0]) > margin and min(a[3], b[3]) - max(a[1], b[1]) > margin


def _cuts(record: PageRecord) -> tuple[set[float], set[float]]:
    """The x of every vertical cut line and the y of every horizontal one (front faces,
    or the page's trim box on a print-shop sheet)."""
    boxes = [p.box for p in record.pieces if p.side == "front"]
    if not boxes and record.kind == "print-shop" and record.trim:
        boxes = [record.trim]
    xs = {round(v, 1) for b in boxes for v in (b[0], b[2])}
    ys = {round(v, 1) for b in boxes for v in (b[1], b[3])}
    return xs, ys


def check_marks(name: str, number: int, marks, glyphs: list[Glyph], record: PageRecord):
    """Crop marks lie outside every piece, cross no text, and every cut line has one."""
    findings = []
    for mark in marks:
        for piece in record.pieces:
            if _overlaps(mark, piece.box, 0.2):
                findings.append(
                    Finding(
                        name,
                        number,
                        f"{piece.label} ({piece.side})",
                        "crop-mark",
                        "a crop mark runs inside the piece",
                    )
                )
        crossed = [g for g in glyphs if _overlaps(mark, g.box)]
        if crossed:
            findings.append(
                Finding(
                    name, number, "", "crop-mark", f"a crop mark crosses text {_words(crossed)!r}"
                )
            )
    xs, ys = _cuts(record)  # a back sheet has none: it is cut along its front's marks
    vertical = [m for m in marks if m[2] - m[0] < m[3] - m[1]]
    horizontal = [m for m in marks if m[2] - m[0] >= m[3] - m[1]]
    missing = [f"x {x / MM:.1f} mm" for x in sorted(xs) if not _marked(x, vertical, 0)]
    missing += [f"y {y / MM:.1f} mm" for y in sorted(ys) if not _marked(y, horizontal, 1)]
    if missing:
        findings.append(
            Finding(
                name,
                number,
                "",
                "crop-mark",
                f"no crop mark for the cut at {', '.join(missing[:4])}",
            )
        )
    return findings


def _marked(value: float, marks, axis: int) -> bool:
    return any(m[axis] - TOLERANCE <= value <= m[axis + 2] + TOLERANCE for m in marks)


def check_print_shop(name: str, number: int, record: PageRecord, marks) -> list[Finding]:
    """A print shop's sheet carries TrimBox, BleedBox and crop marks."""
    if record.trim is None or record.bleed_box is None:
        return [Finding(name, number, "", "boxes", "a print-shop sheet needs TrimBox and BleedBox")]
    if not marks:
        return [Finding(name, number, "", "crop-mark", "a print-shop sheet has no crop marks")]
    return []


# -- spaces and tokens --------------------------------------------------------------------
def check_spaces(located: list[tuple[str, int, Placed]], tokens: Mapping[str, Placed]):
    """Every space drawn to hold a token is at least as large as that token."""
    findings = []
    for name, number, space in located:
        token = tokens.get(space.holds)
        w, h = space.box[2] - space.box[0], space.box[3] - space.box[1]
        problem = _space_problem(w, h, space.holds, token)
        if problem:
            findings.append(Finding(name, number, space.label, "space", problem))
    return findings


def _space_problem(w: float, h: float, holds: str, token: Placed | None) -> str:
    """Why a ``w`` x ``h`` space cannot hold its token (either way round), or ""."""
    if token is None:
        return f"holds {holds!r}, but the kit prints no such token"
    tw, th = token.box[2] - token.box[0], token.box[3] - token.box[1]
    fits = (w + TOLERANCE >= tw and h + TOLERANCE >= th) or (
        w + TOLERANCE >= th and h + TOLERANCE >= tw
    )
    if fits:
        return ""
    space, size = f"{w / MM:.1f} x {h / MM:.1f} mm", f"{tw / MM:.1f} x {th / MM:.1f} mm"
    return f"{space} holds a {holds} token of {size}"


# -- one file, then a kit ---------------------------------------------------------------------
@dataclass
class _Kit:
    findings: list[Finding]
    spaces: list[tuple[str, int, Placed]]
    tokens: dict[str, Placed]


def _check_page(name: str, number: int, page, record: PageRecord) -> _Page:
    """One page's findings (and, on a plain document, its text sizes): a function of the
    page alone, so it is kept under the page's digest."""
    width, height = page.get_size()
    raster = Raster(page)
    result = _Page([], {})
    found = result.findings
    if not record.kind:  # a plain document: its body size, counted over the whole file
        for glyph in read_glyphs(page, boxes=False):
            key = round(glyph.size * 2) / 2
            result.sizes[key] = result.sizes.get(key, 0) + 1
        found += check_edges(name, number, raster, width, height)
        return result
    glyphs = read_glyphs(page)
    marks = read_marks(page) if record.kind in CUT_KINDS else []
    if record.kind not in EXEMPT_EDGE:
        found += check_edges(name, number, raster, width, height)
    else:
        found += check_print_shop(name, number, record, marks)
    found += check_bleed(name, number, raster, height, record)
    found += check_text(name, number, glyphs, raster, height, record)
    if record.kind in CUT_KINDS:
        loose = [g for g in glyphs if _owner(record, g.box) is None]
        found += check_marks(name, number, marks, loose, record)
    return result


def _area(piece: Placed | None) -> float:
    return 0.0 if piece is None else (piece.box[2] - piece.box[0]) * (piece.box[3] - piece.box[1])


def measure_file(name: str, data: bytes) -> _File:
    """A file measured in full: its findings, spaces and tokens (``preflight`` takes it as
    ``measured``, so a file rendered in another process is measured there)."""
    return _file_result(name, data, True)


def _file_result(name: str, data: bytes, full: bool) -> _File:
    """From the disk cache for bytes measured before, else page by page, each page from
    the cache when a page with its digest was measured before."""
    book = name.startswith("rulebook")  # its body size is checked too
    key = cache_key("file", hashlib.sha256(data).hexdigest(), book)
    found = _load(key, _file_from_json)  # kept only once measured in full
    if found is None:
        found = _measure_file(name, data, full)
        if full:
            _store(key, _file_to_json(found))
    return found


def _check_file(name: str, data: bytes, kit: _Kit, full: bool, found: _File | None) -> None:
    """A file's pieces and spaces (for the kit-wide space check) and, if ``full``, its
    findings; ``found`` is the file measured in full already."""
    if found is None:
        found = _file_result(name, data, full)
    kit.spaces += [(name, number, s) for number, s in found.spaces]
    for piece in found.tokens:
        if _area(piece) > _area(kit.tokens.get(piece.token)):
            kit.tokens[piece.token] = piece  # the largest of its kind
    if full:
        kit.findings += [replace(f, file=name) for f in found.findings]


def _measure_file(name: str, data: bytes, full: bool) -> _File:
    from printkit.build.pages import page_digests, reader_for

    digests = page_digests(data)
    reader = reader_for(data)
    records = [_page_record(page, d) for page, d in zip(reader.pages, digests, strict=True)]
    spaces = [(number, s) for number, r in enumerate(records, start=1) for s in r.spaces]
    tokens = [p for r in records for p in r.pieces if p.token]
    result = _File([], spaces, tokens)
    if not full:
        return result
    result.findings += check_fonts(name, reader, digests)
    document = pdfium.PdfDocument(data)
    sizes: dict[float, int] = {}
    try:
        for number, record in enumerate(records, start=1):
            page = _page_result(name, number, digests[number - 1], document, record)
            result.findings += page.findings
            for size, count in page.sizes.items():
                sizes[size] = sizes.get(size, 0) + count
    finally:
        document.close()
    if name.startswith("rulebook"):
        result.findings += check_body(name, sizes)
    return result


def _page_result(name: str, number: int, page_digest: str, document, record) -> _Page:
    key = cache_key("page", page_digest)
    found = _load(key, _page_from_json)
    if found is None:
        found = _check_page(name, number, document[number - 1], record)
        _store(key, _page_to_json(found))
    return _Page([replace(f, file=name, page=number) for f in found.findings], found.sizes)


# -- measurements kept: a page by its digest, a file by its bytes ----------------------------
CACHE_KIND = "preflight"


@dataclass
class _Page:
    findings: list[Finding]
    sizes: dict[float, int]  # text sizes on a plain document's page, for its body size


@dataclass
class _File:
    findings: list[Finding]
    spaces: list[tuple[int, Placed]]  # (page number, space)
    tokens: list[Placed]  # pieces that are tokens


def cache_key(kind: str, *content: object) -> str:
    """A measurement's key: what was measured, and the code and libraries measuring it."""
    from printkit.build.fingerprint import digest

    return digest(CACHE_KIND, kind, *content, *_measuring())


@cache
def _measuring() -> tuple[object, ...]:
    """printkit's code and the libraries' versions (looked up once, as `code_digest` reads
    them: importing importlib.metadata took 0.05 s on each side of a fresh build)."""
    from printkit.build.fingerprint import library_versions
    from printkit.render.drawing import raster_versions

    return raster_versions(), dict(library_versions())["pypdf"]


KEPT = 4096


@cache
def _kept() -> Kept[str, bytes]:
    """A measurement's JSON by key: the disk cache's entries this process read or wrote, so
    a `watch` round reads none again (a child's come back with its files)."""
    from printkit.build import diskcache
    from printkit.build.aside import Kept

    return Kept(CACHE_KIND, KEPT, diskcache.cache_root)


def _load(key: str, parse):
    """A kept measurement, or None (missing, torn or not as this code writes it, or a
    build from scratch: a miss)."""
    from printkit.build import diskcache

    if not diskcache.reading():
        return None
    data = _kept().get(key)
    if data is None:
        data = diskcache.load(CACHE_KIND, key)
    if data is None:
        return None
    try:
        found = parse(json.loads(data))
    except (ValueError, TypeError, KeyError, IndexError, AttributeError):
        return None
    _kept().put(key, data)
    return found


def _store(key: str, value: object) -> None:
    from printkit.build import diskcache

    data = json.dumps(value, sort_keys=True).encode()
    _kept().put(key, data)
    diskcache.store(CACHE_KIND, key, data)


def _finding_to_json(f: Finding) -> list:
    return [f.file, f.page, f.piece, f.check, f.message]


def _finding_from_json(row: list) -> Finding:
    file, page, piece, check, message = row
    return Finding(str(file), int(page), str(piece), str(check), str(message))


def _placed_to_json(p: Placed) -> list:
    return [p.label, list(p.box), p.side, p.token, p.holds]


def _placed_from_json(row: list) -> Placed:
    label, box, side, token, holds = row
    return Placed(str(label), _quad(box), str(side), str(token), str(holds))


def _page_to_json(page: _Page) -> dict:
    return {
        "findings": [_finding_to_json(f) for f in page.findings],
        "sizes": [[size, count] for size, count in page.sizes.items()],
    }


def _page_from_json(found: dict) -> _Page:
    findings = [_finding_from_json(row) for row in found["findings"]]
    return _Page(findings, {float(size): int(count) for size, count in found["sizes"]})


def _file_to_json(file: _File) -> dict:
    return {
        "findings": [_finding_to_json(f) for f in file.findings],
        "spaces": [[number, _placed_to_json(s)] for number, s in file.spaces],
        "tokens": [_placed_to_json(p) for p in file.tokens],
    }


def _file_from_json(found: dict) -> _File:
    return _File(
        [_finding_from_json(row) for row in found["findings"]],
        [(int(number), _placed_from_json(s)) for number, s in found["spaces"]],
        [_placed_from_json(p) for p in found["tokens"]],
    )


def preflight(
    files: Mapping[str, bytes],
    checked: Iterable[str] | None = None,
    measured: Mapping[str, object] | None = None,
) -> list[Finding]:
    """Findings for a kit's PDFs (name -> bytes); ``checked`` limits the page checks to
    some of them (files unchanged since a clean preflight), the space check sees all;
    ``measured`` holds files already measured by `measure_file` (their bytes as given)."""
    wanted = set(files) if checked is None else set(checked)
    kit = _Kit([], [], {})
    for name in sorted(files):
        if name.endswith(".pdf"):
            found = (measured or {}).get(name)
            found = found if isinstance(found, _File) else None
            _check_file(name, files[name], kit, name in wanted, found)
    kit.findings += check_spaces(kit.spaces, kit.tokens)
    return kit.findings


def report(findings: list[Finding], limit: int = 12) -> str:
    """The findings as an error message: the first few, then how many more."""
    lines = [f"preflight: {len(findings)} problem(s) in the rendered kit"]
    lines += [f"  {finding}" for finding in findings[:limit]]
    if len(findings) > limit:
        lines.append(f"  … and {len(findings) - limit} more ('printkit preflight' lists all)")
    return "\n".join(lines)


REPORT_HINT = "fix the layout or the content named; the previous kit was kept"


def preflight_folder(folder) -> list[Finding]:
    """Findings for every PDF in a built kit's folder."""
    return preflight({p.name: p.read_bytes() for p in sorted(folder.glob("*.pdf"))})
