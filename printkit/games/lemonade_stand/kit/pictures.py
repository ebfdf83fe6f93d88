"""Lemonade Stand's rulebook pictures, drawn by the kit's own card faces scaled down: four
players round the bank and the two decks, and a worked day's morning; the callouts' and
captions' words come from ``labels.yaml`` in the rulebook's language."""

from __future__ import annotations

from reportlab.lib.colors import HexColor
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen.canvas import Canvas

from printkit.content.typography import typeset_text
from printkit.games.lemonade_stand.kit import faces
from printkit.games.lemonade_stand.model import CUPS, LemonadeStand, PlayerColour
from printkit.render.fonts import BODY, register_fonts
from printkit.render.theme import Theme
from printkit.render.units import MM, Box
from printkit.rulebook.pictures import PictureSheet
from printkit.rulebook.scenes import (
    CAPTION_LEAD,
    CAPTION_SIZE,
    BoxedScene,
    Callout,
    Caption,
    Placed,
    SceneBlock,
    Shown,
    caption_lines,
    place,
    round_the_table,
)

MEASURE = 150 * MM
PAVEMENT = HexColor("#EDE7DA")  # the table top
SCALE = 0.21  # cards on the table: about a fifth of their printed size
FAN = 0.22  # each card of a fan steps this share of a card along
GAP = 3 * MM
CALLOUTS = ("stands", "hand", "bank", "dollars", "weather")


NEAR_SCALE = 0.36  # the near seat, yours: coin values (17 pt) and stand prices print at 6 pt
HAND_FAN = 0.6  # a face-up hand steps this share of a card: each card's value shows


def setup_table(pack: LemonadeStand, theme: Theme, lang: str, sheet: PictureSheet) -> SceneBlock:
    """Each player with their stands face up and a hidden hand; the bank, the dollar deck
    and the weather deck with its first forecast turned up, in the middle. The near seat
    is drawn larger, its hand fanned face up: the suggested start hand."""
    w, h = pack.card.width * MM, pack.card.height * MM
    players = pack.max_players
    seats = [_seat(pack, colour, theme, lang, w, h) for colour in pack.colours[:players]]
    table, height = round_the_table(seats, MEASURE, SCALE, GAP)
    near_seat = _near_seat(pack, pack.colours[0], theme, lang, w, h)
    lift = near_seat.height * NEAR_SCALE - seats[0].height * SCALE + 0.5 * MM  # the near seat
    near_x = (MEASURE - near_seat.width * NEAR_SCALE) / 2
    placed = [Placed(near_seat, near_x, table[0].y, NEAR_SCALE)]
    placed += [Placed(p.shown, p.x, p.y + lift, p.scale, p.turn) for p in table[1:]]
    centre_x, centre_y = MEASURE / 2, height / 2 + lift
    height += lift
    card_w, card_h = w * SCALE, h * SCALE
    coins = len(pack.coins)
    bank_w = coins * card_w + (coins - 1) * GAP
    bank_x, upper = centre_x - bank_w / 2, centre_y + GAP / 2
    for n, coin in enumerate(pack.coins):  # the bank: a face-up pile of each coin
        face = Shown(faces.coin_face(pack, coin, lang, theme), w, h)
        placed += _pile(face, bank_x + n * (card_w + GAP), upper)
    lower = centre_y - GAP / 2 - card_h
    decks_w = 3 * card_w + 2 * GAP
    dollars_x = centre_x - decks_w / 2
    weather_x = dollars_x + card_w + GAP
    placed += _pile(Shown(faces.dollar_back(pack, lang, theme), w, h), dollars_x, lower)
    placed += _pile(Shown(faces.weather_back(pack, lang, theme), w, h), weather_x, lower)
    first = pack.weather_cards[0]
    forecast = Shown(faces.weather_face(pack, first, lang, theme), w, h)
    placed.append(Placed(forecast, weather_x + card_w + GAP, lower, SCALE))
    near = placed[0].footprint
    stands_w = _fan_width(w, len(pack.stands)) * NEAR_SCALE
    points = {
        "stands": (near.x + stands_w / 2, near.top + 2 * MM),
        "hand": (near.x + stands_w + 5 * MM + w * NEAR_SCALE, near.top + 2 * MM),
        "bank": (bank_x + bank_w + 1 * MM, upper + card_h + 0.5 * MM),
        "dollars": (dollars_x - 1 * MM, lower + card_h + 0.5 * MM),
        "weather": (weather_x + 2 * card_w + GAP + 1 * MM, lower + card_h + 0.5 * MM),
    }
    callouts = [Callout(*points[key], pack.label(f"callout_setup_{key}")(lang)) for key in CALLOUTS]
    alt = pack.label("picture_setup")(lang)
    return SceneBlock(placed, MEASURE, height, alt, sheet, (), callouts, PAVEMENT, caption=True)


