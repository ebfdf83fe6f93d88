"""Work kept between runs in ``$XDG_CACHE_HOME/printkit`` (or ``~/.cache/printkit``).

Every entry is named by a digest of everything that made it, so a hit is the
bytes a fresh render would give. The cache only ever costs speed: each entry
carries a digest of its bytes and of the printkit that wrote it, checked before
use, so a torn, flipped or foreign entry is a miss (deleted, then made again),
never a crash or garbage in a kit. Entries are pickled records and compiled
templates, so they are read only from folders of our own that no one else can
write (created 0700); a folder that cannot be read or written is skipped.
"""

from __future__ import annotations

import hashlib
import os
import pickle
import stat
import zlib
from collections.abc import Iterator, Mapping
from contextlib import contextmanager, suppress
from pathlib import Path

from printkit.build.files import read_regular

ENTRIES_KEPT = 2000  # per kind, most recently used first; older entries are deleted
MAGIC = b"printkit-cache/1\n"
DIGEST_SIZE = 32  # sha256
_reading = [True]


def cache_root() -> Path:
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "printkit"


def cache_folder(kind: str) -> Path:
    return cache_root() / kind


def reading() -> bool:
    """False within ``fresh()``: every cache (disk, compiled templates) is bypassed."""
    return _reading[-1]


def _writer() -> bytes:
    from printkit.build.fingerprint import code_digest

    return code_digest().encode("ascii")


def _seal(kind: str, key: str, data: bytes) -> bytes:
    writer = _writer()
    check = hashlib.sha256(b"\0".join((writer, kind.encode(), key.encode(), data))).digest()
    return MAGIC + writer + b"\n" + check + data


def _unseal(kind: str, key: str, entry: bytes) -> bytes | None:
    """The payload of a whole entry this printkit wrote for this key, else None."""
    writer = _writer()
    start = len(MAGIC) + len(writer) + 1
    if not entry.startswith(MAGIC + writer + b"\n") or len(entry) < start + DIGEST_SIZE:
        return None
    check, data = entry[start : start + DIGEST_SIZE], entry[start + DIGEST_SIZE :]
    expected = hashlib.sha256(b"\0".join((writer, kind.encode(), key.encode(), data))).digest()
    return data if check == expected else None


def _trusted(folder: Path) -> bool:
    """A folder of ours that no one else may write: what it holds may be unpickled."""
    try:
        info = folder.stat()
    except OSError:
        return False
    if not stat.S_ISDIR(info.st_mode):
        return False
    if hasattr(os, "getuid") and info.st_uid != os.getuid():
        return False
    return not info.st_mode & (stat.S_IWGRP | stat.S_IWOTH)


def load(kind: str, key: str) -> bytes | None:
    """The payload stored under ``key``, verified; a bad entry is deleted and missed."""
    if not reading():
        return None
    folder = cache_folder(kind)
    if not (_trusted(folder) and _trusted(folder.parent)):
        return None
    path = folder / key
    entry = read_regular(path)  # a pipe planted here never blocks
    if entry is None:
        return None
    data = _unseal(kind, key, entry)
    if data is None:
        with suppress(OSError):
            path.unlink()  # corrupt or written by another printkit: made again
        return None
    with suppress(OSError):  # a read-only cache still serves its entries
        os.utime(path)  # recently used: kept longest
    return data


UNREADABLE = (pickle.UnpicklingError, zlib.error, EOFError, AttributeError, ImportError, TypeError,
              ValueError, IndexError, KeyError)  # fmt: skip


def load_value(kind: str, key: str) -> object | None:
    """The value `store_value` kept under ``key``, or None: an entry another printkit or
    Python wrote (it unpickles wrong) is a miss."""
    data = load(kind, key)
    if data is None:
        return None
    try:
        return pickle.loads(zlib.decompress(data))
    except UNREADABLE:
        return None


def store_value(kind: str, key: str, value: object) -> None:
    """Keep ``value`` pickled and lightly compressed (pages and drawings shrink well)."""
    store(kind, key, zlib.compress(pickle.dumps(value, protocol=pickle.HIGHEST_PROTOCOL), 1))


def store_values(kind: str, values: Mapping[str, object]) -> None:
    """`store_value` of each ``key: value``, the folder made and pruned once for all."""
    folder = cache_folder(kind)
    try:
        if not values or not private_folder(folder):
            return
        from printkit.build.files import write_atomic

        for key, value in values.items():
            data = zlib.compress(pickle.dumps(value, protocol=pickle.HIGHEST_PROTOCOL), 1)
            write_atomic(folder / key, _seal(kind, key, data))
        prune(folder, ENTRIES_KEPT)
    except OSError:
        pass


@contextmanager
def fresh() -> Iterator[None]:
    """Within: every load misses (``--force`` renders from scratch), stores still happen."""
    _reading.append(False)
    try:
        yield
    finally:
        _reading.pop()


def private_folder(folder: Path) -> bool:
    """Create ``folder`` and its printkit parent 0700 (tightening ours); True if usable."""
    for path in (folder.parent, folder):
        try:
            path.mkdir(mode=0o700, parents=True, exist_ok=True)
            if path.stat().st_mode & 0o077:
                path.chmod(0o700)
        except OSError:
            return False
    return _trusted(folder) and _trusted(folder.parent)


def store(kind: str, key: str, data: bytes, keep: int = ENTRIES_KEPT) -> None:
    """Keep ``data`` under ``key``; past ``keep`` entries of the kind the oldest go."""
    from printkit.build.files import write_atomic

    folder = cache_folder(kind)
    try:
        if not private_folder(folder):
            return
        write_atomic(folder / key, _seal(kind, key, data))
        prune(folder, keep)
    except OSError:
        pass


def prune(folder: Path, keep: int) -> None:
    """Past ``keep`` entries and a tenth more, delete all but the ``keep`` most recently used."""
    entries = list(os.scandir(folder))
    if len(entries) <= keep + keep // 10:
        return
    entries.sort(key=_used, reverse=True)
    for entry in entries[keep:]:
        with suppress(OSError):  # another build may have pruned it first
            os.unlink(entry.path)


def _used(entry: os.DirEntry) -> float:
    try:
        return entry.stat().st_mtime
    except OSError:  # pruned by another build meanwhile
        return 0.0
