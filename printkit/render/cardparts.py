"""The pieces every game's card faces are built from: a flood into the bleed, rounded panels
(`printkit.render.panels`), the cutting advice for round tokens."""

from __future__ import annotations

from reportlab.lib.colors import Color
from reportlab.pdfgen.canvas import Canvas

from printkit.render.panels import CORNER, panel, xywh
from printkit.render.units import BLEED, MM, Box

__all__ = ["CORNER", "cutting_advice", "flood", "panel", "xywh"]


def flood(c: Canvas, trim: Box, colour: Color) -> None:
    """The background, run out into the bleed so a trim a little off shows no white."""
    c.setFillColor(colour)
    c.rect(*xywh(trim.outset(BLEED)), stroke=0, fill=1)


def cutting_advice(diameter: float, square: float, lang: str = "") -> str:
    """How to cut round tokens printed on squares, the punch chosen from the geometry."""
    from printkit.render.labels import labels_for, say
    from printkit.render.units import punch_for

    labels = labels_for(lang)
    punch = punch_for(diameter, square)
    if punch is None:
        return say(labels, "note.square")
    return say(labels, "note.punch", mm=f"{diameter / MM:.0f}", punch=punch)
