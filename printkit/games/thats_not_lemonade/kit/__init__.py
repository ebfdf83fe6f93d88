"""That's Not Lemonade's print-and-play kit: which parts, in which order.

Each part is made with `made`, so the content values it reads are recorded as
what it depends on: a new motto rebuilds the tiles alone, while a change of
card counts rebuilds the deck and the odds card worked out from it.
"""

from __future__ import annotations

from dataclasses import replace

from printkit.games.thats_not_lemonade.kit.cards import card_deck
from printkit.games.thats_not_lemonade.kit.reference import odds_cards, tiles
from printkit.games.thats_not_lemonade.model import ThatsNotLemonade
from printkit.games.thats_not_lemonade.rules import odds_table
from printkit.kit import Deck, Kit, KitOptions, made
from printkit.render.theme import Theme


def kit(pack: ThatsNotLemonade, options: KitOptions) -> Kit:
    theme = options.theme
    parts = (made(cards_and_odds, pack, theme), made(tiles, pack, theme))
    return Kit(pack.id, pack.title, parts, pack.bring)


def cards_and_odds(pack: ThatsNotLemonade, theme: Theme) -> Deck:
    """The deck, with the odds cards in the rows its last sheet leaves empty: 28 cards
    would leave one alone on a sheet of nine, and six odds cards half a sheet of four."""
    deck = card_deck(pack, theme)
    odds = odds_cards(pack, odds_table(pack), theme)
    say = pack.words.say
    title = say("deck.cards_and_odds", cards=len(deck.pieces), odds=len(odds.pieces))
    note = say("deck.cards_and_odds_note", cards=deck.note, odds=odds.note)
    return replace(deck, title=title, note=note, also=(odds,), name=deck.title)
