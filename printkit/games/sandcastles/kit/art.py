"""Sandcastles' card art, drawn from each card's edge and corner data.

No card is drawn by hand: a face's walls are its routes, its towers are its
corner and edge codes. Walls meet every edge at its midpoint, square to the
edge and at one width, and run on into the bleed; towers are circles centred
on the corner (or the edge midpoint for a half tower), so cards laid side by
side show one continuous wall and four quarters show one round tower.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable

from reportlab.lib.colors import Color, HexColor, white
from reportlab.pdfgen.canvas import Canvas

from printkit.games.sandcastles.model import (
    BRIDGE,
    FEATHER,
    HALF,
    SHELL,
    CardType,
    Face,
    Route,
)
from printkit.render.fonts import BODY, BOLD, FittedText, draw_fitted, fit, width
from printkit.render.layout import draw_picture
from printkit.render.theme import INK, Theme, mix
from printkit.render.units import BLEED, MM, Box

SAND = HexColor("#F3E2AE")
SEA = HexColor("#9CCFE0")
WALL_BODY = HexColor("#CF9A5B")
WALL_DARK = HexColor("#6E4B27")
WALL_TOP = HexColor("#E6BD84")
TOWER_BODY = HexColor("#BD8446")
TOWER_TOP = HexColor("#DDAA6A")
PLANK = HexColor("#A77A4A")
PLANK_TOP = HexColor("#D8B48A")

WALL_WIDTH = 0.16  # of the card's side
TOWER_RADIUS = 0.25
STUB = 0.36  # how far a wall runs in before its gap
OUTLINE = 0.012

POSITIONS = {
    0: (0.5, 1.0),
    1: (1.0, 1.0),
    2: (1.0, 0.5),
    3: (1.0, 0.0),
    4: (0.5, 0.0),
    5: (0.0, 0.0),
    6: (0.0, 0.5),
    7: (0.0, 1.0),
}
INWARD = {0: (0.0, -1.0), 2: (-1.0, 0.0), 4: (0.0, 1.0), 6: (1.0, 0.0)}

Point = tuple[float, float]
_SCATTER = random.Random(4)  # a fixed scatter: every card the same, no pattern to the eye
GRAINS = tuple((_SCATTER.random(), _SCATTER.random()) for _ in range(28))


def _unit(dx: float, dy: float) -> Point:
    length = math.hypot(dx, dy) or 1.0
    return dx / length, dy / length


def _leaving(point: int, other: int | None) -> tuple[Point, float]:
    """Direction a wall leaves ``point`` into the card, and its control-arm length.

    A wall leaves an edge square to it; it leaves a tower towards the far end,
    except between two towers on one side, where it dips towards the centre.
    """
    if point % 2 == 0:
        if other is not None and other % 2 == 0 and (other - point) % 8 in (2, 6):
            return INWARD[point], 0.276  # a bend: a quarter circle round the corner
        return INWARD[point], 0.33
    x, y = POSITIONS[point]
    if other is None or (other % 2 == 1 and (other - point) % 8 in (2, 6)):
        return _unit(0.5 - x, 0.5 - y), 0.45
    ox, oy = POSITIONS[other]
    return _unit(ox - x, oy - y), 0.3


def route_curve(route: Route) -> tuple[Point, Point, Point, Point]:
    """The wall's centre line as a cubic Bézier in card units (0..1)."""
    start = POSITIONS[route.start]
    (dx, dy), arm = _leaving(route.start, route.end)
    if route.end is None:
        end = (start[0] + dx * STUB, start[1] + dy * STUB)
        return start, start, end, end
    finish = POSITIONS[route.end]
    (ex, ey), arm_end = _leaving(route.end, route.start)
    return (
        start,
        (start[0] + dx * arm, start[1] + dy * arm),
        (finish[0] + ex * arm_end, finish[1] + ey * arm_end),
        finish,
    )


