"""A declarative content reader: a schema per file, read into frozen values.

A game says once what a file holds — which keys, which are optional, each
value's kind and bounds — and `Record.read` does the rest on a located `Field`:
unknown keys are refused with a "did you mean", missing ones named, and every
bad value quoted with its file, line and dotted field. Cross-field checks stay
in the game's content module, where they read as the rules they protect.

Limits a typo would cross (a deck of 5,000 cards) are declared here once.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field, fields
from functools import cache
from typing import Any, Protocol, get_args, get_type_hints

from printkit.content.fields import Field, read_size, suggest

MAX_CARDS = 500  # a deck, or copies of one card, larger than this is a typo, not a design
MAX_COPIES = 200  # copies of one card or coin beyond this are a typo
MAX_PLAYERS = 20


class Spec(Protocol):
    """Reads one located value; a failure raises a ContentError at that value."""

    def read(self, node: Field) -> Any: ...


@dataclass(frozen=True)
class Int:
    """A whole number within ``low..high`` (either bound may be open)."""

    low: int | None = None
    high: int | None = None

    def read(self, node: Field) -> int:
        return node.as_int(self.low, self.high)


@dataclass(frozen=True)
class Text:
    allow_empty: bool = False

    def read(self, node: Field) -> str:
        return node.as_str(self.allow_empty)


@dataclass(frozen=True)
class Bool:
    def read(self, node: Field) -> bool:
        return node.as_bool()


@dataclass(frozen=True)
class Id:
    """A kebab-case name."""

    def read(self, node: Field) -> str:
        return node.as_id()


@dataclass(frozen=True)
class Colour:
    """``#RRGGBB``."""

    def read(self, node: Field) -> str:
        return node.as_colour()


@dataclass(frozen=True)
class Choice:
    """One of a fixed set of names."""

    options: tuple[str, ...]

    def read(self, node: Field) -> str:
        return node.as_choice(self.options)


@dataclass(frozen=True)
class Size:
    """``{width, height}`` in whole millimetres."""

    largest: int
    smallest: int = 5

    def read(self, node: Field) -> Any:
        return read_size(node, self.largest, self.smallest)


@dataclass(frozen=True)
class Players:
    """``{min, max}``: the table sizes a game plays at, ``fewest..most``, max not below min."""

    fewest: int = 1
    most: int = MAX_PLAYERS

    def read(self, node: Field) -> tuple[int, int]:
        node.expect_keys(["min", "max"])
        low = node.get("min").as_int(self.fewest, self.most)
        return low, node.get("max").as_int(low, self.most)


@dataclass(frozen=True)
class OrNone:
    """``value`` as ``spec`` reads it, or ``null`` (a condition with no price cap)."""

    spec: Spec

    def read(self, node: Field) -> Any:
        return None if node.raw is None else self.spec.read(node)


@dataclass(frozen=True)
class Node:
    """The located value itself, for a caller that reads it against others (card text)."""

    def read(self, node: Field) -> Field:
        return node


@dataclass(frozen=True)
class Custom:
    """A value only code can read (a clock time, a one-key rule): ``read(node)``."""

    reader: Callable[[Field], Any]

    def read(self, node: Field) -> Any:
        return self.reader(node)


@dataclass(frozen=True)
class ListOf:
    """A list of values of one kind, ``least..most`` long.

    ``unique`` maps each attribute that may not repeat to how an error names it
    ({"id": "card id"}); a repeat is refused at the entry that repeats it.
    """

    item: Spec
    least: int = 0
    most: int | None = None
    unique: Mapping[str, str] = field(default_factory=dict)
    hint: str = ""

    def read(self, node: Field) -> tuple[Any, ...]:
        return tuple(self.read_entries(node.as_list(self.least, self.most)))

    def read_entries(self, entries: Iterable[Field]) -> list[Any]:
        """Entries already split from their file (a card list read from YAML, CSV or XLSX)."""
        result: list[Any] = []
        seen: dict[str, set[Any]] = {key: set() for key in self.unique}
        for entry in entries:
            value = self.item.read(entry)
            for key, what in self.unique.items():
                mark = getattr(value, key)
                if mark in seen[key]:  # a set, not a scan: a 900-card deck checks in linear time
                    raise entry.get(key).error(f"{what} {mark!r} appears twice", self.hint)
                seen[key].add(mark)
            result.append(value)
        return result


