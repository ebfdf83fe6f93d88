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
from pathlib import Path

from reportlab.lib.colors import Color, white
from reportlab.pdfgen.canvas import Canvas

from printkit.errors import RenderError
from printkit.games.lemonade_stall.content import STEP_IDS
from printkit.games.lemonade_stall.kit.cards import weather_icon, weather_mark
from printkit.games.lemonade_stall.model import (
    SAME,
    Condition,
    ForecastRow,
    LemonadeStall,
    SalesChart,
)
from printkit.games.lemonade_stall.rules import D6, D12
from printkit.kit import Board, Pages
from printkit.render.fonts import BODY, BOLD, CONDENSED, ITALIC, MIN_CARD_TEXT, width
from printkit.render.formats import degrees, money, names, span
from printkit.render.layout import draw_faint_picture, draw_picture
from printkit.render.panels import PAD, Cell, headed_panel, need, panel, panel_body, table
from printkit.render.pdf import note_space
from printkit.render.symbols import draw_symbol
from printkit.render.text import (
    Marks,
    RichStyle,
    draw_paragraph,
    fit_rich,
    lead_in,
    marked_list,
    symbol_text,
)
from printkit.render.text import text_box as _text
from printkit.render.theme import GREY, INK, LEAF, LEMON, LIGHT, SKY, Theme, mix
from printkit.render.tiling import free_spans, seam_bands
from printkit.render.units import MM, PAPERS, PRINT_MARGIN, TOKEN_ROOM, Box

MIN_TEXT = MIN_CARD_TEXT  # points: the smallest text on the board and the forms
SEAM_CLEARANCE = 3 * MM  # keep panels this far from a glue strip (misregistered tiles)
EDGE_CLEARANCE = 3 * MM  # gap between the score track and the panels inside it
GAP = 4 * MM  # between panels
HEADING = 8 * MM  # a headed panel's heading band (render.panels)
PAGE_FOOTER = 4 * MM  # the builder keeps this much of a page for its footer line
BOARD_BG = mix(SKY, white, 0.35)
TRACK_FIVE = mix(LEMON, white, 0.55)
TRACK_TEN = mix(LEMON, white, 0.1)
SHEET_SHADE = mix(SKY, white, 0.7)


# -- the pack's words ------------------------------------------------------------
def _step(step_id: str) -> int:
    """A step's number in the day, as the step list prints it."""
    return STEP_IDS.index(step_id) + 1


def _condition_tint(pack: LemonadeStall, condition_id: str) -> Color:
    """Worst weather grey-blue, best lemon: a help, never the only cue (symbols are)."""
    t = pack.condition_index(condition_id) / max(1, len(pack.conditions) - 1)
    return mix(SKY, LIGHT, t * 2) if t <= 0.5 else mix(LIGHT, LEMON, t * 2 - 1)


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
    end = say("rule.end_keeper", benefits=names(early)) if early else say("rule.end")
    melts = [pack.item(i).name for i in pack.perishing("melts")]
    spoils = [pack.item(i).name for i in pack.perishing("spoils")]
    fridge = [b.title for b in pack.benefits if b.effect.fridge]
    night = []
    if melts:
        night.append(say("rule.melts", goods=names(melts).lower()))
    if spoils:
        night.append(say("rule.spoils", d6=D6, goods=names(spoils).lower()))
    if fridge:
        night.append(say("rule.fridge", benefits=names(fridge)))
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
def _halves(low: float, high: float, bands: Sequence[tuple[float, float]]) -> list[tuple]:
    """The outermost spans of [low, high] clear of the seams; with no seam, two halves."""
    spans = free_spans(low, high, bands, SEAM_CLEARANCE)
    if len(spans) == 1:
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
    x_bands, y_bands = seam_bands(board.width, board.height)
    (x0, x1), (x2, x3) = _halves(inner.x, inner.right, x_bands)
    (y0, y1), (y2, y3) = _halves(inner.y, inner.top, y_bands)
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
            _start_space(c, label, n, pack.words.say("board.start"))
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


