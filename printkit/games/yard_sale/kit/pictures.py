"""Yard Sale's rulebook pictures, drawn by the kit's own renderers scaled down: the sale
laid out for four sellers, and one shopper's row of offered items as a worked example
decided it. Captions are the colours' names and the examples' own results; the set-up
picture's description lists the components it shows, by their names in
``components.yaml``."""

from __future__ import annotations

from reportlab.lib.colors import HexColor, white
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import Flowable, KeepTogether, Table, TableStyle

from printkit.games.yard_sale.kit.cards import (
    cash_cards,
    facts,
    item_cards,
    item_face,
    pitch_cards,
    pitch_face,
    say,
    shopper_cards,
    shopper_face,
)
from printkit.games.yard_sale.kit.track import tokens, turn_track
from printkit.games.yard_sale.model import YardSale
from printkit.render.fonts import BODY, register_fonts
from printkit.render.formats import money, signed
from printkit.render.panels import Disc, numbered_disc
from printkit.render.theme import Theme
from printkit.render.units import MM, Box
from printkit.rulebook.pictures import PictureSheet
from printkit.rulebook.scenes import (
    CAPTION_LEAD,
    Callout,
    Caption,
    Placed,
    SceneBlock,
    Shown,
    caption_lines,
)

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


# -- one shopper buying ----------------------------------------------------------------
ROW_WIDTH = 142 * MM  # inside an example's box: the text width (A4 and Letter) less its pad
SHOPPER_SCALE = 0.6  # the shopper card's name and cash print at 6 pt or more
# An item's scale and the gap between items, the first that fits: its rule (10 pt on the
# card) prints at 6 pt; else its title (11.5 pt) does, the cards overlapping by less than
# their safe margin (nothing printed is covered).
ITEM_FITS = ((0.6, 1.5 * MM), (0.525, 1.5 * MM), (0.525, -1 * MM))
PEEK = 9 * MM  # how far a pitch card tucked under an item shows: its title band
ROW_EDGE = 2 * MM  # between the cards and the sides of the picture
SHOP_GAP = 2 * MM  # between the shopper and the first item
BADGE = 4.2 * MM  # the opinion badge's radius
BOUGHT = HexColor("#3C7A3A")
PASSED = HexColor("#8A8477")


