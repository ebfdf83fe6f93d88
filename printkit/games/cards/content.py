"""Read a plain card game: game.yaml (frame) and cards.yaml or cards.csv (the deck)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from printkit.content.fields import Gap, Ledger, read_copies
from printkit.content.packs import read_card_list, read_document

MAX_CARDS = 500


@dataclass(frozen=True)
class Card:
    id: str
    title: str
    text: str
    copies: int = 1


@dataclass(frozen=True)
class CardGame:
    folder: Path
    id: str
    title: str
    tagline: str
    min_players: int
    max_players: int
    card_width: int  # millimetres
    card_height: int
    cards: tuple[Card, ...]
    gaps: tuple[Gap, ...] = ()

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
    card = game.get("card")
    card.expect_keys(["width", "height"])
    cards = []
    seen: set[str] = set()
    for entry in read_card_list(folder, "cards", ledger):
        entry.expect_keys(["id", "title", "text"], ["copies"])
        card_id = entry.get("id").as_id()
        if card_id in seen:  # a set, not a list per card: a 900-card deck checks in linear time
            raise entry.get("id").error(f"card id {card_id!r} appears twice")
        seen.add(card_id)
        cards.append(
            Card(
                card_id,
                entry.get("title").as_str(),
                entry.get("text").as_str(),
                read_copies(entry, MAX_CARDS),
            )
        )
    tagline = game.opt("tagline")
    return CardGame(
        folder=folder,
        id=game.get("id").as_id(),
        title=game.get("title").as_str(),
        tagline=tagline.as_str() if tagline else "",
        min_players=low,
        max_players=players.get("max").as_int(low, 20),
        card_width=card.get("width").as_int(20, 300),
        card_height=card.get("height").as_int(20, 300),
        cards=tuple(cards),
        gaps=tuple(ledger.gaps),
    )
