"""One build at a time per output folder, and no half-written kit on Ctrl-C."""

from __future__ import annotations

import os
import signal
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from filelock import FileLock, Timeout

from printkit.errors import BuildLockedError

LOCK_FILE = ".printkit.lock"
OWNER_FILE = ".printkit.lock.owner"  # who holds the lock, for the refusal message


@contextmanager
def build_lock(folder: Path) -> Iterator[None]:
    """An exclusive lock on ``folder``; a second build is refused with a clear message.

    ``filelock`` picks the operating system's own locking (``flock`` on POSIX,
    ``msvcrt`` on Windows), so a crashed build never leaves a stale lock behind.
    """
    folder.mkdir(parents=True, exist_ok=True)
    lock = FileLock(folder / LOCK_FILE, timeout=0)
    try:
        lock.acquire()
    except Timeout:
        raise BuildLockedError(
            f"{folder} is being built by {_holder(folder)}; wait for it to finish and try again"
        ) from None
    try:
        (folder / OWNER_FILE).write_text(f"pid {os.getpid()}", encoding="utf-8")
        yield
    finally:
        lock.release()


def _holder(folder: Path) -> str:
    try:
        return (folder / OWNER_FILE).read_text(encoding="utf-8").strip()[:32] or "another process"
    except (OSError, UnicodeDecodeError):
        return "another process"


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


@contextmanager
def interrupts_remembered() -> Iterator[None]:
    """Ctrl-C while workers build: raised at once, as ever, and raised again on the way out
    if Python dropped it (a Ctrl-C that lands inside a finaliser is reported and lost)."""
    received: list[int] = []

    def interrupt(signum: int, frame: object) -> None:
        received.append(signum)
        raise KeyboardInterrupt

    previous = signal.getsignal(signal.SIGINT)
    installed = False
    if previous is not signal.SIG_IGN:  # a process started with Ctrl-C ignored keeps it so
        try:
            signal.signal(signal.SIGINT, interrupt)
            installed = True
        except ValueError:  # not the main thread: nothing to install
            pass
    try:
        yield
    finally:
        if installed:  # a handler not set from Python reads as None: the default stands in
            signal.signal(signal.SIGINT, signal.SIG_DFL if previous is None else previous)
    if received:
        raise KeyboardInterrupt
