"""Drawing a data layout's zones: text, images (raster or SVG vectors), icons and shapes.

The layout layer's primitives for faces designed in ``layout.yaml``
(`printkit.content.layout`): each zone is placed in millimetres from the
trim's top-left corner, its templates filled from one card's values.
"""

from __future__ import annotations

import copy
import hashlib
import io
import re
import tempfile
from collections.abc import Mapping
from functools import cache
from pathlib import Path

from reportlab.lib.colors import Color, HexColor, toColor, white
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFError, TTFont
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import Paragraph

from printkit.content.layout import Face, Layout, Zone, fill
from printkit.content.typography import typeset_text
from printkit.errors import RenderError
from printkit.render.fontfiles import truetype_bytes
from printkit.render.fonts import BODY, BOLD, ITALIC, register_fonts
from printkit.render.symbols import draw_symbol
from printkit.render.text import Mark, RichStyle, draw_paragraph, fit_rich, rich_markup
from printkit.render.theme import Theme
from printkit.render.units import BLEED, MM, Box

BUILT_IN = {"body": BODY, "bold": BOLD, "italic": ITALIC}
ICON_DPI = 600  # inline SVG icons are rasterised for Paragraph at this resolution
ICON_SCALE = 1.0  # an inline icon is as tall as the text's size
__all__ = ["draw_face", "fit_paragraph", "rich_markup", "zone_box"]


# -- fonts -------------------------------------------------------------------
def pack_font(path: Path) -> str:
    """Register a TTF/OTF file of a pack (embedded, subset) and return its reportlab name.

    The name is the file's digest, so a font swapped under the same file name
    (in a ``watch`` session, say) registers anew rather than reusing the old one.
    """
    try:
        data = path.read_bytes()
    except OSError as exc:
        raise _unembeddable(path, exc) from None
    return _registered(data, str(path))


@cache
def _registered(data: bytes, path: str) -> str:
    """PostScript-outline (CFF) OpenType is converted to TrueType outlines first."""
    try:
        outlines = truetype_bytes(data)
        name = f"PK-Pack-{hashlib.sha256(outlines).hexdigest()[:12]}"
        pdfmetrics.registerFont(TTFont(name, io.BytesIO(outlines)))
    except (TTFError, OSError, ValueError) as exc:
        raise _unembeddable(Path(path), exc) from None
    pdfmetrics.registerFontFamily(name, normal=name, bold=name, italic=name, boldItalic=name)
    return name


def _unembeddable(path: Path, exc: Exception) -> RenderError:
    return RenderError(
        f"{path}: cannot embed this font ({exc})",
        "use an unbroken .ttf or .otf font file that allows embedding",
    )


def font_name(layout: Layout, font: str) -> str:
    register_fonts()
    if font in BUILT_IN:
        return BUILT_IN[font]
    return pack_font(layout.folder / dict(layout.fonts)[font])


# -- colours -----------------------------------------------------------------
def colour_of(layout: Layout, template: str, values: Mapping[str, object]) -> Color | None:
    if not template:
        return None
    value = layout.colour(fill(template, values))
    return HexColor(value) if value else None


# -- rich text ---------------------------------------------------------------
def _inline_icon(layout: Layout, name: str, size: float) -> str:
    path = layout.icon_file(name)
    if path is None:
        raise RenderError(f"no icon {name!r} in {layout.folder / 'icons'}")
    return icon_markup(path, size)


def icon_markup(path: Path, size: float) -> str:
    """An icon file as Paragraph markup: ``size`` points square, sitting on the baseline."""
    src = raster_icon(path) if path.suffix.lower() == ".svg" else path
    return f'<img src="{src}" width="{size:.2f}" height="{size:.2f}" valign="baseline"/>'


def icon_words(text: str, words: Mapping[str, str]) -> str:
    """The text with ``:icon:`` before each of these words (whole words, any case), so a
    card's text shows a good's picture without the content spelling the icon out. A number
    just before the word is tied to it with a no-break space ("2 :cups:cups" never splits)."""
    if not words:
        return text
    names = sorted(words, key=len, reverse=True)
    pattern = re.compile(r"(?<![\w:])(?:(\d+) )?(" + "|".join(map(re.escape, names)) + r")\b", re.I)

    def mark(m: re.Match) -> str:
        number = f"{m.group(1)}\u00a0" if m.group(1) else ""
        return f"{number}:{words[m.group(2).lower()]}:{m.group(2)}"

    return pattern.sub(mark, text)


