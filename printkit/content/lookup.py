"""Finding a pack's values by id, with a `NotFound` that names what was missing."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Generic, Protocol, TypeVar

from printkit.errors import NotFound


class HasId(Protocol):
    @property
    def id(self) -> str: ...


T = TypeVar("T", bound=HasId)


class Index(dict[str, T], Generic[T]):
    """Id -> value, for lists the engine looks up often: a hit costs a plain dict lookup.

    The first of a repeated id wins, as `by_id` would find it; a miss raises
    a `NotFound` such as "no item 'lemons'".
    """

    def __init__(self, values: Iterable[T], what: str) -> None:
        super().__init__()
        self.what = what
        for value in values:
            self.setdefault(value.id, value)

    def __missing__(self, key: str) -> T:
        raise NotFound(f"no {self.what} {key!r}")


def by_id(values: Iterable[T], wanted: str, what: str) -> T:
    """The first value whose id is ``wanted``: for short lists looked up now and then."""
    for value in values:
        if value.id == wanted:
            return value
    raise NotFound(f"no {what} {wanted!r}")