def bezier(curve: tuple[Point, ...], t: float) -> Point:
    p0, p1, p2, p3 = curve
    u = 1 - t
    return (
        u**3 * p0[0] + 3 * u * u * t * p1[0] + 3 * u * t * t * p2[0] + t**3 * p3[0],
        u**3 * p0[1] + 3 * u * u * t * p1[1] + 3 * u * t * t * p2[1] + t**3 * p3[1],
    )


# -- the canvas in card units ----------------------------------------------------
class Pen:
    """Draws in card units: (0, 0) is the card's lower-left corner, 1 its side."""

    def __init__(self, c: Canvas, box: Box) -> None:
        self.c = c
        self.box = box
        self.side = min(box.width, box.height)

    def at(self, u: float, v: float) -> Point:
        return self.box.x + u * self.side, self.box.y + v * self.side

    def len(self, units: float) -> float:
        return units * self.side


def _wall_path(pen: Pen, route: Route, bleed: float):
    """The wall's centre line, run on past each edge it crosses (into the bleed)."""
    curve = route_curve(route)
    over = bleed / pen.side + 0.02

    def beyond(point: int) -> Point:
        nx, ny = INWARD[point]
        x, y = POSITIONS[point]
        return pen.at(x - nx * over, y - ny * over)

    p = pen.c.beginPath()
    if route.start % 2 == 0:
        p.moveTo(*beyond(route.start))
        p.lineTo(*pen.at(*curve[0]))
    else:
        p.moveTo(*pen.at(*curve[0]))
    p.curveTo(*pen.at(*curve[1]), *pen.at(*curve[2]), *pen.at(*curve[3]))
    if route.end is not None and route.end % 2 == 0:
        p.lineTo(*beyond(route.end))
    return p


def _stroke(pen: Pen, path, width: float, colour: Color, dash: tuple | None = None) -> None:
    c = pen.c
    c.saveState()
    c.setStrokeColor(colour)
    c.setLineWidth(width)
    c.setLineCap(0)
    c.setLineJoin(1)
    if dash:
        c.setDash(*dash)
    c.drawPath(path, stroke=1, fill=0)
    c.restoreState()


def draw_wall(pen: Pen, route: Route, theme: Theme, bleed: float, deck: bool = False) -> None:
    """A battlemented wall (or a Bridge's planked deck) along one route."""
    path = _wall_path(pen, route, bleed)
    w = pen.len(WALL_WIDTH)
    body, top = (PLANK, PLANK_TOP) if deck else (WALL_BODY, WALL_TOP)
    if theme.ink_saver:
        body, top = mix(body, white, 0.55), mix(top, white, 0.6)
    _stroke(pen, path, w + 2 * pen.len(OUTLINE), INK)
    _stroke(pen, path, w, body)
    if deck:
        _stroke(pen, path, w * 0.72, top)
        _planks(pen, route)
    else:
        merlon = w * 0.42
        _stroke(pen, path, w, mix(body, WALL_DARK, 0.35), (merlon, merlon))
        _stroke(pen, path, w * 0.5, top)
    if route.end is None:
        _rubble(pen, route, theme)


def _planks(pen: Pen, route: Route) -> None:
    """Seams across a Bridge's deck, square to its line."""
    curve = route_curve(route)
    c = pen.c
    c.saveState()
    c.setStrokeColor(WALL_DARK)
    c.setLineWidth(max(pen.len(0.004), 0.3))
    half = WALL_WIDTH * 0.36
    steps = 14
    for i in range(1, steps):
        t = i / steps
        x, y = bezier(curve, t)
        x2, y2 = bezier(curve, min(t + 0.01, 1))
        tx, ty = _unit(x2 - x, y2 - y)
        c.line(*pen.at(x - ty * half, y + tx * half), *pen.at(x + ty * half, y - tx * half))
    c.restoreState()


