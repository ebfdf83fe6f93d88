"""Lemonade Stand's card faces and backs, drawn in one language.

Each function returns a draw function for `printkit.render.impose.Piece`.
Every name and number printed comes from the pack; text that cannot fit at a
legible size fails the build rather than shrink or clip. Meaning never rests
on colour alone: every colour comes with a symbol.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

from reportlab.lib.colors import Color, white
from reportlab.pdfgen.canvas import Canvas

from printkit.games.lemonade_stand.model import (
    CUPS,
    CUSTOMERS,
    UP,
    Coin,
    DollarCard,
    LemonadeStand,
    PlayerColour,
    Stand,
    WeatherCard,
    WeatherKind,
)
from printkit.render.cardparts import emblem_back, flood, panel
from printkit.render.fonts import BODY, BOLD, CONDENSED, MIN_CARD_TEXT, width
from printkit.render.formats import cents as money
from printkit.render.formats import signed
from printkit.render.inline import draw_icon_text, fit_icon_text
from printkit.render.layout import draw_picture, icon_words
from printkit.render.panels import Disc, numbered_disc
from printkit.render.symbols import SYMBOLS, draw_shape, draw_symbol
from printkit.render.text import (
    Marks,
    RichStyle,
    card_title,
    kind_label,
    lead_in,
    marked_list,
    text_box,
)
from printkit.render.theme import GREY, INK, LEAF, LEMON, SKY, Theme, hex_colour, mix
from printkit.render.units import MM, SAFE, Box

Draw = Callable[[Canvas, Box], None]
Inside = Callable[[Canvas, float, float, float], None]  # draws in an emblem's (x, y, radius)
COIN_COLOUR = mix(GREY, white, 0.45)
DOLLAR_COLOUR = LEAF
WEATHER_COLOUR = SKY
REFERENCE_COLOUR = LEMON
LIST = RichStyle(size=10.0, step=0.25)  # a reference card's steps and bullets
NUMBERS = Marks(diameter=4.4 * MM, indent=6 * MM, number_size=7.5, gap=2 * MM)
BULLETS = Marks(diameter=1.6 * MM, indent=3.5 * MM, gap=1.6 * MM)


SET = ""  # no further typography: every text arrives set for its language by Text(lang)


# -- drawing helpers -------------------------------------------------------------------
def _person(c: Canvas, x: float, y: float, r: float) -> None:
    c.circle(x, y + r * 0.45, r * 0.32, stroke=1, fill=1)
    p = c.beginPath()
    p.moveTo(x - r * 0.6, y - r * 0.85)
    p.curveTo(x - r * 0.6, y + r * 0.1, x + r * 0.6, y + r * 0.1, x + r * 0.6, y - r * 0.85)
    p.close()
    c.drawPath(p, stroke=1, fill=1)


DOLLAR_PICTURE = 15 * MM  # one height for every dollar card's picture, so the twelve look even
LOCAL_SYMBOLS = {"person": _person}  # the shared set has the triangle and the diamond
CENTS = re.compile(r"(\d+)¢")


def art_file(pack: LemonadeStand, name: str) -> Path | None:
    art = pack.art.get(name)
    return art.path if art else None


def picture_or_symbol(
    c: Canvas, pack: LemonadeStand, name: str, fallback: str, x: float, y: float, r: float, fill
) -> None:
    """The pack's picture ``name`` in a circle of radius ``r``, else the drawn symbol."""
    path = art_file(pack, name)
    if path is None:
        symbol(c, fallback, x, y, r, fill=fill)
        return
    draw_picture(c, Box(x - r, y - r, 2 * r, 2 * r), path)


def with_icons(pack: LemonadeStand, text: str, lang: str) -> str:
    """Card text with the icon of each coin, cup and customer it names, and a coin before
    each sum in cents."""
    words = {
        form.lower(): thing.id
        for thing in (*pack.ends, *pack.coins)
        if pack.art.get(thing.id) is not None
        for form in thing.forms(lang).split("|")
    }
    text = icon_words(text, words)
    return CENTS.sub(r":coin:\1¢", text) if pack.art.get("coin") else text


