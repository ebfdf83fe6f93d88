"""That's Not Lemonade's rulebook pictures: the set-up (four players round the shuffled deck,
each with a character tile, an odds card and a cup, drawn by the kit's own renderers
scaled down) and the cup's three signals (the pack's ``signal-*`` art side by side); the
callouts' and captions' words come from ``words.yaml``."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from reportlab.lib.colors import HexColor, white
from reportlab.pdfgen.canvas import Canvas

from printkit.games.thats_not_lemonade.kit.cards import card_deck
from printkit.games.thats_not_lemonade.kit.reference import odds_cards, tiles
from printkit.games.thats_not_lemonade.model import ThatsNotLemonade
from printkit.games.thats_not_lemonade.rules import odds_table
from printkit.render.layout import draw_picture
from printkit.render.symbols import draw_symbol
from printkit.render.theme import Theme
from printkit.render.units import MM, Box
from printkit.rulebook.pictures import PictureSheet
from printkit.rulebook.scenes import (
    Callout,
    Caption,
    Placed,
    SceneBlock,
    Shown,
    place,
    round_the_table,
)

MEASURE = 150 * MM
TABLE = HexColor("#E9EFE3")  # the table top
SCALE = 0.24  # pieces on the table: about a quarter of their printed size
SEATS = 4  # near, far, left and right of the deck
CUP = 11 * MM / SCALE  # the room a player's cup takes beside the tile (unscaled)
SIGNALS = ("hit", "pass", "out")  # the cup's signals, left to right: art/signal-<key>.svg
SIGNAL = 28 * MM  # one signal picture's square
SIGNAL_GAP = 14 * MM
SIGNAL_WORDS = 10 * MM  # the room under each picture for its name and meaning


def setup_table(pack: ThatsNotLemonade, theme: Theme, sheet: PictureSheet) -> SceneBlock:
    """Each seat a tile, an odds card and a cup; the shuffled deck face down in the middle."""
    cards, characters = card_deck(pack, theme), tiles(pack, theme)
    odds = odds_cards(pack, odds_table(pack), theme)
    players = min(SEATS, pack.max_players)
    seats = [
        _seat(characters.pieces[n % len(characters.pieces)], characters, odds)
        for n in range(players)
    ]
    placed, height = round_the_table(seats, MEASURE, SCALE, 6 * MM)
    centre_x, centre_y = MEASURE / 2, height / 2
    back = Shown(cards.pieces[0].back, cards.width, cards.height)
    card_w, card_h = cards.width * SCALE, cards.height * SCALE
    deck_x, deck_y = centre_x - card_w / 2, centre_y - card_h / 2
    for layer in range(4):  # a few backs stepped: a pile, not a card
        step = layer * 0.5 * MM
        placed.append(Placed(back, deck_x + step, deck_y + step, SCALE))
    near = placed[0].footprint
    tile_w, tile_h = characters.width * SCALE, characters.height * SCALE
    odds_h = odds.height * SCALE
    gap = _GAP * SCALE
    points = {
        "tile": (near.x + tile_w - 2 * MM, near.y + tile_h + 2 * MM),
        "cup": (near.x + tile_w + gap + CUP * SCALE / 2 + 3 * MM, near.y + tile_h / 2 + 3 * MM),
        "odds": (near.right - 2 * MM, near.y + odds_h + 1 * MM),
        "deck": (deck_x + card_w + 4 * MM, deck_y + card_h + 1 * MM),
    }
    values = {"cards": len(pack.deck(players)), "players": players}
    callouts = [
        Callout(*points[key], text.format(**values))
        for key, text in pack.words.each("callout.setup").items()
        if key in points
    ]
    alt = pack.words.say("picture.setup", players=players)
    return SceneBlock(placed, MEASURE, height, alt, sheet, (), callouts, TABLE, caption=True)


_GAP = 4 * MM / SCALE  # between a seat's pieces (unscaled)


def _seat(character, characters, odds) -> Shown:
    """One player's place, near side up: the tile, the cup beside it, the odds card."""
    tile = Shown(character.draw, characters.width, characters.height)
    card = Shown(odds.pieces[0].draw, odds.width, odds.height)
    width = tile.width + _GAP + CUP + _GAP + card.width
    height = max(tile.height, card.height)

    def draw(c: Canvas, box: Box) -> None:
        place(c, Placed(tile, box.x, box.y, 1.0))
        r = CUP * 0.42
        cx, cy = box.x + tile.width + _GAP + CUP / 2, box.y + tile.height / 2
        draw_symbol(c, "cup", cx, cy, r, fill=white, line_width=r * 0.06)
        place(c, Placed(card, box.right - card.width, box.y, 1.0))

    return Shown(draw, width, height, edge=False)


def cup_signals(pack: ThatsNotLemonade, sheet: PictureSheet) -> SceneBlock:
    """The cup the right way up, upside down and on its side, each named under it: the
    game's one signal made with the hands, drawn once so players can copy it."""
    placed, captions = [], []
    for n, key in enumerate(SIGNALS):
        x = SIGNAL_GAP / 2 + n * (SIGNAL + SIGNAL_GAP)  # half a gap of room at each end
        art = pack.art.need(f"signal-{key}")
        shown = Shown(_picture(art.path), SIGNAL, SIGNAL, edge=False)
        placed.append(Placed(shown, x, SIGNAL_WORDS))
        words = pack.words.say(f"signal.{key}")
        captions.append(Caption(x + SIGNAL / 2, SIGNAL_WORDS, SIGNAL + SIGNAL_GAP, words))
    width = len(SIGNALS) * (SIGNAL + SIGNAL_GAP)
    alt = pack.words.say("picture.signals")
    return SceneBlock(placed, width, SIGNAL + SIGNAL_WORDS, alt, sheet, captions, caption=True)


def _picture(path: Path) -> Callable[[Canvas, Box], None]:
    """A draw function placing one art file in the box it is given."""

    def draw(c: Canvas, box: Box) -> None:
        draw_picture(c, box, path)

    return draw
