"""Work done beside a build on the machine's other core: a forked child renders some
files (the rulebook) and measures them while this process draws the kit's parts.

The child starts from this process as it is (code loaded, the pack read and
checked), so what it renders is what this process would render: the same bytes.
It sends back the files and their measurements through a pipe and exits; it never
writes to the kit folder (the parent commits everything at once) and leaves Ctrl-C
to the parent, which stops it on the way out of any failure. A child that fails
for any reason sends nothing usable, and the parent renders those files itself, so
an error is raised where it always was, as it always was.

What the child keeps in memory dies with it: a memo it fills (compressed streams,
table widths, a hyphenation dictionary) would be filled again by every build of a
`watch`. A memo made with `Kept` (or `carried_back`) sends what the child added to it
back with the files, and this process keeps it for the next child.
"""

from __future__ import annotations

import gc
import importlib
import os
import pickle
import signal
import sys
from collections.abc import Callable, Hashable, Iterator, Sequence
from contextlib import contextmanager, suppress
from dataclasses import dataclass, field
from typing import Generic, TypeVar

ENABLED = [True]  # tests switch it off to compare with a build done in one process
Job = tuple[str, Callable[[], bytes]]  # a file's name and how to render it
Measure = Callable[[str, bytes], object]  # what the parent wants known of a rendered file
K = TypeVar("K", bound=Hashable)
V = TypeVar("V")
_IN_CHILD = [False]  # this process is a child beside a build: what memos gain goes back
_CARRIED: dict[str, tuple[Callable[[], object], Callable[[object], None]]] = {}
_LOADED_AT_FORK: list[frozenset[str]] = [frozenset()]  # in a child: the modules it began with
_IMPORTED_BESIDE: set[str] = set()  # modules a child imported that this process has not


def carried_back(name: str, take: Callable[[], object], give: Callable[[object], None]) -> None:
    """A memo of this process that a child's additions come back to: ``take()`` answers,
    in the child as it ends, what it added (picklable); ``give(that)`` keeps it here."""
    _CARRIED[name] = (take, give)


def in_child() -> bool:
    """Whether this process is a child beside a build (its memos' gains are sent back)."""
    return _IN_CHILD[0]


class Kept(Generic[K, V]):
    """A memo of plain keys and values, at most ``limit`` of them (the oldest go first),
    whose entries made in a child beside a build come back to this process. ``scope``
    names what the entries hold for (a memo of a disk cache's entries: its folder); when
    it changes, the memo starts empty."""

    def __init__(self, name: str, limit: int, scope: Callable[[], object] = lambda: None) -> None:
        self.values: dict[K, V] = {}
        self.fresh: dict[K, V] = {}  # made in this process since it was forked
        self.limit = limit
        self.scope = scope
        self.held_for: object = None
        carried_back(name, self._take, self._give)
        _MEMOS.append(self)

    def get(self, key: K) -> V | None:
        self._check_scope()
        return self.values.get(key)

    def put(self, key: K, value: V) -> None:
        self._check_scope()
        self._keep({key: value})
        if in_child():
            self.fresh[key] = value

    def forget(self) -> None:
        """Empty, as in a new process."""
        self.values.clear()
        self.fresh.clear()

    def _check_scope(self) -> object:
        now = self.scope()
        if now != self.held_for:
            self.forget()
            self.held_for = now
        return now

    def _keep(self, entries: dict[K, V]) -> None:
        self.values.update(entries)
        if len(self.values) > self.limit:
            for old in list(self.values)[: len(self.values) - self.limit]:
                del self.values[old]

    def _take(self) -> tuple[object, dict[K, V]]:
        return self.held_for, self.fresh

    def _give(self, taken: object) -> None:
        if not (isinstance(taken, tuple) and len(taken) == 2 and isinstance(taken[1], dict)):
            return
        if taken[0] == self._check_scope():
            self._keep(taken[1])


_MEMOS: list[Kept] = []  # every memo made with Kept


def forget_kept() -> None:
    """Every memo made with `Kept` emptied, as in a new process (only the disk remembers)."""
    for memo in _MEMOS:
        memo.forget()


@dataclass
class Aside:
    """A child rendering ``names``; ``collect`` answers ``{name: (bytes, measured)}``."""

    names: tuple[str, ...]
    pid: int = 0
    fd: int = -1
    result: dict[str, tuple[bytes, object]] | None = field(default=None)

    def collect(self) -> dict[str, tuple[bytes, object]] | None:
        """The child's files and measurements, or None if it failed (render them here)."""
        if self.pid:
            _import_beside()
            self.result = _read_result(self.fd)
            self._reap(kill=False)
        return self.result

    def _reap(self, kill: bool) -> None:
        if not self.pid:
            return
        pid, self.pid = self.pid, 0
        if kill:
            with suppress(ProcessLookupError):
                os.kill(pid, signal.SIGKILL)
        with suppress(OSError):
            os.close(self.fd)
        with suppress(ChildProcessError):
            os.waitpid(pid, 0)


