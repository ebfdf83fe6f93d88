"""That's Not Lemonade's print-and-play kit: which parts, in which order.

Each part is made with `made`, so the content values it reads are recorded as
what it depends on: a new motto rebuilds the tiles alone, while a change of
card counts rebuilds the deck and the odds card worked out from it.
"""

from __future__ import annotations

from printkit.games.thats_not_lemonade.kit.cards import card_deck
from printkit.games.thats_not_lemonade.kit.reference import odds_cards, tiles
from printkit.games.thats_not_lemonade.model import ThatsNotLemonade
from printkit.games.thats_not_lemonade.rules import odds_table
from printkit.kit import Kit, KitOptions, made


def kit(pack: ThatsNotLemonade, options: KitOptions) -> Kit:
    theme = options.theme
    odds = made(lambda: odds_cards(pack, odds_table(pack), theme))
    parts = (made(card_deck, pack, theme), made(tiles, pack, theme), odds)
    return Kit(pack.id, pack.title, parts, pack.bring)
