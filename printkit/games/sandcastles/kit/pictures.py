"""Sandcastles' set-up picture: the dealt hands, the piles and the reference cards on a
table, drawn by the kit's own card renderers scaled down; words from ``words.yaml``."""

from __future__ import annotations

from reportlab.lib.colors import HexColor
from reportlab.pdfgen.canvas import Canvas

from printkit.games.sandcastles.kit import castle_cards, reference_cards
from printkit.games.sandcastles.model import Sandcastles
from printkit.render.theme import Theme
from printkit.render.units import MM, Box
from printkit.rulebook.pictures import PictureSheet
from printkit.rulebook.scenes import TABLE_EDGE, Callout, Placed, SceneBlock, Shown, place

MEASURE = 160 * MM
SAND = HexColor("#F3E7C9")  # the table top
SCALE = 0.2  # the other seats: a fifth of their printed size
NEAR = 0.34  # the near seat, the reader's own, large enough to see the cards dealt
PILES = 0.3  # the piles in the middle
SEATS = 4  # near, left, far and right of the piles
FAN = 0.3  # each card of a face-down hand steps this share of a card along
OPEN_FAN = 1.1  # the near hand, face up and spaced apart: a hand, not walls joined into a castle
GAP = 4 * MM  # between a seat's reference card and its hand (as a small seat shows it)
ROW_GAP = 9 * MM  # between the near seat, the piles and the far seat


def setup_table(pack: Sandcastles, theme: Theme, sheet: PictureSheet) -> SceneBlock:
    """Four players round the piles, each with a dealt hand and a reference card; the near
    seat drawn larger, its hand face up as its player holds it."""
    castle, reference = castle_cards(pack, theme), reference_cards(pack, theme)
    back = Shown(castle.pieces[0].back, castle.width, castle.height)
    ref = Shown(reference.pieces[0].draw, reference.width, reference.height)
    faces = _dealt(pack, castle)
    near = _seat([back] * pack.hand_size, ref, FAN, GAP / SCALE)
    mine = _seat(faces, ref, OPEN_FAN, GAP / NEAR)
    edge = TABLE_EDGE
    pile = castle.width * PILES
    far_h, side_w = near.height * SCALE, near.height * SCALE
    height = edge + mine.height * NEAR + ROW_GAP + pile + ROW_GAP + far_h + edge
    height = max(height, near.width * SCALE + 2 * (edge + far_h))
    piles_y = edge + mine.height * NEAR + ROW_GAP
    side_y = piles_y + pile / 2 - near.width * SCALE / 2  # level with the piles
    placed = [
        Placed(mine, (MEASURE - mine.width * NEAR) / 2, edge, NEAR),
        Placed(near, edge, side_y, SCALE, 270),
        Placed(near, (MEASURE - near.width * SCALE) / 2, height - edge - far_h, SCALE, 180),
        Placed(near, MEASURE - edge - side_w, side_y, SCALE, 90),
    ]
    gap = 3 * MM
    row = pack.piles * pile + (pack.piles - 1) * gap
    piles_x = (MEASURE - row) / 2
    for n in range(pack.piles):
        for layer in range(3):  # a few backs stepped: a pile, not a card
            step = layer * 0.6 * MM
            placed.append(Placed(back, piles_x + n * (pile + gap) + step, piles_y + step, PILES))
    seat = placed[0].footprint  # the near seat's letters beside it, clear of the piles
    points = {
        "hand": (seat.right + 4 * MM, seat.cy),
        "reference": (seat.x - 4 * MM, seat.cy),
        "piles": (piles_x + pile / 2, piles_y - ROW_GAP / 2),
    }
    values = {"hand_size": pack.hand_size, "piles": pack.piles}
    callouts = [
        Callout(*points[key], text.format(**values))
        for key, text in pack.words.each("callout.setup").items()
        if key in points
    ]
    alt = pack.words.say("picture.setup", players=SEATS)
    return SceneBlock(placed, MEASURE, height, alt, sheet, (), callouts, SAND, caption=True)


def _dealt(pack: Sandcastles, castle) -> list[Shown]:
    """A hand as a deal might give it: cards of different kinds, spread through the deck."""
    step = max(len(castle.pieces) // pack.hand_size, 1)
    chosen = castle.pieces[step // 2 :: step][: pack.hand_size]
    return [Shown(piece.draw, castle.width, castle.height) for piece in chosen]


def _seat(hand: list[Shown], reference: Shown, fan: float, gap: float) -> Shown:
    """One player's place: the reference card, then the dealt hand fanned."""
    first = hand[0]
    step = first.width * fan
    width = reference.width + gap + first.width + step * (len(hand) - 1)
    height = max(reference.height, first.height)

    def draw(c: Canvas, box: Box) -> None:
        place(c, Placed(reference, box.x, box.y, 1.0))
        for n, card in enumerate(hand):
            x = box.x + reference.width + gap + n * step
            place(c, Placed(card, x, box.y + (height - card.height) / 2, 1.0))

    return Shown(draw, width, height, edge=False)
