"""Imposition: equal pieces (cards, tokens) laid out on sheets, with bleed and crop marks.

Pieces sit edge to edge and share cut lines (fewer cuts for the player); the
block carries a bleed on its outer edges and crop marks outside it, in the
margin, never inside a piece. Backs come either as duplex sheets mirrored for
long-edge flipping, or as fold-and-glue (gutterfold) sheets.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from reportlab.lib.colors import black, white
from reportlab.pdfgen.canvas import Canvas

from printkit.errors import RenderError
from printkit.render.fonts import BODY
from printkit.render.labels import ENGLISH, say
from printkit.render.pdf import clear_boxes, set_boxes
from printkit.render.units import BLEED, CROP_GAP, CROP_LENGTH, MM, Box, Paper

DrawFn = Callable[[Canvas, Box], None]
EDGE_ALLOWANCE = 3 * MM  # bleed may run this close to the paper edge; marks stay clear


@dataclass(frozen=True)
class Piece:
    """One face to print: ``draw`` paints the trim box and may run into the bleed."""

    label: str
    draw: DrawFn
    back: DrawFn | None = None
    group: str = ""  # a new group starts a new sheet (e.g. one player colour per sheet)
    fields: tuple[tuple[str, str], ...] = ()  # what the face shows, for diffs and reprints


@dataclass(frozen=True)
class Grid:
    paper: Paper
    cols: int
    rows: int
    width: float  # trim size of one piece
    height: float
    bleed: float = BLEED

    @property
    def per_sheet(self) -> int:
        return self.cols * self.rows

    @property
    def block(self) -> Box:
        w, h = self.cols * self.width, self.rows * self.height
        return Box((self.paper.width - w) / 2, (self.paper.height - h) / 2, w, h)

    def slot(self, index: int, mirrored: bool = False) -> Box:
        """Trim box of slot ``index`` (row-major from top left); mirrored for backs."""
        row, col = divmod(index, self.cols)
        if mirrored:
            col = self.cols - 1 - col
        block = self.block
        return Box(
            block.x + col * self.width, block.top - (row + 1) * self.height, self.width, self.height
        )


def grid_for(paper: Paper, width: float, height: float, bleed: float = BLEED) -> Grid:
    """As many pieces as fit with the block's bleed clear of the printer's reach."""
    usable_w = paper.width - 2 * (EDGE_ALLOWANCE + bleed)
    usable_h = paper.height - 2 * (EDGE_ALLOWANCE + bleed)
    cols, rows = int(usable_w // width), int(usable_h // height)
    if cols < 1 or rows < 1:
        raise RenderError(
            f"a {width / MM:.0f} x {height / MM:.0f} mm piece does not fit on {paper.name}"
        )
    return Grid(paper, cols, rows, width, height, bleed)


Segment = tuple[float, float, float, float]


def crop_marks(grid: Grid, count: int | None = None) -> list[Segment]:
    """Marks at every cut line, outside the bleed, shortened to stay on the paper."""
    block = grid.block
    used = grid.per_sheet if count is None else count
    rows_used = -(-used // grid.cols)
    xs = [block.x + i * grid.width for i in range(grid.cols + 1)]
    ys = [block.top - j * grid.height for j in range(rows_used + 1)]
    bottom = ys[-1]
    start = grid.bleed + CROP_GAP
    room_v = min(bottom, grid.paper.height - block.top) - start - 1 * MM
    room_h = block.x - start - 1 * MM
    marks: list[Segment] = []
    if room_v > 1.5 * MM:
        length = min(CROP_LENGTH, room_v)
        for x in xs:
            marks.append((x, block.top + start, x, block.top + start + length))
            marks.append((x, bottom - start, x, bottom - start - length))
    if room_h > 1.5 * MM:
        length = min(CROP_LENGTH, room_h)
        for y in ys:
            marks.append((block.x - start, y, block.x - start - length, y))
            marks.append((block.right + start, y, block.right + start + length, y))
    return marks


def draw_crop_marks(c: Canvas, grid: Grid, count: int | None = None) -> None:
    c.saveState()
    c.setStrokeColor(black)
    c.setLineWidth(0.3)
    for x0, y0, x1, y1 in crop_marks(grid, count):
        c.line(x0, y0, x1, y1)
    c.restoreState()


def _clip_to(c: Canvas, box: Box) -> None:
    p = c.beginPath()
    p.rect(box.x, box.y, box.width, box.height)
    c.clipPath(p, stroke=0, fill=0)


def _draw_piece(c: Canvas, draw: DrawFn, slot: Box, grid: Grid, index: int, count: int) -> None:
    """Draw into the slot; the bleed extends only on the block's outer edges."""
    row, col = divmod(index, grid.cols)
    rows_used = -(-count // grid.cols)
    left = grid.bleed if col == 0 else 0
    right = grid.bleed if col == grid.cols - 1 or index == count - 1 else 0
    top = grid.bleed if row == 0 else 0
    bottom = grid.bleed if row == rows_used - 1 else 0
    c.saveState()
    _clip_to(
        c,
        Box(slot.x - left, slot.y - bottom, slot.width + left + right, slot.height + top + bottom),
    )
    draw(c, slot)
    c.restoreState()


def footer(c: Canvas, paper: Paper, text: str) -> None:
    c.saveState()
    c.setFont(BODY, 6.5)
    c.setFillColor(black)
    c.drawCentredString(paper.width / 2, 4.2 * MM, text)
    c.restoreState()


def _used_block(grid: Grid, count: int) -> Box:
    rows_used = -(-count // grid.cols)
    block = grid.block
    return Box(block.x, block.top - rows_used * grid.height, block.width, rows_used * grid.height)


def draw_sheet(
    c: Canvas,
    grid: Grid,
    pieces: Sequence[Piece],
    caption: str,
    backs: bool = False,
    offset: tuple[float, float] = (0.0, 0.0),
) -> None:
    """One sheet of fronts, or of their backs mirrored for long-edge duplex."""
    used = _used_block(grid, len(pieces))
    set_boxes(c, used, used.outset(grid.bleed))
    c.saveState()
    if backs:
        c.translate(*offset)
    for index, piece in enumerate(pieces):
        draw = piece.back if backs else piece.draw
        if draw is None:
            continue
        _draw_piece(c, draw, grid.slot(index, mirrored=backs), grid, index, len(pieces))
    c.restoreState()
    if not backs:
        draw_crop_marks(c, grid, len(pieces))
    footer(c, grid.paper, caption)
    c.showPage()
    clear_boxes(c)


def sheets(pieces: Sequence[Piece], per_sheet: int) -> list[Sequence[Piece]]:
    """Chunks of at most ``per_sheet`` pieces; a change of group starts a new sheet."""
    chunks: list[list[Piece]] = []
    for piece in pieces:
        if not chunks or len(chunks[-1]) == per_sheet or chunks[-1][-1].group != piece.group:
            chunks.append([])
        chunks[-1].append(piece)
    return chunks


def draw_duplex(
    c: Canvas,
    grid: Grid,
    pieces: Sequence[Piece],
    title: str,
    offset: tuple[float, float] = (0.0, 0.0),
    labels: Mapping[str, str] = ENGLISH,
) -> int:
    """Fronts and mirrored backs on alternate pages: print double-sided, flip on long edge."""
    pages = 0
    chunks = sheets(pieces, grid.per_sheet)
    for number, chunk in enumerate(chunks, start=1):
        where = {"title": title, "number": number, "total": len(chunks)}
        draw_sheet(c, grid, chunk, say(labels, "sheet.front", **where))
        pages += 1
        if any(p.back for p in chunk):
            draw_sheet(
                c, grid, chunk, say(labels, "sheet.back", **where), backs=True, offset=offset
            )
            pages += 1
    return pages


def fold_grid(paper: Paper, width: float, height: float, bleed: float = BLEED) -> Grid | None:
    """A row of fronts above the fold and their backs below, landscape or else portrait.

    None when a front and its back cannot share one sheet of ``paper``: such
    cards print double-sided only, and the guide says so.
    """
    for sheet in (paper.landscape, paper.portrait):
        cols = int((sheet.width - 2 * (EDGE_ALLOWANCE + bleed)) // width)
        if cols >= 1 and 2 * height + 4 * bleed <= sheet.height - 2 * EDGE_ALLOWANCE:
            return Grid(sheet, cols, 1, width, height, bleed)
    return None


def gutterfold_grid(paper: Paper, width: float, height: float, bleed: float = BLEED) -> Grid:
    """The fold-and-glue grid, which the caller has checked exists (see `fold_grid`)."""
    grid = fold_grid(paper, width, height, bleed)
    if grid is None:
        raise RenderError(f"pieces of {height / MM:.0f} mm cannot fold on {paper.name}")
    return grid


def draw_gutterfold(
    c: Canvas,
    grid: Grid,
    pieces: Sequence[Piece],
    title: str,
    labels: Mapping[str, str] = ENGLISH,
) -> int:
    """Fronts on top, backs upside down below; fold on the dashed line, glue, cut."""
    paper = grid.paper
    fold_y = paper.height / 2
    gap = grid.bleed
    block_x = (paper.width - grid.cols * grid.width) / 2
    chunks = sheets(pieces, grid.cols)
    for number, chunk in enumerate(chunks, start=1):
        c.setPageSize((paper.width, paper.height))
        n = len(chunk)
        front_row = Box(block_x, fold_y + gap, n * grid.width, grid.height)
        back_row = Box(block_x, fold_y - gap - grid.height, n * grid.width, grid.height)
        whole = Box(front_row.x, back_row.y, front_row.width, front_row.top - back_row.y)
        set_boxes(c, whole, whole.outset(grid.bleed))
        for i, piece in enumerate(chunk):
            left = gap if i == 0 else 0
            right = gap if i == n - 1 else 0
            front = Box(block_x + i * grid.width, front_row.y, grid.width, grid.height)
            c.saveState()
            _clip_to(
                c,
                Box(
                    front.x - left,
                    front.y - gap,
                    front.width + left + right,
                    front.height + 2 * gap,
                ),
            )
            piece.draw(c, front)
            c.restoreState()
            if piece.back:
                back = Box(front.x, back_row.y, grid.width, grid.height)
                c.saveState()
                _clip_to(
                    c,
                    Box(
                        back.x - left,
                        back.y - gap,
                        back.width + left + right,
                        back.height + 2 * gap,
                    ),
                )
                c.translate(back.cx, back.cy)
                c.rotate(180)
                c.translate(-back.cx, -back.cy)
                piece.back(c, back)
                c.restoreState()
        _fold_line(c, front_row.x - 20 * MM, front_row.right + 20 * MM, fold_y, labels)
        _gutter_marks(c, front_row, back_row, n, grid)
        _side_caption(
            c,
            paper,
            say(labels, "fold.caption", title=title, number=number, total=len(chunks)),
        )
        c.showPage()
        clear_boxes(c)
    return len(chunks)


def _side_caption(c: Canvas, paper: Paper, text: str) -> None:
    """Caption up the left margin, clear of the crop marks above and below the block."""
    c.saveState()
    c.setFont(BODY, 6.5)
    c.translate(EDGE_ALLOWANCE + 3 * MM, paper.height / 2)
    c.rotate(90)
    c.drawCentredString(0, 0, text)
    c.restoreState()


def _fold_line(c: Canvas, x0: float, x1: float, y: float, labels: Mapping[str, str]) -> None:
    c.saveState()
    c.setDash(4, 3)
    c.setLineWidth(0.5)
    c.line(x0, y, x1, y)
    c.setFont(BODY, 6)
    c.drawString(x0, y + 1 * MM, say(labels, "fold.word"))
    c.restoreState()


def _gutter_marks(c: Canvas, front: Box, back: Box, n: int, grid: Grid) -> None:
    start = grid.bleed + CROP_GAP
    c.saveState()
    c.setLineWidth(0.3)
    for i in range(n + 1):
        x = front.x + i * grid.width
        c.line(x, front.top + start, x, front.top + start + CROP_LENGTH)
        c.line(x, back.y - start, x, back.y - start - CROP_LENGTH)
    for y in (front.top, front.y, back.top, back.y):
        c.line(front.x - start, y, front.x - start - CROP_LENGTH, y)
        c.line(front.right + start, y, front.right + start + CROP_LENGTH, y)
    c.setFillColor(white)
    c.restoreState()
