"""Template variables and filters every game's rulebook words the same way."""

from __future__ import annotations

from typing import Any


def frame(pack: Any) -> dict[str, Any]:
    """The game's frame as the title page and the rules print it."""
    return {
        "title": pack.title,
        "tagline": pack.tagline,
        "min_players": pack.min_players,
        "max_players": pack.max_players,
        "play_time": pack.play_time_minutes,
        "age": pack.age,
    }


def names(values: list[str], last: str = "and") -> str:
    """``a, b and c``: a list in prose, ``last`` joining the final pair."""
    values = [str(v) for v in values]
    if len(values) < 2:
        return "".join(values)
    return f"{', '.join(values[:-1])} {last} {values[-1]}"


def dollars(value: int) -> str:
    """``$5``, ``−$3`` (a true minus sign)."""
    return f"${value}" if value >= 0 else f"−${-value}"
