"""A plain card game: the engine behind `printkit new`, and a base for simple games.

Content is a deck of cards (title, text, copies) and the game's frame; the kit
is the deck with backs; the one example rule counts the deck. A scaffolded
game builds at once and grows from here.
"""

from __future__ import annotations

from printkit.games.cards.content import load
from printkit.games.cards.examples import RULES
from printkit.registry import register_game

ENGINE = "cards"


PLUGIN = register_game(__name__, ENGINE, "Card game", load, RULES)
