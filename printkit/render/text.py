"""Text in a box, fitted or failed: the one way every component prints words.

Two kinds of box. A plain box (`text_box`) wraps one font greedily and draws
lines; a rich box (`rich_box`) is reportlab's ``Paragraph`` with a small
Markdown subset: **bold**, *italic*, colour, :icon: on the baseline. Both
shrink from the asked size to a legible minimum, hyphenate in the language
they are given (pyphen: Latin and Cyrillic), and raise `RenderError` naming
the piece when the words still do not fit: a kit never prints clipped text.
"""

from __future__ import annotations

import html
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Any

from reportlab.lib.colors import Color, white
from reportlab.lib.enums import TA_CENTER, TA_JUSTIFY, TA_LEFT, TA_RIGHT
from reportlab.lib.styles import ParagraphStyle
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import Paragraph
from reportlab.platypus.paragraph import cleanBlockQuotedText

from printkit.content.layout import INLINE_ICON
from printkit.content.typography import NBSP, TAG, may_loosen, typeset_markup, typeset_text
from printkit.errors import RenderError
from printkit.render.fonts import (
    BODY,
    BOLD,
    CONDENSED,
    MIN_CARD_TEXT,
    FittedText,
    draw_fitted,
    fit,
    hyphen_language,
    register_fonts,
)
from printkit.render.symbols import draw_symbol
from printkit.render.theme import INK
from printkit.render.units import MM, Box

ALIGNMENT = {"left": TA_LEFT, "center": TA_CENTER, "right": TA_RIGHT, "justify": TA_JUSTIFY}
CAP_HEIGHT = 0.72  # of the size: where a line's capitals reach, for centring on the eye
DESCENT = 0.24  # of the size: room kept under the last baseline
FIRST_LINE_MIDDLE = 0.55  # of the size: from a Paragraph's top to its first line's capitals' middle


# -- plain text ------------------------------------------------------------------
def text_box(
    c: Canvas,
    text: str,
    box: Box,
    font: str = BODY,
    size: float = 9.0,
    align: str = "left",
    valign: str = "center",
    colour: Color = INK,
    what: str = "text",
    min_size: float = MIN_CARD_TEXT,
    lang: str = "",
    language: str = "en",
) -> FittedText:
    """Fit ``text`` into ``box`` (wrapping, shrinking to ``min_size`` at worst) and draw it;
    returns the fitted lines, to measure what comes next. ``lang`` hyphenates; ``language``
    names the typographic rules ("" for text already set).

    ``valign`` places the lines: "top", "center" and "bottom" on their capitals' height,
    so one line centres by eye; "flow" from the box's top edge down, as a face laid out
    top to bottom sets paragraph after paragraph.
    """
    fitted = fit(
        text, font, box.width, box.height, size, min_size, what=what, lang=lang, language=language
    )
    cap = CAP_HEIGHT * fitted.size
    span = cap + (len(fitted.lines) - 1) * fitted.leading
    if valign == "flow":
        first = box.top - fitted.size
    elif valign == "top":
        first = box.top - cap - (fitted.leading - fitted.size) / 2
    elif valign == "bottom":
        first = box.y + DESCENT * fitted.size + (len(fitted.lines) - 1) * fitted.leading
    else:
        first = box.cy + span / 2 - cap
    c.setFillColor(colour)
    draw_fitted(c, fitted, box.x, first + fitted.size, align, box.width)
    return fitted


def text_line(
    c: Canvas, text: str, x: float, baseline: float, room: float, **style: Any
) -> FittedText:
    """One line on ``baseline``, ``room`` wide, shrunk (never below the minimum) to fit: for
    forms and tables set on a baseline grid. ``style`` is `text_box`'s font, size, align…"""
    size = style.get("size", 9.0)
    box = Box(x, baseline - DESCENT * size, room, size * 1.25)
    return text_box(c, text, box, valign="bottom", **style)


def card_title(
    c: Canvas,
    text: str,
    band: Box,
    size: float = 12.0,
    what: str = "title",
    min_size: float = 8,
    language: str = "en",
) -> None:
    """A card's title, bold and centred in its band (inset 2 x 1 mm), down to 8 pt at worst."""
    inner = band.inset(2 * MM, 1 * MM)
    text_box(c, text, inner, BOLD, size, "center", what=what, min_size=min_size, language=language)


Mark = Callable[[Canvas, float, float, float], None]  # (canvas, x, y, radius): draws a mark