def _pile(shown: Shown, x: float, y: float, layers: int = 3) -> list[Placed]:
    """A few cards stepped: a pile, not a card; the top one is ``shown``."""
    step = 0.5 * MM
    return [Placed(shown, x + n * step, y + n * step, SCALE) for n in range(layers)]


def _fan_width(card_w: float, cards: int) -> float:
    return card_w + card_w * FAN * (cards - 1)


def _seat(
    pack: LemonadeStand, colour: PlayerColour, theme: Theme, lang: str, w: float, h: float
) -> Shown:
    """One player's place, near side up: their stands fanned face up, then their hand of
    coins and dollar cards fanned face down."""
    coin_back = Shown(faces.coin_back(pack, lang, theme), w, h)
    dollar_back = Shown(faces.dollar_back(pack, lang, theme), w, h)
    coins = sum(count for _, count in pack.start_mix)
    hand = [coin_back] * coins + [dollar_back] * pack.start_dollars
    return _place(pack, colour, theme, lang, (w, h), hand, FAN, 5 * MM / SCALE)


def _near_seat(
    pack: LemonadeStand, colour: PlayerColour, theme: Theme, lang: str, w: float, h: float
) -> Shown:
    """The near player's place with their hand face up, fanned wide enough that each
    card's value shows: the suggested start coins, then a dollar card."""
    hand = [
        Shown(faces.coin_face(pack, pack.coin(coin), lang, theme), w, h)
        for coin, count in pack.start_mix
        for _ in range(count)
    ]
    dollars = sorted(pack.dollars, key=lambda card: card.strength)[: pack.start_dollars]
    hand += [Shown(faces.dollar_face(pack, card, 1, lang, theme), w, h) for card in dollars]
    return _place(pack, colour, theme, lang, (w, h), hand, HAND_FAN, 5 * MM / NEAR_SCALE)


def _place(
    pack: LemonadeStand,
    colour: PlayerColour,
    theme: Theme,
    lang: str,
    size: tuple[float, float],
    hand: list[Shown],
    fan: float,
    gap: float,
) -> Shown:
    """A seat: the colour's stands fanned face up, ``gap``, then ``hand`` fanned by ``fan``."""
    w, h = size
    stands = [Shown(faces.stand_face(pack, s, colour, lang, theme), w, h) for s in pack.stands]
    stands_w = _fan_width(w, len(stands))
    width = stands_w + gap + w + w * fan * (len(hand) - 1)

    def draw(c: Canvas, box: Box) -> None:
        for n, card in enumerate(stands):
            place(c, Placed(card, box.x + n * w * FAN, box.y))
        start = box.x + stands_w + gap
        for n, card in enumerate(hand):
            place(c, Placed(card, start + n * w * fan, box.y))

    return Shown(draw, width, h, edge=False)


# -- a worked day: the stands that morning ----------------------------------------------
DAY_WIDTH = 142 * MM  # inside the example's box: the text width less its pad
DAY_SCALE = 0.36  # prices, coin values (17 pt) and dollar faces print at 6 pt or more
DAY_GAP = 2.5 * MM
ROW_GAP = 1.5 * MM
DAY_GROUND = HexColor("#E8F0F4")  # a morning sky over the pavement