def raster_icon(svg: Path) -> Path:
    """An SVG icon as a transparent PNG file, for Paragraph markup that names a file.

    Its pixels are kept in the disk cache under the SVG's bytes, the resolution and the
    code and libraries that rasterise it (sealed: a torn or foreign entry is a miss,
    ``--force`` renders afresh). The file the markup names lies in a private folder and
    is checked against those pixels before use, so another checkout's icon, or a file
    changed meanwhile, never reaches a kit. (PDFs name an image by its pixels, never by
    this path, so the path does not reach the bytes.)"""
    from printkit.build import diskcache
    from printkit.build.files import read_regular, write_atomic
    from printkit.render.drawing import raster_versions

    source = hashlib.sha256(svg.read_bytes()).hexdigest()
    key = hashlib.sha256(repr((raster_versions(), ICON_DPI, source)).encode()).hexdigest()[:32]
    png = diskcache.load(ICON_CACHE, key)
    if png is None or not png.startswith(PNG_SIGNATURE):
        png = _rasterise_icon(svg)
        diskcache.store(ICON_CACHE, key, png)
    target = _icon_folder() / f"{key}.png"
    if read_regular(target) != png:
        write_atomic(target, png)
    return target


ICON_CACHE = "icons"
PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def _icon_folder() -> Path:
    """Our own folder beside the disk cache, else one of this process's in the temp folder."""
    from printkit.build.diskcache import cache_folder, private_folder

    folder = cache_folder("icon-files")
    return folder if private_folder(folder) else _process_folder()


@cache
def _process_folder() -> Path:
    return Path(tempfile.mkdtemp(prefix="printkit-icons-"))


def _rasterise_icon(svg: Path) -> bytes:
    import pypdfium2 as pdfium
    from reportlab.graphics import renderPDF

    drawing = svg_drawing(svg)
    document = pdfium.PdfDocument(renderPDF.drawToString(drawing))
    try:
        image = document[0].render(scale=ICON_DPI / 72, fill_color=(0, 0, 0, 0)).to_pil()
    finally:
        document.close()
    out = io.BytesIO()
    image.save(out, format="PNG")
    return out.getvalue()


def fit_paragraph(
    layout: Layout, zone: Zone, text: str, width: float, height: float, what: str
) -> Paragraph:
    """The zone's text on the shared rich box: the largest size from the style's down to
    its minimum at which it fits. Layout-drawn cards print English, set by its rules."""
    text = typeset_text(text, "en")
    style = layout.style(zone.style)
    rich = RichStyle(
        font=font_name(layout, style.font),
        size=style.size,
        min_size=style.min_size,
        leading=style.leading,
        colour=HexColor(layout.colour(style.colour) or "#222222"),
        align=style.align,
    )
    hint = (
        f"shorten the text, lower the style's min_size or enlarge the zone's box "
        f"(layout.yaml line {zone.line}, {width / MM:.0f} x {height / MM:.0f} mm)"
    )
    icon = lambda name, size: _inline_icon(layout, name, size * ICON_SCALE)  # noqa: E731
    return fit_rich(text, width, height, rich, what, icon, hint)


# -- drawing -----------------------------------------------------------------
def zone_box(trim: Box, zone: Zone, design: tuple[float, float] | None = None) -> Box:
    """The zone on this card: millimetres from its top-left corner, stretched from the
    layout's ``designed_for`` size to the card's own when it gives one."""
    sx, sy = (trim.width / (design[0] * MM), trim.height / (design[1] * MM)) if design else (1, 1)
    x, y, w, h = zone.box
    return Box(trim.x + x * sx * MM, trim.top - (y + h) * sy * MM, w * sx * MM, h * sy * MM)


