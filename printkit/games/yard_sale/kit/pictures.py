"""Yard Sale's set-up picture: the sale laid out for four sellers, drawn by the kit's own
renderers scaled down. Captions are the colours' names; the picture's description lists
the components it shows, by their names in ``components.yaml``."""

from __future__ import annotations

from reportlab.lib.colors import HexColor

from printkit.games.yard_sale.kit.cards import (
    cash_cards,
    facts,
    item_cards,
    pitch_cards,
    shopper_cards,
)
from printkit.games.yard_sale.kit.track import tokens, turn_track
from printkit.games.yard_sale.model import YardSale
from printkit.render.theme import Theme
from printkit.render.units import MM
from printkit.rulebook.pictures import PictureSheet
from printkit.rulebook.scenes import Callout, Caption, Placed, SceneBlock, Shown

MEASURE = 165 * MM  # the text width of an A4 page, less a little
LAWN = HexColor("#DCEBCF")  # the sale is on the front lawn
SCALE = 0.155  # pieces on the table: about a sixth of their printed size
SEATS = 4
GAP = 3 * MM
EDGE = 3 * MM  # between the pieces and the sides of the picture


def _face(deck, index: int = 0) -> Shown:
    return Shown(deck.pieces[index].draw, deck.width, deck.height)


def _back(deck) -> Shown:
    return Shown(deck.pieces[0].back, deck.width, deck.height)


def setup_table(pack: YardSale, theme: Theme, sheet: PictureSheet) -> SceneBlock:
    """Shoppers on display with their clocks, the decks and the bank in the middle; each
    seller with items face up, a hand of pitches and seller tokens."""
    items, shoppers, pitches = (
        item_cards(pack, theme),
        shopper_cards(pack, theme),
        pitch_cards(pack, theme),
    )
    cash, track, marks = cash_cards(pack, theme), turn_track(pack, theme), tokens(pack, theme)
    card_w, card_h = items.width * SCALE, items.height * SCALE
    token = marks.width * SCALE * 1.6  # tokens a little larger, so they can be seen
    labels = {p.label: i for i, p in enumerate(marks.pieces)}
    room = 4 * MM  # for a seller's name
    middle_h = max(track.height * SCALE, card_h * 2 + GAP)
    height = 2 * (room + card_h + GAP) + middle_h
    placed: list[Placed] = []
    captions: list[Caption] = []
    points: dict[str, tuple[float, float]] = {}
    seat_w = (MEASURE - GAP - 2 * EDGE) / 2
    for seat in range(SEATS):
        far = seat in (1, 2)
        x = EDGE if seat in (0, 1) else EDGE + seat_w + GAP
        y = height - room - card_h if far else room
        step = card_w + 0.6 * MM
        hand = pack.item_hand
        for n in range(hand):  # the items dealt face up
            placed.append(
                Placed(
                    _face(items, (seat * hand + n) % len(items.pieces)),
                    x + n * step,
                    y,
                    SCALE,
                    180 if far else 0,
                )
            )
        px = x + hand * step + GAP
        for n in range(pack.pitch_hand):  # the pitches, a hidden hand
            placed.append(Placed(_back(pitches), px + n * 1.6 * MM, y, SCALE, 180 if far else 0))
        colour = pack.player_colours[seat]
        seller = marks.pieces[labels[f"seller-{colour.id}"]]
        tx = px + card_w + pack.pitch_hand * 1.6 * MM + 1 * MM
        for n in range(2):
            ty = y + n * (token + 0.5 * MM)
            placed.append(
                Placed(Shown(seller.draw, marks.width, marks.height), tx, ty, token / marks.width)
            )
        if seat == 0:  # the near left seller's pieces carry the callouts
            points["items"] = (x + card_w, y + card_h + 1.5 * MM)
            points["pitches"] = (px + card_w / 2, y + card_h + 1.5 * MM)
            points["sellers"] = (tx + token + 3 * MM, y + token)
        top = y + card_h + room - 0.5 * MM if far else y - 0.5 * MM
        captions.append(Caption(x + hand * step / 2, top, hand * step, colour.name))
    mid_y = room + card_h + GAP
    tw, th = track.width * SCALE, track.height * SCALE
    placed.append(Placed(_face(track), EDGE, mid_y + (middle_h - th) / 2, SCALE))
    round_marker = marks.pieces[labels["round-marker"]]
    placed.append(
        Placed(
            Shown(round_marker.draw, marks.width, marks.height),
            EDGE + 2 * MM,
            mid_y + (middle_h + th) / 2 - token - 2 * MM,
            token / marks.width,
        )
    )
    points["track"] = (EDGE + tw - 3 * MM, mid_y + (middle_h + th) / 2 - 3 * MM)
    clock = marks.pieces[labels["clock"]]
    row = pack.display_shoppers * card_w + (pack.display_shoppers - 1) * 1.5 * MM
    sx = EDGE + tw + GAP + (MEASURE - 2 * EDGE - tw - GAP - row - 2 * (card_w + GAP)) / 2
    sy = mid_y + (middle_h - card_h) / 2
    for n in range(pack.display_shoppers):  # on display, each with its clock marker
        x = sx + n * (card_w + 1.5 * MM)
        placed.append(Placed(_face(shoppers, n), x, sy, SCALE))
        placed.append(
            Placed(
                Shown(clock.draw, marks.width, marks.height),
                x + card_w - token * 0.8,
                sy + card_h - token * 0.6,
                token / marks.width,
            )
        )
    points["shoppers"] = (sx + row / 2, sy - 1.5 * MM)
    dx = sx + row + GAP
    for n, deck in enumerate((items, shoppers, pitches)):  # three face-down decks
        deck_x = dx + (n % 2) * (card_w + 1.5 * MM)
        deck_y = mid_y + middle_h - card_h - (n // 2) * (card_h + GAP)
        for layer in range(3):
            placed.append(
                Placed(_back(deck), deck_x + layer * 0.4 * MM, deck_y + layer * 0.4 * MM, SCALE)
            )
    points["decks"] = (dx - 1.5 * MM, mid_y + middle_h - 2 * MM)
    bank_x, bank_y = dx + card_w + 1.5 * MM, mid_y
    denominations = sorted({p.label: p for p in cash.pieces}.values(), key=lambda p: p.label)
    for n, note in enumerate(denominations):  # the bank: a small pile of each note
        placed.append(
            Placed(
                Shown(note.draw, cash.width, cash.height),
                bank_x,
                bank_y + n * 2.2 * MM,
                SCALE * 0.9,
            )
        )
    points["bank"] = (bank_x + card_w + 2 * MM, bank_y + card_h * 0.9 / 2)
    numbers = facts(pack)
    callouts = [
        Callout(*points[key], text.format(**numbers))
        for key, text in pack.words.each("callout.setup").items()
        if key in points
    ]
    names = [c.name for c in pack.components if c.printable]
    return SceneBlock(placed, MEASURE, height, ", ".join(names), sheet, captions, callouts, LAWN)
