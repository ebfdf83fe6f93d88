"""Lemonade Stall's example rules: each reads an example's ``given`` and asks the engine.

The same functions check the rulebook's worked examples and feed its tables,
so a printed example cannot drift from the rules.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from printkit.content.fields import Field
from printkit.dice import ScriptedDice
from printkit.errors import RuleError
from printkit.games.lemonade_stall.game import GameState
from printkit.games.lemonade_stall.model import EventEffect, LemonadeStall
from printkit.games.lemonade_stall.rules import (
    NO_EVENT,
    Offer,
    Standing,
    Stock,
    Weather,
    change_weather,
    check_purchase,
    d12_from_2d6,
    effect_for,
    forecast,
    ice_melts,
    is_immune,
    lemons_spoil,
    produce,
    rank,
    sell,
)
from printkit.games.lemonade_stall.scripted import (
    DayScript,
    day_result,
    game_result,
    read_day_start,
    read_days,
    read_stands,
    read_tokens,
    read_weather,
    run_script,
    snapshot,
)
from printkit.registry import ExampleRule, example_rule

_weather = read_weather


def _stock(pack: LemonadeStall, node: Field) -> Stock:
    counts = {}
    for key, value in node.items():
        if key not in pack.item_ids:
            raise value.error(f"unknown item {key!r}", _hint(key, pack.item_ids))
        counts[key] = value.as_int(0, 10_000)
    return Stock(counts)


def _hint(word: str, options: tuple[str, ...]) -> str:
    from printkit.content.fields import suggest

    return suggest(word, options)


def _event_id(pack: LemonadeStall, given: Field) -> str | None:
    node = given.opt("event")
    return node.as_choice([e.id for e in pack.events]) if node else None


def _rolls(node: Field, sides: int) -> list[int]:
    return [r.as_int(1, sides) for r in node.as_list()]


def _scripted(given: Field, rolls: list[int], run: Callable[[ScriptedDice], Any]) -> Any:
    dice = ScriptedDice(rolls)
    try:
        result = run(dice)
    except RuleError as exc:
        raise given.get("rolls").error(str(exc), "give one d6 per code group, per check") from None
    if dice.unused:
        raise given.get("rolls").error(
            f"{dice.unused} roll(s) left unused", "give one d6 per code group, per check"
        )
    return result


def _held_benefit(
    pack: LemonadeStall, node: Field, seat: int, players: int, held: dict[str, int]
) -> str:
    """A stand's benefit card: one copy of each exists, and some need more players."""
    benefit_id = node.as_choice([b.id for b in pack.benefits])
    if benefit_id in held:
        raise node.error(
            f"seats {held[benefit_id]} and {seat} both hold {benefit_id!r}",
            "there is one card of each benefit",
        )
    card = pack.benefit(benefit_id)
    if players < card.min_players:
        raise node.error(
            f"{card.title} is used only with {card.min_players}+ players, not {players}",
            "leave the card out of a smaller game",
        )
    held[benefit_id] = seat
    return benefit_id


# -- rules ---------------------------------------------------------------------
def run_sell(pack: LemonadeStall, given: Field) -> Mapping[str, Any]:
    given.expect_keys(["players", "weather", "stands"], ["first_player", "event"])
    players = given.get("players").as_int(pack.min_players, pack.max_players)
    stands = given.get("stands").as_list(players, players)
    first = given.opt("first_player")
    offers = []
    held: dict[str, int] = {}
    for seat, stand in enumerate(stands, start=1):
        stand.expect_keys(["stock", "price"], ["benefit"])
        benefit = stand.opt("benefit")
        offers.append(
            Offer(
                stock=_stock(pack, stand.get("stock")),
                price=int(stand.get("price").as_choice([str(p) for p in pack.selling_prices])),
                benefit=_held_benefit(pack, benefit, seat, players, held) if benefit else None,
            )
        )
    sales = sell(
        pack,
        _weather(pack, given.get("weather")),
        first.as_int(1, players) if first else 1,
        offers,
        _event_id(pack, given),
    )
    return {
        "limit": sales.limit,
        "capacity": list(sales.capacity),
        "guaranteed": list(sales.guaranteed),
        "sold": list(sales.sold),
        "income": list(sales.income),
        "total": sales.total,
    }


