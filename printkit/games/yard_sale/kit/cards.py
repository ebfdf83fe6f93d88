"""Yard Sale's cards: items, shoppers, pitches, cash and the reference card, faces and backs.

Each function returns a `Deck`; every name and number printed comes from the
pack. Text that cannot fit at a legible size fails the build. Backs are a
centred emblem on a flood, so a duplex shift of a few millimetres does no harm.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from reportlab.lib.colors import Color, HexColor, white
from reportlab.pdfgen.canvas import Canvas

from printkit.errors import RenderError
from printkit.games.yard_sale.kit.art import draw_art
from printkit.games.yard_sale.model import Denomination, Item, Pitch, Shopper, YardSale
from printkit.kit import Deck, sized_deck
from printkit.render.cardparts import emblem_back, flood, xywh
from printkit.render.cardparts import panel as card_panel
from printkit.render.fonts import BODY, BOLD, CONDENSED, ITALIC, fit
from printkit.render.formats import signed, signed_money
from printkit.render.impose import Piece
from printkit.render.layout import draw_picture
from printkit.render.pdf import note_space
from printkit.render.text import card_title, kind_label, text_box
from printkit.render.theme import GREY, INK, Theme, hex_colour, mix
from printkit.render.units import MM, SAFE, Box

SAND = HexColor("#EAD9B8")  # shoppers
PITCH = HexColor("#F4C77A")  # sales pitches
CREAM = HexColor("#F5EEDC")  # reference card
CORNER = 2.5 * MM
GAP = 1.5 * MM
DrawFn = Callable[[Canvas, Box], None]
SHOPPER_ROWS = (11, 13, 9, 9, 9, 18.5)  # mm: name, cash, loves, dislikes, buys, time (a clock)
TITLE = 11.5  # a card's name, as printed (down to 8 pt where it is long)
RULE = 10  # an item's rule
PRICE = 15  # an item's price tag
WORDS = 10  # the largest words of a shopper's taste and buying rows
CHANGE = 13  # a shopper's opinion change (+1, −1)
TARGET = 8.5  # a pitch's target
PITCH_TEXT = 9  # a pitch's flavour text


# -- helpers -----------------------------------------------------------------------------
def panel(
    c: Canvas, box: Box, fill: Color = white, stroke: Color = INK, width: float = 0.6
) -> None:
    """The shared panel with Yard Sale's tighter corners."""
    card_panel(c, box, fill, stroke, width, CORNER)


@dataclass(frozen=True)
class Lettering:
    """How a headed panel sets its words: inset, heading size and baseline drop, text size,
    and the room the heading takes from the top of the text."""

    pad: float
    heading: float
    drop: float
    text: float
    room: float


SECTION = Lettering(2 * MM, 8.5, 3 * MM, 8, 4.5 * MM)  # a reference card's sections


def headed_text(
    c: Canvas, box: Box, heading: str, text: str, what: str, lettering: Lettering = SECTION
) -> None:
    """A panel with a bold heading over its text, which flows from the top and must fit."""
    panel(c, box)
    inner = box.inset(lettering.pad)
    c.setFillColor(INK)
    c.setFont(BOLD, lettering.heading)
    c.drawString(inner.x, inner.top - lettering.drop, heading)
    room = Box(inner.x, inner.y, inner.width, inner.height - lettering.room)
    text_box(c, text, room, BODY, lettering.text, what=what, valign="flow")


def _stack(box: Box, heights: tuple[float, ...], gap: float) -> list[Box]:
    """Rows of the given heights (mm) from the top; the spare height goes to the gaps."""
    spare = box.height - sum(heights) * MM
    step = max(gap, spare / max(len(heights) - 1, 1))
    rows, top = [], box.top
    for height in heights:
        rows.append(Box(box.x, top - height * MM, box.width, height * MM))
        top -= height * MM + step
    return rows


# -- faces drawn small, for a picture ---------------------------------------------------------
# A face takes ``least``: the smallest type size, at the card's own size, that a picture
# showing it prints (the picture leaves out smaller words); 0 for the kit itself. A panel
# whose words would all be left out is not drawn (a blank bar reads as a word missing), a
# name is set as large as the picture needs where it fits, and what is left, larger.
def reads(size: float, least: float) -> bool:
    """Whether words set at ``size`` print in a picture that leaves out words under ``least``."""
    return size >= least - 1e-6


