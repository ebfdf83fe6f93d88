"""Players for simulated games: deciders that make only legal choices.

Each decider draws any randomness from its own seeded generator, separate from
the game's dice, so a game replays exactly from its seeds. The strategies read
every number (prices, caps, the sales chart, lots, costs) from the pack, so a
content change reaches them just as it reaches the rules. No bot looks at a
rival's price card: prices are set at once, whatever order the engine asks in.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import NamedTuple

from printkit.dice import ScriptedDice
from printkit.games.lemonade_stall.game import Decider, GameState
from printkit.games.lemonade_stall.model import (
    BenefitEffect,
    ChangeGroup,
    EventEffect,
    Item,
    LemonadeStall,
    WeatherChange,
)
from printkit.games.lemonade_stall.rules import (
    D6,
    NO_EVENT,
    ZEROS,
    Stock,
    Weather,
    assess_purchase,
    change_weather,
    effect_for,
    is_immune,
    is_legal_purchase,
    produce,
)

PLANS_KEPT = 200_000  # purchases remembered per pack: about half recur, each a few hundred bytes
FIRST_PLAYER_EDGE = 0.5  # dollars a bot sets on holding the marker: it wins price ties
Odds = tuple[tuple[Weather, float], ...]


class RandomLegal:
    """Picks uniformly among legal choices: the baseline every strategy must beat."""

    name = "random-legal"

    def __init__(self, pack: LemonadeStall, seed: int) -> None:
        self.pack = pack
        self._random = random.Random(seed).random  # one C call a draw: bots draw a lot

    def _pick(self, options: Sequence):
        return options[int(self._random() * len(options))]

    def _below(self, n: int) -> int:
        """A whole number from 0 to n - 1, each equally likely."""
        return int(self._random() * n)

    def choose_benefit(self, state: GameState, seat: int, options: Sequence[str]) -> str:
        return self._pick(list(options))

    def place_goods(
        self, state: GameState, seat: int, count: int, one_type: bool, why: str = ""
    ) -> Mapping[str, int]:
        items = list(self.pack.item_ids)
        if one_type:
            return {self._pick(items): count}
        goods = dict.fromkeys(items, 0)
        for _ in range(count):
            goods[self._pick(items)] += 1
        return goods

    def buy(self, state: GameState, seat: int, effect: EventEffect) -> Mapping[str, int]:
        """Random counts, each within what the money left would pay at single prices.

        Goods are drawn from a random first good round, so none is favoured; while
        still illegal (a shortage, a dear lot), one good drops to a smaller count.
        """
        money = left = state.stands[seat - 1].money
        items = self.pack.items
        start = self._below(len(items))
        buy = {}
        for item in items[start:] + items[:start]:
            most = self.pack.max_per_item
            if item.price_one and left // item.price_one < most:  # `min`, without the call
                most = left // item.price_one
            buy[item.id] = count = self._below(most + 1)
            left -= count * item.price_one
        while not is_legal_purchase(self.pack, buy, effect, money):
            item = self._pick([i for i, n in buy.items() if n])
            buy[item] = self._below(buy[item])
        return buy

    def set_price(self, state: GameState, seat: int) -> int:
        return self._pick(list(self.pack.selling_prices))

    def barter(self, state: GameState, seat: int) -> Mapping[str, int]:
        """Even the goods out: the most cups from the same total."""
        total = state.stands[seat - 1].stock.total
        items = self.pack.item_ids
        share, extra = divmod(total, len(items))
        return {item: share + (1 if i < extra else 0) for i, item in enumerate(items)}

    def steal(self, state: GameState, seat: int, goods: int) -> tuple[int, Mapping[str, int]]:
        target = self._pick([s.seat for s in state.stands if s.seat != seat])
        return target, _some(state.stands[target - 1].stock, goods, self)

    def pass_goods(
        self, state: GameState, seat: int, count: int, passable: Stock
    ) -> Mapping[str, int]:
        return _some(passable, count, self)


def _some(stock: Stock, count: int, chooser: RandomLegal) -> dict[str, int]:
    """Up to ``count`` goods drawn at random from ``stock``."""
    left = stock.counts()
    taken: dict[str, int] = {}
    for _ in range(count):
        items = [i for i, n in left.items() if n > 0]
        if not items:
            break
        item = chooser._pick(items)
        left[item] -= 1
        taken[item] = taken.get(item, 0) + 1
    return taken


# -- what every sensible bot knows about a pack ----------------------------------
@dataclass(frozen=True)
class Facts:
    """Numbers the bots derive from one pack, computed once per pack and process."""

    pack: LemonadeStall
    durable: tuple[str, ...]  # goods that never spoil or melt
    perishable: tuple[str, ...]  # the others, in item order
    durable_first: tuple[str, ...]  # every good, durable ones first, each part in item order
    cup_cost: int  # one of every good at single prices: the dearest a cup costs
    unit: float  # the mean single price of a good: what a loose good is worth
    caps: Mapping[str, int | None]
    guarantees: Mapping[str, int]
    undercut: Mapping[int, float]  # price card -> share of cards below it, plus half of its own
    benefits: Mapping[str, BenefitEffect]
    cards: Mapping[str, tuple]  # benefit id -> the numbers the draft weighs, flat (`_card`)
    unit_floors: Mapping[str, float]  # the least one good can cost: singly or in a whole lot
    most_sold: int  # no table sells more in a day: more cups in stock change nothing
    odds_cache: dict[tuple[str, int, str | None], Odds] = field(default_factory=dict, compare=False)
    best_cache: dict[tuple, tuple[int, float]] = field(default_factory=dict, compare=False)
    day_cache: dict[tuple, int] = field(default_factory=dict, compare=False)  # Bot.wanted
    plan_cache: dict[tuple, Ladder] = field(default_factory=dict, compare=False)
    allowed_cache: dict[str, tuple[int, ...]] = field(default_factory=dict, compare=False)
    cautious_prices: dict[str, int] = field(default_factory=dict, compare=False)  # per condition
    greedy_prices: dict[str, int] = field(default_factory=dict, compare=False)  # per condition
    outlook_cache: dict[tuple, Outlook] = field(default_factory=dict, compare=False)
    buy_cache: dict[tuple, Ladder] = field(default_factory=dict, compare=False)  # Bot.buy
    terms_cache: dict[int, dict[str, tuple]] = field(default_factory=dict, compare=False)
    prospects_cache: dict[tuple, tuple] = field(default_factory=dict, compare=False)
    outcomes_cache: dict[tuple, tuple] = field(default_factory=dict, compare=False)
    sales_cache: dict[tuple, float] = field(default_factory=dict, compare=False)

    def prices_allowed(self, condition: str) -> tuple[int, ...]:
        """The price cards the condition's cap allows (asked by every bot, every day: kept)."""
        known = self.allowed_cache.get(condition)
        if known is None:
            cap = self.caps[condition]
            allowed = tuple(p for p in self.pack.selling_prices if cap is None or p <= cap)
            known = self.allowed_cache[condition] = allowed or (min(self.pack.selling_prices),)
        return known

    def card_terms(self, want: int) -> Mapping[str, tuple]:
        """Benefit id -> the parts of its worth that hang on ``want`` alone (`Bot.choose_benefit`).

        The goods it brings as far as wanted and the marker's edge, then the rest, or
        None for a card with no other worth: the bargain's cost (None: no bargain)
        and net worth, the sales bonus, the theft's goods and dollars and the fridge
        as `Facts.cards` has them; each worked out as the draft would, so the sums
        come out the same to the last bit.
        """
        known = self.terms_cache.get(want)
        if known is None:
            known = self.terms_cache[want] = {}
            for card, numbers in self.cards.items():
                immunity, bargain, cost, per_cup, cups, theft, dollars, fridge, edge = numbers
                rest = (
                    cost if bargain else None,
                    min(bargain, want) * self.unit - cost,
                    per_cup * min(cups, want),
                    theft,
                    dollars,
                    fridge,
                )
                plain = rest[0] is None and not (rest[2] or theft or dollars or fridge)
                known[card] = (min(immunity, want), edge, None if plain else rest)
        return known

    def odds(self, condition: str, degrees: int, event: str | None) -> Odds:
        """The actual weather's chances, given today's forecast and the event card."""
        key = (condition, degrees, event)  # hashed in C, unlike a Weather
        known = self.odds_cache.get(key)
        if known is None:
            forecast = Weather(condition, degrees)
            known = self.odds_cache[key] = _weather_odds(self, forecast, event)
        return known


