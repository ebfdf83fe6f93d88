"""Imposition: equal pieces (cards, tokens) laid out on sheets, with bleed and crop marks.

Pieces sit edge to edge and share cut lines (fewer cuts for the player); every
side of a piece without a neighbour carries a bleed, fronts and backs alike, and
crop marks sit outside the block, never inside a piece, and at least 5 mm inside
the paper edge (home printers leave 3–6 mm unprinted). Backs come either as duplex
sheets mirrored for long-edge flipping, or as fold-and-glue (gutterfold) sheets.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace

from reportlab.lib.colors import black
from reportlab.pdfgen.canvas import Canvas

from printkit.errors import RenderError
from printkit.render.fonts import BODY
from printkit.render.fonts import width as text_width
from printkit.render.labels import ENGLISH, say
from printkit.render.pdf import KitCanvas, clear_boxes, set_boxes
from printkit.render.units import (
    BLEED,
    CAPTION_BASE,
    CAPTION_SIZE,
    CAPTION_TOP,
    CROP_GAP,
    CROP_LENGTH,
    MIN_CROP,
    MM,
    PRINT_EDGE,
    Box,
    Paper,
)

DrawFn = Callable[[Canvas, Box], None]
POKER = (63 * MM, 88 * MM)  # the usual card: it sets a paper's house orientation
MARK_ROOM = CROP_GAP + MIN_CROP  # from a cut to the far end of the shortest mark
SIDE_NEED = PRINT_EDGE + MARK_ROOM  # from the paper edge to the nearest cut
BOTTOM_NEED = CAPTION_TOP + MARK_ROOM  # the caption line sits below the bottom marks
TOP_CAPTION = PRINT_EDGE + 3.5 * MM  # fold sheets: the caption runs along the top edge
FACES_KEPT = 20_000  # faces remembered per canvas for `_face_form`


@dataclass(frozen=True)
class Piece:
    """One face to print: ``draw`` paints the trim box and may run into the bleed."""

    label: str
    draw: DrawFn
    back: DrawFn | None = None
    group: str = ""  # pieces of one group stay together, in order
    fields: tuple[tuple[str, str], ...] = ()  # what the face shows, for diffs and reprints
    token: str = ""  # the kind of token this piece is, for spaces that hold one


@dataclass(frozen=True)
class Grid:
    paper: Paper  # as the sheet is printed: portrait, or landscape when more fit
    cols: int
    rows: int
    width: float  # trim size of one piece
    height: float
    bleed: float = BLEED
    top: float | None = None  # a band's block top on a shared sheet; None: placed by the grid

    @property
    def per_sheet(self) -> int:
        return self.cols * self.rows

    @property
    def landscape(self) -> bool:
        return self.paper.width > self.paper.height

    @property
    def block(self) -> Box:
        """The pieces' block: centred across, raised so the caption fits below the marks."""
        w, h = self.cols * self.width, self.rows * self.height
        if self.top is not None:
            return Box((self.paper.width - w) / 2, self.top - h, w, h)
        spare = self.paper.height - h
        bottom = min(max(spare / 2, BOTTOM_NEED), spare - SIDE_NEED)
        return Box((self.paper.width - w) / 2, bottom, w, h)

    def place(self, index: int, mirrored: bool = False) -> tuple[int, int]:
        """Row and column of slot ``index``; backs mirror what a long-edge flip mirrors:
        the columns of a portrait sheet, the rows of a landscape one."""
        row, col = divmod(index, self.cols)
        if mirrored and self.landscape:
            row = self.rows - 1 - row
        elif mirrored:
            col = self.cols - 1 - col
        return row, col

    def box(self, row: int, col: int) -> Box:
        block = self.block
        return Box(
            block.x + col * self.width, block.top - (row + 1) * self.height, self.width, self.height
        )

    def slot(self, index: int, mirrored: bool = False) -> Box:
        """Trim box of slot ``index`` (row-major from top left); mirrored for backs."""
        return self.box(*self.place(index, mirrored))


