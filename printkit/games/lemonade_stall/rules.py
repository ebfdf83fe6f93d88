"""Lemonade Stall's rules as pure functions over small frozen values.

Every number comes from the `LemonadeStall` pack; every roll comes from a dice
source passed in. Nothing here knows about files or PDF.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, replace
from functools import cache
from itertools import repeat
from operator import sub
from typing import TypeVar

from printkit.dice import Dice
from printkit.errors import RuleError
from printkit.games.lemonade_stall.model import (
    SAME,
    EventEffect,
    LemonadeStall,
    WeatherChange,
)

NO_EVENT = EventEffect()
D6 = 6  # the die of weather-change codes and the spoilage check
D12 = 12  # the forecast die
ZEROS = repeat(0)  # `map(counts.get, items, ZEROS)`: each good's count (0 if missing), all in C
T = TypeVar("T")


# -- values ------------------------------------------------------------------
def evolve(value: T, **changes: object) -> T:
    """``dataclasses.replace`` for the engine's frozen values, without re-running __init__.

    The engine copies its state hundreds of times a game; these classes have
    no ``__post_init__``, so copying the instance dict gives the same value
    several times faster.
    """
    new = object.__new__(type(value))
    fields = new.__dict__
    fields.update(value.__dict__)
    fields.update(changes)
    return new


def build(cls: type[T], **fields: object) -> T:
    """A frozen value from every one of its fields, without running its ``__init__``.

    A frozen dataclass sets each field through ``object.__setattr__``; the
    records a day leaves (sales, their steps, the day's report) are built
    tens of times a game, and these classes have no ``__post_init__``.
    """
    new = object.__new__(cls)
    new.__dict__.update(fields)
    return new


class Stock(Mapping[str, int]):
    """An immutable count of goods per item id."""

    __slots__ = ("_counts",)

    def __init__(self, counts: Mapping[str, int] | None = None) -> None:
        if type(counts) is Stock:  # already checked; `type` is much cheaper than an ABC check
            self._counts = counts._counts.copy()
            return
        self._counts = dict(counts) if counts else {}
        if self._counts and min(self._counts.values()) < 0:
            for item, count in self._counts.items():
                if count < 0:
                    raise RuleError(f"stock of {item} cannot be negative ({count})")

    def __getitem__(self, item: str) -> int:
        return self._counts.get(item, 0)

    def get(self, item: str, default: object = None) -> int:  # type: ignore[override]
        """As Mapping.get, whose ``default`` never applies: a missing good counts 0."""
        return self._counts.get(item, 0)

    def __iter__(self) -> Iterator[str]:
        return iter(self._counts)

    def __len__(self) -> int:
        return len(self._counts)

    def __hash__(self) -> int:
        return hash(tuple(sorted((k, v) for k, v in self._counts.items() if v)))

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Mapping):
            return NotImplemented
        keys = set(self._counts) | set(other)
        return all(self[k] == other.get(k, 0) for k in keys)

    def __repr__(self) -> str:
        inner = ", ".join(f"{k}: {v}" for k, v in self._counts.items())
        return f"Stock({{{inner}}})"

    @property
    def total(self) -> int:
        return sum(self._counts.values())

    def counts(self) -> dict[str, int]:
        """A plain, changeable copy of the counts (cheaper than ``dict(stock)``)."""
        return self._counts.copy()

    @classmethod
    def _adopt(cls, counts: dict[str, int], checked: bool = False) -> Stock:
        """A Stock owning ``counts`` without a copy; the caller hands it over.

        ``checked``: the caller has seen that no count is negative.
        """
        if not checked and counts and min(counts.values()) < 0:
            return cls(counts)  # raises, naming the good
        stock = object.__new__(cls)
        stock._counts = counts
        return stock

    def plus(self, goods: Mapping[str, int]) -> Stock:
        counts = self._counts.copy()
        add_goods(counts, goods)
        stock = object.__new__(Stock)  # `_adopt`, without the call: no count is below zero
        stock._counts = counts
        return stock

    def minus(self, goods: Mapping[str, int]) -> Stock:
        counts = self._counts.copy()
        take_goods(counts, goods)
        stock = object.__new__(Stock)  # `_adopt`: no count fell below zero
        stock._counts = counts
        return stock

    def without(self, items: Sequence[str]) -> Stock:
        counts = self._counts.copy()
        for item in items:
            if item in counts:
                counts[item] = 0
        return Stock._adopt(counts, checked=True)  # zeros and counts already held


def add_goods(counts: dict[str, int], goods: Mapping[str, int], checked: bool = False) -> None:
    """Add ``goods`` to ``counts`` in place; raise, naming the good, if one falls below zero.

    The one way goods join a stock: `Stock.plus` on a copy, a day's own stands
    (`game._Step`) in place. ``checked``: the caller has seen that no count of
    ``goods`` is below zero, so none of ``counts`` can fall below it.
    """
    if type(goods) is Stock:  # its own dict iterates far faster than a Mapping view
        goods = goods._counts
    get = counts.get
    for item, count in goods.items():
        counts[item] = get(item, 0) + count
    if not checked and counts and min(counts.values()) < 0:  # no count of a Stock is below zero
        Stock(counts)  # raises, naming the good


def take_goods(counts: dict[str, int], goods: Mapping[str, int]) -> None:
    """Take ``goods`` from ``counts`` in place; raise, naming the first good short, if one is."""
    if type(goods) is Stock:
        goods = goods._counts
    get = counts.get
    for item, count in goods.items():
        counts[item] = get(item, 0) - count
    for held in counts.values():  # a loop: on 3.11 cheaper than `min` over four counts
        if held < 0:  # no count of a Stock is below zero
            _refuse_short(counts, goods)


def _refuse_short(counts: dict[str, int], goods: Mapping[str, int]) -> None:
    """Raise, naming the first good of ``goods`` short (as asked), once taken from ``counts``."""
    for item, count in goods.items():
        held = counts[item] + count
        if count > held:
            raise RuleError(f"cannot remove {count} {item}: stock holds {held}")
    Stock(counts)  # raises, naming the good


@dataclass(frozen=True)
class Weather:
    condition: str
    temperature: int

    def __str__(self) -> str:
        return f"{self.condition} {self.temperature}°"


@dataclass(frozen=True)
class Offer:
    """One stand as it enters step 8: its goods, its price card, its benefit."""

    stock: Stock
    price: int
    benefit: str | None = None


@dataclass(frozen=True)
class SaleStep:
    """One line of the selling table: what a phase added for each seat."""

    phase: str  # "guaranteed", "price", "tie"
    price: int | None
    cups: tuple[int, ...]
    total: int


@dataclass(frozen=True)
class Sales:
    limit: int
    capacity: tuple[int, ...]
    guaranteed: tuple[int, ...]
    sold: tuple[int, ...]
    income: tuple[int, ...]
    steps: tuple[SaleStep, ...]

    @property
    def total(self) -> int:
        return sum(self.sold)

    @property
    def limit_binds(self) -> bool:
        return sum(self.capacity) > self.limit


# -- dice and forecast ---------------------------------------------------------
def d12_from_2d6(pack: LemonadeStall, blue: int, red: int) -> int:
    """A d12 value from two d6: the blue die picks the half, the red die the value."""
    for name, value in (("blue", blue), ("red", red)):
        if not 1 <= value <= 6:
            raise RuleError(f"{name} die shows {value}, not a d6 result")
    return red + (pack.d12_high_half_adds if blue >= pack.d12_high_half_from else 0)


def _look_up(pack: LemonadeStall, table: str, roll: int) -> str | int:
    """A forecast table's result for a d12 roll (``table``: condition or temperature)."""
    result = pack.forecast_results.get((table, roll))
    if result is None:
        raise RuleError(f"d12 roll {roll} is not on the forecast table")
    return result


def forecast(pack: LemonadeStall, today: Weather, rolls: Sequence[int]) -> Weather:
    """Tomorrow's forecast from two d12 rolls: condition first, then temperature."""
    if len(rolls) != 2:
        raise RuleError(f"a forecast needs 2 d12 rolls, got {len(rolls)}")
    condition = _look_up(pack, "condition", rolls[0])
    temperature = _look_up(pack, "temperature", rolls[1])
    return weather_of(
        pack,
        today.condition if condition == SAME else str(condition),
        today.temperature if temperature == SAME else int(temperature),
    )


def weather_of(pack: LemonadeStall, condition: str, degrees: int) -> Weather:
    """The `Weather` of a condition and degrees: a frozen value, so one per pack serves all."""
    table = pack.memo.get("weathers")
    if table is None:
        table = pack.memo["weathers"] = {}
    known = table.get((condition, degrees))
    if known is None:
        known = table[(condition, degrees)] = Weather(condition, degrees)
    return known


def change_weather(
    pack: LemonadeStall, forecast: Weather, change: WeatherChange, dice: Dice, checks: int = 1
) -> Weather:
    """Apply an event card's weather-change codes, one d6 per group, ``checks`` times."""
    condition, degrees = forecast.condition, forecast.temperature
    ids = pack.condition_ids
    for _ in range(checks):
        for group in change.groups:
            step = group.step_for(dice.roll(D6))
            if group.kind == "condition":
                condition = ids[min(max(ids.index(condition) + step, 0), len(ids) - 1)]
            else:
                degrees = min(max(degrees + step, pack.min_degrees), pack.max_degrees)
    if (condition, degrees) == (forecast.condition, forecast.temperature):
        return forecast
    return weather_of(pack, condition, degrees)  # once, however many codes the card has


# -- purchase ------------------------------------------------------------------
def purchase_cost(
    pack: LemonadeStall, buy: Mapping[str, int], effect: EventEffect = NO_EVENT
) -> int:
    """The price of a purchase: a lot of exactly ``bulk_size`` earns the bulk price."""
    lot = _lot(pack, effect)
    return sum(_cost_of(pack.item_prices[pack.item(i).id], n, lot) for i, n in buy.items())


def _lot(pack: LemonadeStall, effect: EventEffect) -> int | None:
    return pack.bulk_size if effect.bulk_discount else None


def _cost_of(prices: tuple[int, int], count: int, lot: int | None) -> int:
    one, bulk = prices
    return bulk if count == lot else count * one


Broken = tuple[str, dict]  # a message template and its values
TOO_DEAR = "costs ${cost}, stand has ${money}"  # the money's rule, checked last


def assess_purchase(
    pack: LemonadeStall, buy: Mapping[str, int], effect: EventEffect, money: int | None
) -> tuple[int, Broken | None]:
    """A purchase's cost and the first rule it breaks, if any.

    One pass over the goods, in their order; the message is left unformatted:
    bots try many purchases and drop most.
    """
    prices, most = pack.item_prices, pack.max_per_item
    lot = pack.bulk_size if effect.bulk_discount else None  # `_lot`, without the call
    cost = total = 0
    for item_id, count in buy.items():
        price = prices.get(item_id)
        if price is None:
            return 0, ("no item {item!r}", {"item": item_id})
        if count < 0:
            return 0, ("{count} {item} is negative", {"count": count, "item": item_id})
        if count > most:
            return 0, ("at most {most} {item} a round", {"most": most, "item": item_id})
        total += count
        cost += price[1] if count == lot else count * price[0]  # `_cost_of`, without the call
    cap = effect.purchase_total_cap
    if cap is not None and total > cap:
        return 0, ("supply shortage allows {cap} items, not {total}", {"cap": cap, "total": total})
    if money is not None and cost > money:
        return cost, (TOO_DEAR, {"cost": cost, "money": money})
    return cost, None


def check_purchase(
    pack: LemonadeStall,
    buy: Mapping[str, int],
    effect: EventEffect = NO_EVENT,
    money: int | None = None,
) -> int:
    """Return the cost of a legal purchase; raise RuleError naming the broken rule."""
    cost, broken = assess_purchase(pack, buy, effect, money)
    if broken:
        _refuse(buy, broken)
    return cost


def _refuse(buy: Mapping[str, int], broken: Broken) -> None:
    template, values = broken
    raise RuleError(f"illegal purchase {dict(buy)!r}: " + template.format(**values))


PURCHASES_KEPT = 50_000  # purchases remembered per pack (`check_bought`): a long run stays small


def check_bought(
    pack: LemonadeStall,
    goods: tuple[tuple[str, int], ...],
    effect: EventEffect,
    money: int,
) -> int:
    """`check_purchase` on a purchase's (good, count) pairs, in the order asked.

    Every rule but the money's reads only the pairs, the pack and two numbers of
    the effect, and the money is checked last: so `assess_purchase` without the
    money is kept per pack under those, and only the money is compared here.
    """
    table = pack.memo.get("purchases")
    if table is None:
        table = pack.memo["purchases"] = {}
    key = (goods, effect.bulk_discount, effect.purchase_total_cap)  # all it reads of the effect
    known = table.get(key)
    if known is None:
        buy = dict(goods)
        known = assess_purchase(pack, buy, effect, None)
        if len(table) >= PURCHASES_KEPT:
            table.clear()
        if set(map(type, buy.values())) <= {int}:  # never stand in for a float's or a bool's
            table[key] = known
    cost, broken = known
    if broken is None and cost > money:
        broken = (TOO_DEAR, {"cost": cost, "money": money})
    if broken:
        _refuse(dict(goods), broken)
    return cost


def is_legal_purchase(
    pack: LemonadeStall,
    buy: Mapping[str, int],
    effect: EventEffect = NO_EVENT,
    money: int | None = None,
) -> bool:
    return assess_purchase(pack, buy, effect, money)[1] is None


# -- selling -------------------------------------------------------------------
def produce(pack: LemonadeStall, stock: Mapping[str, int]) -> int:
    """Cups a stand can make: one of every good per cup, so the scarcest good decides."""
    counts = stock._counts if type(stock) is Stock else stock  # skip a call per good
    get, ids = counts.get, pack.item_ids
    cups = get(ids[0], 0)
    for item in ids:  # a loop: on 3.11 cheaper than `min(map(...))` over four goods
        held = get(item, 0)
        if held < cups:
            cups = held
    return cups


def is_priced_out(pack: LemonadeStall, condition: str, price: int) -> bool:
    cap = pack.condition(condition).price_cap
    return cap is not None and price > cap


@cache
def clockwise(players: int, first_player: int) -> tuple[int, ...]:
    """Seats (1-based) from the first player round the table (asked every step, so cached)."""
    return tuple((first_player - 1 + i) % players + 1 for i in range(players))


def effect_for(pack: LemonadeStall, event_effect: EventEffect, immune: bool) -> EventEffect:
    """The part of an event that reaches a stand; immunity drops what would hurt it."""
    if not immune:
        return event_effect
    return _spared(event_effect)


@cache
def _spared(event_effect: EventEffect) -> EventEffect:
    """An event with its harm taken out; cached, as the same few cards recur all game."""
    return replace(
        event_effect,
        price_bonus=max(event_effect.price_bonus, 0),
        discard_half_after_selling=None,
        spoils_on=None,
        purchase_total_cap=None,
        no_guarantees=False,
        bulk_discount=True,
    )


def effect_on(pack: LemonadeStall, event: str | None, benefit: str | None) -> EventEffect:
    """What the event does to a stand holding ``benefit`` (asked a dozen times a day, so kept)."""
    if event is None:
        return NO_EVENT
    table = pack.memo.get("event effects")
    if table is None:
        table = pack.memo["event effects"] = {}
    effect = table.get((event, benefit))
    if effect is None:
        card = pack.event(event)
        effect = card.effect
        if benefit is not None and card.immunity:  # else nothing to be immune with, or to ignore
            effect = effect_for(pack, card.effect, is_immune(pack, benefit, card.immunity))
        table[(event, benefit)] = effect
    return effect


def is_immune(pack: LemonadeStall, benefit_id: str | None, event_immunity: bool) -> bool:
    if not (benefit_id and event_immunity):
        return False
    return pack.benefit(benefit_id).effect.ignores_events


def sell(
    pack: LemonadeStall,
    weather: Weather,
    first_player: int,
    offers: Sequence[Offer],
    event: str | None = None,
) -> Sales:
    """Step 8: guaranteed cups, then cheapest first, ties shared from the first player."""
    event = event or None
    benefits = [offer.benefit for offer in offers]
    return sell_stands(
        pack,
        weather,
        first_player,
        [offer.stock for offer in offers],
        [offer.price for offer in offers],
        benefits,
        [effect_on(pack, event, benefit) for benefit in benefits],
        event,
    )


def sell_stands(
    pack: LemonadeStall,
    weather: Weather,
    first_player: int,
    stocks: Sequence[Mapping[str, int]],
    prices: Sequence[int],
    benefits: Sequence[str | None],
    effects: Sequence[EventEffect],
    event: str | None,
) -> Sales:
    """`sell` on the stands' parts, seat by seat: a day's own counts need no `Offer`.

    ``effects``: what ``event`` does to each stand (`effect_on`), which a day
    works out once for all its steps.
    """
    players = len(stocks)
    if not 1 <= first_player <= players:
        raise RuleError(f"first player {first_player} is not a seat of {players}")
    limit = pack.limit(players, weather.condition, weather.temperature)
    limit += effect_on(pack, event, None).limit_bonus
    condition = pack.condition(weather.condition)
    cap, guarantee = condition.price_cap, condition.guarantee
    cupfuls, promised = [], []
    for stock, price, effect in zip(stocks, prices, effects):
        # a price above the cap sells nothing (`is_priced_out`)
        cups = 0 if cap is not None and price > cap else produce(pack, stock)
        cupfuls.append(cups)
        least = 0 if effect.no_guarantees else guarantee
        promised.append(least if least < cups else cups)  # `min(cups, least)`, no call
    capacity, guaranteed = tuple(cupfuls), tuple(promised)
    sold, total, nothing = promised, sum(promised), (0,) * players
    steps = [build(SaleStep, phase="guaranteed", price=None, cups=guaranteed, total=total)]
    groups: dict[int, list[int]] = {}  # price -> the seats still able to sell, from the first
    for seat in clockwise(players, first_player):
        if capacity[seat - 1] > sold[seat - 1]:  # a seat's cups change in its price's turn alone
            price = prices[seat - 1]
            if price in groups:
                groups[price].append(seat)
            else:
                groups[price] = [seat]
    for price in sorted(groups):
        group = groups[price]
        if len(group) == 1:  # alone at its price (most often): no tie to share
            seat = group[0]
            got = _share_one(sold, capacity, seat, limit, total) if total < limit else 0
            total += got
            added = nothing[: seat - 1] + (got,) + nothing[seat:] if got else nothing
            steps.append(build(SaleStep, phase="price", price=price, cups=added, total=total))
            continue
        before = list(sold)
        _share(sold, capacity, group, limit)
        total = sum(sold)
        cut = sum([capacity[s - 1] - sold[s - 1] for s in group]) > 0
        phase = "tie" if cut else "price"
        added = tuple(map(sub, sold, before))
        steps.append(build(SaleStep, phase=phase, price=price, cups=added, total=total))
    cards, income = pack.benefit_effects, []
    for price, benefit, cups, effect in zip(prices, benefits, sold, effects):
        dollars = cups * (price + effect.price_bonus)
        if benefit and cups:  # the card's sales bonus, if it has one
            bonus = cards[benefit]
            if bonus.sales_bonus_per_cup:
                dollars += min(cups, bonus.sales_bonus_cups) * bonus.sales_bonus_per_cup
        income.append(dollars)
    return build(
        Sales,
        limit=limit,
        capacity=capacity,
        guaranteed=guaranteed,
        sold=tuple(sold),
        income=tuple(income),
        steps=tuple(steps),
    )


def _share(sold: list[int], capacity: tuple[int, ...], group: list[int], limit: int) -> None:
    """Hand out cups one at a time round the group until the limit or stock runs out.

    Rounds in which every wanting stand gets a cup are handed out at once.
    """
    total = sum(sold)
    while total < limit:
        wanting, room = [], limit  # no round hands out more than the limit; loops, not
        # comprehensions: on 3.11 each comprehension is a call
        for seat in group:
            left = capacity[seat - 1] - sold[seat - 1]
            if left > 0:
                wanting.append(seat)
                room = left if left < room else room
        if not wanting:
            return
        rounds = min((limit - total) // len(wanting), room)
        if rounds:
            for seat in wanting:
                sold[seat - 1] += rounds
            total += rounds * len(wanting)
            continue
        for seat in wanting:
            if total >= limit:
                return
            sold[seat - 1] += 1
            total += 1


def _share_one(
    sold: list[int], capacity: tuple[int, ...], seat: int, limit: int, total: int
) -> int:
    """`_share` for a group of one seat, whose cups come in one go; the cups it sold.

    ``total``: the cups the table has sold so far (``sum(sold)``).
    """
    got, room = capacity[seat - 1] - sold[seat - 1], limit - total
    if room < got:  # `min`, without the call
        got = room
    if got <= 0:
        return 0
    sold[seat - 1] += got
    return got


def ingredients(pack: LemonadeStall, cups: int) -> dict[str, int]:
    """What ``cups`` cups use up: one of every good each."""
    return dict.fromkeys(pack.item_ids, cups)


def use_ingredients(pack: LemonadeStall, stock: Stock, cups: int) -> Stock:
    if not cups:
        return stock  # a Stock never changes, so the same one will do
    return stock.minus(ingredients(pack, cups))


# -- spoilage ------------------------------------------------------------------
def lemons_spoil(
    pack: LemonadeStall, degrees: int, roll: int, effect: EventEffect = NO_EVENT
) -> bool:
    """Step 9's d6: at or above the day's threshold (or the event's) the lemons go."""
    threshold = (
        effect.spoils_on if effect.spoils_on is not None else pack.temperature(degrees).spoils_on
    )
    return threshold is not None and roll >= threshold


def ice_melts(degrees: int, effect: EventEffect = NO_EVENT) -> bool:
    return effect.melts_from is None or degrees >= effect.melts_from


def spoil(
    pack: LemonadeStall,
    stock: Stock,
    degrees: int,
    roll: int,
    effect: EventEffect = NO_EVENT,
    fridge: bool = False,
) -> Stock:
    """What is left on a mat after the night: fridges keep everything."""
    counts = stock.counts()
    if not spoil_counts(pack, counts, degrees, roll, effect, fridge):
        return stock  # a Stock never changes, so the same one will do
    return Stock._adopt(counts, checked=True)


def spoil_counts(
    pack: LemonadeStall,
    counts: dict[str, int],
    degrees: int,
    roll: int,
    effect: EventEffect = NO_EVENT,
    fridge: bool = False,
) -> list[str]:
    """`spoil` on a stand's own counts, in place (a day's copy): the goods the night took."""
    if fridge:
        return []
    gone = []
    for item in lost_overnight(pack, degrees, roll, effect):  # each good once
        if counts.get(item, 0):
            gone.append(item)
            counts[item] = 0
    return gone


def lost_overnight(pack: LemonadeStall, degrees: int, roll: int, effect: EventEffect) -> tuple:
    """The goods a night takes (kept per pack: a few dozen nights recur all run long)."""
    table = pack.memo.get("lost overnight")
    if table is None:
        table = pack.memo["lost overnight"] = {}
    key = (degrees, roll, effect.melts_from, effect.spoils_on)  # all the checks below read
    lost = table.get(key)
    if lost is None:
        lost = ()
        if ice_melts(degrees, effect):
            lost += pack.perishing("melts")
        if lemons_spoil(pack, degrees, roll, effect):
            lost += pack.perishing("spoils")
        table[key] = lost
    return lost


# -- end of game -------------------------------------------------------------
@dataclass(frozen=True)
class Standing:
    seat: int
    money: int
    stock: int


@dataclass(frozen=True)
class Result:
    ranking: tuple[int, ...]  # seats, winner first
    decided_by: str  # the first tie-break that separated the top two, or "money"

    @property
    def winner(self) -> int:
        return self.ranking[0]


def rank(pack: LemonadeStall, standings: Sequence[Standing], first_player: int) -> Result:
    """Order seats by the content's tie-breaks; the last one always separates."""
    players = len(standings)
    distance = {seat: i for i, seat in enumerate(clockwise(players, first_player))}

    def key_of(standing: Standing, breaker: str) -> int:
        if breaker == "money":
            return standing.money
        if breaker == "stock":
            return standing.stock
        return -distance[standing.seat]

    keyed = []
    for standing in standings:  # the nearest to the first player last: no two keys are equal
        key = [key_of(standing, breaker) for breaker in pack.tie_breaks]
        keyed.append((*key, -distance[standing.seat], standing))
    ordered = [keys[-1] for keys in sorted(keyed, reverse=True)]
    decided_by = pack.tie_breaks[0]
    if len(ordered) > 1:
        for breaker in (*pack.tie_breaks, "nearest-first-player"):
            if key_of(ordered[0], breaker) != key_of(ordered[1], breaker):
                decided_by = breaker
                break
    return Result(tuple(s.seat for s in ordered), decided_by)
