"""What the last build wrote, and the fast check that nothing changed since.

Kept free of drawing imports: a no-op rebuild answers from here in a blink.
"""

from __future__ import annotations

import json
from pathlib import Path

from printkit.build.files import file_digest, pending, read_regular, stray_temps
from printkit.build.fingerprint import TEMPLATES, code_digest, digest, tree_digest

MANIFEST = ".printkit-manifest.json"


def read_manifest(folder: Path, name: str = MANIFEST) -> dict:
    """The manifest the last build wrote; {} (as if never built) for anything else."""
    try:
        found = json.loads(read_regular(folder / name) or b"")
    except ValueError:  # UnicodeDecodeError too
        return {}
    return found if _well_formed(found) else {}


def _well_formed(found: object) -> bool:
    if not isinstance(found, dict):
        return False
    tables = ("pieces", "pages", "reads", "paths", "reprint")
    if any(not isinstance(found.get(part, {}), dict) for part in tables):
        return False
    for part in ("files", "digests"):  # names of files in the folder, and their digests
        table = found.get(part, {})
        if not isinstance(table, dict) or not all(
            isinstance(k, str) and isinstance(v, str) and _plain_name(k) for k, v in table.items()
        ):
            return False
    return True


def _plain_name(name: str) -> bool:
    """A file inside the kit's folder: never absolute, never climbing out."""
    parts = name.replace("\\", "/").split("/")
    return bool(name) and not name.startswith("/") and ".." not in parts and "" not in parts


def output_folder(out: Path, game_id: str, paper_id: str, ink_saver: bool, lang: str = "") -> Path:
    """``output/<game>/<paper>[-<lang>][-ink-saver]/``."""
    name = paper_id + (f"-{lang}" if lang else "") + ("-ink-saver" if ink_saver else "")
    return out / game_id / name


def whole_key(pack, settings: tuple) -> str:
    """Everything a kit is built from: code, fonts, content, examples, templates, settings."""
    return digest(
        code_digest(),
        pack,
        tree_digest(pack.folder / "examples"),
        tree_digest(pack.folder / "rulebook"),
        tree_digest(TEMPLATES),
        settings,
    )


def up_to_date(folder: Path, key: str) -> list[str] | None:
    """The files of an unchanged kit, or None when something must be rebuilt."""
    manifest = read_manifest(folder)
    if manifest.get("whole") != key:
        return None
    if pending(folder) or next(stray_temps(folder), None):
        return None  # a build was stopped: the next one finishes it and tidies up
    names = list(manifest.get("files", {}))
    recorded = manifest.get("digests", {})
    if any(file_digest(folder / name) != recorded.get(name) for name in names):
        return None  # missing, replaced or altered since: rebuilt
    return names


def languages_of(plugin, wanted: tuple[str, ...] = ()) -> tuple[str, ...]:
    """The languages to build: those asked for that the game prints, or all of them."""
    from printkit.errors import UsageError

    if not plugin.languages:
        return ("",)
    unknown = [lang for lang in wanted if lang not in plugin.languages]
    if unknown:
        raise UsageError(
            f"{plugin.id} is printed in {', '.join(plugin.languages)}, not {', '.join(unknown)}"
        )
    return wanted or plugin.languages
