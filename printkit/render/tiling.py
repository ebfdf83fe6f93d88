"""Boards larger than a page: tiles with a glue overlap, alignment marks and labels.

The board is drawn once into a PDF form (XObject) and placed on every tile,
clipped, so the file holds one copy of the artwork however many pages it spans.
"""

from __future__ import annotations

import math
import string
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from reportlab.lib.colors import Color, black
from reportlab.pdfgen.canvas import Canvas

from printkit.render.fonts import BODY, BOLD
from printkit.render.labels import ENGLISH, say
from printkit.render.pdf import KitCanvas
from printkit.render.units import CAPTION_BASE, MM, PAPERS, PRINT_EDGE, PRINT_MARGIN, Box, Paper

OVERLAP = 12 * MM
GLUE_TINT = Color(0.85, 0.85, 0.85)
LABEL_BAND = 6 * MM  # above and below the tile: its title line, and the help line
TITLE_BASE = PRINT_EDGE + 2.5 * MM  # from the top edge: 9 pt capitals stay 5 mm inside


@dataclass(frozen=True)
class Tile:
    label: str  # "A1": column letter, row number from the top
    col: int
    row: int
    region: Box  # the part of the board this page shows, in board units
    glue_right: bool
    glue_bottom: bool


def plan_tiles(board_w: float, board_h: float, paper: Paper) -> tuple[Paper, list[Tile]]:
    """Choose the page orientation needing fewest sheets, then cut the board into tiles."""
    best = None
    for page in (paper, paper.landscape):
        usable_w = page.width - 2 * PRINT_MARGIN
        usable_h = page.height - 2 * (PRINT_EDGE + LABEL_BAND)
        cols = max(1, math.ceil((board_w - OVERLAP) / (usable_w - OVERLAP)))
        rows = max(1, math.ceil((board_h - OVERLAP) / (usable_h - OVERLAP)))
        if best is None or cols * rows < best[0]:
            best = (cols * rows, page, cols, rows, usable_w, usable_h)
    _, page, cols, rows, usable_w, usable_h = best
    step_w = (board_w - OVERLAP) / cols
    step_h = (board_h - OVERLAP) / rows
    tiles = []
    for row in range(rows):
        for col in range(cols):
            x = col * step_w
            top = board_h - row * step_h
            region = Box(x, top - step_h - OVERLAP, step_w + OVERLAP, step_h + OVERLAP)
            tiles.append(
                Tile(
                    f"{string.ascii_uppercase[col]}{row + 1}",
                    col,
                    row,
                    region,
                    col < cols - 1,
                    row < rows - 1,
                )
            )
    return page, tiles


Band = tuple[float, float]  # from, to: a strip across a board, in points


def seam_bands(width: float, height: float) -> tuple[list[Band], list[Band]]:
    """The glue strips of home tiling on every paper size: (x bands, y bands) in points.

    A board that keeps its text out of these reads whole on A4 and on Letter.
    """
    xs: set[Band] = set()
    ys: set[Band] = set()
    for paper in PAPERS.values():
        for tile in plan_tiles(width, height, paper)[1]:
            if tile.glue_right:
                xs.add((tile.region.right - OVERLAP, tile.region.right))
            if tile.glue_bottom:
                ys.add((tile.region.y, tile.region.y + OVERLAP))
    return sorted(xs), sorted(ys)


def free_spans(low: float, high: float, bands: Sequence[Band], clearance: float) -> list[Band]:
    """What is left of [low, high] once every band, widened by ``clearance``, is cut out."""
    spans = [(low, high)]
    for a, b in bands:
        a, b = a - clearance, b + clearance
        cut = []
        for s, e in spans:
            if b <= s or a >= e:
                cut.append((s, e))
                continue
            if a > s:
                cut.append((s, a))
            if b < e:
                cut.append((b, e))
        spans = cut
    return spans


def draw_board_form(
    c: Canvas, name: str, draw: Callable[[Canvas], None], width: float, height: float
) -> None:
    """The board as one form XObject, with a bounding box of the whole board (not the page)."""
    c.beginForm(name, 0, 0, width, height)
    draw(c)
    c.endForm()


