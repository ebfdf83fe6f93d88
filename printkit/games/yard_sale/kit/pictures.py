"""Yard Sale's rulebook pictures, drawn by the kit's own renderers scaled down: the middle
of the sale and one seller's place set up, and one shopper's row of offered items as a
worked example decided it. Captions are the colours' names and the examples' own results; the set-up
picture's description lists the components it shows, by their names in
``components.yaml``."""

from __future__ import annotations

from reportlab.lib.colors import HexColor, white
from reportlab.pdfgen.canvas import Canvas

from printkit.games.yard_sale.kit.cards import (
    card_back,
    cash_cards,
    cash_face,
    facts,
    item_cards,
    item_face,
    pitch_cards,
    pitch_face,
    say,
    shopper_cards,
    shopper_face,
    time_sections,
)
from printkit.games.yard_sale.kit.track import tokens, track_face, turn_track
from printkit.games.yard_sale.model import YardSale
from printkit.render.fonts import register_fonts
from printkit.render.formats import money, signed
from printkit.render.panels import Disc, numbered_disc
from printkit.render.theme import Theme
from printkit.render.units import MM, Box
from printkit.rulebook.pictures import PictureSheet
from printkit.rulebook.scenes import (
    CAPTION_LEAD,
    LEAST_TEXT,
    BoxedScene,
    Callout,
    Caption,
    Placed,
    SceneBlock,
    Shown,
    caption_lines,
)

MEASURE = 150 * MM  # the rulebook's text width (A4 and Letter): drawn at its printed size
LAWN = HexColor("#DCEBCF")  # the sale is on the front lawn
TRACK_SCALE = 0.375  # the turn track's round numbers (16 pt) print at 6 pt
CARD_SCALE = 0.3  # shoppers' cash (20 pt) prints at 6 pt
ITEMS_SCALE = 0.27  # a seller's items show their art (their words need twice the size)
DECK_SCALE = 0.2  # face-down decks and the bank: only shapes and colours to see
GAP = 2 * MM
EDGE = 1.5 * MM  # between the pieces and the sides of the picture
TOKEN = 6 * MM  # a token on the table (12 mm printed), half size so it sits on a card


def _face(deck, index: int = 0) -> Shown:
    return Shown(deck.pieces[index].draw, deck.width, deck.height)


def _token(marks, label: str) -> Shown:
    piece = next(p for p in marks.pieces if p.label == label)
    return Shown(piece.draw, marks.width, marks.height)


def setup_table(pack: YardSale, theme: Theme, sheet: PictureSheet) -> SceneBlock:
    """The middle of the table (turn track, decks, bank, shoppers on display with their
    clocks) and one seller's place in front of them (items face up, a hidden hand of
    pitches, seller tokens), large enough to read: every seller lays out the same."""
    items, shoppers, pitches = (
        item_cards(pack, theme),
        shopper_cards(pack, theme),
        pitch_cards(pack, theme),
    )
    pieces = (cash_cards(pack, theme), turn_track(pack, theme), tokens(pack, theme))
    card_h, items_h = shoppers.height * CARD_SCALE, items.height * ITEMS_SCALE
    track_h = pieces[1].height * TRACK_SCALE
    height = 2 * EDGE + track_h + card_h + items_h + 2 * GAP
    placed: list[Placed] = []
    points: dict[str, tuple[float, float]] = {}
    captions: list[Caption] = []
    middle = height - EDGE - track_h
    _middle((pack, theme), (items, shoppers, pitches), pieces, middle, (placed, points, captions))
    _shopper_row(pack, theme, shoppers, pieces[2], EDGE + items_h + GAP, placed, points)
    colour = pack.player_colours[0]
    seller = (pack, theme, items, pitches, pieces[2], colour.id)
    name_x = _seller(seller, EDGE, placed, points)
    captions.append(Caption(name_x, EDGE + items_h / 2 + 3, 16 * MM, colour.name))
    numbers = facts(pack)
    callouts = [
        Callout(*points[key], text.format(**numbers))
        for key, text in pack.words.each("callout.setup").items()
        if key in points
    ]
    alt = say(pack, "picture.setup")
    return SceneBlock(placed, MEASURE, height, alt, sheet, captions, callouts, LAWN, caption=True)


