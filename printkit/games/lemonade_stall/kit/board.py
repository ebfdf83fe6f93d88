"""Lemonade Stall's game board, maximum-sales charts and stock sheet.

Every number, name and table value printed here comes from the content pack;
the only constants are millimetres of layout. The board keeps its charts and
tracks inside four quadrants clear of the seams that home tiling glues (on A4
and on Letter), so no seam ever runs through a number a player has to read.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from reportlab.lib.colors import Color, white
from reportlab.pdfgen.canvas import Canvas

from printkit.errors import RenderError
from printkit.games.lemonade_stall.model import (
    SAME,
    Condition,
    ForecastRow,
    LemonadeStall,
    SalesChart,
)
from printkit.games.lemonade_stall.rules import D6, D12
from printkit.kit import Board, Pages
from printkit.render.fonts import BODY, BOLD, CONDENSED, ITALIC, draw_fitted, fit, width
from printkit.render.pdf import note_space
from printkit.render.symbols import draw_symbol
from printkit.render.theme import GREY, INK, LEAF, LEMON, LIGHT, SKY, Theme, mix
from printkit.render.tiling import OVERLAP, plan_tiles
from printkit.render.units import MM, PAPERS, PRINT_MARGIN, TOKEN_ROOM, Box

MIN_TEXT = 7.0  # points: the smallest text on the board and the forms
SEAM_CLEARANCE = 3 * MM  # keep panels this far from a glue strip (misregistered tiles)
EDGE_CLEARANCE = 3 * MM  # gap between the score track and the panels inside it
PAD = 3 * MM  # inside a panel
GAP = 4 * MM  # between panels
HEADING = 8 * MM
PAGE_FOOTER = 4 * MM  # the builder keeps this much of a page for its footer line
BOARD_BG = mix(SKY, white, 0.35)
TRACK_FIVE = mix(LEMON, white, 0.55)
TRACK_TEN = mix(LEMON, white, 0.1)
SHEET_SHADE = mix(SKY, white, 0.7)

Cell = str | tuple[str, str]  # plain text, or (symbol name, text)


# -- text and panels -------------------------------------------------------------
def _text(
    c: Canvas,
    text: str,
    box: Box,
    font: str = BODY,
    size: float = 9.0,
    align: str = "left",
    valign: str = "center",
    colour: Color = INK,
    what: str = "board text",
) -> float:
    """Fit ``text`` into ``box`` (wrapping, shrinking to MIN_TEXT at worst) and draw it."""
    fitted = fit(text, font, box.width, box.height, size, MIN_TEXT, what=what)
    cap = 0.72 * fitted.size
    span = cap + (len(fitted.lines) - 1) * fitted.leading
    if valign == "top":
        first = box.top - cap - (fitted.leading - fitted.size) / 2
    elif valign == "bottom":
        first = box.y + 0.24 * fitted.size + (len(fitted.lines) - 1) * fitted.leading
    else:
        first = box.cy + span / 2 - cap
    c.setFillColor(colour)
    draw_fitted(c, fitted, box.x, first + fitted.size, align, box.width)
    return fitted.size


def _symbol_text(
    c: Canvas,
    symbol: str,
    text: str,
    box: Box,
    font: str = BODY,
    size: float = 9.0,
    fill: Color = white,
    what: str = "board text",
    radius: float = 2.3 * MM,
) -> None:
    """A symbol first, then its name: the symbol is the cue that survives black-and-white."""
    r = min(box.height / 2 - 0.4 * MM, radius)
    draw_symbol(c, symbol, box.x + r + 0.3 * MM, box.cy, r, fill=fill)
    rest = Box(box.x + 2 * r + 1.8 * MM, box.y, box.width - 2 * r - 1.8 * MM, box.height)
    _text(c, text, rest, font, size, what=what)


def _panel(c: Canvas, box: Box, fill: Color, line: float = 0.8, radius: float = 2.5 * MM) -> None:
    c.saveState()
    c.setFillColor(fill)
    c.setStrokeColor(INK)
    c.setLineWidth(line)
    c.roundRect(box.x, box.y, box.width, box.height, radius, stroke=1, fill=1)
    c.restoreState()


def _headed_panel(c: Canvas, box: Box, title: str, fill: Color) -> Box:
    """A panel with a bold heading; returns the room left under the heading."""
    _panel(c, box, fill)
    inner = box.inset(PAD, PAD * 0.7)
    head, _ = inner.split_top(HEADING - 1 * MM)
    _text(c, title, head, BOLD, 11.5, what=f"heading {title!r}")
    return _panel_body(box)


def _panel_body(box: Box) -> Box:
    """The room a headed panel leaves under its heading."""
    _, body = box.inset(PAD, PAD * 0.7).split_top(HEADING - 1 * MM)
    return Box(body.x, body.y, body.width, body.height - 1 * MM)


def _fits(need: float, room: Box, what: str) -> None:
    if need > room.height + 0.01:
        raise RenderError(
            f"{what} needs {need / MM:.0f} mm of height but has {room.height / MM:.0f} mm",
            "enlarge the board in kit.yaml or shorten the content",
        )


def _table(
    c: Canvas,
    box: Box,
    header: Sequence[str],
    rows: Sequence[Sequence[Cell]],
    widths: Sequence[float],
    theme: Theme,
    row_h: float = 6 * MM,
    size: float = 8.5,
    what: str = "table",
    row_fills: Sequence[Color] | None = None,
    left: int = 1,
) -> float:
    """A ruled table from the top of ``box`` down; returns the y below its last row.

    The first ``left`` columns (labels, prose) are left-aligned, the rest (numbers) centred.
    """
    total = row_h * (len(rows) + 1)
    _fits(total, box, what)
    scale = box.width / sum(widths)
    xs = [box.x]
    for w in widths:
        xs.append(xs[-1] + w * scale)
    top = box.top
    c.saveState()
    c.setFillColor(white)
    c.rect(box.x, top - total, box.width, total, stroke=0, fill=1)
    c.setFillColor(theme.pale(INK, 0.85))
    c.rect(box.x, top - row_h, box.width, row_h, stroke=0, fill=1)
    for i, fill in enumerate(row_fills or ()):
        c.setFillColor(fill)
        c.rect(box.x, top - (i + 2) * row_h, box.width, row_h, stroke=0, fill=1)
    c.restoreState()
    for col, label in enumerate(header):
        cell = Box(xs[col], top - row_h, xs[col + 1] - xs[col], row_h).inset(1.2 * MM, 0.4 * MM)
        _text(c, label, cell, CONDENSED, size, "left" if col < left else "center", what=what)
    for i, row in enumerate(rows):
        y = top - (i + 2) * row_h
        for col, value in enumerate(row):
            cell = Box(xs[col], y, xs[col + 1] - xs[col], row_h).inset(1.2 * MM, 0.4 * MM)
            if isinstance(value, tuple):
                _symbol_text(c, value[0], value[1], cell, BODY, size, what=what)
            else:
                _text(c, value, cell, BODY, size, "left" if col < left else "center", what=what)
    c.saveState()
    c.setStrokeColor(INK)
    c.setLineWidth(0.4)
    for i in range(1, len(rows) + 1):
        c.line(box.x, top - i * row_h, box.right, top - i * row_h)
    for x in xs[1:-1]:
        c.line(x, top, x, top - total)
    c.setLineWidth(0.8)
    c.rect(box.x, top - total, box.width, total, stroke=1, fill=0)
    c.restoreState()
    return top - total


def _condition_tint(pack: LemonadeStall, condition_id: str) -> Color:
    """Worst weather grey-blue, best lemon: a help, never the only cue (symbols are)."""
    t = pack.condition_index(condition_id) / max(1, len(pack.conditions) - 1)
    return mix(SKY, LIGHT, t * 2) if t <= 0.5 else mix(LIGHT, LEMON, t * 2 - 1)


def _money(value: int) -> str:
    return f"${value}"


def _degrees(value: int) -> str:
    return f"{value}°"


def _names(names: Sequence[str]) -> str:
    names = list(names)
    if len(names) <= 1:
        return "".join(names)
    return ", ".join(names[:-1]) + " and " + names[-1]


def _span(low: int, high: int) -> str:
    return str(low) if low == high else f"{low}–{high}"


# -- the day's steps, in the words of words.yaml ------------------------------------
STOCK_STEPS = ((2, 3, 4), (5,), (8,), (9,))  # the steps after which a stand's goods can differ


def _day_steps(pack: LemonadeStall) -> tuple[tuple[str, str], ...]:
    """The ten steps of a day as short board text, names and numbers taken from the pack."""
    say = pack.words.say
    last = pack.days[-1]
    forecast = [say("rule.forecast", d12=D12)]
    if not pack.forecast_on_last_day:
        forecast.append(say("rule.forecast_skip", last_day=last))
    early = [b.title for b in pack.benefits if b.effect.takes_first_player]
    end = say("rule.end_keeper", benefits=_names(early)) if early else say("rule.end")
    melts = [pack.item(i).name for i in pack.perishing("melts")]
    spoils = [pack.item(i).name for i in pack.perishing("spoils")]
    fridge = [b.title for b in pack.benefits if b.effect.fridge]
    night = []
    if melts:
        night.append(say("rule.melts", goods=_names(melts).lower()))
    if spoils:
        night.append(say("rule.spoils", d6=D6, goods=_names(spoils).lower()))
    if fridge:
        night.append(say("rule.fridge", benefits=_names(fridge)))
    texts = (
        " ".join(forecast),
        say("rule.benefits"),
        say("rule.bonus"),
        say("rule.event"),
        say("rule.buy", max_per_item=pack.max_per_item),
        say("rule.prices"),
        say("rule.weather", d6=D6),
        say("rule.sell"),
        " ".join(night) or say("rule.nothing_perishes"),
        end,
    )
    return tuple(zip(pack.step_titles, texts))


# -- the board's geometry ------------------------------------------------------
def _seam_bands(
    width_pt: float, height_pt: float
) -> tuple[list[tuple[float, float]], list[tuple[float, float]]]:
    """The glue strips of home tiling on every paper size: (x bands, y bands) in points."""
    xs: set[tuple[float, float]] = set()
    ys: set[tuple[float, float]] = set()
    for paper in PAPERS.values():
        for tile in plan_tiles(width_pt, height_pt, paper)[1]:
            if tile.glue_right:
                xs.add((tile.region.right - OVERLAP, tile.region.right))
            if tile.glue_bottom:
                ys.add((tile.region.y, tile.region.y + OVERLAP))
    return sorted(xs), sorted(ys)


def _free_spans(
    low: float, high: float, bands: Sequence[tuple[float, float]]
) -> list[tuple[float, float]]:
    """What is left of [low, high] once every band (plus clearance) is cut out."""
    spans = [(low, high)]
    for a, b in bands:
        a, b = a - SEAM_CLEARANCE, b + SEAM_CLEARANCE
        cut = []
        for s, e in spans:
            if b <= s or a >= e:
                cut.append((s, e))
                continue
            if a > s:
                cut.append((s, a))
            if b < e:
                cut.append((b, e))
        spans = cut
    if len(spans) == 1:  # no seam at all: still two halves
        s, e = spans[0]
        mid = (s + e) / 2
        spans = [(s, mid - GAP / 2), (mid + GAP / 2, e)]
    return [spans[0], spans[-1]]


@dataclass(frozen=True)
class _BoardLayout:
    """Where things go, in points: the board, the score track's depth, four safe quadrants."""

    board: Box
    depth: float
    top_left: Box
    top_right: Box
    bottom_left: Box
    bottom_right: Box

    @property
    def quadrants(self) -> tuple[Box, Box, Box, Box]:
        return (self.top_left, self.top_right, self.bottom_left, self.bottom_right)