def symbol_text(
    c: Canvas,
    symbol: str | Mark,
    text: str,
    box: Box,
    font: str = BODY,
    size: float = 9.0,
    fill: Color = white,
    what: str = "text",
    radius: float = 2.3 * MM,
    min_size: float = MIN_CARD_TEXT,
) -> None:
    """A symbol (or a mark drawn in its place, such as a picture) first, then its name: the
    symbol is the cue that survives black-and-white."""
    r = min(box.height / 2 - 0.4 * MM, radius)
    if callable(symbol):
        symbol(c, box.x + r + 0.3 * MM, box.cy, r)
    else:
        draw_symbol(c, symbol, box.x + r + 0.3 * MM, box.cy, r, fill=fill)
    rest = Box(box.x + 2 * r + 1.8 * MM, box.y, box.width - 2 * r - 1.8 * MM, box.height)
    text_box(c, text, rest, font, size, what=what, min_size=min_size)


# -- paragraphs ----------------------------------------------------------------------
LOOSE_LINE = 0.15  # of the measure: a line left this short may break a short word's glue
LOOSE_MEASURE = 25  # ems: narrower columns (cards, table cells) are ragged by nature
LOOSENED = (TA_LEFT, TA_JUSTIFY)  # centred and right-set lines are short by design


class TypesetParagraph(Paragraph):
    """A Paragraph whose short words' glue gives way where keeping it leaves a line far short.

    Typography glues ``в``, ``и``, ``или``… to the next word; a typesetter keeps that
    glue only while it costs little. Where moving the pair down leaves a line more than
    `LOOSE_LINE` of its measure short and the short word would still fit on it, the
    glue becomes a plain space and the paragraph breaks again. Numbers keep their
    units, dashes and particles their words (`may_loosen`); a column narrower than
    `LOOSE_MEASURE` keeps every glue, since a short line there is ordinary rag.
    """

    def __init__(self, text, style=None, bulletText=None, frags=None, *args, **kwargs) -> None:
        super().__init__(text, style, bulletText, frags, *args, **kwargs)
        self._pk_source = text if frags is None and text and NBSP in text else None
        self._pk_set = self._pk_source
        self._pk_setup = (style, bulletText)

    def wrap(self, availWidth: float, availHeight: float) -> tuple[float, float]:
        source = self._pk_source
        if source is None or self.style.alignment not in LOOSENED:
            return super().wrap(availWidth, availHeight)
        if self._pk_set != source:  # loosened for another width: start again from the text
            self._set_text(source)
        size = super().wrap(availWidth, availHeight)
        while (glue := loose_glue(self)) is not None:
            self._set_text(_spaced(self._pk_set, glue))
            size = super().wrap(availWidth, availHeight)
        return size

    def _set_text(self, text: str) -> None:
        style, bullet = self._pk_setup
        self._setup(text, style, bullet, None, cleanBlockQuotedText)
        self._pk_set = text


def loose_glue(para: Paragraph) -> int | None:
    """Which no-break space of a wrapped paragraph (counted from its start) to make a
    plain one: the first that starts a line after one left far short, if its short word
    fits there. None when no line asks for it."""
    lines = [_line(para, line) for line in para.blPara.lines]
    before = 0
    for (text, room, measure, ends, _), (after, _, _, _, font) in zip(lines, lines[1:]):
        before += text.count(NBSP)
        head, glued, tail = after.lstrip().partition(" ")[0].partition(NBSP)
        wide = measure >= LOOSE_MEASURE * font[1]
        if ends or not glued or not wide or room <= LOOSE_LINE * measure:
            continue
        if may_loosen(head, tail) and stringWidth(" " + head, *font) <= room:
            return before
    return None


def _line(para: Paragraph, line) -> tuple[str, float, float, bool, tuple[str, float]]:
    """A broken line's text, spare width, measure, whether a forced break ends it, and the
    font of its first word."""
    if para.blPara.kind == 0:
        room, words = line
        measure = para._wrapWidths[0 if line is para.blPara.lines[0] else -1]
        return " ".join(words), room, measure, False, (para.blPara.fontName, para.blPara.fontSize)
    words = line.words
    first = words[0] if words else para.style
    font = (
        getattr(first, "fontName", para.style.fontName),
        getattr(first, "fontSize", para.style.fontSize),
    )
    text = "".join(getattr(word, "text", "") for word in words)
    return text, line.extraSpace, line.maxWidth, line.lineBreak, font


