"""Shared reading of content packs: documents, card lists (YAML, CSV, XLSX), discovery."""

from __future__ import annotations

import os
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from printkit.content.fields import Field, Ledger
from printkit.content.schema import Players
from printkit.content.spreadsheet import SUFFIXES, load_table
from printkit.content.yamlio import load_yaml
from printkit.errors import ContentError, Location, UsageError
from printkit.resources import bundled_content

GAME_FILE = "game.yaml"
PACK_OPTIONAL_KEYS = ("engine",)
BOX_KEYS = (
    "id",
    "title",
    "tagline",
    "players",
    "play_time_minutes",
    "age",
)  # `box_facts`  # any game.yaml may name the rules it plays by
BUNDLED_CONTENT = bundled_content()


@dataclass(frozen=True)
class Frame:
    """The fields every game's pack starts with: where it was read, and its name and table."""

    folder: Path
    id: str
    title: str
    tagline: str
    min_players: int
    max_players: int

    @property
    def player_counts(self) -> range:
        return range(self.min_players, self.max_players + 1)


@dataclass(frozen=True)
class Box(Frame):
    """A `Frame` with the rest of what the box says (`box_facts` reads it from game.yaml)."""

    play_time_minutes: int
    age: int


def read_document(path: Path, ledger: Ledger | None = None) -> Field:
    """A YAML file whose top level is a mapping, as a located root `Field`."""
    data = load_yaml(path)
    root = Field(data, path, "", 1, ledger)
    if not isinstance(root.raw, dict):
        raise ContentError(Location(path, line=1), "expected a mapping at the top of the file")
    visit(root)
    return root


def visit(node: Field) -> None:
    """Touch every value once, so each provisional mark is checked and recorded."""
    if isinstance(node.raw, dict):
        for _, child in node.items():
            visit(child)
    elif isinstance(node.raw, list):
        for child in node.as_list():
            visit(child)


def read_card_list(folder: Path, name: str, ledger: Ledger) -> list[Field]:
    """Cards from ``<name>.yaml`` (a list under key ``<name>``), ``<name>.csv`` or ``.xlsx``.

    A designer may keep a card list in a spreadsheet; every form is validated
    the same way by the caller.
    """
    yaml_path = folder / f"{name}.yaml"
    candidates = [yaml_path, *(folder / f"{name}{suffix}" for suffix in SUFFIXES)]
    present = [path for path in candidates if path.exists()]
    if len(present) > 1:
        raise ContentError(
            Location(present[1]),
            f"both {present[0].name} and {present[1].name} exist",
            "keep the card list in one of them",
        )
    if not present:
        shown = " or ".join(path.name for path in candidates)
        raise ContentError(Location(yaml_path), "file not found", f"add {shown}")
    if present[0] != yaml_path:
        rows = Field(load_table(present[0]), present[0], name, 1, ledger)
        visit(rows)
        return rows.as_list(1)
    return read_document(yaml_path, ledger).get(name).as_list(1)


def default_content_dir(cwd: Path | None = None) -> Path:
    """``./content`` when the current folder has one, else the bundled games."""
    here = (cwd or Path.cwd()) / "content"
    return here if here.is_dir() else BUNDLED_CONTENT


def content_source(content: Path) -> str:
    """Where a content folder comes from, in words for `printkit games`."""
    if is_inside(content, BUNDLED_CONTENT):
        return "bundled with printkit"
    return "your content folder"


