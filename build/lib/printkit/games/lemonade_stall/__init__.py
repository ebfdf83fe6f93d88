"""Lemonade Stall: 2-4 lemonade stands, seven days of weather."""

from __future__ import annotations

from printkit.games.lemonade_stall.content import load
from printkit.games.lemonade_stall.examples import RULES
from printkit.registry import GamePlugin, lazy, register

PLUGIN = register(
    GamePlugin(
        id="lemonade-stall",
        title="Lemonade Stall",
        load=load,
        rules=RULES,
        kit=lazy("printkit.games.lemonade_stall.kit", "kit"),
        simulate=lazy("printkit.games.lemonade_stall.simulation", "simulator"),
        rulebook=lazy("printkit.games.lemonade_stall.rulebook", "rulebook"),
    )
)
