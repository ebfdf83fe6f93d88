"""Yard Sale's pictures: subject symbols and small icons, in the style of printkit's set.

Each subject carries a symbol as its primary cue (colour-blind and
black-and-white safe); the colour only backs it up. Symbols the shared set
already has (player colours' sun, heart, ...) are drawn by it.
"""

from __future__ import annotations

from reportlab.lib.colors import Color, black, white
from reportlab.pdfgen.canvas import Canvas

from printkit.render.fonts import BOLD, register_fonts
from printkit.render.symbols import Shape, draw_shape, draw_symbol, rays


def _book(c: Canvas, x: float, y: float, r: float) -> None:
    """An open book: two pages meeting at the spine."""
    for side in (-1, 1):
        p = c.beginPath()
        p.moveTo(x, y - r * 0.55)
        p.curveTo(
            x + side * r * 0.3,
            y - r * 0.4,
            x + side * r * 0.6,
            y - r * 0.45,
            x + side * r * 0.9,
            y - r * 0.6,
        )
        p.lineTo(x + side * r * 0.9, y + r * 0.5)
        p.curveTo(
            x + side * r * 0.6, y + r * 0.65, x + side * r * 0.3, y + r * 0.6, x, y + r * 0.45
        )
        p.close()
        c.drawPath(p, stroke=1, fill=1)
        for k in (0.1, 0.3):
            c.line(x + side * r * 0.2, y + r * k, x + side * r * 0.7, y + r * (k + 0.05))


def _ball(c: Canvas, x: float, y: float, r: float) -> None:
    """A beach ball: a circle with curved panels."""
    c.circle(x, y, r * 0.85, stroke=1, fill=1)
    p = c.beginPath()
    p.moveTo(x, y + r * 0.85)
    p.curveTo(x - r * 0.45, y + r * 0.3, x - r * 0.45, y - r * 0.3, x, y - r * 0.85)
    c.drawPath(p, stroke=1, fill=0)
    p = c.beginPath()
    p.moveTo(x, y + r * 0.85)
    p.curveTo(x + r * 0.45, y + r * 0.3, x + r * 0.45, y - r * 0.3, x, y - r * 0.85)
    c.drawPath(p, stroke=1, fill=0)
    c.line(x - r * 0.85, y, x + r * 0.85, y)


def _pot(c: Canvas, x: float, y: float, r: float) -> None:
    """A cooking pot with a lid and two handles."""
    c.roundRect(x - r * 0.65, y - r * 0.7, r * 1.3, r * 0.95, r * 0.12, stroke=1, fill=1)
    p = c.beginPath()
    p.moveTo(x - r * 0.75, y + r * 0.25)
    p.curveTo(x - r * 0.5, y + r * 0.65, x + r * 0.5, y + r * 0.65, x + r * 0.75, y + r * 0.25)
    p.close()
    c.drawPath(p, stroke=1, fill=1)
    c.circle(x, y + r * 0.58, r * 0.1, stroke=1, fill=1)
    for side in (-1, 1):
        c.line(x + side * r * 0.65, y - r * 0.05, x + side * r * 0.95, y - r * 0.05)


def _shirt(c: Canvas, x: float, y: float, r: float) -> None:
    """A T-shirt."""
    p = c.beginPath()
    pts = [
        (-0.25, 0.8), (-0.9, 0.45), (-0.65, 0.05), (-0.45, 0.2), (-0.45, -0.85),
        (0.45, -0.85), (0.45, 0.2), (0.65, 0.05), (0.9, 0.45), (0.25, 0.8),
    ]  # fmt: skip
    p.moveTo(x + pts[0][0] * r, y + pts[0][1] * r)
    for px, py in pts[1:]:
        p.lineTo(x + px * r, y + py * r)
    p.curveTo(x + r * 0.15, y + r * 0.55, x - r * 0.15, y + r * 0.55, x - r * 0.25, y + r * 0.8)
    p.close()
    c.drawPath(p, stroke=1, fill=1)