def symbol(c: Canvas, name: str, x: float, y: float, r: float, fill: Color = white) -> None:
    """A shared symbol, or the shape this game adds (a person)."""
    if name in SYMBOLS:
        draw_symbol(c, name, x, y, r, fill=fill)
        return
    draw_shape(c, LOCAL_SYMBOLS[name], x, y, r, fill, INK, round_caps=False)


def _title_band(c: Canvas, band: Box, fill: Color, title: str, size: float, what: str) -> None:
    """A card's title, bold and centred on a tinted panel, down to 7 pt at worst."""
    panel(c, band, fill)
    card_title(c, title, band, size, what=what, min_size=7, language=SET)


def _back_emblem(c: Canvas, trim: Box, word: str, title: str, draw_inside: Inside) -> None:
    """A centred emblem that tolerates a few millimetres of duplex misregistration."""
    r = min(trim.width, trim.height) * 0.27
    cy = trim.cy + 5 * MM
    c.setFillColor(white)
    c.setStrokeColor(INK)
    c.setLineWidth(1)
    c.circle(trim.cx, cy, r, stroke=1, fill=1)
    draw_inside(c, trim.cx, cy, r)
    c.setFillColor(INK)

    def under(text: str, drop: float, height: float, font: str, size: float, what: str) -> None:
        """A centred line ``drop`` below the emblem, across the card less 4 mm a side."""
        box = Box(trim.x + 4 * MM, cy - r - drop, trim.width - 8 * MM, height)
        text_box(c, text, box, font, size, "center", what=what, language=SET)

    under(word, 11 * MM, 8 * MM, BOLD, 13, what="card back")
    under(title, 17 * MM, 5 * MM, BODY, 7.5, what="card back title")


# -- stand cards -----------------------------------------------------------------------
def stand_face(
    pack: LemonadeStand, stand: Stand, colour: PlayerColour, lang: str, theme: Theme
) -> Draw:
    tint = hex_colour(colour.colour)

    def draw(c: Canvas, trim: Box) -> None:
        flood(c, trim, theme.flood(tint))
        safe = trim.inset(SAFE)
        head, rest = safe.split_top(13 * MM)
        fill, title = theme.pale(tint, 0.55), stand.name(lang)
        _title_band(c, head, fill, title, 12, what=f"stand {stand.id!r} name ({lang})")
        foot, body = (
            Box(rest.x, rest.y, rest.width, 9 * MM),
            Box(rest.x, rest.y + 10 * MM, rest.width, rest.height - 12 * MM),
        )
        price_box, customers_box = body.rows(2, gap=2 * MM)
        art = art_file(pack, stand.id)
        if art is None:
            _stand_value(c, price_box, pack.label("price")(lang), money(stand.price), "")
        else:  # the spot's picture on the left, its price on the right
            panel(c, price_box)
            picture, value = price_box.inset(1.5 * MM).columns(2, gap=1 * MM)
            draw_picture(c, picture, art)
            _value_text(c, value, pack.label("price")(lang), money(stand.price))
        _stand_value(
            c,
            customers_box,
            pack.label("customers")(lang),
            signed(stand.customers),
            "person",
            stand.customers,
        )
        symbol(c, colour.symbol, foot.x + 4 * MM, foot.cy, 3.3 * MM, fill=tint)
        c.setFillColor(INK)
        c.setFont(BOLD, 7.5)
        c.drawString(foot.x + 9 * MM, foot.cy - 1 * MM, colour.name(lang))
        kind_label(c, foot.inset(1 * MM, 0), pack.label("kind_stand")(lang))

    return draw


def _stand_value(c: Canvas, box: Box, label: str, value: str, icon: str, icons: int = 0) -> None:
    panel(c, box)
    _value_text(c, box, label, value)
    if icon and icons:
        r = 2 * MM
        total = icons * 2.4 * r
        for i in range(icons):
            x = box.cx - total / 2 + (i + 0.5) * 2.4 * r
            symbol(c, icon, x, box.y + 3.2 * MM, r, fill=white)


