"""Embedded fonts (DejaVu: Latin and Cyrillic, freely redistributable) and text fitting."""

from __future__ import annotations

import struct
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache, lru_cache

import pyphen
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont

from printkit.content.typography import typeset_text
from printkit.errors import RenderError
from printkit.render.hyphenation import keep_dictionary
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
    """The fonts, read faster (`read_fonts_faster`); reportlab's number formatting and
    paragraph text widths kept (`keep_number_formatting`, `keep_paragraph_widths`)."""
    keep_number_formatting()
    keep_paragraph_widths()
    read_fonts_faster()
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


@cache
def read_fonts_faster() -> None:
    """reportlab's TrueType reader takes its 16- and 32-bit numbers without a slice each.

    Parsing the four DejaVu files reads about 100,000 of them one call at a time, a
    tenth of a short rulebook's whole process; a precompiled ``struct`` reads them
    in place. The same numbers, and the same errors past the end of a file.
    """
    from reportlab.pdfbase.ttfonts import TTFontParser

    ushort, ulong = struct.Struct(">H").unpack_from, struct.Struct(">L").unpack_from

    def read_ushort(self):
        position = self._pos
        self._pos = position + 2
        return ushort(self._ttf_data, position)[0]

    def read_ulong(self):
        position = self._pos
        self._pos = position + 4
        return ulong(self._ttf_data, position)[0]

    TTFontParser.read_ushort = read_ushort
    TTFontParser.read_ulong = read_ulong


WIDTHS_KEPT = 1 << 16  # (text, font, size) of words and lines: a rulebook repeats its words


@cache
def keep_paragraph_widths() -> None:
    """Measure each word once per font and size in reportlab's Paragraph.

    Breaking a paragraph's lines measures every word in pure Python, a tenth of
    a rulebook's layout; books repeat their words. A width is a function of the
    text, font and size (fonts are registered once, under fixed names), so the
    lines and the bytes are the same.
    """
    from reportlab.platypus import paragraph

    original = paragraph.stringWidth
    if getattr(original, "kept", False):
        return
    cached = lru_cache(maxsize=WIDTHS_KEPT)(original)

    def string_width(text, font_name, font_size, encoding="utf8"):
        return cached(text, font_name, font_size, encoding)

    string_width.kept = True
    paragraph.stringWidth = string_width


COLORS = "reportlab.lib.colors"
PLATYPUS = ("reportlab.platypus.flowables", "reportlab.platypus.tables", "reportlab.platypus.para")


@lru_cache(maxsize=65_536)
def width(text: str, font: str, size: float) -> float:
    """Measured once per text, font and size: a deck repeats its texts, and wrapping re-measures."""
    register_fonts()
    return pdfmetrics.stringWidth(text, font, size)


@cache
def hyphenator(lang: str) -> pyphen.Pyphen:
    """pyphen's dictionary for ``lang`` ("en", "ru", "en_GB"...): Latin and Cyrillic alike."""
    found = pyphen.language_fallback(lang.replace("-", "_"))
    if found is None:
        raise RenderError(
            f"no hyphenation dictionary for the language {lang!r}",
            "use a language code such as 'en' or 'ru'",
        )
    keep_dictionary(found)
    return pyphen.Pyphen(lang=found)


def hyphen_language(lang: str) -> str:
    """The dictionary name reportlab's Paragraph hyphenates ``lang`` with ('' for none)."""
    name = pyphen.language_fallback(lang.replace("-", "_")) or "" if lang else ""
    keep_dictionary(name)
    return name


def _pieces(word: str, lang: str) -> Iterator[tuple[str, str]]:
    """Where ``word`` may break, longest head first: ("lemon-", "ade")."""
    if lang and len(word) >= 5:
        for head, tail in hyphenator(lang).iterate(word):
            yield f"{head}-", tail


def wrap(text: str, font: str, size: float, max_width: float, lang: str = "") -> list[str]:
    """Greedy word wrap at plain spaces (a non-breaking space holds its words together),
    hyphenating a word that overruns when ``lang`` is given; a word that still does not
    fit stays whole (and fails the fit)."""
    return list(_wrap(text, font, size, max_width, lang))


@lru_cache(maxsize=8_192)
def _wrap(text: str, font: str, size: float, max_width: float, lang: str) -> tuple[str, ...]:
    """`wrap`, once per text, font, size, width and language (a tuple: it is shared)."""
    lines: list[str] = []
    for paragraph in text.split("\n"):
        line = ""
        words = [w for w in paragraph.split(" ") if w]
        while words:
            word = words.pop(0)
            trial = f"{line} {word}".strip()
            if width(trial, font, size) <= max_width or not (line or lang):
                line = trial
                continue
            head = next(
                (
                    (h, t)
                    for h, t in _pieces(word, lang)
                    if width(f"{line} {h}".strip(), font, size) <= max_width
                ),
                None,
            )
            if head is not None:
                lines.append(f"{line} {head[0]}".strip())
                line = ""
                words.insert(0, head[1])
            elif line:
                lines.append(line)
                line = ""
                words.insert(0, word)
            else:
                line = word
        lines.append(line)
    return tuple(lines)


@dataclass(frozen=True)
class FittedText:
    lines: tuple[str, ...]
    font: str
    size: float
    leading: float

    def bottom(self, top: float) -> float:
        """Where the lines set from ``top`` end, as `draw_fitted` returns it."""
        return top - 2 * self.size - (len(self.lines) - 1) * self.leading


def fit(
    text: str,
    font: str,
    max_width: float,
    max_height: float,
    size: float,
    min_size: float = MIN_CARD_TEXT,
    what: str = "text",
    leading: float = 1.2,
    lang: str = "",
    language: str = "en",
) -> FittedText:
    """The largest size from ``size`` down to ``min_size`` at which the text fits,
    hyphenated in ``lang`` when given (``language`` names the typographic rules the text
    is set by; "" for text already set, such as a bilingual pack's).

    The text is set by ``language``'s typographic rules first. Never clips or
    shrinks past legibility: if it cannot fit, the build fails naming the
    component and the text.
    """
    text = typeset_text(text, language)
    current = size
    while current >= min_size - 1e-6:
        lines = wrap(text, font, current, max_width, lang)
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
