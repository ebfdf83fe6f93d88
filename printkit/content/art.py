"""A pack's illustrations as content: the SVG (or PNG) files of its ``art/`` folder.

A game's renderers draw pictures by name from here, never from code, so a
designer swaps a file to swap the art. A card says which picture it uses in an
``art`` field; without one it uses ``art/<card-id>.svg`` if present, else the
deck's picture (``art/<deck>.svg``). Each picture carries a digest of its bytes,
so a swapped file rebuilds exactly the parts that draw it. Reading and checking
only: drawing is `printkit.render.layout.draw_picture`.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from printkit.content.fields import Field, suggest
from printkit.errors import ContentError, Location

ART_FOLDER = "art"
ART_SUFFIXES = (".svg", ".png", ".jpg", ".jpeg")


@dataclass(frozen=True)
class Art:
    """One picture: its name in the art folder and a digest of its bytes (what caches key on)."""

    name: str
    digest: str
    path: Path = field(repr=False, compare=False)


@dataclass(frozen=True)
class ArtSet:
    """Every picture of a pack's art folder, by file name."""

    pictures: tuple[Art, ...] = ()
    folder: Path = field(default=Path(ART_FOLDER), repr=False, compare=False)

    def get(self, name: str) -> Art | None:
        """The picture of this file name, or of this name with any picture suffix."""
        by_name = {art.name: art for art in self.pictures}
        if name in by_name:
            return by_name[name]
        return next((by_name[name + s] for s in ART_SUFFIXES if name + s in by_name), None)

    def need(self, name: str, where: Location | None = None) -> Art:
        """A picture the game's renderers always draw (a back, a cover, an icon)."""
        art = self.get(name)
        if art is None:
            raise ContentError(
                where or Location(self.folder / f"{name}.svg"),
                f"the art file {name}.svg is missing",
                f"add {self.folder / (name + '.svg')}; {self._known(name)}",
            )
        return art

    def for_cards(self, cards: Iterable[Any], entries: Iterable[Field], deck: str) -> tuple:
        """Each card (a frozen value with ``id`` and ``art``) given the picture its entry names."""
        return tuple(
            replace(card, art=self.for_card(entry, card.id, deck))
            for card, entry in zip(cards, entries)
        )

    def for_card(self, entry: Field, card_id: str, deck: str) -> Art | None:
        """The picture a card names in its ``art`` field (which must exist), else
        ``<card-id>.svg``, else the deck's ``<deck>.svg``, else none."""
        node = entry.opt("art")
        if node is not None:
            name = node.as_str()
            art = self.get(name)
            if art is None:
                own = self.get(card_id)
                hint = f"drop the field to use {own.name}" if own else self._known(name)
                raise node.error(
                    f"no art file {name!r} in {self.folder}",
                    f"add the file, or name one that is there; {hint}",
                )
            return art
        return self.get(card_id) or self.get(deck)

    def _known(self, name: str) -> str:
        names = [art.name for art in self.pictures]
        return suggest(name, names) if names else "the folder is empty"


def read_art(pack_folder: Path) -> ArtSet:
    """Every picture under ``<pack>/art/`` (a missing folder is an empty set)."""
    folder = pack_folder / ART_FOLDER
    if not folder.is_dir():
        return ArtSet((), folder)
    pictures = tuple(
        Art(path.name, hashlib.sha256(path.read_bytes()).hexdigest()[:16], path)
        for path in sorted(folder.iterdir())
        if path.is_file() and path.suffix.lower() in ART_SUFFIXES
    )
    return ArtSet(pictures, folder)
