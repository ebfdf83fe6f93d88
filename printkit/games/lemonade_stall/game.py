"""A whole day of Lemonade Stall, step by step, with choices left to deciders.

Each step is a pure function from one `GameState` to the next. Every choice a
player makes (benefit, goods, purchase, price, barter, theft, passing) comes
from a `Decider`; every roll from the dice passed in.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Protocol, TypeVar

from printkit.dice import Dice, shuffle  # noqa: F401  (shuffle: re-exported)
from printkit.errors import RuleError
from printkit.games.lemonade_stall.model import BenefitEffect, EventEffect, LemonadeStall
from printkit.games.lemonade_stall.rules import (
    D6,
    D12,
    Result,
    Sales,
    Standing,
    Stock,
    Weather,
    add_goods,
    build,
    change_weather,
    check_bought,
    clockwise,
    effect_on,
    forecast,
    ingredients,
    rank,
    sell_stands,
    spoil_counts,
    take_goods,
)


@dataclass(frozen=True)
class Stand:
    seat: int
    money: int
    stock: Stock
    benefit: str | None = None
    price: int | None = None


@dataclass(frozen=True)
class GameState:
    players: int
    day: int  # 0-based index into pack.days
    first_player: int
    stands: tuple[Stand, ...]
    forecast: Weather  # today's forecast (before step 7)
    tomorrow: Weather | None = None
    weather: Weather | None = None  # today's actual weather, after step 7
    bonus_tokens: tuple[tuple[str, int], ...] = ()
    deck: tuple[str, ...] = ()  # event cards still face down, top first
    event: str | None = None
    early_bird: int | None = None  # seat that took the first-player marker today

    def stand(self, seat: int) -> Stand:
        return self.stands[seat - 1]

    def tokens(self, benefit_id: str) -> int:
        for benefit, count in self.bonus_tokens:
            if benefit == benefit_id:
                return count
        return 0


class Decider(Protocol):
    """Every choice one seat makes; a bot or a scripted example implements it."""

    def choose_benefit(self, state: GameState, seat: int, options: Sequence[str]) -> str: ...

    def place_goods(
        self, state: GameState, seat: int, count: int, one_type: bool, why: str = ""
    ) -> Mapping[str, int]:
        """Goods from the supply; ``why`` names the source (one of `GAINS`)."""
        ...

    def buy(self, state: GameState, seat: int, effect: EventEffect) -> Mapping[str, int]: ...

    def set_price(self, state: GameState, seat: int) -> int: ...

    def barter(self, state: GameState, seat: int) -> Mapping[str, int]: ...

    def steal(self, state: GameState, seat: int, goods: int) -> tuple[int, Mapping[str, int]]: ...

    def pass_goods(
        self, state: GameState, seat: int, count: int, passable: Stock
    ) -> Mapping[str, int]: ...


STEPS = (
    "forecast",
    "benefits",
    "bonus tokens",
    "event",
    "buy supplies",
    "set prices",
    "weather change",
    "sell",
    "spoilage",
    "end of day",
)  # the ten steps, for messages; the board prints its own titles
GAINS = ("bonus tokens", "bargain", "immunity goods", "event goods")  # place_goods' `why`
T = TypeVar("T")
Watch = Callable[[int, GameState], None]  # told the step number (1-10) and the state after it


@dataclass(frozen=True)
class DayReport:
    """What happened on one day: enough to replay it as a readable log."""

    day: str
    first_player: int
    forecast: Weather
    tomorrow: Weather | None
    event: str
    weather: Weather
    benefits: tuple[str | None, ...]
    purchases: tuple[tuple[tuple[str, int], ...], ...]
    spent: tuple[int, ...]
    prices: tuple[int, ...]
    sales: Sales
    lemons_spoiled: bool
    money: tuple[int, ...]
    stock: tuple[Stock, ...]


class _Step:
    """The play's own copy of the state, changed in place as the steps go.

    Deciders asked during a step see it as it stands at that moment. A watched
    day hands each step's state on (`hand_on`) and starts a fresh copy, so every
    state a watcher (or an example) sees stays frozen; an unwatched day keeps one
    copy from its first step to its last. The copy owns a copy of every stand
    and of its stock (a day changes them all by its end): ``rows`` are the
    stands' fields and ``counts`` their stocks' counts, which the rules change
    in place (`add_goods`, `take_goods`).
    """

    __slots__ = ("state", "fields", "stands", "rows", "counts", "_effects")

    def __init__(self, state: GameState) -> None:
        self.state = _own(state)
        self.fields = self.state.__dict__
        self._own_stands()
        self._effects: tuple[str | None, list[EventEffect]] = ("", [])

    def effects(self, pack: LemonadeStall) -> list[EventEffect]:
        """What today's event does to each stand (`effect_on`), worked out once per event.

        From step 4 to the day's end neither the event nor any stand's benefit
        changes, so steps 5, 8 and 9 share one list.
        """
        event = self.fields["event"]
        known, effects = self._effects
        if known != event or not effects:
            effects = []
            for row in self.rows:  # loops, not comprehensions: on 3.11 each of those is a call
                effects.append(effect_on(pack, event, row["benefit"]))
            self._effects = (event, effects)
        return effects

    def _own_stands(self) -> None:
        self.stands, self.rows, self.counts = [], [], []
        for old in self.state.stands:
            stand = object.__new__(type(old))  # `_own`, without the call: a shallow copy
            row = stand.__dict__
            row.update(old.__dict__)
            counts = row["stock"]._counts.copy()
            row["stock"] = stock = object.__new__(Stock)  # `Stock._adopt` of the counts copied
            stock._counts = counts
            self.stands.append(stand)
            self.rows.append(row)
            self.counts.append(counts)
        self.fields["stands"] = tuple(self.stands)

    def replace_stock(self, seat: int, stock: Stock) -> None:
        """The seat's whole stock swapped for ``stock``, owned from now on."""
        self.rows[seat - 1]["stock"] = stock = Stock._adopt(stock.counts(), checked=True)
        self.counts[seat - 1] = stock._counts

    def hand_on(self) -> GameState:
        """The state as it stands, never changed again: later steps change a new copy."""
        state = self.state
        self.state = _own(state)
        self.fields = self.state.__dict__
        self._own_stands()
        return state