def _title_size(text: str, band: Box, least: float) -> tuple[float, float] | None:
    """A name's size and least size in ``band``: the card's in the kit; in a picture at least
    ``least``, one size, or None when the name does not fit so large."""
    if not least:
        return TITLE, 8
    inner = _name_room(band)
    size = max(TITLE, least)
    try:
        fitted = fit(text, BOLD, inner.width, inner.height, size, least)
    except RenderError:
        return None
    return fitted.size, fitted.size


def _name_room(band: Box) -> Box:
    """Where a name enlarged for a picture is set: its bar, but for a narrow margin (the
    kit's own titles keep `card_title`'s wider one)."""
    return band.inset(1 * MM, 0.5 * MM)


def _set_name(c: Canvas, text: str, band: Box, size: tuple[float, float], least: float, what: str):
    """A name in its bar at ``size`` (and least size): as the kit sets titles, or, enlarged
    for a picture, with a narrow margin."""
    if not least:
        card_title(c, text, band, size[0], what=what, min_size=size[1])
        return
    text_box(c, text, _name_room(band), BOLD, size[0], "center", what=what, min_size=size[1])


def _name_bar(c: Canvas, band: Box, text: str, fill: Color, least: float, what: str) -> bool:
    """A card's name in its bar; in a picture too small for it, no bar. Whether drawn."""
    size = _title_size(text, band, least)
    if size is None:
        return False
    panel(c, band, fill)
    _set_name(c, text, band, size, least, what)
    return True


def facts(pack: YardSale) -> dict[str, object]:
    """The numbers every sentence in words.yaml may print, as the kit prints them."""
    return {
        "title": pack.title,
        "display": pack.display_shoppers,
        "items": pack.item_hand,
        "pitches": pack.pitch_hand,
        "bonus": pack.sell_out_bonus,
        "favourite": signed(pack.favourite_opinion),
        "dislike": signed(pack.dislike_opinion),
        "lowest": pack.lowest_price,
        "rounds": pack.rounds,
        "minutes": pack.minutes_per_round,
        "opening": pack.clock(1),
        "closing": pack.closing_time,
        "tokens": pack.component("seller-tokens").count,
    }


def say(pack: YardSale, key: str, **values: object) -> str:
    """The sentence ``key`` from words.yaml, its numbers filled from the pack."""
    return pack.words.say(key, **facts(pack), **values)


BACKS = {  # each deck's back: its word, its emblem's art, its ground
    "items": ("ITEM", "tag", mix(HexColor("#7A8B99"), white, 0.3)),
    "shoppers": ("SHOPPER", "bag", mix(SAND, INK, 0.2)),
    "pitches": ("SALES PITCH", "speech", mix(PITCH, INK, 0.2)),
    "cash": ("CASH", "note", mix(HexColor("#9CC48A"), white, 0.2)),
}


def card_back(pack: YardSale, deck: str, theme: Theme, least: float = 0.0) -> DrawFn:
    """The back of a deck of `BACKS`; for a picture leaving out words under ``least``
    points, without a plate whose word it would leave out."""
    word, art, colour = BACKS[deck]
    return _back(pack, word, art, colour, theme, least=least)


def _back(
    pack: YardSale,
    word: str,
    art: str,
    colour: Color,
    theme: Theme,
    fill: Color = white,
    least: float = 0.0,
) -> DrawFn:
    """A centred emblem that tolerates a few millimetres of duplex misregistration; the
    pack's ``<deck>-back`` art (``item-back.svg``) instead when it has one."""
    designed = pack.art.get(f"{word.lower()}-back")

    def emblem(c: Canvas, trim: Box) -> None:
        r = min(trim.width, trim.height) * 0.27
        cy = trim.cy + r * 0.25
        c.setFillColor(white)
        c.setStrokeColor(INK)
        c.setLineWidth(1)
        c.circle(trim.cx, cy, r, stroke=1, fill=1)
        draw_art(c, art, trim.cx, cy, r * 0.68, fill=theme.pale(fill, 0.2))
        c.setFillColor(INK)
        c.setFont(BOLD, 12 if trim.height > 60 * MM else 10)
        c.drawCentredString(trim.cx, cy - r - 5 * MM, word)
        if trim.height > 60 * MM:
            c.setFont(BODY, 7)
            c.drawCentredString(trim.cx, cy - r - 9.5 * MM, pack.title)

    path = designed.path if designed is not None else None
    return emblem_back(path, word, pack.title, colour, theme, emblem, least)