def _middle(game: tuple[YardSale, Theme], decks, pieces, y: float, out: tuple) -> None:
    """The turn track with the round marker on round 1; the three decks face down; the
    bank, a pile of each note: backs and notes drawn for the picture's scale (no plate or
    oval whose words would not print; the values are captioned beside the notes)."""
    pack, theme = game
    placed, points, captions = out
    cash, track, marks = pieces
    tw, th = track.width * TRACK_SCALE, track.height * TRACK_SCALE
    face = Shown(track_face(pack, theme, LEAST_TEXT / TRACK_SCALE), track.width, track.height)
    placed.append(Placed(face, EDGE, y, TRACK_SCALE))
    marker = 9 * MM  # on the first round's box, as step 1 says
    placed.append(
        Placed(
            _token(marks, "round-marker"),
            EDGE + 2 * MM,
            y + th - marker - 4 * MM,
            marker / marks.width,
        )
    )
    points["track"] = (EDGE + tw + 1 * MM, y + th - 3 * MM)
    deck_w, deck_h = decks[0].width * DECK_SCALE, decks[0].height * DECK_SCALE
    x, apart = EDGE + tw + 2 * GAP, 2 * MM
    least = LEAST_TEXT / DECK_SCALE
    for n, (deck, key) in enumerate(zip(decks, ("items", "shoppers", "pitches"))):
        back = Shown(card_back(pack, key, theme, least), deck.width, deck.height)
        for layer in range(3):
            step = layer * 0.5 * MM
            placed.append(Placed(back, x + n * (deck_w + apart) + step, y + step, DECK_SCALE))
    points["decks"] = (x + 1.5 * deck_w + apart, y + deck_h + 4 * MM)
    bank_x = x + 3 * (deck_w + apart) + GAP
    notes = sorted(pack.cash, key=lambda note: note.value)
    note_w, note_h = cash.width * DECK_SCALE, cash.height * DECK_SCALE
    rise = (th - note_h) / max(len(notes) - 1, 1)
    for n, note in enumerate(notes):  # the bank: a pile of each note, its value beside it
        at = y + n * rise
        face = Shown(cash_face(pack, note, theme, least), cash.width, cash.height)
        placed += [
            Placed(face, bank_x + k * 0.5 * MM, at + k * 0.5 * MM, DECK_SCALE) for k in range(2)
        ]
        value = money(note.value)
        captions.append(Caption(bank_x + note_w + 5 * MM, at + note_h / 2 + 3, 8 * MM, value))
    points["bank"] = (bank_x - 4.5 * MM, y + th - 5 * MM)


def _shopper_row(
    pack: YardSale, theme: Theme, shoppers, marks, y: float, placed: list, points: dict
) -> None:
    """The shoppers on display in a row, each with a clock on its first time section: drawn
    for the picture's scale (their cash and icons; no names, which would print as specks)."""
    w, h = shoppers.width * CARD_SCALE, shoppers.height * CARD_SCALE
    count = pack.display_shoppers
    row = count * w + (count - 1) * GAP
    x0 = (MEASURE - row) / 2
    clock = _token(marks, "clock")
    longest = max(s.time for s in pack.shoppers)
    for n in range(count):
        x = x0 + n * (w + GAP)
        shopper = pack.shoppers[n]
        face = shopper_face(pack, shopper, theme, longest, LEAST_TEXT / CARD_SCALE, named=False)
        placed.append(Placed(Shown(face, shoppers.width, shoppers.height), x, y, CARD_SCALE))
        section = x + w * 0.2  # the first shaded section of the time bar, near the foot
        placed.append(Placed(clock, section, y + 1.4 * MM, TOKEN * 0.9 / marks.width))
    points["shoppers"] = (x0 - 4 * MM, y + h / 2)


