"""Writing output safely: one file at a time, or a whole kit at once.

A kit is committed through a journal: every new file is first written whole
beside its final name, then a journal listing the renames and deletions is
written (atomically), and only then are the files renamed. A build stopped
before the journal exists leaves the old kit; stopped after, the next run that
takes the folder's lock finishes the journal. Either way a kit is never a mix
of two builds, and temporary files left by a killed process are removed.
"""

from __future__ import annotations

import errno
import hashlib
import json
import os
import stat
import tempfile
from collections.abc import Iterator
from contextlib import suppress
from pathlib import Path

JOURNAL = ".printkit-journal.json"
TEMP_SUFFIX = ".tmp"
KIT_MARKERS = (".printkit.lock", ".printkit-manifest.json")  # another kit's folder


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


def write_temp(path: Path, data: bytes) -> Path:
    """``data`` in a new temporary file beside ``path``, with an ordinary file's mode."""
    path.parent.mkdir(parents=True, exist_ok=True)
    handle, temp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=TEMP_SUFFIX, dir=path.parent)
    try:
        with suppress(AttributeError):  # no fchmod on Windows
            os.fchmod(handle, 0o666 & ~_umask())  # not mkstemp's 0600
        with os.fdopen(handle, "wb") as out:
            out.write(data)
    except BaseException:
        Path(temp).unlink(missing_ok=True)
        raise
    return Path(temp)


def write_atomic(path: Path, data: bytes) -> None:
    """Write to a temporary file beside ``path``, then rename: never a half-written file."""
    temp = write_temp(path, data)
    try:
        os.replace(temp, path)
    except BaseException:
        temp.unlink(missing_ok=True)
        raise


def file_digest(path: Path) -> str | None:
    """The sha256 of a regular file's bytes; None when it is missing or not a file."""
    data = read_regular(path)
    return None if data is None else bytes_digest(data)


def read_regular(path: Path) -> bytes | None:
    """A regular file's bytes, or None: a pipe or device in its place never blocks."""
    try:
        handle = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    except OSError:
        return None
    if not stat.S_ISREG(os.fstat(handle).st_mode):
        os.close(handle)
        return None
    try:
        with os.fdopen(handle, "rb") as file:
            return file.read()
    except OSError:
        return None


def bytes_digest(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def commit_files(folder: Path, data: dict[str, bytes], stale: list[str]) -> None:
    """Replace the files named in ``data`` and delete ``stale``, all or nothing.

    The caller holds the folder's lock; ``data``'s last file (the manifest)
    is renamed last, so a kit whose manifest is new has every new file.
    """
    from printkit.build.lock import interrupts_deferred

    for name in [*data, *stale]:  # refused before anything moves, not halfway through
        path = folder / name
        if path.is_dir() and not path.is_symlink():
            raise IsADirectoryError(errno.EISDIR, os.strerror(errno.EISDIR), str(path))
    temps: dict[str, Path] = {}
    try:
        for name, content in data.items():
            temps[name] = write_temp(folder / name, content)
        journal = {
            "renames": [[_beside(name, temp), name] for name, temp in temps.items()],
            "delete": list(stale),
        }
        with interrupts_deferred():
            write_atomic(folder / JOURNAL, json.dumps(journal).encode())
            temps = {}  # the journal owns them now
            finish_journal(folder)
    finally:
        for temp in temps.values():
            temp.unlink(missing_ok=True)


def _beside(name: str, temp: Path) -> str:
    """The temporary file's name relative to the folder, as ``name`` is."""
    return str(Path(name).parent / temp.name)


def recover(folder: Path) -> None:
    """Finish a commit a killed build left, then remove stray temporary files."""
    if not folder.is_dir():
        return
    finish_journal(folder)
    for temp in stray_temps(folder):
        with suppress(OSError):
            temp.unlink()


def finish_journal(folder: Path) -> None:
    path = folder / JOURNAL
    if not path.exists():
        return
    try:
        journal = json.loads(read_regular(path) or b"")
        renames = [(str(a), str(b)) for a, b in journal["renames"]]
        delete = [str(name) for name in journal["delete"]]
    except (ValueError, KeyError, TypeError):  # not ours: nothing it says is trusted
        path.unlink(missing_ok=True)
        return
    for temp, name in renames:
        source, target = _inside(folder, temp), _inside(folder, name)
        if source is not None and target is not None and source.is_file():
            os.replace(source, target)
    for name in delete:
        target = _inside(folder, name)
        if target is not None:
            target.unlink(missing_ok=True)
    path.unlink(missing_ok=True)


def pending(folder: Path) -> bool:
    """A commit was stopped halfway: the folder's kit is not what its manifest says yet."""
    return (folder / JOURNAL).exists()


def _inside(folder: Path, name: str) -> Path | None:
    """``folder / name`` when ``name`` stays inside ``folder``, else None."""
    path = Path(name)
    if path.is_absolute() or ".." in path.parts:
        return None
    return folder / path


def stray_temps(folder: Path) -> Iterator[Path]:
    """Temporary files of ours under ``folder``, not descending into other kits' folders."""
    try:
        entries = list(os.scandir(folder))
    except OSError:
        return
    for entry in entries:
        if entry.is_dir(follow_symlinks=False):
            sub = Path(entry.path)
            if not any((sub / marker).exists() for marker in KIT_MARKERS):
                yield from stray_temps(sub)
        elif entry.name.startswith(".") and entry.name.endswith(TEMP_SUFFIX):
            yield Path(entry.path)