def _deck(pack: YardSale, deck_id: str, title: str, pieces: tuple[Piece, ...], note: str) -> Deck:
    return sized_deck(deck_id, title, pack.kit.card, pieces, note=note)


def subject_colour(pack: YardSale, subject_id: str) -> Color:
    return hex_colour(pack.subject(subject_id).colour)


def _subject_badge(c: Canvas, pack: YardSale, subject_id: str, x: float, y: float, r: float):
    """The subject's symbol in a circle of its colour: the symbol is the cue."""
    tint = subject_colour(pack, subject_id)
    c.setFillColor(mix(tint, white, 0.25))
    c.setStrokeColor(INK)
    c.setLineWidth(0.6)
    c.circle(x, y, r, stroke=1, fill=1)
    draw_art(c, pack.subject(subject_id).symbol, x, y, r * 0.72, fill=white)


# -- item cards ------------------------------------------------------------------------------
def item_face(
    pack: YardSale, item: Item, theme: Theme, least: float = 0.0, named: bool = True
) -> DrawFn:
    """An item's face; for a picture that leaves out words under ``least`` points, without
    the panels whose words it would leave out (the name too unless ``named``: a row of
    items shows all their names or none), and its art larger in their room."""
    subject = pack.subject(item.subject)
    tint = hex_colour(subject.colour)

    def draw(c: Canvas, trim: Box) -> None:
        flood(c, trim, theme.flood(mix(tint, white, 0.5)))
        safe = trim.inset(SAFE)
        head, rest = safe.split_top(13 * MM)
        _item_head(c, pack, item, head, least)
        rest = Box(rest.x, rest.y, rest.width, rest.height - GAP)
        title, below = rest.split_top(11 * MM)
        what = f"item {item.id!r} name"
        if named and _name_bar(c, title, item.name, theme.pale(tint, 0.8), least, what):
            rest = below
        rule = Box(rest.x, rest.y + 4 * MM, rest.width, 27 * MM if reads(RULE, least) else 0)
        picture = Box(rest.x, rule.top + GAP, rest.width, rest.top - GAP - rule.top - GAP)
        art = pack.art.get(item.id) or pack.art.get(item.subject)
        if art is not None:
            draw_picture(c, picture, art.path)
        else:
            r = min(picture.width, picture.height) / 2 - 1 * MM
            draw_art(c, subject.symbol, picture.cx, picture.cy, r, fill=theme.pale(tint, 0.55))
        if rule.height:
            panel(c, rule)
            text_box(
                c,
                item.text,
                rule.inset(2.5 * MM),
                BODY,
                RULE,
                what=f"item {item.id!r} rule",
                valign="flow",
            )
        kind_label(c, safe, "item", rise=0.8 * MM)

    return draw


def _item_head(c: Canvas, pack: YardSale, item: Item, head: Box, least: float) -> None:
    """The subject's badge and name, and the price tag; in a picture too small for the
    price, the badge alone on the card."""
    badge = (head.x + 6 * MM, head.cy, 4.3 * MM)
    if not reads(PRICE, least):
        _subject_badge(c, pack, item.subject, *badge)
        return
    panel(c, head)
    _subject_badge(c, pack, item.subject, *badge)
    c.setFillColor(INK)
    c.setFont(CONDENSED, 8)
    c.drawString(head.x + 11.5 * MM, head.cy - 1 * MM, pack.subject(item.subject).name.upper())
    _price_tag(c, Box(head.right - 24 * MM, head.y + 1.5 * MM, 23 * MM, head.height - 3 * MM), item)


