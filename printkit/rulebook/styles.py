"""The rulebook's type: one family (the embedded DejaVu), a few sizes, calm colours."""

from __future__ import annotations

from dataclasses import dataclass, field

import pyphen
from reportlab.lib.colors import Color, HexColor
from reportlab.lib.enums import TA_CENTER, TA_LEFT, TA_RIGHT
from reportlab.lib.styles import ParagraphStyle

from printkit.build import aside
from printkit.content.typography import hyphenation_language
from printkit.render.fonts import BODY, BOLD, CONDENSED, ITALIC, register_fonts
from printkit.render.hyphenation import keep_dictionary
from printkit.render.theme import INK
from printkit.render.units import MM

ACCENT = HexColor("#3F7A34")  # headings and rules: a leafy green that prints well in grey
PANEL = HexColor("#FBF3CF")  # aside background: pale lemon
QUOTE = HexColor("#F2F2F2")
RULE = HexColor("#B5B5B5")
HEAD_FILL = HexColor("#F5E7A6")
LINK = "#2F5F8F"
TOC_NUMBERS = 18 * MM  # room kept free for the dots and page numbers of the contents
MAX_MEASURE = 150 * MM  # about 75 characters of body text: a comfortable line
SMALLER = 0.9  # the notes size, against the body text
LARGER = 1.5  # a player aid's size, to read across the table
ALIGNMENTS = {"": TA_LEFT, "left": TA_LEFT, "center": TA_CENTER, "right": TA_RIGHT}


@dataclass(frozen=True)
class Styles:
    body: ParagraphStyle
    h1: ParagraphStyle
    h2: ParagraphStyle
    h3: ParagraphStyle
    h4: ParagraphStyle
    item: ParagraphStyle
    cell: ParagraphStyle
    cell_head: ParagraphStyle
    aside_title: ParagraphStyle
    code: ParagraphStyle
    cover_title: ParagraphStyle
    cover_text: ParagraphStyle
    caption: ParagraphStyle
    toc: tuple[ParagraphStyle, ...]
    ink: Color = INK
    accent: Color = ACCENT
    size: float = 10
    language: str = ""
    _aligned: dict[tuple, tuple[ParagraphStyle, ParagraphStyle]] = field(
        default_factory=dict, compare=False, repr=False
    )

    def smaller(self) -> Styles:
        """The same styles a size down: notes and appendices."""
        return make_styles(self.size * SMALLER, self.language)

    def larger(self) -> Styles:
        """The same styles a size up: a player aid printed to read across the table."""
        return make_styles(self.size * LARGER, self.language)

    def heading(self, level: int) -> ParagraphStyle:
        return (self.h1, self.h2, self.h3, self.h4)[min(level, 4) - 1]

    def aligned(self, style: ParagraphStyle, align: str) -> ParagraphStyle:
        """``style`` aligned as a table column asks: one style per style and alignment
        (a book's tables ask for it in every cell)."""
        wanted = ALIGNMENTS.get(align, TA_LEFT)
        if style.alignment == wanted:
            return style
        key = (style.name, id(style), align)
        found = self._aligned.get(key)
        if found is None or found[0] is not style:
            made = ParagraphStyle(f"{style.name}-{align}", parent=style, alignment=wanted)
            found = self._aligned[key] = (style, made)
        return found[1]


def make_styles(size: float = 10, language: str = "") -> Styles:
    """The styles; body text hyphenates by ``language``'s dictionary, headings never do.

    No paragraph leaves a single line at a page's foot (orphan) or top (widow),
    and a heading always stays with the text after it.
    """
    register_fonts()
    _dictionary(hyphenation_language(language))
    lead = size * 1.42
    body = ParagraphStyle(
        "body",
        fontName=BODY,
        fontSize=size,
        leading=lead,
        textColor=INK,
        spaceAfter=size * 0.6,
        allowWidows=0,
        allowOrphans=0,
        hyphenationLang=hyphenation_language(language),
        hyphenationMinWordLength=6,
    )

    def head(name: str, scale: float, before: float, after: float, colour: Color = ACCENT):
        return ParagraphStyle(
            name,
            parent=body,
            fontName=BOLD,
            fontSize=size * scale,
            leading=size * scale * 1.2,
            textColor=colour,
            spaceBefore=before,
            spaceAfter=after,
            keepWithNext=1,
            hyphenationLang="",
        )

    cell = ParagraphStyle(  # table columns are narrow: a word broken there reads badly
        "cell",
        parent=body,
        fontSize=size * 0.9,
        leading=size * 1.2,
        spaceAfter=0,
        hyphenationLang="",
    )
    return Styles(
        body=body,
        h1=head("h1", 2.0, size * 0.6, size * 0.9),
        h2=head("h2", 1.4, size * 1.3, size * 0.5),
        h3=head("h3", 1.12, size * 1.0, size * 0.35, INK),
        h4=head("h4", 1.0, size * 0.8, size * 0.3, INK),
        item=ParagraphStyle("item", parent=body, spaceAfter=size * 0.25),
        cell=cell,
        cell_head=ParagraphStyle("cell-head", parent=cell, fontName=BOLD),
        aside_title=ParagraphStyle(
            "aside-title", parent=body, fontName=BOLD, spaceAfter=size * 0.35, keepWithNext=1
        ),
        code=ParagraphStyle("code", parent=body, fontName=CONDENSED, fontSize=size * 0.85),
        cover_title=ParagraphStyle(
            "cover-title",
            parent=body,
            fontName=BOLD,
            fontSize=size * 4,
            leading=size * 4.6,
            alignment=TA_CENTER,
            textColor=ACCENT,
            spaceAfter=size * 1.5,
            hyphenationLang="",
        ),
        cover_text=ParagraphStyle(
            "cover-text",
            parent=body,
            fontSize=size * 1.25,
            leading=size * 1.8,
            alignment=TA_CENTER,
            spaceAfter=size * 0.8,
        ),
        caption=ParagraphStyle(
            "caption", parent=body, fontName=ITALIC, fontSize=size * 0.85, leading=size * 1.15
        ),
        size=size,
        language=language,
        toc=(
            ParagraphStyle(
                "toc1",
                parent=body,
                fontName=BOLD,
                spaceBefore=size * 0.5,
                spaceAfter=1,
                rightIndent=TOC_NUMBERS,
            ),
            ParagraphStyle(
                "toc2", parent=body, leftIndent=size * 1.6, spaceAfter=1, rightIndent=TOC_NUMBERS
            ),
        ),
    )


_DICTIONARIES_NEW: dict[object, pyphen.HyphDict] = {}  # read in a child beside a build


def _dictionary(name: str) -> None:
    """`keep_dictionary`; one read in a child beside a build goes back to the build with
    the book, so the next child has it already."""
    before = set(pyphen.hdcache)
    keep_dictionary(name)
    if aside.in_child():
        _DICTIONARIES_NEW.update((p, d) for p, d in pyphen.hdcache.items() if p not in before)


def _dictionaries_given(found: object) -> None:
    if isinstance(found, dict):
        for path, dictionary in found.items():
            if isinstance(dictionary, pyphen.HyphDict):
                pyphen.hdcache.setdefault(path, dictionary)


aside.carried_back("hyphenation-dictionaries", lambda: _DICTIONARIES_NEW, _dictionaries_given)