def draw_face(
    c: Canvas,
    trim: Box,
    layout: Layout,
    face: Face,
    values: Mapping[str, object],
    theme: Theme,
    what: str,
) -> None:
    """Flood the background into the bleed, then draw each zone whose fields the card gives."""
    background = colour_of(layout, face.background, values)
    if background is not None:
        c.setFillColor(theme.flood(background))
        bleed = trim.outset(BLEED)
        c.rect(bleed.x, bleed.y, bleed.width, bleed.height, stroke=0, fill=1)
    for zone in face.zones:
        if all(values.get(name) not in (None, "") for name in zone.fields):
            DRAW[zone.kind](c, zone_box(trim, zone, layout.design), layout, zone, values, what)


def _draw_text(c: Canvas, box: Box, layout: Layout, zone: Zone, values, what: str) -> None:
    para = fit_paragraph(layout, zone, fill(zone.content, values), box.width, box.height, what)
    draw_paragraph(c, para, box, zone.valign)


def _draw_image(c: Canvas, box: Box, layout: Layout, zone: Zone, values, what: str) -> None:
    draw_picture(c, box, layout.folder / fill(zone.content, values))


def _draw_icon(c: Canvas, box: Box, layout: Layout, zone: Zone, values, what: str) -> None:
    name = fill(zone.content, values)
    path = layout.icon_file(name)
    if path is None:
        raise RenderError(f"{what}: no icon {name!r} in {layout.folder / 'icons'}")
    draw_picture(c, box, path)


Icon = str | Path  # a shared symbol's name, or a picture file drawn in its place


def draw_icon(c: Canvas, icon: Icon, x: float, y: float, r: float, fill: Color = white) -> None:
    """The picture file ``icon`` fitted in the circle of radius ``r`` round (x, y), else the
    shared symbol of that name: a renderer passes the pack's art when it has some."""
    if isinstance(icon, Path):
        draw_picture(c, Box(x - r, y - r, 2 * r, 2 * r), icon)
    else:
        draw_symbol(c, icon, x, y, r, fill=fill)


def icon_mark(icon: Icon) -> str | Mark:
    """What `symbol_text` and table cells take: a symbol's name as it is, a picture file as
    a mark that draws it."""
    if isinstance(icon, Path):
        return lambda c, x, y, r: draw_picture(c, Box(x - r, y - r, 2 * r, 2 * r), icon)
    return icon


def draw_faint_picture(
    c: Canvas, box: Box, path: Path, veil: float = 0.6, cover: bool = False, ground: Color = white
) -> None:
    """A picture seen through a veil of ``ground`` colour (``veil`` its opacity): art that sets
    the scene behind spaces and tokens without competing with them.

    An SVG's own colours are mixed toward the ground, so what lies under the box keeps its
    colour and the page needs no transparency (a graphics state would stop the rulebook
    keeping its pages); a raster gets a translucent veil."""
    if path.suffix.lower() == ".svg":
        digest = hashlib.sha256(path.read_bytes()).hexdigest()
        _draw_drawing(c, box, _faded_of(path, digest, veil, ground), cover)
        return
    draw_picture(c, box, path, cover)
    c.saveState()
    c.setFillColor(ground)
    c.setFillAlpha(veil)
    c.rect(box.x, box.y, box.width, box.height, stroke=0, fill=1)
    c.restoreState()


def draw_veiled(c: Canvas, draw, box: Box, veil: float, ground: Color = white) -> None:
    """``draw`` seen through a veil of ``ground`` colour (``veil`` its opacity), painted
    opaque: every colour it sets is mixed toward the ground, so it looks as a translucent
    wash over it would, while the page needs no transparency (home printers flatten that
    badly, and the rulebook could not keep its pages)."""
    if not veil:
        draw(c, box)
        return
    before = c._enforceColorSpace

    def veiled(colour):
        colour = before(colour) if before else colour
        if isinstance(colour, str):
            colour = toColor(colour)
        elif isinstance(colour, (tuple, list)) and len(colour) == 3:
            colour = Color(*colour)
        return _mixed(colour, veil, ground) if isinstance(colour, Color) else colour

    c._enforceColorSpace = veiled
    try:
        draw(c, box)
    finally:
        c._enforceColorSpace = before


@cache
def _faded_of(path: Path, data_digest: str, veil: float, ground: Color):
    drawing = copy.deepcopy(_svg_of(path, data_digest))
    _fade(drawing, veil, ground)
    return drawing


