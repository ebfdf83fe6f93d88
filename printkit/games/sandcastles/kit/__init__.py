"""Sandcastles' print-and-play kit: the 100 castle cards and a scoring reference per seat.

Every card face is drawn from its edge, corner and wall codes (`art`); every
number on the reference comes from the pack. Each part is made with `made`, so
what it reads is recorded: a scoring change reprints the references, not the cards.
"""

from __future__ import annotations

from collections.abc import Callable

from reportlab.pdfgen.canvas import Canvas

from printkit.games.sandcastles.kit.art import SAND, draw_back, draw_card
from printkit.games.sandcastles.model import BRIDGE, FEATHER, SHELL, CardType, Sandcastles
from printkit.kit import Deck, Kit, KitOptions, made
from printkit.render.fonts import BODY, BOLD, draw_fitted, fit
from printkit.render.formats import signed
from printkit.render.impose import Piece
from printkit.render.panels import overrun, ruled_list
from printkit.render.text import text_box
from printkit.render.theme import INK, Theme, mix
from printkit.render.units import BLEED, MM, SAFE, Box

DrawFn = Callable[[Canvas, Box], None]


def _face(card: CardType, theme: Theme) -> DrawFn:
    def draw(c: Canvas, trim: Box) -> None:
        draw_card(c, trim, card, theme)

    return draw


def _back(title: str, theme: Theme) -> DrawFn:
    def draw(c: Canvas, trim: Box) -> None:
        draw_back(c, trim, title, theme)

    return draw


def card_fields(card: CardType) -> tuple[tuple[str, str], ...]:
    """What a card shows, for diffs and reprints: its codes and its words."""
    face = card.face
    return (
        ("card", card.id),
        ("edges", face.edge_code),
        ("corners", face.corner_code),
        ("walls", face.wall_code),
        ("text", card.text),
    )


def castle_cards(pack: Sandcastles, theme: Theme) -> Deck:
    back = _back(pack.title, theme)
    pieces = tuple(
        Piece(f"{card.id}#{copy + 1}", _face(card, theme), back, fields=card_fields(card))
        for card in pack.cards
        for copy in range(card.copies)
    )
    side = pack.kit.card * MM
    return Deck(
        "castle-cards",
        pack.words.say("deck.castle", count=len(pieces)),
        side,
        side,
        pieces,
        note=pack.words.say("deck.castle_note", side=pack.kit.card),
    )


# -- scoring reference -------------------------------------------------------------
def _rows(pack: Sandcastles) -> list[tuple[str, str]]:
    s, say = pack.scoring, pack.words.say
    return [
        (say("score.tower"), signed(s.tower)),
        (say("score.courtyard"), signed(s.courtyard)),
        (say("score.bridge"), signed(s.special(BRIDGE))),
        (say("score.feather"), signed(s.special(FEATHER))),
        (say("score.shell"), signed(s.special(SHELL))),
        (say("score.illegal"), signed(s.illegal)),
        (say("score.discard"), signed(s.discard)),
    ]


def _bonus_rows(pack: Sandcastles) -> list[tuple[str, str]]:
    s, say = pack.scoring, pack.words.say
    return [
        (say("bonus.most_cards"), signed(s.most_cards)),
        (say("bonus.biggest_courtyard"), signed(s.biggest_courtyard)),
        (say("bonus.longest_wall"), signed(s.longest_wall)),
    ]


def _heading(c: Canvas, box: Box, y: float, text: str, size: float = 10) -> float:
    room = Box(box.x, y - size * 2.6, box.width, size * 2.6)
    fitted = text_box(c, text, room, BOLD, size, what="heading", valign="flow")
    return fitted.bottom(y) + 0.6 * size - 1.2 * MM  # its descenders, then a small gap


def _reference_front(pack: Sandcastles, theme: Theme) -> DrawFn:
    def draw(c: Canvas, trim: Box) -> None:
        outer = trim.outset(BLEED)
        c.setFillColor(theme.flood(SAND))
        c.rect(outer.x, outer.y, outer.width, outer.height, stroke=0, fill=1)
        box = trim.inset(SAFE + 1 * MM)
        say = pack.words.say
        y = _heading(c, box, box.top, say("score.heading", title=pack.title.upper()), 9.5)
        rule = mix(SAND, INK, 0.3)
        rows = Box(box.x, box.y, box.width, y - box.y)
        y = ruled_list(c, rows, _rows(pack), what="reference row", rule=rule)
        y = _heading(c, box, y - 0.8 * MM, say("bonus.heading"), 7.5)
        rest = Box(box.x, box.y, box.width, y - box.y)
        y = ruled_list(c, rest, _bonus_rows(pack), what="reference bonus", rule=rule)
        note = Box(box.x, box.y - 0.6 * MM, box.width, y - box.y)  # from 0.6 mm below the list
        text_box(c, say("score.note"), note, size=7, what="reference note", valign="flow")

    return draw


def _round_steps(pack: Sandcastles) -> list[tuple[str, str]]:
    say = pack.words.say
    return [
        ("1", say("round.1", hand_size=pack.hand_size)),
        ("2", say("round.2", timer_minutes=pack.timer_minutes, piles=pack.piles)),
        *((str(n), say(f"round.{n}")) for n in (3, 4, 5)),
    ]


def _reference_back(pack: Sandcastles, theme: Theme) -> DrawFn:
    def draw(c: Canvas, trim: Box) -> None:
        outer = trim.outset(BLEED)
        c.setFillColor(theme.flood(mix(SAND, INK, 0.04)))
        c.rect(outer.x, outer.y, outer.width, outer.height, stroke=0, fill=1)
        box = trim.inset(SAFE + 1 * MM)
        y = _heading(c, box, box.top, pack.words.say("round.heading"), 9.5)
        for number, text in _round_steps(pack):
            fitted = fit(text, BODY, box.width - 5 * MM, 16 * MM, 7.5, what="round step")
            c.setFont(BOLD, 8)
            c.drawString(box.x, y - fitted.size, number)  # the number first, as it reads
            draw_fitted(c, fitted, box.x + 5 * MM, y, "left", box.width - 5 * MM)
            y -= fitted.leading * len(fitted.lines) + 2.2 * MM
        overrun(box, y + 2.2 * MM, what="reference card, the round")

    return draw


def reference_cards(pack: Sandcastles, theme: Theme) -> Deck:
    front, back = _reference_front(pack, theme), _reference_back(pack, theme)
    fields = tuple(_rows(pack) + _bonus_rows(pack) + _round_steps(pack))
    pieces = tuple(
        Piece(f"reference#{n + 1}", front, back, fields=fields)
        for n in range(pack.kit.reference_cards)
    )
    return Deck(
        "reference-cards",
        pack.words.say("deck.reference"),
        pack.kit.reference_width * MM,
        pack.kit.reference_height * MM,
        pieces,
        note=pack.words.say(
            "deck.reference_note", width=pack.kit.reference_width, height=pack.kit.reference_height
        ),
    )


def kit(pack: Sandcastles, options: KitOptions) -> Kit:
    theme = options.theme
    parts = (made(castle_cards, pack, theme), made(reference_cards, pack, theme))
    return Kit(
        pack.id, pack.title, parts, (pack.words.say("kit.timer", timer_minutes=pack.timer_minutes),)
    )
