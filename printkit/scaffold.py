"""`printkit new`: a new game folder that checks and builds at once."""

from __future__ import annotations

import shutil
from pathlib import Path

from printkit.errors import UsageError
from printkit.resources import scaffold_folder

SCAFFOLD = scaffold_folder()


def title_of(game_id: str) -> str:
    return " ".join(word.capitalize() for word in game_id.split("-"))


def scaffold(content: Path, game_id: str, title: str | None = None) -> Path:
    """Copy the scaffold into ``content/<game_id>/``, naming the game in every file."""
    if not game_id or not all(c.islower() or c.isdigit() or c == "-" for c in game_id):
        raise UsageError(f"game id {game_id!r} is not kebab-case (lower-case words and hyphens)")
    target = content / game_id
    if target.exists():
        raise UsageError(f"{target} already exists; choose another id or remove it")
    shutil.copytree(SCAFFOLD, target)
    for path in sorted(target.rglob("*")):
        if path.is_file():
            text = path.read_text(encoding="utf-8")
            text = text.replace("__ID__", game_id).replace("__TITLE__", title or title_of(game_id))
            path.write_text(text, encoding="utf-8")
    return target
