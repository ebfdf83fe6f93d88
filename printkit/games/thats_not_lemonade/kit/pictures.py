"""That's Not Lemonade's rulebook pictures: the set-up (four players round the shuffled deck
and a shared odds card, each with a character tile and a cup, drawn by the kit's own
renderers at one scale, with a close-up of the near tile at the size its words read) and
the cup's three signals (the pack's ``signal-*`` art side by side); the callouts' and
captions' words come from ``words.yaml``."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from reportlab.lib.colors import HexColor, white
from reportlab.pdfgen.canvas import Canvas

from printkit.games.thats_not_lemonade.kit.cards import card_deck
from printkit.games.thats_not_lemonade.kit.reference import odds_cards, tiles
from printkit.games.thats_not_lemonade.model import ThatsNotLemonade
from printkit.games.thats_not_lemonade.rules import odds_table, trophy_for
from printkit.kit import Deck
from printkit.render.impose import Piece
from printkit.render.layout import draw_picture
from printkit.render.symbols import draw_symbol
from printkit.render.theme import INK, Theme
from printkit.render.units import MM, Box
from printkit.rulebook.pictures import PictureSheet
from printkit.rulebook.scenes import (
    Callout,
    Caption,
    Placed,
    SceneBlock,
    Shown,
    place,
    readable_scale,
)

MEASURE = 150 * MM
TABLE = HexColor("#E9EFE3")  # the table top
TABLE_RIM = HexColor("#B9C7AD")
SEATS = 4  # near, left, far and right of the deck
EDGE = 3 * MM  # between the seats and the table's rim, as drawn
GAP = 2.5 * MM  # between a seat and the middle of the table, as drawn
PILE_GAP = 2 * MM  # between the deck and the shared odds card, as drawn
SEAT_GAP = 1.2 * MM  # between a tile and its cup, as printed
CUP = 0.75  # a cup's width, as a share of the tile's height
CLOSE_GAP = 4 * MM  # between the table and the close-up of the near tile
RING = 1.2 * MM  # the ring round the near seat, outside it
CLOSE_WORDS = 6.5 * MM  # room above the close-up for its words
CLOSE_EDGE = 2 * MM  # below the close-up and at its right
TUCKED = 3 * MM  # how far below the tile's far edge a won card's top lies, under the tile
SIGNALS = ("hit", "pass", "out")  # the cup's signals, left to right: art/signal-<key>.svg
SIGNAL = 28 * MM  # one signal picture's square
SIGNAL_GAP = 14 * MM
SIGNAL_WORDS = 10 * MM  # the room under each picture for its name and meaning


@dataclass(frozen=True)
class Table:
    """The table's geometry: its size, where it lies in the picture and its seats' scale."""

    width: float
    height: float
    scale: float

    @property
    def middle(self) -> tuple[float, float]:
        return self.width / 2, self.height / 2


def setup_table(pack: ThatsNotLemonade, theme: Theme, sheet: PictureSheet) -> SceneBlock:
    """One table, every seat at one scale: each player's tile with its cup beside it, the
    shuffled deck and an odds card to share in the middle. The tiles' words print under
    6 pt at the table's scale, so the near seat's tile, yours, is drawn again beside the
    table at the scale its words read, joined to its place on the table, which is ringed,
    with a round's winnings tucked under its lower edge, as the rules say."""
    cards, characters = card_deck(pack, theme), tiles(pack, theme)
    odds = odds_cards(pack, odds_table(pack), theme)
    players = min(SEATS, pack.max_players)
    faces = [characters.pieces[n % len(characters.pieces)] for n in range(players)]
    near = readable_scale(faces[0].draw, characters.width, characters.height)
    close_w, close_h = characters.width * near, characters.height * near
    won = _won_card(pack, cards, characters)
    below = (won.height - characters.height + TUCKED) * near  # the won card, showing
    table = _table(characters, cards, odds, MEASURE - close_w - CLOSE_GAP - CLOSE_EDGE)
    height = max(table.height, close_h + below + CLOSE_WORDS + CLOSE_EDGE)
    table = Table(table.width, height, table.scale)
    seats = [_seat(face, characters, table.scale) for face in faces]
    placed = [Placed(_table_top(table), 0, 0)]
    placed += [Placed(seat, x, y, table.scale, turn) for seat, (x, y, turn) in _spots(seats, table)]
    deck, shared = _middle(cards, odds, table)
    placed += [*deck, shared]
    yours = placed[1].footprint
    room = height - CLOSE_WORDS - CLOSE_EDGE - close_h - below
    close = Box(MEASURE - CLOSE_EDGE - close_w, CLOSE_EDGE + below + room / 2, close_w, close_h)
    placed.append(Placed(_ring(yours, close), 0, 0))
    won_x = close.cx - won.width * near / 2
    placed.append(Placed(won, won_x, close.y - below, near))  # under the tile, drawn first
    close_up = Shown(faces[0].draw, characters.width, characters.height)
    placed.append(Placed(close_up, close.x, close.y, near))
    cx, cy, _ = _cup(characters, table.scale)
    cup = (yours.x + cx * table.scale, yours.y + cy * table.scale)
    points = {
        "tile": (yours.x - RING - 4 * MM, yours.cy, (yours.x - RING, yours.cy)),
        "cup": (cup[0] + 5 * MM, cup[1] + 4 * MM, cup),
        "odds": (shared.footprint.right - 3 * MM, shared.footprint.top - 3 * MM, None),
        "deck": (deck[-1].footprint.cx, deck[-1].footprint.top - 3 * MM, None),
    }
    values = {"cards": len(pack.deck(players)), "players": players}
    callouts = _callouts(pack, points, values)
    words = pack.words.say("picture.setup_close")
    captions = [Caption(close.cx, close.top + CLOSE_WORDS - 1 * MM, close_w, words)]
    alt = pack.words.say("picture.setup", players=players)
    return SceneBlock(placed, MEASURE, height, alt, sheet, captions, callouts, caption=True)


