"""That's Not Lemonade: 2-6 players push their luck for lemons, round after round."""

from __future__ import annotations

from printkit.games.thats_not_lemonade.content import load
from printkit.games.thats_not_lemonade.examples import RULES
from printkit.registry import register_game

PLUGIN = register_game(
    __name__, "thats-not-lemonade", "That's Not Lemonade", load, RULES, simulates=True
)
