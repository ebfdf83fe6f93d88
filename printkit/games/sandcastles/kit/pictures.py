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
from printkit.rulebook.scenes import Callout, Placed, SceneBlock, Shown, place, round_the_table

MEASURE = 150 * MM
SAND = HexColor("#F3E7C9")  # the table top
SCALE = 0.2  # pieces on the table: a fifth of their printed size
SEATS = 4  # near, left, far and right of the piles
FAN = 0.3  # each card of a hand steps this share of a card along


def setup_table(pack: Sandcastles, theme: Theme, sheet: PictureSheet) -> SceneBlock:
    """Four players round the piles: each with a dealt hand and a reference card."""
    castle, reference = castle_cards(pack, theme), reference_cards(pack, theme)
    back = Shown(castle.pieces[0].back, castle.width, castle.height)
    card_side = castle.width * SCALE
    seat = _seat(pack, back, Shown(reference.pieces[0].draw, reference.width, reference.height))
    placed, height = round_the_table([seat] * SEATS, MEASURE, SCALE, 8 * MM)
    centre_x, centre_y = MEASURE / 2, height / 2
    gap = 3 * MM
    row = pack.piles * card_side + (pack.piles - 1) * gap
    piles_x, piles_y = centre_x - row / 2, centre_y - card_side / 2
    for n in range(pack.piles):
        for layer in range(3):  # a few backs stepped: a pile, not a card
            step = layer * 0.5 * MM
            placed.append(
                Placed(back, piles_x + n * (card_side + gap) + step, piles_y + step, SCALE)
            )
    near = placed[0].footprint
    ref_w = reference.width * SCALE
    points = {
        "hand": (near.x + ref_w + 4 * MM + card_side, near.top + 2 * MM),
        "reference": (near.x + ref_w / 2, near.top + 2 * MM),
        "piles": (piles_x + row + 3 * MM, piles_y + card_side + 2 * MM),
    }
    values = {"hand_size": pack.hand_size, "piles": pack.piles}
    callouts = [
        Callout(*points[key], text.format(**values))
        for key, text in pack.words.each("callout.setup").items()
        if key in points
    ]
    alt = pack.words.say("picture.setup", players=SEATS)
    return SceneBlock(placed, MEASURE, height, alt, sheet, (), callouts, SAND, caption=True)


def _seat(pack: Sandcastles, back: Shown, reference: Shown) -> Shown:
    """One player's place: the reference card, then the dealt hand fanned face down."""
    gap = 4 * MM / SCALE
    fan = back.width * FAN
    width = reference.width + gap + back.width + fan * (pack.hand_size - 1)
    height = max(reference.height, back.height)

    def draw(c: Canvas, box: Box) -> None:
        place(c, Placed(reference, box.x, box.y, 1.0))
        for n in range(pack.hand_size):
            x = box.x + reference.width + gap + n * fan
            place(c, Placed(back, x, box.y + (height - back.height) / 2, 1.0))

    return Shown(draw, width, height, edge=False)