_FACTS: dict[int, Facts] = {}


def facts_for(pack: LemonadeStall) -> Facts:
    known = _FACTS.get(id(pack))
    if known is None or known.pack is not pack:
        items = pack.items
        known = Facts(
            pack=pack,
            durable=tuple(i.id for i in items if not i.perishes),
            perishable=tuple(i.id for i in items if i.perishes),
            durable_first=tuple(
                [i.id for i in items if not i.perishes] + [i.id for i in items if i.perishes]
            ),
            cup_cost=sum(i.price_one for i in items),
            unit=sum(i.price_one for i in items) / len(items),
            caps={c.id: c.price_cap for c in pack.conditions},
            guarantees={c.id: c.guarantee for c in pack.conditions},
            undercut=_undercut(pack.selling_prices),
            benefits={b.id: b.effect for b in pack.benefits},
            cards={b.id: _card(b.effect) for b in pack.benefits},
            unit_floors={i.id: _unit_floor(i, pack.bulk_size) for i in items},
            most_sold=max(n for c in pack.charts for _, row in c.limits for n in row)
            + max([e.effect.limit_bonus for e in pack.events] + [0]),
        )
        _FACTS[id(pack)] = known
    return known


def _card(card: BenefitEffect) -> tuple:
    """A benefit's numbers in the order `Bot.choose_benefit` unpacks them."""
    return (
        card.immunity_goods,
        card.bargain_goods,
        card.bargain_cost,
        card.sales_bonus_per_cup,
        card.sales_bonus_cups,
        card.theft_goods,
        card.theft_money,
        card.fridge,
        FIRST_PLAYER_EDGE if card.takes_first_player else 0.0,
    )


