"""Lemonade Stall's print-and-play kit: which parts, in which order, drawn from what.

Each part names the content values it draws from (`inputs`), so a balance
change rebuilds only the parts that print it: an event card's new text touches
the event cards, not the board.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from printkit.games.lemonade_stall.kit import cards as kit_cards
from printkit.games.lemonade_stall.kit import mats as kit_mats
from printkit.games.lemonade_stall.model import LemonadeStall
from printkit.kit import Kit, KitOptions


def frame(pack: LemonadeStall) -> tuple:
    """Everything but the card texts: what boards, charts, mats and tokens may print."""
    bare = replace(pack, events=(), benefits=(), folder=Path("."), gaps=())
    events = tuple((e.id, e.title, e.effect, e.change, e.copies, e.immunity) for e in pack.events)
    benefits = tuple((b.id, b.title, b.effect, b.min_players) for b in pack.benefits)
    return (bare, events, benefits)


def kit(pack: LemonadeStall, options: KitOptions) -> Kit:
    # the board's drawing code loads only to build
    from printkit.games.lemonade_stall.kit import board as kit_board

    theme = options.theme
    base = frame(pack)
    cards = (pack.title, pack.kit.card, pack.words, pack.items, pack.art)
    parts = (
        replace(kit_board.board(pack, theme), inputs=base),
        replace(kit_board.sales_charts(pack, theme), inputs=base),
        replace(kit_mats.player_mats(pack, theme), inputs=base),
        replace(kit_cards.event_cards(pack, theme), inputs=(cards, pack.events)),
        replace(kit_cards.benefit_cards(pack, theme), inputs=(cards, pack.benefits)),
        replace(kit_cards.price_cards(pack, theme), inputs=base),
        replace(kit_cards.tokens_and_markers(pack, theme), inputs=base),
        replace(kit_board.stock_sheet(pack, theme), inputs=base),
    )
    extras = tuple(f"{c.count} × {c.name.lower()}" for c in pack.components if not c.printable)
    return Kit(pack.id, pack.title, parts, extras)
