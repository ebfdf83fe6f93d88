"""Castle diagrams for the rulebook: an example's cards laid out by the kit's own card art.

Each card is drawn by `art.draw_turned` at print size and scaled into its grid
cell, so a diagram shows exactly the printed cards. Marks come from the
engine: illegal cards crossed out, complete towers starred, courtyards named.
"""

from __future__ import annotations

import base64
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from html import escape

from reportlab.lib.colors import Color, HexColor, white
from reportlab.lib.styles import ParagraphStyle
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import Flowable, Paragraph, Table, TableStyle

from printkit.content.typography import typeset_text
from printkit.games.sandcastles.kit.art import draw_turned
from printkit.games.sandcastles.model import Placement, Sandcastles
from printkit.games.sandcastles.rules import score_castle, structures
from printkit.render.fonts import BODY, BOLD
from printkit.render.layout import draw_veiled
from printkit.render.legibility import without_small_text
from printkit.render.panels import Disc, numbered_disc
from printkit.render.symbols import draw_symbol
from printkit.render.theme import GREY, INK, LEMON, Theme
from printkit.render.units import MM, Box
from printkit.rulebook.pictures import Picture, PictureBlock, PictureSheet
from printkit.rulebook.scenes import LEAST_TEXT, UNREAD, smallest_text

DrawFn = Callable[[Canvas, Box], None]
RED = HexColor("#C62828")
CELL = 15 * MM  # a card's side in a diagram
MARGIN = 5 * MM  # room for the coordinates
PAD = 2.5 * MM
STACK = 0.2  # a card laid on another sits this much of a cell up and right of it
REST_SCALE = 0.45  # a Feather or Shell resting on a card, as a share of a cell
WASH = 0.45  # a crossed card's colours this far toward white: faded, yet opaque


@dataclass(frozen=True)
class CastleMarks:
    """What a diagram points out besides the cards."""

    numbers: bool = False  # number every card in the order laid
    illegal: tuple[int, ...] = ()  # 1-based numbers of illegal cards
    smashed: tuple[tuple[int, int], ...] = ()  # cells whose castle card a bully smashed
    structures: bool = True  # star complete towers, label courtyards
    axes: bool = True  # the coordinates along the edges
    text: float = 1.0  # the marks' words and numbers are set this many times their size


