"""`printkit new`: a new game folder that checks and builds at once."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

from printkit.content.fields import suggest
from printkit.errors import UsageError
from printkit.resources import scaffold_folder

SCAFFOLD = scaffold_folder()
GAME_FILE = "game.yaml"


def title_of(game_id: str) -> str:
    return " ".join(word.capitalize() for word in game_id.split("-"))


def _check_id(game_id: str) -> None:
    if not re.fullmatch(r"[a-z0-9]+(-[a-z0-9]+)*", game_id):
        raise UsageError(
            f"game id {game_id!r} is not kebab-case",
            "lower-case words and digits joined by hyphens, e.g. 'pirate-picnic'",
        )


def _fresh_target(content: Path, game_id: str) -> Path:
    target = content / game_id
    if target.exists():
        raise UsageError(f"{target} already exists", "choose another id or remove it")
    return target


def scaffold(content: Path, game_id: str, title: str | None = None) -> Path:
    """Copy the scaffold into ``content/<game_id>/``, naming the game in every file."""
    _check_id(game_id)
    target = _fresh_target(content, game_id)
    shutil.copytree(SCAFFOLD, target)
    for path in sorted(target.rglob("*")):
        if path.is_file():
            text = path.read_text(encoding="utf-8")
            text = text.replace("__ID__", game_id).replace("__TITLE__", title or title_of(game_id))
            path.write_text(text, encoding="utf-8")
    return target


def copy_bundled(content: Path, game_id: str, source: str, title: str | None = None) -> Path:
    """Copy a bundled game into ``content/<game_id>/`` to edit as a starting point.

    Under a new id the copy keeps playing by the source game's rules
    (``engine:``), and its examples name the new id.
    """
    from printkit.content.packs import BUNDLED_CONTENT, engine_of, game_folders, game_id_of

    _check_id(game_id)
    bundled = {game_id_of(f): f for f in game_folders(BUNDLED_CONTENT)}
    if source not in bundled:
        raise UsageError(f"no bundled game {source!r}; {suggest(source, sorted(bundled))}")
    target = _fresh_target(content, game_id)
    shutil.copytree(bundled[source], target)
    if game_id != source:
        _rename_pack(target, source, game_id, engine_of(bundled[source]))
    if title:
        _rewrite(target / GAME_FILE, r"^title:.*$", f"title: {_quoted(title)}")
    return target


def _rename_pack(folder: Path, old: str, new: str, engine: str) -> None:
    game = folder / GAME_FILE
    text = game.read_text(encoding="utf-8")
    has_engine = re.search(r"^engine:", text, flags=re.M) is not None
    replacement = f"id: {new}" if has_engine else f"id: {new}\nengine: {engine}"
    _rewrite(game, rf"^id:\s*['\"]?{re.escape(old)}['\"]?\s*$", replacement)
    for example in sorted((folder / "examples").rglob("*.y*ml")):
        _rewrite(example, rf"^game:\s*['\"]?{re.escape(old)}['\"]?\s*$", f"game: {new}", need=False)


def _rewrite(path: Path, pattern: str, replacement: str, need: bool = True) -> None:
    text = path.read_text(encoding="utf-8")
    changed, count = re.subn(pattern, lambda _: replacement, text, count=1, flags=re.M)
    if need and not count:
        raise UsageError(f"{path}: cannot find the line to change ({pattern})")
    path.write_text(changed, encoding="utf-8")


def _quoted(text: str) -> str:
    return json.dumps(text, ensure_ascii=False)  # a JSON string is a valid YAML scalar
