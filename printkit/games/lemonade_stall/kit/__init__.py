"""Lemonade Stall's print-and-play kit: which parts, in which order.

Each part is made with `made`, so the content values it reads (making it and
drawing it) are recorded as what it depends on: an event card's new text
touches the event cards, not the board.
"""

from __future__ import annotations

from printkit.games.lemonade_stall.kit import cards as kit_cards
from printkit.games.lemonade_stall.kit import mats as kit_mats
from printkit.games.lemonade_stall.model import LemonadeStall
from printkit.kit import Kit, KitOptions, made


def kit(pack: LemonadeStall, options: KitOptions) -> Kit:
    # the board's drawing code loads only to build
    from printkit.games.lemonade_stall.kit import board as kit_board

    theme = options.theme
    makers = (
        kit_board.board,
        kit_board.sales_charts,
        kit_mats.player_mats,
        kit_cards.event_cards,
        kit_cards.benefit_cards,
        kit_cards.price_cards,
        kit_cards.tokens_and_markers,
        kit_board.stock_sheet,
    )
    parts = tuple(made(make, pack, theme) for make in makers)
    extras = tuple(f"{c.count} × {c.name.lower()}" for c in pack.components if not c.printable)
    return Kit(pack.id, pack.title, parts, extras)
