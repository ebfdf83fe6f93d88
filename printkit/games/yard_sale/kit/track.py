"""The turn track (a large two-sided card) and the small tokens: round, clocks, sellers.

The track has one space per round, stamped with its clock time, so an item
whose rule says "in rounds 1 to 4" can be read off the table at a glance.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from reportlab.lib.colors import Color, HexColor, white
from reportlab.pdfgen.canvas import Canvas

from printkit.games.yard_sale.kit.art import draw_art
from printkit.games.yard_sale.kit.cards import (
    CREAM,
    GAP,
    SECTION,
    Lettering,
    headed_text,
    panel,
    reads,
    say,
)
from printkit.games.yard_sale.model import YardSale
from printkit.kit import Deck, sized_deck
from printkit.render.cardparts import cutting_advice, flood
from printkit.render.fonts import BODY, BOLD, CONDENSED
from printkit.render.impose import Piece
from printkit.render.theme import INK, Theme, hex_colour, mix
from printkit.render.units import MM, PUNCHES, SAFE, Box

TRACK = HexColor("#CFE0C8")
STEP = replace(SECTION, text=9)  # the face's steps
BOX = Lettering(3 * MM, 10, 3.5 * MM, 9.5, 6 * MM)  # the back's larger boxes
DrawFn = Callable[[Canvas, Box], None]


def track_steps(pack: YardSale) -> list[tuple[str, str]]:
    """The end of a round, step by step, as the track prints it."""
    return _sections(pack, "track", ("buy", "clocks", "refill", "next"))


def setup_steps(pack: YardSale) -> list[tuple[str, str]]:
    """Setting up and ending, for the back of the track."""
    return _sections(pack, "back", ("setup", "turn", "start", "opinion", "end"))


def _sections(pack: YardSale, prefix: str, keys: tuple[str, ...]) -> list[tuple[str, str]]:
    """(heading, text) pairs from words.yaml: ``<prefix>.<key>_heading`` and ``<prefix>.<key>``."""
    return [(say(pack, f"{prefix}.{k}_heading"), say(pack, f"{prefix}.{k}")) for k in keys]


def _headed_side(c: Canvas, trim: Box, ground: Color, title: str, theme: Theme) -> tuple[Box, Box]:
    """A side of the track: its flood and title; returns the title band and the room below."""
    flood(c, trim, theme.flood(ground))
    head, rest = trim.inset(SAFE).split_top(11 * MM)
    c.setFillColor(INK)
    c.setFont(BOLD, 15)
    c.drawString(head.x + 1 * MM, head.y + 3.5 * MM, title)
    return head, rest


def track_face(pack: YardSale, theme: Theme, least: float = 0.0) -> DrawFn:
    """The track's face: its spaces, then the end of a round step by step; drawn for a
    picture that leaves out words under ``least`` points, without the steps' panels when
    their words would be left out (blank panels read as missing words)."""

    def draw(c: Canvas, trim: Box) -> None:
        head, rest = _headed_side(c, trim, TRACK, say(pack, "track.title"), theme)
        c.setFont(BODY, 8)
        c.drawRightString(
            head.right - 1 * MM,
            head.y + 3.5 * MM,
            say(pack, "track.span"),
        )
        spaces, rest = rest.split_top(58 * MM)
        _spaces(c, pack, spaces, theme)
        if not reads(STEP.text, least):
            return
        steps = Box(rest.x, rest.y, rest.width, rest.height - 2 * MM)
        _steps(c, steps, track_steps(pack), say(pack, "track.steps_heading"), "track")

    return draw


def _spaces(c: Canvas, pack: YardSale, box: Box, theme: Theme) -> None:
    """One space per round in two rows, each with its number and clock time."""
    per_row = -(-pack.rounds // 2)
    rows = box.rows(2, GAP)
    for number in range(1, pack.rounds + 1):
        row, col = divmod(number - 1, per_row)
        cell = rows[row].columns(per_row, GAP)[col]
        panel(c, cell, white)
        c.setFillColor(INK)
        c.setFont(BOLD, 16)
        c.drawCentredString(cell.cx, cell.cy + 1 * MM, str(number))
        c.setFont(BODY, 8)
        c.drawCentredString(cell.cx, cell.y + 2.2 * MM, pack.clock(number))
        c.setFont(CONDENSED, 6.5)
        c.drawCentredString(cell.cx, cell.top - 3.2 * MM, "ROUND")
    c.setFont(BODY, 6.5)
    c.setFillColor(INK)


def _steps(c: Canvas, box: Box, steps: list[tuple[str, str]], title: str, what: str) -> None:
    c.setFillColor(INK)
    c.setFont(BOLD, 9)
    c.drawString(box.x + 1 * MM, box.top - 3.5 * MM, title)
    cells = Box(box.x, box.y, box.width, box.height - 5.5 * MM).columns(len(steps), GAP)
    for number, (cell, (heading, text)) in enumerate(zip(cells, steps), start=1):
        title, piece = f"{number}. {heading}", f"{what} step {heading!r}"
        headed_text(c, cell, title, text, what=piece, lettering=STEP)


def _track_back(pack: YardSale, theme: Theme) -> DrawFn:
    def draw(c: Canvas, trim: Box) -> None:
        _, rest = _headed_side(c, trim, CREAM, say(pack, "back.title"), theme)
        setup, turn, start, opinion, end = setup_steps(pack)
        left, right = Box(rest.x, rest.y, rest.width, rest.height - GAP).columns(2, GAP)
        for column, sections, heights in (
            (left, (setup, turn), (0.6, 0.4)),
            (right, (start, opinion, end), (0.25, 0.375, 0.375)),
        ):
            top = column.top
            usable = column.height - GAP * (len(sections) - 1)
            for (heading, text), share in zip(sections, heights):
                cell = Box(column.x, top - usable * share, column.width, usable * share)
                headed_text(c, cell, heading, text, what=f"track {heading!r}", lettering=BOX)
                top = cell.y - GAP

    return draw


def turn_track(pack: YardSale, theme: Theme) -> Deck:
    size = pack.kit.track
    fields = (
        ("rounds", str(pack.rounds)),
        ("times", " ".join(pack.clock(n) for n in range(1, pack.rounds + 2))),
        *track_steps(pack),
        *setup_steps(pack),
    )
    piece = Piece("turn-track", track_face(pack, theme), _track_back(pack, theme), fields=fields)
    return sized_deck(
        "turn-track",
        say(pack, "deck.track"),
        size,
        (piece,) * pack.component("turn-track").count,
        note=say(pack, "deck.track_note"),
        fold=False,
    )


# -- markers and tokens -----------------------------------------------------------------------
def _face(square: float) -> float:
    """The diameter of a token's round face on its square: the largest usual punch
    inside a 0.8 mm rim, so a punch cuts along the printed ring, not inside it."""
    room = square - 1.6 * MM
    return max((d for _, d in PUNCHES if d <= room), default=room)


def _round_token(art: str, label: str, fill: Color, theme: Theme) -> DrawFn:
    """A square cut with a round face: cut the square, or punch the circle."""

    def draw(c: Canvas, trim: Box) -> None:
        flood(c, trim, theme.flood(mix(fill, white, 0.45)))
        r = _face(trim.width) / 2
        c.setFillColor(theme.pale(fill, 0.1) if not theme.ink_saver else white)
        c.setStrokeColor(INK)
        c.setLineWidth(0.5)
        c.circle(trim.cx, trim.cy, r, stroke=1, fill=1)
        lift = 1.3 * MM if label else 0
        draw_art(c, art, trim.cx, trim.cy + lift, r * (0.52 if label else 0.68), fill=white)
        if label:
            c.setFillColor(INK)
            c.setFont(CONDENSED, 5.5)
            c.drawCentredString(trim.cx, trim.cy - r * 0.72, label)

    return draw


def tokens(pack: YardSale, theme: Theme) -> Deck:
    """The round marker (a price tag), a clock per shopper on display, the seller tokens.

    Seller tokens carry their colour's symbol, the cue that survives a
    black-and-white printer.
    """
    size = pack.kit.token
    tag = _round_token("tag", "", TRACK, theme)
    clock = _round_token("clock", "", HexColor("#B9B2A4"), theme)
    pieces = [Piece("round-marker", tag, fields=(("kind", "round"),))]
    clocks = pack.component("clock-markers").count
    pieces += [Piece("clock", clock, fields=(("kind", "clock"),), token="clock")] * clocks
    per = pack.component("seller-tokens").count
    for colour in pack.player_colours[: pack.max_players]:
        face = _round_token(colour.symbol, "", hex_colour(colour.colour), theme)
        fields = (("colour", colour.name), ("symbol", colour.symbol))
        pieces += [Piece(f"seller-{colour.id}", face, fields=fields)] * per
    return sized_deck(
        "tokens",
        say(pack, "deck.tokens"),
        size,
        tuple(pieces),
        note=say(
            pack,
            "deck.tokens_note",
            per=per,
            cutting=cutting_advice(_face(size.width * MM), size.width * MM),
        ),
        fold=False,
    )
