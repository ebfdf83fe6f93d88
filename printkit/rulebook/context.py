"""What a game hands the rulebook builder: variables for the templates and special blocks."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any, Protocol

from reportlab.platypus import Flowable

from printkit.content.typography import typeset_text
from printkit.errors import NotFound


class Block(Protocol):
    """Something Markdown cannot say (a card picture): drawn for print and for screens."""

    alt: str  # what the block shows, in words

    def flowables(self, width: float) -> list[Flowable]: ...

    def html(self) -> str: ...


@dataclass(frozen=True)
class RulebookContext:
    """One game's rulebook: its title, the variables its templates read, its blocks.

    ``blocks`` maps a key to a `Block`; a template places one with
    ``{{ block("key") }}`` (or a variable whose value is that call's result).
    """

    title: str
    variables: Mapping[str, Any]
    blocks: Mapping[str, Block] = field(default_factory=dict)
    filters: Mapping[str, Callable[..., Any]] = field(default_factory=dict)
    functions: Mapping[str, Callable[..., Any]] = field(default_factory=dict)
    template: str = "rulebook.md"
    subject: str = ""
    language: str = "en"

    def __post_init__(self) -> None:
        # the title prints in running heads and the PDF's metadata: set it as the text is
        object.__setattr__(self, "title", typeset_text(self.title, self.language))


class MissingEntry(NotFound):
    """A template asked a `Catalog` for an entry it does not hold.

    Deliberately not a LookupError: Jinja would swallow that into a vague
    "undefined"; this one carries the catalog's name and a "did you mean".
    """


class Catalog(Mapping[str, Any]):
    """A read-only id -> entry mapping whose misses name the id and suggest close ones."""

    def __init__(self, what: str, entries: Mapping[str, Any]) -> None:
        self.what = what
        self._entries = dict(entries)

    def __getitem__(self, key: str) -> Any:
        try:
            return self._entries[key]
        except (KeyError, TypeError):
            from printkit.content.fields import suggest  # typesetting alone never reads YAML

            raise MissingEntry(
                f"there is no {self.what} {key!r}; {suggest(str(key), list(self._entries))}"
            ) from None

    def __iter__(self) -> Iterator[str]:
        return iter(self._entries)

    def __len__(self) -> int:
        return len(self._entries)
