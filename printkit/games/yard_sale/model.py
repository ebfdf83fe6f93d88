"""Yard Sale's content as small frozen values.

Nothing here reads files; `content.py` builds these from YAML after validating.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from printkit.content.art import ArtSet
from printkit.content.components import Component, PlayerColour  # noqa: F401  (re-exported)
from printkit.content.fields import Gap, Size
from printkit.content.lookup import Lookup
from printkit.content.packs import Box
from printkit.content.words import Words

# What an item's own rule may do; `content.py` names each kind's parameters.
RULE_KINDS = (
    "fans",  # +opinion with a shopper who loves `subject`
    "set",  # +opinion if another item of `subject` is offered to the same shopper
    "bargain",  # +opinion if no other item offered to the shopper is cheaper
    "last_call",  # +opinion with a shopper in their last round
    "early",  # +opinion in rounds 1..rounds
    "late",  # +opinion from round `rounds` on
    "wealthy",  # +opinion with a shopper holding at least `cash`
    "forgiving",  # the shopper's dislike of its subject does not count
    "firm_price",  # pitches cannot change its price
    "solo",  # a shopper who buys it buys nothing after it
)
# Whom a pitch may be played on.
TARGETS = ("own-item", "rival-item", "shopper", "subject")
ITEM_TARGETS = ("own-item", "rival-item")
TIE_BREAKS = ("favourite", "cheaper", "offered-first")
# What a shopper decides about one item offered to them (each has its words in words.yaml).
BOUGHT = "bought"
TOO_DEAR = "too-dear"  # liked, but more than the cash left
FULL = "full"  # liked, but the shopper already holds their maximum
UNWANTED = "unwanted"  # opinion 0 or below: never bought
DONE = "done"  # liked, but a solo item ended the shopping
OUTCOMES = (BOUGHT, TOO_DEAR, FULL, UNWANTED, DONE)


@dataclass(frozen=True)
class Subject:
    id: str
    name: str
    colour: str
    symbol: str


@dataclass(frozen=True)
class ItemRule:
    """An item's own rule: one kind and the parameters that kind reads."""

    kind: str
    opinion: int = 0
    subject: str | None = None
    rounds: int = 0  # early: the last round it applies; late: the first
    cash: int = 0


@dataclass(frozen=True)
class Item:
    id: str
    name: str
    subject: str
    price: int
    rule: ItemRule
    text: str


@dataclass(frozen=True)
class Shopper:
    id: str
    name: str
    cash: int
    favourite: str
    dislike: str
    max_purchases: int
    time: int  # rounds: shaded sections on the card


@dataclass(frozen=True)
class Pitch:
    id: str
    title: str
    target: str
    opinion: int
    price: int
    text: str
    subject: str | None = None  # only for target "subject"
    copies: int = 1

    @property
    def on_item(self) -> bool:
        """Played on one item on offer, rather than on a shopper or a subject."""
        return self.target in ITEM_TARGETS


@dataclass(frozen=True)
class Denomination:
    value: int
    count: int
    colour: str


@dataclass(frozen=True)
class KitLayout:
    """Print sizes of the kit's pieces; the rules never read these."""

    card: Size
    cash: Size
    track: Size
    token: Size


@dataclass(frozen=True)
class YardSale(Box):
    """The whole content pack of one Yard Sale variant."""

    rounds: int
    minutes_per_round: int
    opening_minute: int  # minutes after midnight when round 1 starts
    display_shoppers: int
    item_hand: int
    pitch_hand: int
    sell_out_bonus: int
    favourite_opinion: int
    dislike_opinion: int
    neutral_opinion: int
    lowest_price: int
    tie_breaks: tuple[str, ...]
    rulings: tuple[tuple[str, str], ...]  # rules_of_play: name -> chosen value
    player_colours: tuple[PlayerColour, ...]
    subjects: tuple[Subject, ...]
    items: tuple[Item, ...]
    shoppers: tuple[Shopper, ...]
    pitches: tuple[Pitch, ...]
    cash: tuple[Denomination, ...]
    components: tuple[Component, ...]
    kit: KitLayout
    words: Words  # the kit's sentences, from words.yaml
    art: ArtSet = ArtSet()  # card art, backs and the cover, from art/
    gaps: tuple[Gap, ...] = field(default=(), compare=False)

    # -- lookups (built once per pack; equality ignores them) -----------------
    subject = Lookup[Subject]("subjects", "subject")
    item = Lookup[Item]("items", "item")
    shopper = Lookup[Shopper]("shoppers", "shopper")
    pitch = Lookup[Pitch]("pitches", "pitch")
    component = Lookup[Component]("components", "component")

    @property
    def subject_ids(self) -> tuple[str, ...]:
        return tuple(s.id for s in self.subjects)

    def ruling(self, name: str) -> str:
        return dict(self.rulings)[name]

    @property
    def pitch_deck_size(self) -> int:
        return sum(p.copies for p in self.pitches)

    @property
    def cash_total(self) -> int:
        return sum(d.value * d.count for d in self.cash)

    def clock(self, round_number: int) -> str:
        """The time on the turn track when round ``round_number`` starts ('8:15')."""
        minute = self.opening_minute + (round_number - 1) * self.minutes_per_round
        return f"{minute // 60 % 24}:{minute % 60:02d}"

    @property
    def closing_time(self) -> str:
        return self.clock(self.rounds + 1)