def _rubble(pen: Pen, route: Route, theme: Theme) -> None:
    """Tumbled blocks where a wall stops: the gap that breaks it."""
    curve = route_curve(route)
    x, y = curve[3]
    dx, dy = _unit(curve[3][0] - curve[0][0], curve[3][1] - curve[0][1])
    c = pen.c
    c.saveState()
    c.setStrokeColor(INK)
    c.setLineWidth(max(pen.len(OUTLINE * 0.7), 0.3))
    c.setFillColor(mix(WALL_BODY, white, 0.55 if theme.ink_saver else 0.1))
    side = pen.len(0.045)
    for along, across, angle in ((0.05, -0.05, 20), (0.09, 0.04, -15), (0.14, -0.01, 40)):
        bx = x + dx * along - dy * across
        by = y + dy * along + dx * across
        cx, cy = pen.at(bx, by)
        c.saveState()
        c.translate(cx, cy)
        c.rotate(angle)
        c.rect(-side / 2, -side / 2, side, side, stroke=1, fill=1)
        c.restoreState()
    c.restoreState()


def draw_tower(pen: Pen, u: float, v: float, theme: Theme) -> None:
    """A round tower centred on (u, v): the card shows the part that falls on it.

    Its battlements are sixteen blocks whose joints fall on the card edges, so
    quarters (and halves) from different cards line up into one tower.
    """
    c = pen.c
    r = pen.len(TOWER_RADIUS)
    cx, cy = pen.at(u, v)
    body, top = TOWER_BODY, TOWER_TOP
    if theme.ink_saver:
        body, top = mix(body, white, 0.5), mix(top, white, 0.6)
    c.saveState()
    c.setStrokeColor(INK)
    c.setLineWidth(pen.len(OUTLINE))
    c.setFillColor(body)
    c.circle(cx, cy, r, stroke=1, fill=1)
    c.setFillColor(mix(body, WALL_DARK, 0.4))
    for k in range(0, 16, 2):
        c.wedge(cx - r, cy - r, cx + r, cy + r, k * 22.5, 22.5, stroke=0, fill=1)
    c.setFillColor(top)
    c.circle(cx, cy, r * 0.74, stroke=1, fill=1)
    c.setLineWidth(pen.len(OUTLINE * 0.6))
    c.circle(cx, cy, r * 0.4, stroke=1, fill=0)
    c.restoreState()


def draw_castle_face(c: Canvas, box: Box, face: Face, theme: Theme, kind: str = "") -> None:
    """A castle card's sand, walls and towers, with the bleed around ``box``."""
    pen = Pen(c, box)
    outer = _clip_to_bleed(c, box)
    c.setFillColor(theme.flood(SAND))
    c.rect(outer.x, outer.y, outer.width, outer.height, stroke=0, fill=1)
    _grain(pen, theme)
    for route in face.routes:
        draw_wall(pen, route, theme, BLEED, deck=kind == BRIDGE)
    c.restoreState()
    draw_towers(c, box, face, theme)


def _clip_to_bleed(c: Canvas, box: Box) -> Box:
    """Save the state and clip to the card's bleed (the caller restores); the bleed box."""
    c.saveState()
    clip = c.beginPath()
    outer = box.outset(BLEED)
    clip.rect(outer.x, outer.y, outer.width, outer.height)
    c.clipPath(clip, stroke=0, fill=0)
    return outer


def draw_towers(c: Canvas, box: Box, face: Face, theme: Theme) -> None:
    """The card's half towers and tower quarters, clipped to its bleed: drawn after the
    walls, and again over a Bridge's text plate, so no plate notches a rim."""
    pen = Pen(c, box)
    _clip_to_bleed(c, box)
    for point in range(0, 8, 2):
        if face.feature(point) == HALF:
            draw_tower(pen, *POSITIONS[point], theme)
    for point in face.towers:
        draw_tower(pen, *POSITIONS[point], theme)
    c.restoreState()


def _grain(pen: Pen, theme: Theme) -> None:
    """A few sand grains, the same on every card so no card can be told by its back."""
    if theme.ink_saver:
        return
    c = pen.c
    c.saveState()
    c.setFillColor(mix(SAND, WALL_DARK, 0.25))
    for i, (u, v) in enumerate(GRAINS):
        c.circle(*pen.at(u, v), pen.len(0.004 + 0.003 * (i % 3)), stroke=0, fill=1)
    c.restoreState()