def _fade(node, veil: float, ground: Color) -> None:
    for name in ("fillColor", "strokeColor"):
        colour = getattr(node, name, None)
        if isinstance(colour, Color):
            setattr(node, name, _mixed(colour, veil, ground))
    for child in getattr(node, "contents", ()):
        _fade(child, veil, ground)


def _mixed(colour: Color, veil: float, ground: Color) -> Color:
    mine, theirs = colour.rgb(), ground.rgb()
    mixed = [a * (1 - veil) + b * veil for a, b in zip(mine, theirs)]
    return Color(*mixed, alpha=colour.alpha)


def draw_picture(c: Canvas, box: Box, path: Path, cover: bool = False) -> None:
    """A PNG or JPEG scaled into the box, or an SVG drawn as vectors; centred, aspect kept.

    ``cover`` makes an SVG fill the whole box (a background run into the bleed),
    clipping what overhangs, instead of fitting inside it.
    """
    if path.suffix.lower() == ".svg":
        _draw_svg_file(c, box, path, cover)
        return
    c.drawImage(
        str(path),
        box.x,
        box.y,
        box.width,
        box.height,
        preserveAspectRatio=True,
        anchor="c",
        mask="auto",
    )


def _draw_drawing(c: Canvas, box: Box, drawing, cover: bool) -> None:
    _placed(c, box, (drawing.width, drawing.height), cover, lambda: _draw_svg(c, drawing))


def _draw_svg_file(c: Canvas, box: Box, path: Path, cover: bool) -> None:
    """An SVG file drawn: on a plain canvas from the operators kept for its path and bytes
    (in memory, or on disk from an earlier process) without reading its drawing, which a
    fresh process would unpickle, about 6 ms a file; else from its drawing."""
    data_digest = hashlib.sha256(path.read_bytes()).hexdigest()
    kept = None
    if getattr(c, "_enforceColorSpace", None) is None:
        kept = _file_replay(_svg_key(path, data_digest))
    if kept is None:
        _draw_drawing(c, box, _svg_of(path, data_digest), cover)
        return
    register_fonts()  # as reading the drawing would: reportlab set up as for any file
    ops, version, size = kept
    _placed(c, box, size, cover, lambda: _replayed(c, (ops, version)))


def _placed(c: Canvas, box: Box, size: tuple[float, float], cover: bool, draw) -> None:
    """``draw()`` (a picture of ``size`` at the origin) scaled and centred in the box."""
    width, height = size
    pick = max if cover else min
    scale = pick(box.width / width, box.height / height)
    c.saveState()
    if cover:
        clip = c.beginPath()
        clip.rect(box.x, box.y, box.width, box.height)
        c.clipPath(clip, stroke=0, fill=0)
    c.translate(box.x + (box.width - width * scale) / 2, box.y + (box.height - height * scale) / 2)
    c.scale(scale, scale)
    draw()
    c.restoreState()


Replay = tuple[tuple[str, ...], tuple[int, ...]]  # a drawing's operators, the PDF version
_SVG_OPS: dict[int, tuple[object, object, Replay | None]] = {}
_BOUND = re.compile(r"(?:^|\s)(?:gs|sh|Do|Tf|BI)(?:\s|$)")  # names one document's resources
SVG_OPS_KIND = "svg-ops"
_OPS_KEYS: dict[int, tuple[object, str]] = {}  # id(drawing) -> (drawing, its operators' key)
_LOWEST_VERSION = (1, 0)


def _draw_svg(c: Canvas, drawing) -> None:
    """An SVG drawing's operators, worked out by svglib's renderer once per drawing.

    Drawn at the origin of the current transform, a drawing without text, images,
    shadings, graphics states or spot colours gives the same operators on any canvas,
    so they are kept (with the drawing, read once per file content) and appended again,
    with the PDF version the renderer asked of the document (1.4 where it set an
    opacity): card art and backs recur on every sheet, fold file and rulebook picture.
    Anything else is drawn afresh each time. A file's operators on a plain canvas are
    kept on disk too (`_stored`): a fresh process would otherwise run the renderer once
    for every picture it draws, about 4 ms each."""
    from reportlab.graphics import renderPDF

    space = getattr(c, "_enforceColorSpace", None)
    found = _SVG_OPS.get(id(drawing))
    if found is None or found[0] is not drawing or found[1] != space:
        found = _stored(drawing, space)
    if found is not None:
        if found[2] is not None:
            _replayed(c, found[2])
            return
        renderPDF.draw(drawing, c, 0, 0)
        return
    replay = _rendered(c, drawing)
    if len(_SVG_OPS) > 512:
        _SVG_OPS.clear()
    _SVG_OPS[id(drawing)] = (drawing, space, replay)
    key = _ops_key(drawing, space)
    if replay is not None and key is not None:
        from printkit.build import diskcache

        stored = (*replay, (drawing.width, drawing.height))
        _keep_file_replay(key, stored)
        diskcache.store_value(SVG_OPS_KIND, key, stored)


