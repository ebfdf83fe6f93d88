"""The plain card game's rulebook variables: the frame and the deck."""

from __future__ import annotations

from printkit.content.layout import INLINE_ICON, icon_file
from printkit.games.cards.content import CardGame
from printkit.render.theme import Theme
from printkit.rulebook.context import RulebookContext
from printkit.rulebook.scenes import kit_gallery


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
            {"id": c.id, "title": c.title, "text": _icons(pack, c.text), "copies": c.copies}
            for c in pack.cards
        ],
        "gaps": [{"field": g.field, "value": g.value, "reason": g.reason} for g in pack.gaps],
    }
    from printkit.games.cards.kit import kit

    blocks = {"components:kit": kit_gallery(kit, pack, theme)}
    return RulebookContext(
        title=pack.title, variables=variables, subject=pack.tagline, blocks=blocks
    )


def _icons(pack: CardGame, text: str) -> str:
    """Card text for the rulebook's Markdown: each ``:icon:`` as an image inside the line."""
    if pack.layout is None:
        return text

    def image(match) -> str:
        path = icon_file(pack.folder, match.group(1))
        return (
            f"![{match.group(1)}]({path.relative_to(pack.folder).as_posix()})"
            if path
            else match.group(0)
        )

    return INLINE_ICON.sub(image, text)