def day_table(
    pack: LemonadeStand, theme: Theme, lang: str, example: dict, sheet: PictureSheet
) -> BoxedScene:
    """A ``day`` example's morning, as its given lays it out: a row for each player (their
    name, stand card, the coin cards they played, each turned so the end it buys faces
    away, then their dollar cards), and the forecast with the card turned over beside it."""
    register_fonts()  # captions are measured before anything is drawn
    given = example["given"]
    w, h = pack.card.width * MM, pack.card.height * MM
    card_w, card_h = w * DAY_SCALE, h * DAY_SCALE
    people = pack.label("day_players")(lang).split("|")
    rows = [
        _day_row(pack, theme, lang, player, pack.colours[n % len(pack.colours)], (w, h))
        for n, player in enumerate(given["players"])
    ]
    names = [
        typeset_text(people[n] if n < len(people) else str(n + 1), lang) for n in range(len(rows))
    ]
    label_w = max(stringWidth(name, BODY, CAPTION_SIZE) for name in names) + DAY_GAP
    texts = [[words for _, words in row] for row in rows]
    weather = [pack.label(f"day_{key}")(lang) for key in ("forecast", "next")]
    texts[-1] += weather  # the forecast pair lies at the end of the last row

    def band(words: list[str]) -> float:  # a row: its cards and its own longest caption
        lines = max(len(caption_lines(Caption(0, 0, card_w, t))) for t in words)
        return card_h + 2 * MM + lines * CAPTION_LEAD

    bands = [band(row) for row in texts]
    height = 2 * EDGE_ROW + sum(bands) + (len(rows) - 1) * ROW_GAP
    placed: list[Placed] = []
    captions: list[Caption] = []
    for n, row in enumerate(rows):
        top = height - EDGE_ROW - sum(bands[:n]) - n * ROW_GAP
        middle = top - card_h / 2 + CAPTION_SIZE / 2  # the name, level with the cards' middle
        captions.append(Caption(EDGE_ROW + label_w / 2, middle, label_w, names[n]))
        for k, (shown, _) in enumerate(row):
            x = EDGE_ROW + label_w + k * (card_w + DAY_GAP)
            placed.append(Placed(shown[0], x, top - card_h, DAY_SCALE, shown[1]))
            text = typeset_text(texts[n][k], lang)
            captions.append(Caption(x + card_w / 2, top - card_h - 1.5 * MM, card_w, text))
    pair_x = DAY_WIDTH - EDGE_ROW - 2 * card_w - DAY_GAP
    top = height - EDGE_ROW - sum(bands[:-1]) - (len(rows) - 1) * ROW_GAP  # the last row
    for k, card in enumerate((given["forecast"], given["revealed"])):
        face = Shown(faces.weather_face(pack, pack.weather_card(card), lang, theme), w, h)
        x = pair_x + k * (card_w + DAY_GAP)
        placed.append(Placed(face, x, top - card_h, DAY_SCALE))
        words = typeset_text(weather[k], lang)
        captions.append(Caption(x + card_w / 2, top - card_h - 1.5 * MM, card_w, words))
    alt = typeset_text(pack.label("picture_day")(lang), lang)
    return BoxedScene(placed, DAY_WIDTH, height, alt, sheet, captions, (), DAY_GROUND, True)


EDGE_ROW = 2 * MM  # between the cards and the sides of the day's picture


def _day_row(
    pack: LemonadeStand,
    theme: Theme,
    lang: str,
    player: dict,
    colour: PlayerColour,
    size: tuple[float, float],
) -> list[tuple[tuple[Shown, int], str]]:
    """One player's cards that morning, left to right, each with its caption's words."""
    w, h = size
    stand = pack.stand(player["stand"])
    quoted = f"«{stand.name(lang)}»" if lang == "ru" else stand.name(lang)
    row = [((Shown(faces.stand_face(pack, stand, colour, lang, theme), w, h), 0), quoted)]
    for play in player["coins"]:
        coin = pack.coin(play["coin"])
        bought = pack.end(play["buys"])
        turn = 0 if play["buys"] == CUPS else 180  # the face prints cups at its top
        face = Shown(faces.coin_face(pack, coin, lang, theme), w, h)
        row.append(((face, turn), "+" + bought.counted(pack.units(coin.id), lang)))
    for card_id in player.get("dollars", []):
        name, _, deck = str(card_id).partition("/")
        card = pack.dollar(name)
        face = Shown(faces.dollar_face(pack, card, 2 if deck else 1, lang, theme), w, h)
        row.append(((face, 0), card.title(lang)))
    return row
