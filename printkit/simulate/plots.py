"""The balance report as one printable page of plots (PDF), and the same page as a PNG.

The page is drawn once with reportlab's graphics; the PNG is that PDF page
rendered by pdfium, so the two can never differ. With a baseline, every bar
shows the baseline as a thin grey bar beneath the current figure.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from reportlab.graphics import renderPDF
from reportlab.graphics.shapes import Circle, Drawing, Group, Line, Rect, String
from reportlab.lib import colors
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont

from printkit.render.units import Box
from printkit.resources import font_folder
from printkit.simulate.report import Report, Section, describe
from printkit.simulate.stats import Rate, Spread

FONTS = font_folder()
FONT, BOLD = "DejaVuSans", "DejaVuSans-Bold"
PAGE = (595.0, 842.0)  # A4 portrait, points
MARGIN = 36.0
GUTTER = 24.0
LABEL_WIDTH = 92.0
PNG_DPI = 150
INK = colors.HexColor("#222222")
MUTED = colors.HexColor("#777777")
GRID = colors.HexColor("#DDDDDD")
NOW = colors.HexColor("#3A78C2")
BEFORE = colors.HexColor("#B0B0B0")
GAIN, LOSS = colors.HexColor("#3E9B4F"), colors.HexColor("#D2453A")
PANEL_GRID = tuple((row, col) for row in range(3) for col in range(2))  # six panels, two a row
FOOTER_ROLES = ("decided",)  # sections told in a line of text below the panels
FOOTER_HEIGHT = 58.0  # from the bottom margin to the footer's first line, at least
LAST_LINE = 11.0  # the footer's last line above the bottom margin
HEADING_DROP, FIRST_ITEM_DROP, ITEM_DROP = 13.0, 12.0, 11.0  # line spacing in the footer
SMALL_SCALE = 20  # box plots up to this show their means to one decimal place


@dataclass(frozen=True)
class Bar:
    label: str
    value: float
    low: float = math.nan
    high: float = math.nan
    before: float = math.nan


def write_pdf(report: Report, path: Path, before: Report | None = None) -> Path:
    _register_fonts()
    path.parent.mkdir(parents=True, exist_ok=True)
    renderPDF.drawToFile(draw_page(report, before), str(path), title=f"{report.title} balance")
    return path


def write_png(pdf: Path, path: Path, dpi: int = PNG_DPI) -> Path:
    """The PDF's first page as pixels, rendered by pdfium."""
    import pypdfium2

    document = pypdfium2.PdfDocument(str(pdf))
    try:
        document[0].render(scale=dpi / 72).to_pil().save(path)
    finally:
        document.close()
    return path


def draw_page(report: Report, before: Report | None = None) -> Drawing:
    width, height = PAGE
    page = Drawing(width, height)
    page.add(Rect(0, 0, width, height, fillColor=colors.white, strokeColor=None))
    top = height - MARGIN
    page.add(_text(MARGIN, top - 14, f"Balance report: {report.title}", 16, BOLD))
    page.add(_text(MARGIN, top - 32, describe(report), 8.5, colour=MUTED))
    if before is not None:
        page.add(_text(MARGIN, top - 44, "grey bars: " + describe(before), 8.5, colour=MUTED))
    footer = _footer_lines(report)
    footer_top = MARGIN + max(FOOTER_HEIGHT, LAST_LINE + sum(line.drop for line in footer))
    panels = [s for s in report.sections if s.role not in FOOTER_ROLES][: len(PANEL_GRID)]
    for box, section in zip(_panel_boxes(top - 60, footer_top + 12), panels):
        page.add(_panel(box, report, section, _section_of(before, section.key)))
    page.add(_footer(footer, footer_top))
    return page


def _panel(box: Box, report: Report, section: Section, old: Section | None) -> Group:
    """Rates as bars; means against a reference row as differences; other means as boxes."""
    if any(isinstance(r.figure, Rate) for r in section.rows):
        share = 1 / report.players if section.role == "seats" else math.nan
        return _rate_panel(box, section, old, share)
    if section.reference is not None:
        return _difference_panel(box, section, old)
    return _box_panel(box, section, old)


def _panel_boxes(top: float, bottom: float) -> list[Box]:
    rows = max(row for row, _ in PANEL_GRID) + 1
    width = (PAGE[0] - 2 * MARGIN - GUTTER) / 2
    height = (top - bottom - (rows - 1) * GUTTER) / rows
    return [
        Box(MARGIN + col * (width + GUTTER), top - (row + 1) * height - row * GUTTER, width, height)
        for row, col in PANEL_GRID
    ]


def _section_of(report: Report | None, key: str) -> Section | None:
    if report is None:
        return None
    return next((s for s in report.sections if s.key == key), None)


