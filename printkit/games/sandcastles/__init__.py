"""Sandcastles: 2-6 builders, 100 castle cards, five minutes before the tide."""

from __future__ import annotations

from printkit.games.sandcastles.content import load
from printkit.games.sandcastles.examples import RULES
from printkit.registry import GamePlugin, register


def kit(pack, options):
    """The print-and-play kit (pack, KitOptions) -> Kit; drawing code loads only to build."""
    from printkit.games.sandcastles.kit import kit as parts

    return parts(pack, options)


def rulebook(pack, theme):
    """The rulebook context (pack, Theme) -> RulebookContext; its code loads only when used."""
    from printkit.games.sandcastles.rulebook import rulebook as context

    return context(pack, theme)


PLUGIN = register(
    GamePlugin(
        id="sandcastles",
        title="Sandcastles",
        load=load,
        rules=RULES,
        kit=kit,
        rulebook=rulebook,
    )
)