def _undercut(prices: tuple[int, ...]) -> dict[int, float]:
    """How much of a rival's share a price cedes when rivals pick price cards at random."""
    return {
        price: (sum(p < price for p in prices) + sum(p == price for p in prices) / 2) / len(prices)
        for price in prices
    }


def _weather_odds(facts: Facts, forecast: Weather, event: str | None) -> Odds:
    """Every d6 outcome of the card's codes, run through the engine's own change_weather."""
    card = facts.pack.event(event) if event else None
    if card is None:
        return ((forecast, 1.0),)
    odds = {(forecast.condition, forecast.temperature): 1.0}  # tuples hash in C, Weathers do not
    for _ in range(card.effect.weather_checks):
        for group in card.change.groups:
            after: dict[tuple[str, int], float] = {}
            for weather, chance in odds.items():
                for changed in _outcomes(facts, weather, card.change.printed, group):
                    after[changed] = after.get(changed, 0.0) + chance / D6
            odds = after
    return tuple([(Weather(*weather), chance) for weather, chance in odds.items()])


def _outcomes(
    facts: Facts, weather: tuple[str, int], printed: str, group: ChangeGroup
) -> tuple[tuple[str, int], ...]:
    """What one group of codes makes of a (condition, degrees) on each d6 roll, kept per pack."""
    key = (*weather, id(group))  # the pack holds every group
    known = facts.outcomes_cache.get(key)
    if known is None:
        one_group, before = WeatherChange(printed, (group,)), Weather(*weather)
        known = ()
        for roll in range(1, D6 + 1):
            after = change_weather(facts.pack, before, one_group, ScriptedDice([roll]))
            known += ((after.condition, after.temperature),)
        facts.outcomes_cache[key] = known
    return known


def expected_sales(
    facts: Facts,
    players: int,
    weather: Weather,
    price: int,
    capacity: float,
    effect: EventEffect = NO_EVENT,
    limit_bonus: int = 0,
) -> float:
    """Cups a stand may expect to sell, rivals' prices taken as uniform over the cards.

    Guaranteed cups first, then the chart's room beyond the guarantees, less what
    the rivals priced below (all their share) or level (half of it) take.
    """
    cap = facts.caps[weather.condition]
    if cap is not None and price > cap:
        return 0.0
    guarantee = 0 if effect.no_guarantees else facts.guarantees[weather.condition]
    limit = facts.pack.limit(players, weather.condition, weather.temperature) + limit_bonus
    room = limit - players * guarantee
    room = room if room > 0 else 0  # `max(room, 0)`; the `min`/`max` below, without the calls
    mine = room - (players - 1) * room / players * facts.undercut[price]
    most = guarantee + (0.0 if mine < 0.0 else mine)
    return most if most < capacity else capacity


