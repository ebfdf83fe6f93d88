"""The rulebook context an English-only game assembles: one shape, written once."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from printkit.render.formats import names
from printkit.rulebook.context import Block, RulebookContext
from printkit.rulebook.rulings import by_field, ruling_function


def rulebook_context(
    pack: Any,
    variables: Mapping[str, Any],
    blocks: Mapping[str, Block],
    gaps: list[dict[str, Any]],
    filters: Mapping[str, Callable[..., Any]] | None = None,
) -> RulebookContext:
    """Titled by the pack, its rulings (``gaps``) cited by field; ``names`` both ways."""
    return RulebookContext(
        title=pack.title,
        subject=f"{pack.title} rules",
        variables={**variables, "gaps": gaps},
        blocks=blocks,
        filters={**(filters or {}), "names": names},
        functions={"ruling": ruling_function(by_field(gaps)), "names": names},
    )
