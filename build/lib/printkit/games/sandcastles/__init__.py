"""Sandcastles: 2-6 builders, 100 castle cards, five minutes before the tide."""

from __future__ import annotations

from printkit.games.sandcastles.content import load
from printkit.games.sandcastles.examples import RULES
from printkit.registry import GamePlugin, lazy, register

PLUGIN = register(
    GamePlugin(
        id="sandcastles",
        title="Sandcastles",
        load=load,
        rules=RULES,
        kit=lazy("printkit.games.sandcastles.kit", "kit"),
        rulebook=lazy("printkit.games.sandcastles.rulebook", "rulebook"),
    )
)
