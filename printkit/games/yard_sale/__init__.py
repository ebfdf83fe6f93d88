"""Yard Sale: a family's driveway sale, sixteen 15-minute rounds, five shoppers at a time."""

from __future__ import annotations

from printkit.games.yard_sale.content import load
from printkit.games.yard_sale.examples import RULES
from printkit.registry import register_game

PLUGIN = register_game(__name__, "yard-sale", "Yard Sale", load, RULES)
