"""Character reference tiles and the odds card: the table-side help, drawn from content.

The tile's rules summary reads the tie-breaks, the rounds to win and the card
names from the pack; the odds card prints the engine's `odds_table`, laid out
in as many side-by-side blocks as its rows need. Text that cannot fit at a
legible size fails the build rather than shrinking past 7 pt.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, replace
from fractions import Fraction
from xml.sax.saxutils import escape

from reportlab.lib.colors import Color, HexColor, black, white
from reportlab.pdfgen.canvas import Canvas

from printkit.content.fields import Size
from printkit.errors import RenderError
from printkit.games.thats_not_lemonade.kit.cards import DrawFn, crossed_cup
from printkit.games.thats_not_lemonade.model import Character, ThatsNotLemonade
from printkit.games.thats_not_lemonade.rules import OddsTable, whole_percent
from printkit.kit import Deck, sized_deck
from printkit.render import formats
from printkit.render.cardparts import flood, panel, xywh
from printkit.render.fonts import (
    BODY,
    BOLD,
    MIN_CARD_TEXT,
    draw_fitted,
    fit,
    width,
)
from printkit.render.impose import Piece
from printkit.render.layout import draw_picture
from printkit.render.symbols import draw_symbol
from printkit.render.text import RichStyle, draw_stack, text_box
from printkit.render.theme import INK, LEMON, Theme, hex_colour, mix
from printkit.render.units import MM, SAFE, Box

RISK = HexColor("#D2453A")
TEXT = RichStyle(colour=black, step=0.25)  # the tiles' and odds card's paragraphs


# -- character tiles -------------------------------------------------------------------
def tile_text(pack: ThatsNotLemonade) -> list[str]:
    """The rules summary every tile prints, every name and number from the pack."""
    say = pack.words.say
    out = escape(pack.card(pack.removed_card).title)
    doubles = [f"{escape(c.title)} = {c.lemons}" for c in pack.cards if c.lemons > 1]
    breaks = [say(f"break.{b}") for b in pack.tie_breaks]
    if doubles:
        breaks[0] += f" ({', '.join(doubles)})"
    trophy = escape(pack.card(pack.trophies[0]).title)
    return [
        say("tile.turn"),
        say("tile.out", out=out),
        say("tile.round_end", out=out),
        say("tile.winner", breaks=f", {say('tile.then')} ".join(breaks), trophy=trophy),
        say("tile.win", rounds=pack.rounds_to_win),
    ]


def is_light(colour: Color) -> bool:
    """Whether dark text reads better than white on ``colour`` (relative luminance)."""
    return 0.2126 * colour.red + 0.7152 * colour.green + 0.0722 * colour.blue > 0.6


def tile(pack: ThatsNotLemonade, character: Character, theme: Theme) -> DrawFn:
    colour = hex_colour(character.colour)

    def draw(c: Canvas, trim: Box) -> None:
        flood(c, trim, theme.flood(mix(colour, white, 0.55)))
        safe = trim.inset(SAFE)
        band = Box(safe.x, safe.y, 25 * MM, safe.height)
        panel(c, band, theme.solid(colour) if not theme.ink_saver else white)
        r = band.width * 0.36
        c.setFillColor(white)
        c.circle(band.cx, band.top - r - 3 * MM, r, stroke=1, fill=1)
        draw_symbol(c, character.symbol, band.cx, band.top - r - 3 * MM, r * 0.7, fill=colour)
        name = fit(
            character.name, BOLD, band.width - 3 * MM, 12 * MM, 10, 7.5,
            what=f"tile {character.id!r} name",
        )  # fmt: skip
        c.setFillColor(INK if theme.ink_saver or is_light(colour) else white)
        draw_fitted(
            c, name, band.x + 1.5 * MM, band.top - 2 * r - 6 * MM, "center", band.width - 3 * MM
        )
        motto = fit(
            character.motto, BODY, band.width - 3 * MM, 14 * MM, 7.5,
            what=f"tile {character.id!r} motto",
        )  # fmt: skip
        draw_fitted(c, motto, band.x + 1.5 * MM, band.y + 15 * MM, "center", band.width - 3 * MM)
        text = Box(band.right + 3 * MM, safe.y, safe.right - band.right - 3 * MM, safe.height)
        panel(c, text)
        inside = text.inset(2 * MM)
        row, rest = inside.split_top(SIGNAL_ROW)
        _signals(c, row, pack)
        draw_stack(
            c,
            tile_text(pack),
            Box(rest.x, rest.y, rest.width, rest.height - 0.8 * MM),
            replace(TEXT, size=8),
            what=f"tile {character.id!r}",
        )

    return draw


SIGNALS = ("hit", "pass", "out")  # the cup's signals, left to right: art/signal-<key>.svg
SIGNAL_ROW = 7 * MM  # the row of small cups at the top of a tile's rules


def _signals(c: Canvas, row: Box, pack: ThatsNotLemonade) -> None:
    """The three cups (right way up, upside down, on its side), each named beside it: the
    rulebook's signal picture, small, next to the turn it belongs to."""
    cell_w = row.width / len(SIGNALS)
    for n, key in enumerate(SIGNALS):
        cell = Box(row.x + n * cell_w, row.y, cell_w, row.height)
        cup = Box(cell.x, cell.y, row.height, row.height)
        draw_picture(c, cup, pack.art.need(f"signal-{key}").path)
        word = pack.words.say(f"tile.signal_{key}")
        label = Box(cup.right + 0.8 * MM, cell.y, cell.right - cup.right - 0.8 * MM, cell.height)
        text_box(c, word, label, BOLD, 8, what=f"tile signal {key!r}")


