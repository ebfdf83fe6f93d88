"""Balance sweeps: one or two content values tried over a range, every variant on the same seeds.

A sweep names a value by its path in the pack, the way `printkit diff` and the
error messages do: ``items[ice].price_bulk`` is the ``price_bulk`` of the entry
whose id is ``ice`` in the list under ``items``. The first name finds the file
(the YAML file whose top level holds it); ``events.yaml:events[...]...`` names
the file outright. Each variant is a private copy of the pack with that one
value changed, loaded and validated like any content before a game is played.
"""

from __future__ import annotations

import itertools
import re
import shutil
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation
from pathlib import Path

import yaml

from printkit.content.fields import PROVISIONAL_KEY, suggest
from printkit.errors import UsageError

MAX_VARIANTS = 400  # more variants than this is a typo in the range, not a plan
MAX_AXES = 2
SPEC = re.compile(r"^(?P<path>[^=]+)=(?P<values>.+)$")
RANGE = re.compile(r"^(?P<low>[-+]?[\d.]+)\.\.(?P<high>[-+]?[\d.]+)(?::(?P<step>[\d.]+))?$")
SEGMENT = re.compile(r"^(?P<name>[A-Za-z_][\w-]*)(?:\[(?P<key>[^\]]+)\])?$")

Number = int | float


@dataclass(frozen=True)
class Axis:
    """One content value and the values a sweep gives it, in order."""

    path: str
    values: tuple[Number, ...]

    def label(self, value: Number) -> str:
        return f"{self.path}={value}"


@dataclass(frozen=True)
class Variant:
    """One combination of the axes' values: what it sets, and its folder once made."""

    settings: tuple[tuple[str, Number], ...]  # (path, value) per axis
    folder: Path

    @property
    def label(self) -> str:
        return ", ".join(f"{path}={value}" for path, value in self.settings)


def parse_axis(spec: str) -> Axis:
    """``PATH=A..B[:STEP]`` or ``PATH=V1,V2,...`` as an `Axis`; a clear error otherwise."""
    match = SPEC.match(spec.strip())
    if not match:
        raise UsageError(
            f"--sweep {spec!r} is not PATH=A..B[:STEP]",
            "e.g. --sweep 'items[ice].price_bulk=2..6' or --sweep 'game.days=5,7,9'",
        )
    path, text = match.group("path").strip(), match.group("values").strip()
    values = (
        _range(text, spec) if ".." in text else tuple(_number(v, spec) for v in text.split(","))
    )
    if len(set(values)) != len(values):
        raise UsageError(f"--sweep {spec!r} names a value twice")
    return Axis(path, values)


def _range(text: str, spec: str) -> tuple[Number, ...]:
    match = RANGE.match(text)
    if not match:
        raise UsageError(f"--sweep {spec!r}: {text!r} is not a range A..B or A..B:STEP")
    low, high = (_decimal(match.group(k), spec) for k in ("low", "high"))
    step = _decimal(match.group("step") or "1", spec)
    if step <= 0 or high < low:
        raise UsageError(f"--sweep {spec!r}: a range runs upwards by a positive step")
    count = int((high - low) / step) + 1
    if count > MAX_VARIANTS:
        raise UsageError(f"--sweep {spec!r} makes {count} values; at most {MAX_VARIANTS}")
    whole = all(d == d.to_integral_value() for d in (low, step))
    return tuple(_plain(low + i * step, whole) for i in range(count))


def _decimal(text: str, spec: str) -> Decimal:
    try:
        return Decimal(text)
    except InvalidOperation:
        raise UsageError(f"--sweep {spec!r}: {text!r} is not a number") from None


def _number(text: str, spec: str) -> Number:
    value = _decimal(text.strip(), spec)
    return _plain(value, value == value.to_integral_value())


def _plain(value: Decimal, whole: bool) -> Number:
    return int(value) if whole else float(value)


def variants_of(axes: tuple[Axis, ...]) -> list[tuple[tuple[str, Number], ...]]:
    """Every combination of the axes' values, the first axis slowest."""
    if not 1 <= len(axes) <= MAX_AXES:
        raise UsageError(f"a sweep takes one or two --sweep values, not {len(axes)}")
    combos = list(itertools.product(*(a.values for a in axes)))
    if len(combos) > MAX_VARIANTS:
        raise UsageError(f"the sweep makes {len(combos)} variants; at most {MAX_VARIANTS}")
    return [tuple(zip((a.path for a in axes), combo)) for combo in combos]