def castle_drawing(
    pack: Sandcastles, castle: Sequence[Placement], theme: Theme, marks: CastleMarks
) -> tuple[DrawFn, float, float]:
    """A draw function for the castle, and its natural width and height in points."""
    xs = [p.x for p in castle]
    ys = [p.y for p in castle]
    x0, y0 = min(xs), min(ys)
    cols, rows = max(xs) - x0 + 1, max(ys) - y0 + 1
    margin = MARGIN if marks.axes else PAD
    over = STACK * CELL * (_deepest_stack(pack, castle) - 1)  # room for stacked cards
    width = margin + cols * CELL + PAD + over
    height = margin + rows * CELL + PAD + over
    side = pack.kit.card * MM
    scored = score_castle(pack, castle) if marks.structures else None
    found = structures(pack, scored.kept) if scored else None

    def cell_box(box: Box, x: int, y: int, shift: float = 0.0) -> Box:
        return Box(
            box.x + margin + (x - x0) * CELL + shift,
            box.y + margin + (y - y0) * CELL + shift,
            CELL,
            CELL,
        )

    def card(
        c: Canvas, cell: Box, p: Placement, scale: float = 1.0, tilt: float = 0, veil: float = 0
    ) -> None:
        c.saveState()
        c.translate(cell.cx, cell.cy)
        c.rotate(tilt)
        c.scale(CELL * scale / side, CELL * scale / side)
        c.translate(-side / 2, -side / 2)
        clip = c.beginPath()
        clip.rect(0, 0, side, side)
        c.clipPath(clip, stroke=0, fill=0)

        def face(c: Canvas, box: Box) -> None:
            draw_turned(c, box, pack.card(p.card), p.turn, theme)

        draw_veiled(c, face, Box(0, 0, side, side), veil)
        c.restoreState()
        c.saveState()
        c.setStrokeColor(GREY)
        c.setLineWidth(0.4)
        if tilt or scale != 1.0:
            c.translate(cell.cx, cell.cy)
            c.rotate(tilt)
            half = CELL * scale / 2
            c.rect(-half, -half, 2 * half, 2 * half, stroke=1, fill=0)
        else:
            c.rect(cell.x, cell.y, cell.width, cell.height, stroke=1, fill=0)
        c.restoreState()

    def draw(c: Canvas, box: Box) -> None:
        c.saveState()
        c.setFillColor(white)
        c.rect(box.x, box.y, box.width, box.height, stroke=0, fill=1)
        if marks.axes:
            _grid(c, box, cols, rows, x0, y0, marks.text)
        occupied: dict[tuple[int, int], int] = {}
        resting: list[tuple[int, Placement]] = []
        badges: list[tuple[Box, int, bool]] = []  # drawn last: no later card hides a number
        for number, p in enumerate(castle, start=1):
            if pack.card(p.card).overlay:
                resting.append((number, p))
                continue
            shift = CELL * STACK * occupied.get(p.cell, 0)  # up and right: clear of the axes
            occupied[p.cell] = occupied.get(p.cell, 0) + 1
            cell = cell_box(box, p.x, p.y, shift)
            smashed = p.cell in marks.smashed and shift == 0
            crossed = number in marks.illegal or smashed
            card(c, cell, p, veil=WASH if crossed else 0)
            _crossed(c, cell, number, marks)
            badges.append((cell, number, shift > 0))  # on another card: its number top right
            if smashed:
                _cross(c, cell, INK, dashed=True)
        rested: dict[tuple[int, int], int] = {}
        spots: list[Box] = []  # the Feathers and Shells laid on cards: no label covers one
        for number, p in resting:
            cell = cell_box(box, p.x, p.y)
            nth = rested.get(p.cell, 0)  # a second one on the same card sits above the first
            rested[p.cell] = nth + 1
            side = CELL * REST_SCALE
            x, y = cell.x + CELL * 0.6, cell.y + CELL * (0.28 + 0.46 * nth)
            spot = Box(x - side / 2, y - side / 2, side, side)
            spots.append(spot.outset(side * 0.11))  # turned 14°: its corners reach out
            veil = WASH if number in marks.illegal or p.cell in marks.smashed else 0  # toppled
            card(c, Box(x - CELL / 2, y - CELL / 2, CELL, CELL), p, REST_SCALE, -14, veil)
            _crossed(c, spot, number, marks)
            badges.append((spot, number, False))
        for where, number, right in badges:
            _badge(c, where, number, marks, right)
        if found is not None:
            stars = [_tower_centre(t.where) for t in found.complete_towers]
            for u, v in stars:
                draw_symbol(
                    c,
                    "star",
                    box.x + margin + (u - x0) * CELL,
                    box.y + margin + (v - y0) * CELL,
                    CELL * 0.16,
                    fill=LEMON,
                )
            label = pack.words.say("diagram.courtyard")
            for yard in found.courtyards:
                u = sum(x + 0.5 for x, _ in yard.cells) / len(yard.cells)
                v = sum(y + 0.5 for _, y in yard.cells) / len(yard.cells)
                for dv in (0.0, -0.3, 0.3, -0.45, 0.45):  # the middle, else just below or above
                    x = box.x + margin + (u - x0) * CELL
                    y = box.y + margin + (v + dv - y0) * CELL
                    starred = any(abs(u - su) < 0.45 and abs(v + dv - sv) < 0.3 for su, sv in stars)
                    tag = _tag_box(c, x, y, label, marks.text)
                    if not starred and not any(_meets(tag, spot) for spot in spots):
                        break
                _tag(c, x, y, label, marks.text)
        c.restoreState()

    return without_small_text(draw, UNREAD), width, height  # cards hold words too small


def _deepest_stack(pack: Sandcastles, castle: Sequence[Placement]) -> int:
    """The most castle cards laid on one cell (an illegal pile): how far stacks reach."""
    counts: dict[tuple[int, int], int] = {}
    for p in castle:
        if not pack.card(p.card).overlay:
            counts[p.cell] = counts.get(p.cell, 0) + 1
    return max(counts.values(), default=1)


def _tower_centre(where: tuple) -> tuple[float, float]:
    if where[0] == "vertex":
        return float(where[1]), float(where[2])
    _, x, y, side = where
    dx, dy = {"N": (0.5, 1.0), "E": (1.0, 0.5), "S": (0.5, 0.0), "W": (0.0, 0.5)}[side]
    return x + dx, y + dy