def _own(value: T) -> T:
    """A shallow copy for a step to fill in (frozen values have no ``__post_init__``)."""
    new = object.__new__(type(value))
    new.__dict__.update(value.__dict__)
    return new


def new_game(pack: LemonadeStall, players: int, dice: Dice, first_player: int = 1) -> GameState:
    if not pack.min_players <= players <= pack.max_players:
        raise RuleError(f"{players} players: the game takes {pack.min_players}-{pack.max_players}")
    stands, forecast, tokens = _opening(pack, players)
    return GameState(
        players=players,
        day=0,
        first_player=first_player,
        stands=stands,
        forecast=forecast,
        bonus_tokens=tokens,
        deck=shuffle(pack.event_deck(), dice),
    )


def _opening(
    pack: LemonadeStall, players: int
) -> tuple[tuple[Stand, ...], Weather, tuple[tuple[str, int], ...]]:
    """The stands, forecast and bonus tokens every game starts from: frozen, so kept per pack."""
    table = pack.memo.setdefault("openings", {})
    known = table.get(players)
    if known is None:
        condition, degrees = pack.opening_weather
        stands = tuple(
            Stand(seat, pack.starting_money, Stock({i: 0 for i in pack.item_ids}))
            for seat in range(1, players + 1)
        )
        tokens = tuple((b.id, 0) for b in pack.benefits_for(players))
        known = table[players] = (stands, Weather(condition, degrees), tokens)
    return known


def _check_goods(
    pack: LemonadeStall, goods: Mapping[str, int], count: int, one_type: bool, why: str
) -> None:
    """Raise unless ``goods`` are ``count`` goods of known items (of one, if ``one_type``)."""
    known, total, kinds = pack.item_ids, 0, 0
    for item, n in goods.items():
        if item not in known or n < 0:
            total = -1
            break
        total += n
        kinds += n > 0
    if total != count:
        raise RuleError(f"{why}: {dict(goods)!r} is not {count} goods of known items")
    if one_type and kinds > 1:
        raise RuleError(f"{why}: {dict(goods)!r} must be a single type of good")


