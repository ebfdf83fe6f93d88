"""What the last build wrote, and the fast check that nothing changed since.

Kept free of drawing imports: a no-op rebuild answers from here in a blink.
"""

from __future__ import annotations

import json
from pathlib import Path

from printkit.build.fingerprint import TEMPLATES, code_digest, digest, tree_digest

MANIFEST = ".printkit-manifest.json"


def read_manifest(folder: Path, name: str = MANIFEST) -> dict:
    try:
        found = json.loads((folder / name).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    if not isinstance(found, dict) or any(
        not isinstance(found.get(part, {}), dict) for part in ("files", "sheets", "pieces")
    ):
        return {}  # not a manifest we wrote: as if never built
    return found


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
    names = list(manifest.get("files", {}))
    if not all((folder / name).is_file() for name in names):
        return None
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
