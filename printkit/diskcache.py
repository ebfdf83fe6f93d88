"""Work kept between runs in ``$XDG_CACHE_HOME/printkit`` (or ``~/.cache/printkit``).

Every entry is named by a digest of everything that made it, so a hit is the
bytes a fresh render would give. The cache only ever costs speed: a folder
that cannot be read or written is skipped, never an error.
"""

from __future__ import annotations

import os
from pathlib import Path


def cache_folder(kind: str) -> Path:
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "printkit" / kind


def load(kind: str, key: str) -> bytes | None:
    try:
        return (cache_folder(kind) / key).read_bytes()
    except OSError:
        return None


def store(kind: str, key: str, data: bytes) -> None:
    from printkit.render.pdf import write_atomic

    folder = cache_folder(kind)
    try:
        folder.mkdir(parents=True, exist_ok=True)
        write_atomic(folder / key, data)
    except OSError:
        pass