def _spaced(markup: str, glue: int) -> str:
    """``markup`` with the ``glue``-th no-break space of its text (from 0) made a plain one."""
    parts = TAG.split(markup)
    for k, part in enumerate(parts):
        if part.startswith("<"):
            continue
        if glue < part.count(NBSP):
            pieces = part.split(NBSP)
            parts[k] = NBSP.join(pieces[: glue + 1]) + " " + NBSP.join(pieces[glue + 1 :])
            break
        glue -= part.count(NBSP)
    return "".join(parts)


# -- rich text ---------------------------------------------------------------------
BOLD_RE = re.compile(r"\*\*(.+?)\*\*")
ITALIC_RE = re.compile(r"(?<![*\w])\*(?!\s)(.+?)(?<!\s)\*(?!\*)")
Icon = Callable[[str, float], str]  # (icon name, size) -> an <img/> tag on the baseline


def rich_markup(text: str, icon: Callable[[str], str] | None = None) -> str:
    """Paragraph markup of a small Markdown subset: **bold**, *italic*, :icon:, line breaks."""
    markup = html.escape(text, quote=False)
    markup = BOLD_RE.sub(r"<b>\1</b>", markup)
    markup = ITALIC_RE.sub(r"<i>\1</i>", markup)
    if icon is not None:
        markup = INLINE_ICON.sub(lambda m: icon(m.group(1)), markup)
    return markup.replace("\n", "<br/>")


@dataclass(frozen=True)
class RichStyle:
    """How a rich box sets its words; ``lang`` turns hyphenation on."""

    font: str = BODY
    size: float = 9.0
    min_size: float = MIN_CARD_TEXT
    leading: float = 1.2  # of the size
    colour: Color = INK
    align: str = "left"
    lang: str = ""
    step: float = 0.5  # points to shrink by between tries

    def at(self, size: float) -> ParagraphStyle:
        register_fonts()
        return ParagraphStyle(
            f"rich-{self.font}-{size:g}",
            fontName=self.font,
            fontSize=size,
            leading=size * self.leading,
            textColor=self.colour,
            alignment=ALIGNMENT[self.align],
            hyphenationLang=hyphen_language(self.lang),
            spaceShrinkage=0,  # reportlab's default lets a ragged line run 5% of a space long
        )


def fit_rich(
    text: str,
    width: float,
    height: float,
    style: RichStyle,
    what: str,
    icon: Icon | None = None,
    hint: str = "",
) -> Paragraph:
    """The largest size from the style's down to its minimum at which the text fits the box."""
    size = style.size
    while size >= style.min_size - 1e-6:
        para = rich_paragraph(text, style, size, icon)
        _, used = para.wrap(width, height)
        if used <= height + 0.01 and _widest(para) <= width + 0.01:
            return para
        size -= style.step
    raise RenderError(
        f"{what}: text does not fit its box at the minimum size of {style.min_size:g} pt: {text!r}",
        hint or f"shorten the text (the box is {width / MM:.0f} x {height / MM:.0f} mm)",
    )


def rich_paragraph(text: str, style: RichStyle, size: float, icon: Icon | None = None):
    """``text`` as one Paragraph at ``size``, inline icons as tall as the text, set by its
    language's typography (English when the style names none: text already set stays so)."""
    draw_icon = None if icon is None else (lambda name: icon(name, size))
    text = typeset_text(text, style.lang or "en")
    return TypesetParagraph(rich_markup(text, draw_icon), style.at(size))


def rich_height(text: str, width: float, style: RichStyle, size: float) -> float:
    """How tall ``text`` sets at ``size`` in a column ``width`` wide."""
    return rich_paragraph(text, style, size).wrap(width, 1e9)[1]


def _widest(para: Paragraph) -> float:
    lines = getattr(para.blPara, "lines", [])
    widths = [
        para.width - (line[0] if isinstance(line, tuple) else line.extraSpace) for line in lines
    ]
    return max(widths, default=0.0)


def draw_paragraph(c: Canvas, para: Paragraph, box: Box, valign: str = "top") -> None:
    """A wrapped Paragraph placed in ``box``: at its top, middle or bottom."""
    _, height = para.wrap(box.width, box.height)
    offset = {"top": 0.0, "middle": (box.height - height) / 2, "bottom": box.height - height}
    para.drawOn(c, box.x, box.top - height - offset[valign])


