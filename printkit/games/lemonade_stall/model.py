"""Lemonade Stall's content as small frozen values.

Nothing here reads files; `content.py` builds these from YAML after validating.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path

from printkit.fields import Gap


@dataclass(frozen=True)
class Condition:
    id: str
    name: str
    price_cap: int | None  # None: no cap
    guarantee: int
    symbol: str


@dataclass(frozen=True)
class Temperature:
    degrees: int
    spoils_on: int | None  # None: lemons never spoil


@dataclass(frozen=True)
class ForecastRow:
    low: int
    high: int
    result: str | int  # SAME, a condition id, or degrees

    def covers(self, roll: int) -> bool:
        return self.low <= roll <= self.high


SAME = "same"


@dataclass(frozen=True)
class ChangeOption:
    """One printed code such as ``-10 (5+)``: its step and the d6 roll it needs."""

    step: int  # conditions: +1/-1 levels; temperatures: degrees
    threshold: int
    printed: str


@dataclass(frozen=True)
class ChangeGroup:
    """One d6 roll's worth of codes; the highest threshold met applies."""

    kind: str  # "condition" or "temperature"
    options: tuple[ChangeOption, ...]

    def step_for(self, roll: int) -> int:
        met = [o for o in self.options if roll >= o.threshold]
        return met[-1].step if met else 0


@dataclass(frozen=True)
class WeatherChange:
    printed: str
    groups: tuple[ChangeGroup, ...]


@dataclass(frozen=True)
class Item:
    id: str
    name: str
    unit: str
    price_one: int
    price_bulk: int
    perishes: str | None  # "spoils", "melts" or None


@dataclass(frozen=True)
class EventEffect:
    weather_checks: int = 1
    price_bonus: int = 0
    discard_half_after_selling: str | None = None
    spoils_on: int | None = None
    purchase_total_cap: int | None = None
    pass_left: int = 0
    gain_goods: int = 0
    melts_from: int | None = None
    no_guarantees: bool = False
    bulk_discount: bool = True
    extra_bonus_tokens: int = 0
    limit_bonus: int = 0


@dataclass(frozen=True)
class Event:
    id: str
    title: str
    text: str
    effect: EventEffect
    change: WeatherChange
    copies: int = 1
    immunity: bool = True  # False: Event Immunity cannot skip it


@dataclass(frozen=True)
class BenefitEffect:
    takes_first_player: bool = False
    barter: bool = False
    sales_bonus_per_cup: int = 0
    sales_bonus_cups: int = 0
    bargain_cost: int = 0
    bargain_goods: int = 0
    ignores_events: bool = False
    immunity_goods: int = 0
    fridge: bool = False
    theft_goods: int = 0
    theft_money: int = 0


@dataclass(frozen=True)
class Benefit:
    id: str
    title: str
    text: str
    effect: BenefitEffect
    min_players: int = 0


@dataclass(frozen=True)
class SalesChart:
    players: int
    limits: tuple[tuple[str, tuple[int, ...]], ...]  # condition id -> limit per temperature

    def row(self, condition: str) -> tuple[int, ...]:
        return dict(self.limits)[condition]


@dataclass(frozen=True)
class PlayerColour:
    id: str
    name: str
    colour: str
    symbol: str


@dataclass(frozen=True)
class Component:
    id: str
    name: str
    count: int
    kind: str
    per: str | None = None
    printable: bool = True
    optional: bool = False


@dataclass(frozen=True)
class LemonadeStall:
    """The whole content pack of one Lemonade Stall variant."""

    folder: Path
    id: str
    title: str
    tagline: str
    min_players: int
    max_players: int
    play_time_minutes: int
    age: int
    starting_money: int
    days: tuple[str, ...]
    opening_weather: tuple[str, int]
    forecast_on_last_day: bool
    selling_prices: tuple[int, ...]
    tie_breaks: tuple[str, ...]
    stock_track_length: int
    player_colours: tuple[PlayerColour, ...]
    conditions: tuple[Condition, ...]
    temperatures: tuple[Temperature, ...]
    temperature_step: int
    condition_forecast: tuple[ForecastRow, ...]
    temperature_forecast: tuple[ForecastRow, ...]
    d12_high_half_from: int
    d12_high_half_adds: int
    charts: tuple[SalesChart, ...]
    items: tuple[Item, ...]
    bulk_size: int
    max_per_item: int
    benefits: tuple[Benefit, ...]
    events: tuple[Event, ...]
    deck_size: int
    components: tuple[Component, ...]
    gaps: tuple[Gap, ...] = field(default=(), compare=False)

    # -- lookups -----------------------------------------------------------
    @property
    def item_ids(self) -> tuple[str, ...]:
        return tuple(i.id for i in self.items)

    def condition(self, condition_id: str) -> Condition:
        return _by_id(self.conditions, condition_id, "condition")

    def condition_index(self, condition_id: str) -> int:
        return [c.id for c in self.conditions].index(condition_id)

    def temperature(self, degrees: int) -> Temperature:
        for t in self.temperatures:
            if t.degrees == degrees:
                return t
        raise KeyError(f"no temperature {degrees}")

    @property
    def min_degrees(self) -> int:
        return self.temperatures[0].degrees

    @property
    def max_degrees(self) -> int:
        return self.temperatures[-1].degrees

    def item(self, item_id: str) -> Item:
        return _by_id(self.items, item_id, "item")

    def event(self, event_id: str) -> Event:
        return _by_id(self.events, event_id, "event")

    def benefit(self, benefit_id: str) -> Benefit:
        return _by_id(self.benefits, benefit_id, "benefit")

    def chart(self, players: int) -> SalesChart:
        for c in self.charts:
            if c.players == players:
                return c
        raise KeyError(f"no sales chart for {players} players")

    def limit(self, players: int, condition: str, degrees: int) -> int:
        degrees_order = [t.degrees for t in self.temperatures]
        return self.chart(players).row(condition)[degrees_order.index(degrees)]

    def benefits_for(self, players: int) -> tuple[Benefit, ...]:
        return tuple(b for b in self.benefits if players >= b.min_players)

    def event_deck(self) -> tuple[str, ...]:
        """The deck's card ids, copies expanded, in content order."""
        return tuple(e.id for e in self.events for _ in range(e.copies))

    def perishing(self, kind: str) -> tuple[str, ...]:
        return tuple(i.id for i in self.items if i.perishes == kind)


def _by_id(values: tuple, wanted: str, what: str):
    for value in values:
        if value.id == wanted:
            return value
    raise KeyError(f"no {what} {wanted!r}")


def iter_ids(values: tuple) -> Iterator[str]:
    return (v.id for v in values)


def as_mapping(pairs: tuple[tuple[str, int], ...]) -> Mapping[str, int]:
    return dict(pairs)
