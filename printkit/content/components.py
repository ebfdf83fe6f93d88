"""What a game's box holds, and its player colours: shared by every game that lists them."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from printkit.content.fields import Field
from printkit.content.schema import MAX_CARDS, Bool, Choice, Colour, Id, Int, ListOf, Record, Text
from printkit.content.symbol_names import SYMBOL_NAMES


@dataclass(frozen=True)
class PlayerColour:
    id: str
    name: str
    colour: str  # #RRGGBB
    symbol: str  # drawn beside the colour: colour never carries meaning alone


@dataclass(frozen=True)
class Component:
    id: str
    name: str
    count: int
    kind: str
    per: str | None = None
    printable: bool = True
    optional: bool = False


def read_colours(
    node: Field, minimum: int, symbols: Iterable[str] = SYMBOL_NAMES
) -> tuple[PlayerColour, ...]:
    """At least ``minimum`` colours, each with one of ``symbols``."""
    colour = Record(
        PlayerColour,
        {"id": Id(), "name": Text(), "colour": Colour(), "symbol": Choice(tuple(sorted(symbols)))},
    )
    return ListOf(colour, minimum, unique={"id": "player colour"}).read(node)


def read_components(
    node: Field, kinds: Sequence[str], pers: Sequence[str], optional: bool = True
) -> tuple[Component, ...]:
    """The component list: kinds and ``per`` values as the game allows them."""
    component = Record(
        Component,
        {"id": Id(), "name": Text(), "count": Int(0, MAX_CARDS), "kind": Choice(tuple(kinds))},
        optional={
            "per": Choice(tuple(pers)),
            "printable": Bool(),
            **({"optional": Bool()} if optional else {}),
        },
    )
    return ListOf(component, 1, unique={"id": "component id"}).read(node)
