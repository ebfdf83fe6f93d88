"""Pictures drawn by the kit's own renderers, scaled down for the rulebook.

A rulebook shows a card exactly as the kit prints it: the same ``draw(canvas,
trim_box)`` function paints both. For screens the picture is rasterised once
(pypdfium2) and embedded as a PNG data URI; the PNG is kept in the disk cache
under a digest of the picture's own drawing operations, so after a one-card
edit only that card is rasterised again.
"""

from __future__ import annotations

import base64
import io
import re
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from html import escape

from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import Flowable

from printkit.build import diskcache
from printkit.build.aside import Kept
from printkit.render.drawing import Drawing, canvas_fingerprint, raster_versions
from printkit.render.fonts import register_fonts
from printkit.render.theme import INK
from printkit.render.units import Box
from printkit.rulebook.keep import kept

DrawFn = Callable[[Canvas, Box], None]
SCREEN_DPI = 144  # crisp on high-density screens at the picture's printed size
CSS_PX_PER_PT = 96 / 72


class Picture(Flowable):
    """A ``draw(canvas, box)`` function as a flowable, scaled, clipped to its trim box."""

    def __init__(
        self,
        draw: DrawFn,
        width: float,
        height: float,
        scale: float,
        drawn: Callable[[float], Drawing] | None = None,
    ) -> None:
        super().__init__()
        self.draw_fn = draw
        self.drawn = drawn  # the block's own kept drawings, by scale: each looked up once
        self.trim_width = width
        self.trim_height = height
        self.scale = scale
        self.width = width * scale
        self.height = height * scale
        self.form = ""  # set when the book draws this picture as a named form

    def wrap(self, aw: float, ah: float) -> tuple[float, float]:
        return self.width, self.height

    def draw(self) -> None:
        if self.form:
            self.canv.doForm(self.form)
        elif getattr(self.canv, "pictures_as_forms", False):
            raise PictureOutsideForm("a picture the book did not name as a form")
        else:
            paint(self.canv, self.draw_fn, self.trim_width, self.trim_height, self.scale)

    def drawing(self) -> Drawing:
        """What this picture draws at its own scale, summed up (kept, as a block's is)."""
        if self.drawn is not None:
            return self.drawn(self.scale)
        return picture_drawing(self.draw_fn, self.trim_width, self.trim_height, self.scale)


class PictureOutsideForm(Exception):
    """A picture drawn inline on pages whose layout is kept apart from their pictures."""


def pictures_in(flowables: list) -> list[Picture]:
    """The pictures among flowables (inside groups kept together and table cells too), in
    order."""
    found: list[Picture] = []
    for flowable in flowables:
        if isinstance(flowable, Picture):
            found.append(flowable)
        elif isinstance(flowable, list):  # a table cell of several flowables
            found += pictures_in(flowable)
        else:
            found += pictures_in(list(getattr(flowable, "_content", None) or ()))
            for row in getattr(flowable, "_cellvalues", None) or ():
                found += pictures_in(list(row))
    return found


def picture_drawing(draw: DrawFn, width: float, height: float, scale: float) -> Drawing:
    """A picture drawn alone, summed up: kept under what it is and reads, drawn on a miss."""
    picture = (draw, width, height, scale)
    return kept("picture", picture, lambda: painted(*picture))


def paint(c: Canvas, draw: DrawFn, width: float, height: float, scale: float) -> None:
    c.saveState()
    c.scale(scale, scale)
    clip = c.beginPath()
    clip.roundRect(0, 0, width, height, 2.5 / scale)
    c.clipPath(clip, stroke=0, fill=0)
    draw(c, Box(0, 0, width, height))
    c.restoreState()
    c.saveState()
    c.setStrokeColor(INK)
    c.setLineWidth(0.5)
    c.roundRect(0, 0, width * scale, height * scale, 2.5, stroke=1, fill=0)
    c.restoreState()


