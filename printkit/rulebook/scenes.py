"""Pictures composed of a kit's own pieces: a components spread, a table set up, a part
of the board with numbered callouts.

A game says *what* lies *where* (its pieces' draw functions, scaled and placed);
this module draws the composition, numbers the callouts and sets their words
as a legend under the picture. The words come from the game's content; the
picture is a `Block` the rulebook's Markdown places.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from html import escape

from reportlab.lib.colors import Color, white
from reportlab.lib.styles import ParagraphStyle
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import Flowable, KeepTogether, Paragraph, Table, TableStyle

from printkit.build.fingerprint import digest
from printkit.build.record import raw
from printkit.content.typography import typeset_text
from printkit.render.drawing import Drawing
from printkit.render.fonts import BODY, BOLD, ITALIC, register_fonts
from printkit.render.legibility import without_small_text
from printkit.render.panels import Disc, numbered_disc
from printkit.render.theme import INK
from printkit.render.units import MM, Box
from printkit.rulebook.keep import kept, watched
from printkit.rulebook.pictures import DrawFn, PictureBlock, PictureSheet
from printkit.rulebook.styles import MAX_MEASURE

LEAST_TEXT = 6.0  # points: the smallest text a picture of a card may print
UNREAD = LEAST_TEXT - 0.1  # points: words a scene shows smaller are left out
GREEKED = Color(0.62, 0.62, 0.6)  # ... or, in a scene that asks, drawn as bars of this grey
CAPTION_SIZE = 7.5
CAPTION_LEAD = 9.0
DISC = 2.7 * MM  # a callout's radius
LEGEND = ParagraphStyle("legend", fontName=BODY, fontSize=8.5, leading=11)
CAPTION = ParagraphStyle(
    "scene-caption", fontName=ITALIC, fontSize=8.5, leading=11, alignment=1, spaceBefore=3
)
LEGEND_NUMBER = ParagraphStyle("legend-number", parent=LEGEND, fontName=BOLD, alignment=2)


@dataclass(frozen=True)
class Shown:
    """A piece as the kit draws it: ``draw(canvas, box)`` paints its trim box."""

    draw: DrawFn
    width: float
    height: float
    edge: bool = True  # clip to the trim and outline it, as a cut piece looks


@dataclass(frozen=True)
class Placed:
    """A piece lying in a scene: lower-left corner at (x, y), scaled, turned by 0/90/180/270."""

    shown: Shown
    x: float
    y: float
    scale: float = 1.0
    turn: int = 0

    @property
    def footprint(self) -> Box:
        w, h = self.shown.width * self.scale, self.shown.height * self.scale
        if self.turn % 180:
            w, h = h, w
        return Box(self.x, self.y, w, h)


@dataclass(frozen=True)
class Caption:
    """Words under a piece: centred on ``x``, wrapped to ``width``, first line at ``top``."""

    x: float
    top: float
    width: float
    text: str


@dataclass(frozen=True)
class Callout:
    """A lettered disc at (x, y) in the scene; ``text`` is its line in the legend.

    With ``to``, the disc sits apart (in the margin) and a leader line runs from it to
    the point it names, so the disc never covers what it names; with ``via`` as well, the
    leader bends there, to go round a part it would otherwise cross."""

    x: float
    y: float
    text: str
    to: tuple[float, float] | None = None
    via: tuple[float, float] | None = None


TABLE_EDGE = 5 * MM  # between a seat's pieces and the edge of the table's picture


def round_the_table(
    seats: Sequence[Shown], width: float, scale: float, middle: float
) -> tuple[list[Placed], float]:
    """Up to four seats round a table ``width`` wide, each facing the middle (near, left,
    far, right), with ``middle`` between the near and far seats' reach; and its height."""
    seat_w, seat_h = seats[0].width * scale, seats[0].height * scale
    height = seat_h * 2 + seat_w + middle + 2 * TABLE_EDGE
    centre_x, centre_y = width / 2, height / 2
    spots = [
        (centre_x - seat_w / 2, TABLE_EDGE, 0),  # near
        (TABLE_EDGE, centre_y - seat_w / 2, 270),  # left
        (centre_x - seat_w / 2, height - TABLE_EDGE - seat_h, 180),  # far
        (width - TABLE_EDGE - seat_h, centre_y - seat_w / 2, 90),  # right
    ]
    return [Placed(seat, x, y, scale, turn) for seat, (x, y, turn) in zip(seats, spots)], height


