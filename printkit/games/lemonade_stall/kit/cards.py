"""Lemonade Stall's cards, markers and tokens: faces and backs drawn from content.

Each function returns a `Deck`; every name and number printed comes from the
pack. Text that cannot fit at a legible size fails the build.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

from reportlab.lib.colors import Color, black, white
from reportlab.pdfgen.canvas import Canvas

from printkit.build.record import derived
from printkit.content.art import Art
from printkit.errors import RenderError
from printkit.games.lemonade_stall.model import Benefit, Event, LemonadeStall, PlayerColour
from printkit.kit import Deck, sized_deck
from printkit.render.cardparts import CORNER, cutting_advice, emblem_back, flood, panel, xywh
from printkit.render.fonts import BODY, BOLD, MIN_CARD_TEXT, draw_fitted, fit
from printkit.render.formats import money
from printkit.render.impose import Piece
from printkit.render.inline import draw_icon_text, fit_icon_text
from printkit.render.layout import Icon, draw_icon, draw_picture, icon_mark, icon_words
from printkit.render.pdf import note_space
from printkit.render.symbols import draw_symbol
from printkit.render.text import Mark, card_title, kind_label
from printkit.render.theme import GREY, INK, LEMON, SKY, Theme, hex_colour, mix
from printkit.render.units import MM, SAFE, TOKEN_ROOM, Box

EVENT_COLOUR = SKY
BENEFIT_COLOUR = LEMON


def _body(
    c: Canvas, box: Box, text: str, what: str, pack: LemonadeStall, art: bool = False
) -> float:
    """The card text, each good it names led by the good's icon; returns the text's height.

    A card with a picture keeps room for it: its text is set smaller (down to
    ``ART_TEXT``) before the picture is dropped."""
    text = icon_words(text, good_icons(pack))
    fitted = None
    if art:
        room = (box.width, box.height - ART_LEAST - 2 * MM)
        try:
            fitted = fit_icon_text(text, BODY, room, (11, ART_TEXT), art_path(pack), what)
        except RenderError:
            fitted = None  # too long to share the card: the text takes the whole panel
    if fitted is None:
        fitted = fit_icon_text(
            text, BODY, (box.width, box.height), (11, MIN_CARD_TEXT), art_path(pack), what
        )
    draw_icon_text(c, fitted, box.x, box.top)
    return fitted.height


@derived  # asked by every card's text
def good_icons(pack: LemonadeStall) -> dict[str, str]:
    """Words naming a good (its name, and its unit when one word) → the good's icon."""
    words: dict[str, str] = {}
    for item in pack.items:
        if pack.art.get(item.id) is None:
            continue
        words[item.name.lower()] = item.id
        if " " not in item.unit:
            words[item.unit.lower()] = item.id
    return words


def art_path(pack: LemonadeStall) -> Callable[[str], Path | None]:
    def find(name: str) -> Path | None:
        art = pack.art.get(name)
        return art.path if art else None

    return find


def icon(pack: LemonadeStall, art_name: str, symbol: str) -> Icon:
    """The pack's picture ``art_name`` where it has one, else the shared ``symbol``: a
    designer swaps a file to swap the board's, mats' and markers' icons."""
    art = pack.art.get(art_name)
    return art.path if art else symbol


def weather_icon(pack: LemonadeStall, condition_id: str) -> Icon:
    return icon(pack, condition_id, pack.condition(condition_id).symbol)


def weather_mark(pack: LemonadeStall, condition_id: str) -> str | Mark:
    """A weather condition's icon as text boxes and table cells take it."""
    return icon_mark(weather_icon(pack, condition_id))


ART_LEAST = 12 * MM  # below this height the text's leftover space gets no picture
ART_TEXT = 8.0  # points: the smallest a card's text is set to leave its picture room


def _card_art(c: Canvas, box: Box, art: Art | None) -> None:
    """The card's illustration in the space its text leaves, if there is room."""
    if art is not None and box.height >= ART_LEAST:
        draw_picture(c, box, art.path)


FOOT_LINE = 4 * MM  # below a card's foot box: the card kind and player-count labels


LOOKS = {"event": (EVENT_COLOUR, 0.3), "benefit": (BENEFIT_COLOUR, 0.4)}  # ground, title tint


