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

from printkit.simulate.report import Report, Section, describe
from printkit.simulate.stats import Rate, Spread

FONTS = Path(__file__).resolve().parent.parent / "fonts"
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


@dataclass(frozen=True)
class Box:
    x: float
    y: float
    width: float
    height: float


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
    panels = _panel_boxes(top - 60, MARGIN + 70)
    for box, key in zip(panels, ("seats", "strategies", "money", "limit", "cards", "events")):
        section = report.section(key)
        old = _section_of(before, key)
        if key == "money":
            page.add(_box_panel(box, section, old))
        elif key == "events":
            page.add(_difference_panel(box, section, old))
        else:
            share = 1 / report.players if key == "seats" else math.nan
            page.add(_rate_panel(box, section, old, share))
    page.add(_footer(report, MARGIN + 58))
    return page


def _panel_boxes(top: float, bottom: float) -> list[Box]:
    width = (PAGE[0] - 2 * MARGIN - GUTTER) / 2
    height = (top - bottom - 2 * GUTTER) / 3
    return [
        Box(MARGIN + col * (width + GUTTER), top - (row + 1) * height - row * GUTTER, width, height)
        for row in range(3)
        for col in range(2)
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
    """Each event's mean income per stand minus the mean over all days."""
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
    title = f"Income per stand on event days vs all ({base:.2f})"
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
    _axis(group, plot, 0.0, high, lambda v: f"{v:.0f}", step)
    step = plot.height / max(len(rows), 1)
    thick = min(step * 0.55, 14)
    for i, row in enumerate(rows):
        centre = plot.y + plot.height - (i + 0.5) * step
        was = old.row(row.label) if old else None
        if was is not None and isinstance(was.figure, Spread) and was.figure.n:
            _draw_box(group, was.figure, centre - thick / 2 - 3, 3, high, plot, BEFORE)
        _draw_box(group, row.figure, centre, thick, high, plot, NOW)
        group.add(_text(box.x, centre - 3, _clip(row.label), 7.5))
        group.add(
            _text(plot.x + plot.width + 3, centre - 3, f"{row.figure.value:.0f}", 7, colour=MUTED)
        )
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


def _footer(report: Report, y: float) -> Group:
    ties = report.section("ties")
    shares = ", ".join(f"{r.label} {_percent(r.figure.value)}" for r in ties.rows)
    group = Group(_text(MARGIN, y, f"Games decided by: {shares}", 8))
    lines = [f"{g.label}: seed {g.seed} ({g.detail})" for g in report.notable]
    replay = f"printkit simulate {report.game} --replay SEED --players {report.players}"
    group.add(_text(MARGIN, y - 13, f"Worth a replay ({replay}):", 8))
    for i, line in enumerate(lines):
        group.add(_text(MARGIN + 8, y - 25 - 11 * i, line, 7.5, colour=MUTED))
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