def _price_tag(c: Canvas, box: Box, item: Item) -> None:
    """The price tag: a tag shape with its hole, the price in bold."""
    notch = box.height / 2
    c.setFillColor(white)
    c.setStrokeColor(INK)
    c.setLineWidth(1)
    p = c.beginPath()
    p.moveTo(box.x, box.cy)
    p.lineTo(box.x + notch, box.top)
    p.lineTo(box.right, box.top)
    p.lineTo(box.right, box.y)
    p.lineTo(box.x + notch, box.y)
    p.close()
    c.drawPath(p, stroke=1, fill=1)
    c.circle(box.x + notch * 0.75, box.cy, 0.9 * MM, stroke=1, fill=0)
    c.setFillColor(INK)
    size = PRICE if item.price < 100 else 12
    c.setFont(BOLD, size)
    c.drawCentredString(
        box.x + notch + (box.width - notch) / 2, box.cy - size * 0.35, f"${item.price}"
    )


def item_cards(pack: YardSale, theme: Theme) -> Deck:
    back = card_back(pack, "items", theme)
    pieces = tuple(
        Piece(
            item.id,
            item_face(pack, item, theme),
            back,
            fields=(
                ("name", item.name),
                ("subject", item.subject),
                ("price", str(item.price)),
                ("text", item.text),
            ),
        )
        for item in pack.items
    )
    return _deck(pack, "item-cards", say(pack, "deck.items"), pieces, say(pack, "deck.items_note"))


# -- shopper cards ----------------------------------------------------------------------------
def shopper_face(
    pack: YardSale,
    shopper: Shopper,
    theme: Theme,
    longest: int,
    least: float = 0.0,
    named: bool = True,
) -> DrawFn:
    """A shopper's face; for a picture that leaves out words under ``least`` points, the
    name only where it prints (else, or unless ``named``, the portrait alone: a row of
    shoppers shows all their names or none), and the rows' numbers and icons without the
    words it would leave out."""

    def draw(c: Canvas, trim: Box) -> None:
        flood(c, trim, theme.flood(SAND))
        safe = trim.inset(SAFE)
        name, cash, loves, dislikes, buys, time = _shopper_rows(trim)
        _shopper_name(c, pack, shopper, name, theme, least, named)
        _cash_row(c, pack, cash, shopper, theme)
        _taste_row(c, pack, loves, shopper.favourite, "Loves", pack.favourite_opinion, least)
        _taste_row(c, pack, dislikes, shopper.dislike, "Dislikes", pack.dislike_opinion, least)
        _buys_row(c, pack, buys, shopper, least)
        _time_row(c, pack, time, shopper, longest, theme)
        kind_label(c, safe, "shopper", rise=0.8 * MM)

    return draw


def _shopper_name(
    c: Canvas,
    pack: YardSale,
    shopper: Shopper,
    row: Box,
    theme: Theme,
    least: float,
    named: bool = True,
) -> None:
    """The portrait and the name in a bar. In a picture where the name would not print
    beside the portrait, the name across the bar alone; where it would not print at all,
    the portrait alone, centred."""
    portrait = pack.art.get(shopper.id) or pack.art.get("shopper")
    side = row.height - 2 * MM
    band = Box(row.x + side, row.y, row.width - 2 * side, row.height) if portrait else row
    size = _title_size(shopper.name, band, least) if named else None
    if size is None and named and portrait is not None and _title_size(shopper.name, row, least):
        portrait, band, size = None, row, _title_size(shopper.name, row, least)
    if size is None:
        if portrait is not None:
            draw_picture(c, Box(row.cx - side / 2, row.y + 1 * MM, side, side), portrait.path)
        return
    panel(c, row, theme.pale(SAND, 0.4) if not theme.ink_saver else white)
    if portrait is not None:
        draw_picture(c, Box(row.x + 1 * MM, row.y + 1 * MM, side, side), portrait.path)
    _set_name(c, shopper.name, band, size, least, f"shopper {shopper.id!r}")