def _board_layout(pack: LemonadeStall) -> _BoardLayout:
    board = Box(0, 0, pack.kit.board.width * MM, pack.kit.board.height * MM)
    depth = pack.kit.token.height * MM
    inner = board.inset(depth + EDGE_CLEARANCE)
    x_bands, y_bands = _seam_bands(board.width, board.height)
    (x0, x1), (x2, x3) = _free_spans(inner.x, inner.right, x_bands)
    (y0, y1), (y2, y3) = _free_spans(inner.y, inner.top, y_bands)
    return _BoardLayout(
        board,
        depth,
        Box(x0, y2, x1 - x0, y3 - y2),
        Box(x2, y2, x3 - x2, y3 - y2),
        Box(x0, y0, x1 - x0, y1 - y0),
        Box(x2, y0, x3 - x2, y1 - y0),
    )


# -- score track ---------------------------------------------------------------
@dataclass(frozen=True)
class _TrackSpace:
    number: int
    box: Box
    angle: int  # text turns so it reads from the nearest board edge


def _edge_counts(total: int, lengths: Sequence[float]) -> list[int]:
    """Share ``total`` spaces between edges by length (largest remainder), at least one each."""
    shares = [total * length / sum(lengths) for length in lengths]
    counts = [max(1, math.floor(s)) for s in shares]
    order = sorted(range(len(shares)), key=lambda i: counts[i] - shares[i])
    for i in order[: max(0, total - sum(counts))]:
        counts[i] += 1
    return counts


def _score_spaces(pack: LemonadeStall) -> list[_TrackSpace]:
    """The score track clockwise from the top-left corner, space 0 first."""
    layout = _board_layout(pack)
    w, h, d = layout.board.width, layout.board.height, layout.depth
    top, right, bottom, left = _edge_counts(pack.kit.score_spaces - 4, [w - 2 * d, h - 2 * d] * 2)
    spaces: list[tuple[Box, int]] = [(Box(0, h - d, d, d), 180)]
    step = (w - 2 * d) / top
    spaces += [(Box(d + i * step, h - d, step, d), 180) for i in range(top)]
    spaces.append((Box(w - d, h - d, d, d), 180))
    step = (h - 2 * d) / right
    spaces += [(Box(w - d, h - d - (i + 1) * step, d, step), 90) for i in range(right)]
    spaces.append((Box(w - d, 0, d, d), 0))
    step = (w - 2 * d) / bottom
    spaces += [(Box(w - d - (i + 1) * step, 0, step, d), 0) for i in range(bottom)]
    spaces.append((Box(0, 0, d, d), 0))
    step = (h - 2 * d) / left
    spaces += [(Box(0, d + i * step, d, step), -90) for i in range(left)]
    return [_TrackSpace(n, box, angle) for n, (box, angle) in enumerate(spaces)]