def place(c: Canvas, placed: Placed) -> None:
    """Draw one placed piece: moved, turned and scaled, clipped to its trim."""
    shown, s = placed.shown, placed.scale
    w, h = shown.width * s, shown.height * s
    c.saveState()
    origin = {0: (0, 0), 90: (h, 0), 180: (w, h), 270: (0, w)}[placed.turn % 360]
    c.translate(placed.x + origin[0], placed.y + origin[1])
    c.rotate(placed.turn % 360)
    c.scale(s, s)
    if shown.edge:
        clip = c.beginPath()
        clip.rect(0, 0, shown.width, shown.height)
        c.clipPath(clip, stroke=0, fill=0)
    shown.draw(c, Box(0, 0, shown.width, shown.height))
    c.restoreState()
    if shown.edge:
        c.saveState()
        c.setStrokeColor(INK)
        c.setLineWidth(0.4)
        box = placed.footprint
        c.rect(box.x, box.y, box.width, box.height, stroke=1, fill=0)
        c.restoreState()


def caption_lines(caption: Caption) -> list[str]:
    """The caption's lines, set by typography (text already set for its language stays so),
    broken only at plain spaces and newlines: a no-break space keeps its words together."""
    text = typeset_text(caption.text, "en")
    lines: list[str] = []
    for paragraph in text.split("\n") if text else ():
        line = ""
        for word in paragraph.split(" "):
            trial = f"{line} {word}" if line else word
            if line and stringWidth(trial, BODY, CAPTION_SIZE) > caption.width:
                lines.append(line)
                trial = word
            line = trial
        lines.append(line)
    return lines


def draw_caption(c: Canvas, caption: Caption) -> None:
    c.saveState()
    c.setFillColor(INK)
    c.setFont(BODY, CAPTION_SIZE)
    for i, line in enumerate(caption_lines(caption)):
        c.drawCentredString(caption.x, caption.top - CAPTION_SIZE - i * CAPTION_LEAD, line)
    c.restoreState()


def callout_mark(index: int) -> str:
    """A callout's letter (A, B, …): a set-up's numbered steps keep their own numbers."""
    return chr(ord("A") + index)


def draw_disc(c: Canvas, x: float, y: float, mark: str, fill: Color = INK) -> None:
    c.saveState()
    numbered_disc(c, x, y, mark, Disc(DISC, fill, white, 0.8, white, 8.5, 3.0))
    c.restoreState()


LEADER_DOT = 0.8 * MM  # the dot a leader line ends in, on the part it names


def draw_leader(c: Canvas, callout: Callout) -> None:
    """A thin ink line from a callout's disc to its point, ending in a dot on a white halo
    (no transparency: a halo reads on any colour and keeps the page one pass)."""
    assert callout.to is not None
    x, y = callout.to
    c.saveState()
    c.setLineCap(1)
    for colour, line, dot in ((white, 1.6, LEADER_DOT + 0.5), (INK, 0.6, LEADER_DOT)):
        c.setStrokeColor(colour)
        c.setFillColor(colour)
        c.setLineWidth(line)
        path = c.beginPath()
        path.moveTo(callout.x, callout.y)
        if callout.via is not None:
            path.lineTo(*callout.via)
        path.lineTo(x, y)
        c.drawPath(path, stroke=1, fill=0)
        c.circle(x, y, dot, stroke=0, fill=1)
    c.restoreState()


