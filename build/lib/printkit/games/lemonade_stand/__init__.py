"""Lemonade Stand: 2-8 lemonade stands, seven days, a forecast that is right half the time."""

from __future__ import annotations

from printkit.games.lemonade_stand.content import load
from printkit.games.lemonade_stand.examples import RULES
from printkit.games.lemonade_stand.text import LANGUAGES
from printkit.registry import GamePlugin, lazy, register

PLUGIN = register(
    GamePlugin(
        id="lemonade-stand",
        title="Lemonade Stand",
        load=load,
        rules=RULES,
        kit=lazy("printkit.games.lemonade_stand.kit", "kit"),
        rulebook=lazy("printkit.games.lemonade_stand.rulebook", "rulebook"),
        languages=LANGUAGES,
    )
)