def _score_track(c: Canvas, pack: LemonadeStall, theme: Theme) -> None:
    if not 0 <= pack.starting_money < pack.kit.score_spaces:
        raise RenderError(
            f"the starting money {pack.starting_money} is not on the "
            f"{pack.kit.score_spaces}-space score track",
            "raise score_track.spaces in kit.yaml",
        )
    for space in _score_spaces(pack):
        n, box = space.number, space.box
        start = n == pack.starting_money
        fill = white
        if start:
            fill = theme.solid(LEMON)
        elif n % 10 == 0:
            fill = theme.pale(TRACK_TEN, 0.0)
        elif n % 5 == 0:
            fill = theme.pale(TRACK_FIVE, 0.0)
        c.saveState()
        c.setFillColor(fill)
        c.setStrokeColor(INK)
        c.setLineWidth(0.5)
        c.rect(box.x, box.y, box.width, box.height, stroke=1, fill=1)
        c.translate(box.cx, box.cy)
        c.rotate(space.angle)
        along = box.width if space.angle in (0, 180) else box.height
        depth = box.height if space.angle in (0, 180) else box.width
        if n % 10 == 0 or start:  # a heavy frame: emphasis that survives ink-saver mode
            c.setLineWidth(1.6)
            c.rect(-along / 2 + 0.8, -depth / 2 + 0.8, along - 1.6, depth - 1.6, stroke=1, fill=0)
        label = Box(-along / 2 + 0.6 * MM, -depth / 2, along - 1.2 * MM, depth)
        if start:
            _start_space(c, label, n)
        elif n % 10 == 0:
            _text(c, str(n), label, BOLD, 15, "center", what="score track")
        elif n % 5 == 0:
            _text(c, str(n), label, BOLD, 12, "center", what="score track")
        else:
            _text(c, str(n), label, BODY, 10, "center", what="score track")
        c.restoreState()
    c.saveState()
    c.setStrokeColor(INK)
    c.setLineWidth(1.2)
    board = _board_layout(pack).board
    c.rect(0, 0, board.width, board.height, stroke=1, fill=0)
    c.restoreState()


def _start_space(c: Canvas, label: Box, number: int) -> None:
    """The starting-money space: its number, then a coin and START under it (a word, not a hue)."""
    upper, lower = label.split_top(label.height * 0.55)
    _text(c, str(number), upper, BOLD, 13, "center", "bottom", what="score track")
    word, size, r = "START", 7.5, 1.7 * MM
    group = 2 * r + 0.8 * MM + width(word, CONDENSED, size)
    if group > label.width:  # narrow spaces (a long track): the word alone still says it
        _text(c, word, lower, CONDENSED, size, "center", what="score track")
        return
    x = label.cx - group / 2
    y = lower.cy + 0.6 * MM
    draw_symbol(c, "coin", x + r, y, r, fill=white)
    c.setFillColor(INK)
    c.setFont(CONDENSED, size)
    c.drawString(x + 2 * r + 0.8 * MM, y - size * 0.36, word)


# -- top left: title and time track -----------------------------------------------------
TIME_INTRO = 10 * MM
TIME_DAY = 7 * MM
TIME_GAP = 3 * MM  # between a day's two marker spaces
TIME_NOTE = 7 * MM


def _time_track_height(pack: LemonadeStall) -> float:
    note = 0 if pack.forecast_on_last_day else TIME_NOTE
    markers = 2 * pack.kit.marker.height * MM + TIME_GAP
    return 2 * PAD * 0.7 + HEADING + TIME_INTRO + TIME_DAY + markers + note + 2 * MM


def _title_block(c: Canvas, box: Box, pack: LemonadeStall, theme: Theme) -> None:
    title, rest = box.split_top(14 * MM)
    _text(c, pack.title, title, BOLD, 30, what="board title")
    tagline, rest = rest.split_top(7 * MM)
    _text(c, pack.tagline, tagline, ITALIC, 10.5, what="tagline")
    note = rest.inset(0, 1 * MM)
    _panel(c, note, theme.pale(LEMON, 0.6), line=0.6)
    draw_symbol(c, "coin", note.x + 6 * MM, note.cy, 3.5 * MM, fill=theme.solid(LEMON))
    _text(
        c,
        f"Score track: your money. Everyone starts on {pack.starting_money} (START). "
        f"Going past {pack.kit.score_spaces - 1}? Take a lap token — it adds "
        f"{pack.kit.score_spaces} — and carry on from 0.",
        Box(note.x + 12 * MM, note.y + 1 * MM, note.width - 14 * MM, note.height - 2 * MM),
        BODY,
        10,
        what="score note",
    )


def _time_track(c: Canvas, box: Box, pack: LemonadeStall, theme: Theme) -> None:
    body = _headed_panel(c, box, "Time track", theme.pale(SKY, 0.5))
    intro, _ = body.split_top(TIME_INTRO)
    _text(
        c,
        "Step 1: set the forecast markers in tomorrow's column. Step 7 may change today's "
        "markers; from then on they show the actual weather.",
        intro,
        BODY,
        9.5,
        what="time track",
    )
    body, columns, spaces = _time_columns(pack, box)
    ghost = mix(GREY, white, 0.45)
    for index, (day, column, (upper, lower)) in enumerate(zip(pack.days, columns, spaces)):
        head, _ = column.split_top(TIME_DAY)
        _text(c, day, head.inset(0.5 * MM, 0), BOLD, 12, "center", what="day name")
        for space, kind in ((upper, "condition"), (lower, "temperature")):
            _panel(c, space, white, line=0.9, radius=1.5 * MM)
            label = Box(space.x, space.top - 5 * MM, space.width, 4 * MM)
            _text(c, kind, label, BODY, 7.5, "center", colour=GREY, what="time track")
        if index == 0:
            _opening_weather(c, upper, lower, pack, theme)
            continue
        symbols = [cond.symbol for cond in pack.conditions]
        pitch = (upper.width - 6 * MM) / len(symbols)
        for i, symbol in enumerate(symbols):
            x = upper.x + 3 * MM + pitch * (i + 0.5)
            draw_symbol(c, symbol, x, upper.cy - 2 * MM, min(3 * MM, pitch / 2.4), stroke=ghost)
        draw_symbol(c, "thermometer", lower.cx, lower.cy - 2 * MM, 5 * MM, stroke=ghost)
    if not pack.forecast_on_last_day:
        note = Box(body.x, body.y, columns[-1].right - body.x - 1 * MM, TIME_NOTE)
        _text(
            c,
            f"No forecast on {pack.days[-1]}: the game ends that evening, so skip step 1.",
            note,
            ITALIC,
            9,
            "right",
            what="time track",
        )


def _time_columns(pack: LemonadeStall, box: Box) -> tuple[Box, list[Box], list[tuple[Box, Box]]]:
    """The time track's room, its day columns, and each day's (condition, temperature) space."""
    body = _panel_body(box)
    _, body = body.split_top(TIME_INTRO)
    marker_w, marker_h = pack.kit.marker.width * MM, pack.kit.marker.height * MM
    body = Box(box.x + 1.5 * MM, body.y, box.width - 3 * MM, body.height)  # every mm counts here
    columns = body.columns(len(pack.days))
    if columns[0].width < marker_w + 0.5 * MM:
        raise RenderError(
            f"time track: {len(pack.days)} days of {pack.kit.marker.width} mm markers do not fit "
            f"{body.width / MM:.0f} mm",
            "enlarge the board or shrink the markers in kit.yaml",
        )
    spaces = []
    for column in columns:
        _, rest = column.split_top(TIME_DAY)
        upper = Box(column.cx - marker_w / 2, rest.top - marker_h, marker_w, marker_h)
        lower = Box(upper.x, upper.y - TIME_GAP - marker_h, marker_w, marker_h)
        spaces.append((upper, lower))
    return body, columns, spaces


def _opening_weather(c: Canvas, upper: Box, lower: Box, pack: LemonadeStall, theme: Theme) -> None:
    """The first day's weather is printed: setup puts those markers here."""
    condition, degrees = pack.opening_weather
    start = pack.condition(condition)
    for space in (upper, lower):
        label = Box(space.x, space.y + 12.5 * MM, space.width, 4 * MM)
        _text(c, "at setup", label, BOLD, 8, "center", what="time track")
    name_w = width(start.name, BOLD, 10) + 9 * MM
    _symbol_text(
        c,
        start.symbol,
        start.name,
        Box(upper.cx - name_w / 2, upper.y + 3 * MM, name_w, 8 * MM),
        BOLD,
        10,
        fill=theme.pale(_condition_tint(pack, condition), 0.2),
        radius=3.2 * MM,
    )
    temp = Box(lower.x, lower.y + 3 * MM, lower.width, 8 * MM)
    _text(c, _degrees(degrees), temp, BOLD, 15, "center", what="time track")