def _cash_row(c: Canvas, pack: YardSale, box: Box, shopper: Shopper, theme: Theme) -> None:
    panel(c, box)
    draw_art(c, "note", box.x + 8 * MM, box.cy, 5.5 * MM, fill=theme.pale(HexColor("#9CC48A"), 0.3))
    c.setFillColor(INK)
    c.setFont(BOLD, 20)
    c.drawCentredString(box.x + box.width * 0.62, box.cy - 1.2 * MM, f"${shopper.cash}")
    c.setFont(BODY, 6.5)
    c.drawCentredString(box.x + box.width * 0.62, box.y + 1.2 * MM, say(pack, "shopper.cash"))


def _taste_row(
    c: Canvas,
    pack: YardSale,
    box: Box,
    subject_id: str,
    verb: str,
    change: int,
    least: float = 0.0,
):
    """The subject's badge, what the shopper thinks of it and the change; in a picture too
    small for the words, the badge and the change alone, the change as large as it needs."""
    panel(c, box)
    if not reads(WORDS, least):
        _subject_badge(c, pack, subject_id, box.cx - 5 * MM, box.cy, 3.8 * MM)
        c.setFillColor(INK)
        size = max(CHANGE, least)
        c.setFont(BOLD, size)
        c.drawString(box.cx + 1 * MM, box.cy - size * 0.35, signed(change))
        return
    _subject_badge(c, pack, subject_id, box.x + 5.5 * MM, box.cy, 3.8 * MM)
    c.setFillColor(INK)
    c.setFont(BODY, 8)
    c.drawString(box.x + 11 * MM, box.cy + 0.6 * MM, verb)
    c.setFont(BOLD, 10)
    c.drawString(box.x + 11 * MM, box.cy - 3.2 * MM, pack.subject(subject_id).name)
    c.setFont(BOLD, CHANGE)
    c.drawRightString(box.right - 3 * MM, box.cy - 1.6 * MM, signed(change))


def _buys_row(c: Canvas, pack: YardSale, box: Box, shopper: Shopper, least: float = 0.0) -> None:
    """How many items the shopper buys at most, in words and bags; in a picture too small
    for the words, the bags alone, centred."""
    panel(c, box)
    step = 6.5 * MM
    right = box.right - 5 * MM
    if reads(WORDS, least):
        c.setFillColor(INK)
        c.setFont(BODY, 8)
        c.drawString(box.x + 3 * MM, box.cy + 0.6 * MM, say(pack, "shopper.buys"))
        c.setFont(BOLD, 10)
        items = "shopper.items_one" if shopper.max_purchases == 1 else "shopper.items"
        count = shopper.max_purchases
        c.drawString(box.x + 3 * MM, box.cy - 3.2 * MM, say(pack, items, count=count))
    else:
        right = box.cx + (shopper.max_purchases - 1) * step / 2
    for n in range(shopper.max_purchases):
        draw_art(c, "bag", right - n * step, box.cy, 2.8 * MM, fill=white)


def _shopper_rows(trim: Box) -> list[Box]:
    """A shopper card's rows: name, cash, loves, dislikes, buys and time."""
    safe = trim.inset(SAFE)
    return _stack(Box(safe.x, safe.y + 4 * MM, safe.width, safe.height - 4 * MM), SHOPPER_ROWS, GAP)


def _sections(time: Box, longest: int) -> list[Box]:
    inner = Box(time.x + 2.5 * MM, time.y + 1.5 * MM, time.width - 5 * MM, time.height - 5.5 * MM)
    return inner.columns(longest, 1.2 * MM)


def time_sections(trim: Box, longest: int) -> list[Box]:
    """The time sections of a shopper card drawn in ``trim``, first to last: where its clock
    marker stands (a card has ``longest`` boxes, its own time of them shaded)."""
    return _sections(_shopper_rows(trim)[-1], longest)