def game_folders(content: Path) -> Iterator[Path]:
    """Each folder directly under ``content`` that holds a game.yaml, by name.

    Finding none, or a folder whose game file is misnamed (``game.yml``,
    ``Game.yaml``), is an error: a designer who asked for packs gets told why
    there are none rather than an empty, successful run.
    """
    if not content.is_dir():
        what = "is a file, not a folder" if content.exists() else "does not exist"
        raise UsageError(
            f"content folder {content} {what}",
            "pass --content with the folder that holds one folder per game, "
            "or run from the folder that has ./content",
        )
    found = []
    for child in sorted(content.iterdir()):
        if not child.is_dir():
            continue
        if (child / GAME_FILE).is_file():
            found.append(child)
            continue
        misnamed = _misnamed_game_file(child)
        if misnamed:
            raise UsageError(
                f"{misnamed}: a game's file must be named {GAME_FILE}",
                f"rename it to {child / GAME_FILE}",
            )
    if not found:
        raise UsageError(
            f"no game in {content}: no folder in it holds a {GAME_FILE}", _hint(content)
        )
    yield from found


def _misnamed_game_file(folder: Path) -> Path | None:
    """A file in ``folder`` that is nearly ``game.yaml`` (another case, ``.yml``, a typo)."""
    import difflib

    names = [p.name for p in folder.iterdir() if p.is_file()]
    wanted = GAME_FILE.lower()
    for name in names:
        if name.lower() in (wanted, "game.yml") or difflib.get_close_matches(
            name.lower(), [wanted], n=1, cutoff=0.8
        ):
            return folder / name
    return None


def _hint(content: Path) -> str:
    if (content / GAME_FILE).is_file():
        return f"{content} is itself a game; pass its parent folder {content.parent} instead"
    return "create one with 'printkit new GAME', or pass --content with the folder of your games"


def games_by_id(content: Path) -> dict[str, Path]:
    """Each game's folder by its id; two packs claiming one id are refused, not merged."""
    found: dict[str, Path] = {}
    for folder in game_folders(content):
        game_id = game_id_of(folder)
        if game_id in found:
            raise ContentError(
                Location(folder / GAME_FILE, "id"),
                f"game id {game_id!r} is already used by {found[game_id]}",
                "give each pack its own id",
            )
        found[game_id] = folder
    return found


def game_id_of(folder: Path) -> str:
    return read_document(folder / GAME_FILE).get("id").as_id()


def engine_of(folder: Path) -> str:
    """The rules module a pack plays by: its ``engine`` if it names one, else its own id."""
    root = read_document(folder / GAME_FILE)
    engine = root.opt("engine")
    return engine.as_id() if engine else root.get("id").as_id()


def is_inside(path: Path, folder: Path) -> bool:
    """Whether ``path`` stays inside ``folder`` once symlinks and ``..`` resolve."""
    try:
        return os.path.commonpath([path.resolve(), folder.resolve()]) == str(folder.resolve())
    except (ValueError, OSError, RuntimeError):  # RuntimeError: a symlink loop (Python < 3.13)
        return False


def check_contained(folder: Path) -> None:
    """Refuse a pack whose files lead outside it (a symlink to /etc, say)."""
    for path in sorted(folder.rglob("*")):
        if not path.is_symlink():
            continue
        try:
            target = path.resolve(strict=True)
        except (OSError, RuntimeError):  # RuntimeError: a loop of links (Python < 3.13)
            raise ContentError(
                Location(path),
                f"symbolic link to {os.readlink(path)!r} leads nowhere (a missing file or a loop)",
                "remove the link, or copy the file into the game's folder",
            ) from None
        if not is_inside(path, folder):
            raise ContentError(
                Location(path),
                f"path escapes the content folder: it points to {target}",
                "copy the file into the game's folder instead of linking to it",
            )


def box_facts(game: Field, fewest: int = 1, most: int = 10, longest: int = 1000) -> dict[str, Any]:
    """What every game's box says, read from its ``game.yaml``: its pack's first fields.

    ``fewest`` and ``most`` bound the player counts a game may name, ``longest``
    its playing time in minutes.
    """
    low, high = Players(fewest, most).read(game.get("players"))
    return {
        "id": game.get("id").as_id(),
        "title": game.get("title").as_str(),
        "tagline": game.get("tagline").as_str(),
        "min_players": low,
        "max_players": high,
        "play_time_minutes": game.get("play_time_minutes").as_int(1, longest),
        "age": game.get("age").as_int(1, 99),
    }
