"""A drawing summed up from a scratch canvas: what caches of rendered pictures are keyed on.

A picture drawn alone on a fresh canvas gives operators that depend on the
picture only; hashing them (with the glyph numbering they use) names its
raster exactly, for the rulebook's PNGs, its pages and the 300 dpi exports.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from reportlab.pdfbase import pdfmetrics
from reportlab.pdfgen.canvas import Canvas

from printkit.build.fingerprint import code_digest, digest, library_versions
from printkit.render.fonts import FONT_FILES


@dataclass(frozen=True)
class Drawing:
    """What a scratch canvas saw: a digest of the drawing, its characters, and whether
    its operators mean the same on another page (no graphics states, images or shadings,
    whose names belong to one document)."""

    digest: str
    chars: frozenset[str]
    portable: bool


def bound_to_document(ops: list[str], forms_allowed: bool = False) -> bool:
    """Whether page operators name one document's resources (a graphics state, a shading,
    an XObject unless ``forms_allowed``) or hold an inline image: such a drawing cannot
    be replayed in another document."""
    ends = (" gs", " sh") if forms_allowed else (" gs", " sh", " Do")
    return any(op.endswith(ends) or op.startswith("BI") for op in ops)


def canvas_fingerprint(c: Canvas, *extra: object) -> Drawing:
    """Sum up what was drawn on a scratch canvas.

    Drawn alone, a picture's operators are a function of the picture; a
    TrueType font numbers characters in order of first use, so the numbering
    is part of the digest too.
    """
    glyphs = []
    chars: set[str] = set()
    used = {name for name in c._doc.fontMapping if name.startswith("PK-")}  # a pack's fonts too
    for name in sorted(set(FONT_FILES) | used):
        state = getattr(pdfmetrics.getFont(name), "state", {}).get(c._doc)
        if state is not None:
            glyphs.append((name, sorted(state.assignments.items())))
            chars.update(chr(code) for code in state.assignments if code)
    fonts = sorted(c._doc.fontMapping.items())
    portable = not bound_to_document(c._code)
    return Drawing(digest(*extra, c._code, glyphs, fonts), frozenset(chars), portable)


@cache
def raster_versions() -> tuple[str, ...]:
    """printkit's code and the libraries that turn a drawing into pixels (their versions as
    `code_digest` finds them, without importing importlib.metadata: 0.03 s of a fresh
    process before its child starts)."""
    versions = dict(library_versions())
    return (code_digest(), versions["pypdfium2"], versions["pillow"])