def draw_tiles(
    c: Canvas,
    form: str,
    board_w: float,
    board_h: float,
    paper: Paper,
    title: str,
    labels: Mapping[str, str] = ENGLISH,
) -> int:
    page, tiles = plan_tiles(board_w, board_h, paper)
    cols = max(t.col for t in tiles) + 1
    rows = max(t.row for t in tiles) + 1
    for tile in tiles:
        c.setPageSize((page.width, page.height))
        region = tile.region
        ox = (page.width - region.width) / 2
        oy = (page.height - region.height) / 2
        if isinstance(c, KitCanvas):
            c.note_page("tile")
        c.saveState()
        p = c.beginPath()
        p.rect(ox, oy, region.width, region.height)
        c.clipPath(p, stroke=0, fill=0)
        c.translate(ox - region.x, oy - region.y)
        c.doForm(form)
        c.restoreState()
        _glue_strips(c, tile, ox, oy, labels)
        _alignment_marks(c, tile, ox, oy)
        c.setFont(BOLD, 9)
        c.drawString(
            PRINT_MARGIN,
            page.height - TITLE_BASE,
            say(labels, "tile.title", title=title, label=tile.label),
        )
        c.setFont(BODY, 7)
        c.drawRightString(
            page.width - PRINT_MARGIN,
            page.height - TITLE_BASE,
            say(labels, "tile.grid", cols=cols, rows=rows, last=string.ascii_uppercase[cols - 1]),
        )
        c.drawCentredString(page.width / 2, CAPTION_BASE, say(labels, "tile.help"))
        c.showPage()
    return len(tiles)


def _glue_strips(c: Canvas, tile: Tile, ox: float, oy: float, labels: Mapping[str, str]) -> None:
    """Shade the overlap that the neighbouring tile covers: this is where glue goes."""
    r = tile.region
    c.saveState()
    c.setFillColor(GLUE_TINT, alpha=0.55)
    c.setFont(BODY, 7)
    if tile.glue_right:
        c.rect(ox + r.width - OVERLAP, oy, OVERLAP, r.height, stroke=0, fill=1)
        c.setFillColor(black)
        c.saveState()
        c.translate(ox + r.width - OVERLAP / 2 + 1 * MM, oy + r.height / 2)
        c.rotate(90)
        c.drawCentredString(0, 0, say(labels, "tile.glue_right"))
        c.restoreState()
    if tile.glue_bottom:
        c.setFillColor(GLUE_TINT, alpha=0.55)
        c.rect(ox, oy, r.width, OVERLAP, stroke=0, fill=1)
        c.setFillColor(black)
        c.drawCentredString(
            ox + r.width / 2, oy + OVERLAP / 2 - 1 * MM, say(labels, "tile.glue_below")
        )
    c.restoreState()


def _alignment_marks(c: Canvas, tile: Tile, ox: float, oy: float) -> None:
    """Marks on the glue strips only, the part that ends up underneath: a dashed line
    where the neighbour's trimmed edge goes, with arrows at two points along it. The
    tile on top carries none, so nothing is left showing once the board is glued."""
    r = tile.region
    c.saveState()
    c.setStrokeColor(black)
    c.setFillColor(black)
    c.setLineWidth(0.4)
    if tile.glue_right:
        x = ox + r.width - OVERLAP
        _edge_line(c, (x, oy), (x, oy + r.height))
        for f in (0.2, 0.8):
            _arrow(c, x, oy + r.height * f, 1, 0)
    if tile.glue_bottom:
        y = oy + OVERLAP
        _edge_line(c, (ox, y), (ox + r.width, y))
        for f in (0.2, 0.8):
            _arrow(c, ox + r.width * f, y, 0, -1)
    c.restoreState()


def _edge_line(c: Canvas, start: tuple[float, float], end: tuple[float, float]) -> None:
    c.saveState()
    c.setDash(3, 2)
    c.line(*start, *end)
    c.restoreState()


def _arrow(c: Canvas, x: float, y: float, dx: float, dy: float) -> None:
    """A small solid triangle on the strip, its point on the edge line."""
    size = 3 * MM
    p = c.beginPath()
    p.moveTo(x, y)
    p.lineTo(x + dx * size - dy * size / 2, y + dy * size + dx * size / 2)
    p.lineTo(x + dx * size + dy * size / 2, y + dy * size - dx * size / 2)
    p.close()
    c.drawPath(p, stroke=0, fill=1)