def usable() -> bool:
    """Whether a child can run beside this process: fork exists and a second core."""
    return ENABLED[0] and hasattr(os, "fork") and sys.platform != "darwin" and _cores() > 1


def _cores() -> int:
    with suppress(AttributeError):
        return len(os.sched_getaffinity(0))
    return os.cpu_count() or 1


@contextmanager
def beside(jobs: Sequence[Job], measure: Measure) -> Iterator[Aside | None]:
    """Render ``jobs`` in a forked child while the body runs; None when none is started
    (nothing to do, one core, no fork). The child is stopped if the body fails."""
    aside = _start(jobs, measure) if jobs and usable() else None
    try:
        yield aside
    finally:
        if aside is not None:
            aside._reap(kill=True)  # a no-op once collected


def _start(jobs: Sequence[Job], measure: Measure) -> Aside | None:
    read, write = os.pipe()
    parent = os.getpid()
    sys.stdout.flush()
    sys.stderr.flush()
    gc.freeze()  # the child's collector leaves what exists now alone: fewer pages copied
    try:
        pid = os.fork()
    except OSError:  # no memory or process left for a child: render in this process
        os.close(read)
        os.close(write)
        return None
    finally:
        if os.getpid() == parent:
            gc.unfreeze()  # this process collects its garbage as before
    if pid == 0:  # the child: never returns
        os.close(read)
        _child(jobs, measure, write)
    os.close(write)
    return Aside(tuple(name for name, _ in jobs), pid, read)


def _child(jobs: Sequence[Job], measure: Measure, fd: int) -> None:
    code = 1
    try:
        signal.signal(signal.SIGINT, signal.SIG_IGN)  # the parent decides about Ctrl-C
        signal.signal(signal.SIGTERM, signal.SIG_DFL)
        _IN_CHILD[0] = True
        _LOADED_AT_FORK[0] = frozenset(sys.modules)
        from printkit.build.record import recording

        result = {}
        for name, render in jobs:
            with recording():  # as the parent draws a file: its reads are its own
                data = render()
            result[name] = (data, measure(name, data))
        payload = pickle.dumps((result, _taken()), protocol=pickle.HIGHEST_PROTOCOL)
        with os.fdopen(fd, "wb") as out:
            out.write(payload)
        code = 0
    except BaseException:  # noqa: BLE001 - the parent draws these files again: it reports
        code = 2  # nothing usable was sent
    finally:
        os._exit(code)


def _imported() -> list[str]:
    """The modules this child imported (the typesetting code, first used here)."""
    return sorted(set(sys.modules) - _LOADED_AT_FORK[0])


def _note_imported(names: object) -> None:
    if isinstance(names, list):
        _IMPORTED_BESIDE.update(n for n in names if isinstance(n, str))


def _import_beside() -> None:
    """The modules an earlier child had to import, imported here while this one runs (its
    files are due after this process's own): the next child starts with them loaded, so a
    `watch` round does not import them again. A module that fails to import is left out."""
    for name in sorted(_IMPORTED_BESIDE - set(sys.modules)):
        with suppress(Exception):
            importlib.import_module(name)
    _IMPORTED_BESIDE.clear()


carried_back("modules", _imported, _note_imported)


def _taken() -> bytes:
    """What the child added to each memo carried back, pickled apart from the files: a
    memo that cannot answer, or whose gains cannot be pickled, sends nothing."""
    taken = {}
    for name, (take, _) in _CARRIED.items():
        with suppress(Exception):
            taken[name] = pickle.dumps(take(), protocol=pickle.HIGHEST_PROTOCOL)
    return pickle.dumps(taken, protocol=pickle.HIGHEST_PROTOCOL)


def _given(taken: object) -> None:
    """The child's additions kept in this process's memos (one that fails to read back
    or to be kept is left out: a memo only saves time)."""
    with suppress(Exception):
        taken = pickle.loads(taken) if isinstance(taken, bytes) else None
    if not isinstance(taken, dict):
        return
    for name, entries in taken.items():
        carried = _CARRIED.get(name)
        if carried is not None and isinstance(entries, bytes):
            with suppress(Exception):
                carried[1](pickle.loads(entries))


def _read_result(fd: int) -> dict[str, tuple[bytes, object]] | None:
    chunks = []
    while True:
        chunk = os.read(fd, 1 << 20)
        if not chunk:
            break
        chunks.append(chunk)
    try:
        result, taken = pickle.loads(b"".join(chunks)) if chunks else (None, None)
    except Exception:  # torn: the child died writing
        return None
    if not isinstance(result, dict):
        return None
    _given(taken)
    return result
