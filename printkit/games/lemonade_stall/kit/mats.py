"""Player mats: a space per good for its goods tokens, and the cost table, one mat per colour."""

from __future__ import annotations

from collections.abc import Callable

from reportlab.lib.colors import white
from reportlab.pdfgen.canvas import Canvas

from printkit.games.lemonade_stall.model import LemonadeStall, PlayerColour
from printkit.kit import Pages
from printkit.render.fonts import BODY, BOLD, CONDENSED
from printkit.render.pdf import note_space
from printkit.render.symbols import draw_symbol
from printkit.render.theme import INK, Theme, hex_colour
from printkit.render.units import MM, Box

ITEM_SYMBOLS = {"spoils": "lemon", "melts": "snowflake"}


def _item_symbol(pack: LemonadeStall, item_id: str) -> str:
    item = pack.item(item_id)
    if item.perishes:
        return ITEM_SYMBOLS[item.perishes]
    return "cup" if pack.item_ids.index(item_id) == 0 else "cube"


def _mat(pack: LemonadeStall, colour: PlayerColour, theme: Theme) -> Callable[[Canvas, Box], None]:
    tint = hex_colour(colour.colour)

    def draw(c: Canvas, box: Box) -> None:
        c.setStrokeColor(INK)
        c.setLineWidth(1.2)
        c.setFillColor(theme.pale(tint, 0.8))
        c.roundRect(box.x, box.y, box.width, box.height, 4 * MM, stroke=1, fill=1)
        regions = mat_regions(pack, box)
        _header(c, regions["header"], colour, pack, theme)
        for item in pack.items:
            _goods_space(c, regions[f"goods:{item.id}"], pack, item.id, theme)
        _costs(c, regions["costs"], pack, theme)

    return draw


def mat_regions(pack: LemonadeStall, box: Box) -> dict[str, Box]:
    """Where each part of a mat drawn in ``box`` lies, for the mat and pictures of it:
    its header, a space per good (``goods:<id>``, tokens on ``pile:<id>``), the costs."""
    inner = box.inset(6 * MM)
    head, rest = inner.split_top(20 * MM)
    table_h = 52 * MM
    tracks = Box(rest.x, rest.y + table_h + 6 * MM, rest.width, rest.height - table_h - 8 * MM)
    rows = tracks.rows(len(pack.items), gap=4 * MM)
    goods = {f"goods:{item.id}": row for row, item in zip(rows, pack.items)}
    piles = {f"pile:{item.id}": _pile(row) for row, item in zip(rows, pack.items)}
    return {"header": head, **goods, **piles, "costs": Box(rest.x, rest.y, rest.width, table_h)}


def _header(c: Canvas, head: Box, colour: PlayerColour, pack: LemonadeStall, theme: Theme) -> None:
    tint = hex_colour(colour.colour)
    c.setFillColor(theme.solid(tint))
    c.roundRect(head.x, head.y, head.width, head.height, 3 * MM, stroke=1, fill=1)
    draw_symbol(c, colour.symbol, head.x + 11 * MM, head.cy, 7 * MM, fill=white)
    c.setFillColor(INK if theme.ink_saver else white)
    c.setFillColor(INK)
    c.setFont(BOLD, 18)
    c.drawString(
        head.x + 22 * MM,
        head.cy + 1 * MM,
        pack.words.say("mat.title", title=pack.title, colour=colour.name),
    )
    c.setFont(BODY, 8.5)
    c.drawString(
        head.x + 22 * MM,
        head.cy - 6 * MM,
        pack.words.say("mat.keep"),
    )


def _pile(space: Box) -> Box:
    """The dashed part of a goods space, where its tokens lie (the name is left of it)."""
    label_w = 30 * MM
    return Box(
        space.x + label_w, space.y + 2 * MM, space.width - label_w - 2 * MM, space.height - 4 * MM
    )


def _goods_space(c: Canvas, box: Box, pack: LemonadeStall, item_id: str, theme: Theme) -> None:
    """The good's name and symbol, and a dashed space that holds its pile of goods tokens."""
    item = pack.item(item_id)
    c.setFillColor(white)
    c.setStrokeColor(INK)
    c.setLineWidth(0.6)
    c.roundRect(box.x, box.y, box.width, box.height, 2 * MM, stroke=1, fill=1)
    draw_symbol(
        c,
        _item_symbol(pack, item_id),
        box.x + 8 * MM,
        box.cy + 3 * MM,
        5 * MM,
        fill=theme.pale(hex_colour("#F7D84A"), 0.3),
    )
    c.setFillColor(INK)
    c.setFont(BOLD, 10)
    c.drawCentredString(box.x + 8 * MM + 4 * MM, box.y + 3 * MM, item.name)
    pile = _pile(box)
    c.saveState()
    c.setDash(3, 2)
    c.setLineWidth(0.6)
    c.setFillColor(white)
    c.roundRect(pile.x, pile.y, pile.width, pile.height, 2 * MM, stroke=1, fill=1)
    c.restoreState()
    note_space(c, pack.words.say("mat.goods_space", good=item.name), pile, "goods")


def _costs(c: Canvas, box: Box, pack: LemonadeStall, theme: Theme) -> None:
    c.setFillColor(white)
    c.setStrokeColor(INK)
    c.roundRect(box.x, box.y, box.width, box.height, 2 * MM, stroke=1, fill=1)
    c.setFillColor(INK)
    c.setFont(BOLD, 11)
    say = pack.words.say
    c.drawString(box.x + 4 * MM, box.top - 7 * MM, say("mat.costs"))
    headers = [
        say("board.costs_good"),
        say("board.costs_one"),
        say("mat.costs_bulk", bulk_size=pack.bulk_size),
        say("mat.costs_most"),
    ]
    col_w = (box.width - 8 * MM) / len(headers)
    y = box.top - 15 * MM
    c.setFont(CONDENSED, 9)
    for i, header in enumerate(headers):
        c.drawString(box.x + 4 * MM + i * col_w, y, header)
    c.setLineWidth(0.4)
    c.line(box.x + 4 * MM, y - 2 * MM, box.right - 4 * MM, y - 2 * MM)
    c.setFont(BODY, 9.5)
    for item in pack.items:
        y -= 6.5 * MM
        cells = [item.name, f"${item.price_one}", f"${item.price_bulk}", str(pack.max_per_item)]
        for i, cell in enumerate(cells):
            c.drawString(box.x + 4 * MM + i * col_w, y, cell)
    c.setFont(BODY, 7.5)
    c.drawString(
        box.x + 4 * MM,
        box.y + 3.5 * MM,
        say("mat.costs_note", bulk_size=pack.bulk_size),
    )


def player_mats(pack: LemonadeStall, theme: Theme) -> Pages:
    colours = pack.player_colours[: pack.component("player-mats").count]
    return Pages(
        "player-mats",
        pack.words.say("deck.mats"),
        tuple(_mat(pack, colour, theme) for colour in colours),
        copies="1 each",
        note=pack.words.say("deck.mats_note"),
    )
