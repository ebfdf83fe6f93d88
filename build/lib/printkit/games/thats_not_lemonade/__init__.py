"""That's Not Lemonade: 2-6 players push their luck for lemons, round after round."""

from __future__ import annotations

from printkit.games.thats_not_lemonade.content import load
from printkit.games.thats_not_lemonade.examples import RULES
from printkit.registry import GamePlugin, lazy, register

PLUGIN = register(
    GamePlugin(
        id="thats-not-lemonade",
        title="That's Not Lemonade",
        load=load,
        rules=RULES,
        kit=lazy("printkit.games.thats_not_lemonade.kit", "kit"),
        simulate=lazy("printkit.games.thats_not_lemonade.simulation", "simulator"),
        rulebook=lazy("printkit.games.thats_not_lemonade.rulebook", "rulebook"),
    )
)
