"""Player mats: a space per good for its goods tokens, and the cost table, one mat per colour."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from reportlab.lib.colors import white
from reportlab.pdfgen.canvas import Canvas

from printkit.games.lemonade_stall.kit.cards import icon
from printkit.games.lemonade_stall.model import LemonadeStall, PlayerColour
from printkit.kit import Pages
from printkit.render.fonts import BODY, BOLD
from printkit.render.formats import money
from printkit.render.layout import Icon, draw_faint_picture, draw_icon, draw_picture, icon_mark
from printkit.render.panels import headed_panel, table
from printkit.render.pdf import note_space
from printkit.render.symbols import draw_symbol
from printkit.render.text import text_box, text_line
from printkit.render.theme import INK, LEAF, Theme, hex_colour
from printkit.render.units import MM, Box

ITEM_SYMBOLS = {"spoils": "lemon", "melts": "snowflake"}
HEADER_ART = 32 * MM  # the stand picture's width in a mat's header
GOODS_ART = 18 * MM  # a good's faint picture in its space


def _item_symbol(pack: LemonadeStall, item_id: str) -> Icon:
    """The good's picture from the pack's art, else a shared symbol for its kind."""
    item = pack.item(item_id)
    if item.perishes:
        return icon(pack, item_id, ITEM_SYMBOLS[item.perishes])
    return icon(pack, item_id, "cup" if pack.item_ids.index(item_id) == 0 else "cube")


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
    x, room = head.x + 22 * MM, head.width - 24 * MM
    stand = pack.art.get("stand")
    if stand is not None:  # the player's own stall at the header's right end
        art = Box(
            head.right - HEADER_ART - 2 * MM, head.y + 1.5 * MM, HEADER_ART, head.height - 3 * MM
        )
        draw_picture(c, art, stand.path)
        room -= HEADER_ART + 2 * MM
    title = pack.words.say("mat.title", title=pack.title, colour=colour.name)
    text_line(c, title, x, head.cy + 1 * MM, room, font=BOLD, size=18, what="mat title")
    below = Box(x, head.y + 1 * MM, room, head.cy - 2 * MM - head.y)  # under the title
    keep = pack.words.say("mat.keep")
    text_box(c, keep, below, BODY, 8.5, valign="top", what="mat note", min_size=8.5)


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
    draw_icon(
        c,
        _item_symbol(pack, item_id),
        box.x + 8 * MM,
        box.cy + 3 * MM,
        5 * MM,
        fill=theme.pale(hex_colour("#F7D84A"), 0.3),
    )
    name_x = box.x + 1 * MM  # centred under the symbol, 12 mm in
    text_line(
        c,
        item.name,
        name_x,
        box.y + 3 * MM,
        22 * MM,
        font=BOLD,
        size=10,
        what="mat goods",
        align="center",
    )
    pile = _pile(box)
    c.saveState()
    c.setDash(3, 2)
    c.setLineWidth(0.6)
    c.setFillColor(white)
    c.roundRect(pile.x, pile.y, pile.width, pile.height, 2 * MM, stroke=1, fill=1)
    c.restoreState()
    picture = _item_symbol(pack, item_id)
    if isinstance(picture, Path):  # the good itself, large and faint, where its tokens lie
        size = min(GOODS_ART, pile.height - 4 * MM)
        art = Box(pile.cx - size / 2, pile.cy - size / 2, size, size)
        draw_faint_picture(c, art, picture, veil=0.7)
    note_space(c, pack.words.say("mat.goods_space", good=item.name), pile, "goods")


def _costs(c: Canvas, box: Box, pack: LemonadeStall, theme: Theme) -> None:
    """The buying table, styled as the board's panels: a tinted panel, each good's icon."""
    say = pack.words.say
    body = headed_panel(c, box, say("mat.costs"), theme.pale(LEAF, 0.7))
    header = [
        say("board.costs_good"),
        say("board.costs_one"),
        say("mat.costs_bulk", bulk_size=pack.bulk_size),
        say("mat.costs_most"),
    ]
    rows = [
        (
            (icon_mark(_item_symbol(pack, item.id)), item.name),
            money(item.price_one),
            money(item.price_bulk),
            str(pack.max_per_item),
        )
        for item in pack.items
    ]
    bottom = table(c, body, header, rows, [1.4, 1, 1.2, 1], theme, 6.5 * MM, 9.5, what="mat costs")
    note = say("mat.costs_note", bulk_size=pack.bulk_size)
    text_box(
        c,
        note,
        Box(body.x, body.y, body.width, bottom - body.y - 1 * MM),
        BODY,
        8.5,  # read in the rulebook's picture of a mat too, at under three quarters size
        valign="top",
        what="mat costs note",
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
