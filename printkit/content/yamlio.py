"""YAML reading that remembers the line of every value.

Validation errors must name the line a designer has to fix; PyYAML's plain
loader forgets it, so mappings and sequences here carry their marks.
"""

from __future__ import annotations

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


class _Loader(_SafeBase):  # type: ignore[misc, valid-type]
    pass


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


def read_text(path: Path) -> str:
    try:
        return path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise ContentError(Location(path), "file not found") from None
    except UnicodeDecodeError as exc:
        raise ContentError(
            Location(path), f"not UTF-8 text ({exc.reason})", "save the file as UTF-8"
        ) from None
    except OSError as exc:
        raise ContentError(Location(path), f"cannot read file: {exc.strerror}") from None


def load_yaml(path: Path) -> Any:
    """Parse one YAML file; a syntax error becomes a ContentError with its line."""
    text = read_text(path)
    try:
        return yaml.load(text, Loader=_Loader)  # noqa: S506 - SafeLoader subclass
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
