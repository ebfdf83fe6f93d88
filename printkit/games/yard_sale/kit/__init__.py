"""Yard Sale's print-and-play kit: which parts, in which order, drawn from what.

Each part names the content values it draws from (`inputs`), so a balance
change rebuilds only the parts that print it: a new price tag touches the
item cards, not the shoppers.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from printkit.games.yard_sale.kit import cards as kit_cards
from printkit.games.yard_sale.kit import track as kit_track
from printkit.games.yard_sale.model import YardSale
from printkit.kit import Kit, KitOptions


def frame(pack: YardSale) -> YardSale:
    """Everything but the card lists: what the track, reference cards and tokens may print."""
    return replace(pack, items=(), shoppers=(), pitches=(), folder=Path("."), gaps=())


def kit(pack: YardSale, options: KitOptions) -> Kit:
    theme = options.theme
    base = frame(pack)
    look = (pack.title, pack.kit, pack.subjects, pack.art)
    opinion = (pack.favourite_opinion, pack.dislike_opinion)
    parts = (
        replace(kit_cards.item_cards(pack, theme), inputs=(look, pack.items)),
        replace(kit_cards.shopper_cards(pack, theme), inputs=(look, opinion, pack.shoppers)),
        replace(kit_cards.pitch_cards(pack, theme), inputs=(look, pack.pitches)),
        replace(kit_cards.cash_cards(pack, theme), inputs=(look, pack.cash)),
        replace(kit_track.turn_track(pack, theme), inputs=base),
        replace(kit_cards.reference_cards(pack, theme), inputs=base),
        replace(kit_track.tokens(pack, theme), inputs=base),
    )
    extras = tuple(f"{c.count} × {c.name}" for c in pack.components if not c.printable)
    return Kit(pack.id, pack.title, parts, extras)