# -- shared sensible play ----------------------------------------------------------
class Bot:
    """What the recognisable strategies share; each decides how much to stock and charge."""

    name = "bot"

    def __init__(self, pack: LemonadeStall, seed: int) -> None:
        self.pack = pack
        self.facts = facts_for(pack)
        self.ids = pack.item_ids
        self.seed = seed  # the bots are deterministic; kept for a uniform constructor

    # -- what a strategy decides -------------------------------------------------
    def appetite(self, state: GameState, seat: int, effect: EventEffect) -> int:
        """Cups the stand wants to be able to make today.

        A function of the day alone (players, forecast, event, the stand's
        benefit, whether the event takes the guarantees): `wanted` keeps the
        answers per pack.
        """
        raise NotImplementedError

    def stockpile(self, state: GameState, seat: int, effect: EventEffect) -> int:
        """Cups' worth of goods that keep overnight (cups, sugar) to hold after buying.

        Beyond today's appetite; by default none. A function of the player count
        and tomorrow's forecast alone: `stocked` keeps the answers per pack.
        """
        return 0

    def wanted(self, state: GameState, seat: int, effect: EventEffect) -> int:
        """`appetite`, worked out once per pack and day: days recur thousands of times a run."""
        forecast = state.forecast
        key = (
            self.name,
            state.players,
            forecast.condition,
            forecast.temperature,
            state.event,
            state.stands[seat - 1].benefit,
            effect.no_guarantees,
        )  # all `appetite` may read
        known = self.facts.day_cache.get(key)
        if known is None:
            known = self.facts.day_cache[key] = self.appetite(state, seat, effect)
        return known

    def stocked(self, state: GameState, seat: int, effect: EventEffect) -> int:
        """`stockpile`, worked out once per pack, player count and tomorrow's forecast."""
        tomorrow = state.tomorrow
        if tomorrow is None:
            return self.stockpile(state, seat, effect)
        key = (self.name, state.players, tomorrow.condition, tomorrow.temperature)
        known = self.facts.day_cache.get(key)
        if known is None:
            known = self.facts.day_cache[key] = self.stockpile(state, seat, effect)
        return known

    def set_price(self, state: GameState, seat: int) -> int:
        raise NotImplementedError

    # -- the rest of the Decider interface ---------------------------------------
    def choose_benefit(self, state: GameState, seat: int, options: Sequence[str]) -> str:
        """The card worth most in dollars; the first of equal cards wins.

        A card is worth its bonus tokens, the goods it brings as far as the stand
        lacks them today, its sales bonus on those cups, what a theft would take
        from the richest rival, the perishable goods a fridge would keep, and a
        little for the first-player marker. Written out in one loop over the
        cards' numbers as flat tuples (`Facts.cards`): the draft weighs every
        open card for every seat every day.
        """
        stand = state.stands[seat - 1]
        counts = stand.stock._counts
        want = self.wanted(state, seat, NO_EVENT) - min(map(counts.get, self.ids, ZEROS))
        want = want if want > 0 else 0  # `max(want, 0)`, without the call
        tokens = dict(state.bonus_tokens)
        unit, money = self.facts.unit, stand.money
        best, best_value = options[0], -math.inf
        victim = None  # the richest rival, looked up once a theft is weighed
        terms = self.facts.terms_cache.get(want) or self.facts.card_terms(want)
        for option in options:
            goods, edge, rest = terms[option]
            value = (tokens.get(option, 0) + goods) * unit + edge
            if rest is None:  # goods and the marker only
                if value > best_value:
                    best, best_value = option, value
                continue
            cost, bargain, sales, theft, dollars, fridge = rest
            if cost is not None and money >= cost:
                value += bargain
            if sales:
                value += sales
            if theft or dollars:
                victim = victim or state.stands[richest_rival(state, seat) - 1]
                goods = sum(victim.stock._counts.values())
                value += (goods if goods < theft else theft) * unit  # `min`s, without the calls
                value += victim.money if victim.money < dollars else dollars
            if fridge:
                value += sum(map(counts.get, self.facts.perishable, ZEROS)) * unit
            if value > best_value:
                best, best_value = option, value
        return best

    def place_goods(
        self, state: GameState, seat: int, count: int, one_type: bool, why: str = ""
    ) -> Mapping[str, int]:
        """Onto the scarcest good, so the goods make cups; durable goods win a tie."""
        held = state.stands[seat - 1].stock
        if one_type:  # the stand's counts only read: no copy
            return {self._scarcest(held._counts, self.facts.durable_first): count}
        counts = held.counts()
        goods = dict.fromkeys(self.pack.item_ids, 0)
        for _ in range(count):
            item = self._scarcest(counts, self.facts.durable_first)
            goods[item] += 1
            counts[item] = counts.get(item, 0) + 1
        return goods

    def _scarcest(self, counts: Mapping[str, int], items: Sequence[str]) -> str:
        """The first of ``items`` held least (``items`` in `Facts.durable_first` order)."""
        best, least = items[0], counts.get(items[0], 0)
        for item in items:
            held = counts.get(item, 0)
            if held < least:
                best, least = item, held
        return best

    def buy(self, state: GameState, seat: int, effect: EventEffect) -> Mapping[str, int]:
        """`plan_purchase` towards today's appetite (perishables) and the stockpile (durables).

        The targets follow from the two numbers, so the plan is kept under them
        and the stand's counts, without building the targets first.
        """
        today = self.wanted(state, seat, effect)
        keep = self.stocked(state, seat, effect)
        keep = keep if keep > today else today  # `max(today, keep)`, without the call
        stand = state.stands[seat - 1]
        counts, money = stand.stock._counts, stand.money
        key = (
            tuple(map(counts.get, self.ids, ZEROS)),
            today,
            keep,
            effect.bulk_discount,
            effect.purchase_total_cap,
        )
        ladder = self.facts.buy_cache.get(key)
        if ladder is None:
            durable, targets = self.facts.durable, {}
            for i in self.ids:
                targets[i] = keep if i in durable else today
            ladder = _ladder(self.pack, self.facts.buy_cache, key, counts, targets, effect)
        return dict(ladder.afford(money))

    def barter(self, state: GameState, seat: int) -> Mapping[str, int]:
        """Even the goods out for the most cups; spare goods go to the durable ones."""
        items = self.facts.durable_first  # every good, durable ones first
        share, extra = divmod(state.stands[seat - 1].stock.total, len(items))
        return {item: share + (1 if i < extra else 0) for i, item in enumerate(items)}

    def steal(self, state: GameState, seat: int, goods: int) -> tuple[int, Mapping[str, int]]:
        """From the richest rival, the goods this stand is shortest of."""
        target = richest_rival(state, seat)
        mine = state.stands[seat - 1].stock.counts()
        theirs = state.stands[target - 1].stock.counts()
        taken: dict[str, int] = {}
        for _ in range(goods):
            left = []  # a loop, not a comprehension: on 3.11 each comprehension is a call
            for item in self.facts.durable_first:
                if theirs.get(item, 0) > 0:
                    left.append(item)
            if not left:
                break
            item = self._scarcest(mine, left)
            theirs[item] -= 1
            mine[item] = mine.get(item, 0) + 1
            taken[item] = taken.get(item, 0) + 1
        return target, taken

    def pass_goods(
        self, state: GameState, seat: int, count: int, passable: Stock
    ) -> Mapping[str, int]:
        """Hand over what the stand has most of; perishable goods first on a tie."""
        left = passable.counts()
        mine = state.stands[seat - 1].stock.counts()
        given: dict[str, int] = {}
        for _ in range(count):
            items = [i for i, n in left.items() if n > 0]
            if not items:
                break
            item = max(items, key=lambda i: (mine.get(i, 0), i not in self.facts.durable))
            left[item] -= 1
            mine[item] -= 1
            given[item] = given.get(item, 0) + 1
        return given

    # -- helpers for the strategies ---------------------------------------------
    def fair_share(self, state: GameState, weather: Weather, effect: EventEffect) -> int:
        """The chart's limit split evenly, never below the guaranteed cups."""
        limit = self.pack.limit(state.players, weather.condition, weather.temperature)
        guarantee = 0 if effect.no_guarantees else self.facts.guarantees[weather.condition]
        share = limit // state.players
        return share if share > guarantee else guarantee  # `max`, without the call