# -- top right: the sales area ----------------------------------------------------
def _largest_limit(pack: LemonadeStall) -> int:
    return max(limit for chart in pack.charts for _, row in chart.limits for limit in row)


def _sales_area(c: Canvas, box: Box, pack: LemonadeStall, theme: Theme) -> None:
    body = _headed_panel(c, box, "Step 8 · Selling", theme.pale(LEMON, 0.55))
    chart = _chart_space(pack, box)
    chart_h = chart.height
    c.saveState()
    c.setFillColor(white)
    c.setStrokeColor(INK)
    c.setLineWidth(1)
    c.setDash(4, 3)
    c.rect(chart.x, chart.y, chart.width, chart.height, stroke=1, fill=1)
    c.restoreState()
    players = _span(pack.min_players, pack.max_players)
    title = Box(chart.x, chart.cy, chart.width, 10 * MM)
    _text(c, "Maximum-sales chart", title, BOLD, 15, "center", "bottom", what="chart space")
    _text(
        c,
        f"Lay the chart for your player count ({players}) here.",
        Box(chart.x + 6 * MM, chart.cy - 9 * MM, chart.width - 12 * MM, 8 * MM),
        BODY,
        10,
        "center",
        "top",
        colour=GREY,
        what="chart space",
    )
    side = Box(chart.right + GAP, chart.y, body.right - chart.right - GAP, chart.height)
    _price_caps(c, side, pack, theme)
    table_h = _sales_table_height(pack)
    _fits(chart_h + 2 * MM + table_h, body, "chart space and sales table")
    _sales_table(c, Box(body.x, body.y, body.width, table_h), pack, theme)
    order = Box(
        body.x, body.y + table_h + 1.5 * MM, body.width, chart.y - body.y - table_h - 3 * MM
    )
    recap = (
        "every stand first sells its sure cups; then the cheapest price sells. Stands at one "
        "price take turns, a cup each, from the first player clockwise. A price above "
        "today's top price sells nothing."
    )
    fitted = _lead_fit("Selling order:", recap, order, 10)
    if fitted:  # only a recap where there is room: step 8 in the day's list has it all
        size, lines = fitted
        need = len(lines) * size * 1.2
        middle = Box(order.x, order.cy - need / 2, order.width, need + 0.01)
        _lead_paragraph(c, "Selling order:", recap, middle, size, "selling order")


def _chart_space(pack: LemonadeStall, box: Box) -> Box:
    """The dashed space the sales chart is laid on, in the sales quadrant ``box``."""
    body = _panel_body(box)
    chart_w, chart_h = pack.kit.sales_chart.width * MM, pack.kit.sales_chart.height * MM
    if chart_w > body.width:
        raise RenderError("the sales-chart space is wider than its quadrant of the board")
    return Box(body.x, body.top - chart_h, chart_w, chart_h)


def _price_caps(c: Canvas, box: Box, pack: LemonadeStall, theme: Theme) -> None:
    intro, rest = box.split_top(27 * MM)
    _text(
        c,
        "In each cell: the most cups the whole street sells today; in brackets, the "
        "cups each stand is sure to sell.",
        intro,
        BODY,
        9,
        valign="top",
        what="sales note",
    )
    rows = [
        (
            (cond.symbol, cond.name),
            "any" if cond.price_cap is None else _money(cond.price_cap),
            str(cond.guarantee),
        )
        for cond in reversed(pack.conditions)
    ]
    fills = [theme.pale(_condition_tint(pack, cond.id), 0.3) for cond in reversed(pack.conditions)]
    row_h = min(7.5 * MM, rest.height / (len(rows) + 1))
    header = ["Weather", "Top price", "Sure cups"]
    _table(c, rest, header, rows, [1.5, 1, 1], theme, row_h, 8.5, "price caps", fills)


SALES_HEAD = 5.5 * MM
SALES_GAP = 1 * MM  # between cup spaces


