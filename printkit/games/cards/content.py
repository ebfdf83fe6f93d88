"""Read a plain card game: game.yaml (frame) and cards.yaml or cards.csv (the deck)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from printkit.content.cardsize import read_card_size
from printkit.content.fields import Field, Gap, Ledger, suggest
from printkit.content.layout import DEFAULT_FACE, Layout, check_card, read_layout
from printkit.content.packs import Frame, read_card_list, read_document
from printkit.content.schema import MAX_CARDS, Custom, Id, Int, ListOf, Players, Record, Text

OWN_FIELDS = ("id", "title", "text", "copies", "face")


@dataclass(frozen=True)
class Card:
    id: str
    title: str
    text: str
    copies: int = 1
    face: str = DEFAULT_FACE  # which of the layout's faces draws it
    extra: tuple[tuple[str, str], ...] = ()  # further fields the layout prints (image, cost ...)

    @property
    def values(self) -> dict[str, str]:
        """What the layout's templates may name: the card's own fields."""
        shown = {"id": self.id, "title": self.title, "text": self.text, "copies": self.copies}
        return {**shown, "type": self.face, **dict(self.extra)}


@dataclass(frozen=True)
class CardGame(Frame):
    card_width: float  # millimetres
    card_height: float
    cards: tuple[Card, ...]
    gaps: tuple[Gap, ...] = ()
    layout: Layout | None = None  # the pack's layout.yaml; None draws the plain look

    @property
    def deck_size(self) -> int:
        return sum(card.copies for card in self.cards)


def load(folder: Path) -> CardGame:
    ledger = Ledger()
    game = read_document(folder / "game.yaml", ledger)
    frame = GAME.values(game)
    size = frame.pop("card")
    frame["min_players"], frame["max_players"] = frame.pop("players")
    del frame["engine"]  # the registry reads it to choose these rules
    layout = read_layout(folder)
    entries = read_card_list(folder, "cards", ledger)
    cards = tuple(ListOf(_card_schema(layout), unique={"id": "card id"}).read_entries(entries))
    for entry, card in zip(entries, cards):
        if layout is not None:
            values = {key: entry.get(key) for key in entry.names() if key != "copies"}
            check_card(layout, card.face, values, entry)
    if layout is not None:
        layout.check_fields_used({key for card in cards for key in card.values})
    return CardGame(
        folder=folder,
        **frame,
        card_width=size.width,
        card_height=size.height,
        cards=cards,
        gaps=tuple(ledger.gaps),
        layout=layout,
    )


GAME = Record(
    dict,
    {
        "id": Id(),
        "engine": Id(),
        "title": Text(),
        "players": Players(),
        "card": Custom(read_card_size),
    },
    optional={"tagline": Text()},
    defaults={"tagline": ""},
)


def _card_schema(layout: Layout | None) -> Record:
    """A card's own fields, and any further ones its layout prints."""
    extra = sorted(layout.fields - {"id", "title", "text", "copies", "type"}) if layout else []
    faces = tuple(name for name, _ in layout.faces) if layout else (DEFAULT_FACE,)

    def make(**values: Any) -> Card:
        own = {key: values.pop(key) for key in OWN_FIELDS if key in values}
        return Card(**own, extra=tuple(sorted(values.items())))

    def read_face(node: Field) -> str:
        if node.as_str() not in faces:
            raise node.error(f"no face {node.as_str()!r} in layout.yaml", suggest(node.raw, faces))
        return node.as_str()

    return Record(
        make,
        {"id": Id(), "title": Text(), "text": Text()},
        optional={
            "copies": Int(1, MAX_CARDS),
            **({"type": Custom(read_face)} if layout else {}),
            **{key: Text() for key in extra},
        },
        rename={"type": "face"},
        defaults={"type": faces[0]},
    )
