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
from printkit.games.lemonade_stall.model import LemonadeStall
from printkit.games.lemonade_stall.rules import (
    NO_EVENT,
    Offer,
    Standing,
    Stock,
    Weather,
    change_weather,
    check_purchase,
    d12_from_2d6,
    forecast,
    ice_melts,
    lemons_spoil,
    produce,
    rank,
    sell,
)
from printkit.registry import ExampleRule, example_rule


def _weather(pack: LemonadeStall, node: Field) -> Weather:
    node.expect_keys(["condition", "temperature"])
    condition = node.get("condition").as_choice([c.id for c in pack.conditions])
    temperature = node.get("temperature").as_choice([str(t.degrees) for t in pack.temperatures])
    return Weather(condition, int(temperature))


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


# -- rules ---------------------------------------------------------------------
def run_sell(pack: LemonadeStall, given: Field) -> Mapping[str, Any]:
    given.expect_keys(["players", "weather", "stands"], ["first_player", "event"])
    players = given.get("players").as_int(pack.min_players, pack.max_players)
    stands = given.get("stands").as_list(players, players)
    first = given.opt("first_player")
    offers = []
    for stand in stands:
        stand.expect_keys(["stock", "price"], ["benefit"])
        benefit = stand.opt("benefit")
        offers.append(
            Offer(
                stock=_stock(pack, stand.get("stock")),
                price=int(stand.get("price").as_choice([str(p) for p in pack.selling_prices])),
                benefit=benefit.as_choice([b.id for b in pack.benefits]) if benefit else None,
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
    bonus = pack.event(event).effect.limit_bonus if event else 0
    return {
        "limit": pack.limit(players, weather.condition, weather.temperature) + bonus,
        "guarantee": pack.condition(weather.condition).guarantee,
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


def run_spoilage(pack: LemonadeStall, given: Field) -> Mapping[str, Any]:
    given.expect_keys(["temperature", "roll"], ["event", "fridge"])
    degrees = int(given.get("temperature").as_choice([str(t.degrees) for t in pack.temperatures]))
    roll = given.get("roll").as_int(1, 6)
    event = _event_id(pack, given)
    effect = pack.event(event).effect if event else NO_EVENT
    fridge = given.get("fridge").as_bool() if given.has("fridge") else False
    return {
        "spoiled": lemons_spoil(pack, degrees, roll, effect) and not fridge,
        "ice_melts": ice_melts(degrees, effect) and not fridge,
    }


def run_purchase(pack: LemonadeStall, given: Field) -> Mapping[str, Any]:
    given.expect_keys(["buy"], ["event", "money"])
    buy_node = given.get("buy")
    buy = {}
    for key, value in buy_node.items():
        if key not in pack.item_ids:
            raise value.error(f"unknown item {key!r}", _hint(key, pack.item_ids))
        buy[key] = value.as_int(0, 10_000)
    event = _event_id(pack, given)
    effect = pack.event(event).effect if event else NO_EVENT
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
    ]
)
