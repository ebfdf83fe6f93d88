"""One build at a time per output folder, and no half-written kit on Ctrl-C."""

from __future__ import annotations

import fcntl
import os
import signal
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from printkit.errors import BuildLockedError

LOCK_FILE = ".printkit.lock"


@contextmanager
def build_lock(folder: Path) -> Iterator[None]:
    """An exclusive lock on ``folder``; a second build is refused with a clear message."""
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / LOCK_FILE
    handle = os.open(path, os.O_RDWR | os.O_CREAT, 0o644)
    try:
        try:
            fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            holder = os.pread(handle, 32, 0).decode(errors="replace").strip() or "another process"
            raise BuildLockedError(
                f"{folder} is being built by {holder}; wait for it to finish and try again"
            ) from None
        os.ftruncate(handle, 0)
        os.pwrite(handle, f"pid {os.getpid()}".encode(), 0)
        yield
    finally:
        os.close(handle)


@contextmanager
def interrupts_deferred() -> Iterator[None]:
    """Hold Ctrl-C (and a polite kill) while files are renamed into place, then deliver it."""
    received: list[int] = []
    held = (signal.SIGINT, signal.SIGTERM)
    try:
        previous = {
            s: signal.signal(s, lambda signum, frame: received.append(signum)) for s in held
        }
    except ValueError:  # not the main thread: nothing to defer
        yield
        return
    try:
        yield
    finally:
        for number, handler in previous.items():
            signal.signal(number, handler)
        if signal.SIGTERM in received:
            raise SystemExit(128 + signal.SIGTERM)
        if received:
            raise KeyboardInterrupt