def run_limit(pack: LemonadeStall, given: Field) -> Mapping[str, Any]:
    given.expect_keys(["players", "weather"], ["event"])
    players = given.get("players").as_int(pack.min_players, pack.max_players)
    weather = _weather(pack, given.get("weather"))
    event = _event_id(pack, given)
    effect = pack.event(event).effect if event else NO_EVENT
    guarantee = 0 if effect.no_guarantees else pack.condition(weather.condition).guarantee
    return {
        "limit": pack.limit(players, weather.condition, weather.temperature) + effect.limit_bonus,
        "guarantee": guarantee,
    }


def run_forecast(pack: LemonadeStall, given: Field) -> Mapping[str, Any]:
    given.expect_keys(["today", "rolls"])
    rolls = given.get("rolls")
    values = _rolls(rolls, 12)
    if len(values) != 2:
        raise rolls.error(f"a forecast takes 2 d12 rolls, got {len(values)}")
    result = forecast(pack, _weather(pack, given.get("today")), values)
    return {"condition": result.condition, "temperature": result.temperature}


def run_weather_change(pack: LemonadeStall, given: Field) -> Mapping[str, Any]:
    from printkit.games.lemonade_stall.content import parse_change

    given.expect_keys(["forecast", "rolls"], ["change", "event"])
    event = _event_id(pack, given)
    card = pack.event(event) if event else None
    change_node = given.opt("change")
    if change_node is not None:
        change = parse_change(change_node, pack.temperature_step)
    elif card is not None:
        change = card.change
    else:
        raise given.error("give the printed codes as 'change' or name an 'event'")
    checks = card.effect.weather_checks if card else 1
    start = _weather(pack, given.get("forecast"))
    result = _scripted(
        given,
        _rolls(given.get("rolls"), 6),
        lambda d: change_weather(pack, start, change, d, checks),
    )
    return {"condition": result.condition, "temperature": result.temperature}


def _effect_on(pack: LemonadeStall, given: Field) -> EventEffect:
    """The event's effect on one stand: Event Immunity takes out what it may ignore."""
    event = _event_id(pack, given)
    if event is None:
        return NO_EVENT
    card = pack.event(event)
    node = given.opt("benefit")
    benefit = node.as_choice([b.id for b in pack.benefits]) if node else None
    return effect_for(pack, card.effect, is_immune(pack, benefit, card.immunity))


def run_spoilage(pack: LemonadeStall, given: Field) -> Mapping[str, Any]:
    given.expect_keys(["temperature", "roll"], ["event", "fridge", "benefit"])
    degrees = int(given.get("temperature").as_choice([str(t.degrees) for t in pack.temperatures]))
    roll = given.get("roll").as_int(1, 6)
    effect = _effect_on(pack, given)
    fridge = given.get("fridge").as_bool() if given.has("fridge") else False
    return {
        "spoiled": lemons_spoil(pack, degrees, roll, effect) and not fridge,
        "ice_melts": ice_melts(degrees, effect) and not fridge,
    }


def run_purchase(pack: LemonadeStall, given: Field) -> Mapping[str, Any]:
    given.expect_keys(["buy"], ["event", "money", "benefit"])
    buy_node = given.get("buy")
    buy = {}
    for key, value in buy_node.items():
        if key not in pack.item_ids:
            raise value.error(f"unknown item {key!r}", _hint(key, pack.item_ids))
        buy[key] = value.as_int(0, 10_000)
    effect = _effect_on(pack, given)
    money = given.get("money").as_int(0) if given.has("money") else None
    try:
        cost = check_purchase(pack, buy, effect, money)
    except RuleError as exc:
        return {"legal": False, "reason": str(exc)}
    return {"legal": True, "cost": cost}


def run_produce(pack: LemonadeStall, given: Field) -> Mapping[str, Any]:
    given.expect_keys(["stock"])
    return {"cups": produce(pack, _stock(pack, given.get("stock")))}


def run_d12(pack: LemonadeStall, given: Field) -> Mapping[str, Any]:
    given.expect_keys(["blue", "red"])
    return {
        "value": d12_from_2d6(pack, given.get("blue").as_int(1, 6), given.get("red").as_int(1, 6))
    }


def run_game_end(pack: LemonadeStall, given: Field) -> Mapping[str, Any]:
    given.expect_keys(["first_player", "stands"])
    stands = given.get("stands").as_list(pack.min_players, pack.max_players)
    standings = []
    for seat, stand in enumerate(stands, start=1):
        stand.expect_keys(["money", "stock"])
        standings.append(Standing(seat, stand.get("money").as_int(0), stand.get("stock").as_int(0)))
    result = rank(pack, standings, given.get("first_player").as_int(1, len(stands)))
    return {
        "winner": result.winner,
        "ranking": list(result.ranking),
        "decided_by": result.decided_by,
    }