def _gain(
    pack: LemonadeStall,
    step: _Step,
    seat: int,
    decider: Decider,
    count: int,
    one_type: bool,
    why: str,
) -> None:
    if count <= 0:
        return
    goods = decider.place_goods(step.state, seat, count, one_type, why=why)
    _check_goods(pack, goods, count, one_type, why)
    add_goods(step.counts[seat - 1], goods, True)  # `_check_goods` saw no count below zero


# -- the ten steps -------------------------------------------------------------
# Each step is a rule on the play's copy (`_forecast` ... `_end`) and a pure
# function on a frozen state (`step_forecast` ... `step_end`) that runs it on a
# copy of its own; `play_day` runs the rules on one copy for the whole day.
def step_forecast(pack: LemonadeStall, state: GameState, dice: Dice) -> GameState:
    step = _Step(state)
    _forecast(pack, step, dice)
    return step.state


def _forecast(pack: LemonadeStall, step: _Step, dice: Dice) -> None:
    """Step 1: tomorrow's forecast from two d12, except on a last day that rolls none."""
    state = step.state
    if state.day == len(pack.days) - 1 and not pack.forecast_on_last_day:
        step.fields["tomorrow"] = None
        return
    rolls = (dice.roll(D12), dice.roll(D12))
    step.fields["tomorrow"] = forecast(pack, state.forecast, rolls)


def step_draft(pack: LemonadeStall, state: GameState, deciders: Mapping[int, Decider]) -> GameState:
    step = _Step(state)
    _draft(pack, step, deciders)
    return step.state


def _draft(pack: LemonadeStall, step: _Step, deciders: Mapping[int, Decider]) -> None:
    """Step 2: draft in seat order from the first player; a card's tokens go with it."""
    state = step.state
    tokens = dict(state.bonus_tokens)
    available = list(tokens)
    for seat in clockwise(state.players, state.first_player):
        decider = deciders[seat]
        choice = decider.choose_benefit(step.state, seat, tuple(available))
        if choice not in available:
            raise RuleError(f"seat {seat} chose benefit {choice!r}; open: {available}")
        available.remove(choice)
        step.rows[seat - 1]["benefit"] = choice
        placed, tokens[choice] = tokens[choice], 0
        if placed:  # the player places the tokens knowing its card, before they leave it
            _gain(pack, step, seat, decider, placed, False, "bonus tokens")
        step.fields["bonus_tokens"] = tuple(tokens.items())
        _take_benefit(pack, step, seat, decider, pack.benefit_effects[choice])


def step_bonus(state: GameState) -> GameState:
    step = _Step(state)
    _bonus(step)
    return step.state


def _bonus(step: _Step) -> None:
    """Step 3: every card nobody took gains a bonus token."""
    _add_tokens(step, 1)


def _add_tokens(step: _Step, count: int) -> None:
    """``count`` more tokens on every card no stand holds."""
    taken = set()
    for row in step.rows:
        taken.add(row["benefit"])
    tokens = []
    for b, n in step.state.bonus_tokens:
        tokens.append((b, n if b in taken else n + count))
    step.fields["bonus_tokens"] = tuple(tokens)


def _take_benefit(
    pack: LemonadeStall, step: _Step, seat: int, decider: Decider, effect: BenefitEffect
) -> None:
    if effect.bargain_goods:
        stand = step.rows[seat - 1]
        if stand["money"] >= effect.bargain_cost:
            stand["money"] -= effect.bargain_cost
            _gain(pack, step, seat, decider, effect.bargain_goods, True, "bargain")
    if effect.immunity_goods:
        _gain(pack, step, seat, decider, effect.immunity_goods, True, "immunity goods")
    if effect.theft_goods:
        _steal(step, seat, decider, effect.theft_goods, effect.theft_money)