def richest_rival(state: GameState, seat: int) -> int:
    """The rival with the most money, then the most goods, then the lowest seat."""
    best, key = 0, None
    for stand in state.stands:
        if stand.seat != seat and (key is None or stand.money >= key[0]):  # poorer: never first
            mine = (stand.money, sum(stand.stock._counts.values()), -stand.seat)  # no property
            if key is None or mine > key:
                best, key = stand.seat, mine
    return best


def plan_purchase(
    pack: LemonadeStall,
    stock: Mapping[str, int],
    targets: Mapping[str, int],
    money: int,
    effect: EventEffect = NO_EVENT,
) -> dict[str, int]:
    """The cheapest legal purchase that lifts each good to its target.

    A whole lot replaces a smaller buy when the lot costs no more; targets drop
    a cup at a time until the purchase is legal (money, caps, shortages).
    """
    have = stock.counts() if type(stock) is Stock else dict(stock)
    ids = pack.item_ids
    key = (
        tuple([have.get(i, 0) for i in ids]),
        tuple([targets.get(i, 0) for i in ids]),
        effect.bulk_discount,
        effect.purchase_total_cap,
    )  # everything the plan reads but the money: stands in the same spot buy the same
    ladder = _ladder(pack, facts_for(pack).plan_cache, key, have, targets, effect)
    return dict(_afford(ladder, money))


