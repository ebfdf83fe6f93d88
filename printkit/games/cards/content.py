"""Read a plain card game: game.yaml (frame) and cards.yaml or cards.csv (the deck)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from printkit.content.cardsize import read_card_size
from printkit.content.fields import Field, Gap, Ledger, read_copies, suggest
from printkit.content.layout import DEFAULT_FACE, Layout, check_card, read_layout
from printkit.content.packs import read_card_list, read_document

MAX_CARDS = 500


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
class CardGame:
    folder: Path
    id: str
    title: str
    tagline: str
    min_players: int
    max_players: int
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
    game.expect_keys(["id", "engine", "title", "players", "card"], ["tagline"])
    players = game.get("players")
    players.expect_keys(["min", "max"])
    low = players.get("min").as_int(1, 20)
    size = read_card_size(game.get("card"))
    layout = read_layout(folder)
    cards: list[Card] = []
    seen: set[str] = set()
    for entry in read_card_list(folder, "cards", ledger):
        card = _card(entry, layout)
        if card.id in seen:  # a set, not a list per card: a 900-card deck checks in linear time
            raise entry.get("id").error(f"card id {card.id!r} appears twice")
        seen.add(card.id)
        cards.append(card)
    if layout is not None:
        layout.check_fields_used({key for card in cards for key in card.values})
    tagline = game.opt("tagline")
    return CardGame(
        folder=folder,
        id=game.get("id").as_id(),
        title=game.get("title").as_str(),
        tagline=tagline.as_str() if tagline else "",
        min_players=low,
        max_players=players.get("max").as_int(low, 20),
        card_width=size.width,
        card_height=size.height,
        cards=tuple(cards),
        gaps=tuple(ledger.gaps),
        layout=layout,
    )


def _card(entry: Field, layout: Layout | None) -> Card:
    """One card: its own fields, and any further ones its layout prints."""
    extra_keys = sorted(layout.fields - {"id", "title", "text", "copies", "type"}) if layout else []
    entry.expect_keys(
        ["id", "title", "text"], ["copies", *(["type"] if layout else []), *extra_keys]
    )
    face = entry.opt("type")
    faces = [name for name, _ in layout.faces] if layout else [DEFAULT_FACE]
    if face is not None and face.as_str() not in faces:
        raise face.error(f"no face {face.as_str()!r} in layout.yaml", suggest(face.as_str(), faces))
    card = Card(
        entry.get("id").as_id(),
        entry.get("title").as_str(),
        entry.get("text").as_str(),
        read_copies(entry, MAX_CARDS),
        face.as_str() if face else faces[0],
        tuple((key, entry.get(key).as_str()) for key in extra_keys if entry.has(key)),
    )
    if layout is not None:
        values = {key: entry.get(key) for key in entry.names() if key != "copies"}
        check_card(layout, card.face, values, entry)
    return card