def rich_box(
    c: Canvas,
    text: str,
    box: Box,
    style: RichStyle,
    what: str,
    valign: str = "top",
    icon: Icon | None = None,
) -> float:
    """Fit rich ``text`` into ``box`` and draw it; returns the size used."""
    para = fit_rich(text, box.width, box.height, style, what, icon)
    draw_paragraph(c, para, box, valign)
    return para.style.fontSize


def lead_in(lead: str, text: str) -> str:
    """A bold lead-in run into its paragraph: ``**Selling order:** every stand…``."""
    return f"**{lead}** {text}"


def draw_stack(
    c: Canvas, markups: Sequence[str], box: Box, style: RichStyle, what: str, gap: float = 0.35
) -> None:
    """Paragraphs of ready markup (``<b>`` allowed) from the top of ``box`` down, all at the
    largest common size that fits, ``gap`` (of the size) between them."""
    size = style.size
    while size >= style.min_size - 1e-6:
        built = [
            TypesetParagraph(typeset_markup(m, style.lang or "en"), style.at(size)) for m in markups
        ]
        heights = [p.wrap(box.width, box.height)[1] for p in built]
        if sum(heights) + gap * size * (len(built) - 1) <= box.height:
            y = box.top
            for para, height in zip(built, heights):
                para.drawOn(c, box.x, y - height)
                y -= height + gap * size
            return
        size -= style.step
    raise RenderError(
        f"{what}: text does not fit at the minimum size of {style.min_size:g} pt",
        f"shorten the text (the box is {box.width / MM:.0f} x {box.height / MM:.0f} mm)",
    )


# -- lists and labels ----------------------------------------------------------------------
@dataclass(frozen=True)
class Marks:
    """How a list marks its items: a disc (with the item's number in it, or a small dot
    when ``number_size`` is 0) ``diameter`` wide, the text ``indent`` in from the edge."""

    diameter: float
    indent: float
    number_size: float = 0.0
    gap: float = 1 * MM  # between items, at least
    spread: bool = False  # share out the box's spare height between the items


def marked_list(
    c: Canvas, box: Box, items: Sequence[str], style: RichStyle, marks: Marks, what: str
) -> float:
    """Rich paragraphs down ``box``, each with its disc, all at the largest common size that
    fits; returns that size. Fails naming the piece when even the minimum does not fit."""
    size, heights = _list_heights(items, box, style, marks, what)
    gap = marks.gap
    if marks.spread and len(items) > 1:
        gap = (box.height - sum(heights)) / (len(items) - 1)
    top = box.top
    for number, (item, height) in enumerate(zip(items, heights), start=1):
        _mark(c, box.x, top, size, marks, number)
        width = box.width - marks.indent
        room = Box(box.x + marks.indent, top - height - 0.01, width, height + 0.01)
        rich_box(c, item, room, replace(style, size=size, min_size=size), what=what)
        top -= height + gap
    return size


def _list_heights(
    items: Sequence[str], box: Box, style: RichStyle, marks: Marks, what: str
) -> tuple[float, list[float]]:
    size = style.size
    least = marks.diameter if marks.spread else 0.0
    while size >= style.min_size - 1e-6:
        width = box.width - marks.indent
        heights = [max(rich_height(item, width, style, size), least) for item in items]
        if sum(heights) + (len(items) - 1) * marks.gap <= box.height + 0.01:
            return size, heights
        size -= style.step
    raise RenderError(
        f"{what}: {len(items)} items do not fit their box at the minimum size of "
        f"{style.min_size:g} pt",
        f"shorten them (the box is {box.width / MM:.0f} x {box.height / MM:.0f} mm)",
    )


def _mark(c: Canvas, x: float, top: float, size: float, marks: Marks, number: int) -> None:
    """A disc level with the item's first line: numbered, or a bullet dot."""
    r = marks.diameter / 2
    cy = top - FIRST_LINE_MIDDLE * size
    c.saveState()
    c.setFillColor(INK)
    c.circle(x + r, cy, r, stroke=0, fill=1)
    c.restoreState()
    if marks.number_size:
        disc = Box(x, cy - r, 2 * r, 2 * r)
        text_box(c, str(number), disc, BOLD, marks.number_size, "center", colour=white,
                 what="list number")  # fmt: skip


def kind_label(c: Canvas, box: Box, text: str, rise: float = 1.2 * MM) -> None:
    """A card's kind in small condensed capitals at the right of its foot: what sorts a
    mixed pile back into decks."""
    c.setFillColor(INK)
    c.setFont(CONDENSED, 6.5)
    c.drawRightString(box.right, box.y + rise, text.upper())