def _fit(paper: Paper, width: float, height: float, side: float, top: float, bottom: float):
    cols = int((paper.width - 2 * side) // width)
    rows = int((paper.height - top - bottom) // height)
    return max(cols, 0), max(rows, 0)


def _grids(paper: Paper, width: float, height: float, bleed: float) -> list[Grid]:
    side = max(SIDE_NEED, PRINT_EDGE + bleed)
    grids = []
    for page in (paper.portrait, paper.landscape):
        cols, rows = _fit(page, width, height, side, side, max(BOTTOM_NEED, side))
        if cols and rows:
            grids.append(Grid(page, cols, rows, width, height, bleed))
    return grids


def _better(grid: Grid, best: Grid, house: Paper, count: int | None) -> bool:
    def need(g: Grid) -> float:
        return -g.per_sheet if count is None else -(-count // g.per_sheet)

    return need(grid) < need(best) or (need(grid) == need(best) and grid.paper == house)


def house_paper(paper: Paper) -> Paper:
    """The orientation poker cards print in on this paper: the one the calibration page
    takes, and every deck's when both hold as many (so backs share one duplex offset)."""
    grids = _grids(paper, *POKER, BLEED)
    return max(grids, key=lambda g: g.per_sheet).paper


def grid_for(
    paper: Paper, width: float, height: float, bleed: float = BLEED, count: int | None = None
) -> Grid:
    """As many pieces as fit with room for crop marks and the caption on every side:
    portrait, or landscape when that holds more (US Letter takes poker cards 8-up). Given
    the deck's ``count``, the fewer sheets decide; a tie goes to the house orientation."""
    house = house_paper(paper)
    best: Grid | None = None
    for grid in _grids(paper, width, height, bleed):
        if best is None or _better(grid, best, house, count):
            best = grid
    if best is None:
        raise RenderError(
            f"a {width / MM:.0f} x {height / MM:.0f} mm piece does not fit on {paper.name} "
            "with room for crop marks",
            "make it smaller in kit.yaml",
        )
    return best


Segment = tuple[float, float, float, float]


@dataclass(frozen=True)
class MarkRoom:
    """How far marks may run on each side of the paper before the printer's reach."""

    left: float = PRINT_EDGE
    bottom: float = PRINT_EDGE
    right: float = PRINT_EDGE
    top: float = PRINT_EDGE


def cut_marks(
    paper: Paper, block: Box, xs: Sequence[float], ys: Sequence[float], room: MarkRoom
) -> list[Segment]:
    """Marks at every cut line, outside the block, as long as the margin allows."""
    marks: list[Segment] = []
    up = min(CROP_LENGTH, paper.height - room.top - block.top - CROP_GAP)
    down = min(CROP_LENGTH, block.y - CROP_GAP - room.bottom)
    left = min(CROP_LENGTH, block.x - CROP_GAP - room.left)
    right = min(CROP_LENGTH, paper.width - room.right - block.right - CROP_GAP)
    for x in xs:
        if up >= MIN_CROP:
            marks.append((x, block.top + CROP_GAP, x, block.top + CROP_GAP + up))
        if down >= MIN_CROP:
            marks.append((x, block.y - CROP_GAP, x, block.y - CROP_GAP - down))
    for y in ys:
        if left >= MIN_CROP:
            marks.append((block.x - CROP_GAP, y, block.x - CROP_GAP - left, y))
        if right >= MIN_CROP:
            marks.append((block.right + CROP_GAP, y, block.right + CROP_GAP + right, y))
    return marks


def crop_marks(grid: Grid, count: int | None = None) -> list[Segment]:
    """Marks at every cut line of the used block, clear of the caption below."""
    block = _used_block(grid, grid.per_sheet if count is None else count)
    xs = [block.x + i * grid.width for i in range(grid.cols + 1)]
    ys = [block.top - j * grid.height for j in range(round(block.height / grid.height) + 1)]
    return cut_marks(grid.paper, block, xs, ys, MarkRoom(bottom=CAPTION_TOP))


def draw_marks(c: Canvas, marks: Sequence[Segment]) -> None:
    """Hairline marks, tagged in the PDF so preflight can tell them from artwork."""
    _tag(c, "begin")
    c.saveState()
    c.setStrokeColor(black)
    c.setLineWidth(0.3)
    for x0, y0, x1, y1 in marks:
        c.line(x0, y0, x1, y1)
    c.restoreState()
    _tag(c, "end")


def _tag(c: Canvas, where: str) -> None:
    if isinstance(c, KitCanvas):
        (c.begin_crop_marks if where == "begin" else c.end_crop_marks)()


def _note_page(c: Canvas, kind: str, bleed: float) -> None:
    if isinstance(c, KitCanvas):
        c.note_page(kind, bleed)


def _note_piece(c: Canvas, piece: Piece, box: Box, side: str) -> None:
    if isinstance(c, KitCanvas):
        c.note_piece(piece.label, c.absolute_box(box), side, piece.token)


def _clip_to(c: Canvas, box: Box) -> None:
    p = c.beginPath()
    p.rect(box.x, box.y, box.width, box.height)
    c.clipPath(p, stroke=0, fill=0)


def _bleed_box(slot: Box, cell: tuple[int, int], taken: set[tuple[int, int]], bleed: float):
    """The slot grown by the bleed on every side without a neighbouring piece."""
    row, col = cell
    left = 0 if (row, col - 1) in taken else bleed
    right = 0 if (row, col + 1) in taken else bleed
    top = 0 if (row - 1, col) in taken else bleed
    bottom = 0 if (row + 1, col) in taken else bleed
    return Box(
        slot.x - left, slot.y - bottom, slot.width + left + right, slot.height + top + bottom
    )


def _draw_clipped(c: Canvas, draw: DrawFn, slot: Box, clip: Box, turn: bool = False) -> None:
    c.saveState()
    _clip_to(c, clip)
    if turn:  # upside down, for the half of a fold sheet that folds over
        c.translate(slot.cx, slot.cy)
        c.rotate(180)
        c.translate(-slot.cx, -slot.cy)
    form = _face_form(c, draw, slot.width, slot.height)
    if form is None:
        draw(c, slot)
    else:
        c.translate(slot.x, slot.y)
        c.doForm(form)
    c.restoreState()


def _face_form(c: Canvas, draw: DrawFn, width: float, height: float) -> str | None:
    """The form XObject a face repeated on this canvas is drawn into once, or None.

    A face is drawn directly the first time it is seen and made a form the
    second (a deck's shared back, a card's copies, a face on its sheet and
    its fold page): every later use costs one ``Do``. Forms are named in the
    order faces recur, so the same content gives the same bytes. A face that
    notes a token space stays direct: the space must be noted where it lands.
    """
    seen = c.__dict__.setdefault("_printkit_faces", {})
    key = (draw, round(width, 3), round(height, 3))
    known = seen.get(key, "")
    if known != "":
        return known
    if key not in seen:
        seen[key] = ""  # once: drawn directly
        if len(seen) > FACES_KEPT:
            seen.clear()
        return None
    name = f"pkface{c.__dict__.setdefault('_printkit_forms', itertools.count()).__next__()}"
    spaces = _spaces_noted(c)
    c.beginForm(name, -width, -height, 2 * width, 2 * height)  # the clip is the page's
    draw(c, Box(0, 0, width, height))
    c.endForm()
    if _spaces_noted(c) != spaces:
        del c._record["Spaces"][spaces:]  # noted in the form's own coordinates: not kept
        seen[key] = None
        return None
    seen[key] = name
    return name


def _spaces_noted(c: Canvas) -> int:
    return len(c._record.get("Spaces", ())) if isinstance(c, KitCanvas) else 0


def footer(c: Canvas, paper: Paper, text: str) -> None:
    """The sheet's caption, centred below the block, clear of the printer's margin."""
    c.saveState()
    c.setFont(BODY, CAPTION_SIZE)
    c.setFillColor(black)
    c.drawCentredString(paper.width / 2, CAPTION_BASE, text)
    c.restoreState()


def _used_block(grid: Grid, count: int) -> Box:
    rows_used = -(-count // grid.cols)
    block = grid.block
    return Box(block.x, block.top - rows_used * grid.height, block.width, rows_used * grid.height)


@dataclass(frozen=True)
class Band:
    """Pieces of one size on part of a sheet: a sheet holds one band, or several stacked
    when a sparse deck fills what another leaves empty."""

    grid: Grid
    pieces: tuple[Piece, ...]


Layout = tuple[Band, ...]  # one sheet
BAND_GAP = 2 * MARK_ROOM  # between stacked bands: room for the marks of both


def layout_sheets(decks: Sequence[tuple[float, float, Sequence[Piece]]], paper: Paper):
    """Sheets for one deck, or for several sharing sheets: each deck after the first
    starts in the rows the previous one left empty on its last sheet, if it fits there
    and saves a sheet. Every slot carries its own back (or none), so a sheet mixes decks
    with backs and decks without."""
    result: list[Layout] = []
    for width, height, pieces in _joined(decks):
        grid = grid_for(paper, width, height, count=len(pieces))
        rest = tuple(pieces)
        if result and rest:
            shared, rest = _fill(result[-1], grid, rest)
            result[-1] = shared
        result += [(Band(grid, tuple(chunk)),) for chunk in sheets(rest, grid.per_sheet)]
    return result


def _joined(decks: Sequence[tuple[float, float, Sequence[Piece]]]):
    """Neighbouring decks of one card size run on as one: their cards share rows, with no
    band of marks between them."""
    joined: list[tuple[float, float, tuple[Piece, ...]]] = []
    for width, height, pieces in decks:
        if joined and joined[-1][:2] == (width, height):
            joined[-1] = (width, height, joined[-1][2] + tuple(pieces))
        else:
            joined.append((width, height, tuple(pieces)))
    return joined


def _fill(sheet: Layout, grid: Grid, pieces: tuple[Piece, ...]):
    """The sheet with a band of ``pieces`` below its last one, and the pieces left over;
    the sheet unchanged when they do not fit, or sharing would save no sheet."""
    last = sheet[-1]
    if last.grid.paper != grid.paper:
        return sheet, pieces
    lifted = sheet
    if len(sheet) == 1:  # lift the block to the top to make room below it
        rows = -(-len(last.pieces) // last.grid.cols)
        top = grid.paper.height - SIDE_NEED
        lifted = (Band(replace(last.grid, rows=rows, top=top), last.pieces),)
    top = _used_block(lifted[-1].grid, len(lifted[-1].pieces)).y - BAND_GAP
    rows = int((top - BOTTOM_NEED) // grid.height)
    if rows < 1:
        return sheet, pieces
    band = replace(grid, rows=rows, top=top)
    alone = -(-len(pieces) // grid.per_sheet)
    after = -(-max(len(pieces) - band.per_sheet, 0) // grid.per_sheet)
    if after == alone:  # it would split the deck and save no paper
        return sheet, pieces
    return (*lifted, Band(band, pieces[: band.per_sheet])), pieces[band.per_sheet :]


def draw_layout(
    c: Canvas,
    bands: Layout,
    caption: str,
    backs: bool = False,
    offset: tuple[float, float] = (0.0, 0.0),
) -> None:
    """One sheet of bands: fronts with crop marks, or backs mirrored for long-edge duplex."""
    paper = bands[0].grid.paper
    c.setPageSize((paper.width, paper.height))
    grid = bands[0].grid
    if backs and grid.landscape and len(bands) > 1:
        bands = tuple(_flipped(band) for band in bands)
    useds = [_used_block(b.grid, len(b.pieces)) for b in bands]
    if backs and grid.landscape:  # the backs' rows come out at the other end of the sheet
        useds = [_mirrored_rows(b.grid, used) for b, used in zip(bands, useds, strict=True)]
    whole = _union(useds)
    set_boxes(c, whole, whole.outset(grid.bleed))
    _note_page(c, "sheet", grid.bleed)
    c.saveState()
    if backs:
        c.translate(*offset)
    for band in bands:
        _draw_band(c, band, backs)
    c.restoreState()
    if not backs:
        for index in range(len(bands)):
            draw_marks(c, _band_marks(bands, index))
    footer(c, paper, caption)
    c.showPage()
    clear_boxes(c)


def _flipped(band: Band) -> Band:
    """A stacked band as a long-edge flip of a landscape sheet sees it: its block moved to
    the other end of the sheet (its rows are mirrored within the block by `Grid.place`)."""
    grid = band.grid
    return replace(band, grid=replace(grid, top=grid.paper.height - grid.block.y))


def _mirrored_rows(grid: Grid, used: Box) -> Box:
    """The rows a band's pieces take, mirrored within its block as their backs are."""
    block = grid.block
    return Box(used.x, block.top - used.top + block.y, used.width, used.height)


def _draw_band(c: Canvas, band: Band, backs: bool) -> None:
    grid = band.grid
    taken = {grid.place(i, backs) for i in range(len(band.pieces))}
    for index, piece in enumerate(band.pieces):
        draw = piece.back if backs else piece.draw
        if draw is None:
            continue
        cell = grid.place(index, backs)
        slot = grid.box(*cell)
        _note_piece(c, piece, slot, "back" if backs else "front")
        _draw_clipped(c, draw, slot, _bleed_box(slot, cell, taken, grid.bleed))


def _band_marks(bands: Layout, index: int) -> list[Segment]:
    """A band's marks: up to the paper's edge or halfway into the gap above, down to the
    caption or halfway into the gap below."""
    grid, count = bands[index].grid, len(bands[index].pieces)
    paper = grid.paper
    top = PRINT_EDGE
    bottom = CAPTION_TOP
    if index > 0:
        top = paper.height - (grid.block.top + BAND_GAP / 2)
    if index < len(bands) - 1:
        bottom = _used_block(grid, count).y - BAND_GAP / 2
    block = _used_block(grid, count)
    xs = [block.x + i * grid.width for i in range(grid.cols + 1)]
    ys = [block.top - j * grid.height for j in range(round(block.height / grid.height) + 1)]
    return cut_marks(paper, block, xs, ys, MarkRoom(bottom=bottom, top=top))


def _union(boxes: Sequence[Box]) -> Box:
    x0, y0 = min(b.x for b in boxes), min(b.y for b in boxes)
    x1, y1 = max(b.right for b in boxes), max(b.top for b in boxes)
    return Box(x0, y0, x1 - x0, y1 - y0)


def sheets(pieces: Sequence[Piece], per_sheet: int) -> list[Sequence[Piece]]:
    """Chunks of ``per_sheet`` pieces, every slot filled but the last sheet's: a group
    (say, one player colour) stays in order but shares sheets with the next one."""
    return [pieces[i : i + per_sheet] for i in range(0, len(pieces), per_sheet)]


# -- fold-and-glue -----------------------------------------------------------------
def gutterfold_grid(paper: Paper, width: float, height: float, bleed: float = BLEED) -> Grid:
    """Fronts above the fold, their backs below it: ``rows`` rows on each side, in the
    orientation that holds more pieces (landscape when equal)."""
    best: Grid | None = None
    for page in (paper.landscape, paper.portrait):
        half = page.height / 2 - bleed - TOP_CAPTION - MARK_ROOM
        rows = int(half // height)
        cols = int((page.width - 2 * SIDE_NEED) // width)
        if rows > 0 and cols > 0 and (best is None or rows * cols > best.per_sheet):
            best = Grid(page, cols, rows, width, height, bleed)
    if best is None:
        raise RenderError(f"pieces of {height / MM:.0f} mm cannot fold on {paper.name}")
    return best


def fold_grid(paper: Paper, width: float, height: float, bleed: float = BLEED) -> Grid | None:
    """The fold-and-glue grid, or None when a front and its back cannot share one sheet of
    ``paper``: such cards print double-sided only, and the guide says so."""
    try:
        return gutterfold_grid(paper, width, height, bleed)
    except RenderError:
        return None


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
    chunks = sheets(pieces, grid.per_sheet)
    for number, chunk in enumerate(chunks, start=1):
        c.setPageSize((paper.width, paper.height))
        cells = [divmod(i, grid.cols) for i in range(len(chunk))]  # (row from the fold, col)
        rows = cells[-1][0] + 1
        cols = grid.cols if rows > 1 else len(chunk)
        front = Box(block_x, fold_y + gap, cols * grid.width, rows * grid.height)
        back = Box(block_x, fold_y - gap - rows * grid.height, front.width, front.height)
        whole = Box(front.x, back.y, front.width, front.top - back.y)
        set_boxes(c, whole, whole.outset(grid.bleed))
        _note_page(c, "fold", grid.bleed)
        taken = set(cells)
        for piece, (row, col) in zip(chunk, cells, strict=True):
            x = block_x + col * grid.width
            face = Box(x, front.y + row * grid.height, grid.width, grid.height)
            # the fold side is row 0's bleed: its neighbour "below" is row -1, never taken
            clip = _bleed_box(face, (-row, col), {(-r, k) for r, k in taken}, gap)
            _note_piece(c, piece, face, "front")
            _draw_clipped(c, piece.draw, face, clip)
            if piece.back:
                turned = Box(x, back.top - (row + 1) * grid.height, grid.width, grid.height)
                clip = _bleed_box(turned, (row, col), taken, gap)
                _note_piece(c, piece, turned, "back")
                _draw_clipped(c, piece.back, turned, clip, turn=True)
        caption = say(labels, "fold.caption", title=title, number=number, total=len(chunks))
        _top_caption(c, paper, caption)
        _fold_line(c, paper, whole, fold_y, labels)
        xs = [front.x + i * grid.width for i in range(cols + 1)]
        ys = [front.y + j * grid.height for j in range(rows + 1)]
        ys += [back.top - j * grid.height for j in range(rows + 1)]
        draw_marks(c, cut_marks(paper, whole, xs, ys, MarkRoom(top=TOP_CAPTION)))
        c.showPage()
        clear_boxes(c)
    return len(chunks)


def _top_caption(c: Canvas, paper: Paper, text: str) -> None:
    """Caption along the top edge, above the crop marks, clear of the printer's margin."""
    c.saveState()
    c.setFont(BODY, CAPTION_SIZE)
    c.drawCentredString(paper.width / 2, paper.height - PRINT_EDGE - 2 * MM, text)
    c.restoreState()


def _fold_line(c: Canvas, paper: Paper, whole: Box, y: float, labels: Mapping[str, str]) -> None:
    """The dashed fold line across the block, its word after it where the margin allows."""
    word = say(labels, "fold.word")
    x0 = max(whole.x - CROP_LENGTH, PRINT_EDGE)
    room = paper.width - PRINT_EDGE - whole.right
    spare = room - text_width(word, BODY, CAPTION_SIZE) - 1 * MM
    x1 = whole.right + min(CROP_LENGTH, max(spare, 0))
    c.saveState()
    c.setDash(4, 3)
    c.setLineWidth(0.5)
    c.line(x0, y, x1, y)
    if spare > 0:
        c.setFont(BODY, CAPTION_SIZE)
        c.drawString(x1 + 1 * MM, y - CAPTION_SIZE * 0.35, word)
    c.restoreState()