class PictureBlock:
    """A `Block` showing one drawn piece (a card) at ``scale`` of its printed size."""

    def __init__(
        self,
        draw: DrawFn,
        width: float,
        height: float,
        scale: float,
        alt: str,
        sheet: PictureSheet | None = None,
    ) -> None:
        self.draw = draw
        self.width = width
        self.height = height
        self.scale = scale
        self.alt = alt
        self.sheet = sheet if sheet is not None else PictureSheet()
        self.sheet.pictures.append(self)
        self._drawings: dict[float, Drawing] = {}

    def fingerprint(self) -> Drawing:
        """The picture drawn alone, summed up: keys for the disk cache. Kept under what the
        picture is and reads (`printkit.rulebook.keep`): drawn only when that changed."""
        return self.drawing_at(self.scale)

    def drawing_at(self, scale: float) -> Drawing:
        """The picture at ``scale``, summed up once per block: the book's characters, the
        run keys and the picture forms all ask (each ask a walk and a disk read)."""
        if scale not in self._drawings:
            self._drawings[scale] = picture_drawing(self.draw, self.width, self.height, scale)
        return self._drawings[scale]

    def layout(self) -> tuple:
        """What the pages around the picture depend on, its drawing apart: its size."""
        return ("picture", self.width, self.height, self.scale)

    def flowables(self, width: float) -> list[Flowable]:
        scale = min(self.scale, width / self.width)
        return [Picture(self.draw, self.width, self.height, scale, self.drawing_at)]

    def html(self) -> str:
        data = _png_data(self)
        w = round(self.width * self.scale * CSS_PX_PER_PT)
        h = round(self.height * self.scale * CSS_PX_PER_PT)
        return (
            f'<img src="data:image/png;base64,{data}" width="{w}" height="{h}" '
            f'style="width:{w}px;height:{h}px" alt="{escape(self.alt)}">'
        )


def painted(draw: DrawFn, width: float, height: float, scale: float) -> Drawing:
    """The picture drawn alone on a scratch canvas, summed up."""
    register_fonts()
    c = Canvas(io.BytesIO(), invariant=1)
    paint(c, draw, width, height, scale)
    size = (width * scale, height * scale)
    return canvas_fingerprint(c, raster_versions(), SCREEN_DPI, size)


class PictureSheet:
    """Pictures rasterised together: one PDF, one font embedding, one pdfium document.

    Rendering each picture as its own PDF costs a font subset per picture;
    a shared sheet pays it once.
    """

    def __init__(self) -> None:
        self.pictures: list[PictureBlock] = []
        self._pngs: dict[int, bytes] = {}

    def png(self, picture: PictureBlock) -> bytes:
        if id(picture) not in self._pngs:
            self._render()
        return self._pngs[id(picture)]

    def _render(self) -> None:
        missing = []
        for p in self.pictures:
            key = drawing_digest(p)
            found = kept_png(key)
            if found is None:
                missing.append((p, key))
            else:
                self._pngs[id(p)] = found
        for (p, _), png in zip(missing, _rasterised(missing)):
            self._pngs[id(p)] = png


def _rasterised(missing: list[tuple[PictureBlock, str]]) -> list[bytes]:
    """PNGs of pictures kept nowhere, drawn together, then kept under their keys."""
    pngs = rasterise([p for p, _ in missing]) if missing else []
    for (_, key), png in zip(missing, pngs):
        _PNGS.put(key, png)
        diskcache.store(CACHE_KIND, key, png)
    return pngs


def kept_png(key: str) -> bytes | None:
    """The PNG of the drawing ``key``: kept in this process, else in the disk cache, else
    None (missing, a torn entry, or a build from scratch: a miss)."""
    if not diskcache.reading():
        return None
    found = _PNGS.get(key)
    if found is not None and found.startswith(PNG_SIGNATURE):
        return found
    found = diskcache.load(CACHE_KIND, key)
    if found is None or not found.startswith(PNG_SIGNATURE):
        return None
    _PNGS.put(key, found)
    return found


