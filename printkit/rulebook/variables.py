"""Template variables and filters every game's rulebook words the same way."""

from __future__ import annotations

from typing import Any

from printkit.render.formats import money, names

__all__ = ["frame", "money", "names"]


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
