"""Lemonade Stand: 2-8 lemonade stands, seven days, a forecast that is right half the time."""

from __future__ import annotations

from printkit.games.lemonade_stand.content import load
from printkit.games.lemonade_stand.examples import RULES
from printkit.games.lemonade_stand.text import LANGUAGES
from printkit.registry import register_game

PLUGIN = register_game(
    __name__, "lemonade-stand", "Lemonade Stand", load, RULES, languages=LANGUAGES
)