def _titled_card(
    c: Canvas,
    trim: Box,
    pack: LemonadeStall,
    theme: Theme,
    card: Event | Benefit,
    kind: str,
    foot_height: float,
) -> tuple[Box, Box]:
    """Event and benefit faces: title band, text panel, and a foot box for the caller.

    Returns the safe area and the foot box.
    """
    colour, tint = LOOKS[kind]
    what = f"{kind} card {card.id!r}"
    flood(c, trim, theme.flood(colour))
    safe = trim.inset(SAFE)
    head, rest = safe.split_top(14 * MM)
    panel(c, head, theme.pale(colour, tint))
    card_title(c, card.title, head, 12, what=f"{what} title")
    body = Box(
        rest.x, rest.y + foot_height + 2 * MM, rest.width, rest.height - foot_height - 4 * MM
    )
    panel(c, body)
    inner = body.inset(2.5 * MM)
    used = _body(c, inner, card.text, f"{what} text", pack, card.art is not None)
    _card_art(c, Box(inner.x, inner.y, inner.width, inner.height - used - 2 * MM), card.art)
    return safe, Box(rest.x, rest.y + FOOT_LINE, rest.width, foot_height - FOOT_LINE)


# -- event cards ---------------------------------------------------------------
def _event_face(pack: LemonadeStall, event: Event, theme: Theme) -> Callable[[Canvas, Box], None]:
    def draw(c: Canvas, trim: Box) -> None:
        foot_height = 15 * MM + FOOT_LINE - 3 * MM
        safe, foot = _titled_card(c, trim, pack, theme, event, "event", foot_height)
        _codes(c, foot, pack, event, theme)
        kind_label(c, safe, "event")

    return draw


def _codes(c: Canvas, box: Box, pack: LemonadeStall, event: Event, theme: Theme) -> None:
    """The weather-change line, as printed notation with a small legend mark."""
    panel(c, box, white)
    c.setFillColor(INK)
    c.setFont(BODY, 6.5)
    c.drawString(box.x + 2 * MM, box.top - 3.2 * MM, pack.words.say("card.weather_change"))
    text = event.change.printed or pack.words.say("card.no_change")
    fitted = fit(
        text, BOLD, box.width - 4 * MM, 6 * MM, 11, 7, what=f"event card {event.id!r} codes"
    )
    draw_fitted(c, fitted, box.x + 2 * MM, box.y + 7 * MM, "center", box.width - 4 * MM)


def _card_back(
    pack: LemonadeStall, deck: str, word: str, symbol: str, ground: Color, theme: Theme
) -> Callable[[Canvas, Box], None]:
    """The pack's ``<deck>-back`` art, else ``symbol`` in a centred emblem on ``ground``."""
    art = art_path(pack)(f"{deck}-back")

    def emblem(c: Canvas, trim: Box) -> None:
        _back_emblem(c, trim, word, symbol, pack.title, theme)

    return emblem_back(art, word, pack.title, ground, theme, emblem)


def _event_back(pack: LemonadeStall, theme: Theme) -> Callable[[Canvas, Box], None]:
    return _card_back(pack, "event", "EVENT", "cloud", mix(EVENT_COLOUR, INK, 0.25), theme)


def _back_emblem(c: Canvas, trim: Box, word: str, symbol: str, game: str, theme: Theme) -> None:
    """A centred emblem that tolerates a few millimetres of duplex misregistration."""
    r = min(trim.width, trim.height) * 0.28
    c.setFillColor(white)
    c.setStrokeColor(INK)
    c.setLineWidth(1)
    c.circle(trim.cx, trim.cy + 4 * MM, r, stroke=1, fill=1)
    draw_symbol(c, symbol, trim.cx, trim.cy + 4 * MM, r * 0.7, fill=theme.pale(LEMON, 0.2))
    c.setFillColor(INK)
    c.setFont(BOLD, 13)
    c.drawCentredString(trim.cx, trim.cy - r - 4 * MM, word)
    c.setFont(BODY, 7)
    c.drawCentredString(trim.cx, trim.cy - r - 9 * MM, game)


def event_cards(pack: LemonadeStall, theme: Theme) -> Deck:
    back = _event_back(pack, theme)
    pieces = tuple(
        Piece(
            f"{event.id}#{copy + 1}",
            _event_face(pack, event, theme),
            back,
            fields=(("title", event.title), ("text", event.text), ("codes", event.change.printed)),
        )
        for event in pack.events
        for copy in range(event.copies)
    )
    return _card_deck(pack, "event-cards", pack.words.say("deck.events"), pieces)