@dataclass(frozen=True)
class Effect:
    """A card's effect: the keys given set ``make``'s fields (each has a default).

    A field reads as its type says: a flag, a whole number within ``low..high``,
    or a word. A ``nested`` key groups numbers written together: ``bargain: {cost:
    1, goods: 2}`` sets ``bargain_cost`` and ``bargain_goods``. `read` returns the
    effect and the values as written (inner names for nested ones), which the
    card's text may show.
    """

    make: type
    low: int
    high: int
    nested: Mapping[str, tuple[str, ...]] = field(default_factory=dict)

    def read(self, node: Field) -> tuple[Any, dict[str, Any]]:
        hints = _type_hints(self.make)
        known = [f.name for f in fields(self.make)]
        values: dict[str, Any] = {}
        shown: dict[str, Any] = {}
        for key, value in node.items():
            if key in self.nested:
                value.expect_keys(self.nested[key])
                for inner in self.nested[key]:
                    values[f"{key}_{inner}"] = shown[inner] = value.get(inner).as_int(0, 10_000)
            elif key in known:
                values[key] = shown[key] = self._value(value, hints[key])
            else:
                raise value.error(f"unknown effect {key!r}", suggest(key, [*known, *self.nested]))
        return self.make(**values), shown

    def _value(self, node: Field, hint: Any) -> Any:
        kinds = get_args(hint) or (hint,)
        if bool in kinds:
            return node.as_bool()
        return node.as_int(self.low, self.high) if int in kinds else node.as_str()


@dataclass(frozen=True)
class Rulings:
    """The designer's rulings an engine implements: each key and the readings it knows."""

    options: Mapping[str, tuple[str, ...]]

    def read(self, node: Field) -> dict[str, str]:
        return read_rulings(node, self.options)


def read_rulings(
    node: Field, options: Mapping[str, Iterable[str]], others: Iterable[str] = ()
) -> dict[str, str]:
    """Each ruling's chosen reading; ``others`` are further keys the caller reads itself."""
    node.expect_keys([*options, *others])
    return {key: node.get(key).as_choice(list(values)) for key, values in options.items()}


@dataclass(frozen=True)
class Record:
    """A mapping read into ``make(**values)``: a frozen dataclass, or ``dict``.

    ``fields`` are required, ``optional`` may be left out (the dataclass default
    applies, or ``defaults`` gives one); ``rename`` maps a file's key to the
    model's attribute where they differ.
    """

    make: Callable[..., Any]
    fields: Mapping[str, Spec]
    optional: Mapping[str, Spec] = field(default_factory=dict)
    rename: Mapping[str, str] = field(default_factory=dict)
    defaults: Mapping[str, Any] = field(default_factory=dict)
    also: tuple[str, ...] = ()  # further keys a caller reads itself (e.g. ``engine``)
    check: Callable[[Field, dict[str, Any]], None] | None = None  # a rule across its fields

    def read(self, node: Field) -> Any:
        return self.make(**self.values(node))

    def values(self, node: Field) -> dict[str, Any]:
        """The record's values by attribute name, before ``make``: for a caller that adds some."""
        node.expect_keys(list(self.fields), [*self.optional, *self.also])
        values = {self._name(k): spec.read(node.get(k)) for k, spec in self.fields.items()}
        for key, spec in self.optional.items():
            if node.has(key):
                values[self._name(key)] = spec.read(node.get(key))
            elif key in self.defaults:
                values[self._name(key)] = self.defaults[key]
        if self.check is not None:
            self.check(node, values)
        return values

    def _name(self, key: str) -> str:
        return self.rename.get(key, key)


@cache
def _type_hints(make: type) -> dict[str, Any]:
    """``get_type_hints``, worked out once per effect class (it evaluates every annotation
    of the class, and every card's effect is read through it)."""
    return get_type_hints(make)
