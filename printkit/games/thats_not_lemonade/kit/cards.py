"""That's Not Lemonade's deck: faces drawn from each card's role, and one shared back.

A card's look follows what the engine reads: one lemon symbol per lemon it
scores, a snowflake for Ice, a crossed-out cup and hatching for a card that
puts its taker out. Shape and pattern carry the meaning; colour only helps.
Every back is the same, with nothing near the edge, so a peeked-at hand and a
slightly shifted duplex print give nothing away.
"""

from __future__ import annotations

from collections.abc import Callable

from reportlab.lib.colors import Color, HexColor, white
from reportlab.pdfgen.canvas import Canvas

from printkit.content.art import Art
from printkit.games.thats_not_lemonade.model import Card, ThatsNotLemonade
from printkit.kit import Deck, sized_deck
from printkit.render.cardparts import flood, panel, xywh
from printkit.render.fonts import BODY, BOLD, draw_fitted, fit
from printkit.render.impose import Piece
from printkit.render.layout import draw_picture
from printkit.render.symbols import draw_symbol
from printkit.render.text import card_title
from printkit.render.theme import INK, LEMON, SKY, Theme
from printkit.render.units import BLEED, MM, SAFE, Box

DOUBLE = HexColor("#F2A93B")
MURKY = HexColor("#9A9A52")
BACK = HexColor("#3F7F4F")
DrawFn = Callable[[Canvas, Box], None]


def card_colour(card: Card) -> Color:
    if card.out:
        return MURKY
    if card.lemons > 1:
        return DOUBLE
    if card.lemons:
        return LEMON
    return SKY


def hatch(c: Canvas, box: Box, gap: float = 3 * MM) -> None:
    """Diagonal stripes: an out card reads as one in black and white too."""
    c.saveState()
    path = c.beginPath()
    path.rect(*xywh(box))
    c.clipPath(path, stroke=0, fill=0)
    c.setStrokeColor(INK)
    c.setLineWidth(0.5)
    start = box.x - box.height
    while start < box.right:
        c.line(start, box.y, start + box.height, box.top)
        start += gap
    c.restoreState()


def crossed_cup(c: Canvas, x: float, y: float, r: float, fill: Color) -> None:
    draw_symbol(c, "cup", x, y, r, fill=fill)
    c.saveState()
    c.setStrokeColor(INK)
    c.setLineWidth(max(r * 0.14, 1))
    c.setLineCap(1)
    c.line(x - r * 0.8, y - r * 0.8, x + r * 0.8, y + r * 0.8)
    c.line(x - r * 0.8, y + r * 0.8, x + r * 0.8, y - r * 0.8)
    c.restoreState()


def emblem(c: Canvas, card: Card, x: float, y: float, r: float, theme: Theme) -> None:
    """The card's role as a picture: lemons side by side, a snowflake, or a crossed cup."""
    fill = theme.pale(card_colour(card), 0.2)
    if card.out:
        crossed_cup(c, x, y, r, theme.pale(MURKY, 0.5))
    elif card.lemons:
        step = r * 1.1
        first = x - step * (card.lemons - 1) / 2
        size = r if card.lemons == 1 else r * 0.75
        for i in range(card.lemons):
            draw_symbol(c, "lemon", first + i * step, y, size, fill=theme.solid(LEMON))
    elif card.ice:
        draw_symbol(c, "snowflake", x, y, r, fill=fill)


def index_mark(c: Canvas, card: Card, x: float, y: float, theme: Theme) -> None:
    """A corner index (value and small symbol) readable in a fanned hand."""
    c.setFillColor(INK)
    if card.out:
        crossed_cup(c, x, y - 2 * MM, 3.2 * MM, white)
        return
    if card.lemons:
        c.setFont(BOLD, 13)
        c.drawCentredString(x, y - 1 * MM, str(card.lemons))
        draw_symbol(c, "lemon", x, y - 5 * MM, 3 * MM, fill=theme.solid(LEMON))
    elif card.ice:
        draw_symbol(c, "snowflake", x, y - 2 * MM, 3.2 * MM, fill=white)


def face(card: Card, theme: Theme) -> DrawFn:
    def draw(c: Canvas, trim: Box) -> None:
        flood(c, trim, theme.flood(card_colour(card)))
        if card.out:
            hatch(c, trim.outset(BLEED))
        safe = trim.inset(SAFE)
        head, rest = safe.split_top(12 * MM)
        panel(c, head, theme.pale(card_colour(card), 0.55))
        card_title(c, card.title, head, 13, what=f"card {card.id!r} title")
        text_box = Box(rest.x, rest.y, rest.width, 20 * MM)
        art = Box(rest.x, text_box.top + 2 * MM, rest.width, rest.height - 24 * MM)
        r = min(art.width, art.height) * 0.42
        if card.art is not None:
            draw_picture(c, Box(art.cx - r, art.cy - r, 2 * r, 2 * r), card.art.path)
        else:
            c.setFillColor(white)
            c.setStrokeColor(INK)
            c.setLineWidth(0.8)
            c.circle(art.cx, art.cy, r, stroke=1, fill=1)
            emblem(c, card, art.cx, art.cy, r * 0.62, theme)
        index_mark(c, card, art.x + 4 * MM, art.top - 4 * MM, theme)
        index_mark(c, card, art.right - 4 * MM, art.top - 4 * MM, theme)
        panel(c, text_box)
        fitted = fit(
            card.text, BODY, text_box.width - 5 * MM, text_box.height - 4 * MM, 10,
            what=f"card {card.id!r} text",
        )  # fmt: skip
        c.setFillColor(INK)
        top = text_box.cy + fitted.leading * len(fitted.lines) / 2
        draw_fitted(c, fitted, text_box.x + 2.5 * MM, top, "center", text_box.width - 5 * MM)

    return draw


def back(theme: Theme, art: Art | None = None) -> DrawFn:
    """One back for every card: the pack's back art run into the bleed, else a flood and a
    centred emblem; no frame near the edge.

    No words: the game's name on the back would read like the name of the
    card that puts you out.
    """

    def draw(c: Canvas, trim: Box) -> None:
        if art is not None and not theme.ink_saver:
            draw_picture(c, trim.outset(BLEED), art.path, cover=True)
            return
        flood(c, trim, theme.flood(BACK))
        r = trim.width * 0.32
        c.setFillColor(white)
        c.setStrokeColor(INK)
        c.setLineWidth(1)
        c.circle(trim.cx, trim.cy, r, stroke=1, fill=1)
        draw_symbol(c, "cup", trim.cx, trim.cy, r * 0.62, fill=theme.pale(LEMON, 0.1))
        draw_symbol(
            c, "lemon", trim.cx + r * 0.42, trim.cy + r * 0.46, r * 0.3, fill=theme.solid(LEMON)
        )
        for dy in (-1, 1):  # small marks above and below: the back reads the same both ways up
            draw_symbol(c, "lemon", trim.cx, trim.cy + dy * (r + 9 * MM), 4 * MM, fill=LEMON)

    return draw


def card_deck(pack: ThatsNotLemonade, theme: Theme) -> Deck:
    """Every card of the largest table's deck; smaller tables set the extras aside."""
    shared_back = back(theme, pack.art.get("back"))
    pieces = tuple(
        Piece(
            f"{card.id}#{copy + 1}",
            face(card, theme),
            shared_back,
            fields=(("title", card.title), ("text", card.text)),
        )
        for card in pack.cards
        for copy in range(card.copies)
    )
    size = pack.kit.card
    return sized_deck(
        "cards", f"Cards ({len(pieces)})", size, pieces, note=pack.words.say("deck.cards_note")
    )