def _flat_deck(
    pack: ThatsNotLemonade, deck_id: str, key: str, size: Size, pieces: tuple[Piece, ...]
) -> Deck:
    """A one-sided deck, never folded; its title and note are words.yaml's ``deck.<key>``."""
    note = pack.words.say(f"deck.{key}_note")
    return sized_deck(deck_id, pack.words.say(f"deck.{key}"), size, pieces, note, fold=False)


def tiles(pack: ThatsNotLemonade, theme: Theme) -> Deck:
    summary = " / ".join(tile_text(pack))
    pieces = tuple(
        Piece(
            ch.id,
            tile(pack, ch, theme),
            fields=(("name", ch.name), ("motto", ch.motto), ("rules", summary)),
        )
        for ch in pack.characters
    )
    return _flat_deck(pack, "character-tiles", "tiles", pack.kit.tile, pieces)


# -- the odds card -----------------------------------------------------------------------
def start_counts(pack: ThatsNotLemonade) -> str:
    """'4 at 4-6 players, 3 at 3, 2 at 2': the out cards a round starts with."""
    groups: dict[int, list[int]] = {}
    for players in sorted(pack.player_counts, reverse=True):
        groups.setdefault(pack.out_cards(players), []).append(players)
    parts = []
    for index, (count, seats) in enumerate(groups.items()):
        span = formats.span(seats[-1], seats[0])
        key = "odds.starts_first" if index == 0 else "odds.starts"
        parts.append(pack.words.say(key, count=count, span=span))
    return ", ".join(parts)


def odds_intro(pack: ThatsNotLemonade) -> list[str]:
    out = escape(pack.card(pack.removed_card).title)
    return [pack.words.say("odds.intro", out=out, starts=start_counts(pack))]


def odds_footnote(pack: ThatsNotLemonade) -> str:
    say, n = pack.words.say, pack.buried
    buried = say("odds.buried_one") if n == 1 else say("odds.buried_many", buried=n)
    left = say("odds.left_plus", buried=n) if n else say("odds.left")
    out = pack.card(pack.removed_card).title
    return say("odds.footnote", buried=buried, left=left, out=out)


def blocks_for(table: OddsTable, height: float, row_min: float) -> int:
    """The fewest side-by-side blocks whose rows (and two header rows) fit ``height``."""
    rows = len(table.cards_left)
    for blocks in range(1, rows + 1):
        if (math.ceil(rows / blocks) + 2) * row_min <= height:
            return blocks
    raise RenderError(f"odds card: {rows} rows do not fit {height / MM:.0f} mm")


def draw_odds(c: Canvas, box: Box, table: OddsTable, heads: Heads, theme: Theme) -> None:
    row_min = MIN_CARD_TEXT * 1.3
    blocks = blocks_for(table, box.height, row_min)
    gap = 2.5 * MM
    block_w = (box.width - gap * (blocks - 1)) / blocks
    col_w = block_w / (len(table.hidden) + 1)
    widest = width("100", BODY, 1)
    size = min((col_w - 1 * MM) / widest, 9)
    if size < MIN_CARD_TEXT:
        raise RenderError(
            f"odds card: {len(table.hidden)} columns do not fit {box.width / MM:.0f} mm"
        )
    per_block = math.ceil(len(table.cards_left) / blocks)
    row_h = min(box.height / (per_block + 2), 5.5 * MM)
    size = min(size, row_h / 1.3)
    rows = list(reversed(table.cards_left))  # a round counts down the pile
    for b in range(blocks):
        chunk = rows[b * per_block : (b + 1) * per_block]
        height = (len(chunk) + 2) * row_h
        block = Box(box.x + b * (block_w + gap), box.top - height, block_w, height)
        _odds_block(c, block, chunk, table, Cell(row_h, col_w, size, heads), theme)


@dataclass(frozen=True)
class Heads:
    """The odds table's two header words, from words.yaml."""

    unseen: str
    pile: str