def _time_row(
    c: Canvas, pack: YardSale, box: Box, shopper: Shopper, longest: int, theme: Theme
) -> None:
    """One section per round of shopping time, shaded; the clock marker walks along them."""
    panel(c, box)
    c.setFillColor(INK)
    c.setFont(BODY, 6.5)
    rounds = "shopper.time_one" if shopper.time == 1 else "shopper.time"
    c.drawString(box.x + 2.5 * MM, box.top - 3 * MM, say(pack, rounds, count=shopper.time))
    for n, cell in enumerate(_sections(box, longest)):
        shaded = n < shopper.time
        c.saveState()
        if not shaded:
            c.setDash(1.5, 1.5)
        c.setStrokeColor(INK if shaded else GREY)
        c.setFillColor(theme.solid(HexColor("#B9B2A4")) if shaded else white)
        c.setLineWidth(0.6)
        c.rect(*xywh(cell), stroke=1, fill=1)
        c.restoreState()
        note_space(c, say(pack, "shopper.clock_space", number=n + 1), cell, "clock")
        if shaded:
            c.setFillColor(INK)
            c.setFont(BOLD, 7)
            c.drawCentredString(cell.cx, cell.cy - 1.2 * MM, str(n + 1))


def shopper_cards(pack: YardSale, theme: Theme) -> Deck:
    longest = max(s.time for s in pack.shoppers)
    back = card_back(pack, "shoppers", theme)
    pieces = tuple(
        Piece(
            shopper.id,
            shopper_face(pack, shopper, theme, longest),
            back,
            fields=(
                ("name", shopper.name),
                ("cash", str(shopper.cash)),
                ("favourite", shopper.favourite),
                ("dislike", shopper.dislike),
                ("max_purchases", str(shopper.max_purchases)),
                ("time", str(shopper.time)),
            ),
        )
        for shopper in pack.shoppers
    )
    return _deck(
        pack, "shopper-cards", say(pack, "deck.shoppers"), pieces, say(pack, "deck.shoppers_note")
    )


# -- pitch cards ------------------------------------------------------------------------------
def target_text(pack: YardSale, pitch: Pitch) -> str:
    subject = pack.subject(pitch.subject).name if pitch.subject else ""
    return say(pack, f"target.{pitch.target}", subject=subject)


def pitch_face(pack: YardSale, pitch: Pitch, theme: Theme, least: float = 0.0) -> DrawFn:
    """A pitch's face; for a picture that leaves out words under ``least`` points, without
    the panels whose words it would leave out (its title where it prints, else its band
    bare: a tucked pitch shows only that band)."""

    def draw(c: Canvas, trim: Box) -> None:
        flood(c, trim, theme.flood(PITCH))
        safe = trim.inset(SAFE)
        head, rest = safe.split_top(13 * MM)
        fill = theme.pale(PITCH, 0.55) if not theme.ink_saver else white
        _name_bar(c, head, pitch.title, fill, least, f"pitch {pitch.id!r} title")
        target, rest = Box(rest.x, rest.y, rest.width, rest.height - GAP).split_top(14 * MM)
        _target_band(c, pack, target, pitch, theme, least)
        effects, rest = Box(rest.x, rest.y, rest.width, rest.height - GAP).split_top(24 * MM)
        art = pack.art.get(pitch.id) or pack.art.get("pitch")
        _effects(c, effects, pitch, theme, art.path if art else None)
        text = Box(rest.x, rest.y + 4 * MM, rest.width, rest.height - GAP - 4 * MM)
        if reads(PITCH_TEXT, least):
            panel(c, text)
            text_box(
                c,
                pitch.text,
                text.inset(2.5 * MM),
                ITALIC,
                PITCH_TEXT,
                "center",
                what=f"pitch {pitch.id!r} text",
            )
        kind_label(c, safe, "pitch", rise=0.8 * MM)

    return draw