def spread_in_margin(heights: Sequence[float], low: float, high: float, gap: float) -> list[float]:
    """Heights for discs in one margin column: each as near its part's height as the
    others allow, ``gap`` apart, between ``low`` and ``high`` (top first, order kept)."""
    order = sorted(range(len(heights)), key=lambda i: -heights[i])
    placed: dict[int, float] = {}
    ceiling = high
    for i in order:
        placed[i] = min(heights[i], ceiling)
        ceiling = placed[i] - gap
    floor = low
    for i in reversed(order):  # a column pushed below the floor moves back up
        placed[i] = max(placed[i], floor)
        floor = placed[i] + gap
    return [placed[i] for i in range(len(heights))]


def scene_drawing(
    placed: Sequence[Placed],
    captions: Sequence[Caption] = (),
    callouts: Sequence[Callout] = (),
    ground: Color | None = None,
) -> DrawFn:
    """One draw function for the whole composition: ground, pieces in order, words, discs."""

    def draw(c: Canvas, box: Box) -> None:
        if ground is not None:
            c.saveState()
            c.setFillColor(ground)
            c.rect(box.x, box.y, box.width, box.height, stroke=0, fill=1)
            c.restoreState()
        c.saveState()
        c.translate(box.x, box.y)
        for p in placed:
            place(c, p)
        for caption in captions:
            draw_caption(c, caption)
        for callout in callouts:
            if callout.to is not None:
                draw_leader(c, callout)
        for index, callout in enumerate(callouts):
            draw_disc(c, callout.x, callout.y, callout_mark(index))
        c.restoreState()

    return draw


class SceneBlock(PictureBlock):
    """A composed picture, with the legend of its numbered callouts set under it."""

    def __init__(
        self,
        placed: Sequence[Placed],
        width: float,
        height: float,
        alt: str,
        sheet: PictureSheet,
        captions: Sequence[Caption] = (),
        callouts: Sequence[Callout] = (),
        ground: Color | None = None,
        caption: bool = False,
        greeked: bool = False,
    ) -> None:
        self.callouts = tuple(callouts)
        self.caption = alt if caption else ""  # the alt text, set under the picture too
        self.captions = tuple(captions)
        drawing = scene_drawing(placed, captions, self.callouts, ground)
        draw = without_small_text(drawing, UNREAD, GREEKED if greeked else None)
        super().__init__(draw, width, height, 1.0, alt, sheet)

    def fingerprint(self) -> Drawing:
        """The picture's drawing and the legend's words: both change the page."""
        drawn = super().fingerprint()
        words = [typeset_text(t, "en") for t in [c.text for c in self.callouts] + [self.caption]]
        chars = drawn.chars | frozenset("".join(words))
        return Drawing(digest(drawn.digest, words), chars, drawn.portable)

    def layout(self) -> tuple:
        """The picture's size and the legend's words: what the page lays out."""
        return (*super().layout(), [c.text for c in self.callouts], self.caption)

    def flowables(self, width: float) -> list[Flowable]:
        pictures = super().flowables(width)
        for picture in pictures:
            picture.hAlign = "CENTER"
        if self.caption:
            pictures.append(_paragraph(escape(typeset_text(self.caption, "en")), CAPTION))
        if self.callouts:
            pictures.append(_legend(self.callouts, width))
        return [KeepTogether(pictures)] if len(pictures) > 1 else pictures

    def html(self) -> str:
        picture = super().html()
        if self.caption:
            picture += f'<p class="caption"><i>{escape(typeset_text(self.caption, "en"))}</i></p>'
        if not self.callouts:
            return picture
        items = "".join(f"<li>{_legend_markup(c.text)}</li>" for c in self.callouts)
        return f'{picture}<ol class="callouts" type="A">{items}</ol>'


