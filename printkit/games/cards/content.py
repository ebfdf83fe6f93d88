"""Read a plain card game: game.yaml (frame) and cards.yaml or cards.csv (the deck)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from printkit.content.cardsize import read_card_size
from printkit.content.fields import Gap, Ledger, check_unique, read_copies
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
    card_width: float  # millimetres
    card_height: float
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
    size = read_card_size(game.get("card"))
    cards = []
    for entry in read_card_list(folder, "cards", ledger):
        entry.expect_keys(["id", "title", "text"], ["copies"])
        card_id = entry.get("id").as_id()
        check_unique(entry.get("id"), [*(c.id for c in cards), card_id], "card id")
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
        card_width=size.width,
        card_height=size.height,
        cards=tuple(cards),
        gaps=tuple(ledger.gaps),
    )
