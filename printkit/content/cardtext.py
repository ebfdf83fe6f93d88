"""Card text with numbers drawn from the card's own effect.

A card's printed text says ``Earn ${per_cup} more``: the number comes from the
effect the engine reads, so a balance change is one edit. ``{-name}`` prints
the value negated ("$1 less" from a bonus of -1); ``{name:words}`` a small count
in words ("two of one good") and ``{name:times}`` how often ("twice").
"""

from __future__ import annotations

import re

from printkit.content.fields import Field, suggest
from printkit.content.numbers import SPELLINGS

PLACEHOLDER = re.compile(r"\{(-?)([a-z_]+)(?::([a-z]+))?\}")


def fill_text(node: Field, values: dict[str, object]) -> str:
    text = node.as_str()

    def replace(match: re.Match) -> str:
        negate, name, spelling = match.groups()
        if name not in values:
            raise node.error(
                f"card text names {{{name}}}, which is not in this card's effect",
                suggest(name, values) if values else "this card's effect has no values",
            )
        value = values[name]
        if negate:
            if not isinstance(value, int):
                raise node.error(f"{{-{name}}} needs a number, but {name} is {value!r}")
            value = -value
        if spelling is None:
            return str(value)
        if spelling not in SPELLINGS:
            raise node.error(
                f"card text writes {{{name}:{spelling}}}; no way of printing a count is "
                f"called {spelling!r}",
                suggest(spelling, SPELLINGS),
            )
        if not isinstance(value, int) or isinstance(value, bool):
            raise node.error(f"{{{name}:{spelling}}} needs a whole number, but {name} is {value!r}")
        return SPELLINGS[spelling](value)

    filled = PLACEHOLDER.sub(replace, text)
    if "{" in filled or "}" in filled:
        raise node.error("card text has an unmatched brace", "write placeholders as {name}")
    return filled