def _ladder(
    pack: LemonadeStall,
    cache: dict[tuple, Ladder],
    key: tuple,
    have: Mapping[str, int],
    targets: Mapping[str, int],
    effect: EventEffect,
) -> Ladder:
    """The `Ladder` for one spot, kept per pack under ``key``, which names all it reads."""
    known = cache.get(key)
    if known is None:
        if len(cache) >= PLANS_KEPT:
            cache.clear()  # a long run on one core stays small
        known = cache[key] = Ladder(pack, have, targets, effect)
    return known


def _afford(ladder: Ladder, money: int) -> dict[str, int]:
    return ladder.afford(money)


class Ladder:
    """Every purchase the plan may settle on in one spot, whatever the money.

    The plan drops its targets a cup at a time and takes the first legal
    purchase the money covers, both at its price and at the goods' floor
    prices. Whatever the money, that is the first cut whose need (the larger
    of the two) the money covers, so only cuts needing less than every cut
    before them can ever be taken: the ladder keeps those, worked out only as
    far as some stand's money has asked, and answers every later stand in the
    same spot, however much money it holds.
    """

    __slots__ = ("pack", "effect", "short", "cuts", "next_cut", "steps", "least")

    def __init__(
        self,
        pack: LemonadeStall,
        have: Mapping[str, int],
        targets: Mapping[str, int],
        effect: EventEffect,
    ) -> None:
        self.pack, self.effect = pack, effect
        self.short = []  # loops, not comprehensions: on 3.11 each comprehension is a call
        for item in pack.items:
            self.short.append((item, targets.get(item.id, 0) - have.get(item.id, 0)))
        top = 0  # `max(targets.values(), default=0)`, without the call
        for target in targets.values():
            if target > top:
                top = target
        self.cuts = top + 1
        self.next_cut = 0
        self.steps: list[tuple[float, dict[str, int]]] = []  # (need, purchase), dearest first
        self.least = math.inf

    def afford(self, money: int) -> dict[str, int]:
        """The first purchase the money pays for: the plan's answer."""
        for need, buy in self.steps:
            if need <= money:
                return buy
        while self.next_cut < self.cuts:
            need, buy = self._step(self.next_cut)
            self.next_cut += 1
            if need is not None and need < self.least:
                self.steps.append((need, buy))
                self.least = need
                if need <= money:
                    return buy
        return {}

    def _step(self, cut: int) -> tuple[float | None, dict[str, int]]:
        """The purchase at one cut and the money it needs; None if it breaks a rule."""
        pack, effect = self.pack, self.effect
        floors = facts_for(pack).unit_floors
        most, lot = pack.max_per_item, pack.bulk_size
        lots = effect.bulk_discount and lot <= most
        floors_wanted, buy = [], {}  # a loop, not comprehensions: on 3.11 each of those is a call
        for item, short in self.short:
            if short > cut:
                n = short - cut if short - cut < most else most  # `min`, without the call
                floors_wanted.append(n * floors[item.id])  # singly or in whole lots
                buy[item.id] = (
                    lot if lots and n < lot and item.price_bulk <= n * item.price_one else n
                )
        floor = sum(floors_wanted)
        cost, broken = assess_purchase(pack, buy, effect, None)
        return (None if broken else max(floor, cost)), buy