@contextmanager
def variant_folders(folder: Path, axes: tuple[Axis, ...]) -> Iterator[list[Variant]]:
    """A private copy of the pack for each variant, removed when the block ends."""
    plans = variants_of(axes)
    for axis in axes:  # a bad path fails before anything is copied
        locate(folder, axis.path)
    with tempfile.TemporaryDirectory(prefix="printkit-sweep-") as scratch:
        made = []
        for index, settings in enumerate(plans):
            target = Path(scratch) / f"v{index:03d}" / folder.name
            shutil.copytree(folder, target, ignore=shutil.ignore_patterns("rulebook"))
            for path, value in settings:
                set_value(target, path, value)
            made.append(Variant(settings, target))
        yield made


# -- finding and setting a value -------------------------------------------------
def locate(folder: Path, path: str) -> tuple[Path, list[tuple[str, str | None]]]:
    """The YAML file holding ``path``, and the path's segments (name, list key)."""
    file_name, _, rest = path.rpartition(":")
    segments = [_segment(part, path) for part in rest.split(".")]
    if file_name:
        file = folder / file_name
        if not file.is_file():
            raise UsageError(f"--sweep {path!r}: no file {file_name} in {folder}")
        return file, segments
    first = segments[0][0]
    holders = [f for f in _documents(folder) if first in _top_keys(f)]
    if len(holders) == 1:
        return holders[0], segments
    if len(holders) > 1:
        names = ", ".join(f.name for f in holders)
        raise UsageError(
            f"--sweep {path!r}: {first!r} is in {names}",
            f"name the file, e.g. {holders[0].name}:{rest}",
        )
    if (folder / f"{first}.yaml").is_file():  # game.days: the file's own name, then its keys
        return folder / f"{first}.yaml", segments[1:]
    known = sorted({k for f in _documents(folder) for k in _top_keys(f)})
    raise UsageError(f"--sweep {path!r}: no content value {first!r}; {suggest(first, known)}")


def _segment(part: str, path: str) -> tuple[str, str | None]:
    match = SEGMENT.match(part.strip())
    if not match:
        raise UsageError(f"--sweep {path!r}: {part!r} is not a name or name[id]")
    return match.group("name"), match.group("key")


def _documents(folder: Path) -> list[Path]:
    return sorted(p for p in folder.glob("*.yaml") if p.is_file())


def _top_keys(file: Path) -> set[str]:
    data = yaml.safe_load(file.read_text(encoding="utf-8"))
    return set(data) if isinstance(data, dict) else set()


def set_value(folder: Path, path: str, value: Number) -> None:
    """Write ``value`` at ``path`` in the pack copy in ``folder``; the value must be a number."""
    file, segments = locate(folder, path)
    data = yaml.safe_load(file.read_text(encoding="utf-8"))
    parent, key = _walk(data, segments, path)
    old = parent[key]
    if isinstance(old, dict) and "value" in old and PROVISIONAL_KEY in old:
        parent, key, old = old, "value", old["value"]  # a provisional value: keep its reason
    if isinstance(old, bool) or not isinstance(old, (int, float)):
        raise UsageError(f"--sweep {path!r}: the value there is {old!r}, not a number")
    parent[key] = value
    file.write_text(yaml.safe_dump(data, sort_keys=False, allow_unicode=True), encoding="utf-8")


def _walk(data: object, segments: list[tuple[str, str | None]], path: str) -> tuple[object, object]:
    """The container holding the path's last step, and that step's key or index."""
    node, steps = data, []
    for name, key in segments:
        steps.append((name, True))
        if key is not None:
            steps.append((key, False))
    for position, (step, by_name) in enumerate(steps):
        last = position == len(steps) - 1
        if isinstance(node, dict) and by_name:
            if step not in node:
                raise UsageError(f"--sweep {path!r}: no {step!r}; {suggest(step, list(node))}")
            if last:
                return node, step
            node = node[step]
        elif isinstance(node, list) and not by_name:
            index = _entry(node, step, path)
            if last:
                return node, index
            node = node[index]
        else:
            raise UsageError(f"--sweep {path!r}: cannot follow {step!r} there")
    raise UsageError(f"--sweep {path!r}: an empty path")


def _entry(entries: list, key: str, path: str) -> int:
    """The index of the list entry whose id is ``key`` (or the entry at that position)."""
    for index, entry in enumerate(entries):
        if isinstance(entry, dict) and str(entry.get("id")) == key:
            return index
    if key.isdigit() and int(key) < len(entries):
        return int(key)
    ids = [str(e.get("id")) for e in entries if isinstance(e, dict) and "id" in e]
    raise UsageError(f"--sweep {path!r}: no entry {key!r}; {suggest(key, ids)}")