def _value_text(c: Canvas, box: Box, label: str, value: str) -> None:
    """A stand's value under its small label, centred in ``box``."""
    c.setFillColor(INK)
    c.setFont(BODY, 7.5)
    c.drawCentredString(box.cx, box.top - 4 * MM, label)
    c.setFont(BOLD, 24)
    c.drawCentredString(box.cx, box.y + box.height * 0.3, value)


def stand_back(pack: LemonadeStand, colour: PlayerColour, lang: str, theme: Theme) -> Draw:
    tint = hex_colour(colour.colour)

    def draw(c: Canvas, trim: Box) -> None:
        flood(c, trim, theme.flood(tint))

        def inside(c: Canvas, x: float, y: float, r: float) -> None:
            symbol(c, colour.symbol, x, y, r * 0.7, fill=tint)

        _back_emblem(c, trim, colour.name(lang).upper(), pack.title_text(lang), inside)

    return draw


# -- coin cards ------------------------------------------------------------------------
def coin_face(pack: LemonadeStand, coin: Coin, lang: str, theme: Theme) -> Draw:
    def draw(c: Canvas, trim: Box) -> None:
        flood(c, trim, theme.flood(COIN_COLOUR))
        safe = trim.inset(SAFE)
        band = 20 * MM
        top = Box(safe.x, safe.top - band, safe.width, band)
        bottom = Box(safe.x, safe.y, safe.width, band)
        _coin_end(c, top, pack, coin, CUPS, lang, theme)
        c.saveState()  # the other end reads upright when it faces away
        c.translate(bottom.cx, bottom.cy)
        c.rotate(180)
        c.translate(-bottom.cx, -bottom.cy)
        _coin_end(c, bottom, pack, coin, CUSTOMERS, lang, theme)
        c.restoreState()
        middle = Box(safe.x, bottom.top + 2 * MM, safe.width, top.y - bottom.top - 4 * MM)
        r = min(middle.height, middle.width) * 0.36
        cy = middle.cy + 2.5 * MM
        coin_art = art_file(pack, coin.id)
        if coin_art is not None:
            draw_picture(c, Box(middle.cx - r, cy - r, 2 * r, 2 * r), coin_art)
        else:
            c.setFillColor(theme.pale(LEMON, 0.35))
            c.setStrokeColor(INK)
            c.setLineWidth(1)
            c.circle(middle.cx, cy, r, stroke=1, fill=1)
            c.circle(middle.cx, cy, r * 0.82, stroke=1, fill=0)
        c.setFillColor(INK)
        c.setFont(BOLD, 17)
        c.drawCentredString(middle.cx, cy - 6, money(coin.value))
        text_box(
            c,
            coin.name(lang),
            Box(middle.x, middle.y + 1 * MM, middle.width, 4.5 * MM),
            BOLD,
            8.5,
            "center",
            what=f"coin {coin.id!r} name ({lang})",
            language=SET,
        )

    return draw


def _coin_end(
    c: Canvas, box: Box, pack: LemonadeStand, coin: Coin, end_id: str, lang: str, theme: Theme
) -> None:
    end = pack.end(end_id)
    panel(c, box, white)
    picture_or_symbol(
        c, pack, end.id, end.symbol, box.x + 8 * MM, box.cy, 5 * MM, theme.pale(LEMON, 0.2)
    )
    text = Box(box.x + 15 * MM, box.y + 1.5 * MM, box.width - 17 * MM, box.height - 3 * MM)
    name, amount = text.rows(2)
    text_box(
        c,
        end.name(lang).upper(),
        name,
        CONDENSED,
        8,
        "center",
        what=f"coin end {end_id!r} ({lang})",
        language=SET,
    )
    text_box(
        c,
        pack.buys(coin.id, end_id)(lang),
        amount,
        BOLD,
        12,
        "center",
        what=f"coin {coin.id!r} {end_id} ({lang})",
        language=SET,
    )


def _kind_back(
    pack: LemonadeStand, lang: str, theme: Theme, kind: str, ground: Color, inside: Inside
) -> Draw:
    """A deck's back: the pack's ``<kind>-back`` art, else ``inside`` in the centred emblem."""
    word, title = pack.label(f"kind_{kind}")(lang), pack.title_text(lang)

    def emblem(c: Canvas, trim: Box) -> None:
        _back_emblem(c, trim, word, title, inside)

    return emblem_back(art_file(pack, f"{kind}-back"), word, title, ground, theme, emblem)