def _unit_floor(item: Item, lot: int) -> float:
    """The least one good can cost: singly, or as part of a whole lot."""
    return min(item.price_one, item.price_bulk / lot)


# -- the strategies ------------------------------------------------------------------
class Cautious(Bot):
    """Charges the cheapest price that still beats a cup's cost; buys only a fair share."""

    name = "cautious"

    def appetite(self, state: GameState, seat: int, effect: EventEffect) -> int:
        return self.fair_share(state, state.forecast, effect)

    def set_price(self, state: GameState, seat: int) -> int:
        condition = state.forecast.condition
        known = self.facts.cautious_prices.get(condition)  # a function of the condition alone
        if known is None:
            allowed = self.facts.prices_allowed(condition)
            paying = [p for p in allowed if p > self.facts.cup_cost]
            known = self.facts.cautious_prices[condition] = min(paying) if paying else max(allowed)
        return known


class Greedy(Bot):
    """Charges the top price the forecast allows and stocks for every cup left unguaranteed."""

    name = "greedy"

    def appetite(self, state: GameState, seat: int, effect: EventEffect) -> int:
        weather = state.forecast
        limit = self.pack.limit(state.players, weather.condition, weather.temperature)
        guarantee = 0 if effect.no_guarantees else self.facts.guarantees[weather.condition]
        return limit - (state.players - 1) * guarantee

    def set_price(self, state: GameState, seat: int) -> int:
        condition = state.forecast.condition
        known = self.facts.greedy_prices.get(condition)  # a function of the condition alone
        if known is None:
            known = self.facts.greedy_prices[condition] = max(self.facts.prices_allowed(condition))
        return known


class Outlook(NamedTuple):
    """What one stand faces on one day, as far as it can know before the weather turns.

    A flat tuple rather than a dataclass: it keys a memo asked thousands of
    times a second, and tuples hash and compare in C.
    """

    players: int
    condition: str  # today's forecast
    temperature: int
    event: str | None = None
    immune: bool = False  # the stand's benefit lets it ignore the event's effect
    bonus: tuple[int, int] | None = None  # today's sales bonus: (dollars a cup, cups)