# -- benefit cards -------------------------------------------------------------
def _benefit_face(
    pack: LemonadeStall, benefit: Benefit, theme: Theme
) -> Callable[[Canvas, Box], None]:
    def draw(c: Canvas, trim: Box) -> None:
        foot_height = pack.kit.token.height * MM + TOKEN_ROOM + FOOT_LINE
        safe, foot = _titled_card(c, trim, pack, theme, benefit, "benefit", foot_height)
        _token_space(c, foot, pack)
        if benefit.min_players:
            c.setFont(BOLD, 7)
            c.setFillColor(INK)
            c.drawString(
                safe.x,
                safe.y + 1.2 * MM,
                pack.words.say("card.players_only", players=benefit.min_players),
            )
        kind_label(c, safe, "benefit")

    return draw


def _token_space(c: Canvas, box: Box, pack: LemonadeStall) -> None:
    note_space(c, pack.words.say("card.token_space"), box, "bonus")
    c.saveState()
    c.setDash(2, 2)
    c.setStrokeColor(INK)
    c.setFillColor(white)
    c.roundRect(*xywh(box), CORNER, stroke=1, fill=1)
    c.restoreState()
    c.setFont(BODY, 6.5)
    c.setFillColor(GREY)
    c.drawCentredString(box.cx, box.cy - 1 * MM, pack.words.say("card.tokens_gather"))


def _benefit_back(pack: LemonadeStall, theme: Theme) -> Callable[[Canvas, Box], None]:
    return _card_back(pack, "benefit", "BENEFIT", "star", mix(BENEFIT_COLOUR, INK, 0.15), theme)


def benefit_cards(pack: LemonadeStall, theme: Theme) -> Deck:
    back = _benefit_back(pack, theme)
    pieces = tuple(
        Piece(
            b.id,
            _benefit_face(pack, b, theme),
            back,
            fields=(("title", b.title), ("text", b.text), ("players", str(b.min_players or ""))),
        )
        for b in pack.benefits
    )
    return _card_deck(pack, "benefit-cards", pack.words.say("deck.benefits"), pieces)


# -- selling price cards -------------------------------------------------------
PRICE_ART = 17 * MM  # the lemonade picture's height on a price card


def _price_face(
    pack: LemonadeStall, colour: PlayerColour, price: int, theme: Theme
) -> Callable[[Canvas, Box], None]:
    tint = hex_colour(colour.colour)

    def draw(c: Canvas, trim: Box) -> None:
        flood(c, trim, theme.flood(tint))
        safe = trim.inset(SAFE)
        inner = safe.inset(1.5 * MM)
        panel(c, inner)
        c.setFillColor(INK)
        c.setFont(BOLD, 40)
        c.drawCentredString(inner.cx, inner.cy - 6 * MM, f"${price}")
        for corner_x, corner_y in (
            (inner.x + 7 * MM, inner.top - 7 * MM),
            (inner.right - 7 * MM, inner.y + 7 * MM),
        ):
            draw_symbol(c, colour.symbol, corner_x, corner_y, 5 * MM, fill=tint)
        c.setFont(BOLD, 9)
        c.drawCentredString(inner.cx, inner.top - 8 * MM, f"{colour.name} stand")
        art = pack.art.get("price-card")
        if art is not None:  # a glass of lemonade between the colour and the price
            draw_picture(c, Box(inner.x, inner.cy + 8 * MM, inner.width, PRICE_ART), art.path)
        _price_caps(c, pack, price, inner)

    return draw


def _price_caps(c: Canvas, pack: LemonadeStall, price: int, box: Box) -> None:
    """Which weather this price can sell in: the caps printed where the player looks."""
    barred = [
        cond for cond in pack.conditions if cond.price_cap is not None and price > cond.price_cap
    ]
    c.setFont(BODY, 7)
    c.setFillColor(INK)
    or_ = pack.words.say("card.or")
    names = f" {or_} ".join(cond.name.lower() for cond in barred)
    text = (
        pack.words.say("card.no_sales_in", conditions=names)
        if barred
        else pack.words.say("card.sells_any_weather")
    )
    c.drawCentredString(box.cx, box.y + 13 * MM, text)


def _price_back(colour: PlayerColour, theme: Theme) -> Callable[[Canvas, Box], None]:
    tint = hex_colour(colour.colour)

    def draw(c: Canvas, trim: Box) -> None:
        flood(c, trim, theme.flood(tint))
        r = 12 * MM
        c.setFillColor(white)
        c.setStrokeColor(INK)
        c.circle(trim.cx, trim.cy, r, stroke=1, fill=1)
        draw_symbol(c, colour.symbol, trim.cx, trim.cy, r * 0.7, fill=tint)
        c.setFillColor(INK)
        c.setFont(BOLD, 11)
        c.drawCentredString(trim.cx, trim.cy - r - 6 * MM, colour.name.upper())

    return draw


