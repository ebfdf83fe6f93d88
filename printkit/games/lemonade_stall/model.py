"""Lemonade Stall's content as small frozen values.

Nothing here reads files; `content.py` builds these from YAML after validating.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property

from printkit.content.art import Art, ArtSet
from printkit.content.components import Component, PlayerColour  # noqa: F401  (re-exported)
from printkit.content.fields import Gap, Size
from printkit.content.lookup import Lookup, Scratch
from printkit.content.packs import Box
from printkit.content.words import Words
from printkit.errors import NotFound


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
        step = 0
        for option in self.options:  # the last one met, as the card lists them
            if roll >= option.threshold:
                step = option.step
        return step


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
    art: Art | None = None  # the card's illustration (the rules never read it)


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
    art: Art | None = None


@dataclass(frozen=True)
class SalesChart:
    players: int
    limits: tuple[tuple[str, tuple[int, ...]], ...]  # condition id -> limit per temperature

    def row(self, condition: str) -> tuple[int, ...]:
        return dict(self.limits)[condition]


@dataclass(frozen=True)
class KitLayout:
    """Print sizes of the kit's pieces; the rules never read these."""

    board: Size
    score_spaces: int
    card: Size
    sales_chart: Size
    marker: Size
    token: Size


@dataclass(frozen=True)
class LemonadeStall(Box):
    """The whole content pack of one Lemonade Stall variant."""

    starting_money: int
    days: tuple[str, ...]
    opening_weather: tuple[str, int]
    forecast_on_last_day: bool
    selling_prices: tuple[int, ...]
    tie_breaks: tuple[str, ...]
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
    kit: KitLayout
    words: Words
    art: ArtSet = ArtSet()  # icons, card art, backs and the cover, from art/
    gaps: tuple[Gap, ...] = field(default=(), compare=False)

    # -- lookups -----------------------------------------------------------
    # The engine looks ids up many times a simulated day, so each index is
    # built once per pack: cached_property writes the instance's __dict__
    # directly, which a frozen dataclass allows, and equality ignores it.
    @cached_property
    def item_ids(self) -> tuple[str, ...]:
        return tuple(i.id for i in self.items)

    @cached_property
    def condition_ids(self) -> tuple[str, ...]:
        """From worst to best, as weather changes step along them."""
        return tuple(c.id for c in self.conditions)

    @cached_property
    def _condition_indexes(self) -> dict[str, int]:
        return {c.id: i for i, c in reversed(list(enumerate(self.conditions)))}

    @cached_property
    def _temperatures_by_degrees(self) -> dict[int, Temperature]:
        return {t.degrees: t for t in reversed(self.temperatures)}

    condition = Lookup[Condition]("conditions", "condition")
    item = Lookup[Item]("items", "item")
    event = Lookup[Event]("events", "event")
    benefit = Lookup[Benefit]("benefits", "benefit")
    component = Lookup[Component]("components", "component")

    @cached_property
    def forecast_results(self) -> dict[tuple[str, int], str | int]:
        """("condition" or "temperature", d12 roll) -> the first row's result that covers it."""
        results: dict[tuple[str, int], str | int] = {}
        for kind, table in (
            ("condition", self.condition_forecast),
            ("temperature", self.temperature_forecast),
        ):
            for row in table:
                for roll in range(row.low, row.high + 1):
                    results.setdefault((kind, roll), row.result)
        return results

    @cached_property
    def benefit_effects(self) -> dict[str, BenefitEffect]:
        """Benefit id -> what the card does: the engine asks several times a seat a day."""
        return {b.id: b.effect for b in self.benefits}

    @cached_property
    def memo(self) -> Scratch:
        """Tables the rules and bots derive from this pack, each filled as it is asked."""
        return Scratch()

    @cached_property
    def item_prices(self) -> dict[str, tuple[int, int]]:
        """Item id -> (single price, bulk price): every purchase a bot weighs reads it."""
        return {i.id: (i.price_one, i.price_bulk) for i in self.items}

    @cached_property
    def _limits(self) -> dict[tuple[int, str, int], int]:
        degrees = [t.degrees for t in self.temperatures]
        limits: dict[tuple[int, str, int], int] = {}
        for chart in self.charts:
            for condition, row in chart.limits:
                for d, limit in zip(degrees, row):
                    limits.setdefault((chart.players, condition, d), limit)
        return limits

    @cached_property
    def _perishing(self) -> dict[str, tuple[str, ...]]:
        kinds = {i.perishes for i in self.items if i.perishes}
        return {k: tuple(i.id for i in self.items if i.perishes == k) for k in kinds}

    @cached_property
    def _deck(self) -> tuple[str, ...]:
        return tuple(e.id for e in self.events for _ in range(e.copies))

    def condition_index(self, condition_id: str) -> int:
        try:
            return self._condition_indexes[condition_id]
        except KeyError:
            raise NotFound(f"no condition {condition_id!r}") from None

    def temperature(self, degrees: int) -> Temperature:
        try:
            return self._temperatures_by_degrees[degrees]
        except KeyError:
            raise NotFound(f"no temperature {degrees}") from None

    @cached_property
    def min_degrees(self) -> int:
        return self.temperatures[0].degrees

    @cached_property
    def max_degrees(self) -> int:
        return self.temperatures[-1].degrees

    def chart(self, players: int) -> SalesChart:
        for c in self.charts:
            if c.players == players:
                return c
        raise NotFound(f"no sales chart for {players} players")

    def limit(self, players: int, condition: str, degrees: int) -> int:
        found = self._limits.get((players, condition, degrees))
        if found is not None:
            return found
        degrees_order = [t.degrees for t in self.temperatures]  # the walk names what is missing
        return self.chart(players).row(condition)[degrees_order.index(degrees)]

    def benefits_for(self, players: int) -> tuple[Benefit, ...]:
        return tuple(b for b in self.benefits if players >= b.min_players)

    def event_deck(self) -> tuple[str, ...]:
        """The deck's card ids, copies expanded, in content order."""
        return self._deck

    @property
    def step_titles(self) -> tuple[str, ...]:
        """The day's ten step titles, as the board, rulebook and guide all print them."""
        return tuple(self.words.each("step").values())

    def perishing(self, kind: str) -> tuple[str, ...]:
        return self._perishing.get(kind, ())
