"""Whole days and whole games as worked examples: chance and choices as explicit inputs.

An example states the table at the start of a day, the dice in the order they
are rolled and every choice each seat makes; `play_day` in ``game.py`` (the
code the simulator plays) does the rest. A choice the rules forbid comes back
as a `ContentError` naming the day, the step and the seat.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from printkit.content.fields import Field
from printkit.dice import ScriptedDice
from printkit.errors import ContentError, RuleError
from printkit.games.lemonade_stall.game import (
    STEPS,
    GameState,
    Stand,
    final_result,
    play_day,
    play_days,
)
from printkit.games.lemonade_stall.model import EventEffect, LemonadeStall
from printkit.games.lemonade_stall.rules import Stock, Weather

# place_goods' `why` -> the decision that answers it
GOODS_KEYS = {
    "bonus tokens": "tokens",
    "bargain": "goods",
    "immunity goods": "goods",
    "event goods": "found",
}
DECISIONS = ["benefit", "tokens", "goods", "steal", "found", "pass", "buy", "barter", "price"]


# -- reading a table -----------------------------------------------------------
def read_weather(pack: LemonadeStall, node: Field) -> Weather:
    node.expect_keys(["condition", "temperature"])
    condition = node.get("condition").as_choice([c.id for c in pack.conditions])
    temperature = node.get("temperature").as_choice([str(t.degrees) for t in pack.temperatures])
    return Weather(condition, int(temperature))


def read_goods(pack: LemonadeStall, node: Field) -> dict[str, int]:
    goods = {}
    for key, value in node.items():
        key_node = node.get(key)
        if key not in pack.item_ids:
            raise key_node.error(f"unknown good {key!r}", _suggest(key, pack.item_ids))
        goods[key] = value.as_int(0, 10_000)
    return goods


def full_stock(pack: LemonadeStall, goods: Mapping[str, int]) -> Stock:
    return Stock({item: goods.get(item, 0) for item in pack.item_ids})


def _suggest(word: str, options: Sequence[str]) -> str:
    from printkit.content.fields import suggest

    return suggest(word, options)


def read_stands(pack: LemonadeStall, node: Field, default: bool = False) -> tuple[Stand, ...]:
    """Each seat's money and goods (and colour, which must differ from seat to seat)."""
    entries = node.as_list(pack.min_players, pack.max_players)
    colours = [c.id for c in pack.player_colours]
    seen: dict[str, int] = {}
    stands = []
    for seat, entry in enumerate(entries, start=1):
        entry.expect_keys([] if default else ["money", "stock"], ["colour", "money", "stock"])
        colour = entry.opt("colour")
        if colour is not None:
            name = colour.as_choice(colours)
            if name in seen:
                raise colour.error(f"seats {seen[name]} and {seat} both play {name}")
            seen[name] = seat
        money = entry.opt("money")
        stock = entry.opt("stock")
        stands.append(
            Stand(
                seat,
                money.as_int(0, 100_000) if money else pack.starting_money,
                full_stock(pack, read_goods(pack, stock) if stock else {}),
            )
        )
    return tuple(stands)


def read_tokens(
    pack: LemonadeStall, node: Field | None, players: int
) -> tuple[tuple[str, int], ...]:
    """Bonus tokens on each card on offer; a card the player count leaves out is an error."""
    offered = [b.id for b in pack.benefits_for(players)]
    tokens = dict.fromkeys(offered, 0)
    for key, value in node.items() if node else ():
        if key not in offered:
            card = next((b for b in pack.benefits if b.id == key), None)
            why = (
                f"{card.title} needs {card.min_players}+ players, this table has {players}"
                if card
                else f"no benefit card {key!r}"
            )
            raise node.get(key).error(why, f"cards on offer: {', '.join(offered)}")
        tokens[key] = value.as_int(0, 1000)
    return tuple(tokens.items())