def price_cards(pack: LemonadeStall, theme: Theme) -> Deck:
    pieces = tuple(
        Piece(
            f"{colour.id}-{price}",
            _price_face(pack, colour, price, theme),
            _price_back(colour, theme),
            group=colour.id,
            fields=(("colour", colour.name), ("symbol", colour.symbol), ("price", str(price))),
        )
        for colour in pack.player_colours[: pack.max_players]
        for price in pack.selling_prices
    )
    return _card_deck(pack, "price-cards", pack.words.say("deck.prices"), pieces)


def _card_deck(pack: LemonadeStall, deck_id: str, title: str, pieces: tuple[Piece, ...]) -> Deck:
    size = pack.kit.card
    return sized_deck(deck_id, title, size, pieces, note=pack.words.say("deck.cards_note"))


# -- markers and tokens ---------------------------------------------------------
def _marker(
    draw_inside: Callable[[Canvas, Box], None], fill: Color, theme: Theme
) -> Callable[[Canvas, Box], None]:
    def draw(c: Canvas, trim: Box) -> None:
        flood(c, trim, theme.flood(fill))
        c.setStrokeColor(INK)
        c.setLineWidth(0.4)
        c.rect(*xywh(trim.inset(1.2 * MM)), stroke=1, fill=0)
        draw_inside(c, trim)

    return draw


def _condition_marker(
    pack: LemonadeStall, condition_id: str, theme: Theme
) -> Callable[[Canvas, Box], None]:
    condition = pack.condition(condition_id)

    def inside(c: Canvas, box: Box) -> None:
        r = box.width * 0.22
        draw_icon(c, weather_icon(pack, condition_id), box.cx, box.cy + 2 * MM, r, fill=white)
        c.setFillColor(INK)
        c.setFont(BOLD, 7.5)
        c.drawCentredString(box.cx, box.y + 3.5 * MM, condition.name)
        if condition.price_cap is None:
            cap = pack.words.say("marker.any_price")
        else:
            cap = pack.words.say("marker.price_cap", cap=money(condition.price_cap))
        c.setFont(BOLD, 6.5)
        c.drawRightString(box.right - SAFE - 0.3 * MM, box.top - SAFE - 2.2 * MM, cap)

    return _marker(inside, mix(SKY, white, 0.2), theme)


def _temperature_marker(
    pack: LemonadeStall, degrees: int, theme: Theme
) -> Callable[[Canvas, Box], None]:
    temperature = pack.temperature(degrees)

    def inside(c: Canvas, box: Box) -> None:
        draw_symbol(c, "thermometer", box.x + 5 * MM, box.cy + 1 * MM, 3.5 * MM, fill=white)
        c.setFillColor(INK)
        c.setFont(BOLD, 13)
        c.drawCentredString(box.cx + 2 * MM, box.cy, f"{degrees}°")
        spoil = (
            pack.words.say("marker.never_spoils")
            if temperature.spoils_on is None
            else pack.words.say("marker.spoils_on", roll=temperature.spoils_on)
        )
        c.setFont(BOLD, 8)
        c.drawCentredString(box.cx + 2 * MM, box.y + 3.5 * MM, spoil)

    return _marker(inside, mix(LEMON, white, 0.35), theme)


def markers(pack: LemonadeStall, theme: Theme) -> Deck:
    size = pack.kit.marker
    per_condition = pack.component("condition-markers").count
    per_temperature = pack.component("temperature-markers").count
    pieces: list[Piece] = []
    for condition in pack.conditions:
        pieces += [
            Piece(
                f"condition-{condition.id}",
                _condition_marker(pack, condition.id, theme),
                fields=(("name", condition.name), ("cap", str(condition.price_cap))),
            )
        ] * per_condition
    for temperature in pack.temperatures:
        pieces += [
            Piece(
                f"temperature-{temperature.degrees}",
                _temperature_marker(pack, temperature.degrees, theme),
                fields=(("spoils_on", str(temperature.spoils_on)),),
            )
        ] * per_temperature
    pieces.append(Piece("first-player", _first_player_marker(theme)))
    return sized_deck(
        "markers",
        pack.words.say("deck.markers"),
        size,
        tuple(pieces),
        note=pack.words.say("deck.markers_note"),
        fold=False,
    )