def _replayed(c: Canvas, replay: Replay) -> None:
    ops, version = replay
    c._code.extend(ops)
    c._doc._pdfVersion = max(c._doc._pdfVersion, version)


def _rendered(c: Canvas, drawing) -> Replay | None:
    """The drawing drawn by svglib's renderer; its operators and the PDF version it asked
    for, if they may be appended to any canvas (else None)."""
    from reportlab.graphics import renderPDF

    start, colours, shading = len(c._code), dict(c._colorsUsed), dict(c._shadingUsed)
    doc = c._doc
    before, doc._pdfVersion = doc._pdfVersion, _LOWEST_VERSION  # what the drawing asks for
    try:
        renderPDF.draw(drawing, c, 0, 0)
    finally:
        version, doc._pdfVersion = doc._pdfVersion, max(before, doc._pdfVersion)
    ops = tuple(c._code[start:])
    same = c._colorsUsed == colours and c._shadingUsed == shading
    return (ops, version) if same and not any(_BOUND.search(op) for op in ops) else None


def _ops_key(drawing, space: object) -> str | None:
    """The disk key of a drawing's operators: a file's drawing as `svg_drawing` read it
    (its path and bytes, this printkit), on a canvas that leaves colours as they are."""
    held = _OPS_KEYS.get(id(drawing))
    if space is not None or held is None or held[0] is not drawing:
        return None
    return held[1]


def _stored(drawing, space: object) -> tuple[object, object, Replay] | None:
    """The operators an earlier process kept for this drawing, now kept in memory too; a
    missing or damaged entry is None: drawn afresh."""
    key = _ops_key(drawing, space)
    stored = _file_replay(key) if key is not None else None
    if stored is None:
        return None
    found = _SVG_OPS[id(drawing)] = (drawing, space, stored[:2])
    return found


FileReplay = tuple[tuple[str, ...], tuple[int, ...], tuple[float, float]]  # and the size
KEPT_FILES = 512  # files' operators and sizes kept in memory


@cache
def _file_ops():
    """A file's key (`_svg_key`) -> its operators, as on disk: a `watch` round reads none
    again (a child's come back with its files)."""
    from printkit.build import diskcache
    from printkit.build.aside import Kept

    return Kept(SVG_OPS_KIND, KEPT_FILES, diskcache.cache_root)


def _file_replay(key: str) -> FileReplay | None:
    """A file's operators on a plain canvas, its PDF version and size, kept in memory or on
    disk (by `_draw_svg`); None within ``fresh()`` or for a missing or damaged entry."""
    from printkit.build import diskcache

    if not diskcache.reading():
        return None
    found = _file_ops().get(key)
    if found is None:
        found = diskcache.load_value(SVG_OPS_KIND, key)
        if not _is_file_replay(found):
            return None
        _keep_file_replay(key, found)  # type: ignore[arg-type]
    return found


def _keep_file_replay(key: str, stored: FileReplay) -> None:
    _file_ops().put(key, stored)


def _is_file_replay(value: object) -> bool:
    if not (isinstance(value, tuple) and len(value) == 3):
        return False
    ops, version, size = value
    return (
        isinstance(ops, tuple)
        and all(isinstance(op, str) for op in ops)
        and isinstance(version, tuple)
        and all(isinstance(n, int) for n in version)
        and _is_size(size)
    )