def _start_space(c: Canvas, label: Box, number: int, word: str) -> None:
    """The starting-money space: its number, then a coin and START under it (a word, not a hue)."""
    upper, lower = label.split_top(label.height * 0.55)
    _text(c, str(number), upper, BOLD, 13, "center", "bottom", what="score track")
    size, r = 7.5, 1.7 * MM
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
SKY_BAND = 15 * MM  # the cover's sky along the time track's top, its heading on the sky


TITLE_ART = 62 * MM  # the stand picture's width beside the board's title


def _time_track_height(pack: LemonadeStall) -> float:
    note = 0 if pack.forecast_on_last_day else TIME_NOTE
    markers = 2 * pack.kit.marker.height * MM + TIME_GAP
    return 2 * PAD * 0.7 + SKY_BAND + TIME_INTRO + TIME_DAY + markers + note + 2 * MM


def _title_block(c: Canvas, box: Box, pack: LemonadeStall, theme: Theme) -> None:
    stand = pack.art.get("stand")
    if stand is not None:  # the cover's stall at the right of the title block
        picture = Box(box.right - TITLE_ART, box.y + 1 * MM, TITLE_ART, box.height - 2 * MM)
        draw_picture(c, picture, stand.path)
        box = Box(box.x, box.y, box.width - TITLE_ART - GAP, box.height)
    title, rest = box.split_top(14 * MM)
    tagline, rest = rest.split_top(7 * MM)
    _text(c, pack.title, title, BOLD, 30, what="board title")
    _text(c, pack.tagline, tagline, ITALIC, 10.5, what="tagline")
    note = rest.inset(0, 1 * MM)
    panel(c, note, theme.pale(LEMON, 0.6), line=0.6, radius=2.5 * MM)
    draw_symbol(c, "coin", note.x + 6 * MM, note.cy, 3.5 * MM, fill=theme.solid(LEMON))
    _text(
        c,
        pack.words.say(
            "board.score_note",
            starting_money=pack.starting_money,
            last_space=pack.kit.score_spaces - 1,
            spaces=pack.kit.score_spaces,
        ),
        Box(note.x + 12 * MM, note.y + 1 * MM, note.width - 14 * MM, note.height - 2 * MM),
        BODY,
        10,
        what="score note",
    )


def _sky_panel(c: Canvas, box: Box, title: str, pack: LemonadeStall, theme: Theme) -> Box:
    """A panel whose top is a band of the cover's sky, its heading on the band's plain left;
    returns the room under the band. Ink-saver mode keeps a plain heading."""
    panel(c, box, theme.pale(SKY, 0.5), line=0.8, radius=2.5 * MM)
    band = Box(box.x, box.top - SKY_BAND, box.width, SKY_BAND)
    sky = pack.art.get("sky")
    if sky is not None and not theme.ink_saver:
        c.saveState()
        clip = c.beginPath()
        clip.roundRect(box.x, box.y, box.width, box.height, 2.5 * MM)
        c.clipPath(clip, stroke=0, fill=0)
        draw_picture(c, band, sky.path, cover=True)
        c.restoreState()
        c.saveState()
        c.setStrokeColor(INK)
        c.setLineWidth(0.8)
        c.line(band.x, band.y, band.right, band.y)
        c.roundRect(box.x, box.y, box.width, box.height, 2.5 * MM, stroke=1, fill=0)
        c.restoreState()
    heading = Box(band.x + PAD, band.y, band.width * 0.25 - PAD, band.height)
    _text(c, title, heading, BOLD, 13, what="time track heading")
    return _below_sky(box)


def _below_sky(box: Box) -> Box:
    """The room a sky-topped panel leaves under its band (laid out before drawing)."""
    inner = box.inset(PAD, PAD * 0.7)
    return Box(inner.x, inner.y, inner.width, box.top - SKY_BAND - 1.5 * MM - inner.y)


