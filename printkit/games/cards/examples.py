"""The plain card game's example rule: what the deck holds."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from printkit.content.fields import Field
from printkit.games.cards.content import CardGame
from printkit.registry import ExampleRule


def run_deck(pack: CardGame, given: Field) -> Mapping[str, Any]:
    given.expect_keys([], ["without"])
    without = given.opt("without")
    removed = (
        [w.as_choice([c.id for c in pack.cards]) for w in without.as_list()] if without else []
    )
    cards = [c for c in pack.cards if c.id not in removed]
    return {"cards": sum(c.copies for c in cards), "distinct": len(cards)}


RULES = {
    "deck": ExampleRule("deck", "how many cards the deck holds", run_deck, ("cards", "distinct")),
}