def _hammer(c: Canvas, x: float, y: float, r: float) -> None:
    """A claw hammer, head up, handle slanting down."""
    c.saveState()
    c.translate(x, y)
    c.rotate(-30)
    c.roundRect(-r * 0.12, -r * 0.9, r * 0.24, r * 1.35, r * 0.08, stroke=1, fill=1)
    p = c.beginPath()
    p.moveTo(-r * 0.55, r * 0.45)
    p.lineTo(r * 0.35, r * 0.45)
    p.lineTo(r * 0.35, r * 0.8)
    p.lineTo(-r * 0.55, r * 0.8)
    p.close()
    c.drawPath(p, stroke=1, fill=1)
    p = c.beginPath()
    p.moveTo(r * 0.35, r * 0.5)
    p.curveTo(r * 0.6, r * 0.5, r * 0.75, r * 0.35, r * 0.8, r * 0.15)
    p.curveTo(r * 0.65, r * 0.55, r * 0.55, r * 0.75, r * 0.35, r * 0.75)
    c.drawPath(p, stroke=1, fill=1)
    c.restoreState()


def _tag(c: Canvas, x: float, y: float, r: float) -> None:
    """A price tag with its string hole."""
    p = c.beginPath()
    p.moveTo(x - r * 0.9, y)
    p.lineTo(x - r * 0.45, y + r * 0.5)
    p.lineTo(x + r * 0.9, y + r * 0.5)
    p.lineTo(x + r * 0.9, y - r * 0.5)
    p.lineTo(x - r * 0.45, y - r * 0.5)
    p.close()
    c.drawPath(p, stroke=1, fill=1)
    c.circle(x - r * 0.45, y, r * 0.12, stroke=1, fill=0)


def _bag(c: Canvas, x: float, y: float, r: float) -> None:
    """A shopping bag with two handles."""
    c.rect(x - r * 0.65, y - r * 0.85, r * 1.3, r * 1.15, stroke=1, fill=1)
    for side in (-1, 1):
        p = c.beginPath()
        p.moveTo(x + side * r * 0.45, y + r * 0.3)
        p.curveTo(
            x + side * r * 0.45,
            y + r * 0.85,
            x + side * r * 0.1,
            y + r * 0.85,
            x + side * r * 0.1,
            y + r * 0.3,
        )
        c.drawPath(p, stroke=1, fill=0)


def _clock(c: Canvas, x: float, y: float, r: float) -> None:
    """A clock face at a quarter past."""
    c.circle(x, y, r * 0.85, stroke=1, fill=1)
    c.line(x, y, x, y + r * 0.6)
    c.line(x, y, x + r * 0.45, y)
    rays(c, x, y, r, 12, 0.7, 0.8)


def _speech(c: Canvas, x: float, y: float, r: float) -> None:
    """A speech bubble: a sales pitch."""
    c.roundRect(x - r * 0.9, y - r * 0.35, r * 1.8, r * 1.1, r * 0.35, stroke=1, fill=1)
    p = c.beginPath()
    p.moveTo(x - r * 0.4, y - r * 0.3)
    p.lineTo(x - r * 0.55, y - r * 0.85)
    p.lineTo(x - r * 0.05, y - r * 0.3)
    c.drawPath(p, stroke=0, fill=1)
    c.line(x - r * 0.4, y - r * 0.35, x - r * 0.55, y - r * 0.85)
    c.line(x - r * 0.55, y - r * 0.85, x - r * 0.05, y - r * 0.35)


def _note(c: Canvas, x: float, y: float, r: float) -> None:
    """A banknote with a dollar sign."""
    c.roundRect(x - r * 0.95, y - r * 0.55, r * 1.9, r * 1.1, r * 0.12, stroke=1, fill=1)
    c.circle(x, y, r * 0.35, stroke=1, fill=0)
    register_fonts()
    c.setFillColor(black)
    c.setFont(BOLD, r * 0.5)
    c.drawCentredString(x, y - r * 0.18, "$")


ART: dict[str, Shape] = {
    "book": _book,
    "ball": _ball,
    "pot": _pot,
    "shirt": _shirt,
    "hammer": _hammer,
    "tag": _tag,
    "bag": _bag,
    "clock": _clock,
    "speech": _speech,
    "note": _note,
}


def draw_art(
    c: Canvas,
    name: str,
    x: float,
    y: float,
    radius: float,
    fill: Color = white,
    stroke: Color = black,
) -> None:
    """Draw ``name`` centred on (x, y) in ``radius``: our own art, else the shared set."""
    if name not in ART:
        draw_symbol(c, name, x, y, radius, fill=fill, stroke=stroke)
        return
    draw_shape(c, ART[name], x, y, radius, fill, stroke, max(radius * 0.08, 0.4))
