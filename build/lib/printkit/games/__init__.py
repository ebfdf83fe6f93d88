"""The games bundled with printkit: each id and the package that registers it.

A package is imported only when its game is asked for, so a command about one
game does not load the others.
"""

from __future__ import annotations

BUILTIN: dict[str, str] = {
    "cards": "printkit.games.cards",
    "lemonade-stall": "printkit.games.lemonade_stall",
    "lemonade-stand": "printkit.games.lemonade_stand",
    "sandcastles": "printkit.games.sandcastles",
    "thats-not-lemonade": "printkit.games.thats_not_lemonade",
    "yard-sale": "printkit.games.yard_sale",
}
