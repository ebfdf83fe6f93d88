"""A recording view of a game's pack: what each part reads is what it depends on.

The builder hands renderers `view(pack)` instead of the pack. Reading through
the view is reading the pack (leaves come back as the plain values), and each
leaf read is noted in the innermost open `recording()` under its path, e.g.
``events[wealthy-customers].title``, with a fingerprint of the value.
Whatever escapes the view's attribute-by-attribute reading counts as a read
of the whole container: iterating or measuring a sequence reads its keys
(``events[*]``); comparing, hashing or printing a value reads all of it
(``events[wealthy-customers]=``). `changed_reads` tells, later, which
recorded paths now hold other values: a part is reused only if none does.
"""

from __future__ import annotations

import dataclasses
import functools
import hashlib
import operator
import os
import stat
import types
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from enum import Enum
from functools import cached_property
from pathlib import PurePath
from typing import Any

from printkit.content.lookup import Lookup, Scratch

Step = tuple  # ("a", name) | ("i", index) | ("id", id) | ("k", key) | ("*",) | ("=",)
Reads = dict[str, tuple[Step, ...] | str]  # path -> its value's fingerprint (with steps)

_SCOPES: list[dict[str, tuple[tuple[Step, ...], str]]] = []
_DERIVED: list[dict[tuple[int, str], tuple[object, object]]] = []  # per scope: _scratch
LEAVES = (str, int, float, bool, type(None), bytes, Enum, PurePath)
ABSENT = "<absent>"
SHORT = 80  # values up to this long are kept as they are (diff shows them)


@contextmanager
def recording() -> Iterator[dict[str, tuple[tuple[Step, ...], str]]]:
    """Collect the reads made inside (not those of recordings opened within it)."""
    reads: dict[str, tuple[tuple[Step, ...], str]] = {}
    _SCOPES.append(reads)
    _DERIVED.append({})
    try:
        yield reads
    finally:
        _SCOPES.pop()
        _DERIVED.pop()


def _note(path: str, steps: tuple[Step, ...], value: str) -> None:
    if _SCOPES:
        _SCOPES[-1].setdefault(path, (steps, value))


def _noted(path: str, steps: tuple[Step, ...], value: object, summed: Callable[[Any], str]):
    """`_note` of ``summed(value)``, summed up only if a recording is open and has not
    noted the path yet (it keeps the first): a renderer reads the same values again and
    again, and a picture file's fingerprint reads the file."""
    if _SCOPES and path not in _SCOPES[-1]:
        _SCOPES[-1][path] = (steps, summed(value))


def fingerprint(value: object) -> str:
    """The value as recorded: its repr when short, else a digest of it."""
    text = _text(value)
    if len(text) <= SHORT:
        return text
    return "#" + hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()[:24]


def _text(value: object) -> str:
    if isinstance(value, PurePath):  # a picture's file: its bytes count, not only its name
        return f"{value!s}:{_file_digest(value)}"
    if isinstance(value, frozenset | set):
        return "{" + ", ".join(sorted(map(_text, value))) + "}"
    return repr(value)


def _file_digest(path: PurePath) -> str:
    """A picture file's name and bytes summed up (`tree_digest`'s digest of the file). A
    build reads the same art many times (each recorded read, each check of a kept
    picture's reads): within `files_once` a file is read once while its stat is the same."""
    try:
        found = os.stat(path)
    except OSError:
        return _tree_file_digest(path)  # missing, or an error as tree_digest gives it
    if not stat.S_ISREG(found.st_mode) or "__pycache__" in PurePath(path).parts:
        return _tree_file_digest(path)
    signature = (found.st_ino, found.st_size, found.st_mtime_ns, found.st_ctime_ns)
    memo = _FILES[-1] if _FILES else {}
    kept = memo.get(str(path))
    if kept is not None and kept[0] == signature:
        return kept[1]
    with open(path, "rb") as file:
        data = file.read()
    result = hashlib.sha256(PurePath(path).name.encode() + data).hexdigest()[:20]
    memo[str(path)] = (signature, result)
    return result


def _tree_file_digest(path: PurePath) -> str:
    from pathlib import Path

    from printkit.build.fingerprint import tree_digest

    found = Path(path)
    if found.is_dir():  # a folder a renderer may take pictures from
        return tree_digest(found, suffixes=(".png", ".jpg", ".jpeg", ".svg"))
    return tree_digest(found) if found.is_file() else "missing"


_FILES: list[dict[str, tuple[tuple, str]]] = []  # per build: path -> (stat, digest)


