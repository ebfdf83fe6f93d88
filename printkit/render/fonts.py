"""Embedded fonts (DejaVu: Latin and Cyrillic, freely redistributable) and text fitting."""

from __future__ import annotations

import sys
from dataclasses import dataclass
from functools import cache, lru_cache

from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont

from printkit.errors import RenderError
from printkit.resources import font_folder

FONT_DIR = font_folder()
BODY = "PK-Sans"
BOLD = "PK-Sans-Bold"
ITALIC = "PK-Sans-Oblique"
CONDENSED = "PK-SansCondensed-Bold"
FONT_FILES = {
    BODY: "DejaVuSans.ttf",
    BOLD: "DejaVuSans-Bold.ttf",
    ITALIC: "DejaVuSans-Oblique.ttf",
    CONDENSED: "DejaVuSansCondensed-Bold.ttf",
}
PT_PER_MM = 72 / 25.4  # points per millimetre
MIN_CARD_TEXT = 7.0  # points: below this, card text is not legible in print


NUMBERS_KEPT = 1 << 16  # formatted coordinate tuples: a deck repeats its slots' numbers


@cache
def register_fonts() -> None:
    """The fonts, and reportlab's number formatting kept (see `keep_number_formatting`)."""
    keep_number_formatting()
    for name, file in FONT_FILES.items():
        path = FONT_DIR / file
        if not path.is_file():
            raise RenderError(f"font file {path} is missing; reinstall printkit")
        pdfmetrics.registerFont(TTFont(name, str(path)))
    pdfmetrics.registerFontFamily(BODY, normal=BODY, bold=BOLD, italic=ITALIC, boldItalic=BOLD)


@cache
def keep_number_formatting() -> None:
    """Format each tuple of numbers in a PDF operator once, in every reportlab module.

    Without its C accelerator reportlab writes every coordinate through a
    pure-Python formatter (a logarithm and a loop per number), a third of the
    time a card sheet takes; sheets repeat their slots' coordinates, so one
    answer per tuple serves hundreds of cards. The same function answers, so
    the bytes are the same.
    """
    from reportlab.lib import rl_accel
    from reportlab.pdfbase import pdfdoc, ttfonts
    from reportlab.pdfgen import canvas, pathobject, textobject

    original = rl_accel.fp_str
    if getattr(original, "kept", False):
        return
    cached = lru_cache(maxsize=NUMBERS_KEPT)(lambda numbers: original(*numbers))

    def fp_str(*numbers):
        if len(numbers) == 1 and not isinstance(numbers[0], (int, float)):
            return original(*numbers)  # one sequence: not a key
        return cached(numbers)

    fp_str.kept = True
    rl_accel.fp_str = fp_str  # modules imported from now on take it too
    for module in (canvas, pathobject, textobject, pdfdoc, ttfonts, sys.modules.get(COLORS)):
        if module is not None and getattr(module, "fp_str", None) is original:
            module.fp_str = fp_str
    for name in PLATYPUS:
        module = sys.modules.get(name)
        if module is not None and getattr(module, "fp_str", None) is original:
            module.fp_str = fp_str


COLORS = "reportlab.lib.colors"
PLATYPUS = ("reportlab.platypus.flowables", "reportlab.platypus.tables", "reportlab.platypus.para")


@lru_cache(maxsize=65_536)
def width(text: str, font: str, size: float) -> float:
    """Measured once per text, font and size: a deck repeats its texts, and wrapping re-measures."""
    register_fonts()
    return pdfmetrics.stringWidth(text, font, size)


def wrap(text: str, font: str, size: float, max_width: float) -> list[str]:
    """Greedy word wrap; a word longer than the line stays whole (and fails the fit)."""
    return list(_wrap(text, font, size, max_width))


@lru_cache(maxsize=8_192)
def _wrap(text: str, font: str, size: float, max_width: float) -> tuple[str, ...]:
    """`wrap`, once per text, font, size and width (a tuple: it is shared)."""
    lines: list[str] = []
    for paragraph in text.split("\n"):
        line = ""
        for word in paragraph.split():
            trial = f"{line} {word}".strip()
            if line and width(trial, font, size) > max_width:
                lines.append(line)
                line = word
            else:
                line = trial
        lines.append(line)
    return tuple(lines)


@dataclass(frozen=True)
class FittedText:
    lines: tuple[str, ...]
    font: str
    size: float
    leading: float


def fit(
    text: str,
    font: str,
    max_width: float,
    max_height: float,
    size: float,
    min_size: float = MIN_CARD_TEXT,
    what: str = "text",
    leading: float = 1.2,
) -> FittedText:
    """The largest size from ``size`` down to ``min_size`` at which the text fits.

    Never clips or shrinks past legibility: if it cannot fit, the build fails
    naming the component and the text.
    """
    current = size
    while current >= min_size - 1e-6:
        lines = wrap(text, font, current, max_width)
        tallest = len(lines) * current * leading
        widest = max((width(line, font, current) for line in lines), default=0)
        if tallest <= max_height and widest <= max_width:
            return FittedText(tuple(lines), font, current, current * leading)
        current -= 0.5
    box = f"{max_width / PT_PER_MM:.0f} x {max_height / PT_PER_MM:.0f} mm"
    raise RenderError(
        f"{what}: text does not fit its box at the minimum size of {min_size:g} pt: {text!r}",
        f"shorten the text (the box is {box})",
    )


def draw_fitted(
    canvas, fitted: FittedText, x: float, top: float, align: str = "left", box_width: float = 0
) -> float:
    """Draw fitted lines downward from ``top``; returns the y below the last line."""
    canvas.setFont(fitted.font, fitted.size)
    y = top - fitted.size
    for line in fitted.lines:
        if align == "center":
            canvas.drawCentredString(x + box_width / 2, y, line)
        elif align == "right":
            canvas.drawRightString(x + box_width, y, line)
        else:
            canvas.drawString(x, y, line)
        y -= fitted.leading
    return y + fitted.leading - fitted.size
