"""Typed reading of located YAML values, with errors that name file, line and field.

A `Field` is one value in a content file plus where it came from. Every
accessor validates and, on failure, raises a ContentError naming the file, the
line, the dotted field path, what is wrong and a hint ("did you mean ...").

Provisional values: any mapping with a ``provisional: "<why>"`` key is a
designer's choice the source rules do not state. ``{value: X, provisional: ...}``
unwraps to X; a larger mapping (a whole card) keeps its keys. Either way the
choice is recorded as a `Gap`, which `printkit gaps` lists. ``appendix: false``
beside the reason keeps a ruling a player learns nothing from out of the printed
rulebook's appendix; `printkit gaps` still lists it.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from printkit.content.yamlio import LocatedDict
from printkit.errors import ContentError, Location

PROVISIONAL_KEY = "provisional"
APPENDIX_KEY = "appendix"  # beside ``provisional``: false keeps the ruling out of the book
RULING_KEYS = frozenset({PROVISIONAL_KEY, APPENDIX_KEY})
COLOUR_RE = re.compile(r"#[0-9A-Fa-f]{6}")
CARD_ID_HINT = "give each card its own id"


@dataclass(frozen=True)
class Gap:
    """A value the source rules do not state, settled by the designer."""

    file: str
    field: str
    line: int | None
    value: str
    reason: str
    appendix: bool = True  # printed among the rulebook's rulings, not only in `printkit gaps`


@dataclass(frozen=True)
class Size:
    """A printed piece's size in millimetres."""

    width: float
    height: float


@dataclass
class Ledger:
    """Collects the gaps met while reading one content pack."""

    gaps: list[Gap] = field(default_factory=list)

    def record(self, gap: Gap) -> None:
        if gap not in self.gaps:
            self.gaps.append(gap)


def suggest(word: str, options: Iterable[str]) -> str:
    """A 'did you mean' hint for a mistyped id, or a list of the valid ones."""
    options = list(options)
    close = difflib.get_close_matches(str(word), options, n=1, cutoff=0.6)
    if close:
        return f"did you mean {close[0]!r}?"
    shown = ", ".join(repr(o) for o in options[:12])
    return f"expected one of {shown}" + (" ..." if len(options) > 12 else "")


def _compact(mapping: dict) -> str:
    return ", ".join(f"{k}: {v}" for k, v in mapping.items() if k not in RULING_KEYS)


