"""A picture's drawing summed up without drawing it: keyed on what it is and what it reads.

A rulebook picture is a draw function closing over values (sizes, words,
colours, other draw functions) and over recording views of the pack
(`printkit.build.record`). Its *state* is a digest of that closure graph, each
view standing for its path only; what the function reads through those views
while drawing is recorded the one time it is drawn, with the values' digests.
A result kept under the state is reused only if every recorded read still
holds the value it had, so after a one-card edit only that card is drawn again.
A value this module cannot sum up (an object whose form it does not know)
leaves the state unique to this run: a miss, never a stale picture.
"""

from __future__ import annotations

import dataclasses
import functools
import hashlib
import itertools
import types
from collections.abc import Callable, Mapping
from enum import Enum
from pathlib import PurePath
from typing import Any, TypeVar

from printkit.build import aside, diskcache
from printkit.build.fingerprint import code_digest
from printkit.build.record import _Base, _note, fingerprint, recording, resolve, view

CACHE_KIND = "picture-reads"
Views = dict[tuple, object]  # a view's steps -> the value it reads
T = TypeVar("T")
_UNIQUE = itertools.count()
PLAIN = (str, int, float, bool, type(None), bytes, Enum)


def watched(pack: T) -> T:
    """The pack as a game's pictures should hold it: read through a recording view, so a
    picture is keyed on the values it reads rather than on the whole pack."""
    return view(pack)  # type: ignore[return-value]


class _Walk:
    """One closure graph summed up: its digest and the views it holds."""

    def __init__(self) -> None:
        self.views: Views = {}
        self.memo: dict[int, str] = {}
        self.alive: list[object] = []  # keeps memo ids from being reused mid-walk
        self.conflict = False

    def state(self, value: object) -> str:
        if type(value) in _LEAF_TYPES:  # most of a closure graph: its sizes and words
            text = fingerprint(value)  # as `_text` gives it, without a memo entry
            return text if len(text) <= 64 else hashlib.sha256(text.encode()).hexdigest()
        key = id(value)
        found = self.memo.get(key)
        if found is not None:
            return found
        self.memo[key] = "<cycle>"
        self.alive.append(value)
        text = self._text(value)
        result = text if len(text) <= 64 else hashlib.sha256(text.encode()).hexdigest()
        self.memo[key] = result
        return result

    def _text(self, value: object) -> str:
        kind = _kind(type(value))
        if kind == "view":
            return self._view(value)  # type: ignore[arg-type]
        if kind == "plain":
            return fingerprint(value)
        if kind == "collection":
            members = [self.state(v) for v in value]  # type: ignore[attr-defined]
            if isinstance(value, frozenset | set):
                members.sort()
            return f"{type(value).__name__}({','.join(members)})"
        if kind == "mapping":
            pairs = sorted(f"{self.state(k)}:{self.state(v)}" for k, v in value.items())  # type: ignore[attr-defined]
            return f"{_name(type(value))}{{{','.join(pairs)}}}"
        if kind == "type":
            return _name(value)  # type: ignore[arg-type]
        if kind == "function":
            return self._function(value)  # type: ignore[arg-type]
        if kind == "dataclass":
            fields = [f"{name}={self.state(getattr(value, name))}" for name in _compared(value)]
            return f"{_name(type(value))}({','.join(fields)})"
        return self._other(value)

    def _other(self, value: object) -> str:
        if isinstance(value, types.MethodType):
            return f"method({self.state(value.__func__)},{self.state(value.__self__)})"
        if isinstance(value, functools.partial):
            parts = (value.func, value.args, value.keywords)
            return f"partial({','.join(self.state(p) for p in parts)})"
        if isinstance(value, types.BuiltinFunctionType | types.BuiltinMethodType):
            owner = value.__self__
            bound = "" if owner is None or isinstance(owner, types.ModuleType) else owner
            return f"builtin({value.__qualname__},{self.state(bound)})"
        return self._object(value)

    def _view(self, value: _Base) -> str:
        steps = object.__getattribute__(value, "_steps")
        target = object.__getattribute__(value, "_target")
        if self.views.setdefault(steps, target) is not target:
            self.conflict = True  # two values under one path: two packs in one picture
        return f"view{steps!r}"

    def _function(self, fn: types.FunctionType) -> str:
        code = fn.__code__
        cells = [self.state(cell.cell_contents) for cell in fn.__closure__ or ()]
        defaults = self.state((fn.__defaults__, fn.__kwdefaults__))
        where = f"{fn.__module__}.{fn.__qualname__}:{code.co_firstlineno}"
        return f"fn({where},{defaults},{','.join(cells)})"

    def _object(self, value: object) -> str:
        attrs = getattr(value, "__dict__", None)
        slots = [s for c in type(value).__mro__ for s in getattr(c, "__slots__", ())]
        if attrs is None and not slots:
            self.conflict = True  # nothing known of its state: never reused
            return f"unknown#{next(_UNIQUE)}"
        own = dict(attrs or {})
        own.update({s: getattr(value, s) for s in slots if hasattr(value, s)})
        pairs = sorted(f"{k}={self.state(v)}" for k, v in own.items())
        return f"{_name(type(value))}({','.join(pairs)})"