def _won_card(pack: ThatsNotLemonade, cards: Deck, characters: Deck) -> Shown:
    """The card the first round's winner takes, face up, to tuck under the close-up tile."""
    trophy = trophy_for(pack, ())
    piece = next(p for p in cards.pieces if p.label.split("#")[0] == trophy)
    return Shown(piece.draw, cards.width, cards.height)


def _callouts(
    pack: ThatsNotLemonade, points: dict[str, tuple], values: dict[str, int]
) -> list[Callout]:
    """The set-up's callouts in words.yaml's order: each at its point (x, y and, for a
    disc set apart, the point its leader names)."""
    return [
        Callout(x, y, text.format(**values), to)
        for key, text in pack.words.each("callout.setup").items()
        if key in points
        for x, y, to in [points[key]]
    ]


def _table(characters: Deck, cards: Deck, odds: Deck, width: float) -> Table:
    """The table ``width`` wide: a seat at each side, the deck and the odds card side by
    side in the middle, all at the one scale that fills the width."""
    across = 2 * characters.height + cards.width + odds.width  # side seats, then the middle
    scale = (width - 2 * EDGE - 2 * GAP - PILE_GAP) / across
    height = 2 * EDGE + 2 * GAP + (2 * characters.height + odds.height) * scale
    return Table(width, height, scale)


def _spots(seats: list[Shown], table: Table) -> list[tuple[Shown, tuple[float, float, int]]]:
    """Each seat's lower-left corner and turn: near, left, far, right, facing the middle."""
    s, (cx, cy) = table.scale, table.middle
    w, h = seats[0].width * s, seats[0].height * s
    spots = [
        (cx - w / 2, EDGE, 0),  # near
        (EDGE, cy - w / 2, 270),  # left
        (cx - w / 2, table.height - EDGE - h, 180),  # far
        (table.width - EDGE - h, cy - w / 2, 90),  # right
    ]
    return list(zip(seats, spots))