# -- special cards -----------------------------------------------------------------
def _label(c: Canvas, box: Box, title: str, text: str, what: str, ground: Color) -> None:
    """The title across the top band and the rule text across the bottom band, each on a
    plate of the card's ground colour so no sand grain runs through the words."""
    side = min(box.width, box.height)
    head = fit(title.upper(), BOLD, side * 0.8, side * 0.12, 11, 7, what=f"{what} title")
    _plate(c, box, head, side * 0.93, side, ground)
    draw_fitted(c, head, box.x + side * 0.1, box.y + side * 0.93, "center", side * 0.8)
    if text:
        body = fit(text, BODY, side * 0.78, side * 0.26, 8.5, 7, what=f"{what} text")
        _plate(c, box, body, side * 0.29, side, ground)
        draw_fitted(c, body, box.x + side * 0.11, box.y + side * 0.29, "center", side * 0.78)


def _plate(c: Canvas, box: Box, fitted: FittedText, top: float, side: float, ground: Color):
    """A borderless plate just round the fitted lines, in the card's ground colour."""
    widest = max(width(line, fitted.font, fitted.size) for line in fitted.lines)
    pad = max(fitted.size * 0.35, 2 * MM)  # no sand grain within 2 mm of a word
    height = fitted.leading * len(fitted.lines) + pad * 2 - (fitted.leading - fitted.size)
    c.setFillColor(ground)
    c.roundRect(
        box.x + side / 2 - widest / 2 - pad,
        box.y + top + pad - height,
        widest + 2 * pad,
        height,
        pad,
        stroke=0,
        fill=1,
    )
    c.setFillColor(INK)


def draw_bridge(c: Canvas, box: Box, card: CardType, theme: Theme) -> None:
    draw_castle_face(c, box, card.face, theme, BRIDGE)
    c.saveState()
    if card.face.edges[0] == HALF:  # a deck running north-south: turn the words with it
        c.translate(box.cx, box.cy)
        c.rotate(90)
        c.translate(-box.cx, -box.cy)
    _label(c, box, card.name, card.text, f"card {card.id!r}", theme.flood(SAND))
    c.restoreState()
    draw_towers(c, box, card.face, theme)  # the words sit between the towers, clear of them


def draw_resting(c: Canvas, box: Box, card: CardType, theme: Theme) -> None:
    """A Feather or Shell: a sea-blue card with its emblem, title and rule."""
    pen = Pen(c, box)
    outer = box.outset(BLEED)
    c.saveState()
    c.setFillColor(theme.flood(mix(SEA, white, 0.45)))
    c.rect(outer.x, outer.y, outer.width, outer.height, stroke=0, fill=1)
    c.setStrokeColor(mix(SEA, INK, 0.35))
    c.setLineWidth(pen.len(0.01))
    for v in (0.34, 0.38):
        _wave(pen, v)
    x, y = pen.at(0.5, 0.6)
    if card.art is not None:  # the pack's own emblem
        r = pen.len(0.24)
        draw_picture(c, Box(x - r, y - r, 2 * r, 2 * r), card.art.path)
    else:
        EMBLEMS[card.kind](c, x, y, pen.len(0.2), theme)
    _label(c, box, card.name, card.text, f"card {card.id!r}", theme.flood(mix(SEA, white, 0.45)))
    c.restoreState()


def _wave(pen: Pen, v: float) -> None:
    p = pen.c.beginPath()
    p.moveTo(*pen.at(0.06, v))
    for i in range(4):
        u = 0.06 + i * 0.22
        p.curveTo(*pen.at(u + 0.055, v + 0.03), *pen.at(u + 0.165, v - 0.03), *pen.at(u + 0.22, v))
    pen.c.drawPath(p, stroke=1, fill=0)