def read_day_start(pack: LemonadeStall, given: Field, day_node: Field | None) -> GameState:
    stands = read_stands(pack, given.get("stands"))
    players = len(stands)
    first = given.get("first_player").as_int(1, players)
    day = day_node.as_choice(list(pack.days)) if day_node else pack.days[0]
    return GameState(
        players=players,
        day=pack.days.index(day),
        first_player=first,
        stands=stands,
        forecast=read_weather(pack, given.get("forecast")),
        bonus_tokens=read_tokens(pack, given.opt("tokens"), players),
    )


# -- scripted choices ------------------------------------------------------------
@dataclass
class Asked:
    """The last seat asked for a choice, so an illegal one is blamed on its seat."""

    seat: int | None = None


@dataclass
class ScriptedDecider:
    """One seat's choices for one day, read from an example; each is used once."""

    pack: LemonadeStall
    seat: int
    node: Field | None
    asked: Asked
    used: set[str] = field(default_factory=set)

    def _take(self, key: str, required: bool = True) -> Field | None:
        self.asked.seat = self.seat
        node = self.node.opt(key) if self.node is not None else None
        if node is None and required:
            raise RuleError(f"the script gives no {key!r} decision")
        self.used.add(key)
        return node

    def _goods(self, key: str) -> dict[str, int]:
        node = self._take(key)
        return read_goods(self.pack, node) if node is not None else {}

    def choose_benefit(self, state: GameState, seat: int, options: Sequence[str]) -> str:
        return self._take("benefit").as_choice([b.id for b in self.pack.benefits])

    def place_goods(
        self, state: GameState, seat: int, count: int, one_type: bool, why: str = ""
    ) -> Mapping[str, int]:
        return self._goods(GOODS_KEYS[why])

    def buy(self, state: GameState, seat: int, effect: EventEffect) -> Mapping[str, int]:
        node = self._take("buy", required=False)
        return read_goods(self.pack, node) if node is not None else {}

    def set_price(self, state: GameState, seat: int) -> int:
        prices = [str(p) for p in self.pack.selling_prices]
        return int(self._take("price").as_choice(prices))

    def barter(self, state: GameState, seat: int) -> Mapping[str, int]:
        node = self._take("barter", required=False)
        stock = state.stand(seat).stock
        if node is None:
            return stock
        node.expect_keys(["give", "take"])
        give = read_goods(self.pack, node.get("give"))
        take = read_goods(self.pack, node.get("take"))
        if sum(give.values()) != sum(take.values()):
            raise RuleError(f"barter gives {give} for {take}: it must swap one for one")
        return stock.minus(give).plus(take)

    def steal(self, state: GameState, seat: int, goods: int) -> tuple[int, Mapping[str, int]]:
        node = self._take("steal")
        node.expect_keys(["from"], ["goods"])
        taken = node.opt("goods")
        return node.get("from").as_int(1), read_goods(self.pack, taken) if taken else {}

    def pass_goods(
        self, state: GameState, seat: int, count: int, passable: Stock
    ) -> Mapping[str, int]:
        return self._goods("pass")

    def check_all_used(self, where: str) -> None:
        """A choice the day never asked for is a mistake in the example, not a no-op."""
        for key in self.node.names() if self.node is not None else ():
            if key not in self.used:
                raise self.node.get(key).error(
                    f"{where}, seat {self.seat}: the day never asks for {key!r}",
                    "drop it, or check the seat's benefit card and today's event",
                )


def read_decisions(
    pack: LemonadeStall, node: Field | None, players: int, asked: Asked
) -> dict[int, ScriptedDecider]:
    entries = node.as_list(players, players) if node is not None else [None] * players
    deciders = {}
    for seat, entry in enumerate(entries, start=1):
        if entry is not None:
            entry.expect_keys([], DECISIONS)
        deciders[seat] = ScriptedDecider(pack, seat, entry, asked)
    return deciders


