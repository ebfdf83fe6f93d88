"""The rulebook: Markdown + Jinja templates typeset into a PDF and an HTML page.

Shared machinery only: a game supplies its template variables and special
blocks through `GamePlugin.rulebook`; nothing here names a game.
"""

from __future__ import annotations

from printkit.rulebook.build import render_rulebook
from printkit.rulebook.context import Block, RulebookContext

__all__ = ["Block", "RulebookContext", "render_rulebook"]
