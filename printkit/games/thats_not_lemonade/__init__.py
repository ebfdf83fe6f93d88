"""That's Not Lemonade: 2-6 players push their luck for lemons, round after round."""

from __future__ import annotations

from printkit.games.thats_not_lemonade.content import load
from printkit.games.thats_not_lemonade.examples import RULES
from printkit.games.thats_not_lemonade.simulation import SIMULATOR
from printkit.registry import GamePlugin, register


def kit(pack, options):
    """The print-and-play kit (pack, KitOptions) -> Kit; drawing code loads only to build."""
    from printkit.games.thats_not_lemonade.kit import kit as parts

    return parts(pack, options)


def rulebook(pack, theme):
    """The rulebook context (pack, Theme) -> RulebookContext; its code loads only when used."""
    from printkit.games.thats_not_lemonade.rulebook import rulebook as context

    return context(pack, theme)


PLUGIN = register(
    GamePlugin(
        id="thats-not-lemonade",
        title="That's Not Lemonade",
        load=load,
        rules=RULES,
        kit=kit,
        simulate=SIMULATOR,
        rulebook=rulebook,
    )
)