def coin_back(pack: LemonadeStand, lang: str, theme: Theme) -> Draw:
    def inside(c: Canvas, x: float, y: float, r: float) -> None:
        draw_symbol(c, "coin", x, y, r * 0.75, fill=theme.pale(LEMON, 0.35))
        c.setFillColor(INK)
        c.setFont(BOLD, 16)
        c.drawCentredString(x, y - 5.5, "¢")

    return _kind_back(pack, lang, theme, "coin", mix(COIN_COLOUR, INK, 0.2), inside)


# -- dollar cards ----------------------------------------------------------------------
def dollar_face(pack: LemonadeStand, card: DollarCard, deck: int, lang: str, theme: Theme) -> Draw:
    def draw(c: Canvas, trim: Box) -> None:
        flood(c, trim, theme.flood(mix(DOLLAR_COLOUR, white, 0.35)))
        safe = trim.inset(SAFE)
        band, rest = safe.split_top(17 * MM)
        r = 7 * MM
        badge_x, badge_y = band.x + r + 1 * MM, band.cy + 1 * MM
        badge = Disc(r, white, INK, 1, INK, 17, 5.5)
        numbered_disc(c, badge_x, badge_y, str(card.strength), badge)
        c.setFont(BODY, 6)
        c.drawCentredString(badge_x, band.y - 1.6 * MM, pack.label("strength")(lang))
        if deck == 2:  # the second deck's mark, a black disc beside the strength
            mark_x, mark_y = badge_x + r * 1.25, badge_y + r * 0.45
            c.circle(mark_x, mark_y, 2.6 * MM, stroke=0, fill=1)
            c.setFillColor(white)
            c.setFont(BOLD, 9)
            c.drawCentredString(mark_x, mark_y - 3.2, pack.label("second_mark")(lang))
            c.setFillColor(INK)
        c.setFont(BOLD, 26)
        c.drawRightString(band.right - 1 * MM, band.cy - 3 * MM, pack.label("dollar_face")(lang))
        title_box, rest = Box(rest.x, rest.y, rest.width, rest.height - 3 * MM).split_top(13 * MM)
        fill, title = theme.pale(DOLLAR_COLOUR, 0.75), card.title(lang)
        _title_band(c, title_box, fill, title, 11.5, what=f"dollar card {card.id!r} title ({lang})")
        body = Box(rest.x, rest.y + 7 * MM, rest.width, rest.height - 9 * MM)
        panel(c, body)
        inner = body.inset(2.5 * MM)
        picture = art_file(pack, card.id) or art_file(pack, "dollar")
        room = Box(inner.x, inner.y, inner.width, DOLLAR_PICTURE if picture else 0)
        fitted = fit_icon_text(
            with_icons(pack, card.text(lang), lang),
            BODY,
            (inner.width, inner.height - (room.height + 2 * MM if picture else 0)),
            (12, MIN_CARD_TEXT),
            lambda name: art_file(pack, name),
            what=f"dollar card {card.id!r} text ({lang})",
            language=SET,
        )
        draw_icon_text(c, fitted, inner.x, inner.top)
        if picture is not None:
            draw_picture(c, room, picture)
        c.setFont(BODY, 6.5)
        note = pack.label("resolves")(lang)
        if deck == 2:
            mark, deck_name = pack.label("second_mark")(lang), pack.label("second_deck")(lang)
            note = f"{mark}\u00a0— {deck_name}"
        c.drawString(safe.x + 1 * MM, safe.y + 1.2 * MM, note)
        kind_label(c, safe.inset(1 * MM, 0), pack.label("kind_dollar")(lang))

    return draw


def dollar_back(pack: LemonadeStand, lang: str, theme: Theme) -> Draw:
    def inside(c: Canvas, x: float, y: float, r: float) -> None:
        c.setFillColor(INK)
        c.setFont(BOLD, r * 1.3)
        c.drawCentredString(x, y - r * 0.45, "$")

    return _kind_back(pack, lang, theme, "dollar", mix(DOLLAR_COLOUR, INK, 0.15), inside)


