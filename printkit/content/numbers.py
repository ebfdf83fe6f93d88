"""Small counts in words, as an editor sets them in running prose: "twice", "two of one good".

A count up to nine in a sentence is spelled out; digits stay in tables, on card values,
costs, dice and temperatures, which a template or a card writes as plain placeholders.
English only: a language with cases (Russian) words each count in its own template.
"""

from __future__ import annotations

SMALL = ("one", "two", "three", "four", "five", "six", "seven", "eight", "nine")
TIMES = ("once", "twice")


def in_words(number: object) -> str:
    """``2`` -> "two"; zero, ten and more stay digits ("10 of one good")."""
    count = _count(number)
    return SMALL[count - 1] if 1 <= count <= len(SMALL) else str(count)


def times(number: object) -> str:
    """``2`` -> "twice", ``3`` -> "three times": how often something happens."""
    count = _count(number)
    return TIMES[count - 1] if 1 <= count <= len(TIMES) else f"{in_words(count)} times"


def _count(number: object) -> int:
    if isinstance(number, bool) or not isinstance(number, int):
        raise ValueError(f"a count in words needs a whole number, not {number!r}")
    return number


SPELLINGS = {"words": in_words, "times": times}  # a placeholder's way of printing a count