# -- panels -----------------------------------------------------------------------
def _rate_panel(box: Box, section: Section, old: Section | None, share: float) -> Group:
    bars = []
    for row in section.rows:
        rate = row.figure
        assert isinstance(rate, Rate)
        low, high = rate.interval()
        was = old.row(row.label) if old else None
        bars.append(Bar(row.label, rate.value, low, high, was.figure.value if was else math.nan))
    return _bars(box, section.title + " (95% CI)", bars, 0.0, 1.0, _percent, share)


def _difference_panel(box: Box, section: Section, old: Section | None) -> Group:
    """Each row's mean minus the reference row's (an event's income against all days)."""
    reference = section.row(section.reference or "")
    base = reference.figure.value if reference else 0.0
    old_ref = old.row(old.reference or "") if old else None
    bars = []
    for row in section.rows:
        if row is reference:
            continue
        low, high = row.figure.interval()
        was = old.row(row.label) if old else None
        before = was.figure.value - old_ref.figure.value if was and old_ref else math.nan
        bars.append(Bar(row.label, row.figure.value - base, low - base, high - base, before))
    ends = [abs(v) for b in bars for v in (b.low, b.high, b.before) if not math.isnan(v)]
    reach = max(ends + [1.0])
    low, high, step = nice_range(-reach, reach)
    title = f"{section.title} vs all ({base:.2f})"
    return _bars(box, title, bars, low, high, lambda v: f"{v:+.1f}", 0.0, step)


def _bars(
    box: Box,
    title: str,
    bars: Sequence[Bar],
    low: float,
    high: float,
    label,
    mark: float = math.nan,
    step: float = 0.0,
) -> Group:
    """Horizontal bars with interval whiskers; a grey bar beneath each shows the baseline."""
    group = Group(_text(box.x, box.y + box.height - 10, title, 9, BOLD))
    plot = Box(box.x + LABEL_WIDTH, box.y + 14, box.width - LABEL_WIDTH - 30, box.height - 30)
    _axis(group, plot, low, high, label, step)
    if not math.isnan(mark):
        x = _scale(mark, low, high, plot)
        top = plot.y + plot.height
        group.add(Line(x, plot.y, x, top, strokeColor=MUTED, strokeDashArray=[2, 2]))
    step = plot.height / max(len(bars), 1)
    thick = min(step * 0.55, 14)
    for i, bar in enumerate(bars):
        centre = plot.y + plot.height - (i + 0.5) * step
        zero = _scale(max(low, min(0.0, high)), low, high, plot)
        if not math.isnan(bar.before):
            x = _scale(bar.before, low, high, plot)
            group.add(_rect(min(zero, x), centre - thick / 2 - 2.5, abs(x - zero), 2.5, BEFORE))
        colour = NOW if low >= 0 else (GAIN if bar.value >= 0 else LOSS)
        x = _scale(bar.value, low, high, plot)
        group.add(_rect(min(zero, x), centre - thick / 2, abs(x - zero), thick, colour))
        if not math.isnan(bar.low):
            a, b = _scale(bar.low, low, high, plot), _scale(bar.high, low, high, plot)
            group.add(Line(a, centre, b, centre, strokeColor=INK, strokeWidth=0.8))
            for end in (a, b):
                group.add(Line(end, centre - 2.5, end, centre + 2.5, strokeColor=INK))
        group.add(_text(box.x, centre - 3, _clip(bar.label), 7.5))
        group.add(_text(plot.x + plot.width + 3, centre - 3, label(bar.value), 7, colour=MUTED))
    return group


def _box_panel(box: Box, section: Section, old: Section | None) -> Group:
    """Quartile boxes with the median, a dot at the mean, whiskers to the extremes."""
    rows = [r for r in section.rows if isinstance(r.figure, Spread) and r.figure.n]
    _, high, step = nice_range(0.0, max([r.figure.high for r in rows] + [1]))
    group = Group(_text(box.x, box.y + box.height - 10, section.title, 9, BOLD))
    legend = "box: quartiles, bar: median, dot: mean, whiskers: range"
    group.add(_text(box.x, box.y + box.height - 20, legend, 6.5, colour=MUTED))
    plot = Box(box.x + LABEL_WIDTH, box.y + 14, box.width - LABEL_WIDTH - 30, box.height - 38)
    unit = section.unit
    _axis(group, plot, 0.0, high, lambda v: f"{unit}{v:g}", step)
    places = 0 if high >= SMALL_SCALE else 1
    step = plot.height / max(len(rows), 1)
    thick = min(step * 0.55, 14)
    for i, row in enumerate(rows):
        centre = plot.y + plot.height - (i + 0.5) * step
        was = old.row(row.label) if old else None
        if was is not None and isinstance(was.figure, Spread) and was.figure.n:
            _draw_box(group, was.figure, centre - thick / 2 - 3, 3, high, plot, BEFORE)
        _draw_box(group, row.figure, centre, thick, high, plot, NOW)
        group.add(_text(box.x, centre - 3, _clip(row.label), 7.5))
        mean = f"{unit}{row.figure.value:.{places}f}"
        group.add(_text(plot.x + plot.width + 3, centre - 3, mean, 7, colour=MUTED))
    return group


