"""Work kept between runs in ``$XDG_CACHE_HOME/printkit`` (or ``~/.cache/printkit``).

Every entry is named by a digest of everything that made it, so a hit is the
bytes a fresh render would give. The cache only ever costs speed: a folder
that cannot be read or written is skipped, never an error.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from pathlib import Path

ENTRIES_KEPT = 2000  # per kind, most recently used first; older entries are deleted
_reading = [True]


def cache_folder(kind: str) -> Path:
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "printkit" / kind


def load(kind: str, key: str) -> bytes | None:
    if not _reading[-1]:
        return None
    path = cache_folder(kind) / key
    try:
        data = path.read_bytes()
    except OSError:
        return None
    with suppress(OSError):  # a read-only cache still serves its entries
        os.utime(path)  # recently used: kept longest
    return data


@contextmanager
def fresh() -> Iterator[None]:
    """Within: every load misses (``--force`` renders from scratch), stores still happen."""
    _reading.append(False)
    try:
        yield
    finally:
        _reading.pop()


def store(kind: str, key: str, data: bytes) -> None:
    from printkit.render.pdf import write_atomic

    folder = cache_folder(kind)
    try:
        folder.mkdir(mode=0o700, parents=True, exist_ok=True)  # entries are trusted: ours only
        write_atomic(folder / key, data)
        prune(folder, ENTRIES_KEPT)
    except OSError:
        pass


def prune(folder: Path, keep: int) -> None:
    """Past ``keep`` entries and a tenth more, delete all but the ``keep`` most recently used."""
    entries = list(os.scandir(folder))
    if len(entries) <= keep + keep // 10:
        return
    entries.sort(key=lambda e: e.stat().st_mtime, reverse=True)
    for entry in entries[keep:]:
        with suppress(OSError):  # another build may have pruned it first
            os.unlink(entry.path)
