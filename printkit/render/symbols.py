"""Small vector symbols that carry meaning beside colour (colour-blind and B/W safe)."""

from __future__ import annotations

import math
from collections.abc import Callable

from reportlab.lib.colors import Color, black, white
from reportlab.pdfgen.canvas import Canvas

from printkit.errors import RenderError

Shape = Callable[[Canvas, float, float, float], None]  # (canvas, x, y, radius)


def rays(c: Canvas, x: float, y: float, r: float, count: int, inner: float, outer: float) -> None:
    """``count`` evenly spaced strokes from ``inner`` to ``outer`` times ``r``: rays, ticks."""
    for i in range(count):
        a = i * math.pi / (count / 2)
        c.line(
            x + math.cos(a) * r * inner,
            y + math.sin(a) * r * inner,
            x + math.cos(a) * r * outer,
            y + math.sin(a) * r * outer,
        )


def _sun(c: Canvas, x: float, y: float, r: float) -> None:
    c.circle(x, y, r * 0.45, stroke=1, fill=1)
    rays(c, x, y, r, 8, 0.6, 0.95)


def _cloud(c: Canvas, x: float, y: float, r: float) -> None:
    p = c.beginPath()
    p.moveTo(x - r * 0.9, y - r * 0.35)
    p.curveTo(x - r * 1.05, y + r * 0.05, x - r * 0.7, y + r * 0.3, x - r * 0.45, y + r * 0.15)
    p.curveTo(x - r * 0.4, y + r * 0.75, x + r * 0.35, y + r * 0.75, x + r * 0.4, y + r * 0.2)
    p.curveTo(x + r * 0.85, y + r * 0.35, x + r * 1.05, y - r * 0.05, x + r * 0.85, y - r * 0.35)
    p.close()
    c.drawPath(p, stroke=1, fill=1)


def _drop(c: Canvas, x: float, y: float, r: float) -> None:
    p = c.beginPath()
    p.moveTo(x, y + r * 0.95)
    p.curveTo(x + r * 0.2, y + r * 0.5, x + r * 0.65, y + r * 0.05, x + r * 0.6, y - r * 0.35)
    p.curveTo(x + r * 0.55, y - r * 0.95, x - r * 0.55, y - r * 0.95, x - r * 0.6, y - r * 0.35)
    p.curveTo(x - r * 0.65, y + r * 0.05, x - r * 0.2, y + r * 0.5, x, y + r * 0.95)
    p.close()
    c.drawPath(p, stroke=1, fill=1)


def _heart(c: Canvas, x: float, y: float, r: float) -> None:
    p = c.beginPath()
    p.moveTo(x, y - r * 0.85)
    p.curveTo(x - r * 1.1, y, x - r * 0.7, y + r * 0.95, x, y + r * 0.45)
    p.curveTo(x + r * 0.7, y + r * 0.95, x + r * 1.1, y, x, y - r * 0.85)
    p.close()
    c.drawPath(p, stroke=1, fill=1)


def _leaf(c: Canvas, x: float, y: float, r: float) -> None:
    p = c.beginPath()
    p.moveTo(x - r * 0.75, y - r * 0.75)
    p.curveTo(x - r * 0.8, y + r * 0.5, x + r * 0.3, y + r * 0.9, x + r * 0.85, y + r * 0.85)
    p.curveTo(x + r * 0.8, y + r * 0.1, x + r * 0.2, y - r * 0.8, x - r * 0.75, y - r * 0.75)
    p.close()
    c.drawPath(p, stroke=1, fill=1)
    c.line(x - r * 0.75, y - r * 0.75, x + r * 0.4, y + r * 0.4)


def _star(c: Canvas, x: float, y: float, r: float) -> None:
    p = c.beginPath()
    for i in range(10):
        a = math.pi / 2 + i * math.pi / 5
        rr = r * (0.95 if i % 2 == 0 else 0.4)
        px, py = x + math.cos(a) * rr, y + math.sin(a) * rr
        p.moveTo(px, py) if i == 0 else p.lineTo(px, py)
    p.close()
    c.drawPath(p, stroke=1, fill=1)


def _cup(c: Canvas, x: float, y: float, r: float) -> None:
    p = c.beginPath()
    p.moveTo(x - r * 0.6, y + r * 0.8)
    p.lineTo(x + r * 0.6, y + r * 0.8)
    p.lineTo(x + r * 0.4, y - r * 0.85)
    p.lineTo(x - r * 0.4, y - r * 0.85)
    p.close()
    c.drawPath(p, stroke=1, fill=1)


