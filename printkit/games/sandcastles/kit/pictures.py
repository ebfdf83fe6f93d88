"""Sandcastles' set-up picture: the dealt hands, the piles and the reference cards on a
table, drawn by the kit's own card renderers scaled down; words from ``words.yaml``."""

from __future__ import annotations

import math

from reportlab.lib.colors import HexColor
from reportlab.pdfgen.canvas import Canvas

from printkit.games.sandcastles.kit import castle_cards, reference_cards
from printkit.games.sandcastles.model import CardType, Sandcastles
from printkit.render.theme import Theme
from printkit.render.units import MM, Box
from printkit.rulebook.pictures import PictureSheet
from printkit.rulebook.scenes import (
    TABLE_EDGE,
    Callout,
    Placed,
    SceneBlock,
    Shown,
    place,
    readable_scale,
)

MEASURE = 150 * MM  # the rulebook's measure: the picture prints at its own size
SAND = HexColor("#F3E7C9")  # the table top
SCALE = 0.2  # the other seats: a fifth of their printed size
NEAR = 0.34  # the near hand, the reader's own, large enough to see the cards dealt
PILES = 0.3  # the piles in the middle
SEATS = 4  # near, left, far and right of the piles
FAN = 0.3  # each card of a face-down hand steps this share of a card along
TILT = 4.0  # degrees each of the near hand's cards is turned, one way then the other
SPREAD_GAP = 4 * MM  # between the near hand's cards: a hand, not walls joined into a castle
GAP = 4 * MM  # between a seat's reference card and its hand (as a small seat shows it)
ROW_GAP = 9 * MM  # between the near seat, the piles and the far seat
LETTER = 7 * MM  # room beside a piece for its callout's letter


def setup_table(pack: Sandcastles, theme: Theme, sheet: PictureSheet) -> SceneBlock:
    """Four players round the piles, each with a dealt hand and a reference card; the near
    seat drawn larger: its hand fanned face up as its player holds it, its reference card
    large enough to read."""
    castle, reference = castle_cards(pack, theme), reference_cards(pack, theme)
    back = Shown(castle.pieces[0].back, castle.width, castle.height)
    ref = Shown(reference.pieces[0].draw, reference.width, reference.height)
    near = _seat([back] * pack.hand_size, ref, FAN, GAP / SCALE)
    edge = TABLE_EDGE
    readable = readable_scale(ref.draw, ref.width, ref.height)
    mine_ref = Placed(ref, edge, edge, readable)
    hand = _spread(_dealt(pack, castle), NEAR)
    ref_box = mine_ref.footprint
    mine_h = max(ref_box.height, hand.height * NEAR)
    mine = Placed(hand, ref_box.right + GAP, edge + (mine_h - hand.height * NEAR) / 2, NEAR)
    pile = castle.width * PILES
    far_h, side_w, side_h = near.height * SCALE, near.height * SCALE, near.width * SCALE
    piles_y = edge + mine_h + ROW_GAP
    side_y = max(piles_y + pile / 2 - side_h / 2, edge + mine_h + GAP)  # clear of the near seat
    height = max(piles_y + pile + ROW_GAP + far_h, side_y + side_h) + edge
    placed = [
        mine_ref,
        mine,
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
    seat = mine.footprint  # the near seat's letters beside it, clear of the piles
    points = {
        "hand": (seat.right + LETTER / 2 + 1 * MM, seat.cy),
        "reference": (ref_box.right + GAP / 2, ref_box.top - 4 * MM),
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


def _spread(hand: list[Shown], scale: float) -> Shown:
    """A hand laid out face up to be seen: two rows, apart and each card turned a little
    from the next, so no wall runs on from card to card as it would in a castle."""
    first = hand[0]
    w, h = first.width, first.height
    gap = SPREAD_GAP / scale
    top = (len(hand) + 1) // 2
    rows = [hand[:top], hand[top:]]
    reach = max(_turned(w, h, TILT), _turned(h, w, TILT))  # a turned card's footprint
    width = top * reach + (top - 1) * gap
    height = 2 * reach + gap

    def draw(c: Canvas, box: Box) -> None:
        n = 0
        for r, row in enumerate(rows):
            left = box.x + (width - (len(row) * reach + (len(row) - 1) * gap)) / 2
            y = box.y + height - reach / 2 - r * (reach + gap)
            for i, card in enumerate(row):
                c.saveState()
                c.translate(left + reach / 2 + i * (reach + gap), y)
                c.rotate(TILT if n % 2 else -TILT)
                place(c, Placed(card, -w / 2, -h / 2, 1.0))
                c.restoreState()
                n += 1

    return Shown(draw, width, height, edge=False)


def _turned(w: float, h: float, degrees: float) -> float:
    """How wide a ``w`` by ``h`` card lies turned ``degrees``."""
    a = math.radians(abs(degrees))
    return w * math.cos(a) + h * math.sin(a)


def _dealt(pack: Sandcastles, castle) -> list[Shown]:
    """A hand as a deal might give it: cards of different kinds, spread through the deck,
    each with a wall or tower on it (a card of plain sand, face up, reads as a blank)."""
    built = [p for p in castle.pieces if _has_walls(pack.card(dict(p.fields)["card"]))]
    step = max(len(built) // pack.hand_size, 1)
    chosen = built[step // 2 :: step][: pack.hand_size]
    return [Shown(piece.draw, castle.width, castle.height) for piece in chosen]


def _has_walls(card: CardType) -> bool:
    return bool(card.face.routes or card.face.towers)


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
