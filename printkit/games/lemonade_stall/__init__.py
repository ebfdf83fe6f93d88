"""Lemonade Stall: 2-4 lemonade stands, seven days of weather."""

from __future__ import annotations

from printkit.games.lemonade_stall.content import load
from printkit.games.lemonade_stall.examples import RULES
from printkit.games.lemonade_stall.simulation import SIMULATOR
from printkit.registry import GamePlugin, register


def kit(pack, options):
    """The print-and-play kit (pack, KitOptions) -> Kit; drawing code loads only to build."""
    from printkit.games.lemonade_stall.kit import kit as parts

    return parts(pack, options)


def rulebook(pack, theme):
    """The rulebook context (pack, Theme) -> RulebookContext; its code loads only when used."""
    from printkit.games.lemonade_stall.rulebook import rulebook as context

    return context(pack, theme)


PLUGIN = register(
    GamePlugin(
        id="lemonade-stall",
        title="Lemonade Stall",
        load=load,
        rules=RULES,
        kit=kit,
        simulate=SIMULATOR,
        rulebook=rulebook,
    )
)