def _cube(c: Canvas, x: float, y: float, r: float) -> None:
    s = r * 0.75
    c.rect(x - s, y - s, 2 * s, 2 * s, stroke=1, fill=1)
    c.line(x - s, y - s * 0.2, x + s, y - s * 0.2)
    c.line(x - s * 0.2, y - s, x - s * 0.2, y + s)


def _lemon(c: Canvas, x: float, y: float, r: float) -> None:
    c.ellipse(x - r * 0.85, y - r * 0.6, x + r * 0.85, y + r * 0.6, stroke=1, fill=1)
    c.line(x - r * 0.95, y, x - r * 0.8, y)
    c.line(x + r * 0.8, y, x + r * 0.95, y)


def _snowflake(c: Canvas, x: float, y: float, r: float) -> None:
    """Six arms, each with a pair of branches: a crystal, not the sun's ring of rays."""
    for i in range(6):
        a = math.pi / 2 + i * math.pi / 3
        ux, uy = math.cos(a), math.sin(a)
        c.line(x, y, x + ux * r * 0.95, y + uy * r * 0.95)
        for side in (-1, 1):
            b = a + side * math.pi / 4
            bx, by = x + ux * r * 0.55, y + uy * r * 0.55
            c.line(bx, by, bx + math.cos(b) * r * 0.32, by + math.sin(b) * r * 0.32)


def _diamond(c: Canvas, x: float, y: float, r: float) -> None:
    p = c.beginPath()
    p.moveTo(x, y + r * 0.95)
    p.lineTo(x + r * 0.7, y)
    p.lineTo(x, y - r * 0.95)
    p.lineTo(x - r * 0.7, y)
    p.close()
    c.drawPath(p, stroke=1, fill=1)


def _triangle(c: Canvas, x: float, y: float, r: float) -> None:
    p = c.beginPath()
    p.moveTo(x, y + r * 0.9)
    p.lineTo(x + r * 0.85, y - r * 0.65)
    p.lineTo(x - r * 0.85, y - r * 0.65)
    p.close()
    c.drawPath(p, stroke=1, fill=1)


def _flag(c: Canvas, x: float, y: float, r: float) -> None:
    c.line(x - r * 0.55, y - r * 0.95, x - r * 0.55, y + r * 0.9)
    p = c.beginPath()
    p.moveTo(x - r * 0.55, y + r * 0.9)
    p.lineTo(x + r * 0.8, y + r * 0.5)
    p.lineTo(x - r * 0.55, y + r * 0.1)
    p.close()
    c.drawPath(p, stroke=1, fill=1)


def _thermometer(c: Canvas, x: float, y: float, r: float) -> None:
    c.roundRect(x - r * 0.18, y - r * 0.4, r * 0.36, r * 1.3, r * 0.18, stroke=1, fill=1)
    c.circle(x, y - r * 0.55, r * 0.35, stroke=1, fill=1)


def _coin(c: Canvas, x: float, y: float, r: float) -> None:
    c.circle(x, y, r * 0.85, stroke=1, fill=1)
    c.circle(x, y, r * 0.6, stroke=1, fill=0)


SYMBOLS: dict[str, Shape] = {
    "sun": _sun,
    "cloud": _cloud,
    "drop": _drop,
    "heart": _heart,
    "leaf": _leaf,
    "star": _star,
    "cup": _cup,
    "cube": _cube,
    "lemon": _lemon,
    "snowflake": _snowflake,
    "thermometer": _thermometer,
    "coin": _coin,
    "diamond": _diamond,
    "triangle": _triangle,
    "flag": _flag,
}


def draw_symbol(
    c: Canvas,
    name: str,
    x: float,
    y: float,
    radius: float,
    fill: Color = white,
    stroke: Color = black,
    line_width: float | None = None,
) -> None:
    """Draw symbol ``name`` centred on (x, y) within a circle of ``radius``."""
    if name not in SYMBOLS:
        raise RenderError(f"unknown symbol {name!r}; known: {', '.join(sorted(SYMBOLS))}")
    draw_shape(c, SYMBOLS[name], x, y, radius, fill, stroke, line_width)


def draw_shape(
    c: Canvas,
    shape: Shape,
    x: float,
    y: float,
    radius: float,
    fill: Color = white,
    stroke: Color = black,
    line_width: float | None = None,
    round_caps: bool = True,
) -> None:
    """A shape in the symbols' pen: round joins (and caps), a line in proportion to its size.

    A game draws its own pictures with this, so they sit beside the shared set.
    """
    c.saveState()
    c.setFillColor(fill)
    c.setStrokeColor(stroke)
    c.setLineWidth(line_width if line_width is not None else max(radius * 0.09, 0.4))
    c.setLineJoin(1)
    if round_caps:
        c.setLineCap(1)
    shape(c, x, y, radius)
    c.restoreState()
