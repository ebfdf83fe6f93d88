"""Lemonade Stand's set-up picture: four players round the bank and the two decks, drawn
by the kit's own card faces scaled down; the callouts' words come from ``labels.yaml``
in the rulebook's language."""

from __future__ import annotations

from reportlab.lib.colors import HexColor
from reportlab.pdfgen.canvas import Canvas

from printkit.games.lemonade_stand.kit import faces
from printkit.games.lemonade_stand.model import LemonadeStand, PlayerColour
from printkit.render.theme import Theme
from printkit.render.units import MM, Box
from printkit.rulebook.pictures import PictureSheet
from printkit.rulebook.scenes import Callout, Placed, SceneBlock, Shown, place, round_the_table

MEASURE = 150 * MM
PAVEMENT = HexColor("#EDE7DA")  # the table top
SCALE = 0.22  # cards on the table: under a quarter of their printed size
FAN = 0.3  # each card of a fan steps this share of a card along
GAP = 3 * MM
CALLOUTS = ("stands", "hand", "bank", "dollars", "weather")


def setup_table(pack: LemonadeStand, theme: Theme, lang: str, sheet: PictureSheet) -> SceneBlock:
    """Each player with their stands face up and a hidden hand; the bank, the dollar deck
    and the weather deck with its first forecast turned up, in the middle."""
    w, h = pack.card.width * MM, pack.card.height * MM
    players = pack.max_players
    seats = [_seat(pack, colour, theme, lang, w, h) for colour in pack.colours[:players]]
    placed, height = round_the_table(seats, MEASURE, SCALE, 2 * GAP)
    centre_x, centre_y = MEASURE / 2, height / 2
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
    stands_w = _fan_width(w, len(pack.stands)) * SCALE
    points = {
        "stands": (near.x + stands_w / 2, near.top + 2 * MM),
        "hand": (near.right - card_w / 2, near.top + 2 * MM),
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
    stands = [Shown(faces.stand_face(pack, s, colour, lang, theme), w, h) for s in pack.stands]
    coin_back = Shown(faces.coin_back(pack, lang, theme), w, h)
    dollar_back = Shown(faces.dollar_back(pack, lang, theme), w, h)
    coins = sum(count for _, count in pack.start_mix)
    hand = [coin_back] * coins + [dollar_back] * pack.start_dollars
    gap = 5 * MM / SCALE
    width = _fan_width(w, len(stands)) + gap + _fan_width(w, len(hand))

    def draw(c: Canvas, box: Box) -> None:
        for n, card in enumerate(stands):
            place(c, Placed(card, box.x + n * w * FAN, box.y))
        start = box.x + _fan_width(w, len(stands)) + gap
        for n, card in enumerate(hand):
            place(c, Placed(card, start + n * w * FAN, box.y))

    return Shown(draw, width, h, edge=False)
