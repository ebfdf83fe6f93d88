"""Lemonade Stand: 2-8 lemonade stands, seven days, a forecast that is right half the time."""

from __future__ import annotations

from printkit.games.lemonade_stand.content import load
from printkit.games.lemonade_stand.examples import RULES
from printkit.games.lemonade_stand.text import LANGUAGES
from printkit.registry import GamePlugin, register


def kit(pack, options):
    """The print-and-play kit (pack, KitOptions) -> Kit; drawing code loads only to build."""
    from printkit.games.lemonade_stand.kit import kit as parts

    return parts(pack, options)


def rulebook(pack, theme, lang):
    """The rulebook context in ``lang``; its code loads only when a rulebook is built."""
    from printkit.games.lemonade_stand.rulebook import rulebook as context

    return context(pack, theme, lang)


PLUGIN = register(
    GamePlugin(
        id="lemonade-stand",
        title="Lemonade Stand",
        load=load,
        rules=RULES,
        kit=kit,
        rulebook=rulebook,
        languages=LANGUAGES,
    )
)
