"""The pieces every game's card faces are built from: a flood into the bleed, rounded panels."""

from __future__ import annotations

from pathlib import Path

from reportlab.lib.colors import Color, white
from reportlab.pdfgen.canvas import Canvas

from printkit.render.theme import INK
from printkit.render.units import BLEED, MM, Box

CORNER = 3 * MM  # a panel's corner radius


def xywh(box: Box) -> tuple[float, float, float, float]:
    """The box as reportlab's rect() arguments."""
    return box.x, box.y, box.width, box.height


def flood(c: Canvas, trim: Box, colour: Color) -> None:
    """The background, run out into the bleed so a trim a little off shows no white."""
    c.setFillColor(colour)
    c.rect(*xywh(trim.outset(BLEED)), stroke=0, fill=1)


def panel(
    c: Canvas,
    box: Box,
    fill: Color = white,
    stroke: Color = INK,
    width: float = 0.6,
    corner: float = CORNER,
) -> None:
    """A rounded, outlined panel that text or a picture sits on."""
    c.setFillColor(fill)
    c.setStrokeColor(stroke)
    c.setLineWidth(width)
    c.roundRect(*xywh(box), corner, stroke=1, fill=1)


def designed_back(c: Canvas, trim: Box, art: Path, word: str, game: str) -> None:
    """A back drawn from a pack's art file, run into the bleed, with the deck's word and
    the game's name on a plate low on the card, clear of duplex misregistration."""
    from printkit.render.fonts import BODY, BOLD
    from printkit.render.layout import draw_picture

    draw_picture(c, trim.outset(BLEED), art, cover=True)
    plate = Box(trim.cx - 22 * MM, trim.y + 13 * MM, 44 * MM, 14 * MM)
    panel(c, plate, white, INK, 0.8, plate.height / 2)
    c.setFillColor(INK)
    c.setFont(BOLD, 13)
    c.drawCentredString(plate.cx, plate.y + 6.5 * MM, word)
    c.setFont(BODY, 7)
    c.drawCentredString(plate.cx, plate.y + 2.6 * MM, game)


def cutting_advice(diameter: float, square: float, lang: str = "") -> str:
    """How to cut round tokens printed on squares, the punch chosen from the geometry."""
    from printkit.render.labels import labels_for, say
    from printkit.render.units import punch_for

    labels = labels_for(lang)
    punch = punch_for(diameter, square)
    if punch is None:
        return say(labels, "note.square")
    return say(labels, "note.punch", mm=f"{diameter / MM:.0f}", punch=punch)