def run_day(pack: LemonadeStall, given: Field) -> Mapping[str, Any]:
    """A whole day from the table at dawn, the dice and every choice: the state after step 10."""
    given.expect_keys(
        ["first_player", "forecast", "event", "rolls", "stands"], ["day", "tokens", "decisions"]
    )
    state = read_day_start(pack, given, given.opt("day"))
    event = given.get("event").as_choice([e.id for e in pack.events])
    script = DayScript(event, given.get("rolls"), given.opt("decisions"), given)
    _, reports, trace = run_script(pack, state, [script])
    return day_result(reports[0], trace.days[state.day])


def run_game(pack: LemonadeStall, given: Field) -> Mapping[str, Any]:
    """A whole game from a start state and each day's event, dice and choices."""
    given.expect_keys(["first_player", "stands", "days"], ["forecast", "tokens"])
    stands = read_stands(pack, given.get("stands"), default=True)
    players = len(stands)
    condition, degrees = pack.opening_weather
    forecast_node = given.opt("forecast")
    start = GameState(
        players=players,
        day=0,
        first_player=given.get("first_player").as_int(1, players),
        stands=stands,
        forecast=read_weather(pack, forecast_node)
        if forecast_node
        else Weather(condition, degrees),
        bonus_tokens=read_tokens(pack, given.opt("tokens"), players),
    )
    days = read_days(pack, given.get("days").as_list(len(pack.days), len(pack.days)))
    state, reports, trace = run_script(pack, start, days)
    return game_result(pack, state, reports, trace)


def run_playthrough(pack: LemonadeStall, given: Field) -> Mapping[str, Any]:
    """A seeded game between bots, every step's table: a pinned reference of the engine."""
    from printkit.games.lemonade_stall.simulation import play_seeded
    from printkit.games.lemonade_stall.strategies import STRATEGIES

    given.expect_keys(["seed", "lineup"])
    lineup = [n.as_choice(sorted(STRATEGIES)) for n in given.get("lineup").as_list(2, 4)]
    steps: list[dict[str, Any]] = []

    def watch(step: int, state: GameState) -> None:
        day = state.day - 1 if step == 10 else state.day
        steps.append({"when": f"{pack.days[day]}, step {step}", **snapshot(pack, state)})

    result, _ = play_seeded(pack, len(lineup), given.get("seed").as_int(0), lineup, watch)
    return {"steps": steps, "ranking": list(result.ranking), "decided_by": result.decided_by}


RULES: dict[str, ExampleRule] = dict(
    [
        example_rule(
            "sell",
            "step 8: who sells how many cups, and for how much",
            run_sell,
            "limit capacity guaranteed sold income total",
        ),
        example_rule(
            "limit", "the day's maximum sales and guarantee", run_limit, "limit guarantee"
        ),
        example_rule(
            "forecast",
            "step 1: tomorrow's forecast from two d12",
            run_forecast,
            "condition temperature",
        ),
        example_rule(
            "weather-change",
            "step 7: the event card's codes",
            run_weather_change,
            "condition temperature",
        ),
        example_rule(
            "spoilage", "step 9: lemons and ice overnight", run_spoilage, "spoiled ice_melts"
        ),
        example_rule(
            "purchase",
            "step 5: the cost of a purchase, or why it is illegal",
            run_purchase,
            "legal cost reason",
        ),
        example_rule("produce", "cups a stand can make from its goods", run_produce, "cups"),
        example_rule("d12-from-2d6", "a d12 roll from two d6", run_d12, "value"),
        example_rule(
            "game-end",
            "the winner after Sunday, with tie-breaks",
            run_game_end,
            "winner ranking decided_by",
        ),
        example_rule(
            "day",
            "a whole day, steps 1 to 10, from the table at dawn, the dice and every choice",
            run_day,
            "money stock benefits tokens first_player weather forecast limit sold income "
            "spoiled trace",
        ),
        example_rule(
            "game",
            "a whole game, day by day, to the final standings and the tie-break used",
            run_game,
            "money stock first_player winner ranking decided_by days",
        ),
        example_rule(
            "playthrough",
            "a seeded game between bots, step by step (a golden reference)",
            run_playthrough,
            "steps ranking decided_by",
        ),
    ]
)
