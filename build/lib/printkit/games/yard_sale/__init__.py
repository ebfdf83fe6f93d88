"""Yard Sale: a family's driveway sale, sixteen 15-minute rounds, five shoppers at a time."""

from __future__ import annotations

from printkit.games.yard_sale.content import load
from printkit.games.yard_sale.examples import RULES
from printkit.registry import GamePlugin, lazy, register

PLUGIN = register(
    GamePlugin(
        id="yard-sale",
        title="Yard Sale",
        load=load,
        rules=RULES,
        kit=lazy("printkit.games.yard_sale.kit", "kit"),
        rulebook=lazy("printkit.games.yard_sale.rulebook", "rulebook"),
    )
)