def _time_track(c: Canvas, box: Box, pack: LemonadeStall, theme: Theme) -> None:
    say = pack.words.say
    body = _sky_panel(c, box, say("board.time_track"), pack, theme)
    intro, _ = body.split_top(TIME_INTRO)
    _text(
        c,
        say("board.time_intro", forecast_step=_step("forecast"), weather_step=_step("weather")),
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
        for space, kind in (
            (upper, say("board.marker_condition")),
            (lower, say("board.marker_temperature")),
        ):
            panel(c, space, white, line=0.9, radius=1.5 * MM)
            label = Box(space.x, space.top - 5 * MM, space.width, 4 * MM)
            _text(c, kind, label, BODY, 9, "center", colour=GREY, what="time track")
        if index == 0:
            _opening_weather(c, upper, lower, pack, theme)
            continue
        _weather_choices(c, upper, pack, ghost)
        draw_symbol(c, "thermometer", lower.cx, lower.cy - 2 * MM, 5 * MM, stroke=ghost)
    if not pack.forecast_on_last_day:
        note = Box(body.x, body.y, columns[-1].right - body.x - 1 * MM, TIME_NOTE)
        _text(
            c,
            say("board.no_forecast", last_day=pack.days[-1], step=_step("forecast")),
            note,
            ITALIC,
            9,
            "right",
            what="time track",
        )


def _weather_choices(c: Canvas, space: Box, pack: LemonadeStall, ghost: Color) -> None:
    """The conditions a marker space may show, as large faint pictures (two above, the rest
    below) under its label: a hint at what goes here that a marker covers."""
    room = Box(space.x, space.y, space.width, space.height - 5 * MM).inset(1 * MM)
    icons = [weather_icon(pack, cond.id) for cond in pack.conditions]
    rows = [icons[:2], icons[2:]] if len(icons) > 2 else [icons]
    r = min(room.height / (2 * len(rows)), room.width / 4, 6 * MM)
    for n, row in enumerate(rows):
        cy = room.top - r - n * 2 * r
        for i, icon in enumerate(row):
            cx = room.cx + (i - (len(row) - 1) / 2) * 2.1 * r
            if isinstance(icon, Path):
                draw_faint_picture(c, Box(cx - r, cy - r, 2 * r, 2 * r), icon, veil=0.45)
            else:
                draw_symbol(c, icon, cx, cy, r * 0.8, stroke=ghost)


def _time_columns(pack: LemonadeStall, box: Box) -> tuple[Box, list[Box], list[tuple[Box, Box]]]:
    """The time track's room, its day columns, and each day's (condition, temperature) space."""
    _, body = _below_sky(box).split_top(TIME_INTRO)
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
    condition, opening = pack.opening_weather
    start = pack.condition(condition)
    for space in (upper, lower):
        label = Box(space.x, space.y + 12.5 * MM, space.width, 4 * MM)
        _text(c, pack.words.say("board.at_setup"), label, BOLD, 9, "center", what="time track")
    name_w = width(start.name, BOLD, 10) + 9 * MM
    symbol_text(
        c,
        weather_mark(pack, start.id),
        start.name,
        Box(upper.cx - name_w / 2, upper.y + 3 * MM, name_w, 8 * MM),
        BOLD,
        10,
        fill=theme.pale(_condition_tint(pack, condition), 0.2),
        radius=3.2 * MM,
    )
    temp = Box(lower.x, lower.y + 3 * MM, lower.width, 8 * MM)
    _text(c, degrees(opening), temp, BOLD, 15, "center", what="time track")


# -- top right: the sales area ----------------------------------------------------
def _largest_limit(pack: LemonadeStall) -> int:
    return max(limit for chart in pack.charts for _, row in chart.limits for limit in row)


def _sales_area(c: Canvas, box: Box, pack: LemonadeStall, theme: Theme) -> None:
    say = pack.words.say
    body = headed_panel(c, box, say("board.selling", step=_step("sell")), theme.pale(LEMON, 0.55))
    chart = _chart_space(pack, box)
    chart_h = chart.height
    c.saveState()
    c.setFillColor(white)
    c.setStrokeColor(INK)
    c.setLineWidth(1)
    c.setDash(4, 3)
    c.rect(chart.x, chart.y, chart.width, chart.height, stroke=1, fill=1)
    c.restoreState()
    players = span(pack.min_players, pack.max_players)
    title = Box(chart.x, chart.cy, chart.width, 10 * MM)
    _text(c, say("board.chart_space"), title, BOLD, 15, "center", "bottom", what="chart space")
    _text(
        c,
        say("board.chart_space_note", players=players),
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
    street = pack.art.get("street")
    need(chart_h + 2 * MM + table_h, body, what="chart space and sales table")
    below = STREET + 1.5 * MM if street is not None and not theme.ink_saver else 0
    if chart_h + 2 * MM + table_h + below > body.height:  # art only where a row leaves room
        below = 0
    if below and street is not None:  # the pavement the cups are sold on, the kerb, the road
        draw_picture(c, Box(box.x + 0.4, body.y - 0.5 * MM, box.width - 0.8, STREET), street.path)
    base = body.y + below
    _sales_table(c, Box(body.x, base, body.width, table_h), pack, theme)
    order = Box(body.x, base + table_h + 1.5 * MM, body.width, chart.y - base - table_h - 3 * MM)
    recap = lead_in(say("board.selling_order_lead"), say("board.selling_order"))
    try:
        para = fit_rich(recap, order.width, order.height, RichStyle(size=10), what="recap")
    except RenderError:  # only a recap where there is room: the day's step list has it all
        return
    draw_paragraph(c, para, order, "middle")


def _chart_space(pack: LemonadeStall, box: Box) -> Box:
    """The dashed space the sales chart is laid on, in the sales quadrant ``box``."""
    body = panel_body(box)
    chart_w, chart_h = pack.kit.sales_chart.width * MM, pack.kit.sales_chart.height * MM
    if chart_w > body.width:
        raise RenderError("the sales-chart space is wider than its quadrant of the board")
    return Box(body.x, body.top - chart_h, chart_w, chart_h)


def _price_caps(c: Canvas, box: Box, pack: LemonadeStall, theme: Theme) -> None:
    intro, rest = box.split_top(27 * MM)
    say = pack.words.say
    _text(
        c,
        say("board.sales_note"),
        intro,
        BODY,
        9,
        valign="top",
        what="sales note",
    )
    rows = [
        (
            (weather_mark(pack, cond.id), cond.name),
            say("board.caps_any") if cond.price_cap is None else money(cond.price_cap),
            str(cond.guarantee),
        )
        for cond in reversed(pack.conditions)
    ]
    fills = [theme.pale(_condition_tint(pack, cond.id), 0.3) for cond in reversed(pack.conditions)]
    row_h = min(10 * MM, rest.height / (len(rows) + 1))  # a two-line heading at full size
    header = [say(f"board.caps_{k}") for k in ("weather", "top_price", "sure_cups")]
    size = 9.5  # read in the rulebook's close-up too, at two thirds of its size
    widths = [1.2, 1, 1.3]
    table(
        c, rest, header, rows, widths, theme, row_h, size, what="price caps", row_fills=fills,
        min_size=9,
    )  # fmt: skip


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


OVERFLOW_W = 30 * MM  # the space for a die beside the sales table (Holiday Crowds)
STREET = 15 * MM  # the street strip under the sales table


def _sales_room(pack: LemonadeStall, full: float) -> float:
    return full - (OVERFLOW_W + GAP if _overflow_events(pack) else 0)


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
    say = pack.words.say
    _text(c, say("board.sales_table"), heading, BOLD, 10, what="sales table")
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
        panel(c, cell, fill, line=0.9 if n % 5 else 1.6, radius=1.5 * MM)
        note_space(c, say("board.sales_space", number=n), cell, "cup-sold")
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
            say(
                "board.sales_overflow",
                most=most,
                events=names(e.title for e in crowds),
                bonus=bonus,
            ),
            area.inset(2 * MM),
            BODY,
            9,
            what="sales overflow",
        )


# -- bottom left: weather reference -------------------------------------------------
def _forecast_result(pack: LemonadeStall, row: ForecastRow, kind: str) -> Cell:
    if row.result == SAME:
        return pack.words.say("board.forecast_same")
    if kind == "condition":
        condition = pack.condition(str(row.result))
        return (weather_mark(pack, condition.id), condition.name)
    return degrees(int(row.result))


def _forecast(c: Canvas, box: Box, pack: LemonadeStall, theme: Theme) -> None:
    say = pack.words.say
    heading = say("board.forecast", step=_step("forecast"), d12=D12)
    body = headed_panel(c, box, heading, theme.pale(SKY, 0.5))
    note_h = 13 * MM
    tables = Box(body.x, body.y + note_h, body.width, body.height - note_h)
    left, right = tables.columns(2, gap=3 * MM)
    rows = max(len(pack.condition_forecast), len(pack.temperature_forecast)) + 1
    row_h = min(8 * MM, tables.height / rows)
    for part, rolls, kind, title in (
        (left, pack.condition_forecast, "condition", say("board.forecast_condition")),
        (right, pack.temperature_forecast, "temperature", say("board.forecast_temperature")),
    ):
        cells = [(span(r.low, r.high), _forecast_result(pack, r, kind)) for r in rolls]
        header = [say("board.forecast_die", d12=D12), title]
        table(c, part, header, cells, [1, 2.6], theme, row_h, 10, what=f"{kind} forecast")
    high = pack.d12_high_half_from
    _text(
        c,
        say(
            "board.two_d6", d12=D12, d6=D6, below=high - 1, high=high, adds=pack.d12_high_half_adds
        ),
        Box(body.x, body.y, body.width, note_h - 1.5 * MM),
        BODY,
        8.5,
        valign="bottom",
        what="d12 note",
    )


def _spoilage(c: Canvas, box: Box, pack: LemonadeStall, theme: Theme) -> None:
    say = pack.words.say
    heading = say("board.spoilage", step=_step("spoilage"))
    body = headed_panel(c, box, heading, theme.pale(SKY, 0.5))
    spoils = names(pack.item(i).name for i in pack.perishing("spoils"))
    spoils = spoils or say("board.spoilage_goods")
    rows = [
        (degrees(t.degrees), "—" if t.spoils_on is None else f"{t.spoils_on}+")
        for t in pack.temperatures
    ]
    row_h = min(8 * MM, body.height / (len(rows) + 1))
    left = Box(body.x, body.y, body.width * 0.52, body.height)
    header = [say("board.spoilage_temperature"), say("board.spoilage_roll", goods=spoils, d6=D6)]
    bottom = table(c, left, header, rows, [1, 1], theme, row_h, 10, what="spoilage table")
    melts = [pack.item(i).name for i in pack.perishing("melts")]
    fridge = [b.title for b in pack.benefits if b.effect.fridge]
    lines = [say("board.spoilage_note", d6=D6, goods=spoils.lower())]
    if melts:
        lines.append(say("board.spoilage_melts", goods=names(melts)))
    if fridge:
        lines.append(say("rule.fridge", benefits=names(fridge)))
    side = Box(left.right + 3 * MM, bottom, body.right - left.right - 3 * MM, body.top - bottom)
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
    say = pack.words.say
    heading = say("board.weather_change", step=_step("weather"))
    body = headed_panel(c, box, heading, theme.pale(SKY, 0.5))
    intro, rest = body.split_top(19 * MM)
    sample = _sample_codes(pack)
    like = " " + say("board.weather_like", codes=sample) if sample else ""
    _text(
        c,
        say("board.weather_intro", like=like, d6=D6),
        intro,
        BODY,
        9.5,
        valign="top",
        what="weather change",
    )
    ladder, rest = rest.split_top(25 * MM)
    _ladder(c, ladder.inset(0, 1.5 * MM), pack, theme)
    worst, best = pack.conditions[0], pack.conditions[-1]
    coolest, warmest = degrees(pack.min_degrees), degrees(pack.max_degrees)
    rows: list[tuple[Cell, Cell]] = [
        ("C+", (weather_mark(pack, best.id), say("board.weather_better", best=best.name))),
        ("C-", (weather_mark(pack, worst.id), say("board.weather_worse", worst=worst.name))),
    ]
    for step in _temperature_steps(pack):
        if step < 0:
            rows.append((f"{step}", say("board.weather_cooler", steps=-step, coolest=coolest)))
        else:
            rows.append((f"+{step}", say("board.weather_warmer", steps=step, warmest=warmest)))
    row_h = min(9 * MM, (rest.height - 2 * MM) / (len(rows) + 1))
    legend = Box(rest.x, rest.y, rest.width, rest.height - 2 * MM)
    header = [say("board.weather_code"), say("board.weather_effect")]
    table(c, legend, header, rows, [0.7, 4], theme, row_h, 10, what="weather legend", left=2)


def _ladder(c: Canvas, box: Box, pack: LemonadeStall, theme: Theme) -> None:
    """The conditions worst to best, so C+ reads as a step right and C- a step left."""
    band = 6 * MM
    row = Box(box.x, box.y + band, box.width, box.height - 2 * band)
    cells = row.columns(len(pack.conditions), gap=4 * MM)
    for cond, cell in zip(pack.conditions, cells):
        fill = theme.pale(_condition_tint(pack, cond.id), 0.3)
        panel(c, cell, fill, line=0.7, radius=1.5 * MM)
        icon = weather_mark(pack, cond.id)
        symbol_text(c, icon, cond.name, cell.inset(2.5 * MM, 1 * MM), BOLD, 10.5)
    label_w = 26 * MM
    top = Box(cells[0].x, box.top - band, label_w, band)
    _text(c, pack.words.say("board.ladder_better"), top, BOLD, 9.5, what="ladder")
    _arrow(c, top.right, cells[-1].right - 2 * MM, top.cy)
    bottom = Box(cells[-1].right - label_w, box.y, label_w, band)
    _text(c, pack.words.say("board.ladder_worse"), bottom, BOLD, 9.5, "right", what="ladder")
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
STEP_STYLE = RichStyle(size=10.0, min_size=MIN_TEXT)
STEP_MARKS = Marks(diameter=5.6 * MM, indent=7.5 * MM, number_size=9.5, spread=True)


def _steps(c: Canvas, box: Box, pack: LemonadeStall, theme: Theme) -> None:
    heading = pack.words.say("board.steps", count=len(pack.step_titles))
    body = headed_panel(c, box, heading, theme.pale(LEAF, 0.8))
    items = [lead_in(f"{title}.", text) for title, text in _day_steps(pack)]
    marked_list(c, body, items, STEP_STYLE, STEP_MARKS, what="the day's steps")


def _costs(c: Canvas, box: Box, pack: LemonadeStall, theme: Theme) -> None:
    say = pack.words.say
    body = headed_panel(c, box, say("board.costs"), theme.pale(LEAF, 0.7))
    rows = [(item.name, money(item.price_one), money(item.price_bulk)) for item in pack.items]
    header = [
        say("board.costs_good"),
        say("board.costs_one"),
        say("board.costs_bulk", bulk_size=pack.bulk_size),
    ]
    bottom = table(c, body, header, rows, [1.4, 1, 1], theme, 7 * MM, 10, what="costs table")
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
    body = headed_panel(c, box, say("board.setup"), theme.pale(LEAF, 0.7))
    text = say("board.setup_text", starting_money=pack.starting_money, first_day=pack.days[0])
    for benefit in pack.benefits:
        if benefit.min_players > pack.min_players:
            text += " " + say(
                "board.setup_leave_out", players=benefit.min_players, benefit=benefit.title
            )
    _text(c, text, body, BODY, 9, valign="top", what="setup")


def _game_end(c: Canvas, box: Box, pack: LemonadeStall, theme: Theme) -> None:
    say = pack.words.say
    body = headed_panel(c, box, say("board.game_end"), theme.pale(LEAF, 0.7))
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


def draw_board_parts(c: Canvas, pack: LemonadeStall, theme: Theme, parts: Sequence[str]) -> None:
    """Only the named parts of the board (``title``, ``time-track``, ``sales``) on its
    background, in board points: a close-up that holds no words it does not show."""
    layout = _board_layout(pack)
    title, track = _top_left_boxes(pack, layout.top_left)
    drawers = {
        "title": lambda: _title_block(c, title, pack, theme),
        "time-track": lambda: _time_track(c, track, pack, theme),
        "sales": lambda: _sales_area(c, layout.top_right, pack, theme),
    }
    c.saveState()
    c.setFillColor(theme.flood(BOARD_BG))
    c.rect(0, 0, layout.board.width, layout.board.height, stroke=0, fill=1)
    c.restoreState()
    for part in parts:
        drawers[part]()


def _top_left(c: Canvas, box: Box, pack: LemonadeStall, theme: Theme) -> None:
    need(_time_track_height(pack) + 30 * MM, box, what="title and time track")
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
    need(costs.height + end.height + 30 * MM + 2 * GAP, side, what="costs, setup and game end")
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
        title=pack.words.say("deck.board"),
        width=pack.kit.board.width * MM,
        height=pack.kit.board.height * MM,
        draw=draw,
        note=pack.words.say("deck.board_note"),
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
    say = pack.words.say
    inner = box.inset(3 * MM, 2.5 * MM)
    head, grid = inner.split_top(10 * MM)
    title_w = 40 * MM
    _text(
        c,
        say("chart.title_one" if chart.players == 1 else "chart.title", players=chart.players),
        Box(head.x, head.y, title_w, head.height),
        BOLD,
        16,
        what="sales chart title",
    )
    _text(
        c,
        say("chart.caption"),
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
            degrees(t.degrees),
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
        symbol_text(
            c,
            weather_mark(pack, cond.id),
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
            pack.words.say("chart.page", title=pack.title),
            head.split_top(8 * MM)[0],
            BOLD,
            14,
            what="chart page",
        )
        _text(
            c,
            pack.words.say("chart.page_note"),
            head.split_top(8 * MM)[1],
            BODY,
            9,
            what="chart page",
        )
        height = CHART_TOP + len(charts) * h + (len(charts) - 1) * CHART_GAP
        need(height, rest, what="sales charts page")
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
        title=pack.words.say("deck.charts"),
        pages=tuple(_chart_page(pack, group, theme) for group in groups),
        note=pack.words.say("deck.charts_note"),
        card_stock=True,  # laid on the board and handled every day
    )


# -- stock sheet -----------------------------------------------------------------
def _stock_rows(pack: LemonadeStall) -> list[str]:
    """One label per stock-changing moment of a day, e.g. "2–4 benefits & bonus & event"."""
    return [
        f"{span(steps[0], steps[-1])} " + ", ".join(pack.step_titles[s - 1].lower() for s in steps)
        for steps in STOCK_STEPS
    ]


def _stock_page(pack: LemonadeStall, theme: Theme) -> Callable[[Canvas, Box], None]:
    def draw(c: Canvas, box: Box) -> None:
        head, rest = box.split_top(30 * MM)
        title, head = head.split_top(9 * MM)
        say = pack.words.say
        _text(c, say("stock.title", title=pack.title), title, BOLD, 16, what="stock sheet")
        fields, head = head.split_top(9 * MM)
        _text(
            c,
            say("stock.fields"),
            fields,
            BODY,
            10,
            what="stock sheet",
        )
        items = names([i.name.lower() for i in pack.items])
        _text(
            c,
            say("stock.intro", goods=items),
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
        heads = [say("stock.day"), say("stock.after_step")]
        heads += [i.name for i in pack.items] + [say("stock.money")]
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
        start = [str(0)] * len(pack.items) + [money(pack.starting_money)]
        _text(
            c,
            say("stock.start"),
            Box(xs[0], y - row_h, widths[0], row_h).inset(1.5 * MM, 0),
            BOLD,
            9,
            what="stock sheet",
        )
        _text(
            c,
            say("stock.before", first_day=pack.days[0]),
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
        title=pack.words.say("deck.stock"),
        pages=(_stock_page(pack, theme),),
        copies=pack.words.say("deck.stock_copies"),
        note=pack.words.say("deck.stock_note"),
    )
