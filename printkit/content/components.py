"""What a game's box holds, and its player colours: shared by every game that lists them."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from printkit.content.fields import Field, check_unique
from printkit.content.symbol_names import SYMBOL_NAMES

MAX_COUNT = 500  # more of one component than this is a typo, not a design


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
    result = []
    for entry in node.as_list(minimum):
        entry.expect_keys(["id", "name", "colour", "symbol"])
        symbol = entry.get("symbol")
        result.append(
            PlayerColour(
                id=entry.get("id").as_id(),
                name=entry.get("name").as_str(),
                colour=entry.get("colour").as_colour(),
                symbol=symbol.as_choice(sorted(symbols)),
            )
        )
    check_unique(node, [c.id for c in result], "player colour")
    return tuple(result)


def read_components(
    node: Field, kinds: Sequence[str], pers: Sequence[str], optional: bool = True
) -> tuple[Component, ...]:
    """The component list: kinds and ``per`` values as the game allows them."""
    result = []
    for entry in node.as_list(1):
        allowed = ["per", "printable"] + (["optional"] if optional else [])
        entry.expect_keys(["id", "name", "count", "kind"], allowed)
        per, printable, extra = entry.opt("per"), entry.opt("printable"), entry.opt("optional")
        result.append(
            Component(
                id=entry.get("id").as_id(),
                name=entry.get("name").as_str(),
                count=entry.get("count").as_int(0, MAX_COUNT),
                kind=entry.get("kind").as_choice(kinds),
                per=per.as_choice(pers) if per else None,
                printable=printable.as_bool() if printable else True,
                optional=extra.as_bool() if extra else False,
            )
        )
    check_unique(node, [c.id for c in result], "component id")
    return tuple(result)
