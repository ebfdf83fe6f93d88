"""The designer's rulings appendix, from a pack's gaps: numbered, located, explained.

The numbering, the location and the ``ruling("field")`` reference a template
prints are the same in every game; each game words its own topics, with the
small field readers here.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from pathlib import Path
from typing import Any

from printkit.content.fields import Gap
from printkit.rulebook.context import Catalog

Ruling = dict[str, Any]


def rulings(
    gaps: Iterable[Gap],
    topic: Callable[[Gap], str] | None = None,
    shown: Callable[[Gap], str] | None = None,
    prefix: str = "R",
) -> list[Ruling]:
    """One entry per gap in the pack's order, ``R1`` first; ``topic``/``value`` when worded.
    A gap marked ``appendix: false`` in content is left to ``printkit gaps``."""
    out = []
    for number, gap in enumerate((gap for gap in gaps if gap.appendix), start=1):
        entry: Ruling = {
            "ref": f"{prefix}{number}",
            "file": Path(gap.file).name,
            "line": gap.line or 0,
            "field": gap.field,
        }
        if topic is not None:
            entry["topic"] = topic(gap)
        if shown is not None:
            entry["value"] = shown(gap)
        entry["reason"] = gap.reason
        out.append(entry)
    return out


def by_field(entries: Iterable[Ruling]) -> dict[str, Ruling]:
    """Rulings by their field, as a template cites them."""
    return {entry["field"]: entry for entry in entries}


def ruling_function(entries: Mapping[str, Ruling], word: str = "see") -> Callable[[str], str]:
    """``ruling("partial_bulk")`` prints "(see R7)", a light pointer to the appendix; an
    unknown key says "did you mean"."""
    catalog = Catalog("designer's ruling", entries)

    def ruling(key: str) -> str:
        return f"({word}\u00a0{catalog[key]['ref']})"  # never split from its number

    return ruling


def list_entry(field: str) -> tuple[str, str]:
    """``events[theft].codes`` -> ("theft", "codes"); ("", "") for a field outside a list."""
    key, _, aspect = field.partition("[")[2].partition("]")
    return key, aspect.lstrip(".")


def field_words(field: str) -> str:
    """A field's last name in words: ``rules_of_play.partial_bulk`` -> "Partial bulk"."""
    return field.rsplit(".", 1)[-1].replace("_", " ").capitalize()


def unquoted(gap: Gap) -> str:
    """The chosen value as recorded, without the quotes of its repr."""
    return gap.value.replace("'", "").strip('"')