_LEAF_TYPES = frozenset({str, int, float, bool, type(None), bytes})
_KINDS: dict[type, str] = {}
_FIELDS: dict[type, tuple[str, ...]] = {}


def _kind(cls: type) -> str:
    """Which way a value of this class is summed up: the same for every value of one class,
    so found once per class (a picture's closure graph holds thousands of values)."""
    found = _KINDS.get(cls)
    if found is None:
        found = _KINDS[cls] = _kind_of(cls)
    return found


def _kind_of(cls: type) -> str:
    if issubclass(cls, _Base):
        return "view"
    if issubclass(cls, (*PLAIN, PurePath)):
        return "plain"
    if issubclass(cls, tuple | list | frozenset | set):
        return "collection"
    if issubclass(cls, Mapping):
        return "mapping"
    if issubclass(cls, type):
        return "type"
    if issubclass(cls, types.FunctionType):
        return "function"
    if issubclass(cls, types.MethodType | functools.partial):
        return "other"
    if issubclass(cls, types.BuiltinFunctionType | types.BuiltinMethodType):
        return "other"
    return "dataclass" if dataclasses.is_dataclass(cls) else "other"


def _compared(value: object) -> tuple[str, ...]:
    """A dataclass's fields that take part in comparisons (recorded reads do not)."""
    cls = type(value)
    found = _FIELDS.get(cls)
    if found is None:
        found = _FIELDS[cls] = tuple(f.name for f in dataclasses.fields(value) if f.compare)
    return found


def _name(cls: type) -> str:
    return f"{cls.__module__}.{cls.__qualname__}"


def still_reads(views: Views, reads: Mapping[str, tuple[tuple, str]]) -> bool:
    """Whether every recorded read finds its value unchanged through the views held now
    (a read under no held view cannot be checked: False).

    A read goes through the longest held view its path begins with. The few views a
    picture holds are tried longest first, rather than every cut of each of its
    thousands of paths looked up: this runs for every picture a build places."""
    held = [(steps, len(steps), _known(views[steps])) for steps in sorted(views, key=len)]
    held.reverse()  # longest first: the view nearest the value
    for steps, before in reads.values():
        if type(steps) is not tuple:
            return False  # not as this printkit records: a miss
        for prefix, length, (root, known) in held:
            if steps[:length] == prefix:
                rest = steps[length:]
                found = known.get(rest)
                if found is None:
                    found = known[rest] = resolve(root, rest)
                if found != before:
                    return False
                break
        else:
            return False
    return True


_RESOLVED: dict[int, tuple[object, dict[tuple, str]]] = {}  # id -> (value, steps -> read)
RESOLVED_KEPT = 8  # values (packs) whose reads are kept: a build's, a few builds'


def _known(root: object) -> tuple[object, dict[tuple, str]]:
    """``root`` and the reads already resolved in it: each path of a value looked up once,
    for a book's pictures read many of the same values (the card's size, the colours).
    The values held are frozen packs."""
    held = _RESOLVED.get(id(root))
    if held is None or held[0] is not root:
        if len(_RESOLVED) >= RESOLVED_KEPT:
            _RESOLVED.clear()
        held = _RESOLVED[id(root)] = (root, {})
    return held


_KEPT: aside.Kept[str, tuple[dict, Any]] = aside.Kept(CACHE_KIND, 512, diskcache.cache_root)


def kept(kind: str, subject: object, compute: Callable[[], T], *extra: object) -> T:
    """``compute()``, kept under the state of ``subject`` (and ``extra``) and reused while
    the values it read are unchanged; a damaged or missing record is a miss."""
    walk = _Walk()
    state = walk.state((subject, extra))
    if walk.conflict:
        return compute()
    key = hashlib.sha256(f"{code_digest()}|{kind}|{state}".encode()).hexdigest()[:32]
    found = _KEPT.get(key) if diskcache.reading() else None
    if found is None:
        found = diskcache.load_value(CACHE_KIND, key)
        if isinstance(found, tuple) and len(found) == 2:
            _KEPT.put(key, found)
    if isinstance(found, tuple) and len(found) == 2:
        reads, result = found
        try:
            if still_reads(walk.views, reads):
                _pass_on(reads)
                return result
        except diskcache.UNREADABLE:
            pass  # an entry not as this printkit writes it: a miss, made again below
    with recording() as reads:
        result = compute()
    record: dict[str, Any] = {path: (tuple(steps), value) for path, (steps, value) in reads.items()}
    diskcache.store_value(CACHE_KIND, key, (record, result))
    _KEPT.put(key, (record, result))
    _pass_on(record)
    return result


def _pass_on(reads: Mapping[str, tuple[tuple, str]]) -> None:
    """The reads behind a kept result count for whatever recording encloses it (a result
    kept inside another's computation: the outer one read them too)."""
    for path, (steps, value) in reads.items():
        _note(path, steps, value)