@dataclass(frozen=True)
class Cell:
    height: float
    width: float
    size: float  # points
    heads: Heads


def _odds_block(
    c: Canvas, box: Box, rows: Sequence[int], table: OddsTable, cell: Cell, theme: Theme
) -> None:
    first_w = box.width - cell.width * len(table.hidden)
    top, row_h, size = box.top, cell.height, cell.size
    c.setFillColor(INK)
    c.setFont(BOLD, size * 0.9)
    middle = box.x + first_w + cell.width * len(table.hidden) / 2
    c.drawCentredString(middle, top - row_h * 0.72, cell.heads.unseen)
    c.drawCentredString(box.x + first_w / 2, top - row_h * 1.72, cell.heads.pile)
    for j, hidden in enumerate(table.hidden):
        x = box.x + first_w + (j + 0.5) * cell.width
        c.drawCentredString(x, top - row_h * 1.72, str(hidden))
    y = top - 2 * row_h
    for cards_left in rows:
        y -= row_h
        c.setFillColor(INK)
        c.setFont(BOLD, size)
        c.drawCentredString(box.x + first_w / 2, y + row_h * 0.3, str(cards_left))
        for j, hidden in enumerate(table.hidden):
            _odds_cell(c, Box(box.x + first_w + j * cell.width, y, cell.width, row_h),
                       table.chance(cards_left, hidden), size, theme)  # fmt: skip


def _odds_cell(c: Canvas, box: Box, chance: Fraction | None, size: float, theme: Theme) -> None:
    """One chance, its cell tinted by risk; the number is the cue, the tint a help."""
    heat = 0.0 if chance is None else min(float(chance) * 1.2, 0.6)
    c.setFillColor(white if theme.ink_saver else mix(white, RISK, heat))
    c.setStrokeColor(INK)
    c.setLineWidth(0.3)
    c.rect(*xywh(box), stroke=1, fill=1)
    c.setFillColor(INK)
    c.setFont(BODY, size)
    shown = "–" if chance is None else str(whole_percent(chance))
    c.drawCentredString(box.cx, box.y + box.height * 0.3, shown)


def odds_face(pack: ThatsNotLemonade, table: OddsTable, theme: Theme) -> DrawFn:
    say = pack.words.say
    out = pack.card(pack.removed_card).title
    heads = Heads(say("odds.unseen"), say("odds.pile"))

    def draw(c: Canvas, trim: Box) -> None:
        flood(c, trim, theme.flood(mix(LEMON, white, 0.6)))
        safe = trim.inset(SAFE)
        head, rest = safe.split_top(13 * MM)
        panel(c, head, theme.pale(LEMON, 0.2))
        crossed_cup(c, head.x + 6 * MM, head.cy, 3.5 * MM, white)
        title = fit(
            say("odds.title", out=out), BOLD, head.width - 14 * MM, head.height - 2 * MM, 11, 8,
            what="odds card title",
        )  # fmt: skip
        c.setFillColor(INK)
        top = head.cy + title.leading * len(title.lines) / 2
        draw_fitted(c, title, head.x + 11 * MM, top, "center", head.width - 13 * MM)
        intro_h = 19 * MM
        intro = Box(rest.x + 1 * MM, rest.top - intro_h - 1.5 * MM, rest.width - 2 * MM, intro_h)
        draw_stack(c, odds_intro(pack), intro, replace(TEXT, size=8.5), what="odds intro")
        foot = Box(rest.x + 1 * MM, rest.y, rest.width - 2 * MM, 9 * MM)
        draw_stack(
            c, [escape(odds_footnote(pack))], foot, replace(TEXT, size=7.5), what="odds footnote"
        )
        grid = Box(rest.x, foot.top + 2 * MM, rest.width, intro.y - foot.top - 4 * MM)
        draw_odds(c, grid, table, heads, theme)

    return draw


def odds_cells(table: OddsTable) -> str:
    """Every printed cell, for diffs and reprints: a change to one shows."""
    return " ".join(
        "–" if (ch := table.chance(m, k)) is None else str(whole_percent(ch))
        for m in table.cards_left
        for k in table.hidden
    )


def odds_cards(pack: ThatsNotLemonade, table: OddsTable, theme: Theme) -> Deck:
    """The odds card, printing ``table``: the rules' `odds_table`, worked out once per kit."""
    draw = odds_face(pack, table, theme)
    fields = (
        ("pile", f"{table.cards_left[0]}-{table.cards_left[-1]}"),
        ("unseen", f"{table.hidden[0]}-{table.hidden[-1]}"),
        ("cells", odds_cells(table)),
        ("intro", " ".join(odds_intro(pack))),
    )
    pieces = tuple(Piece(f"odds#{n}", draw, fields=fields) for n in range(1, pack.max_players + 1))
    return _flat_deck(pack, "odds-cards", "odds", pack.kit.reference, pieces)