def draw_feather(c: Canvas, x: float, y: float, r: float, theme: Theme) -> None:
    """A quill feather leaning right: a long vane with a notch, fine barbs, a bare quill."""
    c.saveState()
    c.translate(x, y)
    c.rotate(-35)
    c.setStrokeColor(INK)
    c.setLineWidth(max(r * 0.03, 0.4))
    vane = c.beginPath()
    vane.moveTo(0, -r * 0.6)
    vane.curveTo(-r * 0.3, -r * 0.45, -r * 0.32, r * 0.05, -r * 0.26, r * 0.25)
    vane.lineTo(-r * 0.12, r * 0.22)  # the notch where the barbs part
    vane.curveTo(-r * 0.25, r * 0.6, -r * 0.12, r * 1.0, r * 0.02, r * 1.2)
    vane.curveTo(r * 0.28, r * 0.85, r * 0.34, -r * 0.2, 0, -r * 0.6)
    vane.close()
    c.setFillColor(white if theme.ink_saver else HexColor("#F8F3E6"))
    c.drawPath(vane, stroke=1, fill=1)
    c.saveState()
    c.clipPath(vane, stroke=0, fill=0)
    c.setLineWidth(max(r * 0.012, 0.25))
    for i in range(14):
        t = -r * 0.55 + i * r * 0.13
        c.line(0, t, -r * 0.4, t + r * 0.3)
        c.line(0, t, r * 0.4, t + r * 0.3)
    c.restoreState()
    shaft = c.beginPath()
    shaft.moveTo(-r * 0.02, -r * 1.1)
    shaft.curveTo(0, -r * 0.3, 0, r * 0.6, r * 0.02, r * 1.18)
    c.drawPath(shaft, stroke=1, fill=0)
    c.restoreState()


def draw_shell(c: Canvas, x: float, y: float, r: float, theme: Theme) -> None:
    """A scallop shell: a ribbed fan over a small hinge."""
    c.saveState()
    c.setStrokeColor(INK)
    c.setLineWidth(max(r * 0.03, 0.4))
    c.setFillColor(white if theme.ink_saver else HexColor("#F7C9B6"))
    base = (x, y - r * 0.75)
    p = c.beginPath()
    p.moveTo(*base)
    p.lineTo(x - r * 0.95, y + r * 0.1)
    p.curveTo(x - r * 0.8, y + r * 1.05, x + r * 0.8, y + r * 1.05, x + r * 0.95, y + r * 0.1)
    p.close()
    c.drawPath(p, stroke=1, fill=1)
    for i in range(1, 8):
        a = math.radians(180 - i * 22.5)
        c.line(*base, x + math.cos(a) * r * 0.85, y + r * 0.15 + math.sin(a) * r * 0.72)
    c.rect(x - r * 0.3, y - r * 0.95, r * 0.6, r * 0.22, stroke=1, fill=1)
    c.restoreState()


EMBLEMS: dict[str, Callable[[Canvas, float, float, float, Theme], None]] = {
    FEATHER: draw_feather,
    SHELL: draw_shell,
}


def draw_card(c: Canvas, box: Box, card: CardType, theme: Theme) -> None:
    """Any card's face, upright."""
    if card.kind in EMBLEMS:
        draw_resting(c, box, card, theme)
    elif card.kind == BRIDGE:
        draw_bridge(c, box, card, theme)
    else:
        draw_castle_face(c, box, card.face, theme)


def draw_turned(c: Canvas, box: Box, card: CardType, quarters: int, theme: Theme) -> None:
    """A card turned ``quarters`` quarter turns clockwise, as it lies in a castle."""
    c.saveState()
    c.translate(box.cx, box.cy)
    c.rotate(-90 * (quarters % 4))
    c.translate(-box.cx, -box.cy)
    draw_card(c, box, card, theme)
    c.restoreState()


