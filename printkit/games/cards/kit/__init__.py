"""The plain card game's kit: every card with a back, poker size unless the content says."""

from __future__ import annotations

from collections.abc import Callable

from reportlab.lib.colors import white
from reportlab.pdfgen.canvas import Canvas

from printkit.content.layout import Layout
from printkit.games.cards.content import Card, CardGame
from printkit.kit import Deck, Kit, KitOptions, made
from printkit.render.fonts import BODY, BOLD, draw_fitted, fit
from printkit.render.impose import Piece
from printkit.render.labels import ENGLISH
from printkit.render.theme import INK, SKY, Theme
from printkit.render.units import BLEED, MM, SAFE, Box


def _face(card: Card, theme: Theme) -> Callable[[Canvas, Box], None]:
    def draw(c: Canvas, trim: Box) -> None:
        c.setFillColor(theme.flood(SKY))
        bleed = trim.outset(BLEED)
        c.rect(bleed.x, bleed.y, bleed.width, bleed.height, stroke=0, fill=1)
        inner = trim.inset(SAFE)
        c.setFillColor(white)
        c.setStrokeColor(INK)
        c.roundRect(inner.x, inner.y, inner.width, inner.height, 3 * MM, stroke=1, fill=1)
        body = inner.inset(3 * MM)
        title = fit(card.title, BOLD, body.width, 12 * MM, 13, 8, what=f"card {card.id!r} title")
        c.setFillColor(INK)
        y = draw_fitted(c, title, body.x, body.top, "center", body.width)
        room = y - body.y - 2 * MM
        text = fit(card.text, BODY, body.width, room, 10, what=f"card {card.id!r} text")
        draw_fitted(c, text, body.x, y - 3 * MM, "left", body.width)

    return draw


def _back(title: str, theme: Theme) -> Callable[[Canvas, Box], None]:
    def draw(c: Canvas, trim: Box) -> None:
        c.setFillColor(theme.flood(INK))
        bleed = trim.outset(BLEED)
        c.rect(bleed.x, bleed.y, bleed.width, bleed.height, stroke=0, fill=1)
        c.setFillColor(INK if theme.ink_saver else white)
        c.setFont(BOLD, 14)
        c.drawCentredString(trim.cx, trim.cy, title)

    return draw


def _designed(pack: CardGame, layout: Layout, card: Card | None, theme: Theme):
    """A face (or, without a card, the back) drawn from the pack's layout.yaml."""
    from printkit.render.layout import draw_face

    if card is None:
        face, values = layout.back, {"game": pack.title, "title": pack.title}
    else:
        face, values = layout.face(card.face), card.values

    def draw(c: Canvas, trim: Box) -> None:
        draw_face(
            c, trim, layout, face, values, theme, what=f"card {card.id!r}" if card else "card back"
        )

    return draw


def kit(pack: CardGame, options: KitOptions) -> Kit:
    return Kit(pack.id, pack.title, (made(cards, pack, options.theme),))


def cards(pack: CardGame, theme: Theme) -> Deck:
    layout = pack.layout
    back = _back(pack.title, theme)
    if layout is not None and layout.back is not None:
        back = _designed(pack, layout, None, theme)
    faces = {
        card.id: _designed(pack, layout, card, theme) if layout is not None else _face(card, theme)
        for card in pack.cards
    }
    look = (("layout", layout.digest),) if layout is not None else ()
    pieces = tuple(
        Piece(
            f"{card.id}#{n + 1}",
            faces[card.id],
            back,
            fields=tuple((k, str(v)) for k, v in card.values.items() if k != "copies") + look,
        )
        for card in pack.cards
        for n in range(card.copies)
    )
    return Deck(
        "cards",
        "Cards",
        pack.card_width * MM,
        pack.card_height * MM,
        pieces,
        note=ENGLISH["note.crop"],
    )
