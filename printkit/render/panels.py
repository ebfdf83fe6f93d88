"""Panels, headed panels and ruled tables: the boxes boards, mats and reference cards
hold their words in, drawn one way for every game.

Each draws within its box or fails naming the piece (`need`); none leaves the
canvas's colours or line width changed behind it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from reportlab.lib.colors import Color, white
from reportlab.pdfgen.canvas import Canvas

from printkit.errors import RenderError
from printkit.render.fonts import BODY, BOLD, CONDENSED, MIN_CARD_TEXT
from printkit.render.text import Mark, symbol_text, text_box
from printkit.render.theme import INK, Theme
from printkit.render.units import MM, Box

CORNER = 3 * MM  # a panel's corner radius
PAD = 3 * MM  # inside a headed panel
HEADING = 8 * MM  # a headed panel's heading band

Cell = str | tuple[str | Mark, str]  # plain text, or (symbol name or a mark, text)


def xywh(box: Box) -> tuple[float, float, float, float]:
    """The box as reportlab's rect() arguments."""
    return box.x, box.y, box.width, box.height


def panel(
    c: Canvas,
    box: Box,
    fill: Color = white,
    stroke: Color = INK,
    line: float = 0.6,
    radius: float = CORNER,
) -> None:
    """A rounded, outlined panel that text or a picture sits on."""
    c.saveState()
    c.setFillColor(fill)
    c.setStrokeColor(stroke)
    c.setLineWidth(line)
    c.roundRect(*xywh(box), radius, stroke=1, fill=1)
    c.restoreState()


def headed_panel(
    c: Canvas,
    box: Box,
    title: str,
    fill: Color,
    size: float = 11.5,
    line: float = 0.8,
    radius: float = 2.5 * MM,
) -> Box:
    """A panel with a bold heading; returns the room left under the heading."""
    panel(c, box, fill, line=line, radius=radius)
    head, _ = box.inset(PAD, PAD * 0.7).split_top(HEADING - 1 * MM)
    text_box(c, title, head, BOLD, size, what=f"heading {title!r}")
    return panel_body(box)


def panel_body(box: Box) -> Box:
    """The room a headed panel leaves under its heading (for laying out before drawing)."""
    _, body = box.inset(PAD, PAD * 0.7).split_top(HEADING - 1 * MM)
    return Box(body.x, body.y, body.width, body.height - 1 * MM)


@dataclass(frozen=True)
class Disc:
    """How a numbered disc looks: its radius, fill, outline and outline width, and its
    number's colour, size and drop (from the disc's centre down to the baseline)."""

    radius: float
    fill: Color
    stroke: Color
    line: float
    ink: Color
    size: float
    drop: float


def numbered_disc(c: Canvas, x: float, y: float, number: str, disc: Disc) -> None:
    """A bold number centred in a disc at (x, y): a badge, a callout, a strength; the
    number's colour is left set, for text that follows."""
    c.setFillColor(disc.fill)
    c.setStrokeColor(disc.stroke)
    c.setLineWidth(disc.line)
    c.circle(x, y, disc.radius, stroke=1, fill=1)
    c.setFillColor(disc.ink)
    c.setFont(BOLD, disc.size)
    c.drawCentredString(x, y - disc.drop, number)


def need(height: float, room: Box, what: str, hint: str = "") -> None:
    """Fail, naming the piece, when ``height`` does not fit ``room``."""
    if height > room.height + 0.01:
        raise RenderError(
            f"{what} needs {height / MM:.0f} mm of height but has {room.height / MM:.0f} mm",
            hint or "enlarge the component in kit.yaml or shorten the content",
        )


def table(
    c: Canvas,
    box: Box,
    header: Sequence[str],
    rows: Sequence[Sequence[Cell]],
    widths: Sequence[float],
    theme: Theme,
    row_h: float = 6 * MM,
    size: float = 8.5,
    what: str = "table",
    row_fills: Sequence[Color] | None = None,
    left: int = 1,
    min_size: float = MIN_CARD_TEXT,
) -> float:
    """A ruled table from the top of ``box`` down; returns the y below its last row.

    ``widths`` are shares of the box's width. The first ``left`` columns (labels,
    prose) are left-aligned, the rest (numbers) centred; a (symbol, text) cell
    prints its symbol first.
    """
    total = row_h * (len(rows) + 1)
    need(total, box, what)
    scale = box.width / sum(widths)
    xs = [box.x]
    for w in widths:
        xs.append(xs[-1] + w * scale)
    top = box.top
    c.saveState()
    c.setFillColor(white)
    c.rect(box.x, top - total, box.width, total, stroke=0, fill=1)
    c.setFillColor(theme.pale(INK, 0.85))
    c.rect(box.x, top - row_h, box.width, row_h, stroke=0, fill=1)
    for i, fill in enumerate(row_fills or ()):
        c.setFillColor(fill)
        c.rect(box.x, top - (i + 2) * row_h, box.width, row_h, stroke=0, fill=1)
    c.restoreState()

    def cell(col: int, y: float) -> Box:
        return Box(xs[col], y, xs[col + 1] - xs[col], row_h).inset(1.2 * MM, 0.4 * MM)

    for col, label in enumerate(header):
        align = "left" if col < left else "center"
        text_box(c, label, cell(col, top - row_h), CONDENSED, size, align, what=what)
    for i, row in enumerate(rows):
        y = top - (i + 2) * row_h
        for col, value in enumerate(row):
            if isinstance(value, tuple):
                symbol_text(c, *value, cell(col, y), BODY, size, what=what, min_size=min_size)
            else:
                align = "left" if col < left else "center"
                text_box(c, value, cell(col, y), BODY, size, align, what=what, min_size=min_size)
    c.saveState()
    c.setStrokeColor(INK)
    c.setLineWidth(0.4)
    for i in range(1, len(rows) + 1):
        c.line(box.x, top - i * row_h, box.right, top - i * row_h)
    for x in xs[1:-1]:
        c.line(x, top, x, top - total)
    c.setLineWidth(0.8)
    c.rect(box.x, top - total, box.width, total, stroke=1, fill=0)
    c.restoreState()
    return top - total


def ruled_list(
    c: Canvas,
    box: Box,
    rows: Sequence[tuple[str, str]],
    what: str,
    rule: Color = INK,
    size: float = 7.5,
    min_size: float = MIN_CARD_TEXT,
    value_size: float = 9.0,
    value_room: float = 8 * MM,
    gap: float = 1.1 * MM,
) -> float:
    """Label and value per row from the top of ``box`` down, a hairline under each row,
    values bold at the right; returns the y below the last row, or fails if it overruns."""
    y = box.top
    label_w = box.width - value_room
    for label, value in rows:
        room = Box(box.x, y - 9 * MM, label_w, 9 * MM)
        fitted = text_box(c, label, room, BODY, size, valign="flow", what=what, min_size=min_size)
        c.setFont(BOLD, value_size)
        c.drawRightString(box.right, y - fitted.size, value)
        y -= fitted.leading * len(fitted.lines) + gap
        c.setStrokeColor(rule)
        c.setLineWidth(0.3)
        c.line(box.x, y + gap / 2, box.right, y + gap / 2)
    overrun(box, y, what)
    return y


def overrun(box: Box, y: float, what: str) -> None:
    """Fail when text set down ``box`` ended at ``y``, below its foot."""
    if y < box.y - 0.5:
        raise RenderError(f"{what}: the text runs {(box.y - y) / MM:.1f} mm off the card")