# -- the day, watched step by step -------------------------------------------------
class RecordingDice(ScriptedDice):
    """Scripted rolls that remember which were used, so the trace shows each step's dice."""

    def __init__(self, rolls: Sequence[int]) -> None:
        super().__init__(rolls)
        self.used: list[int] = []

    def roll(self, sides: int) -> int:
        value = super().roll(sides)
        self.used.append(value)
        return value


class ByDay:
    """One seat's scripted choices for several days: each day asks that day's script."""

    def __init__(self, days: Mapping[int, ScriptedDecider]) -> None:
        self.days = days

    def __getattr__(self, name: str) -> Callable[..., Any]:
        def ask(state: GameState, *args: Any, **kwargs: Any) -> Any:
            return getattr(self.days[state.day], name)(state, *args, **kwargs)

        return ask


def weather_view(weather: Weather | None) -> dict[str, Any] | None:
    if weather is None:
        return None
    return {"condition": weather.condition, "temperature": weather.temperature}


def snapshot(pack: LemonadeStall, state: GameState) -> dict[str, Any]:
    """Everything on the table, as plain values an example can state."""
    return {
        "money": [s.money for s in state.stands],
        "stock": [{i: s.stock[i] for i in pack.item_ids} for s in state.stands],
        "benefits": [s.benefit for s in state.stands],
        "prices": [s.price for s in state.stands],
        "tokens": dict(state.bonus_tokens),
        "first_player": state.first_player,
        "forecast": weather_view(state.forecast),
        "tomorrow": weather_view(state.tomorrow),
        "weather": weather_view(state.weather),
        "event": state.event,
    }


@dataclass(frozen=True)
class DayScript:
    """One day of an example: its event, its dice and each seat's choices."""

    event: str
    rolls: Field
    decisions: Field | None
    where: Field  # where an error with no seat to blame points


@dataclass
class Trace:
    """The state after each step of each day, with the dice that step rolled.

    It also checks each day used exactly its own rolls, as the script gives
    them day by day.
    """

    pack: LemonadeStall
    dice: RecordingDice
    asked: Asked
    scripts: Mapping[int, DayScript]
    ends: Mapping[int, int]  # day -> rolls used by the end of it
    days: dict[int, dict[str, dict[str, Any]]] = field(default_factory=dict)
    day: int = 0
    last: int = 0
    _rolled: int = 0

    def watch(self, step: int, state: GameState) -> None:
        view = snapshot(self.pack, state)
        view["rolls"] = self.dice.used[self._rolled :]
        self._rolled = len(self.dice.used)
        self.days.setdefault(self.day, {})[str(step)] = view
        self.last = step
        self.asked.seat = None
        if step == len(STEPS):
            self._end_day()

    def _end_day(self) -> None:
        script, name = self.scripts[self.day], self.pack.days[self.day]
        given = len(script.rolls.as_list())
        used = self._rolled - (self.ends[self.day] - given)
        if used != given:
            raise script.rolls.error(
                f"{name} rolls {used} dice but the script gives {given}",
                "give the dice in the order the day rolls them: 2 d12 in step 1 (none on "
                "the last day), a d6 per weather-change group in step 7, a d6 in step 9",
            )
        self.day += 1
        self.last = 0


