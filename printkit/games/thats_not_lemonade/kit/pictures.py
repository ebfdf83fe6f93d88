"""That's Not Lemonade's rulebook pictures: the set-up (four players round the shuffled deck,
each with a character tile, an odds card and a cup, drawn by the kit's own renderers
scaled down) and the cup's three signals (the pack's ``signal-*`` art side by side); the
callouts' and captions' words come from ``words.yaml``."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from reportlab.lib.colors import HexColor, white
from reportlab.pdfgen.canvas import Canvas

from printkit.games.thats_not_lemonade.kit.cards import card_deck
from printkit.games.thats_not_lemonade.kit.reference import odds_cards, tiles
from printkit.games.thats_not_lemonade.model import ThatsNotLemonade
from printkit.games.thats_not_lemonade.rules import odds_table
from printkit.kit import Deck
from printkit.render.impose import Piece
from printkit.render.layout import draw_picture
from printkit.render.symbols import draw_symbol
from printkit.render.theme import Theme
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
    round_the_table,
)

MEASURE = 150 * MM
TABLE = HexColor("#E9EFE3")  # the table top
SCALE = 0.16  # the other seats and the deck: a sixth of their size, so the picture fits
# a Letter page under the last set-up steps
SEATS = 4  # near, far, left and right of the deck
NEAR_EDGE = 3.5 * MM  # the near seat's side margins: its odds card's column heads print at 6 pt
SEAT_GAP = 1.2 * MM  # between a seat's pieces, as printed: one seat, one group
CUP = 52 * MM  # a cup's width on the table, as the pieces are measured (unscaled)
SIGNALS = ("hit", "pass", "out")  # the cup's signals, left to right: art/signal-<key>.svg
SIGNAL = 28 * MM  # one signal picture's square
SIGNAL_GAP = 14 * MM
SIGNAL_WORDS = 10 * MM  # the room under each picture for its name and meaning


def setup_table(pack: ThatsNotLemonade, theme: Theme, sheet: PictureSheet) -> SceneBlock:
    """Each seat a tile, its cup and an odds card side by side; the shuffled deck face down
    in the middle. The tiles' words print under 6 pt at the table's scale, so the near
    seat, yours, is drawn larger: its tile face up at the scale that reads, and beside it
    as large an odds card as the picture's width leaves."""
    cards, characters = card_deck(pack, theme), tiles(pack, theme)
    odds = odds_cards(pack, odds_table(pack), theme)
    players = min(SEATS, pack.max_players)
    faces = [characters.pieces[n % len(characters.pieces)] for n in range(players)]
    seats = [_seat(face, characters, odds, SCALE) for face in faces]
    table, height = round_the_table(seats, MEASURE, SCALE, 4 * MM)
    first = faces[0]
    near_scale = readable_scale(first.draw, characters.width, characters.height)
    room = MEASURE - 2 * NEAR_EDGE
    odds_scale = min(
        1.0, (room / near_scale - characters.width - SEAT_GAP / near_scale) / odds.width
    )
    near_seat = _seat(first, characters, odds, near_scale, odds_scale)
    lift = near_seat.height * near_scale - seats[0].height * SCALE  # the other seats move up
    near_x = (MEASURE - near_seat.width * near_scale) / 2
    placed = [Placed(near_seat, near_x, table[0].y, near_scale)]
    placed += [Placed(p.shown, p.x, p.y + lift, p.scale, p.turn) for p in table[1:]]
    height += lift
    back = Shown(cards.pieces[0].back, cards.width, cards.height)
    card_w, card_h = cards.width * SCALE, cards.height * SCALE
    deck_x, deck_y = MEASURE / 2 - card_w / 2, (height + lift) / 2 - card_h / 2
    for layer in range(4):  # a few backs stepped: a pile, not a card
        step = layer * 0.5 * MM
        placed.append(Placed(back, deck_x + step, deck_y + step, SCALE))
    near = placed[0].footprint
    tile_w, tile_h = characters.width * near_scale, characters.height * near_scale
    odds_h = odds.height * odds_scale * near_scale
    cup_x, cup_y, cup_r = (v * near_scale for v in _cup(characters, near_seat.height, near_scale))
    points = {
        "tile": (near.x + tile_w - 3 * MM, near.y + tile_h + 1 * MM),
        "cup": (near.x + cup_x + cup_r + 1 * MM, near.y + cup_y + cup_r * 0.6),
        "odds": (near.right - 3 * MM, near.y + odds_h - 3 * MM),
        "deck": (deck_x + card_w + 4 * MM, deck_y + card_h + 1 * MM),
    }
    values = {"cards": len(pack.deck(players)), "players": players}
    callouts = [
        Callout(*points[key], text.format(**values))
        for key, text in pack.words.each("callout.setup").items()
        if key in points
    ]
    alt = pack.words.say("picture.setup", players=players)
    return SceneBlock(placed, MEASURE, height, alt, sheet, (), callouts, TABLE, caption=True)


def _seat(
    face: Piece, characters: Deck, odds: Deck, scale: float, odds_scale: float = 1.0
) -> Shown:
    """One player's place, near side up, to be drawn at ``scale``: the tile, its cup
    standing on the table beyond it, and the odds card (``odds_scale`` of the tile's
    scale) beside them, bottoms in line."""
    tile = Shown(face.draw, characters.width, characters.height)
    card = Shown(odds.pieces[0].draw, odds.width, odds.height)
    card_w, card_h = odds.width * odds_scale, odds.height * odds_scale
    width = tile.width + SEAT_GAP / scale + card_w
    height = max(tile.height, card_h)
    cx, cy, r = _cup(characters, height, scale)

    def draw(c: Canvas, box: Box) -> None:
        place(c, Placed(tile, box.x, box.y))
        draw_symbol(c, "cup", box.x + cx, box.y + cy, r, fill=white, line_width=r * 0.06)
        place(c, Placed(card, box.right - card_w, box.y, odds_scale))

    return Shown(draw, width, height, edge=False)


def _cup(characters: Deck, seat_height: float, scale: float) -> tuple[float, float, float]:
    """Where a seat's cup stands (centre x, y and radius, in the seat's own units): on the
    table beyond the tile, as large as a real cup or as the room there allows."""
    gap = SEAT_GAP / scale
    above = seat_height - characters.height - gap
    r = min(CUP, above, characters.width) * 0.42
    return characters.width / 2, characters.height + gap + above / 2, r


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