class ForecastReader(Bot):
    """Reads the forecast, the event's weather-change odds, the caps and the chart.

    Picks the price with the best expected takings over the weather the day may
    turn into, buys perishables for today's expected sales only and durable
    goods for the better of today and tomorrow's forecast.
    """

    name = "forecast-reader"

    def outlook(self, state: GameState, seat: int) -> Outlook:
        """Small ids only, so days are cheap to look up in the pack's memo (kept per day)."""
        forecast, benefit = state.forecast, state.stands[seat - 1].benefit
        key = (state.players, forecast.condition, forecast.temperature, state.event, benefit)
        known = self.facts.outlook_cache.get(key)
        if known is None:
            known = self.facts.outlook_cache[key] = self._outlook(state, seat)
        return known

    def _outlook(self, state: GameState, seat: int) -> Outlook:
        benefit = state.stands[seat - 1].benefit
        card = self.pack.event(state.event) if state.event else None
        immune = card is not None and is_immune(self.pack, benefit, card.immunity)
        effect = self.facts.benefits[benefit] if benefit else None
        bonus = None
        if effect and effect.sales_bonus_per_cup:
            bonus = (effect.sales_bonus_per_cup, effect.sales_bonus_cups)
        forecast = state.forecast
        return Outlook(
            state.players, forecast.condition, forecast.temperature, state.event, immune, bonus
        )

    def takings(self, day: Outlook, price: int, capacity: float) -> tuple[float, float]:
        """Expected (income, cups) at ``price`` over the weather the day may turn into."""
        dollars, per_cup, bonus_cups, chances = self.prospects(day, price)
        income = cups = 0.0
        if not per_cup:  # no sales bonus, whose `+ extra` would add nothing: the same sums
            for chance, most in chances:
                sold = most if most < capacity else capacity  # `min(capacity, most)`, no call
                income += chance * (sold * dollars)
                cups += chance * sold
            return income, cups
        for chance, most in chances:
            sold = most if most < capacity else capacity
            extra = (bonus_cups if bonus_cups < sold else sold) * per_cup
            income += chance * (sold * dollars + extra)
            cups += chance * sold
        return income, cups

    def prospects(self, day: Outlook, price: int) -> tuple[int, int, int, tuple]:
        """What `takings` reads whatever the capacity, kept per pack, day and price.

        A card's dollars a cup, the sales bonus (dollars a cup, cups), then each
        weather's chance with the cups a stand of any capacity may expect
        (`expected_sales`); the capacity only caps those cups, so one table serves
        every stand's stock.
        """
        key = (day, price)
        known = self.facts.prospects_cache.get(key)
        if known is None:
            card = self.pack.event(day.event) if day.event else None
            effect = effect_for(self.pack, card.effect, day.immune) if card else NO_EVENT
            limit_bonus = card.effect.limit_bonus if card else 0
            per_cup, bonus_cups = day.bonus or (0, 0)
            weathers = self.facts.odds(day.condition, day.temperature, day.event)
            sales, players, spared = self.facts.sales_cache, day.players, effect.no_guarantees
            chances = []
            for weather, chance in weathers:
                # all `expected_sales` reads, whatever the capacity: weathers recur across days
                spot = (players, weather.condition, weather.temperature, price, spared, limit_bonus)
                most = sales.get(spot)
                if most is None:
                    most = sales[spot] = expected_sales(
                        self.facts, players, weather, price, math.inf, effect, limit_bonus
                    )
                chances.append((chance, most))
            known = (price + effect.price_bonus, per_cup, bonus_cups, tuple(chances))
            self.facts.prospects_cache[key] = known
        return known

    def best(self, day: Outlook, capacity: float, cup_cost: float) -> tuple[int, float]:
        """The price card with the best expected profit, and the cups it should sell.

        Ties go to the cheaper card, which sells first. Days repeat across games,
        so answers are kept per pack.
        """
        most = self.facts.most_sold
        key = (day, most if most < capacity else capacity, cup_cost)  # `min`, without the call
        known = self.facts.best_cache.get(key)
        if known is None:
            best = (-math.inf, 0, 0.0)
            for price in self.pack.selling_prices:
                income, cups = self.takings(day, price, capacity)
                profit = income - cup_cost * cups
                if profit > best[0]:
                    best = (profit, price, cups)
            known = self.facts.best_cache[key] = (best[1], best[2])
        return known

    def appetite(self, state: GameState, seat: int, effect: EventEffect) -> int:
        _, cups = self.best(self.outlook(state, seat), math.inf, self.facts.cup_cost)
        return math.ceil(cups)

    def stockpile(self, state: GameState, seat: int, effect: EventEffect) -> int:
        if state.tomorrow is None:
            return 0
        tomorrow = Outlook(state.players, state.tomorrow.condition, state.tomorrow.temperature)
        _, cups = self.best(tomorrow, math.inf, self.facts.cup_cost)
        return math.ceil(cups)

    def set_price(self, state: GameState, seat: int) -> int:
        """Goods bought are paid for: the best takings from the cups the stand can make."""
        capacity = produce(self.pack, state.stands[seat - 1].stock)
        return self.best(self.outlook(state, seat), capacity, 0.0)[0]


STRATEGIES: Mapping[str, Callable[[LemonadeStall, int], Decider]] = {
    Cautious.name: Cautious,
    Greedy.name: Greedy,
    ForecastReader.name: ForecastReader,
    RandomLegal.name: RandomLegal,
}
