"""That's Not Lemonade's content as small frozen values.

Nothing here reads files: `content.py` builds these from YAML after validating.
The deck for a table is a function of the content and the player count, so a
change of card counts reaches the engine, the odds card and the rulebook alike.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field

from printkit.content.art import Art, ArtSet
from printkit.content.fields import Gap, Size
from printkit.content.lookup import Lookup
from printkit.content.packs import Box
from printkit.content.words import Words

TIE_BREAKS = ("lemons", "ice", "nearest-dealer-left")
MUST_PASS = "must-pass"


@dataclass(frozen=True)
class Card:
    """One kind of card: what it scores, and whether drawing it puts you out."""

    id: str
    title: str
    text: str
    copies: int
    lemons: int = 0
    ice: bool = False
    out: bool = False  # a That's Not Lemonade card: shown at once, its taker is out
    art: Art | None = None  # the card's illustration (the rules never read it)


@dataclass(frozen=True)
class Removal:
    """Small tables play with fewer out cards: ``count`` copies leave the deck."""

    players: int
    count: int


@dataclass(frozen=True)
class Character:
    id: str
    name: str
    motto: str
    colour: str  # "#RRGGBB"
    symbol: str  # a printkit symbol: colour is never the only cue


@dataclass(frozen=True)
class KitLayout:
    """Print sizes of the kit's pieces; the rules never read these."""

    card: Size
    tile: Size
    reference: Size


@dataclass(frozen=True)
class ThatsNotLemonade(Box):
    """The whole content pack of one That's Not Lemonade variant."""

    rounds_to_win: int
    buried: int  # cards dealt face down to nobody at the start of a round
    removed_card: str
    removals: tuple[Removal, ...]
    trophies: tuple[str, ...]  # the card a round winner takes, first choice first
    tie_breaks: tuple[str, ...]
    empty_pile: str  # what a player does when no card is left to deal
    pass_again: bool  # a player who passed may hit on a later turn
    cards: tuple[Card, ...]
    characters: tuple[Character, ...]
    bring: tuple[str, ...]  # what players bring that the kit does not print
    kit: KitLayout
    words: Words  # the kit's sentences, from words.yaml
    art: ArtSet = ArtSet()  # card art, the back and the cover, from art/
    gaps: tuple[Gap, ...] = field(default=(), compare=False)

    # -- lookups -----------------------------------------------------------
    card = Lookup[Card]("cards", "card")

    @property
    def card_ids(self) -> tuple[str, ...]:
        return tuple(c.id for c in self.cards)

    def removed(self, players: int) -> int:
        """How many copies of the removed card leave the deck at this table size."""
        return next((r.count for r in self.removals if r.players == players), 0)

    def counts(self, players: int) -> Mapping[str, int]:
        """Copies of each card in the deck for ``players``, before any trophy is won."""
        counts = Counter({c.id: c.copies for c in self.cards})
        counts[self.removed_card] -= self.removed(players)
        return counts

    def deck(self, players: int) -> tuple[str, ...]:
        """The deck's card ids for ``players``, copies expanded, in content order."""
        counts = self.counts(players)
        return tuple(c.id for c in self.cards for _ in range(counts[c.id]))

    def out_cards(self, players: int) -> int:
        """That's Not Lemonade cards in play at this table size."""
        counts = self.counts(players)
        return sum(counts[c.id] for c in self.cards if c.out)

    @property
    def largest_deck(self) -> int:
        return max(len(self.deck(p)) for p in self.player_counts)

    @property
    def most_out_cards(self) -> int:
        return max(self.out_cards(p) for p in self.player_counts)

    @property
    def most_trophies(self) -> int:
        """Trophies a longest game hands out: all but one seat one short, then the winner."""
        return self.max_players * (self.rounds_to_win - 1) + 1