# -- weather cards ---------------------------------------------------------------------
ARROW_COLUMN = 9 * MM


def weather_face(pack: LemonadeStand, card: WeatherCard, lang: str, theme: Theme) -> Draw:
    def draw(c: Canvas, trim: Box) -> None:
        flood(c, trim, theme.flood(mix(WEATHER_COLOUR, white, 0.2)))
        safe = trim.inset(SAFE)
        halves = Box(
            safe.x + ARROW_COLUMN, safe.y + 4 * MM, safe.width - ARROW_COLUMN, safe.height - 4 * MM
        )
        top, bottom = halves.rows(2, gap=6 * MM)
        _weather_half(c, top, pack, pack.kind(card.top), lang, theme)
        _weather_half(c, bottom, pack, pack.kind(card.bottom), lang, theme)
        c.setFillColor(INK)
        c.setFont(BOLD, 8)
        c.drawCentredString(halves.cx, top.y - 4.2 * MM, pack.label("or")(lang))
        _arrow(c, safe, top if card.arrow == UP else bottom, pack.label("came_true")(lang))
        kind_label(c, safe.inset(1 * MM, 0), pack.label("kind_weather")(lang))

    return draw


def _weather_half(
    c: Canvas, box: Box, pack: LemonadeStand, kind: WeatherKind, lang: str, theme: Theme
) -> None:
    panel(c, box)
    picture_or_symbol(
        c, pack, kind.id, kind.symbol, box.cx, box.top - 9 * MM, 6.5 * MM, theme.pale(LEMON, 0.25)
    )
    text_box(
        c,
        kind.name(lang),
        Box(box.x + 1 * MM, box.top - 22 * MM, box.width - 2 * MM, 6 * MM),
        BOLD,
        12,
        "center",
        what=f"weather {kind.id!r} name ({lang})",
        language=SET,
    )
    rows = Box(box.x + 2.5 * MM, box.y + 1.5 * MM, box.width - 5 * MM, 9 * MM).rows(2)
    for row, label, value in (
        (rows[0], pack.label("demand")(lang), money(kind.demand)),
        (rows[1], pack.label("customers")(lang), signed(kind.customers)),
    ):
        c.setFillColor(INK)
        c.setFont(BODY, 7.5)
        c.drawString(row.x, row.y + 1.2 * MM, label)
        c.setFont(BOLD, 9)
        c.drawRightString(row.right, row.y + 1.2 * MM, value)


def _arrow(c: Canvas, safe: Box, half: Box, caption: str) -> None:
    """A bold arrow at the card's left edge, level with the half it names on the card before."""
    tip, neck, tail = safe.x, safe.x + 4.5 * MM, safe.x + ARROW_COLUMN - 1.5 * MM
    y = half.cy
    c.setFillColor(INK)
    p = c.beginPath()
    p.moveTo(tip, y)
    p.lineTo(neck, y + 4.5 * MM)
    p.lineTo(neck, y + 1.8 * MM)
    p.lineTo(tail, y + 1.8 * MM)
    p.lineTo(tail, y - 1.8 * MM)
    p.lineTo(neck, y - 1.8 * MM)
    p.lineTo(neck, y - 4.5 * MM)
    p.close()
    c.drawPath(p, stroke=0, fill=1)
    c.saveState()
    c.translate(safe.x + ARROW_COLUMN / 2 - 0.8 * MM, y - 6.5 * MM)
    c.rotate(90)
    size = 7.5
    while size > 6 and width(caption, BOLD, size) > half.height / 2 - 7 * MM:
        size -= 0.5
    c.setFont(BOLD, size)
    c.drawRightString(0, -size * 0.35, caption)
    c.restoreState()


def weather_back(pack: LemonadeStand, lang: str, theme: Theme) -> Draw:
    def inside(c: Canvas, x: float, y: float, r: float) -> None:
        draw_symbol(c, "sun", x + r * 0.2, y + r * 0.2, r * 0.5, fill=theme.pale(LEMON, 0.1))
        draw_symbol(c, "cloud", x - r * 0.1, y - r * 0.15, r * 0.55, fill=white)

    return _kind_back(pack, lang, theme, "weather", mix(WEATHER_COLOUR, INK, 0.2), inside)