class _Batch:
    """Pictures an HTML page shows but nothing keeps, rasterised together when it is done:
    each stands in the page as a mark until then."""

    def __init__(self) -> None:
        self.waiting: dict[str, PictureBlock] = {}

    def mark(self, picture: PictureBlock) -> str:
        key = drawing_digest(picture)
        self.waiting.setdefault(key, picture)
        return f"\0picture:{key}\0"

    def fill(self, page: str) -> str:
        """The page with each mark replaced by its picture's PNG, as base64."""
        missing = [(p, key) for key, p in self.waiting.items()]
        pngs = {key: png for (_, key), png in zip(missing, _rasterised(missing))}
        return _MARK.sub(lambda m: _base64(pngs[m.group(1)]), page)


_MARK = re.compile("\0picture:([0-9a-f]+)\0")
_BATCHES: list[_Batch] = []


@contextmanager
def batched() -> Iterator[_Batch]:
    """Pictures shown inside this block and kept nowhere are rasterised in one PDF by the
    batch's `fill`: a build whose edit changed a scene and a card draws both at once."""
    batch = _Batch()
    _BATCHES.append(batch)
    try:
        yield batch
    finally:
        _BATCHES.remove(batch)


def _png_data(picture: PictureBlock) -> str:
    """The picture's PNG as base64, or a batch's mark for it when nothing keeps it."""
    if _BATCHES and id(picture) not in picture.sheet._pngs:
        found = kept_png(drawing_digest(picture))
        return _base64(found) if found is not None else _BATCHES[-1].mark(picture)
    return _base64(picture.sheet.png(picture))


_BASE64: dict[int, tuple[bytes, str]] = {}  # id of a PNG kept in memory -> it, as base64


def _base64(png: bytes) -> str:
    """The PNG as base64: worked out once for a PNG this process keeps."""
    found = _BASE64.get(id(png))
    if found is not None and found[0] is png:
        return found[1]
    text = base64.b64encode(png).decode("ascii")
    if len(_BASE64) >= PNGS_KEPT:
        _BASE64.clear()
    _BASE64[id(png)] = (png, text)
    return text


PNG_LEVEL = 3  # zlib's fast path: half the time of level 6 on a scene, the file ~1 % larger
CACHE_KIND = "pictures"  # a PNG another printkit kept (at another level) is never served:
# every disk-cache entry is sealed with the code digest of the printkit that wrote it
PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"

PNGS_KEPT = 256  # pictures a book shows, and room for the next few rounds' edits
# The disk cache's entries this process read or wrote, so a `watch` round reads none again.
_PNGS: Kept[str, bytes] = Kept(CACHE_KIND, PNGS_KEPT, diskcache.cache_root)


def drawing_digest(picture: PictureBlock) -> str:
    """What the picture's PNG depends on: its page operators and the glyphs they name."""
    return picture.fingerprint().digest


def rasterise(pictures: list[PictureBlock]) -> list[bytes]:
    """PNGs of the pictures, drawn as pages of one PDF (one font embedding for all)."""
    import pypdfium2

    register_fonts()
    buffer = io.BytesIO()
    c = Canvas(buffer, invariant=1)
    for p in pictures:
        c.setPageSize((p.width * p.scale, p.height * p.scale))
        paint(c, p.draw, p.width, p.height, p.scale)
        c.showPage()
    c.save()
    pdf = pypdfium2.PdfDocument(buffer.getvalue())
    pngs = []
    try:
        for index in range(len(pictures)):
            image = pdf[index].render(scale=SCREEN_DPI / 72).to_pil()
            out = io.BytesIO()
            image.save(out, format="PNG", compress_level=PNG_LEVEL)
            pngs.append(out.getvalue())
    finally:
        pdf.close()
    return pngs