def _first_player_marker(theme: Theme) -> Callable[[Canvas, Box], None]:
    def inside(c: Canvas, box: Box) -> None:
        draw_symbol(c, "flag", box.cx, box.cy + 2.5 * MM, box.width * 0.24, fill=LEMON)
        c.setFillColor(INK)
        c.setFont(BOLD, 6.5)
        c.drawCentredString(box.cx, box.y + 3.2 * MM, "FIRST PLAYER")

    return _marker(inside, white, theme)


def _face(square: float) -> float:
    """The diameter of a token's round face on its square."""
    return square - 2 * MM


def _round_token(
    label: str,
    symbol: str | None,
    fill: Color,
    theme: Theme,
    small: str = "",
    coin: bool = False,
) -> Callable[[Canvas, Box], None]:
    """A square cut with a round face: cut the square, or punch the circle. A ``coin``
    (score and lap markers) has a deep square and a double rim, so it never passes for
    one of its colour's cup-sold tokens."""

    def draw(c: Canvas, trim: Box) -> None:
        flood(c, trim, theme.flood(mix(fill, black, 0.25) if coin else mix(fill, white, 0.55)))
        r = _face(trim.width) / 2
        c.setFillColor(theme.pale(fill, 0.15) if not theme.ink_saver else white)
        c.setStrokeColor(INK)
        c.setLineWidth(0.5)
        c.circle(trim.cx, trim.cy, r, stroke=1, fill=1)
        if coin:
            c.setLineWidth(0.8)
            c.circle(trim.cx, trim.cy, r * 0.84, stroke=1, fill=0)
        if symbol:
            draw_symbol(
                c, symbol, trim.cx, trim.cy + (1.5 * MM if label else 0), r * 0.5, fill=white
            )
        c.setFillColor(INK)
        if label and symbol:
            c.setFont(BOLD, 7.5 if len(label) > 2 else 9)
            c.drawCentredString(trim.cx, trim.cy - r * 0.62, label)
        elif label:  # a neutral token: its number is the face
            c.setFont(BOLD, 14)
            c.drawCentredString(trim.cx, trim.cy - 14 * 0.35, label)
        if small:
            c.setFont(BODY, 6)
            c.drawCentredString(trim.cx, trim.cy + r * 0.55, small)

    return draw


def tokens_and_markers(pack: LemonadeStall, theme: Theme) -> Deck:
    """The tokens, with the markers in the rows their last sheet leaves empty."""
    markers_deck = markers(pack, theme)
    deck = tokens(pack, theme)
    return replace(
        deck,
        title=pack.words.say("deck.tokens_and_markers"),
        note=f"{deck.note}; {markers_deck.note}",
        also=(markers_deck,),
    )


def tokens(pack: LemonadeStall, theme: Theme) -> Deck:
    size = pack.kit.token
    colours = pack.player_colours[: pack.max_players]
    pieces: list[Piece] = []
    laps = pack.component("lap-tokens").count
    for colour in colours:
        tint = hex_colour(colour.colour)
        score = _round_token("$", colour.symbol, tint, theme, coin=True)
        pieces.append(Piece(f"score-{colour.id}", score))
        lap = _round_token(f"+{pack.kit.score_spaces}", colour.symbol, tint, theme, coin=True)
        pieces += [Piece(f"lap-{colour.id}", lap)] * laps
    cups = pack.component("cup-tokens").count
    for colour in colours:
        tint = hex_colour(colour.colour)
        face = _round_token("", colour.symbol, tint, theme, small="sold")
        pieces += [Piece(f"cup-{colour.id}", face, token="cup-sold")] * cups
    single = pack.component("resource-tokens").count
    triple = pack.component("resource-tokens-3").count
    goods = mix(LEMON, white, 0.5)  # neutral: a goods token is any good, by its track
    pieces += [Piece("resource-1", _round_token("1", None, goods, theme), token="goods")] * single
    pieces += [Piece("resource-3", _round_token("×3", None, goods, theme), token="goods")] * triple
    items = pack.component("item-tokens").count
    pieces += [Piece("item-token", _round_token("+1", None, SKY, theme), token="bonus")] * items
    return sized_deck(
        "tokens",
        pack.words.say("deck.tokens"),
        size,
        tuple(pieces),
        note=cutting_advice(_face(size.width * MM), size.width * MM),
        fold=False,
    )