# -- reference cards -------------------------------------------------------------------
def _reference_card(c: Canvas, trim: Box, theme: Theme, heading: str, lang: str) -> Box:
    """A reference card's ground and heading; returns the room below the heading."""
    flood(c, trim, theme.flood(mix(REFERENCE_COLOUR, white, 0.3)))
    head, rest = trim.inset(SAFE).split_top(10 * MM)
    fill = theme.pale(REFERENCE_COLOUR, 0.2)
    _title_band(c, head, fill, heading, 12, what=f"reference card heading ({lang})")
    return rest


def reference_front(pack: LemonadeStand, lang: str, theme: Theme) -> Draw:
    def draw(c: Canvas, trim: Box) -> None:
        rest = _reference_card(c, trim, theme, pack.label("ref_day")(lang), lang)
        body = Box(rest.x, rest.y + 5 * MM, rest.width, rest.height - 7 * MM)
        panel(c, body)
        inner = body.inset(2.5 * MM, 2 * MM)
        steps = [
            (pack.label(f"ref_step_{n}_title")(lang), pack.label(f"ref_step_{n}")(lang))
            for n in range(1, 6)
        ]
        items = [lead_in(f"{title}.", text) for title, text in steps]
        marked_list(c, inner, items, LIST, NUMBERS, what=f"reference card steps ({lang})")
        kind_label(c, trim.inset(SAFE).inset(1 * MM, 0), pack.label("kind_reference")(lang))

    return draw


def reference_back(pack: LemonadeStand, lang: str, theme: Theme) -> Draw:
    def draw(c: Canvas, trim: Box) -> None:
        rest = _reference_card(c, trim, theme, pack.label("ref_money")(lang), lang)
        table_h = 34 * MM
        body = Box(rest.x, rest.y + table_h + 7 * MM, rest.width, rest.height - table_h - 9 * MM)
        panel(c, body)
        marked_list(
            c,
            body.inset(2.5 * MM, 2 * MM),
            [pack.label(f"ref_money_{n}")(lang) for n in range(1, 6)],
            LIST,
            BULLETS,
            what=f"reference card money ({lang})",
        )
        _weather_table(c, Box(rest.x, rest.y + 5 * MM, rest.width, table_h), pack, lang, theme)
        kind_label(c, trim.inset(SAFE).inset(1 * MM, 0), pack.label("kind_reference")(lang))

    return draw


def _weather_table(c: Canvas, box: Box, pack: LemonadeStand, lang: str, theme: Theme) -> None:
    panel(c, box)
    inner = box.inset(2.5 * MM, 1.5 * MM)
    head, rows_box = inner.split_top(6 * MM)
    c.setFillColor(INK)
    c.setFont(BOLD, 8)
    c.drawString(head.x, head.y + 1.5 * MM, pack.label("ref_weather")(lang))
    c.setFont(BODY, 7)
    col_demand, col_customers = inner.x + inner.width * 0.62, inner.right
    c.drawRightString(col_demand, head.y + 1.5 * MM, pack.label("demand")(lang))
    c.drawRightString(col_customers, head.y + 1.5 * MM, pack.label("customers")(lang))
    for row, kind in zip(rows_box.rows(len(pack.weather)), reversed(pack.weather)):
        symbol(c, kind.symbol, row.x + 2.5 * MM, row.cy, 2.3 * MM, fill=theme.pale(LEMON, 0.25))
        c.setFillColor(INK)
        c.setFont(BODY, 8)
        c.drawString(row.x + 6.5 * MM, row.cy - 1 * MM, kind.name(lang))
        c.setFont(BOLD, 8.5)
        c.drawRightString(col_demand, row.cy - 1 * MM, money(kind.demand))
        c.drawRightString(col_customers, row.cy - 1 * MM, signed(kind.customers))


def reference_piece_size(pack: LemonadeStand) -> tuple[float, float]:
    return pack.reference.width * MM, pack.reference.height * MM
