"""The rulebook: Markdown + Jinja templates typeset into a PDF and an HTML page.

Shared machinery only: a game supplies its template variables and special
blocks through `GamePlugin.rulebook`; nothing here names a game. The names
below are imported when first asked for, so typesetting Markdown alone does
not load the templates, the registry or the HTML writer.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from printkit.rulebook.build import render_rulebook
    from printkit.rulebook.context import Block, RulebookContext

__all__ = ["Block", "RulebookContext", "render_rulebook"]
_HOMES = {
    "Block": "printkit.rulebook.context",
    "RulebookContext": "printkit.rulebook.context",
    "render_rulebook": "printkit.rulebook.build",
}


def __getattr__(name: str) -> Any:
    if name not in _HOMES:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    from importlib import import_module

    return getattr(import_module(_HOMES[name]), name)