def _target_band(
    c: Canvas, pack: YardSale, box: Box, pitch: Pitch, theme: Theme, least: float = 0.0
) -> None:
    """What the pitch is played on: an icon and words; in a picture too small for the
    words, the icon alone, centred."""
    panel(c, box)
    worded = reads(TARGET, least)
    icon_x = box.x + 6 * MM if worded else box.cx
    if pitch.subject:
        _subject_badge(c, pack, pitch.subject, icon_x, box.cy, 4 * MM)
    else:
        art = {"own-item": "tag", "rival-item": "tag", "shopper": "bag"}[pitch.target]
        fill = white if pitch.target == "rival-item" else theme.pale(PITCH, 0.3)
        draw_art(c, art, icon_x, box.cy, 4.2 * MM, fill=fill)
        if pitch.target == "rival-item":  # a crossed tag: someone else's item
            c.setStrokeColor(INK)
            c.setLineWidth(1)
            c.line(icon_x - 3 * MM, box.cy - 3 * MM, icon_x + 3 * MM, box.cy + 3 * MM)
    if not worded:
        return
    c.setFillColor(INK)
    c.setFont(CONDENSED, 6.5)
    c.drawString(box.x + 12 * MM, box.top - 3.2 * MM, "PLAY ON")
    text = Box(box.x + 12 * MM, box.y + 1 * MM, box.width - 14 * MM, box.height - 5 * MM)
    text_box(
        c,
        target_text(pack, pitch),
        text,
        BOLD,
        8.5,
        what=f"pitch {pitch.id!r} target",
        valign="flow",
    )


def _effects(c: Canvas, box: Box, pitch: Pitch, theme: Theme, art: Path | None = None) -> None:
    """Opinion and price changes as big badges: the numbers a player reads at a glance;
    the pitch's picture, when the pack has one, in a panel before them."""
    badges = []
    if pitch.opinion:
        badges.append((signed(pitch.opinion), "opinion"))
    if pitch.price:
        badges.append((signed_money(pitch.price), "price"))
    cells = box.columns(len(badges) + (art is not None), GAP)
    if art is not None:
        picture, *cells = cells
        panel(c, picture)
        draw_picture(c, picture.inset(1.5 * MM), art)
    for cell, (value, label) in zip(cells, badges):
        panel(c, cell)
        c.setFillColor(INK)
        c.setFont(BOLD, 22)
        c.drawCentredString(cell.cx, cell.cy - 1 * MM, value)
        c.setFont(BODY, 7.5)
        c.drawCentredString(cell.cx, cell.y + 2.2 * MM, label)


def pitch_cards(pack: YardSale, theme: Theme) -> Deck:
    back = card_back(pack, "pitches", theme)
    pieces = tuple(
        Piece(
            f"{pitch.id}#{copy + 1}",
            pitch_face(pack, pitch, theme),
            back,
            fields=(
                ("title", pitch.title),
                ("target", target_text(pack, pitch)),
                ("opinion", str(pitch.opinion)),
                ("price", str(pitch.price)),
                ("text", pitch.text),
            ),
        )
        for pitch in pack.pitches
        for copy in range(pitch.copies)
    )
    return _deck(
        pack, "pitch-cards", say(pack, "deck.pitches"), pieces, say(pack, "deck.pitches_note")
    )


# -- cash -------------------------------------------------------------------------------------
def cash_face(pack: YardSale, note: Denomination, theme: Theme, least: float = 0.0) -> DrawFn:
    """A note; for a picture leaving out words under ``least`` points, without the oval
    whose value it would leave out, the vignette in the middle."""
    tint = hex_colour(note.colour)
    value = 24 if note.value < 100 else 18

    def draw(c: Canvas, trim: Box) -> None:
        flood(c, trim, theme.flood(tint))
        inner = trim.inset(SAFE)
        c.setStrokeColor(INK)
        c.setLineWidth(0.8)
        c.roundRect(*xywh(inner), CORNER, stroke=1, fill=0)
        c.setLineWidth(0.3)
        c.roundRect(*xywh(inner.inset(1 * MM)), CORNER, stroke=1, fill=0)
        art = pack.art.get(f"cash-{note.value}") or pack.art.get("cash")
        shift = 0.0
        worded = reads(value, least)
        if art is not None:  # the note's vignette on the left, its value to the right
            shift = 8 * MM
            left = inner.x + 3 * MM if worded else inner.cx - 8.5 * MM
            vignette = Box(left, inner.cy - 8.5 * MM, 17 * MM, 17 * MM)
            draw_picture(c, vignette, art.path)
        if not worded:
            return
        oval = Box(inner.cx - 15 * MM + shift, inner.cy - 9 * MM, 30 * MM, 18 * MM)
        c.setFillColor(white)
        c.setLineWidth(0.6)
        c.ellipse(*oval.as_tuple(), stroke=1, fill=1)
        c.setFillColor(INK)
        c.setFont(BOLD, value)
        c.drawCentredString(oval.cx, oval.cy - 3 * MM, f"${note.value}")
        c.setFont(BOLD, 10)
        c.drawString(inner.x + 2.5 * MM, inner.top - 5.5 * MM, str(note.value))
        c.drawRightString(inner.right - 2.5 * MM, inner.y + 2.5 * MM, str(note.value))
        c.setFont(CONDENSED, 6)
        c.drawRightString(inner.right - 2.5 * MM, inner.top - 4.5 * MM, pack.title.upper())
        c.drawString(inner.x + 2.5 * MM, inner.y + 2.5 * MM, "CASH")

    return draw