@contextmanager
def files_once() -> Iterator[None]:
    """One build: each picture file read once for its digest (again only if its stat
    changes meanwhile), not once per read of it, as a build reads its art a hundred times."""
    _FILES.append({})
    try:
        yield
    finally:
        _FILES.pop()


_MEMO: dict[tuple[str, int], tuple[object, object]] = {}  # (what, id) -> (value, result)


def _memo(what: str, value: object, compute) -> object:
    """``compute(value)`` once per (immutable) value: packs are read many times a build."""
    key = (what, id(value))
    found = _MEMO.get(key)
    if found is not None and found[0] is value:
        return found[1]
    if len(_MEMO) > 50_000:
        _MEMO.clear()
    result = compute(value)
    if isinstance(value, tuple):  # a list may change under us: never kept
        _MEMO[key] = (value, result)
    return result


def _keys(seq: object) -> str:
    """What iterating or measuring a container reads: its members' keys, in order."""
    if isinstance(seq, Mapping):
        return fingerprint(tuple(seq))
    return _memo("keys", seq, lambda s: fingerprint(tuple(_element_keys(s))))


def _element_keys(seq) -> list:
    return _memo("ids", seq, _ids)


def _ids(seq) -> list:
    ids = [getattr(e, "id", None) for e in seq]
    if all(isinstance(i, str) for i in ids) and len(set(ids)) == len(ids):
        return ids
    return [f"#{n}" for n in range(len(seq))]


def _plain(seq) -> bool:
    """A sequence of leaves, or of tuples of leaves (pairs of words): read as one value."""
    return _memo("plain", seq, _all_plain)


def _all_plain(seq) -> bool:
    return all(
        isinstance(e, LEAVES) or (isinstance(e, tuple) and all(isinstance(v, LEAVES) for v in e))
        for e in seq
    )


def _whole_fingerprint(value: object) -> str:
    return _memo("whole", value, fingerprint)


def _join(path: str, step: Step) -> str:
    kind = step[0]
    if kind == "a":
        return f"{path}.{step[1]}" if path else step[1]
    if kind in ("i", "id", "k"):
        key = f"#{step[1]}" if kind == "i" else str(step[1])
        return f"{path}[{key}]"
    return f"{path}[*]" if kind == "*" else f"{path}="


def _wrap(value: object, path: str, steps: tuple[Step, ...]) -> object:
    """A view of ``value`` at ``path``; a leaf is noted as read and returned as it is."""
    if isinstance(value, LEAVES):
        _noted(path, steps, value, fingerprint)
        return value
    if isinstance(value, tuple | list):
        return SeqView(value, path, steps)
    if isinstance(value, Mapping):
        return MapView(value, path, steps)
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return View(value, path, steps)
    if callable(value):  # a function kept in the pack: what it computes is unknown
        return value
    _noted(path + "=", (*steps, ("=",)), value, fingerprint)
    return value


def view(pack: object) -> object:
    """The pack, read through a recording view."""
    return _wrap(pack, "", ())


def unwrapped(value: object) -> object:
    """The value behind a view, nothing noted (the caller notes what it reads), or the value."""
    return object.__getattribute__(value, "_target") if isinstance(value, _Base) else value


def replay(reads: Mapping[str, tuple[tuple[Step, ...], str]]) -> None:
    """Note reads recorded elsewhere (kept work served again) in the open recording."""
    for path, (steps, value) in reads.items():
        _note(path, tuple(steps), value)


def derived(compute: Callable[..., Any]) -> Callable[..., Any]:
    """``compute(pack, *args)`` worked out once per pack and arguments (hashable): the reads
    it made are kept with its answer and noted again at every later call, so each
    recording sees them. For a table a renderer derives from the pack on every card (the
    answer is shared: never edit it)."""
    kept: dict[tuple, tuple[object, object, dict]] = {}

    @functools.wraps(compute)
    def call(pack: object, *args: object) -> Any:
        target = unwrapped(pack)
        key = (id(target), isinstance(pack, _Base), args)
        found = kept.get(key)
        if found is None or found[0] is not target:
            if len(kept) > 256:
                kept.clear()
            with recording() as reads:
                answer = compute(pack, *args)
            found = kept[key] = (target, answer, dict(reads))
        replay(found[2])
        return found[1]

    return call


def raw(value: object) -> object:
    """The value behind a view (read whole), or the value itself."""
    if isinstance(value, _Base):
        value._whole()
        return object.__getattribute__(value, "_target")
    return value