# -- the back ------------------------------------------------------------------
def draw_back(c: Canvas, box: Box, title: str, theme: Theme) -> None:
    """One back for every card: beach, sea and a small castle; backs join without a seam."""
    pen = Pen(c, box)
    outer = box.outset(BLEED)
    c.saveState()
    c.setFillColor(theme.flood(SAND))
    c.rect(outer.x, outer.y, outer.width, outer.height, stroke=0, fill=1)
    shore = [(u / 40, 0.27 + 0.018 * math.sin(2 * math.pi * 3 * u / 40)) for u in range(-4, 45)]
    sea = c.beginPath()
    sea.moveTo(*pen.at(shore[0][0], -0.2))
    for u, v in shore:
        sea.lineTo(*pen.at(u, v))
    sea.lineTo(*pen.at(shore[-1][0], -0.2))
    sea.close()
    c.setFillColor(theme.flood(SEA))
    c.drawPath(sea, stroke=0, fill=1)
    line = c.beginPath()
    line.moveTo(*pen.at(*shore[0]))
    for u, v in shore[1:]:
        line.lineTo(*pen.at(u, v))
    c.setStrokeColor(mix(SEA, INK, 0.45))
    c.setLineWidth(pen.len(0.012))
    c.drawPath(line, stroke=1, fill=0)
    _emblem(pen, theme)
    c.setFillColor(INK)
    c.setFont(BOLD, 12)
    c.drawCentredString(*pen.at(0.5, 0.11), title.upper())
    c.restoreState()


def _emblem(pen: Pen, theme: Theme) -> None:
    """A sandcastle seen from the beach: a keep between two towers, a gate, a flag."""
    c = pen.c
    body = mix(WALL_BODY, white, 0.45) if theme.ink_saver else WALL_BODY
    shade = mix(body, WALL_DARK, 0.3)
    c.saveState()
    c.setStrokeColor(INK)
    c.setLineWidth(pen.len(0.012))
    c.setLineJoin(1)
    ground = 0.3
    # flag on the keep
    c.line(*pen.at(0.5, 0.7), *pen.at(0.5, 0.84))
    flag = c.beginPath()
    flag.moveTo(*pen.at(0.5, 0.84))
    flag.lineTo(*pen.at(0.6, 0.81))
    flag.lineTo(*pen.at(0.5, 0.78))
    flag.close()
    c.setFillColor(theme.solid(HexColor("#D2453A")))
    c.drawPath(flag, stroke=1, fill=1)
    for left, right, top, merlons, fill in (
        (0.18, 0.82, 0.5, 7, shade),  # curtain wall
        (0.14, 0.32, 0.62, 3, body),  # left tower
        (0.68, 0.86, 0.62, 3, body),  # right tower
        (0.38, 0.62, 0.7, 4, body),  # keep
    ):
        _battlement(pen, left, right, ground, top, merlons, fill)
    gate = c.beginPath()
    gate.moveTo(*pen.at(0.45, ground))
    gate.lineTo(*pen.at(0.45, ground + 0.1))
    gate.curveTo(
        *pen.at(0.45, ground + 0.16), *pen.at(0.55, ground + 0.16), *pen.at(0.55, ground + 0.1)
    )
    gate.lineTo(*pen.at(0.55, ground))
    gate.close()
    c.setFillColor(WALL_DARK)
    c.drawPath(gate, stroke=1, fill=1)
    c.restoreState()


def _battlement(
    pen: Pen, left: float, right: float, bottom: float, top: float, merlons: int, fill: Color
) -> None:
    """A block with ``merlons`` teeth along its top."""
    step = (right - left) / (2 * merlons - 1)
    depth = min(step, 0.04)
    p = pen.c.beginPath()
    p.moveTo(*pen.at(left, bottom))
    p.lineTo(*pen.at(left, top))
    for i in range(2 * merlons - 1):
        x0, x1 = left + i * step, left + (i + 1) * step
        y = top if i % 2 == 0 else top - depth
        p.lineTo(*pen.at(x0, y))
        p.lineTo(*pen.at(x1, y))
    p.lineTo(*pen.at(right, top))
    p.lineTo(*pen.at(right, bottom))
    p.close()
    pen.c.setFillColor(fill)
    pen.c.drawPath(p, stroke=1, fill=1)
