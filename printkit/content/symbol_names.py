"""The names of the symbols `printkit.render.symbols` draws, known without loading PDF code.

Content validation checks a symbol name against this list; checking a game's
content never imports reportlab.
"""

from __future__ import annotations

SYMBOL_NAMES = frozenset(
    {
        "sun",
        "cloud",
        "drop",
        "heart",
        "leaf",
        "star",
        "cup",
        "cube",
        "lemon",
        "snowflake",
        "thermometer",
        "coin",
        "diamond",
        "triangle",
        "flag",
    }
)
