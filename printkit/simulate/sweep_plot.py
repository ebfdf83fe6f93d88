"""A sweep on one page: each rate against the swept value, one line per seat or strategy.

Each point carries its 95% interval as a bar, so a designer sees at a glance
which value brings the seats together and whether a gap is more than noise.
With two swept values, the second picks the line style's panel: one panel per
value of the second axis.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from pathlib import Path

from reportlab.graphics import renderPDF
from reportlab.graphics.shapes import Circle, Drawing, Group, Line, PolyLine, Rect
from reportlab.lib import colors

from printkit.render.units import Box
from printkit.simulate.plots import (
    BOLD,
    GRID,
    INK,
    MARGIN,
    MUTED,
    PAGE,
    _register_fonts,
    _text,
    nice_range,
)
from printkit.simulate.report import Report, Section
from printkit.simulate.stats import Rate
from printkit.simulate.sweep import Axis
from printkit.simulate.sweep_report import section_keys, section_of, sweep_title

LINE_COLOURS = ("#3A78C2", "#D2453A", "#3E9B4F", "#8E5BB5", "#C98A1B", "#2A9D9B", "#666666")
DASHES = ((), (4, 2), (1, 2), (6, 2, 1, 2))  # told apart without colour too
PANEL_GAP = 30.0
LEGEND = 14.0
DODGE = 2.5  # points apart per line at one value
FAIR = colors.HexColor("#999999")


def write_sweep_pdf(axes: Sequence[Axis], reports: Sequence[Report], path: Path) -> Path:
    _register_fonts()
    path.parent.mkdir(parents=True, exist_ok=True)
    title = f"{reports[0].title} sweep"
    renderPDF.drawToFile(draw_sweep(axes, reports), str(path), title=title)
    return path


def draw_sweep(axes: Sequence[Axis], reports: Sequence[Report]) -> Drawing:
    width, height = PAGE
    page = Drawing(width, height)
    page.add(Rect(0, 0, width, height, fillColor=colors.white, strokeColor=None))
    top = height - MARGIN
    page.add(_text(MARGIN, top - 14, f"Balance sweep: {reports[0].title}", 16, BOLD))
    page.add(_text(MARGIN, top - 32, sweep_title(reports[0], axes, len(reports)), 8, colour=MUTED))
    keys = [k for k in section_keys(reports[0]) if _is_rates(section_of(reports[0], k))][:4]
    groups = _groups(axes, reports)
    panels = [(key, value, members) for key in keys for value, members in groups]
    if not panels:
        return page
    box_height = (top - 60 - MARGIN - PANEL_GAP * (len(panels) - 1)) / len(panels)
    for index, (key, second, members) in enumerate(panels):
        y = top - 60 - (index + 1) * box_height - index * PANEL_GAP
        box = Box(MARGIN, y, width - 2 * MARGIN, box_height)
        heading = section_of(reports[0], key).title
        if second is not None:
            heading += f"  ({axes[1].path} = {second})"
        page.add(_panel(box, heading, axes[0], members, key))
    return page


def _is_rates(section: Section) -> bool:
    return any(isinstance(r.figure, Rate) for r in section.rows)


def _groups(axes: Sequence[Axis], reports: Sequence[Report]) -> list[tuple[object, list[Report]]]:
    """Reports by the second axis' value (the first axis runs fastest within each)."""
    if len(axes) == 1:
        return [(None, list(reports))]
    per = len(axes[1].values)
    return [(v, list(reports[i::per])) for i, v in enumerate(axes[1].values)]


def _panel(box: Box, heading: str, axis: Axis, reports: list[Report], key: str) -> Group:
    group = Group()
    group.add(_text(box.x, box.y + box.height - 10, heading, 9, BOLD))
    plot = Box(box.x + 30, box.y + 16, box.width - 150, box.height - 34)
    sections = [section_of(r, key) for r in reports]
    labels = [row.label for row in sections[0].rows if isinstance(row.figure, Rate)]
    highs = [
        row.figure.interval()[1]
        for s in sections
        for row in s.rows
        if isinstance(row.figure, Rate) and not math.isnan(row.figure.interval()[1])
    ]
    low, high, step = nice_range(0.0, max(highs or [1.0]))
    xs = [float(v) for v in axis.values]
    _frame(group, plot, axis, low, high, step)
    if sections[0].role == "seats":  # every seat's fair share, for the eye to measure against
        fair = _level(plot, low, high, 1 / reports[0].players)
        group.add(
            Line(
                plot.x,
                fair,
                plot.x + plot.width,
                fair,
                strokeColor=FAIR,
                strokeWidth=0.8,
                strokeDashArray=(2, 2),
            )
        )
    for index, label in enumerate(labels):
        colour = colors.HexColor(LINE_COLOURS[index % len(LINE_COLOURS)])
        dash = DASHES[index % len(DASHES)]
        points = []
        for x, section in zip(xs, sections):
            row = section.row(label)
            if row is None or math.isnan(row.figure.value):
                continue
            dodge = (index - (len(labels) - 1) / 2) * DODGE  # intervals side by side, not on top
            px, py = _at(plot, xs, x) + dodge, _level(plot, low, high, row.figure.value)
            lo, hi = row.figure.interval()
            group.add(
                Line(
                    px,
                    _level(plot, low, high, lo),
                    px,
                    _level(plot, low, high, hi),
                    strokeColor=colour,
                    strokeWidth=0.8,
                )
            )
            group.add(Circle(px, py, 1.8, fillColor=colour, strokeColor=None))
            points += [px, py]
        if len(points) >= 4:
            group.add(PolyLine(points, strokeColor=colour, strokeWidth=1.1, strokeDashArray=dash))
        ly = plot.y + plot.height - index * LEGEND
        lx = plot.x + plot.width + 14
        group.add(
            Line(
                lx,
                ly + 3,
                lx + 16,
                ly + 3,
                strokeColor=colour,
                strokeWidth=1.4,
                strokeDashArray=dash,
            )
        )
        group.add(_text(lx + 20, ly, label[:22], 7))
    return group


def _frame(group: Group, plot: Box, axis: Axis, low: float, high: float, step: float) -> None:
    for i in range(round((high - low) / step) + 1):
        value = low + i * step
        y = _level(plot, low, high, value)
        group.add(Line(plot.x, y, plot.x + plot.width, y, strokeColor=GRID, strokeWidth=0.5))
        group.add(_text(plot.x - 26, y - 2, f"{value * 100:.0f}%", 6.5, colour=MUTED))
    xs = [float(v) for v in axis.values]
    for value, x in zip(axis.values, xs):
        px = _at(plot, xs, x)
        group.add(Line(px, plot.y, px, plot.y - 3, strokeColor=MUTED, strokeWidth=0.5))
        text = _text(px, plot.y - 11, f"{value}", 6.5, colour=MUTED)
        text.textAnchor = "middle"
        group.add(text)
    group.add(_text(plot.x + plot.width, plot.y - 20, axis.path, 7, colour=INK))
    group.contents[-1].textAnchor = "end"


def _at(plot: Box, xs: list[float], x: float) -> float:
    low, high = min(xs), max(xs)
    if high == low:
        return plot.x + plot.width / 2
    return plot.x + (x - low) / (high - low) * plot.width


def _level(plot: Box, low: float, high: float, value: float) -> float:
    span = high - low or 1.0
    return plot.y + (min(max(value, low), high) - low) / span * plot.height