def _draw_box(
    group: Group, spread: Spread, centre: float, thick: float, high: float, plot: Box, colour
) -> None:
    q1, median, q3 = (_scale(q, 0.0, high, plot) for q in spread.quartiles)
    lo, hi = _scale(spread.low, 0.0, high, plot), _scale(spread.high, 0.0, high, plot)
    group.add(Line(lo, centre, q1, centre, strokeColor=INK, strokeWidth=0.6))
    group.add(Line(q3, centre, hi, centre, strokeColor=INK, strokeWidth=0.6))
    group.add(_rect(q1, centre - thick / 2, max(q3 - q1, 0.5), thick, colour))
    group.add(Line(median, centre - thick / 2, median, centre + thick / 2, strokeColor=INK))
    if thick > 4:
        mean = _scale(spread.value, 0.0, high, plot)
        group.add(Circle(mean, centre, 1.8, fillColor=colors.white, strokeColor=INK))


@dataclass(frozen=True)
class _Line:
    text: str
    drop: float  # from the line above
    item: bool = False  # an indented entry under a heading


def _footer_lines(report: Report) -> list[_Line]:
    """Below the panels: how games were decided, the bots' numbers, games worth a replay."""
    headings: list[tuple[str, list[str]]] = []
    for section in report.sections:
        if section.role in FOOTER_ROLES:
            shares = ", ".join(f"{r.label} {_percent(r.figure.value)}" for r in section.rows)
            headings.append((f"{section.title}: {shares}", []))
    if report.bots:
        note = f" ({report.bots_note})" if report.bots_note else ""
        headings.append((f"Bots{note}:", [f"{b.name}: {b.plays}" for b in report.bots]))
    replay = f"printkit simulate {report.game} --replay SEED --players {report.players}"
    notable = [f"{g.label}: seed {g.seed} ({g.detail})" for g in report.notable]
    headings.append((f"Worth a replay ({replay}):", notable))
    lines: list[_Line] = []
    for heading, items in headings:
        lines.append(_Line(heading, HEADING_DROP if lines else 0.0))
        lines += [
            _Line(item, ITEM_DROP if i else FIRST_ITEM_DROP, item=True)
            for i, item in enumerate(items)
        ]
    return lines


def _footer(lines: Sequence[_Line], y: float) -> Group:
    group = Group()
    for line in lines:
        y -= line.drop
        if line.item:
            group.add(_text(MARGIN + 8, y, line.text, 7.5, colour=MUTED))
        else:
            group.add(_text(MARGIN, y, line.text, 8))
    return group


# -- drawing helpers --------------------------------------------------------------------
def nice_range(low: float, high: float, most: int = 5) -> tuple[float, float, float]:
    """The range widened to round ticks (1, 2, 2.5 or 5 times a power of ten): low, high, step."""
    span = (high - low) / most or 1.0
    power = 10 ** math.floor(math.log10(span))
    step = next(m * power for m in (1, 2, 2.5, 5, 10) if m * power >= span)
    return math.floor(low / step) * step, math.ceil(high / step) * step, step


def _axis(group: Group, plot: Box, low: float, high: float, label, step: float = 0.0) -> None:
    step = step or (high - low) / 4
    for i in range(round((high - low) / step) + 1):
        value = low + step * i
        x = _scale(value, low, high, plot)
        group.add(Line(x, plot.y, x, plot.y + plot.height, strokeColor=GRID, strokeWidth=0.5))
        text = String(x, plot.y - 9, label(value), fontName=FONT, fontSize=6.5, fillColor=MUTED)
        text.textAnchor = "middle"
        group.add(text)


def _scale(value: float, low: float, high: float, plot: Box) -> float:
    span = high - low or 1.0
    return plot.x + (min(max(value, low), high) - low) / span * plot.width


def _rect(x: float, y: float, width: float, height: float, colour) -> Rect:
    return Rect(x, y, width, height, fillColor=colour, strokeColor=None)


def _text(x: float, y: float, text: str, size: float, font: str = FONT, colour=INK) -> String:
    return String(x, y, text, fontName=font, fontSize=size, fillColor=colour)


def _clip(label: str, most: int = 18) -> str:
    return label if len(label) <= most else label[: most - 1] + "…"


def _percent(value: float) -> str:
    return "-" if math.isnan(value) else f"{value * 100:.0f}%"


def _register_fonts() -> None:
    registered = pdfmetrics.getRegisteredFontNames()
    for name, file in ((FONT, "DejaVuSans.ttf"), (BOLD, "DejaVuSans-Bold.ttf")):
        if name not in registered:
            pdfmetrics.registerFont(TTFont(name, str(FONTS / file)))