def _seller(seller: tuple, y: float, placed, points) -> float:
    """One seller's place: their items face up (drawn for the picture's scale: their art,
    no words), their pitches fanned face down, their seller tokens in a pile; returns
    where their name goes, beside the pile."""
    pack, theme, items, pitches, marks, colour = seller
    w, h = items.width * ITEMS_SCALE, items.height * ITEMS_SCALE
    hand = pack.item_hand
    fan, apart, token = 2.5 * MM, 0.6 * MM, 7 * MM
    width = hand * (w + apart) - apart + 2 * MM + w + (pack.pitch_hand - 1) * fan + 2 * MM + token
    x = (MEASURE - width) / 2 - 6 * MM  # room for the name on the right
    step = max(len(items.pieces) // hand, 1)  # every n-th card: a mixed hand, as a deal gives
    for n in range(hand):
        item = pack.items[(step // 2 + n * step) % len(items.pieces)]
        face = item_face(pack, item, theme, LEAST_TEXT / ITEMS_SCALE, named=False)
        placed.append(
            Placed(Shown(face, items.width, items.height), x + n * (w + apart), y, ITEMS_SCALE)
        )
    points["items"] = (x - 3.2 * MM, y + h / 2)
    px = x + hand * (w + apart) - apart + 2 * MM
    back = card_back(pack, "pitches", theme, LEAST_TEXT / ITEMS_SCALE)
    hidden = Shown(back, pitches.width, pitches.height)
    for n in range(pack.pitch_hand):
        placed.append(Placed(hidden, px + n * fan, y, ITEMS_SCALE))
    points["pitches"] = (px + w / 2 + 2 * fan, y + h - 4 * MM)  # on the backs
    tx = px + w + (pack.pitch_hand - 1) * fan + 2 * MM
    seller = _token(marks, f"seller-{colour}")
    for n in range(3):  # a short pile
        placed.append(Placed(seller, tx + n * 0.5 * MM, y + n * 0.8 * MM, token / marks.width))
    points["sellers"] = (tx + token / 2, y + token + 6 * MM)
    return tx + token + 10 * MM


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
    words = "\n".join(
        (
            say(pack, "picture.buying_shopper", cash=money(shop["cash"])),
            say(pack, "picture.buying_left", left=money(shop["cash_left"])),
        )
    )
    lines = max(
        _lines(words, shop_w), *(_lines(_item_words(pack, r), item_w - 2 * MM) for r in rows)
    )
    band = peek + max(shop_h, item_h) + 2 * MM + lines * CAPTION_LEAD
    bands = -(-len(rows) // per_row)
    height = 2 * ROW_EDGE + bands * band + (bands - 1) * GAP
    placed: list[Placed] = []
    captions: list[Caption] = []
    top = height - ROW_EDGE - peek
    shopper = pack.shopper(shop["card"])
    face = Shown(shopper_face(pack, shopper, theme, longest, LEAST_TEXT / SHOPPER_SCALE), w, h)
    _tuck(pack, theme, placed, shop["pitch_cards"], left, top, (w, h), SHOPPER_SCALE)
    placed.append(Placed(face, left, top - shop_h, SHOPPER_SCALE))
    captions.append(Caption(left + shop_w / 2, top - max(shop_h, item_h) - 2 * MM, shop_w, words))
    start = left + shop_w + SHOP_GAP
    for n, row in enumerate(rows):
        band_top = top - (n // per_row) * (band + GAP)
        x = start + (n % per_row) * (item_w + step)
        _tuck(pack, theme, placed, row["pitch_cards"], x, band_top, (w, h), scale)
        placed += _offered(pack, theme, marks, row, (x, band_top - item_h), scale)
        below = band_top - max(shop_h, item_h) - 2 * MM
        words = _item_words(pack, row)
        captions.append(Caption(x + item_w / 2, below, item_w - 2 * MM, words))
    alt = say(pack, "picture.buying", shopper=shopper.name)
    return BoxedScene(placed, ROW_WIDTH, height, alt, sheet, captions, (), LAWN, caption=True)


def _offered(
    pack: YardSale, theme: Theme, marks, row: dict, at: tuple[float, float], scale: float
) -> list[Placed]:
    """An offered item at ``at``: its card, its seller's token on it, its opinion badge."""
    x, y = at
    w, h = pack.kit.card.width * MM * scale, pack.kit.card.height * MM * scale
    least = LEAST_TEXT / scale
    item = Shown(item_face(pack, pack.item(row["card"]), theme, least), w / scale, h / scale)
    colour = pack.player_colours[(row["seller"] - 1) % len(pack.player_colours)]
    token = 7 * MM
    seller = Placed(
        _token(marks, f"seller-{colour.id}"),
        x + w - token - 1.5 * MM,
        y + h * 0.42,
        token / marks.width,
    )
    badge = _badge(row["value"], row["result"] == "bought")
    return [Placed(item, x, y, scale), seller, Placed(badge, x + 1.5 * MM, y + h * 0.42)]


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
        face = Shown(pitch_face(pack, pack.pitch(card), theme, LEAST_TEXT / scale), w, h)
        placed.append(Placed(face, x + k * 1.5 * MM, top + rise - h * scale, scale))


def _item_words(pack: YardSale, row: dict) -> str:
    """Under an offered item: whether it sold and at what price (the table below the
    picture gives the sums; the badge gives the opinion)."""
    outcome = say(pack, f"outcome.{row['result']}")
    return say(pack, "picture.item_result", outcome=outcome, price=money(row["paid"]))


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


# -- the table after a whole round's last turn ---------------------------------------------
ROUND_SCALE = 0.4  # every card of the round at one size: four stalls fit in three bands
ROUND_STEP = 1.5 * MM  # between the items offered to one shopper
STALL_GAP = 4.5 * MM  # between two stalls sharing a band


def round_table(pack: YardSale, theme: Theme, view: dict, sheet: PictureSheet) -> SceneBlock:
    """The table once a round's last turn is played: every shopper who was offered something,
    with the pitches played on them tucked under the card and the items offered under them
    in the buying order the engine found, each with its seller's token, the pitches tucked
    under it and its opinion in a badge; then the pitches played on the table. ``view`` is a
    whole-round example's checked view (the rulebook's ``_whole_round``)."""
    register_fonts()  # the captions are measured before anything is drawn
    size = pack.kit.card
    w, h = size.width * MM * ROUND_SCALE, size.height * MM * ROUND_SCALE
    marks = tokens(pack, theme)
    table = [{"table": card, "rows": []} for card in view["table_pitch_cards"]]
    bands = _bands([*view["stalls"], *table], w, ROW_WIDTH - 2 * ROW_EDGE)
    heights = [_band_height(pack, band, w, h) for band in bands]
    height = 2 * ROW_EDGE + sum(heights) + (len(bands) - 1) * GAP
    placed: list[Placed] = []
    captions: list[Caption] = []
    top = height - ROW_EDGE
    for band, band_h in zip(bands, heights):
        used = sum(_stall_width(s, w) for s in band) + (len(band) - 1) * STALL_GAP
        x = (ROW_WIDTH - used) / 2
        at = top - _tucked(band)
        for stall in band:
            if "table" in stall:
                _on_table(pack, theme, stall["table"], (x, at), (w, h), placed, captions)
            else:
                _stall(pack, theme, marks, stall, (x, at), (w, h), placed, captions)
            x += _stall_width(stall, w) + STALL_GAP
        top -= band_h + GAP
    alt = say(pack, "picture.round", turns=len(view["turn_rows"]))
    return BoxedScene(placed, ROW_WIDTH, height, alt, sheet, captions, (), LAWN, caption=True)


def _stall_width(stall: dict, w: float) -> float:
    rows = len(stall["rows"])
    return w + (SHOP_GAP + rows * (w + ROUND_STEP) - ROUND_STEP if rows else 0)


def _tucked(band: list[dict]) -> float:
    """How far the band's tucked pitches rise above its cards: each shows its title band."""
    piles = [s.get("own_pitch_cards", []) for s in band]
    piles += [row["pitch_cards"] for s in band for row in s["rows"]]
    return PEEK * max(len(pile) for pile in piles)


def _bands(stalls: list[dict], w: float, room: float) -> list[list[dict]]:
    """The stalls in display order, as many to a band as fit across the picture."""
    bands: list[list[dict]] = [[]]
    used = 0.0
    for stall in stalls:
        need = _stall_width(stall, w) + (STALL_GAP if bands[-1] else 0)
        if bands[-1] and used + need > room:
            bands.append([])
            used, need = 0.0, _stall_width(stall, w)
        bands[-1].append(stall)
        used += need
    return bands


def _band_height(pack: YardSale, band: list[dict], w: float, h: float) -> float:
    words = [_round_words(pack, s) for s in band]
    words += [_round_item(pack, r) for s in band for r in s["rows"]]
    return _tucked(band) + h + 2 * MM + max(_lines(t, w) for t in words) * CAPTION_LEAD


def _round_words(pack: YardSale, stall: dict) -> str:
    """Under a shopper: their name and the cash left; under a pitch on the table: its title."""
    if "table" in stall:
        return "\n".join((pack.pitch(stall["table"]).title, say(pack, "picture.round_table")))
    left = say(pack, "picture.round_left", left=money(stall["cash_left"]))
    return "\n".join((stall["shopper"], left))


def _round_item(pack: YardSale, row: dict) -> str:
    """Under an item offered in a whole round: its name, then whether it sold and at what
    price."""
    return "\n".join((row["item"], _item_words(pack, row)))


def _stall(pack, theme, marks, stall: dict, at, size, placed: list, captions: list) -> None:
    """One shopper and the items offered to them, the cards' tops at ``at``'s height."""
    x, top = at
    w, h = size
    card = (w / ROUND_SCALE, h / ROUND_SCALE)
    longest = max(s.time for s in pack.shoppers)
    least = LEAST_TEXT / ROUND_SCALE
    shopper = pack.shopper(stall["card"])
    face = Shown(shopper_face(pack, shopper, theme, longest, least), *card)
    _tuck(pack, theme, placed, stall["own_pitch_cards"], x, top, card, ROUND_SCALE)
    placed.append(Placed(face, x, top - h, ROUND_SCALE))
    placed.append(_clock(marks, shopper.time - stall["rounds_left"], (x, top - h), card, longest))
    below = top - h - 2 * MM
    captions.append(Caption(x + w / 2, below, w, _round_words(pack, stall)))
    x += w + SHOP_GAP
    for row in stall["rows"]:
        _tuck(pack, theme, placed, row["pitch_cards"], x, top, card, ROUND_SCALE)
        placed += _offered(pack, theme, marks, row, (x, top - h), ROUND_SCALE)
        captions.append(Caption(x + w / 2, below, w, _round_item(pack, row)))
        x += w + ROUND_STEP


def _clock(marks, section: int, at: tuple[float, float], card, longest: int) -> Placed:
    """A shopper's clock marker on the time section it stands on this round (0 for the
    first): one on its last shaded section goes home when the clocks move."""
    cell = time_sections(Box(0, 0, *card), longest)[section]
    size = min(cell.width, cell.height) * 1.15 * ROUND_SCALE
    x, y = at[0] + cell.cx * ROUND_SCALE, at[1] + cell.cy * ROUND_SCALE
    return Placed(_token(marks, "clock"), x - size / 2, y - size / 2, size / marks.width)


def _on_table(pack, theme, card: str, at, size, placed: list, captions: list) -> None:
    """A pitch played on the table, face up: it touches every item of its subject."""
    x, top = at
    w, h = size
    least = LEAST_TEXT / ROUND_SCALE
    face = Shown(pitch_face(pack, pack.pitch(card), theme, least), w / ROUND_SCALE, h / ROUND_SCALE)
    placed.append(Placed(face, x, top - h, ROUND_SCALE))
    words = _round_words(pack, {"table": card, "rows": []})
    captions.append(Caption(x + w / 2, top - h - 2 * MM, w, words))
