"""Finding a pack's values by id, with a `NotFound` that names what was missing."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any, Generic, Protocol, TypeVar, overload

from printkit.errors import NotFound


class HasId(Protocol):
    @property
    def id(self) -> str: ...


T = TypeVar("T", bound=HasId)


class Scratch(dict):
    """A table the rules fill as they go (a memo kept on a pack), not content: a recording
    view of the pack hands each recording a new, empty one, so what fills it is read, and
    noted, inside that recording."""


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


class Lookup(Generic[T]):
    """A pack's finder by id, declared once: ``item = Lookup[Item]("items", "item")``.

    ``pack.item("lemons")`` then finds in the tuple ``pack.items``. The `Index`
    is built on the first call and its lookup kept in the instance's ``__dict__``
    (as ``cached_property`` does, which a frozen dataclass allows and equality
    ignores), so the engine's many lookups a simulated day cost a dict hit.
    """

    def __init__(self, values: str, what: str) -> None:
        self.values = values
        self.what = what
        self.name = ""

    def __set_name__(self, owner: type, name: str) -> None:
        self.name = name

    @overload
    def __get__(self, pack: None, owner: type) -> Lookup[T]: ...
    @overload
    def __get__(self, pack: object, owner: type) -> Callable[[str], T]: ...
    def __get__(self, pack: Any, owner: type) -> Any:
        if pack is None:
            return self
        find = Index(getattr(pack, self.values), self.what).__getitem__
        pack.__dict__[self.name] = find
        return find
