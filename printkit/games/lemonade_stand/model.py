"""Lemonade Stand's content as small frozen values.

Nothing here reads files; `content.py` builds these from YAML after validating.
Money is counted in cents throughout.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from printkit.content.art import ArtSet
from printkit.content.fields import Gap, Size
from printkit.content.lookup import Lookup
from printkit.errors import NotFound
from printkit.games.lemonade_stand.text import Text, plural

UP, DOWN = "up", "down"
CUPS, CUSTOMERS = "cups", "customers"


@dataclass(frozen=True)
class Coin:
    id: str
    value: int  # cents
    name: Text
    forms: Text  # the counted word, forms joined by "|": "nickel|nickels"

    def counted(self, number: int, lang: str) -> str:
        """``3 nickels``, ``3 пятака``: the number and the word that agrees with it."""
        return f"{number} {plural(number, tuple(self.forms(lang).split('|')), lang)}"


@dataclass(frozen=True)
class CoinEnd:
    """One end of a coin card: what the card buys when this end faces away."""

    id: str  # CUPS or CUSTOMERS
    name: Text
    forms: Text  # the counted unit: "cup|cups"
    symbol: str

    def counted(self, number: int, lang: str) -> str:
        return f"{number} {plural(number, tuple(self.forms(lang).split('|')), lang)}"


@dataclass(frozen=True)
class Stand:
    id: str
    name: Text
    price: int  # cents a cup
    customers: int  # regulars who come whatever the weather


@dataclass(frozen=True)
class PlayerColour:
    id: str
    name: Text
    colour: str
    symbol: str


@dataclass(frozen=True)
class WeatherKind:
    id: str
    name: Text
    demand: int  # the most a customer pays for a cup, in cents
    customers: int  # customers the weather adds (or keeps away)
    symbol: str


@dataclass(frozen=True)
class WeatherCard:
    """A forecast of two weathers, and an arrow naming which half of the previous card came true."""

    id: str
    top: str
    bottom: str
    arrow: str  # UP or DOWN


@dataclass(frozen=True)
class DollarEffect:
    customers: int = 0
    cups: int = 0
    demand: int = 0
    rivals_customers: int = 0  # taken from every other stand
    rivals_cups: int = 0
    match_best: bool = False  # customers rise to the most any other stand has
    shield: bool = False  # give back what earlier cards took from this stand
    double_customers: bool = False


@dataclass(frozen=True)
class DollarCard:
    id: str
    strength: int
    title: Text
    text: Text
    effect: DollarEffect


@dataclass(frozen=True)
class Component:
    id: str
    name: Text
    first_deck: int
    second_deck: int


@dataclass(frozen=True)
class Rulings:
    """The designer's readings of what the source leaves open (see game.yaml)."""

    decks: str
    coins_played: str
    making_change: str
    exchange: str
    collect_order: str
    dollar_deck_empty: str
    dollar_deck_empty_when: str
    returned_card: str
    broke: str
    equal_strength: str
    tie: str


@dataclass(frozen=True)
class LemonadeStand:
    """The whole content pack of Lemonade Stand."""

    folder: Path
    id: str
    title: str  # in English, for the command line (the `Pack` protocol)
    title_text: Text  # as printed
    tagline: Text
    min_players: int
    max_players: int  # with one deck
    max_players_two_decks: int
    play_time_minutes: int
    age: int
    days: int
    start_coins: int
    start_mix: tuple[tuple[str, int], ...]  # coin id -> cards
    start_dollars: int
    hand_limit: int  # cards of each coin
    exchange_value: int  # cents of coins traded for one dollar card
    min_coin_cards: int
    max_coin_cards: int
    unit_price: int  # cents that buy one cup or one customer
    mom_coin: str
    coins: tuple[Coin, ...]  # ascending value
    coin_copies: int  # of each coin, per deck
    ends: tuple[CoinEnd, ...]
    coin_buys: tuple[tuple[str, str, Text], ...]  # (coin, end, "+5 cups") as printed
    stands: tuple[Stand, ...]
    colours: tuple[PlayerColour, ...]
    weather: tuple[WeatherKind, ...]
    weather_cards: tuple[WeatherCard, ...]
    dollars: tuple[DollarCard, ...]
    components: tuple[Component, ...]
    labels: tuple[tuple[str, Text], ...]
    rulings: Rulings
    card: Size
    reference: Size
    art: ArtSet = ArtSet()  # icons, card art, backs and the cover, from art/
    gaps: tuple[Gap, ...] = field(default=(), compare=False)

    # -- lookups --------------------------------------------------------------
    coin = Lookup[Coin]("coins", "coin")

    def coin_ids(self) -> tuple[str, ...]:
        return tuple(c.id for c in self.coins)

    end = Lookup[CoinEnd]("ends", "coin end")

    def buys(self, coin_id: str, end_id: str) -> Text:
        """What a coin card prints at one end, e.g. "+5 cups"."""
        for coin, end, text in self.coin_buys:
            if (coin, end) == (coin_id, end_id):
                return text
        raise NotFound(f"no coin end {coin_id!r}/{end_id!r}")

    def units(self, coin_id: str) -> int:
        """Cups or customers one coin card buys."""
        return self.coin(coin_id).value // self.unit_price

    stand = Lookup[Stand]("stands", "stand")
    kind = Lookup[WeatherKind]("weather", "weather")
    weather_card = Lookup[WeatherCard]("weather_cards", "weather card")
    dollar = Lookup[DollarCard]("dollars", "dollar card")
    colour = Lookup[PlayerColour]("colours", "colour")
    component = Lookup[Component]("components", "component")

    def label(self, key: str) -> Text:
        for name, text in self.labels:
            if name == key:
                return text
        raise NotFound(f"no label {key!r}")

    def decks_for(self, players: int) -> int:
        """One deck up to ``max_players``, two beyond."""
        return 1 if players <= self.max_players else 2

    @property
    def hand_capacity(self) -> int:
        """The most coins a hand can hold: ``hand_limit`` cards of every coin."""
        return self.hand_limit * sum(c.value for c in self.coins)