class BoxedScene(SceneBlock):
    """A scene inside a boxed panel (a worked example): picture, caption and legend in one
    cell, for the box (a table) can neither hold the page-level group that keeps them
    together elsewhere nor split a cell."""

    def flowables(self, width: float) -> list[Flowable]:
        out: list[Flowable] = []
        for flowable in super().flowables(width):
            out += flowable._content if isinstance(flowable, KeepTogether) else [flowable]
        cell = Table([[out]], colWidths=[width])
        sides = ("LEFT", "RIGHT", "TOP", "BOTTOM")
        padding = [(f"{side}PADDING", (0, 0), (-1, -1), 0) for side in sides]
        cell.setStyle(TableStyle([("FONTNAME", (0, 0), (-1, -1), BODY), *padding]))
        return [cell]


def _legend_markup(text: str) -> str:
    """The words before a first colon are the part's name: set in bold (and the whole by
    typography; text already set for its language stays so)."""
    text = typeset_text(text, "en")
    name, colon, rest = text.partition(": ")
    if not colon:
        return escape(text)
    return f"<b>{escape(name)}:</b> {escape(rest)}"


def _legend(callouts: Sequence[Callout], width: float) -> Flowable:
    """Numbered lines in two columns (one when there are few), read down then across; each
    column its own table, so a tall line in one never opens a gap in the other."""
    register_fonts()
    cols = 2 if len(callouts) > 4 else 1
    rows = -(-len(callouts) // cols)
    lines = [
        [_paragraph(callout_mark(i), LEGEND_NUMBER), _paragraph(_legend_markup(c.text), LEGEND)]
        for i, c in enumerate(callouts)
    ]
    columns = [
        _legend_column(lines[n : n + rows], width / cols) for n in range(0, len(lines), rows)
    ]
    if cols == 1:
        columns[0].spaceBefore = 4
        return columns[0]
    table = Table([columns], colWidths=[width / cols] * cols, hAlign="LEFT")
    table.setStyle(_legend_style(0))
    table.spaceBefore = 4
    return table


def _paragraph(markup: str, style: ParagraphStyle) -> Paragraph:
    """A caption's or a legend line's paragraph, its markup parsed only if it is laid out:
    the book makes every picture's flowables in an edited run (and names its picture
    forms from them) but lays out only the pages that changed."""
    from printkit.rulebook.flowables import LazyParagraph  # typesetting: where it is used

    return LazyParagraph(markup, style)


def _legend_column(lines: list[list], width: float) -> Table:
    number_w = 7 * MM
    table = Table(lines, colWidths=[number_w, width - number_w], hAlign="LEFT")
    table.setStyle(_legend_style(1))
    return table


def _legend_style(pad: float) -> TableStyle:
    return TableStyle(
        [
            ("FONTNAME", (0, 0), (-1, -1), BODY),  # else reportlab names Helvetica
            ("VALIGN", (0, 0), (-1, -1), "TOP"),
            ("LEFTPADDING", (0, 0), (-1, -1), 2 * pad),
            ("RIGHTPADDING", (0, 0), (-1, -1), 4 * pad),
            ("TOPPADDING", (0, 0), (-1, -1), pad),
            ("BOTTOMPADDING", (0, 0), (-1, -1), pad),
        ]
    )


# -- layouts --------------------------------------------------------------------------
SHELF_GAP = 5 * MM  # between pieces side by side


def shelves(
    items: Sequence[tuple[Shown, float, str]], width: float, gap: float = SHELF_GAP
) -> tuple[list[Placed], list[Caption], float]:
    """Pieces left to right in rows (a row ends when the next would not fit), each with
    its caption under it; returns the placements, captions and the height they take."""
    rows: list[list[tuple[Shown, float, str, float, float]]] = [[]]
    x = 0.0
    for shown, scale, text in items:
        w = shown.width * scale
        room = max(w, 24 * MM)  # a caption needs some width even under a small token
        if rows[-1] and x + room > width:
            rows.append([])
            x = 0.0
        rows[-1].append((shown, scale, text, w, room))
        x += room + gap
    laid: list[tuple[list, float, float, float]] = []  # row, its piece height, caption, offset
    for row in rows:
        used = sum(room for *_, room in row) + gap * (len(row) - 1)
        tall = max(shown.height * scale for shown, scale, *_ in row)
        words = max(len(caption_lines(Caption(0, 0, room, text))) for _, _, text, _, room in row)
        laid.append((row, tall, words * CAPTION_LEAD + 2 * MM, (width - used) / 2))
    pad = 3 * MM  # above the first row and below the last
    height = sum(tall + words for _, tall, words, _ in laid) + gap * (len(laid) - 1) + 2 * pad
    placed, captions = [], []
    top = height - pad
    for row, tall, words, offset in laid:
        x = offset
        for shown, scale, text, w, room in row:
            placed.append(Placed(shown, x + (room - w) / 2, top - tall, scale))  # on one line
            captions.append(Caption(x + room / 2, top - tall - 1.5 * MM, room, text))
            x += room + gap
        top -= tall + words + gap
    return placed, captions, height


# -- legibility -----------------------------------------------------------------------
FONT_SIZE = re.compile(r"/\S+ ([0-9.]+) Tf")


def smallest_text(draw: DrawFn, width: float, height: float) -> float:
    """The smallest font size a piece prints (points at full size; 0 for no text): kept
    under what the piece is and reads, as its fingerprint is."""
    register_fonts()  # the caller measures words next: fonts are needed, drawn or not
    return kept("smallest-text", (draw, width, height), lambda: _smallest(draw, width, height))


def _smallest(draw: DrawFn, width: float, height: float) -> float:
    import io

    register_fonts()
    c = Canvas(io.BytesIO(), invariant=1)
    draw(c, Box(0, 0, width, height))
    sizes = [float(size) for op in c._code for size in FONT_SIZE.findall(op)]
    return min(sizes, default=0.0)


def readable_scale(draw: DrawFn, width: float, height: float, least: float = LEAST_TEXT) -> float:
    """The scale at which a piece's smallest text prints at ``least`` points (a piece
    without text: a third of its size)."""
    smallest = smallest_text(draw, width, height)
    return least / smallest * 1.001 if smallest else 1 / 3


# -- a whole kit at a glance ------------------------------------------------------------
PAGE_SCALE = 0.36  # a full-page part (a mat, a form) in the gallery


class KitGallery:
    """Every part of a kit, one face of each deck (and its back), captioned with the
    part's title: the components spread any game gets from its own kit.

    Cards are shown at the scale that prints their smallest words at 6 pt; the
    gallery runs over as many pictures as it needs, each short enough for a page.
    """

    def __init__(self, kit, alt: str = "", width: float = MAX_MEASURE) -> None:
        alt = alt or ", ".join(part.title for part in kit.parts)  # the kit's own names
        self.alt = alt
        self.scenes = _gallery_scenes(_kit_items(kit, width), alt, width)

    def fingerprint(self) -> Drawing:
        drawn = [scene.fingerprint() for scene in self.scenes]
        chars = frozenset().union(*(d.chars for d in drawn))
        return Drawing(digest([d.digest for d in drawn]), chars, all(d.portable for d in drawn))

    def layout(self) -> tuple:
        return ("gallery", [scene.layout() for scene in self.scenes])

    def flowables(self, width: float) -> list[Flowable]:
        return [f for scene in self.scenes for f in scene.flowables(width)]

    def html(self) -> str:
        return "".join(scene.html() for scene in self.scenes)


def _kit_items(kit, width: float) -> list[tuple[Shown, float, str]]:
    from printkit.kit import Board, Deck
    from printkit.render.units import PAPERS, PRINT_MARGIN

    items: list[tuple[Shown, float, str]] = []
    for part in kit.parts:
        if isinstance(part, Deck):
            for deck in (part, *part.also):
                items += _deck_items(deck, width)
        elif isinstance(part, Board):
            items.append((_board_shown(part), width / part.width, part.title))
        elif part.pages:
            paper = PAPERS["a4"].landscape if part.landscape else PAPERS["a4"]
            w, h = paper.width - 2 * PRINT_MARGIN, paper.height - 2 * PRINT_MARGIN - 4 * MM
            scale = min(PAGE_SCALE, width / w)
            items.append((Shown(part.pages[0], w, h), scale, part.title))
    return items


def _deck_items(deck, width: float) -> list[tuple[Shown, float, str]]:
    if not deck.pieces:
        return []
    if deck.width < TOKEN_SIZE:
        return [(_token_row(deck, width), 1.0, deck.pieces_title)]
    piece = deck.pieces[0]
    sides = [piece.draw] + ([piece.back] if piece.back is not None else [])
    scale = max(readable_scale(side, deck.width, deck.height) for side in sides)
    # a face and its back share a row; a piece without a back may have a row to itself
    across = (width - SHELF_GAP) / 2 if piece.back is not None else width
    scale = min(1.0, across / deck.width, max(0.5, scale))
    items = [(Shown(piece.draw, deck.width, deck.height), scale, deck.pieces_title)]
    if piece.back is not None:
        items.append((Shown(piece.back, deck.width, deck.height), scale, ""))
    return items


TOKEN_SIZE = 20 * MM  # a deck this narrow is tokens: one of each kind, at full size


def _token_row(deck, width: float) -> Shown:
    """One token of each kind side by side, at their printed size."""
    kinds = list({piece.label: piece for piece in deck.pieces}.values())
    gap = 2 * MM
    fit = max(1, int((width + gap) // (deck.width + gap)))
    kinds = kinds[:fit]

    def draw(c: Canvas, box: Box) -> None:
        for n, piece in enumerate(kinds):
            shown = Shown(piece.draw, deck.width, deck.height)
            place(c, Placed(shown, box.x + n * (deck.width + gap), box.y))

    return Shown(draw, len(kinds) * (deck.width + gap) - gap, deck.height, edge=False)


def _board_shown(board) -> Shown:
    def draw(c: Canvas, box: Box) -> None:
        c.saveState()
        c.translate(box.x, box.y)
        board.draw(c)
        c.restoreState()

    return Shown(draw, board.width, board.height, edge=False)


def _gallery_scenes(
    items: list[tuple[Shown, float, str]], alt: str, width: float
) -> list[SceneBlock]:
    """The items a row to a picture, so a page can end between any two rows; a back
    sits with its face."""
    rows: list[list[tuple[Shown, float, str]]] = [[]]
    x = 0.0
    for item in items:
        room = max(item[0].width * item[1], 24 * MM)  # as `shelves` lays them
        if rows[-1] and x + room > width:
            keep = [rows[-1].pop()] if not item[2] and len(rows[-1]) > 1 else []
            rows.append(keep)
            x = sum(max(s.width * k, 24 * MM) + SHELF_GAP for s, k, _ in keep)
        rows[-1].append(item)
        x += room + SHELF_GAP
    out = []
    for row in rows:
        placed, captions, height = shelves(row, width)
        out.append(SceneBlock(placed, width, height, alt, PictureSheet(), captions))
    return out


def legible(draw: DrawFn, width: float, height: float, at_least: float) -> float:
    """A picture's scale: ``at_least``, or larger when its words would print under 6 pt
    (never above its printed size)."""
    return max(at_least, min(1.0, readable_scale(draw, width, height)))


def kit_gallery(make_kit, pack, theme, lang: str = "", width: float = MAX_MEASURE) -> KitGallery:
    """The gallery of the kit a game's ``kit(pack, options)`` returns (drawn for A4), made
    from the pack's recording view as the builder makes the kit: each picture is kept
    under the values its pieces read, at the books' text width: a gallery laid out wider
    and shrunk to fit would print its words under 6 pt, and lose them."""
    from printkit.kit import KitOptions
    from printkit.render.units import PAPERS

    options = KitOptions(PAPERS["a4"], theme, lang=lang)
    return KitGallery(make_kit(watched(raw(pack)), options), width=width)