def _grid(c: Canvas, box: Box, cols: int, rows: int, x0: int, y0: int, text: float = 1.0) -> None:
    """Faint cells and their coordinates, so the text can say 'the bend at 2,0'."""
    c.setStrokeColor(HexColor("#D5D5D5"))
    c.setLineWidth(0.4)
    c.setDash(1.5, 1.5)
    for i in range(cols):
        for j in range(rows):
            c.rect(box.x + MARGIN + i * CELL, box.y + MARGIN + j * CELL, CELL, CELL, stroke=1)
    c.setDash()
    c.setFillColor(GREY)
    c.setFont(BODY, 6.5 * text)
    for i in range(cols):
        c.drawCentredString(
            box.x + MARGIN + (i + 0.5) * CELL, box.y + 1.6 * MM, typeset_text(str(x0 + i), "en")
        )
    for j in range(rows):
        c.drawCentredString(
            box.x + 2.4 * MM, box.y + MARGIN + (j + 0.5) * CELL - 2, typeset_text(str(y0 + j), "en")
        )


def _crossed(c: Canvas, cell: Box, number: int, marks: CastleMarks) -> None:
    if number in marks.illegal:
        _cross(c, cell, RED)


def _badge(c: Canvas, cell: Box, number: int, marks: CastleMarks, right: bool = False) -> None:
    """The card's number in its top left corner (top right for a card laid on another, so
    the two numbers stay apart), inside the card's edges."""
    bad = number in marks.illegal
    if marks.numbers or bad:
        r = 2.1 * MM * marks.text
        inset = r + 1.2 * MM
        x = cell.right - inset if right else cell.x + inset
        y = cell.top - inset
        fill, ink = (RED, white) if bad else (white, INK)
        c.saveState()
        t = marks.text
        numbered_disc(c, x, y, str(number), Disc(r, fill, INK, 0.5, ink, 6.5 * t, 2.3 * t))
        c.restoreState()


def _cross(c: Canvas, cell: Box, colour: Color, dashed: bool = False) -> None:
    """An illegal (or smashed) card, drawn washed out (`WASH`): a cross over it."""
    c.saveState()
    c.setStrokeColor(colour)
    c.setLineWidth(1.6)
    if dashed:
        c.setDash(3, 2)
    inset = CELL * 0.15
    c.line(cell.x + inset, cell.y + inset, cell.right - inset, cell.top - inset)
    c.line(cell.x + inset, cell.top - inset, cell.right - inset, cell.y + inset)
    c.setLineWidth(1.0)
    c.rect(cell.x, cell.y, cell.width, cell.height, stroke=1, fill=0)
    c.restoreState()


def _tag_box(c: Canvas, x: float, y: float, text: str, size: float = 1.0) -> Box:
    """Where the courtyard's label centred on (x, y) lies."""
    w = c.stringWidth(text, BOLD, 6 * size) + 2.4 * MM
    h = 3.6 * MM * size
    return Box(x - w / 2, y - h / 2, w, h)


def _meets(a: Box, b: Box) -> bool:
    return a.x < b.right and b.x < a.right and a.y < b.top and b.y < a.top


def _tag(c: Canvas, x: float, y: float, text: str, size: float = 1.0) -> None:
    """The courtyard's name on a small label, where the enclosed sand is."""
    c.saveState()
    c.setFont(BOLD, 6 * size)
    tag = _tag_box(c, x, y, text, size)
    c.setFillColor(white)
    c.setStrokeColor(INK)
    c.setLineWidth(0.5)
    c.roundRect(tag.x, tag.y, tag.width, tag.height, 1.2 * MM, stroke=1, fill=1)
    c.setFillColor(INK)
    c.drawCentredString(x, y - 2.1 * size, text)
    c.restoreState()


# -- blocks --------------------------------------------------------------------------
class CentredPicture(PictureBlock):
    """A picture set in the middle of the measure (the cover's castle)."""

    def flowables(self, width: float) -> list[Flowable]:
        pictures = super().flowables(width)
        for picture in pictures:
            picture.hAlign = "CENTER"
        return pictures


def castle_block(
    pack: Sandcastles,
    castle: Sequence[Placement],
    theme: Theme,
    marks: CastleMarks,
    alt: str,
    sheet: PictureSheet,
    scale: float = 1.0,
    centred: bool = False,
) -> PictureBlock:
    draw, width, height = castle_drawing(pack, castle, theme, marks)
    if centred:
        return CentredPicture(draw, width, height, scale, alt, sheet)
    block = CastlePicture(draw, width, height, scale, alt, sheet)
    block.redraw = lambda text: castle_drawing(pack, castle, theme, replace(marks, text=text))[0]
    return block