def cash_cards(pack: YardSale, theme: Theme) -> Deck:
    size = pack.kit.cash
    back = card_back(pack, "cash", theme)
    pieces = tuple(
        Piece(
            f"cash-{note.value}",
            cash_face(pack, note, theme),
            back,
            fields=(("value", str(note.value)),),
        )
        for note in pack.cash
        for _ in range(note.count)
    )
    return sized_deck(
        "cash-cards",
        say(pack, "deck.cash"),
        size,
        pieces,
        note=say(pack, "deck.cash_note"),
        fold=False,
    )


# -- reference cards ----------------------------------------------------------------------------
def reference_texts(pack: YardSale) -> dict[str, list[tuple[str, str]]]:
    """The reference card's headings and paragraphs, every number from the pack."""
    then = f", {say(pack, 'tie.then')} "
    ties = then.join(say(pack, f"tie.{t}") for t in pack.tie_breaks)
    sections = {"front": ("turn", "end"), "back": ("opinion", "buying", "ties")}
    return {
        side: [
            (say(pack, f"reference.{key}_heading"), say(pack, f"reference.{key}", ties=ties))
            for key in keys
        ]
        for side, keys in sections.items()
    }


def _reference_side(pack: YardSale, side: str, theme: Theme) -> DrawFn:
    sections = reference_texts(pack)[side]

    def draw(c: Canvas, trim: Box) -> None:
        flood(c, trim, theme.flood(CREAM))
        safe = trim.inset(SAFE)
        head, rest = safe.split_top(9 * MM)
        c.setFillColor(INK)
        c.setFont(BOLD, 10)
        title = say(pack, f"reference.{side}")
        c.drawCentredString(head.cx, head.cy - 1.5 * MM, title)
        body = Box(rest.x, rest.y + 4 * MM, rest.width, rest.height - 4 * MM)
        for box, (heading, text) in zip(_shares(body, sections), sections):
            headed_text(c, box, heading, text, what=f"reference card ({side}) {heading!r}")
        kind_label(c, safe, "reference", rise=0.8 * MM)

    return draw


def _shares(body: Box, sections: list[tuple[str, str]]) -> list[Box]:
    """The card's panels from top to bottom, each as tall as its share of the words (plus a
    heading's worth), so a longer text keeps a larger size than equal rows would leave it."""
    weights = [len(text) + HEADING_CHARS for _, text in sections]
    room = body.height - GAP * (len(sections) - 1)
    boxes, top = [], body.top
    for weight in weights:
        height = room * weight / sum(weights)
        boxes.append(Box(body.x, top - height, body.width, height))
        top -= height + GAP
    return boxes


HEADING_CHARS = 60  # a panel's heading and padding, counted as this many characters of text


def reference_cards(pack: YardSale, theme: Theme) -> Deck:
    count = pack.component("reference-cards").count
    front, back = _reference_side(pack, "front", theme), _reference_side(pack, "back", theme)
    texts = reference_texts(pack)
    fields = tuple((h, t) for side in ("front", "back") for h, t in texts[side])
    pieces = tuple(Piece(f"reference#{n + 1}", front, back, fields=fields) for n in range(count))
    return _deck(
        pack,
        "reference-cards",
        say(pack, "deck.reference"),
        pieces,
        say(pack, "deck.reference_note"),
    )
