"""The duplex calibration page: a millimetre grid on the front, a long cross on the back.

Held to the light, the back's cross lies over the front's grid: its upright arm meets
the X scale below the grid and its level arm the Y scale beside it, each number next
to its own line, so the shift reads like a point on graph paper. The grid is centred
on the sheet, where the back's cross lands when the printer does not shift.
"""

from __future__ import annotations

from collections.abc import Mapping

from reportlab.lib.colors import HexColor, black
from reportlab.pdfgen.canvas import Canvas

from printkit.render.fonts import BODY, BOLD, draw_fitted, fit
from printkit.render.labels import say
from printkit.render.units import MM, Paper

REACH = 25  # millimetres each way from the centre: a 50 mm grid
ARM = REACH + 6  # the back's cross reaches past the grid onto both scales
FINE = HexColor("#C8CCD2")  # the millimetre lines: solid light grey, never transparency
MEDIUM = HexColor("#7A808A")  # every fifth line, where a number sits
NUMBER_SIZE = 8  # a number at every tenth line: at every fifth they would touch
TEXT_WIDTH = 150 * MM


def draw_front(c: Canvas, paper: Paper, labels: Mapping[str, str], language: str) -> None:
    """Title and steps above the grid, the example below it."""
    cx, cy = paper.width / 2, paper.height / 2
    c.setFillColor(black)
    c.setFont(BOLD, 16)
    c.drawCentredString(cx, paper.height - 22 * MM, say(labels, "calibration.title"))
    steps = [say(labels, f"calibration.step{n}") for n in (1, 2, 3, 4)]
    top = paper.height - 30 * MM
    for number, step in enumerate(steps, start=1):
        top = _paragraph(c, f"{number}. {step}", top, 10, language) - 1.5 * MM
    _grid(c, cx, cy)
    _numbers(c, cx, cy, labels)
    example = say(labels, "calibration.example")
    _paragraph(c, example, cy - (REACH + 17) * MM, 9, language)


def draw_back(c: Canvas, paper: Paper, labels: Mapping[str, str], offset) -> None:
    """The cross at the sheet's centre, moved by the offset the build prints backs with."""
    cx, cy = paper.width / 2, paper.height / 2
    c.saveState()
    c.translate(*offset)
    c.setStrokeColor(black)
    c.setLineWidth(0.8)
    c.line(cx - ARM * MM, cy, cx + ARM * MM, cy)
    c.line(cx, cy - ARM * MM, cx, cy + ARM * MM)
    c.restoreState()
    c.setFont(BODY, 9)
    c.drawCentredString(cx, paper.height - 22 * MM, say(labels, "calibration.back"))


def _paragraph(c: Canvas, text: str, top: float, size: float, language: str) -> float:
    """``text`` wrapped to the page's text width, centred on it; the y below its last line."""
    x = (c._pagesize[0] - TEXT_WIDTH) / 2
    fitted = fit(text, BODY, TEXT_WIDTH, 40 * MM, size, size, "calibration page", 1.3,
                 language=language)  # fmt: skip
    c.setFillColor(black)
    return draw_fitted(c, fitted, x, top, "left", TEXT_WIDTH)


def _grid(c: Canvas, cx: float, cy: float) -> None:
    """Millimetre lines, every fifth darker, the zero lines black and heavier, each kind
    drawn over the fainter ones."""
    c.saveState()
    every = range(-REACH, REACH + 1)
    kinds = ((FINE, 0.25, every), (MEDIUM, 0.5, every[::5]), (black, 0.9, (0,)))
    for colour, weight, lines in kinds:
        c.setStrokeColor(colour)
        c.setLineWidth(weight)
        for mm in lines:
            c.line(cx + mm * MM, cy - REACH * MM, cx + mm * MM, cy + REACH * MM)
            c.line(cx - REACH * MM, cy + mm * MM, cx + REACH * MM, cy + mm * MM)
    c.restoreState()


def _numbers(c: Canvas, cx: float, cy: float, labels: Mapping[str, str]) -> None:
    """X below the grid under each fifth line, as the front sees it; Y beside each fifth
    line on the left, upside down (the back's y is the front's, the shift reversed)."""
    c.saveState()
    c.setFillColor(black)
    below = cy - REACH * MM - 2 * MM - NUMBER_SIZE * 0.75
    left = cx - REACH * MM - 2 * MM
    c.setFont(BODY, NUMBER_SIZE)
    for mm in range(-(REACH // 10) * 10, REACH + 1, 10):
        c.drawCentredString(cx + mm * MM, below, f"{mm:+d}" if mm else "0")
        y = cy + mm * MM - NUMBER_SIZE * 0.35
        c.drawRightString(left, y, f"{-mm:+d}" if mm else "0")
    c.setFont(BOLD, 11)
    c.drawCentredString(cx, below - 6 * MM, say(labels, "calibration.x"))
    c.drawRightString(left - 9 * MM, cy - 11 * 0.35, say(labels, "calibration.y"))
    c.restoreState()