def buying_row(pack: YardSale, theme: Theme, shop: dict, sheet: PictureSheet) -> SceneBlock:
    """One shopper's decision as it lies on the table: the shopper card with the pitches
    played beside it, then the items offered, in the buying order the engine found, each
    with its seller's token, the pitches tucked under it and its opinion in a badge.
    ``shop`` is a worked example's checked view (the rulebook's ``_shop_table``)."""
    register_fonts()  # the captions are measured before anything is drawn
    size = pack.kit.card
    w, h = size.width * MM, size.height * MM
    longest = max(s.time for s in pack.shoppers)
    marks = tokens(pack, theme)
    sellers = {p.label: p for p in marks.pieces}
    rows = shop["rows"]
    piles = [len(shop["pitch_cards"])] + [len(r["pitch_cards"]) for r in rows]
    peek = PEEK * max(piles)
    shop_w, shop_h = w * SHOPPER_SCALE, h * SHOPPER_SCALE
    room = ROW_WIDTH - 2 * ROW_EDGE - shop_w - SHOP_GAP  # for the items and their gaps
    fits = [(s, g) for s, g in ITEM_FITS if len(rows) * (w * s + g) - g <= room]
    scale, step = fits[0] if fits else ITEM_FITS[-1]  # the largest that fits one row
    item_w, item_h = w * scale, h * scale
    per_row = max(1, int((room + step) // (item_w + step)))
    used = shop_w + SHOP_GAP + min(per_row, len(rows)) * (item_w + step) - step
    left = (ROW_WIDTH - used) / 2  # the row centred in the picture
    lines = max(_lines(_item_words(pack, r), item_w - 2 * MM) for r in rows)
    band = peek + max(shop_h, item_h) + 2 * MM + lines * CAPTION_LEAD
    bands = -(-len(rows) // per_row)
    height = 2 * ROW_EDGE + bands * band + (bands - 1) * GAP
    placed: list[Placed] = []
    captions: list[Caption] = []
    top = height - ROW_EDGE - peek
    shopper = pack.shopper(shop["card"])
    face = Shown(shopper_face(pack, shopper, theme, longest), w, h)
    _tuck(pack, theme, placed, shop["pitch_cards"], left, top, (w, h), SHOPPER_SCALE)
    placed.append(Placed(face, left, top - shop_h, SHOPPER_SCALE))
    words = "\n".join(
        (
            say(pack, "picture.buying_shopper", cash=money(shop["cash"])),
            say(pack, "picture.buying_left", left=money(shop["cash_left"])),
        )
    )
    captions.append(Caption(left + shop_w / 2, top - max(shop_h, item_h) - 2 * MM, shop_w, words))
    start = left + shop_w + SHOP_GAP
    for n, row in enumerate(rows):
        band_top = top - (n // per_row) * (band + GAP)
        x = start + (n % per_row) * (item_w + step)
        _tuck(pack, theme, placed, row["pitch_cards"], x, band_top, (w, h), scale)
        y = band_top - item_h
        item = Shown(item_face(pack, pack.item(row["card"]), theme), w, h)
        placed.append(Placed(item, x, y, scale))
        colour = pack.player_colours[(row["seller"] - 1) % len(pack.player_colours)]
        seller = sellers[f"seller-{colour.id}"]
        token = 7 * MM
        placed.append(
            Placed(
                Shown(seller.draw, marks.width, marks.height),
                x + item_w - token - 1.5 * MM,
                y + item_h * 0.42,
                token / marks.width,
            )
        )
        placed.append(
            Placed(
                _badge(row["value"], row["result"] == "bought"),
                x + 1.5 * MM,
                y + item_h * 0.42,
                1.0,
            )
        )
        below = band_top - max(shop_h, item_h) - 2 * MM
        words = _item_words(pack, row)
        captions.append(Caption(x + item_w / 2, below, item_w - 2 * MM, words))
    alt = say(pack, "picture.buying", shopper=shopper.name)
    return BoxedScene(placed, ROW_WIDTH, height, alt, sheet, captions, (), LAWN, caption=True)


class BoxedScene(SceneBlock):
    """A scene inside an example's box: its picture and caption in one cell, for the box
    (a table) can neither hold the page-level group that keeps them together elsewhere
    nor split a cell."""

    def flowables(self, width: float) -> list[Flowable]:
        out: list[Flowable] = []
        for flowable in super().flowables(width):
            out += flowable._content if isinstance(flowable, KeepTogether) else [flowable]
        cell = Table([[out]], colWidths=[width])
        cell.setStyle(TableStyle([("FONTNAME", (0, 0), (-1, -1), BODY), *NO_PADDING]))
        return [cell]


NO_PADDING = [
    (f"{side}PADDING", (0, 0), (-1, -1), 0) for side in ("LEFT", "RIGHT", "TOP", "BOTTOM")
]


def _tuck(
    pack: YardSale,
    theme: Theme,
    placed: list[Placed],
    cards: list[str],
    x: float,
    top: float,
    size: tuple[float, float],
    scale: float,
) -> None:
    """Pitch cards under a card whose top is at ``top``: each shows its title band."""
    w, h = size
    for k, card in enumerate(cards):
        rise = (len(cards) - k) * PEEK
        face = Shown(pitch_face(pack, pack.pitch(card), theme), w, h)
        placed.append(Placed(face, x + k * 1.5 * MM, top + rise - h * scale, scale))


def _item_words(pack: YardSale, row: dict) -> str:
    """The item's result, its price after pitches and its opinion, a line each."""
    return "\n".join((say(pack, f"outcome.{row['result']}"), row["price"], row["opinion"]))


def _lines(text: str, width: float) -> int:
    return len(caption_lines(Caption(0, 0, width, text)))


def _badge(value: int, bought: bool) -> Shown:
    """The item's opinion in a disc: filled green when the shopper bought it."""
    words = signed(value) if value else "0"

    def draw(c: Canvas, box: Box) -> None:
        fill = BOUGHT if bought else PASSED
        disc = Disc(BADGE, fill, white, 1.0, white, 10, 3.5)
        c.saveState()
        numbered_disc(c, box.x + BADGE, box.y + BADGE, words, disc)
        c.restoreState()

    return Shown(draw, 2 * BADGE, 2 * BADGE, edge=False)