def read_svg(path: Path):
    """An SVG file as a reportlab Drawing, its default font an embedded one (reportlab's own
    default, Helvetica, would be named in the PDF without being embedded)."""
    from svglib.svglib import svg2rlg

    register_fonts()
    drawing = svg2rlg(str(path))
    if drawing is None or not drawing.width or not drawing.height:
        raise RenderError(f"{path}: cannot read this SVG", "save it as plain SVG with a size")
    drawing.initialFontName = BODY
    return drawing


@cache
def _svg_of(path: Path, data_digest: str):
    """The file's drawing, kept on disk by its path and bytes: svglib reads a card's art in
    about 7 ms, a fresh process unpickles it in a tenth of that."""
    from printkit.build import diskcache

    key = _svg_key(path, data_digest)
    found = diskcache.load_value(SVG_KIND, key) if diskcache.reading() else None
    if _is_drawing(found):
        register_fonts()  # as read_svg does: the drawing names an embedded font
        drawing = found
    else:
        drawing = read_svg(path)
        diskcache.store_value(SVG_KIND, key, drawing)
    _OPS_KEYS[id(drawing)] = (drawing, key)
    return drawing


SVG_KIND = "svg"


def _svg_key(path: Path, data_digest: str) -> str:
    """A file's drawing and its operators are kept under its path, bytes and printkit."""
    from printkit.build.fingerprint import code_digest, digest

    return digest(code_digest(), "svg", str(path), data_digest)


def _is_drawing(value: object) -> bool:
    from reportlab.graphics.shapes import Drawing

    return isinstance(value, Drawing) and bool(value.width) and bool(value.height)


SVG_SIZE_KIND = "svg-size"


def svg_size(path: Path) -> tuple[float, float]:
    """The file's drawing's width and height, kept on disk by its path and bytes beside the
    drawing: the HTML page sizes a picture without unpickling its drawing (or importing
    svglib), which a big cover makes slow."""
    from printkit.build import diskcache

    key = _svg_key(path, hashlib.sha256(path.read_bytes()).hexdigest())
    found = _sizes().get(key) if diskcache.reading() else None
    if found is None:
        found = diskcache.load_value(SVG_SIZE_KIND, key) if diskcache.reading() else None
        if not _is_size(found):
            drawing = svg_drawing(path)
            found = (drawing.width, drawing.height)
            diskcache.store_value(SVG_SIZE_KIND, key, found)
        _sizes().put(key, found)  # type: ignore[arg-type]
    return found  # type: ignore[return-value]


@cache
def _sizes():
    """A file's key -> its drawing's size, as on disk (a child's come back)."""
    from printkit.build import diskcache
    from printkit.build.aside import Kept

    return Kept(SVG_SIZE_KIND, KEPT_FILES, diskcache.cache_root)


def _is_size(value: object) -> bool:
    return (
        isinstance(value, tuple)
        and len(value) == 2
        and all(isinstance(n, (int, float)) and n > 0 for n in value)
    )


def svg_drawing(path: Path):
    """`read_svg` once per file and content: a file swapped while running is read again."""
    return _svg_of(path, hashlib.sha256(path.read_bytes()).hexdigest())


def _draw_shape(c: Canvas, box: Box, layout: Layout, zone: Zone, values, what: str) -> None:
    fill_colour = colour_of(layout, zone.fill, values)
    stroke = colour_of(layout, zone.stroke, values)
    c.saveState()
    c.setLineWidth(zone.stroke_width)
    if fill_colour is not None:
        c.setFillColor(fill_colour)
    if stroke is not None:
        c.setStrokeColor(stroke)
    paint = {"stroke": int(stroke is not None), "fill": int(fill_colour is not None)}
    if zone.content == "rect":
        c.rect(box.x, box.y, box.width, box.height, **paint)
    elif zone.content == "rounded":
        c.roundRect(box.x, box.y, box.width, box.height, zone.radius * MM, **paint)
    elif zone.content == "circle":
        c.ellipse(box.x, box.y, box.right, box.top, **paint)
    else:  # a line from the box's top-left to its bottom-right corner
        c.setStrokeColor(stroke or fill_colour or HexColor("#222222"))
        c.line(box.x, box.top, box.right, box.y)
    c.restoreState()


DRAW = {"text": _draw_text, "image": _draw_image, "icon": _draw_icon, "shape": _draw_shape}