def _steal(step: _Step, seat: int, decider: Decider, goods: int, money: int) -> None:
    target, taken = decider.steal(step.state, seat, goods)
    if target == seat or not 1 <= target <= step.state.players:
        raise RuleError(f"seat {seat} cannot steal from seat {target}")
    if sum(taken.values()) > goods:
        raise RuleError(f"theft of {dict(taken)!r} takes more than {goods} goods")
    take_goods(step.counts[target - 1], taken)
    victim = step.rows[target - 1]
    dollars = victim["money"] if victim["money"] < money else money  # `min`, without the call
    victim["money"] -= dollars
    add_goods(step.counts[seat - 1], taken)
    step.rows[seat - 1]["money"] += dollars


def step_event(pack: LemonadeStall, state: GameState, deciders: Mapping[int, Decider]) -> GameState:
    step = _Step(state)
    _event(pack, step, deciders)
    return step.state


def _event(pack: LemonadeStall, step: _Step, deciders: Mapping[int, Decider]) -> None:
    """Step 4: turn over the top card and resolve what happens at once."""
    state = step.state
    if not state.deck:
        raise RuleError("the event deck is empty")
    event_id = state.deck[0]
    step.fields["event"], step.fields["deck"] = event_id, state.deck[1:]
    effect = pack.event(event_id).effect
    if effect.extra_bonus_tokens:
        _add_tokens(step, effect.extra_bonus_tokens)
    if effect.gain_goods:
        for seat in clockwise(state.players, state.first_player):
            _gain(pack, step, seat, deciders[seat], effect.gain_goods, True, "event goods")
    if effect.pass_left:
        _pass_left(pack, step, deciders, effect.pass_left)


def _pass_left(
    pack: LemonadeStall, step: _Step, deciders: Mapping[int, Decider], count: int
) -> None:
    players = step.state.players
    received: dict[int, Stock] = {}
    for seat in clockwise(players, step.state.first_player):
        passable = step.stands[seat - 1].stock.minus(received.get(seat, Stock()))
        due = min(count, passable.total)
        asked = deciders[seat].pass_goods(step.state, seat, due, passable)
        _check_goods(pack, asked, due, False, "stock balance")
        goods = Stock._adopt(dict(asked), checked=True)  # every count known and not negative
        passable.minus(goods)  # raises when passing goods just received
        left = seat % players + 1
        take_goods(step.counts[seat - 1], goods)
        add_goods(step.counts[left - 1], goods, True)  # checked by `_check_goods`
        received[left] = received.get(left, Stock()).plus(goods)


def event_effect(pack: LemonadeStall, state: GameState, seat: int) -> EventEffect:
    """What today's event does to one stand."""
    return effect_on(pack, state.event, state.stands[seat - 1].benefit)


Purchases = list[tuple[tuple[tuple[str, int], ...], int]]  # per seat: goods bought, dollars paid


def step_purchase(
    pack: LemonadeStall, state: GameState, deciders: Mapping[int, Decider]
) -> tuple[GameState, Purchases]:
    step = _Step(state)
    purchases = _purchase(pack, step, deciders)
    return step.state, purchases


def _purchase(pack: LemonadeStall, step: _Step, deciders: Mapping[int, Decider]) -> Purchases:
    """Step 5, then Early Bird's marker and Bartering."""
    state = step.state
    bought: list = [()] * state.players
    spent = [0] * state.players
    effects = step.effects(pack)
    for seat in clockwise(state.players, state.first_player):
        effect = effects[seat - 1]
        asked = deciders[seat].buy(step.state, seat, effect)
        if type(asked) is dict and all(asked.values()):  # read here only, so no copy
            buy = asked
        else:
            buy = {}
            for k, v in asked.items():
                if v:
                    buy[k] = v
        stand, goods = step.rows[seat - 1], tuple(buy.items())
        cost = check_bought(pack, goods, effect, stand["money"])
        stand["money"] -= cost
        add_goods(step.counts[seat - 1], buy, True)  # the purchase has no negative count
        bought[seat - 1] = goods
        spent[seat - 1] = cost
    cards = pack.benefit_effects
    for seat, row in enumerate(step.rows, start=1):  # neither step changes a benefit
        held = row["benefit"]
        benefit = cards[held] if held else None
        if benefit and benefit.takes_first_player:
            # the marker moves now, so the day's ties in step 8 are shared from its new holder
            step.fields["early_bird"] = step.fields["first_player"] = seat
        if benefit and benefit.barter:
            stock = step.stands[seat - 1].stock
            wanted = Stock(deciders[seat].barter(step.state, seat))
            if wanted.total != stock.total or not set(pack.item_ids).issuperset(wanted._counts):
                raise RuleError(f"barter must swap one for one: {stock!r} -> {wanted!r}")
            step.replace_stock(seat, wanted)
    return list(zip(bought, spent))