def _middle(cards: Deck, odds: Deck, table: Table) -> tuple[list[Placed], Placed]:
    """The deck (a few backs stepped: a pile, not a card) and the shared odds card, side by
    side in the middle of the table."""
    s, (cx, cy) = table.scale, table.middle
    card_w, odds_w = cards.width * s, odds.width * s
    left = cx - (card_w + PILE_GAP + odds_w) / 2
    back = Shown(cards.pieces[0].back, cards.width, cards.height)
    pile = [
        Placed(back, left + n * 0.4 * MM, cy - cards.height * s / 2 + n * 0.4 * MM, s)
        for n in range(4)
    ]
    card = Shown(odds.pieces[0].draw, odds.width, odds.height)
    return pile, Placed(card, left + card_w + PILE_GAP, cy - odds.height * s / 2, s)


def _table_top(table: Table) -> Shown:
    """The table top: the picture's left part, its rim on the side of the close-up."""

    def draw(c: Canvas, box: Box) -> None:
        c.saveState()
        c.setFillColor(TABLE)
        c.rect(box.x, box.y, box.width, box.height, stroke=0, fill=1)
        c.setStrokeColor(TABLE_RIM)
        c.setLineWidth(1.2)
        c.line(box.right, box.y, box.right, box.top)
        c.restoreState()

    return Shown(draw, table.width, table.height, edge=False)


def _ring(yours: Box, close: Box) -> Shown:
    """A dashed ring round the near seat on the table, and a line from it to the close-up:
    the close-up reads as that seat, drawn larger."""

    def draw(c: Canvas, box: Box) -> None:
        c.saveState()
        c.setStrokeColor(INK)
        c.setLineWidth(0.8)
        c.setDash(2, 1.5)
        ring = yours.inset(-RING)
        c.roundRect(ring.x, ring.y, ring.width, ring.height, 1.5 * MM, stroke=1, fill=0)
        y = min(max(yours.cy, close.y + 2 * MM), close.top - 2 * MM)  # to the tile itself
        c.line(ring.right, y, close.x, y)
        c.restoreState()

    return Shown(draw, MEASURE, close.top, edge=False)


def _seat(face: Piece, characters: Deck, scale: float) -> Shown:
    """One player's place, near side up, to be drawn at ``scale``: the tile, and its cup
    standing on the table at its right, level with its far edge."""
    tile = Shown(face.draw, characters.width, characters.height)
    cx, cy, r = _cup(characters, scale)

    def draw(c: Canvas, box: Box) -> None:
        place(c, Placed(tile, box.x, box.y))
        draw_symbol(c, "cup", box.x + cx, box.y + cy, r, fill=white, line_width=r * 0.06)

    return Shown(draw, cx + r, characters.height, edge=False)


def _cup(characters: Deck, scale: float) -> tuple[float, float, float]:
    """Where a seat's cup stands (centre x, y and radius, in the seat's own units)."""
    r = characters.height * CUP / 2
    return characters.width + SEAT_GAP / scale + r, characters.height - r, r


def cup_signals(pack: ThatsNotLemonade, sheet: PictureSheet) -> SceneBlock:
    """The cup the right way up, upside down and on its side, each named under it: the
    game's one signal made with the hands, drawn once so players can copy it."""
    placed, captions = [], []
    for n, key in enumerate(SIGNALS):
        x = SIGNAL_GAP / 2 + n * (SIGNAL + SIGNAL_GAP)  # half a gap of room at each end
        art = pack.art.need(f"signal-{key}")
        shown = Shown(_picture(art.path), SIGNAL, SIGNAL, edge=False)
        placed.append(Placed(shown, x, SIGNAL_WORDS))
        words = pack.words.say(f"signal.{key}")
        captions.append(Caption(x + SIGNAL / 2, SIGNAL_WORDS, SIGNAL + SIGNAL_GAP, words))
    width = len(SIGNALS) * (SIGNAL + SIGNAL_GAP)
    alt = pack.words.say("picture.signals")
    return SceneBlock(placed, width, SIGNAL + SIGNAL_WORDS, alt, sheet, captions, caption=True)


def _picture(path: Path) -> Callable[[Canvas, Box], None]:
    """A draw function placing one art file in the box it is given."""

    def draw(c: Canvas, box: Box) -> None:
        draw_picture(c, box, path)

    return draw
