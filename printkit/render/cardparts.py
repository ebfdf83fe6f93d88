"""The pieces every game's card faces are built from: a flood into the bleed, rounded panels
(`printkit.render.panels`), the cutting advice for round tokens."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from reportlab.lib.colors import Color, white
from reportlab.pdfgen.canvas import Canvas

from printkit.render.panels import CORNER, panel, xywh
from printkit.render.theme import INK, Theme
from printkit.render.units import BLEED, MM, Box

__all__ = [
    "CORNER",
    "cutting_advice",
    "designed_back",
    "emblem_back",
    "flood",
    "panel",
    "xywh",
]

Draw = Callable[[Canvas, Box], None]


def flood(c: Canvas, trim: Box, colour: Color) -> None:
    """The background, run out into the bleed so a trim a little off shows no white."""
    c.setFillColor(colour)
    c.rect(*xywh(trim.outset(BLEED)), stroke=0, fill=1)


PLATE_WORD = 13  # points: the deck's word on a designed back's plate


def designed_back(
    c: Canvas, trim: Box, art: Path, word: str, game: str, least: float = 0.0
) -> None:
    """A back drawn from a pack's art file, run into the bleed, with the deck's word and
    the game's name on a plate low on the card, clear of duplex misregistration. Drawn for
    a picture that leaves out words under ``least`` points, a plate whose word it would
    leave out is left out too: the art alone reads as a back, a blank plate as missing."""
    from printkit.render.fonts import BODY, BOLD
    from printkit.render.layout import draw_picture

    draw_picture(c, trim.outset(BLEED), art, cover=True)
    if least > PLATE_WORD:
        return
    plate = Box(trim.cx - 22 * MM, trim.y + 13 * MM, 44 * MM, 14 * MM)
    panel(c, plate, white, INK, 0.8, plate.height / 2)
    c.setFillColor(INK)
    c.setFont(BOLD, PLATE_WORD)
    c.drawCentredString(plate.cx, plate.y + 6.5 * MM, word)
    c.setFont(BODY, 7)
    c.drawCentredString(plate.cx, plate.y + 2.6 * MM, game)


def emblem_back(
    art: Path | None,
    word: str,
    game: str,
    ground: Color,
    theme: Theme,
    emblem: Draw,
    least: float = 0.0,
) -> Draw:
    """A deck's back: its art with ``word`` and ``game`` on a plate (`designed_back`; for a
    picture leaving out words under ``least`` points), or, without art or when saving ink,
    a flood of ``ground`` under the game's ``emblem``."""

    def draw(c: Canvas, trim: Box) -> None:
        if art is not None and not theme.ink_saver:
            designed_back(c, trim, art, word, game, least)
            return
        flood(c, trim, theme.flood(ground))
        emblem(c, trim)

    return draw


def cutting_advice(diameter: float, square: float, lang: str = "") -> str:
    """How to cut round tokens printed on squares, the punch chosen from the geometry."""
    from printkit.render.labels import labels_for, say
    from printkit.render.units import punch_for

    labels = labels_for(lang)
    punch = punch_for(diameter, square)
    if punch is None:
        return say(labels, "note.square")
    mm = f"{diameter / MM:.1f}".removesuffix(".0")  # a 3/8 in punch cuts 9.5 mm
    return say(labels, "note.punch", mm=mm, punch=punch)