def _sales_grid(pack: LemonadeStall, room: float) -> tuple[int, int]:
    """Rows and spaces per row for cup spaces 1..largest chart limit, rows as even as can be."""
    pitch = _cup_space(pack).width + SALES_GAP
    most = _largest_limit(pack)
    per_row = max(1, int((room + SALES_GAP) // pitch))
    rows = math.ceil(most / per_row)
    return rows, math.ceil(most / rows)


def _overflow_events(pack: LemonadeStall) -> list:
    return [e for e in pack.events if e.effect.limit_bonus > 0]


def _sales_room(pack: LemonadeStall, full: float) -> float:
    return full - (34 * MM + GAP if _overflow_events(pack) else 0)


def _sales_table_height(pack: LemonadeStall) -> float:
    layout = _board_layout(pack)
    rows, _ = _sales_grid(pack, _sales_room(pack, layout.top_right.width - 2 * PAD))
    return SALES_HEAD + 1 * MM + rows * _cup_space(pack).height + (rows - 1) * SALES_GAP


def _cup_space(pack: LemonadeStall) -> Box:
    """A sales-table space: a cup-sold token and a millimetre to spare."""
    return Box(
        0, 0, pack.kit.token.width * MM + TOKEN_ROOM, pack.kit.token.height * MM + TOKEN_ROOM
    )


def _sales_table(c: Canvas, box: Box, pack: LemonadeStall, theme: Theme) -> None:
    heading, rest = box.split_top(SALES_HEAD)
    title = "Sales table: put a cup-sold token on a space for each cup sold today"
    _text(c, title, heading, BOLD, 10, what="sales table")
    space = _cup_space(pack)
    token_w, token_h = space.width, space.height
    crowds = _overflow_events(pack)
    rows, per_row = _sales_grid(pack, _sales_room(pack, rest.width))
    most = _largest_limit(pack)
    for n in range(1, most + 1):
        row, col = divmod(n - 1, per_row)
        x = rest.x + col * (token_w + SALES_GAP)
        cell = Box(x, rest.top - 1 * MM - row * (token_h + SALES_GAP) - token_h, token_w, token_h)
        fill = theme.pale(LEMON, 0.35) if n % 5 == 0 else white
        _panel(c, cell, fill, line=0.9 if n % 5 else 1.6, radius=1.5 * MM)
        note_space(c, f"sales space {n}", cell, "cup-sold")
        _text(c, str(n), cell, BOLD if n % 5 == 0 else BODY, 14, "center", what="sales table")
    if crowds:
        bonus = max(e.effect.limit_bonus for e in crowds)
        block_h = rows * (token_h + SALES_GAP) - SALES_GAP
        left = rest.x + per_row * (token_w + SALES_GAP) - SALES_GAP + GAP  # right of the grid
        area = Box(left, rest.top - 1 * MM - block_h, rest.right - left, block_h)
        c.saveState()
        c.setFillColor(white)
        c.setStrokeColor(INK)
        c.setDash(3, 2)
        c.rect(area.x, area.y, area.width, area.height, stroke=1, fill=1)
        c.restoreState()
        _text(
            c,
            f"Past {most}? {_names([e.title for e in crowds])} can add up to {bonus} cups: "
            "set a die here showing the extra cups sold.",
            area.inset(2 * MM),
            BODY,
            9,
            what="sales overflow",
        )


# -- bottom left: weather reference -------------------------------------------------
def _forecast_result(pack: LemonadeStall, row: ForecastRow, kind: str) -> Cell:
    if row.result == SAME:
        return "same as today"
    if kind == "condition":
        condition = pack.condition(str(row.result))
        return (condition.symbol, condition.name)
    return _degrees(int(row.result))


def _forecast(c: Canvas, box: Box, pack: LemonadeStall, theme: Theme) -> None:
    body = _headed_panel(c, box, f"Step 1 · Forecast: roll the d{D12} twice", theme.pale(SKY, 0.5))
    note_h = 13 * MM
    tables = Box(body.x, body.y + note_h, body.width, body.height - note_h)
    left, right = tables.columns(2, gap=3 * MM)
    rows = max(len(pack.condition_forecast), len(pack.temperature_forecast)) + 1
    row_h = min(8 * MM, tables.height / rows)
    for part, table, kind, title in (
        (left, pack.condition_forecast, "condition", "1st: condition"),
        (right, pack.temperature_forecast, "temperature", "2nd: temperature"),
    ):
        cells = [(_span(r.low, r.high), _forecast_result(pack, r, kind)) for r in table]
        header = [f"d{D12}", title]
        _table(c, part, header, cells, [1, 2.6], theme, row_h, 10, f"{kind} forecast")
    high = pack.d12_high_half_from
    _text(
        c,
        f"No d{D12}? Roll two d{D6} of different colours. First die 1–{high - 1}: the "
        f"second die is the roll; first die {high}–{D6}: add {pack.d12_high_half_adds} to the "
        "second. Never add the two dice together.",
        Box(body.x, body.y, body.width, note_h - 1.5 * MM),
        BODY,
        8.5,
        valign="bottom",
        what="d12 note",
    )


def _spoilage(c: Canvas, box: Box, pack: LemonadeStall, theme: Theme) -> None:
    body = _headed_panel(c, box, "Step 9 · Spoilage", theme.pale(SKY, 0.5))
    spoils = _names([pack.item(i).name for i in pack.perishing("spoils")]) or "Goods"
    rows = [
        (_degrees(t.degrees), "—" if t.spoils_on is None else f"{t.spoils_on}+")
        for t in pack.temperatures
    ]
    row_h = min(8 * MM, body.height / (len(rows) + 1))
    table = Box(body.x, body.y, body.width * 0.52, body.height)
    header = ["Temperature", f"{spoils}: d{D6}"]
    bottom = _table(c, table, header, rows, [1, 1], theme, row_h, 10, "spoilage table")
    melts = [pack.item(i).name for i in pack.perishing("melts")]
    fridge = [b.title for b in pack.benefits if b.effect.fridge]
    lines = [
        f"Roll one d{D6} for everyone, against today's actual temperature: at or above the "
        f"number, all {spoils.lower()} spoil. A — means they keep."
    ]
    if melts:
        lines.append(f"{_names(melts)} always melts overnight.")
    if fridge:
        lines.append(f"Whoever holds {_names(fridge)} loses nothing.")
    side = Box(table.right + 3 * MM, bottom, body.right - table.right - 3 * MM, body.top - bottom)
    _text(c, " ".join(lines), side, BODY, 8.5, valign="top", what="spoilage note")


def _temperature_steps(pack: LemonadeStall) -> list[int]:
    """Every temperature step some event card can print, coolest first."""
    return sorted(
        {
            option.step
            for event in pack.events
            for group in event.change.groups
            if group.kind == "temperature"
            for option in group.options
        }
    )


def _sample_codes(pack: LemonadeStall) -> str:
    """A printed code line from the deck, the fullest first, to show what the legend reads."""
    printed = [e.change for e in pack.events if e.change.printed]
    if not printed:
        return ""
    fullest = max(printed, key=lambda ch: (len(ch.groups), sum(len(g.options) for g in ch.groups)))
    return fullest.printed


def _weather_change(c: Canvas, box: Box, pack: LemonadeStall, theme: Theme) -> None:
    body = _headed_panel(c, box, "Step 7 · Weather change", theme.pale(SKY, 0.5))
    intro, rest = body.split_top(19 * MM)
    sample = _sample_codes(pack)
    like = f" like {sample}" if sample else ""
    _text(
        c,
        f"An event card ends with codes{like}. Roll one d{D6} for each group (either side "
        "of the /): a code happens on its number or more. If a group holds two codes, the "
        "higher one reached applies.",
        intro,
        BODY,
        9.5,
        valign="top",
        what="weather change",
    )
    ladder, rest = rest.split_top(25 * MM)
    _ladder(c, ladder.inset(0, 1.5 * MM), pack, theme)
    worst, best = pack.conditions[0], pack.conditions[-1]
    coolest, warmest = _degrees(pack.min_degrees), _degrees(pack.max_degrees)
    rows: list[tuple[Cell, Cell]] = [
        ("C+", (best.symbol, f"One step better — {best.name} stays {best.name}")),
        ("C-", (worst.symbol, f"One step worse — {worst.name} stays {worst.name}")),
    ]
    for step in _temperature_steps(pack):
        if step < 0:
            rows.append((f"{step}", f"{-step}° cooler — never below {coolest}"))
        else:
            rows.append((f"+{step}", f"{step}° warmer — never above {warmest}"))
    row_h = min(9 * MM, (rest.height - 2 * MM) / (len(rows) + 1))
    table = Box(rest.x, rest.y, rest.width, rest.height - 2 * MM)
    header = ["Code", "What it does to today's markers"]
    _table(c, table, header, rows, [0.7, 4], theme, row_h, 10, "weather-change legend", left=2)


def _ladder(c: Canvas, box: Box, pack: LemonadeStall, theme: Theme) -> None:
    """The conditions worst to best, so C+ reads as a step right and C- a step left."""
    band = 6 * MM
    row = Box(box.x, box.y + band, box.width, box.height - 2 * band)
    cells = row.columns(len(pack.conditions), gap=4 * MM)
    for cond, cell in zip(pack.conditions, cells):
        fill = theme.pale(_condition_tint(pack, cond.id), 0.3)
        _panel(c, cell, fill, line=0.7, radius=1.5 * MM)
        _symbol_text(c, cond.symbol, cond.name, cell.inset(2.5 * MM, 1 * MM), BOLD, 10.5)
    label_w = 26 * MM
    top = Box(cells[0].x, box.top - band, label_w, band)
    _text(c, "C+ better", top, BOLD, 9.5, what="ladder")
    _arrow(c, top.right, cells[-1].right - 2 * MM, top.cy)
    bottom = Box(cells[-1].right - label_w, box.y, label_w, band)
    _text(c, "worse C-", bottom, BOLD, 9.5, "right", what="ladder")
    _arrow(c, bottom.x, cells[0].x + 2 * MM, bottom.cy)


def _arrow(c: Canvas, x0: float, x1: float, y: float) -> None:
    head = 1.6 * MM if x1 > x0 else -1.6 * MM
    c.saveState()
    c.setStrokeColor(INK)
    c.setLineWidth(1)
    c.line(x0, y, x1, y)
    c.line(x1, y, x1 - head, y + 1.2 * MM)
    c.line(x1, y, x1 - head, y - 1.2 * MM)
    c.restoreState()


# -- bottom right: the day and the costs ----------------------------------------
def _wrap_after(lead: float, text: str, size: float, max_width: float) -> list[str] | None:
    """Greedy wrap whose first line starts ``lead`` points in; None if a word cannot fit."""
    lines: list[str] = []
    line, room = "", max_width - lead
    for word in text.split():
        trial = f"{line} {word}".strip()
        if width(trial, BODY, size) <= room:
            line = trial
            continue
        if not line:
            return None
        lines.append(line)
        line, room = word, max_width
        if width(word, BODY, size) > room:
            return None
    lines.append(line)
    return lines


def _lead_fit(lead: str, text: str, box: Box, size: float) -> tuple[float, list[str]] | None:
    """The largest size (down to MIN_TEXT) at which a lead-in paragraph fits, with its lines."""
    current = size
    while current >= MIN_TEXT - 1e-6:
        lines = _wrap_after(width(f"{lead} ", BOLD, current), text, current, box.width)
        if lines is not None and len(lines) * current * 1.2 <= box.height:
            return current, lines
        current -= 0.5
    return None


def _lead_paragraph(c: Canvas, lead: str, text: str, box: Box, size: float, what: str) -> None:
    """A bold lead-in then body text, wrapped as one paragraph; shrinks, never clips."""
    fitted = _lead_fit(lead, text, box, size)
    if fitted is None:
        raise RenderError(f"{what}: text does not fit its box at {MIN_TEXT:g} pt: {lead} {text!r}")
    current, lines = fitted
    y = box.top - current
    c.setFillColor(INK)
    c.setFont(BOLD, current)
    c.drawString(box.x, y, lead)
    c.setFont(BODY, current)
    c.drawString(box.x + width(f"{lead} ", BOLD, current), y, lines[0])
    for line in lines[1:]:
        y -= current * 1.2
        c.drawString(box.x, y, line)


def _step_heights(
    steps: Sequence[tuple[str, str]], room: Box, text_w: float
) -> tuple[float, list[float]]:
    """The largest size at which every step fits, and each step's height at that size."""
    size = 10.0
    while size >= MIN_TEXT - 1e-6:
        wrapped = [
            _wrap_after(width(f"{t}. ", BOLD, size), text, size, text_w) for t, text in steps
        ]
        if all(w is not None for w in wrapped):
            heights = [max(len(w) * size * 1.2, STEP_DISC) for w in wrapped if w is not None]
            if sum(heights) + (len(steps) - 1) * 1 * MM <= room.height:
                return size, heights
        size -= 0.5
    raise RenderError(f"the day's steps do not fit the board at {MIN_TEXT:g} pt; shorten them")


STEP_DISC = 5.6 * MM


def _steps(c: Canvas, box: Box, pack: LemonadeStall, theme: Theme) -> None:
    heading = pack.words.say("board.steps", count=len(pack.step_titles))
    body = _headed_panel(c, box, heading, theme.pale(LEAF, 0.8))
    steps = _day_steps(pack)
    number_w = 7.5 * MM
    size, heights = _step_heights(steps, body, body.width - number_w)
    gap = (body.height - sum(heights)) / max(1, len(steps) - 1)
    top = body.top
    for index, ((title, text), height) in enumerate(zip(steps, heights), start=1):
        disc = Box(body.x, top - STEP_DISC + 0.25 * size, STEP_DISC, STEP_DISC)
        c.saveState()
        c.setFillColor(INK)
        c.circle(disc.cx, disc.cy, STEP_DISC / 2, stroke=0, fill=1)
        c.restoreState()
        _text(c, str(index), disc, BOLD, 9.5, "center", colour=white, what="step number")
        text_box = Box(body.x + number_w, top - height - 0.01, body.width - number_w, height + 0.01)
        _lead_paragraph(c, f"{title}.", text, text_box, size, f"step {index}")
        top -= height + gap


def _costs(c: Canvas, box: Box, pack: LemonadeStall, theme: Theme) -> None:
    say = pack.words.say
    body = _headed_panel(c, box, say("board.costs"), theme.pale(LEAF, 0.7))
    rows = [(item.name, _money(item.price_one), _money(item.price_bulk)) for item in pack.items]
    header = [
        say("board.costs_good"),
        say("board.costs_one"),
        say("board.costs_bulk", bulk_size=pack.bulk_size),
    ]
    bottom = _table(c, body, header, rows, [1.4, 1, 1], theme, 7 * MM, 10, "costs table")
    _text(
        c,
        say("board.costs_note", max_per_item=pack.max_per_item, bulk_size=pack.bulk_size),
        Box(body.x, body.y, body.width, bottom - body.y - 1.5 * MM),
        BODY,
        9,
        valign="top",
        what="costs note",
    )


def _setup(c: Canvas, box: Box, pack: LemonadeStall, theme: Theme) -> None:
    say = pack.words.say
    body = _headed_panel(c, box, say("board.setup"), theme.pale(LEAF, 0.7))
    text = say("board.setup_text", starting_money=pack.starting_money, first_day=pack.days[0])
    for benefit in pack.benefits:
        if benefit.min_players > pack.min_players:
            text += " " + say(
                "board.setup_leave_out", players=benefit.min_players, benefit=benefit.title
            )
    _text(c, text, body, BODY, 9, valign="top", what="setup")


def _game_end(c: Canvas, box: Box, pack: LemonadeStall, theme: Theme) -> None:
    say = pack.words.say
    body = _headed_panel(c, box, say("board.game_end"), theme.pale(LEAF, 0.7))
    first, *then = [say(f"tie_break.{t}") for t in pack.tie_breaks]
    text = say("board.game_end_text", last_day=pack.days[-1], first=first)
    if then:
        later = functools.reduce(lambda a, b: say("board.then", earlier=a, later=b), then)
        text += " " + say("board.still_tied", then=later.capitalize())
    _text(c, text, body, BODY, 9, valign="top", what="game end")


# -- the board -------------------------------------------------------------------
def _draw_board(c: Canvas, pack: LemonadeStall, theme: Theme) -> None:
    layout = _board_layout(pack)
    board = layout.board
    c.saveState()
    c.setFillColor(theme.flood(BOARD_BG))
    c.rect(board.x, board.y, board.width, board.height, stroke=0, fill=1)
    c.restoreState()
    _score_track(c, pack, theme)
    _top_left(c, layout.top_left, pack, theme)
    _sales_area(c, layout.top_right, pack, theme)
    _bottom_left(c, layout.bottom_left, pack, theme)
    _bottom_right(c, layout.bottom_right, pack, theme)


def _top_left(c: Canvas, box: Box, pack: LemonadeStall, theme: Theme) -> None:
    _fits(_time_track_height(pack) + 30 * MM, box, "title and time track")
    title, track = _top_left_boxes(pack, box)
    _title_block(c, title, pack, theme)
    _time_track(c, track, pack, theme)


def _top_left_boxes(pack: LemonadeStall, box: Box) -> tuple[Box, Box]:
    """The title block and the time track under it."""
    track_h = _time_track_height(pack)
    title = Box(box.x, box.y + track_h + GAP, box.width, box.height - track_h - GAP)
    return title, Box(box.x, box.y, box.width, track_h)


def _bottom_left(c: Canvas, box: Box, pack: LemonadeStall, theme: Theme) -> None:
    forecast, spoilage, change = _bottom_left_boxes(box)
    _forecast(c, forecast, pack, theme)
    _spoilage(c, spoilage, pack, theme)
    _weather_change(c, change, pack, theme)


def _bottom_left_boxes(box: Box) -> tuple[Box, Box, Box]:
    """The forecast tables, the spoilage table under them, the weather change beside."""
    left_w = box.width * 0.49
    left = Box(box.x, box.y, left_w, box.height)
    right = Box(box.x + left_w + GAP, box.y, box.width - left_w - GAP, box.height)
    forecast_h = box.height * 0.56
    forecast = Box(left.x, left.top - forecast_h, left.width, forecast_h)
    spoilage = Box(left.x, left.y, left.width, left.height - forecast_h - GAP)
    return forecast, spoilage, right


def _bottom_right(c: Canvas, box: Box, pack: LemonadeStall, theme: Theme) -> None:
    steps, costs, setup, end = _bottom_right_boxes(pack, box)
    _steps(c, steps, pack, theme)
    side = Box(costs.x, box.y, costs.width, box.height)
    _fits(costs.height + end.height + 30 * MM + 2 * GAP, side, "costs, setup and game end")
    _costs(c, costs, pack, theme)
    _game_end(c, end, pack, theme)
    _setup(c, setup, pack, theme)


def _bottom_right_boxes(pack: LemonadeStall, box: Box) -> tuple[Box, Box, Box, Box]:
    """The day's steps, and beside them the costs, the setup and the game end."""
    steps_w = box.width * 0.6
    steps = Box(box.x, box.y, steps_w, box.height)
    side = Box(box.x + steps_w + GAP, box.y, box.width - steps_w - GAP, box.height)
    costs_h = 13 * MM + 7 * MM * (len(pack.items) + 1) + 14 * MM
    end_h = 32 * MM
    costs = Box(side.x, side.top - costs_h, side.width, costs_h)
    end = Box(side.x, side.y, side.width, end_h)
    middle = Box(side.x, side.y + end_h + GAP, side.width, side.height - costs_h - end_h - 2 * GAP)
    return steps, costs, middle, end


def score_space(pack: LemonadeStall, money: int) -> Box:
    """The score-track space a marker for ``money`` stands on (laps wrap round)."""
    return _score_spaces(pack)[money % pack.kit.score_spaces].box


def marker_spaces(pack: LemonadeStall) -> list[tuple[Box, Box]]:
    """Each day's (condition, temperature) marker space on the time track, in board points."""
    _, track = _top_left_boxes(pack, _board_layout(pack).top_left)
    return _time_columns(pack, track)[2]


def draw_chart(c: Canvas, box: Box, pack: LemonadeStall, players: int, theme: Theme) -> None:
    """One maximum-sales chart in ``box``, as its printed card (for pictures of the table)."""
    _draw_chart(c, box, pack, pack.chart(players), theme)


def board_regions(pack: LemonadeStall) -> dict[str, Box]:
    """Where each part of the board lies, in board points: for pictures that point at them.

    ``start`` is the score space of the starting money; ``first-condition`` and
    ``first-temperature`` are the first day's marker spaces.
    """
    layout = _board_layout(pack)
    title, track = _top_left_boxes(pack, layout.top_left)
    forecast, spoilage, change = _bottom_left_boxes(layout.bottom_left)
    steps, costs, setup, end = _bottom_right_boxes(pack, layout.bottom_right)
    _, _, spaces = _time_columns(pack, track)
    return {
        "board": layout.board,
        "score-track": _score_spaces(pack)[pack.starting_money].box,
        "title": title,
        "time-track": track,
        "first-condition": spaces[0][0],
        "first-temperature": spaces[0][1],
        "sales": layout.top_right,
        "chart": _chart_space(pack, layout.top_right),
        "forecast": forecast,
        "spoilage": spoilage,
        "weather-change": change,
        "steps": steps,
        "costs": costs,
        "setup": setup,
        "game-end": end,
    }


def board(pack: LemonadeStall, theme: Theme) -> Board:
    """The game board: score track round the edge, four reference quadrants clear of the seams."""

    def draw(c: Canvas) -> None:
        _draw_board(c, pack, theme)

    return Board(
        id="board",
        title="Game board",
        width=pack.kit.board.width * MM,
        height=pack.kit.board.height * MM,
        draw=draw,
        note="the sales chart for your player count lies on its dashed space",
    )


# -- maximum-sales charts ----------------------------------------------------------
CHART_GAP = 10 * MM  # between charts on a page: room for two separate cuts
CHART_PAGE_HEAD = 14 * MM
CHART_TOP = 2 * MM  # between the page heading and the first chart


def _draw_chart(c: Canvas, box: Box, pack: LemonadeStall, chart: SalesChart, theme: Theme) -> None:
    c.saveState()
    c.setFillColor(white)
    c.rect(box.x, box.y, box.width, box.height, stroke=0, fill=1)
    c.restoreState()
    inner = box.inset(3 * MM, 2.5 * MM)
    head, grid = inner.split_top(10 * MM)
    title_w = 40 * MM
    _text(
        c,
        f"{chart.players} player{'' if chart.players == 1 else 's'}",
        Box(head.x, head.y, title_w, head.height),
        BOLD,
        16,
        what="sales chart title",
    )
    _text(
        c,
        "Most cups the whole street sells today (cups each stand is sure of)",
        Box(head.x + title_w, head.y, head.width - title_w, head.height),
        BODY,
        8,
        "right",
        what="sales chart title",
    )
    label_w = 30 * MM
    header_h = 6.5 * MM
    conditions: list[Condition] = list(reversed(pack.conditions))
    row_h = (grid.height - header_h) / len(conditions)
    columns = Box(grid.x + label_w, grid.y, grid.width - label_w, grid.height).columns(
        len(pack.temperatures)
    )
    for t, col in zip(pack.temperatures, columns):
        _text(
            c,
            _degrees(t.degrees),
            Box(col.x, grid.top - header_h, col.width, header_h),
            BOLD,
            10,
            "center",
            what="sales chart",
        )
    for i, cond in enumerate(conditions):
        y = grid.top - header_h - (i + 1) * row_h
        c.saveState()
        c.setFillColor(theme.pale(_condition_tint(pack, cond.id), 0.35))
        c.rect(grid.x, y, grid.width, row_h, stroke=0, fill=1)
        c.restoreState()
        _symbol_text(
            c,
            cond.symbol,
            cond.name,
            Box(grid.x + 1.5 * MM, y + 1 * MM, label_w - 2 * MM, row_h - 2 * MM),
            BOLD,
            10,
            radius=3 * MM,
        )
        for limit, col in zip(chart.row(cond.id), columns):
            _chart_cell(c, Box(col.x, y, col.width, row_h), limit, cond.guarantee)
    c.saveState()
    c.setStrokeColor(INK)
    c.setLineWidth(0.4)
    for i in range(len(conditions) + 1):
        y = grid.top - header_h - i * row_h
        c.line(grid.x, y, grid.right, y)
    for col in columns:
        c.line(col.x, grid.y, col.x, grid.top)
    c.setLineWidth(1)  # the cut line: solid, exactly the chart's size
    c.rect(box.x, box.y, box.width, box.height, stroke=1, fill=0)
    c.restoreState()


def _chart_cell(c: Canvas, box: Box, limit: int, guarantee: int) -> None:
    big, small = str(limit), f" ({guarantee})"
    big_size, small_size = min(15.0, box.height / MM * 1.4), 9.0
    total = width(big, BOLD, big_size) + width(small, BODY, small_size)
    if total > box.width - 2 * MM:
        raise RenderError(f"sales chart cell {big}{small} is wider than its column")
    x = box.cx - total / 2
    y = box.cy - big_size * 0.36
    c.setFillColor(INK)
    c.setFont(BOLD, big_size)
    c.drawString(x, y, big)
    c.setFont(BODY, small_size)
    c.drawString(x + width(big, BOLD, big_size), y, small)


def _printable(paper_w: float, paper_h: float) -> Box:
    return Box(
        PRINT_MARGIN,
        PRINT_MARGIN + PAGE_FOOTER,
        paper_w - 2 * PRINT_MARGIN,
        paper_h - 2 * PRINT_MARGIN - PAGE_FOOTER,
    )


def _charts_per_page(pack: LemonadeStall) -> int:
    """How many charts the smaller of A4 and Letter (portrait) holds, so both paginate alike."""
    w, h = pack.kit.sales_chart.width * MM, pack.kit.sales_chart.height * MM
    counts = []
    for paper in PAPERS.values():
        area = _printable(paper.width, paper.height)
        if w > area.width:
            raise RenderError(
                f"a {pack.kit.sales_chart.width} mm sales chart is wider than {paper.name}"
            )
        room = area.height - CHART_PAGE_HEAD - CHART_TOP
        counts.append(int((room + CHART_GAP) // (h + CHART_GAP)))
    if min(counts) < 1:
        raise RenderError(f"a {pack.kit.sales_chart.height} mm sales chart is taller than a page")
    return min(counts)


def _chart_page(
    pack: LemonadeStall, charts: Sequence[SalesChart], theme: Theme
) -> Callable[[Canvas, Box], None]:
    def draw(c: Canvas, box: Box) -> None:
        w, h = pack.kit.sales_chart.width * MM, pack.kit.sales_chart.height * MM
        head, rest = box.split_top(CHART_PAGE_HEAD)
        _text(
            c,
            f"{pack.title} — maximum-sales charts",
            head.split_top(8 * MM)[0],
            BOLD,
            14,
            what="chart page",
        )
        _text(
            c,
            "Cut out each chart on its solid line. Lay the one for your player count on the "
            "board's dashed chart space.",
            head.split_top(8 * MM)[1],
            BODY,
            9,
            what="chart page",
        )
        need = CHART_TOP + len(charts) * h + (len(charts) - 1) * CHART_GAP
        _fits(need, rest, "sales charts page")
        for i, chart in enumerate(charts):
            top = rest.top - CHART_TOP - i * (h + CHART_GAP)
            _draw_chart(c, Box(rest.cx - w / 2, top - h, w, h), pack, chart, theme)

    return draw


def sales_charts(pack: LemonadeStall, theme: Theme) -> Pages:
    """The maximum-sales charts at their board size, as many per page as both papers hold."""
    per_page = _charts_per_page(pack)
    groups = [pack.charts[i : i + per_page] for i in range(0, len(pack.charts), per_page)]
    return Pages(
        id="sales-charts",
        title="Maximum-sales charts",
        pages=tuple(_chart_page(pack, group, theme) for group in groups),
        note="card stock; cut on the solid lines",
    )


# -- stock sheet -----------------------------------------------------------------
def _stock_rows(pack: LemonadeStall) -> list[str]:
    """One label per stock-changing moment of a day, e.g. "2–4 benefits & bonus & event"."""
    return [
        f"{_span(steps[0], steps[-1])} " + ", ".join(pack.step_titles[s - 1].lower() for s in steps)
        for steps in STOCK_STEPS
    ]


def _stock_page(pack: LemonadeStall, theme: Theme) -> Callable[[Canvas, Box], None]:
    def draw(c: Canvas, box: Box) -> None:
        head, rest = box.split_top(30 * MM)
        title, head = head.split_top(9 * MM)
        _text(c, f"{pack.title} — stock sheet", title, BOLD, 16, what="stock sheet")
        fields, head = head.split_top(9 * MM)
        _text(
            c,
            "Player  ______________________     Colour  ______________",
            fields,
            BODY,
            10,
            what="stock sheet",
        )
        items = _names([i.name.lower() for i in pack.items])
        _text(
            c,
            "For play without resource tokens. After each step below, write how many of each "
            f"good you now hold, and your money. One each of {items} makes one cup of lemonade.",
            head.inset(0, 0.5 * MM),
            BODY,
            8.5,
            what="stock sheet",
        )
        labels = _stock_rows(pack)
        n_rows = 1 + len(pack.days) * len(labels)
        header_h = 8 * MM
        row_h = (rest.height - header_h - 2 * MM) / n_rows
        if row_h < 6 * MM:
            raise RenderError(
                f"stock sheet: {n_rows} rows leave {row_h / MM:.1f} mm each, too little to write in"
            )
        widths = [24 * MM, 46 * MM]
        cols = len(pack.items) + 1
        cell_w = (rest.width - sum(widths)) / cols
        xs = [rest.x, rest.x + widths[0], rest.x + widths[0] + widths[1]]
        xs += [xs[-1] + (i + 1) * cell_w for i in range(cols)]
        top = rest.top
        heads = ["Day", "After step"] + [i.name for i in pack.items] + ["Money"]
        c.saveState()
        c.setFillColor(theme.pale(INK, 0.85))
        c.rect(rest.x, top - header_h, rest.width, header_h, stroke=0, fill=1)
        c.restoreState()
        for i, label in enumerate(heads):
            _text(
                c,
                label,
                Box(xs[i], top - header_h, xs[i + 1] - xs[i], header_h).inset(1.5 * MM, 0),
                BOLD,
                10,
                "left" if i < 2 else "center",
                what="stock sheet",
            )
        y = top - header_h
        start = [str(0)] * len(pack.items) + [_money(pack.starting_money)]
        _text(
            c,
            "Start",
            Box(xs[0], y - row_h, widths[0], row_h).inset(1.5 * MM, 0),
            BOLD,
            9,
            what="stock sheet",
        )
        _text(
            c,
            f"before {pack.days[0]}",
            Box(xs[1], y - row_h, widths[1], row_h).inset(1.5 * MM, 0),
            BODY,
            8.5,
            what="stock sheet",
        )
        for i, value in enumerate(start):
            _text(
                c,
                value,
                Box(xs[2 + i], y - row_h, cell_w, row_h),
                BODY,
                9,
                "center",
                colour=GREY,
                what="stock sheet",
            )
        y -= row_h
        block_h = row_h * len(labels)
        for d, day in enumerate(pack.days):
            block = Box(rest.x, y - block_h, rest.width, block_h)
            if d % 2 == 0:
                c.saveState()
                c.setFillColor(theme.pale(SHEET_SHADE, 0.3))
                c.rect(block.x, block.y, block.width, block.height, stroke=0, fill=1)
                c.restoreState()
            _text(
                c,
                day,
                Box(xs[0], block.y, widths[0], block.height).inset(1.5 * MM, 0),
                BOLD,
                10,
                what="stock sheet",
            )
            for r, label in enumerate(labels):
                row_y = y - (r + 1) * row_h
                _text(
                    c,
                    label,
                    Box(xs[1], row_y, widths[1], row_h).inset(1.5 * MM, 0.3 * MM),
                    BODY,
                    8.5,
                    what="stock sheet",
                )
                c.saveState()
                c.setStrokeColor(GREY)
                c.setLineWidth(0.4)
                c.line(xs[1], row_y, rest.right, row_y)
                c.restoreState()
            y -= block_h
            c.saveState()
            c.setStrokeColor(INK)
            c.setLineWidth(1)
            c.line(rest.x, y, rest.right, y)
            c.restoreState()
        c.saveState()
        c.setStrokeColor(INK)
        c.setLineWidth(0.6)
        for x in xs[1:-1]:
            c.line(x, top, x, y)
        c.line(rest.x, top - header_h, rest.right, top - header_h)
        c.line(rest.x, top - header_h - row_h, rest.right, top - header_h - row_h)
        c.setLineWidth(1.2)
        c.rect(rest.x, y, rest.width, top - y, stroke=1, fill=0)
        c.restoreState()

    return draw


def stock_sheet(pack: LemonadeStall, theme: Theme) -> Pages:
    """A pencil-and-paper stand for players without resource tokens: one sheet per player."""
    return Pages(
        id="stock-sheet",
        title="Player stock sheet",
        pages=(_stock_page(pack, theme),),
        copies="1 per player",
        note="optional: only if you play without resource tokens",
    )