def step_prices(
    pack: LemonadeStall, state: GameState, deciders: Mapping[int, Decider]
) -> GameState:
    step = _Step(state)
    _prices(pack, step, deciders)
    return step.state


def _prices(pack: LemonadeStall, step: _Step, deciders: Mapping[int, Decider]) -> None:
    """Step 6: every stand picks its card from the same table, none seeing another's."""
    state = step.state
    prices = []
    for seat in range(1, state.players + 1):
        prices.append(deciders[seat].set_price(state, seat))
    for seat, price in enumerate(prices, start=1):
        if price not in pack.selling_prices:
            raise RuleError(f"seat {seat} played price ${price}; cards are {pack.selling_prices}")
        step.rows[seat - 1]["price"] = price


def step_weather(pack: LemonadeStall, state: GameState, dice: Dice) -> GameState:
    step = _Step(state)
    _weather(pack, step, dice)
    return step.state


def _weather(pack: LemonadeStall, step: _Step, dice: Dice) -> None:
    """Step 7: the event card's codes change the forecast into the day's weather."""
    state = step.state
    card = pack.event(state.event) if state.event else None
    if card is None:
        step.fields["weather"] = state.forecast
        return
    checks = card.effect.weather_checks
    step.fields["weather"] = change_weather(pack, state.forecast, card.change, dice, checks)


def step_sell(pack: LemonadeStall, state: GameState) -> tuple[GameState, Sales]:
    step = _Step(state)
    sales = _sell(pack, step)
    return step.state, sales


