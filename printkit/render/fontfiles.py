"""A pack's font file as reportlab can embed it: TrueType outlines, whatever the file holds.

reportlab embeds TrueType (quadratic ``glyf``) outlines only, but many fonts a
designer buys or downloads are OpenType with PostScript (CFF) outlines. Rather
than refuse them, their cubic outlines are converted to quadratic ones with
fontTools (within a hundredth of an em, far under what a printer shows), so any
``.otf`` or ``.ttf`` in a pack prints.
"""

from __future__ import annotations

import io
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from fontTools.ttLib import TTFont

MAX_ERROR = 1.0  # font units (of usually 1,000 an em) a converted curve may stray
CFF_TABLES = ("CFF ", "VORG")


def truetype_bytes(data: bytes) -> bytes:
    """A font file's bytes if it has TrueType outlines, else the same font converted to them
    (fontTools imported only then: most packs have no font of their own, and the import
    took 0.05-0.1 s of every fresh build before its child started)."""
    if data[:4] != b"OTTO":  # the tag a CFF-outline OpenType file starts with
        return data
    from fontTools.ttLib import TTFont, TTLibError

    try:
        font = TTFont(io.BytesIO(data))
        _to_quadratic(font)
        out = io.BytesIO()
        font.save(out, reorderTables=True)
    except (TTLibError, KeyError, AssertionError, ValueError) as exc:
        raise ValueError(f"its PostScript outlines cannot be converted ({exc})") from None
    return out.getvalue()


def _to_quadratic(font: TTFont) -> None:
    from fontTools.pens.cu2quPen import Cu2QuPen
    from fontTools.pens.ttGlyphPen import TTGlyphPen
    from fontTools.ttLib import newTable

    order = font.getGlyphOrder()
    glyphs = font.getGlyphSet()
    glyf = newTable("glyf")
    glyf.glyphOrder = order
    glyf.glyphs = {}
    for name in order:
        pen = TTGlyphPen(glyphs)
        glyphs[name].draw(Cu2QuPen(pen, MAX_ERROR, reverse_direction=True))
        glyf.glyphs[name] = pen.glyph()
    for tag in CFF_TABLES:
        if tag in font:
            del font[tag]
    font["glyf"] = glyf
    font["loca"] = newTable("loca")
    font["head"].glyphDataFormat = 0
    font["head"].indexToLocFormat = 0
    _maxp_for_truetype(font["maxp"])
    post = font["post"]
    post.formatType = 2.0
    post.extraNames = []
    post.mapping = {}
    font.sfntVersion = "\x00\x01\x00\x00"


def _maxp_for_truetype(maxp) -> None:
    """A TrueType ``maxp`` is version 1.0; saving recounts points and contours."""
    maxp.tableVersion = 0x00010000
    for field in (
        "maxPoints",
        "maxContours",
        "maxCompositePoints",
        "maxCompositeContours",
        "maxTwilightPoints",
        "maxStorage",
        "maxFunctionDefs",
        "maxInstructionDefs",
        "maxStackElements",
        "maxSizeOfInstructions",
        "maxComponentElements",
        "maxComponentDepth",
    ):
        setattr(maxp, field, 0)
    maxp.maxZones = 1
