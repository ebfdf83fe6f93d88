"""Card text with numbers drawn from the card's own effect.

A card's printed text says ``Earn ${per_cup} more``: the number comes from the
effect the engine reads, so a balance change is one edit. ``{-name}`` prints
the value negated ("$1 less" from a bonus of -1).
"""

from __future__ import annotations

import re

from printkit.content.fields import Field, suggest

PLACEHOLDER = re.compile(r"\{(-?)([a-z_]+)\}")


def fill_text(node: Field, values: dict[str, object]) -> str:
    text = node.as_str()

    def replace(match: re.Match) -> str:
        negate, name = match.group(1), match.group(2)
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
        return str(value)

    filled = PLACEHOLDER.sub(replace, text)
    if "{" in filled or "}" in filled:
        raise node.error("card text has an unmatched brace", "write placeholders as {name}")
    return filled
