"""Yard Sale: a family's driveway sale, sixteen 15-minute rounds, five shoppers at a time."""

from __future__ import annotations

from printkit.games.yard_sale.content import load
from printkit.games.yard_sale.examples import RULES
from printkit.registry import GamePlugin, register


def kit(pack, options):
    """The print-and-play kit (pack, KitOptions) -> Kit; drawing code loads only to build."""
    from printkit.games.yard_sale.kit import kit as parts

    return parts(pack, options)


def rulebook(pack, theme):
    """The rulebook context (pack, Theme) -> RulebookContext; its code loads only when used."""
    from printkit.games.yard_sale.rulebook import rulebook as context

    return context(pack, theme)


PLUGIN = register(
    GamePlugin(
        id="yard-sale",
        title="Yard Sale",
        load=load,
        rules=RULES,
        kit=kit,
        rulebook=rulebook,
    )
)