def _whole_then(read: Callable[..., Any]) -> Callable[..., Any]:
    """A view's method that reads all of its value, then answers as ``read(value, ...)``."""

    def method(self: _Base, *args: Any) -> Any:
        self._whole()
        return read(self._target, *map(raw, args))

    return method


def _structure_then(read: Callable[..., Any]) -> Callable[..., Any]:
    """A view's method that reads its value's keys, then answers as ``read(value)``."""

    def method(self: _Base) -> Any:
        self._structure()
        return read(self._target)

    return method


class _Base:
    __slots__ = ("_target", "_path", "_steps")

    def __init__(self, target: object, path: str, steps: tuple[Step, ...]) -> None:
        object.__setattr__(self, "_target", target)
        object.__setattr__(self, "_path", path)
        object.__setattr__(self, "_steps", steps)

    def _whole(self) -> None:
        _noted(self._path + "=", (*self._steps, ("=",)), self._target, _whole_fingerprint)

    def _structure(self) -> None:
        _noted(self._path + "[*]", (*self._steps, ("*",)), self._target, _keys)

    @property  # isinstance() sees the value's own class
    def __class__(self):  # type: ignore[override]
        return type(object.__getattribute__(self, "_target"))

    def __setattr__(self, name: str, value: object) -> None:
        raise dataclasses.FrozenInstanceError(f"cannot assign to field {name!r}")

    __repr__ = _whole_then(repr)
    __str__ = _whole_then(str)
    __format__ = _whole_then(format)
    __eq__ = _whole_then(operator.eq)
    __lt__ = _whole_then(operator.lt)
    __hash__ = _whole_then(hash)

    def __ne__(self, other: object) -> bool:
        return not self == other

    def __reduce__(self):  # pickled (e.g. for a worker) as the plain value
        self._whole()
        return (_identity, (self._target,))


def _identity(value: object) -> object:
    return value


class View(_Base):
    """A frozen dataclass: its fields and properties read one by one."""

    __slots__ = ()

    @property  # dataclasses.replace() takes a view: the fields left as they are are read
    def __dataclass_fields__(self) -> dict:
        return object.__getattribute__(self, "_target").__dataclass_fields__

    def __getattr__(self, name: str) -> object:
        target = self._target
        if name.startswith("__"):
            return getattr(target, name)
        found = getattr(type(target), name, None)
        if isinstance(found, property) and found.fget is not None:
            return found.fget(self)  # its body reads through the view
        if isinstance(found, types.FunctionType):
            return types.MethodType(found, self)
        if isinstance(found, Lookup):  # pack.item(id) reads the member of pack.items
            return lambda key: self._member(found, key)
        if isinstance(found, cached_property):  # a value worked out from the fields
            if _SCOPES and isinstance(getattr(target, name), Scratch):
                return self._scratch(name)
            found = None
        if found is not None and not _is_field(target, name):
            self._whole()  # some other descriptor: it may read anything
            return getattr(target, name)
        step = ("a", name)
        return _wrap(getattr(target, name), _join(self._path, step), (*self._steps, step))

    def __bool__(self) -> bool:
        return bool(self._target)

    def _scratch(self, name: str) -> Scratch:
        """The open recording's own, empty at first, of the pack's `Scratch` table ``name``:
        a memo filled outside the recording would hand it values without their reads."""
        target = self._target
        kept = _DERIVED[-1]
        found = kept.get((id(target), name))
        if found is None or found[0] is not target:
            found = kept[(id(target), name)] = (target, Scratch())
        return found[1]  # type: ignore[return-value]

    def _member(self, lookup: Lookup, key: str) -> object:
        """What ``lookup`` finds by ``key``, read as ``<values>[<key>]``."""
        target = self._target
        value = lookup.__get__(target, type(target))(key)
        steps = (*self._steps, ("a", lookup.values), ("id", key))
        return _wrap(value, _join(_join(self._path, steps[-2]), steps[-1]), steps)

    def _special(self, name: str, *args, **kwargs):
        """A dataclass's own protocol method (call, iterate, index), run through the view."""
        method = getattr(type(self._target), name, None)
        if isinstance(method, types.FunctionType):
            return method(self, *args, **kwargs)
        self._whole()
        return getattr(self._target, name)(*args, **kwargs)

    def __call__(self, *args, **kwargs):
        return self._special("__call__", *args, **kwargs)

    def __iter__(self):
        return self._special("__iter__")

    def __len__(self) -> int:
        return self._special("__len__")

    def __getitem__(self, key):
        return self._special("__getitem__", key)

    def __contains__(self, item) -> bool:
        return self._special("__contains__", item)


