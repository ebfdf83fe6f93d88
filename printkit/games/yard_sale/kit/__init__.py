"""Yard Sale's print-and-play kit: which parts, in which order.

Each part is made with `made`, so the content values it reads are recorded as
what it depends on: a new price tag touches the item cards, not the shoppers.
"""

from __future__ import annotations

from printkit.games.yard_sale.kit import cards as kit_cards
from printkit.games.yard_sale.kit import track as kit_track
from printkit.games.yard_sale.model import YardSale
from printkit.kit import Kit, KitOptions, made


def kit(pack: YardSale, options: KitOptions) -> Kit:
    theme = options.theme
    makers = (
        kit_cards.item_cards,
        kit_cards.shopper_cards,
        kit_cards.pitch_cards,
        kit_cards.cash_cards,
        kit_track.turn_track,
        kit_cards.reference_cards,
        kit_track.tokens,
    )
    parts = tuple(made(make, pack, theme) for make in makers)
    extras = tuple(f"{c.count} × {c.name}" for c in pack.components if not c.printable)
    return Kit(pack.id, pack.title, parts, extras)
