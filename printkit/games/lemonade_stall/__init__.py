"""Lemonade Stall: 2-4 lemonade stands, seven days of weather."""

from __future__ import annotations

from printkit.games.lemonade_stall.content import load
from printkit.games.lemonade_stall.examples import RULES
from printkit.registry import register_game

PLUGIN = register_game(__name__, "lemonade-stall", "Lemonade Stall", load, RULES, simulates=True)