class CastlePicture(PictureBlock):
    """A castle diagram that, shrunk to the room it is given, sets its coordinates and
    numbers larger so they still print at 6 pt or more."""

    redraw: Callable[[float], DrawFn]
    space_after: float = 0.0  # above what follows it on its own (a table of steps)

    def flowables(self, width: float) -> list[Flowable]:
        shown = min(self.scale, width / self.width)
        if shown * 6.0 >= LEAST_TEXT:
            pictures = super().flowables(width)
        else:
            draw = self.redraw(LEAST_TEXT / (6.0 * shown))
            pictures = [Picture(draw, self.width, self.height, shown)]
        for picture in pictures:
            picture.spaceAfter = self.space_after
        return pictures

    def layout(self) -> tuple:
        return (*super().layout(), self.space_after)


CAPTION = ParagraphStyle("sc-caption", fontName=BODY, fontSize=7.5, leading=9, alignment=1)


class GalleryBlock:
    """Pictures side by side in rows, each with a caption: the deck at a glance."""

    def __init__(self, pictures: list[tuple[PictureBlock, str]], alt: str, columns: int) -> None:
        self.pictures = pictures
        self.alt = alt
        self.columns = columns

    def layout(self) -> tuple:
        """What the page lays out, the drawings apart (they print as forms): each picture's
        size, whether it holds words (which row it joins), and its caption."""
        return (
            "gallery",
            self.columns,
            [(p.layout(), bool(self._worded(p)), caption) for p, caption in self.pictures],
        )

    @staticmethod
    def _worded(picture: PictureBlock) -> float:
        return smallest_text(picture.draw, picture.width, picture.height)

    def flowables(self, width: float) -> list[Flowable]:
        """Wordless pictures shrink to ``columns`` a row; pictures with words keep the
        scale that prints them at 6 pt, in a second table of as many as fit a row."""
        worded = [p for p in self.pictures if self._worded(p[0])]
        plain = [p for p in self.pictures if p not in worded]
        tables = [self._table(plain, self.columns, width)] if plain else []
        if worded:
            widest = max(p.width * p.scale for p, _ in worded) + 4 * MM
            cols = max(1, min(self.columns, int(width // widest)))
            tables.append(self._table(worded, cols, width, shrink=False))
        return tables

    def _table(
        self, pictures: list[tuple[PictureBlock, str]], cols: int, width: float, shrink=True
    ) -> Flowable:
        cell_w = width / cols
        rows: list[list] = []
        for start in range(0, len(pictures), cols):
            chunk = pictures[start : start + cols]
            row = []
            for picture, caption in chunk:
                fit = (cell_w - 4 * MM) / picture.width
                scale = min(picture.scale, fit) if shrink else min(1.0, picture.scale)
                row.append(
                    [
                        Picture(picture.draw, picture.width, picture.height, scale),
                        Paragraph(escape(typeset_text(caption, "en")), CAPTION),
                    ]
                )
            row += [""] * (cols - len(row))
            rows.append(row)
        table = Table(rows, colWidths=[cell_w] * cols, hAlign="LEFT")
        table.setStyle(
            TableStyle(
                [
                    ("FONTNAME", (0, 0), (-1, -1), BODY),
                    ("ALIGN", (0, 0), (-1, -1), "CENTER"),
                    ("VALIGN", (0, 0), (-1, -1), "TOP"),
                    ("BOTTOMPADDING", (0, 0), (-1, -1), 6),
                ]
            )
        )
        return table

    def html(self) -> str:
        items = "".join(
            f'<figure style="display:inline-block;width:{_css_width(p) + 16}px;'
            'margin:0 .5em 1em 0;vertical-align:top;text-align:center">'
            f"{_img(p)}"
            f'<figcaption style="font-size:.8em">{escape(caption)}</figcaption></figure>'
            for p, caption in self.pictures
        )
        return f'<div class="gallery">{items}</div>'


def _css_width(picture: PictureBlock) -> int:
    return round(picture.width * picture.scale * 96 / 72)


def _img(picture: PictureBlock) -> str:
    """The picture's PNG with its size in CSS, which every renderer honours."""
    data = base64.b64encode(picture.sheet.png(picture)).decode("ascii")
    width = _css_width(picture)
    return (
        f'<img src="data:image/png;base64,{data}" style="width:{width}px;height:auto;'
        f'display:inline-block;border-radius:3px" alt="{escape(picture.alt)}">'
    )