def _sell(pack: LemonadeStall, step: _Step) -> Sales:
    """Step 8: every stand sells, pays its ingredients and takes its income."""
    state, rows, effects = step.state, step.rows, step.effects(pack)
    prices, benefits = [], []
    for row in rows:
        prices.append(row["price"] or 0)
        benefits.append(row["benefit"])
    event = state.event
    sales = sell_stands(
        pack, state.weather, state.first_player, step.counts, prices, benefits, effects, event
    )
    discards = effect_on(pack, event, None).discard_half_after_selling  # immunity only spares
    for row, counts, effect, cups, income in zip(
        rows, step.counts, effects, sales.sold, sales.income
    ):
        if cups:
            take_goods(counts, ingredients(pack, cups))
        item = discards and effect.discard_half_after_selling
        if item:
            take_goods(counts, {item: counts.get(item, 0) // 2})
        row["money"] += income
    return sales


def step_spoil(pack: LemonadeStall, state: GameState, dice: Dice) -> tuple[GameState, bool]:
    step = _Step(state)
    spoiled = _spoil(pack, step, dice)
    return step.state, spoiled


def _spoil(pack: LemonadeStall, step: _Step, dice: Dice) -> bool:
    """Step 9: one roll for the whole table; whether any lemons spoiled."""
    roll = dice.roll(D6)
    spoiled = False
    spoiling = pack.perishing("spoils")
    state = step.state
    degrees, cards = state.weather.temperature, pack.benefit_effects
    for row, counts, effect in zip(step.rows, step.counts, step.effects(pack)):
        benefit = row["benefit"]
        fridge = bool(benefit and cards[benefit].fridge)
        gone = spoil_counts(pack, counts, degrees, roll, effect, fridge)
        if gone and not spoiled:
            spoiled = not set(spoiling).isdisjoint(gone)
    return spoiled


def step_end(pack: LemonadeStall, state: GameState) -> GameState:
    step = _Step(state)
    _end(pack, step)
    return step.state


def _end(pack: LemonadeStall, step: _Step) -> None:
    """Step 10: the marker passes (or stays with Early Bird); cards and prices go back."""
    state = step.state
    if state.early_bird is not None:
        first = state.early_bird
    else:
        first = state.first_player % state.players + 1
    for row in step.rows:
        row["benefit"] = row["price"] = None
    step.fields.update(
        day=state.day + 1,
        first_player=first,
        forecast=state.tomorrow or state.forecast,
        tomorrow=None,
        weather=None,
        event=None,
        early_bird=None,
    )


def play_day(
    pack: LemonadeStall,
    state: GameState,
    deciders: Mapping[int, Decider],
    dice: Dice,
    watch: Watch | None = None,
) -> tuple[GameState, DayReport]:
    """One day's ten steps in order; ``watch`` sees the state after each step.

    Unwatched, the day changes one copy of the state from the first step to
    the last; watched, each step's state is handed on frozen.
    """
    step = _Step(state)
    today = state.forecast
    _forecast(pack, step, dice)
    if watch:
        watch(1, step.hand_on())
    _draft(pack, step, deciders)
    if watch:
        watch(2, step.hand_on())
    _bonus(step)
    if watch:
        watch(3, step.hand_on())
    _event(pack, step, deciders)
    if watch:
        watch(4, step.hand_on())
    purchases = _purchase(pack, step, deciders)
    if watch:
        watch(5, step.hand_on())
    _prices(pack, step, deciders)
    if watch:
        watch(6, step.hand_on())
    _weather(pack, step, dice)
    if watch:
        watch(7, step.hand_on())
    sales = _sell(pack, step)
    if watch:
        watch(8, step.hand_on())
    spoiled = _spoil(pack, step, dice)
    if watch:
        watch(9, step.hand_on())
    report = _report(pack, state, today, step.state, purchases, sales, spoiled)
    _end(pack, step)
    after = step.hand_on() if watch else step.state
    if watch:
        watch(10, after)
    return after, report


def _report(
    pack: LemonadeStall,
    start: GameState,
    today: Weather,
    state: GameState,
    purchases: Purchases,
    sales: Sales,
    spoiled: bool,
) -> DayReport:
    benefits, prices, money, stock = [], [], [], []
    for stand in state.stands:
        benefits.append(stand.benefit)
        prices.append(stand.price or 0)
        money.append(stand.money)
        stock.append(stand.stock)
    bought, spent = [], []
    for goods, dollars in purchases:
        bought.append(goods)
        spent.append(dollars)
    return build(
        DayReport,
        day=pack.days[start.day],
        first_player=start.first_player,
        forecast=today,
        tomorrow=state.tomorrow,
        event=state.event or "",
        weather=state.weather,
        benefits=tuple(benefits),
        purchases=tuple(bought),
        spent=tuple(spent),
        prices=tuple(prices),
        sales=sales,
        lemons_spoiled=spoiled,
        money=tuple(money),
        stock=tuple(stock),
    )


def final_result(pack: LemonadeStall, state: GameState) -> Result:
    """The standings after the last day: ties go by the marker's holder after the last step 10."""
    standings = [Standing(s.seat, s.money, s.stock.total) for s in state.stands]
    return rank(pack, standings, state.first_player)


def play_game(
    pack: LemonadeStall,
    players: int,
    deciders: Mapping[int, Decider],
    dice: Dice,
    first_player: int = 1,
    watch: Watch | None = None,
) -> tuple[Result, list[DayReport]]:
    state = new_game(pack, players, dice, first_player)
    state, reports = play_days(pack, state, deciders, dice, watch)
    return final_result(pack, state), reports


def play_days(
    pack: LemonadeStall,
    state: GameState,
    deciders: Mapping[int, Decider],
    dice: Dice,
    watch: Watch | None = None,
) -> tuple[GameState, list[DayReport]]:
    """Every day left, from ``state`` to the end of the last day."""
    reports = []
    while state.day < len(pack.days):
        state, report = play_day(pack, state, deciders, dice, watch)
        reports.append(report)
    return state, reports