def _short(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def _item_key(index: int, value: Any) -> str:
    """Name a list entry by its id where it has one: ``events[theft]`` beats ``events[2]``."""
    if isinstance(value, dict) and isinstance(value.get("id"), str):
        return f"[{value['id']}]"
    return f"[{index}]"


class Field:
    """One located value of a content file."""

    def __init__(
        self,
        value: Any,
        file: Path,
        path: str = "",
        line: int | None = None,
        ledger: Ledger | None = None,
        cell: str = "",
    ) -> None:
        self.file = file
        self.cell = cell
        self.path = path
        self.line = line if line is not None else getattr(value, "line", None)
        self.ledger = ledger if ledger is not None else Ledger()
        self.raw = self._unwrap(value)

    # -- construction ---------------------------------------------------
    def _unwrap(self, value: Any) -> Any:
        flagged = isinstance(value, dict) and isinstance(value.get(APPENDIX_KEY), bool)
        if flagged and PROVISIONAL_KEY not in value:
            raise self.error(
                f"'{APPENDIX_KEY}' goes only beside '{PROVISIONAL_KEY}'",
                f'add provisional: "<why>" to this value, or remove {APPENDIX_KEY}:',
            )
        if isinstance(value, dict) and PROVISIONAL_KEY in value:
            reason = value[PROVISIONAL_KEY]
            if not isinstance(reason, str) or not reason.strip():
                raise self.error(
                    f"'{PROVISIONAL_KEY}' must say why this value was chosen",
                    'write provisional: "<the reasoning behind this value>"',
                )
            shown = value["value"] if "value" in value else value.get("id", _compact(value))
            where = self.path or "(file)"
            appendix = self._appendix(value)
            self.ledger.record(
                Gap(str(self.file), where, self.line, _short(shown), reason.strip(), appendix)
            )
            if set(value) - RULING_KEYS == {"value"}:
                return value["value"]
            inner = LocatedDict((k, v) for k, v in value.items() if k not in RULING_KEYS)
            inner.line = getattr(value, "line", None)
            inner.key_lines = getattr(value, "key_lines", {})
            inner.key_cells = getattr(value, "key_cells", {})
            return inner
        return value

    def _appendix(self, value: dict) -> bool:
        """Whether the ruling is printed in the rulebook's appendix (``appendix: false``: not)."""
        shown = value.get(APPENDIX_KEY, True)
        if not isinstance(shown, bool):
            raise self.error(
                f"'{APPENDIX_KEY}' must be true or false, not {shown!r}",
                f"write {APPENDIX_KEY}: false to keep this ruling out of the printed rulebook "
                "(printkit gaps still lists it), or leave the key out to print it",
            )
        return shown

    def _child(self, key: str | int, value: Any, line: int | None, cell: str = "") -> Field:
        if isinstance(key, int) or key.startswith("["):
            path = f"{self.path}{key}" if isinstance(key, str) else f"{self.path}[{key}]"
        else:
            path = f"{self.path}.{key}" if self.path else key
        return Field(value, self.file, path, line, self.ledger, cell)

    @property
    def location(self) -> Location:
        return Location(self.file, self.path, self.line, self.cell)

    def error(self, problem: str, hint: str = "") -> ContentError:
        return ContentError(self.location, problem, hint)

    # -- mappings -------------------------------------------------------
    def _mapping(self) -> dict:
        if not isinstance(self.raw, dict):
            raise self.error(f"expected a mapping, got {_short(self.raw)}")
        return self.raw

    def has(self, key: str) -> bool:
        mapping = self._mapping()  # a key YAML read as a number (`5:`) is found by its name
        return key in mapping or any(str(k) == key for k in mapping)

    def get(self, key: str) -> Field:
        mapping = self._mapping()
        if key not in mapping:
            # YAML reads `5:` as the number 5; names() reports it as "5"
            key = next((k for k in mapping if str(k) == key), key)
        if key not in mapping:
            raise self.error(f"missing required field {key!r}", f"add '{key}:' here")
        lines = getattr(mapping, "key_lines", {})
        cell = getattr(mapping, "key_cells", {}).get(str(key), "")
        return self._child(str(key), mapping[key], lines.get(str(key), self.line), cell)

    def opt(self, key: str) -> Field | None:
        return self.get(key) if self.has(key) else None

    def names(self) -> list[str]:
        return [str(k) for k in self._mapping()]

    def items(self) -> Iterator[tuple[str, Field]]:
        for key in self.names():
            yield key, self.get(key)

    def expect_keys(self, required: Iterable[str], optional: Iterable[str] = ()) -> None:
        """Reject unknown keys (typos) and report missing ones."""
        required, optional = list(required), list(optional)
        allowed = required + optional
        for key in self.names():
            if key not in allowed:
                child = self.get(key)
                raise child.error(f"unknown field {key!r}", suggest(key, allowed))
        for key in required:
            self.get(key)

    # -- sequences ------------------------------------------------------
    def as_list(self, min_len: int = 0, max_len: int | None = None) -> list[Field]:
        if not isinstance(self.raw, list):
            raise self.error(f"expected a list, got {_short(self.raw)}")
        if len(self.raw) < min_len:
            raise self.error(f"expected at least {min_len} entries, got {len(self.raw)}")
        if max_len is not None and len(self.raw) > max_len:
            raise self.error(f"expected at most {max_len} entries, got {len(self.raw)}")
        lines = getattr(self.raw, "item_lines", [])
        return [
            self._child(_item_key(i, v), v, lines[i] if i < len(lines) else self.line)
            for i, v in enumerate(self.raw)
        ]

    # -- scalars --------------------------------------------------------
    def as_int(self, minimum: int | None = None, maximum: int | None = None) -> int:
        value = self.raw
        if isinstance(value, bool) or not isinstance(value, int):
            raise self.error(f"expected a whole number, got {_short(value)}")
        if minimum is not None and value < minimum:
            raise self.error(f"{value} is below the minimum {minimum}")
        if maximum is not None and value > maximum:
            raise self.error(f"{value} is above the maximum {maximum}")
        return value

    def as_str(self, allow_empty: bool = False) -> str:
        value = self.raw
        if isinstance(value, (int, float)) and not isinstance(value, bool):
            value = str(value)
        if not isinstance(value, str):
            raise self.error(f"expected text, got {_short(value)}")
        if not allow_empty and not value.strip():
            raise self.error("expected text, got an empty value")
        return value.strip()

    def as_bool(self) -> bool:
        if not isinstance(self.raw, bool):
            raise self.error(f"expected true or false, got {_short(self.raw)}")
        return self.raw

    def as_choice(self, options: Iterable[str]) -> str:
        options = list(options)
        value = self.as_str()
        if value not in options:
            raise self.error(f"unknown id {value!r}", suggest(value, options))
        return value

    def as_colour(self) -> str:
        """A colour written ``#RRGGBB``."""
        value = self.as_str()
        if not COLOUR_RE.fullmatch(value):
            raise self.error(f"{self.raw!r} is not a colour", "write it as #RRGGBB")
        return value

    def as_id(self) -> str:
        """An id in kebab-case: lower-case letters, digits and hyphens."""
        if not isinstance(self.raw, str):  # ``example: 1000000000`` is a number, not a name
            raise self.error(
                f"expected an id (a name), got {_short(self.raw)}",
                "use lower-case words joined by hyphens, starting with a letter",
            )
        value = self.as_str()
        kebab = all(c.islower() or c.isdigit() or c == "-" for c in value)
        if not kebab or not value[0].isalpha():
            raise self.error(
                f"id {value!r} is not kebab-case", "use lower-case words joined by hyphens"
            )
        return value


# -- shared checks and shapes ----------------------------------------------
def check_unique(node: Field, values: Iterable[Any], what: str, hint: str = "") -> None:
    """Refuse, at ``node``, the first value met twice: an id, a symbol, a player count."""
    seen = set()
    for value in values:
        if value in seen:
            raise node.error(f"{what} {value!r} appears twice", hint)
        seen.add(value)


def read_size(node: Field, largest: int, smallest: int = 5) -> Size:
    """``{width: 63, height: 88}`` in whole millimetres, each within smallest..largest."""
    node.expect_keys(["width", "height"])
    return Size(
        node.get("width").as_int(smallest, largest), node.get("height").as_int(smallest, largest)
    )


def read_copies(entry: Field, most: int) -> int:
    """How many of a card the deck holds: its ``copies``, or one when it gives none."""
    copies = entry.opt("copies")
    return copies.as_int(1, most) if copies else 1
