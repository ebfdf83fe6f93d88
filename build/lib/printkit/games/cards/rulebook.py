"""The plain card game's rulebook variables: the frame and the deck."""

from __future__ import annotations

from printkit.games.cards.content import CardGame
from printkit.render.theme import Theme
from printkit.rulebook.context import RulebookContext


def rulebook(pack: CardGame, theme: Theme) -> RulebookContext:
    variables = {
        "game": {
            "title": pack.title,
            "tagline": pack.tagline,
            "min_players": pack.min_players,
            "max_players": pack.max_players,
            "deck_size": pack.deck_size,
        },
        "cards": [
            {"id": c.id, "title": c.title, "text": c.text, "copies": c.copies} for c in pack.cards
        ],
        "gaps": [{"field": g.field, "value": g.value, "reason": g.reason} for g in pack.gaps],
    }
    return RulebookContext(title=pack.title, variables=variables, subject=pack.tagline)
