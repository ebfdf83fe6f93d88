"""Yard Sale's print-and-play kit: which parts, in which order.

Each part is made with `made`, so the content values it reads are recorded as
what it depends on: a new price tag touches the item cards, not the shoppers.
"""

from __future__ import annotations

from dataclasses import replace

from printkit.games.yard_sale.kit import cards as kit_cards
from printkit.games.yard_sale.kit import track as kit_track
from printkit.games.yard_sale.model import YardSale
from printkit.kit import Deck, Kit, KitOptions, made
from printkit.render.theme import Theme


def kit(pack: YardSale, options: KitOptions) -> Kit:
    theme = options.theme
    makers = (
        items_and_shoppers,
        kit_cards.pitch_cards,
        kit_cards.cash_cards,
        kit_track.turn_track,
        kit_cards.reference_cards,
        kit_track.tokens,
    )
    parts = tuple(made(make, pack, theme) for make in makers)
    extras = tuple(f"{c.count} × {c.name}" for c in pack.components if not c.printable)
    return Kit(pack.id, pack.title, parts, extras)


def items_and_shoppers(pack: YardSale, theme: Theme) -> Deck:
    """The item cards, with the shopper cards on the same sheets: apart, the last sheet of
    each deck is mostly empty, together they save a sheet of card stock."""
    items = kit_cards.item_cards(pack, theme)
    shoppers = kit_cards.shopper_cards(pack, theme)
    say = kit_cards.say
    title = say(
        pack,
        "deck.items_and_shoppers",
        item_cards=len(items.pieces),
        shopper_cards=len(shoppers.pieces),
    )
    note = say(pack, "deck.items_and_shoppers_note")
    return replace(items, title=title, note=note, also=(shoppers,), name=items.title)
