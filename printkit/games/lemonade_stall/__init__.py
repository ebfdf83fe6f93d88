"""Lemonade Stall: 2-4 lemonade stands, seven days of weather."""

from __future__ import annotations

from printkit.games.lemonade_stall.content import load
from printkit.games.lemonade_stall.examples import RULES
from printkit.games.lemonade_stall.kit import kit
from printkit.registry import GamePlugin, register

PLUGIN = register(
    GamePlugin(id="lemonade-stall", title="Lemonade Stall", load=load, rules=RULES, kit=kit)
)