def _is_field(target: object, name: str) -> bool:
    return name in getattr(target, "__dataclass_fields__", ())


class SeqView(_Base):
    """A tuple or list: members by position (or by id, when iterated), its keys when counted."""

    __slots__ = ("_index",)

    def __init__(self, target, path: str, steps: tuple, index: tuple[int, ...] | None = None):
        super().__init__(target, path, steps)
        object.__setattr__(self, "_index", index)

    def _member(self, position: int, by_id: bool) -> object:
        target = self._target
        keys = _element_keys(target) if by_id else None
        step = ("id", keys[position]) if keys and not keys[0].startswith("#") else ("i", position)
        return _wrap(target[position], _join(self._path, step), (*self._steps, step))

    def _members(self) -> list[object]:
        target = self._target
        keys = _element_keys(target)
        by_id = bool(keys) and not keys[0].startswith("#")
        result = []
        for n, value in enumerate(target):
            step = ("id", keys[n]) if by_id else ("i", n)
            result.append(_wrap(value, _join(self._path, step), (*self._steps, step)))
        return result

    __len__ = _structure_then(len)
    __bool__ = _structure_then(bool)

    def __iter__(self) -> Iterator[object]:
        if _plain(self._target):
            self._whole()
            return iter(self._target)
        self._structure()
        return iter(self._members())

    def __reversed__(self) -> Iterator[object]:
        self._structure()
        return reversed(self._members())

    def __getitem__(self, index):
        if isinstance(index, slice):
            self._structure()
            return tuple(self._members()[index])
        if index < 0:
            self._structure()
            index += len(self._target)
        return self._member(index, by_id=False)

    __contains__ = _whole_then(operator.contains)
    __add__ = _whole_then(operator.add)

    def __radd__(self, other):
        self._whole()
        return raw(other) + self._target

    __mul__ = _whole_then(operator.mul)

    def index(self, item: object, *args) -> int:
        self._whole()
        return self._target.index(raw(item), *args)

    def count(self, item: object) -> int:
        self._whole()
        return self._target.count(raw(item))


class MapView(_Base):
    """A mapping: each key read on its own; its keys when iterated or counted."""

    __slots__ = ()

    def __getitem__(self, key):
        step = ("k", key)
        return _wrap(self._target[key], _join(self._path, step), (*self._steps, step))

    def get(self, key, default=None):
        if key in self._target:
            return self[key]
        _note(_join(self._path, ("k", key)), (*self._steps, ("k", key)), ABSENT)
        return default

    __len__ = _structure_then(len)
    __bool__ = _structure_then(bool)
    __iter__ = _structure_then(iter)

    def __contains__(self, key) -> bool:
        self._structure()
        return key in self._target

    def keys(self):
        self._structure()
        return self._target.keys()

    def items(self):
        self._structure()
        return [(key, self[key]) for key in self._target]

    def values(self):
        self._structure()
        return [self[key] for key in self._target]


# -- checking recorded reads against the pack as it is now ---------------------------
def resolve(root: object, steps: tuple[Step, ...] | list) -> str:
    """The fingerprint the value at ``steps`` has in ``root`` now (ABSENT if gone)."""
    value = root
    for step in steps:
        kind = step[0]
        try:
            if kind == "a":
                value = getattr(value, step[1])
            elif kind == "i":
                value = value[step[1]]
            elif kind == "id":
                value = _by_id(value, step[1])
            elif kind == "k":
                value = value[_key(value, step[1])]
            elif kind == "*":
                return _keys(value)
            else:
                return fingerprint(value)
        except (AttributeError, IndexError, KeyError, TypeError, StopIteration):
            return ABSENT
    return fingerprint(value)


def _by_id(seq, wanted: str):
    return next(e for e in seq if getattr(e, "id", None) == wanted)


def _key(mapping, key):
    """A key as JSON gave it back: a list where a tuple was."""
    if isinstance(key, list):
        key = tuple(_key(None, k) if isinstance(k, list) else k for k in key)
    return key


def changed_reads(
    root: object, reads: Mapping[str, list], known: dict[str, str] | None = None
) -> list[tuple[str, str, str]]:
    """(path, value then, value now) for each recorded read whose value changed; ``known``
    holds the values already resolved by path, for the parts of a kit, which share many
    reads (everything the kit function reads counts for each part)."""
    changed = []
    known = {} if known is None else known
    for path, (steps, before) in reads.items():
        now = known.get(path)
        if now is None:
            now = known[path] = resolve(root, steps)
        if now != before:
            changed.append((path, before, now))
    return changed
