"""Lemonade Stall's print-and-play kit: which parts, in which order."""

from __future__ import annotations

from printkit.games.lemonade_stall import kit_cards, kit_mats
from printkit.games.lemonade_stall.model import LemonadeStall
from printkit.kit import Kit, KitOptions


def kit(pack: LemonadeStall, options: KitOptions) -> Kit:
    from printkit.games.lemonade_stall import kit_board  # drawing code loads only to build

    theme = options.theme
    parts = (
        kit_board.board(pack, theme),
        kit_board.sales_charts(pack, theme),
        kit_mats.player_mats(pack, theme),
        kit_cards.event_cards(pack, theme),
        kit_cards.benefit_cards(pack, theme),
        kit_cards.price_cards(pack, theme),
        kit_cards.markers(pack, theme),
        kit_cards.tokens(pack, theme),
        kit_board.stock_sheet(pack, theme),
    )
    extras = tuple(f"{c.count} × {c.name.lower()}" for c in pack.components if not c.printable)
    return Kit(pack.id, pack.title, parts, extras)
