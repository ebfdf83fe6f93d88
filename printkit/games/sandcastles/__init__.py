"""Sandcastles: 2-6 builders, 100 castle cards, five minutes before the tide."""

from __future__ import annotations

from printkit.games.sandcastles.content import load
from printkit.games.sandcastles.examples import RULES
from printkit.registry import register_game

PLUGIN = register_game(__name__, "sandcastles", "Sandcastles", load, RULES)