def run_script(
    pack: LemonadeStall, state: GameState, scripts: Sequence[DayScript]
) -> tuple[GameState, list[Any], Trace]:
    """Days from a stated table through the engine; errors name the day, step and seat."""
    first = state.day
    rolls: list[int] = []
    ends = {}
    for day, script in enumerate(scripts, start=first):
        rolls += [r.as_int(1, 12) for r in script.rolls.as_list()]
        ends[day] = len(rolls)
    dice = RecordingDice(rolls)
    asked = Asked()
    by_day = {
        first + i: read_decisions(pack, s.decisions, state.players, asked)
        for i, s in enumerate(scripts)
    }
    deciders = {seat: ByDay({d: by_day[d][seat] for d in by_day}) for seat in by_day[first]}
    trace = Trace(pack, dice, asked, dict(enumerate(scripts, start=first)), ends, day=first)
    state = GameState(**{**state.__dict__, "deck": tuple(s.event for s in scripts)})
    try:
        if len(scripts) == 1:
            after, report = play_day(pack, state, deciders, dice, trace.watch)
            reports = [report]
        else:
            after, reports = play_days(pack, state, deciders, dice, trace.watch)
    except (RuleError, ContentError) as exc:
        script = trace.scripts[trace.day]
        raise _blame(exc, pack.days[trace.day], trace.last + 1, asked.seat, script) from None
    for day, deciders_of_day in by_day.items():
        for decider in deciders_of_day.values():
            decider.check_all_used(pack.days[day])
    return after, reports, trace


SEAT_STEPS = {2, 4, 5, 6}  # the steps in which a seat makes a choice


def _blame(
    exc: RuleError | ContentError, day: str, step: int, seat: int | None, script: DayScript
) -> ContentError:
    """The error at the choice that broke a rule: its day, step and seat."""
    if isinstance(exc, ContentError) and exc.problem.startswith(day):
        return exc  # already placed (a day's dice miscounted)
    seat = seat if step in SEAT_STEPS else None
    label = f"{day}, step {step} ({STEPS[step - 1]})" + (f", seat {seat}" if seat else "")
    if isinstance(exc, ContentError):  # a bad value in the script: keep its line
        return ContentError(exc.location, f"{label}: {exc.problem}", exc.hint)
    if seat and script.decisions is not None:
        return script.decisions.as_list()[seat - 1].error(f"{label}: {exc}")
    where = script.rolls if step in (1, 7, 9) else script.where
    return where.error(f"{label}: {exc}")


def day_result(report: Any, steps: dict) -> dict:
    """What a day leaves on the table after step 10, and how it got there."""
    sales, end = report.sales, steps[str(len(STEPS))]
    return {
        "money": end["money"],
        "stock": end["stock"],
        "benefits": list(report.benefits),
        "tokens": end["tokens"],
        "first_player": end["first_player"],
        "weather": weather_view(report.weather),
        "forecast": end["forecast"] if report.tomorrow else None,
        "limit": sales.limit,
        "sold": list(sales.sold),
        "income": list(sales.income),
        "spoiled": report.lemons_spoiled,
        "capacity": list(sales.capacity),
        "trace": steps,
    }


def read_days(pack: LemonadeStall, nodes: Sequence[Field]) -> list[DayScript]:
    """Each day's script; an event turned up more often than the deck holds it is an error."""
    scripts = []
    turned: dict[str, int] = {}
    for node in nodes:
        node.expect_keys(["event", "rolls"], ["decisions"])
        event = node.get("event").as_choice([e.id for e in pack.events])
        turned[event] = turned.get(event, 0) + 1
        if turned[event] > pack.event(event).copies:
            raise node.get("event").error(
                f"{event!r} turned up {turned[event]} times; the deck holds "
                f"{pack.event(event).copies}",
                "each day turns over a different card from the same deck",
            )
        scripts.append(DayScript(event, node.get("rolls"), node.opt("decisions"), node))
    return scripts


def game_result(pack: LemonadeStall, state: GameState, reports: list, trace: Trace) -> dict:
    """The final standings, the tie-break used and each day's result."""
    result = final_result(pack, state)
    days = {}
    for (day, steps), report in zip(sorted(trace.days.items()), reports):
        days[pack.days[day]] = day_result(report, steps)
    return {
        "money": [s.money for s in state.stands],
        "stock": [s.stock.total for s in state.stands],
        "first_player": state.first_player,
        "winner": result.winner,
        "ranking": list(result.ranking),
        "decided_by": result.decided_by,
        "days": days,
    }
