"""YAML and CSV reading that remembers the line of every value.

Validation errors must name the line a designer has to fix; PyYAML's plain
loader forgets it, so mappings and sequences here carry their marks.
"""

from __future__ import annotations

import os
import re
import stat
from pathlib import Path
from typing import Any

import yaml

from printkit.errors import ContentError, Location


class LocatedDict(dict):
    """A dict that knows the 1-based line of itself and of each key."""

    line: int | None = None
    key_lines: dict[str, int]


class LocatedList(list):
    """A list that knows the 1-based line of itself and of each item."""

    line: int | None = None
    item_lines: list[int]


# libyaml's parser when PyYAML has it (about ten times faster), the pure one otherwise;
# both report the same line marks and build values through the constructors below.
_SafeBase = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


LARGEST_DOCUMENT = 100_000  # values once aliases are expanded; the largest bundled file: 721


class TooLarge(yaml.YAMLError):
    """A document too large to be content: refused before its values are built."""


class _Capped:
    """A loader mixin: aliases may not expand a document past ``LARGEST_DOCUMENT``."""

    def get_single_data(self):
        """The document's values, refused before they are built if aliases multiply them
        past ``LARGEST_DOCUMENT`` (a "billion laughs" file is ten lines)."""
        node = self.get_single_node()
        if node is None:
            return None
        size = expanded_size(node, LARGEST_DOCUMENT)
        if size > LARGEST_DOCUMENT:
            raise TooLarge(f"aliases expand this document past {LARGEST_DOCUMENT:,} values")
        return self.construct_document(node)


class _Loader(_Capped, _SafeBase):  # type: ignore[misc, valid-type]
    """Content files: values that remember their lines (constructors below)."""


class _CellLoader(_Capped, _SafeBase):  # type: ignore[misc, valid-type]
    """One CSV cell: plain values; the row's line is the cell's."""


def expanded_size(root: yaml.Node, limit: int) -> int:
    """How many values ``root`` stands for with every alias copied out; stops past ``limit``.

    A node reached twice (an alias) counts each time, but is measured once.
    """
    sizes: dict[int, int] = {}
    stack: list[tuple[yaml.Node, bool]] = [(root, False)]
    while stack:
        node, measured = stack.pop()
        if id(node) in sizes:
            continue
        children = _children(node)
        if not measured:
            stack.append((node, True))
            stack.extend((child, False) for child in children if id(child) not in sizes)
            continue
        sizes[id(node)] = min(limit + 1, 1 + sum(sizes.get(id(c), 0) for c in children))
    return sizes[id(root)]


def _children(node: yaml.Node) -> list[yaml.Node]:
    if isinstance(node, yaml.MappingNode):
        return [part for pair in node.value for part in pair]
    if isinstance(node, yaml.SequenceNode):
        return list(node.value)
    return []


def _construct_mapping(loader: _Loader, node: yaml.MappingNode) -> LocatedDict:
    loader.flatten_mapping(node)
    result = LocatedDict()
    result.line = node.start_mark.line + 1
    result.key_lines = {}
    for key_node, value_node in node.value:
        key = loader.construct_object(key_node, deep=True)
        if isinstance(key, (dict, list)):
            raise yaml.constructor.ConstructorError(
                None,
                None,
                "a key must be a plain name, not a mapping or a list",
                key_node.start_mark,
            )
        if key in result:
            raise yaml.constructor.ConstructorError(
                None, None, f"duplicate key {key!r}", key_node.start_mark
            )
        result[key] = loader.construct_object(value_node, deep=True)
        result.key_lines[str(key)] = value_node.start_mark.line + 1
    return result


def _construct_sequence(loader: _Loader, node: yaml.SequenceNode) -> LocatedList:
    result = LocatedList(loader.construct_object(child, deep=True) for child in node.value)
    result.line = node.start_mark.line + 1
    result.item_lines = [child.start_mark.line + 1 for child in node.value]
    return result


_Loader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_MAPPING_TAG, _construct_mapping)
_Loader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_SEQUENCE_TAG, _construct_sequence)


CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]")
LARGEST_FILE = 16 * 1024 * 1024  # bytes: no content file comes near; a larger one is a mistake


def read_text(path: Path) -> str:
    """A content file's text: a regular UTF-8 file without control characters."""
    text = _decoded(path, read_regular(path, LARGEST_FILE))
    bad = CONTROL.search(text)
    if bad:
        line = text.count("\n", 0, bad.start()) + 1
        column = bad.start() - text.rfind("\n", 0, bad.start())
        raise ContentError(
            Location(path, line=line),
            f"control character {bad.group()!r} in column {column}",
            "delete it: content is plain text (tabs and line breaks only)",
        )
    return text


def read_regular(path: Path, largest: int) -> bytes:
    """The bytes of a regular file; a FIFO, device or folder is refused without blocking."""
    try:
        handle = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    except FileNotFoundError:
        raise ContentError(Location(path), "file not found") from None
    except OSError as exc:
        raise ContentError(Location(path), f"cannot read file: {exc.strerror}") from None
    info = os.fstat(handle)
    if not stat.S_ISREG(info.st_mode) or info.st_size > largest:
        os.close(handle)
        if info.st_size > largest:
            raise ContentError(
                Location(path), f"file is {info.st_size:,} bytes, more than {largest:,}"
            )
        raise ContentError(
            Location(path), "not a regular file", "content files are plain files, not pipes"
        )
    with os.fdopen(handle, "rb") as file:
        return file.read(largest + 1)


def _decoded(path: Path, data: bytes) -> str:
    try:
        return data.decode("utf-8").replace("\r\n", "\n").replace("\r", "\n")
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        raise ContentError(
            Location(path, line=line), f"not UTF-8 text ({exc.reason})", "save the file as UTF-8"
        ) from None


_PARSED: dict[str, bytes] = {}  # a text's digest -> its values, pickled
PARSED_KEPT = 256


def load_yaml(path: Path) -> Any:
    """Parse one YAML file; a syntax error becomes a ContentError with its line.

    The values are kept in memory by the text (a fresh copy each call): a pack loaded
    again after one of its files is saved parses that file only (a watch round)."""
    import hashlib
    import pickle

    text = read_text(path)
    key = hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()
    kept = _PARSED.get(key)
    if kept is not None:
        return pickle.loads(kept)
    values = _parsed(path, text)
    try:
        data = pickle.dumps(values, pickle.HIGHEST_PROTOCOL)
    except (RecursionError, pickle.PicklingError, TypeError):  # nested past pickle's reach
        return values
    if len(_PARSED) >= PARSED_KEPT:
        _PARSED.clear()
    _PARSED[key] = data
    return values


def _parsed(path: Path, text: str) -> Any:
    try:
        return yaml.load(text, Loader=_Loader)  # noqa: S506 - SafeLoader subclass
    except RecursionError:
        raise ContentError(Location(path), "values nested too deeply to be content") from None
    except TooLarge as exc:
        raise ContentError(
            Location(path), str(exc), "an alias (*name) repeats a whole value: use fewer"
        ) from None
    except yaml.reader.ReaderError as exc:  # a character YAML refuses, by line
        line = text.count("\n", 0, exc.position) + 1
        raise ContentError(Location(path, line=line), f"malformed YAML: {exc.reason}") from None
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line = mark.line + 1 if mark is not None else None
        problem = exc.problem or str(exc)
        raise ContentError(
            Location(path, line=line),
            f"malformed YAML: {problem}",
            "check indentation and quoting near that line",
        ) from None
    except yaml.YAMLError as exc:
        raise ContentError(Location(path), f"malformed YAML: {exc}") from None


def cell_value(text: str) -> Any:
    """Read a spreadsheet cell as YAML would read a value: numbers, booleans, ``{flow: maps}``.

    Plain prose stays prose even when it holds a colon.
    """
    try:
        value = yaml.load(text, Loader=_CellLoader)  # noqa: S506 - SafeLoader subclass, capped
    except (yaml.YAMLError, RecursionError):
        return text
    if isinstance(value, (dict, list)) and not text.startswith(("{", "[")):
        return text
    return value
